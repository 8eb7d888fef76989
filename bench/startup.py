#!/usr/bin/env python3
"""The everyday command's speed: ``mpxl score F`` and ``mpxl check F`` on each real club file,
against a bare ``python -c pass``, measured side by side in one run.

Each round runs every command once, in turn (the bare start, then score and check of each
file), so a busy spell on a shared machine slows them all alike; the figure of a command is
its median over the rounds, and its ratio is that median over the bare start's. The spread
(fastest and slowest round) is printed too. The commands run as a user runs them: with the
byte-code cached (in a temporary ``PYTHONPYCACHEPREFIX``, so nothing is written beside the
sources, even where ``PYTHONDONTWRITEBYTECODE`` is set), after one warm-up run each.

    python bench/startup.py                 # the real files beside the checkout, 15 rounds
    python bench/startup.py --rounds 5 --json
    python bench/startup.py FILE...         # other files
    python bench/startup.py --against ../old  # also an older checkout's mpxl, in the same rounds
    python bench/startup.py --floor         # also each command with its records made for free

``--floor`` times each command again with ``bench/floor`` first on its path: a stand-in for
``dataclasses`` that generates no code (see its docstring), so the core's ~30 record classes cost
nothing to make. Its ratio is the floor of any record type; the bench checks that the floor's
output is the real run's, byte for byte.

The bars: score and check of each real club file at most 6x the bare start (issue 21); a club
file's score at most 3x (issue 36).
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
REALDATA = Path(os.environ.get("MPXL_REALDATA") or ROOT.parent / "shared" / "realdata")
#: The stand-in ``dataclasses`` of ``--floor``.
FLOOR = HERE / "floor"

#: The bar the issue sets: a command at most this many times the bare start.
LIMIT = 6.0


def real_files() -> list[Path]:
    """The shared real results files (USEBIO and PBN), as tests/shared.py finds them."""
    return sorted(REALDATA.glob("*.xml")) + sorted(REALDATA.glob("*.pbn"))


def commands(files: list[Path], against: Path | None = None,
             floor: bool = False) -> list[tuple[str, list[str], Path, bool]]:
    """Every command timed, by label, with the checkout whose mpxl it runs and whether it runs on the
    floor: the bare start first, then score and check of each file (with ``against``, the same by
    that checkout's mpxl; with ``floor``, the same with records made for free)."""
    out = [("python -c pass", [sys.executable, "-c", "pass"], ROOT, False)]
    for f in files:
        for verb in ("score", "check"):
            argv = [sys.executable, "-m", "mpxl", verb, str(f.resolve())]
            out.append((f"{verb} {f.name}", argv, ROOT, False))
            if against is not None:
                out.append((f"{verb} {f.name} ({against.name})", argv, against, False))
            if floor:
                out.append((f"{verb} {f.name} (floor)", argv, ROOT, True))
    return out


def _environment(cache: str, root: Path, floor: bool = False) -> dict:
    env = dict(os.environ)
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    env["PYTHONPYCACHEPREFIX"] = cache
    first = [str(FLOOR)] if floor else []
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [*first, str(root), env.get("PYTHONPATH")]))
    return env


def _run(argv: list[str], env: dict, root: Path, keep: bool = True) -> subprocess.CompletedProcess:
    """Run a command in the checkout (``python -m`` puts the current folder first on the path),
    its output kept (or thrown away, when timed); a failure raised with its message."""
    out = subprocess.PIPE if keep else subprocess.DEVNULL
    done = subprocess.run(argv, env=env, cwd=root, stdout=out, stderr=subprocess.PIPE, check=False)
    if done.returncode not in (0, 1):  # check exits 1 where a published figure differs
        raise RuntimeError(f"{' '.join(argv)} failed ({done.returncode}): {done.stderr.decode()[-500:]}")
    return done


def _once(argv: list[str], env: dict, root: Path) -> float:
    start = time.perf_counter()
    _run(argv, env, root, keep=False)
    return time.perf_counter() - start


def measure(files: list[Path], rounds: int, log=print, against: Path | None = None, floor: bool = False) -> dict:
    """The median, fastest and slowest wall time of each command over ``rounds`` interleaved rounds,
    and its ratio to the bare start's median (``against``: another checkout timed alongside)."""
    todo = commands(files, against.resolve() if against is not None else None, floor)
    times: dict[str, list[float]] = {label: [] for label, *_ in todo}
    with tempfile.TemporaryDirectory(prefix="mpxl-pycache-") as cache:
        envs = {(root, fl): _environment(cache, root, fl) for _, _, root, fl in todo}
        said: dict[tuple[str, ...], bytes] = {}
        for label, argv, root, fl in todo:  # warm-up: compiles and caches the byte-code
            out = _run(argv, envs[root, fl], root).stdout
            if root == ROOT and said.setdefault(tuple(argv), out) != out:
                raise RuntimeError(f"{label}: the output differs from the real run's")
        for r in range(rounds):
            for label, argv, root, fl in todo:
                times[label].append(_once(argv, envs[root, fl], root))
            log(f"round {r + 1}/{rounds} done")
    bare = statistics.median(times["python -c pass"])
    rows = [{"command": label, "checkout": str(root), "median_s": statistics.median(times[label]),
             "min_s": min(times[label]), "max_s": max(times[label]), "ratio": statistics.median(times[label]) / bare,
             "best_ratio": min(times[label]) / min(times["python -c pass"]), "floor": fl}
            for label, _argv, root, fl in todo]
    ours = [r["ratio"] for r in rows[1:] if r["checkout"] == str(ROOT) and not r["floor"]]
    return {"rounds": rounds, "limit": LIMIT, "python": sys.version.split()[0], "cpus": os.cpu_count(),
            "rows": rows, "worst_ratio": max(ours, default=None)}


def table(result: dict) -> str:
    """The figures as a Markdown table (the one in bench/README.md)."""
    out = ["| command | median s | fastest s | slowest s | x bare start | best x best |",
           "|---|---:|---:|---:|---:|---:|"]
    for r in result["rows"]:
        out.append(f"| `{r['command']}` | {r['median_s']:.3f} | {r['min_s']:.3f} | {r['max_s']:.3f} |"
                   f" {r['ratio']:.1f} | {r['best_ratio']:.1f} |")
    out.append(f"\nworst ratio {result['worst_ratio']:.1f}x (bar {LIMIT:g}x), median of {result['rounds']}"
               f" rounds, Python {result['python']}, {result['cpus']} CPUs")
    return "\n".join(out)


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("files", nargs="*", type=Path, help="results files (default: the shared real files)")
    parser.add_argument("--rounds", type=int, default=15, help="rounds, each running every command once")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    parser.add_argument("--against", type=Path, metavar="CHECKOUT",
                        help="also time another checkout's mpxl (an older commit, say) in the same rounds")
    parser.add_argument("--floor", action="store_true",
                        help="also time each command with its record classes made for free (bench/floor)")
    args = parser.parse_args(argv)
    files = args.files or real_files()
    if not files:
        print(f"no results files given and none in {REALDATA} (set MPXL_REALDATA)", file=sys.stderr)
        return 2
    result = measure(files, args.rounds, log=lambda m: print(m, file=sys.stderr), against=args.against,
                     floor=args.floor)
    print(json.dumps(result, indent=2) if args.json else table(result))
    return 0


if __name__ == "__main__":
    sys.exit(main())
