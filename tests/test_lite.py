"""xlwings Lite in its own runtime: Pyodide under Node, offline.

Two routes, each loaded the way Lite loads a workbook's Python (it runs ``main.py`` and
registers the decorated functions found there), then every function called through
xlwings' Office.js conversion (``xlwings.server.custom_functions_call``) with error cells
shaped as Office.js sends them:

- ``lite``: the self-contained ``main.py`` that ``mpxl lite -o DIR`` writes; only the pure
  xlwings wheel is installed, nothing from this checkout is on the path (the route without
  the package index);
- ``source``: a ``main.py`` of one line, ``from mpxl.udfs import *``, with the checkout's
  source folder mounted (what an installed wheel gives).

The pure wheel is xlwings' own ``py3-none-any`` wheel of the installed version (what Lite's
requirements.txt installs), fetched with pip into tests/pyodide/wheels once. Node and the
npm package ``pyodide`` (tests/pyodide/package.json) come from ``.ci/run``; without them the
test skips with the reason, and fails when CI=true.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest
import xlwings  # noqa: E402
from test_udfs import (
    AVG_AVG,
    DIV0,
    FUNCTIONS,
    GOOD,
    NA,
    SIGNED_BOARD,
    SIGNED_FIGURES,
    SLIDES_BOARD_4,
    VALUE,
    _with_error,
    cells,
    udfs,
    xs,
)

ROOT = Path(__file__).resolve().parent.parent
HERE = ROOT / "tests" / "pyodide"


def _unavailable(reason: str):
    if os.environ.get("CI", "").lower() == "true":
        pytest.fail(reason + "; CI=true, so this is a failure, not a skip")
    pytest.skip(reason)


def _pure_xlwings(folder: Path) -> Path:
    """The unpacked py3-none-any wheel of the installed xlwings."""
    version = xlwings.__version__
    target = folder / f"xlwings-{version}"
    if (target / "xlwings" / "__init__.py").is_file():
        return target
    folder.mkdir(parents=True, exist_ok=True)
    wheel = folder / f"xlwings-{version}-py3-none-any.whl"
    if not wheel.is_file():
        got = subprocess.run([sys.executable, "-m", "pip", "download", "--no-deps", "--only-binary=:all:",
                              "--platform", "any", "--implementation", "py", "--abi", "none", "--python-version", "3.13",
                              f"xlwings=={version}", "-d", str(folder)], capture_output=True, text=True, timeout=300)
        if got.returncode or not wheel.is_file():
            _unavailable(f"xlwings {version}'s pure wheel could not be fetched: {got.stderr.strip()[-300:]}")
    tmp = folder / f".unpack-{os.getpid()}"
    with zipfile.ZipFile(wheel) as z:
        z.extractall(tmp)
    tmp.rename(target)
    return target


def _payload(name, args):
    return {"client": "Office.js", "func_name": name, "args": [cells(a) for a in args],
            "caller_address": "Sheet1!A1", "culture_info_name": "en-US", "date_format": "M/d/yyyy",
            "version": xlwings.__version__, "runtime": "1.4"}


#: The slides' boards.
SLIDES_CALLS = [
    ("MATCHPOINTS", (AVG_AVG, None, None, None, None, 2)),
    ("MATCHPOINTS", (SLIDES_BOARD_4,)),
    ("MATCHPOINTS", ([-130, NA, 200, 100],)),
    ("MATCHPOINTS", ([420, 450, 400], 2)),
    ("NEUBERG", (14, 9, 8)), ("NEUBERG", (0, 9, 8)), ("NEUBERG", (14, 8, 9)),
    ("NEUBERG", ([[14], [None], [0]], 9, 8)),
]
#: The signed scale, with what each call gives.
SIGNED_CALLS = [
    (("MATCHPOINTS", (SIGNED_BOARD, None, None, "signed")), [[x] for x in SIGNED_FIGURES]),
    (("MATCHPOINTS", ([700, 650, 650, 650, 650, 650, 650, 600], 9, None, "signed", None, 1)),
     [[7.9]] + [[0.0]] * 6 + [[-7.9]]),
    (("NEUBERG", (7, 9, 8, "signed")), [[7.875]]),
    (("ESTIMATE", (0, 9, 8, "neuberg", "MP1")), [[0.0]]),
    (("ADJUSTED", ("A+", 9, "signed")), [[1.6]]),
    (("ADJUSTED", ("A-", 9, "signed")), [[-1.6]]),
    (("TOP", (9, "signed")), [[8]]),
    (("CHECKTOTAL", (9, "signed")), [[0]]),
    (("MATCHPOINTS", ([1, 2], None, None, "triple")),
     [["MATCHPOINTS: scale 'triple' is not a scale; expected 2 (double), 1 (single) or signed"]]),
]
#: Every function with good arguments, each argument with an error cell, the slides' boards, the signed scale.
CALLS = (
    [(name, args) for name, args in GOOD.items()]
    + [(name, tuple(_with_error(a, err) if j == i else a for j, a in enumerate(GOOD[name])))
       for name, params in FUNCTIONS.items() for i in range(len(params)) for err in (NA, DIV0, VALUE)]
    + SLIDES_CALLS
    + [call for call, _ in SIGNED_CALLS]
)


@pytest.fixture(scope="module")
def pyodide_run(tmp_path_factory):
    node = shutil.which("node")
    if node is None:
        _unavailable("node is not installed (Debian package nodejs)")
    if not (HERE / "node_modules" / "pyodide" / "pyodide.asm.wasm").is_file():
        _unavailable("the npm package pyodide is not installed: npm ci --prefix tests/pyodide")
    site = _pure_xlwings(HERE / "wheels")
    work = tmp_path_factory.mktemp("lite")
    from mpxl.cli import main

    assert main(["lite", "-o", str(work / "lite")]) == 0
    (work / "source").mkdir()
    (work / "source" / "main.py").write_text("from mpxl.udfs import *  # noqa: F401,F403\n", encoding="utf-8")
    # the package index's unrelated `mpxl`, installed beside: the pasted main.py must not import it
    (work / "decoy" / "mpxl").mkdir(parents=True)
    (work / "decoy" / "mpxl" / "__init__.py").write_text('raise ImportError("the unrelated mpxl")\n', encoding="utf-8")
    payloads = [_payload(name, args) for name, args in CALLS]
    (work / "cases.json").write_text(json.dumps({
        "routes": [{"name": "lite", "folder": "/mnt/work/lite", "paths": ["/mnt/work/decoy"]},
                   {"name": "source", "folder": "/mnt/work/source", "paths": ["/mnt/src"]}],
        "payloads": payloads,
    }), encoding="utf-8")
    got = subprocess.run([node, str(HERE / "run.mjs"), str(HERE / "lite_driver.py"), f"/mnt/site={site}",
                          f"/mnt/work={work}", f"/mnt/src={ROOT}"],
                         capture_output=True, text=True, timeout=600, cwd=HERE)
    assert got.returncode == 0, got.stderr[-3000:]
    out = json.loads(got.stdout.strip().splitlines()[-1])
    return out, payloads, work


@pytest.fixture(scope="module")
def cpython(pyodide_run):
    """The same payloads through the same xlwings conversion in this CPython, for comparison."""
    import asyncio
    import inspect

    _, payloads, _ = pyodide_run
    results = []
    for payload in payloads:
        got = xs.custom_functions_call(payload, udfs)
        results.append(asyncio.run(got) if inspect.iscoroutine(got) else got)
    return results


def test_pyodide_is_the_runtime(pyodide_run):
    out, _, _ = pyodide_run
    assert out["platform"] == "emscripten"
    assert out["xlwings"] == xlwings.__version__


@pytest.mark.parametrize("route", ["lite", "source"])
def test_lite_registers_every_function(pyodide_run, route):
    out, _, _ = pyodide_run
    assert out["routes"][route]["functions"] == sorted(FUNCTIONS)


def test_the_lite_main_py_carries_its_own_core(pyodide_run):
    """Nothing from the checkout or the index: mpxl comes from main.py's sources (ahead of an
    unrelated `mpxl` on the path), and only the core."""
    out, _, work = pyodide_run
    lite = out["routes"]["lite"]
    assert lite["mpxl_from"] == "_MpxlSources"
    assert all(m.split(".")[0] == "mpxl" for m in lite["modules"]), lite["modules"]
    assert not any(m.startswith(("mpxl.workbook", "mpxl.formats", "mpxl.commands")) for m in lite["modules"])
    assert (work / "lite" / "requirements.txt").read_text(encoding="utf-8").split() == ["xlwings"]
    assert out["routes"]["source"]["mpxl_from"] == "SourceFileLoader"


@pytest.mark.parametrize("route", ["lite", "source"])
def test_the_slides_numbers_in_pyodide(pyodide_run, route):
    out, _, _ = pyodide_run
    results = dict(zip(range(len(CALLS)), out["routes"][route]["results"]))
    tail = len(CALLS) - len(SLIDES_CALLS) - len(SIGNED_CALLS)
    avg_avg = [row[0] for row in results[tail]]
    assert avg_avg == [6.88, 0.13, 9.13, 15.88, 2.38, 8.0, 11.38, 13.63, 4.63]  # the slides' Avg/Avg screen
    assert [row[0] for row in results[tail + 1]] == [6, 0, 8, 16, 2, 11, 11, 14, 4]  # board 4 as played, top 16
    assert results[tail + 2] == [["MATCHPOINTS: row 2 is #N/A"]]
    assert results[tail + 3] == [["MATCHPOINTS: 3 results are more than the 2 expected"]]
    assert results[tail + 4] == [[15.875]] and results[tail + 5] == [[0.125]]  # S = 14 -> 15.88, S = 0 -> 0.13
    assert results[tail + 6] == [["NEUBERG: 9 results are more than the 8 expected"]]
    assert results[tail + 7] == [[15.875], [""], [0.125]]


@pytest.mark.parametrize("route", ["lite", "source"])
def test_the_signed_scale_in_pyodide(pyodide_run, route):
    """=MATCHPOINTS(range,,,"signed") and the other functions' signed scale, in xlwings Lite's runtime."""
    out, _, _ = pyodide_run
    got = out["routes"][route]["results"][len(CALLS) - len(SIGNED_CALLS):]
    assert got == [want for _, want in SIGNED_CALLS]


@pytest.mark.parametrize("route", ["lite", "source"])
def test_every_call_in_pyodide_equals_cpython(pyodide_run, cpython, route):
    out, _, _ = pyodide_run
    got = out["routes"][route]["results"]
    assert len(got) == len(cpython) == len(CALLS)
    for (name, _), a, b in zip(CALLS, got, cpython):
        assert a == b, (name, a, b)
    errors = [r[0][0] for (name, args), r in zip(CALLS, got) if any(isinstance(a, (dict, list)) and "Error" in json.dumps(a) for a in args)]
    assert errors and all(isinstance(e, str) and " is #" in e for e in errors), errors[:5]


def test_mpxl_lite_writes_the_two_files_and_refuses_a_file_as_folder(tmp_path, capsys):
    from mpxl.cli import main

    assert main(["lite", "-o", str(tmp_path / "out")]) == 0
    text = (tmp_path / "out" / "main.py").read_text(encoding="utf-8")
    compile(text, "main.py", "exec")
    assert "from mpxl.udfs import *" in text and "'mpxl.workbook" not in text
    taken = tmp_path / "taken.txt"
    taken.write_text("mine", encoding="utf-8")
    assert main(["lite", "-o", str(taken)]) == 2
    assert "expected a folder" in capsys.readouterr().err
    assert taken.read_text(encoding="utf-8") == "mine"


@pytest.mark.parametrize("output, said", [
    ("main.py", "is the name of a file; -o names the folder main.py and requirements.txt go in"),
    ("nowhere/lite", "the folder '{d}/nowhere' does not exist"),
])
def test_mpxl_lite_refuses_a_file_name_or_a_missing_folder(tmp_path, capsys, output, said):
    """``-o`` names the folder the two files go in: a file's name (``-o main.py``) is refused, not made a folder,
    and a folder inside one that does not exist is named, as for every other output."""
    from mpxl.cli import main

    assert main(["lite", "-o", str(tmp_path / output)]) == 2
    assert said.format(d=tmp_path) in capsys.readouterr().err
    assert list(tmp_path.iterdir()) == []


def test_mpxl_lite_on_a_full_disk_leaves_no_empty_folder(tmp_path, capsys, monkeypatch):
    import errno

    from mpxl.cli import main
    from mpxl.commands import lite

    def full(out):
        raise OSError(errno.ENOSPC, "No space left on device")
    monkeypatch.setattr(lite, "_write_files", full)
    assert main(["lite", "-o", str(tmp_path / "lite")]) == 2
    assert "No space left on device" in capsys.readouterr().err and not (tmp_path / "lite").exists()
