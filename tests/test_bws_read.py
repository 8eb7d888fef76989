"""The tablets' database read safely and without mdbtools (issue 35 §4-7, issue 33 §5).

- the built-in reader (:mod:`mpxl.formats.jet`, the route of a PC without mdbtools, as on Windows)
  reads every table of the shared database as mdbtools, an independent reader, does; names included;
- damaged databases (byte patches of the shared one, made here) give a result or a one-line
  refusal within the read's time limit (set small here through ``MPXL_BWS_TIME_LIMIT``);
- each mdbtools process is bounded (time, stdout, stderr kept);
- hostile cells are refused naming the row; ``check`` says "ready to publish" only when nothing is
  dropped and the movement is known; a FIFO is refused at once.
"""

from __future__ import annotations

import json
import os
import random
import shutil
import sys
import time

import pytest

from mpxl.cli import main
from mpxl.core.errors import UserError
from mpxl.formats import access
from mpxl.formats.bws import event_from_rows, read_bws_reading
from mpxl.formats.jet import JetFile
from tests.shared import REALDATA

REAL_BWS = REALDATA / "bridgemate-2005-05-09-12tables-arbitral.bws"
needs_real = pytest.mark.skipif(not REAL_BWS.exists(), reason=f"{REAL_BWS} not found")
needs_mdbtools = pytest.mark.skipif(not shutil.which("mdb-export"), reason="mdbtools not installed")
MAGIC = b"\x00\x01\x00\x00Standard Jet DB\x00"


# ------------------------------------------------------------------------------ the built-in reader


@needs_real
@needs_mdbtools
def test_the_built_in_reader_reads_every_table_as_mdbtools_does():
    ours, theirs = access.Database(REAL_BWS, ["built-in"]), access.Database(REAL_BWS, ["mdbtools"])
    tables = theirs.tables()
    assert sorted(ours.tables()) == sorted(tables) and len(tables) == 13
    counts = {}
    for table in tables:
        got = ours.rows(table)
        assert got == theirs.rows(table), table
        counts[table] = len(got or [])
    # the counts of shared/bws.md and the realdata README: 288 results, 12 tables x 12 rounds, 48 seats
    assert (counts["ReceivedData"], counts["RoundData"], counts["PlayerNumbers"], counts["Tables"]) == (288, 144, 48, 12)


@needs_real
def test_only_the_columns_asked_for_are_read():
    """As the member list (PlayerNames: ID, strID, Name) is read: only those columns, any case."""
    db = access.Database(REAL_BWS, ["built-in"])
    db.only["PlayerNumbers"] = ["name", "Number", "NoSuchColumn"]
    rows = db.rows("playernumbers")
    assert rows is not None and len(rows) == 48 and all(set(r) == {"Name", "Number"} for r in rows)


@needs_real
@needs_mdbtools
def test_the_windows_route_scores_as_the_mdbtools_route_names_included(monkeypatch, capsys):
    """MPXL_BWS_READERS=built-in: the readers a PC without mdbtools has (mdbtools never started)."""
    assert main(["score", str(REAL_BWS), "--json"]) == 0
    want = json.loads(capsys.readouterr().out)
    monkeypatch.setenv("MPXL_BWS_READERS", "built-in")
    monkeypatch.setattr(access, "_run_all", lambda *a: pytest.fail("mdbtools started"))
    assert main(["score", str(REAL_BWS), "--json"]) == 0
    got = json.loads(capsys.readouterr().out)
    assert got["pairs"] == want["pairs"] and got["boards"] == want["boards"]
    assert len(got["pairs"]) == 24 and got["tablets"] == want["tablets"]
    # PlayerNumbers read (access-parser cannot): in this database its 48 seats carry no number nor name
    assert not any("PlayerNumbers" in note for note in got["tablets"]["notes"])


def test_an_unknown_reader_named_in_the_environment_is_refused(monkeypatch):
    monkeypatch.setenv("MPXL_BWS_READERS", "built-in,odbc")
    with pytest.raises(UserError, match="MPXL_BWS_READERS: 'odbc' is not a reader"):
        access.available_readers()


@pytest.mark.parametrize("raw, text", [
    (b"A\x00B\x00", "AB"),  # UCS-2
    (b"\xff\xfeAB", "AB"),  # compressed: a byte a character
    (b"\xff\xfeAB\x00C\x00\x00D", "ABCD"),  # a 0 switches to two bytes a character, and back (mdbtools' rule)
    (b"\xff\xfe\x00\xe9\x00", "\u00e9"),  # two bytes: U+00E9
])
def test_jet4_text_and_its_compressed_form(raw, text):
    jet4 = JetFile(MAGIC + b"\x01" + bytes(4096 * 3))
    assert jet4.jet == 4 and jet4._text(raw) == text


# ------------------------------------------------------------------------------ damaged databases


def _patched(tmp_path, patches, name="night.bws"):
    data = bytearray(REAL_BWS.read_bytes())
    for offset, value in patches:
        data[offset] = value
    path = tmp_path / name
    path.write_bytes(bytes(data))
    return path


@needs_real
@pytest.mark.parametrize("offset, value", [
    (0x22783, 11),  # mdbtools loops (mdb-export grew to 11.8 GB in 9 minutes)
    (0x247DC, 236),  # mdb-tables prints warnings without end (2.9 GB of stderr in 60 s)
])
def test_a_byte_that_hangs_mdbtools_is_read_by_the_built_in_reader_within_the_limit(tmp_path, monkeypatch, capsys,
                                                                                    offset, value):
    path = _patched(tmp_path, [(offset, value)])
    monkeypatch.setenv("MPXL_BWS_TIME_LIMIT", "6")  # mdbtools stopped after 3 s; the built-in reader reads it
    assert main(["check", str(path), "--json"]) == 0
    doc = json.loads(capsys.readouterr().out)
    assert (doc["lines"], doc["pairs"], doc["ready_to_publish"]) == (288, 24, True)
    assert doc["notes"] == ["mdbtools could not read the database (mdb-tables did not finish in time): read by the "
                            "built-in reader"]


@needs_real
def test_seeded_random_damages_give_a_result_or_a_one_line_refusal(tmp_path, monkeypatch):
    monkeypatch.setenv("MPXL_BWS_TIME_LIMIT", "1")
    source = REAL_BWS.read_bytes()
    outcomes = {"read": 0, "refused": 0}
    for seed in range(16):
        rng = random.Random(seed)
        data = bytearray(source)
        for _ in range(rng.randint(1, 16)):
            data[rng.randrange(2048, len(data))] = rng.randrange(256)
        path = tmp_path / f"{seed}.bws"
        path.write_bytes(bytes(data))
        try:
            reading = read_bws_reading(str(path))
        except UserError as exc:
            assert "\n" not in str(exc) and str(exc).startswith(str(path)), str(exc)
            outcomes["refused"] += 1
        else:
            assert len(reading.event.lines) <= 288
            outcomes["read"] += 1
    assert outcomes["read"] and outcomes["refused"], outcomes  # both kinds met (seeds 0, 1, 4 are refused)


@needs_real
def test_out_of_time_is_one_line_naming_the_table(tmp_path, monkeypatch):
    clock = access.Clock(0.001)
    time.sleep(0.01)
    with pytest.raises(UserError, match=r"the list of tables: reading it took more than 0.001 s \(the database is "
                                        r"damaged; .*MPXL_BWS_TIME_LIMIT sets the limit\)"):
        access.Database(REAL_BWS, ["built-in"], clock).tables()


@pytest.mark.parametrize("said", ["x", "0", "-3", "inf", "nan"])
def test_a_bad_time_limit_is_named(monkeypatch, said):
    monkeypatch.setenv("MPXL_BWS_TIME_LIMIT", said)
    with pytest.raises(UserError, match="MPXL_BWS_TIME_LIMIT"):
        access.Clock()


_PY = sys.executable
posix_only = pytest.mark.skipif(os.name != "posix", reason="the memory limit and these scripts are POSIX")


@posix_only
@pytest.mark.parametrize("script, expect, seconds", [
    # a flood of warnings on stderr then an error: only the tail is kept, its last line is the reason
    ("import sys\nfor i in range(100000): sys.stderr.write('Warning: unsupported data type 0.\\n')\n"
     "sys.stderr.write('Error: the last word\\n'); sys.exit(1)", "Error: the last word", 30),
    # a loop: stopped at the limit
    ("while True: pass", "did not finish in time", 1),
    # output without end: stopped at the cap
    ("import sys\nwhile True: sys.stdout.write('x' * 65536)", "printed more than", 30),
    # memory without end: stopped by the child's limit
    ("x = []\nwhile True: x.append(bytearray(2**24))", "exited with status 1|ran out of memory|MemoryError", 30),
])
def test_each_mdbtools_process_is_bounded(monkeypatch, script, expect, seconds):
    monkeypatch.setattr(access, "STDOUT_CAP", 8 * 2**20)
    (got,) = access._run_all([[_PY, "-c", script]], time.monotonic() + seconds)
    assert isinstance(got, OSError)
    assert __import__("re").search(expect, str(got)), str(got)


# ------------------------------------------------------------------------------ hostile cells


def _round(**kw):
    row = dict(Section="1", Table="1", Round="1", NSPair="1", EWPair="2", LowBoard="1", HighBoard="2", CustomBoards=None)
    row.update(kw)
    return row


def _result(**kw):
    row = {"ID": "7", "Section": "1", "Table": "1", "Round": "1", "Board": "1", "PairNS": "1", "PairEW": "2",
           "NS/EW": "N", "Contract": "4 S", "Result": "=", "Remarks": None}
    row.update(kw)
    return row


@pytest.mark.parametrize("tables, where, what", [
    ({"RoundData": [_round(), _round(Table="2", CustomBoards="1-2147483647")]}, "RoundData row 2",
     "CustomBoards '1-2147483647': more than 1000 boards in one round"),
    ({"RoundData": [_round(CustomBoards="1,2,x")]}, "RoundData row 1", "'x' is not a board number"),
    ({"ReceivedData": [_result(Board="1e999")]}, "ReceivedData row ID 7", "Board '1e999' is not a number"),
    ({"ReceivedData": [_result(Table="inf")]}, "ReceivedData row ID 7", "Table 'inf' is not a number"),
    ({"ReceivedData": [_result(PairNS="nan")]}, "ReceivedData row ID 7", "PairNS 'nan' is not a number"),
    ({"ReceivedData": [_result(Round="4294967296")]}, "ReceivedData row ID 7", "Round '4294967296' is no number"),
    ({"Section": [{"ID": "1", "MissingPair": "-1e400"}]}, "Section row ID 1", "MissingPair '-1e400' is not a number"),
])
def test_a_hostile_cell_is_refused_naming_the_row(tables, where, what):
    tables = {"ReceivedData": [_result()], **tables}
    with pytest.raises(UserError) as caught:
        event_from_rows(tables, "night.bws")
    assert caught.value.where == where and what in caught.value.problem


# ------------------------------------------------------------------------------ ready to publish


def _check(tmp_path, monkeypatch, capsys, tables):
    fake = tmp_path / "night.bws"
    fake.write_bytes(MAGIC)
    monkeypatch.setattr("mpxl.formats.bws.read_bws_reading", lambda path, readers=None: event_from_rows(tables, path))
    code = main(["check", str(fake), "--json"])
    doc = json.loads(capsys.readouterr().out)
    assert main(["check", str(fake)]) == code
    return code, doc, capsys.readouterr().out


MOVEMENT = [_round(), _round(Table="2", NSPair="3", EWPair="4")]
PLAYED = [_result(ID="1"), _result(ID="2", Board="2"), _result(ID="3", Table="2", PairNS="3", PairEW="4"),
          _result(ID="4", Table="2", Board="2", PairNS="3", PairEW="4")]


@pytest.mark.parametrize("tables, code, said", [
    ({"RoundData": MOVEMENT, "ReceivedData": PLAYED}, 0, "ready to publish"),
    # a remark not understood on a row with no contract: the result is dropped until it is settled
    ({"RoundData": MOVEMENT, "ReceivedData": PLAYED[:3] + [
        _result(ID="4", Table="2", Board="2", PairNS="3", PairEW="4", Contract=None, Result=None,
                Remarks="A+ / A-")]},
     1, "to settle: section A, table 2, round 1, board 2: ReceivedData row ID 4: remark 'A+ / A-' not understood"),
    # no movement: missing results cannot be known
    ({"ReceivedData": PLAYED}, 1, "to settle: no RoundData (the movement) could be read"),
    # a pair with two results on a board (board 1 sent to EW 2 again in round 2, at another table): what mpxl score
    # refuses
    ({"RoundData": MOVEMENT + [_round(Round="2", Table="3", NSPair="5", EWPair="2", HighBoard="1")],
      "ReceivedData": PLAYED + [_result(ID="5", Round="2", Table="3", PairNS="5", PairEW="2")]},
     1, "pair 2 already has a line on this board"),
])
def test_ready_to_publish_only_when_nothing_is_dropped_and_the_movement_known(tmp_path, monkeypatch, capsys, tables,
                                                                              code, said):
    got, doc, text = _check(tmp_path, monkeypatch, capsys, tables)
    assert (got, doc["ready_to_publish"]) == (code, code == 0)
    assert said in text
    assert ("ready to publish" in text) == (code == 0)


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs here")
def test_check_on_a_fifo_is_refused_at_once(tmp_path, capsys):
    fifo = tmp_path / "night.bws"
    os.mkfifo(fifo)
    assert main(["check", str(fifo)]) == 2
    assert "a FIFO (named pipe), not a results file" in capsys.readouterr().err
