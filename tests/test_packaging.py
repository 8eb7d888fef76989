"""The package as a user installs it: a light core, extras named when missing, a wheel that builds.

The core and the Excel functions need only the standard library and xlwings (and defusedxml
for USEBIO); openpyxl, matplotlib and tqdm are extras. A subprocess blocks those packages
(as if they were not installed) and drives the command; ``.ci/run`` also installs the built
wheel, without extras, into a fresh virtual environment.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

#: Run in a fresh interpreter: these packages cannot be imported there.
BLOCKER = """
import sys
from importlib.abc import MetaPathFinder

BLOCKED = {"openpyxl", "matplotlib", "tqdm", "numpy", "pandas", "formulas"}

class Block(MetaPathFinder):
    def find_spec(self, name, path=None, target=None):
        if name.split(".")[0] in BLOCKED:
            raise ModuleNotFoundError(f"No module named {name!r}", name=name)
        return None

sys.meta_path.insert(0, Block())
"""


def run_blocked(code: str, tmp_path: Path) -> subprocess.CompletedProcess:
    env = {**os.environ, "PYTHONPATH": str(ROOT), "XLWINGS_ON_SERVER": "true",
           "XLWINGS_LICENSE_KEY": "noncommercial"}
    return subprocess.run([sys.executable, "-c", BLOCKER + code], cwd=tmp_path, env=env,
                          capture_output=True, text=True, timeout=120)


def test_core_functions_and_readers_need_no_optional_package(tmp_path):
    got = run_blocked("""
import json
import mpxl.udfs as udfs
from mpxl import formats, cli
from mpxl.core import board, session, methods
from mpxl.formats import usebio, pbn, csvfile, csvcolumns
print(json.dumps({
    "slides": udfs.MATCHPOINTS([[-130], [-660], [-120], [200], [-600], ["AVE"], [100], [140], [-150]], None, None, None, None, 2),
    "neuberg": [udfs.NEUBERG(14, 9, 8), udfs.NEUBERG(0, 9, 8)],
    "loaded": sorted(m for m in ("openpyxl", "matplotlib", "tqdm") if m in sys.modules),
}))
""", tmp_path)
    assert got.returncode == 0, got.stderr
    out = json.loads(got.stdout)
    assert [row[0] for row in out["slides"]] == [6.88, 0.13, 9.13, 15.88, 2.38, 8.0, 11.38, 13.63, 4.63]
    assert out["neuberg"] == [15.875, 0.125]
    assert out["loaded"] == []


def test_the_command_names_the_extra_a_step_needs(tmp_path):
    csv = tmp_path / "board.csv"
    csv.write_text("board,ns_pair,ew_pair,ns_score\n" + "".join(
        f"4,{i},{i + 10},{s}\n" for i, s in enumerate([-130, -660, -120, 200, -600, 100, 100, 140, -150], 1)),
        encoding="utf-8")
    got = run_blocked(f"""
from mpxl.cli import main
codes = [main(["methods", "9", "8"]), main(["score", {str(csv)!r}])]
print("CODES", codes)
codes = [main(["demo", "-o", "x.xlsx"]), main(["template", "-o", "t.xlsx"]),
         main(["score", {str(csv)!r}, "-o", "s.xlsx"]), main(["methods", "9", "8", "--chart", "m.png"])]
print("CODES", codes)
""", tmp_path)
    assert got.returncode == 0, got.stderr
    first, second = [line for line in got.stdout.splitlines() if line.startswith("CODES")]
    assert first == "CODES [0, 0]"
    assert "15.88" in got.stdout  # the methods table, Neuberg at S = 14
    assert second == "CODES [2, 2, 2, 2]"
    errors = got.stderr.splitlines()
    workbook = 'mpxl: openpyxl is not installed; it is needed for the workbooks (.xlsx): pip install "mpxl-bridge[workbook]"'
    assert [e.startswith(workbook) for e in errors] == [True, True, True, False], errors
    assert errors[3].startswith('mpxl: matplotlib is not installed; it is needed for the charts: pip install "mpxl-bridge[charts]"')
    assert "Traceback" not in got.stderr
    assert not any((tmp_path / name).exists() for name in ("x.xlsx", "t.xlsx", "s.xlsx", "m.png"))


@pytest.fixture(scope="module")
def wheel(tmp_path_factory) -> Path:
    pytest.importorskip("build", reason="the test extra installs build (python -m build)")
    out = tmp_path_factory.mktemp("dist")
    got = subprocess.run([sys.executable, "-m", "build", "--wheel", "-o", str(out), str(ROOT)],
                         capture_output=True, text=True, timeout=300)
    assert got.returncode == 0, got.stdout[-2000:] + got.stderr[-2000:]
    wheels = list(out.glob("*.whl"))
    assert len(wheels) == 1
    return wheels[0]


def test_the_wheel_is_mpxl_bridge_with_a_light_core(wheel):
    assert wheel.name.startswith("mpxl_bridge-")
    with zipfile.ZipFile(wheel) as z:
        names = z.namelist()
        meta = z.read(next(n for n in names if n.endswith(".dist-info/METADATA"))).decode()
        entry = z.read(next(n for n in names if n.endswith(".dist-info/entry_points.txt"))).decode()
    assert "Name: mpxl-bridge" in meta.splitlines()
    requires = [line.split(": ", 1)[1] for line in meta.splitlines() if line.startswith("Requires-Dist: ")]
    plain = sorted(r.split(">")[0].split("=")[0].strip() for r in requires if "extra ==" not in r)
    assert plain == ["defusedxml", "xlwings"]
    for optional, extra in (("openpyxl", "workbook"), ("matplotlib", "charts"), ("tqdm", "all"),
                            ("access-parser", "bws"), ("access-parser", "all")):
        assert any(r.startswith(optional) and f'extra == "{extra}"' in r for r in requires), (optional, requires)
    assert "mpxl = mpxl.cli:main" in entry
    assert "mpxl/udfs.py" in names and "mpxl/cli.py" in names
    assert "mpxl/formats/usebio.py" in names and "mpxl/workbook/template.py" in names
    assert not any(n.startswith("tests/") for n in names)
