"""A traveller line laid out (its board and both pairs) and left with no result is to settle: ``mpxl check``
names it and exits 1, ``mpxl score`` names it on stderr and scores what is there (exit 0), as for the tablets'
database's missing results; a line typed NP, given an adjusted score or a score is settled.

Two workbooks, each written once for the module: the template laid out from a 4-table Howell (its Movement
sheet), and a workbook scored from the tablets' rows (a movement, no Movement sheet). ``check`` on each runs
once (LibreOffice recalculates it), the cases below read what it said.
"""

from __future__ import annotations

import json
from dataclasses import dataclass

import pytest
from openpyxl import load_workbook

from mpxl.cli import main
from mpxl.core.session import score_event
from mpxl.formats import write_event
from mpxl.formats.bws import event_from_rows
from mpxl.workbook.layout import FIRST_ROW, TRAVELLER_COLUMNS
from mpxl.workbook.libreoffice import find_soffice

needs_soffice = pytest.mark.skipif(find_soffice() is None, reason="LibreOffice recalculates the workbook for check")

#: The laid-out Howell's first rows (board 1 is played by 8-3, 5-2, 7-1 and 4-6, board 2 by 8-4, 6-3...), each
#: typed as the case says: (row, the cells typed by column key, whether it is to settle).
LAID_OUT = {
    "blank": (FIRST_ROW, {}, True),
    "NP": (FIRST_ROW + 1, {"adjustment": "NP"}, False),
    "A+": (FIRST_ROW + 2, {"adjustment": "A+"}, False),
    "typed score": (FIRST_ROW + 3, {"typed": 420}, False),
    "typed 0": (FIRST_ROW + 4, {"typed": 0}, False),
    "contract": (FIRST_ROW + 5, {"contract": "4S", "by": "N", "tricks": 10}, False),
    "tricks, no contract": (FIRST_ROW + 6, {"by": "N", "tricks": 10}, True),
}
#: A row cleared whole (its board and pairs too): the Movement sheet's play has no line.
CLEARED = FIRST_ROW + 7


@dataclass
class Run:
    status: int
    out: str
    err: str


def _run(capsys: pytest.CaptureFixture[str], *args: str) -> Run:
    capsys.readouterr()
    status = main(list(args))
    got = capsys.readouterr()
    return Run(status, got.out, got.err)


@pytest.fixture(scope="module")
def laid_out(tmp_path_factory: pytest.TempPathFactory) -> dict[str, object]:
    """The laid-out template typed as :data:`LAID_OUT` says (every other line a score), its row cleared, and
    its Movement plays: (path, the pairs of each row)."""
    path = tmp_path_factory.mktemp("laid") / "laid.xlsx"
    assert main(["template", "--movement", "howell", "--tables", "4", "--boards-per-round", "1", "-o", str(path)]) == 0
    wb = load_workbook(path)
    ws, col = wb["Travellers"], TRAVELLER_COLUMNS
    pairs = {}
    cases = {row: cells for row, cells, _ in LAID_OUT.values()}
    for r in range(FIRST_ROW, ws.max_row + 1):
        if ws[f"{col['board']}{r}"].value is None:
            break
        pairs[r] = (ws[f"{col['board']}{r}"].value, ws[f"{col['ns_pair']}{r}"].value, ws[f"{col['ew_pair']}{r}"].value)
        if r == CLEARED:
            for key in ("board", "ns_pair", "ew_pair"):
                ws[f"{col[key]}{r}"] = None
            continue
        for key, value in cases.get(r, {"typed": (420, 450, -50, 140)[r % 4]}).items():
            ws[f"{col[key]}{r}"] = value
    wb.save(path)
    return {"path": str(path), "pairs": pairs}


@pytest.fixture(scope="module")
def laid_out_check(laid_out: dict[str, object]) -> Run:
    """``mpxl check`` on the laid-out workbook, once for the module."""
    return _capture("check", str(laid_out["path"]))


def _capture(*args: str) -> Run:
    """``main(args)`` with its stdout and stderr caught (a module's fixture has no capsys)."""
    import contextlib
    import io

    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        status = main(list(args))
    return Run(status, out.getvalue(), err.getvalue())


def _named(text: str, row: int) -> bool:
    return f"sheet Travellers, row {row}: " in text


@needs_soffice
@pytest.mark.parametrize("case", list(LAID_OUT))
def test_check_names_a_laid_out_line_with_no_result_only(laid_out, laid_out_check, case):
    row, _, to_settle = LAID_OUT[case]
    board, ns, ew = laid_out["pairs"][row]
    settle = [ln for ln in laid_out_check.out.splitlines() if ln.startswith("to settle: ")]
    named = [ln for ln in settle if _named(ln, row)]
    if not to_settle:
        assert named == [], case
        return
    assert len(named) == 1, laid_out_check.out
    place, said = named[0].removeprefix(f"to settle: sheet Travellers, row {row}: ").split(": ", 1)
    assert place.startswith(f"board {board}, NS {ns} v EW {ew} (round ")  # the Movement sheet: where it was played
    assert said == ("no result (Contract, Typed score and Adjustment blank): type its result, or NP or an adjusted "
                    "score in Adjustment if it was not played")


@needs_soffice
def test_check_exits_1_and_counts_what_is_to_settle(laid_out, laid_out_check):
    assert laid_out_check.status == 1, laid_out_check.out + laid_out_check.err
    settle = [ln for ln in laid_out_check.out.splitlines() if ln.startswith("to settle: ")]
    expected = 1 + sum(1 for _, _, s in LAID_OUT.values() if s)  # the cleared row's play too
    assert len(settle) == expected
    assert f"; {expected} to settle" in laid_out_check.out


@needs_soffice
def test_check_names_a_play_of_the_movement_with_no_line(laid_out, laid_out_check):
    board, ns, ew = laid_out["pairs"][CLEARED]
    named = [ln for ln in laid_out_check.out.splitlines() if f"NS {ns} v EW {ew}" in ln and "sheet Movement" in ln]
    assert len(named) == 1 and f"board {board}, NS {ns} v EW {ew} (round " in named[0]
    assert "no traveller line: type its line in Travellers with its result, or NP" in named[0]


def test_score_writes_its_outputs_names_the_lines_to_settle_and_exits_0(laid_out, tmp_path, capsys):
    page = tmp_path / "page.html"
    run = _run(capsys, "score", str(laid_out["path"]), "-o", str(page))
    assert run.status == 0 and page.exists()  # as for the tablets' database: what is there is scored
    for case, (row, _, to_settle) in LAID_OUT.items():
        assert _named(run.err, row) is to_settle, case
    assert "sheet Movement, row " in run.err
    n = 1 + sum(1 for _, _, s in LAID_OUT.values() if s)
    assert f"{laid_out['path']}: {n} line(s) to settle, scored as they are" in run.err
    assert f"mpxl check {laid_out['path']} exits 1 until then" in run.err


def test_score_json_lists_the_lines_to_settle(laid_out, capsys):
    run = _run(capsys, "score", str(laid_out["path"]), "--json")
    assert run.status == 0
    settle = json.loads(run.out)["to_settle"]
    rows = [int(ln.split(":")[0].removeprefix("sheet Travellers, row ")) for ln in settle
            if ln.startswith("sheet Travellers")]
    assert rows == [row for row, _, s in LAID_OUT.values() if s]
    assert len(settle) == len(rows) + 1  # and the cleared row's play, named on the Movement sheet


# ------------------------------------------------------------------ a workbook scored from the tablets' rows

def _res(i: int, table: int, rnd: int, board: int, ns: int, ew: int) -> dict[str, str | None]:
    return {"ID": str(i), "Section": "1", "Table": str(table), "Round": str(rnd), "Board": str(board),
            "PairNS": str(ns), "PairEW": str(ew), "Declarer": None, "NS/EW": "N", "Contract": "4 S", "Result": "=",
            "LeadCard": None, "Remarks": None, "DateLog": "2026-11-26 00:00:00", "TimeLog": f"1899-12-30 19:{i:02d}:00",
            "Erased": "0"}


def _rd(table: int, rnd: int, ns: int, ew: int, board: int) -> dict[str, str | None]:
    return {"Section": "1", "Table": str(table), "Round": str(rnd), "NSPair": str(ns), "EWPair": str(ew),
            "LowBoard": str(board), "HighBoard": str(board), "CustomBoards": None}


#: Two tables, three rounds of one board: every board played twice (pairs 1-4).
HOWELL = [_rd(1, 1, 1, 2, 1), _rd(2, 1, 3, 4, 1), _rd(1, 2, 4, 1, 2), _rd(2, 2, 2, 3, 2), _rd(1, 3, 1, 3, 3),
          _rd(2, 3, 4, 2, 3)]
#: The tablets' workbook's lines (from row 5: board 1's 1-2 and 3-4, board 2's...), typed over as the case says.
SCORED = {
    "blank": (FIRST_ROW, {"contract": None, "by": None, "tricks": None}, True),
    "NP": (FIRST_ROW + 2, {"contract": None, "by": None, "tricks": None, "adjustment": "NP"}, False),
    "A+": (FIRST_ROW + 4, {"contract": None, "by": None, "tricks": None, "adjustment": "A+"}, False),
    "typed score": (FIRST_ROW + 1, {"contract": None, "by": None, "tricks": None, "typed": 450}, False),
}


@pytest.fixture(scope="module")
def scored_book(tmp_path_factory: pytest.TempPathFactory) -> str:
    reading = event_from_rows({"ReceivedData": [_res(i, int(s["Table"]), int(s["Round"]), int(s["LowBoard"]),
                                                     int(s["NSPair"]), int(s["EWPair"]))
                                                for i, s in enumerate(HOWELL, start=1)], "RoundData": HOWELL})
    assert not reading.problems
    path = tmp_path_factory.mktemp("scored") / "night.xlsx"
    write_event(score_event(reading.event), path)
    wb = load_workbook(path)
    ws = wb["Travellers"]
    assert "Movement" not in wb.sheetnames
    for row, cells, _ in SCORED.values():
        for key, value in cells.items():
            ws[f"{TRAVELLER_COLUMNS[key]}{row}"] = value
    wb.save(path)
    return str(path)


@pytest.fixture(scope="module")
def scored_score(scored_book: str) -> Run:
    """``mpxl score`` on the tablets' workbook, once for the module."""
    return _capture("score", scored_book)


@pytest.mark.parametrize("case", list(SCORED))
def test_score_names_a_line_of_the_tablets_workbook_left_with_no_result(scored_score, case):
    row, _, to_settle = SCORED[case]
    assert scored_score.status == 0
    assert _named(scored_score.err, row) is to_settle, scored_score.err


@needs_soffice
def test_check_on_the_tablets_workbook_exits_1_naming_the_line(scored_book):
    run = _capture("check", scored_book, "--json")
    assert run.status == 1, run.out + run.err
    assert json.loads(run.out)["to_settle"] == [
        f"sheet Travellers, row {FIRST_ROW}: board 1, NS 1 v EW 2: no result (Contract, Typed score and Adjustment "
        "blank): type its result, or NP or an adjusted score in Adjustment if it was not played"]


#: The Movement sheet of a small Howell (board, round, table, NS, EW) and a typed line each case changes.
_PLAYS = [("1", "1", "1", "7", "11"), ("2", "1", "1", "7", "11"), ("1", "2", "2", "5", "3"),
          ("2", "2", "2", "5", "3")]


@pytest.mark.parametrize("board, ns, ew, said", [
    (1, "7", "11", None),  # the movement's: settled
    (999, "7", "11", "row 5: board 999: the movement has no board 999 (its boards are 1-2): likeliest fix: the "
                     "board number misread: NS 7 v EW 11 played boards 1, 2 (round 1, table 1)"),
    (1, "11", "7", "row 5: board 1: NS 11 v EW 7 is not in the movement (it has NS 5 v EW 3, NS 7 v EW 11): "
                   "likeliest fix: the pairs swapped (NS 7 v EW 11, round 1, table 1)"),
])
def test_a_line_the_movement_sheet_did_not_send_is_to_settle(board, ns, ew, said):
    """A typed line whose board or pairs the workbook's Movement sheet has not (a board outside the movement
    too: the sheet is the whole evening's) is named with the likeliest fix."""
    from mpxl.core.event import Event, Line
    from mpxl.workbook.settle import WORKBOOK_PROGRAM, Play, unsettled_lines

    plays = [Play(f"sheet Movement, row {5 + i}", b, r, t, n, e) for i, (b, r, t, n, e) in enumerate(_PLAYS)]
    typed = [Line(board, ns, ew, score=420, where="row 5")] + [
        Line(int(b), n, e, score=420, where=f"row {6 + i}") for i, (b, _, _, n, e) in enumerate(_PLAYS[1:])]
    found = unsettled_lines(Event(lines=typed, program=WORKBOOK_PROGRAM), plays)
    assert [m for m in found if m.startswith("row 5:")] == ([said] if said else [])


@pytest.fixture(scope="module")
def two_sections(tmp_path_factory: pytest.TempPathFactory) -> str:
    """An empty template of two sections, 2 tables and 1 board each (its lines and pairs pre-filled)."""
    path = tmp_path_factory.mktemp("sections") / "two.xlsx"
    assert main(["template", "--tables", "2", "--boards", "1", "--sections", "2", "-o", str(path)]) == 0
    return str(path)


#: (what a director types on the first line, on top of a score on every line; what is then to settle)
TYPED = [
    ({"section": "a"}, []),  # the sheet matches section a to Pairs' A, case aside: so does mpxl
    ({"ew_pair": 9}, ["sheet Travellers, row 5: board 1: EW pair 9 (section A) is not on the Pairs sheet"]),
    ({"section": "C"}, ["sheet Travellers, row 5: board 1: NS pair 1 (section C) is not on the Pairs sheet",
                        "sheet Travellers, row 5: board 1: EW pair 1 (section C) is not on the Pairs sheet"]),
    ({"ns_mp": "?"}, ["sheet Travellers, row 5: the sheet shows ? for its matchpoints"]),  # as LibreOffice left it
]


@pytest.mark.parametrize("typed, settle", TYPED, ids=["lower-case section", "pair not on Pairs",
                                                      "section not on Pairs", "a figure the sheet shows as ?"])
def test_what_the_sheet_cannot_count_is_to_settle(two_sections, tmp_path, typed, settle):
    """A line the sheet's totals leave out (its pair or section not on Pairs) or a figure it shows as ? is to settle
    (``check`` exits 1), never scored as agreeing; a section typed in lower case is the sheet's section."""
    from mpxl.workbook.reader import read_workbook

    wb = load_workbook(two_sections)
    ws, col = wb["Travellers"], TRAVELLER_COLUMNS
    for r in range(FIRST_ROW, FIRST_ROW + 4):  # section A's tables 1 and 2, then B's: NS n v EW n, a score each
        ws[f"{col['ew_pair']}{r}"] = (1, 2, 1, 2)[r - FIRST_ROW]
        ws[f"{col['typed']}{r}"] = (420, 400, 140, 170)[r - FIRST_ROW]
    for key, value in typed.items():
        ws[f"{col[key]}{FIRST_ROW}"] = value
    path = tmp_path / "typed.xlsx"
    wb.save(path)
    ev = read_workbook(path)
    assert [m.split(": the sheet leaves")[0].split(" (it cannot")[0] for m in ev.to_settle] == settle
    assert {ln.section for ln in ev.lines} == ({"A", "B", "C"} if typed.get("section") == "C" else {"A", "B"})


def test_a_line_in_a_row_without_the_sheet_s_formulas_is_to_settle(two_sections, tmp_path):
    """A row inserted into a recalculated Travellers sheet holds no formulas: the sheet never counts its line, mpxl
    would; it is to settle (the other rows' figures stand in here for what the sheet worked out)."""
    from mpxl.workbook.reader import read_workbook

    wb = load_workbook(two_sections)
    ws, col = wb["Travellers"], TRAVELLER_COLUMNS
    for r in range(FIRST_ROW, FIRST_ROW + 4):
        ws[f"{col['ew_pair']}{r}"] = (1, 2, 1, 2)[r - FIRST_ROW]
        ws[f"{col['typed']}{r}"] = (420, 400, 140, 170)[r - FIRST_ROW]
        ws[f"{col['ns_mp']}{r}"] = None if r == FIRST_ROW else 1  # row 5's formula gone; the others' figures saved
    path = tmp_path / "inserted.xlsx"
    wb.save(path)
    said = [m for m in read_workbook(path).to_settle if "none of the sheet's formulas" in m]
    assert [m.split(": the line")[0] for m in said] == [f"sheet Travellers, row {FIRST_ROW}"]
    # what settles it in any layout: the formulas copied in from a line of its board (a workbook mpxl score
    # wrote has no empty row with them, and a line typed below its board's rows is away from its board)
    assert said[0].endswith("copy the whole row of another line of its board onto it (the row's hidden columns hold "
                            "the formulas) and type the line over the copy"), said


def _scored_two_sections(path: str):
    """The two-section template with a score on each of its four lines (section A's tables 1 and 2, then B's)."""
    wb = load_workbook(path)
    ws, col = wb["Travellers"], TRAVELLER_COLUMNS
    for r in range(FIRST_ROW, FIRST_ROW + 4):
        ws[f"{col['ew_pair']}{r}"] = (1, 2, 1, 2)[r - FIRST_ROW]
        ws[f"{col['typed']}{r}"] = (420, 400, 140, 170)[r - FIRST_ROW]
    return wb


#: (a Setup value pasted or typed into a cell formatted as text, which the sheet's formulas read as it is; the
#: Setup cell then named as to settle, with what mpxl reads in it: None when the sheet reads it as mpxl does)
SETUP_TYPED = [
    ("method", "factor ", "B6: Method: 'factor ' has a space after it", "factor"),
    ("method", " Factor", "B6: Method: ' Factor' has a space before it", "Factor"),
    ("scale", "2", "B5: Scale: the text '2', not the number 2", "2"),
    ("estimate_at", "totals ", "B19: ", "totals"),
    ("method", "Factor", None, None),  # the formulas compare words without regard to case, as mpxl does
    ("scale", 1, None, None),
]


@pytest.mark.parametrize("key, value, named, meant", SETUP_TYPED,
                         ids=[f"{k}={v!r}" for k, v, _, _ in SETUP_TYPED])
def test_a_setup_value_the_sheet_reads_otherwise_is_named(two_sections, tmp_path, key, value, named, meant):
    """A Setup value the sheet's formulas read otherwise than mpxl does (they see #N/A, or the default, where mpxl
    reads the word or the number) is to settle, naming its cell and what to type; what they read alike is not."""
    from mpxl.workbook.places import SETUP_CELLS
    from mpxl.workbook.reader import read_workbook

    wb = _scored_two_sections(two_sections)
    wb["Setup"][SETUP_CELLS[key].split("!")[1].replace("$", "")] = value
    path = tmp_path / "setup.xlsx"
    wb.save(path)
    said = [m for m in read_workbook(path).to_settle if m.startswith("sheet Setup")]
    if named is None:
        assert said == []
    else:
        assert len(said) == 1 and said[0].startswith(f"sheet Setup, cell {named}"), said
        assert said[0].endswith(f"type {meant}"), said


def test_a_number_held_as_text_in_expected_or_winners_is_refused_as_such(two_sections, tmp_path):
    """Expected or Winners held as text (the sheet's ISNUMBER takes it for blank) is refused, saying so."""
    from mpxl.core.errors import UserError
    from mpxl.workbook.reader import read_workbook

    wb = _scored_two_sections(two_sections)
    wb["Setup"]["B7"] = "8"
    path = tmp_path / "text.xlsx"
    wb.save(path)
    with pytest.raises(UserError) as exc:
        read_workbook(path)
    assert exc.value.where == "sheet Setup, cell B7" and exc.value.problem.startswith(
        "Expected results per board (N): the text '8', not the number 8; ") and exc.value.problem.endswith("type 8")


@needs_soffice
def test_check_names_the_setup_value_behind_the_sheet_s_errors(two_sections, tmp_path, capsys):
    """Recalculated by LibreOffice, a method with a space after it turns the sheet's figures into #N/A: ``check``
    names the Setup cell and what to type, never "the formulas went wrong, report it"."""
    wb = _scored_two_sections(two_sections)
    wb["Setup"]["B6"] = "factor "
    path = tmp_path / "spaced.xlsx"
    wb.save(path)
    run = _run(capsys, "check", str(path))
    assert run.status == 2, run
    assert "it comes from Setup, cell B6, where Method: 'factor ' has a space after it" in run.err, run.err
    assert "type factor" in run.err and "report it" not in run.err, run.err


def test_check_puts_what_is_to_settle_before_the_settings_as_the_differences_cause(two_sections, tmp_path, capsys):
    """A line the sheet does not count (a row inserted, no formulas) moves mpxl's figures off the sheet's: ``check``
    says the differences may come from it, not that the Setup's options go against the figures."""
    wb = _scored_two_sections(two_sections)
    ws, col = wb["Travellers"], TRAVELLER_COLUMNS
    for r in range(FIRST_ROW, FIRST_ROW + 4):
        ws[f"{col['ns_mp']}{r}"] = None if r == FIRST_ROW else 1  # row 5's formula gone; the others' figures saved
    path = tmp_path / "inserted.xlsx"
    wb.save(path)
    run = _run(capsys, "check", str(path))
    assert run.status == 1 and "1 to settle" in run.out, run
    assert "the differences may come from what is to settle (1: counted otherwise there than by mpxl)" in run.out
    assert "go against" not in run.out, run.out
