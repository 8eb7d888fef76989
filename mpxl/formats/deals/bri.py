r"""The ``.bri`` dealing-machine file (DOS): a record of 128 bytes a board, boards 1, 2, 3... by their place.

The layout, as BigDeal documents it (hansvanstaveren/BigDeal, ``output.c``): the cards of North, East and
South, 13 each, each card two digits (``01`` the spade ace, ``13`` the spade two, ``14`` the heart ace ...
``52`` the club two), 78 digits in all; West holds the 13 cards left. Then 32 spaces and 18 zero bytes. No
board number, dealer or vulnerability: those are the board number's (the rotation).

>>> import os, tempfile
>>> from mpxl.core.dealing import deal_boards
>>> path = os.path.join(tempfile.mkdtemp(), "night.bri")
>>> deals = deal_boards(range(1, 5), seed=3)
>>> write(deals, path)
>>> read(path) == deals, os.path.getsize(path)
(True, 512)
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

from ...core.cards import PACK, card_name, hand_text
from ...core.errors import UserError
from ...core.event import Deal
from ..common import read_bytes
from .checked import fixed_records, numbered_from_one, owners

if TYPE_CHECKING:
    from ..atomic import StrPath

__all__ = ["read", "write", "encode", "decode", "RECORD", "CARDS"]

#: A record's bytes, and the bytes of its cards.
RECORD = 128
CARDS = 78
_FILL = b" " * 32 + b"\0" * 18
_WHAT = "a .bri file"


def encode(seats: list[int]) -> bytes:
    """The 78 digits of a deal given as the seat of each card (0 North ... 3 West).

    >>> encode([i // 13 for i in range(52)])[:8], len(encode([i // 13 for i in range(52)]))
    (b'01020304', 78)
    """
    return "".join(f"{c + 1:02d}" for seat in range(3) for c in PACK if seats[c] == seat).encode("ascii")


def decode(digits: bytes, source: str, where: str, board: int) -> tuple[str, ...]:
    """The four hands of a record's 78 digits (West the cards left); UserError naming the board for a pair
    that is no card (``00``, ``53``, not digits) or a card twice: :func:`read_deal` checks the rest."""
    if len(digits) < CARDS:
        raise UserError(source, where, f"board {board}: the record ends after {len(digits) // 2} cards; "
                        "a deal gives 39 (North's, East's and South's)")
    held: list[list[int]] = [[], [], [], []]
    seen: set[int] = set()
    for i in range(39):
        pair = digits[2 * i: 2 * i + 2]
        number = int(pair) if pair.isdigit() else 0
        if not 1 <= number <= 52:
            raise UserError(source, where, f"board {board}: {pair.decode('latin-1')!r} (card {i + 1}) is no "
                            "card; expected 01 (the spade ace) to 52 (the club two)")
        if number - 1 in seen:
            raise UserError(source, where, f"board {board}: {card_name(number - 1)} twice")
        seen.add(number - 1)
        held[i // 13].append(number - 1)
    held[3] = [c for c in PACK if c not in seen]
    return tuple(hand_text(h) for h in held)


def write(deals: Mapping[int, Deal], path: StrPath, seed: int | None = None) -> None:
    """``deals`` (boards 1 to n) as a .bri at ``path``, atomically (``seed``: no room to say it)."""
    source = str(path)
    data = b"".join(encode(owners(d, source, _WHAT)) + _FILL for d in numbered_from_one(deals, source, _WHAT))
    from ..atomic import atomic_write

    with atomic_write(path, "wb") as f:
        f.write(data)


def read(path: StrPath) -> dict[int, Deal]:
    """Board -> :class:`Deal` of each record of a .bri; UserError naming the record's board for a damaged
    one (a record cut short, a card twice or out of range)."""
    return fixed_records(read_bytes(path), str(path), RECORD, CARDS, decode)
