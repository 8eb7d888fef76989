"""The estimation study: hide results on complete boards, estimate them back, compare with the truth.

The seed papers argue for Neuberg, Factor, Ascherman, McKinnon and the Manual
method from first principles. A real event can settle it with data. For every
**complete** board of an event (every line a plain result: no artificial or
assigned score, no fouled groups; N = its number of results) each trial

* ``remove`` mode: hides K of its N results at random, matchpoints the other
  n = N - K among themselves and estimates them to N with each method; or
* ``foul`` mode: splits the board as if it had been fouled after R of its
  results (which R came first is drawn at random: results files do not record
  the order a board was played in, and a barometer plays every board in the
  same round), matchpoints each group alone and estimates each to N, small
  groups getting the set percentages of :mod:`mpxl.core.fouled`;

and compares every estimated line with the same line's matchpoints on the
full board. Errors are in **percentage points** of the board's top, so the
scale (single or double) does not matter: every method is linear in it.

Per method the study reports the RMSE and the bias, the **spread bias** (the
mean error signed away from average: above 0 the method pushes scores too far
from 50%, below 0 it pulls them too close), the error at the top and at the
bottom of the short board, the error by the score's rank on the short board,
and how often each session's winner and top three change when all the
estimated boards replace the real ones at once. A hidden line keeps its real
matchpoints in that session, so only the estimates move the ranking. The
overall bias is zero in expectation for every method (Buchen's check total);
the spread bias is where the methods differ.

Everything is deterministic for a given seed (one ``random.Random(seed)``).

>>> from mpxl.core.event import Event, Line
>>> ev = Event(lines=[Line(1, str(i), str(i + 4), score=s) for i, s in enumerate([420, 400, 170, -50], 1)])
>>> res = study([ev], StudyOptions(remove=1, exhaustive=True))
>>> [(m.method, round(m.rmse, 2)) for m in res.methods]
[('neuberg', 15.38), ('factor', 16.67), ('ascherman', 16.67), ('mckinnon', 16.67), ('manual', 16.67),
 ('ascherman-short', 16.67)]
>>> res.best().method
'neuberg'
"""

from __future__ import annotations

import math
import random
import shlex
import statistics
from bisect import bisect_left, bisect_right
from collections.abc import Callable, Iterable, Sequence
from dataclasses import asdict, dataclass, field
from fractions import Fraction
from itertools import combinations, product
from typing import Any

from .adjustments import Assigned, LineScore, entry_of
from .event import Event, Line, PairKey
from .fouled import small_group_percentage, uses_set_percentages
from .matchpoints import NSScore
from .methods import Method, estimate
from .numbers import whole
from .options import ScoringOptions
from .rules import double_matchpoints, is_blank
from .session import score_event
from .settings import Field, Scale, SmallGroups

__all__ = [
    "StudyOptions",
    "StudyBoard",
    "MethodStats",
    "EventStudy",
    "StudyResult",
    "study",
    "study_boards",
    "hide_and_estimate",
    "parse_k_list",
    "METHODS",
    "MAX_EXHAUSTIVE",
    "MAX_TRIALS",
    "verdict",
    "gap_text",
    "command_line",
    "complete_boards",
    "amount_problem",
]

#: Every method, in the order every report lists them.
METHODS: tuple[Method, ...] = tuple(Method)

#: The most trials an exhaustive study may enumerate.
MAX_EXHAUSTIVE = 200_000

#: The most random trials a study runs: the noise of its figures falls only as 1 / sqrt(trials), and a
#: trial of a 22-table evening takes about 3 ms per K, so 100,000 are already minutes of work.
MAX_TRIALS = 100_000


@dataclass(frozen=True)
class StudyOptions:
    """What to hide and how often.

    Give ``remove`` (K results hidden per board) or ``foul_after`` (R results
    before the foul); ``foul_after`` wins when both are set. ``exhaustive``
    enumerates every choice on every board instead of ``trials`` random ones
    (small events only, for checks by hand). ``methods`` are the methods the
    report keeps (every one is computed; the others are left out of it).

    >>> StudyOptions(foul_after=3).mode, StudyOptions().amount
    ('foul', 1)
    >>> StudyOptions(remove=0)
    Traceback (most recent call last):
    ...
    ValueError: remove 0 must be a whole number of results, at least 1
    >>> StudyOptions(trials=10**9)
    Traceback (most recent call last):
    ...
    ValueError: trials 1,000,000,000 is more than 100,000; the noise of the figures falls only as 1 / sqrt(trials)
    """

    remove: int | None = 1
    foul_after: int | None = None
    trials: int = 200
    seed: int = 0
    small_groups: SmallGroups = SmallGroups.WBF
    exhaustive: bool = False
    bins: int = 10
    methods: tuple[Method, ...] = METHODS

    def __post_init__(self) -> None:
        for name in ("remove", "foul_after"):
            v = getattr(self, name)
            if v is not None and (isinstance(v, bool) or not isinstance(v, int) or v < 1):
                raise ValueError(f"{name} {v!r} must be a whole number of results, at least 1")
        if self.remove is None and self.foul_after is None:
            raise ValueError("give remove (K results to hide) or foul_after (R results before the foul)")
        if isinstance(self.trials, bool) or not isinstance(self.trials, int) or self.trials < 1:
            raise ValueError(f"trials {self.trials!r} must be a whole number, at least 1")
        if self.trials > MAX_TRIALS and not self.exhaustive:
            raise ValueError(f"trials {self.trials:,} is more than {MAX_TRIALS:,}; the noise of the figures falls "
                             "only as 1 / sqrt(trials)")
        if not self.methods or not all(isinstance(m, Method) for m in self.methods):
            raise ValueError(f"methods {self.methods!r} must be one or more Method (Method.find)")
        if not isinstance(self.bins, int) or self.bins < 1:
            raise ValueError(f"bins {self.bins!r} must be a whole number, at least 1")
        if not isinstance(self.small_groups, SmallGroups):
            raise TypeError(f"StudyOptions small_groups {self.small_groups!r} is not a SmallGroups (SmallGroups.find)")

    @property
    def mode(self) -> str:
        """'remove' or 'foul'."""
        return "foul" if self.foul_after is not None else "remove"

    @property
    def amount(self) -> int:
        """K in remove mode, R in foul mode."""
        amount = self.foul_after if self.foul_after is not None else self.remove
        assert amount is not None  # __post_init__ requires one of them
        return amount

    def describe(self) -> str:
        """One line for a report's heading.

        >>> StudyOptions(remove=2, trials=50, seed=7).describe()
        '2 results hidden per board, 50 trials, seed 7'
        """
        what = (
            f"fouled after {self.foul_after} results (small groups: {self.small_groups.value})"
            if self.mode == "foul"
            else f"{self.remove} result{'s' if self.remove != 1 else ''} hidden per board"
        )
        runs = "every choice enumerated" if self.exhaustive else f"{self.trials} trials, seed {self.seed}"
        return f"{what}, {runs}"


@dataclass(frozen=True)
class StudyBoard:
    """A complete board the study can hide results on.

    ``truth`` holds each line's double-scale matchpoints on the full board;
    ``plus`` / ``minus`` the pair keys whose session totals move with (+) or
    against (-) the line's NS matchpoints; ``session_factor`` turns a change of
    the board's matchpoints into a change of the session's (1 on a board with
    the field's full number of results; Neuberg's N/n on a short board).
    """

    event: int
    section: str
    board: int
    scores: tuple[NSScore, ...]
    truth: tuple[int, ...]
    plus: tuple[PairKey, ...]
    minus: tuple[PairKey, ...]
    session_factor: float = 1.0

    @property
    def results(self) -> int:
        """How many results the board has."""
        return len(self.scores)


@dataclass
class MethodStats:
    """One method's errors, in percentage points of the board's top, and its session changes."""

    method: str
    lines: int = 0
    rmse: float = math.nan
    bias: float = math.nan
    spread_bias: float = math.nan
    mean_abs: float = math.nan
    top_bias: float = math.nan
    top_rmse: float = math.nan
    top_lines: int = 0
    bottom_bias: float = math.nan
    bottom_rmse: float = math.nan
    bottom_lines: int = 0
    winner_changed: float = math.nan  # fraction of (trial, ranking) in which the winner changed
    top3_changed: float = math.nan
    rankings: int = 0  # (trial, ranking) pairs counted
    #: [low, high, lines, bias, rmse] per bin of S / top on the short board
    by_rank: list[list[float]] = field(default_factory=list)
    #: its RMSE minus the lowest RMSE of the report's methods (0 for the lowest)
    behind: float = math.nan
    #: the noise of ``behind`` from the random draws: twice its standard error over the trials (about 95%
    #: sure); 0 when every choice was enumerated, NaN for the lowest itself, infinite after one trial
    noise: float = math.nan
    #: the other methods that gave the same estimate as this one on every line
    same_as: list[str] = field(default_factory=list)

    @property
    def label(self) -> str:
        """The method's name as a report writes it (McKinnon, Ascherman-short)."""
        return Method(self.method).label

    def clearly_behind(self) -> bool:
        """Is this method behind the lowest RMSE by more than the noise? (The one rule every report uses.)

        >>> MethodStats("factor", behind=0.10, noise=0.02).clearly_behind()
        True
        >>> MethodStats("factor", behind=0.01, noise=0.05).clearly_behind()
        False
        """
        return not math.isnan(self.behind) and self.behind > 0 and not self.behind <= self.noise


@dataclass
class EventStudy:
    """What the study found on one event."""

    name: str
    boards: int
    results: int
    skipped: list[str]
    rankings: int
    baseline_winners: dict[str, list[str]]
    methods: list[MethodStats]


@dataclass
class StudyResult:
    """A whole study: pooled statistics per method, and the same per event."""

    options: StudyOptions
    trials: int
    boards: int
    methods: list[MethodStats]
    events: list[EventStudy]

    def method(self, method: Method) -> MethodStats:
        """The statistics of one method."""
        return next(m for m in self.methods if m.method == method.value)

    def best(self, metric: str = "rmse") -> MethodStats:
        """The method with the smallest ``metric`` (absolute value for biases)."""

        def size(m: MethodStats) -> float:
            value = float(getattr(m, metric))
            return math.inf if math.isnan(value) else abs(value)

        return min(self.methods, key=size)

    def verdict(self) -> list[str]:
        """:func:`verdict` of the pooled methods: which came closest, by how much, and whether it is noise."""
        return verdict(self.methods, self.trials, self.options.exhaustive)

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready dictionary (NaN and infinity written as None)."""

        def clean(x: Any) -> Any:
            if isinstance(x, float) and not math.isfinite(x):
                return None
            if isinstance(x, dict):
                return {str(k): clean(v) for k, v in x.items()}
            if isinstance(x, (list, tuple)):
                return [clean(v) for v in x]
            return x

        opts = asdict(self.options)
        opts["mode"] = self.options.mode
        opts["small_groups"] = self.options.small_groups.value
        opts["methods"] = [m.value for m in self.options.methods]
        cleaned: dict[str, Any] = clean(
            {
                "options": opts,
                "description": self.options.describe(),
                "verdict": self.verdict(),
                "trials": self.trials,
                "boards": self.boards,
                "methods": [asdict(m) for m in self.methods],
                "events": [asdict(e) for e in self.events],
            }
        )
        return cleaned


def parse_k_list(text: str | int) -> list[int]:
    """Parse ``--remove``: one K (``2``), a list (``1,2,4``) or a range (``1-4``).

    >>> parse_k_list("2"), parse_k_list("1-4"), parse_k_list("3, 1,3")
    ([2], [1, 2, 3, 4], [1, 3])
    >>> parse_k_list("two")
    Traceback (most recent call last):
    ...
    ValueError: 'two' is not a number of results; expected K, K1,K2,... or K1-K2 with K at least 1
    """
    out: set[int] = set()
    try:
        for part in str(text).split(","):
            part = part.strip()
            if "-" in part:
                lo, hi = (whole(x) for x in part.split("-", 1))
                if hi < lo:
                    raise ValueError
                out.update(range(lo, hi + 1))
            else:
                out.add(whole(part))
        if not out or min(out) < 1:
            raise ValueError
    except ValueError:
        raise ValueError(
            f"{text!r} is not a number of results; expected K, K1,K2,... or K1-K2 with K at least 1"
        ) from None
    return sorted(out)


# ---------------------------------------------------------------------------
# the pieces


def _raw(scores: Sequence[NSScore]) -> list[int]:
    """Double-scale matchpoints of each score among ``scores``."""
    ordered = sorted(scores)
    out = []
    for s in scores:
        lo = bisect_left(ordered, s)
        out.append(double_matchpoints(lo, bisect_right(ordered, s) - lo))
    return out


_COEF_CACHE: dict[tuple[int, int], tuple[tuple[float, float], ...]] = {}


def _coefficients(N: int, n: int) -> tuple[tuple[float, float], ...]:
    """(a, b) per method so that the double-scale estimate is a * S + b."""
    key = (N, n)
    if key not in _COEF_CACHE:
        pairs = []
        for m in METHODS:
            b = estimate(Fraction(0), N, n, m, 2)
            a = estimate(Fraction(1), N, n, m, 2) - b if n > 1 else Fraction(0)  # one result: the average
            pairs.append((float(a), float(b)))
        _COEF_CACHE[key] = tuple(pairs)
    return _COEF_CACHE[key]


#: One line of a group: (line index, S, the estimate of each method), double scale.
_Estimates = tuple[int, int, tuple[float, ...]]


def _group_estimates(
    scores: Sequence[NSScore], members: Sequence[int], N: int, sizes: Sequence[int], rule: SmallGroups, fouled: bool
) -> list[_Estimates]:
    """For one group: [(line index, S, (estimate per method))] on the double scale."""
    n = len(members)
    S = _raw([scores[i] for i in members])
    top = 2 * (N - 1)
    if fouled and uses_set_percentages(rule, n, sizes, N):
        out: list[_Estimates] = []
        for i, s in zip(members, S):
            v = float(Scale.DOUBLE.figure(small_group_percentage(Fraction(s), n), top))  # the rulebook's ARTIFICIAL_MP
            out.append((i, s, (v,) * len(METHODS)))
        return out
    coef = _coefficients(N, n)
    return [(i, s, tuple(a * s + b for a, b in coef)) for i, s in zip(members, S)]


def hide_and_estimate(
    scores: Sequence[NSScore],
    hidden: Iterable[int] = (),
    groups: Sequence[Sequence[int]] | None = None,
    small_groups: SmallGroups = SmallGroups.WBF,
) -> list[tuple[int, int, int, dict[str, float]]]:
    """Estimate a complete board's visible lines back to N with each method.

    ``hidden`` are the indices of the results to hide; or ``groups`` splits
    all results into fouled groups (lists of indices). Returns, for each line
    still on the board, ``(index, S, truth, {method: estimate})`` with S, the
    truth and the estimates as double-scale matchpoints (floats).

    The board 420, 400, 170, -50 (truth 6, 4, 2, 0) with -50 hidden: the others
    score 4, 2, 0 among three, and Neuberg gives (S x 4 + 1) / 3:

    >>> rows = hide_and_estimate([420, 400, 170, -50], hidden=[3])
    >>> [(i, s, t, round(e["neuberg"], 3), e["factor"]) for i, s, t, e in rows]
    [(0, 4, 6, 5.667, 6.0), (1, 2, 4, 3.0, 3.0), (2, 0, 2, 0.333, 0.0)]
    """
    N = len(scores)
    truth = _raw(scores)
    rule = small_groups
    if groups is None:
        hide = set(hidden)
        bad = [i for i in hide if not 0 <= i < N]
        if bad:
            raise ValueError(f"hidden line {bad[0]} is not on a board of {N} results")
        members = [[i for i in range(N) if i not in hide]]
        fouled = False
    else:
        members = [list(g) for g in groups if len(g)]
        fouled = len(members) > 1
    sizes = [len(g) for g in members]
    out: list[tuple[int, int, int, dict[str, float]]] = []
    for g in members:
        if not g:
            continue
        for i, s, ests in _group_estimates(scores, g, N, sizes, rule, fouled):
            out.append((i, s, truth[i], {m.value: e for m, e in zip(METHODS, ests)}))
    return sorted(out)


def _plain_score(value: LineScore) -> NSScore | None:
    """The NS score of a line's score (read with the line) that is a plain result, else None."""
    entry = entry_of(value)
    if isinstance(entry, Assigned) and not entry.is_split and not entry.is_weighted:
        return entry.ns[0][1]
    return None


def _board_key_label(section: str, board: int, session: int = 1) -> str:
    return (
        f"board {board}"
        + (f" (section {section})" if section else "")
        + (f" (session {session})" if session != 1 else "")
    )


#: Per pair key: [matchpoints, maximum] of the real session.
Baseline = dict[PairKey, list[float]]
#: Per ranking (section or "" across the field, direction): its pairs' keys.
Rankings = dict[tuple[str, "str | None"], list[PairKey]]


def study_boards(event: Event, index: int = 0) -> tuple[list[StudyBoard], Baseline, Rankings, list[str]]:
    """The event's complete boards, its real session and what was skipped.

    The event is scored by :func:`mpxl.core.session.score_event` with the default
    options (Neuberg to the field's N, exact figures). Returns ``(boards,
    baseline, rankings, skipped)``: the :class:`StudyBoard` list; ``baseline``
    maps each pair key (section, number, direction) to ``[matchpoints,
    maximum]``; ``rankings`` maps each ranking (section, direction) to its
    pair keys; ``skipped`` lists the boards left out and why.

    >>> from mpxl.core.event import Event, Line
    >>> ev = Event(lines=[Line(1, "1", "2", score=420), Line(1, "3", "4", score="A+"), Line(2, "1", "4", score=50)])
    >>> boards, baseline, rankings, skipped = study_boards(ev)
    >>> skipped
    ['board 1: not every line is a plain result', 'board 2: 1 result']
    """
    opts = ScoringOptions()
    result = score_event(event, opts)
    fld = opts.field or event.field_scoring or Field.SECTION

    def two(section: str) -> bool:
        return (opts.winners or (event.winners or {}).get(section) or 1) == 2

    def keys(line: Line) -> tuple[PairKey, PairKey]:
        d = two(line.section)
        return (line.section, str(line.ns_pair), "NS" if d else None), (
            line.section,
            str(line.ew_pair),
            "EW" if d else None,
        )

    baseline: Baseline = {}
    rankings: Rankings = {}
    for pr in result.pairs:
        p = pr.pair
        k = (p.section, str(p.number), p.direction)
        baseline[k] = [float(pr.mp), float(pr.max)]
        rankings.setdefault(("" if fld is Field.EVENT else p.section, p.direction), []).append(k)

    boards: list[StudyBoard] = []
    skipped: list[str] = []
    for sb in result.boards:
        label = _board_key_label(sb.section, sb.board, sb.session)
        real = [sl for sl in sb.lines if sl.kind != "blank"]
        plain = [
            _plain_score(sl.line.score) if sl.kind == "result" and is_blank(sl.line.group) else None
            for sl in real
        ]
        if None in plain:
            skipped.append(f"{label}: not every line is a plain result")
            continue
        if len(real) < 2:
            skipped.append(f"{label}: {len(real)} result{'s' if len(real) != 1 else ''}")
            continue
        n, E = len(real), sb.expected
        factor = 1.0 if n == E else float(estimate(Fraction(1), E, n) - estimate(Fraction(0), E, n))
        scores = tuple(s for s in plain if s is not None)
        plus: list[PairKey] = []
        minus: list[PairKey] = []
        for sl in real:
            ns_key, ew_key = keys(sl.line)
            if sl.line.arrowswitch:
                ns_key, ew_key = ew_key, ns_key
            plus.append(ns_key)
            minus.append(ew_key)
        boards.append(
            StudyBoard(index, sb.section, sb.board, scores, tuple(_raw(scores)), tuple(plus), tuple(minus), factor)
        )
    return boards, baseline, rankings, skipped


def _too_small(N: int, mode: str, K: int) -> str | None:
    """Why a complete board of N results cannot be studied with K hidden (``remove``) or fouled after K
    (``foul``): a short board needs 2 results left to be estimated from, a fouled one a second group; None if
    it can.

    >>> _too_small(8, "remove", 6), _too_small(8, "remove", 7), _too_small(8, "foul", 8)
    (None, '8 results, too few to hide 7 and keep 2', '8 results, not more than 8')
    """
    if mode == "remove" and N - K < 2:
        return f"{N} results, too few to hide {K} and keep 2"
    if mode == "foul" and N <= K:
        return f"{N} results, not more than {K}"
    return None


def complete_boards(events: Sequence[Event]) -> tuple[list[int], list[str]]:
    """(the number of results of each complete board of ``events``, the boards left out and why).

    >>> from mpxl.core.event import Event, Line
    >>> complete_boards([Event(lines=[Line(1, "1", "2", score=420), Line(1, "3", "4", score=400),
    ...                               Line(2, "1", "4", score=50)])])
    ([2], ['board 2: 1 result'])
    """
    sizes: list[int] = []
    skipped: list[str] = []
    for idx, ev in enumerate(events):
        boards, _baseline, _rankings, left = study_boards(ev, idx)
        sizes += [b.results for b in boards]
        skipped += left
    return sizes, skipped


def amount_problem(sizes: Sequence[int], skipped: Sequence[str], mode: str, K: int) -> str | None:
    """Why no complete board (of ``sizes`` results; ``skipped`` the others) can be studied with K results hidden
    (``remove``) or fouled after K (``foul``), in words for the user, with what would work; None if some can.

    >>> amount_problem([3], [], "remove", 2)
    'no complete board has enough results to hide 2 and keep 2 to estimate from: the largest has 3; use --remove 1'
    >>> print(amount_problem([2, 2], [], "remove", 1))
    every complete board has 2 results: hiding one would leave a single result, and a board needs 2 left to be
    estimated
    >>> print(amount_problem([], ["board 1: not every line is a plain result", "board 2: 1 result"], "remove", 1))
    no board can be studied: each needs 2 or more results, all plain (board 1: not every line is a plain result;
    board 2: 1 result)
    """
    if any(_too_small(N, mode, K) is None for N in sizes):
        return None
    if not sizes:
        shown = "; ".join(skipped[:5]) + ("; ..." if len(skipped) > 5 else "")
        return "no board can be studied: each needs 2 or more results, all plain" + (f" ({shown})" if shown else "")
    largest = max(sizes)
    if mode == "foul":
        return (f"no complete board has more than {K} results to split after {K}: the largest has {largest}"
                + (f"; use --foul-after {largest - 1} or less" if largest > 1 else ""))
    if largest - 2 < 1:
        return (f"every complete board has {largest} results: hiding one would leave a single result, and a board "
                "needs 2 left to be estimated")
    fits = f"--remove {largest - 2}" if largest - 2 == 1 else f"--remove {largest - 2} or less"
    return (f"no complete board has enough results to hide {K} and keep 2 to estimate from: the largest has "
            f"{largest}; use {fits}")


def _ranks(
    pcts: dict[PairKey, float], keys: Sequence[PairKey]
) -> tuple[frozenset[PairKey], frozenset[tuple[PairKey, int]]]:
    """(winner set, top three as a frozenset of (key, place)) of one ranking."""
    vals = {k: round(pcts[k], 9) for k in keys}
    neg = sorted(-v for v in vals.values())
    place = {k: 1 + bisect_left(neg, -v) for k, v in vals.items()}
    winners = frozenset(k for k in keys if place[k] == 1)
    top3 = frozenset((k, p) for k, p in place.items() if p <= 3)
    return winners, top3


@dataclass(slots=True)
class _Moments:
    """Count, sum and sum of squares of errors (percentage points)."""

    count: int = 0
    total: float = 0.0
    squares: float = 0.0

    def merge(self, other: _Moments) -> None:
        self.count += other.count
        self.total += other.total
        self.squares += other.squares

    def mean(self) -> float:
        return self.total / self.count if self.count else math.nan

    def rms(self) -> float:
        return math.sqrt(self.squares / self.count) if self.count else math.nan


@dataclass(slots=True)
class _MethodErrors:
    """Running sums of one method's errors on one event (percentage points), and its ranking changes."""

    lines: _Moments = field(default_factory=_Moments)  # every estimated line
    abs_total: float = 0.0  # sum of |error|
    spread: _Moments = field(default_factory=_Moments)  # error signed by the line's side of the average
    top: _Moments = field(default_factory=_Moments)  # the board's top line(s)
    bottom: _Moments = field(default_factory=_Moments)  # the board's bottom line(s)
    bins: list[_Moments] = field(default_factory=list)  # per bin of S / top on the short board
    rankings: int = 0  # (trial, ranking) pairs counted
    winner_changes: int = 0
    top3_changes: int = 0
    trial_squares: list[float] = field(default_factory=list)  # per trial: the sum of its squared errors
    trial_lines: list[int] = field(default_factory=list)  # per trial: its lines

    def end_trial(self, squares: float, lines: int) -> None:
        """Note the squared errors and lines of the trial just ended (the running sums before it began)."""
        self.trial_squares.append(self.lines.squares - squares)
        self.trial_lines.append(self.lines.count - lines)

    def trial_mse(self) -> list[float]:
        """Each trial's mean squared error."""
        return [q / c if c else 0.0 for q, c in zip(self.trial_squares, self.trial_lines)]

    @classmethod
    def new(cls, bins: int) -> _MethodErrors:
        return cls(bins=[_Moments() for _ in range(bins)])

    def merge(self, other: _MethodErrors) -> None:
        self.lines.merge(other.lines)
        self.abs_total += other.abs_total
        self.spread.merge(other.spread)
        for mine, theirs in ((self.top, other.top), (self.bottom, other.bottom), *zip(self.bins, other.bins)):
            mine.merge(theirs)
        self.rankings += other.rankings
        self.winner_changes += other.winner_changes
        self.top3_changes += other.top3_changes
        if not self.trial_squares:
            self.trial_squares = [0.0] * len(other.trial_squares)
            self.trial_lines = [0] * len(other.trial_lines)
        self.trial_squares = [a + b for a, b in zip(self.trial_squares, other.trial_squares)]
        self.trial_lines = [a + b for a, b in zip(self.trial_lines, other.trial_lines)]

    def stats(self, method: str) -> MethodStats:
        nb = len(self.bins)
        lines = self.lines
        return MethodStats(
            method=method,
            lines=lines.count,
            rmse=lines.rms(),
            bias=lines.mean(),
            spread_bias=self.spread.mean(),
            mean_abs=self.abs_total / lines.count if lines.count else math.nan,
            top_bias=self.top.mean(),
            top_rmse=self.top.rms(),
            top_lines=self.top.count,
            bottom_bias=self.bottom.mean(),
            bottom_rmse=self.bottom.rms(),
            bottom_lines=self.bottom.count,
            winner_changed=self.winner_changes / self.rankings if self.rankings else math.nan,
            top3_changed=self.top3_changes / self.rankings if self.rankings else math.nan,
            rankings=self.rankings,
            by_rank=[[round(b / nb, 6), round((b + 1) / nb, 6), m.count, m.mean(), m.rms()]
                     for b, m in enumerate(self.bins)],
        )


def _event_name(event: Event, index: int) -> str:
    return event.title or event.source or f"event {index + 1}"


#: Per ranking: its (winner set, top three) on the real session.
_BaseRanks = dict[tuple[str, "str | None"], tuple[frozenset[PairKey], frozenset[tuple[PairKey, int]]]]


@dataclass
class _EventBaseline:
    """One event as the study starts from it: its real session and the boards it can use."""

    name: str
    baseline: Baseline
    rankings: Rankings
    base_ranks: _BaseRanks
    usable: list[StudyBoard]
    skipped: list[str]


def _baselines(events: Sequence[Event], opts: StudyOptions) -> list[_EventBaseline]:
    """Each event's real session, and its boards with enough results for the options (the others
    listed as skipped, with the reason)."""
    K = opts.amount
    out = []
    for idx, ev in enumerate(events):
        boards, baseline, rankings, skipped = study_boards(ev, idx)
        usable = []
        for b in boards:
            why = _too_small(b.results, opts.mode, K)
            if why:
                skipped.append(f"{_board_key_label(b.section, b.board)}: {why}")
            else:
                usable.append(b)
        pcts = {k: v[0] / v[1] if v[1] else 0.0 for k, v in baseline.items()}
        base_ranks = {r: _ranks(pcts, keys) for r, keys in rankings.items()}
        out.append(_EventBaseline(_event_name(ev, idx), baseline, rankings, base_ranks, usable, skipped))
    return out


def _choices(boards: list[StudyBoard], opts: StudyOptions) -> tuple[Iterable[Sequence[Sequence[int]]], int]:
    """(every trial's choice of K results on every board, the number of trials): all of them when
    the study is exhaustive, else ``opts.trials`` random ones (seeded)."""
    K = opts.amount
    if opts.exhaustive:
        choices_per_board = [list(combinations(range(b.results), K)) for b in boards]
        total = 1
        for c in choices_per_board:
            total *= len(c)
            if total > MAX_EXHAUSTIVE:
                raise ValueError(f"an exhaustive study would need more than {MAX_EXHAUSTIVE} trials; use random trials")
        return product(*choices_per_board), total
    rng = random.Random(opts.seed)
    trials = (tuple(rng.sample(range(b.results), K) for b in boards) for _ in range(opts.trials))
    return trials, opts.trials


def _estimate_board(
    b: StudyBoard, chosen: Sequence[int], opts: StudyOptions, errors: list[_MethodErrors],
    deltas: list[dict[PairKey, float]],
) -> None:
    """One board of one trial: hide (or foul after) the ``chosen`` results, estimate the rest with
    each method, and add each line's error to ``errors`` and its change of matchpoints to the
    pairs' ``deltas`` (one per method)."""
    N = b.results
    first = set(chosen)
    if opts.mode == "remove":
        groups = [[i for i in range(N) if i not in first]]
    else:
        groups = [sorted(first), [i for i in range(N) if i not in first]]
    fouled = len(groups) > 1
    sizes = [len(g) for g in groups]
    to_pp = 100.0 / (2 * (N - 1))
    nb = opts.bins
    for g in groups:
        n = len(g)
        rows = _group_estimates(b.scores, g, N, sizes, opts.small_groups, fouled)
        if n > 1:
            smax = max(r[1] for r in rows)
            smin = min(r[1] for r in rows)
            mid = n - 1
        for i, s, ests in rows:
            t = b.truth[i]
            if n > 1:
                q = s / (2 * (n - 1))
                sign = (s > mid) - (s < mid)
                at_top = s == smax and smax != smin
                at_bot = s == smin and smax != smin
            else:
                q, sign, at_top, at_bot = 0.5, 0, False, False
            bin_ = min(int(q * nb), nb - 1)
            pk, mk = b.plus[i], b.minus[i]
            for j, est in enumerate(ests):
                d = est - t
                e = d * to_pp
                acc = errors[j]
                moments = acc.lines
                moments.count += 1
                moments.total += e
                moments.squares += e * e
                acc.abs_total += abs(e)
                if sign:
                    acc.spread.count += 1
                    acc.spread.total += sign * e
                if at_top:
                    moments = acc.top
                    moments.count += 1
                    moments.total += e
                    moments.squares += e * e
                if at_bot:
                    moments = acc.bottom
                    moments.count += 1
                    moments.total += e
                    moments.squares += e * e
                moments = acc.bins[bin_]
                moments.count += 1
                moments.total += e
                moments.squares += e * e
                if d:
                    dd = deltas[j]
                    ds = d * b.session_factor
                    dd[pk] = dd.get(pk, 0.0) + ds
                    dd[mk] = dd.get(mk, 0.0) - ds


def _count_ranking_changes(
    base: _EventBaseline, errors: list[_MethodErrors], deltas: list[dict[PairKey, float]]
) -> None:
    """For each method, whether the trial's estimates changed each ranking's winner and top three."""
    for acc, dd in zip(errors, deltas):
        pcts = {k: (v[0] + dd.get(k, 0.0)) / v[1] if v[1] else 0.0 for k, v in base.baseline.items()}
        for r, keys in base.rankings.items():
            win, top3 = _ranks(pcts, keys)
            acc.rankings += 1
            acc.winner_changes += win != base.base_ranks[r][0]
            acc.top3_changes += top3 != base.base_ranks[r][1]


def _same_estimates(boards: Sequence[StudyBoard], opts: StudyOptions) -> Callable[[int, int], bool]:
    """same(i, j): do methods METHODS[i] and METHODS[j] give the same estimate on every line of ``boards``?
    (Their estimates are equal lines a * S + b on every board shape the study makes; a fouled group that gets
    set percentages is the same for every method.)"""
    K = opts.amount
    shapes: set[tuple[int, int]] = set()
    for b in boards:
        N = b.results
        sizes = [N - K] if opts.mode == "remove" else [K, N - K]
        for n in sizes:
            if opts.mode == "remove" or not uses_set_percentages(opts.small_groups, n, sizes, N):
                shapes.add((N, n))
    coefs = [_coefficients(N, n) for N, n in sorted(shapes)]
    return lambda i, j: all(c[i] == c[j] for c in coefs)


def _noise(mine: Sequence[float], best: Sequence[float], rmse_sum: float) -> float:
    """Twice the standard error of (my RMSE - the best's) from the trials' paired mean squared errors: the
    difference of RMSEs is the difference of MSEs over the sum of RMSEs, and the trials are independent draws.

    >>> round(_noise([4.0, 6.0, 5.0, 5.0], [3.0, 4.0, 4.0, 3.0], 4.0), 4)  # differences 1, 2, 1, 2
    0.1443
    >>> _noise([4.0], [3.0], 4.0)  # one trial: no spread to measure
    inf
    """
    if len(mine) < 2:
        return math.inf
    diffs = [a - b for a, b in zip(mine, best)]
    return 2 * statistics.stdev(diffs) / math.sqrt(len(diffs)) / rmse_sum if rmse_sum > 0 else 0.0


def _compare(accs: Sequence[_MethodErrors], opts: StudyOptions, same: Callable[[int, int], bool]) -> list[MethodStats]:
    """The statistics of the report's methods, each with how far it is behind the lowest RMSE and the noise of
    that gap (0 when every choice was enumerated, or for a method giving the same estimates as the best)."""
    keep = [i for i, m in enumerate(METHODS) if m in opts.methods]
    stats = {i: accs[i].stats(METHODS[i].value) for i in keep}
    best = min(keep, key=lambda i: math.inf if math.isnan(stats[i].rmse) else stats[i].rmse)
    for i in keep:
        ms = stats[i]
        ms.same_as = [METHODS[j].value for j in keep if j != i and same(i, j)]
        ms.behind = ms.rmse - stats[best].rmse
        if i == best:
            ms.noise = math.nan
        elif opts.exhaustive or same(i, best):
            ms.noise = 0.0
        else:
            ms.noise = _noise(accs[i].trial_mse(), accs[best].trial_mse(), ms.rmse + stats[best].rmse)
    return [stats[i] for i in keep]


def _names(labels: Sequence[str]) -> str:
    """'A', 'A and B', 'A, B and C'."""
    return labels[0] if len(labels) == 1 else ", ".join(labels[:-1]) + " and " + labels[-1]


def gap_text(ms: MethodStats) -> tuple[str, str]:
    """(how far behind, its noise) as every report writes them: to 2 decimals, or as many more (up to 4) as it
    takes for a noise that is not 0 to show, and for the two not to look equal. '' for a figure not made, the
    noise 'unknown' after one trial, 'exact' when every choice was enumerated, '' for the best and its twins.

    >>> gap_text(MethodStats("factor", behind=0.0512, noise=0.0043))
    ('0.051', '±0.004')
    >>> gap_text(MethodStats("neuberg", behind=0.0)), gap_text(MethodStats("manual", behind=1.5, noise=math.inf))
    (('0.00', ''), ('1.50', 'unknown'))
    """
    behind, noise = ms.behind, ms.noise
    if math.isnan(behind):
        return "", ""
    digits = 2
    if math.isfinite(noise) and noise > 0:
        while digits < 4 and (round(noise, digits) == 0 or round(behind, digits) == round(noise, digits)):
            digits += 1
    noise_text = ("" if math.isnan(noise) or behind == noise == 0 else "unknown" if math.isinf(noise)
                  else "exact" if noise == 0 else f"±{noise:.{digits}f}")
    return f"{behind:.{digits}f}", noise_text


def verdict(methods: Sequence[MethodStats], trials: int, exhaustive: bool = False) -> list[str]:
    """Which method came closest, by how much, and whether that is more than the noise of the trials, in words.

    A method is behind only when its gap to the lowest RMSE is larger than the gap's noise
    (:meth:`MethodStats.clearly_behind`); otherwise it is level with the lowest. Methods that gave the same
    estimate on every line are named together.

    >>> ms = [MethodStats("neuberg", rmse=6.11, behind=0.0), MethodStats("factor", rmse=6.21, behind=0.10, noise=0.02),
    ...       MethodStats("ascherman", rmse=6.13, behind=0.02, noise=0.05)]
    >>> print(" ".join(verdict(ms, 200)))
    Neuberg had the lowest RMSE (6.11 points), but Ascherman is level with it: 0.02 points further off, within the
    noise of 200 trials (±0.05). On these boards they cannot be told apart; more trials (--trials) would tell them
    apart if they differ at all. Clearly behind: Factor by 0.10 points (noise ±0.02).
    """
    if not methods:
        return []
    units: list[list[MethodStats]] = []  # methods with the same estimates, together, in the order of their RMSE
    for m in sorted(methods, key=lambda m: math.inf if math.isnan(m.rmse) else m.rmse):
        for unit in units:
            if m.method in unit[0].same_as:
                unit.append(m)
                break
        else:
            units.append([m])
    best = units[0][0]
    if math.isnan(best.rmse):
        return ["No line was estimated."]

    def name(unit: list[MethodStats]) -> str:
        return _names([m.label for m in unit])

    level = [u for u in units[1:] if not u[0].clearly_behind()]
    behind = [u for u in units[1:] if u[0].clearly_behind()]
    noise_of = ("every choice enumerated, so no noise from random draws" if exhaustive
                else f"the noise of {trials} trials")
    out: list[str] = []
    if not level:
        out.append(f"{name(units[0])} came closest: {'their' if len(units[0]) > 1 else 'its'} estimates were "
                   f"{best.rmse:.2f} percentage points off the real matchpoints on a typical line (RMSE).")
        if behind:
            nxt = behind.pop(0)[0]
            gap, noise = gap_text(nxt)
            what = ("exact for these boards" if exhaustive else
                    f"more than the noise of {trials} trials ({noise}), so not the luck of the draws")
            out.append(f"The next best, {name(units[1])}, {'was' if len(units[1]) == 1 else 'were'} "
                       f"{gap} points further off: {what}.")
    else:
        if len(level) == 1:
            gap = f"{gap_text(level[0][0])[0]} points further off, within {noise_of} ({gap_text(level[0][0])[1]})"
        else:
            gap = f"within {noise_of} (" + "; ".join(
                "{} {} further off, noise {}".format(name(u), *gap_text(u[0])) for u in level) + ")"
        one = len(level) == 1 and len(level[0]) == 1
        out.append(f"{name(units[0])} had the lowest RMSE ({best.rmse:.2f} points), but "
                   f"{_names([name(u) for u in level])} {'is' if one else 'are'} level with "
                   f"{'it' if len(units[0]) == 1 else 'them'}: {gap}.")
        out.append("On these boards they cannot be told apart; more trials (--trials) would tell them apart if they "
                   "differ at all.")
    if behind:
        out.append("Clearly behind: " + "; ".join(
            f"{name(u)} by {gap_text(u[0])[0]} points" + ("" if exhaustive else f" (noise {gap_text(u[0])[1]})")
            for u in behind) + ".")
    same = [name(u) for u in units if len(u) > 1]
    if same:
        out.append("The same estimate on every line here, their k being equal on these boards: "
                   + "; ".join(same) + ".")
    return out


def _amounts_text(amounts: Sequence[int]) -> str:
    """'2', '1-3' or '1,2,4', as --remove takes them.

    >>> _amounts_text([1, 2, 3]), _amounts_text([1, 2, 4]), _amounts_text([2])
    ('1-3', '1,2,4', '2')
    """
    if len(amounts) > 2 and list(amounts) == list(range(amounts[0], amounts[-1] + 1)):
        return f"{amounts[0]}-{amounts[-1]}"
    return ",".join(str(a) for a in amounts)


def command_line(results: Sequence[StudyResult], inputs: Sequence[object] = ()) -> str:
    """The ``mpxl study`` command that gives the same figures again (the seed included).

    >>> command_line([StudyResult(StudyOptions(remove=k, seed=3), 200, 1, [], []) for k in (1, 2, 3)], ["a b.xml"])
    "mpxl study 'a b.xml' --remove 1-3 --trials 200 --seed 3"
    """
    if not results:
        return "mpxl study"
    first = results[0].options
    parts = ["mpxl study", *(shlex.quote(str(i)) for i in inputs),
             "--foul-after" if first.mode == "foul" else "--remove",
             _amounts_text([r.options.amount for r in results])]
    if not first.exhaustive:
        parts += ["--trials", str(first.trials), "--seed", str(first.seed)]
    if first.mode == "foul" and first.small_groups is not SmallGroups.WBF:
        parts += ["--small-groups", first.small_groups.value]
    if tuple(first.methods) != METHODS:
        parts += ["--methods", ",".join(m.value for m in first.methods)]
    return " ".join(parts)


def study(
    events: Sequence[Event], options: StudyOptions = StudyOptions(), progress: Callable[[int], object] | None = None
) -> StudyResult:
    """Run the study on ``events``; ``progress(1)`` is called after each trial.

    Boards too small for the options (fewer than K + 2 results, or not more
    than R) are skipped and listed per event.

    >>> from mpxl.core.event import Event, Line
    >>> ev = Event(lines=[Line(b, str(i), str(i + 10), score=s * b)
    ...                   for b in (1, 2) for i, s in enumerate([420, 400, 170, -50, 90], 1)])
    >>> a = study([ev], StudyOptions(remove=2, trials=30, seed=5))
    >>> b = study([ev], StudyOptions(remove=2, trials=30, seed=5))
    >>> a.to_dict() == b.to_dict(), a.boards, a.method(Method.NEUBERG).lines
    (True, 2, 180)
    """
    bases = _baselines(events, options)
    all_boards = [b for base in bases for b in base.usable]
    trials, n_trials = _choices(all_boards, options)
    errors = [[_MethodErrors.new(options.bins) for _ in METHODS] for _ in events]
    for choice in trials:
        deltas: list[list[dict[PairKey, float]]] = [[{} for _ in METHODS] for _ in events]
        before = [[(acc.lines.squares, acc.lines.count) for acc in ev_errors] for ev_errors in errors]
        for b, chosen in zip(all_boards, choice):
            _estimate_board(b, chosen, options, errors[b.event], deltas[b.event])
        for ev_errors, ev_before in zip(errors, before):
            for acc, (squares, lines) in zip(ev_errors, ev_before):
                acc.end_trial(squares, lines)
        for base, ev_errors, ev_deltas in zip(bases, errors, deltas):
            _count_ranking_changes(base, ev_errors, ev_deltas)
        if progress is not None:
            progress(1)

    pooled = [_MethodErrors.new(options.bins) for _ in METHODS]
    event_studies = []
    for base, ev_errors in zip(bases, errors):
        for mine, theirs in zip(pooled, ev_errors):
            mine.merge(theirs)
        event_studies.append(
            EventStudy(
                name=base.name,
                boards=len(base.usable),
                results=sum(b.results for b in base.usable),
                skipped=base.skipped,
                rankings=len(base.rankings),
                baseline_winners={
                    " ".join(x for x in (r[0], r[1] or "") if x) or "all": sorted(k[1] for k in base.base_ranks[r][0])
                    for r in sorted(base.rankings, key=str)
                },
                methods=_compare(ev_errors, options, _same_estimates(base.usable, options)),
            )
        )
    return StudyResult(
        options=options,
        trials=n_trials,
        boards=len(all_boards),
        methods=_compare(pooled, options, _same_estimates(all_boards, options)),
        events=event_studies,
    )
