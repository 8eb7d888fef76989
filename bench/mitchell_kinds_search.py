#!/usr/bin/env python3
"""Why the even hesitation Mitchell shares a table's boards: integer programs (scipy's HiGHS) over every way of
seating its moving pairs, for the two layouts of its boards (``mpxl/core/movement_kinds.py``, ``hesitation``).

T tables, T+1 rounds and board sets; NS pairs 1 to T-1 stationary; T+1 moving pairs fill T+1 seats each round
(EW at tables 1 to T, NS at table T). The boards move down a place each round round T+1 places:

* ``one-relay``: the T tables and a relay after table K (Blandon's layout; odd T takes K = (T-1)/2);
* ``shared``: tables 1 and T at one place (sharing), two relays after table T/2 (the EBU's even layout).

The program chooses where each moving pair sits each round, free of any rotation: each seat one pair, each pair
every stationary table's EW seat once (so it meets each stationary pair once), every set once, and no two
moving pairs meeting twice at table T. It prints whether such a seating exists. With T even, ``one-relay``
is infeasible for every K (8 tables: no seating at all, proven by HiGHS in 0.1-0.3 s for each K; 12 tables in
1-15 s each), while ``shared`` is feasible: HiGHS finds a seating for 8 tables in 0.1 s, and the movement mpxl
offers is one for every even T (for 12 tables HiGHS does not find one within a minute). With T odd,
``one-relay`` is feasible where Blandon puts the relay (7 tables: K = 3; K = 0, 1, 2 are not). Usage:
    python bench/mitchell_kinds_search.py one-relay 8 SECONDS
    python bench/mitchell_kinds_search.py shared 8 SECONDS
"""

from __future__ import annotations

import sys
import time

import numpy as np
from scipy.optimize import Bounds, LinearConstraint, milp
from scipy.sparse import lil_matrix


def places(tables: int, layout: str, after: int) -> dict[int, int]:
    """Each table's place (from 0) on the boards' round of T+1 places."""
    t = tables
    if layout == "shared":
        h = t // 2
        return {x: x - 1 for x in range(1, h + 1)} | {x: x + 1 for x in range(h + 1, t)} | {t: 0}
    return {x: x - 1 if x <= after else x for x in range(1, t + 1)}


def seating_exists(tables: int, place: dict[int, int], seconds: float) -> bool | None:
    """Whether the moving pairs can be seated (None: HiGHS ran out of time)."""
    t, n = tables, tables + 1
    table_of = list(range(1, t + 1)) + [t]  # seats 0..T-1: EW at table 1..T; seat T: NS at table T
    x = {(q, r, s): (q * n + r) * n + s for q in range(n) for r in range(n) for s in range(n)}
    base = len(x)
    keys = [(q, p, r) for q in range(n) for p in range(n) for r in range(n) if q != p]
    meet = {k: base + i for i, k in enumerate(keys)}
    rows: list[list[tuple[int, float]]] = []
    low: list[float] = []
    high: list[float] = []

    def row(cols: list[tuple[int, float]], lo: float, hi: float) -> None:
        rows.append(cols)
        low.append(lo)
        high.append(hi)

    for r in range(n):
        for s in range(n):
            row([(x[(q, r, s)], 1) for q in range(n)], 1, 1)
        for q in range(n):
            row([(x[(q, r, s)], 1) for s in range(n)], 1, 1)
    for q in range(n):
        for s in range(t - 1):
            row([(x[(q, r, s)], 1) for r in range(n)], 1, 1)
        for b in range(n):
            row([(x[(q, r, s)], 1) for r in range(n) for s in range(n) if (place[table_of[s]] + r) % n == b], 1, 1)
    for (q, p, r), v in meet.items():  # meet >= (q EW at table T) and (p NS at table T)
        row([(x[(q, r, t - 1)], 1), (x[(p, r, t)], 1), (v, -1)], -np.inf, 1)
    for q in range(n):
        for p in range(q + 1, n):
            row([(meet[(q, p, r)], 1) for r in range(n)] + [(meet[(p, q, r)], 1) for r in range(n)], -np.inf, 1)
    a = lil_matrix((len(rows), base + len(meet)))
    for i, cols in enumerate(rows):
        for c, v in cols:
            a[i, c] = v
    lb = np.zeros(base + len(meet))
    for q in range(n):  # round 1 as any seating: the pairs named by their first seat
        lb[x[(q, 0, q)]] = 1
    res = milp(np.zeros(len(lb)), constraints=LinearConstraint(a.tocsr(), low, high), integrality=np.ones(len(lb)),
               bounds=Bounds(lb, np.ones(len(lb))), options={"time_limit": seconds, "disp": False})
    if res.status == 2:
        return False
    return True if res.x is not None else None


def main() -> None:
    if len(sys.argv) != 4 or sys.argv[1] not in ("one-relay", "shared"):
        raise SystemExit("usage: mitchell_kinds_search.py one-relay|shared TABLES SECONDS")
    layout, tables, seconds = sys.argv[1], int(sys.argv[2]), float(sys.argv[3])
    for after in (range(0, tables + 1) if layout == "one-relay" else [tables // 2]):
        start = time.perf_counter()
        found = seating_exists(tables, places(tables, layout, after), seconds)
        said = {True: "a seating exists", False: "no seating exists", None: "not settled in the time"}[found]
        where = f", the relay after table {after}" if layout == "one-relay" else ""
        print(f"{tables} tables, {layout}{where}: {said} ({time.perf_counter() - start:.1f} s)", flush=True)


if __name__ == "__main__":
    main()
