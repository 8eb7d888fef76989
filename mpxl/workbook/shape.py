"""What the reader expects of a template workbook: its sheets, and the heading of each column (the label of
each Setup row) it reads, in its cell.

The sheet's formulas read each column at its place (the Travellers' Contract column is the Contract whatever
its heading says); :mod:`mpxl.workbook.reader` reads the same cells, after checking that each heading it reads
by is the template's, in its cell. A heading missing, typed over (``Adj.`` for ``Adjustment``) or moved (another
column's heading in its cell) is refused, naming the sheet, the cell, what it holds and what was expected:
never read past, for the column's cells would be dropped (a ruling lost) or read as another column's. The
same for the sheets: a sheet the reader needs that is not there is refused naming the sheets found, and a
sheet that looks like it renamed or copied (``Pairs (2)``, what copy-and-delete leaves) is named, not guessed.

Every heading checked is the layout's own (:mod:`mpxl.workbook.layout`): a column added to the template is
checked the day it is laid out.

>>> [h.text for h in travellers()][:4], travellers()[0].cell
(['Board', 'NS pair', 'EW pair', 'Contract'], 'A4')
>>> same_text(" Typed  score ", "Typed score"), same_text("Adj.", "Adjustment")
(True, False)
>>> copies_of("Pairs", ["Setup", "Travellers", "Pairs (2)", "Totals"])
['Pairs (2)']
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from openpyxl.utils import column_index_from_string, get_column_letter

from ..core.errors import UserError
from .layout import (
    BLOCK_COLUMNS,
    HEADER_ROW,
    MAIN_COLUMNS,
    PAIRS_COLUMNS,
    PAIRS_SHEET,
    SETUP_ROWS,
    TRAVELLER_COLUMNS,
    setup_row,
)
from .movement_sheet import HEADS as MOVEMENT_HEADS
from .movement_sheet import SHEET as MOVEMENT_SHEET

__all__ = ["Heading", "travellers", "pairs", "setup", "movement", "check_headings", "check_sheets", "same_text",
           "copies_of", "TEMPLATE_SHEETS", "SHEETS_WHEN_THERE", "TRAVELLER_READS", "PAIRS_FIGURES",
           "SETUP_FORMULA_KEYS", "is_template", "MOVEMENT_SHEET", "check_workbook"]

#: The sheets the reader always reads in a template workbook.
TEMPLATE_SHEETS = ("Setup", "Travellers", "Pairs")
#: The sheets it reads when the workbook has them (laid out from a movement; the deals).
SHEETS_WHEN_THERE = (MOVEMENT_SHEET, "Hands")

#: The Travellers columns the reader reads (a column's key in the layout) and the CSV column each is read as:
#: every input column of the lines, and the figures the sheet shows (``mpxl check`` compares them).
TRAVELLER_READS = {
    "board": "board", "ns_pair": "ns_pair", "ew_pair": "ew_pair", "contract": "contract", "by": "declarer",
    "tricks": "tricks", "typed": "ns_score", "adjustment": "adjustment", "group": "group", "switch": "arrowswitch",
    "section": "section", "session": "session", "ns_pen": "ns_penalty", "ew_pen": "ew_penalty",
    "ns_mp": "ns_mp", "ew_mp": "ew_mp",
}
#: The Pairs figures the reader reads besides the typed columns (the published figures ``mpxl check`` compares).
PAIRS_FIGURES = ("mp", "max", "pct", "place")
#: The Setup rows that are formulas (worked out from the others), not settings to read back.
SETUP_FORMULA_KEYS = frozenset({"n_used", "top", "this_session", "method_index", "rounding_index", "rule_index",
                                "unit", "full_boards", "scale_index", "scale_unit", "centred"})


@dataclass(frozen=True, slots=True)
class Heading:
    """A heading the reader reads a column (or a Setup row) by: its ``sheet``, ``row`` and ``column``, the
    ``text`` expected there (``also``: other spellings it accepts) and ``key``, what the column is read as
    ('' for an input the reader only checks: the per-board block's)."""

    sheet: str
    row: int
    column: int
    text: str
    key: str
    also: tuple[str, ...] = ()

    @property
    def cell(self) -> str:
        return f"{get_column_letter(self.column)}{self.row}"

    def accepts(self, value: Any) -> bool:
        return any(same_text(value, t) for t in (self.text, *self.also))


def same_text(value: Any, text: str) -> bool:
    """Whether a cell's value is the heading ``text``: white space squeezed, case aside."""
    return value is not None and " ".join(str(value).split()).casefold() == " ".join(text.split()).casefold()


def _col(letter: str) -> int:
    return int(column_index_from_string(letter))


def travellers() -> list[Heading]:
    """The Travellers headings the reader checks, in the sheet's order: every input column (the lines' and the
    per-board block's) and the figures it reads (:data:`TRAVELLER_READS`)."""
    out = []
    for c in (*MAIN_COLUMNS, *BLOCK_COLUMNS):
        if c.kind == "input" or c.key in TRAVELLER_READS:
            out.append(Heading("Travellers", HEADER_ROW, _col(TRAVELLER_COLUMNS[c.key]), c.header,
                               TRAVELLER_READS.get(c.key, "")))
    return out


def pairs() -> list[Heading]:
    """The Pairs headings the reader reads by: every input column and the figures (:data:`PAIRS_FIGURES`)."""
    return [Heading("Pairs", HEADER_ROW, _col(PAIRS_COLUMNS[c.key]), c.header, c.key) for c in PAIRS_SHEET
            if c.kind == "input" or c.key in PAIRS_FIGURES]


def setup() -> list[Heading]:
    """The Setup labels (column A, ``Method (Method)``, or the bare label) of the settings the reader reads, each
    in its row; the setting is in column B beside it."""
    return [Heading("Setup", setup_row(key), 1, f"{label} ({name})", key, (label,))
            for key, name, label in SETUP_ROWS if key not in SETUP_FORMULA_KEYS]


def movement() -> list[Heading]:
    """The Movement sheet's headings (board, round, table, NS, EW)."""
    keys = ("board", "round", "table", "ns", "ew")
    return [Heading(MOVEMENT_SHEET, HEADER_ROW, i, h, k) for i, (h, k) in enumerate(zip(MOVEMENT_HEADS, keys), 1)]


def check_headings(ws: Any, source: str, expected: Sequence[Heading]) -> None:
    """UserError for the first of ``expected`` not in its cell of ``ws``: the sheet, the cell, what it holds and
    what was expected, and where the heading is when it moved."""
    rows = {h.row for h in expected}
    got: dict[tuple[int, int], Any] = {}
    for r in rows:  # the heading rows, each read once (a read-only sheet reads a row at a time)
        for c, value in enumerate(next(ws.iter_rows(min_row=r, max_row=r, values_only=True), ()), start=1):
            got[(r, c)] = value
    # a Setup written by an earlier mpxl ends before the settings added since (the last rows): they are not
    # there to read, and take their defaults, as the workbook's own formulas (of that mpxl) scored it
    blank = [h.sheet == "Setup" and all(got.get((h.row, c)) in (None, "") for c in (1, 2, 3)) for h in expected]
    ended = next((i for i in range(len(expected)) if all(blank[i:])), len(expected))
    for h in expected[:ended]:
        value = got.get((h.row, h.column))
        if h.accepts(value):
            continue
        holds = "is blank" if value in (None, "") else f"holds {str(value)!r}"
        what = "label" if h.sheet == "Setup" else "heading"
        places = {(x.row, x.column) for x in expected if same_text(x.text, h.text)}  # a heading used twice: Board
        moved = [(r, c) for (r, c), v in got.items() if h.accepts(v) and (r, c) not in places
                 and (h.sheet != "Setup" or c == 1)]
        where = ""
        if moved:
            r, c = moved[0]
            where = f" (the {what} {h.text!r} is in cell {get_column_letter(c)}{r}: moved)"
        raise UserError(source, f"sheet {ws.title}, cell {h.cell}",
                        f"{holds}, expected the {what} {h.text!r}{where}: mpxl reads each "
                        f"{'setting beside its label' if h.sheet == 'Setup' else 'column at its place'}, as the "
                        "sheet's formulas do, and will not read a workbook whose layout changed; type it back as the "
                        "template has it (or undo the move)")


_COPY = re.compile(r"(?:copy of\s+)?(?P<name>.+?)(?:\s*\(\d+\)|[_ ]\d+)?", re.IGNORECASE)


def copies_of(wanted: str, names: Iterable[str]) -> list[str]:
    """The sheets of ``names`` that look like ``wanted`` renamed or copied: ``Pairs (2)`` (Excel's copy), ``Pairs_2``
    (LibreOffice's), ``Copy of Pairs``, ``pairs``, `` Pairs `` (but not ``Pairs`` itself)."""
    out = []
    for name in names:
        found = _COPY.fullmatch(name.strip())
        if name != wanted and found is not None and found.group("name").casefold() == wanted.casefold():
            out.append(name)
    return out


def is_template(names: Sequence[str], travellers_title: Any = None) -> bool:
    """Whether a workbook of sheets ``names`` is the template's (any of its sheets there, or renamed or copied;
    a Travellers sheet whose A1 is the template's title ``travellers_title``), not a plain sheet of CSV columns."""
    if any(n in names or copies_of(n, names) for n in ("Setup", "Pairs")):
        return True
    if copies_of("Travellers", names):
        return True
    return same_text(travellers_title, "Travellers")


def check_sheets(names: Sequence[str], source: str) -> None:
    """UserError for a sheet the reader needs (:data:`TEMPLATE_SHEETS`) that is not there, naming the sheets found
    and the one that looks like it renamed or copied; and for a sheet read when there (:data:`SHEETS_WHEN_THERE`)
    that is there only renamed or copied."""
    found = ", ".join(names)
    for wanted in (*TEMPLATE_SHEETS, *SHEETS_WHEN_THERE):
        if wanted in names:
            continue
        copies = copies_of(wanted, names)
        if not copies and wanted in SHEETS_WHEN_THERE:
            continue
        if len(copies) == 1:
            why = (f"the sheet {copies[0]!r} looks like it, renamed or copied (copy-and-delete leaves such a name): "
                   f"mpxl reads the sheet named {wanted} and will not guess; rename {copies[0]!r} {wanted}")
        elif copies:
            why = (f"the sheets {', '.join(repr(c) for c in copies)} each look like it: keep the one to be read "
                   f"and rename it {wanted}")
        else:
            why = f"mpxl reads it (the template's sheets {', '.join(TEMPLATE_SHEETS)})"
        raise UserError(source, f"sheet {wanted}", f"no sheet named {wanted}; {why} (the sheets found: {found})")


def check_workbook(wb: Any, source: str) -> None:
    """Every sheet the reader reads there by its name, and every heading on them in its cell (the Travellers', the
    Setup's, the Pairs', the Movement's): refused before a cell is read (UserError, naming the first wrong)."""
    check_sheets(wb.sheetnames, source)
    for sheet, expected in (("Travellers", travellers()), ("Setup", setup()), ("Pairs", pairs()),
                            (MOVEMENT_SHEET, movement())):
        if sheet in wb.sheetnames:
            check_headings(wb[sheet], source, expected)
