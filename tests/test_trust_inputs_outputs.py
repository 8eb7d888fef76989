"""Trust, round 5 (issue 35 §1-3, §8-12, §15-16): no input written over, several outputs all or none,
the title kept in a CSV, workbooks read back safely (a formula never worked out, a note in the last
row, a zip bomb, an old ``.xls``, an XXE), bad values named by their flag, ``--watch`` waiting out
a folder gone. Every case made here by the test (hand-made files, or byte patches of a workbook
mpxl wrote)."""

from __future__ import annotations

import shutil
import struct
import tracemalloc
import zipfile
from pathlib import Path

import openpyxl
import pytest

from mpxl.cli import build_parser, main
from mpxl.commands.bws import Watch
from mpxl.commands.outputs import write_output
from mpxl.commands.watch import live_score
from mpxl.formats import read_event
from mpxl.workbook.reader import MAX_INFLATED, formula_value
from tests.shared import REALDATA

DATA = Path(__file__).parent / "data"
EBUSCORE = REALDATA / "ebuscore-2025-01-02-two-winner-a5050.xml"
real = pytest.mark.skipif(not EBUSCORE.exists(), reason=f"{EBUSCORE} not found")

#: A board of three tables: 420, 400, 420 for NS (DESIGN.md's matchpoints: 420s 3 each, 400 0 on a top of 4).
NIGHT = "board,ns_pair,ew_pair,ns_score\n1,1,2,420\n1,3,4,400\n1,5,6,420\n"
PBN_DEALS = ('[Board "1"]\n[Dealer "N"]\n[Vulnerable "None"]\n'
             '[Deal "N:AKQJ.T98.765.432 T987.AKQ.432.765 65432.J.AKQJ.T98 .765432.T98.AKQJ"]\n'
             '[DoubleDummyTricks "a9a9a9a9a9a9a9a9a9a9"]\n')


def run(capsys, *argv):
    code = main([str(a) for a in argv])
    out, err = capsys.readouterr()
    return code, out, err


def one_line(err):
    lines = [ln for ln in err.splitlines() if ln.strip()]
    assert len(lines) == 1 and "Traceback" not in err, err
    return lines[0]


@pytest.fixture
def night(tmp_path):
    path = tmp_path / "night.csv"
    path.write_text(NIGHT, encoding="utf-8")
    return path


# §1: every input protected from -o, as the main input is
@pytest.mark.parametrize("argv, victim", [
    (["score", "{night}", "--deals", "{hands}", "-o", "{night_html}", "-o", "{hands}"], "hands"),
    (["score", "{night}", "--deals", "{hands}", "-o", "{hands}"], "hands"),
    (["score", "{night}", "-o", "{night_html}", "-o", "{night}"], "night"),
])
def test_no_input_is_written_over(argv, victim, night, tmp_path, capsys):
    hands = tmp_path / "hands.pbn"
    hands.write_text(PBN_DEALS, encoding="utf-8")
    paths = {"night": night, "hands": hands, "night_html": tmp_path / "night.html"}
    before = paths[victim].read_bytes()
    code, _out, err = run(capsys, *(a.format(**paths) for a in argv))
    assert code == 2
    assert one_line(err) == f"mpxl: {paths[victim]}: refusing to write over the input file"
    assert paths[victim].read_bytes() == before
    assert not (tmp_path / "night.html").exists()  # refused before anything was written


# §2: one output refused, none written
def test_one_output_refused_leaves_every_other_as_it_was(tmp_path, capsys):
    pen = tmp_path / "pen.csv"  # a line's own penalty: a .xml has no place for it (the .csv does)
    pen.write_text("board,ns_pair,ew_pair,ns_score,ns_penalty\n1,1,2,420,1\n1,3,4,400,\n", encoding="utf-8")
    page = tmp_path / "pen.html"
    page.write_text("the page of last week", encoding="utf-8")
    code, _out, err = run(capsys, "score", pen, "-o", page, "-o", tmp_path / "pen.xml")
    assert code == 2 and "pen.xml: the NS penalty '1'" in one_line(err)
    assert page.read_text(encoding="utf-8") == "the page of last week"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["pen.csv", "pen.html"]  # no temporary file left


def test_several_outputs_are_all_written(night, tmp_path, capsys):
    code, out, _err = run(capsys, "score", night, "-o", tmp_path / "a.html", "-o", tmp_path / "a.xml",
                          "-o", tmp_path / "a.pbn")
    assert code == 0 and out.count("mpxl: wrote") == 3
    assert len(read_event(tmp_path / "a.xml").lines) == len(read_event(tmp_path / "a.pbn").lines) == 3


# §3: -o x.csv keeps the event's title and date, and reads back with them
@pytest.mark.parametrize("source, extra, heading", [
    pytest.param(EBUSCORE, [], "Thursday Pairs, 02/01/2025", marks=real),
    ("{night}", ["--title", 'Club "night", pairs', "--date", "2026-11-27"], 'Club "night", pairs, 2026-11-27'),
    (str(DATA / "club-howell.csv"), ["--title", "Howell"], "Howell"),
])
def test_a_csv_output_keeps_the_title_and_date(source, extra, heading, night, tmp_path, capsys):
    out = tmp_path / "x.csv"
    assert run(capsys, "score", str(source).format(night=night), *extra, "-o", out)[0] == 0
    code, text, _err = run(capsys, "score", out)
    assert code == 0 and text.splitlines()[0] == heading
    ev = read_event(out)
    assert ", ".join(x for x in (ev.title, ev.date) if x) == heading


# §8: a formula never worked out (a workbook saved by a script): read, or refused naming the cell
@pytest.mark.parametrize("formula, value", [
    ("=400+20", 420), ("=-(50*3)", -150), ("= 2 * 210", 420), ("=1/4", 0.25), ("=1/0", None), ("=A1+1", None),
    ("=2^3", None), ("=9**9**9", None), ("=SUM(1,2)", None), ("=1e999", None), ('="420"', None),
])
def test_formula_value(formula, value):
    assert formula_value(formula) == value


def _plain_workbook(path, rows, note_at=None):
    wb = openpyxl.Workbook()
    ws = wb.active
    ws.append(["board", "ns_pair", "ew_pair", "ns_score"])
    for row in rows:
        ws.append(row)
    if note_at:
        ws[note_at] = "note"
    wb.save(path)
    return path


def test_a_typed_formula_never_recalculated_is_read_as_the_spreadsheet_would(tmp_path, capsys):
    book = _plain_workbook(tmp_path / "f.xlsx", [[1, "1", "2", "=400+20"], [1, "3", "4", 400], [1, "5", "6", 420]])
    ev = read_event(book)
    assert [ln.score for ln in ev.lines] == [420, 400, 420]
    code, out, _err = run(capsys, "score", book)
    assert code == 0 and "\n1=     1     3.00    4   75.00\n" in out  # 420 beats 400, ties 420: 3 of 4


def test_a_formula_mpxl_cannot_work_out_is_refused_naming_the_cell(tmp_path, capsys):
    book = _plain_workbook(tmp_path / "f.xlsx", [[1, "1", "2", 420], [1, "3", "4", '=A1&"0"']])
    code, _out, err = run(capsys, "score", book)
    assert code == 2
    assert one_line(err).startswith(f"mpxl: {book}: sheet Sheet, cell D3: the formula =A1&\"0\" has no value saved")


def test_a_formula_in_the_templates_typed_score_is_read(tmp_path, capsys):
    """The template's layout, as ``-o x.xlsx`` writes it, a typed score then typed as a formula by a script
    (openpyxl saves no value for any formula): the line is 420, as LibreOffice makes it."""
    book = tmp_path / "t.xlsx"
    assert run(capsys, "score", DATA / "club-howell.csv", "-o", book)[0] == 0
    wb = openpyxl.load_workbook(book)
    ws = wb["Travellers"]
    heads = {ws.cell(4, c).value: c for c in range(1, ws.max_column + 1)}
    row = next(r for r in range(5, ws.max_row + 1) if isinstance(ws.cell(r, heads["Typed score"]).value, int))
    typed = ws.cell(row, heads["Typed score"]).value
    ws.cell(row, heads["Typed score"]).value = f"={typed - 20}+20"
    wb.save(book)
    before = sorted((ln.board, ln.ns_pair, ln.score) for ln in read_event(DATA / "club-howell.csv").lines)
    assert sorted((ln.board, ln.ns_pair, ln.score) for ln in read_event(book).lines) == before


# §9: a note in the last row costs nothing
def test_a_note_in_the_last_row_is_not_read_row_by_row(tmp_path):
    book = _plain_workbook(tmp_path / "n.xlsx", [[1, "1", "2", 420], [1, "3", "4", 400]], note_at="T1048576")
    tracemalloc.start()
    try:
        ev = read_event(book)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert [ln.score for ln in ev.lines] == [420, 400]
    assert peak < 64 * 2**20  # a cell made per row down to 1,048,576 took 4.2 GB


# §10: a zip bomb refused before anything is inflated; a part that lies about its size refused as damaged
def _rezipped(src, dst, name, change=None, declared=None):
    """``src`` zipped again as ``dst``, the part ``name`` changed and its size in the zip's directory set to
    ``declared`` (the central directory's uncompressed size: what Python's zipfile believes)."""
    with zipfile.ZipFile(src) as zin, zipfile.ZipFile(dst, "w", zipfile.ZIP_DEFLATED) as zout:
        for info in zin.infolist():
            data = zin.read(info.filename)
            zout.writestr(info.filename, change(data) if change and info.filename == name else data)
    if declared is not None:
        raw = bytearray(dst.read_bytes())
        at = 0
        while True:
            at = raw.index(b"PK\x01\x02", at)
            length = struct.unpack_from("<H", raw, at + 28)[0]
            if raw[at + 46 : at + 46 + length] == name.encode():
                struct.pack_into("<I", raw, at + 24, declared)
                break
            at += 4
        dst.write_bytes(bytes(raw))
    return dst


SHEET = "xl/worksheets/sheet1.xml"


@pytest.mark.parametrize("declared, change, problem", [
    (MAX_INFLATED + 1, None, f"more than the {MAX_INFLATED // 2**20} MB mpxl reads"),
    (2**32 - 1, None, f"{SHEET}: 4,096 MB"),
    (3000, lambda d: d.replace(b"</worksheet>", b"<!--" + b" " * 20_000_000 + b"--></worksheet>"), "Bad CRC-32"),
])
def test_a_zip_bomb_is_refused_before_it_is_inflated(declared, change, problem, tmp_path, capsys):
    book = _plain_workbook(tmp_path / "b.xlsx", [[1, "1", "2", 420], [1, "3", "4", 400]])
    bomb = _rezipped(book, tmp_path / "bomb.xlsx", SHEET, change, declared)
    tracemalloc.start()
    try:
        code, _out, err = run(capsys, "score", bomb)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert code == 2 and problem in one_line(err)
    assert peak < 16 * 2**20


# §12: an old .xls named, an XXE or billion laughs refused in one line
OLE = b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1" + bytes(504)


@pytest.mark.parametrize("name, body, problem", [
    ("old.xls", OLE + "Workbook".encode("utf-16-le"), "an Excel 97-2003 workbook (.xls)"),
    ("renamed.xlsx", OLE + "Workbook".encode("utf-16-le"), "save it as an Excel Workbook (.xlsx)"),
    ("locked.xlsx", OLE + "EncryptionInfo".encode("utf-16-le") + "EncryptedPackage".encode("utf-16-le"),
     "the workbook is protected by a password (encrypted)"),
])
def test_an_ole_file_is_named_for_what_it_is(name, body, problem, tmp_path, capsys):
    path = tmp_path / name
    path.write_bytes(body)
    code, _out, err = run(capsys, "score", path)
    assert code == 2 and problem in one_line(err)


@pytest.mark.parametrize("doctype, use", [
    (b'<!DOCTYPE w [<!ENTITY a SYSTEM "file:///etc/passwd">]>', b"&a;"),
    (b'<!DOCTYPE w [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">]>', b"&b;"),
])
def test_an_xxe_or_billion_laughs_workbook_is_refused_in_one_line(doctype, use, tmp_path, capsys):
    book = _plain_workbook(tmp_path / "b.xlsx", [[1, "1", "2", 420], [1, "3", "4", 400]])
    bad = _rezipped(book, tmp_path / "x.xlsx", SHEET, lambda d: doctype + d.replace(b"<v>400</v>", b"<v>" + use + b"</v>"))
    code, _out, err = run(capsys, "score", bad)
    assert code == 2
    assert one_line(err) == (f"mpxl: {bad}: its XML declares entities (an XML entity or DTD, as an XXE or "
                             "billion-laughs attack does; no spreadsheet program writes one): refused unread")


# §15: a bad value named by its flag
@pytest.mark.parametrize("argv, flag", [
    (["--conventions", "nosuch"], "--conventions"),
    (["--expected", "0"], "--expected"),
    (["--expected", "-3"], "--expected"),
    (["--watch", "--every", "nan", "-o", "x.html"], "--every"),
    (["--watch", "--every", "inf", "-o", "x.html"], "--every"),
    (["--watch", "--every", "0", "-o", "x.html"], "--every"),
    (["--watch", "--every", "soon", "-o", "x.html"], "--every"),
])
def test_a_bad_value_is_named_by_its_flag(argv, flag, night, capsys):
    with pytest.raises(SystemExit) as stop:
        raise SystemExit(main(["score", str(night), *argv]))
    _out, err = capsys.readouterr()
    assert stop.value.code == 2 and "Traceback" not in err
    last = err.strip().splitlines()[-1]
    assert f"{flag}:" in last or f"argument {flag}" in last, err


# §16: --watch waits out a folder gone, the last good outputs kept
def test_the_watch_waits_out_the_output_folder_gone(night, tmp_path):
    folder = tmp_path / "web"
    folder.mkdir()
    page = folder / "live.html"
    args = build_parser(only="score").parse_args(["score", str(night), "-o", str(page), "--watch"])
    said = []
    w = Watch(args, live_score, write_output, log=said.append)
    assert w.step() == "scored"
    kept = page.read_bytes()
    shutil.move(folder, tmp_path / "away")
    night.write_text(NIGHT + "1,7,8,450\n", encoding="utf-8")
    assert w.step() == "waiting" and w.step() == "waiting"
    assert said[-1] == f"mpxl: the folder {str(folder)!r} of the outputs is gone: waiting for it (the outputs " \
                       "hold the results scored last)"
    assert said.count(said[-1]) == 1  # said once
    shutil.move(tmp_path / "away", folder)
    assert page.read_bytes() == kept
    assert w.step() == "scored" and "4 results scored" in said[-1]


# §11: a penalty cell formatted as a percentage (0.1 shown as 10%) is 10% of top, as the cell shows
@pytest.fixture(scope="module")
def club_book(tmp_path_factory):
    """The workbook ``mpxl score club-howell.csv -o`` writes (once for the module: copied where edited)."""
    book = tmp_path_factory.mktemp("club") / "club-howell.xlsx"
    assert main(["score", str(DATA / "club-howell.csv"), "-o", str(book)]) == 0
    return book


PENALTIES = [
    (0.1, "0%", "10%"), (0.1, "0.00%", "10%"), (0.125, "0.0%", "12.5%"), (0.25, '[Red]0%;-0%', "25%"),
    (2, "General", "2"), (0.5, "General", "0.5"), (0.1, '0.0"%"', "0.1"),
]


def _with_penalties(folder, club_book, name, cells):
    """The club workbook with ``cells`` ((value, number format) each) in NS penalty of its first lines, one a
    line, saved once; its lines read back."""
    book = folder / name
    shutil.copyfile(club_book, book)
    wb = openpyxl.load_workbook(book)
    ws = wb["Travellers"]
    heads = {ws.cell(4, c).value: c for c in range(1, ws.max_column + 1)}
    for row, (value, number_format) in enumerate(cells, start=5):
        cell = ws.cell(row, heads["NS penalty"])
        cell.value, cell.number_format = value, number_format
    wb.save(book)
    return read_event(book).lines


@pytest.fixture(scope="module")
def penalty_lines(tmp_path_factory, club_book):
    """Each penalty of PENALTIES as formatted (its value and number format) and as typed (the text it shows, in
    the template's Text cell), on as many lines of two workbooks: two saves, not one a case."""
    folder = tmp_path_factory.mktemp("penalties")
    typed = sorted({same_as for _, _, same_as in PENALTIES})
    shown = _with_penalties(folder, club_book, "shown.xlsx", [(v, f) for v, f, _ in PENALTIES])
    as_typed = _with_penalties(folder, club_book, "typed.xlsx", [(t, "@") for t in typed])
    return shown, {t: as_typed[i] for i, t in enumerate(typed)}


@pytest.mark.parametrize("case", range(len(PENALTIES)), ids=lambda i: "-".join(map(str, PENALTIES[i])))
def test_a_penalty_formatted_as_a_percentage_is_the_percentage_shown(case, penalty_lines):
    shown, typed = penalty_lines
    same_as = PENALTIES[case][2]
    assert shown[case].ns_penalty == typed[same_as].ns_penalty and shown[case].ns_penalty is not None


# §13: an option given is obeyed, or its contradiction with the figures said
OTHERS = [p for p in (REALDATA / "acblscore-2017-08-10-howell-single-scale.xml",
                      REALDATA / "ruter-2016-03-09-signed-mp1-aminus.pbn",
                      REALDATA / "magiccontest-ffb-final-2022-session1.pbn", EBUSCORE) if p.exists()]


@pytest.mark.parametrize("path", OTHERS, ids=lambda p: p.name)
def test_expected_given_is_obeyed_or_the_contradiction_said(path, capsys):
    code, out, err = run(capsys, "score", path, "--expected", 24, "--json")
    doc = __import__("json").loads(out)
    conv = doc["conventions"]
    assert code == 0 and conv["settings"]["expected"] == 24
    assert conv["settings"]["estimate_at"] in ("lines", "totals")  # never estimating would set N aside
    assert conv["given_options_contradicted"].startswith("the options given (--expected) go against the file's figures")
    assert "mpxl: the options given (--expected) go against the file's figures" in err


# §14: a preset is where the search starts, never a fence
PRESETS = ["scorebridge", "ebuscore", "magiccontest", "ruter", "compscore", "acblscore", "ebu", "generic"]
REAL_ALL = sorted(REALDATA.glob("*.xml")) + sorted(REALDATA.glob("*.pbn")) + sorted((REALDATA / "incoming").glob("*"))


@pytest.mark.parametrize("preset", PRESETS)
@pytest.mark.parametrize("path", REAL_ALL, ids=lambda p: p.name)
def test_check_from_any_preset_finds_every_real_files_settings(path, preset, capsys):
    code, out, _err = run(capsys, "check", path, "--conventions", preset)
    assert code == 0, out.splitlines()[-6:]
