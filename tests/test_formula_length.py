"""Every cell a director can follow: no formula over 500 characters in any workbook mpxl writes.

Each workbook is written and read back (openpyxl gives every cell of a shared column its own
formula), and every formula of every sheet, and every defined name, is measured: the template
(its default size, a signed Howell and a Mitchell with sections, across the field), the teaching
workbook, the ``mpxl demo`` workbook, the scored workbook of every real file and of a generated
event with two sections and two sessions. A formula changes with the size only through its row
numbers (the ranges it looks across are defined names), so the formulas at Excel's last row bound
the largest template (60 tables, 120 boards, 26 sections) without building it.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from openpyxl import load_workbook
from shared import real_files

from mpxl.cli import main
from mpxl.core.event import Event, Line
from mpxl.core.session import score_event
from mpxl.formats import read_event
from mpxl.workbook.event_writer import unsupported, write_event_workbook
from mpxl.workbook.formulas import block_formulas, pairs_formulas, totals_formulas, traveller_formulas
from mpxl.workbook.helptext import block_markdown, columns_markdown, pairs_markdown
from mpxl.workbook.layout import BLOCK, HEADER_ROW, HELPERS, MAX_DATA_ROWS, PAIRS
from mpxl.workbook.ooxml import save
from mpxl.workbook.template import FIRST_ROW, build_template

LIMIT = 500
LAST_ROW = FIRST_ROW + MAX_DATA_ROWS - 1  # Excel's last row, 1,048,576
ROOT = Path(__file__).resolve().parents[1]
REAL_FILES = real_files(".xml", ".pbn", ".csv")


def too_long(path: Path) -> list[str]:
    """Every formula of the workbook at ``path`` over LIMIT characters (cells, defined names, conditional
    formats, validations): sheet, cell, column header, length."""
    wb = load_workbook(path)
    out = [f"defined name {name}: {len(dn.attr_text)} characters"
           for name, dn in wb.defined_names.items() if len(dn.attr_text or "") > LIMIT]
    for ws in wb.worksheets:
        rules = [(str(cf.sqref), f) for cf in ws.conditional_formatting for r in cf.rules for f in r.formula or ()]
        rules += [(str(dv.sqref), f) for dv in ws.data_validations.dataValidation for f in (dv.formula1, dv.formula2)
                  if f]
        out += [f"{ws.title}!{where} (a rule): {len(f)} characters" for where, f in rules if len(f) > LIMIT]
        for row in ws.iter_rows():
            for cell in row:
                v = cell.value
                if isinstance(v, str) and v.startswith("=") and len(v) > LIMIT:
                    header = ws.cell(row=HEADER_ROW, column=cell.column).value
                    out.append(f"{ws.title}!{cell.coordinate} ({header}): {len(v)} characters")
    return out


def _template(path: Path, **kw) -> None:
    save(build_template(**kw), str(path))


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


def _first_row_formulas(wb) -> dict:
    return {(ws.title, c.column): c.value for ws in wb.worksheets for c in ws[FIRST_ROW]
            if isinstance(c.value, str) and c.value.startswith("=")}


def test_formulas_grow_only_with_row_numbers():
    """A small and a larger template have the same formulas in their first data row (so the last-row
    bound above holds for any size): no absolute range written with the sheet's size."""
    small = build_template(tables=2, boards=2)
    large = build_template(tables=12, boards=20, sections=2, movement="howell")
    assert _first_row_formulas(small) == _first_row_formulas(large)


def test_docs_template_names_every_helper_column():
    """docs/template.md has the helper tables verbatim (header, words, what each reads): every helper
    column of Travellers, of the per-board block and of Pairs is named there."""
    docs = (ROOT / "docs" / "template.md").read_text(encoding="utf-8")
    for table in (columns_markdown(), block_markdown(), pairs_markdown()):
        assert table in docs
    headers = {m.group(1) for m in re.finditer(r"^\| ([^|]+?) \|", docs, re.M)}
    helpers = [t for _, t in HELPERS] + [t for _, t, _, kind in BLOCK + PAIRS if kind == "helper"]
    assert [t for t in helpers if t not in headers] == []
