"""The estimation study (mpxl.core.study), its charts (mpxl.formats.charts) and ``mpxl study``.

The hand-worked cases enumerate every choice (``exhaustive=True``), so the
expected figures are exact expectations, computed by hand in the comments.
"""

from __future__ import annotations

import io
import json
import math
import random
from fractions import Fraction
from pathlib import Path

import pytest
from shared import REALDATA  # noqa: E402

from mpxl.cli import main
from mpxl.core.board import score_board
from mpxl.core.event import Event, Line
from mpxl.core.methods import Method
from mpxl.core.settings import SmallGroups
from mpxl.core.study import (
    METHODS,
    StudyOptions,
    hide_and_estimate,
    parse_k_list,
    study,
    study_boards,
)
from mpxl.formats.charts import error_by_k_chart, methods_chart, study_charts

# The study figures below were taken on these three files (the two later ones are checked in test_realdata).
REAL_FILES = [REALDATA / f for f in ("ebuscore-2025-01-02-two-winner-a5050.xml", "scorebridge-2025-01-06-one-winner.xml",
                                     "magiccontest-ffb-final-2022-session1.pbn")]
PNG = b"\x89PNG\r\n\x1a\n"

# One board, four tables, two winners: NS pairs 1-4 score 420, 400, 170, -50 against EW pairs 1-4.
# Double-scale truth on the full board (top 6): 6, 4, 2, 0 for NS; EW gets 6 minus that.
FOUR = [420, 400, 170, -50]


def four_result_event() -> Event:
    return Event(lines=[Line(1, str(i), str(i), score=s) for i, s in enumerate(FOUR, 1)], winners={"": 2})


# ---------------------------------------------------------------------------
# hand-worked: K = 1 on a 4-result board
#
# Hiding one result leaves n = 3, whose raw scores are S = 4, 2, 0 (top 4); N = 4.
# Generic estimate M = (N - k)/(n - 1) S + (k - 1) (double scale):
#   Neuberg   k = 4/3: M = 4/3 S + 1/3  -> 17/3, 3, 1/3
#   Factor    k = 1:   M = 3/2 S        -> 6, 3, 0
#   Ascherman k = 2:   M = S + 1        -> 5, 3, 1
#   McKinnon: N = n + 1, so k = 1       -> Factor
#   Manual    k = 2:                    -> Ascherman
# The truths of the three visible lines, for each hidden line:
#   hide 420: 4, 2, 0    hide 400: 6, 2, 0    hide 170: 6, 4, 0    hide -50: 6, 4, 2
# Neuberg errors (estimate - truth), in MPs:
#   +5/3 +1 +1/3 | -1/3 +1 +1/3 | -1/3 -1 +1/3 | -1/3 -1 -5/3
#   squares: 35/9 + 11/9 + 11/9 + 35/9 = 92/9 over 12 lines -> MSE 23/27 MP^2
#   RMSE = sqrt(23/27) / 6 x 100 = 15.38 percentage points
# Factor errors: +2 +1 0 | 0 +1 0 | 0 -1 0 | 0 -1 -2 -> MSE 12/12 = 1 -> RMSE 1/6 = 16.67 pp
# Ascherman:     +1 +1 +1 | -1 +1 +1 | -1 -1 +1 | -1 -1 -1 -> MSE 1 -> 16.67 pp
# Error at the top of the short board (S = 4), mean over the 4 choices:
#   Neuberg (5/3 - 1/3 - 1/3 - 1/3)/4 = 1/6 MP = +2.78 pp; Factor 2/4 = 1/2 MP = +8.33 pp;
#   Ascherman (1 - 1 - 1 - 1)/4 = -1/2 MP = -8.33 pp. The bottom (S = 0) mirrors it.
# Spread bias (error signed away from S = 2, over the 8 top and bottom lines):
#   Neuberg (4 x 1/6 + 4 x 1/6)/8 = 1/6 MP = 2.78 pp; Factor 8.33 pp; Ascherman -8.33 pp.
# Session (two winners; a hidden line keeps its real score):
#   Factor gives the visible top a full 6, tying the hidden real top: hiding 420 ties NS 2 with NS 1
#   (NS winner changes) and hiding -50 ties EW 3 with EW 4 (EW winner changes): 2 of 8 rankings.
#   The same two choices also tie third place in the other direction (hiding -50: NS 3 and NS 4 both
#   0 MPs; hiding 420: EW 1 and EW 2), so the top three change in 4 of 8 rankings.
#   Neuberg and Ascherman never reorder anyone.

HAND_K1 = {
    # method: (RMSE, top bias, bottom bias, spread bias, winner changed, top three changed)
    "neuberg": (math.sqrt(Fraction(23, 27)) / 6 * 100, 100 / 36, -100 / 36, 100 / 36, 0.0, 0.0),
    "factor": (100 / 6, 100 / 12, -100 / 12, 100 / 12, 0.25, 0.5),
    "ascherman": (100 / 6, -100 / 12, 100 / 12, -100 / 12, 0.0, 0.0),
    "mckinnon": (100 / 6, 100 / 12, -100 / 12, 100 / 12, 0.25, 0.5),
    "manual": (100 / 6, -100 / 12, 100 / 12, -100 / 12, 0.0, 0.0),
}


@pytest.mark.parametrize("method", list(HAND_K1))
def test_k1_on_a_four_result_board_by_hand(method):
    res = study([four_result_event()], StudyOptions(remove=1, exhaustive=True))
    assert res.trials == 4 and res.boards == 1
    ms = res.method(Method.find(method))
    rmse, top, bottom, spread, win, top3 = HAND_K1[method]
    assert ms.lines == 12
    assert ms.rmse == pytest.approx(rmse)
    assert ms.bias == pytest.approx(0, abs=1e-12)  # check total kept
    assert ms.top_bias == pytest.approx(top)
    assert ms.bottom_bias == pytest.approx(bottom)
    assert ms.spread_bias == pytest.approx(spread)
    assert ms.winner_changed == pytest.approx(win)
    assert ms.top3_changed == pytest.approx(top3)
    assert ms.rankings == 8  # 4 choices x 2 rankings (NS and EW)


def test_k1_best_method_is_neuberg_and_baseline_winners():
    res = study([four_result_event()], StudyOptions(remove=1, exhaustive=True))
    assert res.best().method == "neuberg"
    assert res.events[0].baseline_winners == {"NS": ["1"], "EW": ["4"]}


def test_hide_and_estimate_by_hand():
    # hide -50: visible 420, 400, 170 score S = 4, 2, 0; truths 6, 4, 2 (see above)
    rows = hide_and_estimate(FOUR, hidden=[3])
    assert [(i, s, t) for i, s, t, _ in rows] == [(0, 4, 6), (1, 2, 4), (2, 0, 2)]
    assert [e["neuberg"] for *_, e in rows] == pytest.approx([17 / 3, 3, 1 / 3])
    assert [e["factor"] for *_, e in rows] == pytest.approx([6, 3, 0])
    assert [e["ascherman"] for *_, e in rows] == pytest.approx([5, 3, 1])


def test_fouled_groups_of_two_by_hand():
    # Fouled into {420, -50} and {400, 170}: each group of n = 2 scores S = 2, 0; N = 4, top 6.
    #   Neuberg   k = 2:   M = 2 S + 1         -> 5, 1
    #   Factor    k = 1:   M = 3 S             -> 6, 0
    #   Ascherman k = 5/2: M = 1.5 S + 1.5     -> 4.5, 1.5
    #   McKinnon  k = 3/2 (N > n + 1): 2.5 S + 0.5 -> 5.5, 0.5
    #   Manual    k = 3:   M = S + 2           -> 4, 2
    rows = hide_and_estimate(FOUR, groups=[[0, 3], [1, 2]], small_groups=SmallGroups.NONE)
    got = {i: e for i, s, t, e in rows}
    assert [got[i]["neuberg"] for i in range(4)] == pytest.approx([5, 5, 1, 1])
    assert [got[i]["factor"] for i in range(4)] == pytest.approx([6, 6, 0, 0])
    assert [got[i]["ascherman"] for i in range(4)] == pytest.approx([4.5, 4.5, 1.5, 1.5])
    assert [got[i]["mckinnon"] for i in range(4)] == pytest.approx([5.5, 5.5, 0.5, 0.5])
    assert [got[i]["manual"] for i in range(4)] == pytest.approx([4, 4, 2, 2])
    # WBF: a group of 2 gets 65% / 55% of the top 6 whatever the method
    rows = hide_and_estimate(FOUR, groups=[[0, 3], [1, 2]], small_groups=SmallGroups.WBF)
    assert {round(v, 9) for *_, e in rows for v in e.values()} == {3.9, 3.3}


def test_foul_mode_exhaustive_counts():
    # R = 1 on 4 results: 4 choices; the lone result gets 60% (WBF), the group of 3 is the largest -> Neuberg.
    res = study([four_result_event()], StudyOptions(foul_after=1, exhaustive=True))
    assert res.trials == 4 and res.method(Method.NEUBERG).lines == 16
    assert res.options.mode == "foul"


# ---------------------------------------------------------------------------
# the fast path agrees with the scoring core


@pytest.mark.parametrize("seed", range(6))
def test_estimates_agree_with_score_board(seed):
    rng = random.Random(seed)
    N = rng.randint(4, 12)
    scores = [rng.choice([-200, -100, -50, 90, 110, 120, 140, 170, 400, 420, 450, 620]) for _ in range(N)]
    K = rng.randint(1, N - 2)
    hidden = set(rng.sample(range(N), K))
    rows = hide_and_estimate(scores, hidden=hidden)
    for m in METHODS:
        board = score_board([None if i in hidden else s for i, s in enumerate(scores)], expected=N, method=Method.find(m))
        for i, _s, _t, e in rows:
            assert e[m.value] == pytest.approx(float(board.ns_mp[i]))
        n = N - K
        assert sum(e[m.value] for *_, e in rows) == pytest.approx(n * (N - 1))  # check total n(N-1) on double scale


@pytest.mark.parametrize("rule", ["wbf", "ebu", "qba", "none"])
def test_fouled_estimates_agree_with_score_board(rule):
    rng = random.Random(rule)
    for _ in range(5):
        N = rng.randint(3, 12)
        scores = [rng.choice([-100, -50, 110, 140, 170, 420, 450]) for _ in range(N)]
        R = rng.randint(1, N - 1)
        first = set(rng.sample(range(N), R))
        labels = ["A" if i in first else "B" for i in range(N)]
        rows = hide_and_estimate(scores, groups=[sorted(first), [i for i in range(N) if i not in first]], small_groups=SmallGroups.find(rule))
        for m in METHODS:
            board = score_board(scores, method=Method.find(m), groups=labels, small_groups=SmallGroups.find(rule))
            for i, _s, _t, e in rows:
                assert e[m.value] == pytest.approx(float(board.ns_mp[i])), (m, i)


# ---------------------------------------------------------------------------
# reproducibility and bookkeeping


def small_event() -> Event:
    lines = []
    for b in range(1, 5):
        rng = random.Random(b)
        for t in range(1, 7):
            lines.append(Line(b, str(t), str(t + 10), score=rng.choice([-100, -50, 110, 140, 170, 420, 450])))
    return Event(lines=lines, winners={"": 2})


def test_same_seed_same_numbers():
    a = study([small_event()], StudyOptions(remove=2, trials=40, seed=11))
    b = study([small_event()], StudyOptions(remove=2, trials=40, seed=11))
    c = study([small_event()], StudyOptions(remove=2, trials=40, seed=12))
    assert a.to_dict() == b.to_dict()
    assert a.to_dict() != c.to_dict()
    json.dumps(a.to_dict())  # JSON-ready


def test_progress_called_once_per_trial():
    calls = []
    study([small_event()], StudyOptions(trials=7), progress=calls.append)
    assert calls == [1] * 7


def test_boards_with_adjusted_scores_are_skipped_and_short_boards_get_the_session_factor():
    # board 1 has 4 results, board 2 only 3 (a sit-out): E = 4, so board 2 counts N/n = 4/3 in the session
    ev = Event(lines=[Line(1, "1", "5", score=420), Line(1, "2", "6", score=400), Line(1, "3", "7", score=170),
                      Line(1, "4", "8", score=-50), Line(2, "1", "6", score=100), Line(2, "2", "7", score=-100),
                      Line(2, "3", "8", score=200), Line(3, "1", "7", score="A+"), Line(3, "2", "8", score=50),
                      Line(3, "3", "5", score=100)], winners={"": 2})
    boards, baseline, rankings, skipped = study_boards(ev)
    assert [(b.board, b.results) for b in boards] == [(1, 4), (2, 3)]
    assert boards[0].session_factor == 1.0 and boards[1].session_factor == pytest.approx(4 / 3)
    assert skipped == ["board 3: not every line is a plain result"]
    assert set(rankings) == {("", "NS"), ("", "EW")}
    res = study([ev], StudyOptions(remove=2, trials=3))
    assert res.boards == 1 and any("too few to hide 2" in s for s in res.events[0].skipped)


def test_options_are_checked():
    with pytest.raises(ValueError, match="remove 0"):
        StudyOptions(remove=0)
    with pytest.raises(ValueError, match="trials"):
        StudyOptions(trials=0)
    with pytest.raises(ValueError, match="small-group rule"):
        SmallGroups.find("nonsense")  # text is parsed at the edge
    with pytest.raises(TypeError, match="SmallGroups"):
        StudyOptions(small_groups="wbf")  # the core takes the Enum only


def test_options_exhaustive_limit():
    ev = Event(lines=[Line(b, str(t), str(t + 20), score=t * 10 + b) for b in range(1, 6) for t in range(1, 13)])
    with pytest.raises(ValueError, match="exhaustive"):
        study([ev], StudyOptions(remove=3, exhaustive=True))


@pytest.mark.parametrize("text,expected", [("1", [1]), ("1-3", [1, 2, 3]), ("4,2", [2, 4]), (" 2 ", [2])])
def test_parse_k_list(text, expected):
    assert parse_k_list(text) == expected


@pytest.mark.parametrize("text", ["0", "3-1", "", "a", "1-"])
def test_parse_k_list_errors(text):
    with pytest.raises(ValueError, match="not a number of results"):
        parse_k_list(text)


# ---------------------------------------------------------------------------
# the real files

needs_real = pytest.mark.skipif(not all(f.exists() for f in REAL_FILES), reason=f"the three real files are not in {REALDATA}")


@pytest.fixture(scope="module")
def real_events():
    from mpxl.formats import read_event

    return [read_event(p) for p in REAL_FILES]


@needs_real
def test_real_files_baseline_winners_match_the_published_places(real_events):
    for ev in real_events:
        _, baseline, rankings, _ = study_boards(ev)
        for keys in rankings.values():
            best = max(keys, key=lambda k: baseline[k][0] / baseline[k][1])
            published = {(p.section, p.number, p.direction): p.published_place for p in ev.pairs}
            by_number = {(p.section, p.number): p.published_place for p in ev.pairs}
            place = published.get(best) or by_number.get((best[0], best[1]))
            assert place in ("1", "1="), (ev.source, best, place)


@needs_real
def test_real_files_small_study(real_events):
    res = study(real_events, StudyOptions(remove=1, trials=4, seed=3))
    assert res.boards == 76  # 26 + 24 + 26 complete boards; 5 have artificial scores
    assert sum(len(e.skipped) for e in res.events) == 5
    for ms in res.methods:
        assert 0 < ms.rmse < 20
        assert ms.rankings == 4 * 4  # 4 trials x (NS, EW, one field, one field)


# ---------------------------------------------------------------------------
# charts


def test_methods_chart_png(tmp_path):
    out = tmp_path / "m.png"
    methods_chart(9, 8, 2, out)
    assert out.read_bytes().startswith(PNG)
    buf = io.BytesIO()
    methods_chart(16, 8, 1, buf)
    assert buf.getvalue().startswith(PNG)


@pytest.mark.parametrize("args,msg", [((8, 9, 2), "9 results are more than the 8 expected"), ((1, 1, 2), r"no percentage \(its top is 0\)"), ((5, 0, 2), "at least 1"),
                                      ((9, 8, 3), "scale")])
def test_methods_chart_errors(args, msg):
    with pytest.raises(ValueError, match=msg):
        methods_chart(*args, io.BytesIO())


def test_study_charts_png(tmp_path):
    results = [study([small_event()], StudyOptions(remove=k, trials=5)) for k in (1, 2)]
    charts = study_charts(results)  # error_by_method_chart, error_by_rank_chart, error_by_k_chart
    assert set(charts) == {"error-by-method", "error-by-rank", "error-by-k"}
    assert all(png.startswith(PNG) for png in charts.values())
    out = tmp_path / "k.png"
    error_by_k_chart(results[1:], out)  # one point is still a chart
    assert out.read_bytes().startswith(PNG)


# ---------------------------------------------------------------------------
# the command


def write_csv_event(path: Path) -> Path:
    """A tiny CSV event, through the project's own writer so the reader accepts it."""
    from mpxl.formats import write_event

    write_event(small_event(), path)
    return path


@pytest.fixture
def csv_event(tmp_path):
    try:
        return write_csv_event(tmp_path / "club.csv")
    except Exception as exc:  # pragma: no cover - depends on the CSV writer
        pytest.skip(f"cannot write a CSV event: {exc}")


def test_cli_text_json_xlsx_html(csv_event, tmp_path, capsys):
    assert main(["study", str(csv_event), "--remove", "1", "--trials", "3", "--seed", "4"]) == 0
    text = capsys.readouterr().out
    assert "lowest RMSE" in text and "neuberg" in text

    assert main(["study", str(csv_event), "--remove", "1-2", "--trials", "3", "--json"]) == 0
    doc = json.loads(capsys.readouterr().out)
    assert [s["options"]["remove"] for s in doc["studies"]] == [1, 2]
    assert doc["studies"][0]["methods"][0]["method"] == "neuberg"

    out = tmp_path / "r.json"
    assert main(["study", str(csv_event), "--trials", "3", "--seed", "4", "--remove", "1", "-o", str(out)]) == 0
    again = tmp_path / "r2.json"
    assert main(["study", str(csv_event), "--trials", "3", "--seed", "4", "--remove", "1", "-o", str(again)]) == 0
    assert json.loads(out.read_text())["studies"] == json.loads(again.read_text())["studies"]

    xlsx = tmp_path / "r.xlsx"
    assert main(["study", str(csv_event), "--foul-after", "2", "--trials", "3", "-o", str(xlsx)]) == 0
    from openpyxl import load_workbook

    wb = load_workbook(xlsx)
    assert wb.sheetnames == ["Study", "By rank"]
    assert wb["Study"]["G2"].value == "neuberg" and wb["Study"]["A2"].value == "foul"

    page = tmp_path / "r.html"
    assert main(["study", str(csv_event), "--remove", "1-2", "--trials", "3", "-o", str(page)]) == 0
    html = page.read_text()
    assert html.count("data:image/png;base64,") == 3 and "http" not in html


def test_cli_errors(csv_event, tmp_path, capsys):
    missing = tmp_path / "missing.xml"
    assert main(["study", str(missing)]) == 2
    assert capsys.readouterr().err.startswith(f"mpxl: {missing}: ")
    assert main(["study", str(csv_event), "-o", str(tmp_path / "x.txt")]) == 2
    assert "x.txt: cannot write" in capsys.readouterr().err
    assert main(["study", str(csv_event), "-o", str(csv_event.with_suffix(".json")), "--remove", "30"]) == 2
    assert "no complete board has enough results" in capsys.readouterr().err
    assert main(["study", str(csv_event), "--remove", "x"]) == 2
    assert "not a number of results" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        main(["study", str(csv_event), "--remove", "1", "--foul-after", "2"])
