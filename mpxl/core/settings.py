"""The options a scorer chooses per event, as typed values.

Each is an :class:`~enum.Enum` parsed once at the edge (command line, readers,
JSON, Excel function) by its ``find``; the core takes the Enum and never parses
text. (The estimation method, :class:`mpxl.core.methods.Method`, and the rounding,
:class:`mpxl.core.rounding.Rounding`, are parsed the same way.) Where a table of the
rulebook (:mod:`mpxl.core.rules`) is keyed by a setting's values, the Enum's members
are made from that table, in its order (the sheet's CHOOSE): the values are declared once.

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
from typing import Any, ClassVar, TypeVar, cast

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
    TOTALS_ESTIMATES,
    UNPLAYED_CREDITS,
    UNPLAYED_RULES,
)

__all__ = ["Choice", "Scale", "TotalsFrom", "EstimateAt", "Unplayed", "RoundingOrder", "Places", "Tie", "SmallGroups",
           "AvePolicy", "Field", "RoundingKind", "LoneResult", "PercentageBasis", "MixedLine",
           "TotalsMethod", "starting_every_other"]

_E = TypeVar("_E", bound="Choice")


class Choice(Enum):
    """An option whose values are words; ``find`` forgives case, spaces and unambiguous prefixes.

    A subclass names what it is and the other spellings a user may write as class keywords
    (``class Places(Choice, label="places style", aliases={...})``; the label defaults to the class's
    name). Its values are declared once: by the members, or, where the rulebook keys a table by
    them, by that table (``WBF, EBU, QBA, NONE = SMALL_GROUP_RULES``: a table and its Enum cannot
    differ, and a value added to the table without a member fails on import); a member's name spells
    its value (tests/test_vocabulary.py).
    """

    _value_: str
    #: what the option is, as a refusal names it (``'x' is not a places style``)
    _label: ClassVar[str]
    #: other spellings a user may write (as :func:`find` folds them), to the value they mean
    _aliases: ClassVar[dict[str, str]]

    def __init_subclass__(cls, label: str = "", aliases: dict[str, str] | None = None, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        cls._label = label or cls.__name__.lower()
        cls._aliases = aliases or {}

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
        key = cls._aliases.get(key, key)
        exact = [m for m in members if m.value == key or m.name.lower() == key.replace("-", "_")]
        found = exact or [m for m in members if str(m.value).startswith(key) or str(m.value).endswith("-" + key)]
        kept = starting_every_other([str(m.value) for m in found])
        if len(kept) == 1:
            return next(m for m in found if str(m.value) == kept[0])
        label = cls._label
        article = "an" if label[0] in "aeiou" else "a"
        raise ValueError(
            f"{text!r} is not {article} {label}; expected one of " + ", ".join(str(m.value) for m in members)
        )


def starting_every_other(names: list[str]) -> list[str]:
    """Of several names an abbreviation matches, the one that starts every other (``ascherman`` of
    ``ascherman`` and ``ascherman-short``), else all of them (ambiguous); one name or none as they are.

    >>> starting_every_other(["ascherman", "ascherman-short"]), starting_every_other(["mckinnon", "manual"])
    (['ascherman'], ['mckinnon', 'manual'])
    """
    if len(names) < 2:
        return names
    return [n for n in names if all(o.startswith(n) for o in names)] or names


class Scale(Choice, label="scale", aliases={
        "2": "double", "1": "single", "mp1": "signed", "mp2": "double", "centred": "signed", "centered": "signed",
        "relative": "signed", "+-": "signed", "plus-minus": "signed", "%": "percent", "percentage": "percent",
        "100": "percent", "pct": "percent"}):
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

    _value_: str
    DOUBLE, SINGLE, SIGNED, PERCENT = (*SCALES, *FIXED_TOP_SCALES)  # the rulebook's scales, in the sheet's order

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


class TotalsFrom(Choice, label="totals basis",
                 aliases={"unrounded": "exact", "figures": "rounded", "lines": "rounded"}):
    """What a pair's total and percentage add: the ``rounded`` board figures (most programs: the
    total is the sum of the figures published on its lines), or the ``exact`` ones (Ruter: the
    total is the sum of the unrounded figures, rounded as a total; the percentage is worked out
    from that unrounded sum)."""

    ROUNDED = "rounded"
    EXACT = "exact"


class TotalsMethod(Choice, label="totals method", aliases={"lines": "as-lines", "same": "as-lines", "none": "plain"}):
    """What a pair's total adds for a board played fewer times than N, apart from its published lines
    (:data:`mpxl.core.rules.TOTALS_ESTIMATES`): ``as-lines`` (the default: the lines' figures, or the board
    estimated by the method under estimate-at totals); ``plain``: its plain matchpoints on its own smaller top
    (the pair's maximum that top); or a method: the board estimated to N by it (Bridge NZ's Scorer publishes the
    lines by Neuberg, truncated, and adds the totals by the manual method).

    >>> TotalsMethod.find("manual"), TotalsMethod.find("none"), TotalsMethod.PLAIN.method
    (<TotalsMethod.MANUAL: 'manual'>, <TotalsMethod.PLAIN: 'plain'>, None)
    """

    _value_: str
    AS_LINES, PLAIN, NEUBERG, FACTOR, ASCHERMAN, MCKINNON, MANUAL, ASCHERMAN_SHORT = TOTALS_ESTIMATES

    @property
    def method(self) -> str | None:
        """The method's word (a key of :data:`mpxl.core.rules.K_RULES`), None for as-lines and plain."""
        return None if self in (TotalsMethod.AS_LINES, TotalsMethod.PLAIN) else self.value


class EstimateAt(Choice, label="estimate-at", aliases={"own-top": "own-tops", "own": "own-tops"}):
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


class Unplayed(Choice, label="unplayed rule", aliases={
        "ave": "average", "50": "average", "60": "ave-plus", "ave+": "ave-plus", "aveplus": "ave-plus"}):
    """What a pair gets for a board it missed while the other pairs of its field played it.

    ``none``: nothing (its percentage is over the boards it played); ``own``: its own percentage
    on the boards it played, for each board short of the most boards played by a pair of its field;
    ``average`` / ``ave-plus``: 50% / 60% of the top for each such board (a sit-out's credit: JFR
    Pary gives 60 to the pair whose opponents are absent).
    """

    _value_: str
    NONE, OWN, AVERAGE, AVE_PLUS = UNPLAYED_RULES

    @property
    def credit(self) -> int | None:
        """The set percentage of the top a missed board is credited with (the rulebook's
        :data:`~mpxl.core.rules.UNPLAYED_CREDITS`), None under ``none`` and ``own``.

        >>> Unplayed.find("ave-plus").credit, Unplayed.find("60").credit, Unplayed.OWN.credit
        (60, 60, None)
        """
        return UNPLAYED_CREDITS.get(self.value)


class RoundingOrder(Choice, label="rounding order", aliases={
        "mp-first": "matchpoints-first", "matchpoints": "matchpoints-first", "exact": "figure", "percentage": "figure",
        "once": "figure"}):
    """What is rounded when a board's figure is factored to another top (:data:`mpxl.core.rules.ROUNDING_ORDERS`):
    ``figure`` (the factored exact figure, once) or ``matchpoints-first`` (the matchpoints on the board's
    own top, then the factored figure again).

    >>> RoundingOrder.find("mp-first"), RoundingOrder.find("figure")
    (<RoundingOrder.MATCHPOINTS_FIRST: 'matchpoints-first'>, <RoundingOrder.FIGURE: 'figure'>)
    """

    _value_: str
    FIGURE, MATCHPOINTS_FIRST = ROUNDING_ORDERS


class Places(Choice, label="places style"):
    """How tied places are written: ``shared`` ``3=``, ``3=``; ``plain`` ``3``, ``3``."""

    SHARED = "shared"
    PLAIN = "plain"


class RoundingKind(Choice, label="rounding kind"):
    """How a board's figures are rounded (:data:`mpxl.core.rules.ROUNDING_KINDS`, in the sheet's order)."""

    _value_: str
    HALF_UP, EBU, EXACT, HALF_EVEN, TRUNCATE = ROUNDING_KINDS


class Tie(Choice, label="tie rule"):
    """How an exact half is rounded: away from zero (``half-up``) or to the even digit: two of the
    rounding kinds (a percentage is rounded by these alone)."""

    HALF_UP = RoundingKind.HALF_UP.value
    HALF_EVEN = RoundingKind.HALF_EVEN.value


class SmallGroups(Choice, label="small-group rule", aliases={
        "acbl": "wbf", "whitebook": "ebu", "white-book": "ebu", "slides": "qba", "neuberg": "none", "off": "none"}):
    """Which small fouled groups get set percentages (:data:`mpxl.core.rules.SMALL_GROUP_RULES`)."""

    _value_: str
    WBF, EBU, QBA, NONE = SMALL_GROUP_RULES


class AvePolicy(Choice, label="ave policy"):
    """How Ave+ and Ave- are awarded (:data:`mpxl.core.rules.AVE_POLICIES`)."""

    _value_: str
    FIXED, WBF = AVE_POLICIES


class LoneResult(Choice, label="lone-result rule", aliases={
        "acbl": "ave-plus", "acblscore": "ave-plus", "60": "ave-plus", "ave": "average", "50": "average"}):
    """What the one real result of a board gets when every other line of it is an artificial score.

    ``average``: the average (50% to both sides), as any lone result estimated to N (Neuberg and
    the other methods); ``ave-plus``: 60% to both sides (ACBLscore), an Ave+ to each, as the
    artificial scores beside it are (:data:`mpxl.core.rules.LONE_RESULT_RULES`).

    >>> LoneResult.find("acbl"), LoneResult.find(None)
    (<LoneResult.AVE_PLUS: 'ave-plus'>, <LoneResult.AVERAGE: 'average'>)
    """

    _value_: str
    AVERAGE, AVE_PLUS = LONE_RESULT_RULES


class MixedLine(Choice, label="mixed-line rule", aliases={
        "ruter": "both", "both-fields": "both", "own-side": "own", "own-field": "own", "dutch": "own"}):
    """Which fields a mixed line's real result stands in (:data:`mpxl.core.rules.MIXED_LINE_RULES`): one
    side given an artificial score (NS 80%), the other scored on the table's result (NS -620).

    ``both``: in both directions' fields (Ruter): the side given the artificial score is
    matchpointed against it too, its own figure being its percentage; ``own``: only in the field of
    the side that keeps it (a program of Dutch lineage): the other direction's field holds one result
    fewer and is estimated to N as any short field.

    >>> MixedLine.find("ruter"), MixedLine.find("own-side"), MixedLine.find(None)
    (<MixedLine.BOTH: 'both'>, <MixedLine.OWN: 'own'>, <MixedLine.BOTH: 'both'>)
    """

    _value_: str
    BOTH, OWN = MIXED_LINE_RULES


class PercentageBasis(Choice, label="percentage basis",
                      aliases={"acbl": "scaled", "acblscore": "scaled", "full": "scaled", "factored": "scaled"}):
    """What a pair's percentage is worked out from (:data:`mpxl.core.rules.PERCENTAGE_BASES`).

    ``played``: its total over its maximum, the sum of the tops of the boards it played; ``scaled``
    (ACBLscore): a pair that played fewer boards than the most played in its field has its total
    scaled up to that field's maximum and rounded to the totals' decimals first, then divided by
    that maximum (19 of 24 boards, 46.3 on a top of 5: 46.3 x 24/19 = 58.48, 58.48/120 = 48.73%,
    not 46.3/95 = 48.74%).

    >>> PercentageBasis.find("ACBL"), PercentageBasis.find("played")
    (<PercentageBasis.SCALED: 'scaled'>, <PercentageBasis.PLAYED: 'played'>)
    """

    _value_: str
    PLAYED, SCALED = PERCENTAGE_BASES


class Field(Choice):
    """Which results a board is compared across (:data:`mpxl.core.rules.FIELD_SCORING`): a ``section``'s, or the
    whole ``event``'s."""

    _value_: str
    SECTION, EVENT = FIELD_SCORING
