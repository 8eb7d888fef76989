"""The command line as a user reads it: plain help, tables within 100 characters whose columns never
run together, the line `score -o` prints, the event's name above its ranking, the study's legend and
the demo's totals."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from fractions import Fraction
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mpxl.cli import build_parser, main
from mpxl.commands.demo import demo_table
from mpxl.commands.methods import format_table
from mpxl.commands.study import STUDY_LEGEND, study_text
from mpxl.commands.text_report import event_heading, ranking_text, text_table
from mpxl.core.session import score_event
from mpxl.core.study import StudyOptions, study
from mpxl.formats import read_event
from tests.shared import REAL_FILES as REALDATA_FILES


def _real_file(program: str) -> Path:
    """The shared real file of ``program``; the test skips where the files are not beside the checkout
    (tests/shared.py makes that an error when CI=true)."""
    path = next((p for p in REALDATA_FILES if program in p.name), None)
    if path is None:
        pytest.skip(f"no {program} file among the shared real files")
    return path


DATA = Path(__file__).parent / "data"
WIDTH = 100


def _subparsers():
    parser = build_parser()
    action = next(a for a in parser._actions if a.dest == "command")
    return action.choices


@pytest.mark.parametrize("command", sorted(_subparsers()))
def test_help_is_plain_text(command):
    text = _subparsers()[command].format_help()
    assert "``" not in text and "(default: None)" not in text
    assert not re.search(r":(func|class|mod|meth):", text)


def test_ave_policy_help_says_what_each_policy_does():
    text = " ".join(_subparsers()["score"].format_help().split())
    assert "fixed: Ave+ is 60% and Ave- 40% of the top, always" in text
    assert "wbf: Ave+ is 60% or the pair's percentage" in text


def _realdata_results():
    return [score_event(read_event(p)) for p in REALDATA_FILES]


@pytest.mark.parametrize("expected, actual, scale", [(9, 8, 2), (30, 29, 2), (44, 22, 1), (3, 2, 2), (13, 12, 2)])
def test_methods_table_is_within_100_characters(expected, actual, scale):
    assert max(len(line) for line in format_table(expected, actual, scale).splitlines()) <= WIDTH


def test_every_ranking_line_is_within_100_characters_and_its_columns_apart():
    for result in _realdata_results():
        lines = ranking_text(result).splitlines()
        assert max(len(line) for line in lines) <= WIDTH
        # the MPs, Max and % columns are the last three, right-aligned: at least one blank between them
        for line in lines:
            cells = line.split()
            if cells[:1] and re.fullmatch(r"\d+=?", cells[0]):
                assert re.search(r"\d\s{2,}\d+\s{2,}\d+\.\d+$", line), line


def test_magic_contest_mps_and_max_stand_apart():
    path = _real_file("magiccontest")
    result = score_event(read_event(path))
    lines = ranking_text(result).splitlines()
    head = next(line for line in lines if line.startswith("Place"))
    rows = [line for line in lines if re.match(r"\d", line)]
    for pr, line in zip(result.pairs, rows):
        mps, mx, pct = line.split()[-3:]
        assert float(mx) == float(pr.max) and abs(float(mps) - float(pr.mp)) < 0.051
        # the Max column ends under its heading, two blanks after the MPs column
        assert line.index(mx + "  ") + len(mx) == head.index("Max") + 3


@pytest.mark.parametrize("program, heading, first, note", [
    # Ruter's MP1 (the signed scale): the signed total and the percentage, as the file's TotalScoreTable
    # publishes them (pair 17: 50.1, 64.92); a pair's maximum (21 boards of 9 results: 21 x 8 = 168) only
    # in the words under the table that say how the percentage comes from the total, as on the results page
    ("ruter", ["Place", "Pair", "Names", "MP1", "%"], ["1", "17", "Player 17a & Player 17b", "50.1", "64.92"],
     "% = 50 + 50 × MP1 / 168: 168 is the sum of the tops (results - 1) of the boards a pair played"),
    # the other scales keep the maximum beside the matchpoints (EBUScore: pair 9 published 67.69%), no note
    ("ebuscore", ["Place", "Pair", "Names", "MPs", "Max", "%"],
     ["1", "9", "Player 9a & Player 9b", "227.43", "336", "67.69"], None),
])
def test_the_ranking_shows_what_the_scale_s_users_know(program, heading, first, note, capsys):
    assert main(["score", str(_real_file(program))]) == 0
    lines = capsys.readouterr().out.splitlines()
    at = next(i for i, line in enumerate(lines) if line.startswith("Place"))
    assert re.split(r"\s{2,}", lines[at]) == heading
    assert re.split(r"\s{2,}", lines[at + 1]) == first
    block = lines[at:lines.index("", at) if "" in lines[at:] else len(lines)]
    assert [line for line in block if line.startswith("% =")] == ([note] if note else [])
    assert note is None or block[-1] == note  # under the table


@settings(max_examples=60, deadline=None)
@given(st.lists(st.lists(st.text(alphabet="abc0123456789.=&", min_size=1, max_size=12), min_size=4, max_size=4),
                min_size=1, max_size=8))
def test_text_table_columns_never_run_together(rows):
    for line, row in zip(text_table(rows, "<><>"), rows):
        assert line.split() == row


def test_the_event_name_and_date_are_above_the_ranking():
    for path in REALDATA_FILES:
        event = read_event(path)
        text = ranking_text(score_event(event))
        heading = event_heading(event)
        if event.title:
            assert text.splitlines()[0] == heading and event.title.strip() in heading
            assert text.splitlines()[1] == ""
        if event.date:
            assert event.date.strip() in text.splitlines()[0]


def test_score_prints_the_heading_then_the_ranking(capsys):
    path = _real_file("ebuscore")
    event = read_event(path)
    assert event.title  # the file names its event
    assert main(["score", str(path)]) == 0
    first = capsys.readouterr().out.splitlines()[0]
    assert first == event_heading(event)


@pytest.mark.parametrize("ext, name", [(".pbn", "PBN"), (".xml", "USEBIO XML"), (".csv", "CSV travellers"),
                                       (".html", "results page")])
def test_score_o_says_what_it_wrote(ext, name, tmp_path, capsys):
    src = DATA / "two-sections.xml"
    out = tmp_path / f"out{ext}"
    assert main(["score", str(src), "-o", str(out)]) == 0
    stdout, err = capsys.readouterr()
    result = score_event(read_event(src))
    assert stdout == f"mpxl: wrote {out} ({name}): {len(result.boards)} boards, {len(result.pairs)} pairs\n"
    assert out.exists()


def test_score_o_with_json_keeps_stdout_for_the_json(tmp_path, capsys):
    out = tmp_path / "out.pbn"
    assert main(["score", str(DATA / "two-sections.xml"), "-o", str(out), "--json"]) == 0
    stdout, err = capsys.readouterr()
    assert stdout.lstrip().startswith("{") and err.startswith(f"mpxl: wrote {out} (PBN)")


def test_score_o_of_plain_csv_travellers_says_what_it_wrote(tmp_path, capsys):
    src = tmp_path / "plain.csv"
    src.write_text("board,ns_pair,ew_pair,ns_score\n1,1,2,420\n1,3,4,400\n2,1,2,-50\n2,3,4,-100\n")
    out = tmp_path / "out.csv"
    assert main(["score", str(src), "-o", str(out)]) == 0
    assert capsys.readouterr().out == f"mpxl: wrote {out} (CSV travellers): 4 traveller lines\n"


def test_study_table_has_a_legend_and_fits():
    path = _real_file("ebuscore")
    text = study_text([study([read_event(path)], StudyOptions(remove=1, trials=3))])
    lines = text.splitlines()
    assert max(len(line) for line in lines) <= WIDTH
    head = next(line for line in lines if line.startswith("method"))
    for column in head.split():
        assert any(line.startswith(column) or f" {column} " in f" {line} " for line in STUDY_LEGEND) or \
            any(column in line for line in STUDY_LEGEND), column
    assert all(line in lines for line in STUDY_LEGEND)


def test_demo_totals_row_is_aligned_and_adds_up():
    lines = demo_table().splitlines()
    assert max(len(line) for line in lines) <= WIDTH
    head = next(line for line in lines if line.startswith("Tbl"))
    rows = [line for line in lines if re.match(r"\d ", line)]
    total = next(line for line in lines if line.startswith("total"))
    bars = [i for i, c in enumerate(head) if c == "|"]
    for line in rows + [total]:
        assert [i for i, c in enumerate(line) if c == "|"] == bars, line
    figures = [[Fraction(x) for x in line.split("|", 1)[1].replace("|", " ").split()] for line in rows]
    shown = [Fraction(x) for x in total.split("|", 1)[1].replace("|", " ").split()]
    assert shown == [sum(col) for col in zip(*figures)]  # 72.04 in the Avg/Avg columns: what they add to
    assert shown[2] == Fraction("72.04")


def test_the_demo_file_is_ignored_by_git_in_the_checkout():
    root = Path(__file__).resolve().parents[1]
    gitignore = (root / ".gitignore").read_text().splitlines()
    default = _subparsers()["demo"].get_default("output")
    assert default == "mpxl-demo.xlsx" and default in gitignore


#: (the stream's encoding as Python was given it, what the names come out as): a redirected stream in UTF-8 (on
#: Windows Python writes one in the ANSI code page, cp1252, which has no Ł: the ranking stopped at the first such
#: name, exit 2); an encoding the user chose (PYTHONIOENCODING) kept, a character it lacks as ?
STREAMS = [
    (None, "Łukasz Żółć & Jiří Dvořák"),
    ("cp1252", "?ukasz ?ó?? & Ji?í Dvo?ák"),
]


@pytest.mark.parametrize("chosen, shown", STREAMS, ids=["redirected", "PYTHONIOENCODING=cp1252"])
def test_a_name_the_output_stream_cannot_encode_never_stops_the_ranking(tmp_path, chosen, shown):
    src = tmp_path / "names.csv"
    src.write_text("board,ns_pair,ew_pair,ns_score,ns_names,ew_names\n1,1,2,420,Łukasz Żółć & Jiří Dvořák,Ann & Bob\n"
                   "1,3,4,400,Zoë & Åsa,Ω & 李\n", encoding="utf-8")
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONIOENCODING", "PYTHONUTF8")}
    if chosen:
        env["PYTHONIOENCODING"] = chosen
    run = subprocess.run([sys.executable, "-m", "mpxl", "score", str(src)], capture_output=True, env=env, check=False)
    out = run.stdout.decode(chosen or "utf-8")
    assert run.returncode == 0, run.stderr
    assert shown in out and "Ann & Bob" in out
