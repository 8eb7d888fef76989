"""Every rounding order against the percentages the real files publish.

A pair's percentage passes through several roundings, in some order: each board's figure
(exact, or to 1 or 2 decimals, half up or half even), the pair's total (not rounded, or to 1 or 2
decimals), the figure the percentage is worked out from (the rounded total, the exact sum of the
unrounded figures, or ACBLscore's total scaled to the full number of boards and rounded as a
total), and the percentage itself (half up, half even, or truncated). For each real file of
``../shared/realdata`` (or ``$MPXL_REALDATA``) every other setting is what ``mpxl check`` finds
from its figures; this script tries every order and counts the published percentages each one
reproduces, to tell whether a one-hundredth difference on a few pairs comes from the order:

    python bench/rounding_orders.py            # a markdown table (docs/conventions.md shows it)
    python bench/rounding_orders.py --best     # per file, the orders that reproduce every percentage
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Callable, Iterator
from dataclasses import dataclass, replace
from fractions import Fraction
from pathlib import Path

from mpxl.core.conventions import detect
from mpxl.core.inference import decimals_of, infer
from mpxl.core.options import ScoringOptions
from mpxl.core.ranking import PairResult
from mpxl.core.rounding import Rounding, round_fraction
from mpxl.core.session import SessionResult, score_event, settings_of
from mpxl.core.settings import RoundingKind, TotalsFrom
from mpxl.formats import read_event

LINES = ("exact", "half-up:1", "half-even:1", "half-up:2", "half-even:2")
TOTALS = (None, 1, 2)  # the pair's total: not rounded, or half up to 1 or 2 decimals
BASES = ("rounded", "exact", "scaled")  # what the percentage is worked out from
PERCENTAGES = ("half-up", "half-even", "truncate")


@dataclass(frozen=True)
class Order:
    lines: str
    total: int | None
    basis: str
    percentage: str

    def label(self) -> str:
        total = "total as is" if self.total is None else f"total to {self.total}"
        if self.basis == "exact":
            return f"exact sum, {total}, % {self.percentage}"
        return f"lines {self.lines}, {total}, {self.basis}, % {self.percentage}"


def orders() -> Iterator[Order]:
    """Every order, each distinct one once (the exact sum does not depend on the lines' rounding)."""
    for basis in BASES:
        for lines in (("exact",) if basis == "exact" else LINES):
            for total in TOTALS:
                for pct in PERCENTAGES:
                    yield Order(lines, total, basis, pct)


def round_percentage(value: Fraction, decimals: int, how: str) -> Fraction:
    if how == "truncate":
        unit = 10**decimals
        return Fraction(int(value * unit), unit)  # towards zero (percentages are positive)
    return round_fraction(value, decimals, how)


def _published(result: SessionResult) -> list[tuple[float, PairResult]]:
    """(published percentage, our pair) for each pair that publishes one."""
    ours: dict[tuple[str, str], list[PairResult]] = {}
    for pr in result.pairs:
        ours.setdefault((pr.pair.section, pr.pair.number), []).append(pr)
    out = []
    for p in result.event.pairs:
        if p.published_percentage is None:
            continue
        found = [q for q in ours.get((p.section, p.number), [])
                 if p.direction is None or q.pair.direction in (None, p.direction)]
        if found:
            out.append((p.published_percentage, found[0]))
    return out


def count(event, found: ScoringOptions, order: Order, decimals: int,
          scored: Callable[[ScoringOptions], SessionResult]) -> tuple[int, int]:
    """(percentages reproduced, published) under ``order``, the other settings ``found``."""
    if order.basis == "exact":
        opts = replace(found, rounding=Rounding(), totals_rounding=Rounding(), totals_from=TotalsFrom.ROUNDED)
    else:
        line = Rounding.parse(order.lines)
        opts = replace(found, rounding=line, totals_from=TotalsFrom.ROUNDED,
                       totals_rounding=Rounding() if line.kind is RoundingKind.EXACT else found.totals_rounding)
    result = scored(opts)
    pairs = _published(result)
    full: dict[str, Fraction] = {}
    across = settings_of(result)["field"] == "event"
    for _, pr in pairs:
        group = "" if across else pr.pair.section
        full[group] = max(full.get(group, Fraction(0)), pr.max)

    def total_of(value: Fraction) -> Fraction:
        return value if order.total is None else round_fraction(value, order.total)

    agree = 0
    for published, pr in pairs:
        mp, maximum = pr.mp, pr.max
        if order.basis == "scaled":
            most = full["" if across else pr.pair.section]
            if maximum and maximum < most:
                mp, maximum = total_of(mp * most / maximum), most
            else:
                mp = total_of(mp)
        else:
            mp = total_of(mp)
        pct = found.scale.percentage(mp, maximum)
        agree += abs(float(round_percentage(pct, decimals, order.percentage)) - published) < 1e-9
    return agree, len(pairs)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--best", action="store_true", help="per file, the orders that reproduce every percentage")
    args = parser.parse_args(argv)
    folder = Path(os.environ.get("MPXL_REALDATA", Path(__file__).resolve().parents[2] / "shared" / "realdata"))
    files = sorted(p for p in folder.glob("*") if p.suffix in (".xml", ".pbn"))
    if not files:
        print(f"no real files in {folder}", file=sys.stderr)
        return 2
    table: dict[Order, list[tuple[int, int]]] = {o: [] for o in orders()}
    names = []
    for path in files:
        event = read_event(path)
        found = infer(event, detect(event).options()).options
        decimals = decimals_of([p.published_percentage for p in event.pairs])
        decimals = max(decimals or 0, found.percentage_decimals or 0)
        cache: dict[str, SessionResult] = {}

        def scored(opts: ScoringOptions, event=event, cache=cache) -> SessionResult:
            key = repr(opts)
            if key not in cache:
                cache[key] = score_event(event, opts)
            return cache[key]

        names.append(path.name.split("-")[0])
        for order in table:
            table[order].append(count(event, found, order, decimals, scored))
        if args.best:
            best = [o.label() for o, got in table.items() if got[-1][0] == got[-1][1]]
            print(f"{path.name}: {len(best)} of {len(table)} orders reproduce every percentage")
            for label in best:
                print(f"  {label}")
    if not args.best:
        print("| order | " + " | ".join(names) + " | files reproduced |")
        print("| --- | " + " | ".join("---" for _ in names) + " | --- |")
        for order, got in table.items():
            whole = sum(a == b for a, b in got)
            print(f"| {order.label()} | " + " | ".join(f"{a}/{b}" for a, b in got) + f" | {whole} |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
