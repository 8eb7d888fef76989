"""The results page's travellers (:func:`travellers_section`): every board's lines, its notes (estimates,
fouled groups, rulings) and, when the file has them, its hands."""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from ..core.adjustments import Assigned, Mixed
from ..core.contract import board_dealer, board_vulnerability
from ..core.event import Event, gather
from ..core.fouled import small_group_percentage, uses_set_percentages
from ..core.settings import Scale
from .common import EventToWrite, figure_decimals, format_number
from .labels import (
    LABELS,
    figure_label,
)
from .page_analysis import analysis_html, line_cells
from .page_frame import anchor, escape, method_title, mp_text, signed_figure, table_lines
from .page_lines import SUITS, line_entry, line_rulings, played, score_cells
from .page_pairs import PairIndex, find_pair, pair_id
from .page_progress import so_far_text

if TYPE_CHECKING:  # typing only
    from ..core.event import Deal, Line, Penalty, SitOut
    from ..core.options import ScoringOptions
    from ..core.progress import BoardProgress, PlaysKey
    from ..core.scorer import BoardPlace, ScoredColumns
    from ..core.session import SessionResult

__all__ = ["travellers_section", "deal_html"]


def travellers_section(
    result: SessionResult, L: Mapping[str, str], w: EventToWrite, index: PairIndex,
    progress: Mapping[PlaysKey, BoardProgress] | None = None,
) -> Iterator[str | Iterator[str]]:
    """The travellers, a board at a time (:func:`_board_html`); a board not complete yet says how many of its
    results are in (``progress``: each board's, by (session, section, board), while the evening is played)."""
    ev = result.event
    yield f'<section id="travellers"><h2>{escape(L["travellers"])}</h2><div class="boards">'
    sc = result.scored
    sitouts: dict[tuple[int, int], list[SitOut]] = {}  # (session, board) -> the pairs that sat out (no opponents)
    for so in ev.sitouts:
        sitouts.setdefault((so.session, so.board), []).append(so)
    # (session, board) -> the penalties given as rows of their own
    penalties_of: dict[tuple[int, int], list[Penalty]] = {}
    for pen in ev.penalties:
        penalties_of.setdefault((pen.session, pen.board), []).append(pen)
    first = Event.first_sessions((b.session, b.board) for b in sc.boards) if sc is not None else {}
    for b in sc.boards if sc is not None else ():
        yield from _board_html(result, L, w, index, b, sitouts.get((b.session, b.board), ()),
                               penalties_of.get((b.session, b.board), ()),
                               (progress or {}).get((b.session, b.section, b.board)), first.get(b.board, b.session))
    yield "</div></section>"



def _board_note(b: BoardPlace, sat: list[SitOut], method: str, L: Mapping[str, str],
                two_winners: frozenset[str] = frozenset(), so_far: BoardProgress | None = None) -> str:
    """What the note under a board's title says: its top, how many of its results are in while it is not
    complete (``so_far``), or how its figures were estimated, and the pairs that sat it out (with its direction
    where its section has two winners, ``two_winners``: NS 3 and EW 3 are two pairs)."""
    note = L["top_note"].format(top=mp_text(b.top, None))
    short = so_far is not None and not so_far.complete  # results still to arrive: how many are in
    so_far_words = so_far_text(so_far, L) if so_far is not None and short else ""
    if b.line_top is not None:  # the lines on their own top, the totals on the full one; or the other way round
        key = "plain_note" if b.line_top < b.top else "scaled_note"
        note = L[key].format(line_top=mp_text(b.line_top, None), actual=b.actual, top=mp_text(b.top, None),
                                      expected=b.expected, method=method) + (f"; {so_far_words}" if short else "")
    elif b.actual != b.expected:
        note += "; " + L["estimated_note"].format(results=so_far_words or results_text(b.actual, L),
                                                  expected=b.expected, method=method)
    elif short:
        note += "; " + so_far_words
    if sat:
        note += "; " + L["sat_out"].format(pairs=", ".join(
            L["pair_word"].format(pair=f"{L[so.direction.lower()]} {so.pair}" if so.section in two_winners else so.pair)
            + (f" ({so.section})" if so.section and not b.section else "")
            for so in sat))
    return note



def _several_sessions(sc: ScoredColumns | None) -> bool:
    """Whether the scored boards are of more than one session (each board's heading then names its session: board 1
    of session 1 and board 1 of session 2 are two deals)."""
    return sc is not None and len({b.session for b in sc.boards}) > 1


def _board_html(
    result: SessionResult, L: Mapping[str, str], w: EventToWrite, index: PairIndex, b: BoardPlace,
    sat_board: Iterable[SitOut], penalties_board: Iterable[Penalty], so_far: BoardProgress | None = None,
    first: int = 1,
) -> Iterator[str | Iterator[str]]:
    """One board's traveller: its title and note, its deal (its session's: :meth:`Event.deal`, ``first`` the first
    session to play its number), its lines' table and its rulings."""
    ev, opts, sc = result.event, result.options, result.scored
    decimals = figure_decimals(opts)
    line_pcts = ev.line_percentage_decimals
    bid = (
        "board-" + anchor(b.section, f"s{b.session}" if b.session != 1 else "", b.board)
        if (b.section or b.session != 1)
        else f"board-{b.board}"
    )
    head = (
        L["board_title"].format(board=b.board)
        + (L["board_section"].format(section=b.section) if b.section else "")
        + (L["board_session"].format(session=b.session) if b.session != 1 or _several_sessions(sc) else "")
    )
    assert sc is not None  # a board of the scorer's: the event was scored
    sat = [so for so in sat_board if not b.section or so.section == b.section]
    note = _board_note(b, sat, method_title(opts.method.value), L,
                       frozenset(sec for sec, n in result.event.winners.items() if n == 2), so_far)
    lines = w.lines_in(b.ranges)
    ns_mps, ew_mps = gather(sc.ns_mp, b.ranges), gather(sc.ew_mp, b.ranges)
    fouled = _fouled_notes(b, lines, ns_mps, ew_mps, opts, L)
    mark = f' <span class="mark">{escape(L["fouled_mark"])}</span>' if fouled else ""
    deal = ev.deal(b.session, b.board, first)
    analysis = ev.analyses.get(b.board) if deal is ev.deals.get(b.board) else None  # the analysis of that deal
    box = "board analysed" if analysis is not None else "board"  # analysed: the traveller's width across the page
    yield f'<div class="{box}" id="{escape(bid)}"><h3>{escape(head)}{mark}</h3><p class="note">{escape(note)}</p>'
    if deal is not None and any(deal.hands):
        if analysis is not None:  # the diagram, the makeable contracts and the par side by side
            yield f'<div class="dealbox">{deal_html(deal, b.board, L, analysis.hcp)}{analysis_html(analysis, L)}</div>'
        else:
            yield deal_html(deal, b.board, L)
    pcts = None
    if line_pcts is not None:
        top = b.line_top or b.top
        pcts = [(opts.line_percentage(ns_x, ns, top, line_pcts), opts.line_percentage(ew_x, ew, top, line_pcts))
                for ns_x, ew_x, ns, ew in zip(gather(sc.ns_exact, b.ranges), gather(sc.ew_exact, b.ranges),
                                              ns_mps, ew_mps)]
    more = 2 if analysis is not None else 0  # each line's double-dummy tricks and score against par, after the lead
    groups_ = (((L["score"], 5 + more, 6 + more), (figure_label(opts.scale.value, L), 7 + more, 8 + more))
               + (((L["pct"], 9 + more, 10 + more),) if pcts is not None else ()))
    headers = [escape(h) for h in (L["ns"], L["ew"], L["group"], L["contract"], L["lead"], L["ns"], L["ew"], L["ns"],
                                   L["ew"], L["ns"], L["ew"])][: 11 if pcts is not None else 9]
    rows = _traveller_rows(b, lines, ns_mps, ew_mps, index, decimals, pcts, line_pcts)
    if analysis is not None:
        headers[5:5] = [escape(L["dd_tricks"]), escape(L["vs_par"])]
        rows = (row[:5] + line_cells(ln, analysis) + row[5:] for row, ln in zip(rows, lines))
    yield table_lines(
        headers,
        rows,
        numeric=tuple(range(5, 11 + more)),
        wide=(4, 5, 6) if analysis is not None else (4,),  # a phone leaves out the lead, DD and par
        optional=(2, 3, 4),
        groups=groups_,
        css_class="traveller pcts" if pcts is not None else "traveller",  # the lines' % too: packed closer
        # a column no line fills is left out: found from the lines, the rows made one at a time
        empty={j for j, filled in ((2, bool(fouled)), (3, any(map(played, lines))),
                                   (4, any(ln.lead for ln in lines))) if not filled},
    )
    rulings = [(ln, words) for ln in lines if (words := line_rulings(ln, L))]
    penalties = [L["penalty"].format(side=L["pair_word"].format(pair=p.pair) + " " + L[p.direction.lower()],
                                     amount=signed_figure(p.amount, decimals))
                 for p in penalties_board
                 if p.amount and (not b.section or p.section == b.section)]  # a row of 0 changes nothing
    notes = fouled + [L["line_ref"].format(ns=ln.ns_pair, ew=ln.ew_pair)
                      + (f" ({ln.score})" if isinstance(ln.score, str) else "")  # as the file wrote it
                      + ": " + "; ".join(words) for ln, words in rulings] + penalties
    if notes:
        yield '<ul class="rulings">' + "".join(f"<li>{escape(n)}</li>" for n in notes) + "</ul>"
    yield "</div>"



def results_text(n: int, L: Mapping[str, str]) -> str:
    """``1 result``, ``3 results`` in the page's language.

    >>> results_text(1, LABELS["en"]), results_text(3, LABELS["en"])
    ('1 result', '3 results')
    """
    return L["result_1"] if n == 1 else L["results_n"].format(n=n)


def _fouled_notes(
    b: BoardPlace, lines: list[Line], ns_mps: list[Any], ew_mps: list[Any], opts: ScoringOptions, L: Mapping[str, str]
) -> list[str]:
    """What a fouled board's note says ([] for a board of one group): its groups and their sizes, each
    group the small-group rule gave set percentages (which ones, and that NS + EW then passes the
    board's usual sum), as the scorer scored it (:func:`mpxl.core.board.score_board`)."""
    if not any(ln.group for ln in lines):  # one group: nothing to say (and nothing parsed)
        return []
    members: dict[str, list[int]] = {}
    entries = [line_entry(ln) if ln.score is not None else None for ln in lines]
    for i, (ln, e) in enumerate(zip(lines, entries)):
        if isinstance(e, (Assigned, Mixed)):  # a label in any case, white space around ignored (as the scorer)
            members.setdefault(str(ln.group or "").strip().upper(), []).append(i)
    if len(members) < 2:
        return []

    def count(n: int) -> str:
        return results_text(n, L)

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
                                                 normal=mp_text(usual, None))
        out.append(words)
    return out



def _traveller_rows(b: BoardPlace, lines: list[Line], ns_mps: list[Any], ew_mps: list[Any], index: PairIndex,
                    decimals: int,
                    pcts: list[tuple[Any, Any]] | None = None, pct_decimals: int | None = None) -> Iterator[list[str]]:
    """The rows of board ``b``'s traveller: its lines and their figures, as escaped cells (the lines'
    percentages last when the file publishes them)."""
    for k, (ln, ns_mp, ew_mp) in enumerate(zip(lines, ns_mps, ew_mps)):
        ns_pr = find_pair(index, ln.section, ln.ns_pair, "NS")
        ew_pr = find_pair(index, ln.section, ln.ew_pair, "EW")
        # compared across the field, a line keeps its section: "A 1" and "B 1" are two pairs
        sec = f"{ln.section} " if ln.section != b.section else ""
        ns_link = f'<a href="#{pair_id(ns_pr)}">{escape(sec + ln.ns_pair)}</a>' if ns_pr else escape(sec + ln.ns_pair)
        ew_link = f'<a href="#{pair_id(ew_pr)}">{escape(sec + ln.ew_pair)}</a>' if ew_pr else escape(sec + ln.ew_pair)
        ns_s, ew_s = score_cells(ln)
        row = [
            ns_link,
            ew_link,
            escape(str(ln.group or "").strip().upper()),
            played(ln),
            escape(ln.lead or ""),
            escape(ns_s).replace("; ", "<br>"),  # a weighted score's parts one under the other
            escape(ew_s).replace("; ", "<br>"),
            escape(mp_text(ns_mp, decimals)),
            escape(mp_text(ew_mp, decimals)),
        ]
        if pcts is not None:
            row += [escape(format_number(p, pct_decimals)) for p in pcts[k]]
        yield row



def _hand(cards: str) -> str:
    """One hand as four lines, a suit symbol and its cards (``-`` for a void)."""
    suits = cards.split(".") if cards else ["", "", "", ""]
    return "".join(
        f'<span class="{cls}">{sym}</span> {escape(held) or "&ndash;"}<br>' for (sym, cls), held in zip(SUITS, suits)
    )



def deal_html(deal: Deal, board: int, L: Mapping[str, str] = LABELS["en"], hcp: Sequence[int] = ()) -> str:
    """A board's hand diagram: North above, West and East either side, South below, the dealer and
    vulnerability in the middle (the board number's when the file does not say); each hand's HCP
    beside its seat when ``hcp`` gives them.

    >>> from mpxl.core.event import Deal
    >>> html_ = deal_html(Deal(1, ("AKQJ.T98.765.432", "", "", "")), 1)
    >>> 'class="deal"' in html_ and "AKQJ" in html_ and "Dealer N" in html_
    True
    """
    seats = dict(zip(("N", "E", "S", "W"), deal.hands))
    points = dict(zip(("N", "E", "S", "W"), (f' <span class="hcp">{n}</span>' for n in hcp)))
    dealer = deal.dealer or board_dealer(board).value
    vul = deal.vulnerable or board_vulnerability(board).value
    cells = [
        f'<div class="hand {seat.lower()}" aria-label="{escape(L[name])}"><b>{seat}</b>{points.get(seat, "")}<br>'
        f"{_hand(seats[seat])}</div>"
        for seat, name in (("N", "north"), ("W", "west"), ("E", "east"), ("S", "south"))
        if seats[seat]
    ]
    middle = f'<div class="compass">{escape(L["dealer"])} {escape(dealer)}<br>{escape(L["vul"])} {escape(vul)}</div>'
    return f'<div class="deal">{"".join(cells)}{middle}</div>'
