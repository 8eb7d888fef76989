"""Time the estimation study of the three real results files with T = 200 trials per board.

    python bench/study_bench.py [FILE ...] [--trials T]

The acceptance target is under a minute on the CI machine for the three files
in ``../shared/realdata``. A baseline is timed in the same process, so figures
from different machines can be compared: scoring the same files once with
:func:`mpxl.core.session.score_event` (exact Fractions, the ordinary work of
``mpxl score``). Each figure is the best of ``--repeat`` runs. Nothing here
asserts a time; the tests never time anything.
"""

from __future__ import annotations

import argparse
import platform
import sys
import time
from pathlib import Path

from mpxl.core.options import ScoringOptions
from mpxl.core.session import score_event
from mpxl.core.study import StudyOptions, study
from mpxl.formats import read_event

REALDATA = Path(__file__).resolve().parents[2] / "shared" / "realdata"


def best_of(repeat: int, fn) -> tuple:
    times, value = [], None
    for _ in range(repeat):
        t = time.perf_counter()
        value = fn()
        times.append(time.perf_counter() - t)
    return min(times), value


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("files", nargs="*", help="results files (default: the three in ../shared/realdata)")
    ap.add_argument("--trials", type=int, default=200)
    ap.add_argument("--repeat", type=int, default=3)
    args = ap.parse_args(argv)
    files = [Path(f) for f in args.files] or sorted(REALDATA.glob("*.xml")) + sorted(REALDATA.glob("*.pbn"))
    if not files:
        print(f"no results files given and none in {REALDATA}", file=sys.stderr)
        return 2

    t_read, events = best_of(args.repeat, lambda: [read_event(f) for f in files])
    t_base, _ = best_of(args.repeat, lambda: [score_event(e, ScoringOptions()) for e in events])
    runs = [
        ("K=1", StudyOptions(remove=1, trials=args.trials, seed=0)),
        ("K=3", StudyOptions(remove=3, trials=args.trials, seed=0)),
        ("foul after 4", StudyOptions(foul_after=4, trials=args.trials, seed=0)),
    ]
    print(f"mpxl study benchmark: {len(files)} files, T = {args.trials} trials per board, best of {args.repeat}")
    print(f"python {platform.python_version()} on {platform.machine()} ({platform.platform(terse=True)})")
    print(f"{'task':<34} {'seconds':>8} {'x baseline':>11}")
    print(f"{'read the files':<34} {t_read:8.3f} {t_read / t_base:11.1f}")
    print(f"{'baseline: score_event all files':<34} {t_base:8.3f} {1:11.1f}")
    total = 0.0
    for label, opts in runs:
        t, res = best_of(args.repeat, lambda o=opts: study(events, o))
        total += t
        lines = res.methods[0].lines
        print(f"{'study ' + label + f' ({res.boards} boards)':<34} {t:8.3f} {t / t_base:11.1f}   "
              f"{lines / t / 1000:.0f}k estimated lines/s per method")
    print(f"{'all three studies':<34} {total:8.3f} {total / t_base:11.1f}")
    print("target: one study (K=1) under 60 s on the CI machine")
    return 0


if __name__ == "__main__":
    sys.exit(main())
