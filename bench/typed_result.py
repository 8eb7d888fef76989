#!/usr/bin/env python3
"""What one typed result costs in LibreOffice, by the size of the evening (issue 45).

For each size a laid-out Mitchell template is written (``mpxl template --movement mitchell --tables T
--boards-per-round 3``: 75, 270 and about 500 lines), every line typed with a score, then opened in
LibreOffice through UNO (tests/uno_recalc.py, run by the Python that has LibreOffice's ``uno``; its
default settings, threaded calculation on). It is recalculated hard once (timed: the full recalculation),
then one line's Typed score is changed and ``calculate()`` called, as automatic calculation does after a
keystroke, ``--repeats`` times (timed: a typed result). The figures are medians; the ratios are each size's
over the smallest size's, all measured in the same run.

    python bench/typed_result.py                 # 5, 10 and 13 tables, 7 typed results each
    python bench/typed_result.py --tables 5,13 --repeats 3 --json
    python bench/typed_result.py --changed       # also the cells whose value the typed result changes

``--changed`` counts, in each size, the cells whose value one typed result changes (the first line's score
420 made -620, both workbooks recalculated in full and compared cell by cell, every sheet): the work that no
layout and no engine can skip, since each of them must be written again. Their growth is the floor of a
typed result's: in a Mitchell every pair plays every board, so one result moves every pair's total,
percentage and place, and the matchpoints of every line of its board (2T pairs and T lines at T tables).

Excel works the same way (a typed cell dirties every formula whose range holds it; COUNTIFS over a whole
column of lines makes each line's formulas depend on every line), but calculates on all cores with a
faster engine: the ratios, not the seconds, are what carries over.
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent / "tests"))


def _workbook(folder: Path, tables: int) -> tuple[Path, int, str]:
    """The laid-out template of ``tables`` tables, every line typed: (path, lines, the first line's cell)."""
    from openpyxl import load_workbook

    from mpxl.cli import main
    from mpxl.workbook.layout import FIRST_ROW
    from mpxl.workbook.layout import TRAVELLER_COLUMNS as C

    path = folder / f"mitchell{tables}.xlsx"
    args = ["template", "--movement", "mitchell", "--tables", str(tables), "--boards-per-round", "3", "-o", str(path)]
    if main(args) != 0:
        raise SystemExit(f"mpxl {' '.join(args)} failed")
    wb = load_workbook(path)
    ws = wb["Travellers"]
    scores = (420, 450, -50, 420, 140, -100, 170, 620, -200, 110)
    r = FIRST_ROW
    while ws[f"{C['board']}{r}"].value is not None:
        ws[f"{C['typed']}{r}"] = scores[(r - FIRST_ROW) % len(scores)]
        r += 1
    wb.save(path)
    return path, r - FIRST_ROW, f"{C['typed']}{FIRST_ROW}"


def _changed(path: Path) -> dict[str, int]:
    """The cells, by sheet, whose value changes when the first line's score 420 is typed as -620: the workbook
    and its edited copy recalculated in LibreOffice (tests/recalc.py), compared cell by cell."""
    import shutil

    from openpyxl.utils import column_index_from_string
    from recalc import libreoffice_recalc
    from shared import type_cells

    from mpxl.workbook.layout import FIRST_ROW
    from mpxl.workbook.layout import TRAVELLER_COLUMNS as C

    edited = path.with_name(f"edited-{path.name}")
    shutil.copyfile(path, edited)
    type_cells(edited, "Travellers", {(FIRST_ROW, column_index_from_string(C["typed"])): -620})
    before, after = libreoffice_recalc([path, edited])
    counts: dict[str, int] = {}
    for key in set(before.data) | set(after.data):
        if before.data.get(key) != after.data.get(key):
            counts[key[0].title()] = counts.get(key[0].title(), 0) + 1
    return dict(sorted(counts.items()))


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--tables", default="5,10,13", help="the table counts, comma-separated (default 5,10,13)")
    ap.add_argument("--repeats", type=int, default=7, help="typed results timed per size (default 7)")
    ap.add_argument("--json", action="store_true", help="the figures as JSON")
    ap.add_argument("--changed", action="store_true",
                    help="also count the cells whose value one typed result changes (the floor of its growth)")
    args = ap.parse_args(argv)
    from recalc import UNO_SCRIPT, require_soffice, uno_python

    py = uno_python()
    if py is None:
        raise SystemExit("LibreOffice's uno module was not found (Debian: apt-get install python3-uno)")
    rows = []
    with tempfile.TemporaryDirectory(prefix="mpxl-typing-") as d:
        books = [_workbook(Path(d), int(t)) for t in args.tables.split(",")]
        values = Path(d) / "values.json"
        values.write_text(json.dumps([[-620], [450]]))
        for path, lines, cell in books:
            proc = subprocess.run([py, str(UNO_SCRIPT), "--typing", "Travellers", cell, str(values), str(args.repeats),
                                   str(path)], capture_output=True, text=True, env={"MPXL_SOFFICE": require_soffice(),
                                                                                      "PATH": "/usr/bin:/bin"})
            if proc.returncode != 0:
                raise SystemExit(proc.stderr[-2000:])
            got = json.loads(proc.stdout.strip().splitlines()[-1])
            rows.append({"lines": lines, "typed": statistics.median(got["seconds"]), "full": got["full"]})
            if args.changed:
                rows[-1]["changed"] = _changed(path)
    base = rows[0]
    for row in rows:
        row["typed_ratio"] = row["typed"] / base["typed"]
        row["full_ratio"] = row["full"] / base["full"]
        if args.changed:
            row["changed_ratio"] = sum(row["changed"].values()) / sum(base["changed"].values())
    if args.json:
        print(json.dumps(rows, indent=1))
    else:
        print(f"{'lines':>6} {'typed result':>13} {'x':>6} {'full recalc':>12} {'x':>6}"
              + (f" {'cells changed':>14} {'x':>6}" if args.changed else ""))
        for row in rows:
            print(f"{row['lines']:>6} {row['typed']:>12.3f}s {row['typed_ratio']:>6.1f} {row['full']:>11.3f}s "
                  f"{row['full_ratio']:>6.1f}" + (f" {sum(row['changed'].values()):>14} {row['changed_ratio']:>6.2f}"
                                                   if args.changed else ""))
    return 0


if __name__ == "__main__":
    sys.exit(main())
