"""Issue 51, part 3: the evening's changes (``--leaves PAIR@R``, ``--joins PAIR@R``, ``--swap-boards A-B@R``): the
movement from then on holds the rules (recounted from ``--json``), the cards are printed from the first round
changed, the template's travellers follow the changed movement, and a refused change says why in one line."""

from __future__ import annotations

import json

import pytest
from openpyxl import load_workbook

from mpxl.cli import main
from mpxl.core.movement import movement
from mpxl.workbook.layout import FIRST_ROW
from tests.schedule_recount import recount


def _json(capsys, *args: str) -> dict:
    assert main(["movement", *args, "--json"]) == 0
    return json.loads(capsys.readouterr().out)


def _seats(doc: dict, pair: str, side: str | None) -> set[int]:
    """The rounds ``pair`` plays (on ``side`` only, with two winners)."""
    return {r["round"] for r in doc["rows"] for d in ("ns", "ew") if r[d] == pair and side in (None, d)}


#: (the movement, the change, the pair it is about and its side with two winners, the rounds it then plays,
#: what the note says)
CHANGES = [
    (["howell", "--tables", "4", "--pairs", "7", "--boards-per-round", "2"], ["--joins", "8@3"], ("8", None),
     range(3, 8), "pair 8 joins at round 3 (the empty seat)"),
    (["howell", "--tables", "5", "--pairs", "9", "--boards-per-round", "2"], ["--joins", "10@2"], ("10", None),
     range(2, 10), "pair 10 joins at round 2 (the empty seat)"),
    (["howell", "--tables", "4", "--boards-per-round", "2"], ["--leaves", "5@3"], ("5", None), range(1, 4),
     "pair 5 leaves after round 3: its opponents sit out from round 4"),
    (["mitchell", "--tables", "5", "--boards-per-round", "3"], ["--leaves", "EW 2@4"], ("2", "ew"), range(1, 5),
     "EW 2 leaves after round 4: its opponents sit out from round 5"),
    (["mitchell", "--tables", "5", "--pairs", "9", "--boards-per-round", "3"], ["--joins", "EW 5@2"], ("5", "ew"),
     range(2, 6), "EW 5 joins at round 2 (the empty seat)"),
]


@pytest.mark.parametrize("args, change, pair, rounds, note", CHANGES)
def test_a_changed_movement_holds_the_rules_from_then_on(capsys, args, change, pair, rounds, note):
    before, after = _json(capsys, *args), _json(capsys, *args, *change)
    recount(after, changed=True)  # no pair at two tables, no board twice to a pair, no board at two tables at once
    assert [r["boards"] for r in after["rows"]] == [r["boards"] for r in before["rows"]]
    assert _seats(after, *pair) == set(rounds)
    first = rounds.start if change[0] == "--joins" else rounds.stop
    early = [(r["round"], r["table"], r["ns"], r["ew"]) for r in before["rows"] if r["round"] < first]
    assert early == [(r["round"], r["table"], r["ns"], r["ew"]) for r in after["rows"] if r["round"] < first]
    assert after["note"].endswith(note)


def test_a_late_pair_takes_the_missing_pairs_seat():
    from mpxl.core.changes import apply, joins

    m = movement("howell", 5, boards_per_round=2, pairs=9)
    late = apply(m, [joins("10@4")])
    complete = movement("howell", 5, boards_per_round=2)
    later = [(r.round, r.table, r.ns, r.ew) for r in late.rows if r.round >= 4]
    assert later == [(r.round, r.table, r.ns, r.ew) for r in complete.rows if r.round >= 4]


def test_the_cards_and_the_template_after_a_late_pair(tmp_path, capsys):
    cards, book = tmp_path / "rest.html", tmp_path / "late.xlsx"
    args = ["howell", "--tables", "4", "--pairs", "7", "--boards-per-round", "2", "--joins", "8@3"]
    assert main(["movement", *args, "-o", str(cards)]) == 0
    assert "rounds 3 to 7" in capsys.readouterr().out
    page = cards.read_text(encoding="utf-8")
    assert "from round 3" in page
    assert page.split("<h3>Table 1</h3>")[1].split("<td>")[1] == "3</td>"  # the table cards begin at round 3
    assert main(["template", "--movement", *args, "-o", str(book)]) == 0
    capsys.readouterr()
    doc = _json(capsys, *args)
    ws = load_workbook(book)["Movement"]
    plays = sorted((ws.cell(r, 1).value, str(ws.cell(r, 4).value), str(ws.cell(r, 5).value))
                   for r in range(FIRST_ROW, ws.max_row + 1))
    assert plays == sorted((b, r["ns"], r["ew"]) for r in doc["rows"] if r["ns"] and r["ew"] for b in r["boards"])
    assert any(p[1] == "8" or p[2] == "8" for p in plays)


def test_swapped_board_sets_hold_the_rules_and_skip_a_board_a_pair_would_play_again():
    """Every swap of two tables' boards in round 3 of a 5-table Howell that could have happened (no pair at
    either table had played those boards) gives a movement that holds the rules; a later table that would play
    a board again plays the round's others, said in the note."""
    from mpxl.core.changes import apply, swap

    m = movement("howell", 5, boards_per_round=2)
    made = []
    for a in range(1, 6):
        for b in range(a + 1, 6):
            try:
                made.append(apply(m, [swap(f"{a}-{b}@3")]))
            except ValueError as exc:
                assert "cannot be: at table" in str(exc)
    assert made
    for changed in made:
        recount(changed.to_json(), changed=True)
        at3 = {r.table: r.boards for r in changed.rows if r.round == 3}
        assert sorted(at3.values()) == sorted(r.boards for r in m.rows if r.round == 3)
        if "not played at table" in changed.note:
            assert any(len(r.boards) < 2 for r in changed.rows)


@pytest.mark.parametrize("args, said", [
    (["howell", "--tables", "4", "--joins", "9@3"], "pair 9 joins at round 3: no empty seat from round 3"),
    (["howell", "--tables", "4", "--pairs", "7", "--joins", "3@3"], "pair 3 plays already from round 3"),
    (["mitchell", "--tables", "5", "--leaves", "3@2"], "with two winners name the pair NS 3 or EW 3"),
    (["howell", "--tables", "4", "--leaves", "5@7"], "the movement has rounds 1 to 7 (a pair leaves before the last)"),
    (["howell", "--tables", "4", "--leaves", "5"], "--leaves '5': expected PAIR@ROUND"),
    (["howell", "--tables", "4", "--swap-boards", "2@3"], "expected TABLE-TABLE@ROUND"),
    (["howell", "--tables", "4", "--pairs", "7", "--leaves", "5@2", "--joins", "8@4"],
     "round 4 has 2 empty seats"),
])
def test_a_change_that_cannot_be_made_is_refused_in_one_line(capsys, args, said):
    assert main(["movement", *args]) == 2
    err = capsys.readouterr().err
    assert said in err and err.count("\n") == 1
