"""The Working sheet's cells (:func:`mpxl.workbook.sheets.working_sheet` builds it): how one board's
figures were worked out, line by line, ready to print.

A director types a board (and its section and session) at the top; every line of that board is looked
up on Travellers, in the sheet's order, with the helper columns that carry it from the typed score to
the figure: the NS score, the kind, the group and its n, N and k, S, the estimate, the artificial
matchpoints, the figures, and the ruling or the reason a line is not read, in words. Nothing is worked
out here: each cell is a Travellers cell (``INDEX`` of its column at the line's row), so what prints is
what scored the board. The headers carry the helper columns' notes (:data:`helptext.COLUMN_NOTES`).

>>> WORKING_COLUMNS[0], WORKING_COLUMNS[-1]
('row', 'words')
>>> working_formulas(9)["ns_mp"]
'=IF($A9="","",INDEX(Travellers!$O:$O,$A9))'
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .helptext import COLUMN_NOTES
from .layout import FIRST_ROW, TRAVELLER_COLUMNS, TRAVELLER_RANGE_NAMES, TRAVELLER_SHEET

if TYPE_CHECKING:
    from .inputs import BoardRow

__all__ = ["working_formulas", "shown_board", "WORKING_COLUMNS", "WORKING_LINES", "WORKING_CELLS", "WORKING_HEADER",
           "WORKING_TITLES", "WORKING_NOTES"]

#: The Travellers columns the sheet shows, in order (``row`` is the line's Travellers row; ``words`` its
#: ruling and penalty in words, or why it is not read). Inputs shown as text (a blank one stays blank, not 0).
WORKING_COLUMNS = ("row", "ns_pair", "ew_pair", "ns_score", "adjustment", "kind", "group", "sw", "nf", "fnn", "fne",
                   "kn", "ke", "sns", "sew", "estns", "estew", "artns", "artew", "pns", "pew", "ns_mp", "ew_mp",
                   "words")
_TEXT_INPUTS = {"adjustment", "group"}
#: How many lines of a board it shows (a board of 60 tables across the field).
WORKING_LINES = 60
#: Where the board, section and session are typed, the board's key and its status.
WORKING_CELLS = {"board": "B3", "section": "B4", "session": "B5", "key": "B6", "status": "D3"}
#: The header row (the lines below it).
WORKING_HEADER = 8
_FIRST = WORKING_HEADER + 1
#: Each column's header (the Travellers header) and its note (the helper's words).
WORKING_TITLES = {**{c.key: c.header for c in TRAVELLER_SHEET}, "row": "Travellers row",
           "words": "Ruling, penalty, or why not read"}
WORKING_NOTES = {**COLUMN_NOTES, "row": "The line's row on Travellers: the board's lines in the sheet's order.",
          "words": "What the director ruled on the line (Ruling in words) and its penalty (Penalty in words), or why "
                   "it is not read (Why unreadable)."}


def shown_board(board: BoardRow | None) -> tuple[int, str | None, int | None]:
    """The board, section and session the sheet shows first: ``board`` (a number, or (board, section,
    session); None: board 1).

    >>> shown_board(None), shown_board(4), shown_board((2, "B", 3))
    ((1, None, None), (4, None, None), (2, 'B', 3))
    """
    return board if isinstance(board, tuple) else (board or 1, None, None)


def _col(key: str) -> str:
    letter = TRAVELLER_COLUMNS[key]
    return f"Travellers!${letter}:${letter}"


def working_formulas(r: int) -> dict[str, str]:
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
            said, pen = f'INDEX({_col("rsay")},$A{r})', f'INDEX({_col("psay")},$A{r})'
            got = f'INDEX({_col("why")},$A{r})&{said}&IF(AND({said}<>"",{pen}<>""),"; ","")&{pen}'
        else:
            got = f"INDEX({_col(k)},$A{r})" + ('&""' if k in _TEXT_INPUTS else "")
        out[k] = f'=IF($A{r}="","",{got})'
    return out
