"""Score a whole event: every board, every pair's total, percentage and place.

:func:`score_event` takes an :class:`~mpxl.core.event.Event` (from a reader or a
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
   (the WBF policy: Ave+ = max(60%, own), Ave- = min(40%, own));
5. places share ties (``3=``); two-winner fields rank NS and EW apart.

Several sessions (``Line.session``) add up: a pair's total is the sum over its
sessions, its percentage the total over the sum of its maxima. ``factor_top``
factors every board to a fixed top first (carry-forward between sections with
different tops).

The work is in modules of their own: :mod:`mpxl.core.options` (how to score), :mod:`mpxl.core.scorer` (the
one scorer, the lines' figures as columns), :mod:`mpxl.core.ranking` (totals, percentages, places); the
``--json`` document is written by :mod:`mpxl.formats.jsonout`, beside the other writers. This module
puts them together: :func:`score_event` and the :class:`SessionResult` it gives.

>>> from mpxl.core.event import Event, Line
>>> ev = Event(lines=[Line(1, "1", "2", score=420), Line(1, "3", "4", score=400),
...                   Line(2, "1", "4", score=-100), Line(2, "3", "2", score="A+")])
>>> r = score_event(ev)
>>> [(p.pair.number, float(p.mp), float(p.percentage), p.place) for p in r.pairs]
[('1', 3.0, 75.0, '1='), ('4', 3.0, 75.0, '1='), ('3', 1.2, 30.0, '3'), ('2', 0.8, 20.0, '4')]
>>> [(float(sl.ns_mp), float(sl.ew_mp)) for sl in r.boards[1].lines]
[(1.0, 1.0), (1.2, 0.8)]
"""

from __future__ import annotations

from typing import Any

from .adjustments import entry_of
from .errors import UserError
from .event import SCORED_COLUMNS, Event, Travellers
from .options import ScoringOptions, field_of, settings_of
from .pairings import check_duplicates
from .ranking import PairResult, pair_results
from .scorer import ScoredBoard, ScoredColumns, ScoredLine, score_columns
from .settings import Field

__all__ = [
    "SessionResult",
    "score_event",
    "settings_of",
    # documented here before the split (docs/events.md): their homes are mpxl.core.options and mpxl.core.scorer
    "ScoringOptions",
    "score_columns",
]



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
            self._pairs = pair_results(self)
        return self._pairs

    @pairs.setter
    def pairs(self, pairs: list[PairResult] | None) -> None:
        self._pairs = pairs

    @property
    def field(self) -> Field:
        """How the boards were compared (:func:`~mpxl.core.options.field_of`: the options', else the file's)."""
        return field_of(self.event, self.options)

    def pair(self, number: str, section: str = "", direction: str | None = None) -> PairResult:
        """The result of one pair.

        >>> from mpxl.core.event import Event, Line
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


def _check_lines(event: Event) -> None:
    for ln in event.lines:
        if ln.score is None or type(ln.score) is int:  # a plain score always parses
            continue
        try:
            entry_of(ln.score)  # the score read with the line: its parse's refusal, if any
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
