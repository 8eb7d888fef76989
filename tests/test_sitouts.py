"""A table with one pair and no opponents (a phantom pair, an odd number of pairs): a sit-out.

Programs write it in their files (Ruter's PBN: ``-`` for the absent pair and ``Bye`` as the
score; a CSV row with one pair and ``sitout``). It is read as a :class:`~mpxl.event.SitOut`, not a
line: not a result, not in N (the board was never going to have a result there), and the pair's
totals count it as a board missed only under ``--unplayed own``.
"""

from __future__ import annotations

import pytest

from mpxl.cli import main
from mpxl.errors import UserError
from mpxl.event import SitOut
from mpxl.formats import read_event
from mpxl.session import ScoringOptions, score_event
from mpxl.settings import Unplayed

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
    (".pbn", PBN_HEAD.format(b=1) + '1 1 2 "420" -\n2 - 5 "Bye" "Bye"\n', SitOut(1, "5", "EW", where="line 4")),
    (".pbn", PBN_HEAD.format(b=1) + '1 1 2 "420" -\n2 3 - - -\n', SitOut(1, "3", "NS", where="line 4")),
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


@pytest.mark.parametrize("suffix", [".csv"])
def test_sitouts_are_written_and_read_back(howell5, tmp_path, suffix, capsys):
    out = tmp_path / f"out{suffix}"
    assert main(["score", str(howell5), "-o", str(out)]) == 0
    back = read_event(out)
    strip = [(s.board, s.pair, s.direction, s.section, s.session) for s in read_event(howell5).sitouts]
    assert [(s.board, s.pair, s.direction, s.section, s.session) for s in back.sitouts] == strip
    assert main(["score", str(out), "--unplayed", "own", "--json"]) == 0
