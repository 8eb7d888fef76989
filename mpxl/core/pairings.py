"""Who meets whom on each board: a table or a pair twice on a board is refused, and the pair
numbers of a section tell whether it has one winner or two.

The rules work on the lines as columns (one list per field: session, section, board, pairs,
table), so the column-by-column reading checks a million lines inside Python's C loops; an
:class:`~mpxl.core.event.Event` is checked through the same functions.

>>> two_winner_sections(["A", "A"], ["1", "2"], ["2", "1"])        # NS 1 meets EW 2 and NS 2 meets EW 1
{'A': False}
>>> boards_look_distinct(None, None, [1, 1], ["1", "3"], ["2", "1"], None, {"": False})   # pair 1 twice
False
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import compress, count, groupby, islice
from operator import attrgetter, eq, ne
from typing import Any

from .errors import UserError
from .event import Event, Line, Travellers, gather

__all__ = [
    "BoardRanges",
    "board_ranges",
    "travellers_board_ranges",
    "gather",
    "boards_look_distinct",
    "two_winner_sections",
    "check_duplicates",
    "find_duplicate",
]


#: (session, section, board) -> the ranges of its lines' positions, in file order.
BoardRanges = dict[tuple[int, str, int], list[range]]


def board_ranges(session: list[int] | None, section: list[str] | None, board: list[int]) -> BoardRanges:
    """(session, section, board) -> the ranges of its lines' positions, in file order
    (session 1 and section '' where the column is None).

    A board's lines mostly follow one another (a traveller), or come every so many lines (a
    file written table by table): the places where the key changes are found in one C loop,
    and each run of lines is one range, single lines an equal step apart one stepped range.

    >>> board_ranges(None, None, [1, 1, 2, 1])
    {(1, '', 1): [range(0, 2), range(3, 4)], (1, '', 2): [range(2, 3)]}
    >>> board_ranges(None, None, [1, 2, 3, 1, 2, 3, 1, 2, 3])[(1, '', 2)]      # table by table
    [range(1, 8, 3)]
    >>> board_ranges([1, 2], ["A", "A"], [5, 5])
    {(1, 'A', 5): [range(0, 1)], (2, 'A', 5): [range(1, 2)]}
    """
    if not board:
        return {}
    # where the key changes: where any of its columns does (no key made per line)
    changes = [list(compress(count(1), map(ne, islice(c, 1, None), c)))
               for c in (session, section, board) if c is not None]
    changed = [c for c in changes if c]
    cuts = changed[0] if len(changed) == 1 else sorted(set().union(*changed))
    starts = [0, *cuts, len(board)]
    boards: BoardRanges = {}
    for start, stop in zip(starts, islice(starts, 1, None)):
        key = (1 if session is None else session[start], "" if section is None else section[start], board[start])
        ranges = boards.get(key)
        if ranges is None:
            boards[key] = [range(start, stop)]
            continue
        last = ranges[-1]
        if stop == start + 1 and (len(last) == 1 or (last.step > 1 and start == last[-1] + last.step)):
            ranges[-1] = range(last.start, stop, start - last[-1])  # single lines an equal step apart
        else:
            ranges.append(range(start, stop))
    return boards


def travellers_board_ranges(t: Travellers, by_section: bool = True) -> BoardRanges:
    """:func:`board_ranges` of the lines ``t`` (boards within each section, or, ``by_section``
    False, across the field), made once for the checks and the scorer.

    >>> t = Travellers(board=[1, 2, 1], ns_pair=["1", "1", "3"], ew_pair=["2", "2", "4"], score=[1, 2, 3])
    >>> travellers_board_ranges(t) is travellers_board_ranges(t), travellers_board_ranges(t)[(1, "", 1)]
    (True, [range(0, 3, 2)])
    """
    made = t.board_ranges_made.get(by_section)
    if made is None or made[0] != len(t):
        made = t.board_ranges_made[by_section] = (len(t), board_ranges(t.session, t.section if by_section else None,
                                                                       t.board))
    return made[1]


def boards_look_distinct(
    session: list[int] | None,
    section: list[str] | None,
    board: list[int],
    ns_pair: list[str],
    ew_pair: list[str],
    table: list[int | str | None] | None,
    two_winner: dict[str, bool],
    boards: BoardRanges | None = None,
) -> bool:
    """True when no board (session, section and board) of these lines, given as columns (session
    and section may be None: all 1, all ''), has a table or a pair twice, nor a pair both NS and EW
    where ``two_winner`` (section -> bool) is not True; False when one may have. Found board by
    board with sets; :func:`find_duplicate` then finds the line at fault.
    ``boards`` is :func:`board_ranges` of the same columns, when already made.

    >>> boards_look_distinct(None, None, [1, 1, 2], ["1", "3", "1"], ["2", "4", "2"], [1, 2, 1], {"": True})
    True
    """
    if boards is None:
        boards = board_ranges(session, section, board)
    ns_pair, ew_pair = _as_text(ns_pair), _as_text(ew_pair)
    tables_of = None if table is None else _as_text(table)
    for (_session, sec, _board), ranges in boards.items():
        ns, ew = gather(ns_pair, ranges), gather(ew_pair, ranges)
        n = len(ns)
        if two_winner.get(sec):  # NS 1 and EW 1 are two pairs
            if len(set(ns)) != n or len(set(ew)) != n:
                return False
        elif len(set(ns).union(ew)) != 2 * n:  # one pair each: also a pair both NS and EW
            return False
        if tables_of is not None:
            tables = gather(tables_of, ranges)
            if None in tables:
                tables = [x for x in tables if x is not None]
            if len(set(tables)) != len(tables):
                return False
    return True


def _as_text(values: list[Any]) -> list[Any]:
    """Values that are equal exactly when their texts are (``1`` and ``'1'`` are one table):
    the values themselves when they are all of one class (or None), else their texts."""
    classes = set(map(type, values))
    classes.discard(type(None))
    return values if len(classes) <= 1 else [None if v is None else str(v) for v in values]


def two_winner_sections(section: list[str], ns_pair: list[str], ew_pair: list[str],
                        board: Sequence[object] | None = None) -> dict[str, bool]:
    """Section -> True for a two-winner section, from the lines' sections and pairs (columns):
    no pair number both NS and EW in the section, or NS n meeting EW n on a line (Mitchell
    numbering, where NS 1 and EW 1 are different pairs), or, given the lines' ``board``, a number
    both NS and EW on one board (one pair cannot sit twice at a board: two pairs share the
    number); sections in order of first appearance.

    >>> two_winner_sections(["A", "A", "B", "B"], ["1", "2", "1", "3"], ["1", "3", "2", "1"])
    {'A': True, 'B': False}
    >>> two_winner_sections(["A"] * 3, ["1", "2", "1"], ["2", "1", "2"], board=[1, 1, 2])  # NS 1, EW 1 on board 1
    {'A': True}
    """
    seen: dict[str, tuple[set[str], set[str], list[bool]]] = {}
    start = 0
    for sec, run in groupby(section):  # a section's lines mostly follow one another
        stop = start + len(list(run))
        ns, ew = ns_pair[start:stop], ew_pair[start:stop]
        s = seen.get(sec)
        if s is None:
            s = seen[sec] = (set(), set(), [False])
        s[0].update(ns)
        s[1].update(ew)
        if not s[2][0] and any(map(eq, ns, ew)):
            s[2][0] = True
        start = stop
    if board is not None:
        sides: dict[tuple[str, object], tuple[set[str], set[str]]] = {}
        for sec, b, n, e in zip(section, board, ns_pair, ew_pair):
            if not seen[sec][2][0]:
                got = sides.setdefault((sec, b), (set(), set()))
                got[0].add(n)
                got[1].add(e)
        for (sec, _), (ns_here, ew_here) in sides.items():
            if ns_here & ew_here:
                seen[sec][2][0] = True
    return {sec: mitchell[0] or not (ns & ew) for sec, (ns, ew, mitchell) in seen.items()}


def check_duplicates(event: Event) -> None:
    """Refuse a board where one pair has two lines (two lines for one table, or a pair twice).

    >>> ev = Event(lines=[Line(1, "1", "2", where="line 2"), Line(1, "1", "3", where="line 3")], source="f.csv")
    >>> check_duplicates(ev)
    Traceback (most recent call last):
    ...
    mpxl.core.errors.UserError: f.csv: line 3: board 1: pair 1 already has a line on this board (line 2)

    The readers, :func:`mpxl.formats.read_event` and :func:`mpxl.core.session.score_event` all call
    this; an event that passed is not checked again while it keeps the same list of lines, of
    the same length, and the same winners (lines are not edited in place between reading and scoring).
    """
    if event.sitouts:
        _check_sitouts(event)
    stamp = (len(event.lines), tuple(event.winners.items()))
    checked = event._duplicates_checked
    if checked is not None and checked[0] is event.lines and checked[1] == stamp:
        return
    if not _event_looks_distinct(event):
        find_duplicate(event)
    event._duplicates_checked = (event.lines, stamp)


def _check_sitouts(event: Event) -> None:
    """Refuse a pair that sits out a board it also plays, or sits it out twice, or sits out a board
    that no table of its section played (a sit-out belongs to a board that was played).

    >>> from mpxl.core.event import SitOut
    >>> ev = Event(lines=[Line(1, "1", "2", where="line 2")], sitouts=[SitOut(1, "2", "EW", where="line 3")],
    ...            source="f.csv")
    >>> _check_sitouts(ev)
    Traceback (most recent call last):
    ...
    mpxl.core.errors.UserError: f.csv: line 3: board 1: pair 2 sits out a board it plays (line 2)
    """
    winners = event.winners
    seen: dict[tuple[int, str, int, str, str], str] = {}
    for ln in event.lines:
        two = winners.get(ln.section) == 2
        for side, pair in (("NS", ln.ns_pair), ("EW", ln.ew_pair)):
            seen.setdefault((ln.session, ln.section, ln.board, side if two else "", str(pair)), ln.where)
    boards = {key[:3] for key in seen}
    sat: dict[tuple[int, str, int, str, str], str] = {}
    for so in event.sitouts:
        if (so.session, so.section, so.board) not in boards:
            raise UserError(event.source, so.where, f"board {so.board}: pair {so.pair} sits out a board that no "
                            "table of its section played")
        key = (so.session, so.section, so.board, so.direction if winners.get(so.section) == 2 else "", so.pair)
        if key in seen:
            raise UserError(event.source, so.where, f"board {so.board}: pair {so.pair} sits out a board it plays "
                            f"({seen[key]})")
        if key in sat:
            raise UserError(event.source, so.where, f"board {so.board}: pair {so.pair} already sits out this board "
                            f"({sat[key]})")
        sat[key] = so.where


_SESSION, _SECTION, _BOARD = attrgetter("session"), attrgetter("section"), attrgetter("board")
_TABLE, _NS_PAIR, _EW_PAIR = attrgetter("table"), attrgetter("ns_pair"), attrgetter("ew_pair")


def _event_looks_distinct(event: Event) -> bool:
    """:func:`boards_look_distinct` of the event's lines."""
    lines = event.lines
    winners = event.winners
    section = list(map(_SECTION, lines))
    return boards_look_distinct(list(map(_SESSION, lines)), section, list(map(_BOARD, lines)),
                                list(map(_NS_PAIR, lines)), list(map(_EW_PAIR, lines)), list(map(_TABLE, lines)),
                                {sec: winners.get(sec) == 2 for sec in set(section)})


def find_duplicate(event: Event) -> None:
    """Raise the UserError naming the first line at fault, in file order (nothing when none is)."""
    winners = event.winners
    # (session, section, board) -> (tables, NS pairs, EW pairs) seen, each -> its line
    boards: dict[tuple[int, str, int], tuple[dict[str, Line], dict[str, Line], dict[str, Line]]] = {}
    for ln in event.lines:
        section = ln.section
        two = winners.get(section) == 2
        ns, ew = str(ln.ns_pair), str(ln.ew_pair)
        if ns == ew and not two:
            raise UserError(event.source, ln.where, f"board {ln.board}: pair {ln.ns_pair} is both NS and EW")
        key = (ln.session, section, ln.board)
        seen = boards.get(key)
        if seen is None:
            ns_seen: dict[str, Line] = {}
            seen = boards[key] = ({}, ns_seen, {} if two else ns_seen)  # one-winner: NS 1 and EW 1 are one pair
        tables, ns_seen, ew_seen = seen
        if ln.table is not None:
            table = str(ln.table)
            other = tables.get(table)
            if other is not None:
                raise UserError(event.source, ln.where,
                                f"board {ln.board}: table {ln.table} already has a line on this board ({other.where})")
            tables[table] = ln
        for pairs, pair, text in ((ns_seen, ln.ns_pair, ns), (ew_seen, ln.ew_pair, ew)):
            other = pairs.get(text)
            if other is not None:
                raise UserError(event.source, ln.where,
                                f"board {ln.board}: pair {pair} already has a line on this board ({other.where})")
            pairs[text] = ln
