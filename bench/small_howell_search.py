#!/usr/bin/env python3
"""How the 3-table Howell of 5 rounds (``mpxl movement howell --tables 3``,
:data:`mpxl.core.small_howells.HOWELL_3`) was found: an exhaustive search, a second or two.

Six pairs meet each other once in 5 rounds (pair 6 stays at table 1, the others move round a cycle of 5).
Five board sets, each played by all six pairs once, are five perfect matchings of the pairs; no Room
square of side 5 exists, so the sets cannot all be spread over three different rounds: a set played at
two tables in one round is played there at all three (its third meeting is that round's third). The
search takes one round where the three tables share a set and looks for four sets spread over the other
four rounds (one table each in three of them), then the directions (which pair sits NS) that make any two
pairs compared (the same set, the same direction) as equal a number of times as can be.

    python bench/small_howell_search.py
"""

from __future__ import annotations

from itertools import combinations, permutations, product


def rounds() -> list[list[tuple[int, int]]]:
    return [[(5, r), ((r + 1) % 5, (r + 4) % 5), ((r + 2) % 5, (r + 3) % 5)] for r in range(5)]


def spread_sets(share: int) -> list[list[int]] | None:
    """For each round, its tables' sets (the shared round: set 4 at every table), or None."""
    rs = rounds()
    others = [r for r in range(5) if r != share]
    # sets 0..3; a round's three tables get three different sets of the four; each set once a round at most,
    # its three meetings a perfect matching of the six pairs
    for choice in product(*[list(permutations(range(4), 3)) for _ in others]):
        cover = {s: set() for s in range(4)}
        ok = True
        for r, sets in zip(others, choice):
            for (a, b), s in zip(rs[r], sets):
                if a in cover[s] or b in cover[s]:
                    ok = False
                    break
                cover[s] |= {a, b}
            if not ok:
                break
        if ok:
            out = [[4, 4, 4] for _ in range(5)]
            for r, sets in zip(others, choice):
                out[r] = list(sets)
            return out
    return None


def spread(layout: list[list[int]], flips: tuple[int, ...]) -> tuple[int, int]:
    rs = rounds()
    seat: dict[tuple[int, int], str] = {}
    i = 0
    for r in range(5):
        for (a, b), s in zip(rs[r], layout[r]):
            ns, ew = (b, a) if flips[i] else (a, b)
            seat[(ns, s)], seat[(ew, s)] = "NS", "EW"
            i += 1
    counts = [sum(1 for s in range(5) if seat[(x, s)] == seat[(y, s)]) for x, y in combinations(range(6), 2)]
    return min(counts), max(counts)


def main() -> None:
    for share in range(5):
        layout = spread_sets(share)
        if layout is None:
            print(f"share round {share + 1}: no spread sets")
            continue
        best = min(product((0, 1), repeat=15), key=lambda f: (spread(layout, f)[1] - spread(layout, f)[0], f))
        flips = "".join(map(str, best))
        print(f"share round {share + 1}: sets {layout}, flips {flips}, compared {spread(layout, best)}")


if __name__ == "__main__":
    main()
