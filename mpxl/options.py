"""How an event is scored: :class:`ScoringOptions`, every convention typed by the rulebook's Enums
(:mod:`mpxl.settings`), parsed from words once (:meth:`ScoringOptions.parse`: command-line flags,
JSON keys and Setup-sheet words alike); and what the options make of an event's own word (its field,
its one- or two-winner sections, a pair's key).

>>> o = ScoringOptions.parse(method="neuberg", rounding="1", winners=2)
>>> o.method, str(o.rounding), o.winners
(<Method.NEUBERG: 'neuberg'>, 'half-up:1', 2)
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from .event import Event, PairKey
from .methods import Method, find_method
from .rounding import Rounding, round_fraction, round_ratio
from .settings import (
    AvePolicy,
    EstimateAt,
    Field,
    LoneResult,
    PercentageBasis,
    Places,
    RoundingKind,
    Scale,
    SmallGroups,
    Tie,
    TotalsFrom,
    Unplayed,
)

__all__ = ["ScoringOptions", "parse_options", "OPTION_ALIASES", "field_of", "winners_of", "pair_key"]


@dataclass(frozen=True)
class ScoringOptions:
    """How to score an event; the defaults are the WBF/EBU rules with exact figures."""

    method: Method = Method.NEUBERG
    scale: Scale = Scale.DOUBLE  # a whole number 1 or 2 is taken as Scale.SINGLE / Scale.DOUBLE
    expected: int | None = None  # results per board; None = the most on any board of the field
    rounding: Rounding = Rounding()
    small_groups: SmallGroups = SmallGroups.WBF
    ave_policy: AvePolicy = AvePolicy.FIXED
    field: Field | None = None  # None = what the file says, else Field.SECTION
    winners: int | None = None  # 1 / 2 / None = what the file says
    percentage_decimals: int | None = 2  # how percentages are shown (ranking uses the exact figure)
    factor_top: int | None = None  # factor every board to this top before rounding
    estimate_at: EstimateAt = EstimateAt.LINES  # where a short board's estimate goes (never: no estimation)
    totals_rounding: Rounding | None = None  # figures only the totals hold (estimated, unplayed); None = rounding
    percentage_tie: Tie = Tie.HALF_UP  # how a percentage's exact half is rounded
    unplayed: Unplayed = Unplayed.NONE  # what a pair gets for a board of its field it missed
    places: Places = Places.SHARED  # tied places written 3= or 3
    totals_from: TotalsFrom = TotalsFrom.ROUNDED  # totals and percentages add the rounded or the exact figures
    lone_result: LoneResult = LoneResult.AVERAGE  # a board's one real result beside artificial scores: 50% or 60%
    percentage_basis: PercentageBasis = PercentageBasis.PLAYED  # a percentage over the boards played, or scaled

    def __post_init__(self) -> None:
        if isinstance(self.scale, int) and self.scale in (1, 2):  # the scale's number, as the JSON writes it
            object.__setattr__(self, "scale", Scale.find(self.scale))
        # the options come typed: text is parsed once, at the edge (command line, reader, Excel function)
        for name, kind in _OPTION_TYPES.items():
            value = getattr(self, name)
            if not isinstance(value, kind) and not (value is None and name in ("field", "totals_rounding")):
                raise TypeError(f"ScoringOptions {name} {value!r} is not a {kind.__name__}; parse text at the edge "
                                f"({kind.__name__}.{'parse' if kind is Rounding else 'find'})")
        if self.winners not in (None, 1, 2):
            raise ValueError(f"winners {self.winners!r}; expected 1 or 2")
        if self.expected is not None and (
            isinstance(self.expected, bool) or not isinstance(self.expected, int) or self.expected < 1
        ):
            raise ValueError(f"expected {self.expected!r} must be a whole number of results, at least 1")
        if self.factor_top is not None and (not isinstance(self.factor_top, int) or self.factor_top < 1):
            raise ValueError(f"factor_top {self.factor_top!r} must be a positive whole number")

    @classmethod
    def parse(cls, **values: Any) -> ScoringOptions:
        """Options from words, as a script, a JSON document or the command line gives them: each
        value parsed once by :func:`parse_options` (typed values pass through, None is the default;
        ``method`` ``none`` means never estimate).

        >>> o = ScoringOptions.parse(method="mck", rounding="2", field="event", small_groups="acbl")
        >>> o.method, str(o.rounding), o.field, o.small_groups
        (<Method.MCKINNON: 'mckinnon'>, 'half-up:2', <Field.EVENT: 'event'>, <SmallGroups.WBF: 'wbf'>)
        >>> ScoringOptions.parse(method="none").method_name
        'none'
        >>> ScoringOptions.parse(ave_policy="sometimes")
        Traceback (most recent call last):
        ...
        ValueError: 'sometimes' is not an ave policy; expected one of fixed, wbf
        """
        return cls(**parse_options(**values))

    @property
    def method_name(self) -> str:
        """The method as published: 'none' when nothing is estimated.

        >>> ScoringOptions().method_name, ScoringOptions(estimate_at=EstimateAt.NEVER).method_name
        ('neuberg', 'none')
        """
        return "none" if self.estimate_at in (EstimateAt.NEVER, EstimateAt.OWN_TOPS) else self.method.value

    def round_percentage(self, value: Fraction) -> Fraction:
        """A percentage as published: to ``percentage_decimals`` by ``percentage_tie`` (exact if None).

        >>> half = Fraction(385, 8)  # 48.125
        >>> half_even = ScoringOptions(percentage_tie=Tie.HALF_EVEN)
        >>> float(ScoringOptions().round_percentage(half)), float(half_even.round_percentage(half))
        (48.13, 48.12)
        """
        if self.percentage_decimals is None:
            return Fraction(value)
        return round_fraction(value, self.percentage_decimals, self.percentage_tie.value)

    def line_percentage(self, exact: Fraction | None, rounded: Fraction | None, top: int,
                        decimals: int | None) -> Fraction | None:
        """A line's percentage of its board's top, as a file publishes it beside the line's figure:
        from the exact or the rounded figure (as ``totals_from``), to ``decimals`` by
        ``percentage_tie`` (exact if None); None for a line with no figure or a board with no top.

        >>> signed = ScoringOptions(scale=Scale.SIGNED, rounding=Rounding.parse(1))
        >>> str(signed.line_percentage(Fraction(-6), Fraction(-6), 8, 0))
        '13'
        >>> str(signed.line_percentage(Fraction(63, 8), Fraction(79, 10), 8, 0))
        '99'
        """
        figure = exact if self.totals_from is TotalsFrom.EXACT else rounded
        if figure is None or not top:
            return None
        return self.round_line_percentage(self.scale.percentage(figure, top), decimals)

    def round_line_percentage(self, pct: Fraction, decimals: int | None) -> Fraction:
        """A line's percentage (or a sit-out's credit's) as the file writes it: to ``decimals`` by
        ``percentage_tie`` (exact if None).

        >>> str(ScoringOptions().round_line_percentage(Fraction(25, 2), 0))
        '13'
        """
        return pct if decimals is None else round_fraction(pct, decimals, self.percentage_tie.value)

    def percentage_float(self, value: Fraction) -> float:
        """``float(self.round_percentage(value))`` with no Fraction made: the rounded figure's units
        (:func:`~mpxl.rounding.round_ratio`) over 10 ** decimals, one correctly rounded division.

        >>> exact = ScoringOptions(percentage_decimals=None)
        >>> ScoringOptions().percentage_float(Fraction(385, 8)), exact.percentage_float(Fraction(1, 3))
        (48.13, 0.3333333333333333)
        """
        if self.percentage_decimals is None:
            return float(value)
        decimals = self.percentage_decimals
        unit: int = 10**decimals  # decimals >= 0: an int
        return round_ratio(value.numerator, value.denominator, decimals, self.percentage_tie.value) / unit


#: How each option given as a word is read (:func:`parse_options`), by ScoringOptions' field.
_PARSERS: dict[str, Callable[[Any], object]] = {
    "method": find_method, "rounding": Rounding.parse, "totals_rounding": Rounding.parse,
    "small_groups": SmallGroups.find, "ave_policy": AvePolicy.find, "field": Field.find,
    "estimate_at": EstimateAt.find, "percentage_tie": Tie.find, "unplayed": Unplayed.find, "places": Places.find,
    "scale": Scale.find, "totals_from": TotalsFrom.find, "lone_result": LoneResult.find,
    "percentage_basis": PercentageBasis.find,
}

#: Other names an option goes by: the command's flags (``--rounding-pct``) and the JSON's settings
#: (``rounding_lines``), to ScoringOptions' field (``percentage_rounding`` sets the percentages'
#: decimals and tie at once).
OPTION_ALIASES: dict[str, str] = {
    "rounding_lines": "rounding", "rounding_totals": "totals_rounding", "rounding_pct": "percentage_rounding",
    "rounding_percentages": "percentage_rounding",
}

#: The options given as whole numbers (a word of digits is read as one).
_WHOLE = ("expected", "winners", "factor_top", "percentage_decimals")


def parse_options(**words: Any) -> dict[str, Any]:
    """ScoringOptions' fields from words: the one parser of the command line (its flags' names),
    the JSON (its settings' keys) and scripts. Each value is parsed once by its type's ``find`` (or
    :meth:`Rounding.parse`); typed values pass through; None is the default (left out; but
    ``percentage_decimals`` None is exact percentages). ``method``
    ``none`` means never estimate (own tops estimate nothing either); ``percentage_rounding``
    (``rounding_pct``) gives the percentages' decimals and tie. A bad value raises ValueError naming it.

    >>> parse_options(method="none", rounding_pct="half-even:1", winners="2", places=None)
    {'estimate_at': <EstimateAt.NEVER: 'never'>, 'percentage_decimals': 1,
     'percentage_tie': <Tie.HALF_EVEN: 'half-even'>, 'winners': 2}
    >>> parse_options(rounding_pct="ebu")
    Traceback (most recent call last):
    ...
    ValueError: 'ebu' is not a percentage rounding; expected D, half-up:D or half-even:D
    >>> parse_options(method="none", estimate_at="totals")
    Traceback (most recent call last):
    ...
    ValueError: method 'none' (never estimate) and estimate-at 'totals' contradict each other
    """
    parsed: dict[str, Any] = {}
    never = None  # the word that said never estimate (method none)
    for word, value in words.items():
        name = OPTION_ALIASES.get(word, word)
        if value is None and name != "percentage_decimals":  # None: exact percentages, not the default
            continue  # the default
        if name == "percentage_rounding":
            pct = Rounding.parse(value)
            if pct.kind not in (RoundingKind.HALF_UP, RoundingKind.HALF_EVEN):
                raise ValueError(f"{value!r} is not a percentage rounding; expected D, half-up:D or half-even:D")
            parsed["percentage_decimals"], parsed["percentage_tie"] = pct.decimals, Tie.find(pct.kind.value)
        elif name in _PARSERS:
            parsed[name] = _PARSERS[name](value)
        elif name in _WHOLE and isinstance(value, str):
            if not value.strip().isdigit():
                raise ValueError(f"{name.replace('_', '-')} {value!r} is not a whole number")
            parsed[name] = int(value)
        else:
            parsed[name] = value
        if name == "method" and parsed["method"] is None:  # never estimate: in the method's place
            del parsed["method"]
            never = value
            parsed["estimate_at"] = parsed.get("estimate_at") or EstimateAt.NEVER
        if never is not None and parsed.get("estimate_at") not in (EstimateAt.NEVER, EstimateAt.OWN_TOPS):
            raise ValueError(f"method {never!r} (never estimate) and estimate-at {parsed['estimate_at'].value!r} "
                             "contradict each other")
    return parsed


#: ScoringOptions' typed fields and their types (None allowed for field and totals_rounding).
_OPTION_TYPES: dict[str, type] = {
    "method": Method, "rounding": Rounding, "small_groups": SmallGroups, "ave_policy": AvePolicy, "field": Field,
    "estimate_at": EstimateAt, "totals_rounding": Rounding, "percentage_tie": Tie, "unplayed": Unplayed,
    "places": Places, "scale": Scale, "totals_from": TotalsFrom, "lone_result": LoneResult,
    "percentage_basis": PercentageBasis,
}


def field_of(event: Event, options: ScoringOptions) -> Field:
    """How boards are compared: the options' field, else what the file says, else by section.

    >>> field_of(Event(), ScoringOptions()), field_of(Event(), ScoringOptions(field=Field.EVENT))
    (<Field.SECTION: 'section'>, <Field.EVENT: 'event'>)
    """
    return options.field or event.field_scoring or Field.SECTION


def winners_of(event: Event, options: ScoringOptions, section: str) -> int:
    """How many rankings ``section`` has (1 or 2): the options' winners, else the file's, else 1.

    >>> winners_of(Event(winners={"A": 2}), ScoringOptions(), "A"), winners_of(Event(), ScoringOptions(), "A")
    (2, 1)
    """
    return options.winners or event.winners.get(section) or 1


def pair_key(event: Event, options: ScoringOptions, section: str, number: str, side: str) -> PairKey:
    """A pair's key in the totals: (section, number, side in a two-winner section, else None).

    >>> two = ScoringOptions(winners=2)
    >>> pair_key(Event(), ScoringOptions(), "A", "3", "NS"), pair_key(Event(), two, "A", "3", "NS")
    (('A', '3', None), ('A', '3', 'NS'))
    """
    return (section, str(number), side if winners_of(event, options, section) == 2 else None)
