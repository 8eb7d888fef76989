"""The tablets' database on the command line: ``mpxl check night.bws`` and ``mpxl score night.bws --watch``.

``check`` on the database (which publishes nothing to compare) lists what a scorer must look at
before publishing: the missing results, the undecided arbitral scores and the results that
disagree with the movement (exit 1 when there is any), and, for information, the rows superseded
by a correction and the erased ones.

``--watch`` (live results while the session is played): the database is looked at every
``--every`` seconds (default 0.5). When it has changed, it is read, scored and every ``-o`` output
rewritten atomically (a reader never sees half a page); the page carries ``<meta
http-equiv="refresh">`` and reloads itself every :data:`REFRESH_SECONDS`. A database caught
mid-write (it changes while being read, or cannot be read while the tablets' server writes it) is
read again at the next look, and the outputs keep the last good results. Ctrl-C stops.

The director's workbook (``-o night.xlsx``) open in LibreOffice or Excel during the evening: its turn
waits (said once) while the other outputs, the live page first, go on; it is written at the first look
after it is closed, read again first so what the director saved is kept. It is waited for by its lock
file (LibreOffice's ``.~lock.night.xlsx#``, Excel's ``~$night.xlsx``), and by the replace the operating
system refuses (Windows: Excel holds the file it has open, a replace fails with PermissionError; tried
again every :data:`RETRY_SECONDS`). A workbook changed between its reading and its replacing (saved by
the director meanwhile) is never replaced: left as saved, said, read again and written at the next look
(:func:`mpxl.formats.atomic.unchanged_since`). A change of the database is seen by its bytes' hash as
well as its size and time (rewritten in place within one tick of a 2-second clock).
:meth:`Watch.step` is one look (testable without a loop); :func:`run_watch` loops over it. The
scoring and the writing are the command's own, passed in (``mpxl.commands.score``).
"""

from __future__ import annotations

import contextlib
import json
import os
import sys
import time
from argparse import Namespace
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from ..core.errors import UserError
from ..core.members import seat_gaps
from ..formats.atomic import (
    LIVE,
    ChangedSinceRead,
    FileOpen,
    Fingerprint,
    atomic_path,
    check_not_open,
    fingerprint,
    open_by,
    unchanged_since,
)

if TYPE_CHECKING:  # typing only: the live loop is loaded when asked for
    from ..core.event import Event
    from ..core.session import SessionResult
    from ..formats.bws import Reading

__all__ = ["check_database", "report_lines", "Watch", "run_watch", "REFRESH_SECONDS", "with_refresh", "Scorer",
           "Writer", "RETRY_SECONDS"]

#: The command's scoring: args -> (event, the tablets' Reading or None for another file, the scored result).
Scorer = Callable[[Namespace], "tuple[Event, Reading | None, SessionResult]"]
#: The command's writer of one output: (result, output path, inputs) -> None.
Writer = Callable[["SessionResult", str, list[str]], None]

def report_lines(reading: Reading) -> list[str]:
    """The report, a line each (without the verdict).

    >>> from mpxl.core.event import Event
    >>> from mpxl.formats.bws import Finding, Reading
    >>> r = Reading(Event(source="n.bws"), missing=[Finding("", 3, 2, 5, "no result (NS 3, EW 15)")])
    >>> report_lines(r)
    ['missing: table 3, round 2, board 5: no result (NS 3, EW 15)']
    """
    out = [f"note: {n}" for n in reading.notes]
    out += [f"to settle: {f}" for f in reading.unsettled]
    out += [f"undecided: {f} (scored as not played until the decision is entered)" for f in reading.undecided]
    out += [f"disagrees with the movement: {f}" for f in reading.disagreements]
    out += [f"missing: {f}" for f in reading.missing]
    out += [f"superseded (for information): {f}" for f in reading.superseded]
    out += [f"warning: {gap}" for gap in seat_gaps(reading.event)]  # a seat with a number and no name, or the reverse
    return out


def check_database(args: Namespace) -> int:
    """``mpxl check`` of the tablets' database (or an evening's journal): its report and verdict, exit 1 when
    anything is to settle; with ``--movement FILE``, every result also checked against that movement (a result
    it did not send to its board, a play of it with no result: :func:`mpxl.commands.scoring.against_file`)."""
    from ..core.pairings import check_duplicates
    from ..formats.bws import Finding, read_bws_reading
    from ..formats.inputs import attach_deals, is_journal
    from ..formats.journal import evening_reading
    from .scoring import against_file

    reading = evening_reading(args.input) if is_journal(args.input) else read_bws_reading(str(args.input))
    attach_deals(reading.event, getattr(args, "deals", None))
    ev = reading.event
    try:  # what mpxl score refuses (a pair with two lines on a board): to settle, never ready to publish
        check_duplicates(ev)
    except UserError as exc:
        reading.unsettled.append(Finding("", 0, 0, 0, f"{exc.where}: {exc.problem} (mpxl score refuses the "
                                         "results until it is settled)"))
    movement = getattr(args, "movement", None)
    off_movement = against_file(ev, movement) if movement else []
    problems = reading.problems or bool(off_movement)
    if getattr(args, "json", False):
        doc = {"file": str(args.input), "lines": len(ev.lines), "pairs": len(ev.pairs), **reading.to_json(),
               "seat_warnings": seat_gaps(ev)}
        if movement:
            doc["movement"] = {"file": str(movement), "to_settle": off_movement}
        json.dump(doc, sys.stdout, indent=1, ensure_ascii=False)
        sys.stdout.write("\n")
    else:
        for line in report_lines(reading):
            print(line)
        for line in off_movement:
            print(f"to settle (movement {movement}): {line}")
        boards = len({(ln.session, ln.section, ln.board) for ln in ev.lines})
        gaps = len(seat_gaps(ev))  # warnings: the results can be published, the seats' members not yet sent on
        verdict = ((f"ready to publish (look at the {gaps} seat warning(s) before sending the members' results on)"
                    if gaps else "ready to publish") if not problems else
                   f"{len(reading.unsettled)} to settle, {len(reading.missing)} missing, "
                   f"{len(reading.undecided)} undecided, "
                   f"{len(reading.disagreements)} disagreeing with the movement"
                   + (f", {len(off_movement)} to settle against the movement {movement}" if movement else ""))
        print(f"{args.input}: the tablets' database: {len(ev.lines)} results on {boards} boards, "
              f"{len(ev.pairs)} pairs; {len(reading.superseded)} row(s) superseded, {reading.erased} erased: {verdict}")
    return 1 if problems else 0


#: How often the live page reloads itself, in seconds.
REFRESH_SECONDS = 10


def with_refresh(html: str, seconds: int = REFRESH_SECONDS) -> str:
    """The page ``html`` made to reload itself every ``seconds``.

    >>> with_refresh('<head>\\n<meta charset="utf-8">\\n</head>', 5)
    '<head>\\n<meta charset="utf-8">\\n<meta http-equiv="refresh" content="5">\\n</head>'
    """
    tag = f'<meta http-equiv="refresh" content="{int(seconds)}">'
    if '<meta charset="utf-8">' in html:
        return html.replace('<meta charset="utf-8">', '<meta charset="utf-8">\n' + tag, 1)
    return html.replace("<head>", "<head>\n" + tag, 1)


def _signature(path: str) -> Fingerprint | None:
    """The file's size, modification time (ns) and a hash of its bytes (:func:`~mpxl.formats.atomic.fingerprint`):
    a database rewritten in place with the same size and time (a file system keeping time to 2 seconds) is
    still seen to change. None when it cannot be looked at."""
    return fingerprint(path)


def _stat(path: str) -> tuple[int, int] | None:
    """The file's size and modification time (ns); None when it cannot be looked at."""
    try:
        st = os.stat(path)
    except OSError:
        return None
    return st.st_size, st.st_mtime_ns


#: A database up to this size is hashed at every look (well under a millisecond for a club's: 0.6 ms for the
#: real 184 KB one on a loaded machine); a larger one, while its size and time stay the same, every
#: :data:`HASH_SECONDS` (a 10 MB file takes about 40 ms).
HASH_BYTES = 4 << 20
HASH_SECONDS = 2.0

#: How long an output the operating system refused to replace (Windows: open in Excel, and no lock file
#: seen beside it) waits before it is tried again, in seconds.
RETRY_SECONDS = 5.0


def _fields(seen: Fingerprint | None) -> tuple[int, int] | None:
    """The size and modification time of a :func:`~mpxl.formats.atomic.fingerprint` (None: no file)."""
    return None if seen is None else seen[:2]


#: The outputs the director's work is read from (:mod:`mpxl.workbook.keep`): never replaced once changed
#: since that reading.
_WORKBOOK = (".xlsx",)


@dataclass
class Watch:
    """The live loop's state: what was last scored, the outputs whose turn waits, and the last message shown.

    An output open in a spreadsheet program (its lock file beside it: LibreOffice's ``.~lock.night.xlsx#``,
    Excel's ``~$night.xlsx``), or one the operating system refuses to replace (Windows: Excel holds the file
    it has open, a replace fails with PermissionError), waits, said once: the other outputs (the live page)
    go on at every change. It is written at the first look after the lock file is gone (refused with no lock
    file seen: tried again every :data:`RETRY_SECONDS`), read again first, so what the director saved in it
    is kept. A workbook changed between its reading and its replacing (saved meanwhile) is left as saved,
    said, and read again and written at the next look. A workbook saved by the director while nothing
    arrives is read again too: its rulings reach the page at the next look. An output that refuses the results
    (a file made read-only, a name its format cannot hold) is said once and not written, the others go on; it
    is tried again when the database changes."""

    args: Namespace
    #: args -> (event, the tablets' Reading or None, the scored result): the command's scoring
    score: Scorer
    #: (result, output path, inputs) -> None: the command's writer of one output
    write: Writer
    done: Fingerprint | None = None  # the signature of the database last scored (or found unreadable)
    last_message: str = ""
    scored: int = 0  # how many times the outputs were rewritten
    log: Callable[[str], None] = field(default=lambda text: print(text, file=sys.stderr, flush=True))
    #: seconds, for the wait of an output the operating system refused (injected by the tests)
    clock: Callable[[], float] = field(default=time.monotonic)
    #: the outputs whose turn waits: output -> (why: 'open', 'refused', 'changed' or 'failed'; when it is tried
    #: again)
    waiting: dict[str, tuple[str, float]] = field(default_factory=dict)
    #: each workbook output as it was when last read or written (a change by the director is read again)
    books: dict[str, Fingerprint | None] = field(default_factory=dict)
    hashed: float | None = None  # when the database's bytes were last hashed (by the clock)

    def step(self) -> str:
        """One look at the database: 'unchanged', 'changing' (it changed while read: read again at the
        next look), 'unreadable' (a message said why; read again when it changes), 'waiting' (an output's
        folder is gone: written at a later look, once it is back) or 'scored' (the outputs written, but
        those in :attr:`waiting`)."""
        args = self.args
        path = str(args.input)
        before = self._look(path)
        if before is None:
            self._say(f"mpxl: {path}: cannot be looked at (moved or locked?); waiting")
            return "unreadable"
        saved = [o for o in self._workbooks() if o in self.books and _stat(o) != _fields(self.books[o])]
        if before == self.done and not self._due() and not saved:  # nothing arrived, nothing saved by the director
            return "unchanged"
        books = {out: fingerprint(out) for out in self._workbooks()}  # as they are before they are read
        try:
            event, reading, result = self.score(args)
            result.pairs  # noqa: B018  (totalled now, while the reading is checked below)
        except (UserError, ValueError, OSError) as exc:  # OSError: a file a program holds (Windows refuses it)
            if _signature(path) != before:
                return "changing"
            self.done = before
            self.books.update(books)
            again = "the database or the workbook" if books else "the database"
            said = (f"{exc.filename}: {exc.strerror or exc}" if isinstance(exc, OSError) and exc.filename
                    else f"{exc.strerror or exc}" if isinstance(exc, OSError) else f"{exc}")
            self._say(f"mpxl: {said} (read again when {again} changes)")
            return "unreadable"
        if _signature(path) != before:  # written while it was read: the reading may mix two states
            return "changing"
        gone = self._gone_folder()
        written: list[str] = []
        if gone is None:
            try:
                for out in args.output:
                    if self._write_one(result, out, path, books.get(out)):
                        written.append(out)
            except UserError:
                gone = self._gone_folder()  # gone while the outputs were written: waited out as well
                if gone is None:
                    raise
        if gone is not None:  # a USB stick out, a share gone: written at a later look, the last outputs kept
            self._say(f"mpxl: the folder {gone!r} of the outputs is gone: waiting for it (the outputs hold the "
                      "results scored last)")
            return "waiting"
        self.done = before
        for out, seen in books.items():  # as read, or as written now: only the director's next save is a change
            self.books[out] = fingerprint(out) if out in written else seen
        self.scored += 1
        problems = len(reading.problems) if reading is not None else 0
        stamp = time.strftime("%H:%M:%S")
        waits = f"; {', '.join(self.waiting)} waiting" if self.waiting else ""
        self._say(f"mpxl: {stamp}: {len(event.lines)} results scored, {problems} to look at "
                  f"(mpxl check {path}); wrote " + (", ".join(written) or "nothing") + waits)
        return "scored"

    def _write_one(self, result: SessionResult, out: str, source: str, seen: Fingerprint | None) -> bool:
        """Write the output ``out`` (a workbook only if it is still ``seen``, as it was read): True when written,
        False when its turn waits (:attr:`waiting`, said once)."""
        try:
            check_not_open(out)  # open in a spreadsheet program: not even made
            with unchanged_since(out, seen) if out in self._workbooks() else contextlib.nullcontext():
                if Path(out).suffix.lower() in (".html", ".htm"):
                    self._write_live_page(result, out, source)
                else:
                    self.write(result, out, [source])
        except FileOpen as exc:
            if exc.lock:
                by = f"by {exc.who}, " if exc.who else ""
                self._wait(out, "open", f"mpxl: {out}: open in {exc.program} ({by}its lock file {exc.lock} is "
                           "beside it): its results wait, the other outputs go on; "
                           f"they go into it at the first look after it is closed in {exc.program}, what was "
                           f"saved in it kept (if {exc.program} is not running, the lock file is left from a "
                           "crash: delete it)")
            else:
                self._wait(out, "refused", f"mpxl: {out}: {exc.problem.split(': close it')[0]}: its results wait, "
                           f"the other outputs go on; tried again every {RETRY_SECONDS:g} s, what was saved in "
                           "it kept")
            return False
        except ChangedSinceRead:
            self._wait(out, "changed", f"mpxl: {out}: changed while the results were written into it (saved "
                       "meanwhile?): left as it was saved; read again and written at the next look")
            return False
        except UserError as exc:  # this output refuses (made read-only, a name it cannot hold): the others go on
            if self._gone_folder() is not None:
                raise  # a USB stick out: every output waits (step)
            self._wait(out, "failed", f"mpxl: {exc}: not written; the other outputs go on; tried again when the "
                       "database changes")
            return False
        if self.waiting.pop(out, None) is not None:
            self._say(f"mpxl: {out}: written at last, the results up to now in it, what was saved in it kept")
        return True

    def _workbooks(self) -> list[str]:
        return [out for out in self.args.output if Path(out).suffix.lower() in _WORKBOOK]

    def _look(self, path: str) -> Fingerprint | None:
        """The database's signature (:func:`_signature`); while its size and time are the ones last scored, a
        large one's bytes hashed again only every :data:`HASH_SECONDS`."""
        done, now = self.done, self.clock()
        if (done is not None and _stat(path) == done[:2] and done[0] > HASH_BYTES and self.hashed is not None
                and now - self.hashed < HASH_SECONDS):
            return done
        self.hashed = now
        return _signature(path)

    def _wait(self, out: str, why: str, message: str) -> None:
        """``out``'s turn waits (why: 'open', 'refused', 'changed' or 'failed': the output refused the results, tried
        again when the database changes): said when the wait begins or its reason changes, not at every look."""
        was = self.waiting.get(out)
        later = {"refused": RETRY_SECONDS, "failed": float("inf")}.get(why, 0.0)  # failed: at the next change
        self.waiting[out] = (why, self.clock() + later)
        if was is None or was[0] != why:
            self._say(message)

    def _due(self) -> bool:
        """Whether an output that waits may be tried now: its lock file gone, its retry time come, or it
        changed while written (tried at once)."""
        now = self.clock()
        for out, (why, at) in self.waiting.items():
            if why == "open" and open_by(out) is None:
                return True
            if why != "open" and now >= at:
                return True
        return False

    def _gone_folder(self) -> str | None:
        """The first output's folder that is not there (moved away), None when all are."""
        for out in self.args.output:
            folder = Path(out).parent
            if not folder.is_dir():
                return str(folder)
        return None

    def _write_live_page(self, result: SessionResult, out: str, source: str) -> None:
        """The page by the command's own writer, made to reload itself, then moved into place."""
        with atomic_path(out, suffix=".html") as tmp:
            self.write(result, tmp, [source])
            text = Path(tmp).read_text(encoding="utf-8")
            Path(tmp).write_text(with_refresh(text), encoding="utf-8")

    def _say(self, text: str) -> None:
        if text != self.last_message:
            self.log(text)
            self.last_message = text


def run_watch(args: Namespace, score: Scorer, write: Writer, steps: int | None = None,
              sleep: Callable[[float], None] = time.sleep) -> int:
    """Look at the database every ``args.every`` seconds until Ctrl-C (or ``steps`` looks); ``score``
    and ``write`` as :class:`Watch` takes them."""
    if not args.output:
        raise UserError(str(args.input), "", "--watch rewrites the outputs: give at least one with -o (live.html)")
    if getattr(args, "json", False):
        raise UserError(str(args.input), "", "--watch writes files, not --json on the screen")
    every = max(float(getattr(args, "every", 0.5) or 0.5), 0.05)
    watch = Watch(args, score, write)
    watch.log(f"mpxl: watching {args.input} every {every:g} s; the page reloads itself every {REFRESH_SECONDS} s; "
              "Ctrl-C stops")
    count = 0
    try:
        while steps is None or count < steps:
            watch.step()
            count += 1
            if steps is None or count < steps:
                sleep(every)
    except KeyboardInterrupt:
        for tmp in list(LIVE):
            with contextlib.suppress(OSError):
                os.unlink(tmp)
            LIVE.discard(tmp)
        opened = [out for out, (why, _) in watch.waiting.items() if why != "failed"]
        failed = [out for out, (why, _) in watch.waiting.items() if why == "failed"]
        watch.log(f"mpxl: stopped watching; the outputs hold the results scored last ({watch.scored} update(s))"
                  + (f"; {', '.join(opened)} still waiting (open or changed): once it is closed, `mpxl score "
                     f"{args.input} -o {opened[0]}` writes the results into it, what was saved in it kept"
                     if opened else "")
                  + (f"; {', '.join(failed)} not written (refused, as said above)" if failed else ""))
    return 0
