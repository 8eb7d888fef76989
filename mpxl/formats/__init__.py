"""Results files in and out: USEBIO XML, PBN and CSV travellers.

:func:`read_event` picks the reader by the file's extension, or by its first
bytes when the extension says nothing; :func:`write_event` picks the writer by
the output's extension. Readers raise :class:`mpxl.core.errors.UserError` naming the
file, the line or element, and the problem.

>>> format_of("results.XML"), format_of("s1.pbn"), format_of("t.csv"), format_of("x.txt", b"% PBN 2.1")
('usebio', 'pbn', 'csv', 'pbn')
"""

from __future__ import annotations

import importlib
import os
import re
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any, cast

from ..core.errors import UserError
from ..core.event import Event, Travellers
from ..core.pairings import check_duplicates
from .common import read_bytes

if TYPE_CHECKING:  # typing only: reading a file needs no scorer
    from ..core.session import SessionResult

__all__ = ["read_event", "read_travellers", "write_event", "format_of", "is_html", "EXTENSIONS", "MAX_BYTES"]

#: extension -> format name
EXTENSIONS = {".xml": "usebio", ".usebio": "usebio", ".pbn": "pbn", ".csv": "csv", ".tsv": "csv", ".txt": None,
              ".xlsx": "xlsx", ".xlsm": "xlsx", ".xls": "xlsx", ".bws": "bws", ".mdb": "bws"}


#: The largest file :func:`read_event` reads, by format: far above any real event (a club night's
#: USEBIO file is about 100 KB, a 1,000,000-line CSV about 25 MB), and a bound on the work.
MAX_BYTES = {"usebio": 64 * 2**20, "pbn": 64 * 2**20, "csv": 256 * 2**20, "xlsx": 256 * 2**20, "bws": 1024 * 2**20}


#: format -> (module, function) of its reader and of its writer: a module is imported when its format
#: is read or written (a PBN file is read without loading the XML parser, a USEBIO one without csv)
READERS = {"usebio": ("usebio", "read_usebio"), "pbn": ("pbn", "read_pbn"), "csv": ("csvcolumns", "read_csv"),
           "xlsx": ("mpxl.workbook.reader", "read_workbook"), "bws": ("bws", "read_bws")}
WRITERS = {"usebio": ("usebio", "write_usebio"), "pbn": ("pbn", "write_pbn"), "csv": ("csvfile", "write_csv")}


def _load(where: tuple[str, str]) -> Callable[..., Any]:
    """The function named by ``(module, function)``, its module imported now: a module of this package by its
    own name, one of another layer (the workbook's reader) by its whole name."""
    module, name = where
    whole = module if module.startswith("mpxl.") else f"{__name__}.{module}"
    return cast("Callable[..., Any]", getattr(importlib.import_module(whole), name))


def format_of(path: str | os.PathLike[str], head: bytes | None = None) -> str | None:
    """The format of ``path``: from its extension, else by sniffing ``head`` (the file's first bytes)."""
    fmt = EXTENSIONS.get(Path(path).suffix.lower())
    if fmt:
        return fmt
    if head is not None:
        if head[4:19] in (b"Standard Jet DB", b"Standard ACE DB"):  # mpxl.formats.access.MAGIC
            return "bws"
        text = head.lstrip(b"\xef\xbb\xbf").lstrip()
        if text.startswith(b"<"):
            return "usebio"
        if head.startswith((b"PK\x03\x04", b"\xd0\xcf\x11\xe0")):  # a zip (.xlsx) or an encrypted workbook
            return "xlsx"
        if text.startswith((b"%", b"[")):
            return "pbn"
        if b"," in text.split(b"\n", 1)[0] or b";" in text.split(b"\n", 1)[0]:
            return "csv"
    return None


#: The start of an HTML page (within its first bytes): its doctype or its html element.
_HTML = re.compile(rb"<!doctype\s+html|<html[\s>]", re.IGNORECASE)


def is_html(path: str | os.PathLike[str], head: bytes) -> bool:
    """Whether ``path`` is a web page (by its extension, or its first bytes ``head``) rather than a results file.

    >>> is_html("r.xml", b"<!DOCTYPE html><html>"), is_html("r.htm", b""), is_html("r.xml", b"<?xml?><USEBIO>")
    (True, True, False)
    """
    return Path(path).suffix.lower() in (".html", ".htm", ".xhtml") or bool(_HTML.search(head))


def read_event(path: str | os.PathLike[str], format: str | None = None) -> Event:
    """Read a results file (USEBIO, PBN, CSV or a workbook) into an :class:`~mpxl.core.event.Event`.

    ``format`` ('usebio', 'pbn', 'csv') overrides the guess from the extension.
    Lines are checked: a board where one pair (or one table) has two lines is refused.
    """
    source = str(path)
    event: Event = _load(READERS[_checked_format(path, format)])(path)
    if not event.lines:
        raise UserError(source, "", "no traveller lines in the file")
    check_duplicates(event)
    return event


def read_travellers(path: str | os.PathLike[str], format: str | None = None) -> Travellers | None:
    """A CSV file of plain travellers as :class:`mpxl.core.event.Travellers`, or None for any other
    file (a USEBIO or PBN file, a CSV row with an adjustment, a row to complain about): then
    :func:`read_event` reads it. A file that cannot be read at all gets read_event's message.
    """
    if _checked_format(path, format) != "csv":
        return None
    from .csvcolumns import read_csv_columns

    return read_csv_columns(path)


def _checked_format(path: str | os.PathLike[str], format: str | None) -> str:
    """The format to read ``path`` as; UserError if it cannot be told or the file is far too big."""
    source = str(path)
    head = read_bytes(path, 512)
    if is_html(path, head):
        raise UserError(source, "", "an HTML page, not a results file: mpxl reads the file the scoring program "
                        "exports (USEBIO .xml, .pbn or .csv travellers), not the page made from it")
    fmt = format or format_of(path, head)
    if fmt is None or fmt not in READERS:
        raise UserError(source, "", f"cannot tell the file's format from {Path(path).suffix or 'its name'!r}; "
                        "expected .xml (USEBIO), .pbn, .csv, .xlsx or the tablets' .bws")
    try:
        size = os.stat(path).st_size
    except OSError as exc:
        raise UserError(source, "", exc.strerror or str(exc)) from None
    if size > MAX_BYTES[fmt]:
        raise UserError(source, "", f"the file is {size / 2**20:,.0f} MB, larger than the {MAX_BYTES[fmt] // 2**20} MB "
                        f"mpxl reads as {fmt.upper() if fmt != 'usebio' else 'USEBIO'}: far larger than any real event")
    return fmt


def write_event(
    result_or_event: SessionResult | Event, path: str | os.PathLike[str], format: str | None = None
) -> None:
    """Write a scored event (a SessionResult) or an Event as USEBIO, PBN or CSV, chosen by extension."""
    fmt = format or format_of(path)
    if fmt not in WRITERS:
        raise UserError(
            str(path), "", f"cannot write {Path(path).suffix or 'this'!r} files; expected .xml, .pbn or .csv"
        )
    _load(WRITERS[fmt])(result_or_event, path)
