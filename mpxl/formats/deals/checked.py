"""A deal as every deals file's reader makes it and every writer takes it: checked (13 cards a hand, no
card twice, all 52; a board number in the format's range; the board number's vulnerability), refused
otherwise with a :class:`UserError` naming the file, the board and the problem.

>>> d = read_deal("night.dlm", "board 3", 3, ("AKQJT98765432...", ".AKQJT98765432..", "..AKQJT98765432.",
...                                             "...AKQJT98765432"))
>>> d.dealer, d.vulnerable
('S', 'EW')
>>> read_deal("night.dlm", "board 3", 3, ("AKQJT98765432...", ".AKQJT98765432..", "..AKQJT98765432.",
...                                         "...AKQJT9876543"))
Traceback (most recent call last):
...
mpxl.core.errors.UserError: night.dlm: board 3: West has 12 cards (...AKQJT9876543); a hand has 13 (51 cards, \
C2 missing)
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence

from ...core.cards import PACK, check_hands, hand_cards, hand_text
from ...core.contract import Vulnerability, board_dealer, board_vulnerability
from ...core.errors import UserError
from ...core.event import SEATS, Deal

__all__ = ["standard_vulnerability", "read_deal", "whole_hands", "owners", "check_board", "numbered_from_one",
           "fixed_records"]


def standard_vulnerability(board: int, text: object, source: str, where: str, label: str) -> str:
    """A deal's vulnerability as PBN writes it ('' when blank); UserError naming the board when it is no
    vulnerability or not the board number's: every score is worked out with the board number's
    vulnerability (board 1 None, 2 NS, ...), so a page showing another beside them would say what was
    not scored.

    >>> standard_vulnerability(4, "both", "h.pbn", "line 3", "Vulnerable"), standard_vulnerability(1, "", "h", "", "")
    ('All', '')
    >>> standard_vulnerability(1, "All", "h.pbn", "line 3", "Vulnerable")
    Traceback (most recent call last):
    ...
    mpxl.core.errors.UserError: h.pbn: line 3: board 1: Vulnerable 'All', but board 1 is None vulnerable and every \
score is worked out so (the board number's vulnerability): a deal of another board?
    """
    if text is None or not str(text).strip():
        return ""
    try:
        vul = Vulnerability.find(str(text))
    except ValueError as exc:
        raise UserError(source, where, f"board {board}: {label} {exc}") from None
    standard = board_vulnerability(board)
    if vul is not standard:
        raise UserError(source, where, f"board {board}: {label} {str(text).strip()!r}, but board {board} is "
                        f"{standard.value} vulnerable and every score is worked out so (the board number's "
                        "vulnerability): a deal of another board?")
    return vul.value


def check_board(board: int, source: str, where: str, most: int | None = None) -> int:
    """``board`` if it is 1 to ``most`` (the format's highest), else UserError naming it.

    >>> check_board(100, "n.dlm", "line 12", 99)
    Traceback (most recent call last):
    ...
    mpxl.core.errors.UserError: n.dlm: line 12: board 100 is out of range: this format holds boards 1 to 99
    """
    if board < 1 or (most is not None and board > most):
        top = f"1 to {most}" if most is not None else "from 1"
        raise UserError(source, where, f"board {board} is out of range: this format holds boards {top}")
    return board


def read_deal(source: str, where: str, board: int, hands: Sequence[str], dealer: str = "", vulnerable: str = "",
              whole: bool = True) -> Deal:
    """The :class:`Deal` of ``board`` a reader found, checked (:func:`mpxl.core.cards.check_hands`: all four
    hands unless not ``whole``) and in canonical form (each suit from the ace down); the dealer and the
    vulnerability the file gave (checked: the board number's vulnerability), else the standard rotation's."""
    try:
        check_hands(hands, whole)
    except ValueError as exc:
        raise UserError(source, where, _on(board, where, str(exc))) from None
    canonical = tuple(hand_text(hand_cards(h)) if h else "" for h in hands)
    dealer = dealer.strip().upper() or board_dealer(board).value
    if dealer not in SEATS:
        raise UserError(source, where, _on(board, where, f"dealer {dealer!r}; expected N, E, S or W"))
    place = "" if where == f"board {board}" else where  # the vulnerability's message names the board
    vul = standard_vulnerability(board, vulnerable, source, place, "vulnerability") or board_vulnerability(board).value
    return Deal(board, canonical, dealer, vul)


def _on(board: int, where: str, problem: str) -> str:
    """``problem`` named by its board, unless ``where`` names it already (``board 3``)."""
    return problem if where == f"board {board}" else f"board {board}: {problem}"


def whole_hands(deal: Deal, path: str, what: str) -> tuple[str, ...]:
    """The four hands of ``deal`` for a file that needs all four (``what`` names it): a hand not given is the
    rest of the pack when the other three are whole; UserError naming the board otherwise."""
    hands = list(deal.hands)
    try:
        check_hands(hands, whole=False)  # the hands given first: "South has 12 cards", not "East not given"
        if hands.count("") == 1:
            held = {c for h in hands if h for c in hand_cards(h)}
            hands[hands.index("")] = hand_text(c for c in PACK if c not in held)
        check_hands(hands)
    except ValueError as exc:
        raise UserError(path, f"board {deal.board}", f"{exc}: {what} needs the whole deal") from None
    return tuple(hands)


def owners(deal: Deal, path: str, what: str) -> list[int]:
    """The seat (0 North ... 3 West) of each of the 52 cards of ``deal`` (:func:`whole_hands`)."""
    seat = [0] * 52
    for s, hand in enumerate(whole_hands(deal, path, what)):
        for c in hand_cards(hand):
            seat[c] = s
    return seat


def numbered_from_one(deals: Mapping[int, Deal], path: str, what: str, most: int | None = None) -> list[Deal]:
    """The deals of a file that numbers its boards by their place (the first record is board 1): boards
    1 to n, each once; UserError naming the first board out of place, or one above ``most``."""
    boards = sorted(deals)
    for place, board in enumerate(boards, 1):
        if board != place:
            raise UserError(path, f"board {board}", f"{what} numbers its boards by their place from board 1, "
                            f"and board {place} is not dealt: write boards 1 to {len(boards)} (a .pbn, .dlm "
                            "or .lin file keeps board numbers)")
    if most is not None and len(boards) > most:
        raise UserError(path, f"board {most + 1}", f"{what} holds at most {most} boards")
    return [deals[b] for b in boards]


def fixed_records(data: bytes, source: str, size: int, used: int,
                  decode: Callable[[bytes, str, str, int], tuple[str, ...]]) -> dict[int, Deal]:
    """Board -> :class:`Deal` of a DOS file of ``size``-byte records, board 1 the first (``.bri``, ``.dge``):
    each record's first ``used`` bytes given to the format's ``decode`` (source, where, board), then checked
    (:func:`read_deal`); what an editor or DOS left after the last record (a line end, Ctrl-Z) is no record."""
    if not data:
        raise UserError(source, "", "an empty file: no deals")
    deals = {}
    for board, start in enumerate(range(0, len(data), size), 1):
        if board > 1 and not data[start:].strip(b" \0\r\n\x1a"):
            break
        where = f"board {board}"
        deals[board] = read_deal(source, where, board, decode(data[start: start + used], source, where, board))
    return deals
