"""The everyday command starts light: only the chosen sub-command is imported, and the text, CSV,
XML, PBN, HTML and JSON outputs load none of the heavy libraries (openpyxl, numpy, matplotlib,
pandas, xlwings). No timing here: the figures are in bench/startup.py and bench/README.md.
"""

from __future__ import annotations

import ast
import json
import os
import pkgutil
import site
import subprocess
import sys
from pathlib import Path

import pytest

from mpxl import commands
from mpxl.cli import build_parser, chosen_command
from mpxl.commands import COMMANDS

ROOT = Path(__file__).resolve().parent.parent
DATA = Path(__file__).parent / "data"
HEAVY = ("openpyxl", "numpy", "matplotlib", "pandas", "xlwings")

#: Reports, in a fresh interpreter, the mpxl modules and the heavy libraries ``mpxl ARGS`` loaded.
PROBE = """
import contextlib, io, json, sys
from mpxl.cli import main
with contextlib.redirect_stdout(io.StringIO()):
    status = main(sys.argv[1:])
print(json.dumps({"status": status, "modules": sorted(sys.modules)}))
"""


def _loaded(*args: str) -> tuple[int, list[str]]:
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")])))
    done = subprocess.run([sys.executable, "-c", PROBE, *args], capture_output=True, text=True, env=env, check=True)
    doc = json.loads(done.stdout.strip().splitlines()[-1])
    return doc["status"], doc["modules"]


def test_every_command_module_is_in_the_table():
    assert sorted(m.name for m in pkgutil.iter_modules(commands.__path__)) == sorted([*COMMANDS, *commands.SHARED])


@pytest.mark.parametrize("argv, command", [
    ([], None),
    (["--help"], None),
    (["--version"], None),
    (["score", "in.xml", "-o", "check"], "score"),
    (["-h", "check", "x.pbn"], "check"),
    (["bogus"], "bogus"),
])
def test_the_chosen_command_is_the_first_word_without_a_dash(argv, command):
    assert chosen_command(argv) == command


def _subparsers(parser) -> dict:
    return next(a for a in parser._actions if a.dest == "command").choices


def test_the_light_listing_equals_the_full_one():
    assert build_parser("").format_help() == build_parser().format_help()


@pytest.mark.parametrize("command", sorted(COMMANDS))
def test_a_chosen_command_has_its_complete_help(command):
    light = _subparsers(build_parser(command))
    full = _subparsers(build_parser())
    assert light[command].format_help() == full[command].format_help()
    assert set(light) == set(full) == set(COMMANDS)


@pytest.mark.parametrize("command", ["score", "check"])
def test_score_and_check_import_no_other_command(command):
    _status, modules = _loaded(command, str(DATA / "two-sections.xml"))
    loaded = [m.removeprefix("mpxl.commands.") for m in modules if m.startswith("mpxl.commands.")]
    assert [m for m in loaded if m in COMMANDS] == [command]  # check's options are the shared choice's
    assert set(loaded) - {command} <= set(commands.SHARED)


def _source(source: str, tmp_path: Path) -> Path:
    """The test file ``source``; "pbn": a PBN input, the XML written as PBN."""
    if source != "pbn":
        return DATA / source
    path = tmp_path / "in.pbn"
    subprocess.run([sys.executable, "-m", "mpxl", "score", str(DATA / "two-sections.xml"), "-o", str(path)],
                   check=True, capture_output=True, env=dict(os.environ, PYTHONPATH=str(ROOT)))
    return path


@pytest.mark.parametrize("source", ["two-sections.xml", "club-howell.csv", "pbn"])
@pytest.mark.parametrize("args", [
    ("score",),
    ("score", "--json"),
    ("score", "-o", "out.csv"),
    ("score", "-o", "out.xml"),
    ("score", "-o", "out.pbn"),
    ("score", "-o", "out.html"),
    ("check",),
    ("check", "--json"),
])
def test_text_csv_xml_pbn_html_and_json_load_no_heavy_library(tmp_path, source, args):
    path = _source(source, tmp_path)
    command, *rest = args
    if command == "check" and source.endswith(".csv"):
        pytest.skip("a CSV has no published figures to check")
    rest = [str(tmp_path / a) if a.startswith("out.") else a for a in rest]
    status, modules = _loaded(command, str(path), *rest)
    assert status in (0, 1)  # check: 1 where a published figure differs
    assert [m for m in modules if m.split(".")[0] in HEAVY] == []


#: As PROBE, with nothing loaded beside mpxl's own: no site start-up (an editable install's finder loads
#: pathlib there), the installed packages on the path all the same; the modules on stderr's last line.
PROBE_ALONE = """
import sys
from mpxl.cli import main
status = main(sys.argv[1:])
sys.stderr.write("\\n" + repr([status, sorted(sys.modules)]))
"""


def _loaded_alone(*args: str) -> tuple[int, list[str]]:
    path = [str(ROOT), *site.getsitepackages(), os.environ.get("PYTHONPATH")]  # no .pth file run: python -S
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(filter(None, path)))
    done = subprocess.run([sys.executable, "-S", "-c", PROBE_ALONE, *args], capture_output=True, text=True, env=env,
                          check=False)
    status, modules = ast.literal_eval(done.stderr.strip().splitlines()[-1])
    return status, modules


#: What a plain ``score`` or ``check`` (the text or JSON out, nothing written) never loads: each where it is
#: used (an extension read without pathlib, the hint for a mistyped flag or column, the terminal's width for
#: the help, a title made from a date, the code that writes files).
LAZY = ("pathlib", "difflib", "shutil", "datetime", "mpxl.formats.atomic")


@pytest.mark.parametrize("source", ["two-sections.xml", "club-howell.csv", "pbn"])
@pytest.mark.parametrize("args", [("score",), ("score", "--json"), ("check",)])
def test_a_plain_score_loads_nothing_it_does_not_use(tmp_path, source, args):
    path = _source(source, tmp_path)
    if args[0] == "check" and source.endswith(".csv"):
        pytest.skip("a CSV has no published figures to check")
    status, modules = _loaded_alone(args[0], str(path), *args[1:])
    assert status in (0, 1)
    lazy = LAZY + (() if "--json" in args else ("json", "mpxl.formats.jsonout"))
    assert [m for m in lazy if m in modules] == []


def test_an_output_loads_the_writing_code(tmp_path):
    status, modules = _loaded_alone("score", str(DATA / "two-sections.xml"), "-o", str(tmp_path / "out.pbn"))
    assert status == 0 and "mpxl.formats.atomic" in modules


def test_an_xlsx_output_does_load_openpyxl(tmp_path):
    pytest.importorskip("openpyxl")
    status, modules = _loaded("score", str(DATA / "two-sections.xml"), "-o", str(tmp_path / "out.xlsx"))
    assert status == 0 and "openpyxl" in modules


#: Runs ``mpxl ARGS`` as the program runs (``main()`` reading ``sys.argv``) and reports what it loaded.
PROBE_PROGRAM = """
import contextlib, io, json, sys
from mpxl.cli import main
sys.argv = ["mpxl", *sys.argv[1:]]
with contextlib.redirect_stdout(io.StringIO()):
    status = main()
import numpy  # noqa: F401  (imported once openpyxl is: the charts' matplotlib needs it)
print(json.dumps({"status": status, "modules": sorted(sys.modules)}))
"""


@pytest.mark.parametrize("argv", [["score", str(DATA / "two-sections.xml"), "-o", "{tmp}/out.xlsx"],
                                  ["template", "--tables", "2", "--boards", "1", "-o", "{tmp}/t.xlsx"]])
def test_the_program_writes_a_workbook_without_numpy(tmp_path, argv):
    """openpyxl imports numpy where it is installed; the program imports openpyxl without it (no workbook mpxl
    writes holds a numpy number), and numpy stays importable after."""
    pytest.importorskip("openpyxl")
    numpy = pytest.importorskip("numpy")
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")])))
    argv = [a.format(tmp=tmp_path) for a in argv]
    probe = PROBE_PROGRAM.replace("import numpy", "import openpyxl.compat.numbers as n; assert not n.NUMPY\nimport numpy")
    done = subprocess.run([sys.executable, "-c", probe, *argv], capture_output=True, text=True, env=env, check=False)
    assert done.returncode == 0, done.stderr[-2000:]
    doc = json.loads(done.stdout.strip().splitlines()[-1])
    assert doc["status"] == 0 and "openpyxl" in doc["modules"] and numpy.__name__ in doc["modules"]
