"""Evenings no other test plays, set up and read back through the stand-in Data Connector
(tests/dataconnector_standin.py; no BCS runs here): two sections of a Mitchell, one with a sit-out and the last
round arrowswitched; a 7-table Howell of 3-board rounds with a late pair from round 3; names with accents,
apostrophes, member numbers with leading zeros and a player left blank; boards 1-27 dealt by ``mpxl deal`` sent as
the hand records; a result changed or erased at a table after the director ruled on it; and a Data Connector that
takes a request and never answers.

Each evening is checked against sources of its own: what ``mpxl tablets start`` (and ``update``) sent against
``mpxl movement --json`` of the same movement and against the PBN's own text; the scores against the same results
written by the test as a CSV file and scored as one; the workbook's travellers against the results the tablets
sent."""

from __future__ import annotations

import csv
import io
import json
import random
import re
import socket
import threading
from contextlib import redirect_stderr, redirect_stdout
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("bridgemate_dataconnector")

from bridgemate_dataconnector.dto import ResultDTO
from bridgemate_dataconnector.dto import ScoringProgramDataConnectorCommands as Cmd
from dataconnector_standin import StandIn

from mpxl.cli import main
from mpxl.formats import dataconnector
from mpxl.formats.journal import read_evening

CLUB, KEY = "CLUB1", "KEY-1"
LATE = "pair,names,members\n14,Hal Late & Ida Later,81 & 82\n"
#: Names the tablets must carry as they are: accents, apostrophes, member numbers with leading zeros (text), a
#: player left blank (the other keeps the seat: pair 5's player is South).
NAMES = ("pair,names,members\n1,Łukasz Wójcik & Seán O'Brien,00123 & 0456\n2,Jiří Novák & Zoë d'Arcy,789 & 00012\n"
         "4,Bob Jones &,6 &\n5,& Cy Young, & 007\n")
#: What the names above give each seat of round 1 of a 4-table Howell: (table, seat) -> (member number, name).
NAMED_SEATS = {(1, "E"): ("00123", "Łukasz Wójcik"), (1, "W"): ("0456", "Seán O'Brien"),
               (2, "N"): ("789", "Jiří Novák"), (2, "S"): ("00012", "Zoë d'Arcy"), (3, "E"): ("6", "Bob Jones"),
               (4, "S"): ("007", "Cy Young")}

#: name -> (the movement: `mpxl tablets start` and `mpxl movement` alike, --sections, the change before a round
#: (its round, `mpxl tablets update`'s options, the same as `mpxl movement`'s --joins), the names file, the boards
#: dealt)
EVENINGS: dict[str, dict[str, Any]] = {
    "two-section mitchell, B with a sit-out, the last round arrowswitched": dict(
        movement=["mitchell", "--tables", 5, "--boards-per-round", 3, "--arrowswitch", 1], sections=2,
        change=(1, ["--section", "B", "--movement", "mitchell", "--tables", 5, "--boards-per-round", 3,
                    "--arrowswitch", 1, "--pairs", 9], {"B": ["--pairs", 9]}), names="", dealt=""),
    "7-table howell of 3-board rounds, pair 14 late from round 3": dict(
        movement=["howell", "--tables", 7, "--boards-per-round", 3, "--pairs", 13], sections=1,
        change=(3, ["--movement", "howell", "--tables", 7, "--boards-per-round", 3, "--pairs", 14, "--names", LATE],
                {"A": ["--joins", "14@3"]}), names="", dealt=""),
    "names with accents, apostrophes, leading zeros, a player left blank": dict(
        movement=["howell", "--tables", 4, "--boards-per-round", 2], sections=1, change=None, names=NAMES, dealt=""),
    "boards 1-27 dealt by mpxl deal, sent as the hand records": dict(
        movement=["mitchell", "--tables", 9, "--boards-per-round", 3], sections=1, change=None, names="",
        dealt="1-27"),
}


def mpxl(*argv: Any) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with redirect_stdout(out), redirect_stderr(err):
        code = main([str(a) for a in argv])
    return code, out.getvalue(), err.getvalue()


def creds(standin: StandIn) -> list[str]:
    return ["--connector", standin.url, "--club-id", CLUB, "--licence-key", KEY]


@pytest.fixture
def standin():
    s = StandIn(CLUB, KEY)
    yield s
    s.stop()


def expected_rows(evening: dict[str, Any], letters: str) -> dict[tuple[int, int], tuple[int, int, int, int]]:
    """(round, table) -> (NS, EW, low board, high board) as ``mpxl movement --json`` gives the section's movement
    (the change's --joins from its round on), a sit-out's boards 0-0 as the Data Connector takes them."""
    extra = evening["change"][2].get(letters, []) if evening["change"] else []
    code, out, err = mpxl("movement", *evening["movement"], *extra, "--json")
    assert code == 0, err
    rows = {}
    for r in json.loads(out)["rows"]:
        ns, ew = int(r["ns"] or 0), int(r["ew"] or 0)
        rows[(r["round"], r["table"])] = (ns, ew, *((min(r["boards"]), max(r["boards"])) if ns and ew else (0, 0)))
    return rows


def sent_rows(tables: Any) -> dict[tuple[int, int], tuple[int, int, int, int]]:
    return {(r.round_number, t.table_number): (r.pair_ns, r.pair_ew, r.low_board_number, r.high_board_number)
            for t in tables for r in t.rounds}


def never_seated(rows: dict[tuple[int, int], tuple[int, int, int, int]], tables: int, winners: int) -> int:
    """The Data Connector's MissingPair of these rows, counted here: the one pair number never seated (with two
    winners an EW pair negative), 0 for none."""
    if winners == 1:
        absent = set(range(1, 2 * tables + 1)) - {p for ns, ew, _, _ in rows.values() for p in (ns, ew)}
        return absent.pop() if len(absent) == 1 else 0
    ew_absent = set(range(1, tables + 1)) - {ew for _, ew, _, _ in rows.values()}
    return -ew_absent.pop() if len(ew_absent) == 1 else 0


def pbn_hands(path: Path) -> dict[int, dict[str, str]]:
    """Each board's hands read from the PBN's own text: board -> seat -> 'spades.hearts.diamonds.clubs'."""
    out = {}
    for m in re.finditer(r'\[Board "(\d+)"\].*?\[Deal "([NESW]):([^"]+)"\]', path.read_text(encoding="utf-8"), re.S):
        first = "NESW".index(m.group(2))
        out[int(m.group(1))] = {"NESW"[(first + k) % 4]: hand for k, hand in enumerate(m.group(3).split())}
    return out


def a_result(rng: random.Random, guid: str, letters: str, rnd: int, table: int, ns: int, ew: int,
             board: int) -> ResultDTO:
    """A tablet's result: a contract (doubled now and then) or a pass, an artificial score or a board not played
    now and then, a lead."""
    level = rng.choice([1, 2, 3, 3, 4, 4, 4, 5, 6, 0, -7, -10])
    seat = rng.randint(1, 4)
    played = level > 0
    return ResultDTO(session_guid=guid, section_letters=letters, table_number=table, round_number=rnd,
                     board_number=board, scoring_direction=3, pair_north_south=ns, pair_east_west=ew,
                     declaring_pair=ns if seat in (1, 3) else ew, declarer_direction=seat if played else 0,
                     level=level, denomination=rng.randint(1, 5) if played else 0,
                     stake=rng.choice([0, 0, 0, 1]) if played else 0,
                     total_tricks=max(0, min(13, 6 + level + rng.randint(-3, 1))) if played else 0,
                     lead_card_rank=rng.randint(2, 14) if played else 0, lead_card_suit=rng.randint(1, 4) if played
                     else 0)


def same_as_csv(results: list[ResultDTO], sitouts: list[tuple[str, int, int, int, str]], path: Path) -> Path:
    """The standing results (the last of a table, round and board) as a CSV of travellers, with the sit-outs (the
    section named when there are several, as the tablets' database names it)."""
    several = len({d.section_letters for d in results}) > 1
    standing = {}
    for d in results:
        standing[(d.section_letters, d.table_number, d.round_number, d.board_number)] = d
    rows = []
    for (letters, table, _rnd, board), d in sorted(standing.items()):
        row = {"section": letters if several else "", "board": board, "table": table, "ns_pair": d.pair_north_south,
               "ew_pair": d.pair_east_west, "contract": "", "declarer": "", "tricks": "", "lead": "",
               "adjustment": ""}
        if d.level == 0:
            row["contract"] = "PASS"
        elif d.level == -7:
            row["adjustment"] = "60/40"
        elif d.level == -10:
            row["adjustment"] = "NP"
        else:
            row["contract"] = f"{d.level}{['C', 'D', 'H', 'S', 'NT'][d.denomination - 1]}{'x' * d.stake}"
            row["declarer"], row["tricks"] = "NESW"[d.declarer_direction - 1], d.total_tricks
        rows.append(row)
    for letters, table, board, pair, side in sitouts:
        rows.append({"section": letters if several else "", "board": board, "table": table, "ns_pair": pair if side == "NS" else "",
                     "ew_pair": pair if side == "EW" else "", "contract": "", "declarer": "", "tricks": "",
                     "lead": "", "adjustment": "sitout"})
    with open(path, "w", newline="", encoding="utf-8") as f:
        w = csv.DictWriter(f, fieldnames=list(rows[0]))
        w.writeheader()
        w.writerows(rows)
    return path


def figures(path: Path) -> tuple[dict[Any, Any], dict[Any, Any]]:
    code, out, err = mpxl("score", path, "--json")
    assert code == 0, err
    doc = json.loads(out)
    pairs = {(p["section"], p["pair"], p["direction"]): (p["mp"], p["percentage"], p["place"], p["boards"])
             for p in doc["pairs"]}
    # an artificial score's code as each file spells it (the tablets' 60%-40% is A+/A-, the CSV's 60/40): its
    # matchpoints compared
    lines = {(b["section"], b["board"], ln["ns_pair"], ln["ew_pair"]): (
        ln["ns_score"] if isinstance(ln["ns_score"], int) else None, ln["ns_mp"], ln["ew_mp"])
        for b in doc["boards"] for ln in b["lines"]}
    return pairs, lines


@pytest.mark.parametrize("name", list(EVENINGS))
def test_an_evening_set_up_played_and_read_back(tmp_path, standin, name):
    evening = EVENINGS[name]
    journal = tmp_path / "night.tablets.json"
    more: list[Any] = []
    if evening["names"]:
        (tmp_path / "names.csv").write_text(evening["names"], encoding="utf-8")
        more += ["--names", tmp_path / "names.csv"]
    if evening["dealt"]:
        assert mpxl("deal", "--boards", evening["dealt"], "--seed", 27, "-o", tmp_path / "deals.pbn")[0] == 0
        more += ["--deals", tmp_path / "deals.pbn"]
    code, out, err = mpxl("tablets", "start", "--movement", *evening["movement"], "--sections", evening["sections"],
                          "--date", "2026-12-02", "-o", journal, *more, *creds(standin))
    assert code == 0, err
    (init,) = standin.events.values()
    guid = init.sessions[0].session_guid
    sections = {s.letters: s for g in init.sessions[0].scoring_groups for s in g.sections}
    assert sorted(sections) == [chr(65 + i) for i in range(evening["sections"])]
    assert len({g.scoring_group_number for g in init.sessions[0].scoring_groups}) == evening["sections"]

    rng = random.Random(name)
    pushed: list[ResultDTO] = []
    sitouts = []
    first_changed = evening["change"][0] if evening["change"] else 0
    rounds = max(r.round for r in read_evening(journal).sections["A"].rows)
    for rnd in range(1, rounds + 1):
        if rnd == first_changed:
            options = list(evening["change"][1])
            if "--names" in options:
                at = options.index("--names") + 1
                (tmp_path / "late.csv").write_text(options[at], encoding="utf-8")
                options[at] = tmp_path / "late.csv"
            code, out, err = mpxl("tablets", "update", journal, "--from-round", rnd, *options, *creds(standin))
            assert code == 0, err
        ev = read_evening(journal)
        for letters, section in ev.sections.items():
            for r in section.rows:
                if r.round != rnd:
                    continue
                if r.ns and r.ew:
                    for board in r.boards:
                        pushed.append(a_result(rng, guid, letters, rnd, r.table, int(r.ns), int(r.ew), board))
                        standin.push(pushed[-1])
                elif r.ns or r.ew:
                    sitouts += [(letters, r.table, b, r.ns or r.ew, "NS" if r.ns else "EW") for b in r.boards]
        code, out, err = mpxl("score", journal, "--tablets", "-o", tmp_path / "night.xlsx", "-o",
                              tmp_path / "live.html", *creds(standin))
        assert code == 0, err
    assert standin.refused == [] and standin.waiting() == 0

    # what the tablets were given: every section's tables, rounds, pairs and boards as mpxl movement has them
    for letters, section in sections.items():
        updated = [u for u in standin.updates if u.letters == letters]
        want = expected_rows(evening, letters)
        got = sent_rows(section.tables)
        if updated:
            later = sent_rows(updated[-1].tables)
            assert {k for k, v in later.items() if k[0] < first_changed and v != got[k]} == set()  # played as sent
            got = later
            section = updated[-1]
        assert got == want, letters
        tables = max(t for _, t in want)
        assert section.missing_pair == never_seated(want, tables, section.winners), letters
    if evening["names"]:
        players = {p.player_number: f"{p.first_name or ''} {p.last_name}".strip() for p in init.player_data}
        seats = {(p.table_number, "NESW"[int(p.direction) - 1]): (p.player_number, players[p.player_number])
                 for p in init.participations}
        assert seats == NAMED_SEATS
    if evening["dealt"]:
        hands = pbn_hands(tmp_path / "deals.pbn")
        sent = {h.board_number: {seat: ".".join(getattr(h, f"{word}_{suit}") or "" for suit in
                                                ("spades", "hearts", "diamonds", "clubs"))
                                 for seat, word in zip("NESW", ("north", "east", "south", "west"))}
                for h in init.handrecords}
        assert sent == hands and sorted(sent) == list(range(1, 28))

    # read back: the scores those of the same results written as a file, every line and every pair
    same = same_as_csv(pushed, sitouts, tmp_path / "same.csv")
    assert figures(journal) == figures(same)
    doc = json.loads(mpxl("score", journal, "--json")[1])
    assert doc["tablets"]["missing"] == [] and doc["tablets"]["disagreements"] == []
    if evening["names"]:
        named = {tuple(p["names"]) for p in doc["pairs"] if p["names"]}
        assert {("Łukasz Wójcik", "Seán O'Brien"), ("Jiří Novák", "Zoë d'Arcy"), ("Bob Jones",), ("Cy Young",)} == named
        members = {pl["member_number"] for p in doc["pairs"] for pl in p.get("players") or []}
        assert {"00123", "0456", "00012", "007"} <= members
    if evening["change"] and "--names" in evening["change"][1]:
        assert [p["names"] for p in doc["pairs"] if p["pair"] == "14"] == [["Hal Late", "Ida Later"]]
    # the workbook's travellers hold the contracts the tablets sent, the page every lead
    book = traveller_lines(tmp_path / "night.xlsx")
    standing = {(d.section_letters, d.board_number, d.pair_north_south): d for d in pushed}
    for key, d in standing.items():
        if d.level > 0:
            strain = ["C", "D", "H", "S", "NT"][d.denomination - 1]
            assert book[key] == (f"{d.level}{strain}{'x' * d.stake}", "NESW"[d.declarer_direction - 1],
                                 d.total_tricks), key
    leads = sorted(re.findall(r'<td class="wide">([CDHS][2-9TJQKA])</td>', (tmp_path / "live.html").read_text(
        encoding="utf-8")))
    assert leads == sorted("CDHS"[d.lead_card_suit - 1] + "23456789TJQKA"[d.lead_card_rank - 2]
                           for d in standing.values() if d.level > 0)


def traveller_lines(path: Path) -> dict[tuple[str, int, int], tuple[Any, Any, Any]]:
    """The workbook's Travellers: (section, board, NS pair) -> (contract, by, tricks), read as typed (its input
    columns: read-only and without the formulas, which a full load would translate cell by cell)."""
    import openpyxl

    wb = openpyxl.load_workbook(path, read_only=True, data_only=True)
    try:
        rows = wb["Travellers"].iter_rows(min_row=4, max_col=30, values_only=True)
        header = next(rows)
        heads: dict[Any, int] = {}
        for i, value in enumerate(header):
            heads.setdefault(value, i)
        out = {}
        for row in rows:
            ns = row[heads["NS pair"]]
            if ns in (None, ""):
                continue
            section = row[heads["Section"]] or "A"
            out[(str(section), int(row[heads["Board"]]), int(ns))] = tuple(
                row[heads[k]] for k in ("Contract", "By", "Tricks"))
        return out
    finally:
        wb.close()


@pytest.mark.parametrize("kind, tables, pairs, missing", [
    ("howell", 7, 13, 14),
    ("mitchell", 5, 9, -5),  # EW pair 5: negative, as the Data Connector says an EW pair with two winners
    ("hesitation", 7, 13, 14),
    ("hesitation", 8, 15, 1),  # an even hesitation's missing pair is pair 1, not the highest
    ("relay", 4, 7, -4),
    ("appendix", 14, 27, -14),
])
def test_the_missing_pair_sent_is_the_one_the_movement_never_seats(tmp_path, standin, kind, tables, pairs, missing):
    """The section's MissingPair is the pair its rounds never seat (BCS shows its opponents as sitting out): an
    even hesitation with 2T-1 pairs has pair 1 missing, and BCS was told pair 2T, a pair that plays every round."""
    code, _out, err = mpxl("tablets", "start", "--movement", kind, "--tables", tables, "--pairs", pairs, "-o",
                           tmp_path / "n.tablets.json", *creds(standin))
    assert code == 0, err
    (init,) = standin.events.values()
    (section,) = init.sessions[0].scoring_groups[0].sections
    rows = sent_rows(section.tables)
    assert (section.missing_pair, never_seated(rows, tables, section.winners)) == (missing, missing)


@pytest.mark.parametrize("names, members, said", [
    ("Ann Smith & Bob Jones", "7 & 8", ""),
    ("Ann Smith &", "7 &", ""),
    ("& Bob Jones", "& 8", ""),
    ("Ann Smith", "7", ""),
    ("Ann Smith & Bob Jones", "7", "pair 1: 2 names and 1 member numbers"),
    ("& Bob Jones", "7 & 8", "pair 1: member number 7 and no name beside it (the tablets take a member number "
     "with its player's name)"),
])
def test_a_pair_with_a_player_left_blank(tmp_path, standin, names, members, said):
    """A pair whose names file row leaves a player blank (``Ann Smith &`` with ``7 &``): the other seated in their
    own seat, by number; a number with no name refused in one line, nothing sent."""
    path = tmp_path / "names.csv"
    path.write_text(f"pair,names,members,direction\n1,{names},{members},NS\n", encoding="utf-8")
    code, _out, err = mpxl("tablets", "start", "--movement", "mitchell", "--tables", 3, "--names", path, "-o",
                           tmp_path / "n.tablets.json", *creds(standin))
    if said:
        assert (code, err.strip()) == (2, f"mpxl: {path}: line 2: {said}") and standin.requests == []
        return
    assert code == 0 and standin.refused == [], err
    (init,) = standin.events.values()
    seated = {"NESW"[int(p.direction) - 1]: p.player_number for p in init.participations}
    slots = [n.strip() for n in names.split("&")] + [""]
    numbers = [n.strip() for n in members.split("&")] + [""]
    assert seated == {seat: number for seat, name, number in zip("NS", slots, numbers) if name}


@pytest.fixture
def silent():
    """A service that takes every connection and never answers (BCS hung): its address."""
    server = socket.socket()
    server.bind(("127.0.0.1", 0))
    server.listen(20)
    held = []

    def take():
        while True:
            try:
                conn, _ = server.accept()
            except OSError:
                return
            held.append(conn)

    threading.Thread(target=take, daemon=True).start()
    yield f"http://127.0.0.1:{server.getsockname()[1]}"
    server.close()
    for c in held:
        c.close()


@pytest.mark.parametrize("argv", [
    ["score", "{journal}", "--tablets", "-o", "{live}"],
    ["tablets", "update", "{journal}", "--absent", "3", "--from-round", "2"],
])
def test_a_service_that_takes_the_request_and_never_answers(tmp_path, standin, silent, monkeypatch, argv):
    """A Data Connector that takes the request and never answers: waited for once (the time limit), not once for
    each of the client's five tries (eight minutes at 100 s), and said as that, not as a service not there; the
    journal and the outputs as they were."""
    journal = tmp_path / "night.tablets.json"
    assert mpxl("tablets", "start", "--movement", "howell", "--tables", 4, "-o", journal, *creds(standin))[0] == 0
    before = journal.read_bytes()
    tries: list[float] = []
    real = dataconnector._Seen.__init__

    def short(self: Any, timeout_seconds: float) -> None:
        real(self, 0.3)

    monkeypatch.setattr(dataconnector._Seen, "__init__", short)
    real_post = dataconnector.UrllibTransport.post

    def counted(self: Any, url: str, body: str) -> str:
        tries.append(1)
        return real_post(self, url, body)

    monkeypatch.setattr(dataconnector.UrllibTransport, "post", counted)
    from bridgemate_dataconnector import client as vendor_client
    monkeypatch.setattr(vendor_client.time, "sleep", lambda s: None)
    words = [a.format(journal=journal, live=tmp_path / "live.html") for a in argv]
    code, _out, err = mpxl(*words, "--connector", silent, "--club-id", CLUB, "--licence-key", KEY)
    assert code == 2 and err.count("\n") == 1, err
    assert "took the request but did not answer within 0.3 s: BCS busy or its service hung" in err
    assert len(tries) == 1  # the other four tries not waited for
    assert journal.read_bytes() == before and not (tmp_path / "live.html").exists()


@pytest.mark.parametrize("ruled, correction, said, line", [
    # the director ruled on the line, then the table changed its result: the ruling stays, and it is said
    ("60/40", "changed", "the tablets' result changed from 4S by N, 10 tricks (420) to 4S by N, 9 tricks (-50); "
     "the ruling 60/40 is kept", ("4S", 9, "60/40")),
    ("60/40", "erased, entered again", "the tablets' result changed from 4S by N, 10 tricks (420) to 4S by N, 9 "
     "tricks (-50); the ruling 60/40 is kept", ("4S", 9, "60/40")),
    # erased after the ruling: the director's ruling stands on the pairs' board, said (not as a line typed)
    ("60/40", "erased", "the tablets' result 4S by N, 10 tricks was erased at the table; the ruling 60/40 is kept "
     "(clear its Adjustment to leave the line out)", ("4S", 10, "60/40")),
    # no ruling: the table's correction scored
    ("", "changed", "the tablets' result changed from 4S by N, 10 tricks (420) to 4S by N, 9 tricks (-50) "
     "(corrected at the table): the tablets' is scored", ("4S", 9, None)),
    ("", "erased", "the tablets' result 4S by N, 10 tricks (420) was erased at the table: left out", None),
])
def test_a_result_changed_at_the_table_after_the_director_ruled(tmp_path, standin, ruled, correction, said, line):
    """A result the table changes or erases after it was sent, once the director has typed a ruling on its line in
    the workbook: the workbook and the page follow the table, the ruling is kept where the line still is, and each
    is said in one line naming the board, table, round and pairs."""
    import openpyxl

    journal, book = tmp_path / "night.tablets.json", tmp_path / "night.xlsx"
    assert mpxl("tablets", "start", "--movement", "mitchell", "--tables", 3, "--boards-per-round", 2, "-o", journal,
                *creds(standin))[0] == 0
    ev = read_evening(journal)
    first = [r for r in ev.sections["A"].rows if r.round == 1]

    def sent(r: Any, board: int, tricks: int, deleted: bool = False) -> ResultDTO:
        d = ResultDTO(session_guid=ev.session_guid, section_letters="A", table_number=r.table, round_number=1,
                      board_number=board, scoring_direction=3, pair_north_south=int(r.ns),
                      pair_east_west=int(r.ew), declaring_pair=int(r.ns), declarer_direction=1, level=4,
                      denomination=4, stake=0, total_tricks=tricks, lead_card_rank=12, lead_card_suit=3,
                      is_deleted=deleted)
        standin.push(d)
        return d

    for r in first:
        for b in r.boards:
            sent(r, b, 10)
    looked = ["score", journal, "--tablets", "-o", book, "-o", tmp_path / "live.html", *creds(standin)]
    assert mpxl(*looked)[0] == 0
    wb = openpyxl.load_workbook(book)
    ws = wb["Travellers"]
    heads: dict[Any, int] = {}
    for c in ws[4]:
        heads.setdefault(c.value, c.column)
    board, table = first[0].boards[0], first[0]
    row = next(r for r in range(5, ws.max_row + 1) if ws.cell(r, heads["Board"]).value == board
               and ws.cell(r, heads["NS pair"]).value == int(table.ns))
    if ruled:
        ws.cell(row, heads["Adjustment"]).value = ruled
        wb.save(book)
    if correction == "changed":
        sent(table, board, 9)
    elif correction == "erased, entered again":
        sent(table, board, 10, deleted=True)
        sent(table, board, 9)
    else:
        sent(table, board, 10, deleted=True)
    code, _out, err = mpxl(*looked)
    assert code == 0, err
    assert f"board {board}" in err and said in err, err
    lines = {(ws2.cell(r, heads["Board"]).value, ws2.cell(r, heads["NS pair"]).value): tuple(
        ws2.cell(r, heads[k]).value for k in ("Contract", "Tricks", "Adjustment"))
        for ws2 in [openpyxl.load_workbook(book)["Travellers"]] for r in range(5, ws2.max_row + 1)
        if ws2.cell(r, heads["NS pair"]).value not in (None, "")}
    assert lines.get((board, int(table.ns))) == line
    doc = json.loads(mpxl("score", book, "--json")[1])
    (scored,) = [ln for b in doc["boards"] if b["board"] == board for ln in b["lines"]
                 if ln["ns_pair"] == table.ns] or [None]
    if line is None:
        assert scored is None
    else:
        assert scored["ns_score"] == (ruled or -50), scored


@pytest.mark.parametrize("refused_at, sent, said", [
    (1, [], "refused (Exception): BCS is not running."),
    (2, ["A"], "section(s) A changed in BCS and in the journal, B not: give the same command again with --section B"),
])
def test_an_update_of_two_sections_refused_half_way(tmp_path, standin, monkeypatch, refused_at, sent, said):
    """``tablets update`` of two sections, BCS refusing the second: the first, which BCS took, is changed in the
    journal too (its results from then on are of its new movement), the other left as it was, and the line says
    which and how to send the rest; refused at the first, nothing changes."""
    journal = tmp_path / "night.tablets.json"
    assert mpxl("tablets", "start", "--movement", "mitchell", "--tables", 5, "--sections", 2, "-o", journal,
                *creds(standin))[0] == 0
    before = read_evening(journal)
    answer = standin.answer
    updates: list[int] = []

    def refusing(doc: dict[str, Any]) -> Any:
        if doc.get("Command") == int(Cmd.UpdateMovement):
            updates.append(1)
            standin.fault = "bcs" if len(updates) == refused_at else ""
        return answer(doc)

    monkeypatch.setattr(standin, "answer", refusing)
    code, _out, err = mpxl("tablets", "update", journal, "--absent", "NS 3", "--from-round", 2, *creds(standin))
    standin.fault = ""
    assert code == 2 and err.count("\n") == 1 and said in err, err
    after = read_evening(journal)
    for x in "AB":
        assert (after.sections[x].rows != before.sections[x].rows) == (x in sent), x
    assert [u.letters for u in standin.updates] == sent
    if sent:  # the same command again for the rest: every section as asked
        code, _out, err = mpxl("tablets", "update", journal, "--absent", "NS 3", "--from-round", 2, "--section", "B",
                               *creds(standin))
        assert code == 0, err
        again = read_evening(journal)
        assert again.sections["A"].rows == again.sections["B"].rows == after.sections["A"].rows
