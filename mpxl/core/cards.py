"""The pack: 52 cards numbered 0-51 (the spade ace 0, the spade two 12, the heart ace 13 ... the club two
51), a hand as PBN writes it (``AKQ2.T93.84.A762``: spades, hearts, diamonds, clubs, each from the ace
down, an empty suit for a void), a deal as the seat of each card, and the checks every deals file's
reader makes (13 cards a hand, no card twice, all 52).

>>> hand_cards("AK..Q.2"), hand_text([51, 1, 0, 28]), card_name(28), hcp("AKQJ.T98.765.432")
([0, 1, 28, 51], 'AK..Q.2', 'DQ', 10)
>>> owners_of(("A...", ".A..", "", ""))[:2], owners_of(("A...", ".A..", "", ""))[13]
([0, None], 1)
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from .contract import DIRECTION_SPELLINGS

__all__ = ["SUITS", "RANKS", "SEAT_NAMES", "card_name", "hand_cards", "hand_text", "hcp", "owners_of", "hands_of",
           "check_hands", "PACK"]

#: The suits in PBN's order, and the ranks from the ace down (PBN's ``T`` for the ten).
SUITS = "SHDC"
RANKS = "AKQJT98765432"
#: The seats' names, in :data:`mpxl.core.event.SEATS` order (N E S W), for messages: each seat's longest
#: spelling of the rulebook's (:data:`mpxl.core.contract.DIRECTION_SPELLINGS`).
SEAT_NAMES = tuple(max((k for k, v in DIRECTION_SPELLINGS.items() if v == seat), key=len).title() for seat in "NESW")
#: Every card, 0-51.
PACK = tuple(range(52))
_POINTS = {"A": 4, "K": 3, "Q": 2, "J": 1}


def card_name(card: int) -> str:
    """A card as suit and rank: ``SA`` for 0, ``C2`` for 51.

    >>> card_name(0), card_name(51)
    ('SA', 'C2')
    """
    return SUITS[card // 13] + RANKS[card % 13]


def hand_cards(hand: str) -> list[int]:
    """The cards of a PBN hand, in the pack's order (a void empty or ``-``); ValueError naming what is not a
    hand: not four suits, a character that is no rank. A card given twice is kept twice (:func:`check_hands`
    names it).

    >>> hand_cards("A.K.Q.J"), hand_cards("t9.-.2.")
    ([0, 14, 28, 42], [4, 5, 38])
    >>> hand_cards("AK.Q1.2.3")
    Traceback (most recent call last):
    ...
    ValueError: 'AK.Q1.2.3': '1' is not a rank; expected AKQJT98765432
    """
    suits = hand.split(".")
    if len(suits) != 4:
        raise ValueError(f"{hand!r}: expected four suits separated by dots")
    cards = []
    for s, ranks in enumerate(suits):
        for r in ranks.upper() if ranks != "-" else "":
            i = RANKS.find(r)
            if i < 0:
                raise ValueError(f"{hand!r}: {r!r} is not a rank; expected {RANKS}")
            cards.append(13 * s + i)
    return sorted(cards)


def hand_text(cards: Iterable[int]) -> str:
    """A PBN hand of ``cards`` (each suit from the ace down).

    >>> hand_text([51, 12, 0, 13])
    'A2.A..2'
    """
    held = sorted(set(cards))
    return ".".join("".join(RANKS[c % 13] for c in held if c // 13 == s) for s in range(4))


def hcp(hand: str) -> int:
    """A hand's high-card points: ace 4, king 3, queen 2, jack 1.

    >>> hcp("AKQJ.AKQJ.AK.AK"), hcp("T98.765.432.5432")
    (34, 0)
    """
    return sum(_POINTS.get(c, 0) for c in hand.upper())


def owners_of(hands: Sequence[str]) -> list[int | None]:
    """The seat (0-3, in ``hands``' order) of each card, None for a card no hand holds; ValueError as
    :func:`hand_cards` says (no check of the counts: :func:`check_hands`)."""
    owner: list[int | None] = [None] * 52
    for seat, hand in enumerate(hands):
        for c in hand_cards(hand) if hand else ():
            owner[c] = seat
    return owner


def hands_of(owners: Sequence[int]) -> tuple[str, ...]:
    """The four PBN hands of a deal given as the seat (0-3) of each of the 52 cards.

    >>> hands_of([i // 13 for i in range(52)])
    ('AKQJT98765432...', '.AKQJT98765432..', '..AKQJT98765432.', '...AKQJT98765432')
    """
    suits: list[list[list[str]]] = [[[], [], [], []] for _ in range(4)]
    for card, seat in enumerate(owners):  # the pack's order: each suit from the ace down
        suits[seat][card // 13].append(RANKS[card % 13])
    return tuple(".".join(map("".join, hand)) for hand in suits)


def check_hands(hands: Sequence[str], whole: bool = True) -> None:
    """ValueError naming the first problem of a deal's four hands ('' for a hand not given, allowed only
    when not ``whole``): a hand that is not four suits of ranks, a card held twice, a hand of other than 13
    cards, cards missing (a whole deal holds all 52).

    >>> check_hands(("AKQJT98765432...", ".AKQJT98765432..", "..AKQJT98765432.", "...AKQJT98765432"))
    >>> check_hands(("AKQJT98765432...", ".AKQJT98765432..", "..AKQJT98765432.", "A...KQJT98765432"))
    Traceback (most recent call last):
    ...
    ValueError: SA twice (North and West)
    >>> check_hands(("AKQJT98765432...", ".AKQJT98765432..", "..AKQJT98765432.", "...KQJT98765432"))
    Traceback (most recent call last):
    ...
    ValueError: West has 12 cards (...KQJT98765432); a hand has 13 (51 cards, CA missing)
    >>> check_hands(("AKQJT98765432...", "", "", ""), whole=False)
    """
    if len(hands) != 4:
        raise ValueError(f"{len(hands)} hands; a deal has 4")
    seen: dict[int, int] = {}
    for seat, hand in enumerate(hands):
        if not hand:
            if whole:
                raise ValueError(f"{SEAT_NAMES[seat]}'s hand is not given; a deal has all four")
            continue
        for c in hand_cards(hand):
            if c in seen:
                raise ValueError(f"{card_name(c)} twice ({SEAT_NAMES[seen[c]]} and {SEAT_NAMES[seat]})")
            seen[c] = seat
    for seat, hand in enumerate(hands):
        n = len(hand_cards(hand)) if hand else 13
        if n != 13:
            missing = [card_name(c) for c in PACK if c not in seen]
            total = f"{len(seen)} cards" + (f", {' '.join(missing[:4])}{' ...' if len(missing) > 4 else ''} missing"
                                             if missing and len(seen) < 52 and all(hands) else "")
            raise ValueError(f"{SEAT_NAMES[seat]} has {n} cards ({hand or '-'}); a hand has 13 ({total})")
