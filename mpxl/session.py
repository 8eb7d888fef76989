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

from collections.abc import Callable, Hashable, Iterable, Iterator, Sequence, Set
from dataclasses import dataclass, field, replace
from fractions import Fraction
from itertools import groupby
from operator import attrgetter
from typing import Any

from .adjustments import parse_entry
from .board import plain_board, score_board
from .errors import UserError
from .event import Event, Line, Pair, PairKey
from .methods import Method, check_counts, find_method
from .pairings import check_duplicates
from .rounding import Rounding, round_fraction
from .rules import AVE_POLICIES, lines_towards_n
from .settings import AvePolicy, EstimateAt, Field, Places, SmallGroups, Tie, Unplayed

__all__ = [
    "ScoringOptions",
    "ScoredLine",
    "ScoredBoard",
    "PairResult",
    "SessionResult",
    "score_event",
    "result_to_json",
    "place_labels",
    "settings_of",
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
    """A pair's sums over its boards: matchpoints, maximum, boards played, matchpoints per session."""

    mp: Fraction
    max: Fraction
    boards: int
    sessions: dict[int, Fraction]



@dataclass(frozen=True)
class ScoringOptions:
    """How to score an event; the defaults are the WBF/EBU rules with exact figures."""

    method: Method = Method.NEUBERG
    scale: int = 2
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

    def __post_init__(self) -> None:
        # the options come typed: text is parsed once, at the edge (command line, reader, Excel function)
        for name, kind in _OPTION_TYPES.items():
            value = getattr(self, name)
            if not isinstance(value, kind) and not (value is None and name in ("field", "totals_rounding")):
                raise TypeError(f"ScoringOptions {name} {value!r} is not a {kind.__name__}; parse text at the edge "
                                f"({kind.__name__}.{'parse' if kind is Rounding else 'find'})")
        if self.scale not in (1, 2):
            raise ValueError(f"scale {self.scale!r} must be 1 (single) or 2 (double)")
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
            parsed["estimate_at"] = EstimateAt.NEVER
        return cls(**parsed)

    @property
    def method_name(self) -> str:
        """The method as published: 'none' when nothing is estimated.

        >>> ScoringOptions().method_name, ScoringOptions(estimate_at=EstimateAt.NEVER).method_name
        ('neuberg', 'none')
        """
        return "none" if self.estimate_at is EstimateAt.NEVER else self.method.value

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


#: How :meth:`ScoringOptions.parse` reads each option given as text.
_PARSERS: dict[str, Callable[[Any], object]] = {
    "method": find_method, "rounding": Rounding.parse, "totals_rounding": Rounding.parse,
    "small_groups": SmallGroups.find, "ave_policy": AvePolicy.find, "field": Field.find,
    "estimate_at": EstimateAt.find, "percentage_tie": Tie.find, "unplayed": Unplayed.find, "places": Places.find,
}

#: ScoringOptions' typed fields and their types (None allowed for field and totals_rounding).
_OPTION_TYPES: dict[str, type] = {
    "method": Method, "rounding": Rounding, "small_groups": SmallGroups, "ave_policy": AvePolicy, "field": Field,
    "estimate_at": EstimateAt, "totals_rounding": Rounding, "percentage_tie": Tie, "unplayed": Unplayed,
    "places": Places,
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


@dataclass
class SessionResult:
    """A scored event: boards in order, pairs sorted by place within each ranking group.

    ``pairs`` left out (None) is worked out from the boards when first read: an output
    that needs only the boards (a CSV of travellers) does not total and rank every pair.
    """

    event: Event
    options: ScoringOptions
    boards: list[ScoredBoard]
    _pairs: list[PairResult] | None = field(default=None, repr=False)

    @property
    def pairs(self) -> list[PairResult]:
        """The pairs' results, sorted by place within each ranking group."""
        if self._pairs is None:
            self._pairs = _pair_results(self.event, self.options, self.boards, _field(self.event, self.options))
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
    """Score every board of ``event`` and total, rank and place its pairs (when the result's pairs are first read)."""
    _check_lines(event)
    fld = _field(event, options)
    groups = _board_groups(event.lines, across_sections=fld is Field.EVENT)
    # N per field: the most non-blank lines on any board of that session and field
    most: dict[tuple[int, str], int] = {}
    played: dict[SessionBoardKey, int] = {}  # board key -> its non-blank lines
    for key, lines in groups.items():
        n = played[key] = lines_towards_n(map(_SCORE, lines))  # not-played lines count, blank ones do not
        field_key = key[:2]
        most[field_key] = max(most.get(field_key, 0), n)

    boards: list[ScoredBoard] = []
    memo: FigureMemo = {}
    rounded_early: set[int] = set()
    for key in sorted(groups, key=lambda k: (k[0], str(k[1]), k[2])):
        sess, sec, board = key
        lines = groups[key]
        expected = options.expected or max(most[(sess, sec)], 1)
        n_lines = played[key]
        try:
            check_counts(expected, n_lines, 0)
        except ValueError as exc:
            raise UserError(event.source, lines[-1].where or f"board {board}", f"board {board}: {exc}") from None
        if options.estimate_at is EstimateAt.NEVER:
            expected = max(n_lines, 1)
        top, scored, early, actual = _score_lines(event, options, lines, board, expected, memo)
        sb = ScoredBoard(board, sec, expected, actual, top, scored, sess)
        if options.estimate_at is EstimateAt.TOTALS and 0 < n_lines < expected:
            # a board played fewer times: its lines published plain on its own top (an artificial
            # score on it still estimated), the totals add the board estimated to the full top
            sb.line_top, plain, plain_early = _score_lines(event, options, lines, board, n_lines, memo)[:3]
            totals_rounding = options.totals_rounding or options.rounding
            avg = Fraction(top, 2)
            for p, est in zip(plain, scored):
                p.ns_total = totals_rounding.apply(est.ns_exact, avg)
                p.ew_total = totals_rounding.apply(est.ew_exact, avg)
            sb.lines, early = plain, plain_early
        if early:
            rounded_early.add(id(sb))
        boards.append(sb)

    _round_all(boards, options, rounded_early)
    if options.ave_policy is AvePolicy.WBF:
        _apply_wbf_averages(event, options, boards)
    return SessionResult(event, options, boards)  # its pairs are totalled and placed when first read


def _score_lines(
    event: Event, options: ScoringOptions, lines: list[Line], board: int, expected: int, memo: FigureMemo
) -> tuple[int, list[ScoredLine], bool, int]:
    """(top, scored lines, already rounded?, real results) of one board's lines worth ``expected`` results."""
    fast = _plain_scored_board(lines, expected, options, memo)
    if fast is not None:
        return fast[0], fast[1], True, len(lines) - list(map(_SCORE, lines)).count(None)
    try:
        res = score_board(
            [ln.score for ln in lines],
            expected=expected,
            method=options.method,
            scale=options.scale,
            groups=[ln.group for ln in lines],
            arrowswitch=[ln.arrowswitch for ln in lines],
            small_groups=options.small_groups,
            penalties=[(ln.ns_penalty, ln.ew_penalty) if (ln.ns_penalty or ln.ew_penalty) else None for ln in lines],
        )
    except ValueError as exc:
        where = lines[0].where
        msg = str(exc)
        if msg.startswith("row "):
            row, _, rest = msg.partition(": ")
            try:
                where, msg = lines[int(row.split()[1]) - 1].where, rest
            except (ValueError, IndexError):
                pass
        raise UserError(event.source, where or f"board {board}", f"board {board}: {msg}") from None
    top, factor = reported_top(res.top, options)
    factor = factor or Fraction(1)
    scored = [
        ScoredLine(
            ln,
            None if lr.ns_mp is None else lr.ns_mp * factor,
            None if lr.ew_mp is None else lr.ew_mp * factor,
            None if lr.ns_mp is None else lr.ns_mp * factor,
            None if lr.ew_mp is None else lr.ew_mp * factor,
            lr.kind,
            lr.ns_ave,
            lr.ew_ave,
        )
        for ln, lr in zip(lines, res.lines)
    ]
    return top, scored, False, res.actual


def _board_groups(lines: list[Line], across_sections: bool) -> dict[SessionBoardKey, list[Line]]:
    """The lines grouped by board: (session, section or '' across sections, board) -> lines, in order.

    A board's lines mostly follow one another: each run of them is added at once.
    """
    groups: dict[SessionBoardKey, list[Line]] = {}
    runs: Iterator[tuple[SessionBoardKey, Iterator[Line]]]
    if across_sections:
        runs = (((session, "", board), run) for (session, board), run in groupby(lines, _session_board))
    else:
        runs = groupby(lines, _session_section_board)
    for key, run in runs:
        group = groups.get(key)
        if group is None:
            groups[key] = list(run)
        else:
            group.extend(run)
    return groups


def _session_board(line: Line) -> tuple[int, int]:
    return line.session, line.board


def _session_section_board(line: Line) -> SessionBoardKey:
    return line.session, line.section, line.board

_SCORE = attrgetter("score")
_SPECIAL = attrgetter("group", "arrowswitch", "ns_penalty", "ew_penalty")  # all blank on a plain line
_PLAIN_TYPES = frozenset({int, type(None)})


def _plain_scored_board(
    lines: list[Line], expected: int, options: ScoringOptions, memo: FigureMemo
) -> tuple[int, list[ScoredLine]] | None:
    """(top, scored lines) of a board of plain scores by the integer fast path, or None.

    Only a board whose every score is an int or None, with no fouled groups,
    arrowswitches or penalties, takes this path; it gives exactly what
    :func:`score_board` gives (exact Fractions), already rounded. ``memo`` keeps,
    per denominator and top, one exact and one rounded Fraction per numerator across the event.
    """
    scores = list(map(_SCORE, lines))
    if not _PLAIN_TYPES.issuperset(map(type, scores)) or any(map(any, map(_SPECIAL, lines))):
        return None
    ns, ew, D, board_top = plain_board(scores, expected, options.method, options.scale)
    top = reported_top(board_top, options)[0]
    exact_of, rounded_of, kind_of = plain_figures(memo, D, board_top, {*ns, *ew}, options)
    rounded, exact = rounded_of.__getitem__, exact_of.__getitem__
    scored = list(
        map(
            ScoredLine,
            lines,
            map(rounded, ns),
            map(rounded, ew),
            map(exact, ns),
            map(exact, ew),
            map(kind_of.__getitem__, ns),
        )
    )
    return top, scored


def reported_top(board_top: int, options: ScoringOptions) -> tuple[int, Fraction | None]:
    """(the top a board is reported on, the factor its figures take or None): ``factor_top``
    when it is set (carry-forward), even on a board of one result (top 0, no factor); else
    the board's own top. Its figures are rounded about half the reported top.

    >>> reported_top(12, ScoringOptions()), reported_top(12, ScoringOptions(factor_top=24))
    ((12, None), (24, Fraction(2, 1)))
    """
    if not options.factor_top:
        return board_top, None
    return options.factor_top, (Fraction(options.factor_top, board_top) if board_top else None)


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
        top, factor = reported_top(board_top, options)
        avg = Fraction(top, 2)
        for num in new:
            assert num is not None  # None (a blank line) is in every memo from the start
            exact = Fraction(num, D) if factor is None else Fraction(num, D) * factor
            exact_of[num], rounded_of[num], kind_of[num] = exact, options.rounding.apply(exact, avg), "result"
    return figures


def _round_all(boards: list[ScoredBoard], options: ScoringOptions, done: Set[int] = frozenset()) -> None:
    """Round every board's exact figures (boards whose ids are in ``done`` are already rounded)."""
    for b in boards:
        if id(b) in done:
            continue
        avg = Fraction(b.top if b.line_top is None else b.line_top, 2)
        for sl in b.lines:
            sl.ns_mp = options.rounding.apply(sl.ns_exact, avg)
            sl.ew_mp = options.rounding.apply(sl.ew_exact, avg)


def _apply_wbf_averages(event: Event, options: ScoringOptions, boards: list[ScoredBoard]) -> None:
    """Ave+ = max(60%, own % on the other boards); Ave- = min(40%, own %); from the rounded figures."""
    own: dict[PairKey, list[Fraction]] = {}
    for b in boards:
        for sl in b.lines:
            if sl.kind != "result":
                continue
            for side, pair, mp in (("NS", sl.line.ns_pair, sl.ns_mp), ("EW", sl.line.ew_pair, sl.ew_mp)):
                k = _pair_key(event, options, sl.line.section, pair, side)
                tot = own.setdefault(k, [Fraction(0), Fraction(0)])
                assert mp is not None  # a line with a result has figures
                tot[0] += mp
                tot[1] += b.top
    avg_of = {k: (v[0] / v[1] * 100 if v[1] else None) for k, v in own.items()}
    for b in boards:
        for sl in b.lines:
            if sl.kind != "artificial":
                continue
            for side, pair, kind in (("NS", sl.line.ns_pair, sl.ns_ave), ("EW", sl.line.ew_pair, sl.ew_ave)):
                pct = avg_of.get(_pair_key(event, options, sl.line.section, pair, side))
                if pct is None or kind not in ("plus", "minus"):
                    continue
                current = sl.ns_exact if side == "NS" else sl.ew_exact
                if current is None:
                    continue
                target = max(Fraction(60), pct) if kind == "plus" else min(Fraction(40), pct)
                value = target * b.top / 100
                rounded = options.rounding.apply(value, Fraction(b.top, 2))
                if side == "NS":
                    sl.ns_exact, sl.ns_mp = value, rounded
                else:
                    sl.ew_exact, sl.ew_mp = value, rounded


def _pair_results(event: Event, options: ScoringOptions, boards: list[ScoredBoard], fld: Field) -> list[PairResult]:
    known: dict[PairKey, Pair] = {}
    for p in event.pairs:
        sides = [p.direction] if p.direction else ["NS", "EW"]
        for side in sides:
            known.setdefault(_pair_key(event, options, p.section, p.number, side), p)
    totals = _pair_totals(event, options, boards)
    if options.unplayed is Unplayed.OWN:
        _fill_unplayed(totals, boards, options, fld)
    results: list[PairResult] = []
    for k, t in totals.items():
        section, number, direction = k
        pair = known.get(k)
        if pair is None:
            pair = Pair(number, section, direction)
        elif pair.direction != direction:
            pair = replace(pair, direction=direction)
        pct = t.mp / t.max * 100 if t.max else Fraction(0)
        results.append(PairResult(pair, t.mp, t.max, pct, "", t.boards, dict(sorted(t.sessions.items()))))
    # ranking groups: per section (or the whole field) and, in a two-winner field, per direction
    order = {sec: i for i, sec in enumerate(event.sections())}
    by_group: dict[tuple[int, str, str], list[PairResult]] = {}
    for pr in results:
        sec = "" if fld is Field.EVENT else pr.pair.section
        by_group.setdefault((order.get(sec, -1), sec, pr.pair.direction or ""), []).append(pr)
    out: list[PairResult] = []
    for g in sorted(by_group, key=lambda g: (g[0], g[1], {"NS": 0, "EW": 1}.get(g[2], 0))):
        members = sorted(by_group[g], key=lambda pr: (-pr.percentage, -pr.mp, _tiebreak(pr), _natural(pr.pair.number)))
        for pr, label in zip(members, place_labels([_rank_value(pr) for pr in members], options.places)):
            pr.place = label
        out.extend(members)
    return out


def _pair_totals(event: Event, options: ScoringOptions, boards: list[ScoredBoard]) -> dict[PairKey, PairTotal]:
    """Per pair key: its :class:`PairTotal`; sums of the rounded board figures, exact.

    Figures are added as integer numerators per (session, denominator) and turned
    into Fractions once per pair: the same exact sums as adding Fractions line by line.
    """
    two_winner: dict[str, bool] = {}
    acc: dict[PairKey, tuple[dict[tuple[int, int], int], list[int]]] = {}
    for b in boards:
        top, sess = b.top, b.session
        for sl in b.lines:
            if sl.kind == "blank":
                continue
            ln = sl.line
            sec = ln.section
            two = two_winner.get(sec)
            if two is None:
                two = two_winner[sec] = _winners(event, options, sec) == 2
            ns_mp = sl.ns_mp if sl.ns_total is None else sl.ns_total
            ew_mp = sl.ew_mp if sl.ew_total is None else sl.ew_total
            for side, pair, mp in (("NS", ln.ns_pair, ns_mp), ("EW", ln.ew_pair, ew_mp)):
                k = (sec, str(pair), side if two else None)
                t = acc.get(k)
                if t is None:
                    t = acc[k] = ({}, [0, 0])  # {(session, denominator): numerator}, [max, boards]
                if type(mp) is not Fraction:
                    mp = Fraction(mp)  # type: ignore[arg-type]  # a figure is never None on a line with a result
                d = mp.denominator
                parts = t[0]
                parts[(sess, d)] = parts.get((sess, d), 0) + mp.numerator
                counts = t[1]
                counts[0] += top
                counts[1] += 1
    totals: dict[PairKey, PairTotal] = {}
    for k, (parts, (top_sum, n_boards)) in acc.items():
        sessions: dict[int, Fraction] = {}
        for (sess, d), num in parts.items():
            sessions[sess] = sessions.get(sess, Fraction(0)) + Fraction(num, d)
        totals[k] = PairTotal(sum(sessions.values(), Fraction(0)), Fraction(top_sum), n_boards, sessions)
    return totals


def _tiebreak(pr: PairResult) -> float:
    """Sort key of a published tie-break figure (higher first); 0 when the file publishes none."""
    return -(pr.pair.published_tiebreak or 0)


def _rank_value(pr: PairResult) -> tuple[Fraction, float | None]:
    """What a place is decided by: the percentage, then a published tie-break figure when there is one."""
    return (pr.percentage, pr.pair.published_tiebreak)


def _fill_unplayed(
    totals: dict[PairKey, PairTotal], boards: list[ScoredBoard], options: ScoringOptions, fld: Field
) -> None:
    """Unplayed 'own': a pair that played fewer boards than the most any pair of its field played
    gets, for each board short, its own percentage of the field's top (rounded by the totals rounding)."""
    top_of: dict[tuple[int, str], int] = {}
    for b in boards:
        key = (b.session, "" if fld is Field.EVENT else b.section)
        top_of[key] = max(top_of.get(key, 0), b.top)
    most: dict[str, int] = {}
    for (sec, _number, _side), t in totals.items():
        group = "" if fld is Field.EVENT else sec
        most[group] = max(most.get(group, 0), t.boards)
    rounding = options.totals_rounding or options.rounding
    for (sec, _number, _side), t in totals.items():
        short = most["" if fld is Field.EVENT else sec] - t.boards
        if short <= 0 or not t.max:
            continue
        sess = max(t.sessions)
        top = top_of.get((sess, "" if fld is Field.EVENT else sec), 0)
        each = rounding.apply(t.mp / t.max * top, Fraction(top, 2))
        t.mp += each * short
        t.sessions[sess] += each * short
        t.max += top * short


def _natural(text: str) -> tuple[int, str]:
    digits = "".join(ch for ch in str(text) if ch.isdigit())
    return (int(digits) if digits else 0, str(text))


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
        "scale": o.scale,
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
    }


def _winners_setting(event: Event, options: ScoringOptions) -> int | dict[str, int]:
    """1 or 2 rankings, the same in every section; else section -> 1 or 2."""
    each = {sec: _winners(event, options, sec) for sec in event.sections()} or {"": options.winners or 1}
    return next(iter(each.values())) if len(set(each.values())) == 1 else each


def result_to_json(result: SessionResult) -> dict[str, Any]:
    """The ``mpxl score --json`` document: boards with lines, pairs with totals (numbers as floats).

    >>> from mpxl.event import Event, Line
    >>> doc = result_to_json(score_event(Event(lines=[Line(1, "1", "2", score=420), Line(1, "3", "4", score=400)])))
    >>> doc["boards"][0]["lines"][0]
    {'ns_pair': '1', 'ew_pair': '2', 'ns_score': 420, 'ns_mp': 2.0, 'ew_mp': 0.0}
    >>> doc["pairs"][0]
    {'pair': '1', 'section': '', 'direction': None, 'mp': 2.0, 'max': 2.0, 'percentage': 100.0, 'place': '1=',
     'boards': 1, 'names': []}
    """
    pairs = [pair_json(pr, result.options) for pr in result.pairs]
    return {"boards": list(map(board_json, result.boards)), "pairs": pairs, **json_heading(result)}


def board_json(b: ScoredBoard) -> dict[str, Any]:
    """One board of the ``--json`` document (see :func:`result_to_json`)."""
    lines: list[dict[str, Any]] = []
    for sl in b.lines:
        score = sl.line.score
        if score is not None and not isinstance(score, (int, str)):
            score = str(score)
        entry: dict[str, Any] = {"ns_pair": sl.line.ns_pair, "ew_pair": sl.line.ew_pair, "ns_score": score,
                 "ns_mp": _num(sl.ns_mp), "ew_mp": _num(sl.ew_mp)}
        if sl.line.section != b.section:  # boards compared across the field: the line keeps its section
            entry["section"] = sl.line.section
        if sl.ns_total is not None:
            entry["ns_total_mp"], entry["ew_total_mp"] = _num(sl.ns_total), _num(sl.ew_total)
        lines.append(entry)
    board: dict[str, Any] = {"board": b.board, "section": b.section, "lines": lines, "expected": b.expected,
             "actual": b.actual, "top": b.top}
    if b.line_top is not None:
        board["line_top"] = b.line_top
    if b.session != 1:
        board["session"] = b.session
    return board


def pair_json(pr: PairResult, opts: ScoringOptions) -> dict[str, Any]:
    """One pair of the ``--json`` document (see :func:`result_to_json`)."""
    pct = opts.round_percentage(pr.percentage)
    return {"pair": pr.pair.number, "section": pr.pair.section, "direction": pr.pair.direction,
            "mp": float(pr.mp), "max": float(pr.max), "percentage": float(pct), "place": pr.place,
            "boards": pr.boards, "names": list(pr.pair.names)}


def json_heading(result: SessionResult) -> dict[str, Any]:
    """The ``--json`` document's fields after its boards and pairs."""
    opts = result.options
    return {"title": result.event.title, "program": result.event.program, "method": opts.method_name,
            "scale": opts.scale, "rounding": str(opts.rounding), "settings": settings_of(result)}

