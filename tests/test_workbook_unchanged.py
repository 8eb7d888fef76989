"""The workbooks mpxl writes are the same, cell for cell, as those whose fingerprints are stored
(tests/data/workbook_fingerprints.json, see tests/workbook_fingerprint.py): every part of the package but its
dates, byte for byte (each sheet's cells, formulas, number formats, validations and conditional formats, the
defined names, the notes). A formula changed on purpose: write the fingerprints again with
``.venv/bin/python tests/workbook_fingerprint.py``."""

from __future__ import annotations

import sys
import zipfile
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))
from shared import REALDATA  # noqa: E402
from workbook_fingerprint import CASES, REAL, differences, fingerprint, stored, write  # noqa: E402

REGENERATE = ".venv/bin/python tests/workbook_fingerprint.py"


@pytest.mark.parametrize("name", list(CASES))
def test_workbook_written_is_unchanged(tmp_path, name):
    if name in REAL and not REALDATA.exists():
        pytest.skip(f"no real files in {REALDATA}")
    want = stored()[name]
    got = fingerprint(write(name, tmp_path))
    changed = differences(want, got)
    assert not changed, (f"{name} is not the workbook it was: " + "; ".join(changed)
                         + f". If the change is meant, write the fingerprints again: {REGENERATE}")


def _with_cell(path: Path, out: Path, old: bytes, new: bytes) -> None:
    """``path`` copied to ``out`` with the Travellers sheet's first ``old`` written ``new``."""
    with zipfile.ZipFile(path) as z, zipfile.ZipFile(out, "w") as w:
        for item in z.infolist():
            data = z.read(item.filename)
            if item.filename == "xl/worksheets/sheet2.xml":
                assert old in data
                data = data.replace(old, new, 1)
            w.writestr(item, data)


def test_fingerprint_names_the_column_that_changed(tmp_path):
    """One formula changed in one cell (the NS MP of row 5, column N) is found, by its part and column; the
    workbook written again is found the same."""
    name = "single-mckinnon-arrowswitch.xlsx"
    path = write(name, tmp_path)
    want = fingerprint(path)
    again = tmp_path / "again"
    again.mkdir()
    assert differences(want, fingerprint(write(name, again))) == []
    changed = tmp_path / "changed.xlsx"
    from mpxl.workbook.layout import TRAVELLER_COLUMNS

    mp = TRAVELLER_COLUMNS["ns_mp"]
    _with_cell(path, changed, f'<c r="{mp}5"'.encode(), f'<c r="{mp}5" t="str"'.encode())
    assert differences(want, fingerprint(changed)) == [f"xl/worksheets/sheet2.xml changed (cells of columns {mp})"]
