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

The page's parts are modules of their own: the frame and style both pages share
(:mod:`.page_frame`), the pairs' names and links (:mod:`.page_pairs`), a line's cells
(:mod:`.page_lines`), the ranking (:mod:`.page_ranking`), the travellers
(:mod:`.page_travellers`), the score cards (:mod:`.page_cards`) and the study's page
(:mod:`.study_page`); this module puts the results page together.

>>> from mpxl.core.event import Event, Line
>>> from mpxl.core.session import score_event
>>> page = results_html(score_event(Event(title="Club <Pairs>",
...                                         lines=[Line(1, "1", "2", score=420), Line(1, "3", "4", score=-50)])))
>>> "Club &lt;Pairs&gt;" in page, 'id="ranking"' in page, 'id="board-1"' in page
(True, True, True)
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Iterator, Mapping
from typing import TYPE_CHECKING

from ..core.options import registry
from ..core.settings import RoundingKind
from .atomic import atomic_write
from .common import EventToWrite
from .labels import (
    LABELS,
    decimals_words,
    labels,
    language_code,
    language_of,
    tie_words,
)
from .page_cards import cards_section
from .page_frame import PAGE_CSS, escape, method_title, page_ends
from .page_pairs import pair_index
from .page_progress import board_progress, page_progress, progress_notes
from .page_ranking import ranking_section
from .page_travellers import travellers_section
from .study_page import study_html, write_study_html  # the study's page, its own module

if TYPE_CHECKING:  # typing only
    from ..core.event import Event
    from ..core.rounding import Rounding
    from ..core.session import SessionResult

__all__ = ["results_html", "results_html_parts", "write_html", "page_title", "settings_words", "study_html",
           "write_study_html", "PAGE_CSS"]


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
    head, tail = page_ends(page_title(result.event, L), code)
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
            method=method_title(o.method.value)),
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
    index = pair_index(result)
    found = page_progress(result)  # an evening still being played: its standings provisional, its short boards named
    yield from _page_header(result, L)
    yield from ranking_section(result, L, members, progress_notes(result, L, found),
                               found is not None and found.provisional)
    yield from travellers_section(result, L, w, index, board_progress(found))
    yield from cards_section(result, L, w, index)



def _page_header(result: SessionResult, L: Mapping[str, str]) -> Iterator[str]:
    """The page's header (title, date and program, the settings in words) and its contents bar."""
    ev = result.event
    yield f"<header><h1>{escape(page_title(ev, L))}</h1>"
    meta = [x for x in (ev.date, L["scored_by"].format(program=ev.program) if ev.program else "") if x]
    if meta:
        yield f'<p class="meta">{" · ".join(escape(m) for m in meta)}</p>'
    yield (f'<p class="meta settings"><b>{escape(L["settings"])}</b>: '
           f'{escape("; ".join(settings_words(result, L)))}</p></header>')
    yield (
        f'<nav class="toc" aria-label="contents"><a href="#ranking">{escape(L["ranking"])}</a>'
        f'<a href="#travellers">{escape(L["travellers"])}</a><a href="#cards">{escape(L["score_cards"])}</a>'
        f'<span class="printing">{escape(L["print"])}:'
        + "".join(f'<label><input type="checkbox" id="print-{part}" checked> {escape(L[key])}</label>'
                  for part, key in (("travellers", "travellers"), ("cards", "score_cards")))
        + "</span></nav>"
    )



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
