"""How the workbook's sheets print: one page wide, the Setup's notes wrapped, a board's traveller never split.

A sheet printed "fit to one page wide" is scaled by Excel and LibreOffice alike, but Excel then ignores
manual page breaks; the Travellers sheet, whose boards must each print whole (the slips a club pins up),
is instead given the scale that fits its width, worked out here from its column widths, and a row break
after the last board that still fits on each page.
"""

from __future__ import annotations

import math
from collections.abc import Hashable, Iterable
from itertools import groupby
from typing import TYPE_CHECKING

from openpyxl.styles import Alignment
from openpyxl.utils import column_index_from_string, get_column_letter
from openpyxl.worksheet.pagebreak import Break

if TYPE_CHECKING:
    from openpyxl.worksheet.worksheet import Worksheet

__all__ = ["fit_width", "wrap_column", "board_breaks", "print_boards_whole", "MAX_BREAKS", "PAGE_POINTS", "ROW_POINTS"]

#: The page a sheet that prints by board is laid out for, in points (width, height) upright: the smaller of
#: A4 (595 x 842) and US Letter (612 x 792) each way, so that it fits either (the printer's paper is left as set).
PAGE_POINTS = (595.0, 792.0)
#: The height of a row of the workbook's default font (Calibri 11: Excel's 15 points; LibreOffice's is lower).
ROW_POINTS = 15.0
#: Page margins of the sheets that print by board, in inches: left, right, top, bottom, header, footer.
_MARGINS = (0.4, 0.4, 0.5, 0.5, 0.3, 0.3)
#: The most manual page breaks a sheet may have (Excel's specifications and limits: 1,026 horizontal).
MAX_BREAKS = 1026
#: What is kept free of a page's printable height and width, for the applications' own rounding and fonts.
_SLACK = 0.9


def fit_width(ws: Worksheet, orientation: str = "portrait") -> None:
    """Print the sheet's print area one page wide (as many pages down as it takes)."""
    ws.page_setup.orientation = orientation
    ws.page_setup.fitToWidth = 1
    ws.page_setup.fitToHeight = 0
    ws.sheet_properties.pageSetUpPr.fitToPage = True


def wrap_column(ws: Worksheet, column: str, rows: Iterable[int], chars_per_line: float | None = None) -> None:
    """Wrap the text of ``column`` on ``rows`` within the column's width, each row made as tall as its
    lines (an explicit height: Excel does not fit a row to its wrapped text when it opens a file).
    ``chars_per_line``: what fits on a line (default: the column's width in characters).

    >>> from openpyxl import Workbook
    >>> ws = Workbook().active
    >>> ws.column_dimensions["C"].width = 10
    >>> ws["C1"], ws["C2"] = "x" * 25, "short"
    >>> wrap_column(ws, "C", [1, 2])
    >>> ws.row_dimensions[1].height, ws.row_dimensions[2].height, ws["C1"].alignment.wrap_text
    (45.0, 15.0, True)
    """
    width = chars_per_line or ws.column_dimensions[column].width
    for r in rows:
        cell = ws[f"{column}{r}"]
        cell.alignment = Alignment(wrap_text=True, vertical="top")
        lines = max(1, math.ceil(len(str(cell.value or "")) / width))
        ws.row_dimensions[r].height = ROW_POINTS * lines


def _points(width: float) -> float:
    """A column's width in characters as points on paper, at most: a character of the default font's
    size (11) in the widest font a sheet may be shown in (DejaVu Sans, LibreOffice's stand-in for Calibri
    where Calibri and Carlito are missing: 7 points a digit; Calibri's is 5.25)."""
    return 7.0 * width


def _width_points(ws: Worksheet, first: str, last: str) -> float:
    """The printed width of the columns ``first``..``last`` (hidden ones take none)."""
    total = 0.0
    for i in range(column_index_from_string(first), column_index_from_string(last) + 1):
        dim = ws.column_dimensions[get_column_letter(i)]
        if not dim.hidden:
            total += _points(dim.width or 8.43)
    return total


def board_breaks(boards: Iterable[Hashable], first_row: int, first_page: int, per_page: int) -> list[int]:
    """The rows after which a page ends so that no board's rows are split: ``boards`` is each data row's
    board (its key), from ``first_row`` down, a board's rows together (read once, a board at a time);
    ``first_page`` rows fit on the first page below its headings, ``per_page`` on each other one. Boards
    are put on a page while they fit; a board longer than a page starts a page of its own and runs on
    (the application breaks it). At most :data:`MAX_BREAKS` (Excel's limit); the pages after them are
    the application's.

    >>> board_breaks([1, 1, 1, 2, 2, 2, 3, 3, 3], 5, 7, 6)
    [10]
    >>> board_breaks([1] * 4 + [2] * 4 + [3] * 4, 5, 5, 8)
    [8]
    >>> board_breaks([1] * 5 + [2] * 2 + [3] * 3, 1, 4, 4)
    [7]
    """
    breaks: list[int] = []
    room, used = first_page, 0  # the rows left on the page, and those on it
    row = first_row
    for _, run in groupby(boards):
        size = sum(1 for _ in run)
        if used and size > room:
            if len(breaks) == MAX_BREAKS:
                break
            breaks.append(row - 1)  # the board begins the next page
            room, used = per_page, 0
        room -= size
        used += size
        while room < 0:  # run on past the page's end
            room += per_page
            used = per_page - room
        row += size
    return breaks


def print_boards_whole(ws: Worksheet, boards: Iterable[Hashable], first: str, last: str, header_row: int,
                       first_row: int) -> None:
    """Print ``ws`` landscape, the columns ``first``..``last`` one page wide at a fixed scale (on A4 or
    Letter: :data:`PAGE_POINTS`), the ``header_row`` on every page, and a row break between boards
    (:func:`board_breaks`) so that each board's rows print together: ``boards`` is each data row's board,
    from ``first_row`` down."""
    left, right, top, bottom, header, footer = _MARGINS
    ws.page_margins.left, ws.page_margins.right, ws.page_margins.top = left, right, top
    ws.page_margins.bottom, ws.page_margins.header, ws.page_margins.footer = bottom, header, footer
    ws.page_setup.orientation = "landscape"
    ws.sheet_properties.pageSetUpPr.fitToPage = False
    ws.print_title_rows = f"{header_row}:{header_row}"
    page_h, page_w = PAGE_POINTS
    room_w = (page_w - 72 * (left + right)) * _SLACK
    ws.page_setup.scale = max(10, min(100, math.floor(100 * room_w / _width_points(ws, first, last))))
    room_h = (page_h - 72 * (top + bottom)) * _SLACK * 100 / ws.page_setup.scale  # in the sheet's own points

    def height(r: int) -> float:
        return ws.row_dimensions[r].height or ROW_POINTS * 1.3  # a row of a larger font: a title's

    per_page = max(1, int((room_h - height(header_row)) // ROW_POINTS))
    first_page = max(1, int((room_h - sum(map(height, range(1, first_row)))) // ROW_POINTS))
    ws.row_breaks.brk = []
    for row in board_breaks(boards, first_row, first_page, per_page):
        ws.row_breaks.append(Break(id=row))
