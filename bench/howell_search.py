"""How mpxl.core.movement.HOWELL_STARTS was found: balanced complete Howells for T tables.

A cyclic Howell is a Room square of side n = 2T-1 from a starter (T-1 pairs of positions of Z_n whose
differences cover every nonzero residue once, and one position with pair 2T) and an adder (a board set
per table, all different, such that no pair meets a set twice). Random starters and adders; then each
table's direction is flipped by hill climbing to make the comparisons nearly equal: pair 0's NS sets
form a +/-1 sequence D, and two pairs d apart are compared (n + A(d)) / 2 times where A is D's cyclic
autocorrelation; pair 2T is compared T-1 times with every pair. Prints T, the spread (max - min) and
the rows (ns, ew, first set; None: pair 2T). Usage: python bench/howell_search.py 4 15 SECONDS_EACH
The tests check what is kept. A ±1 sequence of odd length n has A(d) = n mod 4, and the A(d) average -1:
for even T (n = 3 mod 4) a spread under 4 needs every A(d) = -1, a cyclic Hadamard difference set, which
exists for n = 7, 11, 15, 19, 23 (spread 0 found) but not 27: no 14-table Howell of this family is
balanced within 2 (330 s of search gave 4), so 14 tables are not offered. For odd T the best is 2.
"""

from __future__ import annotations

import random
import sys
import time

Rows = list[tuple[int | None, int, int]]


def starter(n: int, rng: random.Random) -> tuple[int, list[tuple[int, int]]] | None:
    """Pairs of Z_n less one position z whose differences +-(x - y) cover every nonzero residue once."""
    for _ in range(10000):
        z = rng.randrange(n)
        unused, diffs, pairs = set(range(n)) - {z}, set(range(1, n)), []
        while unused:
            x = min(unused)
            cand = [y for y in unused if y != x and (y - x) % n in diffs]
            if not cand:
                break
            y = rng.choice(cand)
            d = (y - x) % n
            diffs -= {d, (n - d) % n}
            unused -= {x, y}
            pairs.append((x, y))
        else:
            return z, pairs
    return None


def adder(n: int, z: int, pairs: list[tuple[int, int]], rng: random.Random) -> tuple[int, list[int]] | None:
    """A first board set per table, all different, no pair meeting a set twice (backtracking)."""
    order = list(range(len(pairs)))
    rng.shuffle(order)
    for _ in range(200):
        sz = rng.randrange(n)
        used_s, used_v, sol = {sz}, {(sz - z) % n}, {}

        def fill(i: int, used_s: set[int] = used_s, used_v: set[int] = used_v, sol: dict[int, int] = sol) -> bool:
            if i == len(order):
                return True
            x, y = pairs[order[i]]
            cands = list(range(n))
            rng.shuffle(cands)
            for s in cands:
                a, b = (s - x) % n, (s - y) % n
                if s in used_s or a in used_v or b in used_v:
                    continue
                used_s.add(s)
                used_v.update((a, b))
                sol[order[i]] = s
                if fill(i + 1):
                    return True
                used_s.discard(s)
                used_v -= {a, b}
            return False

        if fill(0):
            return sz, [sol[i] for i in range(len(pairs))]
    return None


def spread(n: int, ns_sets: set[int]) -> int:
    """Max - min of the comparisons, pair 2T's (T - 1) included."""
    t = (n + 1) // 2
    d = [1 if k in ns_sets else -1 for k in range(n)]
    counts = [t - 1] + [(n + sum(d[k] * d[(k - p) % n] for k in range(n))) // 2 for p in range(1, n)]
    return max(counts) - min(counts)


def orient(n: int, opts: list[tuple[int, int]], rng: random.Random) -> tuple[int, list[bool]]:
    """Hill-climb the tables' directions (flip: the EW pair sits NS) to the smallest spread."""
    flips = [rng.random() < 0.5 for _ in opts]

    def value(fl: list[bool]) -> int:
        return spread(n, {o[1] if f else o[0] for o, f in zip(opts, fl)})

    cur, improved = value(flips), True
    while improved:
        improved = False
        for i in range(len(flips)):
            flips[i] = not flips[i]
            v = value(flips)
            if v < cur:
                cur, improved = v, True
            else:
                flips[i] = not flips[i]
    return cur, flips


def search(tables: int, seconds: float, seed: int = 1) -> tuple[int, Rows] | None:
    n, rng, best, t0 = 2 * tables - 1, random.Random(seed), None, time.time()
    while time.time() - t0 < seconds:
        st = starter(n, rng)
        ad = adder(n, *st, rng) if st else None
        if st is None or ad is None:
            continue
        (z, pairs), (sz, ss) = st, ad
        cur, flips = orient(n, [((s - x) % n, (s - y) % n) for (x, y), s in zip(pairs, ss)], rng)
        if best is None or cur < best[0]:
            rows: Rows = [(None, z, sz)] + [((y, x, s) if f else (x, y, s)) for (x, y), s, f in zip(pairs, ss, flips)]
            best = (cur, rows)
            if cur <= 1:
                break
    return best


if __name__ == "__main__":
    for size in range(int(sys.argv[1]), int(sys.argv[2]) + 1):
        start = time.time()
        found = search(size, float(sys.argv[3]))
        print(size, found and found[0], round(time.time() - start, 2), found and found[1], flush=True)
