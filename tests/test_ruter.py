"""Ruter's PBN dialect (Norway, Sweden): every cell notation read, scored as its ruling says, written
back by the PBN writer and read again to the same event; the signed (MP1) scale end to end.

Each notation stands on the fifth table of one board of five tables (E = 5) beside four results
NS +420, +400, +400, -50, scored on the signed scale to one decimal; the figures were worked by hand
(docs/rulings.md, "Ruter's notations"):

* the four results alone (n = 4, Neuberg to 5): +420 raw 6 of 6 -> (6 x 5 + 5 - 4) / 4 = 7.75 double,
  7.75 - 4 = +3.75 signed, printed 3.8; its EW -3.75, printed -3.8;
* an artificial score: (p - 50) x (E - 1) / 50: Ave+ +0.8, Ave 0, Ave- -0.8;
* a split row where one side keeps its result (``"+0"``) and the other is given an artificial score:
  the result (0) stands in BOTH sides' fields, the board full on both (as Ruter's real file of
  2016-08-10 shows on its board 11): NS 0 beats -50 only: 2 of 8 double, 2 - 4 = -2.0; the +420 is
  then a top, +4.0, and its EW a bottom, -4.0 (not -3.8: the 0 is one of EW's five results too);
* ``800>a``: the director set the 800 aside; ``a`` (adjusted) is Ave+ to both sides, +0.8 / +0.8.
"""

from __future__ import annotations

import json
from dataclasses import replace
from fractions import Fraction

import pytest

from mpxl.adjustments import parse_entry
from mpxl.cli import main
from mpxl.event import Penalty
from mpxl.formats.pbn import pbn_text, read_pbn_text
from mpxl.options import ScoringOptions
from mpxl.session import score_event
from mpxl.settings import Scale, TotalsFrom

HEAD = """% PBN 2.0
% EXPORT
% <META  name=Generator                  content="Ruter i Norge">
% <META  name=Version                    content="4.13">
% <META  name=ScoringType                content="MatchPoints;MP1">
% <META  name=Barometer                  content="Y">
[Event "Klubbkveld"]
[Board "1"]
[Scoring "MatchPoints;MP1"]
[ScoreTable "Table\\1R;Round\\1R;PairId_NS\\2R;PairId_EW\\2R;Contract\\3L;Declarer\\1R;Result\\2R;Score_NS\\6R;Score_EW\\6R;MP_NS\\4R;MP_EW\\4R;Percentage_NS\\3R;Percentage_EW\\3R"]
1 1  1  2 4S  S 10  "420"      -  -  -  -  -
2 1  3  4 4S  S  9  "400"      -  -  -  -  -
3 1  5  6 4S  S  9  "400"      -  -  -  -  -
4 1  7  8 4S  S  8      -   "50"  -  -  -  -
"""

SIGNED = ScoringOptions(scale=Scale.SIGNED, rounding=ScoringOptions.parse(rounding="1").rounding,
                        totals_from=TotalsFrom.EXACT)

#: notation: (the fifth row's cells from Contract to Score_EW, what mpxl reads it as, the fifth line's
#: (NS, EW) figures, the first line's (NS, EW) figures, the line's note)
NOTATIONS = {
    "A= / A+": ('-   -  -  "A="  "A+"', "A=/A+", ("0", "0.8"), ("3.8", "-3.8"), ""),
    "A+ / A=": ('-   -  -  "A+"  "A="', "A+/A=", ("0.8", "0"), ("3.8", "-3.8"), ""),
    "A- / A-": ('-   -  -  "A-"  "A-"', "A-/A-", ("-0.8", "-0.8"), ("3.8", "-3.8"), ""),
    "A+ alone": ('-   -  -  "A+"     -', "A+", ("0.8", "-0.8"), ("3.8", "-3.8"), ""),
    "EW A+ alone": ('-   -  -     -  "A+"', "A-/A+", ("-0.8", "0.8"), ("3.8", "-3.8"), ""),
    "+0 / A+": ('3N  N  9  "+0"  "A+"', "0|A+", ("-2", "0.8"), ("4", "-4"), ""),
    "A= / +0": ('3N  N  9  "A="  "+0"', "A=|0", ("0", "2"), ("4", "-4"), ""),
    "800>a": ('4HX S 10 "800>a"    -', "A+/A+", ("0.8", "0.8"), ("3.8", "-3.8"),
              "played 800 (NS), replaced by the director"),
    "EW 800>a": ('4HX S 10   -  "800>a"', "A+/A+", ("0.8", "0.8"), ("3.8", "-3.8"),
                 "played 800 (EW), replaced by the director"),
    "420>A-": ('4S  S 10 "420>A-"    -', "A-", ("-0.8", "0.8"), ("3.8", "-3.8"),
               "played 420 (NS), replaced by the director"),
    "650>620": ('4S  S 10 "650>620"    -', 620, ("4", "-4"), ("2", "-2"), "played 650 (NS), replaced by the director"),
}


def _file(cells: str, more: str = "") -> str:
    return HEAD + f"5 1  9 10 {cells}  -  -  -  -\n" + more


@pytest.mark.parametrize("notation", list(NOTATIONS))
def test_each_notation_is_read_and_scored_as_its_ruling_says(notation):
    cells, entry, fifth, first, note = NOTATIONS[notation]
    ev = read_pbn_text(_file(cells), "ruter.pbn")
    line = ev.lines[4]
    assert (line.score, line.note) == (entry, note)
    r = score_event(ev, SIGNED)
    figures = {sl.line.ns_pair: (str(sl.ns_mp), str(sl.ew_mp)) for b in r.boards for sl in b.lines}
    assert figures["9"] == tuple(str(Fraction(x)) for x in fifth)
    assert figures["1"] == tuple(str(Fraction(x)) for x in first)


@pytest.mark.parametrize("notation", list(NOTATIONS))
def test_each_notation_is_written_back_and_read_again_to_the_same_event(notation):
    ev = read_pbn_text(_file(NOTATIONS[notation][0]), "ruter.pbn")
    for written in (ev, score_event(ev, SIGNED)):  # the file as read, and mpxl's scoring of it
        back = read_pbn_text(pbn_text(written), "back.pbn")
        # the same rulings (A+ alone is written A+ / A-, as Ruter writes it), notes and contracts
        assert [(ln.board, ln.ns_pair, ln.ew_pair, parse_entry(ln.score), ln.note, ln.contract) for ln in back.lines] \
            == [(ln.board, ln.ns_pair, ln.ew_pair, parse_entry(ln.score), ln.note, ln.contract) for ln in ev.lines]
        assert back.meta["ScoringType"] == "MatchPoints;MP1"


PEN = "- -  3  - -   -  -  \"Pen\" \"Pen\" -1.0  -  -  -\n"


def test_a_pen_row_is_a_penalty_on_the_pair_s_total_the_board_untouched():
    ev = read_pbn_text(_file('-   -  -  "A="  "A="', PEN), "ruter.pbn")
    assert ev.penalties == [Penalty(1, "3", "NS", Fraction(-1), where="line 16")]
    plain = score_event(replace(ev, penalties=[]), SIGNED)
    r = score_event(ev, SIGNED)
    assert [sl.ns_mp for b in r.boards for sl in b.lines] == [sl.ns_mp for b in plain.boards for sl in b.lines]
    assert r.pair("3").mp == plain.pair("3").mp - 1 and r.pair("3").max == plain.pair("3").max
    assert float(r.pair("3").percentage) == 50 + 50 * float(r.pair("3").mp) / 4  # 0 - 1 over a top of 4
    back = read_pbn_text(pbn_text(r), "back.pbn")
    assert [(p.board, p.pair, p.direction, p.amount) for p in back.penalties] == [(1, "3", "NS", Fraction(-1))]


def test_a_pen_row_without_an_amount_is_refused_naming_its_line():
    from mpxl.errors import UserError
    with pytest.raises(UserError, match="line 16: board 1: a Pen row for pair 3 with no amount"):
        read_pbn_text(_file('-   -  -  "A="  "A="', PEN.replace("-1.0", "-  ")), "ruter.pbn")


def test_mpxl_s_own_signed_file_checks_clean_with_no_option(tmp_path, capsys):
    """The notations' board scored by mpxl on the signed scale and written in Ruter's dialect: check
    finds the signed scale, the exact totals and the whole-number line percentages from the figures."""
    ev = read_pbn_text(_file('3N  N  9  "+0"  "A+"', PEN), "ruter.pbn")
    ev.line_percentage_decimals = 0
    path = tmp_path / "signed.pbn"
    path.write_text(pbn_text(score_event(ev, SIGNED)), encoding="utf-8")
    assert main(["check", "--json", str(path)]) == 0
    doc = json.loads(capsys.readouterr().out)
    assert doc["differences"] == [] and doc["scoring"]["settings"]["scale"] == "signed"
    assert doc["reproduced"]["line_percentages"] == [10, 10]
