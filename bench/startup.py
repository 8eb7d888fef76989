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
    python bench/startup.py --installed     # also as a club installs it: the wheel, in a venv of its own

``--floor`` times each command again with ``bench/floor`` first on its path: a stand-in for
``dataclasses`` that generates no code (see its docstring), so the core's ~30 record classes cost
nothing to make. Its ratio is the floor of any record type; the bench checks that the floor's
output is the real run's, byte for byte.

``--installed`` builds this checkout's wheel, installs it without extras in a new venv and times
that venv's bare start and its ``mpxl`` command too, each ratio over its own bare start. The
checkout's own rows run as a developer runs them, in the venv the tests use; where that venv holds
an editable install (``pip install -e``), its finder loads pathlib and more into every start, the
bare one included, so the same command is a smaller multiple of a slower bare start there than in
the installed venv.

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
from typing import NamedTuple

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


class Command(NamedTuple):
    """One command timed: its label, argv, the folder it runs in, what goes first on its
    ``PYTHONPATH``, the label of the bare start its ratio is taken over, and the label of the run
    whose output it must print byte for byte (empty: none, an older checkout's)."""

    label: str
    argv: list[str]
    cwd: Path
    path: tuple[str, ...]
    bare: str
    same_as: str


BARE = "python -c pass"
BARE_INSTALLED = "python -c pass (installed)"


def commands(files: list[Path], against: Path | None = None, floor: bool = False,
             installed: Path | None = None) -> list[Command]:
    """Every command timed: the bare start first, then score and check of each file (with ``against``,
    the same by that checkout's mpxl; with ``floor``, the same with records made for free; with
    ``installed``, a venv holding the wheel, its bare start and its ``mpxl`` command)."""
    out = [Command(BARE, [sys.executable, "-c", "pass"], ROOT, (str(ROOT),), BARE, "")]
    if installed is not None:
        python = installed / "bin" / "python"
        out.append(Command(BARE_INSTALLED, [str(python), "-c", "pass"], installed, (), BARE_INSTALLED, ""))
    for f in files:
        for verb in ("score", "check"):
            label = f"{verb} {f.name}"
            argv = [sys.executable, "-m", "mpxl", verb, str(f.resolve())]
            out.append(Command(label, argv, ROOT, (str(ROOT),), BARE, ""))
            if against is not None:
                out.append(Command(f"{label} ({against.name})", argv, against, (str(against),), BARE, ""))
            if floor:
                out.append(Command(f"{label} (floor)", argv, ROOT, (str(FLOOR), str(ROOT)), BARE, label))
            if installed is not None:
                # the console script a club runs, in a folder without the checkout's sources
                mpxl = [str(installed / "bin" / "mpxl"), verb, str(f.resolve())]
                out.append(Command(f"{label} (installed)", mpxl, installed, (), BARE_INSTALLED, label))
                if floor:
                    out.append(Command(f"{label} (installed, floor)", mpxl, installed, (str(FLOOR),),
                                       BARE_INSTALLED, label))
    return out


def install_wheel(folder: Path) -> Path:
    """This checkout's wheel built and installed, without extras, in a new venv in ``folder``."""
    subprocess.run([sys.executable, "-m", "build", "--wheel", "-o", str(folder), str(ROOT)], check=True,
                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    venv = folder / "venv"
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True)
    wheel = next(folder.glob("*.whl"))
    subprocess.run([str(venv / "bin" / "python"), "-m", "pip", "install", "-q", str(wheel)], check=True)
    return venv


def _environment(cache: str, path: tuple[str, ...]) -> dict:
    env = dict(os.environ)
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    env["PYTHONPYCACHEPREFIX"] = cache
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [*path, env.get("PYTHONPATH")]))
    return env


def _run(argv: list[str], env: dict, cwd: Path, keep: bool = True) -> subprocess.CompletedProcess:
    """Run a command in its folder (``python -m`` puts the current folder first on the path),
    its output kept (or thrown away, when timed); a failure raised with its message."""
    out = subprocess.PIPE if keep else subprocess.DEVNULL
    done = subprocess.run(argv, env=env, cwd=cwd, stdout=out, stderr=subprocess.PIPE, check=False)
    if done.returncode not in (0, 1):  # check exits 1 where a published figure differs
        raise RuntimeError(f"{' '.join(argv)} failed ({done.returncode}): {done.stderr.decode()[-500:]}")
    return done


def _once(argv: list[str], env: dict, cwd: Path) -> float:
    start = time.perf_counter()
    _run(argv, env, cwd, keep=False)
    return time.perf_counter() - start


def measure(files: list[Path], rounds: int, log=print, against: Path | None = None, floor: bool = False,
            installed: Path | None = None) -> dict:
    """The median, fastest and slowest wall time of each command over ``rounds`` interleaved rounds,
    and its ratio to its bare start's median (``against``: another checkout timed alongside;
    ``installed``: a venv holding the wheel, see :func:`install_wheel`)."""
    todo = commands(files, against.resolve() if against is not None else None, floor, installed)
    times: dict[str, list[float]] = {c.label: [] for c in todo}
    with tempfile.TemporaryDirectory(prefix="mpxl-pycache-") as cache:
        envs = {c.path: _environment(cache, c.path) for c in todo}
        said: dict[str, bytes] = {}
        for c in todo:  # warm-up: compiles and caches the byte-code
            said[c.label] = _run(c.argv, envs[c.path], c.cwd).stdout
            if c.same_as and said[c.same_as] != said[c.label]:
                raise RuntimeError(f"{c.label}: the output differs from {c.same_as}'s")
        for r in range(rounds):
            for c in todo:
                times[c.label].append(_once(c.argv, envs[c.path], c.cwd))
            log(f"round {r + 1}/{rounds} done")
    rows = []
    for c in todo:
        t, bare = times[c.label], times[c.bare]
        rows.append({"command": c.label, "checkout": str(c.cwd), "median_s": statistics.median(t),
                     "min_s": min(t), "max_s": max(t), "ratio": statistics.median(t) / statistics.median(bare),
                     "best_ratio": min(t) / min(bare), "floor": str(FLOOR) in c.path,
                     "installed": c.bare == BARE_INSTALLED})
    ours = [r["ratio"] for r, c in zip(rows, todo) if c.path == (str(ROOT),) and c.label != BARE]
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
    parser.add_argument("--installed", action="store_true",
                        help="also time the wheel installed without extras in a venv of its own, as a club runs it")
    args = parser.parse_args(argv)
    files = args.files or real_files()
    if not files:
        print(f"no results files given and none in {REALDATA} (set MPXL_REALDATA)", file=sys.stderr)
        return 2
    with tempfile.TemporaryDirectory(prefix="mpxl-wheel-") as folder:
        venv = install_wheel(Path(folder)) if args.installed else None
        result = measure(files, args.rounds, log=lambda m: print(m, file=sys.stderr), against=args.against,
                         floor=args.floor, installed=venv)
    print(json.dumps(result, indent=2) if args.json else table(result))
    return 0


if __name__ == "__main__":
    sys.exit(main())
