"""Write a workbook's big data blocks straight into the .xlsx, as shared formulas.

openpyxl keeps a Python object per cell and serialises each through ElementTree:
about 10 microseconds a cell, and a scored event has ~58 cells a traveller line.
Here the workbook is saved by openpyxl WITHOUT the rows of its data blocks (the
traveller lines, the per-board block, the pairs), and those rows are then written
into the saved sheet's ``<sheetData>`` as text, row after row:

* every column of a block is one style (the same ``cellXfs`` index openpyxl gave
  the openpyxl-built workbook) and either inputs or one formula filled down;
* a formula column is written the way Excel stores a filled-down column: the
  first row holds the formula and ``<f t="shared" ref="X5:X904" si="3">``, the
  other rows ``<f t="shared" si="3"/>``. Excel, LibreOffice and openpyxl's reader
  give every cell its own formula (the first one, with its relative references
  moved to the cell's row), so each cell reads exactly as
  :func:`mpxl.workbook.template.build_workbook` writes it, formula by formula;
* a row is one ``str.format`` of a template made once per block layout.

Values go in as openpyxl writes them (numbers ``%.16g``, text as inline strings;
an input text is data, written as text whatever it starts with: :mod:`mpxl.formats.textsafe`). The cost per line is
constant, so the time is linear in the lines; the result is tested to load back cell for cell
equal (values, formulas, styles) to the openpyxl-built workbook.

The package passes an Office 2010 OOXML validator. openpyxl writes a font's children as ``name, family, b, ...,
color, sz, scheme``; the schema's ``CT_Font`` (as Excel writes it and the Open XML SDK validates it) orders them
``b, i, strike, condense, extend, outline, shadow, u, vertAlign, sz, color, name, family, charset, scheme``:
:func:`tidy_styles` puts every ``<font>`` of ``xl/styles.xml`` (cell fonts and conditional-format fonts) in that
order; nothing else changes. Each part is compressed once: openpyxl writes the package into memory with its parts
stored as they are (:func:`stored_package`), and the file is written from there, each part deflated as it goes in
(``wb.save`` would deflate every part, to be read back and deflated again).

>>> tidy_styles(b'<fonts><font><name val="Calibri"/><family val="2"/><color theme="1"/><sz val="11"/></font></fonts>')
b'<fonts><font><sz val="11"/><color theme="1"/><name val="Calibri"/><family val="2"/></font></fonts>'
"""

from __future__ import annotations

import datetime
import io
import os
import re
import zipfile
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from decimal import Decimal
from math import isinf, isnan
from typing import TYPE_CHECKING, Any, Protocol

from openpyxl.cell.cell import Cell
from openpyxl.utils import get_column_letter

if TYPE_CHECKING:
    from openpyxl import Workbook
    from openpyxl.styles.cell_style import StyleArray
    from openpyxl.worksheet.worksheet import Worksheet

from ..formats.textsafe import as_text_cell, xlsx_text

__all__ = ["Block", "Kept", "fill", "save", "tail", "escape", "FONT_ORDER", "tidy_styles", "stored_package",
           "save_tidied"]


@dataclass(eq=False)
class Block:
    """Rows ``first..last`` of a sheet: input columns and formula columns, one style each.

    ``inputs`` is ``[(column, StyleArray)]`` and ``values(i)`` the tuple of input values of
    the block's i-th row in that order; ``formulas`` is ``[(column, StyleArray, key)]``
    and ``formula_row(r)`` the dict ``key -> formula`` of row ``r``: row ``r``'s formulas
    must be row ``first``'s with their relative row references moved to ``r``.
    """

    ws: Worksheet
    first: int
    last: int
    inputs: Sequence[tuple[int, StyleArray]]
    values: Callable[[int], tuple[Any, ...]]  # each an input value, as :func:`tail` takes it
    formulas: Sequence[tuple[int, StyleArray, str]]
    formula_row: Callable[[int], dict[str, str]]


def fill(block: Block) -> None:
    """Put the block's cells into its openpyxl worksheet (the in-memory workbook)."""
    ws = block.ws
    cells = ws._cells
    for i, r in enumerate(range(block.first, block.last + 1)):
        for (c, st), v in zip(block.inputs, block.values(i)):
            cells[(r, c)] = as_text_cell(Cell(ws, row=r, column=c, style_array=st), v)
        f = block.formula_row(r)
        for c, st, key in block.formulas:
            cells[(r, c)] = Cell(ws, row=r, column=c, value=f[key], style_array=st)


# ------------------------------------------------------------------------------ values


def escape(text: str) -> str:
    """``text`` as XML element content: ``&``, ``<`` and ``>`` escaped, as :func:`xml.sax.saxutils.escape`
    does (that module imports urllib.request, and with it http, email and socket: a tenth of a second).

    >>> escape("a < b & c > d")
    'a &lt; b &amp; c &gt; d'
    """
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def _text(value: str) -> str:
    """Inline-string cell content, as openpyxl writes it (a longer text than a cell holds refused)."""
    value = xlsx_text(value)  # input text is data: never a formula or an error code
    if value == "":
        return ' t="inlineStr"/>'
    stripped = value.strip()
    space = ' xml:space="preserve"' if stripped and stripped != value else ""
    return f' t="inlineStr"><is><t{space}>{escape(value)}</t></is></c>'


def _number(value: int | float | Decimal) -> str:
    text = "" if isnan(value) or isinf(value) else f"{value:.16g}"
    return f' t="n"><v>{text}</v></c>'


def tail(value: Any) -> str:
    """What follows ``<c r=".." s=".."`` for an input ``value``: None, a text, a number (int, float,
    Decimal) or a bool; ValueError for anything else (Any: checked here, by exact type first, for speed).

    >>> tail(None), tail(3), tail("3C"), tail(True)
    ('/>', ' t="n"><v>3</v></c>', ' t="inlineStr"><is><t>3C</t></is></c>', ' t="b"><v>1</v></c>')
    """
    if value is None:
        return "/>"
    t = type(value)
    if t is str:
        return _text(value)
    if t is int or t is float or t is Decimal:
        return _number(value)
    if t is bool:
        return f' t="b"><v>{int(value)}</v></c>'
    if isinstance(value, (int, float, Decimal)):
        return _number(value)
    if isinstance(value, str):
        return _text(str(value))
    raise ValueError(f"Cannot convert {value!r} to Excel")


# ------------------------------------------------------------------------------ rows


def _rows(blocks: Sequence[Block], style_id: Callable[[StyleArray], int]) -> Iterator[str]:
    """The XML of one sheet's blocks' rows, in row order, as strings of many rows.

    A row is ``template.format(row, *input tails)``; the template (made once per set of
    blocks covering the row) holds the formula cells' ``<f t="shared" si=".."/>``. The
    blocks' first rows hold the shared formulas' text (the masters).
    """
    si = 0
    shared: dict[tuple[int, str], int] = {}  # (id(block), key) -> the shared formula's index
    for b in blocks:
        for _c, _st, key in b.formulas:
            shared[(id(b), key)] = si
            si += 1
    first = min(b.first for b in blocks)
    last = max(b.last for b in blocks)
    templates: dict[tuple[Block, ...], str] = {}  # the rows where no block starts, by the blocks on them
    # each block's cells made once, as (column, xml): its inputs' starts (a field's number added when a
    # row's template is made), its formula cells on a row other than its first, and on its first (the masters)
    starts: dict[int, list[tuple[int, str]]] = {}
    followers: dict[int, list[tuple[int, str]]] = {}

    def heads(b: Block) -> list[tuple[int, str]]:
        """The block's input cells' starts: ``<c r="X{0}" s="..."``."""
        known = starts.get(id(b))
        if known is None:
            known = starts[id(b)] = [(c, f'<c r="{get_column_letter(c)}{{0}}" s="{style_id(st)}"')
                                     for c, st in b.inputs]
        return known

    def formula_cells(b: Block, master: bool) -> list[tuple[int, str]]:
        """The block's formula cells on its first row (``master``: each shared formula's text, its one
        master) or on another (the shared formula's index alone)."""
        known = None if master else followers.get(id(b))
        if known is not None:
            return known
        f = b.formula_row(b.first) if master else None
        out = []
        for c, st, key in b.formulas:
            letter = get_column_letter(c)
            head = f'<c r="{letter}{{0}}" s="{style_id(st)}">'
            k = shared[(id(b), key)]
            if f is None:
                out.append((c, f'{head}<f t="shared" si="{k}"/></c>'))
                continue
            text = escape(f[key][1:]).replace("{", "{{").replace("}", "}}")
            if b.last > b.first:
                out.append((c, f'{head}<f t="shared" ref="{letter}{b.first}:{letter}{b.last}" si="{k}">{text}</f></c>'))
            else:
                out.append((c, f"{head}<f>{text}</f></c>"))
        if not master:
            followers[id(b)] = out
        return out

    def cells_of(active: tuple[Block, ...], starting: tuple[Block, ...]) -> str:
        """The template of a row the ``active`` blocks cover; inputs as ``{n}`` fields (n from 1). The blocks
        ``starting`` on the row hold their shared formulas' text (the masters); the others on it only the
        index (each shared formula has ONE master: a second ``<f t="shared" si=..>text</f>`` is read by
        some programs as a formula of its own, its references those of the block's first row)."""
        out: list[tuple[int, str]] = []
        n = 1
        for b in active:
            for c, head in heads(b):
                out.append((c, f"{head}{{{n}}}"))
                n += 1
        for b in active:
            out.extend(formula_cells(b, b in starting))
        out.sort(key=lambda x: x[0])
        return '<row r="{0}">' + "".join(x for _, x in out) + "</row>"

    buf: list[str] = []
    size = 0
    for r in range(first, last + 1):
        active = tuple(b for b in blocks if b.first <= r <= b.last)
        if not active:
            continue
        starting = tuple(b for b in active if b.first == r)
        if starting:
            tmpl = cells_of(active, starting)
        else:
            known = templates.get(active)
            if known is None:
                known = templates[active] = cells_of(active, ())
            tmpl = known
        tails: list[str] = []
        for b in active:
            if b.inputs:
                tails.extend(map(tail, b.values(r - b.first)))
        buf.append(tmpl.format(r, *tails))
        size += 1
        if size >= 2000:
            yield "".join(buf)
            buf, size = [], 0
    if buf:
        yield "".join(buf)


_DIMENSION = re.compile(r'<dimension ref="[^"]*"\s*/>')
_ROW_NUMBER = re.compile(r'<row r="(\d+)"')


class Kept(Protocol):
    """A sheet whose part mpxl writes whole in place of the one openpyxl writes for it (its shell): the
    sheets that never depend on the event (:mod:`mpxl.workbook.static`)."""

    @property
    def ws(self) -> Worksheet: ...

    def styles(self) -> Iterable[StyleArray]:
        """Its cells' styles, in the order openpyxl would number them (row by row)."""
        ...

    def part(self, style_id: Callable[[StyleArray], int]) -> str:
        """The sheet's part, each cell's style numbered by ``style_id``."""
        ...


def _number_styles(wb: Workbook, kept: Sequence[Kept], style_id: Callable[[StyleArray], int]) -> None:
    """Number the cells' styles of every sheet up to the last kept one, in the order openpyxl numbers
    them as it writes the sheets (sheet by sheet, row by row, a cell with a style of its own), so that
    each style has the number it has in the workbook built cell by cell: openpyxl writes no cell of a
    kept sheet's shell, and would number the later sheets' styles before the kept ones'."""
    by_sheet = {id(k.ws): k for k in kept}
    last = max((i for i, ws in enumerate(wb.worksheets) if id(ws) in by_sheet), default=-1)
    for ws in wb.worksheets[:last + 1]:
        k = by_sheet.get(id(ws))
        if k is not None:
            for st in k.styles():
                style_id(st)
            continue
        for _, cell in sorted(ws._cells.items()):
            if cell.has_style:
                style_id(cell._style)


def save(wb: Workbook, blocks: Sequence[Block], path: str | os.PathLike[str], kept: Sequence[Kept] = ()) -> None:
    """Save ``wb`` to ``path`` with the ``blocks``' rows written into their sheets' XML, and the ``kept``
    sheets' parts in place of their shells'; each part compressed once.

    The blocks' cells must not be in ``wb`` (their rows are added to what openpyxl wrote,
    which must end above them). Written to a temporary name and renamed.
    """
    path = os.fspath(path)
    tmp = f"{path}.tmp-{os.getpid()}.xlsx"
    by_sheet: dict[int, tuple[Worksheet, list[Block]]] = {}
    for b in blocks:
        by_sheet.setdefault(id(b.ws), (b.ws, []))[1].append(b)
    styles = wb._cell_styles
    numbered: dict[int, tuple[StyleArray, int]] = {}  # id(style) -> (the style, kept alive; its index)

    def style_id(st: StyleArray) -> int:
        known = numbered.get(id(st))
        if known is None:  # openpyxl's IndexedList: the style's index in cellXfs (a hash of the style: once each)
            known = numbered[id(st)] = (st, styles.add(st))
        return known[1]

    try:
        # number the blocks' and the kept sheets' styles before openpyxl writes the stylesheet
        for b in blocks:
            for _c, st, *_ in list(b.inputs) + list(b.formulas):
                style_id(st)
        _number_styles(wb, kept, style_id)
        zin = stored_package(wb)
        parts = {ws.path[1:]: (ws, bl) for ws, bl in by_sheet.values()}
        whole = {k.ws.path[1:]: k for k in kept}
        with zin, _package(tmp) as zout:
            for info in zin.infolist():
                if info.filename in whole:
                    part = whole[info.filename].part(style_id).encode("utf-8")
                    zout.writestr(deflated(info), part, compresslevel=LEVEL)
                    continue
                data = zin.read(info.filename)
                if info.filename not in parts:
                    zout.writestr(deflated(info), tidy_styles(data) if info.filename == STYLES else data,
                                  compresslevel=LEVEL)
                    continue
                ws, bl = parts[info.filename]
                xml = data.decode("utf-8")
                head, rest = _split_sheet_data(xml)
                top = max((int(x) for x in _ROW_NUMBER.findall(head)), default=0)
                if top >= min(b.first for b in bl):
                    raise ValueError(f"{ws.title}: openpyxl wrote row {top}, inside a streamed block")
                last_row = max(b.last for b in bl)
                cols = [c for b in bl for c, *_ in list(b.inputs) + list(b.formulas)]
                max_col = max([ws.max_column] + cols)
                head = _DIMENSION.sub(f'<dimension ref="A1:{get_column_letter(max_col)}{last_row}"/>', head, count=1)
                with zout.open(info.filename, "w", force_zip64=True) as out:
                    out.write(head.encode("utf-8"))
                    for chunk in _rows(bl, style_id):
                        out.write(chunk.encode("utf-8"))
                    out.write(rest.encode("utf-8"))
        os.replace(tmp, path)
    finally:
        if os.path.exists(tmp):
            os.remove(tmp)


def _split_sheet_data(xml: str) -> tuple[str, str]:
    """(everything up to the last row openpyxl wrote, ``</sheetData>`` and the rest)."""
    empty = xml.find("<sheetData/>")
    if empty >= 0:
        return xml[:empty] + "<sheetData>", "</sheetData>" + xml[empty + len("<sheetData/>"):]
    end = xml.find("</sheetData>")
    if end < 0:
        raise ValueError("no <sheetData> in the worksheet")
    return xml[:end], xml[end:]


# ------------------------------------------------------------------------------ the package

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


def stored_package(wb: Workbook) -> zipfile.ZipFile:
    """``wb`` as openpyxl writes it (``wb.save``: its parts, and the time it was modified), into memory
    with every part stored uncompressed; open for reading."""
    from openpyxl.writer.excel import ExcelWriter

    buffer = io.BytesIO()
    wb.properties.modified = datetime.datetime.now(tz=datetime.timezone.utc).replace(tzinfo=None)  # as wb.save
    ExcelWriter(wb, zipfile.ZipFile(buffer, "w", zipfile.ZIP_STORED, allowZip64=True)).save()
    return zipfile.ZipFile(buffer)


#: The parts' compression: zlib's level 3 deflates a scored workbook's parts 3x faster than its default (6), the
#: file some 8% larger (a 660-line event's 10.4 MB of XML: 1.18 MB against 1.09 MB, 0.06 s against 0.17 s).
LEVEL = 3


def _package(path: str | os.PathLike[str]) -> zipfile.ZipFile:
    """The package to write at ``path``: its parts deflated at :data:`LEVEL`."""
    return zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED, allowZip64=True, compresslevel=LEVEL)


def deflated(info: zipfile.ZipInfo) -> zipfile.ZipInfo:
    """``info`` (a part of :func:`stored_package`) to be written compressed."""
    info.compress_type = zipfile.ZIP_DEFLATED
    return info


def _write_tidied(zin: zipfile.ZipFile, dst: str | os.PathLike[str]) -> None:
    with _package(dst) as zout:
        for info in zin.infolist():
            data = zin.read(info.filename)
            zout.writestr(deflated(info), tidy_styles(data) if info.filename == STYLES else data, compresslevel=LEVEL)


def save_tidied(wb: Workbook, path: str | os.PathLike[str]) -> None:
    """``wb.save(path)`` with the stylesheet tidied, each part compressed once (a workbook with no streamed blocks)."""
    with stored_package(wb) as zin:
        _write_tidied(zin, path)
