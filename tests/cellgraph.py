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
_CELL = re.compile(r"^(?P<cd>\$)?(?P<col>[A-Z]{1,3})?(?P<rd>\$)?(?P<row>\d+)?$")
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


def _corner(text: str) -> tuple[int | None, int | None, bool, bool]:
    """A corner's row and column (None: a whole column or row) and whether each moves with its cell (no ``$``)."""
    m = _CELL.match(text)
    if not m or not (m["col"] or m["row"]):
        raise ValueError(text)
    row_fixed = m["rd"] or (m["cd"] and not m["col"])  # "$5" fixes a whole row's number
    row_moves, col_moves = bool(m["row"]) and not row_fixed, bool(m["col"]) and not m["cd"]
    return (int(m["row"]) if m["row"] else None, column_index_from_string(m["col"]) if m["col"] else None,
            row_moves, col_moves)


#: An area as read from a formula, with which of its bounds move when the formula is moved to another cell (a
#: shared formula's other cells): (area, (r1 moves, c1 moves, r2 moves, c2 moves)).
Read = tuple[Area, tuple[bool, bool, bool, bool]]


def _moved(read: Read, rows: int, columns: int) -> Area:
    (sheet, r1, c1, r2, c2), (mr1, mc1, mr2, mc2) = read
    return (sheet, r1 + rows * mr1, c1 + columns * mc1, r2 + rows * mr2, c2 + columns * mc2)


class CellGraph:
    """The formula cells ``formulas`` ((sheet, row, column) -> formula text without ``=``), the workbook's
    defined ``names`` (name -> its reference text), ``home`` the sheet a reference without one is on (per cell:
    its own sheet)."""

    def __init__(self, formulas: dict[Cell, str], names: dict[str, str], home: str = "",
                 shared: dict[Cell, Cell] | None = None) -> None:
        self.formulas = formulas
        #: the other cells of shared formulas: each reads what its first cell's formula reads, moved by the
        #: rows and columns between them (as Excel and openpyxl move a shared formula)
        self.shared = shared or {}
        self.cells = set(formulas) | set(self.shared)
        self.names = {k.upper(): v for k, v in names.items()}
        self.home = home
        self._reads: dict[Cell, list[Read]] = {}
        # each sheet's formula cells by column, sorted by row: what a range node reads
        self._by_col: dict[tuple[str, int], list[int]] = {}
        for sheet, row, column in sorted(self.cells):
            self._by_col.setdefault((sheet.upper(), column), []).append(row)
        self._sheets = {sheet.upper(): sheet for sheet, _, _ in self.cells}

    # -------------------------------------------------------------- references

    def _area(self, text: str, sheet: str, moves: bool = True) -> Read | None:
        m = _REF.match(text)
        if not m:
            return None
        if m["sheet"]:
            sheet = m["sheet"].strip("'").replace("''", "'")
        try:
            r1, c1, mr1, mc1 = _corner(m["a"])
            r2, c2, mr2, mc2 = _corner(m["b"]) if m["b"] else (r1, c1, mr1, mc1)
        except ValueError:
            return None
        if m["b"] is None and (r1 is None or c1 is None):
            return None  # a bare word: a defined name or a function's name, not a cell
        return ((sheet.upper(), r1 or 1, c1 or 1, r2 or _BIG, c2 or 16384),
                (mr1 and moves, mc1 and moves, mr2 and moves, mc2 and moves))

    def _formula_reads(self, cell: Cell) -> list[Read]:
        """What the formula written in ``cell`` reads (a defined name's ranges do not move with it)."""
        if cell not in self._reads:
            out = []
            for text in operands(self.formulas[cell]):
                name = self.names.get(text.upper())
                parts = [(part.strip(), False) for part in name.split(",")] if name is not None else [(text, True)]
                for part, moves in parts:
                    read = self._area(part, cell[0], moves)
                    if read:
                        out.append(read)
            self._reads[cell] = out
        return self._reads[cell]

    def reads(self, cell: Cell) -> Iterator[Area]:
        """The areas the formula of ``cell`` reads (a single cell is a 1x1 area); a shared formula's other cell
        reads its first cell's areas moved by the rows and columns between them.

        >>> g = CellGraph({("S", 5, 2): "A5+$A$1+SUM(A$1:A5)"}, {}, shared={("S", 7, 3): ("S", 5, 2)})
        >>> list(g.reads(("S", 7, 3)))
        [('S', 7, 2, 7, 2), ('S', 1, 1, 1, 1), ('S', 1, 2, 7, 2)]
        """
        first = self.shared.get(cell)
        if first is None:
            for read in self._formula_reads(cell):
                yield read[0]
            return
        rows, columns = cell[1] - first[1], cell[2] - first[2]
        for read in self._formula_reads(first):
            yield _moved(read, rows, columns)

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
                if title is not None and (title, r1, c1) in self.cells:
                    out.append((title, r1, c1))
            else:
                out.append(area)
        return out

    def cycle(self) -> list[str] | None:
        """The first circular reference found, as the cells (and ranges) it goes through back to its start, or
        None when there is none (an iterative depth-first search: white, grey on the path, black done)."""
        state: dict[Cell | Area, int] = {}
        for start in sorted(self.cells):
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
    """The graph of the workbook at ``path``, read from its XML: every formula of every sheet (a shared formula's
    other cells as :class:`CellGraph` moves them, as Excel and openpyxl do) and the defined names (a sheet's
    own names after the workbook's; print areas and titles are not formulas' names)."""
    import xml.etree.ElementTree as ET
    import zipfile

    from shared import sheet_part

    main = "{http://schemas.openxmlformats.org/spreadsheetml/2006/main}"
    formulas: dict[Cell, str] = {}
    shared: dict[Cell, Cell] = {}
    with zipfile.ZipFile(path) as z:
        book = ET.fromstring(z.read("xl/workbook.xml"))
        titles = [s.get("name", "") for s in book.iter(main + "sheet")]
        names: dict[str, str] = {}
        for local in (False, True):
            for dn in book.iter(main + "definedName"):
                name = dn.get("name", "")
                if (dn.get("localSheetId") is not None) == local and not name.startswith("_xlnm"):
                    names.setdefault(name, dn.text or "")
        for title in titles:
            firsts: dict[str, Cell] = {}
            with z.open(sheet_part(z, title)) as part:
                for _, el in ET.iterparse(part):
                    if el.tag == main + "row":
                        el.clear()
                        continue
                    if el.tag != main + "c":
                        continue
                    f = el.find(main + "f")
                    if f is None:
                        continue
                    m = _CELL.match(el.get("r", ""))
                    assert m and m["col"] and m["row"], f"{title}: a formula cell without its reference"
                    cell = (title, int(m["row"]), column_index_from_string(m["col"]))
                    si = f.get("si", "")
                    if f.get("t") == "shared" and not (f.text or "").strip():
                        shared[cell] = firsts[si]
                    elif f.text:
                        formulas[cell] = f.text
                        if f.get("t") == "shared":
                            # one master a shared formula: a second one's text is a formula of its own to some
                            # programs (its references the first row's), the first's moved to others
                            assert si not in firsts, (f"{path.name}: {title}!{el.get('r')} is a second master of "
                                                      f"shared formula {si} (the first: {firsts.get(si)})")
                            firsts[si] = cell
    return CellGraph(formulas, names, shared=shared)


__all__ = ["CellGraph", "workbook_graph"]
