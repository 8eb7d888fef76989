"""``mpxl movement KIND --tables T``: the movement for the evening, and its cards.

KIND is one of (each refuses what it cannot do, naming what it can):

  mitchell       two winners, 3-30 tables (even: the EW pairs skip a table); --arrowswitch N: one winner
  howell         one winner, complete: 2 and 3 tables sharing boards, 4-13 and 15 balanced
  relay          a share-and-relay Mitchell, 2-30 tables, even: no skip, a round per table
  three-quarter  a Howell of about 3/4 of its rounds, 5-8 tables
  hesitation     one winner, 5, 7 and 9 tables: the pairs go round one loop and turn at the end tables
  appendix       26 tables: a 13-table Mitchell and 13 appended tables, sharing its boards
  web            the appendix's schedule with two copies of every board (no sharing)

Which option works with which kind:

  option              mitchell  howell       relay     three-quarter  hesitation  appendix, web
  --pairs 2T-1        yes       yes          yes       no             yes         yes
  --late ROUND        with --pairs 2T-1, every kind: the missing pair arrives for that round
  --rounds R          1 to all  4-10 (*)     no        no             no          no
  --arrowswitch N     yes       no           no        no             no          no
  --boards-per-round  yes       yes          yes       yes            yes         yes

(*) the rounds offered are named when one is refused. Printed as a table of rounds, ``--json`` as
the schedule other programs read (a row whose boards other tables play that round names them in
``shares``; ``copies`` when boards are duplicated), ``-o cards.html`` as the page of table cards,
guide cards, traveller slips and personal score cards, ``-o FILE.json`` as the JSON.

>>> import argparse
>>> p = argparse.ArgumentParser(); sub = p.add_subparsers(); register(sub)
>>> a = p.parse_args(["movement", "howell", "--tables", "7", "--boards-per-round", "2"])
>>> print(format_movement(build(a)).splitlines()[0])
Howell, 7 tables, 13 rounds of 2 boards (26 boards), one winner
"""

from __future__ import annotations

import argparse
import json
import os

from ..core.movement import KINDS, Movement, movement
from ..core.numbers import whole
from ..formats.atomic import atomic_write, check_extension
from ..formats.cards_html import cards_html, movement_title
from . import COMMANDS, plain_help

__all__ = ["register", "run", "build", "format_movement"]


def build(args: argparse.Namespace) -> Movement:
    """The movement the command line asks for (a ValueError of one line for a bad request)."""
    def number(text: str | None, flag: str) -> int | None:
        if text is None:
            return None
        return whole(text, flag)

    tables = number(args.tables, "--tables")
    assert tables is not None
    return movement(args.kind, tables, number(args.boards_per_round, "--boards-per-round"),
                    number(args.rounds, "--rounds"), number(args.pairs, "--pairs"),
                    number(args.arrowswitch, "--arrowswitch") or 0, number(args.late, "--late"))


def format_movement(m: Movement) -> str:
    """The movement as text: a line per round, a column per table ("NS-EW boards", and "with T2" where
    table 2 plays the same boards that round)."""
    cells = {(r.round, r.table): f"{r.ns or 'out'}-{r.ew or 'out'} b{r.boards[0]}"
             + (f"-{r.boards[-1]}" if len(r.boards) > 1 else "")
             + (f" with T{','.join(map(str, r.shares))}" if r.shares else "") for r in m.rows}
    width = max(len(c) for c in cells.values()) + 2
    lines = [movement_title(m)] + ([m.note] if m.note else []) + [""]
    lines.append("Round".ljust(7) + "".join(f"Table {t}".ljust(width) for t in range(1, m.tables + 1)).rstrip())
    for r in range(1, m.rounds + 1):
        lines.append(str(r).ljust(7) + "".join(cells[(r, t)].ljust(width) for t in range(1, m.tables + 1)).rstrip())
    return "\n".join(lines)


def run(args: argparse.Namespace) -> int:
    m = build(args)
    if args.output:
        check_extension(args.output, (".html", ".htm", ".json", ".txt"), "the cards (.html), the schedule "
                        "(.json) or the table (.txt)")
        ext = os.path.splitext(args.output)[1].lower()
        if ext in (".html", ".htm"):
            text = cards_html(m, args.title or "")
        elif ext == ".json":
            text = json.dumps(m.to_json(), indent=1) + "\n"
        else:
            text = format_movement(m) + "\n"
        with atomic_write(args.output) as f:
            f.write(text)
        print(os.path.abspath(args.output))
    elif args.json:
        print(json.dumps(m.to_json()))
    else:
        print(format_movement(m))
    return 0


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = subparsers.add_parser("movement", help=COMMANDS["movement"], description=plain_help(__doc__ or ""),
                              formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("kind", metavar="KIND", help=", ".join(KINDS) + " (the table above: which options each takes)")
    p.add_argument("--tables", required=True, help="tables (the table above: each kind's)")
    p.add_argument("--pairs", help="pairs: 2T (default) or 2T-1: the highest pair is missing, one sits out each round")
    p.add_argument("--boards-per-round", help="boards a round (default: about 26 boards in all, 2 to 4 a round)")
    p.add_argument("--rounds", help="fewer rounds than the whole movement (mitchell; howell 4-10 tables: "
                   "the rounds offered are named when one is refused)")
    p.add_argument("--arrowswitch", metavar="LAST_N", help="mitchell: the last N rounds turned, for one winner")
    p.add_argument("--late", metavar="ROUND", help="with --pairs 2T-1: the missing pair arrives for ROUND and "
                   "takes the seat that sat out")
    p.add_argument("--json", action="store_true", help="print the schedule as JSON")
    p.add_argument("--title", help="the evening's name on the cards")
    p.add_argument("-o", "--output", help="write cards.html (the cards to print), a .json or a .txt")
    p.set_defaults(func=run)
