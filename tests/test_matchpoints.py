"""Raw matchpointing (Law 78A) and weighted matchpointing (Law 12C1(c)).

Expected figures come from the seed documents (seeds/000 McKinnon, 002 Bavin,
003 slides) and DESIGN.md section 4; hand-worked figures are worked in comments.
"""

from __future__ import annotations

from fractions import Fraction

import pytest

from mpxl.core.matchpoints import raw_matchpoints, weighted_matchpoints

H = Fraction(1, 2)

# Board 4 of the slides (seeds/003, slides 4-8), NS scores by table 1..9.
BOARD4 = [-130, -660, -120, 200, -600, 100, 100, 140, -150]

RAW_DOUBLE = [
    # seeds/003 slide 7: NS 6 0 8 16 2 11 11 14 4 (ties at table 6 and 7 share: 5x2 + 1 = 11)
    (BOARD4, [6, 0, 8, 16, 2, 11, 11, 14, 4]),
    # seeds/003 slide 10 (Avg/Avg at table 6): the 8 results among themselves are the
    # slide's "15 13 11 9 7 5 3 1" less the 1 the average takes: blank not counted.
    ([-130, -660, -120, 200, -600, None, 100, 140, -150], [6, 0, 8, 14, 2, None, 10, 12, 4]),
    # seeds/003 slide 17: fouled board, group of 5 (tables 1, 2, 3, 8, 9) ...
    ([-130, -660, -120, 140, -150], [4, 0, 6, 8, 2]),
    # ... and group of 4 (tables 4-7): "6 4 2 0 available", two -100s share 3
    ([-200, 600, -100, -100], [0, 6, 3, 3]),
    # seeds/003 slide 22: split score, NS view with -150 at table 6: 8 0 10 16 2 5 12 14 5
    ([-130, -660, -120, 200, -600, -150, 100, 140, -150], [8, 0, 10, 16, 2, 5, 12, 14, 5]),
    # seeds/003 slide 22: EW view with -50 at table 6 gives EW = 16 - these: 10 16 8 0 14 6 4 2 12
    ([-130, -660, -120, 200, -600, -50, 100, 140, -150], [6, 0, 8, 16, 2, 10, 12, 14, 4]),
    # seeds/000 example 1 scores: 14, 12, ..., 0
    ([420, 400, 300, 200, 100, -50, -100, -150], [14, 12, 10, 8, 6, 4, 2, 0]),
    # seeds/000 example 3 group (2): 13 13 10 4 4 4 4 4
    ([50, 50, -110, -140, -140, -140, -140, -140], [13, 13, 10, 4, 4, 4, 4, 4]),
    # seeds/002 section 4(e): "Normal match points (top of 14)": 14, 11, 6, 2, 0
    ([490, 460, 460, 430, 430, 430, 400, -50], [14, 11, 11, 6, 6, 6, 2, 0]),
    # seeds/002 section 4(e): "two scores of +490, four of +460, six of +430, two of +400 and
    # two of -50. You will end up with 29, 23, 13, 5 and 1"
    ([490] * 2 + [460] * 4 + [430] * 6 + [400] * 2 + [-50] * 2,
     [29] * 2 + [23] * 4 + [13] * 6 + [5] * 2 + [1] * 2),
    # seeds/002 section 4(c): ten different scores: 18, 16, ..., 0
    ([520, 500, 490, 480, 460, 450, 430, 420, 400, -50], list(range(18, -1, -2))),
    # De Wael's 10-table board of the brief, 9 results: 15 9 3 0 15 6 12 3 9
    # (hand: +110 x2 beat 7 and tie 1 = 15; +80 x2 beat 4 + tie = 9; -90 x2 beat 1 + tie = 3)
    ([110, 80, -90, -100, 110, 0, 90, -90, 80], [15, 9, 3, 0, 15, 6, 12, 3, 9]),
    # De Wael's small group of 3: +620 x2 share 3, -100 gets 0
    ([620, 620, -100], [3, 3, 0]),
    # edge cases
    ([], []),
    ([None, None], [None, None]),
    ([420], [0]),
    ([420, None], [0, None]),
    ([50, 50, 50], [2, 2, 2]),
    ([-50.0, 420.0, 420], [0, 3, 3]),
]


@pytest.mark.parametrize("scores, expected", RAW_DOUBLE)
def test_raw_matchpoints_double(scores, expected):
    got = raw_matchpoints(scores)
    assert got == expected
    assert all(isinstance(x, int) for x in got if x is not None)


RAW_SINGLE = [
    # DESIGN.md: single = 1 per score beaten, 1/2 per tie: the slides' board 4 halved
    (BOARD4, [3, 0, 4, 8, 1, 5 + H, 5 + H, 7, 2]),
    ([420, None, 400], [1, None, 0]),
    ([50, 50, -100], [1 + H, 1 + H, 0]),
    ([620, 620, -100], [1 + H, 1 + H, 0]),
]


@pytest.mark.parametrize("scores, expected", RAW_SINGLE)
def test_raw_matchpoints_single(scores, expected):
    got = raw_matchpoints(scores, scale=1)
    assert got == expected
    assert all(isinstance(x, Fraction) for x in got if x is not None)


@pytest.mark.parametrize("scores, _", RAW_DOUBLE + RAW_SINGLE)
def test_raw_check_total(scores, _):
    """DESIGN.md: a board's matchpoints sum to scale x n(n-1)/2 over its n real results."""
    n = sum(s is not None for s in scores)
    assert sum(x for x in raw_matchpoints(scores) if x is not None) == n * (n - 1)
    assert sum(x for x in raw_matchpoints(scores, 1) if x is not None) == Fraction(n * (n - 1), 2)


def test_ew_is_the_complement():
    """seeds/003 slide 7: 'deduct the NS scores from the top of 16': EW 10 16 8 0 14 5 5 2 12."""
    ew_view = raw_matchpoints([-s for s in BOARD4])
    assert ew_view == [10, 16, 8, 0, 14, 5, 5, 2, 12]
    assert [16 - x for x in raw_matchpoints(BOARD4)] == ew_view


# ------------------------------------------------------------------ weighted

W = Fraction


def plain(score):
    return ((W(1), score),)


# Board 4 with table 6 assigned 30% of -600 (5C= by EW) + 70% of +100 (6C-1), Law 12C1(c).
# Worked by hand, each component against the 8 other results
#   -130 -660 -120 200 -600 | 100 140 -150:
#   t6: +100 beats 5 and ties 1 -> 11; -600 beats 1 and ties 1 -> 3; 0.7x11 + 0.3x3 = 8.6
#   t1 -130: 6 among the others + vs t6 (0.7 x lose + 0.3 x beat 2) 0.6 = 6.6
#   t2 -660: 0;  t3 -120: 8 + 0.6 = 8.6;  t4 +200: 14 + 2 = 16
#   t5 -600: 2 + 0.3 x tie 1 = 2.3;  t7 +100: 10 + (0.7 x 1 + 0.3 x 2) = 11.3
#   t8 +140: 12 + 2 = 14;  t9 -150: 4 + 0.6 = 4.6.     Sum 72, the check total.
WEIGHTED_T6 = ((W(3, 10), -600), (W(7, 10), 100))
WEIGHTED_BOARD4 = [plain(-130), plain(-660), plain(-120), plain(200), plain(-600),
                   WEIGHTED_T6, plain(100), plain(140), plain(-150)]
WEIGHTED_BOARD4_NS = [W(66, 10), 0, W(86, 10), 16, W(23, 10), W(86, 10), W(113, 10), 14, W(46, 10)]

WEIGHTED = [
    (WEIGHTED_BOARD4, 2, WEIGHTED_BOARD4_NS),
    (WEIGHTED_BOARD4, 1, [x / 2 for x in WEIGHTED_BOARD4_NS]),
    # plain lines: the same as raw_matchpoints (slides board 4)
    ([plain(s) for s in BOARD4], 2, [6, 0, 8, 16, 2, 11, 11, 14, 4]),
    # blank lines are not results
    ([plain(-130), None, plain(200)], 2, [0, None, 2]),
    # a 50/50 mixture of two equal scores is that score
    ([((W(1, 2), 100), (W(1, 2), 100)), plain(100), plain(-50)], 2, [3, 3, 0]),
    # mpxl.core.matchpoints docstring example, by hand: 30% 420 + 70% 450 vs 430 and 450:
    # 0.3 x 0 + 0.7 x (2 + 1) = 2.1; 430: 0.3 x 2 = 0.6; 450: 2 + 0.3 x 2 + 0.7 x 1 = 3.3
    ([((W(3, 10), 420), (W(7, 10), 450)), plain(430), plain(450)], 2, [W(21, 10), W(6, 10), W(33, 10)]),
]


@pytest.mark.parametrize("lines, scale, expected", WEIGHTED)
def test_weighted_matchpoints(lines, scale, expected):
    assert weighted_matchpoints(lines, scale) == expected


@pytest.mark.parametrize("lines, scale, expected", WEIGHTED)
def test_weighted_keeps_the_check_total(lines, scale, expected):
    n = sum(x is not None for x in lines)
    assert sum(x for x in weighted_matchpoints(lines, scale) if x is not None) == Fraction(scale * n * (n - 1), 2)


@pytest.mark.parametrize("scores, _", RAW_DOUBLE)
def test_weighted_equals_raw_on_plain_lines(scores, _):
    lines = [None if s is None else plain(s) for s in scores]
    assert weighted_matchpoints(lines) == raw_matchpoints(scores)
    assert weighted_matchpoints(lines, 1) == raw_matchpoints(scores, 1)
