"""What a scorer meets running mpxl on Windows beside Excel, simulated here (this machine is not Windows):

- an output open in Excel: Windows refuses to replace it (``os.replace`` raises PermissionError, WinError 32 or 5),
  or Excel's lock file ``~$name.xlsx`` is beside it: one line naming it, exit 2, the other outputs written all the
  same, no temporary file left; under ``--watch`` the evening goes on (tests/test_bws_watch.py: the workbook);
- an input another program holds (the tablets' server writing the database): one line, and under ``--watch`` a
  look again, never a traceback; Ctrl-C and Ctrl-Break during ``--watch``: a clean stop;
- a leftover temporary file's process asked of Windows, never by ``os.kill(pid, 0)`` (a Ctrl-C to the console there);
- a name Windows refuses (``:``, a trailing dot, ``NUL.csv``): refused before anything is read;
- Excel's "Unicode Text" export (UTF-16, tabs, CRLF, named ``.txt``): read as the CSV it is.
"""

from __future__ import annotations

import os
import shutil
import sys
from pathlib import Path

import pytest

from mpxl.cli import main
from mpxl.commands.watch import live_score
from mpxl.formats import atomic
from tests.shared import REALDATA

DATA = Path(__file__).parent / "data"
NIGHT = DATA / "club-howell.csv"
REAL_BWS = REALDATA / "bridgemate-2005-05-09-12tables-arbitral.bws"

#: What Windows says when Excel holds the file: a sharing violation (WinError 32) or Access is denied (5).
WINERRORS = {32: "The process cannot access the file because it is being used by another process",
             5: "Access is denied"}


class Excel:
    """``os.replace`` as Windows does it while Excel holds the files ``names``: PermissionError, the file left as
    it is (CPython on Windows raises PermissionError for both WinError 32 and 5)."""

    def __init__(self, names, winerror=32):
        self.names, self.winerror, self.refused = set(names), winerror, []
        self.replace = os.replace

    def __call__(self, src, dst, **kw):
        if os.path.basename(os.fspath(dst)) in self.names:
            self.refused.append(os.path.basename(os.fspath(dst)))
            raise PermissionError(13, WINERRORS[self.winerror], os.fspath(src), self.winerror, os.fspath(dst))
        return self.replace(src, dst, **kw)


def leftovers(folder):
    return sorted(p.name for p in folder.iterdir() if p.name.startswith(".mpxl-"))


def run(capsys, *argv):
    code = main([str(a) for a in argv])
    out, err = capsys.readouterr()
    return code, out, err


#: (the outputs, those Excel holds, how it holds them: 'replace' refused by Windows, or its lock file beside).
HELD = [
    (["x.xlsx", "page.html", "out.csv"], ["x.xlsx"], "replace"),
    (["x.xlsx", "page.html", "out.csv"], ["out.csv"], "replace"),  # before, x.xlsx was replaced and not said
    (["x.xlsx", "page.html", "out.csv"], ["page.html"], "replace"),
    (["x.xlsx", "page.html", "out.csv"], ["x.xlsx", "out.csv"], "replace"),
    (["x.xlsx", "page.html", "out.csv"], ["x.xlsx"], "lock"),
    (["x.xlsx", "page.html", "out.csv"], ["x.xlsx", "out.csv"], "lock"),
    (["out.csv", "page.html"], ["out.csv"], "replace"),
    (["x.xlsx"], ["x.xlsx"], "replace"),
    (["x.xlsx"], ["x.xlsx"], "lock"),
]


@pytest.mark.parametrize("winerror", sorted(WINERRORS))
@pytest.mark.parametrize(("outputs", "held", "how"), HELD, ids=[f"{'+'.join(h)}-{w}" for _o, h, w in HELD])
def test_an_output_open_in_excel_is_named_the_others_written(outputs, held, how, winerror, tmp_path, capsys,
                                                             monkeypatch):
    for name in outputs:
        (tmp_path / name).write_bytes(b"last week")
    if how == "lock":  # Excel's owner file, hidden beside the file it has open
        for name in held:
            (tmp_path / f"~${name}").write_bytes(b"\x09Ann Smith" + b" " * 44)
    else:
        monkeypatch.setattr(atomic.os, "replace", Excel(held, winerror))
    argv = ["score", NIGHT]
    for name in outputs:
        argv += ["-o", tmp_path / name]
    code, out, err = run(capsys, *argv)
    others = [n for n in outputs if n not in held]
    assert code == 2 and "Traceback" not in err and len(err.strip().splitlines()) == 1, err
    line = err.strip()
    assert line.startswith(f"mpxl: {tmp_path / held[0]}: ") and "close it there and run again" in line
    assert (WINERRORS[winerror] if how == "replace" else "open in Excel (its lock file ~$") in line
    for name in held[1:]:
        assert f"{tmp_path / name} is open too" in line
    if others:
        assert line.endswith("the other outputs were written: " + ", ".join(str(tmp_path / n) for n in others))
    else:
        assert "were written" not in line
    assert out.count("mpxl: wrote ") == len(others)
    for name in outputs:
        assert ((tmp_path / name).read_bytes() == b"last week") == (name in held), name
    assert leftovers(tmp_path) == []


@pytest.mark.parametrize(("argv", "name"), [
    (["template", "-o", "{}", "--tables", "3", "--boards", "3"], "t.xlsx"),
    (["deal", "--boards", "1-4", "--seed", "1", "-o", "{}"], "hands.pbn"),
])
def test_another_command_names_the_file_excel_holds(argv, name, tmp_path, capsys, monkeypatch):
    target = tmp_path / name
    target.write_bytes(b"last week")
    monkeypatch.setattr(atomic.os, "replace", Excel([name]))
    code, _out, err = run(capsys, *(a.format(target) for a in argv))
    assert code == 2 and err.strip().splitlines() == [err.strip()] and "Traceback" not in err
    assert err.startswith(f"mpxl: {target}: cannot be replaced: {WINERRORS[32]}") and "close it there" in err
    assert target.read_bytes() == b"last week" and leftovers(tmp_path) == []


# --- an input another program holds ---------------------------------------------------------------------------


def held_for_reading(monkeypatch, name):
    """Every open of the file ``name`` refused as Windows refuses a file another program holds exclusively;
    the switch to let it go again."""
    import builtins

    real_os_open, real_open = os.open, builtins.open
    state = {"held": True}

    def refused(path):
        return (state["held"] and isinstance(path, (str, os.PathLike))
                and os.path.basename(os.fspath(path)) == name)

    def os_open(path, flags, *a, **kw):
        if refused(path):
            raise PermissionError(13, WINERRORS[32], os.fspath(path), 32)
        return real_os_open(path, flags, *a, **kw)

    def py_open(file, *a, **kw):
        if refused(file):
            raise PermissionError(13, WINERRORS[32], os.fspath(file), 32)
        return real_open(file, *a, **kw)

    monkeypatch.setattr(os, "open", os_open)
    monkeypatch.setattr(builtins, "open", py_open)
    return state


@pytest.mark.parametrize("source", [
    NIGHT, DATA / "two-sections.xml", REALDATA / "ruter-2016-03-09-signed-mp1-aminus.pbn", REAL_BWS])
@pytest.mark.parametrize("command", ["score", "check"])
def test_an_input_another_program_holds_is_one_line(source, command, tmp_path, capsys, monkeypatch):
    if not source.exists():
        pytest.skip(f"{source} not found")
    copy = tmp_path / f"held {source.name}"  # a space in the name, as Windows' folders have
    shutil.copyfile(source, copy)
    monkeypatch.setenv("MPXL_BWS_READERS", "built-in")  # Windows' reader of the tablets' database
    held_for_reading(monkeypatch, copy.name)
    code, _out, err = run(capsys, command, copy)
    assert code == 2 and err.strip() == f"mpxl: {copy}: {WINERRORS[32]}"


@pytest.fixture
def night_bws(tmp_path, monkeypatch):
    if not REAL_BWS.exists():
        pytest.skip(f"{REAL_BWS} not found")
    db = tmp_path / "night.bws"
    shutil.copyfile(REAL_BWS, db)
    monkeypatch.setenv("MPXL_BWS_READERS", "built-in")
    return db


def watch_of(db, *outputs, **kw):
    from mpxl.cli import build_parser
    from mpxl.commands.bws import Watch
    from mpxl.commands.outputs import write_output

    argv = ["score", str(db), "--watch"] + [x for out in outputs for x in ("-o", str(out))]
    args = build_parser(only="score").parse_args(argv)
    return Watch(args, kw.pop("score", live_score), write_output, **kw)


def test_watch_looks_again_at_a_database_the_tablets_server_holds(night_bws, tmp_path, monkeypatch):
    page = tmp_path / "live.html"
    said = []
    w = watch_of(night_bws, page, log=said.append)
    state = held_for_reading(monkeypatch, night_bws.name)
    assert w.step() == "unreadable" and not page.exists()
    assert said[-1] == f"mpxl: {night_bws}: {WINERRORS[32]} (read again when the database changes)"
    assert w.step() == "unchanged" and len(said) == 1  # said once
    state["held"] = False  # the server let it go: its bytes can be read again, which is a change
    assert w.step() == "scored" and page.exists() and leftovers(tmp_path) == []


#: What the scoring may raise while a program holds a file: the reader's UserError, or the system's own.
RAISED = [PermissionError(13, WINERRORS[32], "night.bws", 32), PermissionError(13, WINERRORS[5]),
          OSError(22, "Invalid argument", "hands.pbn")]


@pytest.mark.parametrize("raised", RAISED, ids=["sharing violation", "access denied", "another refusal"])
def test_watch_goes_on_past_what_the_system_refuses(night_bws, tmp_path, raised):
    page = tmp_path / "live.html"
    calls = []

    def score(args):
        calls.append(1)
        if len(calls) == 1:
            raise raised
        return live_score(args)

    said = []
    w = watch_of(night_bws, page, log=said.append, score=score)
    assert w.step() == "unreadable" and "Traceback" not in said[-1] and "read again" in said[-1]
    assert (raised.strerror in said[-1]) and (raised.filename is None or f"{raised.filename}: " in said[-1])
    st = os.stat(night_bws)
    os.utime(night_bws, ns=(st.st_atime_ns, st.st_mtime_ns + 10**9))  # a result arrives
    assert w.step() == "scored" and page.exists()


#: Where Ctrl-C (or Ctrl-Break, turned into the same by mpxl.cli) reaches the live loop.
STOPS = ["between looks", "while scoring", "while the page is moved into place"]


@pytest.mark.parametrize("where", STOPS)
def test_ctrl_c_during_watch_stops_with_a_line(where, night_bws, tmp_path, monkeypatch, capsys):
    from mpxl.commands import watch

    if where == "between looks":
        monkeypatch.setattr("time.sleep", lambda seconds: (_ for _ in ()).throw(KeyboardInterrupt()))
    elif where == "while scoring":  # the watch's own scoring (mpxl.commands.watch.live_score)
        monkeypatch.setattr(watch, "score_input", lambda *a, **kw: (_ for _ in ()).throw(KeyboardInterrupt()))
    else:
        monkeypatch.setattr(atomic.os, "replace", lambda *a, **kw: (_ for _ in ()).throw(KeyboardInterrupt()))
    page = tmp_path / "live.html"
    code, _out, err = run(capsys, "score", night_bws, "-o", page, "--watch")
    assert code == 0 and "Traceback" not in err
    assert err.strip().splitlines()[-1].startswith("mpxl: stopped watching; the outputs hold the results scored last")
    assert leftovers(tmp_path) == []


def test_ctrl_break_ends_as_sigterm_does():
    from types import SimpleNamespace

    from mpxl.cli import ending_signals

    windows = SimpleNamespace(SIGTERM=15, SIGBREAK=21, SIGINT=2)  # Windows' signal module: no SIGHUP
    assert ending_signals(windows) == (15, 21)


# --- a leftover temporary file: its process asked of Windows without a signal ----------------------------------


class WinApi:
    """Windows' _winapi as :func:`mpxl.formats.atomic.alive_on_windows` uses it: the processes ``running`` (pid ->
    exit code; 259 still active), those Windows will not open for this user (``denied``)."""

    def __init__(self, running=None, denied=()):
        self.running, self.denied, self.closed = dict(running or {}), set(denied), []

    def OpenProcess(self, access, inherit, pid):  # noqa: N802 (Windows' name)
        if pid in self.denied:
            exc = PermissionError(13, "Access is denied")
            exc.winerror = 5
            raise exc
        if pid not in self.running:
            exc = OSError(22, "The parameter is incorrect")
            exc.winerror = 87
            raise exc
        return ("handle", pid)

    def GetExitCodeProcess(self, handle):  # noqa: N802
        return self.running[handle[1]]

    def CloseHandle(self, handle):  # noqa: N802
        self.closed.append(handle)


#: (the process, what Windows knows of it, whether it runs: its temporary files kept).
PROCESSES = [
    ("gone (killed while writing)", WinApi(), False),
    ("running (another mpxl writing)", WinApi(running={4242: 259}), True),
    ("ended with code 1, its handle still held", WinApi(running={4242: 1}), False),
    ("another user's", WinApi(denied={4242}), True),
]


@pytest.mark.parametrize(("what", "winapi", "alive"), PROCESSES, ids=[p[0] for p in PROCESSES])
def test_a_leftovers_process_is_asked_of_windows_never_signalled(what, winapi, alive, tmp_path, monkeypatch):
    def no_kill(pid, sig):
        raise AssertionError(f"os.kill({pid}, {sig}) on Windows: a Ctrl-C to every program in the console")

    monkeypatch.setattr(sys, "platform", "win32")
    monkeypatch.setitem(sys.modules, "_winapi", winapi)
    monkeypatch.setattr(atomic.os, "kill", no_kill)
    left = tmp_path / ".mpxl-4242-abcdefgh.csv"
    left.write_bytes(b"half")
    removed = atomic.remove_leftovers(tmp_path)
    assert left.exists() == alive and removed == ([] if alive else [str(left)])
    assert winapi.closed == ([("handle", 4242)] if 4242 in winapi.running else [])


# --- a name Windows refuses -------------------------------------------------------------------------------------

#: (the output's name, the words of the refusal; '' when Windows takes it).
NAMES = [
    ("Résultats du 3 décembre.html", ""),
    ("night 12:30.html", "holds ':'"),
    ("night?.csv", "holds '?'"),
    ('the "club".xlsx', "holds '\"'"),
    ("page.html.", "ends in a dot or a space"),
    ("page.html ", "ends in a dot or a space"),
    ("NUL.csv", "'NUL' is a Windows device name"),
    ("con.html", "'con' is a Windows device name"),
    ("COM1.xml", "'COM1' is a Windows device name"),
    ("lpt9.tar.pbn", "'lpt9' is a Windows device name"),
    ("console.html", ""),
    ("COM10.xml", ""),
]


@pytest.mark.parametrize(("name", "refusal"), NAMES, ids=[n for n, _ in NAMES])
def test_a_name_windows_refuses_is_refused_before_anything_is_read(name, refusal, tmp_path, capsys, monkeypatch):
    monkeypatch.setattr(atomic, "WINDOWS", True)
    out = tmp_path / name
    code, _out, err = run(capsys, "score", tmp_path / "not read.csv", "-o", out)  # the input is not even there
    if refusal:
        assert code == 2 and err.strip().startswith(f"mpxl: {out}: the file name {refusal}")
        assert err.strip().endswith("; give another name") and list(tmp_path.iterdir()) == []
    else:
        assert code == 2 and err.strip() == f"mpxl: {tmp_path / 'not read.csv'}: No such file or directory"


def test_a_name_windows_refuses_is_refused_by_every_writer(tmp_path, capsys, monkeypatch):
    monkeypatch.setattr(atomic, "WINDOWS", True)
    out = tmp_path / "club 20:00.xlsx"
    code, _out, err = run(capsys, "template", "-o", out, "--tables", "3", "--boards", "3")
    assert code == 2 and err.strip() == f"mpxl: {out}: the file name holds ':', which no Windows file name holds " \
        "(nor any of < > : \" / \\ | ? *); give another name"
    assert list(tmp_path.iterdir()) == []


def test_elsewhere_such_a_name_is_the_systems_to_take(tmp_path, capsys, monkeypatch):
    monkeypatch.setattr(atomic, "WINDOWS", False)
    out = tmp_path / "night 12:30.html"
    assert run(capsys, "score", NIGHT, "-o", out)[0] == 0 and out.exists()


# --- Excel's exports and Windows' line endings -----------------------------------------------------------------


def ranking(capsys, path):
    code, out, err = run(capsys, "score", path)
    assert code == 0, err
    return out


#: How Excel (and Notepad) on Windows save the evening's CSV: (the file's name, its bytes from the UTF-8 text).
EXPORTS = [
    ("unicode text.txt", lambda t: t.replace(",", "\t").replace("\n", "\r\n").encode("utf-16")),  # Excel's default
    ("unicode text.csv", lambda t: t.replace(",", "\t").replace("\n", "\r\n").encode("utf-16")),
    ("unicode text", lambda t: t.replace(",", "\t").replace("\n", "\r\n").encode("utf-16")),  # no extension
    ("utf-16 big-endian.csv", lambda t: b"\xfe\xff" + t.replace("\n", "\r\n").encode("utf-16-be")),
    ("tab delimited.txt", lambda t: t.replace(",", "\t").replace("\n", "\r\n").encode("cp1252")),
    ("csv utf-8.csv", lambda t: t.replace("\n", "\r\n").encode("utf-8-sig")),
    ("csv semicolons.csv", lambda t: ("sep=;\n" + t.replace(",", ";")).replace("\n", "\r\n").encode("cp1252")),
]


@pytest.mark.parametrize(("name", "save"), EXPORTS, ids=[n for n, _ in EXPORTS])
def test_excels_exports_read_as_the_csv_they_are(name, save, tmp_path, capsys):
    path = tmp_path / name
    path.write_bytes(save(NIGHT.read_text(encoding="utf-8")))
    assert ranking(capsys, path) == ranking(capsys, NIGHT)


#: The files mpxl reads, each with Windows' line endings (CRLF) read as with LF.
CRLF = [NIGHT, DATA / "two-sections.xml", REALDATA / "ruter-2016-03-09-signed-mp1-aminus.pbn",
        REALDATA / "magiccontest-ffb-final-2022-session1.pbn"]


@pytest.mark.parametrize("source", CRLF, ids=[p.name for p in CRLF])
def test_crlf_line_endings_read_as_lf(source, tmp_path, capsys):
    if not source.exists():
        pytest.skip(f"{source} not found")
    lf = source.read_bytes().replace(b"\r\n", b"\n")
    (tmp_path / "lf").mkdir()
    (tmp_path / "crlf").mkdir()
    (tmp_path / "lf" / source.name).write_bytes(lf)
    (tmp_path / "crlf" / source.name).write_bytes(lf.replace(b"\n", b"\r\n"))
    assert ranking(capsys, tmp_path / "crlf" / source.name) == ranking(capsys, tmp_path / "lf" / source.name)


#: A replace Windows refuses a few times (a virus scanner, OneDrive holding the new file a moment) or until
#: the file is closed (Excel): (refusals before it succeeds, None: never; written; the pauses slept).
TRANSIENT = [
    (1, True, [0.05]),
    (4, True, [0.05, 0.1, 0.2, 0.4]),
    (None, False, [0.05, 0.1, 0.2, 0.4]),  # Excel holds it: said after under a second
]


@pytest.mark.parametrize(("refusals", "written", "slept"), TRANSIENT, ids=["once", "four times", "held"])
def test_a_replace_refused_for_a_moment_is_tried_again_on_windows(refusals, written, slept, tmp_path, capsys,
                                                                   monkeypatch):
    out = tmp_path / "out.csv"
    out.write_bytes(b"last week")
    excel = Excel([out.name])
    real = excel.__call__

    def replace(src, dst, **kw):
        if refusals is not None and len(excel.refused) >= refusals:
            excel.names.clear()
        return real(src, dst, **kw)

    pauses = []
    monkeypatch.setattr(atomic, "WINDOWS", True)
    monkeypatch.setattr(atomic.os, "replace", replace)
    monkeypatch.setattr(atomic.time, "sleep", pauses.append)
    code, _out, err = run(capsys, "score", NIGHT, "-o", out)
    assert (code == 0) == written and pauses == slept and leftovers(tmp_path) == []
    assert (out.read_bytes() != b"last week") == written
    if not written:
        assert err.startswith(f"mpxl: {out}: cannot be replaced: {WINERRORS[32]}")
