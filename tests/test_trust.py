"""Trust what ``check`` says (issue 22): a wrong figure is never "all agree", the options given are
obeyed, hostile input gets a message naming the file and the problem, never a traceback.

Every real file of ``../shared/realdata`` with one published figure changed (a line's figure, a
pair's total, a pair's percentage, a line's own percentage where the file publishes them) must
make ``check`` exit 1 and name that figure where it stands.
"""

from __future__ import annotations

import json
import os
from dataclasses import replace

import pytest
from shared import REAL_FILES

import mpxl.commands.check as check_command
from mpxl.cli import main
from mpxl.core.rules import ARROWSWITCH_NO, ARROWSWITCH_YES
from mpxl.formats import read_event


def _changed(event, kind):
    """``event`` with one published figure of ``kind`` changed by hand; (event, where it stands)."""
    if kind in ("line", "line percentage"):
        attr = "published_ns_mp" if kind == "line" else "published_ns_pct"
        i = next((i for i, ln in enumerate(event.lines) if getattr(ln, attr) is not None), None)
        if i is None:
            return None, None
        line = event.lines[i]
        lines = list(event.lines)
        lines[i] = replace(line, **{attr: getattr(line, attr) + 1})
        return replace(event, lines=lines), line.where
    attr = {"total": "published_mp", "percentage": "published_percentage"}[kind]
    pairs = [p for p in event.pairs if getattr(p, attr) is not None]
    if not pairs:
        return None, None
    pair = pairs[len(pairs) // 2]
    value = getattr(pair, attr)  # a total 9771.2 for 771.2 (-9005.6 for -5.6), a percentage 12.34
    value = (9000 + value if value >= 0 else value - 9000) if kind == "total" else 12.34
    # a pair's figure is named by the pair first, then where it stands (pair 7 (PAIR 5))
    return (replace(event, pairs=[replace(p, **{attr: value}) if p is pair else p for p in event.pairs]),
            check_command.pair_label(pair))


@pytest.mark.parametrize("kind", ["line", "total", "percentage", "line percentage"])
@pytest.mark.parametrize("path", REAL_FILES, ids=lambda p: p.name)
def test_one_figure_changed_by_hand_is_a_difference_named_where_it_stands(path, kind, monkeypatch, capsys):
    event, where = _changed(read_event(path), kind)
    if event is None:
        pytest.skip(f"{path.name} publishes no {kind}")
    monkeypatch.setattr(check_command, "read_event", lambda _path: event)
    assert main(["check", str(path)]) == 1
    out = capsys.readouterr().out
    assert "all agree" not in out and "carried in" not in out
    named = [line for line in out.splitlines() if line.startswith(f"{where}:")]
    assert named, out[-2000:]
    what = {"line": "matchpoints", "total": "total matchpoints", "percentage": "percentage",
            "line percentage": "NS percentage"}[kind]
    assert any(what in line for line in named), named


NO_REAL_FILES = pytest.mark.skipif(not REAL_FILES, reason="the real results files are not beside the checkout")


@NO_REAL_FILES
def test_running_totals_are_still_carried_in(tmp_path, capsys):
    """Every pair publishing a total over more boards than this session's: running totals, carried in."""
    event = read_event(REAL_FILES[0])
    doubled = replace(event, pairs=[replace(p, published_mp=None if p.published_mp is None else 3 * p.published_mp,
                                            published_percentage=None, published_place=None) for p in event.pairs])
    check_command_read = check_command.read_event
    try:
        check_command.read_event = lambda _path: doubled
        assert main(["check", str(REAL_FILES[0])]) == 0
    finally:
        check_command.read_event = check_command_read
    assert "carried in, not checked" in capsys.readouterr().out


@NO_REAL_FILES
def test_options_given_are_obeyed_and_a_contradiction_is_said(capsys):
    path = next(p for p in REAL_FILES if p.name.startswith("scorebridge"))
    assert main(["score", "--json", "--method", "mckinnon", "--expected", "30", str(path)]) == 0
    captured = capsys.readouterr()
    doc = json.loads(captured.out)
    settings = doc["conventions"]["settings"]
    assert (settings["method"], settings["expected"]) == ("mckinnon", 30)
    assert {b["top"] for b in doc["boards"]} == {58}
    assert "go against the file's figures" in captured.err
    assert doc["conventions"]["given_options_contradicted"].startswith("the options given (--method, --expected)")
    assert main(["check", "--method", "mckinnon", str(path)]) == 1
    out = capsys.readouterr().out
    assert "settings: method mckinnon*" in out and "go against the file's figures" in out


@pytest.mark.parametrize("path", REAL_FILES, ids=lambda p: p.name)
def test_check_and_its_json_name_the_same_winners(path, capsys):
    assert main(["check", str(path)]) == 0
    text = capsys.readouterr().out
    assert main(["check", "--json", str(path)]) == 0
    winners = json.loads(capsys.readouterr().out)["scoring"]["settings"]["winners"]
    assert f"winners {winners}" in text


HOSTILE = {
    "a superscript pair number": ("board,ns_pair,ew_pair,ns_score\n1,²,2,420\n1,3,4,400\n", "utf-8", 0, ""),
    "a 5,000-digit pair number": ("board,ns_pair,ew_pair,ns_score\n1," + "9" * 5000 + ",2,420\n1,3,4,400\n",
                                  "utf-8", 0, ""),
    "a 5,000-digit score": ("board,ns_pair,ew_pair,ns_score\n1,1,2," + "9" * 5000 + "\n1,3,4,400\n", "utf-8", 2,
                            "line 2, column ns_score: '99999"),
    "UTF-16 with its mark": ("board,ns_pair,ew_pair,ns_score\n1,1,2,420\n1,3,4,400\n", "utf-16", 0, ""),
    "UTF-16 without its mark": ("board,ns_pair,ew_pair,ns_score\n1,1,2,420\n1,3,4,400\n", "utf-16-le", 2,
                                "looks like UTF-16 (little-endian) without a byte-order mark"),
    "figures of 1e308": ("board,ns_pair,ew_pair,ns_score,ns_mp,ew_mp\n1,1,2,420,1e308,1e308\n1,3,4,400,0,2\n", "utf-8",
                         1, ""),
}


@pytest.mark.parametrize("name", list(HOSTILE))
def test_hostile_input_gets_a_message_never_a_traceback(name, tmp_path, capsys):
    text, encoding, code, message = HOSTILE[name]
    path = tmp_path / "hostile.csv"
    path.write_bytes(text.encode(encoding))
    command = "check" if "1e308" in name else "score"
    assert main([command, str(path)]) == code
    err = capsys.readouterr().err
    assert "Traceback" not in err
    if message:
        assert str(path) in err and message in err, err


def test_an_output_that_is_a_loop_of_symbolic_links_is_refused_by_name(tmp_path, capsys):
    os.symlink(tmp_path / "b.csv", tmp_path / "a.csv")
    os.symlink(tmp_path / "a.csv", tmp_path / "b.csv")
    source = tmp_path / "in.csv"
    source.write_text("board,ns_pair,ew_pair,ns_score\n1,1,2,420\n1,3,4,400\n")
    assert main(["score", str(source), "-o", str(tmp_path / "a.csv")]) == 2
    err = capsys.readouterr().err
    assert "a loop of symbolic links" in err and "Traceback" not in err


def test_previous_files_whose_pairs_match_none_are_refused_naming_the_pairs(tmp_path, capsys):
    source = tmp_path / "s2.csv"
    source.write_text("board,ns_pair,ew_pair,ns_score,ns_mp,ew_mp\n1,1,2,420,2,0\n1,3,4,400,0,2\n")
    earlier = tmp_path / "s1.csv"
    earlier.write_text("board,ns_pair,ew_pair,ns_score,ns_mp,ew_mp\n1,11,12,420,2,0\n1,13,14,400,0,2\n")
    assert main(["check", str(source), "--previous", str(earlier)]) == 2
    err = capsys.readouterr().err
    assert "none of this file's pairs is in the earlier sessions' files" in err, err
    assert all(f"{n}" in err.split("(pairs ")[1].split(";")[0] for n in "1234"), err
    assert "they have 11, 12, 13, 14" in err or all(n in err for n in ("11", "12", "13", "14")), err


@pytest.mark.parametrize("previous, said", [
    (["s2.csv"], "is {d}/s2.csv itself (or a copy of it)"),  # the file checked, as its earlier session
    (["copy.csv"], "is {d}/s2.csv itself (or a copy of it)"),  # a copy of it, byte for byte
    (["s1.csv", "s1.csv"], "is given twice (the same file as {d}/s1.csv)"),
])
def test_previous_files_that_are_the_session_itself_or_twice_are_refused(tmp_path, capsys, previous, said):
    """``--previous`` names the earlier sessions, each once: the file checked (or a copy) or a file twice would
    count a session twice in the running totals, checked "all agree" all the same."""
    lines = "board,ns_pair,ew_pair,ns_score,ns_mp,ew_mp\n1,1,2,420,2,0\n1,3,4,400,0,2\n"
    (tmp_path / "s2.csv").write_text(lines)
    (tmp_path / "copy.csv").write_text(lines)
    (tmp_path / "s1.csv").write_text(lines.replace("420", "450"))
    assert main(["check", str(tmp_path / "s2.csv"), "--previous", *(str(tmp_path / p) for p in previous)]) == 2
    err = capsys.readouterr().err
    assert f"{tmp_path / previous[-1]}: --previous: " in err and said.format(d=tmp_path) in err, err


@pytest.mark.parametrize("argv", [["check"], ["score"]])
def test_a_reader_that_stops_reading_ends_with_141_not_0(tmp_path, argv):
    """``mpxl check x | head``: the pipe closed, the command ends as a program SIGPIPE ends (141), quietly; never 0,
    which would say check found nothing (this file's figures disagree: check alone exits 1)."""
    import subprocess
    import sys

    path = tmp_path / "off.csv"
    path.write_text("board,ns_pair,ew_pair,ns_score,ns_mp,ew_mp\n1,1,2,420,0,2\n1,3,4,400,2,0\n")
    read, write = os.pipe()
    os.close(read)  # the reader gone before mpxl writes a byte
    try:
        done = subprocess.run([sys.executable, "-m", "mpxl", *argv, str(path)], stdout=write, stderr=subprocess.PIPE,
                              text=True, timeout=60)
    finally:
        os.close(write)
    assert done.returncode == 141, done.stderr
    assert "Traceback" not in done.stderr and "Exception ignored" not in done.stderr


def test_sighup_ends_mpxl_as_sigterm_does():
    import signal

    from mpxl.cli import ENDING_SIGNALS
    assert signal.SIGHUP in ENDING_SIGNALS and signal.SIGTERM in ENDING_SIGNALS  # a real one: test_safety.py


USEBIO_SITOUT = """<?xml version="1.0" encoding="UTF-8"?>
<USEBIO Version="1.2"><EVENT EVENT_TYPE="MP_PAIRS"><PROGRAM_NAME>Somebody</PROGRAM_NAME><WINNER_TYPE>1</WINNER_TYPE>
<PARTICIPANTS>
<PAIR><PAIR_NUMBER>1</PAIR_NUMBER><TOTAL_SCORE>{t1}</TOTAL_SCORE></PAIR>
<PAIR><PAIR_NUMBER>2</PAIR_NUMBER><TOTAL_SCORE>2</TOTAL_SCORE></PAIR>
<PAIR><PAIR_NUMBER>3</PAIR_NUMBER><TOTAL_SCORE>0</TOTAL_SCORE></PAIR>
<PAIR><PAIR_NUMBER>4</PAIR_NUMBER><TOTAL_SCORE>2</TOTAL_SCORE></PAIR>
<PAIR><PAIR_NUMBER>5</PAIR_NUMBER><TOTAL_SCORE>{t5}</TOTAL_SCORE></PAIR>
</PARTICIPANTS>
<BOARD><BOARD_NUMBER>1</BOARD_NUMBER>
<TRAVELLER_LINE><NS_PAIR_NUMBER>1</NS_PAIR_NUMBER><EW_PAIR_NUMBER>2</EW_PAIR_NUMBER><SCORE>420</SCORE>
<NS_MATCH_POINTS>2</NS_MATCH_POINTS><EW_MATCH_POINTS>0</EW_MATCH_POINTS></TRAVELLER_LINE>
<TRAVELLER_LINE><NS_PAIR_NUMBER>3</NS_PAIR_NUMBER><EW_PAIR_NUMBER>4</EW_PAIR_NUMBER><SCORE>400</SCORE>
<NS_MATCH_POINTS>0</NS_MATCH_POINTS><EW_MATCH_POINTS>2</EW_MATCH_POINTS></TRAVELLER_LINE>
<TRAVELLER_LINE><NS_PAIR_NUMBER>5</NS_PAIR_NUMBER><NS_MATCH_POINTS>{credit}</NS_MATCH_POINTS>
<NOTES>phantom table</NOTES></TRAVELLER_LINE>
</BOARD>
<BOARD><BOARD_NUMBER>2</BOARD_NUMBER>
<TRAVELLER_LINE><NS_PAIR_NUMBER>5</NS_PAIR_NUMBER><EW_PAIR_NUMBER>4</EW_PAIR_NUMBER><SCORE>100</SCORE>
<NS_MATCH_POINTS>2</NS_MATCH_POINTS><EW_MATCH_POINTS>0</EW_MATCH_POINTS></TRAVELLER_LINE>
<TRAVELLER_LINE><NS_PAIR_NUMBER>3</NS_PAIR_NUMBER><EW_PAIR_NUMBER>2</EW_PAIR_NUMBER><SCORE>-50</SCORE>
<NS_MATCH_POINTS>0</NS_MATCH_POINTS><EW_MATCH_POINTS>2</EW_MATCH_POINTS></TRAVELLER_LINE>
<TRAVELLER_LINE><EW_PAIR_NUMBER>1</EW_PAIR_NUMBER><EW_MATCH_POINTS>2</EW_MATCH_POINTS></TRAVELLER_LINE>
</BOARD></EVENT></USEBIO>
"""


def test_a_usebio_sitout_line_keeps_its_credit_and_note_and_check_compares_the_credit(tmp_path, capsys):
    """A TRAVELLER_LINE with one pair and published matchpoints or NOTES: a sit-out whose credit is
    checked (pairs 5 and 1 credited their own 100% under unplayed own), its note kept and written back."""
    good = tmp_path / "good.xml"
    good.write_text(USEBIO_SITOUT.format(t1=4, t5=4, credit=2))
    event = read_event(good)
    assert [(so.pair, so.published_mp, so.note) for so in event.sitouts] == [("5", 2.0, "phantom table"),
                                                                            ("1", 2.0, "")]
    assert main(["check", "--json", str(good)]) == 0
    doc = json.loads(capsys.readouterr().out)
    assert doc["differences"] == [] and doc["scoring"]["settings"]["unplayed"] == "own"
    assert doc["lines_checked"] == 6  # four lines and the two credits
    back = tmp_path / "back.xml"
    assert main(["score", str(good), "-o", str(back)]) == 0
    assert [(so.pair, so.published_mp, so.note) for so in read_event(back).sitouts] == \
        [("5", 2.0, "phantom table"), ("1", 2.0, "")]
    wrong = tmp_path / "wrong.xml"
    wrong.write_text(USEBIO_SITOUT.format(t1=4, t5=4, credit=1.5))
    assert main(["check", str(wrong)]) == 1
    assert "board 1, pair 5 sat out: credit: published 1.5, mpxl 2" in capsys.readouterr().out


def test_a_csv_sitout_row_keeps_its_names_note_and_credit_through_a_round_trip(tmp_path, capsys):
    source = tmp_path / "in.csv"
    source.write_text("board,ns_pair,ew_pair,ns_score,ns_mp,ew_mp,ns_names,ew_names,note\n"
                      "1,1,2,420,2,0,Ann,Cat,\n1,3,4,400,0,2,,,\n"
                      "1,5,,sitout,1.5,,Eve,,phantom table\n")
    event = read_event(source)
    assert [(so.pair, so.direction, so.published_mp, so.note) for so in event.sitouts] == [
        ("5", "NS", 1.5, "phantom table")]
    assert any(p.number == "5" and p.names == ("Eve",) for p in event.pairs)
    for suffix in (".csv", ".xml", ".pbn"):
        back = tmp_path / f"back{suffix}"
        assert main(["score", str(source), "-o", str(back), "--unplayed", "own"]) == 0
        again = read_event(back)
        assert [(so.pair, so.direction, so.board) for so in again.sitouts] == [("5", "NS", 1)], suffix
        if suffix != ".pbn":  # PBN has no notes
            assert [so.note for so in again.sitouts] == ["phantom table"], suffix
    capsys.readouterr()
    wrong = tmp_path / "wrong.csv"
    wrong.write_text("board,ns_pair,ew_pair,ns_score,ns_mp,ew_mp\n1,1,2,420,2,0\n1,3,4,400,0,2\n1,5,,sitout,,1\n")
    assert main(["score", str(wrong)]) == 2
    assert "line 4, column ew_mp: '1' on a sit-out row (pair 5 alone, on NS)" in capsys.readouterr().err


#: Every spelling of the rulebook's arrowswitch words, and some it refuses: each reader and BOARDMP
#: give the same answer (the sheet's: tests/test_workbook_recalc.py ENTRIES).
SPELLINGS = sorted(ARROWSWITCH_YES | ARROWSWITCH_NO - {""}) + ["AS", " Yes ", "maybe", "2", "arrow switch", "-"]


def _switch_via(reader: str, spelling: str, tmp_path) -> bool:
    if reader == "csv":
        path = tmp_path / "t.csv"
        path.write_text(f'board,ns_pair,ew_pair,ns_score,arrowswitch\n1,1,2,420,"{spelling}"\n1,3,4,400,\n')
    elif reader == "usebio":
        path = tmp_path / "t.xml"
        path.write_text('<USEBIO Version="1.2"><EVENT><BOARD><BOARD_NUMBER>1</BOARD_NUMBER><TRAVELLER_LINE>'
                        '<NS_PAIR_NUMBER>1</NS_PAIR_NUMBER><EW_PAIR_NUMBER>2</EW_PAIR_NUMBER><SCORE>420</SCORE>'
                        f'<ARROW_SWITCH>{spelling}</ARROW_SWITCH></TRAVELLER_LINE><TRAVELLER_LINE><NS_PAIR_NUMBER>'
                        '3</NS_PAIR_NUMBER><EW_PAIR_NUMBER>4</EW_PAIR_NUMBER><SCORE>400</SCORE></TRAVELLER_LINE>'
                        '</BOARD></EVENT></USEBIO>')
    else:
        path = tmp_path / "t.pbn"
        path.write_text('[Board "1"]\n[ScoreTable "PairId_NS\\\\2R;PairId_EW\\\\2R;Score_NS\\\\6R;Arrowswitch\\\\8L"]\n'
                        f' 1 2 "420" "{spelling}"\n 3 4 "400" -\n')
    return read_event(path).lines[0].arrowswitch


@pytest.mark.parametrize("spelling", SPELLINGS)
def test_every_reader_and_boardmp_read_an_arrowswitch_spelling_alike(spelling, tmp_path):
    from test_udfs import call

    from mpxl.core.errors import UserError
    from mpxl.core.rules import arrowswitch_flag

    try:
        want: bool | None = arrowswitch_flag(spelling)
    except ValueError:
        want = None  # refused, named
    got = {}
    for reader in ("csv", "usebio", "pbn"):
        if spelling.strip() == "-" and reader == "pbn":
            continue  # PBN's own empty cell
        try:
            got[reader] = _switch_via(reader, spelling, tmp_path)
        except UserError as exc:
            assert "arrowswitch mark" in str(exc), (reader, str(exc))
            got[reader] = None
    flags = call("BOARDMP", [[420], [400]], None, [[spelling], [None]])
    refused = isinstance(flags[0][0], str)  # the message in the cell
    assert not refused or "arrowswitch mark" in flags[0][0], flags
    got["BOARDMP"] = None if refused else flags[0][0] == 0  # switched: NS gets EW's 0
    assert set(got.values()) == {want}, got


@pytest.mark.parametrize("score, problem", [(420.5, "is not a score; a bridge score is a whole number"),
                                            (7601, "no contract gives more than 7600"),
                                            (1e300, "no contract gives more than 7600")])
def test_the_excel_functions_refuse_a_score_the_command_refuses(score, problem, tmp_path, capsys):
    from test_udfs import call

    got = call("MATCHPOINTS", [[score], [400]])
    assert isinstance(got[0][0], str) and "row 1" in got[0][0] and problem in got[0][0], got
    path = tmp_path / "s.csv"
    path.write_text(f"board,ns_pair,ew_pair,ns_score\n1,1,2,{score}\n1,3,4,400\n")
    assert main(["score", str(path)]) == 2  # the text 1e+300 is not written as a whole number: refused so
    assert "line 2, column ns_score" in capsys.readouterr().err


def test_a_rounding_that_is_not_a_whole_number_of_decimals_is_refused_in_the_cell():
    from test_udfs import call

    got = call("MATCHPOINTS", [[420], [400]], None, None, None, None, 1.5)
    assert "rounding 1.5 is not a number of decimals" in got[0][0]


@pytest.mark.parametrize("name, suffix, problem", [
    ("x" * 40000, ".xlsx", "(40000 characters) is longer than the 32767 characters an .xlsx cell holds"),
    ("Ann\u2028Bob", ".pbn", "U+2028"), ("Ann\x85Bob", ".pbn", "U+0085"), ("Ann\u2029Bob", ".pbn", "U+2029"),
    ("Ann\uffff", ".xml", "U+FFFF, which an XML file cannot hold"),
    ("Ann\uffff", ".xlsx", "U+FFFF, which an .xlsx cell cannot hold"),
])
def test_text_an_output_could_not_read_back_is_refused_never_cut(name, suffix, problem, tmp_path, capsys):
    """A name a written file would lose (cut, or split on a line end its reader sees) is refused,
    naming the output and the character; nothing is written."""
    source = tmp_path / "in.csv"
    source.write_text(f"board,ns_pair,ew_pair,ns_score,ns_names\n1,1,2,420,{name}\n1,3,4,400,\n", encoding="utf-8")
    out = tmp_path / f"out{suffix}"
    assert main(["score", str(source), "-o", str(out)]) == 2
    err = capsys.readouterr().err
    assert problem in err and str(out) in err and "Traceback" not in err, err
    assert not out.exists()


@pytest.mark.parametrize("rows, alike", [
    ("1,012,3,420\n1,12,4,400\n", "'012' and '12'"),
    ("1,2,3,420,A|1\n1,1|2,4,400,A\n", "'A 1|2' and 'A|1 2'"),
])
def test_pairs_the_workbook_would_merge_are_written_as_values_saying_why(rows, alike, tmp_path, capsys):
    """The sheet keys a pair by its section, a bar and its number as a cell holds it: pairs 012 and
    12 (or A|1 2 and A 1|2) would be one there, so the workbook is written as values, saying why."""
    from openpyxl import load_workbook

    source = tmp_path / "in.csv"
    header = "board,ns_pair,ew_pair,ns_score" + (",section" if "|" in rows else "")
    source.write_text(header + "\n" + rows)
    out = tmp_path / "out.xlsx"
    assert main(["score", str(source), "-o", str(out)]) == 0
    err = capsys.readouterr()
    assert alike in err.out + err.err and "would be one pair" in err.out + err.err
    # the same workbook as a live one, its figures values: no formula works out a line, a total or a place
    from mpxl.workbook.layout import FIRST_ROW, PAIRS_COLUMNS, TOTALS_COLUMNS, TRAVELLER_COLUMNS

    wb = load_workbook(out)
    figures = [wb["Travellers"][f"{TRAVELLER_COLUMNS[k]}{FIRST_ROW + i}"] for k in ("ns_mp", "ew_mp") for i in (0, 1)]
    figures += [wb[sheet][f"{cols[k]}{FIRST_ROW + i}"] for sheet, cols in (("Pairs", PAIRS_COLUMNS),
                                                                            ("Totals", TOTALS_COLUMNS))
                for k in ("mp", "max", "pct", "place") for i in range(4)]
    assert [c.value for c in figures if isinstance(c.value, str) and c.value.startswith("=")] == []
    assert all(c.value not in (None, "") for c in figures)


def test_pairs_whose_names_differ_only_in_punctuation_have_their_own_anchors(tmp_path):
    source = tmp_path / "in.csv"
    source.write_text("board,ns_pair,ew_pair,ns_score\n1,1_a,2,420\n1,1.a,4,400\n")
    out = tmp_path / "out.html"
    assert main(["score", str(source), "-o", str(out)]) == 0
    page = out.read_text(encoding="utf-8")
    ids = [part.split('"')[0] for part in page.split(' id="')[1:]]
    assert len(ids) == len(set(ids)) and "pair-NS-1_5f_a" in ids and "pair-NS-1_2e_a" in ids


TWO_SESSIONS = """<?xml version="1.0" encoding="UTF-8"?>
<USEBIO Version="1.2"><EVENT EVENT_TYPE="MP_PAIRS"><PROGRAM_NAME>Somebody</PROGRAM_NAME><SESSION_COUNT>2</SESSION_COUNT>
{sessions}</EVENT></USEBIO>
"""
SESSION = """<SESSION SESSION_ID="{s}"><SECTION SECTION_ID="A"><WINNER_TYPE>1</WINNER_TYPE><PARTICIPANTS>
<PAIR><PAIR_NUMBER>1</PAIR_NUMBER><TOTAL_SCORE>2</TOTAL_SCORE></PAIR>
<PAIR><PAIR_NUMBER>2</PAIR_NUMBER><TOTAL_SCORE>0</TOTAL_SCORE></PAIR>
<PAIR><PAIR_NUMBER>3</PAIR_NUMBER><TOTAL_SCORE>0</TOTAL_SCORE></PAIR>
<PAIR><PAIR_NUMBER>4</PAIR_NUMBER><TOTAL_SCORE>2</TOTAL_SCORE></PAIR>
</PARTICIPANTS><BOARD><BOARD_NUMBER>1</BOARD_NUMBER>
<TRAVELLER_LINE><NS_PAIR_NUMBER>1</NS_PAIR_NUMBER><EW_PAIR_NUMBER>2</EW_PAIR_NUMBER><SCORE>420</SCORE>
<NS_MATCH_POINTS>2</NS_MATCH_POINTS><EW_MATCH_POINTS>0</EW_MATCH_POINTS></TRAVELLER_LINE>
<TRAVELLER_LINE><NS_PAIR_NUMBER>3</NS_PAIR_NUMBER><EW_PAIR_NUMBER>4</EW_PAIR_NUMBER><SCORE>400</SCORE>
<NS_MATCH_POINTS>0</NS_MATCH_POINTS><EW_MATCH_POINTS>2</EW_MATCH_POINTS></TRAVELLER_LINE>{more}
</BOARD></SECTION></SESSION>
"""


def test_a_two_session_usebio_file_with_a_sitout_in_session_2_checks_as_score_reads_it(tmp_path, capsys):
    sitout = "\\n<TRAVELLER_LINE><NS_PAIR_NUMBER>5</NS_PAIR_NUMBER></TRAVELLER_LINE>"
    path = tmp_path / "two.xml"
    path.write_text(TWO_SESSIONS.format(sessions=SESSION.format(s=1, more="") + SESSION.format(s=2, more=sitout)))
    assert [(so.pair, so.session) for so in read_event(path).sitouts] == [("5", 2)]
    assert main(["score", str(path)]) == 0
    assert main(["check", str(path)]) == 0, capsys.readouterr()
