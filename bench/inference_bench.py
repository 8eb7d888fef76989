"""Time the inference of how a file was scored (``mpxl.core.inference.infer``).

Real files from ``../shared/realdata`` (or ``$MPXL_REALDATA``) and generated club events, each
scored with mpxl's own published figures: the time of ``infer`` alone (best of ``--repeat``),
the number of scorings it made, and the figures it reproduced.

    python bench/inference_bench.py [--repeat 5]
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import time
from pathlib import Path

from mpxl.core.conventions import detect, find
from mpxl.core.event import Event, Line
from mpxl.core.inference import infer
from mpxl.core.options import ScoringOptions
from mpxl.core.session import score_event
from mpxl.formats import read_event

SCORES = (-200, -100, -50, 50, 90, 110, 120, 140, 400, 420, 450, 600)


def generated(tables: int, boards: int, sections: int, short: int, seed: int = 1) -> Event:
    """A club event scored and carrying its own figures as published ones."""
    rnd = random.Random(seed)
    lines = []
    for sec in "ABCDEFGH"[:sections]:
        for b in range(1, boards + 1):
            pairs = [str(p) for p in range(1, 2 * tables + 1)]
            rnd.shuffle(pairs)
            lines += [Line(b, pairs[2 * t], pairs[2 * t + 1], sec, score=rnd.choice(SCORES)) for t in range(tables)]
    for _ in range(short):
        lines.pop(rnd.randrange(len(lines)))
    event = Event(lines=lines, winners={s: 1 for s in "ABCDEFGH"[:sections]})
    result = score_event(event, ScoringOptions.parse(rounding="1"))
    for bd in result.boards:
        for sl in bd.lines:
            sl.line.published_ns_mp = None if sl.ns_mp is None else float(sl.ns_mp)
            sl.line.published_ew_mp = None if sl.ew_mp is None else float(sl.ew_mp)
    return event


def timed(event: Event, base: ScoringOptions, repeat: int) -> tuple:
    best = float("inf")
    for _ in range(repeat):
        t = time.perf_counter()
        found = infer(event, base)
        best = min(best, time.perf_counter() - t)
    return best, found


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--repeat", type=int, default=5)
    args = p.parse_args(argv)
    realdata = Path(os.environ.get("MPXL_REALDATA") or Path(__file__).resolve().parents[2] / "shared" / "realdata")
    cases = [(f.name, read_event(f)) for f in sorted(realdata.glob("*.xml")) + sorted(realdata.glob("*.pbn"))]
    for tables, boards, sections, short in ((6, 27, 1, 3), (12, 26, 1, 5), (10, 24, 2, 4), (22, 30, 2, 10)):
        ev = generated(tables, boards, sections, short)
        cases.append((f"generated {sections} x {tables} tables, {boards} boards, {len(ev.lines)} lines", ev))
    print(f"{'event':<58} {'lines':>6} {'ms':>7} {'scorings':>8} {'figures':>11}")
    for name, ev in cases:
        base = detect(ev).options() if ev.program else find("generic").options()
        seconds, found = timed(ev, base, args.repeat)
        print(f"{name:<58} {len(ev.lines):>6} {seconds * 1000:>7.1f} {found.scorings:>8} "
              f"{found.agree:>5}/{found.total:<5}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
