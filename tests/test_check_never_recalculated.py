"""``mpxl check night.xlsx`` on a workbook mpxl wrote and no spreadsheet has saved since (formulas, no
figures): a copy recalculated by LibreOffice where it is installed, said so; else what to do, exit 2."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from mpxl.cli import main
from mpxl.workbook import libreoffice

pytest.importorskip("openpyxl")
sys.path.insert(0, str(Path(__file__).parent))
from recalc import require_soffice  # noqa: E402

CSV = "board,ns_pair,ew_pair,ns_score\n1,1,11,420\n1,2,12,400\n1,3,13,-50\n2,1,11,110\n2,2,12,140\n2,3,13,140\n"


@pytest.fixture
def written(tmp_path):
    src = tmp_path / "night.csv"
    src.write_text(CSV, encoding="utf-8")
    book = tmp_path / "night.xlsx"
    assert main(["score", str(src), "-o", str(book)]) == 0
    return book


def test_without_libreoffice_it_says_to_open_and_save_it(written, capsys, monkeypatch):
    monkeypatch.setattr(libreoffice, "find_soffice", lambda: None)
    capsys.readouterr()
    before = written.read_bytes()
    assert main(["check", str(written)]) == 2
    err = capsys.readouterr().err
    assert err.strip() == (f"mpxl: {written}: the workbook has never been recalculated (written by mpxl, not yet "
                           "opened and saved in Excel or LibreOffice): its formulas hold no figures to check; open it, "
                           "save it, and check again (or install LibreOffice: mpxl then recalculates a copy)")
    assert written.read_bytes() == before


def test_with_libreoffice_a_recalculated_copy_is_checked(written, capsys):
    require_soffice()
    capsys.readouterr()
    before = written.read_bytes()
    assert main(["check", str(written)]) == 0
    out, err = capsys.readouterr()
    assert "never recalculated (no figures saved with its formulas): checking a copy recalculated by LibreOffice" in err
    assert "the workbook is not changed" in err
    assert "checked 6 lines and 6 pairs" in out
    assert written.read_bytes() == before
