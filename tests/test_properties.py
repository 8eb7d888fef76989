"""Hypothesis properties of the estimation methods and of score_board.

The properties are those of DESIGN.md sections 3-5 and Buchen (seeds/001): the check
total n(N-1)/2 (single) for every k; symmetry about 50%; monotonic in S; Factor keeps
the percentage; N = n is the identity; McKinnon = Factor when N = n + 1 (seeds/000);
the percentage form P' = (N-k)/(N-1)(P-50)+50 agrees with the matchpoint form.
"""

from __future__ import annotations

from fractions import Fraction

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from mpxl.core.board import score_board
from mpxl.core.matchpoints import raw_matchpoints
from mpxl.core.methods import Method, check_total, estimate, estimate_percentage, top
from mpxl.core.settings import SmallGroups

SETTINGS = settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])

METHODS = st.sampled_from(list(Method))
SCALES = st.sampled_from([1, 2])
# a small pool of bridge scores so that ties are common
SCORE = st.sampled_from([-660, -200, -150, -100, -50, 0, 50, 90, 100, 110, 120, 140, 200, 420, 620])


@st.composite
def board(draw, min_n=1, max_N=16):
    """(N, n, scores): n real results of a board that should have N >= n."""
    N = draw(st.integers(min_value=max(min_n, 1), max_value=max_N))
    n = draw(st.integers(min_value=min_n, max_value=N))
    scores = draw(st.lists(SCORE, min_size=n, max_size=n))
    return N, n, scores


def sign(x):
    return (x > 0) - (x < 0)


# ------------------------------------------------------------------ methods


@SETTINGS
@given(board(), METHODS, SCALES)
def test_check_total_for_every_method(b, method, scale):
    """Buchen: the estimated results sum to n(N-1)/2 (single) whatever k is."""
    N, n, scores = b
    raw = raw_matchpoints(scores, scale)
    assert sum(estimate(S, N, n, Method.find(method), scale) for S in raw) == Fraction(scale * n * (N - 1), 2)


@SETTINGS
@given(board(), METHODS, SCALES, st.data())
def test_symmetric_about_fifty_percent(b, method, scale, data):
    N, n, _ = b
    S = Fraction(data.draw(st.integers(0, 2 * (n - 1))), 2) * scale
    assert estimate(top(n, scale) - S, N, n, method, scale) == top(N, scale) - estimate(S, N, n, Method.find(method), scale)


@SETTINGS
@given(board(min_n=2), METHODS, SCALES, st.data())
def test_monotonic_in_s(b, method, scale, data):
    N, n, _ = b
    a = data.draw(st.integers(0, 2 * (n - 1)))
    c = data.draw(st.integers(0, 2 * (n - 1)))
    S1, S2 = Fraction(a * scale, 2), Fraction(c * scale, 2)
    assert sign(estimate(S1, N, n, Method.find(method), scale) - estimate(S2, N, n, Method.find(method), scale)) == sign(S1 - S2)


@SETTINGS
@given(board(min_n=2), SCALES, st.data())
def test_factor_keeps_the_percentage(b, scale, data):
    N, n, _ = b
    S = Fraction(data.draw(st.integers(0, 2 * (n - 1))) * scale, 2)
    assert estimate(S, N, n, Method.FACTOR, scale) / top(N, scale) == S / top(n, scale)


@SETTINGS
@given(st.integers(1, 20), METHODS, SCALES, st.data())
def test_full_board_is_unchanged(N, method, scale, data):
    """Every method leaves a full board alone except Ascherman (McKinnon's reading): (N-1)(S+scale/2)/N."""
    S = Fraction(data.draw(st.integers(0, 2 * (N - 1))) * scale, 2)
    method = Method.find(method)
    want = Fraction(N - 1, N) * (S + Fraction(scale, 2)) if method is Method.ASCHERMAN else S
    assert estimate(S, N, N, method, scale) == want


@SETTINGS
@given(st.integers(1, 20), SCALES, st.data())
def test_mckinnon_is_factor_when_one_result_is_missing(n, scale, data):
    S = Fraction(data.draw(st.integers(0, 2 * (n - 1))) * scale, 2)
    assert estimate(S, n + 1, n, Method.MCKINNON, scale) == estimate(S, n + 1, n, Method.FACTOR, scale)


@SETTINGS
@given(board(min_n=2), METHODS, SCALES, st.data())
def test_percentage_form_agrees_with_matchpoint_form(b, method, scale, data):
    N, n, _ = b
    S = Fraction(data.draw(st.integers(0, 2 * (n - 1))) * scale, 2)
    P = 100 * S / top(n, scale)
    assert estimate_percentage(P, N, n, Method.find(method)) == 100 * estimate(S, N, n, Method.find(method), scale) / top(N, scale)


@SETTINGS
@given(board(min_n=2), METHODS, st.data())
def test_single_is_half_of_double(b, method, data):
    N, n, _ = b
    S = data.draw(st.integers(0, 2 * (n - 1)))
    assert estimate(S, N, n, Method.find(method), 2) == 2 * estimate(Fraction(S, 2), N, n, method, 1)


# --------------------------------------------------------------- score_board


@SETTINGS
@given(st.lists(SCORE, min_size=1, max_size=14), SCALES, METHODS)
def test_full_board_check_totals(scores, scale, method):
    r = score_board(scores, scale=scale, method=Method.find(method))
    N = len(scores)
    assert r.check_total == (check_total(N, scale), check_total(N, scale))


@SETTINGS
@given(st.lists(SCORE, min_size=1, max_size=14), SCALES)
def test_plain_board_equals_plain_matchpointing(scores, scale):
    r = score_board(scores, scale=scale)
    raw = raw_matchpoints(scores, scale)
    assert r.ns_mp == raw
    assert r.ew_mp == [top(len(scores), scale) - x for x in raw]


@SETTINGS
@given(
    st.lists(SCORE, min_size=2, max_size=12),
    st.lists(st.sampled_from(["AVE", "60/40", "A+", "A-", "40/40", "A+/A+", "A6040", None]), min_size=1, max_size=3),
    METHODS,
    SCALES,
    st.randoms(use_true_random=False),
)
def test_artificial_scores_never_change_the_others_order(scores, extra, method, scale, rng):
    entries = list(scores) + list(extra)
    rng.shuffle(entries)
    r = score_board(entries, method=Method.find(method), scale=scale)
    real = [i for i, e in enumerate(entries) if isinstance(e, int)]
    for i in real:
        for j in real:
            assert sign(r.ns_mp[i] - r.ns_mp[j]) == sign(entries[i] - entries[j])
            assert sign(r.ew_mp[i] - r.ew_mp[j]) == sign(entries[j] - entries[i])
    # and the real results still carry n(N-1) scale/2 between them
    n, N = len(real), sum(e is not None for e in entries)
    assert sum(r.ns_mp[i] for i in real) == Fraction(scale * n * (N - 1), 2)


@SETTINGS
@given(
    st.lists(st.lists(SCORE, min_size=1, max_size=7), min_size=2, max_size=4),
    METHODS,
    SCALES,
    st.sampled_from(["none", "wbf", "ebu", "qba"]),
)
def test_fouled_group_check_totals(groups, method, scale, rule):
    """Each group estimated by the method sums to n_g (N - 1) scale / 2; NS + EW = top per estimated line."""
    entries, labels = [], []
    for g, scores in enumerate(groups):
        entries += scores
        labels += [f"G{g}"] * len(scores)
    r = score_board(entries, groups=labels, method=Method.find(method), scale=scale, small_groups=SmallGroups.find(rule))
    N = len(entries)
    for g in range(len(groups)):
        idx = [i for i, lab in enumerate(labels) if lab == f"G{g}"]
        if not any(r.lines[i].set_percentage for i in idx):
            assert sum(r.ns_mp[i] for i in idx) == Fraction(scale * len(idx) * (N - 1), 2)
            assert sum(r.ew_mp[i] for i in idx) == Fraction(scale * len(idx) * (N - 1), 2)
    for line in r.lines:          # set percentages need not balance (60/60 for a lone result)
        if not line.set_percentage:
            assert line.ns_mp + line.ew_mp == top(N, scale)
    if rule == "none":
        assert r.check_total == (check_total(N, scale), check_total(N, scale))


@SETTINGS
@given(
    st.lists(st.one_of(SCORE, st.none()), min_size=1, max_size=40),
    st.integers(0, 3),
    METHODS,
    SCALES,
)
def test_plain_board_fast_path_equals_score_board(scores, extra, method, scale):
    """mpxl.core.board.plain_board (the integer fast path, if present) gives score_board's exact figures."""
    import pytest

    from mpxl.core import board as board_module

    plain_board = getattr(board_module, "plain_board", None)
    if plain_board is None:
        pytest.skip("mpxl.core.board.plain_board is not there")
    n = sum(s is not None for s in scores)
    expected = max(n, 1) + extra
    ns, ew, D, top_ = plain_board(scores, expected=expected, method=Method.find(method), scale=scale)
    r = score_board(scores, expected=expected, method=Method.find(method), scale=scale)
    assert [None if x is None else Fraction(x, D) for x in ns] == r.ns_mp
    assert [None if x is None else Fraction(x, D) for x in ew] == r.ew_mp
    assert top_ == r.top
