"""Member numbers: a pair's players with the numbers the club's federation knows them by.

A pair's players come from the file (the tablets' ``PlayerNumbers``, USEBIO ``PLAYER``, PBN
``MemberID1`` / ``MemberID2``, a workbook's Pairs sheet): a name, a member number, or both.
:func:`players_of` puts a pair's names and numbers together (in order, the first name with the
first number); :func:`seat_gaps` names each seat where one of the two is missing, for
``mpxl check``. A member number is kept as text as the file wrote it (``02175878`` keeps its 0),
never as a figure.

>>> players_of(("Ann", "Bob"), ("2175878", ""))
(Player(name='Ann', national_id='2175878', club_id=''), Player(name='Bob', national_id='', club_id=''))
>>> players_of(("Ann", "Bob"), ())
()
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import zip_longest

from .event import Event, Pair, Player

__all__ = ["member_number", "players_of", "member_numbers", "has_members", "seat_gaps", "numbers_text", "numbers_cell"]

#: A player without a member number, in a cell of the pair's numbers.
NO_NUMBER = "-"


def players_of(names: Sequence[str], numbers: Sequence[str], seats: Sequence[str] = ()) -> tuple[Player, ...]:
    """The players of a pair from its names and member numbers, in order ('' for one not given);
    () when no number is given (the names alone say it all)."""
    numbers = [member_number(n) for n in numbers]
    if not any(numbers):
        return ()
    count = max(len(names), len(numbers))
    seats = list(seats[:count]) + [""] * (count - len(seats))
    return tuple(Player(name.strip(), number, seat=seat)
                 for (name, number), seat in zip(zip_longest(names, numbers, fillvalue=""), seats))


def member_numbers(pair: Pair, count: int = 2) -> tuple[str, ...]:
    """The member numbers of the pair's first ``count`` players ('' for one without).

    >>> member_numbers(Pair("1", players=players_of(["Ann", "Bob"], ["12", "34"])))
    ('12', '34')
    """
    return (pair.members + ("",) * count)[:count]


def numbers_text(numbers: Sequence[str]) -> str:
    """A pair's member numbers as one cell (CSV ``ns_members``), `` & `` between, ``-`` for a player
    without; ValueError when the cell could not be read back as these numbers (a number holding an
    ``&``: ``12 & 34`` would be two players' numbers).

    >>> numbers_text(["2175878", ""]), numbers_cell("2175878 & -"), numbers_cell(" 12&34 "), numbers_cell(None)
    ('2175878 & -', ('2175878', ''), ('12', '34'), ())
    >>> numbers_text(["12 & 34", "56"])
    Traceback (most recent call last):
    ...
    ValueError: the member numbers ('12 & 34', '56') cannot be told apart in one .csv cell (parted by ' & '):
    a member number holds no &
    """
    text = " & ".join(n or NO_NUMBER for n in numbers)
    if numbers_cell(text) != tuple(n.strip() for n in numbers) and any(n.strip() for n in numbers):
        raise ValueError(f"the member numbers {tuple(numbers)!r} cannot be told apart in one .csv cell (parted by "
                         "' & '): a member number holds no &")
    return text


def member_number(text: str) -> str:
    """A member number as every reader keeps it: stripped, and ``-`` (how mpxl writes a player without
    one) read as none, so that every output reads back what it wrote.

    >>> member_number(" 2175878 "), member_number("-"), member_number("A-1")
    ('2175878', '', 'A-1')
    """
    text = text.strip()
    return "" if text == NO_NUMBER else text


def numbers_cell(text: str | None) -> tuple[str, ...]:
    """The member numbers of a cell :func:`numbers_text` wrote ('' for ``-``); () for a blank cell."""
    parts = [n.strip() for n in (text or "").split("&")]
    return () if not any(parts) else tuple("" if n == NO_NUMBER else n for n in parts)


def has_members(event: Event) -> bool:
    """Whether any player of the event has a member number."""
    return any(pl.national_id for p in event.pairs for pl in p.players)


def seat_gaps(event: Event) -> list[str]:
    """A line per seat with a member number and no name, or (when the event carries member numbers
    at all) a name and no number: what ``mpxl check`` warns about before the results are sent on.

    >>> ev = Event(pairs=[Pair("1", names=("Ann",), players=(Player("Ann", "12"), Player("", "34", seat="table 1, S"))),
    ...                   Pair("2", names=("Cy", "Di"), players=(Player("Cy", "56"), Player("Di")), where="row 7")])
    >>> for gap in seat_gaps(ev): print(gap)
    pair 1, player 2 (table 1, S): member number 34 and no name (not in the member list?)
    pair 2, player 2 (row 7): Di has no member number
    """
    if not has_members(event):
        return []
    out = []
    for p in event.pairs:
        label = " ".join(x for x in (f"pair {p.number}", p.direction or "",
                                     f"in section {p.section}" if p.section else "") if x)
        for i, pl in enumerate(p.people(), start=1):
            where = pl.seat or p.where
            at = f"{label}, player {i}" + (f" ({where})" if where else "")
            if pl.national_id and not pl.name:
                out.append(f"{at}: member number {pl.national_id} and no name (not in the member list?)")
            elif pl.name and not pl.national_id:
                out.append(f"{at}: {pl.name} has no member number")
    return out
