"""The macro-enabled template for classic xlwings: xlwings' own VBA module in the workbook.

``xlwings quickstart NAME --standalone`` copies the workbook ``quickstart_standalone.xlsm``
that ships inside the xlwings package; its ``xl/vbaProject.bin`` holds xlwings' VBA module
(``xlwings``, with ``ImportPythonUDFs`` and the ``Py.CallUDF`` the imported functions call)
and its ``Dictionary`` class, so the workbook needs neither the xlwings add-in nor a
reference to it. :func:`macro_enable` gives a workbook built by openpyxl that same VBA
project, read from the installed xlwings with openpyxl's ``keep_vba``: saved, it is an
``.xlsm`` whose ``vbaProject.bin`` is xlwings' own, byte for byte, and its VBA module
matches the xlwings Python package installed beside it (its DLL is named by version).

>>> os.path.basename(standalone_asset())
'quickstart_standalone.xlsm'
"""

from __future__ import annotations

import importlib.util
import os
from zipfile import ZipFile

from openpyxl import Workbook, load_workbook

__all__ = ["standalone_asset", "xlwings_version", "macro_enable", "vba_bytes", "VBA_PART", "DOCUMENT_MODULES"]

#: The part of the package that holds the VBA project.
VBA_PART = "xl/vbaProject.bin"
#: The document modules of xlwings' standalone VBA project: the workbook's and its two sheets'.
DOCUMENT_MODULES = ("ThisWorkbook", "Sheet1", "Sheet2")


def _xlwings_dir() -> str:
    spec = importlib.util.find_spec("xlwings")
    if spec is None or not spec.origin:
        raise RuntimeError("xlwings is not installed: the macro-enabled template takes its VBA module from it "
                           "(pip install xlwings)")
    return os.path.dirname(spec.origin)


def standalone_asset() -> str:
    """The path of xlwings' ``quickstart_standalone.xlsm`` in the installed xlwings package."""
    path = os.path.join(_xlwings_dir(), "quickstart_standalone.xlsm")
    if not os.path.isfile(path):
        raise RuntimeError(f"{path} is missing: this xlwings has no standalone quickstart workbook to take "
                           "its VBA module from")
    return path


def xlwings_version() -> str:
    """The installed xlwings' version, which its VBA module names (``xlwings64-<version>.dll``)."""
    from importlib.metadata import version

    return version("xlwings")


def macro_enable(wb: Workbook) -> None:
    """Give ``wb`` (built by openpyxl) xlwings' standalone VBA project, kept by openpyxl's
    ``keep_vba``; save it as ``.xlsm``. The workbook and its first two sheets take the code
    names of the project's document modules (``ThisWorkbook``, ``Sheet1``, ``Sheet2``)."""
    asset = load_workbook(standalone_asset(), keep_vba=True)
    archive = asset.vba_archive
    if archive is None or VBA_PART not in archive.namelist():
        raise RuntimeError(f"{standalone_asset()} holds no {VBA_PART}")
    wb.vba_archive = archive
    wb.properties.description = f"VBA: xlwings {xlwings_version()} (its quickstart --standalone module)"
    wb.code_name = DOCUMENT_MODULES[0]
    for i, ws in enumerate(wb.worksheets):
        ws.sheet_properties.codeName = DOCUMENT_MODULES[i + 1] if i + 1 < len(DOCUMENT_MODULES) else f"Sheet{i + 1}"


def vba_bytes(path: str | os.PathLike[str]) -> bytes:
    """The ``vbaProject.bin`` of the workbook at ``path``."""
    with ZipFile(path) as z:
        return z.read(VBA_PART)
