"""Any movement checked against the rules, and how balanced it is (no I/O): the one check of a schedule,
for the movements mpxl builds (:mod:`mpxl.core.movement`, :mod:`mpxl.core.movement_kinds`), one read from a
file (:mod:`mpxl.formats.movement_file`) or changed during the evening (:mod:`mpxl.core.changes`).

The rules (:data:`RULES`), each broken one named with the round and table that breaks it:

- **no pair at two tables** in one round;
- **no board twice to a pair**;
- **no board at two tables at once**, unless they **share** it: the rows name each other (``shares``) and
  play the same boards that round (they pass them across, as a share-and-relay Mitchell or a 2-table Howell
  does; a movement read from a file shares where two tables of a round play the same boards);
- **every board played equally often** (each table that holds it that round counted, a sit-out's too:
  it holds the boards), the boards numbered 1 to the highest;
- **no two pairs meet twice** (two winners: an NS pair and an EW pair);
- **every pair meets every other**, in a complete Howell (its 2T-1 rounds; a late pair excused).

The movements mpxl builds hold all six; a movement read from a file the first four (:data:`ANY_FILE`: a club's
movement may have two pairs meet twice, as the shared 12-table arbitral ``.bws`` does in its last round); one
changed during the evening the first three (:data:`AFTER_A_CHANGE`: a pair leaving, or a board not replayed
after a swap, plays some boards fewer times and leaves some pairs unmet).

The balance is the spread of the comparisons: for each two pairs of one field (one winner: every pair; two:
the NS pairs, and the EW pairs), the boards both play (with opponents) in the same direction at different
tables, i.e. how often their scores are compared; the spread is the most minus the fewest. A Mitchell's is 0;
the complete Howells mpxl offers are within 2 board sets.

>>> from mpxl.core.movement import movement
>>> breaks(movement("howell", 4, boards_per_round=2)), balance(movement("howell", 4, boards_per_round=2))
([], Balance(fewest=6, most=6, unit=2))
>>> str(balance(movement("howell", 5, boards_per_round=2)))
'comparisons: each two pairs compared on 6 to 10 boards (3 to 5 sets of 2; spread 2 sets)'
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Collection
from dataclasses import dataclass
from itertools import combinations

from .schedule import Movement, Row, board_ranges

__all__ = ["RULES", "ANY_FILE", "AFTER_A_CHANGE", "Break", "Balance", "breaks", "comparisons", "balance", "check"]

#: The rules, as each :class:`Break` names the one it breaks.
RULES = ("no pair at two tables", "no board twice to a pair", "no board at two tables at once",
         "every board played equally often", "no two pairs meet twice", "every pair meets every other")
#: The rules any movement read from a file holds (see the module's docstring).
ANY_FILE = RULES[:4]
#: The rules a movement changed during the evening still holds (:mod:`mpxl.core.changes`).
AFTER_A_CHANGE = RULES[:3]


@dataclass(frozen=True)
class Break:
    """A rule the schedule breaks, where: its round and table (0 when it is the whole movement's)."""

    round: int
    table: int
    rule: str
    what: str

    @property
    def place(self) -> str:
        """``round 2, table 3``, ``round 2`` or "" (the whole movement)."""
        return ", ".join(x for x in (f"round {self.round}" if self.round else "",
                                     f"table {self.table}" if self.table else "") if x)

    def __str__(self) -> str:
        return f"{self.place + ': ' if self.place else ''}{self.rule}: {self.what}"


@dataclass(frozen=True)
class Balance:
    """The fewest and the most boards any two pairs of one field are compared on; ``unit`` the boards of a
    set (a round's boards, when every round plays as many: 0 when they differ)."""

    fewest: int
    most: int
    unit: int

    @property
    def spread(self) -> int:
        """The most minus the fewest (in boards)."""
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


def _times(n: int) -> str:
    return f"{n} time{'s' * (n != 1)}"


def breaks(m: Movement, rules: Collection[str] = RULES) -> list[Break]:
    """Every one of ``rules`` (:data:`RULES`) that ``m`` breaks, in round and table order, the whole movement's
    last (see the module's docstring).

    >>> from mpxl.core.movement import Movement, Row
    >>> bad = Movement("custom", 2, 2, 1, 1, (Row(1, 1, "1", "2", (1,)), Row(1, 2, "3", "1", (2,)),
    ...                                        Row(2, 1, "1", "3", (1,)), Row(2, 2, "4", "5", (1, 2))))
    >>> for b in breaks(bad): print(b)
    round 1, table 2: no pair at two tables: pair 1 is at table 1 too
    round 2, table 1: no board twice to a pair: pair 1 played board 1 in round 1, table 1
    round 2, table 1: no two pairs meet twice: pair 1 and pair 3 met in round 1, table 2
    round 2, table 2: no board at two tables at once: board 1 is at table 1 too (and the tables do not share \
their boards)
    every board played equally often: board 1 is played 3 times, board 2 is played 2 times
    >>> [b.rule for b in breaks(bad, ANY_FILE)].count("no two pairs meet twice")
    0
    """
    out: list[Break] = []
    at: dict[tuple[int, str], int] = {}
    played: dict[tuple[str, int], Row] = {}
    board_at: dict[tuple[int, int], Row] = {}
    met: dict[frozenset[str], Row] = {}
    for row in sorted(m.rows, key=lambda r: (r.round, r.table)):
        keys = [pair for pair, _ in _keys(m, row)]
        for pair in keys:
            other = at.setdefault((row.round, pair), row.table)
            if other != row.table:
                out.append(Break(row.round, row.table, RULES[0], f"{pair} is at table {other} too"))
            for b in row.boards:
                before = played.setdefault((pair, b), row)
                if before is not row and before.round != row.round:
                    out.append(Break(row.round, row.table, RULES[1],
                                     f"{pair} played board {b} in round {before.round}, table {before.table}"))
        if len(keys) == 2:
            first_met = met.setdefault(frozenset(keys), row)
            if first_met is not row:
                out.append(Break(row.round, row.table, RULES[4], f"{' and '.join(keys)} met in round "
                                 f"{first_met.round}, table {first_met.table}"))
        for b in row.boards:
            first = board_at.setdefault((row.round, b), row)
            if first is not row and not _share(first, row):
                why = ("the rows do not name each other as sharing" if set(first.boards) == set(row.boards)
                       else "and the tables do not share their boards")
                out.append(Break(row.round, row.table, RULES[2], f"board {b} is at table {first.table} too ({why})"))
    times = Counter(b for row in m.rows for b in row.boards)
    unplayed = sorted(set(range(1, max(times, default=0) + 1)) - set(times))
    if len(set(times.values())) > 1 or unplayed:
        by: dict[int, list[int]] = {}
        for b, n in times.items():
            by.setdefault(n, []).append(b)
        parts = [f"board{'s' * (len(by[n]) > 1)} {board_ranges(by[n])} {'are' if len(by[n]) > 1 else 'is'} played "
                 f"{_times(n)}" for n in sorted(by, reverse=True)]
        parts += [f"board{'s' * (len(unplayed) > 1)} {board_ranges(unplayed)} never"] if unplayed else []
        out.append(Break(0, 0, RULES[3], ", ".join(parts)))
    if m.kind == "howell" and m.rounds == 2 * m.tables - 1:
        present = {k for row in m.rows if row.round == 1 for k, _ in _keys(m, row)}  # a late pair excused
        unmet = [f"{a} and {z}" for a, z in combinations(sorted(present, key=lambda k: int(k.split()[-1])), 2)
                 if frozenset((a, z)) not in met]
        if unmet:
            out.append(Break(0, 0, RULES[5], f"{unmet[0]} never meet" + (f" (and {len(unmet) - 1} more two)"
                                                                        if len(unmet) > 1 else "")))
    return [b for b in out if b.rule in rules]


def _share(a: Row, b: Row) -> bool:
    """Whether rows ``a`` and ``b`` of one round share their boards: each names the other, the same boards."""
    return b.table in a.shares and a.table in b.shares and set(a.boards) == set(b.boards)


def comparisons(m: Movement) -> dict[tuple[str, str], int]:
    """For each two pairs of one field (keys as the breaks name them: ``pair 3``, or ``NS 3`` with two
    winners), the boards both play against opponents in the same direction at different tables: how often
    their scores are compared.

    >>> from mpxl.core.movement import movement
    >>> c = comparisons(movement("howell", 4, boards_per_round=1))
    >>> len(c), min(c.values()), max(c.values())
    (28, 3, 3)
    """
    seats: dict[str, dict[int, tuple[str, int, int]]] = {}
    for row in m.rows:
        keys = _keys(m, row)
        for pair, side in keys if len(keys) == 2 else ():  # against a sit-out: no score, nothing compared
            for b in row.boards:
                seats.setdefault(pair, {})[b] = (side, row.table, row.round)
    out: dict[tuple[str, str], int] = {}
    for a, z in combinations(sorted(seats, key=lambda k: (k.split()[0], int(k.split()[-1]))), 2):
        if m.winners == 2 and a.split()[0] != z.split()[0]:
            continue  # NS and EW are ranked apart: never compared
        sa, sz = seats[a], seats[z]
        out[(a, z)] = sum(1 for b, (d, t, r) in sa.items() if b in sz and sz[b][0] == d and sz[b][1:] != (t, r))
    return out


def balance(m: Movement) -> Balance:
    """How evenly ``m`` compares its pairs (see the module's docstring)."""
    counts = comparisons(m).values()
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
