"""The inference against files from programs it has not seen (issue 13): conventions in combination.

Hypothesis draws an event (one or two sections, one or two winners, pair numbers plain or with
their direction ``1NS``/``1EW``, short boards, artificial scores) and a scorer's choices all at
once (scale, field, method including ``none``, ``own-tops`` and ``manual``, estimate at the lines or
the totals, rounding kind and decimals of the lines and the totals, percentages' decimals and tie
rule, places with or without ``=``, a lone result beside artificial scores at 50% or 60%, percentages
over the boards played or scaled to the full number), scores it, writes it with the project's USEBIO, PBN or CSV writer under an
unknown program's name, and runs ``mpxl check`` and ``mpxl score --json`` on it with no option.

Properties, whatever the draw:

* ``check`` exits 0 and reports no difference: the inferred settings reproduce every published
  figure (where conventions cannot be told apart on a small event, any reproducing choice is right,
  and none is a false difference);
* ``score --json`` reproduces every published line and pair figure, and names its settings;
* a file whose figures fit no candidate is reported (exit 1, the differences listed), never a crash.
"""

from __future__ import annotations

import json
import math
import random
from dataclasses import replace
from fractions import Fraction

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from shared import examples

from mpxl.cli import main
from mpxl.core.event import Event, Line
from mpxl.core.methods import Method
from mpxl.core.options import ScoringOptions
from mpxl.core.rounding import Rounding
from mpxl.core.session import score_event
from mpxl.core.settings import (
    EstimateAt,
    Field,
    LoneResult,
    PercentageBasis,
    Places,
    RoundingKind,
    Scale,
    Tie,
    TotalsFrom,
)
from mpxl.formats import read_event, write_event

SCORES = (-200, -100, -50, 50, 90, 110, 120, 140, 400, 420, 450, 600)
WORLDS = settings(max_examples=examples(20, "MPXL_INFERENCE_EXAMPLES"), deadline=None, derandomize=True,
                  database=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])


def mitchell_or_howell(seed: int, tables: int, boards: int, sections: tuple, two_winner: bool, directed: bool,
                       short: int, artificial: int, lone: bool = False) -> Event:
    """A club event: in a two-winner (Mitchell) movement NS pairs 1..t meet EW pairs 1..t, numbered
    with their direction when ``directed`` (``1NS``, ``1EW``); else every pair meets random opponents.
    ``lone``: one board keeps one real result, every other line of it an artificial score."""
    rnd = random.Random(seed)
    lines = []
    for sec in sections:
        for b in range(1, boards + 1):
            if two_winner:
                ew = list(range(1, tables + 1))
                rnd.shuffle(ew)
                pairs = [(f"{t}NS" if directed else str(t), f"{e}EW" if directed else str(e))
                         for t, e in zip(range(1, tables + 1), ew)]
            else:
                order = [str(p) for p in range(1, 2 * tables + 1)]
                rnd.shuffle(order)
                pairs = [(order[2 * t], order[2 * t + 1]) for t in range(tables)]
            lines += [Line(b, ns, ew, sec, score=rnd.choice(SCORES)) for ns, ew in pairs]
    for _ in range(min(short, len(lines) - 2)):
        lines.pop(rnd.randrange(len(lines)))
    for i in rnd.sample(range(len(lines)), min(artificial, len(lines))):
        # an artificial score (USEBIO's code, PBN's words on both sides), or one side keeping its result
        lines[i].score = rnd.choice(["A6040", "A=/A+", "A-/A-", f"{lines[i].score}|A+", f"A=|{lines[i].score}"])
    if lone:
        board = [ln for ln in lines if ln.board == lines[0].board and ln.section == lines[0].section]
        for ln in board[1:]:
            ln.score = rnd.choice(["A6040", "A4060", "A5050"])
    return Event(lines=lines, title=f"world {seed}", program="Unseen Scorer 1.0",
                 winners={sec: 2 if two_winner else 1 for sec in sections})


@st.composite
def worlds(draw):
    """(event, the scorer's options, the writer's suffix)."""
    sections = draw(st.sampled_from([("",), ("A", "B")]))
    two_winner = draw(st.booleans())
    event = mitchell_or_howell(
        seed=draw(st.integers(0, 10**6)), tables=draw(st.integers(2, 5)), boards=draw(st.integers(1, 6)),
        sections=sections, two_winner=two_winner, directed=two_winner and draw(st.booleans()),
        short=draw(st.integers(0, 3)), artificial=draw(st.integers(0, 1)), lone=draw(st.booleans()))
    method = draw(st.sampled_from([*Method, "none", "own-tops"]))
    decimals = draw(st.sampled_from([0, 1, 2]))
    kind = draw(st.sampled_from([RoundingKind.HALF_UP, RoundingKind.HALF_EVEN]))
    opts = ScoringOptions(
        scale=draw(st.sampled_from(list(Scale))),
        totals_from=draw(st.sampled_from(list(TotalsFrom))),
        field=draw(st.sampled_from(list(Field))) if len(sections) > 1 else None,
        method=Method.NEUBERG if method in ("none", "own-tops") else method,
        estimate_at=EstimateAt.NEVER if method == "none" else EstimateAt.OWN_TOPS if method == "own-tops"
        else draw(st.sampled_from([EstimateAt.LINES, EstimateAt.TOTALS])),
        rounding=Rounding(kind, decimals),
        totals_rounding=draw(st.sampled_from([None, Rounding(RoundingKind.HALF_UP, decimals + 1)])),
        percentage_decimals=draw(st.sampled_from([1, 2, 4])),
        percentage_tie=draw(st.sampled_from(list(Tie))),
        places=draw(st.sampled_from(list(Places))),
        lone_result=draw(st.sampled_from(list(LoneResult))),
        percentage_basis=draw(st.sampled_from(list(PercentageBasis))),
    )
    ext = draw(st.sampled_from([".xml", ".pbn", ".csv", "ruter.pbn"]))
    if ext == "ruter.pbn":  # Ruter's dialect: each line's percentage beside its figures, and its header
        event = replace(event, line_percentage_decimals=draw(st.sampled_from([0, 1])),
                        meta={"ScoringType": "MatchPoints;MP1", "Barometer": "Y"})
    return event, opts, ext


def _run(capsys, *argv) -> tuple:
    code = main(list(argv))
    out = capsys.readouterr()
    assert "Traceback" not in out.err, out.err
    return code, out.out, out.err


@WORLDS
@given(worlds())
def test_an_unseen_program_s_file_checks_clean_with_no_option(tmp_path_factory, capsys, world):
    event, truth, ext = world
    path = tmp_path_factory.mktemp("world") / f"published{'.' if ext.startswith('.') else '-'}{ext.lstrip('.')}"
    write_event(score_event(event, truth), path)
    back = read_event(path)

    code, out, err = _run(capsys, "check", "--json", str(path))
    doc = json.loads(out)
    assert code == 0 and doc["differences"] == [], (truth, doc["differences"][:5], doc["scoring"])

    code, out, err = _run(capsys, "score", "--json", str(path))
    assert code == 0, err
    doc = json.loads(out)
    published = {(ln.board, ln.section, ln.ns_pair, ln.ew_pair): ln for ln in back.lines}
    for b in doc["boards"]:
        for ln in b["lines"]:
            src = published[(b["board"], ln.get("section", b["section"]), ln["ns_pair"], ln["ew_pair"])]
            if src.published_ns_mp is not None:
                assert (ln["ns_mp"], ln["ew_mp"]) == (src.published_ns_mp, src.published_ew_mp), (src.where, truth)
    ours = {(p["section"], p["pair"], p.get("direction")): p for p in doc["pairs"]}
    for pair in back.pairs:
        mine = ours.get((pair.section, pair.number, pair.direction)) or ours[(pair.section, pair.number, None)]
        if pair.published_percentage is not None:
            assert mine["percentage"] == pair.published_percentage, (pair.where, truth)
        if pair.published_place:
            assert mine["place"] == pair.published_place, (pair.where, truth)
    assert set(doc["conventions"]["settings"]) >= {"scale", "field", "method", "estimate_at", "rounding_lines",
                                                    "rounding_totals", "rounding_percentages", "places",
                                                    "lone_result", "percentage_basis"}


@pytest.mark.parametrize("ext", [".xml", ".pbn", ".csv"])
@pytest.mark.parametrize("how", ["one line off", "every figure random"])
def test_figures_that_fit_no_candidate_are_reported_not_crashed(ext, how, tmp_path, capsys):
    """A file whose figures no setting reproduces: ``check`` lists the differences and exits 1;
    ``score`` still scores it (exit 0) with the settings that reproduce the most."""
    event = mitchell_or_howell(5, tables=4, boards=4, sections=("",), two_winner=False, directed=False, short=1,
                               artificial=0)
    result = score_event(event, ScoringOptions(rounding=Rounding.parse("1")))
    rnd = random.Random(7)
    lines = []
    for i, sl in enumerate(sl for b in result.boards for sl in b.lines):
        ns, ew = float(sl.ns_mp), float(sl.ew_mp)
        if how == "every figure random":
            ns, ew = round(rnd.uniform(0, 9), 1), round(rnd.uniform(0, 9), 1)
        elif i == 0:
            ns += 0.3
        lines.append(replace(sl.line, published_ns_mp=ns, published_ew_mp=ew))
    path = tmp_path / f"odd{ext}"
    write_event(Event(lines=lines, title="odd", program="Unseen Scorer 1.0", winners={"": 1}), path)
    code, out, err = _run(capsys, "check", str(path))
    assert code == 1, err
    assert "differ" in out and "Board 1" in out or "board 1" in out, out
    code, out, err = _run(capsys, "check", "--json", str(path))
    doc = json.loads(out)
    assert code == 1 and doc["differences"]
    assert all({"board", "published", "ours"} <= set(d) for d in doc["differences"] if "board" in d), doc["differences"][:3]
    code, out, err = _run(capsys, "score", "--json", str(path))
    assert code == 0 and json.loads(out)["conventions"]["settings"]


@pytest.mark.parametrize("how, cut", [("every percentage cut off", True), ("one percentage a unit low", False)])
def test_percentages_rounded_down_are_said_to_be_cut_off(how, cut, tmp_path, capsys):
    """A program that truncates its percentages (41.629 published 41.62) fits no setting: ``check`` says the
    percentages it cannot explain are each the exact one cut off, and says it only when every one is (a single
    figure a unit low is no rounding)."""
    event = mitchell_or_howell(8, tables=7, boards=8, sections=("",), two_winner=False, directed=False, short=2,
                               artificial=0)
    result = score_event(event, ScoringOptions(rounding=Rounding.parse("1")))
    lines = [replace(sl.line, published_ns_mp=float(sl.ns_mp), published_ew_mp=float(sl.ew_mp))
             for b in result.boards for sl in b.lines]
    pairs = [replace(pr.pair, published_mp=float(pr.mp), published_place=pr.place,
                     published_percentage=float(Fraction(math.floor(pr.percentage * 100), 100)) if cut
                     else round(float(pr.percentage), 2)) for pr in result.pairs]
    if not cut:  # the one pair whose rounded percentage is rounded up, written a unit low
        i = next(i for i, pr in enumerate(result.pairs) if round(pr.percentage * 100) > math.floor(pr.percentage * 100))
        pairs[i] = replace(pairs[i], published_percentage=round(pairs[i].published_percentage - 0.01, 2))
    assert sum(round(pr.percentage * 100) != math.floor(pr.percentage * 100) for pr in result.pairs) >= 2
    path = tmp_path / "cut.xml"
    write_event(Event(lines=lines, pairs=pairs, title="cut", program="Unseen Scorer 1.0", winners={"": 1}), path)
    code, out, err = _run(capsys, "check", str(path))
    assert code == 1, out
    said = next(ln for ln in out.splitlines() if ln.startswith("not explained"))
    assert ("cut off, rounded down" in said) is cut, said
