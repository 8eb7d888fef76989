"""Dealing the boards: each deal drawn uniformly from all 52! / (13!)^4 = 5.36 x 10^28 deals.

The 52 cards are shuffled (:func:`shuffled`) from :class:`secrets.SystemRandom` (the operating system's
cryptographic source: no seed, nothing to guess) and dealt 13 each, North first: every order of the pack is equally
likely, and each deal is made by the same number of orders ((13!)^4), so each deal is equally likely.
``seed`` (tests only) shuffles each board with Python's seeded generator instead (:func:`board_source`),
seeded from the seed and the board's number alone: the same seed deals board 5 the same whether it is dealt
alone, in 5-8 or in 1-10, so a board reprinted or a set made longer keeps its cards; every file written from
such a deal says so (:func:`seed_note`). Dealer and vulnerability
are the board number's, by the standard rotation (:func:`mpxl.core.contract.board_dealer`,
:func:`~mpxl.core.contract.board_vulnerability`).

>>> d = deal_boards([1, 2, 17], seed=7)
>>> [(b, x.dealer, x.vulnerable) for b, x in d.items()]
[(1, 'N', 'None'), (2, 'E', 'NS'), (17, 'N', 'None')]
>>> d == deal_boards([1, 2, 17], seed=7), d == deal_boards([1, 2, 17], seed=8)
(True, False)
>>> deal_boards([5], seed=7)[5] == deal_boards(range(1, 11), seed=7)[5] == deal_boards([8, 5], seed=7)[5]
True
>>> sorted(len(h.replace(".", "")) for h in d[1].hands)
[13, 13, 13, 13]
"""

from __future__ import annotations

import hashlib
import math
import random
import secrets
from collections.abc import Iterable

from .cards import PACK, hands_of
from .contract import board_dealer, board_vulnerability
from .event import Deal

__all__ = ["deal_boards", "deal_one", "shuffled", "shuffler", "board_source", "rotation", "seed_note", "DEALS"]

#: The number of different deals: 52! / (13!)^4.
DEALS = 53644737765488792839237440000
#: The number of orders of the pack: 52!.
_ORDERS = math.factorial(52)


def shuffler(seed: int | None = None) -> random.Random:
    """The source a deal is shuffled with: the operating system's cryptographic one, or with ``seed``
    (tests only) Python's seeded generator."""
    return secrets.SystemRandom() if seed is None else random.Random(seed)


def board_source(seed: int, board: int) -> random.Random:
    """The seeded source of one board (tests only): Python's generator seeded with the SHA-256 of
    ``mpxl deal {seed} board {board}``, so a board's deal is a function of the seed and its number alone (not
    of the boards dealt with it, nor of their order), and boards of one seed are unrelated to each other.

    >>> board_source(7, 5).random() == board_source(7, 5).random() != board_source(7, 6).random()
    True
    """
    digest = hashlib.sha256(f"mpxl deal {seed} board {board}".encode("ascii")).digest()
    return random.Random(int.from_bytes(digest, "big"))


def rotation(board: int, hands: tuple[str, ...]) -> Deal:
    """A deal of ``board`` with its dealer and vulnerability by the standard rotation.

    >>> rotation(16, ("", "", "", "")).dealer, rotation(16, ("", "", "", "")).vulnerable
    ('W', 'EW')
    """
    return Deal(board, hands, board_dealer(board).value, board_vulnerability(board).value)


def shuffled(source: random.Random) -> list[int]:
    """The pack in an order drawn uniformly from all 52! orders: Fisher and Yates's shuffle (the card at
    place i swapped with one of places 0 to i, each equally likely), its 51 choices the digits of one whole
    number drawn uniformly below 52! (digit i in base i + 1: independent, each uniform), so the
    cryptographic source is read once a deal, not 51 times.

    >>> sorted(shuffled(random.Random(1))) == list(PACK)
    True
    """
    x = source.randrange(_ORDERS)
    pack = list(PACK)
    for i in range(51, 0, -1):
        x, j = divmod(x, i + 1)
        pack[i], pack[j] = pack[j], pack[i]
    return pack


def deal_one(board: int, source: random.Random) -> Deal:
    """One deal of ``board``: the pack shuffled by ``source`` (:func:`shuffled`), then 13 cards each, North
    first."""
    pack = shuffled(source)
    owners = [0] * 52
    for place, card in enumerate(pack):
        owners[card] = place // 13
    return rotation(board, hands_of(owners))


def deal_boards(boards: Iterable[int], seed: int | None = None) -> dict[int, Deal]:
    """Board -> a new :class:`Deal` of each of ``boards`` (in their order), from the cryptographic source,
    or with ``seed`` (tests only) each board from its own seeded source (:func:`board_source`): a board's deal
    depends on the seed and its number alone."""
    if seed is None:
        source = shuffler()
        return {b: deal_one(b, source) for b in boards}
    return {b: deal_one(b, board_source(seed, b)) for b in boards}


def seed_note(seed: int | None) -> str:
    """What a file dealt with ``seed`` says of it ('' for a deal from the cryptographic source).

    >>> seed_note(7)
    'dealt by mpxl deal --seed 7: a test deal, not for play (the seed gives the cards)'
    """
    if seed is None:
        return ""
    return f"dealt by mpxl deal --seed {seed}: a test deal, not for play (the seed gives the cards)"
