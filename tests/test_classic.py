"""Classic xlwings (Windows): the VBA that Import Functions writes, from xlwings' own generator.

``xlwings.udfs`` needs pywin32, so a subprocess gives it stand-ins for ``pythoncom``,
``pywintypes`` and ``win32com`` (never called by the generator), decorates mpxl's functions
with the classic decorators (what ``xw.func`` is on Windows) and runs
``generate_vba_wrapper``: the module Import Functions imports into the ``.xlsm``. What Excel
then does with it (the Trust Center setting, the reference to xlwings) needs Excel itself.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from test_udfs import FUNCTIONS

ROOT = Path(__file__).resolve().parent.parent

SCRIPT = """
import io, json, sys, types
for name in ("pythoncom", "pywintypes", "win32com", "win32com.client"):
    sys.modules[name] = types.ModuleType(name)
sys.modules["pythoncom"].CoInitialize = lambda: None
sys.modules["pywintypes"].com_error = Exception
sys.modules["win32com.client"].Dispatch = lambda x: x
sys.modules["win32com"].client = sys.modules["win32com.client"]
import xlwings
import xlwings.udfs as classic
xlwings.func, xlwings.arg, xlwings.ret = classic.xlfunc, classic.xlarg, classic.xlret
import mpxl.udfs as udfs

class Workbook:
    Name = "club.xlsm"

vba = io.StringIO()
classic.generate_vba_wrapper("mpxl.udfs", udfs, vba, Workbook())
meta = {name: getattr(udfs, name).__xlfunc__ for name in udfs.__all__}
print(json.dumps({"vba": vba.getvalue(),
                  "args": {n: [[a["name"], a["options"]] for a in m["args"]] for n, m in meta.items()},
                  "ret": {n: m["ret"]["options"] for n, m in meta.items()}}))
"""


@pytest.fixture(scope="module")
def classic():
    env = {k: v for k, v in os.environ.items() if not k.startswith("XLWINGS_")}
    env["PYTHONPATH"] = str(ROOT)
    got = subprocess.run([sys.executable, "-c", SCRIPT], env=env, capture_output=True, text=True, timeout=120)
    assert got.returncode == 0, got.stderr[-3000:]
    return json.loads(got.stdout)


@pytest.mark.parametrize("name", sorted(FUNCTIONS))
def test_import_functions_declares_each_function_with_its_parameters(classic, name):
    params = FUNCTIONS[name]
    head = re.search(rf"^Function {name}\((.*)\)$", classic["vba"], re.M)
    assert head, f"no VBA wrapper for {name}"
    declared = [p.strip() for p in head.group(1).split(",")]
    assert [p.removeprefix("Optional ") for p in declared] == params
    body = classic["vba"][head.end():classic["vba"].index("End Function", head.end())]
    assert f'XLPy.CallUDF("mpxl.udfs", "{name}", Array({", ".join(params)})' in body


@pytest.mark.parametrize("name", sorted(FUNCTIONS))
def test_classic_arguments_hand_errors_over_and_results_are_not_expanded(classic, name):
    """err_to_str on every argument under the COM decorators too; no legacy expand."""
    assert [a for a, _ in classic["args"][name]] == FUNCTIONS[name]
    assert all(options.get("err_to_str") is True for _, options in classic["args"][name])
    assert "expand" not in classic["ret"][name]
