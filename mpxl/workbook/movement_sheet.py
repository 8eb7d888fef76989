"""The template laid out from a movement: the traveller lines it pre-fills, its Movement sheet, and the
mark on a traveller line whose pairs the movement did not send to that board.

The Movement sheet lists every board's plays (board, round, table, NS, EW) in the Travellers' order;
a conditional format on the Travellers' NS and EW pairs paints a line whose (board, NS, EW) is not
one of them, and :mod:`mpxl.workbook.settle` names such a line to settle (with its likeliest fix) for
``mpxl check`` / ``mpxl score``.

>>> from mpxl.core.movement import movement
>>> lines = movement_lines(movement("howell", 4, boards_per_round=1))
>>> len(lines), [(x.board, x.ns_pair, x.ew_pair) for x in lines[:2]]
(28, [(1, 8, 3), (1, 5, 2)])
"""

from __future__ import annotations

from openpyxl.formatting.rule import FormulaRule
from openpyxl.styles import Font, PatternFill
from openpyxl.workbook import Workbook
from openpyxl.worksheet.worksheet import Worksheet

from ..core.movement import Movement
from .inputs import TemplateLine
from .layout import FIRST_ROW, HEADER_ROW, TRAVELLER_COLUMNS

__all__ = ["movement_lines", "movement_sheet", "mark_travellers", "SHEET", "HEADS"]

SHEET = "Movement"
HEADS = ("Board", "Round", "Table", "NS", "EW")
_BAD_FILL = PatternFill("solid", start_color="F4B6B6", end_color="F4B6B6")


def _number(pair: str) -> int | str:
    return int(pair) if pair.isascii() and pair.isdigit() else pair


def movement_lines(m: Movement) -> list[TemplateLine]:
    """A traveller line for each table that plays each board (board order, then the order they play
    it), with its NS and EW pairs; a sit-out's table plays no board."""
    return [TemplateLine(b, _number(r.ns), _number(r.ew)) for b, rows in m.board_tables().items()
            for r in rows if r.ns and r.ew]


def movement_sheet(wb: Workbook, m: Movement) -> Worksheet:
    """The Movement sheet: what the movement is, then a row per board per table that plays it."""
    ws = wb.create_sheet(SHEET)
    ws["A1"] = m.title
    ws["A1"].font = Font(bold=True, size=14)
    ws["A2"] = m.note + ("; " if m.note else "") + "a traveller line whose pairs are not here is marked red"
    for i, head in enumerate(HEADS, start=1):
        ws.cell(row=HEADER_ROW, column=i, value=head).font = Font(bold=True)
    plays = ((b, r) for b, rows in m.board_tables().items() for r in rows if r.ns and r.ew)
    for row, (b, r) in enumerate(plays, start=FIRST_ROW):
        for i, value in enumerate((b, r.round, r.table, _number(r.ns or ""), _number(r.ew or "")), start=1):
            ws.cell(row=row, column=i, value=value)
    ws.protection.sheet = True
    return ws


def mark_travellers(wb: Workbook, m: Movement, last: int) -> None:
    """Paint the NS and EW pairs of a Travellers line (rows ``FIRST_ROW``..``last``) whose board was not
    played by those pairs in the movement (both pairs typed)."""
    col, r = TRAVELLER_COLUMNS, FIRST_ROW
    end = FIRST_ROW + len(movement_lines(m)) - 1
    b, ns, ew = (f"${col[k]}{r}" for k in ("board", "ns_pair", "ew_pair"))
    rng = {k: f"{SHEET}!${c}${FIRST_ROW}:${c}${end}" for k, c in (("b", "A"), ("ns", "D"), ("ew", "E"))}
    formula = (f'AND({b}<>"",{ns}<>"",{ew}<>"",'
               f'COUNTIFS({rng["b"]},{b},{rng["ns"]},{ns},{rng["ew"]},{ew})=0)')
    wb["Travellers"].conditional_formatting.add(
        f"{col['ns_pair']}{r}:{col['ew_pair']}{last}", FormulaRule(formula=[formula], fill=_BAD_FILL))
