"""Issue 51, part 2: any movement from a file (``mpxl movement --from``: the tablets' ``.bws``, a typed CSV, a
``--json`` schedule), checked against the rules (recounted from ``--json`` by tests/schedule_recount.py, not
through :mod:`mpxl.core.movement_check`), refused naming the round, table and rule when broken, and used for the
cards and the template's travellers."""

from __future__ import annotations

import json

import pytest
from openpyxl import load_workbook

from mpxl.cli import main
from mpxl.core.movement import movement
from mpxl.core.movement_check import balance
from mpxl.formats.movement_file import read_movement
from mpxl.workbook.layout import FIRST_ROW
from tests.schedule_recount import recount, scheduled
from tests.shared import REALDATA

BWS = REALDATA / "bridgemate-2005-05-09-12tables-arbitral.bws"
HEAD = "round,table,ns,ew,boards\n"
#: A 3-table Mitchell of two boards a round, as a director types it (board sets as ranges).
TYPED = HEAD + "".join(f"{r},{t},{t},{(t - r) % 3 + 1},{2 * ((t + r - 2) % 3) + 1}-{2 * ((t + r - 2) % 3) + 2}\n"
                       for r in (1, 2, 3) for t in (1, 2, 3))


def _json(capsys, *args: str) -> dict:
    assert main(["movement", *args, "--json"]) == 0
    return json.loads(capsys.readouterr().out)


def test_the_shared_bws_movement_is_read_checked_and_balanced(capsys):
    if not BWS.exists():
        pytest.skip(f"{BWS} is not there")
    doc = _json(capsys, "--from", str(BWS))
    recount(doc, meet_once=False)  # its last round's pairs met in its first (the other way round)
    times = scheduled(doc)
    assert (doc["tables"], doc["rounds"], doc["winners"]) == (12, 12, 1)  # pairs 13-24 sit NS in some rounds
    assert sorted(times) == list(range(1, 25)) and set(times.values()) == {12}
    assert any(r["ns"] == "14" and r["ew"] == "2" for r in doc["rows"])  # the pairs the other way round
    assert doc["comparisons"]["spread"] == doc["comparisons"]["most"] - doc["comparisons"]["fewest"]
    assert "no pair at two tables" in doc["checked"]
    assert main(["movement", "--from", str(BWS)]) == 0
    assert "checked: no pair at two tables" in capsys.readouterr().out


def test_a_typed_csv_is_read_and_used_for_the_cards_and_the_template(tmp_path, capsys):
    typed = tmp_path / "typed.csv"
    typed.write_text(TYPED, encoding="utf-8")
    doc = _json(capsys, "--from", str(typed))
    recount(doc)
    assert set(scheduled(doc).values()) == {3} and doc["winners"] == 2
    assert doc["comparisons"] == {"fewest": 6, "most": 6, "spread": 0, "unit": "boards"}
    cards, book = tmp_path / "cards.html", tmp_path / "typed.xlsx"
    assert main(["movement", "--from", str(typed), "-o", str(cards)]) == 0
    assert capsys.readouterr().out.startswith(f"mpxl: wrote {cards} (cards to print): Custom, 3 tables")
    page = cards.read_text(encoding="utf-8")
    assert page.count('class="card slip"') == 6 and page.count('class="card guide-card"') == 6
    assert main(["template", "--from", str(typed), "--title", "Tuesday pairs", "--date", "2026-12-01",
                 "-o", str(book)]) == 0
    assert capsys.readouterr().out.startswith(f"mpxl: wrote {book} (workbook): Tuesday pairs, 18 traveller lines")
    ws = load_workbook(book)["Movement"]
    plays = sorted((ws.cell(r, 1).value, str(ws.cell(r, 4).value), str(ws.cell(r, 5).value))
                   for r in range(FIRST_ROW, ws.max_row + 1))
    assert plays == sorted((b, r["ns"], r["ew"]) for r in doc["rows"] for b in r["boards"])


@pytest.mark.parametrize("args", [("mitchell", "--tables", "5"), ("howell", "--tables", "6", "--pairs", "11"),
                                  ("howell", "--tables", "5", "--rounds", "6"), ("mitchell", "--tables", "4")])
def test_a_json_schedule_reads_back_as_it_was(tmp_path, capsys, args):
    out = tmp_path / "m.json"
    assert main(["movement", *args, "-o", str(out)]) == 0
    capsys.readouterr()
    again = read_movement(out)
    made = movement(args[0], *[int(a) for a in args[2::2]][:1],
                    **{k.lstrip("-"): int(v) for k, v in zip(args[3::2], args[4::2])})
    assert again.rows == made.rows and again.winners == made.winners and again.kind == made.kind
    assert balance(again) == balance(made)


#: Every kind of movement mpxl builds (issue 51's h51-kinds), with a late pair: (its options, its boards, the
#: words its table cards say of the boards a round shares)
EVERY_KIND = [
    (["howell", "--tables", "2", "--boards-per-round", "4"], 12, "(shared with table 2)"),
    (["howell", "--tables", "3", "--pairs", "5", "--late", "2", "--boards-per-round", "4"], 20,
     "(shared with tables 2 and 3)"),
    (["relay", "--tables", "4", "--boards-per-round", "2"], 8, "(shared with table 4)"),
    (["three-quarter", "--tables", "6", "--boards-per-round", "2"], 24, ""),
    (["hesitation", "--tables", "5", "--pairs", "9", "--late", "3", "--boards-per-round", "2"], 12, ""),
    (["appendix", "--tables", "26"], 26, "(shared with table 14)"),
    (["web", "--tables", "26"], 26, "(a copy at table 14 too)"),
    (["mitchell", "--tables", "7", "--pairs", "13", "--late", "3"], 28, ""),
]


@pytest.mark.parametrize("args, boards, shared", EVERY_KIND)
def test_every_kind_goes_through_a_file_to_the_cards_and_the_template(tmp_path, capsys, args, boards, shared):
    """A kind's ``--json`` schedule read back by ``--from`` is the same movement (its shares found again from the
    boards, its copies kept), holds the rules of any file, and gives the same cards and travellers."""
    out, cards, book = tmp_path / "m.json", tmp_path / "cards.html", tmp_path / "t.xlsx"
    assert main(["movement", *args, "-o", str(out)]) == 0
    capsys.readouterr()
    made, again = json.loads(out.read_text(encoding="utf-8")), read_movement(out)
    assert [r.shares for r in again.rows] == [tuple(r.get("shares", ())) for r in made["rows"]]
    assert again.copies == made.get("copies", 1) and again.boards == boards
    doc = _json(capsys, "--from", str(out))
    recount(doc)
    assert doc["rows"] == made["rows"] and doc["checked"].startswith("no pair at two tables")
    assert main(["movement", "--from", str(out), "-o", str(cards)]) == 0
    page = cards.read_text(encoding="utf-8")
    assert shared in page and page.count('class="card slip"') == boards
    assert main(["template", "--from", str(out), "--title", "Tuesday pairs", "-o", str(book)]) == 0
    lines = sum(len(r["boards"]) for r in made["rows"] if r["ns"] and r["ew"])
    assert capsys.readouterr().out.endswith(f"(workbook): Tuesday pairs, {lines} traveller lines\n")


#: Broken typed movements: the rows after the header, and the place and rule the refusal names.
BROKEN = [
    ("1,1,1,2,1-2\n1,2,1,4,3-4\n", "round 1, table 2: no pair at two tables: NS 1 is at table 1 too"),
    ("1,1,1,1,1\n1,2,2,2,2\n2,1,1,2,2\n2,2,2,1,1\n", "round 2, table 1: no board twice to a pair: EW 2 played "
     "board 2 in round 1, table 2"),
    ("1,1,1,1,1-2\n1,2,2,2,2-3\n", "round 1, table 2: no board at two tables at once: board 2 is at table 1 too"),
    ("1,1,1,1,1\n1,2,2,2,2\n2,1,3,3,1\n", "every board played equally often: board 1 is played 2 times, "
     "board 2 is played 1 time"),
    ("1,1,1,x,1\n", "line 2: pair 'x' is not a pair number"),
    ("1,1,1,2,1-y\n", "line 2: boards '1-y': '1-y' is not a board or a range of boards"),
    ("1,1,1,2,1\n1,1,3,4,2\n", "round 1, table 1: listed twice"),
    # a header of its own: a section column naming two sections (each has its own movement), not "listed twice"
    ("section,round,table,ns,ew,boards\nA,1,1,1,2,1\nB,1,1,1,2,1\n",
     "column section: 2 sections (A, B): a movement file holds one"),
]


@pytest.mark.parametrize("rows, said", BROKEN)
def test_a_broken_movement_is_refused_naming_round_table_and_rule(tmp_path, capsys, rows, said):
    typed = tmp_path / "bad.csv"
    typed.write_text(rows if not rows[0].isdigit() else HEAD + rows, encoding="utf-8")
    assert main(["movement", "--from", str(typed)]) == 2
    err = capsys.readouterr().err
    assert f"{typed}: {said}" in err and err.count("\n") == 1


def test_two_tables_sharing_their_boards_is_no_break(tmp_path, capsys):
    """A board at two tables in one round is shared when both play the same boards (they pass them across)."""
    typed = tmp_path / "share.csv"
    typed.write_text(HEAD + "1,1,1,2,1-2\n1,2,3,4,1-2\n2,1,1,3,3-4\n2,2,2,4,3-4\n3,1,1,4,5-6\n3,2,2,3,5-6\n",
                     encoding="utf-8")
    doc = _json(capsys, "--from", str(typed))
    recount(doc)  # the rows name each other as sharing
    assert set(scheduled(doc).values()) == {2} and doc["winners"] == 1
    assert [r["shares"] for r in doc["rows"]] == [[2], [1]] * 3


@pytest.mark.parametrize("args, said", [
    (["--from", "x.csv", "--tables", "3"], "the file gives the movement: give no --tables"),
    (["howell", "--from", "x.csv"], "the file gives the movement: give no howell"),
    ([], "give KIND (mitchell, howell, relay, three-quarter, hesitation, appendix, web) with --tables, or --from FILE"),
    (["--from", "x.xls"], "x.xls: a movement is read from .bws, .csv, .txt, .json"),
])
def test_bad_requests_are_refused_with_one_line(capsys, args, said):
    assert main(["movement", *args]) == 2
    assert said in capsys.readouterr().err
