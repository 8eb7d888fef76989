"""Rounding policies (DESIGN.md section 4: EBU 0.1 with .05 towards average; ACBL
0.01 with .005 up; half-even), applied exactly to Fractions.

The exact halves below are real figures from the seeds: the slides' Neuberg
screen (seeds/003 slide 12, printed half-up: 6.88, 0.13, 9.13, 15.88, 2.38,
11.38, 13.63, 4.63), McKinnon's example 1 Neuberg column (seeds/000, which
rounds the same halves to even: 9.12, 4.62, 0.12) and example 3/4 figures.
"""

from __future__ import annotations

from fractions import Fraction as F

import pytest

from mpxl.rounding import ROUNDING_KINDS, Rounding, round_fraction

D = F  # readability: D("6.88") is the decimal 6.88 exactly

ROUNDING_TABLE = [
    # (policy, exact value, board average, expected)
    # --- half-up:2, the slides' Avg/Avg screen (N=9, n=8: (9S+1)/8)
    ("half-up:2", F(55, 8), 8, D("6.88")),
    ("half-up:2", F(1, 8), 8, D("0.13")),
    ("half-up:2", F(73, 8), 8, D("9.13")),
    ("half-up:2", F(127, 8), 8, D("15.88")),
    ("half-up:2", F(19, 8), 8, D("2.38")),
    ("half-up:2", F(91, 8), 8, D("11.38")),
    ("half-up:2", F(109, 8), 8, D("13.63")),
    ("half-up:2", F(37, 8), 8, D("4.63")),
    ("acbl", F(37, 8), 8, D("4.63")),               # DESIGN.md: ACBL .005 up
    ("2", F(1, 8), 8, D("0.13")),
    # --- half-even:2, McKinnon example 1's Neuberg column
    ("half-even:2", F(109, 8), 8, D("13.62")),
    ("half-even:2", F(73, 8), 8, D("9.12")),
    ("half-even:2", F(37, 8), 8, D("4.62")),
    ("half-even:2", F(1, 8), 8, D("0.12")),
    ("half-even:2", F(55, 8), 8, D("6.88")),
    ("half-even:2", F(127, 8), 8, D("15.88")),
    # --- half-up:1: McKinnon example 3 group (2) Neuberg (13S+5)/8, and Bavin's 96.4
    ("half-up:1", F(174, 8), 12, D("21.8")),
    ("half-up:1", F(135, 8), 12, D("16.9")),
    ("half-up:1", F(57, 8), 12, D("7.1")),
    ("half-up:1", F(1060, 11), 50, D("96.4")),
    # --- ebu: 0.1 MP, an exact .05 goes towards the board's average (DESIGN.md section 4)
    ("ebu", F(87, 4), 12, D("21.7")),      # 21.75 > 12: down (half-up would print 21.8)
    ("ebu", F(61, 4), 12, D("15.2")),      # McKinnon ex. 4 Neuberg 15.25: down
    ("ebu", F(35, 4), 12, D("8.8")),       # 8.75 < 12: up
    ("ebu", F(9, 4), 12, D("2.3")),        # 2.25 < 12: up
    ("ebu", F(55, 8), 8, D("6.9")),        # 6.875 is not a half at 0.1
    ("ebu", F(161, 20), 8, D("8")),        # 8.05 > 8: down (mpxl.rounding docstring)
    ("ebu", F(159, 20), 8, D("8")),        # 7.95 < 8: up
    ("ebu", F(8), 8, D("8")),
    ("ebu", F(-1, 20), 11, D("0")),        # -0.05 < 11: up, towards the average
    ("ebu", F(1, 20), 11, D("0.1")),
    ("ebu", F(-1, 13), 11, D("-0.1")),     # McKinnon ex. 4 down: -0.077, not a half
    # --- negatives
    ("half-up:1", F(-1, 20), 0, D("-0.1")),    # away from zero
    ("half-up:2", F(-1, 8), 0, D("-0.13")),
    ("half-up:2", F(-1, 13), 11, D("-0.08")),  # McKinnon ex. 4 factoring down: -0.08
    ("half-even:1", F(-1, 20), 0, D("0")),
    ("half-even:1", F(-3, 20), 0, D("-0.2")),
    ("half-even:2", F(-1, 8), 0, D("-0.12")),
    # --- whole numbers
    ("half-up:0", F(5, 2), 0, D("3")),
    ("half-even:0", F(5, 2), 0, D("2")),
    ("half-even:0", F(7, 2), 0, D("4")),
    ("half-up:0", F(-5, 2), 0, D("-3")),
    ("half-even:0", F(-5, 2), 0, D("-2")),
    # --- exact: untouched
    ("exact", F(127, 8), 8, F(127, 8)),
    (None, F(1, 3), 8, F(1, 3)),
]


@pytest.mark.parametrize("policy, value, average, expected", ROUNDING_TABLE)
def test_rounding_table(policy, value, average, expected):
    got = Rounding.parse(policy).apply(value, F(average))
    assert got == expected
    assert isinstance(got, F)


@pytest.mark.parametrize("policy", ["exact", "ebu", "half-up:2", "half-even:1"])
def test_blank_stays_blank(policy):
    assert Rounding.parse(policy).apply(None, F(8)) is None


@pytest.mark.parametrize(
    "value, decimals, tie, average, expected",
    [
        (F(1, 20), 1, "half-up", 0, D("0.1")),
        (F(1, 20), 1, "half-even", 0, D("0")),
        (F(-1, 20), 1, "half-up", 0, D("-0.1")),
        (F(87, 4), 1, "towards", 12, D("21.7")),
        (F(35, 4), 1, "towards", 12, D("8.8")),
        (F(2, 3), 2, "half-up", 0, D("0.67")),     # not a half: nearest
        (F(-2, 3), 2, "half-even", 0, D("-0.67")),
    ],
)
def test_round_fraction(value, decimals, tie, average, expected):
    assert round_fraction(value, decimals, tie, F(average)) == expected


PARSE_TABLE = [
    ("exact", "exact", 0),
    ("", "exact", 0),
    ("none", "exact", 0),
    (None, "exact", 0),
    ("ebu", "ebu", 1),
    ("EBU", "ebu", 1),
    ("acbl", "half-up", 2),
    ("2", "half-up", 2),
    (2, "half-up", 2),
    (0, "half-up", 0),
    ("half-up:2", "half-up", 2),
    ("half_up 2", "half-up", 2),
    ("up:3", "half-up", 3),
    ("half-even:1", "half-even", 1),
    ("even=1", "half-even", 1),
    (" Half-Even:2 ", "half-even", 2),
    ("half-up:10", "half-up", 10),
]


@pytest.mark.parametrize("text, kind, decimals", PARSE_TABLE)
def test_parse(text, kind, decimals):
    r = Rounding.parse(text)
    assert (r.kind.value, r.decimals) == (kind, decimals)
    assert r.kind.value in ROUNDING_KINDS
    assert Rounding.parse(r) is r
    assert Rounding.parse(str(r)) == r


@pytest.mark.parametrize("policy, text", [("ebu", "ebu"), ("exact", "exact"), ("acbl", "half-up:2"),
                                          ("half-even:1", "half-even:1")])
def test_str(policy, text):
    assert str(Rounding.parse(policy)) == text


@pytest.mark.parametrize("bad", ["third", "half-up:11", 11, -1, "half-down:2", True, "2.5", "ebu:2", "up"])
def test_parse_rejects_and_quotes_the_input(bad):
    with pytest.raises(ValueError) as info:
        Rounding.parse(bad)
    assert repr(bad) in str(info.value)
