"""The tablets set up and read through Bridgemate's Data Connector (issue 49), against the stand-in of
tests/dataconnector_standin.py (no BCS runs here): an evening set up by ``mpxl tablets start``, played
(results, a changed result, names typed at the tables, a director's call, the service gone a while, a late
pair, a ruling typed into the workbook), read by ``mpxl score --tablets --watch``; killed between a poll and
its accept; and each failure's one line."""

from __future__ import annotations

import csv
import json
import os
import random
import re
import shutil
import subprocess
import sys
import time
from pathlib import Path
from types import SimpleNamespace

import pytest

pytest.importorskip("bridgemate_dataconnector")

from bridgemate_dataconnector import client as vendor_client
from bridgemate_dataconnector.dto import ParticipationDTO, PlayerDataDTO, ResultDTO, TableDirection, TdCallDTO
from dataconnector_standin import StandIn
from shared import sheet_values

from mpxl.cli import build_parser, main
from mpxl.commands.watch import watch
from mpxl.core.contract import board_vulnerability
from mpxl.formats.journal import read_evening

ROOT = Path(__file__).resolve().parents[1]
CLUB, KEY = "CLUB1", "KEY-1"
NAMES = {1: ("Ann Smith", "2175878"), 2: ("Bob Jones", ""), 3: ("Cy Young", "31"), 4: ("Di Lane", "41"),
         5: ("Ed Moss", ""), 6: ("Flo Hart", "61"), 7: ("Gus Park", "")}
LATE = {8: ("Hal Late", "81")}


def mpxl(capsys, *argv):
    code = main([str(a) for a in argv])
    out, err = capsys.readouterr()
    return code, out, err


def creds(standin):
    return ["--connector", standin.url, "--club-id", CLUB, "--licence-key", KEY]


def names_file(path, names):
    with open(path, "w", newline="", encoding="utf-8") as f:
        w = csv.writer(f)
        w.writerow(["pair", "names", "members"])
        for pair, (name, member) in names.items():
            w.writerow([pair, f"{name} & {name.split()[0]}'s partner", f"{member or '-'} & -"])
    return path


def deals_file(path, boards):
    rng = random.Random(49)
    out = []
    for b in range(1, boards + 1):
        cards = [s + r for s in "SHDC" for r in "AKQJT98765432"]
        rng.shuffle(cards)
        hands = []
        for h in range(4):
            held = cards[h * 13:(h + 1) * 13]
            hands.append(".".join("".join(c[1] for c in held if c[0] == s) for s in "SHDC"))
        out.append(f'[Board "{b}"]\n[Dealer "{"NESW"[(b - 1) % 4]}"]\n[Vulnerable "{board_vulnerability(b).value}"]\n'
                   f'[Deal "N:{" ".join(hands)}"]\n')
    Path(path).write_text("\n".join(out), encoding="utf-8")
    return path


def result(guid, rnd, table, ns, ew, board, rng, **change):
    """A tablet's result: a contract drawn by ``rng`` (a pass now and then), as the package's ResultDTO."""
    level = rng.choice([1, 2, 3, 3, 4, 4, 0]) if not change.get("level") else change["level"]
    seat = rng.randint(1, 4)
    dto = ResultDTO(session_guid=guid, section_letters="A", table_number=table, round_number=rnd, board_number=board,
                    scoring_direction=3, pair_north_south=ns, pair_east_west=ew,
                    declaring_pair=ns if seat in (1, 3) else ew, declarer_direction=seat if level > 0 else 0,
                    level=level, denomination=rng.randint(1, 5) if level > 0 else 0, stake=0,
                    total_tricks=min(13, 6 + level + rng.randint(-2, 1)) if level > 0 else 0,
                    lead_card_rank=rng.randint(2, 14), lead_card_suit=rng.randint(1, 4))
    for k, v in change.items():
        setattr(dto, k, v)
    return dto


def round_results(journal, rnd, rng):
    ev = read_evening(journal)
    out = []
    for r in ev.sections["A"].rows:
        if r.round == rnd and r.ns and r.ew:
            out += [result(ev.session_guid, rnd, r.table, int(r.ns), int(r.ew), b, rng) for b in r.boards]
    return out


def push_round(standin, journal, rnd, rng):
    """Round ``rnd``'s results, made (:func:`round_results`) and pushed to the stand-in as the tablets send them."""
    dtos = round_results(journal, rnd, rng)
    for d in dtos:
        standin.push(d)
    return dtos


@pytest.fixture
def standin():
    s = StandIn(CLUB, KEY)
    yield s
    s.stop()


def start(capsys, tmp_path, standin, *more):
    journal = tmp_path / "night.tablets.json"
    code, out, err = mpxl(capsys, "tablets", "start", "--movement", "howell", "--tables", 4, "--boards-per-round", 2,
                          "--pairs", 7, "--names", names_file(tmp_path / "names.csv", NAMES),
                          "--deals", deals_file(tmp_path / "deals.pbn", 14), "--title", "Club night",
                          "--date", "2026-12-02", "-o", journal, *creds(standin), *more)
    assert code == 0, err
    return journal, out


def test_start_sets_the_event_up_and_every_dto_passes_the_validator(tmp_path, capsys, standin):
    journal, out = start(capsys, tmp_path, standin)
    assert standin.refused == []
    (init,) = standin.events.values()
    section = init.sessions[0].scoring_groups[0].sections[0]
    assert (section.letters, section.winners, section.missing_pair, len(section.tables)) == ("A", 1, 8, 4)
    assert {r.round_number for t in section.tables for r in t.rounds} == set(range(1, 8))
    assert [len(init.handrecords), len(init.player_data), len(init.participations)] == [14, 4, 14]
    assert init.bridgemate2_settings[0].lead_card and init.bridgemate3_settings[0].bm3_td_call
    assert "7 rounds, 14 boards; 14 player(s) named, 14 hand(s)" in out


def test_start_again_continues_the_same_event(tmp_path, capsys, standin):
    journal, _ = start(capsys, tmp_path, standin)
    guid = read_evening(journal).session_guid
    code, out, err = mpxl(capsys, "tablets", "start", "--movement", "howell", "--tables", 4, "-o", journal,
                          *creds(standin))
    assert code == 0, err
    assert [c.event_guid for c in standin.continued] == [guid] and len(standin.events) == 1
    assert "the same event continued" in out


def live_args(journal, tmp_path, standin, *more):
    return build_parser(only="score").parse_args(
        ["score", str(journal), "--tablets", "--watch", "-o", str(tmp_path / "night.xlsx"), "-o",
         str(tmp_path / "live.html"), "--every", "0.05", *creds(standin), *more])


def strip_refresh(html):
    return re.sub(r'<meta http-equiv="refresh" content="\d+">\n', "", html)


class _Captured:
    """What capsys gives a test, for a module's fixture (capsys is a test's own): ``readouterr()`` the output and
    the errors printed since the last call, from sys.stdout and sys.stderr held in strings while it is entered."""

    def __enter__(self):
        import contextlib
        import io

        self.out, self.err = io.StringIO(), io.StringIO()
        self._held = contextlib.ExitStack()
        self._held.enter_context(contextlib.redirect_stdout(self.out))
        self._held.enter_context(contextlib.redirect_stderr(self.err))
        return self

    def __exit__(self, *exc):
        self._held.close()

    def readouterr(self):
        said = (self.out.getvalue(), self.err.getvalue())
        for stream in (self.out, self.err):
            stream.seek(0)
            stream.truncate()
        return said


@pytest.fixture(scope="module")
def evening(tmp_path_factory):
    """The evening played through a stand-in of its own, looked at seven times by --watch, once for the module's
    tests (each reads it): (the journal, the DTOs pushed, what each look said, the folder of its live outputs, the
    stand-in)."""
    standin = StandIn(CLUB, KEY)
    try:
        with _Captured() as capsys:
            yield (*_play_evening(tmp_path_factory.mktemp("evening"), capsys, standin), standin)
    finally:
        standin.stop()


def _play_evening(tmp_path, capsys, standin):
    journal, _ = start(capsys, tmp_path, standin)
    guid = read_evening(journal).session_guid
    rng = random.Random(7)
    pushed = []

    def push(dtos):
        for d in dtos:
            standin.push(d)
            pushed.append(d)

    def play(look):
        if look == 0:
            push(round_results(journal, 2, rng))
        elif look == 1:  # a result changed at the table, names typed, a director's call
            changed = result(guid, 1, 2, 0, 0, 0, rng)
            first = pushed[0]
            for k in ("table_number", "round_number", "board_number", "pair_north_south", "pair_east_west"):
                setattr(changed, k, getattr(first, k))
            changed.level, changed.denomination, changed.declarer_direction = 3, 5, 1
            changed.declaring_pair, changed.total_tricks = first.pair_north_south, 10
            push([changed])
            standin.push(ParticipationDTO(session_guid=guid, section_letters="A", table_number=2,
                                          direction=TableDirection.North, round_number=1, player_number="999"))
            standin.push(PlayerDataDTO(session_guid=guid, club_id=CLUB, player_number="999", first_name="Zoe",
                                       last_name="Typed"))
            standin.push(TdCallDTO(session_guid=guid, section_letters="A", table_number=3, round_number=2, hour=20,
                                   minute=41, status=1))
        elif look == 2:  # the service gone: the tablets' results wait in BCS
            standin.stop()
            push(round_results(journal, 3, rng))
        elif look == 4:
            standin.start()
        elif look == 5:  # a late pair from round 4
            code, _out, err = mpxl(capsys, "tablets", "update", journal, "--movement", "howell", "--tables", 4,
                                   "--boards-per-round", 2, "--from-round", 4,
                                   "--names", names_file(tmp_path / "late.csv", LATE), *creds(standin))
            assert code == 0, err
            for rnd in range(4, 8):
                push(round_results(journal, rnd, rng))

    push(round_results(journal, 1, rng))
    looks = iter(range(10))
    said = []

    def sleep(_seconds):
        out, err = capsys.readouterr()
        said.append(err)
        play(next(looks))

    assert watch(live_args(journal, tmp_path, standin), steps=8, sleep=sleep) == 0
    said.append(capsys.readouterr()[1])
    return journal, pushed, said, tmp_path


def scored(capsys, path, *more):
    code, out, err = mpxl(capsys, "score", path, "--json", *more)
    assert code == 0, err
    return json.loads(out)


def test_the_evening_through_the_stand_in(evening, capsys):
    journal, pushed, said, _, standin = evening
    assert standin.refused == [] and standin.waiting() == 0  # every DTO valid, every result accepted
    doc = scored(capsys, journal)
    (superseded,) = doc["tablets"]["superseded"]  # the result changed at the table: the later one stands
    assert (superseded["table"], superseded["round"], superseded["board"]) == (
        pushed[0].table_number, 1, pushed[0].board_number)
    assert doc["tablets"]["missing"] == [] and len(doc["pairs"]) == 8
    names = {p["pair"]: p["names"] for p in doc["pairs"]}
    assert names["8"][0] == "Hal Late" and "Zoe Typed" in sum(names.values(), [])
    log = "".join(said)
    assert "director call: table 3, round 2, at 20:41: called" in log
    assert log.count("does not answer") == 1 and "answers again" in log


def test_the_live_outputs_are_those_of_the_journal_read_as_a_file(evening, tmp_path, capsys):
    journal, _pushed, _said, live_folder, _ = evening
    off = tmp_path / "off"
    off.mkdir()
    code, _out, err = mpxl(capsys, "score", journal, "-o", off / "night.xlsx", "-o", off / "live.html")
    assert code == 0, err
    live = strip_refresh((live_folder / "live.html").read_text(encoding="utf-8"))
    assert live == (off / "live.html").read_text(encoding="utf-8")
    for sheet in ("Travellers", "Pairs", "Totals"):
        assert sheet_values(live_folder / "night.xlsx", sheet) == sheet_values(off / "night.xlsx", sheet), sheet


def travellers_csv(journal, path):
    """The standing results of the journal as CSV travellers: the same evening as an independent file."""
    ev = read_evening(journal)
    standing = {}
    for d in ev.results:
        standing[(d["TableNumber"], d["RoundNumber"], d["BoardNumber"])] = d
    names = {}
    for p in scored_pairs(journal):
        names[p["pair"]] = " & ".join(p["names"])
    rows = []
    for (table, _rnd, board), d in sorted(standing.items(), key=lambda kv: (kv[0][2], kv[0][0])):
        ns, ew = str(d["PairNorthSouth"]), str(d["PairEastWest"])
        level = d["Level"]
        row = {"board": board, "table": table, "ns_pair": ns, "ew_pair": ew, "ns_names": names[ns],
               "ew_names": names[ew], "contract": "", "declarer": "", "tricks": "", "adjustment": ""}
        if level == 0:
            row["contract"] = "PASS"
        else:
            row["contract"] = f"{level}{['C', 'D', 'H', 'S', 'NT'][d['Denomination'] - 1]}"
            row["declarer"], row["tricks"] = "NESW"[d["DeclarerDirection"] - 1], d["TotalTricks"]
        rows.append(row)
    for r in ev.sections["A"].rows:
        if bool(r.ns) != bool(r.ew):
            for b in r.boards:
                pair = r.ns or r.ew
                rows.append({"board": b, "table": r.table, "ns_pair": r.ns or "", "ew_pair": r.ew or "",
                             "ns_names": names[pair] if r.ns else "", "ew_names": names[pair] if r.ew else "",
                             "contract": "", "declarer": "", "tricks": "", "adjustment": "sitout"})
    with open(path, "w", newline="", encoding="utf-8") as f:
        w = csv.DictWriter(f, fieldnames=list(rows[0]))
        w.writeheader()
        w.writerows(rows)
    return path


def scored_pairs(journal):
    code = subprocess.run([sys.executable, "-m", "mpxl", "score", str(journal), "--json"], capture_output=True,
                          text=True, env=dict(os.environ, PYTHONPATH=str(ROOT)))
    assert code.returncode == 0, code.stderr
    return json.loads(code.stdout)["pairs"]


def figures(doc):
    pairs = {p["pair"]: (p["mp"], p["percentage"], p["place"], p["names"]) for p in doc["pairs"]}
    lines = {(b["board"], ln["ns_pair"], ln["ew_pair"]): (ln["ns_mp"], ln["ew_mp"]) for b in doc["boards"]
             for ln in b["lines"]}
    return pairs, lines


def test_the_evening_scores_as_the_same_results_read_from_a_file(evening, tmp_path, capsys):
    journal, *_ = evening
    same = travellers_csv(journal, tmp_path / "same.csv")
    assert figures(scored(capsys, journal)) == figures(scored(capsys, same))


def test_a_ruling_typed_into_the_workbook_survives_every_poll(tmp_path, capsys, standin):
    import openpyxl

    journal, _ = start(capsys, tmp_path, standin)
    rng = random.Random(3)
    push_round(standin, journal, 1, rng)
    args = live_args(journal, tmp_path, standin)
    assert watch(args, steps=1) == 0
    book = tmp_path / "night.xlsx"
    wb = openpyxl.load_workbook(book)
    ws = wb["Travellers"]
    heads = {}
    for c in ws[4]:
        heads.setdefault(c.value, c.column)
    row = next(r for r in range(5, ws.max_row + 1) if ws.cell(r, heads["NS pair"]).value not in (None, ""))
    board, ns = ws.cell(row, 1).value, ws.cell(row, heads["NS pair"]).value
    ws.cell(row, heads["Adjustment"]).value = "60/40"
    wb.save(book)
    for rnd in (2, 3):
        push_round(standin, journal, rnd, rng)
        assert watch(live_args(journal, tmp_path, standin), steps=1) == 0
    ws = openpyxl.load_workbook(book)["Travellers"]
    again = next(r for r in range(5, ws.max_row + 1) if ws.cell(r, 1).value == board
                 and ws.cell(r, heads["NS pair"]).value == ns)
    assert ws.cell(again, heads["Adjustment"]).value == "60/40"
    capsys.readouterr()


def run(*argv, kill=""):
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    env.pop("MPXL_TABLETS_KILL", None)
    if kill:
        env["MPXL_TABLETS_KILL"] = kill
    return subprocess.run([sys.executable, "-m", "mpxl", *map(str, argv)], capture_output=True, text=True, env=env,
                          timeout=120)


@pytest.mark.parametrize("kill", ["polled", "written"])
def test_killed_between_the_poll_and_the_accept_loses_nothing_and_doubles_nothing(tmp_path, capsys, standin, kill):
    journal, _ = start(capsys, tmp_path, standin)
    rng = random.Random(11)
    first = push_round(standin, journal, 1, rng)
    outputs = ["-o", tmp_path / "night.xlsx", "-o", tmp_path / "live.html"]
    done = run("score", journal, "--tablets", *outputs, *creds(standin), kill=kill)
    assert done.returncode == 137, done.stderr
    assert standin.waiting() == len(first)  # killed before the accept: BCS still holds them
    assert len(read_evening(journal).results) == len(first)  # and so does the journal
    more = push_round(standin, journal, 2, rng)
    done = run("score", journal, "--tablets", *outputs, *creds(standin))
    assert done.returncode == 0, done.stderr
    ev = read_evening(journal)
    assert standin.waiting() == 0 and len(ev.results) == len(first) + len(more)  # nothing twice, nothing lost
    doc = scored(capsys, journal)
    assert doc["tablets"]["superseded"] == [] and len({(b["board"], ln["ns_pair"]) for b in doc["boards"]
                                                       for ln in b["lines"]}) == len(first) + len(more)


def test_killed_under_watch_goes_on_at_the_next_start(tmp_path, capsys, standin):
    journal, _ = start(capsys, tmp_path, standin)
    rng = random.Random(12)
    first = push_round(standin, journal, 1, rng)
    outputs = ["-o", tmp_path / "night.xlsx", "-o", tmp_path / "live.html"]
    done = run("score", journal, "--tablets", "--watch", "--every", "0.05", *outputs, *creds(standin), kill="written")
    assert done.returncode == 137, done.stderr
    assert standin.waiting() == len(first) and (tmp_path / "live.html").exists()
    done = run("score", journal, "--tablets", *outputs, *creds(standin))
    assert done.returncode == 0 and standin.waiting() == 0 and len(read_evening(journal).results) == len(first)


def test_a_pair_that_leaves_sits_its_opponents_out(tmp_path, capsys, standin):
    journal, _ = start(capsys, tmp_path, standin)
    code, out, err = mpxl(capsys, "tablets", "update", journal, "--absent", 3, "--from-round", 5, *creds(standin))
    assert code == 0, err
    (update,) = standin.updates
    seen = {(t.table_number, r.round_number): (r.pair_ns, r.pair_ew, r.low_board_number) for t in update.tables
            for r in t.rounds}
    assert all(3 not in v[:2] for (t, rnd), v in seen.items() if rnd >= 5)
    assert any(3 in v[:2] for (t, rnd), v in seen.items() if rnd < 5)
    assert all(v[2] == 0 for v in seen.values() if 0 in v[:2])  # a sit-out round carries no boards
    assert standin.refused == [] and "pair(s) 3 gone" in out


#: The vendor's client backs off between its five attempts at a request nothing (or no JSON) answered, in seconds.
BACK_OFF = [0.2, 0.4, 0.6, 0.8]


@pytest.mark.parametrize("what, make, said, backed_off", [
    ("unreachable", lambda s: s.stop(), "the Data Connector does not answer: is BCS 5 installed", BACK_OFF),
    ("BCS not running", lambda s: setattr(s, "fault", "bcs"), "refused (Exception): BCS is not running.", []),
    ("not JSON", lambda s: setattr(s, "fault", "garbage"), "a malformed answer from the Data Connector", BACK_OFF),
    ("an HTTP error", lambda s: setattr(s, "fault", "http 501"), "the service there answered HTTP 501: not the "
     "Data Connector, or a version that does not take this request", BACK_OFF),
    ("no list", lambda s: setattr(s, "fault", "shape"), "a malformed answer from the Data Connector (not a list",
     []),
    ("wrong licence key", lambda s: setattr(s, "licence_key", "OTHER"),
     "refused (Validation): Invalid club id or licence key. (check --club-id and --licence-key", []),
])
def test_each_failure_is_one_line_exit_2_and_loses_nothing(tmp_path, capsys, monkeypatch, standin, what, make,
                                                           said, backed_off):
    journal, _ = start(capsys, tmp_path, standin)
    rng = random.Random(5)
    push_round(standin, journal, 1, rng)
    before = journal.read_bytes()
    make(standin)
    # the client's own retries, their back-off counted, not waited (two seconds a case)
    slept: list[float] = []
    monkeypatch.setattr(vendor_client, "time", SimpleNamespace(**{**vars(time), "sleep": slept.append}))
    code, out, err = mpxl(capsys, "score", journal, "--tablets", "-o", tmp_path / "live.html", *creds(standin))
    assert (code, err.count("\n"), said in err) == (2, 1, True), err
    assert journal.read_bytes() == before and not (tmp_path / "live.html").exists()
    assert slept == backed_off


def test_under_watch_a_failure_is_said_once_and_retried(tmp_path, capsys, standin):
    journal, _ = start(capsys, tmp_path, standin)
    rng = random.Random(6)
    push_round(standin, journal, 1, rng)
    assert watch(live_args(journal, tmp_path, standin), steps=1) == 0
    page = (tmp_path / "live.html").read_bytes()
    standin.fault = "bcs"
    push_round(standin, journal, 2, rng)
    assert watch(live_args(journal, tmp_path, standin), steps=3, sleep=lambda s: None) == 0
    err = capsys.readouterr().err
    assert err.count("BCS is not running") == 1 and (tmp_path / "live.html").read_bytes() == page
    standin.fault = ""
    assert watch(live_args(journal, tmp_path, standin), steps=1) == 0
    assert standin.waiting() == 0 and (tmp_path / "live.html").read_bytes() != page


@pytest.mark.parametrize("argv, said", [
    (["--pin", "12"], "--pin: '12': the tablets' PIN is four digits"),
    (["--date", "2 Dec"], "--date: '2 Dec': expected YYYY-MM-DD"),
])
def test_start_refuses_a_bad_option_in_one_line(tmp_path, capsys, standin, argv, said):
    code, _out, err = mpxl(capsys, "tablets", "start", "--movement", "howell", "--tables", 4, "-o",
                           tmp_path / "n.tablets.json", *creds(standin), *argv)
    assert (code, err.strip()) == (2, f"mpxl: {said}") and not standin.events


def test_a_dto_the_validator_refuses_is_named_and_not_sent(tmp_path, capsys, standin):
    """A player number typed twice in the names: the package's validator refuses the InitDTO, nothing is sent."""
    names = names_file(tmp_path / "twice.csv", {1: ("Ann Smith", "7"), 2: ("Bob Jones", "7")})
    code, _out, err = mpxl(capsys, "tablets", "start", "--movement", "howell", "--tables", 4, "--names", names,
                           "-o", tmp_path / "n.tablets.json", *creds(standin))
    assert code == 2 and err.startswith("mpxl: the event (InitDTO): refused before sending (the package's "
                                        "validator): Duplicate (2) entries for player data"), err
    assert err.count("\n") == 1 and standin.requests == [] and not (tmp_path / "n.tablets.json").exists()


def test_without_credentials_one_line(tmp_path, capsys, standin, monkeypatch):
    monkeypatch.delenv("MPXL_BCS_LICENCE_KEY", raising=False)
    code, _out, err = mpxl(capsys, "tablets", "start", "--movement", "howell", "--tables", 4, "--connector",
                           standin.url, "--club-id", CLUB, "-o", tmp_path / "n.tablets.json")
    assert (code, err.strip()) == (2, "mpxl: --licence-key: the club's licence key for the Data Connector is needed "
                                      "(or MPXL_BCS_LICENCE_KEY)")


def test_the_journal_is_copied_as_a_file(evening, tmp_path, capsys):
    """mpxl check reads the journal as it reads the tablets' database."""
    journal, *_ = evening
    copy = tmp_path / "copy.tablets.json"
    shutil.copyfile(journal, copy)
    code, out, err = mpxl(capsys, "check", copy)
    assert code == 0 and "ready to publish" in out, out + err


@pytest.mark.parametrize("kind, tables, rounds", [
    ("mitchell", 5, 5), ("relay", 4, 4), ("three-quarter", 6, 8), ("howell", 3, 5),
    ("hesitation", 7, 8), ("hesitation", 8, 9), ("appendix", 14, 13), ("web", 15, 13),
])
def test_every_kind_of_movement_is_set_up_on_the_tablets(tmp_path, capsys, standin, kind, tables, rounds):
    """Each kind of movement (tables sharing boards among them: the relay's, the small Howell's, the even
    hesitation's, the appendix's; the web's copies) goes to BCS as a section of its tables and rounds, every DTO
    passing the maker's validator."""
    journal = tmp_path / "night.tablets.json"
    code, _out, err = mpxl(capsys, "tablets", "start", "--movement", kind, "--tables", tables, "-o", journal,
                           *creds(standin))
    assert code == 0, err
    assert standin.refused == []
    (init,) = standin.events.values()
    section = init.sessions[0].scoring_groups[0].sections[0]
    assert len(section.tables) == tables
    assert {r.round_number for t in section.tables for r in t.rounds} == set(range(1, rounds + 1))


@pytest.mark.parametrize("movement, rows, refused", [
    # names alone, no member numbers (most small clubs): seated by name, no player data
    (["howell", 3], ["1,Ann Smith & Bob Jones,", "2,Cy Young & Di Lane,"], ""),
    (["mitchell", 3], ["1,Ann Smith & Bob Jones,,NS", "1,Cy Young & Di Lane,,EW"], ""),
    (["mitchell", 3], ["1,Ann Smith & Bob Jones,7 & 8,NS", "2,Cy Young & Di Lane,,EW"], ""),
    # with two winners pair 1 is two pairs: a name with no direction is refused, not given to NS 1
    (["mitchell", 3], ["1,Ann Smith & Bob Jones,,", "2,Cy Young & Di Lane,,"],
     "pair 1: named with no direction, and with two winners the movement has an NS pair 1 and an EW pair 1"),
    # one winner (arrowswitched): the EW pairs have numbers of their own, no direction needed
    (["mitchell", 3, "--arrowswitch", 1], ["1,Ann Smith & Bob Jones,,", "4,Cy Young & Di Lane,,"], ""),
])
def test_a_names_file_seats_its_players(tmp_path, capsys, standin, movement, rows, refused):
    """Each named player round 1's participation at the pair's seat, by member number (with its player data)
    or by name; a names file the seats cannot be told from is refused in one line, nothing sent."""
    names = tmp_path / "names.csv"
    names.write_text("pair,names,members,direction\n" + "\n".join(rows) + "\n", encoding="utf-8")
    code, _out, err = mpxl(capsys, "tablets", "start", "--movement", movement[0], "--tables", *movement[1:],
                           "--names", names, "-o", tmp_path / "n.tablets.json", *creds(standin))
    if refused:
        assert code == 2 and err.startswith(f"mpxl: {refused}") and err.count("\n") == 1, err
        assert standin.requests == []
        return
    assert code == 0 and standin.refused == [], err
    (init,) = standin.events.values()
    players = [p.strip() for row in rows for p in row.split(",")[1].split("&")]
    numbers = [n.strip() for row in rows for n in (row.split(",")[2].split("&") if row.split(",")[2] else ["", ""])]
    assert len(init.participations) == len(players)
    assert len(init.player_data or []) == sum(1 for n in numbers if n)
    assert sorted(p.player_number or f"{p.first_name} {p.last_name}" for p in init.participations) == sorted(
        n or name for name, n in zip(players, numbers))


@pytest.mark.parametrize("dealt, said", [
    ("1-14", ""),
    ("1-36", ""),  # more boards dealt than played: those played sent
    ("9-20", "mpxl: --deals {deals}: no deal for boards 1-8"),
    ("30-40", "mpxl: {deals}: its deals are for boards 30-40, the movement's boards are 1-14: a hand record of "
              "other boards"),
])
def test_start_sends_the_hands_of_the_movements_boards(tmp_path, capsys, standin, dealt, said):
    """The hand records of a deals file for other boards than the movement's are named as mpxl template and
    mpxl score name them: some boards without a deal on stderr, none of the boards refused (nothing sent)."""
    deals = tmp_path / "deals.pbn"
    assert mpxl(capsys, "deal", "--boards", dealt, "--seed", 1, "-o", deals)[0] == 0
    code, out, err = mpxl(capsys, "tablets", "start", "--movement", "howell", "--tables", 4, "--boards-per-round", 2,
                          "--deals", deals, "-o", tmp_path / "n.tablets.json", *creds(standin))
    first, last = (int(x) for x in dealt.split("-"))
    sent = len(set(range(first, last + 1)) & set(range(1, 15)))  # 7 rounds of 2 boards: boards 1-14
    assert err.strip() == said.format(deals=deals)
    if sent == 0:
        assert code == 2 and standin.requests == []
        return
    (init,) = standin.events.values()
    assert code == 0 and sorted(h.board_number for h in init.handrecords) == sorted(
        set(range(first, last + 1)) & set(range(1, 15)))
    assert f"{sent} hand(s)" in out


@pytest.mark.parametrize("kind, update, said, gone", [
    ("howell", ["--absent", "3", "--from-round", 5], "", [("NS", "3"), ("EW", "3")]),  # one field: either seat
    # two winners: NS 3 and EW 3 are two pairs, only the one named leaves
    ("mitchell", ["--absent", "NS 3", "--from-round", 3], "", [("NS", "3")]),
    ("mitchell", ["--absent", "ew3", "--from-round", 3], "", [("EW", "3")]),
    ("mitchell", ["--absent", "3", "--from-round", 3],
     "mpxl: --absent: pair 3: with two winners name the pair NS 3 or EW 3", []),
    ("howell", ["--absent", "99", "--from-round", 5], "mpxl: --absent: pair 99: no such pair in the movement from "
     "round 5", []),
    ("howell", ["--absent", "x", "--from-round", 5], "mpxl: --absent: 'x': expected a pair number, such as 3 (NS 3 "
     "or EW 3 with two winners)", []),
    ("howell", ["--absent", "3", "--from-round", 40], "mpxl: --from-round: 40: the movement has rounds 1 to 7", []),
])
def test_update_absent_takes_the_pair_named(tmp_path, capsys, standin, kind, update, said, gone):
    """``tablets update --absent``: the pair named sits out from the round on (its opponents too), no other; with
    two winners named by its direction; a pair or a round the movement does not have refused in one line, nothing
    sent."""
    journal = tmp_path / "n.tablets.json"
    assert mpxl(capsys, "tablets", "start", "--movement", kind, "--tables", 4, "--boards-per-round", 2, "-o",
                journal, *creds(standin))[0] == 0
    before = read_evening(journal).sections["A"].rows
    code, _out, err = mpxl(capsys, "tablets", "update", journal, *update, *creds(standin))
    if said:
        assert (code, err.strip()) == (2, said) and standin.updates == []
        return
    assert code == 0 and standin.refused == [], err
    (dto,) = standin.updates
    after = {(r.round_number, t.table_number): (r.pair_ns, r.pair_ew) for t in dto.tables for r in t.rounds}
    first = int(update[3])
    for row in before:  # what the movement seated, less the pair named from the round on
        want = tuple(0 if (side, str(p)) in gone and row.round >= first else int(p or 0)
                     for side, p in (("NS", row.ns), ("EW", row.ew)))
        assert after[(row.round, row.table)] == want, (row, after[(row.round, row.table)])
