"""Every cell a director can follow: no formula over 500 characters in any workbook mpxl writes.

Each workbook is written as the command writes it and read back from its XML (a shared column's
formula moved to its cells by openpyxl's Translator, as openpyxl's reader does), and every formula of
every sheet, and every defined name, is measured: the template (its default size, a signed Howell and
a Mitchell with sections, across the field), the teaching workbook, the ``mpxl demo`` workbook, the
scored workbook of every real file and of a generated event with two sections and two sessions. A
formula changes with the size only through its row numbers (the ranges it looks across are defined
names), so the formulas at Excel's last row bound the largest template (60 tables, 120 boards, 26
sections) without building it.
"""

from __future__ import annotations

import re
import zipfile
from collections.abc import Iterator
from pathlib import Path

import pytest
from defusedxml import ElementTree
from openpyxl import load_workbook
from openpyxl.formula.translate import Translator
from shared import real_files

from mpxl.cli import main
from mpxl.core.event import Event, Line
from mpxl.core.session import score_event
from mpxl.formats import read_event
from mpxl.workbook.event_writer import unsupported, write_event_workbook
from mpxl.workbook.formulas import block_formulas, pairs_formulas, totals_formulas, traveller_formulas
from mpxl.workbook.helptext import block_markdown, columns_markdown, pairs_markdown
from mpxl.workbook.layout import BLOCK_COLUMNS, HEADER_ROW, HELPER_COLUMNS, MAX_DATA_ROWS, PAIRS_SHEET
from mpxl.workbook.template import FIRST_ROW, write_template

LIMIT = 500
LAST_ROW = FIRST_ROW + MAX_DATA_ROWS - 1  # Excel's last row, 1,048,576
ROOT = Path(__file__).resolve().parents[1]
REAL_FILES = real_files(".xml", ".pbn", ".csv")
MAIN = "http://schemas.openxmlformats.org/spreadsheetml/2006/main"
REL = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"


def workbook_formulas(path: Path, every: bool = True) -> Iterator[tuple[str, str, str]]:
    """Every formula of the workbook at ``path`` as (sheet or "defined name", where, formula with its ``=``),
    read from the package's XML as it streams: defined names, conditional formats, validations and cells.

    A shared formula's dependent cell gets the master's formula moved to its cell by openpyxl's own
    ``Translator``, as openpyxl's reader does (so each cell reads as ``load_workbook`` gives it:
    ``test_formulas_read_as_openpyxl_reads_them``). With ``every=False`` only each shared formula's last
    dependent is moved (the longest: moving down only grows its relative row numbers).
    """
    for sheet, where, formula, _ in _formulas(path, "every" if every else "last"):
        assert formula is not None
        yield sheet, where, formula


def formula_lengths(path: Path) -> Iterator[tuple[str, str, int]]:
    """Each formula's length, as :func:`workbook_formulas` with ``every=False`` gives the formulas; a shared
    formula's last dependent by :func:`longest_moved`, where that bound is within the limit (else moved exactly):
    what a length check needs, without tokenizing every shared formula."""
    for sheet, where, _, length in _formulas(path, "bound"):
        yield sheet, where, length


def _formulas(path: Path, mode: str) -> Iterator[tuple[str, str, str | None, int]]:
    with zipfile.ZipFile(path) as z:
        book = ElementTree.fromstring(z.read("xl/workbook.xml"))
        for dn in book.iter(f"{{{MAIN}}}definedName"):
            text = "=" + (dn.text or "")
            yield "defined name", dn.get("name", ""), text, len(text)
        rels = ElementTree.fromstring(z.read("xl/_rels/workbook.xml.rels"))
        target = {r.get("Id"): r.get("Target", "") for r in rels}
        for sheet in book.iter(f"{{{MAIN}}}sheet"):
            part = target[sheet.get(f"{{{REL}}}id")]
            part = part.lstrip("/") if part.startswith("/") else "xl/" + part
            yield from _sheet_formulas(z, part, sheet.get("name", ""), mode)


#: A row number in a formula (digits after a column's letters or a $, or either end of a range of rows, 5:9): what
#: moving a formula down a column can change (a sheet's or a name's digits too: the bound only grows).
_ROW_NUMBER = re.compile(r"(?<=[A-Za-z$:])[0-9]+|[0-9]+(?=:\$?[0-9])")
_CELL_REF = re.compile(r"([A-Z]+)([0-9]+)")


def longest_moved(master: str, origin: str, cell: str) -> int:
    """At least the length of ``master`` (at ``origin``) moved down its column to ``cell``: moving a formula down
    changes only the row numbers of its references, each by the rows moved (a bound, worked out without
    tokenizing the formula); -1 when ``cell`` is in another column, where only the Translator can say.

    >>> f = "=A5+B$5+SUM(C5:C9)+SUM(7:8)"
    >>> longest_moved(f, "X5", "X905"), len(Translator(f, "X5").translate_formula("X905")), longest_moved(f, "X5", "Y6")
    (39, 37, -1)
    """
    (col, row), (to_col, to_row) = (_CELL_REF.fullmatch(c).groups() for c in (origin, cell))
    if col != to_col:
        return -1
    moved = int(to_row) - int(row)
    return len(master) + sum(len(str(int(d) + moved)) - len(d) for d in _ROW_NUMBER.findall(master))


def _sheet_formulas(z: zipfile.ZipFile, part: str, title: str, mode: str) -> Iterator[tuple[str, str, str | None, int]]:
    shared: dict[str, tuple[str, str]] = {}  # a shared formula's index -> its formula and the cell it is at
    translators: dict[str, Translator] = {}
    last: dict[str, str] = {}  # a shared formula's index -> its last dependent cell (mode last, bound)

    def moved(si: str, cell: str) -> str:
        if si not in translators:
            translators[si] = Translator(*shared[si])
        return translators[si].translate_formula(cell)

    with z.open(part) as xml:
        for _, el in ElementTree.iterparse(xml):
            tag = el.tag.rpartition("}")[2]
            if tag == "c":
                f = el.find(f"{{{MAIN}}}f")
                if f is not None:
                    cell, text, si = el.get("r", ""), f.text, f.get("si", "")
                    if f.get("t") == "shared" and not text:
                        if mode == "every":
                            formula = moved(si, cell)
                            yield title, cell, formula, len(formula)
                        else:
                            last[si] = cell
                    elif text:
                        if f.get("t") == "shared":
                            shared[si] = ("=" + text, cell)
                        yield title, cell, "=" + text, len(text) + 1
                el.clear()  # the cells read, let go: a Travellers sheet holds tens of thousands
            elif tag in ("formula", "formula1", "formula2") and el.text:
                yield title, "a rule", el.text, len(el.text)
    for si, cell in last.items():
        bound = longest_moved(*shared[si], cell) if mode == "bound" else -1
        if 0 <= bound <= LIMIT:
            yield title, cell, None, bound
        else:
            formula = moved(si, cell)
            yield title, cell, formula, len(formula)


def too_long(path: Path) -> list[str]:
    """Every formula of the workbook at ``path`` over LIMIT characters (cells, defined names, conditional
    formats, validations): sheet, cell, column header, length. The formulas are read from the XML
    (:func:`formula_lengths`, a shared formula at its first and its last cell, the longest); a cell's column header
    is read with openpyxl only when one is over."""
    over = [(sheet, where, n) for sheet, where, n in formula_lengths(path) if n > LIMIT]
    if not over:
        return []
    wb = load_workbook(path)
    return [f"{sheet} {where}: {n} characters" if sheet == "defined name" or where == "a rule" else
            f"{sheet}!{where} ({wb[sheet].cell(row=HEADER_ROW, column=wb[sheet][where].column).value}): "
            f"{n} characters" for sheet, where, n in over]


def _template(path: Path, **kw) -> None:
    """The empty template as ``mpxl template`` writes it (its columns' formulas shared down, as Excel stores
    them: :func:`workbook_formulas` gives each cell its own)."""
    write_template(path, **kw)


def _generated_event(path: Path) -> None:
    """Two sections, two sessions: results, typed scores, codes, an arrowswitch, a fouled board, a not played."""
    lines = []
    for session in (1, 2):
        for section in ("A", "B"):
            for board in (1, 2, 3):
                for t in range(1, 5):
                    kw: dict = {"score": 10 * (t + board) * (-1 if t % 2 else 1)}
                    if board == 2 and t == 1:
                        kw = {"score": "A+"}
                    elif board == 3 and t == 2:
                        kw = {"score": None}
                    lines.append(Line(board, str(t), str(t + 10), section, session=session,
                                      arrowswitch=board == 1 and t == 3, group="X" if board == 3 and t == 4 else "", **kw))
    result = score_event(Event(lines=lines, winners={"A": 2, "B": 2}))
    write_event_workbook(result, path)


WORKBOOKS = {
    "template 15 tables, 36 boards": lambda p: _template(p, tables=15, boards=36),
    "template signed Howell, 3 sections": lambda p: _template(p, tables=3, boards=4, movement="howell", scale="signed",
                                                               sections=3),
    "template Mitchell, 2 sections across the field": lambda p: _template(p, tables=4, boards=3, sections=2,
                                                                          field="event"),
    "teaching workbook": lambda p: main(["template", "--teaching", "-o", str(p)]),
    "demo workbook": lambda p: main(["demo", "-o", str(p)]),
    "generated event, 2 sections, 2 sessions": _generated_event,
}


def _scored_workbook(path: Path, source: Path) -> None:
    """The workbook of a real file scored; skipped when the workbook's formulas cannot hold the event
    (a penalty row: the workbook writer refuses it, so there is no formula to measure)."""
    result = score_event(read_event(source))
    reason = unsupported(result)
    if reason:
        pytest.skip(f"{source.name}: {reason}")
    write_event_workbook(result, path)


WORKBOOKS.update({f"scored {f.name}": lambda p, f=f: _scored_workbook(p, f) for f in REAL_FILES})


@pytest.mark.parametrize("name", list(WORKBOOKS))
def test_no_formula_over_the_limit(name, tmp_path, capsys):
    path = tmp_path / "out.xlsx"
    WORKBOOKS[name](path)
    capsys.readouterr()
    assert too_long(path) == []


@pytest.mark.parametrize("family, formulas", [
    ("Travellers", traveller_formulas), ("per-board block", block_formulas), ("Pairs", pairs_formulas),
    ("Totals", totals_formulas),
])
def test_no_formula_over_the_limit_at_the_last_row(family, formulas):
    """The longest a row's formulas get: with Excel's last row number in every reference."""
    long = {key: len(f) for key, f in formulas(LAST_ROW).items() if len(f) > LIMIT}
    assert long == {}, f"{family} at row {LAST_ROW}: {long}"


def _first_row_formulas(path: Path) -> dict:
    cells = ((sheet, re.fullmatch(r"([A-Z]+)(\d+)", where), f)
             for sheet, where, f in workbook_formulas(path, every=False) if sheet != "defined name")
    return {(sheet, m[1]): f for sheet, m, f in cells if m and int(m[2]) == FIRST_ROW}


def test_formulas_grow_only_with_row_numbers(tmp_path):
    """A small and a larger template have the same formulas in their first data row (so the last-row
    bound above holds for any size): no absolute range written with the sheet's size."""
    small, large = tmp_path / "small.xlsx", tmp_path / "large.xlsx"
    write_template(small, tables=2, boards=2)
    write_template(large, tables=12, boards=20, sections=2, movement="howell")
    assert _first_row_formulas(small) == _first_row_formulas(large) != {}


def test_formulas_read_as_openpyxl_reads_them(tmp_path):
    """:func:`workbook_formulas` gives every cell the formula openpyxl's whole load gives it, shared formulas
    included (a small template: its traveller, per-board and pair columns each shared down)."""
    path = tmp_path / "small.xlsx"
    write_template(path, tables=3, boards=2, sections=2)
    wb = load_workbook(path)
    cells = {(ws.title, c.coordinate): c.value for ws in wb.worksheets for row in ws.iter_rows() for c in row
             if isinstance(c.value, str) and c.value.startswith("=")}
    assert {(s, w): f for s, w, f in workbook_formulas(path) if s != "defined name" and w != "a rule"} == cells
    names = {w: f for s, w, f in workbook_formulas(path) if s == "defined name"}
    assert {name: "=" + dn.attr_text for name, dn in wb.defined_names.items()}.items() <= names.items()
    with zipfile.ZipFile(path) as z:
        assert any('t="shared"' in z.read(n).decode() for n in z.namelist() if n.startswith("xl/worksheets/"))


def test_docs_template_names_every_helper_column():
    """docs/template.md has the helper tables verbatim (header, words, what each reads): every helper
    column of Travellers, of the per-board block and of Pairs is named there."""
    docs = (ROOT / "docs" / "template.md").read_text(encoding="utf-8")
    for table in (columns_markdown(), block_markdown(), pairs_markdown()):
        assert table in docs
    headers = {m.group(1) for m in re.finditer(r"^\| ([^|]+?) \|", docs, re.M)}
    helpers = [c.header for c in HELPER_COLUMNS] + [c.header for c in BLOCK_COLUMNS + PAIRS_SHEET if c.kind == "helper"]
    assert [t for t in helpers if t not in headers] == []


#: Excel's own limits on a formula that LibreOffice does not share (a formula beyond them is refused by Excel when
#: it opens the file, "We found a problem with some content", while LibreOffice recalculates it): functions nested
#: at most 64 deep, at most 255 arguments to a function (Excel 2007 and later: "Excel specifications and limits").
EXCEL_NESTING, EXCEL_ARGUMENTS = 64, 255


def nesting(formula: str) -> tuple[int, int]:
    """(how deep the formula's functions nest, the most arguments one of them takes); text in quotes and array
    constants' commas aside, plain brackets not counted as a level.

    >>> nesting('=IF(A1="a,b",SUM(B1:B3,(C1+1)),{1,2,3})'), nesting("=1+(2*3)")
    ((2, 3), (0, 0))
    """
    text = re.sub(r'"[^"]*"', '""', formula)
    calls: list[list[int]] = []  # each open bracket: [is a function, its arguments so far]
    deepest = widest = braces = 0
    for m in re.finditer(r"[A-Za-z_][A-Za-z0-9_.]*\(|[(),{}]", text):
        token = m.group(0)
        if token == "{":
            braces += 1
        elif token == "}":
            braces -= 1
        elif token == ",":
            if calls and not braces:
                calls[-1][1] += 1
        elif token == ")":
            function, commas = calls.pop()
            if function:
                widest = max(widest, commas + 1)
        else:
            calls.append([int(token != "("), 0])
            deepest = max(deepest, sum(f for f, _ in calls))
    return deepest, widest


@pytest.mark.parametrize("family, formulas", [
    ("Travellers", traveller_formulas), ("per-board block", block_formulas), ("Pairs", pairs_formulas),
    ("Totals", totals_formulas),
])
def test_every_formula_is_within_excels_nesting_and_argument_limits(family, formulas):
    """LibreOffice recalculates what Excel would refuse to open: each column's formula within Excel's limits."""
    over = {key: nesting(f) for key, f in formulas(FIRST_ROW).items()
            if nesting(f)[0] > EXCEL_NESTING or nesting(f)[1] > EXCEL_ARGUMENTS}
    assert over == {}, f"{family}: {over}"


def test_every_formula_of_a_workbook_is_within_excels_limits(tmp_path):
    """The template's every formula (cells, names, validations, conditional formats: the Setup's and the Help's
    too), within Excel's nesting and argument limits; the deepest now for the record."""
    path = tmp_path / "t.xlsx"
    _template(path, tables=3, boards=2)
    found = [(sheet, where, *nesting(f)) for sheet, where, f in workbook_formulas(path, every=False)]
    assert [x for x in found if x[2] > EXCEL_NESTING or x[3] > EXCEL_ARGUMENTS] == []
    assert 0 < max(x[2] for x in found) <= EXCEL_NESTING
    # a drop-down's list written out ("a,b,c"): Excel takes at most 255 characters
    lists = [f for sheet, where, f in workbook_formulas(path, every=False) if where == "a rule" and f.startswith('"')]
    assert lists and [f for f in lists if len(f) - 2 > 255] == []
