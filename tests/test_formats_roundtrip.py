"""Write each event as USEBIO, PBN and CSV, read it back: the same event and the same scores."""

from __future__ import annotations

from pathlib import Path

import pytest

from mpxl.adjustments import parse_entry
from mpxl.conventions import detect
from mpxl.event import Event, Line
from mpxl.formats import read_event, write_event
from mpxl.session import score_event

DATA = Path(__file__).parent / "data"
from shared import REALDATA  # noqa: E402
SOURCES = (sorted(REALDATA.glob("*.xml")) + sorted(REALDATA.glob("*.pbn")) if REALDATA.is_dir() else []) + [
    DATA / "two-sections.xml", DATA / "club-howell.csv", DATA / "mitchell-arrowswitch.csv"]


def line_key(ln) -> tuple:
    """What a line means, whatever format it came through."""
    return (ln.session, ln.section, ln.board, str(ln.ns_pair), str(ln.ew_pair), parse_entry(ln.score),
            ln.contract or None, ln.declarer or None, ln.tricks, ln.lead or None, bool(ln.arrowswitch), ln.group or "")


def scores_of(result) -> tuple:
    lines = sorted((sl.line.section, sl.line.board, sl.line.ns_pair, sl.line.ew_pair, sl.ns_mp, sl.ew_mp)
                   for b in result.boards for sl in b.lines)
    pairs = sorted((pr.pair.section, pr.pair.number, pr.pair.direction or "", pr.mp, pr.percentage, pr.place, pr.boards)
                   for pr in result.pairs)
    return lines, pairs


_results: dict = {}


def original(path):
    if path not in _results:
        event = read_event(path)
        options = detect(event).options()
        _results[path] = (event, options, score_event(event, options))
    return _results[path]


@pytest.mark.parametrize("ext", [".xml", ".pbn", ".csv"])
@pytest.mark.parametrize("path", SOURCES, ids=lambda p: p.name)
def test_round_trip(path, ext, tmp_path):
    event, options, result = original(path)
    out = tmp_path / f"out{ext}"
    write_event(result, out)
    back = read_event(out)
    assert sorted(map(line_key, back.lines)) == sorted(map(line_key, event.lines))
    assert {s: back.winners.get(s) for s in event.sections()} == {s: event.winners.get(s, 1) for s in event.sections()}
    rescored = score_event(back, options)
    assert scores_of(rescored) == scores_of(result)
    # the figures written are mpxl's own, so the written file checks clean
    for b in rescored.boards:
        for sl in b.lines:
            assert (sl.line.published_ns_mp, sl.line.published_ew_mp) == (
                None if sl.ns_mp is None else float(sl.ns_mp), None if sl.ew_mp is None else float(sl.ew_mp))
    if ext != ".csv":  # CSV carries no pair table
        names = {(p.section, p.number): p.names for p in event.pairs}
        assert {(p.section, p.number): p.names for p in back.pairs} == names or not names


@pytest.mark.parametrize("ext", [".xml", ".pbn", ".csv"])
def test_bare_event_round_trip(ext, tmp_path):
    event = Event(lines=[Line(1, "1", "2", "", 420, "4S", "N", 10), Line(1, "3", "4", "", "-150|-50"),
                         Line(2, "1", "4", "", "30% 420 + 70% 450"), Line(2, "3", "2", "", None),
                         Line(3, "1", "3", "", 0, "PASS")], title="Bare", winners={"": 1})
    out = tmp_path / f"bare{ext}"
    write_event(event, out)
    back = read_event(out)
    assert sorted(map(line_key, back.lines)) == sorted(map(line_key, event.lines))


def test_writers_are_atomic_and_leave_no_temporary_files(tmp_path):
    _, _, result = original(DATA / "club-howell.csv")
    for ext in (".xml", ".pbn", ".csv"):
        write_event(result, tmp_path / f"a{ext}")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["a.csv", "a.pbn", "a.xml"]
