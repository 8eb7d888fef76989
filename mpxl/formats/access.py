"""A Microsoft Access database (the tablets' ``.bws``) read into plain rows: one small layer, no rules.

Every table comes back as a list of rows, each a dict from the column's name to its value as
text (``None`` for an empty cell): numbers as written (``12``), yes/no columns ``0`` / ``1``,
dates and times ``YYYY-MM-DD HH:MM:SS``. What the rows mean is :mod:`mpxl.formats.bws`'s job.

Two readers, chosen on evidence (docs in README.md, "The tablets' database"):

- ``mdbtools`` (the ``mdb-export`` command; Debian/Ubuntu ``apt-get install mdbtools``, macOS
  ``brew install mdbtools``): reads every table of both real databases we have, 50 times faster
  than the other on a 14,020-row member list. Tried first.
- ``access-parser`` (pure Python, on the package index: ``pip install "mpxl-bridge[bws]"``): needs
  no program installed, so it runs wherever Excel does; but on the 2005 database it fails on
  ``PlayerNumbers`` (``unpack_from requires a buffer of at least 8 bytes``) and returns a column
  whose cells are all empty shorter than the table (``RoundData.CustomBoards``: 34 of 144 rows).
  Used when mdbtools is not installed, or for a table mdbtools could not read.

A table neither reader can read is named in :attr:`Database.failures` with each reader's reason;
the caller says what was still scored. Nothing here raises anything but :class:`UserError`.

>>> is_access(b"\\x00\\x01\\x00\\x00Standard Jet DB\\x00"), is_access(b"<?xml")
(True, False)
"""

from __future__ import annotations

import csv
import datetime
import importlib.util
import io
import os
import shutil
import subprocess
import threading
import time
from collections.abc import Callable, Sequence
from typing import IO, Protocol, TypeVar

from ..core.errors import UserError
from ..core.numbers import figure
from .atomic import StrPath
from .common import read_bytes
from .jet import JetFile

__all__ = ["Row", "Database", "is_access", "available_readers", "READER_NAMES", "normal_value", "MAGIC"]

#: A table's row: column name -> the value as text, None when empty.
Row = dict[str, "str | None"]

T = TypeVar("T")

#: The readers, in the order they are tried.
READER_NAMES = ("mdbtools", "built-in", "access-parser")

#: The bytes 4-19 of an Access database (Jet for .mdb/.bws, ACE for .accdb).
MAGIC = (b"Standard Jet DB", b"Standard ACE DB")

#: How long the whole read may take, in seconds (a club's database takes a tenth of a second); the
#: environment variable ``MPXL_BWS_TIME_LIMIT`` sets another. mdbtools has the first half; what it
#: could not read in that time is read by the other readers in the rest.
TIME_LIMIT = 30.0
#: The environment variable naming the readers to try, in order (``built-in`` alone: as a PC
#: without mdbtools reads, as on Windows).
READERS_VARIABLE = "MPXL_BWS_READERS"

_STAMP = "%Y-%m-%d %H:%M:%S"

#: What to install for each reader.
INSTALL = {
    "mdbtools": "apt-get install mdbtools (Debian, Ubuntu) or brew install mdbtools (macOS)",
    "access-parser": 'pip install "mpxl-bridge[bws]"',
}


def is_access(head: bytes) -> bool:
    """Whether ``head`` (a file's first bytes) starts an Access database."""
    return head[4:19] in MAGIC


def available_readers() -> list[str]:
    """The readers installed here, in the order they are tried (those :data:`READERS_VARIABLE`
    names, when set: ``MPXL_BWS_READERS=built-in``).

    >>> "built-in" in available_readers()
    True
    """
    found = []
    if shutil.which("mdb-export") and shutil.which("mdb-tables"):
        found.append("mdbtools")
    found.append("built-in")
    if importlib.util.find_spec("access_parser") is not None:
        found.append("access-parser")
    said = os.environ.get(READERS_VARIABLE)
    if said:
        names = [n.strip() for n in said.split(",") if n.strip()]
        unknown = [n for n in names if n not in READER_NAMES]
        if unknown:
            raise UserError(READERS_VARIABLE, "", f"{unknown[0]!r} is not a reader: " + ", ".join(READER_NAMES))
        found = [n for n in names if n in found]
    return found


class OutOfTime(Exception):
    """The whole read took longer than its limit."""


class Clock:
    """The whole read's time limit: ``seconds`` (default: ``MPXL_BWS_TIME_LIMIT``, else
    :data:`TIME_LIMIT`) from now; mdbtools has the first half."""

    def __init__(self, seconds: float | None = None) -> None:
        if seconds is None:
            said = os.environ.get("MPXL_BWS_TIME_LIMIT", "")
            try:
                seconds = figure(said) if said else TIME_LIMIT
            except ValueError:
                raise UserError("MPXL_BWS_TIME_LIMIT", "", f"{said!r} is not a number of seconds") from None
            if not 0 < seconds < 86400:
                raise UserError("MPXL_BWS_TIME_LIMIT", "", f"{said!r} is not between 0 and 86400 seconds")
        self.seconds = seconds
        self.start = time.monotonic()
        self.mdbtools_until = self.start + seconds / 2
        self.end = self.start + seconds

    def check(self) -> None:
        """OutOfTime once the limit is passed."""
        if time.monotonic() > self.end:
            raise OutOfTime(f"more than {self.seconds:g} s")


def normal_value(value: object) -> str | None:
    """A cell as the rows hold it: text stripped, None when empty; yes/no ``0`` / ``1``; a date or
    time ``YYYY-MM-DD HH:MM:SS``; a whole float without its ``.0``.

    >>> normal_value("  A "), normal_value(""), normal_value(None), normal_value(True), normal_value(12.0)
    ('A', None, None, '1', '12')
    >>> import datetime
    >>> normal_value(datetime.datetime(1899, 12, 30, 19, 58, 44)), normal_value(datetime.date(2005, 5, 9))
    ('1899-12-30 19:58:44', '2005-05-09 00:00:00')
    >>> normal_value(datetime.time(19, 58, 44))
    '19:58:44'
    """
    if value is None:
        return None
    if isinstance(value, str):
        return value.strip() or None
    if isinstance(value, bool):
        return "1" if value else "0"
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    if isinstance(value, bytes):
        value = value.decode("latin-1")
    if isinstance(value, (datetime.date, datetime.time)):  # datetime too (access-parser's; mdb-export writes text)
        return value.strftime("%H:%M:%S" if isinstance(value, datetime.time) else _STAMP)
    text = str(value).strip()
    return text or None


class _Reader(Protocol):
    """What :class:`Database` asks of a reader: the database's tables, and one table's rows (any
    exception: the reader cannot)."""

    name: str

    def tables(self) -> list[str]: ...

    def rows(self, table: str) -> list[Row]: ...


# --------------------------------------------------------------------------------------- mdbtools

#: What one mdbtools process may print on stdout (a club's member list is well under 2 MB) and what of
#: its stderr is kept (its last bytes: the message); a damaged file can make mdbtools print without end.
STDOUT_CAP = 256 * 2**20
STDERR_KEPT = 4096
#: The address space one mdbtools process may take (POSIX): a damaged file can make it grow without end.
CHILD_MEMORY = 2**30


def _limit_memory() -> None:  # pragma: no cover (runs in the child, between fork and exec)
    import resource

    resource.setrlimit(resource.RLIMIT_AS, (CHILD_MEMORY, CHILD_MEMORY))


def _memory_limits() -> tuple[Callable[[], None] | None, Callable[[int], None] | None]:
    """How to limit a child's memory here: (before it starts, in the child; once started, by its id).
    Linux: ``prlimit`` on the started process (a process started with a function to run in the
    child is forked whole, twice the cost); other POSIX: ``setrlimit`` in the child; Windows: none."""
    if os.name != "posix":
        return None, None
    import resource

    if hasattr(resource, "prlimit"):
        def after(pid: int) -> None:
            try:
                resource.prlimit(pid, resource.RLIMIT_AS, (CHILD_MEMORY, CHILD_MEMORY))
            except OSError:  # already ended
                pass

        return None, after
    return _limit_memory, None


def _drain(stream: IO[bytes], keep: int, tail: bool, out: list[bytes], over: Callable[[], None]) -> None:
    """Read ``stream`` to its end, keeping at most ``keep`` bytes in ``out`` (the last ones when
    ``tail``); beyond ``keep`` without ``tail``, ``over()`` is called (the process is stopped)."""
    size = 0
    while chunk := stream.read(65536):
        size += len(chunk)
        out.append(chunk)
        if tail:
            joined = b"".join(out)[-keep:]
            out[:] = [joined]
        elif size > keep:
            out.clear()
            over()
            while stream.read(65536):
                pass
            return


def _run_all(commands: list[list[str]], until: float) -> list[str | OSError]:
    """Run ``commands`` side by side (a process's start is most of its cost) until the monotonic time
    ``until``: each one's output, or the OSError saying why it failed (stopped at ``until``, printed
    more than :data:`STDOUT_CAP`, or exited with an error: its stderr's last line)."""
    env = {**os.environ, "MDBICONV": "UTF-8"}  # the text out in UTF-8, whatever the environment says
    before, after = _memory_limits()
    running: list[tuple[subprocess.Popen[bytes], list[bytes], list[bytes], list[threading.Thread]] | OSError] = []
    for args in commands:
        try:
            proc = subprocess.Popen(args, stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env,
                                    preexec_fn=before)
        except OSError as exc:
            running.append(exc)
            continue
        if after is not None:
            after(proc.pid)
        out: list[bytes] = []
        err: list[bytes] = []
        assert proc.stdout is not None and proc.stderr is not None
        threads = [threading.Thread(target=_drain, args=(proc.stdout, STDOUT_CAP, False, out, proc.kill), daemon=True),
                   threading.Thread(target=_drain, args=(proc.stderr, STDERR_KEPT, True, err, proc.kill), daemon=True)]
        for t in threads:
            t.start()
        running.append((proc, out, err, threads))
    results: list[str | OSError] = []
    for args, item in zip(commands, running):
        if isinstance(item, OSError):
            results.append(item)
            continue
        proc, out, err, threads = item
        results.append(_finish(args[0], proc, out, err, threads, until))
    return results


def _finish(name: str, proc: subprocess.Popen[bytes], out: list[bytes], err: list[bytes],
            threads: list[threading.Thread], until: float) -> str | OSError:
    """One process's output once it has ended (stopped at ``until``)."""
    try:
        proc.wait(timeout=max(until - time.monotonic(), 0))
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.wait()
        for t in threads:
            t.join()
        return TimeoutError(f"{name} did not finish in time")
    for t in threads:
        t.join()
    if proc.returncode != 0:
        if proc.returncode < 0 and not out:
            return OSError(f"{name} stopped (printed more than {STDOUT_CAP // 2**20} MB, or ran out of memory)")
        message = b"".join(err).decode("utf-8", "replace").strip().splitlines()
        return OSError(message[-1][:200] if message else f"{name} exited with status {proc.returncode}")
    return b"".join(out).decode("utf-8", "replace")


class _MdbTools:
    name = "mdbtools"

    def __init__(self, path: str, clock: Clock) -> None:
        self.path = path
        self.clock = clock

    def _run_all(self, commands: list[list[str]]) -> list[str | OSError]:
        return _run_all(commands, self.clock.mdbtools_until)

    def _run(self, args: list[str]) -> str:
        (got,) = self._run_all([args])
        if isinstance(got, OSError):
            raise got
        return got

    def _export(self, table: str) -> list[str]:
        return ["mdb-export", "-D", _STAMP, "-T", _STAMP, self.path, table]

    def tables(self) -> list[str]:
        return [t for t in self._run(["mdb-tables", "-1", self.path]).splitlines() if t.strip()]

    def rows(self, table: str) -> list[Row]:
        return self.parse(self._run(self._export(table)))

    def tables_and_rows(self, names: Sequence[str]) -> tuple[list[str], dict[str, list[Row]]]:
        """The table list and the rows of ``names``, all read side by side; a table that cannot be
        read (or does not exist) is left out of the rows."""
        got = self._run_all([["mdb-tables", "-1", self.path]] + [self._export(n) for n in names])
        if isinstance(got[0], OSError):
            raise got[0]
        tables = [t for t in got[0].splitlines() if t.strip()]
        rows: dict[str, list[Row]] = {}
        for name, text in zip(names, got[1:]):
            if not isinstance(text, OSError) and name in tables:
                try:
                    rows[name] = self.parse(text)
                except OSError:
                    pass
        return tables, rows

    @staticmethod
    def parse(text: str) -> list[Row]:
        reader = csv.reader(io.StringIO(text, newline=""))
        header = next(reader, None)
        if header is None:
            raise OSError("mdb-export wrote nothing (not even the column names)")
        out = []
        for cells in reader:
            if len(cells) != len(header):
                raise OSError(f"a row of {len(cells)} cells under {len(header)} column names")
            out.append({k: normal_value(v) for k, v in zip(header, cells)})
        return out


# --------------------------------------------------------------------------------------- built-in


class _BuiltIn:
    """mpxl's own reader (:mod:`mpxl.formats.jet`): pure Python, only the tables asked for."""

    name = "built-in"

    def __init__(self, path: str, clock: Clock) -> None:
        self.db = JetFile(read_bytes(path), clock.check)

    def tables(self) -> list[str]:
        return self.db.tables()

    def rows(self, table: str, columns: Sequence[str] | None = None) -> list[Row]:
        return [{k: normal_value(v) for k, v in row.items()} for row in self.db.rows(table, columns)]


# ---------------------------------------------------------------------------------- access-parser


class _AccessParser:
    name = "access-parser"

    def __init__(self, path: str, clock: Clock) -> None:
        clock.check()  # in process and not interruptible: started only while there is time left
        import logging  # its parse noise goes to the logging module's root logger: silenced while it reads

        logging.getLogger("access_parser").setLevel(logging.CRITICAL)
        previous = logging.root.manager.disable
        logging.disable(logging.CRITICAL)
        try:
            from access_parser import AccessParser

            self.db = AccessParser(path)
        finally:
            logging.disable(previous)

    def tables(self) -> list[str]:
        return [t for t in self.db.catalog if not t.startswith("MSys")]

    def rows(self, table: str) -> list[Row]:
        import logging

        previous = logging.root.manager.disable
        logging.disable(logging.CRITICAL)
        try:
            columns = self.db.parse_table(table)
        finally:
            logging.disable(previous)
        lengths = {len(v) for v in columns.values()}
        count = max(lengths, default=0)
        out_columns = {}
        for name, values in columns.items():
            values = list(values)
            if len(values) != count:
                # a column shorter than the table: safe only when every cell it gave is empty (the
                # reader leaves some empty cells out); otherwise no cell can be put on its row
                if any(normal_value(v) is not None for v in values):
                    raise OSError(f"column {name!r} has {len(values)} cells for {count} rows")
                values = [None] * count
            out_columns[name] = [normal_value(v) for v in values]
        names = list(out_columns)
        return [dict(zip(names, cells)) for cells in zip(*(out_columns[n] for n in names))] if names else []


_OPENERS: dict[str, Callable[[str, Clock], _Reader]] = {"mdbtools": _MdbTools, "built-in": _BuiltIn,
                                                        "access-parser": _AccessParser}


class Database:
    """An Access database, read table by table with the first reader that can.

    ``readers`` (default: :func:`available_readers`) are tried in order for each table; which one
    read a table is in :attr:`used`, and a table none could read is in :attr:`failures` with
    each reader's reason. ``UserError`` when the file is not an Access database or no reader is
    installed.
    """

    def __init__(self, path: StrPath, readers: Sequence[str] | None = None, clock: Clock | None = None) -> None:
        self.path = str(path)
        self.source = self.path
        head = read_bytes(self.path, 32)  # a regular file only: a FIFO or a device refused at once
        if not is_access(head):
            raise UserError(self.source, "", "not a Microsoft Access database (the tablets' .bws): its first "
                            "bytes are not 'Standard Jet DB' or 'Standard ACE DB'")
        names = list(readers) if readers is not None else available_readers()
        if not names:
            raise UserError(self.source, "", "reading the tablets' database needs a reader: mdbtools ("
                            + INSTALL["mdbtools"] + "), the built-in one or access-parser ("
                            + INSTALL["access-parser"] + ")")
        self.reader_names = names
        self.clock = clock or Clock()
        self._readers: dict[str, _Reader] = {}
        self._broken: dict[str, str] = {}  # reader -> why it could not open the file
        self._tables: list[str] | None = None
        self.used: dict[str, str] = {}
        self.failures: dict[str, str] = {}
        self._cache: dict[str, list[Row]] = {}  # tables read ahead by prefetch()
        #: table -> the columns to read of it, where not all are needed (a member list of 14,000 rows)
        self.only: dict[str, Sequence[str]] = {}

    @property
    def broken(self) -> dict[str, str]:
        """The readers that could not open the file or ran out of their time, with why."""
        return dict(self._broken)

    def _reader(self, name: str) -> _Reader | None:
        if name in self._broken:
            return None
        reader = self._readers.get(name)
        if reader is None:
            try:
                reader = _OPENERS[name](self.path, self.clock)
            except OutOfTime:
                raise
            except Exception as exc:  # a third-party parser on a damaged file: any error is "cannot read"
                self._broken[name] = _reason(exc)
                return None
            self._readers[name] = reader
        return reader

    def tables(self) -> list[str]:
        """The database's tables (system tables left out), as the first reader that can list them
        gives them; UserError when none can (a damaged or half-written file)."""
        if self._tables is None:
            found, why = self._first_reader(lambda reader: reader.tables(), "the list of tables")
            if found is None:
                raise UserError(self.source, "", "cannot read the database's list of tables (damaged, or caught "
                                "half-written?): " + why)
            self._tables = found[1]
        return self._tables

    def has(self, table: str) -> bool:
        """Whether the database has ``table`` (any case)."""
        return any(t.lower() == table.lower() for t in self.tables())

    def prefetch(self, tables: Sequence[str]) -> None:
        """Read the list of tables and ``tables`` at once: with mdbtools, one process each, run side
        by side (a process's start is most of its cost); later :meth:`rows` calls take them."""
        if self._tables is not None or not self.reader_names or self.reader_names[0] != "mdbtools":
            return
        reader = self._reader("mdbtools")
        if not isinstance(reader, _MdbTools):  # None: mdbtools cannot open the file
            return
        try:
            self._tables, self._cache = reader.tables_and_rows(list(tables))
        except TimeoutError as exc:  # mdbtools' half of the time is gone: the other readers read it all
            self._broken["mdbtools"] = _reason(exc)
            return
        except OSError:
            return  # tables() and rows() try again, reader by reader, and name what fails

    def rows(self, table: str) -> list[Row] | None:
        """The rows of ``table``; None when the database has no such table or no reader could read it
        (then :attr:`failures` says why). Of a table in :attr:`only`, the built-in reader reads only
        those columns (the others give every column)."""
        actual = next((t for t in self.tables() if t.lower() == table.lower()), None)
        if actual is None:
            return None
        if actual in self._cache:
            self.used[actual] = "mdbtools"
            return self._cache.pop(actual)
        columns = self.only.get(actual)
        found, why = self._first_reader(
            lambda reader: reader.rows(actual, columns) if isinstance(reader, _BuiltIn) else reader.rows(actual),
            f"table {actual}")
        if found is None:
            self.failures[actual] = why
            return None
        self.used[actual] = found[0]
        return found[1]

    def _first_reader(self, read: Callable[[_Reader], T], what: str) -> tuple[tuple[str, T] | None, str]:
        """(the first reader's name and what ``read`` got from it, each reader's reason it could not);
        the first is None when none could (a reader that cannot open the file, or any error from
        ``read``: a third-party parser's error on one table, the next reader is tried). A reader that
        ran out of its time is not asked again; UserError naming ``what`` when the whole read has."""
        reasons = []
        try:
            for name in self.reader_names:
                self.clock.check()
                reader = self._reader(name)
                if reader is None:
                    reasons.append(f"{name}: {self._broken[name]}")
                    continue
                try:
                    return (name, read(reader)), ""
                except OutOfTime:
                    raise
                except Exception as exc:
                    reasons.append(f"{name}: {_reason(exc)}")
                    if isinstance(exc, TimeoutError):
                        self._broken[name] = _reason(exc)
        except OutOfTime:
            said = reasons or [f"{name}: {why}" for name, why in self._broken.items()]
            tried = "".join(r + "; " for r in said)
            raise UserError(self.source, what, f"reading it took more than {self.clock.seconds:g} s (the database "
                            f"is damaged; {tried}MPXL_BWS_TIME_LIMIT sets the limit)") from None
        return None, "; ".join(reasons)

    def reader_of(self, name: str) -> _Reader | None:
        """The reader ``name`` opened on this database, or None when it cannot open it (for tests)."""
        return self._reader(name)


def _reason(exc: BaseException) -> str:
    if isinstance(exc, OSError) and exc.strerror:
        return exc.strerror
    text = str(exc).strip() or type(exc).__name__
    return text.splitlines()[0][:200]
