"""A new user's mistakes (issue 26, sections 4-6): each is refused or named, never read wrong in silence.

Tables of input -> exit status and the words the one-line message carries.
"""

from __future__ import annotations

import pytest

from mpxl.cli import main
from mpxl.workbook.libreoffice import find_soffice

# ------------------------------------------------------------------ CSV travellers typed by hand

#: (what, CSV text, exit status, words in stderr (all), words never in stderr)
CSV_CASES = [
    # a misspelt header: the lines that had only that column must not vanish (pair 2's Max 16 -> 12)
    ("misspelt ns_score beside contracts",
     "board,ns_pair,ew_pair,contract,declarer,tricks,ns_scroe\n1,1,2,4S,N,10,\n1,3,4,4S,N,11,\n1,5,6,,,,A+\n"
     "1,7,8,,,,-150|-50\n",
     2, ["line 1", "'ns_scroe'", "did you mean ns_score?", "would be lost"], []),
    ("misspelt adjustment beside scores",
     "board,ns_pair,ew_pair,ns_score,adjustmnet\n1,1,2,420,\n1,3,4,400,A+\n",
     2, ["line 1", "'adjustmnet'", "did you mean adjustment?"], []),
    ("misspelt, several columns named",
     "board,ns_pair,ew_pair,ns_scroe,Round\n1,1,2,420,1\n",
     2, ["columns mpxl does not read", "'ns_scroe' (did you mean ns_score?)", "'Round'"], []),
    ("an extra column: named, ignored",
     "board,ns_pair,ew_pair,ns_score,Round\n1,1,2,420,1\n1,3,4,400,1\n",
     0, ["line 1: warning", "'Round'", "ignored"], ["did you mean"]),
    ("an extra column and a line with no result",
     "board,ns_pair,ew_pair,ns_score,punkte\n1,1,2,420,\n1,3,4,,450\n",
     2, ["line 3", "no result", "punkte", "NP"], []),
    ("an extra column and NP: a board not played",
     "board,ns_pair,ew_pair,ns_score,punkte\n1,1,2,420,\n1,3,4,NP,\n1,5,6,400,\n",
     0, ["warning"], ["no result"]),
    # two sources that disagree
    ("contract and tricks give 420, ns_score 430",
     "board,ns_pair,ew_pair,contract,declarer,tricks,ns_score\n1,1,2,4S,N,10,430\n1,3,4,4S,N,11,450\n",
     2, ["line 2", "ns_score 430", "4S by N taking 10 tricks scores 420"], []),
    ("the same, row by row (a note column)",
     "board,ns_pair,ew_pair,contract,declarer,tricks,ns_score,note\n1,1,2,4S,N,11,450,\n1,3,4,4S,N,=,430,x\n",
     2, ["line 3", "ns_score 430", "4S by N, = scores 420"], []),
    ("contract and score that agree", "board,ns_pair,ew_pair,contract,declarer,tricks,ns_score\n"
     "1,1,2,4S,N,10,420\n1,3,4,4S,N,11,450\n", 0, [], ["mpxl:"]),
    ("a contract that cannot be scored is kept beside the score",
     "board,ns_pair,ew_pair,contract,declarer,tricks,ns_score\n1,1,2,4S,,,420\n1,3,4,4S,N,11,450\n", 0, [], []),
    # a fouled board with one line's group left blank
    ("fouled board, a blank group",
     "board,ns_pair,ew_pair,ns_score,group\n1,1,2,420,A\n1,3,4,450,A\n1,5,6,400,\n1,7,8,-50,B\n1,9,10,100,B\n",
     2, ["line 4", "board 1 is fouled", "group A on line 2", "blank"], []),
    ("fouled board, an A+ needs no group",
     "board,ns_pair,ew_pair,ns_score,group\n1,1,2,420,A\n1,3,4,450,A\n1,5,6,A+,\n1,7,8,-50,B\n1,9,10,100,B\n",
     0, [], []),
    ("groups on one board only: the others need none",
     "board,ns_pair,ew_pair,ns_score,group\n1,1,2,420,A\n1,3,4,450,B\n2,1,4,400,\n2,3,2,-50,\n", 0, [], []),
]


@pytest.mark.parametrize("what, text, code, words, never", CSV_CASES, ids=[c[0] for c in CSV_CASES])
def test_typed_csv_mistakes(what, text, code, words, never, tmp_path, capsys):
    path = tmp_path / "t.csv"
    path.write_text(text, encoding="utf-8")
    assert main(["score", str(path)]) == code
    err = capsys.readouterr().err
    assert "Traceback" not in err
    for word in words:
        assert word in err, (word, err)
    for word in never:
        assert word not in err, (word, err)


# ------------------------------------------------------------------ messages a user reads

import errno  # noqa: E402
import io  # noqa: E402
import os  # noqa: E402
import re  # noqa: E402
from pathlib import Path  # noqa: E402

from shared import REAL_FILES, REALDATA  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
RUTER = REALDATA / "ruter-2016-03-09-signed-mp1-aminus.pbn"
EBU = REALDATA / "ebuscore-2025-01-02-two-winner-a5050.xml"
CSV_IN = str(ROOT / "tests" / "data" / "club-howell.csv")
needs_real = pytest.mark.skipif(not REAL_FILES, reason=f"the real results files are not in {REALDATA}")

#: (argv, exit status, words in stderr, words never in stderr)
COMMAND_CASES = [
    (["score", CSV_IN, "--method", "nueberg"], 2,
     ["mpxl: --method: 'nueberg' is not a method", "ascherman-short, or none"], ["club-howell.csv"]),
    (["score", CSV_IN, "--scale", "3"], 2, ["mpxl: --scale: "], ["club-howell.csv"]),
    (["score", CSV_IN, "--metod", "neuberg"], 2,
     ["usage: mpxl score", "unrecognized arguments: --metod neuberg (did you mean --method?)"], ["COMMAND ..."]),
    (["check", CSV_IN, "--rounding-pcnt", "1"], 2, ["usage: mpxl check", "did you mean --rounding-pct?"], []),
    (["study", CSV_IN, "--trails", "3"], 2, ["usage: mpxl study", "did you mean --trials?"], []),
]


@pytest.mark.parametrize("argv, code, words, never", COMMAND_CASES, ids=[" ".join(c[0][2:]) for c in COMMAND_CASES])
def test_option_mistakes_are_named(argv, code, words, never, capsys):
    with pytest.raises(SystemExit) if any("usage" in w for w in words) else _nothing() as raised:
        result = main(argv)
    err = capsys.readouterr().err
    assert (raised.value.code if raised is not None else result) == code
    for word in words:
        assert word in err, (word, err)
    for word in never:
        assert word not in err, (word, err)


class _nothing:
    def __enter__(self):
        return None

    def __exit__(self, *exc):
        return False


#: (file name, its text) -> the words of the refusal
HTML_CASES = [
    ("results.html", "<!DOCTYPE html><html><head><title>x</title></head><body><p>hi<br></body></html>"),
    ("results.xml", "<!DOCTYPE html>\n<html lang=en><body>a page saved as .xml</body></html>"),
    ("results.htm", "<html><body><table><tr><td>1</td></tr></table></body></html>"),
    ("page.pbn", "<html>\n<body>%</body></html>"),
]


@pytest.mark.parametrize("name, text", HTML_CASES)
def test_an_html_page_is_named_as_one(name, text, tmp_path, capsys):
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    for command in ("score", "check"):
        assert main([command, str(path)]) == 2
        err = capsys.readouterr().err
        assert "an HTML page, not a results file" in err and "XML" not in err.split(":", 2)[-1].split("(")[0], err


#: (file name, its bytes) -> the words of the refusal: a file whose name says one kind and whose bytes another
MISNAMED = [
    ("r.xml", b'% PBN 2.1\n[Event "x"]\n', "its name says USEBIO XML, but it holds PBN (by its first bytes): name it .pbn"),
    ("r.pbn", b'<?xml version="1.0"?>\n<USEBIO Version="1.2">', "its name says PBN, but it holds USEBIO XML"),
    ("r.pbn", b"PK\x03\x04\x14\x00\x06\x00", "its name says PBN, but it holds a workbook (by its first bytes): "
                                         "name it .xlsx"),
    ("r.csv", b"PK\x03\x04\x14\x00\x06\x00" + bytes(64), "the file is a zip file (an Excel or LibreOffice workbook"),
    ("r.csv", bytes(range(256)) * 4, "the file is not text (it holds binary bytes, NUL among them)"),
    ("r.csv", "board,ns_pair".encode("utf-16-le"), "the file looks like UTF-16 (little-endian) without a byte-order"),
]


@pytest.mark.parametrize("name, data, words", MISNAMED)
def test_a_file_whose_name_and_bytes_disagree_is_named(name, data, words, tmp_path, capsys):
    path = tmp_path / name
    path.write_bytes(data)
    assert main(["score", str(path)]) == 2
    err = capsys.readouterr().err
    assert f"{path}: {words}" in err and "Traceback" not in err, err


def _full_disk(monkeypatch):
    """Every file mpxl.formats.atomic opens refuses its writes: ENOSPC, as a full disk does."""
    import mpxl.formats.atomic as atomic

    class Full(io.TextIOWrapper):
        def write(self, text):
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    real_open = open

    def full_open(file, mode="r", *args, **kwargs):
        f = real_open(file, mode, *args, **kwargs)
        if "w" in mode and "b" not in mode:
            f.write = Full.write.__get__(f)  # type: ignore[method-assign]
        return f
    monkeypatch.setattr(atomic, "open", full_open, raising=False)


@pytest.mark.parametrize("output", ["out.html", "out.csv", "out.xml", "out.pbn", "study.html"])
def test_a_full_disk_names_the_output_not_the_temporary_file(output, tmp_path, capsys, monkeypatch):
    out = tmp_path / output
    _full_disk(monkeypatch)
    argv = (["study", CSV_IN, "--trials", "2", "--remove", "1", "-o", str(out)] if output.startswith("study")
            else ["score", CSV_IN, "-o", str(out)])
    if output == "study.html":
        pytest.importorskip("matplotlib")
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"mpxl: {out}: ") and "No space left on device" in err, err
    assert ".mpxl-" not in err, err
    assert not [p.name for p in tmp_path.iterdir() if p.name.startswith(".")]


#: (the lock file beside out.xlsx, its text) -> the program named
LOCKS = [
    ("~$out.xlsx", b"\x08Ann Smith" + b" " * 40, "Excel", ""),
    (".~lock.out.xlsx#", b",Ann Smith,pc-17,26.11.2026 12:00,file:///home/ann/.config/libreoffice/4;", "LibreOffice",
     "by Ann Smith"),
]


@pytest.mark.parametrize("lock, text, program, who", LOCKS)
@pytest.mark.parametrize("output", ["out.xlsx", "out.csv"])
def test_an_output_open_in_a_spreadsheet_is_refused(lock, text, program, who, output, tmp_path, capsys):
    out = tmp_path / output
    out.write_bytes(b"old")
    (tmp_path / lock.replace("out.xlsx", output)).write_bytes(text)
    assert main(["score", CSV_IN, "-o", str(out)]) == 2
    err = capsys.readouterr().err
    for word in (f"mpxl: {out}: the file is open in {program}", who, "close it there", "delete it"):
        assert word in err, (word, err)
    assert out.read_bytes() == b"old" and len(err.strip().splitlines()) == 1


# ------------------------------------------------------------------ check's words

@needs_real
def test_check_names_the_pair_first_and_counts_rounding_order_differences(tmp_path, capsys):
    """Five percentages one unit of their last decimal off: the summary says so in a sentence, and
    each difference starts with the pair (``pair 1 NS (SECTION A, PAIR 1)``)."""
    text = EBU.read_text(encoding="utf-8")
    bumped = iter(range(5))

    def bump(m):
        return f"<PERCENTAGE>{float(m.group(1)) + 0.01:.2f}</PERCENTAGE>" if next(bumped, None) is not None else m[0]
    path = tmp_path / "off.xml"
    path.write_text(re.sub(r"<PERCENTAGE>([\d.]+)</PERCENTAGE>", bump, text), encoding="utf-8")
    assert main(["check", str(path)]) == 1
    out = capsys.readouterr().out
    assert "not explained: 5 percentages (one unit of the last decimal: a rounding-order difference);" in out, out
    assert "5 a rounding-order difference)" not in out
    assert out.startswith("pair 1 NS (SECTION A, PAIR 1): percentage"), out


@needs_real
@pytest.mark.parametrize("flags, named", [
    (["--rounding-pct", "1"], "(--rounding-pct)"),
    (["--rounding-pct", "1", "--places", "plain"], "(--rounding-pct, --places)"),
])
def test_check_names_the_flags_typed(flags, named, capsys):
    assert main(["check", str(EBU), *flags]) == 1
    out = capsys.readouterr().out
    assert f"the options given {named} go against" in out, out
    assert "--percentage-decimals" not in out and "--percentage-tie" not in out


def _shifted(tmp_path, shift: int) -> Path:
    """The Ruter file with every pair's TotalScoreMP moved by ``shift`` (running totals of a later session)."""
    text = RUTER.read_text(encoding="latin-1")
    head, sep, rest = text.partition("[TotalScoreTable")
    rows = rest.split("\n")
    rows[1:] = [re.sub(r'^(\d+ \d+ \d+ "[^"]*" )(-?[\d.]+)', lambda m: f"{m[1]}{float(m[2]) + shift:.1f}", row)
                for row in rows[1:]]
    path = tmp_path / f"shifted{shift}.pbn"
    path.write_text(head + sep + "\n".join(rows), encoding="latin-1")
    return path


@needs_real
@pytest.mark.parametrize("shift", [-1000, 1000, -400, 400])
def test_signed_running_totals_follow_one_rule_for_both_signs(shift, tmp_path, capsys):
    assert main(["check", str(_shifted(tmp_path, shift))]) == 0
    out = capsys.readouterr().out
    assert "18 pair figures run over earlier sessions: carried in" in out, out


# ------------------------------------------------------------------ study

def test_study_says_what_it_wrote(tmp_path, capsys):
    out = tmp_path / "x.json"
    assert main(["study", CSV_IN, "--trials", "2", "--remove", "1", "-o", str(out)]) == 0
    said = capsys.readouterr().out
    assert said.startswith(f"mpxl: wrote {out} (study JSON): 1 results hidden per board,"), said
    assert out.is_file()


def test_study_help_counts_the_methods(capsys):
    from mpxl.core.methods import Method

    with pytest.raises(SystemExit):
        main(["study", "--help"])
    text = " ".join(capsys.readouterr().out.split())
    words = {2: "two", 3: "three", 4: "four", 5: "five", 6: "six", 7: "seven", 8: "eight"}
    assert f"each of the {words[len(Method)]} methods ({', '.join(m.value for m in Method)})" in text.replace(
        "- ", "-"), text


# ------------------------------------------------------------------ the README says what is so

README = (ROOT / "README.md").read_text(encoding="utf-8")


def test_readme_names_every_setting_and_every_csv_column():
    from mpxl.cli import build_parser, subparser
    from mpxl.formats.csvfile import KNOWN_COLUMNS

    score = subparser(build_parser("score"), "score")
    flags = {f for a in score._actions for f in a.option_strings if f.startswith("--")}
    flags -= {"--help", "--output", "--json", "--rounding-lines"}  # (--rounding-lines: --rounding's other name)
    missing = sorted(f for f in flags if not re.search(re.escape(f) + r"(?![\w-])", README))
    assert not missing, missing
    csv_part = README[README.index("**CSV travellers**"):]
    assert not sorted(c for c in KNOWN_COLUMNS if f"`{c}`" not in csv_part)


def test_readme_says_the_xlwings_the_xlsm_needs_and_the_lite_file_s_size():
    from mpxl.commands.lite import main_py
    from mpxl.workbook.classic import xlwings_version

    assert f"pip install xlwings=={xlwings_version()}" in README
    size = len(main_py().encode("utf-8")) / 1000
    for text in (README, (ROOT / "docs" / "excel.md").read_text(encoding="utf-8")):
        said = re.search(r"about (\d+) KB", text)
        assert said and abs(int(said[1]) - size) <= 0.1 * size, (said and said[0], size)


def test_events_md_lists_every_preset_and_the_signed_scale():
    from mpxl.core.conventions import CONVENTIONS

    events = (ROOT / "docs" / "events.md").read_text(encoding="utf-8")
    row = next(line for line in events.splitlines() if line.startswith("| `--conventions"))
    assert not [name for name in CONVENTIONS if f"`{name}`" not in row]
    scale = next(line for line in events.splitlines() if line.startswith("| `--scale"))
    assert "signed" in scale and "MP1" in scale


def test_readme_study_figures_come_from_its_own_command():
    """The README's command names the files (not a glob the folder's new files change) and the
    trials and seed its figures were measured with; docs/study.md's table holds the same figures."""
    command = README[README.index("```sh\nmpxl study"):].split("```")[1]
    assert "*" not in command and "--trials 1000" in command and "--seed 0" in command and "--remove 1-5" in command
    for name in ("ebuscore-2025-01-02-two-winner-a5050.xml", "scorebridge-2025-01-06-one-winner.xml",
                 "magiccontest-ffb-final-2022-session1.pbn"):
        assert name in command
    study_md = (ROOT / "docs" / "study.md").read_text(encoding="utf-8")
    for figure in ("3.73", "3.78", "4.48", "8.50", "9.89", "9.80", "0.009", "±0.007", "±0.01"):
        assert figure in README and figure in study_md, figure


@pytest.mark.parametrize("header, code, words", [
    (["board", "ns_pair", "ew_pair", "ns_scroe"], 2, ["sheet Sheet, row 1", "did you mean ns_score?"]),
    (["board", "ns_pair", "ew_pair", "ns_score", "Round"], 0, ["sheet Sheet, row 1: warning", "'Round'"]),
])
def test_a_plain_sheet_names_its_unknown_columns_as_a_csv_does(header, code, words, tmp_path, capsys):
    openpyxl = pytest.importorskip("openpyxl")
    wb = openpyxl.Workbook()
    for row in (header, [1, 1, 2, 420, 1], [1, 3, 4, 400, 1]):
        wb.active.append(row[:len(header)])
    wb.save(tmp_path / "plain.xlsx")
    assert main(["score", str(tmp_path / "plain.xlsx")]) == code
    err = capsys.readouterr().err
    assert all(word in err for word in words), err


@pytest.mark.parametrize("template, command, words", [
    (["--tables", "3", "--boards", "6"], "check", "sheet Travellers: no traveller line typed yet"),
    (["--tables", "3", "--boards", "6"], "score", "sheet Travellers: no traveller line typed yet"),
    (["--movement", "hesitation", "--tables", "4", "--boards-per-round", "1"], "check",
     "no result typed yet (20 traveller lines, none with a score or a contract)"),
])
def test_a_workbook_with_nothing_typed_says_so(template, command, words, tmp_path, capsys):
    """A scorer checking (or scoring) the template before typing anything: one line saying nothing is typed,
    exit 2; not the reader's 'line 2' of a CSV, and not a difference per pair for the sheet's zeros."""
    book = tmp_path / "evening.xlsx"
    assert main(["template", *template, "-o", str(book)]) == 0
    capsys.readouterr()
    if command == "check" and "movement" in template and find_soffice() is None:
        pytest.skip("the never-recalculated workbook is recalculated by LibreOffice")
    assert main([command, str(book)]) == 2
    err = capsys.readouterr().err
    assert words in err and "Traceback" not in err and "line 2" not in err and "differences" not in err
