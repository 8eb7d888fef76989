"""The workbook never drops a column in silence (issue 46, section 2; mpxl.workbook.shape).

Every heading the reader reads a column by (the Travellers' inputs and figures, the per-board block's
inputs, the Pairs', the Setup's labels, the Movement's), typed over, blanked or moved, is refused naming
the sheet, the cell, what it holds and what was expected; every sheet it reads, missing or renamed
(``Pairs (2)``, what copy-and-delete leaves), is refused naming the sheets found, never guessed. A Typed
score beside a contract is scored, as the sheet scores it (LibreOffice recalculates the sheet to the same
figure), and said.

The table tests edit one workbook in memory and read it with the reader's own code (its file opened once:
``reader._open`` hands the edited workbook on); a few cases go through the command, on files.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

from mpxl.cli import main
from mpxl.core.errors import UserError
from mpxl.workbook import reader, shape

openpyxl = pytest.importorskip("openpyxl")

DATA = Path(__file__).parent / "data"
CSV = DATA / "club-howell.csv"  # 4 boards, 6 pairs: board 1's first line 4S by N, 10 tricks (420)


def run(capsys, *argv):
    code = main([str(a) for a in argv])
    out, err = capsys.readouterr()
    return code, out, err


@pytest.fixture(scope="module")
def book(tmp_path_factory):
    """The workbook ``mpxl score club-howell.csv -o book.xlsx`` writes (once for the module)."""
    path = tmp_path_factory.mktemp("shape") / "book.xlsx"
    assert main(["score", str(CSV), "-o", str(path)]) == 0
    return path


@pytest.fixture(scope="module")
def movement_book(tmp_path_factory):
    """A template laid out from a movement (it has a Movement sheet), a score typed on its first line."""
    path = tmp_path_factory.mktemp("shape") / "mitchell.xlsx"
    assert main(["template", "--tables", "3", "--movement", "mitchell", "--boards-per-round", "1",
                 "-o", str(path)]) == 0
    wb = openpyxl.load_workbook(path)
    ws = wb["Travellers"]
    ws.cell(5, heads(ws)["Typed score"]).value = 420
    wb.save(path)
    return path


def heads(ws, row=4):
    """Each heading's first column (the per-board block repeats Board, Section, Session)."""
    out = {}
    for column, value in enumerate(next(ws.iter_rows(min_row=row, max_row=row, values_only=True)), start=1):
        out.setdefault(value, column)
    return out


class InMemory:
    """The workbook at ``path`` loaded once as the reader loads it; :meth:`read` reads it, edited, with the
    reader's own code."""

    def __init__(self, path):
        self.path = path
        self.wb = openpyxl.load_workbook(path, data_only=True)

    def read(self, *edits):
        """The event read with ``edits`` made ((sheet, cell, value) or a function of the workbook giving its undo),
        or the UserError; the edits undone after."""
        undo = []
        for edit in edits:
            if callable(edit):
                undo.append(edit(self.wb))
                continue
            sheet, cell, value = edit
            old = self.wb[sheet][cell].value
            self.wb[sheet][cell].value = value
            undo.append(lambda s=sheet, c=cell, v=old: setattr(self.wb[s][c], "value", v))
        opened = reader._open
        reader._open = lambda p: self.wb  # the file opened once, for every case
        try:
            return reader.read_workbook(self.path)
        except UserError as exc:
            return exc
        finally:
            reader._open = opened
            for u in reversed(undo):
                u()


@pytest.fixture(scope="module")
def loaded(book):
    return InMemory(book)


@pytest.fixture(scope="module")
def loaded_movement(movement_book):
    return InMemory(movement_book)


#: Every heading the reader checks, on every sheet of a scored workbook (the Movement's below).
HEADINGS = [*shape.travellers(), *shape.pairs(), *shape.setup()]


def _id(h):
    return f"{h.sheet}!{h.cell} {h.text}"


def _what(h):
    return "label" if h.sheet == "Setup" else "heading"


# ------------------------------------------------------------------------ the class: every heading

def test_every_input_column_of_every_sheet_is_checked():
    """Every input column the layout declares (Travellers' lines and per-board block, Pairs) and every Setup
    setting is checked at its cell, and every Travellers input is read as a CSV column (a column added to the
    template is checked and read the day it is laid out, or this fails)."""
    from mpxl.workbook.layout import (
        BLOCK_COLUMNS,
        HELPER_COLUMNS,
        MAIN_COLUMNS,
        PAIRS_SHEET,
        SETUP_ROWS,
        TRAVELLER_COLUMNS,
    )

    checked = {(h.sheet, h.cell): h.text for h in HEADINGS}
    for c in (*MAIN_COLUMNS, *BLOCK_COLUMNS):
        if c.kind == "input":
            assert checked[("Travellers", f"{TRAVELLER_COLUMNS[c.key]}4")] == c.header
    assert all(c.kind != "input" for c in HELPER_COLUMNS)
    assert {c.key for c in MAIN_COLUMNS if c.kind == "input"} <= set(shape.TRAVELLER_READS)
    from mpxl.workbook.layout import PAIRS_COLUMNS

    for c in PAIRS_SHEET:
        if c.kind == "input":
            assert checked[("Pairs", f"{PAIRS_COLUMNS[c.key]}4")] == c.header
    settings = [key for key, *_ in SETUP_ROWS if key not in shape.SETUP_FORMULA_KEYS]
    assert [h.key for h in shape.setup()] == settings
    # the reader's published table of headings is the checked one
    read = {h.text: h.key for h in shape.travellers() if h.key and h.key not in ("ns_mp", "ew_mp")}
    assert read == reader.TEMPLATE_INPUTS


def test_the_workbook_as_written_reads(loaded):
    ev = loaded.read()
    assert not isinstance(ev, UserError), ev
    assert len(ev.lines) == 12  # club-howell.csv's lines


@pytest.mark.parametrize("h", HEADINGS, ids=_id)
def test_a_heading_typed_over_is_refused_naming_its_cell(loaded, h):
    typed = h.text[:3] + "."  # Adj., NS ., Boa.: what a hurried edit leaves
    got = loaded.read((h.sheet, h.cell, typed))
    assert isinstance(got, UserError), f"{h.sheet}!{h.cell} typed over {typed!r} was read"
    assert got.where == f"sheet {h.sheet}, cell {h.cell}"
    assert f"holds {typed!r}, expected the {_what(h)} {h.text!r}" in got.problem


@pytest.mark.parametrize("h", HEADINGS, ids=_id)
def test_a_heading_cleared_is_refused_naming_its_cell(loaded, h):
    got = loaded.read((h.sheet, h.cell, None))
    assert isinstance(got, UserError)
    assert got.where == f"sheet {h.sheet}, cell {h.cell}"
    assert f"is blank, expected the {_what(h)} {h.text!r}" in got.problem


def _neighbours():
    out = []
    for sheet in ("Travellers", "Pairs", "Setup"):
        hs = [h for h in HEADINGS if h.sheet == sheet]
        out += [(a, b) for a, b in zip(hs, hs[1:]) if a.text != b.text]
    return out


@pytest.mark.parametrize(("a", "b"), _neighbours(), ids=lambda h: _id(h))
def test_two_headings_swapped_are_refused_as_moved(loaded, a, b):
    """Two columns' headings swapped (the data under the wrong heading): refused at the first, naming where
    its heading went."""
    got = loaded.read((a.sheet, a.cell, b.text), (b.sheet, b.cell, a.text))
    assert isinstance(got, UserError)
    assert got.where == f"sheet {a.sheet}, cell {a.cell}"
    assert f"holds {b.text!r}, expected the {_what(a)} {a.text!r} (the {_what(a)} {a.text!r} is in cell {b.cell}: " \
           "moved)" in got.problem


def test_the_first_board_heading_typed_over_is_not_read_from_the_block(loaded):
    """Board typed over in the lines' columns: before, the reader took the per-board block's Board (the first
    Board heading left) for the lines' boards."""
    board = shape.travellers()[0]
    got = loaded.read(("Travellers", board.cell, "Bd"))
    assert isinstance(got, UserError) and "expected the heading 'Board'" in got.problem
    assert "moved" not in got.problem  # the block's Board is the block's, in its own cell


def test_movement_headings(loaded_movement):
    assert not isinstance(loaded_movement.read(), UserError)
    for h in shape.movement():
        got = loaded_movement.read((h.sheet, h.cell, h.text + "s"))
        assert isinstance(got, UserError), h
        assert got.where == f"sheet Movement, cell {h.cell}"
        assert f"holds {h.text + 's'!r}, expected the heading {h.text!r}" in got.problem


# ----------------------------------------------------------------------------- the class: every sheet

def _rename(name, to):
    def edit(wb):
        wb[name].title = to
        return lambda: setattr(wb[to], "title", name)
    return edit


def _add(name):
    def edit(wb):
        ws = wb.create_sheet(name)
        return lambda: wb.remove(ws)
    return edit


@pytest.mark.parametrize("name", shape.TEMPLATE_SHEETS)
@pytest.mark.parametrize("to", ["{} (2)", "{}_2", "Copy of {}", "{} "])
def test_a_sheet_read_renamed_is_refused_naming_the_copy(loaded, name, to):
    copy = to.format(name)
    got = loaded.read(_rename(name, copy))
    assert isinstance(got, UserError)
    assert got.where == f"sheet {name}"
    assert f"no sheet named {name}; the sheet {copy!r} looks like it" in got.problem
    assert f"rename {copy!r} {name}" in got.problem and "will not guess" in got.problem
    assert "the sheets found: " in got.problem and copy in got.problem.split("the sheets found: ")[1]


@pytest.mark.parametrize("name", shape.TEMPLATE_SHEETS)
def test_a_sheet_read_missing_is_refused_naming_the_sheets_found(loaded, name):
    got = loaded.read(_rename(name, "Notes"))
    assert isinstance(got, UserError)
    assert got.where == f"sheet {name}"
    assert f"no sheet named {name}; mpxl reads it" in got.problem
    found = got.problem.split("the sheets found: ")[1]
    assert "Notes" in found and name not in found.replace("Notes", "")


@pytest.mark.parametrize("name", shape.TEMPLATE_SHEETS)
def test_two_copies_of_a_sheet_are_refused_naming_both(loaded, name):
    got = loaded.read(_rename(name, f"{name} (2)"), _add(f"{name} (3)"))
    assert isinstance(got, UserError)
    assert f"the sheets '{name} (2)', '{name} (3)' each look like it" in got.problem


@pytest.mark.parametrize("name", shape.SHEETS_WHEN_THERE)
def test_a_sheet_read_when_there_is_refused_renamed(loaded, name):
    """The Movement and Hands sheets are read when there: one there only as a copy is refused, not left out."""
    got = loaded.read(_add(f"{name} (2)"))
    assert isinstance(got, UserError)
    assert f"no sheet named {name}; the sheet '{name} (2)' looks like it" in got.problem


# ---------------------------------------------------------------------------------- on the command line

def _saved(book, tmp_path, name, change):
    path = tmp_path / name
    wb = openpyxl.load_workbook(book)
    change(wb)
    wb.save(path)
    return path


def _adjustment_retyped(wb):
    ws = wb["Travellers"]
    h = heads(ws)
    ws.cell(5, h["Adjustment"]).value = "A+"
    ws.cell(4, h["Adjustment"]).value = "Adj."


def test_the_issues_adjustment_heading_retyped_exits_2_naming_the_cell(book, tmp_path, capsys):
    path = _saved(book, tmp_path, "adj.xlsx", _adjustment_retyped)
    before = path.read_bytes()
    code, out, err = run(capsys, "score", path)
    cell = next(h.cell for h in shape.travellers() if h.text == "Adjustment")
    assert code == 2 and out == ""
    assert err.strip() == err.strip().splitlines()[0]  # one line
    assert f"mpxl: {path}: sheet Travellers, cell {cell}: holds 'Adj.', expected the heading 'Adjustment'" in err
    assert "Traceback" not in err and path.read_bytes() == before


def test_the_pairs_sheet_renamed_exits_2(book, tmp_path, capsys):
    path = _saved(book, tmp_path, "pairs.xlsx", lambda wb: setattr(wb["Pairs"], "title", "Pairs (2)"))
    code, _, err = run(capsys, "score", path)
    assert code == 2 and f"mpxl: {path}: sheet Pairs: no sheet named Pairs; the sheet 'Pairs (2)' looks like it" in err


def test_a_setup_label_retyped_exits_2(book, tmp_path, capsys):
    label = next(h for h in shape.setup() if h.key == "method")
    path = _saved(book, tmp_path, "setup.xlsx", lambda wb: setattr(wb["Setup"][label.cell], "value", "Methd"))
    code, _, err = run(capsys, "score", path)
    assert code == 2 and f"sheet Setup, cell {label.cell}: holds 'Methd', expected the label {label.text!r}" in err


# ------------------------------------------------------------------ a Typed score beside a contract

def _typed_over(wb):
    ws = wb["Travellers"]
    h = heads(ws)
    assert [ws.cell(5, h[k]).value for k in ("Board", "Contract", "By", "Tricks")] == [1, "4S", "N", 10]
    ws.cell(5, h["Typed score"]).value = 600


@pytest.fixture(scope="module")
def typed_over(book, tmp_path_factory):
    return _saved(book, tmp_path_factory.mktemp("typed"), "typed.xlsx", _typed_over)


def _line(doc, board, ns, ew):
    return next(ln for b in doc["boards"] if b["board"] == board for ln in b["lines"]
                if (ln["ns_pair"], ln["ew_pair"]) == (str(ns), str(ew)))


def test_a_typed_score_over_a_contract_is_scored_and_said(typed_over, capsys):
    """The sheet's NS score is the Typed score when there is one (a number), whatever the contract beside it:
    so is mpxl score's (it refused the two disagreeing before), and it says so."""
    code, out, err = run(capsys, "score", typed_over, "--json")
    assert code == 0, err
    assert _line(json.loads(out), 1, 1, 2)["ns_score"] == 600
    assert ("sheet Travellers, row 5: the Typed score 600 is scored, not the contract: 4S by N taking 10 tricks "
            "scores 420 on board 1") in err


def test_the_sheet_scores_the_typed_score_as_mpxl_does(typed_over, capsys):
    """LibreOffice recalculates the edited workbook: its NS score and NS MP on the line are mpxl score's."""
    sys.path.insert(0, str(Path(__file__).parent))
    from recalc import libreoffice_recalc, require_soffice

    require_soffice()
    from openpyxl.utils import get_column_letter

    code, out, _ = run(capsys, "score", typed_over, "--json")
    line = _line(json.loads(out), 1, 1, 2)
    ws = openpyxl.load_workbook(typed_over, read_only=True)["Travellers"]
    h = heads(ws)
    values = libreoffice_recalc([typed_over])[0]
    assert float(values["Travellers", f"{get_column_letter(h['NS score'])}5"]) == 600
    assert float(values["Travellers", f"{get_column_letter(h['NS MP'])}5"]) == pytest.approx(line["ns_mp"])


def test_a_csv_still_refuses_the_two_disagreeing(tmp_path, capsys):
    """A CSV file has no sheet whose formula settles it: the typing error mpxl cannot tell, refused as before."""
    path = tmp_path / "t.csv"
    path.write_text("board,ns_pair,ew_pair,contract,declarer,tricks,ns_score\n1,1,2,4S,N,10,600\n1,3,4,4S,N,10,420\n")
    code, _, err = run(capsys, "score", path)
    assert code == 2 and "ns_score 600, but 4S by N taking 10 tricks scores 420 on board 1: the two disagree" in err


def test_the_typed_score_over_a_contract_writes_back_as_typed(typed_over, tmp_path, capsys):
    """Read and written again (``mpxl score typed.xlsx -o again.xlsx``): the Typed score and the contract beside it
    both kept."""
    again = tmp_path / "again.xlsx"
    code, _, err = run(capsys, "score", typed_over, "-o", again)
    assert code == 0, err
    ws = openpyxl.load_workbook(again, read_only=True)["Travellers"]
    h = heads(ws)
    row = next(ws.iter_rows(min_row=5, max_row=5, values_only=True))
    assert [row[h[k] - 1] for k in ("Contract", "By", "Tricks", "Typed score")] == ["4S", "N", 10, 600]



# ------------------------------------------------------- a values workbook of an older mpxl (a plain sheet)

def _values_workbook(path, change=lambda wb: None):
    """Travellers of CSV columns (row 1), the pairs' names on Ranking, the settings on Settings: the values
    workbook an older mpxl wrote, read as a plain sheet."""
    wb = openpyxl.Workbook()
    ws = wb.active
    ws.title = "Travellers"
    for row in (["board", "ns_pair", "ew_pair", "ns_score"], [1, 1, 2, 420], [1, 3, 4, 400], [2, 1, 4, -50],
                [2, 3, 2, 100]):
        ws.append(row)
    ranking = wb.create_sheet("Ranking")
    for row in (["Section", "Direction", "Pair", "Names"], ["", "", 1, "Ann Smith & Bob Jones"]):
        ranking.append(row)
    settings = wb.create_sheet("Settings")
    for row in (["Setting", "Value"], ["rounding_percentages", "half-up:1"]):
        settings.append(row)
    change(wb)
    wb.save(path)
    return path


PLAIN_CASES = [
    ("Ranking's Names retyped", lambda wb: setattr(wb["Ranking"]["D1"], "value", "Players"),
     "sheet Ranking, row 1", "no 'Names' heading (row 1 holds 'Section', 'Direction', 'Pair', 'Players')"),
    ("Settings' heading retyped", lambda wb: setattr(wb["Settings"]["A1"], "value", "Name"),
     "sheet Settings, cell A1", "holds 'Name', expected the heading 'Setting'"),
    ("Ranking renamed", lambda wb: setattr(wb["Ranking"], "title", "Ranking (2)"),
     "sheet Ranking", "no sheet named Ranking; the sheet 'Ranking (2)' looks like it"),
    ("Settings renamed", lambda wb: setattr(wb["Settings"], "title", "Settings_2"),
     "sheet Settings", "no sheet named Settings; the sheet 'Settings_2' looks like it"),
]


def test_a_values_workbook_reads_its_names_and_settings(tmp_path):
    ev = reader.read_workbook(_values_workbook(tmp_path / "v.xlsx"))
    assert [p.names for p in ev.pairs if p.number == "1"] == [("Ann Smith", "Bob Jones")]
    assert ev.declared_options.get("percentage_decimals") == 1


@pytest.mark.parametrize(("what", "change", "where", "said"), PLAIN_CASES, ids=[c[0] for c in PLAIN_CASES])
def test_a_values_workbooks_sheets_are_never_dropped_for_a_heading(tmp_path, what, change, where, said):
    with pytest.raises(UserError) as got:
        reader.read_workbook(_values_workbook(tmp_path / "v.xlsx", change))
    assert got.value.where == where and said in got.value.problem


def test_a_setup_an_earlier_mpxl_wrote_reads_without_the_settings_added_since(loaded):
    """A club's workbook from an earlier mpxl ends its Setup before the rows added since (Totals method, the
    last): those rows are wholly blank there (label, value, note), so they are not there to read and take their
    defaults, as that mpxl's own formulas scored it. A label cleared beside its value is still refused (above)."""
    added = [h for h in shape.setup() if h.key.startswith("totals_method")]
    assert [h.key for h in shape.setup()[-len(added):]] == [h.key for h in added]  # the last rows
    got = loaded.read(*[("Setup", f"{c}{h.row}", None) for h in added for c in "ABC"])
    assert not isinstance(got, UserError), got
    full = loaded.read()
    assert got.lines == full.lines and got.pairs == full.pairs
    assert got.declared_options == {k: v for k, v in full.declared_options.items() if k != "totals_method"}
    assert full.declared_options["totals_method"].value == "as-lines"  # the default the blank takes
    first = added[0]
    got = loaded.read(("Setup", f"A{first.row}", None))
    assert isinstance(got, UserError) and got.where == f"sheet Setup, cell A{first.row}"
