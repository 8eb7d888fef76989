"""Results files in and out: USEBIO XML, PBN, CSV travellers, the workbook, the results page.

:func:`read_event` picks the reader by the file's extension, or by its first
bytes when the extension says nothing; :func:`write_event` picks the writer by
the output's extension, from :data:`WRITERS` (every output format, one entry each: the
command's ``-o`` offers what it lists). Readers raise :class:`mpxl.core.errors.UserError`
naming the file, the line or element, and the problem.

>>> format_of("results.XML"), format_of("s1.pbn"), format_of("t.csv"), format_of("x.txt", b"% PBN 2.1")
('usebio', 'pbn', 'csv', 'pbn')
>>> format_of("night.tablets.json", b'{ "mpxl_tablets": 1,')
'tablets'
>>> import mpxl.workbook  # the workbook's reader and writer, registered by their layer
>>> writer_of("night.HTM").name, output_extensions()
('results page', ('.xlsx', '.csv', '.xml', '.pbn', '.html', '.htm'))
"""

from __future__ import annotations

import importlib
import os
import re
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, NamedTuple, cast

from ..core.errors import UserError
from ..core.event import Event, Travellers
from ..core.pairings import check_duplicates
from ..core.patterns import Pattern
from .common import CSV_DELIMITERS, read_bytes

if TYPE_CHECKING:  # typing only: reading a file needs no scorer
    from ..core.session import SessionResult

__all__ = ["read_event", "read_travellers", "write_event", "format_of", "is_html", "EXTENSIONS", "MAX_BYTES",
           "Writer", "WRITERS", "writer_of", "output_extensions", "check_output", "extension",
           "register", "ABOVE"]

#: extension -> format name
EXTENSIONS = {".xml": "usebio", ".usebio": "usebio", ".pbn": "pbn", ".csv": "csv", ".tsv": "csv", ".txt": None,
              ".xlsx": "xlsx", ".xlsm": "xlsx", ".xls": "xlsx", ".bws": "bws", ".mdb": "bws"}


#: The largest file :func:`read_event` reads, by format: far above any real event (a club night's
#: USEBIO file is about 100 KB, a 1,000,000-line CSV about 25 MB), and a bound on the work.
MAX_BYTES = {"usebio": 64 * 2**20, "pbn": 64 * 2**20, "csv": 256 * 2**20, "xlsx": 256 * 2**20, "bws": 1024 * 2**20,
             "tablets": 256 * 2**20}


#: format -> (module, function) of its reader: a module is imported when its format is read (a PBN
#: file is read without loading the XML parser, a USEBIO one without csv). The workbook's reader is
#: registered by the layer that owns it (:mod:`mpxl.workbook`, with :func:`register`): this layer names
#: no module above it.
READERS = {"usebio": ("usebio", "read_usebio"), "pbn": ("pbn", "read_pbn"), "csv": ("csvcolumns", "read_csv"),
           "bws": ("bws", "read_bws"), "tablets": ("journal", "read_journal")}


class Writer(NamedTuple):
    """An output format: one entry of :data:`WRITERS`, from which the command's ``-o`` takes its
    extensions, its help and the name it says after writing.

    The writer is ``module.function(result_or_event, path, **options)``, imported when its format is
    written; it writes atomically (:mod:`mpxl.formats.atomic`) and returns a note for the user on
    what was written (None when there is nothing to say).
    """

    name: str  #: the format as ``mpxl score -o`` names it: ``mpxl: wrote out.pbn (PBN): ...``
    extensions: tuple[str, ...]  #: the names it is written to, lower case
    module: str  #: a module of this package by its own name, one of another layer by its whole name
    function: str
    columns: bool = True  #: written from the scorer's columns (a CSV of travellers read with no object per line)
    pairs: bool = True  #: it writes the pairs' ranking (False: the figures alone; the columns' line counts lines)
    scored: bool = False  #: it needs a scored event (a SessionResult), not a bare Event with the file's figures
    options: tuple[str, ...] = ()  #: the keywords of :func:`write_event` it takes (``lang``, ``members``)


#: Every output format, by the name ``write_event``'s ``format`` takes, in the order the command lists them
#: (the workbook's, first, registered by :mod:`mpxl.workbook` with :func:`register`).
WRITERS = {
    "csv": Writer("CSV travellers", (".csv",), "csvcolumns", "write_csv", pairs=False),
    "usebio": Writer("USEBIO XML", (".xml",), "usebio", "write_usebio"),
    "pbn": Writer("PBN", (".pbn",), "pbn", "write_pbn"),
    "html": Writer("results page", (".html", ".htm"), "report_html", "write_html", scored=True,
                   options=("lang", "members")),
}


#: The formats a layer above this one reads and writes (registered there: the workbook's by mpxl.workbook).
ABOVE = frozenset({"xlsx"})


def register(format: str, reader: tuple[str, str] | None = None, writer: Writer | None = None,
             first: bool = False) -> None:
    """``format``'s reader (module, function) into :data:`READERS` and its writer into :data:`WRITERS` (listed
    ``first`` or last), from the layer above this one that owns them (its modules by their whole name)."""
    if reader is not None:
        READERS[format] = reader
    if writer is not None:
        others = [(k, w) for k, w in WRITERS.items() if k != format]
        WRITERS.clear()
        WRITERS.update([(format, writer), *others] if first else [*others, (format, writer)])


def _unregistered(path: str | os.PathLike[str], fmt: str) -> UserError:
    """The error for a format whose layer has not registered its reader or writer (it is not imported)."""
    return UserError(str(path), "", f"reading or writing {fmt} needs its layer imported: import mpxl.workbook "
                     "(mpxl.read_event, mpxl.write_event and the command import it)")


def output_extensions() -> tuple[str, ...]:
    """Every extension :func:`write_event` writes, in :data:`WRITERS`' order."""
    return tuple(ext for w in WRITERS.values() for ext in w.extensions)


def writer_of(path: str | os.PathLike[str], format: str | None = None) -> Writer | None:
    """The writer of ``format`` (a key of :data:`WRITERS`), else of ``path``'s extension; None if none."""
    if format is not None:
        return WRITERS.get(format)
    ext = extension(path)
    return next((w for w in WRITERS.values() if ext in w.extensions), None)


def check_output(path: str | os.PathLike[str], format: str | None = None) -> Writer:
    """The writer of ``path`` (:func:`writer_of`); UserError naming the extensions written if there is none."""
    writer = writer_of(path, format)
    fmt = format or EXTENSIONS.get(extension(path))
    if writer is None and fmt in ABOVE and fmt not in WRITERS:
        raise _unregistered(path, fmt)
    if writer is None:
        what = repr(format) if format is not None else repr(extension(path) or "files without an extension")
        raise UserError(str(path), "", f"cannot write {what}; expected one of " + ", ".join(output_extensions()))
    return writer


def _load(where: tuple[str, str]) -> Callable[..., Any]:
    """The function named by ``(module, function)``, its module imported now: a module of this package by its
    own name, one of another layer (the workbook's reader) by its whole name."""
    module, name = where
    whole = module if module.startswith("mpxl.") else f"{__name__}.{module}"
    return cast("Callable[..., Any]", getattr(importlib.import_module(whole), name))


def extension(path: str | os.PathLike[str], lower: bool = True) -> str:
    """The extension of ``path``'s name (lower case unless told), as :attr:`pathlib.PurePath.suffix` gives it
    (pathlib and the modules it loads are left out of a plain ``mpxl score``'s start).

    >>> [extension(p) for p in ("a/Night.XML", "night.tar.gz", ".pbn", "night.", "x.xml/", "", "dir.d/night")]
    ['.xml', '.gz', '', '', '.xml', '', '']
    """
    text = os.fspath(path)
    name = os.path.basename(text.rstrip(os.sep + (os.altsep or "")) or text)
    i = name.rfind(".")
    suffix = name[i:] if 0 < i < len(name) - 1 else ""
    return suffix.lower() if lower else suffix


def format_of(path: str | os.PathLike[str], head: bytes | None = None) -> str | None:
    """The format of ``path``: from its extension, else by sniffing ``head`` (the file's first bytes)."""
    fmt = EXTENSIONS.get(extension(path))
    if fmt:
        return fmt
    return sniffed(head) if head is not None else None


#: Each format's name as a message says it, and the extension it is given.
_NAMED = {"usebio": ("USEBIO XML", ".xml"), "pbn": ("PBN", ".pbn"), "csv": ("CSV", ".csv"),
          "xlsx": ("a workbook", ".xlsx"), "bws": ("the tablets' database", ".bws"),
          "tablets": ("mpxl's tablets journal", ".json")}


def sniffed(head: bytes) -> str | None:
    """The format ``head`` (a file's first bytes) shows, or None.

    >>> sniffed(b"% PBN 2.1"), sniffed(b'<?xml version="1.0"?><USEBIO>'), sniffed(b"board,ns_pair"), sniffed(b"")
    ('pbn', 'usebio', 'csv', None)

    Excel's "Unicode Text" (a ``.txt`` in UTF-16, its cells between tabs) is a CSV as the reader takes it:

    >>> sniffed("\\ufeffboard\\tns_pair\\tew_pair\\r\\n".encode("utf-16-le"))
    'csv'
    """
    # the strongest marks first
    if head[4:19] in (b"Standard Jet DB", b"Standard ACE DB"):  # mpxl.formats.access.MAGIC
        return "bws"
    if head.startswith((b"\xff\xfe", b"\xfe\xff")):  # UTF-16 (its BOM): looked at as the text it holds
        head = head[: len(head) // 2 * 2].decode("utf-16", errors="replace").encode("utf-8")
    text = head.lstrip(b"\xef\xbb\xbf").lstrip()
    if text.startswith(b"{") and text[1:].lstrip().startswith(b'"mpxl_tablets"'):  # mpxl.formats.journal.MARK
        return "tablets"
    if text.startswith(b"<"):
        return "usebio"
    if head.startswith((b"PK\x03\x04", b"\xd0\xcf\x11\xe0")):  # a zip (.xlsx) or an encrypted workbook
        return "xlsx"
    if text.startswith((b"%", b"[")):
        return "pbn"
    if any(mark.encode() in text.split(b"\n", 1)[0] for mark in CSV_DELIMITERS):
        return "csv"
    return None


#: The start of an HTML page (within its first bytes): its doctype or its html element.
_HTML = Pattern(rb"<!doctype\s+html|<html[\s>]", re.IGNORECASE)


def is_html(path: str | os.PathLike[str], head: bytes) -> bool:
    """Whether ``path`` is a web page (by its extension, or its first bytes ``head``) rather than a results file.

    >>> is_html("r.xml", b"<!DOCTYPE html><html>"), is_html("r.htm", b""), is_html("r.xml", b"<?xml?><USEBIO>")
    (True, True, False)
    """
    return extension(path) in (".html", ".htm", ".xhtml") or bool(_HTML.search(head))


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
    shows = sniffed(head)
    if format is None and fmt in ("usebio", "pbn") and shows not in (None, fmt, "csv"):  # the name and the bytes
        (said, _), (held, ext) = _NAMED[fmt], _NAMED[shows]  # disagree (a CSV's first line is too loose a mark)
        raise UserError(source, "", f"its name says {said}, but it holds {held} (by its first bytes): name it {ext}")
    if fmt in ABOVE and fmt not in READERS:
        raise _unregistered(path, fmt)
    if fmt is None or fmt not in READERS:
        said = extension(path, lower=False) or "its name"
        raise UserError(source, "", f"cannot tell the file's format from {said!r}; "
                        "expected .xml (USEBIO), .pbn, .csv, .xlsx or the tablets' .bws")
    try:
        size = os.stat(path).st_size
    except OSError as exc:
        raise UserError(source, "", exc.strerror or str(exc)) from None
    if size > MAX_BYTES[fmt]:
        raise UserError(source, "", f"the file is {size / 2**20:,.0f} MB, larger than the {MAX_BYTES[fmt] // 2**20} MB "
                        f"mpxl reads as {fmt.upper() if fmt != 'usebio' else 'USEBIO'}: far larger than any real event")
    return fmt


def write_event(result_or_event: SessionResult | Event, path: str | os.PathLike[str], format: str | None = None,
                **options: Any) -> str | None:
    """Write a scored event (a SessionResult) or a bare Event to ``path``, atomically, in the format of
    :data:`WRITERS` its extension names (or ``format``: 'xlsx', 'csv', 'usebio', 'pbn', 'html'); the
    results page takes ``lang`` and ``members`` (:func:`mpxl.formats.report_html.write_html`). The
    note on what was written (None when there is nothing to say: the workbook says why its figures
    are values). What a format cannot hold (a line's own penalty in USEBIO) is a ValueError saying why.
    """
    writer = check_output(path, format)
    if writer.scored and isinstance(result_or_event, Event):
        raise UserError(str(path), "", f"the {writer.name} is written from a scored event: write "
                        "score_event(event, options), not the event read")
    unknown = set(options) - {name for w in WRITERS.values() for name in w.options}
    if unknown:
        raise TypeError(f"write_event() got unexpected keyword arguments: {', '.join(sorted(unknown))}")
    taken = {name: value for name, value in options.items() if name in writer.options}
    note: str | None = _load((writer.module, writer.function))(result_or_event, path, **taken)
    return note
