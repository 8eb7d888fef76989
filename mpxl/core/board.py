"""Score one board in one call: its traveller lines in, NS and EW matchpoints out.

Each line's entry is what the scorer typed (see :mod:`mpxl.core.adjustments`): a score,
a weighted or split score, an artificial score, or blank. The board is worth the
same as a full board of ``expected`` results (N):

1. real results are matchpointed among themselves, group by group on a fouled
   board, in NS's view and (for split scores) in EW's view;
2. each group's matchpoints are estimated to N by the method, unless the board
   is full (n = N) or a fouled group is small enough for set percentages;
3. artificial scores get their percentages of the full top, scale x (N - 1);
4. arrowswitched lines swap NS and EW; procedural penalties come off last.

>>> from mpxl.core.rounding import Rounding
>>> r = score_board([-130, -660, -120, 200, -600, "AVE", 100, 140, -150])
>>> [float(Rounding.parse(2).apply(x)) for x in r.ns_mp]      # the slides' Avg/Avg screen
[6.88, 0.13, 9.13, 15.88, 2.38, 8.0, 11.38, 13.63, 4.63]
>>> r.top, r.expected, r.actual
(16, 9, 8)
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from functools import lru_cache
from math import lcm
from typing import TypedDict, TypeVar, cast

from .adjustments import Artificial, Assigned, Entry, Mixed, parse_entry, read_penalty
from .fouled import small_group_percentage, uses_set_percentages
from .matchpoints import Components, NSScore, raw_matchpoints, weighted_matchpoints
from .methods import Method, check_counts, estimate, k_value
from .rules import ESTIMATE_LINE, LONE_RESULT_PERCENTAGE, double_matchpoints, is_blank
from .settings import LoneResult, MixedLine, Scale, SmallGroups

#: A percentage of a board's top in the board's own arithmetic (not centred): the rulebook's
#: ARTIFICIAL_MP, through :meth:`Scale.figure` (the signed shift is the session's, after).
_share = Scale.DOUBLE.figure

__all__ = ["LineResult", "BoardResult", "score_board", "plain_board", "plain_score_figures", "parse_penalty"]

T = TypeVar("T")


@dataclass(frozen=True)
class LineResult:
    """One traveller line's matchpoints (exact Fractions; None on a blank line)."""

    ns_mp: Fraction | None
    ew_mp: Fraction | None
    kind: str  # "result", "artificial" or "blank"
    group: str = ""
    ns_ave: str | None = None  # 'plus' / 'ave' / 'minus' for the Ave+/Ave- session rule
    ew_ave: str | None = None
    set_percentage: bool = False  # a small fouled group's set percentage
    arrowswitch: bool = False


class BoardRules(TypedDict, total=False):
    """The conventions :func:`score_board` takes as keywords, as a session's options set them
    (:meth:`mpxl.core.options.ScoringOptions.board_rules`: each setting's declaration says what it sets here)."""

    method: Method
    scale: int
    small_groups: SmallGroups
    own_top: bool
    lone_result: LoneResult
    mixed_line: MixedLine


@dataclass(frozen=True)
class BoardResult:
    """A scored board: its lines, N (expected), n (real results) and top."""

    lines: tuple[LineResult, ...]
    expected: int
    actual: int
    scale: int
    method: Method
    groups: dict[str, int] = field(default_factory=dict)  # group label -> number of results

    @property
    def top(self) -> int:
        """The board's top: scale x (N - 1)."""
        return self.scale * (self.expected - 1)

    @property
    def ns_mp(self) -> list[Fraction | None]:
        """Each line's NS matchpoints (None for a line with no result)."""
        return [ln.ns_mp for ln in self.lines]

    @property
    def ew_mp(self) -> list[Fraction | None]:
        """Each line's EW matchpoints (None for a line with no result)."""
        return [ln.ew_mp for ln in self.lines]

    @property
    def check_total(self) -> tuple[Fraction, Fraction]:
        """The sums of the NS and of the EW matchpoints."""
        return (
            sum((x for x in self.ns_mp if x is not None), Fraction(0)),
            sum((x for x in self.ew_mp if x is not None), Fraction(0)),
        )


def parse_penalty(value: object, top: int) -> Fraction:
    """A procedural penalty in matchpoints (``2``) or as a percentage of top (``10%``), read
    (:func:`mpxl.core.adjustments.read_penalty`; a line's is read already) on a board whose top is ``top``.

    >>> parse_penalty("25%", 16), parse_penalty(1.5, 16), parse_penalty(None, 16)
    (Fraction(4, 1), Fraction(3, 2), Fraction(0, 1))
    """
    penalty = read_penalty(value)
    return Fraction(0) if penalty is None else penalty.of(top)


def _group_mp(views: list[Components], scale: int) -> Sequence[int | Fraction | None]:
    if all(len(v) == 1 and v[0][0] == 1 for v in views):
        return raw_matchpoints([v[0][1] for v in views], scale)
    return weighted_matchpoints(views, scale)


def score_board(
    entries: Sequence[object],
    expected: int | None = None,
    method: Method = Method.NEUBERG,
    scale: int = 2,
    groups: Sequence[object] | None = None,
    arrowswitch: Sequence[object] | None = None,
    small_groups: SmallGroups = SmallGroups.WBF,
    penalties: Sequence[object] | None = None,
    *,
    own_top: bool = False,
    lone_result: LoneResult = LoneResult.AVERAGE,
    mixed_line: MixedLine = MixedLine.BOTH,
) -> BoardResult:
    """Score a board's lines; ``expected`` defaults to the lines that are not blank.

    A line not played (``NP``, ``sitout``... :data:`mpxl.core.rules.NOT_PLAYED_CODES`) gets no
    matchpoints and is not a result, but it counts towards N, as ``mpxl score`` counts it.

    ``groups`` labels each line's fouled group (blank = the board's one group);
    ``arrowswitch`` flags lines played the other way round; ``penalties`` holds
    per line an (NS, EW) pair of procedural penalties; ``small_groups`` is the
    fouled-board rule of :mod:`mpxl.core.fouled`. With ``own_top`` the board is worth its real
    results alone (N = n, ``expected`` ignored): nothing is estimated and an artificial score is
    its percentage of that smaller top. ``lone_result`` ``ave-plus`` gives the one real result of
    a board whose other lines are all artificial scores 60% to both sides (ACBLscore). ``mixed_line``
    says which fields a mixed line's real result stands in: ``both`` (Ruter) or ``own`` (only its own
    side's: the other side's field is one result short, estimated to N).

    >>> [float(x) for x in score_board([420, 400, 450, "A+"], own_top=True).ns_mp]  # top 4: A+ is 60% of 4
    [2.0, 0.0, 4.0, 2.4]
    >>> [float(x) for x in score_board([420, "A+", "A+"], lone_result=LoneResult.AVE_PLUS).ew_mp]
    [2.4, 1.6, 1.6]
    >>> [str(x) for x in score_board([400, 420, "A+|450"]).ns_mp]  # 450 in NS's field too: 400 beats none
    ['0', '2', '12/5']
    >>> [str(x) for x in score_board([400, 420, "A+|450"], mixed_line=MixedLine.OWN).ns_mp]  # 2 results to 3
    ['1/2', '7/2', '12/5']

    >>> r = score_board([-130, -660, -120, -200, 600, -100, -100, 140, -150],
    ...                 method=Method.MANUAL, groups="AAABBBBAA", small_groups=SmallGroups.NONE)
    >>> [int(x) for x in r.ns_mp]                  # the slides' fouled board
    [8, 4, 10, 5, 11, 8, 8, 12, 6]
    """
    if scale not in (1, 2):
        raise ValueError(f"scale {scale!r} must be 1 (single) or 2 (double)")
    parsed = _parse_entries(entries)
    count = len(parsed)
    labels = _per_line(groups, count, "groups", "")
    switched = [bool(x) for x in _per_line(arrowswitch, count, "arrowswitch", False)]
    pens = _per_line(penalties, count, "penalties", None)

    real = [i for i, e in enumerate(parsed) if isinstance(e, (Assigned, Mixed))]
    N = _board_size(entries, expected, len(real), own_top)
    top = scale * (N - 1)
    members = _group_members(real, labels)
    # the one real result of a board whose other lines are artificial scores (ACBLscore: 60% to both)
    # (every other line of it that is not blank or not played is one: a line is a result or artificial)
    lone = lone_result is LoneResult.AVE_PLUS and len(real) == 1 and any(isinstance(e, Artificial) for e in parsed)
    both = mixed_line is MixedLine.BOTH
    ns, ew, set_pct = _result_figures(parsed, members, N, method, scale, small_groups, own_top=own_top, lone=lone,
                                      both=both)
    lines = _line_results(parsed, ns, ew, set_pct, labels, switched, pens, top)
    # n: the real results; a mixed line's is one where it stands in both sides' fields, else the board is short
    actual = len(real) if both else sum(1 for i in real if isinstance(parsed[i], Assigned))
    return BoardResult(tuple(lines), N, actual, scale, method, {k: len(v) for k, v in members.items()})


def one_result_beside_artificial(kinds: Sequence[str]) -> bool:
    """Does a board hold one real result and, on other lines, artificial scores (its lines' kinds, as
    :mod:`mpxl.core.scorer` names them: ``result``, ``artificial``, ``blank``...)? Where the lone-result rule
    applies (the inference tries the rule's values only on an event that holds such a board).

    >>> one_result_beside_artificial(["result", "artificial", "artificial"]), one_result_beside_artificial(["result"])
    (True, False)
    """
    return kinds.count("result") + kinds.count("mixed") == 1 and "artificial" in kinds


def holds_mixed_line(kinds: Sequence[str]) -> bool:
    """Does a board hold a mixed line (its lines' kinds, a mixed line's ``mixed``)? Where the mixed-line
    rule applies (the inference tries its values only on an event that holds one).

    >>> holds_mixed_line(["result", "mixed"]), holds_mixed_line(["result", "artificial"])
    (True, False)
    """
    return "mixed" in kinds


def _parse_entries(entries: Sequence[object]) -> list[Entry]:
    """Each line's entry parsed (:func:`mpxl.core.adjustments.parse_entry`); a bad one named by its row.

    >>> _parse_entries([420, None])
    [Assigned(ns=((Fraction(1, 1), 420),), ew=((Fraction(1, 1), 420),)), None]
    >>> _parse_entries([420, "abc"])
    Traceback (most recent call last):
    ...
    ValueError: row 2: 'abc' is not a score; ...
    """
    parsed: list[Entry] = []
    for row, value in enumerate(entries, 1):
        try:
            parsed.append(parse_entry(value))
        except ValueError as exc:
            raise ValueError(f"row {row}: {exc}") from None
    return parsed


def _board_size(entries: Sequence[object], expected: object, results: int, own_top: bool) -> int:
    """N, the results the board is worth: ``expected``, or the lines that are not blank, or (with
    ``own_top``) its ``results`` alone; checked against the lines that are not blank.

    >>> _board_size([420, None, "NP"], None, 1, False), _board_size([420, None], 5.0, 1, False)
    (2, 5)
    >>> _board_size([420, "A+", "A+"], 9, 1, True), _board_size([None], None, 0, False)
    (1, 1)
    """
    n_lines = sum(not is_blank(v) for v in entries)  # results, artificial scores and not-played lines
    N: object = n_lines if expected is None else expected
    if own_top:  # the board worth its real results alone: other lines count neither in n nor in N
        N = n_lines = max(results, 1)
    if isinstance(N, float) and N.is_integer():
        N = int(N)
    if isinstance(N, bool) or not isinstance(N, int) or N < 1:
        if n_lines == 0 and expected is None:
            N = 1
        else:
            raise ValueError(f"expected {expected!r} must be a whole number of results, at least 1")
    check_counts(N, n_lines, 0)
    return N


def _group_members(real: list[int], labels: Sequence[object]) -> dict[str, list[int]]:
    """The real results' line indexes by fouled group: the label in any case, white space around
    ignored (as the sheet's Group key reads it).

    >>> _group_members([0, 1, 3], ["a", " A", "B", None])
    {'A': [0, 1], '': [3]}
    """
    members: dict[str, list[int]] = {}
    for i in real:
        members.setdefault(str(labels[i] if labels[i] is not None else "").strip().upper(), []).append(i)
    return members


def _result_figures(
    parsed: list[Entry],
    members: dict[str, list[int]],
    N: int,
    method: Method,
    scale: int,
    small_groups: SmallGroups,
    *,
    own_top: bool,
    lone: bool,
    both: bool = True,
) -> tuple[list[Fraction | None], list[Fraction | None], list[bool]]:
    """Steps 1-2: the real results' NS and EW matchpoints, group by group, each estimated to N (or
    a small fouled group's set percentage, or the lone result's percentage); with per line whether
    it got a set percentage. Lines that are not real results stay None; with ``both`` a mixed line's real
    result stands in both sides' fields, else only in its own side's.

    >>> _result_figures(_parse_entries([420, 400, None]), {"": [0, 1]}, 3, Method.NEUBERG, 2,
    ...                 SmallGroups.WBF, own_top=False, lone=False)
    ([Fraction(7, 2), Fraction(1, 2), None], [Fraction(1, 2), Fraction(7, 2), None], [False, False, False])
    """
    count = len(parsed)
    top = scale * (N - 1)
    # the rules read only the largest group: one number, not every group's size per group (100,000 groups)
    sizes = (max((len(m) for m in members.values()), default=0),)
    fouled = len(members) > 1
    ns: list[Fraction | None] = [None] * count
    ew: list[Fraction | None] = [None] * count
    set_pct = [False] * count
    for group in members.values():
        for side, out in (("ns", ns), ("ew", ew)):
            # a mixed line's result stands in both sides' fields (Ruter's real files): the side given
            # an artificial score is compared with it too, and its own figure is then replaced (below);
            # else (own) only in the field of the side that keeps it
            idxs = group if both else [i for i in group if not isinstance(getattr(parsed[i], side), Fraction)]
            n = len(idxs)
            small = fouled and uses_set_percentages(small_groups, n, sizes, N)
            raw = _group_mp([_result_of(parsed[i], side) for i in idxs], scale)
            for i, S in zip(idxs, raw):
                assert S is not None  # every line of a group has a result
                if side == "ew":
                    S = scale * (n - 1) - S  # EW's own matchpoints in EW's view
                if small:
                    out[i] = _share(small_group_percentage(Fraction(S) * 2 / scale, n), top)
                    set_pct[i] = True
                elif lone:
                    out[i] = _share(LONE_RESULT_PERCENTAGE, top)
                elif n == N and not fouled and (own_top or not method.full_boards):
                    out[i] = Fraction(S)
                else:
                    out[i] = estimate(Fraction(S), N, n, method, scale)
    return ns, ew, set_pct


def _line_results(
    parsed: list[Entry],
    ns: list[Fraction | None],
    ew: list[Fraction | None],
    set_pct: list[bool],
    labels: Sequence[object],
    switched: list[bool],
    pens: Sequence[object],
    top: int,
) -> list[LineResult]:
    """Steps 3-4: each line's result, its artificial scores' percentages of the full ``top`` put in,
    arrowswitched lines swapped, procedural penalties taken off (here 1 off NS's A+).

    >>> p = _parse_entries([420, "A+"])
    >>> [(ln.ns_mp, ln.ew_mp, ln.kind) for ln in _line_results(p, [Fraction(1), None], [Fraction(0), None],
    ...  [False, False], ["", ""], [True, False], [None, "1"], 2)]
    [(Fraction(0, 1), Fraction(1, 1), 'result'), (Fraction(1, 5), Fraction(4, 5), 'artificial')]
    """
    lines: list[LineResult] = []
    for i, e in enumerate(parsed):
        ns_ave = ew_ave = None
        kind = "blank" if e is None else "result"
        if isinstance(e, Artificial):
            kind = "artificial"
            ns[i], ew[i] = _share(e.ns, top), _share(e.ew, top)
            ns_ave, ew_ave = e.ns_kind, e.ew_kind
        elif isinstance(e, Mixed):  # the artificial side's percentage of the top; the other side scored above
            ns_ave, ew_ave = e.ns_kind, e.ew_kind
            if isinstance(e.ns, Fraction):
                ns[i] = _share(e.ns, top)
            if isinstance(e.ew, Fraction):
                ew[i] = _share(e.ew, top)
        a, b = ns[i], ew[i]
        if switched[i]:
            a, b = b, a
            ns_ave, ew_ave = ew_ave, ns_ave
        if pens[i] is not None and a is not None and b is not None:
            p_ns, p_ew = _penalty_pair(pens[i], top, i + 1)
            a, b = a - p_ns, b - p_ew
        lines.append(
            LineResult(
                a, b, kind, str(labels[i] or "") if kind == "result" else "", ns_ave, ew_ave, set_pct[i], switched[i]
            )
        )
    return lines


def _result_of(entry: Entry, side: str) -> Components:
    """The result a line stands with in ``side``'s field: that side's own, or, on a mixed line where
    that side was given an artificial score, the result the other side keeps.

    >>> _result_of(parse_entry("A=|0"), "ns"), _result_of(parse_entry("A=|0"), "ew")
    (((Fraction(1, 1), 0),), ((Fraction(1, 1), 0),))
    """
    assert isinstance(entry, (Assigned, Mixed)), entry  # a line with a result
    own, other = (entry.ns, entry.ew) if side == "ns" else (entry.ew, entry.ns)
    result = other if isinstance(own, Fraction) else own
    assert not isinstance(result, Fraction)  # a mixed line keeps a result on one side
    return result


@lru_cache(maxsize=4096)
def _linear(N: int, n: int, method: Method, scale: int) -> tuple[int, int, int]:
    """(A, B, D) with the estimate of double-scale raw S2 equal to (A*S2 + B)/D.

    Derived from the rulebook's :data:`~mpxl.core.rules.ESTIMATE_LINE`, which is linear in S (as
    ``study._coefficients`` is): B/D is its value at S2 = 0 and A/D what one more S2 adds.

    >>> _linear(9, 8, Method.NEUBERG, 2), _linear(9, 1, Method.NEUBERG, 2), _linear(4, 4, Method.NEUBERG, 1)
    ((9, 1, 8), (0, 8, 1), (1, 0, 2))
    """
    k, full = k_value(method, N, n), int(method.full_boards)

    def at(S2: int) -> Fraction:  # the rule's estimate of the line with S2 on the double scale
        return Fraction(ESTIMATE_LINE.py(S=Fraction(S2 * scale, 2), N=N, n=n, k=k, Scale=scale, full=full))

    b = at(0)
    a = at(1) - b
    D = lcm(a.denominator, b.denominator)
    return a.numerator * (D // a.denominator), b.numerator * (D // b.denominator), D


#: From this many lines on, :func:`plain_board` counts the distinct scores (a board has few:
#: ties are the rule) instead of sorting every line; both give the same exact figures.
_COUNT_FROM = 64


def plain_board(
    scores: Sequence[NSScore | None], expected: int | None = None, method: Method = Method.NEUBERG, scale: int = 2
) -> tuple[list[int | None], list[int | None], int, int]:
    """The fast path for a board of plain NS scores (numbers or None): no adjustments.

    Gives (NS numerators, EW numerators, denominator D, top): every figure is
    exactly numerator / D, the same as :func:`score_board` gives as Fractions,
    with integer arithmetic only. Each distinct score is matchpointed once (2 per
    score below it, 1 per other equal score) and its lines look the figure up.

    >>> ns, ew, D, top = plain_board([-130, -660, None, 200], expected=4)
    >>> [str(Fraction(x, D)) for x in ns if x is not None], top     # Neuberg, 3 results to 4
    (['3', '1/3', '17/3'], 6)
    """
    ns_of, ew_of, D, top = plain_score_figures(scores, expected, method, scale)
    return list(map(ns_of.__getitem__, scores)), list(map(ew_of.__getitem__, scores)), D, top


def plain_score_figures(
    scores: Sequence[NSScore | None], expected: int | None = None, method: Method = Method.NEUBERG, scale: int = 2
) -> tuple[dict[NSScore | None, int | None], dict[NSScore | None, int | None], int, int]:
    """:func:`plain_board`'s figures by score: (NS numerator by score, EW numerator by score,
    denominator D, top), each distinct score of ``scores`` (and None, a blank line: None) once.

    >>> ns_of, ew_of, D, top = plain_score_figures([-130, -660, None, 200], expected=4)
    >>> ns_of, D
    ({None: None, -660: 1, -130: 9, 200: 17}, 3)
    """
    if len(scores) >= _COUNT_FROM:
        counted: Counter[NSScore | None] = Counter(scores)  # counted in C; equal scores (420, 420.0) are one key
        counted.pop(None, None)
        counts = cast("Counter[NSScore]", counted)  # None popped
        runs: list[tuple[NSScore, int]] = [(s, counts[s]) for s in sorted(counts)]
        n = len(scores) - scores.count(None)
    else:
        played: list[NSScore] = sorted([s for s in scores if s is not None])
        n = len(played)
        runs = []
        i = 0
        while i < n:
            s, j = played[i], i + 1
            while j < n and played[j] == s:
                j += 1
            runs.append((s, j - i))
            i = j
    N = n if expected is None else check_counts(expected, n, 0)[0]
    ns_of: dict[NSScore | None, int | None] = {None: None}
    ew_of: dict[NSScore | None, int | None] = {None: None}
    if n == 0:
        return ns_of, ew_of, 1, scale * (max(N, 1) - 1)
    A, B, D = _linear(N, n, method, scale)
    top_n2 = 2 * (n - 1)
    below = 0
    for s, c in runs:
        S2 = double_matchpoints(below, c)  # double-scale matchpoints among the n results
        ns_of[s] = A * S2 + B
        ew_of[s] = A * (top_n2 - S2) + B
        below += c
    return ns_of, ew_of, D, scale * (N - 1)


def _per_line(values: Iterable[T] | None, count: int, name: str, default: T) -> list[T]:
    if values is None:
        return [default] * count
    values = list(values)
    if len(values) != count:
        raise ValueError(f"{name} has {len(values)} values for {count} lines")
    return values


def _penalty_pair(value: object, top: int, row: int) -> tuple[Fraction, Fraction]:
    try:
        if isinstance(value, (tuple, list)):
            a, b = value
            return parse_penalty(a, top), parse_penalty(b, top)
        return parse_penalty(value, top), Fraction(0)
    except ValueError as exc:
        raise ValueError(f"row {row}: {exc}") from None
