"""The results page's score cards (:func:`cards_section`): each pair's boards, its own score and
matchpoints on each, two cards abreast in print."""

from __future__ import annotations

from array import array
from collections import Counter
from collections.abc import Iterator, Mapping
from itertools import accumulate, compress, repeat
from typing import TYPE_CHECKING, Any

from ..core.settings import Scale
from .common import EventToWrite, figure_decimals
from .labels import (
    figure_label,
)
from .page_frame import escape, html_table, mp_text, pct_text
from .page_lines import own_score, played
from .page_pairs import PairIndex, group_title, pair_id, pair_label, pair_names

if TYPE_CHECKING:  # typing only
    from ..core.event import Line
    from ..core.scorer import BoardPlace
    from ..core.session import SessionResult

__all__ = ["cards_section"]


def cards_section(
    result: SessionResult, L: Mapping[str, str], w: EventToWrite, index: PairIndex
) -> Iterator[str | Iterator[str]]:
    """The personal score cards, a pair at a time, after a list of the pairs."""
    opts = result.options
    signed = opts.scale is Scale.SIGNED
    decimals = figure_decimals(opts)
    pdec = getattr(opts, "percentage_decimals", 2)
    yield (f'<section id="cards" class="cards"><h2>{escape(L["personal_score_cards"])}</h2>'
           '<ul class="pairlist noprint">')
    for pr in result.pairs:
        yield f'<li><a href="#{pair_id(pr)}">{escape(pair_label(pr))}</a> {pair_names(pr)}</li>'
    yield "</ul>"
    cards = _ScoreCards(result, w, index)
    # several sessions: each board named with its session (board 1 of session 1 and of session 2 are two deals)
    several = result.scored is not None and len({b.session for b in result.scored.boards}) > 1
    for k, pr in enumerate(result.pairs):
        rows = []
        for b, ln, side, mp in cards.card(k):
            theirs = ln.ew_pair if side == "NS" else ln.ns_pair
            pct = "" if mp is None or not b.top else pct_text(opts.scale.percentage(mp, b.top), 0)
            rows.append(
                [
                    escape(f"{b.board}{L['board_session'].format(session=b.session)}" if several else b.board),
                    escape(L[side.lower()]),
                    escape(theirs),
                    played(ln),
                    escape(own_score(ln, side, L)).replace("; ", "<br>"),
                    escape(mp_text(mp, decimals)),
                    escape(mp_text(b.top, None)),
                    escape(pct),
                ]
            )
        head = (escape(L["pair_title"].format(pair=pair_label(pr)))
                + (f" &middot; {pair_names(pr)}" if pr.pair.names else ""))
        fields = {"pct": pct_text(pr.percentage, pdec), "place": pr.place,
                  "group": group_title(pr.pair.section, pr.pair.direction, L), "mp": mp_text(pr.mp, decimals),
                  "max": mp_text(pr.max, None)}
        # a pair with no other result to compare with yet (a live page): no percentage, as the ranking shows it
        key = "card_summary_signed" if signed else "card_summary" if pr.compared else "card_summary_uncompared"
        summary = L[key].format(**fields)
        yield f'<div class="card" id="{pair_id(pr)}"><h3>{head}</h3><p class="note">{escape(summary)}</p>'
        yield html_table(
            [escape(h) for h in (L["board"], L["dir"], L["opps"], L["contract"], L["score"],
                             figure_label(opts.scale.value, L), L["top"], L["pct"])],
            rows,
            numeric=(4, 5, 6, 7),
            wide=(6,),
            optional=(3,),
            css_class="scorecard",
        )
        yield f'<p class="noprint"><a href="#ranking">{escape(L["back"])}</a></p></div>'
    yield "</section>"



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
            # as find_pair: the pair of this side, else the pair of no direction (by number alone in one section)
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
