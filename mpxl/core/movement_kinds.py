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
* **Hesitation Mitchell** (``hesitation``; one winner; 3-29 tables): the published movement, T+1 rounds and
  sets (odd T: E. E. Blandon, 1973, a relay; even T: the EBU's, tables 1 and T sharing and two relays):
  :func:`hesitation`.
* **Appendix Mitchell** (``appendix``; two winners; 14-26 tables): a circuit of 13 tables and T-13 tables
  appended, table 13+k sharing table k's boards each round. With 26 tables, a 13-table Mitchell (NS
  stationary, the 13 sets moving down a table, the EW pairs up one) and a second on the appended tables and the
  same boards. With 14-25, the circuit's NS pairs move up a table and its EW pairs down one (the EBU's "dual
  carriageway": at table k, k = 1 to T-13, the moving EW pair plays the stationary NS pair k, while the moving
  NS pair plays the stationary EW pair 13+k at table 13+k, on the same boards), and the boards move down two
  tables: the pairs move at +1, -1 and 0 and the boards at -2, all different mod 13, so every pair plays every
  set once and any two pairs of opposite directions meet at most once. **Web** (``web``): the same schedule
  with two copies of every board, so an appended table plays its own copy at the same time instead of passing
  the boards.
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
from .numbers import whole
from .schedule import (
    MAX_BOARDS,
    Movement,
    Row,
    board_set,
    count_in_range,
    one_missing,
    only_whole,
    played_unequally,
)
from .words import an

__all__ = ["SMALL_HOWELLS", "RELAY_TABLES", "HESITATION_TABLES", "APPENDIX_BASE", "small_howell", "relay",
           "hesitation", "appendix", "late_pair"]

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
#: The tables of an appendix Mitchell's circuit.
APPENDIX_BASE = 13


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
    only_whole(rounds, n, f"{an(tables)} {tables}-table howell")
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
    only_whole(rounds, t, f"{an(t)} {t}-table relay")
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


#: The tables a hesitation Mitchell is offered for: 3 to 29. Odd: Blandon's, one relay; even: the EBU's, two
#: relays and tables 1 and T sharing (with one relay and no sharing none exists: see :func:`hesitation`).
HESITATION_TABLES = range(3, 30)


def hesitation(tables: int, boards_per_round: int | None = None, rounds: int | None = None,
               pairs: int | None = None) -> Movement:
    """A hesitation Mitchell, as published: T tables, T+1 rounds and T+1 board sets. NS pairs 1 to T-1 stay at
    their tables; pair T (NS at table T) and the EW pairs T+1 to 2T move round one loop of seats, EW at table 1,
    2, ... T, then NS at table T (the hesitation table) for a round, then EW at table 1 again; the boards move
    down a table. The boards' round has T+1 places:

    * T odd (E. E. Blandon, Bridge Magazine 1973): the T tables and a relay between tables (T-1)/2 and (T+1)/2;
    * T even (the EBU's club movements, 8 and 12 tables): tables 1 and T share a place (they play the same set,
      passed between them) and two relays between tables T/2 and T/2+1 hold a set each.

    A moving pair's set at a seat is the seat's place on the boards' round plus the round, and these are all
    different, so every pair plays every set once. (With T even, one relay and no sharing, they would sum to a
    repeat: no such movement exists, and an integer program finds none with any assignment of the moving pairs.)
    Each stationary pair meets every moving pair once, each moving pair the pairs on either side of it in the
    loop at the hesitation table. One winner: the last round is arrowswitched at every table but T, and from 11
    tables the round before too (odd: at every table but T; even, as the EBU's 12 tables: but the two tables
    before the relays and T). With 2T-1 pairs, pair 2T is missing (odd), or pair 1 (even: table T then plays
    its boards alone).

    >>> m = hesitation(7, 3)
    >>> m.rounds, m.boards, [(r.table, r.ns, r.ew, r.boards[0]) for r in m.rows if r.round == 2][-3:]
    (8, 24, [(5, '5', '11', 19), (6, '6', '12', 22), (7, '14', '13', 1)])
    >>> [(r.ns, r.ew) for r in m.rows if r.round == 8][:2]
    [('9', '1'), ('10', '2')]
    >>> m = hesitation(8, 3)
    >>> m.rounds, m.boards, [(r.table, r.ns, r.ew, r.boards[0], r.shares) for r in m.rows if r.round == 1][::7]
    (9, 27, [(1, '1', '9', 1, (8,)), (8, '8', '16', 1, (1,))])
    """
    t = whole(tables, "--tables")
    if t not in HESITATION_TABLES:
        raise ValueError(f"--tables {t} for a hesitation: {HESITATION_TABLES.start} to {HESITATION_TABLES[-1]} "
                         "tables")
    n = t + 1  # rounds, board sets, seats of the moving pairs, places on the boards' round
    only_whole(rounds, n, f"{an(t)} {t}-table hesitation")
    absent = one_missing(pairs, t)
    b = _per_round(boards_per_round, n, min(4, max(2, round(26 / n))))
    even = t % 2 == 0
    before = t // 2 if even else (t - 1) // 2  # the tables before the relay(s) on the boards' round
    if even:  # table 1 and table T at place 0, the relays at places T/2 and T/2+1
        place = {x: x - 1 for x in range(1, before + 1)} | {x: x + 1 for x in range(before + 1, t)} | {t: 0}
    else:
        place = {x: x - 1 if x <= before else x for x in range(1, t + 1)}
    seats = [(x, "EW") for x in range(1, t + 1)] + [(t, "NS")]  # the moving pairs' loop
    first = [str(t + 1 + i) for i in range(t)] + [str(t)]  # who sits in each seat in round 1
    missing = (str(1) if even else str(2 * t)) if absent else None
    switched = 2 if t >= 11 else 1
    kept = {before - 1, before} if even else set()  # not turned in the round before the last
    cells: list[tuple[int, int, str | None, str | None, int]] = []
    for r in range(n):
        at = {seat: first[(i - r) % n] for i, seat in enumerate(seats)}
        for x in range(1, t + 1):
            ns: str | None = at[(x, "NS")] if x == t else str(x)
            ew: str | None = at[(x, "EW")]
            ns, ew = (None if ns == missing else ns), (None if ew == missing else ew)
            if x != t and (r == n - 1 or (switched == 2 and r == n - 2 and x not in kept)):
                ns, ew = ew, ns
            cells.append((r + 1, x, ns, ew, (place[x] + r) % n))
    rows = _rows(cells, b)
    if even:
        boards = (f"the boards move down a table; tables 1 and {t} share a set (passed between them), two relays "
                  f"between tables {before} and {before + 1} hold a set each ({n} sets)")
    else:
        boards = (f"the boards move down a table; a relay between tables {before} and {before + 1} holds a set "
                  f"({n} sets)")
    turned = f"tables 1-{t - 1}" + (f" (the round before: but tables {before - 1} and {before})" if kept and
                                   switched == 2 else "")
    notes = [f"NS pairs 1-{t - 1} stay; pair {t} and the EW pairs move up a table, and from table {t} EW to "
             f"table {t} NS for a round (the hesitation), then to table 1 EW", boards,
             f"one winner: the last {'two rounds are' if switched == 2 else 'round is'} arrowswitched at "
             f"{turned} (the EW pairs sit NS)"]
    if absent:
        notes.append(f"pair {missing} is missing: its opponents sit out" +
                     (f" (table {t} plays its boards alone)" if even else ""))
    notes += [unequal] if (unequal := played_unequally(rows)) else []
    return Movement("hesitation", t, n, b, 1, rows, "; ".join(notes))


def appendix(tables: int, boards_per_round: int | None = None, rounds: int | None = None,
             pairs: int | None = None, web: bool = False) -> Movement:
    """An appendix Mitchell, or with ``web`` its web form (see the module's docstring).

    >>> m = appendix(26, 2)
    >>> m.rounds, m.boards, [(r.table, r.ew, r.shares) for r in m.rows if r.round == 2 and r.table in (1, 14)]
    (13, 26, [(1, '13', (14,)), (14, '26', (1,))])
    >>> m = appendix(15, 2)
    >>> [(r.table, r.ns, r.ew, r.boards, r.shares) for r in m.rows if r.round == 2 and r.table in (1, 3, 14)]
    [(1, '1', '2', (5, 6), (14,)), (3, '15', '4', (9, 10), ()), (14, '13', '14', (5, 6), (1,))]
    """
    kind = "web" if web else "appendix"
    a_kind = "a web" if web else "an appendix"
    t = whole(tables, "--tables")
    n = APPENDIX_BASE
    if not n + 1 <= t <= 2 * n:
        raise ValueError(f"--tables {t} for {a_kind}: {n + 1}-{2 * n} tables ({an(n)} {n}-table circuit and up to {n} "
                         "appended tables)")
    only_whole(rounds, n, f"{an(t)} {t}-table {kind}")
    absent = one_missing(pairs, t)
    b = _per_round(boards_per_round, n, 2)
    d = t - n  # the circuit's places with an appended table (the dual part): 0 to d-1
    cells: list[tuple[int, int, str | None, str | None, int]] = []
    for r in range(n):
        if t == 2 * n:  # each appended table's EW pairs move as the base's: a second Mitchell on the same boards
            for x in range(t):
                e = (x - r) % n + (n if x >= n else 0)
                cells.append((r + 1, x + 1, str(x + 1), str(e + 1), (x % n + r) % n))
            continue
        ns_at = {(i + r) % n: str(i + 1 if i >= d else n + 1 + i) for i in range(n)}  # moving NS: up one place
        ew_at = {(j - r) % n: str(j + 1) for j in range(n)}  # moving EW: down one place
        for p in range(n):
            s_ = (p + 2 * r) % n  # the boards: down two places
            if p < d:  # the base table: its stationary NS v a moving EW; the appended: a moving NS v its EW
                cells.append((r + 1, p + 1, str(p + 1), ew_at[p], s_))
                cells.append((r + 1, n + 1 + p, ns_at[p], str(n + 1 + p), s_))
            else:
                cells.append((r + 1, p + 1, ns_at[p], ew_at[p], s_))
    if absent:
        cells = [(r, x, ns, None if ew == str(t) else ew, s_) for r, x, ns, ew, s_ in cells]
    cells.sort(key=lambda c: (c[0], c[1]))
    rows = _rows(cells, b)
    if web:
        notes = [f"two copies of every board: tables {n + 1}-{t} play their own copy of the boards of tables "
                 f"1-{t - n}, at the same time"]
    else:
        notes = [f"tables {n + 1}-{t} are appended to tables 1-{t - n}: each shares its boards with that table "
                 "(passed between them)"]
    if t == 2 * n:
        notes += [f"{an(n)} {n}-table Mitchell's boards and NS pairs (stationary); EW pairs 1-{n} move up a table "
                  f"among tables 1-{n}, EW pairs {n + 1}-{t} among tables {n + 1}-{t}",
                  f"each EW pair plays every board once and meets {n} of the {t} NS pairs"]
    else:
        notes += [f"a circuit of tables 1-{n}: its NS pairs move up a table (sitting at table {n}+k in "
                  f"place of table k, k = 1-{d}; after table {n}, table {n + 1}), its EW pairs down one; NS pairs "
                  f"1-{d} and EW pairs {n + 1}-{t} stay; the boards move down two tables (table 1's to table {n - 1}, "
                  f"table 2's to table {n})",
                  f"each pair plays every board once and meets {n} pairs of the other direction"]
    if absent:
        notes.append(f"EW pair {t} is missing: its opponents sit out")
    notes += [unequal] if (unequal := played_unequally(rows)) else []
    return Movement(kind, t, n, b, 2, rows, "; ".join(notes), copies=2 if web else 1)
