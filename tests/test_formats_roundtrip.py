"""Write each event as USEBIO, PBN and CSV, read it back: the same event and the same scores."""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction
from pathlib import Path

import pytest

from mpxl.core.adjustments import parse_entry
from mpxl.core.conventions import detect
from mpxl.core.event import Event, Line
from mpxl.core.session import score_event
from mpxl.formats import read_event, write_event

DATA = Path(__file__).parent / "data"
from shared import real_files  # noqa: E402

SOURCES = real_files(".xml", ".pbn") + [
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


def without_tiebreak(event, options, result, ext):
    """The result a written file rescores to: CSV carries no tie-break figure (PBN does, and USEBIO in
    mpxl's own TIE_BREAK element), so there the pairs a published tie-break separated share their place."""
    if ext in (".pbn", ".xml") or all(p.published_tiebreak is None for p in event.pairs):
        return result
    return score_event(replace(event, pairs=[replace(p, published_tiebreak=None) for p in event.pairs]), options)


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
    assert scores_of(rescored) == scores_of(without_tiebreak(event, options, result, ext))
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
    event = Event(lines=[Line(1, "1", "2", "", score=420, contract="4S", declarer="N", tricks=10), Line(1, "3", "4", "", score="-150|-50"),
                         Line(2, "1", "4", "", score="30% 420 + 70% 450"), Line(2, "3", "2", "", score=None),
                         Line(3, "1", "3", "", score=0, contract="PASS")], title="Bare", winners={"": 1})
    out = tmp_path / f"bare{ext}"
    write_event(event, out)
    back = read_event(out)
    assert sorted(map(line_key, back.lines)) == sorted(map(line_key, event.lines))


def test_writers_are_atomic_and_leave_no_temporary_files(tmp_path):
    _, _, result = original(DATA / "club-howell.csv")
    for ext in (".xml", ".pbn", ".csv"):
        write_event(result, tmp_path / f"a{ext}")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["a.csv", "a.pbn", "a.xml"]


# ---------------------------------------------------------------------------
# lossless: read -> write the event as read -> read gives the same event, and a conversion keeps
# everything the target format holds

import dataclasses  # noqa: E402

from hypothesis import HealthCheck, given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

from mpxl.core.contract import board_dealer, board_vulnerability  # noqa: E402
from mpxl.core.event import Club, Deal, MasterPoints, Pair, Penalty, Player  # noqa: E402

#: What each format holds, field by field: a line's, a pair's and the event's.
HOLDS = {
    ".xml": dict(line={"note"}, pair={"names", "people", "master_points", "published"},  # hands, no dealer
                 event={"title", "date", "venue", "program", "club", "event_type", "hands", "winners", "penalties"}),
    ".pbn": dict(line={"table"}, pair={"names", "national_ids", "published"},
                 event={"title", "date", "venue", "program", "deals", "winners", "penalties"}),
    ".csv": dict(line={"table", "note", "group", "penalties"}, pair={"names"}, event={"winners", "penalties"}),
}


def _deal_seen(deal: Deal) -> tuple:
    """A deal with its dealer and vulnerability as the writers give them when the file did not say."""
    return (deal.board, deal.hands, deal.dealer or board_dealer(deal.board).value,
            deal.vulnerable or board_vulnerability(deal.board).value)


def held(event: Event, ext: str) -> dict:
    """What of ``event`` a file of format ``ext`` holds."""
    h = HOLDS[ext]
    lines = []
    for ln in event.lines:
        row = [ln.session, ln.section, ln.board, str(ln.ns_pair), str(ln.ew_pair), parse_entry(ln.score),
               ln.contract or None, ln.declarer or None, ln.tricks, ln.lead or None, bool(ln.arrowswitch),
               ln.published_ns_mp, ln.published_ew_mp]
        row += [ln.table if "table" in h["line"] else None, ln.note if "note" in h["line"] else "",
                ln.group if "group" in h["line"] else "",
                (ln.ns_penalty, ln.ew_penalty) if "penalties" in h["line"] else None]
        lines.append(tuple(map(repr, row)))
    pairs = {}
    for p in event.pairs:
        if not p.names and h["pair"] == {"names"}:
            continue  # CSV names pairs only
        row = [p.names]
        if "people" in h["pair"]:
            row.append(p.people())
        if "national_ids" in h["pair"]:
            row.append(tuple(pl.national_id for pl in p.people()) if any(pl.national_id for pl in p.people()) else ())
        if "master_points" in h["pair"]:
            row.append(p.master_points)
        if "published" in h["pair"]:
            row += [p.published_mp, p.published_percentage, p.published_place]
        direction = p.direction if h["pair"] != {"names"} or event.winners.get(p.section, 1) == 2 else None
        pairs[(p.section, p.number, direction)] = row
    top = {}
    for name in h["event"]:
        if name == "deals":
            top[name] = sorted(_deal_seen(d) for d in event.deals.values())
        elif name == "hands":
            top[name] = sorted((d.board, d.hands) for d in event.deals.values())
        elif name == "penalties":  # the penalty rows (where in the file each came from aside)
            top[name] = sorted((p.board, p.pair, p.direction, p.amount, p.section, p.session) for p in event.penalties)
        elif name == "winners":
            top[name] = {s: event.winners.get(s, 1) for s in event.sections()}
        elif name == "program":  # no program named: mpxl writes its own name (with its version in USEBIO)
            top[name] = "mpxl" if event.program.split(" ")[0] in ("", "mpxl") else event.program
        elif name == "event_type":
            top[name] = event.event_type or "MP_PAIRS"  # what the writer gives an event of no type
        else:
            top[name] = getattr(event, name)
    return {"lines": sorted(lines), "pairs": pairs, "event": top}


def everything(event: Event) -> dict:
    """Every field the readers fill, but where in the file each came from (and a dict's order)."""
    def seen(value) -> str:
        return repr(dict(sorted(value.items()))) if isinstance(value, dict) else repr(value)

    def fields(obj):
        return tuple((f.name, seen(getattr(obj, f.name))) for f in dataclasses.fields(obj) if f.name != "where")
    top = {f.name: getattr(event, f.name) for f in dataclasses.fields(event)
           if f.name not in ("lines", "pairs", "source", "notes") and not f.name.startswith("_")}
    for name in ("sitouts", "penalties"):  # rows of their own: where they stand is the line they are on
        top[name] = sorted(map(fields, top[name]))
    return {"lines": sorted(map(fields, event.lines)), "pairs": sorted(map(fields, event.pairs)), "event": top}


LOSSLESS_SOURCES = [p for p in SOURCES if p.suffix.lower() in (".xml", ".pbn", ".csv")]


@pytest.mark.parametrize("path", LOSSLESS_SOURCES, ids=lambda p: p.name)
def test_the_same_format_back_is_the_same_event(path, tmp_path):
    event = read_event(path)
    out = tmp_path / f"back{path.suffix.lower()}"
    write_event(event, out)
    back = read_event(out)
    assert everything(back) == everything(event)


def test_the_real_files_keep_what_the_issue_lists(tmp_path):
    """Club, event type, players' ids, master points and deals survive USEBIO and PBN."""
    by_name = {p.name.split("-")[0]: p for p in SOURCES}
    if "compscore3" not in by_name:
        pytest.skip("the real files are not here")
    compscore, ebuscore, magic = (read_event(by_name[k]) for k in ("compscore3", "ebuscore", "magiccontest"))
    assert compscore.club == Club("NSBC@Lindfield", "2074") and compscore.event_type == "MP_PAIRS"
    assert len(compscore.deals) == 27 and len(magic.deals) == 30 and magic.deals[1].dealer == "N"
    assert ebuscore.event_type == "PAIRS"
    assert sum(bool(p.master_points) for p in ebuscore.pairs) == 6
    for event, ext in ((compscore, ".xml"), (ebuscore, ".xml"), (magic, ".pbn"), (magic, ".xml")):
        out = tmp_path / f"x{ext}"
        write_event(event, out)
        back = read_event(out)
        assert held(back, ext) == held(event, ext)
        if ext == ".xml":
            assert back.event_type == (event.event_type or "MP_PAIRS")  # MP_PAIRS stays MP_PAIRS, PAIRS PAIRS
    text = (tmp_path / "x.xml").read_text()
    assert "<HANDSET>" in text and text.count("<HAND>") == 120


@pytest.mark.parametrize("target", [".xml", ".pbn", ".csv"])
@pytest.mark.parametrize("path", LOSSLESS_SOURCES, ids=lambda p: p.name)
def test_a_conversion_keeps_what_the_target_holds(path, target, tmp_path):
    event = read_event(path)
    out = tmp_path / f"to{target}"
    write_event(event, out)
    assert held(read_event(out), target) == held(event, target)


RANKS = "AKQJT98765432"
TEXT = st.text(alphabet="abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ éüøßłñ'.", min_size=1, max_size=12).map(
    lambda s: " ".join(s.split())).filter(bool)


@st.composite
def deals(draw, board: int):
    cards = draw(st.permutations([(s, r) for s in range(4) for r in RANKS]))
    hands = []
    for seat in range(4):
        mine = cards[13 * seat:13 * seat + 13]
        hands.append(".".join("".join(r for r in RANKS if (s, r) in mine) for s in range(4)))
    given = draw(st.booleans())
    return Deal(board, tuple(hands), board_dealer(board).value if given else "",
                draw(st.sampled_from(["None", "NS", "EW", "All"])) if given else "")


@st.composite
def club_events(draw):
    """A two-winner Mitchell of 3 tables: names, ids, master points, deals, notes, club and figures."""
    boards = draw(st.integers(1, 4))
    lines = []
    for board in range(1, boards + 1):
        for table in (1, 2, 3):
            score = draw(st.sampled_from([420, -50, 100, -620, 0, 1430, "A+", "A5050", None]))
            # a line with no result publishes no figures (a reader refuses the like: no program writes it)
            mps = draw(st.sampled_from([(None, None), (2.0, 2.0), (3.5, 0.5), (1.25, 2.75)])) if score is not None \
                else (None, None)
            lines.append(Line(board, str(table), str((table + board - 2) % 3 + 1), "", score=score, table=table,
                              published_ns_mp=mps[0], published_ew_mp=mps[1],
                              note=draw(st.one_of(st.just(""), TEXT))))
    pairs = []
    for direction in ("NS", "EW"):
        for n in (1, 2, 3):
            names = draw(st.tuples(TEXT, TEXT))
            ids = draw(st.booleans())
            players = tuple(Player(nm, draw(st.from_regex(r"[1-9][0-9]{0,6}", fullmatch=True)),
                                   draw(st.from_regex(r"[1-9][0-9]{0,3}", fullmatch=True))) for nm in names) if ids else ()
            points = tuple(draw(st.lists(st.builds(MasterPoints, st.from_regex(r"[1-9][0-9]{0,2}", fullmatch=True),
                                                   st.sampled_from(["", "BLACK", "Blue", "RED"])), max_size=1)))
            pairs.append(Pair(str(n), "", direction, names, published_place=str(n),
                              published_percentage=draw(st.sampled_from([None, 50.0, 61.25, 38.75])),
                              players=players, master_points=points))
    with_deals = draw(st.booleans())
    penalties = draw(st.lists(st.builds(Penalty, st.integers(1, boards), st.sampled_from(["1", "2", "3"]),
                                        st.sampled_from(["NS", "EW"]),
                                        st.sampled_from([Fraction(-2), Fraction(4), Fraction(-1, 2), Fraction(0),
                                                         Fraction(-3, 40)])), max_size=2))
    return Event(lines=lines, pairs=pairs, penalties=penalties, title=draw(st.one_of(st.just(""), TEXT)),
                 date=draw(st.sampled_from(["", "2025-01-02", "2022.02.06"])), winners={"": 2},
                 program=draw(st.sampled_from(["", "EBUScore Pairs 1.2.24", "ScoreBridge 10"])),
                 club=draw(st.one_of(st.none(), st.builds(Club, TEXT, st.from_regex(r"[1-9][0-9]{0,5}", fullmatch=True)))),
                 event_type=draw(st.sampled_from(["", "MP_PAIRS", "PAIRS"])), venue=draw(st.one_of(st.just(""), TEXT)),
                 deals={b: draw(deals(b)) for b in range(1, boards + 1)} if with_deals else {})


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture,
                                                                    HealthCheck.too_slow])
@given(event=club_events(), target=st.sampled_from([".xml", ".pbn", ".csv"]))
def test_generated_events_keep_what_each_format_holds(event, target, tmp_path):
    out = tmp_path / f"gen{target}"
    write_event(event, out)
    back = read_event(out)
    assert held(back, target) == held(event, target)
    # and the same format again gives the same event as the first reading
    again = tmp_path / f"again{target}"
    write_event(back, again)
    assert everything(read_event(again)) == everything(back)


@pytest.mark.parametrize("title", ["=1+1", "+44 club", "-5 pairs", "@home", "'quoted", "Tuesday"])
def test_a_title_a_spreadsheet_would_take_for_a_formula_reads_back_as_written(title, tmp_path):
    """The CSV writer guards a text starting like a formula with a quote (textsafe); the reader takes it off
    again, for the title as for the names: written, read, written again, the same title, never ``''=1+1``."""
    event = Event(lines=[Line(1, "1", "2", score=420), Line(1, "3", "4", score=400)], title=title)
    first, second = tmp_path / "a.csv", tmp_path / "b.csv"
    write_event(event, first)
    back = read_event(first)
    assert back.title == title
    write_event(back, second)
    assert read_event(second).title == title and second.read_bytes() == first.read_bytes()
