#!/usr/bin/env python3
"""Issues 37 and 51's speed: every movement mpxl offers up to 30 tables (every kind, cut short, with a
sit-out and with a late pair) built and checked (bar: 0.5 s each, the command's own start included when
``--cli``), and the laid-out template against today's empty one of the same size (bar: no slower).

    python bench/movement_bench.py            # the movements, in-process, and the templates (7, 15 tables)
    python bench/movement_bench.py --cli      # also `mpxl movement ... --json` as a user runs it
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from mpxl.core.movement import HOWELL_STARTS, KINDS, howell_rounds_offered, movement
from mpxl.core.movement_check import breaks
from mpxl.workbook.template import laid_out_contents, template_contents, write_workbook


def best(func, repeat: int = 3) -> float:
    """The fastest of ``repeat`` runs of ``func``, in seconds (also bench/movement_file_bench.py's)."""
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        func()
        times.append(time.perf_counter() - start)
    return min(times)


def offered() -> list[tuple[str, int, dict[str, int]]]:
    """Every movement offered up to 30 tables: each kind whole, the Howells cut short, each with 2T-1
    pairs where it takes them, and with the missing pair arriving for round 2."""
    cases: list[tuple[str, int, dict[str, int]]] = []
    for kind in KINDS:
        for tables in range(2, 31):
            for extra in ({}, {"pairs": 2 * tables - 1}, {"pairs": 2 * tables - 1, "late": 2}):
                try:
                    movement(kind, tables, **extra)
                except ValueError:
                    continue
                cases.append((kind, tables, extra))
    cases += [("howell", t, {"rounds": r}) for t in sorted(HOWELL_STARTS) for r in howell_rounds_offered(t)]
    return cases


def movements(cli: bool) -> None:
    cases = offered()
    worst = ("", 0, {}, 0.0)
    for kind, tables, extra in cases:
        took = best(lambda k=kind, t=tables, x=extra: movement(k, t, **x))
        assert not breaks(movement(kind, tables, **extra)), (kind, tables, extra)
        if cli:
            command = [sys.executable, "-m", "mpxl", "movement", kind, "--tables", str(tables), "--json"]
            command += [f"--{k}={v}" for k, v in extra.items()]
            took = best(lambda c=command: subprocess.run(c, check=True, capture_output=True))
        if took > worst[3]:
            worst = (kind, tables, extra, took)
    where = "the command" if cli else "in-process"
    kinds = ", ".join(f"{k} {sum(1 for c in cases if c[0] == k)}" for k in KINDS)
    print(f"movements ({where}): {len(cases)} built and checked ({kinds}); slowest {worst[0]} {worst[1]} tables "
          f"{worst[2] or ''}: {worst[3] * 1000:.1f} ms (bar 500 ms)")


def templates() -> None:
    with tempfile.TemporaryDirectory() as tmp:
        for kind, tables, per_round in (("howell", 7, 3), ("mitchell", 15, 2)):
            m = movement(kind, tables, boards_per_round=per_round)
            laid = laid_out_contents(m)
            empty = template_contents(tables, m.boards, kind)
            runs = {name: [] for name in ("empty", "laid out")}
            for _ in range(3):
                for name, contents in (("empty", empty), ("laid out", laid)):
                    start = time.perf_counter()
                    write_workbook(Path(tmp) / "t.xlsx", contents)
                    runs[name].append(time.perf_counter() - start)
            e, lo = (statistics.median(runs[k]) for k in ("empty", "laid out"))
            print(f"template {kind} {tables} tables, {m.boards} boards: empty {e:.2f} s, laid out {lo:.2f} s "
                  f"({lo / e:.2f}x; {len(laid.lines)} lines)")


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--cli", action="store_true", help="time the command too")
    args = parser.parse_args()
    movements(False)
    if args.cli:
        movements(True)
    templates()
