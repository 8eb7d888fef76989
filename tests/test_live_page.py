"""The live page a director watches during play (``mpxl score night.bws -o live.html --watch``), at several
moments of an evening: the real database's ReceivedData cut to its first k results, one look of the live
loop (:class:`mpxl.commands.bws.Watch`) each, and what the page says checked against the DESIGN.md formulas
worked here: N is the number of times the movement plays a board (counted here from RoundData), a board's
real results are matchpointed among themselves (2 per score beaten, 1 per tie) and estimated to N by
Neuberg, ``M = (S*N + N - n)/n`` (double), rounded to 2 decimals, halves away from zero; an artificial score
its fixed percentage of the top 2(N - 1); a pair's % its rounded figures over 22 per board played. A built
Mitchell with a missing pair checks the sit-outs, and one without its movement the N the page assumes."""

from __future__ import annotations

import html
import re
import shutil
from fractions import Fraction

import pytest

from mpxl.cli import build_parser
from mpxl.commands.bws import Watch
from mpxl.commands.outputs import write_output
from mpxl.commands.scoring import score_input
from mpxl.commands.watch import live_score
from mpxl.core.session import score_event
from mpxl.formats import access
from mpxl.formats.bws import event_from_rows, read_bws_reading
from mpxl.formats.report_html import results_html
from tests.shared import REALDATA
from tests.test_bws import rd, res

REAL_BWS = REALDATA / "bridgemate-2005-05-09-12tables-arbitral.bws"
needs_real = pytest.mark.skipif(not REAL_BWS.exists() or not access.available_readers(),
                                reason=f"{REAL_BWS} not found, or no Access reader installed")


# ------------------------------------------------------------------------- the formulas, worked independently

def half_up(x: Fraction, decimals: int = 2) -> Fraction:
    """``x`` to ``decimals`` places, halves away from zero."""
    q = Fraction(10) ** decimals
    y = abs(x) * q
    whole = int(y) + (1 if y - int(y) >= Fraction(1, 2) else 0)
    return Fraction(whole, 1) / q * (1 if x >= 0 else -1)


def neuberg(ns_scores: list[int], plays: int) -> list[tuple[Fraction, Fraction]]:
    """Each real result's (NS, EW) matchpoints among ``ns_scores``, estimated to ``plays`` (DESIGN.md section 3:
    double Neuberg ``(S*N + N - n)/n``), rounded."""
    n, out = len(ns_scores), []
    for i, s in enumerate(ns_scores):
        others = ns_scores[:i] + ns_scores[i + 1:]
        ns = 2 * sum(o < s for o in others) + sum(o == s for o in others)
        ew = 2 * (n - 1) - ns
        out.append(tuple(half_up(Fraction(x * plays + plays - n, n)) for x in (ns, ew)))
    return out


def movement_plays(round_rows: list[dict]) -> dict[int, int]:
    """Board -> how many tables RoundData plays it at (both pairs there)."""
    plays: dict[int, int] = {}
    for row in round_rows:
        if row["NSPair"] != "0" and row["EWPair"] != "0":
            for board in range(int(row["LowBoard"]), int(row["HighBoard"]) + 1):
                plays[board] = plays.get(board, 0) + 1
    return plays


ARTIFICIAL = {"A+": Fraction(60), "A=": Fraction(50), "A-": Fraction(40)}  # the fixed policy of the tablets'


def expected_ranking(lines, plays: dict[int, int]) -> dict[str, tuple[Fraction, int, int]]:
    """Pair -> (matchpoints, maximum, boards) worked from the lines' NS scores by the formulas above."""
    n_field = max(plays.values())
    top = 2 * (n_field - 1)
    got: dict[str, list[Fraction]] = {}
    for board in sorted({ln.board for ln in lines}):
        on = [ln for ln in lines if ln.board == board]
        real = [ln for ln in on if isinstance(ln.score, int)]
        for ln, (ns, ew) in zip(real, neuberg([ln.score for ln in real], n_field)):
            got.setdefault(ln.ns_pair, []).append(ns)
            got.setdefault(ln.ew_pair, []).append(ew)
        for ln in on:
            if isinstance(ln.score, str):  # "A-/A+": NS's percentage, then EW's, of the top
                ns_code, ew_code = str(ln.score).split("/")
                got.setdefault(ln.ns_pair, []).append(half_up(ARTIFICIAL[ns_code] * top / 100))
                got.setdefault(ln.ew_pair, []).append(half_up(ARTIFICIAL[ew_code] * top / 100))
    return {pair: (sum(figs, Fraction(0)), top * len(figs), len(figs)) for pair, figs in got.items()}


# ----------------------------------------------------------------------------------------- reading the page

def page_text(page: str) -> str:
    """The page's text as a reader sees it (no style sheet, no tags)."""
    return html.unescape(re.sub(r"<[^>]+>", "", re.sub(r"<style>.*?</style>", "", page, flags=re.S)))


def ranking_rows(page: str) -> dict[str, tuple[str, str, str, str]]:
    """Pair -> (MPs, Max, %, Boards) as the ranking shows them."""
    table = re.search(r'<table id="ranking-[^"]*">(.*?)</table>', page, re.S)
    assert table, "the page has no ranking"
    out = {}
    for row in re.findall(r"<tr[^>]*>(.*?)</tr>", table.group(1), re.S):
        cells = [page_text(c).strip() for c in re.findall(r"<td[^>]*>(.*?)</td>", row, re.S)]
        if cells:
            out[cells[1]] = (cells[3], cells[4], cells[5], cells[6])
    return out


def short_boards(page: str) -> dict[int, tuple[int, int]]:
    """Board -> (results, plays) as 'Not complete yet: boards 1, 7: 2 of 12 results; ...' names it."""
    said = re.search(r"Not complete yet: (.*?)\.</p>", page)
    out: dict[int, tuple[int, int]] = {}
    for part in (said.group(1).split("; ") if said else []):
        boards, counts = part.split(": ")
        results, plays = re.match(r"(\d+) of (\d+) results", counts).groups()
        for run in boards.split(" ", 1)[1].split(", "):
            low, _, high = run.partition("-")
            out.update({b: (int(results), int(plays)) for b in range(int(low), int(high or low) + 1)})
    return out


def not_started(page: str) -> set[int]:
    said = re.search(r"Not played yet: boards? ([0-9, -]+)\.</p>", page)
    out: set[int] = set()
    for run in (said.group(1).split(", ") if said else []):
        low, _, high = run.partition("-")
        out |= set(range(int(low), int(high or low) + 1))
    return out


# ------------------------------------------------------------------------------- the real evening, k results

@pytest.fixture(scope="module")
def real_tables():
    db = access.Database(str(REAL_BWS))
    return {name: db.rows(name) for name in ("RoundData", "ReceivedData")}


def live_page_at(k, tmp_path, monkeypatch, *more):
    """One look of the live loop at the real database cut to its first k results (by ID): the page written (and
    the outputs ``more``, in ``tmp_path``)."""
    every = access.Database.rows

    def rows(self, table):
        got = every(self, table)
        return sorted(got, key=lambda r: int(r["ID"]))[:k] if table == "ReceivedData" and got is not None else got

    monkeypatch.setattr(access.Database, "rows", rows)
    night, page = tmp_path / "night.bws", tmp_path / "live.html"
    shutil.copyfile(REAL_BWS, night)
    outputs = [x for name in more for x in ("-o", str(tmp_path / name))]
    args = build_parser(only="score").parse_args(["score", str(night), "-o", str(page), *outputs, "--watch"])
    watch = Watch(args, live_score, write_output, log=lambda text: None)
    assert watch.step() == "scored"
    reading = read_bws_reading(str(night))  # the same cut: the lines whose scores the formulas take
    return page.read_text(encoding="utf-8"), reading.event.lines


@needs_real
@pytest.mark.parametrize("k", [1, 12, 13, 30, 150, 152, 156, 287, 288])
def test_the_live_page_at_k_results(k, real_tables, tmp_path, monkeypatch):
    page, lines = live_page_at(k, tmp_path, monkeypatch)
    plays = movement_plays(real_tables["RoundData"])
    assert set(plays.values()) == {12}  # 12 tables, every board at each: N is 12 from the first result on
    assert '<meta http-equiv="refresh"' in page and "Traceback" not in page
    # the ranking: every pair that has played, its figures as the formulas give them
    want = expected_ranking(lines, plays)
    shown = ranking_rows(page)
    assert set(shown) == set(want)
    for pair, (mp, top, boards) in want.items():
        assert shown[pair] == (f"{float(mp):.2f}", str(top), f"{float(half_up(100 * mp / top)):.2f}", str(boards))
        assert not (boards == 1 and shown[pair][2] == "100.00")  # one board is never a 100% evening
    # which boards are not complete yet, and which nobody has played
    counts = {b: sum(ln.board == b for ln in lines) for b in plays}
    assert short_boards(page) == {b: (c, 12) for b, c in counts.items() if 0 < c < 12}
    assert not_started(page) == {b for b, c in counts.items() if c == 0}
    text = page_text(page)
    if len(lines) < 288:
        assert f"Provisional standings: {len(lines)} of 288 results are in" in text
        assert re.search(r"<h2>Ranking <span class=\"mark\">provisional</span></h2>", page)
        board = min(b for b, c in counts.items() if 0 < c < 12)
        assert f"top 22; {counts[board]} of 12 results so far" in text
    else:  # the evening complete: nothing provisional, the board notes as on the published page
        assert "provisional" not in text.lower() and "so far" not in text
        assert "top 22; 11 results, estimated to 12 by Neuberg" in text  # board 1: an artificial score
    assert "Each board is estimated to N" not in text  # the movement is known: nothing assumed


@needs_real
@pytest.mark.parametrize("k", [30, 150, 288])
def test_the_evening_scored_once_is_what_it_holds(k, tmp_path, monkeypatch):
    """Scored once (``mpxl score night.bws``, not ``--watch``: an evening cut short by a round, scored after it),
    the database is what it holds: each board estimated to the most results any board has, as the scoring programs
    do, not to the movement's 12; nothing provisional on its page; the workbook written at the live look read back
    gives these figures too (the sheet's own N)."""
    from mpxl.formats import read_event

    live_page_at(k, tmp_path, monkeypatch, "night.xlsx")  # the live look writes the workbook
    night = tmp_path / "night.bws"
    args = build_parser(only="score").parse_args(["score", str(night)])
    event, _reading, result, _chosen = score_input(args, warn=False)
    counts: dict[int, int] = {}
    for ln in event.lines:
        counts[ln.board] = counts.get(ln.board, 0) + 1
    n = max(counts.values())
    want = expected_ranking(event.lines, {b: n for b in counts})
    assert {pr.pair.number: (pr.mp, pr.max) for pr in result.pairs} == {
        pair: (mp, top) for pair, (mp, top, _boards) in want.items()}
    page = results_html(result)
    assert "provisional" not in page_text(page).lower() and "so far" not in page_text(page)
    monkeypatch.undo()  # the workbook read back as it is
    book = tmp_path / "night.xlsx"
    assert read_event(book).declared_options.get("expected") is None
    _e, _r, from_book, _c = score_input(build_parser(only="score").parse_args(["score", str(book)]), warn=False)
    assert {pr.pair.number: pr.mp for pr in from_book.pairs} == {pr.pair.number: pr.mp for pr in result.pairs}


# --------------------------------------------------------------------------- a Mitchell with a missing pair

def mitchell_with_a_sit_out():
    """Three tables, three rounds of two boards; EW 6 is missing: each round one NS pair sits out."""
    slots = []
    for r in (1, 2, 3):
        for t in (1, 2, 3):
            ew = (t + r - 2) % 3 + 4
            b = (t - r) % 3
            slots.append(rd(t, r, t, 0 if ew == 6 else ew, 2 * b + 1, 2 * b + 2))
    rows, i = [], 0
    for s in sorted(slots, key=lambda s: (int(s["Round"]), int(s["Table"]))):
        if s["EWPair"] == "0":
            continue
        for board in range(int(s["LowBoard"]), int(s["HighBoard"]) + 1):
            i += 1
            rows.append(res(i, s["Table"], s["Round"], board, s["NSPair"], s["EWPair"],
                            contract=("4 S", "3 NT", "2 H")[i % 3], result=("=", "+1", "-1", "=")[i % 4],
                            time=f"1899-12-30 19:{i:02d}:00"))
    return slots, rows


SECTION = [{"ID": "1", "Letter": "A", "Tables": "3", "MissingPair": "0"}]


@pytest.mark.parametrize("k, sat_out, short, unplayed", [
    # round 1: tables 1 and 2 play boards 1-2 and 3-4, table 3 (NS 3) sits out on boards 5-6, played by nobody yet
    (2, [], {1: 1, 2: 1}, {3, 4, 5, 6}),
    (4, [], {1: 1, 2: 1, 3: 1, 4: 1}, {5, 6}),
    # round 2 begun: NS 2 sits out on boards 1-2 (played in round 1); NS 3's boards 5-6 now played at table 1
    (6, [(1, "2"), (2, "2"), (5, "3"), (6, "3")], {1: 1, 2: 1, 3: 1, 4: 1, 5: 1, 6: 1}, set()),
    (12, [(1, "2"), (2, "2"), (3, "1"), (4, "1"), (5, "3"), (6, "3")], {}, set()),
])
def test_a_sit_out_is_one_once_its_round_has_begun(k, sat_out, short, unplayed):
    slots, rows = mitchell_with_a_sit_out()
    reading = event_from_rows({"RoundData": slots, "ReceivedData": rows[:k], "Section": SECTION}, "night.bws")
    ev = reading.event
    ev.live = True  # one look of --watch
    assert set(ev.plays.values()) == {2}  # each board at two tables: the sit-out table plays none
    assert sorted((so.board, so.pair) for so in ev.sitouts) == sorted(sat_out)
    result = score_event(ev)
    assert {b.expected for b in result.scored.boards} == {2}
    page = results_html(result)
    assert short_boards(page) == {b: (c, 2) for b, c in short.items()}
    assert not_started(page) == unplayed
    assert ("provisional" in page) == bool(short or unplayed)
    if all(b.actual == 1 for b in result.scored.boards):  # a lone result on a board of two: an average, 1 of 2
        assert {pr.percentage for pr in result.pairs} == {50}


# ------------------------------------------------------------------------------ the movement not known

@pytest.mark.parametrize("boards, given, live, said", [
    ((1, 3), None, True, ""),  # one result on each of two boards: N 1, nothing estimated, nothing to say
    ((1, 1, 3), None, True, "Each board is estimated to N = 2, the most results any board has"),  # board 3 short
    ((1, 1, 3), None, False, ""),  # scored once: the board's own note says its N, the file is what it holds
    ((1, 1, 3), 2, True, ""),  # --expected 2: N as given
    ((1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6), None, True, ""),  # every board twice: none short
])
def test_without_the_movement_the_page_says_the_n_it_assumed(boards, given, live, said):
    from mpxl.core.options import ScoringOptions

    _slots, rows = mitchell_with_a_sit_out()
    pool = {b: [r for r in rows if r["Board"] == str(b)] for b in set(boards)}
    picked = [pool[b].pop(0) for b in boards]  # each board's results in the order they came
    reading = event_from_rows({"ReceivedData": picked, "Section": SECTION}, "night.bws")  # no RoundData
    reading.event.live = live
    result = score_event(reading.event, ScoringOptions.parse(expected=given) if given else ScoringOptions())
    text = page_text(results_html(result))
    assert ("Each board is estimated to N" in text) == bool(said)
    assert "provisional" not in text.lower()  # how many results are to come is not known
    if said:
        assert said in text


def test_a_pair_not_compared_yet_has_no_percentage_on_its_card():
    slots, rows = mitchell_with_a_sit_out()
    reading = event_from_rows({"ReceivedData": rows[:1], "Section": SECTION}, "night.bws")  # no movement, 1 result
    text = page_text(results_html(score_event(reading.event)))
    assert "no % yet (no other result to compare with)" in text and "0.00%" not in text


def test_the_page_says_it_in_each_language():
    from mpxl.formats.labels import LANGUAGES

    slots, rows = mitchell_with_a_sit_out()
    reading = event_from_rows({"RoundData": slots, "ReceivedData": rows[:4], "Section": SECTION}, "night.bws")
    reading.event.live = True
    result = score_event(reading.event)
    for lang in LANGUAGES:
        page = results_html(result, lang)
        assert page.count('class="note progress"') == 3, lang  # provisional, not complete, not played
        assert "{" not in page_text(page), lang


def test_the_sum_of_the_board_figures_is_the_check_total_of_n():
    """Scale x N(N-1)/2 on each board (DESIGN.md's check total), whatever n: the estimate keeps it."""
    slots, rows = mitchell_with_a_sit_out()
    for k in (2, 4, 7, 12):
        reading = event_from_rows({"RoundData": slots, "ReceivedData": rows[:k], "Section": SECTION}, "night.bws")
        reading.event.live = True
        result = score_event(reading.event)
        for b in result.scored.boards:
            ns = [result.scored.ns_mp[i] for i in b.indices()]
            ew = [result.scored.ew_mp[i] for i in b.indices()]
            n = len(ns)
            assert sum(ns) + sum(ew) == n * b.top  # each line's NS + EW is the top
            assert sum(ns) == Fraction(n * (b.expected - 1))  # n(N-1)/2 per side on the double scale
