r"""Duplimate's older ``.dup`` file: a record of 156 bytes a board, boards 1, 2, 3... by their place, at most 99.

The layout, as BigDeal documents it (hansvanstaveren/BigDeal, ``output.c``): the deal twice, first as a
``.bri`` record's 78 digits (:mod:`.bri`), then as a ``.dge`` record's 68 bytes (:mod:`.dge`; 68 spaces on
board 1 of a file whose cards are not to be shown on the machine's screen); then ten bytes of settings,
``YN1  0 `` (random hands, not reversed, from board 1, no copies) and the number of boards in two digits
and a space. No dealer or vulnerability: those are the board number's (the rotation). A reader checks the
two copies agree and the number of boards is the number of records (a file cut short is refused).

>>> import os, tempfile
>>> from mpxl.core.dealing import deal_boards
>>> path = os.path.join(tempfile.mkdtemp(), "night.dup")
>>> deals = deal_boards(range(1, 33), seed=5)
>>> write(deals, path)
>>> read(path) == deals, os.path.getsize(path), open(path, "rb").read()[146:156]
(True, 4992, b'YN1  0 32 ')
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

from ...core.errors import UserError
from ...core.event import Deal
from ..common import read_bytes
from . import bri, dge
from .checked import numbered_from_one, owners, read_deal, whole_hands

if TYPE_CHECKING:
    from ..atomic import StrPath

__all__ = ["read", "write", "RECORD", "MOST"]

#: A record's bytes; the most boards a file holds.
RECORD = 156
MOST = 99
_SETTINGS = b"YN1  0 "
_WHAT = "a .dup file"


def write(deals: Mapping[int, Deal], path: StrPath, seed: int | None = None) -> None:
    """``deals`` (boards 1 to n, n at most 99) as a .dup at ``path``, atomically, the cards shown on the
    machine's screen (``seed``: no room to say it)."""
    source = str(path)
    dealt = numbered_from_one(deals, source, _WHAT, MOST)
    count = f"{len(dealt):02d} ".encode("ascii")
    data = b"".join(bri.encode(owners(d, source, _WHAT)) + dge.encode(whole_hands(d, source, _WHAT)) + _SETTINGS
                    + count for d in dealt)
    from ..atomic import atomic_write

    with atomic_write(path, "wb") as f:
        f.write(data)


def read(path: StrPath) -> dict[int, Deal]:
    """Board -> :class:`Deal` of each record of a .dup; UserError naming the record's board for a damaged
    one: a record cut short, a card twice or out of range, its two copies of the deal not the same, a
    number of boards other than the file's records."""
    source = str(path)
    data = read_bytes(path)
    if not data:
        raise UserError(source, "", "an empty file: no deals")
    records = [data[i: i + RECORD] for i in range(0, len(data), RECORD)]
    while len(records) > 1 and not records[-1].strip(b" \0\r\n\x1a"):
        records.pop()  # what an editor or DOS left at the end (a line end, Ctrl-Z): no record
    if len(records) > MOST:
        raise UserError(source, f"board {MOST + 1}", f"board {MOST + 1} is out of range: {_WHAT} holds at most "
                        f"{MOST} boards")
    deals = {}
    for board, record in enumerate(records, 1):
        where = f"board {board}"
        if len(record) < RECORD:
            raise UserError(source, where, f"the record has {len(record)} bytes, not {RECORD}: a file cut short")
        deal = read_deal(source, where, board, bri.decode(record[:bri.CARDS], source, where, board))
        shown = record[bri.CARDS: bri.CARDS + dge.CARDS]
        if shown.strip(b" "):
            copy = read_deal(source, where, board, dge.decode(shown, source, where, board))
            if copy.hands != deal.hands:
                raise UserError(source, where, "the record's two copies of the deal differ (its digits and its "
                                "hands): a damaged file")
        count = record[RECORD - 3: RECORD - 1]
        if not count.isdigit() or int(count) != len(records):
            raise UserError(source, where, f"the record says the set has {count.decode('latin-1')!r} boards, "
                            f"the file holds {len(records)}: a file cut short or damaged")
        deals[board] = deal
    return deals
