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

from mpxl.cli import main
from mpxl.core.adjustments import parse_entry
from mpxl.core.event import Penalty
from mpxl.core.options import ScoringOptions
from mpxl.core.session import score_event
from mpxl.core.settings import Scale, TotalsFrom
from mpxl.formats.pbn import pbn_text, read_pbn_text

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
    from mpxl.core.errors import UserError
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


# ------------------------------------------- what Ruter's real file of 2016-08-10 shows (issue 26)

REAL_COLUMNS = ("Table\\1R;Round\\1R;PairId_NS\\2R;PairId_EW\\2R;Contract\\4L;Declarer\\1R;Result\\2R;Lead\\3L;"
                "Score_NS\\6R;Score_EW\\6R;MP_NS\\4R;MP_EW\\4R;Percentage_NS\\3R;Percentage_EW\\3R")

#: Board 11 of ../shared/realdata/incoming/ruter-2016-08-10-signed-penalty-split-bye.pbn, its rows as
#: published but the split row's two cells and the figures (read from the table below).
BOARD_11 = """6 4  7  5 4S   W 13 DJ       -  "510"  -  -  -  -
3 4 12  4 6S   E 13 DJ       - "1010"  -  -  -  -
5 4  3  9 6N   E 13 CQ       - "1020"  -  -  -  -
1 4  1  8 7N   E 13 CQ       - "1520"  -  -  -  -
2 4  6 10 -    -  - -     {cells}  -  -  -  -
2 4  6 10 -    -  - -    "Pen"  "Pen"  4.0  0.0   -   -
"""

#: The split row's cells -> each line's (NS, EW) figures, by NS pair; and pair 6's and pair 10's totals
#: (the Pen row's +4.0 to pair 6 on top of its figure). "A=" / "+0" as published: the 0 stands in both
#: fields, so NS 7's -510 is beaten by it (+2.0, not +4.0 as if the 0 were out of NS's field) and EW 10
#: is matchpointed on it (-4.0); NS 6 gets its Ave, 0.0. "+0" / "A+" the same reading the other way
#: round (worked by hand): NS 6 on its 0, a top (+4.0); EW 10 its Ave+, +0.8 (60% of the signed top 4);
#: the other EW pairs matchpointed against the 0.
SPLIT_ROWS = {
    '"A=" / "+0" (as published)': ('"A="   "+0"', {"7": (2, -2), "12": (0, 0), "3": (-2, 2), "1": (-4, 4),
                                                     "6": (0, -4)}, (4, -4)),
    '"+0" / "A+"': ('"+0"   "A+"', {"7": (2, -2), "12": (0, 0), "3": (-2, 2), "1": (-4, 4), "6": (4, Fraction(4, 5))},
                    (8, Fraction(4, 5))),
}


def _real_board(board: int, rows: str) -> str:
    return f'[Board "{board}"]\n[Scoring "MatchPoints;MP1"]\n[ScoreTable "{REAL_COLUMNS}"]\n{rows}\n'


@pytest.mark.parametrize("split", list(SPLIT_ROWS))
def test_a_split_row_s_result_stands_in_both_fields_and_a_pen_row_stays_on_the_total(split):
    cells, figures, (pair_6, pair_10) = SPLIT_ROWS[split]
    ev = read_pbn_text(_real_board(11, BOARD_11.format(cells=cells)), "ruter.pbn")
    r = score_event(ev, SIGNED)
    assert {sl.line.ns_pair: (sl.ns_mp, sl.ew_mp) for b in r.boards for sl in b.lines} == figures
    assert (r.pair("6").mp, r.pair("10").mp) == (pair_6, pair_10)


#: A result the director set aside (``800>a``) on a board of 9 results: Ave+ to both sides, as the real
#: file shows (+1.6 / +1.6, Percentage 60 / 60), the other 8 results Neuberg'd to 9; the 800 a note.
SET_ASIDE = {
    "NS cell": ('"800>a"       -', "played 800 (NS), replaced by the director"),
    "EW cell": ('      -  "800>a"', "played 800 (EW), replaced by the director"),
}


@pytest.mark.parametrize("where", list(SET_ASIDE))
def test_a_result_set_aside_by_the_director_is_ave_plus_to_both_sides(where):
    cells, note = SET_ASIDE[where]
    rows = "".join(f'{t} 1 {2 * t - 1} {2 * t} 4S S 10 -  "{400 + 10 * t}"  -  -  -  -  -\n' for t in range(1, 9))
    rows += f"9 1 17 18 4HX S 10 - {cells}  -  -  -  -\n"
    ev = read_pbn_text(_real_board(1, rows), "ruter.pbn")
    ev.line_percentage_decimals = 0
    assert (ev.lines[-1].score, ev.lines[-1].note) == ("A+/A+", note)
    r = score_event(ev, SIGNED)
    last = r.boards[0].lines[-1]
    assert (last.ns_mp, last.ew_mp) == (Fraction(8, 5), Fraction(8, 5))
    back = read_pbn_text(pbn_text(r), "back.pbn")
    assert (back.lines[-1].published_ns_pct, back.lines[-1].published_ew_pct) == (60, 60)


def _bye_event(pen: str = "") -> str:
    """Four boards of five tables; pair 9 (NS at table 5) scores +4.0, +2.0, +2.0 on boards 1-3 (430,
    410, 410 beside 420, 400, 400, -50) and sits out board 4 with pair 10 (Bye rows, table 5, round 2)."""
    text = ""
    for board, score in ((1, 430), (2, 410), (3, 410), (4, None)):
        rows = "".join(f'{t} {1 + (board > 3)} {2 * t - 1} {2 * t} 4S S 10 - {s}  -  -  -  -\n' for t, s in
                       enumerate(('"420"     -', '"400"     -', '"400"     -', '   -   "50"'), 1))
        if score is None:
            rows += '5 2  9  - -  -  - -  "Bye"  "Bye"  -  -  -  -\n5 2  - 10 -  -  - -  "Bye"  "Bye"  -  -  -  -\n'
        else:
            rows += f'5 1  9 10 4S S 10 - "{score}"  -  -  -  -  -\n' + (pen if board == 1 else "")
        text += _real_board(board, rows)
    return text


#: Pair 9's credit for board 4 (its share of the top over the 3 boards it played: 8/3, no penalty row
#: in it), as its Bye row shows it (rounded as a line's figure: 2.7) and its percentage (from the exact
#: credit, as a line's: 83.3 -> 83); its total (8 + 8/3 exact, rounded as a total) and with a Pen row of
#: +4.0 on board 1 (Ruter 2016-08-10: pair 6's +4.0 leaves its credit 0.0).
BYE_CREDITS = {
    "no penalty": ("", 2.7, 83, 10.7),
    "a Pen row of +4.0": ('5 1  9 -  -  -  - -  "Pen"  "Pen"  4.0  -  -  -\n', 2.7, 83, 14.7),
}


@pytest.mark.parametrize("case", list(BYE_CREDITS))
def test_a_bye_row_shows_the_credit_rounded_as_a_line_and_mpxl_s_own_file_checks_clean(case, tmp_path, capsys):
    pen, credit, pct, total = BYE_CREDITS[case]
    ev = read_pbn_text(_bye_event(pen), "ruter.pbn")
    ev.line_percentage_decimals = 0
    r = score_event(ev, replace(SIGNED, unplayed=ScoringOptions.parse(unplayed="own").unplayed))
    path = tmp_path / "bye.pbn"
    path.write_text(pbn_text(r), encoding="utf-8")
    back = read_pbn_text(path.read_text(encoding="utf-8"), "bye.pbn")
    nine = next(so for so in back.sitouts if so.pair == "9")
    assert (nine.published_mp, nine.published_pct, nine.table, nine.round) == (credit, pct, 5, "2")
    assert next(p.published_mp for p in back.pairs if p.number == "9") == total
    assert main(["check", "--json", str(path)]) == 0
    doc = json.loads(capsys.readouterr().out)
    assert doc["differences"] == [] and doc["scoring"]["settings"]["unplayed"] == "own"


#: The board-level [Scoring] tag as the file writes it -> as mpxl writes it back (read, or scored).
SCORING_TAGS = {"MatchPoints;MP1": "MatchPoints;MP1", "MatchPoints": "MatchPoints", None: "MatchPoints"}


@pytest.mark.parametrize("tag", list(SCORING_TAGS))
def test_the_scoring_tag_is_written_back_as_it_came(tag):
    text = _file('-   -  -  "A="  "A+"')
    text = text.replace('[Scoring "MatchPoints;MP1"]\n', "" if tag is None else f'[Scoring "{tag}"]\n')
    ev = read_pbn_text(text, "ruter.pbn")
    for written in (ev, score_event(ev, SIGNED)):
        assert f'[Scoring "{SCORING_TAGS[tag]}"]' in pbn_text(written).splitlines()


#: Score_NS, Score_EW -> refused (a figure beside a whole line's notation would be lost), or what is read.
BESIDE = {
    ('"NP"', '"50"'): "refused",
    ('"A+/A+"', '"50"'): "refused",
    ('"50"', '"NP"'): "refused",
    ('"Bye"', '"420"'): "refused",
    ('"A+/A-"', '"A+"'): "refused",
    ('"NP"', '"NP"'): "NP",
    ('"NP"', "-"): "NP",
    ("-", '"NP"'): "NP",
    ('"A+/A+"', "-"): "A+/A+",
    ('""', '"50"'): -50,
}


@pytest.mark.parametrize("cells", list(BESIDE))
def test_a_whole_line_s_notation_beside_a_figure_is_refused_naming_the_line(cells):
    from mpxl.core.errors import UserError
    text = _file(f'-   -  -  {cells[0]}  {cells[1]}')
    if BESIDE[cells] == "refused":
        with pytest.raises(UserError, match=r"ruter\.pbn: line 15: Score_NS .* is the whole line's result, so "):
            read_pbn_text(text, "ruter.pbn")
    else:
        assert read_pbn_text(text, "ruter.pbn").lines[4].score == BESIDE[cells]


#: One score told in both cells (each side's own, or with its side named, as PBN's Score tag writes
#: it) -> NS's score, or refused when the two disagree.
TOLD_TWICE = {
    ('"420"', "-"): 420, ("-", '"420"'): -420, ('"420"', '"-420"'): 420, ('"0"', '"0"'): 0,
    ('"NS 420"', "-"): 420, ("-", '"EW 50"'): -50, ("-", '"NS 420"'): 420, ('"NS 420"', '"EW -420"'): 420,
    ('"420"', '"420"'): "refused", ('"NS 420"', '"EW 420"'): "refused", ('"420"', '"EW 50"'): "refused",
}


@pytest.mark.parametrize("cells", list(TOLD_TWICE))
def test_a_score_told_in_both_cells_must_agree(cells):
    from mpxl.core.errors import UserError
    text = _file(f'-   -  -  {cells[0]}  {cells[1]}')
    if TOLD_TWICE[cells] == "refused":
        with pytest.raises(UserError, match=r"ruter\.pbn: line 15: Score_NS .* disagree"):
            read_pbn_text(text, "ruter.pbn")
    else:
        assert read_pbn_text(text, "ruter.pbn").lines[4].score == TOLD_TWICE[cells]
