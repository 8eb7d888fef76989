"""The inference's bound under issue 34's settings: how many scorings it takes to find each setting from
generic defaults, at a club's size and at 300,000 lines.

A generated club event (boards of 10 tables, one line in a hundred dropped, one in two hundred an A6040) is
scored under each setting, its figures kept as the published ones, and the settings are inferred from
``ScoringOptions()``; printed per setting and size: the lines, the scorings the search took, whether every
figure was reproduced, the seconds. The search's bound is the number of scorings (one setting at a time;
more than one start only for events of at most ``inference.SMALL_EVENT`` lines), so it should not grow with
the event.

    python bench/inference_bound.py                      # 2,970 lines
    python bench/inference_bound.py --boards 2970        # 297,000 lines (minutes)
"""

from __future__ import annotations

import argparse
import random
import time

from mpxl.core.event import Event, Line
from mpxl.core.inference import infer
from mpxl.core.options import ScoringOptions
from mpxl.core.session import score_event

#: The settings measured, as ``ScoringOptions.parse`` takes them (issue 34's, and a plain one to compare).
SETTINGS = (
    {"rounding": "2"},
    {"scale": "percent", "rounding": "2"},
    {"scale": "percent", "rounding": "2", "unplayed": "ave-plus"},
    {"scale": "percent", "rounding": "1", "rounding_order": "matchpoints-first"},
    {"rounding": "1", "mixed_line": "own"},
)

SCORES = (-1100, -800, -650, -620, -600, -500, -300, -200, -170, -140, -120, -110, -100, -50, 50, 90, 100,
          110, 120, 140, 170, 200, 300, 420, 450, 500, 620, 650, 800, 1100)


def published(boards: int, words: dict[str, str], seed: int = 1) -> Event:
    """A one-section event of ``boards`` boards of 10 tables, scored under ``words``, carrying its figures."""
    rnd = random.Random(seed)
    lines = []
    for b in range(1, boards + 1):
        pairs = [str(p) for p in range(1, 21)]
        rnd.shuffle(pairs)
        lines += [Line(b, pairs[2 * t], pairs[2 * t + 1], "", score=rnd.choice(SCORES)) for t in range(10)]
    for _ in range(len(lines) // 100):
        lines.pop(rnd.randrange(len(lines)))
    for i in rnd.sample(range(len(lines)), len(lines) // 200):
        lines[i].score = "A6040"
    event = Event(lines=lines, winners={"": 1})
    for bd in score_event(event, ScoringOptions.parse(**words)).boards:
        for sl in bd.lines:
            sl.line.published_ns_mp = None if sl.ns_mp is None else float(sl.ns_mp)
            sl.line.published_ew_mp = None if sl.ew_mp is None else float(sl.ew_mp)
    return event


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--boards", type=int, default=297, help="boards of 10 tables (297: 2,970 lines)")
    args = ap.parse_args()
    print("| published with | lines | scorings | every figure | seconds |")
    print("| --- | ---: | ---: | --- | ---: |")
    for words in SETTINGS:
        event = published(args.boards, words)
        t = time.perf_counter()
        found = infer(event, ScoringOptions())
        took = time.perf_counter() - t
        said = ", ".join(f"{k} {v}" for k, v in words.items())
        print(f"| {said} | {len(event.lines):,} | {found.scorings} | {found.agree == found.total} | {took:.1f} |",
              flush=True)


if __name__ == "__main__":
    main()
