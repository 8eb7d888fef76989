"""The ``mpxl score --json`` document: boards with their lines, pairs with their totals, and how the
event was scored (numbers as floats), written a board at a time (:func:`json_text`) as
``json.dumps(doc, indent=1, ensure_ascii=False)`` would write it, never holding the whole document.

>>> from mpxl.core.event import Event, Line
>>> from mpxl.core.session import score_event
>>> doc = result_to_json(score_event(Event(lines=[Line(1, "1", "2", score=420)])))
>>> doc["boards"][0]["lines"][0]["ns_mp"], doc["pairs"][0]["place"]
(0.0, '1=')
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator, Sequence
from fractions import Fraction
from itertools import chain, islice
from json.encoder import encode_basestring
from typing import Any, cast

from ..core.analysis import Analysis, hcp
from ..core.contract import board_dealer, board_vulnerability
from ..core.event import SEATS, Deal, Travellers
from ..core.options import ScoringOptions
from ..core.pairings import gather
from ..core.ranking import PairResult
from ..core.scorer import BoardPlace, ScoredBoard, ScoredColumns
from ..core.session import SessionResult, settings_of

__all__ = ["result_to_json", "json_text", "json_heading", "board_json", "pair_json", "line_json", "board_fields",
           "deal_json"]


def _num(value: Fraction | None) -> float | None:
    return None if value is None else float(value)


def result_to_json(result: SessionResult) -> dict[str, Any]:
    """The ``mpxl score --json`` document: boards with lines, pairs with totals (numbers as floats):
    :func:`json_text` read back.

    >>> from mpxl.core.event import Event, Line
    >>> from mpxl.core.session import score_event
    >>> doc = result_to_json(score_event(Event(lines=[Line(1, "1", "2", score=420), Line(1, "3", "4", score=400)])))
    >>> doc["boards"][0]["lines"][0]
    {'ns_pair': '1', 'ew_pair': '2', 'ns_score': 420, 'ns_mp': 2.0, 'ew_mp': 0.0}
    >>> doc["pairs"][0]
    {'pair': '1', 'section': '', 'direction': None, 'mp': 2.0, 'max': 2.0, 'percentage': 100.0, 'place': '1=',
     'boards': 1, 'names': []}
    """
    doc: dict[str, Any] = json.loads("".join(json_text(result)))
    return doc


def json_text(result: SessionResult, more: dict[str, Any] | None = None) -> Iterator[str]:
    """The ``--json`` document (with ``more`` fields at its end) as text, a board at a time: the
    text of ``json.dumps(doc, indent=1, ensure_ascii=False)`` (tests/test_session.py), never
    holding the whole document. A board's lines are laid out from the scorer's columns by one
    template of their fields, each distinct value's text made once.

    >>> from mpxl.core.event import Event, Line
    >>> from mpxl.core.session import score_event
    >>> text = "".join(json_text(score_event(Event(lines=[Line(1, "1", "2", score=420)]))))
    >>> print("\\n".join(text.splitlines()[:6]))
    {
     "boards": [
      {
       "board": 1,
       "section": "",
       "lines": [
    """
    yield '{\n "boards": '
    sc, t = result.scored, result.travellers
    if sc is not None and t is not None:
        writer = _LinesJson(t, sc, result.options, result.event.line_percentage_decimals)
        yield from _json_items((writer.board(b) for b in sc.boards), 1)
    else:
        yield from _json_items(((_indented(_json_dumps(board_json(b)), 2),) for b in result.boards), 1)
    yield ',\n "pairs": '
    opts = result.options
    several = sc is not None and len({b.session for b in sc.boards}) > 1  # each pair's sessions' own figures too
    yield from _json_items(_batched((_pair_text(pr, opts, several) for pr in result.pairs), ",\n  "), 1)
    for key, value in (json_heading(result) | (more or {})).items():
        yield f",\n {json.dumps(key)}: " + _indented(_json_dumps(value), 1)
    yield "\n}"


def _json_dumps(value: object) -> str:
    return json.dumps(value, indent=1, ensure_ascii=False)


def _indented(text: str, depth: int) -> str:
    """JSON text placed ``depth`` levels in (one space a level)."""
    return text.replace("\n", "\n" + " " * depth)


def _json_items(items: Iterable[Sequence[str]], depth: int) -> Iterator[str]:
    """A JSON list at ``depth`` of items already written as text (at depth + 1), each item given
    as the pieces of its text (a board's text is megabytes: its pieces are passed on, not joined).

    >>> "".join(_json_items([("1",), ("2", "3")], 0)), "".join(_json_items([], 0))
    ('[\\n 1,\\n 23\\n]', '[]')
    """
    first = True
    for pieces in items:
        yield ("[\n" if first else ",\n") + " " * (depth + 1)
        yield from pieces
        first = False
    yield "[]" if first else "\n" + " " * depth + "]"


def _batched(texts: Iterable[str], separator: str, size: int = 2048) -> Iterator[tuple[str]]:
    """Items' texts joined ``size`` at a time by ``separator`` (the list's own between two items):
    a write per batch, not per item.

    >>> list(_batched(["a", "b", "c"], ", ", 2))
    [('a, b',), ('c',)]
    """
    it = iter(texts)
    while batch := list(islice(it, size)):
        yield (separator.join(batch),)


def _scalar(value: object) -> str:
    """A JSON scalar's text, as ``json.dumps`` writes it.

    >>> [_scalar(v) for v in ("Ann", "é", 3, 2.5, None, True)]
    ['"Ann"', '"é"', '3', '2.5', 'null', 'true']
    """
    kind = type(value)
    if kind is str:
        return encode_basestring(cast(str, value))
    if kind is int or kind is float:
        return repr(value)
    return json.dumps(value, ensure_ascii=False)


def _template(keys: Sequence[str], depth: int, listed: str | None = None) -> list[str]:
    """The texts between the values of a dict of ``keys`` written by ``json.dumps(indent=1)``
    at ``depth``: len(keys) + 1 pieces; the value of the key ``listed`` is the one item of a list
    (its brackets are in the pieces around it).

    >>> _template(["a", "b"], 0), _template(["a", "b"], 0, listed="a")
    (['{\\n "a": ', ',\\n "b": ', '\\n}'], ['{\\n "a": [\\n  ', '\\n ],\\n "b": ', '\\n}'])
    """
    marks = [f"\x00{i}\x00" for i in range(len(keys))]
    text = _indented(_json_dumps({k: [m] if k == listed else m for k, m in zip(keys, marks)}), depth)
    pieces = []
    for mark in marks:
        before, text = text.split(json.dumps(mark), 1)
        pieces.append(before)
    return [*pieces, text]


#: A line's fields in the JSON, as :func:`line_json` gives them, without and with the line's section.
_LINE_KEYS = ("ns_pair", "ew_pair", "ns_score", "ns_mp", "ew_mp")


class _LinesJson:
    """Boards of the JSON from the scorer's columns: a board's lines laid out by one template."""

    def __init__(self, t: Travellers, sc: ScoredColumns, options: ScoringOptions | None = None,
                 percentage_decimals: int | None = None) -> None:
        self.t, self.sc = t, sc
        self.options, self.percentage_decimals = options, percentage_decimals  # the lines' percentages, if any
        self.sections = t.section
        self.groups = t.group if t.group is not None and any(t.group) else None  # fouled boards' group labels
        self.caches: dict[tuple[str, int, bool], dict[Any, str]] = {}
        self.templates: dict[bool, tuple[list[str], str]] = {}
        self.headings: dict[tuple[str, ...], list[str]] = {}  # a board's fields' template, by its keys

    def board(self, b: BoardPlace) -> tuple[str, str, str]:
        """One board's text, at the depth of the document's boards, in three pieces."""
        t, sc, ranges = self.t, self.sc, b.ranges
        sections = None if self.sections is None else gather(self.sections, ranges)
        distinct_sections = set(sections) if sections is not None else {b.section}
        own_section = distinct_sections != {b.section}
        head, tail = self._heading(b)
        indent = head[head.rindex("\n") + 1:]
        totals = sc.totals and any(sc.totals.get(i, (None,))[0] is not None
                                   for r in ranges for i in r)
        fouled = self.groups is not None and any(gather(self.groups, ranges))
        if (totals or (own_section and b.section in distinct_sections) or self.percentage_decimals is not None
                or fouled):
            return head, f",\n{indent}".join(self._generic(b, indent)), tail  # lines of several kinds
        keys = _LINE_KEYS + (("section",) if own_section else ())
        pieces = self._pieces(own_section, indent)
        columns: list[tuple[list[Any], bool]] = [(gather(t.ns_pair, ranges), False), (gather(t.ew_pair, ranges), False),
                                                 (gather(t.score, ranges), False), (gather(sc.ns_mp, ranges), True),
                                                 (gather(sc.ew_mp, ranges), True)]
        if own_section:
            assert sections is not None
            columns.append((sections, False))
        width = len(keys)
        caches = [self.caches.setdefault((keys[slot], width, own_section), {}) for slot in range(width)]
        texts: list[dict[Any, str]] = list(caches)  # each slot's of a line, by value (a figure by its id)
        origin = list(range(width))  # each slot's field

        def fill(slot: int, values: Iterable[Any], by_id: bool) -> None:
            """Make the texts of ``values`` not made before (each distinct value's once)."""
            cache = caches[slot]
            before = pieces[0] if slot == 0 else ""
            after = pieces[slot + 1] + (f",\n{indent}" if slot == width - 1 else "")
            # a figure column's: every figure of the event (few: one object each, keyed by id)
            value_of = {id(f): f for f in [None, *sc.figures()]} if by_id else dict.fromkeys(values)
            for key in [key for key in value_of if key not in cache]:  # not a set of the whole cache
                cache[key] = before + _scalar(_json_value(keys[slot], value_of[key] if by_id else key)) + after

        if b.by_score:  # a line's score and figures are its score's: one text per score for the three
            scores, ns, ew = columns[2][0], columns[3][0], columns[4][0]
            first = [(score, scores.index(score)) for score in dict.fromkeys(scores)]
            fill(2, (score for score, _ in first), False)
            if any(id(column[i]) not in caches[slot] for _, i in first for slot, column in ((3, ns), (4, ew))):
                fill(3, (), True)
                fill(4, (), True)
            text_of, ns_of, ew_of = caches[2:5]
            texts[2:5] = [{score: text_of[score] + ns_of[id(ns[i])] + ew_of[id(ew[i])] for score, i in first}]
            columns[2:5] = [(scores, False)]
            origin[2:5] = [2]  # never refilled: every score's text is made
        slots = len(columns)
        layout: list[str] = [""] * (len(columns[0][0]) * slots)
        for slot, ((values, by_id), text) in enumerate(zip(columns, texts)):
            try:
                layout[slot::slots] = map(text.__getitem__, map(id, values) if by_id else values)
            except KeyError:  # values not met before (the slice is left as it was): their texts made once
                fill(origin[slot], values, by_id)
                layout[slot::slots] = map(text.__getitem__, map(id, values) if by_id else values)
        if layout:  # no separator after the last line
            layout[-1] = layout[-1][: -len(f",\n{indent}")]
        return head, "".join(layout), tail

    def _heading(self, b: BoardPlace) -> tuple[str, str]:
        """The text of board ``b``'s fields before and after its lines (:func:`board_fields` written
        by ``json.dumps``), at the depth of the document's boards: one template per set of fields."""
        fields = board_fields(b.board, b.section, [], b.expected, b.actual, b.top, b.line_top, b.session)
        keys = tuple(fields)
        pieces = self.headings.get(keys)
        if pieces is None:
            pieces = self.headings[keys] = _template(keys, 2, listed="lines")
        lines = keys.index("lines")
        texts = [_scalar(v) for k, v in fields.items() if k != "lines"]
        head = "".join(chain.from_iterable(zip(pieces[:lines], texts[:lines]))) + pieces[lines]
        tail = "".join(chain.from_iterable(zip(pieces[lines + 1:], texts[lines:]))) + pieces[-1]
        return head, tail

    def _pieces(self, own_section: bool, indent: str) -> list[str]:
        hit = self.templates.get(own_section)
        if hit is None or hit[1] != indent:
            keys = _LINE_KEYS + (("section",) if own_section else ())
            hit = self.templates[own_section] = (_template(keys, len(indent)), indent)
            self.caches = {k: v for k, v in self.caches.items() if k[2] != own_section}
        return hit[0]

    def _generic(self, b: BoardPlace, indent: str) -> Iterator[str]:
        t, sc = self.t, self.sc
        sections = t.column("section")
        decimals, opts = self.percentage_decimals, self.options
        groups = self.groups if self.groups is not None and any(gather(self.groups, b.ranges)) else None
        for i in (i for r in b.ranges for i in r):
            ns_total, ew_total = sc.totals.get(i, (None, None))
            pcts = None
            if decimals is not None and opts is not None:
                top = b.line_top or b.top
                pcts = (opts.line_percentage(sc.ns_exact[i], sc.ns_mp[i], top, decimals),
                        opts.line_percentage(sc.ew_exact[i], sc.ew_mp[i], top, decimals))
            entry = line_json(t.ns_pair[i], t.ew_pair[i], t.score[i], sc.ns_mp[i], sc.ew_mp[i],
                              sections[i] if sections[i] != b.section else None,
                              None if ns_total is None else (ns_total, ew_total), pcts,
                              None if groups is None else groups[i])
            yield _indented(_json_dumps(entry), len(indent))


def _json_value(key: str, value: object) -> object:
    """A line's value as the JSON holds it: figures as floats, a score as written."""
    if key in ("ns_mp", "ew_mp"):
        return _num(cast("Fraction | None", value))  # a figure
    if key == "ns_score":
        return _score_json(value)
    return value


def _score_json(score: object) -> object:
    """A line's score in the JSON: a number or code as written (anything else as its text)."""
    return score if score is None or isinstance(score, (int, str)) else str(score)


def line_json(ns_pair: str, ew_pair: str, score: object, ns_mp: Fraction | None, ew_mp: Fraction | None,
              section: str | None = None, totals: tuple[Fraction | None, Fraction | None] | None = None,
              percentages: tuple[Fraction | None, Fraction | None] | None = None,
              group: object = None) -> dict[str, Any]:
    """One line of a board of the ``--json`` document; ``section`` when the line's is not its board's
    (boards compared across the field), ``totals`` what the totals add when not the line's figures,
    ``percentages`` the line's (NS, EW) percentages when the file publishes them, ``group`` its
    fouled-board group on a board with groups (the label as the scorer reads it: ``"A"``, ``""`` for
    none).

    >>> line_json("1", "2", 420, None, None, group=" b ")["group"]
    'B'
    """
    entry: dict[str, Any] = dict(zip(_LINE_KEYS, (ns_pair, ew_pair, _score_json(score), _num(ns_mp), _num(ew_mp))))
    if group is not None:
        entry["group"] = str(group).strip().upper()
    if section is not None:
        entry["section"] = section
    if totals is not None:
        entry["ns_total_mp"], entry["ew_total_mp"] = _num(totals[0]), _num(totals[1])
    if percentages is not None:
        entry["ns_pct"], entry["ew_pct"] = _num(percentages[0]), _num(percentages[1])
    return entry


def board_fields(board: int, section: str, lines: list[Any], expected: int, actual: int, top: int,
                 line_top: int | None, session: int) -> dict[str, Any]:
    """One board of the ``--json`` document, its lines given."""
    doc: dict[str, Any] = {"board": board, "section": section, "lines": lines, "expected": expected,
                           "actual": actual, "top": top}
    if line_top is not None:
        doc["line_top"] = line_top
    if session != 1:
        doc["session"] = session
    return doc


def board_json(b: ScoredBoard) -> dict[str, Any]:
    """One board of the ``--json`` document (see :func:`result_to_json`)."""
    fouled = any(sl.line.group for sl in b.lines)
    lines = [line_json(sl.line.ns_pair, sl.line.ew_pair, sl.line.score, sl.ns_mp, sl.ew_mp,
                       sl.line.section if sl.line.section != b.section else None,
                       None if sl.ns_total is None else (sl.ns_total, sl.ew_total), None,
                       sl.line.group if fouled else None) for sl in b.lines]
    return board_fields(b.board, b.section, lines, b.expected, b.actual, b.top, b.line_top, b.session)


def pair_json(pr: PairResult, opts: ScoringOptions, sessions: bool = False) -> dict[str, Any]:
    """One pair of the ``--json`` document (see :func:`result_to_json`); with ``sessions`` (an event of several),
    each session it played with its own figures there.

    >>> from mpxl.core.event import Event, Line
    >>> from mpxl.core.session import score_event
    >>> r = score_event(Event(lines=[Line(1, "1", "2", score=420), Line(1, "3", "4", score=400),
    ...                              Line(1, "1", "2", score=-50, session=2),
    ...                              Line(1, "3", "4", score=-100, session=2)]))
    >>> pair_json(r.pair("1"), r.options, sessions=True)["sessions"][1]
    {'session': 2, 'mp': 2.0, 'max': 2.0, 'percentage': 100.0}
    """
    pct = opts.round_percentage(pr.percentage)
    out: dict[str, Any] = {"pair": pr.pair.number, "section": pr.pair.section, "direction": pr.pair.direction,
           "mp": float(pr.mp), "max": float(pr.max), "percentage": float(pct), "place": pr.place,
           "boards": pr.boards, "names": list(pr.pair.names)}
    if sessions:
        out["sessions"] = [{"session": sess, "mp": float(mp), "max": float(most),
                            "percentage": float(opts.round_percentage(spct))}
                           for sess, (mp, most, spct) in pr.session_figures(opts.scale).items()]
    if any(pl.national_id for pl in pr.pair.players):  # the players' member numbers ('' for one without)
        out["players"] = [{"name": pl.name, "member_number": pl.national_id} for pl in pr.pair.players]
    return out


_PAIR_TEMPLATE = _template(("pair", "section", "direction", "mp", "max", "percentage", "place", "boards", "names"), 2)


def _pair_text(pr: PairResult, opts: ScoringOptions, sessions: bool = False) -> str:
    """One pair's text at the depth of the document's pairs: :func:`pair_json` written by the template
    (the percentage rounded by :meth:`ScoringOptions.percentage_float`, no Fraction made)."""
    pair = pr.pair
    if pair.names or pair.players or sessions:
        return _indented(_json_dumps(pair_json(pr, opts, sessions)), 2)
    p0, p1, p2, p3, p4, p5, p6, p7, p8, p9 = _PAIR_TEMPLATE
    direction = "null" if pair.direction is None else encode_basestring(pair.direction)
    mp, top = pr.mp, pr.max  # float(x) of a Fraction is its numerator / denominator, one division
    return (f"{p0}{encode_basestring(pair.number)}{p1}{encode_basestring(pair.section)}{p2}{direction}"
            f"{p3}{mp.numerator / mp.denominator!r}{p4}{top.numerator / top.denominator!r}"
            f"{p5}{opts.percentage_float(pr.percentage)!r}"
            f"{p6}{encode_basestring(pr.place)}{p7}{pr.boards!r}{p8}[]{p9}")


def json_heading(result: SessionResult) -> dict[str, Any]:
    """The ``--json`` document's fields after its boards and pairs."""
    opts = result.options
    heading: dict[str, Any] = {"title": result.event.title, "program": result.event.program, "method": opts.method_name,
               "scale": opts.scale.number, "rounding": str(opts.rounding), "settings": settings_of(result.event, opts)}
    if result.event.sitouts:  # tables with one pair and no opponents (not lines)
        heading["sitouts"] = [{"board": so.board, "section": so.section, "session": so.session, "pair": so.pair,
                               "direction": so.direction} for so in result.event.sitouts]
    if result.event.penalties:  # penalties given as rows of their own, added to the pairs' totals
        heading["penalties"] = [{"board": p.board, "section": p.section, "session": p.session, "pair": p.pair,
                                 "direction": p.direction, "mp": float(p.amount)} for p in result.event.penalties]
    event = result.event
    if event.analyses:  # the boards' deals with their double-dummy analysis, as mpxl deal --json writes them
        heading["deals"] = [deal_json(event.deals[b], event.analyses.get(b)) for b in sorted(event.deals)]
    return heading


def deal_json(deal: Deal, analysis: Analysis | None = None) -> dict[str, Any]:
    """A board's deal as ``mpxl deal --json`` and ``score --json`` write it: dealer, vulnerability, the
    hands (PBN's, spades first), each hand's HCP and, analysed, ``dd`` (the tricks each seat takes as
    declarer in each strain) and ``par`` (the score from NS's side, the contracts).

    >>> deal_json(Deal(3, ("AKQJ.T98.765.432", "", "", "")))["hands"]["N"], deal_json(Deal(3))["vulnerable"]
    ('AKQJ.T98.765.432', 'EW')
    """
    doc: dict[str, Any] = {"board": deal.board, "dealer": deal.dealer or board_dealer(deal.board).value,
                           "vulnerable": deal.vulnerable or board_vulnerability(deal.board).value,
                           "hands": dict(zip(SEATS, deal.hands)),
                           "hcp": dict(zip(SEATS, [hcp(h) for h in deal.hands])) if all(deal.hands) else None}
    if analysis is not None:
        doc["dd"] = analysis.grid()
        doc["par"] = analysis.par_json()
    return doc
