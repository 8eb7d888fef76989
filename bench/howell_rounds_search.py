"""How mpxl.core.howell_rounds.HOWELL_ROUNDS was found: Howells of T tables cut to R rounds.

The pairs meet as in R rounds of the complete Howell (mpxl.core.movement.HOWELL_STARTS), so no two pairs
meet twice. The boards are new: S board sets, each played T*R/S times, every table on its own set in a
round, no pair on a set twice. The best is S = max(T, R), each set played min(T, R) times (for R >= T
each pair then plays every set once: a Howell design H(R, 2T); none exists for H(5, 8), so a 4-table
Howell of 5 rounds has no such layout). With the first R rounds kept, S = max(T, R) is often
impossible (HiGHS proves it for T=4, R=4 and 5; T=5, R=4; T=7, R=7), so the search also chooses which
R of the 2T-1 rounds to keep, and when S = max(T, R) is not found in the time given it tries more sets
(S dividing T*R, at most 2R), each played fewer times.
Sets and rounds by an integer program (scipy.optimize.milp), then each cell's direction by hill climbing
to the smallest spread of the comparisons (two pairs on one set in the same direction, so at different
tables), pair 2T's comparisons included. Prints "T R seconds (spread, S, rounds, cells)", as
mpxl.core.howell_rounds keeps them (there only those with each set played 3 times or more, spread <= 3).
Seeded, but HiGHS's time limit makes a run depend on the machine's speed: the tests verify what is kept.
Usage: PYTHONPATH=. python bench/howell_rounds_search.py 4 10 SECONDS_EACH
"""

from __future__ import annotations

import random
import sys
import time
from itertools import combinations

import numpy as np
from scipy.optimize import Bounds, LinearConstraint, milp
from scipy.sparse import lil_matrix

from mpxl.core.howell_rounds import ALPHABET
from mpxl.core.movement import meetings


def sets_for(tables: int, rounds: int, s_count: int, seconds: float) -> tuple[list[int], list[list[int]]] | None:
    """Rounds of the complete Howell (R of 2T-1, round 1 among them) and a set per (round, table):
    distinct in a round, each played T*R/S times, no pair on a set twice; an integer program
    (scipy's HiGHS), None if none is found in ``seconds``."""
    n = 2 * tables - 1
    meet = meetings(tables, n)
    k = tables * rounds // s_count

    def idx(r: int, t: int, s: int) -> int:
        return (r * tables + t) * s_count + s

    nv = n * tables * s_count + n
    cons: list[tuple[list[int], list[int], int, int]] = []
    for r in range(n):
        for t in range(tables):
            cons.append(([idx(r, t, s) for s in range(s_count)] + [nv - n + r], [1] * s_count + [-1], 0, 0))
        for s in range(s_count):
            cons.append(([idx(r, t, s) for t in range(tables)], [1] * tables, 0, 1))
    for s in range(s_count):
        cols = [idx(r, t, s) for r in range(n) for t in range(tables)]
        cons.append((cols, [1] * len(cols), k, k))
    for p in range(2 * tables):
        cells = [(r, t) for r in range(n) for t in range(tables) if p in meet[r][t]]
        for s in range(s_count):
            cons.append(([idx(r, t, s) for r, t in cells], [1] * len(cells), 0, 1))
    cons.append((list(range(nv - n, nv)), [1] * n, rounds, rounds))
    a = lil_matrix((len(cons), nv))
    for i, (cols, coef, _, _) in enumerate(cons):
        for c, v in zip(cols, coef):
            a[i, c] = v
    low = np.zeros(nv)
    low[nv - n] = 1
    for t in range(tables):
        low[idx(0, t, t)] = 1
    res = milp(np.random.default_rng(tables * 100 + rounds).random(nv),
               constraints=LinearConstraint(a.tocsr(), [c[2] for c in cons], [c[3] for c in cons]),
               integrality=np.ones(nv), bounds=Bounds(low, np.ones(nv)), options={"time_limit": seconds})
    if res.x is None:
        return None
    chosen = [r for r in range(n) if res.x[nv - n + r] > 0.5]
    x = res.x[: nv - n].reshape(n, tables, s_count)
    return chosen, [[int(np.argmax(x[r, t])) for t in range(tables)] for r in chosen]


def comparisons(tables: int, meet: list[list[tuple[int, int]]], grid: list[list[int]],
                flips: list[list[bool]]) -> list[int]:
    """For every two pairs, the number of sets both play in the same direction."""
    seat: dict[int, dict[int, int]] = {}
    for r, row in enumerate(meet):
        for t, (ns, ew) in enumerate(row):
            if flips[r][t]:
                ns, ew = ew, ns
            seat.setdefault(ns, {})[grid[r][t]] = 0
            seat.setdefault(ew, {})[grid[r][t]] = 1
    return [sum(1 for s, d in seat[a].items() if seat[b].get(s) == d) for a, b in combinations(range(2 * tables), 2)]


def spread(tables: int, meet: list[list[tuple[int, int]]], grid: list[list[int]], flips: list[list[bool]]) -> int:
    """Max - min over every two pairs of the number of sets both play in the same direction."""
    counts = comparisons(tables, meet, grid, flips)
    return max(counts) - min(counts)


def badness(tables: int, meet: list[list[tuple[int, int]]], grid: list[list[int]], flips: list[list[bool]]) -> float:
    """The spread, ties broken by the comparisons' sum of squares (a slope for the climb)."""
    counts = comparisons(tables, meet, grid, flips)
    return (max(counts) - min(counts)) * 1e6 + sum(c * c for c in counts)


def orient(tables: int, chosen: list[int], grid: list[list[int]], rng: random.Random) -> tuple[int, list[list[bool]]]:
    """Hill-climb each cell's direction to the smallest spread (from a random start)."""
    meet = [meetings(tables, 2 * tables - 1)[r] for r in chosen]
    rounds = len(chosen)
    flips = [[rng.random() < 0.5 for _ in range(tables)] for _ in range(rounds)]
    cur, improved = badness(tables, meet, grid, flips), True
    while improved:
        improved = False
        for r in range(rounds):
            for t in range(tables):
                flips[r][t] = not flips[r][t]
                v = badness(tables, meet, grid, flips)
                if v < cur:
                    cur, improved = v, True
                else:
                    flips[r][t] = not flips[r][t]
    return spread(tables, meet, grid, flips), flips


def search(tables: int, rounds: int, seconds: float, seed: int = 1) -> tuple[int, int, tuple[int, ...], str] | None:
    """The fewest board sets S (from max(T, R), dividing T*R, at most 2R) for which sets are found in
    ``seconds``, then the directions with the smallest spread of 20 climbs: (spread, S, rounds, cells)."""
    rng = random.Random(seed * 1000 + tables * 100 + rounds)
    sizes = [s for s in range(max(tables, rounds), 2 * rounds + 1)
             if tables * rounds % s == 0 and 2 * s <= len(ALPHABET)]
    for s_count in sizes:
        found = sets_for(tables, rounds, s_count, seconds)
        if found is None:
            continue
        chosen, grid = found
        best = None
        for _ in range(20):
            cur, flips = orient(tables, chosen, grid, rng)
            if best is None or cur < best[0]:
                cells = " ".join("".join(ALPHABET[s + s_count * f] for s, f in zip(grid[r], flips[r]))
                                 for r in range(rounds))
                best = (cur, s_count, tuple(chosen), cells)
            if cur <= 1:
                break
        return best
    return None


if __name__ == "__main__":
    for size in range(int(sys.argv[1]), int(sys.argv[2]) + 1):
        for count in range(size - 1, 2 * size - 1):
            start = time.time()
            found = search(size, count, float(sys.argv[3]))
            print(f"{size} {count} {round(time.time() - start, 2)} {found}", flush=True)
