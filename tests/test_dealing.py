"""Dealing (mpxl.core.dealing): uniform where a chi-square test can tell, and the standard rotation.

The uniformity tests deal many boards and compare two counts with what a uniform deal gives exactly:
- each card's seat: a 52 x 4 table of counts, each cell expecting deals / 4. Every deal holds each card
  once and gives each seat 13 cards, so the table's 208 deviations move in 51 x 3 = 153 free directions,
  among which the covariance is the same in every direction (the counts are symmetric under relabelling the
  cards and the seats); its trace is 52 x 3 = 156 (each card's counts alone are multinomial). So Pearson's
  statistic x 153/156 follows chi-square with 153 degrees of freedom, for large counts.
- each seat's high-card points: the counts of 0, 1, ... 37 points against their exact probabilities,
  counted here from the pack (choose the aces, kings, queens and jacks, then the 36 other cards), the
  points a hand rarely holds pooled until each bin expects at least 5.
The seeded runs (deterministic) at p > 0.001; the run on the cryptographic source at p > 1e-6, so that a
test on a source with no seed fails by chance less than once in 10^5 runs, while a biased dealing (a
pack barely shuffled, dealt a card at a time) still fails by hundreds of orders of magnitude: the table of
biased dealers shows the tests can fail.
"""

from __future__ import annotations

import math
import random
from fractions import Fraction
from math import comb

import pytest

from mpxl.core.cards import hand_cards, hcp
from mpxl.core.dealing import DEALS, deal_boards, deal_one, rotation

#: Deals a uniformity test draws: 2,500 a cell of the card table, 10,000 hands a seat.
N_DEALS = 10_000


def chi2_sf(x: float, df: int) -> float:
    """P(chi-square with ``df`` degrees of freedom > x), exact for a whole ``df``: the regularised upper
    gamma function Q(df/2, x/2) as its finite series (with erfc for an odd df)."""
    h = x / 2
    if df % 2 == 0:
        term, total = math.exp(-h), 0.0
        for i in range(df // 2):
            total += term
            term *= h / (i + 1)
        return total
    total = math.erfc(math.sqrt(h))
    term = math.exp(-h) * math.sqrt(h) / math.gamma(1.5)
    for i in range(df // 2):
        total += term
        term *= h / (i + 1.5)
    return total


@pytest.mark.parametrize("x, df, p", [
    (3.841458820694124, 1, 0.05), (5.991464547107979, 2, 0.05), (6.634896601021214, 1, 0.01),
    (11.070497693516351, 5, 0.05), (37.56623478662507, 20, 0.01), (0.0, 3, 1.0),
])
def test_chi_square_tail(x, df, p):
    assert chi2_sf(x, df) == pytest.approx(p, rel=1e-9, abs=1e-12)


def hcp_probabilities() -> dict[int, Fraction]:
    """The exact probability of each number of high-card points in a 13-card hand."""
    ways: dict[int, int] = {}
    for a in range(5):
        for k in range(5):
            for q in range(5):
                for j in range(5):
                    rest = 13 - a - k - q - j
                    if rest < 0:
                        continue
                    n = comb(4, a) * comb(4, k) * comb(4, q) * comb(4, j) * comb(36, rest)
                    points = 4 * a + 3 * k + 2 * q + j
                    ways[points] = ways.get(points, 0) + n
    return {p: Fraction(n, comb(52, 13)) for p, n in ways.items()}


def test_the_exact_hcp_probabilities_are_a_distribution():
    probs = hcp_probabilities()
    assert sum(probs.values()) == 1 and sorted(probs) == list(range(38))
    assert sum(p * k for k, p in probs.items()) == 10  # 40 points among four hands
    assert float(probs[10]) == pytest.approx(0.094051, abs=1e-6)  # the Encyclopedia's table: 9.4051%
    assert DEALS == math.factorial(52) // math.factorial(13) ** 4


def card_table(deals) -> list[list[int]]:
    counts = [[0] * 4 for _ in range(52)]
    for d in deals:
        for seat, hand in enumerate(d.hands):
            for c in hand_cards(hand):
                counts[c][seat] += 1
    return counts


def card_p(deals) -> float:
    """The p-value of each card's seat being uniform (the module's docstring: Pearson x 153/156, df 153)."""
    counts = card_table(deals)
    expected = len(deals) / 4
    stat = sum((n - expected) ** 2 / expected for row in counts for n in row)
    return chi2_sf(stat * 153 / 156, 153)


def hcp_p(deals, seat: int) -> float:
    """The p-value of ``seat``'s high-card points against their exact distribution (bins pooled to 5)."""
    probs = hcp_probabilities()
    counts = [0] * 38
    for d in deals:
        counts[hcp(d.hands[seat])] += 1
    n = len(deals)
    bins: list[tuple[float, int]] = []
    e_acc, o_acc = 0.0, 0
    for points in sorted(probs, key=lambda k: (float(probs[k]), k)):  # the rarest pooled first
        e_acc += float(probs[points]) * n
        o_acc += counts[points]
        if e_acc >= 5:
            bins.append((e_acc, o_acc))
            e_acc, o_acc = 0.0, 0
    if e_acc:
        e_last, o_last = bins.pop()
        bins.append((e_last + e_acc, o_last + o_acc))
    stat = sum((o - e) ** 2 / e for e, o in bins)
    return chi2_sf(stat, len(bins) - 1)


def barely_shuffled(board: int, source: random.Random):
    """A biased dealer: one riffle of a pack in order, then dealt a card at a time round the table."""
    pack = list(range(52))
    cut = source.randint(20, 32)
    left, right = pack[:cut], pack[cut:]
    riffled = []
    while left or right:
        take = left if left and (not right or source.random() < len(left) / (len(left) + len(right))) else right
        riffled.append(take.pop(0))
    seats = [0] * 52
    for place, card in enumerate(riffled):
        seats[card] = place % 4
    from mpxl.core.cards import hands_of

    return rotation(board, hands_of(seats))


def cut_only(board: int, source: random.Random):
    """A biased dealer: a pack in order, cut once, dealt 13 at a time (each hand nearly one suit)."""
    from mpxl.core.cards import hands_of

    cut = source.randrange(52)
    return rotation(board, hands_of([((c + cut) % 52) // 13 for c in range(52)]))


def _deals(dealer, n: int, seed: int):
    source = random.Random(seed)
    return [dealer(1 + i % 32, source) for i in range(n)]


@pytest.mark.parametrize("name, deals, threshold", [
    ("seed 1", lambda: list(deal_boards(range(1, N_DEALS + 1), seed=1).values()), 1e-3),
    ("seed 20261202", lambda: list(deal_boards(range(1, N_DEALS + 1), seed=20261202).values()), 1e-3),
    ("the cryptographic source", lambda: list(deal_boards(range(1, N_DEALS + 1)).values()), 1e-6),
])
def test_dealing_is_uniform(name, deals, threshold):
    dealt = deals()
    assert len(dealt) == N_DEALS
    p_cards = card_p(dealt)
    p_hcp = [hcp_p(dealt, seat) for seat in range(4)]
    assert p_cards > threshold, f"{name}: each card's seat, p = {p_cards:.3g}"
    assert min(p_hcp) > threshold, f"{name}: the high-card points, p = {[f'{p:.3g}' for p in p_hcp]}"


@pytest.mark.parametrize("dealer, card_fails, hcp_fails", [
    (barely_shuffled, True, True),
    (cut_only, None, True),  # each card's seat is uniform (the cut is): only the points can tell
    (deal_one, False, False),  # the real dealing through the same harness: it passes
])
def test_the_uniformity_tests_catch_a_biased_dealing(dealer, card_fails, hcp_fails):
    dealt = _deals(dealer, 4000, seed=3)
    if card_fails is not None:
        assert (card_p(dealt) < 1e-6) is card_fails
    assert (min(hcp_p(dealt, s) for s in range(4)) < 1e-6) is hcp_fails


#: The standard rotation, boards 1-16: dealer and vulnerability (the Laws' table).
ROTATION = {
    1: ("N", "None"), 2: ("E", "NS"), 3: ("S", "EW"), 4: ("W", "All"),
    5: ("N", "NS"), 6: ("E", "EW"), 7: ("S", "All"), 8: ("W", "None"),
    9: ("N", "EW"), 10: ("E", "All"), 11: ("S", "None"), 12: ("W", "NS"),
    13: ("N", "All"), 14: ("E", "None"), 15: ("S", "NS"), 16: ("W", "EW"),
}


@pytest.mark.parametrize("board, expected", [*ROTATION.items(), (17, ROTATION[1]), (18, ROTATION[2]),
                                             (32, ROTATION[16]), (33, ROTATION[1])])
def test_dealt_boards_follow_the_rotation(board, expected):
    deal = deal_boards([board], seed=board)[board]
    assert (deal.dealer, deal.vulnerable) == expected


def test_a_seed_deals_the_same_boards_and_no_seed_never_repeats():
    assert deal_boards(range(1, 33), seed=9) == deal_boards(range(1, 33), seed=9)
    assert deal_boards(range(1, 33)) != deal_boards(range(1, 33))  # 32 equal deals: 1 in 10^900


@pytest.mark.parametrize("seed, board, boards", [
    (1, 5, "5-8"), (1, 5, "1-10"), (1, 5, "5"), (1, 5, "8,7,6,5"), (1, 5, "1-4,5,33-40"),
    (20261202, 1, "1-32"), (20261202, 32, "17-32"), (-3, 17, "1-99"), (0, 2, "2-3"),
])
def test_a_seeded_board_is_dealt_by_its_seed_and_number_alone(seed, board, boards, capsys):
    """A director reprinting one board, or adding boards to a set, gets the same deal: `mpxl deal --seed S
    --boards RANGE` deals board B as `--boards B` does, whatever else RANGE holds and in whatever order."""
    from mpxl.cli import main
    from mpxl.commands.deal import board_range

    alone = deal_boards([board], seed=seed)[board]
    assert deal_boards(board_range(boards), seed=seed)[board] == alone
    assert main(["deal", "--seed", str(seed), "--boards", boards]) == 0
    line = next(ln for ln in capsys.readouterr().out.splitlines() if ln.split()[0] == str(board))
    assert line.endswith(alone.to_pbn())


def test_a_seeds_boards_differ_from_each_other_and_from_another_seeds():
    dealt = deal_boards(range(1, 33), seed=9)
    assert len({d.hands for d in dealt.values()}) == 32
    assert all(dealt[b].hands != deal_boards([b], seed=10)[b].hands for b in dealt)
