"""Rounding policies for a board's matchpoints, applied exactly to Fractions.

Scoring programs round each board's figures, then total the ROUNDED figures.

* ``exact``: no rounding;
* ``half-up:d``: to d decimals, a half away from zero (ACBL: 2 decimals, .005 up);
* ``half-even:d``: to d decimals, a half to the even digit;
* ``ebu``: to 0.1, a half (.05) towards the board's average (EBU);
* ``truncate:d``: to d decimals, cut off towards zero (Bridge NZ's Scorer: 57.56 -> 57.5).

Each kind's rule is written once, in the rulebook (:data:`mpxl.core.rules.ROUNDING_KINDS`), as the
sheet's expression; :func:`round_ratio` is its integer fast path.

>>> r = Rounding.parse("half-up:2")
>>> r.apply(Fraction(55, 8), Fraction(8))        # 6.875 -> 6.88 (the slides)
Fraction(172, 25)
>>> ebu = Rounding.parse("ebu")
>>> ebu.apply(Fraction(161, 20), Fraction(8)), ebu.apply(Fraction(159, 20), Fraction(8))
(Fraction(8, 1), Fraction(8, 1))
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from typing import NoReturn, overload

from .rules import ROUNDING_KINDS as RULEBOOK_ROUNDING
from .settings import RoundingKind, Tie

__all__ = ["Rounding", "RoundingKind", "round_fraction", "round_ratio", "ROUNDING_KINDS", "rounding_order_note",
           "cut_off_all"]

#: The rounding kinds and what each does (the rulebook's table).
ROUNDING_KINDS = RULEBOOK_ROUNDING


def round_fraction(value: Fraction, decimals: int, tie: Tied = RoundingKind.HALF_UP,
                   average: Fraction = Fraction(0)) -> Fraction:
    """Round an exact value to ``decimals`` places, breaking exact halves by the rounding kind ``tie``
    (a :class:`RoundingKind`, a :class:`~mpxl.core.settings.Tie` or its word): half-up (away from zero),
    half-even, or ebu (towards ``average``); exact leaves it. The rulebook's rule
    (:data:`mpxl.core.rules.ROUNDING_KINDS`), through its fast path :func:`round_ratio`.

    >>> round_fraction(Fraction(1, 20), 1), round_fraction(Fraction(1, 20), 1, "half-even")
    (Fraction(1, 10), Fraction(0, 1))
    >>> round_fraction(Fraction(-1, 20), 1), round_fraction(Fraction(-1, 20), 1, RoundingKind.EBU)
    (Fraction(-1, 10), Fraction(0, 1))
    """
    value, average = Fraction(value), Fraction(average)
    if _kind(tie) is RoundingKind.EXACT:
        return value
    q = round_ratio(value.numerator, value.denominator, decimals, tie, average * value.denominator)
    return Fraction(q, 10**decimals)


@lru_cache(maxsize=1 << 16)
def _applied(num: int, den: int, decimals: int, kind: RoundingKind, average_num: int, average_den: int) -> Fraction:
    """:meth:`Rounding.apply` of the figure ``num/den`` (the board's average ``average_num/average_den``),
    worked out once per figure, average and rounding (the inference scores one event under many settings, and
    the same figures come back; whole numbers are a key hashed fast, a Fraction is not).

    >>> _applied(161, 20, 1, RoundingKind.EBU, 8, 1)
    Fraction(8, 1)
    """
    return round_fraction(Fraction(num, den), decimals, kind, Fraction(average_num, average_den))


def rounding_order_note(published: float | None, ours: Fraction | None, decimals: int | None) -> str:
    """A short note for a published percentage that differs from ours by exactly one unit of its
    last decimal (``decimals``): the mark a different order of roundings leaves (the board figures,
    the total and the percentage rounded in another order, or from the exact figures), rather than
    a different result; '' for any other difference. ``mpxl check`` adds it to the difference.

    >>> rounding_order_note(41.63, Fraction(4162, 100), 2)
    ' (one unit of its last decimal: a rounding-order difference)'
    >>> rounding_order_note(41.63, Fraction(4161, 100), 2), rounding_order_note(41.6, Fraction(416, 10), 2)
    ('', '')
    """
    if published is None or ours is None or decimals is None:
        return ""
    if abs(Fraction(repr(float(published))) - Fraction(ours)) != Fraction(1, 10**decimals):
        return ""
    return " (one unit of its last decimal: a rounding-order difference)"


def cut_off_all(figures: Iterable[tuple[float | None, Fraction]], decimals: int | None) -> bool:
    """Is every published figure of ``figures`` (published, mpxl's exact figure) the exact one CUT OFF to
    ``decimals`` (rounded down, towards zero), and is one of them not the exact one rounded half up? The mark of a
    program that truncates its percentages, which no setting of mpxl does: ``mpxl check`` says so of the
    percentages it cannot explain.

    >>> cut_off_all([(41.62, Fraction(41629, 1000)), (50.0, Fraction(50))], 2)
    True
    >>> cut_off_all([(41.63, Fraction(41629, 1000))], 2), cut_off_all([(50.0, Fraction(50))], 2)
    (False, False)
    """
    if decimals is None:
        return False
    seen = rounded_otherwise = False
    for published, exact in figures:
        if published is None:
            continue
        cut = round_ratio(exact.numerator, exact.denominator, decimals, RoundingKind.TRUNCATE, 0)
        if Fraction(repr(float(published))) != Fraction(cut, 10**decimals):
            return False
        seen = True
        rounded_otherwise |= Fraction(cut, 10**decimals) != round_fraction(exact, decimals)
    return seen and rounded_otherwise


#: A tie rule as a caller may give it: a rounding kind, a percentage tie rule or the word of either.
Tied = RoundingKind | Tie | str
#: Each rounding kind by itself, its word and the percentage tie rule of the same word.
_KINDS: dict[object, RoundingKind] = {**{k: k for k in RoundingKind}, **{k.value: k for k in RoundingKind},
                                      **{t: RoundingKind(t.value) for t in Tie}}


def _kind(tie: Tied) -> RoundingKind:
    kind = _KINDS.get(tie)
    if kind is None:
        raise ValueError(f"{tie!r} is not a rounding kind; expected one of {', '.join(k.value for k in RoundingKind)}")
    return kind


def round_ratio(num: int, den: int, decimals: int, tie: Tied = RoundingKind.HALF_UP,
                average_num: int | Fraction = 0) -> int:
    """``num/den`` rounded to ``decimals`` places, as a whole number of units of 10**-decimals.

    The integer fast path of the rulebook's rounding rule (:func:`mpxl.core.rules.round_by_rule`: a
    test proves they agree on every kind); ``tie`` as :func:`round_fraction`'s, not exact;
    ``average_num`` is the average on the same denominator (an ebu half goes towards it).

    >>> round_ratio(55, 8, 2), round_ratio(161, 20, 1, "ebu", 160), round_ratio(159, 20, 1, "ebu", 160)
    (688, 80, 80)
    >>> round_ratio(1151, 20, 1, "truncate"), round_ratio(-1151, 20, 1, "truncate")  # 57.55 -> 57.5, -57.5
    (575, -575)
    """
    kind = _kind(tie)
    unit: int = 10**decimals  # decimals >= 0: an int
    q, r = divmod(num * unit, den)
    if kind is RoundingKind.TRUNCATE:
        return q + 1 if r and (num < 0) != (den < 0) else q  # towards zero (divmod floors)
    twice = 2 * r
    if twice > den:
        return q + 1
    if twice < den:
        return q
    if kind is RoundingKind.HALF_UP:
        return q + 1 if num >= 0 else q  # away from zero
    if kind is RoundingKind.HALF_EVEN:
        return q if q % 2 == 0 else q + 1
    if kind is RoundingKind.EBU:
        return q if num > average_num else q + 1  # towards the average
    raise ValueError("exact is no rounding to whole units; round_fraction leaves an exact value as it is")


@dataclass(frozen=True)
class Rounding:
    """A rounding policy: its :class:`~mpxl.core.settings.RoundingKind` and the number of ``decimals``.

    >>> Rounding(RoundingKind.HALF_UP, 2)
    Rounding(kind='half-up', decimals=2)
    """

    kind: RoundingKind = RoundingKind.EXACT
    decimals: int = 0

    def __post_init__(self) -> None:
        if not isinstance(self.kind, RoundingKind):
            raise TypeError(f"Rounding kind {self.kind!r} is not a RoundingKind (parse text with Rounding.parse)")

    def __repr__(self) -> str:
        return f"Rounding(kind={self.kind.value!r}, decimals={self.decimals})"

    @classmethod
    def parse(cls, text: str | int | Rounding | None) -> Rounding:
        """Parse ``exact``, ``ebu``, ``acbl``, ``half-up:2``, ``half-even:1``, ``truncate:1`` or a bare number of
        decimals.

        >>> Rounding.parse("2"), Rounding.parse("acbl")
        (Rounding(kind='half-up', decimals=2), Rounding(kind='half-up', decimals=2))
        >>> Rounding.parse("trunc:1"), str(Rounding.parse("truncate:1").apply(Fraction(1151, 20)))
        (Rounding(kind='truncate', decimals=1), '115/2')
        >>> Rounding.parse("third")
        Traceback (most recent call last):
        ...
        ValueError: 'third' is not a rounding; expected exact, ebu, acbl, a number of decimals,
        or half-up:D / half-even:D / truncate:D
        """
        if isinstance(text, Rounding):
            return text
        if text is None:
            return cls()
        if isinstance(text, int) and not isinstance(text, bool):
            return cls(RoundingKind.HALF_UP, text) if 0 <= text <= 10 else cls._bad(text)
        key = str(text).strip().lower().replace("_", "-").replace(" ", "")
        if key in ("", "exact", "none"):
            return cls()
        if key == "ebu":
            return cls(RoundingKind.EBU, 1)
        if key == "acbl":
            return cls(RoundingKind.HALF_UP, 2)
        m = re.fullmatch(r"(?:(half-up|half-even|up|even|truncate|trunc|down)[:=]?)?([0-9]{1,2})", key)
        if m and int(m.group(2)) <= 10:
            kind = (RoundingKind.HALF_EVEN if m.group(1) in ("half-even", "even") else
                    RoundingKind.TRUNCATE if m.group(1) in ("truncate", "trunc", "down") else RoundingKind.HALF_UP)
            return cls(kind, int(m.group(2)))
        return cls._bad(text)

    @staticmethod
    def _bad(text: object) -> NoReturn:
        raise ValueError(
            f"{text!r} is not a rounding; expected exact, ebu, acbl, a number of decimals, or half-up:D / half-even:D"
            " / truncate:D"
        )

    @overload
    def apply(self, value: None, average: Fraction = ...) -> None: ...
    @overload
    def apply(self, value: Fraction, average: Fraction = ...) -> Fraction: ...
    def apply(self, value: Fraction | None, average: Fraction = Fraction(0)) -> Fraction | None:
        """Round one matchpoint figure; ``average`` is the board's average (top / 2) for EBU."""
        if value is None or self.kind is RoundingKind.EXACT:
            return value
        v = Fraction(value) if isinstance(value, float) else value
        a = Fraction(average) if isinstance(average, float) else average
        return _applied(v.numerator, v.denominator, self.decimals, self.kind, a.numerator, a.denominator)

    def apply_ratio(self, num: int, den: int, average_num: int | Fraction = 0) -> float:
        """Round ``num/den`` (average ``average_num/den``) and give it as a float, for a cell.

        ``average_num`` is exact, as :func:`round_ratio` takes it: a Fraction where the average
        (top / 2) is no whole number of 1/den (an ebu half goes towards it either way).

        >>> ebu = Rounding.parse("ebu")      # 35/20 = 1.75 to 1 decimal, the average 1.725 or 1.775
        >>> ebu.apply_ratio(35, 20, Fraction(69, 2)), ebu.apply_ratio(35, 20, Fraction(71, 2))
        (1.7, 1.8)
        """
        if self.kind is RoundingKind.EXACT:
            return num / den
        unit: int = 10**self.decimals
        return round_ratio(num, den, self.decimals, self.kind, average_num) / unit

    def other_ties(self) -> tuple[Rounding, ...]:
        """The roundings to the same decimals that break an exact half another way (the EBU's, which is to 1
        decimal, only beside 1 decimal), or cut the figure off (truncation: Bridge NZ's Scorer): what the inference
        tries from this rounding; none from exact.

        >>> [str(r) for r in Rounding.parse("1").other_ties()], Rounding.parse("exact").other_ties()
        (['half-even:1', 'ebu', 'truncate:1'], ())
        """
        if self.kind is RoundingKind.EXACT:
            return ()
        kinds = [RoundingKind.HALF_UP, RoundingKind.HALF_EVEN] + ([RoundingKind.EBU] if self.decimals == 1 else [])
        kinds.append(RoundingKind.TRUNCATE)
        return tuple(Rounding(k, 1 if k is RoundingKind.EBU else self.decimals) for k in kinds if k is not self.kind)

    def __str__(self) -> str:
        if self.kind in (RoundingKind.EXACT, RoundingKind.EBU):
            return str(self.kind.value)
        return f"{self.kind.value}:{self.decimals}"
