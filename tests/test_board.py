"""score_board: whole travellers in, NS and EW matchpoints out, against the seeds' worked boards.

Sources: the director-training slides (seeds/003) board 4 and its variants; McKinnon
(seeds/000) example 3 and the 5-table group of 3; De Wael's and Doe's boards as
quoted in the lead's brief (checked here by hand with DESIGN.md section 3's Neuberg
formula, double scale: M = (S N + N - n) / n).
"""

from __future__ import annotations

from decimal import ROUND_HALF_UP, Decimal, localcontext
from fractions import Fraction as F

import pytest

from mpxl.core.board import score_board
from mpxl.core.methods import Method, check_total
from mpxl.core.rounding import Rounding
from mpxl.core.settings import SmallGroups

# seeds/003 slides 4-8: board 4, NS scores by table 1..9.
BOARD4 = [-130, -660, -120, 200, -600, 100, 100, 140, -150]


def at(table: int, value, entries=BOARD4):
    """Board 4 with ``value`` typed at ``table`` (1-based)."""
    out = list(entries)
    out[table - 1] = value
    return out


def rnd(x, decimals):
    """Exact -> Decimal, rounded half-up (independent of mpxl.core.rounding)."""
    if x is None:
        return None
    x = F(x)
    with localcontext() as ctx:
        ctx.prec = 60
        return (Decimal(x.numerator) / Decimal(x.denominator)).quantize(Decimal(1).scaleb(-decimals), ROUND_HALF_UP)


def dec(*figures):
    return [None if f is None else Decimal(str(f)) for f in figures]


# ----------------------------------------------------------------- the slides

SLIDES = [
    # (id, entries, kwargs, NS, EW, check totals, decimals compared)
    ("plain (slide 7)", BOARD4, {},
     [6, 0, 8, 16, 2, 11, 11, 14, 4], [10, 16, 8, 0, 14, 5, 5, 2, 12], (72, 72), 0),
    ("Avg/Avg manual (slide 11)", at(6, "AVE"), {"method": Method.MANUAL},
     [7, 1, 9, 15, 3, 8, 11, 13, 5], [9, 15, 7, 1, 13, 8, 5, 3, 11], (72, 72), 0),
    ("Avg/Avg Neuberg screen (slide 12)", at(6, "AVE"), {},
     [6.88, 0.13, 9.13, 15.88, 2.38, 8, 11.38, 13.63, 4.63],
     [9.13, 15.88, 6.88, 0.13, 13.63, 8, 4.63, 2.38, 11.38], (72, 72), 2),
    # slide 14 prints check totals 72 / 72: a slip (seeds slip 13); 64 + 9.6 and 64 + 6.4
    ("60/40 manual (slide 14)", at(6, "60/40"), {"method": Method.MANUAL},
     [7, 1, 9, 15, 3, 9.6, 11, 13, 5], [9, 15, 7, 1, 13, 6.4, 5, 3, 11], (F("73.6"), F("70.4")), 1),
    # slide 20: "(11) 5" and "(5) 11"; columns total 66 / 78 (the printed 72 / 72 are the fields, slip 14)
    ("arrowswitch at table 6 (slide 20)", BOARD4, {"arrowswitch": [0, 0, 0, 0, 0, 1, 0, 0, 0]},
     [6, 0, 8, 16, 2, 5, 11, 14, 4], [10, 16, 8, 0, 14, 11, 5, 2, 12], (66, 78), 0),
    # slide 22: NS -150, EW +50 at table 6, typed as two NS scores
    ("split at table 6 (slide 22)", at(6, "-150|-50"), {},
     [8, 0, 10, 16, 2, 5, 12, 14, 5], [10, 16, 8, 0, 14, 6, 4, 2, 12], (72, 72), 0),
]


@pytest.mark.parametrize("entries, kwargs, ns, ew, totals, decimals",
                         [s[1:] for s in SLIDES], ids=[s[0] for s in SLIDES])
def test_slides_board_4(entries, kwargs, ns, ew, totals, decimals):
    r = score_board(entries, **kwargs)
    assert [rnd(x, decimals) for x in r.ns_mp] == [rnd(x, decimals) for x in dec(*ns)]
    assert [rnd(x, decimals) for x in r.ew_mp] == [rnd(x, decimals) for x in dec(*ew)]
    assert r.check_total == tuple(F(t) for t in totals)
    assert r.top == 16 and r.expected == 9


def test_slides_board_4_plain_is_exact_and_full():
    r = score_board(BOARD4)
    assert r.ns_mp == [6, 0, 8, 16, 2, 11, 11, 14, 4]
    assert (r.expected, r.actual, r.top) == (9, 9, 16)
    assert r.check_total == (check_total(9), check_total(9)) == (72, 72)
    assert all(ln.kind == "result" for ln in r.lines)


def test_slides_avg_avg_line():
    r = score_board(at(6, "AVE"))
    line = r.lines[5]
    assert (line.kind, line.ns_mp, line.ew_mp, line.ns_ave, line.ew_ave) == ("artificial", 8, 8, "ave", "ave")
    assert (r.expected, r.actual) == (9, 8)
    # slide 12 figures are (9S+1)/8 exactly: 15.875 for the top, 0.125 for the bottom
    assert (r.ns_mp[3], r.ns_mp[1]) == (F(127, 8), F(1, 8))


def test_slides_screen_is_rounding_half_up_to_two_decimals():
    """mpxl.core.rounding's half-up:2 gives the screen; totalled ROUNDED it is 72.04 (DESIGN.md section 4)."""
    r = score_board(at(6, "AVE"))
    rounding = Rounding.parse("half-up:2")
    ns = [rounding.apply(x, F(8)) for x in r.ns_mp]
    assert ns == [F(s) for s in ("6.88", "0.13", "9.13", "15.88", "2.38", "8", "11.38", "13.63", "4.63")]
    assert sum(ns) == F("72.04")   # 6.88+0.13+9.13+15.88+2.38+8+11.38+13.63+4.63, by hand


# slides 16-19: fouled board, group of 5 (tables 1, 2, 3, 8, 9) and of 4 (tables 4-7):
# "To each score, add one point for every score in the other group" (Manual).
FOULED_SLIDES = [-130, -660, -120, -200, 600, -100, -100, 140, -150]
FOULED_NS = [8, 4, 10, 5, 11, 8, 8, 12, 6]     # slide 19: (4+4) (0+4) (6+4) (0+5) ...
FOULED_EW = [8, 12, 6, 11, 5, 8, 8, 4, 10]


@pytest.mark.parametrize("small_groups", ["none", "qba", "wbf", "ebu"])
def test_slides_fouled_board_manual(small_groups):
    r = score_board(FOULED_SLIDES, method=Method.MANUAL, groups="AAABBBBAA", small_groups=SmallGroups.find(small_groups))
    assert r.ns_mp == FOULED_NS
    assert r.ew_mp == FOULED_EW
    assert r.check_total == (72, 72)
    assert r.groups == {"A": 5, "B": 4}
    assert [ln.group for ln in r.lines] == list("AAABBBBAA")


# ------------------------------------------------------------------ De Wael

# 10 tables, 60/60 awarded at one (here the 10th); the 9 results by Neuberg (10S + 1)/9:
# raw 15 9 3 0 15 6 12 3 9 -> 151/9 = 16.78, 91/9 = 10.11, 31/9 = 3.44, 1/9 = 0.11, 61/9 = 6.78, 121/9 = 13.44
DE_WAEL = [110, 80, -90, -100, 110, 0, 90, -90, 80, "60/60"]
DE_WAEL_NS = dec(16.78, 10.11, 3.44, 0.11, 16.78, 6.78, 13.44, 3.44, 10.11)


def test_de_wael_60_60():
    r = score_board(DE_WAEL)
    assert (r.expected, r.actual, r.top) == (10, 9, 18)
    assert [rnd(x, 2) for x in r.ns_mp[:9]] == DE_WAEL_NS
    assert r.ew_mp[:9] == [18 - x for x in r.ns_mp[:9]]
    assert (r.ns_mp[9], r.ew_mp[9]) == (F("10.8"), F("10.8"))        # 60% of 18 to both
    # the 9 results carry n(N-1) = 81; the artificial 60/60 adds 10.8 to each side
    assert r.check_total == (81 + F("10.8"), 81 + F("10.8"))


# --------------------------------------------------------------------- Doe

# E = 10: a group of 7 with raw 12 10 8 6 4 2 0 -> (10S + 3)/7 = 17.6 14.7 11.9 9.0 6.1 3.3 0.4
# and a group of 3 with raw 4 2 0 -> (10S + 7)/3 = 15.7 9.0 2.3, or 70/60/50% of 18 = 12.6 10.8 9.0.
DOE = [620, 170, 140, 110, -50, -100, -200, 420, 400, -100]
DOE_GROUPS = "AAAAAAABBB"
DOE_SEVEN = dec(17.6, 14.7, 11.9, 9.0, 6.1, 3.3, 0.4)


@pytest.mark.parametrize(
    "small_groups, three",
    [("none", dec(15.7, 9.0, 2.3)), ("ebu", dec(12.6, 10.8, 9.0)), ("wbf", dec(12.6, 10.8, 9.0)),
     ("qba", dec(12.6, 10.8, 9.0))],
)
def test_doe_fouled_board(small_groups, three):
    r = score_board(DOE, groups=DOE_GROUPS, small_groups=SmallGroups.find(small_groups))
    assert r.expected == 10 and r.groups == {"A": 7, "B": 3}
    assert [rnd(x, 1) for x in r.ns_mp[:7]] == DOE_SEVEN
    assert [rnd(x, 1) for x in r.ns_mp[7:]] == three
    assert r.ew_mp[:7] == [18 - x for x in r.ns_mp[:7]]
    assert [ln.set_percentage for ln in r.lines[7:]] == [small_groups != "none"] * 3
    # estimated groups carry n_g (N - 1): 7 x 9 = 63 and 3 x 9 = 27
    assert sum(r.ns_mp[:7]) == 63
    if small_groups == "none":
        assert sum(r.ns_mp[7:]) == 27 and r.check_total == (90, 90)


# -------------------------------------------------------------- De Wael group of 3

# +620, +620, -100 in a small group: NS 65, 65, 50%; EW 55, 55, 70% (60% + (S - (n-1)) x 5%)
@pytest.mark.parametrize("small_groups", ["wbf", "ebu", "qba"])
def test_de_wael_small_group_of_three(small_groups):
    entries = DOE[:7] + [620, 620, -100]
    r = score_board(entries, groups=DOE_GROUPS, small_groups=SmallGroups.find(small_groups))
    assert [x * 100 / r.top for x in r.ns_mp[7:]] == [65, 65, 50]
    assert [x * 100 / r.top for x in r.ew_mp[7:]] == [55, 55, 70]
    assert all(ln.set_percentage for ln in r.lines[7:])


# ---------------------------------------------------------- McKinnon example 3

MCK_EX3 = [360, 140, 130, 110, 100, 50, 50, -110, -140, -140, -140, -140, -140]
MCK_EX3_GROUPS = [1] * 5 + [2] * 8

# seeds/000 example 3: Neuberg(1) Neuberg(2) at 1 decimal, F(1) F(2) at 2 decimals
MCK_EX3_CASES = [
    ("neuberg", 1, dec(22.4, 17.2, 12, 6.8, 1.6, 21.8, 21.8, 16.9, 7.1, 7.1, 7.1, 7.1, 7.1)),
    ("factor", 2, dec(24, 18, 12, 6, 0, 22.29, 22.29, 17.14, 6.86, 6.86, 6.86, 6.86, 6.86)),
]


@pytest.mark.parametrize("small_groups", ["wbf", "ebu", "qba", "none"])
@pytest.mark.parametrize("method, decimals, ns", MCK_EX3_CASES, ids=["neuberg", "factor"])
def test_mckinnon_fouled_board(method, decimals, ns, small_groups):
    r = score_board(MCK_EX3, method=Method.find(method), groups=MCK_EX3_GROUPS, small_groups=SmallGroups.find(small_groups))
    assert (r.expected, r.top) == (13, 24)
    assert [rnd(x, decimals) for x in r.ns_mp] == [rnd(x, decimals) for x in ns]
    assert sum(r.ns_mp[:5]) == 5 * 12 and sum(r.ns_mp[5:]) == 8 * 12
    assert r.check_total == (156, 156)


# seeds/000 "Groups with low numbers of scores": 5 tables, the group of 3 is the larger:
# Neuberg 7.33, 4, 0.67 (WBF: "a group of 3 if it is the largest group"); the group of 2
# gets 65% / 55% of 8 (DESIGN.md: "a group of 2 gets 65%/55%") = 5.2 / 4.4.
def test_mckinnon_five_tables_group_of_three_wbf():
    r = score_board([-50, -100, -150, 110, 90], groups="AAABB", small_groups=SmallGroups.WBF)
    assert [rnd(x, 2) for x in r.ns_mp[:3]] == dec(7.33, 4, 0.67)
    assert r.ns_mp[3:] == [F("5.2"), F("4.4")]
    assert r.ew_mp[3:] == [F("4.4"), F("5.2")]
    assert [ln.set_percentage for ln in r.lines] == [False] * 3 + [True] * 2


@pytest.mark.parametrize("method, printed", [("factor", dec(8, 4, 0)), ("mckinnon", dec(7.67, 4, 0.33)),
                                             ("ascherman", dec(6.67, 4, 1.33)), ("manual", dec(6, 4, 2))])
def test_mckinnon_five_tables_group_of_three_other_methods(method, printed):
    r = score_board([-50, -100, -150, 110, 90], groups="AAABB", method=Method.find(method), small_groups=SmallGroups.WBF)
    assert [rnd(x, 2) for x in r.ns_mp[:3]] == [rnd(x, 2) for x in printed]


# ----------------------------------------------------------------- weighted

# Board 4, table 6 assigned 30% of -600 (5C= by EW) + 70% of +100 (6C-1), Law 12C1(c).
# By hand (each component against the other 8 results, see tests/test_matchpoints.py):
#   t6 = 0.7 x 11 + 0.3 x 3 = 8.6; t1 = 6 + 0.3 x 2 = 6.6; t2 = 0; t3 = 8 + 0.6 = 8.6; t4 = 16;
#   t5 = 2 + 0.3 x 1 = 2.3; t7 = 10 + 0.7 x 1 + 0.3 x 2 = 11.3; t8 = 14; t9 = 4 + 0.6 = 4.6  (sum 72)
WEIGHTED_NS = [F(x) for x in ("6.6", "0", "8.6", "16", "2.3", "8.6", "11.3", "14", "4.6")]


def test_weighted_score():
    r = score_board(at(6, "30% -600 + 70% 100"))
    assert r.ns_mp == WEIGHTED_NS
    assert r.ew_mp == [16 - x for x in WEIGHTED_NS]
    assert r.check_total == (72, 72)
    assert (r.expected, r.actual) == (9, 9)


def test_weighted_split_score():
    """NS's weighted score among NS's view, EW's plain -50 among EW's (slide 22's EW view)."""
    r = score_board(at(6, "30% -600 + 70% 100|-50"))
    assert r.ns_mp == WEIGHTED_NS
    assert r.ew_mp == [10, 16, 8, 0, 14, 6, 4, 2, 12]


# ------------------------------------------------------------------- blanks


@pytest.mark.parametrize("blank", [None, "", "  "])
def test_blank_not_counted(blank):
    """Slide 10's 8 results among themselves (top 14): the average's own 1 taken back off."""
    r = score_board(at(6, blank))
    assert (r.expected, r.actual, r.top) == (8, 8, 14)
    assert r.ns_mp == [6, 0, 8, 14, 2, None, 10, 12, 4]
    assert r.ew_mp[5] is None and r.lines[5].kind == "blank"
    assert r.check_total == (56, 56) == (check_total(8), check_total(8))


@pytest.mark.parametrize("code", ["NP", "Bye", "-", "not played", "sitout", "Sit Out", "x"])
def test_not_played_counts_towards_n(code):
    """A scheduled line not played is not a result but counts towards N (as ``mpxl score`` counts
    it): the 8 results are estimated to 9, as on the Avg/Avg screen (slide 12), and it gets nothing."""
    r = score_board(at(6, code))
    assert (r.expected, r.actual, r.top) == (9, 8, 16)
    assert r.ns_mp[5] is None and r.ew_mp[5] is None and r.lines[5].kind == "blank"
    assert r.ns_mp == score_board(at(6, None), expected=9).ns_mp


def test_blank_with_expected_is_estimated():
    """With N = 9 given, a blank line is estimated like the Avg/Avg screen (slide 12) but gets nothing."""
    blank = score_board(at(6, None), expected=9)
    ave = score_board(at(6, "AVE"))
    assert blank.ns_mp[:5] + blank.ns_mp[6:] == ave.ns_mp[:5] + ave.ns_mp[6:]
    assert blank.ns_mp[5] is None
    assert blank.check_total == (64, 64)        # n(N-1) = 8 x 8


def test_empty_board():
    r = score_board([None, None])
    assert r.ns_mp == [None, None] and r.actual == 0


# ---------------------------------------------------------------- penalties


@pytest.mark.parametrize(
    "penalties, ns, ew",
    [
        # 25% of the top of 16 = 4 off NS at table 8: 14 -> 10
        ([None] * 7 + ["25%", None], [6, 0, 8, 16, 2, 11, 11, 10, 4], [10, 16, 8, 0, 14, 5, 5, 2, 12]),
        # (NS, EW) pair at table 4: 1 MP off NS, 10% of 16 = 1.6 off EW
        ([None, None, None, (1, "10%"), None, None, None, None, None],
         [6, 0, 8, 15, 2, 11, 11, 14, 4], [10, 16, 8, F("-1.6"), 14, 5, 5, 2, 12]),
        ([2] + [None] * 8, [4, 0, 8, 16, 2, 11, 11, 14, 4], [10, 16, 8, 0, 14, 5, 5, 2, 12]),
        ([""] * 9, [6, 0, 8, 16, 2, 11, 11, 14, 4], [10, 16, 8, 0, 14, 5, 5, 2, 12]),
    ],
)
def test_procedural_penalty(penalties, ns, ew):
    r = score_board(BOARD4, penalties=penalties)
    assert r.ns_mp == ns and r.ew_mp == ew


def test_penalty_on_an_artificial_line():
    r = score_board(at(6, "AVE"), penalties=[None] * 5 + [(0, "10%")] + [None] * 3)
    assert (r.ns_mp[5], r.ew_mp[5]) == (8, F("6.4"))


# ------------------------------------------------------------------ others


def test_a_plus_both_sides():
    """DESIGN.md: A+/A+ gives 60% to both sides: 9.6 of 16 each."""
    r = score_board(at(6, "A+/A+"))
    assert (r.ns_mp[5], r.ew_mp[5]) == (F("9.6"), F("9.6"))
    assert (r.lines[5].ns_ave, r.lines[5].ew_ave) == ("plus", "plus")


def test_arrowswitched_artificial_swaps_its_kinds():
    r = score_board(at(6, "60/40"), arrowswitch=[False] * 5 + [True] + [False] * 3)
    line = r.lines[5]
    assert (line.ns_mp, line.ew_mp, line.ns_ave, line.ew_ave) == (F("6.4"), F("9.6"), "minus", "plus")
    assert line.arrowswitch


def test_single_scale():
    """DESIGN.md: single = half of double: the slides' board 4 halved, top 8."""
    r = score_board(BOARD4, scale=1)
    assert r.ns_mp == [F(x, 2) for x in (6, 0, 8, 16, 2, 11, 11, 14, 4)]
    assert r.top == 8 and r.check_total == (36, 36)


def test_method_is_recorded():
    assert score_board(BOARD4, method=Method.MCKINNON).method is Method.MCKINNON


# ------------------------------------------------------------------- errors

ERRORS = [
    (lambda: score_board(at(3, "abc")), ["row 3", "'abc'"]),
    (lambda: score_board(at(9, "4S=")), ["row 9", "'4S='"]),
    (lambda: score_board(at(6, "A120120")), ["row 6", "'A120120'"]),
    (lambda: score_board(at(2, "30% 420 + 60% 450")), ["row 2", "'30% 420 + 60% 450'", "90%"]),
    (lambda: score_board(BOARD4, penalties=[None] * 7 + ["x", None]), ["row 8", "'x'", "penalty"]),
    (lambda: score_board(BOARD4, groups="AAAB"), ["groups", "4", "9"]),
    (lambda: score_board(BOARD4, arrowswitch=[1]), ["arrowswitch", "1", "9"]),
    (lambda: score_board(BOARD4, penalties=[None] * 10), ["penalties", "10", "9"]),
    (lambda: score_board(BOARD4, expected=0), ["expected", "0"]),
    (lambda: score_board(BOARD4, expected="ten"), ["expected", "'ten'"]),
    (lambda: score_board(BOARD4, expected=9.5), ["expected", "9.5"]),
    (lambda: Method.find("average"), ["'average'", "neuberg"]),  # parsed at the edge, not by the core
    (lambda: SmallGroups.find("fifa"), ["'fifa'", "wbf"]),
    (lambda: score_board(BOARD4, scale=3), ["scale 3"]),
]


@pytest.mark.parametrize("call, says", ERRORS)
def test_errors_name_the_row_and_value(call, says):
    with pytest.raises(ValueError) as info:
        call()
    for part in says:
        assert part in str(info.value)
