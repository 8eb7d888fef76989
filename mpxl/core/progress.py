"""How far an evening has come: each board's results so far against the times its movement plays it.

While results arrive from the tables (``mpxl score night.bws --watch``), a board has fewer results than
it will have. Its N (the results its matchpoints are estimated to) is then the whole evening's: the most
times the movement plays any board of the field (:func:`field_most`, which the scorer takes as the field's
N when the file knows its movement, :attr:`mpxl.core.event.Event.plays`), never the most results any
board has so far. :func:`progress` says which boards are not complete yet, for the page to mark its
standings provisional. A board counts an entry for each table that sent one: a result, an artificial
score, a board not played, a score the director has still to decide.

>>> from mpxl.core.event import Event, Line
>>> ev = Event(lines=[Line(1, "1", "2", score=420), Line(1, "3", "4", score=400), Line(2, "1", "4", score=-50)],
...            plays={(1, "", 1): 3, (1, "", 2): 3, (1, "", 3): 3}, live=True)
>>> p = progress(ev)
>>> p.results, p.plays, p.provisional, [(b.board, b.results, b.plays) for b in p.short]
(3, 9, True, [(1, 2, 3), (2, 1, 3), (3, 0, 3)])
>>> field_most(ev.plays)
{(1, ''): 3}
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from .event import Event, LineScore
from .pairings import gather
from .rules import lines_towards_n

__all__ = ["BoardProgress", "Progress", "progress", "field_plays", "field_most", "PlaysKey", "entries_towards_n"]

#: (session, section, board): a board of a field ('' for the section when boards are compared across the field).
PlaysKey = tuple[int, str, int]


@dataclass(frozen=True)
class BoardProgress:
    """One board of the movement: the entries its tables sent so far, and the times the movement plays it."""

    session: int
    section: str  # '' when boards are compared across the field
    board: int
    results: int
    plays: int

    @property
    def complete(self) -> bool:
        """Every table the movement plays it at has sent its entry.

        >>> BoardProgress(1, "", 7, 3, 6).complete, BoardProgress(1, "", 7, 6, 6).complete
        (False, True)
        """
        return self.results >= self.plays


@dataclass(frozen=True)
class Progress:
    """Every board of the movement, in order (session, section, board), with its entries so far."""

    boards: tuple[BoardProgress, ...]

    @property
    def results(self) -> int:
        """The entries in so far, each counted at most as often as its board is played."""
        return sum(min(b.results, b.plays) for b in self.boards)

    @property
    def plays(self) -> int:
        """The entries the evening will have: every play of every board."""
        return sum(b.plays for b in self.boards)

    @property
    def short(self) -> list[BoardProgress]:
        """The boards not complete yet (one not played yet by anyone too)."""
        return [b for b in self.boards if not b.complete]

    @property
    def provisional(self) -> bool:
        """Whether a board has still to get an entry: the standings may change."""
        return bool(self.short)


def field_plays(plays: Mapping[PlaysKey, int], across: bool = False) -> dict[PlaysKey, int]:
    """The plays of each board of a field: as the movement gives them, section by section, or (``across``: boards
    compared across the field) each board's plays in every section added up, under section ''.

    >>> field_plays({(1, "A", 1): 3, (1, "B", 1): 2, (1, "B", 2): 2}, across=True)
    {(1, '', 1): 5, (1, '', 2): 2}
    """
    if not across:
        return dict(plays)
    out: dict[PlaysKey, int] = {}
    for (session, _section, board), n in plays.items():
        out[(session, "", board)] = out.get((session, "", board), 0) + n
    return out


def field_most(plays: Mapping[PlaysKey, int], across: bool = False) -> dict[tuple[int, str], int]:
    """(session, section) -> the most times the movement plays any board of that field: the field's N once every
    result is in (the rule the scorer applies to the results: :func:`mpxl.core.scorer.score_columns`).

    >>> field_most({(1, "A", 1): 3, (1, "A", 2): 2, (1, "B", 1): 2})
    {(1, 'A'): 3, (1, 'B'): 2}
    """
    most: dict[tuple[int, str], int] = {}
    for (session, section, _board), n in field_plays(plays, across).items():
        most[(session, section)] = max(most.get((session, section), 0), n)
    return most


def progress(event: Event, across: bool = False) -> Progress | None:
    """Each board of ``event``'s movement with the entries its tables sent so far (``across``: boards compared
    across the field, the sections' plays added up); None when the movement's plays are not known
    (:attr:`mpxl.core.event.Event.plays` empty) or the results are not arriving (not
    :attr:`mpxl.core.event.Event.live`: a file scored once is what it holds). A board with entries the movement
    does not have keeps its entries (the movement's plays are then its N's floor, not its count)."""
    if not event.plays or not event.live:
        return None
    plays = field_plays(event.plays, across)
    results: dict[PlaysKey, int] = {}
    for ln in event.lines:
        key = (ln.session, "" if across else ln.section, ln.board)
        results[key] = results.get(key, 0) + 1
    keys = sorted(set(plays) | {k for k in results if k[:2] in {p[:2] for p in plays}},
                  key=lambda k: (k[0], str(k[1]), k[2]))
    return Progress(tuple(BoardProgress(s, sec, b, results.get((s, sec, b), 0), plays.get((s, sec, b), 0))
                          for s, sec, b in keys))


def entries_towards_n(scores: list[LineScore], ranges: Sequence[range]) -> int:
    """How many of a board's lines (at ``ranges`` of the column ``scores``) count towards N: the rule the scorer
    takes the most of when the movement is not known (:func:`mpxl.core.rules.lines_towards_n`).

    >>> entries_towards_n([420, None, "NP", 50], [range(0, 3)])
    2
    """
    board: list[LineScore] = gather(scores, ranges)
    return lines_towards_n(board)
