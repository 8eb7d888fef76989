"""Save an openpyxl workbook so that it passes an Office 2010 OOXML validator.

openpyxl writes a font's children as ``name, family, b, ..., color, sz, scheme``; the
schema's ``CT_Font`` (as Excel writes it and the Open XML SDK validates it) orders them
``b, i, strike, condense, extend, outline, shadow, u, vertAlign, sz, color, name, family,
charset, scheme``. :func:`tidy_styles` puts every ``<font>`` of ``xl/styles.xml`` (cell
fonts and conditional-format fonts) in that order; nothing else changes.

Each part is compressed once: openpyxl writes the package into memory with its parts stored as
they are (:func:`stored_package`), and the file is written from there, each part deflated as it
goes in (``wb.save`` would deflate every part, to be read back and deflated again).

>>> tidy_styles(b'<fonts><font><name val="Calibri"/><family val="2"/><color theme="1"/><sz val="11"/></font></fonts>')
b'<fonts><font><sz val="11"/><color theme="1"/><name val="Calibri"/><family val="2"/></font></fonts>'
"""

from __future__ import annotations

import datetime
import io
import os
import re
import zipfile
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from openpyxl import Workbook

__all__ = ["FONT_ORDER", "tidy_styles", "tidy_package", "stored_package", "save"]

#: CT_Font's children in schema order.
FONT_ORDER = ("b", "i", "strike", "condense", "extend", "outline", "shadow", "u", "vertAlign", "sz", "color",
              "name", "family", "charset", "scheme")
_RANK = {name: i for i, name in enumerate(FONT_ORDER)}
_FONT = re.compile(rb"(<font(?:\s[^>]*)?>)(.*?)(</font>)", re.S)
_CHILD = re.compile(rb"<(\w+)\b[^>]*?/>|<(\w+)\b[^>]*>.*?</\2>", re.S)

STYLES = "xl/styles.xml"


def _order(match: re.Match[bytes]) -> bytes:
    head, body, tail = match.groups()
    children = [((m.group(1) or m.group(2)).decode(), m.group(0)) for m in _CHILD.finditer(body)]
    if b"".join(c for _, c in children) != body.strip() or any(n not in _RANK for n, _ in children):
        return match.group(0)  # not the plain shape openpyxl writes: leave it as it is
    children.sort(key=lambda nc: _RANK[nc[0]])
    return head + b"".join(c for _, c in children) + tail


def tidy_styles(xml: bytes) -> bytes:
    """``xl/styles.xml`` with each font's children in schema order."""
    return _FONT.sub(_order, xml)


def tidy_package(src: str | os.PathLike[str], dst: str | os.PathLike[str]) -> None:
    """Copy the .xlsx ``src`` to ``dst`` with its stylesheet tidied."""
    with zipfile.ZipFile(src) as zin:
        _write_tidied(zin, dst)


def stored_package(wb: Workbook) -> zipfile.ZipFile:
    """``wb`` as openpyxl writes it (``wb.save``: its parts, and the time it was modified), into memory
    with every part stored uncompressed; open for reading."""
    from openpyxl.writer.excel import ExcelWriter

    buffer = io.BytesIO()
    wb.properties.modified = datetime.datetime.now(tz=datetime.timezone.utc).replace(tzinfo=None)  # as wb.save
    ExcelWriter(wb, zipfile.ZipFile(buffer, "w", zipfile.ZIP_STORED, allowZip64=True)).save()
    return zipfile.ZipFile(buffer)


def deflated(info: zipfile.ZipInfo) -> zipfile.ZipInfo:
    """``info`` (a part of :func:`stored_package`) to be written compressed."""
    info.compress_type = zipfile.ZIP_DEFLATED
    return info


def _write_tidied(zin: zipfile.ZipFile, dst: str | os.PathLike[str]) -> None:
    with zipfile.ZipFile(dst, "w", zipfile.ZIP_DEFLATED, allowZip64=True) as zout:
        for info in zin.infolist():
            data = zin.read(info.filename)
            zout.writestr(deflated(info), tidy_styles(data) if info.filename == STYLES else data)


def save(wb: Workbook, path: str | os.PathLike[str]) -> None:
    """``wb.save(path)`` with the stylesheet tidied, each part compressed once."""
    with stored_package(wb) as zin:
        _write_tidied(zin, path)
