"""The one scorer: :func:`score_columns` scores every board of an event's lines given as columns
(:class:`~mpxl.core.event.Travellers`) and gives every line's figures as columns (:class:`ScoredColumns`).

A board of plain scores takes :func:`~mpxl.core.board.plain_board`'s integer arithmetic, any other
:func:`~mpxl.core.board.score_board`; both give the same exact figures (tests/test_fastpath.py).
:class:`ScoredLine` and :class:`ScoredBoard` are the same figures a line and a board at a time.

>>> t = Travellers(board=[1, 1], ns_pair=["1", "3"], ew_pair=["2", "4"], score=[420, 400])
>>> [str(f) for f in score_columns(t).ns_mp]
['2', '0']
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field, replace
from fractions import Fraction
from typing import Any, NamedTuple, cast

from .adjustments import Artificial, Mixed, entry_of, line_kind
from .board import BoardResult, plain_score_figures, score_board
from .errors import UserError
from .event import Event, Line, LineScore, PairKey, Travellers
from .methods import check_counts
from .options import ScoringOptions, field_of, pair_key
from .pairings import gather, travellers_board_ranges
from .progress import field_most
from .rounding import Rounding
from .rules import AVE_MINUS, AVE_PLUS, lines_towards_n
from .settings import AvePolicy, EstimateAt, Field, RoundingKind, RoundingOrder, TotalsMethod

__all__ = [
    "ScoredLine", "ScoredBoard", "BoardPlace", "ScoredColumns", "score_columns", "reported_top", "plain_figures",
    "SessionBoardKey", "Figure", "FigureList", "PlainFigures", "FigureMemo", "LineFigures", "TotalsFigures",
    "BoardScore",
]


#: A board of an event: (session, section or "" across sections, board).
SessionBoardKey = tuple[int, str, int]
#: A figure, or None on a blank line.
Figure = Fraction | None
#: One figure column of a board's lines, in the lines' order.
FigureList = list[Figure]


class PlainFigures(NamedTuple):
    """From a numerator of :func:`~mpxl.core.board.plain_board` (None: a blank line) to its figures."""

    exact: dict[int | None, Figure]
    rounded: dict[int | None, Figure]
    kind: dict[int | None, str]


@dataclass(slots=True)
class FigureMemo:
    """The figures an event's scoring has made: each value one object (``one``, by value), and
    :func:`plain_figures`' per (denominator, top) (``plain``), kept across the event's boards.

    A figure met on many lines is one object: the pairs' totals and the JSON make its numerator or its
    text once (:meth:`ScoredColumns.figures`).

    >>> memo = FigureMemo()
    >>> a, b = memo.one_of([Fraction(1, 2), None]), memo.one_of([Fraction(2, 4)])
    >>> a[0] is b[0], a[1]
    (True, None)
    """

    one: dict[Fraction, Fraction] = field(default_factory=dict)
    plain: dict[tuple[int, int], PlainFigures] = field(default_factory=dict)

    def one_of(self, figures: FigureList) -> FigureList:
        """``figures`` with each figure replaced by the memo's one object of its value (None kept)."""
        one = self.one.setdefault
        return [None if f is None else one(f, f) for f in figures]


class LineFigures(NamedTuple):
    """One board's lines' figures, in the lines' order: rounded, exact, the kind of each line, and
    (the general path's) each line's (NS, EW) kinds of average."""

    ns_mp: FigureList
    ew_mp: FigureList
    ns_exact: FigureList
    ew_exact: FigureList
    kind: list[str]
    ave: list[tuple[str | None, str | None]] | None = None


class TotalsFigures(NamedTuple):
    """What the totals add instead of a short board's lines' figures (``estimate_at`` totals)."""

    ns_mp: FigureList
    ew_mp: FigureList
    ns_exact: FigureList
    ew_exact: FigureList


class BoardScore(NamedTuple):
    """One board scored: its reported top, its lines' figures, its real results; whether the figures
    are the memo's (the plain path); under ``estimate_at`` totals the lines' own top and what the
    totals add instead (else None)."""

    top: int
    figures: LineFigures
    actual: int
    plain: bool = False
    line_top: int | None = None
    totals: TotalsFigures | None = None


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
    by_score: bool = False  # each line's figures are its score's (one object per score): scored by the plain path

    def indices(self) -> list[int]:
        """The board's lines' positions, in order.

        >>> BoardPlace(1, "", 1, 2, 2, 2, None, [range(0, 2), range(5, 9, 3)]).indices()
        [0, 1, 5, 8]
        """
        return [i for r in self.ranges for i in r]


@dataclass
class ScoredColumns:
    """What the scorer gives: each line's figures as columns (in the lines' order), and the boards
    in the order they are reported (by session, section and board).

    ``ave`` holds, for an artificial line, its (NS, EW) kinds of average ('plus', 'ave', 'minus'
    after an arrowswitch); ``totals`` the (NS, EW) figures a pair's total adds instead of the
    line's own (``estimate_at`` totals) on the lines of a board played fewer times. A rounded
    figure (``ns_mp``, ``ew_mp``) is the scorer's one object of its value (:class:`FigureMemo`).
    """

    boards: list[BoardPlace]
    ns_mp: FigureList
    ew_mp: FigureList
    ns_exact: FigureList
    ew_exact: FigureList
    kind: list[str]
    ave: dict[int, tuple[str | None, str | None]] = field(default_factory=dict)
    totals: dict[int, tuple[Fraction | None, Fraction | None]] = field(default_factory=dict)
    totals_exact: dict[int, tuple[Fraction | None, Fraction | None]] = field(default_factory=dict)  # unrounded
    memo: FigureMemo = field(default_factory=FigureMemo, repr=False, compare=False)

    def figures(self) -> list[Fraction]:
        """The distinct figures of ``ns_mp`` and ``ew_mp``: each value one object, the one every line
        of that figure holds (every figure of the columns, perhaps a few more: tests/test_fastpath.py).

        >>> t = Travellers(board=[1, 1, 1, 2, 2, 2], ns_pair=["1", "3", "5"] * 2, ew_pair=["2", "4", "6"] * 2,
        ...                score=[420, 400, 400, "A=", 100, 90])
        >>> s = score_columns(t)
        >>> sorted(map(str, s.figures()))
        ['0', '1', '1/2', '2', '3', '4', '7/2']
        >>> [str(f) for f in s.ns_mp], [str(f) for f in s.ew_mp]
        (['4', '1', '1', '2', '7/2', '1/2'], ['0', '3', '3', '2', '1/2', '7/2'])
        >>> s.ns_mp[1] is s.ns_mp[2], s.ns_mp[4] is s.ew_mp[5], s.ns_mp[3] is s.ew_mp[3]  # a value, one object
        (True, True, True)
        """
        return list(self.memo.one.values())

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

    def put(self, ranges: list[range], figures: LineFigures) -> None:
        """Lay one board's figures (its lines at ``ranges``) into the columns."""
        done = 0
        for r in ranges:
            lines, part = slice(r.start, r.stop, r.step), slice(done, done + len(r))
            self.ns_mp[lines], self.ew_mp[lines] = figures.ns_mp[part], figures.ew_mp[part]
            self.ns_exact[lines], self.ew_exact[lines] = figures.ns_exact[part], figures.ew_exact[part]
            self.kind[lines] = figures.kind[part]
            done += len(r)

    def set_side(self, i: int, side: int, board: BoardScore, j: int) -> None:
        """Give line ``i``'s ``side`` (0 NS, 1 EW) the figures of line ``j`` of ``board``."""
        f, tot = board.figures, board.totals
        if side == 0:
            self.ns_mp[i], self.ns_exact[i] = f.ns_mp[j], f.ns_exact[j]
        else:
            self.ew_mp[i], self.ew_exact[i] = f.ew_mp[j], f.ew_exact[j]
        if tot is not None:  # what the totals add: the board's figures estimated to the full top
            rounded, exact = (tot.ns_mp, tot.ns_exact) if side == 0 else (tot.ew_mp, tot.ew_exact)
            self.totals[i] = _with_side(self.totals[i], side, rounded[j])
            self.totals_exact[i] = _with_side(self.totals_exact[i], side, exact[j])


def _with_side(pair: tuple[Figure, Figure], side: int, figure: Figure) -> tuple[Figure, Figure]:
    """``pair`` (NS, EW) with its ``side`` (0 NS, 1 EW) ``figure``.

    >>> _with_side((Fraction(1), None), 1, Fraction(2))
    (Fraction(1, 1), Fraction(2, 1))
    """
    return (figure, pair[1]) if side == 0 else (pair[0], figure)


def score_columns(
    t: Travellers, options: ScoringOptions = ScoringOptions(), event: Event | None = None,
    where: Callable[[int], str] | None = None,
) -> ScoredColumns:
    """Score every board of the lines ``t``: the one scorer, for every reader and every output.

    ``event`` gives what the file says of the event (its source for messages, how its boards are
    compared, its one- and two-winner sections); ``where(i)`` names line ``i`` in messages. A
    board of plain scores (whole numbers, not played) with no fouled group, arrowswitch or penalty
    is scored by :func:`~mpxl.core.board.plain_board`'s integer arithmetic, any other by
    :func:`~mpxl.core.board.score_board`; both give the same exact figures (tests/test_fastpath.py).

    >>> t = Travellers(board=[1, 1, 2, 2], ns_pair=["1", "3", "1", "3"], ew_pair=["2", "4", "4", "2"],
    ...                score=[420, 400, -100, None])
    >>> s = score_columns(t)
    >>> [(str(ns), str(ew)) for ns, ew in zip(s.ns_mp, s.ew_mp)], s.order
    ([('2', '0'), ('0', '2'), ('1', '1'), ('None', 'None')], [range(0, 4)])
    """
    event = event if event is not None else Event()
    name = where or (lambda i: "")
    across = field_of(event, options) is Field.EVENT
    boards = travellers_board_ranges(t, not across)
    # N per field: the most non-blank lines on any board of that session and field, or, when the file knows its
    # movement and its results are still arriving (``--watch``), the most times it plays any board of the field
    scores_of = {key: gather(t.score, ranges) for key, ranges in boards.items()}
    played = {key: lines_towards_n(scores) for key, scores in scores_of.items()}  # not-played lines count
    most: dict[tuple[int, str], int] = field_most(event.plays, across) if event.plays and event.live else {}
    for (sess, sec, _board), n in played.items():
        most[(sess, sec)] = max(most.get((sess, sec), 0), n)

    n_lines = len(t)
    out = ScoredColumns([], [None] * n_lines, [None] * n_lines, [None] * n_lines, [None] * n_lines,
                        ["blank"] * n_lines)
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
        place = BoardPlace(sess, sec, board, expected, 0, 0, None, ranges)
        scored = _BoardLines(t, ranges, scores, details, event.source, name, board).score_both(
            expected, n_played, options, out.memo)
        _lay(out, place, scored)
    if options.ave_policy is AvePolicy.WBF and any(kind in ("plus", "minus") for pair in out.ave.values()
                                                   for kind in pair):
        _apply_wbf_averages(event, options, t, out)
    return out


def _lay(out: ScoredColumns, place: BoardPlace, scored: BoardScore) -> None:
    """Lay board ``place``'s figures ``scored`` into ``out`` and report the board."""
    out.put(place.ranges, scored.figures)
    if scored.figures.ave is not None:
        out.ave.update((i, ave) for i, ave in zip(place.indices(), scored.figures.ave) if ave != (None, None))
    if scored.totals is not None:
        indices, tot = place.indices(), scored.totals
        out.totals.update(zip(indices, zip(tot.ns_mp, tot.ew_mp)))
        out.totals_exact.update(zip(indices, zip(tot.ns_exact, tot.ew_exact)))
    place.actual, place.top, place.line_top = scored.actual, scored.top, scored.line_top
    place.by_score = scored.plain and scored.line_top is None
    out.boards.append(place)


def _totals_figures(board: BoardScore, rounding: Rounding, average: Fraction) -> TotalsFigures:
    """What the totals add of ``board``'s figures: its exact figures rounded by ``rounding`` (the totals'),
    about ``average``."""
    ns, ew = board.figures.ns_exact, board.figures.ew_exact
    return TotalsFigures([rounding.apply(x, average) for x in ns], [rounding.apply(x, average) for x in ew], ns, ew)


def _real_results(scores: list[LineScore]) -> int:
    """How many of a board's cells are real results (not blank, not played or artificial).

    >>> _real_results([420, None, "NP", "A+", "-50", "30% 420 + 70% 450"])
    3
    """
    return sum(1 for s in scores if s is not None and (type(s) is int or line_kind(s) == "R"))


class _BoardLines:
    """One board's lines in the columns: scored by the integer fast path or the board scorer."""

    def __init__(self, t: Travellers, ranges: list[range], scores: list[LineScore], details: bool, source: str,
                 where: Callable[[int], str], board: int) -> None:
        self.t, self.ranges, self.scores, self.source, self.where, self.board = t, ranges, scores, source, where, board
        detail_columns: list[list[Any] | None] = [t.group, t.arrowswitch, t.ns_penalty, t.ew_penalty]
        self.plain = _PLAIN_TYPES.issuperset(set(map(type, scores))) and not (
            details and any(any(gather(column, ranges)) for column in detail_columns if column is not None))

    def score_both(self, expected: int, n_played: int, options: ScoringOptions, memo: FigureMemo) -> BoardScore:
        """The board scored worth ``expected`` results, with ``n_played`` lines towards N.

        Under ``estimate_at`` totals a board played fewer times is published plain on its own top (its
        ``n_played`` lines: an artificial score on it still estimated), and the totals add the board estimated to
        the full top (``expected``), rounded as figures only the totals hold: that one rule for every figure of
        the board, an Ave+/Ave- the wbf policy sets included (:func:`_apply_wbf_averages`).

        A ``totals_method`` apart from the lines (:class:`~mpxl.core.settings.TotalsMethod`) changes what the totals
        add for such a board: the board estimated to the full top by that method (its lines as ``estimate_at``
        says), or, ``plain``, its plain matchpoints on its own top, which is then the top a pair's maximum counts
        (the lines, estimated, on the full top).
        """
        full = self.score(expected, options, memo)
        split = options.totals_method
        short = 0 < n_played < expected
        if not short or (options.estimate_at is not EstimateAt.TOTALS and split is TotalsMethod.AS_LINES):
            return full
        rounding = options.totals_rounding or options.rounding
        if split is TotalsMethod.PLAIN:  # the totals add the board plain, on its own top
            own = self.score(n_played, options, memo)
            lines = own if options.estimate_at is EstimateAt.TOTALS else full
            totals = _totals_figures(own, rounding, options.scale.average(own.top))
            return lines._replace(top=own.top, actual=full.actual, line_top=None if lines is own else lines.top,
                                  totals=totals)
        other = options.totals_scoring  # a method of its own for the totals, else the method's full figures
        added = full if other is None else self.score(expected, other, memo)
        totals = _totals_figures(added, rounding, options.scale.average(full.top))
        if options.estimate_at is not EstimateAt.TOTALS:  # the lines estimated to N, the totals another way
            return full._replace(totals=totals)
        own = self.score(n_played, options, memo)
        return own._replace(top=full.top, actual=full.actual, line_top=own.top, totals=totals)

    def score(self, expected: int, options: ScoringOptions, memo: FigureMemo) -> BoardScore:
        """The board scored worth ``expected`` results, its figures rounded."""
        if self.plain:
            plain = _plain_board_figures(cast("list[int | None]", self.scores), expected, options, memo)
            if plain is not None:
                return plain
        res = self._board_result(expected, options)
        top, factor, offset = reported_top(res.top, options)
        avg = options.scale.average(top)
        put = factored(res.top, factor, offset, options)
        ns_exact = [None if lr.ns_mp is None else put(lr.ns_mp) for lr in res.lines]
        ew_exact = [None if lr.ew_mp is None else put(lr.ew_mp) for lr in res.lines]
        figures = LineFigures(
            memo.one_of([options.rounding.apply(x, avg) for x in ns_exact]),
            memo.one_of([options.rounding.apply(x, avg) for x in ew_exact]),
            ns_exact, ew_exact, [lr.kind for lr in res.lines], [(lr.ns_ave, lr.ew_ave) for lr in res.lines])
        return BoardScore(top, figures, res.actual)

    def _board_result(self, expected: int, options: ScoringOptions) -> BoardResult:
        """:func:`~mpxl.core.board.score_board` of the board; its error a message naming the line."""
        t, ranges = self.t, self.ranges
        penalties = None
        if t.ns_penalty is not None or t.ew_penalty is not None:
            ns_pen, ew_pen = gather(t.column("ns_penalty"), ranges), gather(t.column("ew_penalty"), ranges)
            penalties = [(a, b) if (a or b) else None for a, b in zip(ns_pen, ew_pen)]
        try:
            return score_board(
                self.scores, expected=expected, groups=None if t.group is None else gather(t.group, ranges),
                arrowswitch=None if t.arrowswitch is None else gather(t.arrowswitch, ranges), penalties=penalties,
                **options.board_rules,
            )
        except ValueError as exc:
            indices = [i for r in ranges for i in r]
            where, msg = self.where(indices[0]), str(exc)
            if msg.startswith("row "):
                row, _, rest = msg.partition(": ")
                try:
                    where, msg = self.where(indices[int(row.split()[1]) - 1]), rest
                except (ValueError, IndexError):
                    pass
            raise UserError(self.source, where or f"board {self.board}", f"board {self.board}: {msg}") from None


_PLAIN_TYPES = frozenset({int, type(None)})


def _plain_board_figures(
    scores: list[int | None], expected: int, options: ScoringOptions, memo: FigureMemo
) -> BoardScore | None:
    """A board of plain scores (ints or None) scored by the integer fast path (None would send it to the
    board scorer: tests/test_fastpath.py does, to compare).

    It gives exactly what :func:`score_board` gives (exact Fractions), already rounded; ``memo``
    keeps, per denominator and top, one exact and one rounded Fraction per numerator across the
    event.
    """
    ns_of, ew_of, D, board_top = plain_score_figures(scores, expected, options.method, options.scale.unit)
    top = reported_top(board_top, options)[0]
    figures = plain_figures(memo, D, board_top, {*ns_of.values(), *ew_of.values()}, options)
    by_score = len(scores) >= 4 * len(ns_of)  # many lines a score: each figure found once per score
    if by_score:
        ns_keys = ew_keys = scores
    else:  # a short board: its lines' numerators first, the figures found by them
        ns_keys, ew_keys = list(map(ns_of.__getitem__, scores)), list(map(ew_of.__getitem__, scores))

    def column(figure_of: dict[Any, Any], numerator_of: dict[Any, int | None], keys: list[Any]) -> list[Any]:
        """Each line's figure, from its key (its score, or its numerator)."""
        if by_score:
            figure_of = {s: figure_of[num] for s, num in numerator_of.items()}
        return list(map(figure_of.__getitem__, keys))

    ns_exact, ew_exact = column(figures.exact, ns_of, ns_keys), column(figures.exact, ew_of, ew_keys)
    kinds = column(figures.kind, ns_of, ns_keys)
    actual = len(scores) - scores.count(None)
    if options.rounding.kind is RoundingKind.EXACT:  # each rounded figure is the exact one
        return BoardScore(top, LineFigures(ns_exact, ew_exact, ns_exact, ew_exact, kinds), actual, plain=True)
    ns_mp, ew_mp = column(figures.rounded, ns_of, ns_keys), column(figures.rounded, ew_of, ew_keys)
    return BoardScore(top, LineFigures(ns_mp, ew_mp, ns_exact, ew_exact, kinds), actual, plain=True)


def reported_top(board_top: int, options: ScoringOptions) -> tuple[int, Fraction | None, Fraction]:
    """(the top a board is reported on, the factor its figures take or None, what is then taken off
    them) for a board whose top is ``board_top`` in the scale's arithmetic (:attr:`Scale.unit`).

    The top is ``factor_top`` when it is set (carry-forward), else the scale's fixed top (100 on the
    percentage scale), even on a board of one result (top 0, no factor); else the board's own top on
    the scale (half the double top on the signed scale).
    A figure is its matchpoints x factor - offset: on the signed scale the offset is the top (a
    figure is the double one less the average); else 0.

    >>> reported_top(12, ScoringOptions()), reported_top(12, ScoringOptions(factor_top=24))
    ((12, None, Fraction(0, 1)), (24, Fraction(2, 1), Fraction(0, 1)))
    >>> from dataclasses import replace
    >>> from mpxl.core.settings import Scale
    >>> signed = ScoringOptions(scale=Scale.SIGNED)
    >>> reported_top(16, signed), reported_top(16, replace(signed, factor_top=4))
    ((8, None, Fraction(8, 1)), (4, Fraction(1, 2), Fraction(4, 1)))
    >>> reported_top(20, ScoringOptions(scale=Scale.PERCENT))  # 11 results: 20 double matchpoints are 100
    (100, Fraction(5, 1), Fraction(0, 1))
    """
    centred = options.scale.centred
    own = board_top // 2 if centred else board_top
    fixed = options.factor_top or options.scale.fixed_top  # carry-forward, or the percentage scale's 100
    top = fixed or own
    factor = Fraction(top, own) if fixed and own else None
    return top, factor, options.scale.offset(top) if own else Fraction(0)  # the rulebook's offset


def factored(
    board_top: int, factor: Fraction | None, offset: Fraction, options: ScoringOptions
) -> Callable[[Fraction], Fraction]:
    """The reported figure of matchpoints in the scale's arithmetic on a board whose top there is
    ``board_top`` (``factor`` and ``offset`` of :func:`reported_top`): x factor - offset; under rounding
    order ``matchpoints-first`` a factored board's matchpoints rounded by the lines' rounding on the
    board's own top first (the rulebook's ROUNDING_ORDERS).

    >>> from dataclasses import replace
    >>> from mpxl.core.rounding import Rounding
    >>> from mpxl.core.settings import Scale
    >>> pct = ScoringOptions(scale=Scale.PERCENT, rounding=Rounding.parse(2))
    >>> [str(factored(20, Fraction(5), Fraction(0), o)(Fraction(81, 8))) for o in
    ...  (pct, replace(pct, rounding_order=RoundingOrder.MATCHPOINTS_FIRST))]  # 10.125 of 20
    ['405/8', '1013/20']
    """
    if factor is None:
        return lambda mp: mp - offset
    if options.rounding_order is RoundingOrder.MATCHPOINTS_FIRST:
        own = options.scale.average(board_top // 2 if options.scale.centred else board_top)
        return lambda mp: options.rounding.apply(mp, own) * factor - offset
    return lambda mp: mp * factor - offset


def plain_figures(
    memo: FigureMemo, D: int, board_top: int, numerators: Iterable[int | None], options: ScoringOptions
) -> PlainFigures:
    """The exact and rounded figure and the kind of each of ``numerators`` (of
    :func:`~mpxl.core.board.plain_board`, over ``D``, on a board whose top is ``board_top``), kept in
    ``memo`` across an event.

    One exact and one rounded Fraction per (denominator, top, numerator), made once (each the memo's
    one object of its value); ``None`` (a blank line) maps to None and the kind 'blank'.
    ``factor_top`` is applied here.

    >>> from mpxl.core.rounding import Rounding
    >>> figures = plain_figures(FigureMemo(), 3, 6, {9, 1, None}, ScoringOptions(rounding=Rounding.parse(1)))
    >>> str(figures.exact[1]), str(figures.rounded[1]), figures.kind[1], figures.rounded[None], figures.kind[None]
    ('1/3', '3/10', 'result', None, 'blank')
    """
    figures = memo.plain.get((D, board_top))
    if figures is None:
        figures = memo.plain[(D, board_top)] = PlainFigures({None: None}, {None: None}, {None: "blank"})
    new = [num for num in set(numerators).difference(figures.exact) if num is not None]  # None is in from the start
    if new:
        top, factor, offset = reported_top(board_top, options)
        avg = options.scale.average(top)
        put = factored(board_top, factor, offset, options)
        exact: FigureList = [put(Fraction(num, D)) for num in new]
        if options.rounding.kind is RoundingKind.EXACT:  # the rounded figures are the exact ones: one object
            exact = rounded = memo.one_of(exact)
        else:  # the exact figures are in no rounded column: made one by one
            rounded = memo.one_of([options.rounding.apply(x, avg) for x in exact])
        figures.exact.update(zip(new, exact))
        figures.rounded.update(zip(new, rounded))
        figures.kind.update(dict.fromkeys(new, "result"))
    return figures


def _apply_wbf_averages(event: Event, options: ScoringOptions, t: Travellers, out: ScoredColumns) -> None:
    """Ave+ = max(60%, own % on the other boards); Ave- = min(40%, own %); from the rounded figures.

    The policy sets every Ave+ and Ave-, a mixed line's artificial side too (``420|A+``: the side given Ave+ is
    not at fault whatever the other side keeps). A pair's own percentage is what its total adds over its
    maximum on the boards where it has a result (:func:`_own_percentages`). The policy's percentage becomes
    the line's artificial score (:func:`_wbf_entries`) and its board is scored again
    (:meth:`_BoardLines.score_both`): the line's figure is then what any artificial score's is, its
    arrowswitch, procedural penalty (taken off whatever the score), reported top and rounding by the board's
    own rules; on a short board under totals that percentage of the board's own top on the line and of the
    full top in the totals. (Artificial scores are not in the results' matchpoints: no other line moves.)
    """
    seats = _Seats(event, options, t, t.column("section"), t.column("arrowswitch"))
    own = _own_percentages(seats, out)
    details = t.has_details
    for b in out.boards:
        scores = gather(t.score, b.ranges)
        changed = _wbf_entries(seats, out, b, scores, own)
        if changed:
            board = _BoardLines(t, b.ranges, scores, details, event.source, lambda i: "", b.board).score_both(
                b.expected, lines_towards_n(scores), options, out.memo)
            for change in changed:
                out.set_side(change.line, change.side, board, change.place)


@dataclass(slots=True)
class _Seats:
    """Who sat where, for the wbf policy: each line's section, and whether it was arrowswitched."""

    event: Event
    options: ScoringOptions
    t: Travellers
    sections: list[Any]
    switched: list[Any]

    def key(self, i: int, side: int) -> PairKey:
        """The key of the pair seated ``side`` (0 NS, 1 EW) on line ``i``."""
        pair, direction = (self.t.ns_pair[i], "NS") if side == 0 else (self.t.ew_pair[i], "EW")
        return pair_key(self.event, self.options, self.sections[i], pair, direction)


def _own_percentages(seats: _Seats, out: ScoredColumns) -> dict[PairKey, Fraction | None]:
    """Each pair's own percentage for the wbf policy: what its total adds over its maximum on the boards
    where it has a result (not a mixed line's artificial side: an artificial score); under ``estimate_at``
    totals a short board's figure estimated to the full top (the line's own, plain on the board's smaller
    top, is not what the ranking counts). None for a pair with no maximum."""
    own: dict[PairKey, list[Fraction]] = {}
    for b in out.boards:
        for i in b.indices():
            if out.kind[i] != "result":
                continue
            instead = out.totals.get(i, (None, None))
            given = _seated_artificial(seats.t.score[i], bool(seats.switched[i]))
            for side, mp in enumerate((out.ns_mp[i], out.ew_mp[i])):
                if given[side]:
                    continue  # a mixed line's artificial side: not a result of the pair
                tot = own.setdefault(seats.key(i, side), [Fraction(0), Fraction(0)])
                figure = instead[side] if instead[side] is not None else mp  # what the pair's total adds
                assert figure is not None  # a line with a result has figures
                tot[0] += figure
                tot[1] += b.top
    scale = seats.options.scale
    return {k: (scale.percentage(mp, most) if most else None) for k, (mp, most) in own.items()}


class _WbfSide(NamedTuple):
    """A side the wbf policy sets: the line's place on its board, its position in the columns, the side."""

    place: int
    line: int
    side: int  # 0 NS, 1 EW (seated)


def _wbf_entries(
    seats: _Seats, out: ScoredColumns, b: BoardPlace, scores: list[LineScore], own: dict[PairKey, Fraction | None]
) -> list[_WbfSide]:
    """Board ``b``'s artificial scores (``scores``, its lines' cells) with every Ave+ and Ave- set by the wbf
    policy, in place; the sides set."""
    changed: list[_WbfSide] = []
    for j, i in enumerate(b.indices()):
        entry = entry_of(scores[j]) if i in out.ave else None  # an artificial score, or a mixed line
        if not isinstance(entry, (Artificial, Mixed)):
            continue
        for k, exact in enumerate((out.ns_exact[i], out.ew_exact[i])):
            pct, kind = own.get(seats.key(i, k)), out.ave[i][k]
            if pct is None or kind not in ("plus", "minus") or exact is None:
                continue
            wbf = max(Fraction(AVE_PLUS), pct) if kind == "plus" else min(Fraction(AVE_MINUS), pct)
            # the entry's NS and EW: the seated sides' the other way round when switched
            entry = replace(entry, ns=wbf) if (k == 1) == bool(seats.switched[i]) else replace(entry, ew=wbf)
            changed.append(_WbfSide(j, i, k))
            scores[j] = entry
    return changed


def _seated_artificial(score: LineScore, switched: bool) -> tuple[bool, bool]:
    """(seated NS, seated EW): whether that pair's figure on a mixed line is its artificial score (after an
    arrowswitch, the seated NS pair holds the EW side's); (False, False) on any other line.

    >>> _seated_artificial("420|A+", False), _seated_artificial("420|A+", True), _seated_artificial(420, False)
    ((False, True), (True, False), (False, False))
    """
    if type(score) is int or score is None:
        return False, False
    entry = entry_of(score)
    if not isinstance(entry, Mixed):
        return False, False
    ns, ew = isinstance(entry.ns, Fraction), isinstance(entry.ew, Fraction)
    return (ew, ns) if switched else (ns, ew)
