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


# ------------------------------------------------------------ the macro-enabled template

@pytest.fixture(scope="module")
def xlsm(tmp_path_factory):
    """`mpxl template -o club.xlsm`: the template with xlwings' own standalone VBA project."""
    from mpxl.cli import main

    path = tmp_path_factory.mktemp("xlsm") / "club.xlsm"
    assert main(["template", "-o", str(path), "--tables", "3", "--boards", "4"]) == 0
    return path


def _modules(path) -> dict:
    """The workbook's VBA modules, decompressed by oletools: file name -> source."""
    from oletools.olevba import VBA_Parser

    parser = VBA_Parser(str(path))
    try:
        return {name: code for _, _, name, code in parser.extract_macros()}
    finally:
        parser.close()


def test_xlsm_carries_xlwings_own_vba_project_byte_for_byte(xlsm):
    """The .xlsm's vbaProject.bin is the installed xlwings' quickstart_standalone.xlsm's, byte for byte, and
    the package says it holds macros (the content type Excel opens an .xlsm by, the part's relationship)."""
    from zipfile import ZipFile

    from mpxl.workbook.classic import VBA_PART, standalone_asset, vba_bytes

    assert vba_bytes(xlsm) == vba_bytes(standalone_asset())
    with ZipFile(xlsm) as z:
        types = z.read("[Content_Types].xml").decode()
        rels = z.read("xl/_rels/workbook.xml.rels").decode()
        book = z.read("xl/workbook.xml").decode()
    assert 'PartName="/xl/workbook.xml" ContentType="application/vnd.ms-excel.sheet.macroEnabled.main+xml"' in types
    assert 'relationships/vbaProject" Target="vbaProject.bin"' in rels and VBA_PART.endswith("vbaProject.bin")
    assert '<workbookPr codeName="ThisWorkbook"' in book


@pytest.mark.parametrize("name", sorted(FUNCTIONS))
def test_no_defined_name_of_the_workbook_is_a_function_name(xlsm, name):
    """Import Functions writes ``Function NAME(...)`` into this very workbook (xlwings' generate_vba_wrapper)
    and registers it as ``'club.xlsm'!NAME`` (MacroOptions): a defined name spelled the same (names are not
    case-sensitive; ECMA-376 says a name shall not be a user-defined function's) would stand for the function's
    name in ``=NAME(...)``. The Setup cell of the top is BoardTop, not Top, for =TOP()."""
    from openpyxl import load_workbook

    names = {n.upper() for n in load_workbook(xlsm, keep_vba=True).defined_names}
    assert name.upper() not in names


def test_xlsm_opens_with_keep_vba_and_keeps_it(xlsm, tmp_path):
    """openpyxl opens it with keep_vba (the template's sheets, xlwings.conf's settings) and saves it again
    with the same VBA project."""
    from openpyxl import load_workbook

    from mpxl.workbook.classic import vba_bytes

    wb = load_workbook(xlsm, keep_vba=True)
    assert wb.sheetnames == ["Setup", "Travellers", "Pairs", "Totals", "Methods", "Working", "Help",
                             "xlwings.conf"]
    conf = wb["xlwings.conf"]
    # xlwings reads A1 down to the first blank row: UDF Modules only; no blank Interpreter_Win to hide the ribbon's
    assert (conf["A1"].value, conf["B1"].value, conf["A2"].value) == ("UDF Modules", "mpxl.udfs", None)
    assert "Interpreter_Win is left out" in " ".join(str(c.value) for c in conf["A"] if c.value)
    again = tmp_path / "again.xlsm"
    wb.save(again)
    assert vba_bytes(again) == vba_bytes(xlsm)


def _conf_keys(ws) -> list[str]:
    """The keys xlwings' GetConfigFromSheet (its VBA module, Config) reads from an xlwings.conf sheet: A1 alone
    when A2 is blank, else A1 down to the last cell before the first blank one (``Range("A1").End(xlDown)``),
    each upper-cased."""
    last = 1
    if ws["A2"].value not in (None, ""):
        while ws.cell(row=last + 1, column=1).value not in (None, ""):
            last += 1
    return [str(ws.cell(row=r, column=1).value).upper() for r in range(1, last + 1)]


@pytest.mark.parametrize("typed", [
    [],
    [("Interpreter_Win", r"%USERPROFILE%\mpxl-venv\Scripts\python.exe")],  # docs/excel.md step 5: A2 and B2
    [("Interpreter_Win", r"C:\py\python.exe"), ("PYTHONPATH", r"C:\club")],
    [("Interpreter_Win", "python"), ("Interpreter_Mac", ""), ("PYTHONPATH", ""), ("Conda Path", ""),
     ("Conda Env", "")],  # as many as the sheet's note says fit (rows 2 to 6)
])
def test_xlwings_reads_the_conf_sheets_settings_and_none_of_its_notes(xlsm, typed):
    """A scorer types settings from A2 down, as docs/excel.md and the sheet's notes say; xlwings then reads
    those and UDF Modules, not the notes below (a note read as a setting is read as a key of its own)."""
    from openpyxl import load_workbook

    conf = load_workbook(xlsm, keep_vba=True)["xlwings.conf"]
    for row, (key, value) in enumerate(typed, start=2):
        conf.cell(row=row, column=1, value=key)
        conf.cell(row=row, column=2, value=value)
    assert _conf_keys(conf) == ["UDF MODULES", *(key.upper() for key, _ in typed)]
    assert conf["B1"].value == "mpxl.udfs"


def test_xlsm_vba_is_the_installed_xlwings_and_serves_the_imported_functions(xlsm, classic):
    """Decompressed: the project has xlwings' module (its version the installed package's, which its DLL is
    named by), ImportPythonUDFs (what Import Functions runs) and XLPy, which every wrapper Import Functions
    writes calls (XLPy.CallUDF): so no add-in and no reference are needed."""
    from mpxl.workbook.classic import xlwings_version

    modules = _modules(xlsm)
    assert {"xlwings.bas", "Dictionary.cls", "ThisWorkbook.cls"} <= set(modules)
    xw = modules["xlwings.bas"]
    version = xlwings_version()
    assert f'Public Const XLWINGS_VERSION As String = "{version}"' in xw
    assert f'Lib "xlwings64-{version}.dll"' in xw
    assert re.search(r"^Sub ImportPythonUDFs\(\)", xw, re.M) and re.search(r"^Function XLPy\(\)", xw, re.M)
    called = set(re.findall(r"\b(\w+)\.CallUDF\(", classic["vba"]))
    assert called == {"XLPy"}


def test_committed_xlsm_carries_the_vba_of_the_xlwings_it_names():
    """workbook_templates/club-pairs.xlsm names its xlwings in its properties; with that xlwings installed,
    its VBA project is the installed one's, byte for byte."""
    from openpyxl import load_workbook

    from mpxl.workbook.classic import standalone_asset, vba_bytes, xlwings_version

    committed = ROOT / "workbook_templates" / "club-pairs.xlsm"
    named = load_workbook(committed, read_only=True, keep_vba=True).properties.description
    assert re.fullmatch(r"VBA: xlwings [\w.]+ \(its quickstart --standalone module\)", named or ""), named
    if named.split()[2] == xlwings_version():
        assert vba_bytes(committed) == vba_bytes(standalone_asset())
    else:  # another xlwings here: its VBA differs, and the docs say to rebuild with `mpxl template -o x.xlsm`
        assert vba_bytes(committed) != vba_bytes(standalone_asset())
