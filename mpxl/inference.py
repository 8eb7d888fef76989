"""How a file was scored, worked out from its own published figures.

A scorer chooses the scale, the field, the estimation method, where the estimate
goes, N, the roundings and how places are written per event, so the figures a file
publishes (line matchpoints, pair totals, percentages, places) are the evidence.
:func:`infer` rescores the event under candidate settings with the one scorer
(:func:`~mpxl.session.score_event`) and keeps those that reproduce the most
published figures. The search is bounded: one setting at a time, each decided on
the figures it can change, about twenty scorings of the event in all:

1. decimals of lines, totals and percentages: read off the published figures;
2. scale and field, together (and N from the published top): on every line; with them a
   lone result's rule (50% or 60%), when a board holds one real result beside artificial scores;
3. method and where the estimate goes (lines, totals, never): on the lines and the
   totals, when some board is short; own tops too, last, when a board holds an artificial
   score or a line not played and a figure is missed; with every board full, Ascherman (the
   one method that changes a full board) alone, and only when a figure is missed;
4. a missed board's figure (unplayed): on the totals;
5. Ave+ / Ave- policy: only when a board has an artificial score (and a lone result's rule
   again, when a figure is still missed);
6. tie rule of line rounding: on the lines; of percentages: on the percentages,
   without rescoring; the percentage over the boards played or scaled to the full number
   (ACBLscore), only when a pair played fewer boards and a figure is missed; one ranking or
   NS and EW apart (winners), and places written with or without ``=``: on the places.

A setting the caller fixes (a command-line option) is not searched. When candidates
reproduce equally many figures the caller's base (the program's default) is kept.

>>> from mpxl.event import Event, Line
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
from math import isfinite
from typing import Any

from .event import Event
from .methods import Method
from .options import ScoringOptions
from .ranking import sitout_credits
from .rounding import Rounding
from .rules import ESTIMATES_FULL_BOARDS
from .session import SessionResult, score_event, settings_of
from .settings import (
    AvePolicy,
    EstimateAt,
    Field,
    LoneResult,
    PercentageBasis,
    Places,
    RoundingKind,
    Scale,
    Tie,
    TotalsFrom,
    Unplayed,
)

__all__ = ["Agreement", "Inference", "infer", "agreement", "decimals_of", "SEARCHED"]

#: Events of at most this many lines are searched from several starting points when one search does
#: not reproduce every figure (small events are where settings coincide; a scoring costs little).
SMALL_EVENT = 2000

#: How many scorings :func:`infer` keeps at once (the agreement of every one it tries is kept).
KEPT_SCORINGS = 2

#: The most results per board a published top is taken to show (a figure beyond it is no top).
MAX_EXPECTED = 10_000

#: The settings :func:`infer` can work out; a caller fixes any of them by naming it in ``fixed``.
SEARCHED = ("scale", "field", "expected", "method", "estimate_at", "unplayed", "ave_policy", "rounding", "totals_from",
            "totals_rounding", "percentage_decimals", "percentage_tie", "winners", "places", "lone_result",
            "percentage_basis")


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

    @property
    def agree(self) -> int:
        """How many published figures the settings found reproduce."""
        return self.agreement.agree

    @property
    def total(self) -> int:
        """How many figures the file publishes."""
        return self.agreement.total


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


def _place_digits(text: str) -> str:
    return "".join(ch for ch in text if ch.isdigit())


def agreement(result: SessionResult) -> Agreement:
    """Count the published figures ``result`` reproduces (lines both sides, totals, percentages, places)."""
    lines = [0, 0]
    short = [0, 0]
    line_pcts = [0, 0]
    opts, pct_decimals = result.options, result.event.line_percentage_decimals
    for b in result.boards:
        is_short = b.actual < b.expected or b.line_top is not None or any(sl.kind == "artificial" for sl in b.lines)
        for sl in b.lines:
            ln = sl.line
            if pct_decimals is not None:
                for pub, exact, mine in ((ln.published_ns_pct, sl.ns_exact, sl.ns_mp),
                                         (ln.published_ew_pct, sl.ew_exact, sl.ew_mp)):
                    if pub is not None:
                        line_pcts[0] += _same(pub, opts.line_percentage(exact, mine, b.line_top or b.top,
                                                                          pct_decimals))
                        line_pcts[1] += 1
            for pub, mine in ((ln.published_ns_mp, sl.ns_mp), (ln.published_ew_mp, sl.ew_mp)):
                if pub is None:
                    continue
                ok = _same(pub, mine)
                lines[0] += ok
                lines[1] += 1
                if is_short:
                    short[0] += ok
                    short[1] += 1
    for so, figure, pct in sitout_credits(result) if result.event.sitouts else ():  # the credits a file publishes
        if so.published_mp is not None:
            lines[0] += _same(so.published_mp, figure)
            lines[1] += 1
        if so.published_pct is not None and pct_decimals is not None:
            line_pcts[0] += pct is not None and _same(so.published_pct, opts.round_line_percentage(pct, pct_decimals))
            line_pcts[1] += 1
    totals = [0, 0]
    pcts = [0, 0]
    places = [0, 0]
    published = [p for p in result.event.pairs
                 if p.published_mp is not None or p.published_percentage is not None or p.published_place]
    if published:
        ours: dict[tuple[str, str], list[Any]] = {}
        for pr in result.pairs or []:
            ours.setdefault((pr.pair.section, pr.pair.number), []).append(pr)
        for p in published:
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
    return Agreement(tuple(lines), tuple(short), tuple(totals), tuple(pcts), tuple(places),  # type: ignore[arg-type]
                     tuple(line_pcts))  # type: ignore[arg-type]


def infer(event: Event, base: ScoringOptions, fixed: Iterable[str] = ()) -> Inference:
    """The settings, starting from ``base`` (the program's defaults and the caller's options), that
    reproduce the most of ``event``'s published figures; settings named in ``fixed`` are kept."""
    fixed = set(fixed)
    count = [0]
    # every candidate's agreement is kept (a few numbers); its scoring only for the last few asked (a
    # scoring of a 300,000-line event is hundreds of megabytes: keeping each one tried held gigabytes)
    agreements: dict[str, Agreement] = {}
    results: dict[str, SessionResult] = {}

    def score(opts: ScoringOptions) -> tuple[SessionResult, Agreement]:
        key = repr(opts)
        result = results.pop(key, None)
        if result is None:
            count[0] += 1
            result = score_event(event, opts)
            agreements.setdefault(key, agreement(result))
        results[key] = result  # the most recent last
        while len(results) > KEPT_SCORINGS:
            del results[next(iter(results))]
        return result, agreements[key]

    def agreement_of(opts: ScoringOptions) -> Agreement:
        """The agreement of ``opts``, scored only when never scored before."""
        key = repr(opts)
        return agreements[key] if key in agreements else score(opts)[1]

    evidence: dict[str, str] = {}

    def choose(name: str, opts: ScoringOptions, candidates: list[dict[str, Any]],
               measure: Callable[[Agreement], tuple[int, int]]) -> ScoringOptions:
        """Keep the candidate (a dict of settings) that ``measure`` rates highest; ``opts`` on a tie."""
        if name in fixed or not candidates:
            return opts
        best_opts, best = opts, measure(agreement_of(opts))
        for cand in candidates:
            if best[0] == best[1]:  # every figure this setting can change reproduced: none can do better
                break
            trial = replace(opts, **cand)
            got = measure(agreement_of(trial))
            if got[0] > best[0]:
                best_opts, best = trial, got
        evidence[name] = f"{best[0]} of {best[1]}"
        return best_opts

    has_lines = any(ln.published_ns_mp is not None or ln.published_ew_mp is not None for ln in event.lines)
    has_pairs = any(p.published_mp is not None or p.published_percentage is not None for p in event.pairs)
    opts = base
    if not (has_lines or has_pairs):  # nothing to compare with: the event need not be scored here
        return Inference(opts, Agreement(), {}, 0)

    def search(opts: ScoringOptions) -> ScoringOptions:
        # 1. decimals, read off the figures
        line_dec = decimals_of([v for ln in event.lines for v in (ln.published_ns_mp, ln.published_ew_mp)])
        # figures only the totals hold: the pairs' totals, and the credits on the sit-outs' rows
        total_dec = decimals_of([p.published_mp for p in event.pairs] + [so.published_mp for so in event.sitouts])
        pct_dec = decimals_of([p.published_percentage for p in event.pairs])
        if "rounding" not in fixed and line_dec is not None and opts.rounding.kind is not RoundingKind.EBU:
            if opts.rounding.kind is RoundingKind.EXACT or opts.rounding.decimals != line_dec:
                kind = opts.rounding.kind if opts.rounding.kind is RoundingKind.HALF_EVEN else RoundingKind.HALF_UP
                opts = replace(opts, rounding=Rounding(kind, line_dec))
        if "totals_rounding" not in fixed and total_dec is not None and line_dec is not None and total_dec > line_dec:
            opts = replace(opts, totals_rounding=Rounding(RoundingKind.HALF_UP, total_dec))
        if "percentage_decimals" not in fixed and pct_dec is not None and opts.percentage_decimals is not None:
            if pct_dec > opts.percentage_decimals:  # fewer written decimals may be trailing zeros: decided below
                opts = replace(opts, percentage_decimals=pct_dec)

        everything = _measure("lines", "totals", "percentages", "line_percentages")

        # 2. scale and field together (all lines: full boards decide them; apart, a single-scale file
        #    scored across the field fits neither change alone), N from the published top
        scales = [opts.scale] if "scale" in fixed else [opts.scale, *(s for s in Scale if s is not opts.scale)]
        fields: list[Field | None] = [None]
        if len(event.sections()) > 1 and "field" not in fixed:
            here = _field_of(event, opts)
            fields = [None, *(f for f in Field if f.value != here)]
        # a board's one real result beside artificial scores (50% or 60%) may decide the scale: searched with it
        lones: list[LoneResult | None] = [None]
        if "lone_result" not in fixed and _lone_results(score(opts)[0]):
            lones = [None, *(r for r in LoneResult if r is not opts.lone_result)]
        pairs = [{"scale": s, **({"field": f} if f else {}), **({"lone_result": r} if r else {})}
                 for s in scales for f in fields for r in lones]
        name = "scale" if "scale" not in fixed else "field"
        opts = choose(name, opts, pairs[1:], everything)
        if name in evidence and len(fields) > 1 and name == "scale":
            evidence["field"] = evidence["scale"]
        if name in evidence and len(lones) > 1:
            evidence["lone_result"] = evidence[name]
        result, _ = score(opts)
        n_top = _published_n(result)
        if n_top is not None and opts.expected is None:
            most = max((b.expected for b in result.boards), default=0)
            if most < n_top <= MAX_EXPECTED:  # fewer than the results on a board is refused by the scorer
                opts = choose("expected", opts, [{"expected": n_top}], everything)

        # 3. method and where the estimate goes: only when a board is short
        result, _ = score(opts)
        # (under own tops no board is short, as no board is estimated: the other candidates are still tried)
        short = opts.estimate_at is EstimateAt.OWN_TOPS or any(b.actual < b.expected for b in result.boards)
        if short and not fixed & {"method", "estimate_at"}:
            # every line, not only the short boards' (a board is short or not by the candidate's N): the
            # full boards score alike under every method, so only the short boards tell them apart
            short_and_totals = everything
            candidates: list[dict[str, Any]] = [{"estimate_at": EstimateAt.NEVER}]
            for at in (EstimateAt.LINES, EstimateAt.TOTALS):
                for m in Method:
                    if (at, m) != (opts.estimate_at, opts.method):
                        candidates.append({"estimate_at": at, "method": m})
            missed = everything(score(opts)[1])
            # own tops differs from never only beside lines that are not results; last, so a tie keeps the rest
            if missed[0] < missed[1] and _lines_beside_results(result):
                candidates.append({"estimate_at": EstimateAt.OWN_TOPS})
                if len(event.sections()) > 1 and "field" not in fixed:  # which lines a top counts: with the field
                    candidates += [{"estimate_at": EstimateAt.OWN_TOPS, "field": f} for f in Field
                                   if f.value != _field_of(event, opts)]
            opts = choose("method", opts, candidates, short_and_totals)
        elif "method" in fixed and "estimate_at" not in fixed and short:
            # a method given is used: never estimating would set it aside
            opts = choose("estimate_at", opts, [{"estimate_at": at} for at in EstimateAt
                                                if at not in (opts.estimate_at, EstimateAt.NEVER)
                                                and (at is not EstimateAt.OWN_TOPS or _lines_beside_results(result))],
                          everything)
        elif not fixed & {"method", "estimate_at"} and agreement_of(opts).agree < agreement_of(opts).total:
            # every board full: only a method that estimates full boards too (Ascherman, McKinnon's
            # reading) changes a figure, so it is the one candidate, and only when a figure is missed
            opts = choose("method", opts, [{"estimate_at": at, "method": m} for m in Method
                                           if m.value in ESTIMATES_FULL_BOARDS
                                           for at in (EstimateAt.LINES, EstimateAt.TOTALS)], everything)

        # 4. a missed board: the totals tell, and the credits a file publishes on its sit-outs' rows
        credits = any(so.published_mp is not None or so.published_pct is not None for so in event.sitouts)
        if has_pairs or credits:
            opts = choose("unplayed", opts, [{"unplayed": u} for u in Unplayed if u != opts.unplayed],
                          _measure("totals", "percentages", *(("lines", "line_percentages") if credits else ())))

        # 5. Ave+ / Ave-: only when a board holds an artificial score
        result, _ = score(opts)
        if any(sl.kind == "artificial" for b in result.boards for sl in b.lines):
            opts = choose("ave_policy", opts, [{"ave_policy": a} for a in AvePolicy if a is not opts.ave_policy],
                          everything)
            if _lone_results(result) and agreement_of(opts).agree < agreement_of(opts).total:  # method and N found
                opts = choose("lone_result", opts,
                              [{"lone_result": r} for r in LoneResult if r is not opts.lone_result], everything)

        # 6. tie rules: line rounding on the lines, percentages and places on the ranking
        if has_lines and opts.rounding.kind is not RoundingKind.EXACT:
            kinds = [RoundingKind.HALF_UP, RoundingKind.HALF_EVEN]
            if opts.rounding.decimals == 1:
                kinds.append(RoundingKind.EBU)
            decimals = opts.rounding.decimals
            opts = choose("rounding", opts, [{"rounding": Rounding(k, 1 if k is RoundingKind.EBU else decimals)}
                                             for k in kinds if k is not opts.rounding.kind],
                          _measure("lines", "totals"))
        # 7. what the totals add (the rounded figures or the exact ones): on the totals and percentages,
        #    before the percentages' own rounding (an exact half moves with it)
        if has_pairs or event.line_percentage_decimals is not None:
            opts = choose("totals_from", opts, [{"totals_from": b} for b in TotalsFrom if b is not opts.totals_from],
                          _measure("totals", "percentages", "line_percentages"))
        if any(p.published_percentage is not None for p in event.pairs):
            if pct_dec is not None and opts.percentage_decimals is not None and pct_dec < opts.percentage_decimals:
                opts = choose("percentage_decimals", opts, [{"percentage_decimals": pct_dec}], _measure("percentages"))
        if any(p.published_percentage is not None for p in event.pairs) or event.line_percentage_decimals is not None:
            opts = choose("percentage_tie", opts, [{"percentage_tie": t} for t in Tie if t != opts.percentage_tie],
                          _measure("percentages", "line_percentages"))
            opts = _choose_percentage_basis(opts, choose, score, fixed)
        if any(p.published_place for p in event.pairs):
            # places with or without '=', and one ranking or NS and EW apart (the file may not say: pair
            # numbers 1NS / 1EW), together: on the places; and the field again where the lines cannot tell it
            # (no board played in two sections) but the ranking, over the field, can
            styles = [opts.places] if "places" in fixed else [opts.places, *(s for s in Places if s != opts.places)]
            winners: list[int | None] = [None] if "winners" in fixed else [None, 1, 2]
            fields = [None]
            if len(event.sections()) > 1 and "field" not in fixed:
                fields = [None, *(f for f in Field if f.value != _field_of(event, opts))]
            opts = choose("places" if "places" not in fixed else "winners", opts,
                          [{"places": s, **({"winners": w} if w else {}), **({"field": f} if f else {})}
                           for f in fields for w in winners for s in styles][1:],
                          _measure("lines", "totals", "percentages", "places", "line_percentages"))
        return opts

    # one setting at a time can miss settings that only fit together (a single-scale file scored across
    # the field under Manual); a second pass from what the first found, and on a small event (where such
    # coincidences live, and a scoring is cheap) the same search from each scale and rounding tie rule
    found: dict[str, dict[str, str]] = {}  # the evidence of each search, by the settings it found

    def searched(start: ScoringOptions) -> ScoringOptions:
        evidence.clear()
        got = search(start)
        found.setdefault(repr(got), dict(evidence))
        return got

    def agree(o: ScoringOptions) -> int:
        return agreement_of(o).agree

    opts = searched(base)
    total = agreement_of(opts).total
    for _ in range(2):
        if agree(opts) == total:
            break
        again = searched(opts)
        if agree(again) <= agree(opts):
            break
        opts = again
    if agree(opts) < total and len(event.lines) <= SMALL_EVENT:
        starts = [base.rounding.kind]
        if "rounding" not in fixed and base.rounding.kind in (RoundingKind.HALF_UP, RoundingKind.HALF_EVEN):
            starts = [RoundingKind.HALF_UP, RoundingKind.HALF_EVEN]
        scales = [base.scale] if "scale" in fixed else list(Scale)
        # what the totals add changes which method fits the totals (step 3 runs before step 7 decides it)
        bases = [base.totals_from] if "totals_from" in fixed else [base.totals_from, *(
            b for b in TotalsFrom if b is not base.totals_from)]
        starts_all = [(sc, kind, tf) for tf in bases for sc in scales for kind in starts]
        for sc, kind, tf in starts_all:
            trial = searched(replace(base, scale=sc, rounding=Rounding(kind, base.rounding.decimals), totals_from=tf))
            if agree(trial) > agree(opts):
                opts = trial
            if agree(opts) == total:
                break
    evidence = found[repr(opts)]
    return Inference(opts, agreement_of(opts), evidence, count[0])


def _measure(*kinds: str) -> Callable[[Agreement], tuple[int, int]]:
    def measure(a: Agreement) -> tuple[int, int]:
        got = [getattr(a, k) for k in kinds]
        return sum(g[0] for g in got), sum(g[1] for g in got)

    return measure


def _lines_beside_results(result: SessionResult) -> bool:
    """Does a board hold lines that are not results but count towards its N (an artificial score, a
    line not played)? Only there are no estimation (``never``) and own tops told apart."""
    sc, t = result.scored, result.travellers
    if sc is None or t is None:
        return False
    return "artificial" in sc.kind or any(kind == "blank" and score is not None
                                          for kind, score in zip(sc.kind, t.score))


def _lone_results(result: SessionResult) -> bool:
    """Does a board hold one real result and, on its other lines, artificial scores?"""
    sc = result.scored
    if sc is None or "artificial" not in sc.kind:
        return False
    for b in sc.boards:
        kinds = [sc.kind[i] for r in b.ranges for i in r]
        if kinds.count("result") == 1 and "artificial" in kinds:
            return True
    return False


def _fewer_boards(result: SessionResult) -> bool:
    """Did a pair play fewer boards than another of its field?"""
    most: dict[str, int] = {}
    fld = _field_of(result.event, result.options)
    for pr in result.pairs:
        group = "" if fld == "event" else pr.pair.section
        most[group] = max(most.get(group, 0), pr.boards)
    return any(pr.boards < most["" if fld == "event" else pr.pair.section] for pr in result.pairs)


def _choose_percentage_basis(opts: ScoringOptions, choose: Callable[..., ScoringOptions],
                             score: Callable[[ScoringOptions], tuple[SessionResult, Agreement]],
                             fixed: set[str]) -> ScoringOptions:
    """Percentages over the boards played, or scaled to the field's full number (ACBLscore): tried only
    when a pair played fewer boards than another and a total, percentage or place is missed. The
    scaled total is rounded as a total, to decimals and a tie rule no published total need show (the
    totals of rounded line figures have the lines' decimals): the totals' decimals and one and two
    more, half up and half even, are tried; a missed board is then not credited (the two rules fill
    the same gap)."""
    ranking = _measure("totals", "percentages", "places")
    result, agreed = score(opts)
    got = ranking(agreed)
    if "percentage_basis" in fixed or got[0] == got[1] or not _fewer_boards(result):
        return opts
    if opts.percentage_basis is not PercentageBasis.PLAYED:
        return choose("percentage_basis", opts, [{"percentage_basis": PercentageBasis.PLAYED}], ranking)
    base: dict[str, Any] = {"percentage_basis": PercentageBasis.SCALED}
    if opts.unplayed is not Unplayed.NONE and "unplayed" not in fixed:
        base["unplayed"] = Unplayed.NONE
    candidates = [base]
    rounding = opts.totals_rounding or opts.rounding
    if "totals_rounding" not in fixed and rounding.kind is not RoundingKind.EXACT:
        candidates += [{**base, "totals_rounding": Rounding(kind, rounding.decimals + more)} for more in (0, 1, 2)
                       for kind in (RoundingKind.HALF_UP, RoundingKind.HALF_EVEN)
                       if Rounding(kind, rounding.decimals + more) != rounding]
    return choose("percentage_basis", opts, candidates, ranking)


def _field_of(event: Event, opts: ScoringOptions) -> str:
    return settings_of(SessionResult(event, opts, [], []))["field"]  # type: ignore[no-any-return]


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
    if not isfinite(top) or top > result.options.scale.unit * MAX_EXPECTED:  # no top: a figure such as 1e308
        return None
    n = round(top / result.options.scale.unit) + 1
    return n if n >= 2 else None


def differences_from(options: ScoringOptions, default: ScoringOptions, event: Event) -> dict[str, tuple[Any, Any]]:
    """The settings in which ``options`` differ from ``default`` (the program's documented ones):
    name -> (default, used), as the JSON names them."""
    used = settings_of(SessionResult(event, options, [], []))
    was = settings_of(SessionResult(event, default, [], []))
    return {k: (was[k], used[k]) for k in used if used[k] != was[k]}
