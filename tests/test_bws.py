"""The tablets' database (Bridgemate .bws): every rule on rows written here, the Access layer on the real file.

Rows are what :mod:`mpxl.formats.access` gives (column -> text or None); each rule of
:mod:`mpxl.formats.bws` is a table of rows in and the event (or the finding) out. The NS scores are
worked by hand from the Law 77 tables (board 1 none vulnerable, 2 NS, 3 EW, 4 all).
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys

import pytest

from mpxl.cli import main
from mpxl.core.adjustments import Artificial, parse_entry
from mpxl.core.errors import UserError
from mpxl.core.session import score_event
from mpxl.formats import access
from mpxl.formats.bws import artificial_code, event_from_rows, read_bws_reading, remark_kind
from tests.shared import REALDATA

REAL_BWS = REALDATA / "bridgemate-2005-05-09-12tables-arbitral.bws"
needs_real = pytest.mark.skipif(not REAL_BWS.exists(), reason=f"{REAL_BWS} not found")
READERS = access.available_readers()


def res(id, table, rnd, board, ns, ew, seat="N", contract="4 S", result="=", remarks=None, erased="0",
        time="1899-12-30 19:00:00", section=1, **more):
    """A ReceivedData row as the Access layer gives it (older layout; ``more`` adds newer columns)."""
    row = {"ID": str(id), "Section": str(section), "Table": str(table), "Round": str(rnd), "Board": str(board),
           "PairNS": str(ns), "PairEW": str(ew), "Declarer": None, "NS/EW": seat, "Contract": contract,
           "Result": result, "LeadCard": None, "Remarks": remarks, "DateLog": "2026-11-26 00:00:00",
           "TimeLog": time, "Erased": erased}
    row.update(more)
    return row


def rd(table, rnd, ns, ew, low, high, section=1, custom=None):
    return {"Section": str(section), "Table": str(table), "Round": str(rnd), "NSPair": str(ns), "EWPair": str(ew),
            "LowBoard": str(low), "HighBoard": str(high), "CustomBoards": custom}


# ------------------------------------------------------------------------------- contracts, results, seats

@pytest.mark.parametrize("board, seat, contract, result, ns_score, shown", [
    (1, "N", "4S", "=", 420, "4S"),
    (1, "N", "4 S x", "=", 590, "4Sx"),
    (2, "E", "3 D xx", "+1", -840, "3Dxx"),
    (4, "S", "2 NT", "-2", -200, "2NT"),
    (3, "W", "1NT", "+1", -120, "1NT"),
    (1, "N", "PASS", None, 0, "PASS"),
    (4, "W", "3 NT", "-3", 300, "3NT"),
])
def test_contract_result_and_seat_give_the_ns_score(board, seat, contract, result, ns_score, shown):
    reading = event_from_rows({"ReceivedData": [res(1, 1, 1, board, 1, 2, seat, contract, result)]})
    (line,) = reading.event.lines
    assert (line.score, line.contract) == (ns_score, shown)


@pytest.mark.parametrize("contract, result, message", [
    ("8S", "=", "contract '8S' not understood"),
    ("4Q", "=", "contract '4Q' not understood"),
    ("4 S", "+9", "result '+9' is impossible for 4S"),
    ("4 S", "", "result '' not understood"),
])
def test_a_contract_or_result_that_cannot_be_read_names_the_row(contract, result, message):
    with pytest.raises(UserError) as err:
        event_from_rows({"ReceivedData": [res(1, 1, 1, 1, 1, 2, "N", "4S"), res(7, 3, 2, 1, 5, 6, "N", contract,
                                                                                 result)]}, "n.bws")
    assert "n.bws: ReceivedData row ID 7 (table 3, round 2, board 1): " + message in str(err.value)


# ------------------------------------------------------------------------------------------------ remarks

@pytest.mark.parametrize("remarks, score, arrowswitch, undecided", [
    ("Not played", None, False, 0),
    ("Arbitral score", None, False, 1),
    ("Wrong direction", 420, True, 0),
    ("60%-40%", "A+/A-", False, 0),
    ("40%-60%", "A-/A+", False, 0),
    ("60%-60%", "A+/A+", False, 0),
    ("50%-50%", "A=/A=", False, 0),
    ("40%-50%", "A-/A=", False, 0),
])
def test_each_remark(remarks, score, arrowswitch, undecided):
    contract = "4 S" if remarks == "Wrong direction" else None
    reading = event_from_rows({"ReceivedData": [res(1, 1, 1, 1, 1, 2, "N", contract, "=" if contract else None,
                                                    remarks)]})
    (line,) = reading.event.lines
    assert (line.score, line.arrowswitch, len(reading.undecided)) == (score, arrowswitch, undecided)


@pytest.mark.parametrize("pct, entry", [((60, 40), Artificial(60, 40)), ((40, 60), Artificial(40, 60)),
                                        ((60, 60), Artificial(60, 60)), ((50, 60), Artificial(50, 60))])
def test_the_percentage_pairs_are_the_rulebooks_artificial_scores(pct, entry):
    assert parse_entry(artificial_code(*pct)) == entry


@pytest.mark.parametrize("text, kind", [(None, ""), ("  ", ""), ("not  played", "not played"),
                                        ("WRONG DIRECTION", "wrong direction"), ("Arbitral score", "undecided"),
                                        ("60% - 40%", "artificial"), ("Director called", "other"),
                                        ("６０%-４０%", "other")])  # ASCII digits only, as every reader
def test_remark_kinds(text, kind):
    assert remark_kind(text)[0] == kind


def test_arbitral_undecided_is_named_and_scored_as_not_played():
    rows = {"ReceivedData": [res(1, 1, 1, 1, 1, 2, "N", None, None, "Arbitral score"),
                             res(2, 2, 1, 1, 3, 4), res(3, 3, 1, 1, 5, 6, contract="3 NT", result="=")]}
    reading = event_from_rows(rows, "n.bws")
    assert [str(f) for f in reading.undecided] == ["section A, table 1, round 1, board 1: 'Arbitral score' (NS 1, EW 2)"]
    assert any("undecided" in w for w in reading.warnings())
    result = score_event(reading.event)
    assert result.boards[0].lines[0].ns_mp is None  # not a result


def test_wrong_direction_gives_each_pair_its_own_side():
    # tables 1 and 2 play board 1; at table 2 the pairs sat the other way round: EW pair 4 held
    # the NS cards and made 4S (+420 as played); pair 3 gets the EW side of the board
    rows = {"ReceivedData": [res(1, 1, 1, 1, 1, 2, contract="4 S", result="-1"),
                             res(2, 2, 1, 1, 3, 4, contract="4 S", result="=", remarks="Wrong direction")]}
    result = score_event(event_from_rows(rows).event)
    lines = {sl.line.ns_pair: (sl.ns_mp, sl.ew_mp) for sl in result.boards[0].lines}
    assert lines == {"1": (0, 2), "3": (0, 2)}  # +420 tops the NS cards: pair 4's, swapped to it


# -------------------------------------------------------------------------------------- corrections, erased

@pytest.mark.parametrize("rows, standing, superseded", [
    # a correction arrives later: it stands
    ([res(1, 1, 1, 1, 1, 2, result="=", time="1899-12-30 19:00:00"),
      res(2, 1, 1, 1, 1, 2, result="+1", time="1899-12-30 19:05:00")], 450, 1),
    # rewritten in place with an earlier time: the later time stands whatever the ID
    ([res(5, 1, 1, 1, 1, 2, result="-1", time="1899-12-30 19:00:00"),
      res(2, 1, 1, 1, 1, 2, result="=", time="1899-12-30 19:05:00")], 420, 1),
    # same time: the higher ID
    ([res(1, 1, 1, 1, 1, 2, result="=", time="1899-12-30 19:00:00"),
      res(2, 1, 1, 1, 1, 2, result="-1", time="1899-12-30 19:00:00")], -50, 1),
    # an erased row is no result, even the latest
    ([res(1, 1, 1, 1, 1, 2, result="=", time="1899-12-30 19:00:00"),
      res(2, 1, 1, 1, 1, 2, result="-1", time="1899-12-30 19:05:00", erased="1")], 420, 0),
    ([res(1, 1, 1, 1, 1, 2, result="=", erased="1"), res(2, 1, 1, 1, 1, 2, result="+2", erased="0")], 480, 0),
])
def test_the_latest_row_that_is_not_erased_stands(rows, standing, superseded):
    reading = event_from_rows({"ReceivedData": rows})
    assert [ln.score for ln in reading.event.lines] == [standing]
    assert len(reading.superseded) == superseded
    assert reading.erased == sum(r["Erased"] == "1" for r in rows)


# ------------------------------------------------------------------------------------------------ movement

def mitchell(same=False, switched_round=None):
    """Three tables, three rounds of one board: NS t, EW 4-6 (1-3 with ``same``) moving up, boards down."""
    slots = []
    for r in (1, 2, 3):
        for t in (1, 2, 3):
            ns, ew, b = t, (t + r - 2) % 3 + 1 + (0 if same else 3), (t - r) % 3 + 1
            if r == switched_round:
                ns, ew = ew, ns
            slots.append(rd(t, r, ns, ew, b, b))
    return slots


MITCHELL = mitchell()  # round 1: 1v4 b1, 2v5 b2, 3v6 b3; round 2: 1v5 b3, 2v6 b1, 3v4 b2; round 3: 1v6 b2, 2v4 b3, 3v5 b1
MITCHELL_SAME = mitchell(same=True)
ARROWSWITCHED = mitchell(switched_round=3)
HOWELL = [rd(1, 1, 1, 2, 1, 1), rd(2, 1, 3, 4, 1, 1), rd(1, 2, 4, 1, 2, 2), rd(2, 2, 2, 3, 2, 2),
          rd(1, 3, 1, 3, 3, 3), rd(2, 3, 4, 2, 3, 3)]


def results_of(movement):
    rows, i = [], 0
    for slot in movement:
        for board in range(int(slot["LowBoard"]), int(slot["HighBoard"]) + 1):
            i += 1
            rows.append(res(i, slot["Table"], slot["Round"], board, slot["NSPair"], slot["EWPair"],
                            time=f"1899-12-30 19:{i:02d}:00"))
    return rows


@pytest.mark.parametrize("movement, section, winners, pairs", [
    (MITCHELL, None, 2, 6),
    (MITCHELL_SAME, None, 2, 6),
    (ARROWSWITCHED, None, 1, 6),
    (HOWELL, None, 1, 4),
    (HOWELL, {"ID": "1", "Letter": "A ", "Tables": "2", "MissingPair": "0", "Winners": "2"}, 2, 8),  # newer: says so
])
def test_the_movement_decides_the_winners(movement, section, winners, pairs):
    rows = {"RoundData": movement, "ReceivedData": results_of(movement)}
    if section:
        rows["Section"] = [section]
    reading = event_from_rows(rows)
    assert reading.event.winners == {"": winners}
    assert not reading.problems
    assert len(reading.event.pairs) == pairs
    score_event(reading.event)  # and it scores


def test_a_missing_result_and_a_disagreement_are_named():
    rows = [r for r in results_of(MITCHELL) if (r["Table"], r["Round"]) not in (("2", "2"), ("3", "3"), ("1", "2"))]
    rows.append(res(97, 1, 2, 3, 1, 6, time="1899-12-30 20:00:00"))  # table 1 round 2 board 3: EW 6, not 5
    rows.append(res(98, 3, 2, 1, 3, 4, time="1899-12-30 20:01:00"))  # table 3 round 2: board 1, not 2
    reading = event_from_rows({"RoundData": MITCHELL, "ReceivedData": rows})
    assert [str(f) for f in reading.missing] == ["section A, table 2, round 2, board 1: no result (NS 2, EW 6)",
                                                 "section A, table 3, round 3, board 1: no result (NS 3, EW 5)"]
    assert [str(f) for f in reading.disagreements] == [
        "section A, table 1, round 2, board 3: pairs NS 1 EW 6, the movement has NS 1 EW 5: likeliest fix: the pair of "
        "the neighbouring table: NS 1 played board 3 against EW 5 (round 2, table 1); EW 6 sat at table 2 that round",
        "section A, table 3, round 2, board 1: a board the movement does not play at this table this round (board 2): "
        "likeliest fix: the board number misread: NS 3 v EW 4 played board 2 (round 2, table 3)"]
    assert len(reading.problems) == 4


@pytest.mark.parametrize("second, kept", [
    (res(50, 1, 2, 1, 1, 5, time="1899-12-30 21:00:00"), "1"),  # round 1 is the movement's for board 1: it stands
    (res(50, 1, 2, 1, 1, 5, time="1899-12-30 21:00:00", Round="7"), "1"),  # a round the movement lacks: round 1
])
def test_a_board_twice_at_a_table_is_named_and_the_movements_round_scored(second, kept):
    rows = results_of(MITCHELL) + [second]
    reading = event_from_rows({"RoundData": MITCHELL, "ReceivedData": rows}, "n.bws")
    twice = [f for f in reading.disagreements if "second result" in f.what]
    assert len(twice) == 1 and "row ID 50" in twice[0].what and twice[0].table == 1 and twice[0].board == 1
    (line,) = [ln for ln in reading.event.lines if ln.board == 1 and ln.table == 1]
    assert f"round {kept}" in line.where
    assert len(reading.event.lines) == 9


def test_a_pair_twice_in_a_round_of_the_movement_is_refused():
    bad = [rd(2, 1, 1, 5, 2, 2) if (s["Table"], s["Round"]) == ("2", "1") else s for s in MITCHELL]
    with pytest.raises(UserError, match="RoundData section A, round 1: pair 1 is at table 1 and at table 2"):
        event_from_rows({"RoundData": bad, "Section": [{"ID": "1", "Letter": "A"}], "ReceivedData": []}, "n.bws")


@pytest.mark.parametrize("slots, missing_pair", [
    ([rd(1, 1, 1, 3, 1, 1), rd(2, 1, 2, 0, 2, 2)], "0"),  # Mitchell numbering: pair 0 is the missing one
    ([rd(1, 1, 1, 3, 1, 1), rd(2, 1, 2, 4, 2, 2)], "4"),  # different numbers: Section.MissingPair says
])
def test_the_missing_pair_is_a_sit_out_not_a_missing_result(slots, missing_pair, tmp_path):
    from mpxl.commands.outputs import write_output

    rows = [res(1, 1, 1, 1, 1, 3), res(2, 3, 2, 3, 5, 6)]  # round 2 has begun (table 3, a board of its own)
    slots = slots + [rd(1, 2, 1, 3, 2, 2), rd(2, 2, 2, 0 if missing_pair == "0" else 4, 1, 1), rd(3, 2, 5, 6, 3, 3)]
    section = {"ID": "1", "Letter": "A", "Tables": "3", "MissingPair": missing_pair}
    reading = event_from_rows({"RoundData": slots, "Section": [section], "ReceivedData": rows})
    assert [str(f) for f in reading.missing] == ["section A, table 1, round 2, board 2: no result (NS 1, EW 3)"]
    assert sorted(p.number for p in reading.event.pairs) == ["1", "2", "3", "5", "6"]
    assert [(so.board, so.pair, so.direction) for so in reading.event.sitouts] == [(1, "2", "NS")]
    result = score_event(reading.event)
    for ext in (".xml", ".pbn", ".csv", ".html"):
        write_output(result, str(tmp_path / f"n{ext}"))


def test_custom_boards_replace_the_range():
    slots = [rd(1, 1, 1, 2, 1, 2, custom="1,3"), rd(2, 1, 3, 4, 1, 2, custom="1,3")]
    rows = [res(1, 1, 1, 1, 1, 2), res(2, 1, 1, 3, 1, 2), res(3, 2, 1, 1, 3, 4)]
    reading = event_from_rows({"RoundData": slots, "ReceivedData": rows})
    assert [str(f) for f in reading.missing] == ["section A, table 2, round 1, board 3: no result (NS 3, EW 4)"]
    assert not reading.disagreements


def test_sections_and_sessions():
    sections = [{"ID": "1", "Letter": "A", "Session": "1"}, {"ID": "2", "Letter": "B", "Session": "1"},
                {"ID": "3", "Letter": "A", "Session": "2"}]
    movement = [rd(1, 1, 1, 2, 1, 1, section=s) for s in (1, 2, 3)] + [rd(2, 1, 3, 4, 1, 1, section=s)
                                                                       for s in (1, 2, 3)]
    rows = [res(i, t, 1, 1, 2 * t - 1, 2 * t, section=s, time=f"1899-12-30 19:0{i}:00")
            for i, (s, t) in enumerate([(s, t) for s in (1, 2, 3) for t in (1, 2)], 1)]
    ev = event_from_rows({"Section": sections, "RoundData": movement, "ReceivedData": rows}).event
    assert sorted({(ln.section, ln.session) for ln in ev.lines}) == [("A", 1), ("A", 2), ("B", 1)]
    assert len(score_event(ev).pairs) == 8  # section A's pairs play both sessions: their totals add up


# ------------------------------------------------------------------------------------------- names, hands

def test_names_from_player_numbers_and_the_member_list_only_when_needed():
    players = [{"Section": "1", "Table": "1", "Direction": d, "Number": n, "Name": nm}
               for d, n, nm in (("N", "11", "Ann"), ("S", "12", None), ("E", "13", "Cy"), ("W", "0", "Di"))]
    asked = []
    tables = {"RoundData": MITCHELL, "ReceivedData": results_of(MITCHELL), "PlayerNumbers": players,
              "PlayerNames": [{"ID": "12", "strID": "12", "Name": "Bob"}]}

    def get(name):
        asked.append(name)
        return tables.get(name)

    ev = event_from_rows(get).event
    names = {(p.number, p.direction): p.names for p in ev.pairs if p.names}
    assert names == {("1", "NS"): ("Ann", "Bob"), ("4", "EW"): ("Cy", "Di")}
    assert "PlayerNames" in asked
    asked.clear()
    players[1]["Name"] = "Bo"
    event_from_rows(get)
    assert "PlayerNames" not in asked  # every seat has its name: the member list is not read


def test_newer_layout_player_numbers_round_and_extra_columns():
    players = [{"Section": "1", "Table": "2", "Direction": d, "Number": None, "Name": nm, "Round": "2"}
               for d, nm in (("N", "Eve"), ("S", "Fay"))]
    rows = [dict(r, Processed5="0", ExternalUpdate="0") for r in results_of(MITCHELL)]
    ev = event_from_rows({"RoundData": MITCHELL, "ReceivedData": rows, "PlayerNumbers": players,
                          "Section": [{"ID": "1", "Letter": "A", "Session": "1", "ScoringType": "1",
                                       "Winners": "0", "Tables": "2", "MissingPair": "0"}]}).event
    assert {p.number: p.names for p in ev.pairs if p.names} == {"2": ("Eve", "Fay")}  # table 2 round 2: NS 2


def test_hands_from_the_hand_record():
    hand = {"Section": "1", "Board": "1"}
    for seat, cards in (("North", ("AKQ", "J109", "", "AKQJ1098")), ("East", ("J109", "AKQ", "AKQJ10", "")),
                        ("South", ("", "", "", "")), ("West", ("", "", "", ""))):
        hand.update({seat + suit: c for suit, c in zip(("Spades", "Hearts", "Diamonds", "Clubs"), cards)})
    ev = event_from_rows({"ReceivedData": [res(1, 1, 1, 1, 1, 2)], "HandRecord": [hand]}).event
    assert ev.deals[1].hands == ("AKQ.JT9..AKQJT98", "JT9.AKQ.AKQJT.", "", "")


@pytest.mark.parametrize("ext", [".pbn", ".xml", ".html"])
def test_hands_reach_the_pbn_usebio_and_page(tmp_path, ext):
    from mpxl.commands.outputs import write_output

    hand = {"Section": "1", "Board": "1"}
    cards = {"North": "AKQJ T98 765 432", "East": "T98 765 432 AKQJ", "South": "765 432 AKQJ T98",
             "West": "432 AKQJ T98 765"}
    for seat, suits in cards.items():
        hand.update({seat + suit: c for suit, c in zip(("Spades", "Hearts", "Diamonds", "Clubs"), suits.split())})
    ev = event_from_rows({"ReceivedData": [res(1, 1, 1, 1, 1, 2), res(2, 2, 1, 1, 3, 4)], "HandRecord": [hand]}).event
    out = tmp_path / f"n{ext}"
    write_output(score_event(ev), str(out))
    text = out.read_text(encoding="utf-8", errors="replace")
    shown = {".pbn": "AKQJ.T98.765.432", ".xml": "<SPADES>AKQJ</SPADES>", ".html": "♠</span> AKQJ<br>"}
    assert shown[ext] in text


# --------------------------------------------------------------------------------------- the Access layer

@needs_real
@pytest.mark.skipif(len(READERS) < 2, reason="both readers (mdbtools and access-parser) are needed to compare")
def test_each_reader_reads_every_table_of_the_real_file_and_they_agree():
    dbs = {name: access.Database(REAL_BWS, [name]) for name in READERS}
    tables = dbs["mdbtools"].tables()
    assert sorted(tables) == sorted(dbs["access-parser"].tables())
    compared = 0
    for table in tables:
        got = {name: db.rows(table) for name, db in dbs.items()}
        assert got["mdbtools"] is not None, table  # mdbtools reads every table
        if got["access-parser"] is None:  # the one it cannot read: named, with the reason
            assert table == "PlayerNumbers" and "unpack_from" in dbs["access-parser"].failures[table]
            continue
        assert got["access-parser"] == got["mdbtools"], table
        compared += 1
    assert compared == len(tables) - 1


@needs_real
@pytest.mark.parametrize("reader", READERS)
def test_the_real_file_reads_the_same_with_each_reader(reader):
    reading = read_bws_reading(str(REAL_BWS), [reader])
    ev = reading.event
    assert len(ev.lines) == 288 and ev.winners == {"": 1} and len(ev.pairs) == 24
    assert not reading.problems
    arbitral = sorted((ln.board, ln.score) for ln in ev.lines if isinstance(ln.score, str))
    assert arbitral == [(1, "A-/A+"), (2, "A+/A+")]
    if reader == "access-parser":  # PlayerNumbers unread: named, and the rest scored
        assert any("PlayerNumbers" in n for n in reading.notes)
    assert READERS[0] == "mdbtools" or reader != "mdbtools"


def test_not_an_access_database(tmp_path, capsys):
    bad = tmp_path / "night.bws"
    bad.write_text("ID,Section\n1,1\n")
    assert main(["score", str(bad)]) == 2
    assert "not a Microsoft Access database" in capsys.readouterr().err


@needs_real
def test_half_written_database_is_a_message_not_a_traceback(tmp_path, capsys):
    cut = tmp_path / "cut.bws"
    cut.write_bytes(REAL_BWS.read_bytes()[:6000])
    assert main(["score", str(cut)]) == 2
    err = capsys.readouterr().err
    assert err.startswith("mpxl: ") and "Traceback" not in err


# --------------------------------------------------------------------------------------- the command

@needs_real
def test_score_the_real_database_every_output_at_once(tmp_path, capsys):
    outs = [tmp_path / n for n in ("n.xlsx", "n.html", "n.xml", "n.pbn", "n.csv")]
    args = ["score", str(REAL_BWS)] + [x for o in outs for x in ("-o", str(o))]
    assert main(args) == 0
    out = capsys.readouterr().out
    assert all(o.exists() for o in outs) and out.count("mpxl: wrote") == 5
    assert main(["score", str(REAL_BWS), "--json"]) == 0
    doc = json.loads(capsys.readouterr().out)
    assert main(["score", str(outs[2]), "--json"]) == 0  # the USEBIO written reads back to the same figures
    back = json.loads(capsys.readouterr().out)
    assert [p["percentage"] for p in back["pairs"]] == [p["percentage"] for p in doc["pairs"]]


@needs_real
def test_two_outputs_with_one_name_or_a_bad_one_write_nothing(tmp_path, capsys):
    a = tmp_path / "a.html"
    assert main(["score", str(REAL_BWS), "-o", str(a), "-o", str(a)]) == 2
    assert "named twice" in capsys.readouterr().err
    assert main(["score", str(REAL_BWS), "-o", str(a), "-o", str(tmp_path / "b.doc")]) == 2
    assert not a.exists()


@needs_real
def test_check_lists_what_to_look_at(tmp_path, capsys):
    assert main(["check", str(REAL_BWS)]) == 0
    assert "ready to publish" in capsys.readouterr().out


@needs_real
@pytest.mark.parametrize("kind, code, verdict", [
    ("its own", 0, "ready to publish"),  # the database's RoundData, written as a movement file
    ("a 12-table Mitchell", 1, "312 to settle against the movement"),  # not the movement the tables played
])
def test_check_against_a_movement_file(tmp_path, capsys, kind, code, verdict):
    """``mpxl check x.bws --movement FILE`` checks every result against that movement, as for any other input."""
    moves = tmp_path / "m.json"
    argv = ["--from", str(REAL_BWS)] if kind == "its own" else ["mitchell", "--tables", "12"]
    assert main(["movement", *argv, "-o", str(moves)]) == 0
    capsys.readouterr()
    assert main(["check", str(REAL_BWS), "--movement", str(moves)]) == code
    out = capsys.readouterr().out
    assert verdict in out.splitlines()[-1]
    assert (f"to settle (movement {moves}): " in out) == bool(code)
    assert main(["check", str(REAL_BWS), "--movement", str(moves), "--json"]) == code
    doc = json.loads(capsys.readouterr().out)
    assert doc["movement"]["file"] == str(moves) and len(doc["movement"]["to_settle"]) == (312 if code else 0)


def test_check_exits_1_on_a_missing_or_undecided_result(tmp_path, monkeypatch, capsys):
    rows = results_of(MITCHELL)[:-1] + [res(99, 1, 1, 1, 1, 4, remarks="Arbitral score", contract=None,
                                             time="1899-12-30 21:00:00")]
    fake = tmp_path / "n.bws"
    fake.write_bytes(b"\x00\x01\x00\x00Standard Jet DB\x00")
    monkeypatch.setattr("mpxl.formats.access.Database.rows",
                        lambda self, name: {"RoundData": MITCHELL, "ReceivedData": rows}.get(name))
    monkeypatch.setattr("mpxl.formats.access.Database.tables", lambda self: ["RoundData", "ReceivedData", "Section"])
    monkeypatch.setattr("mpxl.formats.access.available_readers", lambda: ["mdbtools"])
    assert main(["check", str(fake), "--json"]) == 1
    doc = json.loads(capsys.readouterr().out)
    assert [f["board"] for f in doc["missing"]] == [1]
    assert [(f["table"], f["board"]) for f in doc["undecided"]] == [(1, 1)]
    assert main(["score", str(fake)]) == 0
    assert "undecided" in capsys.readouterr().err


@needs_real
def test_deals_attach_a_hand_record_to_any_input(tmp_path, capsys):
    pbn = tmp_path / "deals.pbn"
    pbn.write_text('[Board "1"]\n[Dealer "N"]\n[Vulnerable "None"]\n'
                   '[Deal "N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765"]\n\n')
    out = tmp_path / "n.pbn"
    assert main(["score", str(REAL_BWS), "--deals", str(pbn), "-o", str(out)]) == 0
    assert "AKQJ.T98.765.432" in out.read_text(encoding="latin-1")
    assert main(["score", str(REAL_BWS), "--deals", str(tmp_path / "none.pbn")]) == 2


@pytest.mark.skipif(not shutil.which("mdb-export"), reason="mdbtools not installed")
@needs_real
def test_independent_check_agrees(tmp_path):
    tool = REALDATA.parent / "tools" / "check_bws.py"
    if not tool.exists():
        pytest.skip(f"{tool} not found")
    wrapper = tmp_path / "mpxl"
    wrapper.write_text(f"#!/bin/sh\nexec {sys.executable} -m mpxl \"$@\"\n")
    wrapper.chmod(0o755)
    r = subprocess.run([sys.executable, str(tool), str(wrapper), str(REAL_BWS)], capture_output=True, text=True,
                       timeout=300)
    assert r.returncode == 0, r.stdout + r.stderr


def test_both_readers_are_installed_in_ci():
    if os.environ.get("CI") == "true":  # .ci/run installs mdbtools (apt) and access-parser (the bws extra)
        assert READERS == ["mdbtools", "built-in", "access-parser"]


def test_a_database_without_results_table_is_named():
    with pytest.raises(UserError, match="n.bws: the database has no table ReceivedData"):
        event_from_rows({"RoundData": MITCHELL}, "n.bws")
    reading = event_from_rows({"ReceivedData": results_of(MITCHELL)}, "n.bws")  # no movement: scored, and said
    assert len(reading.event.lines) == 9 and "no RoundData" in reading.unsettled[0].what


@pytest.mark.parametrize("ext", [".xml", ".pbn", ".html", ".csv", ".xlsx"])
def test_names_reach_every_output(tmp_path, ext):
    from mpxl.commands.outputs import write_output

    players = [{"Section": "1", "Table": "1", "Direction": d, "Number": None, "Name": nm}
               for d, nm in (("N", "Ann Smith"), ("S", "Bob Jones"))]
    ev = event_from_rows({"RoundData": MITCHELL, "ReceivedData": results_of(MITCHELL), "PlayerNumbers": players},
                         "n.bws").event
    out = tmp_path / f"out{ext}"
    write_output(score_event(ev), str(out))
    if ext == ".xlsx":
        from openpyxl import load_workbook

        text = " ".join(str(c.value) for ws in load_workbook(out).worksheets for row in ws.iter_rows() for c in row)
    else:
        text = out.read_text(encoding="utf-8", errors="replace")
    assert "Ann Smith" in text and "Bob Jones" in text


def test_a_row_without_its_pairs_takes_the_movements():
    rows = results_of(MITCHELL)
    rows[0] = dict(rows[0], PairNS=None, PairEW="0")
    reading = event_from_rows({"RoundData": MITCHELL, "ReceivedData": rows})
    assert not reading.problems
    assert ("1", "4") in {(ln.ns_pair, ln.ew_pair) for ln in reading.event.lines if ln.board == 1}


@needs_real
def test_score_json_says_what_the_tablets_left_to_look_at(capsys):
    assert main(["score", str(REAL_BWS), "--json"]) == 0
    tablets = json.loads(capsys.readouterr().out)["tablets"]
    assert tablets["ready_to_publish"] and tablets["superseded"] == [] and tablets["erased"] == 0


def test_a_player_who_comes_in_later_is_named_after_the_pair():
    players = [{"Section": "1", "Table": "1", "Direction": d, "Number": None, "Name": nm, "Round": r}
               for d, nm, r in (("N", "Ann", "1"), ("S", "Bob", "1"), ("S", "Cal", "2"))]
    ev = event_from_rows({"RoundData": MITCHELL, "ReceivedData": results_of(MITCHELL), "PlayerNumbers": players}).event
    assert {p.number: p.names for p in ev.pairs if p.names} == {"1": ("Ann", "Bob", "Cal")}


@needs_real
def test_the_evening_from_the_tablets_through_the_workbook(tmp_path, capsys):
    """The README's story: the database to the workbook, the workbook read back to the same figures."""
    book = tmp_path / "night.xlsx"
    assert main(["score", str(REAL_BWS), "-o", str(book)]) == 0
    assert main(["score", str(REAL_BWS), "--json"]) == 0
    want = json.loads(capsys.readouterr().out.split("\n", 1)[1])
    assert main(["score", str(book), "--json"]) == 0
    got = json.loads(capsys.readouterr().out)
    assert [(p["pair"], p["mp"], p["percentage"], p["place"]) for p in got["pairs"]] == [
        (p["pair"], p["mp"], p["percentage"], p["place"]) for p in want["pairs"]]


@needs_real
def test_no_reader_installed_says_what_to_install(monkeypatch, capsys):
    monkeypatch.setattr(access, "available_readers", lambda: [])
    assert main(["score", str(REAL_BWS)]) == 2
    err = capsys.readouterr().err
    assert "needs a reader: mdbtools (apt-get install mdbtools" in err and 'pip install "mpxl-bridge[bws]"' in err


@needs_real
@pytest.mark.skipif("access-parser" not in READERS, reason="access-parser not installed")
def test_a_table_one_reader_cannot_read_is_named_and_the_rest_scored():
    reading = read_bws_reading(str(REAL_BWS), ["access-parser"])
    assert reading.notes[0].startswith("table PlayerNumbers could not be read (access-parser: unpack_from")
    assert len(reading.event.lines) == 288


@needs_real
def test_a_ruling_typed_into_the_evenings_workbook_is_read_back(tmp_path, capsys):
    """The README's story: the director types Ave+/Ave- on board 3 at table 1 into the workbook made from the
    database; the workbook read back scores it: 60% of the top of 22 (12 results) to NS 1, 40% to EW 24."""
    from openpyxl import load_workbook

    book, ruled = tmp_path / "night.xlsx", tmp_path / "ruled.xlsx"
    assert main(["score", str(REAL_BWS), "-o", str(book)]) == 0
    wb = load_workbook(book)
    ws = wb["Travellers"]
    head: dict = {}
    for c in ws[4]:  # the typed columns come first; helper columns further right may repeat a name
        head.setdefault(c.value, c.column)
    row = next(r for r in range(5, ws.max_row + 1) if ws.cell(r, head["Board"]).value == 3
               and str(ws.cell(r, head["NS pair"]).value) == "1")
    ws.cell(row, head["Adjustment"]).value = "A+/A-"
    wb.save(ruled)
    capsys.readouterr()
    assert main(["score", str(ruled), "--json"]) == 0
    board = next(b for b in json.loads(capsys.readouterr().out)["boards"] if b["board"] == 3)
    line = next(x for x in board["lines"] if x["ns_pair"] == "1")
    assert (board["top"], line["ns_mp"], line["ew_mp"]) == (22, 13.2, 8.8)


class _FakeReader:
    """A reader that opens, lists and reads as told: an exception's text where it fails."""

    def __init__(self, name: str, opens: str | None, lists: str | None, reads: str | None) -> None:
        if opens:
            raise OSError(opens)
        self.name, self.lists, self.reads = name, lists, reads

    def tables(self) -> list[str]:
        if self.lists:
            raise ValueError(self.lists)
        return ["ReceivedData"]

    def rows(self, table: str) -> list[dict[str, str | None]]:
        if self.reads:
            raise ValueError(self.reads)
        return [{"Board": self.name}]


@pytest.mark.parametrize("readers, rows, used, failure", [
    # each reader: (name, why it cannot open the file, list the tables, read a table); None where it can
    ([("a", None, None, None), ("b", None, None, None)], [{"Board": "a"}], "a", None),
    ([("a", "locked", None, None), ("b", None, None, None)], [{"Board": "b"}], "b", None),
    ([("a", None, None, "bad page"), ("b", None, None, None)], [{"Board": "b"}], "b", None),
    ([("a", None, "no catalog", None), ("b", None, None, None)], [{"Board": "a"}], "a", None),  # a table: a again
    ([("a", "locked", None, None), ("b", None, None, "bad page")], None, None, "a: locked; b: bad page"),
])
def test_each_reader_is_tried_in_turn_and_each_ones_reason_named(tmp_path, monkeypatch, readers, rows, used,
                                                                   failure):
    path = tmp_path / "n.bws"
    path.write_bytes(b"\x00\x01\x00\x00Standard Jet DB\x00" + bytes(16))
    openers = {name: (lambda p, clock, r=(name, *rest): _FakeReader(*r)) for name, *rest in readers}
    monkeypatch.setattr(access, "_OPENERS", openers)
    db = access.Database(path, list(openers))
    assert db.tables() == ["ReceivedData"]
    assert db.rows("receiveddata") == rows
    assert db.used.get("ReceivedData") == used
    assert db.failures.get("ReceivedData") == failure


@pytest.mark.parametrize("readers, message", [
    ([("a", "locked", None, None), ("b", None, "no catalog", None)], "a: locked; b: no catalog"),
    ([("a", None, "torn", None)], "a: torn"),
])
def test_no_reader_lists_the_tables_names_each_ones_reason(tmp_path, monkeypatch, readers, message):
    path = tmp_path / "n.bws"
    path.write_bytes(b"\x00\x01\x00\x00Standard Jet DB\x00" + bytes(16))
    openers = {name: (lambda p, clock, r=(name, *rest): _FakeReader(*r)) for name, *rest in readers}
    monkeypatch.setattr(access, "_OPENERS", openers)
    with pytest.raises(UserError, match="cannot read the database's list of tables .*: " + message):
        access.Database(path, list(openers)).tables()
