"""``mpxl template``: build the club template workbook (or the Neuberg teaching workbook).

>>> import argparse
>>> p = argparse.ArgumentParser(); sub = p.add_subparsers(); register(sub)
>>> a = p.parse_args(["template", "--tables", "9", "--movement", "howell"])
>>> a.tables, a.boards, a.movement, a.output, default_output(a)
(9, None, 'howell', None, 'club-pairs.xlsx')
>>> a = p.parse_args(["template", "--tables", "7", "--movement", "howell", "--boards-per-round", "3"])
>>> laid_out(a).boards
39
"""

from __future__ import annotations

import argparse
import os
import sys
from dataclasses import replace

from ..core.errors import UserError
from ..core.movement import KINDS, Movement
from ..core.numbers import whole_argument as whole
from ..core.settings import Scale
from ..formats.atomic import atomic_path, check_extension, check_not_input
from ..workbook.examples import teaching_contents
from ..workbook.inputs import Contents
from ..workbook.layout import FIELD_NAMES
from ..workbook.template import METHOD_NAMES, template_contents, write_workbook
from . import COMMANDS, SCALE_HELP, scale_argument
from .movement import changes_of, schedule
from .wrote import wrote

__all__ = ["register", "run", "write_atomically"]


def write_atomically(path: str, contents: Contents) -> None:
    """Write the workbook of ``contents`` (:class:`~mpxl.workbook.inputs.Contents`) to
    ``path`` through a temporary file and a rename; an ``.xlsm`` macro-enabled, for classic xlwings
    (xlwings' own VBA module in the workbook)."""
    check_extension(path, (".xlsx", ".xlsm"), "a workbook")
    with atomic_path(path, suffix=".xlsx") as tmp:
        write_workbook(tmp, contents, macro_enabled=path.lower().endswith(".xlsm"))


def laid_out(args: argparse.Namespace) -> Movement | None:
    """The movement to lay the travellers out from: when ``--from``, ``--boards-per-round``, ``--pairs``,
    ``--rounds``, ``--arrowswitch``, ``--late`` or a change is given, or a kind other than mitchell and howell
    (else None: the template as before, rows pre-numbered only)."""
    changes = changes_of(args)
    source = getattr(args, "source", None)
    plain = (args.movement or "mitchell") in ("mitchell", "howell")
    if plain and not source and not changes and all(
            getattr(args, k) is None for k in ("boards_per_round", "pairs", "rounds", "arrowswitch", "late")):
        return None
    if args.sections != 1:
        raise ValueError("--sections: a template laid out from a movement has one section")
    if source and args.movement is not None:
        raise ValueError(f"--from {source}: the file gives the movement: give no --movement")
    m = schedule(None if source else args.movement or "mitchell", source, None if source else args.tables,
                 args.boards_per_round, args.rounds, args.pairs, args.arrowswitch or 0, changes, args.late)
    if args.boards is not None and args.boards != m.boards:
        raise ValueError(f"--boards {args.boards}: the movement has {m.boards} boards (leave --boards out)")
    return m


def titled(contents: Contents, title: str | None, date: str | None) -> Contents:
    """``contents`` with the event's title and date on its Setup as given (over the movement's name).

    >>> titled(Contents(), " Tuesday pairs ", "2026-12-01").settings.event
    'Tuesday pairs'
    """
    if title is None and date is None:
        return contents
    s = contents.settings
    return replace(contents, settings=replace(s, event=s.event if title is None else title.strip(),
                                              date=s.date if date is None else date.strip()))


def with_deals(contents: Contents, path: str | None) -> Contents:
    """``contents`` with the hand record of the deals file ``path`` on a Hands sheet (its double-dummy analysis
    too, where the file holds it: ``mpxl deal --analyse``): the deals of the template's boards; UserError when the
    file holds none of them, a line on stderr naming the boards it has no deal for."""
    if not path:
        return contents
    import sys

    from ..core.event import Event
    from ..formats.inputs import attach_deals, deals_missing

    event = attach_deals(Event(), path)
    boards = {b if isinstance(b, int) else b[0] for b in contents.boards} or set(event.deals)
    missing = deals_missing(path, event.deals, boards, "the template's boards are")
    if missing:
        print(f"mpxl: {missing}", file=sys.stderr)
    kept = sorted(boards & set(event.deals))
    return replace(contents, deals=[event.deals[b] for b in kept],
                   analyses=[event.analyses[b] for b in kept if b in event.analyses])


#: The workbooks written where no ``-o`` names one: the club template, the teaching workbook.
DEFAULT, TEACHING = "club-pairs.xlsx", "neuberg-teaching.xlsx"


#: The template's layout options and their defaults: the teaching workbook takes none of them.
_LAYOUT_DEFAULTS: dict[str, object] = {
    "tables": 15, "boards": None, "movement": None, "source": None, "leaves": None, "joins": None, "swap_boards": None,
    "boards_per_round": None, "pairs": None, "rounds": None, "arrowswitch": None, "late": None, "method": "neuberg",
    "scale": Scale.DOUBLE, "sections": 1, "field": FIELD_NAMES[0]}


def default_output(args: argparse.Namespace) -> str:
    """The workbook ``args`` write: ``-o``'s, else the default name of the template or the teaching workbook."""
    return str(args.output) if args.output is not None else (TEACHING if args.teaching else DEFAULT)


def _not_replaced(output: str) -> None:
    """UserError where no ``-o`` was given and a file already has the default name: a club's workbook of last
    week, its results typed, is not replaced by an empty one unless ``-o`` names it."""
    if os.path.lexists(output):
        raise UserError(output, "", f"a file of that name is already here (last time's workbook?); it is kept: give "
                        f"-o {output} to replace it, or -o with another name")


def run(args: argparse.Namespace) -> int:
    schedule = None
    output = default_output(args)
    if args.output is None:
        _not_replaced(output)
    if args.teaching:
        ignored = [f"--{k.replace('_', '-')}" for k, default in _LAYOUT_DEFAULTS.items()
                   if getattr(args, k, default) != default]
        if ignored:
            raise UserError("", ignored[0], f"{' and '.join(ignored)} lay out a club's template; --teaching builds "
                            "the teaching workbook (the slides' board 4), which has its own: leave them out")
        contents = teaching_contents()
    else:
        if not 1 <= args.tables <= 60:
            raise ValueError(f"--tables {args.tables}: expected 1 to 60 tables")
        schedule = laid_out(args)
        args.boards = 36 if args.boards is None else args.boards
        if not 1 <= args.boards <= 120:
            raise ValueError(f"--boards {args.boards}: expected 1 to 120 boards")
        if not 1 <= args.sections <= 26:
            raise ValueError(f"--sections {args.sections}: expected 1 to 26 sections")
        contents = template_contents(args.tables, args.boards, args.movement or "mitchell", args.method, args.scale,
                                     sections=args.sections, field=args.field, schedule=schedule)
    contents = with_deals(titled(contents, args.title, args.date), args.deals)
    if getattr(args, "source", None) or args.deals:
        check_not_input(output, [p for p in (getattr(args, "source", None), args.deals) if p])
    write_atomically(output, contents)
    print(wrote(output, "workbook", contents.settings.event or ("the teaching workbook" if args.teaching else ""),
                traveller_lines=len(contents.lines)))
    if not args.teaching and args.movement in ("mitchell", "howell") and schedule is None:
        print(f"mpxl: {output}: the travellers are not laid out from the {args.movement} (rows numbered, pairs typed "
              f"by the scorer); give --boards-per-round B to lay them out: a line per table and board, its pairs "
              f"there, each board's N the movement's", file=sys.stderr)
    return 0


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = subparsers.add_parser(
        "template", help=COMMANDS["template"],
        description="Build the club template: Setup, Travellers, Pairs, Totals, Methods, Help and xlwings.conf sheets, "
        "every figure a live formula that works without the add-in.")
    p.add_argument("-o", "--output",
                   help="the workbook to write, replacing a file of that name (default club-pairs.xlsx, or "
                   "neuberg-teaching.xlsx with --teaching, never replacing a file already there); "
                   ".xlsm: macro-enabled, with xlwings' own "
                   "VBA module (from the installed xlwings' standalone quickstart) for classic xlwings' functions")
    p.add_argument("--tables", type=whole, default=_LAYOUT_DEFAULTS["tables"], help="tables (default 15)")
    p.add_argument("--boards", type=whole, help="boards (default 36; with a movement: its boards)")
    p.add_argument("--movement", choices=KINDS,
                   help="mitchell: NS and EW ranked apart; howell: one ranking (default mitchell); relay and "
                   "three-quarter: always laid out from the movement (mpxl movement)")
    p.add_argument("--from", dest="source", metavar="FILE", help="lay the travellers out from the movement of a "
                   "file (mpxl movement --from: a .bws, a CSV of round, table, ns, ew, boards, or a --json schedule)")
    p.add_argument("--title", help="the evening's name on the Setup and the results page (default: the movement's)")
    p.add_argument("--date", help="the evening's date, as it is to be shown")
    p.add_argument("--deals", metavar="FILE", help="the boards' hands on a Hands sheet, from a deals file (mpxl "
                   "deal's: .pbn, .dlm, .dup, .bri, .dge, .lin), with their double-dummy analysis where it holds one")
    p.add_argument("--leaves", action="append", metavar="PAIR@R", help="with a movement: the pair leaves after "
                   "round R (mpxl movement --leaves)")
    p.add_argument("--joins", action="append", metavar="PAIR@R", help="with a movement: a late pair joins at round R")
    p.add_argument("--swap-boards", action="append", metavar="A-B@R", help="with a movement: tables A and B played "
                   "each other's boards in round R")
    p.add_argument("--boards-per-round", type=whole, help="lay the travellers out from the movement (mpxl movement): "
                   "a line per table that plays each board, with its pairs, and a Movement sheet")
    p.add_argument("--pairs", type=whole, help="with a movement: 2T-1 pairs, one sits out each round")
    p.add_argument("--rounds", type=whole, help="with a movement: fewer rounds (mitchell)")
    p.add_argument("--arrowswitch", type=whole, metavar="LAST_N", help="with a mitchell: the last N rounds turned")
    p.add_argument("--late", type=whole, metavar="ROUND", help="with --pairs 2T-1: the missing pair arrives for ROUND")
    p.add_argument("--method", default=_LAYOUT_DEFAULTS["method"], type=str.lower,
                   choices=[m.lower() for m in METHOD_NAMES], help="estimation method (default neuberg)")
    p.add_argument("--scale", type=scale_argument, default=_LAYOUT_DEFAULTS["scale"], metavar="SCALE", help=SCALE_HELP)
    p.add_argument("--sections", type=whole, default=_LAYOUT_DEFAULTS["sections"],
                   help="sections A, B...: the lines, pairs and boards of each are pre-filled (default 1)")
    p.add_argument("--field", choices=FIELD_NAMES, default=_LAYOUT_DEFAULTS["field"],
                   help="sections scored apart (section, default) or across the field (event)")
    p.add_argument("--teaching", action="store_true",
                   help="build the Neuberg teaching workbook instead: the slides' board 4 and its variants")
    p.set_defaults(func=run)
