"""``mpxl score night.bws -o live.html --watch``: one look at a time (:meth:`Watch.step`), on the real
database copied into a temporary folder, grown result by result, caught half-written and changed
while read. No real loop and no sleeping: the loop's sleep is a recorder."""

from __future__ import annotations

import os
import shutil

import pytest

from mpxl.cli import build_parser, main
from mpxl.commands.bws import Watch, run_watch
from mpxl.commands.outputs import write_output
from mpxl.commands.watch import live_score
from mpxl.formats import access, read_event
from tests.shared import REALDATA

REAL_BWS = REALDATA / "bridgemate-2005-05-09-12tables-arbitral.bws"
pytestmark = [pytest.mark.skipif(not REAL_BWS.exists(), reason=f"{REAL_BWS} not found"),
              pytest.mark.skipif(not access.available_readers(), reason="no Access reader installed")]


def args_for(*argv):
    return build_parser(only="score").parse_args(["score", *map(str, argv)])


def watch_of(args, **kw):
    return Watch(args, live_score, write_output, **kw)


def bump(path, by=1):
    """The tablets' server wrote to the file: a later modification time."""
    st = os.stat(path)
    os.utime(path, ns=(st.st_atime_ns, st.st_mtime_ns + by * 10**9))


@pytest.fixture
def night(tmp_path):
    db = tmp_path / "night.bws"
    shutil.copyfile(REAL_BWS, db)
    return db


def test_a_change_is_scored_once_and_the_page_reloads_itself(night, tmp_path):
    page, xml = tmp_path / "live.html", tmp_path / "live.xml"
    said = []
    w = watch_of(args_for(night, "-o", page, "-o", xml, "--watch"), log=said.append)
    assert w.step() == "scored"
    assert '<meta http-equiv="refresh"' in page.read_text(encoding="utf-8")
    assert len(read_event(xml).lines) == 288
    assert w.step() == "unchanged"
    bump(night)
    assert w.step() == "scored"
    assert w.scored == 2 and "288 results scored" in said[-1]


def test_grown_result_by_result(night, tmp_path, monkeypatch):
    """The real file's results arrive a few at a time: each look after a change scores what is there."""
    every = access.Database.rows
    arrived = {"count": 0}

    def rows(self, table):
        got = every(self, table)
        return got[:arrived["count"]] if table == "ReceivedData" and got is not None else got

    monkeypatch.setattr(access.Database, "rows", rows)
    xml = tmp_path / "live.xml"
    w = watch_of(args_for(night, "-o", xml, "--watch"), log=lambda text: None)
    seen = []
    for count in (1, 2, 24, 100, 287, 288):  # bounded: six arrivals
        arrived["count"] = count
        bump(night)
        assert w.step() == "scored"
        seen.append(len(read_event(xml).lines))
    assert seen == [1, 2, 24, 100, 287, 288]


def due_missing(real, k, live):
    """(table, round, board) of each play RoundData has (both pairs there) with no result among the first k
    (by ID); while live, only in a round some kept result is of (begun), worked here from the tables alone."""
    kept = sorted(real["ReceivedData"], key=lambda r: int(r["ID"]))[:k]
    have = {(int(r["Table"]), int(r["Round"]), int(r["Board"])) for r in kept if r.get("Erased") != "1"}
    begun = {int(r["Round"]) for r in kept}
    plays = {(int(s["Table"]), int(s["Round"]), b) for s in real["RoundData"] if s["NSPair"] != "0" != s["EWPair"]
             for b in range(int(s["LowBoard"]), int(s["HighBoard"]) + 1)}
    return {p for p in plays - have if not live or p[1] in begun}


@pytest.fixture(scope="module")
def real():
    db = access.Database(str(REAL_BWS))
    return {name: db.rows(name) for name in ("RoundData", "ReceivedData")}


@pytest.mark.parametrize("k", [1, 12, 13, 150, 287, 288])
@pytest.mark.parametrize("live", [True, False])
def test_a_missing_result_is_named_once_its_round_has_begun_while_live(real, night, monkeypatch, capsys, k, live):
    """Mid-evening (``--watch``), a missing result is named only in a round that has begun (the later rounds'
    boards not yet due: the page says which boards are not complete); scored once, every one is (an evening cut
    short must show them). The lines on stderr, the Reading and the watch's "to look at" say the same."""
    from mpxl.commands.scoring import score_input

    every = access.Database.rows

    def rows(self, table):
        got = every(self, table)
        return sorted(got, key=lambda r: int(r["ID"]))[:k] if table == "ReceivedData" and got is not None else got

    monkeypatch.setattr(access.Database, "rows", rows)
    want = due_missing(real, k, live)
    assert len(due_missing(real, k, False)) == 288 - k  # 12 tables, 12 rounds of 2 boards: each result one play
    assert (len(want) < 288 - k) == (live and k < 287)  # mid-evening, the rounds not begun not named
    _event, reading, _result, _chosen = score_input(args_for(night), warn=True, live=live)
    named = {(f.table, f.round, f.board) for f in reading.missing}
    assert named == want and len(reading.missing) == len(want)
    said = [line for line in capsys.readouterr().err.splitlines() if ": no result (NS " in line]
    assert len(said) == len(want)
    if live:  # one look of the watch: its count is the Reading's problems, the missing results due among them
        log = []
        assert watch_of(args_for(night, "-o", night.with_suffix(".xml"), "--watch"), log=log.append).step() == "scored"
        assert f" {len(reading.problems)} to look at " in log[-1]


def test_half_written_is_read_again_never_shown(night, tmp_path):
    whole = night.read_bytes()
    night.write_bytes(whole[: len(whole) // 3])  # caught while the server writes it
    page = tmp_path / "live.html"
    said = []
    w = watch_of(args_for(night, "-o", page, "--watch"), log=said.append)
    assert w.step() == "unreadable"
    assert not page.exists() and said and "read again" in said[-1]
    assert w.step() == "unchanged"  # the same half: not read again until it changes
    night.write_bytes(whole)
    bump(night)
    assert w.step() == "scored" and page.exists()


def test_changed_while_read_is_read_again(night, tmp_path, monkeypatch):
    every = access.Database.rows
    writes = {"left": 1}

    def rows(self, table):
        if table == "ReceivedData" and writes["left"]:
            writes["left"] -= 1
            bump(night)  # a result arrives while mpxl reads
        return every(self, table)

    monkeypatch.setattr(access.Database, "rows", rows)
    page = tmp_path / "live.html"
    w = watch_of(args_for(night, "-o", page, "--watch"), log=lambda text: None)
    assert w.step() == "changing" and not page.exists()
    assert w.step() == "scored" and page.exists()


def test_the_loop_stops_on_ctrl_c_and_sleeps_between_looks(night, tmp_path):
    slept = []

    def sleep(seconds):
        slept.append(seconds)
        if len(slept) == 3:
            raise KeyboardInterrupt

    assert run_watch(args_for(night, "-o", tmp_path / "live.html", "--watch", "--every", "0.5"),
                     live_score, write_output, sleep=sleep) == 0
    assert slept == [0.5, 0.5, 0.5]


def test_watch_needs_an_output(night, capsys):
    assert main(["score", str(night), "--watch"]) == 2
    assert "give at least one with -o" in capsys.readouterr().err


@pytest.mark.parametrize("extra", [[], ["--tablets"]])
def test_every_without_watch_is_refused_not_ignored(night, tmp_path, capsys, extra):
    out = tmp_path / "live.html"
    assert main(["score", str(night), "--every", "1", "-o", str(out), *extra]) == 2
    assert "mpxl: --every: goes with --watch" in capsys.readouterr().err and not out.exists()


def test_the_command_watches_until_terminated(night, tmp_path):
    """The real loop as a process: the page written, rewritten after a change, SIGTERM ends it cleanly
    (bounded waits, polling every 50 ms)."""
    import subprocess
    import sys
    import time

    page = tmp_path / "live.html"
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(sys.path))
    proc = subprocess.Popen([sys.executable, "-m", "mpxl", "score", str(night), "-o", str(page), "--watch",
                             "--every", "0.1"], stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env)

    def wait_for(condition, seconds=60):
        deadline = time.monotonic() + seconds
        while not condition() and time.monotonic() < deadline and proc.poll() is None:
            time.sleep(0.05)
        return condition()

    try:
        assert wait_for(page.exists), proc.stderr.read1().decode() if proc.poll() is not None else "no page"
        first = page.stat().st_mtime_ns
        bump(night)
        assert wait_for(lambda: page.stat().st_mtime_ns != first)
    finally:
        proc.terminate()
        _, err = proc.communicate(timeout=30)
    assert proc.returncode == 0 and "stopped watching" in err.decode()
    assert [p.name for p in tmp_path.iterdir() if p.name.startswith(".mpxl-")] == []


# --- the director's workbook open while the watcher runs (issue 46) --------------------------------------
# `-o live.html -o night.xlsx` with night.xlsx open in LibreOffice or Excel: the page goes on, the workbook
# waits (said once) and is written, what the director saved in it kept, once it is closed. Windows' own
# locking (Excel holds the file it has open: a replace fails with PermissionError) cannot happen on this
# machine: os.replace is made to refuse the workbook the way Windows does.


def first_round_only(monkeypatch):
    """The database as after the first round (its first 24 results): a small workbook, read and written fast."""
    every = access.Database.rows

    def rows(self, table):
        got = every(self, table)
        return got[:24] if table == "ReceivedData" and got is not None else got

    monkeypatch.setattr(access.Database, "rows", rows)


@pytest.fixture(scope="module")
def first_book(tmp_path_factory):
    """(the workbook ``mpxl score night.bws -o night.xlsx`` writes after the first round, the same with the
    director's ruling A+/A- typed into Adjustment on board 1, NS 1 EW 13 and saved): once for the module."""
    openpyxl = pytest.importorskip("openpyxl")
    if not REAL_BWS.exists() or not access.available_readers():
        pytest.skip("no tablets' database to read")
    book = tmp_path_factory.mktemp("book") / "night.xlsx"
    with pytest.MonkeyPatch.context() as mp:
        first_round_only(mp)
        assert main(["score", str(REAL_BWS), "-o", str(book)]) == 0
    wb = openpyxl.load_workbook(book)
    ws = wb["Travellers"]
    col = next(c.column for c in ws[4] if c.value == "Adjustment")
    row = next(r for r in range(5, ws.max_row + 1) if [ws.cell(r, c).value for c in (1, 2, 3)] == [1, 1, 13])
    ws.cell(row, col).value = "A+/A-"
    ruled = book.with_name("ruled.xlsx")
    wb.save(ruled)
    return book.read_bytes(), ruled.read_bytes()


def ruling_of(book):
    """The Adjustment on the workbook's line of board 1, NS 1 EW 13 (the real database's first result)."""
    openpyxl = pytest.importorskip("openpyxl")
    wb = openpyxl.load_workbook(book, read_only=True)
    try:
        rows = wb["Travellers"].iter_rows(min_row=4, values_only=True)
        col = list(next(rows)).index("Adjustment")
        return next(r[col] for r in rows if list(r[:3]) == [1, 1, 13])
    finally:
        wb.close()


@pytest.fixture
def evening(night, first_book, tmp_path, monkeypatch):
    """(database, page, workbook, the director's save): after the first round, the workbook written then beside
    the page; the director's save, the bytes of the workbook with a ruling typed (:func:`first_book`) written
    over it."""
    first_round_only(monkeypatch)
    book = tmp_path / "night.xlsx"
    book.write_bytes(first_book[0])

    def rule():
        book.write_bytes(first_book[1])
        return first_book[1]
    return night, tmp_path / "live.html", book, rule


def leftovers(folder):
    return [p.name for p in folder.iterdir() if p.name.startswith(".mpxl-")]


#: The lock file each program keeps beside the file it has open, and what it holds.
LOCKS = [("LibreOffice", ".~lock.night.xlsx#", b",Ann Smith,pc,26.11.2026 19:30,file:///home/ann/.config;"),
         ("Excel", "~$night.xlsx", b"\x09Ann Smith" + b" " * 44)]


@pytest.mark.parametrize(("program", "lock", "holds"), LOCKS, ids=[p for p, *_ in LOCKS])
def test_a_workbook_open_waits_the_page_goes_on(evening, program, lock, holds):
    night, page, book, rule = evening
    saved = rule()  # the director typed a ruling and saved, and has the workbook open
    (book.parent / lock).write_bytes(holds)
    said = []
    w = watch_of(args_for(night, "-o", page, "-o", book, "--watch"), log=said.append)
    for _ in range(2):  # two results arrive while it is open: the page each time, the workbook never
        page.unlink(missing_ok=True)
        bump(night)
        assert w.step() == "scored"
        assert page.exists() and book.read_bytes() == saved and leftovers(book.parent) == []
    waits = [s for s in said if "its results wait" in s]
    assert len(waits) == 1 and program in waits[0] and lock in waits[0] and "the other outputs go on" in waits[0]
    assert "night.xlsx waiting" in said[-1] and "wrote " + str(page) in said[-1]
    assert w.step() == "unchanged" and book.read_bytes() == saved  # still open: nothing to do
    (book.parent / lock).unlink()  # closed
    assert w.step() == "scored"  # at the next look, the database unchanged
    assert book.read_bytes() != saved and ruling_of(book) == "A+/A-"  # the results in, the ruling kept
    assert any("written at last" in s for s in said) and w.waiting == {}
    assert w.step() == "unchanged"  # its own rewrite is no change by the director


class WindowsLock:
    """os.replace as Windows does it while Excel has ``name`` open: PermissionError ([WinError 5] Access is
    denied; a sharing violation, WinError 32, is a PermissionError too), the file left as it is."""

    def __init__(self, name):
        self.name, self.held, self.refused = name, True, 0
        self.replace = os.replace

    def __call__(self, src, dst, **kw):
        if self.held and os.path.basename(os.fspath(dst)) == self.name:
            self.refused += 1
            raise PermissionError(13, "Access is denied", os.fspath(src), None, os.fspath(dst))
        return self.replace(src, dst, **kw)


def test_a_workbook_windows_will_not_replace_waits_the_page_goes_on(evening, monkeypatch):
    from mpxl.commands import bws as tablets
    from mpxl.formats import atomic

    night, page, book, rule = evening
    saved = rule()
    excel = WindowsLock(book.name)
    monkeypatch.setattr(atomic.os, "replace", excel)
    now = [1000.0]
    said = []
    w = watch_of(args_for(night, "-o", book, "-o", page, "--watch"), log=said.append, clock=lambda: now[0])
    assert w.step() == "scored"  # the workbook first: refused, the page after it written all the same
    assert excel.refused == 1 and page.exists() and book.read_bytes() == saved and leftovers(book.parent) == []
    assert "cannot be replaced: Access is denied" in said[-2] and "its results wait" in said[-2]
    now[0] += 1
    assert w.step() == "unchanged" and excel.refused == 1  # tried again after RETRY_SECONDS, not at each look
    now[0] += tablets.RETRY_SECONDS
    assert w.step() == "scored" and excel.refused == 2 and book.read_bytes() == saved
    assert sum("its results wait" in s for s in said) == 1  # said once
    excel.held = False  # closed in Excel
    now[0] += tablets.RETRY_SECONDS
    assert w.step() == "scored" and ruling_of(book) == "A+/A-" and book.read_bytes() != saved
    assert w.waiting == {} and leftovers(book.parent) == []


def test_the_command_names_a_workbook_windows_will_not_replace(evening, monkeypatch, capsys):
    """Without --watch: exit 2, one line naming the workbook and why, and the page written all the same (the
    workbook open in Excel is not the results' fault: tests/test_windows.py)."""
    from mpxl.formats import atomic

    night, page, book, rule = evening
    before = book.read_bytes()
    monkeypatch.setattr(atomic.os, "replace", WindowsLock(book.name))
    assert main(["score", str(night), "-o", str(page), "-o", str(book)]) == 2
    err = capsys.readouterr().err.strip().splitlines()  # what was kept from it, then the one refusal
    assert err[-1].startswith(f"mpxl: {book}: cannot be replaced: Access is denied") and "Traceback" not in err
    assert err[-1].endswith(f"close it there and run again; the other outputs were written: {page}")
    assert book.read_bytes() == before and page.exists() and leftovers(book.parent) == []


def director_saves_while(monkeypatch, moment, book, rule):
    """The director saves a ruling into ``book`` at ``moment`` of the watcher's rewrite: after it was read,
    'before' its writing or 'during' it (its new temporary file made, not moved into place). The saved bytes
    in a list (filled when saved); once."""
    from mpxl.workbook import event_writer

    saved = []
    if moment == "during":
        make = event_writer.write_workbook  # the workbook's temporary file, written before it is moved into place

        def write_workbook(path, contents, *a, **kw):
            make(path, contents, *a, **kw)
            if not saved:
                saved.append(rule())

        monkeypatch.setattr(event_writer, "write_workbook", write_workbook)
        return saved, write_output

    def write(result, out, inputs):
        if str(out) == str(book) and not saved:
            saved.append(rule())
        write_output(result, out, inputs)
    return saved, write


@pytest.mark.parametrize("moment", ["before", "during"])
def test_a_ruling_saved_while_the_workbook_is_rewritten_is_never_lost(evening, monkeypatch, moment):
    night, page, book, rule = evening
    saved, write = director_saves_while(monkeypatch, moment, book, rule)
    said = []
    w = Watch(args_for(night, "-o", page, "-o", book, "--watch"), live_score, write,
              log=said.append)
    assert w.step() == "scored"
    assert saved and book.read_bytes() == saved[0] and leftovers(book.parent) == []  # left as the director saved it
    assert any("changed while the results were written into it" in s for s in said)
    assert w.waiting and page.exists()
    assert w.step() == "scored"  # at the next look, the database unchanged: read again, written
    assert ruling_of(book) == "A+/A-" and book.read_bytes() != saved[0] and w.waiting == {}


def test_the_command_never_replaces_a_workbook_saved_while_written(evening, monkeypatch, capsys):
    night, page, book, rule = evening
    saved, _ = director_saves_while(monkeypatch, "during", book, rule)
    assert main(["score", str(night), "-o", str(page), "-o", str(book)]) == 2
    err = capsys.readouterr().err.strip().splitlines()  # what was kept from it, then the one refusal
    assert err[-1].startswith(f"mpxl: {book}: changed since it was read") and "Traceback" not in err
    assert book.read_bytes() == saved[0] and not page.exists() and leftovers(book.parent) == []


def test_a_ruling_saved_between_results_reaches_the_page(evening):
    """The director saves the workbook (closed again) while no result arrives: read again at the next look."""
    night, page, book, rule = evening
    w = watch_of(args_for(night, "-o", page, "-o", book, "--watch"), log=lambda text: None)
    assert w.step() == "scored"
    assert w.step() == "unchanged"
    rule()
    page.unlink()
    assert w.step() == "scored" and page.exists() and ruling_of(book) == "A+/A-"
    assert w.step() == "unchanged"


#: A database rewritten in place keeping its size and modification time (a file system keeping time to 2
#: seconds): its last byte (free space in its last page: read the same) changed or not, and one more result;
#: a database larger than HASH_BYTES (all of them here) hashed again only after HASH_SECONDS (the clock's).
IN_PLACE = [("the same bytes written again", False, False, 0.5, "unchanged", 100),
            ("other bytes, the same size and time", True, False, 0.5, "scored", 101),
            ("a large database, looked at again at once", True, True, 0.5, "unchanged", 100),
            ("a large database, after HASH_SECONDS", True, True, 2.0, "scored", 101)]


@pytest.mark.parametrize(("what", "changed", "large", "later", "step", "lines"), IN_PLACE,
                         ids=[c[0] for c in IN_PLACE])
def test_rewritten_in_place_with_the_same_size_and_time(night, tmp_path, monkeypatch, what, changed, large, later,
                                                         step, lines):
    from mpxl.commands import bws as tablets

    every = access.Database.rows
    arrived = {"count": 100}

    def rows(self, table):
        got = every(self, table)
        return got[:arrived["count"]] if table == "ReceivedData" and got is not None else got

    monkeypatch.setattr(access.Database, "rows", rows)
    if large:
        monkeypatch.setattr(tablets, "HASH_BYTES", 1000)
    now = [0.0]
    xml = tmp_path / "live.xml"
    w = watch_of(args_for(night, "-o", xml, "--watch"), log=lambda text: None, clock=lambda: now[0])
    assert w.step() == "scored" and len(read_event(xml).lines) == 100
    st = os.stat(night)
    data = bytearray(night.read_bytes())
    if changed:
        arrived["count"] = 101
        data[-1] ^= 0x55
    with open(night, "r+b") as f:  # in place: the same file, the same size
        f.write(data)
    os.utime(night, ns=(st.st_atime_ns, st.st_mtime_ns))
    after = os.stat(night)
    assert (after.st_size, after.st_mtime_ns, after.st_ino) == (st.st_size, st.st_mtime_ns, st.st_ino)
    now[0] += later
    assert w.step() == step and len(read_event(xml).lines) == lines


def test_stopped_while_the_workbook_waits_says_how_to_finish(evening, capsys):
    night, page, book, rule = evening
    (book.parent / ".~lock.night.xlsx#").write_bytes(LOCKS[0][2])

    def sleep(seconds):
        raise KeyboardInterrupt

    assert run_watch(args_for(night, "-o", page, "-o", book, "--watch"), live_score,
                     write_output, sleep=sleep) == 0
    last = capsys.readouterr().err.strip().splitlines()[-1]
    assert page.exists() and "stopped watching" in last and f"{book} still waiting" in last
    assert f"mpxl score {night} -o {book}" in last


def _read_only(path, monkeypatch):
    """The output made read-only (the director's copy protected): undone by making it writable."""
    path.write_text("kept", encoding="utf-8")
    path.chmod(0o444)
    return lambda: path.chmod(0o644)


def _a_name_of_two(path, monkeypatch):
    """A player typed both names into North's seat at table 1 ('Ann & Bob'): a Pairs cell parts names by ' & ', so
    the workbook cannot hold it; undone by the name corrected on the tablets."""
    every = access.Database.rows
    name = {"N": "Ann & Bob"}

    def rows(self, table):
        got = every(self, table)
        if table == "PlayerNumbers" and got is not None:
            return [{**r, "Name": name["N"]} if (r["Table"], r["Direction"]) == ("1", "N") else r for r in got]
        return got
    monkeypatch.setattr(access.Database, "rows", rows)
    return lambda: name.update(N="Ann Smith")


#: An output that refuses the results during play, what is said of it, and how the director puts it right.
REFUSING = [("live.xml", _read_only, "the file is read-only: it is kept"),
            ("night.xlsx", _a_name_of_two, "pair 1: the names ('Ann & Bob',) cannot be told apart in one cell "
             "(parted by ' & '): correct the name where it was typed")]


@pytest.mark.parametrize(("name", "make", "why"), REFUSING, ids=[r[1].__name__ for r in REFUSING])
def test_an_output_that_refuses_is_said_once_the_others_go_on(night, tmp_path, monkeypatch, name, make, why):
    """The loop never dies of one output: it is said once, not written, the page goes on at every change, and the
    output is written at the first change after it is put right."""
    out, page = tmp_path / name, tmp_path / "live.html"
    undo = make(out, monkeypatch)
    before = out.read_bytes() if out.exists() else None
    said = []
    w = watch_of(args_for(night, "-o", out, "-o", page, "--watch"), log=said.append)
    for _ in range(2):
        page.unlink(missing_ok=True)
        bump(night)
        assert w.step() == "scored"
        assert page.exists() and (out.read_bytes() if out.exists() else None) == before
    refused = [s for s in said if why in s]
    assert len(refused) == 1 and "the other outputs go on" in refused[0], said
    assert f"{name} waiting" in said[-1] and "wrote " + str(page) in said[-1]
    assert w.step() == "unchanged"  # not retried until the database changes
    undo()
    bump(night)
    assert w.step() == "scored" and out.read_bytes() != before and w.waiting == {}
    assert len(read_event(out).lines) == 288
