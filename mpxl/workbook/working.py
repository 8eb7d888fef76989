"""The Working sheet: how one board's figures were worked out, line by line, ready to print.

A director types a board (and its section and session) at the top; every line of that board is looked
up on Travellers, in the sheet's order, with the helper columns that carry it from the typed score to
the figure: the NS score, the kind, the group and its n, N and k, S, the estimate, the artificial
matchpoints, the figures, and the ruling or the reason a line is not read, in words. Nothing is worked
out here: each cell is a Travellers cell (``INDEX`` of its column at the line's row), so what prints is
what scored the board. The headers carry the helper columns' notes (:data:`helptext.COLUMN_NOTES`).

>>> WORKING_COLUMNS[0], WORKING_COLUMNS[-1]
('row', 'words')
>>> working_formulas(9)["ns_mp"]
'=IF($A9="","",INDEX(Travellers!$N:$N,$A9))'
"""

from __future__ import annotations

from openpyxl.comments import Comment
from openpyxl.styles import Alignment, Font, PatternFill
from openpyxl.utils import get_column_letter
from openpyxl.workbook import Workbook

from ..rules import sheet_text
from .formulas import _field_key, _session
from .helptext import COLUMN_NOTES
from .layout import BLOCK, FIRST_ROW, HELPERS, MAIN, TRAVELLER_COLUMNS, TRAVELLER_RANGE_NAMES

__all__ = ["working_sheet", "working_formulas", "WORKING_COLUMNS", "WORKING_LINES", "WORKING_CELLS"]

#: The Travellers columns the sheet shows, in order (``row`` is the line's Travellers row; ``words`` its
#: ruling in words, or why it is not read). Inputs shown as text (a blank one stays blank, not 0).
WORKING_COLUMNS = ("row", "ns_pair", "ew_pair", "ns_score", "adjustment", "kind", "group", "sw", "nf", "fnn", "fne", "kn", "ke",
                   "sns", "sew", "estns", "estew", "artns", "artew", "ns_mp", "ew_mp", "words")
_TEXT_INPUTS = {"adjustment", "group"}
#: How many lines of a board it shows (a board of 60 tables across the field).
WORKING_LINES = 60
#: Where the board, section and session are typed, the board's key and its status.
WORKING_CELLS = {"board": "B3", "section": "B4", "session": "B5", "key": "B6", "status": "D3"}
_HEADER = 8
_FIRST = _HEADER + 1
_TITLES = {**{k: t for k, t, *_ in MAIN + BLOCK}, **dict(HELPERS), "row": "Travellers row",
           "words": "Ruling, or why not read"}
_NOTES = {**COLUMN_NOTES, "row": "The line's row on Travellers: the board's lines in the sheet's order.",
          "words": "What the director ruled on the line (Ruling in words), or why it is not read (Why unreadable)."}


def _col(key: str) -> str:
    letter = TRAVELLER_COLUMNS[key]
    return f"Travellers!${letter}:${letter}"


def working_formulas(r: int) -> dict:
    """The formulas of the Working sheet's row ``r``, by column key."""
    key, keys = f"${WORKING_CELLS['key'][0]}${WORKING_CELLS['key'][1:]}", TRAVELLER_RANGE_NAMES["bkey"]
    if r == _FIRST:
        row = f'IF({key}="","",IFERROR(MATCH({key},{keys},0)+{FIRST_ROW - 1},""))'
    else:  # the next line of the board after the one above: looked for below it
        p = f"$A{r - 1}"
        rest = f"INDEX({keys},{p}-{FIRST_ROW - 2}):INDEX({keys},ROWS({keys}))"
        row = f'IF({p}="","",IFERROR({p}+MATCH({key},{rest},0),""))'
    out = {"row": "=" + row}
    for k in WORKING_COLUMNS[1:]:
        if k == "words":
            got = f'INDEX({_col("why")},$A{r})&INDEX({_col("rsay")},$A{r})'
        else:
            got = f"INDEX({_col(k)},$A{r})" + ('&""' if k in _TEXT_INPUTS else "")
        out[k] = f'=IF($A{r}="","",{got})'
    return out


def working_sheet(wb: Workbook, board=None) -> object:
    """The Working sheet (after Methods), showing ``board`` (a number, or (board, section, session)) first."""
    ws = wb.create_sheet("Working")
    b, section, session = board if isinstance(board, tuple) else (board or 1, None, None)
    ws["A1"] = "Working: how one board's figures were worked out, line by line"
    ws["A1"].font = Font(bold=True, size=14)
    fill = PatternFill("solid", fgColor="FFF2CC")
    for (key, label), value in zip((("board", "Board"), ("section", "Section"), ("session", "Session")),
                                   (b, section, session)):
        ref = WORKING_CELLS[key]
        ws[f"A{ref[1:]}"] = label
        ws[f"A{ref[1:]}"].font = Font(bold=True)
        ws[ref] = value
        ws[ref].fill = fill
    ws[WORKING_CELLS["section"]].number_format = "@"
    B, sec, ses = (WORKING_CELLS[k] for k in ("board", "section", "session"))
    ws[WORKING_CELLS["key"]] = f'=IF({B}="","",{_field_key(_session(ses), sheet_text(sec))}&"|"&{B})'
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
        cell = ws.cell(row=_HEADER, column=i + 1, value=_TITLES[key])
        cell.font = Font(bold=True)
        cell.alignment = Alignment(wrap_text=True, horizontal="center", vertical="top")
        cell.fill = PatternFill("solid", fgColor="D9E1F2")
        if key in _NOTES:
            cell.comment = Comment(_NOTES[key], "mpxl", width=300, height=120)
        ws.column_dimensions[get_column_letter(i + 1)].width = 48 if key == "words" else 9
    ws.row_dimensions[_HEADER].height = 45
    for r in range(_FIRST, _FIRST + WORKING_LINES):
        for i, (key, formula) in enumerate(working_formulas(r).items()):
            cell = ws.cell(row=r, column=i + 1, value=formula)
            if key not in ("row", "ns_pair", "ew_pair", "kind", "adjustment", "group", "sw", "words"):
                cell.number_format = "0.00"
            if key == "words":
                cell.alignment = Alignment(wrap_text=True, vertical="top")
    last = get_column_letter(len(WORKING_COLUMNS))
    ws.freeze_panes = f"B{_FIRST}"
    ws.print_area = f"A1:{last}{_FIRST + WORKING_LINES - 1}"
    ws.print_title_rows = f"{_HEADER}:{_HEADER}"
    ws.page_setup.orientation = "landscape"
    ws.page_setup.fitToWidth = 1
    ws.page_setup.fitToHeight = 0
    ws.sheet_properties.pageSetUpPr.fitToPage = True
    return ws
