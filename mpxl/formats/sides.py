"""The two directions as a file spells them, in any language: read from what the file itself declares where
it can, from a list of languages where it cannot, and refused, naming the label and its line, where neither
tells.

A PBN file declares its own direction words twice: in its ScoreTable's column names (``PairId_NS`` and
``PairId_ÖV``: a stem, and a direction suffix each, NS first) and by its pairs' seats (a pair whose
TotalScoreTable Direction reads ``Ö-V`` sits in the ScoreTables' PairId_EW column). :class:`Sides` collects that
evidence as the file is read and says which side each label names; the rulebook's English spellings
(:data:`mpxl.core.rules.SIDE_SPELLINGS`) and the languages of :data:`SIDE_WORDS` answer where the file shows
nothing (a Howell's pairs sit both ways; a USEBIO file names no seat apart from its labels).

>>> side_word("Ö-V"), side_word("Nord-Süd"), side_word("NZ"), side_word("E-O"), side_word("Ø/V")
('EW', 'NS', 'NS', 'EW', 'EW')
>>> side_word("O")  # Ost (East) in German, Ouest (West) in French: no side by itself
Traceback (most recent call last):
...
ValueError: 'O' is not a side; expected NS or EW (N-S, N/S, North-South, or a seat: N, S, E, W); nor in any
other language mpxl knows (Ö-V, O-W, Ø-V, E-O, NZ / OW, Nord-Süd...)
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable
from dataclasses import replace

from ..core.errors import UserError
from ..core.event import Pair
from ..core.rules import SIDE_SPELLINGS, Side, code_key, side_of

__all__ = ["SIDE_WORDS", "side_key", "side_word", "Sides", "direction_suffixes", "sides_by_order"]

#: The directions' words per language, beside the rulebook's English (:data:`mpxl.core.rules.SIDE_SPELLINGS`):
#: each language's NS words, then its EW words, as a club writes them (compared by :func:`side_key`: case,
#: spaces and the ``-`` ``/`` ``_`` ``.`` between them do not count). A single letter is a seat in English only
#: (O is Ost in German, Ouest in French), so the other languages list pairs of letters and words.
SIDE_WORDS: dict[str, tuple[tuple[str, ...], tuple[str, ...]]] = {
    "sv": (("N-S", "Nord-Syd"), ("Ö-V", "ÖV", "Öst-Väst", "Ø-V")),
    "fi": (("P-E", "Pohjoinen-Etelä"), ("Ö-V", "I-L", "Itä-Länsi")),
    "nb": (("N-S", "Nord-Syd"), ("Ø-V", "Øst-Vest", "O-V")),
    "da": (("N-S", "Nord-Syd"), ("Ø-V", "Øst-Vest", "O-V")),
    "de": (("N-S", "Nord-Süd", "Nord-Sued"), ("O-W", "Ost-West")),
    "nl": (("N-Z", "NZ", "Noord-Zuid"), ("O-W", "OW", "Oost-West")),
    "fr": (("N-S", "Nord-Sud"), ("E-O", "Est-Ouest")),
    "es": (("N-S", "Norte-Sur"), ("E-O", "Este-Oeste")),
    "it": (("N-S", "Nord-Sud"), ("E-O", "E-W", "Est-Ovest")),
    "pl": (("N-S", "NS", "Północ-Południe"), ("E-W", "W-Z", "Wschód-Zachód")),
}


def side_key(text: str) -> str:
    """A direction word as it is compared: upper case, no spaces nor ``-`` ``/`` ``_`` ``.`` (``Ö-V`` and
    ``ö/v`` are one word).

    >>> side_key(" ö / v "), side_key("Nord-Süd")
    ('ÖV', 'NORDSÜD')
    """
    return "".join(ch for ch in code_key(text) if ch not in "-/_.")


def _known() -> dict[str, Side]:
    known: dict[str, Side] = {side_key(w): s for w, s in SIDE_SPELLINGS.items()}
    for ns, ew in SIDE_WORDS.values():
        each: tuple[tuple[tuple[str, ...], Side], ...] = ((ns, "NS"), (ew, "EW"))
        for words, side in each:
            for w in words:
                known.setdefault(side_key(w), side)
    return known


#: Every direction word mpxl knows, by :func:`side_key`: the rulebook's, then each language's.
_KNOWN = _known()
_EXAMPLES = "Ö-V, O-W, Ø-V, E-O, NZ / OW, Nord-Süd..."


def side_word(text: str) -> Side:
    """The side a direction word names in any language mpxl knows (the rulebook's English and
    :data:`SIDE_WORDS`); ValueError naming the word (``NZ-OW``, both directions at once, is none).

    >>> side_word("north-south"), side_word("Øst-Vest")
    ('NS', 'EW')
    """
    found = _KNOWN.get(side_key(text))
    if found is not None:
        return found
    try:  # refused by the rulebook's own words (every reader's, the Excel functions' and the sheet's), then ours
        return side_of(text)
    except ValueError as exc:
        raise ValueError(f"{exc}; nor in any other language mpxl knows ({_EXAMPLES})") from None


def direction_suffixes(columns: Iterable[str], stems: Iterable[str]) -> dict[str, Side]:
    """The direction suffixes a table's column names declare, in their order: the first suffix that follows
    one of ``stems`` (``PairId_``...) is NS, the second EW (``PairId_NS;PairId_ÖV``); a suffix known as a
    side's word keeps that side. Empty when the columns name fewer or more than two.

    >>> direction_suffixes(["Table", "PairId_NS", "PairId_ÖV", "Score_NS", "Score_ÖV"], ["PairId"])
    {'NS': 'NS', 'ÖV': 'EW'}
    >>> direction_suffixes(["PairId_NZ", "PairId_OW"], ["PairId"]), direction_suffixes(["PairId_NS"], ["PairId"])
    ({'NZ': 'NS', 'OW': 'EW'}, {})
    """
    lowered = [s.lower() + "_" for s in stems]
    found: list[str] = []
    for name in columns:
        for stem in lowered:
            if name.lower().startswith(stem) and len(name) > len(stem):
                suffix = name[len(stem):]
                if suffix not in found:
                    found.append(suffix)
    if len(found) != 2:
        return {}
    first, second = found
    a, b = _KNOWN.get(side_key(first)), _KNOWN.get(side_key(second))
    if a is not None and b is not None and a == b:  # both one side's words: not the two directions
        return {}
    if (a, b) in (("EW", None), (None, "NS"), ("EW", "NS")):  # the file names EW first
        return {first: "EW", second: "NS"}
    return {first: "NS", second: "EW"}


class Sides:
    """The direction labels of one file: each label's seats as the file shows them (:meth:`seen`), and the
    side each label names (:meth:`side`): the file's own evidence when it is one-sided (every pair bearing the
    label sits in one direction, and the file's other label in the other), else a known word
    (:func:`side_word`), else a refusal naming the label and where it is written.

    >>> s = Sides("t.pbn")
    >>> s.seat("A", "17", "NS"); s.seat("A", "2", "EW")
    >>> s.label("Ö-V", "A", "2", "line 65"); s.label("N-S", "A", "17", "line 64")
    >>> s.side("Ö-V", "line 65"), s.side("N-S", "line 64")
    ('EW', 'NS')
    >>> s.label("Up", "A", "3", "line 66"); s.side("Up", "line 66")
    Traceback (most recent call last):
    ...
    mpxl.core.errors.UserError: t.pbn: line 66: Direction 'Up' is not a side; expected NS or EW (N-S, N/S,
    North-South, or a seat: N, S, E, W); nor in any other language mpxl knows (Ö-V, O-W, Ø-V, E-O, NZ / OW,
    Nord-Süd...), and the file seats no pair labelled so in one direction
    """

    def __init__(self, source: str) -> None:
        self.source = source
        self.seats: dict[tuple[str, str], set[Side]] = defaultdict(set)  # (section, pair) -> the sides it sat
        self.labelled: dict[str, set[tuple[str, str]]] = defaultdict(set)  # label's key -> its pairs

    def seat(self, section: str, pair: str, side: Side) -> None:
        """Pair ``pair`` of ``section`` sat ``side`` on a line of the file."""
        self.seats[(section, str(pair).strip())].add(side)

    def label(self, word: str, section: str, pair: str, where: str) -> None:
        """Pair ``pair`` of ``section`` is labelled ``word`` at ``where``."""
        self.labelled[side_key(word)].add((section, str(pair).strip()))

    def _shown(self, key: str) -> Side | None:
        """The one side every pair labelled ``key`` sat (None when they sat both ways, or nowhere)."""
        sat: set[Side] = set()
        for pair in self.labelled.get(key, ()):
            sat |= self.seats.get(pair, set())
        return next(iter(sat)) if len(sat) == 1 else None

    def side(self, word: str, where: str) -> Side:
        """The side ``word`` names in this file (see the class); UserError at ``where`` when nothing tells."""
        key = side_key(word)
        shown = self._shown(key)
        others = {self._shown(k) for k in self.labelled if k != key}
        if shown is not None and shown not in others:  # the file's own seats, the other label on the other side
            return shown
        try:
            return side_word(word)
        except ValueError as exc:
            raise UserError(self.source, where, f"Direction {exc}, and the file seats no pair labelled so in one "
                            "direction") from None


def sides_by_order(pairs: list[Pair], warnings: list[str], what: str) -> list[Pair]:
    """``pairs`` (one list of the file's, ``what``: USEBIO's PARTICIPANTS, PBN's TotalScoreTable) where a pair
    number is listed twice with no direction (a Mitchell numbered NS 1.. and EW 1.., written without its
    directions): the first of the two taken as NS, the second as EW, the
    order a program lists a Mitchell's pairs in, with a warning naming them (``check`` then says, from their
    published percentages, whether the order was right). Any other repeat is left to the checks.

    >>> from mpxl.core.event import Pair
    >>> w = []; listed = [Pair("1"), Pair("2"), Pair("1"), Pair("2")]
    >>> [(p.number, p.direction) for p in sides_by_order(listed, w, "PARTICIPANTS")]
    [('1', 'NS'), ('2', 'NS'), ('1', 'EW'), ('2', 'EW')]
    >>> print(w[0])
    PARTICIPANTS lists pairs 1, 2 twice with no direction: the first of each taken as NS, the second as EW (the order \
a Mitchell's pairs are listed in); mpxl check says from their published figures whether that is right
    """
    seen: dict[tuple[int, str, str], list[int]] = {}
    for i, p in enumerate(pairs):
        seen.setdefault((p.session, p.section, p.number), []).append(i)
    twice = {k: at for k, at in seen.items() if len(at) == 2 and all(pairs[i].direction is None for i in at)}
    if not twice:
        return pairs
    out = list(pairs)
    for first, second in twice.values():
        out[first] = replace(out[first], direction="NS")
        out[second] = replace(out[second], direction="EW")
    numbers = ", ".join(sorted((k[2] for k in twice), key=lambda n: (len(n), n)))
    warnings.append(f"{what} lists pair{'s' * (len(twice) > 1)} {numbers} twice with no direction: the first of "
                    "each taken as NS, the second as EW (the order a Mitchell's pairs are listed in); mpxl check says "
                    "from their published figures whether that is right")
    return out
