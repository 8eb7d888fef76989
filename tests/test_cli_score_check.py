"""`mpxl score` and `mpxl check` end to end: outputs, exit statuses, messages without tracebacks."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from openpyxl import load_workbook

from mpxl.cli import main
from mpxl.formats import read_event
from tests.shared import REALDATA

DATA = Path(__file__).parent / "data"
CLUB = DATA / "club-howell.csv"
TWO = DATA / "two-sections.xml"


def run(argv, capsys):
    code = main([str(a) for a in argv])
    out, err = capsys.readouterr()
    return code, out, err


def test_score_prints_the_ranking(capsys):
    code, out, err = run(["score", CLUB], capsys)
    assert code == 0 and err == ""
    rows = [line.split() for line in out.splitlines()[1:]]
    assert [(r[0], r[1], r[-1]) for r in rows] == [
        ("1", "6", "65.63"), ("2", "1", "64.17"), ("3", "3", "55.00"), ("4", "2", "51.25"), ("5", "5", "31.88"),
        ("6", "4", "30.83")]


@pytest.mark.parametrize("flags, pair, mp", [
    ([], "5", 5.1),
    (["--ave-policy", "wbf"], "5", 4.67),  # 3.5 + 29.17% of 4, rounded to 2 decimals on the board
    (["--rounding", "exact"], "5", 5.1),
    (["--expected", "4"], "4", 5.93),  # Neuberg to 4: 0.33 + 3 + 2.6
    (["--method", "factor", "--expected", "4"], "4", 5.55),  # Factor: 0 + 3 + 2.55
    (["--scale", "1"], "6", 5.25),
])
def test_score_options(flags, pair, mp, capsys):
    code, out, _ = run(["score", CLUB, "--json", *flags], capsys)
    assert code == 0
    doc = json.loads(out)
    assert next(p["mp"] for p in doc["pairs"] if p["pair"] == pair) == pytest.approx(mp, abs=0.005)


@pytest.mark.parametrize("ext", [".csv", ".xml", ".pbn", ".xlsx"])
def test_score_writes_outputs(ext, tmp_path, capsys):
    out = tmp_path / f"result{ext}"
    code, stdout, err = run(["score", CLUB, "-o", out], capsys)
    assert code == 0 and err == ""
    assert stdout.startswith(f"mpxl: wrote {out} (")  # one line saying what was written
    assert len(stdout.splitlines()) == 1
    assert out.exists() and sorted(p.name for p in tmp_path.iterdir()) == [out.name]  # no temporary file left
    if ext != ".xlsx":
        assert len(read_event(out).lines) == 12


def test_score_never_writes_over_its_input(tmp_path, capsys):
    src = tmp_path / "in.csv"
    src.write_bytes(CLUB.read_bytes())
    before = src.read_bytes()
    for target in (src, tmp_path / "." / "in.csv"):
        code, _, err = run(["score", src, "-o", target], capsys)
        assert code == 2 and "refusing to write over the input file" in err
    assert src.read_bytes() == before


def test_html_output(tmp_path, capsys):
    code, _, err = run(["score", CLUB, "-o", tmp_path / "r.html"], capsys)
    assert code == 0 and err == ""
    assert [p.name for p in tmp_path.iterdir()] == ["r.html"]  # written atomically: no temporary left
    assert "Ranking" in (tmp_path / "r.html").read_text(encoding="utf-8")


@pytest.mark.parametrize("options, why", [
    (["--factor-top", "24"], "factoring to a fixed top is not in the workbook's formulas"),
    (["--method", "none", "--rounding", "1", "--rounding-pct", "half-even:1"],
     "no estimation (method none) is not in the workbook's formulas"),
])
def test_xlsx_of_an_event_the_template_cannot_hold_is_the_same_workbook_with_values(tmp_path, capsys, options, why):
    """Item 3 of issue 28: the same sheets as a live workbook (Setup, title, names, places), the figures
    as values rounded as published, at the event's decimals, and the message names the cells and why."""
    from mpxl.core.session import score_event
    from mpxl.workbook.layout import FIRST_ROW, PAIRS_COLUMNS, TOTALS_COLUMNS, TRAVELLER_COLUMNS

    code, _, err = run(["score", TWO, "--no-infer", *options, "-o", tmp_path / "two.xlsx"], capsys)
    assert code == 0 and why in err and "written as values, not formulas (Travellers: NS MP, EW MP" in err
    wb = load_workbook(tmp_path / "two.xlsx")
    assert wb.sheetnames == ["Setup", "Travellers", "Pairs", "Totals", "Methods", "Working", "Help", "xlwings.conf", "Settings"]
    named = {row[0]: row[1] for row in wb["Settings"].iter_rows(min_row=2, values_only=True)}
    assert named["method"] in ("neuberg", "none")  # every setting applied, named as the JSON names it
    for sheet in ("Travellers", "Pairs", "Totals"):
        assert wb[sheet]["A3"].value.startswith(f"Values, not formulas ({why})")
    from mpxl.cli import build_parser
    from mpxl.commands.choice import choose_options

    ev = read_event(TWO)
    result = score_event(ev, choose_options(ev, build_parser().parse_args(["score", str(TWO), "--no-infer",
                                                                            *options])).options)
    tr, to = wb["Travellers"], wb["Totals"]
    C, T, P = TRAVELLER_COLUMNS, TOTALS_COLUMNS, PAIRS_COLUMNS
    first = result.boards[0].lines[0]
    cell = tr[f"{C['ns_mp']}{FIRST_ROW}"]
    assert cell.value == float(first.ns_mp) and not str(cell.value).startswith("=")
    for i, pr in enumerate(result.pairs):
        row = FIRST_ROW + i
        assert to[f"{T['place']}{row}"].value == pr.place
        assert to[f"{T['pct']}{row}"].value == float(result.options.round_percentage(pr.percentage))
    assert to[f"{T['pct']}{FIRST_ROW}"].number_format == ("0.0" if "half-even:1" in options else "0.00")
    assert not str(wb["Pairs"][f"{P['mp']}{FIRST_ROW}"].value).startswith("=")


def test_xlsx_of_more_lines_than_a_sheet_holds_is_refused(tmp_path, capsys, monkeypatch):
    from mpxl.workbook import template

    monkeypatch.setattr(template, "MAX_DATA_ROWS", 3)  # really 1,048,572; the club file has more than 3 lines
    code, _, err = run(["score", CLUB, "-o", tmp_path / "big.xlsx"], capsys)
    assert code == 2 and "more than a worksheet holds (3: Excel's 1,048,576 rows less the headings)" in err
    assert "write .csv" in err and not (tmp_path / "big.xlsx").exists()


def test_unknown_output_extension(tmp_path, capsys):
    code, _, err = run(["score", CLUB, "-o", tmp_path / "r.docx"], capsys)
    assert code == 2 and "cannot write '.docx'" in err


def test_check_reports_differences_and_exits_1(tmp_path, capsys):
    bad = tmp_path / "edited.xml"
    bad.write_text(TWO.read_text().replace("<NS_MATCH_POINTS>1.2</NS_MATCH_POINTS>", "<NS_MATCH_POINTS>1.3</NS_MATCH_POINTS>"))
    code, out, _ = run(["check", bad], capsys)
    assert code == 1
    assert "SECTION B, BOARD 1, TRAVELLER_LINE 2: board 1, NS 2 v EW 3: NS matchpoints: published 1.3, mpxl 1.2" in out
    assert "1 difference" in out
    code, out, _ = run(["check", bad, "--json"], capsys)
    assert code == 1 and json.loads(out)["differences"][0]["mpxl"] == "1.2"


def test_check_agrees_and_conventions_can_be_given(capsys):
    assert run(["check", TWO], capsys)[0] == 0
    assert run(["check", TWO, "--conventions", "scorebridge"], capsys)[0] == 0  # integer figures: any rounding
    code, _, err = run(["check", TWO, "--conventions", "pianola"], capsys)
    assert code == 2 and "not a known program" in err


def test_check_needs_published_figures(capsys):
    code, _, err = run(["check", CLUB], capsys)
    assert code == 2 and "publishes no matchpoints or percentages" in err


XXE = ('<?xml version="1.0"?><!DOCTYPE USEBIO [<!ENTITY x SYSTEM "file:///etc/passwd">]>'
       "<USEBIO><EVENT><PROGRAM_NAME>&x;</PROGRAM_NAME></EVENT></USEBIO>")
BOMB = ('<?xml version="1.0"?><!DOCTYPE USEBIO [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">'
        '<!ENTITY c "&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;">]><USEBIO>&c;</USEBIO>')
PBN_NO_MP = ('[Event "x"]\n[Board "1"]\n[ScoreTable "PairId_NS\\2R;PairId_EW\\2R;Score_NS\\6R;Score_EW\\6R;MP_NS\\4R;MP_EW\\4R"]\n'
             ' 1 2 "420" - 2.0\n')

# (file name, content, the start of the message after "mpxl: FILE: ")
MALFORMED = [
    ("trunc.xml", TWO.read_text()[:900], "line "),
    ("xxe.xml", XXE, "refused"),
    ("bomb.xml", BOMB, "refused"),
    ("code.xml", TWO.read_text().replace("A6040", "A60X"), "SECTION B, BOARD 1, TRAVELLER_LINE 2: 'A60X'"),
    ("nomp.pbn", PBN_NO_MP, "line 4: board 1: the row has 5 cells"),
    ("text.csv", "board,ns_pair,ew_pair,ns_score\n1,1,2,420\n1,3,4,four twenty\n", "line 3, column ns_score:"),
    ("dup.csv", "board,table,ns_pair,ew_pair,ns_score\n1,1,1,2,420\n1,1,3,4,400\n", "line 3: board 1: table 1 already"),
    ("dup2.xml", TWO.read_text().replace("<EW_PAIR_NUMBER>3</EW_PAIR_NUMBER>", "<EW_PAIR_NUMBER>4</EW_PAIR_NUMBER>"),
     "SECTION A, BOARD 1, TRAVELLER_LINE 2: board 1: pair 4 already has a line"),
]


@pytest.mark.parametrize("command", ["score", "check"])
@pytest.mark.parametrize("name, content, message", MALFORMED, ids=[m[0] for m in MALFORMED])
def test_malformed_input_exits_2_with_file_place_and_problem(name, content, message, command, tmp_path, capsys):
    path = tmp_path / name
    path.write_text(content, encoding="utf-8")
    code, out, err = run([command, path], capsys)
    assert code == 2 and out == ""
    assert err.startswith(f"mpxl: {path}: {message}")
    assert "Traceback" not in err and err.count("\n") == 1


def test_malformed_input_from_a_real_process_has_no_traceback(tmp_path):
    path = tmp_path / "bomb.xml"
    path.write_text(BOMB)
    proc = subprocess.run([sys.executable, "-m", "mpxl", "score", str(path)], capture_output=True, text=True,
                          env={**os.environ, "PYTHONPATH": str(Path(__file__).resolve().parents[1])})
    assert proc.returncode == 2 and proc.stdout == ""
    assert proc.stderr.startswith(f"mpxl: {path}: refused") and "Traceback" not in proc.stderr


def test_ranking_across_the_field_is_one_block_per_direction(tmp_path, capsys):
    """Two sections matchpointed across the field: one North-South and one East-West ranking, each
    pair named with its section ("A 1"), in place order."""
    src = tmp_path / "across.csv"
    src.write_text("section,board,ns_pair,ew_pair,ns_score\n"
                   "A,1,1,1,420\nA,1,2,2,400\nB,1,1,1,100\nB,1,2,2,-50\n", encoding="utf-8")
    code, out, _ = run(["score", str(src), "--field", "event"], capsys)
    assert code == 0
    blocks = [b.splitlines() for b in out.strip().split("\n\n")]
    assert [b[0] for b in blocks] == ["North-South", "East-West"]
    assert [ln.split()[:3] for ln in blocks[0][2:]] == [["1", "A", "1"], ["2", "A", "2"], ["3", "B", "1"],
                                                        ["4", "B", "2"]]


@pytest.mark.skipif(not (REALDATA / "magiccontest-ffb-final-2022-session1.pbn").exists(), reason="no real data")
def test_a_file_whose_figures_nothing_reproduces_is_scored_with_a_warning_and_a_howell_ranked_once(tmp_path, capsys):
    """Magic Contest's final cut after board 10 (a file broken off, its totals those of 30 boards): no settings
    reproduce its totals, so ``score`` says so on stderr; the nearest settings never rank a Howell's pairs NS and
    EW apart (each pair would be in both lists), whatever the places fit."""
    text = (REALDATA / "magiccontest-ffb-final-2022-session1.pbn").read_text("latin-1")
    cut = tmp_path / "cut.pbn"
    cut.write_text(text[:text.index('[Board "11"]')], "latin-1")
    code, out, err = run(["score", cut], capsys)
    assert code == 0
    assert f"mpxl: {cut}: no settings mpxl knows reproduce every figure the file publishes" in err
    assert f"mpxl check {cut} lists what differs" in err
    assert "North-South" not in out and "East-West" not in out
    pairs = [row.split()[1] for row in out.splitlines()[3:] if row.strip()]
    assert len(pairs) == 44 and len(set(pairs)) == 44  # every pair once


#: (the lines so far, as a live page scores them; each pair's % in the ranking, NS then EW): a pair whose every board
#: has one result so far has no one to be compared with: its percentage is "-", never 0.00 (its maximum is 0)
SO_FAR = [
    ("1,1,2,420\n2,3,4,-50\n", ["-", "-", "-", "-"]),  # after round 1: each board one result
    # board 1 twice (a top and a bottom, top 2), board 2 once (a lone result: average, 1 of a top of 2)
    ("1,1,2,420\n1,3,4,400\n2,3,4,-50\n", ["100.00", "25.00", "75.00", "0.00"]),
]


@pytest.mark.parametrize("lines, shown", SO_FAR, ids=["one result a board", "a board twice"])
def test_a_pair_not_yet_compared_shows_no_percentage(tmp_path, capsys, lines, shown):
    src = tmp_path / "so-far.csv"
    src.write_text("board,ns_pair,ew_pair,ns_score\n" + lines)
    code, out, _ = run(["score", str(src)], capsys)
    assert code == 0
    assert [ln.split()[-1] for ln in out.splitlines() if ln[:1].isdigit()] == shown
    page = tmp_path / "so-far.html"
    assert main(["score", str(src), "-o", str(page)]) == 0
    assert page.read_text(encoding="utf-8").count('<td class="num">-</td>') == shown.count("-")
