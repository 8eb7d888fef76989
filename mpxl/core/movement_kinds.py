"""The movements beyond the plain Mitchell and the complete Howell (issue 51), and the late pair.

* **Howell for 2 and 3 tables** (no Room square of side 3 or 5: some boards must be shared). Both play
  the complete Howell's meetings (every pair meets every other once) and every board set once each pair:
  - 2 tables, 3 rounds: **both tables share** each round's set (the boards passed across). Each pair
    is compared (the same boards, the same direction, the other table) with each other pair on exactly
    one set: balanced, spread 0.
  - 3 tables, 5 rounds (the Howell of 5 rounds): in round 1 **the three tables share** one set; in the
    other four, each table plays its own. Five sets, each played by all six pairs once. A set played at
    two tables of one round is played at all three (the third meeting is that round's third), and no
    Room square of side 5 exists, so one round at least must share: ``bench/small_howell_search.py``
    found the four spread sets; any two pairs are compared on 1 to 3 sets (spread 2, the complete
    Howells' bound, and the least any direction of the pairs reaches).
* **Share-and-relay Mitchell** (``relay``; even tables, two winners, a round per table, no skip): tables
  1 and T share a set each round, and a relay (bye stand) between tables T/2 and T/2+1 holds one set;
  the boards move down a table (through the relay), the EW pairs up one. T sets, each played T times;
  each NS pair meets each EW pair once.
* **Three-quarter Howell** (``three-quarter``): a Howell cut short, so built in :mod:`mpxl.core.movement`.
* **Hesitation Mitchell** (``hesitation``; one winner; odd tables 3-29): the published movement (E. E.
  Blandon, 1973; the EBU's club movements), T+1 rounds and sets with a relay: :func:`hesitation`.
* **Appendix Mitchell** (``appendix``; two winners): a 13-table Mitchell (NS stationary, the 13 sets
  moving down a table, the EW pairs up one) with tables appended, table 13+k sharing table k's boards
  each round. Offered for 26 tables: the 13 appended tables' EW pairs move as the base's, a second
  Mitchell on the same boards, so every pair plays every board once. With fewer appended tables (14-25
  tables) the EW pairs' routes must cross between the two parts; ``bench/mitchell_kinds_search.py
  appendix`` looks for them (:data:`mpxl.core.mitchell_layouts.APPENDIX_EW`) and found none in its time
  (open). **Web** (``web``): the same schedule with two copies of every board, so an appended table
  plays its own copy at the same time instead of passing the boards.
* **Late pair** (:func:`late_pair`): with 2T-1 pairs one seat sits out each round; a pair arriving for
  round R takes that seat from round R on. The seat's path is a pair's path through the movement, so no
  rule breaks; the boards the sit-out's table had before round R are played once fewer (the note names
  them; they are scored as any board played fewer times).

>>> [(r.table, r.ns, r.ew, r.boards[0], r.shares) for r in small_howell(2, 2).rows if r.round == 1]
[(1, '4', '2', 1, (2,)), (2, '3', '1', 1, (1,))]
>>> relay(4, 2).note.split("; ")[0]
'tables 1 and 4 share the boards, a relay between tables 2 and 3 holds a set each round'
"""

from __future__ import annotations

from collections.abc import Sequence

from .changes import Change, apply
from .howell_rounds import ALPHABET
from .mitchell_layouts import APPENDIX_BASE, APPENDIX_EW
from .numbers import whole
from .schedule import (
    MAX_BOARDS,
    Movement,
    Row,
    board_ranges,
    board_set,
    count_in_range,
    one_missing,
    only_whole,
    played_unequally,
)

__all__ = ["SMALL_HOWELLS", "RELAY_TABLES", "HESITATION_TABLES", "small_howell", "relay", "hesitation", "appendix",
           "late_pair"]

#: The Howells of 2 and 3 tables: per round, per table, (NS, EW, board set), pairs and sets from 1.
#: Tables sharing a set in a round share its boards. 3 tables: ``bench/small_howell_search.py``.
SMALL_HOWELLS: dict[int, tuple[tuple[tuple[int, int, int], ...], ...]] = {
    2: (((4, 2, 1), (3, 1, 1)),
        ((4, 3, 2), (1, 2, 2)),
        ((4, 1, 3), (2, 3, 3))),
    3: (((6, 1, 1), (2, 5, 1), (3, 4, 1)),
        ((6, 2, 2), (3, 1, 3), (4, 5, 4)),
        ((6, 3, 4), (4, 2, 3), (5, 1, 5)),
        ((6, 4, 5), (5, 3, 2), (1, 2, 4)),
        ((6, 5, 3), (1, 4, 2), (2, 3, 5))),
}
#: The tables a share-and-relay Mitchell is offered for.
RELAY_TABLES = range(2, 31, 2)


def _per_round(value: int | None, sets: int, default: int) -> int:
    """The boards of a round: as asked (at most :data:`MAX_BOARDS` in all), else ``default``."""
    if value is None:
        return default
    return count_in_range(value, "--boards-per-round", 1, MAX_BOARDS // sets,
                  f" ({sets} sets of boards, at most {MAX_BOARDS} boards)")


def _rows(cells: Sequence[tuple[int, int, str | None, str | None, int]], b: int) -> tuple[Row, ...]:
    """Rows from (round, table, NS, EW, set from 0), ``b`` boards a set; ``shares`` filled in."""
    by_set: dict[tuple[int, int], list[int]] = {}
    for r, t, _, _, s in cells:
        by_set.setdefault((r, s), []).append(t)
    return tuple(Row(r, t, ns, ew, board_set(s, b), tuple(x for x in by_set[(r, s)] if x != t))
                 for r, t, ns, ew, s in cells)


def small_howell(tables: int, boards_per_round: int | None = None, rounds: int | None = None,
                 pairs: int | None = None) -> Movement:
    """The Howell of 2 or 3 tables (see the module's docstring).

    >>> m = small_howell(3)
    >>> m.rounds, m.boards, [r.shares for r in m.rows if r.round == 1]
    (5, 25, [(2, 3), (1, 3), (1, 2)])
    """
    layout = SMALL_HOWELLS[tables]
    n = len(layout)
    only_whole(rounds, n, f"a {tables}-table howell")
    absent = one_missing(pairs, tables)
    b = _per_round(boards_per_round, n, 8 if tables == 2 else 5)
    top = 2 * tables

    def pair(p: int) -> str | None:
        return None if absent and p == top else str(p)

    rows = _rows([(r + 1, t + 1, pair(ns), pair(ew), s - 1) for r, tabs in enumerate(layout)
                  for t, (ns, ew, s) in enumerate(tabs)], b)
    if tables == 2:
        notes = ["both tables share each round's boards (passed across); each pair is compared with each "
                 "other on one set"]
    else:
        notes = ["round 1: the three tables share one set (passed round); rounds 2-5: a set each table; "
                 "any two pairs compared on 1 to 3 sets"]
    notes.insert(0, f"pair {top} stays at table 1 NS" if not absent
                 else f"pair {top} is missing: table 1 sits out every round")
    notes += [unequal] if (unequal := played_unequally(rows)) else []
    return Movement("howell", tables, n, b, 1, rows, "; ".join(notes))


def relay(tables: int, boards_per_round: int | None = None, rounds: int | None = None,
          pairs: int | None = None) -> Movement:
    """A share-and-relay Mitchell (see the module's docstring).

    >>> m = relay(6, 2)
    >>> m.rounds, m.boards, [(r.table, r.boards) for r in m.rows if r.round == 1 and r.shares]
    (6, 12, [(1, (1, 2)), (6, (1, 2))])
    """
    t = whole(tables, "--tables")
    if t not in RELAY_TABLES:
        raise ValueError(f"--tables {t} for a relay: an even number from {RELAY_TABLES.start} to "
                         f"{RELAY_TABLES[-1]} (an odd number of tables plays a plain mitchell)")
    only_whole(rounds, t, f"a {t}-table relay")
    absent = one_missing(pairs, t)
    b = _per_round(boards_per_round, t, min(4, max(2, round(26 / t))))
    half = t // 2
    # the boards' positions, each round one down: tables 1 and T share position 0, the relay is position T/2
    position = {1: 0, t: 0} | {x: x - 1 for x in range(2, half + 1)} | {x: x for x in range(half + 1, t)}
    cells = [(r + 1, x, str(x), None if absent and (x - 1 - r) % t + 1 == t else str((x - 1 - r) % t + 1),
              (position[x] + r) % t) for r in range(t) for x in range(1, t + 1)]
    rows = _rows(cells, b)
    where = f"between tables {half} and {half + 1} " if half > 1 else ""
    notes = [f"tables 1 and {t} share the boards, a relay {where}holds a set each round",
             "the boards move down a table (through the relay), the EW pairs up one"]
    if absent:
        notes.append(f"EW pair {t} is missing: its opponents sit out")
    notes += [unequal] if (unequal := played_unequally(rows)) else []
    return Movement("relay", t, t, b, 2, rows, "; ".join(notes))


def late_pair(m: Movement, late: int) -> Movement:
    """``m`` (one pair missing) with that pair arriving for round ``late``: it takes the sit-out's seat (as
    ``--joins`` does: :func:`mpxl.core.changes.apply`).

    >>> from mpxl.core.movement import movement
    >>> m = late_pair(movement("mitchell", 3, 2, pairs=5), 2)
    >>> [(r.round, r.table, r.ns, r.ew) for r in m.rows if r.ew == "3" or r.ew is None]
    [(1, 3, '3', None), (2, 1, '1', '3'), (3, 2, '2', '3')]
    """
    n = count_in_range(late, "--late", 2, m.rounds, f" for a {m.rounds}-round {m.kind}",
                       " (the round the pair arrives)")
    if all(r.ns and r.ew for r in m.rows):
        raise ValueError("--late: give --pairs 2T-1 (the late pair takes the seat that sits out until it comes)")
    if m.winners == 2:
        present = {r.ew for r in m.rows if r.ew}
        numbers = [str(p) for p in range(1, m.tables + 1)]
    else:
        present = {p for r in m.rows for p in (r.ns, r.ew) if p}
        numbers = [str(p) for p in range(1, 2 * m.tables + 1)]
    who = next(p for p in numbers if p not in present)
    return apply(m, [Change("joins", n, who, "EW" if m.winners == 2 else "")])


#: The tables a hesitation Mitchell is offered for: odd, 3 to 29 (with an even number of tables no hesitation of
#: one relay exists: the moving pairs' sets would sum to a repeat, see :func:`hesitation`).
HESITATION_TABLES = range(3, 30, 2)


def hesitation(tables: int, boards_per_round: int | None = None, rounds: int | None = None,
               pairs: int | None = None) -> Movement:
    """A hesitation Mitchell, as published (E. E. Blandon, Bridge Magazine 1973; the EBU's club movements): T
    tables (odd), T+1 rounds and T+1 board sets, a relay between tables (T-1)/2 and (T+1)/2 holding one set.
    NS pairs 1 to T-1 stay at their tables; pair T (NS at table T) and the EW pairs T+1 to 2T move round one
    loop of seats, EW at table 1, 2, ... T, then NS at table T (the hesitation table) for a round, then EW at
    table 1 again; the boards move down a table, through the relay. Every pair plays every set once (a moving
    pair's set at a seat is the seat's place on the boards' round plus the round: with T odd these are all
    different; with T even their sum repeats one, so no such movement exists); each stationary pair meets every
    moving pair once, each moving pair the pairs on either side of it in the loop at the hesitation table. One
    winner: the last round (the last two from 11 tables) is arrowswitched at every table but table T.

    >>> m = hesitation(7, 3)
    >>> m.rounds, m.boards, [(r.table, r.ns, r.ew, r.boards[0]) for r in m.rows if r.round == 2][-3:]
    (8, 24, [(5, '5', '11', 19), (6, '6', '12', 22), (7, '14', '13', 1)])
    >>> [(r.ns, r.ew) for r in m.rows if r.round == 8][:2]
    [('9', '1'), ('10', '2')]
    """
    t = whole(tables, "--tables")
    if t not in HESITATION_TABLES:
        raise ValueError(f"--tables {t} for a hesitation: an odd number from 3 to 29 (with an even number of "
                         "tables a relay Mitchell or a skip Mitchell with --arrowswitch)")
    n = t + 1  # rounds, board sets, seats of the moving pairs, places on the boards' round
    only_whole(rounds, n, f"a {t}-table hesitation")
    absent = one_missing(pairs, t)
    b = _per_round(boards_per_round, n, min(4, max(2, round(26 / n))))
    before = (t - 1) // 2  # the tables before the relay on the boards' round
    place = {x: x - 1 if x <= before else x for x in range(1, t + 1)}  # each table's place, from 0
    seats = [(x, "EW") for x in range(1, t + 1)] + [(t, "NS")]  # the moving pairs' loop
    first = [str(t + 1 + i) for i in range(t)] + [str(t)]  # who sits in each seat in round 1
    switched = 2 if t >= 11 else 1
    cells: list[tuple[int, int, str | None, str | None, int]] = []
    for r in range(n):
        at = {seat: first[(i - r) % n] for i, seat in enumerate(seats)}
        for x in range(1, t + 1):
            ns: str | None = at[(x, "NS")] if x == t else str(x)
            ew: str | None = at[(x, "EW")]
            if absent:
                ns, ew = (None if ns == str(2 * t) else ns), (None if ew == str(2 * t) else ew)
            if r >= n - switched and x != t:
                ns, ew = ew, ns
            cells.append((r + 1, x, ns, ew, (place[x] + r) % n))
    rows = _rows(cells, b)
    notes = [f"NS pairs 1-{t - 1} stay; pair {t} and the EW pairs move up a table, and from table {t} EW to "
             f"table {t} NS for a round (the hesitation), then to table 1 EW",
             f"the boards move down a table; a relay between tables {before} and {before + 1} holds a set "
             f"({n} sets)",
             f"one winner: the last {'two rounds are' if switched == 2 else 'round is'} arrowswitched at tables "
             f"1-{t - 1} (the EW pairs sit NS)"]
    if absent:
        notes.append(f"pair {2 * t} is missing: its opponents sit out")
    notes += [unequal] if (unequal := played_unequally(rows)) else []
    return Movement("hesitation", t, n, b, 1, rows, "; ".join(notes))


def appendix(tables: int, boards_per_round: int | None = None, rounds: int | None = None,
             pairs: int | None = None, web: bool = False) -> Movement:
    """An appendix Mitchell, or with ``web`` its web form (see the module's docstring).

    >>> m = appendix(26, 2)
    >>> m.rounds, m.boards, [(r.table, r.ew, r.shares) for r in m.rows if r.round == 2 and r.table in (1, 14)]
    (13, 26, [(1, '13', (14,)), (14, '26', (1,))])
    """
    kind = "web" if web else "appendix"
    a_kind = "a web" if web else "an appendix"
    t = whole(tables, "--tables")
    n = APPENDIX_BASE
    offered = sorted({2 * n} | {n + a for a in APPENDIX_EW})
    if t not in offered:
        raise ValueError(f"--tables {t} for {a_kind}: {board_ranges(offered)} tables (a {n}-table Mitchell and "
                         f"{n} appended; no layout found yet for {n + 1}-{2 * n - 1})")
    only_whole(rounds, n, f"a {t}-table {kind}")
    absent = one_missing(pairs, t)
    b = _per_round(boards_per_round, n, 2)
    sigma = list(range(n)) + list(range(t - n))
    if t == 2 * n:  # each appended table's EW pairs move as the base's: a second Mitchell on the same boards
        seats = [[(x - r) % n + (n if x >= n else 0) for x in range(t)] for r in range(n)]
    else:
        seats = [[ALPHABET.index(c) for c in word] for word in APPENDIX_EW[t - n].split()]
    cells = [(r + 1, x + 1, str(x + 1), None if absent and e == t - 1 else str(e + 1), (sigma[x] + r) % n)
             for r, row in enumerate(seats) for x, e in enumerate(row)]
    rows = _rows(cells, b)
    if web:
        notes = [f"two copies of every board: tables {n + 1}-{t} play their own copy of the boards of tables "
                 f"1-{t - n}, at the same time"]
    else:
        notes = [f"tables {n + 1}-{t} are appended to tables 1-{t - n}: each shares its boards with that table "
                 "(passed between them)"]
    moves = (f"EW pairs 1-{n} move up a table among tables 1-{n}, EW pairs {n + 1}-{t} among tables {n + 1}-{t}"
             if t == 2 * n else "the EW pairs move as the guide cards say")
    notes += [f"a {n}-table Mitchell's boards and NS pairs (stationary); {moves}",
              f"each EW pair plays every board once and meets {n} of the {t} NS pairs"]
    if absent:
        notes.append(f"EW pair {t} is missing: its opponents sit out")
    notes += [unequal] if (unequal := played_unequally(rows)) else []
    return Movement(kind, t, n, b, 2, rows, "; ".join(notes), copies=2 if web else 1)
