"""An event of two sessions (a two-session pairs final): each session matchpointed on its own, the event ranked on
the sessions added up (DESIGN.md: a pair's percentage = its MPs / (boards it played x top), over every board it
played), each session's own figures shown beside the event's, and a pair that missed a session said so.

The expected figures are worked out here from the rule itself (2 per score beaten, 1 per tie; top 2 x (n - 1);
percentage = MPs / sum of tops x 100), not copied from mpxl's output.
"""

from __future__ import annotations

import json
from fractions import Fraction

import pytest

from mpxl.core.event import Event, Line
from mpxl.core.ranking import missed_sessions
from mpxl.core.session import score_event
from mpxl.core.settings import Scale

#: (session, board, NS pair, EW pair, NS score). Session 1: four tables (top 6), NS 1 3 5 7 against EW 2 4 6 8;
#: session 2: three tables (top 4), NS 5 and 7 and EW 8 gone, NS 9 new. Board 1 of session 1 and board 1 of
#: session 2 are two deals, matchpointed apart.
FINAL = [
    (1, 1, "1", "4", 420), (1, 1, "3", "6", 450), (1, 1, "5", "8", 400), (1, 1, "7", "2", -50),
    (1, 2, "1", "6", -100), (1, 2, "3", "8", 110), (1, 2, "5", "2", 140), (1, 2, "7", "4", -100),
    (1, 3, "1", "8", 620), (1, 3, "3", "2", 170), (1, 3, "5", "4", 650), (1, 3, "7", "6", 620),
    (1, 4, "1", "2", -200), (1, 4, "3", "4", -500), (1, 4, "5", "6", 100), (1, 4, "7", "8", -200),
    (2, 1, "1", "4", 300), (2, 1, "3", "6", -100), (2, 1, "9", "2", 100),
    (2, 2, "1", "6", 200), (2, 2, "3", "2", 90), (2, 2, "9", "4", -50),
    (2, 3, "1", "2", -430), (2, 3, "3", "4", -400), (2, 3, "9", "6", -460),
]
#: The same pairs all playing both sessions, board numbers 1-2 in each, one winner (a pair sits either way).
BOTH = [
    (1, 1, "1", "2", 420), (1, 1, "3", "4", 400), (1, 2, "1", "4", -100), (1, 2, "3", "2", -120),
    (2, 1, "2", "1", 50), (2, 1, "4", "3", 50), (2, 2, "1", "3", 600), (2, 2, "2", "4", 620),
]


def _expected(rows: list[tuple[int, int, str, str, int]]) -> dict[tuple[str, str], dict[int, tuple[int, int]]]:
    """{(pair, side): {session: (MPs, maximum)}} by the rule: on each board of each session a pair gets 2 for every
    other score of its side it beats and 1 for every one it ties; the board's top is 2 x (its results - 1)."""
    out: dict[tuple[str, str], dict[int, tuple[int, int]]] = {}
    for sess, board in {(r[0], r[1]) for r in rows}:
        here = [r for r in rows if (r[0], r[1]) == (sess, board)]
        top = 2 * (len(here) - 1)
        for _, _, ns, ew, score in here:
            for pair, side, mine in ((ns, "NS", score), (ew, "EW", -score)):
                others = [s if side == "NS" else -s for *_, s in here]
                others.remove(mine)
                mp = sum(2 if mine > o else 1 if mine == o else 0 for o in others)
                got = out.setdefault((pair, side), {}).get(sess, (0, 0))
                out[(pair, side)][sess] = (got[0] + mp, got[1] + top)
    return out


def _event(rows, winners: int) -> Event:
    return Event(lines=[Line(board, ns, ew, score=score, session=sess) for sess, board, ns, ew, score in rows],
                 winners={"": winners})


def _one_winner(expected):
    """Two-winner figures folded into one-winner pairs (a pair's NS and EW lines add up)."""
    out: dict[str, dict[int, tuple[int, int]]] = {}
    for (pair, _side), sessions in expected.items():
        for sess, (mp, most) in sessions.items():
            got = out.setdefault(pair, {}).get(sess, (0, 0))
            out[pair][sess] = (got[0] + mp, got[1] + most)
    return out


@pytest.mark.parametrize("name, rows, winners", [
    ("a final, pairs missing a session, tops 6 and 4", FINAL, 2),
    ("every pair in both sessions, one winner", BOTH, 1),
])
def test_each_session_scored_on_its_own_and_the_event_added_up(name, rows, winners):
    result = score_event(_event(rows, winners))
    expected: dict[tuple[str, str | None], dict[int, tuple[int, int]]] = dict(_expected(rows))
    if winners == 1:
        expected = {(pair, None): sessions for pair, sessions in _one_winner(_expected(rows)).items()}
    assert {(pr.pair.number, pr.pair.direction) for pr in result.pairs} == set(expected), name
    for pr in result.pairs:
        sessions = expected[(pr.pair.number, pr.pair.direction)]
        figures = pr.session_figures(Scale.DOUBLE)
        assert {s: (mp, most) for s, (mp, most, _) in figures.items()} == sessions, (name, pr.pair.number)
        for s, (mp, most, pct) in figures.items():
            assert pct == Fraction(100 * mp, most), (name, pr.pair.number, s)
        total, maximum = sum(mp for mp, _ in sessions.values()), sum(most for _, most in sessions.values())
        assert (pr.mp, pr.max, pr.percentage) == (total, maximum, Fraction(100 * total, maximum)), pr.pair.number
    # the ranking: by the event's percentage, best first, within each direction
    for side in {pr.pair.direction for pr in result.pairs}:
        pcts = [pr.percentage for pr in result.pairs if pr.pair.direction == side]
        assert pcts == sorted(pcts, reverse=True), (name, side)


@pytest.mark.parametrize("rows, missed", [
    (FINAL, {("5", "NS"): [2], ("7", "NS"): [2], ("8", "EW"): [2], ("9", "NS"): [1]}),
    (BOTH, {}),
])
def test_a_pair_that_missed_a_session_is_found(rows, missed):
    result = score_event(_event(rows, 2 if rows is FINAL else 1))
    assert {(pr.pair.number, pr.pair.direction): gone for pr, gone in missed_sessions(result)} == missed


def _csv(tmp_path, rows):
    path = tmp_path / "final.csv"
    path.write_text("session,board,ns_pair,ew_pair,ns_score\n"
                    + "".join(f"{s},{b},{ns},{ew},{score}\n" for s, b, ns, ew, score in rows), encoding="utf-8")
    return path


def _pct(mp: int, most: int) -> str:
    """The percentage to 2 decimals (no figure of these events is a half at the third decimal)."""
    return f"{100 * mp / most:.2f}"


@pytest.mark.parametrize("pair, side", [("1", "NS"), ("5", "NS"), ("9", "NS"), ("2", "EW"), ("8", "EW")])
def test_the_ranking_shows_each_session_and_the_event(tmp_path, capsys, pair, side):
    """``mpxl score`` prints each session's MPs and % and then the event's; - for a session not played; the pairs
    that missed a session are named on stderr."""
    from mpxl.cli import main

    sessions = _expected(FINAL)[(pair, side)]
    assert main(["score", str(_csv(tmp_path, FINAL))]) == 0
    out, err = capsys.readouterr()
    block = out.split("East-West")[0 if side == "NS" else 1]
    row = next(line.split() for line in block.splitlines() if line.split()[1:2] == [pair])
    cells = []
    for s in (1, 2):
        cells += [f"{sessions[s][0]:.2f}", _pct(*sessions[s])] if s in sessions else ["-", "-"]
    total, most = sum(v[0] for v in sessions.values()), sum(v[1] for v in sessions.values())
    assert row[2:] == cells + [f"{total:.2f}", str(most), _pct(total, most)]
    assert "S1, S2: each session's own figures" in out
    assert ("pairs 5 NS, 7 NS, 8 EW played session 1 only; pair 9 NS played session 2 only" in err)


@pytest.mark.parametrize("pair, side", [("1", "NS"), ("9", "NS"), ("8", "EW")])
def test_the_json_has_each_sessions_figures(tmp_path, capsys, pair, side):
    from mpxl.cli import main

    assert main(["score", str(_csv(tmp_path, FINAL)), "--json"]) == 0
    doc = json.loads(capsys.readouterr().out)
    mine = next(p for p in doc["pairs"] if (p["pair"], p["direction"]) == (pair, side))
    sessions = _expected(FINAL)[(pair, side)]
    assert mine["sessions"] == [{"session": s, "mp": float(mp), "max": float(most),
                                 "percentage": float(_pct(mp, most))} for s, (mp, most) in sorted(sessions.items())]
    assert [b.get("session", 1) for b in doc["boards"]] == [1, 1, 1, 1, 2, 2, 2]


def test_the_page_shows_each_session_and_names_each_boards_session(tmp_path, capsys):
    from mpxl.cli import main

    page = tmp_path / "final.html"
    assert main(["score", str(_csv(tmp_path, FINAL)), "-o", str(page)]) == 0
    html = page.read_text(encoding="utf-8")
    ranking = html[html.index('<section id="ranking"'):html.index("</section>", html.index('<section id="ranking"'))]
    assert ranking.count('class="group">Session 1</th>') == 2 and ranking.count('class="group">Event</th>') == 2
    one = _expected(FINAL)[("1", "NS")]
    row = ranking[ranking.index('href="#pair-NS-1"'):]
    row = row[:row.index("</tr>")]
    for mp, most in (one[1], one[2]):
        assert f'<td class="num">{mp:.2f}</td><td class="num">{_pct(mp, most)}</td>' in row
    nine = ranking[ranking.index('href="#pair-NS-9"'):]
    assert nine[:nine.index("</tr>")].count('<td class="num">-</td>') == 2  # session 1: not played
    # board 1 of each session is its own deal: each traveller and each card row says which
    for s in (1, 2):
        assert f"<h3>Board 1, session {s}" in html
    assert "<td>1, session 2</td>" in html


@pytest.mark.parametrize("rows", [BOTH])
def test_a_one_session_event_is_shown_as_before(tmp_path, capsys, rows):
    """One session: no session columns, no session key in the pairs' JSON, no note."""
    from mpxl.cli import main

    one = [r for r in rows if r[0] == 1]
    assert main(["score", str(_csv(tmp_path, one)), "--json"]) == 0
    out, err = capsys.readouterr()
    assert all("sessions" not in p for p in json.loads(out)["pairs"]) and "session" not in err
    assert main(["score", str(_csv(tmp_path, one))]) == 0
    assert "S1" not in capsys.readouterr().out


def _credits(rows, policy: str, pair: str, side: str) -> dict[int, tuple[Fraction, int]]:
    """{session: (its credit there, the maximum credited)} for a pair of a two-winner event under ``--unplayed
    policy``, by DESIGN.md's rule worked out here: in each session apart, the most boards a pair of its side played
    there less its own boards there, each credited on that session's top (2 x (tables - 1)): 50% (average) or 60%
    (ave-plus) of the top, or (own) its matchpoints over its maximum on the boards it played, of the top; each
    board's credit rounded to 2 decimals, half up."""
    mine = _expected(rows)[(pair, side)]
    mp, most = sum(v[0] for v in mine.values()), sum(v[1] for v in mine.values())
    out = {}
    for sess in sorted({r[0] for r in rows}):
        here = [r for r in rows if r[0] == sess]
        tables = max(len([r for r in here if r[1] == b]) for b in {r[1] for r in here})
        top = 2 * (tables - 1)
        column = 2 if side == "NS" else 3
        boards = {p: len([r for r in here if r[column] == p]) for p in {r[column] for r in here}}
        short = max(boards.values()) - boards.get(pair, 0)
        if not short:
            continue
        share = Fraction(mp, most) if policy == "own" else Fraction({"average": 50, "ave-plus": 60}[policy], 100)
        each = Fraction(int(share * top * 100 + Fraction(1, 2)), 100)
        out[sess] = (each * short, top * short)
    return out


@pytest.mark.parametrize("policy, pair, side, credited", [
    # session 1 alone: session 2's 3 boards on its top 4
    ("average", "5", "NS", {2: (6, 12)}),
    ("ave-plus", "5", "NS", {2: (Fraction("7.2"), 12)}),
    ("own", "5", "NS", {2: (Fraction("9.99"), 12)}),          # 20 / 24 of 4 = 3.333: 3.33 a board
    ("own", "7", "NS", {2: (Fraction("3.51"), 12)}),          # 7 / 24 of 4 = 1.167: 1.17
    ("average", "8", "EW", {2: (6, 12)}),
    # session 2 alone: session 1's 4 boards on its top 6
    ("average", "9", "NS", {1: (12, 24)}),
    ("ave-plus", "9", "NS", {1: (Fraction("14.4"), 24)}),
    ("own", "9", "NS", {1: (4, 24)}),                          # 2 / 12 of 6 = 1
    # both sessions played: nothing credited
    ("average", "1", "NS", {}),
    ("own", "2", "EW", {}),
])
def test_a_missed_session_is_credited_on_its_own_top(policy, pair, side, credited):
    """``--unplayed``: a pair that missed a session is credited for each board of it on that session's top (not on
    the top of the session it played), the credit in that session's figures; the event adds it up."""
    from mpxl.core.options import ScoringOptions
    from mpxl.core.rounding import Rounding
    from mpxl.core.settings import Unplayed

    assert _credits(FINAL, policy, pair, side) == credited  # the hand rule agrees with the figures above
    result = score_event(_event(FINAL, 2), ScoringOptions(unplayed=Unplayed(policy), rounding=Rounding.parse(2)))
    pr = result.pair(pair, direction=side)
    played = _expected(FINAL)[(pair, side)]
    want = {s: (played.get(s, (0, 0))[0] + credited.get(s, (0, 0))[0],
                played.get(s, (0, 0))[1] + credited.get(s, (0, 0))[1]) for s in (1, 2)}
    assert {s: (mp, most) for s, (mp, most, _) in pr.session_figures(Scale.DOUBLE).items()} == want
    # every pair's maximum is the event's 7 boards: 4 of top 6 and 3 of top 4
    assert (pr.mp, pr.max) == (sum(v[0] for v in want.values()), sum(v[1] for v in want.values())) and pr.max == 36
    assert pr.boards == sum(n for n in pr.session_boards.values())
    assert {(p.pair.number, p.pair.direction) for p, _ in missed_sessions(result)} == {
        ("5", "NS"), ("7", "NS"), ("8", "EW"), ("9", "NS")}


@pytest.mark.parametrize("policy, said", [
    ("average", "each is credited 50% of a session's top for every board of that session it missed"),
    ("own", "each is credited its own percentage of a session's top for every board of that session it missed"),
    ("none", "each is ranked on the sessions it played (its total over its own maximum)"),
])
def test_the_note_says_how_a_missed_session_counts(tmp_path, capsys, policy, said):
    from mpxl.cli import main

    assert main(["score", str(_csv(tmp_path, FINAL)), "--unplayed", policy]) == 0
    assert said in capsys.readouterr().err


@pytest.mark.parametrize("policy", ["none", "average", "ave-plus", "own"])
def test_the_workbook_credits_each_session_on_its_own_top(tmp_path, policy):
    """``mpxl score final.csv --unplayed POLICY -o final.xlsx``, recalculated by LibreOffice: every pair's figures
    as ``mpxl score``'s (Pairs and Totals); each pair's Boards short and Credit max as worked out here by hand
    (each session apart, on its own top); Latest session MP and Carried forward - for a session not played."""
    from recalc import check_workbook_event, libreoffice_recalc, require_soffice, scored_csv_workbooks

    from mpxl.workbook.template import FIRST_ROW, PAIRS_COLUMNS

    require_soffice()
    head = "session,board,ns_pair,ew_pair,ns_score\n"
    body = "".join(f"{s},{b},{ns},{ew},{score}\n" for s, b, ns, ew, score in FINAL)
    books = scored_csv_workbooks(tmp_path, {"final": (body, ["--unplayed", policy])}, head)
    xlsx, result = books["final"]
    values, = libreoffice_recalc([xlsx])
    check_workbook_event(values, result)
    P = PAIRS_COLUMNS
    rows = {}
    r = FIRST_ROW
    while values["Pairs", f"{P['pair']}{r}"] is not None:
        rows[(str(values["Pairs", f"{P['pair']}{r}"]), values["Pairs", f"{P['direction']}{r}"])] = {
            k: values["Pairs", f"{P[k]}{r}"] for k in ("short", "cmax", "credit", "carried", "session_mp")}
        r += 1
    for (pair, side), played in _expected(FINAL).items():
        credited = {} if policy == "none" else _credits(FINAL, policy, pair, side)
        got = rows[(pair, side)]
        most = sum(top for _, top in credited.values())
        assert (got["cmax"], float(got["credit"])) == (most, float(sum(v for v, _ in credited.values()))), (
            pair, got)
        missed = {1, 2} - set(played) - set(credited)
        assert (got["carried"] == "-") == (1 in missed) and (got["session_mp"] == "-") == (2 in missed), (pair, got)


@pytest.mark.parametrize("sessions, values", [(4, False), (5, True)])
def test_a_session_past_the_sheets_count_is_written_as_values(tmp_path, sessions, values):
    """The Pairs sheet counts missed boards in sessions 1 to 4: an event with a later session and missed boards
    credited is written with its figures as values (the third row says why), the core's: pair 5, of session 1
    alone (three tables, top 4), credited 50% of top 2 on each later session's board."""
    from openpyxl import load_workbook

    from mpxl.cli import main
    from mpxl.workbook.template import FIRST_ROW, PAIRS_COLUMNS

    rows = [(s, 1, ns, ew, score) for s in range(1, sessions + 1)
            for ns, ew, score in [("1", "2", 420), ("3", "4", 400)] + ([("5", "6", 100)] if s == 1 else [])]
    xlsx = tmp_path / "event.xlsx"
    assert main(["score", str(_csv(tmp_path, rows)), "--unplayed", "average", "-o", str(xlsx)]) == 0
    pairs = load_workbook(xlsx)["Pairs"]
    note = pairs["A3"].value or ""
    assert ("missed boards credited in session 5" in note) == values
    if values:
        P = PAIRS_COLUMNS
        five = next(r for r in range(FIRST_ROW, FIRST_ROW + 6) if pairs[f"{P['pair']}{r}"].value == 5)
        # session 1: 0 of top 4 (100 is beaten by both); sessions 2-5: 1 each (50% of top 2), the latest's 1
        assert [pairs[f"{P[k]}{five}"].value for k in ("carried", "session_mp", "mp", "max")] == [3, 1, 4, 12]
