"""What a scorer types that the sheet cannot score right is said, on the sheet and by the workbook reader alike.

Two mistakes no board's own check caught: a Setup of one winner (a Howell's scoring) on Mitchell numbers (NS 1..T
and EW 1..T: pair 3 NS and pair 3 EW read as one pair), and a Board that is no board number (``12a``, ``B7``,
``twelve``), scored as a board of its own. Each case is a small workbook, recalculated by LibreOffice (one request
for them all): the check above the Travellers' per-board block, each board's Status, and the line's figures; then
``mpxl score`` reads the same workbook and says the same words (exit 2), or scores it (exit 0).
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from mpxl.cli import main
from mpxl.core.rules import NOT_A_BOARD
from mpxl.workbook.inputs import TEMPLATE_OPTIONS
from mpxl.workbook.places import HEADER_ROW
from mpxl.workbook.setup_rules import BOTH_SIDES, LISTED_TWICE
from mpxl.workbook.template import FIRST_ROW, TRAVELLER_COLUMNS, Contents, Settings, TemplateLine, build_workbook

sys.path.insert(0, str(Path(__file__).parent))
from recalc import libreoffice_recalc  # noqa: E402

C = TRAVELLER_COLUMNS
L = TemplateLine
CHECK = f"{C['b_board']}{HEADER_ROW - 2}"  # the check above the per-board block
MITCHELL = [(1, "NS"), (2, "NS"), (1, "EW"), (2, "EW")]
HOWELL = [(p, None) for p in (1, 2, 3, 4)]
#: Board 1 played twice by a Mitchell's pairs (NS 1 v EW 2, NS 2 v EW 1: no pair meets its own number), board 2 once.
CROSSED = [L(1, 1, 2, typed=420), L(1, 2, 1, typed=450), L(2, 1, 2, typed=-100)]
#: Board 1 as a Mitchell's first round: NS 1 v EW 1, NS 2 v EW 2.
ROUND_ONE = [L(1, 1, 1, typed=420), L(1, 2, 2, typed=450), L(2, 1, 2, typed=-100)]


def _no_board(text: object) -> str:
    return f"'{text}' {NOT_A_BOARD}"


#: (what, winners, the Pairs sheet, the lines, the check (blank: none), board 1's Status, the line's row whose
#: figures are ?, or None, mpxl score's exit status, the words its message ends with)
CASES = [
    ("Mitchell numbers, two winners", 2, MITCHELL, ROUND_ONE, None, "ok", None, 0, ""),
    ("Mitchell numbers, one winner: Pairs lists 1 NS and 1 EW", 1, MITCHELL, CROSSED,
     LISTED_TWICE.format(1), "ok", None, 2, "sheet Pairs, rows 5 and 7: " + LISTED_TWICE.format(1)),
    ("one winner, NS 1 against EW 1 on a line", 1, HOWELL, ROUND_ONE, None,
     f"row {FIRST_ROW}: {BOTH_SIDES.format(1)} (and 1 more)", FIRST_ROW, 2,
     f"sheet Travellers, row {FIRST_ROW}: {BOTH_SIDES.format(1)}"),
    ("Howell numbers, one winner", 1, HOWELL, [L(1, 1, 2, typed=420), L(1, 3, 4, typed=450)], None, "ok", None, 0,
     ""),
    ("board 12a", 2, MITCHELL, [*CROSSED[:2], L("12a", 1, 2, typed=-100)],
     f"row {FIRST_ROW + 2}: {_no_board('12a')}", "ok", FIRST_ROW + 2, 2,
     f"sheet Travellers, row {FIRST_ROW + 2}, column board: {_no_board('12a')}"),
    ("board B7", 2, MITCHELL, [L("B7", 1, 2, contract="4S", by="N", tricks=10), *CROSSED],
     f"row {FIRST_ROW}: {_no_board('B7')}", "ok", FIRST_ROW, 2,
     f"sheet Travellers, row {FIRST_ROW}, column board: {_no_board('B7')}"),
    ("board twelve, twice", 2, MITCHELL, [L("twelve", 1, 2, typed=420), L("twelve", 2, 1, adjustment="A+"),
                                          *CROSSED],
     f"row {FIRST_ROW}: {_no_board('twelve')} (and 1 more line with no board number)", "ok", FIRST_ROW, 2,
     f"sheet Travellers, row {FIRST_ROW}, column board: {_no_board('twelve')}"),
    ("board 0", 2, MITCHELL, [L(0, 1, 2, typed=420), *CROSSED], f"row {FIRST_ROW}: {_no_board(0)}", "ok",
     FIRST_ROW, 2, f"sheet Travellers, row {FIRST_ROW}, column board: {_no_board(0)}"),
    ("board 2.5, a number", 2, MITCHELL, [L(2.5, 1, 2, typed=420), *CROSSED], f"row {FIRST_ROW}: {_no_board(2.5)}",
     "ok", FIRST_ROW, 2, f"sheet Travellers, row {FIRST_ROW}, column board: {_no_board(2.5)}"),
    ("board ' 7 ' as text: board 7", 2, MITCHELL, [L(" 7 ", 1, 2, typed=420), *CROSSED], None, "ok", None, 0, ""),
    ("board '3.0' as text: board 3", 2, MITCHELL, [L("3.0", 1, 2, typed=420), *CROSSED], None, "ok", None, 0, ""),
]


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    d = tmp_path_factory.mktemp("flags")
    paths = []
    for i, (_, winners, pairs, lines, *_) in enumerate(CASES):
        path = d / f"case{i}.xlsx"
        settings = Settings(TEMPLATE_OPTIONS.with_(winners=winners))
        build_workbook(Contents(settings, lines, [1, 2], pairs)).save(path)
        paths.append(path)
    return paths, libreoffice_recalc(paths)


@pytest.mark.parametrize("i", range(len(CASES)), ids=[c[0] for c in CASES])
def test_the_sheet_and_the_reader_say_what_cannot_be_scored(built, i, capsys):
    _, _, _, _, check, status, unread, code, said = CASES[i]
    paths, values = built
    lo = values[i]
    assert lo["Travellers", CHECK] == check, lo["Travellers", CHECK]
    assert lo["Travellers", f"{C['b_status']}{FIRST_ROW}"] == status
    if unread is not None:
        assert (lo["Travellers", f"{C['ns_mp']}{unread}"], lo["Travellers", f"{C['ew_mp']}{unread}"]) == ("?", "?")
    capsys.readouterr()
    assert main(["score", str(paths[i])]) == code
    err = capsys.readouterr().err
    assert "Traceback" not in err
    if code:
        assert err.strip().endswith(said), err
    else:
        assert "mpxl:" not in err or "warning" in err, err
