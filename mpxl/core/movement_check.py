"""Any movement checked against the rules, and how balanced it is (no I/O): for a schedule read from a file
(:mod:`mpxl.formats.movement_file`) or changed during the evening (:mod:`mpxl.core.changes`).

The rules, each named with the round and table that breaks it:

- **no pair at two tables** in one round;
- **no board twice to a pair**;
- **no board at two tables at once**, unless they **share** it: both tables play the same boards that round
  (they pass them across, as a share-and-relay Mitchell or a 2-table Howell does);
- **every board played equally often** (a sit-out's table counted: it holds the boards that round).

The balance is the spread of the comparisons: for each two pairs of one field (one winner: every pair; two:
the NS pairs, and the EW pairs), the boards both play in the same direction at different tables, i.e. how
often their scores are compared; the spread is the most minus the fewest. A Mitchell's is 0; the complete
Howells mpxl offers are within 2 board sets.

>>> from mpxl.core.movement import movement
>>> breaks(movement("howell", 4, boards_per_round=2)), balance(movement("howell", 4, boards_per_round=2))
([], Balance(fewest=6, most=6, unit=2))
>>> str(balance(movement("howell", 5, boards_per_round=2)))
'comparisons: each two pairs compared on 6 to 10 boards (3 to 5 sets of 2; spread 2 sets)'
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from itertools import combinations

from .movement import Movement, Row, board_ranges

__all__ = ["Break", "Balance", "breaks", "balance", "check"]


@dataclass(frozen=True)
class Break:
    """A rule the schedule breaks, where: its round and table (0 when it is the whole movement's)."""

    round: int
    table: int
    rule: str
    what: str

    def __str__(self) -> str:
        place = ", ".join(x for x in (f"round {self.round}" if self.round else "",
                                      f"table {self.table}" if self.table else "") if x)
        return f"{place + ': ' if place else ''}{self.rule}: {self.what}"


@dataclass(frozen=True)
class Balance:
    """The fewest and the most boards any two pairs of one field are compared on; ``unit`` the boards of a
    set (a round's boards, when every round plays as many: 0 when they differ)."""

    fewest: int
    most: int
    unit: int

    @property
    def spread(self) -> int:
        """The most minus the fewest."""
        return self.most - self.fewest

    def __str__(self) -> str:
        text = f"comparisons: each two pairs compared on {self.fewest} to {self.most} boards"
        if self.fewest == self.most:
            text = f"comparisons: each two pairs compared on {self.most} boards"
        if self.unit > 1 and not (self.fewest % self.unit or self.most % self.unit):
            sets = (f"{self.fewest // self.unit} to {self.most // self.unit}" if self.spread
                    else str(self.most // self.unit))
            spread = f"{self.spread // self.unit} sets" if self.spread else "0"
            return f"{text} ({sets} sets of {self.unit}; spread {spread})"
        return f"{text} (spread {self.spread})"


def _keys(m: Movement, row: Row) -> list[tuple[str, str]]:
    """The row's pairs present as (pair key, direction): NS 1 and EW 1 two pairs with two winners."""
    out = []
    for pair, side in ((row.ns, "NS"), (row.ew, "EW")):
        if pair:
            out.append((f"{side} {pair}" if m.winners == 2 else f"pair {pair}", side))
    return out


def breaks(m: Movement) -> list[Break]:
    """Every rule ``m`` breaks (see the module's docstring), in round and table order, the boards' count last.

    >>> from mpxl.core.movement import Movement, Row
    >>> bad = Movement("custom", 2, 2, 1, 1, (Row(1, 1, "1", "2", (1,)), Row(1, 2, "3", "1", (2,)),
    ...                                        Row(2, 1, "1", "3", (1,)), Row(2, 2, "4", "5", (1, 2))))
    >>> for b in breaks(bad): print(b)
    round 1, table 2: no pair at two tables: pair 1 is at table 1 too
    round 2, table 1: no board twice to a pair: pair 1 played board 1 in round 1, table 1
    round 2, table 2: no board at two tables at once: board 1 is at table 1 too (and the tables do not share \
their boards)
    every board played equally often: board 1 is played 3 times, board 2 is played 2 times
    """
    out: list[Break] = []
    at: dict[tuple[int, str], int] = {}
    played: dict[tuple[str, int], Row] = {}
    board_at: dict[tuple[int, int], Row] = {}
    for row in sorted(m.rows, key=lambda r: (r.round, r.table)):
        for pair, _ in _keys(m, row):
            other = at.setdefault((row.round, pair), row.table)
            if other != row.table:
                out.append(Break(row.round, row.table, "no pair at two tables", f"{pair} is at table {other} too"))
            for b in row.boards:
                before = played.setdefault((pair, b), row)
                if before is not row and before.round != row.round:
                    out.append(Break(row.round, row.table, "no board twice to a pair",
                                     f"{pair} played board {b} in round {before.round}, table {before.table}"))
        for b in row.boards:
            first = board_at.setdefault((row.round, b), row)
            if first is not row and set(first.boards) != set(row.boards):
                out.append(Break(row.round, row.table, "no board at two tables at once",
                                 f"board {b} is at table {first.table} too (and the tables do not share their "
                                 "boards)"))
    first_at: dict[tuple[int, frozenset[int]], int] = {}
    for row in m.rows:  # a board set two tables share is counted once, at the first of them
        k = (row.round, frozenset(row.boards))
        first_at[k] = min(first_at.get(k, row.table), row.table)
    times = Counter(b for row in m.rows if first_at[(row.round, frozenset(row.boards))] == row.table
                    for b in row.boards)
    if len(set(times.values())) > 1:
        by: dict[int, list[int]] = {}
        for b, n in times.items():
            by.setdefault(n, []).append(b)
        parts = [f"board{'s' * (len(by[n]) > 1)} {board_ranges(by[n])} {'are' if len(by[n]) > 1 else 'is'} played "
                 f"{n} time{'s' * (n != 1)}" for n in sorted(by, reverse=True)]
        out.append(Break(0, 0, "every board played equally often", ", ".join(parts)))
    return out


def balance(m: Movement) -> Balance:
    """How evenly ``m`` compares its pairs (see the module's docstring)."""
    seats: dict[str, dict[int, tuple[str, int, int]]] = {}
    for row in m.rows:
        for pair, side in _keys(m, row):
            for b in row.boards:
                seats.setdefault(pair, {})[b] = (side, row.table, row.round)
    counts = []
    for a, z in combinations(sorted(seats), 2):
        if m.winners == 2 and a.split()[0] != z.split()[0]:
            continue  # NS and EW are ranked apart: never compared
        sa, sz = seats[a], seats[z]
        counts.append(sum(1 for b, (d, t, r) in sa.items() if b in sz and sz[b][0] == d and sz[b][1:] != (t, r)))
    sizes = {len(r.boards) for r in m.rows if r.boards}
    unit = sizes.pop() if len(sizes) == 1 else 0
    return Balance(min(counts, default=0), max(counts, default=0), unit)


def check(m: Movement, source: str = "the movement") -> Movement:
    """``m`` when it holds every rule, else a one-line ValueError naming ``source``, the first break's round and
    table and its rule (and how many more there are)."""
    found = breaks(m)
    if found:
        more = f" (and {len(found) - 1} more)" if len(found) > 1 else ""
        raise ValueError(f"{source}: {found[0]}{more}")
    return m
