"""The movement rules recounted from a schedule's JSON (``mpxl movement ... --json``, or ``--from FILE``), not
through :mod:`mpxl.core.movement_check` nor the code that built the schedule: one recount for every kind, the
tables that share their boards included (tests/test_movement.py, test_movement_kinds.py, test_movement_file.py).
"""

from __future__ import annotations

from collections import Counter
from itertools import combinations


def recount(s: dict, meet_once: bool = True, changed: bool = False) -> Counter:
    """Every rule counted afresh from the JSON rows; returns how often each two pairs meet.

    No pair at two tables in a round; no pair on a board twice; a board at two tables in one round only
    where the rows share it (each names the other in ``shares``, with the same boards); every board
    scheduled equally often (at each table that holds it, a shared one at each of its tables), numbered 1
    to the highest; no two pairs meet twice (``meet_once``); a row per table per round, each with the
    round's boards. ``changed``: a movement changed during the evening (a pair left, boards swapped): some
    boards are played fewer times, a table may play fewer boards."""
    two = s["winners"] == 2
    key = (lambda p, d: f"{d}{p}") if two else (lambda p, d: p)
    at, played, meet, times = set(), set(), Counter(), Counter()
    where: dict[tuple[int, int], dict] = {}
    for row in s["rows"]:
        pairs = [key(row[d], d) for d in ("ns", "ew") if row[d] is not None]
        for p in pairs:
            assert (row["round"], p) not in at, f"pair {p} at two tables in round {row['round']}"
            at.add((row["round"], p))
            for b in row["boards"]:
                assert (p, b) not in played, f"pair {p} plays board {b} twice"
                played.add((p, b))
        for b in row["boards"]:
            other = where.setdefault((row["round"], b), row)
            if other is not row:
                assert other["table"] in row.get("shares", []) and row["table"] in other.get("shares", []), \
                    f"board {b} at tables {other['table']} and {row['table']} in round {row['round']}, not shared"
                assert other["boards"] == row["boards"]
            times[b] += 1
        if len(pairs) == 2:
            meet[frozenset(pairs)] += 1
    assert sorted(times) == list(range(1, max(times) + 1))
    assert changed or len(set(times.values())) == 1, "every board scheduled the same number of times"
    assert not meet_once or max(meet.values()) == 1, "no two pairs meet twice"
    assert sorted((r["round"], r["table"]) for r in s["rows"]) == [
        (r, t) for r in range(1, s["rounds"] + 1) for t in range(1, s["tables"] + 1)]
    assert all(len(r["boards"]) == s["boards_per_round"] or changed and len(r["boards"]) < s["boards_per_round"]
               for r in s["rows"])
    return meet


def scheduled(s: dict) -> Counter:
    """How often each board is scheduled: at each table that holds it (a shared board at each of its tables)."""
    return Counter(b for r in s["rows"] for b in r["boards"])


def compared(s: dict, pairs: list[str] | None = None) -> list[int]:
    """How often each two pairs (one winner) are compared: the board sets (of ``boards_per_round`` boards) both
    play in the same direction, so at different tables (or the other table of a share); 0 for two pairs that
    share no set. ``pairs``: those to compare (default every pair of the schedule)."""
    seat = {(p, b): d for r in s["rows"] for d in ("ns", "ew") for p in [r[d]] if p for b in r["boards"]}
    pairs = pairs or sorted({p for p, _ in seat}, key=int)
    boards = {b for _, b in seat}
    return [sum(1 for b in boards if (x, b) in seat and (y, b) in seat and seat[(x, b)] == seat[(y, b)])
            // s["boards_per_round"] for x, y in combinations(pairs, 2)]


def spread(s: dict, pairs: list[str] | None = None) -> int:
    """The most less the fewest board sets on which two pairs are compared (:func:`compared`)."""
    counts = compared(s, pairs)
    return max(counts) - min(counts)
