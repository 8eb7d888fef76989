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
#: Three boards of three tables (rows 5-7, 8-10, 11-13), to be sorted by NS pair.
SORTED_ROWS = "1,1,4,420\n1,2,5,450\n1,3,6,-50\n2,1,5,110\n2,2,6,140\n2,3,4,-50\n3,1,6,-100\n3,2,4,200\n3,3,5,50\n"


def _scored(d, stem: str, text: str):
    """The workbook ``mpxl score`` writes of the CSV ``text`` (in folder ``d``), and it loaded."""
    src = d / f"{stem}.csv"
    src.write_text(text)
    out = d / f"{stem}.xlsx"
    assert main(["score", str(src), "-o", str(out)]) == 0
    return out, load_workbook(out)


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    d = tmp_path_factory.mktemp("by-board")
    plain, wb = _scored(d, "plain", HEAD + ROWS)
    ws = wb["Travellers"]
    ws[f"{C['board']}{FIRST_ROW + 5}"] = 1  # board 2's second line (row 10) typed over as board 1
    moved = d / "moved.xlsx"
    wb.save(moved)
    from mpxl.core.session import score_event
    from mpxl.formats import read_event
    from mpxl.workbook.event_writer import write_event_workbook

    spare = d / "spare.xlsx"
    write_event_workbook(score_event(read_event(d / "plain.csv")), spare, spare_rows=3)
    wb = load_workbook(spare)
    ws = wb["Travellers"]
    r = FIRST_ROW + 12  # the first row below the boards'
    for key, value in (("board", 1), ("ns_pair", 5), ("ew_pair", 9), ("typed", 600)):
        ws[f"{C[key]}{r}"] = value
    typed_below = d / "typed-below.xlsx"
    wb.save(typed_below)
    made = {"plain": (plain, None), "moved": (moved, None), "typed below": (typed_below, None)}
    # board 2's first line (row 9) typed over as board 1, or cleared (the slip was a mistake): that line is the
    # one named, never board 2's other lines, and it is never scored alone in board 2's place
    for name, typed in (("first typed over", {"board": 1}),
                        ("first cleared", dict.fromkeys(("board", "ns_pair", "ew_pair", "typed")))):
        wb = load_workbook(plain)
        for key, value in typed.items():
            wb["Travellers"][f"{C[key]}{FIRST_ROW + 4}"] = value
        wb.save(d / f"{name}.xlsx")
        made[name] = (d / f"{name}.xlsx", None)
    # three boards of three tables, the lines sorted by NS pair (Data > Sort): each board's rows hold one line of
    # every board, the first ones too
    three, wb = _scored(d, "three", HEAD + SORTED_ROWS)
    ws = wb["Travellers"]
    keys = ("board", "ns_pair", "ew_pair", "typed")
    rows = [[ws[f"{C[k]}{r}"].value for k in keys] for r in range(FIRST_ROW, FIRST_ROW + 9)]
    for r, cells in enumerate(sorted(rows, key=lambda cells: cells[1]), FIRST_ROW):
        for k, value in zip(keys, cells):
            ws[f"{C[k]}{r}"] = value
    wb.save(d / "sorted.xlsx")
    made["sorted"] = (d / "sorted.xlsx", None)
    return made


def test_a_lines_board_counts_read_its_boards_rows(built):
    ws = load_workbook(built["plain"][0])["Travellers"]
    n = ws[f"{C['n']}{FIRST_ROW + 4}"].value  # board 2's first line
    assert re.search(rf"\${C['gkey']}\$9:\${C['gkey']}\$12", n), n
    hk = ws[f"{C['hk']}{FIRST_ROW + 5}"].value  # the key most of board 2's rows share
    assert f"${C['bkey']}$9:${C['bkey']}$12" in hk and f"${C['hs']}$9:${C['hs']}$12" in hk, hk


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


@pytest.mark.parametrize("variant", ["first typed over", "first cleared"])
def test_a_boards_first_line_typed_over_or_cleared_leaves_the_others_scored(lo, variant):
    """Board 2's first line (row 9) typed over as board 1, or cleared: its three other lines (140, -50, 90) are
    scored among themselves, Neuberg'd to N = 4 ((S + 1) x 4 / 3 - 1 of the raw 4, 0 and 2), and a line typed
    over is the one named, on its board's status."""
    values = lo[variant]
    decimals = values["Setup", "B11"]
    got = [values["Travellers", f"{C['ns_mp']}{r}"] for r in range(FIRST_ROW + 5, FIRST_ROW + 8)]
    assert got == [round((s + 1) * 4 / 3 - 1, decimals) for s in (4, 0, 2)], got
    status = {values["Travellers", f"{C['b_board']}{i}"]: values["Travellers", f"{C['b_status']}{i}"]
              for i in range(FIRST_ROW, FIRST_ROW + 3)}
    assert status[2] == "ok: 1 missing, estimated", status
    if variant == "first typed over":
        assert values["Travellers", f"{C['ns_mp']}{FIRST_ROW + 4}"] == "?"
        assert status[1] == f"row {FIRST_ROW + 4}: {AWAY_WORDS}", status


def test_lines_sorted_by_another_column_are_each_named_never_scored(lo):
    """Sorted by NS pair, each board's rows hold a line of every board: every line is away (?), the first of
    each board's rows too (never scored alone as its board), and each board's status names its first."""
    values = lo["sorted"]
    assert {values["Travellers", f"{C['ns_mp']}{r}"] for r in range(FIRST_ROW, FIRST_ROW + 9)} == {"?"}
    status = [values["Travellers", f"{C['b_status']}{i}"] for i in range(FIRST_ROW, FIRST_ROW + 3)]
    assert status == [f"row {r}: {AWAY_WORDS}" for r in (FIRST_ROW, FIRST_ROW + 1, FIRST_ROW + 2)], status


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
