"""Static HTML pages: a club's published results, and the estimation study's report.

Both pages are one self-contained file: plain HTML and CSS, no script, no font,
image or style sheet from the network (the study's charts are embedded as
``data:`` URIs). They read on a phone (the layout narrows, wide tables scroll
sideways inside their box) and print on A4 (navigation hidden, the ranking on
the first page, a board's traveller beside its hands and several boards to a
page, the score cards two abreast, each kept whole; the travellers or the score
cards left out of the print by a tick box on the page, with no script). All
text from the results file is escaped with :func:`html.escape`.

* :func:`write_html` / :func:`results_html`: ranking, every board's traveller
  and every pair's personal score card, from a :class:`mpxl.core.session.SessionResult`;
* :func:`write_study_html` / :func:`study_html`: the study's tables and charts.

>>> from mpxl.core.event import Event, Line
>>> from mpxl.core.session import score_event
>>> page = results_html(score_event(Event(title="Club <Pairs>",
...                                         lines=[Line(1, "1", "2", score=420), Line(1, "3", "4", score=-50)])))
>>> "Club &lt;Pairs&gt;" in page, 'id="ranking"' in page, 'id="board-1"' in page
(True, True, True)
"""

from __future__ import annotations

import base64
import html
import math
import os
import re
from array import array
from collections import Counter
from collections.abc import Collection, Iterable, Iterator, Mapping, Sequence
from fractions import Fraction
from itertools import accumulate, compress, repeat
from typing import TYPE_CHECKING, Any

from ..core.adjustments import ARTIFICIAL_CODES, Artificial, Assigned, Entry, Mixed, ave_kind, parse_entry
from ..core.contract import board_dealer, board_vulnerability
from ..core.event import gather
from ..core.fouled import small_group_percentage, uses_set_percentages
from ..core.options import registry
from ..core.settings import RoundingKind, Scale
from .atomic import atomic_write
from .common import EventToWrite, figure_decimals, format_number
from .labels import (
    LABELS,
    decimals_words,
    figure_label,
    labels,
    language_code,
    language_of,
    signed_percentage_note,
    tie_words,
)

if TYPE_CHECKING:  # typing only
    from ..core.event import Deal, Event, Line, Penalty, SitOut
    from ..core.matchpoints import Components
    from ..core.options import ScoringOptions
    from ..core.ranking import PairResult
    from ..core.rounding import Rounding
    from ..core.scorer import BoardPlace
    from ..core.session import SessionResult
    from ..core.study import MethodStats, StudyResult

#: The pairs by (section, number, direction), as the travellers find them.
PairIndex = dict[tuple[str, str, "str | None"], "PairResult"]

__all__ = ["results_html", "results_html_parts", "write_html", "page_title", "settings_words", "study_html",
           "write_study_html", "PAGE_CSS"]

#: The style sheet both pages carry inline: responsive, and with print rules.
PAGE_CSS = """
:root { --ink: #1b1b1b; --muted: #5b6470; --line: #d5d9de; --head: #eef2f6; --accent: #1f5f99; --good: #e9f5ec; }
* { box-sizing: border-box; }
html { -webkit-text-size-adjust: 100%; text-size-adjust: 100%; }
body { margin: 0 auto; max-width: 68rem; padding: 0.75rem 1rem 3rem; color: var(--ink); background: #fff;
       font: 16px/1.45 system-ui, -apple-system, "Segoe UI", Roboto, "DejaVu Sans", Arial, sans-serif; }
h1 { font-size: 1.55rem; margin: 0.6rem 0 0.2rem; }
h2 { font-size: 1.25rem; margin: 2rem 0 0.5rem; border-bottom: 2px solid var(--accent); padding-bottom: 0.2rem; }
h3 { font-size: 1.05rem; margin: 1.2rem 0 0.35rem; }
p.meta, p.note, .muted { color: var(--muted); margin: 0.2rem 0; }
nav.toc { position: sticky; top: 0; background: #fff; border-bottom: 1px solid var(--line); padding: 0.4rem 0;
          z-index: 2; }
nav.toc a { margin-right: 1rem; color: var(--accent); text-decoration: none; font-weight: 600; }
nav.toc .printing { color: var(--muted); font-size: 0.9rem; }
nav.toc .printing label { margin-left: 0.5rem; white-space: nowrap; }
a { color: var(--accent); }
.scroll { overflow-x: auto; -webkit-overflow-scrolling: touch; margin: 0.3rem 0 0.8rem; }
table { border-collapse: collapse; min-width: 100%; font-variant-numeric: tabular-nums; }
caption { text-align: left; font-weight: 600; padding: 0.2rem 0; }
th, td { border: 1px solid var(--line); padding: 0.3rem 0.5rem; text-align: left; vertical-align: top; }
th { background: var(--head); font-weight: 600; white-space: nowrap; }
td.num, th.num { text-align: right; white-space: nowrap; }
th.group { text-align: center; }
.deal { display: grid; grid-template-columns: repeat(3, minmax(0, 1fr)); grid-template-areas: ". n ." "w c e" ". s .";
        gap: 0.1rem 0.4rem; font-size: 0.85rem; line-height: 1.3; margin: 0.2rem 0 0.4rem; overflow-wrap: anywhere; }
.deal .n { grid-area: n; } .deal .w { grid-area: w; } .deal .e { grid-area: e; } .deal .s { grid-area: s; }
.deal .compass { grid-area: c; align-self: center; text-align: center; color: var(--muted); font-size: 0.8rem; }
span.h, span.d { color: #c0392b; }
.mark { font-size: 0.8rem; font-weight: 600; color: #8a4b00; background: #fff3e0; border: 1px solid #f0c890;
        border-radius: 0.3rem; padding: 0 0.3rem; margin-left: 0.4rem; white-space: nowrap; }
ul.rulings { margin: 0 0 0.8rem; padding-left: 1.2rem; font-size: 0.88rem; color: var(--muted); }
table.traveller { font-size: 0.92rem; }
table.traveller td, table.traveller th { padding: 0.25rem 0.4rem; }
table.traveller td:nth-child(3) { white-space: nowrap; }
table.traveller.pcts td, table.traveller.pcts th { padding: 0.25rem 0.25rem; }
td a { white-space: nowrap; }
tr.first td { background: var(--good); font-weight: 600; }
tbody tr:nth-child(even) td { background-color: #fafbfc; }
tbody tr.first:nth-child(even) td { background: var(--good); }
.boards { display: grid; grid-template-columns: repeat(auto-fill, minmax(min(100%, 30rem), 1fr)); gap: 0 1.2rem; }
.board, .card { break-inside: avoid; page-break-inside: avoid; }
.pairlist { columns: 14rem; column-gap: 1.5rem; padding-left: 1.2rem; }
.chart { max-width: 100%; height: auto; border: 1px solid var(--line); margin: 0.5rem 0 1rem; }
figure { margin: 0; }
figcaption { color: var(--muted); font-size: 0.9rem; }
@media (max-width: 40rem) {
  body { padding: 0.5rem 0.6rem 2rem; font-size: 15px; }
  th, td { padding: 0.25rem 0.3rem; }
  table { font-size: 0.92rem; }
  table.traveller, table.scorecard { font-size: 0.88rem; }
  table.traveller td, table.traveller th { padding: 0.2rem 0.3rem; }
  table.traveller.pcts td, table.traveller.pcts th { padding: 0.2rem 0.15rem; }
  table.scorecard td, table.scorecard th { padding: 0.2rem 0.2rem; }
  .wide { display: none; }
  h1 { font-size: 1.3rem; }
}
@media print {
  @page { size: A4; margin: 10mm; }
  body { max-width: none; padding: 0; font-size: 9pt; line-height: 1.25; color: #000; }
  nav.toc, .noprint { display: none; }
  a { color: #000; text-decoration: none; }
  .scroll { overflow: visible; margin: 0; }
  th, td { padding: 0.1rem 0.3rem; }
  th { background: #e6e6e6 !important; -webkit-print-color-adjust: exact; print-color-adjust: exact; }
  tbody tr:nth-child(even) td { background: none; }
  .wide { display: table-cell; }
  h1 { font-size: 15pt; margin: 0 0 0.1rem; }
  h2 { font-size: 12pt; margin: 0 0 0.3rem; break-after: avoid; page-break-after: avoid; }
  h3 { font-size: 9.5pt; margin: 0 0 0.1rem; }
  p.meta, p.note { margin: 0 0 0.1rem; }
  section#ranking h2 { margin-top: 0.5rem; }
  section#travellers, section.cards { break-before: page; page-break-before: always; }
  .boards { display: block; }
  .board { display: grid; grid-template-columns: auto minmax(0, 1fr); column-gap: 0.8rem; align-items: start;
           padding: 0.25rem 0 0.35rem; border-bottom: 1px solid #999; }
  .board > h3, .board > p.note, .board > ul.rulings { grid-column: 1 / -1; }
  .board > .deal { grid-column: 1; width: 16rem; margin: 0; font-size: 8pt; line-height: 1.15; gap: 0 0.3rem; }
  .board > .scroll { grid-column: 2; }
  .deal .hand b + br { display: none; }
  table.traveller, table.scorecard { font-size: 8pt; }
  table.traveller td, table.traveller th, table.traveller.pcts td, table.traveller.pcts th,
  table.scorecard td, table.scorecard th { padding: 0 0.25rem; }
  ul.rulings { margin: 0.1rem 0 0; font-size: 8pt; }
  section.cards { display: grid; grid-template-columns: repeat(2, minmax(0, 1fr)); column-gap: 0.8rem; }
  section.cards > h2 { grid-column: 1 / -1; }
  section.cards .card { padding-bottom: 0.4rem; }
  body:has(#print-travellers:not(:checked)) section#travellers,
  body:has(#print-cards:not(:checked)) section.cards { display: none; }
  .chart { max-width: 100%; break-inside: avoid; }
}
"""


def _e(value: object) -> str:
    """Escape any value as HTML text (None as an empty string)."""
    return html.escape("" if value is None else str(value), quote=True)


def _slug(*parts: object) -> str:
    text = "-".join(str(p) for p in parts if p not in (None, ""))
    return re.sub(r"[^A-Za-z0-9_-]+", "_", text) or "x"


def _mp(value: Fraction | float | None, decimals: int | None) -> str:
    """A figure as every output writes it (:func:`mpxl.formats.common.format_number`: exact halves
    up, as the JSON, the terminal and the files): to ``decimals`` places, or plain when None.

    >>> from fractions import Fraction
    >>> _mp(Fraction(4163, 100), 2), _mp(308, None), _mp(Fraction(616, 2), None), _mp(None, 2)
    ('41.63', '308', '308', '')
    """
    return format_number(value, decimals)


def _pct(value: Fraction | float | None, decimals: int | None) -> str:
    """A percentage to ``decimals`` places (2 when None), halves up as the JSON rounds it.

    >>> from fractions import Fraction
    >>> _pct(Fraction(41625, 1000), 2), _pct(Fraction(125, 2), 0)
    ('41.63', '63')
    """
    return format_number(value, 2 if decimals is None else decimals)


def _page(title: str, body: str, lang: str = "en") -> str:
    head, tail = _page_ends(title, lang)
    return head + body + tail


def _page_ends(title: str, lang: str = "en") -> tuple[str, str]:
    """The page's text before its body and after it."""
    return (
        "<!DOCTYPE html>\n"
        f'<html lang="{_e(lang)}">\n<head>\n<meta charset="utf-8">\n'
        '<meta name="viewport" content="width=device-width, initial-scale=1">\n'
        '<meta name="generator" content="mpxl">\n'
        f"<title>{_e(title)}</title>\n<style>{PAGE_CSS}</style>\n</head>\n<body>\n",
        "\n</body>\n</html>\n",
    )


def _table(
    headers: Sequence[str],
    rows: Sequence[Sequence[str]],
    caption: str = "",
    numeric: Sequence[int] = (),
    wide: Sequence[int] = (),
    row_classes: Sequence[str] | None = None,
    table_id: str = "",
    optional: Sequence[int] = (),
    groups: Sequence[tuple[str, int, int]] = (),
    css_class: str = "",
) -> str:
    """A table; ``rows`` hold already-escaped HTML cells; empty ``optional`` columns are left out.

    ``groups`` is a row of headings above the column headings: ``(heading, first column, last
    column)``, each over its columns; a column under no group has its heading span both rows.
    (:func:`_table_lines` joined.)
    """
    return "\n".join(_table_lines(headers, rows, caption, numeric, wide, row_classes, table_id, optional, groups,
                                  css_class))


def _table_lines(
    headers: Sequence[str],
    rows: Iterable[Sequence[str]],
    caption: str = "",
    numeric: Sequence[int] = (),
    wide: Sequence[int] = (),
    row_classes: Iterable[str] | None = None,
    table_id: str = "",
    optional: Sequence[int] = (),
    groups: Sequence[tuple[str, int, int]] = (),
    css_class: str = "",
    empty: Collection[int] | None = None,
) -> Iterator[str]:
    """The lines of :func:`_table`, a row at a time. ``empty`` names the ``optional`` columns known
    to be empty on every row (then ``rows`` may be an iterator); else they are found from the rows."""
    if optional:
        if empty is None:
            rows = list(rows)
            empty = {j for j in optional if all(not r[j] for r in rows)}
        keep = [i for i in range(len(headers)) if i not in empty]
        where = {old: new for new, old in enumerate(keep)}
        headers = [headers[i] for i in keep]
        numeric, wide = [where[i] for i in numeric if i in where], [where[i] for i in wide if i in where]
        groups = [(h, keep.index(a), keep.index(b)) for h, a, b in groups]
        rows = ([row[i] for i in keep] for row in rows)

    def cls(i: int) -> str:
        names = (["num"] if i in numeric else []) + (["wide"] if i in wide else [])
        return f' class="{" ".join(names)}"' if names else ""

    id_attr = f' id="{_e(table_id)}"' if table_id else ""
    class_attr = f' class="{_e(css_class)}"' if css_class else ""
    yield f'<div class="scroll"><table{id_attr}{class_attr}>'
    if caption:
        yield f"<caption>{caption}</caption>"
    if groups:
        top: list[str] = []
        under: list[str] = []
        i = 0
        starts = {a: (h, b) for h, a, b in groups}
        while i < len(headers):
            if i in starts:
                h, b = starts[i]
                top.append(f'<th scope="colgroup" colspan="{b - i + 1}" class="group">{h}</th>')
                under.extend(f'<th scope="col"{cls(j)}>{headers[j]}</th>' for j in range(i, b + 1))
                i = b + 1
            else:
                top.append(f'<th scope="col" rowspan="2"{cls(i)}>{headers[i]}</th>')
                i += 1
        yield "<thead><tr>" + "".join(top) + "</tr><tr>" + "".join(under) + "</tr></thead>"
    else:
        yield "<thead><tr>" + "".join(f'<th scope="col"{cls(i)}>{h}</th>' for i, h in enumerate(headers)) + \
            "</tr></thead>"
    yield "<tbody>"
    classes = [cls(i) for i in range(len(headers))]
    for row, rc in zip(rows, row_classes or repeat("")):
        tr = f'<tr class="{_e(rc)}">' if rc else "<tr>"
        yield tr + "".join(f"<td{c}>{cell}</td>" for c, cell in zip(classes, row)) + "</tr>"
    yield "</tbody></table></div>"


# ---------------------------------------------------------------------------
# the results page


def _pair_index(result: SessionResult) -> PairIndex:
    index: PairIndex = {}
    for pr in result.pairs:
        p = pr.pair
        index[(p.section, str(p.number), p.direction)] = pr
    return index


def _find_pair(index: PairIndex, section: str, number: object, side: str) -> PairResult | None:
    return index.get((section, str(number), side)) or index.get((section, str(number), None))


def _anchor(*parts: object) -> str:
    """An anchor that names its parts one to one (two pairs never share one: ``1_a`` and ``1.a``
    differ): letters and digits as they are, any other character as ``_``, its code point and ``_``,
    the parts joined by ``-``.

    >>> _anchor("A", "NS", "1_a"), _anchor("A", "NS", "1.a"), _anchor("", None, "12")
    ('A-NS-1_5f_a', 'A-NS-1_2e_a', '12')
    """
    return "-".join("".join(ch if ch.isascii() and ch.isalnum() else f"_{ord(ch):x}_" for ch in str(part))
                    for part in parts if part not in (None, ""))


def _pair_id(pr: PairResult) -> str:
    p = pr.pair
    return "pair-" + _anchor(p.section, p.direction, p.number)


def _pair_label(pr: PairResult) -> str:
    p = pr.pair
    side = f" {p.direction}" if p.direction else ""
    sec = f"{p.section} " if p.section else ""
    return f"{sec}{p.number}{side}"


def _names(pr: PairResult, members: bool = False) -> str:
    """The pair's names for the page; with ``members``, each player's member number after the name.

    >>> from mpxl.core.event import Pair, Player
    >>> from mpxl.core.ranking import PairResult
    >>> pr = PairResult(Pair("1", names=("Ann", "Bob"), players=(Player("Ann", "12"), Player("Bob"))), 0, 0, 0, "1", 0)
    >>> _names(pr), _names(pr, members=True)
    ('Ann &amp; Bob', 'Ann (12) &amp; Bob')
    """
    if members and any(pl.national_id for pl in pr.pair.players):
        return " &amp; ".join(_e(f"{pl.name} ({pl.national_id})" if pl.national_id else pl.name)
                              for pl in pr.pair.players if pl.name or pl.national_id)
    return " &amp; ".join(_e(n) for n in pr.pair.names if n)


def page_title(event: Event, L: Mapping[str, str] = LABELS["en"]) -> str:
    """The page's title: the club's name (when the title does not already hold it) and the event's title;
    the word "Results" when neither is known.

    >>> from mpxl.core.event import Club, Event
    >>> page_title(Event(title="Monday Pairs", club=Club("Riverside BC"))), page_title(Event())
    ('Riverside BC · Monday Pairs', 'Results')
    """
    club = event.club.name.strip() if event.club else ""
    parts = [club] if club and club.casefold() not in event.title.casefold() else []
    return " · ".join(parts + ([event.title] if event.title else [])) or L["results"]


def _group_title(section: str, direction: str | None, L: Mapping[str, str] = LABELS["en"]) -> str:
    parts = []
    if section:
        parts.append(L["section"].format(section=section))
    if direction:
        parts.append({"NS": L["north_south"], "EW": L["east_west"]}.get(direction, direction))
    return ", ".join(parts) or L["all_pairs"]


def _method_title(method: str) -> str:
    """A method's name as its authors write it: ``Neuberg``, ``McKinnon``, ``Ascherman-short``."""
    return "McKinnon" if method == "mckinnon" else method.capitalize()


def _signed(value: Fraction | float) -> str:
    """A bridge score with its sign (``+420``, ``-50``, ``0``)."""
    v = int(value) if float(value).is_integer() else value
    return f"{v:+}" if v else "0"


def _signed_figure(value: Fraction | float, decimals: int | None) -> str:
    """A figure with its sign, as the files write it (``-1.0``, ``+2``).

    >>> from fractions import Fraction
    >>> _signed_figure(Fraction(-1), 1), _signed_figure(2, None)
    ('-1.0', '+2')
    """
    text = format_number(value, decimals)
    return text if text.startswith("-") else "+" + text


def _code(pct: Fraction) -> str:
    """One side's artificial percentage as the code scorers write: ``A+`` (60), ``A=`` (50), ``A-`` (40),
    else the percentage (``A55%``).

    >>> from fractions import Fraction
    >>> _code(Fraction(60)), _code(Fraction(50)), _code(Fraction(40)), _code(Fraction(55))
    ('A+', 'A=', 'A-', 'A55%')
    """
    if ave_kind(pct) is None:
        return f"A{format_number(pct, None)}%"
    return next(code for code, value in ARTIFICIAL_CODES.items() if value == pct)  # the rulebook's first spelling


def _components(comps: Components, side: str) -> str:
    """A side's result (weight, NS score) components in that side's own view: ``+420``, or
    ``30% +420; 70% +450`` for a weighted one (``side`` EW: the scores negated)."""
    sign = 1 if side == "NS" else -1
    if len(comps) == 1:
        return _signed(sign * comps[0][1])
    return "; ".join(f"{format_number(w * 100, None)}% {_signed(sign * s)}" for w, s in comps)


def _entry(line: Line) -> Entry:
    """The line's score as :func:`mpxl.core.adjustments.parse_entry` reads it (None when it cannot: the
    scorer read it already, so this does not happen for a scored line)."""
    try:
        return parse_entry(line.score)
    except ValueError:
        return None


def _score_cells(line: Line) -> tuple[str, str]:
    """The NS and EW score columns of a traveller line: a plain score in the side that scored it; an
    artificial score on its own side (NS ``A+``, EW ``A-``); a split or mixed one each side's part, in
    that side's own view (``-150`` and ``+50``).

    >>> from mpxl.core.event import Line
    >>> [_score_cells(Line(1, "1", "2", score=s)) for s in (420, -50, "A+", "A=/A+", "-150|-50", "420|A+")]
    [('420', ''), ('', '50'), ('A+', 'A-'), ('A=', 'A+'), ('-150', '+50'), ('+420', 'A+')]
    """
    s = line.score
    if isinstance(s, (int, float)) and not isinstance(s, bool):
        v = int(s) if float(s).is_integer() else s
        return (str(v), "") if v > 0 else ("", str(-v)) if v < 0 else ("0", "0")
    if s is None:
        return ("", "")
    e = _entry(line)
    if isinstance(e, Artificial):
        return _code(e.ns), _code(e.ew)
    if isinstance(e, Mixed):
        ns = _code(e.ns) if isinstance(e.ns, Fraction) else _components(e.ns, "NS")
        return ns, _code(e.ew) if isinstance(e.ew, Fraction) else _components(e.ew, "EW")
    if isinstance(e, Assigned):
        if e.is_split:
            return _components(e.ns, "NS"), _components(e.ew, "EW")
        return _components(e.ns, "NS"), ""
    return (str(s), str(s))


def _own_score(line: Line, side: str, L: Mapping[str, str]) -> str:
    """The score a pair's card shows for its line: its own side's part, in its own view."""
    if line.score is None:
        return L["not_played"]
    if isinstance(line.score, (int, float)) and not isinstance(line.score, bool):
        return _signed(line.score if side == "NS" else -line.score)
    ns, ew = _score_cells(line)
    return ns if side == "NS" else ew


def _line_rulings(line: Line, L: Mapping[str, str]) -> list[str]:
    """What a director did on the line, in words ([] for a plain result): an artificial, split,
    weighted or mixed score, an arrowswitch, a procedural penalty."""
    out = []
    e = None if line.score is None or isinstance(line.score, int) else _entry(line)
    ns, ew = _score_cells(line) if e is not None else ("", "")
    if isinstance(e, Artificial):
        out.append(L["artificial"].format(ns=ns, ew=ew))
    elif isinstance(e, Mixed):
        out.append(L["mixed"].format(ns=ns, ew=ew))
    elif isinstance(e, Assigned) and e.is_split:
        out.append(L["split"].format(ns=ns, ew=ew))
    elif isinstance(e, Assigned) and e.is_weighted:
        out.append(L["weighted"].format(parts=_components(e.ns, "NS")))
    if line.arrowswitch:
        out.append(L["arrowswitch"])
    for side, amount in (("NS", line.ns_penalty), ("EW", line.ew_penalty)):
        if amount not in (None, "", 0):
            out.append(L["penalty"].format(side=L[side.lower()], amount=amount))
    return out


def _contract(line: Line) -> str:
    """The contract as HTML: suit symbols for the strain, hearts and diamonds red (``4♥ X``).

    >>> from mpxl.core.event import Line
    >>> _contract(Line(1, "1", "2", contract="4H")), _contract(Line(1, "1", "2", contract="3NT"))
    ('4<span class="h">♥</span>', '3NT')
    """
    c = line.contract or ""
    found = re.fullmatch(r"(\d)([SHDC])(X{0,2})", c)
    if not found:
        return _e(c)
    sym, cls = dict(zip("SHDC", _SUITS))[found.group(2)]
    return f'{found.group(1)}<span class="{cls}">{sym}</span>{found.group(3)}'


def _tricks(line: Line) -> str:
    if line.tricks is None:
        return ""
    level = re.match(r"(\d)", line.contract or "")
    if level:
        diff = int(line.tricks) - (int(level.group(1)) + 6)
        return "=" if diff == 0 else f"{diff:+d}"
    return str(line.tricks)


def _played(line: Line) -> str:
    """What was played, in one cell of HTML: contract, declarer and result (``4♠ S =``, ``3NT E +1``).

    >>> from mpxl.core.event import Line
    >>> _played(Line(1, "1", "2", contract="4S", declarer="S", tricks=10)), _played(Line(1, "1", "2", score=420))
    ('4<span class="s">♠</span> S =', '')
    """
    return " ".join(x for x in (_contract(line), _e(line.declarer or ""), _e(_tricks(line))) if x)


_SUITS = (("\u2660", "s"), ("\u2665", "h"), ("\u2666", "d"), ("\u2663", "c"))


def _hand(cards: str) -> str:
    """One hand as four lines, a suit symbol and its cards (``-`` for a void)."""
    suits = cards.split(".") if cards else ["", "", "", ""]
    return "".join(
        f'<span class="{cls}">{sym}</span> {_e(held) or "&ndash;"}<br>' for (sym, cls), held in zip(_SUITS, suits)
    )


def _deal_html(deal: Deal, board: int, L: Mapping[str, str] = LABELS["en"]) -> str:
    """A board's hand diagram: North above, West and East either side, South below, the dealer and
    vulnerability in the middle (the board number's when the file does not say).

    >>> from mpxl.core.event import Deal
    >>> html_ = _deal_html(Deal(1, ("AKQJ.T98.765.432", "", "", "")), 1)
    >>> 'class="deal"' in html_ and "AKQJ" in html_ and "Dealer N" in html_
    True
    """
    seats = dict(zip(("N", "E", "S", "W"), deal.hands))
    dealer = deal.dealer or board_dealer(board).value
    vul = deal.vulnerable or board_vulnerability(board).value
    cells = [
        f'<div class="hand {seat.lower()}" aria-label="{_e(L[name])}"><b>{seat}</b><br>{_hand(seats[seat])}</div>'
        for seat, name in (("N", "north"), ("W", "west"), ("E", "east"), ("S", "south"))
        if seats[seat]
    ]
    middle = f'<div class="compass">{_e(L["dealer"])} {_e(dealer)}<br>{_e(L["vul"])} {_e(vul)}</div>'
    return f'<div class="deal">{"".join(cells)}{middle}</div>'


def results_html(result: SessionResult, lang: str | None = None, members: bool = False) -> str:
    """The results page of a scored event as an HTML string (see the module's description):
    :func:`results_html_parts` joined."""
    return "".join(results_html_parts(result, lang, members))


def _joined(parts: Iterable[str | Iterable[str]], sep: str = "\n") -> Iterator[str]:
    """The texts of ``parts`` with ``sep`` between them, as ``sep.join`` would; a part may itself be
    pieces (an iterator of texts, joined by ``sep`` within)."""
    first = True
    for part in parts:
        if not first:
            yield sep
        first = False
        if isinstance(part, str):
            yield part
        else:
            yield from _joined(part, sep)


def results_html_parts(result: SessionResult, lang: str | None = None, members: bool = False) -> Iterator[str]:
    """The results page in pieces, a board or a pair's card at a time, from the scorer's columns
    (:class:`mpxl.formats.common.EventToWrite`): the writer holds the event and one board, never
    the page. ``lang`` is the labels' language (:data:`mpxl.formats.labels.LANGUAGES`); None: the one the
    event's file says (:func:`mpxl.formats.labels.language_of`). The players' member numbers are shown in the
    ranking only with ``members`` (privacy: the federation's files carry them)."""
    code = language_code(lang if lang is not None else language_of(result.event))
    L = labels(code)
    head, tail = _page_ends(page_title(result.event, L), code)
    yield head
    yield from _joined(_results_body(result, L, members))
    yield tail


def settings_words(result: SessionResult, L: Mapping[str, str] = LABELS["en"], lang: str | None = None) -> list[str]:
    """How the event was scored, in words a player reads, one phrase per setting that matters (the
    tie words are the rulebook's, as on the workbook's Setup sheet): the scale, the method and the
    roundings in words made here; a setting's other value in the phrase its declaration names
    (:attr:`mpxl.core.options.Setting.phrases`), in the order of :data:`PHRASE_ORDER`.

    >>> from mpxl.core.event import Event, Line
    >>> from mpxl.core.session import score_event
    >>> from mpxl.core.options import ScoringOptions
    >>> settings_words(score_event(Event(lines=[Line(1, "1", "2", score=420)]), ScoringOptions.parse(rounding=1)))
    ['double matchpoints: 2 per result beaten, 1 per tie', 'short boards estimated by Neuberg', \
'board figures rounded to 1 decimal, halves away from zero', 'percentages to 2 decimals, halves away from zero']
    """
    o = result.options
    if lang is None:
        lang = next((code for code, table in LABELS.items() if table is L), "en")

    def rounded(key: str, r: Rounding) -> str:
        if r.kind is RoundingKind.EXACT:
            return L["rounding_exact"] if key == "rounding" else ""
        return L[key].format(decimals=decimals_words(r.decimals, lang), tie=tie_words(r.kind.value, lang))

    said = declared_phrases(result)
    if not _missed_boards(result):  # a missed board's credit is said only when a pair missed one
        said = [key for key in said if key != "unplayed_own"]
    t = result.travellers
    fouled = any(ln.group for ln in result.event.lines) or (t is not None and t.group is not None and any(t.group))
    words = {
        "scale": L["scale_" + o.scale.value],
        "method": L["method_none"] if o.method_name == "none" else L["method_est"].format(
            method=_method_title(o.method.value)),
        "rounding": rounded("rounding", o.rounding),
        "totals_rounding": rounded("totals_rounding", o.totals_rounding)
        if o.totals_rounding is not None and o.totals_rounding != o.rounding else "",
        "pct_rounding": "" if o.percentage_decimals is None else L["pct_rounding"].format(
            decimals=decimals_words(o.percentage_decimals, lang), tie=tie_words(o.percentage_tie.value, lang)),
        "line_pct": L["line_pct"] if result.event.line_percentage_decimals is not None else "",
        "small_rule": L["small_rule"].format(rule=o.small_groups.value.upper()) if fouled else "",
        **{key: L[key] for key in said},
    }
    order = [*PHRASE_ORDER, *(key for key in said if key not in PHRASE_ORDER)]
    return [words[key] for key in order if words.get(key)]


#: The order the results page says how the event was scored in: the phrases (keys of :mod:`mpxl.formats.labels`'
#: words) made by :func:`settings_words` and those the settings' declarations name
#: (:attr:`mpxl.core.options.Setting.phrases`); a declared phrase not listed here is said after these.
PHRASE_ORDER = ("scale", "method", "estimate_totals", "rounding", "totals_rounding", "totals_exact", "pct_rounding",
                "line_pct", "ave_wbf", "field_event", "unplayed_own", "places_plain", "lone_plus", "basis_scaled",
                "small_rule")


def declared_phrases(result: SessionResult) -> list[str]:
    """The phrases the settings' declarations name for the values ``result``'s options hold
    (:attr:`mpxl.core.options.Setting.phrases`: a value's word -> the key of its words in :mod:`mpxl.formats.labels`),
    in declaration order.

    >>> from mpxl.core.event import Event
    >>> from mpxl.core.session import score_event
    >>> from mpxl.core.options import ScoringOptions
    >>> declared_phrases(score_event(Event(), ScoringOptions.parse(places="plain", unplayed="own", field="event")))
    ['field_event', 'unplayed_own', 'places_plain']
    """
    o, event = result.options, result.event
    keys = (s.phrases.get(s.shown(o, event)) for s in registry() if s.phrases)
    return [key for key in keys if key is not None]


def _missed_boards(result: SessionResult) -> bool:
    """Whether a pair missed a board of its field (a sit-out, or fewer boards than another pair)."""
    return bool(result.event.sitouts) or len({pr.boards for pr in result.pairs}) > 1


def _results_body(result: SessionResult, L: Mapping[str, str], members: bool = False) -> Iterator[str | Iterator[str]]:
    """The parts of the results page's body, joined by line ends: the header, the ranking, the
    travellers and the personal score cards."""
    w = EventToWrite(result)
    index = _pair_index(result)
    yield from _page_header(result, L)
    yield from _ranking_section(result, L, members)
    yield from _travellers_section(result, L, w, index)
    yield from _cards_section(result, L, w, index)


def _page_header(result: SessionResult, L: Mapping[str, str]) -> Iterator[str]:
    """The page's header (title, date and program, the settings in words) and its contents bar."""
    ev = result.event
    yield f"<header><h1>{_e(page_title(ev, L))}</h1>"
    meta = [x for x in (ev.date, L["scored_by"].format(program=ev.program) if ev.program else "") if x]
    if meta:
        yield f'<p class="meta">{" · ".join(_e(m) for m in meta)}</p>'
    yield (f'<p class="meta settings"><b>{_e(L["settings"])}</b>: '
           f'{_e("; ".join(settings_words(result, L)))}</p></header>')
    yield (
        f'<nav class="toc" aria-label="contents"><a href="#ranking">{_e(L["ranking"])}</a>'
        f'<a href="#travellers">{_e(L["travellers"])}</a><a href="#cards">{_e(L["score_cards"])}</a>'
        f'<span class="printing">{_e(L["print"])}:'
        + "".join(f'<label><input type="checkbox" id="print-{part}" checked> {_e(L[key])}</label>'
                  for part, key in (("travellers", "travellers"), ("cards", "score_cards")))
        + "</span></nav>"
    )


def _ranking_section(result: SessionResult, L: Mapping[str, str],
                     show_members: bool = False) -> Iterator[str | Iterator[str]]:
    """The ranking, one table per ranking group (pairs are already sorted by place within groups); on
    the signed scale the maximum means nothing to its users: the signed total and the percentage,
    the divisor said in words under the table."""
    opts = result.options
    signed, percent = opts.scale is Scale.SIGNED, opts.scale is Scale.PERCENT
    decimals = figure_decimals(opts)  # as the files and the terminal write them
    pdec = getattr(opts, "percentage_decimals", 2)
    yield f'<section id="ranking"><h2>{_e(L["ranking"])}</h2>'
    groups: dict[tuple[str, str | None], list[PairResult]] = {}
    for pr in result.pairs:
        groups.setdefault((pr.pair.section, pr.pair.direction), []).append(pr)
    for (section, direction), members in groups.items():
        ranking_rows = (
            [
                _e(pr.place),
                f'<a href="#{_pair_id(pr)}">{_e(pr.pair.number)}</a>',
                _names(pr, show_members),
                *(() if percent else (_e(_mp(pr.mp, decimals)),)),
                *(() if signed or percent else (_e(_mp(pr.max, None)),)),
                _e(_pct(pr.percentage, pdec)),
                _e(pr.boards),
            ]
            for pr in members
        )
        classes = ("first" if str(pr.place).rstrip("=") == "1" else "" for pr in members)
        # the percentage scale: a pair's result is the mean of its board percentages, its one figure
        headers = [L["place"], L["pair"], L["names"], *(() if percent else (figure_label(opts.scale.value, L),)),
                   *(() if signed or percent else (L["max"],)), L["pct"], L["boards"]]
        yield _table_lines(
            [_e(h) for h in headers],
            ranking_rows,
            caption=_e(_group_title(section, direction, L)),
            numeric=(3, 4) if percent else (3, 4, 5) if signed else (3, 4, 5, 6),
            wide=(4,) if percent else (5,) if signed else (4, 6),
            row_classes=classes,
            table_id="ranking-" + _slug(section, direction, "table"),
        )
        if signed:
            note = signed_percentage_note((_mp(pr.max, None) for pr in members), L)
            yield f'<p class="note">{_e(note)}</p>'
    yield "</section>"


def _travellers_section(
    result: SessionResult, L: Mapping[str, str], w: EventToWrite, index: PairIndex
) -> Iterator[str | Iterator[str]]:
    """The travellers, a board at a time (:func:`_board_html`)."""
    ev = result.event
    yield f'<section id="travellers"><h2>{_e(L["travellers"])}</h2><div class="boards">'
    sc = result.scored
    sitouts: dict[tuple[int, int], list[SitOut]] = {}  # (session, board) -> the pairs that sat out (no opponents)
    for so in ev.sitouts:
        sitouts.setdefault((so.session, so.board), []).append(so)
    # (session, board) -> the penalties given as rows of their own
    penalties_of: dict[tuple[int, int], list[Penalty]] = {}
    for pen in ev.penalties:
        penalties_of.setdefault((pen.session, pen.board), []).append(pen)
    for b in sc.boards if sc is not None else ():
        yield from _board_html(result, L, w, index, b, sitouts.get((b.session, b.board), ()),
                               penalties_of.get((b.session, b.board), ()))
    yield "</div></section>"


def _board_note(b: BoardPlace, sat: list[SitOut], method: str, L: Mapping[str, str]) -> str:
    """What the note under a board's title says: its top, or how its figures were estimated, and
    the pairs that sat it out."""
    note = L["top_note"].format(top=_mp(b.top, None))
    if b.line_top is not None:
        note = L["plain_note"].format(line_top=_mp(b.line_top, None), actual=b.actual, top=_mp(b.top, None),
                                      expected=b.expected, method=method)
    elif b.actual != b.expected:
        note += "; " + L["estimated_note"].format(actual=b.actual, expected=b.expected, method=method)
    if sat:
        note += "; " + L["sat_out"].format(pairs=", ".join(
            L["pair_word"].format(pair=so.pair) + (f" ({so.section})" if so.section and not b.section else "")
            for so in sat))
    return note


def _board_html(
    result: SessionResult, L: Mapping[str, str], w: EventToWrite, index: PairIndex, b: BoardPlace,
    sat_board: Iterable[SitOut], penalties_board: Iterable[Penalty],
) -> Iterator[str | Iterator[str]]:
    """One board's traveller: its title and note, its deal, its lines' table and its rulings."""
    ev, opts, sc = result.event, result.options, result.scored
    decimals = figure_decimals(opts)
    line_pcts = ev.line_percentage_decimals
    bid = (
        "board-" + _anchor(b.section, f"s{b.session}" if b.session != 1 else "", b.board)
        if (b.section or b.session != 1)
        else f"board-{b.board}"
    )
    head = (
        L["board_title"].format(board=b.board)
        + (L["board_section"].format(section=b.section) if b.section else "")
        + (L["board_session"].format(session=b.session) if b.session != 1 else "")
    )
    assert sc is not None  # a board of the scorer's: the event was scored
    sat = [so for so in sat_board if not b.section or so.section == b.section]
    note = _board_note(b, sat, _method_title(opts.method.value), L)
    lines = w.lines_in(b.ranges)
    ns_mps, ew_mps = gather(sc.ns_mp, b.ranges), gather(sc.ew_mp, b.ranges)
    fouled = _fouled_notes(b, lines, ns_mps, ew_mps, opts, L)
    mark = f' <span class="mark">{_e(L["fouled_mark"])}</span>' if fouled else ""
    yield f'<div class="board" id="{_e(bid)}"><h3>{_e(head)}{mark}</h3><p class="note">{_e(note)}</p>'
    deal = ev.deals.get(b.board)
    if deal is not None and any(deal.hands):
        yield _deal_html(deal, b.board, L)
    pcts = None
    if line_pcts is not None:
        top = b.line_top or b.top
        pcts = [(opts.line_percentage(ns_x, ns, top, line_pcts), opts.line_percentage(ew_x, ew, top, line_pcts))
                for ns_x, ew_x, ns, ew in zip(gather(sc.ns_exact, b.ranges), gather(sc.ew_exact, b.ranges),
                                              ns_mps, ew_mps)]
    groups_ = (((L["score"], 5, 6), (figure_label(opts.scale.value, L), 7, 8))
               + (((L["pct"], 9, 10),) if pcts is not None else ()))
    yield _table_lines(
        [_e(h) for h in (L["ns"], L["ew"], L["group"], L["contract"], L["lead"], L["ns"], L["ew"], L["ns"], L["ew"],
                         L["ns"], L["ew"])][: 11 if pcts is not None else 9],
        _traveller_rows(b, lines, ns_mps, ew_mps, index, decimals, pcts, line_pcts),
        numeric=(5, 6, 7, 8, 9, 10),
        wide=(4,),
        optional=(2, 3, 4),
        groups=groups_,
        css_class="traveller pcts" if pcts is not None else "traveller",  # the lines' % too: packed closer
        # a column no line fills is left out: found from the lines, the rows made one at a time
        empty={j for j, filled in ((2, bool(fouled)), (3, any(map(_played, lines))),
                                   (4, any(ln.lead for ln in lines))) if not filled},
    )
    rulings = [(ln, words) for ln in lines if (words := _line_rulings(ln, L))]
    penalties = [L["penalty"].format(side=L["pair_word"].format(pair=p.pair) + " " + L[p.direction.lower()],
                                     amount=_signed_figure(p.amount, decimals))
                 for p in penalties_board
                 if p.amount and (not b.section or p.section == b.section)]  # a row of 0 changes nothing
    notes = fouled + [L["line_ref"].format(ns=ln.ns_pair, ew=ln.ew_pair)
                      + (f" ({ln.score})" if isinstance(ln.score, str) else "")  # as the file wrote it
                      + ": " + "; ".join(words) for ln, words in rulings] + penalties
    if notes:
        yield '<ul class="rulings">' + "".join(f"<li>{_e(n)}</li>" for n in notes) + "</ul>"
    yield "</div>"


def _cards_section(
    result: SessionResult, L: Mapping[str, str], w: EventToWrite, index: PairIndex
) -> Iterator[str | Iterator[str]]:
    """The personal score cards, a pair at a time, after a list of the pairs."""
    opts = result.options
    signed = opts.scale is Scale.SIGNED
    decimals = figure_decimals(opts)
    pdec = getattr(opts, "percentage_decimals", 2)
    yield (f'<section id="cards" class="cards"><h2>{_e(L["personal_score_cards"])}</h2>'
           '<ul class="pairlist noprint">')
    for pr in result.pairs:
        yield f'<li><a href="#{_pair_id(pr)}">{_e(_pair_label(pr))}</a> {_names(pr)}</li>'
    yield "</ul>"
    cards = _ScoreCards(result, w, index)
    for k, pr in enumerate(result.pairs):
        rows = []
        for b, ln, side, mp in cards.card(k):
            theirs = ln.ew_pair if side == "NS" else ln.ns_pair
            pct = "" if mp is None or not b.top else _pct(opts.scale.percentage(mp, b.top), 0)
            rows.append(
                [
                    _e(b.board),
                    _e(L[side.lower()]),
                    _e(theirs),
                    _played(ln),
                    _e(_own_score(ln, side, L)).replace("; ", "<br>"),
                    _e(_mp(mp, decimals)),
                    _e(_mp(b.top, None)),
                    _e(pct),
                ]
            )
        head = _e(L["pair_title"].format(pair=_pair_label(pr))) + (f" &middot; {_names(pr)}" if pr.pair.names else "")
        fields = {"pct": _pct(pr.percentage, pdec), "place": pr.place,
                  "group": _group_title(pr.pair.section, pr.pair.direction, L), "mp": _mp(pr.mp, decimals),
                  "max": _mp(pr.max, None)}
        summary = L["card_summary_signed" if signed else "card_summary"].format(**fields)
        yield f'<div class="card" id="{_pair_id(pr)}"><h3>{head}</h3><p class="note">{_e(summary)}</p>'
        yield _table(
            [_e(h) for h in (L["board"], L["dir"], L["opps"], L["contract"], L["score"],
                             figure_label(opts.scale.value, L), L["top"], L["pct"])],
            rows,
            numeric=(4, 5, 6, 7),
            wide=(6,),
            optional=(3,),
            css_class="scorecard",
        )
        yield f'<p class="noprint"><a href="#ranking">{_e(L["back"])}</a></p></div>'
    yield "</section>"


def _fouled_notes(
    b: BoardPlace, lines: list[Line], ns_mps: list[Any], ew_mps: list[Any], opts: ScoringOptions, L: Mapping[str, str]
) -> list[str]:
    """What a fouled board's note says ([] for a board of one group): its groups and their sizes, each
    group the small-group rule gave set percentages (which ones, and that NS + EW then passes the
    board's usual sum), as the scorer scored it (:func:`mpxl.core.board.score_board`)."""
    if not any(ln.group for ln in lines):  # one group: nothing to say (and nothing parsed)
        return []
    members: dict[str, list[int]] = {}
    entries = [_entry(ln) if ln.score is not None else None for ln in lines]
    for i, (ln, e) in enumerate(zip(lines, entries)):
        if isinstance(e, (Assigned, Mixed)):  # a label in any case, white space around ignored (as the scorer)
            members.setdefault(str(ln.group or "").strip().upper(), []).append(i)
    if len(members) < 2:
        return []

    def count(n: int) -> str:
        return L["result_1"] if n == 1 else L["results_n"].format(n=n)

    out = [L["fouled"].format(groups=", ".join(f"{g or '-'} ({count(len(m))})" for g, m in members.items()))]
    largest = (max(len(m) for m in members.values()),)
    usual = 0 if opts.scale is Scale.SIGNED else b.top  # what a line's NS + EW make on a board scored plain
    for g, m in members.items():
        n = len(m)
        if not uses_set_percentages(opts.small_groups, n, largest, b.expected):
            continue
        pcts = "/".join(f"{format_number(small_group_percentage(2 * (n - 1 - j), n), None)}%" for j in range(n))
        words = L["small_group"].format(group=g or "-", results=count(n), pcts=pcts,
                                        rule=opts.small_groups.value.upper())
        sums = [ns + ew for i in m if (ns := ns_mps[i]) is not None and (ew := ew_mps[i]) is not None]
        if sums and max(sums) > usual:
            words += ", " + L["over_top"].format(total=format_number(max(sums), figure_decimals(opts)),
                                                 normal=_mp(usual, None))
        out.append(words)
    return out


def _traveller_rows(b: BoardPlace, lines: list[Line], ns_mps: list[Any], ew_mps: list[Any], index: PairIndex,
                    decimals: int,
                    pcts: list[tuple[Any, Any]] | None = None, pct_decimals: int | None = None) -> Iterator[list[str]]:
    """The rows of board ``b``'s traveller: its lines and their figures, as escaped cells (the lines'
    percentages last when the file publishes them)."""
    for k, (ln, ns_mp, ew_mp) in enumerate(zip(lines, ns_mps, ew_mps)):
        ns_pr = _find_pair(index, ln.section, ln.ns_pair, "NS")
        ew_pr = _find_pair(index, ln.section, ln.ew_pair, "EW")
        # compared across the field, a line keeps its section: "A 1" and "B 1" are two pairs
        sec = f"{ln.section} " if ln.section != b.section else ""
        ns_link = f'<a href="#{_pair_id(ns_pr)}">{_e(sec + ln.ns_pair)}</a>' if ns_pr else _e(sec + ln.ns_pair)
        ew_link = f'<a href="#{_pair_id(ew_pr)}">{_e(sec + ln.ew_pair)}</a>' if ew_pr else _e(sec + ln.ew_pair)
        ns_s, ew_s = _score_cells(ln)
        row = [
            ns_link,
            ew_link,
            _e(str(ln.group or "").strip().upper()),
            _played(ln),
            _e(ln.lead or ""),
            _e(ns_s).replace("; ", "<br>"),  # a weighted score's parts one under the other
            _e(ew_s).replace("; ", "<br>"),
            _e(_mp(ns_mp, decimals)),
            _e(_mp(ew_mp, decimals)),
        ]
        if pcts is not None:
            row += [_e(format_number(p, pct_decimals)) for p in pcts[k]]
        yield row


class _ScoreCards:
    """Each pair's score card: its lines (a result or an artificial score, not a board not
    played), by session and board, found from the scorer's columns.

    The lines of all the cards are one array of numbers (line index and side), a pair's lines
    together, in the order the boards are reported: a few bytes a line, never an object.
    """

    def __init__(self, result: SessionResult, w: EventToWrite, index: PairIndex) -> None:
        sc, t = result.scored, result.travellers
        self.w, self.sc = w, sc
        self.boards = sc.boards if sc is not None else []
        count = len(result.pairs)
        n = len(t) if t is not None else 0
        position = {id(pr): k for k, pr in enumerate(result.pairs)}
        code = "i" if 2 * n + 1 < 2**31 else "q"
        ids = []  # per side, each line's pair (its position in result.pairs; count when none)
        one_section = t is None or t.section is None
        for side, numbers in (("NS", t.ns_pair if t is not None else []), ("EW", t.ew_pair if t is not None else [])):
            # as _find_pair: the pair of this side, else the pair of no direction (by number alone in one section)
            found: dict[object, int] = {}
            for direction in (None, side):
                found.update(((number if one_section else (sec, number)), position[id(pr)])
                             for (sec, number, d), pr in index.items()
                             if d == direction and (sec == "" or not one_section))
            keys = map(str, numbers) if t is None or t.section is None else zip(t.section, map(str, numbers))
            ids.append(array(code, map(found.get, keys, repeat(count))))
            del found
        self.board_of = array(code, bytes(array(code).itemsize * n))  # each line's board (its position)
        for k, b in enumerate(self.boards):
            for r in b.ranges:
                self.board_of[r.start:r.stop:r.step] = array(code, [k]) * len(r)
        kinds = sc.kind if sc is not None else []
        sizes = [0] * (count + 1)
        for side_ids in ids:
            for k, c in Counter(compress(side_ids, map("blank".__ne__, kinds))).items():
                sizes[k] += c
        self.starts = list(accumulate(sizes, initial=0))
        self.entries = array(code, bytes(array(code).itemsize * self.starts[-1]))  # 2 * line + side
        free = self.starts[:-1]
        ns_ids, ew_ids = ids
        for b in self.boards:
            for r in b.ranges:
                for i in r:
                    if kinds[i] == "blank":
                        continue
                    k = ns_ids[i]
                    if k != count:
                        self.entries[free[k]] = 2 * i
                        free[k] += 1
                    k = ew_ids[i]
                    if k != count:
                        self.entries[free[k]] = 2 * i + 1
                        free[k] += 1

    def card(self, k: int) -> list[tuple[BoardPlace, Line, str, Any]]:
        """(board, line, side, figure) of each line of the ``k``-th pair's card, by session and board."""
        sc, boards, board_of = self.sc, self.boards, self.board_of
        if sc is None:  # nothing scored: no card has a line
            return []
        entries = sorted(self.entries[self.starts[k]:self.starts[k + 1]],
                         key=lambda e: (boards[board_of[e >> 1]].session, boards[board_of[e >> 1]].board))
        lines = self.w.lines_in([range(e >> 1, (e >> 1) + 1) for e in entries])
        return [(boards[board_of[e >> 1]], ln, "EW" if e & 1 else "NS", (sc.ew_mp if e & 1 else sc.ns_mp)[e >> 1])
                for e, ln in zip(entries, lines)]


def write_html(result: SessionResult, path: str | os.PathLike[str], lang: str | None = None,
               members: bool = False) -> None:
    """Write the results page of ``result`` (a :class:`mpxl.core.session.SessionResult`) to ``path``,
    atomically, a board or a pair's card at a time (:func:`results_html_parts`), its labels in
    ``lang`` (None: the language the event's file says)."""
    with atomic_write(path) as f:
        buffer: list[str] = []
        size = 0
        for part in results_html_parts(result, lang, members):
            buffer.append(part)
            size += len(part)
            if size >= 2**16:  # the pieces are small: written 64 KB at a time
                f.write("".join(buffer))
                buffer.clear()
                size = 0
        f.write("".join(buffer))


# ---------------------------------------------------------------------------
# the study report


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
        name = "McKinnon" if ms.method == "mckinnon" else ms.method.capitalize()
        rows.append(
            [
                _e(name),
                _e(_f(ms.rmse)),
                _e(_f(ms.bias)),
                _e(_f(ms.spread_bias)),
                _e(_f(ms.top_bias)),
                _e(_f(ms.top_rmse)),
                _e(_f(ms.bottom_bias)),
                _e(_f(ms.bottom_rmse)),
                _e(_share(ms.winner_changed)),
                _e(_share(ms.top3_changed)),
            ]
        )
        classes.append("first" if ms.method == best else "")
    return rows, classes


_EXPLAIN = """
<p>For every complete board (every line a plain result) the study hides results at random, or splits the board into
two groups as if it had been fouled, scores what is left with each method, and compares each estimate with the same
line's matchpoints on the real, full board. All errors are in <b>percentage points</b> of the board's top.</p>
<ul>
<li><b>RMSE</b>: the typical size of the error (root mean square); lower is better.</li>
<li><b>Bias</b>: the mean error. It is close to zero for every method, because every method keeps the board's check
total.</li>
<li><b>Spread bias</b>: the mean error signed away from 50%: above zero the method pushes scores too far from average
(tops too high, bottoms too low), below zero it pulls them too close.</li>
<li><b>Top / Bottom</b>: the errors of the best and the worst score on the short board.</li>
<li><b>Winner changed / Top three changed</b>: how often the session's winner, or its first three places, differ when
all the estimated boards replace the real ones (a hidden result keeps its real score).</li>
</ul>
"""


def study_html(
    results: Sequence[StudyResult], charts: Mapping[str, bytes | str] | None = None, inputs: Sequence[str] = ()
) -> str:
    """The study report as an HTML string.

    ``results`` are :class:`mpxl.core.study.StudyResult` (one per K); ``charts`` maps a
    chart name to PNG bytes (embedded as a data URI) or to a file name (linked
    as a sibling image).

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
    body.append(
        f'<p class="meta">{_e(first.options.describe())}; {first.boards} complete boards from '
        f"{len(first.events)} event{'s' if len(first.events) != 1 else ''}</p>"
    )
    if inputs:
        body.append('<p class="meta">' + ", ".join(_e(os.path.basename(str(i))) for i in inputs) + "</p>")
    body.append("</header>")
    body.append(_EXPLAIN)
    for res in results:
        best = res.best().method
        label = ("fouled after " if res.options.mode == "foul" else "K = ") + str(res.options.amount)
        sid = "study-" + _slug(res.options.mode, res.options.amount)
        body.append(f'<section id="{_e(sid)}"><h2>{_e(label)}: all events</h2>')
        rows, classes = _method_rows(res.methods, best)
        body.append(
            _table(
                _METRIC_HEADERS,
                rows,
                caption=_e(f"{res.trials} trials, {res.best().lines} estimated lines per method"),
                numeric=range(1, 10),
                wide=(2, 5, 7),
                row_classes=classes,
            )
        )
        for ev in res.events:
            evbest = min(ev.methods, key=lambda m: m.rmse if not math.isnan(m.rmse) else math.inf).method
            rows, classes = _method_rows(ev.methods, evbest)
            winners = "; ".join(f"{k}: {', '.join(v)}" for k, v in ev.baseline_winners.items())
            body.append(
                f'<h3>{_e(ev.name)}</h3><p class="note">{ev.boards} boards studied, {ev.results} results; '
                f"real winner{'s' if len(ev.baseline_winners) > 1 else ''}: {_e(winners)}</p>"
            )
            body.append(_table(_METRIC_HEADERS, rows, numeric=range(1, 10), wide=(2, 5, 7), row_classes=classes))
            if ev.skipped:
                body.append(f'<p class="note">Not studied: {_e("; ".join(ev.skipped))}</p>')
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
                f'<figure><img class="chart" src="{_e(src)}" alt="{_e(captions.get(name, name))}">'
                f"<figcaption>{_e(captions.get(name, name))}</figcaption></figure>"
            )
        body.append("</section>")
    return _page("mpxl estimation study", "\n".join(body))


def write_study_html(
    results: Sequence[StudyResult], path: str | os.PathLike[str], charts: Mapping[str, bytes | str] | None = None,
    inputs: Sequence[str] = (),
) -> None:
    """Write the study report to ``path``, atomically (charts as in :func:`study_html`)."""
    page = study_html(results, charts, inputs)
    with atomic_write(path) as f:
        f.write(page)
