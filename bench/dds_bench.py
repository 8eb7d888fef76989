"""Time mpxl's double-dummy analysis of a board set against endplay's own batch solve of the same
deals, in the same process (issue 48: within 1.2x):

- ``mpxl``: :func:`mpxl.formats.solver.solve` on mpxl's deals (its cache emptied first): each deal checked
  (52 cards, none twice) and handed to endplay,
  ``calc_all_tables`` (DDS's threads on every core), each board's :class:`~mpxl.core.analysis.Analysis`
  made, its par worked out by mpxl's scoring;
- ``endplay``: ``endplay.dds.calc_all_tables`` on the same deals, already endplay's (no par).

Wall seconds (the solver runs on every core), best of ``--repeat`` runs, the two in turns (which one
goes first alternates, so neither always finds the machine warm). The trick counts are checked equal.
The deals are random (a fixed seed), dealt here, as any dealing program would. Needs endplay (the
``dds`` extra). The machine is shared: the ratio, measured in turns, is the figure; the seconds swing.

    python bench/dds_bench.py                  # 32 boards, best of 3
    python bench/dds_bench.py --boards 32 --repeat 5 --json
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path[:0] = [str(HERE.parent)]  # this checkout's mpxl

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


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--boards", type=int, default=32)
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--seed", type=int, default=48)
    ap.add_argument("--json", action="store_true", help="the figures as JSON on stdout")
    args = ap.parse_args(argv)
    import endplay.dds
    import endplay.types

    made = deals(args.boards, args.seed)
    theirs = [endplay.types.Deal(d.to_pbn()) for d in made]
    times: dict[str, list[float]] = {"mpxl": [], "endplay": []}
    mine: dict[int, object] = {}
    tables = None
    for run in range(args.repeat):
        order = ("mpxl", "endplay") if run % 2 == 0 else ("endplay", "mpxl")
        for who in order:
            start = time.perf_counter()
            if who == "mpxl":
                forget()  # solved afresh each run: the solver timed, not the process's cache
                mine = solve(made)
            else:
                tables = endplay.dds.calc_all_tables(theirs)
            times[who].append(time.perf_counter() - start)
    assert tables is not None
    for deal, table in zip(made, tables):
        rows = [(r[4], r[0], r[1], r[2], r[3]) for r in table.to_list(player_major=True)]
        assert list(mine[deal.board].tricks) == rows, f"board {deal.board}: the trick counts differ"  # type: ignore[attr-defined]
    best = {k: min(v) for k, v in times.items()}
    ratio = best["mpxl"] / best["endplay"]
    figures = {"boards": args.boards, "repeat": args.repeat, "mpxl_s": round(best["mpxl"], 3),
               "endplay_s": round(best["endplay"], 3), "ratio": round(ratio, 3),
               "runs": {k: [round(x, 3) for x in v] for k, v in times.items()}}
    print(f"{args.boards} boards, best of {args.repeat}: mpxl {best['mpxl']:.3f} s, endplay calc_all_tables "
          f"{best['endplay']:.3f} s: ratio {ratio:.3f} (goal <= 1.2); trick counts equal", file=sys.stderr)
    if args.json:
        print(json.dumps(figures))
    return 0


if __name__ == "__main__":
    sys.exit(main())
