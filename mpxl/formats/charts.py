"""Charts of the estimation methods and of the study, drawn with matplotlib's Agg renderer.

No display is needed: every chart is a :class:`matplotlib.figure.Figure` drawn
off-screen and saved as PNG to a path or a binary file object (for data URIs).
Each method keeps one colour (Okabe-Ito, safe for colour-blind readers), one
line style and one marker in every chart, so methods that coincide (Factor and
McKinnon when one result is missing) stay visible.

* :func:`methods_chart` - ``mpxl methods N n --chart``: each method's
  percentage on the full board against the raw matchpoints on the short board;
* :func:`error_by_method_chart` - the study's RMSE, and its bias at the top and
  the bottom of the board, per method;
* :func:`error_by_rank_chart` - the study's mean error against the score's rank
  on the short board;
* :func:`error_by_k_chart` - RMSE and spread bias against K, results hidden.

>>> import io
>>> buf = io.BytesIO()
>>> methods_chart(9, 8, 2, buf)
>>> buf.getvalue()[:8] == b"\\x89PNG\\r\\n\\x1a\\n"
True
"""

from __future__ import annotations

import io
import os
from collections.abc import Sequence
from fractions import Fraction
from typing import IO, TYPE_CHECKING, Union

from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.figure import Figure

from ..core.methods import Method, as_scale, check_counts, estimate
from ..core.rules import NO_PERCENTAGE
from ..core.settings import Scale

if TYPE_CHECKING:
    from matplotlib.axes import Axes

    from ..core.study import MethodStats, StudyResult

__all__ = [
    "methods_chart",
    "error_by_method_chart",
    "error_by_rank_chart",
    "error_by_k_chart",
    "study_charts",
    "METHOD_STYLE",
    "METHOD_LABEL",
]

Target = Union[str, "os.PathLike[str]", IO[bytes]]

#: Colour, line style and marker of each method, the same in every chart.
METHOD_STYLE = {
    Method.NEUBERG: ("#0072B2", "-", "o"),
    Method.FACTOR: ("#E69F00", "--", "s"),
    Method.ASCHERMAN: ("#009E73", "-.", "^"),
    Method.MCKINNON: ("#CC79A7", ":", "D"),
    Method.MANUAL: ("#D55E00", (0, (5, 1, 1, 1)), "v"),
    Method.ASCHERMAN_SHORT: ("#56B4E9", (0, (1, 1)), "x"),
}

#: How each method is named in a chart.
METHOD_LABEL = {m: m.label for m in Method}

_DPI = 110


def _figure(width: float = 7.5, height: float = 4.6) -> Figure:
    fig = Figure(figsize=(width, height), dpi=_DPI, layout="constrained")
    FigureCanvasAgg(fig)
    return fig


def _save(fig: Figure, path: Target) -> None:
    fig.savefig(path, format="png", dpi=_DPI)


def _style_axes(ax: Axes) -> None:
    ax.grid(True, color="#dddddd", linewidth=0.8)
    ax.set_axisbelow(True)
    for side in ("top", "right"):
        ax.spines[side].set_visible(False)


def methods_chart(N: int, n: int, scale: int | Scale = 2, path: Target = "methods.png") -> None:
    """Draw each method's percentage on a board of ``N`` results against the raw score among ``n``.

    The x axis is every possible raw score S among the n results (a whole
    number on the double and signed scales, halves on the single scale); the y axis the
    estimate as a percentage of the full board's top, so Factor is the
    diagonal (the raw percentage) and the others bend it towards 50%.

    >>> import io
    >>> methods_chart(16, 8, 2, io.BytesIO())
    >>> methods_chart(5, 1, 1, io.BytesIO())           # one result: every method gives 50%
    >>> methods_chart(9, 8, Scale.SIGNED, io.BytesIO())  # S from -7 to 7
    >>> methods_chart(8, 9, 2, io.BytesIO())
    Traceback (most recent call last):
    ...
    ValueError: 9 results are more than the 8 expected
    """
    sc = as_scale(scale)
    N, n = check_counts(N, n)
    if N == 1:  # the chart is of percentages of the full top
        raise ValueError(NO_PERCENTAGE)
    top_n, top_N = sc.top(n), sc.top(N)
    # every possible raw score: whole numbers on the double and signed scales, halves on the single scale
    shift = sc.offset(top_n)
    xs = [Fraction(i * sc.unit, 2) - shift for i in range(2 * (n - 1) + 1)]
    fig = _figure()
    ax = fig.add_subplot()
    _style_axes(ax)
    seen: dict[tuple[float, ...], str] = {}
    for m in Method:
        ys = [float(sc.percentage(estimate(x, N, n, m, sc), top_N)) for x in xs]
        key = tuple(round(y, 9) for y in ys)
        same = seen.get(key)
        label = METHOD_LABEL[m] + (f" (= {same})" if same else "")
        seen.setdefault(key, METHOD_LABEL[m])
        colour, style, marker = METHOD_STYLE[m]
        ax.plot([float(x) for x in xs], ys, linestyle=style, marker=marker, color=colour, label=label,
                linewidth=2, markersize=5 if len(xs) <= 40 else 0, alpha=0.9)
    ax.axhline(50, color="#888888", linewidth=0.8)
    low, high = float(xs[0]), float(xs[-1])
    ax.set_xlim(low - 0.02 * top_n - 0.5 * (top_n == 0), high + 0.02 * top_n + 0.5 * (top_n == 0))
    ax.set_ylim(-2, 102)
    ax.set_xlabel(f"raw matchpoints S among the {n} results ({sc.value} scale, top {top_n})")
    ax.set_ylabel(f"estimated percentage on a board of {N}")
    ax.set_title(f"The {len(Method)} methods: a board of {N} results with {n} played")
    ax.legend(loc="upper left", frameon=False)
    _save(fig, path)


def _methods_of(result: StudyResult) -> list[tuple[Method, MethodStats]]:
    return [(Method(ms.method), ms) for ms in result.methods]


def error_by_method_chart(result: StudyResult, path: Target) -> None:
    """Bars per method: RMSE, and the mean error at the top and at the bottom of the short board.

    ``result`` is a :class:`mpxl.core.study.StudyResult`.
    """
    fig = _figure(8, 4.6)
    ax1, ax2 = fig.subplots(1, 2, width_ratios=[1, 1.3])
    rows = _methods_of(result)
    labels = [METHOD_LABEL[m] for m, _ in rows]
    colours = [METHOD_STYLE[m][0] for m, _ in rows]
    for ax in (ax1, ax2):
        _style_axes(ax)
    bars = ax1.bar(labels, [ms.rmse for _, ms in rows], color=colours)
    ax1.bar_label(bars, fmt="%.2f", fontsize=8)
    ax1.set_ylabel("RMSE, percentage points")
    ax1.set_title("Error of the estimate (lower is better)", fontsize=10)
    ax1.tick_params(axis="x", rotation=30)
    width = 0.38
    xs = list(range(len(rows)))
    b1 = ax2.bar(
        [x - width / 2 for x in xs], [ms.top_bias for _, ms in rows], width, color=colours, label="top of the board"
    )
    b2 = ax2.bar(
        [x + width / 2 for x in xs],
        [ms.bottom_bias for _, ms in rows],
        width,
        color=colours,
        alpha=0.45,
        hatch="//",
        label="bottom of the board",
    )
    ax2.bar_label(b1, fmt="%.1f", fontsize=7)
    ax2.bar_label(b2, fmt="%.1f", fontsize=7)
    ax2.axhline(0, color="#444444", linewidth=0.8)
    ax2.set_xticks(xs, labels, rotation=30)
    ax2.set_ylabel("mean error, percentage points")
    ax2.set_title("Bias at the top (solid) and bottom (hatched)", fontsize=10)
    fig.suptitle(f"Estimation study: {result.options.describe()}", fontsize=10)
    _save(fig, path)


def error_by_rank_chart(result: StudyResult, path: Target) -> None:
    """Mean error (and RMSE) against the score's rank on the short board, 0% = bottom, 100% = top."""
    fig = _figure(8, 4.6)
    ax1, ax2 = fig.subplots(1, 2)
    for ax in (ax1, ax2):
        _style_axes(ax)
    seen: dict[tuple[float, ...], str] = {}
    for m, ms in _methods_of(result):
        pts = [((lo + hi) / 2 * 100, bias, rmse) for lo, hi, count, bias, rmse in ms.by_rank if count]
        if not pts:
            continue
        colour, style, marker = METHOD_STYLE[m]
        xs = [p[0] for p in pts]
        key = tuple(round(p[1], 9) for p in pts)
        label = METHOD_LABEL[m] + (f" (= {seen[key]})" if key in seen else "")
        seen.setdefault(key, METHOD_LABEL[m])
        ax1.plot(xs, [p[1] for p in pts], linestyle=style, marker=marker, color=colour, label=label, linewidth=1.8)
        ax2.plot(
            xs, [p[2] for p in pts], linestyle=style, marker=marker, color=colour, label=METHOD_LABEL[m], linewidth=1.8
        )
    ax1.axhline(0, color="#444444", linewidth=0.8)
    ax1.set_xlabel("score's percentage on the short board")
    ax1.set_ylabel("mean error, percentage points")
    ax1.set_title("Bias by rank (above 0: estimate too high)", fontsize=10)
    ax2.set_xlabel("score's percentage on the short board")
    ax2.set_ylabel("RMSE, percentage points")
    ax2.set_title("Error by rank", fontsize=10)
    ax1.legend(frameon=False, fontsize=8)
    fig.suptitle(f"Estimation study: {result.options.describe()}", fontsize=10)
    _save(fig, path)


def error_by_k_chart(results: Sequence[StudyResult], path: Target) -> None:
    """RMSE and spread bias against K (or R when fouled), one study per point."""
    results = sorted(results, key=lambda r: r.options.amount)
    fig = _figure(8, 4.6)
    ax1, ax2 = fig.subplots(1, 2)
    for ax in (ax1, ax2):
        _style_axes(ax)
    ks = [r.options.amount for r in results]
    for m in Method:
        colour, style, marker = METHOD_STYLE[m]
        rm = [r.method(m).rmse for r in results]
        sp = [r.method(m).spread_bias for r in results]
        ax1.plot(ks, rm, linestyle=style, marker=marker, color=colour, label=METHOD_LABEL[m], linewidth=1.8)
        ax2.plot(ks, sp, linestyle=style, marker=marker, color=colour, label=METHOD_LABEL[m], linewidth=1.8)
    fouled = bool(results) and results[0].options.mode == "foul"
    xlabel = "R, results before the foul" if fouled else "K, results hidden per board"
    for ax in (ax1, ax2):
        ax.set_xlabel(xlabel)
        ax.set_xticks(ks)
    ax2.axhline(0, color="#444444", linewidth=0.8)
    ax1.set_ylabel("RMSE, percentage points")
    ax1.set_title("Error of the estimate (lower is better)", fontsize=10)
    ax2.set_ylabel("spread bias, percentage points")
    ax2.set_title("Spread bias (>0 too far from 50%, <0 too close)", fontsize=10)
    ax1.legend(frameon=False, fontsize=8)
    _save(fig, path)


def study_charts(results: Sequence[StudyResult]) -> dict[str, bytes]:
    """The study's charts as PNG bytes: ``{name: bytes}`` for the first study and, with several K, the K chart.

    >>> from mpxl.core.event import Event, Line
    >>> from mpxl.core.study import study, StudyOptions
    >>> ev = Event(lines=[Line(1, str(i), str(i + 10), score=s) for i, s in enumerate([420, 400, 170, -50, 90], 1)])
    >>> sorted(study_charts([study([ev], StudyOptions(remove=k, trials=5)) for k in (1, 2)]))
    ['error-by-k', 'error-by-method', 'error-by-rank']
    """
    out: dict[str, bytes] = {}
    if not results:
        return out
    for name, draw in (("error-by-method", error_by_method_chart), ("error-by-rank", error_by_rank_chart)):
        buf = io.BytesIO()
        draw(results[0], buf)
        out[name] = buf.getvalue()
    if len(results) > 1:
        buf = io.BytesIO()
        error_by_k_chart(results, buf)
        out["error-by-k"] = buf.getvalue()
    return out
