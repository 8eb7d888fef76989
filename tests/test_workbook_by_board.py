"""Each board's lines laid out together (a scored or a laid-out workbook) are counted over their board's rows
alone, so a typed result recalculates its board, not the whole evening (bench/typed_result.py); a line typed
out of its board's rows is never scored in silence against the wrong rows.

* the per-board counts of a line read absolute ranges of its board's rows; the free-typed template's read every
  line (its lines may be typed in any order);
* a line whose Board is typed over inside another board's rows, and a line of a board typed below the boards'
  rows, are unreadable (?), the status of their board names the row and says what to do; the other boards keep
  their figures; a penalty row below the boards' rows is read as before (tests/test_workbook_full_recalc.py:
  Ruter's penalties equal mpxl score).
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest
from openpyxl import load_workbook

from mpxl.cli import main
from mpxl.workbook.columns import Span
from mpxl.workbook.inputs import TemplateLine
from mpxl.workbook.layout import FIRST_ROW, TRAVELLER_COLUMNS
from mpxl.workbook.sheets import board_spans
from mpxl.workbook.typed import AWAY_WORDS

sys.path.insert(0, str(Path(__file__).parent))

C = TRAVELLER_COLUMNS
HEAD = "board,ns_pair,ew_pair,ns_score\n"
#: Three boards of four tables (board 1 rows 5-8, board 2 rows 9-12, board 3 rows 13-16).
ROWS = ("1,1,5,420\n1,2,6,450\n1,3,7,-50\n1,4,8,420\n2,1,6,110\n2,2,7,140\n2,3,8,-50\n2,4,5,90\n"
        "3,1,7,-100\n3,2,8,200\n3,3,5,200\n3,4,6,50\n")


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    d = tmp_path_factory.mktemp("by-board")
    src = d / "club.csv"
    src.write_text(HEAD + ROWS)
    plain = d / "plain.xlsx"
    assert main(["score", str(src), "-o", str(plain)]) == 0
    wb = load_workbook(plain)
    ws = wb["Travellers"]
    ws[f"{C['board']}{FIRST_ROW + 5}"] = 1  # board 2's second line (row 10) typed over as board 1
    moved = d / "moved.xlsx"
    wb.save(moved)
    from mpxl.core.session import score_event
    from mpxl.formats import read_event
    from mpxl.workbook.event_writer import write_event_workbook

    spare = d / "spare.xlsx"
    write_event_workbook(score_event(read_event(src)), spare, spare_rows=3)
    wb = load_workbook(spare)
    ws = wb["Travellers"]
    r = FIRST_ROW + 12  # the first row below the boards'
    for key, value in (("board", 1), ("ns_pair", 5), ("ew_pair", 9), ("typed", 600)):
        ws[f"{C[key]}{r}"] = value
    typed_below = d / "typed-below.xlsx"
    wb.save(typed_below)
    return {"plain": (plain, None), "moved": (moved, None), "typed below": (typed_below, None)}


def test_a_lines_board_counts_read_its_boards_rows(built):
    ws = load_workbook(built["plain"][0])["Travellers"]
    n = ws[f"{C['n']}{FIRST_ROW + 4}"].value  # board 2's first line
    assert re.search(rf"\${C['gkey']}\$9:\${C['gkey']}\$12", n), n
    assert ws[f"{C['hk']}{FIRST_ROW + 5}"].value == f"=${C['bkey']}$9"


def test_the_free_typed_template_reads_every_line(tmp_path):
    p = tmp_path / "club.xlsx"
    assert main(["template", "--tables", "3", "--boards", "2", "-o", str(p)]) == 0
    ws = load_workbook(p)["Travellers"]
    assert "GroupKeys" in ws[f"{C['n']}{FIRST_ROW + 1}"].value
    assert ws[f"{C['away']}{FIRST_ROW + 1}"].value == "=0"


@pytest.mark.parametrize("lines, spans", [
    # one board's lines in two places, two sections: every count reads every line
    ([TemplateLine(1), TemplateLine(2), TemplateLine(1)], None),
    ([TemplateLine(1, section="A"), TemplateLine(1, section="B")], None),
    # two sessions: each board of each session its rows; not one field
    ([TemplateLine(1), TemplateLine(1, session=2)], [(5, 5, False), (6, 6, False)]),
])
def test_which_lines_are_laid_out_by_board(lines, spans):
    got = board_spans(lines, FIRST_ROW + len(lines) - 1)
    assert (None if got is None else [(s.first, s.last, s.one_field) for s, _, _ in got]) == spans


def test_a_line_typed_over_into_another_boards_rows_is_named_not_scored(lo):
    values = lo["moved"]
    r = FIRST_ROW + 5
    assert values["Travellers", f"{C['ns_mp']}{r}"] == "?"
    status = {values["Travellers", f"{C['b_board']}{i}"]: values["Travellers", f"{C['b_status']}{i}"]
              for i in range(FIRST_ROW, FIRST_ROW + 3)}
    assert status[1] == f"row {r}: {AWAY_WORDS}", status
    # board 3 keeps its figures: -100 beats none, 200 beats two and ties one, 50 beats one (top 6)
    assert [values["Travellers", f"{C['ns_mp']}{i}"] for i in range(FIRST_ROW + 8, FIRST_ROW + 12)] == [0, 5, 5, 2]


def test_a_line_of_a_board_typed_below_the_boards_rows_is_named(lo):
    values = lo["typed below"]
    r = FIRST_ROW + 12
    assert values["Travellers", f"{C['ns_mp']}{r}"] == "?"
    assert values["Travellers", f"{C['b_status']}{FIRST_ROW}"] == f"row {r}: {AWAY_WORDS}"
    assert values["Travellers", f"{C['b_status']}{FIRST_ROW + 1}"].startswith("ok")


@pytest.mark.parametrize("first, last", [(5, 5), (5, 9), (17, 29), (999, 1000), (1048570, 1048576)])
@pytest.mark.parametrize("one_field", [True, False])
def test_a_boards_formulas_written_once_and_moved_are_its_own(first, last, one_field):
    """A laid-out board's line formulas are written once and moved to each board's rows (the writer's speed):
    every column's, on every row of the board, the text written for that row and span directly."""
    from mpxl.workbook.formulas import TRAVELLER, _row, traveller_formulas

    span = Span(first, last, one_field)
    for r in sorted({first, last, (first + last) // 2}):
        assert traveller_formulas(r, span) == _row(TRAVELLER, r, TRAVELLER_COLUMNS, span)
