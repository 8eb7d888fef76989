"""A table with one pair and no opponents (a phantom pair, an odd number of pairs): a sit-out.

Programs write it in their files (Ruter's PBN: ``-`` for the absent pair and ``Bye`` as the
score; a CSV row with one pair and ``sitout``). It is read as a :class:`~mpxl.core.event.SitOut`, not a
line: not a result, not in N (the board was never going to have a result there), and the pair's
totals count it as a board missed only under ``--unplayed own``.
"""

from __future__ import annotations

import json
from fractions import Fraction

import pytest

from mpxl.cli import main
from mpxl.core.errors import UserError
from mpxl.core.event import SitOut
from mpxl.core.options import ScoringOptions
from mpxl.core.session import score_event
from mpxl.core.settings import Unplayed
from mpxl.formats import read_event

PBN_HEAD = '[Board "{b}"]\n[ScoreTable "Table\\\\1R;PairId_NS\\\\2R;PairId_EW\\\\2R;Score_NS\\\\6R;Score_EW\\\\6R"]\n'
USEBIO = ('<?xml version="1.0"?><USEBIO Version="1.2"><EVENT EVENT_TYPE="MP_PAIRS"><SESSION><SECTION>'
          '<BOARD><BOARD_NUMBER>1</BOARD_NUMBER>{lines}</BOARD></SECTION></SESSION></EVENT></USEBIO>')
TL = "<TRAVELLER_LINE>{}</TRAVELLER_LINE>"
PLAYED_XML = TL.format("<NS_PAIR_NUMBER>1</NS_PAIR_NUMBER><EW_PAIR_NUMBER>2</EW_PAIR_NUMBER><SCORE>420</SCORE>")


@pytest.mark.parametrize("suffix, text, sitout", [
    (".csv", "board,ns_pair,ew_pair,ns_score\n1,1,2,420\n1,,5,sitout\n", SitOut(1, "5", "EW", where="line 3")),
    (".csv", "board,ns_pair,ew_pair,ns_score\n1,1,2,420\n1,3,,\n", SitOut(1, "3", "NS", where="line 3")),
    (".csv", "board,ns_pair,ew_pair,ns_score,session,section\n1,1,2,420,2,B\n1,,5,Bye,2,B\n",
     SitOut(1, "5", "EW", "B", 2, "line 3")),
    (".pbn", PBN_HEAD.format(b=1) + '1 1 2 "420" -\n2 - 5 "Bye" "Bye"\n', SitOut(1, "5", "EW", where="line 4", table=2)),
    (".pbn", PBN_HEAD.format(b=1) + '1 1 2 "420" -\n2 3 - - -\n', SitOut(1, "3", "NS", where="line 4", table=2)),
    (".xml", USEBIO.format(lines=PLAYED_XML + TL.format("<EW_PAIR_NUMBER>5</EW_PAIR_NUMBER>")),
     SitOut(1, "5", "EW", where="BOARD 1, TRAVELLER_LINE 2")),
])
def test_a_table_with_one_pair_and_no_result_is_a_sitout(tmp_path, suffix, text, sitout):
    path = tmp_path / f"e{suffix}"
    path.write_text(text, encoding="utf-8")
    ev = read_event(path)
    assert ev.sitouts == [sitout]
    assert [(ln.ns_pair, ln.ew_pair) for ln in ev.lines] == [("1", "2")]  # not a line


@pytest.mark.parametrize("suffix, text, message", [
    (".csv", "board,ns_pair,ew_pair,ns_score\n1,1,2,420\n1,,5,400\n",
     "line 3: a line needs both ns_pair and ew_pair (a pair sitting out"),
    (".csv", "board,ns_pair,ew_pair,ns_score\n1,1,2,420\n1,,2,sitout\n",
     "line 3: board 1: pair 2 sits out a board it plays (line 2)"),
    (".csv", "board,ns_pair,ew_pair,ns_score\n1,1,2,420\n1,,5,sitout\n1,,5,\n",
     "line 4: board 1: pair 5 already sits out this board (line 3)"),
    (".csv", "board,ns_pair,ew_pair,ns_score\n1,1,2,420\n2,,5,sitout\n",
     "line 3: board 2: pair 5 sits out a board that no table of its section played"),
    (".pbn", PBN_HEAD.format(b=1) + '1 1 2 "420" -\n2 - 5 "400" -\n',
     "line 4: board 1: a line needs both PairId_NS and PairId_EW"),
    (".xml", USEBIO.format(lines=PLAYED_XML + TL.format("<EW_PAIR_NUMBER>5</EW_PAIR_NUMBER><SCORE>50</SCORE>")),
     "TRAVELLER_LINE 2: a traveller line needs NS_PAIR_NUMBER and EW_PAIR_NUMBER"),
])
def test_one_pair_with_a_result_or_a_pair_both_playing_and_sitting_out_is_refused(tmp_path, suffix, text, message):
    path = tmp_path / f"e{suffix}"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(UserError) as err:
        read_event(path)
    assert message in str(err.value)


#: Five pairs, two tables and a phantom; a board a round, each pair sits out once. On every board
#: the first table's NS scores 420 and the second's 400: the first NS and the second EW take the
#: top of 2 (two results: N = 2, the sit-out is not a missing result).
HOWELL5 = """board,ns_pair,ew_pair,ns_score
1,1,2,420
1,3,4,400
1,,5,sitout
2,2,3,420
2,4,5,400
2,1,,
3,1,4,420
3,5,2,400
3,,3,sitout
4,1,3,420
4,4,5,400
4,2,,sitout
5,1,5,420
5,2,3,400
5,,4,sitout
"""

#: By hand, pair: (MP, max, %) over the 4 boards played; under 'own' each pair's sit-out board adds
#: its own percentage of the top of 2 (pair 3: 25% of 2 = 0.5) and 2 to its maximum.
HOWELL5_TOTALS = {
    Unplayed.NONE: {"1": (8, 8, 100), "2": (4, 8, 50), "3": (2, 8, 25), "4": (2, 8, 25), "5": (4, 8, 50)},
    Unplayed.OWN: {"1": (10, 10, 100), "2": (5, 10, 50), "3": (2.5, 10, 25), "4": (2.5, 10, 25), "5": (5, 10, 50)},
    # a set credit: 50% of the top of 2 is 1, 60% (JFR Pary's sit-out credit) 1.2, whatever the pair's own %
    Unplayed.AVERAGE: {"1": (9, 10, 90), "2": (5, 10, 50), "3": (3, 10, 30), "4": (3, 10, 30), "5": (5, 10, 50)},
    Unplayed.AVE_PLUS: {"1": (Fraction("9.2"), 10, 92), "2": (Fraction("5.2"), 10, 52), "3": (Fraction("3.2"), 10, 32),
                        "4": (Fraction("3.2"), 10, 32), "5": (Fraction("5.2"), 10, 52)},
}


@pytest.fixture
def howell5(tmp_path):
    path = tmp_path / "howell5.csv"
    path.write_text(HOWELL5, encoding="utf-8")
    return path


@pytest.mark.parametrize("unplayed", list(Unplayed))
def test_sitouts_are_not_in_n_and_count_as_missed_only_under_own(howell5, unplayed):
    ev = read_event(howell5)
    assert len(ev.sitouts) == 5 and len(ev.lines) == 10
    result = score_event(ev, ScoringOptions(unplayed=unplayed))
    assert {(b.expected, b.actual, b.top) for b in result.boards} == {(2, 2, 2)}
    got = {pr.pair.number: (pr.mp, pr.max, pr.percentage) for pr in result.pairs}
    assert got == HOWELL5_TOTALS[unplayed]
    # without the sit-outs on record every pair played as many boards: 'own' adds nothing
    ev.sitouts = []
    bare = score_event(ev, ScoringOptions(unplayed=unplayed))
    assert {pr.pair.number: (pr.mp, pr.max) for pr in bare.pairs} == \
        {k: v[:2] for k, v in HOWELL5_TOTALS[Unplayed.NONE].items()}


@pytest.mark.parametrize("suffix", [".csv", ".pbn", ".xml"])
def test_sitouts_are_written_and_read_back(howell5, tmp_path, suffix, capsys):
    out = tmp_path / f"out{suffix}"
    assert main(["score", str(howell5), "-o", str(out)]) == 0
    back = read_event(out)
    strip = [(s.board, s.pair, s.direction, s.section, s.session) for s in read_event(howell5).sitouts]
    assert [(s.board, s.pair, s.direction, s.section, s.session) for s in back.sitouts] == strip
    page = tmp_path / "page.html"
    assert main(["score", str(out), "-o", str(page)]) == 0
    assert "top 2; sat out: pair 5</p>" in page.read_text(encoding="utf-8")  # board 1's note
    capsys.readouterr()
    assert main(["score", str(out), "--unplayed", "own", "--json"]) == 0
    doc = json.loads(capsys.readouterr().out)
    assert [(s["board"], s["pair"], s["direction"], s["section"], s["session"]) for s in doc["sitouts"]] == strip


def test_the_workbook_reads_a_sitout_as_no_line(howell5, tmp_path, capsys):
    """`mpxl score -o x.xlsx` writes each sit-out as its pair alone with `sitout`; recalculated by
    LibreOffice the sheet reads it as no line (Kind blank, not in N): the same line figures and
    totals as the command. A not-played code with no pair at all is unreadable, as the command says."""
    from recalc import libreoffice_recalc

    from mpxl.workbook.template import (
        FIRST_ROW,
        PAIRS_COLUMNS,
        TRAVELLER_COLUMNS,
        Contents,
        TemplateLine,
        build_workbook,
    )
    C, P = TRAVELLER_COLUMNS, PAIRS_COLUMNS
    scored = tmp_path / "howell5.xlsx"
    assert main(["score", str(howell5), "-o", str(scored)]) == 0
    typed = tmp_path / "typed.xlsx"
    build_workbook(Contents(lines=[TemplateLine(1, 1, 2, typed=420), TemplateLine(1, 3, 4, typed=400),
                                   TemplateLine(1, None, 5, adjustment="Bye"), TemplateLine(2, None, None, adjustment="NP")],
                            boards=[1, 2], pairs=[(p, None) for p in range(1, 6)])).save(typed)
    capsys.readouterr()
    assert main(["score", str(howell5), "--json"]) == 0
    doc = json.loads(capsys.readouterr().out)
    lines = [(ln["ns_pair"], ln["ew_pair"], ln["ns_mp"], ln["ew_mp"]) for b in doc["boards"] for ln in b["lines"]]
    values, typed_values = libreoffice_recalc([scored, typed])
    rows = range(FIRST_ROW, FIRST_ROW + len(lines) + len(HOWELL5_SITOUT_ROWS))
    sheet = [tuple(values["Travellers", f"{C[k]}{r}"] for k in ("ns_pair", "ew_pair", "ns_mp", "ew_mp", "kind"))
             for r in rows]
    assert [s[:4] for s in sheet if s[4] == "R"] == [(int(a), int(b), c, d) for a, b, c, d in lines]
    assert [(s[0], s[1]) for s in sheet if s[4] != "R"] == HOWELL5_SITOUT_ROWS
    assert all(s[4] in (None, "") for s in sheet if s[4] != "R")
    r = FIRST_ROW
    pairs = {}
    while values["Pairs", f"{P['pair']}{r}"] not in (None, ""):
        pairs[str(values["Pairs", f"{P['pair']}{r}"])] = (values["Pairs", f"{P['mp']}{r}"], values["Pairs", f"{P['max']}{r}"])
        r += 1
    assert pairs == {k: v[:2] for k, v in HOWELL5_TOTALS[Unplayed.NONE].items()}
    kinds = [typed_values["Travellers", f"{C['kind']}{FIRST_ROW + i}"] for i in range(4)]
    assert [k or "" for k in kinds] == ["R", "R", "", "bad"]
    # board 1: two results and a sit-out: N = 2, 420 takes the top of 2 (3.5 if the sit-out were in N)
    assert [typed_values["Travellers", f"{C['ns_mp']}{FIRST_ROW + i}"] for i in range(2)] == [2, 0]


def test_the_fresh_templates_numbered_rows_are_no_sitouts(tmp_path, capsys):
    """`mpxl template` numbers its rows (a Board and an NS pair on each): a row left as it came is no line
    and no sit-out, as the sheet reads it (Kind blank, Pair alone 0), so a template with some boards typed
    and the rest left is scored; a pair alone with `sitout` in Adjustment is a sit-out, as the sheet's
    Pair alone counts it."""
    from openpyxl import load_workbook

    from mpxl.workbook.template import FIRST_ROW, TRAVELLER_COLUMNS

    C = TRAVELLER_COLUMNS
    path = tmp_path / "fresh.xlsx"
    assert main(["template", "--tables", "3", "--boards", "3", "-o", str(path)]) == 0
    wb = load_workbook(path)
    ws = wb["Travellers"]
    assert [(ws[f"{C['board']}{r}"].value, ws[f"{C['ns_pair']}{r}"].value) for r in range(FIRST_ROW, FIRST_ROW + 4)] \
        == [(1, 1), (1, 2), (1, 3), (2, 1)]  # numbered, as they come
    for r, ew, typed in ((FIRST_ROW, 1, 420), (FIRST_ROW + 1, 2, 400)):
        ws[f"{C['ew_pair']}{r}"], ws[f"{C['typed']}{r}"] = ew, typed
    ws[f"{C['adjustment']}{FIRST_ROW + 2}"] = "sitout"  # NS 3 alone on board 1; boards 2 and 3 left as they came
    wb.save(path)
    capsys.readouterr()
    assert main(["score", str(path), "--json"]) == 0
    doc = json.loads(capsys.readouterr().out)
    assert [(ln["ns_pair"], ln["ew_pair"], ln["ns_mp"]) for b in doc["boards"] for ln in b["lines"]] == \
        [("1", "1", 2), ("2", "2", 0)]
    assert [(s["board"], s["pair"], s["direction"]) for s in doc["sitouts"]] == [(1, "3", "NS")]


#: The sit-out rows as the workbook holds them, after the lines: (NS pair, EW pair).
HOWELL5_SITOUT_ROWS = [(None, 5), (1, None), (None, 3), (2, None), (None, 4)]


@pytest.mark.parametrize("suffix", [".pbn", ".xml", ".csv"])
@pytest.mark.parametrize("unplayed", list(Unplayed))
def test_check_finds_whether_the_sitouts_were_credited(howell5, tmp_path, suffix, unplayed, capsys):
    """A file with its sit-outs and totals published with or without the bye credit (Ruter credits
    it): `mpxl check` reproduces every figure with no option, finding which."""
    path = tmp_path / f"published{suffix}"
    from mpxl.formats import write_event
    write_event(score_event(read_event(howell5), ScoringOptions(unplayed=unplayed)), path)
    capsys.readouterr()
    code = main(["check", "--json", str(path)])
    doc = json.loads(capsys.readouterr().out)
    if suffix == ".csv":  # a CSV carries the lines' figures, not the totals: nothing tells them apart
        assert code == 0 and doc["differences"] == []
        return
    assert code == 0 and doc["differences"] == [], doc["differences"][:3]
    assert doc["scoring"]["settings"]["unplayed"] == unplayed.value


#: HOWELL5 as a Ruter-shaped PBN (the shape of Ruter's files: MP1, RankTie, Direction N-S/E-W,
#: NrBoards counting the bye, Percentage columns, the bye's row with its credit for the present pair),
#: the totals with each bye credited at the pair's own percentage (HOWELL5_TOTALS under own).
RUTER_SHAPED = """% PBN 2.0
% EXPORT
[Event "2021-09-01"]
[Site "A club"]
[Date "2021.09.01"]
[Board "1"]
[Dealer "N"]
[Vulnerable "None"]
[Scoring "MatchPoints;MP1"]
[Application "Ruter-like"]
[TotalScoreTable "Rank\\1R;RankTie\\1R;PairId\\1R;Table\\1R;Direction\\5R;TotalScoreMP\\4R;TotalPercentage\\5R;Names\\37L;NrBoards\\2R"]
1 - 1 1 "N-S" 10.0 100.00 "Ann A - Bob B" 5
2 3 2 1 "E-W" 5.0 50.00 "Cat C - Dan D" 5
2 3 5 3 "E-W" 5.0 50.00 "Eve E - Fay F" 5
4 5 3 2 "N-S" 2.5 25.00 "Gus G - Hal H" 5
4 5 4 2 "E-W" 2.5 25.00 "Ivy I - Jon J" 5
[ScoreTable "Table\\1R;Round\\1R;PairId_NS\\2R;PairId_EW\\2R;Contract\\4L;Declarer\\1R;Result\\2R;Lead\\3L;Score_NS\\6R;Score_EW\\6R;MP_NS\\3R;MP_EW\\3R;Percentage_NS\\3R;Percentage_EW\\3R"]
1 1 1 2 4S S 10 CA "420" - 2.0 0.0 100 0
2 1 3 4 4S S 10 CA "400" - 0.0 2.0 0 100
3 1 - 5 - - - - "Bye" "Bye" - 1.0 - 50

[Board "2"]
[Dealer "E"]
[Vulnerable "NS"]
[ScoreTable "Table\\1R;Round\\1R;PairId_NS\\2R;PairId_EW\\2R;Contract\\4L;Declarer\\1R;Result\\2R;Lead\\3L;Score_NS\\6R;Score_EW\\6R;MP_NS\\3R;MP_EW\\3R;Percentage_NS\\3R;Percentage_EW\\3R"]
1 2 2 3 - - - - "420" - 2.0 0.0 100 0
2 2 4 5 - - - - "400" - 0.0 2.0 0 100
3 2 1 - - - - - "Bye" "Bye" 2.0 - 100 -

[Board "3"]
[ScoreTable "Table\\1R;Round\\1R;PairId_NS\\2R;PairId_EW\\2R;Contract\\4L;Declarer\\1R;Result\\2R;Lead\\3L;Score_NS\\6R;Score_EW\\6R;MP_NS\\3R;MP_EW\\3R;Percentage_NS\\3R;Percentage_EW\\3R"]
1 3 1 4 - - - - "420" - 2.0 0.0 100 0
2 3 5 2 - - - - "400" - 0.0 2.0 0 100
3 3 - 3 - - - - "Bye" "Bye" - 0.5 - 25

[Board "4"]
[ScoreTable "Table\\1R;Round\\1R;PairId_NS\\2R;PairId_EW\\2R;Contract\\4L;Declarer\\1R;Result\\2R;Lead\\3L;Score_NS\\6R;Score_EW\\6R;MP_NS\\3R;MP_EW\\3R;Percentage_NS\\3R;Percentage_EW\\3R"]
1 4 1 3 - - - - "420" - 2.0 0.0 100 0
2 4 4 5 - - - - "400" - 0.0 2.0 0 100
3 4 2 - - - - - "Bye" "Bye" 1.0 - 50 -

[Board "5"]
[ScoreTable "Table\\1R;Round\\1R;PairId_NS\\2R;PairId_EW\\2R;Contract\\4L;Declarer\\1R;Result\\2R;Lead\\3L;Score_NS\\6R;Score_EW\\6R;MP_NS\\3R;MP_EW\\3R;Percentage_NS\\3R;Percentage_EW\\3R"]
1 5 1 5 - - - - "420" - 2.0 0.0 100 0
2 5 2 3 - - - - "400" - 0.0 2.0 0 100
3 5 - 4 - - - - "Bye" "Bye" - 0.5 - 25
"""


def test_a_changed_bye_credit_is_a_difference_named_on_its_row(tmp_path, capsys):
    path = tmp_path / "ruter.pbn"
    path.write_text(RUTER_SHAPED.replace('"Bye" "Bye" 2.0 - 100 -', '"Bye" "Bye" 1.5 - 100 -'), encoding="utf-8")
    assert main(["check", str(path)]) == 1
    out = capsys.readouterr().out
    assert "board 2, pair 1 sat out: credit: published 1.5, mpxl 2" in out


def test_a_ruter_shaped_file_checks_clean_with_no_option(tmp_path, capsys):
    path = tmp_path / "ruter.pbn"
    path.write_text(RUTER_SHAPED, encoding="utf-8")
    assert main(["check", "--json", str(path)]) == 0
    doc = json.loads(capsys.readouterr().out)
    # 10 lines and the 5 byes' published credits
    assert doc["differences"] == [] and (doc["lines_checked"], doc["pairs_checked"]) == (15, 5)
    assert doc["scoring"]["settings"]["unplayed"] == "own" and doc["scoring"]["settings"]["places"] == "plain"
    assert main(["score", "--json", str(path)]) == 0
    pairs = {p["pair"]: (p["mp"], p["percentage"]) for p in json.loads(capsys.readouterr().out)["pairs"]}
    assert pairs == {k: (v[0], v[2]) for k, v in HOWELL5_TOTALS[Unplayed.OWN].items()}


@pytest.mark.parametrize("rows, said", [
    # two winners (NS 1 meets EW 1: Mitchell numbering): NS 3 and EW 3 are two pairs, the note says which sat out
    ("1,1,1,420,\n1,2,2,400,\n1,3,,,sitout\n1,4,4,-50,\n", "sat out: pair NS 3"),
])
def test_a_sitout_in_a_two_winner_section_is_named_with_its_direction(tmp_path, rows, said):
    src = tmp_path / "mitchell.csv"
    src.write_text("board,ns_pair,ew_pair,ns_score,adjustment\n" + rows, encoding="utf-8")
    page = tmp_path / "page.html"
    assert main(["score", str(src), "-o", str(page)]) == 0
    assert said in page.read_text(encoding="utf-8")
