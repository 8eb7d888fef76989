"""The reader parses only the Travellers columns it reads (mpxl.workbook.reader._read_columns): the lines' inputs,
the per-board block's and the figures; the sheet's hidden formula columns, most of a workbook's cells, are left
out of the XML before openpyxl parses it. What is read is what a reading of every cell gives, event for event, on
workbooks written by mpxl, an evening under way (a laid-out workbook whose blank rows are read for their formulas,
in the same columns), saved again by openpyxl, and laid out otherwise (a plain sheet of columns). An error
traced through the columns not read: tests/test_workbook_full_recalc.py (an error of the sheet's own)."""

from __future__ import annotations

from pathlib import Path

import pytest
from openpyxl import Workbook, load_workbook
from openpyxl.utils import column_index_from_string
from shared import REAL_FILES, type_cells

from mpxl.cli import main
from mpxl.workbook import reader
from mpxl.workbook.layout import FIRST_ROW, TRAVELLER_COLUMNS
from mpxl.workbook.reader import only_columns, read_workbook

TEMPLATES = Path(__file__).resolve().parents[1] / "workbook_templates"

ROW4 = b'<row r="4"><c r="B4" t="s"><v>0</v></c></row>'


@pytest.mark.parametrize("xml, columns, expected", [
    # (the part, the columns kept, what is left: None for the part as it is)
    (ROW4 + b'<row r="5"><c r="A5"><v>1</v></c><c r="B5" s="2"/></row>', {1},
     ROW4 + b'<row r="5"><c r="A5"><v>1</v></c></row>'),
    # the heading rows are kept whole
    (ROW4 + b'<row r="5"><c r="B5"><v>1</v></c></row>', {1}, ROW4 + b'<row r="5"></row>'),
    # attributes in another order, a formula and an inline string
    (b'<row r="9"><c s="3" r="C9" t="inlineStr"><is><t>A+</t></is></c><c t="str" r="D9"><f>A9&amp;"x"</f>'
     b'<v>1x</v></c></row>', {3}, b'<row r="9"><c s="3" r="C9" t="inlineStr"><is><t>A+</t></is></c></row>'),
    # a cell placed by counting (no reference): nothing left out
    (b'<row r="5"><c><v>1</v></c><c r="B5"/></row>', {1}, None),
    # CDATA, where a cell's text could hold anything: nothing left out
    (b'<row r="5"><c r="B5" t="inlineStr"><is><t><![CDATA[</c>]]></t></is></c></row>', {1}, None),
    # a namespace prefix: no cell matches, nothing left out
    (b'<x:row r="5"><x:c r="B5"><x:v>1</x:v></x:c></x:row>', {1}, None),
    # the columns past Z
    (b'<row r="6"><c r="AA6"><v>1</v></c><c r="AB6"><v>2</v></c></row>', {27},
     b'<row r="6"><c r="AA6"><v>1</v></c></row>'),
])
def test_only_the_columns_read_are_parsed(xml, columns, expected):
    assert only_columns(xml, frozenset(columns), 4) == (xml if expected is None else expected)


def _read_both(path: Path, monkeypatch) -> tuple[object, object]:
    def event(p: Path) -> tuple[str, ...]:
        ev = read_workbook(p)
        return tuple(map(repr, (ev.lines, ev.pairs, ev.sitouts, ev.declared_options, ev.warnings, ev.deals)))

    some = event(path)
    with monkeypatch.context() as m:
        m.setattr(reader, "_read_columns", lambda names: {})
        every = event(path)
    return some, every


def _sources(tmp: Path) -> list[Path]:
    out = [TEMPLATES / "neuberg-teaching.xlsx"]
    for src in [p for p in REAL_FILES if p.stem.startswith("ruter-2016-08")]:  # the Hands, a penalty, a split
        dst = tmp / f"{src.stem}.xlsx"
        assert main(["score", str(src), "-o", str(dst)]) == 0
        out.append(dst)
    laid = tmp / "laid-out.xlsx"  # an evening under way: a laid-out Howell, its first lines typed, the rest blank
    assert main(["template", "--movement", "howell", "--tables", "4", "--boards-per-round", "2", "-o", str(laid)]) == 0
    typed = column_index_from_string(TRAVELLER_COLUMNS["typed"])
    type_cells(laid, "Travellers", {(FIRST_ROW + i, typed): 420 - 30 * i for i in range(6)})
    out.append(laid)
    resaved = tmp / "resaved.xlsx"  # saved again by another program (openpyxl): its own way of writing cells
    wb = load_workbook(out[-1])
    wb.save(resaved)
    out.append(resaved)
    plain = tmp / "plain.xlsx"  # a sheet of CSV columns called Travellers, as a values workbook has one
    wb = Workbook()
    wb.active.title = "Travellers"
    for row in (["board", "ns_pair", "ew_pair", "ns_score"], [1, 1, 2, 420], [1, 3, 4, 450], [1, 5, 6, "A60"]):
        wb.active.append(row)
    wb.save(plain)
    out.append(plain)
    return out


def test_what_is_read_is_what_every_cell_gives(tmp_path, monkeypatch):
    for path in _sources(tmp_path):
        some, every = _read_both(path, monkeypatch)
        assert some == every, path.name
        assert "lines=[]" not in some[0]

