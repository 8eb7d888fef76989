"""Recalculate xlsx workbooks in tests: LibreOffice headless and the ``formulas`` package.

``libreoffice_recalc(paths)`` converts several files in one soffice call per core (each
with a private user profile, so it never touches or waits for a desktop LibreOffice) and
returns the recalculated values; ``formulas_recalc(path)`` evaluates a workbook
with the pure-Python ``formulas`` package. Both return a :class:`Values` lookup
``values["Travellers", "L5"]``.

LibreOffice writes its values as CSV, one file a sheet (the filter's sheet option -1, LibreOffice
7.2 on), each cell's value as it is (not as shown), text quoted: about half the time of writing
an .xlsx, and read in a fraction of openpyxl's time. The values and their types are those
openpyxl reads (``data_only``) from LibreOffice's own .xlsx of the same workbook (numbers as int
or float, text, booleans, error codes as text, an empty text as no value): tests/test_recalc_csv.py
checks the two readings equal.

When soffice is missing, ``require_soffice()`` skips the test with the reason,
except in CI (``CI=true``), where LibreOffice is part of the contract and its
absence is a failure.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import tempfile
from collections.abc import Iterable
from pathlib import Path

import pytest

SOFFICE_NAMES = ("soffice", "libreoffice")


def find_soffice() -> str | None:
    """The soffice executable, or None."""
    for name in SOFFICE_NAMES:
        found = shutil.which(name)
        if found:
            return found
    return None


def require_soffice() -> str:
    """Return soffice, or skip the test (fail it when CI=true)."""
    found = find_soffice()
    if found:
        return found
    reason = ("LibreOffice (soffice) is not installed: the workbook recalculation tests need it "
              "(Debian: apt-get install libreoffice-calc-nogui)")
    if os.environ.get("CI", "").lower() == "true":
        pytest.fail(reason + "; CI=true, so this is a failure, not a skip")
    pytest.skip(reason)


class Values:
    """Cell values by (sheet, cell) from a recalculated workbook."""

    def __init__(self, data: dict):
        self.data = data

    def __getitem__(self, key):
        sheet, cell = key
        return self.data.get((sheet.upper(), cell.upper().replace("$", "")))

    def column(self, sheet: str, col: str, first: int, last: int) -> list:
        return [self[sheet, f"{col}{r}"] for r in range(first, last + 1)]


def _read_openpyxl(path: Path) -> Values:
    from openpyxl import load_workbook

    wb = load_workbook(path, data_only=True)
    data = {}
    for ws in wb.worksheets:
        for row in ws.iter_rows():
            for cell in row:
                if cell.value is not None:
                    data[(ws.title.upper(), cell.coordinate)] = cell.value
    return Values(data)


#: The CSV filter: comma, double quote, UTF-8, from line 1, ..., text cells quoted (7), values not as shown
#: (9: as they are), no formulas (10), every sheet to its own file NAME-SHEET.csv (12: -1).
CSV_FILTER = "csv:Text - txt - csv (StarCalc):44,34,76,1,,0,true,true,false,false,false,-1"

_FIELD = re.compile(r'"((?:[^"]|"")*)"|([^,\r\n]*)')


def _unquoted(text: str):
    """An unquoted CSV field as openpyxl reads the cell: a bool, an int, a float, else text (an error code).

    >>> [_unquoted(x) for x in ("TRUE", "6", "-3.75", "1E+20", "#N/A")]
    [True, 6, -3.75, 1e+20, '#N/A']
    """
    if text in ("TRUE", "FALSE"):
        return text == "TRUE"
    try:
        return int(text)
    except ValueError:
        pass
    try:
        return float(text)
    except ValueError:
        return text


def csv_cells(text: str):
    r"""(row, column, value) of each non-empty field of LibreOffice's CSV ``text``: a quoted field is
    text (an empty text is no value, as openpyxl reads it), an unquoted one as :func:`_unquoted`.

    >>> list(csv_cells('1,"a ""b"" c",\n,"",TRUE\n"x\ny",#N/A\n'))
    [(1, 1, 1), (1, 2, 'a "b" c'), (2, 3, True), (3, 1, 'x\ny'), (3, 2, '#N/A')]
    """
    pos, end, row, col = 0, len(text), 1, 1
    while pos < end:
        m = _FIELD.match(text, pos)
        assert m is not None  # the pattern matches an empty field anywhere
        if m.group(1) is not None:
            if m.group(1):
                yield row, col, m.group(1).replace('""', '"')
        elif m.group(2):
            yield row, col, _unquoted(m.group(2))
        pos = m.end()
        if text.startswith(",", pos):
            col += 1
            pos += 1
        elif text.startswith("\r\n", pos) or text.startswith("\n", pos):
            row, col = row + 1, 1
            pos += 2 if text[pos] == "\r" else 1
        elif pos < end:
            raise ValueError(f"CSV not understood at character {pos}: {text[pos:pos + 40]!r}")


def _sheet_names(path: Path) -> list[str]:
    from openpyxl import load_workbook

    wb = load_workbook(path, read_only=True)
    try:
        return list(wb.sheetnames)
    finally:
        wb.close()


def _read_csv(folder: Path, stem: str, sheets: list[str]) -> Values:
    """The values of LibreOffice's CSV files ``STEM-SHEET.csv`` of one workbook."""
    from openpyxl.utils import get_column_letter

    data = {}
    letters: dict[int, str] = {}
    for sheet in sheets:
        path = folder / f"{stem}-{sheet}.csv"
        if not path.exists():
            raise RuntimeError(f"soffice wrote no {path.name} (LibreOffice 7.2 or later writes every sheet)")
        title = sheet.upper()
        for row, col, value in csv_cells(path.read_text(encoding="utf-8")):
            letter = letters.get(col) or letters.setdefault(col, get_column_letter(col))
            data[(title, f"{letter}{row}")] = value
    return Values(data)


#: How many soffice processes ``libreoffice_recalc`` runs side by side (``$MPXL_LO_PROCESSES``; by
#: default one per core, at most 2): soffice converts its files one after another on one core.
LO_PROCESSES = int(os.environ.get("MPXL_LO_PROCESSES") or min(2, os.cpu_count() or 1))


def _share(paths: list[Path], parts: int) -> list[list[int]]:
    """The indexes of ``paths`` in ``parts`` groups of about equal size in bytes (largest first).

    >>> _share([Path(__file__)], 2)
    [[0]]
    """
    groups: list[list[int]] = [[] for _ in range(max(1, min(parts, len(paths))))]
    sizes = [0] * len(groups)
    for i in sorted(range(len(paths)), key=lambda i: -paths[i].stat().st_size):
        k = sizes.index(min(sizes))
        groups[k].append(i)
        sizes[k] += paths[i].stat().st_size
    return [g for g in groups if g]


def libreoffice_recalc(paths: Iterable[Path], timeout: int = 600) -> list[Values]:
    """Recalculate ``paths`` with LibreOffice headless; values per file, in the order given.

    LibreOffice computes every formula that has no cached value when it loads a
    file written by openpyxl, and writes the results as CSV (one file a sheet). The
    files go to at most ``LO_PROCESSES`` soffice calls run side by side, each with
    its own private profile and folders.
    """
    soffice = require_soffice()
    paths = [Path(p) for p in paths]
    out = Path(tempfile.mkdtemp(prefix="mpxl-lo-out-"))
    # Files with one name in different folders would collide in outdir: copy to unique names.
    src = Path(tempfile.mkdtemp(prefix="mpxl-lo-in-"))
    staged = []
    for i, p in enumerate(paths):
        target = src / f"{i:03d}_{p.name}"
        shutil.copyfile(p, target)
        staged.append(target)
    profiles = []
    try:
        procs = []
        for group in _share(staged, LO_PROCESSES):
            profile = Path(tempfile.mkdtemp(prefix="mpxl-lo-profile-"))
            profiles.append(profile)
            cmd = [soffice, f"-env:UserInstallation={profile.as_uri()}", "--headless", "--norestore",
                   "--nologo", "--nolockcheck", "--convert-to", CSV_FILTER,
                   "--outdir", str(out), *(str(staged[i]) for i in group)]
            procs.append(subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True))
        logs = []
        for proc in procs:
            try:
                logs.append(proc.communicate(timeout=timeout))
            except subprocess.TimeoutExpired:
                for p in procs:
                    p.kill()
                raise
        results = []
        for p in staged:
            if not any(out.glob(f"{p.stem}-*.csv")):
                raise RuntimeError(f"soffice did not convert {p.name}: {logs}")
            results.append(_read_csv(out, p.stem, _sheet_names(p)))
        return results
    finally:
        for profile in profiles:
            shutil.rmtree(profile, ignore_errors=True)
        shutil.rmtree(src, ignore_errors=True)
        shutil.rmtree(out, ignore_errors=True)


def libreoffice_convert(paths: Iterable[Path], fmt: str, outdir: Path, timeout: int = 600) -> list[Path]:
    """Convert ``paths`` to ``fmt`` (``pdf``, ``xlsx``) into ``outdir`` in one soffice call."""
    soffice = find_soffice()
    if not soffice:
        raise RuntimeError("soffice not found")
    profile = Path(tempfile.mkdtemp(prefix="mpxl-lo-profile-"))
    try:
        subprocess.run([soffice, f"-env:UserInstallation={profile.as_uri()}", "--headless", "--norestore",
                        "--convert-to", fmt, "--outdir", str(outdir), *map(str, paths)],
                       capture_output=True, text=True, timeout=timeout, check=True)
    finally:
        shutil.rmtree(profile, ignore_errors=True)
    return [Path(outdir) / (Path(p).stem + "." + fmt.split(":")[0]) for p in paths]


def formulas_recalc(path: Path) -> Values:
    """Recalculate ``path`` with the ``formulas`` package."""
    import formulas

    path = Path(path)
    model = formulas.ExcelModel().loads(str(path)).finish()
    solution = model.calculate()
    data = {}
    for key, ranges in solution.items():
        # keys look like "'[book.xlsx]SHEET'!A1" or "'[book.xlsx]SHEET'!A1:B2"
        key = str(key)
        if "]" not in key or "!" not in key:
            continue
        sheet = key.split("]", 1)[1].split("'!", 1)[0].upper()
        ref = key.rsplit("!", 1)[1].upper()
        if ":" in ref:
            continue
        value = ranges.value[0, 0] if hasattr(ranges, "value") else ranges
        data[(sheet, ref)] = _plain(value)
    # the inputs (constants) are in the solution too; add any the model did not list
    for k, v in _read_openpyxl(path).data.items():
        if isinstance(v, str) and v.startswith("="):
            continue
        data.setdefault(k, v)
    return Values(data)


def _plain(value):
    import numpy as np

    if isinstance(value, np.generic):
        value = value.item()
    text = str(value)
    if text in ("", "empty"):
        return None
    if type(value).__name__ in ("XlError",) or text.startswith("#"):
        return text
    return value


def _close(a, b, tol=1e-6) -> bool:
    if a is None or b is None or a == "":
        return (a in (None, "")) and b is None
    return abs(float(a) - float(b)) <= tol


def check_workbook_event(values: Values, result) -> None:
    """A recalculated workbook in the template layout equals the core's ``result`` (a SessionResult):

    * every traveller line's NS and EW MP (the lines in the order of ``result.boards``);
    * every pair's boards played, MP, Max, %, place, and its latest session's MP and the earlier
      sessions' carried forward (Pairs);
    * the ranking (Totals): the places in mpxl's order, each with the pairs mpxl places there, and
      their names.
    """
    from mpxl.workbook.template import FIRST_ROW, PAIRS_COLUMNS, TOTALS_COLUMNS, TRAVELLER_COLUMNS

    C, P, T = TRAVELLER_COLUMNS, PAIRS_COLUMNS, TOTALS_COLUMNS
    r = FIRST_ROW
    for b in result.boards:
        for sl in b.lines:
            got = (values["Travellers", f"{C['ns_mp']}{r}"], values["Travellers", f"{C['ew_mp']}{r}"])
            assert _close(got[0], sl.ns_mp, 1e-9) and _close(got[1], sl.ew_mp, 1e-9), (
                f"session {b.session} section {b.section!r} board {b.board} row {r}: workbook {got}, "
                f"core {sl.ns_mp}/{sl.ew_mp}")
            r += 1
    rows = {}
    r = FIRST_ROW
    while values["Pairs", f"{P['pair']}{r}"] is not None:
        key = (str(values["Pairs", f"{P['section']}{r}"] or ""), str(values["Pairs", f"{P['pair']}{r}"]),
               values["Pairs", f"{P['direction']}{r}"] or None)
        rows[key] = {k: values["Pairs", f"{P[k]}{r}"] for k in P}
        r += 1
    assert len(rows) == len(result.pairs)
    latest = max((b.session for b in result.boards), default=1)
    for pr in result.pairs:
        got = rows[(pr.pair.section, pr.pair.number, pr.pair.direction)]
        where = (pr.pair.section, pr.pair.number, pr.pair.direction, got)
        assert got["played"] == pr.boards, where
        # the % as published (Setup's Percentage rounding and decimals); the ranking uses the exact one
        published = result.options.round_percentage(pr.percentage)
        assert _close(got["mp"], pr.mp) and _close(got["max"], pr.max) and _close(got["pct"], published), where
        assert str(got["place"]) == pr.place, (where, pr.place)
        session = pr.sessions.get(latest, 0)
        assert _close(got["session_mp"], session) and _close(got["carried"], pr.mp - session), (where, pr.sessions)
    ranked = []
    for i in range(len(result.pairs)):
        r = FIRST_ROW + i
        ranked.append((str(values["Totals", f"{T['place']}{r}"]), str(values["Totals", f"{T['section']}{r}"] or ""),
                       str(values["Totals", f"{T['pair']}{r}"]), values["Totals", f"{T['direction']}{r}"] or None,
                       values["Totals", f"{T['names']}{r}"] or "", values["Totals", f"{T['pct']}{r}"]))
    assert values["Totals", f"{T['place']}{FIRST_ROW + len(result.pairs)}"] in (None, "")
    want = [(pr.place, pr.pair.section, pr.pair.number, pr.pair.direction, " & ".join(pr.pair.names),
             result.options.round_percentage(pr.percentage)) for pr in result.pairs]
    assert [x[0] for x in ranked] == [x[0] for x in want], "the ranking is in mpxl's place order"

    def by_place(rows):
        out: dict = {}
        for place, *rest in rows:
            out.setdefault(place, set()).add(tuple(rest[:4]))
        return out

    assert by_place(ranked) == by_place(want)
    assert all(_close(got[5], w[5]) for got, w in zip(ranked, want))


def score_result(src: Path, options: list[str]):
    """The core's result for the file ``src`` with the options ``mpxl score SRC --no-infer OPTIONS`` chooses."""
    from mpxl.cli import build_parser
    from mpxl.commands.score import choose_options
    from mpxl.formats import read_event
    from mpxl.session import score_event

    ev = read_event(src)
    return score_event(ev, choose_options(ev, build_parser().parse_args(["score", str(src), "--no-infer", *options]))
                       .options)


def scored_csv_workbooks(folder: Path, events: dict, head: str) -> dict:
    """Each event ``name: (rows, options)`` written as a CSV file (``head`` then its rows) and scored by
    ``mpxl score --no-infer OPTIONS -o NAME.xlsx``: name -> (the workbook, the core's result)."""
    from mpxl.cli import main

    out = {}
    for name, (rows, options) in events.items():
        src, xlsx = folder / f"{name}.csv", folder / f"{name}.xlsx"
        src.write_text(head + rows)
        assert main(["score", str(src), "--no-infer", *options, "-o", str(xlsx)]) == 0
        out[name] = (xlsx, score_result(src, options))
    return out
