#!/usr/bin/env python3
"""Issue 51's speed for a movement from a file: the largest movements mpxl offers (30-table Mitchell, 15-table
Howell) written as ``--json`` and as a typed CSV, read back, checked against the rules and their balance
worked out (bar: 0.5 s each), and a changed movement (a late pair) checked; the shared ``.bws`` too.

    python bench/movement_file_bench.py
"""

from __future__ import annotations

import json
import sys
import tempfile
from pathlib import Path

from mpxl.core.changes import apply, joins
from mpxl.core.movement import movement
from mpxl.core.movement_check import balance, breaks
from mpxl.formats.movement_file import read_movement

sys.path.insert(0, str(Path(__file__).parent))
from movement_bench import best  # noqa: E402

BWS = Path(__file__).resolve().parents[2] / "shared" / "realdata" / "bridgemate-2005-05-09-12tables-arbitral.bws"


def main() -> int:
    worst = 0.0
    with tempfile.TemporaryDirectory() as tmp:
        for kind, tables, pairs in (("mitchell", 30, None), ("howell", 15, None), ("howell", 15, 29)):
            m = movement(kind, tables, boards_per_round=2, pairs=pairs)
            as_json, as_csv = Path(tmp) / f"{kind}{tables}.json", Path(tmp) / f"{kind}{tables}.csv"
            as_json.write_text(json.dumps(m.to_json()), encoding="utf-8")
            as_csv.write_text("round,table,ns,ew,boards\n" + "".join(
                f"{r.round},{r.table},{r.ns or ''},{r.ew or ''},{r.boards[0]}-{r.boards[-1]}\n" for r in m.rows),
                encoding="utf-8")
            for path in (as_json, as_csv):
                took = best(lambda p=path: balance(read_movement(p)))
                worst = max(worst, took)
                print(f"{path.name:16} read, checked, balanced: {took * 1000:7.1f} ms")
            if pairs:
                late = best(lambda mm=m, t=tables: breaks(apply(mm, [joins(f"{2 * t}@3")])))
                worst = max(worst, late)
                print(f"{kind} {tables} late pair    changed, checked: {late * 1000:7.1f} ms")
    if BWS.exists():
        took = best(lambda: balance(read_movement(BWS)))
        worst = max(worst, took)
        print(f"{BWS.name}: {took * 1000:.1f} ms")
    print(f"worst {worst * 1000:.1f} ms (bar 500 ms): {'ok' if worst < 0.5 else 'OVER'}")
    return 0 if worst < 0.5 else 1


if __name__ == "__main__":
    sys.exit(main())
