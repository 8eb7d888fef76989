"""Traveller slips checked against the movement: a line whose pairs the movement did not send to its board,
with the likeliest fix, and a play of the movement nobody typed (no I/O).

The one rule every reader uses (the workbook's Movement sheet, the tablets' RoundData, a movement file given
to ``mpxl score`` / ``mpxl check`` with ``--movement``): a line of board *b* with NS *n* and EW *e* is in the
movement when it has a play of *b* by NS *n* v EW *e*. When it is not, the likeliest misreading of a paper
slip is named, in this order:

1. **the pairs swapped**: the movement has NS *e* v EW *n* on board *b*;
2. **the pair of the neighbouring table**: one of the two pairs is right on board *b*, the other pair sat at
   the next or the previous table that round;
3. **the board number misread**: NS *n* v EW *e* met, on another board;
4. **the other pair misread**: one of the two pairs is right on board *b*.

>>> plays = [Play("1", "8", "3", "1", "1"), Play("1", "5", "2", "1", "2"), Play("2", "7", "1", "1", "3"),
...          Play("2", "4", "6", "1", "4")]
>>> print(against(plays, [Slip("row 5", "1", "3", "8"), Slip("row 6", "1", "5", "2")])[0])
row 5: board 1: NS 3 v EW 8 is not in the movement (it has NS 5 v EW 2, NS 8 v EW 3): likeliest fix: the pairs \
swapped (NS 8 v EW 3, round 1, table 1)
>>> print(against(plays, [Slip("row 7", "1", "5", "1")])[0])
row 7: board 1: NS 5 v EW 1 is not in the movement (it has NS 5 v EW 2, NS 8 v EW 3): likeliest fix: the pair of \
the neighbouring table: NS 5 played board 1 against EW 2 (round 1, table 2); EW 1 sat at table 3 that round
>>> print(against(plays, [Slip("row 8", "1", "4", "6")])[0])
row 8: board 1: NS 4 v EW 6 is not in the movement (it has NS 5 v EW 2, NS 8 v EW 3): likeliest fix: the board \
number misread: NS 4 v EW 6 played board 2 (round 1, table 4)
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import NamedTuple

from .schedule import board_ranges

__all__ = ["Play", "Slip", "key", "likeliest_fix", "against", "not_sent", "untyped"]


class Play(NamedTuple):
    """A board the movement sends to a table: its board, NS and EW pairs, round and table (as text; the round
    and table "" when not known), and where it is listed ("" when nowhere a director sees)."""

    board: str
    ns: str
    ew: str
    round: str = ""
    table: str = ""
    where: str = ""


class Slip(NamedTuple):
    """A typed traveller line: where it is, its board and pairs (as typed), and its table and round when the
    line gives them ("" when not)."""

    where: str
    board: str
    ns: str
    ew: str
    table: str = ""
    round: str = ""


def key(value: object) -> str:
    """A board or pair as the movement and the lines both write it (``3``, ``3.0`` and `` 3`` alike).

    >>> key(3.0), key(" 12 "), key(None)
    ('3', '12', '')
    """
    return "" if value is None else str(value).strip().removesuffix(".0")


def _seat(p: Play) -> str:
    where = ", ".join(x for x in (f"round {p.round}" if p.round else "", f"table {p.table}" if p.table else "") if x)
    return f" ({where})" if where else ""


def _neighbour(a: str, b: str, tables: int) -> bool:
    """Whether tables ``a`` and ``b`` are next to each other (table 1 and the last too: the movement's cycle)."""
    if not (a.isdigit() and b.isdigit()):
        return False
    d = abs(int(a) - int(b))
    return d == 1 or (tables > 3 and d == tables - 1)


def likeliest_fix(slip: Slip, plays: Sequence[Play]) -> tuple[str, Play | None]:
    """What ``slip`` (a line the movement did not send to its board) most likely is, in words, and the play it
    most likely is (None when no fix is likely): see the module's docstring for the order."""
    b, ns, ew = key(slip.board), key(slip.ns), key(slip.ew)
    on_board = [p for p in plays if p.board == b]
    for p in on_board:
        if (p.ns, p.ew) == (ew, ns):
            return f"the pairs swapped (NS {p.ns} v EW {p.ew}{_seat(p).replace(' (', ', ').rstrip(')')})", p
    here = [p for p in plays if (p.ns, p.ew) == (ns, ew) and key(slip.table) and p.table == key(slip.table)
            and key(slip.round) in ("", p.round)]
    if here:  # the pairs of that table (and round): the board's number is what was misread
        return _misread(here), here[0] if len(here) == 1 else None
    tables = len({p.table for p in plays})
    one_right = []
    for p in on_board:
        if p.ns == ns or p.ew == ew:
            right, wrong, side, other = (("NS", ns), ew, "EW", p.ew) if p.ns == ns else (("EW", ew), ns, "NS", p.ns)
            same_round = [q for q in plays if q.round == p.round and q.round]
            where = next((q for q in same_round if (q.ew if side == "EW" else q.ns) == wrong),  # its own side first
                         next((q for q in same_round if wrong in (q.ns, q.ew)), None))
            sat = f"; {side} {wrong} sat at table {where.table} that round" if where and where.table else ""
            said = f"{right[0]} {right[1]} played board {b} against {side} {other}{_seat(p)}{sat}"
            if where and _neighbour(where.table, p.table, tables):
                return f"the pair of the neighbouring table: {said}", p
            one_right.append((f"the other pair misread: {said}", p))
    met = [p for p in plays if (p.ns, p.ew) == (ns, ew)]
    if met:
        return _misread(met), met[0] if len(met) == 1 else None
    if one_right:
        return one_right[0]
    return "", None


def _misread(met: Sequence[Play]) -> str:
    first = met[0]
    boards = ", ".join(p.board for p in met)
    return (f"the board number misread: NS {first.ns} v EW {first.ew} played board{'s' * (len(met) > 1)} "
            f"{boards}{_seat(first)}")


def not_sent(plays: Iterable[Play], slips: Iterable[Slip], whole: bool = False) -> list[tuple[Slip, str, Play | None]]:
    """Each slip of a board the movement plays whose pairs it did not send there: the slip, its message and the
    play it most likely is (:func:`likeliest_fix`). A board the movement does not play is judged only when the
    movement is ``whole`` (every board of the evening: a workbook's Movement sheet), not a part of it (another
    session's boards may be in the lines).

    >>> plays = [Play("1", "7", "11", "1", "7"), Play("2", "7", "11", "1", "7")]
    >>> not_sent(plays, [Slip("row 5", "999", "7", "11")])
    []
    >>> print(not_sent(plays, [Slip("row 5", "999", "7", "11")], whole=True)[0][1])
    row 5: board 999: the movement has no board 999 (its boards are 1-2): likeliest fix: the board number misread: \
NS 7 v EW 11 played boards 1, 2 (round 1, table 7)
    """
    every = [Play(key(p.board), key(p.ns), key(p.ew), key(p.round), key(p.table), p.where) for p in plays]
    sent: dict[str, set[tuple[str, str]]] = {}
    for p in every:
        sent.setdefault(p.board, set()).add((p.ns, p.ew))
    out = []
    for s in slips:
        b, pairs = key(s.board), (key(s.ns), key(s.ew))
        if b in sent and pairs in sent[b] or b not in sent and not (whole and sent):
            continue
        if b in sent:
            has = ", ".join(f"NS {n} v EW {e}" for n, e in sorted(sent[b], key=_order))
            what = f"NS {pairs[0]} v EW {pairs[1]} is not in the movement (it has {has})"
        else:
            what = f"the movement has no board {b} (its boards are {_boards(sent)})"
        fix, play = likeliest_fix(s, every)
        out.append((s, f"{s.where}: board {b}: {what}" + (f": likeliest fix: {fix}" if fix else ""), play))
    return out


def _boards(sent: Iterable[str]) -> str:
    """The movement's boards, runs joined (:func:`mpxl.core.schedule.board_ranges`), then any board that is no
    number.

    >>> _boards(["3", "1", "2", "7", "x"])
    '1-3, 7, x'
    """
    boards = list(sent)
    numbers = board_ranges(int(b) for b in boards if b.isdigit())
    others = sorted(b for b in boards if not b.isdigit())
    return ", ".join(([numbers] if numbers else []) + others)


def _order(pairs: tuple[str, str]) -> tuple[tuple[int, str], ...]:
    return tuple((int(x) if x.isdigit() else 0, x) for x in pairs)


def untyped(plays: Iterable[Play], slips: Iterable[Slip], explained: Iterable[Play] = ()) -> list[Play]:
    """The plays no slip has (board, NS and EW), in the movement's order, but those ``explained`` (a slip's
    likeliest fix names them already)."""
    typed = {(key(s.board), key(s.ns), key(s.ew)) for s in slips}
    told = {(key(p.board), key(p.ns), key(p.ew)) for p in explained}
    return [p for p in plays if (k := (key(p.board), key(p.ns), key(p.ew))) not in typed and k not in told]


def against(plays: Sequence[Play], slips: Sequence[Slip], missing: bool = False, whole: bool = False) -> list[str]:
    """Every slip the movement did not send (with the likeliest fix; a board it does not play too when it is
    ``whole``: :func:`not_sent`), then, with ``missing``, every play nobody typed (a line the movement expects):
    one message each."""
    wrong = not_sent(plays, slips, whole)
    out = [message for _, message, _ in wrong]
    if missing:
        explained = [p for _, _, p in wrong if p is not None]
        for p in untyped(plays, slips, explained):
            out.append(f"{p.where or 'the movement'}: board {key(p.board)}: NS {key(p.ns)} v EW {key(p.ew)}"
                       f"{_seat(p)}: no line typed (the movement sends this board there)")
    return out
