"""USEBIO XML: reading, refusing unsafe or malformed files, and writing back."""

from __future__ import annotations

from pathlib import Path

import pytest

from mpxl.core.errors import UserError
from mpxl.formats.usebio import read_usebio, read_usebio_bytes, usebio_text

DATA = Path(__file__).parent / "data"


def test_two_sections_are_read_apart():
    ev = read_usebio(DATA / "two-sections.xml")
    assert ev.program == "EBUScore Pairs 1.2.24"
    assert ev.winners == {"A": 2, "B": 2}
    assert [(ln.section, ln.board, ln.ns_pair, ln.ew_pair, ln.score) for ln in ev.lines] == [
        ("A", 1, "1", "4", 420), ("A", 1, "2", "3", -400), ("B", 1, "1", "4", -50), ("B", 1, "2", "3", "A6040")]
    assert ev.pairs[0].names == ("Ann North", "Bob South")
    assert ev.lines[3].where == "SECTION B, BOARD 1, TRAVELLER_LINE 2"
    assert ev.published_decimals == 1


def wrap(lines: str, head: str = "") -> bytes:
    return (f'<?xml version="1.0"?>{head}<USEBIO Version="1.2"><EVENT><PROGRAM_NAME>X</PROGRAM_NAME>'
            f"<BOARD><BOARD_NUMBER>3</BOARD_NUMBER>{lines}</BOARD></EVENT></USEBIO>").encode()


LINE = "<TRAVELLER_LINE><NS_PAIR_NUMBER>1</NS_PAIR_NUMBER><EW_PAIR_NUMBER>2</EW_PAIR_NUMBER>{}</TRAVELLER_LINE>"

# (file bytes, where the message points, words in the problem)
BAD = [
    (wrap(LINE.format("<SCORE>420</SCORE>"))[:-40], "line 1, column", "not well-formed XML"),
    (wrap(LINE.format("<SCORE>A7Q</SCORE>")), "BOARD 3, TRAVELLER_LINE 1", "not a score or a known artificial code"),
    (wrap(LINE.format("<SCORE>4S=</SCORE>")), "BOARD 3, TRAVELLER_LINE 1", "is not a score"),
    (wrap(LINE.format("<SCORE>420</SCORE><NS_MATCH_POINTS>lots</NS_MATCH_POINTS>")), "BOARD 3, TRAVELLER_LINE 1", "not a number"),
    (wrap("<TRAVELLER_LINE><NS_PAIR_NUMBER>1</NS_PAIR_NUMBER><SCORE>1</SCORE></TRAVELLER_LINE>"), "BOARD 3, TRAVELLER_LINE 1", "EW_PAIR_NUMBER"),
    (wrap(LINE.format("<CONTRACT>4S</CONTRACT><PLAYED_BY>Q</PLAYED_BY><TRICKS>10</TRICKS>")), "BOARD 3, TRAVELLER_LINE 1", "Q"),
    (wrap(LINE.format("<TRICKS>ten</TRICKS>")), "BOARD 3, TRAVELLER_LINE 1", "TRICKS"),
    (b"<PBN/>", "<PBN>", "not a USEBIO file"),
    (b'<USEBIO Version="1.2"></USEBIO>', "<USEBIO>", "no <EVENT>"),
    (b"<USEBIO><EVENT><BOARD><BOARD_NUMBER>x</BOARD_NUMBER></BOARD></EVENT></USEBIO>", "BOARD", "not a board number"),
    # an external entity: never fetched, the file is refused
    (wrap(LINE.format("<SCORE>&xxe;</SCORE>"), '<!DOCTYPE USEBIO [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>'), "", "refused"),
    # the billion laughs: never expanded
    (wrap(LINE.format("<SCORE>&c;</SCORE>"), '<!DOCTYPE USEBIO [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;">'
          '<!ENTITY c "&b;&b;&b;&b;&b;&b;&b;&b;&b;">]>'), "", "refused"),
    (wrap(LINE.format("<SCORE>1</SCORE>"), '<!DOCTYPE USEBIO [<!ENTITY % p SYSTEM "http://example.invalid/x.dtd"> %p;]>'), "", "refused"),
]


@pytest.mark.parametrize("data, where, problem", BAD, ids=[
    "truncated", "unknown-code", "contract-as-score", "text-mp", "no-ew-pair", "bad-declarer", "bad-tricks",
    "wrong-root", "no-event", "bad-board", "external-entity", "billion-laughs", "parameter-entity"])
def test_malformed_usebio_is_refused_with_a_place(data, where, problem):
    with pytest.raises(UserError) as exc:
        read_usebio_bytes(data, "bad.xml")
    assert exc.value.source == "bad.xml"
    assert where in exc.value.where
    assert problem in exc.value.problem


def test_score_is_computed_from_the_contract_when_missing():
    ev = read_usebio_bytes(wrap(LINE.format("<CONTRACT>3NT</CONTRACT><PLAYED_BY>E</PLAYED_BY><TRICKS>11</TRICKS>")), "x.xml")
    assert ev.lines[0].score == -660  # board 3 is E-W vulnerable: 3NT+2 by East


def test_bare_event_writes_without_matchpoints():
    from mpxl.core.event import Event, Line

    text = usebio_text(Event(lines=[Line(1, "1", "2", score=420), Line(1, "3", "4", score=None)]))
    assert "NS_MATCH_POINTS" not in text and text.count("<TRAVELLER_LINE>") == 2


def scored(line: str) -> object:
    return read_usebio_bytes(wrap(LINE.format(line)), "x.xml")


# (the line's elements, its score): board 3 is E-W vulnerable
@pytest.mark.parametrize("elements, score", [
    ("<CONTRACT>3NT</CONTRACT><PLAYED_BY>E</PLAYED_BY><TRICKS>11</TRICKS><SCORE>-</SCORE>", -660),  # "-": the contract's
    ("<CONTRACT>3NT</CONTRACT><PLAYED_BY>E</PLAYED_BY><TRICKS>11</TRICKS><SCORE>-660</SCORE>", -660),
    ("<SCORE>PASS</SCORE><NS_MATCH_POINTS>1</NS_MATCH_POINTS>", 0),  # passed out
    ("<SCORE>Pass</SCORE><CONTRACT>Pass</CONTRACT>", 0),
    ("<CONTRACT>PO</CONTRACT>", 0),
    ("<CONTRACT>PASS</CONTRACT><TRICKS>-</TRICKS><SCORE>0</SCORE>", 0),
    ("<SCORE>NP</SCORE><NS_MATCH_POINTS>1</NS_MATCH_POINTS>", "NP"),  # an explicit not-played code, as written
    ("<SCORE>-</SCORE>", "-"),
    ("", None),  # nothing, and no figures: a line left blank, as before
])
def test_a_line_is_scored_from_what_it_says(elements, score):
    ev = scored(elements)
    assert ev.lines[0].score == score and not ev.warnings


@pytest.mark.parametrize("elements, problem", [
    ("<NS_MATCH_POINTS>7</NS_MATCH_POINTS><EW_MATCH_POINTS>7</EW_MATCH_POINTS>",
     "board 3, NS 1 v EW 2: no result on this line (no SCORE and no CONTRACT) but it publishes matchpoints (7 / 7): "
     "a line not played has none; give its SCORE, or NP for a board not played"),
    ("<NS_SCORE>480</NS_SCORE><NS_MATCH_POINTS>7</NS_MATCH_POINTS>",
     "the line has elements mpxl does not read (NS_SCORE): is the score in one of them?"),
    ("<CONTRACT>4S</CONTRACT><PLAYED_BY>Q</PLAYED_BY><TRICKS>10</TRICKS><SCORE>420</SCORE>", "PLAYED_BY 'Q' is not a direction"),
    ("<CONTRACT>4S</CONTRACT><PLAYED_BY>N</PLAYED_BY><TRICKS>14</TRICKS><SCORE>420</SCORE>",
     "TRICKS '14' is not a number of tricks; expected the tricks declarer took, 0 to 13"),
    ("<CONTRACT>4S</CONTRACT><PLAYED_BY>N</PLAYED_BY><TRICKS>-</TRICKS>", "TRICKS '-' is not a number of tricks"),
])
def test_a_line_with_no_readable_result_is_refused(elements, problem):
    with pytest.raises(UserError) as exc:
        scored(elements)
    assert exc.value.where == "BOARD 3, TRAVELLER_LINE 1" and problem in exc.value.problem


@pytest.mark.parametrize("elements, warned", [
    ("<CONTRACT>4S</CONTRACT><PLAYED_BY>N</PLAYED_BY><TRICKS>12</TRICKS><SCORE>450</SCORE>",
     "BOARD 3, TRAVELLER_LINE 1: warning: board 3, NS 1 v EW 2: 4S by N taking 12 tricks scores 480 (EW vulnerable), "
     "but the published score is 450; the published score is kept"),
    ("<CONTRACT>4S</CONTRACT><PLAYED_BY>E</PLAYED_BY><TRICKS>10</TRICKS><SCORE>-420</SCORE>",
     "4S by E taking 10 tricks scores -620 (EW vulnerable), but the published score is -420"),
    ("<CONTRACT>4S</CONTRACT><PLAYED_BY>N</PLAYED_BY><TRICKS>12</TRICKS><SCORE>480</SCORE>", None),
    ("<CONTRACT>4S</CONTRACT><TRICKS>12</TRICKS><SCORE>450</SCORE>", None),  # no declarer: nothing to compare
    ("<CONTRACT>4S</CONTRACT><PLAYED_BY>N</PLAYED_BY><TRICKS>12</TRICKS><SCORE>A6040</SCORE>", None),
])
def test_a_contract_that_contradicts_the_score_is_warned_of(elements, warned):
    ev = scored(elements)
    assert ev.warnings == ([warned] if warned and warned.startswith("BOARD") else ev.warnings[:1] if warned else [])
    if warned:
        assert warned in ev.warnings[0]


def participants(number: str, ns: str) -> bytes:
    return (f'<USEBIO Version="1.2"><EVENT><PARTICIPANTS><PAIR><PAIR_NUMBER>{number}</PAIR_NUMBER>'
            "<PLAYER><PLAYER_NAME>Ann</PLAYER_NAME></PLAYER><PLAYER><PLAYER_NAME>Bob</PLAYER_NAME></PLAYER></PAIR>"
            f"</PARTICIPANTS><BOARD><BOARD_NUMBER>1</BOARD_NUMBER><TRAVELLER_LINE><NS_PAIR_NUMBER>{ns}</NS_PAIR_NUMBER>"
            "<EW_PAIR_NUMBER>9</EW_PAIR_NUMBER><SCORE>420</SCORE></TRAVELLER_LINE></BOARD></EVENT></USEBIO>").encode()


# (PARTICIPANTS' PAIR_NUMBER, the traveller's NS_PAIR_NUMBER, the number both are read as)
@pytest.mark.parametrize("number, ns, read", [
    ("04", "4", "4"),  # a number written with leading zeros is the same number
    ("4", "004", "4"),
    ("10", "10", "10"),
    ("0", "0", "0"),
    ("A1", "A1", "A1"),  # an id that is not a number: as written
    ("A01", "A01", "A01"),
])
def test_a_pair_number_with_leading_zeros_is_the_same_pair(number, ns, read):
    ev = read_usebio_bytes(participants(number, ns), "x.xml")
    assert (ev.pairs[0].number, ev.lines[0].ns_pair, ev.pairs[0].names) == (read, read, ("Ann", "Bob"))


# (the XML declaration's encoding, a name's bytes, the name read)
@pytest.mark.parametrize("encoding, name, read", [
    ("ISO-8859-1", b"Jean D\x92Arcy", "Jean D\u2019Arcy"),  # 0x92 is windows-1252's quote in a "Latin-1" file
    ("iso-8859-1", b"C\x9cur \x80", "C\u0153ur \u20ac"),
    ("latin1", b"\x96 Zo\xe9", "\u2013 Zo\u00e9"),
    ("ISO-8859-1", b"Zo\xe9", "Zo\u00e9"),  # no byte 0x80-0x9F: ISO-8859-1 as declared
    ("ISO-8859-1", b"a\x81b\x9dc", "a\x81b\x9dc"),  # undefined in windows-1252: as ISO-8859-1 reads them
    ("windows-1252", b"D\x92Arcy", "D\u2019Arcy"),
    ("UTF-8", "Zoë D’Arcy".encode(), "Zoë D’Arcy"),
])
def test_names_in_windows_1252_are_read_as_written(encoding, name, read):
    data = (f'<?xml version="1.0" encoding="{encoding}"?>'.encode() + participants("4", "4")).replace(b"Ann", name)
    assert read_usebio_bytes(data, "x.xml").pairs[0].names == (read, "Bob")


# (the file's bytes, where the message points, its problem's end): what a parse error means, said
PARSE_ERRORS = [
    (wrap(LINE.format("<SCORE>420</SCORE>"))[:-40], "line 1, column",
     "the file ends before its elements are closed: is the file truncated?"),
    (b"", "line 1, column 0", "the file is empty"),
    (wrap(LINE.format("<SCORE>420</SCORE>")).replace(b"<PROGRAM_NAME>X", b"<PROGRAM_NAME>Smith & Jones"),
     "line 1, column", "a & must be written &amp; in XML (Smith &amp; Jones)"),
    (b'<?xml version="1.0" encoding="UTF-8"?>\n' + wrap(LINE.format("<SCORE>420</SCORE>"))[21:].replace(
        b"<PROGRAM_NAME>X", b"<PROGRAM_NAME>Caf\xe9"), "line 2, column",
     "byte 0xE9 is not UTF-8, the encoding the file declares: it was saved in another one (ISO-8859-1 or "
     "windows-1252?)"),
    (b"<USEBIO><EVENT><PROGRAM_NAME>Caf\xe9</PROGRAM_NAME></EVENT></USEBIO>", "line 1, column",
     "byte 0xE9 is not UTF-8, XML's own when a file declares none"),
]


@pytest.mark.parametrize("data, where, problem", PARSE_ERRORS, ids=["truncated", "empty", "ampersand",
                                                                    "declared-utf8", "undeclared"])
def test_a_parse_error_says_what_it_means(data, where, problem):
    with pytest.raises(UserError) as exc:
        read_usebio_bytes(data, "bad.xml")
    assert where in exc.value.where and problem in exc.value.problem
    assert ("truncated" in exc.value.problem) == ("truncated" in problem)


@pytest.mark.parametrize("board, where, problem", [
    ("<BOARD>" + LINE.format("<SCORE>420</SCORE>") + "</BOARD>", "BOARD",
     "a BOARD with no BOARD_NUMBER element (or an empty one) (its first TRAVELLER_LINE: NS 1 v EW 2)"),
    ("<BOARD><BOARD_NUMBER> </BOARD_NUMBER></BOARD>", "BOARD", "a BOARD with no BOARD_NUMBER element"),
    ("<HANDSET><BOARD></BOARD></HANDSET>", "HANDSET, BOARD", "a HANDSET's BOARD with no BOARD_NUMBER element"),
    # a board's number given twice in one section with a pair in both (a misnumbered board): both BOARDs named
    ("<BOARD><BOARD_NUMBER>3</BOARD_NUMBER>" + LINE.format("<SCORE>420</SCORE>") + "</BOARD>"
     "<BOARD><BOARD_NUMBER>4</BOARD_NUMBER>" + LINE.format("<SCORE>50</SCORE>") + "</BOARD>"
     "<BOARD><BOARD_NUMBER>3</BOARD_NUMBER>" + LINE.format("<SCORE>-50</SCORE>") + "</BOARD>", "BOARD 3, TRAVELLER_LINE 1",
     "BOARD_NUMBER 3 is given by the 1st and the 3rd BOARD, and pair 1 has a line in both"),
    ("<SESSION SESSION_ID='1'><SECTION SECTION_ID='A'><BOARD><BOARD_NUMBER>3</BOARD_NUMBER>"
     + LINE.format("<SCORE>420</SCORE>") + "</BOARD><BOARD><BOARD_NUMBER>03</BOARD_NUMBER>"
     + LINE.format("<SCORE>-50</SCORE>") + "</BOARD></SECTION></SESSION>", "SECTION A, BOARD 3, TRAVELLER_LINE 1",
     "BOARD_NUMBER 3 is given by the 1st and the 2nd BOARD, and pair 1 has a line in both"),
])
def test_a_board_without_its_number_says_so(board, where, problem):
    data = f"<USEBIO><EVENT>{board}</EVENT></USEBIO>" if "HANDSET" not in board else (
        f"<USEBIO><EVENT></EVENT>{board}</USEBIO>")
    with pytest.raises(UserError) as exc:
        read_usebio_bytes(data.encode(), "bad.xml")
    assert exc.value.where == where and problem in exc.value.problem and "None" not in exc.value.problem


def test_a_board_number_given_again_with_other_pairs_is_the_same_board_with_a_warning():
    """A program that writes one board's lines in two BOARDs (no pair in both): one board of both BOARDs' lines,
    as before, and the scorer told where."""
    other = LINE.replace(">1<", ">3<").replace(">2<", ">4<")
    data = ("<USEBIO><EVENT><BOARD><BOARD_NUMBER>3</BOARD_NUMBER>" + LINE.format("<SCORE>420</SCORE>") + "</BOARD>"
            "<BOARD><BOARD_NUMBER>4</BOARD_NUMBER>" + LINE.format("<SCORE>50</SCORE>") + "</BOARD>"
            "<BOARD><BOARD_NUMBER>3</BOARD_NUMBER>" + other.format("<SCORE>-50</SCORE>") + "</BOARD></EVENT></USEBIO>")
    ev = read_usebio_bytes(data.encode(), "x.xml")
    assert [(ln.board, ln.ns_pair, ln.score) for ln in ev.lines] == [(3, "1", 420), (4, "1", 50), (3, "3", -50)]
    assert [w for w in ev.warnings if "BOARD_NUMBER" in w] == [
        "BOARD 3: warning: BOARD_NUMBER 3 is given by the 1st and the 3rd BOARD: their lines are read as one board's"]


def test_a_board_number_in_another_section_or_session_is_another_board():
    """The same BOARD_NUMBER under two SECTIONs or two SESSIONs is two boards (board 3 of each), as before."""
    board = "<BOARD><BOARD_NUMBER>3</BOARD_NUMBER>" + LINE.format("<SCORE>{}</SCORE>") + "</BOARD>"
    data = ("<USEBIO><EVENT><SESSION SESSION_ID='1'><SECTION SECTION_ID='A'>" + board.format(420) + "</SECTION>"
            "<SECTION SECTION_ID='B'>" + board.format(50) + "</SECTION></SESSION><SESSION SESSION_ID='2'>"
            "<SECTION SECTION_ID='A'>" + board.format(-50) + "</SECTION></SESSION></EVENT></USEBIO>")
    ev = read_usebio_bytes(data.encode(), "x.xml")
    assert [(ln.session, ln.section, ln.board, ln.score) for ln in ev.lines] == [(1, "A", 3, 420), (1, "B", 3, 50),
                                                                                (2, "A", 3, -50)]


@pytest.mark.parametrize("written, read", [("46.43%", 46.43), ("46.43 %", 46.43), ("46.43", 46.43), ("50", 50.0)])
def test_a_percentage_written_with_its_sign_is_read(written, read):
    data = participants("4", "4").replace(b"</PAIR_NUMBER>", f"</PAIR_NUMBER><PERCENTAGE>{written}</PERCENTAGE>".encode())
    assert read_usebio_bytes(data, "x.xml").pairs[0].published_percentage == read


def test_a_percentage_that_is_no_figure_is_refused():
    data = participants("4", "4").replace(b"</PAIR_NUMBER>", b"</PAIR_NUMBER><PERCENTAGE>46%43</PERCENTAGE>")
    with pytest.raises(UserError, match="is not a number"):
        read_usebio_bytes(data, "x.xml")


def _listed(pairs: list[tuple[str, str, str]]) -> bytes:
    """A Mitchell numbered 1, 2 both ways (NS 1 meets EW 1 on board 1), its PARTICIPANTS as ``pairs``
    (number, direction or "", a name)."""
    listed = "".join(f"<PAIR><PAIR_NUMBER>{n}</PAIR_NUMBER>" + (f"<DIRECTION>{d}</DIRECTION>" if d else "")
                     + f"<PLAYER><PLAYER_NAME>{name}</PLAYER_NAME></PLAYER></PAIR>" for n, d, name in pairs)
    lines = "".join(f"<TRAVELLER_LINE><NS_PAIR_NUMBER>{n}</NS_PAIR_NUMBER><EW_PAIR_NUMBER>{e}</EW_PAIR_NUMBER>"
                    f"<SCORE>{s}</SCORE></TRAVELLER_LINE>" for n, e, s in (("1", "1", 420), ("2", "2", 400)))
    return (f'<USEBIO Version="1.2"><EVENT><PARTICIPANTS>{listed}</PARTICIPANTS><BOARD><BOARD_NUMBER>1'
            f"</BOARD_NUMBER>{lines}</BOARD></EVENT></USEBIO>").encode()


@pytest.mark.parametrize("pairs, sides, warned", [
    # no direction, each number twice: the first NS, the second EW (a Mitchell's order), said
    ([("1", "", "Ann"), ("2", "", "Cy"), ("1", "", "Eve"), ("2", "", "Gus")], ["NS", "NS", "EW", "EW"], True),
    # the directions written: as written, nothing said
    ([("1", "EW", "Eve"), ("1", "NS", "Ann"), ("2", "NS", "Cy"), ("2", "EW", "Gus")], ["EW", "NS", "NS", "EW"], False),
    # each number once (a Howell's list): no direction, nothing said
    ([("1", "", "Ann"), ("2", "", "Cy")], [None, None], False),
])
def test_a_mitchell_listed_without_directions_takes_the_order(pairs, sides, warned):
    """A pair number listed twice with no DIRECTION gets NS for its first, EW for its second (the EW pair's
    names were the NS pair's), with a warning that ``check`` tells from the published figures."""
    ev = read_usebio_bytes(_listed(pairs), "x.xml")
    assert [p.direction for p in ev.pairs] == sides
    assert [p.names[0] for p in ev.pairs] == [name for _, _, name in pairs]
    assert any("PARTICIPANTS lists pairs 1, 2 twice with no direction" in w for w in ev.warnings) == warned


def said_file(event_attr: str = "", event_el: str = "", line_el: str = "") -> bytes:
    """A one-line USEBIO file whose EVENT says its scoring as ``event_attr`` / ``event_el`` and whose line
    carries ``line_el`` (each program's words: Compscore3, Pianola, EBUScore)."""
    return (f'<USEBIO Version="1.2"><EVENT{event_attr}><PROGRAM_NAME>X</PROGRAM_NAME>{event_el}<BOARD>'
            f"<BOARD_NUMBER>1</BOARD_NUMBER>{LINE.format('<SCORE>420</SCORE>' + line_el)}</BOARD></EVENT>"
            "</USEBIO>").encode()


# (file, where the refusal points, what it says the event is scored in): the words of real files
NOT_MATCHPOINTS = [
    (said_file(' EVENT_TYPE="BUTLER_PAIRS"', "<SCORING_METHOD>IMPS</SCORING_METHOD>",  # Compscore3's Butler pairs
            "<NS_BUTLER_POINTS>5.3</NS_BUTLER_POINTS>"), "EVENT, EVENT_TYPE", "Butler"),
    (said_file(' EVENT_TYPE="CROSS_IMP"', line_el="<NS_CROSS_IMP_POINTS>1.57</NS_CROSS_IMP_POINTS>"),  # Compscore3
     "EVENT, EVENT_TYPE", "cross-IMPs"),
    (said_file(' EVENT_TYPE="PAIRS"', "<BOARD_SCORING_METHOD>CROSS_IMPS</BOARD_SCORING_METHOD>"),  # Pianola
     "EVENT, BOARD_SCORING_METHOD", "cross-IMPs"),
    (said_file(' EVENT_TYPE="NOTSUP"', "<SCORING_METHOD>IMPS</SCORING_METHOD>"), "EVENT, SCORING_METHOD", "IMPs"),
    (said_file(' EVENT_TYPE="TEAMS"', "<BOARD_SCORING_METHOD>IMPS</BOARD_SCORING_METHOD>"), "EVENT, EVENT_TYPE", "teams"),
    (said_file(line_el="<EW_CROSS_IMP_POINTS>-1.57</EW_CROSS_IMP_POINTS>"),  # no word: the lines' figures tell
     "BOARD 1, TRAVELLER_LINE 1, EW_CROSS_IMP_POINTS", "cross-IMPs"),
]


@pytest.mark.parametrize("data, where, meaning", NOT_MATCHPOINTS, ids=[
    "compscore-butler", "compscore-cross-imp", "pianola-cross-imps", "scoring-method-imps", "teams", "line-figures"])
def test_an_event_scored_in_imps_is_refused_never_matchpointed(data, where, meaning):
    with pytest.raises(UserError) as exc:
        read_usebio_bytes(data, "imps.xml")
    assert exc.value.where == where
    assert f"scored in {meaning}" in exc.value.problem and "not matchpoints" in exc.value.problem


@pytest.mark.parametrize("data", [
    said_file(' EVENT_TYPE="MP_PAIRS"'),  # Compscore3, ScoreBridge
    said_file(' EVENT_TYPE="PAIRS"', "<BOARD_SCORING_METHOD>MATCH_POINTS</BOARD_SCORING_METHOD>"),  # EBUScore
    said_file(' EVENT_TYPE="NOTSUP"'),  # a word mpxl does not know says nothing
    # the figures are matchpoints whatever a word says
    said_file(' EVENT_TYPE="BUTLER_PAIRS"', line_el="<NS_MATCH_POINTS>2</NS_MATCH_POINTS>"),
], ids=["mp-pairs", "pairs-match-points", "unknown-word", "figures-are-matchpoints"])
def test_a_matchpoint_event_is_read(data):
    assert [ln.score for ln in read_usebio_bytes(data, "mp.xml").lines] == [420]


NAMED = ('<?xml version="1.0" encoding="{}"?><USEBIO Version="1.2"><EVENT><PROGRAM_NAME>X</PROGRAM_NAME>'
         "<PARTICIPANTS><PAIR><PAIR_NUMBER>1</PAIR_NUMBER><PLAYER><PLAYER_NAME>Zoë D’Arcy</PLAYER_NAME></PLAYER>"
         "</PAIR></PARTICIPANTS><BOARD><BOARD_NUMBER>1</BOARD_NUMBER>" + LINE.format("<SCORE>420</SCORE>")
         + "</BOARD></EVENT></USEBIO>")


@pytest.mark.parametrize("declared, encoding", [
    ("UTF-16", "utf-16"),  # a .NET writer's Encoding.Unicode: the mark and a declaration that agree
    ("iso-8859-1", "utf-16"),  # Notepad's "Save as Unicode": the mark, and the declaration the file had before
    ("windows-1252", "utf-16-be-bom"),
    ("UTF-8", "utf-32"),
    ("iso-8859-1", "utf-8-bom"),
], ids=["utf16-declared", "utf16-latin1-declaration", "utf16be", "utf32", "utf8-bom-latin1-declaration"])
def test_a_file_with_a_byte_order_mark_is_read_by_it(declared, encoding):
    text = NAMED.format(declared)
    data = {"utf-16-be-bom": b"\xfe\xff" + text.encode("utf-16-be"),
            "utf-8-bom": b"\xef\xbb\xbf" + text.encode("utf-8")}.get(encoding) or text.encode(encoding)
    ev = read_usebio_bytes(data, "wide.xml")
    assert (ev.pairs[0].names, [ln.score for ln in ev.lines]) == (("Zoë D’Arcy",), [420])
