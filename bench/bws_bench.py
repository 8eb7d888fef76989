"""The tablets' database (.bws): how long from the database to ``--json``, against USEBIO, and how
fast ``--watch`` reacts.

    python bench/bws_bench.py [--repeat N] [--json]

What is timed (medians of ``--repeat`` runs, default 5), in CPU seconds (this process's and its
children's, mdb-export's included: the machine is shared and wall time is noisy), except ``watch``:

- ``read``: the Access layer reading the five tables a scorer reads (Section, RoundData,
  ReceivedData, PlayerNumbers, HandRecord) of the real database in ``shared/realdata``, with each
  reader installed (mdbtools' ``mdb-export``, one process per table; the built-in reader and
  access-parser in process).
- ``built-in``: the built-in reader (a PC without mdbtools, as on Windows): every table of the real
  database; its CPU per row of ``PlayerNumbers`` (two columns read, as a member list's
  ``strID``/``Name``) and of ``ReceivedData`` (every column), and from those the estimate for a
  14,020-row member list and 297 results (no tool here writes an Access file to time it on).
- ``evening``: a 30-table evening in 3 sections of 27 boards (810 results, names at every seat)
  made as the Access layer's rows: rows -> event -> options -> scored -> ``--json`` text, in process.
  No tool here writes an Access file (mdbtools and access-parser only read), so the evening's
  database cost is the ``read`` figure (mdb-export's cost is its process start, not the rows:
  288 or 810 rows take the same).
- ``usebio``: the same evening written as USEBIO XML by mpxl, then read -> options -> scored ->
  ``--json`` text in process: the ratio ``(read + evening) / usebio``.
- ``e2e``: ``mpxl score real.bws --json`` and ``mpxl score real.xml --json`` (the same event as
  USEBIO) as commands, start-up included.
- ``watch``: ``mpxl score copy.bws -o live.html --watch`` running; the copy's modification time is
  moved on and the time until the page is rewritten measured (3 changes).
"""

from __future__ import annotations

import argparse
import json
import os
import random
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from mpxl.core.pairings import check_duplicates  # noqa: E402
from mpxl.formats import access, read_event, write_event  # noqa: E402
from mpxl.formats.bws import TABLES, event_from_rows  # noqa: E402
from mpxl.formats.jsonout import json_text  # noqa: E402

REALDATA = Path(os.environ.get("MPXL_REALDATA") or ROOT.parent / "shared" / "realdata")
REAL = REALDATA / "bridgemate-2005-05-09-12tables-arbitral.bws"
if not REAL.exists():
    REAL = Path("/work/shared/realdata/bridgemate-2005-05-09-12tables-arbitral.bws")

CONTRACTS = ["1 NT", "2 S", "3 NT", "4 S", "4 H", "3 D", "2 H x", "5 C", "6 NT", "PASS"]


def evening_rows(sections: int = 3, tables: int = 10, rounds: int = 9, per_round: int = 3, seed: int = 1):
    """The tables of a Mitchell evening as rows: NS 1-10 stay, EW 11-20 move up a table a round; every
    table plays the round's boards (27 a section), a result each."""
    rng = random.Random(seed)
    out: dict[str, list] = {name: [] for name in ("Section", "RoundData", "ReceivedData", "PlayerNumbers")}
    rid = 0
    for s in range(1, sections + 1):
        out["Section"].append({"ID": str(s), "Letter": "ABC"[s - 1], "Tables": str(tables), "MissingPair": "0"})
        for t in range(1, tables + 1):
            for seat in "NESW":
                out["PlayerNumbers"].append({"Section": str(s), "Table": str(t), "Direction": seat,
                                             "Number": str(1000 * s + 10 * t + "NESW".index(seat)),
                                             "Name": f"Player {'ABC'[s - 1]}{t}{seat}"})
            for r in range(1, rounds + 1):
                ns, ew = t, tables + 1 + (t + r - 2) % tables
                low = (r - 1) * per_round + 1
                out["RoundData"].append({"Section": str(s), "Table": str(t), "Round": str(r), "NSPair": str(ns),
                                         "EWPair": str(ew), "LowBoard": str(low),
                                         "HighBoard": str(low + per_round - 1), "CustomBoards": None})
                for board in range(low, low + per_round):
                    rid += 1
                    contract = rng.choice(CONTRACTS)
                    level = 0 if contract == "PASS" else int(contract[0])
                    result = None if not level else rng.choice(["=", "+1", "-1", "-2", "="])
                    if level == 7 and result == "+1":
                        result = "="
                    out["ReceivedData"].append({
                        "ID": str(rid), "Section": str(s), "Table": str(t), "Round": str(r), "Board": str(board),
                        "PairNS": str(ns), "PairEW": str(ew), "NS/EW": rng.choice("NESW"), "Contract": contract,
                        "Result": result, "Remarks": None, "DateLog": "2026-11-26 00:00:00",
                        "TimeLog": f"1899-12-30 {19 + rid // 3600:02d}:{rid // 60 % 60:02d}:{rid % 60:02d}",
                        "Erased": "0"})
    return out


def _options():
    from mpxl.cli import build_parser

    return build_parser(only="score").parse_args(["score", "x.bws", "--json"])


def rows_to_json(rows, args) -> str:
    from mpxl.commands.choice import choose_options
    from mpxl.core.session import score_event

    reading = event_from_rows(rows, "evening.bws")
    check_duplicates(reading.event)
    chosen = choose_options(reading.event, args)
    result = (chosen.inference.scored if chosen.inference else score_event)(reading.event, chosen.options)
    return "".join(json_text(result, {"conventions": chosen.to_json(reading.event)}))


def usebio_to_json(path, args) -> str:
    from mpxl.commands.choice import choose_options
    from mpxl.core.session import score_event

    event = read_event(path)
    chosen = choose_options(event, args)
    result = (chosen.inference.scored if chosen.inference else score_event)(event, chosen.options)
    return "".join(json_text(result, {"conventions": chosen.to_json(event)}))


def _cpu() -> float:
    """CPU seconds of this process and its finished children (the machine is shared: wall time is noisy)."""
    t = os.times()
    return t.user + t.system + t.children_user + t.children_system


def median_time(fn, repeat: int) -> float:
    """The median CPU seconds of ``fn()`` (mdb-export's processes included)."""
    times = []
    for _ in range(repeat):
        t = _cpu()
        fn()
        times.append(_cpu() - t)
    return statistics.median(times)


def read_tables(reader: str) -> None:
    db = access.Database(REAL, [reader])
    db.prefetch(TABLES)
    for name in TABLES:
        db.rows(name)


#: The commands' environment: compiled modules cached (in a folder of their own, not the checkout),
#: as an installed package has them; without it every run compiles mpxl's sources again.
PYCACHE = tempfile.mkdtemp(prefix="mpxl-bench-pycache-")
ENV = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
ENV.update(PYTHONPATH=str(ROOT), PYTHONPYCACHEPREFIX=PYCACHE)


def command(*argv, env=None) -> float:
    """CPU seconds of one ``mpxl`` command (its children, mdb-export, included)."""
    t = _cpu()
    subprocess.run([sys.executable, "-m", "mpxl", *map(str, argv)], check=True, capture_output=True,
                   env={**ENV, **(env or {})})
    return _cpu() - t


def built_in_figures(repeat: int) -> dict[str, float]:
    """The built-in reader: every table of the real database, and its CPU per row (see the docstring)."""
    from mpxl.formats.jet import JetFile

    data = REAL.read_bytes()

    def every_table() -> None:
        db = JetFile(data)
        for name in db.tables():
            db.rows(name)

    db = JetFile(data)
    members = median_time(lambda: [db.rows("PlayerNumbers", ["Number", "Name"]) for _ in range(20)], repeat) / (20 * 48)
    results = median_time(lambda: [db.rows("ReceivedData") for _ in range(5)], repeat) / (5 * 288)
    return {"built-in: every table of the real database": median_time(every_table, repeat),
            "built-in: us per member-list row (2 columns)": members * 1e6,
            "built-in: us per result row (every column)": results * 1e6,
            "built-in: estimate, 14,020 members + 297 results": members * 14020 + results * 297}


def watch_reaction(folder: Path, changes: int = 3) -> list[float]:
    """Seconds from a change of the database to the page rewritten, for ``changes`` changes."""
    db, page = folder / "night.bws", folder / "live.html"
    shutil.copyfile(REAL, db)
    proc = subprocess.Popen([sys.executable, "-m", "mpxl", "score", str(db), "-o", str(page), "--watch"],
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=ENV)
    out = []
    try:
        deadline = time.monotonic() + 30
        while not page.exists() and time.monotonic() < deadline:
            time.sleep(0.05)
        for i in range(changes):
            before = page.stat().st_mtime_ns
            st = db.stat()
            t0 = time.monotonic()
            os.utime(db, ns=(st.st_atime_ns, st.st_mtime_ns + (i + 1) * 10**9))
            while page.stat().st_mtime_ns == before and time.monotonic() - t0 < 10:
                time.sleep(0.02)
            out.append(time.monotonic() - t0)
            time.sleep(0.3)
    finally:
        proc.terminate()
        proc.wait(timeout=10)
    return out


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--repeat", type=int, default=5)
    p.add_argument("--json", action="store_true")
    opts = p.parse_args(argv)
    if not REAL.exists():
        print(f"{REAL} not found", file=sys.stderr)
        return 2
    args = _options()
    figures: dict[str, object] = {}
    for reader in access.available_readers():
        figures[f"read {reader}"] = median_time(lambda r=reader: read_tables(r), opts.repeat)
    figures.update(built_in_figures(opts.repeat))
    rows = evening_rows()
    assert len(rows["ReceivedData"]) == 810
    figures["evening rows -> json (810 results)"] = median_time(lambda: rows_to_json(rows, args), opts.repeat)
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        from mpxl.commands.choice import choose_options
        from mpxl.core.session import score_event

        reading = event_from_rows(rows, "evening.bws")
        chosen = choose_options(reading.event, args)
        write_event(score_event(reading.event, chosen.options), folder / "evening.xml")
        figures["evening usebio -> json"] = median_time(lambda: usebio_to_json(folder / "evening.xml", args),
                                                       opts.repeat)
        same = json.loads(rows_to_json(rows, args))["pairs"] == json.loads(
            usebio_to_json(folder / "evening.xml", args))["pairs"]
        figures["the two give the same pairs' figures"] = same
        read = figures.get("read mdbtools", figures.get("read access-parser", 0.0))
        bws_total = float(read) + float(figures["evening rows -> json (810 results)"])  # type: ignore[arg-type]
        figures["evening .bws -> json (read + rows)"] = bws_total
        figures["ratio .bws / usebio"] = bws_total / float(figures["evening usebio -> json"])  # type: ignore[arg-type]
        real_xml = folder / "real.xml"
        command("score", REAL, "-o", real_xml)  # and the modules compiled once, as an install does
        command("score", real_xml, "--json")
        figures["e2e mpxl score real.bws --json"] = statistics.median(
            command("score", REAL, "--json") for _ in range(opts.repeat))
        figures["e2e mpxl score real.bws --json, built-in reader (as on Windows)"] = statistics.median(
            command("score", REAL, "--json", env={"MPXL_BWS_READERS": "built-in"}) for _ in range(opts.repeat))
        figures["e2e mpxl score real.xml --json"] = statistics.median(
            command("score", real_xml, "--json") for _ in range(opts.repeat))
        figures["watch reaction (wall s), 3 changes"] = [round(x, 3) for x in watch_reaction(folder)]
    if opts.json:
        json.dump(figures, sys.stdout, indent=1)
        print()
    else:
        for k, v in figures.items():
            print(f"{k:45} {v:.3f}" if isinstance(v, float) else f"{k:45} {v}")
    shutil.rmtree(PYCACHE, ignore_errors=True)
    return 0 if figures["the two give the same pairs' figures"] else 1


if __name__ == "__main__":
    sys.exit(main())
