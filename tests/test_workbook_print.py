"""How the workbook prints (issue 33 §4): the Setup one page wide with every note whole, the Travellers
a board's lines never split across pages (the slips a club pins up).

The print settings are read back by openpyxl from the workbook ``mpxl score`` writes for an 11-table
Howell of 27 boards (tests/club_game.py); then LibreOffice prints it to PDF and each board's lines are
found on one page.
"""

from __future__ import annotations

import math
import re
import shutil
import subprocess
from itertools import groupby

import pytest
from club_game import BOARDS, TABLES, write_club_game
from openpyxl import load_workbook
from recalc import libreoffice_convert, require_soffice

from mpxl.cli import main
from mpxl.workbook.helptext import SETUP_NOTES
from mpxl.workbook.layout import FIRST_ROW, HEADER_ROW, SETUP_ROWS, setup_row
from mpxl.workbook.printing import MAX_BREAKS, board_breaks

# (each row's board, first data row, rows on the first page, rows a page, the rows after which a page ends):
# worked by hand, a page filled with whole boards while they fit
BREAKS = [
    ([1, 1, 1, 2, 2, 2, 3, 3, 3], 5, 7, 6, [10]),  # boards 1-2 on page 1 (6 of 7 rows), board 3 next
    ([1, 1, 2, 2, 3, 3], 5, 10, 10, []),  # all on one page
    ([1] * 4 + [2] * 4 + [3] * 4, 5, 5, 8, [8]),  # page 1 holds board 1 only
    ([1] * 3 + [2] * 3, 1, 3, 3, [3]),  # a board a page, exactly full
    ([1] * 5 + [2] * 2 + [3] * 3, 1, 4, 4, [7]),  # board 1 runs on to page 2 (the application breaks it),
    # board 2 fits beside its last row, board 3 does not
    ([], 5, 10, 10, []),
    # Excel's limit: 2,000 one-row boards, a board a page, give MAX_BREAKS breaks, the first after row 1
    (range(2000), 1, 1, 1, list(range(1, MAX_BREAKS + 1))),
]


@pytest.mark.parametrize(("boards", "first_row", "first_page", "per_page", "expected"), BREAKS)
def test_board_breaks(boards, first_row, first_page, per_page, expected):
    assert board_breaks(boards, first_row, first_page, per_page) == expected


@pytest.fixture(scope="module")
def club_workbook(tmp_path_factory):
    folder = tmp_path_factory.mktemp("club-workbook")
    results, hands = write_club_game(folder)
    book = folder / "night.xlsx"
    assert main(["score", str(results), "--deals", str(hands), "-o", str(book)]) == 0
    return book


@pytest.fixture(scope="module")
def club_book(club_workbook):
    """The workbook as openpyxl reads it, once for the module (the tests only read it)."""
    return load_workbook(club_workbook)


def test_setup_prints_one_page_wide_its_notes_wrapped(club_book):
    ws = club_book["Setup"]
    assert ws.sheet_properties.pageSetUpPr.fitToPage
    assert (ws.page_setup.fitToWidth, ws.page_setup.fitToHeight) == (1, 0)  # one page wide, pages down as needed
    assert ws.print_area == f"'Setup'!$A$1:$C${setup_row(SETUP_ROWS[-1][0])}"
    width = ws.column_dimensions["C"].width
    for key, _, _ in SETUP_ROWS:
        cell = ws[f"C{setup_row(key)}"]
        assert (cell.value or "") == SETUP_NOTES[key] and cell.alignment.wrap_text, key
        lines = math.ceil(len(SETUP_NOTES[key]) / width)  # the note's lines within the column at most
        assert ws.row_dimensions[setup_row(key)].height >= 15 * lines, key


def test_travellers_print_a_board_whole(club_book):
    ws = club_book["Travellers"]
    assert not ws.sheet_properties.pageSetUpPr.fitToPage  # Excel ignores row breaks under "fit to"
    assert 10 <= ws.page_setup.scale <= 100 and ws.page_setup.orientation == "landscape"
    assert ws.print_title_rows == f"${HEADER_ROW}:${HEADER_ROW}"
    boards = [ws.cell(row=r, column=1).value for r in range(FIRST_ROW, FIRST_ROW + BOARDS * TABLES)]
    assert [len(list(g)) for _, g in groupby(boards)] == [TABLES] * BOARDS  # as written: a board's lines together
    breaks = [b.id for b in ws.row_breaks.brk]
    assert breaks, "297 lines need more than one page"
    for row in breaks:  # each break between two boards
        assert ws.cell(row=row, column=1).value != ws.cell(row=row + 1, column=1).value, row
    pages = [b - a for a, b in zip([FIRST_ROW - 1, *breaks], [*breaks, FIRST_ROW + BOARDS * TABLES - 1])]
    assert all(p % TABLES == 0 and p >= 2 * TABLES for p in pages), pages  # whole boards, several a page


def test_libreoffice_prints_each_board_on_one_page(club_workbook, tmp_path):
    """LibreOffice prints the workbook to PDF: the Setup's last note ends on its page, and each board's
    eleven lines are on one page of the Travellers (a line is "board NS EW contract ...")."""
    require_soffice()
    if not shutil.which("pdftotext"):
        pytest.skip("pdftotext (poppler-utils) is not installed")
    (pdf,) = libreoffice_convert([club_workbook], "pdf", tmp_path)
    text = subprocess.run(["pdftotext", "-layout", str(pdf), "-"], capture_output=True, text=True,
                          check=True).stdout
    pages = text.split("\f")
    setup = pages[0]
    assert "mpxl club pairs: Setup" in setup
    for key in ("line_pct_decimals", "rounding"):  # a note's last words are printed (not cut at the page's edge)
        assert SETUP_NOTES[key].split()[-1] in setup.split(), key
    heading = re.compile(r"^\s*Board\s+NS pair\s+EW pair\s+Contract\s+By\s+Tricks", re.M)  # the Travellers' header row
    travellers = [p for p in pages if heading.search(p)]
    found: dict[int, list[int]] = {}
    for k, page in enumerate(travellers):
        for line in page.splitlines():
            cells = line.split()
            if len(cells) > 4 and all(c.isdigit() for c in cells[:3]) and int(cells[0]) <= BOARDS:
                found.setdefault(int(cells[0]), []).append(k)
    assert sorted(found) == list(range(1, BOARDS + 1))
    for board, on in found.items():
        assert len(on) == TABLES and len(set(on)) == 1, (board, on)  # its 11 lines on one page
    assert len(travellers) <= math.ceil(BOARDS / 3)  # several boards a page
