"""The committed templates and the teaching workbook, as `mpxl template` writes them, recalculated by
LibreOffice headless: the empty templates (double and signed scale) recalculate cleanly, and the teaching
workbook as .xlsx and macro-enabled .xlsm gives the slides' board 4, cell for cell alike."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from openpyxl import load_workbook

from mpxl.workbook.examples import write_teaching_workbook
from mpxl.workbook.template import FIRST_ROW, PAIRS_COLUMNS, TRAVELLER_COLUMNS, write_template

sys.path.insert(0, str(Path(__file__).parent))

C = TRAVELLER_COLUMNS
T = PAIRS_COLUMNS


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    """The workbooks, written as `mpxl template` writes them: name -> (path, None)."""
    d = tmp_path_factory.mktemp("recalc-templates")
    out = {}
    p = d / "club-pairs.xlsx"
    write_template(p)
    out["club-pairs"] = (p, None)
    p = d / "club-pairs-signed.xlsx"
    write_template(p, scale="signed")
    out["club-pairs-signed"] = (p, None)
    # the teaching workbook twice: as .xlsx, and macro-enabled with xlwings' VBA project (classic xlwings)
    for suffix in (".xlsx", ".xlsm"):
        p = d / f"teaching{suffix}"
        write_teaching_workbook(p, macro_enabled=suffix == ".xlsm")
        out[f"teaching{suffix}"] = (p, None)
    return out



@pytest.mark.parametrize("name", ["club-pairs", "club-pairs-signed"])
def test_empty_club_template_recalculates_cleanly(lo, built, name):
    v = lo[name]
    assert v["Setup", "B8"] == 1  # N used: no results yet
    assert v["Travellers", f"{C['b_status']}{FIRST_ROW}"] == "no results"
    assert v["Travellers", f"{C['ns_mp']}{FIRST_ROW}"] in (None, "")
    assert v["Pairs", f"{T['place']}{FIRST_ROW}"] in (None, "")
    assert v["Totals", f"A{FIRST_ROW}"] in (None, "")
    errors = [k for k, x in v.data.items() if isinstance(x, str) and x.startswith("#")]
    hidden = _hidden_cells(built[name][0])
    shown = [k for k in errors if k not in hidden]
    assert not shown[:5], f"{len(shown)} error values shown"
    # the Methods chart's data columns hold #N/A (a chart's gaps), hidden: nothing else does
    assert {k[0] for k in errors} <= {"METHODS"}


def _hidden_cells(path: Path):
    """A test for (SHEET, cell) being in a hidden column or row of the workbook at ``path``."""
    from openpyxl.utils import column_index_from_string
    from openpyxl.utils.cell import coordinate_from_string

    wb = load_workbook(path, data_only=True)  # the columns' and rows' settings; no formula read
    cols, rows = {}, {}
    for ws in wb.worksheets:
        cols[ws.title.upper()] = {i for d in ws.column_dimensions.values() if d.hidden for i in range(d.min, d.max + 1)}
        rows[ws.title.upper()] = {r for r, d in ws.row_dimensions.items() if d.hidden}

    class Hidden:
        def __contains__(self, key) -> bool:
            sheet, ref = key
            letters, row = coordinate_from_string(ref)
            return column_index_from_string(letters) in cols.get(sheet, ()) or row in rows.get(sheet, ())

    return Hidden()


def test_macro_enabled_workbook_recalculates_in_libreoffice(lo):
    """The .xlsm (xlwings' VBA project inside) recalculates as the .xlsx does, cell for cell, and gives
    the slides' board 4 (Travellers rows 5-13)."""
    xlsm, xlsx = lo["teaching.xlsm"], lo["teaching.xlsx"]
    assert [xlsm["Travellers", f"{C['ns_mp']}{r}"] for r in range(FIRST_ROW, FIRST_ROW + 9)] == [6, 0, 8, 16, 2, 11,
                                                                                                 11, 14, 4]
    assert xlsm.data == xlsx.data
