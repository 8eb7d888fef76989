"""The template's formulas, recalculated by LibreOffice headless and by ``formulas``, equal the core.

Workbooks are filled with the slides' board 4 and its variants (several Setup
combinations), the three real results files, and the Methods sheet for several
(N, n). LibreOffice converts them all in ONE soffice call (module fixture); the
``formulas`` package, being slow (~20 ms per formula), gets the smaller ones.
"""

from __future__ import annotations

import contextlib
import copy
import csv
import io
import json
import random
import re
import sys
from fractions import Fraction
from io import BytesIO
from pathlib import Path

import pytest
from openpyxl import load_workbook

from mpxl.board import score_board
from mpxl.cli import main
from mpxl.commands.methods import methods_table
from mpxl.methods import Method
from mpxl.rounding import Rounding, RoundingKind
from mpxl.workbook.examples import VARIANTS, variant_entries, variant_groups, variant_lines, variant_switches
from mpxl.workbook.layout import METHODS_SHEET
from mpxl.workbook.template import (
    FIRST_ROW,
    METHODS_LAYOUT,
    PAIRS_COLUMNS,
    TRAVELLER_COLUMNS,
    Settings,
    build_template,
    build_workbook,
)

sys.path.insert(0, str(Path(__file__).parent))
from recalc import check_workbook_event, formulas_recalc, libreoffice_recalc, score_result  # noqa: E402
from shared import REALDATA  # noqa: E402

REAL_FILES = ["scorebridge-2025-01-06-one-winner.xml", "ebuscore-2025-01-02-two-winner-a5050.xml",
              "magiccontest-ffb-final-2022-session1.pbn", "acblscore-2017-08-10-howell-single-scale.xml",
              # Compscore3's estimate-at totals, unplayed own and totals to 2 decimals; Ruter's signed scale,
              # totals from the exact figures and unplayed own: every convention of theirs live on Setup
              "compscore3-2022-07-27-howell-a5050.xml", "ruter-2016-03-09-signed-mp1-aminus.pbn"]

from mpxl.formats import read_event  # noqa: E402
from mpxl.options import ScoringOptions  # noqa: E402
from mpxl.session import score_event  # noqa: E402
from mpxl.settings import AvePolicy, Scale, SmallGroups  # noqa: E402
from mpxl.workbook.event_writer import write_event_workbook  # noqa: E402

HAVE_REAL = all((REALDATA / f).exists() for f in REAL_FILES)
needs_real = pytest.mark.skipif(not HAVE_REAL, reason=f"the three real files are not in {REALDATA}")

C = TRAVELLER_COLUMNS
T = PAIRS_COLUMNS

# Setup combinations: each workbook holds every variant of board 4 as boards 4, 20, 36, ...
SETUPS = {
    "neuberg": Settings(method="Neuberg", rounding="half-up", decimals=2, small_groups="wbf"),
    "manual-slides": Settings(method="Manual", rounding="exact", small_groups="none"),
    "mckinnon-single-ebu": Settings(method="McKinnon", scale=1, rounding="ebu", decimals=1, small_groups="qba",
                                    ave_policy="wbf", winners=1),
    "ascherman-even": Settings(method="Ascherman", rounding="half-even", decimals=1, small_groups="ebu"),
    "factor": Settings(method="Factor", rounding="half-up", decimals=1, small_groups="wbf", ave_policy="wbf"),
    # Ascherman's other reading: short boards only (a full board keeps S), as ascherman-even's full boards do not
    "ascherman-short": Settings(method="Ascherman-short", rounding="exact", small_groups="none"),
    # the signed scale (MP1): each figure the double one less N - 1, rounded about 0; % = 50 + 50 x MP / Max
    "neuberg-signed": Settings(method="Neuberg", scale="signed", rounding="half-up", decimals=1, small_groups="wbf"),
    "mckinnon-signed-ebu": Settings(method="McKinnon", scale="signed", rounding="ebu", decimals=1, small_groups="qba",
                                    ave_policy="wbf", winners=1),
}
BOARDS = {v: 4 + 16 * i for i, v in enumerate(VARIANTS)}
#: (N, n, scale); the full boards (9, 9) and (7, 7): Ascherman (every board) changes them, the others keep S
METHOD_CASES = [(9, 8, 2), (11, 10, 2), (16, 8, 2), (12, 11, 1), (5, 3, 2), (13, 5, 1), (7, 7, 2), (9, 9, 2), (6, 1, 2),
                (9, 8, "signed"), (16, 8, "signed"), (7, 7, "signed"), (6, 1, "signed")]


def lines_for(settings: Settings, variant: str, board: int):
    """The variant's lines; in a one-winner field the EW pairs are numbered 10-18."""
    lines = variant_lines(variant, board)
    if settings.winners == 1:
        for ln in lines:
            ln.ew_pair += 9
    return lines


def boards_of(variants=None) -> dict:
    return {v: b for v, b in BOARDS.items() if variants is None or v in variants}


def variants_workbook(settings: Settings, variants=None):
    lines = [ln for v, b in boards_of(variants).items() for ln in lines_for(settings, v, b)]
    pairs = ([(p, "NS") for p in range(1, 10)] + [(p, "EW") for p in range(1, 10)]
             if settings.winners == 2 else [(p, None) for p in range(1, 19)])
    return build_workbook(settings, lines, list(boards_of(variants).values()), pairs)


def expected_board(settings: Settings, variant: str):
    """The core's rounded NS and EW figures for one variant under ``settings``."""
    scale = Scale.find(settings.scale)
    res = score_board(variant_entries(variant), expected=9, method=Method.find(settings.method), scale=scale.unit,
                      groups=variant_groups(variant), arrowswitch=variant_switches(variant),
                      small_groups=SmallGroups.find(settings.small_groups))
    rounding = Rounding() if settings.rounding is RoundingKind.EXACT else Rounding(settings.rounding, settings.decimals)
    off, avg = scale.offset(scale.top(9)), scale.average(scale.top(9))  # signed: less 8, rounded about 0
    return ([rounding.apply(x - off, avg) for x in res.ns_mp], [rounding.apply(x - off, avg) for x in res.ew_mp])


def variants_event(settings: Settings, variants=None):
    """The variants workbook as an Event, for the session-level checks (totals, Ave+ policy)."""
    from mpxl.event import Event, Line

    lines = []
    for v, b in boards_of(variants).items():
        for row, entry, group, switch in zip(lines_for(settings, v, b), variant_entries(v), variant_groups(v),
                                             variant_switches(v)):
            lines.append(Line(b, str(row.ns_pair), str(row.ew_pair), score=entry, group=group, arrowswitch=switch))
    ev = Event(lines=lines, winners={"": settings.winners})
    opts = ScoringOptions.parse(method=settings.method, scale=settings.scale, small_groups=settings.small_groups,
                          rounding="exact" if settings.rounding is RoundingKind.EXACT else f"{settings.rounding.value}:{settings.decimals}"
                          if settings.rounding is not RoundingKind.EBU else "ebu",
                          ave_policy=settings.ave_policy, winners=settings.winners)
    return score_event(ev, opts)


def methods_workbook(N: int, n: int, scale: int | str):
    wb = build_workbook(Settings(scale=scale), methods=(N, n))
    for name in list(wb.sheetnames):
        if name != "Methods":
            del wb[name]
    return wb


def close(a, b, tol=1e-9) -> bool:
    if a is None or b is None or a == "":
        return (a in (None, "")) and b is None
    return abs(float(a) - float(b)) <= tol


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
    from mpxl.event import Event, Line, SitOut

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
    from mpxl.event import Event, Line

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
    "places-plain-half-even": (ties_event(), _options(places="plain", rounding_pct="half-even:0")),
    "places-shared-half-up": (ties_event(), _options(rounding_pct="half-up:0")),
    "scaled-basis": (convention_event(), _options(percentage_basis="scaled", scale=1, rounding="half-up:1",
                                                  rounding_totals="half-up:1")),
    "exact-ebu": (convention_event(), _options(totals_from="exact", rounding="ebu", rounding_totals="half-even:2")),
}


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    """Every workbook of this module, written to disk: name -> (path, extra)."""
    d = tmp_path_factory.mktemp("recalc")
    out = {}
    for name, s in SETUPS.items():
        p = d / f"variants-{name}.xlsx"
        variants_workbook(s).save(p)
        out[f"variants-{name}"] = (p, s)
    for N, n, scale in METHOD_CASES:
        p = d / f"methods-{N}-{n}-{scale}.xlsx"
        methods_workbook(N, n, scale).save(p)
        out[f"methods-{N}-{n}-{scale}"] = (p, (N, n, scale))
    p = d / "club-pairs.xlsx"
    build_template().save(p)
    out["club-pairs"] = (p, None)
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
    p = d / "entries.xlsx"
    entries_workbook(p)
    out["entries"] = (p, None)
    p = d / "club-pairs-signed.xlsx"
    build_template(scale="signed").save(p)
    out["club-pairs-signed"] = (p, None)
    for rounding in ("half-up", "ebu"):
        p = d / f"signed-half-{rounding}.xlsx"
        signed_half_workbook(rounding).save(p)
        out[f"signed-half-{rounding}"] = (p, None)
    # the teaching workbook twice: as .xlsx, and macro-enabled with xlwings' VBA project (classic xlwings)
    from mpxl.workbook.classic import macro_enable
    from mpxl.workbook.examples import teaching_workbook

    for suffix in (".xlsx", ".xlsm"):
        wb = teaching_workbook()
        if suffix == ".xlsm":
            macro_enable(wb)
        p = d / f"teaching{suffix}"
        wb.save(p)
        out[f"teaching{suffix}"] = (p, None)
    if HAVE_REAL:
        from mpxl.conventions import detect

        for f in REAL_FILES:
            ev = read_event(REALDATA / f)
            # Magic Contest publishes a tie-break: the Pairs sheet has it, and places by it as mpxl does
            res = score_event(ev, detect(ev).options())
            p = d / f"{f}.xlsx"
            write_event_workbook(res, p)
            out[f"real-{f}"] = (p, res)
    return out


@pytest.fixture(scope="module")
def lo(built):
    """LibreOffice's values for every built workbook, from one soffice call."""
    names = list(built)
    values = libreoffice_recalc([built[n][0] for n in names])
    return dict(zip(names, values))


def check_variants(values, settings: Settings, variants=None):
    r = FIRST_ROW
    for v in boards_of(variants):
        ns, ew = expected_board(settings, v)
        for i in range(9):
            got_ns, got_ew = values["Travellers", f"{C['ns_mp']}{r}"], values["Travellers", f"{C['ew_mp']}{r}"]
            assert close(got_ns, ns[i]) and close(got_ew, ew[i]), (
                f"{v} table {i + 1}: workbook {got_ns}/{got_ew}, core {float(ns[i])}/{float(ew[i])}")
            r += 1
    # every board's status is ok
    for i in range(len(boards_of(variants))):
        status = values["Travellers", f"{C['b_status']}{FIRST_ROW + i}"]
        assert status == "ok", (i, status)


def check_event(values, result):
    """Every line's NS and EW MP, every pair's figures on Pairs and the ranking on Totals equal the core's."""
    check_workbook_event(values, result)


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
    check_event(lo[f"event-{name}"], result)
    # the event has what its name says
    assert len({ln.section for ln in result.event.lines}) == (2 if "section" in name else 1)
    assert len({ln.session for ln in result.event.lines}) == (2 if "session" in name else 1)
    assert all(pr.pair.names for pr in result.pairs)
    if "session" in name:
        assert any(len(pr.sessions) == 2 for pr in result.pairs) and any(len(pr.sessions) == 1 for pr in result.pairs)


# ------------------------------------------------------------------ the signed scale

#: A board of 4 results worth 5 whose first line is -3.75 on the signed scale (the double 4.25 less 4).
SIGNED_HALF = [100, 200, 400, 300]


def signed_half_workbook(rounding: str):
    from mpxl.workbook.template import TemplateLine

    lines = [TemplateLine(1, i + 1, i + 11, typed=s) for i, s in enumerate(SIGNED_HALF)]
    pairs = [(p, "NS") for p in range(1, 5)] + [(p, "EW") for p in range(11, 15)]
    settings = Settings(scale="signed", expected=5, rounding=rounding, decimals=1)
    return build_workbook(settings, lines, [1], pairs)


@pytest.mark.parametrize("rounding, want", [("half-up", -3.8), ("ebu", -3.7)])
def test_signed_sheet_rounds_the_signed_figure(lo, rounding, want):
    """-3.75 at one decimal: half-up takes the half away from zero (-3.8), ebu towards the average, 0 (-3.7),
    as the core does; the board's top is N - 1 = 4 and its check total 0."""
    v = lo[f"signed-half-{rounding}"]
    assert v["Travellers", f"{C['ns_mp']}{FIRST_ROW}"] == want
    assert v["Travellers", f"{C['ew_mp']}{FIRST_ROW}"] == -want
    core = score_board(SIGNED_HALF, expected=5).ns_mp[0] - 4
    assert core == Fraction(-15, 4) and float(Rounding.parse(rounding if rounding == "ebu" else "1").apply(core)) == want
    assert (v["Travellers", f"{C['b_top']}{FIRST_ROW}"], v["Travellers", f"{C['b_check']}{FIRST_ROW}"]) == (4, 0)
    assert v["Setup", "B9"] == 4 and v["Travellers", f"{C['b_status']}{FIRST_ROW}"] == "ok: 1 missing, estimated"


def test_signed_variants_are_the_double_ones_less_n_minus_1(lo):
    """Board 4 of the slides as played, on the signed scale: 6, 0, 8, 16, 2, 11, 11, 14, 4 less 8; NS + EW = 0;
    the Avg/Avg table 0; an A+/A+ gives +1.6 to both sides (60% of a top of 8)."""
    v = lo["variants-neuberg-signed"]
    ns = [v["Travellers", f"{C['ns_mp']}{r}"] for r in range(FIRST_ROW, FIRST_ROW + 9)]
    ew = [v["Travellers", f"{C['ew_mp']}{r}"] for r in range(FIRST_ROW, FIRST_ROW + 9)]
    assert ns == [-2, -8, 0, 8, -6, 3, 3, 6, -4] and [a + b for a, b in zip(ns, ew)] == [0] * 9
    avg_row = FIRST_ROW + 9 * list(BOARDS).index("avg") + 5
    assert (v["Travellers", f"{C['ns_mp']}{avg_row}"], v["Travellers", f"{C['ew_mp']}{avg_row}"]) == (0, 0)
    aplus = FIRST_ROW + 9 * list(BOARDS).index("aplus") + 5
    assert (v["Travellers", f"{C['ns_mp']}{aplus}"], v["Travellers", f"{C['ew_mp']}{aplus}"]) == (1.6, 1.6)
    assert v["Setup", "B5"] == "signed" and v["Setup", "B9"] == 8  # Top = N - 1
    pcts = [v["Pairs", f"{T['pctx']}{r}"] for r in range(FIRST_ROW, FIRST_ROW + 18)]
    mps = [v["Pairs", f"{T['mp']}{r}"] for r in range(FIRST_ROW, FIRST_ROW + 18)]
    maxes = [v["Pairs", f"{T['max']}{r}"] for r in range(FIRST_ROW, FIRST_ROW + 18)]
    assert all(abs(p - (50 + 50 * m / x)) < 1e-9 for p, m, x in zip(pcts, mps, maxes)), (pcts, mps, maxes)


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


# ------------------------------------------------------------------ LibreOffice


@pytest.mark.parametrize("name", [n for n in SETUPS if SETUPS[n].ave_policy == "fixed"])
def test_variants_libreoffice_equal_score_board(lo, built, name):
    check_variants(lo[f"variants-{name}"], built[f"variants-{name}"][1])


@pytest.mark.parametrize("name", list(SETUPS))
def test_variants_libreoffice_equal_session(lo, built, name):
    check_event(lo[f"variants-{name}"], variants_event(built[f"variants-{name}"][1]))


def test_slides_numbers_in_libreoffice(lo):
    """The slides' screens, straight from the sheet: plain, Avg/Avg, 60/40, fouled (manual way)."""
    v = lo["variants-neuberg"]
    col = [v["Travellers", f"{C['ns_mp']}{r}"] for r in range(FIRST_ROW, FIRST_ROW + 27)]
    assert col[:9] == [6, 0, 8, 16, 2, 11, 11, 14, 4]
    assert col[9:18] == [6.88, 0.13, 9.13, 15.88, 2.38, 8, 11.38, 13.63, 4.63]
    assert col[18 + 5] == 9.6 and v["Travellers", f"{C['ew_mp']}{FIRST_ROW + 23}"] == 6.4
    m = lo["variants-manual-slides"]
    fouled = FIRST_ROW + 9 * list(BOARDS).index("fouled")
    assert [m["Travellers", f"{C['ns_mp']}{r}"] for r in range(fouled, fouled + 9)] == [8, 4, 10, 5, 11, 8, 8, 12, 6]
    assert [v["Travellers", f"{C['ns_score']}{r}"] for r in range(FIRST_ROW, FIRST_ROW + 9)] == \
        [-130, -660, -120, 200, -600, 100, 100, 140, -150]


@pytest.mark.parametrize("N, n, scale", METHOD_CASES)
def test_methods_sheet_libreoffice_equals_mpxl_methods(lo, N, n, scale):
    check_methods(lo[f"methods-{N}-{n}-{scale}"], N, n, scale)


def check_methods(values, N, n, scale):
    L = METHODS_LAYOUT
    rows = methods_table(N, n, Scale.find(scale))
    shown = [list(Method).index(m) for m in METHODS_SHEET]  # the sheet's columns among the table's methods
    for j, (S, mps, pcts) in enumerate(rows):
        r = L["first_row"] + j
        assert close(values["Methods", f"A{r}"], S)
        for i, k in enumerate(shown):
            assert close(values["Methods", f"{L['mp_cols'][i]}{r}"], mps[k]), (N, n, S, i)
            assert close(values["Methods", f"{L['pct_cols'][i]}{r}"], pcts[k]), (N, n, S, i)
    assert values["Methods", f"A{L['first_row'] + len(rows)}"] in (None, "")
    # and the printed `mpxl methods N n` agrees to its 2 decimals
    printed_out = io.StringIO()  # in this process: the command's own main, as `mpxl methods` runs it
    with contextlib.redirect_stdout(printed_out):
        assert main(["methods", str(N), str(n), "--scale", str(scale)]) == 0
    out = printed_out.getvalue()
    printed = [line.split() for line in out.splitlines() if re.match(r"^\s+-?\d+\.\d\s", line)]
    assert len(printed) == 2 * len(rows)  # the matchpoints table, then the percentages table
    printed = [mp + pct[1:] for mp, pct in zip(printed[:len(rows)], printed[len(rows):])]
    for j, fields in enumerate(printed):
        r = L["first_row"] + j
        cells = [values["Methods", f"{c}{r}"] for c in L["mp_cols"] + L["pct_cols"]]
        figures = [float(x) for x in fields[1:]]
        figures = [figures[k] for k in shown] + [figures[len(Method) + k] for k in shown]
        # the command prints a half away from zero (a signed -7.875 is -7.88)
        assert figures == pytest.approx([round(float(c) + (1e-9 if c >= 0 else -1e-9), 2) for c in cells], abs=0.006)


@pytest.mark.parametrize("name", ["club-pairs", "club-pairs-signed"])
def test_empty_club_template_recalculates_cleanly(lo, built, name):
    v = lo[name]
    assert v["Setup", "B8"] == 1  # N used: no results yet
    assert v["Travellers", f"{C['b_status']}{FIRST_ROW}"] == "no results"
    assert v["Travellers", f"{C['ns_mp']}{FIRST_ROW}"] in (None, "")
    assert v["Pairs", f"{T['place']}{FIRST_ROW}"] in (None, "")
    assert v["Totals", f"A{FIRST_ROW}"] in (None, "")
    errors = [k for k, x in v.data.items() if isinstance(x, str) and x.startswith("#")]
    hidden = _hidden_cells(built[name][0])
    shown = [k for k in errors if k not in hidden]
    assert not shown[:5], f"{len(shown)} error values shown"
    # the Methods chart's data columns hold #N/A (a chart's gaps), hidden: nothing else does
    assert {k[0] for k in errors} <= {"METHODS"}


def _hidden_cells(path: Path):
    """A test for (SHEET, cell) being in a hidden column or row of the workbook at ``path``."""
    from openpyxl.utils import column_index_from_string
    from openpyxl.utils.cell import coordinate_from_string

    wb = load_workbook(path)
    cols, rows = {}, {}
    for ws in wb.worksheets:
        cols[ws.title.upper()] = {i for d in ws.column_dimensions.values() if d.hidden for i in range(d.min, d.max + 1)}
        rows[ws.title.upper()] = {r for r, d in ws.row_dimensions.items() if d.hidden}

    class Hidden:
        def __contains__(self, key) -> bool:
            sheet, ref = key
            letters, row = coordinate_from_string(ref)
            return column_index_from_string(letters) in cols.get(sheet, ()) or row in rows.get(sheet, ())

    return Hidden()


@pytest.mark.parametrize("name", list(CONVENTION_EVENTS))
def test_conventions_libreoffice_equal_session(lo, built, name):
    """Every convention chosen on Setup: LibreOffice's lines, totals, percentages (as published), places and
    ranking equal the core's; with Line % decimals, each line's percentage equals the one mpxl publishes."""
    result = built[f"convention-{name}"][1]
    values = lo[f"convention-{name}"]
    check_event(values, result)
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


@needs_real
@pytest.mark.parametrize("f", REAL_FILES)
def test_real_files_libreoffice_equal_session(lo, built, f):
    result = built[f"real-{f}"][1]
    check_event(lo[f"real-{f}"], result)
    if f.startswith("magiccontest"):  # pairs 44 and 1 tie on 47.08%: the published tie-break places them 31 and 32
        assert [pr.place for pr in result.pairs if pr.pair.number in ("44", "1")] == ["31", "32"]


# ---------------------------------------------------------------------- formulas


def _only(path: Path, keep: tuple, out: Path, max_row: int | None = None) -> Path:
    wb = load_workbook(path)
    for name in list(wb.sheetnames):
        if name not in keep:
            del wb[name]
    if max_row:
        ws = wb[keep[0]]
        ws.delete_rows(max_row + 1, ws.max_row)
        ws._charts = []
    wb.save(out)
    return out


#: ``formulas`` compiles each formula in Python (~20 ms each): the suite's run takes one variant,
#: ``python -m pytest -m deep`` four variants of two set-ups.
FORMULAS_VARIANTS = [("neuberg", ("avg",)),
                     pytest.param("neuberg", ("plain", "avg", "6040", "fouled3"), marks=pytest.mark.deep),
                     pytest.param("mckinnon-single-ebu", ("avg", "aplus", "switch", "fouled"), marks=pytest.mark.deep)]


@pytest.mark.parametrize("name, variants", FORMULAS_VARIANTS)
def test_variants_formulas_package(tmp_path, name, variants):
    """The variants' workbook recalculated by a second engine, the ``formulas`` package."""
    settings = SETUPS[name]
    path = tmp_path / "v.xlsx"
    variants_workbook(settings, variants).save(path)
    values = formulas_recalc(_only(path, ("Setup", "Travellers", "Pairs", "Totals", "Help"), tmp_path / "v2.xlsx"))
    if settings.ave_policy is AvePolicy.FIXED:
        check_variants(values, settings, variants)
    check_event(values, variants_event(settings, variants))


def test_methods_sheet_formulas_package(tmp_path):
    N, n, scale = 9, 7, 2
    p = tmp_path / "m.xlsx"
    methods_workbook(N, n, scale).save(p)
    last = METHODS_LAYOUT["first_row"] + 2 * (n - 1) + 1
    check_methods(formulas_recalc(_only(p, ("Methods",), tmp_path / "m2.xlsx", last)), N, n, scale)


@needs_real
@pytest.mark.deep  # the formulas package compiles each cell (minutes a file): python -m pytest -m deep
@pytest.mark.parametrize("f", REAL_FILES[:3])
def test_real_files_formulas_package(tmp_path, f):
    """One board of each real file plus its first board with an artificial score (the full files
    take minutes in ``formulas``; LibreOffice checks them whole above)."""
    from mpxl.conventions import detect

    ev = read_event(REALDATA / f)
    boards = sorted({ln.board for ln in ev.lines})
    artificial = sorted({ln.board for ln in ev.lines if isinstance(ln.score, str)})
    keep = set(boards[:1]) | set(artificial[:1])
    sub = copy.copy(ev)
    sub.lines = [ln for ln in ev.lines if ln.board in keep]
    sub.pairs = list(ev.pairs)
    N = max(sum(ln.score is not None for ln in ev.lines if ln.board == b) for b in boards)
    res = score_event(sub, detect(ev).options(expected=N))
    p = tmp_path / "real.xlsx"
    write_event_workbook(res, p)
    check_event(formulas_recalc(_only(p, ("Setup", "Travellers", "Pairs", "Totals", "Help"), tmp_path / "r.xlsx")), res)


# ------------------------------------------------------------ every kind of entry

#: One entry a line: (name, the line's cells, what the sheet shows). The cells are TemplateLine
#: fields (contract, by, tricks, typed, adjustment; ns_pair/ew_pair None to leave them out). What the
#: sheet shows is either "read" (its matchpoints equal `mpxl score`'s on the same entries) or the
#: board's status line (the row is filled in), with `mpxl score`'s own answer: "reads" or "refuses".
ENTRIES = [
    ("suit symbol", dict(contract="4♠", by="S", tricks=10), "read", "reads"),
    ("suit symbol doubled", dict(contract="3♥x", by="W", tricks=8), "read", "reads"),
    ("other suit symbols", dict(contract="2♢", by="E", tricks=9), "read", "reads"),
    ("strain as a word", dict(contract="2 hearts", by="N", tricks=8), "read", "reads"),
    ("notrump as a word", dict(contract="3 notrump", by="E", tricks=9), "read", "reads"),
    ("score typed as text", dict(typed="-620"), "read", "reads"),
    ("score typed as text with +", dict(typed="+420"), "read", "reads"),
    ("declarer as a word", dict(contract="4S", by="North", tricks=10), "read", "reads"),
    ("tricks typed as text", dict(contract="4S", by="N", tricks="10"), "read", "reads"),
    ("tricks as a result =", dict(contract="4S", by="N", tricks="="), "read", "reads"),
    ("tricks as a result +1", dict(contract="3NT", by="W", tricks="+1"), "read", "reads"),
    ("tricks as a result -2", dict(contract="4Hx", by="S", tricks="-2"), "read", "reads"),
    ("tricks as made", dict(contract="1C", by="E", tricks="made"), "read", "reads"),
    ("passed out", dict(contract="PASS"), "read", "reads"),
    ("arrowswitch Y", dict(typed=420, switch="Y"), "read", "reads"),
    ("arrowswitch x", dict(typed=420, switch="x"), "read", "reads"),
    ("arrowswitch 1 on an adjustment", dict(adjustment="A+", switch=1), "read", "reads"),
    ("arrowswitch no", dict(typed=420, switch="no"), "read", "reads"),
    ("arrowswitch AS", dict(typed=420, switch="AS"), "read", "reads"),
    ("arrowswitch switched", dict(typed=420, switch="Switched"), "read", "reads"),
    ("arrowswitch A", dict(typed=420, switch="a"), "read", "reads"),
    ("arrowswitch not read", dict(typed=420, switch="maybe"),
     'row {row}: Arrowswitch "maybe" is not Y, N or blank', "refuses"),
    ("contract not a contract", dict(contract="4Q", by="N", tricks=10),
     'row {row}: contract "4Q" not understood', "refuses"),
    ("contract too high", dict(contract="8NT", by="N", tricks=10),
     'row {row}: contract "8NT" not understood', "refuses"),
    ("declarer missing", dict(contract="4S", tricks=10), "row {row}: By missing", "refuses"),
    ("declarer not a seat", dict(contract="4S", by="NE", tricks=10),
     'row {row}: By "NE" is not N, E, S or W', "refuses"),
    ("tricks missing", dict(contract="4S", by="N"), "row {row}: Tricks missing", "refuses"),
    ("tricks above 13", dict(contract="4S", by="N", tricks=14),
     'row {row}: Tricks "14" is not 0-13 or =, +1, -2', "refuses"),
    ("result impossible", dict(contract="4S", by="N", tricks="+4"),
     'row {row}: Tricks "+4" is not 0-13 or =, +1, -2', "refuses"),
    ("result =1", dict(contract="4S", by="N", tricks="=1"),
     'row {row}: Tricks "=1" is not 0-13 or =, +1, -2', "refuses"),
    ("typed score not a number", dict(typed="abc"),
     'row {row}: typed score "abc" is not a number (codes go in Adjustment)', "refuses"),
    ("split score", dict(typed="95|105"), "read", "reads"),
    ("weighted score", dict(typed="50% 95 + 50% 105"), "read", "reads"),
    ("split score with no EW side", dict(typed="-150|"),
     "row {row}: '-150|': a split score is NS's result, a bar, EW's result, such as -150|-50", "refuses"),
    ("adjustment not a code", dict(adjustment="ZZ"),
     'row {row}: Adjustment "ZZ" not understood', "refuses"),
    ("adjustment above 100%", dict(adjustment="A101"),
     'row {row}: Adjustment "A101" not understood', "refuses"),
    ("EW pair missing", dict(typed=420, ew_pair=None), "row {row}: EW pair missing", "refuses"),
    ("NS pair missing", dict(adjustment="A+", ns_pair=None), "row {row}: NS pair missing", "refuses"),
    ("two bad lines", dict(typed="x1", also=dict(contract="9C", by="N", tricks=7)),
     'row {row}: typed score "x1" is not a number (codes go in Adjustment) (and 1 more)', "refuses"),
]


def _entry_lines(i: int, cells: dict):
    """Board i + 1: the entry on its first line, then two plain results around its score (so any
    misreading moves its matchpoints), and, for the two-bad-lines case, the second bad entry."""
    from mpxl.workbook.template import TemplateLine

    board = i + 1
    cells = dict(cells)
    also = cells.pop("also", None)
    first = TemplateLine(board, cells.pop("ns_pair", 1), cells.pop("ew_pair", 11), **cells)
    try:
        from mpxl.contract import board_vulnerability, ns_score
        from mpxl.formats.csvfile import tricks_cell, tricks_of_contract

        if first.adjustment is not None:
            s = 100
        elif first.typed is not None:
            s = int(str(first.typed))
        elif first.contract and first.contract.upper() != "PASS":
            tricks = tricks_of_contract(first.contract, tricks_cell(str(first.tricks)))
            s = ns_score(first.contract, first.by, tricks, board_vulnerability(board))
        else:
            s = 0
    except (ValueError, TypeError):
        s = 100
    # around the entry's score; both above it for an arrowswitch, so that switched or not differ
    low, high = (s + 10, s + 20) if first.switch is not None else (s - 10, s + 10)
    lines = [first, TemplateLine(board, 2, 12, typed=low), TemplateLine(board, 3, 13, typed=high)]
    if also:
        lines[2] = TemplateLine(board, 3, 13, **also)
    return lines


def _csv(lines, path: Path) -> Path:
    def cell(v):
        return "" if v is None else f'"{v}"'

    rows = ["board,ns_pair,ew_pair,contract,declarer,tricks,ns_score,adjustment,arrowswitch"]
    for ln in lines:
        rows.append(",".join(cell(v) for v in (ln.board, ln.ns_pair, ln.ew_pair, ln.contract, ln.by, ln.tricks,
                                                ln.typed, ln.adjustment, ln.switch)))
    path.write_text("\n".join(rows) + "\n", encoding="utf-8")
    return path


def entries_workbook(path: Path) -> None:
    lines = [ln for i, (_, cells, _, _) in enumerate(ENTRIES) for ln in _entry_lines(i, cells)]
    pairs = [(p, "NS") for p in (1, 2, 3)] + [(p, "EW") for p in (11, 12, 13)]
    build_workbook(Settings(), lines, list(range(1, len(ENTRIES) + 1)), pairs).save(path)


@pytest.mark.parametrize("i", range(len(ENTRIES)), ids=[e[0] for e in ENTRIES])
def test_each_kind_of_entry_is_read_as_mpxl_score_reads_it_or_named_on_its_board(lo, tmp_path, capsys, i):
    """Typed into the template and recalculated by LibreOffice: an entry `mpxl score` reads gets the
    command's matchpoints; any other is named, with its row, on its board's status line, and the board
    shows ? (never scored as if the line were missing)."""
    from mpxl.cli import main

    name, cells, shows, command = ENTRIES[i]
    v = lo["entries"]
    row, status_row = FIRST_ROW + 3 * i, FIRST_ROW + i
    status = v["Travellers", f"{C['b_status']}{status_row}"]
    lines = _entry_lines(i, cells)
    csv = _csv(lines, tmp_path / "board.csv")
    capsys.readouterr()
    code = main(["score", str(csv), "--json", "--no-infer"])
    out = capsys.readouterr()
    assert (code == 0) == (command == "reads"), (name, code, out.err)
    sheet = [(v["Travellers", f"{C['ns_mp']}{r}"], v["Travellers", f"{C['ew_mp']}{r}"]) for r in range(row, row + 3)]
    if shows == "read":
        assert status.split(";")[0] == "ok", (name, status)  # a ruling read: "ok; row 7: split score..."
        data = json.loads(out.out)
        want = [(ln["ns_mp"], ln["ew_mp"]) for ln in data["boards"][0]["lines"]]
        assert sheet == want, (name, sheet, want)
        if not cells.get("adjustment") and cells.get("switch") is None:
            assert sheet[0] == (2, 2), (name, "the entry sits between its neighbours", sheet)
        if cells.get("switch") is not None and not cells.get("adjustment"):  # switched or not: not the same
            assert sheet[0] == ((4, 0) if cells["switch"] != "no" else (0, 4)), (name, sheet)
    else:
        assert status == shows.format(row=row), (name, status)
        assert all(mp == ("?", "?") for mp in sheet), (name, sheet)
        # the pairs' totals wait for the fix too (not scored as if the line were missing)
        totals = {v["Pairs", f"{T['pair']}{r}"]: v["Pairs", f"{T['mp']}{r}"] for r in (FIRST_ROW + 1, FIRST_ROW + 4)}
        assert set(totals.values()) == {"?"}, (name, totals)


def test_macro_enabled_workbook_recalculates_in_libreoffice(lo):
    """The .xlsm (xlwings' VBA project inside) recalculates as the .xlsx does, cell for cell, and gives
    the slides' board 4 (Travellers rows 5-13)."""
    xlsm, xlsx = lo["teaching.xlsm"], lo["teaching.xlsx"]
    assert [xlsm["Travellers", f"{C['ns_mp']}{r}"] for r in range(FIRST_ROW, FIRST_ROW + 9)] == [6, 0, 8, 16, 2, 11,
                                                                                                 11, 14, 4]
    assert xlsm.data == xlsx.data
