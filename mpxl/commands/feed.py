"""``mpxl score night.tablets.json --tablets``: the Data Connector's queues polled into the evening's journal,
scored, written, and only then accepted.

Each look: every queue polled (results, the players seated at the tables, their names, the director's
calls), what is new stored in the journal (:mod:`mpxl.formats.journal`, written atomically and synced),
the journal scored and every ``-o`` output rewritten (``--watch``: by :class:`mpxl.commands.bws.Watch`,
the loop of the tablets' database, so the director's workbook is kept, waited for while open, and never
replaced once saved meanwhile), and then each queue accepted up to the item the journal stored. A crash
anywhere in between loses nothing and doubles nothing: what was not accepted comes again and is
recognised. A director's call is said on the console. The Data Connector gone (BCS closed, the network
down), or an answer that is no answer: one line, exit 2; under ``--watch`` the line once, and the next
look tries again, the outputs holding the results scored last.

``MPXL_TABLETS_KILL=polled`` (or ``written``) ends the process abruptly at that point, as a crash would
(the tests' hook: the journal then holds what was polled, the queue not accepted).
"""

from __future__ import annotations

import argparse
import contextlib
import os
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from ..core.errors import UserError
from ..formats.atomic import LIVE, fingerprint
from ..formats.inputs import is_journal
from ..formats.journal import QUEUES, Evening, pair_names, read_evening, write_evening

if TYPE_CHECKING:
    from ..formats.dataconnector import Connector
    from .bws import Scorer, Writer

__all__ = ["connector_for", "feed", "feed_watch", "poll_all", "accept_all", "Polled",
           "call_line", "KILL"]

#: The environment variable of the tests' crash: ``polled`` or ``written``.
KILL = "MPXL_TABLETS_KILL"

#: A director's call's status, in words.
CALL_STATUS = {1: "called", 2: "the director is at the table", 3: "resolved", 4: "deferred"}


def connector_for(args: argparse.Namespace, ev: Evening | None = None) -> Connector:
    """The Data Connector the command line (else the journal ``ev``, else this PC's) names, with the club's
    credentials from the command line or the environment (the journal's club id when neither gives one)."""
    from ..formats.dataconnector import Connector  # the extra [tablets], loaded when the tablets are spoken to

    club = getattr(args, "club_id", None) or os.environ.get("MPXL_BCS_CLUB_ID") or (ev.club_id if ev else "")
    key = getattr(args, "licence_key", None) or os.environ.get("MPXL_BCS_LICENCE_KEY") or ""
    if not club.strip():
        raise UserError("--club-id", "", "the club's id for the Data Connector is needed (or MPXL_BCS_CLUB_ID)")
    if not key.strip():
        raise UserError("--licence-key", "", "the club's licence key for the Data Connector is needed (or "
                        "MPXL_BCS_LICENCE_KEY)")
    address = getattr(args, "connector", None) or (ev.connector if ev else "") or None
    return Connector(club.strip(), key.strip(), address)


def _kill_at(point: str) -> None:
    """The tests' crash: the process ends here, abruptly (nothing flushed, nothing cleaned up)."""
    if os.environ.get(KILL) == point:
        sys.stdout.flush()
        sys.stderr.flush()
        os._exit(137)


@dataclass
class Polled:
    """What one look polled: each queue's last item id (those that gave anything), the director's new calls, and
    how many new items each queue gave."""

    last: dict[str, int] = field(default_factory=dict)
    calls: list[dict[str, Any]] = field(default_factory=list)
    new: dict[str, int] = field(default_factory=dict)


def poll_all(connector: Connector, path: str) -> Polled:
    """Poll every queue of the journal's session and store what is new in the journal at ``path`` (written once,
    atomically, when anything came)."""
    ev = read_evening(path)
    polled = Polled()
    got = {q: connector.poll(q, ev.session_guid) for q in QUEUES}
    seated = any(got[q][0] for q in ("participations", "player_data"))
    before = pair_names(ev) if seated else {}
    for queue, (items, last) in got.items():
        if not items:
            continue
        new = ev.add(queue, items, last)
        polled.last[queue] = last
        polled.new[queue] = len(new)
        if queue == "td_calls":
            polled.calls = new
    if seated:  # names typed at the tables: the names they replace noted (in a workbook: not the director's)
        ev.note_names(before, pair_names(ev))
    if polled.last:
        write_evening(ev, path)
    return polled


def accept_all(connector: Connector, path: str, polled: Polled) -> None:
    """Accept each queue up to the item the journal stored, and note it in the journal."""
    ev = read_evening(path)
    for queue, last in polled.last.items():
        connector.accept(queue, ev.session_guid, last)
        ev.accepted(queue, last)
    if polled.last:
        write_evening(ev, path)


def call_line(call: dict[str, Any], several: bool = True) -> str:
    """A director's call as the console says it.

    >>> call_line({"SectionLetters": "A", "TableNumber": 3, "RoundNumber": 2, "Hour": 20, "Minute": 5, "Status": 1})
    'mpxl: director call: section A, table 3, round 2, at 20:05: called'
    """
    status = CALL_STATUS.get(int(call.get("Status") or 0), f"status {call.get('Status')}")
    section = f"section {call.get('SectionLetters')}, " if several else ""
    return (f"mpxl: director call: {section}table {call.get('TableNumber')}, round {call.get('RoundNumber')}, "
            f"at {int(call.get('Hour') or 0):02d}:{int(call.get('Minute') or 0):02d}: {status}")


def _journal(args: argparse.Namespace) -> tuple[str, Evening]:
    path = str(args.input)
    if not is_journal(path):
        raise UserError(path, "", "--tablets reads the evening's journal that mpxl tablets start wrote "
                        "(night.tablets.json)")
    return path, read_evening(path)


def feed(args: argparse.Namespace, score_and_write: Callable[[argparse.Namespace], int]) -> int:
    """``score --tablets`` once: poll, store, score and write (``score_and_write``: the command's), then accept."""
    path, ev = _journal(args)
    connector = connector_for(args, ev)
    polled = poll_all(connector, path)
    for call in polled.calls:
        print(call_line(call, len(ev.sections) > 1), file=sys.stderr)
    _kill_at("polled")
    status = score_and_write(args)
    _kill_at("written")
    accept_all(connector, path, polled)
    return status


def feed_watch(args: argparse.Namespace, score: Scorer, write: Writer, steps: int | None = None,
               sleep: Callable[[float], None] = time.sleep) -> int:
    """``score --tablets --watch``: every ``--every`` seconds a look (poll, store, score and write, accept), until
    Ctrl-C (or ``steps`` looks)."""
    from .bws import REFRESH_SECONDS, Watch

    path, ev = _journal(args)
    if not args.output:
        raise UserError(path, "", "--watch rewrites the outputs: give at least one with -o (live.html)")
    if getattr(args, "json", False):
        raise UserError(path, "", "--watch writes files, not --json on the screen")
    connector = connector_for(args, ev)
    every = max(float(getattr(args, "every", 0.5) or 0.5), 0.05)
    watch = Watch(args, score, write)
    watch.log(f"mpxl: polling the Data Connector at {connector.address} every {every:g} s into {path}; the page "
              f"reloads itself every {REFRESH_SECONDS} s; Ctrl-C stops")
    several = len(ev.sections) > 1
    down = ""
    count = 0
    try:
        while steps is None or count < steps:
            polled: Polled | None = None
            try:
                polled = poll_all(connector, path)
                if down:
                    watch.log(f"mpxl: the Data Connector at {connector.address} answers again")
                down = ""
            except UserError as exc:
                if str(exc) != down:
                    watch.log(f"mpxl: {exc}; tried again at every look (the outputs hold the results scored last)")
                down = str(exc)
            for call in polled.calls if polled else []:
                watch.log(call_line(call, several))
            _kill_at("polled")
            state = watch.step()
            if polled is not None and polled.last and state in ("scored", "unchanged"):
                _kill_at("written")
                seen = fingerprint(path)
                try:
                    accept_all(connector, path, polled)
                except UserError as exc:  # not accepted: given again at the next poll, and recognised
                    watch.log(f"mpxl: {exc}; the next look tries again")
                if watch.done == seen:  # the journal's results as scored: only the queues' marks changed
                    watch.done = fingerprint(path)
            count += 1
            if steps is None or count < steps:
                sleep(every)
    except KeyboardInterrupt:
        for tmp in list(LIVE):  # a write in progress: its temporary file removed
            with contextlib.suppress(OSError):
                os.unlink(tmp)
            LIVE.discard(tmp)
        watch.log(f"mpxl: stopped polling; the outputs hold the results scored last ({watch.scored} update(s)); "
                  f"`mpxl score {path} --tablets --watch` goes on with the same event")
    return 0
