"""The cards for the tables of a movement, as one self-contained page that prints on A4.

Four kinds of card, two across the page and several a page (to cut apart), each kept whole on the printed
page (a card holds at most :data:`CARD_ROWS` lines, which fit an A4 page; a longer one is printed as parts,
each a card of its own, "1 of 2" in its title, split between rounds): the **table cards** (for each table,
round by round: the pairs and the boards, and the tables a round's boards are shared with), the **guide
cards** (for each pair, where it sits each round, against whom, which boards), the **traveller slips** (for
each board, the pairs in the order they play it, with empty cells for the contract, declarer, tricks and
score) and the **personal score cards** (for each pair, a line per board in the order it plays them). Plain
HTML and CSS: no script, nothing from the network.

>>> from mpxl.core.movement import movement
>>> page = cards_html(movement("howell", 4, boards_per_round=3), "Club <night>")
>>> page.count('class="card table-card"'), page.count('class="card guide-card"'), "Club &lt;night&gt;" in page
(4, 8, True)
>>> page.count('class="card slip"'), page.count('class="card score-card"')
(21, 8)
"""

from __future__ import annotations

import html
from collections.abc import Iterable, Sequence

from ..core.movement import Movement, Row, board_ranges, rounds_of

__all__ = ["CARD_ROWS", "cards_html"]

#: The most lines a card holds: at the rows' height (``td.blank``, 6 mm, and a line of 9 pt), its
#: heading and its table's head, such a card is about 250 mm high, within A4's 277 mm inside the margins.
CARD_ROWS = 34

_CSS = """
*{box-sizing:border-box}
body{font-family:system-ui,Arial,sans-serif;margin:1em;color:#000}
h1{font-size:1.3em}h2{font-size:1.1em;margin:1em 0 .3em;break-before:page}h2.first{break-before:auto}
.cards{display:flex;flex-wrap:wrap;gap:3mm 4mm}
.card{border:1px solid #000;padding:2mm;break-inside:avoid;page-break-inside:avoid;width:93mm}
.card h3{margin:0 0 1.5mm;font-size:9pt}
table{border-collapse:collapse;width:100%;font-size:8pt;line-height:1.15}
th,td{border:1px solid #555;padding:.4mm 1mm;text-align:center}
td.blank{height:5.5mm}
p.note{font-size:.9em}
@page{size:A4;margin:10mm}
@media print{body{margin:0}.card{border-color:#000}}
"""


def _e(text: object) -> str:
    return html.escape(str(text))


def _boards(row: Row, copies: int = 1) -> str:
    """The boards of a row (``1-2``, or each run: a movement read from a file may play ``1-2, 9``; none: -), and
    the tables it shares them with (passed between them that round), or that play their own copy of them
    (``copies`` more than 1).

    >>> _boards(Row(1, 1, "4", "2", (1, 2, 3), (2,))), _boards(Row(1, 1, "4", "2", (1,), (2,)), 2)
    ('1-3 (shared with table 2)', '1 (a copy at table 2 too)')
    >>> _boards(Row(1, 1, "4", "2", (1, 2, 9)))
    '1-2, 9'
    """
    b = row.boards
    if not b:
        return "-"
    text = f"{b[0]}-{b[-1]}" if list(b) == list(range(b[0], b[-1] + 1)) and len(b) > 1 else board_ranges(b)
    tables = f"table{'s' * (len(row.shares) > 1)} {' and '.join(map(str, row.shares))}"
    if row.shares:
        text += f" (shared with {tables})" if copies == 1 else f" (a copy at {tables} too)"
    return text


def _pair(pair: str | None) -> str:
    return "sits out" if pair is None else _e(pair)


def _table(head: Sequence[str], rows: Iterable[Sequence[str]], blanks: int = 0) -> str:
    out = ["<table><tr>", *(f"<th>{h}</th>" for h in head), "</tr>"]
    for row in rows:
        out.append("<tr>" + "".join(f"<td>{c}</td>" for c in row)
                   + '<td class="blank"></td>' * blanks + "</tr>")
    out.append("</table>")
    return "".join(out)


def _parts(rows: Sequence[tuple[str, ...]], most: int = CARD_ROWS) -> list[list[tuple[str, ...]]]:
    """``rows`` (each starting with its round) cut into parts of at most ``most`` rows, between rounds
    where a round's rows fit in one part, into parts of equal size as near as may be.

    >>> [len(p) for p in _parts([(str(r // 2), "x") for r in range(46)], 34)]
    [24, 22]
    >>> [len(p) for p in _parts([("1", "x")] * 3, 34)]
    [3]
    """
    if len(rows) <= most:
        return [list(rows)]
    count = -(-len(rows) // most)
    size = -(-len(rows) // count)
    parts: list[list[tuple[str, ...]]] = [[]]
    for i, row in enumerate(rows):
        new_round = i == 0 or row[0] != rows[i - 1][0]
        full = len(parts[-1]) >= most or (len(parts[-1]) >= size and new_round)
        if parts[-1] and full:
            parts.append([])
        parts[-1].append(row)
    return parts


def _card(kind: str, title: str, head: Sequence[str], rows: Sequence[tuple[str, ...]], blanks: int = 0) -> str:
    """One card, or its parts when its rows do not fit a page (:data:`CARD_ROWS`): each a card whole on
    its page, titled "1 of 2"."""
    parts = _parts(rows)
    return "".join(f'<div class="card {kind}"><h3>{title}'
                   + (f" ({i} of {len(parts)})" if len(parts) > 1 else "") + "</h3>"
                   + _table(head, part, blanks) + "</div>" for i, part in enumerate(parts, 1))


def _table_cards(m: Movement) -> str:
    cards = []
    for table in range(1, m.tables + 1):
        rows = [(str(r.round), _pair(r.ns), _pair(r.ew), _boards(r, m.copies)) for r in m.rows if r.table == table]
        cards.append(_card("table-card", f"Table {table}", ("Round", "NS", "EW", "Boards"), rows))
    return "".join(cards)


def _seats(m: Movement) -> list[tuple[str, str, str | None]]:
    """Every pair as (label, number, direction to look for): "NS 3" / "EW 3" with two winners."""
    return [((f"{d} {p}" if d else f"Pair {p}"), p, d) for p, d in m.pairs()]


def _guide_cards(m: Movement) -> str:
    cards = []
    for label, pair, direction in _seats(m):
        rows = []
        for row, seat in rounds_of(m.rows, pair, direction):
            other = row.ew if seat == "NS" else row.ns
            rows.append((str(row.round), str(row.table), seat, _pair(other), _boards(row, m.copies)))
        cards.append(_card("guide-card", _e(label), ("Round", "Table", "Sits", "Against", "Boards"), rows))
    return "".join(cards)


def _slips(m: Movement) -> str:
    cards = []
    head = ("Round", "Table", "NS", "EW", "Contract", "By", "Lead", "Tricks", "NS score", "EW score")
    for board, rows in m.board_tables().items():
        played = [(str(r.round), str(r.table), _e(r.ns), _e(r.ew)) for r in rows if r.ns and r.ew]
        cards.append(_card("slip", f"Board {board}", head, played, blanks=6))
    return "".join(cards)


def _score_cards(m: Movement) -> str:
    cards = []
    head = ("Round", "Board", "Sits", "Against", "Contract", "By", "Tricks", "Score +", "Score -")
    for label, pair, direction in _seats(m):
        rows = []
        for row, seat in rounds_of(m.rows, pair, direction):
            other = row.ew if seat == "NS" else row.ns
            if other is not None:
                rows += [(str(row.round), str(b), seat, _e(other)) for b in row.boards]
        cards.append(_card("score-card", f"{_e(label)}: personal score card", head, rows, blanks=5))
    return "".join(cards)


def cards_html(m: Movement, title: str = "") -> str:
    """The page of cards for the movement ``m`` (``title``: the evening's name, escaped)."""
    name = title or m.title
    note = f'<p class="note">{_e(m.note)}</p>' if m.note else ""
    sections = (("Table cards", _table_cards(m)), ("Guide cards", _guide_cards(m)),
                ("Traveller slips", _slips(m)), ("Personal score cards", _score_cards(m)))
    body = "".join(f'<h2{" class=first" if i == 0 else ""}>{h}</h2><div class="cards">{cards}</div>'
                   for i, (h, cards) in enumerate(sections))
    return (f'<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>{_e(name)}</title>'
            f'<meta name="viewport" content="width=device-width,initial-scale=1"><style>{_CSS}</style></head>'
            f"<body><h1>{_e(name)}</h1><p>{_e(m.title)}</p>{note}{body}</body></html>\n")
