"""The estimation methods: scale a board's matchpoints up (or down) to N results.

Every method is an instance of Buchen's generic formula with a parameter k
(single scale; on the double scale S and the constant are both doubled)::

    M = (N - k) / (n - 1) * S + (k - 1) / 2

N is the number of results the board should have (expected), n the number of
real results it has (actual) and S the matchpoints among those n results alone.
The check total is ``n (N - 1) / 2`` for every k; only the spread changes.

>>> estimate(14, 9, 8)                # Neuberg, double scale: the slides' 15.88
Fraction(127, 8)
>>> float(estimate(14, 9, 8, Method.FACTOR))
16.0
>>> estimate(7, 9, 8, scale=Scale.SIGNED)  # signed: beats all 7 others; the double 15.875 less 8
Fraction(63, 8)
"""

from __future__ import annotations

import functools
import math
from collections.abc import Callable
from fractions import Fraction
from numbers import Rational
from typing import overload

from .rules import (
    AVE,
    COUNT_RULES,
    ESTIMATE_LINE,
    ESTIMATES_FULL_BOARDS,
    FEWEST_RESULTS,
    K_RULES,
    NO_PERCENTAGE,
    count_message,
    counts_message,
)
from .settings import Choice, Scale

#: A count of results as the caller may give it: an int, or a whole float or Fraction.
Count = int | float | Rational
#: A matchpoint figure or percentage: exact (int, Fraction) or a float.
Figure = int | float | Rational

__all__ = [
    "Method",
    "NO_ESTIMATE",
    "find_method",
    "k_value",
    "estimate",
    "estimate_percentage",
    "top",
    "check_total",
    "as_scale",
    "K_FORMULAS",
    "check_counts",
]


class Method(Choice):
    """The estimation methods; ``Method.find`` parses a user's spelling (at the edges only).

    ``ascherman`` estimates every board, full ones too (McKinnon's reading: a result's percentage
    does not depend on how many results the board has); ``ascherman-short`` only short boards,
    as the other methods do (docs/rulings.md gives the reason for offering both).

    >>> Method.find("Neuberg"), Method.find(" mck"), Method.find(None), Method.find("asch")
    (<Method.NEUBERG: 'neuberg'>, <Method.MCKINNON: 'mckinnon'>, <Method.NEUBERG: 'neuberg'>,
     <Method.ASCHERMAN: 'ascherman'>)
    >>> Method.find("Ascherman short"), Method.ASCHERMAN_SHORT.label
    (<Method.ASCHERMAN_SHORT: 'ascherman-short'>, 'Ascherman-short')
    >>> Method.find("average")
    Traceback (most recent call last):
    ...
    ValueError: 'average' is not a method; expected one of neuberg, factor, ascherman, mckinnon, manual,
    ascherman-short
    """

    _value_: str
    NEUBERG, FACTOR, ASCHERMAN, MCKINNON, MANUAL, ASCHERMAN_SHORT = K_RULES  # the rulebook's k of each, in its order

    @property
    def label(self) -> str:
        """The method's name as a table, chart or the template's Setup list writes it."""
        return "McKinnon" if self is Method.MCKINNON else self.value.capitalize()

    @property
    def full_boards(self) -> bool:
        """Does the method change a full board (n = N) too? (:data:`mpxl.core.rules.ESTIMATES_FULL_BOARDS`)"""
        return self.value in ESTIMATES_FULL_BOARDS


#: What a scorer may write for "no method: never estimate" (``--method none``, a method cell ``none``).
NO_ESTIMATE = ("none", "never", "plain")


def find_method(text: str | Method | None) -> Method | None:
    """A method as typed at an edge: the Method, or None for :data:`NO_ESTIMATE` (never estimate).

    >>> find_method(" None "), find_method(None), find_method("mck")
    (None, <Method.NEUBERG: 'neuberg'>, <Method.MCKINNON: 'mckinnon'>)
    >>> find_method("nueberg")
    Traceback (most recent call last):
    ...
    ValueError: 'nueberg' is not a method; expected one of neuberg, factor, ascherman, mckinnon, manual,
    ascherman-short, or none (never estimate)
    """
    if isinstance(text, str) and text.strip().lower() in NO_ESTIMATE:
        return None
    try:
        return Method.find(text)
    except ValueError as exc:  # the words an edge takes: the methods and none
        raise ValueError(f"{exc}, or {NO_ESTIMATE[0]} (never estimate)") from None


def _k_rule(method: Method) -> Callable[[int, int], Fraction]:
    rule = K_RULES[method.value]
    return lambda N, n: Fraction(rule.py(N=N, n=n))


#: k of each method as a function of (N, n), with the rule in words and its source
#: (made from :data:`mpxl.core.rules.K_RULES`, which the template's k column is written from too).
K_FORMULAS: dict[Method, tuple[Callable[[int, int], Fraction], str, str]] = {
    m: (_k_rule(m), K_RULES[m.value].text.replace("IF(N>n+1,(N-1)/n,1)", "(N-1)/n if N > n+1, else 1"),
        K_RULES[m.value].words)
    for m in Method
}


def _count(what: str, v: object, least: int) -> int:
    """One count as an int once it is one (:data:`mpxl.core.rules.COUNT_RULES`): a number (not a bool, finite),
    whole, at least ``least``; ValueError in the rules' words else."""
    if isinstance(v, float) and math.isfinite(v):
        exact = Fraction(v)
    elif isinstance(v, Rational) and not isinstance(v, bool):
        exact = Fraction(int(v.numerator), int(v.denominator))
    else:
        raise ValueError(COUNT_RULES[0][1].format(what=what, x=repr(v)))
    if says := count_message(what, exact, least):
        raise ValueError(says)
    return int(exact)


def check_counts(expected: object, actual: object, least_actual: int = 1, down: bool = False) -> tuple[int, int]:
    """``(N, n)`` as ints once they make a board (:data:`mpxl.core.rules.COUNT_RULES`): whole numbers, N at
    least 1, n from ``least_actual`` (1 for an estimate, 0 for a board's lines) up to N (or above N when
    ``down``: factoring down on purpose, as McKinnon's example 4 does).

    The one count check of the project: the estimates, the board scorers (so the Excel
    functions), ``mpxl methods`` and the command's sessions call it; the Methods sheet's message is
    written from the same table.

    >>> check_counts(9, 8), check_counts(1, 1)
    ((9, 8), (1, 1))
    >>> check_counts(2, 3)
    Traceback (most recent call last):
    ...
    ValueError: 3 results are more than the 2 expected
    >>> check_counts(9, "8")
    Traceback (most recent call last):
    ...
    ValueError: actual '8' is not a whole number of results
    """
    N = _count("expected", expected, FEWEST_RESULTS["expected"])
    n = _count("actual", actual, least_actual)
    if says := counts_message(N, n, down):
        raise ValueError(says)
    return N, n


def k_value(method: Method, expected: Count, actual: Count, down: bool = False) -> Fraction:
    """The k of ``method`` for a board of ``expected`` results with ``actual`` real ones.

    >>> k_value(Method.NEUBERG, 9, 8), k_value(Method.MCKINNON, 9, 8), k_value(Method.MCKINNON, 9, 7)
    (Fraction(9, 8), Fraction(1, 1), Fraction(8, 7))
    """
    N, n = check_counts(expected, actual, down=down)
    return K_FORMULAS[method][0](N, n)


def _exact(x: object) -> Fraction:
    if isinstance(x, bool):
        raise ValueError(f"{x!r} is not a number")
    if isinstance(x, (int, Fraction)):
        return Fraction(x)
    if isinstance(x, float):
        if x != x or x in (float("inf"), float("-inf")):
            raise ValueError(f"{x!r} is not a finite number")
        return Fraction(x)
    if isinstance(x, Rational):
        return Fraction(int(x.numerator), int(x.denominator))
    raise ValueError(f"{x!r} is not a number")


_SCALE_NUMBERS = {1: Scale.SINGLE, 2: Scale.DOUBLE}


def as_scale(scale: int | Scale) -> Scale:
    """A scale as the functions below take it: 2 (double), 1 (single) or a :class:`~mpxl.core.settings.Scale`
    (parsed at the edges by ``Scale.find``).

    >>> as_scale(1), as_scale(Scale.SIGNED)
    (<Scale.SINGLE: 'single'>, <Scale.SIGNED: 'signed'>)
    >>> as_scale(3)
    Traceback (most recent call last):
    ...
    ValueError: scale 3 must be 1 (single), 2 (double) or Scale.SIGNED
    """
    if isinstance(scale, Scale):
        return scale
    if type(scale) is int and scale in _SCALE_NUMBERS:
        return _SCALE_NUMBERS[scale]
    raise ValueError(f"scale {scale!r} must be 1 (single), 2 (double) or Scale.SIGNED")


@overload
def estimate(
    mp: int | Fraction, expected: Count, actual: Count, method: Method = ..., scale: int | Scale = ...,
    down: bool = ...
) -> Fraction: ...
@overload
def estimate(
    mp: Figure, expected: Count, actual: Count, method: Method = ..., scale: int | Scale = ..., down: bool = ...
) -> Fraction | float: ...
def estimate(
    mp: Figure, expected: Count, actual: Count, method: Method = Method.NEUBERG, scale: int | Scale = 2,
    down: bool = False,
) -> Fraction | float:
    """Estimate matchpoints ``mp`` won among ``actual`` results on a board of ``expected``.

    Exact (a Fraction) for int or Fraction input, a float for float input.
    With one real result every method gives the average. A full board
    (``actual == expected``) keeps S under every method (its k is 1) except
    ``ascherman``, which estimates every board: (N-1)(S+1/2)/N single scale, so a
    full board's top is no longer 100%, as a short board's is not. More results than
    expected is an impossible board and refused, unless ``down`` asks to factor down on purpose.
    On the signed scale ``mp`` is signed among the actual results (-(n-1) to n-1): it is
    estimated as the double figure S + (n - 1), and the estimate is given less N - 1.

    >>> estimate(15, 10, 9)                       # De Wael: 16.78
    Fraction(151, 9)
    >>> [round(float(estimate(s, 9, 8, m)), 2) for m in Method for s in (14,)]
    [15.88, 16.0, 15.0, 16.0, 15.0, 15.0]
    >>> estimate(14, 9, 9, Method.ASCHERMAN), estimate(14, 9, 9, Method.ASCHERMAN_SHORT)  # 8 x 7.5 / 9, doubled
    (Fraction(40, 3), Fraction(14, 1))
    >>> estimate(6.0, 12, 11, scale=1)            # FAQ: 13.18 double = 6.59 single
    6.590909090909091
    >>> estimate(0, 9, 8, scale=Scale.SIGNED), estimate(-7, 9, 8, scale=Scale.SIGNED)  # 8.0 and 0.125 double
    (Fraction(0, 1), Fraction(-63, 8))
    """
    N, n = check_counts(expected, actual, down=down)
    exact = mp if isinstance(mp, (int, Fraction)) and not isinstance(mp, bool) else _exact(mp)
    result = _estimated(exact.numerator, exact.denominator, N, n, method, as_scale(scale), down)
    return float(result) if isinstance(mp, float) else result


@functools.lru_cache(maxsize=1 << 16)
def _estimated(num: int, den: int, N: int, n: int, method: Method, sc: Scale, down: bool) -> Fraction:
    """:func:`estimate` of the figure ``num/den`` on a board of counts checked, worked out once per figure, board
    and method (the inference scores one event under many settings, and the same figures come back; whole
    numbers are a key hashed fast, a Fraction is not).

    >>> _estimated(14, 1, 9, 8, Method.NEUBERG, Scale.DOUBLE, False)
    Fraction(127, 8)
    """
    mp = Fraction(num, den)
    shift = sc.offset(sc.top(n)) if sc.centred else 0  # signed: S in the double arithmetic
    S = mp + shift
    high = sc.unit * (n - 1)
    if not 0 <= S <= high:
        raise ValueError(f"mp {float(mp):g} is outside {-shift}..{high - shift}, the top of {n} results on "
                         f"scale {sc.number}")
    k = k_value(method, N, n, down)
    result: Fraction = ESTIMATE_LINE.py(S=S, N=N, n=n, k=k, Scale=sc.unit, full=int(method.full_boards))
    if sc.centred:
        result -= sc.offset(sc.top(N))
    return result


@overload
def estimate_percentage(
    pct: int | Fraction, expected: Count, actual: Count, method: Method = ...
) -> Fraction: ...
@overload
def estimate_percentage(
    pct: Figure, expected: Count, actual: Count, method: Method = ...
) -> Fraction | float: ...
def estimate_percentage(
    pct: Figure, expected: Count, actual: Count, method: Method = Method.NEUBERG
) -> Fraction | float:
    """The percentage form: ``P' = (N - k)/(N - 1) * (P - 50) + 50``.

    P is the percentage among the ``actual`` results (S over their top).

    >>> round(float(estimate_percentage(100, 9, 8)), 2)     # McKinnon ex. 1 prints 99.25, from 15.88 rounded
    99.22
    >>> estimate_percentage(Fraction(200, 3), 9, 7, Method.FACTOR)
    Fraction(200, 3)
    >>> estimate_percentage(100, 9, 9, Method.ASCHERMAN)     # a full board's top: (N - 1/2)/N
    Fraction(850, 9)
    """
    N, n = check_counts(expected, actual)
    P = _exact(pct)
    if not 0 <= P <= 100:
        raise ValueError(f"percentage {float(P):g} is outside 0..100")
    if N == 1:
        raise ValueError(NO_PERCENTAGE)
    if n == N and not method.full_boards:
        result = P
    elif n == 1:
        result = Fraction(AVE)  # a lone result: the average
    else:
        k = k_value(method, N, n)
        result = (N - k) / (N - 1) * (P - 50) + 50
    return float(result) if isinstance(pct, float) else result


def top(results: Count, scale: int | Scale = 2) -> int:
    """The most matchpoints on a board of ``results`` results: scale x (results - 1); results - 1 signed.

    >>> top(9), top(9, scale=1), top(9, Scale.SIGNED)
    (16, 8, 8)
    """
    sc = as_scale(scale)
    N, _ = check_counts(results, 1)
    return sc.top(N)


def check_total(results: Count, scale: int | Scale = 2) -> int:
    """The sum of one direction's matchpoints on a full board: N x the average, scale x N(N-1)/2 (0 signed).

    >>> check_total(9), check_total(6, scale=1), check_total(9, Scale.SIGNED)
    (72, 15, 0)
    """
    sc = as_scale(scale)
    N, _ = check_counts(results, 1)
    return int(sc.average(sc.top(N)) * N)
