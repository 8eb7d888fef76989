"""``mpxl score INPUT [-o OUTPUT] [--json] ...``: score a results file and print or write the ranking.

The input is USEBIO XML, PBN or CSV travellers, or the tablets' database
(Bridgemate ``.bws``: what a scorer must look at is said on stderr). Scoring
follows the conventions of the program that wrote the file (``--conventions`` to
choose), and the options override them. ``-o`` writes by extension: ``.xlsx``,
``.csv``, ``.xml`` (USEBIO), ``.pbn``, ``.html``; never over the input, always
atomically; given again, more outputs of the one scoring. ``--watch`` rewrites
them whenever the database changes (live results during play).
"""

from __future__ import annotations

import argparse
import gc
import math
import sys
from collections.abc import Iterator
from contextlib import AbstractContextManager, ExitStack, contextmanager, nullcontext
from typing import Any

from ..core.errors import UserError
from ..core.numbers import figure
from ..formats import check_output, output_extensions
from ..formats.labels import LANGUAGES, labels
from . import COMMANDS, add_connector_arguments, plain_help
from .choice import add_scoring_arguments
from .fastpath import score_by_columns
from .given import Given
from .outputs import input_paths, output_paths, write_json, write_output, written_line
from .scoring import given_heading, score_input, to_settle
from .text_report import missed_sessions_note, ranking_text

__all__ = ["register", "run", "score_and_write", "seconds_argument", "cyclic_gc_paused"]


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = subparsers.add_parser(
        "score",
        help=COMMANDS["score"],
        description=plain_help(__doc__),
    )
    add_scoring_arguments(p)
    p.add_argument("-o", "--output", metavar="OUTPUT", action="append", help="write the scored event: "
                   + ", ".join(output_extensions()) + "; give -o again for more outputs, each written atomically")
    p.add_argument("--watch", action="store_true", help="keep scoring the tablets' database as results arrive: "
                   "rewrite the outputs whenever it changes (the page reloads itself), until Ctrl-C")
    p.add_argument("--every", type=seconds_argument, metavar="SECONDS",
                   help="with --watch: how often to look at the database (default 0.5 seconds)")
    p.add_argument("--tablets", action="store_true", help="INPUT is the evening's journal mpxl tablets start wrote: "
                   "poll the tablets' results from BCS 5's Data Connector into it first, accept them once written")
    add_connector_arguments(p)
    p.add_argument("--json", action="store_true", help="print the results as JSON on stdout")
    p.add_argument("--title", help="the event's title (over the file's own; a CSV may have a title column)")
    p.add_argument("--date", help="the event's date, as it is to be shown (over the file's own)")
    p.add_argument("--club", metavar="NAME", help="the club's name: kept in the workbook's Setup, into the USEBIO "
                   "file's CLUB and the results page's title (over the file's own)")
    p.add_argument("--show-members", action="store_true", help="show the players' member numbers on the results "
                   "page (left off by default: the other outputs carry them)")
    p.add_argument("--lang", metavar="LANG", help="the results page's language: " + ", ".join(LANGUAGES)
                   + " (default: the one the file says, such as a Ruter or Magic Contest file's, else en)")
    p.set_defaults(func=run)


def seconds_argument(text: str) -> float:
    """A ``--every`` value: a number of seconds above 0 (argparse names the flag of a bad one).

    >>> seconds_argument("0.5")
    0.5
    >>> seconds_argument("inf")
    Traceback (most recent call last):
    ...
    argparse.ArgumentTypeError: 'inf' is not a number of seconds above 0 (such as 0.5)
    """
    try:
        value = figure(text)
    except ValueError:
        value = math.nan
    if not math.isfinite(value) or value <= 0:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number of seconds above 0 (such as 0.5)")
    return value


def run(args: argparse.Namespace) -> int:
    if getattr(args, "every", None) is not None and not Given.of(args).watch:
        raise UserError("", "--every", "goes with --watch (how often to look at the database); without --watch "
                        "the input is scored once")
    if getattr(args, "tablets", False) and not Given.of(args).watch:  # the Data Connector polled once
        from .feed import feed

        with cyclic_gc_paused():
            return feed(args, score_and_write)
    if Given.of(args).watch:
        from .watch import watch  # the live loop, loaded when asked for

        with cyclic_gc_paused():
            return watch(args)
    with cyclic_gc_paused():
        # the event's objects are freed as score_and_write returns, before the collector is back: its first
        # pass would otherwise walk all of them (about 0.1 s at 10^6 lines)
        return score_and_write(args)


def _left_open(exc: UserError) -> bool:
    """Whether ``exc`` says an output is open in a program (:class:`mpxl.formats.atomic.FileOpen`, raised before it
    was written): then kept to be said as the outputs are moved into place, the others written all the same."""
    from ..formats.atomic import FileOpen, left_open

    if not isinstance(exc, FileOpen):
        return False
    left_open(exc)
    return True


@contextmanager
def cyclic_gc_paused() -> Iterator[None]:
    """Pause Python's cyclic garbage collector (reference counting still frees memory).

    Reading, scoring and writing a large event make millions of objects and no cycles:
    the collector would walk the live ones again and again for nothing (about a third of
    the time at 10^6 lines). Its state is restored on the way out.

    >>> import gc
    >>> with cyclic_gc_paused():
    ...     gc.isenabled()
    False
    >>> gc.isenabled()
    True
    """
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_enabled:
            gc.enable()


def score_and_write(args: argparse.Namespace) -> int:
    """Score ``args.input`` and write every ``-o`` output (each atomically), print the ranking or
    the JSON."""
    given = Given.of(args)
    # with --json, stdout holds the JSON alone: the line saying what was written goes to stderr
    say = sys.stderr if given.json else sys.stdout
    lang, members = given.lang, given.show_members
    if lang is not None:
        try:
            labels(lang)
        except ValueError as exc:
            raise UserError("--lang", "", str(exc)) from None
    outputs = output_paths(given)
    by_columns = None
    if (all(check_output(o).columns for o in outputs) and not given.deals and not given.movement
            and not (given.title or given.date)):  # a title: the event's CSV writer
        by_columns = score_by_columns(given)
    written: dict[str, str] = {}  # each output written -> its line ('' for the usual one)
    reading = None
    settle: list[str] = []
    inputs = input_paths(given)
    held: AbstractContextManager[None] = nullcontext()
    guards = ExitStack()
    opened: Any = None  # a FileOpen: outputs open in a program (Excel), not written; the others are
    if outputs:  # one output refused, none written: every one moved into place at the end
        from ..formats.atomic import all_or_none, fingerprint, unchanged_since  # the writing code, loaded for an output

        held = all_or_none()
        for out in outputs:  # a workbook the director's work is read from: replaced only if unchanged since
            if out.lower().endswith(".xlsx"):
                guards.enter_context(unchanged_since(out, fingerprint(out)))
    try:
        with guards, held:
            if by_columns is not None:
                result, chosen = by_columns
                event = result.event
                given_heading(event, given)
            else:
                event, reading, result, chosen = score_input(args)
                settle = to_settle(event, given.input, movement=given.movement)
            # from the columns, the pairs are ranked only for an output that writes them: the others count lines
            lines = len(result.travellers) if by_columns is not None and result.travellers is not None else None
            for out in outputs:
                try:
                    write_output(result, out, inputs, lang, members)
                except UserError as exc:
                    if not _left_open(exc):
                        raise
                    continue
                written[out] = (written_line(out, traveller_lines=lines) if lines is not None
                                and not check_output(out).pairs else "")
    except UserError as exc:  # an output open in a program (Excel): the others written all the same (all_or_none)
        if not outputs or not hasattr(exc, "written"):
            raise
        opened = exc
    found = chosen.inference
    if chosen.contradicted:
        print(f"mpxl: {chosen.contradicted}", file=sys.stderr)
    elif found is not None and found.agree < found.total:  # the file's own figures: not all reproduced
        print(f"mpxl: {given.input}: no settings mpxl knows reproduce every figure the file publishes (the nearest "
              f"reproduce {found.agree} of {found.total}); scored with those; mpxl check {given.input} lists what "
              "differs", file=sys.stderr)
    note = missed_sessions_note(result, given.input)
    if note:
        print(note, file=sys.stderr)
    boards = len(result.scored.boards) if result.scored is not None else len(result.boards)
    for out, line in written.items():
        if opened is None or out in opened.written:
            print(line or written_line(out, boards=boards, pairs=len(result.pairs)), file=say)
    if opened is not None:  # one line naming it (and any other open), and the outputs written all the same
        raise opened
    if given.json:  # the pairs are totalled as the JSON is written: the collector still paused
        more: dict[str, Any] = {"conventions": chosen.to_json(event)}
        if reading is not None:  # the tablets' database: what a scorer must look at (mpxl check night.bws)
            more["tablets"] = reading.to_json()
        if settle:  # a workbook's lines laid out with no result (mpxl check INPUT.xlsx names them, exit 1)
            more["to_settle"] = settle
        write_json(result, sys.stdout, more)
        sys.stdout.write("\n")
    elif not outputs:
        print(ranking_text(result))
    return 0
