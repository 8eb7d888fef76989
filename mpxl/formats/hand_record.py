"""The printable hand record (``mpxl deal ... -o hands.html``): per board its diagram with each hand's
HCP, the dealer and vulnerability, the makeable-contracts grid and the par, on A4.

Eight boards a page, two columns of four: at 9 pt a board (the diagram beside its grid and par)
takes about 60 by 90 mm, so eight fill an A4 sheet inside 10 mm margins and still read at arm's
length on a noticeboard; a 24-board evening is three sheets, 32 boards four. Printed, each sheet
breaks after its eighth board (``break-after: page``); on screen the boards simply follow.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from ..core.analysis import Analysis, hcp
from ..core.contract import board_dealer, board_vulnerability
from ..core.event import Deal
from .atomic import StrPath, atomic_write
from .labels import labels
from .page_analysis import analysis_html
from .page_frame import escape, page_ends
from .page_travellers import deal_html

__all__ = ["write_hand_record", "hand_record_html", "BOARDS_PER_PAGE"]

#: Boards a printed A4 page holds (see the module's docstring).
BOARDS_PER_PAGE = 8

_STYLE = """<style>
.sheet { display: grid; grid-template-columns: repeat(auto-fill, minmax(min(100%, 22rem), 1fr)); gap: 0.6rem 1.2rem; }
.rec { break-inside: avoid; page-break-inside: avoid; border-bottom: 1px solid var(--line); padding: 0.2rem 0 0.4rem; }
.rec h3 { margin: 0.3rem 0 0.1rem; }
@media print {
  @page { size: A4 portrait; margin: 10mm; }
  body { font-size: 9pt; }
  .sheet { grid-template-columns: repeat(2, minmax(0, 1fr)); grid-template-rows: repeat(4, auto); gap: 2mm 6mm; }
  .sheet:not(:last-child) { break-after: page; page-break-after: always; }
  .rec { height: 66mm; overflow: hidden; padding: 0; }
  .rec .deal { font-size: 8.5pt; line-height: 1.15; margin: 0; gap: 0 0.3rem; }
  .deal .hand b + br { display: none; }
  table.dd, p.par { font-size: 8pt; }
}
</style>
"""


def hand_record_html(deals: Sequence[Deal], analyses: Mapping[int, Analysis], title: str = "",
                     lang: str | None = None) -> str:
    """The hand record's page: the deals in board order, :data:`BOARDS_PER_PAGE` a printed sheet.

    >>> page = hand_record_html([Deal(1, ("AKQJ.T98.765.432", "", "", ""))], {})
    >>> page.count('class="rec"'), "Dealer N" in page
    (1, True)
    """
    L = labels(lang)
    name = title or L["hand_record"]
    head, tail = page_ends(name, lang or "en")
    ordered = sorted(deals, key=lambda d: d.board)
    parts = [head.replace("</head>", _STYLE + "</head>"), f"<h1>{escape(name)}</h1>\n"]
    for start in range(0, len(ordered), BOARDS_PER_PAGE):
        parts.append('<section class="sheet">\n')
        for deal in ordered[start:start + BOARDS_PER_PAGE]:
            analysis = analyses.get(deal.board)
            dealer = deal.dealer or board_dealer(deal.board).value
            vul = deal.vulnerable or board_vulnerability(deal.board).value
            heading = f'{L["board_title"].format(board=deal.board)} · {L["dealer"]} {dealer} · {L["vul"]} {vul}'
            body = deal_html(deal, deal.board, L, analysis.hcp if analysis else _points(deal))
            if analysis is not None:
                body = f'<div class="dealbox">{body}{analysis_html(analysis, L)}</div>'
            parts.append(f'<div class="rec"><h3>{escape(heading)}</h3>{body}</div>\n')
        parts.append("</section>\n")
    parts.append(tail)
    return "".join(parts)


def _points(deal: Deal) -> tuple[int, ...]:
    return tuple(hcp(h) for h in deal.hands) if all(deal.hands) else ()


def write_hand_record(deals: Sequence[Deal], analyses: Mapping[int, Analysis], path: StrPath, title: str = "",
                      lang: str | None = None) -> None:
    """Write the hand record to ``path`` (HTML), atomically."""
    with atomic_write(path, encoding="utf-8", newline="\n") as f:
        f.write(hand_record_html(deals, analyses, title, lang))
