"""Score a whole event: every board, every pair's total, percentage and place.

:func:`score_event` takes an :class:`~mpxl.event.Event` (from a reader or a
workbook) and :class:`ScoringOptions`, and scores it the way the scoring
programs do:

1. boards are compared within each section, or across the whole field
   (``field``: 'section' / 'event'; by default what the file says, else section);
2. each board is worth ``expected`` results (N): the most results on any board
   of that field and session unless given; shorter boards are estimated by the
   method (Neuberg by default), artificial scores are percentages of the top;
3. each board's NS and EW figures are rounded by the policy (separately), and a
   pair's total is the sum of its ROUNDED board figures;
4. a pair's percentage is its total over (boards it played x top); Ave+ and Ave-
   may be lifted to the pair's own percentage on its other boards
   (``ave_policy='wbf'``: Ave+ = max(60%, own), Ave- = min(40%, own));
5. places share ties (``3=``); two-winner fields rank NS and EW apart.

Several sessions (``Line.session``) add up: a pair's total is the sum over its
sessions, its percentage the total over the sum of its maxima. ``factor_top``
factors every board to a fixed top first (carry-forward between sections with
different tops).

>>> from mpxl.event import Event, Line
>>> ev = Event(lines=[Line(1, "1", "2", score=420), Line(1, "3", "4", score=400),
...                   Line(2, "1", "4", score=-100), Line(2, "3", "2", score="A+")])
>>> r = score_event(ev)
>>> [(p.pair.number, float(p.mp), float(p.percentage), p.place) for p in r.pairs]
[('1', 3.0, 75.0, '1='), ('4', 3.0, 75.0, '1='), ('3', 1.2, 30.0, '3'), ('2', 0.8, 20.0, '4')]
>>> [(float(sl.ns_mp), float(sl.ew_mp)) for sl in r.boards[1].lines]
[(1.0, 1.0), (1.2, 0.8)]
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Callable, Hashable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field, replace
from fractions import Fraction
from itertools import compress, islice, repeat
from json.encoder import encode_basestring
from math import lcm
from operator import add, ne
from typing import Any

from .adjustments import line_kind, parse_entry
from .board import plain_board, score_board
from .errors import UserError
from .event import SCORED_COLUMNS, Event, Line, Pair, PairKey, SitOut, Travellers
from .methods import Method, check_counts, find_method
from .pairings import check_duplicates, gather, travellers_board_ranges
from .rounding import Rounding, round_fraction, round_ratio
from .rules import AVE_MINUS, AVE_PLUS, AVE_POLICIES, lines_towards_n
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

__all__ = [
    "ScoringOptions",
    "ScoredLine",
    "ScoredBoard",
    "PairResult",
    "SessionResult",
    "score_event",
    "score_columns",
    "ScoredColumns",
    "BoardPlace",
    "result_to_json",
    "json_text",
    "place_labels",
    "settings_of",
    "sitout_credits",
    "AVE_POLICIES",
]

#: A board of an event: (session, section or "" across sections, board).
SessionBoardKey = tuple[int, str, int]
#: From a numerator of :func:`~mpxl.board.plain_board` to its exact figure, its rounded figure and its kind.
Figures = tuple[dict[int | None, Fraction | None], dict[int | None, Fraction | None], dict[int | None, str]]
#: :func:`plain_figures`' figures per (denominator, top), kept across an event.
FigureMemo = dict[tuple[int, int], Figures]


@dataclass(slots=True)
class PairTotal:
    """A pair's sums over its boards: matchpoints, maximum, boards played, matchpoints per session;
    the matchpoints as integer numerators over the event's one common denominator."""

    mp: int
    max: int
    boards: int
    sessions: dict[int, int]



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
        """Options from text, as a script or a JSON document gives them: each value parsed once by
        its type's ``find`` (or :meth:`Rounding.parse`); typed values pass through, None is the
        default; ``method`` ``none`` means never estimate.

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
        parsed: dict[str, Any] = {k: _PARSERS[k](v) if k in _PARSERS else v
                                  for k, v in values.items() if v is not None or k not in _PARSERS}
        if "method" in values and parsed["method"] is None:
            del parsed["method"]
            if parsed.get("estimate_at") is not EstimateAt.OWN_TOPS:  # own tops estimates nothing either
                parsed["estimate_at"] = EstimateAt.NEVER
        return cls(**parsed)

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


#: How :meth:`ScoringOptions.parse` reads each option given as text.
_PARSERS: dict[str, Callable[[Any], object]] = {
    "method": find_method, "rounding": Rounding.parse, "totals_rounding": Rounding.parse,
    "small_groups": SmallGroups.find, "ave_policy": AvePolicy.find, "field": Field.find,
    "estimate_at": EstimateAt.find, "percentage_tie": Tie.find, "unplayed": Unplayed.find, "places": Places.find,
    "scale": Scale.find, "totals_from": TotalsFrom.find, "lone_result": LoneResult.find,
    "percentage_basis": PercentageBasis.find,
}

#: ScoringOptions' typed fields and their types (None allowed for field and totals_rounding).
_OPTION_TYPES: dict[str, type] = {
    "method": Method, "rounding": Rounding, "small_groups": SmallGroups, "ave_policy": AvePolicy, "field": Field,
    "estimate_at": EstimateAt, "totals_rounding": Rounding, "percentage_tie": Tie, "unplayed": Unplayed,
    "places": Places, "scale": Scale, "totals_from": TotalsFrom, "lone_result": LoneResult,
    "percentage_basis": PercentageBasis,
}


@dataclass(slots=True)
class ScoredLine:
    """One traveller line with its matchpoints: rounded by the policy, and exact."""

    line: Line
    ns_mp: Fraction | None
    ew_mp: Fraction | None
    ns_exact: Fraction | None
    ew_exact: Fraction | None
    kind: str = "result"  # "result", "artificial" or "blank"
    ns_ave: str | None = None  # 'plus' / 'ave' / 'minus' on an artificial score (after arrowswitch)
    ew_ave: str | None = None
    ns_total: Fraction | None = None  # what the pair's total adds when it is not ns_mp (estimate_at totals)
    ew_total: Fraction | None = None


@dataclass
class ScoredBoard:
    """One board of one section (or of the whole field) scored."""

    board: int
    section: str
    expected: int
    actual: int
    top: int
    lines: list[ScoredLine]
    session: int = 1
    line_top: int | None = None  # the top the lines are published on when not ``top`` (estimate_at totals)


@dataclass
class PairResult:
    """A pair's total (sum of rounded board figures), maximum, percentage and place."""

    pair: Pair
    mp: Fraction
    max: Fraction
    percentage: Fraction
    place: str
    boards: int
    sessions: dict[int, Fraction] = field(default_factory=dict)  # session -> matchpoints


@dataclass(slots=True)
class BoardPlace:
    """One scored board's place in :class:`ScoredColumns`: its key, N, n, tops, and which lines."""

    session: int
    section: str  # '' when boards are compared across the field
    board: int
    expected: int
    actual: int
    top: int
    line_top: int | None  # the top the lines are published on when not ``top`` (estimate_at totals)
    ranges: list[range]  # its lines' positions in the Travellers, in file order


@dataclass
class ScoredColumns:
    """What the scorer gives: each line's figures as columns (in the lines' order), and the boards
    in the order they are reported (by session, section and board).

    ``ave`` holds, for an artificial line, its (NS, EW) kinds of average ('plus', 'ave', 'minus'
    after an arrowswitch); ``totals`` the (NS, EW) figures a pair's total adds instead of the
    line's own (``estimate_at`` totals) on the lines of a board played fewer times.
    """

    boards: list[BoardPlace]
    ns_mp: list[Fraction | None]
    ew_mp: list[Fraction | None]
    ns_exact: list[Fraction | None]
    ew_exact: list[Fraction | None]
    kind: list[str]
    ave: dict[int, tuple[str | None, str | None]] = field(default_factory=dict)
    totals: dict[int, tuple[Fraction | None, Fraction | None]] = field(default_factory=dict)
    totals_exact: dict[int, tuple[Fraction | None, Fraction | None]] = field(default_factory=dict)  # unrounded
    figures_made: dict[int, Fraction] | None = field(default=None, repr=False, compare=False)  # :meth:`figures`

    def figures(self) -> dict[int, Fraction]:
        """The distinct figures of ``ns_mp`` and ``ew_mp`` by their ids (a figure is one object, met
        again and again: keyed by id, no Fraction is hashed), made once; the scorer gives them (every
        figure of the columns, perhaps a few more: tests/test_fastpath.py), else they are read here.

        >>> s = ScoredColumns([], [Fraction(1), None], [Fraction(0), None], [], [], [])
        >>> sorted(map(str, s.figures().values()))
        ['0', '1']
        """
        if self.figures_made is None:
            made: dict[int, Fraction] = {}
            for column in (self.ns_mp, self.ew_mp):
                made.update(zip(map(id, column), column))  # type: ignore[arg-type]  # None's taken out below
            made.pop(id(None), None)
            self.figures_made = made
        return self.figures_made

    @property
    def order(self) -> list[range]:
        """The ranges of lines' positions in the order the boards are reported, neighbours joined."""
        out: list[range] = []
        for b in self.boards:
            for r in b.ranges:
                if out and out[-1].step == 1 and r.step == 1 and out[-1].stop == r.start:
                    out[-1] = range(out[-1].start, r.stop)
                else:
                    out.append(r)
        return out


class SessionResult:
    """A scored event: boards in order, pairs sorted by place within each ranking group.

    The scorer's figures are columns (``scored``, over ``travellers``, the event's lines as
    columns); ``boards`` (with a :class:`ScoredLine` per line) and ``pairs`` are made from them
    when first read: an output that needs only the figures (a CSV of travellers, the JSON) makes
    no object per line, and one that needs only the boards does not total and rank every pair.
    """

    def __init__(self, event: Event, options: ScoringOptions, boards: list[ScoredBoard] | None = None,
                 pairs: list[PairResult] | None = None, *, scored: ScoredColumns | None = None,
                 travellers: Travellers | None = None) -> None:
        self.event = event
        self.options = options
        self.scored = scored
        self.travellers = travellers
        self._boards = boards
        self._pairs = pairs

    @property
    def boards(self) -> list[ScoredBoard]:
        """The scored boards, each with its scored lines."""
        if self._boards is None:
            self._boards = _scored_boards(self)
        return self._boards

    @boards.setter
    def boards(self, boards: list[ScoredBoard]) -> None:
        self._boards = boards

    @property
    def pairs(self) -> list[PairResult]:
        """The pairs' results, sorted by place within each ranking group."""
        if self._pairs is None:
            self._pairs = _pair_results(self)
        return self._pairs

    @pairs.setter
    def pairs(self, pairs: list[PairResult] | None) -> None:
        self._pairs = pairs

    def pair(self, number: str, section: str = "", direction: str | None = None) -> PairResult:
        """The result of one pair.

        >>> from mpxl.event import Event, Line
        >>> r = score_event(Event(lines=[Line(1, "1", "2", score=420), Line(1, "3", "4", score=400)]))
        >>> r.pair("2").place, float(r.pair("4").mp)
        ('3=', 2.0)
        """
        for pr in self.pairs:
            if (
                pr.pair.number == str(number)
                and pr.pair.section == section
                and (direction is None or pr.pair.direction == direction)
            ):
                return pr
        raise KeyError(f"no pair {number!r} in section {section!r}")


def place_labels(values: Sequence[Hashable], style: Places = Places.SHARED) -> list[str]:
    """Places for values sorted best first; ties share with ``=`` (or, ``plain``, without).

    >>> place_labels([70, 60, 60, 50]), place_labels([70, 60, 60, 50], Places.PLAIN)
    (['1', '2=', '2=', '4'], ['1', '2', '2', '4'])
    """
    first: dict[Hashable, int] = {}
    count: dict[Hashable, int] = {}
    for i, v in enumerate(values):  # one pass: a field of 30,000 pairs is not 10^9 comparisons
        first.setdefault(v, i)
        count[v] = count.get(v, 0) + 1
    mark = "=" if style is Places.SHARED else ""
    return [f"{first[v] + 1}{mark}" if count[v] > 1 else str(first[v] + 1) for v in values]


def _field(event: Event, options: ScoringOptions) -> Field:
    return options.field or event.field_scoring or Field.SECTION


def _winners(event: Event, options: ScoringOptions, section: str) -> int:
    return options.winners or event.winners.get(section) or 1


def _pair_key(event: Event, options: ScoringOptions, section: str, number: str, side: str) -> PairKey:
    return (section, str(number), side if _winners(event, options, section) == 2 else None)


def _check_lines(event: Event) -> None:
    for ln in event.lines:
        if ln.score is None or type(ln.score) is int:  # a plain score always parses
            continue
        try:
            parse_entry(ln.score)
        except ValueError as exc:
            raise UserError(event.source, ln.where or f"board {ln.board}", str(exc)) from None
    check_duplicates(event)


def score_event(event: Event, options: ScoringOptions = ScoringOptions()) -> SessionResult:
    """Score every board of ``event`` and total, rank and place its pairs (when the result's pairs are
    first read): the event's lines as columns through :func:`score_columns`."""
    _check_lines(event)
    lines = event.lines
    travellers = Travellers.of_lines(lines, SCORED_COLUMNS)
    scored = score_columns(travellers, options, event, lambda i: lines[i].where)
    return SessionResult(event, options, scored=scored, travellers=travellers)


def score_columns(
    t: Travellers, options: ScoringOptions = ScoringOptions(), event: Event | None = None,
    where: Callable[[int], str] | None = None,
) -> ScoredColumns:
    """Score every board of the lines ``t``: the one scorer, for every reader and every output.

    ``event`` gives what the file says of the event (its source for messages, how its boards are
    compared, its one- and two-winner sections); ``where(i)`` names line ``i`` in messages. A
    board of plain scores (whole numbers, not played) with no fouled group, arrowswitch or penalty
    is scored by :func:`~mpxl.board.plain_board`'s integer arithmetic, any other by
    :func:`~mpxl.board.score_board`; both give the same exact figures (tests/test_fastpath.py).

    >>> t = Travellers(board=[1, 1, 2, 2], ns_pair=["1", "3", "1", "3"], ew_pair=["2", "4", "4", "2"],
    ...                score=[420, 400, -100, None])
    >>> s = score_columns(t)
    >>> [(str(ns), str(ew)) for ns, ew in zip(s.ns_mp, s.ew_mp)], s.order
    ([('2', '0'), ('0', '2'), ('1', '1'), ('None', 'None')], [range(0, 4)])
    """
    event = event if event is not None else Event()
    name = where or (lambda i: "")
    across = _field(event, options) is Field.EVENT
    boards = travellers_board_ranges(t, not across)
    # N per field: the most non-blank lines on any board of that session and field
    scores_of = {key: gather(t.score, ranges) for key, ranges in boards.items()}
    played = {key: lines_towards_n(scores) for key, scores in scores_of.items()}  # not-played lines count
    most: dict[tuple[int, str], int] = {}
    for (sess, sec, _board), n in played.items():
        most[(sess, sec)] = max(most.get((sess, sec), 0), n)

    n_lines = len(t)
    out = ScoredColumns([], [None] * n_lines, [None] * n_lines, [None] * n_lines, [None] * n_lines,
                        ["blank"] * n_lines)
    memo: FigureMemo = {}
    made: dict[int, Fraction] = {}  # the figures, by id
    details = t.has_details
    for key in sorted(boards, key=lambda k: (k[0], str(k[1]), k[2])):
        sess, sec, board = key
        ranges, scores, n_played = boards[key], scores_of[key], played[key]
        expected = options.expected or max(most[(sess, sec)], 1)
        try:
            check_counts(expected, n_played, 0)
        except ValueError as exc:
            last = ranges[-1][-1]
            raise UserError(event.source, name(last) or f"board {board}", f"board {board}: {exc}") from None
        if options.estimate_at is EstimateAt.NEVER:
            expected = max(n_played, 1)
        elif options.estimate_at is EstimateAt.OWN_TOPS:  # worth its real results alone
            expected = max(_real_results(scores), 1)
        board_lines = _BoardLines(t, ranges, scores, details, event.source, name, board)
        top, figures, actual = board_lines.score(expected, options, memo)
        line_top = None
        if options.estimate_at is EstimateAt.TOTALS and 0 < n_played < expected:
            # a board played fewer times: its lines published plain on its own top (an artificial
            # score on it still estimated), the totals add the board estimated to the full top
            line_top, plain, _ = board_lines.score(n_played, options, memo)
            totals_rounding = options.totals_rounding or options.rounding
            avg = options.scale.average(top)
            ns_totals = [totals_rounding.apply(x, avg) for x in figures[2]]
            ew_totals = [totals_rounding.apply(x, avg) for x in figures[3]]
            out.totals.update(zip(board_lines.indices(), zip(ns_totals, ew_totals)))
            out.totals_exact.update(zip(board_lines.indices(), zip(figures[2], figures[3])))
            figures = plain
        board_lines.put(out, figures)
        if not board_lines.by_plain_path:  # the plain boards' figures are the memo's, counted below
            for column in figures[:2]:
                made.update(zip(map(id, column), column))
        out.boards.append(BoardPlace(sess, sec, board, expected, actual, top, line_top, ranges))
    for _exact, rounded_of, _kind in memo.values():
        made.update(zip(map(id, rounded_of.values()), rounded_of.values()))  # type: ignore[arg-type]
    made.pop(id(None), None)
    out.figures_made = made  # every figure of the columns (and perhaps a few more): ScoredColumns.figures
    if options.ave_policy is AvePolicy.WBF and any(kind in ("plus", "minus") for pair in out.ave.values()
                                                   for kind in pair):
        _apply_wbf_averages(event, options, t, out)
        out.figures_made = None  # new figures: worked out from the columns when asked
    return out


def _real_results(scores: list[Any]) -> int:
    """How many of a board's cells are real results (not blank, not played or artificial).

    >>> _real_results([420, None, "NP", "A+", "-50", "30% 420 + 70% 450"])
    3
    """
    return sum(1 for s in scores if s is not None and (type(s) is int or line_kind(s) == "R"))


#: One board's lines' figures: (NS rounded, EW rounded, NS exact, EW exact, kinds, aves or None).
BoardFigures = tuple[list[Any], list[Any], list[Any], list[Any], list[Any], "list[Any] | None"]


class _BoardLines:
    """One board's lines in the columns: scored by the integer fast path or the board scorer."""

    def __init__(self, t: Travellers, ranges: list[range], scores: list[Any], details: bool, source: str,
                 where: Callable[[int], str], board: int) -> None:
        self.t, self.ranges, self.scores, self.source, self.where, self.board = t, ranges, scores, source, where, board
        self.plain = _PLAIN_TYPES.issuperset(set(map(type, scores))) and not (
            details and any(any(gather(column, ranges)) for column in (t.group, t.arrowswitch, t.ns_penalty,
                                                                      t.ew_penalty) if column is not None))
        self.by_plain_path = False  # whether the last figures :meth:`score` gave came from the memo

    def indices(self) -> list[int]:
        """The board's lines' indices in the columns, in order."""
        return [i for r in self.ranges for i in r]

    def score(self, expected: int, options: ScoringOptions, memo: FigureMemo) -> tuple[int, BoardFigures, int]:
        """(reported top, the lines' figures rounded, real results) with the board worth ``expected`` results."""
        scores = self.scores
        self.by_plain_path = False
        if self.plain:
            plain = _plain_board_figures(scores, expected, options, memo)
            if plain is not None:
                self.by_plain_path = True  # its figures are the memo's
                return plain[0], plain[1], len(scores) - scores.count(None)
        t, ranges = self.t, self.ranges
        penalties = None
        if t.ns_penalty is not None or t.ew_penalty is not None:
            ns_pen, ew_pen = gather(t.column("ns_penalty"), ranges), gather(t.column("ew_penalty"), ranges)
            penalties = [(a, b) if (a or b) else None for a, b in zip(ns_pen, ew_pen)]
        try:
            res = score_board(
                scores, expected=expected, method=options.method, scale=options.scale.unit,
                groups=None if t.group is None else gather(t.group, ranges),
                arrowswitch=None if t.arrowswitch is None else gather(t.arrowswitch, ranges),
                small_groups=options.small_groups, penalties=penalties,
                own_top=options.estimate_at is EstimateAt.OWN_TOPS, lone_result=options.lone_result,
            )
        except ValueError as exc:
            indices = self.indices()
            where, msg = self.where(indices[0]), str(exc)
            if msg.startswith("row "):
                row, _, rest = msg.partition(": ")
                try:
                    where, msg = self.where(indices[int(row.split()[1]) - 1]), rest
                except (ValueError, IndexError):
                    pass
            raise UserError(self.source, where or f"board {self.board}", f"board {self.board}: {msg}") from None
        top, factor, offset = reported_top(res.top, options)
        factor = factor or Fraction(1)
        avg = options.scale.average(top)
        ns_exact = [None if lr.ns_mp is None else lr.ns_mp * factor - offset for lr in res.lines]
        ew_exact = [None if lr.ew_mp is None else lr.ew_mp * factor - offset for lr in res.lines]
        figures: BoardFigures = (
            [options.rounding.apply(x, avg) for x in ns_exact], [options.rounding.apply(x, avg) for x in ew_exact],
            ns_exact, ew_exact, [lr.kind for lr in res.lines], [(lr.ns_ave, lr.ew_ave) for lr in res.lines])
        return top, figures, res.actual

    def put(self, out: ScoredColumns, figures: BoardFigures) -> None:
        """Lay the board's figures into the columns ``out``."""
        *columns, aves = figures
        done = 0
        targets: tuple[list[Any], ...] = (out.ns_mp, out.ew_mp, out.ns_exact, out.ew_exact, out.kind)
        for r in self.ranges:
            for column, values in zip(targets, columns):
                column[r.start:r.stop:r.step] = values[done:done + len(r)]
            done += len(r)
        if aves is not None:
            out.ave.update((i, ave) for i, ave in zip(self.indices(), aves) if ave != (None, None))


_PLAIN_TYPES = frozenset({int, type(None)})


def _plain_board_figures(
    scores: list[Any], expected: int, options: ScoringOptions, memo: FigureMemo
) -> tuple[int, BoardFigures] | None:
    """(top, figures) of a board of plain scores (ints or None) by the integer fast path.

    It gives exactly what :func:`score_board` gives (exact Fractions), already rounded; ``memo``
    keeps, per denominator and top, one exact and one rounded Fraction per numerator across the
    event. (None would send the board to the board scorer: tests/test_fastpath.py does, to compare.)
    """
    ns, ew, D, board_top = plain_board(scores, expected, options.method, options.scale.unit)
    top = reported_top(board_top, options)[0]
    exact_of, rounded_of, kind_of = plain_figures(memo, D, board_top, {*ns, *ew}, options)
    ns_exact, ew_exact = list(map(exact_of.__getitem__, ns)), list(map(exact_of.__getitem__, ew))
    if options.rounding.kind is RoundingKind.EXACT:  # each rounded figure is the exact one
        return top, (ns_exact, ew_exact, ns_exact, ew_exact, list(map(kind_of.__getitem__, ns)), None)
    rounded = rounded_of.__getitem__
    return top, (list(map(rounded, ns)), list(map(rounded, ew)), ns_exact, ew_exact,
                 list(map(kind_of.__getitem__, ns)), None)



def reported_top(board_top: int, options: ScoringOptions) -> tuple[int, Fraction | None, Fraction]:
    """(the top a board is reported on, the factor its figures take or None, what is then taken off
    them) for a board whose top is ``board_top`` in the scale's arithmetic (:attr:`Scale.unit`).

    The top is ``factor_top`` when it is set (carry-forward), even on a board of one result (top 0,
    no factor); else the board's own top on the scale (half the double top on the signed scale).
    A figure is its matchpoints x factor - offset: on the signed scale the offset is the top (a
    figure is the double one less the average); else 0.

    >>> reported_top(12, ScoringOptions()), reported_top(12, ScoringOptions(factor_top=24))
    ((12, None, Fraction(0, 1)), (24, Fraction(2, 1), Fraction(0, 1)))
    >>> signed = ScoringOptions(scale=Scale.SIGNED)
    >>> reported_top(16, signed), reported_top(16, replace(signed, factor_top=4))
    ((8, None, Fraction(8, 1)), (4, Fraction(1, 2), Fraction(4, 1)))
    """
    centred = options.scale.centred
    own = board_top // 2 if centred else board_top
    top = options.factor_top or own
    factor = Fraction(top, own) if options.factor_top and own else None
    return top, factor, options.scale.offset(top) if own else Fraction(0)  # the rulebook's offset


def plain_figures(
    memo: FigureMemo, D: int, board_top: int, numerators: Iterable[int | None], options: ScoringOptions
) -> Figures:
    """(exact, rounded, kind) dicts from each of ``numerators`` (of :func:`~mpxl.board.plain_board`,
    over ``D``, on a board whose top is ``board_top``) to its figure, kept in ``memo`` across an event.

    One exact and one rounded Fraction per (denominator, top, numerator), made once; ``None``
    (a blank line) maps to None and the kind 'blank'. ``factor_top`` is applied here.

    >>> exact, rounded, kind = plain_figures({}, 3, 6, {9, 1, None}, ScoringOptions(rounding=Rounding.parse(1)))
    >>> str(exact[1]), str(rounded[1]), kind[1], rounded[None], kind[None]
    ('1/3', '3/10', 'result', None, 'blank')
    """
    figures = memo.get((D, board_top))
    if figures is None:
        figures = memo[(D, board_top)] = ({None: None}, {None: None}, {None: "blank"})
    exact_of, rounded_of, kind_of = figures
    new = set(numerators).difference(exact_of)
    if new:
        top, factor, offset = reported_top(board_top, options)
        avg = options.scale.average(top)
        for num in new:
            assert num is not None  # None (a blank line) is in every memo from the start
            exact = (Fraction(num, D) if factor is None else Fraction(num, D) * factor) - offset
            exact_of[num], rounded_of[num], kind_of[num] = exact, options.rounding.apply(exact, avg), "result"
    return figures


def _apply_wbf_averages(event: Event, options: ScoringOptions, t: Travellers, out: ScoredColumns) -> None:
    """Ave+ = max(60%, own % on the other boards); Ave- = min(40%, own %); from the rounded figures."""
    sections = t.column("section")
    own: dict[PairKey, list[Fraction]] = {}
    for b in out.boards:
        for i in (i for r in b.ranges for i in r):
            if out.kind[i] != "result":
                continue
            for side, pair, mp in (("NS", t.ns_pair[i], out.ns_mp[i]), ("EW", t.ew_pair[i], out.ew_mp[i])):
                tot = own.setdefault(_pair_key(event, options, sections[i], pair, side), [Fraction(0), Fraction(0)])
                assert mp is not None  # a line with a result has figures
                tot[0] += mp
                tot[1] += b.top
    scale = options.scale
    avg_of = {k: (scale.percentage(v[0], v[1]) if v[1] else None) for k, v in own.items()}
    for b in out.boards:
        for i in (i for r in b.ranges for i in r):
            if out.kind[i] != "artificial":
                continue
            aves = out.ave.get(i, (None, None))
            for side, pair, kind, exact, rounded in (("NS", t.ns_pair[i], aves[0], out.ns_exact, out.ns_mp),
                                                     ("EW", t.ew_pair[i], aves[1], out.ew_exact, out.ew_mp)):
                pct = avg_of.get(_pair_key(event, options, sections[i], pair, side))
                if pct is None or kind not in ("plus", "minus") or exact[i] is None:
                    continue
                target = max(Fraction(AVE_PLUS), pct) if kind == "plus" else min(Fraction(AVE_MINUS), pct)
                exact[i] = value = scale.figure(target, b.top)
                rounded[i] = options.rounding.apply(value, scale.average(b.top))


def _scored_boards(result: SessionResult) -> list[ScoredBoard]:
    """The result's boards, a :class:`ScoredLine` per line, from the scorer's columns."""
    sc, t = result.scored, result.travellers
    if sc is None or t is None:
        return []
    lines = result.event.lines or t.lines()
    n = len(t)
    aves: list[list[Any]] = [[None] * n, [None] * n]
    totals: list[list[Any]] = [[None] * n, [None] * n]
    extras: tuple[tuple[dict[int, Any], list[list[Any]]], ...] = ((sc.ave, aves), (sc.totals, totals))
    for extra, pairs in extras:
        for i, pair in extra.items():
            pairs[0][i], pairs[1][i] = pair
    columns: tuple[list[Any], ...] = (lines, sc.ns_mp, sc.ew_mp, sc.ns_exact, sc.ew_exact, sc.kind, *aves, *totals)
    boards = []
    for b in sc.boards:
        scored: list[ScoredLine] = []
        for r in b.ranges:
            scored.extend(map(ScoredLine, *(column[r.start:r.stop:r.step] for column in columns)))
        boards.append(ScoredBoard(b.board, b.section, b.expected, b.actual, b.top, scored, b.session, b.line_top))
    return boards


def _pair_results(result: SessionResult) -> list[PairResult]:
    """The pairs' totals, percentages and places, each ranking group sorted best first.

    The totals are integer numerators over one common denominator (:func:`_pair_totals`); a
    ranking group's percentages are compared as integers too, each its numerator over the
    group's common maximum (:func:`_rank_keys`); a Fraction is made per figure only for the
    :class:`PairResult`.
    """
    event, options = result.event, result.options
    fld = _field(event, options)
    known: dict[PairKey, Pair] = {}
    for p in event.pairs:
        sides = [p.direction] if p.direction else ["NS", "EW"]
        for side in sides:
            known.setdefault(_pair_key(event, options, p.section, p.number, side), p)
    exact = options.totals_from is TotalsFrom.EXACT
    totals, common = _pair_totals(result, exact=exact)
    if options.unplayed is Unplayed.OWN and result.scored is not None:
        sat_out = Counter(_pair_key(event, options, so.section, so.pair, so.direction) for so in event.sitouts)
        common = _fill_unplayed(totals, common, result.scored.boards, options, fld, sat_out)
    if event.penalties:
        common = _add_penalties(totals, common, event, options)
    results: list[tuple[PairResult, PairTotal]] = []
    total_of = _total_rounder(options) if exact else None
    full = _full_maxima(totals, fld) if options.percentage_basis is PercentageBasis.SCALED else None
    for k, t in totals.items():
        section, number, direction = k
        pair = known.get(k)
        if pair is None:
            pair = Pair(number, section, direction)
        elif pair.direction != direction:
            pair = replace(pair, direction=direction)
        mp = Fraction(t.mp, common)
        pct = options.scale.percentage(mp, t.max)  # the ranking too: from the exact sum when the totals are
        if full is not None:  # ACBLscore: the total scaled to the field's full maximum, rounded, over it
            pct = _scaled_percentage(options, mp, t.max, full["" if fld is Field.EVENT else section])
        sessions = ({sess: mp for sess in t.sessions} if len(t.sessions) == 1
                    else {sess: Fraction(num, common) for sess, num in sorted(t.sessions.items())})
        if total_of is not None:  # the total is the exact sum rounded as a total
            mp = total_of(mp)
            sessions = {sess: total_of(v) for sess, v in sessions.items()}
        results.append((PairResult(pair, mp, Fraction(t.max), pct, "", t.boards, sessions), t))
    # ranking groups: per section (or the whole field) and, in a two-winner field, per direction
    sections = dict.fromkeys(result.travellers.column("section") if result.travellers is not None else ())
    sections.update(dict.fromkeys(p.section for p in event.pairs if p.section not in sections))
    order = {sec: i for i, sec in enumerate(sections)}  # as event.sections(): lines first, then pairs
    by_group: dict[tuple[int, str, str], list[tuple[PairResult, PairTotal]]] = {}
    for pr, t in results:
        sec = "" if fld is Field.EVENT else pr.pair.section
        by_group.setdefault((order.get(sec, -1), sec, pr.pair.direction or ""), []).append((pr, t))
    out: list[PairResult] = []
    for g in sorted(by_group, key=lambda g: (g[0], g[1], {"NS": 0, "EW": 1}.get(g[2], 0))):
        group = by_group[g]
        members, values = _ranked(group)
        for pr, label in zip(members, place_labels(values, options.places)):
            pr.place = label
        out.extend(members)
    return out


def _add_penalties(totals: dict[PairKey, PairTotal], common: int, event: Event, options: ScoringOptions) -> int:
    """Add each penalty row's amount (negative for a penalty) to its pair's total, its maximum
    unchanged; the totals' numerators are over ``common``, the answer is their denominator after."""
    new = lcm(common, *(Fraction(p.amount).denominator for p in event.penalties))
    if new != common:
        for t in totals.values():
            t.mp *= new // common
            t.sessions = {sess: num * (new // common) for sess, num in t.sessions.items()}
    for p in event.penalties:
        got = totals.get(_pair_key(event, options, p.section, p.pair, p.direction))
        if got is None:
            raise UserError(event.source, p.where or f"board {p.board}",
                            f"board {p.board}: a penalty for pair {p.pair}, which plays no board")
        num = int(Fraction(p.amount) * new)
        got.mp += num
        got.sessions[p.session] = got.sessions.get(p.session, 0) + num
    return new


def _full_maxima(totals: dict[PairKey, PairTotal], fld: Field) -> dict[str, int]:
    """The most a pair of each field (a section, or "" across the field) could score: its largest maximum."""
    most: dict[str, int] = {}
    for (sec, _number, _side), t in totals.items():
        group = "" if fld is Field.EVENT else sec
        most[group] = max(most.get(group, 0), t.max)
    return most


def _scaled_percentage(options: ScoringOptions, mp: Fraction, maximum: int, full: int) -> Fraction:
    """A pair's percentage under ``percentage_basis`` scaled (ACBLscore): a pair whose maximum is
    short of its field's ``full`` one has its total scaled up to it and rounded as a total (the
    totals' decimals) first, then divided by the full maximum; any other pair's as usual.

    >>> acbl = ScoringOptions(scale=Scale.SINGLE, rounding=Rounding.parse(2))
    >>> float(_scaled_percentage(acbl, Fraction("46.3"), 19 * 5, 24 * 5))  # 46.3 x 24/19 = 58.48 of 120
    48.7333...
    >>> float(acbl.round_percentage(_scaled_percentage(acbl, Fraction("46.3"), 95, 120)))  # not 48.74
    48.73
    """
    if not maximum or maximum >= full:
        return options.scale.percentage(mp, maximum)
    return options.scale.percentage(_total_rounder(options)(mp * full / maximum), full)


def _credit_rounding(options: ScoringOptions) -> Rounding:
    """How a missed board's credit (unplayed own) is rounded, in the totals and on a sit-out's row: as a
    figure the totals hold (``totals_rounding``, else the lines'); exact when the totals add the exact figures.

    >>> str(_credit_rounding(ScoringOptions(rounding=Rounding.parse(1)))), str(_credit_rounding(
    ...     ScoringOptions(rounding=Rounding.parse(1), totals_from=TotalsFrom.EXACT)))
    ('half-up:1', 'exact')
    """
    return Rounding() if options.totals_from is TotalsFrom.EXACT else options.totals_rounding or options.rounding


def _total_rounder(options: ScoringOptions) -> Callable[[Fraction], Fraction]:
    """How a total worked out from the exact figures is rounded: as the figures only the totals hold
    (``totals_rounding``, else the lines' rounding), about 0 (an EBU tie is towards the average)."""
    rounding = options.totals_rounding or options.rounding
    return lambda value: rounding.apply(value, Fraction(0))


def _ranked(group: list[tuple[PairResult, PairTotal]]) -> tuple[list[PairResult], list[tuple[int, float | None]]]:
    """A ranking group's pairs sorted best first, and what each one's place is decided by.

    The order: the percentage, the matchpoints (higher first), the published tie-break figure, the
    pair's number. A place is decided by the percentage, then the published tie-break figure.
    Both compare exact figures as integers: the matchpoints are numerators over one common
    denominator, and a percentage (100 x matchpoints / maximum) the integer
    matchpoints x (M / maximum) over 100 / (common x M), M the least common multiple of the group's
    maxima (a pair with no maximum has 0%).

    >>> from mpxl.event import Pair
    >>> def entry(number, mp, top):
    ...     pct = Fraction(mp * 100, top) if top else Fraction(0)
    ...     return PairResult(Pair(number), Fraction(mp), Fraction(top), pct, "", 1), PairTotal(mp, top, 1, {1: mp})
    >>> members, values = _ranked([entry("1", 3, 8), entry("2", 6, 16), entry("10", 5, 12), entry("3", 0, 0)])
    >>> [(pr.pair.number, str(pr.percentage)) for pr in members], [v[0] for v in values]
    ([('10', '125/3'), ('2', '75/2'), ('1', '75/2'), ('3', '0')], [20, 18, 18, 0])
    """
    most = lcm(*{t.max for _, t in group if t.max})
    pct = [t.mp * (most // t.max) if t.max else 0 for _, t in group]
    tiebreak = [pr.pair.published_tiebreak for pr, _ in group]
    keys = [(-p, -t.mp, -(tb or 0), _natural(pr.pair.number)) for p, (pr, t), tb in zip(pct, group, tiebreak)]
    order = sorted(range(len(group)), key=keys.__getitem__)
    return [group[i][0] for i in order], [(pct[i], tiebreak[i]) for i in order]


def _pair_totals(result: SessionResult, exact: bool = False) -> tuple[dict[PairKey, PairTotal], int]:
    """(per pair key its :class:`PairTotal`, the common denominator of its figures): the sums of
    the rounded board figures (with ``exact``, of the unrounded ones), exact.

    Every figure is an integer numerator over one common denominator (the figures are few:
    each is one object, met once), so a pair's sum is a sum of integers, added line by line in
    one C loop per side, with the pair's number as the key when the event has one section; a
    pair's maximum is the sum of the tops of the boards it played.
    """
    sc, t, event, options = result.scored, result.travellers, result.event, result.options
    if sc is None or t is None or not len(t):
        return {}, 1
    sections = t.column("section")
    sessions = t.column("session")
    one_section = len(set(sections)) == 1
    many_sessions = len(set(sessions)) > 1
    played = list(map(ne, sc.kind, repeat("blank")))
    tops = None
    if len({b.top for b in sc.boards}) > 1:
        tops = [0] * len(t)
        for b in sc.boards:
            for r in b.ranges:
                tops[r.start:r.stop:r.step] = [b.top] * len(r)
    columns = [sc.ns_exact, sc.ew_exact] if exact else [sc.ns_mp, sc.ew_mp]
    if exact:
        distinct: dict[int, Any] = {}
        for column in columns:
            distinct.update(zip(map(id, column), column))
        distinct.pop(id(None), None)
    else:
        distinct = sc.figures()  # a figure is one object, met again and again: keyed by id
    instead = sc.totals_exact if exact else sc.totals
    if instead:  # what the totals add instead of the line's own figure
        columns = [list(column) for column in columns]
        distinct = dict(distinct)
        for i, pair in instead.items():
            for column, value in zip(columns, pair):
                if value is not None:
                    column[i] = value
                    distinct[id(value)] = value
    common = lcm(*(Fraction(f).denominator for f in distinct.values())) if distinct else 1
    numerator = {k: int(Fraction(f) * common) for k, f in distinct.items()}
    totals: dict[PairKey, PairTotal] = {}
    for side, pairs, column in (("NS", t.ns_pair, columns[0]), ("EW", t.ew_pair, columns[1])):
        numbers = pairs if all(type(p) is str for p in set(pairs)) else list(map(str, pairs))
        keys: list[Any] = list(compress(numbers if one_section else zip(sections, numbers), played))
        counts = Counter(keys)
        maxima = Counter(zip(keys, compress(tops, played))) if tops is not None else None
        values = map(numerator.__getitem__, map(id, compress(column, played)))
        sums: dict[Any, int] = {}
        summed = list(zip(keys, compress(sessions, played))) if many_sessions else keys
        # sums[k] += value for each line in order, in C: each get is made after the line before was added
        sums.update(zip(summed, map(add, map(sums.get, summed, repeat(0)), values)))
        by_pair: dict[Any, dict[int, int]] = {}
        if many_sessions:
            for (key, sess), total_num in sums.items():
                by_pair.setdefault(key, {})[sess] = total_num
        else:
            only = sessions[0]
            by_pair = {key: {only: total_num} for key, total_num in sums.items()}
        top_sum: dict[Any, int] = {}
        if maxima is None:
            top = sc.boards[0].top
            top_sum = {key: top * count for key, count in counts.items()}
        else:
            for (key, top), count in maxima.items():
                top_sum[key] = top_sum.get(key, 0) + top * count
        two = {sec: _winners(event, options, sec) == 2 for sec in dict.fromkeys(sections)}
        for key, count in counts.items():
            sec, number = (sections[0], key) if one_section else key
            pair_key = (sec, number, side if two[sec] else None)
            mine = by_pair[key]
            total = totals.get(pair_key)
            if total is not None:  # one-winner: a pair's NS and EW lines add up
                for sess, num in mine.items():
                    total.sessions[sess] = total.sessions.get(sess, 0) + num
                total.mp += sum(mine.values())
                total.max += top_sum[key]
                total.boards += count
            else:
                totals[pair_key] = PairTotal(sum(mine.values()), top_sum[key], count, mine)
    return totals, common


def _fill_unplayed(
    totals: dict[PairKey, PairTotal], common: int, boards: list[BoardPlace], options: ScoringOptions, fld: Field,
    sat_out: Counter[PairKey] | None = None,
) -> int:
    """Unplayed 'own': a pair that played fewer boards than the most any pair of its field had
    (played, or sat out at a table with no opponents: ``sat_out``) gets, for each board short, its
    own percentage of the field's top (rounded by the totals rounding). The totals' numerators are
    over ``common``; the answer is their common denominator after."""
    sat_out = sat_out or Counter()
    top_of: dict[tuple[int, str], int] = {}
    for b in boards:
        key = (b.session, "" if fld is Field.EVENT else b.section)
        top_of[key] = max(top_of.get(key, 0), b.top)
    most: dict[str, int] = {}
    for pair_key, t in totals.items():
        group = "" if fld is Field.EVENT else pair_key[0]
        most[group] = max(most.get(group, 0), t.boards + sat_out[pair_key])
    rounding = _credit_rounding(options)
    added: list[tuple[PairTotal, int, Fraction, int, int]] = []
    for (sec, _number, _side), t in totals.items():
        short = most["" if fld is Field.EVENT else sec] - t.boards
        if short <= 0 or not t.max:
            continue
        sess = max(t.sessions)
        top = top_of.get((sess, "" if fld is Field.EVENT else sec), 0)
        # its own share of the top: on the signed scale too (a figure and a total are centred alike)
        each = rounding.apply(Fraction(t.mp * top, common * t.max), options.scale.average(top))
        added.append((t, sess, each, short, top))
    new = lcm(common, *(each.denominator for _, _, each, _, _ in added))
    if new != common:
        scale = new // common
        for t in totals.values():
            t.mp *= scale
            t.sessions = {sess: num * scale for sess, num in t.sessions.items()}
    for t, sess, each, short, top in added:
        num = each.numerator * (new // each.denominator) * short
        t.mp += num
        t.sessions[sess] += num
        t.max += top * short
    return new


def sitout_credits(result: SessionResult) -> list[tuple[SitOut, Fraction | None, Fraction | None]]:
    """(sit-out, the figure its pair is credited with on that board, and that figure's exact
    percentage) for each of the event's sit-outs: under ``unplayed own`` the pair's own share of the
    board's top (as :func:`_fill_unplayed` adds it: the ratio of its total to its maximum is the
    same before and after the credits), rounded as a figure the totals hold (exact when the totals
    add the exact figures); (sit-out, None, None) when sit-outs are not credited.

    >>> from mpxl.event import Event, Line, SitOut
    >>> ev = Event(lines=[Line(1, "1", "2", score=420), Line(1, "3", "4", score=400), Line(1, "5", "6", score=450),
    ...                   Line(2, "1", "4", score=50), Line(2, "3", "2", score=50)],
    ...            sitouts=[SitOut(2, "5", "NS"), SitOut(2, "6", "EW")])
    >>> r = score_event(ev, ScoringOptions(unplayed=Unplayed.OWN))
    >>> [(so.pair, str(figure), str(pct)) for so, figure, pct in sitout_credits(r)]
    [('5', '4', '100'), ('6', '0', '0')]
    """
    options, event = result.options, result.event
    if options.unplayed is not Unplayed.OWN or result.scored is None:
        return [(so, None, None) for so in event.sitouts]
    fld = _field(event, options)
    tops: dict[tuple[int, str, int], int] = {}
    for b in result.scored.boards:
        tops[(b.session, b.section, b.board)] = b.top
    by_key = {(pr.pair.section, pr.pair.number, pr.pair.direction): pr for pr in result.pairs}
    rounding = _credit_rounding(options)
    out: list[tuple[SitOut, Fraction | None, Fraction | None]] = []
    for so in event.sitouts:
        pr = by_key.get(_pair_key(event, options, so.section, so.pair, so.direction))
        top = tops.get((so.session, "" if fld is Field.EVENT else so.section, so.board))
        if pr is None or top is None or not pr.max:
            out.append((so, None, None))
            continue
        figure = rounding.apply(options.scale.figure(pr.percentage, top), options.scale.average(top))
        out.append((so, figure, options.scale.percentage(figure, top)))
    return out


def _natural(text: str) -> tuple[int, str, str]:
    """A pair number's sort key: the number its decimal digits make (compared by length, then
    digit by digit: no int is made, so a 5,000-digit number sorts too), then the text. A digit
    that is not a decimal one (a superscript ²) is text.

    >>> _natural("12"), _natural("A3b1"), _natural("²"), _natural("9" * 5000)[0]
    ((2, '12', '12'), (2, '31', 'A3b1'), (0, '', '²'), 5000)
    >>> sorted(["10", "9", "A2"], key=_natural)
    ['A2', '9', '10']
    """
    text = str(text)
    digits = "".join(ch for ch in text if "0" <= ch <= "9").lstrip("0")
    return (len(digits), digits, text)


def _num(value: Fraction | None) -> float | None:
    return None if value is None else float(value)


def settings_of(result: SessionResult) -> dict[str, Any]:
    """How the event was scored, every convention named (the ``settings`` of the JSON).

    >>> from mpxl.event import Event, Line
    >>> settings_of(score_event(Event(lines=[Line(1, "1", "2", score=420)])))["estimate_at"]
    'lines'
    """
    o = result.options
    return {
        "method": o.method_name,
        "scale": o.scale.number,
        "field": _field(result.event, o).value,
        "expected": o.expected,
        "estimate_at": o.estimate_at.value,
        "rounding_lines": str(o.rounding),
        "rounding_totals": str(o.totals_rounding or o.rounding),
        "rounding_percentages": None
        if o.percentage_decimals is None
        else f"{o.percentage_tie.value}:{o.percentage_decimals}",
        "unplayed": o.unplayed.value,
        "places": o.places.value,
        "winners": _winners_setting(result.event, o),
        "ave_policy": o.ave_policy.value,
        "totals_from": o.totals_from.value,
        "lone_result": o.lone_result.value,
        "percentage_basis": o.percentage_basis.value,
    }


def _winners_setting(event: Event, options: ScoringOptions) -> int | dict[str, int]:
    """1 or 2 rankings, the same in every section; else section -> 1 or 2."""
    sections = event.sections() or list(event.winners)  # an event read as columns: its winners name its sections
    each = {sec: _winners(event, options, sec) for sec in sections} or {"": options.winners or 1}
    return next(iter(each.values())) if len(set(each.values())) == 1 else each


def result_to_json(result: SessionResult) -> dict[str, Any]:
    """The ``mpxl score --json`` document: boards with lines, pairs with totals (numbers as floats):
    :func:`json_text` read back.

    >>> from mpxl.event import Event, Line
    >>> doc = result_to_json(score_event(Event(lines=[Line(1, "1", "2", score=420), Line(1, "3", "4", score=400)])))
    >>> doc["boards"][0]["lines"][0]
    {'ns_pair': '1', 'ew_pair': '2', 'ns_score': 420, 'ns_mp': 2.0, 'ew_mp': 0.0}
    >>> doc["pairs"][0]
    {'pair': '1', 'section': '', 'direction': None, 'mp': 2.0, 'max': 2.0, 'percentage': 100.0, 'place': '1=',
     'boards': 1, 'names': []}
    """
    return json.loads("".join(json_text(result)))  # type: ignore[no-any-return]


def json_text(result: SessionResult, more: dict[str, Any] | None = None) -> Iterator[str]:
    """The ``--json`` document (with ``more`` fields at its end) as text, a board at a time: the
    text of ``json.dumps(doc, indent=1, ensure_ascii=False)`` (tests/test_session.py), never
    holding the whole document. A board's lines are laid out from the scorer's columns by one
    template of their fields, each distinct value's text made once.

    >>> from mpxl.event import Event, Line
    >>> text = "".join(json_text(score_event(Event(lines=[Line(1, "1", "2", score=420)]))))
    >>> print("\\n".join(text.splitlines()[:6]))
    {
     "boards": [
      {
       "board": 1,
       "section": "",
       "lines": [
    """
    yield '{\n "boards": '
    sc, t = result.scored, result.travellers
    if sc is not None and t is not None:
        writer = _LinesJson(t, sc, result.options, result.event.line_percentage_decimals)
        yield from _json_items((writer.board(b) for b in sc.boards), 1)
    else:
        yield from _json_items(((_indented(_json_dumps(board_json(b)), 2),) for b in result.boards), 1)
    yield ',\n "pairs": '
    opts = result.options
    yield from _json_items(_batched((_pair_text(pr, opts) for pr in result.pairs), ",\n  "), 1)
    for key, value in (json_heading(result) | (more or {})).items():
        yield f",\n {json.dumps(key)}: " + _indented(_json_dumps(value), 1)
    yield "\n}"


def _json_dumps(value: object) -> str:
    return json.dumps(value, indent=1, ensure_ascii=False)


def _indented(text: str, depth: int) -> str:
    """JSON text placed ``depth`` levels in (one space a level)."""
    return text.replace("\n", "\n" + " " * depth)


def _json_items(items: Iterable[Sequence[str]], depth: int) -> Iterator[str]:
    """A JSON list at ``depth`` of items already written as text (at depth + 1), each item given
    as the pieces of its text (a board's text is megabytes: its pieces are passed on, not joined).

    >>> "".join(_json_items([("1",), ("2", "3")], 0)), "".join(_json_items([], 0))
    ('[\\n 1,\\n 23\\n]', '[]')
    """
    first = True
    for pieces in items:
        yield ("[\n" if first else ",\n") + " " * (depth + 1)
        yield from pieces
        first = False
    yield "[]" if first else "\n" + " " * depth + "]"


def _batched(texts: Iterable[str], separator: str, size: int = 2048) -> Iterator[tuple[str]]:
    """Items' texts joined ``size`` at a time by ``separator`` (the list's own between two items):
    a write per batch, not per item.

    >>> list(_batched(["a", "b", "c"], ", ", 2))
    [('a, b',), ('c',)]
    """
    it = iter(texts)
    while batch := list(islice(it, size)):
        yield (separator.join(batch),)


def _scalar(value: object) -> str:
    """A JSON scalar's text, as ``json.dumps`` writes it.

    >>> [_scalar(v) for v in ("Ann", "é", 3, 2.5, None, True)]
    ['"Ann"', '"é"', '3', '2.5', 'null', 'true']
    """
    kind = type(value)
    if kind is str:
        return encode_basestring(value)  # type: ignore[arg-type]
    if kind is int or kind is float:
        return repr(value)
    return json.dumps(value, ensure_ascii=False)


def _template(keys: Sequence[str], depth: int) -> list[str]:
    """The texts between the values of a dict of ``keys`` written by ``json.dumps(indent=1)``
    at ``depth``: len(keys) + 1 pieces.

    >>> _template(["a", "b"], 0)
    ['{\\n "a": ', ',\\n "b": ', '\\n}']
    """
    marks = [f"\x00{i}\x00" for i in range(len(keys))]
    text = _indented(_json_dumps(dict(zip(keys, marks))), depth)
    pieces = []
    for mark in marks:
        before, text = text.split(json.dumps(mark), 1)
        pieces.append(before)
    return [*pieces, text]


#: A line's fields in the JSON, as :func:`line_json` gives them, without and with the line's section.
_LINE_KEYS = ("ns_pair", "ew_pair", "ns_score", "ns_mp", "ew_mp")


class _LinesJson:
    """Boards of the JSON from the scorer's columns: a board's lines laid out by one template."""

    def __init__(self, t: Travellers, sc: ScoredColumns, options: ScoringOptions | None = None,
                 percentage_decimals: int | None = None) -> None:
        self.t, self.sc = t, sc
        self.options, self.percentage_decimals = options, percentage_decimals  # the lines' percentages, if any
        self.sections = t.section
        self.caches: dict[tuple[str, int, bool], dict[Any, str]] = {}
        self.templates: dict[bool, tuple[list[str], str]] = {}

    def board(self, b: BoardPlace) -> tuple[str, str, str]:
        """One board's text, at the depth of the document's boards, in three pieces."""
        t, sc, ranges = self.t, self.sc, b.ranges
        sections = None if self.sections is None else gather(self.sections, ranges)
        distinct_sections = set(sections) if sections is not None else {b.section}
        own_section = distinct_sections != {b.section}
        heading = board_fields(b.board, b.section, ["\x00lines\x00"], b.expected, b.actual, b.top, b.line_top,
                               b.session)
        head, tail = _indented(_json_dumps(heading), 2).split(json.dumps("\x00lines\x00"))
        indent = head[head.rindex("\n") + 1:]
        totals = sc.totals and any(sc.totals.get(i, (None,))[0] is not None
                                   for r in ranges for i in r)
        if totals or (own_section and b.section in distinct_sections) or self.percentage_decimals is not None:
            return head, f",\n{indent}".join(self._generic(b, indent)), tail  # lines of several kinds
        keys = _LINE_KEYS + (("section",) if own_section else ())
        pieces = self._pieces(own_section, indent)
        columns: list[tuple[list[Any], bool]] = [(gather(t.ns_pair, ranges), False), (gather(t.ew_pair, ranges), False),
                                                 (gather(t.score, ranges), False), (gather(sc.ns_mp, ranges), True),
                                                 (gather(sc.ew_mp, ranges), True)]
        if own_section:
            assert sections is not None
            columns.append((sections, False))
        n, width = len(columns[0][0]), len(keys)
        layout: list[str] = [""] * (n * width)
        for slot, (values, by_id) in enumerate(columns):
            cache = self.caches.setdefault((keys[slot], width, own_section), {})
            before = pieces[0] if slot == 0 else ""
            after = pieces[slot + 1] + (f",\n{indent}" if slot == width - 1 else "")
            try:
                layout[slot::width] = map(cache.__getitem__, map(id, values) if by_id else values)
            except KeyError:  # values not met before (the slice is left as it was): their texts made once
                # a figure column's: every figure of the event (few: one object each, keyed by id)
                value_of = {id(None): None, **sc.figures()} if by_id else dict.fromkeys(values)
                for key in value_of.keys() - cache.keys():
                    cache[key] = before + _scalar(_json_value(keys[slot], value_of[key] if by_id else key)) + after
                layout[slot::width] = map(cache.__getitem__, map(id, values) if by_id else values)
        if layout:  # no separator after the last line
            layout[-1] = layout[-1][: -len(f",\n{indent}")]
        return head, "".join(layout), tail

    def _pieces(self, own_section: bool, indent: str) -> list[str]:
        hit = self.templates.get(own_section)
        if hit is None or hit[1] != indent:
            keys = _LINE_KEYS + (("section",) if own_section else ())
            hit = self.templates[own_section] = (_template(keys, len(indent)), indent)
            self.caches = {k: v for k, v in self.caches.items() if k[2] != own_section}
        return hit[0]

    def _generic(self, b: BoardPlace, indent: str) -> Iterator[str]:
        t, sc = self.t, self.sc
        sections = t.column("section")
        decimals, opts = self.percentage_decimals, self.options
        for i in (i for r in b.ranges for i in r):
            ns_total, ew_total = sc.totals.get(i, (None, None))
            pcts = None
            if decimals is not None and opts is not None:
                top = b.line_top or b.top
                pcts = (opts.line_percentage(sc.ns_exact[i], sc.ns_mp[i], top, decimals),
                        opts.line_percentage(sc.ew_exact[i], sc.ew_mp[i], top, decimals))
            entry = line_json(t.ns_pair[i], t.ew_pair[i], t.score[i], sc.ns_mp[i], sc.ew_mp[i],
                              sections[i] if sections[i] != b.section else None,
                              None if ns_total is None else (ns_total, ew_total), pcts)
            yield _indented(_json_dumps(entry), len(indent))


def _json_value(key: str, value: object) -> object:
    """A line's value as the JSON holds it: figures as floats, a score as written."""
    if key in ("ns_mp", "ew_mp"):
        return _num(value)  # type: ignore[arg-type]
    if key == "ns_score":
        return _score_json(value)
    return value


def _score_json(score: object) -> object:
    """A line's score in the JSON: a number or code as written (anything else as its text)."""
    return score if score is None or isinstance(score, (int, str)) else str(score)


def line_json(ns_pair: str, ew_pair: str, score: object, ns_mp: Fraction | None, ew_mp: Fraction | None,
              section: str | None = None, totals: tuple[Fraction | None, Fraction | None] | None = None,
              percentages: tuple[Fraction | None, Fraction | None] | None = None) -> dict[str, Any]:
    """One line of a board of the ``--json`` document; ``section`` when the line's is not its board's
    (boards compared across the field), ``totals`` what the totals add when not the line's figures,
    ``percentages`` the line's (NS, EW) percentages when the file publishes them."""
    entry: dict[str, Any] = dict(zip(_LINE_KEYS, (ns_pair, ew_pair, _score_json(score), _num(ns_mp), _num(ew_mp))))
    if section is not None:
        entry["section"] = section
    if totals is not None:
        entry["ns_total_mp"], entry["ew_total_mp"] = _num(totals[0]), _num(totals[1])
    if percentages is not None:
        entry["ns_pct"], entry["ew_pct"] = _num(percentages[0]), _num(percentages[1])
    return entry


def board_fields(board: int, section: str, lines: list[Any], expected: int, actual: int, top: int,
                 line_top: int | None, session: int) -> dict[str, Any]:
    """One board of the ``--json`` document, its lines given."""
    doc: dict[str, Any] = {"board": board, "section": section, "lines": lines, "expected": expected,
                           "actual": actual, "top": top}
    if line_top is not None:
        doc["line_top"] = line_top
    if session != 1:
        doc["session"] = session
    return doc


def board_json(b: ScoredBoard) -> dict[str, Any]:
    """One board of the ``--json`` document (see :func:`result_to_json`)."""
    lines = [line_json(sl.line.ns_pair, sl.line.ew_pair, sl.line.score, sl.ns_mp, sl.ew_mp,
                       sl.line.section if sl.line.section != b.section else None,
                       None if sl.ns_total is None else (sl.ns_total, sl.ew_total)) for sl in b.lines]
    return board_fields(b.board, b.section, lines, b.expected, b.actual, b.top, b.line_top, b.session)


def pair_json(pr: PairResult, opts: ScoringOptions) -> dict[str, Any]:
    """One pair of the ``--json`` document (see :func:`result_to_json`)."""
    pct = opts.round_percentage(pr.percentage)
    return {"pair": pr.pair.number, "section": pr.pair.section, "direction": pr.pair.direction,
            "mp": float(pr.mp), "max": float(pr.max), "percentage": float(pct), "place": pr.place,
            "boards": pr.boards, "names": list(pr.pair.names)}


_PAIR_TEMPLATE = _template(("pair", "section", "direction", "mp", "max", "percentage", "place", "boards", "names"), 2)


def _pair_text(pr: PairResult, opts: ScoringOptions) -> str:
    """One pair's text at the depth of the document's pairs: :func:`pair_json` written by the template
    (the percentage rounded by :meth:`ScoringOptions.percentage_float`, no Fraction made)."""
    pair = pr.pair
    if pair.names:
        return _indented(_json_dumps(pair_json(pr, opts)), 2)
    p0, p1, p2, p3, p4, p5, p6, p7, p8, p9 = _PAIR_TEMPLATE
    direction = "null" if pair.direction is None else encode_basestring(pair.direction)
    return (f"{p0}{encode_basestring(pair.number)}{p1}{encode_basestring(pair.section)}{p2}{direction}"
            f"{p3}{float(pr.mp)!r}{p4}{float(pr.max)!r}{p5}{opts.percentage_float(pr.percentage)!r}"
            f"{p6}{encode_basestring(pr.place)}{p7}{pr.boards!r}{p8}[]{p9}")


def json_heading(result: SessionResult) -> dict[str, Any]:
    """The ``--json`` document's fields after its boards and pairs."""
    opts = result.options
    heading: dict[str, Any] = {"title": result.event.title, "program": result.event.program, "method": opts.method_name,
               "scale": opts.scale.number, "rounding": str(opts.rounding), "settings": settings_of(result)}
    if result.event.sitouts:  # tables with one pair and no opponents (not lines)
        heading["sitouts"] = [{"board": so.board, "section": so.section, "session": so.session, "pair": so.pair,
                               "direction": so.direction} for so in result.event.sitouts]
    if result.event.penalties:  # penalties given as rows of their own, added to the pairs' totals
        heading["penalties"] = [{"board": p.board, "section": p.section, "session": p.session, "pair": p.pair,
                                 "direction": p.direction, "mp": float(p.amount)} for p in result.event.penalties]
    return heading

