"""``mpxl check INPUT [--conventions PROGRAM] [options]``: audit a published results file.

Work out from the file's own published figures how it was scored (scale, field,
method, where the estimate goes, N, roundings, places), starting from the
defaults of the program that wrote it; options given override. Rescore the file
so, print the settings used, and report every line, pair total, percentage and
place that differs from mpxl's. Exit status 0 when everything agrees, 1 when
something differs, 2 when the file cannot be read or holds nothing to check.
"""

from __future__ import annotations

import json
import re
import sys
from dataclasses import dataclass
from fractions import Fraction

from . import plain_help
from ..conventions import Conventions, find
from ..errors import UserError
from ..formats import read_event
from ..formats.common import warn_unusual
from ..session import SessionResult, score_event
from .score import add_scoring_arguments, choose_options

__all__ = ["register", "run", "Difference", "compare"]


@dataclass(frozen=True)
class Difference:
    """One published figure that mpxl does not reproduce."""

    where: str
    what: str
    published: str
    mpxl: str

    def __str__(self) -> str:
        return f"{self.where}: {self.what}: published {self.published}, mpxl {self.mpxl}"


def register(subparsers) -> None:
    p = subparsers.add_parser("check", help="rescore a results file and report where its published numbers differ",
                              description=plain_help(__doc__))
    add_scoring_arguments(p)
    p.add_argument("--json", action="store_true", help="print the differences as JSON")
    p.set_defaults(func=run)


def _exact(value: float) -> Fraction:
    return Fraction(repr(float(value)))


def _show(value) -> str:
    if value is None:
        return "nothing"
    f = Fraction(value)
    return str(f.numerator) if f.denominator == 1 else f"{float(f):g}"


def compare(result: SessionResult, conventions: "Conventions | None" = None) -> tuple[list, int, int]:
    """Differences between the published figures and mpxl's: (differences, lines checked, pairs checked).

    >>> from mpxl.event import Event, Line
    >>> ev = Event(lines=[Line(1, "1", "2", score=420, published_ns_mp=2, published_ew_mp=0, where="line 2"),
    ...                   Line(1, "3", "4", score=400, published_ns_mp=1, published_ew_mp=1, where="line 3")])
    >>> diffs, lines, pairs = compare(score_event(ev))
    >>> [str(d) for d in diffs], lines, pairs
    (['line 3: board 1, NS 3 v EW 4: NS matchpoints: published 1, mpxl 0', 'line 3: board 1, NS 3 v EW 4: EW matchpoints: published 1, mpxl 2'], 2, 0)
    """
    diffs: list[Difference] = []
    lines_checked = pairs_checked = 0
    for b in result.boards:
        for sl in b.lines:
            ln = sl.line
            label = f"board {ln.board}, NS {ln.ns_pair} v EW {ln.ew_pair}"
            checked = False
            for side, pub, ours in (("NS", ln.published_ns_mp, sl.ns_mp), ("EW", ln.published_ew_mp, sl.ew_mp)):
                if pub is None:
                    continue
                checked = True
                if ours is None or _exact(pub) != ours:
                    diffs.append(Difference(ln.where or label, f"{label}: {side} matchpoints" if ln.where else f"{side} matchpoints",
                                            _show(_exact(pub)), _show(ours)))
            lines_checked += checked
    by_key = {}
    for pr in result.pairs:
        by_key.setdefault((pr.pair.section, pr.pair.number), []).append(pr)
    for pair in result.event.pairs:
        if pair.published_percentage is None and pair.published_mp is None and not pair.published_place:
            continue
        pairs_checked += 1
        where = pair.where or f"pair {pair.number}"
        candidates = [pr for pr in by_key.get((pair.section, pair.number), [])
                      if pair.direction is None or pr.pair.direction in (None, pair.direction)]
        if not candidates:
            diffs.append(Difference(where, f"pair {pair.number}", "a result", "no boards played"))
            continue
        pr = candidates[0]
        if pair.published_mp is not None and _exact(pair.published_mp) != pr.mp:
            diffs.append(Difference(where, "total matchpoints", _show(_exact(pair.published_mp)), _show(pr.mp)))
        if pair.published_percentage is not None:
            ours = result.options.round_percentage(pr.percentage)
            if _exact(pair.published_percentage) != ours:
                pdec = result.options.percentage_decimals
                diffs.append(Difference(where, "percentage", f"{pair.published_percentage:g}",
                                        f"{float(ours):.{pdec}f}" if pdec is not None else _show(ours)))
        if pair.published_place:
            if not _same_place(pair.published_place, pr):
                diffs.append(Difference(where, "place", pair.published_place, pr.place))
    return diffs, lines_checked, pairs_checked


def _same_place(published: str, pr) -> bool:
    """A published place agrees with ours when it is the same place written the same way; a pair
    number's direction (``1NS``) and spaces are not part of it."""
    return re.sub(r"\s|NS$|EW$", "", published.upper()) == pr.place


def tie_note(result: SessionResult) -> str:
    """How ties in the ranking were decided: by a tie-break the file publishes, or shared.

    >>> from mpxl.event import Event, Line
    >>> tie_note(score_event(Event(lines=[Line(1, "1", "2", score=420)])))
    'ties shared (the file publishes no tie-break)'
    """
    if any(p.published_tiebreak is not None for p in result.event.pairs):
        return "ties broken by the file's published tie-break"
    return "ties shared (the file publishes no tie-break)"


def run(args) -> int:
    event = read_event(args.input)
    for warning in warn_unusual(event, args.input):
        print(f"mpxl: {warning}", file=sys.stderr)
    has_lines = any(ln.published_ns_mp is not None or ln.published_ew_mp is not None for ln in event.lines)
    has_pairs = any(p.published_percentage is not None or p.published_mp is not None for p in event.pairs)
    if not (has_lines or has_pairs):
        raise UserError(args.input, "", "the file publishes no matchpoints or percentages to check")
    chosen = choose_options(event, args)
    conv = chosen.conventions
    result = score_event(event, chosen.options)
    diffs, lines, pairs = compare(result)
    program = event.program or "an unnamed program"
    if getattr(args, "json", False):
        json.dump({"program": event.program, "conventions": conv.name, "lines_checked": lines, "pairs_checked": pairs,
                   "scoring": chosen.to_json(event), "ties": tie_note(result),
                   "differences": [d.__dict__ for d in diffs]}, sys.stdout, indent=1, ensure_ascii=False)
        sys.stdout.write("\n")
    else:
        for d in diffs:
            print(d)
        verdict = "all agree" if not diffs else f"{len(diffs)} difference{'s' if len(diffs) != 1 else ''}"
        how = "as its figures show" if chosen.inference is not None else "as given"
        print(f"{args.input}: checked {lines} lines and {pairs} pairs written by {program}, "
              f"scored {how} from the {conv.name} defaults: {verdict}")
        print(f"settings: {chosen.summary()}")
        if chosen.differs:
            print("* not the " + conv.name + " default: " + ", ".join(
                f"{k.replace('_', '-')} {a} -> {b}" for k, (a, b) in chosen.differs.items()))
        print(tie_note(result))
    return 1 if diffs else 0

