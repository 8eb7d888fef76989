"""``mpxl score night.bws -o live.html --watch``: one look at a time (:meth:`Watch.step`), on the real
database copied into a temporary folder, grown result by result, caught half-written and changed
while read. No real loop and no sleeping: the loop's sleep is a recorder."""

from __future__ import annotations

import os
import shutil

import pytest

from mpxl.cli import build_parser, main
from mpxl.commands.score import score_input, write_output
from mpxl.commands.tablets import Watch, run_watch
from mpxl.formats import access, read_event
from tests.shared import REALDATA

REAL_BWS = REALDATA / "bridgemate-2005-05-09-12tables-arbitral.bws"
pytestmark = [pytest.mark.skipif(not REAL_BWS.exists(), reason=f"{REAL_BWS} not found"),
              pytest.mark.skipif(not access.available_readers(), reason="no Access reader installed")]


def args_for(*argv):
    return build_parser(only="score").parse_args(["score", *map(str, argv)])


def watch_of(args, **kw):
    return Watch(args, lambda a: score_input(a, warn=False)[:3], write_output, **kw)


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
                     lambda a: score_input(a, warn=False)[:3], write_output, sleep=sleep) == 0
    assert slept == [0.5, 0.5, 0.5]


def test_watch_needs_an_output(night, capsys):
    assert main(["score", str(night), "--watch"]) == 2
    assert "give at least one with -o" in capsys.readouterr().err


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
