"""Matchpoint one traveller: 2 per score beaten and 1 per tie (double scale), Law 78A.

Scores are NS scores; a higher NS score is better for NS. Blank lines (None) are
not results and get None. Weighted results (Law 12C1(c)) are lists of
(weight, score) components whose weights sum to 1; every component is compared
with every component of every other line and the comparisons are weighted
(computed in n log n: all the components sorted once, with running sums of weights).

>>> raw_matchpoints([-130, -660, -120, 200, -600, 100, 100, 140, -150])
[6, 0, 8, 16, 2, 11, 11, 14, 4]
>>> raw_matchpoints([420, None, 400], scale=1)
[Fraction(1, 1), None, Fraction(0, 1)]
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from collections.abc import Sequence
from fractions import Fraction

from .rules import double_matchpoints

__all__ = ["raw_matchpoints", "weighted_matchpoints", "Components", "NSScore"]

#: An NS score: an int as a rule, a float or Fraction when a program wrote one.
NSScore = float | Fraction
#: A result as (weight, NS score) components; a plain score is ((1, score),).
Components = tuple[tuple[Fraction, NSScore], ...]


def raw_matchpoints(scores: Sequence[NSScore | None], scale: int = 2) -> list[int | Fraction | None]:
    """Matchpoints of each NS score among the non-blank ones.

    Double scale gives ints; single scale gives Fractions (halves on ties).

    >>> raw_matchpoints([50, 50, -100])
    [3, 3, 0]
    """
    if scale not in (1, 2):
        raise ValueError(f"scale {scale!r} must be 1 (single) or 2 (double)")
    played = sorted(s for s in scores if s is not None)
    out: list[int | Fraction | None] = []
    for s in scores:
        if s is None:
            out.append(None)
            continue
        lo = bisect_left(played, s)
        ties = bisect_right(played, s) - lo - 1
        double = double_matchpoints(lo, ties + 1)
        out.append(double if scale == 2 else Fraction(double, 2))
    return out


def weighted_matchpoints(lines: Sequence[Components | None], scale: int = 2) -> list[Fraction | None]:
    """Matchpoints of lines whose results may be weighted mixtures of scores.

    Each line's matchpoints are the weighted sum, over its own components, of
    the matchpoints each component earns against every component of the other
    lines. Plain lines reduce to :func:`raw_matchpoints`; every pair of lines
    still shares exactly ``scale`` matchpoints, so check totals are kept.

    >>> weighted_matchpoints([((Fraction(3, 10), 420), (Fraction(7, 10), 450)), ((1, 430),), ((1, 450),)])
    [Fraction(21, 10), Fraction(3, 5), Fraction(33, 10)]
    """
    if scale not in (1, 2):
        raise ValueError(f"scale {scale!r} must be 1 (single) or 2 (double)")
    # Every component of every line once, sorted: a component's score beats the weight of all the
    # components below it and ties with the weight of its equals (its own line's taken back out),
    # so the sum is n log n rather than n^2, with exact Fractions as before.
    weight_at: dict[NSScore, Fraction] = {}
    for line in lines:
        if line is not None:
            for w, s in line:
                weight_at[s] = weight_at.get(s, 0) + Fraction(w)
    below: dict[NSScore, Fraction] = {}
    acc = Fraction(0)
    for s in sorted(weight_at):
        below[s] = acc
        acc += weight_at[s]
    out: list[Fraction | None] = []
    for mine in lines:
        if mine is None:
            out.append(None)
            continue
        total = Fraction(0)
        for wa, a in mine:
            beats = 2 * below[a] + weight_at[a]
            for wc, c in mine:  # not against its own line
                if a > c:
                    beats -= 2 * Fraction(wc)
                elif a == c:
                    beats -= Fraction(wc)
            total += Fraction(wa) * beats
        out.append(total * scale / 2)
    return out
