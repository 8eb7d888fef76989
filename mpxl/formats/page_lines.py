"""A traveller line's cells on the results page, shared by the travellers and the score cards: its score
(:func:`score_cells`), its rulings (:func:`line_rulings`) and what was played (:func:`played`)."""

from __future__ import annotations

import re
from collections.abc import Mapping
from fractions import Fraction
from typing import TYPE_CHECKING

from ..core.adjustments import ARTIFICIAL_CODES, Artificial, Assigned, Entry, Mixed, ave_kind, entry_of
from .common import format_number
from .page_frame import escape, signed_text

if TYPE_CHECKING:  # typing only
    from ..core.event import Line
    from ..core.matchpoints import Components

__all__ = ["line_entry", "score_cells", "own_score", "line_rulings", "contract_html", "played", "SUITS"]


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
        return signed_text(sign * comps[0][1])
    return "; ".join(f"{format_number(w * 100, None)}% {signed_text(sign * s)}" for w, s in comps)



def line_entry(line: Line) -> Entry:
    """The line's score's entry, read when the line was (:func:`mpxl.core.adjustments.entry_of`; None when it
    is no score: the scorer refused it already, so this does not happen for a scored line)."""
    try:
        return entry_of(line.score)
    except ValueError:
        return None



def score_cells(line: Line) -> tuple[str, str]:
    """The NS and EW score columns of a traveller line: a plain score in the side that scored it; an
    artificial score on its own side (NS ``A+``, EW ``A-``); a split or mixed one each side's part, in
    that side's own view (``-150`` and ``+50``).

    >>> from mpxl.core.event import Line
    >>> [score_cells(Line(1, "1", "2", score=s)) for s in (420, -50, "A+", "A=/A+", "-150|-50", "420|A+")]
    [('420', ''), ('', '50'), ('A+', 'A-'), ('A=', 'A+'), ('-150', '+50'), ('+420', 'A+')]
    """
    s = line.score
    if isinstance(s, (int, float)) and not isinstance(s, bool):
        v = int(s) if float(s).is_integer() else s
        return (str(v), "") if v > 0 else ("", str(-v)) if v < 0 else ("0", "0")
    if s is None:
        return ("", "")
    e = line_entry(line)
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



def own_score(line: Line, side: str, L: Mapping[str, str]) -> str:
    """The score a pair's card shows for its line: its own side's part, in its own view."""
    if line.score is None:
        return L["not_played"]
    if isinstance(line.score, (int, float)) and not isinstance(line.score, bool):
        return signed_text(line.score if side == "NS" else -line.score)
    ns, ew = score_cells(line)
    return ns if side == "NS" else ew



def line_rulings(line: Line, L: Mapping[str, str]) -> list[str]:
    """What a director did on the line, in words ([] for a plain result): an artificial, split,
    weighted or mixed score, an arrowswitch, a procedural penalty."""
    out = []
    e = None if line.score is None or isinstance(line.score, int) else line_entry(line)
    ns, ew = score_cells(line) if e is not None else ("", "")
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
        if amount:  # a penalty of 0 is none
            out.append(L["penalty"].format(side=L[side.lower()], amount=amount))
    return out



def contract_html(line: Line) -> str:
    """The contract as HTML: suit symbols for the strain, hearts and diamonds red (``4♥ X``).

    >>> from mpxl.core.event import Line
    >>> contract_html(Line(1, "1", "2", contract="4H")), contract_html(Line(1, "1", "2", contract="3NT"))
    ('4<span class="h">♥</span>', '3NT')
    """
    c = line.contract or ""
    found = re.fullmatch(r"(\d)([SHDC])(X{0,2})", c)
    if not found:
        return escape(c)
    sym, cls = dict(zip("SHDC", SUITS))[found.group(2)]
    return f'{found.group(1)}<span class="{cls}">{sym}</span>{found.group(3)}'



def _tricks(line: Line) -> str:
    if line.tricks is None:
        return ""
    level = re.match(r"(\d)", line.contract or "")
    if level:
        diff = int(line.tricks) - (int(level.group(1)) + 6)
        return "=" if diff == 0 else f"{diff:+d}"
    return str(line.tricks)



def played(line: Line) -> str:
    """What was played, in one cell of HTML: contract, declarer and result (``4♠ S =``, ``3NT E +1``).

    >>> from mpxl.core.event import Line
    >>> played(Line(1, "1", "2", contract="4S", declarer="S", tricks=10)), played(Line(1, "1", "2", score=420))
    ('4<span class="s">♠</span> S =', '')
    """
    return " ".join(x for x in (contract_html(line), escape(line.declarer or ""), escape(_tricks(line))) if x)



SUITS = (("\u2660", "s"), ("\u2665", "h"), ("\u2666", "d"), ("\u2663", "c"))
