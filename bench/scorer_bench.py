"""Time the scorer's two hot spots in process: :func:`mpxl.core.scorer.score_columns` (every board's
figures) and :func:`mpxl.core.ranking.pair_results` (the pairs' totals, percentages and places), on
generated sessions (bench/run.py's ``sections`` layout) given as columns:

- ``plain``: whole-number scores, blanks Neuberg'd: the integer fast path;
- ``artificial``: the same with every 7th line an artificial score (A+, A=, A-, 420|A+): those boards
  take the board scorer;
- ``wbf``: that session under ``--ave-policy wbf`` (each Ave+ / Ave- set from its pair's own
  percentage, its board scored again).

Each figure is the best of ``--repeat`` runs, in CPU seconds (``time.process_time``: the machine is
shared). To compare two checkouts, run each one's copy with its own tree first on the path, in turns:

    python bench/scorer_bench.py --lines 100000 --repeat 5
    PYTHONPATH=/tmp/before python /tmp/before/bench/scorer_bench.py --lines 100000 --repeat 5
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path[:0] = [str(HERE.parent), str(HERE)]  # this checkout's mpxl, and bench/run.py

from run import generate  # noqa: E402

from mpxl.core.event import Event, Travellers  # noqa: E402
from mpxl.core.options import ScoringOptions  # noqa: E402
from mpxl.core.ranking import pair_results  # noqa: E402
from mpxl.core.scorer import score_columns  # noqa: E402
from mpxl.core.session import SessionResult  # noqa: E402

ARTIFICIAL = ("A+", "A=", "A-", "420|A+", "A-|-50")


def travellers(lines: int, artificial: bool) -> Travellers:
    """bench/run.py's ``sections`` session of about ``lines`` lines as columns; with ``artificial``
    every 7th line's score an artificial one."""
    rows = generate(lines, "sections", seed=3)
    scores: list[object] = [row[5] for row in rows]
    if artificial:
        scores[::7] = [ARTIFICIAL[i % len(ARTIFICIAL)] for i in range(len(scores[::7]))]
    return Travellers(board=[r[1] for r in rows], ns_pair=[str(r[3]) for r in rows],
                      ew_pair=[str(r[4]) for r in rows], score=scores, section=[r[0] for r in rows])


def best(job, repeat: int) -> float:
    """The least CPU seconds of ``repeat`` runs of ``job()``."""
    times = []
    for _ in range(repeat):
        start = time.process_time()
        job()
        times.append(time.process_time() - start)
    return min(times)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--lines", type=float, default=1e5)
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args(argv)
    out = {}
    for name, artificial, options in (("plain", False, ScoringOptions()),
                                      ("artificial", True, ScoringOptions()),
                                      ("wbf", True, ScoringOptions.parse(ave_policy="wbf"))):
        t, event = travellers(int(args.lines), artificial), Event()
        scored = score_columns(t, options, event)
        result = SessionResult(event, options, scored=scored, travellers=t)
        out[name] = {
            "lines": len(t),
            "score_columns": best(lambda t=t, o=options, e=event: score_columns(t, o, e), args.repeat),
            "pair_results": best(lambda r=result: pair_results(r), args.repeat),
        }
        print(name, json.dumps(out[name]), file=sys.stderr)
    print(json.dumps(out))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
