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


@pytest.mark.parametrize("rounding, decimals, warned", [
    ("half-up", 2, ""),  # as the workbook was written: its cells show every decimal kept
    ("half-up", 1, ""),  # fewer: shown with a 0 after them, nothing cut
    ("half-up", 3, "the Setup's rounding keeps 3 decimals, but the figures' cells show 2"),
    ("exact", 2, "the Setup's rounding keeps every decimal (exact rounding), but the figures' cells show 2"),
])
def test_a_setup_rounding_beyond_the_cells_formats_is_warned_of(tmp_path, rounding, decimals, warned):
    """Decimals typed up on the Setup (or exact rounding) after the workbook was written for 2: the sheet shows
    its figures cut to their cells' format, as its print and check do; the reader says so."""
    from openpyxl import load_workbook

    from mpxl.cli import main
    from mpxl.workbook.reader import read_workbook

    csv = tmp_path / "night.csv"
    csv.write_text("board,ns_pair,ew_pair,ns_score\n1,1,2,420\n1,3,4,400\n1,5,6,-50\n")
    book = tmp_path / "night.xlsx"
    assert main(["score", str(csv), "--rounding", "half-up:2", "-o", str(book)]) == 0
    wb = load_workbook(book)
    wb["Setup"][f"B{SETUP_ROW.rounding}"] = rounding
    wb["Setup"][f"B{SETUP_ROW.decimals}"] = decimals
    wb.save(book)
    said = [w for w in read_workbook(book).warnings if "figures' cells show" in w]
    assert (said[0].split(" (the workbook")[0].split("warning: ")[1] if said else "") == warned
