"""The closed vocabularies, one table each: every spelling fed to every reader, to BOARDMP and to the sheet.

Each table is (spelling, answer): the answer the rulebook (:mod:`mpxl.core.rules`) gives, written out. Each
spelling goes to the CSV, USEBIO and PBN readers (a tiny file built here, read by the readers' public
parse functions), to the Excel function ``BOARDMP`` (through xlwings' conversion layer, as
tests/test_udfs.py calls it) and to the template sheet (one workbook holding every spelling, recalculated
by LibreOffice once); each must give the table's answer: the same word read alike everywhere, and a
word the rules refuse refused everywhere, with a message naming it.

Where a format cannot carry a vocabulary, :data:`CANNOT` says so, with the reason. The sheet reads a
side on the Pairs sheet (its Direction column, read by the Side helper column).
"""

from __future__ import annotations

import csv
import io
import sys
from pathlib import Path
from xml.sax.saxutils import escape

import pytest

from mpxl.core.adjustments import Artificial, line_kind, parse_entry
from mpxl.core.contract import Direction
from mpxl.core.errors import UserError
from mpxl.core.rules import arrowswitch_flag, is_blank, side_of
from mpxl.formats.csvfile import read_csv_text
from mpxl.formats.pbn import read_pbn_text
from mpxl.formats.usebio import read_usebio_bytes

sys.path.insert(0, str(Path(__file__).parent))
from recalc import libreoffice_recalc  # noqa: E402
from test_udfs import call  # noqa: E402

SWITCHED, NOT_SWITCHED, REFUSED = "switched", "not switched", "refused"
BLANK, RESULT, NOT_PLAYED = "blank", "result", "not played"

#: Arrowswitch marks (rules.ARROWSWITCH_YES / _NO): switched, not switched, or refused with a message.
ARROWSWITCH = [
    ("AS", SWITCHED), (" y ", SWITCHED), ("Switched", SWITCHED), ("x", SWITCHED), ("1", SWITCHED),
    ("arrow switch", SWITCHED), ("\tYes\u00a0", SWITCHED), ("TRUE", SWITCHED),
    ("0", NOT_SWITCHED), ("N", NOT_SWITCHED), ("no", NOT_SWITCHED), ("", NOT_SWITCHED), (None, NOT_SWITCHED),
    ("\t", NOT_SWITCHED), ("\u00a0", NOT_SWITCHED), ("false", NOT_SWITCHED),
    ("maybe", REFUSED), ("2", REFUSED), ("-", REFUSED), ("YN", REFUSED),
]

#: A score cell (rules.is_blank): blank (no line: not towards N) whatever white space it holds, or a result.
BLANKS = [
    ("", BLANK), (None, BLANK), ("  ", BLANK), ("\t", BLANK), ("\u00a0", BLANK), ("\n", BLANK),
    (" \t\u00a0 ", BLANK),
    ("0", RESULT), ("-50", RESULT), (" 420\t", RESULT),
]

#: A pair cell of a line with a result: blank (white space only: the line needs both pairs, and every reader
#: refuses it, as the CSV reader's test below shows) or a pair.
PAIR_CELLS = [("", REFUSED), (None, REFUSED), ("  ", REFUSED), ("\t", REFUSED), ("\u00a0", REFUSED),
              (" \t\u00a0 ", REFUSED), ("7", RESULT), (" 7 ", RESULT)]

#: Not-played and artificial codes (rules.NOT_PLAYED_CODES, rules.ARTIFICIAL_CODES) in a line's
#: adjustment (the score cell where a format has no adjustment column): not played, an artificial score
#: (NS's percentage), or refused.
CODES = [
    ("NP", NOT_PLAYED), ("np", NOT_PLAYED), ("Not played", NOT_PLAYED), ("sit out", NOT_PLAYED),
    ("Sit-Out", NOT_PLAYED), ("bye", NOT_PLAYED), ("x", NOT_PLAYED), ("N\u00a0P", NOT_PLAYED), ("-", NOT_PLAYED),
    ("A+", 60), ("ave-", 40), ("A=", 50), ("AVE", 50), ("Av+", 60), ("A60", 60), ("60%", 60),
    ("A\u00a0+", 60), (" a- ", 40), ("60/40", 60), ("A6040", 60), ("A+/A+", 60), ("A55", 55),
    ("AQQ", REFUSED), ("A101", REFUSED), ("maybe", REFUSED), ("ZZ", REFUSED), ("A*", REFUSED),
]

#: Sides (rules.SIDE_SPELLINGS): NS, EW, or refused.
SIDES = [
    ("NS", "NS"), ("N-S", "NS"), ("n/s", "NS"), ("North", "NS"), ("north-south", "NS"), ("S", "NS"),
    ("EW", "EW"), ("E-W", "EW"), (" ew ", "EW"), ("East", "EW"), ("E/W", "EW"), ("\tEW\u00a0", "EW"),
    ("up", REFUSED), ("NE", REFUSED), ("NSEW", REFUSED), ("0", REFUSED),
]

#: Seats (contract.DIRECTION_SPELLINGS): the declarer's seat, or refused.
SEATS = [
    ("N", "N"), ("north", "N"), (" S ", "S"), ("East", "E"), ("w", "W"), ("\tW\u00a0", "W"), ("N.", "N"),
    ("NE", REFUSED), ("X", REFUSED), ("Nord", REFUSED), ("NS", REFUSED),
]

#: What a director types in Tricks beside 4S by N, kept as text as the column's format keeps it (a result typed
#: +1 would be the number 1 in a General cell): the NS score the sheet and the readers give it.
TRICKS = [("10", 420), ("+1", 450), ("-1", -50), ("=", 420), (" 9 ", -50), ("-0", REFUSED), ("14", REFUSED)]

#: Two lines' fouled-board group labels: one group or two (any case, white space around ignored; blank
#: and white space are the one unlabelled group). Lines 420 and 400 carry them, 300 is in group ZZ.
GROUPS = [
    (("a", "A"), True), (("a", " a\t"), True), (("b1", "B1\u00a0"), True), (("", " "), True), (("", "\u00a0"), True),
    (("a", "b"), False), (("a", ""), False), (("1", "11"), False),
]

#: (vocabulary, where) or (vocabulary, where, spelling) -> why that place cannot carry the vocabulary or
#: the spelling (the test says so, not skips silently).
CANNOT = {
    ("sides", "csv"): "a CSV line names its pairs by column (ns_pair, ew_pair); it has no side or direction column",
    ("groups", "usebio"): "USEBIO has no fouled-board group element",
    ("groups", "pbn"): "PBN's ScoreTable has no fouled-board group column",
    ("blanks", "pbn", "\n"): "a PBN row is one line of text: a line break cannot be inside a cell",
}


def _csv(header: list[str], rows: list[list]) -> str:
    buf = io.StringIO()
    w = csv.writer(buf, lineterminator="\n")
    w.writerow(header)
    w.writerows([["" if v is None else v for v in row] + [""] * (len(header) - len(row)) for row in rows])
    return buf.getvalue()


def _usebio_line(ns: str, ew: str, score: str | None = None, arrow: str | None = None) -> str:
    out = f"<TRAVELLER_LINE><NS_PAIR_NUMBER>{ns}</NS_PAIR_NUMBER><EW_PAIR_NUMBER>{ew}</EW_PAIR_NUMBER>"
    if score is not None:
        out += f"<SCORE>{escape(score)}</SCORE>"
    if arrow is not None:
        out += f"<ARROW_SWITCH>{escape(arrow)}</ARROW_SWITCH>"
    return out + "</TRAVELLER_LINE>"


def _usebio(lines: str, participants: str = "") -> bytes:
    return (f'<?xml version="1.0"?><USEBIO Version="1.2"><EVENT>{participants}<BOARD><BOARD_NUMBER>1</BOARD_NUMBER>'
            f"{lines}</BOARD></EVENT></USEBIO>").encode()


def _pbn_cell(value: str | None) -> str:
    return "-" if value is None else '"' + value.replace("\\", "\\\\").replace('"', '\\"') + '"'


def _answer(fn):
    """``fn()``'s answer, or REFUSED when it raises UserError/ValueError (the message is returned too)."""
    try:
        return fn(), ""
    except (UserError, ValueError) as exc:
        return REFUSED, str(exc)


# ------------------------------------------------------------------ the readers' answers


def _switch(event) -> str:
    return SWITCHED if event.lines[0].arrowswitch else NOT_SWITCHED


def arrowswitch_via(where: str, spelling):
    if where == "csv":
        text = _csv(["board", "ns_pair", "ew_pair", "ns_score", "arrowswitch"], [[1, 1, 2, 420, spelling], [1, 3, 4, 400]])
        return _answer(lambda: _switch(read_csv_text(text, "t.csv")))
    if where == "usebio":
        data = _usebio(_usebio_line("1", "2", "420", spelling) + _usebio_line("3", "4", "400"))
        return _answer(lambda: _switch(read_usebio_bytes(data, "t.xml")))
    if where == "pbn":
        text = ('[Board "1"]\n[ScoreTable "PairId_NS\\2R;PairId_EW\\2R;Score_NS\\6R;Arrowswitch\\8L"]\n'
                f' 1 2 "420" {_pbn_cell(spelling)}\n 3 4 "400" -\n')
        return _answer(lambda: _switch(read_pbn_text(text, "t.pbn")))
    got = call("BOARDMP", [[420], [400]], None, [[spelling], [None]])
    if isinstance(got[0][0], str) and got[0][0]:
        return REFUSED, got[0][0]
    return (SWITCHED if got[0][0] == 0 else NOT_SWITCHED), ""  # switched: NS gets EW's 0


def _kind(event) -> object:
    """The read line's answer: blank, a result, not played, or an artificial score's NS percentage."""
    score = event.lines[0].score
    kind = line_kind(score)
    if kind == "A":
        entry = parse_entry(score)
        assert isinstance(entry, Artificial)
        return int(entry.ns)
    return {"": BLANK, "R": RESULT, "NP": NOT_PLAYED}.get(kind, kind)


def entry_via(where: str, spelling, column: str):
    """A line whose score (``column`` "score") or adjustment ("adjustment") is ``spelling``, beside
    plain results, read by ``where``: the line's answer (see :func:`_kind`)."""
    if where == "csv":
        cells = [1, 1, 2, spelling, None] if column == "score" else [1, 1, 2, None, spelling]
        text = _csv(["board", "ns_pair", "ew_pair", "ns_score", "adjustment"], [cells, [1, 3, 4, 420, None],
                                                                                 [1, 5, 6, 400, None]])
        return _answer(lambda: _kind(read_csv_text(text, "t.csv")))
    if where == "usebio":  # one SCORE element: the codes go in it
        data = _usebio(_usebio_line("1", "2", spelling) + _usebio_line("3", "4", "420") + _usebio_line("5", "6", "400"))
        return _answer(lambda: _kind(read_usebio_bytes(data, "t.xml")))
    if where == "pbn":  # Score_NS: the codes go in it
        text = ('[Board "1"]\n[ScoreTable "PairId_NS\\2R;PairId_EW\\2R;Score_NS\\6R"]\n'
                f' 1 2 {_pbn_cell(spelling)}\n 3 4 "420"\n 5 6 "400"\n')
        return _answer(lambda: _kind(read_pbn_text(text, "t.pbn")))
    # BOARDMP: a column of scores and codes; the board's N is its lines that are not blank
    got = call("BOARDMP", [[spelling], [420], [400], [-50]])
    first = None if got[0][0] == "" else got[0][0]  # an empty cell comes back as ""
    if isinstance(first, str):
        return REFUSED, first
    if first is None:  # no figure: blank (N = 3, 420 gets the top, 4) or not played (N = 4: estimated)
        return (BLANK if got[1][0] == 4 else NOT_PLAYED), ""
    if column == "score":  # a figure for a score: a result
        return RESULT, ""
    return round(first * 100 / 6), ""  # an artificial score: its percentage of the top, 6


def side_via(where: str, spelling):
    if where == "usebio":
        pairs = (f"<PARTICIPANTS><PAIR><PAIR_NUMBER>1</PAIR_NUMBER><DIRECTION>{escape(spelling)}</DIRECTION></PAIR>"
                 "</PARTICIPANTS>")
        data = _usebio(_usebio_line("1", "2", "420") + _usebio_line("3", "4", "400"), pairs)
        return _answer(lambda: read_usebio_bytes(data, "t.xml").pairs[0].direction)
    if where == "pbn":
        text = ('[Board "1"]\n[ScoreTable "PairId_NS\\2R;PairId_EW\\2R;Score_NS\\6R"]\n 1 2 "420"\n 3 4 "400"\n'
                '[TotalScoreTable "Rank\\2R;PairId\\2R;Direction\\5R;TotalScoreMP\\5R"]\n'
                f' 1 1 {_pbn_cell(spelling)} 2\n 1 1 "NS" 2\n 2 1 "EW" 1\n')  # pair 1 both ways: two winners
        return _answer(lambda: read_pbn_text(text, "t.pbn").pairs[0].direction)
    got = call("BOARDMP", [[420], [400]], None, None, None, None, None, spelling)
    if isinstance(got[0][0], str):
        return REFUSED, got[0][0]
    return ("NS" if got[0][0] == 2 else "EW"), ""  # 420 beats 400: NS 2 (the top), EW 0


def seat_via(where: str, spelling):
    """4S making 10 on board 1 (none vulnerable) declared from ``spelling``: the declarer's side as the
    score's sign tells it (a reader), or the score BRIDGESCORE gives."""
    def side(event):
        return "NS" if event.lines[0].score == 420 else "EW"

    if where == "csv":
        text = _csv(["board", "ns_pair", "ew_pair", "contract", "declarer", "tricks", "ns_score"],
                    [[1, 1, 2, "4S", spelling, 10], [1, 3, 4, None, None, None, 400]])
        return _answer(lambda: side(read_csv_text(text, "t.csv")))
    if where == "usebio":
        line = ("<TRAVELLER_LINE><NS_PAIR_NUMBER>1</NS_PAIR_NUMBER><EW_PAIR_NUMBER>2</EW_PAIR_NUMBER>"
                f"<CONTRACT>4S</CONTRACT><PLAYED_BY>{escape(spelling)}</PLAYED_BY><TRICKS>10</TRICKS></TRAVELLER_LINE>")
        data = _usebio(line + _usebio_line("3", "4", "400"))
        return _answer(lambda: side(read_usebio_bytes(data, "t.xml")))
    if where == "pbn":
        text = ('[Board "1"]\n[ScoreTable "PairId_NS\\2R;PairId_EW\\2R;Contract\\4L;Declarer\\1R;Result\\2R"]\n'
                f' 1 2 "4S" {_pbn_cell(spelling)} 10\n 3 4 "3S" "N" 9\n')
        return _answer(lambda: side(read_pbn_text(text, "t.pbn")))
    got = call("BRIDGESCORE", "4S", spelling, 10, "None")
    if isinstance(got, list):
        got = got[0][0]
    if isinstance(got, str):
        return REFUSED, got
    return ("NS" if got == 420 else "EW"), ""


def group_via(where: str, labels: tuple[str, str]) -> bool:
    """Whether the lines labelled ``labels`` were matchpointed as one group: the first gets 65% of the
    top (4) as the better of a group of two (WBF small groups), not 60% as a group of its own."""
    if where == "csv":
        from mpxl.core.session import ScoringOptions, score_event

        text = _csv(["board", "ns_pair", "ew_pair", "ns_score", "group"],
                    [[1, 1, 2, 420, labels[0]], [1, 3, 4, 400, labels[1]], [1, 5, 6, 300, "zz"]])
        first = float(score_event(read_csv_text(text, "t.csv"), ScoringOptions()).boards[0].lines[0].ns_mp)
    else:
        first = call("BOARDMP", [[420], [400], [300]], [[labels[0]], [labels[1]], ["zz"]])[0][0]
    assert first in (2.6, 2.4), first
    return first == 2.6


# ------------------------------------------------------------------ the tables against the rulebook


def test_the_tables_say_what_the_rulebook_says():
    """Each table's answers are the rulebook parsers' (so the readers below are held to the rulebook)."""
    def flag(s):
        return SWITCHED if arrowswitch_flag(s) else NOT_SWITCHED

    def seat(s):
        return Direction.find(s).value

    for table, rule in ((ARROWSWITCH, flag), (SIDES, side_of), (SEATS, seat)):
        for spelling, want in table:
            assert _answer(lambda s=spelling, r=rule: r(s))[0] == want, spelling
    for spelling, want in BLANKS:
        assert is_blank(spelling) == (want == BLANK), spelling
    for spelling, want in CODES:
        kind = line_kind(spelling)
        got = {"NP": NOT_PLAYED, "bad": REFUSED}.get(kind) or int(parse_entry(spelling).ns)  # type: ignore[union-attr]
        assert got == want, spelling


READERS = ("csv", "usebio", "pbn", "BOARDMP")


def _ids(table):
    return [repr(s) for s, _ in table]


@pytest.mark.parametrize("where", READERS)
@pytest.mark.parametrize("spelling, want", ARROWSWITCH, ids=_ids(ARROWSWITCH))
def test_every_reader_and_boardmp_read_an_arrowswitch_mark_alike(where, spelling, want):
    got, message = arrowswitch_via(where, spelling)
    assert got == want, (where, spelling, message)
    if got == REFUSED:
        assert f"{spelling!r} is not an arrowswitch mark" in message, message


@pytest.mark.parametrize("where", READERS)
@pytest.mark.parametrize("spelling, want", BLANKS, ids=_ids(BLANKS))
def test_every_reader_and_boardmp_read_a_blank_alike(where, spelling, want):
    if ("blanks", where, spelling) in CANNOT:
        pytest.skip(CANNOT[("blanks", where, spelling)])
    got, message = entry_via(where, spelling, "score")
    assert got == want, (where, spelling, message)


@pytest.mark.parametrize("where", READERS)
@pytest.mark.parametrize("spelling, want", CODES, ids=_ids(CODES))
def test_every_reader_and_boardmp_read_a_code_alike(where, spelling, want):
    got, message = entry_via(where, spelling, "adjustment")
    assert got == want, (where, spelling, message)
    if got == REFUSED:
        assert repr(spelling) in message, message


@pytest.mark.parametrize("where", ("csv", "BOARDMP"))
@pytest.mark.parametrize("labels, same", GROUPS, ids=[repr(g) for g, _ in GROUPS])
def test_every_reader_and_boardmp_read_a_group_label_alike(where, labels, same):
    """USEBIO and PBN carry no fouled-board group (the CSV's group column, BOARDMP's groups and the sheet's).
    A typed CSV line with a result and a blank group on a fouled board is refused, naming the line
    (issue 26: a typing slip, never a group of its own without a word); BOARDMP's blank cells are a group."""
    if where == "csv" and any(not label.strip() for label in labels):
        with pytest.raises(UserError, match="is fouled .* but this line's group is blank"):
            group_via(where, labels)
        return
    assert group_via(where, labels) == same, (where, labels)


@pytest.mark.parametrize("where", ("csv", "usebio", "pbn", "BRIDGESCORE"))
@pytest.mark.parametrize("spelling, want", SEATS, ids=_ids(SEATS))
def test_every_reader_and_bridgescore_read_a_seat_alike(where, spelling, want):
    got, message = seat_via(where, spelling)
    assert got == ({"N": "NS", "S": "NS", "E": "EW", "W": "EW"}.get(want, want)), (where, spelling, message)
    if got == REFUSED:
        assert "is not a direction; expected N, E, S or W" in message, message


@pytest.mark.parametrize("where", ("usebio", "pbn", "BOARDMP"))
@pytest.mark.parametrize("spelling, want", SIDES, ids=_ids(SIDES))
def test_every_reader_and_boardmp_read_a_side_alike(where, spelling, want):
    got, message = side_via(where, spelling)
    assert got == want, (where, spelling, message)
    if got == REFUSED:
        assert f"{spelling!r} is not a side; expected NS or EW" in message, message


def test_a_place_that_cannot_carry_a_vocabulary_says_why():
    assert {key[1] for key in CANNOT} == {"csv", "usebio", "pbn"} and all(CANNOT.values())


# ------------------------------------------------------------------ the sheet (LibreOffice)


@pytest.fixture(scope="module")
def sheet(tmp_path_factory):
    """Every spelling of the tables in one template workbook (a board each), recalculated by LibreOffice
    once: (values, rows) with rows[(table, spelling)] the spelling's Travellers row."""
    from mpxl.workbook.template import FIRST_ROW, Contents, Settings, TemplateLine, write_workbook

    lines, rows = [], {}
    board = 0
    for table, entries in (("arrowswitch", ARROWSWITCH), ("blanks", BLANKS), ("codes", CODES), ("seats", SEATS),
                           ("groups", GROUPS), ("pairs", PAIR_CELLS), ("tricks", TRICKS)):
        for spelling, _ in entries:
            board += 1
            rows[(table, spelling)] = FIRST_ROW + len(lines)
            if table == "groups":
                lines += [TemplateLine(board, 1, 11, typed=420, group=spelling[0]),
                          TemplateLine(board, 2, 12, typed=400, group=spelling[1]),
                          TemplateLine(board, 3, 13, typed=300, group="zz")]
            elif table == "seats":
                lines += [TemplateLine(board, 1, 11, "4S", spelling, 10), TemplateLine(board, 2, 12, typed=400)]
            elif table == "tricks":
                lines += [TemplateLine(board, 1, 11, "4S", "N", spelling), TemplateLine(board, 2, 12, typed=400)]
            elif table == "pairs":
                lines += [TemplateLine(board, spelling, 11, typed=420), TemplateLine(board, 2, 12, typed=400)]
            elif table == "arrowswitch":
                lines += [TemplateLine(board, 1, 11, typed=420, switch=spelling), TemplateLine(board, 2, 12, typed=400)]
            else:
                first = (TemplateLine(board, 1, 11, typed=spelling) if table == "blanks"
                         else TemplateLine(board, 1, 11, adjustment=spelling))
                lines += [first, TemplateLine(board, 2, 12, typed=420), TemplateLine(board, 3, 13, typed=400)]
    pairs = [(p, "NS") for p in (1, 2, 3)] + [(p, "EW") for p in (11, 12, 13)]
    for i, (spelling, _) in enumerate(SIDES):  # a pair of its own per side spelling, on Pairs
        rows[("sides", spelling)] = FIRST_ROW + len(pairs)
        pairs.append((100 + i, spelling))
    path = tmp_path_factory.mktemp("vocabulary") / "spellings.xlsx"
    write_workbook(path, Contents(Settings(), lines, list(range(1, board + 1)), pairs))
    (values,) = libreoffice_recalc([path])
    return values, rows


def _sheet(sheet, table: str, spelling, key: str):
    from mpxl.workbook.template import PAIRS_COLUMNS, TRAVELLER_COLUMNS

    values, rows = sheet
    if table == "sides":
        return values["Pairs", f"{PAIRS_COLUMNS[key]}{rows[(table, spelling)]}"]
    return values["Travellers", f"{TRAVELLER_COLUMNS[key]}{rows[(table, spelling)]}"]


@pytest.mark.parametrize("spelling, want", ARROWSWITCH, ids=_ids(ARROWSWITCH))
def test_the_sheet_reads_an_arrowswitch_mark_as_the_readers(sheet, spelling, want):
    got = _sheet(sheet, "arrowswitch", spelling, "sw")
    assert {1: SWITCHED, 0: NOT_SWITCHED, "?": REFUSED}[got] == want, (spelling, got)


@pytest.mark.parametrize("spelling, want", BLANKS, ids=_ids(BLANKS))
def test_the_sheet_reads_a_blank_as_the_readers(sheet, spelling, want):
    got = _sheet(sheet, "blanks", spelling, "kind")
    assert {None: BLANK, "": BLANK, "R": RESULT}.get(got, got) == want, (spelling, got)


@pytest.mark.parametrize("spelling, want", PAIR_CELLS, ids=_ids(PAIR_CELLS))
def test_the_csv_reader_and_the_sheet_read_a_pair_cell_alike(sheet, spelling, want):
    """A result whose NS pair is blank (white space of any kind) is refused by the reader and unreadable
    on the sheet ("NS pair missing"); a pair number with spaces around is read."""
    cells = [1, spelling, 11, 420]
    text = _csv(["board", "ns_pair", "ew_pair", "ns_score"], [cells, [1, 2, 12, 400], [1, 3, 13, -50]])
    got, message = _answer(lambda: _kind(read_csv_text(text, "t.csv")))
    assert got == want, (spelling, message)
    if got == REFUSED:
        assert "needs both ns_pair and ew_pair" in message, message
    kind = _sheet(sheet, "pairs", spelling, "kind")
    assert {"bad": REFUSED, "R": RESULT}[kind] == want, (spelling, kind)
    if want == REFUSED:
        assert _sheet(sheet, "pairs", spelling, "whyp") == "NS pair missing"
    else:  # the pair as the Pairs sheet keys it: pair 7, spaces or not
        assert _sheet(sheet, "pairs", spelling, "nskey") == "|7"


@pytest.mark.parametrize("spelling, want", CODES, ids=_ids(CODES))
def test_the_sheet_reads_a_code_as_the_readers(sheet, spelling, want):
    kind = _sheet(sheet, "codes", spelling, "kind")
    got = {"NP": NOT_PLAYED, "bad": REFUSED}.get(kind)
    if kind == "A":
        got = round(_sheet(sheet, "codes", spelling, "nspct"))
    assert got == want, (spelling, kind)


@pytest.mark.parametrize("spelling, want", TRICKS, ids=_ids(TRICKS))
def test_the_sheet_reads_tricks_typed_as_text_as_the_readers(sheet, spelling, want):
    """Tricks typed in the Tricks column (text, as its format keeps them): a number of tricks or a result against
    the contract, the same NS score on the sheet as in a CSV file; refused alike."""
    def read(board: int) -> object:  # the CSV reader's NS score of the line on ``board`` (its vulnerability)
        text = _csv(["board", "ns_pair", "ew_pair", "contract", "declarer", "tricks"],
                    [[board, 1, 11, "4S", "N", spelling]])
        return _answer(lambda: read_csv_text(text, "t.csv").lines[0].score)[0]

    assert read(1) == want, spelling  # board 1: none vulnerable
    board = _sheet(sheet, "tricks", spelling, "board")
    shown = _sheet(sheet, "tricks", spelling, "ns_score")
    assert {"?": REFUSED, "": REFUSED}.get(shown, shown) == read(board), (spelling, board, shown)


@pytest.mark.parametrize("spelling, want", SIDES, ids=_ids(SIDES))
def test_the_sheet_reads_a_side_as_the_readers(sheet, spelling, want):
    got = _sheet(sheet, "sides", spelling, "side")
    assert {"?": REFUSED}.get(got, got) == want, (spelling, got)


def test_the_sheet_shows_a_pair_with_a_side_it_cannot_read_as_unreadable(sheet):
    """The pair's figures wait for its Direction (never the sum of both sides, as a blank Direction is)."""
    assert _sheet(sheet, "sides", "up", "mp") == "?"
    assert _sheet(sheet, "sides", "N-S", "mp") == 0  # a pair of its own: NS, no board played


#: How a passed-out board is written (contract.PASS_SPELLINGS), with a result beside it: a passed-out board
#: (0) in every spelling. (The CSV reader had its own four spellings: All pass with = was refused.)
PASSES = ["PASS", "p", "Passed", "passed out", "All pass", "AP", "pass out", "\tPass\u00a0", "PO", "po"]


@pytest.mark.parametrize("spelling", PASSES)
def test_every_spelling_of_a_passed_out_board_is_read_with_a_result_beside_it(spelling):
    text = _csv(["board", "ns_pair", "ew_pair", "contract", "declarer", "tricks"],
                [[1, 1, 2, spelling, None, "="], [1, 3, 4, "4S", "N", 10]])
    assert read_csv_text(text, "t.csv").lines[0].score == 0


@pytest.mark.parametrize("spelling, want", SEATS, ids=_ids(SEATS))
def test_the_sheet_reads_a_seat_as_the_readers(sheet, spelling, want):
    got = _sheet(sheet, "seats", spelling, "decl")
    assert {"?": REFUSED}.get(got, got) == want, (spelling, got)


@pytest.mark.parametrize("labels, same", GROUPS, ids=[repr(g) for g, _ in GROUPS])
def test_the_sheet_reads_a_group_label_as_the_readers(sheet, labels, same):
    assert _sheet(sheet, "groups", labels, "ns_mp") == (2.6 if same else 2.4), labels


@pytest.mark.parametrize("code", ["NP", "Bye", "sit out", "-"])
@pytest.mark.parametrize("fmt", ["csv", "pbn", "usebio"])
def test_a_not_played_line_survives_every_writer(fmt, code):
    """Written and read back, a not-played line is still one: it counts towards N (the CSV writer left
    its cells blank, and the PBN reader read Bye as a blank line, so N fell from 3 to 2)."""
    from mpxl.core.session import ScoringOptions, score_event
    from mpxl.formats.csvfile import csv_text
    from mpxl.formats.pbn import pbn_text
    from mpxl.formats.usebio import usebio_text

    event = read_csv_text(_csv(["board", "ns_pair", "ew_pair", "ns_score"],
                               [[1, 1, 2, 420], [1, 3, 4, code], [1, 5, 6, 400]]), "t.csv")
    back = {"csv": lambda: read_csv_text(csv_text(event), "back.csv"),
            "pbn": lambda: read_pbn_text(pbn_text(event), "back.pbn"),
            "usebio": lambda: read_usebio_bytes(usebio_text(event).encode(), "back.xml")}[fmt]()
    assert line_kind(back.lines[1].score) == "NP", back.lines[1].score
    assert score_event(back, ScoringOptions()).boards[0].expected == 3


#: What a director may type in Tricks (kept as text, as the column's format keeps it) and whether the column's
#: data validation lets it in: every number of tricks and every result the sheet reads (a bare sign too, which the
#: board's status then names), never a number out of range or a word.
TRICKS_TYPED = [("10", True), (10, True), ("0", True), ("13", True), (" 9 ", True), ("+1", True), ("-1", True),
                ("=", True), ("made", True), ("14", False), ("10.5", False), ("ten", False), ("-", True)]


def test_the_tricks_validation_lets_in_what_the_sheet_reads(tmp_path):
    """The Tricks column's validation (Excel refuses what it does not let in), evaluated by LibreOffice for each
    entry: text digits pass as the numbers they are (the column keeps what is typed as text), results pass."""
    from openpyxl import Workbook

    from mpxl.workbook.template import FIRST_ROW, TRAVELLER_COLUMNS, build_template

    trav = build_template(tables=2, boards=2)["Travellers"]
    t = f"{TRAVELLER_COLUMNS['tricks']}{FIRST_ROW}"
    (rule,) = [dv for dv in trav.data_validations.dataValidation if str(dv.sqref).startswith(t + ":")]
    wb = Workbook()
    ws = wb.active
    for i, (typed, _) in enumerate(TRICKS_TYPED):
        r = FIRST_ROW + i
        ws[f"{TRAVELLER_COLUMNS['tricks']}{r}"] = typed
        ws[f"A{r}"] = "=IF(" + rule.formula1.replace(t, f"{TRAVELLER_COLUMNS['tricks']}{r}") + ",1,0)"
    path = tmp_path / "tricks.xlsx"
    wb.save(path)
    (values,) = libreoffice_recalc([path])
    got = [(typed, values[ws.title, f"A{FIRST_ROW + i}"] == 1) for i, (typed, _) in enumerate(TRICKS_TYPED)]
    assert got == TRICKS_TYPED
