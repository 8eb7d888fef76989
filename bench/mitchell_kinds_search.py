#!/usr/bin/env python3
"""How the schedules of ``mpxl/core/mitchell_kinds.py`` were found: integer programs (scipy's HiGHS).

* ``hesitation T``: the pairs 1..2T move round one loop of seats, NS up the tables and EW back down,
  each one seat a round, so a pair reaching table T (or table 1) stays a round and turns (hesitates);
  in T rounds each pair meets every pair of the other parity once. The program chooses the board set
  of each table each round (T sets, each round a permutation) so that no pair plays a set twice.
* ``appendix N A``: a Mitchell of N tables (N odd; N rounds, N sets, NS pairs stationary, set of base
  table t in round r: t + r) and A appended tables, table N+k playing the set of base table k (shared,
  or a copy for a web). The program chooses where each EW pair sits each round: each table one EW pair,
  no EW pair at a table (so against its NS pair) twice, none on a set twice.

Prints each schedule as the module keeps it (a word per round). Usage:
    PYTHONPATH=. python bench/mitchell_kinds_search.py hesitation 4 15 SECONDS
    PYTHONPATH=. python bench/mitchell_kinds_search.py appendix 13 1 13 SECONDS
"""

from __future__ import annotations

import sys
import time

import numpy as np
from scipy.optimize import Bounds, LinearConstraint, milp
from scipy.sparse import lil_matrix

ALPHABET = "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"


def loop_seat(i: int, tables: int) -> tuple[int, str]:
    """Seat ``i`` (0..2T-1) of the hesitation loop: NS at tables 1..T, then EW at tables T..1."""
    return (i + 1, "NS") if i < tables else (2 * tables - i, "EW")


def loop_pairs(tables: int, r: int) -> dict[tuple[int, str], int]:
    """Round ``r`` (from 0) of the loop: the pair (from 0) in each (table, direction)."""
    return {loop_seat((p + r) % (2 * tables), tables): p for p in range(2 * tables)}


def _solve(n: int, rows: list[list[int]], low: list[float], high: list[float], fixed: list[int],
           seconds: float) -> np.ndarray | None:
    a = lil_matrix((len(rows), n))
    for i, cols in enumerate(rows):
        for c in cols:
            a[i, c] = 1
    lb = np.zeros(n)
    for c in fixed:
        lb[c] = 1
    res = milp(np.zeros(n), constraints=LinearConstraint(a.tocsr(), low, high), integrality=np.ones(n),
               bounds=Bounds(lb, np.ones(n)), options={"time_limit": seconds, "disp": False})
    print(f"  HiGHS: {res.message}", flush=True)
    return None if res.x is None else np.round(res.x)


def hesitation(tables: int, seconds: float) -> list[list[int]] | None:
    """The set (from 0) of each table each round, or None."""
    t = tables
    var = {(r, x, s): (r * t + x) * t + s for r in range(t) for x in range(t) for s in range(t)}
    rows: list[list[int]] = []
    for r in range(t):
        rows += [[var[(r, x, s)] for s in range(t)] for x in range(t)]
        rows += [[var[(r, x, s)] for x in range(t)] for s in range(t)]
    cells: dict[int, list[tuple[int, int]]] = {}
    for r in range(t):
        for (table, _), p in loop_pairs(t, r).items():
            cells.setdefault(p, []).append((r, table - 1))
    for where in cells.values():
        rows += [[var[(r, x, s)] for r, x in where] for s in range(t)]
    fixed = [var[(0, x, x)] for x in range(t)]
    sol = _solve(len(var), rows, [1.0] * len(rows), [1.0] * len(rows), fixed, seconds)
    if sol is None:
        return None
    return [[next(s for s in range(t) if sol[var[(r, x, s)]]) for x in range(t)] for r in range(t)]


def appendix(base: int, extra: int, seconds: float) -> list[list[int]] | None:
    """The EW pair (from 0) at each table each round, or None."""
    n, t = base, base + extra
    sigma = list(range(n)) + list(range(extra))
    var = {(e, r, x): (e * n + r) * t + x for e in range(t) for r in range(n) for x in range(t)}
    rows: list[list[int]] = []
    high: list[float] = []
    for r in range(n):
        rows += [[var[(e, r, x)] for e in range(t)] for x in range(t)]
        rows += [[var[(e, r, x)] for x in range(t)] for e in range(t)]
        high += [1.0] * (2 * t)
    for e in range(t):
        rows += [[var[(e, r, x)] for r in range(n)] for x in range(t)]
        high += [1.0] * t
        rows += [[var[(e, r, x)] for r in range(n) for x in range(t) if (sigma[x] + r) % n == s] for s in range(n)]
        high += [1.0] * n
    low = [1.0] * (2 * t * n) + [0.0] * (len(rows) - 2 * t * n)
    fixed = [var[(e, 0, e)] for e in range(t)]
    sol = _solve(len(var), rows, low, high, fixed, seconds)
    if sol is None:
        return None
    return [[next(e for e in range(t) if sol[var[(e, r, x)]]) for x in range(t)] for r in range(n)]


def main() -> None:
    what = sys.argv[1]
    if what == "hesitation":
        low, high, seconds = int(sys.argv[2]), int(sys.argv[3]), float(sys.argv[4])
        for t in range(low, high + 1):
            start = time.perf_counter()
            sets = hesitation(t, seconds)
            took = time.perf_counter() - start
            words = None if sets is None else " ".join("".join(ALPHABET[s] for s in row) for row in sets)
            print(f"hesitation {t} {took:.1f}s {words!r}", flush=True)
    else:
        base, low, high, seconds = int(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4]), float(sys.argv[5])
        for a in range(low, high + 1):
            start = time.perf_counter()
            seats = appendix(base, a, seconds)
            took = time.perf_counter() - start
            words = None if seats is None else " ".join("".join(ALPHABET[e] for e in row) for row in seats)
            print(f"appendix {base} {a} {took:.1f}s {words!r}", flush=True)


if __name__ == "__main__":
    main()
