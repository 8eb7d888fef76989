"""CSV travellers: header spellings, scores from contracts, adjustments, malformed rows."""

from __future__ import annotations

from pathlib import Path

import pytest

from mpxl.core.errors import UserError
from mpxl.formats import format_of, read_event
from mpxl.formats.csvcolumns import read_csv_event
from mpxl.formats.csvfile import read_csv, read_csv_text

DATA = Path(__file__).parent / "data"


def test_club_howell_fixture():
    ev = read_csv(DATA / "club-howell.csv")
    assert ev.winners == {"": 1}
    assert [ln.score for ln in ev.lines] == [420, 450, 400, -140, -140, "A+", "30% 420 + 70% 450", 420, -50, 600, 630, None]
    assert ev.lines[0].contract == "4S" and ev.lines[0].tricks == 10 and ev.lines[0].lead == "HK"


def test_mitchell_fixture_semicolons_and_header_spellings():
    ev = read_csv(DATA / "mitchell-arrowswitch.csv")
    assert ev.winners == {"": 2}  # NS 1 meets EW 1: Mitchell numbering
    assert [ln.arrowswitch for ln in ev.lines] == [False] * 5 + [True]


# (CSV text, the first line's (board, ns, ew, score, section))
GOOD = [
    ("board,ns_pair,ew_pair,ns_score\n1,1,2,420\n", (1, "1", "2", 420, "")),
    ("Bd,NS,EW,Score\n1,1,2,+420\n", (1, "1", "2", 420, "")),
    ("Board,PairNS,PairEW,Score\n1,1,2,420\n", (1, "1", "2", 420, "")),
    ("Board,NSPair,EWPair,Score\n1,1,2,420\n", (1, "1", "2", 420, "")),
    ("board\tns pair\tew pair\tns-score\tsection\n2\t1\t2\t-50\tB\n", (2, "1", "2", -50, "B")),
    ("board,ns_pair,ew_pair,contract,declarer,tricks\n4,1,2,3NT,E,11\n", (4, "1", "2", -660, "")),
    ("board,ns_pair,ew_pair,contract,declarer,tricks\n4,1,2,3NT,E,+2\n", (4, "1", "2", -660, "")),
    ("board,ns_pair,ew_pair,contract,declarer,tricks\n4,1,2,Pass,,\n", (4, "1", "2", 0, "")),
    ("board,ns_pair,ew_pair,ns_score,adjustment\n1,1,2,420,60/40\n", (1, "1", "2", "60/40", "")),
    ("board,ns_pair,ew_pair,ns_score\n1.0,7.0,2,420\n", (1, "7", "2", 420, "")),
    ("\ufeffboard,ns_pair,ew_pair,ns_score\n1,1,2,NP\n", (1, "1", "2", "NP", "")),
    # Excel's first line naming the delimiter, skipped as Excel skips it (a comma in a cell stays the cell's)
    ("sep=;\r\nboard;ns_pair;ew_pair;ns_score;names\r\n1;1;2;420;Smith, A & Jones, B\r\n", (1, "1", "2", 420, "")),
    ("\ufeffSEP=,\nboard,ns_pair,ew_pair,ns_score\n3,1,2,-50\n", (3, "1", "2", -50, "")),
]


@pytest.mark.parametrize("text, first", GOOD)
def test_reading(text, first):
    ln = read_csv_text(text, "t.csv").lines[0]
    assert (ln.board, ln.ns_pair, ln.ew_pair, ln.score, ln.section) == first
    ev = read_csv_event(text, "t.csv")  # the columnar reader's way in: the same line, on the same line number
    assert [(x.board, x.ns_pair, x.score, x.where) for x in ev.lines][:1] == [
        (ln.board, ln.ns_pair, ln.score, "line 3" if text.lower().lstrip("\ufeff").startswith("sep=") else "line 2")]


# (CSV text, the decimals its published matchpoints carry): a spreadsheet in a comma locale writes 10,43 (and drops
# the zeros a General cell does not show: 1 for 1,00), semicolons between the cells
DECIMALS = [
    ("board,ns_pair,ew_pair,ns_score,ns_mp,ew_mp\n1,1,2,420,1.00,13.00\n1,3,4,400,12.5,1.5\n", 2),
    ("board;ns_pair;ew_pair;ns_score;ns_mp;ew_mp\n1;1;2;420;1,00;13,00\n1;3;4;400;12,5;1,5\n", 2),
    ("board;ns_pair;ew_pair;ns_score;ns_mp;ew_mp\r\n1;1;2;420;1;13\r\n1;3;4;400;10,43;3,57\r\n", 2),
    ("\ufeffboard;ns_pair;ew_pair;ns_score;ns_mp;ew_mp\r\n1;1;2;430;6;-6\r\n1;3;4;400;-2,3;2,3\r\n", 1),
    ("board;ns_pair;ew_pair;ns_score;ns_mp;ew_mp\n1;1;2;420;1;1\n1;3;4;420;1;1\n", 0),
]


@pytest.mark.parametrize("text, decimals", DECIMALS)
def test_published_decimals_with_a_decimal_point_or_comma(text, decimals):
    """The decimals of the published figures, which the generic defaults round the lines to: the same whether the
    figures carry a decimal point or a decimal comma, read row by row or by columns."""
    from mpxl.formats.csvcolumns import csv_columns

    assert read_csv_text(text, "t.csv").published_decimals == decimals
    columns = csv_columns(text)
    assert columns is None or columns.published_decimals == decimals


BAD = [
    ("board,ns_pair,ew_pair,ns_score\n1,1,2,420\n1,3,4,abc\n", "line 3, column ns_score", "'abc' is not a score"),
    ("board,ns_pair,ew_pair,ns_score\n1,1,2,420\n1,3,4,420.5\n", "line 3, column ns_score", "whole number"),
    ("board,ns_pair,ew_pair,ns_score\n1,1,2,420\n1,1,4,400\n", "line 3", "pair 1 already has a line"),
    ("board,ns_pair,ew_pair,ns_score\n1,1,2,420\n1,3,2,400\n", "line 3", "pair 2 already has a line"),
    ("board,table,ns_pair,ew_pair,ns_score\n1,1,1,2,420\n1,1,3,4,400\n", "line 3", "table 1 already has a line"),
    ("board,ns_pair,ew_pair,adjustment\n1,1,2,AQ\n", "line 2, column adjustment", "known artificial code"),
    ("board,ns_pair,ew_pair,ns_score\none,1,2,420\n", "line 2, column board", "not a board number"),
    ("board,ns_pair,ew_pair,ns_score\n1,,2,420\n", "line 2", "both ns_pair and ew_pair"),
    ("board,ns_pair,ew_pair,contract,declarer,tricks\n1,1,2,4S,Q,10\n", "line 2", "Q"),
    ("board,ns_pair,ew_pair,ns_score,arrowswitch\n1,1,2,420,maybe\n", "line 2, column arrowswitch", "is not an arrowswitch mark"),
    ("board,ns_pair,ns_score\n1,1,420\n", "line 1", "no ew_pair column"),
    ("board,ns_pair,ew_pair\n1,1,2\n", "line 1", "ns_score column or contract"),
    ("board,ns_pair,ew_pair,ns_score,score\n1,1,2,420,420\n", "line 1", "appears twice"),
    ("", "line 1", "empty"),
    ("board,ns_pair,ew_pair,ns_score\n", "line 2", "no traveller lines"),
    ("board,ns_pair,ew_pair,ns_score\n1,1,2,420,9,9\n", "line 2", "the row has 6 cells"),
    ("board,ns_pair,ew_pair,ns_score\n1,1,2," + "9" * 200_000 + "\n1,3,4,400\n", "line 2", "field limit"),
    ("board,ns_pair,ew_pair,ns_score,note" + "x" * 200_000 + "\n1,3,4,400\n", "line 1", "field limit"),
    # beside a score, a declarer and tricks are read as they are alone (the plain file's columnar reader too)
    ("board,ns_pair,ew_pair,contract,declarer,tricks,ns_score\n1,1,2,4S,Q,10,420\n1,3,4,4S,N,10,420\n",
     "line 2, column declarer", "'Q' is not a direction"),
    ("board,ns_pair,ew_pair,contract,declarer,tricks,ns_score\n1,1,2,4S,N,10,420\n1,3,4,4S,N,14,420\n",
     "line 3, column tricks", "tricks 14 out of range"),
]


@pytest.mark.parametrize("text, where, problem", BAD, ids=[
    "text-score", "fractional-score", "duplicate-ns", "duplicate-ew", "duplicate-table", "unknown-code", "bad-board",
    "missing-pair", "bad-declarer", "bad-flag", "no-ew-column", "no-score-column", "twice", "empty", "no-lines",
    "long-row", "huge-field", "huge-heading", "declarer-beside-a-score", "tricks-beside-a-score"])
def test_malformed_csv_is_refused_with_a_place(text, where, problem):
    with pytest.raises(UserError) as exc:
        read_csv_text(text, "bad.csv")
    assert (exc.value.source, exc.value.where) == ("bad.csv", where)
    assert problem in exc.value.problem


@pytest.mark.parametrize("name, head, fmt", [
    ("a.xml", None, "usebio"), ("a.PBN", None, "pbn"), ("a.csv", None, "csv"),
    ("a.txt", b"<?xml", "usebio"), ("a.txt", b"% PBN", "pbn"), ("a.txt", b"board,ns", "csv"), ("a.dat", b"\x00", None),
])
def test_format_of(name, head, fmt):
    assert format_of(name, head) == fmt


def test_unknown_format_is_refused(tmp_path):
    path = tmp_path / "x.dat"
    path.write_bytes(b"\x00\x01")
    with pytest.raises(UserError, match="cannot tell the file's format"):
        read_event(path)


def test_missing_file_is_a_user_error(tmp_path):
    with pytest.raises(UserError) as exc:
        read_event(tmp_path / "nope.csv")
    assert "nope.csv" in str(exc.value)


# ------------------------------------------------------------ the fast paths give the general path's result


from hypothesis import HealthCheck, given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

from mpxl.core import pairings  # noqa: E402
from mpxl.core.event import Event, Line  # noqa: E402
from mpxl.formats import csvcolumns  # noqa: E402
from mpxl.formats import csvfile as csv_mod  # noqa: E402

FAST = settings(max_examples=250, deadline=None, suppress_health_check=[HealthCheck.too_slow])

#: Cells that are plain, nearly plain, or not: spaces, spreadsheet floats, huge numbers, codes, other digits.
_cell = st.one_of(
    st.sampled_from(["1", "2", "3", "12", " 4 ", "7.0", "1.0", "0", "-1", "+5", "1_0", "", " ", "420", "-50", "-0",
                     "99999999999999999999", "9007199254740993", "1e3", "420.5", "A+", "60/40", "NP", "x", "T1",
                     "\u0663", "\x1c7", "1\u00a0", "S1", "A", "5.00"]),
    st.integers(-8000, 8000).map(str),
    st.text(alphabet="0123456789 .,-;\t\"\r", max_size=4),
)
_headers = st.sampled_from([
    "board,ns_pair,ew_pair,ns_score",
    "section,board,table,ns_pair,ew_pair,ns_score",
    "session,section,board,table,ns_pair,ew_pair,ns_score",
    "Bd;NS;EW;Score",
    "board\tns pair\tew pair\tns-score\ttable",
    "board,ns_pair,ew_pair,ns_score,",
    "board,ns_pair,ew_pair,ns_score,adjustment",
    "board,ns_pair,ew_pair,contract,declarer,tricks",
])


@st.composite
def csv_texts(draw):
    header = draw(_headers)
    delimiter = max((",", ";", "\t"), key=header.count)
    width = header.count(delimiter) + 1
    rows = []
    for _ in range(draw(st.integers(0, 12))):
        n = draw(st.sampled_from([width, width, width, width - 1, width + 1, 0]))
        rows.append(delimiter.join(draw(_cell) for _ in range(max(n, 0))))
    ending = draw(st.sampled_from(["\n", "\r\n", "\r"]))
    return header + ending + ending.join(rows) + draw(st.sampled_from(["", ending]))


def _outcome(read, text):
    try:
        ev = read(text, "t.csv")
    except UserError as exc:
        return ("error", exc.source, exc.where, exc.problem)
    return ("event", ev.lines, ev.winners, ev.published_decimals, ev.pairs)


#: Cells mostly plain, some that the plain reading changes or refuses.
_plainish = st.one_of(st.sampled_from(["1", "2", "3", "12", " 4 ", "7.0", "01", "", "420", "-50", "T1", "A", "\u0663",
                                       "99999999999999999999", "1_0", "+5", "-0", "0", "A+", " "]),
                      st.integers(1, 40).map(str))


@st.composite
def plainish_texts(draw):
    header = draw(st.sampled_from(["board,ns_pair,ew_pair,ns_score", "section,board,table,ns_pair,ew_pair,ns_score",
                                   "session;section;board;ns_pair;ew_pair;ns_score", "board,ns_pair,ew_pair,ns_score,"]))
    delimiter = max((",", ";"), key=header.count)
    width = header.count(delimiter) + 1
    rows = [delimiter.join(draw(_plainish) for _ in range(width)) for _ in range(draw(st.integers(1, 6)))]
    return header + "\n" + "\n".join(rows) + draw(st.sampled_from(["", "\n", "\r\n"]))


@st.composite
def contract_texts(draw):
    """Files of contracts, rulings and leads (the column reader takes them too)."""
    header = draw(st.sampled_from(["board,ns_pair,ew_pair,contract,declarer,tricks,lead",
                                   "board,ns_pair,ew_pair,ns_score,adjustment,contract,declarer,tricks"]))
    cells = {"board": st.sampled_from(["1", "2", "0"]), "ns_pair": st.sampled_from(["1", "3", "5"]),
             "ew_pair": st.sampled_from(["2", "4", "6"]), "ns_score": st.sampled_from(["420", "", "A+"]),
             "adjustment": st.sampled_from(["", "", "A60", "60/40", "x"]),
             "contract": st.sampled_from(["3NT", "4S", "PASS", "", "3Z", "'4S"]),
             "declarer": st.sampled_from(["N", "E", "", "X"]), "tricks": st.sampled_from(["9", "10", "+1", "=", "", "x"]),
             "lead": st.sampled_from(["HK", "", " S2 "])}
    keys = header.split(",")
    rows = [",".join(draw(cells[k]) for k in keys) for _ in range(draw(st.integers(1, 6)))]
    return header + "\n" + "\n".join(rows) + "\n"


@FAST
@given(st.one_of(csv_texts(), plainish_texts(), contract_texts()))
def test_every_way_of_reading_gives_the_same_lines_and_errors(text):
    """By columns where the file is plain (``read_csv_event``), row by row (``read_csv_text``), and
    row by row with no plain rows' fast path: the same lines, winners and pairs, or the same error."""
    by_columns = _outcome(csvcolumns.read_csv_event, text)
    assert by_columns == _outcome(read_csv_text, text)
    saved = csv_mod.PlainRows.for_header
    csv_mod.PlainRows.for_header = classmethod(lambda cls, keys: None)  # type: ignore[method-assign]
    try:
        assert _outcome(read_csv_text, text) == by_columns
    finally:
        csv_mod.PlainRows.for_header = saved  # type: ignore[method-assign]


@FAST
@given(st.one_of(csv_texts(), plainish_texts()))
def test_columns_are_the_lines_values_or_none(text):
    """``csv_columns`` (the column-by-column reading of ``mpxl score plain.csv -o out.csv``) never
    raises, and where it reads a file its columns hold the values of the general reader's lines."""
    t = csvcolumns.csv_columns(text)
    if t is None:
        return
    saved = csv_mod.check_duplicates
    csv_mod.check_duplicates = lambda event: None  # judged later, by the scoring
    try:
        lines = read_csv_text(text, "t.csv").lines
    finally:
        csv_mod.check_duplicates = saved
    for name in ("board", "ns_pair", "ew_pair", "score", "section", "table", "session"):
        column = getattr(t, name)
        default = {"section": "", "table": None, "session": 1}.get(name)
        assert (column if column is not None else [default] * len(t)) == [getattr(ln, name) for ln in lines], name


def test_a_big_plain_file_is_read_by_columns_as_row_by_row(monkeypatch):
    rows = ["section,board,table,ns_pair,ew_pair,ns_score"]
    for t in range(1, 61):
        for b in range(1, 4):
            rows.append(f"S{t % 3},{b},{t},{t},{t + 100},{'' if t % 7 == 0 else (t * 37) % 500 - 250}")
    rows[120] = rows[120].rsplit(",", 1)[0] + ",A+"
    text = "\n".join(rows) + "\n"
    assert csvcolumns.csv_columns(text) is not None
    fast = csvcolumns.read_csv_event(text, "t.csv")
    slow = read_csv_text(text, "t.csv")
    assert fast.lines == slow.lines and fast.winners == slow.winners
    assert fast.lines[48].where == "line 50" and fast.lines[-1].where == f"line {len(rows)}"
    rows.insert(50, "")  # a blank line: row by row, which skips it
    blank = csvcolumns.read_csv_event("\n".join(rows) + "\n", "t.csv")
    assert blank.lines[49].where == "line 52"


@st.composite
def events_with_duplicates(draw):
    lines = []
    for i in range(draw(st.integers(1, 14))):
        lines.append(Line(draw(st.sampled_from([1, 2])), draw(st.sampled_from(["1", "2", "3", 3])),
                          draw(st.sampled_from(["1", "2", "4", "5"])), draw(st.sampled_from(["", "A"])),
                          table=draw(st.sampled_from([None, 1, 2, "1", "t"])), session=draw(st.sampled_from([1, 1, 2])),
                          where=f"line {i + 2}"))
    winners = draw(st.sampled_from([{}, {"": 2}, {"A": 2}, {"": 1, "A": 2}]))
    return Event(lines=lines, winners=winners, source="d.csv")


@FAST
@given(events_with_duplicates())
def test_the_set_check_of_duplicates_agrees_with_the_line_by_line_check(ev):
    def outcome(fn):
        try:
            fn(ev)
        except UserError as exc:
            return str(exc)
        return None

    assert outcome(pairings.check_duplicates) == outcome(pairings.find_duplicate)


def test_a_checked_event_is_checked_again_when_its_lines_change():
    ev = Event(lines=[Line(1, "1", "2", where="line 2")], source="f.csv")
    pairings.check_duplicates(ev)
    ev.lines.append(Line(1, "1", "3", where="line 3"))
    with pytest.raises(UserError, match="pair 1 already has a line"):
        pairings.check_duplicates(ev)


_scored_events = st.lists(st.builds(
    Line, st.integers(1, 3), st.sampled_from(["1", "2", "a,b", 'q"t']), st.sampled_from(["3", "4"]),
    st.sampled_from(["", "S 1", "x;y"]), st.sampled_from([420, -50, None, "A+", "60/40", True, 0]),
    contract=st.sampled_from([None, "", "4S"]), tricks=st.sampled_from([None, 0, 10]),
    table=st.sampled_from([None, 1, "T2"]), group=st.sampled_from(["", "A"]), arrowswitch=st.sampled_from([False, True, 0]),
    ns_penalty=st.sampled_from([None, "", 2]), session=st.sampled_from([1, 2])), max_size=10)


@FAST
@given(_scored_events, st.sampled_from([None, 0, 2]))
def test_plain_rows_are_written_as_every_other_row(lines, rounding):
    from mpxl.core.options import ScoringOptions
    from mpxl.core.session import score_event

    ev = Event(lines=lines)
    try:
        target = score_event(ev, ScoringOptions.parse(rounding=rounding))
    except (UserError, ValueError):
        target = ev
    fast = csv_mod.csv_text(target)
    saved = csv_mod._NO_DETAILS
    csv_mod._NO_DETAILS = object()  # no line is plain: every row by the general expressions
    try:
        assert csv_mod.csv_text(target) == fast
    finally:
        csv_mod._NO_DETAILS = saved


# (a name's bytes in a CSV that is not UTF-8, the name read): windows-1252 where a byte 0x80-0x9F says so
@pytest.mark.parametrize("name, read", [
    (b"Jean D\x92Arcy", "Jean D\u2019Arcy"),
    (b"Zo\xe9 C\x9cur", "Zo\u00e9 C\u0153ur"),
    (b"Zo\xe9", "Zo\u00e9"),  # no such byte: ISO-8859-1, as before
    (b"a\x81b\x9dc\xe9", "a\x81b\x9dc\u00e9"),  # undefined in windows-1252: kept as ISO-8859-1 reads them
])
def test_names_in_windows_1252_are_read_as_written(tmp_path, name, read):
    path = tmp_path / "n.csv"
    path.write_bytes(b"board,ns_pair,ew_pair,ns_score,ns_names\n1,1,2,420," + name + b" & Bob\n")
    assert read_csv(path).pairs[0].names == (read, "Bob")
    assert read_event(path).pairs[0].names == (read, "Bob")


@pytest.mark.parametrize("text, where, problem", [row for row in BAD if "beside a score" in row[0] or
                                                  "4S,Q,10,420" in row[0] or "4S,N,14,420" in row[0]])
def test_a_plain_file_read_by_columns_refuses_as_the_row_reader(text, where, problem, tmp_path, capsys):
    """``mpxl score`` reads a plain CSV by its columns first: what the row-by-row reader refuses, it refuses too."""
    from mpxl.cli import main

    path = tmp_path / "bad.csv"
    path.write_text(text)
    assert main(["score", str(path)]) == 2
    err = capsys.readouterr().err
    assert f"{path}: {where}: " in err and problem in err, err


@pytest.mark.parametrize("names, bom", [("Zoë & Åsa", True), ("Ann & Bob", False)])
def test_a_csv_with_a_letter_beyond_ascii_starts_with_a_bom(tmp_path, names, bom):
    """Excel (double-clicked on Windows) reads a CSV as UTF-8 only by its BOM; mpxl reads it back the same."""
    from mpxl.core.session import score_event
    from mpxl.formats.csvfile import write_csv

    src = read_csv_text(f"board,ns_pair,ew_pair,ns_score,ns_names\n1,1,2,420,{names}\n1,3,4,400,Cy & Di\n", "t.csv")
    out = tmp_path / "out.csv"
    write_csv(score_event(src), out)
    assert out.read_bytes().startswith(b"\xef\xbb\xbf") == bom
    assert [p.names for p in read_csv(out).pairs if p.number == "1"] == [tuple(names.split(" & "))]


# (options, the flags the writer's note names: None when the CSV keeps everything)
TOTALS_ONLY_OPTIONS = [
    ({}, None),
    ({"rounding": "1"}, None),  # the lines' rounding: in the lines' figures, which check reads back
    ({"totals_from": "exact"}, "--totals-from exact"),
    ({"percentage_decimals": "0"}, "--rounding-pct half-up:0"),
    ({"estimate_at": "totals", "totals_rounding": "2"}, "--estimate-at totals, --rounding-totals half-up:2"),
    ({"totals_method": "plain"}, "--totals-method plain"),
]


@pytest.mark.parametrize("options, flags", TOTALS_ONLY_OPTIONS)
def test_a_csv_written_names_the_settings_of_the_totals_it_cannot_keep(tmp_path, options, flags):
    """score -> csv -> score: the lines' figures are kept; a setting of the totals alone is not, and the writer
    says so (the totals scored again from the CSV would differ without a word)."""
    from mpxl.core.options import ScoringOptions
    from mpxl.core.session import score_event
    from mpxl.formats.csvcolumns import write_csv

    text = "board,ns_pair,ew_pair,ns_score\n1,1,2,420\n1,3,4,400\n1,5,6,-50\n2,1,4,110\n2,3,6,140\n2,5,2,-100\n" \
           "3,1,6,620\n3,3,2,\n3,5,4,600\n"
    result = score_event(read_csv_text(text, "t.csv"), ScoringOptions.parse(**options))
    note = write_csv(result, tmp_path / "out.csv")
    assert (note is None) if flags is None else (note is not None and f"({flags})" in note)
    again = read_csv(tmp_path / "out.csv")
    assert [ln.score for ln in again.lines] == [ln.line.score for b in result.boards for ln in b.lines]
