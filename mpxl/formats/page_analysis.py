"""A board's double-dummy analysis in HTML, as the results page and the hand record show it: the
makeable-contracts grid (:func:`grid_html`: for each declarer and strain the highest level that makes,
``-`` for none), the par (:func:`par_text`), and for a traveller line the double-dummy tricks of the
contract played and its score against par (:func:`line_cells`).

The line against par is in points, NS's score less the par score (from NS's side): what the table
won or lost against the par, readable with nothing else and the same whatever the field did;
matchpoints against par would need the par scored as a line in the field, figures no program
publishes and that change with every other line.
"""

from __future__ import annotations

from collections.abc import Mapping

from ..core.analysis import SEAT_ORDER, STRAIN_ORDER, Analysis
from ..core.event import Line
from .labels import LABELS
from .page_frame import escape
from .page_lines import SUITS

__all__ = ["grid_html", "par_text", "line_cells", "analysis_html"]

_HEAD = {"NT": "NT", **{strain: f'<span class="{cls}">{sym}</span>' for strain, (sym, cls) in zip("SHDC", SUITS)}}


def grid_html(analysis: Analysis, L: Mapping[str, str] = LABELS["en"]) -> str:
    """The makeable-contracts grid: a row a declarer (N S E W), a column a strain (NT S H D C), the
    level each makes (``-`` below one).

    >>> from mpxl.core.analysis import analyse, tricks_table
    >>> html_ = grid_html(analyse(1, tricks_table({"N": {"S": 10}}), "None", "N"))
    >>> "<th>N</th><td>-</td><td>4</td>" in html_
    True
    """
    rows = "".join(
        f"<tr><th>{seat}</th>" + "".join(
            f"<td>{n - 6 if n >= 7 else '-'}</td>" for n in analysis.tricks[SEAT_ORDER.index(seat)]) + "</tr>"
        for seat in ("N", "S", "E", "W"))
    head = "<tr><th></th>" + "".join(f"<th>{_HEAD[s]}</th>" for s in STRAIN_ORDER) + "</tr>"
    return (f'<table class="dd"><caption>{escape(L["makeable"])}</caption><thead>{head}</thead>'
            f"<tbody>{rows}</tbody></table>")


def par_text(analysis: Analysis, L: Mapping[str, str] = LABELS["en"]) -> str:
    """The par as a line of text: the side and score, then the contracts.

    >>> from mpxl.core.analysis import analyse, tricks_table
    >>> par_text(analyse(1, tricks_table({"N": {"S": 10}, "S": {"S": 10}}), "None", "N"))
    'Par NS 420: 4S NS'
    >>> par_text(analyse(1, tricks_table({}), "None", "N"))
    'Par 0: passed out'
    """
    score = analysis.par_score
    side = f"NS {score}" if score > 0 else f"EW {-score}" if score < 0 else "0"
    contracts = analysis.par_text if analysis.par_contracts else L["par_passed"]
    return f'{L["par"]} {side}: {contracts}'


def analysis_html(analysis: Analysis, L: Mapping[str, str] = LABELS["en"]) -> str:
    """The grid and the par line, as one block."""
    return f'{grid_html(analysis, L)}<p class="par">{escape(par_text(analysis, L))}</p>'


def line_cells(line: Line, analysis: Analysis) -> list[str]:
    """A traveller line's two cells: the double-dummy tricks of the contract played (by its declarer,
    in its strain) and NS's score against par, in points ('' where the line has no contract or no
    score in points).

    >>> from mpxl.core.analysis import analyse, tricks_table
    >>> a = analyse(1, tricks_table({"N": {"S": 10}, "S": {"S": 10}}), "None", "N")
    >>> line_cells(Line(1, "1", "2", contract="4S", declarer="S", tricks=9, score=-50), a)
    ['10', '-470']
    """
    tricks = analysis.played(line.contract or "", line.declarer or "") if line.contract and line.declarer else None
    against = line.score - analysis.par_score if isinstance(line.score, int) else None
    return ["" if tricks is None else str(tricks),
            "" if against is None else (f"+{against}" if against > 0 else str(against))]
