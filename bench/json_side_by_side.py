"""``mpxl score big.csv --json`` against the pandas script, side by side in one run, wall clock and CPU.

Each measurement is a fresh child process that imports mpxl (or pandas), warms up on a small file,
then times one run in-process (as bench/run.py's end-to-end figures do): ``mpxl.cli.main(["score",
big.csv, "--json"])`` with stdout to a file, or bench/run.py's pandas script. The children take turns
(mpxl, pandas, mpxl, ...) so that a load that comes and goes hits both alike; the figure is the best
of ``--rounds``. CPU seconds (the child's ``time.process_time``) are given beside the wall clock: on
a shared machine whose CPUs are oversubscribed the wall clock measures the queue, CPU time the work.

``--tree DIR`` (repeatable) times the mpxl found in DIR (a checkout: ``git worktree add`` or
``git archive REV | tar -x -C DIR``) instead of this one: before and after a change in one run.

    python bench/json_side_by_side.py --lines 1e6 --layout field --rounds 3
    python bench/json_side_by_side.py --tree /tmp/before --tree . --rounds 3
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent

CHILD = r"""
import json, sys, time
from pathlib import Path
import mpxl  # first: bench/run.py puts its own checkout on the path
assert Path(mpxl.__file__).resolve().is_relative_to(Path(sys.argv[5]).resolve()), mpxl.__file__  # the tree asked for
sys.path.insert(0, sys.argv[1])
import run
src, what, work = Path(sys.argv[2]), sys.argv[3], Path(sys.argv[4])
warm = work / "warm.csv"
if not warm.exists():
    run.write_csv(run.generate(200, "sections", seed=9), warm)
if what == "pandas":
    job = lambda: run.pandas_script(src, work / "pandas.csv")
    run.pandas_script(warm, work / "warm-pandas.csv")
else:
    job = lambda: run.mpxl_json(src, work / "mpxl.json")
    run.mpxl_json(warm, work / "warm.json")
wall, cpu = time.perf_counter(), time.process_time()
job()
print(json.dumps({"wall": time.perf_counter() - wall, "cpu": time.process_time() - cpu}))
"""


def measure(tree: Path | None, src: Path, work: Path) -> dict:
    """One child's wall and CPU seconds: mpxl from ``tree`` (None: the pandas script)."""
    env = dict(os.environ)
    env["PYTHONPATH"] = str(tree if tree is not None else HERE.parent)
    what = "pandas" if tree is None else "mpxl"
    # run from the work directory: ``python -c`` puts the current directory first on the path, where
    # another checkout's mpxl would be found before the one asked for
    done = subprocess.run([sys.executable, "-c", CHILD, str(HERE), str(src), what, str(work), env["PYTHONPATH"]],
                          env=env, cwd=work,
                          capture_output=True, text=True, check=False)
    if done.returncode:
        raise SystemExit(f"{what} ({tree}) failed:\n{done.stderr}")
    return json.loads(done.stdout.strip().splitlines()[-1])


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--lines", type=lambda s: int(float(s)), default=1_000_000)
    p.add_argument("--layout", choices=("sections", "field"), default="field")
    p.add_argument("--rounds", type=int, default=3)
    p.add_argument("--tree", action="append", type=Path, help="a checkout whose mpxl to time (default: this one)")
    args = p.parse_args(argv)
    trees = [t.resolve() for t in args.tree] if args.tree else [HERE.parent]
    sys.path.insert(0, str(HERE))
    import run

    with tempfile.TemporaryDirectory() as tmp:
        work = Path(tmp)
        src = work / "big.csv"
        run.write_csv(run.generate(args.lines, args.layout, seed=2), src)
        names = [str(t) for t in trees] + ["pandas"]
        got: dict[str, list[dict]] = {name: [] for name in names}
        for r in range(args.rounds):
            for name, tree in zip(names, [*trees, None]):
                got[name].append(measure(tree, src, work))
            print(f"round {r + 1}: " + ", ".join(f"{n}: {got[n][-1]['wall']:.2f} s wall, {got[n][-1]['cpu']:.2f} s CPU"
                                               for n in names) + f"; load average {os.getloadavg()[0]:.1f}",
                  file=sys.stderr)
        best = {n: {k: min(m[k] for m in got[n]) for k in ("wall", "cpu")} for n in names}
        for n in names[:-1]:
            print(f"{n}: --json {best[n]['wall']:.2f} s wall, {best[n]['cpu']:.2f} s CPU; pandas script "
                  f"{best['pandas']['wall']:.2f} s wall, {best['pandas']['cpu']:.2f} s CPU; ratio "
                  f"{best[n]['wall'] / best['pandas']['wall']:.2f}x wall, "
                  f"{best[n]['cpu'] / best['pandas']['cpu']:.2f}x CPU"
                  f" (best of {args.rounds}, {args.lines:,} lines, {args.layout})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
