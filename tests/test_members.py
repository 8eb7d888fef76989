"""Member numbers and the club (issue 33 §2): from the tablets' PlayerNumbers (rows written here, as
:mod:`mpxl.formats.access` gives them) and a workbook's Pairs sheet into every output, read back.

The numbers are the seats' own (``2175878`` is the 2026 club database's form: a member number as
text); every expected value below is a number typed in these rows, never one the code made.
"""

from __future__ import annotations

import json

import pytest

from mpxl.cli import main
from mpxl.core.members import seat_gaps
from mpxl.core.session import score_event
from mpxl.formats import read_event
from mpxl.formats.bws import event_from_rows
from tests.test_bws import MITCHELL, results_of

#: PlayerNumbers rows: table 1 round 1 seats NS pair 1 and EW pair 4; table 2 NS 2 and EW 5.
SEATS = [("1", "N", "2175878", "Ann Smith"), ("1", "S", "2175879", "Bob Jones"),
         ("1", "E", "3000001", "Cy Young"), ("1", "W", "3000002", "Di Prince"),
         ("2", "N", "0440001", "Eve Adams"), ("2", "S", "0440002", "Fay Wray")]
#: (pair, direction) -> the players' (name, member number), as SEATS gives them.
EXPECTED = {("1", "NS"): (("Ann Smith", "2175878"), ("Bob Jones", "2175879")),
            ("4", "EW"): (("Cy Young", "3000001"), ("Di Prince", "3000002")),
            ("2", "NS"): (("Eve Adams", "0440001"), ("Fay Wray", "0440002"))}


def player_rows(seats=SEATS):
    return [{"Section": "1", "Table": t, "Direction": d, "Number": n, "Name": nm} for t, d, n, nm in seats]


def tablets_event(seats=SEATS, **tables):
    return event_from_rows({"RoundData": MITCHELL, "ReceivedData": results_of(MITCHELL),
                            "PlayerNumbers": player_rows(seats), **tables}, "night.bws").event


def players(ev):
    return {(p.number, p.direction): tuple((pl.name, pl.national_id) for pl in p.players)
            for p in ev.pairs if p.players}


def test_the_database_gives_each_seat_its_member_number():
    assert players(tablets_event()) == EXPECTED


@pytest.mark.parametrize("ext", [".csv", ".pbn", ".xml", ".xlsx"])
def test_member_numbers_round_trip_through_each_writer(tmp_path, ext):
    from mpxl.commands.outputs import write_output

    out = tmp_path / f"night{ext}"
    write_output(score_event(tablets_event()), str(out))
    assert players(read_event(str(out))) == EXPECTED


@pytest.mark.parametrize("ext, shown", [
    (".xml", "<NATIONAL_ID_NUMBER>2175878</NATIONAL_ID_NUMBER>"),
    (".pbn", '"2175878" "2175879"'),  # TotalScoreTable MemberID1 MemberID2, as Ruter writes them
    (".csv", "2175878 & 2175879"),
])
def test_member_numbers_as_each_format_writes_them(tmp_path, ext, shown):
    from mpxl.commands.outputs import write_output

    out = tmp_path / f"night{ext}"
    write_output(score_event(tablets_event()), str(out))
    assert shown in out.read_text(encoding="utf-8")


def test_json_gives_each_pairs_players_with_their_numbers():
    from mpxl.formats.jsonout import result_to_json

    doc = result_to_json(score_event(tablets_event()))
    got = {(p["pair"], p["direction"]): tuple((pl["name"], pl["member_number"]) for pl in p["players"])
           for p in doc["pairs"] if "players" in p}
    assert got == EXPECTED


def test_a_seat_without_a_name_or_a_number_is_named():
    seats = SEATS[:2] + [("1", "E", "3000001", None), ("1", "W", None, "Di Prince")]
    gaps = seat_gaps(tablets_event(seats))
    assert gaps == ["pair 4 EW, player 1 (table 1, E): member number 3000001 and no name (not in the member list?)",
                    "pair 4 EW, player 2 (table 1, W): Di Prince has no member number"]


def test_names_without_numbers_are_no_gap():
    seats = [(t, d, None, nm) for t, d, _, nm in SEATS]
    assert seat_gaps(tablets_event(seats)) == []


def test_check_on_the_database_warns_of_each_seat(monkeypatch, capsys):
    import mpxl.formats.bws as bws

    seats = SEATS[:2] + [("1", "E", "3000001", None), ("1", "W", "3000002", "Di Prince")]
    monkeypatch.setattr(bws, "read_bws_reading", lambda path, readers=None: event_from_rows(
        {"RoundData": MITCHELL, "ReceivedData": results_of(MITCHELL), "PlayerNumbers": player_rows(seats)}, path))
    assert main(["check", "night.bws"]) == 0  # the results are ready; the seat is a warning
    out = capsys.readouterr().out
    assert ("warning: pair 4 EW, player 1 (table 1, E): member number 3000001 and no name (not in the member list?)"
            in out.splitlines())
    assert "look at the 1 seat warning(s)" in out
    assert main(["check", "night.bws", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["seat_warnings"] == [
        "pair 4 EW, player 1 (table 1, E): member number 3000001 and no name (not in the member list?)"]


def test_the_readers_headings_are_the_templates():
    from mpxl.workbook.layout import PAIRS_SHEET
    from mpxl.workbook.reader import MEMBER_HEADINGS

    assert MEMBER_HEADINGS == tuple(c.header for c in PAIRS_SHEET if c.key.startswith("member"))


HOSTILE = [("1", "N", '=HYPERLINK("http://x","y")', "=1+1"), ("1", "S", "AB12", "@SUM(A1)")]


@pytest.mark.parametrize("ext", [".csv", ".pbn", ".xml", ".xlsx"])
def test_formula_text_in_a_number_or_a_name_stays_text(tmp_path, ext):
    from mpxl.commands.outputs import write_output

    out = tmp_path / f"night{ext}"
    write_output(score_event(tablets_event(HOSTILE)), str(out))
    assert players(read_event(str(out)))[("1", "NS")] == (("=1+1", '=HYPERLINK("http://x","y")'), ("@SUM(A1)", "AB12"))
    if ext == ".xlsx":
        from openpyxl import load_workbook

        cells = [c for ws in load_workbook(out, read_only=True).worksheets for row in ws.iter_rows() for c in row
                 if isinstance(c.value, str) and ("HYPERLINK" in c.value or "SUM(A1)" in c.value)]
        assert cells and all(c.data_type == "s" for c in cells)


def test_a_control_character_in_a_member_number_is_refused_by_name(tmp_path, capsys):
    from mpxl.commands.outputs import write_output
    from mpxl.core.errors import UserError

    with pytest.raises(UserError, match="U\\+0007"):
        write_output(score_event(tablets_event([("1", "N", "12\x0734", "Ann")])), str(tmp_path / "n.xlsx"))
    assert not (tmp_path / "n.xlsx").exists()


@pytest.fixture()
def night_csv(tmp_path):
    """The tablets' event with its members, written by mpxl's own CSV writer: an input for the command."""
    from mpxl.commands.outputs import write_output

    path = tmp_path / "night.csv"
    write_output(score_event(tablets_event()), str(path))
    return path


@pytest.mark.parametrize("flags, shown, hidden", [
    ([], ["Ann Smith &amp; Bob Jones"], ["2175878", "0440001"]),  # privacy by default
    (["--show-members"], ["Ann Smith (2175878) &amp; Bob Jones (2175879)", "Eve Adams (0440001)"], []),
])
def test_the_page_shows_member_numbers_only_when_asked(tmp_path, night_csv, flags, shown, hidden):
    page = tmp_path / "page.html"
    assert main(["score", str(night_csv), "-o", str(page), *flags]) == 0
    text = page.read_text(encoding="utf-8")
    assert all(s in text for s in shown) and not any(h in text for h in hidden)


def test_the_club_into_usebio_the_page_title_and_the_setup(tmp_path, night_csv):
    from openpyxl import load_workbook

    xml, page, book = tmp_path / "n.xml", tmp_path / "n.html", tmp_path / "n.xlsx"
    assert main(["score", str(night_csv), "--club", "Riverside BC", "--title", "Monday Pairs",
                 "-o", str(xml), "-o", str(page), "-o", str(book)]) == 0
    assert "<CLUB>\n      <CLUB_NAME>Riverside BC</CLUB_NAME>\n   </CLUB>" in xml.read_text(encoding="utf-8")
    assert read_event(str(xml)).club.name == "Riverside BC"
    assert "<title>Riverside BC · Monday Pairs</title>" in page.read_text(encoding="utf-8")
    setup = load_workbook(book, read_only=True)["Setup"]
    assert [row[1].value for row in setup.iter_rows() if str(row[0].value).startswith("Club (")] == ["Riverside BC"]
    assert read_event(str(book)).club.name == "Riverside BC"  # kept in the Setup: read back
    page2 = tmp_path / "again.html"
    assert main(["score", str(book), "-o", str(page2)]) == 0  # the page from the workbook: the same title
    assert "<title>Riverside BC · Monday Pairs</title>" in page2.read_text(encoding="utf-8")


def test_a_club_name_that_looks_like_a_formula_stays_text(tmp_path, night_csv):
    from openpyxl import load_workbook

    book = tmp_path / "n.xlsx"
    assert main(["score", str(night_csv), "--club", "=HYPERLINK(\"x\")", "-o", str(book)]) == 0
    cell = next(row[1] for row in load_workbook(book, read_only=True)["Setup"].iter_rows()
                if str(row[0].value).startswith("Club ("))
    assert cell.value == '=HYPERLINK("x")' and cell.data_type == "s"


# ------------------------------------------------------------------------------------ §3 hands in the workbook

def hand_row(board, pbn):
    """A HandRecord row (the tablets' columns, NorthSpades ... WestClubs) of a PBN deal from North."""
    row = {"Section": "1", "Board": str(board)}
    for seat, hand in zip(("North", "East", "South", "West"), pbn.split(":")[1].split()):
        row.update({seat + suit: cards for suit, cards in zip(("Spades", "Hearts", "Diamonds", "Clubs"),
                                                                hand.split("."))})
    return row


#: Three boards' deals (each hand 13 cards, each suit dealt once), as PBN writes them from North.
DEALS = {1: "N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765",
         2: "N:A2.KQJ.T987.6543 KQJT.A98.652.AKQ 9876.T765.AK.JT2 543.432.QJ43.987",
         3: "N:.AKQJT98765432.. AKQJT98765432... ..AKQJT98765432. ...AKQJT98765432"}


def test_hands_go_through_the_workbook_to_every_output(tmp_path):
    """The database's deals: on the workbook's Hands sheet, read back, and on the page from the workbook."""
    from mpxl.commands.outputs import write_output

    ev = tablets_event(HandRecord=[hand_row(b, d) for b, d in DEALS.items()])
    book, page_db, page_book, pbn = (tmp_path / n for n in ("n.xlsx", "db.html", "book.html", "book.pbn"))
    write_output(score_event(ev), str(book))
    write_output(score_event(ev), str(page_db))
    back = read_event(str(book))
    assert {b: d.to_pbn() for b, d in back.deals.items()} == DEALS
    assert main(["score", str(book), "-o", str(page_book), "-o", str(pbn)]) == 0
    deals_on = [p.read_text(encoding="utf-8").count('class="deal"') for p in (page_db, page_book)]
    assert deals_on == [3, 3]
    assert {b: d.to_pbn() for b, d in read_event(str(pbn)).deals.items()} == DEALS


@pytest.mark.parametrize("cell, typed, message", [
    ("D5", "AKQX", "sheet Hands, cell D5: 'AKQX' is not cards of a suit"),
    ("B4", "one", "sheet Hands, cell B4: 'one' is not a board number"),
])
def test_a_hand_typed_wrong_is_named(tmp_path, cell, typed, message):
    from openpyxl import load_workbook

    from mpxl.commands.outputs import write_output
    from mpxl.core.errors import UserError

    book = tmp_path / "n.xlsx"
    write_output(score_event(tablets_event(HandRecord=[hand_row(1, DEALS[1])])), str(book))
    wb = load_workbook(book)
    wb["Hands"][cell] = typed
    wb.save(book)
    with pytest.raises(UserError, match=message.replace("(", r"\(")):
        read_event(str(book))


@pytest.mark.parametrize("cells, message", [
    ({"D5": "AKQ"}, "sheet Hands, cells D5:D8: board 1: N's hand has 12 cards; expected 13"),
    ({"B9": "A32"}, "sheet Hands, cells B9:B12: board 1: the AS is in N's hand and W's"),
    ({"D4": "Q"}, "sheet Hands, cell D4: board 1: Dealer 'Q': expected N, E, S or W"),
    ({"F4": "Everyone"}, "sheet Hands, cell F4: board 1: Vul 'Everyone' is not a vulnerability"),
    ({"F4": "All"}, "sheet Hands, cell F4: board 1: Vul 'All', but board 1 is None vulnerable"),
    ({"B4": 99}, "sheet Hands, cell B4: board 99: a block of hands for a board with no results"),
])
def test_a_deal_that_is_no_deal_is_refused_naming_the_board(tmp_path, capsys, cells, message):
    """Issue 46: a card in two hands, a hand not of 13 cards, Dealer Q, Vul Everyone and a block renumbered to
    board 99 (board 1's deal dropped) were read, and written on into the PBN: each is refused naming the
    board and the sheet's cells, exit 2, no PBN written."""
    from openpyxl import load_workbook

    from mpxl.commands.outputs import write_output

    book = tmp_path / "n.xlsx"
    write_output(score_event(tablets_event(HandRecord=[hand_row(1, DEALS[1])])), str(book))
    wb = load_workbook(book)
    for cell, typed in cells.items():
        wb["Hands"][cell] = typed
    wb.save(book)
    pbn = tmp_path / "n.pbn"
    assert main(["score", str(book), "-o", str(pbn)]) == 2
    assert message in capsys.readouterr().err
    assert not pbn.exists()


def test_the_vul_cell_takes_pbns_words_in_any_case(tmp_path):
    from openpyxl import load_workbook

    from mpxl.commands.outputs import write_output

    book = tmp_path / "n.xlsx"
    write_output(score_event(tablets_event(HandRecord=[hand_row(1, DEALS[1])])), str(book))
    wb = load_workbook(book)
    wb["Hands"]["F4"] = "none"
    wb.save(book)
    assert read_event(str(book)).deals[1].vulnerable == "None"


def _hand_record(path, boards):
    path.write_text("".join(f'[Board "{b}"]\n[Deal "{DEALS[1 + (b - 1) % 3]}"]\n\n' for b in boards), encoding="utf-8")
    return path


@pytest.mark.parametrize("boards, status, said", [
    ([1, 2, 3], 0, ""),
    ([1, 2], 0, "no deal for boards 3"),  # the results have boards 1-3 (the Mitchell above)
    ([37, 38, 39], 2, "its deals are for boards 37-39, the results are of boards 1-3: a hand record of other boards"),
])
def test_a_deals_file_for_other_boards_is_named(tmp_path, night_csv, capsys, boards, status, said):
    deals = _hand_record(tmp_path / "hands.pbn", boards)
    page = tmp_path / "page.html"
    assert main(["score", str(night_csv), "--deals", str(deals), "-o", str(page)]) == status
    err = capsys.readouterr().err
    assert said in err and ("Traceback" not in err)
    if status == 0:
        assert page.read_text(encoding="utf-8").count('class="deal"') == len(boards)
    else:
        assert not page.exists()


def test_check_on_a_workbook_warns_of_a_name_without_a_number(tmp_path, capsys):
    from openpyxl import load_workbook

    from mpxl.commands.outputs import write_output

    book = tmp_path / "n.xlsx"
    write_output(score_event(tablets_event()), str(book))
    wb = load_workbook(book)
    pairs = wb["Pairs"]
    heads = {c.value: c.column_letter for c in pairs[4]}
    row = next(r for r in range(5, pairs.max_row + 1) if pairs[f"{heads['Names']}{r}"].value == "Cy Young & Di Prince")
    pairs[f"{heads['Member no. 2']}{row}"] = None  # Di Prince's number deleted
    wb.save(book)
    main(["check", str(book)])  # never recalculated: no figures to compare; the seat is named all the same
    err = capsys.readouterr().err
    assert f"warning: pair 4 EW, player 2 (sheet Pairs, row {row}): Di Prince has no member number" in err


def test_the_workbook_with_members_hands_and_club_recalculates_to_the_core(tmp_path):
    """LibreOffice's figures on Pairs, with the member columns in place, equal the core's."""
    import sys
    from pathlib import Path

    from mpxl.commands.outputs import write_output
    from mpxl.workbook.layout import FIRST_ROW, PAIRS_COLUMNS

    sys.path.insert(0, str(Path(__file__).parent))
    from recalc import libreoffice_recalc

    from mpxl.core.event import Club

    ev = tablets_event(HandRecord=[hand_row(b, d) for b, d in DEALS.items()])
    ev.club = Club("Riverside BC")
    result = score_event(ev)
    book = tmp_path / "n.xlsx"
    write_output(result, str(book))
    values = libreoffice_recalc([book])[0]
    P = PAIRS_COLUMNS
    sheet = {}
    for r in range(FIRST_ROW, FIRST_ROW + len(result.pairs)):
        key = (str(values["Pairs", f"{P['pair']}{r}"]), values["Pairs", f"{P['direction']}{r}"])
        sheet[key] = (values["Pairs", f"{P['mp']}{r}"], values["Pairs", f"{P['member1']}{r}"])
    core = {(pr.pair.number, pr.pair.direction): (float(pr.mp), (pr.pair.people() or [None])[0]) for pr in result.pairs}
    for key, (mp, first) in core.items():
        assert sheet[key][0] == pytest.approx(mp)
        assert str(sheet[key][1] or "") == (first.national_id if first else "")


# ------------------------------------------------------------------ issue 46: every output reads back what it wrote

from hypothesis import HealthCheck, assume, given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

#: Member numbers and names drawn from what parts or marks them in the outputs (& between players in a
#: CSV cell, " - " in a PBN Names cell, "-" for none) and plain characters.
_NUMBER = st.text(alphabet="1A&- ", min_size=1, max_size=5)
_NAME = st.text(alphabet="Ab&- ", min_size=0, max_size=5)


@pytest.mark.parametrize("typed, read", [("12 & 34", None), ("-", ""), ("A&B", None)])
def test_a_member_number_that_a_cell_would_part_is_refused_or_read_as_written(tmp_path, typed, read):
    """Issue 46: the CSV read ``12 & 34`` back as two players' numbers (three players in the pair), ``-``
    as none and ``A&B`` as two. ``-`` is no number wherever it is read (how mpxl writes a player
    without one); a number holding an ``&`` cannot be told apart in the CSV's cell and is refused there,
    naming the numbers; every other output keeps it."""
    from mpxl.commands.outputs import write_output
    from mpxl.core.errors import UserError

    ev = tablets_event([("1", "N", typed, "Ann Smith"), ("1", "S", "2175879", "Bob Jones")])
    want = (("Ann Smith", typed if read is None else read), ("Bob Jones", "2175879"))
    assert players(ev)[("1", "NS")] == want
    for ext in (".csv", ".pbn", ".xml", ".xlsx"):
        out = tmp_path / f"night{ext}"
        if ext == ".csv" and read is None:
            with pytest.raises(UserError, match="member numbers .* cannot be told apart"):
                write_output(score_event(ev), str(out))
            assert not out.exists()
            continue
        write_output(score_event(ev), str(out))
        assert players(read_event(str(out)))[("1", "NS")] == want, ext


def _seats(pair):
    """A pair's players as (name, member number), an empty seat at the end left off."""
    seats = [(pl.name, pl.national_id) for pl in pair.players]
    while seats and seats[-1] == ("", ""):
        seats.pop()
    return tuple(seats)


@pytest.mark.parametrize("ext, examples", [(".csv", 40), (".pbn", 40), (".xml", 40), (".xlsx", 8)])
def test_every_writer_reads_back_the_member_numbers_and_names_it_wrote(tmp_path_factory, ext, examples):
    """The class: for any names and member numbers of a pair's two players, each writer either refuses
    (a UserError naming what cannot be told apart, the file not written) or its output reads back the
    same names and numbers as the event held."""
    from mpxl.commands.outputs import write_output
    from mpxl.core.errors import UserError

    @settings(max_examples=examples, deadline=None, database=None,
              suppress_health_check=[HealthCheck.function_scoped_fixture])
    @given(n1=_NUMBER, n2=_NUMBER, a=_NAME, b=_NAME)
    def check(n1, n2, a, b):
        assume(a.strip() != b.strip() or not a.strip())  # two players of one name: the pair is named once
        ev = tablets_event([("1", "N", n1, a), ("1", "S", n2, b)])
        pair = next(p for p in ev.pairs if (p.number, p.direction) == ("1", "NS"))
        if ext != ".xml":  # open: a names cell (CSV, PBN, the Pairs sheet) cannot say which seat has no name
            assume(all(pl.name for pl in pair.players) or not any(pl.name for pl in pair.players))
        out = tmp_path_factory.mktemp("w") / f"night{ext}"
        try:
            write_output(score_event(ev), str(out))
        except UserError as exc:
            assert "cannot be told apart" in str(exc) and not out.exists()
            return
        back = {(p.number, p.direction): p for p in read_event(str(out)).pairs}.get(("1", "NS"))
        got = (back.names, _seats(back)) if back is not None else ((), ())
        assert got == (pair.names, _seats(pair)), (n1, n2, a, b)

    check()


def test_a_deals_file_whose_vulnerability_is_not_the_boards_is_refused(tmp_path, night_csv, capsys):
    """Issue 46: a --deals file saying board 1 is All vulnerable was attached, and the page showed "Vul All"
    beside scores worked out non-vulnerable (the board number's vulnerability, as every score is): refused,
    naming the file, the line and the board, exit 2, no page written."""
    deals = tmp_path / "hands.pbn"
    deals.write_text(f'[Board "1"]\n[Vulnerable "All"]\n[Deal "{DEALS[1]}"]\n', encoding="utf-8")
    page = tmp_path / "night.html"
    assert main(["score", str(night_csv), "--deals", str(deals), "-o", str(page)]) == 2
    err = capsys.readouterr().err
    assert "hands.pbn: line 2: board 1: Vulnerable 'All', but board 1 is None vulnerable" in err
    assert not page.exists()
    deals.write_text(f'[Board "1"]\n[Vulnerable "None"]\n[Deal "{DEALS[1]}"]\n', encoding="utf-8")
    assert main(["score", str(night_csv), "--deals", str(deals), "-o", str(page)]) == 0
