"""Write a scored event into the template layout, with live formulas.

The workbook holds what a scorer would have typed (boards, pairs, contracts,
scores, adjustment codes, groups, arrowswitches) and the Setup that the session
was scored with; every matchpoint, total, percentage and place is the
template's own formula, so the figures Excel or LibreOffice show are computed by
the workbook, and equal the Python core's.

A line's score is left to the contract formula when the contract, declarer and
tricks give it; otherwise it is typed. An artificial score goes in Adjustment.

>>> from mpxl.core.event import Event, Line
>>> from mpxl.core.session import score_event
>>> import tempfile, os
>>> r = score_event(Event(lines=[Line(1, "1", "2", score=420, contract="4S", declarer="N", tricks=10),
...                              Line(1, "2", "1", score="A6040")], winners={"": 2}))
>>> path = os.path.join(tempfile.mkdtemp(), "event.xlsx")
>>> write_event_workbook(r, path)
>>> from openpyxl import load_workbook
>>> ws = load_workbook(path)["Travellers"]
>>> ws["D5"].value, ws["G5"].value, ws["H6"].value, ws["O5"].value[:4]
('4S', None, 'A6040', '=IF(')
"""

from __future__ import annotations

import os
from fractions import Fraction
from functools import lru_cache
from typing import TYPE_CHECKING

from openpyxl.styles import Font

from ..core.adjustments import Artificial, Assigned, LinePenalty, Mixed
from ..core.event import Event, Line, SitOut
from ..core.options import ScoringOptions, off_sheet, settings_of
from ..core.settings import EstimateAt, MixedLine, TotalsMethod, Unplayed
from ..formats.textsafe import as_text_cell
from .inputs import Contents, PairRow, Settings, TemplateLine
from .layout import (
    FIRST_ROW,
    HELPER_COLUMNS,
    PAIRS_COLUMNS,
    PAIRS_INPUTS,
    PAIRS_SHEET,
    PARTS,
    TOTALS_COLUMNS,
    TRAVELLER_COLUMNS,
)
from .template import build_workbook, number_formats, write_workbook
from .totals import NOT_PLAYED, SESSIONS_COUNTED

if TYPE_CHECKING:
    from openpyxl import Workbook
    from openpyxl.worksheet.worksheet import Worksheet

    from ..core.ranking import PairResult
    from ..core.session import SessionResult

__all__ = ["write_event_workbook", "event_workbook", "event_contents", "settings_for", "values_workbook",
           "write_values_workbook", "write_xlsx", "VALUE_CELLS"]


@lru_cache(maxsize=65536)
def _pair_value(text: object) -> int | str | None:
    """A pair number as an int when it is one (so the sheets' COUNTIFS match it), else the text.

    >>> _pair_value("12"), _pair_value("A3"), _pair_value(None)
    (12, 'A3', None)
    """
    if text is None:
        return None
    s = str(text).strip()
    return int(s) if s.isascii() and s.isdigit() else s  # not a fullwidth 12 (int would make it 12)


def settings_for(result: SessionResult) -> Settings:
    """The Setup sheet that reproduces ``result.options`` (a :class:`~mpxl.core.session.SessionResult`).

    >>> from mpxl.core.options import ScoringOptions
    >>> from mpxl.core.session import SessionResult
    >>> from mpxl.core.event import Event
    >>> from mpxl.core.rounding import Rounding
    >>> from mpxl.core.methods import Method
    >>> opts = ScoringOptions(rounding=Rounding.parse("ebu"), method=Method.MCKINNON)
    >>> s = settings_for(SessionResult(Event(winners={"A": 2}), opts, [], []))
    >>> s.options.method, s.options.winners, s.cells["rounding"], s.cells["decimals"]
    (<Method.MCKINNON: 'mckinnon'>, 2, 'ebu', 1)
    >>> s = settings_for(SessionResult(Event(), ScoringOptions.parse(places="plain", rounding_totals="2"), [], []))
    >>> [s.cells[k] for k in ("places", "field", "totals_rounding", "totals_decimals", "pct_decimals")]
    ['plain', 'section', 'half-up', 2, 2]
    """
    opts, ev = result.options, result.event
    winners = opts.winners
    if winners is None:
        values = {ev.winners.get(sec) or 1 for sec in ev.sections()} if ev.lines else set(ev.winners.values())
        winners = values.pop() if len(values) == 1 else 1
    # what the options leave to the file (its field, its winners), as the file says: the Setup holds a value
    return Settings(opts.with_(field=result.field, winners=winners), event=ev.title or "", date=ev.date or "",
                    club=ev.club.name if ev.club else "", line_pct_decimals=ev.line_percentage_decimals)


def unsupported(result: SessionResult) -> str | None:
    """Why the template layout cannot hold this scored event with live formulas, or None if it can."""
    ev, opts = result.event, result.options
    if opts.winners is None and len({ev.winners.get(sec) or 1 for sec in ev.sections()}) > 1:
        return "the workbook has one Winners setting; this event's sections have one and two winners"
    reason = off_sheet(opts)  # a setting, or a value, the Setup holds no cell for (the settings' declarations say)
    if reason is not None:
        return reason
    if opts.scale.fixed_top is not None and opts.estimate_at is EstimateAt.TOTALS:
        return ("the percent scale with estimate-at totals (a short board's full figures factored to the fixed top) "
                "is not in the workbook's formulas")
    if opts.scale.fixed_top is not None and _totals_apart(opts):
        return (f"the percent scale with totals-method {opts.totals_method.value} (a short board's totals figures "
                "factored to the fixed top) is not in the workbook's formulas")
    reason = _penalty_unsupported(result)
    if reason is not None:
        return reason
    latest = max((b.session for b in result.boards), default=1)
    if opts.unplayed is not Unplayed.NONE and latest > SESSIONS_COUNTED:
        return (f"missed boards credited in session {latest}: the Pairs sheet counts them in sessions 1 to "
                f"{SESSIONS_COUNTED}, each apart")
    alike = _alike_keys(ev)
    if alike:
        return (f"pairs {alike[0]!r} and {alike[1]!r} would be one pair in the workbook's formulas (its lookup key "
                "is the section, a bar and the number, and a number like 012 is 12 in a cell)")
    return _ruling_unsupported(result)


def _totals_apart(opts: ScoringOptions) -> bool:
    """Do a short board's totals add other figures than its lines (the Travellers' Short (totals) lines: under
    estimate-at totals, or estimate-at lines with a totals method other than as-lines)?

    >>> _totals_apart(ScoringOptions()), _totals_apart(ScoringOptions(totals_method=TotalsMethod.PLAIN))
    (False, True)
    >>> _totals_apart(ScoringOptions(estimate_at=EstimateAt.OWN_TOPS, totals_method=TotalsMethod.PLAIN))
    False
    """
    return opts.estimate_at is EstimateAt.TOTALS or (
        opts.estimate_at is EstimateAt.LINES and opts.totals_method is not TotalsMethod.AS_LINES)


def _typed_penalty(penalty: LinePenalty | None) -> int | float | str | None:
    """A line's penalty (read with the line) as the sheet's NS penalty / EW penalty holds it
    (:attr:`~mpxl.core.adjustments.LinePenalty.typed`), None when there is none; ValueError when the sheet could
    not read it back.

    >>> from mpxl.core.adjustments import read_penalty
    >>> [_typed_penalty(read_penalty(v)) for v in (2, " 10 % ", None)]
    [2, '10%', None]
    """
    return None if penalty is None else penalty.typed


def _penalty_unsupported(result: SessionResult) -> str | None:
    """Why a penalty of ``result`` cannot be typed live in the sheet (it is then written as values), or None: an
    amount with more decimals than a cell shows. (A line's penalty on an artificial score under the wbf Ave+
    policy is live: the sheet, as mpxl, takes it off the policy's figure: tests/test_workbook_penalty.py; so is
    a percentage of top under Estimate at totals, of the board's own top on the line and of the full top in the
    totals: tests/test_workbook_estimate_totals.py.)"""
    ev = result.event
    for ln in ev.lines:
        for side, value in (("NS", ln.ns_penalty), ("EW", ln.ew_penalty)):
            if value is None:
                continue
            where = f"board {ln.board}, NS {ln.ns_pair} EW {ln.ew_pair}: the {side} penalty {value.written!r}"
            try:
                _typed_penalty(value)
            except ValueError:
                return f"{where} has more decimals than a cell shows"
    for pen in ev.penalties:
        if not pen.plain:
            return (f"board {pen.board}: the penalty of {float(pen.amount)} for pair {pen.pair} has more decimals "
                    "than a cell shows")
    return None


def _sitout_line(so: SitOut) -> TemplateLine:
    """A sit-out as the sheet reads it: the pair alone on its side, and ``sitout`` (no line)."""
    pair = _pair_value(so.pair)
    return TemplateLine(so.board, pair if so.direction == "NS" else None, pair if so.direction == "EW" else None,
                        adjustment="sitout", section=so.section or None,
                        session=so.session if so.session != 1 else None)


def _penalty_rows(ev: Event) -> list[TemplateLine]:
    """The penalty rows as a scorer types them: Adjustment Pen, the pair on its side, the matchpoints its total
    loses in its side's penalty (a bonus negative); the two pairs of one row of the file (Ruter's Pen row names
    both) on one row."""
    rows: dict[tuple[object, ...], TemplateLine] = {}
    for i, pen in enumerate(ev.penalties):
        key: tuple[object, ...] = (pen.session, pen.section, pen.board, pen.where or i)
        row = rows.get(key)
        side = "ns" if pen.direction == "NS" else "ew"
        if row is None or getattr(row, f"{side}_pair") is not None:  # a new row (its side taken: a row of its own)
            key = key if row is None else (*key, i)
            row = rows[key] = TemplateLine(pen.board, adjustment="Pen", section=pen.section or None,
                                           session=pen.session if pen.session != 1 else None)
        setattr(row, f"{side}_pair", _pair_value(pen.pair))
        setattr(row, f"{side}_pen", -pen.typed)
    return list(rows.values())


def _ruling_unsupported(result: SessionResult) -> str | None:
    """Why a ruling of ``result`` cannot be typed live in the sheet (it is then written as values), or None:
    a weighted side of more than :data:`~mpxl.workbook.layout.PARTS` parts, or a weight or score the sheet
    cannot write plainly; a mixed line on a fouled board when its result stands only in its own side's field
    (mixed_line own) where a short board's totals add other figures than its lines (estimate-at totals, or a
    totals method: the full figures' Set % (full) reads the group's size, not the side's field's). (A mixed line
    is live on a fouled board under both and under own, whose other side's group is one result short and may be
    small in that field alone: each figure's Set % reads its own field's n, tests/test_workbook_rulings.py; and
    under the wbf Ave+ policy: tests/test_workbook_estimate_totals.py.)"""
    opts = result.options
    own = opts.mixed_line is MixedLine.OWN and _totals_apart(opts)
    for sb in result.boards:
        fouled = own and len({str(sl.line.group or "").strip().upper() for sl in sb.lines}) > 1
        for sl in sb.lines:
            ln = sl.line
            entry = ln.entry
            where = f"board {ln.board}, NS {ln.ns_pair} EW {ln.ew_pair}: {str(ln.score)!r}"
            if isinstance(entry, (Assigned, Mixed)) and _typed_ruling(entry) is None:
                return (f"{where}: a weighted score of more than {PARTS} parts, or a weight or score with more "
                        "decimals than a cell shows, is not in the workbook's formulas")
            if fouled and isinstance(entry, Mixed):
                apart = ("estimate-at totals" if opts.estimate_at is EstimateAt.TOTALS
                         else f"totals-method {opts.totals_method.value}")
                return (f"{where}: a mixed line on a fouled board, its result only in its own side's field "
                        f"(mixed-line own), under {apart} is not in the workbook's formulas")
    return None


def _typed_ruling(entry: Assigned | Mixed) -> str | None:
    """A split, weighted or mixed score as the sheet's Typed score reads it (its
    :attr:`~mpxl.core.adjustments.Assigned.typed` form), or None: a side of more parts than the sheet has
    (:data:`~mpxl.workbook.layout.PARTS`), or a weight or score with no plain text.

    >>> from mpxl.core.adjustments import ScoreText
    >>> _typed_ruling(ScoreText("420 @ 30%, 450 @ 70%").entry), _typed_ruling(ScoreText("420|Ave+").entry)
    ('30% 420 + 70% 450', '420|A+')
    >>> _typed_ruling(ScoreText("25% 1 + 25% 2 + 25% 3 + 25% 4").entry) is None
    True
    """
    if any(not isinstance(side, Fraction) and len(side) > PARTS for side in (entry.ns, entry.ew)):
        return None
    return entry.typed


def _alike_keys(ev: Event) -> tuple[str, str] | None:
    """Two pairs the sheet's lookup keys (section ``|`` number, the number as a cell holds it) would
    merge: ``012`` and ``12``, or section ``A|1`` pair ``2`` and section ``A`` pair ``1|2``; else None.

    >>> from mpxl.core.event import Event, Line
    >>> _alike_keys(Event(lines=[Line(1, "012", "3", score=1), Line(1, "12", "4", score=2)]))
    ('012', '12')
    >>> _alike_keys(Event(lines=[Line(1, "2", "3", "A|1", score=1), Line(1, "1|2", "4", "A", score=2)]))
    ('A 1|2', 'A|1 2')
    >>> _alike_keys(Event(lines=[Line(1, "1", "2", score=1)])) is None
    True
    """
    seen: dict[str, tuple[str, str]] = {}
    names = {(ln.section, p) for ln in ev.lines for p in (ln.ns_pair, ln.ew_pair)}
    names |= {(p.section, p.number) for p in ev.pairs}
    for section, number in sorted(names, key=lambda k: (str(k[0]), str(k[1]))):
        key = f"{str(section).strip()}|{_pair_value(number)}"
        other = seen.setdefault(key, (section, number))
        if other != (section, number):
            first, second = (" ".join(x for x in (str(s), str(n)) if x) for s, n in (other, (section, number)))
            return first, second
    return None


def _template_line(ln: Line) -> TemplateLine:
    """What a scorer would type for one event line.

    >>> from mpxl.core.event import Line
    >>> _template_line(Line(4, "1", "9", score=-130, contract="3C", declarer="E", tricks=10)).typed is None
    True
    >>> _template_line(Line(4, "6", "1", score="AVE")).adjustment
    'AVE'
    """
    out = TemplateLine(ln.board, _pair_value(ln.ns_pair), _pair_value(ln.ew_pair),
                       ln.contract or None, ln.declarer or None, ln.tricks,
                       group=ln.group or None, switch="Y" if ln.arrowswitch else None,
                       section=ln.section or None, session=ln.session if ln.session != 1 else None,
                       ns_pen=_typed_penalty(ln.ns_penalty), ew_pen=_typed_penalty(ln.ew_penalty))
    entry = ln.entry
    if entry is None:
        if ln.score is not None and str(ln.score).strip():
            out.adjustment = str(ln.score).strip()
        out.contract = out.by = out.tricks = None
        return out
    # a ruling over a result played keeps the result beside it (the tablets' contract, read again next
    # time: mpxl.workbook.keep); the ruling is what is scored, in the sheet as by mpxl
    played = ln.contract is not None and ln.tricks is not None
    if isinstance(entry, Artificial):  # a split of two codes (A=|A+) as the Adjustment column reads it
        text = str(ln.score).strip()
        out.adjustment = text if "|" not in text else entry.typed
        if not played:
            out.contract = out.by = out.tricks = None
        return out
    if isinstance(entry, Mixed) or entry.is_split or entry.is_weighted:
        out.typed = _typed_ruling(entry)  # split, weighted or mixed: the sheet's parts (unsupported says if not)
        if not played:
            out.contract = out.by = out.tricks = None
        return out
    score = entry.ns[0][1]
    if ln.contract_score != score:  # the contract formula would not give it (or reads no such contract)
        out.typed = score
    return out


def event_contents(result: SessionResult, spare_rows: int = 0) -> Contents:
    """What the workbook of a scored event is built from (:class:`~mpxl.workbook.inputs.Contents`), taken from
    ``result`` once: the lines as a scorer types them, the per-board rows, the pairs, the Setup. Whether the
    formulas can hold the event is :func:`unsupported`'s to say, asked before."""
    # a board of each field: (board, its section unless across the field, session)
    boards = [(sb.board, sb.section or None, sb.session if sb.session != 1 else None) for sb in result.boards]
    lines: list[TemplateLine] = []
    for sb in result.boards:
        for sl in sb.lines:
            lines.append(_template_line(sl.line))
    for so in result.event.sitouts:
        lines.append(_sitout_line(so))
    lines += _penalty_rows(result.event)  # after the lines: each pair's penalty row, on its board
    # the Pairs sheet: by section (in the event's order), NS before EW, by number (ranking groups
    # appear in mpxl's order, and equal pairs keep it)
    pairs = [row for row, _ in _pair_rows(result)]
    expected = result.boards[0].expected if result.boards else 9
    methods = (max(expected, 2), max(expected - 1, 1))
    return Contents(settings_for(result), lines, boards, pairs, rows=len(lines) + spare_rows, methods=methods,
                    deals=list(result.event.deals.values()), analyses=list(result.event.analyses.values()),
                    by_board=True)


def _pair_rows(result: SessionResult) -> list[tuple[PairRow, PairResult]]:
    """The Pairs sheet's rows (pair, direction, names, section, tie-break) and each one's PairResult: by
    section (in the event's order), NS before EW, by number (ranking groups appear in mpxl's order, and
    equal pairs keep it)."""
    order = {sec: i for i, sec in enumerate(result.event.sections())}
    seen: dict[tuple[int, str, int, tuple[int, str]], tuple[PairRow, PairResult]] = {}
    for pr in result.pairs:
        p = pr.pair
        key = (order.get(p.section, -1), p.section, {"NS": 0, "EW": 1}.get(p.direction or "", 0), _natural(p.number))
        number = _pair_value(p.number)
        names = p.names_text or None  # refused when it would not read back as these names
        numbers = tuple(n or None for n in (p.members + ("", ""))[:2])
        seen.setdefault(key, ((number, p.direction, names, p.section or None, p.published_tiebreak, *numbers), pr))
    return [seen[k] for k in sorted(seen)]


#: The cells a values workbook holds as values, in words (the message names them).
VALUE_CELLS = ("Travellers: NS MP, EW MP, NS %, EW %, the per-board NS and EW totals and Status; "
               "Pairs: Boards played, Carried forward, Latest session MP, MP, Max, %, Place; Totals: every row")


def values_workbook(result: SessionResult, reason: str) -> Workbook:
    """The workbook :func:`event_workbook` writes, for an event its formulas cannot hold (``reason``, from
    :func:`unsupported`): the same sheets, Setup, title and date, typed lines, names and sections, with the
    figures written as values, rounded as published (lines, totals and percentages at the event's decimals,
    places as mpxl places them); the helper columns, which would work the figures out otherwise, are left
    empty, and each sheet's third row says which cells are values and why.

    >>> from mpxl.core.event import Event, Line
    >>> from mpxl.core.session import score_event
    >>> r = score_event(Event(lines=[Line(1, "1", "2", score=420), Line(1, "3", "4", score=400)]))
    >>> wb = values_workbook(r, "a reason")
    >>> ws = wb["Travellers"]
    >>> C, T = TRAVELLER_COLUMNS, TOTALS_COLUMNS
    >>> ws[f"{C['ns_mp']}5"].value, ws[f"{C['ew_mp']}5"].value, wb["Totals"][f"{T['place']}5"].value
    (2.0, 0.0, '1=')
    >>> wb["Totals"][f"{T['pair']}5"].value
    1
    """
    contents = event_contents(result)
    wb = build_workbook(contents)
    opts = result.options
    formats = number_formats(contents.settings)  # the live workbook's, at the event's decimals
    line_fmt, total_fmt, pct_fmt = formats["line"], formats["total"], formats["pct"]
    tr, pa, to = wb["Travellers"], wb["Pairs"], wb["Totals"]
    _clear_helpers(tr, pa)
    _put_lines(tr, result, line_fmt)
    _put_pairs(pa, to, result, total_fmt, pct_fmt)
    sheet = wb.create_sheet("Settings")  # every setting applied, named as the JSON names it
    sheet.append(["Setting", "Value"])
    for key, value in settings_of(result.event, opts).items():
        row = sheet.max_row + 1
        for column, text in enumerate((key, ", ".join(f"{k} {v}" for k, v in value.items())
                                       if isinstance(value, dict) else value), 1):
            as_text_cell(sheet.cell(row=row, column=column), text)
    note = f"Values, not formulas ({reason}): {VALUE_CELLS}."
    for ws in (tr, pa, to):
        as_text_cell(ws["A3"], note)
        ws["A3"].font = Font(italic=True, color="C00000", size=9)
    return wb


def _clear_helpers(tr: Worksheet, pa: Worksheet) -> None:
    """Empty the helper columns of Travellers and the figures' columns of Pairs (values are written instead)."""
    C, P = TRAVELLER_COLUMNS, PAIRS_COLUMNS
    helpers = [C[c.key] for c in HELPER_COLUMNS] + [C[k] for k in ("b_expected", "b_key", "b_n")]
    for ws, cols in ((tr, helpers), (pa, [P[c.key] for c in PAIRS_SHEET if c.key not in PAIRS_INPUTS])):
        for col in cols:
            for row in range(FIRST_ROW, ws.max_row + 1):
                ws[f"{col}{row}"].value = None


def _put(ws: Worksheet, ref: str, value: object, fmt: str = "General") -> None:
    """A figure written as a value (a text as data, never a formula) in the number format ``fmt``."""
    cell = ws[ref]
    cell.value = None
    as_text_cell(cell, float(value) if isinstance(value, Fraction) else value)
    cell.number_format = fmt


def _put_lines(tr: Worksheet, result: SessionResult, line_fmt: str) -> None:
    """The lines' NS scores, matchpoints and line percentages, and the per-board totals, as values."""
    C, opts = TRAVELLER_COLUMNS, result.options
    decimals = result.event.line_percentage_decimals
    r = FIRST_ROW
    for b in result.boards:
        top = b.line_top or b.top
        for sl in b.lines:
            score = sl.line.score
            _put(tr, f"{C['ns_score']}{r}", score if isinstance(score, int) and sl.kind == "result" else None)
            _put(tr, f"{C['ns_mp']}{r}", sl.ns_mp, line_fmt)
            _put(tr, f"{C['ew_mp']}{r}", sl.ew_mp, line_fmt)
            for side in ("ns", "ew"):
                pct = None if decimals is None else opts.line_percentage(
                    getattr(sl, f"{side}_exact"), getattr(sl, f"{side}_mp"), top, decimals)
                _put(tr, f"{C[side + 'lp']}{r}", pct)
            r += 1
    for i, b in enumerate(result.boards):
        row = FIRST_ROW + i
        _put(tr, f"{C['b_ns']}{row}", sum((sl.ns_mp for sl in b.lines if sl.ns_mp is not None), 0), line_fmt)
        _put(tr, f"{C['b_ew']}{row}", sum((sl.ew_mp for sl in b.lines if sl.ew_mp is not None), 0), line_fmt)
        _put(tr, f"{C['b_status']}{row}", "values: scored by mpxl")


def _put_pairs(pa: Worksheet, to: Worksheet, result: SessionResult, total_fmt: str, pct_fmt: str) -> None:
    """Each pair's figures on Pairs, and the ranking on Totals, as values."""
    P, T, opts = PAIRS_COLUMNS, TOTALS_COLUMNS, result.options
    latest = max((b.session for b in result.boards), default=1)
    for i, (_, pr) in enumerate(_pair_rows(result)):
        row = FIRST_ROW + i
        session = pr.sessions.get(latest)
        earlier = [v for sess, v in pr.sessions.items() if sess < latest]
        for key, value, fmt in (("played", pr.boards, "0"),
                                ("carried", pr.mp - (session or 0) if earlier else NOT_PLAYED, total_fmt),
                                ("session_mp", NOT_PLAYED if session is None else session, total_fmt),
                                ("mp", pr.mp, total_fmt),
                                ("max", pr.max, "0.##"), ("pct", opts.round_percentage(pr.percentage), pct_fmt),
                                ("place", pr.place, "General")):
            _put(pa, f"{P[key]}{row}", value, fmt)
    for i, pr in enumerate(result.pairs):
        row = FIRST_ROW + i
        p = pr.pair
        for key, ranked, fmt in (("place", pr.place, "General"), ("pair", _pair_value(p.number), "General"),
                                 ("direction", p.direction or "", "General"),
                                 ("names", p.names_text, "General"), ("section", p.section or "", "General"),
                                 ("mp", pr.mp, total_fmt), ("max", pr.max, "0.##"),
                                 ("pct", opts.round_percentage(pr.percentage), pct_fmt), ("row", None, "General")):
            _put(to, f"{T[key]}{row}", ranked, fmt)


def write_values_workbook(result: SessionResult, path: str | os.PathLike[str], reason: str) -> None:
    """Write :func:`values_workbook` to ``path`` (through a temporary name: never half a workbook)."""
    from ..formats.atomic import atomic_path
    from .stream import save_tidied

    with atomic_path(os.fspath(path), suffix=".xlsx") as tmp:
        save_tidied(values_workbook(result, reason), tmp)


def event_workbook(result: SessionResult, spare_rows: int = 0) -> Workbook:
    """The openpyxl Workbook for a scored event (see :func:`write_event_workbook`)."""
    _refuse_unsupported(result)
    return build_workbook(event_contents(result, spare_rows))


def _refuse_unsupported(result: SessionResult) -> None:
    """ValueError saying why, for an event the formulas cannot hold (:func:`unsupported`)."""
    reason = unsupported(result)
    if reason:
        raise ValueError(reason)


def _natural(text: object) -> tuple[int, str]:
    digits = "".join(ch for ch in str(text) if ch in "0123456789")  # not a superscript 2 (int refuses it)
    return (int(digits) if digits else 0, str(text))


def write_event_workbook(result: SessionResult, path: str | os.PathLike[str], spare_rows: int = 0) -> None:
    """Write ``result`` (from :func:`mpxl.core.session.score_event`) to ``path`` in the template layout.

    The file holds the cells :func:`event_workbook` builds, written by
    :func:`~mpxl.workbook.template.write_workbook` (linear in the lines: the traveller
    rows go straight into the file, each column's formula shared down the column).
    It is written to a temporary name and renamed, so a failure never leaves half a
    workbook. ``spare_rows`` adds empty traveller rows. An event the formulas cannot hold is refused
    (ValueError: :func:`unsupported` says why; :func:`write_xlsx` writes its figures as values instead).
    """
    _refuse_unsupported(result)
    contents = event_contents(result, spare_rows)  # the scored event as the sheets hold it, made once
    write_workbook(os.fspath(path), contents)


def write_xlsx(result: SessionResult, path: str | os.PathLike[str]) -> str | None:
    """Write ``result`` to ``path`` atomically (the ``.xlsx`` of :data:`mpxl.formats.WRITERS`): the template
    layout with live formulas, or, for an event it cannot hold (:func:`unsupported`), its figures as
    values (Ranking and Travellers sheets) and the settings it was scored with (a Settings sheet);
    then the note saying why (None for a live workbook).

    An event with more lines (or pairs) than a worksheet has rows is refused with a message:
    Excel would not open the file.
    """
    from ..core.errors import UserError
    from ..formats.atomic import atomic_path
    from . import template

    lines = len(result.travellers) if result.travellers is not None else len(result.event.lines)
    for what, count in (("traveller lines", lines), ("pairs", len(result.pairs))):
        if count > template.MAX_DATA_ROWS:
            raise UserError(os.fspath(path), "", f"the event has {count:,} {what}, more than a worksheet holds "
                            f"({template.MAX_DATA_ROWS:,}: Excel's 1,048,576 rows less the headings); "
                            "write .csv, .xml or .pbn instead")
    reason = unsupported(result)
    if reason is not None:
        write_values_workbook(result, path, reason)
        return (f"{reason}: the figures are written as values, not formulas ({VALUE_CELLS}); "
                "every other cell as in a live workbook")
    contents = event_contents(result)
    with atomic_path(path, suffix=".xlsx") as tmp:  # asked above: not again
        write_workbook(tmp, contents)
    return None
