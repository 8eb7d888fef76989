"""``mpxl demo``: the slides' board 4, plain and with Avg/Avg, scored and written to a workbook.

>>> print(demo_table().splitlines()[2])
Tbl  NS  EW  Contract   NS score | NS MP  EW MP | NS MP  EW MP
"""

from __future__ import annotations

import argparse
from fractions import Fraction

from ..core.board import score_board
from ..core.rounding import Rounding
from ..workbook.examples import SLIDES_BOARD4, teaching_contents, variant_entries
from . import COMMANDS
from .wrote import wrote

__all__ = ["register", "run", "demo_table"]


def _figure(mp: Fraction | None) -> float:
    """A line's figure for the table (every line of board 4 has a result)."""
    if mp is None:
        raise ValueError("board 4 has a line with no result")
    return float(mp)


def demo_table() -> str:
    """The slides' board 4 (9 tables, top 16) scored plain and with Avg/Avg at table 6 (Neuberg, 2 decimals)."""
    plain = score_board(variant_entries("plain"))
    avg = score_board(variant_entries("avg"))
    r2 = Rounding.parse(2)
    out = ["Board 4 (West deals, all vulnerable), top 16",
           f"{'':<32} | as played    | table 6 Avg/Avg (Neuberg, 2 decimals)",
           f"{'Tbl':<3}  NS  EW  Contract   NS score | NS MP  EW MP | NS MP  EW MP"]
    for i, (ns, ew, contract, decl, tricks, score) in enumerate(SLIDES_BOARD4):
        entry = avg.lines[i]
        shown = f"{score:+d}" + ("/AVE" if entry.kind == "artificial" else "")
        out.append(f"{ns:<3} {ns:>3} {ew:>3}  {contract + ' ' + decl + ' ' + str(tricks):<10} {shown:>8} |"
                   f" {_figure(plain.ns_mp[i]):5.2f}  {_figure(plain.ew_mp[i]):5.2f} |"
                   f" {_figure(r2.apply(avg.ns_mp[i])):5.2f}  {_figure(r2.apply(avg.ew_mp[i])):5.2f}")
    # the totals of the figures as shown: the Avg/Avg column's two-decimal figures add to a little more
    # than the exact check total, which the note under the table gives
    figures = [[_figure(r.apply(x)) for x in col] for r, col in
               ((r2, plain.ns_mp), (r2, plain.ew_mp), (r2, avg.ns_mp), (r2, avg.ew_mp))]
    sums = [round(sum(col), 2) for col in figures]
    out.append(f"{'total of the figures shown':<32} | {sums[0]:5.2f}  {sums[1]:5.2f} |"
               f" {sums[2]:5.2f}  {sums[3]:5.2f}")
    ta = avg.check_total
    out.append(f"Exactly, each column adds to {float(ta[0]):.2f} (9 tables x top 16 / 2); the Avg/Avg figures,")
    out.append("rounded to 2 decimals, add to a little more.")
    return "\n".join(out)


def run(args: argparse.Namespace) -> int:
    from .template import write_atomically  # openpyxl is the optional extra "workbook"

    print(demo_table())
    path = args.output
    write_atomically(path, teaching_contents())
    print()
    print(wrote(path, "demo workbook", "board 4 as boards 4, 20, 36, 52, 68: plain, Avg/Avg, 60/40, arrowswitch, "
                "fouled"))
    return 0


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = subparsers.add_parser("demo", help=COMMANDS["demo"],
                              description="Score the director-training slides' board 4, as played and with "
                              "Avg/Avg at table 6, print both, and write a filled workbook whose formulas "
                              "give the same figures.")
    p.add_argument("-o", "--output", default="mpxl-demo.xlsx", help="the workbook to write (default mpxl-demo.xlsx)")
    p.set_defaults(func=run)
