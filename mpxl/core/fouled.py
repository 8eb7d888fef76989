"""Fouled boards: which groups get set percentages instead of an estimate.

A fouled board's results fall into groups, each matchpointed alone and then
estimated to N = all results on the board. Small groups are too small to
estimate from; the regulations give them set percentages of the full top,
all of which follow one formula (S on the double scale, n the group size)::

    60% + (S - (n - 1)) x 5%      ->  1: 60;  2: 65/55;  3: 70/60/50

Equal scores share (S does that already). The rules differ only in WHICH groups
get the set percentages:

=========  ==============================================================
rule       a group gets set percentages when
=========  ==============================================================
wbf        it has 1 or 2 results, or 3 and another group is larger
           (WBF 1991 / ACBL: a group of 3 by Neuberg only if the largest)
ebu        it has at most 3 results and at most a third of the board's
           results (EBU White Book 4.2.3.3)
qba        it has fewer than 4 results (the director-training slides, QBA)
none       never: every group is estimated by the method
=========  ==============================================================

>>> small_group_percentage(4, 3), small_group_percentage(2, 3), small_group_percentage(0, 3)
(Fraction(70, 1), Fraction(60, 1), Fraction(50, 1))
>>> uses_set_percentages(SmallGroups.WBF, 3, [7, 3], 10), uses_set_percentages(SmallGroups.WBF, 3, [3, 2], 5)
(True, False)
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from fractions import Fraction

from .rules import SMALL_GROUP_PERCENTAGE, Expr
from .rules import SMALL_GROUP_RULES as RULES
from .settings import SmallGroups

__all__ = ["SMALL_GROUP_RULES", "SmallGroups", "small_group_percentage", "uses_set_percentages"]


def _rule(expr: Expr) -> Callable[[int, Sequence[int], int], bool]:
    return lambda n, sizes, total: bool(expr.py(n=n, largest=max(sizes, default=n), N=total))


#: rule -> (does a group of n, among groups of these sizes on a board of total results, get set %?, source);
#: made from :data:`mpxl.core.rules.SMALL_GROUP_RULES`, which the template's Set % column is written from too.
SMALL_GROUP_RULES: dict[SmallGroups, tuple[Callable[[int, Sequence[int], int], bool], str]] = {
    rule: (_rule(RULES[rule.value]), RULES[rule.value].words) for rule in SmallGroups
}


def uses_set_percentages(rule: SmallGroups, n: int, sizes: Sequence[int], total: int) -> bool:
    """Does a fouled group of ``n`` results get set percentages under ``rule``?"""
    return SMALL_GROUP_RULES[rule][0](n, sizes, total)


def small_group_percentage(S_double: int | Fraction, n: int) -> Fraction:
    """The set percentage of a result with double-scale matchpoints S in a group of n.

    >>> small_group_percentage(1, 2), small_group_percentage(0, 1)
    (Fraction(60, 1), Fraction(60, 1))
    """
    return Fraction(SMALL_GROUP_PERCENTAGE.py(S2=Fraction(S_double), n=n))
