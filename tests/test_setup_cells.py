"""The Setup's cells are the fields of one record (mpxl/workbook/places.py: Setup): the formulas read a cell's
defined name by its field (``S.expected``), the sheet its row, so a mistyped name is an AttributeError (and a
mypy error), never a KeyError when the workbook is written. The rows are those of the layout before the record
(commit c86d400: places._SETUP_ORDER)."""

from __future__ import annotations

import dataclasses

import pytest

from mpxl.core.options import Setting
from mpxl.workbook import places
from mpxl.workbook.places import SETUP_CELLS, SETUP_NAME, SETUP_NUMBERS, SETUP_ROW, SETUP_ROWS, Setup


@pytest.mark.parametrize("key, name, row", [
    ("event", "EventName", 3), ("scale", "Scale", 5), ("expected", "Expected", 7), ("n_used", "N", 8),
    ("field", "FieldScoring", 17), ("club", "ClubName", 30), ("mixed_line", "MixedLine", 31),
    ("rounding_order", "RoundingOrder", 32), ("method_index", "MethodNo", 33), ("line_pct_unit", "LinePctUnit", 45),
    # added below the numbers, every earlier cell in its row (issue 50)
    ("totals_method", "TotalsMethod", 46), ("totals_method_index", "TotalsMethodNo", 47),
])
def test_a_setup_cell_by_its_field(key, name, row):
    """Each field gives the cell's defined name and row, where the sheet puts it (its defined name's cell)."""
    assert (getattr(SETUP_NAME, key), getattr(SETUP_ROW, key)) == (name, row)
    assert SETUP_CELLS[key] == f"Setup!$B${row}"


def test_every_setup_row_is_a_field_in_order():
    assert [f.name for f in dataclasses.fields(Setup)] == [key for key, _, _ in SETUP_ROWS]
    assert len(SETUP_ROWS) == 45
    assert min(getattr(SETUP_ROW, k) for k in SETUP_NUMBERS) == SETUP_ROW.method_index
    assert len(SETUP_NUMBERS) == 14 and "n_used" not in SETUP_NUMBERS


@pytest.mark.parametrize("typo", ["expectd", "Expected", "n-used"])
def test_a_mistyped_setup_cell_is_no_field(typo):
    with pytest.raises(AttributeError, match=typo):
        getattr(SETUP_NAME, typo)


def test_a_setting_with_a_setup_cell_and_no_field_is_refused(monkeypatch):
    """A setting declared with a Setup cell (mpxl.core.options) gets a row only through a field of Setup."""
    extra = dataclasses.replace(places.SETUP_SETTINGS["Places"], name="new", sheet="new", cell="NewCell")
    assert isinstance(extra, Setting)
    monkeypatch.setitem(places.SETUP_SETTINGS, "NewCell", extra)
    with pytest.raises(ValueError, match=r"no field of places.Setup: \['NewCell'\]"):
        places._setup_rows()
