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
from collections.abc import Callable, Iterator, Sequence
from contextlib import AbstractContextManager, ExitStack, contextmanager, nullcontext
from dataclasses import dataclass, field
from fractions import Fraction
from typing import IO, TYPE_CHECKING, Any, TypedDict

from ..core.conventions import CONVENTIONS, Conventions, detect, find
from ..core.errors import UserError
from ..core.event import Club, Event
from ..core.inference import Inference, infer
from ..core.numbers import figure, whole_argument
from ..core.options import FLAG_ORDER, ScoringOptions, differences, field_of, parse_options, registry, settings_of
from ..core.ranking import PairResult
from ..core.rounding import round_fraction
from ..core.scorer import score_columns
from ..core.session import SessionResult, score_event
from ..core.settings import Field, RoundingKind, Scale
from ..formats import check_output, output_extensions, read_travellers, write_event, writer_of
from ..formats.common import format_number, warn_unusual
from ..formats.labels import LANGUAGES, labels, signed_percentage_note
from . import COMMANDS, plain_help

if TYPE_CHECKING:
    from ..core.options import Setting
    from ..formats.bws import Reading

__all__ = [
    "register",
    "run",
    "options_from_args",
    "ranking_text",
    "event_heading",
    "text_table",
    "write_output",
]


class _FlagSpec(TypedDict, total=False):
    """What a setting's flag gives argparse beyond its help, when the setting declares it."""

    metavar: str
    choices: tuple[Any, ...]
    type: Callable[[str], Any]


def add_scoring_arguments(p: argparse.ArgumentParser) -> None:
    """The options shared by ``score`` and ``check``: the program's conventions and every setting."""
    p.add_argument("input", help="results file: USEBIO .xml, .pbn, .csv travellers or the tablets' .bws")
    p.add_argument("--deals", metavar="FILE.pbn", help="attach the hand record of this PBN file (its [Deal] tags)")
    p.add_argument(
        "--conventions",
        metavar="PROGRAM",
        help="start from this program's defaults: " + ", ".join(CONVENTIONS) + " (default: from the file)",
    )
    for setting in sorted((s for s in registry() if s.flags), key=_flag_rank):
        spec: _FlagSpec = {}
        if setting.metavar:
            spec["metavar"] = setting.metavar
        if setting.choices:
            spec["choices"] = setting.choices
        if setting.whole and setting.reader is None:
            spec["type"] = whole_argument
        p.add_argument(*setting.flags, dest=setting.dest, help=setting.help or setting.words, **spec)
    p.add_argument(
        "--no-infer",
        action="store_true",
        help="use the program's defaults and the options given, not what the file's figures show",
    )


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
    p.add_argument("--every", type=seconds_argument, default=0.5, metavar="SECONDS",
                   help="with --watch: how often to look at the database (default 0.5 seconds)")
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


def _heading_from_args(event: Event, args: argparse.Namespace) -> None:
    """The event's title, date and club as ``--title``, ``--date`` and ``--club`` give them (each over the file's)."""
    for name in ("title", "date"):
        value = getattr(args, name, None)
        if value is not None:
            setattr(event, name, value.strip())
    club = getattr(args, "club", None)
    if club is not None:  # the club's id, when the file gave one, kept
        event.club = Club(club.strip(), event.club.id if event.club else "") if club.strip() else None


def _flag_rank(setting: Setting) -> int:
    """Where a setting's flag stands in the help: :data:`mpxl.core.options.FLAG_ORDER`, then the others."""
    return FLAG_ORDER.index(setting.name) if setting.name in FLAG_ORDER else len(FLAG_ORDER)


def option_overrides(args: argparse.Namespace) -> dict[str, Any]:
    """The settings given on the command line (every declared setting's flag, by argparse's name:
    ``--rounding-pct`` is ``rounding_pct``; in the help's order), parsed once (Enums, Roundings) by
    :func:`mpxl.core.options.parse_options`: name -> value.

    A bad value raises ValueError naming it.
    """
    dests = [d for s in sorted(registry(), key=_flag_rank) if (d := s.dest)]  # in the help's order
    return parse_options(**{d: getattr(args, d, None) for d in dests})


def _flagged() -> list[tuple[str, str]]:
    """(argparse's name, the flag as typed) of each setting with a flag, in the help's order."""
    return [(dest, s.flags[0]) for s in sorted(registry(), key=_flag_rank) if (dest := s.dest)]


def given_flags(args: argparse.Namespace) -> list[str]:
    """The setting flags given on the command line, as typed (``--rounding-pct``), in the help's order.

    >>> from argparse import Namespace
    >>> given_flags(Namespace(rounding_pct="1", method=None, factor_top=20))
    ['--rounding-pct', '--factor-top']
    """
    return [flag for dest, flag in _flagged() if getattr(args, dest, None) is not None]


def refused_flag(args: argparse.Namespace) -> str:
    """The flag whose value :func:`mpxl.core.options.parse_options` refuses on its own ('' when only a
    combination of flags is refused: its message names them).

    >>> from argparse import Namespace
    >>> refused_flag(Namespace(method="nueberg", scale="2"))
    '--method'
    >>> refused_flag(Namespace(method="none", estimate_at="totals"))
    ''
    """
    for dest, flag in _flagged():
        value = getattr(args, dest, None)
        if value is not None:
            try:
                ScoringOptions().with_(**parse_options(**{dest: value}))
            except ValueError:
                return flag
    return ""


@dataclass(frozen=True)
class Chosen:
    """The conventions started from, the options used, what the file's figures showed, and what differs."""

    conventions: Conventions
    options: ScoringOptions
    inference: Inference | None = None
    fixed: tuple[str, ...] = ()
    differs: dict[str, tuple[Any, Any]] = field(default_factory=dict)  # setting -> (the program's default, used)
    contradicted: str = ""  # what the figures show against the options given ('' when nothing)

    def summary(self, event: Event | None = None) -> str:
        """One line naming every setting, marking those not the program's default; with ``event``,
        the settings the file itself says (its winners) as the JSON names them (one source)."""
        doc = settings_of(event if event is not None else Event(), self.options)
        parts = []
        for k, v in doc.items():
            if v is None:
                continue
            mark = "*" if k in self.differs else ""
            parts.append(f"{k.replace('_', '-')} {v}{mark}")
        return ", ".join(parts)

    def to_json(self, event: Event) -> dict[str, Any]:
        doc = settings_of(event, self.options)
        return {
            "conventions": self.conventions.name,
            "inferred": self.inference is not None,
            "given": sorted(self.fixed),
            "settings": doc,
            "differs_from_program_default": {k: {"default": a, "used": b} for k, (a, b) in self.differs.items()},
            "evidence": dict(self.inference.evidence) if self.inference else {},
            "given_options_contradicted": self.contradicted or None,
        }


def choose_options(event: Event, args: argparse.Namespace, detected: Conventions | None = None) -> Chosen:
    """The options for ``event``: the program's conventions (given, else ``detected``, else from the
    file's program name), then what the file's own published figures show (unless ``--no-infer``),
    then the options given on the command line, which always win."""
    conv = conventions_of(args, event, detected)
    try:
        overrides = option_overrides(args)
        conv.options(**overrides)  # a value the options refuse (--expected 0), before any Setup's
    except ValueError as exc:  # a flag's value: named by the flag, not the input file
        raise UserError("", refused_flag(args), str(exc)) from None
    if event is not None and event.declared_options:  # a workbook's Setup: its settings, the flags' over them
        overrides = {**event.declared_options, **overrides}
    default = conv.options()
    base = conv.options(**overrides)
    inference = None
    contradicted = ""
    if event is not None and not getattr(args, "no_infer", False):
        inference = infer(event, base, fixed=overrides)
        base = inference.options
        if overrides and inference.agree < inference.total:  # do the options given go against the figures?
            named = given_flags(args) + (["the workbook's Setup"] if event.declared_options else [])
            contradicted = _contradicted(event, conv, inference, named)
    differs = differences(base, default, event) if event is not None else {}
    return Chosen(conv, base, inference, tuple(overrides), differs, contradicted)


def conventions_of(args: argparse.Namespace, event: Event, detected: Conventions | None = None) -> Conventions:
    """The program's conventions ``--conventions`` names (a bad name refused by the flag), else ``detected``,
    else the file's program's."""
    name = getattr(args, "conventions", None)
    if not name:
        return detected or detect(event)
    try:
        return find(name)
    except ValueError as exc:
        raise UserError("", "--conventions", str(exc)) from None


def _contradicted(event: Event, conv: Conventions, given: Inference, flags: list[str]) -> str:
    """What the file's figures show against the options given (``flags``: as typed), said plainly
    ('' when the figures fit them as well as anything): the options are used all the same."""
    free = infer(event, conv.options())
    if free.agree <= given.agree:
        return ""
    shown = differences(free.options, given.options, event)
    named = ", ".join(flags)
    found = ", ".join(f"{k.replace('_', '-')} {b}" for k, (_a, b) in shown.items())
    return (f"the options given ({named}) go against the file's figures: with them {given.agree} of "
            f"{given.total} are reproduced, without them {free.agree}" + (f" ({found})" if found else "")
            + "; the options given are used")


def options_from_args(
    event: Event, args: argparse.Namespace, detected: Conventions | None = None
) -> tuple[Conventions, ScoringOptions]:
    """(conventions, ScoringOptions) for ``event``: see :func:`choose_options`."""
    chosen = choose_options(event, args, detected)
    return chosen.conventions, chosen.options


def _fmt(value: Fraction | float, decimals: int | None) -> str:
    if decimals is None:
        f = Fraction(value)
        return str(f.numerator) if f.denominator == 1 else f"{float(f):.2f}"
    r = round_fraction(Fraction(value), decimals)
    return f"{float(r):.{decimals}f}"


def text_table(rows: Sequence[Sequence[object]], align: str) -> list[str]:
    """Rows of cells as text lines, each column as wide as its widest cell and two spaces apart
    (so no two columns ever run together); ``align`` has one ``<`` or ``>`` per column. Trailing
    blanks are dropped.

    >>> text_table([["Pair", "MPs"], ["12", "1771.25"]], "<>")
    ['Pair      MPs', '12    1771.25']
    """
    widths = [max(len(str(r[i])) for r in rows) for i in range(len(align))]
    return ["  ".join(f"{str(c):{a}{w}}" for c, a, w in zip(r, align, widths)).rstrip() for r in rows]


def event_heading(event: Event) -> str:
    """The event's name and date, as the line above its ranking ('' when the file gives neither).

    >>> from mpxl.core.event import Event
    >>> event_heading(Event(title="Thursday Pairs", date="2025-01-02"))
    'Thursday Pairs, 2025-01-02'
    """
    return ", ".join(x for x in (event.title.strip(), event.date.strip()) if x)


def ranking_text(result: SessionResult) -> str:
    """The ranking as a plain-text table under the event's name and date, one block per ranking group.
    On the signed scale (Ruter's MP1) a pair's maximum means nothing to its users: the signed total
    (``MP1``) and the percentage, and under each block the words that say how the one gives the
    other (as on the results page).

    >>> from mpxl.core.event import Event, Line
    >>> ev = Event(lines=[Line(1, "1", "2", score=420), Line(1, "3", "4", score=400)], title="Club pairs")
    >>> print(ranking_text(score_event(ev)))
    Club pairs
    <BLANKLINE>
    Place  Pair   MPs  Max       %
    1=     1     2.00    2  100.00
    1=     4     2.00    2  100.00
    3=     2     0.00    2    0.00
    3=     3     0.00    2    0.00
    >>> from mpxl.core.options import ScoringOptions
    >>> from mpxl.core.settings import Scale
    >>> print(ranking_text(score_event(ev, ScoringOptions(scale=Scale.SIGNED))))
    Club pairs
    <BLANKLINE>
    Place  Pair   MP1       %
    1=     1     1.00  100.00
    1=     4     1.00  100.00
    3=     2    -1.00    0.00
    3=     3    -1.00    0.00
    % = 50 + 50 × MP1 / 1: 1 is the sum of the tops (results - 1) of the boards a pair played
    """
    opts = result.options
    signed = opts.scale is Scale.SIGNED
    dec = opts.rounding.decimals if opts.rounding.kind is not RoundingKind.EXACT else 2
    pdec = opts.percentage_decimals if opts.percentage_decimals is not None else 2
    with_names = any(pr.pair.names for pr in result.pairs)
    across = field_of(result.event, result.options) is Field.EVENT  # one ranking over the sections: a pair named "A 3"
    percent = opts.scale is Scale.PERCENT  # a pair's result the mean of its board percentages: its one figure
    head = ["Place", "Pair"] + (["Names"] if with_names else []) + (
        ["%"] if percent else ["MP1", "%"] if signed else ["MPs", "Max", "%"])
    align = "<<" + ("<" if with_names else "") + (">" if percent else ">>" if signed else ">>>")
    groups = _ranking_groups(result, across)
    rows = [
        [pr.place, f"{pr.pair.section} {pr.pair.number}" if across and pr.pair.section else pr.pair.number]
        + ([" & ".join(pr.pair.names)] if with_names else [])
        + ([] if percent else [_fmt(pr.mp, dec)]) + ([] if signed or percent else [_fmt(pr.max, None)])
        + [_fmt(pr.percentage, pdec)]
        for _, members in groups
        for pr in members
    ]
    # one set of column widths for every block, so the blocks line up
    lines = text_table([head] + rows, align)
    body, i = [], 1
    heading = event_heading(result.event) if result.event is not None else ""
    for title, members in groups:
        note = [signed_percentage_note((format_number(pr.max, None) for pr in members), labels())] if signed else []
        body.append("\n".join(([title] if title else []) + [lines[0]] + lines[i : i + len(members)] + note))
        i += len(members)
    return "\n\n".join(([heading] if heading else []) + body)


def _ranking_groups(result: SessionResult, across: bool) -> list[tuple[str, list[PairResult]]]:
    """The ranking's groups in order, each (its title, its pairs): a section's (none when ``across``,
    one ranking over the sections) and a direction's pairs, the title naming them ('' for neither)."""
    groups: list[tuple[str, list[PairResult]]] = []
    current = None
    for pr in result.pairs:
        section = "" if across else pr.pair.section
        group = (section, pr.pair.direction)
        if group != current:
            current = group
            title = " ".join(
                x
                for x in (
                    f"Section {section}" if section else "",
                    {"NS": "North-South", "EW": "East-West"}.get(pr.pair.direction or "", ""),
                )
                if x
            )
            groups.append((title, []))
        groups[-1][1].append(pr)
    return groups


def write_json(result: SessionResult, out: IO[str], more: dict[str, Any] | None = None) -> None:
    """Write the ``--json`` document (:func:`mpxl.formats.jsonout.json_text`) to the text stream ``out`` a
    board at a time: at 5 million lines the whole document would take gigabytes."""
    from ..formats.jsonout import json_text  # the JSON's code, loaded for --json

    for text in json_text(result, more):
        out.write(text)


def write_output(result: SessionResult, path: str, inputs: Sequence[str] = (), lang: str | None = None,
                 members: bool = False) -> None:
    """Write ``result`` to ``path`` by its extension (:func:`mpxl.formats.write_event`); refuse to write
    over any of ``inputs``; a results page's labels in ``lang`` (None: the language the file says), the
    players' member numbers on it when ``members``. The writer's note, if any, goes to stderr."""
    from ..formats.atomic import check_not_input

    check_not_input(path, inputs)
    try:
        note = write_event(result, path, lang=lang, members=members)
    except ValueError as exc:  # text the format cannot hold (mpxl.formats.textsafe): name the output
        raise UserError(path, "", str(exc)) from None
    if note:
        print(f"mpxl: {path}: {note}", file=sys.stderr)


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


def score_by_columns(args: argparse.Namespace) -> tuple[SessionResult, Chosen] | None:
    """The input scored with no object per line, when it is a CSV of travellers the column reader
    takes (:func:`mpxl.formats.read_travellers`) and publishes no figures to infer from: the
    same scorer (:func:`mpxl.core.scorer.score_columns`) and the same options as the event model, so
    every output is the same. None (nothing read into the event model) for any other file, and for
    a board with a pair or a table twice: :func:`mpxl.formats.read_event` names the line."""
    travellers = read_travellers(args.input)
    if travellers is None or (travellers.published_decimals is not None and not args.no_infer):
        return None
    from ..formats.csvcolumns import column_event  # the CSV code, loaded for a CSV input

    event = column_event(travellers, str(args.input))
    if event is None:
        return None
    for warning in warn_unusual(travellers.score, args.input, lambda i: f"line {i + 2}"):  # as the event model would
        print(f"mpxl: {warning}", file=sys.stderr)
    chosen = choose_options(event, args)
    scored = score_columns(travellers, chosen.options, event, lambda i: f"line {i + 2}")
    return SessionResult(event, chosen.options, scored=scored, travellers=travellers), chosen


def written_line(path: str, **counts: int) -> str:
    """The line ``score -o`` prints: what was written where.

    >>> written_line("out.pbn", boards=24, pairs=18)
    'mpxl: wrote out.pbn (PBN): 24 boards, 18 pairs'
    >>> written_line("out.csv", traveller_lines=1)
    'mpxl: wrote out.csv (CSV travellers): 1 traveller line'
    """
    what = ", ".join(f"{n:,} {k.replace('_', ' ')[:-1] if n == 1 else k.replace('_', ' ')}" for k, n in counts.items())
    writer = writer_of(path)
    return f"mpxl: wrote {path} ({writer.name if writer else 'file'}): {what}"


def run(args: argparse.Namespace) -> int:
    with cyclic_gc_paused():
        # the event's objects are freed as _score returns, before the collector is back: its first
        # pass would otherwise walk all of them (about 0.1 s at 10^6 lines)
        return _score(args)


def _score(args: argparse.Namespace) -> int:
    if getattr(args, "watch", False):
        from .tablets import run_watch  # the live loop, loaded when asked for

        output_paths(args)
        lang, members = getattr(args, "lang", None), getattr(args, "show_members", False)
        return run_watch(args, lambda a: score_input(a, warn=False)[:3],
                         lambda result, out, inputs: write_output(result, out, inputs, lang, members))
    return score_and_write(args)


def score_input(
    args: argparse.Namespace, warn: bool = True
) -> tuple[Event, Reading | None, SessionResult, Chosen]:
    """(event, the tablets' Reading or None, the scored result, the Chosen options) of ``args.input``
    (any results file or the tablets' database, ``--deals`` attached); warnings on stderr when ``warn``."""
    from ..formats.inputs import read_input

    # its type, declared here while mpxl.formats.inputs is outside the strict modules
    read: Callable[[argparse.Namespace, bool], tuple[Event, Reading | None]] = read_input
    event, reading = read(args, warn)
    if reading is not None:  # the tablets' database into a workbook already there: the director's work kept
        _keep_workbook(event, args, warn)
    _heading_from_args(event, args)
    chosen = choose_options(event, args)
    result = (chosen.inference.scored if chosen.inference else score_event)(event, chosen.options)
    return event, reading, result, chosen


def input_paths(args: argparse.Namespace) -> list[str]:
    """Every file the command reads: the input, ``--deals``, ``--previous``'s (none written over).

    >>> input_paths(argparse.Namespace(input="night.csv", deals="hands.pbn"))
    ['night.csv', 'hands.pbn']
    """
    deals = getattr(args, "deals", None)
    return [str(p) for p in [args.input, deals, *(getattr(args, "previous", None) or [])] if p]


def _keep_workbook(event: Event, args: argparse.Namespace, warn: bool) -> None:
    """The director's cells of the ``-o`` workbook already there put on ``event``, read from the tablets'
    database (:mod:`mpxl.workbook.keep`); each change the tablets made under a ruling named on stderr
    (always: it needs the director's eye), what was kept when ``warn``. UserError (nothing written) when
    the workbook cannot be kept."""
    from ..workbook.keep import existing_workbook, keep_directors_work

    outputs = args.output if isinstance(args.output, list) else [args.output] if args.output else []
    path = existing_workbook(outputs)
    if path is None:
        return
    kept = keep_directors_work(event, path)
    for change in kept.changes:
        print(f"mpxl: {path}: {change}", file=sys.stderr)
    if warn:
        print(kept.summary(path), file=sys.stderr)


def output_paths(args: argparse.Namespace) -> list[str]:
    """The ``-o`` outputs (given once or more), each checked before anything is read or written:
    a known extension, no input (:func:`input_paths`), not named twice."""
    outputs = args.output if isinstance(args.output, list) else [args.output] if args.output else []
    seen: list[str] = []
    if outputs:
        from ..formats.atomic import check_not_input, same_file  # the writing code, loaded for an output
    for out in outputs:
        check_not_input(out, input_paths(args))
        check_output(out)
        if any(same_file(out, other) for other in seen):
            raise UserError(out, "", "named twice with -o")
        seen.append(out)
    return outputs


def score_and_write(args: argparse.Namespace, quiet: bool = False) -> int:
    """Score ``args.input`` and write every ``-o`` output (each atomically), print the ranking or
    the JSON; ``quiet`` (the live loop) prints only the warnings. The scored result is kept in
    ``args._result`` for the caller."""
    # with --json, stdout holds the JSON alone: the line saying what was written goes to stderr
    say = sys.stderr if args.json else sys.stdout
    lang, members = getattr(args, "lang", None), getattr(args, "show_members", False)
    if lang is not None:
        try:
            labels(lang)
        except ValueError as exc:
            raise UserError("--lang", "", str(exc)) from None
    outputs = output_paths(args)
    by_columns = None
    if (all(check_output(o).columns for o in outputs) and not getattr(args, "deals", None)
            and not (getattr(args, "title", None) or getattr(args, "date", None))):  # a title: the event's CSV writer
        by_columns = score_by_columns(args)
    written = []
    reading = None
    inputs = input_paths(args)
    held: AbstractContextManager[None] = nullcontext()
    guards = ExitStack()
    if outputs:  # one output refused, none written: every one moved into place at the end
        from ..formats.atomic import all_or_none, fingerprint, unchanged_since  # the writing code, loaded for an output

        held = all_or_none()
        for out in outputs:  # a workbook the director's work is read from: replaced only if unchanged since
            if out.lower().endswith(".xlsx"):
                guards.enter_context(unchanged_since(out, fingerprint(out)))
    with guards, held:
        if by_columns is not None:
            result, chosen = by_columns
            event = result.event
            _heading_from_args(event, args)
        else:
            event, reading, result, chosen = score_input(args)
        # from the columns, the pairs are ranked only for an output that writes them: the others count lines
        lines = len(result.travellers) if by_columns is not None and result.travellers is not None else None
        for out in outputs:
            write_output(result, out, inputs, lang, members)
            written.append(written_line(out, traveller_lines=lines) if lines is not None and not check_output(out).pairs
                           else "")
    args._result = result
    if chosen.contradicted:
        print(f"mpxl: {chosen.contradicted}", file=sys.stderr)
    if quiet:
        return 0
    boards = len(result.scored.boards) if result.scored is not None else len(result.boards)
    for out, line in zip(outputs, written):
        print(line or written_line(out, boards=boards, pairs=len(result.pairs)), file=say)
    if args.json:  # the pairs are totalled as the JSON is written: the collector still paused
        more = {"conventions": chosen.to_json(event)}
        if reading is not None:  # the tablets' database: what a scorer must look at (mpxl check night.bws)
            more["tablets"] = reading.to_json()
        write_json(result, sys.stdout, more)
        sys.stdout.write("\n")
    elif not outputs:
        print(ranking_text(result))
    return 0
