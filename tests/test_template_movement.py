"""The template laid out from a movement (issue 37 §2): ``mpxl template --movement howell --tables 7
--boards-per-round 3`` pre-fills a traveller line per table that plays each board, with exactly the
movement's pairs; the Pairs sheet lists its pairs; the Setup names it; a line with other pairs is
marked and named."""

from __future__ import annotations

import json

import pytest
from openpyxl import load_workbook
from openpyxl.utils import column_index_from_string, coordinate_to_tuple
from shared import cells

from mpxl.cli import main
from mpxl.core.movement import against_movement
from mpxl.workbook.layout import PAIRS_COLUMNS, SETUP_CELLS
from mpxl.workbook.template import FIRST_ROW, TRAVELLER_COLUMNS


def _json(capsys, *args: str) -> dict:
    assert main(["movement", *args, "--json"]) == 0
    return json.loads(capsys.readouterr().out)


@pytest.mark.parametrize("args, lines, pairs", [
    (["howell", "--tables", "7", "--boards-per-round", "3"], 13 * 3 * 7, 14),  # 39 boards, each at 7 tables
    (["mitchell", "--tables", "8", "--boards-per-round", "3"], 8 * 3 * 7, 16),  # skip: 24 boards at 7 tables
    (["mitchell", "--tables", "5", "--boards-per-round", "2", "--pairs", "9"], 5 * 2 * 4, 9),  # a sit-out
])
def test_the_travellers_carry_exactly_the_movements_pairs(tmp_path, capsys, args, lines, pairs):
    schedule = _json(capsys, *args)
    out = tmp_path / "laid.xlsx"
    assert main(["template", "--movement", *args, "-o", str(out)]) == 0
    # read from the sheets' XML (a full openpyxl load of the 273-line workbook: 4 s)
    trav, col = cells(out, "Travellers"), {k: column_index_from_string(v) for k, v in TRAVELLER_COLUMNS.items()}
    typed = []
    for r in range(FIRST_ROW, FIRST_ROW + lines + 5):
        board = trav.get((r, col["board"]))
        if board is None:
            break
        typed.append((board, str(trav.get((r, col["ns_pair"]))), str(trav.get((r, col["ew_pair"])))))
    expected = sorted((b, row["ns"], row["ew"]) for row in schedule["rows"] if row["ns"] and row["ew"]
                      for b in row["boards"])
    assert len(typed) == lines
    assert typed == sorted(typed, key=lambda t: t[0])  # board order
    assert sorted(typed) == expected  # exactly the movement's pairs on every board
    p, pair_col = cells(out, "Pairs"), column_index_from_string(PAIRS_COLUMNS["pair"])
    listed = [p.get((r, pair_col)) for r in range(FIRST_ROW, FIRST_ROW + pairs + 1)]
    assert len([x for x in listed if x is not None]) == pairs
    setup_event = coordinate_to_tuple(SETUP_CELLS["event"].split("!")[1].replace("$", ""))
    assert cells(out, "Setup")[setup_event].startswith(args[0].capitalize())
    assert max(r for r, _ in cells(out, "Movement")) == FIRST_ROW + lines - 1


def test_a_line_the_movement_did_not_send_is_marked_and_named(tmp_path):
    out = tmp_path / "laid.xlsx"
    assert main(["template", "--movement", "howell", "--tables", "4", "--boards-per-round", "1", "-o", str(out)]) == 0
    ws = load_workbook(out)["Travellers"]
    col = TRAVELLER_COLUMNS
    rules = [r for cf in ws.conditional_formatting for r in cf.rules if "COUNTIFS(Movement!" in r.formula[0]]
    assert len(rules) == 1
    # the 4-table Howell of one board a round: board 1 is played by 8-3, 5-2, 7-1 and 4-6
    plays = [(1, 8, 3), (1, 5, 2), (1, 7, 1), (1, 4, 6)]
    assert [(ws[f"{col['board']}{r}"].value, ws[f"{col['ns_pair']}{r}"].value, ws[f"{col['ew_pair']}{r}"].value)
            for r in range(FIRST_ROW, FIRST_ROW + 4)] == plays
    named = against_movement(plays, [("Travellers row 5", 1, 8, 3), ("Travellers row 6", 1, 2, 5)])
    assert named == ["Travellers row 6: board 1: NS 2 v EW 5 is not in the movement "
                     "(it has NS 4 v EW 6, NS 5 v EW 2, NS 7 v EW 1, NS 8 v EW 3): likeliest fix: the pairs swapped "
                     "(NS 5 v EW 2)"]


@pytest.mark.parametrize("args, words", [
    (["--movement", "howell", "--tables", "14", "--boards-per-round", "2"], "--tables 14 for a howell: offered for"),
    (["--movement", "howell", "--tables", "7", "--boards-per-round", "3", "--boards", "36"],
     "--boards 36: the movement has 39 boards"),
    (["--movement", "mitchell", "--tables", "7", "--boards-per-round", "3", "--sections", "2"], "one section"),
])
def test_a_laid_out_template_refuses_bad_requests(tmp_path, capsys, args, words):
    assert main(["template", *args, "-o", str(tmp_path / "x.xlsx")]) == 2
    assert words in capsys.readouterr().err
    assert not (tmp_path / "x.xlsx").exists()


def test_score_names_a_line_the_movement_did_not_send(tmp_path, capsys):
    out = tmp_path / "laid.xlsx"
    assert main(["template", "--movement", "howell", "--tables", "4", "--boards-per-round", "1", "-o", str(out)]) == 0
    wb = load_workbook(out)
    ws, col = wb["Travellers"], TRAVELLER_COLUMNS
    for r, score in zip(range(FIRST_ROW, FIRST_ROW + 4), (420, 450, 420, -50)):
        ws[f"{col['typed']}{r}"] = score
    ws[f"{col['ns_pair']}{FIRST_ROW + 1}"], ws[f"{col['ew_pair']}{FIRST_ROW + 1}"] = 2, 5  # the movement has 5 v 2
    wb.save(out)
    capsys.readouterr()
    assert main(["score", str(out)]) == 0
    err = capsys.readouterr().err
    assert f"row {FIRST_ROW + 1}: board 1: NS 2 v EW 5 is not in the movement" in err
    assert err.count("not in the movement") == 1


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    """The laid-out 4-table Howell (one board a round) with board 1's four lines typed: name -> (path, None)."""
    path = tmp_path_factory.mktemp("laid-out") / "howell4.xlsx"
    assert main(["template", "--movement", "howell", "--tables", "4", "--boards-per-round", "1", "-o", str(path)]) == 0
    wb = load_workbook(path)
    ws, col = wb["Travellers"], TRAVELLER_COLUMNS
    for r, score in zip(range(FIRST_ROW, FIRST_ROW + 4), (420, 450, 420, -50)):
        ws[f"{col['typed']}{r}"] = score
    wb.save(path)
    return {"howell4": (path, None)}


def test_the_laid_out_workbook_recalculates_in_libreoffice(lo):
    """Board 1's lines (8-3, 5-2, 7-1, 4-6 as the movement lays them out) typed 420, 450, 420, -50, scored by
    LibreOffice: 450 beats three results (6 of a top of 6), each 420 beats one and ties one (3), -50 none (0)."""
    values, col = lo["howell4"], TRAVELLER_COLUMNS
    ns = [values["Travellers", f"{col['ns_mp']}{r}"] for r in range(FIRST_ROW, FIRST_ROW + 4)]
    ew = [values["Travellers", f"{col['ew_mp']}{r}"] for r in range(FIRST_ROW, FIRST_ROW + 4)]
    assert ns == [3, 6, 3, 0] and ew == [3, 0, 3, 6]
    assert values["Movement", "D5"] == 8 and values["Movement", "E5"] == 3


@pytest.mark.parametrize("args, said", [
    (["--movement", "howell", "--tables", "5"], "not laid out from the howell"),
    (["--movement", "mitchell", "--tables", "5"], "not laid out from the mitchell"),
    (["--movement", "howell", "--tables", "5", "--boards-per-round", "3"], None),
    (["--tables", "5"], None),
])
def test_a_movement_named_without_its_boards_says_the_travellers_are_not_laid_out(tmp_path, capsys, args, said):
    """--movement howell alone writes the template numbered for a Howell, its pairs typed by the scorer: said on
    stderr with what lays the travellers out (--boards-per-round), so that a newcomer does not take it for the
    movement's travellers."""
    assert main(["template", *args, "-o", str(tmp_path / "t.xlsx")]) == 0
    err = capsys.readouterr().err
    assert (said in err and "--boards-per-round B" in err) if said else err == ""
