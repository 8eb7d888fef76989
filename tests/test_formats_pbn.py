"""PBN ScoreTable / TotalScoreTable: column syntax, artificial scores, encodings, malformed tables."""

from __future__ import annotations

import json

import pytest

from mpxl.cli import main
from mpxl.core.adjustments import parse_entry
from mpxl.core.errors import UserError
from mpxl.formats.pbn import parse_columns, read_pbn, read_pbn_text, split_row

HEADER = "Table\\2R;Round\\2R;PairId_NS\\2R;PairId_EW\\2R;Contract\\3L;Declarer\\1R;Result\\2R;Lead\\3L;Score_NS\\6R;Score_EW\\6R;MP_NS\\4R;MP_EW\\4R"


def game(rows: str, header: str = HEADER, board: int = 1, extra: str = "") -> str:
    return f'[Event "Test"]\n[Board "{board}"]\n{extra}[ScoreTable "{header}"]\n{rows}\n'


@pytest.mark.parametrize("spec, names", [
    ("Table\\2R;PairId_NS\\2R", ["Table", "PairId_NS"]),
    ("Rank;PairId;Names\\51L", ["Rank", "PairId", "Names"]),
    ("MP_NS\\4R;MP_EW\\4R;", ["MP_NS", "MP_EW"]),
])
def test_columns(spec, names):
    assert parse_columns(spec) == names


@pytest.mark.parametrize("row, cells", [
    (' 3  1  3 42 4S  S 10 S9   "420"      - 28.3 13.7', ["3", "1", "3", "42", "4S", "S", "10", "S9", "420", None, "28.3", "13.7"]),
    ('16  1 29 16 -   -  - -     "A+"   "A+" 25.2 25.2', ["16", "1", "29", "16", None, None, None, None, "A+", "A+", "25.2", "25.2"]),
    ('31 44 1 "N-S" 593.2 47.08 "2" "Player 44a - Player 44b"', ["31", "44", "1", "N-S", "593.2", "47.08", "2", "Player 44a - Player 44b"]),
])
def test_rows(row, cells):
    assert split_row(row) == cells


# (score cells NS, EW) -> the line's score
@pytest.mark.parametrize("ns, ew, score", [
    ('"420"', "-", 420),
    ("-", '"50"', -50),
    ('"0"', '"0"', 0),
    ('"A+"', '"A+"', "A+/A+"),
    ('"A-"', '"A+"', "A-/A+"),
    ('"A="', '"A="', "A=/A="),
    ('"A+"', "-", "A+"),
    ("-", '"A+"', "A-/A+"),
    ('"Bye"', "-", "Bye"),  # not played: towards N, as every reader reads it
    ("-", "-", None),
    ('"NS 420"', "-", 420),  # the side written as PBN's Score tag writes it
    ('"EW 50"', "-", -50),
    ('"ns -100"', "-", -100),
])
def test_score_cells(ns, ew, score):
    ev = read_pbn_text(game(f" 1 1 1 2 -  - - - {ns} {ew} - -"), "t.pbn")
    assert ev.lines[0].score == score


#: A TotalScoreTable of one row, its PairId ``{pair}``, before a board's ScoreTable.
TOTALS = ('[Event "E"]\n[Board "1"]\n[TotalScoreTable "Rank;PairId;Direction;TotalScoreMP;TotalPercentage;Names"]\n'
          ' 1 {pair} "N-S" 2.0 100.00 "Ann - Bob"\n' + f'[ScoreTable "{HEADER}"]\n 1 1 1 2 4S N 10 S9 "420" - 0.0 2.0\n')

BAD = [
    # the MP_NS column is named in the header but missing from the rows
    (game(" 1 1 1 2 4S S 10 S9 \"420\" - 2.0", HEADER), "line 4", "the row has 11 cells"),
    # a table with MP_NS and no MP_EW
    (game(" 1 1 1 2 4S S 10 S9 \"420\" - 2.0", HEADER.replace(";MP_EW\\4R", "")), "line 3", "no MP_EW column"),
    (game(" 1 1 1 2 4S S 10 S9 \"420\" \"420\" 2.0 0.0"), "line 4", "disagree"),
    (game(" 1 1 1 2 4S S 10 S9 \"A*\" - 2.0 0.0"), "line 4", "not a score"),
    (game(" 1 1 1 2 4S S 10 S9 \"NS 4x\" - 2.0 0.0"), "line 4", "not a score"),
    (game(" 1 1 1 2 4S S 10 S9 \"420\" - many 0.0"), "line 4", "not a number"),
    (game(" 1 1 1 2 4S S ten S9 \"420\" - 2.0 0.0"), "line 4", "Result"),
    (game(" 1 1 - 2 4S S 10 S9 \"420\" - 2.0 0.0"), "line 4", "PairId_NS and PairId_EW"),
    (game(" 1 1 1 2", "Table;Round;PairId_NS;PairId_EW"), "line 3", "no Score_NS"),
    (game(" 1 2 420", "Table;PairId_NS;Score_NS"), "line 3", "PairId_EW"),
    ('[Event "x"]\n[Board "one"]\n', "line 2", "not a board number"),
    ('[Event "x"]\n[Board "1"\n', "line 2", "malformed PBN tag"),
    ('[Event "x"]\n[Board "1"]\n', "", "no ScoreTable"),
    # a TotalScoreTable row whose PairId is PBN's "-" (no value) or empty: its figures belong to no pair
    (TOTALS.format(pair="-"), "line 4", "the TotalScoreTable row names no pair (PairId -)"),
    (TOTALS.format(pair='""'), "line 4", "the TotalScoreTable row names no pair (PairId '')"),
]


@pytest.mark.parametrize("text, where, problem", BAD, ids=[
    "row-missing-mp", "header-missing-mp-ew", "scores-disagree", "unknown-code", "bad-sided-score", "text-mp", "bad-result",
    "missing-pair", "no-score-column", "no-ew-column", "bad-board", "bad-tag", "no-score-table", "total-no-pair",
    "total-empty-pair"])
def test_malformed_pbn_is_refused_with_a_place(text, where, problem):
    with pytest.raises(UserError) as exc:
        read_pbn_text(text, "bad.pbn")
    assert (exc.value.source, exc.value.where) == ("bad.pbn", where)
    assert problem in exc.value.problem


def test_table_without_mp_columns_is_raw_results():
    ev = read_pbn_text(game(' 1 1 1 2 4S N 10 S9 "420" -\n 2 1 3 4 4S N 9 S9 - "50"', HEADER.rsplit(";MP_NS", 1)[0]), "t.pbn")
    assert [ln.score for ln in ev.lines] == [420, -50]
    assert all(ln.published_ns_mp is None for ln in ev.lines)


def test_score_from_contract_when_no_score_columns():
    ev = read_pbn_text(game(" 1 2 3NT E 11", "PairId_NS;PairId_EW;Contract;Declarer;Result", board=4), "t.pbn")
    assert ev.lines[0].score == -660


@pytest.mark.parametrize("encoding", ["latin-1", "utf-8", "utf-8-sig"])
def test_encodings(tmp_path, encoding):
    text = game(' 1 1 1 2 4S N 10 S9 "420" - 0.0 0.0', extra='[Site "Fédération"]\n').replace('"Test"', '"Séance 1"')
    path = tmp_path / "s.pbn"
    path.write_bytes(text.encode(encoding))
    assert read_pbn(path).title == "Séance 1"


def test_total_score_table_and_comments():
    text = ('% PBN 2.1\n% <META  name=Generator content="Magic Contest France">\n% <META  name=Version content="4.13">\n'
            '{ a comment\n over two lines }\n'
            '[Event "E"]\n[Board "1"]\n'
            '[TotalScoreTable "Rank\\2R;PairId\\2R;Direction\\5R;TotalScoreMP\\5R;TotalPercentage\\5R;Names\\51L;NrBoards\\2R"]\n'
            ' 1 1 "N-S" 2.0 100.00 "Ann - Bob" 1\n 1 2 "E-W" 2.0 100.00 "Cy - Di" 1\n'
            f'[ScoreTable "{HEADER}"]\n 1 1 1 2 4S N 10 S9 "420" - 0.0 2.0\n\n'
            '[Event "#"]\n[Board "2"]\n'
            f'[ScoreTable "{HEADER}"]\n 1 1 1 2 4S N 10 S9 - "420" 0.0 2.0\n')
    ev = read_pbn_text(text, "t.pbn")
    assert ev.program == "Magic Contest France 4.13"
    assert ev.winners == {"": 2}  # rank 1 appears in each direction: NS and EW ranked apart
    assert [(p.number, p.direction, p.names, p.published_mp) for p in ev.pairs] == [
        ("1", "NS", ("Ann", "Bob"), 2.0), ("2", "EW", ("Cy", "Di"), 2.0)]
    assert [(ln.board, ln.score) for ln in ev.lines] == [(1, 420), (2, -420)]


# ------------------------------------------------------------------ ScorePenalty on a played line's row (issue 34 §6)

PEN_HEADER = HEADER + ";ScorePenalty"


@pytest.mark.parametrize("cell, refused", [
    ("-", None), ("0", None), ("0.0", None),
    ("1.0", "ScorePenalty 1.0 on a played line names no pair"), ("-2", "ScorePenalty -2 on a played line names no pair"),
    ("25%", "ScorePenalty: '25%' is not a number"),
])
def test_a_score_penalty_on_a_played_line_is_refused_never_dropped(tmp_path, capsys, cell, refused):
    """ScorePenalty is one pair's figure (Ruter writes it on a Pen row naming the pair, and in the
    TotalScoreTable): on a played line, which names two pairs, an amount says whose it is not, so it is
    refused with its line (blank, - and 0 are no penalty); it was read and dropped."""
    path = tmp_path / "t.pbn"
    path.write_text(game(f' 1 1 1 2 4S N 10 S9 "420" - 1.0 0.0 -\n 2 1 3 4 4S N 9 S9 - "50" 0.0 1.0 {cell}',
                         PEN_HEADER), encoding="utf-8")
    code = main(["score", str(path), "--json"])
    captured = capsys.readouterr()
    if refused:
        assert code == 2 and captured.out == ""
        assert f"t.pbn: line 5: board 1: {refused}" in captured.err
        assert "Traceback" not in captured.err
    else:
        assert code == 0 and json.loads(captured.out)["pairs"]


@pytest.mark.parametrize("ns, ew, score", [
    ('"A80"', '"620"', "A80|-620"),   # NS given 80%, EW keep their 620 (NS -620): as mpxl's writer writes it
    ('"420"', '"A35"', "420|A35"),    # NS keep 420, EW given 35%
    ('"A55%"', '"50"', "A55|-50"),
])
def test_a_percentage_code_beside_a_score_is_a_mixed_line(ns, ew, score):
    ev = read_pbn_text(game(f" 1 1 1 2 - - - - {ns} {ew} - -"), "t.pbn")
    assert parse_entry(ev.lines[0].score) == parse_entry(score)


# ------------------------------------------------------------------ a contract scored with the game's [Vulnerable] tag

CONTRACT_ONLY = "Table;PairId_NS;PairId_EW;Contract;Declarer;Result;MP_NS;MP_EW"


@pytest.mark.parametrize("tag, board, row, score", [
    ('[Vulnerable "All"]\n', 1, "3NT N 7", -200),  # board 1 is None vulnerable by its number: the tag wins
    ('[Vulnerable "Both"]\n', 1, "3NT N 7", -200),
    ('[Vulnerable "None"]\n', 4, "3NT N 7", -100),  # board 4 is All by its number
    ('[Vulnerable "Love"]\n', 4, "3NT N 7", -100),
    ('[Vulnerable "-"]\n', 4, "3NT N 7", -100),
    ('[Vulnerable "NS"]\n', 1, "4S N 10", 620),
    ('[Vulnerable "NS"]\n', 1, "4S E 10", -420),
    ('[Vulnerable "EW"]\n', 1, "4S E 10", -620),
    ("", 4, "3NT N 7", -200),  # no tag: the board number's
    ("", 1, "3NT N 7", -100),
])
def test_a_contract_is_scored_with_the_vulnerable_tag(tag, board, row, score):
    ev = read_pbn_text(game(f" 1 1 2 {row} 0 2", CONTRACT_ONLY, board=board, extra=tag), "t.pbn")
    assert ev.lines[0].score == score and not ev.warnings


def test_an_unreadable_vulnerable_tag_is_refused_when_a_contract_is_scored():
    with pytest.raises(UserError) as exc:
        read_pbn_text(game(" 1 1 2 3NT N 7 0 2", CONTRACT_ONLY, extra='[Vulnerable "Some"]\n'), "t.pbn")
    assert (exc.value.where, exc.value.problem.split(";")[0]) == ("line 3", "board 1: Vulnerable 'Some' is not a vulnerability")


# ------------------------------------------------------------------ a line with no score: its contract's, or refused

@pytest.mark.parametrize("row, tag, score", [
    (' 1 1 1 2 3N N 10 - - - 2.0 0.0', "", 430),  # Score_NS and Score_EW "-" beside a contract: the contract's
    (' 1 1 1 2 3N N 10 - - - 2.0 0.0', '[Vulnerable "All"]\n', 630),
    (' 1 1 1 2 3N N +1 - - - 2.0 0.0', "", 430),  # a result against the contract
    (' 1 1 1 2 4S E = - - - 2.0 0.0', "", -420),
    (' 1 1 1 2 Pass - - - - - 2.0 0.0', "", 0),
    (' 1 1 1 2 - - - - - - - -', "", None),  # nothing at all, no figures: a line left blank, as before
    (' 1 1 1 2 - - - - "NP" - 1.0 1.0', "", "NP"),  # an explicit not-played code keeps its figures
])
def test_a_line_without_a_score_is_scored_from_its_contract(row, tag, score):
    ev = read_pbn_text(game(row, extra=tag), "t.pbn")
    assert ev.lines[0].score == score and not ev.warnings


@pytest.mark.parametrize("row, problem", [
    (' 1 1 1 2 - - - - - - 2.0 0.0', "board 1, NS 1 v EW 2: no result on this line (no score and no contract) but it "
     "publishes matchpoints (2.0 / 0.0)"),
    (' 1 1 1 2 - - - - - - - 0.0', "no result on this line"),
    (' 1 1 1 2 4S Q 10 - "420" - 2.0 0.0', "board 1: Declarer 'Q' is not a direction"),
    (' 1 1 1 2 4S N 14 - "420" - 2.0 0.0', "board 1: Result '14' is not a number of tricks"),
    (' 1 1 1 2 4S N +4 - - - 2.0 0.0', "board 1: Result '+4': result '+4' is impossible for 4S"),
])
def test_a_line_with_no_readable_result_is_refused(row, problem):
    with pytest.raises(UserError) as exc:
        read_pbn_text(game(row), "t.pbn")
    assert exc.value.where == "line 4" and problem in exc.value.problem


@pytest.mark.parametrize("row, tag, warned", [
    (' 1 1 1 2 3N N 10 - "630" - 2.0 0.0', "", "line 4: warning: board 1, NS 1 v EW 2: 3N by N taking 10 tricks "
     "scores 430 (None vulnerable), but the published score is 630; the published score is kept"),
    (' 1 1 1 2 3N N 10 - "430" - 2.0 0.0', '[Vulnerable "All"]\n', "scores 630 (All vulnerable), but the published "
     "score is 430"),
    (' 1 1 1 2 3N N 10 - "430" - 2.0 0.0', "", None),
    (' 1 1 1 2 3N N 10 - "650>630" - 2.0 0.0', "", None),  # the director replaced the result played: not compared
    (' 1 1 1 2 3N - 10 - "630" - 2.0 0.0', "", None),  # no declarer: nothing to compare
])
def test_a_contract_that_contradicts_the_score_is_warned_of(row, tag, warned):
    ev = read_pbn_text(game(row, extra=tag), "t.pbn")
    assert ev.lines[0].score == int(row.split('"')[1].split(">")[-1])  # the published score is kept
    assert ev.warnings == ([] if warned is None else [ev.warnings[0]])
    if warned:
        assert warned in ev.warnings[0]


# (a name's bytes in a file with no declared encoding, the name read): windows-1252 where a byte 0x80-0x9F says so
CP1252_NAMES = [
    (b"Jean D\x92Arcy", "Jean D\u2019Arcy"),  # 0x92: windows-1252's right single quote, not the control U+0092
    (b"Zo\xe9 C\x9curdel\xe9on", "Zo\u00e9 C\u0153urdel\u00e9on"),  # 0x9C: oe
    (b"\x80 Club", "\u20ac Club"),
    (b"Zo\xe9", "Zo\u00e9"),  # no such byte: ISO-8859-1, as before
    (b"a\x81b\x8dc\x8fd\x90e\x9df", "a\x81b\x8dc\x8fd\x90e\x9df"),  # undefined in windows-1252: kept, never a crash
    ("Zoë D’Arcy".encode(), "Zoë D’Arcy"),  # UTF-8
]


@pytest.mark.parametrize("name, read", CP1252_NAMES)
def test_names_in_windows_1252_are_read_as_written(tmp_path, name, read):
    path = tmp_path / "n.pbn"
    path.write_bytes(TOTALS.format(pair="1").encode().replace(b"Ann - Bob", name + b" - Bob"))
    assert read_pbn(path).pairs[0].names == (read, "Bob")


# (the games, the warnings): a board with no ScoreTable among boards that have one is named
@pytest.mark.parametrize("text, warned", [
    (game(' 1 1 1 2 4S N 10 - "420" - 2 0') + "\n" + '[Event "Test"]\n[Board "2"]\n[Dealer "E"]\n\n'
     + game(' 1 1 1 2 4S N 10 - "420" - 2 0', board=3),
     ["line 7: warning: board 2 has no ScoreTable, while the file's other boards have one: its results are not in "
      "the file, so the board is left out"]),
    (game(' 1 1 1 2 4S N 10 - "420" - 2 0') + "\n" + '[Event "Test"]\n[Board "4"]\n',
     ["line 7: warning: board 4 has no ScoreTable, while the file's other boards have one: its results are not in "
      "the file, so the board is left out"]),
    (game(' 1 1 1 2 4S N 10 - "420" - 2 0') + "\n" + game(' 1 1 1 2 4S N 10 - "420" - 2 0', board=8), []),
])
def test_a_board_without_a_score_table_is_named(text, warned):
    assert read_pbn_text(text, "t.pbn").warnings == warned


# (a ScoreTable row with a comment, the row's score and NS matchpoints): PBN allows a {comment} after a row
@pytest.mark.parametrize("row, score, mp", [
    (' 1 1 1 2 4S N 10 - "420" - 2.0 0.0 {corrected}', 420, 2.0),
    (' 1 1 1 2 4S N 10 - "420" - 2.0 {a} 0.0', 420, 2.0),
    (' 1 1 1 2 4S N 10 - "420" - 2.0 0.0 {two} {comments}', 420, 2.0),
    (' 1 1 1 2 4S N 10 - "420" - 2.0 0.0 {over\nlines}', 420, 2.0),
])
def test_a_comment_after_a_row_is_not_a_cell(row, score, mp):
    ev = read_pbn_text(game(row), "t.pbn")
    assert (ev.lines[0].score, ev.lines[0].published_ns_mp, len(ev.lines)) == (score, mp, 1)


def test_a_brace_in_a_quoted_name_is_text():
    ev = read_pbn_text(TOTALS.format(pair="1").replace("Ann - Bob", "Ann {Jr} - Bob") + "{a comment}\n", "t.pbn")
    assert ev.pairs[0].names == ("Ann {Jr}", "Bob")


@pytest.mark.parametrize("direction, sides, warned", [
    (False, ["NS", "NS", "EW", "EW"], True),  # no Direction column, each number twice: the list's order, said
    (True, ["NS", "NS", "EW", "EW"], False),  # the Direction column: as written
])
def test_a_mitchell_total_score_table_without_directions_takes_the_order(direction, sides, warned):
    """A TotalScoreTable ranking NS 1, 2 then EW 1, 2 with no Direction column: the first of each number NS,
    the second EW (the EW pairs had the NS pairs' names), and a warning."""
    head = "Rank\\2R;PairId\\2R" + (";Direction\\2R" if direction else "") + ";TotalScoreMP\\4R;Names\\20L"
    rows = [("1", "1", "NS", "Ann - Bob"), ("2", "2", "NS", "Cy - Di"), ("1", "2", "EW", "Eve - Fay"),
            ("2", "1", "EW", "Gus - Hal")]
    table = "\n".join(f"{r} {n}" + (f" {d}" if direction else "") + f' 2 "{names}"' for r, n, d, names in rows)
    text = (f'[Event "x"]\n[Board "1"]\n[TotalScoreTable "{head}"]\n{table}\n'
            '[ScoreTable "PairId_NS\\2R;PairId_EW\\2R;Score_NS\\4R"]\n1 1 420\n2 2 400\n')
    ev = read_pbn_text(text, "t.pbn")
    assert [(p.number, p.direction, p.names[0]) for p in ev.pairs] == [
        (n, side, names.split(" - ")[0]) for (_, n, _, names), side in zip(rows, sides)]
    assert any("the TotalScoreTable lists pairs 1, 2 twice with no direction" in w for w in ev.warnings) == warned


IMP_HEADER = "Table\\2R;PairId_NS\\2R;PairId_EW\\2R;Contract\\4L;Declarer\\1R;Result\\2R;Score_NS\\6R;Score_EW\\6R"
IMP_ROWS = ' 1  1  2 4S   N 10 "420"      - {}\n 2  3  4 4S   N  9      - "50" {}'


# (the game's tags, its ScoreTable header, the rows' figures, where the refusal points, what it names)
PBN_NOT_MATCHPOINTS = [
    ('[Scoring "IMP;Butler"]\n', IMP_HEADER + ";IMP_NS\\5R;IMP_EW\\5R", ("5.3 -5.3", "-6.0 6.0"), "line 3",
     "Scoring tag 'IMP;Butler': the event is scored in IMPs"),
    ('[Scoring "Cross"]\n', IMP_HEADER, ("", ""), "line 3", "scored in cross-IMPs"),  # PBN 2.1, 4.2: Cross
    ("", IMP_HEADER + ";IMP_NS\\5R;IMP_EW\\5R", ("5.3 -5.3", "-6.0 6.0"), "line 3",  # no tag: the column tells
     "ScoreTable column 'IMP_NS': the event is scored in IMPs"),
]


@pytest.mark.parametrize("tags, header, figures, where, problem", PBN_NOT_MATCHPOINTS,
                         ids=["butler-tag", "cross-tag", "imp-column"])
def test_a_pbn_event_scored_in_imps_is_refused_never_matchpointed(tags, header, figures, where, problem):
    with pytest.raises(UserError) as exc:
        read_pbn_text(game(IMP_ROWS.format(*figures), header, extra=tags), "imps.pbn")
    assert (exc.value.where, problem in exc.value.problem) == (where, True), exc.value


@pytest.mark.parametrize("tags, header, figures", [
    ('[Scoring "MatchPoints;MP1"]\n', IMP_HEADER + ";MP_NS\\4R;MP_EW\\4R", ("2 0", "0 2")),  # Magic Contest, Ruter
    ('[Scoring "IMP"]\n', IMP_HEADER + ";MP_NS\\4R;MP_EW\\4R", ("2 0", "0 2")),  # the figures are matchpoints
    ("", IMP_HEADER, ("", "")),  # no word, no figure: raw results
], ids=["matchpoints-mp1", "mp-figures-beat-the-word", "raw"])
def test_a_pbn_matchpoint_event_is_read(tags, header, figures):
    ev = read_pbn_text(game(IMP_ROWS.format(*figures), header, extra=tags), "mp.pbn")
    assert [ln.score for ln in ev.lines] == [420, -50]
