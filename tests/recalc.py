"""Recalculate xlsx workbooks in tests: LibreOffice headless and the ``formulas`` package.

``libreoffice_recalc(paths)`` recalculates files in the test process's one soffice (a private user
profile, so it never touches or waits for a desktop LibreOffice), started at its first use and kept
for the process (an xdist worker), driven through UNO by the Python that has LibreOffice's ``uno``
(tests/uno_recalc.py ``--serve``), and returns the recalculated values; ``formulas_recalc(path)`` evaluates a workbook
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

import atexit
import functools
import json
import os
import posixpath
import queue
import re
import shutil
import signal
import subprocess
import tempfile
import threading
from collections.abc import Iterable
from pathlib import Path

import pytest
from shared import REALDATA

from mpxl.workbook.examples import VARIANTS
from mpxl.workbook.libreoffice import find_soffice  # the one lookup, the command's and the tests'
from mpxl.workbook.template import Contents, Settings


def _required(found: str | None, reason: str) -> str:
    """``found``, or skip the test for ``reason`` (fail it when CI=true: there it is part of the contract)."""
    if found:
        return found
    if os.environ.get("CI", "").lower() == "true":
        pytest.fail(reason + "; CI=true, so this is a failure, not a skip")
    pytest.skip(reason)


def require_soffice() -> str:
    """Return soffice, or skip the test (fail it when CI=true)."""
    return _required(find_soffice(), "LibreOffice (soffice) is not installed: the workbook recalculation tests "
                     "need it (Debian: apt-get install libreoffice-calc-nogui)")


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

_FIELDS = {sep: re.compile(r'"((?:[^"]|"")*)"|([^' + sep + r'\r\n]*)') for sep in (",", "\t")}


#: How LibreOffice writes a value in a locale's CSV (its values not as shown, still in the locale's words): the
#: decimal mark, and TRUE and FALSE; where the mark is a comma, the fields are tab-separated (tests/uno_recalc.py
#: ``_csv_options``).
CSV_LOCALES = {"en-US": (".", ("TRUE", "FALSE")), "de-DE": (",", ("WAHR", "FALSCH")), "fr-FR": (",", ("VRAI", "FAUX"))}


def _unquoted(text: str, locale: str = "en-US"):
    """An unquoted CSV field as openpyxl reads the cell: a bool, an int, a float, else text (an error code); written
    by a LibreOffice in ``locale`` (:data:`CSV_LOCALES`: de-DE writes 2,4 and WAHR).

    >>> [_unquoted(x) for x in ("TRUE", "6", "-3.75", "1E+20", "#N/A")]
    [True, 6, -3.75, 1e+20, '#N/A']
    >>> [_unquoted(x, "de-DE") for x in ("WAHR", "6", "-3,75", "Err:502")]
    [True, 6, -3.75, 'Err:502']
    """
    mark, words = CSV_LOCALES[locale]
    if text in words:
        return text == words[0]
    if mark != "." and mark in text:
        text = text.replace(mark, ".")
    try:
        return int(text)
    except ValueError:
        pass
    try:
        return float(text)
    except ValueError:
        return text


def csv_cells(text: str, locale: str = "en-US"):
    r"""(row, column, value) of each non-empty field of LibreOffice's CSV ``text``: a quoted field is
    text (an empty text is no value, as openpyxl reads it), an unquoted one as :func:`_unquoted`.

    >>> list(csv_cells('1,"a ""b"" c",\n,"",TRUE\n"x\ny",#N/A\n'))
    [(1, 1, 1), (1, 2, 'a "b" c'), (2, 3, True), (3, 1, 'x\ny'), (3, 2, '#N/A')]
    """
    sep = "," if CSV_LOCALES[locale][0] == "." else "\t"
    field = _FIELDS[sep]
    pos, end, row, col = 0, len(text), 1, 1
    while pos < end:
        m = field.match(text, pos)
        assert m is not None  # the pattern matches an empty field anywhere
        if m.group(1) is not None:
            if m.group(1):
                yield row, col, m.group(1).replace('""', '"')
        elif m.group(2):
            yield row, col, _unquoted(m.group(2), locale)
        pos = m.end()
        if text.startswith(sep, pos):
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


def _read_csv(folder: Path, stem: str, sheets: list[str], locale: str = "en-US") -> Values:
    """The values of LibreOffice's CSV files ``STEM-SHEET.csv`` of one workbook, written in ``locale``."""
    from openpyxl.utils import get_column_letter

    data = {}
    letters: dict[int, str] = {}
    for sheet in sheets:
        path = folder / f"{stem}-{sheet}.csv"
        if not path.exists():
            raise RuntimeError(f"soffice wrote no {path.name} (LibreOffice 7.2 or later writes every sheet)")
        title = sheet.upper()
        for row, col, value in csv_cells(path.read_text(encoding="utf-8"), locale):
            letter = letters.get(col) or letters.setdefault(col, get_column_letter(col))
            data[(title, f"{letter}{row}")] = value
    return Values(data)


def _staged(paths: list[Path], folder: Path, notes: bool = True) -> list[Path]:
    """Copies of ``paths`` in ``folder`` under names of their own (files of one name in two folders would collide
    in LibreOffice's output folder), in order; without the cells' notes unless ``notes`` (:func:`without_notes`)."""
    staged = []
    for i, p in enumerate(paths):
        target = folder / f"{i:03d}_{p.name}"
        if notes or p.suffix.lower() not in (".xlsx", ".xlsm"):
            shutil.copyfile(p, target)
        else:
            without_notes(p, target)
        staged.append(target)
    return staged


_NOTE_TYPES = ("/relationships/comments", "/relationships/vmlDrawing")


def without_notes(src: Path, dst: Path) -> None:
    """``src`` saved as ``dst`` without its cells' notes (the headings' notes: their comment parts, the VML drawings
    that show them, the sheets' references to both), every other part as it was. A note holds no formula and no
    value, but LibreOffice makes a drawing shape of each as it loads the file: the 305 headings' notes are 60% of the
    load of a small scored workbook (1.1 s against 0.4 s). The recalculations that read values open the copy;
    the committed templates' full recalculation (tests/test_workbook_full_recalc.py) and every conversion keep them.

    >>> import tempfile, zipfile
    >>> from openpyxl import Workbook, load_workbook
    >>> from openpyxl.comments import Comment
    >>> wb = Workbook(); wb.active["A1"] = 2; wb.active["A1"].comment = Comment("two", "mpxl")
    >>> d = Path(tempfile.mkdtemp()); wb.save(d / "a.xlsx"); without_notes(d / "a.xlsx", d / "b.xlsx")
    >>> ws = load_workbook(d / "b.xlsx").active; ws["A1"].value, ws["A1"].comment
    (2, None)
    >>> [n for n in zipfile.ZipFile(d / "b.xlsx").namelist() if "comment" in n.lower()]
    []
    """
    import re
    import zipfile

    with zipfile.ZipFile(src) as z:
        parts = {info.filename: z.read(info) for info in z.infolist()}
    dropped = set()
    for name in [n for n in parts if n.endswith(".rels")]:
        rels = parts[name].decode("utf-8")
        folder = name.replace("_rels/", "").removesuffix(".rels").rsplit("/", 1)[0]
        for rel in re.finditer(r"<Relationship\b[^>]*/>", rels):
            if any(rel.group(0).find(t + '"') >= 0 for t in _NOTE_TYPES):
                target = re.search(r'Target="([^"]+)"', rel.group(0)).group(1)
                dropped.add(posixpath.normpath(posixpath.join(folder, target)) if not target.startswith("/")
                            else target.lstrip("/"))
        parts[name] = re.sub(r"<Relationship\b[^>]*/>", lambda m: "" if any(
            m.group(0).find(t + '"') >= 0 for t in _NOTE_TYPES) else m.group(0), rels).encode("utf-8")
    for name in [n for n in parts if n.startswith("xl/worksheets/") and n.endswith(".xml")]:
        parts[name] = re.sub(rb"<legacyDrawing\b[^>]*/>", b"", parts[name])
    types = parts["[Content_Types].xml"].decode("utf-8")
    parts["[Content_Types].xml"] = re.sub(r'<Override PartName="/([^"]+)"[^>]*/>',
                                          lambda m: "" if m.group(1) in dropped else m.group(0), types).encode("utf-8")
    with zipfile.ZipFile(dst, "w", zipfile.ZIP_DEFLATED) as z:
        for name, data in parts.items():
            if name not in dropped:
                z.writestr(name, data)


class Office:
    """The test process's LibreOffice: one ``uno_recalc.py --serve`` (one soffice, a private profile) started at
    the first request and kept for the process's life (an xdist worker's), each request one JSON line in and
    one out. A server that died or did not answer in time is killed with its soffice (its own process group)
    and started again for the next request; the server itself starts again a soffice that died under it.
    At the process's exit the server is told to stop (the end of its input) and its group killed.

    Its LibreOffice runs in ``locale`` (its profile's locale setting, tests/uno_recalc.py ``profile``): en-US, the
    tests' own, whatever the machine's LANG; another (de-DE: the decimal comma) for :func:`libreoffice_typed`."""

    def __init__(self, locale: str = "en-US"):
        self.locale = locale
        self.proc: subprocess.Popen | None = None
        self.replies: queue.Queue = queue.Queue()
        self.log: Path | None = None

    def start(self) -> None:
        py = require_uno()
        self.log = Path(tempfile.mkstemp(prefix="mpxl-uno-serve-", suffix=".log")[1])
        env = {**os.environ, "MPXL_SOFFICE": require_soffice(), "MPXL_LO_LOCALE": self.locale}
        with open(self.log, "w") as log:
            self.proc = subprocess.Popen([py, str(UNO_SCRIPT), "--serve"], stdin=subprocess.PIPE,
                                         stdout=subprocess.PIPE, stderr=log, text=True, env=env,
                                         start_new_session=True)
        self.replies = queue.Queue()
        threading.Thread(target=self._read, args=(self.proc, self.replies), daemon=True).start()

    @staticmethod
    def _read(proc: subprocess.Popen, replies: queue.Queue) -> None:
        assert proc.stdout is not None
        for line in proc.stdout:
            replies.put(line)
        replies.put(None)  # the server ended

    def request(self, request: dict, timeout: float) -> list[dict]:
        """The server's result for ``request``; a server gone is started again and asked once more."""
        for attempt in (1, 2):
            if self.proc is None or self.proc.poll() is not None:
                self.stop()
                self.start()
            assert self.proc is not None and self.proc.stdin is not None
            try:
                self.proc.stdin.write(json.dumps(request) + "\n")
                self.proc.stdin.flush()
                line = self.replies.get(timeout=timeout)
            except queue.Empty:
                self.stop()
                raise RuntimeError(f"LibreOffice did not answer in {timeout} s: {request['op']} {request['files']}") from None
            except BrokenPipeError:
                line = None
            if line is None:
                said = self.log.read_text()[-2000:] if self.log else ""
                self.stop()
                if attempt == 2:
                    raise RuntimeError(f"the LibreOffice server ended: {said}")
                continue
            reply = json.loads(line)
            if not reply["ok"]:
                raise RuntimeError(f"LibreOffice failed: {reply['error']}")
            return reply["result"]
        raise AssertionError("unreachable")

    def stop(self) -> None:
        """End the server and its soffice: its input closed, then its process group killed."""
        proc, self.proc = self.proc, None
        if proc is None:
            return
        try:
            if proc.stdin:
                proc.stdin.close()
            proc.wait(timeout=30)
        except (OSError, subprocess.TimeoutExpired):
            pass
        try:
            os.killpg(proc.pid, signal.SIGKILL)  # whatever of its group is left (soffice.bin)
        except (ProcessLookupError, PermissionError):
            pass
        proc.wait()
        if self.log:
            self.log.unlink(missing_ok=True)


OFFICE = Office()
atexit.register(OFFICE.stop)

#: The test process's LibreOffices in other locales, started at their first use (:func:`office`).
_OFFICES: dict[str, Office] = {"en-US": OFFICE}


def office(locale: str = "en-US") -> Office:
    """The test process's LibreOffice in ``locale`` (a BCP 47 tag: de-DE, fr-FR), one a locale, kept for the
    process: a locale other than en-US costs its own soffice, so a test asks for few."""
    if locale not in _OFFICES:
        _OFFICES[locale] = Office(locale)
        atexit.register(_OFFICES[locale].stop)
    return _OFFICES[locale]


def _stored(paths: Iterable[Path], request: dict, timeout: float,
            notes: bool = True) -> tuple[list[Path], Path, Path, list[dict]]:
    """``paths`` staged in a folder of their own (without their notes unless ``notes``) and ``request`` made of
    them: (staged, the folder, the output folder, the result); the caller removes the folder."""
    paths = [Path(p) for p in paths]
    work = Path(tempfile.mkdtemp(prefix="mpxl-lo-"))
    staged = _staged(paths, work, notes)
    out = work / "out"
    out.mkdir()
    result = OFFICE.request({**request, "files": [str(p) for p in staged], "outdir": str(out)}, timeout)
    return staged, work, out, result


def libreoffice_recalc(paths: Iterable[Path], timeout: int = 600) -> list[Values]:
    """Recalculate ``paths`` with LibreOffice headless; values per file, in the order given.

    LibreOffice computes every formula that has no cached value when it loads a file written by openpyxl
    (as ``soffice --convert-to`` does), and saves the results as CSV (one file a sheet), in the test
    process's one soffice (:class:`Office`); the copies opened are without their notes (:func:`without_notes`).
    """
    name, options = CSV_FILTER.split(":", 1)[1].rsplit(":", 1)
    staged, work, out, _ = _stored(paths, {"op": "store", "filter": name, "options": options, "suffix": ".csv"},
                                   timeout, notes=False)
    try:
        results = []
        for p in staged:
            if not any(out.glob(f"{p.stem}-*.csv")):
                raise RuntimeError(f"soffice did not convert {p.name}")
            results.append(_read_csv(out, p.stem, _sheet_names(p)))
        return results
    finally:
        shutil.rmtree(work, ignore_errors=True)


#: The filters ``libreoffice_convert`` saves through when its format names none.
FILTERS = {"xlsx": "Calc MS Excel 2007 XML", "pdf": "calc_pdf_Export"}


def libreoffice_convert(paths: Iterable[Path], fmt: str, outdir: Path, timeout: int = 600) -> list[Path]:
    """Convert ``paths`` to ``fmt`` (``pdf``, ``xlsx``, ``xlsx:FILTER``) into ``outdir``, as ``soffice --convert-to
    FMT`` does, in the test process's soffice."""
    ext, _, name = fmt.partition(":")
    paths = [Path(p) for p in paths]
    staged, work, out, _ = _stored(paths, {"op": "store", "filter": name or FILTERS[ext], "suffix": "." + ext},
                                   timeout)
    try:
        Path(outdir).mkdir(parents=True, exist_ok=True)
        done = []
        for p, s in zip(paths, staged):
            target = Path(outdir) / f"{p.stem}.{ext}"
            shutil.move(out / f"{s.stem}.{ext}", target)
            done.append(target)
        return done
    finally:
        shutil.rmtree(work, ignore_errors=True)


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


def close(a, b, tol=1e-9) -> bool:
    """``a`` (a recalculated cell) equals ``b`` (the core's figure, None: no figure) within ``tol``."""
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
            assert close(got[0], sl.ns_mp) and close(got[1], sl.ew_mp), (
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
        assert all(close(got[k], want, 1e-6) for k, want in (("mp", pr.mp), ("max", pr.max), ("pct", published))), where
        assert str(got["place"]) == pr.place, (where, pr.place)
        # a session it did not play (and is credited none in) shows -, as the command line's ranking
        session = pr.sessions.get(latest)
        earlier = any(sess < latest for sess in pr.sessions)
        assert (got["session_mp"] == "-" if session is None else close(got["session_mp"], session, 1e-6)), (
            where, pr.sessions)
        assert (close(got["carried"], pr.mp - (session or 0), 1e-6) if earlier else got["carried"] == "-"), (
            where, pr.sessions)
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
    assert all(close(got[5], w[5], 1e-6) for got, w in zip(ranked, want))


def score_result(src: Path, options: list[str]):
    """The core's result for the file ``src`` with the options ``mpxl score SRC --no-infer OPTIONS`` chooses."""
    from mpxl.cli import build_parser
    from mpxl.commands.choice import choose_options
    from mpxl.core.session import score_event
    from mpxl.formats import read_event

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


# --------------------------------------------- the slides' board 4 and its variants under Setup combinations

#: Setup combinations: each workbook holds every variant of board 4 as boards 4, 20, 36, ...
SETUPS = {
    "neuberg": Settings.of(method="Neuberg", rounding="half-up:2", small_groups="wbf"),
    "manual-slides": Settings.of(method="Manual", rounding="exact", small_groups="none"),
    "mckinnon-single-ebu": Settings.of(method="McKinnon", scale=1, rounding="ebu", small_groups="qba",
                                       ave_policy="wbf", winners=1),
    "ascherman-even": Settings.of(method="Ascherman", rounding="half-even:1", small_groups="ebu"),
    "factor": Settings.of(method="Factor", rounding="half-up:1", small_groups="wbf", ave_policy="wbf"),
    # Ascherman's other reading: short boards only (a full board keeps S), as ascherman-even's full boards do not
    "ascherman-short": Settings.of(method="Ascherman-short", rounding="exact", small_groups="none"),
    # the signed scale (MP1): each figure the double one less N - 1, rounded about 0; % = 50 + 50 x MP / Max
    "neuberg-signed": Settings.of(method="Neuberg", scale="signed", rounding="half-up:1", small_groups="wbf"),
    "mckinnon-signed-ebu": Settings.of(method="McKinnon", scale="signed", rounding="ebu", small_groups="qba",
                                       ave_policy="wbf", winners=1),
}


#: The variants' board numbers: variant -> 4, 20, 36, ... (the same dealer and vulnerability).
BOARDS = {v: 4 + 16 * i for i, v in enumerate(VARIANTS)}
#: (N, n, scale); the full boards (9, 9) and (7, 7): Ascherman (every board) changes them, the others keep S
METHOD_CASES = [(9, 8, 2), (11, 10, 2), (16, 8, 2), (12, 11, 1), (5, 3, 2), (13, 5, 1), (7, 7, 2), (9, 9, 2), (6, 1, 2),
                (9, 8, "signed"), (16, 8, "signed"), (7, 7, "signed"), (6, 1, "signed"), (1, 1, 2), (1, 1, "signed")]

#: Counts as a Methods sheet's N and n cells, a function's expected and actual, the command's two arguments hold
#: them (None: a blank cell, an empty argument), and what all three say of them (core.rules.COUNT_RULES): None
#: where they make a board. N = 1 is one (the Setup's Expected takes it): a board played once, top 0, no percentage.
COUNT_CASES = [
    (1, 1, None),
    (2, 1, None),
    (1000, 2, None),
    (0, 1, "expected 0 must be a whole number of results, at least 1"),
    (-3, 2, "expected -3 must be a whole number of results, at least 1"),
    (9, 0, "actual 0 must be a whole number of results, at least 1"),
    (9, -1, "actual -1 must be a whole number of results, at least 1"),
    (1, 2, "2 results are more than the 1 expected"),
    (8, 9, "9 results are more than the 8 expected"),
    (8.5, 8, "expected 8.5 is not a whole number of results"),
    (9, 8.5, "actual 8.5 is not a whole number of results"),
    ("eight", 8, "expected 'eight' is not a whole number of results"),
    (9, "x", "actual 'x' is not a whole number of results"),
    (None, 8, "expected is missing; expected a whole number of results"),
    (9, None, "actual is missing; expected a whole number of results"),
]


def lines_for(settings, variant: str, board: int):
    """The variant's lines; in a one-winner field the EW pairs are numbered 10-18."""
    from mpxl.workbook.examples import variant_lines

    lines = variant_lines(variant, board)
    if settings.options.winners == 1:
        for ln in lines:
            ln.ew_pair += 9
    return lines


def boards_of(variants=None) -> dict:
    return {v: b for v, b in BOARDS.items() if variants is None or v in variants}


def variants_contents(settings, variants=None) -> dict:
    """What the variants' workbook under ``settings`` is built from (build_workbook / write_workbook)."""
    lines = [ln for v, b in boards_of(variants).items() for ln in lines_for(settings, v, b)]
    pairs = ([(p, "NS") for p in range(1, 10)] + [(p, "EW") for p in range(1, 10)]
             if settings.options.winners == 2 else [(p, None) for p in range(1, 19)])
    return Contents(settings, lines, list(boards_of(variants).values()), pairs)


def variants_workbook(settings, variants=None):
    from mpxl.workbook.template import build_workbook

    return build_workbook(variants_contents(settings, variants))


def expected_board(settings, variant: str):
    """The core's rounded NS and EW figures for one variant under ``settings``."""
    from mpxl.core.board import score_board
    from mpxl.workbook.examples import variant_entries, variant_groups, variant_switches

    opts = settings.options
    scale = opts.scale
    res = score_board(variant_entries(variant), expected=9, method=opts.method, scale=scale.unit,
                      groups=variant_groups(variant), arrowswitch=variant_switches(variant),
                      small_groups=opts.small_groups)
    rounding = opts.rounding
    off, avg = scale.offset(scale.top(9)), scale.average(scale.top(9))  # signed: less 8, rounded about 0
    return ([rounding.apply(x - off, avg) for x in res.ns_mp], [rounding.apply(x - off, avg) for x in res.ew_mp])


def variants_event(settings, variants=None):
    """The variants workbook as an Event, for the session-level checks (totals, Ave+ policy)."""
    from mpxl.core.event import Event, Line
    from mpxl.core.session import score_event
    from mpxl.workbook.examples import variant_entries, variant_groups, variant_switches

    lines = []
    for v, b in boards_of(variants).items():
        for row, entry, group, switch in zip(lines_for(settings, v, b), variant_entries(v), variant_groups(v),
                                             variant_switches(v)):
            lines.append(Line(b, str(row.ns_pair), str(row.ew_pair), score=entry, group=group, arrowswitch=switch))
    ev = Event(lines=lines, winners={"": settings.options.winners})
    return score_event(ev, settings.options)  # the workbook's Setup is the options it is scored with


def check_variants(values: Values, settings, variants=None) -> None:
    """Every variant's NS and EW figures on Travellers equal the core's (score_board), every board's status ok."""
    from mpxl.workbook.template import FIRST_ROW, TRAVELLER_COLUMNS

    C = TRAVELLER_COLUMNS

    r = FIRST_ROW
    for v in boards_of(variants):
        ns, ew = expected_board(settings, v)
        for i in range(9):
            got_ns, got_ew = values["Travellers", f"{C['ns_mp']}{r}"], values["Travellers", f"{C['ew_mp']}{r}"]
            assert close(got_ns, ns[i]) and close(got_ew, ew[i]), (
                f"{v} table {i + 1}: workbook {got_ns}/{got_ew}, core {float(ns[i])}/{float(ew[i])}")
            r += 1
    # every board's status is ok
    for i in range(len(boards_of(variants))):
        status = values["Travellers", f"{C['b_status']}{FIRST_ROW + i}"]
        assert status == "ok", (i, status)


# ------------------------------------------------------------------------------ the Methods sheet

def methods_workbook(N: int, n: int, scale: int | str):
    """A workbook of the Methods sheet alone, for (N, n) on ``scale``."""
    from mpxl.workbook.template import build_workbook

    wb = build_workbook(Contents(Settings.of(scale=scale), methods=(N, n)))
    for name in list(wb.sheetnames):
        if name != "Methods":
            del wb[name]
    return wb


def check_methods(values: Values, N: int, n: int, scale) -> None:
    """The Methods sheet's figures equal ``methods_table`` and the printed ``mpxl methods N n`` (2 decimals)."""
    import contextlib
    import io
    import re

    from mpxl.cli import main
    from mpxl.commands.methods import methods_table
    from mpxl.core.methods import Method
    from mpxl.core.settings import Scale
    from mpxl.workbook.layout import METHODS_SHEET
    from mpxl.workbook.template import METHODS_LAYOUT

    L = METHODS_LAYOUT

    rows = methods_table(N, n, Scale.find(scale))
    shown = [list(Method).index(m) for m in METHODS_SHEET]  # the sheet's columns among the table's methods
    for j, (S, mps, pcts) in enumerate(rows):
        r = L["first_row"] + j
        assert close(values["Methods", f"A{r}"], S)
        for i, k in enumerate(shown):
            assert close(values["Methods", f"{L['mp_cols'][i]}{r}"], mps[k]), (N, n, S, i)
            pct = values["Methods", f"{L['pct_cols'][i]}{r}"]
            assert (pct in (None, "")) if N == 1 else close(pct, pcts[k]), (N, n, S, i)  # N = 1: no percentage
    assert values["Methods", f"A{L['first_row'] + len(rows)}"] in (None, "")
    # and the printed `mpxl methods N n` agrees to its 2 decimals
    printed_out = io.StringIO()  # in this process: the command's own main, as `mpxl methods` runs it
    with contextlib.redirect_stdout(printed_out):
        assert main(["methods", str(N), str(n), "--scale", str(scale)]) == 0
    out = printed_out.getvalue()
    printed = [line.split() for line in out.splitlines() if re.match(r"^\s+-?\d+\.\d\s", line)]
    if N == 1:  # the matchpoints alone: every figure the average, 0 of a top of 0 (0 signed too)
        assert "Percentage: none, a board of 1 expected result has no percentage (its top is 0)" in out
        assert [[float(x) for x in p[1:]] for p in printed] == [[0.0] * len(Method)]
        return
    assert len(printed) == 2 * len(rows)  # the matchpoints table, then the percentages table
    printed = [mp + pct[1:] for mp, pct in zip(printed[:len(rows)], printed[len(rows):])]
    for j, fields in enumerate(printed):
        r = L["first_row"] + j
        cells = [values["Methods", f"{c}{r}"] for c in L["mp_cols"] + L["pct_cols"]]
        figures = [float(x) for x in fields[1:]]
        figures = [figures[k] for k in shown] + [figures[len(Method) + k] for k in shown]
        # the command prints a half away from zero (a signed -7.875 is -7.88)
        assert figures == pytest.approx([round(float(c) + (1e-9 if c >= 0 else -1e-9), 2) for c in cells], abs=0.006)


# ------------------------------------------------------------------------------ real files

#: One real file of each program (tests/shared.py REALDATA): Compscore3's estimate-at totals, unplayed own and
#: totals to 2 decimals; Ruter's signed scale, totals from the exact figures and unplayed own; JFR Pary's percent
#: scale (a Neuberg'd 60/60, a weighted line, 60.00 for each board a pair's absent opponents left it): every
#: convention of theirs live on Setup.
REAL_EVENTS = ["scorebridge-2025-01-06-one-winner.xml", "ebuscore-2025-01-02-two-winner-a5050.xml",
               "magiccontest-ffb-final-2022-session1.pbn", "acblscore-2017-08-10-howell-single-scale.xml",
               "compscore3-2022-07-27-howell-a5050.xml", "ruter-2016-03-09-signed-mp1-aminus.pbn",
               "pending/jfrpary-2013-08-08-percent-barometer.xml"]
HAVE_REAL = all((REALDATA / f).exists() for f in REAL_EVENTS)
needs_real = pytest.mark.skipif(not HAVE_REAL, reason=f"the real files are not all in {REALDATA}")


def real_sources() -> list[Path]:
    """The real files whose workbooks are recalculated hard: :data:`REAL_EVENTS`, the incoming Ruter files, the
    tablets' evening (.bws)."""
    from shared import INCOMING

    return ([REALDATA / f for f in REAL_EVENTS] + sorted(INCOMING.glob("*.pbn")) + sorted(REALDATA.glob("*.bws"))
            if HAVE_REAL else [])


def recalculated_real(tmp_path_factory) -> dict:
    """Each of :func:`real_sources` scored under its detected conventions, written (``write_event_workbook``) and
    recalculated hard twice by LibreOffice (:func:`libreoffice_full_recalc`, threads on): file name -> (the
    workbook, the core's result, its values, the recalculations' seconds). Once per run for every worker
    (tests/shared.once_per_run): tests/test_workbook_full_recalc.py and test_workbook_recalc_real.py read it."""
    from shared import once_per_run

    from mpxl.core.conventions import detect
    from mpxl.core.session import score_event
    from mpxl.formats import read_event
    from mpxl.workbook.event_writer import write_event_workbook

    def make(folder: Path) -> dict:
        books = {}
        for src in real_sources():
            ev = read_event(src)
            res = score_event(ev, detect(ev).options())
            p = folder / f"{src.name}.xlsx"
            write_event_workbook(res, p)
            books[src.name] = (p, res)
        names = list(books)
        done = libreoffice_full_recalc([books[n][0] for n in names], rounds=2)
        return {n: (*books[n], values, seconds) for n, (values, seconds) in zip(names, done)}

    return once_per_run(tmp_path_factory, "real-recalculated", make)


def scored_and_read_back(xlsx: Path, options: list[str], capsys) -> tuple[dict, dict]:
    """For a workbook :func:`scored_csv_workbooks` wrote (``mpxl score NAME.csv --no-infer OPTIONS -o
    NAME.xlsx``): the JSON of ``mpxl score NAME.csv --no-infer OPTIONS --json``, and that of the workbook read
    back (``mpxl score NAME.xlsx --json``): (direct, back)."""
    import json

    from mpxl.cli import main

    capsys.readouterr()
    assert main(["score", str(xlsx.with_suffix(".csv")), "--no-infer", *options, "--json"]) == 0
    direct = json.loads(capsys.readouterr().out)
    assert main(["score", str(xlsx), "--json"]) == 0
    return direct, json.loads(capsys.readouterr().out)


# ------------------------------------------------------------------ full recalculations through UNO

#: The script the Python with LibreOffice's ``uno`` module runs (it opens, edits, recalculates, saves values).
UNO_SCRIPT = Path(__file__).parent / "uno_recalc.py"


@functools.cache
def uno_python() -> str | None:
    """A Python that imports LibreOffice's ``uno`` (Debian's python3-uno is the system Python's), or None."""
    candidates = [os.environ.get("MPXL_UNO_PYTHON", ""), "/usr/bin/python3", shutil.which("python3") or ""]
    for py in candidates:
        if py and Path(py).exists() and subprocess.run([py, "-c", "import uno"], capture_output=True).returncode == 0:
            return py
    return None


def require_uno() -> str:
    """The Python with ``uno``, or skip the test (fail it when CI=true)."""
    require_soffice()
    return _required(uno_python(), "LibreOffice's Python bridge (uno) is not installed: the recalculation tests "
                     "drive LibreOffice through it (Debian: apt-get install python3-uno)")


def libreoffice_full_recalc(paths: Iterable[Path], rounds: int = 2, edits: dict | None = None,
                            timeout: int = 900, notes: bool = False) -> list[tuple[Values, list[float]]]:
    """Each of ``paths`` opened in LibreOffice through UNO (its default settings: threaded calculation on),
    ``edits`` typed in (path -> [(sheet, cell, value)]), then recalculated hard (``calculateAll()``) ``rounds``
    times, as a user does with Ctrl+Shift+F9: (the values, each recalculation's seconds), in order; in the test
    process's soffice (:class:`Office`). The copies opened are without their notes unless ``notes``
    (:func:`without_notes`)."""
    return [(values, info["seconds"]) for _, values, info in _uno_recalc(paths, rounds, edits, timeout, notes, False)]


def libreoffice_loaded_and_full_recalc(paths: Iterable[Path], rounds: int = 2,
                                       timeout: int = 900) -> list[tuple[Values, Values, list[float]]]:
    """Each of ``paths`` opened once in LibreOffice: (its values as loaded, as :func:`libreoffice_recalc` gives them;
    its values after ``rounds`` hard recalculations, as :func:`libreoffice_full_recalc`; their seconds), in order."""
    return [(first, values, info["seconds"]) for first, values, info in _uno_recalc(paths, rounds, None, timeout,
                                                                                     False, True)]


def libreoffice_typed(paths: Iterable[Path], edits: dict, locale: str,
                      timeout: int = 900) -> list[tuple[Values, list[tuple[str, str, object]]]]:
    """Each of ``paths`` opened in a LibreOffice running in ``locale`` (:func:`office`), ``edits`` (path -> [(sheet,
    cell, text)]) typed as a user there types them (tests/uno_recalc.py ``Keyboard``: ``0,5`` is a number in a
    General cell of de-DE, a text in a Text cell), recalculated hard once: (its values, each edited cell as
    (sheet, cell, the number or text LibreOffice holds): what the user's file holds, for ``mpxl score``)."""
    paths = [Path(p) for p in paths]
    done = _uno_recalc(paths, 1, edits, timeout, False, False, locale=locale, keyboard=True)
    return [(values, [tuple(t) for t in info["typed"]]) for _, values, info in done]


def _uno_recalc(paths: Iterable[Path], rounds: int, edits: dict | None, timeout: int, notes: bool,
                loaded: bool, locale: str = "en-US", keyboard: bool = False) -> list[tuple[Values | None, Values, dict]]:
    """Each of ``paths`` recalculated through the server of ``locale``: (its values as loaded when ``loaded``, its
    values, the server's word on it: ``seconds``, and ``typed`` with ``keyboard``)."""
    paths = [Path(p) for p in paths]
    work = Path(tempfile.mkdtemp(prefix="mpxl-uno-"))
    try:
        staged = _staged(paths, work, notes)
        out = work / "out"
        out.mkdir()
        plan = {str(staged[i]): list(map(list, (edits or {}).get(p, []))) for i, p in enumerate(paths)}
        said = {info["file"]: info for info in office(locale).request(
            {"op": "recalc", "rounds": rounds, "edits": plan, "files": [str(p) for p in staged], "outdir": str(out),
             "loaded": loaded, "keyboard": keyboard}, timeout)}
        results = []
        for p in staged:
            info = said[str(p)]
            assert info["threaded"], "LibreOffice's threaded calculation is off: the test must run as users run it"
            sheets = _sheet_names(p)
            first = _read_csv(out, f"{p.stem}-loaded", sheets, locale) if loaded else None
            results.append((first, _read_csv(out, p.stem, sheets, locale), info))
        return results
    finally:
        shutil.rmtree(work, ignore_errors=True)


#: What a cell shows when its formula failed: LibreOffice's Err:NNN and the spreadsheet error values.
ERROR_VALUES = ("#VALUE!", "#REF!", "#NAME?", "#DIV/0!", "#NUM!", "#NULL!")


def error_cells(values: Values, allowed: Iterable[str] = ("METHODS",)) -> list[tuple[str, str, object]]:
    """Every cell showing an error (sheet, cell, what it shows), but #N/A on the sheets ``allowed`` (the Methods
    chart's gaps are #N/A on purpose)."""
    skip = set(allowed)
    return [(s, c, v) for (s, c), v in sorted(values.data.items())
            if isinstance(v, str) and (v.startswith("Err:") or v in ERROR_VALUES or (v == "#N/A" and s not in skip))]
