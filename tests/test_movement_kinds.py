"""Every movement kind (issue 51): each schedule's rules recounted from ``mpxl movement ... --json``
(tests/schedule_recount.py: not through :mod:`mpxl.core.movement_check` nor the code that built it), each kind's balance
within its bound, the club's list walked, every table count from 2 to 30 offered, what a kind cannot do
refused naming what it can, and the new kinds on the cards and the template's travellers."""

from __future__ import annotations

import json
from collections import Counter
from itertools import combinations

import pytest

from mpxl.cli import main
from tests.schedule_recount import recount, spread


def _schedule(capsys, *args: str) -> dict:
    assert main(["movement", *args, "--json"]) == 0
    return json.loads(capsys.readouterr().out)


def _pairs(s: dict) -> set[str]:
    return {r[d] for r in s["rows"] for d in ("ns", "ew") if r[d]}


# kind, tables, rounds, winners, the bound on the comparisons' spread (one winner)
HOWELLS_SHARED = [("howell", 2, 3, 0), ("howell", 3, 5, 2)]


@pytest.mark.parametrize("kind, tables, rounds, bound", HOWELLS_SHARED)
def test_the_small_howells_share_boards_and_are_complete_and_balanced(capsys, kind, tables, rounds, bound):
    s = _schedule(capsys, kind, "--tables", str(tables))
    assert (s["tables"], s["rounds"], s["winners"]) == (tables, rounds, 1)
    meet = recount(s)
    pairs = [str(p) for p in range(1, 2 * tables + 1)]
    assert set(meet) == {frozenset(p) for p in combinations(pairs, 2)}  # each meets each exactly once
    assert spread(s) <= bound
    shared = [r for r in s["rows"] if r.get("shares")]
    assert shared and all(len(r["shares"]) == tables - 1 for r in shared)  # the whole round shares
    assert {r["round"] for r in shared} == ({1, 2, 3} if tables == 2 else {1})


@pytest.mark.parametrize("tables", range(2, 31, 2))
def test_every_share_and_relay_mitchell_holds_every_rule(capsys, tables):
    s = _schedule(capsys, "relay", "--tables", str(tables))
    assert (s["movement"], s["rounds"], s["winners"]) == ("relay", tables, 2)
    meet = recount(s)
    assert len(meet) == tables * tables  # every NS pair meets every EW pair: no skip
    assert all(r["ns"] == str(r["table"]) for r in s["rows"])
    shares = {(r["table"], tuple(r["shares"])) for r in s["rows"] if r.get("shares")}
    assert shares == {(1, (tables,)), (tables, (1,))}  # tables 1 and T share, every round
    sets = {tuple(r["boards"]) for r in s["rows"]}
    assert len(sets) == tables  # T sets: one on the relay each round
    assert Counter(b for r in s["rows"] for b in r["boards"]) == {b: tables for b in range(1, max(max(sets)) + 1)}


@pytest.mark.parametrize("tables, rounds", [(5, 6), (6, 8), (7, 10), (8, 11)])
def test_the_three_quarter_howells(capsys, tables, rounds):
    s = _schedule(capsys, "three-quarter", "--tables", str(tables), "--boards-per-round", "2")
    assert (s["movement"], s["rounds"], s["winners"]) == ("three-quarter", rounds, 1)
    meet = recount(s)
    assert len(meet) == tables * rounds and spread(s) <= 2
    assert 0.65 <= rounds / (2 * tables - 1) <= 0.85


@pytest.mark.parametrize("tables", range(3, 30))
def test_every_hesitation_mitchell_holds_every_rule(capsys, tables):
    """The published hesitation Mitchell, recounted: T+1 rounds and sets; NS pairs 1 to T-1 at their tables
    throughout; the moving pairs (T and the EW pairs) meet each of them once and, at table T, the pairs beside
    them in the loop; every pair plays every set once; the last round (two from 11 tables) turned at every table
    but T (even, the round before the last: but T and the two tables before the relays, as the EBU's 12 tables).
    Odd T (Blandon): a relay, no board shared. Even T (the EBU's): tables 1 and T share every round, and T+1 sets
    on T-1 places of tables, so two sets rest each round. The spread of the comparisons: what one winner by an
    arrowswitch reaches (two stationary pairs are compared on every set but the turned ones): T, and T-2 with
    two rounds turned at every table (odd)."""
    s = _schedule(capsys, "hesitation", "--tables", str(tables), "--boards-per-round", "2")
    n, turned, even = tables + 1, 2 if tables >= 11 else 1, tables % 2 == 0
    assert (s["movement"], s["rounds"], s["winners"]) == ("hesitation", n, 1)
    meet = recount(s)
    still = {str(p) for p in range(1, tables)}
    moving = _pairs(s) - still
    assert len(moving) == n and all(frozenset((a, b)) in meet for a in still for b in moving)
    assert len(meet) == len(still) * n + n  # and n meetings of two moving pairs, at table T
    kept = {tables // 2 - 1, tables // 2} if even else set()
    for row in s["rows"]:
        if row["table"] < tables:
            turn = row["round"] == n or (turned == 2 and row["round"] == n - 1 and row["table"] not in kept)
            assert row["ew" if turn else "ns"] == str(row["table"]), row
    for p in _pairs(s):
        assert sorted(b for r in s["rows"] if p in (r["ns"], r["ew"]) for b in r["boards"]) == list(range(1, 2 * n + 1))
    shares = {(r["table"], tuple(r["shares"])) for r in s["rows"] if r.get("shares")}
    assert shares == ({(1, (tables,)), (tables, (1,))} if even else set())
    resting = {r: {b for b in range(1, 2 * n + 1)} - {b for x in s["rows"] if x["round"] == r for b in x["boards"]}
               for r in range(1, n + 1)}
    assert {len(v) for v in resting.values()} == {4 if even else 2}  # two relays of 2 boards, or one
    assert spread(s) == tables - (2 if turned == 2 and not even else 0)


@pytest.mark.parametrize("tables, missing", [(7, "14"), (8, "1"), (12, "1")])
def test_a_hesitation_with_a_pair_missing(capsys, tables, missing):
    """2T-1 pairs: odd, pair 2T is missing; even (the EBU's 7 1/2 tables: "no pair at 1 NS"), pair 1, so that
    table T plays table 1's boards alone. Every rule still holds; the sit-out is the missing pair's opponent."""
    s = _schedule(capsys, "hesitation", "--tables", str(tables), "--pairs", str(2 * tables - 1))
    recount(s)
    assert missing not in _pairs(s) and len(_pairs(s)) == 2 * tables - 1
    assert all((r["ns"] is None) != (r["ew"] is None) for r in s["rows"] if None in (r["ns"], r["ew"]))
    assert sum(None in (r["ns"], r["ew"]) for r in s["rows"]) == tables + 1  # one sit-out a round


@pytest.mark.parametrize("kind", ["appendix", "web"])
@pytest.mark.parametrize("tables", range(14, 27))
def test_every_appendix_and_web_mitchell_holds_every_rule(capsys, kind, tables):
    """A circuit of 13 tables, T-13 appended: table 13+k shares table k's boards each round (a web: its own copy).
    Every pair plays every board once, in its own direction, so each field is compared on every board; each
    pair meets 13 of the other direction, none twice. 26 tables: every NS pair stationary (two Mitchells on the
    same boards); 14-25: NS pairs 1 to T-13 and EW pairs 14 to T stationary, the circuit's pairs moving."""
    s = _schedule(capsys, kind, "--tables", str(tables))
    assert (s["movement"], s["rounds"], s["winners"], s.get("copies", 1)) == (kind, 13, 2, 2 if kind == "web" else 1)
    meet = recount(s)
    assert len(meet) == 13 * tables
    appended = tables - 13
    still_ns = range(1, tables + 1) if tables == 26 else range(1, appended + 1)
    assert all(r["ns"] == str(r["table"]) for r in s["rows"] if int(r["ns"]) in still_ns)
    assert {r["table"] for r in s["rows"] if int(r["ns"]) in still_ns} == set(still_ns)
    if tables < 26:
        assert all(r["ew"] == str(r["table"]) for r in s["rows"] if int(r["ew"]) > 13)
    boards = list(range(1, 27))
    for d in ("ns", "ew"):  # every pair plays every board once: each field compared on every board
        pairs = {r[d] for r in s["rows"]}
        assert pairs == {str(p) for p in range(1, tables + 1)}
        for p in pairs:
            assert sorted(b for r in s["rows"] if r[d] == p for b in r["boards"]) == boards
    shared = {(r["table"], tuple(r["shares"])) for r in s["rows"] if r.get("shares")}
    assert shared == {(t, (t + 13,)) for t in range(1, appended + 1)} | {(t + 13, (t,)) for t in range(1, appended + 1)}


@pytest.mark.parametrize("args, late, who", [
    (["mitchell", "--tables", "7", "--pairs", "13"], 3, "7"),
    (["mitchell", "--tables", "8", "--pairs", "15", "--arrowswitch", "2"], 2, "16"),
    (["howell", "--tables", "5", "--pairs", "9"], 2, "10"),
    (["howell", "--tables", "3", "--pairs", "5"], 4, "6"),
    (["howell", "--tables", "4", "--rounds", "4", "--pairs", "7"], 2, "8"),
    (["relay", "--tables", "8", "--pairs", "15"], 5, "8"),
])
def test_a_late_pair_takes_the_seat_that_sat_out(capsys, args, late, who):
    before = _schedule(capsys, *args)
    s = _schedule(capsys, *args, "--late", str(late))
    recount(s)
    sits = {r["round"] for r in s["rows"] if r["ns"] is None or r["ew"] is None}
    assert sits == set(range(1, late))  # nobody sits out once the pair has come
    mine = (lambda d: True) if s["winners"] == 1 else (lambda d: d == "ew")  # two winners: EW `who`
    seats = [(r["round"], r["table"], d) for r in s["rows"] for d in ("ns", "ew") if r[d] == who and mine(d)]
    empty = [(r["round"], r["table"], d) for r in before["rows"] for d in ("ns", "ew") if r[d] is None]
    assert seats == [x for x in empty if x[0] >= late]  # the late pair's seats are the sit-out's
    changed = [r for r, b in zip(s["rows"], before["rows"]) if r != b]
    assert changed and all(r["round"] >= late for r in changed)


# The club's list (issue 51): tables -> the command that gives what the club plays, and what is checked.
CLUB_LIST = [
    (3, ["howell", "--tables", "3"], {"rounds": 5, "winners": 1}),
    (4, ["howell", "--tables", "4", "--boards-per-round", "4"], {"rounds": 7, "boards_per_round": 4}),
    (5, ["howell", "--tables", "5", "--boards-per-round", "3"], {"rounds": 9, "boards_per_round": 3}),
    (6, ["three-quarter", "--tables", "6"], {"rounds": 8, "winners": 1}),
    (7, ["howell", "--tables", "7", "--boards-per-round", "2"], {"rounds": 13, "boards_per_round": 2}),
    (8, ["hesitation", "--tables", "8"], {"rounds": 9, "winners": 1, "boards_per_round": 3}),
    (8, ["mitchell", "--tables", "8", "--arrowswitch", "2"], {"rounds": 7, "winners": 1}),
    (9, ["mitchell", "--tables", "9"], {"rounds": 9, "winners": 2}),
    (10, ["mitchell", "--tables", "10"], {"rounds": 9, "winners": 2}),
    (11, ["mitchell", "--tables", "11", "--arrowswitch", "2"], {"rounds": 11, "winners": 1}),
    (12, ["hesitation", "--tables", "12"], {"rounds": 13, "winners": 1, "boards_per_round": 2}),
    (12, ["mitchell", "--tables", "12", "--arrowswitch", "2"], {"rounds": 11, "winners": 1}),
    (13, ["mitchell", "--tables", "13"], {"rounds": 13, "winners": 2}),
    (14, ["mitchell", "--tables", "14"], {"rounds": 13, "winners": 2}),
    (2, ["howell", "--tables", "2"], {"rounds": 3, "winners": 1}),
    (8, ["relay", "--tables", "8"], {"rounds": 8, "winners": 2}),
    (9, ["hesitation", "--tables", "9"], {"rounds": 10, "winners": 1}),
    (11, ["hesitation", "--tables", "11"], {"rounds": 12, "winners": 1}),
    (14, ["appendix", "--tables", "14"], {"rounds": 13, "winners": 2}),
    (20, ["web", "--tables", "20"], {"rounds": 13, "winners": 2, "copies": 2}),
    (26, ["appendix", "--tables", "26"], {"rounds": 13, "winners": 2}),
    (26, ["web", "--tables", "26"], {"rounds": 13, "winners": 2, "copies": 2}),
]


@pytest.mark.parametrize("tables, args, expect", CLUB_LIST)
def test_the_club_list_is_offered(capsys, tables, args, expect):
    s = _schedule(capsys, *args)
    assert s["tables"] == tables and {k: s[k] for k in expect} == expect
    recount(s)


def test_every_table_count_from_2_to_30_has_a_movement(capsys):
    offered = {}
    for tables in range(2, 31):
        for kind in ("mitchell", "howell", "relay", "three-quarter", "hesitation", "appendix", "web"):
            if main(["movement", kind, "--tables", str(tables), "--json"]) == 0:
                recount(json.loads(capsys.readouterr().out))
                offered.setdefault(tables, []).append(kind)
            else:
                capsys.readouterr()
    assert sorted(offered) == list(range(2, 31))
    assert offered[2] == ["howell", "relay"] and offered[3] == ["mitchell", "howell", "hesitation"]
    assert offered[8] == ["mitchell", "howell", "relay", "three-quarter", "hesitation"]
    assert offered[14] == ["mitchell", "relay", "hesitation", "appendix", "web"]
    assert offered[6] == ["mitchell", "howell", "relay", "three-quarter", "hesitation"]
    assert offered[9] == ["mitchell", "howell", "hesitation"]
    assert offered[26] == ["mitchell", "relay", "hesitation", "appendix", "web"]
    assert offered[30] == ["mitchell", "relay"]


@pytest.mark.parametrize("args, words", [
    (["relay", "--tables", "7"], "--tables 7 for a relay: an even number from 2 to 30"),
    (["relay", "--tables", "32"], "--tables 32 for a relay: an even number from 2 to 30"),
    (["relay", "--tables", "8", "--rounds", "6"], "--rounds 6 for an 8-table relay: it plays 8 rounds"),
    (["relay", "--tables", "8", "--arrowswitch", "2"], "--arrowswitch is for a mitchell"),
    (["three-quarter", "--tables", "4"], "--tables 4 for a three-quarter: 5-8 tables"),
    (["three-quarter", "--tables", "9"], "--tables 9 for a three-quarter: 5-8 tables"),
    (["three-quarter", "--tables", "6", "--rounds", "9"], "--rounds 9 for a 6-table three-quarter: it plays 8"),
    (["howell", "--tables", "3", "--rounds", "4"], "--rounds 4 for a 3-table howell: it plays 5 rounds"),
    (["howell", "--tables", "1"], "--tables 1 for a howell: offered for 2-13 and 15 tables"),
    (["howell", "--tables", "2", "--pairs", "2"], "--pairs 2 for 2 tables: expected 3 to 4"),
    (["mitchell", "--tables", "7", "--late", "3"], "--late: give --pairs 2T-1"),
    (["mitchell", "--tables", "7", "--pairs", "13", "--late", "1"], "--late 1 for a 7-round mitchell: expected 2 to 7"),
    (["howell", "--tables", "3", "--pairs", "5", "--late", "6"], "--late 6 for a 5-round howell: expected 2 to 5"),
    (["web", "--tables", "8"], "--tables 8 for a web: 14-26 tables (a 13-table circuit and up to 13 appended "
     "tables)"),
    (["appendix", "--tables", "27"], "--tables 27 for an appendix: 14-26 tables"),
    (["appendix", "--tables", "26", "--rounds", "7"], "--rounds 7 for a 26-table appendix: it plays 13 rounds"),
    (["hesitation", "--tables", "2"], "--tables 2 for a hesitation: 3 to 29 tables"),
    (["hesitation", "--tables", "30"], "--tables 30 for a hesitation: 3 to 29 tables"),
    (["three-quarter", "--tables", "6", "--pairs", "11"], "--pairs 11 for a three-quarter: no sit-out"),
    (["bowell", "--tables", "4"], "movement 'bowell': expected mitchell, howell, relay, three-quarter, "
     "hesitation, appendix or web"),
])
def test_what_a_kind_cannot_do_is_refused_naming_what_it_can(capsys, args, words):
    assert main(["movement", *args]) == 2
    err = capsys.readouterr().err
    assert words in err and err.count("\n") == 1 and "Traceback" not in err


def test_the_help_names_which_options_work_with_which_kind(capsys):
    with pytest.raises(SystemExit):
        main(["movement", "--help"])
    out = capsys.readouterr().out
    for words in ("option", "mitchell", "howell", "relay", "three-quarter", "--late ROUND", "--arrowswitch N"):
        assert words in out


@pytest.mark.parametrize("args, boards, shared", [
    (["howell", "--tables", "2", "--boards-per-round", "8"], 24, "(shared with table 2)"),
    (["howell", "--tables", "3", "--boards-per-round", "5"], 25, "(shared with tables 2 and 3)"),
    (["relay", "--tables", "4", "--boards-per-round", "2"], 8, "(shared with table 4)"),
    (["three-quarter", "--tables", "6", "--boards-per-round", "2"], 24, ""),
    (["hesitation", "--tables", "5", "--boards-per-round", "2"], 12, ""),
    (["web", "--tables", "26"], 26, "(a copy at table 14 too)"),
    (["appendix", "--tables", "26"], 26, "(shared with table 14)"),
])
def test_the_cards_take_every_new_kind(tmp_path, capsys, args, boards, shared):
    """The cards name each shared round's other tables (or copies) and have a slip per board."""
    page = tmp_path / "cards.html"
    assert main(["movement", *args, "-o", str(page)]) == 0
    text = page.read_text(encoding="utf-8")
    assert shared in text and text.count('class="card slip"') == boards


@pytest.mark.parametrize("args, lines", [
    (["howell", "--tables", "3", "--boards-per-round", "5"], 75),
    (["relay", "--tables", "4", "--boards-per-round", "2"], 32),
])
def test_the_template_takes_the_shared_boards(tmp_path, capsys, args, lines):
    """The template laid out from the movement has a traveller line per table that plays each board (a
    shared board at each of its tables), with exactly its pairs."""
    from openpyxl import load_workbook
    from openpyxl.utils import column_index_from_string

    from mpxl.workbook.template import FIRST_ROW, TRAVELLER_COLUMNS

    schedule = _schedule(capsys, *args)
    book = tmp_path / "t.xlsx"
    assert main(["template", "--movement", *args, "-o", str(book)]) == 0
    ws = load_workbook(book, read_only=True)["Travellers"]
    col = {k: column_index_from_string(TRAVELLER_COLUMNS[k]) - 1 for k in ("board", "ns_pair", "ew_pair")}
    typed = [(str(r[col["board"]]), str(r[col["ns_pair"]]), str(r[col["ew_pair"]])) for r in
             ws.iter_rows(min_row=FIRST_ROW, values_only=True, max_row=FIRST_ROW + lines + 5)]
    typed = [t for t in typed if t[0] != "None"]
    expected = sorted((str(b), row["ns"], row["ew"]) for row in schedule["rows"] if row["ns"] and row["ew"]
                      for b in row["boards"])
    assert len(typed) == lines and sorted(typed) == expected
