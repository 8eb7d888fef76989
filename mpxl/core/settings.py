"""The options a scorer chooses per event, as typed values.

Each is an :class:`~enum.Enum` parsed once at the edge (command line, readers,
JSON, Excel function) by its ``find``; the core takes the Enum and never parses
text. (The estimation method, :class:`mpxl.core.methods.Method`, and the rounding,
:class:`mpxl.core.rounding.Rounding`, are parsed the same way.) The values a rule
table of :mod:`mpxl.core.rules` is keyed by are the Enum's values, checked below.

>>> EstimateAt.find("Totals"), Places.find("plain"), Unplayed.find(None), Tie.find("even")
(<EstimateAt.TOTALS: 'totals'>, <Places.PLAIN: 'plain'>, <Unplayed.NONE: 'none'>, <Tie.HALF_EVEN: 'half-even'>)
>>> SmallGroups.find("ACBL"), AvePolicy.find("WBF"), Field.find("event"), RoundingKind.find("ebu")
(<SmallGroups.WBF: 'wbf'>, <AvePolicy.WBF: 'wbf'>, <Field.EVENT: 'event'>, <RoundingKind.EBU: 'ebu'>)
>>> EstimateAt.find("sometimes")
Traceback (most recent call last):
...
ValueError: 'sometimes' is not an estimate-at; expected one of lines, totals, never, own-tops
"""

from __future__ import annotations

from enum import Enum
from fractions import Fraction
from typing import TypeVar, cast

from .rules import (
    ARTIFICIAL_MP,
    AVE_POLICIES,
    FIELD_SCORING,
    FIXED_TOP_SCALES,
    LONE_RESULT_RULES,
    MIXED_LINE_RULES,
    PERCENTAGE_BASES,
    ROUNDING_KINDS,
    ROUNDING_ORDERS,
    SCALE_AVERAGE,
    SCALE_OFFSET,
    SCALE_PERCENTAGE,
    SCALE_TOP,
    SCALES,
    SMALL_GROUP_RULES,
    UNPLAYED_CREDITS,
)

__all__ = ["Choice", "Scale", "TotalsFrom", "EstimateAt", "Unplayed", "RoundingOrder", "Places", "Tie", "SmallGroups",
           "AvePolicy", "Field", "RoundingKind", "LoneResult", "PercentageBasis", "MixedLine"]

_E = TypeVar("_E", bound="Choice")


class Choice(Enum):
    """An option whose values are words; ``find`` forgives case, spaces and unambiguous prefixes."""

    _value_: str

    @classmethod
    def _label(cls) -> str:
        return cls.__name__.lower()

    @classmethod
    def _aliases(cls) -> dict[str, str]:
        """Other spellings a user may write, to the value they mean."""
        return {}

    @classmethod
    def find(cls: type[_E], text: str | _E | None) -> _E:
        """The member ``text`` names (the first member when blank); a ValueError naming what is expected.

        An unambiguous prefix names a member; so does a prefix that is itself the start of
        every other match (``asch`` is ``ascherman``, not ``ascherman-short``).
        """
        if isinstance(text, cls):
            return text
        members = list(cls)
        if text is None or not str(text).strip():
            return members[0]
        key = str(text).strip().lower().replace("_", "-").replace(" ", "-")
        key = cls._aliases().get(key, key)
        exact = [m for m in members if m.value == key or m.name.lower() == key.replace("-", "_")]
        found = exact or [m for m in members if str(m.value).startswith(key) or str(m.value).endswith("-" + key)]
        if len(found) > 1:
            found = [m for m in found if all(str(o.value).startswith(str(m.value)) for o in found)]
        if len(found) == 1:
            return found[0]
        label = cls._label()
        article = "an" if label[0] in "aeiou" else "a"
        raise ValueError(
            f"{text!r} is not {article} {label}; expected one of " + ", ".join(str(m.value) for m in members)
        )


class Scale(Choice):
    """The matchpoint scale: ``double`` (2 per result beaten, 1 per tie; top 2(E - 1)), ``single``
    (1 and 1/2; top E - 1), ``signed`` (+1 per result beaten, -1 per result that beats it, 0 per
    tie: the double scale less E - 1, so a top is +(E - 1), an average 0 and NS + EW = 0; Ruter's
    MP1, ASE's signed matchpoints), or ``percent`` (the board's percentage: the double figure
    factored to a top of 100 on every board, NS + EW = 100; JFR Pary, KoPS).

    Every scale is scored with the double (or single) scale's arithmetic, ``unit`` matchpoints per
    result beaten; a signed figure is the double one less the board's average. A pair's
    percentage is 100 x total / maximum, on the signed scale 50 + 50 x total / maximum (the
    maximum the sum of the signed tops, E - 1 per board).

    >>> Scale.find(1), Scale.find("2"), Scale.find("MP1"), Scale.find(Scale.SIGNED).unit
    (<Scale.SINGLE: 'single'>, <Scale.DOUBLE: 'double'>, <Scale.SIGNED: 'signed'>, 2)
    >>> [Scale.SIGNED.top(9), Scale.DOUBLE.top(9), Scale.SINGLE.top(9)]
    [8, 16, 8]
    >>> from fractions import Fraction
    >>> round(float(Scale.SIGNED.percentage(Fraction(501, 10), 168)), 4), Scale.SIGNED.figure(60, 8)
    (64.9107, Fraction(8, 5))
    """

    DOUBLE = "double"
    SINGLE = "single"
    SIGNED = "signed"
    PERCENT = "percent"

    @classmethod
    def _label(cls) -> str:
        return "scale"

    @classmethod
    def _aliases(cls) -> dict[str, str]:
        return {"2": "double", "1": "single", "mp1": "signed", "mp2": "double", "centred": "signed",
                "centered": "signed", "relative": "signed", "+-": "signed", "plus-minus": "signed",
                "%": "percent", "percentage": "percent", "100": "percent", "pct": "percent"}

    @property
    def unit(self) -> int:
        """The matchpoints a result beaten is worth in the arithmetic the scale is scored with."""
        return (SCALES.get(self.value) or FIXED_TOP_SCALES[self.value])[0]

    @property
    def centred(self) -> bool:
        """Whether the board's average is 0 (the signed scale)."""
        return bool((SCALES.get(self.value) or FIXED_TOP_SCALES[self.value])[1])

    @property
    def fixed_top(self) -> int | None:
        """The top every board is reported on whatever its results (the percentage scale: 100), else None.

        >>> Scale.find("%").fixed_top, Scale.DOUBLE.fixed_top
        (100, None)
        """
        fixed = FIXED_TOP_SCALES.get(self.value)
        return None if fixed is None else fixed[2]

    @property
    def number(self) -> int | str:
        """The scale as the JSON and the sheet's Setup write it: 2, 1, 'signed' or 'percent'."""
        return {Scale.DOUBLE: 2, Scale.SINGLE: 1}.get(self, self.value)

    # the rules below are the rulebook's (mpxl.core.rules), which the template's formulas are written from

    def top(self, expected: int) -> int:
        """The top of a board worth ``expected`` results: 2(E - 1) double, E - 1 single or signed."""
        return int(_TOP(self.unit, int(self.centred), max(expected, 1)))

    def offset(self, top: int | Fraction) -> Fraction:
        """What a figure in the scale's arithmetic (:attr:`unit`) loses to become a figure on the
        scale, on a board whose top on the scale is ``top``: ``top`` (E - 1) on the signed scale, else 0.

        >>> Scale.SIGNED.offset(Scale.SIGNED.top(9)), Scale.DOUBLE.offset(16)
        (Fraction(8, 1), Fraction(0, 1))
        """
        return cast(Fraction, _OFFSET(int(self.centred), Fraction(top)))

    def average(self, top: int | Fraction) -> Fraction:
        """A board's average figure: half its top, 0 on the signed scale."""
        return cast(Fraction, _AVERAGE(int(self.centred), Fraction(top)))

    def percentage(self, mp: int | Fraction, maximum: int | Fraction) -> Fraction:
        """The percentage of ``mp`` out of ``maximum`` (a top, or a pair's sum of tops); 0 with no maximum."""
        if not maximum:
            return Fraction(0)
        return cast(Fraction, _PERCENTAGE(int(self.centred), Fraction(mp), Fraction(maximum)))

    def figure(self, percentage: int | Fraction, top: int | Fraction) -> Fraction:
        """The figure worth ``percentage`` on a board whose top is ``top``."""
        return cast(Fraction, _FIGURE(int(self.centred), Fraction(percentage), Fraction(top)))


#: The scale rules as Python functions (Scale's methods are called for every board and pair).
_TOP = SCALE_TOP.function("unit", "centred", "E")
_OFFSET = SCALE_OFFSET.function("centred", "Top")
_AVERAGE = SCALE_AVERAGE.function("centred", "Top")
_PERCENTAGE = SCALE_PERCENTAGE.function("centred", "mp", "max")
_FIGURE = ARTIFICIAL_MP.function("centred", "pct", "Top")


class TotalsFrom(Choice):
    """What a pair's total and percentage add: the ``rounded`` board figures (most programs: the
    total is the sum of the figures published on its lines), or the ``exact`` ones (Ruter: the
    total is the sum of the unrounded figures, rounded as a total; the percentage is worked out
    from that unrounded sum)."""

    ROUNDED = "rounded"
    EXACT = "exact"

    @classmethod
    def _label(cls) -> str:
        return "totals basis"

    @classmethod
    def _aliases(cls) -> dict[str, str]:
        return {"unrounded": "exact", "figures": "rounded", "lines": "rounded"}


class EstimateAt(Choice):
    """Where a short board's estimate (Neuberg etc.) goes.

    ``lines``: the board's lines are estimated to the full top and the totals add them;
    ``totals``: the lines are published plain on the board's own smaller top, the totals add the
    board estimated to the full top (Compscore3); ``never``: no estimation at all, every board
    plain on its own top and a pair's percentage over the sum of the tops of the boards it played
    (``--method none``); an artificial score or a not-played line still counts towards the board's
    N, so the real results beside it are estimated to it; ``own-tops``: no estimation at all, even
    there: a board is worth its real results alone (its top scale x (n - 1)), an artificial score
    is its percentage of that smaller top, and a pair's maximum is the sum of the tops of the
    boards it played (8 results and an A+: plain on top 14, the A+ 60% of 14 = 8.4).
    """

    LINES = "lines"
    TOTALS = "totals"
    NEVER = "never"
    OWN_TOPS = "own-tops"

    @classmethod
    def _label(cls) -> str:
        return "estimate-at"

    @classmethod
    def _aliases(cls) -> dict[str, str]:
        return {"own-top": "own-tops", "own": "own-tops"}


class Unplayed(Choice):
    """What a pair gets for a board it missed while the other pairs of its field played it.

    ``none``: nothing (its percentage is over the boards it played); ``own``: its own percentage
    on the boards it played, for each board short of the most boards played by a pair of its field;
    ``average`` / ``ave-plus``: 50% / 60% of the top for each such board (a sit-out's credit: JFR
    Pary gives 60 to the pair whose opponents are absent).
    """

    NONE = "none"
    OWN = "own"
    AVERAGE = "average"
    AVE_PLUS = "ave-plus"

    @classmethod
    def _aliases(cls) -> dict[str, str]:
        return {"ave": "average", "50": "average", "60": "ave-plus", "ave+": "ave-plus", "aveplus": "ave-plus"}

    @property
    def credit(self) -> int | None:
        """The set percentage of the top a missed board is credited with (the rulebook's
        :data:`~mpxl.core.rules.UNPLAYED_CREDITS`), None under ``none`` and ``own``.

        >>> Unplayed.find("ave-plus").credit, Unplayed.find("60").credit, Unplayed.OWN.credit
        (60, 60, None)
        """
        return UNPLAYED_CREDITS.get(self.value)

    @classmethod
    def _label(cls) -> str:
        return "unplayed rule"


class RoundingOrder(Choice):
    """What is rounded when a board's figure is factored to another top (:data:`mpxl.core.rules.ROUNDING_ORDERS`):
    ``figure`` (the factored exact figure, once) or ``matchpoints-first`` (the matchpoints on the board's
    own top, then the factored figure again).

    >>> RoundingOrder.find("mp-first"), RoundingOrder.find("figure")
    (<RoundingOrder.MATCHPOINTS_FIRST: 'matchpoints-first'>, <RoundingOrder.FIGURE: 'figure'>)
    """

    FIGURE = "figure"
    MATCHPOINTS_FIRST = "matchpoints-first"

    @classmethod
    def _label(cls) -> str:
        return "rounding order"

    @classmethod
    def _aliases(cls) -> dict[str, str]:
        return {"mp-first": "matchpoints-first", "matchpoints": "matchpoints-first", "exact": "figure",
                "percentage": "figure", "once": "figure"}


class Places(Choice):
    """How tied places are written: ``shared`` ``3=``, ``3=``; ``plain`` ``3``, ``3``."""

    SHARED = "shared"
    PLAIN = "plain"

    @classmethod
    def _label(cls) -> str:
        return "places style"


class Tie(Choice):
    """How an exact half is rounded: away from zero (``half-up``) or to the even digit."""

    HALF_UP = "half-up"
    HALF_EVEN = "half-even"

    @classmethod
    def _label(cls) -> str:
        return "tie rule"


class SmallGroups(Choice):
    """Which small fouled groups get set percentages (:data:`mpxl.core.rules.SMALL_GROUP_RULES`)."""

    WBF = "wbf"
    EBU = "ebu"
    QBA = "qba"
    NONE = "none"

    @classmethod
    def _label(cls) -> str:
        return "small-group rule"

    @classmethod
    def _aliases(cls) -> dict[str, str]:
        return {"acbl": "wbf", "whitebook": "ebu", "white-book": "ebu", "slides": "qba", "neuberg": "none",
                "off": "none"}


class AvePolicy(Choice):
    """How Ave+ and Ave- are awarded (:data:`mpxl.core.rules.AVE_POLICIES`)."""

    FIXED = "fixed"
    WBF = "wbf"

    @classmethod
    def _label(cls) -> str:
        return "ave policy"


class LoneResult(Choice):
    """What the one real result of a board gets when every other line of it is an artificial score.

    ``average``: the average (50% to both sides), as any lone result estimated to N (Neuberg and
    the other methods); ``ave-plus``: 60% to both sides (ACBLscore), an Ave+ to each, as the
    artificial scores beside it are (:data:`mpxl.core.rules.LONE_RESULT_RULES`).

    >>> LoneResult.find("acbl"), LoneResult.find(None)
    (<LoneResult.AVE_PLUS: 'ave-plus'>, <LoneResult.AVERAGE: 'average'>)
    """

    AVERAGE = "average"
    AVE_PLUS = "ave-plus"

    @classmethod
    def _label(cls) -> str:
        return "lone-result rule"

    @classmethod
    def _aliases(cls) -> dict[str, str]:
        return {"acbl": "ave-plus", "acblscore": "ave-plus", "60": "ave-plus", "ave": "average", "50": "average"}


class MixedLine(Choice):
    """Which fields a mixed line's real result stands in (:data:`mpxl.core.rules.MIXED_LINE_RULES`): one
    side given an artificial score (NS 80%), the other scored on the table's result (NS -620).

    ``both``: in both directions' fields (Ruter): the side given the artificial score is
    matchpointed against it too, its own figure being its percentage; ``own``: only in the field of
    the side that keeps it (a program of Dutch lineage): the other direction's field holds one result
    fewer and is estimated to N as any short field.

    >>> MixedLine.find("ruter"), MixedLine.find("own-side"), MixedLine.find(None)
    (<MixedLine.BOTH: 'both'>, <MixedLine.OWN: 'own'>, <MixedLine.BOTH: 'both'>)
    """

    BOTH = "both"
    OWN = "own"

    @classmethod
    def _label(cls) -> str:
        return "mixed-line rule"

    @classmethod
    def _aliases(cls) -> dict[str, str]:
        return {"ruter": "both", "both-fields": "both", "own-side": "own", "own-field": "own", "dutch": "own"}


class PercentageBasis(Choice):
    """What a pair's percentage is worked out from (:data:`mpxl.core.rules.PERCENTAGE_BASES`).

    ``played``: its total over its maximum, the sum of the tops of the boards it played; ``scaled``
    (ACBLscore): a pair that played fewer boards than the most played in its field has its total
    scaled up to that field's maximum and rounded to the totals' decimals first, then divided by
    that maximum (19 of 24 boards, 46.3 on a top of 5: 46.3 x 24/19 = 58.48, 58.48/120 = 48.73%,
    not 46.3/95 = 48.74%).

    >>> PercentageBasis.find("ACBL"), PercentageBasis.find("played")
    (<PercentageBasis.SCALED: 'scaled'>, <PercentageBasis.PLAYED: 'played'>)
    """

    PLAYED = "played"
    SCALED = "scaled"

    @classmethod
    def _label(cls) -> str:
        return "percentage basis"

    @classmethod
    def _aliases(cls) -> dict[str, str]:
        return {"acbl": "scaled", "acblscore": "scaled", "full": "scaled", "factored": "scaled"}


class Field(Choice):
    """Which results a board is compared across (:data:`mpxl.core.rules.FIELD_SCORING`): a ``section``'s, or the
    whole ``event``'s."""

    SECTION = "section"
    EVENT = "event"


class RoundingKind(Choice):
    """How a board's figures are rounded (:data:`mpxl.core.rules.ROUNDING_KINDS`, in the sheet's order)."""

    HALF_UP = "half-up"
    EBU = "ebu"
    EXACT = "exact"
    HALF_EVEN = "half-even"

    @classmethod
    def _label(cls) -> str:
        return "rounding kind"


# the rulebook's tables are keyed by these values, in this order (the sheet's CHOOSE)
assert [m.value for m in SmallGroups] == list(SMALL_GROUP_RULES)
assert [m.value for m in AvePolicy] == list(AVE_POLICIES)
assert [m.value for m in RoundingKind] == list(ROUNDING_KINDS)
assert [m.value for m in Field] == list(FIELD_SCORING)
assert [m.value for m in Scale] == [*SCALES, *FIXED_TOP_SCALES]
assert [m.value for m in LoneResult] == list(LONE_RESULT_RULES)
assert [m.value for m in PercentageBasis] == list(PERCENTAGE_BASES)
assert [m.value for m in MixedLine] == list(MIXED_LINE_RULES)
assert [m.value for m in RoundingOrder] == list(ROUNDING_ORDERS)
