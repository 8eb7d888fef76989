"""Full recalculations through LibreOffice's UNO interface, as a user makes them (Data > Calculate >
Recalculate Hard, Ctrl+Shift+F9), run by the Python that has LibreOffice's ``uno`` module (Debian's
python3-uno is built for the system's ``/usr/bin/python3``, not for a virtual environment's).

Run as a script: ``python3 uno_recalc.py OUTDIR ROUNDS EDITS.json FILE...`` starts one soffice (a private
profile, LibreOffice's default calculation settings: threaded calculation of formula groups on), opens
each FILE hidden, applies its edits (``{"FILE": [[sheet, cell, value], ...]}``, typed as a user types:
a number or a text), then calls ``calculateAll()`` ROUNDS times, and writes every sheet's values as CSV
files ``OUTDIR/STEM-SHEET.csv`` (the same filter as tests/recalc.py's conversion), then prints one
JSON line a file: ``{"file": ..., "seconds": [each calculateAll's wall time], "threaded": bool}``.

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


def _type(sheet, cell: str, value) -> None:
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
        self.profile = Path(tempfile.mkdtemp(prefix="mpxl-uno-profile-"))
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
                               files, say=False, loaded=bool(request.get("loaded")))
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
                loaded: bool = False) -> list[dict]:
    """Each file opened, its edits typed, recalculated hard ``rounds`` times, its values saved as CSV; one
    ``{"file", "seconds", "threaded"}`` a file (printed as a JSON line each when ``say``). With ``loaded``, its
    values as loaded are saved first (``STEM-loaded``: what ``soffice --convert-to`` gives), from the same load."""
    import uno

    threaded = _threaded(ctx)
    done = []
    for name in files:
        url = uno.systemPathToFileUrl(str(Path(name).resolve()))
        doc = desktop.loadComponentFromURL(url, "_blank", 0, (_prop("Hidden", True),))
        try:
            if loaded:
                first = uno.systemPathToFileUrl(str((outdir / (Path(name).stem + "-loaded.csv")).resolve()))
                doc.storeToURL(first, (_prop("FilterName", FILTER_NAME), _prop("FilterOptions", FILTER_OPTIONS)))
            sheets = doc.getSheets()
            for sheet_name, cell, value in edits.get(name, []):
                _type(sheets.getByName(sheet_name), cell, value)
            seconds = []
            for _ in range(rounds):
                t0 = time.perf_counter()
                doc.calculateAll()
                seconds.append(time.perf_counter() - t0)
            out = uno.systemPathToFileUrl(str((outdir / (Path(name).stem + ".csv")).resolve()))
            doc.storeToURL(out, (_prop("FilterName", FILTER_NAME), _prop("FilterOptions", FILTER_OPTIONS)))
        finally:
            doc.close(True)
        done.append({"file": name, "seconds": seconds, "threaded": threaded})
        if say:
            print(json.dumps(done[-1]), flush=True)
    return done


def _session(work) -> int:
    """Start soffice (a private profile), run ``work(desktop, ctx)``, stop it."""
    soffice = os.environ.get("MPXL_SOFFICE") or "soffice"
    profile = Path(tempfile.mkdtemp(prefix="mpxl-uno-profile-"))
    pipe = f"mpxl_uno_{os.getpid()}"
    proc, ctx, desktop = _connect(soffice, profile, pipe)
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

        shutil.rmtree(profile, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
