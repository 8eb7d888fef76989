"""``mpxl check INPUT [--conventions PROGRAM] [options]``: audit a published results file.

Work out from the file's own published figures how it was scored (scale, field,
method, where the estimate goes, N, roundings, places), starting from the
defaults of the program that wrote it; options given override. Rescore the file
so, print the settings used, and report every line, pair total, percentage and
place that differs from mpxl's. Exit status 0 when everything agrees, 1 when
something differs, 2 when the file cannot be read or holds nothing to check.

The tablets' database (``.bws``) publishes nothing: ``check`` lists what to look
at before publishing (missing results, undecided arbitral scores, results that
disagree with the movement; superseded rows for information), exit 1 when there
is any of the first three.

A workbook of the template's layout: a traveller line laid out (its board and both
pairs: a play of its Movement sheet, a result the tablets sent) with no result
typed, a line whose pairs its Movement sheet did not send to its board (with the
likeliest fix: mpxl.core.slips), and a play of the Movement sheet with no line, are
"to settle", each named (mpxl.workbook.settle), exit 1, as for the tablets' missing
results. ``--movement FILE`` checks any file's lines against a movement file the same
way (a file with no published figures too: then only that is checked).
"""

from __future__ import annotations

import argparse
import os
import re
import sys
from argparse import Namespace
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from fractions import Fraction
from functools import lru_cache

from ..core.contract import board_vulnerability
from ..core.conventions import Conventions
from ..core.errors import UserError
from ..core.event import Deal, Event, Pair, PairKey
from ..core.inference import LinePercentages
from ..core.members import seat_gaps
from ..core.options import ScoringOptions
from ..core.ranking import PairResult, place_labels, session_places, sitout_credits
from ..core.rounding import cut_off_all
from ..core.rounding import rounding_order_note as order_note
from ..core.session import SessionResult, score_event
from ..core.settings import Field, Scale
from ..formats import read_event
from ..formats.common import warn_unusual
from . import COMMANDS, plain_help
from .choice import Chosen, add_scoring_arguments, choose_options
from .scoring import to_settle

__all__ = ["register", "run", "Difference", "compare", "pair_label", "unexplained"]

#: The end of a difference :func:`mpxl.core.rounding.rounding_order_note` marks.
ORDER_NOTE = "a rounding-order difference)"


@dataclass(frozen=True)
class Difference:
    """One published figure that mpxl does not reproduce."""

    where: str
    what: str
    published: str
    mpxl: str

    def __str__(self) -> str:
        return f"{self.where}: {self.what}: published {self.published}, mpxl {self.mpxl}"


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = subparsers.add_parser("check", help=COMMANDS["check"],
                              description=plain_help(__doc__))
    add_scoring_arguments(p)
    p.add_argument("--previous", nargs="+", metavar="FILE", default=[],
                   help="the earlier sessions' files, when INPUT's totals run over them: its running totals, "
                        "percentages and places are then checked too")
    p.add_argument("--json", action="store_true", help="print the differences as JSON")
    p.set_defaults(func=run)


@lru_cache(maxsize=4096)
def _exact(value: float) -> Fraction:
    """The figure a file writes as ``value``: its shortest decimal, exactly (published figures repeat:
    each is read once).

    >>> _exact(0.1), _exact(2.675)
    (Fraction(1, 10), Fraction(107, 40))
    """
    return Fraction(repr(float(value)))


def _differs(published: float, ours: Fraction | None) -> bool:
    """Whether a published figure is not mpxl's: its decimal is not mpxl's figure exactly, or, for a figure a
    spreadsheet holds to a double's precision (15 significant digits or more: unrounded, as under exact
    rounding), not the same double within its last digits (a third is 0.333...33 there, never 1/3).

    >>> _differs(0.5, Fraction(1, 2)), _differs(0.3333333333333333, Fraction(1, 3)), _differs(0.333333, Fraction(1, 3))
    (False, False, True)
    >>> _differs(2.6666666666666665, Fraction(8, 3)), _differs(2.67, Fraction(8, 3)), _differs(1.0, None)
    (False, True, True)
    """
    if ours is None:
        return True
    exact = _exact(published)
    if exact == ours:
        return False
    digits = len(repr(float(published)).lstrip("-0.").replace(".", "").split("e")[0].rstrip("0"))
    return digits < 15 or abs(float(ours) - float(published)) > 1e-12 * max(1.0, abs(float(published)))


def _show(value: Fraction | None) -> str:
    if value is None:
        return "nothing"
    f = Fraction(value)
    return str(f.numerator) if f.denominator == 1 else f"{float(f):g}"


def compare(result: SessionResult, conventions: Conventions | None = None,
            previous: dict[PairKey, tuple[Fraction, Fraction]] | None = None,
            carried_in: list[Difference] | None = None) -> tuple[list[Difference], int, int]:
    """Differences between the published figures and mpxl's: (differences, lines checked, pairs checked).
    The lines' figures (:func:`_line_differences`), the sit-outs' credits (:func:`_sitout_differences`),
    then the pairs' (:func:`_pair_differences`); those of a later session's pairs that run over earlier
    sessions not given (``previous`` None) go to ``carried_in`` when it is a list, not among the differences.

    >>> from mpxl.core.event import Event, Line
    >>> ev = Event(lines=[Line(1, "1", "2", score=420, published_ns_mp=2, published_ew_mp=0, where="line 2"),
    ...                   Line(1, "3", "4", score=400, published_ns_mp=1, published_ew_mp=1, where="line 3")])
    >>> diffs, lines, pairs = compare(score_event(ev))
    >>> [str(d) for d in diffs], lines, pairs
    (['line 3: board 1, NS 3 v EW 4: NS matchpoints: published 1, mpxl 0',
      'line 3: board 1, NS 3 v EW 4: EW matchpoints: published 1, mpxl 2'], 2, 0)
    """
    diffs: list[Difference] = []
    lines_checked = _line_differences(result, diffs)
    lines_checked += _sitout_differences(result, diffs)
    # a later session's figures that run over earlier sessions not given: carried in, not differences
    pairs_checked = _pair_differences(result, previous, diffs, diffs if carried_in is None else carried_in)
    return diffs, lines_checked, pairs_checked


def _line_differences(result: SessionResult, diffs: list[Difference]) -> int:
    """Each line's published matchpoints (and line percentages, when the file publishes them) against
    mpxl's: the differences added to ``diffs``; how many lines publish a figure."""
    lines_checked = 0
    line_percentage = LinePercentages(result.options, result.event.line_percentage_decimals)
    for b in result.boards:
        for sl in b.lines:
            ln = sl.line
            label = f"board {ln.board}, NS {ln.ns_pair} v EW {ln.ew_pair}"
            checked = False
            for side, pub, ours in (("NS", ln.published_ns_mp, sl.ns_mp), ("EW", ln.published_ew_mp, sl.ew_mp)):
                if pub is None:
                    continue
                checked = True
                if _differs(pub, ours):
                    diffs.append(
                        Difference(
                            ln.where or label,
                            f"{label}: {side} matchpoints" if ln.where else f"{side} matchpoints",
                            _show(_exact(pub)),
                            _show(ours),
                        )
                    )
            lines_checked += checked
            decimals = result.event.line_percentage_decimals
            if decimals is None:
                continue
            top = b.line_top or b.top
            for side, pub, exact, ours in (("NS", ln.published_ns_pct, sl.ns_exact, sl.ns_mp),
                                           ("EW", ln.published_ew_pct, sl.ew_exact, sl.ew_mp)):
                if pub is None:
                    continue
                mine = line_percentage(exact, ours, top)
                if _differs(pub, mine):
                    diffs.append(Difference(ln.where or label, f"{label}: {side} percentage" if ln.where
                                            else f"{side} percentage", f"{pub:g}",
                                            "nothing" if mine is None else f"{float(mine):.{decimals}f}"))
    return lines_checked


def _sitout_differences(result: SessionResult, diffs: list[Difference]) -> int:
    """Each sit-out's published credit (and its percentage) against mpxl's: the differences added to
    ``diffs``; how many credits are published."""
    lines_checked = 0
    decimals = result.event.line_percentage_decimals
    for so, figure, pct in sitout_credits(result) if result.event.sitouts else ():  # a sit-out's published credit
        label = f"board {so.board}, pair {so.pair} sat out"
        if so.published_mp is not None:
            lines_checked += 1
            if _differs(so.published_mp, figure):
                diffs.append(Difference(so.where or label, f"{label}: credit", _show(_exact(so.published_mp)),
                                        "no credit (unplayed none)" if figure is None else _show(figure)))
        if so.published_pct is not None and decimals is not None:
            mine = None if pct is None else result.options.round_line_percentage(pct, decimals)
            if _differs(so.published_pct, mine):
                diffs.append(Difference(so.where or label, f"{label}: credit's percentage", f"{so.published_pct:g}",
                                        "nothing" if mine is None else f"{float(mine):.{decimals}f}"))
    return lines_checked


def _pair_differences(result: SessionResult, previous: dict[PairKey, tuple[Fraction, Fraction]] | None,
                      diffs: list[Difference], out: list[Difference]) -> int:
    """Each pair's published total, percentage and place against mpxl's (running over ``previous``, the
    earlier sessions' totals, when given): a pair with no boards added to ``diffs``, its figures'
    differences to ``out``; how many pairs publish a figure."""
    pairs_checked = 0
    by_key: dict[tuple[str, str], list[PairResult]] = {}
    for pr in result.pairs:
        by_key.setdefault((pr.pair.section, pr.pair.number), []).append(pr)
    running = _running(result, previous) if previous is not None else {}
    places = session_places(result) if any(p.published_sessions for p in result.event.pairs) else {}
    for pair in result.event.pairs:
        if pair.published_sessions:
            _session_differences(result, pair, by_key, places, out)
        if pair.published_percentage is None and pair.published_mp is None and not pair.published_place:
            continue
        pairs_checked += 1
        where = pair_label(pair)
        candidates = _results_of(pair, by_key)
        if not candidates:
            diffs.append(Difference(where, f"pair {pair.number}", "a result", "no boards played"))
            continue
        pr = candidates[0]
        mp, pct, place = running.get(id(pr), (pr.mp, pr.percentage, pr.place))
        what = "running " if previous is not None else ""
        if pair.published_mp is not None and _differs(pair.published_mp, mp):
            out.append(Difference(where, f"{what}total matchpoints", _show(_exact(pair.published_mp)), _show(mp)))
        if pair.published_percentage is not None:
            ours = result.options.round_percentage(pct)
            if _differs(pair.published_percentage, ours):
                pdec = result.options.percentage_decimals
                out.append(Difference(where, f"{what}percentage" + order_note(pair.published_percentage, ours, pdec),
                                      f"{pair.published_percentage:g}", _percentage_shown(result, ours)))
        if pair.published_place:
            if not _same_place(pair.published_place, place):
                out.append(Difference(where, f"{what}place", pair.published_place, place))
    return pairs_checked


def _session_differences(result: SessionResult, pair: Pair, by_key: dict[tuple[str, str], list[PairResult]],
                         places: dict[tuple[int, int], str], out: list[Difference]) -> None:
    """A pair's published figures in each session of a several-session event (a USEBIO SESSION's PARTICIPANTS)
    against mpxl's own for that session (:meth:`PairResult.session_figures`, :func:`session_places`)."""
    pr = next(iter(_results_of(pair, by_key)), None)
    mine = pr.session_figures(result.options.scale) if pr is not None else {}
    for sess, given in sorted(pair.published_sessions.items()):
        where = given.where or pair_label(pair)
        if pr is None or sess not in mine:
            out.append(Difference(where, f"pair {pair.number}, session {sess}", "a result",
                                  "no boards played in that session"))
            continue
        mp, _most, pct = mine[sess]
        if given.mp is not None and _differs(given.mp, mp):
            out.append(Difference(where, f"session {sess} matchpoints", _show(_exact(given.mp)), _show(mp)))
        if given.percentage is not None:
            ours = result.options.round_percentage(pct)
            if _differs(given.percentage, ours):
                out.append(Difference(where, f"session {sess} percentage", f"{given.percentage:g}",
                                      _percentage_shown(result, ours)))
        place = places.get((id(pr), sess))
        if given.place and place is not None and not _same_place(given.place, place):
            out.append(Difference(where, f"session {sess} place", given.place, place))


def _results_of(pair: Pair, by_key: dict[tuple[str, str], list[PairResult]]) -> list[PairResult]:
    """mpxl's results of the file's ``pair`` (its section and number; its direction where the file gives one)."""
    return [pr for pr in by_key.get((pair.section, pair.number), [])
            if pair.direction is None or pr.pair.direction in (None, pair.direction)]


def _percentage_shown(result: SessionResult, ours: Fraction) -> str:
    """mpxl's rounded percentage as a difference shows it: at the Percentage decimals, exact when there are none."""
    pdec = result.options.percentage_decimals
    return f"{float(ours):.{pdec}f}" if pdec is not None else _show(ours)


def pair_label(pair: Pair) -> str:
    """A pair's figure named by the pair first, then where the file has it: ``pair 7 NS (PAIR 5)``
    (the file's 5th PAIR element holds pair 7), not the place alone.

    >>> from mpxl.core.event import Pair
    >>> pair_label(Pair("7", where="PAIR 5 (pair 7)")), pair_label(Pair("3", "A", "NS", where="line 64 (pair 3)"))
    ('pair 7 (PAIR 5)', 'pair 3 NS (line 64)')
    >>> pair_label(Pair("4"))
    'pair 4'
    """
    name = f"pair {pair.number}" + (f" {pair.direction}" if pair.direction else "")
    place = (pair.where or "").removesuffix(f" (pair {pair.number})").strip()
    return f"{name} ({place})" if place and place != name else name


def _pair_names(keys: Sequence[PairKey], most: int = 8) -> str:
    """Pairs' keys as a short list for a message: ``A 3 NS, 5``, and how many more.

    >>> _pair_names([("A", "3", "NS"), ("", "5", None)]), _pair_names([("", str(n), None) for n in range(10)], 2)
    ('A 3 NS, 5', '0, 1 and 8 more')
    """
    names = [" ".join(x for x in key if x) for key in keys]
    more = f" and {len(names) - most} more" if len(names) > most else ""
    return ", ".join(names[:most]) + more


def session_key(pair: Pair) -> PairKey:
    """How a pair is known from one session's file to the next: its section and number."""
    return (pair.section, str(pair.number), pair.direction)


def earlier_totals(results: Sequence[SessionResult]) -> dict[PairKey, tuple[Fraction, Fraction]]:
    """{session_key: (matchpoints, maximum)} added over the earlier sessions' scored results."""
    totals: dict[PairKey, tuple[Fraction, Fraction]] = {}
    for res in results:
        for pr in res.pairs:
            mp, mx = totals.get(session_key(pr.pair), (Fraction(0), Fraction(0)))
            totals[session_key(pr.pair)] = (mp + pr.mp, mx + pr.max)
    return totals


def _running(result: SessionResult,
             previous: dict[PairKey, tuple[Fraction, Fraction]]) -> dict[int, tuple[Fraction, Fraction, str]]:
    """id(PairResult) -> (running total, running percentage, running place) over the earlier sessions."""
    rows = []
    for pr in result.pairs:
        mp, mx = previous.get(session_key(pr.pair), (Fraction(0), Fraction(0)))
        total, top = pr.mp + mp, pr.max + mx
        rows.append((pr, total, result.options.scale.percentage(total, top)))
    out: dict[int, tuple[Fraction, Fraction, str]] = {}
    groups: dict[tuple[str, str | None], list[tuple[PairResult, Fraction, Fraction]]] = {}
    for row in rows:
        section = row[0].pair.section if result.options.field is not Field.EVENT else ""
        groups.setdefault((section, row[0].pair.direction), []).append(row)
    for members in groups.values():
        members.sort(key=lambda r: -r[2])
        for (pr, total, pct), label in zip(members, place_labels([r[2] for r in members], result.options.places)):
            out[id(pr)] = (total, pct, label)
    return out


def _same_place(published: str, place: str) -> bool:
    """A published place agrees with ours when it is the same place written the same way; a pair
    number's direction (``1NS``) and spaces are not part of it."""
    return re.sub(r"\s|NS$|EW$", "", published.upper()) == place


def tie_note(result: SessionResult) -> str:
    """How ties in the ranking were decided: by a tie-break the file publishes, or shared.

    >>> from mpxl.core.event import Event, Line
    >>> tie_note(score_event(Event(lines=[Line(1, "1", "2", score=420)])))
    'ties shared (the file publishes no tie-break)'
    """
    if any(p.published_tiebreak is not None for p in result.event.pairs):
        return "ties broken by the file's published tie-break"
    return "ties shared (the file publishes no tie-break)"


@dataclass
class Audit:
    """What ``check`` found in one file: the event, how it was scored, the earlier sessions its pairs'
    totals run over, and the published figures mpxl does not reproduce."""

    event: Event
    chosen: Chosen
    result: SessionResult
    previous_files: list[str]
    previous: dict[PairKey, tuple[Fraction, Fraction]] | None  # the earlier sessions' totals, when given
    carried: list[Difference] | None  # the figures carried in from earlier sessions not given
    diffs: list[Difference]
    lines: int  # how many lines publish a figure
    pairs: int  # how many pairs publish a figure
    #: a workbook's lines laid out with no result, and its movement's plays with no line (mpxl.workbook.settle)
    to_settle: list[str] = field(default_factory=list)
    #: what the check of the file's double-dummy analysis found ('' when the file brings none)
    analysis: str = ""


def run(args: Namespace) -> int:
    from ..formats.inputs import is_bws, is_journal

    if is_bws(args.input) or is_journal(args.input):  # the tablets publish nothing: what to look at before publishing
        from .bws import check_database

        return check_database(args)
    audit = _audit(args)
    if getattr(args, "json", False):
        _print_json(audit)
    else:
        _print_text(args.input, audit)
    return 1 if audit.diffs or audit.to_settle else 0


def _audit(args: Namespace) -> Audit:
    """Read ``args.input``, score it as its figures show (over the earlier sessions given with
    ``--previous``) and compare, session by session."""
    event = _read_published(args.input, bool(getattr(args, "movement", None)))
    previous_files = list(getattr(args, "previous", None) or [])
    _distinct_sessions(str(args.input), previous_files)
    chosen, result, later = _scored(event, args, previous_files)
    previous = _previous_totals(args, result, previous_files) if previous_files else None
    carried: list[Difference] | None = [] if later and previous is None else None
    diffs: list[Difference] = []
    lines = pairs = 0
    for part in _by_session(result, chosen.options):  # each session's figures against that session's
        d, n_lines, n_pairs = compare(part, previous=previous, carried_in=carried)
        diffs += d
        lines += n_lines
        pairs += n_pairs
    analysed, verdict = _analysis_differences(event, args.input)
    return Audit(event, chosen, result, previous_files, previous, carried, diffs + analysed, lines, pairs,
                 to_settle(event, args.input, warn=False, movement=getattr(args, "movement", None)), verdict)


def _analysis_differences(event: Event, path: str) -> tuple[list[Difference], str]:
    """The file's double-dummy analysis (its PBN tags) against the solver's, board by board, and the line
    saying so ('' when the file brings none); not checked, and said, when endplay is not installed."""
    if not event.analyses:
        return [], ""
    from ..core.analysis import differences
    from ..formats.solver import NOT_INSTALLED, available, solve

    boards = sorted(b for b in event.analyses if b in event.deals)
    if not available():
        return [], (f"the double-dummy analysis of {len(boards)} boards not checked: {NOT_INSTALLED}: "
                    'pip install "mpxl-bridge[dds]"')
    solved = solve([event.deals[b] for b in boards], path)
    diffs = [Difference(f"board {b}", what, stated, mine) for b in boards if b in solved
             for what, stated, mine in differences(event.analyses[b], solved[b], _vulnerability(event.deals[b]))]
    wrong = sorted({int(d.where.split()[1]) for d in diffs})
    return diffs, (f"the double-dummy analysis of {len(solved)} boards (its tricks and par) agrees with the solver"
                   if not wrong else "the double-dummy analysis differs from the solver's on boards "
                   + ", ".join(map(str, wrong)))


def _vulnerability(deal: Deal) -> str:
    """A deal's vulnerability, the board number's when its file does not say."""
    return deal.vulnerable or board_vulnerability(deal.board).value


def _distinct_sessions(path: str, previous: list[str]) -> None:
    """UserError where a ``--previous`` file is the file checked, or another ``--previous`` one (the same file,
    or a copy of it byte for byte): the same session counted twice in the running totals."""
    if not previous:
        return
    from ..formats.atomic import same_file

    def same(a: str, b: str) -> bool:
        if same_file(a, b):
            return True
        try:
            if os.path.getsize(a) != os.path.getsize(b):
                return False
            with open(a, "rb") as fa, open(b, "rb") as fb:
                return fa.read() == fb.read()
        except OSError:  # one cannot be read: its reader says so
            return False

    for i, prev in enumerate(previous):
        if same(prev, path):
            raise UserError(prev, "--previous", f"is {path} itself (or a copy of it): --previous names the EARLIER "
                            "sessions' files, each once")
        for earlier in previous[:i]:
            if same(prev, earlier):
                raise UserError(prev, "--previous", f"is given twice (the same file as {earlier}): each earlier "
                                "session once")


def _read_published(path: str, against_movement: bool = False) -> Event:
    """The file's event, its warnings on stderr; refused when it publishes nothing to check (unless its lines
    are ``against_movement``: checked against a movement file, its figures when it has some)."""
    event = read_event(path)
    for warning in warn_unusual(event, path):
        print(f"mpxl: {warning}", file=sys.stderr)
    for gap in seat_gaps(event):  # a seat with a member number and no name, or the reverse
        print(f"mpxl: {path}: warning: {gap}", file=sys.stderr)
    if not _publishes(event) and event.program == "mpxl workbook":  # live formulas never recalculated
        event = _recalculated(path)
    if not _publishes(event) and not against_movement:
        if event.program == "mpxl workbook" and all(ln.score is None and not ln.contract for ln in event.lines):
            raise UserError(path, "", f"no result typed yet ({len(event.lines)} traveller lines, none with a score "
                            "or a contract): type the travellers' results, then check")
        raise UserError(path, "", "the file publishes no matchpoints or percentages to check")
    return event


def _publishes(event: Event) -> bool:
    """Whether the file gives any figure of its own (a line's matchpoints, a pair's total or percentage)."""
    has_lines = any(ln.published_ns_mp is not None or ln.published_ew_mp is not None for ln in event.lines)
    return has_lines or any(p.published_percentage is not None or p.published_mp is not None for p in event.pairs)


def _recalculated(path: str) -> Event:
    """A workbook with formulas and no figures saved (never opened in Excel or LibreOffice): a copy recalculated
    by LibreOffice where it is installed, said on stderr (the workbook itself untouched); else UserError saying
    to open and save it."""
    import tempfile

    from ..workbook.libreoffice import NEVER_RECALCULATED, find_soffice, recalculated_copy

    soffice = find_soffice()
    if soffice is None:
        raise UserError(path, "", NEVER_RECALCULATED + " (or install LibreOffice: mpxl then recalculates a copy)")
    print(f"mpxl: {path}: never recalculated (no figures saved with its formulas): checking a copy recalculated "
          f"by LibreOffice ({soffice}); the workbook is not changed", file=sys.stderr)
    with tempfile.TemporaryDirectory(prefix="mpxl-check-") as folder:
        event = read_event(recalculated_copy(path, folder, soffice))
    event.source = path
    return event


def _scored(event: Event, args: Namespace, previous_files: list[str]) -> tuple[Chosen, SessionResult, bool]:
    """(the options chosen, the event scored with them, whether its pairs' figures run over earlier
    sessions): a later session's pair figures may run over the earlier sessions, so then the lines
    alone say how it was scored."""
    later = bool(event.session_number and event.session_number > 1)
    seen = _session_only(event) if later or previous_files else event
    chosen = choose_options(seen, args, alike=True)  # what the figures do not tell apart said too
    result = (chosen.inference.scored if chosen.inference else score_event)(event, chosen.options)
    if not (later or previous_files) and _runs_over(result):
        later = True  # a published total above what this session's boards can give
        chosen = choose_options(_session_only(event), args, alike=True)
        result = score_event(event, chosen.options)
    return chosen, result, later


def _previous_totals(args: Namespace, result: SessionResult,
                     previous_files: list[str]) -> dict[PairKey, tuple[Fraction, Fraction]]:
    """The earlier sessions' totals of each pair, from the files given with ``--previous`` (each scored
    as its own figures show); refused when none of this file's pairs is in them."""
    earlier = []
    for path in previous_files:
        ev = read_event(path)
        earlier.append(score_event(ev, choose_options(ev, replace_input(args, path)).options))
    previous = earlier_totals(earlier)
    here = [session_key(pr.pair) for pr in result.pairs]
    unmatched = [k for k in here if k not in previous]
    if here and len(unmatched) == len(here):
        raise UserError(args.input, "", "none of this file's pairs is in the earlier sessions' files given with "
                        f"--previous (pairs {_pair_names(unmatched)}; they have {_pair_names(list(previous))}): "
                        "its totals cannot run over them")
    if unmatched:
        print(f"mpxl: {args.input}: pairs {_pair_names(unmatched)} are in no earlier session's file: their "
              "running totals are this session's alone", file=sys.stderr)
    return previous


def _print_json(audit: Audit) -> None:
    """The ``--json`` document of what was checked and what differs, on stdout."""
    import json  # loaded for --json

    event, chosen, previous, carried, diffs = audit.event, audit.chosen, audit.previous, audit.carried, audit.diffs
    json.dump({"program": event.program, "conventions": chosen.conventions.name, "lines_checked": audit.lines,
               "pairs_checked": audit.pairs,
               "scoring": chosen.to_json(event), "ties": tie_note(audit.result),
               "session": {"number": event.session_number, "count": event.session_count,
                           "previous": audit.previous_files,
                           "totals": ("running, reproduced from the earlier sessions" if previous is not None else
                                      "carried in from earlier sessions (not given)" if carried is not None else
                                      "this session's")},
               "reproduced": _reproduced(chosen),
               "settings_found": chosen.inference is not None and not diffs,
               "carried_in": [d.__dict__ for d in carried or []],
               "differences": [d.__dict__ for d in diffs],
               "to_settle": audit.to_settle,
               "ready_to_publish": not diffs and not audit.to_settle,
               **({"analysis": audit.analysis} if audit.analysis else {})}, sys.stdout, indent=1, ensure_ascii=False)
    sys.stdout.write("\n")


def _print_text(path: str, audit: Audit) -> None:
    """Each difference, then the verdict, the settings and how the totals were taken, on stdout."""
    event, chosen, diffs = audit.event, audit.chosen, audit.diffs
    conv = chosen.conventions
    for line in audit.to_settle:  # as for the tablets' database (mpxl.commands.bws.report_lines)
        print(f"to settle: {line}")
    for d in diffs:
        print(d)
    verdict = "all agree" if not diffs else f"{len(diffs)} difference{'s' if len(diffs) != 1 else ''}"
    if audit.to_settle:
        verdict += f"; {len(audit.to_settle)} to settle"
    searched = chosen.inference is not None
    how = ("as its figures show" if searched and not diffs else "as given" if not searched else
           "with the options given" if chosen.contradicted else
           "with the settings that reproduce the most of its figures")
    program = event.program or "an unnamed program"
    print(
        f"{path}: checked {audit.lines} lines and {audit.pairs} pairs written by {program}, "
        f"scored {how} from the {conv.name} defaults: {verdict}"
    )
    if audit.to_settle and diffs:  # what is to settle is counted otherwise by the sheet or the file and by mpxl:
        # the first cause of differences, before any setting (a line the sheet leaves out moves every N of its field)
        print(f"the differences may come from what is to settle ({len(audit.to_settle)}: counted otherwise there "
              "than by mpxl), not from the settings: settle it, recalculate and check again")
    elif chosen.contradicted:  # the options given, not a search, explain what differs
        print(chosen.contradicted)
    elif searched and diffs:
        cut = cut_off_all(((pr.pair.published_percentage, pr.percentage) for pr in audit.result.pairs),
                          chosen.options.percentage_decimals)
        print(unexplained(chosen, diffs, percentages_cut=cut))
    print(f"{'best candidate' if searched and diffs and not chosen.contradicted else 'settings'}: "
          f"{chosen.summary(event)}")
    if chosen.differs:
        print(
            "* not the "
            + conv.name
            + " default: "
            + ", ".join(f"{k.replace('_', '-')} {a} -> {b}" for k, (a, b) in chosen.differs.items())
        )
    if not diffs and (alike := chosen.alike_note(event)):
        print(alike)
    print(tie_note(audit.result))
    if audit.analysis:
        print(audit.analysis)
    if audit.carried:
        session = (f"session {event.session_number}" + (f" of {event.session_count}" if event.session_count else "")
                   if event.session_number else "")
        print(f"{len(audit.carried)} pair figures run over earlier sessions{' (' + session + ')' if session else ''}: "
              "carried in, not checked; give the earlier sessions' files with --previous to check them")
    elif audit.previous is not None:
        print(f"running totals over {len(audit.previous_files)} earlier session file(s) and this one")


def _reproduced(chosen: Chosen) -> dict[str, list[int]]:
    """How many of each kind of published figure the settings reproduce (when they were searched)."""
    if chosen.inference is None:
        return {}
    a = chosen.inference.agreement
    return {name: list(getattr(a, name)) for name in ("lines", "line_percentages", "totals", "percentages", "places")
            if getattr(a, name)[1]}


def unexplained(chosen: Chosen, diffs: Sequence[Difference], percentages_cut: bool = False) -> str:
    """What a search that did not reproduce every figure says: how many the best candidate
    reproduces, of which kinds, and which kinds of figure it could not explain; ``percentages_cut``: every
    published percentage is mpxl's exact one cut off (:func:`mpxl.core.rounding.cut_off_all`), which is said
    of them rather than an order of roundings.

    >>> from mpxl.core.inference import Agreement, Inference
    >>> from mpxl.core.options import ScoringOptions
    >>> from mpxl.core.conventions import find
    >>> from mpxl.commands.choice import Chosen
    >>> found = Inference(ScoringOptions(), Agreement(lines=(10, 12), totals=(4, 4)))
    >>> one = [Difference("line 3", "NS matchpoints", "1", "2")]
    >>> print(unexplained(Chosen(find("generic"), ScoringOptions(), found), one))
    no settings mpxl knows reproduce every figure: the best candidate reproduces 14 of 16
    (lines 10 of 12, totals 4 of 4);
    not explained: 1 line matchpoints; the settings below are that candidate's, not a finding of how the file was scored
    >>> order = [Difference("pair 7", "percentage" + order_note(41.63, Fraction(4162, 100), 2), "41.63",
    ...                     "41.62")] * 5
    >>> print(unexplained(Chosen(find("generic"), ScoringOptions(), found), order).splitlines()[2])
    not explained: 5 percentages (one unit of the last decimal: a rounding-order difference); the settings below ...
    >>> print(unexplained(Chosen(find("generic"), ScoringOptions(), found), order, True).splitlines()[2])
    not explained: 5 percentages (each the exact percentage cut off, rounded down: a rounding no setting of mpxl \
makes, so mpxl's, rounded, are a unit more); the settings below ...
    """
    assert chosen.inference is not None, "only a search leaves figures unexplained"
    a = chosen.inference.agreement
    kinds = [(name, got) for name, got in (("lines", a.lines), ("line percentages", a.line_percentages),
                                           ("totals", a.totals), ("percentages", a.percentages),
                                           ("places", a.places)) if got[1]]
    parts = ", ".join(f"{name} {got[0]} of {got[1]}" for name, got in kinds)
    failing: dict[str, int] = {}
    ordered: dict[str, int] = {}  # of them, those one unit of the last decimal off
    for d in diffs:
        what = re.sub(r" \(.*\)$", "", d.what).rsplit(": ", 1)[-1].replace("running ", "")  # no note, no label
        kind = ("sit-out credits" if "credit" in what else "total matchpoints" if what == "total matchpoints" else
                "line matchpoints" if what.endswith("matchpoints") else
                "line percentages" if what in ("NS percentage", "EW percentage") else
                {"percentage": "percentages", "place": "places"}.get(what, what))
        failing[kind] = failing.get(kind, 0) + 1
        if d.what.endswith(ORDER_NOTE):
            ordered[kind] = ordered.get(kind, 0) + 1
    def counted(kind: str, n: int) -> str:
        if kind == "percentages" and percentages_cut:
            return (f"{n} {kind} (each the exact percentage cut off, rounded down: a rounding no setting of mpxl "
                    "makes, so mpxl's, rounded, are a unit more)")
        if kind not in ordered:
            return f"{n} {kind}"
        some = "" if ordered[kind] == n else f"{ordered[kind]} of them "
        return f"{n} {kind} ({some}one unit of the last decimal: a rounding-order difference)"
    what = "; ".join(counted(k, n) for k, n in failing.items())
    return (f"no settings mpxl knows reproduce every figure: the best candidate reproduces {a.agree} of {a.total}\n"
            f"({parts});\nnot explained: {what}; the settings below are that candidate's, not a finding of how the "
            "file was scored")


def _by_session(result: SessionResult, options: ScoringOptions) -> list[SessionResult]:
    """``result`` itself for a one-session file; else, when the file publishes pairs' figures per
    session, each session scored on its own (its lines and its pairs): they are that session's."""
    sessions = sorted({ln.session for ln in result.event.lines})
    if len(sessions) < 2 or len({p.session for p in result.event.pairs}) < 2:
        return [result]  # one session, or one table of figures for the whole event
    ev = result.event
    return [score_event(replace(ev, lines=[ln for ln in ev.lines if ln.session == s],
                                pairs=[p for p in ev.pairs if p.session == s],
                                sitouts=[so for so in ev.sitouts if so.session == s],
                                penalties=[pen for pen in ev.penalties if pen.session == s]), options)
            for s in sessions]


def _session_only(event: Event) -> Event:
    """``event`` with its pairs' published totals, percentages and places left out (the lines kept)."""
    return replace(event, pairs=[replace(p, published_mp=None, published_percentage=None, published_place=None)
                                 for p in event.pairs])


def _runs_over(result: SessionResult) -> bool:
    """Do the pairs publish running totals over earlier sessions? Only when a published total is
    beyond what this session's boards give its pair (above the most, or below the least:
    :func:`_outside`) AND this session's scoring reproduces fewer than half the published totals:
    running totals carry every pair's earlier sessions in, while one impossible total among figures
    that agree is a wrong figure, reported, never carried in.

    >>> from mpxl.core.event import Event, Line, Pair
    >>> lines = [Line(1, "1", "2", score=420), Line(1, "3", "4", score=400)]
    >>> wrong = Event(lines=lines, pairs=[Pair("1", published_mp=2), Pair("2", published_mp=90),
    ...                                   Pair("3", published_mp=0), Pair("4", published_mp=2)])
    >>> running = Event(lines=lines, pairs=[Pair("1", published_mp=5), Pair("2", published_mp=3),
    ...                                     Pair("3", published_mp=1), Pair("4", published_mp=7)])
    >>> _runs_over(score_event(wrong)), _runs_over(score_event(running))
    (False, True)
    """
    ours = {session_key(pr.pair): pr for pr in result.pairs}
    published = [(total, ours.get(session_key(p))) for p in result.event.pairs if (total := p.published_mp) is not None]
    if not any(pr is not None and _outside(result.options.scale, total, pr.max) for total, pr in published):
        return False
    agree = len([total for total, pr in published if pr is not None and _exact(total) == pr.mp])
    return 2 * agree < len(published)


def _outside(scale: Scale, total: float, maximum: int | Fraction) -> bool:
    """Whether a published ``total`` is beyond what a pair's boards (worth ``maximum``) can give it,
    either way: above the maximum, or below the figure of 0% (0, or -maximum on the signed scale).
    One rule for both signs: a running total may be carried in above or below.

    >>> from mpxl.core.settings import Scale
    >>> [_outside(Scale.SIGNED, t, 168) for t in (-1050.1, 50.1, 1050.1)], _outside(Scale.DOUBLE, -3, 300)
    ([True, False, True], True)
    """
    return not scale.figure(0, maximum) - 1e-9 <= total <= maximum + 1e-9


def replace_input(args: Namespace, path: str) -> Namespace:
    """``args`` for scoring an earlier session's file: the same options, that file as input."""
    return Namespace(**{**vars(args), "input": path, "previous": []})

