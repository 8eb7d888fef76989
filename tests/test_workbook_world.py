"""Generated worlds: seeded random events drawing the Setup's conventions and the director's rulings together,
written as CSV, scored by ``mpxl score -o x.xlsx``, recalculated by LibreOffice and compared with the core.

Each world is small (2-3 tables, 3-4 boards) and draws every Setup convention mpxl score takes (method, scale,
estimate-at, Ave policy, lone result, unplayed boards, places, rounding of the lines, the totals and the
percentages, percentage basis, totals from, small-group rule, totals method) and the rulings (artificial scores, split, weighted
and mixed scores, fouled groups, a line's own penalties, penalty rows, sit-outs, arrowswitches, boards not
played). Its workbook must recalculate to the core's figures: every line's NS and EW MP, every pair's total,
percentage and place (tests/recalc.py ``check_workbook_event``), with no ``?`` anywhere; a workbook written as
values must say why, in the command's message.

The seeds of :data:`SEEDS` run in the suite; ``python -m pytest tests/test_workbook_world.py -m long`` runs
:data:`DEEP_SEEDS` (``$MPXL_WORLD_SEEDS``, 100 by default) as well. A world that disagrees fails: the four draws
of :data:`KNOWN`, once skipped when they disagreed, agree in all 100 (21 of them draw one; measured when the skip
was taken out), and the long seeds still draw each of them.
"""

from __future__ import annotations

import contextlib
import io
import os
import random
import sys
from dataclasses import dataclass, field
from pathlib import Path

import pytest

from mpxl.cli import main

sys.path.insert(0, str(Path(__file__).parent))
from recalc import check_workbook_event, libreoffice_recalc, score_result  # noqa: E402

HEAD = "session,section,board,ns_pair,ew_pair,ns_score,adjustment,group,arrowswitch,ns_penalty,ew_penalty,ns_mp,ew_mp\n"
SCORES = (-800, -200, -100, -50, 50, 90, 110, 120, 140, 400, 420, 450, 620, 660, 1430)
ARTIFICIAL = ("A+", "A-", "A=", "A6040", "A+/A+", "A-/A-", "A5050", "60/40", "A40/A60")
LINE_PENALTIES = ("1", "0.5", "2", "10%", "25%")

#: Each convention mpxl score takes, and the values a world draws from.
CONVENTIONS: dict[str, tuple[str, ...]] = {
    "--method": ("neuberg", "factor", "ascherman", "mckinnon", "manual", "ascherman-short", "none"),
    "--scale": ("2", "1", "signed"),
    "--estimate-at": ("lines", "totals", "never", "own-tops"),
    "--ave-policy": ("fixed", "wbf"),
    "--lone-result": ("average", "ave-plus"),
    "--unplayed": ("none", "own"),
    "--places": ("shared", "plain"),
    "--rounding": ("exact", "ebu", "acbl", "half-up:1", "half-even:1", "2"),
    "--rounding-totals": ("half-up:2", "half-even:1", "exact"),
    "--rounding-pct": ("half-up:2", "half-even:0", "half-up:1"),
    "--percentage-basis": ("played", "scaled"),
    "--totals-from": ("rounded", "exact"),
    "--small-groups": ("wbf", "ebu", "qba", "none"),
    "--field": ("section", "event"),
    # last, so that adding it left every earlier draw of a seed as it was
    "--totals-method": ("as-lines", "plain", "manual", "neuberg", "factor", "ascherman", "mckinnon",
                        "ascherman-short"),
}


@dataclass
class World:
    """One generated event: its CSV rows, mpxl score's options and what it drew."""

    seed: int
    rows: str
    options: list[str]
    drawn: set[str] = field(default_factory=set)


def _score(rng: random.Random) -> int:
    return rng.choice(SCORES)


def _line(rng: random.Random, drawn: set[str]) -> tuple[str, str]:
    """(ns_score, adjustment) of one line."""
    roll = rng.random()
    if roll < 0.08:
        drawn.add("artificial")
        return "", rng.choice(ARTIFICIAL)
    if roll < 0.12:
        drawn.add("not played")
        return "", "NP"
    if roll < 0.17:
        drawn.add("split")
        a, b = rng.sample(SCORES, 2)
        return f"{a}|{b}", ""
    if roll < 0.22:
        drawn.add("weighted")
        a, b = rng.sample(SCORES, 2)
        w = rng.choice((20, 30, 50))
        return f"{w}% {a} + {100 - w}% {b}", ""
    if roll < 0.26:
        drawn.add("mixed")
        code = rng.choice(("A+", "A-", "A=", "A55"))
        return (f"{_score(rng)}|{code}" if rng.random() < 0.5 else f"{code}|{_score(rng)}"), ""
    score = _score(rng)
    if rng.random() < 0.1:  # a score as a scorer may type it: +420, 420.0
        drawn.add("typed forms")
        return rng.choice((f"+{score}" if score > 0 else str(score), f"{score}.0", f" {score} ")), ""
    return str(score), ""


def world(seed: int) -> World:
    """The event of ``seed``: T tables (2-3) play B boards (3-4), NS pairs 1..T stay, EW pairs 11.. move one table
    a board; perhaps two sections, two sessions, one EW pair absent (its NS opponents sit out), fouled boards,
    penalties, a penalty row; then the conventions."""
    rng = random.Random(seed)
    tables, boards = rng.choice((2, 3)), rng.choice((3, 4))
    drawn: set[str] = set()
    absent = 10 + rng.randint(1, tables) if rng.random() < 0.25 else None
    sections = ("A", "B") if rng.random() < 0.25 else ("",)
    sessions = (1, 2) if rng.random() < 0.2 else (1,)
    drawn |= {"sections"} if len(sections) > 1 else set()
    drawn |= {"sessions"} if len(sessions) > 1 else set()
    rows = []
    for session, section in ((se, sec) for se in sessions for sec in sections):
        rows += _rows(rng, drawn, tables, boards, absent, f"{session},{section}")
    if rng.random() < 0.2:
        drawn.add("penalty row")
        b, pair = rng.randint(1, boards), rng.randint(1, tables)
        rows.append(f"1,{sections[0]},{b},{pair},,,Pen,,,,,{rng.choice(('-1', '-0.5', '2'))},\n")
    return _draw_conventions(rng, drawn, rows, seed)


def _rows(rng: random.Random, drawn: set[str], tables: int, boards: int, absent: int | None, where: str) -> list[str]:
    """One section's rows in one session (``where``: its session and section cells)."""
    rows = []
    for b in range(1, boards + 1):
        fouled = rng.random() < 0.15 and tables >= 3
        for t in range(tables):
            ns, ew = t + 1, 11 + (t + b) % tables
            if absent is None and rng.random() < 0.05:  # a board the table did not reach: no row (short of N)
                drawn.add("not reached")
                continue
            if ew == absent:
                drawn.add("sit-out")
                rows.append(f"{where},{b},{ns},,,sitout,,,,,,\n")
                continue
            score, adjustment = _line(rng, drawn)
            group = ("A" if t < 2 else "B") if fouled else ""
            if fouled:
                drawn.add("fouled")
            switch = ""
            if rng.random() < 0.06 and adjustment != "NP":
                switch = "Y"
                drawn.add("arrowswitch")
            pens = ["", ""]
            for side in (0, 1):
                if rng.random() < 0.04 and adjustment != "NP":
                    pens[side] = rng.choice(LINE_PENALTIES)
                    drawn.add("penalty %" if pens[side].endswith("%") else "penalty")
            rows.append(f'{where},{b},{ns},{ew},"{score}",{adjustment},{group},{switch},{pens[0]},{pens[1]},,\n')
    return rows


def _draw_conventions(rng: random.Random, drawn: set[str], rows: list[str], seed: int) -> World:
    chosen = {flag: rng.choice(values) for flag, values in CONVENTIONS.items()
              if rng.random() < 0.6}  # most worlds draw most conventions; the rest keep mpxl's default
    # a method that estimates and an estimate-at that never does contradict each other (mpxl refuses the pair)
    never = chosen.get("--estimate-at") in ("never", "own-tops") or chosen.get("--method") == "none"
    if never and chosen.get("--method", "none") != "none":
        del chosen["--method"]
    if never and chosen.get("--estimate-at") in ("lines", "totals"):
        del chosen["--estimate-at"]
    options = [x for flag, value in chosen.items() for x in (flag, value)]
    drawn |= {f"{flag} {value}" for flag, value in chosen.items()}
    return World(seed, "".join(rows), options, drawn)


#: Draws that once disagreed (the estimate-totals work fixed them), each a world's words and what it is: the long
#: seeds draw each of them (test_the_long_seeds_draw_each_draw_that_once_disagreed).
KNOWN: list[tuple[frozenset[str], str]] = [
    (frozenset({"--estimate-at totals", "--ave-policy wbf"}), "estimate-at totals with the wbf Ave policy"),
    (frozenset({"--estimate-at totals", "penalty %"}), "a penalty as % of top under estimate-at totals"),
    (frozenset({"--estimate-at totals", "fouled"}), "the small-group rule under estimate-at totals"),
    (frozenset({"mixed", "fouled"}), "mixed lines on fouled boards"),
]

SEEDS = list(range(1, 13))

#: Worlds the generator found that disagreed, kept as they were drawn (their CSV rows and options): each failed
#: before its fix.
FOUND = {
    # every board played once (2 tables, a sit-out): each pair's maximum is 0; mpxl gives 0% (Scale.percentage)
    # and places it, the sheet showed no % and no place
    "max 0": ("1,,1,1,12,\"50\",,,,,0.5,,\n1,,1,2,,,sitout,,,,,,\n1,,2,1,,,sitout,,,,,,\n"
              "1,,2,2,12,\"620\",,,,,,,\n1,,3,1,12,\"50\",,,,,,,\n1,,3,2,,,sitout,,,,,,\n",
              ["--scale", "signed", "--estimate-at", "totals", "--unplayed", "own"]),
    # own-tops and the wbf policy: EW 11's Ave- is its own percentage on its other boards, over the tops its
    # total counts (own tops: 0.4 of 2 + 0 of 4 = 6.67%: 0.13 - its penalty 1 = -0.87); the sheet used the
    # field's tops (0.4 of 4 + 0 of 4 = 5%: -0.9)
    "own-tops wbf": ("1,,1,1,12,\"620\",,,,,,,\n1,,1,2,13,\"-50\",,,,,,,\n1,,1,3,11,\"\",60/40,,,,1,,\n"
                     "1,,2,1,13,\"-100\",,,,,,,\n1,,2,2,11,\"1430\",,,,,,,\n1,,2,3,12,\"-200\",,,,,,,\n"
                     "1,,3,1,11,\"20% 50 + 80% 1430\",,,,,,,\n1,,3,3,13,\"420\",,,,,,,\n",
                     ["--estimate-at", "own-tops", "--ave-policy", "wbf", "--lone-result", "ave-plus"]),
}
DEEP_SEEDS = list(range(1000, 1000 + int(os.environ.get("MPXL_WORLD_SEEDS") or 100)))


def scored(folder: Path, seeds: list) -> dict:
    """Each seed's world (or FOUND's name) scored to a workbook: seed -> (world, workbook, result, its stderr)."""
    out = {}
    for seed in seeds:
        w = World(0, *FOUND[seed], {seed}) if seed in FOUND else world(seed)
        name = str(seed).replace(" ", "-")
        src, xlsx = folder / f"world-{name}.csv", folder / f"world-{name}.xlsx"
        src.write_text(HEAD + w.rows, encoding="utf-8")
        err = io.StringIO()
        with contextlib.redirect_stderr(err), contextlib.redirect_stdout(io.StringIO()):
            code = main(["score", str(src), "--no-infer", *w.options, "-o", str(xlsx)])
        assert code == 0, (seed, w.options, err.getvalue(), w.rows)
        out[seed] = (w, xlsx, score_result(src, w.options), err.getvalue())
    return out


def recalculated(folder: Path, seeds: list) -> dict:
    worlds = scored(folder, seeds)
    values = libreoffice_recalc([worlds[s][1] for s in seeds])
    return {s: (*worlds[s], v) for s, v in zip(seeds, values)}


@pytest.fixture(scope="module")
def lo(tmp_path_factory):
    return recalculated(tmp_path_factory.mktemp("worlds"), [*SEEDS, *FOUND])


def check_world(w: World, xlsx: Path, result, err: str, values) -> None:
    """The recalculated workbook equals the core; a values workbook says why; no ? anywhere."""
    from openpyxl import load_workbook

    from mpxl.workbook.template import FIRST_ROW, TRAVELLER_COLUMNS

    cell = load_workbook(xlsx, read_only=True)["Travellers"][f"{TRAVELLER_COLUMNS['ns_mp']}{FIRST_ROW}"].value
    live = isinstance(cell, str) and cell.startswith("=")
    where = f"seed {w.seed}: mpxl score --no-infer {' '.join(w.options)}; drew {sorted(w.drawn)}"
    if not live:
        assert "as values" in err, f"{where}: a values workbook without a word: {err!r}"
    shown = [k for k, v in values.data.items() if v == "?"]
    assert not shown, f"{where}: ? in {shown[:5]}"
    check_workbook_event(values, result)


def run_world(entry) -> None:
    w, xlsx, result, err, values = entry
    try:
        check_world(w, xlsx, result, err, values)
    except AssertionError as exc:
        raise AssertionError(f"seed {w.seed}: mpxl score --no-infer {' '.join(w.options)}; drew {sorted(w.drawn)}"
                             f"\n{w.rows}\n{exc}") from None


def test_the_long_seeds_draw_each_draw_that_once_disagreed():
    """Each draw of KNOWN is drawn by some of the long tier's seeds (so a return of its disagreement is seen)."""
    drawn = [world(s).drawn for s in DEEP_SEEDS[:100]]
    assert {why: sum(words <= d for d in drawn) > 0 for words, why in KNOWN} == {why: True for _, why in KNOWN}


@pytest.mark.parametrize("seed", SEEDS)
def test_generated_world_recalculates_to_mpxl_score(lo, seed):
    run_world(lo[seed])


@pytest.mark.parametrize("name", list(FOUND))
def test_a_world_found_disagreeing_now_agrees(lo, name):
    check_world(*lo[name])


def test_the_worlds_draw_every_convention_and_ruling():
    """Over the suite's seeds and the deep ones, every convention value and every ruling is drawn."""
    drawn = set().union(*(world(s).drawn for s in SEEDS + DEEP_SEEDS[:100]))
    want = {f"{flag} {v}" for flag, values in CONVENTIONS.items() for v in values} | {
        "artificial", "not played", "split", "weighted", "mixed", "fouled", "arrowswitch", "penalty", "penalty %",
        "penalty row", "sit-out", "sections", "sessions", "typed forms", "not reached"}
    assert want - drawn == set()


@pytest.fixture(scope="module")
def deep_lo(tmp_path_factory):
    return recalculated(tmp_path_factory.mktemp("deep-worlds"), DEEP_SEEDS)


@pytest.mark.long  # many seeds, minutes: python -m pytest tests/test_workbook_world.py -m long
@pytest.mark.parametrize("seed", DEEP_SEEDS)
def test_many_generated_worlds(deep_lo, seed):
    run_world(deep_lo[seed])
