"""The input of ``mpxl score`` read and scored as the command line says (:func:`score_input`): any results
file or the tablets' database (the director's work in the ``-o`` workbook kept), ``--title``, ``--date`` and
``--club`` over the file's own, the options chosen (:mod:`mpxl.commands.choice`)."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from typing import TYPE_CHECKING

from ..core.event import Club, Event
from ..core.session import SessionResult, score_event
from .choice import Chosen, choose_options
from .given import Given

if TYPE_CHECKING:
    from ..formats.bws import Reading

__all__ = ["given_heading", "score_input", "to_settle", "against_file"]


def score_input(
    args: argparse.Namespace, warn: bool = True, live: bool = False
) -> tuple[Event, Reading | None, SessionResult, Chosen]:
    """(event, the tablets' Reading or None, the scored result, the Chosen options) of ``args.input``
    (any results file or the tablets' database, ``--deals`` attached); warnings on stderr when ``warn``;
    ``live``: its results still arriving (``--watch``: :attr:`mpxl.core.event.Event.live`)."""
    from ..formats.inputs import read_input

    given = Given.of(args)
    event, reading = read_input(args, warn, live)
    if reading is not None:  # the tablets' database into a workbook already there: the director's work kept
        _keep_workbook(event, given.outputs, warn, reading.earlier, reading.earlier_names)
    given_heading(event, given)
    chosen = choose_options(event, given)
    result = (chosen.inference.scored if chosen.inference else score_event)(event, chosen.options)
    return event, reading, result, chosen


def given_heading(event: Event, given: Given) -> None:
    """The event's title, date and club as ``--title``, ``--date`` and ``--club`` give them (each over the file's).

    >>> event = Event(title="Pairs", date="2026-11-24")
    >>> given_heading(event, Given(title=" Cup final ", club="Oslo"))
    >>> event.title, event.date, event.club
    ('Cup final', '2026-11-24', Club(name='Oslo', id=''))
    """
    if given.title is not None:
        event.title = given.title.strip()
    if given.date is not None:
        event.date = given.date.strip()
    if given.club is not None:  # the club's id, when the file gave one, kept
        club = given.club.strip()
        event.club = Club(club, event.club.id if event.club else "") if club else None


def to_settle(event: Event, path: str, warn: bool = True, movement: str | None = None) -> list[str]:
    """A workbook's traveller lines its Movement sheet did not send (with the likeliest fix), laid out with no
    result, and its movement's plays with no line (:func:`mpxl.workbook.settle.workbook_to_settle`); with
    ``movement`` (a file: :func:`mpxl.formats.movement_file.read_movement`), every line of any input checked
    against it (:mod:`mpxl.core.slips`). Each said on stderr when ``warn`` with what scoring them now means.
    ``score`` still scores what is there and exits 0, as for the tablets' database's missing results;
    ``mpxl check`` names them too and exits 1."""
    from ..workbook.settle import WORKBOOK_PROGRAM, workbook_to_settle

    found = list(event.to_settle) + (workbook_to_settle(event, path) if event.program == WORKBOOK_PROGRAM else [])
    if movement:
        found += against_file(event, movement)
    if warn and found:
        for line in found:
            print(f"mpxl: {path}: to settle: {line}", file=sys.stderr)
        print(f"mpxl: {path}: {len(found)} line(s) to settle, scored as they are (a missing result's board short, "
              f"estimated) until settled; mpxl check {path} exits 1 until then", file=sys.stderr)
    return found


def against_file(event: Event, path: str) -> list[str]:
    """Every line of ``event`` the movement of the file ``path`` did not send to its board (a board it does not
    play too, unless the lines are of several sessions: the file may be one session's), then every play of it
    nobody typed (:func:`mpxl.core.slips.against`)."""
    from ..core.slips import Play, Slip, against
    from ..formats.movement_file import read_movement

    m = read_movement(path)
    plays = [Play(str(b), r.ns, r.ew, str(r.round), str(r.table), f"movement {path}")
             for r in m.rows if r.ns and r.ew for b in r.boards]
    slips = [Slip(ln.where or f"board {ln.board}", str(ln.board), ln.ns_pair, ln.ew_pair,
                  str(ln.table) if ln.table is not None else "") for ln in event.lines]
    return against(plays, slips, missing=True, whole=len({ln.session for ln in event.lines}) <= 1)  # one session


def _keep_workbook(event: Event, outputs: Sequence[str], warn: bool,
                   earlier: dict[tuple[int, str, int, str, str], list[tuple[str, str | None, int | None]]],
                   earlier_names: dict[tuple[str, str, str | None], list[tuple[str, ...]]] | None = None) -> None:
    """The director's cells of the workbook already there among ``outputs`` (``-o``) put on ``event``, read
    from the tablets' database (:mod:`mpxl.workbook.keep`); each change the tablets made under a ruling named on stderr
    (always: it needs the director's eye), what was kept when ``warn``; ``earlier``, the results the tablets
    gave before their latest, ``earlier_names`` the pairs' names before the tables changed them. UserError (nothing
    written) when the workbook cannot be kept."""
    from ..workbook.keep import existing_workbook, keep_directors_work

    path = existing_workbook(list(outputs))
    if path is None:
        return
    kept = keep_directors_work(event, path, earlier, earlier_names)
    for change in kept.changes:
        print(f"mpxl: {path}: {change}", file=sys.stderr)
    if warn:
        print(kept.summary(path), file=sys.stderr)
