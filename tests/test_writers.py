"""Penalties and figures through every writer (issue 26, sections 2 and 3): penalty rows survive
USEBIO, PBN and CSV; signed figures stay numbers in a CSV; a bad figure is refused naming its line,
in every reader; each real file's own round trip checks clean, or the write is refused with the reason.
Tables of input and expected outcome."""

from __future__ import annotations

import csv
import io
from dataclasses import replace
from fractions import Fraction

import pytest
from shared import REALDATA

from mpxl.cli import main
from mpxl.core.adjustments import parse_entry
from mpxl.core.conventions import detect
from mpxl.core.event import Event, Line, Penalty
from mpxl.core.options import ScoringOptions
from mpxl.core.session import score_event
from mpxl.formats import read_event, write_event
from mpxl.formats.textsafe import needs_csv_escape

EXTS = [".xml", ".pbn", ".csv"]


def club_night(*penalties: Penalty) -> Event:
    """Two boards of three tables, one winner, with the penalty rows given."""
    lines = [Line(1, "1", "2", score=420), Line(1, "3", "4", score=400), Line(1, "5", "6", score=-50),
             Line(2, "1", "4", score=100), Line(2, "3", "6", score=-110), Line(2, "5", "2", score=140)]
    return Event(lines=lines, winners={"": 2}, penalties=list(penalties), title="Club night")


def totals(result) -> list:
    return sorted((pr.pair.number, pr.pair.direction, pr.mp) for pr in result.pairs)


def penalty_rows(event: Event) -> list:
    return sorted((p.board, p.pair, p.direction, p.amount, p.section, p.session) for p in event.penalties)


# ------------------------------------------------------------------ penalty rows through every writer

@pytest.mark.parametrize("ext", EXTS)
@pytest.mark.parametrize("penalties", [
    [Penalty(1, "1", "NS", Fraction(-2))],                                    # a penalty of 2
    [Penalty(2, "6", "EW", Fraction(4))],                                     # a bonus (Ruter's pair 6)
    [Penalty(1, "3", "NS", Fraction(-1, 2)), Penalty(1, "4", "EW", Fraction(0))],  # half a point; a 0 row
    [Penalty(2, "5", "NS", Fraction(-3, 40))],                                # more decimals than the figures
])
def test_penalty_rows_read_back_to_the_same_totals(penalties, ext, tmp_path):
    event = club_night(*penalties)
    options = ScoringOptions.parse(rounding="1")
    result = score_event(event, options)
    out = tmp_path / f"out{ext}"
    write_event(result, out)
    back = read_event(out)
    assert penalty_rows(back) == penalty_rows(event)
    assert totals(score_event(back, options)) == totals(result)


@pytest.mark.parametrize("ext", EXTS)
def test_a_written_penalty_checks_clean(ext, tmp_path, capsys):
    """Before: mpxl's own USEBIO of an event with a penalty row reported the pair's total as a difference."""
    out = tmp_path / f"out{ext}"
    write_event(score_event(club_night(Penalty(1, "1", "NS", Fraction(-2)))), out)
    assert main(["check", str(out)]) == 0, capsys.readouterr().out


@pytest.mark.parametrize("ext, expected", [
    (".xml", "<PENALTY>\n            <PAIR_NUMBER>1</PAIR_NUMBER>\n            <DIRECTION>NS</DIRECTION>\n"
             "            <MATCH_POINTS>-2.00</MATCH_POINTS>\n         </PENALTY>"),
    (".csv", "1,,1,,1,,,,,,,Pen,,,,,-2.00,,,\n"),  # then the title and date columns (the event's title: row 1)
    (".pbn", "- - 1 - - - - -    Pen    Pen  -2.00      -"),
])
def test_how_each_format_writes_a_penalty_row(ext, expected, tmp_path):
    out = tmp_path / f"out{ext}"
    write_event(score_event(club_night(Penalty(1, "1", "NS", Fraction(-2)))), out)
    assert expected in out.read_text(encoding="utf-8")


@pytest.mark.parametrize("ext", [".xml", ".pbn"])
@pytest.mark.parametrize("event, message", [
    (club_night(Penalty(9, "1", "NS", Fraction(-2))),
     "the penalty of -2 for pair 1 on board 9: the board has no lines, so a {ext} file has no place for it"),
    (Event(lines=[Line(1, "1", "2", score=420, ns_penalty="2", where="line 2"), Line(1, "3", "4", score=400)],
           winners={"": 2}, source="in.csv"),
     "the NS penalty '2' (in.csv, line 2: board 1, NS 1 v EW 2) is a line's own penalty, which a {ext} file has no "
     "place"),
])
def test_a_penalty_a_format_cannot_hold_is_refused_naming_why(event, message, ext, tmp_path):
    out = tmp_path / f"out{ext}"
    with pytest.raises(ValueError, match="^" + message.format(ext=ext).replace("(", r"\(").replace(")", r"\)")):
        write_event(score_event(event), out)
    assert not out.exists()


def _two_sessions() -> Event:
    """Two sessions of the same board numbers at the same tables (a club's two evenings of one event)."""
    return Event(lines=[Line(b, ns, ew, score=score, table=t, session=s)
                        for s in (1, 2) for b in (1, 2) for t, (ns, ew, score) in
                        enumerate([("1", "2", 420 - 30 * s), ("3", "4", 400 + b), ("5", "6", -50 * b)], 1)],
                 winners={"": 1})


@pytest.mark.parametrize("ext, refused", [(".pbn", True), (".xml", False), (".csv", False)])
def test_two_sessions_are_written_where_a_format_holds_them_refused_where_not(ext, refused, tmp_path):
    """Before: the .pbn of a two-session event read back as one session with each board played twice at a table,
    which its own reader refused (and ``check`` could not read what ``score -o`` wrote)."""
    out = tmp_path / f"out{ext}"
    if refused:
        with pytest.raises(ValueError, match=r"^the event has 2 sessions \(1, 2\) and a \.pbn file has no place"):
            write_event(score_event(_two_sessions()), out)
        assert not out.exists()
        return
    write_event(score_event(_two_sessions()), out)
    assert sorted({ln.session for ln in read_event(out).lines}) == [1, 2]


@pytest.mark.parametrize("ext, kept", [(".xml", False), (".pbn", False), (".csv", True)])
def test_a_fouled_boards_groups_are_kept_or_said_not_kept(ext, kept, tmp_path):
    """USEBIO and PBN have no place for a fouled board's groups: the figures the groups gave are written and the
    note says the groups are not (read back, the board is one group); the CSV keeps them."""
    lines = [Line(1, str(2 * i + 1), str(2 * i + 2), score=s, group="XY"[i // 2])
             for i, s in enumerate((420, 400, -50, 100))] + [Line(2, "1", "2", score=420), Line(2, "3", "4", score=400)]
    result = score_event(Event(lines=lines, winners={"": 2}))
    out = tmp_path / f"out{ext}"
    note = write_event(result, out)
    back = read_event(out)
    assert [ln.group or "" for ln in back.lines if ln.board == 1] == (["X", "X", "Y", "Y"] if kept else [""] * 4)
    assert (note is None) == kept
    if not kept:
        assert note.startswith(f"board 1's fouled-board groups have no place in a {ext} file")
        # the figures as the groups gave them (the CSV's, which keeps the groups), not as one group would
        write_event(result, tmp_path / "kept.csv")
        grouped = [ln.published_ns_mp for ln in read_event(tmp_path / "kept.csv").lines if ln.board == 1]
        one = score_event(Event(lines=[replace(ln, group="") for ln in lines], winners={"": 2}))
        write_event(one, tmp_path / "one.csv")
        as_one = [ln.published_ns_mp for ln in read_event(tmp_path / "one.csv").lines if ln.board == 1]
        assert [ln.published_ns_mp for ln in back.lines if ln.board == 1] == grouped != as_one


def test_a_line_penalty_is_kept_by_the_csv(tmp_path):
    event = Event(lines=[Line(1, "1", "2", score=420, ns_penalty="2"), Line(1, "3", "4", score=400)], winners={"": 2})
    out = tmp_path / "out.csv"
    write_event(score_event(event), out)
    assert [ln.ns_penalty and ln.ns_penalty.written for ln in read_event(out).lines] == ["2", None]


# ------------------------------------------------------------------ signed figures are numbers in a CSV

@pytest.mark.parametrize("text, escaped", [
    ("-2.00", False), ("+4", False), ("-0.5", False), ("12", False),            # numbers written as text
    ("-x", True), ("-2+3", True), ("-1e5", True), ("=1", True), ("+A1", True), ("@SUM(A1)", True),
    ("-2.", True), ("- 2", True), ("-\uff12", True),                            # not plain numbers
])
def test_formula_guarding_leaves_numbers_numbers(text, escaped):
    assert needs_csv_escape(text) is escaped


def test_signed_matchpoints_are_written_as_numbers(tmp_path):
    """Before: "'-2.00", text a spreadsheet cannot add."""
    event = club_night()
    out = tmp_path / "out.csv"
    write_event(score_event(event, ScoringOptions.parse(scale="signed", rounding="2")), out)
    rows = list(csv.DictReader(io.StringIO(out.read_text(encoding="utf-8"))))
    figures = [row[k] for row in rows for k in ("ns_mp", "ew_mp")]
    assert any(f.startswith("-") for f in figures)
    assert all(float(f) == float(f.strip()) for f in figures)  # every one a number, none a quoted text
    assert sorted((ln.published_ns_mp, ln.published_ew_mp) for ln in read_event(out).lines) == sorted(
        (float(r["ns_mp"]), float(r["ew_mp"])) for r in rows)


# ------------------------------------------------------------------ bad figures never crash or hang

BAD_FIGURES = ["1/0", "1e400", "1e999999999", "1_0", "\uff10", "nan", "1.2.3"]

PBN_PEN = """[Event "x"]
[Board "1"]
[ScoreTable "PairId_NS\\2R;PairId_EW\\2R;Score_NS\\6R;Score_EW\\6R;MP_NS\\4R;MP_EW\\4R"]
1 2 "420" - 2.0 0.0
3 4 "400" - 0.0 2.0
1 4 Pen Pen {f} 0.0
"""

XML_PEN = ('<USEBIO Version="1.2"><EVENT><BOARD><BOARD_NUMBER>1</BOARD_NUMBER>'
           + "".join(f"<TRAVELLER_LINE><NS_PAIR_NUMBER>{a}</NS_PAIR_NUMBER><EW_PAIR_NUMBER>{b}</EW_PAIR_NUMBER>"
                     f"<SCORE>{s}</SCORE></TRAVELLER_LINE>" for a, b, s in (("1", "2", "420"), ("3", "4", "400")))
           + "<PENALTY><PAIR_NUMBER>1</PAIR_NUMBER><DIRECTION>NS</DIRECTION><MATCH_POINTS>{f}</MATCH_POINTS>"
             "</PENALTY></BOARD></EVENT></USEBIO>")

CSV_PEN = "board,ns_pair,ew_pair,ns_score,adjustment,ns_mp\n1,1,2,420,,\n1,3,4,400,,\n1,1,,,Pen,{f}\n"

CSV_LINE_PENALTY = "board,ns_pair,ew_pair,ns_score,ns_penalty\n1,1,2,420,{f}\n1,3,4,400,\n"


@pytest.mark.parametrize("figure", BAD_FIGURES)
@pytest.mark.parametrize("fmt, body, place", [
    ("pbn", PBN_PEN, "line 6: board 1: the penalty for pair 1: "),
    ("xml", XML_PEN, "BOARD 1, PENALTY 1: MATCH_POINTS: "),
    ("csv", CSV_PEN, "line 4, column ns_mp: the penalty for pair 1: "),
])
def test_a_penalty_that_is_no_figure_is_refused_naming_the_line(figure, fmt, body, place, tmp_path, capsys):
    """Before: 1/0 a traceback, 1e400 and 1e999999999 a traceback or a hang, 1_0 read as 10, a fullwidth 0 as 0."""
    src = tmp_path / f"in.{fmt}"
    src.write_text(body.replace("{f}", figure), encoding="utf-8")
    assert main(["score", str(src)]) == 2
    err = capsys.readouterr().err
    assert f"{src}: {place}{figure!r} is not a number" in err, err
    assert "Traceback" not in err


@pytest.mark.parametrize("figure, refused", [
    ("\uff10", True), ("1\uff10%", True), ("\u0662", True), ("1_0", True), ("1/0", True), ("1e999999999", True),
    ("2", False), ("10%", False), ("1.5", False),
])
def test_a_line_penalty_cell_takes_the_same_figures(figure, refused, tmp_path, capsys):
    src = tmp_path / "in.csv"
    src.write_text(CSV_LINE_PENALTY.replace("{f}", figure), encoding="utf-8")
    assert main(["score", str(src)]) == (2 if refused else 0)
    err = capsys.readouterr().err
    assert (f"{src}: line 2, column ns_penalty: {figure!r} is not a penalty" in err) is refused, err


# ------------------------------------------------------------------ each real file's own round trip

REAL = (sorted(REALDATA.glob("*.xml")) + sorted(REALDATA.glob("*.pbn")) + sorted(REALDATA.glob("incoming/*.pbn"))
        + sorted(REALDATA.glob("pending/*.xml")) if REALDATA.is_dir() else [])


@pytest.mark.parametrize("ext", EXTS)
@pytest.mark.parametrize("path", REAL, ids=lambda p: p.name)
def test_each_real_file_s_own_round_trip_checks_clean(path, ext, tmp_path, capsys):
    """`mpxl score FILE -o out.EXT` then `mpxl check out.EXT`: clean, or the write refused with the reason.
    Before: the Ruter file's penalty lost in .xml (pair 6's total a difference) and .csv (silently), and
    Magic Contest's places by its tie-break a difference in .xml."""
    out = tmp_path / f"out{ext}"
    code = main(["score", str(path), "-o", str(out)])
    captured = capsys.readouterr()
    if code == 2:  # refused: the reason named, nothing written
        assert "no place for" in captured.err and not out.exists(), captured.err
        return
    assert code == 0, captured.err
    assert main(["check", str(out)]) == 0, capsys.readouterr().out


@pytest.mark.parametrize("ext", EXTS)
def test_the_ruter_penalty_reads_back_to_the_published_totals(ext, tmp_path):
    path = REALDATA / "incoming" / "ruter-2016-08-10-signed-penalty-split-bye.pbn"
    if not path.exists():
        pytest.skip("the real file is not here")
    event = read_event(path)
    options = detect(event).options()
    result = score_event(event, options)
    out = tmp_path / f"out{ext}"
    write_event(result, out)
    back = read_event(out)
    assert [(p.board, p.pair, p.direction, p.amount) for p in back.penalties] == [
        (11, "6", "NS", Fraction(4)), (11, "10", "EW", Fraction(0))]
    assert totals(score_event(back, options)) == totals(result)
    assert dict((n, mp) for n, _, mp in totals(result))["6"] == Fraction(4)  # as published


def _tricks_file(fmt: str, tricks: str) -> str:
    if fmt == "csv":
        return f"board,ns_pair,ew_pair,contract,declarer,tricks\n1,1,2,4S,N,{tricks}\n1,3,4,4S,N,10\n"
    if fmt == "pbn":
        return ('[Event "x"]\n[Board "1"]\n[ScoreTable "PairId_NS\\2R;PairId_EW\\2R;Contract\\4L;Declarer\\1R;'
                f'Result\\2R"]\n1 2 4S N {tricks}\n3 4 4S N 10\n')
    lines = "".join(f"<TRAVELLER_LINE><NS_PAIR_NUMBER>{a}</NS_PAIR_NUMBER><EW_PAIR_NUMBER>{b}</EW_PAIR_NUMBER>"
                    f"<CONTRACT>4S</CONTRACT><PLAYED_BY>N</PLAYED_BY><TRICKS>{t}</TRICKS></TRAVELLER_LINE>"
                    for a, b, t in (("1", "2", tricks), ("3", "4", "10")))
    return f'<USEBIO Version="1.2"><EVENT><BOARD><BOARD_NUMBER>1</BOARD_NUMBER>{lines}</BOARD></EVENT></USEBIO>'


@pytest.mark.parametrize("fmt", ["csv", "pbn", "xml"])
@pytest.mark.parametrize("tricks, refused", [("1_0", True), ("\uff11\uff10", True), ("\u0661\u0660", True),
                                             ("10", False), ("11", False)])
def test_every_reader_takes_tricks_in_ascii_digits(fmt, tricks, refused, tmp_path, capsys):
    """Before: USEBIO's and PBN's int() read 1_0 and a fullwidth 10 as 10, the CSV a fullwidth 10."""
    src = tmp_path / f"in.{fmt}"
    src.write_text(_tricks_file(fmt, tricks), encoding="utf-8")
    assert main(["score", str(src)]) == (2 if refused else 0)
    err = capsys.readouterr().err
    assert (repr(tricks) in err and str(src) in err) is refused, err


@pytest.mark.parametrize("code, read", [
    ("A\uff16\uff10", None), ("\uff16\uff10/\uff14\uff10", None), ("A\uff16\uff10\uff14\uff10", None),
    ("\uff16\uff10%", None), ("\u0664\u0662\u0660", None),                      # fullwidth / Arabic-Indic: refused
    ("A60", (60, 40)), ("60/40", (60, 40)), ("A6040", (60, 40)), ("60%", (60, 40)),  # ASCII: read
])
def test_an_artificial_code_takes_ascii_digits(code, read):
    """Before: A６０, ６０/４０, A６０４０ and ６０% read as 60/40."""
    try:
        got = parse_entry(code)
    except ValueError:
        got = None
    assert (None if got is None else (got.ns, got.ew)) == read


@pytest.mark.parametrize("ext", [".xml", ".pbn"])
def test_the_command_refuses_a_line_penalty_it_cannot_write(ext, tmp_path, capsys):
    src, out = tmp_path / "in.csv", tmp_path / f"out{ext}"
    src.write_text("board,ns_pair,ew_pair,ns_score,ns_penalty\n1,1,2,420,1\n1,3,4,400,\n", encoding="utf-8")
    assert main(["score", str(src), "-o", str(out)]) == 2
    err = capsys.readouterr().err
    assert f"{out}: the NS penalty '1' ({src}, line 2: board 1, NS 1 v EW 2)" in err and "write .csv" in err, err
    assert not out.exists()


def test_a_table_that_cannot_hold_a_penalty_row_refuses_it():
    """A workbook's rows go through the CSV row reader: a Pen row there is named, never dropped."""
    from mpxl.core.errors import UserError
    from mpxl.formats.csvfile import read_rows

    with pytest.raises(UserError, match=r"^t\.xlsx: row 5: a penalty row \(Pen\), which this table cannot hold"):
        read_rows([("row 4", ["1", "1", "2", "420", "", ""]), ("row 5", ["1", "3", "", "", "Pen", "-2"])],
                  ["board", "ns_pair", "ew_pair", "ns_score", "adjustment", "ns_mp"], "t.xlsx")
