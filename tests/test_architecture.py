"""The shape of the package, read from its source with ast: no import circle, a pure core that
imports no adapter and hides no import inside a function, no private name imported across modules."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parent.parent / "mpxl"

def _modules() -> dict[str, Path]:
    out = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        parts = list(path.relative_to(PACKAGE.parent).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts = parts[:-1]
        out[".".join(parts)] = path
    return out


MODULES = _modules()

#: The pure core, read from its folder: scoring rules and the event model, standard library only.
CORE = {name for name in MODULES if name == "mpxl.core" or name.startswith("mpxl.core.")}

#: The layers, bottom up, each a folder (or module) of the package: a module may import its own layer and
#: the layers below it, never one above (the command sits on everything; the package's root is the public API).
LAYERS = [
    ("core", ("mpxl.core",)),
    ("readers and writers", ("mpxl.formats",)),
    ("workbook", ("mpxl.workbook",)),
    ("Excel functions", ("mpxl.udfs",)),
    ("command", ("mpxl.commands", "mpxl.cli", "mpxl.__main__")),
]


def _layer(name: str) -> int | None:
    for rank, (_what, roots) in enumerate(LAYERS):
        if any(name == r or name.startswith(r + ".") for r in roots):
            return rank
    return None


#: The calls that import a module named by a string: ``importlib.import_module("mpxl.x")``, ``__import__("mpxl.x")``.
STRING_IMPORTS = {"import_module", "__import__"}


def _string_import(node: ast.AST) -> str | None:
    """The module a call imports by a literal string (``importlib.import_module("mpxl.workbook.reader")``,
    ``__import__(...)``), or None for any other node (a name built at run time cannot be read)."""
    if not isinstance(node, ast.Call) or not node.args:
        return None
    first = node.args[0]
    if _called(node) in STRING_IMPORTS and isinstance(first, ast.Constant) and isinstance(first.value, str):
        return first.value
    return None


def _called(node: ast.Call) -> str:
    """The name of the function a call calls (``import_module`` of ``importlib.import_module(...)``)."""
    func = node.func
    return func.attr if isinstance(func, ast.Attribute) else func.id if isinstance(func, ast.Name) else ""


def _imports(name: str, source: str | None = None) -> list[tuple[str, list[str], bool, int]]:
    """(module imported, names imported from it, at the module's top level?, line) of each import, an
    import by a literal string (:func:`_string_import`) included; ``source``: that text as module ``name``'s."""
    path = MODULES.get(name, PACKAGE / "__init__.py")
    tree = ast.parse(source if source is not None else path.read_text(encoding="utf-8"))
    top = {id(node) for node in tree.body}
    top |= {id(node.value) for node in tree.body if isinstance(node, (ast.Expr, ast.Assign))}
    package = name.split(".") if path.name == "__init__.py" else name.split(".")[:-1]
    out = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            out += [(a.name, [], id(node) in top, node.lineno) for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package[: len(package) - node.level + 1]
                module = ".".join(base + ([node.module] if node.module else []))
            else:
                module = node.module or ""
            if module == "__future__":
                continue
            out.append((module, [a.name for a in node.names], id(node) in top, node.lineno))
        elif (module := _string_import(node)) is not None:
            out.append((module, [], id(node) in top, node.lineno))
    return out


@pytest.mark.parametrize("source, found", [
    ('import importlib\nimportlib.import_module("mpxl.workbook.reader")', "mpxl.workbook.reader"),
    ('from importlib import import_module\ndef f():\n    return import_module("mpxl.commands.score")',
     "mpxl.commands.score"),
    ('__import__("mpxl.udfs")', "mpxl.udfs"),
    ('x = __import__("mpxl.cli")', "mpxl.cli"),
])
def test_an_import_by_a_literal_string_is_an_import(source, found):
    assert found in {module for module, _names, _top, _line in _imports("mpxl.formats.x", source)}


def test_a_module_name_written_as_text_is_no_import():
    """A module that imports by no name made at run time writes a module's name as text (a cell's value)."""
    assert _edges("mpxl.workbook.x", 'ws["B1"] = "mpxl.udfs"') == set()


@pytest.mark.parametrize("source", [
    'import importlib\nREADER = importlib.import_module("mpxl.workbook.reader")',
    # the table formats/__init__.py once held, its modules imported by importlib.import_module(whole)
    'import importlib\nREADERS = {"xlsx": ("mpxl.workbook.reader", "read_workbook")}\n'
    'def load(module): return importlib.import_module(module)',
])
def test_an_upward_import_by_a_string_is_seen(source):
    assert _edges("mpxl.formats", source) == {"mpxl.workbook.reader"}
    assert (_layer("mpxl.workbook.reader") or 0) > (_layer("mpxl.formats") or 0)


def _named_modules(name: str, source: str | None = None) -> set[str]:
    """The mpxl modules that ``name``, when it imports by a name made at run time (``import_module(whole)``),
    names by their whole name in a string of their own (``"mpxl.workbook.reader"`` in a table of the
    modules to load): each one it may import. (A module that imports by no such name writes such a string
    as text: the workbook's xlwings settings name ``mpxl.udfs``.)"""
    path = MODULES.get(name, PACKAGE / "__init__.py")
    tree = ast.parse(source if source is not None else path.read_text(encoding="utf-8"))
    by_name = any(isinstance(node, ast.Call) and node.args and not isinstance(node.args[0], ast.Constant)
                  and _called(node) in STRING_IMPORTS for node in ast.walk(tree))
    return {node.value for node in ast.walk(tree)
            if by_name and isinstance(node, ast.Constant) and isinstance(node.value, str) and node.value in MODULES}


def _edges(name: str, source: str | None = None) -> set[str]:
    """The mpxl modules ``name`` imports, at the top or inside a function, by a statement, by a literal
    string (``importlib.import_module("mpxl.x")``) or by a name in a table of modules to load."""
    out = set()
    for module, names, _top, _line in _imports(name, source):
        for target in [module] + [f"{module}.{n}" for n in names]:
            if target in MODULES and target != name:
                out.add(target)
    return out | (_named_modules(name, source) - {name})


def test_every_module_sits_in_a_layer():
    """The tree shows the layers: every module but the public API (the package's root) is in one."""
    assert {name for name in MODULES if _layer(name) is None} == {"mpxl"}
    assert len(CORE) > 20


@pytest.mark.parametrize("name", sorted(n for n in MODULES if n != "mpxl"))
def test_no_module_imports_a_layer_above_its_own(name):
    own = _layer(name)
    above = sorted(t for t in _edges(name) if t != "mpxl" and (_layer(t) or 0) > (own or 0))
    assert not above, f"{name} ({LAYERS[own or 0][0]}) imports {above}, a layer above it"


def test_no_import_circle():
    graph = {name: _edges(name) for name in MODULES}
    circles = []

    def visit(node, path, on_path, done):
        on_path.add(node)
        path.append(node)
        for nxt in sorted(graph[node]):
            if nxt in on_path:
                circles.append(path[path.index(nxt):] + [nxt])
            elif nxt not in done:
                visit(nxt, path, on_path, done)
        path.pop()
        on_path.discard(node)
        done.add(node)

    done: set[str] = set()
    for name in sorted(graph):
        if name not in done:
            visit(name, [], set(), done)
    assert not circles, " ; ".join(" -> ".join(c) for c in circles)


@pytest.mark.parametrize("name", sorted(CORE))
def test_the_core_imports_the_core_and_the_standard_library_only(name):
    import sys

    for module, _names, top, line in _imports(name):
        assert top, f"{name}, line {line}: import of {module} inside a function"
        if module.startswith("mpxl"):
            imported = {module, *(f"{module}.{n}" for n in _names)} & set(MODULES)
            assert imported <= CORE, f"{name}, line {line}: imports the adapter {sorted(imported - CORE)}"
        else:
            root = module.split(".")[0]
            assert root in sys.stdlib_module_names, f"{name}, line {line}: imports {module}, not the standard library"


@pytest.mark.parametrize("name", sorted(MODULES))
def test_no_private_name_is_imported_from_another_module(name):
    for module, names, _top, line in _imports(name):
        if module.startswith("mpxl"):
            private = [n for n in names if n.startswith("_") and not n.startswith("__")]
            assert not private, f"{name}, line {line}: imports {private} from {module}"


def _public(module):
    """The public functions, classes, methods and properties a core module defines."""
    import inspect

    names = getattr(module, "__all__", [n for n in dir(module) if not n.startswith("_")])
    for name in names:
        obj = getattr(module, name, None)
        if not (inspect.isfunction(obj) or inspect.isclass(obj)) or obj.__module__ != module.__name__:
            continue
        yield name, obj
        if inspect.isclass(obj) and not issubclass(obj, BaseException):
            for attr, value in vars(obj).items():
                fn = value.fget if isinstance(value, property) else getattr(value, "__func__", value)
                if not attr.startswith("_") and inspect.isfunction(fn):
                    yield f"{name}.{attr}", fn


@pytest.mark.parametrize("name", sorted(CORE))
def test_every_public_function_of_the_core_has_a_docstring(name):
    import importlib

    module = importlib.import_module(name)
    missing = [what for what, obj in _public(module) if not (obj.__doc__ or "").strip()]
    assert not missing, f"{name}: no docstring on {', '.join(missing)}"


def test_the_package_ships_its_types():
    root = Path(__file__).parent.parent
    assert (root / "mpxl" / "py.typed").exists()
    assert 'mpxl = ["py.typed"]' in (root / "pyproject.toml").read_text()


def test_the_artificial_percentages_and_their_rule_are_written_once():
    """Ave+ / Ave / Ave- (60 / 50 / 40) and "a percentage of the top" are the rulebook's
    (mpxl.core.rules AVE_PLUS, AVE, AVE_MINUS, ARTIFICIAL_MP): no other module types them in code."""
    import re

    typed = re.compile(r"Fraction\((60|50|40)\)|\*\s*top\s*/\s*100|pct\s*\*\s*top\s*/\s*100")
    found = [f"{path.name}:{no}" for name, path in _modules().items() if name != "mpxl.core.rules"
             for no, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
             if typed.search(line) and ">>>" not in line and not line.lstrip().startswith("#")]
    assert not found, found



#: Each closed vocabulary: the module that holds its one table, the table's names there, and how many
#: of its words in one literal list, set, tuple or dict elsewhere make a copy of it (one word such as
#: "NS" or "y" is a value written or compared, not a list). Words as rules.code_key compares them;
#: single letters and numbers are values of many vocabularies, not the tell of one.
VOCABULARIES = {
    "arrowswitch marks": ("mpxl.core.rules", ("ARROWSWITCH_YES", "ARROWSWITCH_NO"), 3),
    "not-played codes": ("mpxl.core.rules", ("NOT_PLAYED_CODES",), 2),
    "side spellings": ("mpxl.core.rules", ("SIDE_SPELLINGS",), 3),
    "artificial codes": ("mpxl.core.rules", ("ARTIFICIAL_CODES",), 3),
    "seat spellings": ("mpxl.core.contract", ("DIRECTION_SPELLINGS",), 3),
}

#: (module, vocabulary) -> why a list of its words there is not a second copy of the vocabulary.
VOCABULARY_EXCEPTIONS = {
    ("mpxl.formats.pbn", "artificial codes"): "PBN's own spellings, read into the rulebook's codes: Ruter's bare "
                                              "a (800>a is A=) and EW's code alone (A+ in Score_EW is A-/A+)",
    ("mpxl.formats.pbn", "side spellings"): "the PBN writer's spelling of a side, N-S / E-W (written, not read)",
    ("mpxl.formats.labels", "side spellings"): "a side's name as the results page writes it in each language (North-South, "
                                       "Nord-Sud), not read",
    ("mpxl.formats.labels", "seat spellings"): "a seat's name as the results page writes it in each language (North, Nord), "
                                       "not read",
    ("mpxl.commands.text_report", "side spellings"): "a side's name as the text report writes it (North-South), not read",
}


def _vocabulary_words(vocabulary: str) -> frozenset[str]:
    import importlib

    from mpxl.core.rules import code_key

    home, tables, _ = VOCABULARIES[vocabulary]
    words = {w for t in tables for w in getattr(importlib.import_module(home), t)}
    return frozenset(code_key(w) for w in words if len(w) > 1 and not w.isdigit())


def _literal_lists(name: str) -> list[set[str]]:
    """The string elements of each literal list, set, tuple and dict (keys and values) of module ``name``."""
    from mpxl.core.rules import code_key

    out = []
    for node in ast.walk(ast.parse(MODULES[name].read_text(encoding="utf-8"))):
        if isinstance(node, (ast.List, ast.Set, ast.Tuple)):
            elements = node.elts
        elif isinstance(node, ast.Dict):
            elements = [k for k in node.keys if k is not None] + node.values
        else:
            continue
        out.append({code_key(e.value) for e in elements if isinstance(e, ast.Constant) and isinstance(e.value, str)})
    return out


@pytest.mark.parametrize("vocabulary", sorted(VOCABULARIES))
def test_each_vocabulary_is_written_in_one_place(vocabulary):
    """No module but the vocabulary's home writes a list of its words (the readers, the Excel functions
    and the sheet's formulas take them from there): a grep of every module's literal lists."""
    words = _vocabulary_words(vocabulary)
    home, _, most = VOCABULARIES[vocabulary]
    copies = {name: sorted(found) for name in MODULES
              if name != home and (name, vocabulary) not in VOCABULARY_EXCEPTIONS
              for found in (max((lst & words for lst in _literal_lists(name)), key=len, default=set()),)
              if len(found) >= most}
    assert not copies, f"{vocabulary} written outside {home}: {copies}"


@pytest.mark.parametrize("name, vocabulary", sorted(VOCABULARY_EXCEPTIONS))
def test_each_vocabulary_exception_is_still_needed(name, vocabulary):
    words = _vocabulary_words(vocabulary)
    most = VOCABULARIES[vocabulary][2]
    assert any(len(lst & words) >= most for lst in _literal_lists(name)), VOCABULARY_EXCEPTIONS[(name, vocabulary)]


#: The most lines a function split into its named steps may grow back to (issue 27: none over 80).
LONGEST_STEP = 80


@pytest.mark.parametrize("name, function", [
    ("mpxl.formats.bws", "event_from_rows"),  # was 148 lines
    ("mpxl.formats.csvcolumns", "csv_columns"),  # 91
    ("mpxl.formats.csvcolumns", "write_columns_csv"),  # 86
    ("mpxl.formats.csvfile", "_general_line"),  # 88
])
def test_a_function_split_into_its_steps_stays_short(name, function):
    tree = ast.parse(MODULES[name].read_text(encoding="utf-8"))
    found = [node for node in tree.body if isinstance(node, ast.FunctionDef) and node.name == function]
    assert len(found) == 1, f"{name}.{function} is not a function of the module"
    lines = found[0].end_lineno - found[0].lineno + 1
    assert lines <= LONGEST_STEP, f"{name}.{function} is {lines} lines: split it into its named steps"
