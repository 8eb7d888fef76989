"""Players' names typed in a CSV of travellers reach every output that is not a workbook: the
terminal ranking, --json, the results page, and the CSV, USEBIO and PBN files written."""

from __future__ import annotations

import json

import pytest

from mpxl.cli import main
from mpxl.formats import read_event
from mpxl.formats.csvfile import read_csv_text

MITCHELL = """board,ns_pair,ew_pair,ns_score,NS Names,ew-names
1,1,1,420,Ann Smith & Bob Jones,Cy Young & Di Prince
1,2,2,400,Ed Wood & Flo Rida,
2,1,2,-50,,
2,2,1,-100,,Cy Young & Di Prince
"""
NAMES = {("1", "NS"): ("Ann Smith", "Bob Jones"), ("2", "NS"): ("Ed Wood", "Flo Rida"),
         ("1", "EW"): ("Cy Young", "Di Prince")}


def test_names_are_read_once_per_pair():
    ev = read_csv_text(MITCHELL, "t.csv")
    assert {(p.number, p.direction): p.names for p in ev.pairs} == NAMES


@pytest.mark.parametrize("text, message", [
    ("board,ns_pair,ew_pair,ns_score,ns_names\n1,1,1,420,A & B\n2,1,2,-50,A & C\n",
     "line 3: pair 1 NS is named 'A & C' here but 'A & B' on line 2"),
    ("board,ns_pair,ew_pair,ns_score,ns_names,ew_names\n1,1,2,420,A & B,\n1,3,4,-50,,\n2,2,1,10,,X & Y\n2,4,3,0,,\n",
     "line 4: pair 1 is named 'X & Y' here but 'A & B' on line 2"),  # one winner: pair 1 sits NS, then EW
])
def test_two_names_for_one_pair_are_refused(text, message, tmp_path, capsys):
    src = tmp_path / "bad.csv"
    src.write_text(text)
    assert main(["score", str(src)]) == 2
    assert message in capsys.readouterr().err


@pytest.fixture
def src(tmp_path):
    path = tmp_path / "names.csv"
    path.write_text(MITCHELL)
    return path


def test_the_ranking_and_json_have_the_names(src, capsys):
    assert main(["score", str(src)]) == 0
    out = capsys.readouterr().out
    for names in NAMES.values():
        assert " & ".join(names) in out
    assert main(["score", str(src), "--json"]) == 0
    doc = json.loads(capsys.readouterr().out)
    got = {(p["pair"], p["direction"]): tuple(p["names"]) for p in doc["pairs"] if p["names"]}
    assert got == NAMES


@pytest.mark.parametrize("ext", [".csv", ".xml", ".pbn"])
def test_every_file_written_has_the_names(src, ext, tmp_path, capsys):
    out = tmp_path / f"out{ext}"
    assert main(["score", str(src), "-o", str(out)]) == 0
    back = read_event(out)
    assert {(p.number, p.direction): p.names for p in back.pairs if p.names} == NAMES


def test_the_results_page_has_the_names(src, tmp_path, capsys):
    out = tmp_path / "out.html"
    assert main(["score", str(src), "-o", str(out)]) == 0
    page = out.read_text()
    for names in NAMES.values():
        assert " &amp; ".join(names) in page
