"""The results page's ranking (:func:`ranking_section`): one table per ranking group."""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from typing import TYPE_CHECKING

from ..core.ranking import NOT_COMPARED, event_sessions
from ..core.settings import Scale
from .common import figure_decimals
from .labels import (
    figure_label,
    signed_percentage_note,
)
from .page_frame import escape, mp_text, pct_text, slug, table_lines
from .page_pairs import group_title, pair_id, pair_names

if TYPE_CHECKING:  # typing only
    from ..core.ranking import PairResult
    from ..core.session import SessionResult

__all__ = ["ranking_section"]


def ranking_section(result: SessionResult, L: Mapping[str, str], show_members: bool = False,
                    notes: Sequence[str] = (), provisional: bool = False) -> Iterator[str | Iterator[str]]:
    """The ranking, one table per ranking group (pairs are already sorted by place within groups); on
    the signed scale the maximum means nothing to its users: the signed total and the percentage,
    the divisor said in words under the table. ``notes`` are said under its title (an evening still being
    played: :func:`mpxl.formats.page_progress.progress_notes`), the title marked ``provisional`` when so."""
    opts = result.options
    signed, percent = opts.scale is Scale.SIGNED, opts.scale is Scale.PERCENT
    decimals = figure_decimals(opts)  # as the files and the terminal write them
    pdec = getattr(opts, "percentage_decimals", 2)
    mark = f' <span class="mark">{escape(L["provisional"])}</span>' if provisional else ""
    yield f'<section id="ranking"><h2>{escape(L["ranking"])}{mark}</h2>'
    for note in notes:
        yield f'<p class="note progress">{escape(note)}</p>'
    groups: dict[tuple[str, str | None], list[PairResult]] = {}
    for pr in result.pairs:
        groups.setdefault((pr.pair.section, pr.pair.direction), []).append(pr)
    sessions = event_sessions(result) if result.scored is not None else [1]
    # several sessions: each session's own figure and percentage (- where the pair did not play), then the event's
    each = (0 if percent else 1) + 1 if len(sessions) > 1 else 0
    for (section, direction), members in groups.items():
        ranking_rows = (
            [
                escape(pr.place),
                f'<a href="#{pair_id(pr)}">{escape(pr.pair.number)}</a>',
                pair_names(pr, show_members),
                *(pr.session_cells(sessions, opts.scale, not percent, lambda x: escape(mp_text(x, decimals)),
                                   lambda x: escape(pct_text(x, pdec))) if each else ()),
                *(() if percent else (escape(mp_text(pr.mp, decimals)),)),
                *(() if signed or percent else (escape(mp_text(pr.max, None)),)),
                escape(pct_text(pr.percentage, pdec) if pr.compared else NOT_COMPARED),
                escape(pr.boards),
            ]
            for pr in members
        )
        classes = ("first" if str(pr.place).rstrip("=") == "1" else "" for pr in members)
        # the percentage scale: a pair's result is the mean of its board percentages, its one figure
        figure = () if percent else (figure_label(opts.scale.value, L),)
        per_session = [h for _ in sessions for h in (*figure, L["pct"])] if each else []
        headers = [L["place"], L["pair"], L["names"], *per_session, *figure,
                   *(() if signed or percent else (L["max"],)), L["pct"], L["boards"]]
        shift = len(per_session)
        numeric = tuple(i + shift for i in ((3, 4) if percent else (3, 4, 5) if signed else (3, 4, 5, 6)))
        spans = [(escape(L["session_head"].format(session=sess)), 3 + i * each, 3 + (i + 1) * each - 1)
                 for i, sess in enumerate(sessions)] if each else []
        if spans:
            spans.append((escape(L["event_head"]), 3 + shift, len(headers) - 2))
        yield table_lines(
            [escape(h) for h in headers],
            ranking_rows,
            caption=escape(group_title(section, direction, L)),
            numeric=tuple(range(3, 3 + shift)) + numeric,
            wide=tuple(i + shift for i in ((4,) if percent else (5,) if signed else (4, 6))),
            row_classes=classes,
            table_id="ranking-" + slug(section, direction, "table"),
            groups=spans,
        )
        if signed:
            note = signed_percentage_note((mp_text(pr.max, None) for pr in members), L)
            yield f'<p class="note">{escape(note)}</p>'
    yield "</section>"


