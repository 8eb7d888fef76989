"""The estimation study's report page (:func:`study_html`, :func:`write_study_html`): its tables and its
charts embedded, in the frame of :mod:`mpxl.formats.page_frame`."""

from __future__ import annotations

import base64
import math
import os
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING

from ..core.study import gap_text, verdict
from .atomic import atomic_write
from .page_frame import escape, html_page, html_table, slug

if TYPE_CHECKING:  # typing only
    from ..core.study import MethodStats, StudyResult

__all__ = ["study_html", "write_study_html"]


def _f(x: float | None, digits: int = 2) -> str:
    if x is None or (isinstance(x, float) and math.isnan(x)):
        return "–"
    return f"{x:.{digits}f}"



def _share(x: float | None) -> str:
    if x is None or (isinstance(x, float) and math.isnan(x)):
        return "–"
    return f"{100 * x:.1f}%"



_METRIC_HEADERS = [
    "Method",
    "RMSE",
    "Behind the best",
    "Noise",
    "Bias",
    "Spread bias",
    "Top: bias",
    "Top: RMSE",
    "Bottom: bias",
    "Bottom: RMSE",
    "Winner changed",
    "Top three changed",
]



def _method_rows(methods: Sequence[MethodStats], best: str) -> tuple[list[list[str]], list[str]]:
    rows: list[list[str]] = []
    classes: list[str] = []
    for ms in methods:
        rows.append(
            [
                escape(ms.label),
                escape(_f(ms.rmse)),
                escape(gap_text(ms)[0] or "–"),
                escape(gap_text(ms)[1] or "–"),
                escape(_f(ms.bias)),
                escape(_f(ms.spread_bias)),
                escape(_f(ms.top_bias)),
                escape(_f(ms.top_rmse)),
                escape(_f(ms.bottom_bias)),
                escape(_f(ms.bottom_rmse)),
                escape(_share(ms.winner_changed)),
                escape(_share(ms.top3_changed)),
            ]
        )
        classes.append("first" if ms.method == best else "")
    return rows, classes



_EXPLAIN = """
<p>For every complete board (every line a plain result) the study hides results at random, or splits the board into
two groups as if it had been fouled, scores what is left with each method, and compares each estimate with the same
line's matchpoints on the real, full board. One <b>trial</b> does this on every complete board of the session at
once; the trials draw again, so each board loses different results each time. All errors are in <b>percentage
points</b> of the board's top.</p>
<ul>
<li><b>RMSE</b>: the typical size of the error (root mean square); lower is better.</li>
<li><b>Behind the best</b>: how much larger the method's RMSE is than the lowest. <b>Noise</b>: how much of that gap
the random draws alone could make (twice its standard error over the trials). A method less far behind than its noise
is <em>level</em> with the best: more trials would be needed to tell them apart. The noise is that of the draws on
these boards only; another evening's boards may order close methods differently.</li>
<li><b>Bias</b>: the mean error. It is the same for every method and close to zero, because every method keeps the
board's check total (on a fouled board the small groups' set percentages, 60% on average, lift it).</li>
<li><b>Spread bias</b>: the mean error signed away from 50%: above zero the method pushes scores too far from average
(tops too high, bottoms too low), below zero it pulls them too close.</li>
<li><b>Top / Bottom</b>: the errors of the best and the worst score on the short board.</li>
<li><b>Winner changed / Top three changed</b>: how often the session's winner, or its first three places, differ when
all the estimated boards replace the real ones (a hidden result keeps its real score).</li>
</ul>
"""



def _winners(baseline: Mapping[str, Sequence[str]]) -> str:
    """The real winners in words: 'pair 14', or 'NS: pair 3; EW: pair 5', 'pairs 2 and 7' on a tie.

    >>> _winners({"all": ["14"]}), _winners({"NS": ["3"], "EW": ["5", "8"]})
    ('pair 14', 'NS: pair 3; EW: pairs 5 and 8')
    """
    def pairs(v: Sequence[str]) -> str:
        return ("pair " if len(v) == 1 else "pairs ") + (v[0] if len(v) == 1 else ", ".join(v[:-1]) + " and " + v[-1])

    return "; ".join(pairs(v) if k == "all" else f"{k}: {pairs(v)}" for k, v in baseline.items())


def study_html(
    results: Sequence[StudyResult], charts: Mapping[str, bytes | str] | None = None, inputs: Sequence[str] = (),
    command: str = "",
) -> str:
    """The study report as an HTML string.

    ``results`` are :class:`mpxl.core.study.StudyResult` (one per K); ``charts`` maps a
    chart name to PNG bytes (embedded as a data URI) or to a file name (linked
    as a sibling image); ``command`` is the command that gives the same figures again.

    >>> from mpxl.core.event import Event, Line
    >>> from mpxl.core.study import study, StudyOptions
    >>> ev = Event(title="<Club>",
    ...            lines=[Line(1, str(i), str(i + 10), score=s) for i, s in enumerate([420, 400, 170, -50], 1)])
    >>> page = study_html([study([ev], StudyOptions(exhaustive=True))])
    >>> "&lt;Club&gt;" in page and "Neuberg" in page
    True
    """
    charts = dict(charts or {})
    first = results[0]
    body = ["<header><h1>Which estimation method predicts a short board best?</h1>"]
    opts = first.options
    amounts = ", ".join(str(r.options.amount) for r in results)
    what = (f"fouled after {amounts} results (small groups: {opts.small_groups.value})" if opts.mode == "foul"
            else f"{amounts} result{'s' if amounts != '1' else ''} hidden per board")
    runs = "every choice enumerated" if opts.exhaustive else f"{first.trials} trials, seed {opts.seed}"
    body.append(
        f'<p class="meta">{escape(what)}, {escape(runs)}; {first.boards} complete boards from '
        f"{len(first.events)} event{'s' if len(first.events) != 1 else ''}</p>"
    )
    if inputs:
        body.append('<p class="meta">' + ", ".join(escape(os.path.basename(str(i))) for i in inputs) + "</p>")
    if command:
        body.append(f'<p class="meta">The same figures again (the same seed gives the same figures): '
                    f"<code>{escape(command)}</code></p>")
    body.append("</header>")
    body.append(_EXPLAIN)
    for res in results:
        best = res.best().method
        exhaustive = res.options.exhaustive
        label = ("fouled after " if res.options.mode == "foul" else "K = ") + str(res.options.amount)
        sid = "study-" + slug(res.options.mode, res.options.amount)
        several = len(res.events) > 1
        body.append(f'<section id="{escape(sid)}"><h2>{escape(label)}{": all events" if several else ""}</h2>')
        body.append(f'<p class="verdict">{escape(" ".join(res.verdict()))}</p>')
        rows, classes = _method_rows(res.methods, best)
        body.append(
            html_table(
                _METRIC_HEADERS,
                rows,
                caption=escape(f"{res.trials} trials, {res.best().lines:,} estimated lines per method"),
                numeric=range(1, 12),
                wide=(4, 7, 9),
                row_classes=classes,
            )
        )
        for ev in res.events:
            evbest = min(ev.methods, key=lambda m: m.rmse if not math.isnan(m.rmse) else math.inf).method
            rows, classes = _method_rows(ev.methods, evbest)
            body.append(
                f'<h3>{escape(ev.name)}</h3><p class="note">{ev.boards} boards studied, {ev.results} results; '
                f"real winner{'s' if len(ev.baseline_winners) > 1 else ''}: {escape(_winners(ev.baseline_winners))}</p>"
            )
            if several:  # with one event its table is the one above
                body.append(f'<p class="verdict">{escape(" ".join(verdict(ev.methods, res.trials, exhaustive)))}</p>')
                body.append(html_table(_METRIC_HEADERS, rows, numeric=range(1, 12), wide=(4, 7, 9),
                                       row_classes=classes))
            if ev.skipped:
                body.append(f'<p class="note">Not studied: {escape("; ".join(ev.skipped))}</p>')
        body.append("</section>")
    captions = {
        "error-by-method": "RMSE per method, and the mean error at the top and at the bottom of the short board.",
        "error-by-rank": "Mean error and RMSE against the score's percentage on the short board.",
        "error-by-k": "RMSE and spread bias against the number of results hidden.",
    }
    if charts:
        body.append('<section id="charts"><h2>Charts</h2>')
        for name, data in charts.items():
            src = (
                ("data:image/png;base64," + base64.b64encode(data).decode("ascii"))
                if isinstance(data, (bytes, bytearray))
                else str(data)
            )
            body.append(
                f'<figure><img class="chart" src="{escape(src)}" alt="{escape(captions.get(name, name))}">'
                f"<figcaption>{escape(captions.get(name, name))}</figcaption></figure>"
            )
        body.append("</section>")
    return html_page("mpxl estimation study", "\n".join(body))



def write_study_html(
    results: Sequence[StudyResult], path: str | os.PathLike[str], charts: Mapping[str, bytes | str] | None = None,
    inputs: Sequence[str] = (), command: str = "",
) -> None:
    """Write the study report to ``path``, atomically (charts and command as in :func:`study_html`)."""
    page = study_html(results, charts, inputs, command)
    with atomic_write(path) as f:
        f.write(page)
