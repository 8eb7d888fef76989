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
from collections.abc import Callable, Sequence
from typing import Protocol, TypeVar

from ..atomic import StrPath
from ..errors import UserError

__all__ = ["Row", "Database", "is_access", "available_readers", "READER_NAMES", "normal_value", "MAGIC"]

#: A table's row: column name -> the value as text, None when empty.
Row = dict[str, "str | None"]

T = TypeVar("T")

#: The readers, in the order they are tried.
READER_NAMES = ("mdbtools", "access-parser")

#: The bytes 4-19 of an Access database (Jet for .mdb/.bws, ACE for .accdb).
MAGIC = (b"Standard Jet DB", b"Standard ACE DB")

#: How long one ``mdb-export`` may take (a club's database takes a hundredth of a second).
TIMEOUT = 60

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
    """The readers installed here, in the order they are tried.

    >>> set(available_readers()) <= set(READER_NAMES)
    True
    """
    found = []
    if shutil.which("mdb-export") and shutil.which("mdb-tables"):
        found.append("mdbtools")
    if importlib.util.find_spec("access_parser") is not None:
        found.append("access-parser")
    return found


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


def _run_all(commands: list[list[str]]) -> list[str | OSError]:
    """Run ``commands`` side by side (a process's start is most of its cost): each one's output, or
    the OSError saying why it failed."""
    procs: list[subprocess.Popen[bytes] | OSError] = []
    env = {**os.environ, "MDBICONV": "UTF-8"}  # the text out in UTF-8, whatever the environment says
    for args in commands:
        try:
            procs.append(subprocess.Popen(args, stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env))
        except OSError as exc:
            procs.append(exc)
    out: list[str | OSError] = []
    for args, proc in zip(commands, procs):
        if isinstance(proc, OSError):
            out.append(proc)
            continue
        try:
            stdout, stderr = proc.communicate(timeout=TIMEOUT)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.communicate()
            out.append(OSError(f"{args[0]} took more than {TIMEOUT} s"))
            continue
        if proc.returncode != 0:
            message = stderr.decode("utf-8", "replace").strip().splitlines()
            out.append(OSError(message[-1] if message else f"{args[0]} exited with status {proc.returncode}"))
        else:
            out.append(stdout.decode("utf-8", "replace"))
    return out


def _run(args: list[str]) -> str:
    (got,) = _run_all([args])
    if isinstance(got, OSError):
        raise got
    return got


class _MdbTools:
    name = "mdbtools"

    def __init__(self, path: str) -> None:
        self.path = path

    def _export(self, table: str) -> list[str]:
        return ["mdb-export", "-D", _STAMP, "-T", _STAMP, self.path, table]

    def tables(self) -> list[str]:
        return [t for t in _run(["mdb-tables", "-1", self.path]).splitlines() if t.strip()]

    def rows(self, table: str) -> list[Row]:
        return self.parse(_run(self._export(table)))

    def tables_and_rows(self, names: Sequence[str]) -> tuple[list[str], dict[str, list[Row]]]:
        """The table list and the rows of ``names``, all read side by side; a table that cannot be
        read (or does not exist) is left out of the rows."""
        got = _run_all([["mdb-tables", "-1", self.path]] + [self._export(n) for n in names])
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


# ---------------------------------------------------------------------------------- access-parser


class _AccessParser:
    name = "access-parser"

    def __init__(self, path: str) -> None:
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


_OPENERS: dict[str, Callable[[str], _Reader]] = {"mdbtools": _MdbTools, "access-parser": _AccessParser}


class Database:
    """An Access database, read table by table with the first reader that can.

    ``readers`` (default: :func:`available_readers`) are tried in order for each table; which one
    read a table is in :attr:`used`, and a table none could read is in :attr:`failures` with
    each reader's reason. ``UserError`` when the file is not an Access database or no reader is
    installed.
    """

    def __init__(self, path: StrPath, readers: Sequence[str] | None = None) -> None:
        self.path = str(path)
        self.source = self.path
        try:
            with open(self.path, "rb") as f:
                head = f.read(32)
        except OSError as exc:
            raise UserError(self.source, "", exc.strerror or str(exc)) from None
        if not is_access(head):
            raise UserError(self.source, "", "not a Microsoft Access database (the tablets' .bws): its first "
                            "bytes are not 'Standard Jet DB' or 'Standard ACE DB'")
        names = list(readers) if readers is not None else available_readers()
        if not names:
            raise UserError(self.source, "", "reading the tablets' database needs mdbtools ("
                            + INSTALL["mdbtools"] + ") or access-parser (" + INSTALL["access-parser"] + ")")
        self.reader_names = names
        self._readers: dict[str, _Reader] = {}
        self._broken: dict[str, str] = {}  # reader -> why it could not open the file
        self._tables: list[str] | None = None
        self.used: dict[str, str] = {}
        self.failures: dict[str, str] = {}
        self._cache: dict[str, list[Row]] = {}  # tables read ahead by prefetch()

    def _reader(self, name: str) -> _Reader | None:
        if name in self._broken:
            return None
        reader = self._readers.get(name)
        if reader is None:
            try:
                reader = _OPENERS[name](self.path)
            except Exception as exc:  # a third-party parser on a damaged file: any error is "cannot read"
                self._broken[name] = _reason(exc)
                return None
            self._readers[name] = reader
        return reader

    def tables(self) -> list[str]:
        """The database's tables (system tables left out), as the first reader that can list them
        gives them; UserError when none can (a damaged or half-written file)."""
        if self._tables is None:
            found, why = self._first_reader(lambda reader: reader.tables())
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
        except OSError:
            return  # tables() and rows() try again, reader by reader, and name what fails

    def rows(self, table: str) -> list[Row] | None:
        """The rows of ``table``; None when the database has no such table or no reader could read it
        (then :attr:`failures` says why)."""
        actual = next((t for t in self.tables() if t.lower() == table.lower()), None)
        if actual is None:
            return None
        if actual in self._cache:
            self.used[actual] = "mdbtools"
            return self._cache.pop(actual)
        found, why = self._first_reader(lambda reader: reader.rows(actual))
        if found is None:
            self.failures[actual] = why
            return None
        self.used[actual] = found[0]
        return found[1]

    def _first_reader(self, read: Callable[[_Reader], T]) -> tuple[tuple[str, T] | None, str]:
        """(the first reader's name and what ``read`` got from it, each reader's reason it could not);
        the first is None when none could (a reader that cannot open the file, or any error from
        ``read``: a third-party parser's error on one table, the next reader is tried)."""
        reasons = []
        for name in self.reader_names:
            reader = self._reader(name)
            if reader is None:
                reasons.append(f"{name}: {self._broken[name]}")
                continue
            try:
                return (name, read(reader)), ""
            except Exception as exc:
                reasons.append(f"{name}: {_reason(exc)}")
        return None, "; ".join(reasons)

    def reader_of(self, name: str) -> _Reader | None:
        """The reader ``name`` opened on this database, or None when it cannot open it (for tests)."""
        return self._reader(name)


def _reason(exc: BaseException) -> str:
    if isinstance(exc, subprocess.TimeoutExpired):
        return f"took more than {TIMEOUT} s"
    if isinstance(exc, OSError) and exc.strerror:
        return exc.strerror
    text = str(exc).strip() or type(exc).__name__
    return text.splitlines()[0][:200]
