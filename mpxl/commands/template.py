"""``mpxl template``: build the club template workbook (or the Neuberg teaching workbook).

>>> import argparse
>>> p = argparse.ArgumentParser(); sub = p.add_subparsers(); register(sub)
>>> a = p.parse_args(["template", "--tables", "9", "--movement", "howell"])
>>> a.tables, a.boards, a.movement, a.output
(9, 36, 'howell', 'club-pairs.xlsx')
"""

from __future__ import annotations

import argparse
import os
from typing import TYPE_CHECKING

from ..atomic import atomic_path, check_extension
from ..settings import Scale
from ..workbook import ooxml
from ..workbook.classic import macro_enable
from ..workbook.examples import teaching_workbook
from ..workbook.layout import FIELD_NAMES
from ..workbook.template import METHOD_NAMES, build_template
from . import COMMANDS, SCALE_HELP, scale_argument

if TYPE_CHECKING:
    from openpyxl import Workbook

__all__ = ["register", "run", "save_atomically"]


def save_atomically(wb: Workbook, path: str) -> None:
    """Save an openpyxl workbook to ``path`` through a temporary file and a rename."""
    check_extension(path, (".xlsx", ".xlsm"), "a workbook")
    with atomic_path(path, suffix=".xlsx") as tmp:
        ooxml.save(wb, tmp)


def run(args: argparse.Namespace) -> int:
    if args.teaching:
        wb = teaching_workbook()
        output = args.output if args.output != "club-pairs.xlsx" else "neuberg-teaching.xlsx"
    else:
        if not 1 <= args.tables <= 60:
            raise ValueError(f"--tables {args.tables}: expected 1 to 60 tables")
        if not 1 <= args.boards <= 120:
            raise ValueError(f"--boards {args.boards}: expected 1 to 120 boards")
        if not 1 <= args.sections <= 26:
            raise ValueError(f"--sections {args.sections}: expected 1 to 26 sections")
        wb = build_template(args.tables, args.boards, args.movement, args.method, args.scale,
                            sections=args.sections, field=args.field)
        output = args.output
    if output.lower().endswith(".xlsm"):  # for classic xlwings: xlwings' own VBA module in the workbook
        macro_enable(wb)
    save_atomically(wb, output)
    print(os.path.abspath(output))
    return 0


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = subparsers.add_parser(
        "template", help=COMMANDS["template"],
        description="Build the club template: Setup, Travellers, Pairs, Totals, Methods, Help and xlwings.conf sheets, "
        "every figure a live formula that works without the add-in.")
    p.add_argument("-o", "--output", default="club-pairs.xlsx",
                   help="the workbook to write (default club-pairs.xlsx); .xlsm: macro-enabled, with xlwings' own "
                   "VBA module (from the installed xlwings' standalone quickstart) for classic xlwings' functions")
    p.add_argument("--tables", type=int, default=15, help="tables (default 15)")
    p.add_argument("--boards", type=int, default=36, help="boards (default 36)")
    p.add_argument("--movement", choices=("mitchell", "howell"), default="mitchell",
                   help="mitchell: NS and EW ranked apart; howell: one ranking (default mitchell)")
    p.add_argument("--method", default="neuberg", type=str.lower,
                   choices=[m.lower() for m in METHOD_NAMES], help="estimation method (default neuberg)")
    p.add_argument("--scale", type=scale_argument, default=Scale.DOUBLE, metavar="SCALE", help=SCALE_HELP)
    p.add_argument("--sections", type=int, default=1,
                   help="sections A, B...: the lines, pairs and boards of each are pre-filled (default 1)")
    p.add_argument("--field", choices=FIELD_NAMES, default=FIELD_NAMES[0],
                   help="sections scored apart (section, default) or across the field (event)")
    p.add_argument("--teaching", action="store_true",
                   help="build the Neuberg teaching workbook instead: the slides' board 4 and its variants")
    p.set_defaults(func=run)
