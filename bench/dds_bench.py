"""Time mpxl's double-dummy analysis of a board set against endplay's own batch solve of the same
deals, and against DDS solving them one at a time, in the same process (issue 48: within 1.2x of
the batch):

- ``mpxl``: :func:`mpxl.formats.solver.solve` on mpxl's deals (its cache emptied first): each deal checked
  (52 cards, none twice) and handed to endplay,
  ``calc_all_tables`` (DDS's threads on every core), each board's :class:`~mpxl.core.analysis.Analysis`
  made, its par worked out by mpxl's scoring;
- ``endplay``: ``endplay.dds.calc_all_tables`` on the same deals, already endplay's (no par);
- ``alone``: ``endplay.dds.calc_dd_table`` on each deal in turn (DDS's one-deal call: one thread a
  deal), what a solver without the batch would cost.

Wall seconds (the solver runs on every core) and CPU seconds, best of ``--repeat`` runs, in turns
(which one goes first rotates, so none always finds the machine warm). The trick counts are checked
equal. The deals are random (a fixed seed), dealt here, as any dealing program would, or with
``--file`` those of a results file that ``mpxl check`` solves (the boards it brings an analysis
for). Needs endplay (the ``dds`` extra). The machine is shared: the ratios, measured in turns, are
the figures; the seconds swing with the load.

    python bench/dds_bench.py                  # 32 boards, best of 3
    python bench/dds_bench.py --boards 32 --repeat 5 --json
    python bench/dds_bench.py --file ../shared/realdata/magiccontest-ffb-final-2022-session1.pbn
"""

from __future__ import annotations

import argparse
import json
import os
import random
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path[:0] = [str(HERE.parent)]  # this checkout's mpxl

from mpxl.core.analysis import Analysis  # noqa: E402
from mpxl.core.event import Deal  # noqa: E402
from mpxl.formats.solver import forget, solve  # noqa: E402

RANKS = "AKQJT98765432"
CARDS = [(suit, rank) for suit in range(4) for rank in RANKS]


def deals(boards: int, seed: int) -> list[Deal]:
    """``boards`` random deals (a shuffle of the 52 cards each), seeded."""
    rng = random.Random(seed)
    out = []
    for board in range(1, boards + 1):
        cards = CARDS[:]
        rng.shuffle(cards)
        held = [set(cards[13 * h:13 * h + 13]) for h in range(4)]
        hands = tuple(".".join("".join(r for r in RANKS if (suit, r) in hand) for suit in range(4)) for hand in held)
        out.append(Deal(board, hands))
    return out


def file_deals(path: str) -> list[Deal]:
    """The deals of a results file that ``mpxl check`` solves: those it brings an analysis for."""
    from mpxl.formats import read_event

    event = read_event(path)
    return [event.deals[b] for b in sorted(event.analyses) if b in event.deals]


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--boards", type=int, default=32)
    ap.add_argument("--file", help="the deals of this results file that mpxl check solves, not random ones")
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--seed", type=int, default=48)
    ap.add_argument("--json", action="store_true", help="the figures as JSON on stdout")
    args = ap.parse_args(argv)
    import endplay.dds
    import endplay.types

    made = file_deals(args.file) if args.file else deals(args.boards, args.seed)
    theirs = [endplay.types.Deal(d.to_pbn()) for d in made]
    names = ("mpxl", "endplay", "alone")
    wall: dict[str, list[float]] = {k: [] for k in names}
    cpu: dict[str, list[float]] = {k: [] for k in names}
    mine: dict[int, Analysis] = {}
    tables: list[list[list[int]]] = []
    alone: list[list[list[int]]] = []
    for run in range(args.repeat):
        for who in names[run % 3:] + names[:run % 3]:
            start, start_cpu = time.perf_counter(), time.process_time()
            if who == "mpxl":
                forget()  # solved afresh each run: the solver timed, not the process's cache
                mine = solve(made)
            elif who == "endplay":
                tables = [t.to_list(player_major=True) for t in endplay.dds.calc_all_tables(theirs)]
            else:
                alone = [endplay.dds.calc_dd_table(d).to_list(player_major=True) for d in theirs]
            wall[who].append(time.perf_counter() - start)
            cpu[who].append(time.process_time() - start_cpu)
    for deal, table, one in zip(made, tables, alone):
        rows = [(r[4], r[0], r[1], r[2], r[3]) for r in table]
        assert list(mine[deal.board].tricks) == rows, f"board {deal.board}: the trick counts differ"
        assert table == one, f"board {deal.board}: the batch and the one-deal call differ"
    best = {k: min(v) for k, v in wall.items()}
    best_cpu = {k: min(v) for k, v in cpu.items()}
    ratio, alone_ratio = best["mpxl"] / best["endplay"], best["alone"] / best["mpxl"]
    figures = {"boards": len(made), "file": args.file, "repeat": args.repeat,
               **{f"{k}_s": round(best[k], 3) for k in names}, **{f"{k}_cpu_s": round(best_cpu[k], 3) for k in names},
               "ratio": round(ratio, 3), "alone_ratio": round(alone_ratio, 3), "load": os.getloadavg()[0],
               "runs": {k: [round(x, 3) for x in v] for k, v in wall.items()}}
    print(f"{len(made)} boards, best of {args.repeat}: mpxl {best['mpxl']:.3f} s ({best_cpu['mpxl']:.3f} s CPU), "
          f"endplay calc_all_tables {best['endplay']:.3f} s: ratio {ratio:.3f} (goal <= 1.2); one deal a call "
          f"{best['alone']:.3f} s ({best_cpu['alone']:.3f} s CPU): {alone_ratio:.2f}x mpxl's; trick counts equal; "
          f"load average {os.getloadavg()[0]:.2f}", file=sys.stderr)
    if args.json:
        print(json.dumps(figures))
    return 0

if __name__ == "__main__":
    sys.exit(main())
