#!/usr/bin/env python3
"""How the appendix Mitchells' schedules (``mpxl/core/mitchell_layouts.py``) are searched for: integer programs
(scipy's HiGHS). (The hesitation Mitchell is the published one, built in ``mpxl/core/movement_kinds.py``.)

* ``appendix N A``: a Mitchell of N tables (N odd; N rounds, N sets, NS pairs stationary, set of base
  table t in round r: t + r) and A appended tables, table N+k playing the set of base table k (shared,
  or a copy for a web). The program chooses where each EW pair sits each round: each table one EW pair,
  no EW pair at a table (so against its NS pair) twice, none on a set twice.

Prints each schedule as the module keeps it (a word per round). Usage:
    PYTHONPATH=. python bench/mitchell_kinds_search.py appendix 13 1 13 SECONDS
"""

from __future__ import annotations

import sys
import time

import numpy as np
from scipy.optimize import Bounds, LinearConstraint, milp
from scipy.sparse import lil_matrix

ALPHABET = "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"


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
    if sys.argv[1:2] != ["appendix"]:
        raise SystemExit("usage: mitchell_kinds_search.py appendix BASE LOW HIGH SECONDS")
    base, low, high, seconds = int(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4]), float(sys.argv[5])
    for a in range(low, high + 1):
        start = time.perf_counter()
        seats = appendix(base, a, seconds)
        took = time.perf_counter() - start
        words = None if seats is None else " ".join("".join(ALPHABET[e] for e in row) for row in seats)
        print(f"appendix {base} {a} {took:.1f}s {words!r}", flush=True)


if __name__ == "__main__":
    main()
