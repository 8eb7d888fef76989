"""The recalculation tests read LibreOffice's values from its CSV files (tests/recalc.py): the same
values, of the same types, as openpyxl reads from LibreOffice's own .xlsx of the same workbook."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
from recalc import _read_openpyxl, libreoffice_convert, libreoffice_recalc, require_soffice  # noqa: E402

from mpxl.workbook.template import Contents, Settings, TemplateLine, build_workbook  # noqa: E402

#: Cells of every kind a recalculation gives: (cell, what is typed).
ODD_CELLS = [
    ("A1", 6), ("A2", -3.75), ("A3", 1e20), ("A4", 1 / 3), ("A5", "10"), ("A6", 'a "quoted", text'),
    ("A7", "two\nlines"), ("A8", "♠ ♥ ♦ ♣"), ("A9", " padded "), ("B1", "=A1>5"), ("B2", "=A1<5"),
    ("B3", "=NA()"), ("B4", '=""'), ("B5", "=1/0"), ("B6", '="1"&"2"'), ("B7", "=A2*2"), ("B8", "=A5+1"),
    ("B9", '=IF(A1=6,"yes","no")'), ("C200", "=ROW()"), ("AB3", "far right"),
]


def test_csv_values_equal_openpyxls_reading_of_libreoffices_xlsx(tmp_path):
    """A small scored workbook (a line the sheet refuses: its status names it, with quotes) and a sheet
    of odd cells: LibreOffice's CSV values equal what openpyxl reads from LibreOffice's .xlsx."""
    require_soffice()
    lines = [TemplateLine(1, 1, 11, typed=420), TemplateLine(1, 2, 12, contract="4Q", by="N", tricks=10),
             TemplateLine(2, 1, 12, typed="95|105"), TemplateLine(2, 2, 11, adjustment="A+")]
    wb = build_workbook(Contents(Settings(), lines, [1, 2], [(1, "NS"), (2, "NS"), (11, "EW"), (12, "EW")]))
    odd = wb.create_sheet("Odd, sheet")
    for ref, value in ODD_CELLS:
        odd[ref] = value
    path = tmp_path / "odd.xlsx"
    wb.save(path)
    (values,) = libreoffice_recalc([path])
    (xlsx,) = libreoffice_convert([path], "xlsx:Calc MS Excel 2007 XML", tmp_path / "xlsx")
    want = _read_openpyxl(xlsx).data
    assert values.data == want
    assert {type(v) for v in want.values()} >= {int, float, str, bool}
    assert values["Odd, sheet", "B3"] == "#N/A" and values["Odd, sheet", "B4"] is None
    assert values["Odd, sheet", "A7"] == "two\nlines" and values["Odd, sheet", "C200"] == 200
