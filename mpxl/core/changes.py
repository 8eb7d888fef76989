"""The evening's changes to a movement (no I/O): a pair leaves after round R, a late pair joins at round R, two
tables' board sets are swapped in round R. Each gives the movement from then on; the rounds before stay as
played. The scoring needs nothing more: a board played fewer times is estimated as any short board is.

- ``leaves PAIR@R``: from round R+1 the pair's seat is empty: its opponents sit out (their boards are not
  played there).
- ``joins PAIR@R``: from round R the late pair takes the empty seat, the one a missing pair leaves (``--pairs
  2T-1``) or a pair that left: it follows that seat's round, so no rule is broken (it meets no pair twice,
  plays no board twice). Before round R that seat's opponents sat out.
- ``swap A-B@R``: tables A and B played each other's boards in round R. Later, a pair that would play one of
  those boards again does not: that table plays the round's other boards only (named in the note).

A pair is its number (one winner) or ``NS 3`` / ``EW 3`` (two winners: NS 3 and EW 3 are two pairs).

>>> from mpxl.core.movement import movement
>>> m = movement("howell", 4, boards_per_round=1, pairs=7)
>>> late = apply(m, [joins("8@3")])
>>> [(r.round, r.ns, r.ew) for r in late.rows if r.table == 1][:4], late.note.split("; ")[-1]
([(1, None, '1'), (2, None, '2'), (3, '8', '3'), (4, '8', '4')], 'pair 8 joins at round 3 (the empty seat)')
>>> gone = apply(movement("howell", 4, boards_per_round=1), [leaves("5@2")])
>>> [(r.round, r.table, r.ns, r.ew) for r in gone.rows if r.round == 3 and None in (r.ns, r.ew)]
[(3, 3, None, '6')]
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace

from .schedule import Movement, Row, played_unequally

__all__ = ["Change", "leaves", "joins", "swap", "apply", "rest_of_evening"]

_PAIR_AT = re.compile(r"^\s*(?:(NS|EW)\s*)?([0-9]{1,4})\s*@\s*([0-9]{1,3})\s*$", re.IGNORECASE)
_TABLES_AT = re.compile(r"^\s*([0-9]{1,3})\s*[-,:]\s*([0-9]{1,3})\s*@\s*([0-9]{1,3})\s*$")


@dataclass(frozen=True)
class Change:
    """One change: ``kind`` leaves, joins or swap; the pair (its direction, "" when one field) or the two tables;
    the round."""

    kind: str
    round: int
    pair: str = ""
    side: str = ""
    tables: tuple[int, int] = (0, 0)

    def __str__(self) -> str:
        who = f"{self.side} {self.pair}" if self.side else f"pair {self.pair}"
        if self.kind == "leaves":
            return f"{who} leaves after round {self.round}"
        if self.kind == "joins":
            return f"{who} joins at round {self.round}"
        return f"tables {self.tables[0]} and {self.tables[1]} swapped their boards in round {self.round}"


def _pair_at(text: str, kind: str, flag: str) -> Change:
    m = _PAIR_AT.match(text)
    if not m:
        raise ValueError(f"{flag} {text!r}: expected PAIR@ROUND, e.g. 9@3 (or NS 3@4, EW 3@4 with two winners)")
    return Change(kind, int(m.group(3)), str(int(m.group(2))), (m.group(1) or "").upper())


def leaves(text: str) -> Change:
    """``PAIR@R``: the pair leaves after round R.

    >>> str(leaves("EW 3@4")), str(leaves("9@2"))
    ('EW 3 leaves after round 4', 'pair 9 leaves after round 2')
    """
    return _pair_at(text, "leaves", "--leaves")


def joins(text: str) -> Change:
    """``PAIR@R``: the late pair joins at round R."""
    return _pair_at(text, "joins", "--joins")


def swap(text: str) -> Change:
    """``A-B@R``: tables A and B played each other's boards in round R.

    >>> str(swap("3-4@2"))
    'tables 3 and 4 swapped their boards in round 2'
    """
    m = _TABLES_AT.match(text)
    if not m or m.group(1) == m.group(2):
        raise ValueError(f"--swap-boards {text!r}: expected TABLE-TABLE@ROUND, e.g. 3-4@2 (two tables)")
    return Change("swap", int(m.group(3)), tables=(int(m.group(1)), int(m.group(2))))


def _seat_of(m: Movement, c: Change, row: Row) -> str | None:
    """Where ``c``'s pair sits at ``row``: "ns", "ew" or None."""
    if m.winners == 2 and not c.side:
        raise ValueError(f"{c}: with two winners name the pair NS {c.pair} or EW {c.pair}")
    for seat, pair in (("ns", row.ns), ("ew", row.ew)):
        if pair == c.pair and (not c.side or c.side.lower() == seat or m.winners == 1):
            return seat
    return None


def _seated(row: Row, seat: str, pair: str | None) -> Row:
    """``row`` with ``pair`` in its ``seat`` ("ns" or "ew"; None: empty)."""
    return replace(row, ns=pair) if seat == "ns" else replace(row, ew=pair)


def _round(m: Movement, c: Change, last: int) -> None:
    if not 1 <= c.round <= last:
        raise ValueError(f"{c}: the movement has rounds 1 to {m.rounds}" + (" (a pair leaves before the last)"
                                                                            if last < m.rounds else ""))


def _leave(m: Movement, c: Change) -> tuple[list[Row], str]:
    _round(m, c, m.rounds - 1)
    rows, seen = [], False
    for row in m.rows:
        seat = _seat_of(m, c, row)
        seen = seen or seat is not None
        rows.append(_seated(row, seat, None) if seat and row.round > c.round else row)
    if not seen:
        raise ValueError(f"{c}: no such pair in the movement")
    return rows, f"{c}: its opponents sit out from round {c.round + 1}"


def _join(m: Movement, c: Change) -> tuple[list[Row], str]:
    """The rows of ``m`` with ``c``'s late pair in the empty seat from round ``c.round`` on (its only empty seat
    each round; ValueError else): the seat a missing pair leaves follows a pair's path, so no rule breaks
    (``--joins``, and :func:`mpxl.core.movement_kinds.late_pair`)."""
    _round(m, c, m.rounds)
    if any(_seat_of(m, c, row) for row in m.rows if row.round >= c.round):
        raise ValueError(f"{c}: pair {c.pair} plays already from round {c.round}")
    empty: dict[int, list[tuple[Row, str]]] = {}
    for row in m.rows:
        if row.round >= c.round and (row.ns is None) != (row.ew is None):  # one pair there: a seat to take
            seat = "ns" if row.ns is None else "ew"
            if not c.side or c.side.lower() == seat or m.winners == 1:
                empty.setdefault(row.round, []).append((row, seat))
    if not empty:
        raise ValueError(f"{c}: no empty seat from round {c.round} (a late pair takes a missing pair's seat: "
                         "--pairs 2T-1, or the seat of a pair that left)")
    several = [r for r, seats in empty.items() if len(seats) > 1]
    if several:
        raise ValueError(f"{c}: round {several[0]} has {len(empty[several[0]])} empty seats: which one the late pair "
                         "takes is not known (one pair missing at a time)")
    take = {id(row): seat for seats in empty.values() for row, seat in seats}
    return [_seated(row, take[id(row)], c.pair) if id(row) in take else row for row in m.rows], f"{c} (the empty seat)"


def _swap(m: Movement, c: Change) -> tuple[list[Row], str]:
    _round(m, c, m.rounds)
    a, b = c.tables
    at = {row.table: row for row in m.rows if row.round == c.round}
    if a not in at or b not in at:
        raise ValueError(f"{c}: the movement has tables 1 to {m.tables}")
    boards = {a: at[b].boards, b: at[a].boards}
    rows = [replace(row, boards=boards[row.table]) if row.round == c.round and row.table in boards else row
            for row in m.rows]
    played: dict[str, set[int]] = {}
    out: list[Row] = []
    dropped: list[str] = []
    for row in sorted(rows, key=lambda r: (r.round, r.table)):
        keys = [f"{side}{p}" if m.winners == 2 else p for side, p in (("NS", row.ns), ("EW", row.ew)) if p]
        again = {x for x in row.boards if any(x in played.get(k, set()) for k in keys)}
        if again and row.round == c.round:
            raise ValueError(f"{c}: cannot be: at table {row.table} a pair would have played board {min(again)} "
                             "twice")
        if again and row.round > c.round:
            dropped.append(f"board{'s' * (len(again) > 1)} {', '.join(map(str, sorted(again)))} not played at table "
                           f"{row.table} in round {row.round}")
            row = replace(row, boards=tuple(x for x in row.boards if x not in again))
        for k in keys:
            played.setdefault(k, set()).update(row.boards)
        out.append(row)
    return out, f"{c}" + (f": {'; '.join(dropped)} (played there already)" if dropped else "")


def apply(m: Movement, changes: list[Change]) -> Movement:
    """``m`` with ``changes`` made in their order (ValueError of one line for one that cannot be made); its note
    says each change, last, after the boards then played fewer times (a joining pair fills the missing pair's
    seat: the note that it is missing goes).

    >>> from mpxl.core.movement import movement
    >>> apply(movement("mitchell", 3, 2, pairs=5), [joins("EW 3@2")]).note
    'boards 5-6 are played 2 times, the others (1-4) 3 times; EW 3 joins at round 2 (the empty seat)'
    """
    kept = [x for x in m.note.split("; ") if x]
    said = []
    for c in changes:
        rows, note = {"leaves": _leave, "joins": _join, "swap": _swap}[c.kind](m, c)
        said.append(note)
        kept = [x for x in kept if c.kind != "joins" or "missing" not in x]
        m = replace(m, rows=tuple(rows))
    kept = [x for x in kept if "the others (" not in x]  # the boards played fewer times: said afresh
    unequal = played_unequally(m.rows)
    return replace(m, note="; ".join(kept + ([unequal] if unequal else []) + said))


def rest_of_evening(m: Movement, first: int) -> Movement:
    """The rounds of ``m`` from round ``first`` on (the cards to print after a change).

    >>> from mpxl.core.movement import movement
    >>> rest = rest_of_evening(movement("mitchell", 3, boards_per_round=1), 2)
    >>> rest.rounds, rest.rows[0].round, rest.note
    (3, 2, 'from round 2')
    """
    rows = tuple(r for r in m.rows if r.round >= first)
    return replace(m, rows=rows, note="; ".join(x for x in (m.note, f"from round {first}") if x))
