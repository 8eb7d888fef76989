"""Build the template's sheets: Setup, Travellers, Totals, Methods, Help, xlwings.conf; styles and names.

Where things go is :mod:`mpxl.workbook.layout`, what the formulas say is
:mod:`mpxl.workbook.formulas`, the words are :mod:`mpxl.workbook.helptext`. The big data
blocks (traveller lines, per-board rows, pairs) are described as
:class:`~mpxl.workbook.stream.Block` and filled by the caller (openpyxl cells, or streamed
into the file).
"""

from __future__ import annotations

import textwrap
from collections.abc import Callable, Mapping, Sequence
from copy import copy
from dataclasses import dataclass, field
from functools import partial
from operator import attrgetter
from typing import TYPE_CHECKING
from weakref import WeakKeyDictionary

from openpyxl import Workbook
from openpyxl.cell.cell import Cell
from openpyxl.chart import Reference, ScatterChart, Series
from openpyxl.comments import Comment
from openpyxl.formatting.rule import FormulaRule
from openpyxl.styles import Alignment, Border, Font, PatternFill, Protection, Side
from openpyxl.styles.cell_style import StyleArray
from openpyxl.utils import column_index_from_string, get_column_letter
from openpyxl.workbook.defined_name import DefinedName
from openpyxl.worksheet.datavalidation import DataValidation
from openpyxl.worksheet.worksheet import Worksheet

from ..core.contract import RESULT_MADE, RESULT_SIGNS
from ..core.methods import K_FORMULAS, Method
from ..core.rules import (
    ARTIFICIAL_CODES,
    AVE_POLICIES,
    NOT_PLAYED_CODES,
    PASS_SPELLINGS,
    ROUNDING_KINDS,
    SHEET_DECIMAL_MARK,
    SHEET_DECIMAL_MARK_FORMULA,
    SMALL_GROUP_RULES,
    board_cycle_table,
    contract_score_table,
)
from ..formats.textsafe import as_text_cell
from . import formulas as F
from .columns import LOOSE, Align, Column, Span
from .helptext import COLUMN_NOTES, HELP_TEXT, PAIRS_NOTES, SETUP_NOTES, XLWINGS_CONF_NOTES, XLWINGS_CONF_NOTES_ROW
from .layout import (
    AVE_POLICY_NAMES,
    BLOCK_COLUMNS,
    FIRST_ROW,
    HEADER_ROW,
    HELP_FIRST,
    HELP_TABLES,
    HELP_TEXT_COLUMN,
    HELPER_COLUMNS,
    MAIN_COLUMNS,
    METHOD_NAMES,
    METHODS_LAYOUT,
    METHODS_SHEET,
    PAIRS_COLUMNS,
    PAIRS_RANGE_NAMES,
    PAIRS_SHEET,
    PAIRS_SPACERS,
    ROUNDING_RULES,
    SETUP_CELLS,
    SETUP_NAME,
    SETUP_NAMES,
    SETUP_NUMBERS,
    SETUP_ROWS,
    SMALL_GROUP_NAMES,
    TOTALS_COLUMNS,
    TOTALS_SHEET,
    TOTALS_SPACERS,
    TRAVELLER_COLUMNS,
    TRAVELLER_RANGE_NAMES,
    TRAVELLER_SHEET,
    TRAVELLER_SPACERS,
    setup_row,
)
from .printing import fit_width as _fit_width
from .printing import wrap_column
from .setup_rules import RULES as SETUP_RULES
from .setup_rules import SCALE_LIST, SCALE_MESSAGE
from .stream import Block
from .totals import board_check, sheet_check

if TYPE_CHECKING:
    from .inputs import BoardRow, PairRow, Settings, TemplateLine
from .working import (
    WORKING_CELLS,
    WORKING_COLUMNS,
    WORKING_HEADER,
    WORKING_LINES,
    WORKING_NOTES,
    WORKING_TITLES,
    shown_board,
    working_formulas,
)

__all__ = ["Sizes", "kept_sheets", "setup_sheet", "travellers_sheet", "pairs_sheet", "totals_sheet", "methods_sheet",
           "help_sheet", "xlwings_sheet", "define_names", "help_rows", "working_sheet", "methods_rows",
           "add_methods_chart", "help_table_sizes"]

# ------------------------------------------------------------------------------ styles

_INPUT_FILL = PatternFill("solid", start_color="FFF7D6")
_HEAD_FILL = PatternFill("solid", start_color="DDE7F0")
_BLOCK_FILL = PatternFill("solid", start_color="EEF3E2")
#: A conditional format's fill: Excel paints a differential (dxf) fill with its bgColor, LibreOffice
#: with its fgColor, so both are written (an fgColor alone is invisible in Excel).
_BAD_FILL = PatternFill("solid", start_color="F4B6B6", end_color="F4B6B6")
_HEAD_FONT = Font(bold=True)
_HELPER_FONT = Font(color="808080", size=9)
_HELPER_HEAD_FONT = Font(bold=True, color="606060", size=9)
_TITLE_FONT = Font(bold=True, size=14)
_THIN = Side(style="thin", color="B0B0B0")
_BOX = Border(bottom=_THIN)
_UNLOCKED = Protection(locked=False)
_CENTER = Alignment(horizontal="center")
_BOLD = Font(bold=True)
#: The Methods chart's lines, one a method in ``METHODS_SHEET``'s order (Neuberg, Factor, Ascherman,
#: McKinnon, Manual, Ascherman-short): the Okabe-Ito colours, told apart with colour-blindness too, and a
#: dash pattern each, told apart in grey print.
_CHART_LINES = (("0072B2", "solid"), ("D55E00", "dash"), ("009E73", "sysDot"), ("CC79A7", "lgDash"),
                ("E69F00", "dashDot"), ("56B4E9", "lgDashDotDot"))
assert len(_CHART_LINES) == len(METHODS_SHEET)


def _style(ws: Worksheet, **attrs: object) -> StyleArray:
    """The style of a cell with ``attrs`` (font, fill, number_format, ...; None = default), made once
    and shared by a whole column (registering a style per cell was most of the writing time)."""
    cell = Cell(ws, style_array=StyleArray())  # a scratch cell, never put in the sheet
    for name, value in attrs.items():
        if value is not None:
            setattr(cell, name, value)
    style: StyleArray = cell._style
    return style


@dataclass
class Sizes:
    """How many traveller, board and pair rows the data blocks have."""

    rows: int
    board_rows: int
    pair_rows: int
    extra: dict[str, int] = field(default_factory=dict)
    #: Each board's lines laid out together by the writer (a scored or laid-out workbook): each line's
    #: per-board counts read its board's rows alone (:func:`board_spans`), not every line.
    by_board: bool = False


def _col(letter: str) -> int:
    index: int = column_index_from_string(letter)
    return index


_HEAD_ALIGN = Alignment(wrap_text=True, vertical="bottom", horizontal="center")
#: Each workbook's heading styles by fill, registered once (a style set on a heading cell by cell, font, fill,
#: alignment and border each looked up in the workbook's lists, was a third of a small workbook's writing)
_HEAD_STYLES: WeakKeyDictionary[Workbook, dict[PatternFill, StyleArray]] = WeakKeyDictionary()


def _head(ws: Worksheet, row: int, col: int, text: str, width: float | None = None, fill: PatternFill = _HEAD_FILL,
          note: str = "") -> Cell:
    cell = ws.cell(row=row, column=col, value=text)
    styles = _HEAD_STYLES.setdefault(ws.parent, {})
    if fill not in styles:
        styles[fill] = _style(ws, font=_HEAD_FONT, fill=fill, alignment=_HEAD_ALIGN, border=_BOX)
    cell._style = copy(styles[fill])
    if note:
        cell.comment = Comment(note, "mpxl", width=300, height=120)
    if width is not None:
        ws.column_dimensions[get_column_letter(col)].width = width
    return cell


def _input(cell: Cell, value: object = None) -> None:
    if value is not None:
        as_text_cell(cell, value)  # a typed value is data, never a formula
    cell.fill = _INPUT_FILL
    cell.protection = _UNLOCKED


def _protect(ws: Worksheet) -> None:
    ws.protection.sheet = True
    ws.protection.formatColumns = False
    ws.protection.formatRows = False
    ws.protection.formatCells = False
    ws.protection.sort = False
    ws.protection.autoFilter = False


def _rule(ws: Worksheet, ref: str, title: str, message: str, **kw: object) -> DataValidation:
    """A data-validation rule on ``ref`` that Excel enforces: a wrong entry is refused (stop) with
    ``message``, and the cell shows the message as its input prompt too."""
    dv = DataValidation(showErrorMessage=True, errorStyle="stop", errorTitle=title, error=message,
                        showInputMessage=True, promptTitle=title, prompt=message, **kw)
    ws.add_data_validation(dv)
    dv.add(ref)
    return dv


def _validate(ws: Worksheet, ref: str, formula: str, message: str, allow_blank: bool = False) -> None:
    _rule(ws, ref, "Not in the list", message, type="list", formula1=formula, allow_blank=allow_blank,
          showDropDown=False)


def _abs(sheet: str, col: str, first: int, last: int) -> str:
    return f"{sheet}!${col}${first}:${col}${last}"


# ------------------------------------------------------------------------------ names


def define_names(wb: Workbook, trav_last: int, pair_last: int, help_sizes: Mapping[str, int] | None = None) -> None:
    """The workbook's defined names: the Setup cells, the Travellers and Totals data columns, the Help tables
    (``help_sizes``: each table's rows, as :func:`help_sizes` gives them, where they are known)."""
    def add(name: str, ref: str) -> None:
        wb.defined_names[name] = DefinedName(name, attr_text=ref)

    add(SHEET_DECIMAL_MARK, SHEET_DECIMAL_MARK_FORMULA)  # the locale's decimal mark, for text in mpxl's notation
    for key, name in SETUP_NAMES.items():
        add(name, SETUP_CELLS[key])
    for key, name in TRAVELLER_RANGE_NAMES.items():
        add(name, _abs("Travellers", TRAVELLER_COLUMNS[key], FIRST_ROW, trav_last))
    for key, name in PAIRS_RANGE_NAMES.items():
        add(name, _abs("Pairs", PAIRS_COLUMNS[key], FIRST_ROW, pair_last))
    sizes = help_sizes or help_table_sizes()
    for table, (first, _, _, names) in HELP_TABLES.items():
        last = HELP_FIRST + sizes[table] - 1
        for name, (lo, hi) in names.items():
            a = get_column_letter(_col(first) + lo)
            b = get_column_letter(_col(first) + hi)
            add(name, f"Help!${a}${HELP_FIRST}:${b}${last}")


# ------------------------------------------------------------------------------ Setup


def setup_sheet(wb: Workbook, s: Settings, formulas: dict[str, str]) -> Worksheet:
    """The Setup sheet from :class:`~mpxl.workbook.template.Settings` ``s``, its formula cells ``formulas``
    (:func:`F.setup_formulas`: with each board's lines laid out together and N given, N is never counted)."""
    ws = wb.create_sheet("Setup")
    ws["A1"] = "mpxl club pairs: Setup"
    ws["A1"].font = _TITLE_FONT
    ws["A2"] = ("Yellow cells are inputs; everything else is a formula. The sheets are protected without a password. "
                "Each value has the name in brackets, which the formulas use.")
    ws["A2"].font = Font(italic=True, color="606060")
    ws.column_dimensions["A"].width = 34
    ws.column_dimensions["B"].width = 14
    ws.column_dimensions["C"].width = 90
    values = s.cells  # each setting as the sheet's words
    for key, name, label in SETUP_ROWS:
        r = setup_row(key)
        ws.cell(row=r, column=1, value=f"{label} ({name})").font = _HEAD_FONT
        ws.cell(row=r, column=3, value=SETUP_NOTES[key]).font = Font(color="606060")
        cell = ws.cell(row=r, column=2)
        if key in formulas:
            cell.value = formulas[key]
            helper = key in SETUP_NUMBERS
            cell.font = _HELPER_FONT if helper else Font(bold=True)
            ws.row_dimensions[r].hidden = helper  # the formulas' internal numbers: hidden rows
        else:
            _input(cell, values[key] if values[key] not in (None, "") else None)
        cell.alignment = Alignment(horizontal="left")
    for rule in SETUP_RULES.values():  # each input's validation, from the table the reader checks the Setup by
        ref = f"B{setup_row(rule.key)}"
        if rule.listed:
            _validate(ws, ref, rule.listed, rule.message, rule.blank)
        else:
            _rule(ws, ref, rule.title, rule.message, type=rule.kind, operator=rule.operator,
                  **dict(zip(("formula1", "formula2"), rule.bounds)), allow_blank=rule.blank)
    _protect(ws)
    ws.print_area = f"A1:C{setup_row(SETUP_ROWS[-1][0])}"
    wrap_column(ws, "C", (setup_row(key) for key, _, _ in SETUP_ROWS))  # each note whole within the page
    _fit_width(ws, "portrait")
    return ws


# ------------------------------------------------------------------------- Travellers

#: The per-board block's helper columns (hidden, grouped), in order.
_BLOCK_HELPERS = [c.key for c in BLOCK_COLUMNS if c.kind == "helper"]


#: The number formats of the figures shown (the event's decimals: :func:`mpxl.workbook.template.number_formats`):
#: a line's figures, the totals, the percentages.
DEFAULT_FORMATS = {"line": "0.00", "total": "0.00", "pct": "0.00"}
#: A column's alignment (:attr:`~mpxl.workbook.columns.Column.align`).
_ALIGN: dict[Align, Alignment | None] = {"": None, "center": _CENTER, "right": Alignment(horizontal="right")}


def _input_style(ws: Worksheet, c: Column) -> StyleArray:
    """The style of column ``c``'s cells, typed in: yellow, unlocked, as its record says (text, alignment)."""
    return _style(ws, fill=_INPUT_FILL, protection=_UNLOCKED, number_format="@" if c.text else None,
                  alignment=_ALIGN[c.align])


def _formula_style(ws: Worksheet, c: Column, fmt: dict[str, str], fill: PatternFill | None = None) -> StyleArray:
    """The style of column ``c``'s formula cells, as its record says: a helper's small grey font, else bold or not;
    its number format (one of ``fmt``'s, the event's, or its own) and alignment; ``fill`` the area's."""
    return _style(ws, fill=fill, number_format=fmt.get(c.number_format, c.number_format) or None,
                  font=_HELPER_FONT if c.kind == "helper" else _BOLD if c.bold else None, alignment=_ALIGN[c.align])


def travellers_sheet(wb: Workbook, lines: Sequence[TemplateLine], sizes: Sizes, boards: Sequence[BoardRow],
                     blocks: list[Block], formats: dict[str, str] | None = None) -> Worksheet:
    """The Travellers sheet: inputs, the visible results, the per-board block, the helper columns; the figures
    shown in ``formats`` (:data:`DEFAULT_FORMATS`)."""
    fmt = {**DEFAULT_FORMATS, **(formats or {})}
    ws = wb.create_sheet("Travellers")
    last = FIRST_ROW + sizes.rows - 1
    col = TRAVELLER_COLUMNS
    _travellers_heads(ws)
    # the data: one style per column, inputs and formulas filled down (see mpxl.workbook.stream)
    spans = board_spans(lines, last) if sizes.by_board else None
    blocks.extend(_lines_block(ws, lines, last, fmt, spans))
    blast = FIRST_ROW + sizes.board_rows - 1
    blocks.extend(_boards_block(ws, boards, blast, fmt, spans, lines))
    _travellers_rules(ws, last)
    _travellers_marks(ws, last, blast)
    # helpers grouped and hidden; layout
    first_h, last_h = col[HELPER_COLUMNS[0].key], col[HELPER_COLUMNS[-1].key]
    ws.column_dimensions.group(first_h, last_h, outline_level=1, hidden=True)
    ws.column_dimensions.group(col[_BLOCK_HELPERS[0]], col[_BLOCK_HELPERS[-1]], outline_level=1, hidden=True)
    hide_spacers(ws, TRAVELLER_SPACERS, col[_BLOCK_HELPERS[0]])
    ws.freeze_panes = f"B{FIRST_ROW}"
    main_last = col[MAIN_COLUMNS[-1].key]
    ws.print_area = [f"A1:{main_last}{last}", f"{col['b_board']}{HEADER_ROW - 2}:{col['b_status']}{blast}"]
    _protect(ws)
    return ws


def hide_spacers(ws: Worksheet, spacers: Sequence[str], hidden_from: str) -> None:
    """Hide the spacer columns between formula columns (:func:`mpxl.workbook.layout.spaced`) left of
    ``hidden_from``, where the hidden helper columns start (those right of it are hidden with their group)."""
    first = _col(hidden_from)
    for letter in spacers:
        if _col(letter) < first:
            dim = ws.column_dimensions[letter]
            dim.width, dim.hidden = 2, True


def _travellers_heads(ws: Worksheet) -> None:
    """The Travellers' title, its line of the Setup's figures, and the column headers (each with its note)."""
    col = TRAVELLER_COLUMNS
    S = SETUP_NAME
    ws["A1"] = "Travellers"
    ws["A1"].font = _TITLE_FONT
    exact = ROUNDING_RULES.index("exact") + 1
    ws["A2"] = (f'="Scale "&{S.scale}&", "&{S.method}&", N = "&{S.n_used}&", top "&{S.top}'
                f'&", rounding "&{S.rounding}'
                f'&IF({S.rounding_index}={exact},""," to "&{S.decimals}&" decimals")')
    ws["A2"].font = Font(italic=True, color="606060")
    ws["A3"] = ("Type a Typed score, or a Contract, By and Tricks; an adjusted score or NP goes in Adjustment "
                "(see Help).")
    ws["A3"].font = Font(italic=True, color="606060", size=9)
    for columns, fill in ((MAIN_COLUMNS, _HEAD_FILL), (BLOCK_COLUMNS, _BLOCK_FILL)):
        for c in columns:
            _head(ws, HEADER_ROW, _col(col[c.key]), c.header, c.width, fill, COLUMN_NOTES.get(c.key, ""))
    ws.cell(row=HEADER_ROW - 1, column=_col(col["b_board"]), value="Per board").font = _HEAD_FONT
    # what no board's Status can say (a Setup of one winner with Mitchell numbers, a Board that is no board number)
    # (the lines with no board number in a hidden helper cell of its own: each formula within 500 characters)
    boards = ws.cell(row=HEADER_ROW - 2, column=_col(col[HELPER_COLUMNS[0].key]), value=board_check())
    boards.font = _HELPER_FONT
    boards.comment = Comment("The first line whose Board is no board number (12a, B7), its Why, and how many more: "
                             "what the check above the per-board block shows after the Setup's.", "mpxl",
                             width=300, height=120)
    check = ws.cell(row=HEADER_ROW - 2, column=_col(col["b_board"]), value=sheet_check(boards.coordinate))
    check.font = Font(bold=True, color="C00000")
    ws.row_dimensions[HEADER_ROW].height = 30
    for c in HELPER_COLUMNS:
        _head(ws, HEADER_ROW, _col(col[c.key]), c.header, c.width, note=COLUMN_NOTES[c.key]).font = _HELPER_HEAD_FONT
    ws.cell(row=HEADER_ROW - 1, column=_col(col[HELPER_COLUMNS[0].key]),
            value="Helper columns: every step of the scoring, one formula each (the header notes say what)",
            ).font = _HELPER_FONT


def _lines_block(ws: Worksheet, lines: Sequence[TemplateLine], last: int, fmt: dict[str, str],
                 spans: list[tuple[Span, int, int]] | None = None) -> list[Block]:
    """The traveller lines' blocks: the typed inputs (``lines``, then blank rows to ``last``) and the formulas,
    the figures shown in ``fmt``; ``spans`` (:func:`board_spans`): a block for each board's lines."""
    idx = {k: _col(v) for k, v in TRAVELLER_COLUMNS.items()}
    typed = [c for c in MAIN_COLUMNS if c.kind == "input"]
    inputs = [(idx[c.key], _input_style(ws, c)) for c in typed]
    keys = [c.key for c in typed]
    formulas = [(idx[c.key], _formula_style(ws, c, fmt), c.key) for c in TRAVELLER_SHEET if c.key in F.TRAVELLER]
    get = attrgetter(*keys)
    blank = (None,) * len(keys)

    def values(i: int) -> tuple[object, ...]:
        return tuple(get(lines[i])) if i < len(lines) else blank

    if spans is None:
        return [Block(ws, FIRST_ROW, last, inputs, values, formulas, F.traveller_formulas)]
    return [Block(ws, first, end, inputs, partial(_shifted, values, first - FIRST_ROW), formulas,
                  partial(F.traveller_formulas, span=span))
            for span, first, end in spans]


def _shifted(values: Callable[[int], tuple[object, ...]], offset: int, i: int) -> tuple[object, ...]:
    return values(offset + i)


def board_spans(lines: Sequence[TemplateLine], last: int) -> list[tuple[Span, int, int]] | None:
    """Each board's rows, where the ``lines`` lay every board's lines out together (one section, each board of
    a session in one run of rows): (its :class:`~mpxl.workbook.columns.Span`, its first row, its last), then the
    rows after them to ``last`` (:data:`~mpxl.workbook.columns.LOOSE`). None where they do not (the lines of two
    sections, a board's lines in two places), or where nothing is laid out: every count then reads every line.
    Penalty rows (Adjustment Pen, written after the lines) are among the rows after.

    >>> from mpxl.workbook.inputs import TemplateLine as L
    >>> board_spans([L(1), L(1), L(2), L(2, adjustment="Pen")], 10)
    [(Span(first=5, last=6, one_field=True), 5, 6), (Span(first=7, last=7, one_field=True), 7, 7),
     (Span(first=0, last=0, one_field=False), 8, 10)]
    >>> board_spans([L(1), L(2), L(1)], 10) is None, board_spans([L(1, section="A")], 10) is None
    (True, True)
    """
    played = list(lines)
    while played and played[-1].adjustment == "Pen":
        played.pop()
    if not played or any(ln.section for ln in played) or any(ln.board is None for ln in played):
        return None
    spans: list[tuple[Span, int, int]] = []
    seen: set[tuple[object, object]] = set()
    one_field = all((ln.session or 1) == 1 for ln in played)
    first = FIRST_ROW
    for i, ln in enumerate(played):
        key = (ln.board, ln.session or 1)
        nxt = played[i + 1] if i + 1 < len(played) else None
        if nxt is None or (nxt.board, nxt.session or 1) != key:
            if key in seen:
                return None
            seen.add(key)
            end = FIRST_ROW + i
            spans.append((Span(first, end, one_field), first, end))
            first = end + 1
    if first <= last:
        spans.append((LOOSE, first, last))
    return spans


def _boards_block(ws: Worksheet, boards: Sequence[BoardRow], blast: int, fmt: dict[str, str],
                  spans: list[tuple[Span, int, int]] | None = None, lines: Sequence[TemplateLine] = ()) -> list[Block]:
    """The per-board block: each board (and its section and session) typed, then its figures (in ``fmt``), to
    row ``blast``. ``spans`` (:func:`board_spans` of ``lines``): each board's row of the block counts its own
    lines' rows and the rows after every board's alone, a block of one row (its formulas' ranges its own)."""
    idx = {k: _col(v) for k, v in TRAVELLER_COLUMNS.items()}
    formulas = [(idx[c.key], _formula_style(ws, c, fmt, _BLOCK_FILL), c.key) for c in BLOCK_COLUMNS if c.formula]
    block_inputs = [(idx[c.key], _input_style(ws, c)) for c in BLOCK_COLUMNS if c.kind == "input"]
    keyed = [b if isinstance(b, tuple) else (b, None, None) for b in boards]

    def values(i: int) -> tuple[object, ...]:
        return keyed[i] if i < len(keyed) else (None, None, None)

    whole = Block(ws, FIRST_ROW, blast, block_inputs, values, formulas, F.block_formulas)
    if spans is None:
        return [whole]
    tail = next((Span(first, end) for span, first, end in spans if span == LOOSE), None)
    own = {lines[first - FIRST_ROW].board: span for span, first, _ in spans if span != LOOSE and span.one_field}
    blocks: list[Block] = []
    for i, r in enumerate(range(FIRST_ROW, blast + 1)):
        board, section, session = values(i)
        span = own.get(board) if section is None and (session or 1) == 1 else None
        blocks.append(Block(ws, r, r, block_inputs, partial(_shifted, values, i), formulas,
                            partial(F.block_formulas, span=span, tail=tail if span is not None else None)))
    return blocks


def _travellers_rules(ws: Worksheet, last: int) -> None:
    """What the typed cells take (declarer, arrowswitch, tricks, board, session): Excel refuses anything else."""
    col = TRAVELLER_COLUMNS
    _validate(ws, f"{col['by']}{FIRST_ROW}:{col['by']}{last}", '"N,E,S,W"', "Declarer is N, E, S or W.", True)
    _validate(ws, f"{col['switch']}{FIRST_ROW}:{col['switch']}{last}", '"Y"',
              "Type Y when the table played the board arrowswitched (NS sat EW).", True)
    t = f"{col['tricks']}{FIRST_ROW}"
    text = f'{t}&""'
    results = ",".join([f'LEFT({text},1)="{m}"' for m in RESULT_SIGNS] + [f'UPPER({text})="{m}"' for m in RESULT_MADE])
    n = f'--TRIM({text})'  # the tricks typed, the column keeping them as text (10 is "10")
    _rule(ws, f"{t}:{col['tricks']}{last}", "Tricks",
          "Tricks taken by declarer, 0-13, or the result: = (made), +1, -2.",
          type="custom", formula1=f"OR({results},IFERROR(AND({n}>=0,{n}<=13,INT({n})={n}),FALSE))",
          allow_blank=True)
    _rule(ws, f"{col['board']}{FIRST_ROW}:{col['board']}{last}", "Board", "A board number: a whole number from 1.",
          type="whole", operator="greaterThanOrEqual", formula1="1", allow_blank=True)
    _rule(ws, f"{col['session']}{FIRST_ROW}:{col['session']}{last}", "Session",
          "A session number: a whole number from 1 (blank is session 1).",
          type="whole", operator="greaterThanOrEqual", formula1="1", allow_blank=True)


def _travellers_marks(ws: Worksheet, last: int, blast: int) -> None:
    """Conditional formatting: a text score, a code not understood, a board whose status is not ok."""
    col = TRAVELLER_COLUMNS
    k, kind = col["ns_score"], col["kind"]
    ws.conditional_formatting.add(
        f"{k}{FIRST_ROW}:{k}{last}",
        FormulaRule(formula=[f'AND(ISTEXT({k}{FIRST_ROW}),{k}{FIRST_ROW}<>"",${col["rul"]}{FIRST_ROW}<>1)'],
                    fill=_BAD_FILL))
    ws.conditional_formatting.add(
        f"{col['typed']}{FIRST_ROW}:{col['typed']}{last}",
        FormulaRule(formula=[f'AND(${col["tnum"]}{FIRST_ROW}="{F.TYPED_TEXT}",${col["rul"]}{FIRST_ROW}<>1)'],
                    fill=_BAD_FILL))
    a, r = col["adjustment"], FIRST_ROW
    bad = f'${kind}{r}="bad"'
    ws.conditional_formatting.add(  # an adjustment not understood
        f"{a}{r}:{a}{last}", FormulaRule(formula=[f'AND({bad},${col["adj"]}{r}<>"")'], fill=_BAD_FILL))
    ws.conditional_formatting.add(  # a contract, By or Tricks not understood (nothing typed over it)
        f"{col['contract']}{r}:{col['tricks']}{last}",
        FormulaRule(formula=[f'AND(${col["cscore"]}{r}="?",${col["tt"]}{r}="",${col["adj"]}{r}="")'], fill=_BAD_FILL))
    ws.conditional_formatting.add(  # an arrowswitch mark not read
        f"{col['switch']}{r}:{col['switch']}{last}", FormulaRule(formula=[f'${col["sw"]}{r}="?"'], fill=_BAD_FILL))
    for side in ("n", "e"):  # a penalty not read
        pen = col["ns_pen" if side == "n" else "ew_pen"]
        ws.conditional_formatting.add(f"{pen}{r}:{pen}{last}",
                                      FormulaRule(formula=[f'${col[side + "pw"]}{r}<>""'], fill=_BAD_FILL))
    ws.conditional_formatting.add(  # a result or a code without its NS or EW pair
        f"{col['ns_pair']}{r}:{col['ew_pair']}{last}",
        FormulaRule(formula=[f'AND({bad},{col["ns_pair"]}{r}="")'], fill=_BAD_FILL))
    ws.conditional_formatting.add(  # one pair on both sides with one winner
        f"{col['ns_pair']}{r}:{col['ew_pair']}{last}",
        FormulaRule(formula=[f'AND({bad},${col["samep"]}{r}=1)'], fill=_BAD_FILL))
    ws.conditional_formatting.add(  # a Board that is no board number
        f"{col['board']}{r}:{col['board']}{last}", FormulaRule(formula=[f'AND({bad},${col["bbad"]}{r}=1)'],
                                                                fill=_BAD_FILL))
    check = f"{col['b_board']}{HEADER_ROW - 2}"
    ws.conditional_formatting.add(check, FormulaRule(formula=[f'{check}<>""'], fill=_BAD_FILL))
    st = col["b_status"]
    ws.conditional_formatting.add(
        f"{col['b_board']}{FIRST_ROW}:{st}{blast}",
        FormulaRule(formula=[f'AND(${st}{FIRST_ROW}<>"",LEFT(${st}{FIRST_ROW},2)<>"ok")'], fill=_BAD_FILL))


# ------------------------------------------------------------------------------ Pairs


def _print_setup(ws: Worksheet, last_col: str, last_row: int, orientation: str = "portrait") -> None:
    """Print as is: the area from A1, fit to one page wide, the header row on every page."""
    ws.print_title_rows = f"{HEADER_ROW}:{HEADER_ROW}"
    ws.print_area = f"A1:{last_col}{last_row}"
    _fit_width(ws, orientation)


def _sheet_heads(ws: Worksheet, columns: Sequence[Column], letters: dict[str, str],
                 notes: dict[str, str] | None = None) -> None:
    """The header row of the ``columns`` (at their ``letters``, with their ``notes``): a helper's in grey."""
    for c in columns:
        head = _head(ws, HEADER_ROW, _col(letters[c.key]), c.header, c.width, note=(notes or {}).get(c.key, ""))
        if c.kind == "helper":
            head.font = _HELPER_HEAD_FONT


def _hide_helpers(ws: Worksheet, columns: Sequence[Column], letters: dict[str, str], spacers: Sequence[str]) -> None:
    """Group and hide the ``columns``' helpers (the columns from the first helper to the last column), and the
    spacers left of them."""
    first = letters[next(c.key for c in columns if c.kind == "helper")]
    ws.column_dimensions.group(first, letters[columns[-1].key], outline_level=1, hidden=True)
    hide_spacers(ws, spacers, first)


def pairs_sheet(wb: Workbook, pairs: Sequence[PairRow], sizes: Sizes, blocks: list[Block],
                formats: dict[str, str] | None = None) -> Worksheet:
    """The Pairs sheet: each pair's number, direction, names and section (inputs), then its boards
    played, carried-forward and latest-session matchpoints, MP, Max, % and place (in ``formats``)."""
    fmt = {**DEFAULT_FORMATS, **(formats or {})}
    ws = wb.create_sheet("Pairs")
    P = PAIRS_COLUMNS
    last = FIRST_ROW + sizes.pair_rows - 1
    ws["A1"] = "Pairs"
    ws["A1"].font = _TITLE_FONT
    ws["A2"] = f'={SETUP_NAME.event}&"  "&{SETUP_NAME.date}'
    ws["A2"].font = Font(italic=True, color="606060")
    ws["A3"] = ("Type each pair: number, direction (NS/EW with 2 winners), names, section (and a published "
                "tie-break, the players' member numbers, if any). "
                "The figures follow; Totals ranks them by place.")
    ws["A3"].font = Font(italic=True, color="606060", size=9)
    ws.row_dimensions[HEADER_ROW].height = 30
    _sheet_heads(ws, PAIRS_SHEET, P, PAIRS_NOTES)
    idx = {k: _col(v) for k, v in P.items()}
    inputs = [(idx[c.key], _input_style(ws, c)) for c in PAIRS_SHEET if c.kind == "input"]
    formulas = [(idx[c.key], _formula_style(ws, c, fmt), c.key) for c in PAIRS_SHEET if c.formula]

    def row(i: int) -> tuple[object, ...]:
        given = tuple(pairs[i]) if i < len(pairs) else ()
        return given + (None,) * (len(inputs) - len(given))

    blocks.append(Block(ws, FIRST_ROW, last, inputs, row,
                        formulas, F.pairs_formulas))
    _validate(ws, f"{P['direction']}{FIRST_ROW}:{P['direction']}{last}", '"NS,EW"',
              "NS or EW in a two-winner movement; blank when pairs change direction (one winner).", True)
    _hide_helpers(ws, PAIRS_SHEET, P, PAIRS_SPACERS)
    ws.freeze_panes = f"A{FIRST_ROW}"
    _print_setup(ws, P["place"], last, "landscape")
    _protect(ws)
    return ws


# ----------------------------------------------------------------------------- Totals


def totals_sheet(wb: Workbook, sizes: Sizes, blocks: list[Block], formats: dict[str, str] | None = None) -> Worksheet:
    """The Totals sheet: the ranking in place order, with the names, ready to print (in ``formats``)."""
    fmt = {**DEFAULT_FORMATS, **(formats or {})}
    ws = wb.create_sheet("Totals")
    T = TOTALS_COLUMNS
    last = FIRST_ROW + sizes.pair_rows - 1
    ws["A1"] = f'={SETUP_NAME.event}&""'
    ws["A1"].font = _TITLE_FONT
    ws["A2"] = f'={SETUP_NAME.date}&""'
    ws["A2"].font = Font(italic=True, color="606060")
    ws["A3"] = ("In place order: ties share (3=); with 2 winners NS and EW are ranked apart, "
                "and sections scored apart are ranked apart.")
    ws["A3"].font = Font(italic=True, color="606060", size=9)
    ws.row_dimensions[HEADER_ROW].height = 30
    _sheet_heads(ws, TOTALS_SHEET, T)
    idx = {k: _col(v) for k, v in T.items()}
    formulas = [(idx[c.key], _formula_style(ws, c, fmt), c.key) for c in TOTALS_SHEET if c.formula]
    blocks.append(Block(ws, FIRST_ROW, last, [], lambda i: (), formulas, F.totals_formulas))
    _hide_helpers(ws, TOTALS_SHEET, T, TOTALS_SPACERS)
    ws.freeze_panes = f"A{FIRST_ROW}"
    _print_setup(ws, T["pct"], last)
    _protect(ws)
    return ws


# ------------------------------------------------------------------------- the kept sheets


def kept_sheets(wb: Workbook, methods: tuple[int, int], scale: int | str, board: BoardRow | None) -> None:
    """The sheets that never depend on the event but for their typed cells (:mod:`mpxl.workbook.static` keeps
    them), built cell by cell into ``wb``: the Methods sheet for (N, n) = ``methods`` and ``scale``, the Working
    sheet showing ``board`` first, the Help and xlwings.conf sheets."""
    methods_sheet(wb, methods[0], methods[1], scale)
    working_sheet(wb, board)
    help_sheet(wb)
    xlwings_sheet(wb)


# ---------------------------------------------------------------------------- Methods


def methods_sheet(wb: Workbook, N: int, n: int, scale: int | str) -> Worksheet:
    """The Methods sheet: every method's estimate of every raw score for one (N, n), and a chart."""
    ws = wb.create_sheet("Methods")
    L = METHODS_LAYOUT
    _methods_inputs(ws, N, n, scale)
    _methods_k(ws)
    _methods_table(ws)
    add_methods_chart(ws)
    _hr, first, last = methods_rows()
    ws.column_dimensions.group(L["chart_cols"][0], L["chart_cols"][-1], outline_level=1, hidden=True)
    ws.freeze_panes = f"B{first}"
    ws.print_area = f"A1:{L['chart_last']}{last}"
    _fit_width(ws, "landscape")
    ws.page_setup.fitToHeight = 1  # the whole sheet, table and chart, on one page
    _protect(ws)
    return ws


def _absolute(ref: str) -> str:
    """A cell's absolute reference: ``B3`` -> ``$B$3``."""
    return f"${ref[0]}${ref[1:]}"


def _methods_inputs(ws: Worksheet, N: int, n: int, scale: int | str) -> None:
    """The Methods sheet's title and words, its N, n and scale cells (the scale's unit and centring hidden)."""
    L = METHODS_LAYOUT
    ws["A1"] = f"Methods: {len(METHODS_SHEET)} ways to scale a board's matchpoints to N results"
    ws["A1"].font = _TITLE_FONT
    ws["D3"] = "Choose N, the results a board should have, and n, the real results it has."
    ws["D4"] = ("M = (N - k)/(n - 1) x S + scale x (k - 1)/2; percentage = M / (scale x (N - 1)). Signed: S and M "
                "less the average (n - 1, N - 1) of the double figures; percentage = 50 + 50 x M / (N - 1).")
    ws["D5"] = (f"n can be 1 to N (at most {L['max_actual']}). With n = N only Ascherman (on every board) changes "
                "the figures; with n = 1 every result is the average; with N = 1 the top is 0: no percentage.")
    for cell in ("D3", "D4", "D5"):
        ws[cell].font = Font(italic=True, color="606060")
    for ref, label, value in ((L["N"], "N (expected)", N), (L["n"], "n (actual)", n), (L["scale"], "Scale", scale)):
        ws[f"A{ref[1:]}"] = label
        ws[f"A{ref[1:]}"].font = _HEAD_FONT
        ws[ref] = value  # N, n and the scale: numbers and the scale's own name, never text from a file
        _input(ws[ref])
    _validate(ws, L["scale"], SCALE_LIST, SCALE_MESSAGE)
    index = F.scale_index(_absolute(L["scale"]), fixed_top=False)  # percent: the Setup's, flagged here
    ws[L["scale_unit"]] = f"={F.scale_unit(index)}"
    ws[L["centred"]] = f"={F.scale_centred(index)}"
    ws[f"A{L['scale_unit'][1:]}"] = "Scale unit, centred; said of N, n, both, the scale"
    for ref in (f"A{L['scale_unit'][1:]}", L["scale_unit"], L["centred"]):
        ws[ref].font = _HELPER_FONT
    ws.row_dimensions[int(L["scale_unit"][1:])].hidden = True
    _rule(ws, L["n"], "n", f"n is a whole number from 1 to N, at most {L['max_actual']}.",
          type="whole", operator="between", formula1="1", formula2=f"MIN({L['max_actual']},{_absolute(L['N'])})")
    # typed past the validation (pasted, or N made smaller than n afterwards): said above the table, which is blank
    said = {k: _absolute(L[k]) for k in ("said_N", "said_n", "said_counts", "said_scale")}
    Nr, nr = _absolute(L["N"]), _absolute(L["n"])
    ws[L["said_N"]] = F.methods_count_said("expected", Nr)
    ws[L["said_n"]] = F.methods_count_said("actual", nr)
    ws[L["said_counts"]] = F.methods_counts_said(Nr, nr, L["max_actual"], said["said_N"], said["said_n"])
    ws[L["said_scale"]] = F.methods_scale_said(_absolute(L["scale"]), "2 (double), 1 (single) or signed")
    for k in said:
        ws[L[k]].font = _HELPER_FONT
    ws[L["check"]] = F.methods_counts_check(_absolute(L["scale_unit"]), said["said_counts"], said["said_scale"])
    ws[L["check"]].font = Font(bold=True, color="C00000")
    _rule(ws, L["N"], "N", "N is a whole number of results, at least 1 (with N = 1 the top is 0: no percentage).",
          type="whole", operator="greaterThanOrEqual", formula1="1")


def _methods_k(ws: Worksheet) -> None:
    """Each method's k for the sheet's N and n, and its formula in words."""
    L = METHODS_LAYOUT
    Nr, nr = _absolute(L["N"]), _absolute(L["n"])
    kr = L["k_row"]
    _head(ws, kr - 1, 1, "Method", 12)
    ws.cell(row=kr, column=1, value="k").font = _HEAD_FONT
    ws.cell(row=kr + 1, column=1, value="k formula").font = _HEAD_FONT
    for i, m in enumerate(METHODS_SHEET):
        col = L["mp_cols"][i]
        _head(ws, kr - 1, _col(col), m.label, 11)
        ws[f"{col}{kr}"] = F.methods_k(m, Nr, nr, _absolute(L["check"]))
        ws[f"{col}{kr}"].number_format = "0.0000"
        ws[f"{col}{kr + 1}"] = K_FORMULAS[m][1]
        ws[f"{col}{kr + 1}"].alignment = Alignment(wrap_text=True, horizontal="center")
        ws[f"{col}{kr + 1}"].font = Font(size=9)
    ws.row_dimensions[kr + 1].height = 30


def methods_rows() -> tuple[int, int, int]:
    """The Methods table's header row, first and last rows: a row for each raw score S of the most
    actual results, from -(n - 1) to n - 1.

    >>> hr, first, last = methods_rows(); last - first + 1 == 2 * (METHODS_LAYOUT["max_actual"] - 1) + 1
    True
    """
    first: int = METHODS_LAYOUT["first_row"]
    return first - 1, first, first + 2 * (METHODS_LAYOUT["max_actual"] - 1)


def add_methods_chart(ws: Worksheet) -> None:
    """The Methods sheet's chart, at its place (the sheet's table need not be there yet)."""
    ws.add_chart(_methods_chart(ws, *methods_rows()), METHODS_LAYOUT["chart_at"])


def _methods_table(ws: Worksheet) -> None:
    """The table: each raw score S (and as a percentage), each method's estimate and its percentage, and the
    chart's copy of the percentages (rows :func:`methods_rows`)."""
    L = METHODS_LAYOUT
    Nr, nr, ur, cr = (_absolute(L[k]) for k in ("N", "n", "scale_unit", "centred"))
    kr = L["k_row"]
    hr, first, last = methods_rows()
    _head(ws, hr - 1, _col(L["mp_cols"][0]), "Matchpoints (M)")
    _head(ws, hr - 1, _col(L["pct_cols"][0]), "Percentage")
    ws.merge_cells(f"{L['mp_cols'][0]}{hr - 1}:{L['mp_cols'][-1]}{hr - 1}")
    ws.merge_cells(f"{L['pct_cols'][0]}{hr - 1}:{L['pct_cols'][-1]}{hr - 1}")
    _head(ws, hr, 1, "Raw score S", 11)
    ws.row_dimensions[hr].height = 30  # two lines: "Ascherman-short %" wraps
    _head(ws, hr, 2, "S as %", 9)
    for i, m in enumerate(METHODS_SHEET):
        _head(ws, hr, _col(L["mp_cols"][i]), m.label, 11)
        _head(ws, hr, _col(L["pct_cols"][i]), m.label + " %", 11)
        _head(ws, hr, _col(L["chart_cols"][i]), m.label + " (chart)", 10).font = _HELPER_FONT
    for j in range(last - first + 1):
        r = first + j
        S = f"$A{r}"
        ws[S[1:]] = F.methods_raw(j, nr, ur, cr, _absolute(L["check"]))
        ws[f"B{r}"] = F.methods_raw_pct(S, nr, ur, cr)
        ws[f"B{r}"].number_format = "0.00"
        for i, m in enumerate(METHODS_SHEET):
            mc, pc, cc = L["mp_cols"][i], L["pct_cols"][i], L["chart_cols"][i]
            ws[f"{mc}{r}"] = F.methods_estimate(m, S, Nr, nr, f"{mc}${kr}", ur, cr)
            ws[f"{pc}{r}"] = F.methods_pct(f"{mc}{r}", Nr, ur, cr)
            ws[f"{cc}{r}"] = f'=IF(ISNUMBER({pc}{r}),{pc}{r},NA())'
            ws[f"{mc}{r}"].number_format = "0.00"
            ws[f"{pc}{r}"].number_format = "0.00"
            ws[f"{cc}{r}"].font = _HELPER_FONT


def _methods_chart(ws: Worksheet, hr: int, first: int, last: int) -> ScatterChart:
    """The chart of every method's percentage against the raw score (the table's rows ``first`` to ``last``)."""
    L = METHODS_LAYOUT
    chart = ScatterChart(scatterStyle="lineMarker")
    chart.title = "Percentage against raw score"
    chart.style = 13
    chart.x_axis.title = "Raw score S among the n results"
    chart.y_axis.title = "% of the full top"
    chart.height, chart.width = 10, 18
    xs = Reference(ws, min_col=1, min_row=first, max_row=last)
    for i in range(len(METHODS_SHEET)):
        cc = _col(L["chart_cols"][i])
        ys = Reference(ws, min_col=cc, min_row=hr, max_row=last)
        series = Series(ys, xs, title_from_data=True)
        series.title.strRef.f = f"'Methods'!${L['mp_cols'][i]}${hr}"
        series.marker.symbol = "none"
        series.smooth = False
        colour, dash = _CHART_LINES[i]
        series.graphicalProperties.line.solidFill = colour
        series.graphicalProperties.line.prstDash = dash
        series.graphicalProperties.line.width = 28575  # 2.25 pt
        chart.series.append(series)
    chart.x_axis.delete = False
    chart.y_axis.delete = False
    # the x axis from the data: a signed raw score runs from -(n - 1) to n - 1
    chart.y_axis.scaling.min, chart.y_axis.scaling.max, chart.y_axis.majorUnit = 0, 100, 10
    chart.y_axis.number_format = "0"
    # the chart's data columns are hidden (their #N/A, which makes the gaps, is never shown): plot them anyway
    chart.visible_cells_only = False
    return chart


# ------------------------------------------------------------------------------- Help


def help_rows() -> dict[str, Sequence[tuple[object, ...]]]:
    """Each Help table's rows, made from the rulebook's tables (the sheet's formulas look them up).

    >>> rows = help_rows(); rows["not_played"][0], rows["cycle"][3], rows["contracts"][0][:4]
    (('NP',), (4, 'W', 'All'), ('1C', -350, -300, -250))
    """
    codes = sorted(ARTIFICIAL_CODES.items(), key=lambda kv: (-kv[1], kv[0]))
    linked = {"+": (ARTIFICIAL_CODES["A+"], SETUP_NAME.ave_plus), "-": (ARTIFICIAL_CODES["A-"], SETUP_NAME.ave_minus)}
    code_rows = []
    for code, pct in codes:
        sign = code.rstrip("+-").isalpha() and code[-1] in "+-"  # A+, AVE-, ...: the Setup figures
        value, name = linked["+" if code.endswith("+") else "-"]
        code_rows.append((code, f"={name}" if sign and pct == value else pct))
    return {
        "codes": code_rows,
        "methods": [(m,) for m in METHOD_NAMES],
        "rounding": [(r,) for r in ROUNDING_RULES],
        "small": [(s,) for s in SMALL_GROUP_NAMES],
        "policy": [(p,) for p in AVE_POLICY_NAMES],
        "not_played": [(c,) for c in NOT_PLAYED_CODES],
        "k": [(METHOD_NAMES[i], K_FORMULAS[m][1], K_FORMULAS[m][2]) for i, m in enumerate(Method)],
        "small_rules": [(name, e.text, e.words) for name, e in SMALL_GROUP_RULES.items()],
        "cycle": board_cycle_table(),
        "passes": [(p,) for p in PASS_SPELLINGS],
        "contracts": [(key, *scores) for key, scores in contract_score_table()],
    }


def help_table_sizes() -> dict[str, int]:
    """How many rows each Help table has.

    >>> help_table_sizes()["methods"] == len(METHOD_NAMES)
    True
    """
    return {table: len(rows) for table, rows in help_rows().items()}


def help_sheet(wb: Workbook) -> Worksheet:
    """The Help sheet: the text, and the tables the formulas look up (written from the rulebook)."""
    ws = wb.create_sheet("Help")
    ws["A1"] = "Help"
    ws["A1"].font = _TITLE_FONT
    ws["A3"] = "Adjustment codes: NS % (EW gets 100 minus it, or write NS/EW such as 60/40); A+ and A- follow Setup"
    ws["A3"].font = _HEAD_FONT
    ws["K3"] = "The rules' tables: mpxl writes them from its own rules; the formulas look them up by name."
    ws["K3"].font = _HEAD_FONT
    rows = help_rows()
    for table, (first, headers, _, _) in HELP_TABLES.items():
        c0 = _col(first)
        for j, h in enumerate(headers):
            _head(ws, HELP_FIRST - 1, c0 + j, h, 13 if table not in ("contracts",) else 6)
        for i, row in enumerate(rows[table]):
            for j, v in enumerate(row):
                cell = ws.cell(row=HELP_FIRST + i, column=c0 + j, value=v)
                if isinstance(v, str) and not v.startswith("="):
                    cell.number_format = "@"
    ws.column_dimensions["A"].width = 10
    ws.column_dimensions["B"].width = 8
    for c in ("N", "R"):
        ws.column_dimensions[c].width = 24
    for c in ("O", "S"):
        ws.column_dimensions[c].width = 40
    ws.column_dimensions["AA"].width = 9
    for c in ("C", "H", "J"):
        ws.column_dimensions[c].width = 3
    text = HELP_TEXT.strip("\n").splitlines()
    # wide enough for the longest line in a proportional font (about 1.2 widths of "0" a character):
    # the tables to the right would cut a longer line on the screen and on paper
    ws.column_dimensions[HELP_TEXT_COLUMN].width = max(110, round(1.2 * max(map(len, text))) + 2)
    hc = _col(HELP_TEXT_COLUMN)
    for i, line in enumerate(text):
        cell = ws.cell(row=3 + i, column=hc, value=line)
        if line and not line.startswith(" ") and line.endswith(":"):
            cell.font = _HEAD_FONT
    _protect(ws)
    ws.print_area = f"{HELP_TEXT_COLUMN}1:{HELP_TEXT_COLUMN}{3 + len(text)}"
    _fit_width(ws, "landscape")
    return ws


assert set(ROUNDING_RULES) == set(ROUNDING_KINDS) and set(AVE_POLICY_NAMES) == set(AVE_POLICIES)


def xlwings_sheet(wb: Workbook) -> Worksheet:
    """The xlwings.conf sheet: the settings classic xlwings reads (from A1 down to the first blank row),
    and what each one left out means."""
    ws = wb.create_sheet("xlwings.conf")
    ws["A1"] = "UDF Modules"
    ws["B1"] = "mpxl.udfs"
    # the rows up to XLWINGS_CONF_NOTES_ROW - 1 stay blank: xlwings reads A2 and below down to the first blank
    # row once A2 is typed (Interpreter_Win), so notes right below it would be read as settings too
    r = XLWINGS_CONF_NOTES_ROW
    for i, note in enumerate(XLWINGS_CONF_NOTES):
        for line in textwrap.wrap(note, 100):
            ws.cell(row=r, column=1, value=line).font = _HEAD_FONT if i == 0 else Font(color="606060")
            r += 1
    ws.column_dimensions["A"].width = 16
    ws.column_dimensions["B"].width = 16
    ws.print_area = f"A1:L{r - 1}"
    _fit_width(ws)
    return ws


# ---------------------------------------------------------------------------- Working

def working_sheet(wb: Workbook, board: BoardRow | None = None) -> Worksheet:
    """The Working sheet (after Methods), showing ``board`` (a number, or (board, section, session)) first."""
    ws = wb.create_sheet("Working")
    b, section, session = shown_board(board)
    ws["A1"] = "Working: how one board's figures were worked out, line by line"
    ws["A1"].font = Font(bold=True, size=14)
    for (key, label), value in zip((("board", "Board"), ("section", "Section"), ("session", "Session")),
                                   (b, section, session)):
        ref = WORKING_CELLS[key]
        ws[f"A{ref[1:]}"] = label
        ws[f"A{ref[1:]}"].font = Font(bold=True)
        _input(ws[ref], value)
    ws[WORKING_CELLS["section"]].number_format = "@"
    B, sec, ses = (WORKING_CELLS[k] for k in ("board", "section", "session"))
    ws[WORKING_CELLS["key"]] = "=" + F.board_key(B, sec, ses)
    ws[f"A{WORKING_CELLS['key'][1:]}"] = "Board key"
    ws.row_dimensions[int(WORKING_CELLS["key"][1:])].hidden = True
    bkey, status = TRAVELLER_COLUMNS["b_key"], TRAVELLER_COLUMNS["b_status"]
    ws[WORKING_CELLS["status"]] = (f'=IF({WORKING_CELLS["key"]}="","","Status: "&IFERROR(INDEX(Travellers!${status}:'
                                   f'${status},MATCH({WORKING_CELLS["key"]},Travellers!${bkey}:${bkey},0)),"no such '
                                   f'board"))')
    ws["D4"] = ("Type a board (and its section and session when the event has them): each line of it on Travellers, "
                "with the helper columns that carry its typed score to its figure. Hover over a header for its "
                "formula in words.")
    ws["D4"].font = Font(italic=True, color="606060")
    for i, key in enumerate(WORKING_COLUMNS):
        cell = ws.cell(row=WORKING_HEADER, column=i + 1, value=WORKING_TITLES[key])
        cell.font = Font(bold=True)
        cell.alignment = Alignment(wrap_text=True, horizontal="center", vertical="top")
        cell.fill = _HEAD_FILL
        if key in WORKING_NOTES:
            cell.comment = Comment(WORKING_NOTES[key], "mpxl", width=300, height=120)
        ws.column_dimensions[get_column_letter(i + 1)].width = 48 if key == "words" else 9
    ws.row_dimensions[WORKING_HEADER].height = 45
    for r in range(WORKING_HEADER + 1, WORKING_HEADER + 1 + WORKING_LINES):
        for i, (key, formula) in enumerate(working_formulas(r).items()):
            cell = ws.cell(row=r, column=i + 1, value=formula)
            if key not in ("row", "ns_pair", "ew_pair", "kind", "adjustment", "group", "sw", "words"):
                cell.number_format = "0.00"
            if key == "words":
                cell.alignment = Alignment(wrap_text=True, vertical="top")
    last = get_column_letter(len(WORKING_COLUMNS))
    ws.freeze_panes = f"B{WORKING_HEADER + 1}"
    ws.print_area = f"A1:{last}{WORKING_HEADER + 1 + WORKING_LINES - 1}"
    ws.print_title_rows = f"{WORKING_HEADER}:{WORKING_HEADER}"
    _fit_width(ws, "landscape")
    _protect(ws)
    return ws
