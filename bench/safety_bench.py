#!/usr/bin/env python3
"""Issue 14's figures: weighted scores' time, and the command's peak memory by output.

    python bench/safety_bench.py weighted            # MATCHPOINTS with 1 in 7 lines weighted, 1,000-10,000 rows
    python bench/safety_bench.py memory --lines 5000000   # peak RSS of `mpxl score` per output (a child process each)

``weighted`` times :func:`mpxl.udfs.board_matchpoints` (the Excel function's helper) on one board
whose every seventh cell is ``30% 420 + 70% 450``, and checks the total matchpoints (scale 2 keeps
n(n-1) per board). ``memory`` writes a plain CSV of that many lines (36 boards, one field) and runs
``mpxl score`` on it to the terminal, ``--json``, ``-o .csv``, ``.xml``, ``.pbn`` and ``.html``,
reading each child's peak resident memory (``ru_maxrss``).
"""

from __future__ import annotations

import argparse
import random
import subprocess
import sys
import tempfile
import time
from fractions import Fraction
from pathlib import Path


def weighted(sizes=(1000, 2000, 10000)) -> None:
    from mpxl.udfs import board_matchpoints

    rnd = random.Random(14)
    for n in sizes:
        cells = [["30% 420 + 70% 450"] if i % 7 == 0 else [rnd.choice([420, 450, 400, -50, 430, 170])]
                 for i in range(n)]
        start = time.perf_counter()
        out = board_matchpoints(cells, scale=2)
        took = time.perf_counter() - start
        total = sum(Fraction(v[0]).limit_denominator(10**6) for v in out)
        assert abs(total - n * (n - 1)) < n * 0.01, (total, n * (n - 1))
        print(f"weighted  rows {n:>6,}  weighted {len(range(0, n, 7)):>5,}  {took:7.3f} s")


def _csv(path: Path, lines: int) -> None:
    rnd = random.Random(5)
    boards, tables = 36, max(1, lines // 36)
    scores = [420, 450, 400, -50, -100, 170, 140, -620, 630]
    with open(path, "w", encoding="utf-8") as f:
        f.write("board,ns_pair,ew_pair,ns_score\n")
        n = 0
        for t in range(tables):
            for b in range(1, boards + 1):
                if n == lines:
                    return
                f.write(f"{b},{t + 1},{tables + t + 1},{rnd.choice(scores)}\n")
                n += 1


def memory(lines: int, outputs=("terminal", "json", ".csv", ".xml", ".pbn", ".html")) -> None:
    with tempfile.TemporaryDirectory() as folder:
        src = Path(folder) / "big.csv"
        _csv(src, lines)
        for what in outputs:
            args = [sys.executable, "-m", "mpxl", "score", str(src)]
            if what == "json":
                args.append("--json")
            elif what.startswith("."):
                args += ["-o", str(Path(folder) / f"out{what}")]
            code = ("import resource, subprocess, sys, time; t = time.perf_counter(); "
                    "r = subprocess.run(sys.argv[1:], stdout=subprocess.DEVNULL); "
                    "print(r.returncode, time.perf_counter() - t, "
                    "resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)")
            out = subprocess.run([sys.executable, "-c", code, *args], capture_output=True, text=True, check=True)
            rc, took, kb = out.stdout.split()
            peak = int(kb) / 1024
            print(f"memory  {lines:>9,} lines  {what:<9} exit {rc}  {float(took):7.1f} s  peak {peak:8,.0f} MB")
            for p in Path(folder).glob("out.*"):
                p.unlink()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("what", choices=("weighted", "memory"))
    parser.add_argument("--lines", type=int, default=1_000_000)
    parser.add_argument("--outputs", default="terminal,json,.csv,.xml,.pbn,.html")
    args = parser.parse_args()
    if args.what == "weighted":
        weighted()
    else:
        memory(args.lines, tuple(args.outputs.split(",")))


if __name__ == "__main__":
    main()
