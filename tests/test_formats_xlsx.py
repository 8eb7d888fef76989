"""Workbooks read back (`mpxl score club.xlsx`, `mpxl check club.xlsx`): the template a scorer typed
into, any workbook mpxl wrote, a plain sheet of CSV columns; bad workbooks named by sheet and cell."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from openpyxl import Workbook, load_workbook
from recalc import libreoffice_convert, require_soffice
from shared import REAL_FILES, REALDATA

from mpxl.cli import main
from mpxl.workbook.template import build_template

#: Every real file (Ruter's penalty rows included): its workbook (live, or the same workbook with values)
#: reads back to the same figures.
LIVE = REAL_FILES


def run(argv, capsys):
    code = main([str(a) for a in argv])
    out, err = capsys.readouterr()
    return code, out, err


def figures(doc: dict) -> dict:
    """What a round trip must keep: every line's figures, every pair's total, %, place and names."""
    lines = [(b["board"], b.get("section"), ln.get("ns_pair"), ln.get("ew_pair"), ln.get("ns_score"),
              ln.get("ns_mp"), ln.get("ew_mp"), ln.get("ns_pct"), ln.get("ew_pct")) for b in doc["boards"] for ln in b["lines"]]
    pairs = [(p.get("section"), p["pair"], p.get("direction"), p["mp"], p["percentage"], p["place"],
              tuple(p.get("names") or ())) for p in doc["pairs"]]
    return {"lines": lines, "pairs": pairs, "settings": doc.get("settings"), "title": doc.get("title")}


@pytest.mark.parametrize("path", LIVE, ids=lambda p: getattr(p, "name", str(p)))
def test_real_file_to_workbook_and_back_gives_the_same_figures(path, tmp_path, capsys):
    book = tmp_path / "event.xlsx"
    assert run(["score", path, "-o", book], capsys)[0] == 0
    code, direct, _ = run(["score", path, "--json"], capsys)
    code2, back, err = run(["score", book, "--json"], capsys)
    assert (code, code2) == (0, 0), err
    assert figures(json.loads(back)) == figures(json.loads(direct))


def _type_template(path: Path, rows: list[dict], setup: dict | None = None) -> None:
    """A template filled in as a scorer types it: cells found by their headings (row 4); with one winner the Howell
    template (its Pairs list 1..8 once: a Mitchell's list each number twice, which one winner cannot rank, as the
    sheet says: tests/test_workbook_sheet_flags.py)."""
    wb = build_template(tables=4, boards=2, movement="howell" if (setup or {}).get("Winners") == 1 else "mitchell")
    ws = wb["Travellers"]
    heads: dict = {}
    for c in range(1, ws.max_column + 1):
        heads.setdefault(ws.cell(4, c).value, c)
    for r, row in enumerate(rows, start=5):
        for heading, value in row.items():
            ws.cell(r, heads[heading]).value = value
    for label, value in (setup or {}).items():
        for cells in wb["Setup"].iter_rows(min_col=1, max_col=2):
            if str(cells[0].value).startswith(label + " ("):
                cells[1].value = value
    wb.save(path)


#: One Howell evening typed two ways: as the template's cells, and as the CSV of the same results.
TYPED = [
    {"Board": 1, "NS pair": 1, "EW pair": 2, "Contract": "4S", "By": "N", "Tricks": 10},
    {"Board": 1, "NS pair": 3, "EW pair": 4, "Contract": "3NT", "By": "S", "Tricks": 9},
    {"Board": 1, "NS pair": 5, "EW pair": 6, "Typed score": -50},
    {"Board": 1, "NS pair": 7, "EW pair": 8, "Adjustment": "A+"},
    {"Board": 2, "NS pair": 2, "EW pair": 3, "Contract": "2H", "By": "E", "Tricks": 8},
    {"Board": 2, "NS pair": 4, "EW pair": 5, "Typed score": "-150|-50"},
    {"Board": 2, "NS pair": 6, "EW pair": 7, "Contract": "1NT x", "By": "W", "Tricks": 6},
    {"Board": 2, "NS pair": 8, "EW pair": 1, "Adjustment": "60/40"},
]
CSV = """board,ns_pair,ew_pair,contract,declarer,tricks,ns_score,adjustment
1,1,2,4S,N,10,,
1,3,4,3NT,S,9,,
1,5,6,,,,-50,
1,7,8,,,,,A+
2,2,3,2H,E,8,,
2,4,5,,,,-150|-50,
2,6,7,1NT x,W,6,,
2,8,1,,,,,60/40
"""


@pytest.mark.parametrize("setup, flags", [
    ({}, ["--winners", "2"]),  # the template's Setup: two winners, Neuberg, 2 decimals
    ({"Method": "Factor", "Decimals": 1, "Winners": 1}, ["--method", "factor", "--rounding", "1", "--winners", "1"]),
    ({"Scale": 1, "Rounding": "exact"}, ["--scale", "1", "--rounding", "exact", "--winners", "2"]),
])
def test_a_typed_template_scores_as_the_csv_of_the_same_results(setup, flags, tmp_path, capsys):
    book, csv = tmp_path / "club.xlsx", tmp_path / "club.csv"
    _type_template(book, TYPED, setup)
    csv.write_text(CSV)
    code, from_book, err = run(["score", book, "--json"], capsys)
    assert code == 0, err
    code, from_csv, err = run(["score", csv, "--json", "--no-infer", *flags], capsys)
    assert code == 0, err
    a, b = figures(json.loads(from_book)), figures(json.loads(from_csv))
    assert a["lines"] == b["lines"] and a["pairs"] == b["pairs"]
    assert a["settings"]["method"] == b["settings"]["method"] and a["settings"]["scale"] == b["settings"]["scale"]


def test_a_plain_sheet_of_csv_columns_reads_as_the_csv(tmp_path, capsys):
    wb = Workbook()
    ws = wb.active
    for row in CSV.strip().splitlines():
        ws.append([int(c) if c.lstrip("-").isdigit() else (c or None) for c in row.split(",")])
    book, csv = tmp_path / "plain.xlsx", tmp_path / "plain.csv"
    wb.save(book)
    csv.write_text(CSV)
    code, a, err = run(["score", book, "--json"], capsys)
    assert code == 0, err
    code, b, _ = run(["score", csv, "--json"], capsys)
    assert figures(json.loads(a))["lines"] == figures(json.loads(b))["lines"]


def _bad_password(path: Path) -> None:  # Excel's encrypted workbooks are OLE compound files, not zips
    path.write_bytes(b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1" + b"\x00" * 504 + "EncryptedPackage".encode("utf-16-le"))


def _bad_error_value(path: Path) -> None:
    _type_template(path, [{**TYPED[0], "Typed score": "#N/A"}, *TYPED[1:]])


def _bad_merged(path: Path) -> None:
    _type_template(path, TYPED)
    wb = load_workbook(path)
    wb["Travellers"].merge_cells("A6:A7")
    wb.save(path)


def _bad_hidden(path: Path) -> None:
    _type_template(path, TYPED)
    wb = load_workbook(path)
    wb["Travellers"].row_dimensions[7].hidden = True
    wb.save(path)


def _bad_layout(path: Path) -> None:
    wb = Workbook()
    wb.active.append(["Name", "Handicap"])
    wb.save(path)


def _bad_date(path: Path) -> None:
    import datetime

    _type_template(path, [{**TYPED[0], "Board": datetime.datetime(2026, 1, 1)}, *TYPED[1:]])


def _bad_setup(path: Path) -> None:
    _type_template(path, TYPED, {"Method": "Nueberg"})


def _bad_ruling(path: Path) -> None:
    _type_template(path, [*TYPED[:5], {**TYPED[5], "Typed score": "30% 420 + 60% 450"}, *TYPED[6:]])


def _not_a_zip(path: Path) -> None:
    path.write_text("board,ns_pair\n")


@pytest.mark.parametrize("make, where, words", [
    (_bad_password, "", "password"),
    (_bad_error_value, "sheet Travellers, cell G5", "#N/A"),
    (_bad_merged, "sheet Travellers, cells A6:A7", "merged"),
    (_bad_hidden, "sheet Travellers, row 7", "hidden"),
    (_bad_layout, "sheet Sheet, row 1", "no board, ns_pair, ew_pair column"),
    (_bad_date, "sheet Travellers, cell A5", "date"),
    (_bad_setup, "sheet Setup, cell B6", "Nueberg"),
    (_bad_ruling, "sheet Travellers, row 10, column ns_score", "weights"),
    (_not_a_zip, "", "not a readable .xlsx workbook"),
])
def test_bad_workbooks_are_named_by_sheet_and_cell(make, where, words, tmp_path, capsys):
    book = tmp_path / "bad.xlsx"
    make(book)
    code, out, err = run(["score", book], capsys)
    assert code == 2 and "Traceback" not in err
    assert f"{book}: {where}" in err and words in err, err


def test_check_compares_the_figures_a_saved_workbook_shows(tmp_path, capsys):
    """A workbook recalculated and saved by a spreadsheet (LibreOffice here) holds its figures:
    `check` compares them, line by line and pair by pair, with the core's."""
    if not REALDATA.exists():
        pytest.skip(f"no real files in {REALDATA}")
    require_soffice()
    book = tmp_path / "ebu.xlsx"
    assert run(["score", REALDATA / "ebuscore-2025-01-02-two-winner-a5050.xml", "-o", book], capsys)[0] == 0
    (saved,) = libreoffice_convert([book], "xlsx:Calc MS Excel 2007 XML", tmp_path / "saved")
    code, out, err = run(["check", saved], capsys)
    assert code == 0, out + err
    assert "checked 216 lines and 18 pairs" in out and "all agree" in out
