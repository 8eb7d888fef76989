"""A movement's schedule as data (:class:`Row`, :class:`Movement`) and the small rules every kind of
movement builds with: a count within its bounds, a missing pair, a board set, the boards played
unequally. The kinds are built in :mod:`mpxl.core.movement` and :mod:`mpxl.core.movement_kinds`.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from .numbers import whole
from .words import counted

__all__ = ["MAX_BOARDS", "Row", "Movement", "by_number", "count_in_range", "boards_per_round_of", "one_missing",
           "only_whole", "board_set", "board_ranges", "played_unequally"]

#: The most boards a movement holds (as the template: ``mpxl template --boards``).
MAX_BOARDS = 120


@dataclass(frozen=True)
class Row:
    """One table in one round: its NS and EW pairs (None: a sit-out) and the boards it plays;
    ``shares``: the other tables playing the same boards in that round (passed between them)."""

    round: int
    table: int
    ns: str | None
    ew: str | None
    boards: tuple[int, ...]
    shares: tuple[int, ...] = ()


@dataclass(frozen=True)
class Movement:
    """A schedule: ``rows`` in round then table order; ``note`` says what a director needs to know
    (a skip, a relay of boards, a sit-out); ``copies``: how many copies of each board are dealt (a web
    Mitchell's tables that play the same boards in a round each have their own copy; otherwise they
    share one)."""

    kind: str
    tables: int
    rounds: int
    boards_per_round: int
    winners: int
    rows: tuple[Row, ...]
    note: str = ""
    copies: int = 1

    @property
    def boards(self) -> int:
        """The number of boards (the highest board number: boards are numbered from 1)."""
        return max(b for r in self.rows for b in r.boards)

    @property
    def title(self) -> str:
        """The movement in a few words.

        >>> from mpxl.core.movement import movement
        >>> movement("mitchell", 7).title
        'Mitchell, 7 tables, 7 rounds of 4 boards (28 boards), two winners'
        >>> movement("mitchell", 5, boards_per_round=1).title
        'Mitchell, 5 tables, 5 rounds of 1 board (5 boards), two winners'
        """
        winners = "one winner" if self.winners == 1 else "two winners"
        names = {"relay": "Share-and-relay Mitchell", "three-quarter": "Three-quarter Howell"}
        name = names.get(self.kind, self.kind.capitalize())
        return (f"{name}, {counted(self.tables, 'table')}, {counted(self.rounds, 'round')} of "
                f"{counted(self.boards_per_round, 'board')} ({counted(self.boards, 'board')}), {winners}")

    def pairs(self) -> list[tuple[str, str | None]]:
        """Every pair present, as (number, direction): with two winners NS 1.. then EW 1..; with one,
        the pairs in number order with no direction.

        >>> from mpxl.core.movement import movement
        >>> movement("howell", 4, pairs=7).pairs()[-1]
        ('7', None)
        """
        if self.winners == 2:
            ns: list[tuple[str, str | None]] = [(p, "NS") for p in by_number({r.ns for r in self.rows if r.ns})]
            return (ns + [(p, "EW") for p in by_number({r.ew for r in self.rows if r.ew})])
        return [(p, None) for p in by_number({x for r in self.rows for x in (r.ns, r.ew) if x})]

    def board_tables(self) -> dict[int, list[Row]]:
        """Each board and the rows that play it, in the order they play it (round order)."""
        out: dict[int, list[Row]] = {}
        for row in self.rows:
            for b in row.boards:
                out.setdefault(b, []).append(row)
        return dict(sorted(out.items()))

    def to_json(self) -> dict[str, Any]:
        """The schedule in the form ``mpxl movement --json`` prints (``copies`` only when more than 1)."""
        out = {"movement": self.kind, "tables": self.tables, "rounds": self.rounds,
               "boards_per_round": self.boards_per_round, "winners": self.winners}
        return out | ({"copies": self.copies} if self.copies > 1 else {}) | {"rows": [_row_json(r) for r in self.rows]}


def _row_json(r: Row) -> dict[str, Any]:
    """A row as ``--json`` prints it: ``shares`` only where the row shares its boards."""
    out: dict[str, Any] = {"round": r.round, "table": r.table, "ns": r.ns, "ew": r.ew, "boards": list(r.boards)}
    if r.shares:
        out["shares"] = list(r.shares)
    return out


def by_number(pairs: Iterable[str]) -> list[str]:
    """Pair numbers in number order."""
    return sorted(pairs, key=int)


def count_in_range(value: int | str, flag: str, low: int, high: int, context: str = "", offered: str = "") -> int:
    """``value`` as a whole number from ``low`` to ``high``, else a one-line ValueError.

    >>> count_in_range(9, "--rounds", 1, 7, " for a 7-table mitchell")
    Traceback (most recent call last):
    ValueError: --rounds 9 for a 7-table mitchell: expected 1 to 7
    """
    n = whole(value, flag)
    if not low <= n <= high:
        raise ValueError(f"{flag} {n}{context}: expected {low} to {high}{offered}")
    return n


def boards_per_round_of(value: int | None, sets: int) -> int:
    """The boards of a round: as asked, else about 26 boards in all (2 to 4 a round)."""
    if value is None:
        return min(4, max(2, round(26 / sets)))
    high = MAX_BOARDS // sets
    return count_in_range(value, "--boards-per-round", 1, high,
                          f" ({sets} sets of boards, at most {MAX_BOARDS} boards)")


def one_missing(pairs: int | None, tables: int) -> bool:
    """Whether one pair is missing (``pairs`` is 2T-1); refuses any other number but 2T."""
    if pairs is None:
        return False
    n = count_in_range(pairs, "--pairs", 2 * tables - 1, 2 * tables, f" for {tables} tables",
               f" ({2 * tables - 1}: one pair sits out each round)")
    return n == 2 * tables - 1


def board_set(start: int, boards_per_round: int) -> tuple[int, ...]:
    """The boards of set ``start`` (from 0), ``boards_per_round`` a set, numbered from 1."""
    return tuple(range(start * boards_per_round + 1, (start + 1) * boards_per_round + 1))


def board_ranges(boards: Iterable[int]) -> str:
    """Board numbers as runs: ``1-4, 9, 11-12``.

    >>> board_ranges([12, 1, 2, 3, 4, 9, 11])
    '1-4, 9, 11-12'
    """
    runs: list[list[int]] = []
    for b in sorted(set(boards)):
        if runs and b == runs[-1][1] + 1:
            runs[-1][1] = b
        else:
            runs.append([b, b])
    return ", ".join(str(a) if a == z else f"{a}-{z}" for a, z in runs)


def played_unequally(rows: Iterable[Row]) -> str:
    """A note naming the boards played fewer times than the others (a sit-out's table does not play
    its boards), or "" when every board is played equally often.

    >>> from mpxl.core.movement import mitchell
    >>> played_unequally(mitchell(7, 4, rounds=4, pairs=13).rows)
    'boards 5-8, 13-16, 21-28 are played 3 times, the others (1-4, 9-12, 17-20) 4 times'
    >>> played_unequally(mitchell(7, 4, rounds=4).rows)
    ''
    """
    played: Counter[int] = Counter()
    for row in rows:
        for b in row.boards:
            played[b] += 1 if row.ns and row.ew else 0
    by_times: dict[int, list[int]] = {}
    for b, n in played.items():
        by_times.setdefault(n, []).append(b)
    if len(by_times) < 2:
        return ""
    *fewer, most = sorted(by_times)
    parts = [f"{'board' if len(by_times[n]) == 1 else 'boards'} {board_ranges(by_times[n])} "
             f"{'is' if len(by_times[n]) == 1 else 'are'} played {n} time{'s' * (n != 1)}" for n in fewer]
    return f"{', '.join(parts)}, the others ({board_ranges(by_times[most])}) {most} times"


def only_whole(rounds: int | None, full: int, what: str) -> None:
    """Refuses ``--rounds`` other than the ``full`` rounds of a movement that is played only whole."""
    if rounds is not None and whole(rounds, "--rounds") != full:
        raise ValueError(f"--rounds {rounds} for {what}: it plays {full} rounds (its boards are played "
                         f"equally often only whole)")
