"""The column-by-column reading and writing of ``mpxl score plain.csv -o out.csv`` give the event model's file.

:func:`csv_columns` reads plain travellers into columns, the one scorer
(:func:`mpxl.core.scorer.score_columns`, which ``score_event`` also calls) scores them, and
:func:`write_columns_csv` writes them. Whatever the file and the options, the bytes written must be
those of the event model (``read_csv_text`` -> ``score_event`` -> ``csv_text``); where the row-by-row
reader refuses the file, the column reader declines (None) so that it names the problem, and where
the scorer refuses the event it says the same both ways.
"""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from mpxl.cli import main
from mpxl.core.errors import UserError
from mpxl.core.event import Travellers
from mpxl.core.methods import Method
from mpxl.core.options import ScoringOptions
from mpxl.core.rounding import Rounding
from mpxl.core.scorer import ScoredColumns, score_columns
from mpxl.core.session import score_event
from mpxl.formats.csvcolumns import column_event, csv_columns, write_columns_csv
from mpxl.formats.csvfile import bom_for, csv_text, read_csv_text

SETTINGS = settings(max_examples=250, deadline=None, suppress_health_check=[HealthCheck.too_slow,
                                                                           HealthCheck.function_scoped_fixture])


def general(text: str, options: ScoringOptions) -> bytes | UserError:
    """The general way's output file, or its error."""
    try:
        out = csv_text(score_event(read_csv_text(text, "t.csv"), options))
        return (bom_for([out]) + out).encode("utf-8")  # as write_csv writes it
    except UserError as exc:
        return exc


def columnar(text: str, options: ScoringOptions, tmp_path) -> bytes | UserError | None:
    """The column path's output file, the scorer's error, or None where the column reader declines."""
    t = csv_columns(text)
    if t is None:
        return None
    event = column_event(t, "t.csv")
    if event is None:
        return None
    try:
        scored = score_columns(t, options, event, lambda i: f"line {i + 2}")
    except UserError as exc:
        return exc
    out = tmp_path / "out.csv"
    decimals = options.rounding.decimals if options.rounding.kind.value != "exact" else 2
    write_columns_csv(t, scored, decimals, out)
    return out.read_bytes()


# --------------------------------------------------------------------------- examples

HEADER = "section,board,table,ns_pair,ew_pair,ns_score\n"

#: (what, file text, options, expected NS figures in the written order, EW figures)
EXAMPLES = [
    ("Neuberg: 3 results to 4 (DESIGN's 17/3, 3, 1/3)",
     "board,ns_pair,ew_pair,ns_score\n1,1,2,420\n1,3,4,400\n1,5,6,\n1,7,8,100\n2,1,4,50\n2,3,6,50\n2,5,8,-50\n2,7,2,-100\n",
     ScoringOptions.parse(rounding="2"),
     ["5.67", "3.00", "", "0.33", "5.00", "5.00", "2.00", "0.00"],
     ["0.33", "3.00", "", "5.67", "1.00", "1.00", "4.00", "6.00"]),
    ("two sections apart, boards reported by section then board",
     HEADER + "B,1,1,1,2,100\nA,2,1,1,2,-100\nA,1,1,1,2,620\nB,1,2,3,4,200\nA,1,2,3,4,600\n",
     ScoringOptions(),  # A's board 2 has one result of A's two: 1 of a top of 2
     ["2.00", "0.00", "1.00", "0.00", "2.00"], ["0.00", "2.00", "1.00", "2.00", "0.00"]),
    ("across the field: one board over both sections",
     HEADER + "A,1,1,1,2,620\nB,1,1,1,2,600\nA,1,2,3,4,100\n",
     ScoringOptions.parse(field="event"),
     ["4.00", "2.00", "0.00"], ["0.00", "2.00", "4.00"]),
    ("single scale, factored to a top of 10, one decimal",
     "board,ns_pair,ew_pair,ns_score\n1,1,2,420\n1,3,4,400\n1,5,6,400\n",
     ScoringOptions.parse(scale=1, factor_top=10, rounding="1"),
     ["10.0", "2.5", "2.5"], ["0.0", "7.5", "7.5"]),
    ("expected 4 given: every board Neuberg'd up", "board,ns_pair,ew_pair,ns_score\n1,1,2,420\n1,3,4,400\n",
     ScoringOptions.parse(expected=4, method=Method.NEUBERG),
     ["5.00", "1.00"], ["1.00", "5.00"]),
    ("A+ (60/40 of the top 4); the two results Neuberg'd from 2 to 3",
     "board,ns_pair,ew_pair,ns_score\n1,1,2,420\n1,3,4,400\n1,5,6,A+\n",
     ScoringOptions.parse(rounding="2"),
     ["3.50", "0.50", "2.40"], ["0.50", "3.50", "1.60"]),
    ("scores from the contracts: 3NT= 400, 3NT+1 430, 4S= 420 (board 1, none vulnerable)",
     "board,ns_pair,ew_pair,contract,declarer,tricks,lead\n1,1,2,3NT,N,9,HK\n1,3,4,3NT,N,10,\n1,5,6,4S,S,=,\n",
     ScoringOptions.parse(rounding="2"),
     ["0.00", "4.00", "2.00"], ["4.00", "0.00", "2.00"]),
    ("an adjustment column replaces the score: A5050 is half the top",
     "board,ns_pair,ew_pair,ns_score,adjustment\n1,1,2,420,\n1,3,4,400,A5050\n",
     ScoringOptions.parse(rounding="1"),
     ["1.0", "1.0"], ["1.0", "1.0"]),
]


@pytest.mark.parametrize("what,text,options,ns,ew", EXAMPLES, ids=[e[0] for e in EXAMPLES])
def test_examples(what, text, options, ns, ew, tmp_path):
    got = columnar(text, options, tmp_path)
    assert got == general(text, options)
    rows = [line.split(",") for line in got.decode().splitlines()[1:]]
    assert [r[16] for r in rows] == ns and [r[17] for r in rows] == ew


#: Files the general way refuses or reads otherwise: the columnar path declines.
DECLINED = [
    ("an unknown code", "board,ns_pair,ew_pair,ns_score\n1,1,2,AQQ\n1,3,4,420\n"),
    ("a fouled-board group column", "board,ns_pair,ew_pair,ns_score,group\n1,1,2,420,A\n"),
    ("an arrowswitch", "board,ns_pair,ew_pair,ns_score,arrowswitch\n1,1,2,420,y\n"),
    ("a contract that is not one", "board,ns_pair,ew_pair,contract,declarer,tricks\n1,1,2,3Z,N,9\n"),
    ("a quoted cell", 'board,ns_pair,ew_pair,ns_score\n1,"1",2,420\n'),
    ("a blank row", "board,ns_pair,ew_pair,ns_score\n1,1,2,420\n\n1,3,4,400\n"),
    ("a short row", "board,ns_pair,ew_pair,ns_score\n1,1,2\n"),
    ("a carriage return alone", "board,ns_pair,ew_pair,ns_score\r1,1,2,420\r"),
    ("a score with a fraction", "board,ns_pair,ew_pair,ns_score\n1,1,2,420.5\n"),
    ("board 0", "board,ns_pair,ew_pair,ns_score\n0,1,2,420\n"),
    ("no lines", "board,ns_pair,ew_pair,ns_score\n"),
]


@pytest.mark.parametrize("what,text", DECLINED, ids=[d[0] for d in DECLINED])
def test_declined_files(what, text):
    assert csv_columns(text) is None


#: Plain files refused: a pair or table twice is left to the row-by-row reader (None), which names the
#: line; what the scorer refuses it says the same way for both.
REFUSED = [
    ("a pair twice on a board", "board,ns_pair,ew_pair,ns_score\n1,1,2,420\n1,1,4,400\n", ScoringOptions(),
     "pair 1 already has a line", False),
    ("a table twice on a board", "board,table,ns_pair,ew_pair,ns_score\n1,1,1,2,420\n1,1,3,4,400\n", ScoringOptions(),
     "table 1", False),
    ("more results than expected", "board,ns_pair,ew_pair,ns_score\n1,1,2,420\n1,3,4,400\n", ScoringOptions.parse(expected=1),
     "line 3: board 1: 2 results are more than the 1 expected", True),
    ("an artificial score more than expected", "board,ns_pair,ew_pair,ns_score\n1,1,2,A+\n1,3,4,400\n",
     ScoringOptions.parse(expected=1), "line 3: board 1: 2 results are more than the 1 expected", True),
]


@pytest.mark.parametrize("what,text,options,message,by_scorer", REFUSED, ids=[r[0] for r in REFUSED])
def test_refused_events(what, text, options, message, by_scorer, tmp_path):
    err = general(text, options)
    assert isinstance(err, UserError) and message in str(err)
    got = columnar(text, options, tmp_path)
    if by_scorer:
        assert isinstance(got, UserError) and str(got) == str(err)
    else:
        assert got is None


def test_values_are_read_as_the_general_reader_reads_them():
    text = HEADER + " A ,01,007,7.0, 8 , -420\nA,1,x1,9,10,\n"
    t = csv_columns(text)
    lines = read_csv_text(text, "t.csv").lines
    assert t.section == [ln.section for ln in lines] == ["A", "A"]
    assert t.board == [ln.board for ln in lines] == [1, 1]
    assert t.table == [ln.table for ln in lines] == [7, "x1"]
    assert t.ns_pair == [ln.ns_pair for ln in lines] == ["7", "9"]
    assert t.score == [ln.score for ln in lines] == [-420, None]
    assert t.session is None


def test_columns_of_different_lengths_are_refused():
    with pytest.raises(ValueError, match="Travellers: score has 1 lines, board has 2"):
        Travellers(board=[1, 1], ns_pair=["1", "3"], ew_pair=["2", "4"], score=[420])


def test_scored_columns_by_line_and_in_order():
    t = Travellers(board=[2, 1, 1], ns_pair=["1", "1", "3"], ew_pair=["2", "2", "4"], score=[50, 420, 400])
    s = score_columns(t, ScoringOptions())
    # board 2 has one result of two: the average, 1 of a top of 2
    assert s.ns_mp == [Fraction(1), Fraction(2), Fraction(0)] and s.ew_mp == [Fraction(1), Fraction(0), Fraction(2)]
    assert s.order == [range(1, 3), range(0, 1)]  # board 1 first
    assert isinstance(s, ScoredColumns) and s.kind == ["result"] * 3


# --------------------------------------------------------------------------- properties

_sections = st.sampled_from(["", "A", "B", " A", "Red", "Øst"])  # a letter beyond ASCII: the BOM written
_pairs = st.sampled_from(["1", "2", "3", "4", "5", "6", "7", "8", "7.0", " 3", "N1"])
_scores = st.one_of(st.sampled_from(["420", "400", "-50", "-100", "110", "", " 140", "-1430"]),
                    st.integers(-7600, 7600).map(str))
#: Published matchpoints (for ``mpxl check``): their decimals set the rounding of a file that has them.
_published = st.sampled_from(["", "", "", "1.5", "2.25", "3", "-", " 0.0 ", "1,5", "x"])
#: Detail columns: blank (as mpxl writes a plain line) but now and then a value.
_details = st.sampled_from([""] * 30 + [" ", "3NT", "N", "9", "A", "y", "n", "2", "10%"])
#: What was played: (contract, declarer, tricks, lead), mostly sound, some the reader refuses.
_played = st.tuples(st.sampled_from(["3NT", "4S", "4Hx", "6C*", "1NTxx", "PASS", "7NT", "2D", "", "3Z", " 4S "]),
                    st.sampled_from(["N", "E", "S", "W", "", "X", "n"]),
                    st.sampled_from(["9", "10", "8", "=", "+1", "-2", "13", "", "14", "9.0", "x", "0"]),
                    st.sampled_from(["HK", "", "S2", "CA"]))
#: Scores the director gave: artificial, weighted, split, not played; some the reader refuses.
_rulings = st.sampled_from(["A+", "A-", "A=", "A60", "60/40", "A5050", "A+/A+", "NP", "30% 420 + 70% 450",
                            "-150|-50", " A- ", "420.0", "1e3", "AQQ", "420.5", "inf"])
_tables = st.sampled_from(["1", "2", "3", "4", "01", "T5", ""])
_options = st.builds(
    ScoringOptions.parse,
    method=st.sampled_from(list(Method)),
    scale=st.sampled_from([1, 2]),
    expected=st.sampled_from([None, None, 3, 6]),
    rounding=st.sampled_from([Rounding(), Rounding.parse("half-up:2"), Rounding.parse("half-even:1"), Rounding.parse("ebu"),
                              Rounding.parse("half-up:0")]),
    ave_policy=st.sampled_from(["fixed", "fixed", "wbf"]),
    small_groups=st.sampled_from(["wbf", "ebu", "qba", "none"]),
    field=st.sampled_from([None, "section", "event"]),
    factor_top=st.sampled_from([None, None, 12]),
)


@st.composite
def plain_files(draw):
    """Plain CSV travellers: boards of a few lines, sometimes a pair or table twice, lines in any order."""
    columns = draw(st.sampled_from([
        ["board", "ns_pair", "ew_pair", "ns_score"],
        ["section", "board", "table", "ns_pair", "ew_pair", "ns_score"],
        ["session", "section", "board", "ns_pair", "ew_pair", "ns_score"],
        ["ns_score", "ew_pair", "board", "ns_pair"],
        ["board", "ns_pair", "ew_pair", "ns_score", "adjustment"],
        ["session", "section", "board", "table", "ns_pair", "ew_pair", "contract", "declarer", "tricks", "lead",
         "ns_score", "adjustment", "group", "arrowswitch", "ns_penalty", "ew_penalty", "ns_mp", "ew_mp"],  # mpxl's own
        ["board", "ns_pair", "ew_pair", "ns_score", "ns_mp", "ew_mp"],
        ["board", "ns_pair", "ew_pair", "contract", "declarer", "tricks", "lead"],  # scores from the contracts
        ["section", "board", "ns_pair", "ew_pair", "contract", "declarer", "tricks", "ns_score"],
    ]))
    rulings = draw(st.sampled_from([0, 0, 1, 5]))  # in how many of 10 lines the director ruled
    delimiter = draw(st.sampled_from([",", ",", ";", "\t"]))
    rows = []
    for _ in range(draw(st.integers(1, 5))):  # boards
        section, board, session = draw(_sections), str(draw(st.integers(1, 4))), draw(st.sampled_from(["1", "2", ""]))
        pairs = draw(st.permutations(["1", "2", "3", "4", "5", "6", "7", "8"]))
        for i in range(draw(st.integers(1, 4))):  # lines
            ns, ew = pairs[2 * i], pairs[2 * i + 1]
            if draw(st.integers(0, 9)) == 0:
                ns = draw(_pairs)  # perhaps a pair twice, a 7.0, a space
            ruled = draw(st.integers(0, 9)) < rulings
            cells = {"section": section, "board": board, "session": session, "table": draw(_tables),
                     "ns_pair": ns, "ew_pair": ew, "ns_score": draw(_scores),
                     "adjustment": draw(_rulings) if ruled and "adjustment" in columns else "",
                     "ns_mp": draw(_published), "ew_mp": draw(_published)}
            for detail in ("group", "arrowswitch", "ns_penalty", "ew_penalty"):
                cells[detail] = draw(_details)
            played = draw(_played) if "contract" in columns and draw(st.integers(0, 3)) else ("", "", "", "")
            cells["contract"], cells["declarer"], cells["tricks"], cells["lead"] = played
            if ruled and "adjustment" not in columns:
                cells["ns_score"] = draw(_rulings)
            rows.append(delimiter.join(cells[c] for c in columns))
    rows = draw(st.permutations(rows)) if draw(st.booleans()) else rows
    end = draw(st.sampled_from(["\n", "\n", "\r\n"]))  # Unix or Windows line ends
    bom = draw(st.sampled_from(["", "", "\ufeff"]))  # as Excel saves "CSV UTF-8"
    return bom + delimiter.join(columns) + end + end.join(rows) + draw(st.sampled_from(["", end]))


@SETTINGS
@given(plain_files(), _options)
def test_the_columnar_path_writes_the_general_file(tmp_path, text, options):
    want = general(text, options)
    got = columnar(text, options, tmp_path)
    if isinstance(want, UserError):
        assert got is None or str(got) == str(want)  # the row-by-row reader names the problem, or the scorer
    elif got is not None:
        assert got == want


@SETTINGS
@given(plain_files(), _options)
def test_a_clean_plain_file_takes_the_columnar_path(tmp_path, text, options):
    """Not vacuous: a file the general way scores, without a pair or table twice, is scored by columns
    (the WBF rule's Ave+ and Ave- included: the scorer totals the pairs from the columns)."""
    want = general(text, options)
    if isinstance(want, UserError):
        return
    if has_details(text):
        return  # a contract, a group, an arrowswitch, even 'n': the event model reads those
    if not same_width(text):
        return  # a row with trailing blank cells ("1,5" split by the comma): read row by row
    assert columnar(text, options, tmp_path) == want


def same_width(text: str) -> bool:
    """Whether every row has as many cells as the header."""
    import csv
    import io

    from mpxl.formats.csvfile import header_delimiter

    rows = list(csv.reader(io.StringIO(text.lstrip("\ufeff")), delimiter=header_delimiter(text)))
    return all(len(row) == len(rows[0]) for row in rows[1:] if row)


def has_details(text: str) -> bool:
    """Whether a cell of a detail column (contract ... ew_penalty) is not blank."""
    import csv
    import io

    from mpxl.formats.csvcolumns import BLANK_COLUMNS
    from mpxl.formats.csvfile import header_delimiter

    rows = list(csv.reader(io.StringIO(text), delimiter=header_delimiter(text)))
    at = [i for i, name in enumerate(rows[0]) if name in BLANK_COLUMNS]
    return any(row[i].strip() for row in rows[1:] for i in at if i < len(row))


# --------------------------------------------------------------------------- the command


def score_both_ways(tmp_path, text: str, flags: list, ext: str = ".csv") -> tuple:
    """``mpxl score in.csv -o out.EXT FLAGS`` as it runs, and with the columns path switched off:
    (exit status, output bytes or None, stderr, stdout) for each."""
    import contextlib
    import io

    import mpxl.commands.fastpath as fastpath

    src = tmp_path / "in.csv"
    src.write_text(text, encoding="utf-8")
    outcomes = []
    for columns in (True, False):
        out = tmp_path / f"out{ext}"
        if out.exists():
            out.unlink()
        saved = fastpath.read_travellers
        if not columns:
            fastpath.read_travellers = lambda path: None
        err, said = io.StringIO(), io.StringIO()
        try:
            with contextlib.redirect_stderr(err), contextlib.redirect_stdout(said):
                status = main(["score", str(src), "-o", str(out), *flags])
        finally:
            fastpath.read_travellers = saved
        outcomes.append((status, out.read_bytes() if out.exists() else None, err.getvalue(), said.getvalue()))
    return tuple(outcomes)


_flags = st.lists(st.sampled_from([["--rounding", "1"], ["--method", "factor"], ["--field", "event"], ["--scale", "1"],
                                   ["--conventions", "ebuscore"], ["--ave-policy", "wbf"], ["--expected", "5"]]),
                  max_size=2).map(lambda fs: [x for f in fs for x in f])


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow,
                                                                 HealthCheck.function_scoped_fixture])
@given(plain_files(), _flags)
def test_the_command_writes_the_same_file_either_way(tmp_path, text, flags):
    """The whole command, conventions included (a CSV's published figures set its rounding)."""
    with_columns, event_model = score_both_ways(tmp_path, text, flags)
    assert with_columns[:3] == event_model[:3]  # what .csv says it wrote differs: lines, or boards and pairs


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow,
                                                                HealthCheck.function_scoped_fixture])
@given(plain_files(), _flags, st.sampled_from([".xml", ".pbn", ".html"]))
def test_usebio_pbn_and_html_are_the_same_from_the_columns(tmp_path, text, flags, ext):
    """The USEBIO, PBN and HTML writers write a board at a time from the scorer's columns, making one
    board's Lines from them; the same bytes (and messages) as from the event model's Lines."""
    with_columns, event_model = score_both_ways(tmp_path, text, flags, ext)
    assert with_columns == event_model


@pytest.mark.parametrize("ext", [".xml", ".pbn", ".html"])
def test_usebio_pbn_and_html_are_written_from_the_columns(ext, tmp_path, no_event_model):
    """Not vacuous: a plain CSV to .xml, .pbn or .html never reads the event model."""
    src, out = tmp_path / "in.csv", tmp_path / f"out{ext}"
    src.write_text(EXAMPLES[0][1])
    assert main(["score", str(src), "-o", str(out)]) == 0
    assert out.stat().st_size > 0


@pytest.fixture
def no_event_model(monkeypatch):
    """``mpxl score`` may not read the file into the event model."""
    import mpxl.formats.inputs as inputs  # where mpxl score reads any input into the event model

    def no_event(*args, **kwargs):
        raise AssertionError("the event model was used")

    monkeypatch.setattr(inputs, "read_event", no_event)


def test_mpxl_score_uses_the_columns_for_a_plain_csv(tmp_path, no_event_model):
    src = tmp_path / "in.csv"
    src.write_text(EXAMPLES[0][1])
    want = general(src.read_text(), ScoringOptions.parse(rounding="2"))
    assert main(["score", str(src), "-o", str(tmp_path / "out.csv"), "--rounding", "2"]) == 0
    assert (tmp_path / "out.csv").read_bytes() == want


def test_mpxl_score_falls_back_and_names_a_duplicate(tmp_path, capsys):
    src = tmp_path / "in.csv"
    src.write_text(REFUSED[0][1])
    assert main(["score", str(src), "-o", str(tmp_path / "out.csv")]) == 2
    assert "line 3: board 1: pair 1 already has a line on this board (line 2)" in capsys.readouterr().err
    assert not (tmp_path / "out.csv").exists()


def test_mpxl_score_takes_the_columns_for_adjusted_scores(tmp_path, no_event_model):
    src = tmp_path / "in.csv"
    src.write_text(EXAMPLES[-1][1])
    want = general(src.read_text(), ScoringOptions.parse(rounding="1"))
    assert main(["score", str(src), "-o", str(tmp_path / "out.csv"), "--rounding", "1"]) == 0
    assert (tmp_path / "out.csv").read_bytes() == want
    assert (tmp_path / "out.csv").read_text().splitlines()[2] == "1,,1,,3,4,,,,,,A5050,,,,,1.0,1.0"


@pytest.mark.parametrize("what,text", [DECLINED[0], DECLINED[1]], ids=[DECLINED[0][0], DECLINED[1][0]])
def test_mpxl_score_falls_back_for_what_the_columns_do_not_take(what, text, tmp_path, capsys):
    src = tmp_path / "in.csv"
    src.write_text(text)
    code = main(["score", str(src), "-o", str(tmp_path / "out.csv")])
    want = general(text, ScoringOptions())
    if isinstance(want, UserError):
        assert code == 2 and want.problem in capsys.readouterr().err
    else:
        assert code == 0 and (tmp_path / "out.csv").read_bytes() == want


def test_mpxl_reads_its_own_csv_by_columns(tmp_path):
    """What ``mpxl score -o out.csv`` writes (18 columns, the figures in ns_mp / ew_mp) is read back by
    columns; its published figures' 2 decimals set the rounding, as the event model reads them."""
    src, first = tmp_path / "in.csv", tmp_path / "first.csv"
    src.write_text(EXAMPLES[0][1])
    assert main(["score", str(src), "-o", str(first), "--rounding", "2"]) == 0
    text = first.read_text()
    t = csv_columns(text)
    assert t is not None and t.published_decimals == 2
    assert score_columns(t, ScoringOptions()) is not None
    (rescored_columns, rescored_events) = score_both_ways(tmp_path, text, [])
    assert rescored_columns[:3] == rescored_events[:3] and rescored_columns[0] == 0
    assert rescored_columns[1] == first.read_bytes()  # the same figures again


@pytest.mark.parametrize("scores", [
    ["420", "400", "-50", "420"],  # plain: the integer fast path's figures
    ["420", "400", "-50", "420", "A+", ""] * 5,  # an artificial score: the board scorer's figures
])
def test_each_figure_is_written_from_one_text_per_value(scores, tmp_path, monkeypatch):
    """A board's figures formatted once per value (a board with an artificial score took one formatting
    per line: 8 s for 200,000 lines); the scorer gives each value as one object, on any board."""
    import mpxl.formats.csvcolumns as csvcolumns

    made = []

    def counted(value, decimals=None):
        made.append(value)
        return format_number(value, decimals)

    format_number = csvcolumns.format_number
    text = "board,ns_pair,ew_pair,ns_score\n" + "".join(
        f"{b},{t},{t + 100},{s}\n" for b in (1, 2) for t, s in enumerate(scores, 1))
    t = csv_columns(text)
    scored = score_columns(t)
    figures = scored.ns_mp + scored.ew_mp
    assert len({id(f) for f in figures if f is not None}) == len(set(figures) - {None})
    monkeypatch.setattr(csvcolumns, "format_number", counted)
    write_columns_csv(t, scored, 2, tmp_path / "out.csv")
    assert len(made) == len(set(made)) == len(set(figures))
    assert (tmp_path / "out.csv").read_text(encoding="utf-8") == csv_text(score_event(read_csv_text(text)))
