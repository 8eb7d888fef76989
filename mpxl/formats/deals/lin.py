r"""BBO's ``.lin``: pairs of ``key|value|``, a board's deal in ``md``, its number in ``qx`` (``o12``: the
open room's board 12) or ``ah`` (``Board 12``), its vulnerability in ``sv``.

The layout, as BigDeal writes it (hansvanstaveren/BigDeal, ``output.c``), a line a board::

    qx|o1|md|3SAK4HQT9...,S...,S...|rh||ah|Board 1|sv|0|pg||

``md``'s value is the dealer (1 South, 2 West, 3 North, 4 East) and the hands of South, West, North and
East, each ``S`` and its spades, ``H`` hearts, ``D`` diamonds, ``C`` clubs, separated by commas; East's may
be left out (the cards left). ``sv``: ``0`` (or ``o``, ``-``) none, ``n`` NS, ``e`` EW, ``b`` all. BBO's own
files (a whole match on one line, with the bidding and play) are read the same way; a board of two rooms
is read once, and refused if the rooms' deals differ. A ``--seed`` deal says so in a note (``nt``) on its
first board.

>>> import os, tempfile
>>> from mpxl.core.dealing import deal_boards
>>> path = os.path.join(tempfile.mkdtemp(), "night.lin")
>>> deals = deal_boards(range(1, 17), seed=6)
>>> write(deals, path)
>>> read(path) == deals
True
>>> open(path).readline()[:11]
'qx|o1|md|3S'
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

from ...core.cards import SUITS
from ...core.dealing import seed_note
from ...core.errors import UserError
from ...core.event import Deal
from ..common import board_number, decode_text, read_bytes
from .checked import read_deal, whole_hands

if TYPE_CHECKING:
    from ..atomic import StrPath

__all__ = ["read", "write", "hand_of", "hand_in"]

#: ``md``'s dealer digits 1-4, and its hands' order: South, West, North, East (indices into SEATS).
_DEALERS = {"1": "S", "2": "W", "3": "N", "4": "E"}
_ORDER = (2, 3, 0, 1)
#: ``sv``'s letters and the vulnerability each means.
_VUL = {"0": "None", "o": "None", "-": "None", "n": "NS", "e": "EW", "b": "All"}
_VUL_LETTER = {"None": "0", "NS": "n", "EW": "e", "All": "b"}
_WHAT = "a .lin file"


def hand_in(hand: str) -> str:
    """A PBN hand as ``md`` writes it.

    >>> hand_in("AK..QJ2.T")
    'SAKHDQJ2CT'
    """
    return "".join(s + ranks for s, ranks in zip(SUITS, hand.split(".")))


def hand_of(text: str, source: str, where: str, board: int) -> str:
    """A PBN hand of ``md``'s ``SAKHQ...`` ('' for an empty one); UserError naming the board for a rank
    before any suit or a suit twice.

    >>> hand_of("SAKHDQJ2CT", "x.lin", "board 1", 1), hand_of("hqsak", "x.lin", "board 1", 1)
    ('AK..QJ2.T', 'AK.Q..')
    """
    suits: dict[str, str] = {}
    current = ""
    for c in text.strip().upper():
        if c in SUITS:
            if c in suits:
                raise UserError(source, where, f"board {board}: the hand {text!r} gives {c} twice")
            suits[c] = ""
            current = c
        elif current:
            suits[current] += c
        else:
            raise UserError(source, where, f"board {board}: the hand {text!r} gives {c!r} before a suit")
    return ".".join(suits.get(s, "") for s in SUITS) if suits else ""


def _line(deal: Deal, hands: tuple[str, ...], note: str) -> str:
    dealer = next(k for k, v in _DEALERS.items() if v == deal.dealer)
    md = dealer + ",".join(hand_in(hands[i]) for i in _ORDER[:3])
    nt = f"nt|{note.replace('|', '/')}|" if note else ""
    return (f"qx|o{deal.board}|{nt}md|{md}|rh||ah|Board {deal.board}|sv|{_VUL_LETTER[deal.vulnerable]}|pg||")


def write(deals: Mapping[int, Deal], path: StrPath, seed: int | None = None) -> None:
    """``deals`` as a .lin at ``path`` (atomically), a line a board, ``seed`` said on the first."""
    source = str(path)
    lines = []
    for i, board in enumerate(sorted(deals)):
        deal = deals[board]
        full = read_deal(source, f"board {board}", board, whole_hands(deal, source, _WHAT), deal.dealer,
                         deal.vulnerable)
        lines.append(_line(full, full.hands, seed_note(seed) if i == 0 else ""))
    from ..atomic import atomic_write

    with atomic_write(path, newline="\n") as f:
        f.write("\n".join(lines) + "\n")


def _pairs(text: str) -> list[tuple[str, str]]:
    """The ``key|value|`` pairs of a .lin's text (its line ends are no part of a value)."""
    words = text.replace("\r", "").replace("\n", "").split("|")
    return [(words[i].strip().lower(), words[i + 1] if i + 1 < len(words) else "") for i in range(0, len(words) - 1, 2)]


def read(path: StrPath) -> dict[int, Deal]:
    """Board -> :class:`Deal` of each ``md`` of a .lin; UserError naming the board of a damaged one (a card
    twice, a hand of 12, no board number, a board number out of range, two rooms' deals of a board that
    differ)."""
    source = str(path)
    records: list[dict[str, str]] = []
    for key, value in _pairs(decode_text(read_bytes(path), source=source)):
        if key == "qx" or (key == "md" and (not records or "md" in records[-1])):
            records.append({})  # a board starts at its qx, or at its md in a file with none
        if records and key not in records[-1]:
            records[-1][key] = value
    deals: dict[int, Deal] = {}
    for n, record in enumerate(records, 1):
        if "md" not in record:
            continue
        room = record.get("qx", "").strip().lstrip("ocOC")  # o12, c12: the open and closed rooms' board 12
        if room:
            number = room
        else:
            ah = record.get("ah", "").strip()
            number = ah.split()[-1] if ah.lower().startswith("board") and ah.split() else ""
        if not number:
            raise UserError(source, f"deal {n}", "no board number (a qx|o1| or an ah|Board 1|) for its md")
        board = board_number(number, source, f"deal {n}")
        where = f"board {board}"
        md = record["md"].strip()
        dealer = _DEALERS.get(md[:1], "")
        given = md[1:] if md[:1].isdigit() else md
        if md[:1].isdigit() and not dealer:
            raise UserError(source, where, f"dealer {md[:1]!r} in md; expected 1 (South), 2 (West), 3 (North) "
                            "or 4 (East)")
        parts = given.split(",")
        if len(parts) > 4:
            raise UserError(source, where, f"md gives {len(parts)} hands; a deal has 4")
        hands = [""] * 4
        for seat, part in zip(_ORDER, parts):
            hands[seat] = hand_of(part, source, where, board)
        sv = record.get("sv", "").strip().lower()
        if sv and sv not in _VUL:
            raise UserError(source, where, f"sv|{sv}|: expected 0 (none), n, e or b (all)")
        deal = read_deal(source, where, board, whole_hands(Deal(board, tuple(hands)), source, _WHAT), dealer,
                         _VUL.get(sv, ""))
        if board in deals and deals[board].hands != deal.hands:
            raise UserError(source, where, "two deals of the board (two rooms?) that differ")
        deals.setdefault(board, deal)
    if not deals:
        raise UserError(source, "", "no md| (a deal) in the file: not a .lin of deals")
    return deals
