"""The deals files: the hand record (PBN) and the dealing machines' files (Duplimate's ``.dlm`` and ``.dup``,
the older ``.bri`` and ``.dge``, BBO's ``.lin``), one module a format, each with ``read(path) -> dict[int,
Deal]`` and ``write(deals, path, seed=None)``, chosen from :data:`FORMATS` by the file's extension.

Every reader checks each deal whole (13 cards a hand, no card twice, all 52, the format's own checksum
and range of boards) and refuses a damaged file naming the file, the board and the problem: never a
half-read set. A format with no dealer or vulnerability gives the board number's (the rotation).

>>> deals_format("night.DLM"), deals_format("x.txt", b"[Document]\\r\\n"), deals_format("h.txt")
('dlm', 'dlm', 'pbn')
>>> deal_extensions()
('.pbn', '.dlm', '.dup', '.bri', '.dge', '.lin')
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any, NamedTuple, cast

from ...core.errors import UserError
from ...core.event import Deal
from .. import extension
from ..common import read_bytes

if TYPE_CHECKING:
    from ..atomic import StrPath

__all__ = ["DealFormat", "FORMATS", "deals_format", "read_deals", "write_deals", "deal_extensions", "format_named"]


class DealFormat(NamedTuple):
    """A deals file's format: one entry of :data:`FORMATS`."""

    name: str  #: as messages name it
    extensions: tuple[str, ...]  #: lower case
    module: str  #: the module of this package with its ``read`` and ``write``
    numbered: bool  #: it writes board numbers (else its boards are 1 to n by their place)
    seats: bool  #: it writes the dealer and vulnerability (else they are the board number's: the rotation)
    most: int | None  #: the highest board it holds
    seed: str  #: where a ``--seed`` deal says so in it


#: Every deals format, in the order ``mpxl deal`` lists them.
FORMATS = {
    "pbn": DealFormat("PBN", (".pbn",), "pbn", True, True, None,
                      "a % comment at its head and the [Generator] tag"),
    "dlm": DealFormat("Duplimate .dlm", (".dlm",), "dlm", True, False, 99, "the Headline of its [Document]"),
    "dup": DealFormat("Duplimate .dup", (".dup",), "dup", False, False, 99,
                      "nowhere: fixed records with no room for text"),
    "bri": DealFormat("BRI", (".bri",), "bri", False, False, None, "nowhere: fixed records with no room for text"),
    "dge": DealFormat("DGE", (".dge",), "dge", False, False, None, "nowhere: fixed records with no room for text"),
    "lin": DealFormat("BBO .lin", (".lin",), "lin", True, True, None, "a note (nt) on its first board"),
}


def deal_extensions() -> tuple[str, ...]:
    """Every extension a deals file is read and written by, in :data:`FORMATS`' order."""
    return tuple(ext for f in FORMATS.values() for ext in f.extensions)


def deals_format(path: StrPath, head: bytes = b"") -> str | None:
    """The format of a deals file by its extension, or for another (``.txt``) by its first bytes ``head``
    (a ``.dlm``'s ``[Document]``, a ``.lin``'s ``md|``), else PBN, as ``--deals`` has always read; None
    for the extension of a results file that is no deals file (``.xml``, ``.csv``...)."""
    ext = extension(path)
    for key, f in FORMATS.items():
        if ext in f.extensions:
            return key
    if ext in (".xml", ".usebio", ".csv", ".tsv", ".xlsx", ".xlsm", ".xls", ".bws", ".mdb", ".html", ".htm"):
        return None
    text = head.lstrip(b"\xef\xbb\xbf \t\r\n")
    if text.startswith(b"[Document]"):
        return "dlm"
    if b"md|" in head and not text.startswith((b"%", b"[")):
        return "lin"
    return "pbn"


def format_named(path: StrPath, writing: bool = False) -> DealFormat:
    """The :class:`DealFormat` of ``path`` (:func:`deals_format`); UserError naming those read and written."""
    fmt = deals_format(path, b"" if writing else read_bytes(path, 4096))
    if fmt is None or (writing and fmt == "pbn" and not str(path).lower().endswith(".pbn")):
        verb = "write deals to" if writing else "read deals from"
        raise UserError(str(path), "", f"cannot {verb} this kind of file; expected one of "
                        + ", ".join(deal_extensions()))
    return FORMATS[fmt]


def _function(fmt: DealFormat, name: str) -> Callable[..., Any]:
    return cast("Callable[..., Any]", getattr(importlib.import_module(f"{__name__}.{fmt.module}"), name))


def read_deals(path: StrPath) -> dict[int, Deal]:
    """Board -> :class:`Deal` of a deals file of any format (:data:`FORMATS`); UserError naming the file, the
    board and the problem for a damaged one."""
    return cast("dict[int, Deal]", _function(format_named(path), "read")(path))


def write_deals(deals: Mapping[int, Deal], path: StrPath, seed: int | None = None,
                analyses: Mapping[int, Any] | None = None) -> DealFormat:
    """``deals`` written to ``path`` (atomically) in the format of its extension, saying ``seed`` where the
    format has room (:attr:`DealFormat.seed`), with the boards' ``analyses`` where it holds them (a PBN's
    analysis tags); the format written."""
    fmt = format_named(path, writing=True)
    if fmt.module == "pbn":
        _function(fmt, "write")(deals, path, seed=seed, analyses=analyses)
    else:
        _function(fmt, "write")(deals, path, seed=seed)
    return fmt
