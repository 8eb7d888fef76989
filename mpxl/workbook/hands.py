"""The workbook's Hands sheet: the deals (the tablets' ``HandRecord``, a ``--deals`` file), a board a
block, written by :func:`hands_sheet` and read back by :func:`read_hands`.

A block is a board as a hand record prints it: a heading row (``Board``, its number, ``Dealer``,
the seat, ``Vul``, PBN's word ``None`` / ``NS`` / ``EW`` / ``All``), then North above, West and
East side by side, South below, each hand four rows (spades, hearts, diamonds, clubs: a suit's
symbol, then its cards, ``AKQT9``; ``-`` for a void); an analysed board's block goes on (the sheet's
blocks all :data:`ANALYSED_HEIGHT` rows when any board is analysed) with its par (``Par``, the score
from NS's side, the contracts) and its double-dummy grid (the tricks each declarer takes in each
strain, NT S H D C), values read back by :func:`read_hand_analyses`. Blocks sit :data:`ACROSS` to a row of
blocks, :data:`ROWS_PER_PAGE` rows of blocks to a printed page. The reader finds each block by
its ``Board`` cell, wherever it is, so a sheet whose blocks were moved still reads.

>>> from openpyxl import Workbook
>>> from mpxl.core.event import Deal
>>> wb = Workbook()
>>> ws = hands_sheet(wb, [Deal.from_pbn(1, "N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765")])
>>> ws["B4"].value, ws["D5"].value, ws["B9"].value, ws["F12"].value  # board; N spades; W spades; E clubs
(1, 'AKQJ', '432', 'AKQJ')
>>> deals = read_hands(ws, "n.xlsx")
>>> deals[1].to_pbn(), deals[1].dealer, deals[1].vulnerable
('N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765', 'N', 'None')
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Any

from openpyxl import Workbook
from openpyxl.styles import Font
from openpyxl.worksheet.pagebreak import Break
from openpyxl.worksheet.worksheet import Worksheet

from ..core.analysis import SEAT_ORDER, STRAIN_ORDER, Analysis, analyse
from ..core.contract import board_dealer, board_vulnerability
from ..core.errors import UserError
from ..core.event import SEATS, Deal
from ..formats.inputs import standard_vulnerability
from ..formats.pbn_analysis import parse_par_contracts

__all__ = ["hands_sheet", "read_hands", "read_hand_analyses", "SHEET", "ACROSS", "ROWS_PER_PAGE", "ANALYSED_HEIGHT"]

#: The sheet's name.
SHEET = "Hands"
#: Blocks side by side in a row of blocks, and rows of blocks to a printed page.
ACROSS, ROWS_PER_PAGE = 2, 3
#: A block's size: columns (and one blank between blocks), rows (and one blank under).
WIDTH, HEIGHT = 6, 13
FIRST_ROW = 4
#: An analysed sheet's block height: the hands' 13 rows, the par's row, the grid's heading and 4 rows.
ANALYSED_HEIGHT = HEIGHT + 6
#: The label of the par's row, at column offset 0 (the score in the next column, the contracts after).
PAR = "Par"
#: The grid's declarers, in its rows (as a hand record prints them).
GRID_SEATS = ("N", "S", "E", "W")
#: Each seat's hand within a block: (row offset of its spades, column offset of its suits' symbols).
HAND_AT = {"N": (1, 2), "W": (5, 0), "E": (5, 4), "S": (9, 2)}
SUITS = ("♠", "♥", "♦", "♣")
_RED = Font(color="C00000")
_CARDS = re.compile(r"[AKQJT98765432]*")
#: The heading row's labels, at column offsets 0, 2 and 4; each one's value in the next column.
BOARD, DEALER, VUL = "Board", "Dealer", "Vul"


def hands_sheet(wb: Workbook, deals: Iterable[Deal], analyses: Iterable[Analysis] = (),
                index: int | None = None) -> Worksheet:
    """The Hands sheet of ``deals`` (in board order), a block each, ready to print; a board's block with
    its grid and par where ``analyses`` has it; the sheet at ``index`` among ``wb``'s (None: the last)."""
    analysed = {a.board: a for a in analyses}
    height = ANALYSED_HEIGHT if analysed else HEIGHT
    ws = wb.create_sheet(SHEET, index)
    ws["A1"] = "Hands"
    ws["A1"].font = Font(bold=True, size=14)
    ws["A2"] = ("The deals, a board a block (cards high to low, T for the ten, - for a void); mpxl score reads "
                "them back from here.")
    ws["A2"].font = Font(italic=True, color="606060", size=9)
    ordered = sorted(deals, key=lambda d: d.board)
    for i, deal in enumerate(ordered):
        row, col = FIRST_ROW + (i // ACROSS) * (height + 1), 1 + (i % ACROSS) * (WIDTH + 1)
        _block(ws, row, col, deal)
        if deal.board in analysed:
            _grid(ws, row + HEIGHT, col, analysed[deal.board])
    for col in range(1, ACROSS * (WIDTH + 1) + 1):
        ws.column_dimensions[ws.cell(1, col).column_letter].width = 3 if col % (WIDTH + 1) in (1, 3, 5) else 9
    rows = -(-len(ordered) // ACROSS)
    for page in range(ROWS_PER_PAGE, rows, ROWS_PER_PAGE):  # a row of blocks never cut by a page's end
        ws.row_breaks.append(Break(id=FIRST_ROW + page * (height + 1) - 1))
    last = FIRST_ROW + max(rows, 1) * (height + 1) - 1
    ws.print_area = f"A1:{ws.cell(1, ACROSS * (WIDTH + 1) - 1).column_letter}{last}"
    ws.page_setup.orientation = "portrait"
    ws.page_setup.fitToWidth, ws.page_setup.fitToHeight = 1, 0
    ws.sheet_properties.pageSetUpPr.fitToPage = True
    return ws


def _block(ws: Worksheet, row: int, col: int, deal: Deal) -> None:
    """One board's block with its top left corner at (row, col)."""
    heading = ((BOARD, deal.board), (DEALER, deal.dealer or board_dealer(deal.board).value),
               (VUL, deal.vulnerable or board_vulnerability(deal.board).value))
    for k, (label, value) in enumerate(heading):
        ws.cell(row, col + 2 * k, label).font = Font(bold=True)
        ws.cell(row, col + 2 * k + 1, value).font = Font(bold=k == 0)
    for seat, hand in zip(SEATS, deal.hands):
        down, across = HAND_AT[seat]
        if not hand:
            ws.cell(row + down, col + across, seat).font = Font(color="606060")
            continue
        for k, (symbol, cards) in enumerate(zip(SUITS, hand.split("."))):
            mark = ws.cell(row + down + k, col + across, symbol)
            if k in (1, 2):
                mark.font = _RED
            ws.cell(row + down + k, col + across + 1, cards or "-").data_type = "s"


def _grid(ws: Worksheet, row: int, col: int, analysis: Analysis) -> None:
    """An analysed board's par row and double-dummy grid under its hands, from (row, col)."""
    ws.cell(row, col, PAR).font = Font(bold=True)
    ws.cell(row, col + 1, analysis.par_score)
    ws.cell(row, col + 2, analysis.par_text).data_type = "s"
    ws.cell(row + 1, col, "DD").font = Font(bold=True)
    for k, strain in enumerate(STRAIN_ORDER):
        ws.cell(row + 1, col + 1 + k, strain).font = Font(bold=True)
    for d, seat in enumerate(GRID_SEATS):
        ws.cell(row + 2 + d, col, seat).font = Font(bold=True)
        for k, n in enumerate(analysis.tricks[SEAT_ORDER.index(seat)]):
            ws.cell(row + 2 + d, col + 1 + k, n)


def read_hand_analyses(ws: Any, deals: dict[int, Deal], source: str) -> dict[int, Analysis]:
    """Board -> Analysis of each block of the Hands sheet with a par row and grid under its hands (of
    the boards of ``deals``, :func:`read_hands`'s); UserError naming the cell of a count that is not
    0-13 or a par that cannot be read.

    >>> from openpyxl import Workbook
    >>> from mpxl.core.analysis import analyse, tricks_table
    >>> d = Deal.from_pbn(1, "N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765")
    >>> a = analyse(1, tricks_table({"N": {"S": 10}, "S": {"S": 10}}), "None", "N", d.hands)
    >>> ws = hands_sheet(Workbook(), [d], [a])
    >>> read_hand_analyses(ws, read_hands(ws, "n.xlsx"), "n.xlsx")[1] == a
    True
    """
    grid = {(c.row, c.column): c.value for row in ws.iter_rows() for c in row if c.value is not None}
    out: dict[int, Analysis] = {}
    for (r, c), value in sorted(grid.items()):
        board = grid.get((r, c + 1))
        if value != BOARD or board not in deals or grid.get((r + HEIGHT, c)) != PAR:
            continue
        deal = deals[board]
        rows: dict[str, tuple[int, ...]] = {}
        for d, seat in enumerate(GRID_SEATS):
            counts = []
            for k in range(5):
                n = grid.get((r + HEIGHT + 2 + d, c + 1 + k))
                if isinstance(n, float) and n.is_integer():
                    n = int(n)
                if not isinstance(n, int) or isinstance(n, bool) or not 0 <= n <= 13:
                    raise UserError(source, f"sheet {SHEET}, cell {ws.cell(r + HEIGHT + 2 + d, c + 1 + k).coordinate}",
                                    f"board {board}: {n!r} double-dummy tricks; expected 0-13")
                counts.append(n)
            rows[seat] = tuple(counts)
        vul = deal.vulnerable or board_vulnerability(board).value
        analysis = analyse(board, [rows[s] for s in SEAT_ORDER], vul, deal.dealer or board_dealer(board).value,
                           deal.hands)
        where = f"sheet {SHEET}, cell {ws.cell(r + HEIGHT, c + 1).coordinate}"
        score = grid.get((r + HEIGHT, c + 1))
        if isinstance(score, float) and score.is_integer():
            score = int(score)
        if not isinstance(score, int) or isinstance(score, bool):
            raise UserError(source, where, f"board {board}: par {score!r} is not a score")
        try:
            contracts = parse_par_contracts(str(grid.get((r + HEIGHT, c + 2)) or "Pass"), analysis)
        except ValueError as exc:
            raise UserError(source, where, f"board {board}: {exc}") from None
        out[board] = analysis._replace(par_score=score, par_contracts=contracts)
    return out


def read_hands(ws: Any, source: str, warnings: list[str] | None = None,
               boards: Iterable[int] | None = None) -> dict[int, Deal]:
    """Board -> Deal of each block on the Hands sheet ``ws`` (found by its ``Board`` cell); UserError
    naming the board and the cell for a board that is no number (or, given the event's ``boards``, one it
    has no results for: a block renumbered), a suit that is not cards, a hand of other than 13 cards, a
    card in two hands, a Dealer other than N, E, S or W or a Vul other than None, NS, EW or All: a deal
    that is not a deal is never written on into a PBN. A hand left blank is not known ('')."""
    known = set(boards) if boards is not None else None
    grid = {(c.row, c.column): c.value for row in ws.iter_rows() for c in row if c.value is not None}
    deals: dict[int, Deal] = {}
    for (r, c), value in sorted(grid.items()):
        if value != BOARD:
            continue
        where = f"sheet {SHEET}, cell {ws.cell(r, c + 1).coordinate}"
        board = grid.get((r, c + 1))
        if isinstance(board, float) and board.is_integer():
            board = int(board)
        if not isinstance(board, int) or isinstance(board, bool) or board < 1:
            raise UserError(source, where, f"{board!r} is not a board number")
        hands = tuple(_hand(grid, r + HAND_AT[seat][0], c + HAND_AT[seat][1] + 1, ws, source, warnings)
                      for seat in SEATS)
        if board in deals:
            raise UserError(source, where, f"board {board} has a second block of hands")
        if known is not None and board not in known and any(hands):
            raise UserError(source, where, f"board {board}: a block of hands for a board with no results "
                            f"(the boards played: {_runs(known)}); was the block's board number changed?")
        _check_deal(board, hands, r, c, ws, source)
        dealer = str(grid.get((r, c + 3)) or "").strip().upper()
        if dealer not in ("", *SEATS):
            raise UserError(source, f"sheet {SHEET}, cell {ws.cell(r, c + 3).coordinate}",
                            f"board {board}: Dealer {grid.get((r, c + 3))!r}: expected N, E, S or W")
        vul = standard_vulnerability(board, grid.get((r, c + 5)), source,
                                     f"sheet {SHEET}, cell {ws.cell(r, c + 5).coordinate}", "Vul")
        if any(hands):
            deals[board] = Deal(board, hands, dealer, vul)
    return deals


def _hand(grid: dict[tuple[int, int], Any], row: int, col: int, ws: Any, source: str,
          warnings: list[str] | None) -> str:
    """A hand's four suits from the cells (row..row+3, col): '' when all four are blank (not known)."""
    cells = [grid.get((row + k, col)) for k in range(4)]
    if all(v is None or str(v).strip() == "" for v in cells):
        return ""
    suits = []
    for k, value in enumerate(cells):
        text = re.sub(r"\s+", "", str(value if value is not None else "")).upper().replace("10", "T")
        text = "" if text in ("-", "—") else text
        if not _CARDS.fullmatch(text):
            raise UserError(source, f"sheet {SHEET}, cell {ws.cell(row + k, col).coordinate}",
                            f"{value!r} is not cards of a suit (A K Q J T 9 ... 2, - for a void)")
        suits.append(text)
    return ".".join(suits)


def _runs(boards: Iterable[int]) -> str:
    from ..core.movement import board_ranges

    return board_ranges(boards)


def _check_deal(board: int, hands: tuple[str, ...], r: int, c: int, ws: Any, source: str) -> None:
    """UserError naming the board and the hand's cells for a hand of other than 13 cards or a card held twice."""
    held: dict[tuple[int, str], str] = {}
    for seat, hand in zip(SEATS, hands):
        if not hand:
            continue
        row, col = r + HAND_AT[seat][0], c + HAND_AT[seat][1] + 1
        cells = f"sheet {SHEET}, cells {ws.cell(row, col).coordinate}:{ws.cell(row + 3, col).coordinate}"
        count = len(hand.replace(".", ""))
        if count != 13:
            raise UserError(source, cells, f"board {board}: {seat}'s hand has {count} cards; expected 13")
        for k, cards in enumerate(hand.split(".")):
            for card in cards:
                if (k, card) in held:
                    who = "twice" if held[(k, card)] == seat else f"in {held[(k, card)]}'s hand and {seat}'s"
                    raise UserError(source, cells, f"board {board}: the {card}{'SHDC'[k]} is {who}")
                held[(k, card)] = seat
