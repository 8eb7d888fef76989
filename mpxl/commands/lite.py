"""``mpxl lite -o DIR``: the ``main.py`` and ``requirements.txt`` to paste into xlwings Lite.

xlwings Lite runs the Python of its ``main.py`` tab under Pyodide in Excel and registers the
decorated functions it finds there. Its ``requirements.txt`` installs from the package index,
where ``mpxl`` is another package, so the ``main.py`` written here carries mpxl's pure-Python
core itself: the source of :mod:`mpxl.udfs` and of every mpxl module it imports, loaded by a
small importer, then ``from mpxl.udfs import *``. Nothing but xlwings has to be installed.

>>> sorted(core_modules())[:3]
['mpxl', 'mpxl.core', 'mpxl.core.adjustments']
>>> "mpxl.udfs" in core_modules() and "mpxl.workbook.template" not in core_modules()
True
"""

from __future__ import annotations

import argparse
import ast
from pathlib import Path

from .. import __version__
from ..core.errors import UserError
from ..formats.atomic import atomic_write
from . import COMMANDS
from .wrote import wrote

__all__ = ["core_modules", "main_py", "REQUIREMENTS", "register", "run"]

PACKAGE = Path(__file__).resolve().parent.parent

#: Lite's requirements.txt: xlwings only (Lite's own default pins the version it runs).
REQUIREMENTS = "xlwings\n"


def _module_file(name: str) -> Path:
    rel = Path(*name.split(".")[1:])
    package = PACKAGE / rel / "__init__.py"
    return package if package.is_file() else PACKAGE / rel.with_suffix(".py")


def _typing_only(test: ast.expr) -> bool:
    """Whether an ``if`` test is ``TYPE_CHECKING`` (or ``typing.TYPE_CHECKING``)."""
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING")


def _imports(name: str, path: Path) -> set[str]:
    """The mpxl modules that the module ``name`` imports (relative or absolute), from its source."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    typing_only = {id(n) for node in ast.walk(tree) if isinstance(node, ast.If) and _typing_only(node.test)
                   for stmt in node.body for n in ast.walk(stmt)}
    found: set[str] = set()
    for node in ast.walk(tree):
        if id(node) in typing_only:  # `if TYPE_CHECKING:` imports are for type checkers, not run
            continue
        if isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")
                base = base[: len(base) - node.level + 1]
                target = ".".join(base + ([node.module] if node.module else []))
            else:
                target = node.module or ""
            if target == "mpxl" or target.startswith("mpxl."):
                found.add(target)
                for alias in node.names:  # `from . import contract` imports a module
                    if _module_file(f"{target}.{alias.name}").is_file():
                        found.add(f"{target}.{alias.name}")
        elif isinstance(node, ast.Import):
            found.update(a.name for a in node.names if a.name == "mpxl" or a.name.startswith("mpxl."))
    return found


def core_modules(root: str = "mpxl.udfs") -> dict[str, tuple[bool, str]]:
    """Every mpxl module that ``root`` needs, with its parents: {name: (is_package, source)}."""
    todo = [root]
    seen: dict[str, tuple[bool, str]] = {}
    while todo:
        name = todo.pop()
        if name in seen:
            continue
        path = _module_file(name)
        if not path.is_file():
            raise UserError(str(path), None, f"module {name} is missing from the installed package")
        seen[name] = (path.name == "__init__.py", path.read_text(encoding="utf-8"))
        parts = name.split(".")
        todo.extend(".".join(parts[:i]) for i in range(1, len(parts)))
        todo.extend(_imports(name, path))
    return dict(sorted(seen.items()))


_LOADER = '''
import importlib.abc
import importlib.util
import sys


class _MpxlSources(importlib.abc.MetaPathFinder, importlib.abc.Loader):
    """Imports mpxl from the sources above, ahead of anything installed under that name."""

    def find_spec(self, name, path=None, target=None):
        if name in _MPXL_SOURCES:
            return importlib.util.spec_from_loader(name, self, is_package=_MPXL_SOURCES[name][0])
        return None

    def create_module(self, spec):
        return None

    def exec_module(self, module):
        is_package, source = _MPXL_SOURCES[module.__name__]
        if is_package:
            module.__path__ = []
        where = "mpxl-lite/" + module.__name__.replace(".", "/") + ("/__init__.py" if is_package else ".py")
        exec(compile(source, where, "exec"), module.__dict__)


# Running main.py again (Lite does on every edit) takes the sources pasted now.
sys.meta_path[:] = [f for f in sys.meta_path if type(f).__name__ != "_MpxlSources"]
for _name in [m for m in sys.modules if m == "mpxl" or m.startswith("mpxl.")]:
    del sys.modules[_name]
sys.meta_path.insert(0, _MpxlSources())

from mpxl.udfs import *  # noqa: E402,F401,F403  the Excel functions, registered by xlwings Lite
'''


def main_py() -> str:
    """The self-contained ``main.py``: mpxl's core as sources, an importer, and the functions."""
    sources = core_modules()
    body = ",\n".join(f"    {name!r}: ({is_package!r}, {source!r})" for name, (is_package, source) in sources.items())
    return (
        f'"""mpxl {__version__}: matchpoint scoring functions for xlwings Lite (written by `mpxl lite`).\n\n'
        "Paste this whole file into xlwings Lite's main.py tab, keep xlwings in requirements.txt,\n"
        "and =MATCHPOINTS(), =BOARDMP(), =NEUBERG() ... appear in Excel. It carries mpxl's\n"
        "pure-Python core (" + ", ".join(sources) + "),\n"
        "so nothing else comes from the package index. Do not edit the sources below; write a new\n"
        'file with `mpxl lite -o DIR` instead.\n"""\n\n'
        f"_MPXL_SOURCES = {{\n{body},\n}}\n" + _LOADER
    )


def run(args: argparse.Namespace) -> int:
    out = Path(args.output)
    if out.exists() and not out.is_dir():
        raise UserError(str(out), None, "is a file; expected a folder for main.py and requirements.txt")
    if out.suffix.lower() in (".py", ".txt"):  # -o main.py: the file's name given for the folder's
        raise UserError(str(out), None, f"is the name of a file; -o names the folder main.py and requirements.txt "
                        f"go in (-o {out.parent if str(out.parent) != '.' else 'mpxl-lite'})")
    parent = out.parent if str(out.parent) else Path(".")
    if not parent.is_dir():  # as every other output: a folder that does not exist is named, not made
        raise UserError(str(out), None, f"the folder {str(parent)!r} does not exist")
    made = not out.exists()
    try:
        out.mkdir(exist_ok=True)
    except OSError as exc:
        raise UserError(str(out), None, f"cannot make the folder: {exc.strerror or exc}") from None
    try:
        _write_files(out)
    except BaseException:
        if made and not any(out.iterdir()):  # nothing written (a full disk): the new folder goes too
            out.rmdir()
        raise
    return 0


def _write_files(out: Path) -> None:
    """main.py and requirements.txt into the folder ``out``, each atomically, and what was written said."""
    text = main_py()
    for name, content in (("main.py", text), ("requirements.txt", REQUIREMENTS)):
        with atomic_write(out / name) as f:
            f.write(content)
    print(wrote(out / "main.py", "xlwings Lite code", "paste it into xlwings Lite's main.py tab",
                lines=len(text.splitlines())))
    print(wrote(out / "requirements.txt", "xlwings Lite requirements", "xlwings only; mpxl's core is inside main.py"))


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = subparsers.add_parser(
        "lite", help=COMMANDS["lite"],
        description="Write a self-contained main.py (mpxl's core and the Excel functions) and a requirements.txt "
        "to paste into xlwings Lite, which runs them in Excel under Pyodide.")
    p.add_argument("-o", "--output", default="mpxl-lite", metavar="DIR",
                   help="the folder to write main.py and requirements.txt in (default mpxl-lite)")
    p.set_defaults(func=run)
