"""Totals, percentages and places: each pair's sum of its board figures (exact, as integer
numerators over one common denominator), its maximum, its percentage, and its place in its ranking
group (a section or the field; NS and EW apart in a two-winner field); unplayed boards' credits and
penalty rows added; the sit-outs' credits.

It reads a scored event (:class:`Scored`: a :class:`mpxl.core.session.SessionResult`).

>>> place_labels([70, 60, 60, 50])
['1', '2=', '2=', '4']
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass, field, replace
from fractions import Fraction
from functools import cache
from itertools import compress, repeat
from math import lcm
from operator import add, ne
from typing import Any, Protocol, cast

from .errors import UserError
from .event import Event, Pair, PairKey, SitOut, Travellers
from .options import ScoringOptions, field_of, pair_key, winners_of
from .pairings import travellers_board_ranges
from .rounding import Rounding
from .rules import MISSED_BOARD_CREDIT, MISSED_BOARDS, SCALED_TOTAL
from .scorer import BoardPlace, ScoredColumns
from .settings import Field, PercentageBasis, Places, Scale, TotalsFrom, Unplayed

__all__ = ["PairTotal", "PairResult", "Scored", "place_labels", "pair_results", "sitout_credits", "credit_rounding",
           "natural_key", "percentage_line", "event_sessions", "missed_sessions", "session_places"]


@dataclass(slots=True)
class PairTotal:
    """A pair's sums over its boards: matchpoints, maximum, boards played, matchpoints per session,
    maximum per session, boards played per session; the matchpoints as integer numerators over the event's one
    common denominator."""

    mp: int
    max: int
    boards: int
    sessions: dict[int, int]
    session_max: dict[int, int] = field(default_factory=dict)
    session_boards: dict[int, int] = field(default_factory=dict)


@dataclass
class PairResult:
    """A pair's total (sum of rounded board figures), maximum, percentage and place."""

    pair: Pair
    mp: Fraction
    max: Fraction
    percentage: Fraction
    place: str
    boards: int
    sessions: dict[int, Fraction] = field(default_factory=dict)  # session -> matchpoints
    #: its exact matchpoints per point of maximum on the boards it played (no credit, no penalty row):
    #: what a board it missed is credited at, that share of the board's top (``unplayed own``)
    own_share: Fraction | None = None
    #: session -> its maximum in that session (the tops of the boards it played there, and its credited boards'):
    #: with :attr:`sessions`, each session's own figures (:meth:`session_figures`)
    session_max: dict[int, Fraction] = field(default_factory=dict)
    #: session -> the boards it played there (a session it missed, credited under ``unplayed``, is not in it)
    session_boards: dict[int, int] = field(default_factory=dict)

    def session_figures(self, scale: Scale) -> dict[int, tuple[Fraction, Fraction, Fraction]]:
        """Each session it played: (its matchpoints there, its maximum there, its percentage there), the
        percentage by the scale's rule on that session's figures alone (each session is matchpointed on its own).

        >>> from mpxl.core.event import Pair
        >>> pr = PairResult(Pair("1"), Fraction(21), Fraction(36), Fraction(175, 3), "1", 7,
        ...                 {1: Fraction(11), 2: Fraction(10)}, session_max={1: Fraction(24), 2: Fraction(12)})
        >>> {s: tuple(map(float, f)) for s, f in pr.session_figures(Scale.DOUBLE).items()}
        {1: (11.0, 24.0, 45.833333333333336), 2: (10.0, 12.0, 83.33333333333333)}
        """
        return {sess: (mp, self.session_max.get(sess, Fraction(0)),
                       scale.percentage(mp, self.session_max.get(sess, Fraction(0))))
                for sess, mp in sorted(self.sessions.items())}

    def session_cells(self, sessions: Sequence[int], scale: Scale, with_figure: bool,
                      figure: Callable[[Fraction], str], percent: Callable[[Fraction], str]) -> list[str]:
        """Its cells for each of ``sessions`` (a ranking of several): its matchpoints there (``figure``'s text; not
        when ``with_figure`` is off) and its percentage there (``percent``'s), :data:`NOT_COMPARED` for a session it
        did not play (and for the percentage of one with no maximum). The one rule of the text ranking and the page.

        >>> from mpxl.core.event import Pair
        >>> pr = PairResult(Pair("5"), Fraction(11), Fraction(24), Fraction(275, 6), "1", 4, {1: Fraction(11)},
        ...                 session_max={1: Fraction(24)})
        >>> pr.session_cells([1, 2], Scale.DOUBLE, True, lambda x: f"{float(x):.2f}", lambda x: f"{float(x):.2f}")
        ['11.00', '45.83', '-', '-']
        """
        figures = self.session_figures(scale)
        cells: list[str] = []
        for sess in sessions:
            got = figures.get(sess)
            if got is None:
                cells.extend([NOT_COMPARED] * (2 if with_figure else 1))
                continue
            mp, most, pct = got
            cells.extend(([figure(mp)] if with_figure else []) + [percent(pct) if most else NOT_COMPARED])
        return cells

    @property
    def compared(self) -> bool:
        """Whether a board of the pair's had another result to compare it with (its maximum above 0). A pair whose
        every board has one result so far (a live page after the first round) has no percentage yet: shown as
        :data:`NOT_COMPARED`, not as 0.

        >>> from mpxl.core.event import Pair
        >>> [PairResult(Pair("1"), Fraction(0), Fraction(m), Fraction(0), "1", 2).compared for m in (0, 4)]
        [False, True]
        """
        return self.max != 0


#: A percentage shown for a pair not yet compared with anyone (:attr:`PairResult.compared`).
NOT_COMPARED = "-"


class Scored(Protocol):
    """What the ranking reads of a scored event: a :class:`mpxl.core.session.SessionResult`."""

    event: Event
    options: ScoringOptions
    scored: ScoredColumns | None
    travellers: Travellers | None

    @property
    def pairs(self) -> list[PairResult]:
        """The pairs' results, ranked (:func:`pair_results`)."""



def event_sessions(result: Scored) -> list[int]:
    """The sessions of the event's scored boards, in order ([1] for a one-session event).

    >>> from mpxl.core.event import Event, Line
    >>> from mpxl.core.session import score_event
    >>> event_sessions(score_event(Event(lines=[Line(1, "1", "2", score=420, session=2),
    ...                                         Line(1, "3", "4", score=400, session=1)])))
    [1, 2]
    """
    boards = result.scored.boards if result.scored is not None else []
    return sorted({b.session for b in boards}) or [1]


def missed_sessions(result: Scored) -> list[tuple[PairResult, list[int]]]:
    """Each pair of a several-session event that played no board of a session its section (or field) played,
    with those sessions (a session it is credited in under ``unplayed``, playing none of it, among them): it is
    said so.

    >>> from mpxl.core.event import Event, Line
    >>> from mpxl.core.session import score_event
    >>> r = score_event(Event(lines=[Line(1, "1", "2", score=420), Line(1, "3", "4", score=400),
    ...                              Line(1, "1", "2", score=-50, session=2),
    ...                              Line(1, "5", "4", score=-100, session=2)]))
    >>> [(pr.pair.number, missed) for pr, missed in missed_sessions(r)]
    [('3', [2]), ('5', [1])]
    """
    boards = result.scored.boards if result.scored is not None else []
    if len({b.session for b in boards}) < 2:
        return []
    across = field_of(result.event, result.options) is Field.EVENT
    played: dict[str, set[int]] = {}
    for b in boards:
        played.setdefault("" if across else b.section, set()).add(b.session)
    out = []
    for pr in result.pairs:
        due = played.get("" if across else pr.pair.section, set())
        missed = sorted(due - (set(pr.session_boards) or set(pr.sessions)))
        if missed:
            out.append((pr, missed))
    return out


def session_places(result: Scored) -> dict[tuple[int, int], str]:
    """Each pair's place in each session it played, (id of its PairResult, session) -> place: ranked within the
    event's own ranking groups (a section or the field; NS and EW apart in a two-winner field) on that session's
    percentage alone (:meth:`PairResult.session_figures`), best first, ties sharing as the event's places do; only
    the pairs that played the session. Empty for a one-session event (its places are the event's).

    >>> from mpxl.core.event import Event, Line
    >>> from mpxl.core.session import score_event
    >>> r = score_event(Event(lines=[Line(1, "1", "2", score=420), Line(1, "3", "4", score=400),
    ...                              Line(1, "1", "2", score=-50, session=2), Line(1, "3", "4", score=-100, session=2)],
    ...                       winners={"": 2}))
    >>> sorted((pr.pair.direction, pr.pair.number, s, place) for pr in r.pairs for (i, s), place
    ...        in session_places(r).items() if i == id(pr))  # doctest: +NORMALIZE_WHITESPACE
    [('EW', '2', 1, '2'), ('EW', '2', 2, '2'), ('EW', '4', 1, '1'), ('EW', '4', 2, '1'),
     ('NS', '1', 1, '1'), ('NS', '1', 2, '1'), ('NS', '3', 1, '2'), ('NS', '3', 2, '2')]
    """
    if len(event_sessions(result)) < 2:
        return {}
    scale, places = result.options.scale, result.options.places
    across = field_of(result.event, result.options) is Field.EVENT
    groups: dict[tuple[int, str, str], list[tuple[Fraction, PairResult]]] = {}
    for pr in result.pairs:
        for sess, (_mp, _most, pct) in pr.session_figures(scale).items():
            key = (sess, "" if across else pr.pair.section, pr.pair.direction or "")
            groups.setdefault(key, []).append((pct, pr))
    out: dict[tuple[int, int], str] = {}
    for (sess, _sec, _side), members in groups.items():
        members.sort(key=lambda m: (-m[0], natural_key(m[1].pair.number)))
        for (_pct, pr), label in zip(members, place_labels([m[0] for m in members], places)):
            out[(id(pr), sess)] = label
    return out


def place_labels(values: Sequence[Hashable], style: Places = Places.SHARED) -> list[str]:
    """Places for values sorted best first; ties share with ``=`` (or, ``plain``, without).

    >>> place_labels([70, 60, 60, 50]), place_labels([70, 60, 60, 50], Places.PLAIN)
    (['1', '2=', '2=', '4'], ['1', '2', '2', '4'])
    """
    first: dict[Hashable, int] = {}
    count: dict[Hashable, int] = {}
    for i, v in enumerate(values):  # one pass: a field of 30,000 pairs is not 10^9 comparisons
        first.setdefault(v, i)
        count[v] = count.get(v, 0) + 1
    mark = "=" if style is Places.SHARED else ""
    return [f"{first[v] + 1}{mark}" if count[v] > 1 else str(first[v] + 1) for v in values]


def pair_results(result: Scored) -> list[PairResult]:
    """The pairs' totals, percentages and places, each ranking group sorted best first.

    Three steps: each pair's sums, as integer numerators over one common denominator, the unplayed
    boards' credits and the penalty rows added (:func:`_event_totals`: the speed path, no Fraction
    per line); each pair's figures from its sums by the rules (:class:`_PairRules`); the ranking
    groups and their places (:func:`_placed`, comparing integers: :func:`_ranked`).
    """
    event, options = result.event, result.options
    fld = field_of(event, options)
    totals, common, shares = _event_totals(result, fld)
    known = _known_pairs(event, options)
    rules = _PairRules.of(options, fld, totals)
    results = [(rules.result(_pair_of(known, key), t, common, shares.get(key)), t) for key, t in totals.items()]
    return _placed(result, fld, results)


def _event_totals(result: Scored, fld: Field) -> tuple[dict[PairKey, PairTotal], int, dict[PairKey, Fraction]]:
    """(each pair's :class:`PairTotal`, their numerators' common denominator, each pair's own share): its
    sums of the board figures (:func:`_pair_totals`), the unplayed boards' credits (:func:`_fill_unplayed`)
    and the penalty rows (:func:`_add_penalties`) added; its share (exact matchpoints per point of maximum)
    before them."""
    event, options = result.event, result.options
    totals, common = _pair_totals(result, exact=options.totals_from is TotalsFrom.EXACT)
    shares = {k: Fraction(t.mp, common * t.max) for k, t in totals.items() if t.max}  # before credits, penalties
    if options.unplayed is not Unplayed.NONE and result.scored is not None:
        sat_out = Counter((pair_key(event, options, so.section, so.pair, so.direction), so.session)
                          for so in event.sitouts)
        common = _fill_unplayed(totals, common, result.scored.boards, options, fld, sat_out)
    if event.penalties:
        common = _add_penalties(totals, common, event, options)
    return totals, common, shares


def _known_pairs(event: Event, options: ScoringOptions) -> dict[PairKey, Pair]:
    """The event's pairs by their keys (a pair of no direction under both in a two-winner field)."""
    known: dict[PairKey, Pair] = {}
    for p in event.pairs:
        for side in [p.direction] if p.direction else ["NS", "EW"]:
            known.setdefault(pair_key(event, options, p.section, p.number, side), p)
    return known


def _pair_of(known: dict[PairKey, Pair], key: PairKey) -> Pair:
    """The pair of ``key``: the event's (seated in the key's direction), else one made of the key.

    >>> known = {("", "3", "NS"): Pair("3", names=("Ann", "Bo"))}  # a pair of no direction, in a two-winner field
    >>> mine, made = _pair_of(known, ("", "3", "NS")), _pair_of(known, ("A", "4", "EW"))
    >>> (mine.names, mine.direction), (made.section, made.number, made.direction)
    ((('Ann', 'Bo'), 'NS'), ('A', '4', 'EW'))
    """
    section, number, direction = key
    pair = known.get(key)
    if pair is None:
        return Pair(number, section, direction)
    return pair if pair.direction == direction else replace(pair, direction=direction)


@dataclass(slots=True)
class _PairRules:
    """The rules that make a pair's figures from its sums (its matchpoints as ``mp`` / ``common``): the
    percentage (the rulebook's :meth:`~mpxl.core.settings.Scale.percentage`, or ACBLscore's scaled
    basis), the total and the sessions' rounded when the totals add the exact figures."""

    options: ScoringOptions
    fld: Field
    total_of: Callable[[Fraction], Fraction] | None  # how a total of the exact figures is rounded
    full: dict[str, int] | None  # each field's full maximum, under ``percentage_basis`` scaled
    line: tuple[int, int] | None  # :func:`percentage_line`
    maxima: dict[int, Fraction] = field(default_factory=dict)  # one Fraction per distinct maximum (few)

    @classmethod
    def of(cls, options: ScoringOptions, fld: Field, totals: dict[PairKey, PairTotal]) -> _PairRules:
        """The rules under ``options``, for the pairs ``totals`` of a field compared as ``fld``."""
        exact = options.totals_from is TotalsFrom.EXACT
        scaled = options.percentage_basis is PercentageBasis.SCALED
        return cls(options, fld, _total_rounder(options) if exact else None,
                   _full_maxima(totals, fld) if scaled else None, percentage_line(options.scale))

    def percentage(self, mp: Fraction, t: PairTotal, common: int, section: str) -> Fraction:
        """The pair's percentage of its exact sum ``mp`` (``t.mp`` / ``common``) over its maximum."""
        if self.full is not None:  # ACBLscore: the total scaled to the field's full maximum, rounded, over it
            return _scaled_percentage(self.options, mp, t.max, self.full["" if self.fld is Field.EVENT else section])
        if self.line is not None and t.max:  # the rule's a + b x mp / max as one Fraction of integers
            over = common * t.max
            return Fraction(self.line[0] * over + self.line[1] * t.mp, over)
        return self.options.scale.percentage(mp, t.max)

    def result(self, pair: Pair, t: PairTotal, common: int, share: Fraction | None) -> PairResult:
        """The pair's :class:`PairResult`, unplaced, from its sums ``t`` over ``common``."""
        mp = Fraction(t.mp, common)
        pct = self.percentage(mp, t, common, pair.section)  # the ranking too: from the exact sum
        sessions = (dict.fromkeys(t.sessions, mp) if len(t.sessions) == 1
                    else {sess: Fraction(num, common) for sess, num in sorted(t.sessions.items())})
        if self.total_of is not None:  # the total is the exact sum rounded as a total
            mp = self.total_of(mp)
            sessions = {sess: self.total_of(v) for sess, v in sessions.items()}
        maximum = self.maxima.get(t.max)
        if maximum is None:
            maximum = self.maxima[t.max] = Fraction(t.max)
        session_max = {sess: Fraction(most) for sess, most in sorted(t.session_max.items())}
        return PairResult(pair, mp, maximum, pct, "", t.boards, sessions, share, session_max, dict(t.session_boards))


def _placed(result: Scored, fld: Field, results: list[tuple[PairResult, PairTotal]]) -> list[PairResult]:
    """The pairs ``results`` in their ranking groups (per section, or the whole field; in a two-winner
    field per direction, NS first), the sections in the order their lines first come (the order of
    the boards' first lines, then the event's pairs'), each sorted best first and placed."""
    event, lines = result.event, result.travellers
    sections = dict.fromkeys(sec for _sess, sec, _board in travellers_board_ranges(lines)) if lines is not None else {}
    sections.update(dict.fromkeys(p.section for p in event.pairs if p.section not in sections))
    order = {sec: i for i, sec in enumerate(sections)}  # as event.sections(): lines first, then pairs
    by_group: dict[tuple[int, str, str], list[tuple[PairResult, PairTotal]]] = {}
    for pr, t in results:
        sec = "" if fld is Field.EVENT else pr.pair.section
        by_group.setdefault((order.get(sec, -1), sec, pr.pair.direction or ""), []).append((pr, t))
    out: list[PairResult] = []
    for g in sorted(by_group, key=lambda g: (g[0], g[1], {"NS": 0, "EW": 1}.get(g[2], 0))):
        members, values = _ranked(by_group[g])
        for pr, label in zip(members, place_labels(values, result.options.places)):
            pr.place = label
        out.extend(members)
    return out


@cache
def percentage_line(scale: Scale) -> tuple[int, int] | None:
    """(a, b), whole numbers, with the rulebook's percentage of ``mp`` out of ``max`` on ``scale``
    (:meth:`~mpxl.core.settings.Scale.percentage`) equal to a + b x mp / max: read off the rule itself at
    two points (and checked at a third), so that a pair's percentage is one Fraction of integers
    (:func:`pair_results`); None if the rule is not of that form (the rule is then used as it is).
    tests/test_fastpath.py checks the two agree on every scale.

    >>> percentage_line(Scale.DOUBLE), percentage_line(Scale.SIGNED)
    ((0, 100), (50, 50))
    """
    a = scale.percentage(0, 1)
    b = scale.percentage(1, 1) - a
    if a.denominator != 1 or b.denominator != 1 or scale.percentage(3, 7) != a + b * Fraction(3, 7):
        return None
    return int(a), int(b)


def _add_penalties(totals: dict[PairKey, PairTotal], common: int, event: Event, options: ScoringOptions) -> int:
    """Add each penalty row's amount (negative for a penalty) to its pair's total, its maximum
    unchanged; the totals' numerators are over ``common``, the answer is their denominator after."""
    new = lcm(common, *(Fraction(p.amount).denominator for p in event.penalties))
    if new != common:
        for t in totals.values():
            t.mp *= new // common
            t.sessions = {sess: num * (new // common) for sess, num in t.sessions.items()}
    for p in event.penalties:
        got = totals.get(pair_key(event, options, p.section, p.pair, p.direction))
        if got is None:
            raise UserError(event.source, p.where or f"board {p.board}",
                            f"board {p.board}: a penalty for pair {p.pair}, which plays no board")
        num = int(Fraction(p.amount) * new)
        got.mp += num
        got.sessions[p.session] = got.sessions.get(p.session, 0) + num
    return new


def _full_maxima(totals: dict[PairKey, PairTotal], fld: Field) -> dict[str, int]:
    """The most a pair of each field (a section, or "" across the field) could score: its largest maximum."""
    most: dict[str, int] = {}
    for (sec, _number, _side), t in totals.items():
        group = "" if fld is Field.EVENT else sec
        most[group] = max(most.get(group, 0), t.max)
    return most


def _scaled_percentage(options: ScoringOptions, mp: Fraction, maximum: int, full: int) -> Fraction:
    """A pair's percentage under ``percentage_basis`` scaled (ACBLscore): a pair whose maximum is
    short of its field's ``full`` one has its total scaled up to it and rounded as a total (the
    totals' decimals) first, then divided by the full maximum; any other pair's as usual.

    >>> from mpxl.core.settings import Scale
    >>> acbl = ScoringOptions(scale=Scale.SINGLE, rounding=Rounding.parse(2))
    >>> float(_scaled_percentage(acbl, Fraction("46.3"), 19 * 5, 24 * 5))  # 46.3 x 24/19 = 58.48 of 120
    48.7333...
    >>> float(acbl.round_percentage(_scaled_percentage(acbl, Fraction("46.3"), 95, 120)))  # not 48.74
    48.73
    """
    if not maximum or maximum >= full:
        return options.scale.percentage(mp, maximum)
    return options.scale.percentage(_total_rounder(options)(SCALED_TOTAL.py(mp=mp, full=full, max=maximum)), full)


def credit_rounding(options: ScoringOptions) -> Rounding:
    """How a missed board's credit (unplayed own) is rounded, in the totals and on a sit-out's row: as a
    figure the totals hold (``totals_rounding``, else the lines'); exact when the totals add the exact figures.

    >>> str(credit_rounding(ScoringOptions(rounding=Rounding.parse(1)))), str(credit_rounding(
    ...     ScoringOptions(rounding=Rounding.parse(1), totals_from=TotalsFrom.EXACT)))
    ('half-up:1', 'exact')
    """
    return Rounding() if options.totals_from is TotalsFrom.EXACT else options.totals_rounding or options.rounding


def _total_rounder(options: ScoringOptions) -> Callable[[Fraction], Fraction]:
    """How a total worked out from the exact figures is rounded: as the figures only the totals hold
    (``totals_rounding``, else the lines' rounding), about 0 (an EBU tie is towards the average)."""
    rounding = options.totals_rounding or options.rounding
    return lambda value: rounding.apply(value, Fraction(0))


def _ranked(group: list[tuple[PairResult, PairTotal]]) -> tuple[list[PairResult], list[tuple[int, float | None]]]:
    """A ranking group's pairs sorted best first, and what each one's place is decided by.

    The order: the percentage, the matchpoints (higher first), the published tie-break figure, the
    pair's number. A place is decided by the percentage, then the published tie-break figure.
    Both compare exact figures as integers: the matchpoints are numerators over one common
    denominator, and a percentage (100 x matchpoints / maximum) the integer
    matchpoints x (M / maximum) over 100 / (common x M), M the least common multiple of the group's
    maxima (a pair with no maximum has 0%).

    >>> from mpxl.core.event import Pair
    >>> def entry(number, mp, top):
    ...     pct = Fraction(mp * 100, top) if top else Fraction(0)
    ...     return PairResult(Pair(number), Fraction(mp), Fraction(top), pct, "", 1), PairTotal(mp, top, 1, {1: mp})
    >>> members, values = _ranked([entry("1", 3, 8), entry("2", 6, 16), entry("10", 5, 12), entry("3", 0, 0)])
    >>> [(pr.pair.number, str(pr.percentage)) for pr in members], [v[0] for v in values]
    ([('10', '125/3'), ('2', '75/2'), ('1', '75/2'), ('3', '0')], [20, 18, 18, 0])
    """
    most = lcm(*{t.max for _, t in group if t.max})
    pct = [t.mp * (most // t.max) if t.max else 0 for _, t in group]
    tiebreak = [pr.pair.published_tiebreak for pr, _ in group]
    keys = [(-p, -t.mp, -(tb or 0), natural_key(pr.pair.number)) for p, (pr, t), tb in zip(pct, group, tiebreak)]
    order = sorted(range(len(group)), key=keys.__getitem__)
    return [group[i][0] for i in order], [(pct[i], tiebreak[i]) for i in order]


def _line_tops(sc: ScoredColumns, count: int) -> list[int] | None:
    """Each line's board top, or None when every board has the same top (the sums then need
    only a count of boards per pair)."""
    if len({b.top for b in sc.boards}) <= 1:
        return None
    tops = [0] * count
    for b in sc.boards:
        for r in b.ranges:
            tops[r.start:r.stop:r.step] = [b.top] * len(r)
    return tops


def _figure_columns(sc: ScoredColumns, exact: bool) -> tuple[list[Sequence[Any]], dict[int, Any]]:
    """The (NS, EW) columns of figures the totals add (rounded, or with ``exact`` unrounded; where
    the totals add another figure than the line's own, that one), and each distinct figure by id
    (a figure is one object, met again and again)."""
    columns: list[Sequence[Any]] = [sc.ns_exact, sc.ew_exact] if exact else [sc.ns_mp, sc.ew_mp]
    if exact:
        distinct: dict[int, Any] = {}
        for column in columns:
            distinct.update(zip(map(id, column), column))
        distinct.pop(id(None), None)
    else:
        distinct = {id(f): f for f in sc.figures()}
    instead = sc.totals_exact if exact else sc.totals
    if instead:  # what the totals add instead of the line's own figure
        copied = [list(column) for column in columns]
        distinct = dict(distinct)
        for i, pair in instead.items():
            for column, value in zip(copied, pair):
                if value is not None:
                    column[i] = value
                    distinct[id(value)] = value
        columns = list(copied)
    return columns, distinct


def _pair_totals(result: Scored, exact: bool = False) -> tuple[dict[PairKey, PairTotal], int]:
    """(per pair key its :class:`PairTotal`, the common denominator of its figures): the sums of
    the rounded board figures (with ``exact``, of the unrounded ones), exact.

    Every figure is an integer numerator over one common denominator (the figures are few:
    each is one object, met once), so a pair's sum is a sum of integers, added line by line in
    one C loop per side, with the pair's number as the key when the event has one section; a
    pair's maximum is the sum of the tops of the boards it played.
    """
    sc, t, event, options = result.scored, result.travellers, result.event, result.options
    if sc is None or t is None or not len(t):
        return {}, 1
    sections = t.column("section")
    sessions = t.column("session")
    in_sections = set(sections)
    one_section = len(in_sections) == 1
    two = {sec: winners_of(event, options, sec) == 2 for sec in in_sections}
    many_sessions = len(set(sessions)) > 1
    played = list(map(ne, sc.kind, repeat("blank")))
    tops = _line_tops(sc, len(t))
    columns, distinct = _figure_columns(sc, exact)
    common = lcm(*(Fraction(f).denominator for f in distinct.values())) if distinct else 1
    numerator = {k: int(Fraction(f) * common) for k, f in distinct.items()}
    totals: dict[PairKey, PairTotal] = {}
    for side, pairs, column in (("NS", t.ns_pair, columns[0]), ("EW", t.ew_pair, columns[1])):
        numbers = pairs if all(type(p) is str for p in set(pairs)) else list(map(str, pairs))
        keys: list[Any] = list(compress(numbers if one_section else zip(sections, numbers), played))
        counts = Counter(keys)
        maxima = Counter(zip(keys, compress(tops, played))) if tops is not None else None
        values = map(numerator.__getitem__, map(id, compress(column, played)))
        sums: dict[Any, int] = {}
        summed = list(zip(keys, compress(sessions, played))) if many_sessions else keys
        # sums[k] += value for each line in order, in C: each get is made after the line before was added
        sums.update(zip(summed, map(add, map(sums.get, summed, repeat(0)), values)))
        by_pair: dict[Any, dict[int, int]] = {}
        if many_sessions:
            for (key, sess), total_num in sums.items():
                by_pair.setdefault(key, {})[sess] = total_num
        else:
            only = sessions[0]
            by_pair = {key: {only: total_num} for key, total_num in sums.items()}
        top_sum: dict[Any, int] = {}
        if maxima is None:
            top = sc.boards[0].top
            top_sum = {key: top * count for key, count in counts.items()}
        else:
            for (key, top), count in maxima.items():
                top_sum[key] = top_sum.get(key, 0) + top * count
        session_tops: dict[Any, dict[int, int]] = {}  # each pair's maximum in each session it played
        session_counts: dict[Any, dict[int, int]] = {}  # each pair's boards in each session it played
        if many_sessions:
            for (key, sess), count in Counter(zip(keys, compress(sessions, played))).items():
                session_counts.setdefault(key, {})[sess] = count
            line_tops = compress(tops, played) if tops is not None else repeat(sc.boards[0].top)
            for (key, sess, top), count in Counter(zip(keys, compress(sessions, played), line_tops)).items():
                mine_tops = session_tops.setdefault(key, {})
                mine_tops[sess] = mine_tops.get(sess, 0) + top * count
        for key, count in counts.items():
            sec, number = (sections[0], key) if one_section else key
            pair_key = (sec, number, side if two[sec] else None)
            mine = by_pair[key]
            total = totals.get(pair_key)
            most = session_tops.get(key) or {sess: top_sum[key] for sess in mine}
            boards = session_counts.get(key) or {sess: count for sess in mine}
            if total is not None:  # one-winner: a pair's NS and EW lines add up
                for sess, num in mine.items():
                    total.sessions[sess] = total.sessions.get(sess, 0) + num
                for sess, top in most.items():
                    total.session_max[sess] = total.session_max.get(sess, 0) + top
                for sess, n in boards.items():
                    total.session_boards[sess] = total.session_boards.get(sess, 0) + n
                total.mp += sum(mine.values())
                total.max += top_sum[key]
                total.boards += count
            else:
                totals[pair_key] = PairTotal(sum(mine.values()), top_sum[key], count, mine, dict(most), dict(boards))
    return totals, common


def _fill_unplayed(
    totals: dict[PairKey, PairTotal], common: int, boards: list[BoardPlace], options: ScoringOptions, fld: Field,
    sat_out: Counter[tuple[PairKey, int]] | None = None,
) -> int:
    """Unplayed 'own': in each session apart, a pair that played fewer boards there than the most any pair of its
    field was due there (played, or sat out at a table with no opponents: ``sat_out``, by pair and session) gets,
    for each board short (:data:`~mpxl.core.rules.MISSED_BOARDS`), its own percentage of that session's top of its
    field (rounded by the totals rounding), credited to that session; 'average' / 'ave-plus': that set percentage
    of it. A pair that played no board of a session its field played is short the whole session. The totals'
    numerators are over ``common``; the answer is their common denominator after.

    >>> from mpxl.core.event import Event, Line
    >>> from mpxl.core.session import score_event
    >>> rows = [(1, 1, "1", "2"), (1, 1, "3", "4"), (1, 1, "5", "6"), (2, 1, "1", "2"), (2, 1, "3", "4")]
    >>> ev = Event(lines=[Line(b, ns, ew, score=100 * i, session=s) for i, (s, b, ns, ew) in enumerate(rows)])
    >>> pr = {p.pair.number: p for p in score_event(ev, ScoringOptions(unplayed=Unplayed.AVERAGE)).pairs}
    >>> [(str(pr["5"].sessions[s]), str(pr["5"].session_max[s])) for s in (1, 2)]  # session 2: top 2, 1 each
    [('4', '4'), ('1', '2')]
    """
    sat_out = sat_out or Counter()
    across = fld is Field.EVENT
    top_of: dict[str, dict[int, int]] = {}  # each field's top in each session
    for b in boards:
        tops = top_of.setdefault("" if across else b.section, {})
        tops[b.session] = max(tops.get(b.session, 0), b.top)
    due = {group: dict.fromkeys(tops, 0) for group, tops in top_of.items()}  # the most boards a pair was due there
    for key_of_pair, t in totals.items():
        most = due.get("" if across else key_of_pair[0], {})
        for sess in most:
            most[sess] = max(most[sess], t.session_boards.get(sess, 0) + sat_out[(key_of_pair, sess)])
    rounding = credit_rounding(options)
    credit = options.unplayed.credit
    added: list[tuple[PairTotal, int, Fraction, int, int]] = []
    for (sec, _number, _side), t in totals.items():
        group = "" if across else sec
        if not t.max or group not in due:
            continue
        for sess, most_due in due[group].items():
            short = int(MISSED_BOARDS.py(most=most_due, played=t.session_boards.get(sess, 0)))
            top = top_of[group][sess]
            if short <= 0 or not top:  # a session of lone results (top 0) credits nothing
                continue
            # its own share of the top: on the signed scale too (a figure and a total are centred alike);
            # or the set percentage's figure (a sit-out's credit), as an artificial score's
            share = (MISSED_BOARD_CREDIT.py(mp=Fraction(t.mp, common), top=top, max=t.max) if credit is None
                     else options.scale.figure(credit, top))
            each = rounding.apply(share, options.scale.average(top))
            added.append((t, sess, each, short, top))
    new = lcm(common, *(each.denominator for _, _, each, _, _ in added))
    if new != common:
        scale = new // common
        for t in totals.values():
            t.mp *= scale
            t.sessions = {sess: num * scale for sess, num in t.sessions.items()}
    for t, sess, each, short, top in added:
        num = each.numerator * (new // each.denominator) * short
        t.mp += num
        t.sessions[sess] = t.sessions.get(sess, 0) + num
        t.max += top * short
        t.session_max[sess] = t.session_max.get(sess, 0) + top * short
    return new


def sitout_credits(result: Scored) -> list[tuple[SitOut, Fraction | None, Fraction | None]]:
    """(sit-out, the figure its pair is credited with on that board as a line shows it, and that
    credit's exact percentage) for each of the event's sit-outs; (sit-out, None, None) when
    sit-outs are not credited.

    Under ``unplayed average`` / ``ave-plus`` the credit is that percentage's figure (as an artificial
    score's). Under ``unplayed own`` the credit is the pair's own share of the board's top over the boards it
    played, before any penalty row (:attr:`PairResult.own_share`), as :func:`_fill_unplayed` adds it
    to the total (rounded as a figure the totals hold: exact when they add the exact figures). The
    sit-out's row shows it as a line shows its figure: rounded by the lines' rounding; its
    percentage is the credit's own, as a line's is its exact figure's (Ruter 2016-08-10: pair 12's
    21 boards add to -27.0, an exact credit of -1.2857 that its total adds three times, -30.9; its
    Bye rows show -1.3 and 34%).

    >>> from mpxl.core.event import Event, Line, SitOut
    >>> from mpxl.core.session import score_event
    >>> ev = Event(lines=[Line(1, "1", "2", score=420), Line(1, "3", "4", score=400), Line(1, "5", "6", score=450),
    ...                   Line(2, "1", "4", score=50), Line(2, "3", "2", score=50)],
    ...            sitouts=[SitOut(2, "5", "NS"), SitOut(2, "6", "EW")])
    >>> r = score_event(ev, ScoringOptions(unplayed=Unplayed.OWN))
    >>> [(so.pair, str(figure), str(pct)) for so, figure, pct in sitout_credits(r)]
    [('5', '4', '100'), ('6', '0', '0')]
    """
    options, event = result.options, result.event
    if options.unplayed is Unplayed.NONE or result.scored is None:
        return [(so, None, None) for so in event.sitouts]
    fld = field_of(event, options)
    tops: dict[tuple[int, str, int], int] = {}
    for b in result.scored.boards:
        tops[(b.session, b.section, b.board)] = b.top
    by_key = {(pr.pair.section, pr.pair.number, pr.pair.direction): pr for pr in result.pairs}
    rounding = credit_rounding(options)
    out: list[tuple[SitOut, Fraction | None, Fraction | None]] = []
    for so in event.sitouts:
        pr = by_key.get(pair_key(event, options, so.section, so.pair, so.direction))
        top = tops.get((so.session, "" if fld is Field.EVENT else so.section, so.board))
        set_credit = options.unplayed.credit
        if pr is None or top is None or (pr.own_share is None and set_credit is None):
            out.append((so, None, None))
            continue
        average = options.scale.average(top)
        credit = rounding.apply(options.scale.figure(set_credit, top) if set_credit is not None
                                else cast(Fraction, pr.own_share) * top, average)
        out.append((so, options.rounding.apply(credit, average), options.scale.percentage(credit, top)))
    return out


def natural_key(text: str) -> tuple[int, str, str]:
    """A pair number's sort key: the number its decimal digits make (compared by length, then
    digit by digit: no int is made, so a 5,000-digit number sorts too), then the text. A digit
    that is not a decimal one (a superscript ²) is text.

    >>> natural_key("12"), natural_key("A3b1"), natural_key("²"), natural_key("9" * 5000)[0]
    ((2, '12', '12'), (2, '31', 'A3b1'), (0, '', '²'), 5000)
    >>> sorted(["10", "9", "A2"], key=natural_key)
    ['A2', '9', '10']
    """
    text = str(text)
    if text.isascii() and text.isdigit():  # a plain number (most): its digits are the text
        digits = text.lstrip("0")
    else:
        digits = "".join(ch for ch in text if "0" <= ch <= "9").lstrip("0")
    return (len(digits), digits, text)
