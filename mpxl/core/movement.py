"""Movements: who sits where, and which boards each table plays, round by round (no I/O).

* **Mitchell** (two winners): NS pair *t* stays at table *t*, the EW pairs move up a table and
  the boards down a table each round. With an even number of tables the EW pairs **skip** a table
  after half the rounds (so an NS pair never meets an EW pair twice); a skip Mitchell has one round
  fewer than it has tables. ``arrowswitch``: in the last rounds the pairs turn the boards (the EW
  pair sits NS), which makes one winner; the EW pairs are then numbered T+1..2T.
* **Howell** (one winner), complete: every pair meets every other once in 2T-1 rounds. Pair 2T
  stays at table 1 NS, the others move round a cycle; the 2T-1 board sets move with them (T-1 of
  them rest on a relay each round). Each table's starting layout is a starter-adder of a Room
  square of side 2T-1 (none exists for sides 3 and 5: the Howells of 2 and 3 tables share boards,
  :mod:`mpxl.core.movement_kinds`) whose
  directions were chosen so that any two pairs play the same board in the same direction a nearly
  equal number of times: :data:`HOWELL_STARTS` was found by ``bench/howell_search.py`` and is
  verified by the tests (:func:`mpxl.core.movement_check.breaks`, :func:`~mpxl.core.movement_check.comparisons`).
* ``rounds``: a Mitchell cut short (every board still played equally often). A Howell cut short
  keeps the complete one's meetings of its first R rounds (no two pairs meet twice) but plays boards
  of its own, S sets each played T*R/S times (the complete Howell's sets, cut short, would be played
  unequally): :data:`mpxl.core.howell_rounds.HOWELL_ROUNDS`, searched and verified like the complete ones.
  ``pairs`` one fewer than 2T: the highest pair number is missing and its opponents sit out
  (``None`` in its place).

>>> m = movement("mitchell", 3, boards_per_round=2)
>>> m.rounds, m.winners, m.rows[0]
(3, 2, Row(round=1, table=1, ns='1', ew='1', boards=(1, 2), shares=()))
>>> [(r.table, r.ew, r.boards) for r in m.rows if r.round == 2]
[(1, '3', (3, 4)), (2, '1', (5, 6)), (3, '2', (1, 2))]
>>> from mpxl.core.movement_check import breaks
>>> breaks(m), breaks(movement("howell", 4))
([], [])
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import replace

from . import movement_kinds, slips
from .howell_rounds import ALPHABET, HOWELL_ROUNDS
from .movement_kinds import SMALL_HOWELLS, small_howell
from .numbers import whole
from .schedule import (
    MAX_BOARDS,
    Movement,
    Row,
    board_ranges,
    board_set,
    boards_per_round_of,
    count_in_range,
    one_missing,
    only_whole,
    played_unequally,
)
from .words import an

__all__ = [
    "KINDS",
    "MAX_BOARDS",
    "MITCHELL_TABLES",
    "HOWELL_TABLES",
    "HOWELL_STARTS",
    "Row",
    "Movement",
    "movement",
    "mitchell",
    "howell",
    "howell_rounds_offered",
    "three_quarter",
    "three_quarter_rounds",
    "meetings",
    "rounds_of",
    "against_movement",
    "board_ranges",
    "played_unequally",
]

#: The kinds ``mpxl movement KIND`` offers (:mod:`mpxl.core.movement_kinds` builds the ones after howell).
KINDS = ("mitchell", "howell", "relay", "three-quarter", "hesitation", "appendix", "web")
#: The numbers of tables offered.
MITCHELL_TABLES = range(3, 31)
HOWELL_TABLES = range(4, 16)

#: A complete balanced Howell for each number of tables T: per table, its NS and EW starting
#: positions (0..2T-2, None: pair 2T, which stays put) and its starting board set (0..2T-2). In round
#: r (from 0) position x holds pair (x + r mod 2T-1) + 1 and the table plays set (s + r mod 2T-1) + 1.
HOWELL_STARTS: dict[int, tuple[tuple[int | None, int, int], ...]] = {
    4: ((None, 0, 5), (1, 5, 4), (2, 3, 3), (4, 6, 1)),
    5: ((None, 1, 0), (5, 0, 2), (2, 4, 7), (3, 6, 1), (8, 7, 8)),
    6: ((None, 8, 6), (2, 0, 4), (6, 1, 2), (3, 4, 9), (9, 5, 8), (10, 7, 7)),
    7: ((None, 9, 6), (0, 1, 2), (2, 12, 7), (8, 3, 12), (4, 11, 10), (7, 5, 5), (6, 10, 0)),
    8: ((None, 5, 2), (10, 0, 3), (1, 12, 1), (4, 2, 13), (3, 9, 8), (13, 6, 4), (7, 8, 9), (11, 14, 6)),
    9: ((None, 0, 15), (8, 1, 3), (14, 2, 8), (3, 6, 16), (4, 15, 5), (13, 5, 13), (7, 9, 6), (11, 10, 14),
        (12, 16, 4)),
    10: ((None, 17, 0), (0, 11, 1), (1, 14, 14), (12, 2, 7), (3, 18, 2), (16, 4, 12), (10, 5, 16), (6, 9, 13),
         (8, 7, 5), (15, 13, 6)),
    11: ((None, 1, 5), (0, 19, 19), (20, 2, 9), (3, 8, 20), (4, 11, 13), (14, 5, 6), (16, 6, 3), (7, 15, 10),
         (10, 9, 15), (12, 18, 11), (17, 13, 7)),
    12: ((None, 18, 21), (16, 0, 13), (15, 1, 3), (2, 12, 1), (7, 3, 12), (5, 4, 20), (6, 21, 16), (8, 19, 2),
         (11, 9, 9), (10, 13, 17), (14, 20, 5), (22, 17, 18)),
    13: ((None, 0, 16), (18, 1, 19), (2, 21, 7), (19, 3, 15), (9, 4, 3), (5, 17, 9), (13, 6, 8), (7, 11, 20),
         (8, 22, 11), (10, 12, 18), (24, 14, 14), (15, 16, 13), (23, 20, 5)),
    15: ((None, 25, 18), (0, 9, 6), (1, 17, 5), (2, 13, 0), (3, 24, 4), (4, 10, 24), (20, 5, 28), (6, 18, 2),
         (12, 7, 14), (8, 27, 3), (15, 11, 26), (21, 14, 13), (16, 19, 19), (22, 23, 12), (28, 26, 9)),
}


def mitchell(tables: int, boards_per_round: int | None = None, rounds: int | None = None,
             pairs: int | None = None, arrowswitch: int = 0) -> Movement:
    """A Mitchell (see the module's docstring).

    >>> m = mitchell(4, 1)
    >>> m.rounds, [r.ew for r in m.rows if r.table == 1], m.note.split(";")[0]
    (3, ['1', '4', '2'], 'even tables: the EW pairs skip a table after round 2')
    >>> [(r.ns, r.ew) for r in mitchell(3, 1, arrowswitch=1).rows if r.round == 3]
    [('5', '1'), ('6', '2'), ('4', '3')]
    """
    t = count_in_range(tables, "--tables", MITCHELL_TABLES.start, MITCHELL_TABLES.stop - 1, " for a mitchell")
    full = t if t % 2 else t - 1
    r_count = full if rounds is None else count_in_range(rounds, "--rounds", 1, full,
                                                         f" for {an(t)} {t}-table mitchell")
    switched = count_in_range(arrowswitch, "--arrowswitch", 0, r_count, " (rounds)")
    b = boards_per_round_of(boards_per_round, t)
    absent = one_missing(pairs, t)
    rows = []
    for r in range(r_count):
        skip = 1 if t % 2 == 0 and r >= t // 2 else 0
        for table in range(t):
            ns: str | None = str(table + 1)
            ew = (table - r - skip) % t + 1
            ew_pair: str | None = None if absent and ew == t else str(ew + (t if switched else 0))
            if r >= r_count - switched:
                ns, ew_pair = ew_pair, ns
            rows.append(Row(r + 1, table + 1, ns, ew_pair, board_set((table + r) % t, b)))
    notes = [f"even tables: the EW pairs skip a table after round {t // 2}"] if t % 2 == 0 else []
    if switched:
        notes.append(f"arrowswitch: the last {switched} round(s) the EW pairs sit NS; one winner, "
                     f"EW pairs numbered {t + 1} to {2 * t}")
    if absent:
        notes.append(f"EW pair {t}{f' ({2 * t})' if switched else ''} is missing: its opponents sit out")
    notes += [unequal] if (unequal := played_unequally(rows)) else []
    return Movement("mitchell", t, r_count, b, 1 if switched else 2, tuple(rows), "; ".join(notes))


def meetings(tables: int, rounds: int) -> list[list[tuple[int, int]]]:
    """Who meets whom in the first ``rounds`` rounds of the complete Howell: per round, per table,
    the (NS, EW) pairs numbered from 0 (pair 2T is 2T-1).

    >>> meetings(4, 1)
    [[(7, 0), (1, 5), (2, 3), (4, 6)]]
    """
    n = 2 * tables - 1

    def at(x: int | None, r: int) -> int:
        return n if x is None else (x + r) % n

    return [[(at(ns, r), at(ew, r)) for ns, ew, _ in HOWELL_STARTS[tables]] for r in range(rounds)]


def howell(tables: int, boards_per_round: int | None = None, rounds: int | None = None,
           pairs: int | None = None) -> Movement:
    """A balanced Howell (see the module's docstring).

    >>> m = howell(4, 3)
    >>> m.rounds, m.boards, m.rows[0]
    (7, 21, Row(round=1, table=1, ns='8', ew='1', boards=(16, 17, 18), shares=()))
    """
    t = whole(tables, "--tables")
    if t in SMALL_HOWELLS:
        return small_howell(t, boards_per_round, rounds, pairs)
    if t not in HOWELL_STARTS:
        raise ValueError(f"--tables {t} for a howell: offered for 2-13 and 15 tables")
    n = 2 * t - 1
    r_count = n if rounds is None else count_in_range(rounds, "--rounds", 1, n, f" for {an(t)} {t}-table howell")
    absent = one_missing(pairs, t)
    if r_count < n:
        return _howell_cut(t, r_count, boards_per_round, absent)
    starts = HOWELL_STARTS[t]
    b = boards_per_round_of(boards_per_round, n)

    def pair(x: int | None, r: int) -> str | None:
        if x is None:
            return None if absent else str(2 * t)
        return str((x + r) % n + 1)

    rows = tuple(Row(r + 1, table + 1, pair(ns, r), pair(ew, r), board_set((s + r) % n, b))
                 for r in range(n) for table, (ns, ew, s) in enumerate(starts))
    notes = [f"pair {2 * t} stays at table 1 NS; the others move on" if not absent
             else f"pair {2 * t} is missing: table 1 sits out every round"]
    notes.append(f"{n} sets of boards for {t} tables: {n - t} rest on a relay table each round")
    notes += [unequal] if (unequal := played_unequally(rows)) else []
    return Movement("howell", t, n, b, 1, rows, "; ".join(notes))


def howell_rounds_offered(tables: int, sit_out: bool = False) -> list[int]:
    """The rounds a ``tables``-table Howell is cut to (:data:`HOWELL_ROUNDS`); with ``sit_out`` only
    those where table 1 (the missing pair's) plays every board set once, so that the sets are still
    played equally often."""
    kept = HOWELL_ROUNDS.get(tables, {})
    return sorted(r for r, (sets, _, _) in kept.items() if not sit_out or sets == r)


def _howell_cut(t: int, r_count: int, boards_per_round: int | None, absent: bool) -> Movement:
    """``r_count`` rounds of the complete Howell's meetings with boards of their own
    (:mod:`mpxl.core.howell_rounds`)."""
    offered = howell_rounds_offered(t, absent)
    if r_count not in offered:
        who = f" with {2 * t - 1} pairs" if absent else ""
        raise ValueError(f"--rounds {r_count} for {an(t)} {t}-table howell{who}: offered "
                         f"{', '.join(map(str, offered)) or 'none'} or {2 * t - 1} (complete)")
    sets, chosen, cells = HOWELL_ROUNDS[t][r_count]
    b = boards_per_round_of(boards_per_round, sets)
    complete = meetings(t, 2 * t - 1)
    rows = []
    for r, (word, meet) in enumerate(zip(cells.split(), [complete[c] for c in chosen])):
        for table, (char, (ns, ew)) in enumerate(zip(word, meet)):
            flip, s = divmod(ALPHABET.index(char), sets)
            a, e = (ew, ns) if flip else (ns, ew)
            rows.append(Row(r + 1, table + 1, None if absent and a == 2 * t - 1 else str(a + 1),
                            None if absent and e == 2 * t - 1 else str(e + 1), board_set(s, b)))
    notes = [f"pair {2 * t} stays at table 1" if not absent
             else f"pair {2 * t} is missing: table 1 sits out every round",
             f"cut to {r_count} rounds: {sets} sets of boards, each played {t * r_count // sets} times"]
    if sets > t:
        notes.append(f"{sets - t} sets rest on a relay table each round")
    notes += [unequal] if (unequal := played_unequally(rows)) else []
    return Movement("howell", t, r_count, b, 1, tuple(rows), "; ".join(notes))


def three_quarter_rounds(tables: int, sit_out: bool = False) -> int | None:
    """The rounds of a three-quarter Howell of ``tables``: the cut Howell's rounds nearest 3/4 of 2T-1
    (the fewer of two as near), or None where none offered is within a tenth of 3/4 (4 tables: 6 of 7).

    >>> three_quarter_rounds(6), three_quarter_rounds(4), three_quarter_rounds(12)
    (8, None, None)
    """
    offered = howell_rounds_offered(tables, sit_out)
    if not offered:
        return None
    n = 2 * tables - 1
    r = min(offered, key=lambda x: (abs(4 * x - 3 * n), x))
    return r if abs(40 * r - 30 * n) <= 4 * n else None


def three_quarter(tables: int, boards_per_round: int | None = None, rounds: int | None = None,
                  pairs: int | None = None) -> Movement:
    """A three-quarter Howell (see the module's docstring)."""
    t = whole(tables, "--tables")
    r = three_quarter_rounds(t)
    if r is None:
        offered = [x for x in sorted(HOWELL_ROUNDS) if three_quarter_rounds(x) is not None]
        raise ValueError(f"--tables {t} for a three-quarter: {offered[0]}-{offered[-1]} tables")
    if one_missing(pairs, t) and r not in howell_rounds_offered(t, sit_out=True):
        raise ValueError(f"--pairs {pairs} for a three-quarter: no sit-out (its sit-out's table would not play "
                         f"every set): use howell --tables {t} --pairs {pairs}")
    only_whole(rounds, r, f"{an(t)} {t}-table three-quarter")
    m = howell(t, boards_per_round, r, pairs)
    return replace(m, kind="three-quarter",
                   note=f"three-quarter Howell: {r} of the complete Howell's {2 * t - 1} rounds; {m.note}")


def movement(kind: str, tables: int, boards_per_round: int | None = None, rounds: int | None = None,
             pairs: int | None = None, arrowswitch: int = 0, late: int | None = None) -> Movement:
    """The movement ``kind`` (:data:`KINDS`) for ``tables`` tables; see :func:`mitchell`, :func:`howell`
    and :mod:`mpxl.core.movement_kinds`; ``late``: the missing pair (``pairs`` 2T-1) arrives for that
    round (:func:`mpxl.core.movement_kinds.late_pair`). Bad requests raise ValueError with one line.

    >>> movement("bowell", 4)
    Traceback (most recent call last):
    ValueError: movement 'bowell': expected mitchell, howell, relay, three-quarter, hesitation, appendix or web
    """
    k = str(kind).strip().lower()
    if k not in KINDS:
        raise ValueError(f"movement {kind!r}: expected {', '.join(KINDS[:-1])} or {KINDS[-1]}")
    if arrowswitch and k != "mitchell":
        raise ValueError(f"--arrowswitch is for a mitchell: a {k} has " + ("two winners (a mitchell arrowswitches)"
                         if k in ("relay", "appendix", "web") else "one winner already"))
    if k == "mitchell":
        m = mitchell(tables, boards_per_round, rounds, pairs, arrowswitch)
    elif k == "howell":
        m = howell(tables, boards_per_round, rounds, pairs)
    elif k == "relay":
        m = movement_kinds.relay(tables, boards_per_round, rounds, pairs)
    elif k == "three-quarter":
        m = three_quarter(tables, boards_per_round, rounds, pairs)
    elif k == "hesitation":
        m = movement_kinds.hesitation(tables, boards_per_round, rounds, pairs)
    else:
        m = movement_kinds.appendix(tables, boards_per_round, rounds, pairs, web=k == "web")
    return m if late is None else movement_kinds.late_pair(m, late)


def rounds_of(rows: Sequence[Row], pair: str, direction: str | None = None) -> list[tuple[Row, str]]:
    """Where ``pair`` sits each round, as (row, "NS" or "EW"); ``direction`` for a Mitchell's two
    pairs of one number (its EW pair after an arrowswitch still counts as EW).

    >>> [(r.round, r.table, d) for r, d in rounds_of(movement("howell", 4).rows, "8")][:2]
    [(1, 1, 'NS'), (2, 1, 'NS')]
    """
    out = []
    for row in rows:
        for seat_pair, seat in ((row.ns, "NS"), (row.ew, "EW")):
            if seat_pair == pair and (direction is None or seat == direction):
                out.append((row, seat))
    return out


def against_movement(plays: Iterable[Sequence[object]],
                     lines: Iterable[tuple[str, object, object, object]]) -> list[str]:
    """The lines (where, board, NS, EW) whose pairs the movement (its ``plays``: board, NS, EW, and the round
    and table when known) did not send to that board, each with its likeliest fix (:mod:`mpxl.core.slips`).

    >>> against_movement([(1, 8, 3)], [("Travellers row 5", 1, 8, 3), ("Travellers row 6", 1, 3, 8)])
    ['Travellers row 6: board 1: NS 3 v EW 8 is not in the movement (it has NS 8 v EW 3): likeliest fix: the \
pairs swapped (NS 8 v EW 3)']
    """
    k = slips.key
    return slips.against([slips.Play(*(k(x) for x in p[:5])) for p in plays],
                         [slips.Slip(where, k(b), k(ns), k(ew)) for where, b, ns, ew in lines])
