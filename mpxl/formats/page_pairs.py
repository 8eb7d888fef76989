"""The results page's pairs: found by the travellers (:func:`pair_index`), linked (:func:`pair_id`), named
(:func:`pair_label`, :func:`pair_names`), and their ranking groups' titles (:func:`group_title`)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

from .labels import (
    LABELS,
)
from .page_frame import anchor, escape

if TYPE_CHECKING:  # typing only
    from ..core.ranking import PairResult
    from ..core.session import SessionResult

__all__ = ["PairIndex", "pair_index", "find_pair", "pair_id", "pair_label", "pair_names", "group_title"]


#: The pairs by (section, number, direction), as the travellers find them.
PairIndex = dict[tuple[str, str, "str | None"], "PairResult"]



def pair_index(result: SessionResult) -> PairIndex:
    index: PairIndex = {}
    for pr in result.pairs:
        p = pr.pair
        index[(p.section, str(p.number), p.direction)] = pr
    return index



def find_pair(index: PairIndex, section: str, number: object, side: str) -> PairResult | None:
    return index.get((section, str(number), side)) or index.get((section, str(number), None))



def pair_id(pr: PairResult) -> str:
    p = pr.pair
    return "pair-" + anchor(p.section, p.direction, p.number)



def pair_label(pr: PairResult) -> str:
    p = pr.pair
    side = f" {p.direction}" if p.direction else ""
    sec = f"{p.section} " if p.section else ""
    return f"{sec}{p.number}{side}"



def pair_names(pr: PairResult, members: bool = False) -> str:
    """The pair's names for the page; with ``members``, each player's member number after the name.

    >>> from mpxl.core.event import Pair, Player
    >>> from mpxl.core.ranking import PairResult
    >>> pr = PairResult(Pair("1", names=("Ann", "Bob"), players=(Player("Ann", "12"), Player("Bob"))), 0, 0, 0, "1", 0)
    >>> pair_names(pr), pair_names(pr, members=True)
    ('Ann &amp; Bob', 'Ann (12) &amp; Bob')
    """
    if members and any(pl.national_id for pl in pr.pair.players):
        return " &amp; ".join(escape(f"{pl.name} ({pl.national_id})" if pl.national_id else pl.name)
                              for pl in pr.pair.players if pl.name or pl.national_id)
    return " &amp; ".join(escape(n) for n in pr.pair.names if n)



def group_title(section: str, direction: str | None, L: Mapping[str, str] = LABELS["en"]) -> str:
    parts = []
    if section:
        parts.append(L["section"].format(section=section))
    if direction:
        parts.append({"NS": L["north_south"], "EW": L["east_west"]}.get(direction, direction))
    return ", ".join(parts) or L["all_pairs"]
