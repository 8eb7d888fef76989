"""The text report ``mpxl score`` prints: the ranking as a plain-text table (:func:`ranking_text`) under the
event's name and date, one block per ranking group."""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

from ..core.event import Event
from ..core.options import field_of
from ..core.ranking import NOT_COMPARED, PairResult, event_sessions, missed_sessions
from ..core.rounding import round_fraction
from ..core.rules import UNPLAYED_CREDITS
from ..core.session import SessionResult
from ..core.settings import Field, RoundingKind, Scale, Unplayed
from ..formats.common import format_number
from ..formats.labels import labels, signed_percentage_note

__all__ = ["event_heading", "ranking_text", "text_table", "missed_sessions_note"]


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
    >>> from mpxl.core.session import score_event
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
    sessions = event_sessions(result) if result.scored is not None else [1]
    several = len(sessions) > 1  # each session's own figures before the event's (the sessions added up)
    figure = [] if percent else ["MP1"] if signed else ["MPs"]
    head = ["Place", "Pair"] + (["Names"] if with_names else []) + (
        [f"S{s} {h}" for s in sessions for h in [*figure, "%"]] if several else []) + (
        ["%"] if percent else ["MP1", "%"] if signed else ["MPs", "Max", "%"])
    align = "<<" + ("<" if with_names else "") + (">" * (len(figure) + 1) * len(sessions) if several else "") + (
        ">" if percent else ">>" if signed else ">>>")
    groups = _ranking_groups(result, across)
    rows = [
        [pr.place, f"{pr.pair.section} {pr.pair.number}" if across and pr.pair.section else pr.pair.number]
        + ([" & ".join(pr.pair.names)] if with_names else [])
        + (pr.session_cells(sessions, opts.scale, not percent, lambda x: _fmt(x, dec), lambda x: _fmt(x, pdec))
           if several else [])
        + ([] if percent else [_fmt(pr.mp, dec)]) + ([] if signed or percent else [_fmt(pr.max, None)])
        + [_fmt(pr.percentage, pdec) if pr.compared else NOT_COMPARED]
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
    key = [SESSIONS_NOTE.format(sessions=", ".join(f"S{s}" for s in sessions))] if several else []
    return "\n\n".join(([heading] if heading else []) + body + key)


#: Under a several-session ranking: what its columns are.
SESSIONS_NOTE = ("{sessions}: each session's own figures (its boards matchpointed within the session; - not played "
                 "there); MPs, Max and %: the event's, the sessions added up")


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


def missed_sessions_note(result: SessionResult, source: str) -> str:
    """The line said on stderr when pairs of a several-session event missed a session ('' when none did): which
    pairs played which sessions, and how they are ranked.

    >>> from mpxl.core.event import Event, Line
    >>> from mpxl.core.session import score_event
    >>> r = score_event(Event(lines=[Line(1, "1", "2", score=420), Line(1, "3", "4", score=400),
    ...                              Line(1, "1", "2", score=-50, session=2),
    ...                              Line(1, "5", "4", score=-100, session=2)]))
    >>> print(missed_sessions_note(r, "final.csv"))
    mpxl: final.csv: of sessions 1 and 2, pair 3 played session 1 only; pair 5 played session 2 only: each is ranked \
on the sessions it played (its total over its own maximum), beside pairs that played every session; where the \
regulations rank such a pair otherwise (left out, or the missed session counted), that is the director's to apply
    """
    if result.scored is None or len({b.session for b in result.scored.boards}) < 2:
        return ""
    missed = missed_sessions(result)
    if not missed:
        return ""
    sessions = event_sessions(result)
    by_played: dict[tuple[int, ...], list[str]] = {}
    for pr, gone in missed:
        name = " ".join(x for x in (pr.pair.section, pr.pair.number, pr.pair.direction or "") if x)
        by_played.setdefault(tuple(s for s in sessions if s not in gone), []).append(name)

    def sessions_words(numbers: Sequence[int]) -> str:
        return ", ".join(map(str, numbers[:-1])) + f" and {numbers[-1]}" if len(numbers) > 1 else str(numbers[0])

    parts = [f"{'pairs' if len(names) > 1 else 'pair'} {', '.join(names)} played "
             f"session{'s' if len(played) > 1 else ''} {sessions_words(played)} only"
             for played, names in sorted(by_played.items())]
    head = f"mpxl: {source}: of sessions {sessions_words(sessions)}, {'; '.join(parts)}"
    unplayed = result.options.unplayed
    if unplayed is not Unplayed.NONE:
        pct = UNPLAYED_CREDITS.get(unplayed.value)
        credit = "its own percentage" if pct is None else f"{pct}%"
        return (f"{head}: each is credited {credit} of a session's top for every board of that session it missed "
                f"(--unplayed {unplayed.value}), shown as its figures there, and ranked on every session's boards")
    return (f"{head}: each is ranked on the "
            "sessions it played (its total over its own maximum), beside pairs that played every session; where the "
            "regulations rank such a pair otherwise (left out, or the missed session counted), that is the "
            "director's to apply")
