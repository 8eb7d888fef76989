"""CSV travellers: header spellings, scores from contracts, adjustments, malformed rows."""

from __future__ import annotations

from pathlib import Path

import pytest

from mpxl.errors import UserError
from mpxl.formats import format_of, read_event
from mpxl.formats.csvfile import read_csv, read_csv_text

DATA = Path(__file__).parent / "data"


def test_club_howell_fixture():
    ev = read_csv(DATA / "club-howell.csv")
    assert ev.winners == {"": 1}
    assert [ln.score for ln in ev.lines] == [420, 450, 400, -140, -140, "A+", "30% 420 + 70% 450", 420, -50, 600, 630, None]
    assert ev.lines[0].contract == "4S" and ev.lines[0].tricks == 10 and ev.lines[0].lead == "HK"


def test_mitchell_fixture_semicolons_and_header_spellings():
    ev = read_csv(DATA / "mitchell-arrowswitch.csv")
    assert ev.winners == {"": 2}  # NS 1 meets EW 1: Mitchell numbering
    assert [ln.arrowswitch for ln in ev.lines] == [False] * 5 + [True]


# (CSV text, the first line's (board, ns, ew, score, section))
GOOD = [
    ("board,ns_pair,ew_pair,ns_score\n1,1,2,420\n", (1, "1", "2", 420, "")),
    ("Bd,NS,EW,Score\n1,1,2,+420\n", (1, "1", "2", 420, "")),
    ("board\tns pair\tew pair\tns-score\tsection\n2\t1\t2\t-50\tB\n", (2, "1", "2", -50, "B")),
    ("board,ns_pair,ew_pair,contract,declarer,tricks\n4,1,2,3NT,E,11\n", (4, "1", "2", -660, "")),
    ("board,ns_pair,ew_pair,contract,declarer,tricks\n4,1,2,3NT,E,+2\n", (4, "1", "2", -660, "")),
    ("board,ns_pair,ew_pair,contract,declarer,tricks\n4,1,2,Pass,,\n", (4, "1", "2", 0, "")),
    ("board,ns_pair,ew_pair,ns_score,adjustment\n1,1,2,420,60/40\n", (1, "1", "2", "60/40", "")),
    ("board,ns_pair,ew_pair,ns_score\n1.0,7.0,2,420\n", (1, "7", "2", 420, "")),
    ("\ufeffboard,ns_pair,ew_pair,ns_score\n1,1,2,NP\n", (1, "1", "2", "NP", "")),
]


@pytest.mark.parametrize("text, first", GOOD)
def test_reading(text, first):
    ln = read_csv_text(text, "t.csv").lines[0]
    assert (ln.board, ln.ns_pair, ln.ew_pair, ln.score, ln.section) == first


BAD = [
    ("board,ns_pair,ew_pair,ns_score\n1,1,2,420\n1,3,4,abc\n", "line 3, column ns_score", "'abc' is not a score"),
    ("board,ns_pair,ew_pair,ns_score\n1,1,2,420\n1,3,4,420.5\n", "line 3, column ns_score", "whole number"),
    ("board,ns_pair,ew_pair,ns_score\n1,1,2,420\n1,1,4,400\n", "line 3", "pair 1 already has a line"),
    ("board,ns_pair,ew_pair,ns_score\n1,1,2,420\n1,3,2,400\n", "line 3", "pair 2 already has a line"),
    ("board,table,ns_pair,ew_pair,ns_score\n1,1,1,2,420\n1,1,3,4,400\n", "line 3", "table 1 already has a line"),
    ("board,ns_pair,ew_pair,adjustment\n1,1,2,AQ\n", "line 2, column adjustment", "known artificial code"),
    ("board,ns_pair,ew_pair,ns_score\none,1,2,420\n", "line 2, column board", "not a board number"),
    ("board,ns_pair,ew_pair,ns_score\n1,,2,420\n", "line 2", "both ns_pair and ew_pair"),
    ("board,ns_pair,ew_pair,contract,declarer,tricks\n1,1,2,4S,Q,10\n", "line 2", "Q"),
    ("board,ns_pair,ew_pair,ns_score,arrowswitch\n1,1,2,420,maybe\n", "line 2, column arrowswitch", "yes or no"),
    ("board,ns_pair,ns_score\n1,1,420\n", "line 1", "no ew_pair column"),
    ("board,ns_pair,ew_pair\n1,1,2\n", "line 1", "ns_score column or contract"),
    ("board,ns_pair,ew_pair,ns_score,score\n1,1,2,420,420\n", "line 1", "appears twice"),
    ("", "line 1", "empty"),
    ("board,ns_pair,ew_pair,ns_score\n", "line 2", "no traveller lines"),
    ("board,ns_pair,ew_pair,ns_score\n1,1,2,420,9,9\n", "line 2", "the row has 6 cells"),
]


@pytest.mark.parametrize("text, where, problem", BAD, ids=[
    "text-score", "fractional-score", "duplicate-ns", "duplicate-ew", "duplicate-table", "unknown-code", "bad-board",
    "missing-pair", "bad-declarer", "bad-flag", "no-ew-column", "no-score-column", "twice", "empty", "no-lines",
    "long-row"])
def test_malformed_csv_is_refused_with_a_place(text, where, problem):
    with pytest.raises(UserError) as exc:
        read_csv_text(text, "bad.csv")
    assert (exc.value.source, exc.value.where) == ("bad.csv", where)
    assert problem in exc.value.problem


@pytest.mark.parametrize("name, head, fmt", [
    ("a.xml", None, "usebio"), ("a.PBN", None, "pbn"), ("a.csv", None, "csv"),
    ("a.txt", b"<?xml", "usebio"), ("a.txt", b"% PBN", "pbn"), ("a.txt", b"board,ns", "csv"), ("a.dat", b"\x00", None),
])
def test_format_of(name, head, fmt):
    assert format_of(name, head) == fmt


def test_unknown_format_is_refused(tmp_path):
    path = tmp_path / "x.dat"
    path.write_bytes(b"\x00\x01")
    with pytest.raises(UserError, match="cannot tell the file's format"):
        read_event(path)


def test_missing_file_is_a_user_error(tmp_path):
    with pytest.raises(UserError) as exc:
        read_event(tmp_path / "nope.csv")
    assert "nope.csv" in str(exc.value)
