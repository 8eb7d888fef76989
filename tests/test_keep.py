"""``mpxl score night.bws -o night.xlsx`` with night.xlsx already there: the director's work kept
(mpxl.workbook.keep). The real tablets' database, copied into a temporary folder; its results changed
(a result, a row made 'Not played') through the Access reader's rows, never by writing Access. The director's
edits typed into the workbook's XML (tests/shared.type_cells: the real evening's Travellers is 140,000 cells, 11 s
to load and save with openpyxl; a sheet renamed in xl/workbook.xml: tests/shared.rename_sheet), but for the module's
many edits at once, saved by openpyxl as a program other than Excel saves it (its cached values dropped, its strings
shared)."""

from __future__ import annotations

import json
import shutil

import pytest

from mpxl.cli import main
from mpxl.commands.watch import live_score
from mpxl.formats import access
from tests.shared import REALDATA, cells, rename_sheet, type_cells

openpyxl = pytest.importorskip("openpyxl")

REAL_BWS = REALDATA / "bridgemate-2005-05-09-12tables-arbitral.bws"
pytestmark = [pytest.mark.skipif(not REAL_BWS.exists(), reason=f"{REAL_BWS} not found"),
              pytest.mark.skipif(not access.available_readers(), reason="no Access reader installed")]

#: The real database's first result (ReceivedData): board 1, table 1, round 1, NS 1 EW 13, 2S by N, 9 tricks
#: (140): what the workbook's row 5 holds, read with mdb-export.
FIRST = {"board": 1, "ns": 1, "ew": 13, "table": "1", "round": "1"}


@pytest.fixture
def night(tmp_path):
    db = tmp_path / "night.bws"
    shutil.copyfile(REAL_BWS, db)
    return db


@pytest.fixture(scope="module")
def written(tmp_path_factory):
    """The workbook ``mpxl score night.bws -o night.xlsx`` writes (once for the module: copied where edited)."""
    book = tmp_path_factory.mktemp("written") / "night.xlsx"
    assert main(["score", str(REAL_BWS), "-o", str(book)]) == 0
    return book


def mpxl(capsys, *argv):
    """(exit status, stdout, stderr) of the command run in this process."""
    code = main([str(a) for a in argv])
    out, err = capsys.readouterr()
    return code, out, err


def scored(capsys, path, *options):
    code, out, err = mpxl(capsys, "score", path, "--json", *options)
    assert code == 0, err
    return json.loads(out)


def headings(ws):
    """Each heading's first column (the per-board block repeats Board, Section...) of an openpyxl sheet."""
    out = {}
    for c in ws[4]:
        out.setdefault(c.value, c.column)
    return out


def heads(values):
    """:func:`headings` of a sheet's cells read by tests/shared.cells."""
    out = {}
    for (r, c), value in sorted(values.items()):
        if r == 4:
            out.setdefault(value, c)
    return out


def row_of(values, board, ns, ew):
    """The Travellers row of board ``board``, NS ``ns``, EW ``ew`` (its cells read by tests/shared.cells)."""
    for r in sorted({r for r, _ in values if r >= 5}):
        if [values.get((r, c)) for c in (1, 2, 3)] == [board, ns, ew]:
            return r
    raise AssertionError(f"no row for board {board} NS {ns} EW {ew}")


def edit(path, change):
    """The director's edit: ``change(path)`` types into the workbook's cells, the rest as it was."""
    change(path)


def first_row(ws, board):
    """The Travellers row of board ``board``'s first line, and its (NS, EW) pairs."""
    for r in range(5, ws.max_row + 1):
        if ws.cell(r, 1).value == board:
            return r, (ws.cell(r, 2).value, ws.cell(r, 3).value)
    raise AssertionError(f"no line of board {board}")


def typed(heading, value, board=FIRST["board"], ns=FIRST["ns"], ew=FIRST["ew"]):
    def change(path):
        ws = cells(path, "Travellers")
        type_cells(path, "Travellers", {(row_of(ws, board, ns, ew), heads(ws)[heading]): value})
    return change


def setup_row(values, label):
    """The Setup row whose label starts ``label``."""
    return next(r for r in range(1, 60) if str(values.get((r, 1)) or "").startswith(label))


def setup(label, value):
    def change(path):
        type_cells(path, "Setup", {(setup_row(cells(path, "Setup"), label), 2): value})
    return change


def line(doc, board, ns, ew):
    return next(ln for b in doc["boards"] if b["board"] == board for ln in b["lines"]
                if (ln["ns_pair"], ln["ew_pair"]) == (str(ns), str(ew)))


def pair(doc, number):
    return next(p for p in doc["pairs"] if p["pair"] == str(number))


#: The director's edits, each on a board of its own (board -> heading -> value typed on its first line), and
#: on the Pairs, Setup and a Pen row of its own.
LINE_EDITS = {1: {"Adjustment": "60/40"}, 2: {"Adjustment": "60%-40%"}, 3: {"NS penalty": 2},
              5: {"Typed score": "50% 140 + 50% 110"}, 6: {"Group": "x"}, 7: {"Arrowswitch": "Y"}}
PEN = {"Board": 4, "NS pair": 3, "Adjustment": "Pen", "NS penalty": 3}


@pytest.fixture(scope="module")
def kept(tmp_path_factory):
    """The workbook written from the database, every edit typed into it, then the database read again into it:
    (the first workbook's JSON, the edited one's read by mpxl, the rewritten one's, stderr, the edited lines'
    pairs, the rewritten workbook)."""
    d = tmp_path_factory.mktemp("kept")
    night, book = d / "night.bws", d / "night.xlsx"
    shutil.copyfile(REAL_BWS, night)

    def run(*argv):
        import contextlib
        import io

        out, err = io.StringIO(), io.StringIO()
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            code = main([str(a) for a in argv])
        assert code == 0, err.getvalue()
        return out.getvalue(), err.getvalue()

    run("score", night, "-o", book)
    base = json.loads(run("score", book, "--json")[0])
    wb = openpyxl.load_workbook(book)
    ws = wb["Travellers"]
    h = headings(ws)
    pairs = {}
    for board, line_cells in LINE_EDITS.items():
        r, pairs[board] = first_row(ws, board)
        for heading, value in line_cells.items():
            ws.cell(r, h[heading]).value = value
    for heading, value in PEN.items():
        ws.cell(ws.max_row + 1 if heading == "Board" else ws.max_row, h[heading]).value = value
    pa = wb["Pairs"]
    ph = headings(pa)
    pa.cell(next(r for r in range(5, pa.max_row + 1) if pa.cell(r, ph["Pair"]).value == 1), ph["Names"]).value = \
        "Ann Smith & Bob Jones"
    st = wb["Setup"]
    st.cell(next(r for r in range(1, 60) if str(st.cell(r, 1).value or "").startswith("Percentage decimals")), 2, 1)
    wb.save(book)
    typed_in = json.loads(run("score", book, "--json")[0])  # the director's workbook as edited, read by mpxl
    _, err = run("score", night, "-o", book)  # the database read again into it
    again = json.loads(run("score", book, "--json")[0])
    return base, typed_in, again, err, pairs, cells(book, "Travellers")


def _mp(doc, pairs, board):
    ln = line(doc, board, *pairs[board])
    return ln["ns_mp"], ln["ew_mp"]


# Each edit, what it gives read back, and the figure from a source: the rulebook's Ave+ 60% / Ave- 40% of the
# board's full top, 22 on the double scale with 12 results (2 x (12 - 1)); a penalty's matchpoints off the
# line's figure; the typed ruling, the names and the Setup's percentage decimals as typed.
EDITS = [
    ("60/40 in Adjustment", lambda base, d, p: _mp(d, p, 1), lambda base, p: (13.2, 8.8)),
    ("Bridgemate's 60%-40% in Adjustment", lambda base, d, p: _mp(d, p, 2), lambda base, p: (13.2, 8.8)),
    ("a 2 MP NS penalty", lambda base, d, p: _mp(d, p, 3)[0], lambda base, p: round(_mp(base, p, 3)[0] - 2, 2)),
    ("a typed weighted score", lambda base, d, p: line(d, 5, *p[5])["ns_score"], lambda base, p: "50% 140 + 50% 110"),
    ("a typed name", lambda base, d, p: pair(d, 1)["names"], lambda base, p: ["Ann Smith", "Bob Jones"]),
    ("a Setup setting", lambda base, d, p: d["settings"]["rounding_percentages"], lambda base, p: "half-up:1"),
]


@pytest.mark.parametrize(("what", "got", "expected"), EDITS, ids=[e[0] for e in EDITS])
def test_each_edit_is_kept_and_scored(kept, what, got, expected):
    base, typed_in, again, _, pairs, _ = kept
    assert got(base, again, pairs) == expected(base, pairs) == got(base, typed_in, pairs)


def test_every_figure_is_the_edited_workbooks_own(kept):
    """The group, the arrowswitch and the Pen row too: every line and pair as mpxl scores the edited workbook."""
    base, typed_in, again, err, pairs, wb = kept
    assert again["pairs"] == typed_in["pairs"] != base["pairs"]
    assert again["boards"] == typed_in["boards"]
    assert pair(again, 3)["mp"] != pair(base, 3)["mp"]
    assert ("the director's work kept: 3 ruling(s), 2 penalty(ies), 0 line(s) typed where the tablets have none, "
            "1 pair name(s)") in err


def test_the_rewritten_workbook_holds_each_cell_typed(kept):
    *_, pairs, ws = kept
    h = heads(ws)
    for board, typed_cells in LINE_EDITS.items():
        r = row_of(ws, board, *pairs[board])
        assert {k: ws.get((r, h[k])) for k in typed_cells} == typed_cells
    pen = sorted(r for (r, c), value in ws.items() if r >= 5 and c == h["Adjustment"] and value == "Pen")
    assert [{k: ws.get((r, h[k])) for k in PEN} for r in pen] == [PEN]


def _rows_changed(monkeypatch, change):
    """The database's ReceivedData rows as ``change(row)`` makes them (the Access file itself unchanged)."""
    every = access.Database.rows

    def rows(self, table):
        got = every(self, table)
        if table != "ReceivedData" or got is None:
            return got
        return [change(dict(r)) for r in got]
    monkeypatch.setattr(access.Database, "rows", rows)


def _first(row):
    return (row.get("Board"), row.get("Table"), row.get("Round")) == ("1", FIRST["table"], FIRST["round"])


def test_a_typed_score_where_the_tablets_have_none_is_kept(night, tmp_path, capsys, monkeypatch):
    book = tmp_path / "night.xlsx"
    with monkeypatch.context() as m:  # the first result not yet entered: 'Not played' on the tablets
        _rows_changed(m, lambda r: {**r, "Contract": None, "Result": None, "Remarks": "Not played"}
                      if _first(r) else r)
        mpxl(capsys, "score", night, "-o", book)
        edit(book, typed("Typed score", 420))
        code, _, err = mpxl(capsys, "score", night, "-o", book)
        assert code == 0 and "1 line(s) typed where the tablets have none" in err
        assert line(scored(capsys, book), 1, 1, 13)["ns_score"] == 420
    # the tablets have it now (2S by N, 9 tricks: 140): the typed score stays, the change named
    code, _, err = mpxl(capsys, "score", night, "-o", book)
    assert code == 0
    assert ("board 1, table 1, round 1, NS 1 EW 13: the tablets' result changed from none in the workbook to "
            "2S by N, 9 tricks (140); the ruling 420 is kept") in err
    assert line(scored(capsys, book), 1, 1, 13)["ns_score"] == 420


def test_a_changed_result_under_a_ruling_is_named_once(night, written, tmp_path, capsys, monkeypatch):
    book = tmp_path / "night.xlsx"
    shutil.copyfile(written, book)
    edit(book, typed("Adjustment", "60/40"))
    _rows_changed(monkeypatch, lambda r: {**r, "Result": "+2"} if _first(r) else r)  # 2S made 9 (+1), now 10: 170
    code, _, err = mpxl(capsys, "score", night, "-o", book)
    assert code == 0
    assert ("mpxl: " + str(book) + ": board 1, table 1, round 1, NS 1 EW 13: the tablets' result changed from 2S by "
            "N, 9 tricks (140) to 2S by N, 10 tricks (170); the ruling 60/40 is kept") in err
    doc = scored(capsys, book)
    assert (line(doc, 1, 1, 13)["ns_mp"], line(doc, 1, 1, 13)["ew_mp"]) == (13.2, 8.8)
    ws = cells(book, "Travellers")
    r, h = row_of(ws, 1, 1, 13), heads(ws)
    assert [ws.get((r, h[k])) for k in ("Contract", "By", "Tricks", "Adjustment")] == ["2S", "N", 10, "60/40"]
    code, _, err = mpxl(capsys, "score", night, "-o", book)  # read again: the change is not news any more
    assert code == 0 and "the tablets' result changed" not in err


def test_a_typed_score_over_the_tablets_contract_is_kept_beside_it(night, written, tmp_path, capsys):
    """A Typed score of 600 over the tablets' 2S by N: scored by mpxl score as the sheet scores it, kept by the
    re-read of the database, the tablets' contract beside it (not dropped: the reader no longer refuses the two)."""
    book = tmp_path / "night.xlsx"
    shutil.copyfile(written, book)
    edit(book, typed("Typed score", 600))
    code, out, err = mpxl(capsys, "score", book, "--json")
    assert code == 0, err
    assert line(json.loads(out), 1, 1, 13)["ns_score"] == 600
    assert "the Typed score 600 is scored, not the contract: 2S by N taking 9 tricks scores 140 on board 1" in err
    code, _, err = mpxl(capsys, "score", night, "-o", book)
    assert code == 0 and "1 ruling(s)" in err, err
    assert line(scored(capsys, book), 1, 1, 13)["ns_score"] == 600
    ws = cells(book, "Travellers")
    r, h = row_of(ws, 1, 1, 13), heads(ws)
    assert [ws.get((r, h[k])) for k in ("Contract", "By", "Tricks", "Typed score")] == ["2S", "N", 9, 600]


def test_a_correction_of_the_tablets_tricks_is_kept_and_said(night, written, tmp_path, capsys):
    """The director types 10 over the tablets' 9 tricks: the re-read keeps the 10, and says so, every time."""
    book = tmp_path / "night.xlsx"
    shutil.copyfile(written, book)
    edit(book, typed("Tricks", 10))
    for _ in range(2):
        code, _, err = mpxl(capsys, "score", night, "-o", book)
        assert code == 0, err
        assert (f"mpxl: {book}: board 1, table 1, round 1, NS 1 EW 13: the workbook's 2S by N, 10 tricks (170) is "
                "kept over the tablets' 2S by N, 9 tricks (140)") in err
        assert "1 correction(s) of the tablets' results" in err
        assert line(scored(capsys, book), 1, 1, 13)["ns_score"] == 170


#: What the players do at the table to the first result (2S by N made 9, +1) after the workbook was written, the
#: rows the tablets' server then holds for it, what is said, and the line's NS score then (None: no line).
AT_THE_TABLE = [
    ("erased, 2S made 10 (+2) entered", lambda r: [{**r, "Erased": "1"}, {**r, "ID": str(int(r["ID"]) + 10000),
                                                                            "Result": "+2"}],
     "board 1, table 1, round 1, NS 1 EW 13: the tablets' result changed from 2S by N, 9 tricks (140) to "
     "2S by N, 10 tricks (170) (corrected at the table): the tablets' is scored", 170),
    ("erased, nothing entered (a result of another board)", lambda r: [{**r, "Erased": "1"}],
     "board 1, NS 1 EW 13: the tablets' result 2S by N, 9 tricks (140) was erased at the table: left out", None),
    ("superseded by the remark 'Arbitral score'",
     lambda r: [r, {**r, "ID": str(int(r["ID"]) + 10000), "TimeLog": "12/30/99 23:59:00", "Contract": None,
                    "Result": None, "Remarks": "Arbitral score"}],
     "board 1, table 1, round 1, NS 1 EW 13: the tablets' result 2S by N, 9 tricks (140) was replaced at the table "
     "by no result: the tablets' is scored", "blank"),
]


@pytest.mark.parametrize("done, change, said, ns_score", AT_THE_TABLE, ids=[c[0] for c in AT_THE_TABLE])
def test_a_correction_made_at_the_table_is_the_tablets(night, written, tmp_path, capsys, monkeypatch, done, change,
                                                        said, ns_score):
    """The players correct their result at the table after the workbook was written (the old row erased, the new
    one added; or erased alone; or replaced by a remark): the workbook's old result is the tablets' old one, not a
    correction nor a line the director typed: the tablets' now is scored, and said."""
    book = tmp_path / "night.xlsx"
    shutil.copyfile(written, book)
    every = access.Database.rows

    def rows(self, table):
        got = every(self, table)
        if table != "ReceivedData" or got is None:
            return got
        out = []
        for r in got:
            out += change(r) if _first(r) else [r]
        return out
    monkeypatch.setattr(access.Database, "rows", rows)
    code, _, err = mpxl(capsys, "score", night, "-o", book)
    assert code == 0, err
    assert said in err
    assert "0 correction(s)" in err and "0 line(s) typed where the tablets have none" in err
    doc = scored(capsys, book)
    if ns_score is None:
        assert not [ln for b in doc["boards"] if b["board"] == 1 for ln in b["lines"] if ln["ns_pair"] == "1"]
    else:
        assert (line(doc, 1, 1, 13)["ns_score"] or "blank") == ns_score


def _another_event(tmp_path, capsys):
    other = tmp_path / "other.xlsx"
    assert mpxl(capsys, "score", REALDATA / "ebuscore-2025-01-02-two-winner-a5050.xml", "-o", other)[0] == 0
    return other


def _same_movement_other_date(tmp_path, capsys, written):
    book = tmp_path / "monday.xlsx"
    shutil.copyfile(written, book)
    edit(book, setup("Date", "2005-05-16"))
    return book


def _damaged(tmp_path, capsys, written):
    book = tmp_path / "damaged.xlsx"
    book.write_bytes(written.read_bytes()[:5000])
    return book


def _not_mpxl(tmp_path, capsys):
    book = tmp_path / "accounts.xlsx"
    wb = openpyxl.Workbook()
    wb.active["A1"] = "Subscriptions"
    wb.save(book)
    return book


def _edited_copy(tmp_path, written, name, change):
    """A copy ``name`` of the written workbook, edited by ``change(path)``."""
    book = tmp_path / name
    shutil.copyfile(written, book)
    edit(book, change)
    return book


def _broken_layout(tmp_path, capsys, written):
    # the NS pair heading typed over
    return _edited_copy(tmp_path, written, "broken.xlsx", lambda p: type_cells(p, "Travellers", {(4, 2): "Pair NS"}))


def _adjustment_retyped(tmp_path, capsys, written):
    """The issue's case: the Adjustment heading retyped Adj., an A+ under it (the re-read deleted the A+)."""
    def change(path):
        ws = cells(path, "Travellers")
        h = heads(ws)["Adjustment"]
        type_cells(path, "Travellers", {(row_of(ws, FIRST["board"], FIRST["ns"], FIRST["ew"]), h): "A+", (4, h): "Adj."})
    return _edited_copy(tmp_path, written, "adj.xlsx", change)


def _pairs_renamed(tmp_path, capsys, written):
    """The issue's case: Pairs renamed Pairs (2), what copy-and-delete leaves, a name typed there."""
    def change(path):
        type_cells(path, "Pairs", {(5, heads(cells(path, "Pairs"))["Names"]): "Ann Smith & Bob Jones"})
        rename_sheet(path, "Pairs", "Pairs (2)")
    return _edited_copy(tmp_path, written, "pairs.xlsx", change)


def _setup_label_retyped(tmp_path, capsys, written):
    def change(path):
        r = setup_row(cells(path, "Setup"), "Percentage decimals")
        type_cells(path, "Setup", {(r, 1): "% decimals", (r, 2): 1})
    return _edited_copy(tmp_path, written, "setup.xlsx", change)


REFUSED = [
    ("another event", lambda t, c, n: _another_event(t, c), "a workbook of another evening (its Setup's date "),
    ("another date", _same_movement_other_date, "a workbook of another evening (its Setup's date 2005-05-16"),
    ("damaged", _damaged, "not a readable .xlsx workbook"),
    ("not an mpxl workbook", lambda t, c, n: _not_mpxl(t, c), "not an mpxl workbook"),
    ("broken layout", _broken_layout, "holds 'Pair NS', expected the heading 'NS pair'"),
    ("the Adjustment heading retyped", _adjustment_retyped, "holds 'Adj.', expected the heading 'Adjustment'"),
    ("Pairs renamed Pairs (2)", _pairs_renamed, "no sheet named Pairs; the sheet 'Pairs (2)' looks like it"),
    ("a Setup label retyped", _setup_label_retyped,
     "holds '% decimals', expected the label 'Percentage decimals (PctDecimals)'"),
]


@pytest.mark.parametrize(("what", "make", "said"), REFUSED, ids=[r[0] for r in REFUSED])
def test_refused_and_untouched(night, written, tmp_path, capsys, what, make, said):
    book = make(tmp_path, capsys, written)
    before = book.read_bytes()
    page = tmp_path / "night.html"
    code, out, err = mpxl(capsys, "score", night, "-o", book, "-o", page)
    assert code == 2
    assert said in err and "the workbook is left as it is" in err and "Traceback" not in err
    assert len(err.strip().splitlines()) == 1
    assert book.read_bytes() == before
    assert not page.exists()  # nothing written


def test_watch_keeps_the_directors_work(night, written, tmp_path, capsys):
    """Every rewrite by --watch goes through the same reading: the ruling survives a change of the database."""
    import os

    from mpxl.cli import build_parser
    from mpxl.commands.bws import Watch
    from mpxl.commands.outputs import write_output

    book = tmp_path / "night.xlsx"
    shutil.copyfile(written, book)
    edit(book, typed("Adjustment", "A+/A-"))
    args = build_parser(only="score").parse_args(["score", str(night), "-o", str(book), "--watch"])
    w = Watch(args, live_score, write_output, log=lambda text: None)
    assert w.step() == "scored"
    st = os.stat(night)
    os.utime(night, ns=(st.st_atime_ns, st.st_mtime_ns + 10**9))
    assert w.step() == "scored"
    doc = scored(capsys, book)
    assert (line(doc, 1, 1, 13)["ns_mp"], line(doc, 1, 1, 13)["ew_mp"]) == (13.2, 8.8)


def test_the_database_gets_a_title_not_just_a_date(written):
    """The 2005 database names no event: its title from what it knows (9 May 2005 was a Monday; one section,
    one session, no club's name in the database), in the Setup and so on every output written from it."""
    ws = cells(written, "Setup")
    setup_cells = {ws.get((r, 1)): ws.get((r, 2)) for r in range(1, 10)}
    assert (setup_cells["Event (EventName)"], setup_cells["Date (EventDate)"]) == ("Monday Pairs", "2005-05-09")
