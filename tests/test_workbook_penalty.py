"""Procedural penalties live in the sheet: a line's own penalty (NS penalty, EW penalty: matchpoints or a
percentage of top, off that side's figure before it is rounded) and a penalty row (Adjustment Pen: matchpoints
of its own on the named pair's total, the board's figures untouched: Ruter's ``Pen`` row), scored by the
template's formulas and recalculated by LibreOffice to ``mpxl score``'s figures.

Every workbook of this module is recalculated in ONE request to the worker's soffice (module fixture). Each event is a CSV scored
by ``mpxl score -o x.xlsx`` (plus the real Ruter file with its Pen row); the recalculated workbook must equal the
core on every line, every pair and the ranking (``check_workbook_event``), and each board's status must say what
was done. A penalty the sheet cannot read gets its words on its board's status, with its row.
"""

from __future__ import annotations

import json
import sys
from fractions import Fraction
from pathlib import Path

import pytest
from openpyxl import load_workbook

from mpxl.cli import main
from mpxl.core.adjustments import read_penalty
from mpxl.core.conventions import detect
from mpxl.core.event import Event, Line, Penalty
from mpxl.core.options import ScoringOptions
from mpxl.core.session import score_event
from mpxl.formats import read_event
from mpxl.workbook.event_writer import _penalty_rows, _typed_penalty, unsupported
from mpxl.workbook.template import (
    FIRST_ROW,
    PAIRS_COLUMNS,
    TRAVELLER_COLUMNS,
    Contents,
    Settings,
    TemplateLine,
    write_workbook,
)

sys.path.insert(0, str(Path(__file__).parent))
from recalc import check_workbook_event, scored_and_read_back, scored_csv_workbooks  # noqa: E402
from shared import INCOMING, sheet_values  # noqa: E402

C, P = TRAVELLER_COLUMNS, PAIRS_COLUMNS

HEAD = "board,ns_pair,ew_pair,ns_score,adjustment,arrowswitch,ns_penalty,ew_penalty,ns_mp,ew_mp,session\n"


def row(b, ns, ew, score="", adjustment="", switch="", ns_pen="", ew_pen="", ns_mp="", ew_mp="", session=""):
    return f'{b},{ns},{ew},"{score}",{adjustment},{switch},{ns_pen},{ew_pen},{ns_mp},{ew_mp},{session}\n'


def board(b: int, scores, session="") -> str:
    """A board of plain scores: table i has NS pair i and EW pair 10 + i."""
    return "".join(row(b, i + 1, 11 + i, s, session=session) for i, s in enumerate(scores))


#: Board 1 carries a line's own penalty of each kind: matchpoints on a result, a percentage of top, on an
#: artificial score, on an arrowswitched line, on both sides of a split score.
LINE_PENALTIES = (row(1, 1, 11, 420, ns_pen=1) + row(1, 2, 12, 450, ew_pen="10%") + row(1, 3, 13, adjustment="A+",
                  ns_pen=2) + row(1, 4, 14, 400, switch="Y", ew_pen="0.5") + row(1, 5, 15, "-150|-50", ns_pen="25%",
                  ew_pen=1))
PLAIN = board(2, [110, 140, -50, 90, 120]) + board(3, [-100, 200, 200, 50, -620])
#: Penalty rows: NS 2 loses 3 on board 2, EW 12 gets a bonus of 1.5 on board 3, one row naming both pairs.
PEN_ROWS = (row(2, 2, "", adjustment="Pen", ns_mp=-3) + row(3, "", 12, adjustment="Pen", ew_mp=1.5)
            + row(3, 4, 14, adjustment="Pen", ns_mp=-1, ew_mp=0.25))
#: Pair 5 sits board 3 out (its table's other pair too), and is penalised on board 2: its missed board's credit
#: is its own share before the penalty.
SAT_OUT = (board(1, [420, 450, 400, 430, 440]) + board(2, [110, 140, -50, 90, 120]) + board(3, [-100, 200, 200, 50])
           + row(3, 5, "", adjustment="sitout") + row(3, "", 15, adjustment="sitout")
           + row(2, 5, "", adjustment="Pen", ns_mp=-2))
TWO_SESSIONS = (LINE_PENALTIES + PLAIN + row(2, 2, "", adjustment="Pen", ns_mp=-3) + board(1, [100, 200, 300, 400], 2)
                + row(1, 5, 15, 50, ns_pen=2, session=2) + row(1, 1, "", adjustment="Pen", ns_mp=1, session=2))

#: Under the wbf Ave+/Ave- policy, penalties on artificial scores: the sheet takes them off the policy's figure as
#: mpxl score does. NS 3 has 100% on boards 2 and 3 (its Ave+ is 100%), EW 13 0% (its Ave- 0%); arrowswitched,
#: NS 5 sits on A-'s Ave+ side with 75% (6 + 6 of 16), EW 15 on its Ave- side with 25%.
WBF_AVES = (row(1, 1, 11, 420, ns_pen=1) + row(1, 2, 12, 450, ew_pen="10%")
            + row(1, 3, 13, adjustment="A+", ns_pen=2, ew_pen="25%") + row(1, 4, 14, 400, switch="Y", ew_pen="0.5")
            + row(1, 5, 15, adjustment="A-", switch="Y", ns_pen="10%", ew_pen=1)
            + board(2, [110, 140, 200, 90, 150]) + board(3, [-100, 200, 300, 50, 250]))

#: Each event: (the CSV's rows, mpxl score's options).
EVENTS = {
    "line penalties": (LINE_PENALTIES + PLAIN, ["--rounding", "half-up:2"]),
    "penalty rows": (LINE_PENALTIES + PLAIN + PEN_ROWS, ["--rounding", "half-up:1"]),
    "signed exact": (LINE_PENALTIES + PLAIN + PEN_ROWS, ["--scale", "signed", "--rounding", "half-up:1",
                                                         "--totals-from", "exact"]),
    "single mckinnon ebu": (LINE_PENALTIES + PLAIN + PEN_ROWS, ["--scale", "1", "--method", "mckinnon",
                                                                "--rounding", "ebu"]),
    "own tops": (LINE_PENALTIES + board(2, [110, 140, "A+", 90, 120]) + board(3, [-100, 200, 200, 50]) + PEN_ROWS,
                 ["--estimate-at", "own-tops"]),
    "unplayed own": (SAT_OUT, ["--unplayed", "own", "--rounding", "half-up:1"]),
    "two sessions": (TWO_SESSIONS, ["--rounding", "half-up:2"]),
    "wbf aves": (WBF_AVES, ["--ave-policy", "wbf", "--rounding", "half-up:2"]),
}

#: What the status of a board says (by event and board, the rows as written: line i is row 4 + i).
STATUS = {
    ("line penalties", 1): "ok; row 9: split score: NS -150 among NS's results, EW -50 among EW's; row 5: penalty off "
                           "the line's figure: NS 1 MP (and 4 more penalties)",
    ("penalty rows", 2): "ok; row 20: penalty row: NS 2 loses 3 MP (on the totals; the board's figures untouched)",
    ("penalty rows", 3): "ok; row 21: penalty row: EW 12 gets 1.5 MP (on the totals; the board's figures untouched) "
                         "(and 1 more penalties)",
}
#: What a line's penalty says in words (Penalty in words), by event and row.
WORDS = {
    ("line penalties", 6): "row 6: penalty off the line's figure: EW 10% of the top, 0.8 MP",  # top 8
    ("line penalties", 9): "row 9: penalty off the line's figure: NS 25% of the top, 2 MP, EW 1 MP",
    ("penalty rows", 22): "row 22: penalty row: NS 4 loses 1 MP, EW 14 gets 0.25 MP (on the totals; the board's "
                          "figures untouched)",
    ("signed exact", 6): "row 6: penalty off the line's figure: EW 10% of the top, 0.8 MP",
}

RUTER = INCOMING / "ruter-2016-08-10-signed-penalty-split-bye.pbn"

#: Penalties the sheet cannot read, one board each (pairs 1-3 v 11-13 play 420, 450, 400): the lines, and the
#: status the board shows (``{r}``: the row of the board's line or penalty row named).
BAD = [
    ([TemplateLine(typed=450, ns_pen="x")], "row {r}: 'x' is not a penalty; expected matchpoints such as 2 or a "
                                            "percentage of top such as 10%"),
    ([TemplateLine(typed=450, ew_pen="2 MP")], "row {r}: '2 MP' is not a penalty; expected matchpoints such as 2 or "
                                               "a percentage of top such as 10%"),
    ([TemplateLine(typed=450), TemplateLine(adjustment="Pen", ns_pair=2)],
     "row {r}: a penalty row for pair 2 with no amount in NS penalty"),
    ([TemplateLine(typed=450), TemplateLine(adjustment="Pen", ns_pen=2)],
     "row {r}: a penalty row names no pair (NS pair or EW pair)"),
    ([TemplateLine(typed=450), TemplateLine(adjustment="Pen", ns_pair=2, ns_pen="10%")],
     'row {r}: NS penalty "10%" is not matchpoints (2, or -4 for a bonus)'),
    ([TemplateLine(typed=450), TemplateLine(adjustment="Pen", ns_pair=2, ns_pen=1, ew_pen=2)],
     'row {r}: EW penalty "2" on a penalty row with no EW pair'),
    ([TemplateLine(typed=450), TemplateLine(adjustment="Pen", ns_pair=2, ns_pen=1, typed=420)],
     "row {r}: a penalty row holds no score or contract"),
]


def _bad_lines() -> tuple[list[TemplateLine], list[int], list[int]]:
    """The BAD boards' lines (board i + 1), each one's row named and first row, then board 99's pairs 4 and 5."""
    lines: list[TemplateLine] = []
    named, firsts = [], []
    for i, (extra, _) in enumerate(BAD):
        b = i + 1
        first = [TemplateLine(b, 1, 11, typed=420)]
        extra = [TemplateLine(**{**vars(x), "board": b}) for x in extra]
        extra[0].ns_pair, extra[0].ew_pair = 2, 12
        rest = [TemplateLine(b, 3, 13, typed=400)]
        named.append(FIRST_ROW + len(lines) + (1 if len(extra) == 1 else 3))
        firsts.append(FIRST_ROW + len(lines))
        lines += first + extra[:1] + rest + extra[1:]
    lines += [TemplateLine(99, 4, 14, typed=100), TemplateLine(99, 5, 15, typed=200)]
    return lines, named, firsts


#: The line penalties' workbook with each penalty typed as a percentage (10%, 25%) held as Excel holds a typed 10%
#: once the cell's Text format is gone: the number 0.1, formatted 0% (issue 35 §11).
SHOWN = "percent formatted"


def _percent_formatted(src: Path, dst: Path) -> Path:
    """``src`` with every penalty cell holding text ``N%`` written as the number N/100 formatted ``0%``."""
    wb = load_workbook(src)
    ws = wb["Travellers"]
    changed = 0
    for r in range(FIRST_ROW, ws.max_row + 1):
        for key in ("ns_pen", "ew_pen"):
            cell = ws[f"{C[key]}{r}"]
            if isinstance(cell.value, str) and cell.value.endswith("%"):
                cell.value, cell.number_format = float(cell.value[:-1]) / 100, "0%"
                changed += 1
    assert changed == 2, changed  # LINE_PENALTIES' 10% and 25%
    wb.save(dst)
    return dst


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    d = tmp_path_factory.mktemp("penalties")
    out = scored_csv_workbooks(d, EVENTS, HEAD)
    if RUTER.exists():
        ev = read_event(RUTER)
        xlsx = d / "ruter.xlsx"
        assert main(["score", str(RUTER), "-o", str(xlsx)]) == 0
        out["ruter"] = (xlsx, score_event(ev, detect(ev).options()))
    out[SHOWN] = (_percent_formatted(out["line penalties"][0], d / "shown.xlsx"), out["line penalties"][1])
    lines, _, _ = _bad_lines()
    pairs = [(p_, "NS") for p_ in (1, 2, 3, 4, 5)] + [(p_, "EW") for p_ in (11, 12, 13, 14, 15)]
    p = d / "bad.xlsx"
    write_workbook(p, Contents(Settings(), lines, list(range(1, len(BAD) + 1)) + [99], pairs))
    out["bad"] = (p, None)
    return out



@pytest.mark.parametrize("name", [*EVENTS, "ruter"])
def test_each_penalty_is_live_and_recalculates_to_mpxl_score(built, lo, name):
    """Written with live formulas (the penalty typed in NS penalty / EW penalty, a penalty row as Adjustment Pen),
    recalculated by LibreOffice: every line, pair (MP, Max, %, place, the latest session's and the carried-forward
    MP) and the ranking equal the core's, and no cell shows ?."""
    if name not in built:
        pytest.skip(f"{RUTER} is not here")
    path, result = built[name]
    ws = sheet_values(path, "Travellers")
    assert str(ws.get(f"{C['ns_mp']}{FIRST_ROW}")).startswith("=")
    pens = {C["ns_pen"], C["ew_pen"]}
    typed = [v for ref, v in ws.items() if ref.rstrip("0123456789") in pens and int(ref.lstrip("ABCDEFGHIJKLMNOPQRSTUVWXYZ")) >= FIRST_ROW]
    assert any(t not in (None, "") for t in typed)
    values = lo[name]
    check_workbook_event(values, result)
    shown = [k for k, v in values.data.items() if v == "?"]
    assert not shown, shown[:5]
    for i in range(len(result.boards)):
        assert values["Travellers", f"{C['b_status']}{FIRST_ROW + i}"].startswith("ok")


def test_a_number_formatted_as_a_percentage_is_that_percentage(built, lo, capsys):
    """0.1 formatted 0% in EW penalty is 10% of the top, as the text 10% is: every line's figures equal the text's
    after LibreOffice's recalculation, and ``mpxl score --json`` of the same workbook (issue 35 §11)."""
    text, shown = lo["line penalties"], lo[SHOWN]
    check_workbook_event(shown, built[SHOWN][1])
    rows = range(FIRST_ROW, FIRST_ROW + 15)
    figures = [(shown["Travellers", f"{C[k]}{r}"], text["Travellers", f"{C[k]}{r}"]) for r in rows
               for k in ("ns_mp", "ew_mp")]
    assert all(a == b for a, b in figures), figures
    capsys.readouterr()
    assert main(["score", str(built[SHOWN][0]), "--json"]) == 0
    board1 = json.loads(capsys.readouterr().out)["boards"][0]["lines"]
    sheet = [(shown["Travellers", f"{C['ns_mp']}{r}"], shown["Travellers", f"{C['ew_mp']}{r}"])
             for r in range(FIRST_ROW, FIRST_ROW + len(board1))]
    assert sheet == [(line["ns_mp"], line["ew_mp"]) for line in board1]
    # the lowest of 4 results of N = 5 (A+ is no result): Neuberg (0 + 1) x 5 / 4 - 1 = 0.25, less 10% of the top 8
    # (EW on 450) and less 25% of it (NS on -150, the split's NS side)
    assert (sheet[1][1], sheet[4][0]) == (-0.55, -1.75), sheet


def test_the_ruter_penalty_row_is_on_its_board(built, lo):
    """Ruter's Pen row of board 11 (pair 6 +4.0, pair 10 0.0) is one row of the board, its status says so, and pair 6
    has its published 4.0 and 52.08% (its own share of each board it sat out worked out before the penalty)."""
    if "ruter" not in built:
        pytest.skip(f"{RUTER} is not here")
    v = lo["ruter"]
    status = v["Travellers", f"{C['b_status']}{FIRST_ROW + 10}"]
    assert status.endswith("penalty row: NS 6 gets 4 MP, EW 10 gets 0 MP (on the totals; the board's figures "
                           "untouched)"), status
    rows = {v["Pairs", f"{P['pair']}{r}"]: r for r in range(FIRST_ROW, FIRST_ROW + 11)}
    r = rows[6]
    assert (v["Pairs", f"{P['mp']}{r}"], v["Pairs", f"{P['pct']}{r}"], v["Pairs", f"{P['pen']}{r}"]) == (4, 52.08, 4)


@pytest.mark.parametrize("key", list(STATUS))
def test_the_status_says_what_was_done(lo, key):
    name, b = key
    assert lo[name]["Travellers", f"{C['b_status']}{FIRST_ROW + b - 1}"] == STATUS[key]


@pytest.mark.parametrize("key", list(WORDS))
def test_each_penalty_in_words(lo, key):
    name, r = key
    assert lo[name]["Travellers", f"{C['psay']}{r}"] == WORDS[key]


@pytest.mark.parametrize("i", range(len(BAD)))
def test_a_penalty_the_sheet_cannot_read_is_named_on_its_board(lo, i):
    """The board's status names the row and what is wrong; the board shows ?, and pairs that did not play it
    still add up (board 99's pairs 4 and 5)."""
    v = lo["bad"]
    _, named, firsts = _bad_lines()
    status = v["Travellers", f"{C['b_status']}{FIRST_ROW + i}"]
    assert status == BAD[i][1].format(r=named[i]), status
    assert v["Travellers", f"{C['ns_mp']}{firsts[i]}"] == "?"
    totals = {v["Pairs", f"{P['pair']}{r}"]: v["Pairs", f"{P['mp']}{r}"] for r in range(FIRST_ROW, FIRST_ROW + 10)}
    # 2 results of N (a line not read counts towards N: it never makes a board look shorter)
    assert totals[4] + totals[5] == totals[14] + totals[15] and totals[4] < totals[5], totals


def test_a_line_penalty_not_read_gets_mpxl_scores_words(tmp_path, capsys):
    """The sheet's words for a line's penalty it cannot read are ``mpxl score``'s own, after the row."""
    src = tmp_path / "bad.csv"
    src.write_text(HEAD + row(1, 1, 11, 420) + row(1, 2, 12, 450, ns_pen="x") + row(1, 3, 13, 400))
    capsys.readouterr()
    assert main(["score", str(src), "--no-infer"]) == 2
    err = capsys.readouterr().err.strip()
    assert err.endswith("line 3, column ns_penalty: " + BAD[0][1].split(": ", 1)[1]), err  # named on its line


# ------------------------------------------------------------ the writer: what a scorer types

@pytest.mark.parametrize("value, typed", [
    (2, 2), ("2", 2), (" 1.5 ", 1.5), (-1, 1), ("10%", "10%"), (" 12.5 % ", "12.5%"), (Fraction(1, 4), 0.25),
    (None, None), ("", None), (0, None),
])
def test_a_line_penalty_is_typed_as_the_sheet_reads_it(value, typed):
    """Matchpoints as a number (their size: the board scorer takes any sign off), a percentage of top as text
    (the penalty as a line reads it: read_penalty)."""
    assert _typed_penalty(read_penalty(value)) == typed


def test_penalty_rows_are_typed_one_row_each_both_pairs_of_a_row_together():
    """A file's row naming two pairs is one sheet row (its where); the penalty column holds what the total loses."""
    ev = Event(penalties=[Penalty(11, "6", "NS", Fraction(4), where="ScoreTable 7"),
                          Penalty(11, "10", "EW", Fraction(0), where="ScoreTable 7"),
                          Penalty(3, "2", "NS", Fraction(-3, 2), "B", 2, where="line 9"),
                          Penalty(3, "2", "NS", Fraction(-1), "B", 2, where="line 9")])
    got = [(t.board, t.ns_pair, t.ew_pair, t.adjustment, t.ns_pen, t.ew_pen, t.section, t.session)
           for t in _penalty_rows(ev)]
    assert got == [(11, 6, 10, "Pen", -4, 0, None, None), (3, 2, None, "Pen", 1.5, None, "B", 2),
                   (3, 2, None, "Pen", 1, None, "B", 2)]


@pytest.mark.parametrize("lines, options, why", [
    ([Line(1, "1", "11", score=420, ns_penalty="0.123456789012345678"), Line(1, "2", "12", score=400)], {},
     "has more decimals than a cell shows"),
])
def test_a_penalty_the_sheet_cannot_hold_is_written_as_values_with_the_reason(lines, options, why):
    result = score_event(Event(lines=lines, winners={"": 2}), ScoringOptions.parse(**options))
    assert why in (unsupported(result) or ""), unsupported(result)


@pytest.mark.parametrize("name", list(EVENTS))
def test_a_workbook_with_penalties_reads_back_to_the_same_figures(built, capsys, name):
    """`mpxl score x.xlsx` reads NS penalty / EW penalty and the penalty rows back: the same lines, pairs and
    places as the CSV it was written from."""
    direct, back = scored_and_read_back(built[name][0], EVENTS[name][1], capsys)
    assert back["boards"] == direct["boards"] and back["pairs"] == direct["pairs"]
    assert back.get("penalties") == direct.get("penalties")


# ------------------------------------------------------ the live workbook's number formats: the event's decimals

@pytest.mark.parametrize("options, formats", [
    (["--rounding", "half-up:2"], ("0.00", "0.00", "0.00")),
    (["--rounding", "half-up:1"], ("0.0", "0.0", "0.00")),
    (["--rounding", "ebu", "--rounding-totals", "half-up:2", "--rounding-pct", "half-up:1"], ("0.0", "0.00", "0.0")),
    (["--rounding", "exact", "--rounding-pct", "half-even:0"], ("General", "General", "0")),
])
def test_the_live_workbook_shows_the_events_decimals(tmp_path, options, formats):
    """NS MP (and the board totals) at the lines' decimals, MP at the totals', % at the percentages': as the values
    workbook shows them, not 0.00 whatever the event."""
    src, xlsx = tmp_path / "e.csv", tmp_path / "e.xlsx"
    src.write_text(HEAD + LINE_PENALTIES + PLAIN)
    assert main(["score", str(src), "--no-infer", *options, "-o", str(xlsx)]) == 0
    wb = load_workbook(xlsx)
    tr, pa, to = wb["Travellers"], wb["Pairs"], wb["Totals"]
    from mpxl.workbook.template import TOTALS_COLUMNS as T

    assert str(tr[f"{C['ns_mp']}{FIRST_ROW}"].value).startswith("=")
    got = (tr[f"{C['ns_mp']}{FIRST_ROW}"].number_format, pa[f"{P['mp']}{FIRST_ROW}"].number_format,
           pa[f"{P['pct']}{FIRST_ROW}"].number_format)
    assert got == formats
    assert (tr[f"{C['b_ns']}{FIRST_ROW}"].number_format, to[f"{T['mp']}{FIRST_ROW}"].number_format,
            to[f"{T['pct']}{FIRST_ROW}"].number_format) == formats
