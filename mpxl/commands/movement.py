"""``mpxl movement KIND --tables T``: the movement for the evening, and its cards.

KIND is one of (each refuses what it cannot do, naming what it can):

  mitchell       two winners, 3-30 tables (even: the EW pairs skip a table); --arrowswitch N: one winner
  howell         one winner, complete: 2 and 3 tables sharing boards, 4-13 and 15 balanced
  relay          a share-and-relay Mitchell, 2-30 tables, even: no skip, a round per table
  three-quarter  a Howell of about 3/4 of its rounds, 5-8 tables
  hesitation     one winner, 3-29 tables: T+1 rounds; the moving pairs play a round NS at table T (odd: a
                 relay; even: tables 1 and T share, two relays)
  appendix       14-26 tables: a 13-table circuit and T-13 appended tables, sharing its boards
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

``--from FILE`` reads any movement instead (the tablets' ``.bws``, a CSV of round, table, ns, ew, boards, or a
``--json`` schedule), checks it against the rules (a broken one is refused naming its round, table and rule)
and says how balanced it is. The evening's changes: ``--leaves PAIR@R`` (after round R), ``--joins PAIR@R``
(a late pair, at round R, in the empty seat), ``--swap-boards A-B@R``; the cards are then printed from the
first round changed.

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
import sys
from collections.abc import Sequence
from typing import Any

from ..core.changes import Change, apply, joins, leaves, rest_of_evening, swap
from ..core.movement import KINDS, Movement, board_ranges, movement
from ..core.movement_check import AFTER_A_CHANGE, ANY_FILE, balance, breaks
from ..core.numbers import whole
from ..formats.atomic import atomic_write, check_extension, check_not_input
from ..formats.cards_html import cards_html
from . import COMMANDS, plain_help
from .wrote import wrote

#: The rules a movement read from a file is checked against (:data:`mpxl.core.movement_check.ANY_FILE`).
CHECKED = ", ".join(f"{r} (unless they share it)" if r == "no board at two tables at once" else r for r in ANY_FILE)

__all__ = ["register", "run", "build", "schedule", "changes_of", "format_movement", "CHECKED"]


def build(args: argparse.Namespace) -> Movement:
    """The movement the command line asks for (a ValueError of one line for a bad request): KIND and its
    options, or ``--from FILE``, then the evening's changes (``--leaves``, ``--joins``, ``--swap-boards``)."""
    def number(text: str | None, flag: str) -> int | None:
        if text is None:
            return None
        return whole(text, flag)

    return schedule(args.kind, getattr(args, "source", None), number(args.tables, "--tables"),
                    number(args.boards_per_round, "--boards-per-round"), number(args.rounds, "--rounds"),
                    number(args.pairs, "--pairs"), number(args.arrowswitch, "--arrowswitch") or 0, changes_of(args),
                    number(args.late, "--late"))


def changes_of(args: argparse.Namespace) -> list[Change]:
    """The evening's changes given (:mod:`mpxl.core.changes`), in the order leaves, joins, swaps."""
    return ([leaves(x) for x in getattr(args, "leaves", None) or []]
            + [joins(x) for x in getattr(args, "joins", None) or []]
            + [swap(x) for x in getattr(args, "swap_boards", None) or []])


def schedule(kind: str | None, source: str | None, tables: int | None, boards_per_round: int | None = None,
             rounds: int | None = None, pairs: int | None = None, arrowswitch: int = 0,
             changes: Sequence[Change] = (), late: int | None = None) -> Movement:
    """The movement of KIND for ``tables`` tables, or the one read from the file ``source``
    (:func:`mpxl.formats.movement_file.read_movement`: checked), with ``changes`` made (``late``: the missing
    pair arrives for that round); a changed movement is checked again
    (:data:`~mpxl.core.movement_check.AFTER_A_CHANGE`: a change plays some boards fewer times)."""
    if source:
        given = [flag for flag, value in (("--tables", tables), ("--boards-per-round", boards_per_round),
                                          ("--rounds", rounds), ("--pairs", pairs), ("--arrowswitch", arrowswitch),
                                          ("--late", late))
                 if value]
        if kind or given:
            raise ValueError(f"--from {source}: the file gives the movement: give no {kind or given[0]}")
        from ..formats.movement_file import read_movement

        m = read_movement(source)
    elif not kind:
        raise ValueError("the movement: give KIND (" + ", ".join(KINDS) + ") with --tables, or --from FILE")
    elif tables is None:
        raise ValueError(f"{kind}: --tables is needed")
    else:
        m = movement(kind, tables, boards_per_round, rounds, pairs, arrowswitch, late)
    if not changes:
        return m
    changed = apply(m, list(changes))
    broken = breaks(changed, AFTER_A_CHANGE)
    if broken:
        raise ValueError(f"{changes[-1]}: then {broken[0]}")
    return changed


def first_changed(changes: Sequence[Change]) -> int:
    """The first round the changes alter (the cards are printed from there)."""
    return min(c.round if c.kind == "joins" else c.round + 1 for c in changes)


def checked_text(m: Movement) -> str:
    """What the check of a movement read from a file says: the rules it holds and its balance."""
    return f"checked: {CHECKED}; {balance(m)}"


def format_movement(m: Movement) -> str:
    """The movement as text: a line per round, a column per table ("NS-EW boards", and "with T2" where
    table 2 plays the same boards that round)."""
    cells = {(r.round, r.table): f"{r.ns or 'out'}-{r.ew or 'out'} b{board_ranges(r.boards).replace(', ', ',') or '-'}"
             + (f" with T{','.join(map(str, r.shares))}" if r.shares else "") for r in m.rows}
    width = max(len(c) for c in cells.values()) + 2
    lines = [m.title] + ([m.note] if m.note else []) + [""]
    lines.append("Round".ljust(7) + "".join(f"Table {t}".ljust(width) for t in range(1, m.tables + 1)).rstrip())
    for r in range(1, m.rounds + 1):
        lines.append(str(r).ljust(7) + "".join(cells[(r, t)].ljust(width) for t in range(1, m.tables + 1)).rstrip())
    return "\n".join(lines)


def _json(m: Movement, source: str | None, changed: bool) -> dict[str, Any]:
    """The ``--json`` schedule; read from a file, with what it was checked against and its balance; changed, with
    the note saying what changed."""
    doc = m.to_json()
    if source:  # a movement read from a file: what it was checked against, and its balance
        b = balance(m)
        doc.update(source=source, note=m.note, checked=CHECKED,
                   comparisons={"fewest": b.fewest, "most": b.most, "spread": b.spread, "unit": "boards"})
    elif changed:
        doc["note"] = m.note
    return doc


def run(args: argparse.Namespace) -> int:
    m = build(args)
    source = getattr(args, "source", None)
    changes = changes_of(args)
    if args.output:
        check_extension(args.output, (".html", ".htm", ".json", ".txt"), "the cards (.html), the schedule "
                        "(.json) or the table (.txt)")
        ext = os.path.splitext(args.output)[1].lower()
        if ext in (".html", ".htm"):
            printed = rest_of_evening(m, first_changed(changes)) if changes else m
            text, what = cards_html(printed, args.title or ""), "cards to print"
            detail = f"rounds {printed.rows[0].round} to {m.rounds}" if changes else ""
        elif ext == ".json":
            text, what, detail = json.dumps(_json(m, source, bool(changes)), indent=1) + "\n", "schedule", ""
        else:
            text, what, detail = format_movement(m) + "\n", "the rounds", ""
        if source:
            check_not_input(args.output, [source])
        with atomic_write(args.output) as f:
            f.write(text)
        if args.json:  # the schedule on stdout as well, as score --json prints beside its -o files
            print(json.dumps(_json(m, source, bool(changes))))
            print(wrote(args.output, what, detail or m.title), file=sys.stderr)
        else:
            print(wrote(args.output, what, detail or m.title))
    elif args.json:
        print(json.dumps(_json(m, source, bool(changes))))
    else:
        print(format_movement(m))
        if source:
            print(checked_text(m))
    return 0


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = subparsers.add_parser("movement", help=COMMANDS["movement"], description=plain_help(__doc__ or ""),
                              formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("kind", metavar="KIND", nargs="?", help=", ".join(KINDS) + " (the table above: which options "
                   "each takes), or --from FILE")
    p.add_argument("--from", dest="source", metavar="FILE", help="the movement of a file: the tablets' .bws (its "
                   "RoundData), a CSV of round, table, ns, ew, boards (1-2 or 1 2), or a --json schedule; checked "
                   "against the rules, and its balance said")
    p.add_argument("--tables", help="tables (the table above: each kind's)")
    p.add_argument("--pairs", help="pairs: 2T (default) or 2T-1: the highest pair is missing, one sits out each round")
    p.add_argument("--boards-per-round", help="boards a round (default: about 26 boards in all, 2 to 4 a round)")
    p.add_argument("--rounds", help="fewer rounds than the whole movement (mitchell; howell 4-10 tables: "
                   "the rounds offered are named when one is refused)")
    p.add_argument("--arrowswitch", metavar="LAST_N", help="mitchell: the last N rounds turned, for one winner")
    p.add_argument("--late", metavar="ROUND", help="with --pairs 2T-1: the missing pair arrives for ROUND and "
                   "takes the seat that sat out")
    p.add_argument("--leaves", action="append", metavar="PAIR@R", help="the evening's change: the pair leaves "
                   "after round R (its opponents sit out); NS 3@R or EW 3@R with two winners")
    p.add_argument("--joins", action="append", metavar="PAIR@R", help="a late pair joins at round R, in the empty "
                   "seat (a missing pair's, --pairs 2T-1, or one a pair left)")
    p.add_argument("--swap-boards", action="append", metavar="A-B@R", help="tables A and B played each other's "
                   "boards in round R (a later table that would replay one plays the others)")
    p.add_argument("--json", action="store_true", help="print the schedule as JSON")
    p.add_argument("--title", help="the evening's name on the cards")
    p.add_argument("-o", "--output", help="write cards.html (the cards to print), a .json or a .txt")
    p.set_defaults(func=run)
