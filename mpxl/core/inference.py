"""How a file was scored, worked out from its own published figures.

A scorer chooses the scale, the field, the estimation method, where the estimate
goes, N, the roundings and how places are written per event, so the figures a file
publishes (line matchpoints, pair totals, percentages, places) are the evidence.
:func:`infer` rescores the event under candidate settings with the one scorer
(:func:`~mpxl.core.session.score_event`) and keeps those that reproduce the most
published figures. The search is bounded: one setting at a time, each decided on
the figures it can change, about twenty scorings of the event in all:

1. decimals of lines, totals and percentages: read off the published figures;
2. scale and field, together (and N from the published top): on every line; with them a
   lone result's rule (50% or 60%), when a board holds one real result beside artificial scores;
3. method and where the estimate goes (lines, totals, never): on the lines and the
   totals, when some board is short; own tops too, last, when a board holds an artificial
   score or a line not played and a figure is missed; with every board full, Ascherman (the
   one method that changes a full board) alone, and only when a figure is missed;
4. a missed board's figure (unplayed): on the totals, and the credits on the sit-outs' rows;
5. Ave+ / Ave- policy: only when a board has an artificial score (and a lone result's rule
   again, when a figure is still missed); which fields a mixed line's real result stands in
   (both, or its own side's only), when a board holds a mixed line;
6. tie rule of line rounding: on the lines and totals; of percentages: on the percentages,
   without rescoring; the percentage over the boards played or scaled to the full number
   (ACBLscore), only when a pair played fewer boards and a figure is missed; one ranking or
   NS and EW apart (winners), and places written with or without ``=``: on the places.

:data:`STEPS` declares the steps: the settings each decides by candidates of its own, and the points
where the settings declared with a :class:`~mpxl.core.options.Trial` (the unplayed rule, the lines'
tie rule, a lone result's rule, the Ave+/Ave- policy, a mixed line's fields, the totals' basis,
the rounding order, the percentages' tie rule) are tried, each on the figures its declaration names.
A setting the caller fixes (a command-line option) is not searched. When candidates
reproduce equally many figures the caller's base (the program's default) is kept.

:class:`Search` is one inference, its steps methods; what depends on the file alone (the lines
as columns, the published figures and their decimals) is made once and shared by every
candidate, and candidates differing only in the ranking's options (:data:`RANKING_ONLY`) share
one scoring of the lines.

>>> from mpxl.core.event import Event, Line
>>> ev = Event(lines=[Line(1, "1", "2", score=420, published_ns_mp=1, published_ew_mp=0),
...                   Line(1, "3", "4", score=400, published_ns_mp=0, published_ew_mp=1)])
>>> found = infer(ev, ScoringOptions())
>>> found.options.scale, found.agree, found.total
(<Scale.SINGLE: 'single'>, 4, 4)
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field, replace
from fractions import Fraction
from itertools import product
from math import isfinite
from typing import Any

from .adjustments import LineScore, Mixed, entry_of
from .event import Event, Pair, Travellers
from .methods import Method
from .options import SETTINGS, ScoringOptions, Trial, declared, differences, field_of, registry
from .pairings import two_winner_sections
from .ranking import sitout_credits
from .rounding import Rounding
from .rules import ESTIMATES_FULL_BOARDS
from .scorer import ScoredColumns, score_columns
from .session import SessionResult, score_event
from .settings import (
    EstimateAt,
    Field,
    PercentageBasis,
    Places,
    RoundingKind,
    Scale,
    TotalsMethod,
    Unplayed,
)

__all__ = ["Agreement", "Inference", "LinePercentages", "Published", "Search", "Step", "infer", "agreement",
           "decimals_of", "cut_off", "SEARCHED", "STEPS", "TRIAL_POINTS"]

#: Events of at most this many lines are searched from several starting points when one search does
#: not reproduce every figure (small events are where settings coincide; a scoring costs little).
SMALL_EVENT = 2000

#: How many scorings :func:`infer` keeps at once (the agreement of every one it tries is kept).
KEPT_SCORINGS = 2

#: The most results per board a published top is taken to show (a figure beyond it is no top).
MAX_EXPECTED = 10_000


@dataclass(frozen=True, eq=False)  # a declaration, compared by identity
class Step:
    """A step of the search (:data:`STEPS`): the :class:`Search` method that runs it (``run``; '' = the
    declared trials at its points alone), the settings it decides by candidates of its own (``own``:
    values read off the published figures, or tried together), and the points where the settings declared
    with a :class:`~mpxl.core.options.Trial` are tried (``points``: :attr:`~mpxl.core.options.Trial.at`)."""

    run: str = ""
    own: tuple[str, ...] = ()
    points: tuple[str, ...] = ()


#: The search's steps, in order (the module's docstring says what each decides; :meth:`Search.search` runs them).
STEPS = (
    Step("decimals", own=("rounding", "totals_rounding", "percentage_decimals")),  # read off the figures
    Step("scale_and_field", own=("scale", "field"), points=("scale",)),  # together, with the scale's trials
    Step("expected", own=("expected",)),  # read off the published top
    Step("method", own=("method", "estimate_at")),  # which pairs depend on which boards are short
    Step(points=("missed",)),
    Step("averages", points=("artificial",)),  # when a board holds an artificial score
    Step(points=("lines",)),
    Step("totals", own=("totals_rounding",), points=("totals",)),  # the decimals the totals are written with
    Step("percentages", own=("percentage_decimals", "percentage_basis"), points=("percentages",)),
    Step("places", own=("places", "winners")),  # together, and the field again, on the places
)

#: The settings :meth:`Search.alike` names the other values of when they reproduce every figure too.
TOLD = ("method", "rounding", "totals_from", "percentage_tie")

#: A search started again from each value of a setting declared with a Trial at this point (:meth:`Search.restarts`).
RESTART = "start"

#: The settings the search's steps decide by steps of their own (the others it tries are declared with a
#: :class:`~mpxl.core.options.Trial`: :meth:`Search.tried`).
OWN_STEPS = tuple(dict.fromkeys(name for step in STEPS for name in step.own))

#: The points of the search where a setting declared with a :class:`~mpxl.core.options.Trial` is tried
#: (:attr:`~mpxl.core.options.Trial.at`), in the search's order, and the starts of a search again.
TRIAL_POINTS = (*(at for step in STEPS for at in step.points), RESTART)

#: The settings :func:`infer` can work out (in their declarations' order); a caller fixes any of them by
#: naming it in ``fixed``.
SEARCHED = tuple(s.name for s in SETTINGS.values() if s.name in OWN_STEPS or s.trials)

#: What a trial rated on ``credits`` (the figures on the sit-outs' rows) is rated on, when the file publishes any:
#: the agreement counts them with the lines' figures and percentages (:func:`agreement`).
CREDITS = ("lines", "line_percentages")


@dataclass(frozen=True)
class Agreement:
    """How many published figures a scoring reproduces, by kind: (reproduced, published)."""

    lines: tuple[int, int] = (0, 0)
    short_lines: tuple[int, int] = (0, 0)  # lines of boards short of N (or with an artificial score)
    totals: tuple[int, int] = (0, 0)
    percentages: tuple[int, int] = (0, 0)
    places: tuple[int, int] = (0, 0)
    line_percentages: tuple[int, int] = (0, 0)  # the lines' own published percentages (Ruter)

    @property
    def agree(self) -> int:
        """How many published figures are reproduced, of every kind."""
        return self.lines[0] + self.totals[0] + self.percentages[0] + self.places[0] + self.line_percentages[0]

    @property
    def total(self) -> int:
        """How many figures the file publishes, of every kind."""
        return self.lines[1] + self.totals[1] + self.percentages[1] + self.places[1] + self.line_percentages[1]


@dataclass(frozen=True)
class Inference:
    """The settings that reproduce the most published figures, and how many they reproduce."""

    options: ScoringOptions
    agreement: Agreement
    #: setting -> "a of b figures" for the chosen value, when searched
    evidence: dict[str, str] = field(default_factory=dict)
    scorings: int = 0  # how many times the event was scored
    #: the event scored under ``options``, when the search still keeps that scoring (:meth:`scored`)
    result: SessionResult | None = field(default=None, repr=False, compare=False)
    #: when ``options`` reproduce every figure: setting -> the other values (each a dict of the settings it
    #: changes, as the JSON names them) that reproduce every figure too, so the file does not tell them apart
    #: (:meth:`Search.alike`)
    alike: dict[str, list[dict[str, Any]]] = field(default_factory=dict)
    alike_scorings: int = 0  # how many scorings more telling them apart took (not in ``scorings``: the search's)

    @property
    def agree(self) -> int:
        """How many published figures the settings found reproduce."""
        return self.agreement.agree

    @property
    def total(self) -> int:
        """How many figures the file publishes."""
        return self.agreement.total

    def scored(self, event: Event, options: ScoringOptions) -> SessionResult:
        """``event`` scored under ``options``: the search's own scoring when it is that one (the event
        inferred from, the options found), else scored now. The command scores what the inference
        found without scoring it a second time.

        >>> from mpxl.core.event import Event, Line
        >>> ev = Event(lines=[Line(1, "1", "2", score=420, published_ns_mp=1), Line(1, "3", "4", score=400)])
        >>> found = infer(ev, ScoringOptions())
        >>> found.scored(ev, found.options) is found.result, found.scored(ev, ScoringOptions()) is found.result
        (True, False)
        """
        kept = self.result
        if kept is not None and kept.event is event and kept.options == options:
            return kept
        return score_event(event, options)


def decimals_of(values: Iterable[float | None]) -> int | None:
    """The most decimals any of ``values`` is written with (None when there is none).

    >>> decimals_of([1.5, 2.25, None, 3.0]), decimals_of([None])
    (2, None)
    """
    best: int | None = None
    for v in values:
        if v is None:
            continue
        text = repr(float(v))
        d = 0 if "e" in text else len(text.partition(".")[2].rstrip("0"))
        best = d if best is None else max(best, d)
    return best


def cut_off(event: Event, decimals: int | None) -> bool:
    """Do the published lines show their figures cut off (truncated) to ``decimals``, not rounded? A line's two
    figures add to the board's top, a whole number: rounded, they add to it, or to a unit of the last decimal
    MORE where both are exact halves (half up); cut off, to a unit LESS where both have further digits (Bridge NZ's
    Scorer: 57.5 + 6.4 = 63.9 on a top of 64). So: some plain result's line a unit short of a whole number, none a
    unit over (lines with a penalty or an adjustment left out; never on the signed scale, whose top is 0 and
    whose cut figures add to it).

    >>> from mpxl.core.event import Line
    >>> cut = [Line(1, "1", "2", score=420, published_ns_mp=57.5, published_ew_mp=6.4),
    ...        Line(1, "3", "4", score=400, published_ns_mp=32.0, published_ew_mp=32.0)]
    >>> cut_off(Event(lines=cut), 1), cut_off(Event(lines=cut[1:]), 1), cut_off(Event(lines=cut), 0)
    (True, False, False)
    """
    if not decimals:
        return False
    unit = 10**decimals
    short = over = 0
    for ln in event.lines:
        ns, ew = ln.published_ns_mp, ln.published_ew_mp
        if ns is None or ew is None or type(ln.score) is not int or ln.ns_penalty or ln.ew_penalty:
            continue
        units = round((ns + ew) * unit)
        short += (units + 1) % unit == 0
        over += (units - 1) % unit == 0
    return short > 0 and over == 0


def _same(published: float | None, ours: Fraction | None) -> bool:
    """Is ``ours`` the published figure? (A figure beyond a float's range never is.)

    >>> _same(1.5, Fraction(3, 2)), _same(1.5, Fraction(10**400)), _same(None, Fraction(1))
    (True, False, False)
    """
    if published is None or ours is None:
        return False
    try:
        return abs(float(ours) - published) < 1e-9
    except OverflowError:
        return False


def _float(value: Fraction) -> float:
    """``value`` as a float; NaN (equal to no published figure) beyond a float's range.

    >>> _float(Fraction(3, 2)), _float(Fraction(10**400))
    (1.5, nan)
    """
    try:
        return float(value)
    except OverflowError:
        return float("nan")


class Published:
    """What an event publishes beyond its lines, gathered once for every candidate the inference
    scores (it depends on the file alone): the pairs with a published total, percentage or place.
    (The lines' published figures are read where they are, on the event's lines: a copy of them
    would cost as much memory as the lines on a large event.)

    >>> from mpxl.core.event import Event, Pair
    >>> [p.number for p in Published(Event(pairs=[Pair("1", published_mp=3.5), Pair("2")])).pairs]
    ['1']
    """

    def __init__(self, event: Event) -> None:
        self.pairs: list[Pair] = [p for p in event.pairs if p.published_mp is not None
                                  or p.published_percentage is not None or p.published_place]


#: How many line percentages :class:`LinePercentages` (and figures as floats, :func:`agreement`) are kept at
#: once: bounded memory on a large event.
KEPT_PERCENTAGES = 4096


class LinePercentages:
    """A line's percentage as a file publishes it (:meth:`ScoringOptions.line_percentage`), worked out
    once per figure and top: a figure is one object met again and again (the scorer's memo), so its
    id is its key (no Fraction hashed). The figures must stay alive while this is used (they do
    while their scoring is held); at most :data:`KEPT_PERCENTAGES` are kept.

    >>> from mpxl.core.rounding import Rounding
    >>> pct = LinePercentages(ScoringOptions(rounding=Rounding.parse(1)), 0)
    >>> half = Fraction(1, 2)
    >>> str(pct(half, half, 4)), str(pct(half, half, 4)), pct(None, None, 4)
    ('13', '13', None)
    """

    def __init__(self, options: ScoringOptions, decimals: int | None) -> None:
        self.options, self.decimals = options, decimals
        self.known: dict[tuple[int, int, int], Fraction | None] = {}

    def __call__(self, exact: Fraction | None, rounded: Fraction | None, top: int) -> Fraction | None:
        """The percentage of a line whose figures are ``exact`` and ``rounded``, on a board of ``top``."""
        key = (id(exact), id(rounded), top)
        known = self.known
        if key not in known:
            if len(known) >= KEPT_PERCENTAGES:
                known.clear()
            known[key] = self.options.line_percentage(exact, rounded, top, self.decimals)
        return known[key]


def agreement(result: SessionResult, published: Published | None = None) -> Agreement:
    """Count the published figures ``result`` (of :func:`~mpxl.core.session.score_event`) reproduces: lines
    both sides, totals, percentages, places. ``published`` is the event's :class:`Published`, when
    the caller keeps it (the inference, scoring one event many times); the lines are read off the
    scorer's columns, with no object made per line.

    >>> from mpxl.core.event import Event, Line
    >>> ev = Event(lines=[Line(1, "1", "2", score=420, published_ns_mp=2), Line(1, "3", "4", score=400)])
    >>> agreement(score_event(ev)).lines
    (1, 1)
    """
    sc = result.scored
    if sc is None:
        raise ValueError("agreement needs the scorer's columns: a result of score_event")
    published = published if published is not None else Published(result.event)
    lines, short, line_pcts = _line_agreement(result, sc)
    if result.event.sitouts:
        _credit_agreement(result, lines, line_pcts)
    totals, pcts, places = _pair_agreement(result, published)
    return Agreement(_two(lines), _two(short), _two(totals), _two(pcts), _two(places), _two(line_pcts))


def _two(counts: list[int]) -> tuple[int, int]:
    """(reproduced, published) of a kind's counts."""
    return counts[0], counts[1]


def _line_agreement(result: SessionResult, sc: ScoredColumns) -> tuple[list[int], list[int], list[int]]:
    """The lines' published figures ``result`` reproduces, both sides: [reproduced, published] of every
    line, of the short boards' lines (or a board with an artificial score), of the lines' own percentages."""
    opts, pct_decimals = result.options, result.event.line_percentage_decimals
    lines = [0, 0]
    short = [0, 0]
    line_pcts = [0, 0]
    event_lines, kind = result.event.lines, sc.kind
    ns_mp, ew_mp, ns_exact, ew_exact = sc.ns_mp, sc.ew_mp, sc.ns_exact, sc.ew_exact
    line_percentage = LinePercentages(opts, pct_decimals)
    floats: dict[int, float] = {}  # a figure as a float, once per figure (one object met again and again)

    def same(pub: float, mine: Fraction | None) -> bool:  # _same, for a line's published figure
        if mine is None:
            return False
        f = floats.get(id(mine))
        if f is None:
            if len(floats) >= KEPT_PERCENTAGES:
                floats.clear()
            f = floats[id(mine)] = _float(mine)
        return abs(f - pub) < 1e-9

    for b in sc.boards:
        is_short = b.actual < b.expected or b.line_top is not None or any(
            kind[i] == "artificial" for r in b.ranges for i in r)
        top = b.line_top or b.top
        for r in b.ranges:
            for i in r:
                ln = event_lines[i]
                if pct_decimals is not None:
                    for pub, exact, mine in ((ln.published_ns_pct, ns_exact[i], ns_mp[i]),
                                             (ln.published_ew_pct, ew_exact[i], ew_mp[i])):
                        if pub is not None:
                            line_pcts[0] += _same(pub, line_percentage(exact, mine, top))
                            line_pcts[1] += 1
                for pub, mine in ((ln.published_ns_mp, ns_mp[i]), (ln.published_ew_mp, ew_mp[i])):
                    if pub is None:
                        continue
                    ok = same(pub, mine)
                    lines[0] += ok
                    lines[1] += 1
                    if is_short:
                        short[0] += ok
                        short[1] += 1
    return lines, short, line_pcts


def _credit_agreement(result: SessionResult, lines: list[int], line_pcts: list[int]) -> None:
    """Add to ``lines`` and ``line_pcts`` the credits a file publishes on its sit-outs' rows that
    ``result`` reproduces (:func:`~mpxl.core.ranking.sitout_credits`)."""
    opts, pct_decimals = result.options, result.event.line_percentage_decimals
    for so, figure, pct in sitout_credits(result):
        if so.published_mp is not None:
            lines[0] += _same(so.published_mp, figure)
            lines[1] += 1
        if so.published_pct is not None and pct_decimals is not None:
            line_pcts[0] += pct is not None and _same(so.published_pct, opts.round_line_percentage(pct, pct_decimals))
            line_pcts[1] += 1


def _pair_agreement(result: SessionResult, published: Published) -> tuple[list[int], list[int], list[int]]:
    """The pairs' published totals, percentages and places ``result`` reproduces: [reproduced, published]."""
    opts = result.options
    totals = [0, 0]
    pcts = [0, 0]
    places = [0, 0]
    if not published.pairs:
        return totals, pcts, places
    ours: dict[tuple[str, str], list[Any]] = {}
    for pr in result.pairs or []:
        ours.setdefault((pr.pair.section, pr.pair.number), []).append(pr)
    for p in published.pairs:
        found = [q for q in ours.get((p.section, p.number), [])
                 if p.direction is None or q.pair.direction in (None, p.direction)]
        mine = found[0] if found else None
        if p.published_mp is not None:
            totals[0] += mine is not None and _same(p.published_mp, mine.mp)
            totals[1] += 1
        if p.published_percentage is not None:
            pcts[0] += mine is not None and _same(p.published_percentage, opts.round_percentage(mine.percentage))
            pcts[1] += 1
        if p.published_place:
            places[0] += mine is not None and p.published_place.replace(" ", "") == mine.place
            places[1] += 1
    return totals, pcts, places


def infer(event: Event, base: ScoringOptions, fixed: Iterable[str] = (), alike: bool = False) -> Inference:
    """The settings, starting from ``base`` (the program's defaults and the caller's options), that
    reproduce the most of ``event``'s published figures; settings named in ``fixed`` are kept
    (:class:`Search`); with ``alike`` (``mpxl check``, which says it), the settings the figures do not tell apart
    too (:meth:`Search.alike`: a few scorings more, which ``mpxl score`` does not pay)."""
    return Search(event, base, fixed, alike).run()


#: The kinds of figure most steps are rated on: every figure but the places.
_EVERY_FIGURE = ("lines", "totals", "percentages", "line_percentages")


def _everything(a: Agreement) -> tuple[int, int]:
    """The measure of most steps: every figure but the places reproduced."""
    return _sum_of(a, _EVERY_FIGURE)


def _sets_n_aside(opts: ScoringOptions) -> bool:
    """Do ``opts`` score no short board to N anywhere: never estimating, own tops, or the estimate at the totals with
    the totals plain (each board on its own top)?

    >>> _sets_n_aside(ScoringOptions(estimate_at=EstimateAt.TOTALS, totals_method=TotalsMethod.PLAIN))
    True
    >>> _sets_n_aside(ScoringOptions(estimate_at=EstimateAt.LINES, totals_method=TotalsMethod.PLAIN))
    False
    """
    return opts.estimate_at in (EstimateAt.NEVER, EstimateAt.OWN_TOPS) or (
        opts.estimate_at is EstimateAt.TOTALS and opts.totals_method is TotalsMethod.PLAIN)


class Search:
    """One inference: the candidates' scorings and agreements, and the search's steps as methods
    (the module's docstring lists them), sharing what does not change between candidates.

    Shared: the event's lines as columns (checked and made once; each candidate is only scored),
    its published figures (:class:`Published`) and the decimals they are written with. Every
    candidate's agreement is kept (a few numbers); its scoring only for the last
    :data:`KEPT_SCORINGS` asked (a scoring of a 300,000-line event is hundreds of megabytes:
    keeping each one tried held gigabytes).
    """

    def __init__(self, event: Event, base: ScoringOptions, fixed: Iterable[str] = (), alike: bool = False) -> None:
        self.event, self.base, self.fixed, self.tell_alike = event, base, set(fixed), alike
        self.scorings = 0
        self.line_scorings = 0  # of them, how many scored the lines (the others reused a scoring's figures)
        self.agreements: dict[str, Agreement] = {}
        self.results: dict[str, SessionResult] = {}
        self.evidence: dict[str, str] = {}
        self.found: dict[str, dict[str, str]] = {}  # the evidence of each search, by the settings it found
        self.published = Published(event)
        self.travellers: Travellers | None = None  # the lines as columns, from the first scoring
        self.mixed: set[int] | None = None  # the positions of its mixed lines among them (:meth:`mixed_lines`)
        self.has_lines = any(ln.published_ns_mp is not None or ln.published_ew_mp is not None for ln in event.lines)
        self.has_pairs = any(p.published_mp is not None or p.published_percentage is not None for p in event.pairs)
        #: the kinds of published figure (Agreement's fields) the file holds any of
        self.publishing = {"lines": self.has_lines, "totals": any(p.published_mp is not None for p in event.pairs),
                           "percentages": any(p.published_percentage is not None for p in event.pairs),
                           "line_percentages": event.line_percentage_decimals is not None,
                           "places": any(p.published_place for p in event.pairs),
                           "credits": any(so.published_mp is not None or so.published_pct is not None
                                          for so in event.sitouts)}
        # the decimals the figures are written with: of the lines (and of the credits on the sit-outs'
        # rows, shown as a line's figure: ranking.sitout_credits); of what only the totals hold (the
        # pairs' totals); of the percentages
        self.line_dec = decimals_of([v for ln in event.lines for v in (ln.published_ns_mp, ln.published_ew_mp)]
                                    + [so.published_mp for so in event.sitouts])
        self.total_dec = decimals_of([p.published_mp for p in event.pairs])
        self.pct_dec = decimals_of([p.published_percentage for p in event.pairs])

    # -- scoring, kept and counted -------------------------------------------------------------------

    def _scored(self, opts: ScoringOptions) -> SessionResult:
        """The event scored under ``opts``: the first time through :func:`score_event` (which checks the
        lines), after that the same columns scored again; and when a kept scoring differs from
        ``opts`` only in options the lines' figures do not depend on (:data:`RANKING_ONLY`), its
        figures are taken as they are and only the pairs are totalled and ranked again."""
        key = _columns_key(opts)
        for kept in self.results.values():
            if kept.scored is not None and _columns_key(kept.options) == key:
                return SessionResult(self.event, opts, scored=kept.scored, travellers=self.travellers)
        self.line_scorings += 1
        if self.travellers is None:
            result = score_event(self.event, opts)
            self.travellers = result.travellers
            return result
        lines = self.event.lines
        scored = score_columns(self.travellers, opts, self.event, lambda i: lines[i].where)
        return SessionResult(self.event, opts, scored=scored, travellers=self.travellers)

    def score(self, opts: ScoringOptions) -> tuple[SessionResult, Agreement]:
        """The scoring of ``opts`` and its agreement (scored again if it is no longer kept)."""
        key = repr(opts)
        result = self.results.pop(key, None)
        if result is None:
            self.scorings += 1
            result = self._scored(opts)
            self.agreements.setdefault(key, agreement(result, self.published))
        self.results[key] = result  # the most recent last
        while len(self.results) > KEPT_SCORINGS:
            del self.results[next(iter(self.results))]
        return result, self.agreements[key]

    def agreement_of(self, opts: ScoringOptions) -> Agreement:
        """The agreement of ``opts``, scored only when never scored before."""
        key = repr(opts)
        return self.agreements[key] if key in self.agreements else self.score(opts)[1]

    def agree(self, opts: ScoringOptions) -> int:
        """How many published figures ``opts`` reproduce."""
        return self.agreement_of(opts).agree

    def misses(self, opts: ScoringOptions) -> bool:
        """Does ``opts`` miss a published figure?"""
        a = self.agreement_of(opts)
        return a.agree < a.total

    def choose(self, name: str, opts: ScoringOptions, candidates: list[dict[str, Any]],
               measure: Callable[[Agreement], tuple[int, int]]) -> ScoringOptions:
        """Keep the candidate (a dict of settings) that ``measure`` rates highest; ``opts`` on a tie."""
        if name in self.fixed or not candidates:
            return opts
        best_opts, best = opts, measure(self.agreement_of(opts))
        for cand in candidates:
            if best[0] == best[1]:  # every figure this setting can change reproduced: none can do better
                break
            trial = opts.with_(**cand)
            if "method" in self.fixed and trial.method_name != self.base.method_name:
                continue  # a method given is the method used: no candidate sets it aside (never, own tops)
            got = measure(self.agreement_of(trial))
            if got[0] > best[0]:
                best_opts, best = trial, got
        self.evidence[name] = f"{best[0]} of {best[1]}"
        return best_opts

    def others(self, name: str, opts: ScoringOptions) -> list[dict[str, Any]]:
        """Each value of the setting ``name`` the search tries from the one ``opts`` hold, as its declaration
        says (:attr:`mpxl.core.options.Setting.neighbours` of it, else every other of its
        :attr:`~mpxl.core.options.Setting.candidates`).

        >>> Search(Event(), ScoringOptions()).others("unplayed", ScoringOptions())  # doctest: +NORMALIZE_WHITESPACE
        [{'unplayed': <Unplayed.OWN: 'own'>}, {'unplayed': <Unplayed.AVERAGE: 'average'>},
         {'unplayed': <Unplayed.AVE_PLUS: 'ave-plus'>}]
        >>> Search(Event(), ScoringOptions()).others("rounding", ScoringOptions.parse(rounding="half-even:2"))
        [{'rounding': Rounding(kind='half-up', decimals=2)}, {'rounding': Rounding(kind='truncate', decimals=2)}]
        """
        s, current = declared(name), getattr(opts, name)
        if s.neighbours is not None:
            return [{name: v} for v in s.neighbours(current)]
        return [{name: v} for v in s.candidates if v != current]

    def mixed_lines(self, result: SessionResult) -> set[int]:
        """The positions of the event's mixed lines in the lines as columns (read once: every candidate
        shares the lines)."""
        if self.mixed is None:
            self.mixed = _mixed_lines(result.travellers) if result.travellers is not None else set()
        return self.mixed

    def publishes(self, kinds: Iterable[str]) -> bool:
        """Does the file publish a figure of one of ``kinds`` (Agreement's fields, or ``credits``; none: every kind
        but the places)?"""
        return any(self.publishing[k] for k in (kinds or _EVERY_FIGURE))

    def rated_on(self, kinds: tuple[str, ...]) -> Callable[[Agreement], tuple[int, int]]:
        """The measure of a trial rated on ``kinds`` (:attr:`mpxl.core.options.Trial.on`; none: every figure but
        the places): ``credits`` are the lines' figures and percentages (:data:`CREDITS`) where the file
        publishes credits, else nothing."""
        credits = CREDITS if self.publishing["credits"] else ()
        return _measure(*dict.fromkeys(k for kind in (kinds or _EVERY_FIGURE)
                                       for k in (credits if kind == "credits" else (kind,))))

    def trials(self, at: str, opts: ScoringOptions, result: SessionResult | None = None) -> list[tuple[str, Trial]]:
        """The settings declared to be tried ``at`` this point of the search (:class:`mpxl.core.options.Trial`), in
        their declarations' order, that are not fixed and apply here: the file publishes a figure they
        change, and the event (scored under ``opts``, or ``result``) holds what they decide."""
        out = []
        for name, trial in _declared_trials(at):
            if name in self.fixed or not self.publishes(trial.needs or trial.on):
                continue
            if trial.holds is not None:
                scored = result if result is not None else self.score(opts)[0]
                if not _holds(scored, trial, self.mixed_lines(scored)):
                    continue
            out.append((name, trial))
        return out

    def tried(self, at: str, opts: ScoringOptions, result: SessionResult | None = None) -> ScoringOptions:
        """Each setting declared to be tried ``at`` this point (:meth:`trials`) in turn, every other value
        of it (:meth:`others`) rated on the figures it changes; one declared ``missed`` only while a
        figure is still missed."""
        for name, trial in self.trials(at, opts, result):
            if trial.missed and not self.misses(opts):
                continue
            candidates = self.others(name, opts)
            if self.fixed & {"expected", "method"}:  # N or a method given: no candidate that estimates no board by
                # them (they would be set aside unsaid)
                candidates = [c for c in candidates if not _sets_n_aside(replace(opts, **c))]
            opts = self.choose(name, opts, candidates, self.rated_on(trial.on))
        return opts

    # -- the whole search ----------------------------------------------------------------------------

    def run(self) -> Inference:
        """Search from the base; again from what it found; and on a small event from each scale,
        rounding tie rule and totals' basis when a figure is still missed.

        One setting at a time can miss settings that only fit together (a single-scale file scored
        across the field under Manual): hence the second pass, and on a small event (where such
        coincidences live, and a scoring is cheap) the further starts.
        """
        base, fixed = self.base, self.fixed
        if not (self.has_lines or self.has_pairs):  # nothing to compare with: the event need not be scored
            return Inference(base, Agreement(), {}, 0)
        opts = self.searched(base)
        total = self.agreement_of(opts).total
        for _ in range(2):
            if self.agree(opts) == total:
                break
            again = self.searched(opts)
            if self.agree(again) <= self.agree(opts):
                break
            opts = again
        if self.agree(opts) < total and len(self.event.lines) <= SMALL_EVENT:
            starts = [base.rounding.kind]
            if "rounding" not in fixed and base.rounding.kind in (RoundingKind.HALF_UP, RoundingKind.HALF_EVEN):
                starts = [RoundingKind.HALF_UP, RoundingKind.HALF_EVEN]
            scales = [base.scale] if "scale" in fixed else list(Scale)
            for restart, sc, kind in [(r, sc, kind) for r in self.restarts(base) for sc in scales for kind in starts]:
                trial = self.searched(base.with_(scale=sc, rounding=Rounding(kind, base.rounding.decimals), **restart))
                if self.agree(trial) > self.agree(opts):
                    opts = trial
                if self.agree(opts) == total:
                    break
        kept, scorings = self.results.get(repr(opts)), self.scorings
        alike = (self.alike(opts) if self.tell_alike and self.agree(opts) == total
                 and len(self.event.lines) <= SMALL_EVENT else {})
        return Inference(opts, self.agreement_of(opts), self.found[repr(opts)], scorings,
                         kept if kept is not None else self.results.get(repr(opts)), alike, self.scorings - scorings)

    def alike(self, opts: ScoringOptions) -> dict[str, list[dict[str, Any]]]:
        """The settings a scorer names (:data:`TOLD`: the method and where its estimate goes, the lines' tie rule, what
        the totals add, the percentages' tie rule) whose other values reproduce every figure too, when ``opts``
        do: the file does not tell them apart, so the value kept is the program's default, or the first the
        search tried (a McKinnon club's file whose short boards McKinnon and the Factor method score alike).
        Only on a small event (:data:`SMALL_EVENT`: a few scorings more), and the method only when a board is short
        (on full boards every method but Ascherman scores alike, and says nothing).

        >>> from mpxl.core.event import Event, Line
        >>> ev = Event(lines=[Line(1, "1", "2", score=420, published_ns_mp=2, published_ew_mp=0),
        ...                   Line(1, "3", "4", score=400, published_ns_mp=0, published_ew_mp=2)])
        >>> Search(ev, ScoringOptions()).alike(ScoringOptions())  # nothing short, no total published: nothing
        {}
        """
        event, total = self.event, self.agreement_of(opts).total
        out: dict[str, list[dict[str, Any]]] = {}
        for name in TOLD:
            if name in self.fixed or (name == "method" and self.fixed & {"method", "estimate_at"}):
                continue
            if name == "method":
                result, _ = self.score(opts)
                if opts.estimate_at not in (EstimateAt.LINES, EstimateAt.TOTALS) or not any(
                        b.actual < b.expected for b in result.boards):
                    continue
                candidates: list[dict[str, Any]] = [{"estimate_at": at, "method": m} for at in
                                                    (EstimateAt.LINES, EstimateAt.TOTALS) for m in Method
                                                    if (at, m) != (opts.estimate_at, opts.method)]
            elif name == "rounding" and opts.rounding.kind not in (RoundingKind.HALF_UP, RoundingKind.HALF_EVEN):
                continue
            else:
                declaration = declared(name).trials[0]
                if not self.publishes(declaration.needs or declaration.on):  # no figure it changes: nothing to tell
                    continue
                candidates = self.others(name, opts)
            for cand in candidates:
                trial = opts.with_(**cand)
                if self.agreement_of(trial).agree == total:
                    shown = differences(trial, opts, event)
                    if shown:
                        out.setdefault(name, []).append({k: b for k, (_a, b) in shown.items()})
        return out

    def restarts(self, base: ScoringOptions) -> list[dict[str, Any]]:
        """The settings a search starts again from each value of (declared: a :class:`~mpxl.core.options.Trial` at
        ``start``), ``base``'s first: what the totals add changes which method fits the totals (step 3
        runs before the totals' step decides it)."""
        out: list[dict[str, Any]] = [{}]
        for name, _ in self.trials(RESTART, base):
            values = [getattr(base, name), *(c[name] for c in self.others(name, base))]
            out = [{**again, name: v} for v in values for again in out]
        return out

    def searched(self, start: ScoringOptions) -> ScoringOptions:
        """One search from ``start``, its evidence kept by the settings it found."""
        self.evidence = {}
        got = self.search(start)
        self.found.setdefault(repr(got), dict(self.evidence))
        return got

    def search(self, opts: ScoringOptions) -> ScoringOptions:
        """Each step of :data:`STEPS` in turn, each deciding one setting (or a few together) from ``opts``: its
        method, or the settings declared to be tried at its points."""
        for step in STEPS:
            if step.run:
                opts = getattr(self, step.run)(opts)
            else:
                for at in step.points:
                    opts = self.tried(at, opts)
        return opts

    # -- the steps -----------------------------------------------------------------------------------

    def decimals(self, opts: ScoringOptions) -> ScoringOptions:
        """1. The decimals of lines, totals and percentages, read off the published figures."""
        fixed, line_dec, total_dec, pct_dec = self.fixed, self.line_dec, self.total_dec, self.pct_dec
        ebu = opts.rounding.kind is RoundingKind.EBU  # the EBU's rounding writes its own decimals: another is no EBU's
        if "rounding" not in fixed and line_dec is not None and (not ebu or opts.rounding.decimals != line_dec):
            if opts.rounding.kind is RoundingKind.EXACT or opts.rounding.decimals != line_dec:
                kept = (RoundingKind.HALF_EVEN, RoundingKind.TRUNCATE)  # a tie rule or a cut kept at other decimals
                kind = opts.rounding.kind if opts.rounding.kind in kept else RoundingKind.HALF_UP
                opts = replace(opts, rounding=Rounding(kind, line_dec))
            if opts.rounding.kind is not RoundingKind.TRUNCATE and cut_off(self.event, line_dec):
                opts = replace(opts, rounding=Rounding(RoundingKind.TRUNCATE, line_dec))
        if "totals_rounding" not in fixed and total_dec is not None and line_dec is not None and total_dec > line_dec:
            opts = replace(opts, totals_rounding=Rounding(RoundingKind.HALF_UP, total_dec))
        if "percentage_decimals" not in fixed and pct_dec is not None and opts.percentage_decimals is not None:
            if pct_dec > opts.percentage_decimals:  # fewer written decimals may be trailing zeros: decided below
                opts = replace(opts, percentage_decimals=pct_dec)
        return opts

    def scale_and_field(self, opts: ScoringOptions) -> ScoringOptions:
        """2. Scale and field together (all lines: full boards decide them; apart, a single-scale file
        scored across the field fits neither change alone), with the settings declared to be tried with
        the scale (:class:`~mpxl.core.options.Trial` at ``scale``: a board's one real result beside artificial
        scores, 50% or 60%, may decide the scale)."""
        event, fixed = self.event, self.fixed
        scales = [opts.scale] if "scale" in fixed else [opts.scale, *(s for s in Scale if s is not opts.scale)]
        fields: list[Field | None] = [None]
        if len(event.sections()) > 1 and "field" not in fixed:
            here = field_of(event, opts)
            fields = [None, *(f for f in Field if f is not here)]
        joint = [(n, [None, *(c[n] for c in self.others(n, opts))]) for n, _ in self.trials("scale", opts)]
        pairs = [{"scale": s, **({"field": f} if f else {}),
                  **{n: v for (n, _), v in zip(joint, values) if v is not None}}
                 for s in scales for f in fields for values in product(*(vs for _, vs in joint))]
        name = "scale" if "scale" not in fixed else "field"
        opts = self.choose(name, opts, pairs[1:], _everything)
        if name in self.evidence and len(fields) > 1 and name == "scale":
            self.evidence["field"] = self.evidence["scale"]
        for n, values in joint:
            if name in self.evidence and len(values) > 1:
                self.evidence[n] = self.evidence[name]
        return opts

    def expected(self, opts: ScoringOptions) -> ScoringOptions:
        """2. (end) N, from the published top: the largest NS + EW of a line is scale x (N - 1)."""
        result, _ = self.score(opts)
        n_top = _published_n(result)
        if n_top is not None and opts.expected is None:
            most = max((b.expected for b in result.boards), default=0)
            if most < n_top <= MAX_EXPECTED:  # fewer than the results on a board is refused by the scorer
                opts = self.choose("expected", opts, [{"expected": n_top}], _everything)
        return opts

    def method(self, opts: ScoringOptions) -> ScoringOptions:
        """3. The method and where the estimate goes, when a board is short; with every board full,
        Ascherman (the one method that changes a full board) alone, when a figure is missed."""
        event, fixed = self.event, self.fixed
        result, _ = self.score(opts)
        # (under own tops no board is short, as no board is estimated: the other candidates are still tried)
        short = opts.estimate_at is EstimateAt.OWN_TOPS or any(b.actual < b.expected for b in result.boards)
        # N given: a short board is estimated to it (never estimating, own tops, would set it aside unsaid)
        to_n = "expected" in fixed and short and not fixed & {"method", "estimate_at"}
        if to_n and _sets_n_aside(opts):
            opts = replace(opts, estimate_at=EstimateAt.LINES)
        if short and not fixed & {"method", "estimate_at"}:
            # every line, not only the short boards' (a board is short or not by the candidate's N): the
            # full boards score alike under every method, so only the short boards tell them apart
            candidates: list[dict[str, Any]] = [] if to_n else [{"estimate_at": EstimateAt.NEVER}]
            for at in (EstimateAt.LINES, EstimateAt.TOTALS):
                for m in Method:
                    if (at, m) != (opts.estimate_at, opts.method):
                        candidates.append({"estimate_at": at, "method": m})
            missed = _everything(self.score(opts)[1])
            # own tops differs from never only beside lines that are not results; last, so a tie keeps the rest
            if missed[0] < missed[1] and _lines_beside_results(result) and not to_n:
                candidates.append({"estimate_at": EstimateAt.OWN_TOPS})
                if len(event.sections()) > 1 and "field" not in fixed:  # which lines a top counts: with the field
                    candidates += [{"estimate_at": EstimateAt.OWN_TOPS, "field": f} for f in Field
                                   if f is not field_of(event, opts)]
            chosen = self.choose("method", opts, candidates, _everything)
            got = self.agreement_of(chosen)
            lines_kept = got.lines[0] == got.lines[1] or chosen.estimate_at in (EstimateAt.NEVER, EstimateAt.TOTALS)
            if "totals_method" not in fixed and got.agree < got.total and lines_kept:
                # the lines one way, the totals another (Bridge NZ's Scorer, a three-quarter Howell): each method on
                # the lines, the totals plain on their own top; a total missed beside lines that agree (or plain ones)
                split = [{"estimate_at": EstimateAt.LINES, "method": m, "totals_method": TotalsMethod.PLAIN}
                         for m in Method]
                chosen = self.choose("method", chosen, split, _everything)
            return chosen
        if "method" in fixed and "estimate_at" not in fixed and short:
            # a method given is used: never estimating (never, own tops) would set it aside
            return self.choose("estimate_at", opts, [{"estimate_at": at} for at in EstimateAt
                                                     if at not in (opts.estimate_at, EstimateAt.NEVER,
                                                                   EstimateAt.OWN_TOPS)], _everything)
        if not fixed & {"method", "estimate_at"} and self.misses(opts):
            # every board full: only a method that estimates full boards too (Ascherman, McKinnon's
            # reading) changes a figure, so it is the one candidate, and only when a figure is missed
            return self.choose("method", opts, [{"estimate_at": at, "method": m} for m in Method
                                                if m.value in ESTIMATES_FULL_BOARDS
                                                for at in (EstimateAt.LINES, EstimateAt.TOTALS)], _everything)
        return opts

    def averages(self, opts: ScoringOptions) -> ScoringOptions:
        """5. The settings declared to be tried with the artificial scores (:class:`~mpxl.core.options.Trial` at
        ``artificial``: Ave+ / Ave- policy, and a lone result's rule again when a figure is still
        missed; which fields a mixed line's result stands in), only when a board holds an artificial score
        (a mixed line's side too): the method and N are found by now."""
        result, _ = self.score(opts)
        if any(sl.kind == "artificial" for b in result.boards for sl in b.lines) or self.mixed_lines(result):
            opts = self.tried("artificial", opts, result)
        return opts

    def totals(self, opts: ScoringOptions) -> ScoringOptions:
        """6. The settings declared to be tried with the totals (:class:`~mpxl.core.options.Trial` at ``totals``:
        what the totals add, the rounded figures or the exact ones): on the totals and percentages,
        before the percentages' own rounding (an exact half moves with it). First, totals written with fewer
        decimals than the start rounds them to (a preset's): rounded to the decimals written, if that fits better."""
        written, rounding = self.total_dec, opts.totals_rounding
        if ("totals_rounding" not in self.fixed and written is not None and rounding is not None
                and rounding.kind is not RoundingKind.EXACT and written < rounding.decimals):
            opts = self.choose("totals_rounding", opts, [{"totals_rounding": Rounding(RoundingKind.HALF_UP, written)}],
                               _measure("totals", "percentages"))
        return self.tried("totals", opts)

    def percentages(self, opts: ScoringOptions) -> ScoringOptions:
        """6. The percentages' decimals (fewer than written: trailing zeros), on the percentages without
        rescoring; the settings declared to be tried with them (:class:`~mpxl.core.options.Trial` at
        ``percentages``: their tie rule); and their basis (:meth:`percentage_basis`)."""
        pct_dec = self.pct_dec
        if self.publishing["percentages"] and pct_dec is not None and opts.percentage_decimals is not None:
            if pct_dec < opts.percentage_decimals:
                opts = self.choose("percentage_decimals", opts, [{"percentage_decimals": pct_dec}],
                                   _measure("percentages"))
        opts = self.tried("percentages", opts)
        if self.publishes(("percentages", "line_percentages")):
            opts = self.percentage_basis(opts)
        return opts

    def percentage_basis(self, opts: ScoringOptions) -> ScoringOptions:
        """Percentages over the boards played, or scaled to the field's full number (ACBLscore): tried
        only when a pair played fewer boards than another and a total, percentage or place is missed.
        The scaled total is rounded as a total, to decimals and a tie rule no published total need show
        (the totals of rounded line figures have the lines' decimals): the totals' decimals and one and
        two more, half up and half even, are tried; a missed board is then not credited (the two rules
        fill the same gap)."""
        fixed = self.fixed
        ranking = _measure("totals", "percentages", "places")
        result, agreed = self.score(opts)
        got = ranking(agreed)
        if "percentage_basis" in fixed or got[0] == got[1] or not _fewer_boards(result):
            return opts
        if opts.percentage_basis is not PercentageBasis.PLAYED:
            return self.choose("percentage_basis", opts, [{"percentage_basis": PercentageBasis.PLAYED}], ranking)
        base: dict[str, Any] = {"percentage_basis": PercentageBasis.SCALED}
        if opts.unplayed is not Unplayed.NONE and "unplayed" not in fixed:
            base["unplayed"] = Unplayed.NONE
        candidates = [base]
        rounding = opts.totals_rounding or opts.rounding
        if "totals_rounding" not in fixed and rounding.kind is not RoundingKind.EXACT:
            candidates += [{**base, "totals_rounding": Rounding(kind, rounding.decimals + more)} for more in (0, 1, 2)
                           for kind in (RoundingKind.HALF_UP, RoundingKind.HALF_EVEN)
                           if Rounding(kind, rounding.decimals + more) != rounding]
        return self.choose("percentage_basis", opts, candidates, ranking)

    def places(self, opts: ScoringOptions) -> ScoringOptions:
        """6. Places with or without '=', and one ranking or NS and EW apart (the file may not say: pair
        numbers 1NS / 1EW), together, on the places; and the field again where the lines cannot tell
        it (no board played in two sections) but the ranking, over the field, can."""
        event, fixed = self.event, self.fixed
        if not any(p.published_place for p in event.pairs):
            return opts
        styles = [opts.places] if "places" in fixed else [opts.places, *(s for s in Places if s != opts.places)]
        winners: list[int | None] = [None] if "winners" in fixed else [None, 1, *([2] if _two_sides(event) else [])]
        fields: list[Field | None] = [None]
        if len(event.sections()) > 1 and "field" not in fixed:
            fields = [None, *(f for f in Field if f is not field_of(event, opts))]
        return self.choose("places" if "places" not in fixed else "winners", opts,
                           [{"places": s, **({"winners": w} if w else {}), **({"field": f} if f else {})}
                            for f in fields for w in winners for s in styles][1:],
                           _measure("lines", "totals", "percentages", "places", "line_percentages"))


def _two_sides(event: Event) -> bool:
    """Whether NS and EW can be ranked apart: no section of the lines is one field (a Howell's, where a pair sits
    NS on one board and EW on another, never twice at a board: ranked apart, each pair would be in both lists).

    >>> from mpxl.core.event import Line
    >>> _two_sides(Event(lines=[Line(1, "1", "2"), Line(2, "2", "1")]))  # 1 and 2 sit both ways: a Howell
    False
    >>> _two_sides(Event(lines=[Line(1, "1", "1"), Line(1, "2", "2")]))  # NS 1 meets EW 1: a Mitchell
    True
    """
    lines = event.lines
    return all(two_winner_sections([str(ln.section or "") for ln in lines], [str(ln.ns_pair) for ln in lines],
                                   [str(ln.ew_pair) for ln in lines], [(ln.session, ln.board) for ln in lines])
               .values())


#: The options the lines' figures do not depend on (:func:`~mpxl.core.session.score_columns` reads none
#: of them): only the pairs' totals, percentages and places do. Candidates that differ in these
#: alone share one scoring of the lines (tests/test_inference.py compares it with scoring afresh).
RANKING_ONLY = tuple(s.name for s in SETTINGS.values() if s.ranking)  # declared: Setting.ranking
_RANKING_DEFAULTS = {name: getattr(ScoringOptions(), name) for name in RANKING_ONLY}


def _columns_key(opts: ScoringOptions) -> str:
    """What the lines' figures under ``opts`` depend on: ``opts`` less :data:`RANKING_ONLY`."""
    return repr(replace(opts, **_RANKING_DEFAULTS))


def _sum_of(a: Agreement, kinds: Iterable[str]) -> tuple[int, int]:
    got = [getattr(a, k) for k in kinds]
    return sum(g[0] for g in got), sum(g[1] for g in got)


def _measure(*kinds: str) -> Callable[[Agreement], tuple[int, int]]:
    """What a step rates candidates on: the figures of those ``kinds`` (Agreement's fields) reproduced."""

    def measure(a: Agreement) -> tuple[int, int]:
        return _sum_of(a, kinds)

    return measure


def _lines_beside_results(result: SessionResult) -> bool:
    """Does a board hold lines that are not results but count towards its N (an artificial score, a
    line not played)? Only there are no estimation (``never``) and own tops told apart."""
    sc, t = result.scored, result.travellers
    if sc is None or t is None:
        return False
    return "artificial" in sc.kind or any(kind == "blank" and score is not None
                                          for kind, score in zip(sc.kind, t.score))


def _holds(result: SessionResult, trial: Trial, mixed: set[int]) -> bool:
    """Does some board of ``result`` hold what ``trial``'s setting decides (:attr:`mpxl.core.options.Trial.holds`,
    asked of each board's lines' kinds, a mixed line's ``mixed``: the positions ``mixed``)?"""
    sc = result.scored
    if trial.holds is None or sc is None:
        return sc is not None
    kinds = [("mixed" if i in mixed else k) for i, k in enumerate(sc.kind)] if mixed else sc.kind
    return any(trial.holds([kinds[i] for r in b.ranges for i in r]) for b in sc.boards)


def _mixed_lines(t: Travellers) -> set[int]:
    """The positions of the mixed lines of ``t`` (one side given an artificial score, the other a result)."""
    return {i for i, score in enumerate(t.score)
            if score is not None and not isinstance(score, int) and isinstance(_entry(score), Mixed)}


def _entry(score: LineScore) -> object:
    """A line's score's entry (read with the line), or None when it is not one (the scorer names those)."""
    try:
        return entry_of(score)
    except ValueError:
        return None


def _declared_trials(at: str) -> list[tuple[str, Trial]]:
    """The settings declared to be tried ``at`` a point of the search, in their declarations' order."""
    return [(s.name, t) for s in registry() for t in s.trials if t.at == at]


def _fewer_boards(result: SessionResult) -> bool:
    """Did a pair play fewer boards than another of its field?"""
    most: dict[str, int] = {}
    fld = field_of(result.event, result.options).value
    for pr in result.pairs:
        group = "" if fld == "event" else pr.pair.section
        most[group] = max(most.get(group, 0), pr.boards)
    return any(pr.boards < most["" if fld == "event" else pr.pair.section] for pr in result.pairs)


def _published_n(result: SessionResult) -> int | None:
    """N from the published figures: the largest NS + EW on a line of a board with no artificial
    score is the top, and the top is scale x (N - 1). None when the lines publish nothing."""
    top = None
    for b in result.boards:
        if any(sl.kind == "artificial" for sl in b.lines):
            continue
        for sl in b.lines:
            ns, ew = sl.line.published_ns_mp, sl.line.published_ew_mp
            if ns is not None and ew is not None:
                top = ns + ew if top is None else max(top, ns + ew)
    if top is None or result.options.scale.centred:  # signed figures: NS + EW is 0 on every line
        return None
    if result.options.scale.fixed_top is not None:  # the percentage scale: 100 on every board, whatever N
        return None
    if not isfinite(top) or top > result.options.scale.unit * MAX_EXPECTED:  # no top: a figure such as 1e308
        return None
    n = round(top / result.options.scale.unit) + 1
    return n if n >= 2 else None
