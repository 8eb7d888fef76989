"""``mpxl deal --boards 1-32 -o night.pbn -o night.dlm``: deal the evening's boards, or read a deals file.

Each deal is drawn uniformly from all 5.36 x 10^28 deals with the operating system's cryptographic
source; ``--seed N`` (tests only) deals the same boards every time and says so in the files written: a
board's deal is the seed's and its number's alone, so board 5 of ``--boards 5-8`` is board 5 of ``1-10``.
Dealer and vulnerability are the board number's. ``--deals FILE`` reads any deals file instead (PBN,
Duplimate's .dlm and .dup, .bri, .dge, BBO's .lin) and converts it. Each ``-o`` is written in the format
of its extension, all of them or none: .pbn .dlm .dup .bri .dge .lin, and .html the printed hand record.
``--json`` prints the deals as other programs read them; ``--analyse`` adds the double-dummy tricks
and par (the ``[dds]`` extra). With neither ``-o`` nor ``--json``: a line a board.

>>> import argparse
>>> p = argparse.ArgumentParser(); sub = p.add_subparsers(); register(sub)
>>> board_range("1-4, 9")
[1, 2, 3, 4, 9]
>>> print(deals_text(read_or_deal(p.parse_args(["deal", "--boards", "1-2", "--seed", "1"]))))
1 N None N:K874.KJ64.T7.AK6 Q2.AT953.AQJ3.32 AT3.Q872.642.QT5 J965..K985.J9874
2 E NS   N:J9753.KJT93.A2.8 T86.65.J97.QT543 AKQ.AQ42.Q654.62 42.87.KT83.AKJ97
>>> print(deals_text(read_or_deal(p.parse_args(["deal", "--boards", "2-3", "--seed", "1"]))).splitlines()[0])
2 E NS   N:J9753.KJT93.A2.8 T86.65.J97.QT543 AKQ.AQ42.Q654.62 42.87.KT83.AKJ97
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Mapping
from typing import Any

from ..core.contract import board_dealer, board_vulnerability
from ..core.dealing import deal_boards
from ..core.errors import UserError
from ..core.event import Deal
from ..core.numbers import whole
from ..formats import extension
from ..formats.deals import deal_extensions, deals_format, read_deals, write_deals
from ..formats.inputs import board_list
from . import COMMANDS, plain_help

__all__ = ["register", "run", "board_range", "read_or_deal", "deals_json", "deals_text", "MOST_BOARDS",
           "HAND_RECORD", "ANALYSIS"]

#: The most boards one command deals (far above any evening; a bound on the work).
MOST_BOARDS = 10_000
#: The printed hand record's extensions, and its writer (module, function):
#: ``write_hand_record(deals, analyses, path)`` (issue 48's hand record).
HAND_RECORD = ((".html", ".htm"), ("mpxl.formats.hand_record", "write_hand_record"))
#: The double-dummy analysis (module, function): ``solve(deals, source) -> {board: analysis}``, each
#: analysis with ``grid()`` (the JSON's ``dd``) and ``par_json()`` (its ``par``); the analysis a PBN
#: brings (``read_pbn_analyses(path, deals)``); the extra that installs the solver.
ANALYSIS = (("mpxl.formats.solver", "solve"), ("mpxl.formats.pbn", "read_pbn_analyses"), "dds")


def board_range(text: str) -> list[int]:
    """The boards of ``--boards``: numbers and runs separated by commas (``1-32``, ``1-16,33-48``); ValueError
    for a board below 1, a run backwards, a board twice, more than :data:`MOST_BOARDS`.

    >>> board_range("3")
    [3]
    >>> board_range("5-2")
    Traceback (most recent call last):
    ...
    ValueError: --boards '5-2': the run 5-2 goes down; expected the first board, a dash, the last (1-32)
    """
    boards: list[int] = []
    for part in text.split(","):
        first, dash, last = part.strip().partition("-")
        a = whole(first.strip(), f"--boards {text!r}: the board")
        b = whole(last.strip(), f"--boards {text!r}: the board") if dash else a
        if a < 1:
            raise ValueError(f"--boards {text!r}: board {a}; boards are numbered from 1")
        if b < a:
            raise ValueError(f"--boards {text!r}: the run {a}-{b} goes down; expected the first board, a dash, "
                             "the last (1-32)")
        if len(boards) + b - a + 1 > MOST_BOARDS:
            raise ValueError(f"--boards {text!r}: more than {MOST_BOARDS:,} boards")
        boards.extend(range(a, b + 1))
    twice = sorted({x for x in boards if boards.count(x) > 1}) if len(set(boards)) < len(boards) else []
    if twice:
        raise ValueError(f"--boards {text!r}: board {twice[0]} twice")
    return boards


def read_or_deal(args: argparse.Namespace) -> dict[int, Deal]:
    """The deals of the command line: ``--deals``' file read, or ``--boards`` dealt (``--seed``: tests only)."""
    if args.deals:
        if args.seed is not None:
            raise ValueError("--seed deals the boards of --boards; a --deals file is read, not dealt")
        return read_deals(args.deals)
    seed = None if args.seed is None else whole(args.seed, "--seed")
    return deal_boards(board_range(args.boards), seed)


def _seats(deal: Deal) -> tuple[str, str]:
    return deal.dealer or board_dealer(deal.board).value, deal.vulnerable or board_vulnerability(deal.board).value


def deals_json(deals: Mapping[int, Deal], analyses: Mapping[int, Any] | None = None) -> dict[str, Any]:
    """The JSON ``--json`` prints: ``{"boards": [...]}``, each board as ``score --json``'s ``deals`` writes it
    (:func:`mpxl.formats.jsonout.deal_json`: board, dealer, vulnerable, hands, hcp; ``dd`` and ``par``
    where an analysis is given)."""
    from ..formats.jsonout import deal_json

    return {"boards": [deal_json(deals[b], (analyses or {}).get(b)) for b in sorted(deals)]}


def deals_text(deals: Mapping[int, Deal]) -> str:
    """A line a board: number, dealer, vulnerability, the deal as PBN's ``[Deal]`` writes it."""
    width = len(str(max(deals, default=1)))
    return "\n".join(f"{b:>{width}} {_seats(deals[b])[0]} {_seats(deals[b])[1]:<4} {deals[b].to_pbn()}"
                     for b in sorted(deals))


def _load(where: tuple[str, str]) -> Any:
    import importlib

    return getattr(importlib.import_module(where[0]), where[1])


def _analyse(deals: dict[int, Deal], source: str) -> dict[int, Any]:
    """The analysis of ``deals`` (:data:`ANALYSIS`); UserError saying what to install when it is not there."""
    where, _read, extra = ANALYSIS
    try:
        solve = _load(where)
    except (ImportError, AttributeError):
        from ..cli import DISTRIBUTION

        raise UserError("--analyse", "", f"the double-dummy analysis is not in this mpxl: pip install "
                        f'"{DISTRIBUTION}[{extra}]"') from None
    return dict(solve(list(deals.values()), source))  # endplay missing: an ImportError the command line names


def _brought(path: str | None, deals: dict[int, Deal]) -> dict[int, Any]:
    """The analysis a PBN deals file brings (its analysis tags), where this mpxl reads them; else none."""
    if not path or deals_format(path) != "pbn":
        return {}
    try:
        read = _load(ANALYSIS[1])
    except (ImportError, AttributeError):
        return {}
    return dict(read(path, deals))


def _check_outputs(outputs: list[str], inputs: list[str]) -> None:
    """Every ``-o`` refused before any is written: an extension no deals file has, one named twice, the input."""
    from ..formats.atomic import check_not_input, same_file

    for i, out in enumerate(outputs):
        check_not_input(out, inputs)
        if any(same_file(out, other) for other in outputs[:i]):
            raise UserError(out, "", "named twice by -o")
        if extension(out) in HAND_RECORD[0]:
            try:
                _load(HAND_RECORD[1])
            except ImportError:
                raise UserError(out, "", "the printed hand record (.html) is not in this mpxl yet; write a .pbn "
                                "and print it from the dealing program") from None
        elif extension(out) not in deal_extensions():
            raise UserError(out, "", "cannot write deals to this kind of file; expected one of "
                            + ", ".join(deal_extensions() + HAND_RECORD[0]))


def run(args: argparse.Namespace) -> int:
    outputs: list[str] = list(args.output or [])
    _check_outputs(outputs, [args.deals] if args.deals else [])
    deals = read_or_deal(args)
    if not deals:
        raise UserError(args.deals or "--boards", "", "no deals")
    analyses = _analyse(deals, args.deals or "") if args.analyse else _brought(args.deals, deals) or None
    seed = None if args.deals or args.seed is None else whole(args.seed, "--seed")
    say = sys.stderr if args.json else sys.stdout
    lines = []
    if outputs:
        from ..formats.atomic import all_or_none

        with all_or_none():  # one output refused, none written
            for out in outputs:
                if extension(out) in HAND_RECORD[0]:
                    _load(HAND_RECORD[1])([deals[b] for b in sorted(deals)], analyses or {}, out)
                    name = "hand record"
                else:
                    name = write_deals(deals, out, seed=seed, analyses=analyses).name
                lines.append(f"mpxl: wrote {out} ({name}): boards {board_list(deals)}")
    for line in lines:
        print(line, file=say)
    if args.json:
        print(json.dumps(deals_json(deals, analyses)))
    elif not outputs:
        print(deals_text(deals))
    return 0


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = subparsers.add_parser("deal", help=COMMANDS["deal"], description=plain_help(__doc__ or ""),
                              formatter_class=argparse.RawDescriptionHelpFormatter)
    source = p.add_mutually_exclusive_group(required=True)
    source.add_argument("--boards", metavar="RANGE", help="deal these boards: 1-32, or 1-16,33-48")
    source.add_argument("--deals", metavar="FILE", help="read this deals file instead (" + " ".join(deal_extensions())
                        + ")")
    p.add_argument("--seed", metavar="N", help="tests only: deal from this seed (the same boards every time: a "
                   "board's deal depends on the seed and its number alone, not on --boards' range), said in the "
                   "files written; never for play")
    p.add_argument("-o", "--output", action="append", metavar="FILE", help="write the deals here, the format by "
                   "the extension: " + " ".join(deal_extensions()) + ", .html (the hand record to print); "
                   "repeat for more")
    p.add_argument("--json", action="store_true", help="print the deals as JSON (board, dealer, vulnerable, hands, "
                   "hcp; dd and par with --analyse)")
    p.add_argument("--analyse", "--analyze", action="store_true", help="add the double-dummy tricks and par "
                   '(pip install "mpxl-bridge[dds]")')
    p.set_defaults(func=run)
