"""Full recalculations through LibreOffice's UNO interface, as a user makes them (Data > Calculate >
Recalculate Hard, Ctrl+Shift+F9), run by the Python that has LibreOffice's ``uno`` module (Debian's
python3-uno is built for the system's ``/usr/bin/python3``, not for a virtual environment's).

Run as a script: ``python3 uno_recalc.py OUTDIR ROUNDS EDITS.json FILE...`` starts one soffice (a private
profile, LibreOffice's default calculation settings: threaded calculation of formula groups on), opens
each FILE hidden, applies its edits (``{"FILE": [[sheet, cell, value], ...]}``, typed as a user types:
a number or a text), then calls ``calculateAll()`` ROUNDS times, and writes every sheet's values as CSV
files ``OUTDIR/STEM-SHEET.csv`` (the same filter as tests/recalc.py's conversion), then prints one
JSON line a file: ``{"file": ..., "seconds": [each calculateAll's wall time], "threaded": bool}``.

Its locale (the number parsing of VALUE and of what is typed, the decimal comma, the date order) is the profile's
(:func:`profile`: Tools > Options > Language Settings > Locale setting, ``ooSetupSystemLocale``), ``MPXL_LO_LOCALE``
(``de-DE``, ``fr-FR``; en-US when unset), never the environment's ``LANG``, which LibreOffice would follow too.

``python3 uno_recalc.py --serve`` starts one soffice and keeps it: each line of its input is a request (JSON:
``{"op": "store", "files": [...], "outdir": ..., "filter": ..., "options": ..., "suffix": ...}``, each file
opened and saved through a filter, as ``soffice --convert-to`` does; ``{"op": "recalc", ...}``, the
recalculation above), each line of its output the reply (``{"ok": true, "result": [...]}`` or ``{"ok": false,
"error": ...}``). A soffice that died is started again and the request tried once more; soffice stops when the
input ends (the test process gone). tests/recalc.py runs one such server a test process (an xdist worker).

Run by the tests (tests/recalc.py), it is never imported into pytest's own Python.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

#: The CSV export filter: the same options as tests/recalc.py's CSV_FILTER (every sheet its own file).
FILTER_NAME = "Text - txt - csv (StarCalc)"
FILTER_OPTIONS = "44,34,76,1,,0,true,true,false,false,false,-1"


def _csv_options() -> str:
    """The CSV filter's options in this soffice's locale: a tab between the fields where the locale's decimal mark
    is a comma (LibreOffice writes a value in the locale's notation, 2,4 in de-DE), else :data:`FILTER_OPTIONS`."""
    comma = (os.environ.get("MPXL_LO_LOCALE") or "en-US") not in ("en-US", "")
    return "9" + FILTER_OPTIONS[2:] if comma else FILTER_OPTIONS


#: The profile's settings: the locale LibreOffice parses numbers and dates by (Tools > Options > Language
#: Settings > Locale setting); it, not the environment's LANG or LC_ALL, is what a user in that country has.
LOCALE_XCU = """<?xml version="1.0" encoding="UTF-8"?>
<oor:items xmlns:oor="http://openoffice.org/2001/registry" xmlns:xs="http://www.w3.org/2001/XMLSchema"
 xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">
<item oor:path="/org.openoffice.Setup/L10N"><prop oor:name="ooSetupSystemLocale" oor:op="fuse">
<value>{locale}</value></prop></item>
</oor:items>
"""


def profile(locale: str = "") -> Path:
    """A new private profile whose locale setting is ``locale`` (``MPXL_LO_LOCALE`` when not given, en-US
    when that is unset): LibreOffice's VALUE and its reading of a typed ``0,5`` follow it."""
    folder = Path(tempfile.mkdtemp(prefix="mpxl-uno-profile-"))
    (folder / "user").mkdir()
    (folder / "user" / "registrymodifications.xcu").write_text(
        LOCALE_XCU.format(locale=locale or os.environ.get("MPXL_LO_LOCALE") or "en-US"), encoding="utf-8")
    return folder


def _prop(name, value):
    import uno  # noqa: F401  (the module loads the UNO types)
    from com.sun.star.beans import PropertyValue

    p = PropertyValue()
    p.Name, p.Value = name, value
    return p


def _connect(soffice: str, profile: Path, pipe: str):
    import uno

    proc = subprocess.Popen([soffice, f"-env:UserInstallation={profile.as_uri()}", "--headless", "--invisible",
                             "--norestore", "--nologo", "--nolockcheck", "--nodefault",
                             f"--accept=pipe,name={pipe};urp;StarOffice.ComponentContext"],
                            stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    local = uno.getComponentContext()
    resolver = local.ServiceManager.createInstanceWithContext("com.sun.star.bridge.UnoUrlResolver", local)
    deadline = time.monotonic() + 120
    while True:
        try:
            ctx = resolver.resolve(f"uno:pipe,name={pipe};urp;StarOffice.ComponentContext")
            break
        except Exception:  # NoConnectException until soffice listens
            if proc.poll() is not None or time.monotonic() > deadline:
                raise RuntimeError("soffice did not start its UNO listener") from None
            time.sleep(0.2)
    desktop = ctx.ServiceManager.createInstanceWithContext("com.sun.star.frame.Desktop", ctx)
    return proc, ctx, desktop


def _threaded(ctx) -> bool:
    """LibreOffice's own setting: is threaded calculation of formula groups on (its default)?"""
    provider = ctx.ServiceManager.createInstanceWithContext("com.sun.star.configuration.ConfigurationProvider", ctx)
    access = provider.createInstanceWithArguments(
        "com.sun.star.configuration.ConfigurationAccess",
        (_prop("nodepath", "/org.openoffice.Office.Calc/Formula/Calculation"),))
    return bool(access.getByName("UseThreadedCalculationForFormulaGroups"))


def _content(cell):
    """What a cell holds: its number (a percentage typed 10% is 0.1), its text, or None when empty."""
    kind = cell.getType().value
    return None if kind == "EMPTY" else cell.getValue() if kind == "VALUE" else cell.getString()


class Keyboard:
    """Typing into a document's cells as a user types on the keyboard: a text read by the cell's number format in the
    profile's locale, as Calc's input line reads it (a ``0,5`` is the number 0.5 in a General cell of a de-DE
    LibreOffice and the text ``0,5`` in a Text cell; ``10%`` is 0.1 formatted as a percentage; ``57.5`` is text in
    de-DE). The document's number formatter reads it (``detectNumberFormat``, ``convertStringToNumber``), not the
    dispatcher's ``.uno:EnterString``: LibreOffice 7.4 headless dies now and then after typing through it."""

    TEXT = 256  # com.sun.star.util.NumberFormat.TEXT

    def __init__(self, ctx, doc):
        self.formats = doc.getNumberFormats()
        self.formatter = ctx.ServiceManager.createInstanceWithContext("com.sun.star.util.NumberFormatter", ctx)
        self.formatter.attachNumberFormatsSupplier(doc)

    def type(self, sheet, cell: str, value) -> None:
        target = sheet.getCellRangeByName(cell)
        text = "" if value is None else str(value)
        key = target.NumberFormat
        if text == "" or self.formats.getByKey(key).Type & self.TEXT:
            target.setString(text)
            return
        try:
            detected = self.formatter.detectNumberFormat(key, text)
            number = self.formatter.convertStringToNumber(key, text)
        except Exception:  # not a number in this locale: the text as typed
            target.setString(text)
            return
        target.setValue(number)
        if self.formats.getByKey(detected).Type != self.formats.getByKey(key).Type:
            target.NumberFormat = detected  # 10% typed: the cell formatted as a percentage, as Calc does


def _type(sheet, cell: str, value, keyboard: Keyboard | None = None) -> None:
    """``value`` into ``cell``: a number as a number, a text as a text (the API's setValue and setString, whatever the
    locale), or, with ``keyboard``, as the user types it (:class:`Keyboard`)."""
    if keyboard is not None:
        keyboard.type(sheet, cell, value)
        return
    target = sheet.getCellRangeByName(cell)
    if value is None or value == "":
        target.setString("")
    elif isinstance(value, (int, float)) and not isinstance(value, bool):
        target.setValue(value)
    else:
        target.setString(str(value))


def typing(desktop, files: list[str], sheet: str, cells: list[str], values: list, repeats: int) -> None:
    """For each file: open it, calculate it once, then ``repeats`` times type ``values`` in turn into ``cells``
    (a line's result) and ``calculate()`` (what automatic calculation does after a keystroke), timing each; one
    JSON line a file: its ``seconds`` (each typed result) and ``full`` (one hard recalculation)."""
    import uno

    for name in files:
        doc = desktop.loadComponentFromURL(uno.systemPathToFileUrl(str(Path(name).resolve())), "_blank", 0,
                                           (_prop("Hidden", True),))
        try:
            t0 = time.perf_counter()
            doc.calculateAll()
            full = time.perf_counter() - t0
            ws = doc.getSheets().getByName(sheet)
            seconds = []
            for i in range(repeats):
                for cell, value in zip(cells, values[i % len(values)]):
                    _type(ws, cell, value)
                t0 = time.perf_counter()
                doc.calculate()
                seconds.append(time.perf_counter() - t0)
        finally:
            doc.close(True)
        print(json.dumps({"file": name, "seconds": seconds, "full": full}), flush=True)


def store(desktop, files: list[str], outdir: Path, filter_name: str, options: str, suffix: str) -> list[dict]:
    """Each file opened hidden and saved as ``OUTDIR/STEM{suffix}`` through ``filter_name`` (its formulas without
    a saved value calculated on loading, as ``soffice --convert-to`` does); one ``{"file": ...}`` a file."""
    import uno

    done = []
    for name in files:
        doc = desktop.loadComponentFromURL(uno.systemPathToFileUrl(str(Path(name).resolve())), "_blank", 0,
                                           (_prop("Hidden", True),))
        try:
            props = [_prop("FilterName", filter_name)] + ([_prop("FilterOptions", options)] if options else [])
            out = uno.systemPathToFileUrl(str((outdir / (Path(name).stem + suffix)).resolve()))
            doc.storeToURL(out, tuple(props))
        finally:
            doc.close(True)
        done.append({"file": name})
    return done


class Office:
    """One soffice (a private profile) kept for many requests, started again when it died."""

    def __init__(self, soffice: str):
        self.soffice = soffice
        self.profile = profile()
        self.proc = None
        self.starts = 0

    def start(self) -> None:
        self.starts += 1
        pipe = f"mpxl_uno_{os.getpid()}_{self.starts}"
        self.proc, self.ctx, self.desktop = _connect(self.soffice, self.profile, pipe)

    def alive(self) -> bool:
        if self.proc is None or self.proc.poll() is not None:
            return False
        try:
            self.desktop.getComponents()  # a call over the bridge: a dead soffice raises here
            return True
        except Exception:
            return False

    def run(self, request: dict) -> list[dict]:
        """The request's work; tried again once in a new soffice when it failed because soffice died."""
        for attempt in (1, 2):
            if not self.alive():
                self.stop()
                self.start()
            try:
                return self._work(request)
            except Exception:
                if attempt == 2 or self.alive():
                    raise
        raise AssertionError("unreachable")

    def _work(self, request: dict) -> list[dict]:
        outdir, files = Path(request["outdir"]), request["files"]
        if request["op"] == "store":
            return store(self.desktop, files, outdir, request["filter"], request.get("options", ""),
                         request["suffix"])
        if request["op"] == "recalc":
            return recalculate(self.desktop, self.ctx, outdir, int(request["rounds"]), request.get("edits", {}),
                               files, say=False, loaded=bool(request.get("loaded")),
                               keyboard=bool(request.get("keyboard")))
        raise ValueError(f"unknown request {request['op']!r}")

    def stop(self) -> None:
        if self.proc is None:
            return
        try:
            self.desktop.terminate()
        except Exception:  # the bridge goes down with soffice
            pass
        try:
            self.proc.wait(timeout=30)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()
        self.proc = None


def serve(soffice: str) -> int:
    """Answer requests read a line each from the input until it ends, then stop soffice."""
    import shutil
    import traceback

    office = Office(soffice)
    try:
        for line in sys.stdin:
            if not line.strip():
                continue
            try:
                reply = {"ok": True, "result": office.run(json.loads(line))}
            except Exception:
                reply = {"ok": False, "error": traceback.format_exc()[-3000:]}
            print(json.dumps(reply), flush=True)
    finally:
        office.stop()
        shutil.rmtree(office.profile, ignore_errors=True)
    return 0


def main(argv: list[str]) -> int:
    if argv[0] == "--serve":
        return serve(os.environ.get("MPXL_SOFFICE") or "soffice")
    if argv[0] == "--typing":  # --typing SHEET CELLS VALUES.json REPEATS FILE...
        return _session(lambda desktop, ctx: typing(desktop, argv[5:], argv[1], argv[2].split(","),
                                                    json.loads(Path(argv[3]).read_text()), int(argv[4])))
    outdir, rounds, edits_file, files = Path(argv[0]), int(argv[1]), argv[2], argv[3:]
    edits = json.loads(Path(edits_file).read_text()) if edits_file != "-" else {}
    return _session(lambda desktop, ctx: recalculate(desktop, ctx, outdir, rounds, edits, files))


def recalculate(desktop, ctx, outdir: Path, rounds: int, edits: dict, files: list[str], say: bool = True,
                loaded: bool = False, keyboard: bool = False) -> list[dict]:
    """Each file opened, its edits typed, recalculated hard ``rounds`` times, its values saved as CSV; one
    ``{"file", "seconds", "threaded"}`` a file (printed as a JSON line each when ``say``). With ``loaded``, its
    values as loaded are saved first (``STEM-loaded``: what ``soffice --convert-to`` gives), from the same load.
    With ``keyboard`` the edits are typed as a user types them (:class:`Keyboard`), and each edited cell's content is
    given back (``"typed"``: [sheet, cell, the number or the text it holds], what the user's file then holds; not the
    edited workbook saved as .xlsx: LibreOffice 7.4 dies after saving a document typed into through the dispatcher)."""
    import uno

    threaded = _threaded(ctx)
    done = []
    for name in files:
        url = uno.systemPathToFileUrl(str(Path(name).resolve()))
        doc = desktop.loadComponentFromURL(url, "_blank", 0, (_prop("Hidden", True),))
        try:
            if loaded:
                first = uno.systemPathToFileUrl(str((outdir / (Path(name).stem + "-loaded.csv")).resolve()))
                doc.storeToURL(first, (_prop("FilterName", FILTER_NAME), _prop("FilterOptions", _csv_options())))
            sheets = doc.getSheets()
            typist = Keyboard(ctx, doc) if keyboard else None
            typed = []
            for sheet_name, cell, value in edits.get(name, []):
                _type(sheets.getByName(sheet_name), cell, value, typist)
                typed.append([sheet_name, cell, _content(sheets.getByName(sheet_name).getCellRangeByName(cell))])
            seconds = []
            for _ in range(rounds):
                t0 = time.perf_counter()
                doc.calculateAll()
                seconds.append(time.perf_counter() - t0)
            out = uno.systemPathToFileUrl(str((outdir / (Path(name).stem + ".csv")).resolve()))
            doc.storeToURL(out, (_prop("FilterName", FILTER_NAME), _prop("FilterOptions", _csv_options())))
        finally:
            doc.close(True)
        done.append({"file": name, "seconds": seconds, "threaded": threaded, **({"typed": typed} if keyboard else {})})
        if say:
            print(json.dumps(done[-1]), flush=True)
    return done


def _session(work) -> int:
    """Start soffice (a private profile), run ``work(desktop, ctx)``, stop it."""
    soffice = os.environ.get("MPXL_SOFFICE") or "soffice"
    folder = profile()
    pipe = f"mpxl_uno_{os.getpid()}"
    proc, ctx, desktop = _connect(soffice, folder, pipe)
    try:
        work(desktop, ctx)
    finally:
        try:
            desktop.terminate()
        except Exception:  # the bridge goes down with soffice
            pass
        try:
            proc.wait(timeout=30)
        except subprocess.TimeoutExpired:
            proc.kill()
        import shutil

        shutil.rmtree(folder, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
