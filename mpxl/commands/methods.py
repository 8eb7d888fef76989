"""``mpxl methods EXPECTED ACTUAL [--scale 1|2|signed]``: the estimation methods side by side.

For every raw score S a result can have among ACTUAL results, the matchpoints
each method gives on a board of EXPECTED results, then the percentages of the
full top, as in the McKinnon paper's tables (and the template's Methods sheet).

>>> rows = methods_table(9, 8)
>>> rows[-1][0], [round(float(m), 2) for m in rows[-1][1]]
(Fraction(14, 1), [15.88, 16.0, 15.0, 16.0, 15.0, 15.0])
>>> signed = methods_table(9, 8, Scale.SIGNED)      # the same less the averages: S - 7, M - 8
>>> signed[-1][0], [round(float(m), 3) for m in signed[-1][1]][:2], [round(float(p), 2) for p in signed[-1][2]][:2]
(Fraction(7, 1), [7.875, 8.0], [99.22, 100.0])
"""

from __future__ import annotations

import argparse
import textwrap
from collections.abc import Iterable
from fractions import Fraction

from ..core.methods import K_FORMULAS, Method, as_scale, check_counts, estimate, k_value
from ..core.numbers import figure, whole
from ..core.rounding import round_fraction
from ..core.rules import COUNT_MISSING, NO_PERCENTAGE
from ..core.settings import Scale
from ..formats.atomic import atomic_path, check_extension
from . import COMMANDS, SCALE_HELP, scale_argument
from .wrote import wrote

__all__ = ["methods_table", "format_table", "register", "run"]

NAMES = tuple(m.label for m in Method)


def methods_table(expected: int, actual: int, scale: int | Scale = 2
                  ) -> list[tuple[Fraction, list[Fraction], list[Fraction]]]:
    """Rows (S, [MP per method], [% per method]) for S = 0, 1/2 x scale, ..., scale x (actual - 1);
    on the signed scale S = -(actual - 1), ..., actual - 1 (the double S less its average). The counts are
    checked as everywhere (``check_counts``); a board of 1 expected result (top 0) has no percentages: [].

    >>> [(float(s), [float(m) for m in mp]) for s, mp, _ in methods_table(3, 2, scale=1)]
    [(0.0, [0.25, 0.0, 0.5, 0.0, 0.5, 0.5]), (0.5, [1.0, 1.0, 1.0, 1.0, 1.0, 1.0]),
     (1.0, [1.75, 2.0, 1.5, 2.0, 1.5, 1.5])]
    >>> methods_table(1, 1)                # a board expected to be played once: 0 of a top of 0, no percentage
    [(Fraction(0, 1), [Fraction(0, 1), Fraction(0, 1), Fraction(0, 1), Fraction(0, 1), Fraction(0, 1), \
Fraction(0, 1)], [])]
    """
    expected, actual = check_counts(expected, actual)
    sc = as_scale(scale)
    top = sc.top(expected)
    shift = sc.offset(sc.top(actual))
    rows = []
    for i in range(2 * (actual - 1) + 1):
        S = Fraction(i * sc.unit, 2) - shift
        mps = [estimate(S, expected, actual, m, sc) for m in Method]
        rows.append((S, mps, [sc.percentage(m, top) for m in mps] if expected > 1 else []))
    return rows


def _num(x: int | Fraction, decimals: int = 2) -> str:
    """``x`` to ``decimals`` places, halves up (0.125 -> 0.13, as the slides print it).

    >>> _num(Fraction(1, 8)), _num(Fraction(127, 8))
    ('0.13', '15.88')
    """
    return f"{float(round_fraction(Fraction(x), decimals)):.{decimals}f}"


def format_table(expected: int, actual: int, scale: int | Scale = 2) -> str:
    """The table as text: a k line, then one line per raw score.

    >>> print(format_table(3, 2).splitlines()[0])
    N = 3 results expected, n = 2 real, double scale: top 4
    """
    expected, actual = check_counts(expected, actual)
    sc = as_scale(scale)
    top = sc.top(expected)
    out = [f"N = {expected} results expected, n = {actual} real, {sc.value} scale: top {top}"]
    ks = [k_value(m, expected, actual) for m in Method]
    widths = [max(10, len(n) + 1) for n in NAMES]  # 'Ascherman' and a space; a longer name and a space

    def row(first: str, cells: Iterable[str]) -> str:
        return f"{first:>6} " + "".join(f"{c:>{w}}" for c, w in zip(cells, widths))

    head = row("S", NAMES)
    rows = methods_table(expected, actual, scale)
    out.append("Matchpoints")
    out.append(head)
    out.append(row("k", [_num(k, 4) for k in ks]))
    for S, mps, _ in rows:
        out.append(row(_num(S, 1), map(_num, mps)))
    out.append("")
    if expected > 1:
        out.append(f"Percentage of the top ({top})")
        out.append(head)
        for S, _, pcts in rows:
            out.append(row(_num(S, 1), map(_num, pcts)))
    else:
        out.append(f"Percentage: none, {NO_PERCENTAGE}")
    out.append("")
    ks_text = "k: " + "; ".join(f"{n} {K_FORMULAS[m][1]}" for n, m in zip(NAMES, Method))
    out.extend(textwrap.wrap(ks_text, 100, subsequent_indent="   "))  # a terminal's width
    out.append("M = (N - k)/(n - 1) x S + scale x (k - 1)/2; % = M / top")
    if sc.centred:
        out.append(f"signed: S and M are the double figures less their averages, {actual - 1} and {expected - 1}; "
                   "% = 50 + 50 x M / top")
    if actual == expected:
        out.append("n = N: a full board; only Ascherman (every board, McKinnon's reading) changes it.")
    return "\n".join(out)


def _given(text: str) -> int | float | str:
    """A count as typed: a number (whole or not), or the text itself, for ``check_counts`` to name.

    >>> _given("8"), _given("8.5"), _given("eight")
    (8, 8.5, 'eight')
    """
    for read in (whole, figure):
        try:
            return read(text)
        except ValueError:
            pass
    return text


def run(args: argparse.Namespace) -> int:
    if args.chart:
        check_extension(args.chart, (".png",), "a chart")
    # the counts checked as the functions and the Methods sheet check them (COUNT_RULES): the same words
    for what in ("expected", "actual"):
        if not getattr(args, what).strip():
            raise ValueError(COUNT_MISSING.format(what=what))
    args.expected, args.actual = check_counts(_given(args.expected), _given(args.actual))
    if args.chart and args.expected == 1:
        raise ValueError(f"--chart: {NO_PERCENTAGE}; the chart is of percentages")
    table = format_table(args.expected, args.actual, args.scale)
    if args.chart:
        from ..formats.charts import methods_chart  # matplotlib is the optional extra "charts"

        with atomic_path(args.chart, suffix=".png") as tmp:
            methods_chart(args.expected, args.actual, args.scale, tmp)
    print(table)
    if args.chart:
        print(wrote(args.chart, "chart", f"the methods for N = {args.expected}, n = {args.actual}"))
    return 0


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = subparsers.add_parser(
        "methods",
        help=COMMANDS["methods"],
        description="Print, for every raw score among ACTUAL results, the matchpoints and percentages that "
        "Neuberg, Factor, Ascherman, McKinnon, Manual and Ascherman-short give on a board of EXPECTED results.",
    )
    p.add_argument("expected", help="N: the results the board should have (a whole number, at least 1)")
    p.add_argument("actual", help="n: the real results it has (a whole number from 1 to N)")
    p.add_argument("--scale", type=scale_argument, default=Scale.DOUBLE, metavar="SCALE", help=SCALE_HELP)
    p.add_argument("--chart", metavar="FILE.png", help="also draw every method's percentage against raw score")
    p.set_defaults(func=run)
