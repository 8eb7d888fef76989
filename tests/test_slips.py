"""Issue 51, part 4: every slip checked against the movement. A line whose pairs the movement did not send to its
board is to settle with the likeliest fix named (the pairs swapped; the board number misread; the pair of the
neighbouring table), a play nobody typed is named too; ``check`` exits 1 with ``"ready_to_publish": false``,
for a movement file given with ``--movement``, the workbook's Movement sheet and the tablets' RoundData alike."""

from __future__ import annotations

import json

from openpyxl import load_workbook

from mpxl.cli import main
from mpxl.core.movement import movement
from mpxl.core.slips import Play, Slip, against
from mpxl.formats.bws import event_from_rows
from mpxl.workbook.layout import FIRST_ROW, TRAVELLER_COLUMNS

#: A 9-table Mitchell of one board a round: the plays of every board (board, NS, EW, round, table).
MITCHELL = movement("mitchell", 9, boards_per_round=1)
PLAYS = [Play(str(b), r.ns or "", r.ew or "", str(r.round), str(r.table)) for r in MITCHELL.rows for b in r.boards]


def _play(board: int, table: int) -> Play:
    return next(p for p in PLAYS if p.board == str(board) and p.table == str(table))


def test_a_swapped_slip_and_a_neighbours_pair_name_their_fix():
    p = next(q for q in PLAYS if q.round == "2" and q.table == "3")  # NS 3 v EW 2
    nxt = next(q for q in PLAYS if q.round == p.round and q.table == "4")
    cases = [
        (Slip("row 9", p.board, p.ew, p.ns), f"the pairs swapped (NS {p.ns} v EW {p.ew}, round {p.round}, table "
         f"{p.table})"),
        (Slip("row 9", p.board, p.ns, nxt.ew), f"the pair of the neighbouring table: NS {p.ns} played board {p.board} "
         f"against EW {p.ew} (round {p.round}, table {p.table}); EW {nxt.ew} sat at table {nxt.table} that round"),
    ]
    for slip, fix in cases:
        said = against(PLAYS, [slip])
        assert len(said) == 1 and said[0].startswith(f"row 9: board {slip.board}: NS {slip.ns} v EW {slip.ew} is "
                                                     "not in the movement (it has ")
        assert said[0].endswith(f": likeliest fix: {fix}")


def test_a_misread_board_number_names_the_board_the_pairs_played():
    """Each play typed with another board's number: where neither pair's neighbour explains it better, the fix
    named is the board the two pairs did play."""
    misread = []
    for q in PLAYS:
        for b in range(1, 10):
            if str(b) != q.board:
                said = against(PLAYS, [Slip("row 9", str(b), q.ns, q.ew)])
                assert len(said) == 1 and ": likeliest fix: " in said[0]
                if "the board number misread" in said[0]:
                    misread.append(said[0])
                    assert said[0].endswith(f"the board number misread: NS {q.ns} v EW {q.ew} played board "
                                            f"{q.board} (round {q.round}, table {q.table})")
    assert misread


def test_a_slip_the_movement_sent_is_not_named_and_a_play_nobody_typed_is():
    typed = [Slip(f"row {i}", p.board, p.ns, p.ew) for i, p in enumerate(PLAYS[1:], 6)]
    said = against(PLAYS, typed, missing=True)
    p = PLAYS[0]
    assert said == [f"the movement: board {p.board}: NS {p.ns} v EW {p.ew} (round {p.round}, table {p.table}): "
                    "no line typed (the movement sends this board there)"]


def _results(tmp_path, m, change=None) -> str:
    """A CSV of the movement's results (one score a line), with ``change(rows)`` made to the lines."""
    lines = [[str(b), str(r.table), r.ns, r.ew, str(420 - 50 * (i % 5))] for i, r in enumerate(m.rows)
             if r.ns and r.ew for b in r.boards]
    if change:
        change(lines)
    path = tmp_path / "night.csv"
    path.write_text("board,table,ns_pair,ew_pair,ns_score\n" + "".join(",".join(x) + "\n" for x in lines),
                    encoding="utf-8")
    return str(path)


def test_check_with_a_movement_file_exits_1_naming_the_swapped_line(tmp_path, capsys):
    moves = tmp_path / "howell.json"
    assert main(["movement", "howell", "--tables", "4", "--boards-per-round", "1", "-o", str(moves)]) == 0
    m = movement("howell", 4, boards_per_round=1)

    def swap_first(lines: list[list[str]]) -> None:
        lines[0][2], lines[0][3] = lines[0][3], lines[0][2]

    good = _results(tmp_path, m)
    capsys.readouterr()
    assert main(["check", good, "--movement", str(moves)]) == 0
    capsys.readouterr()
    bad = _results(tmp_path, m, swap_first)
    assert main(["check", bad, "--movement", str(moves), "--json"]) == 1
    doc = json.loads(capsys.readouterr().out)
    assert doc["ready_to_publish"] is False and len(doc["to_settle"]) == 1
    assert "likeliest fix: the pairs swapped" in doc["to_settle"][0]
    assert main(["score", bad, "--movement", str(moves)]) == 0
    assert "to settle: line 2: board" in capsys.readouterr().err


def test_the_workbooks_movement_sheet_names_a_swapped_line_to_settle(tmp_path, capsys):
    out = tmp_path / "laid.xlsx"
    assert main(["template", "--movement", "howell", "--tables", "4", "--boards-per-round", "1", "-o", str(out)]) == 0
    wb = load_workbook(out)
    ws, col = wb["Travellers"], TRAVELLER_COLUMNS
    for r in range(FIRST_ROW, FIRST_ROW + 28):
        ws[f"{col['typed']}{r}"] = 420 if r % 2 else -50
    ws[f"{col['ns_pair']}{FIRST_ROW}"], ws[f"{col['ew_pair']}{FIRST_ROW}"] = 3, 8  # the movement has 8 v 3
    wb.save(out)
    capsys.readouterr()
    assert main(["score", str(out), "--json"]) == 0
    settle = json.loads(capsys.readouterr().out)["to_settle"]
    assert len(settle) == 1, settle  # the play 8 v 3 is the fix named, not named again as untyped
    assert settle[0].startswith(f"sheet Travellers, row {FIRST_ROW}: board 1: NS 3 v EW 8 is not in the movement")
    assert settle[0].endswith("likeliest fix: the pairs swapped (NS 8 v EW 3, round 3, table 1)")


def test_the_tablets_disagreement_names_the_likeliest_fix():
    def res(i: int, table: int, rnd: int, board: int, ns: int, ew: int) -> dict[str, str | None]:
        return {"ID": str(i), "Section": "1", "Table": str(table), "Round": str(rnd), "Board": str(board),
                "PairNS": str(ns), "PairEW": str(ew), "NS/EW": "N", "Contract": "4 S", "Result": "="}

    def rd(table: int, rnd: int, ns: int, ew: int, board: int) -> dict[str, str | None]:
        return {"Section": "1", "Table": str(table), "Round": str(rnd), "NSPair": str(ns), "EWPair": str(ew),
                "LowBoard": str(board), "HighBoard": str(board)}

    rows = {"RoundData": [rd(1, 1, 1, 2, 1), rd(2, 1, 3, 4, 2), rd(1, 2, 1, 4, 2), rd(2, 2, 3, 2, 1)],
            "ReceivedData": [res(1, 1, 1, 1, 1, 2), res(2, 2, 1, 2, 3, 4), res(3, 1, 2, 2, 4, 1),
                             res(4, 2, 2, 1, 3, 2)]}
    reading = event_from_rows(rows, "night.bws")
    said = [str(f) for f in reading.disagreements]
    assert said == ["section A, table 1, round 2, board 2: pairs NS 4 EW 1, the movement has NS 1 EW 4: likeliest fix: the "
                    "pairs swapped (NS 1 v EW 4, round 2, table 1)"]
    assert reading.to_json()["ready_to_publish"] is False
