#!/usr/bin/env python3
"""mpxl's speed next to baselines measured in the same process, with a correctness check.

Generates fields of 10^3 to 10^6 traveller lines (CSV, short boards: 1-2 results
missing on about a quarter of the boards) in two layouts:

* ``sections``: a club / simultaneous night: thousands of Mitchell sections of
  6-15 tables playing 24-27 boards, each section matchpointed apart;
* ``field``: one huge field, 36 boards each played at every table.

Then times, on the same data and in the same process:

* mpxl's core (``plain_board``, integer fast path; and ``score_board``, the
  general path of exact Fractions, at the smaller sizes);
* a pandas groupby-rank implementation of matchpoints + Neuberg;
* a numpy ``lexsort`` of (field, board, score) alone: the floor, and the same
  lexsort followed by vectorised ranks + Neuberg (numpy, full);
* a naive pairwise loop (pure Python, every line against every line; small boards only);
* end to end: ``mpxl score big.csv -o out.csv`` and ``mpxl score big.csv --json`` (a
  plain file: read, scored and written column by column, by the one scorer) against a
  pandas script that reads the CSV, ranks per board, applies Neuberg and writes the CSV;
  and the same file through mpxl's event model (one ``Line`` per traveller line, the
  same scorer), which must write the same bytes;
* ``MATCHPOINTS`` (through :func:`mpxl.udfs.board_matchpoints` and the Excel
  function) on a 30-line board, per call;
* ``mpxl score`` of a CSV to ``.xlsx`` against openpyxl writing the same cells, no formulas;
* the template's recalculation in LibreOffice for a 15-table, 36-board session (``--libreoffice``).

Every figure mpxl computes is compared EXACTLY with the baselines' (exact
fractions against integer numerators, floats against floats): the bench fails
(exit 1) if they differ.

    python bench/run.py                      # full sizes 10^3 .. 10^6 (a few minutes)
    python bench/run.py --size small         # CI smoke run, seconds
    python bench/run.py --size small --json  # the figures as JSON
"""

from __future__ import annotations

import argparse
import contextlib
import csv
import gc
import io
import json
import math
import os
import platform
import random
import re
import shutil
import subprocess
import sys
import tempfile
import time
import zipfile
from collections import defaultdict
from fractions import Fraction
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
if str(ROOT) not in sys.path:  # run from a checkout without installing
    sys.path.insert(0, str(ROOT))

from mpxl.core.board import plain_board, score_board  # noqa: E402
from mpxl.core.contract import board_vulnerability, ns_score  # noqa: E402
from mpxl.core.methods import Method  # noqa: E402

SIZES = {
    "small": [1_000, 5_000],
    "medium": [1_000, 10_000, 100_000],
    "full": [1_000, 10_000, 100_000, 1_000_000],
}
LAYOUTS = ("sections", "field")
NAIVE_MAX_LINES = 10_000  # the pairwise loop only up to here (and not on huge boards)
GENERAL_MAX_LINES = 100_000  # score_board (Fractions) only up to here


# --------------------------------------------------------------------------- data


def _board_outcomes(board: int, rng: random.Random) -> tuple[list, list]:
    """Realistic NS scores for one deal: 2-4 contracts, each made with a spread of tricks."""
    vul = board_vulnerability(board)
    outcomes: dict = {}
    for _ in range(rng.randint(2, 4)):
        level = rng.choice([1, 2, 2, 3, 3, 3, 4, 4, 4, 5, 6])
        strain = rng.choice("CDHSN")
        declarer = rng.choice("NESW")
        dbl = rng.choice(["", "", "", "", "", "X"])
        par = level + 6
        weight = rng.random() + 0.2
        for tricks, w in ((par - 2, 0.1), (par - 1, 0.3), (par, 1.0), (par + 1, 0.6), (par + 2, 0.15)):
            if 0 <= tricks <= 13:
                s = ns_score(f"{level}{strain}{dbl}", declarer, tricks, vul)
                outcomes[s] = outcomes.get(s, 0) + w * weight
    scores = list(outcomes)
    return scores, [outcomes[s] for s in scores]


def generate(lines: int, layout: str = "sections", seed: int = 1) -> list:
    """About ``lines`` traveller rows (section, board, table, ns_pair, ew_pair, ns_score or None).

    Every board of a section (or of the field) is played at every table; about a
    quarter of the boards have 1 or 2 results missing (blank score), so they are
    Neuberg'd to the field's full count.
    """
    rng = random.Random(seed)
    rows: list = []
    if layout == "field":
        boards = 36
        tables = max(2, round(lines / boards))
        plans = [("", boards, tables)]
    else:
        plans = []
        total = 0
        i = 0
        while total < lines:
            i += 1
            tables, boards = rng.randint(6, 15), rng.choice([24, 26, 27])
            plans.append((f"S{i:05d}", boards, tables))
            total += tables * boards
    for section, boards, tables in plans:
        for board in range(1, boards + 1):
            scores, weights = _board_outcomes(board, rng)
            played = rng.choices(scores, weights, k=tables)
            missing = set()
            if rng.random() < 0.25:
                missing = set(rng.sample(range(tables), k=min(rng.choice([1, 2]), tables - 1)))
            for t in range(tables):
                # sections: Mitchell numbering (NS 1..T, EW 1..T); the big field numbers EW after NS
                ew = (t + board) % tables + 1 + (tables if layout == "field" else 0)
                rows.append((section, board, t + 1, t + 1, ew, None if t in missing else played[t]))
    return rows


def write_csv(rows: list, path: Path) -> None:
    with open(path, "w", newline="", encoding="utf-8") as f:
        w = csv.writer(f, lineterminator="\n")
        w.writerow(["section", "board", "table", "ns_pair", "ew_pair", "ns_score"])
        w.writerows((s, b, t, ns, ew, "" if sc is None else sc) for s, b, t, ns, ew, sc in rows)


def by_board(rows: list) -> tuple[list, dict]:
    """The rows' scores grouped per (section, board), in order, and N (most results) per section."""
    boards: dict = defaultdict(list)
    for s, b, _t, _ns, _ew, sc in rows:
        boards[(s, b)].append(sc)
    most: dict = {}
    for (s, _b), scores in boards.items():
        n = sum(x is not None for x in scores)
        most[s] = max(most.get(s, 0), n)
    return list(boards.items()), most


# --------------------------------------------------------------------------- timing


def timed(fn, *args, repeat: int = 1, **kwargs):
    """(best seconds of ``repeat`` runs, last result); the collector is off while timing."""
    best, result = math.inf, None
    for _ in range(repeat):
        gc.collect()
        gc.disable()
        try:
            t0 = time.perf_counter()
            result = fn(*args, **kwargs)
            best = min(best, time.perf_counter() - t0)
        finally:
            gc.enable()
    return best, result


# --------------------------------------------------------------------------- mpxl


def mpxl_plain(boards: list, most: dict) -> list:
    """The core's integer fast path on every board: [(ns numerators, ew numerators, D)]."""
    out = []
    for (section, _board), scores in boards:
        ns, ew, D, _top = plain_board(scores, most[section], Method.NEUBERG, 2)
        out.append((ns, ew, D))
    return out


def mpxl_general(boards: list, most: dict) -> list:
    """The core's general path (parsing, adjustments, exact Fractions) on every board."""
    return [score_board(scores, most[section]) for (section, _board), scores in boards]


# --------------------------------------------------------------------------- baselines


def arrays(rows: list):
    import numpy as np

    sec_codes: dict = {}
    sec = np.fromiter((sec_codes.setdefault(r[0], len(sec_codes)) for r in rows), dtype=np.int64, count=len(rows))
    board = np.fromiter((r[1] for r in rows), dtype=np.int64, count=len(rows))
    score = np.fromiter((r[5] if r[5] is not None else 0 for r in rows), dtype=np.int64, count=len(rows))
    played = np.fromiter((r[5] is not None for r in rows), dtype=bool, count=len(rows))
    return sec, board, score, played


def numpy_floor(sec, board, score, played):
    """The floor: one lexsort of the played lines by (section, board, score)."""
    import numpy as np

    return np.lexsort((score, board, sec, ~played))


def numpy_full(sec, board, score, played):
    """Vectorised matchpoints + Neuberg: exact integer numerators over n (double scale).

    NS: (S2 N + N - n) / n, where S2 = 2 * (scores below) + (ties); EW from 2(n-1) - S2.
    A full board (n = N) gives S2 N / N = S2, the same figure.
    """
    import numpy as np

    m = len(score)
    order = np.lexsort((score, board, sec, ~played))
    k = int(played.sum())
    o = order[:k]
    s_sec, s_board, s_score = sec[o], board[o], score[o]
    new_board = np.empty(k, dtype=bool)
    new_board[:1] = True
    new_board[1:] = (s_sec[1:] != s_sec[:-1]) | (s_board[1:] != s_board[:-1])
    new_score = new_board.copy()
    new_score[1:] |= s_score[1:] != s_score[:-1]
    idx = np.arange(k)
    board_start = np.maximum.accumulate(np.where(new_board, idx, 0))
    run_start = np.maximum.accumulate(np.where(new_score, idx, 0))
    run_id = np.cumsum(new_score) - 1
    run_len = np.bincount(run_id)[run_id]
    board_id = np.cumsum(new_board) - 1
    n = np.bincount(board_id)[board_id]
    lo = run_start - board_start
    S2 = 2 * lo + run_len - 1
    # N per section: the most results on any of its boards
    N_sec = np.zeros(int(sec.max()) + 1 if m else 1, dtype=np.int64)
    np.maximum.at(N_sec, s_sec, n)
    N = N_sec[s_sec]
    ns_num = np.zeros(m, dtype=np.int64)
    ew_num = np.zeros(m, dtype=np.int64)
    den = np.ones(m, dtype=np.int64)
    ns_num[o] = S2 * N + N - n
    ew_num[o] = (2 * (n - 1) - S2) * N + N - n
    den[o] = n
    return ns_num, ew_num, den


def pandas_frame(rows: list):
    import pandas as pd

    return pd.DataFrame(rows, columns=["section", "board", "table", "ns_pair", "ew_pair", "ns_score"])


def pandas_rank(df):
    """groupby-rank matchpoints + Neuberg (double scale) as floats; NaN where not played."""
    g = df.groupby(["section", "board"], sort=False)["ns_score"]
    rank = g.rank(method="average")  # 1..n, ties share: 2 (rank - 1) = 2 below + ties
    n = g.transform("count")
    N = n.groupby(df["section"]).transform("max")
    S2 = 2 * (rank - 1)
    ns = (S2 * N + N - n) / n
    ew = ((2 * (n - 1) - S2) * N + N - n) / n
    return ns.to_numpy(), ew.to_numpy()


def naive_pairwise(boards: list, most: dict) -> list:
    """Every line against every other line of its board, then Neuberg: exact Fractions."""
    out = []
    for (section, _board), scores in boards:
        N = most[section]
        played = [s for s in scores if s is not None]
        n = len(played)
        ns_col, ew_col = [], []
        for s in scores:
            if s is None:
                ns_col.append(None)
                ew_col.append(None)
                continue
            S2 = -1  # the line ties with itself once
            for t in played:
                if s > t:
                    S2 += 2
                elif s == t:
                    S2 += 1
            ns_col.append(Fraction(S2 * N + N - n, n))
            ew_col.append(Fraction((2 * (n - 1) - S2) * N + N - n, n))
        out.append((ns_col, ew_col))
    return out


# --------------------------------------------------------------------------- checks


def flatten_plain(result: list) -> tuple[list, list, list]:
    ns, ew, den = [], [], []
    for ns_b, ew_b, D in result:
        ns.extend(ns_b)
        ew.extend(ew_b)
        den.extend([D] * len(ns_b))
    return ns, ew, den


def check_plain_vs_numpy(plain: list, full) -> int:
    """mpxl's exact figures equal numpy's exact figures on every line; the number of lines compared."""
    import numpy as np

    ns_num, ew_num, den = full
    ns, ew, D = flatten_plain(plain)
    played = np.array([x is not None for x in ns])
    a_ns = np.array([0 if x is None else x for x in ns], dtype=np.int64)
    a_ew = np.array([0 if x is None else x for x in ew], dtype=np.int64)
    a_D = np.array(D, dtype=np.int64)
    bad = played & ((a_ns * den != ns_num * a_D) | (a_ew * den != ew_num * a_D))
    if bad.any():
        i = int(np.flatnonzero(bad)[0])
        raise AssertionError(f"line {i}: mpxl {a_ns[i]}/{a_D[i]} != numpy {ns_num[i]}/{den[i]}")
    return int(played.sum())


def check_plain_vs_pandas(plain: list, pd_result) -> None:
    import numpy as np

    ns_f, ew_f = pd_result
    ns, ew, D = flatten_plain(plain)
    mine_ns = np.array([np.nan if x is None else x / d for x, d in zip(ns, D)])
    mine_ew = np.array([np.nan if x is None else x / d for x, d in zip(ew, D)])
    for mine, theirs, side in ((mine_ns, ns_f, "NS"), (mine_ew, ew_f, "EW")):
        same = (mine == theirs) | (np.isnan(mine) & np.isnan(theirs))
        if not same.all():
            i = int(np.flatnonzero(~same)[0])
            raise AssertionError(f"{side} line {i}: mpxl {mine[i]!r} != pandas {theirs[i]!r}")


def check_plain_vs_exact(plain: list, exact_cols: list, what: str) -> None:
    """``exact_cols`` holds per board (ns Fractions, ew Fractions): equal to mpxl's numerators / D."""
    for b, ((ns_b, ew_b, D), (ns_x, ew_x)) in enumerate(zip(plain, exact_cols)):
        for side, mine, theirs in (("NS", ns_b, ns_x), ("EW", ew_b, ew_x)):
            for i, (a, x) in enumerate(zip(mine, theirs)):
                if (a is None) != (x is None) or (a is not None and Fraction(a, D) != x):
                    raise AssertionError(f"board #{b} line {i} {side}: mpxl {a}/{D} != {what} {x}")


def general_cols(general: list) -> list:
    return [(r.ns_mp, r.ew_mp) for r in general]


# --------------------------------------------------------------------------- sections of the report


def bench_core(sizes: list, layouts: list, repeat: int, log) -> list:
    import numpy as np  # noqa: F401
    import pandas  # noqa: F401

    out = []
    for layout in layouts:
        for size in sizes:
            rows = generate(size, layout)
            boards, most = by_board(rows)
            sec, board, score, played = arrays(rows)
            df = pandas_frame(rows)
            rep = repeat if len(rows) <= 100_000 else max(1, repeat // 2)
            rec = {"layout": layout, "lines": len(rows), "boards": len(boards),
                   "lines_per_board": round(len(rows) / len(boards), 1)}
            rec["mpxl_plain_s"], plain = timed(mpxl_plain, boards, most, repeat=rep)
            rec["numpy_floor_s"], _ = timed(numpy_floor, sec, board, score, played, repeat=rep)
            rec["numpy_full_s"], full = timed(numpy_full, sec, board, score, played, repeat=rep)
            rec["pandas_s"], pdr = timed(pandas_rank, df, repeat=rep)
            rec["checked_numpy"] = check_plain_vs_numpy(plain, full)
            check_plain_vs_pandas(plain, pdr)
            rec["checked_pandas"] = True
            if len(rows) <= GENERAL_MAX_LINES:
                rec["mpxl_general_s"], general = timed(mpxl_general, boards, most, repeat=1)
                check_plain_vs_exact(plain, general_cols(general), "score_board")
            if len(rows) <= NAIVE_MAX_LINES and rec["lines_per_board"] <= 1000:
                rec["naive_s"], naive = timed(naive_pairwise, boards, most, repeat=1)
                check_plain_vs_exact(plain, naive, "naive loop")
            f = rec["numpy_floor_s"]
            rec["ratio_plain_floor"] = rec["mpxl_plain_s"] / f
            rec["ratio_plain_numpy_full"] = rec["mpxl_plain_s"] / rec["numpy_full_s"]
            rec["ratio_plain_pandas"] = rec["mpxl_plain_s"] / rec["pandas_s"]
            rec["us_per_line_plain"] = rec["mpxl_plain_s"] / len(rows) * 1e6
            out.append(rec)
            log(f"  core {layout:8s} {len(rows):>9,} lines: plain {rec['mpxl_plain_s']:.4f}s "
                f"floor {f:.4f}s ({rec['ratio_plain_floor']:.2f}x) numpy {rec['numpy_full_s']:.4f}s "
                f"pandas {rec['pandas_s']:.4f}s  [equal]")
    return out


def pandas_script(src: Path, dst: Path) -> None:
    """The baseline end to end: read the CSV, rank per board, Neuberg, round to 2 decimals, write the CSV."""
    import pandas as pd

    df = pd.read_csv(src, dtype={"section": str, "ns_score": "Int64"}, keep_default_na=False, na_values=[""])
    df["section"] = df["section"].fillna("")
    g = df.groupby(["section", "board"], sort=False)["ns_score"]
    rank = g.rank(method="average").astype(float)
    n = g.transform("count").astype(float)
    N = n.groupby(df["section"]).transform("max")
    S2 = 2 * (rank - 1)
    df["ns_mp"] = ((S2 * N + N - n) / n).round(2)
    df["ew_mp"] = (((2 * (n - 1) - S2) * N + N - n) / n).round(2)
    df.to_csv(dst, index=False, float_format="%.2f")


def mpxl_cli(*argv) -> None:
    from mpxl.cli import main as cli_main

    with contextlib.redirect_stdout(io.StringIO()):
        status = cli_main(list(argv))
    if status != 0:
        raise RuntimeError(f"mpxl {' '.join(argv)} exited {status}")


def mpxl_json(src: Path, dst: Path, event_model: bool = False) -> None:
    """``mpxl score src --json`` in-process, stdout to ``dst``; ``event_model``: with the column
    reading switched off, so the file is read into Lines (the same scorer either way)."""
    import mpxl.commands.fastpath as fastpath
    from mpxl.cli import main as cli_main

    saved = fastpath.read_travellers
    if event_model:
        fastpath.read_travellers = lambda path: None
    try:
        with open(dst, "w", encoding="utf-8") as out, contextlib.redirect_stdout(out):
            status = cli_main(["score", str(src), "--json"])
    finally:
        fastpath.read_travellers = saved
    if status != 0:
        raise RuntimeError(f"mpxl score {src} --json exited {status}")


def check_json(mine: Path, theirs: Path) -> int:
    """mpxl's ``--json`` figures against the pandas script's CSV (the same lines, in board order): equal to
    the cent, each line's exact figure rounded half up against pandas' float rounded; the lines counted."""
    import pandas as pd

    doc = json.loads(mine.read_text(encoding="utf-8"))
    b = pd.read_csv(theirs, dtype={"section": str}, keep_default_na=False, na_values=[""])
    b["section"] = b["section"].fillna("")
    by_key = {}
    for (section, board), group in b.groupby(["section", "board"], sort=False):
        by_key[(section, board)] = list(zip(group["ns_pair"].astype(str), group["ns_mp"], group["ew_mp"]))
    n = 0
    for board in doc["boards"]:
        want = by_key[(board["section"], board["board"])]
        if len(want) != len(board["lines"]):
            raise AssertionError(f"board {board['board']}: {len(board['lines'])} JSON lines, {len(want)} in pandas")
        for line, (ns_pair, ns, ew) in zip(board["lines"], want):
            if line["ns_pair"] != ns_pair:
                raise AssertionError(f"board {board['board']}: the JSON's lines are not in the file's order")
            for got, exp in ((line["ns_mp"], ns), (line["ew_mp"], ew)):
                if (got is None) != (exp != exp) or (got is not None and abs(round(got, 2) - exp) > 0.0100001):
                    raise AssertionError(f"board {board['board']} pair {ns_pair}: mpxl {got} != pandas {exp}")
            n += 1
    return n


def mpxl_event_model(src: Path, dst: Path) -> None:
    """The general way, in-process: an Event of Line objects, score_event, write_event (what
    ``mpxl score`` does for any file its column-by-column path declines)."""
    from mpxl.commands.score import cyclic_gc_paused
    from mpxl.core.options import ScoringOptions
    from mpxl.core.session import score_event
    from mpxl.formats import read_event, write_event

    with cyclic_gc_paused():
        write_event(score_event(read_event(src), ScoringOptions.parse(rounding="2")), dst)


def check_e2e(mine: Path, theirs: Path) -> int:
    """mpxl's output CSV against the pandas script's, line by line (same order): equal to the cent.

    pandas rounds binary floats (half to even on the float), mpxl rounds the exact figure
    (half up), so a figure exactly on a half-cent may differ by one cent; nothing else may.
    """
    import pandas as pd

    a = pd.read_csv(mine, dtype={"section": str}, keep_default_na=False, na_values=[""])
    b = pd.read_csv(theirs, dtype={"section": str}, keep_default_na=False, na_values=[""])
    if len(a) != len(b):
        raise AssertionError(f"mpxl wrote {len(a)} lines, pandas {len(b)}")
    a = a.sort_values(["section", "board", "table"], kind="stable").reset_index(drop=True)
    b = b.sort_values(["section", "board", "table"], kind="stable").reset_index(drop=True)
    for col in ("ns_mp", "ew_mp"):
        x, y = a[col].to_numpy(), b[col].to_numpy()
        both_nan = pd.isna(x) & pd.isna(y)
        diff = abs(x - y)
        bad = ~both_nan & ~(diff <= 0.0100001)
        if bad.any():
            i = int(bad.nonzero()[0][0])
            raise AssertionError(f"{col} row {i}: mpxl {x[i]} != pandas {y[i]}")
    return len(a)


def bench_e2e(sizes: list, layouts: list, workdir: Path, log, repeat: int = 1) -> list:
    out = []
    warm = workdir / "warm.csv"  # import every module once before timing
    write_csv(generate(200, "sections", seed=9), warm)
    mpxl_cli("score", str(warm), "-o", str(workdir / "warm-out.csv"))
    pandas_script(warm, workdir / "warm-pd.csv")
    for layout in layouts:
        for size in sizes:
            rows = generate(size, layout, seed=2)
            src = workdir / f"{layout}-{size}.csv"
            write_csv(rows, src)
            mine, theirs = workdir / f"{layout}-{size}-mpxl.csv", workdir / f"{layout}-{size}-pandas.csv"
            rec = {"layout": layout, "lines": len(rows), "csv_mb": round(src.stat().st_size / 1e6, 1)}
            general = workdir / f"{layout}-{size}-event.csv"
            # best of ``repeat`` runs each, taken in turns: a load that comes and goes hits both alike
            mine_s, theirs_s = [], []
            for _ in range(repeat):
                mine_s.append(timed(mpxl_cli, "score", str(src), "-o", str(mine), "--rounding", "2")[0])
                theirs_s.append(timed(pandas_script, src, theirs)[0])
            rec["mpxl_score_s"], rec["pandas_script_s"], rec["runs"] = min(mine_s), min(theirs_s), repeat
            rec["mpxl_event_model_s"], _ = timed(mpxl_event_model, src, general)
            rec["checked"] = check_e2e(mine, theirs)
            if mine.read_bytes() != general.read_bytes():
                raise AssertionError(
                    f"mpxl score's columns and its event model wrote different files ({layout}, {size})"
                )
            rec["ratio"] = rec["mpxl_score_s"] / rec["pandas_script_s"]
            rec["event_model_ratio"] = rec["mpxl_event_model_s"] / rec["pandas_script_s"]
            # --json: best of ``repeat`` in turns with the pandas script again
            doc, doc_lines = workdir / f"{layout}-{size}.json", workdir / f"{layout}-{size}-lines.json"
            json_s, theirs_s = [], []
            for _ in range(repeat):
                json_s.append(timed(mpxl_json, src, doc)[0])
                theirs_s.append(timed(pandas_script, src, theirs)[0])
            rec["mpxl_json_s"], rec["pandas_script_json_s"] = min(json_s), min(theirs_s)
            rec["json_ratio"] = rec["mpxl_json_s"] / rec["pandas_script_json_s"]
            rec["json_checked"] = check_json(doc, theirs)
            mpxl_json(src, doc_lines, event_model=True)
            if doc.read_bytes() != doc_lines.read_bytes():
                raise AssertionError(f"mpxl score --json by columns and through Lines differ ({layout}, {size})")
            out.append(rec)
            log(
                f"  e2e  {layout:8s} {len(rows):>9,} lines: mpxl score {rec['mpxl_score_s']:.2f}s "
                f"pandas script {rec['pandas_script_s']:.2f}s ({rec['ratio']:.2f}x); "
                f"through the event model {rec['mpxl_event_model_s']:.2f}s ({rec['event_model_ratio']:.2f}x); "
                f"--json {rec['mpxl_json_s']:.2f}s vs {rec['pandas_script_json_s']:.2f}s ({rec['json_ratio']:.2f}x)  "
                f"[equal to the cent; the mpxl files identical either way]"
            )
            for f in (doc, doc_lines):
                f.unlink()
            for f in (src, mine, theirs, general):
                f.unlink()
    return out


def bench_udf(log) -> dict:
    """MATCHPOINTS on a 30-line board (one short: Neuberg'd), per call, as Excel passes the range."""
    os.environ.setdefault("XLWINGS_ON_SERVER", "true")
    os.environ.setdefault("XLWINGS_LICENSE_KEY", "noncommercial")
    from mpxl import udfs

    rng = random.Random(3)
    scores, weights = _board_outcomes(7, rng)
    board = [[float(x)] for x in rng.choices(scores, weights, k=30)]
    board[4] = [None]
    rec = {"lines": 30}
    expected_ns = [[None if r[0] is None else float(x)] for r, x in zip(board, _udf_reference(board))]
    for name, fn in (
        ("board_matchpoints", lambda: udfs.board_matchpoints(board, 30, rounding=2)),
        ("MATCHPOINTS", lambda: udfs.MATCHPOINTS(board, 30, None, None, None, 2)),
        ("MATCHPOINTS_exact", lambda: udfs.MATCHPOINTS(board, 30)),
        ("BOARDMP_adjusted", lambda: udfs.BOARDMP(board[:-1] + [["A+"]], expected=30, rounding=2)),
    ):
        rec[f"{name}_us"] = _per_call(fn, repeat=5) * 1e6
    got = udfs.MATCHPOINTS(board, 30)
    if got != expected_ns:
        raise AssertionError(f"MATCHPOINTS {got[:3]}... != pairwise {expected_ns[:3]}...")
    rec["checked"] = True
    # the naive loop on the same board, for scale
    rec["naive_pairwise_us"] = _per_call(lambda: _udf_reference(board), repeat=3) * 1e6
    log(
        f"  MATCHPOINTS, 30-line board: {rec['MATCHPOINTS_us']:.1f} us per call (rounded), "
        f"{rec['MATCHPOINTS_exact_us']:.1f} us exact; BOARDMP with an A+: {rec['BOARDMP_adjusted_us']:.1f} us; "
        f"naive loop {rec['naive_pairwise_us']:.1f} us  [equal]"
    )
    return rec


def _per_call(fn, repeat: int) -> float:
    """Seconds a call of ``fn``: the best of ``repeat`` runs of as many calls as take 0.2 s at least
    (the number timeit's command line chooses), so a slow function is not called thousands of times."""
    import timeit

    timer = timeit.Timer(fn)
    number, _ = timer.autorange()
    return min(timer.repeat(repeat=repeat, number=number)) / number


def _udf_reference(board: list) -> list:
    scores = [r[0] for r in board]
    ((ns, _ew),) = naive_pairwise([(("", 1), scores)], {"": 30})
    return [None if x is None else x for x in ns]


def bench_xlsx(size: int, workdir: Path, log) -> dict:
    """``mpxl score`` of a CSV to .xlsx against openpyxl writing the same cells (values, no formulas)."""
    from openpyxl import Workbook, load_workbook

    rows = generate(size, "field", seed=4)  # the workbook holds one section
    src, dst = workdir / f"xlsx-{size}.csv", workdir / f"xlsx-{size}.xlsx"
    write_csv(rows, src)
    rec = {"lines": len(rows)}
    rec["mpxl_score_xlsx_s"], _ = timed(mpxl_cli, "score", str(src), "-o", str(dst))
    # the same cells, as values: what a plain writer would have to write (data_only: a formula cell, which
    # holds no value in the file, reads as None, and openpyxl does not give each cell its shared formula)
    wb = load_workbook(dst, data_only=True)
    cells = {ws.title: [[c.value for c in r] for r in ws.iter_rows()] for ws in wb.worksheets}
    n_cells = sum(len(r) for rows_ in cells.values() for r in rows_)
    wb.close()
    with zipfile.ZipFile(dst) as z:  # a formula cell holds one <f> element (a shared formula's cells too)
        n_formulas = sum(len(re.findall(rb"<f[ >/]", z.read(name))) for name in z.namelist()
                         if name.startswith("xl/worksheets/sheet"))

    def plain_values():
        out = Workbook(write_only=False)
        out.remove(out.active)
        for title, rows_ in cells.items():
            ws = out.create_sheet(title)
            for r in rows_:
                ws.append([None if isinstance(v, str) and v.startswith("=") else v for v in r])
        out.save(workdir / "plain.xlsx")

    rec["openpyxl_values_s"], _ = timed(plain_values)
    rec["cells"], rec["formulas"] = n_cells, n_formulas
    rec["ratio"] = rec["mpxl_score_xlsx_s"] / rec["openpyxl_values_s"]
    log(
        f"  xlsx {len(rows):>9,} lines ({n_cells:,} cells, {n_formulas:,} formulas): mpxl score -> .xlsx "
        f"{rec['mpxl_score_xlsx_s']:.2f}s, openpyxl values only {rec['openpyxl_values_s']:.2f}s ({rec['ratio']:.2f}x)"
    )
    for f in (src, dst, workdir / "plain.xlsx"):
        with contextlib.suppress(OSError):
            f.unlink()
    return rec


def bench_libreoffice(workdir: Path, log) -> dict:
    """Recalculation of a 15-table, 36-board session in the template, by LibreOffice headless.

    Timed as the convert-to-xlsx of the template workbook (every formula computed on load)
    minus the same conversion of the same cells with the formulas replaced by their values.
    """
    soffice = shutil.which("soffice") or shutil.which("libreoffice")
    if not soffice:
        return {"skipped": "soffice not found"}
    try:
        from mpxl.workbook.event_writer import write_event_workbook
    except ImportError:
        return {"skipped": "mpxl.workbook.event_writer not available"}
    from openpyxl import load_workbook

    from mpxl.core.event import Event, Line
    from mpxl.core.options import ScoringOptions
    from mpxl.core.session import score_event

    rows = generate(15 * 36, "field", seed=5)  # 15 tables x 36 boards, one Mitchell section
    ev = Event(lines=[Line(b, str(ns), str(ew), score=sc, table=t) for _s, b, t, ns, ew, sc in rows], winners={"": 2})
    result = score_event(ev, ScoringOptions())
    book = workdir / "session.xlsx"
    write_event_workbook(result, book)
    wb = load_workbook(book)
    n_formulas = sum(
        isinstance(c.value, str) and c.value.startswith("=") for ws in wb.worksheets for r in ws.iter_rows() for c in r
    )
    for ws in wb.worksheets:
        for r in ws.iter_rows():
            for c in r:
                if isinstance(c.value, str) and c.value.startswith("="):
                    c.value = 0
    values = workdir / "values.xlsx"
    wb.save(values)

    def convert(path: Path) -> float:
        profile = Path(tempfile.mkdtemp(prefix="mpxl-bench-lo-"))
        out = workdir / "lo-out"
        out.mkdir(exist_ok=True)
        try:
            t0 = time.perf_counter()
            subprocess.run(
                [
                    soffice,
                    f"-env:UserInstallation={profile.as_uri()}",
                    "--headless",
                    "--norestore",
                    "--nologo",
                    "--nolockcheck",
                    "--convert-to",
                    "xlsx:Calc MS Excel 2007 XML",
                    "--outdir",
                    str(out),
                    str(path),
                ],
                capture_output=True,
                timeout=600,
                check=True,
            )
            return time.perf_counter() - t0
        finally:
            shutil.rmtree(profile, ignore_errors=True)

    convert(values)  # warm the disk cache
    with_formulas = min(convert(book) for _ in range(2))
    values_only = min(convert(values) for _ in range(2))
    rec = {
        "tables": 15,
        "boards": 36,
        "lines": len(rows),
        "formulas": n_formulas,
        "convert_with_formulas_s": with_formulas,
        "convert_values_only_s": values_only,
        "recalc_s": max(0.0, with_formulas - values_only),
    }
    log(
        f"  LibreOffice, 15 tables x 36 boards ({n_formulas:,} formulas): convert {with_formulas:.2f}s, "
        f"values-only {values_only:.2f}s: recalculation about {rec['recalc_s']:.2f}s"
    )
    return rec


def growth(records: list, key: str) -> dict:
    """Per layout, the exponent b in time ~ lines^b between the smallest and largest size."""
    res = {}
    for layout in {r["layout"] for r in records}:
        rs = sorted((r for r in records if r["layout"] == layout and r.get(key)), key=lambda r: r["lines"])
        if len(rs) >= 2 and rs[0][key] > 0:
            a, b = rs[0], rs[-1]
            res[layout] = math.log(b[key] / a[key]) / math.log(b["lines"] / a["lines"])
    return res


def machine() -> dict:
    cpu = ""
    with contextlib.suppress(OSError):
        for line in open("/proc/cpuinfo", encoding="utf-8"):
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    import numpy as np
    import pandas as pd

    return {
        "nproc": os.cpu_count(),
        "cpu": cpu or platform.processor(),
        "python": platform.python_version(),
        "numpy": np.__version__,
        "pandas": pd.__version__,
        "platform": platform.platform(),
    }


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--size", choices=sorted(SIZES), default="full")
    p.add_argument("--sizes", type=lambda s: [int(float(x)) for x in s.split(",")], help="comma-separated line counts")
    p.add_argument("--layout", choices=LAYOUTS + ("both",), default="both")
    p.add_argument(
        "--repeat",
        type=int,
        default=3,
        help="best of this many runs (core: halved above 10^5 lines; end to end: mpxl and pandas in turns)",
    )
    p.add_argument("--json", action="store_true", help="print the figures as JSON (the table goes to stderr)")
    p.add_argument("--skip", default="", help="comma-separated sections to skip: core,e2e,udf,xlsx,libreoffice")
    p.add_argument("--libreoffice", action="store_true", help="also time the template's recalculation in LibreOffice")
    args = p.parse_args(argv)
    log = (lambda m: print(m, file=sys.stderr, flush=True)) if args.json else (lambda m: print(m, flush=True))
    try:
        result = run(args.sizes or SIZES[args.size], args, log=log)
    except AssertionError as exc:
        print(f"bench: mpxl's figures differ from a baseline's: {exc}", file=sys.stderr)
        return 1
    if args.json:
        print(json.dumps(result, indent=2, default=str))
    return 0


def run(sizes: list, args, log=print) -> dict:
    layouts = list(LAYOUTS) if args.layout == "both" else [args.layout]
    skip = {x.strip() for x in args.skip.split(",") if x.strip()}
    result: dict = {"machine": machine(), "sizes": sizes}
    if "core" not in skip:
        log("core scoring (same data, same process; best of runs):")
        result["core"] = bench_core(sizes, layouts, args.repeat, log)
        result["growth_plain"] = growth(result["core"], "mpxl_plain_s")
        result["growth_numpy_floor"] = growth(result["core"], "numpy_floor_s")
        log(
            f"  time ~ lines^b: mpxl plain b = {_fmt_growth(result['growth_plain'])}; "
            f"numpy floor b = {_fmt_growth(result['growth_numpy_floor'])}"
        )
    with tempfile.TemporaryDirectory(prefix="mpxl-bench-") as tmp:
        workdir = Path(tmp)
        if "e2e" not in skip:
            log("end to end: mpxl score big.csv -o out.csv vs a pandas script (read, rank, Neuberg, write):")
            result["e2e"] = bench_e2e(sizes, layouts, workdir, log, args.repeat)
            result["growth_e2e"] = growth(result["e2e"], "mpxl_score_s")
        if "udf" not in skip:
            log("Excel functions in Python:")
            result["udf"] = bench_udf(log)
        if "xlsx" not in skip:
            xlsx_size = 100_000 if max(sizes) >= 100_000 else min(sizes)  # the target's size; small runs stay small
            log(f"mpxl score to .xlsx ({xlsx_size:,} lines) vs openpyxl writing the same cells, no formulas:")
            result["xlsx"] = bench_xlsx(xlsx_size, workdir, log)
        if args.libreoffice and "libreoffice" not in skip:
            log("template recalculation in LibreOffice:")
            result["libreoffice"] = bench_libreoffice(workdir, log)
    result["all_equal"] = True  # every check above raises if mpxl's figures differ from a baseline's
    return result


def _fmt_growth(g: dict) -> str:
    return ", ".join(f"{k} {v:.2f}" for k, v in sorted(g.items())) or "-"


if __name__ == "__main__":
    sys.exit(main())
