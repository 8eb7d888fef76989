"""Workbooks read back as events: ``mpxl score club.xlsx``.

Two layouts are read:

* **the template** (``mpxl template``, or any workbook ``mpxl score -o x.xlsx`` wrote): the
  Setup sheet's settings, the Travellers sheet's typed cells (board, pairs, contract, by,
  tricks, typed score, adjustment, group, arrowswitch, section, session) and the Pairs
  sheet's names. The figures Excel saved beside them (NS MP, EW MP) are the published ones
  that ``mpxl check`` compares with the core's;
* **a plain sheet** whose first row names the CSV columns (``board, ns_pair, ew_pair,
  ns_score``...): read as the CSV reader reads that file.

Every cell goes through the CSV reader's own row reader (:func:`mpxl.formats.csvfile.read_rows`),
so a typed ruling means what it means in a CSV file, and a bad one is refused naming the
sheet, the row and the column. The workbook's own problems (a password, an error value in a typed cell,
hidden or merged rows) are named by sheet and cell.

>>> words = {"method": "Factor", "scale": 1, "rounding": "ebu", "decimals": 1, "winners": 2, "_cells": {}}
>>> declared = setup_options(words, "club.xlsx")
>>> declared["method"], declared["scale"], str(declared["rounding"]), declared["winners"]
(<Method.FACTOR: 'factor'>, <Scale.SINGLE: 'single'>, 'ebu', 2)
"""

from __future__ import annotations

import datetime as _dt
import io
import os
import re
import zipfile
from collections.abc import Callable, Iterable, Iterator
from dataclasses import fields, replace
from decimal import ROUND_HALF_UP, Decimal
from fractions import Fraction
from typing import Any

from ..core.errors import UserError
from ..core.event import Club, Event, Line, Pair, Penalty
from ..core.members import players_of
from ..core.methods import find_method
from ..core.numbers import whole
from ..core.options import ScoringOptions, parse_options, registry
from ..core.patterns import Pattern
from ..core.rounding import Rounding
from ..core.rules import is_penalty_row
from ..core.settings import RoundingKind
from ..formats.common import read_bytes
from ..formats.csvfile import csv_event, header_keys_of, names_cell, read_rows, unknown_columns
from .setup_rules import BOTH_SIDES, LISTED_TWICE

__all__ = ["read_workbook", "setup_options", "TEMPLATE_INPUTS", "sheet_names"]

#: The template's Travellers headings (row 4) of the typed cells and the figures, and the CSV
#: column each is read as. Found by heading, so a workbook whose columns moved still reads.
TEMPLATE_INPUTS = {
    "Board": "board", "NS pair": "ns_pair", "EW pair": "ew_pair", "Contract": "contract", "By": "declarer",
    "Tricks": "tricks", "Typed score": "ns_score", "Adjustment": "adjustment", "Group": "group",
    "Arrowswitch": "arrowswitch", "Section": "section", "Session": "session",
    "NS penalty": "ns_penalty", "EW penalty": "ew_penalty",
}
#: The figures the sheet shows (read as published figures, for ``mpxl check``).
TEMPLATE_FIGURES = {"NS MP": "ns_mp", "EW MP": "ew_mp"}
#: The Pairs sheet's headings of the players' member numbers, in order (mpxl.workbook.layout.PAIRS').
MEMBER_HEADINGS = ("Member no. 1", "Member no. 2")
HANDS_SHEET = "Hands"  # the deals' sheet (mpxl.workbook.hands.SHEET)
_HEADER_ROW = 4  # the template's heading row (mpxl.workbook.layout.HEADER_ROW; not imported: no openpyxl sheets)

#: The first bytes of a file Excel encrypted with a password (an OLE compound file, not a zip).
_OLE_MAGIC = b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1"


def read_workbook(path: str | os.PathLike[str]) -> Event:
    """The event typed into a workbook (the template's layout, or a first sheet of CSV columns)."""
    source = str(path)
    wb = _open(path)
    try:
        from .shape import is_template  # the template's layout (openpyxl loaded already)

        title = wb["Travellers"].cell(1, 1).value if "Travellers" in wb.sheetnames else None
        if is_template(wb.sheetnames, title):  # its sheets, or one renamed: refused by name in _template_event
            return _template_event(wb, source)
        if "Travellers" in wb.sheetnames and title is not None:
            ev = _plain_event(wb["Travellers"], source)  # a values workbook: its settings on a sheet of their own
            ev.declared_options = _settings_sheet(wb, source)
            ev.pairs = _ranking_pairs(wb, source) or ev.pairs
            return ev
        return _plain_event(wb.worksheets[0], source)
    finally:
        wb.close()


def sheet_names(path: str | os.PathLike[str]) -> list[str]:
    """The workbook's sheets, read without its cells ([] when it cannot be opened: :func:`read_workbook` says why)."""
    from openpyxl import load_workbook

    try:
        wb = load_workbook(path, read_only=True)
    except Exception:  # a damaged file: any error of the parser is "cannot be opened", named by read_workbook
        return []
    try:
        return list(wb.sheetnames)
    finally:
        wb.close()


#: The sheets mpxl writes and never reads back (their figures are worked out again from the typed cells): a
#: workbook's sheets of these names are not parsed, unless one is the workbook's first (a plain sheet of columns).
UNREAD_SHEETS = frozenset({"Totals", "Methods", "Working", "Help", "xlwings.conf"})


def _unread(names: list[str]) -> set[str]:
    """The sheets of ``names`` the reader leaves unparsed.

    >>> sorted(_unread(["Setup", "Travellers", "Pairs", "Totals", "Methods", "Help"]))
    ['Help', 'Methods', 'Totals']
    >>> _unread(["Help", "Travellers"])  # a workbook whose first sheet is called Help: read as a plain sheet
    set()
    """
    return {n for n in names[1:] if n in UNREAD_SHEETS}


def load_sheets(path: str | os.PathLike[str], data_only: bool, unread: Callable[[list[str]], set[str]],
                columns: Callable[[list[str]], dict[str, frozenset[int]]] | None = None) -> Any:
    """openpyxl's workbook of ``path``, every sheet named by ``unread(the sheet names)`` left unparsed: an empty
    sheet of its name stands in its place, so the names and their order are the file's. A static sheet of the
    template (Methods' or Working's thousands of cells) would otherwise cost more than the typed ones.
    ``columns(the sheet names)``: sheet -> the columns whose cells below the heading rows are parsed
    (:func:`only_columns`; the Travellers' hidden helper columns hold most of a workbook's cells).

    >>> import tempfile
    >>> from openpyxl import Workbook
    >>> wb = Workbook(); wb.active.title = "A"; wb.active["A1"] = 1; wb.create_sheet("B")["A1"] = 2
    >>> _ = wb.create_sheet("C"); path = os.path.join(tempfile.mkdtemp(), "x.xlsx"); wb.save(path)
    >>> got = load_sheets(path, True, lambda names: {"B"})
    >>> got.sheetnames, got["A"]["A1"].value, got["B"]["A1"].value
    (['A', 'B', 'C'], 1, None)
    >>> wb["A"]["C9"] = 3; wb["A"]["D9"] = 4; wb.save(path)
    >>> got = load_sheets(path, True, lambda names: set(), lambda names: {"A": frozenset({3})})["A"]
    >>> got["A1"].value, got["C9"].value, (9, 4) in got._cells
    (1, 3, False)
    """
    from openpyxl.reader.excel import ExcelReader

    reader = ExcelReader(path, read_only=False, data_only=data_only)
    read_all = reader.read_worksheets

    def read_worksheets() -> None:  # openpyxl's, the sheets left unparsed taken out of the files it reads
        sheets = [(sheet.name, rel.target) for sheet, rel in reader.parser.find_sheets()]
        left = unread([name for name, _ in sheets])
        targets = {target for name, target in sheets if name in left}
        reader.valid_files = [f for f in reader.valid_files if f not in targets]
        only = columns([name for name, _ in sheets]) if columns is not None else {}
        parts = {target: only[name] for name, target in sheets if name in only}
        if parts:  # the sheet's part as openpyxl opens it, its cells outside the columns left out
            archive = reader.archive
            opened = archive.open

            def open_part(name: Any, *args: Any, **kwargs: Any) -> Any:
                if name not in parts or args or kwargs:
                    return opened(name, *args, **kwargs)
                with opened(name) as part:
                    return io.BytesIO(only_columns(part.read(), parts[name], _HEADER_ROW, formulas=not data_only))

            archive.open = open_part  # this one archive's own
        read_all()
        for i, (name, target) in enumerate(sheets):
            if target in targets:
                reader.wb.create_sheet(name, i)

    reader.read_worksheets = read_worksheets
    reader.read()
    return reader.wb


#: A worksheet's cell element as the programs that write .xlsx files write it (no namespace prefix): its attributes
#: and its content up to its end tag (a cell holds no cell, and its text is escaped: no ``</c>`` inside it).
_CELL = re.compile(rb"<c\b([^>]*?)(?:/>|>.*?</c>)", re.S)
_CELL_REF = re.compile(rb'\sr="([A-Z]{1,3})([0-9]+)"')


#: A shared formula's first cell: the columns its range spans.
_SHARED_RANGE = re.compile(rb'<f\b(?=[^>]*\bt="shared")[^>]*\bref="([A-Z]{1,3})[0-9]+(?::([A-Z]{1,3})[0-9]+)?"')


class _Unplaced(Exception):
    """A cell element without a reference: its place is counted from the cells before it."""


def only_columns(xml: bytes, columns: frozenset[int], below: int, formulas: bool = False) -> bytes:
    """The worksheet part ``xml`` with every cell under row ``below`` outside ``columns`` left out; ``xml`` as it
    is where a cell's place is not its own reference (a cell without one), or the part holds CDATA. With
    ``formulas`` (the part read for its formulas), a shared formula's first cell whose range reaches one of
    ``columns`` is kept too: a cell of the range holds only its index, and takes the formula from it.

    >>> xml = b'<row r="4"><c r="B4" t="s"><v>0</v></c></row><row r="5"><c r="A5"><v>1</v></c><c r="B5"/></row>'
    >>> only_columns(xml, frozenset({1}), 4)
    b'<row r="4"><c r="B4" t="s"><v>0</v></c></row><row r="5"><c r="A5"><v>1</v></c></row>'
    >>> only_columns(b'<row r="5"><c><v>1</v></c><c r="B5"/></row>', frozenset({1}), 4)
    b'<row r="5"><c><v>1</v></c><c r="B5"/></row>'
    >>> shared = b'<row r="5"><c r="A5"><f t="shared" ref="A5:B9" si="0">C5+1</f><v>2</v></c></row>'
    >>> only_columns(shared, frozenset({2}), 4, formulas=True) == shared, only_columns(shared, frozenset({2}), 4)
    (True, b'<row r="5"></row>')
    """
    from openpyxl.utils import column_index_from_string, get_column_letter

    if b"<![CDATA[" in xml:
        return xml
    letters = {get_column_letter(c).encode() for c in columns}

    def reaches(cell: bytes) -> bool:  # a shared formula's first cell, its range reaching one of the columns
        shared = _SHARED_RANGE.search(cell)
        if shared is None:
            return False
        first, last = (column_index_from_string(g.decode()) for g in (shared[1], shared[2] or shared[1]))
        return any(first <= c <= last for c in columns)

    def kept(m: re.Match[bytes]) -> bytes:
        ref = _CELL_REF.search(m.group(1))
        if ref is None:
            raise _Unplaced
        if ref.group(1) in letters or int(ref.group(2)) <= below or (formulas and reaches(m.group(0))):
            return m.group(0)
        return b""

    try:
        return _CELL.sub(kept, xml)
    except _Unplaced:
        return xml


def _open(path: str | os.PathLike[str]) -> Any:
    source = str(path)
    head = read_bytes(path, 8)
    if head == _OLE_MAGIC:
        raise UserError(source, "", _ole_problem(path))
    _check_inflated(path)
    try:
        return load_sheets(path, True, _unread, _read_columns)
    except Exception as exc:
        raise UserError(source, "", _unreadable(exc)) from None


def _read_columns(names: list[str]) -> dict[str, frozenset[int]]:
    """In a template workbook, the Travellers columns read below the headings: the lines' inputs, the block's, the
    figures (:func:`mpxl.workbook.shape.travellers`); the sheet's formula columns are never read back."""
    from .shape import is_template, travellers

    if "Travellers" not in names or not is_template(names):
        return {}
    return {"Travellers": frozenset(h.column for h in travellers())}


def _unreadable(exc: BaseException) -> str:
    """Why openpyxl could not read a workbook, in one line: defusedxml's refusal (an XML entity or DTD,
    as in an XXE or a billion-laughs file) named, whatever openpyxl wrapped it in; else openpyxl's first line.
    Any other error than a reader's is raised on."""
    cause: BaseException | None = exc
    while cause is not None:
        if type(cause).__module__.startswith("defusedxml"):
            return (f"its XML declares {type(cause).__name__.removesuffix('Forbidden').lower()} (an XML entity or "
                    "DTD, as an XXE or billion-laughs attack does; no spreadsheet program writes one): refused unread")
        cause = cause.__cause__ or cause.__context__
    if not isinstance(exc, (zipfile.BadZipFile, KeyError, OSError, ValueError, SyntaxError)):
        raise exc
    return f"not a readable .xlsx workbook ({str(exc).splitlines()[0] if str(exc) else type(exc).__name__})"


#: An OLE file's stream of an encrypted workbook (the directory holds the names in UTF-16).
_ENCRYPTED = "EncryptedPackage".encode("utf-16-le")


def _ole_problem(path: str | os.PathLike[str]) -> str:
    """What an OLE compound file given as a workbook is: one Excel encrypted with a password (its
    ``EncryptedPackage`` stream), else a workbook of Excel 97-2003 (``.xls``)."""
    if _ENCRYPTED in read_bytes(path, 64 * 2**20):
        return ("the workbook is protected by a password (encrypted): save a copy without one (File > Info > "
                "Protect Workbook > Encrypt with Password, cleared) and read that")
    return ("an Excel 97-2003 workbook (.xls), the old format mpxl does not read: open it in Excel or "
            "LibreOffice and save it as an Excel Workbook (.xlsx)")


#: The most a workbook's parts may hold inflated (a real event's workbook holds a few MB; far below
#: what openpyxl could hold in memory): a zip bomb is refused before anything is inflated.
MAX_INFLATED = 512 * 2**20


def _check_inflated(path: str | os.PathLike[str]) -> None:
    """Refuse a workbook whose parts, as its zip directory declares their sizes, inflate to more than
    :data:`MAX_INFLATED`. The declared sizes bound the inflating too: Python's zipfile never inflates a
    part past its declared size (a part that would is refused as damaged, its CRC wrong)."""
    source = str(path)
    try:
        with zipfile.ZipFile(path) as zf:
            sizes = [(info.file_size, info.filename) for info in zf.infolist()]
    except (zipfile.BadZipFile, OSError, ValueError) as exc:
        raise UserError(source, "", f"not a readable .xlsx workbook ({exc})") from None
    total = sum(size for size, _name in sizes)
    if total > MAX_INFLATED:
        size, name = max(sizes)
        raise UserError(source, "", f"its parts inflate to {total / 2**20:,.0f} MB ({name}: {size / 2**20:,.0f} MB), "
                        f"more than the {MAX_INFLATED // 2**20} MB mpxl reads: not a real event's workbook "
                        "(a zip bomb?)")


def _cell_text(value: Any, source: str, where: str) -> str:
    """A cell's value as the CSV reader reads its text: numbers as typed (12, not 12.0), blank ''."""
    if value is None:
        return ""
    if isinstance(value, bool):
        return "TRUE" if value else "FALSE"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, float):
        return str(int(value)) if value.is_integer() else repr(value)
    if isinstance(value, (_dt.datetime, _dt.date, _dt.time)):
        raise UserError(source, where, f"{value!s} is a date or time, not a number or text: the cell was probably "
                        "formatted as a date; format it as General and type the value again")
    text = str(value)
    if _error_value(text):
        raise UserError(source, where, f"the cell shows the error {text}: type the value itself, not a formula")
    return text


_ERRORS = {"#N/A", "#DIV", "#VALUE", "#REF", "#NAME", "#NUM", "#NULL", "#GETTING_DATA", "#SPILL", "#CALC"}


def _check_rows(ws: Any, source: str, first: int, columns: list[int]) -> None:
    """Hidden or merged rows among the typed cells: named, never read past without a word."""
    for rng in ws.merged_cells.ranges:
        if rng.max_row >= first and any(rng.min_col <= c <= rng.max_col for c in columns):
            raise UserError(source, f"sheet {ws.title}, cells {rng.coord}", "merged cells where each line needs its "
                            "own cells: unmerge them (Home > Merge & Center > Unmerge Cells)")
    for row, dim in ws.row_dimensions.items():
        if row >= first and dim.hidden and any(ws.cell(row, c).value is not None for c in columns):
            raise UserError(source, f"sheet {ws.title}, row {row}", "the row is hidden: unhide it (or delete it) so "
                            "that what is scored is what the sheet shows")


def _last_row(ws: Any, columns: Iterable[int]) -> int:
    """The last row holding a value in one of ``columns`` (0 for none): the rows read end there, however
    far down the sheet a note in another column sits (a cell made for each row up to it would cost
    gigabytes). openpyxl keeps a sheet's cells by (row, column): only the cells the file holds. (Never
    pass 0 on as ``max_row``: openpyxl reads it as the sheet's end.)"""
    wanted = set(columns)
    cells: dict[tuple[int, int], Any] = ws._cells
    return max((r for (r, c), cell in cells.items() if c in wanted and cell.value is not None), default=0)


def _formats_short(wb: Any, declared: dict[str, Any]) -> list[str]:
    """A warning when the Setup's rounding keeps more decimals than the figures' cells show (Decimals typed up from
    the number the workbook was written for, or exact rounding): the sheet and its print show the figures cut to
    their cells' format, and ``mpxl check`` compares what is shown. Nothing when the formats show them all."""
    from . import shape

    rounding = declared.get("totals_rounding") or declared.get("rounding")
    if rounding is None:
        return []
    ws = wb["Pairs"]
    column = next((h.column for h in shape.pairs() if h.text == "MP"), None)
    cell = ws._cells.get((_HEADER_ROW + 1, column)) if column is not None else None
    if cell is None:
        return []
    decimals = _format_decimals(cell.number_format)
    if decimals is None:
        return []  # General: every decimal shown
    kept = "every decimal (exact rounding)" if rounding.kind is RoundingKind.EXACT else f"{rounding.decimals} decimals"
    if rounding.kind is not RoundingKind.EXACT and rounding.decimals <= decimals:
        return []
    return [f"sheet Pairs, cell {cell.coordinate}: warning: the Setup's rounding keeps {kept}, but the figures' "
            f"cells show {decimals} (the workbook was written for {decimals}): the sheet, its print and mpxl check "
            "show them cut to that; widen their format (Format Cells, Number) on Travellers' NS MP and EW MP and on "
            "Pairs and Totals, or have mpxl write the workbook again with the rounding wanted (mpxl score "
            "THIS.xlsx --rounding ... -o NEW.xlsx)"]


def _sections_as_listed(lines: list[Line], listed: set[str]) -> None:
    """Each line's section in the spelling of the Pairs sheet's section it names, case aside (``a`` is ``A``): the
    sheet's formulas (COUNTIFS, SUMIFS, MATCH) match it so, and mpxl scores what the sheet shows.

    >>> lines = [Line(1, "1", "2", "a"), Line(1, "3", "4", "B"), Line(1, "5", "6", "c")]
    >>> _sections_as_listed(lines, {"A", "B"}); [ln.section for ln in lines]
    ['A', 'B', 'c']
    """
    by_case = {s.casefold(): s for s in listed}
    for ln in lines:
        spelt = by_case.get(ln.section.casefold())
        if spelt is not None and spelt != ln.section:
            ln.section = spelt


def _not_on_pairs(ev: Event) -> list[str]:
    """Each line with a pair (its number, section and side) the Pairs sheet does not list, one message each: the
    sheet's totals leave the line out of every pair's (no row of Pairs adds it), where mpxl would rank a pair of
    its own. Nothing when the Pairs sheet lists no pair.

    >>> ev = Event(lines=[Line(1, "1", "7", "A", where="sheet Travellers, row 6")], pairs=[Pair("1", "A", "NS"),
    ...            Pair("2", "A", "EW")], winners={"A": 2})
    >>> print(_not_on_pairs(ev)[0])
    sheet Travellers, row 6: board 1: EW pair 7 (section A) is not on the Pairs sheet: the sheet leaves the line out \
of every pair's total; add the pair to Pairs, or type its number as Pairs has it
    """
    if not ev.pairs:
        return []
    listed = {(p.section, p.number, p.direction) for p in ev.pairs}
    out = []
    for ln in ev.lines:
        for side, number in (("NS", ln.ns_pair), ("EW", ln.ew_pair)):
            if (ln.section, number, side) in listed or (ln.section, number, None) in listed:
                continue
            section = f" (section {ln.section})" if ln.section else ""
            out.append(f"{ln.where}: board {ln.board}: {side} pair {number}{section} is not on the Pairs sheet: the "
                       "sheet leaves the line out of every pair's total; add the pair to Pairs, or type its number as "
                       "Pairs has it")
    return out


def _rows(ws: Any, source: str, columns: dict[int, str], first: int,
          formulas: _Formulas | None = None) -> Iterator[tuple[str, list[str]]]:
    """(where, the row's cells as text, in ``columns``' order) for each row from ``first`` to the last
    used one; a row of no result (:data:`RESULT_KEYS` blank) has its blank cells looked at in ``formulas``."""
    from openpyxl.utils import get_column_letter

    order = sorted(columns)
    letters = {c: get_column_letter(c) for c in order}
    results = [i for i, c in enumerate(order) if columns[c] in RESULT_KEYS]
    percents = [i for i, c in enumerate(order) if columns[c] in PERCENT_KEYS]
    last = _last_row(ws, order)
    if last < first:
        return
    held: dict[tuple[int, int], Any] = ws._cells  # only the cells the file holds (iter_rows would make the others)
    for r in range(first, last + 1):
        cells = [None if (cell := held.get((r, c))) is None else cell.value for c in order]
        for i in percents:  # a number shown as a percentage (0.1 as 10%): the percentage, as the cell shows it
            cells[i] = _shown_percentage(cells[i], held.get((r, order[i])))
        if formulas is not None and results and all(cells[i] is None for i in results) and any(cells):
            cells = [formulas.value(r, c, letters[c]) if v is None and columns[c] not in _FIGURE_KEYS else v
                     for c, v in zip(order, cells)]
        if formulas is not None:
            for c, v in zip(order, cells):
                if _is_error(v) and formulas.formula(r, c) is not None:
                    raise UserError(source, f"sheet {ws.title}, cell {letters[c]}{r}",
                                    _formula_error(formulas, r, c))
        yield (f"sheet {ws.title}, row {r}",
               [_cell_text(v, source, f"sheet {ws.title}, cell {letters[c]}{r}") for c, v in zip(order, cells)])


def _is_error(value: Any) -> bool:
    """Does a cell's value show a spreadsheet error (``#VALUE!``, ``#N/A``, LibreOffice's ``Err:522``)?

    >>> _is_error("#VALUE!"), _is_error("Err:522"), _is_error("#1 seed"), _is_error(420)
    (True, True, False, False)
    """
    if not isinstance(value, str):
        return False
    return _error_value(value) or (value.startswith("Err:") and value[4:].isdigit())


def _error_value(text: str) -> bool:
    """Is ``text`` one of the spreadsheet error values (``#VALUE!``, ``#DIV/0!``, ``#N/A``...)?"""
    return text.startswith("#") and text.rstrip("!?0/").upper() in _ERRORS


#: A reference to a cell of the same sheet in a formula (not one in quotes, nor one on another sheet).
_SAME_SHEET_REF = Pattern(r"(?<![A-Za-z0-9_!.$\"])\$?([A-Z]{1,3})\$?([0-9]+)(?![0-9(])")


def _formula_error(formulas: _Formulas, row: int, column: int) -> str:
    """The words for a formula of the sheet's own (``formulas``' sheet) showing an error: the sheet's error, not
    something typed, and the cell it comes from (the first cell along the formula's references that shows it and
    reads none that does), with its heading."""
    from openpyxl.utils import column_index_from_string, get_column_letter

    # the sheet whole: the reader parsed only the columns it reads (_read_columns), the formulas read all of them
    ws = load_sheets(formulas.path, True, lambda names: set(names) - {formulas.sheet})[formulas.sheet]
    shown = ws._cells[(row, column)].value if (row, column) in ws._cells else None
    source, seen = (row, column), {(row, column)}
    for _ in range(1000):
        formula = formulas.formula(*source) or ""
        nxt = None
        for letter, r in _SAME_SHEET_REF.findall(re.sub(r'"[^"]*"', "", formula)):
            at = (int(r), column_index_from_string(letter))
            cell = ws._cells.get(at)
            if at not in seen and cell is not None and _is_error(cell.value) and formulas.formula(*at):
                nxt = at
                break
        if nxt is None:
            break
        seen.add(nxt)
        source = nxt
    said = f"the sheet's own formula here shows the error {shown}"
    if source != (row, column):
        r, c = source
        head = ws._cells.get((_HEADER_ROW, c))
        named = f" (heading {head.value!r})" if head is not None and head.value else ""
        said += f", which comes from cell {get_column_letter(c)}{r}{named}"
    if formulas.cause:
        return f"{said}{_from_setup(formulas.cause)}"
    return (said + ": the workbook's formulas went wrong there, not a value typed in; recalculate it in full (Excel: "
            "Ctrl+Alt+F9; LibreOffice: Data > Calculate > Recalculate Hard), save it and read it again, and if the "
            "error stays, report it with the workbook")


#: The typed cells that may hold a percentage (of top): a number formatted as one is read as the percentage shown.
PERCENT_KEYS = frozenset({"ns_penalty", "ew_penalty"})


def _shown_percentage(value: Any, cell: Any) -> Any:
    """A number in a cell formatted as a percentage (Excel stores a typed ``10%`` as 0.1, once the
    cell's Text format is gone) as the text the cell shows, ``10%``; any other value as it is.

    >>> from types import SimpleNamespace as Cell
    >>> _shown_percentage(0.1, Cell(number_format="0%")), _shown_percentage(0.125, Cell(number_format="0.0%"))
    ('10%', '12.5%')
    >>> _shown_percentage(2, Cell(number_format="General")), _shown_percentage(0.1, Cell(number_format='0"%"'))
    (2, 0.1)
    """
    if not isinstance(value, (int, float)) or isinstance(value, bool) or cell is None:
        return value
    unquoted = re.sub(r'"[^"]*"|\\.', "", str(cell.number_format or ""))  # a quoted or escaped % is only shown
    if "%" not in unquoted:
        return value
    return f"{(Decimal(repr(value)) * 100).normalize():f}%"


#: The figures a sheet works out (a formula of the sheet's own, never worked out: no published figure).
_FIGURE_KEYS = frozenset({"ns_mp", "ew_mp"})
#: The columns that say a line's result: a row with none of them is looked at for formulas never worked out.
RESULT_KEYS = frozenset({"ns_score", "contract", "adjustment"})


class _Formulas:
    """A sheet's formulas, read (once, when first asked for) from the workbook itself: a cell whose formula
    was never worked out (a workbook saved by a script holds no value beside it) is read by
    :func:`formula_value`, or refused naming the cell; never taken for a blank."""

    def __init__(self, path: str | os.PathLike[str], sheet: str, columns: frozenset[int] | None = None) -> None:
        self.path, self.sheet, self.columns = path, sheet, columns
        #: What the sheet's errors come from, where it is known (a Setup value its formulas cannot read): said
        #: in their place of "the formulas went wrong"
        self.cause: tuple[str, str] | None = None
        self._some: dict[tuple[int, int], Any] | None = None  # the formulas of ``columns`` (below the headings)
        self._all: dict[tuple[int, int], Any] | None = None  # every formula of the sheet

    def formula(self, row: int, column: int) -> str | None:
        """The formula of the cell (``=...``), or None when it holds none. The sheet is read in the columns the
        reader reads (``columns``) while only they are asked for: a laid-out evening's rows with no result yet
        would otherwise cost every formula of the sheet, each shared one moved to each of its cells."""
        if self.columns is not None and (column in self.columns or row <= _HEADER_ROW):
            if self._some is None:
                self._some = self._read({self.sheet: self.columns})
            return self._some.get((row, column))
        if self._all is None:
            self._all = self._read({})
        return self._all.get((row, column))

    def _read(self, only: dict[str, frozenset[int]]) -> dict[tuple[int, int], Any]:
        wb = load_sheets(self.path, False, lambda names: set(names) - {self.sheet}, lambda names: only)
        try:
            return {k: c.value for k, c in wb[self.sheet]._cells.items()
                    if isinstance(c.value, str) and c.value.startswith("=")}
        finally:
            wb.close()

    def value(self, row: int, column: int, letter: str) -> Any:
        formula = self.formula(row, column)
        if formula is None:
            return None
        value = formula_value(formula)
        if value is None:
            raise UserError(str(self.path), f"sheet {self.sheet}, cell {letter}{row}", f"the formula {formula} has no "
                            "value saved (the workbook was never recalculated): open it in Excel or LibreOffice and "
                            "save it, or type the value")
        return value


def formula_value(formula: str) -> int | float | None:
    """The value of a formula of plain arithmetic (numbers, + - * / and brackets), as a spreadsheet
    works it out; None for any other formula.

    >>> formula_value("=400+20"), formula_value("=-(50*3)"), formula_value("=1/4"), formula_value("=A1+1")
    (420, -150, 0.25, None)
    >>> formula_value("=1/0"), formula_value("=9**9**9")
    (None, None)
    """
    import ast

    try:
        tree = ast.parse(formula.removeprefix("=").strip(), mode="eval")
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        return None

    def value(node: ast.AST) -> Fraction:
        if isinstance(node, ast.Constant) and isinstance(node.value, (int, float)) and not isinstance(node.value, bool):
            return Fraction(node.value)
        if isinstance(node, ast.UnaryOp) and isinstance(node.op, (ast.UAdd, ast.USub)):
            inner = value(node.operand)
            return -inner if isinstance(node.op, ast.USub) else inner
        if isinstance(node, ast.BinOp) and isinstance(node.op, (ast.Add, ast.Sub, ast.Mult, ast.Div)):
            a, b = value(node.left), value(node.right)
            ops = {ast.Add: a.__add__, ast.Sub: a.__sub__, ast.Mult: a.__mul__, ast.Div: a.__truediv__}
            return ops[type(node.op)](b)
        raise ValueError("not plain arithmetic")

    try:
        result = value(tree.body)
    except (ValueError, ZeroDivisionError, OverflowError, RecursionError):
        return None
    return int(result) if result.denominator == 1 else float(result)


def _template_event(wb: Any, source: str) -> Event:
    from . import shape

    # each sheet read there by its name (none renamed, none guessed), each column (each Setup setting) read at its
    # place under its heading, as the sheet's formulas read it: checked before a cell is read
    shape.check_workbook(wb, source)
    ws = wb["Travellers"]
    columns = {h.column: h.key for h in shape.travellers() if h.key}
    _check_rows(ws, source, _HEADER_ROW + 1, [c for c, k in columns.items() if k not in TEMPLATE_FIGURES.values()])
    keys = [columns[c] for c in sorted(columns)]
    figures = [i for i, k in enumerate(keys) if k in ("ns_mp", "ew_mp")]
    rows = []
    unworked: list[str] = []  # the lines whose figures the sheet shows as ?: to settle
    blank: list[str] = []  # the lines with a result and no NS MP at all: in a recalculated sheet, rows without formulas
    worked = False  # whether the sheet holds a worked-out figure (recalculated and saved)
    numbered = False  # whether a row was left as the template numbered it
    results = [i for i, k in enumerate(keys) if k in RESULT_KEYS]
    formulas = _Formulas(source, ws.title, _read_columns(wb.sheetnames).get(ws.title))
    words = _setup_words(wb["Setup"], source)
    unread_setup = setup_unread(words)
    formulas.cause = unread_setup[0] if unread_setup else None  # an error the sheet shows comes from the Setup first
    listed = _pairs(wb, source)  # each pair's side as written: kept below where its section has two winners
    one_winner = _one_winner(words)
    if one_winner:  # a Mitchell's NS 3 and EW 3 read as one pair: said as the sheet's check says it
        _listed_once(listed, source)
    for where, cells in _rows(ws, source, columns, _HEADER_ROW + 1, formulas):
        worked = worked or any(_is_number(cells[i]) for i in figures)
        if not cells[figures[0]] and any(cells[i].strip() for i in results):
            blank.append(where)
        for i in figures:  # a figure the sheet could not work out ('?', '') is no published figure
            if cells[i] and not _is_number(cells[i]):
                if cells[i].strip() == "?" and where not in unworked:
                    unworked.append(where)
                cells[i] = ""
        if _one_pair_alone(keys, cells) and not any(cells[i].strip() for i in results):
            numbered = True  # the template's numbered row left as it came (Board, NS pair): no line, as the sheet
            continue  # reads it (a sit-out there has sitout in Adjustment)
        if any(c.strip() for i, c in enumerate(cells) if i not in figures):
            rows.append((where, _penalty_row_cells(keys, cells)))
    if not rows and not numbered:
        raise UserError(source, "sheet Travellers", "no traveller lines typed (from row 5 down)")
    penalties: list[Penalty] = []
    typed_over: list[str] = []  # a Typed score beside a contract that scores otherwise: scored, as the sheet does
    lines, decimals, sitouts, row_names = read_rows(rows, keys, source, penalties, typed_over)
    for ln in lines if one_winner else ():
        if ln.ns_pair == ln.ew_pair:  # as the line's status says it (else: pair 3 is both NS and EW)
            raise UserError(source, ln.where, BOTH_SIDES.format(ln.ns_pair))
    if not lines:
        raise UserError(source, "sheet Travellers", "no traveller line typed yet (no row from 5 down has its pairs): "
                        "type each slip's pairs and result")
    _sections_as_listed(lines, {p.section for p in listed})  # as the sheet's formulas match them
    ev = csv_event(lines, source, decimals, row_names, sitouts, penalties)
    ev.warnings.extend(typed_over)
    ev.title, ev.date = str(words.pop("event", "") or ""), _date_text(words.pop("date", None))
    club = str(words.pop("club", "") or "").strip()
    ev.club = Club(club) if club else None
    ev.program = "mpxl workbook"
    declared = setup_options(words, source)
    for sec in ev.sections():
        ev.winners[sec] = declared.get("winners", ev.winners.get(sec, 1))
    ev.declared_options = declared
    line_pct = words.get("line_pct_decimals")
    if isinstance(line_pct, (int, float)) and not isinstance(line_pct, bool):
        ev.line_percentage_decimals = int(line_pct)  # the lines' percentages shown, as the file published them
    ev.pairs = [p if p.direction is None or ev.winners.get(p.section, 1) == 2 else replace(p, direction=None)
                for p in listed] or ev.pairs
    ev.to_settle += [f"{where}: the sheet shows ? for its matchpoints (it cannot work its board out: the board's "
                     "Status on Travellers says why); mpxl scores the line all the same, so the sheet and mpxl's "
                     "outputs differ until it is settled" for where in unworked]
    ev.to_settle += _not_on_pairs(ev)
    ev.to_settle += [f"{where}: {what}" for where, what in unread_setup]
    if worked:
        column = next(c for c, k in columns.items() if k == keys[figures[0]])
        # a workbook mpxl score wrote has no empty row with the formulas (each board's lines laid out together,
        # a line below them is away from its board): the row's formulas are copied in from a line of its board
        ev.to_settle += [f"{where}: the line has a result but the row holds none of the sheet's formulas (a row "
                         "inserted into Travellers?): the sheet does not count it, mpxl does; copy the whole row of "
                         "another line of its board onto it (the row's hidden columns hold the formulas) and type "
                         "the line over the copy" for where in blank
                         if formulas.formula(int(where.rsplit(" ", 1)[1]), column) is None]
    ev.warnings += _formats_short(wb, declared)
    if HANDS_SHEET in wb.sheetnames:  # the deals mpxl wrote (the tablets' HandRecord, a --deals file)
        from .hands import read_hand_analyses, read_hands  # the layout, with the writer (openpyxl loaded)

        ev.deals = read_hands(wb[HANDS_SHEET], source, ev.warnings, {ln.board for ln in ev.lines} or None)
        ev.analyses = read_hand_analyses(wb[HANDS_SHEET], ev.deals, source)
    return ev


def _one_winner(words: dict[str, Any]) -> bool:
    """Does the Setup (``words``, :func:`_setup_words`) give one winner, as the sheet's formulas read it (the number
    1; the text '1' the sheet reads as no winners setting)?

    >>> _one_winner({"winners": 1}), _one_winner({"winners": 1.0}), _one_winner({"winners": "1"}), _one_winner({})
    (True, True, False, False)
    """
    value = words.get("winners")
    return isinstance(value, (int, float)) and not isinstance(value, bool) and value == 1


def _listed_once(pairs: list[Pair], source: str) -> None:
    """With one winner, each pair on Pairs once in its section: UserError naming the rows of a pair listed twice
    (a Mitchell's NS 3 and EW 3), in the words of the sheet's check (:data:`~.setup_rules.LISTED_TWICE`).

    >>> _listed_once([Pair("3", where="sheet Pairs, row 7"), Pair("3", where="sheet Pairs, row 22")], "c.xlsx")
    Traceback (most recent call last):
    ...
    mpxl.core.errors.UserError: c.xlsx: sheet Pairs, rows 7 and 22: pair 3 is listed twice on Pairs, and \
Setup's Winners is 1 (one ranking: each pair number is one pair, as in a Howell); with a Mitchell's numbering \
(NS 1, 2, 3... and EW 1, 2, 3...) set Winners to 2 (NS and EW ranked apart), else give each pair a number of its own
    """
    seen: dict[tuple[str, str], Pair] = {}
    for p in pairs:
        first = seen.setdefault((p.section.upper(), p.number.upper()), p)
        if first is not p:
            rows = f"{first.where.replace(', row ', ', rows ')} and {p.where.rsplit(' ', 1)[-1]}"
            raise UserError(source, rows, LISTED_TWICE.format(p.number))


def _one_pair_alone(keys: list[str], cells: list[str]) -> bool:
    """Does the row give exactly one of its pairs? On the sheet such a row with no result (Contract, Typed score
    and Adjustment blank) is no line (its Kind blank, as the template's numbered rows come: a Board and an NS pair),
    and a sit-out only with a not-played code in Adjustment (the sheet's Pair alone).

    >>> keys = ["board", "ns_pair", "ew_pair"]
    >>> _one_pair_alone(keys, ["1", "5", " "]), _one_pair_alone(keys, ["1", "5", "2"])
    (True, False)
    """
    at = {k: i for i, k in enumerate(keys)}
    given = [bool(cells[at[k]].strip()) for k in ("ns_pair", "ew_pair") if k in at]
    return sum(given) == 1


def _penalty_row_cells(keys: list[str], cells: list[str]) -> list[str]:
    """A penalty row's cells as a CSV file holds them: the sheet's NS / EW penalty (the matchpoints taken off the
    pair's total: -4 is a bonus) as the signed amount its total gets, in ns_mp / ew_mp; any other row as it is.

    >>> _penalty_row_cells(["board", "ns_pair", "adjustment", "ns_penalty", "ns_mp"], ["3", "6", "Pen", "-4", ""])
    ['3', '6', 'Pen', '', '4']
    """
    at = {k: i for i, k in enumerate(keys)}
    if "adjustment" not in at or not is_penalty_row(cells[at["adjustment"]]):
        return cells
    out = list(cells)
    for side in ("ns", "ew"):
        pen, mp = at.get(f"{side}_penalty"), at.get(f"{side}_mp")
        if pen is None or mp is None or not out[pen].strip():
            continue
        text = out[pen].strip()
        out[mp] = text[1:] if text.startswith("-") else "-" + text.removeprefix("+")
        out[pen] = ""
    return out


def _is_number(text: str) -> bool:
    try:
        float(text)
    except ValueError:
        return False
    return True


def _date_text(value: Any) -> str:
    if isinstance(value, _dt.datetime):
        return value.date().isoformat()
    if isinstance(value, _dt.date):
        return value.isoformat()
    return "" if value is None else str(value)


def _setup_words(ws: Any, source: str) -> dict[str, Any]:
    """The Setup sheet's settings by key: each in column B of its row, beside its label in column A (checked by
    :func:`mpxl.workbook.shape.check_workbook`)."""
    from . import shape

    words: dict[str, Any] = {}
    error = None  # the first cell showing an error, and what it says
    for h in shape.setup():
        cell = ws.cell(h.row, 2)
        value = cell.value
        if isinstance(value, str) and value.startswith("#") and error is None:
            error = (f"sheet Setup, cell {cell.coordinate}", f"{h.text} shows the error {value}")
        words[h.key] = value
        words.setdefault("_cells", {})[h.key] = cell.coordinate
    if error is not None:  # from a value the formulas cannot read, where one is typed (else the error itself)
        cause = setup_unread(words)
        raise UserError(source, error[0], error[1] + (_from_setup(cause[0]) if cause else ""))
    return words


def _from_setup(cause: tuple[str, str]) -> str:
    """An error's cause (one of :func:`setup_unread`'s: where, what), said after the error.

    >>> _from_setup(("sheet Setup, cell B6", "Method: 'factor ' has a space after it"))
    ": it comes from Setup, cell B6, where Method: 'factor ' has a space after it"
    """
    where, why = cause
    return f": it comes from {where.removeprefix('sheet ')}, where {why}"


def setup_unread(words: dict[str, Any]) -> list[tuple[str, str]]:
    """The Setup values (``words``, :func:`_setup_words`) that the sheet's formulas do not read as mpxl reads them
    (:func:`mpxl.workbook.setup_rules.unread`: a number held as text, a word with a space around it), each in words
    as (where, what): the sheet's figures and mpxl's differ until it is typed again.

    >>> setup_unread({"method": "factor ", "scale": 2, "_cells": {"method": "B6"}})
    [('sheet Setup, cell B6', "Method: 'factor ' has a space after it; the sheet's formulas read the cell as it is \
(its figures show #N/A, or the setting's default), mpxl reads 'factor': type factor")]
    """
    from .places import SETUP_ROWS
    from .setup_rules import RULES, unread

    labels = {key: label for key, _, label in SETUP_ROWS}
    said: list[tuple[str, str]] = []
    for key, rule in RULES.items():
        found = unread(rule, words.get(key))
        if found is not None:
            why, meant = found
            cell = words.get("_cells", {}).get(key, key)
            said.append((f"sheet Setup, cell {cell}", f"{labels.get(key, key)}: {why}; the sheet's formulas read the "
                         f"cell as it is (its figures show #N/A, or the setting's default), mpxl reads {meant!r}: type "
                         f"{meant}"))
    return said


def setup_options(words: dict[str, Any], source: str) -> dict[str, Any]:
    """The ScoringOptions fields (typed) the Setup sheet's words give; UserError naming the cell
    of a word that is not one of the sheet's choices. The method, N, winners, the roundings and
    the Ave+/Ave- percentages are read by rules of the sheet's own; every other setting by its
    declaration (the Setup cell :attr:`mpxl.core.options.Setting.sheet` names, read by
    :func:`~mpxl.core.options.parse_options`), down the sheet."""
    cells = words.get("_cells", {})
    parsed: dict[str, Any] = {}
    method = words.get("method")
    if method is not None and method != "":
        try:
            parsed["method"] = find_method(method)
        except ValueError as exc:
            raise UserError(source, f"sheet Setup, cell {cells.get('method', 'method')}", str(exc)) from None
    # a Setup cell's key -> the setting it holds (declared: Setting.sheet; a setting declared outside the options too)
    sheet_options = {s.sheet: s.name for s in registry() if s.sheet and s.sheet not in _READ_HERE}
    for key, value in words.items():  # any other setting the Setup sheet carries, by its declaration's cell
        name = sheet_options.get(key, key if key in _OPTION_FIELDS else None)
        if key not in _READ_HERE and name is not None and value not in (None, ""):
            try:
                parsed.update(parse_options(**{name: value}))
            except ValueError as exc:
                raise UserError(source, f"sheet Setup, cell {cells.get(key, key)}", str(exc)) from None
    for key in ("expected", "winners"):
        value = words.get(key)
        if value is None or value == "":
            continue
        if isinstance(value, float) and value.is_integer():
            value = int(value)
        if not isinstance(value, int) or isinstance(value, bool) or value < 1 or (key == "winners" and value > 2):
            held = setup_unread({key: value, "_cells": cells})  # a number held as text, said so
            raise UserError(source, f"sheet Setup, cell {cells.get(key, key)}", held[0][1] if held
                            else f"{key} {value!r}: expected " + ("1 or 2" if key == "winners" else "a whole number"))
        parsed[key] = value
    if words.get("rounding") not in (None, ""):
        parsed["rounding"] = _rounding(words, cells, source)
    if words.get("totals_rounding") not in (None, ""):  # blank: the totals as the lines
        parsed["totals_rounding"] = _rounding(words, cells, source, "totals_rounding", "totals_decimals")
    if "pct_decimals" in words:  # blank: exact percentages
        decimals = words.get("pct_decimals")
        tie = words.get("pct_rounding") or "half-up"
        if decimals in (None, ""):
            parsed["percentage_decimals"] = None
        else:
            try:
                parsed.update(parse_options(percentage_rounding=f"{tie}:{whole(decimals, decimal_zero=True)}"))
            except (TypeError, ValueError) as exc:
                raise UserError(source, f"sheet Setup, cell {cells.get('pct_decimals', 'pct_decimals')}",
                                str(exc)) from None
    for key, standard in (("ave_plus", 60), ("ave_minus", 40)):
        value = words.get(key)
        if value not in (None, "", standard):
            raise UserError(source, f"sheet Setup, cell {cells.get(key, key)}", f"{key.replace('_', ' ')} {value!r}: "
                            f"mpxl scores the rulebook's {standard}% here; put {standard} back, or type the "
                            "percentages on the line (60/40 in Adjustment)")
    return parsed


#: The Setup keys read above, by rules of the sheet's own; the others by the option parser.
_READ_HERE = frozenset({"event", "date", "method", "expected", "rounding", "decimals", "ave_plus", "ave_minus",
                        "winners", "_cells", "totals_rounding", "totals_decimals", "pct_rounding", "pct_decimals",
                        "line_pct_decimals", "club"})
_OPTION_FIELDS = frozenset(f.name for f in fields(ScoringOptions))


def _rounding(words: dict[str, Any], cells: dict[str, str], source: str, rule: str = "rounding",
              digits: str = "decimals") -> Rounding:
    try:
        kind = RoundingKind.find(words[rule])
    except ValueError as exc:
        raise UserError(source, f"sheet Setup, cell {cells.get(rule, rule)}", str(exc)) from None
    if kind is RoundingKind.EXACT:
        return Rounding()
    decimals = words.get(digits)
    if decimals in (None, "") and digits != "decimals":
        decimals = words.get("decimals")  # blank: the lines' decimals
    if isinstance(decimals, float) and decimals.is_integer():
        decimals = int(decimals)
    if not isinstance(decimals, int) or isinstance(decimals, bool) or not 0 <= decimals <= 10:
        raise UserError(source, f"sheet Setup, cell {cells.get(digits, digits)}",
                        f"decimals {decimals!r}: expected a whole number from 0 to 10")
    return Rounding(kind, decimals)


def _pairs(wb: Any, source: str) -> list[Pair]:
    """The Pairs sheet's pairs: number, direction (NS or EW as typed, whatever the section's winners), names,
    section, and the figures the sheet showed when it was saved (MP, Max, %, Place: the published figures
    ``mpxl check`` compares)."""
    from . import shape

    ws = wb["Pairs"]  # there, each heading in its cell: shape.check_workbook
    heads = {h.text: h.column for h in shape.pairs()}
    for row in ws.iter_rows(min_row=_HEADER_ROW, max_row=_HEADER_ROW):  # and its Boards played, where it has one
        heads.update({c.value: c.column for c in row if getattr(c, "value", None) == "Boards played"})
    out = []
    last = max(_last_row(ws, heads.values()), 1)  # 0 would be openpyxl's 'to the end'
    for r, row in enumerate(ws.iter_rows(min_row=_HEADER_ROW + 1, max_row=last, max_col=max(heads.values())),
                            start=_HEADER_ROW + 1):
        cells = {c.column: c for c in row if hasattr(c, "column")}

        def get(h: str, cells: dict[int, Any] = cells) -> Any:
            cell = cells.get(heads.get(h, 0))
            return None if cell is None else cell.value

        def shown(h: str, cells: dict[int, Any] = cells) -> float | None:
            cell = cells.get(heads.get(h, 0))
            return None if cell is None else _figure(cell.value, cell.number_format)

        if get("Pair") is None:
            continue
        where = f"sheet Pairs, row {r}"
        number = _cell_text(get("Pair"), source, where).strip()
        section = _cell_text(get("Section"), source, where).strip()
        side = str(get("Direction") or "").strip().upper()
        direction = side if side in ("NS", "EW") else None  # (none where its section has one winner: the caller)
        place = get("Place")
        names = names_cell(str(get("Names") or ""))
        numbers = [_cell_text(get(h), source, where).strip() for h in MEMBER_HEADINGS if h in heads]
        if shown("Boards played") == 0:  # nothing typed for it yet: the sheet's 0s publish nothing
            out.append(Pair(number, section, direction, names, players=players_of(names, numbers), where=where))
            continue
        out.append(Pair(number, section, direction, names, players=players_of(names, numbers),
                        published_mp=shown("MP"), published_percentage=shown("%"),
                        published_place=None if place in (None, "") else _cell_text(place, source, where),
                        published_max=shown("Max"), where=where,
                        published_tiebreak=_figure(get("Tie-break"))))
    return out


def _figure(value: Any, number_format: str = "General") -> float | None:
    """A figure as the sheet shows it: a number rounded to its number format's decimals (``0.00``: 2),
    else None (a formula's '' or '?', or a workbook never recalculated).

    >>> _figure(64.91815476190476, "0.00"), _figure(48.125, "0.00"), _figure(12.5, "General"), _figure("?", "0.00")
    (64.92, 48.13, 12.5, None)
    """
    if not isinstance(value, (int, float)) or isinstance(value, bool):
        return None
    decimals = _format_decimals(number_format)
    if decimals is None:
        return float(value)  # General, or 0.##: shown as it is
    # as a spreadsheet shows it: the decimal digits rounded half away from zero
    return float(Decimal(repr(float(value))).quantize(Decimal(1).scaleb(-decimals), ROUND_HALF_UP))


def _format_decimals(number_format: str | None) -> int | None:
    """How many decimals a number format shows (``0.00``: 2, ``0``: 0), None when it shows a number as it is
    (General, ``0.##``).

    >>> _format_decimals("0.00"), _format_decimals("0"), _format_decimals("General"), _format_decimals("0.##")
    (2, 0, None, None)
    """
    shown = re.search(r"0\.(0+)(?![0#])", number_format or "")
    if shown is None and not re.fullmatch(r"[^.]*0[^.]*", number_format or ""):
        return None
    return len(shown.group(1)) if shown else 0


def _ranking_pairs(wb: Any, source: str) -> list[Pair]:
    """A values workbook's pairs and names, from its Ranking sheet (Section, Direction, Pair, Names)."""
    if "Ranking" not in wb.sheetnames:
        _no_copy(wb, source, "Ranking")
        return []
    ws = wb["Ranking"]
    first = next(ws.iter_rows(max_row=1, values_only=True), ()) or ()
    heads = {h: i for i, h in enumerate(first) if h is not None}
    missing = [h for h in ("Pair", "Names") if h not in heads]
    if missing:  # the names would be dropped: refused, naming what row 1 holds
        raise UserError(source, "sheet Ranking, row 1", f"no {' or '.join(repr(h) for h in missing)} heading (row 1 "
                        f"holds {', '.join(repr(str(v)) for v in first if v is not None) or 'nothing'}): expected "
                        "the headings Section, Direction, Pair, Names; type them back (or rename the sheet, if it "
                        "is not the pairs' ranking)")
    rows = ws.iter_rows(min_row=2, max_row=max(_last_row(ws, [i + 1 for i in heads.values()]), 1),
                        max_col=max(heads.values()) + 1, values_only=True)
    out = []
    for r, values in enumerate(rows, start=2):
        def get(h: str, values: tuple[Any, ...] = values) -> Any:
            i = heads.get(h)
            return values[i] if i is not None and i < len(values) else None

        if get("Pair") is None:
            continue
        where = f"sheet Ranking, row {r}"
        direction = str(get("Direction") or "").strip().upper() or None
        number, section = (_cell_text(get(h), source, where).strip() for h in ("Pair", "Section"))
        side = direction if direction in ("NS", "EW") else None
        out.append(Pair(number, section, side, names_cell(str(get("Names") or "")), where=where))
    return out


def _no_copy(wb: Any, source: str, name: str) -> None:
    """Refuse a values workbook whose sheet ``name`` is there only renamed or copied (``Ranking (2)``)."""
    from .shape import copies_of

    copies = copies_of(name, wb.sheetnames)
    if copies:
        raise UserError(source, f"sheet {name}", f"no sheet named {name}; the sheet {copies[0]!r} looks like it, "
                        f"renamed or copied: mpxl reads the sheet named {name} and will not guess; rename "
                        f"{copies[0]!r} {name} (the sheets found: {', '.join(wb.sheetnames)})")


def _settings_sheet(wb: Any, source: str) -> dict[str, Any]:
    """The settings a values workbook names on its Settings sheet (a setting a row, as ``--json``
    names them: ``rounding_lines``, ``rounding_percentages``...), typed; {} when there is no such sheet."""
    if "Settings" not in wb.sheetnames:
        _no_copy(wb, source, "Settings")
        return {}
    parsed: dict[str, Any] = {}
    ws = wb["Settings"]
    for cell, heading in (("A1", "Setting"), ("B1", "Value")):
        if ws[cell].value != heading:  # the settings would be dropped: refused, naming the cell
            held = "is blank" if ws[cell].value in (None, "") else f"holds {str(ws[cell].value)!r}"
            raise UserError(source, f"sheet Settings, cell {cell}", f"{held}, expected the heading {heading!r} (a "
                            "setting a row: its name, its value); type it back (or rename the sheet, if it is not "
                            "the settings mpxl wrote)")
    for row in ws.iter_rows(min_row=2, max_row=max(_last_row(ws, (1, 2)), 1), max_col=2):
        name, value = row[0].value, row[1].value
        if name is None or value is None:
            continue
        try:
            parsed.update(parse_options(**{str(name): value}))
        except (TypeError, ValueError) as exc:
            raise UserError(source, f"sheet Settings, cell {row[1].coordinate}", f"{name}: {exc}") from None
    return parsed


def _plain_event(ws: Any, source: str) -> Event:
    """A first sheet whose first row names the CSV columns: read as that CSV file is."""
    rows = ws.iter_rows(values_only=True)
    header = next(rows, None)
    if header is None or not any(v is not None for v in header):
        raise UserError(source, f"sheet {ws.title}", "an empty sheet: expected the template's sheets (Setup, "
                        "Travellers) or a first row naming the columns board, ns_pair, ew_pair, ns_score")
    texts = [_cell_text(v, source, f"sheet {ws.title}, row 1") for v in header]
    keys = header_keys_of(texts, source, f"sheet {ws.title}, row 1")
    columns = {i + 1: k for i, k in enumerate(keys) if k}
    where_rows = []
    for where, cells in _rows(ws, source, columns, 2, _Formulas(source, ws.title)):
        if any(c.strip() for c in cells):
            where_rows.append((where, cells))
    lines, decimals, sitouts, names = read_rows(where_rows, [k for k in keys if k], source)
    ev = csv_event(lines, source, decimals, names, sitouts)
    ev.warnings.extend(unknown_columns(texts, keys, source, f"sheet {ws.title}, row 1"))  # a column not read: named
    return ev
