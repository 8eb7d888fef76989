"""The public API (mpxl/__init__.py): what a script imports, loaded on first use."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

import mpxl
from mpxl.formats import WRITERS

DATA = Path(__file__).parent / "data"


def test_import_mpxl_loads_no_other_module():
    code = "import sys, mpxl; print(sorted(m for m in sys.modules if m.startswith('mpxl')))"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "['mpxl']"


def test_an_unknown_name_is_an_attribute_error():
    with pytest.raises(AttributeError, match="no attribute 'score'"):
        mpxl.score  # noqa: B018


#: The slides' board 4 (DESIGN.md): nine results, one of them an average, the figures on the double scale.
def test_score_board_is_the_core_s():
    result = mpxl.score_board([-130, -660, -120, 200, -600, "AVE", 100, 140, -150])
    assert [float(x) for x in result.ns_mp] == [6.875, 0.125, 9.125, 15.875, 2.375, 8.0, 11.375, 13.625, 4.625]


@pytest.mark.parametrize("fmt", sorted(WRITERS))
def test_read_score_and_write_every_format(tmp_path, fmt):
    """rulings.csv: 3 boards; each writer named by the table writes its file, and what mpxl reads comes back
    with its 3 boards (the page is read by people, not by mpxl)."""
    result = mpxl.score_event(mpxl.read_event(DATA / "rulings.csv"), mpxl.ScoringOptions())
    assert isinstance(result, mpxl.SessionResult) and len(list(result.event.boards())) == 3
    out = tmp_path / f"out{WRITERS[fmt].extensions[0]}"
    mpxl.write_event(result, out)
    if fmt == "html":
        assert out.read_text(encoding="utf-8").lstrip().lower().startswith("<!doctype html")
    else:
        assert len(list(mpxl.read_event(out).boards())) == 3
