"""Where the project's shared real results files are, for the tests that reproduce them.

``$MPXL_REALDATA`` if set, else ``shared/realdata`` beside the checkout (where CI puts it).
"""

from __future__ import annotations

import os
from pathlib import Path

REALDATA = Path(os.environ.get("MPXL_REALDATA") or Path(__file__).resolve().parents[2] / "shared" / "realdata")
#: Real files newly come (its README): the tests take them in as the folder's own once they check clean.
INCOMING = REALDATA / "incoming"
#: Real files mpxl did not reproduce when they came (its README); read by that path once they check clean.
PENDING = REALDATA / "pending"


def real_files(*suffixes: str) -> list[Path]:
    """The real files with these suffixes, of the folder, of its ``incoming/`` and of its ``pending/``,
    each suffix in turn (sorted by name, the folder's first)."""
    return [p for suffix in suffixes for folder in (REALDATA, INCOMING, PENDING)
            for p in sorted(folder.glob(f"*{suffix}"))]


REAL_FILES = real_files(".xml", ".pbn")

if os.environ.get("CI") == "true" and not REAL_FILES:  # locally the tests skip; in CI they must run
    raise RuntimeError(f"CI: the real results files are not in {REALDATA} (set MPXL_REALDATA)")

#: The Hypothesis profile the run asked for (``HYPOTHESIS_PROFILE``, registered in conftest.py).
PROFILE = os.environ.get("HYPOTHESIS_PROFILE", "default")


def examples(suite: int, env: str | None = None) -> int:
    """How many examples a property test runs: ``$env`` if set, the profile's count under a
    profile other than the default (``HYPOTHESIS_PROFILE=deep``: 5,000), else ``suite`` (the
    count that keeps the suite fast)."""
    if env and os.environ.get(env):
        return int(os.environ[env])
    if PROFILE != "default":
        from hypothesis import settings

        return int(settings.get_profile(PROFILE).max_examples)
    return suite


def sheet_values(path, sheet: str) -> dict[str, object]:
    """The non-empty cells of the workbook's sheet ``sheet``, coordinate -> value as openpyxl reads them (a formula
    as its text, a shared one moved to its cell), read ``read_only``: a small workbook in a twentieth of the time
    of a full load, for a test that asserts values and no style, validation or print setting.

    >>> import tempfile
    >>> from openpyxl import Workbook
    >>> wb = Workbook(); wb.active.title = "S"; wb.active["B2"] = "=A1+1"; wb.active["A1"] = 3
    >>> path = Path(tempfile.mkdtemp()) / "s.xlsx"; wb.save(path)
    >>> sheet_values(path, "S")
    {'A1': 3, 'B2': '=A1+1'}
    """
    from openpyxl import load_workbook

    wb = load_workbook(path, read_only=True)
    try:
        return {c.coordinate: c.value for row in wb[sheet].iter_rows() for c in row
                if getattr(c, "value", None) is not None}
    finally:
        wb.close()


_MAIN = "{http://schemas.openxmlformats.org/spreadsheetml/2006/main}"
_REL = "{http://schemas.openxmlformats.org/officeDocument/2006/relationships}"


def sheet_part(z, sheet: str) -> str:
    """The zip member of the workbook's sheet ``sheet`` (xl/worksheets/sheetN.xml), from workbook.xml and its rels."""
    import posixpath
    import xml.etree.ElementTree as ET

    rid = next((s.get(_REL + "id") for s in ET.fromstring(z.read("xl/workbook.xml")).iter(_MAIN + "sheet")
                if s.get("name") == sheet), None)
    if rid is None:
        raise KeyError(f"no sheet named {sheet!r}")
    rels = ET.fromstring(z.read("xl/_rels/workbook.xml.rels"))
    target = next(r.get("Target") for r in rels if r.get("Id") == rid)
    return target.lstrip("/") if target.startswith("/") else posixpath.normpath(posixpath.join("xl", target))


def _column(letters: str) -> int:
    n = 0
    for ch in letters:
        n = n * 26 + ord(ch) - 64
    return n


def _letters(column: int) -> str:
    out = ""
    while column:
        column, rest = divmod(column - 1, 26)
        out = chr(65 + rest) + out
    return out


def cells(path, sheet: str) -> dict[tuple[int, int], object]:
    """The non-empty cells of the workbook's sheet ``sheet``, (row, column) -> value, read from its XML: a number
    as int when whole, a text as str, a formula as ``=`` and its text (a shared formula's cells other than its
    first: ``=`` alone). For a test that reads a few cells of a large sheet (the real .bws' Travellers, 140,000
    cells: 0.5 s here, 8 s by an openpyxl load).

    >>> import tempfile
    >>> from openpyxl import Workbook
    >>> wb = Workbook(); wb.active.title = "S"; wb.active["B2"] = "=A1+1"; wb.active["A1"] = 3; wb.active["C1"] = "x"
    >>> path = Path(tempfile.mkdtemp()) / "s.xlsx"; wb.save(path)
    >>> cells(path, "S")
    {(1, 1): 3, (1, 3): 'x', (2, 2): '=A1+1'}
    """
    import re
    import xml.etree.ElementTree as ET
    import zipfile

    with zipfile.ZipFile(path) as z:
        shared = []
        if "xl/sharedStrings.xml" in z.namelist():
            shared = ["".join(t.text or "" for t in si.iter(_MAIN + "t"))
                      for si in ET.fromstring(z.read("xl/sharedStrings.xml")).iter(_MAIN + "si")]
        out: dict[tuple[int, int], object] = {}
        with z.open(sheet_part(z, sheet)) as part:
            for _, el in ET.iterparse(part):
                if el.tag == _MAIN + "row":
                    el.clear()
                if el.tag != _MAIN + "c":
                    continue
                ref = re.fullmatch(r"([A-Z]+)(\d+)", el.get("r", ""))
                assert ref, f"a cell without its reference in {sheet!r}"
                col, row = ref.groups()
                f, v, kind = el.find(_MAIN + "f"), el.find(_MAIN + "v"), el.get("t", "n")
                if f is not None:
                    value: object = "=" + (f.text or "")
                elif kind == "inlineStr":
                    value = "".join(t.text or "" for t in el.iter(_MAIN + "t"))
                elif v is None or v.text is None:
                    continue
                elif kind == "s":
                    value = shared[int(v.text)]
                elif kind in ("str", "e"):
                    value = v.text
                elif kind == "b":
                    value = v.text == "1"
                else:
                    number = float(v.text)
                    value = int(number) if number.is_integer() and "." not in v.text and "E" not in v.text.upper() \
                        else number
                out[int(row), _column(col)] = value
    return out


def type_cells(path, sheet: str, values: dict[tuple[int, int], object]) -> None:
    """Type ``values`` ((row, column) -> a number, a text, or None to empty it) into the workbook's sheet
    ``sheet`` as a user types over a cell: its value replaced, its style kept, every other part and cell (their
    formulas, their cached values) as they were; a row the sheet lacks is made. For a test that edits a cell of a
    large sheet (an openpyxl load and save of the real .bws' workbook: 11 s).

    >>> import tempfile
    >>> from openpyxl import Workbook
    >>> wb = Workbook(); wb.active.title = "S"; wb.active["A1"] = 3; wb.active["C1"] = "=A1"
    >>> path = Path(tempfile.mkdtemp()) / "s.xlsx"; wb.save(path)
    >>> type_cells(path, "S", {(1, 1): 4, (1, 2): "a & b", (1, 3): None, (3, 2): 7})
    >>> cells(path, "S")
    {(1, 1): 4, (1, 2): 'a & b', (3, 2): 7}
    """
    import re
    import zipfile
    from xml.sax.saxutils import escape

    def cell(ref: str, style: str, value: object) -> str:
        if value is None:
            return f'<c r="{ref}"{style}/>'
        if isinstance(value, bool):
            return f'<c r="{ref}"{style} t="b"><v>{int(value)}</v></c>'
        if isinstance(value, (int, float)):
            return f'<c r="{ref}"{style} t="n"><v>{value!r}</v></c>'
        space = ' xml:space="preserve"' if str(value) != str(value).strip() else ""
        return f'<c r="{ref}"{style} t="inlineStr"><is><t{space}>{escape(str(value))}</t></is></c>'

    with zipfile.ZipFile(path) as z:
        part = sheet_part(z, sheet)
        members = [(info, z.read(info)) for info in z.infolist()]
    xml = next(data for info, data in members if info.filename == part).decode("utf-8")
    wanted = {_letters(column) + str(row): value for (row, column), value in values.items()}
    found = set()

    def typed(there: re.Match) -> str:  # a cell the sheet holds, in one pass over the sheet
        if there.group(1) not in wanted:
            return there.group(0)
        found.add(there.group(1))
        style = re.search(r'\ss="\d+"', there.group(2))
        return cell(there.group(1), style.group(0) if style else "", wanted[there.group(1)])

    xml = re.sub(r'<c r="([A-Z]+\d+)"([^>]*?)(?:/>|>.*?</c>)', typed, xml, flags=re.S)
    for (row, column), value in values.items():
        ref = _letters(column) + str(row)
        if ref in found:
            continue
        line = re.search(rf'<row r="{row}"([^>]*?)(/>|>(.*?)</row>)', xml, re.S)
        if line is None:  # a row of its own, before the first row below it (else at the sheet data's end)
            below = next((m for m in re.finditer(r'<row r="(\d+)"', xml) if int(m.group(1)) > row), None)
            at = below.start() if below else xml.index("</sheetData>")
            xml = xml[:at] + f'<row r="{row}">{cell(ref, "", value)}</row>' + xml[at:]
            continue
        if line.group(2) == "/>":
            new = f'<row r="{row}"{line.group(1)}>{cell(ref, "", value)}</row>'
            xml = xml[:line.start()] + new + xml[line.end():]
            continue
        at = line.end() - len("</row>")  # before the first cell to its right, else at the row's end
        for later in re.finditer(r'<c r="([A-Z]+)\d+"', line.group(3)):
            if _column(later.group(1)) > column:
                at = line.start(3) + later.start()
                break
        xml = xml[:at] + cell(ref, "", value) + xml[at:]
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as z:
        for info, data in members:
            z.writestr(info, xml.encode("utf-8") if info.filename == part else data)


def rename_sheet(path, old: str, new: str) -> None:
    """Rename sheet ``old`` to ``new`` in the workbook's list of sheets (xl/workbook.xml), every other part as it
    was: what a user's rename leaves for a reader that finds its sheets by name (Excel would also rewrite the
    formulas and defined names that refer to it; a reader refusing the workbook reads neither).

    >>> import tempfile
    >>> from openpyxl import Workbook, load_workbook
    >>> wb = Workbook(); wb.active.title = "Pairs"; path = Path(tempfile.mkdtemp()) / "r.xlsx"; wb.save(path)
    >>> rename_sheet(path, "Pairs", "Pairs (2)"); load_workbook(path).sheetnames
    ['Pairs (2)']
    """
    import re
    import zipfile
    from xml.sax.saxutils import quoteattr

    with zipfile.ZipFile(path) as z:
        members = [(info, z.read(info)) for info in z.infolist()]
    book = next(data for info, data in members if info.filename == "xl/workbook.xml").decode("utf-8")
    book, n = re.subn(rf"(<sheet\b[^>]*?\sname=){re.escape(quoteattr(old))}", lambda m: m.group(1) + quoteattr(new),
                      book, count=1)
    if n == 0:
        raise KeyError(f"no sheet {old!r}")
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as z:
        for info, data in members:
            z.writestr(info, book.encode("utf-8") if info.filename == "xl/workbook.xml" else data)


_ONCE: dict[str, object] = {}


def once_per_run(tmp_path_factory, name: str, make):
    """``make(folder)``'s value, made once for the whole run and shared by every test file and xdist worker that
    asks for ``name``: the first to ask makes it (in ``folder``, a folder of the run's own) while the others wait
    on a lock, then it is read back from its pickle. For a set-up several files share (the LibreOffice hard
    recalculations of the rulings' and the real files' workbooks), so that a run does it once whichever worker
    runs which file. The run's folder: the workers' common temporary folder (each worker's basetemp's parent
    under xdist), so nothing is kept from one run to the next."""
    import fcntl
    import pickle

    if name in _ONCE:
        return _ONCE[name]
    base = tmp_path_factory.getbasetemp()
    if os.environ.get("PYTEST_XDIST_WORKER"):
        base = base.parent
    folder = base / "once-per-run"
    folder.mkdir(exist_ok=True)
    data = folder / f"{name}.pickle"
    with open(folder / f"{name}.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if data.exists():
            value = pickle.loads(data.read_bytes())
        else:
            made = folder / name
            made.mkdir(exist_ok=True)
            value = make(made)
            data.write_bytes(pickle.dumps(value))
    _ONCE[name] = value
    return value
