"""Memory and time of ``mpxl check`` with and without the inference, on large generated PBN files.

A club-shaped event of N lines (one section, boards of 10 tables, a few short boards) is scored by
mpxl, written as PBN with its figures, and checked twice in fresh processes: ``mpxl check F`` (the
settings inferred from the figures) and ``mpxl check --no-infer F``. Each run's wall time and peak
memory (the child's ru_maxrss) are printed with the ratio of the two, measured side by side in one
run of this script.

    python bench/inference_memory.py [--sizes 300000,600000]
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
from inference_bench import generated  # noqa: E402

from mpxl.core.options import ScoringOptions  # noqa: E402
from mpxl.core.session import score_event  # noqa: E402
from mpxl.formats.pbn import write_pbn  # noqa: E402

#: Runs a command and prints its peak memory (kB) and wall time: the measure of one child alone.
PROBE = ("import resource, subprocess, sys, time; t = time.perf_counter(); "
         "code = subprocess.run(sys.argv[1:], stdout=subprocess.DEVNULL).returncode; "
         "print(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss, time.perf_counter() - t, code)")


def measure(*argv: str) -> tuple[float, float, int]:
    """(peak megabytes, seconds, exit status) of ``mpxl ARGV`` in a fresh process."""
    out = subprocess.run([sys.executable, "-c", PROBE, sys.executable, "-m", "mpxl", *argv],
                         capture_output=True, text=True, check=True).stdout.split()
    return int(out[0]) / 1024, float(out[1]), int(out[2])


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--sizes", type=lambda s: [int(float(x)) for x in s.split(",")], default=[300_000, 600_000])
    args = p.parse_args(argv)
    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        for size in args.sizes:
            tables = 10
            boards = size // tables
            t = time.perf_counter()
            event = generated(tables, boards, 1, short=max(1, size // 1000))
            path = Path(tmp) / f"event-{size}.pbn"
            write_pbn(score_event(event, ScoringOptions.parse(rounding="1")), path)
            made = time.perf_counter() - t
            mem_i, sec_i, code_i = measure("check", str(path))
            mem_n, sec_n, code_n = measure("check", "--no-infer", str(path))
            row = {"lines": len(event.lines), "made_s": round(made, 1),
                   "infer_mb": round(mem_i), "infer_s": round(sec_i, 1), "infer_exit": code_i,
                   "no_infer_mb": round(mem_n), "no_infer_s": round(sec_n, 1), "no_infer_exit": code_n,
                   "memory_ratio": round(mem_i / mem_n, 2), "time_ratio": round(sec_i / sec_n, 2)}
            rows.append(row)
            print(json.dumps(row), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
