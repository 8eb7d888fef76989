"""A workbook's formulas as a cell-level dependency graph, and the first circular reference in it, cell by cell.

What Excel builds before it calculates: every formula cell reads the cells its references name, whatever
the branch of an IF that would take them; a range (``A5:A540``, a whole column ``$N:$N``, a defined name
``Kinds``, a range made of two INDEX calls) reads every cell in it; a reference to another sheet reads that
sheet's cells. A range is one node of the graph (it reads each formula cell inside it), so a column looked
across by every row costs one node, not a row's worth of edges each.

>>> g = CellGraph({("S", 1, 1): "B1+1", ("S", 2, 1): "SUM(B1:B3)+A1"}, {}, "S")
>>> g.cycle() is None
True
>>> g = CellGraph({("S", 1, 1): "SUM(A2:A3)", ("S", 3, 1): "IF(TRUE,0,A1)"}, {}, "S")
>>> g.cycle()
['S!A1', 'S!A2:A3', 'S!A3', 'S!A1']
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

from openpyxl.utils import column_index_from_string, get_column_letter

#: A cell: (sheet, row, column).
Cell = tuple[str, int, int]
#: A range: (sheet, first row, first column, last row, last column).
Area = tuple[str, int, int, int, int]

_REF = re.compile(r"^(?:(?P<sheet>'(?:[^']|'')+'|[^!']+)!)?(?P<a>\$?[A-Z]{0,3}\$?\d*)(?::(?P<b>\$?[A-Z]{0,3}\$?\d*))?$")
_CELL = re.compile(r"^\$?(?P<col>[A-Z]{1,3})?\$?(?P<row>\d+)?$")
_BIG = 1_048_576


#: What is no reference in a formula: a text (its quotes doubled inside) and an error value.
_NOT_REF = re.compile(r'"(?:[^"]|"")*"|#(?:NULL!|DIV/0!|VALUE!|REF!|NAME\?|NUM!|N/A|GETTING_DATA)')
#: An operand: words and quoted sheet names up to an operator, a separator, a bracket or a space; a word followed by
#: ``(`` is a function's name.
_OPERAND = re.compile(r"(?:'(?:[^']|'')*'|[^\s+\-*/^&=<>%,;(){}'\"])+(\(?)")
_NUMBER = re.compile(r"^\d+(?:\.\d*)?(?:E)?$|^\.\d+$", re.I)


def operands(formula: str) -> list[str]:
    """The range operands of ``formula`` (without its ``=``) as openpyxl's formula Tokenizer finds them (tokens of
    type OPERAND, subtype RANGE: references and names, not texts, numbers, errors or functions), read in a
    fraction of its time (tests/test_workbook_cycles.py checks the two agree on each kind of workbook).

    >>> operands('IF(Setup!$B$3="x y",SUM($A5:A$9)+Kinds,-1.5E+3&#N/A)')
    ['Setup!$B$3', '$A5:A$9', 'Kinds']
    >>> operands("'It''s'!A1*2")
    ["'It''s'!A1"]
    """
    text = _NOT_REF.sub(" ", formula)
    out = []
    for m in _OPERAND.finditer(text):
        word = m.group(0)
        if m.group(1) or _NUMBER.match(word) or word.upper() in ("TRUE", "FALSE"):
            continue
        out.append(word)
    return out


def _corner(text: str) -> tuple[int | None, int | None]:
    m = _CELL.match(text)
    if not m or not (m["col"] or m["row"]):
        raise ValueError(text)
    return (int(m["row"]) if m["row"] else None, column_index_from_string(m["col"]) if m["col"] else None)


class CellGraph:
    """The formula cells ``formulas`` ((sheet, row, column) -> formula text without ``=``), the workbook's
    defined ``names`` (name -> its reference text), ``home`` the sheet a reference without one is on (per cell:
    its own sheet)."""

    def __init__(self, formulas: dict[Cell, str], names: dict[str, str], home: str = "") -> None:
        self.formulas = formulas
        self.names = {k.upper(): v for k, v in names.items()}
        self.home = home
        # each sheet's formula cells by column, sorted by row: what a range node reads
        self._by_col: dict[tuple[str, int], list[int]] = {}
        for sheet, row, column in sorted(formulas):
            self._by_col.setdefault((sheet.upper(), column), []).append(row)
        self._sheets = {sheet.upper(): sheet for sheet, _, _ in formulas}

    # -------------------------------------------------------------- references

    def _area(self, text: str, sheet: str) -> Area | None:
        m = _REF.match(text)
        if not m:
            return None
        if m["sheet"]:
            sheet = m["sheet"].strip("'").replace("''", "'")
        try:
            r1, c1 = _corner(m["a"])
            r2, c2 = _corner(m["b"]) if m["b"] else (r1, c1)
        except ValueError:
            return None
        if m["b"] is None and (r1 is None or c1 is None):
            return None  # a bare word: a defined name or a function's name, not a cell
        return (sheet.upper(), r1 or 1, c1 or 1, r2 or _BIG, c2 or 16384)

    def reads(self, cell: Cell) -> Iterator[Area]:
        """The areas the formula of ``cell`` reads (a single cell is a 1x1 area)."""
        sheet = cell[0]
        for text in operands(self.formulas[cell]):
            name = self.names.get(text.upper())
            if name is not None:
                for part in name.split(","):
                    area = self._area(part.strip(), sheet)
                    if area:
                        yield area
                continue
            area = self._area(text, sheet)
            if area:
                yield area

    def _inside(self, area: Area) -> Iterator[Cell]:
        sheet, r1, c1, r2, c2 = area
        title = self._sheets.get(sheet)
        if title is None:
            return
        for column in range(c1, min(c2, 16384) + 1):
            rows = self._by_col.get((sheet, column))
            if not rows:
                continue
            for row in rows:
                if r1 <= row <= r2:
                    yield (title, row, column)

    # ------------------------------------------------------------------ cycles

    def _next(self, node: Cell | Area) -> list[Cell | Area]:
        if len(node) == 5:
            return list(self._inside(node))  # type: ignore[arg-type]
        out: list[Cell | Area] = []
        for area in self.reads(node):  # type: ignore[arg-type]
            sheet, r1, c1, r2, c2 = area
            if (r1, c1) == (r2, c2):
                title = self._sheets.get(sheet)
                if title is not None and (title, r1, c1) in self.formulas:
                    out.append((title, r1, c1))
            else:
                out.append(area)
        return out

    def cycle(self) -> list[str] | None:
        """The first circular reference found, as the cells (and ranges) it goes through back to its start, or
        None when there is none (an iterative depth-first search: white, grey on the path, black done)."""
        state: dict[Cell | Area, int] = {}
        for start in self.formulas:
            if start in state:
                continue
            path: list[Cell | Area] = [start]
            stack = [iter(self._next(start))]
            state[start] = 1
            while stack:
                node = next(stack[-1], None)
                if node is None:
                    state[path.pop()] = 2
                    stack.pop()
                    continue
                seen = state.get(node)
                if seen == 1:
                    return [self.label(n) for n in path[path.index(node):]] + [self.label(node)]
                if seen is None:
                    state[node] = 1
                    path.append(node)
                    stack.append(iter(self._next(node)))
        return None

    def label(self, node: Cell | Area) -> str:
        if len(node) == 3:
            sheet, row, column = node  # type: ignore[misc]
            return f"{sheet}!{get_column_letter(column)}{row}"
        sheet, r1, c1, r2, c2 = node  # type: ignore[misc]
        title = self._sheets.get(sheet, sheet)
        a = f"{get_column_letter(c1)}{r1}"
        b = f"{get_column_letter(min(c2, 16384))}{'' if r2 == _BIG else r2}"
        return f"{title}!{a}:{b}"


def workbook_graph(path: Path) -> CellGraph:
    """The graph of the workbook at ``path``: every formula of every sheet (shared formulas as openpyxl
    reads them, moved to each cell) and the defined names."""
    from openpyxl import load_workbook

    wb = load_workbook(path, read_only=True)
    try:
        formulas: dict[Cell, str] = {}
        for ws in wb.worksheets:
            for row in ws.iter_rows():
                for c in row:
                    v = getattr(c, "value", None)
                    if isinstance(v, str) and v.startswith("=") and len(v) > 1:
                        formulas[(ws.title, c.row, c.column)] = v[1:]
        names = {name: dn.attr_text for name, dn in wb.defined_names.items()}
        for ws in wb.worksheets:  # names local to a sheet (print areas and titles are not formulas' names)
            for name, dn in getattr(ws, "defined_names", {}).items():
                names.setdefault(name, dn.attr_text)
    finally:
        wb.close()
    return CellGraph(formulas, {k: v for k, v in names.items() if not k.startswith("_xlnm")})


__all__ = ["CellGraph", "workbook_graph"]
