"""The traveller lines of a workbook still to settle: laid out (a board, its NS and its EW pair) and no result, or
typed with pairs its Movement sheet did not send to that board (with the likeliest fix: :mod:`mpxl.core.slips`).

A line of the template's Travellers with its board and both pairs is a table that played the board: the
template laid out from a movement (``mpxl template --movement howell --tables 4 --boards-per-round 1``)
fills one for every play of its Movement sheet, a workbook scored from the tablets' database one for every
result they sent. Left with no Contract, no Typed score and no Adjustment it would be scored as a missing
result (its board short, estimated) without a word: such a line is *to settle*, as ``mpxl check night.bws``
says of a result the tablets' movement has and the database has not (:mod:`mpxl.commands.bws`). Its
result is typed, or NP (or an adjusted score) in Adjustment when the board was not played there: a line
typed NP or given an adjusted score is settled. A play of the Movement sheet with no traveller line at all
(the row cleared) is to settle too. ``mpxl check`` names each and exits 1; ``mpxl score`` names each on
stderr and scores what is there (exit 0), as it does for the tablets' database.

>>> from mpxl.core.event import Event, Line
>>> ev = Event(lines=[Line(1, "8", "3", score=420, where="sheet Travellers, row 5"),
...                   Line(1, "5", "2", score="NP", where="sheet Travellers, row 6"),
...                   Line(1, "7", "1", where="sheet Travellers, row 7")], program="mpxl workbook")
>>> for line in unsettled_lines(ev, plays=[Play("sheet Movement, row 5", "1", "1", "1", "8", "3"),
...                                          Play("sheet Movement, row 6", "1", "1", "2", "5", "2"),
...                                          Play("sheet Movement, row 7", "1", "1", "3", "7", "1"),
...                                          Play("sheet Movement, row 8", "1", "1", "4", "4", "6")]):
...     print(line)
sheet Travellers, row 7: board 1, NS 7 v EW 1 (round 1, table 3): no result (Contract, Typed score and \
Adjustment blank): type its result, or NP or an adjusted score in Adjustment if it was not played
sheet Movement, row 8: board 1, NS 4 v EW 6 (round 1, table 4): no traveller line: type its line in \
Travellers with its result, or NP or an adjusted score in Adjustment if it was not played
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Sequence
from typing import NamedTuple

from ..core import slips
from ..core.event import Event, Line

__all__ = ["Play", "unsettled_lines", "movement_plays", "workbook_to_settle", "SETTLE_HINT", "WORKBOOK_PROGRAM"]

#: The program a workbook of the template's layout is read as (:func:`mpxl.workbook.reader.read_workbook`).
WORKBOOK_PROGRAM = "mpxl workbook"
#: The Movement sheet (:data:`mpxl.workbook.movement_sheet.SHEET`) and its headings, found by name.
_SHEET, _HEADS = "Movement", ("Board", "Round", "Table", "NS", "EW")
_HEADER_ROW = 4  # the template's heading row (mpxl.workbook.places.HEADER_ROW), as the reader keeps it
#: What to do with a line to settle, after its place and what it lacks.
SETTLE_HINT = "or NP or an adjusted score in Adjustment if it was not played"


class Play(NamedTuple):
    """One play of the Movement sheet: where it is listed, its board, round, table and pairs (as text)."""

    where: str
    board: str
    round: str
    table: str
    ns: str
    ew: str


def _key(value: object) -> str:
    """A board or pair as the movement and the lines both write it (``3``, ``3.0`` and `` 3`` alike)."""
    return "" if value is None else str(value).strip().removesuffix(".0")


def _untyped(line: Line) -> bool:
    """Whether a line holds no result: no Contract, no Typed score, no Adjustment (NP is one: typed)."""
    return line.score is None and not line.contract


def unsettled_lines(event: Event, plays: Sequence[Play] = ()) -> list[str]:
    """Each traveller line of ``event`` (read from a workbook of the template's layout) whose pairs the Movement
    sheet's ``plays`` did not send to its board (with the likeliest fix: :mod:`mpxl.core.slips`), then each line
    with its pairs and no result, in the sheet's order, then each of the ``plays`` no line has (but one a wrong
    line's fix names), one message each: the place, the board and pairs (the round and table when the movement
    has them) and what to do."""
    if event.program != WORKBOOK_PROGRAM:
        return []
    at = {(_key(p.board), _key(p.ns), _key(p.ew)): p for p in plays}
    moves = [slips.Play(p.board, p.ns, p.ew, p.round, p.table, p.where) for p in plays]
    typed_lines = [slips.Slip(ln.where, _key(ln.board), _key(ln.ns_pair), _key(ln.ew_pair)) for ln in event.lines
                   if _key(ln.ns_pair) and _key(ln.ew_pair)]
    wrong = slips.not_sent(moves, typed_lines, whole=True)  # the Movement sheet: the whole evening's
    out = [message for _, message, _ in wrong]
    astray = {s.where for s, _, _ in wrong}
    for ln in event.lines:
        if not _untyped(ln) or ln.where in astray:
            continue
        play = at.get((_key(ln.board), _key(ln.ns_pair), _key(ln.ew_pair)))
        seat = f" (round {play.round}, table {play.table})" if play else ""
        section = (f"session {ln.session}, " if ln.session != 1 else "") + (f"section {ln.section}, " if ln.section
                                                                              else "")
        out.append(f"{ln.where}: {section}board {ln.board}, NS {ln.ns_pair} v EW {ln.ew_pair}{seat}: no result "
                   f"(Contract, Typed score and Adjustment blank): type its result, {SETTLE_HINT}")
    explained = [play for _, _, play in wrong if play is not None]
    for m in slips.untyped(moves, typed_lines, explained):
        p = at[(_key(m.board), _key(m.ns), _key(m.ew))]
        out.append(f"{p.where}: board {p.board}, NS {p.ns} v EW {p.ew} (round {p.round}, table {p.table}): no "
                   f"traveller line: type its line in Travellers with its result, {SETTLE_HINT}")
    return out


def movement_plays(rows: Iterable[Sequence[object]]) -> list[Play]:
    """The plays of a Movement sheet given as its rows of values (from row 1): its columns found by their
    headings (row 4: Board, Round, Table, NS, EW), a play per row below with a board. None of them when the
    headings are not all there (a sheet named Movement that is not mpxl's).

    >>> movement_plays([("Howell",), (), (), ("Board", "Round", "Table", "NS", "EW"), (1, 1, 2, 5, 2), (None,)])
    [Play(where='sheet Movement, row 5', board='1', round='1', table='2', ns='5', ew='2')]
    """
    columns: list[int] = []
    out = []
    for number, row in enumerate(rows, start=1):
        cells = list(row)
        if number == _HEADER_ROW:
            heads = [_key(c) for c in cells]
            if not all(h in heads for h in _HEADS):
                return []
            columns = [heads.index(h) for h in _HEADS]
        elif number > _HEADER_ROW and columns:
            values = [_key(cells[c]) if c < len(cells) else "" for c in columns]
            if values[0]:
                out.append(Play(f"sheet {_SHEET}, row {number}", *values))
    return out


def workbook_to_settle(event: Event, path: str | os.PathLike[str]) -> list[str]:
    """:func:`unsettled_lines` of the workbook ``path`` (its Movement sheet read, when it has one): [] for an
    event not read from a workbook of the template's layout."""
    if event.program != WORKBOOK_PROGRAM:
        return []
    return unsettled_lines(event, _read_plays(path))


def _read_plays(path: str | os.PathLike[str]) -> list[Play]:
    """The Movement sheet's plays ([] when the workbook has none, or cannot be opened: the reader said why)."""
    from openpyxl import load_workbook

    try:
        wb = load_workbook(path, read_only=True, data_only=True)
    except Exception:  # read already by the reader: a file that cannot be opened again has no plays to add
        return []
    try:
        if _SHEET not in wb.sheetnames:
            return []
        return movement_plays(wb[_SHEET].iter_rows(values_only=True))
    finally:
        wb.close()
