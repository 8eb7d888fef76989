"""The sheets that never depend on the event, made once and kept (mpxl/workbook/static.py): the workbook written
with them is byte for byte the one built cell by cell, part for part (the dates aside), whatever the event's
typed cells; the kept file is read back as made, and made again when it is missing, damaged or of another key."""

from __future__ import annotations

import dataclasses
import zipfile
from pathlib import Path

import pytest

pytest.importorskip("openpyxl")

from mpxl.core.movement import movement  # noqa: E402
from mpxl.workbook import static  # noqa: E402
from mpxl.workbook.inputs import Contents, Settings, TemplateLine  # noqa: E402
from mpxl.workbook.template import laid_out_contents, template_contents, write_workbook  # noqa: E402

DATED = "docProps/core.xml"


def _parts(path: Path) -> dict[str, bytes]:
    with zipfile.ZipFile(path) as z:
        return {n: z.read(n) for n in z.namelist() if n != DATED}


@pytest.fixture
def cache(tmp_path, monkeypatch):
    """A cache folder of the test's own, and no kept sheets in the process yet."""
    folder = tmp_path / "cache"
    monkeypatch.setenv("MPXL_CACHE", str(folder))
    monkeypatch.setattr(static, "_prepared", None)
    return folder


def _signed() -> Contents:
    return template_contents(tables=3, boards=2, scale="signed", method="ascherman", sections=2)


def _typed_board() -> Contents:
    """A scored-like workbook whose first board has a section and a session, and a Methods (N, n) of its own."""
    c = template_contents(tables=2, boards=2, lines=[TemplateLine(1, 1, 2, typed=420, section="B", session=2)])
    return dataclasses.replace(c, boards=[(1, "B", 2)], methods=(14, 12), by_board=True)


def _blank_section() -> Contents:
    c = template_contents(tables=2, boards=1)
    return dataclasses.replace(c, boards=[(3, " ", None)], settings=Settings.of(method="Manual"))


CASES = {
    "template": lambda: template_contents(tables=2, boards=3),
    "signed, two sections": _signed,
    "a board with section and session": _typed_board,
    "a section of spaces": _blank_section,
    "a movement sheet after": lambda: laid_out_contents(movement("howell", 4, boards_per_round=2)),
}


@pytest.mark.parametrize("name", list(CASES))
def test_the_kept_sheets_write_the_workbook_built_cell_by_cell(tmp_path, cache, monkeypatch, name):
    contents = CASES[name]()
    kept, whole = tmp_path / "kept.xlsx", tmp_path / "whole.xlsx"
    write_workbook(kept, contents)
    monkeypatch.setattr(static, "KEEP", False)
    write_workbook(whole, contents)
    a, b = _parts(kept), _parts(whole)
    assert list(a) == list(b)
    assert [n for n in a if a[n] != b[n]] == []


def test_a_macro_enabled_workbook_keeps_its_code_names(tmp_path, cache, monkeypatch):
    pytest.importorskip("xlwings")
    contents = template_contents(tables=2, boards=1)
    kept, whole = tmp_path / "kept.xlsm", tmp_path / "whole.xlsm"
    write_workbook(kept, contents, macro_enabled=True)
    monkeypatch.setattr(static, "KEEP", False)
    write_workbook(whole, contents, macro_enabled=True)
    a, b = _parts(kept), _parts(whole)
    assert b'codeName="Sheet5"' in a["xl/worksheets/sheet5.xml"]
    assert [n for n in set(a) | set(b) if a.get(n) != b.get(n)] == []


def test_the_kept_file_is_written_once_and_read_back_as_made(cache):
    made = static.prepared()
    path = Path(static.cache_file())
    assert path.parent == cache and path.exists()
    written = path.read_bytes()
    static._prepared = None
    again = static.prepared()
    assert again is not made and again.sheets == made.sheets and again.help_sizes == made.help_sizes
    assert all(list(again.tables[t]) == list(made.tables[t]) for t in made.tables)
    assert path.read_bytes() == written  # read, not made again


def _truncated(data: bytes) -> bytes:
    return data[: len(data) // 2]


def _one_byte_changed(data: bytes) -> bytes:
    i = data.index(b"Help") + 1
    return data[:i] + b"E" + data[i + 1:]


def _another_key(data: bytes) -> bytes:
    head, _, body = data.partition(b"\n")
    return b"0" * 64 + head[64:] + b"\n" + body


def _not_json(data: bytes) -> bytes:
    import hashlib

    head, _, _ = data.partition(b"\n")
    body = b"{not json"
    return head[:64] + b" " + hashlib.sha256(body).hexdigest().encode() + b"\n" + body


@pytest.mark.parametrize("damage", [_truncated, _one_byte_changed, _another_key, _not_json, lambda d: b""])
def test_a_damaged_or_stale_file_is_made_again(cache, damage):
    made = static.prepared()
    path = Path(static.cache_file())
    good = path.read_bytes()
    path.write_bytes(damage(good))
    static._prepared = None
    again = static.prepared()
    assert again.sheets == made.sheets
    assert path.read_bytes().partition(b"\n")[0] == good.partition(b"\n")[0]  # written again, whole


def test_no_cache_folder_keeps_them_in_the_process_alone(tmp_path, monkeypatch):
    monkeypatch.setattr(static, "_prepared", None)
    monkeypatch.setenv("MPXL_CACHE", "")
    assert static.cache_file() is None
    assert static.prepared() is static.prepared()


def test_a_folder_that_cannot_be_written_is_no_error(tmp_path, monkeypatch):
    blocker = tmp_path / "a file"
    blocker.write_text("")
    monkeypatch.setattr(static, "_prepared", None)
    monkeypatch.setenv("MPXL_CACHE", str(blocker / "cache"))  # below a file: no folder can be made there
    assert [s.title for s in static.prepared().sheets] == list(static.TITLES)
