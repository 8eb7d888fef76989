"""Traveller lines held column by column, and scored without an object per line.

A big results file of NS scores (a simultaneous pairs, an online tournament, a study:
whole numbers, with here and there an artificial, weighted or split score, but no
fouled groups, arrowswitches or penalties) needs no :class:`~mpxl.event.Line` per
traveller line to be matchpointed. :class:`Travellers` holds such lines as columns;
:func:`score_columns` gives every line's rounded figures, exactly the figures
:func:`mpxl.session.score_event` gives for the same lines in the same order
(tests/test_columnar.py checks it on generated events), with the work per line done
inside Python's C loops (``map``, slicing, ``set``).

It answers None when the lines need the event model: a board where a pair or a table
has two lines, a board with more results than expected, a score the board scorer
refuses. The caller then scores the event the general way, which names the problem.

>>> t = Travellers(board=[1, 1, 2, 2], ns_pair=["1", "3", "1", "3"], ew_pair=["2", "4", "4", "2"],
...                score=[420, 400, -100, None])
>>> s = score_columns(t, ScoringOptions())
>>> [(str(ns), str(ew)) for ns, ew in zip(s.ns_mp, s.ew_mp)]
[('2', '0'), ('0', '2'), ('1', '1'), ('None', 'None')]
>>> s.order
[(0, 4)]
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from .board import plain_board, score_board
from .pairings import board_ranges, boards_look_distinct, gather, two_winner_sections
from .rules import lines_towards_n
from .session import ScoringOptions, plain_figures, reported_top
from .settings import AvePolicy, EstimateAt, Field, Unplayed

__all__ = ["Travellers", "ScoredColumns", "score_columns"]

#: The classes of a plain score: a whole number, or None (not played).
_PLAIN_TYPES = frozenset({int, type(None)})


@dataclass
class Travellers:
    """Traveller lines as columns of equal length (one item per line).

    ``score`` is an NS score (int), None (not played), or an artificial, weighted or split
    score as :func:`mpxl.adjustments.parse_entry` reads it (``'A+'``, ``'30% 420 + 70% 450'``);
    ``section``, ``table`` and ``session`` may be left out (None): every line is then in
    section ``''``, at no table, in session 1, as :class:`~mpxl.event.Line`'s defaults.
    """

    board: list
    ns_pair: list
    ew_pair: list
    score: list
    section: list | None = None
    table: list | None = None
    session: list | None = None
    #: What was played, kept for the output (the scoring reads only ``score``): texts, tricks a
    #: whole number; None where not known.
    contract: list | None = None
    declarer: list | None = None
    tricks: list | None = None
    lead: list | None = None
    #: What the file's own published NS matchpoints carry (their most decimals), None when it
    #: publishes none: the conventions read it (:func:`mpxl.conventions.detect_from`), not the scoring.
    published_decimals: int | None = None

    def __post_init__(self):
        for name in ("ns_pair", "ew_pair", "score", "section", "table", "session", "contract", "declarer", "tricks",
                     "lead"):
            column = getattr(self, name)
            if column is not None and len(column) != len(self.board):
                raise ValueError(f"Travellers: {name} has {len(column)} lines, board has {len(self.board)}")

    def __len__(self) -> int:
        return len(self.board)


@dataclass
class ScoredColumns:
    """Each line's rounded NS and EW matchpoints, dictionary-encoded as a column store keeps
    them: ``figures`` holds each distinct figure once (``figures[0]`` is None, a blank line's),
    ``ns_at`` and ``ew_at`` each line's index into it. ``order`` is the (start, stop) ranges
    of lines in the order the boards are reported (by session, section and board; a board's
    lines in file order)."""

    figures: list
    ns_at: list
    ew_at: list
    order: list

    @property
    def ns_mp(self) -> list:
        """The NS figures by line (Fractions; None on a blank line)."""
        return list(map(self.figures.__getitem__, self.ns_at))

    @property
    def ew_mp(self) -> list:
        """The EW figures by line."""
        return list(map(self.figures.__getitem__, self.ew_at))


def score_columns(t: Travellers, options: ScoringOptions = ScoringOptions()) -> ScoredColumns | None:
    """Score ``t`` as :func:`~mpxl.session.score_event` scores an event of the same lines, or None
    when the event model must: a pair or a table twice on a board, too many results, a score the
    board scorer refuses, an artificial score under the WBF Ave+/Ave- rule (it needs the pairs' totals).

    Boards of plain scores take :func:`~mpxl.board.plain_board`; a board with an artificial,
    weighted or split score :func:`~mpxl.board.score_board`, as in ``score_event``.
    """
    n_lines = len(t)
    if not n_lines or options.estimate_at is not EstimateAt.LINES or options.unplayed is not Unplayed.NONE:
        return None
    boards = board_ranges(t.session, t.section, t.board)
    two_winner = two_winner_sections(t.section or [""] * n_lines, t.ns_pair, t.ew_pair)  # as the CSV reader tells
    if not boards_look_distinct(t.session, t.section, t.board, t.ns_pair, t.ew_pair, t.table, two_winner, boards):
        if all(two_winner.values()):
            return None
        # a number both NS and EW on one board: two pairs share it (the CSV reader's last rule)
        on = t.board if t.session is None else list(zip(t.session, t.board))
        two_winner = two_winner_sections(t.section or [""] * n_lines, t.ns_pair, t.ew_pair, on)
        if not boards_look_distinct(t.session, t.section, t.board, t.ns_pair, t.ew_pair, t.table, two_winner, boards):
            return None
    if options.field is Field.EVENT and t.section is not None:
        boards = board_ranges(t.session, None, t.board)

    # each board's scores and results; N per field: the most results on any board of that session and field
    scores_of = {key: gather(t.score, ranges) for key, ranges in boards.items()}
    played = {key: lines_towards_n(scores) for key, scores in scores_of.items()}
    most: dict = {}
    for (sess, sec, _board), n in played.items():
        if n >= most.get((sess, sec), 0):
            most[(sess, sec)] = n

    ns_at: list = [0] * n_lines
    ew_at: list = [0] * n_lines
    figures: list = [None]
    memo: dict = {}
    index_of: dict = {}  # (denominator, top) -> {numerator: index of its rounded figure in figures}
    order: list = []
    expected = options.expected
    all_plain = _PLAIN_TYPES.issuperset(set(map(type, t.score)))
    keys = sorted(boards) if all(type(sec) is str for _, sec, _ in boards) else sorted(
        boards, key=lambda k: (k[0], str(k[1]), k[2]))  # as score_event orders boards
    for key in keys:
        ranges, scores = boards[key], scores_of[key]
        n_expected = expected or max(most[key[:2]], 1)
        if played[key] > n_expected:
            return None
        if not all_plain and not _PLAIN_TYPES.issuperset(set(map(type, scores))):
            adjusted = _adjusted_board(scores, n_expected, options, figures)
            if adjusted is None:
                return None
            ns, ew = adjusted
        else:
            ns, ew = _plain_indices(scores, n_expected, options, memo, index_of, figures)
        if len(ranges) == 1:
            start, stop = ranges[0]
            ns_at[start:stop] = ns
            ew_at[start:stop] = ew
        else:
            done = 0
            for start, stop in ranges:
                ns_at[start:stop] = ns[done:done + stop - start]
                ew_at[start:stop] = ew[done:done + stop - start]
                done += stop - start
        order += ranges
    return ScoredColumns(figures, ns_at, ew_at, _merged(order))


def _plain_indices(scores: list, expected: int, options: ScoringOptions, memo: dict, index_of: dict,
                   figures: list) -> tuple:
    """A board of plain scores: its lines' indices into ``figures`` (NS, EW), by the integer fast path."""
    ns, ew, D, board_top = plain_board(scores, expected, options.method, options.scale)
    try:
        at = index_of[(D, board_top)].__getitem__
        return list(map(at, ns)), list(map(at, ew))
    except KeyError:  # figures not met before on a board of this denominator and top
        indices = index_of.setdefault((D, board_top), {None: 0})
        for num, figure in plain_figures(memo, D, board_top, {*ns, *ew}, options)[1].items():
            if num not in indices:
                indices[num] = len(figures)
                figures.append(figure)
        return list(map(indices.__getitem__, ns)), list(map(indices.__getitem__, ew))


def _adjusted_board(scores: list, expected: int, options: ScoringOptions, figures: list) -> tuple | None:
    """A board with an artificial, weighted or split score: its lines' indices into ``figures``,
    scored by :func:`~mpxl.board.score_board` and rounded as ``score_event`` rounds it; None where
    the event model must (a score it refuses; the WBF Ave+/Ave- rule, which needs the pairs' totals)."""
    try:
        res = score_board(scores, expected=expected, method=options.method, scale=options.scale,
                          small_groups=options.small_groups)
    except ValueError:
        return None
    wbf = options.ave_policy is not AvePolicy.FIXED
    if wbf and any(lr.kind == "artificial" and {lr.ns_ave, lr.ew_ave} & {"plus", "minus"} for lr in res.lines):
        return None  # Ave+ / Ave- may become the pair's own percentage: the event model knows the pairs
    top, factor = reported_top(res.top, options)
    average = Fraction(top, 2)
    out: tuple = ([], [])
    for lr in res.lines:
        for side, mp in zip(out, (lr.ns_mp, lr.ew_mp)):
            if mp is None:
                side.append(0)
                continue
            side.append(len(figures))
            figures.append(options.rounding.apply(mp if factor is None else mp * factor, average))
    return out


def _merged(ranges: list) -> list:
    """Adjacent ranges joined: [(0, 2), (2, 5)] -> [(0, 5)]."""
    out: list = []
    for start, stop in ranges:
        if out and out[-1][1] == start:
            out[-1] = (out[-1][0], stop)
        else:
            out.append((start, stop))
    return out
