r"""Duplimate's ``.dlm`` (Jannersten's newer dealing-machine file): INI-style text, a ``[Document]`` section
and a line a board, 99 boards in all.

The layout, as BigDeal documents it (hansvanstaveren/BigDeal, ``output.c``)::

    [Document]
    Headline=...                      free text (a --seed deal says so here)
    Status=Show                       Show (the cards on the machine's screen) or Sealed
    Duplicates=0
    From board=1                      the boards dealt, 1 to 99
    To board=32
    Next board to duplimate=0
    PrintOuts=0
    Crypto key=0
    Checksum=33                       Duplicates ^ From ^ To, ^ 1 when Status=Show
    Duplicates 01=0
    Board 01=bjhcn...pda057           26 letters and a checksum, boards 01 to 99

A board's 26 letters hold the 52 cards two a letter, from the spade ace to the club two: the letter is
``a`` + 4 x the seat of the first card + the seat of the second (0 North ... 3 West); its checksum, three
digits, is the board number XOR every letter's code. The boards outside From-To are fillers (a fixed
deal) and are not read.

>>> import os, tempfile
>>> from mpxl.core.dealing import deal_boards
>>> path = os.path.join(tempfile.mkdtemp(), "night.dlm")
>>> deals = deal_boards(range(1, 33), seed=2)
>>> write(deals, path)
>>> read(path) == deals
True
>>> lines = open(path, newline="").read().split("\r\n")
>>> lines[3:6], lines[9], len([x for x in lines if x.startswith("Board ")])
(['Duplicates=0', 'From board=1', 'To board=32'], 'Checksum=32', 99)
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

from ... import __version__
from ...core.cards import hands_of
from ...core.dealing import seed_note
from ...core.errors import UserError
from ...core.event import Deal
from ..common import decode_text, read_bytes
from .checked import check_board, owners, read_deal

if TYPE_CHECKING:
    from ..atomic import StrPath

__all__ = ["read", "write", "board_line", "MOST"]

#: The boards a .dlm holds.
MOST = 99
#: A filler board's letters (North the spades, East the hearts, South the diamonds, West the clubs) for
#: the boards outside From-To.
_FILLER = "aaaaaabffffffkkkkkklpppppp"
_WHAT = "a .dlm file"


def _checksum(board: int, letters: str) -> int:
    total = board
    for c in letters:
        total ^= ord(c)
    return total


def board_line(board: int, seats: list[int]) -> str:
    """The ``Board NN=`` value of a deal given as the seat of each card, with its checksum.

    >>> board_line(1, [0] * 13 + [1] * 13 + [2] * 13 + [3] * 13)
    'aaaaaabffffffkkkkkklpppppp015'
    """
    letters = "".join(chr(ord("a") + 4 * seats[2 * i] + seats[2 * i + 1]) for i in range(26))
    return f"{letters}{_checksum(board, letters):03d}"


def _document_checksum(duplicates: int, first: int, last: int, show: bool) -> int:
    return duplicates ^ first ^ last ^ (1 if show else 0)


def write(deals: Mapping[int, Deal], path: StrPath, seed: int | None = None) -> None:
    """``deals`` as a .dlm at ``path`` (atomically, Windows line ends), cards on the machine's screen
    (Status=Show); UserError naming the board for a board above 99, a board missing between the first and
    the last (the file holds each of them), or a deal not whole."""
    source = str(path)
    if not deals:
        raise UserError(source, "", "no deals to write")
    first, last = min(deals), max(deals)
    for b in deals:
        check_board(b, source, f"board {b}", MOST)
    gap = next((b for b in range(first, last + 1) if b not in deals), None)
    if gap is not None:
        raise UserError(source, f"board {gap}", f"not dealt: {_WHAT} holds every board from its first ({first}) "
                        f"to its last ({last})")
    note = seed_note(seed)
    out = ["[Document]", f"Headline=mpxl {__version__}" + (f": {note}" if note else ""), "Status=Show",
           "Duplicates=0", f"From board={first}", f"To board={last}", "Next board to duplimate=0", "PrintOuts=0",
           "Crypto key=0", f"Checksum={_document_checksum(0, first, last, True)}"]
    for b in range(1, MOST + 1):
        value = (board_line(b, owners(deals[b], source, _WHAT)) if b in deals
                 else f"{_FILLER}{_checksum(b, _FILLER):03d}")
        out += [f"Duplicates {b:02d}=0", f"Board {b:02d}={value}"]
    from ..atomic import atomic_write

    with atomic_write(path, encoding="ascii", newline="\r\n") as f:
        f.write("\n".join(out) + "\n")


def _number(fields: dict[str, tuple[str, int]], key: str, source: str) -> int:
    if key.lower() not in fields:
        raise UserError(source, "[Document]", f"no {key}= line: not a .dlm file of deals")
    text, no = fields[key.lower()]
    if not text.strip().isdigit():
        raise UserError(source, f"line {no}", f"{key}={text!r}: expected a whole number")
    return int(text)


def read(path: StrPath) -> dict[int, Deal]:
    """Board -> :class:`Deal` of the boards From-To of a .dlm; UserError naming the line and the board of
    a damaged one: a wrong checksum (the document's or a board's), a board missing or out of range, a
    letter that is no pair of seats, a hand of other than 13 cards; an encrypted file (Crypto key not 0)."""
    source = str(path)
    fields: dict[str, tuple[str, int]] = {}
    boards: dict[int, tuple[str, int]] = {}
    for no, line in enumerate(decode_text(read_bytes(path), source=source).splitlines(), 1):
        key, sep, value = line.partition("=")
        key = key.strip()
        if not sep:
            continue  # the section's name, a blank line
        words = key.split()
        if len(words) == 2 and words[0].lower() == "board":
            if not words[1].isdigit():
                raise UserError(source, f"line {no}", f"{key!r} is not a board number")
            board = check_board(int(words[1]), source, f"line {no}", MOST)
            if board in boards:
                raise UserError(source, f"line {no}", f"board {board} twice (lines {boards[board][1]} and {no})")
            boards[board] = (value.strip(), no)
        else:
            fields[key.lower()] = (value, no)
    first, last = _number(fields, "From board", source), _number(fields, "To board", source)
    if not 1 <= first <= last <= MOST:
        raise UserError(source, f"line {fields['from board'][1]}", f"boards {first} to {last} are out of range: "
                        f"{_WHAT} holds boards 1 to {MOST}, the first no higher than the last")
    show = fields.get("status", ("", 0))[0].strip().lower() == "show"
    duplicates = _number(fields, "Duplicates", source)
    said = _number(fields, "Checksum", source)
    if said != _document_checksum(duplicates, first, last, show):
        raise UserError(source, f"line {fields['checksum'][1]}", f"the [Document]'s Checksum={said} is wrong "
                        f"(its Duplicates, From board, To board and Status give "
                        f"{_document_checksum(duplicates, first, last, show)}): a damaged file")
    if fields.get("crypto key", ("0", 0))[0].strip() not in ("", "0"):
        raise UserError(source, f"line {fields['crypto key'][1]}", "an encrypted .dlm (Crypto key is not 0): "
                        "mpxl reads only plain ones; write it again from the dealing program without a key")
    deals: dict[int, Deal] = {}
    for b in range(first, last + 1):
        if b not in boards:
            raise UserError(source, f"board {b}", f"no Board {b:02d}= line, though From board={first} and "
                            f"To board={last}")
        value, no = boards[b]
        letters, digits = value[:26], value[26:]
        where = f"line {no}"
        if len(value) != 29 or not digits.isdigit() or any(not "a" <= c <= "p" for c in letters):
            raise UserError(source, where, f"board {b}: {value!r} is not a deal: expected 26 letters a to p "
                            "and a checksum of three digits")
        if int(digits) != _checksum(b, letters):
            raise UserError(source, where, f"board {b}: wrong checksum {digits} (the cards give "
                            f"{_checksum(b, letters):03d}): a damaged file")
        seats = [s for c in letters for s in divmod(ord(c) - ord("a"), 4)]
        deals[b] = read_deal(source, where, b, hands_of(seats))
    return deals
