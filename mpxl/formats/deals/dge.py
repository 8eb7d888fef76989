r"""The ``.dge`` dealing-machine file (DOS): a record of 128 bytes a board, boards 1, 2, 3... by their place.

The layout, as BigDeal documents it (hansvanstaveren/BigDeal, ``output.c``): the hands of North, East,
South and West, each four suits, each suit its symbol in the DOS character set (byte 6 spades, 3 hearts,
4 diamonds, 5 clubs) and then its ranks from the ace down (``AKQJT98765432``); 68 bytes for a whole deal,
then zero bytes to the record's end. No board number, dealer or vulnerability: those are the board
number's (the rotation).

>>> import os, tempfile
>>> from mpxl.core.dealing import deal_boards
>>> path = os.path.join(tempfile.mkdtemp(), "night.dge")
>>> deals = deal_boards(range(1, 5), seed=4)
>>> write(deals, path)
>>> read(path) == deals, os.path.getsize(path)
(True, 512)
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

from ...core.cards import RANKS
from ...core.errors import UserError
from ...core.event import Deal
from ..common import read_bytes
from .checked import fixed_records, numbered_from_one, whole_hands

if TYPE_CHECKING:
    from ..atomic import StrPath

__all__ = ["read", "write", "encode", "decode", "RECORD", "CARDS"]

#: A record's bytes, and the bytes of a whole deal's hands in it.
RECORD = 128
CARDS = 68
#: The suits' symbols in the DOS character set (spades, hearts, diamonds, clubs).
SYMBOLS = b"\x06\x03\x04\x05"
_WHAT = "a .dge file"


def encode(hands: tuple[str, ...]) -> bytes:
    """The 68 bytes of a deal's four hands.

    >>> encode(("AKQJT98765432...", ".AKQJT98765432..", "..AKQJT98765432.", "...AKQJT98765432"))[:18]
    b'\\x06AKQJT98765432\\x03\\x04\\x05\\x06'
    """
    return b"".join(SYMBOLS[s: s + 1] + suit.encode("ascii") for hand in hands for s, suit in
                    enumerate(hand.split(".")))


def decode(data: bytes, source: str, where: str, board: int) -> tuple[str, ...]:
    """The four hands of a record's bytes (up to its first zero byte); UserError naming the board for what
    is not four hands of four suits: :func:`read_deal` checks the cards."""
    text = data.split(b"\0", 1)[0]
    suits: list[str] = []
    for byte in text:
        i = SYMBOLS.find(bytes([byte]))
        if i >= 0:
            if i != len(suits) % 4:
                raise UserError(source, where, f"board {board}: the suits of hand {len(suits) // 4 + 1} are out of "
                                "order; expected spades, hearts, diamonds, clubs")
            suits.append("")
        elif chr(byte) in RANKS and suits:
            suits[-1] += chr(byte)
        else:
            raise UserError(source, where, f"board {board}: byte {byte} is neither a suit's symbol nor a rank")
    if len(suits) != 16:
        raise UserError(source, where, f"board {board}: {len(suits) // 4} hands and {len(suits) % 4} suits; "
                        "a deal is four hands of four suits")
    return tuple(".".join(suits[4 * h: 4 * h + 4]) for h in range(4))


def write(deals: Mapping[int, Deal], path: StrPath, seed: int | None = None) -> None:
    """``deals`` (boards 1 to n) as a .dge at ``path``, atomically (``seed``: no room to say it)."""
    source = str(path)
    records = [encode(whole_hands(d, source, _WHAT)) for d in numbered_from_one(deals, source, _WHAT)]
    from ..atomic import atomic_write

    with atomic_write(path, "wb") as f:
        f.write(b"".join(r.ljust(RECORD, b"\0") for r in records))


def read(path: StrPath) -> dict[int, Deal]:
    """Board -> :class:`Deal` of each record of a .dge; UserError naming the record's board for a damaged
    one (a hand of 12, a card twice, a byte that is no card)."""
    return fixed_records(read_bytes(path), str(path), RECORD, RECORD, decode)
