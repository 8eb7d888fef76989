"""`mpxl score` of generated events (sections, sessions, names, the signed scale) and of an event under
each convention chosen on Setup, recalculated by LibreOffice headless: every line, pair, total, percentage
and place equals the core's."""

from __future__ import annotations

import csv
import json
import random
import sys
from io import BytesIO
from pathlib import Path

import pytest
from openpyxl import load_workbook

from mpxl.cli import main
from mpxl.core.options import ScoringOptions
from mpxl.core.session import score_event
from mpxl.core.settings import Scale
from mpxl.workbook.event_writer import write_event_workbook
from mpxl.workbook.template import FIRST_ROW, TRAVELLER_COLUMNS

sys.path.insert(0, str(Path(__file__).parent))
from recalc import check_workbook_event, close, score_result  # noqa: E402

C = TRAVELLER_COLUMNS


def _saved(result) -> bytes:
    out = BytesIO()
    from mpxl.workbook.event_writer import event_workbook

    event_workbook(result).save(out)
    return out.getvalue()


def convention_event(sitouts: bool = False, line_pcts: int | None = None):
    """A small two-winner event that draws every convention's situation: ties (places), a board played
    three times of four (estimated; missed by table 4's pairs), an artificial score beside results (own
    tops), a lone result beside artificial scores (ave-plus), and with ``sitouts`` table 4's pairs sat out
    on board 2 (Ruter's byes)."""
    from mpxl.core.event import Event, Line, SitOut

    boards = {1: [420, 400, 450, 420], 2: [100, 140, -50, None], 3: [620, "A+", 170, 650], 4: [-100, -100, -200, 90],
              5: [300, "A+", "A-", "A+"], 6: [110, 140, 140, -50]}
    lines = [Line(b, str(t + 1), str(t + 1), score=score) for b, scores in boards.items()
             for t, score in enumerate(scores) if score is not None]
    ev = Event(lines=lines, winners={"": 2},
               sitouts=[SitOut(2, "4", "NS"), SitOut(2, "4", "EW")] if sitouts else [])
    ev.line_percentage_decimals = line_pcts
    return ev


def ties_event():
    """One ranking of six pairs over two boards of three tables (top 4): pairs 2 and 4 tie on 62.5%, 3 and 6 on
    50%, 1 and 5 on 37.5%: tied places (3= or 3) and percentages at an exact half (62.5 -> 62 half even)."""
    from mpxl.core.event import Event, Line

    scores = {1: [100, 100, 50], 2: [50, 100, 200]}
    return Event(lines=[Line(b, str(t + 1), str(t + 4), score=score) for b, row in scores.items()
                        for t, score in enumerate(row)], winners={"": 1})


def _options(**words):
    return ScoringOptions.parse(**words)


#: One event per convention (and Compscore's and Ruter's combinations): (event, the options it is scored with).
CONVENTION_EVENTS = {
    "estimate-totals-own": (convention_event(), _options(estimate_at="totals", rounding="half-up:1",
                                                         rounding_totals="half-up:2", unplayed="own")),
    "own-tops": (convention_event(), _options(estimate_at="own-tops", rounding="half-up:2")),
    "lone-ave-plus": (convention_event(), _options(lone_result="ave-plus", rounding="half-up:1", scale=1)),
    "signed-exact-own": (convention_event(sitouts=True, line_pcts=0),
                         _options(scale="signed", totals_from="exact", unplayed="own", rounding="half-up:1")),
    # a sit-out's set credit (JFR Pary's 60%; 50%) for table 4's pairs on board 2, on the double and signed scales
    "sitout-ave-plus": (convention_event(sitouts=True), _options(unplayed="ave-plus", rounding="half-up:2")),
    "sitout-average-signed": (convention_event(sitouts=True),
                              _options(unplayed="average", scale="signed", rounding="half-up:1",
                                       rounding_totals="half-up:2")),
    "places-plain-half-even": (ties_event(), _options(places="plain", rounding_pct="half-even:0")),
    "places-shared-half-up": (ties_event(), _options(rounding_pct="half-up:0")),
    "scaled-basis": (convention_event(), _options(percentage_basis="scaled", scale=1, rounding="half-up:1",
                                                  rounding_totals="half-up:1")),
    "exact-ebu": (convention_event(), _options(totals_from="exact", rounding="ebu", rounding_totals="half-even:2")),
}


# ------------------------------------------------------ generated events: sections, sessions, names

SCORES = (-200, -100, -50, 50, 90, 110, 120, 140, 400, 420, 450, 600)
ADJUSTMENTS = ("A+", "A-", "A6040", "A5050", "A+/A+", "NP")
FIRST_NAMES = ("Ann", "Bob", "Cath", "Dev", "Eve", "Finn", "Gita", "Hal", "Ivy", "Jon", "Kay", "Lev")
LAST_NAMES = ("Smith", "Jones", "Khan", "Ng", "Brown", "Okafor", "Silva", "Dubois", "Rossi", "Novak")


def player_names(section: str, pair: int, direction: str = "") -> str:
    """A pair's players, the same every session: ``Ann Smith & Bob Jones``."""
    i = ord(section or "A") * 7 + pair * 3 + (5 if direction == "EW" else 0)
    return (f"{FIRST_NAMES[i % 12]} {LAST_NAMES[i % 10]} & "
            f"{FIRST_NAMES[(i + 5) % 12]} {LAST_NAMES[(i + 3) % 10]}")


def write_club_csv(path: Path, seed: int, sections=("",), sessions=(1,), tables=(5,), boards: int = 5,
                   mitchell: bool = True, short: int = 3, adjusted: int = 3) -> None:
    """A club event as CSV travellers, with names: per session and section a number of tables
    (cycled from ``tables``, so sessions and sections differ in N), every board at every table;
    a Mitchell (NS t meets EW t: two winners) or random one-winner pairings; ``short`` lines
    dropped (short boards, estimated), ``adjusted`` lines given an artificial or not-played code."""
    rnd = random.Random(seed)
    rows = []
    for i, sess in enumerate(sessions):
        for j, sec in enumerate(sections):
            count = tables[(i + j) % len(tables)]
            for b in range(1, boards + 1):
                if mitchell:
                    meet = [(t, t) for t in range(1, count + 1)]
                else:
                    order = list(range(1, 2 * count + 1))
                    rnd.shuffle(order)
                    meet = [(order[2 * t], order[2 * t + 1]) for t in range(count)]
                for ns, ew in meet:
                    rows.append({"session": sess, "section": sec, "board": b, "ns_pair": ns, "ew_pair": ew,
                                 "ns_score": rnd.choice(SCORES), "adjustment": "",
                                 "ns_names": player_names(sec, ns, "NS" if mitchell else ""),
                                 "ew_names": player_names(sec, ew, "EW" if mitchell else "")})
    for _ in range(short):
        rows.pop(rnd.randrange(len(rows)))
    for k in rnd.sample(range(len(rows)), adjusted):
        rows[k]["ns_score"], rows[k]["adjustment"] = "", rnd.choice(ADJUSTMENTS)
    with open(path, "w", newline="", encoding="utf-8") as f:
        w = csv.DictWriter(f, fieldnames=list(rows[0]))
        w.writeheader()
        w.writerows(rows)


#: Generated events written by ``mpxl score EVENT.csv -o x.xlsx``: (generator arguments, score options).
EVENTS = {
    "two-sections-apart": (dict(seed=51, sections=("A", "B"), tables=(5, 4)), ["--rounding", "2"]),
    "two-sections-across": (dict(seed=52, sections=("A", "B"), tables=(5, 4)), ["--rounding", "1", "--field", "event"]),
    "two-sections-across-one-winner": (dict(seed=53, sections=("A", "B"), tables=(4, 3), mitchell=False),
                                       ["--rounding", "2", "--field", "event"]),
    "two-sessions": (dict(seed=54, sessions=(1, 2), tables=(5, 4), boards=6), ["--rounding", "2"]),
    "two-sessions-one-winner-ebu": (dict(seed=55, sessions=(1, 2), tables=(4, 3), mitchell=False),
                                    ["--rounding", "ebu", "--method", "mckinnon", "--ave-policy", "wbf"]),
    "sessions-and-sections": (dict(seed=56, sections=("A", "B"), sessions=(1, 2), tables=(5, 4, 3)),
                              ["--rounding", "2", "--field", "event"]),
    # the signed scale: short boards (Neuberg), artificial scores, NP; and across two sections, Ave+ by the wbf rule
    "signed": (dict(seed=57, tables=(6,), boards=6, short=4, adjusted=4), ["--rounding", "1", "--scale", "signed"]),
    "signed-two-sections-ebu": (dict(seed=58, sections=("A", "B"), tables=(5, 4), mitchell=False, short=3, adjusted=5),
                                ["--rounding", "ebu", "--scale", "signed", "--ave-policy", "wbf", "--field", "event"]),
}


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    """Every workbook of this module, written by `mpxl score` (or its writer): name -> (path, extra)."""
    d = tmp_path_factory.mktemp("recalc-events")
    out = {}
    for name, (kwargs, options) in EVENTS.items():
        src, xlsx = d / f"{name}.csv", d / f"event-{name}.xlsx"
        write_club_csv(src, **kwargs)
        assert main(["score", str(src), "--no-infer", *options, "-o", str(xlsx)]) == 0
        out[f"event-{name}"] = (xlsx, (src, options))
    for name, (ev, options) in CONVENTION_EVENTS.items():
        res = score_event(ev, options)
        p = d / f"convention-{name}.xlsx"
        write_event_workbook(res, p)
        out[f"convention-{name}"] = (p, res)
    return out



@pytest.mark.parametrize("name", list(EVENTS))
def test_generated_event_workbook_recalculates_to_the_core(lo, built, name, capsys):
    """``mpxl score EVENT.csv -o x.xlsx`` writes live formulas for sections (apart and across the field)
    and sessions; LibreOffice's figures equal ``mpxl score --json``'s line by line and pair by pair,
    carried-forward included, and the ranking is in place order with the names."""
    from mpxl.formats.jsonout import result_to_json

    src, options = built[f"event-{name}"][1]
    capsys.readouterr()
    assert main(["score", str(src), "--no-infer", *options, "--json"]) == 0
    doc = json.loads(capsys.readouterr().out)
    result = score_result(src, options)
    core = result_to_json(result)
    assert doc["boards"] == core["boards"] and doc["pairs"] == core["pairs"]
    check_workbook_event(lo[f"event-{name}"], result)
    # the event has what its name says
    assert len({ln.section for ln in result.event.lines}) == (2 if "section" in name else 1)
    assert len({ln.session for ln in result.event.lines}) == (2 if "session" in name else 1)
    assert all(pr.pair.names for pr in result.pairs)
    if "session" in name:
        assert any(len(pr.sessions) == 2 for pr in result.pairs) and any(len(pr.sessions) == 1 for pr in result.pairs)


def test_signed_event_workbook_is_written_on_the_signed_scale(built):
    """`mpxl score --scale signed -o x.xlsx` writes Setup's Scale signed (the figures are checked above)."""
    wb = load_workbook(built["event-signed"][0])
    assert wb["Setup"]["B5"].value == "signed"
    result = score_result(*built["event-signed"][1])
    assert result.options.scale is Scale.SIGNED
    lines = [sl for b in result.boards for sl in b.lines]
    kinds = {sl.kind for sl in lines}
    assert {"result", "artificial"} <= kinds, kinds  # results and artificial scores
    assert any(b.top == 5 and len([sl for sl in b.lines if sl.kind == "result"]) < 6 for b in result.boards)


def test_every_convention_is_written_as_formulas():
    """Each convention mpxl reproduces is a Setup choice: an event scored under any of them is written live
    (Setup holds the choice; the figures are checked in LibreOffice below)."""
    from mpxl.workbook.event_writer import unsupported

    for name, (ev, options) in CONVENTION_EVENTS.items():
        result = score_event(ev, options)
        assert unsupported(result) is None, name
    wb = load_workbook(BytesIO(_saved(score_event(*CONVENTION_EVENTS["signed-exact-own"]))))
    setup = {wb["Setup"][f"A{r}"].value: wb["Setup"][f"B{r}"].value for r in range(3, 40)}
    assert setup["Totals from (TotalsFrom)"] == "exact" and setup["Missed boards (Unplayed)"] == "own"
    assert setup["Line % decimals (LinePctDecimals)"] == 0 and setup["Scale (Scale)"] == "signed"


@pytest.mark.parametrize("name", list(CONVENTION_EVENTS))
def test_conventions_libreoffice_equal_session(lo, built, name):
    """Every convention chosen on Setup: LibreOffice's lines, totals, percentages (as published), places and
    ranking equal the core's; with Line % decimals, each line's percentage equals the one mpxl publishes."""
    result = built[f"convention-{name}"][1]
    values = lo[f"convention-{name}"]
    check_workbook_event(values, result)
    decimals = result.event.line_percentage_decimals
    if decimals is None:
        return
    r = FIRST_ROW
    for b in result.boards:
        for sl in b.lines:
            top = b.line_top or b.top
            for side in ("ns", "ew"):
                want = result.options.line_percentage(getattr(sl, f"{side}_exact"), getattr(sl, f"{side}_mp"), top,
                                                      decimals)
                got = values["Travellers", f"{C[side + 'lp']}{r}"]
                assert close(got, want), (b.board, side, got, want)
            r += 1
