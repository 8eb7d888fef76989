"""The input of ``score`` and ``check``: any results file, or the tablets' database with what a
scorer must look at; ``--deals FILE`` attaches a hand record to any of them (any deals file:
:mod:`mpxl.formats.deals`).

>>> from mpxl.core.event import Event
>>> ev = Event()
>>> attach_deals(ev, None) is ev
True
"""

from __future__ import annotations

from argparse import Namespace
from collections.abc import Iterable
from typing import TYPE_CHECKING

from ..core.errors import UserError
from ..core.event import Event
from ..core.schedule import board_ranges
from . import format_of, read_event
from .common import read_bytes, warn_unusual
from .deals import read_deals
from .deals.checked import standard_vulnerability

if TYPE_CHECKING:
    from .atomic import StrPath
    from .bws import Reading

__all__ = ["read_input", "attach_deals", "is_bws", "is_journal", "read_deals", "board_list", "default_title",
           "standard_vulnerability"]


def is_bws(path: StrPath) -> bool:
    """Whether ``path`` is the tablets' database (by its extension, else by its first bytes)."""
    try:
        head = read_bytes(path, 32)
    except UserError:
        return format_of(path) == "bws"
    return format_of(path, head) == "bws"


def is_journal(path: StrPath) -> bool:
    """Whether ``path`` is the evening's journal of the tablets through the Data Connector (by its first bytes:
    ``mpxl tablets start`` writes it, :mod:`mpxl.formats.journal`).

    >>> is_journal("no-such-file.json")
    False
    """
    try:
        head = read_bytes(path, 64)
    except UserError:
        return False
    return format_of(path, head) == "tablets"


def attach_deals(event: Event, path: StrPath | None) -> Event:
    """``event`` with the deals of the deals file ``path`` (a PBN's ``[Deal]`` tags: BridgeComposer, Dealer,
    any PBN; a dealing machine's file: :func:`read_deals`) of the boards the event has, replacing the event's
    own; UserError when it has none, or none of the event's boards (a hand record of other boards); a board
    of the event it has no deal for is named in the event's warnings."""
    if not path:
        return event
    deals = read_deals(path)
    boards = {ln.board for ln in event.lines}
    missing = deals_missing(path, deals, boards, "the results are of boards")
    if missing:
        event.warnings.append(missing)
    event.deals.update((b, d) for b, d in deals.items() if b in boards or not boards)
    shared = _played_again(event, deals)
    if shared:  # a deals file names no session: its hand of a number is the first session's to play it
        event.warnings.append(f"{path}: a deals file names no session, and {shared}: its hands are shown for the "
                              "first session to play each number, the later sessions' boards of those numbers without")
    if format_of(path) == "pbn":  # its analysis tags, where it has them (mpxl deal --analyse writes them)
        from .pbn import read_pbn_analyses

        event.analyses.update((b, a) for b, a in read_pbn_analyses(path, deals).items() if b in event.deals)
    return event


def _played_again(event: Event, deals: Iterable[int]) -> str:
    """The boards of ``deals`` that a later session plays again under the same number, said (``board 1 is played
    in sessions 1 and 2``), or ''.

    >>> from mpxl.core.event import Line
    >>> _played_again(Event(lines=[Line(1, "1", "2", session=1), Line(1, "1", "2", session=2),
    ...                            Line(2, "1", "2", session=2)]), [1, 2])
    'board 1 is played in sessions 1 and 2'
    """
    sessions: dict[int, set[int]] = {}
    for ln in event.lines:
        sessions.setdefault(ln.board, set()).add(ln.session)
    again: dict[tuple[int, ...], list[int]] = {}
    for b in sorted(set(deals)):
        if len(sessions.get(b, ())) > 1:
            again.setdefault(tuple(sorted(sessions[b])), []).append(b)
    return "; ".join(f"board{'s' if len(bs) > 1 else ''} {board_ranges(bs)} {'are' if len(bs) > 1 else 'is'} played in "
                     f"sessions {', '.join(map(str, s[:-1]))} and {s[-1]}" for s, bs in again.items())


def deals_missing(path: StrPath, deals: Iterable[int], boards: Iterable[int], whose: str) -> str | None:
    """What a deals file ``path`` of the boards ``deals`` lacks for the ``boards`` played (``whose`` names them:
    "the results are of boards"): UserError when it holds none of them (a hand record of other boards), else the
    line naming the boards it has no deal for, or None. No boards played: any deals do, but none is no hand record.

    >>> deals_missing("h.pbn", range(13, 37), range(1, 25), "the movement's boards are")
    '--deals h.pbn: no deal for boards 1-12'
    >>> deals_missing("h.pbn", range(40, 51), range(1, 25), "the movement's boards are")
    Traceback (most recent call last):
    ...
    mpxl.core.errors.UserError: h.pbn: its deals are for boards 40-50, the movement's boards are 1-24: a hand record \
of other boards
    """
    dealt, played = set(deals), set(boards)
    if not dealt:
        raise UserError(str(path), "", "no deals (in a PBN, no [Board] with a [Deal] tag): not a hand record")
    if played and not played & dealt:
        raise UserError(str(path), "", f"its deals are for boards {board_list(dealt)}, {whose} "
                        f"{board_list(played)}: a hand record of other boards")
    return f"--deals {path}: no deal for boards {board_list(played - dealt)}" if played - dealt else None


def board_list(boards: Iterable[int]) -> str:
    """Board numbers as runs: ``1-3, 7`` (:func:`mpxl.core.schedule.board_ranges`).

    >>> board_list([3, 1, 2, 7, 9, 10])
    '1-3, 7, 9-10'
    """
    return board_ranges(boards)


_WEEKDAYS = ("Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday")


def default_title(event: Event) -> str:
    """A title for an event whose file names none (the tablets' database), from what it knows: the club,
    the day of the week of its date, the session and the sections; never just a date.

    >>> from mpxl.core.event import Club, Event, Line
    >>> default_title(Event(date="2005-05-09"))
    'Monday Pairs'
    >>> default_title(Event(date="", club=Club("Riverside BC"), lines=[Line(1, "1", "2", "A", session=2),
    ...                                                               Line(1, "1", "2", "B", session=2)]))
    'Riverside BC Pairs, session 2, sections A and B'
    """
    import datetime as _dt  # loaded where a title is made

    try:
        day = _WEEKDAYS[_dt.date.fromisoformat(event.date.strip()[:10]).weekday()] + " "  # not the locale's
    except ValueError:
        day = ""
    club = event.club.name.strip() + " " if event.club is not None and event.club.name.strip() else ""
    sessions = sorted({ln.session for ln in event.lines})
    session = event.session_number or (sessions[-1] if sessions else 1)
    sections = sorted({ln.section for ln in event.lines if ln.section})
    parts = [f"{club}{day}Pairs"]
    if session > 1 or (event.session_count or len(sessions)) > 1:
        parts.append(f"session {session}")
    if len(sections) > 1:
        parts.append("sections " + ", ".join(sections[:-1]) + " and " + sections[-1])
    return ", ".join(parts)


def read_input(args: Namespace, warn: bool = True, live: bool = False) -> tuple[Event, Reading | None]:
    """(the event, the tablets' :class:`~mpxl.formats.bws.Reading` or None for another file) of
    ``args.input``, with ``args.deals`` attached; the warnings printed on stderr when ``warn``; ``live``: its
    results still arriving (:attr:`mpxl.core.event.Event.live`; the tablets' missing results of a round not
    begun not yet due: :meth:`mpxl.formats.bws.Reading.go_live`)."""
    import sys

    reading: Reading | None = None
    warnings: list[str]
    journal = is_journal(args.input)
    if journal or is_bws(args.input):  # the tablets: their journal (through the Data Connector) or database
        from .bws import read_bws_reading

        if journal:
            from .journal import evening_reading

            reading = evening_reading(args.input)
        else:
            reading = read_bws_reading(str(args.input))
        if live:
            reading.go_live()
        event = reading.event
        if not event.lines:
            raise UserError(str(args.input), "", "no results from the tablets yet" if journal
                            else "no results in the database yet (ReceivedData is empty)")
        from ..core.pairings import check_duplicates

        check_duplicates(event)
        event.title = event.title or default_title(event)
        warnings = reading.warnings()
    else:
        event = read_event(args.input)
        warnings = []
    event.live = live
    attach_deals(event, getattr(args, "deals", None))
    warnings += warn_unusual(event, args.input)
    if warn:
        for w in warnings:
            print(f"mpxl: {w}", file=sys.stderr)
    return event, reading
