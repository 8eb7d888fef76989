"""The frame both static pages share (the results page, :mod:`mpxl.formats.report_html`, and the study's,
:mod:`mpxl.formats.study_page`): the style sheet, the page's head and foot, its tables, its figures as text
(matchpoints, percentages, signed), its anchors. All text from a file is escaped (:func:`escape`)."""

from __future__ import annotations

import html
import re
from collections.abc import Collection, Iterable, Iterator, Sequence
from fractions import Fraction
from itertools import repeat
from typing import TYPE_CHECKING

from .common import format_number

if TYPE_CHECKING:  # typing only
    pass

__all__ = ["PAGE_CSS", "escape", "slug", "mp_text", "pct_text", "html_page", "page_ends", "html_table",
           "table_lines", "anchor", "signed_text", "signed_figure", "method_title"]


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
.boards > .board.analysed { grid-column: 1 / -1; }
.dealbox { display: flex; flex-wrap: wrap; gap: 0 1rem; align-items: flex-start; }
.dealbox .deal { flex: 1 1 14rem; }
.deal .hcp { color: var(--muted); font-weight: normal; font-size: 0.8em; }
table.dd { min-width: 0; width: auto; font-size: 0.8rem; margin: 0.2rem 0; }
table.dd th, table.dd td { padding: 0 0.3rem; text-align: center; }
table.dd caption { font-weight: normal; color: var(--muted); font-size: 0.75rem; }
p.par { margin: 0.1rem 0 0.3rem; font-size: 0.85rem; }
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
  .board > .dealbox { grid-column: 1; width: 16rem; display: block; }
  .dealbox .deal { margin: 0; font-size: 8pt; line-height: 1.15; gap: 0 0.3rem; }
  table.dd, p.par { font-size: 7.5pt; }
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



def escape(value: object) -> str:
    """Escape any value as HTML text (None as an empty string)."""
    return html.escape("" if value is None else str(value), quote=True)



def slug(*parts: object) -> str:
    text = "-".join(str(p) for p in parts if p not in (None, ""))
    return re.sub(r"[^A-Za-z0-9_-]+", "_", text) or "x"



def mp_text(value: Fraction | float | None, decimals: int | None) -> str:
    """A figure as every output writes it (:func:`mpxl.formats.common.format_number`: exact halves
    up, as the JSON, the terminal and the files): to ``decimals`` places, or plain when None.

    >>> from fractions import Fraction
    >>> mp_text(Fraction(4163, 100), 2), mp_text(308, None), mp_text(Fraction(616, 2), None), mp_text(None, 2)
    ('41.63', '308', '308', '')
    """
    return format_number(value, decimals)



def pct_text(value: Fraction | float | None, decimals: int | None) -> str:
    """A percentage to ``decimals`` places (2 when None), halves up as the JSON rounds it.

    >>> from fractions import Fraction
    >>> pct_text(Fraction(41625, 1000), 2), pct_text(Fraction(125, 2), 0)
    ('41.63', '63')
    """
    return format_number(value, 2 if decimals is None else decimals)



def html_page(title: str, body: str, lang: str = "en") -> str:
    head, tail = page_ends(title, lang)
    return head + body + tail



def page_ends(title: str, lang: str = "en") -> tuple[str, str]:
    """The page's text before its body and after it."""
    return (
        "<!DOCTYPE html>\n"
        f'<html lang="{escape(lang)}">\n<head>\n<meta charset="utf-8">\n'
        '<meta name="viewport" content="width=device-width, initial-scale=1">\n'
        '<meta name="generator" content="mpxl">\n'
        f"<title>{escape(title)}</title>\n<style>{PAGE_CSS}</style>\n</head>\n<body>\n",
        "\n</body>\n</html>\n",
    )



def html_table(
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
    (:func:`table_lines` joined.)
    """
    return "\n".join(table_lines(headers, rows, caption, numeric, wide, row_classes, table_id, optional, groups,
                                  css_class))



def table_lines(
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
    """The lines of :func:`html_table`, a row at a time. ``empty`` names the ``optional`` columns known
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

    id_attr = f' id="{escape(table_id)}"' if table_id else ""
    class_attr = f' class="{escape(css_class)}"' if css_class else ""
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
        tr = f'<tr class="{escape(rc)}">' if rc else "<tr>"
        yield tr + "".join(f"<td{c}>{cell}</td>" for c, cell in zip(classes, row)) + "</tr>"
    yield "</tbody></table></div>"



def anchor(*parts: object) -> str:
    """An anchor that names its parts one to one (two pairs never share one: ``1_a`` and ``1.a``
    differ): letters and digits as they are, any other character as ``_``, its code point and ``_``,
    the parts joined by ``-``.

    >>> anchor("A", "NS", "1_a"), anchor("A", "NS", "1.a"), anchor("", None, "12")
    ('A-NS-1_5f_a', 'A-NS-1_2e_a', '12')
    """
    return "-".join("".join(ch if ch.isascii() and ch.isalnum() else f"_{ord(ch):x}_" for ch in str(part))
                    for part in parts if part not in (None, ""))



def signed_text(value: Fraction | float) -> str:
    """A bridge score with its sign (``+420``, ``-50``, ``0``)."""
    v = int(value) if float(value).is_integer() else value
    return f"{v:+}" if v else "0"



def signed_figure(value: Fraction | float, decimals: int | None) -> str:
    """A figure with its sign, as the files write it (``-1.0``, ``+2``).

    >>> from fractions import Fraction
    >>> signed_figure(Fraction(-1), 1), signed_figure(2, None)
    ('-1.0', '+2')
    """
    text = format_number(value, decimals)
    return text if text.startswith("-") else "+" + text



def method_title(method: str) -> str:
    """A method's name as its authors write it: ``Neuberg``, ``McKinnon``, ``Ascherman-short``."""
    return "McKinnon" if method == "mckinnon" else method.capitalize()
