"""The fast paths give exactly the general path's figures.

``plain_board`` (integer numerators over one denominator; sort-and-walk on short
boards, counting distinct scores on long ones) against ``score_board`` (exact
Fractions through the parser and the estimation formulas) and against the first,
line-by-line bisect form; the session's plain-board path against ``score_board``
through ``score_event``.
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from fractions import Fraction

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from mpxl.core import board as board_mod
from mpxl.core.board import _linear, plain_board, score_board
from mpxl.core.methods import Method

SETTINGS = settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])

#: Bridge-like scores: few distinct values, so ties are common; some floats and blanks.
score = st.one_of(
    st.sampled_from([-1430, -650, -620, -200, -100, -50, 50, 90, 110, 140, 420, 450, 480, 990]),
    st.integers(-7600, 7600),
    st.sampled_from([420.0, -50.0, 110.0]),
    st.none(),
)


def _plain_board_bisect(scores: list, expected: int | None = None,
                        method="neuberg", scale: int = 2) -> tuple[list, list, int, int]:
    """The first, line-by-line form of :func:`mpxl.core.board.plain_board` (sort, then bisect each
    line): the reference the counting path is compared with."""
    played = sorted(s for s in scores if s is not None)
    n = len(played)
    N = n if expected is None else expected
    if n == 0:
        return [None] * len(scores), [None] * len(scores), 1, scale * (max(N, 1) - 1)
    A, B, D = _linear(N, n, method, scale)
    top_n2, topD = 2 * (n - 1), scale * (N - 1) * D
    ns: list = []
    ew: list = []
    for s in scores:
        if s is None:
            ns.append(None)
            ew.append(None)
            continue
        lo = bisect_left(played, s)
        S2 = 2 * lo + bisect_right(played, s) - lo - 1
        ns.append(A * S2 + B)
        ew.append(A * (top_n2 - S2) + B)
    return ns, ew, D, topD // D


@st.composite
def boards(draw, max_size=150):
    scores = draw(st.lists(score, min_size=0, max_size=max_size))
    n = sum(s is not None for s in scores)
    extra = draw(st.integers(0, 4))
    expected = draw(st.one_of(st.none(), st.just(max(n, 1) + extra)))
    method = draw(st.sampled_from(list(Method)))
    scale = draw(st.sampled_from([1, 2]))
    return scores, expected, method, scale


def as_fractions(nums, D):
    return [None if x is None else Fraction(x, D) for x in nums]


@SETTINGS
@given(boards())
def test_plain_board_equals_score_board(case):
    scores, expected, method, scale = case
    ns, ew, D, top = plain_board(scores, expected, method, scale)
    if all(s is None for s in scores):
        assert ns == ew == [None] * len(scores)
        return
    general = score_board(scores, expected, method, scale)
    assert as_fractions(ns, D) == general.ns_mp
    assert as_fractions(ew, D) == general.ew_mp
    assert top == general.top


@SETTINGS
@given(boards(max_size=300))
def test_counting_and_sorting_paths_equal_the_bisect_form(case):
    scores, expected, method, scale = case
    ref = _plain_board_bisect(scores, expected, method, scale)
    assert plain_board(scores, expected, method, scale) == ref
    # force each path whatever the board's size
    old = board_mod._COUNT_FROM
    try:
        for threshold in (0, 10**9):
            board_mod._COUNT_FROM = threshold
            assert plain_board(scores, expected, method, scale) == ref
    finally:
        board_mod._COUNT_FROM = old


def test_long_board_with_ties_takes_the_counting_path_and_agrees():
    scores = [420, 450, None, 420.0, -50] * 40
    assert len(scores) >= board_mod._COUNT_FROM
    ns, ew, D, top = plain_board(scores, 210)
    general = score_board(scores, 210)
    assert as_fractions(ns, D) == general.ns_mp and as_fractions(ew, D) == general.ew_mp


# ------------------------------------------------------------ the estimate's fast path and the rule

from mpxl.core.methods import k_value  # noqa: E402
from mpxl.core.rules import ESTIMATE_LINE  # noqa: E402
from mpxl.core.study import METHODS as STUDY_METHODS  # noqa: E402
from mpxl.core.study import _coefficients  # noqa: E402


def _rule(N: int, n: int, method: Method, scale: int, S2: int) -> Fraction:
    """The rulebook's estimate of a line with double-scale raw S2 (its S on the scale is S2 x scale / 2)."""
    return ESTIMATE_LINE.py(S=Fraction(S2 * scale, 2), N=N, n=n, k=k_value(method, N, n), Scale=scale,
                            full=int(method.full_boards))


#: (N, n, method, scale, S2, the estimate): the fast path's figure, worked out by hand.
ESTIMATE_TABLE = [
    (9, 8, Method.NEUBERG, 2, 14, Fraction(127, 8)),       # (9 x 14 + 1) / 8, the slides' 15.875
    (9, 8, Method.MCKINNON, 2, 14, Fraction(16)),          # k = 1 when N = n + 1: S x 8/7
    (9, 7, Method.MCKINNON, 2, 12, Fraction(111, 7)),      # k = 8/7: (9 - 8/7)/6 x 12 + 1/7
    (9, 9, Method.ASCHERMAN, 2, 14, Fraction(40, 3)),      # a full board: 8 x 7.5 / 9, doubled
    (9, 9, Method.ASCHERMAN_SHORT, 2, 14, Fraction(14)),   # ... but not for ascherman-short
    (9, 9, Method.NEUBERG, 1, 14, Fraction(7)),            # a full board keeps S (single: S2 / 2)
    (9, 1, Method.NEUBERG, 2, 0, Fraction(8)),             # a lone result: the average
    (12, 11, Method.NEUBERG, 1, 12, Fraction(145, 22)),    # the FAQ's 6.59 single
    (5, 3, Method.MANUAL, 2, 4, Fraction(6)),              # k = N - n + 1 = 3: (5 - 3)/2 x 4 + 2
    (5, 3, Method.FACTOR, 2, 4, Fraction(8)),              # k = 1: S x (N - 1)/(n - 1)
]


@pytest.mark.parametrize("N, n, method, scale, S2, expected", ESTIMATE_TABLE)
def test_the_linear_fast_path_is_the_rulebooks_estimate(N, n, method, scale, S2, expected):
    A, B, D = _linear(N, n, method, scale)
    assert Fraction(A * S2 + B, D) == expected == _rule(N, n, method, scale, S2)


@st.composite
def estimate_cases(draw):
    N = draw(st.integers(1, 60))
    n = draw(st.integers(1, N))
    return N, n, draw(st.sampled_from(list(Method))), draw(st.sampled_from([1, 2])), draw(st.integers(0, 2 * (n - 1)))


@SETTINGS
@given(estimate_cases())
def test_the_fast_estimates_are_the_rule(case):
    """``board._linear`` (the plain boards' integers) and ``study._coefficients`` (the study's floats)
    give the rulebook's ESTIMATE_LINE for every (N, n, method: k and full, scale, S)."""
    N, n, method, scale, S2 = case
    want = _rule(N, n, method, scale, S2)
    A, B, D = _linear(N, n, method, scale)
    assert Fraction(A * S2 + B, D) == want
    if scale == 2 and method in STUDY_METHODS:
        a, b = _coefficients(N, n)[STUDY_METHODS.index(method)]
        assert a * S2 + b == pytest.approx(float(want), abs=1e-9)


# ------------------------------------------------------------ the session's plain-board path

from mpxl.core import options as options_mod  # noqa: E402
from mpxl.core import ranking as ranking_mod  # noqa: E402
from mpxl.core import scorer as scorer_mod  # noqa: E402
from mpxl.core.event import Event, Line  # noqa: E402
from mpxl.core.options import ScoringOptions  # noqa: E402
from mpxl.core.rounding import Rounding  # noqa: E402
from mpxl.core.session import score_event  # noqa: E402


@st.composite
def events(draw):
    sections = draw(st.sampled_from([[""], ["A", "B"]]))
    lines = []
    for sec in sections:
        tables = draw(st.integers(1, 7))
        for board in range(1, draw(st.integers(1, 4)) + 1):
            for t in range(1, tables + 1):
                sc = draw(st.one_of(st.sampled_from([-100, 50, 110, 420, 450]), st.none(),
                                    st.sampled_from(["A+", "60/40", "30% 420 + 70% 450"]) if draw(st.booleans()) and board == 2 else st.none()))
                ew = (t + board) % tables + 1 + 100
                lines.append(Line(board, str(t), str(ew), sec, score=sc, session=draw(st.sampled_from([1, 1, 2]))))
    return Event(lines=lines)


options = st.builds(
    ScoringOptions.parse,
    method=st.sampled_from(list(Method)),
    scale=st.sampled_from([1, 2]),
    rounding=st.sampled_from([Rounding.parse(x) for x in ("exact", "ebu", "half-up:2", "half-even:1", "0")]),
    ave_policy=st.sampled_from(["fixed", "wbf"]),
    field=st.sampled_from([None, "section", "event"]),
    winners=st.sampled_from([None, 1, 2]),
    factor_top=st.sampled_from([None, 20]),
)


def summary(result):
    boards = [(b.board, b.section, b.session, b.expected, b.actual, b.top,
               [(sl.ns_mp, sl.ew_mp, sl.ns_exact, sl.ew_exact, sl.kind, sl.ns_ave, sl.ew_ave) for sl in b.lines])
              for b in result.boards]
    pairs = [(p.pair.key, p.mp, p.max, p.percentage, p.place, p.boards, p.sessions) for p in result.pairs]
    return boards, pairs


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(events(), options)
def test_session_plain_path_equals_the_general_path(monkeypatch_event, opts):
    ev = monkeypatch_event
    fast = summary(score_event(ev, opts))
    original = scorer_mod._plain_board_figures
    scorer_mod._plain_board_figures = lambda *a, **k: None
    try:
        slow = summary(score_event(ev, opts))
    finally:
        scorer_mod._plain_board_figures = original
    assert fast == slow


def test_pairs_are_worked_out_when_first_read_and_equal_the_eager_totals(tmp_path):
    from mpxl.formats.csvfile import write_csv

    ev = Event(lines=[Line(b, str(t), str(t + 10), score=s * b, where=f"line {t}")
                      for b in (1, 2) for t, s in enumerate([420, 400, 170, -50], 1)])
    result = score_event(ev)
    write_csv(result, tmp_path / "out.csv")  # a CSV of travellers needs no pair totals
    assert result._pairs is None
    eager = ranking_mod.pair_results(result)
    assert result.pairs == eager and result._pairs is not None


# ------------------------------------------- the scorer's columns: JSON text and pair totals

import json  # noqa: E402

from mpxl.core.errors import UserError  # noqa: E402
from mpxl.formats.jsonout import board_json, json_heading, json_text, pair_json  # noqa: E402


@st.composite
def detailed_events(draw):
    """:func:`events` with now and then a fouled-board group, an arrowswitch or a penalty."""
    ev = draw(events())
    for i, ln in enumerate(ev.lines):
        what = draw(st.sampled_from(["", "", "", "", "group", "arrow", "penalty"]))
        if what == "group" and ln.board == 3:
            ln.group = "AB"[i % 2]
        elif what == "arrow":
            ln.arrowswitch = True
        elif what == "penalty":
            ln.ns_penalty = draw(st.sampled_from(["1", "10%"]))
    return ev


totals_options = st.builds(
    ScoringOptions.parse,
    method=st.sampled_from(list(Method)),
    rounding=st.sampled_from([Rounding.parse(x) for x in ("exact", "ebu", "half-up:2")]),
    ave_policy=st.sampled_from(["fixed", "wbf"]),
    field=st.sampled_from([None, "event"]),
    winners=st.sampled_from([None, 1, 2]),
    estimate_at=st.sampled_from(["lines", "totals", "never"]),
    factor_top=st.sampled_from([None, 20]),
)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(detailed_events(), totals_options)
def test_json_text_is_json_dumps_of_the_document(ev, opts):
    """The JSON laid out from the columns is, to the character, ``json.dumps`` of the document
    made of the scored boards and pairs (:func:`board_json`, :func:`pair_json`)."""
    try:
        result = score_event(ev, opts)
    except UserError:  # a board the scorer refuses (a group too small...): nothing to write
        return
    several = len({b.session for b in result.boards}) > 1  # several sessions: each pair's sessions' figures too
    doc = {"boards": [board_json(b) for b in result.boards],
           "pairs": [pair_json(pr, opts, several) for pr in result.pairs], **json_heading(result)}
    assert "".join(json_text(result)) == json.dumps(doc, indent=1, ensure_ascii=False)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(detailed_events(), totals_options)
def test_pair_totals_are_the_sums_of_their_lines(ev, opts):
    """A pair's total, maximum, boards and per-session figures, summed here line by line from the
    scored boards: what the columns' totals give."""
    try:
        result = score_event(ev, opts)
    except UserError:
        return
    want: dict = {}
    for b in result.boards:
        for sl in b.lines:
            if sl.kind == "blank":
                continue
            for side, pair, mp, total in (("NS", sl.line.ns_pair, sl.ns_mp, sl.ns_total),
                                          ("EW", sl.line.ew_pair, sl.ew_mp, sl.ew_total)):
                key = options_mod.pair_key(ev, opts, sl.line.section, pair, side)
                acc = want.setdefault(key, [Fraction(0), 0, 0, {}])
                figure = mp if total is None else total
                acc[0] += figure
                acc[1] += b.top
                acc[2] += 1
                acc[3][b.session] = acc[3].get(b.session, 0) + figure
    got = {pr.pair.key: [pr.mp, pr.max, pr.boards, pr.sessions] for pr in result.pairs}
    assert got == {k: [v[0], v[1], v[2], dict(sorted(v[3].items()))] for k, v in want.items()}


# ------------------------------------------- the ranking and the percentages in integers

from mpxl.core.event import Pair  # noqa: E402
from mpxl.core.ranking import PairResult, PairTotal, place_labels  # noqa: E402
from mpxl.core.settings import Places, Scale, Tie  # noqa: E402


@st.composite
def ranking_groups(draw):
    """A ranking group's totals: numerators over a common denominator, maxima (some 0), tie-breaks."""
    common = draw(st.sampled_from([1, 2, 3, 10, 100, 840]))
    group = []
    for i in range(draw(st.integers(0, 12))):
        top = draw(st.sampled_from([0, 8, 12, 16, 24, 26]))
        boards = draw(st.integers(1, 4))
        most = top * boards
        mp = draw(st.integers(0, most * common)) if most else 0
        number = draw(st.sampled_from(["1", "2", "10", "A3", "3b", str(i)]))
        tiebreak = draw(st.sampled_from([None, None, 1.5, 2.0]))
        pct = Fraction(mp * 100, common * most) if most else Fraction(0)
        group.append((PairResult(Pair(number, published_tiebreak=tiebreak), Fraction(mp, common), Fraction(most),
                                 pct, "", boards), PairTotal(mp, most, boards, {1: mp})))
    return group


@SETTINGS
@given(ranking_groups(), st.sampled_from(list(Places)))
def test_ranking_in_integers_equals_the_fraction_ranking(group, places):
    """The order and places worked out from integer numerators are those of the exact Fractions:
    percentage, matchpoints (higher first), the published tie-break, the pair's number; a place
    shared by an equal percentage and tie-break."""
    members, values = ranking_mod._ranked(group)
    want = sorted((pr for pr, _ in group), key=lambda pr: (-pr.percentage, -pr.mp, -(pr.pair.published_tiebreak or 0),
                                                          ranking_mod.natural_key(pr.pair.number)))
    assert [id(pr) for pr in members] == [id(pr) for pr in want]
    assert place_labels(values, places) == place_labels(
        [(pr.percentage, pr.pair.published_tiebreak) for pr in want], places)


@pytest.mark.parametrize("scale", list(Scale))
@pytest.mark.parametrize("mp, common, maximum", [(0, 1, 8), (8, 1, 8), (3, 7, 26), (-5, 2, 16), (17, 840, 24 * 3),
                                                 (1, 3, 1), (-16, 1, 16), (12345, 100, 624)])
def test_a_percentage_by_its_integers_is_the_rules(scale, mp, common, maximum):
    """pair_results' fast percentage (a + b x mp / max as one Fraction, a and b read off the rulebook's rule)
    equals Scale.percentage, the rule itself, on every scale."""
    a, b = ranking_mod.percentage_line(scale)
    over = common * maximum
    assert Fraction(a * over + b * mp, over) == scale.percentage(Fraction(mp, common), maximum)


@SETTINGS
@given(st.fractions(min_value=-200, max_value=200, max_denominator=10**6) | st.sampled_from(
           [Fraction(385, 8), Fraction(-385, 8), Fraction(1, 200), Fraction(5, 2), Fraction(0)]),
       st.sampled_from([None, 0, 1, 2, 3]), st.sampled_from(list(Tie)))
def test_percentage_float_is_the_rounded_percentage(value, decimals, tie):
    opts = ScoringOptions(percentage_decimals=decimals, percentage_tie=tie)
    assert opts.percentage_float(value) == float(opts.round_percentage(value))


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(events(), totals_options)
def test_unplayed_own_adds_the_pairs_own_percentage_per_board_short(ev, opts):
    """Unplayed 'own' in the totals' integers: in each session apart, each board a pair missed (against the most
    any pair of its field played there) adds its own percentage of that session's top of its field, rounded, to that
    session; worked out here in Fractions from the totals with nothing added."""
    from dataclasses import replace

    from mpxl.core.settings import Field, Unplayed

    try:
        plain = score_event(ev, replace(opts, unplayed=Unplayed.NONE))
        own = score_event(ev, replace(opts, unplayed=Unplayed.OWN))
    except UserError:
        return
    across = options_mod.field_of(ev, opts) is Field.EVENT
    top_of: dict = {}
    for b in plain.boards:
        key = (b.session, "" if across else b.section)
        top_of[key] = max(top_of.get(key, 0), b.top)
    most: dict = {}
    for pr in plain.pairs:
        assert sum(pr.session_boards.values()) == pr.boards
        for (sess, group) in top_of:
            if group == ("" if across else pr.pair.section):
                most[(sess, group)] = max(most.get((sess, group), 0), pr.session_boards.get(sess, 0))
    rounding = opts.totals_rounding or opts.rounding
    want = {}
    for pr in plain.pairs:
        mp, top_sum, sessions = pr.mp, pr.max, dict(pr.sessions)
        for (sess, group), due in sorted(most.items()):
            short = due - pr.session_boards.get(sess, 0)
            top = top_of[(sess, group)]
            if group != ("" if across else pr.pair.section) or short <= 0 or not pr.max or not top:
                continue
            each = rounding.apply(pr.mp / pr.max * top, Fraction(top, 2))
            mp, top_sum = mp + each * short, top_sum + top * short
            sessions[sess] = sessions.get(sess, 0) + each * short
        pct = mp / top_sum * 100 if top_sum else Fraction(0)
        want[pr.pair.key] = (mp, top_sum, pct, sessions)
    assert {pr.pair.key: (pr.mp, pr.max, pr.percentage, pr.sessions) for pr in own.pairs} == want


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(detailed_events(), totals_options)
def test_the_scorers_figures_hold_every_figure_of_the_columns(ev, opts):
    """``ScoredColumns.figures`` as the scorer gives it holds every figure of the NS and EW columns,
    each value one object (the one every line of that figure holds, on any board: the plain boards', the
    others' and the wbf policy's); the pairs' totals and the JSON look each one up there by its id."""
    try:
        result = score_event(ev, opts)
    except UserError:
        return
    sc = result.scored
    figures = {id(f): f for f in sc.figures()}
    assert len({f for f in figures.values()}) == len(figures)  # one object per value
    in_columns = {id(f): f for f in sc.ns_mp + sc.ew_mp if f is not None}
    assert all(figures.get(key) is f for key, f in in_columns.items())
    assert None not in figures.values()


def test_the_estimate_is_written_once():
    """Buchen's formula is typed once, as rules.ESTIMATE; ESTIMATE_LINE, the sheet and the fast paths use it."""
    from pathlib import Path

    from mpxl.core.rules import ESTIMATE

    source = (Path(__file__).resolve().parent.parent / "mpxl" / "core" / "rules.py").read_text(encoding="utf-8")
    assert source.count(ESTIMATE.text) == 1 and ESTIMATE.text in ESTIMATE_LINE.text
