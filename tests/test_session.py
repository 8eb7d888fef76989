"""Session scoring: totals of rounded figures, percentages, places, Ave+/Ave-, fields, sessions."""

from __future__ import annotations

from fractions import Fraction as F
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mpxl.core.errors import UserError
from mpxl.core.event import Event, Line, Pair
from mpxl.core.options import ScoringOptions
from mpxl.core.ranking import place_labels
from mpxl.core.rounding import Rounding
from mpxl.core.session import score_event
from mpxl.formats import read_event
from mpxl.formats.jsonout import result_to_json

DATA = Path(__file__).parent / "data"


def totals(result):
    return {pr.pair.number if not pr.pair.direction else f"{pr.pair.direction}{pr.pair.number}":
            (pr.mp, pr.percentage, pr.place, pr.boards) for pr in result.pairs}


# The hand-worked club Howell (tests/data/club-howell.csv): N = 3, top 4.
# Board 2: two -140s Neuberg'd to 3 results (2 each) beside an A+ (2.4 / 1.6);
# board 3: a weighted 30% 420 + 70% 450 (3.7); board 4: two results Neuberg'd to 3 (3.5 / 0.5).
CLUB = {"6": (F(21, 2), F(525, 8)), "1": (F(77, 10), F(385, 6)), "3": (F(44, 5), F(55)),
        "2": (F(41, 5), F(205, 4)), "5": (F(51, 10), F(255, 8)), "4": (F(37, 10), F(185, 6))}


def test_club_howell_by_hand():
    r = score_event(read_event(DATA / "club-howell.csv"))
    got = totals(r)
    assert {k: (v[0], v[1]) for k, v in got.items()} == CLUB
    assert [pr.pair.number for pr in r.pairs] == ["6", "1", "3", "2", "5", "4"]
    assert got["1"][3] == 3 and got["2"][3] == 4  # pair 1 and 4 missed board 4
    b2 = r.boards[1]
    assert [(sl.ns_mp, sl.ew_mp) for sl in b2.lines] == [(2, 2), (2, 2), (F(12, 5), F(8, 5))]
    assert (b2.expected, b2.actual, b2.top) == (3, 2, 4)


def test_wbf_ave_minus_takes_the_pairs_own_lower_percentage():
    r = score_event(read_event(DATA / "club-howell.csv"), ScoringOptions.parse(ave_policy="wbf"))
    line = r.boards[1].lines[2]
    # pair 2's Ave+ (48% elsewhere) stays 60%; pair 5's Ave- becomes its own 3.5 / 12 = 29.17% of top 4
    assert (line.ns_mp, line.ew_mp) == (F(12, 5), F(7, 6))
    assert r.pair("5").mp == F(7, 2) + F(7, 6)


def test_wbf_ave_plus_takes_the_pairs_own_higher_percentage():
    lines = [Line(1, "1", "2", score=420), Line(1, "3", "4", score=400),
             Line(2, "1", "4", score=100), Line(2, "3", "2", score=50),
             Line(3, "1", "2", score="A+/A+"), Line(3, "3", "4", score=0)]
    r = score_event(Event(lines=lines, winners={"": 2}), ScoringOptions.parse(ave_policy="wbf"))
    ave = r.boards[2].lines[0]
    assert ave.ns_mp == 2  # NS 1 scored 100% on its other boards: Ave+ = 100% of top 2
    assert ave.ew_mp == F(6, 5)  # EW 2 scored 0%: Ave+ stays 60%


# A line's own procedural penalty on an artificial score under the wbf Ave+/Ave- policy: the penalty is taken off
# the pair's score on that board whatever the score is (docs/events.md: "procedural penalty taken off the line's
# figure"), so off the policy's Ave+/Ave- figure as off the fixed 60%/40% one. NS 1, 2, 3 v EW 4, 5, 6, N = 3,
# top 4. Board 1: 420, 400, 450 -> NS 1 2, EW 4 2; board 2: 420, 420, 400 -> NS 1 3, EW 4 1. So on its other
# boards NS 1 has 5/8 = 62.5% (its Ave+ is 62.5% of 4 = 2.5, its Ave- stays 40% = 1.6) and EW 4 has 3/8 = 37.5%
# (its Ave- is 37.5% = 1.5, its Ave+ stays 60% = 2.4). Board 3: NS 1 v EW 4's artificial line (the other tables
# 100, 200), then NS 1's total is 2 + 3 + its board-3 figure, EW 4's 2 + 1 + its.
WBF_PENALTY_BASE = [Line(1, "1", "4", score=420), Line(1, "2", "5", score=400), Line(1, "3", "6", score=450),
                    Line(2, "1", "4", score=420), Line(2, "2", "5", score=420), Line(2, "3", "6", score=400),
                    Line(3, "2", "5", score=100), Line(3, "3", "6", score=200)]


@pytest.mark.parametrize("policy, score, switch, ns_pen, ew_pen, ns_mp, ew_mp", [
    ("wbf", "A+", False, 1, None, F(3, 2), F(3, 2)),  # NS 2.5 - 1; EW 1.5
    ("wbf", "A+", False, "10%", None, F(21, 10), F(3, 2)),  # NS 2.5 - 10% of 4 = 2.5 - 0.4
    ("wbf", "A+", False, None, "0.5", F(5, 2), F(1)),  # EW's Ave- 1.5 - 0.5
    ("wbf", "A+", False, 1, "25%", F(3, 2), F(1, 2)),  # NS 2.5 - 1; EW 1.5 - 25% of 4
    ("wbf", "A-", True, 1, None, F(3, 2), F(3, 2)),  # switched: NS 1 sits on A-'s Ave+ side: 2.5 - 1; EW 4 Ave- 1.5
    ("wbf", "A-", False, None, "25%", F(8, 5), F(7, 5)),  # NS 1's Ave- stays 1.6; EW 4's Ave+ 2.4 - 1
    ("wbf", "A+", False, None, None, F(5, 2), F(3, 2)),  # no penalty: the policy's figures as they were
    ("fixed", "A+", False, 1, None, F(7, 5), F(8, 5)),  # 60% of 4 = 2.4 - 1; 40% = 1.6
    ("fixed", "A+", False, None, "0.5", F(12, 5), F(11, 10)),  # 2.4; 1.6 - 0.5
])
def test_wbf_ave_plus_minus_takes_the_lines_own_penalty_off(policy, score, switch, ns_pen, ew_pen, ns_mp, ew_mp):
    line = Line(3, "1", "4", score=score, arrowswitch=switch, ns_penalty=ns_pen, ew_penalty=ew_pen)
    r = score_event(Event(lines=[*WBF_PENALTY_BASE, line], winners={"": 2}), ScoringOptions.parse(ave_policy=policy))
    got = r.boards[2].lines[-1]
    assert (got.ns_mp, got.ew_mp) == (ns_mp, ew_mp)
    assert (r.pair("1").mp, r.pair("4").mp) == (5 + ns_mp, 3 + ew_mp)


def test_mitchell_arrowswitch_two_winners():
    r = score_event(read_event(DATA / "mitchell-arrowswitch.csv"))
    assert {k: v[0] for k, v in totals(r).items()} == {"NS1": 3, "NS2": 5, "NS3": 0, "EW1": 5, "EW2": 4, "EW3": 7}
    assert [pr.place for pr in r.pairs] == ["1", "2", "3", "1", "2", "3"]


@pytest.mark.parametrize("values, labels", [
    ([70, 60, 60, 50], ["1", "2=", "2=", "4"]),
    ([50, 50], ["1=", "1="]),
    ([1], ["1"]),
    ([], []),
])
def test_place_labels(values, labels):
    assert place_labels(values) == labels


# (options, board 1's NS matchpoints for scores 420, 400, 400 with N given / rounding)
@pytest.mark.parametrize("options, ns", [
    (ScoringOptions(), [4, 1, 1]),
    (ScoringOptions.parse(scale=1), [2, F(1, 2), F(1, 2)]),
    (ScoringOptions.parse(expected=4), [F(17, 3), F(5, 3), F(5, 3)]),  # Neuberg: (S N + N - n) / n
    (ScoringOptions.parse(expected=4, rounding=Rounding.parse(1)), [F(57, 10), F(17, 10), F(17, 10)]),
    (ScoringOptions.parse(expected=4, method="factor"), [6, F(3, 2), F(3, 2)]),
    (ScoringOptions.parse(factor_top=10), [10, F(5, 2), F(5, 2)]),
])
def test_options(options, ns):
    ev = Event(lines=[Line(1, "1", "2", score=420), Line(1, "3", "4", score=400), Line(1, "5", "6", score=400)])
    assert [sl.ns_mp for sl in score_event(ev, options).boards[0].lines] == ns


def test_expected_is_the_most_results_on_any_board_of_the_section():
    lines = [Line(1, str(i), str(i + 10), "A", score=10 * i) for i in range(1, 5)] + \
            [Line(2, str(i), str(i + 10), "A", score=10 * i) for i in range(1, 4)] + \
            [Line(1, str(i), str(i + 10), "B", score=10 * i) for i in range(1, 3)]
    r = score_event(Event(lines=lines, winners={"A": 2, "B": 2}))
    assert [(b.section, b.board, b.expected, b.actual) for b in r.boards] == [
        ("A", 1, 4, 4), ("A", 2, 4, 3), ("B", 1, 2, 2)]
    across = score_event(Event(lines=lines, winners={"A": 2, "B": 2}), ScoringOptions.parse(field="event"))
    assert [(b.section, b.board, b.expected, b.actual) for b in across.boards] == [("", 1, 6, 6), ("", 2, 6, 3)]


def test_two_sessions_add_up():
    lines = [Line(1, "1", "2", score=420, session=1), Line(1, "3", "4", score=400, session=1),
             Line(1, "1", "2", score=-50, session=2), Line(1, "3", "4", score=-100, session=2)]
    r = score_event(Event(lines=lines, winners={"": 2}))
    pr = r.pair("1", direction="NS")
    assert (pr.mp, pr.max, pr.boards, pr.sessions) == (4, 4, 2, {1: 2, 2: 2})
    assert len(r.boards) == 2 and [b.session for b in r.boards] == [1, 2]


def test_known_pairs_keep_their_names():
    ev = Event(lines=[Line(1, "1", "2", score=420), Line(1, "3", "4", score=400)],
               pairs=[Pair("1", names=("Ann", "Bob"))])
    assert score_event(ev).pair("1").pair.names == ("Ann", "Bob")


@pytest.mark.parametrize("lines, where, problem", [
    ([Line(1, "1", "2", score=420, where="line 2"), Line(1, "1", "3", score=400, where="line 3")], "line 3", "pair 1 already"),
    ([Line(1, "1", "2", score="A?", where="line 2")], "line 2", "not a score"),
    ([Line(1, "1", "2", score="30% 420 + 60% 450", where="line 2")], "line 2", "add up to 90%"),
    ([Line(1, "1", "2", score=420, ns_penalty="lots", where="line 2")], "line 2", "not a penalty"),
])
def test_bad_lines_name_their_place(lines, where, problem):
    with pytest.raises(UserError) as exc:
        score_event(Event(lines=lines, source="e.csv"))
    assert (exc.value.source, exc.value.where) == ("e.csv", where)
    assert problem in exc.value.problem


def test_more_results_than_expected_is_refused():
    ev = Event(lines=[Line(1, "1", "2", score=1), Line(1, "3", "4", score=2)], source="e.csv")
    with pytest.raises(UserError, match="more than the 1 expected"):
        score_event(ev, ScoringOptions.parse(expected=1))


@pytest.mark.parametrize("kwargs", [dict(scale=3), dict(ave_policy="best"), dict(field="club"), dict(winners=3),
                                    dict(expected=0), dict(method="average"), dict(factor_top=-1)])
def test_bad_options(kwargs):
    with pytest.raises(ValueError):
        ScoringOptions.parse(**kwargs)


def test_json_schema():
    doc = result_to_json(score_event(read_event(DATA / "mitchell-arrowswitch.csv")))
    assert set(doc["boards"][0]) >= {"board", "section", "lines"}
    assert set(doc["boards"][0]["lines"][0]) == {"ns_pair", "ew_pair", "ns_score", "ns_mp", "ew_mp"}
    assert set(doc["pairs"][0]) >= {"pair", "section", "direction", "mp", "max", "percentage", "place"}
    assert all(isinstance(p["percentage"], float) and isinstance(p["mp"], float) for p in doc["pairs"])


# ------------------------------------------------------------------ properties

@settings(max_examples=60, deadline=None)
@given(st.lists(st.lists(st.integers(-5, 5), min_size=4, max_size=4), min_size=1, max_size=5))
def test_two_winner_full_boards_average_fifty(scores):
    """Mitchell, every board full: NS and EW percentages average 50 and every NS pair's MPs mirror EW's."""
    lines = [Line(b + 1, str(t + 1), str(t + 1), score=s * 10) for b, row in enumerate(scores) for t, s in enumerate(row)]
    r = score_event(Event(lines=lines, winners={"": 2}))
    ns = [pr.percentage for pr in r.pairs if pr.pair.direction == "NS"]
    ew = [pr.percentage for pr in r.pairs if pr.pair.direction == "EW"]
    assert sum(ns) / len(ns) == 50 == sum(ew) / len(ew)
    for b in r.boards:
        assert all(sl.ns_mp + sl.ew_mp == b.top for sl in b.lines)


@settings(max_examples=40, deadline=None)
@given(st.lists(st.integers(-5, 5), min_size=2, max_size=8), st.integers(0, 3))
def test_rounded_totals_are_sums_of_rounded_boards(scores, extra):
    lines = [Line(1, str(i), str(100 + i), score=s * 10) for i, s in enumerate(scores)]
    r = score_event(Event(lines=lines, winners={"": 2}),
                    ScoringOptions.parse(expected=len(scores) + extra, rounding=Rounding.parse(1)))
    for pr in r.pairs:
        line = next(sl for sl in r.boards[0].lines
                    if (sl.line.ns_pair if pr.pair.direction == "NS" else sl.line.ew_pair) == pr.pair.number)
        assert pr.mp == (line.ns_mp if pr.pair.direction == "NS" else line.ew_mp)
        assert (pr.mp * 10).denominator == 1


# Ave+/Ave- under the wbf policy when the estimate goes to the totals (Compscore's way: a short board's lines are
# published plain on its own top, the totals add it estimated to the full top). The policy's percentage is the pair's
# own percentage as its ranking works it out: what its total adds over its maximum (the full tops) on its other
# boards; the artificial line then shows that percentage of the board's own top, and the total adds it of the full
# top, as every artificial score on a short board (docs/rulings.md). N = 4, top 6, NS 1-3 v EW 11-14, two winners.
# Boards 1, 2 full: NS 1 6 and 6 (400s beating all). Board 4 short (3 results, line top 4): NS 1's 420 is plain 2 of
# 4, Neuberg'd to 4: (2 x 4 + 1)/3 = 3 of 6. So NS 1 has (6 + 6 + 3)/18 = 83.33% on the boards it played (the lines
# 6 + 6 + 2 over the full tops would make 77.78%). Board 3 short (A+ beside 420, 400; line top 4): NS 1's Ave+ is
# 83.33%: 3.33 of 4 on the line, 5 of 6 in its total (not the fixed 60%, 3.6). EW 13 (4 + 2 of 12 = 50%) keeps its
# Ave- at 40%: 1.6 of 4, 2.4 of 6.
WBF_TOTALS = [Line(1, "1", "11", score=400), Line(1, "2", "12", score=300), Line(1, "3", "13", score=200),
              Line(1, "4", "14", score=100),
              Line(2, "1", "12", score=400), Line(2, "2", "13", score=300), Line(2, "3", "14", score=200),
              Line(2, "4", "11", score=100),
              Line(3, "1", "13", score="A+"), Line(3, "2", "14", score=420), Line(3, "3", "11", score=400),
              Line(4, "1", "14", score=420), Line(4, "2", "11", score=400), Line(4, "3", "12", score=450)]


@pytest.mark.parametrize("policy, at, ns_line, ns_total, ew_line, ew_total, ns1", [
    ("wbf", "totals", F(333, 100), F(5), F(8, 5), F(12, 5), F(20)),  # 83.33% of 4 on the line, of 6 in the total
    ("wbf", "lines", F(5), None, F(12, 5), None, F(20)),  # the board estimated on the lines: 83.33% of 6
    ("fixed", "totals", F(12, 5), F(18, 5), F(8, 5), F(12, 5), F(93, 5)),  # 60% of 4 and of 6: 6 + 6 + 3.6 + 3
    ("fixed", "lines", F(18, 5), None, F(12, 5), None, F(93, 5)),
])
def test_wbf_ave_plus_under_estimate_at_totals_is_the_pairs_own_percentage_of_each_top(policy, at, ns_line, ns_total,
                                                                                        ew_line, ew_total, ns1):
    r = score_event(Event(lines=WBF_TOTALS, winners={"": 2}),
                    ScoringOptions.parse(ave_policy=policy, estimate_at=at, rounding="2"))
    line = r.boards[2].lines[0]
    assert (line.ns_mp, line.ns_total, line.ew_mp, line.ew_total) == (ns_line, ns_total, ew_line, ew_total)
    assert r.pair("1", "", "NS").mp == ns1


# A mixed line (one side keeps its result, the other is given an artificial score) under the wbf policy: the side
# given Ave+ or Ave- gets the policy's percentage as any artificial score (Law 12C2: the side not at fault is given
# Ave+, and the WBF's 60% or its own percentage if higher holds whatever the other side keeps). WBF_PENALTY_BASE:
# NS 1 has 62.5% on boards 1 and 2, EW 4 37.5%; on board 3 (N = 3, top 4, NS 2 100 and NS 3 200) NS 1 v EW 4.
@pytest.mark.parametrize("policy, score, switch, ns_mp, ew_mp", [
    ("wbf", "420|A+", False, F(4), F(12, 5)),  # NS 1 keeps 420, a top; EW 4's Ave+ stays 60% (its own 37.5%)
    ("wbf", "A+|-500", False, F(5, 2), F(4)),  # NS 1's Ave+ 62.5% of 4; EW 4 keeps -500, a top for EW
    ("wbf", "A-|420", False, F(8, 5), F(0)),  # NS 1's Ave- stays 40%; EW 4 keeps 420, a bottom for EW
    ("wbf", "420|A-", False, F(4), F(3, 2)),  # EW 4's Ave- 37.5% of 4
    ("wbf", "420|A+", True, F(5, 2), F(4)),  # switched: NS 1 sits on the Ave+ side, EW 4 on the 420 (a top)
    ("fixed", "A+|-500", False, F(12, 5), F(4)),
    ("fixed", "420|A-", False, F(4), F(8, 5)),
])
def test_wbf_ave_plus_minus_on_a_mixed_line(policy, score, switch, ns_mp, ew_mp):
    line = Line(3, "1", "4", score=score, arrowswitch=switch)
    r = score_event(Event(lines=[*WBF_PENALTY_BASE, line], winners={"": 2}), ScoringOptions.parse(ave_policy=policy))
    got = r.boards[2].lines[-1]
    assert (got.ns_mp, got.ew_mp) == (ns_mp, ew_mp)
    assert (r.pair("1").mp, r.pair("4").mp) == (5 + ns_mp, 3 + ew_mp)


#: Board 4: NS 1's Ave+ v EW 5 (NS 2 100 v EW 6, NS 3 200 v EW 4).
WBF_BOARD_4 = [Line(4, "1", "5", score="A+"), Line(4, "2", "6", score=100), Line(4, "3", "4", score=200)]


@pytest.mark.parametrize("board3", ["A+|-500", "A+"])
def test_wbf_own_percentage_leaves_a_mixed_lines_artificial_side_out(board3):
    """NS 1's own percentage for its board-4 Ave+ is its 5 of 8 on boards 1 and 2 (62.5%: 2.5 of 4), its board-3
    Ave+ left out as any artificial score is, whether the line's other side keeps a result or not (counting its
    60% there would make 7.4 of 12, 61.67%: 2.47)."""
    lines = [*WBF_PENALTY_BASE, Line(3, "1", "4", score=board3), *WBF_BOARD_4]
    r = score_event(Event(lines=lines, winners={"": 2}), ScoringOptions.parse(ave_policy="wbf"))
    assert (r.boards[2].lines[-1].ns_mp, r.boards[3].lines[0].ns_mp) == (F(5, 2), F(5, 2))
