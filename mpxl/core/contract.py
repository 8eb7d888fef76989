"""Contracts and their scores: the duplicate scoring table of Law 77.

A :class:`Contract` is a level, a :class:`Strain` and a doubling (0, 1 or 2),
or the passed-out contract (level ``None``). :func:`score` gives the
declarer's score, :func:`ns_score` the NS score that a traveller records.
The rules are the module-level tables below, one per line of the Law 77
table; nothing else in this module knows a scoring number.

>>> ns_score("3NT", "E", 11, "All")         # board 4 of the slides' traveller
-660
>>> ns_score("3NT", "W", 7, "All")
200
>>> ns_score("4Sx", "N", "-4", "None")
-800
>>> board_dealer(4), board_vulnerability(4)
(<Direction.W: 'W'>, <Vulnerability.BOTH: 'All'>)
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from enum import Enum
from functools import lru_cache
from numbers import Integral
from typing import TypeVar

from .patterns import Pattern

__all__ = [
    "Strain",
    "Direction",
    "Vulnerability",
    "Contract",
    "PASSED_OUT",
    "PASS_SPELLINGS",
    "DOUBLING_MARKS",
    "score",
    "ns_score",
    "tricks_from_result",
    "tricks_taken",
    "STRAIN_SPELLINGS",
    "DIRECTION_SPELLINGS",
    "KEY_SEPARATORS",
    "RESULT_MADE",
    "RESULT_SIGNS",
    "board_vulnerability",
    "board_dealer",
    "TRICK_VALUE",
    "DOUBLING_FACTOR",
    "GAME_THRESHOLD",
    "GAME_BONUS",
    "PART_SCORE_BONUS",
    "SLAM_BONUS",
    "INSULT_BONUS",
    "DOUBLED_OVERTRICK",
    "UNDERTRICK_PENALTIES",
    "BOARD_CYCLE",
]

BOOK = 6  # tricks declarer must take before the contract's level counts


E = TypeVar("E", bound=Enum)


#: What a spelling of a strain, seat or vulnerability may hold between its letters, dropped before it is
#: looked up (beside white space): ``N-S``, ``n.``, ``E/W``, ``no_trump``. The sheet drops the same.
KEY_SEPARATORS = "-/._"


def _key(text: object) -> str:
    """Upper-case ``text`` and drop white space and :data:`KEY_SEPARATORS`.

    >>> _key(" n. "), _key("e/w")
    ('N', 'EW')
    """
    return re.sub(rf"[\s{re.escape(KEY_SEPARATORS)}]+", "", str(text)).upper()


def _find(cls: type[E], text: object, spellings: dict[str, str], expected: str) -> E:
    """Shared forgiving lookup for the enums below."""
    if isinstance(text, cls):
        return text
    if isinstance(text, str):
        found = spellings.get(_key(text))
        if found is not None:
            return cls(found)
    raise ValueError(f"{text!r} is not a {cls.__name__.lower()}; expected {expected}")


# --------------------------------------------------------------------------- enums


class Strain(Enum):
    """The five strains, lowest first; ``Strain.find`` parses a user's spelling."""

    C = "C"
    D = "D"
    H = "H"
    S = "S"
    NT = "NT"

    @classmethod
    def find(cls, text: object) -> Strain:
        """Parse a strain: letters, names or suit symbols, any case.

        >>> Strain.find("nt"), Strain.find("N"), Strain.find("♠"), Strain.find("Hearts")
        (<Strain.NT: 'NT'>, <Strain.NT: 'NT'>, <Strain.S: 'S'>, <Strain.H: 'H'>)
        >>> Strain.find("Q")
        Traceback (most recent call last):
        ...
        ValueError: 'Q' is not a strain; expected C, D, H, S or NT (or a suit symbol)
        """
        return _find(cls, text, STRAIN_SPELLINGS, "C, D, H, S or NT (or a suit symbol)")

    @property
    def is_minor(self) -> bool:
        """True for clubs and diamonds.

        >>> Strain.D.is_minor, Strain.NT.is_minor
        (True, False)
        """
        return self in (Strain.C, Strain.D)


#: Every spelling of a strain the parser reads (after upper-casing), and its strain's value.
STRAIN_SPELLINGS: dict[str, str] = {
    **{k: "C" for k in ("C", "CLUB", "CLUBS", "♣", "♧")},
    **{k: "D" for k in ("D", "DIAMOND", "DIAMONDS", "♦", "♢")},
    **{k: "H" for k in ("H", "HEART", "HEARTS", "♥", "♡")},
    **{k: "S" for k in ("S", "SPADE", "SPADES", "♠", "♤")},
    **{k: "NT" for k in ("NT", "N", "NOTRUMP", "NOTRUMPS")},
}


class Direction(Enum):
    """The four seats; ``Direction.find`` parses ``North``, ``n``, ``N`` ..."""

    N = "N"
    E = "E"
    S = "S"
    W = "W"

    @classmethod
    def find(cls, text: object) -> Direction:
        """Parse a seat: a letter or a name, any case.

        >>> Direction.find("North"), Direction.find(" w ")
        (<Direction.N: 'N'>, <Direction.W: 'W'>)
        >>> Direction.find("NE")
        Traceback (most recent call last):
        ...
        ValueError: 'NE' is not a direction; expected N, E, S or W (North, East, South, West)
        """
        return _find(cls, text, DIRECTION_SPELLINGS, "N, E, S or W (North, East, South, West)")

    @property
    def is_ns(self) -> bool:
        """True for North and South.

        >>> Direction.S.is_ns, Direction.E.is_ns
        (True, False)
        """
        return self in (Direction.N, Direction.S)


#: Every spelling of a seat the parser reads (after upper-casing), and its seat.
DIRECTION_SPELLINGS: dict[str, str] = {
    **{k: "N" for k in ("N", "NORTH")},
    **{k: "E" for k in ("E", "EAST")},
    **{k: "S" for k in ("S", "SOUTH")},
    **{k: "W" for k in ("W", "WEST")},
}
#: Each seat's name as a message writes it: ``SEAT_NAMES["E"]`` is ``East``.
SEAT_NAMES: dict[str, str] = {seat: name.title() for name, seat in DIRECTION_SPELLINGS.items() if len(name) > 1}


class Vulnerability(Enum):
    """Who is vulnerable on a board; ``Vulnerability.find`` parses a user's spelling."""

    NONE = "None"
    NS = "NS"
    EW = "EW"
    BOTH = "All"

    @classmethod
    def find(cls, text: object) -> Vulnerability:
        """Parse a vulnerability: ``None``/``-``/``Love``, ``NS``/``N-S``, ``EW``/``E-W``, ``All``/``Both``/``b``.

        A blank (Python ``None`` or an empty string) is an error, not "None vulnerable".

        >>> Vulnerability.find("Love"), Vulnerability.find("n-s"), Vulnerability.find("b")
        (<Vulnerability.NONE: 'None'>, <Vulnerability.NS: 'NS'>, <Vulnerability.BOTH: 'All'>)
        >>> Vulnerability.find("NE")
        Traceback (most recent call last):
        ...
        ValueError: 'NE' is not a vulnerability; expected None (or - or Love), NS, EW or All (or Both)
        """
        if isinstance(text, str) and text.strip() == "-":
            return cls.NONE
        return _find(cls, text, _VULNERABILITY_SPELLINGS,
                     "None (or - or Love), NS, EW or All (or Both)")

    def is_vulnerable(self, direction: Direction | str) -> bool:
        """True if ``direction``'s side is vulnerable.

        >>> Vulnerability.NS.is_vulnerable("S"), Vulnerability.NS.is_vulnerable("W")
        (True, False)
        """
        side = Vulnerability.NS if Direction.find(direction).is_ns else Vulnerability.EW
        return self in (side, Vulnerability.BOTH)


_VULNERABILITY_SPELLINGS = {
    **{k: "None" for k in ("NONE", "LOVE", "NEITHER", "NIL", "O", "0")},
    **{k: "NS" for k in ("NS", "NORTHSOUTH")},
    **{k: "EW" for k in ("EW", "EASTWEST")},
    **{k: "All" for k in ("ALL", "BOTH", "B", "A")},
}


# ---------------------------------------------------------------------- contracts

#: How a doubling is written after the strain (upper case): 0 undoubled, 1 doubled, 2 redoubled.
DOUBLING_MARKS = {"": 0, "X": 1, "*": 1, "XX": 2, "**": 2, "R": 2, "XR": 2}
_DOUBLING_MARKS = DOUBLING_MARKS
#: How a passed-out board is written (spaces removed, upper case: ``PO`` as ScoreBridge and EBUScore write it); the
#: sheet reads the same list.
PASS_SPELLINGS = ("P", "PASS", "PASSED", "PASSEDOUT", "PASSOUT", "ALLPASS", "AP", "PO")
_PASS_SPELLINGS = frozenset(PASS_SPELLINGS)
_CONTRACT_RE = Pattern(r"^([1-7])(.+?)(XX|X|\*\*|\*|XR|R)?$")
_CONTRACT_EXPECTED = (
    "expected a level 1-7 and a strain C, D, H, S or NT, optionally doubled x (or *) "
    "or redoubled xx (or **), e.g. 3NT, 4Sx, 6Hxx; or PASS"
)


@dataclass(frozen=True)
class Contract:
    """A contract: level 1-7, strain and doubling 0/1/2; level ``None`` is passed out.

    >>> Contract(4, Strain.S, 1)
    Contract(level=4, strain=<Strain.S: 'S'>, doubled=1)
    >>> str(Contract.parse("6 hearts XX")), str(Contract.parse("p"))
    ('6Hxx', 'PASS')
    """

    level: int | None
    strain: Strain | None = None
    doubled: int = 0

    def __post_init__(self) -> None:
        if self.level is None:
            if self.strain is not None or self.doubled != 0:
                raise ValueError("a passed-out contract has no strain and no doubling")
            return
        if isinstance(self.level, bool) or not isinstance(self.level, Integral) \
                or not 1 <= self.level <= 7:
            raise ValueError(f"level {self.level!r} must be 1-7 (or None for passed out)")
        if not isinstance(self.strain, Strain):
            raise ValueError(f"strain {self.strain!r} must be a Strain")
        if self.doubled not in (0, 1, 2) or isinstance(self.doubled, bool):
            raise ValueError(f"doubled {self.doubled!r} must be 0, 1 (doubled) or 2 (redoubled)")

    @classmethod
    def parse(cls, text: str | Contract) -> Contract:
        """Parse ``3NT``, ``3N``, ``4Sx``, ``4S*``, ``6HXX``, ``4♠``, ``PASS``/``P``/``passed``.

        Case and spaces do not matter.

        >>> Contract.parse("3n"), Contract.parse("4♠**")
        (Contract(level=3, strain=<Strain.NT: 'NT'>, doubled=0), Contract(level=4, strain=<Strain.S: 'S'>, doubled=2))
        >>> Contract.parse("Passed").is_passed
        True
        >>> Contract.parse("8NT")
        Traceback (most recent call last):
        ...
        ValueError: contract '8NT' not understood; expected a level 1-7 and a strain C, D, H, S or NT,
        optionally doubled x (or *) or redoubled xx (or **), e.g. 3NT, 4Sx, 6Hxx; or PASS
        """
        if isinstance(text, Contract):
            return text
        if isinstance(text, str):
            key = re.sub(r"\s+", "", text).upper()
            if key in _PASS_SPELLINGS:
                return PASSED_OUT
            m = _CONTRACT_RE.match(key)
            if m:
                strain = STRAIN_SPELLINGS.get(m.group(2))
                if strain is not None:
                    return cls(int(m.group(1)), Strain(strain), _DOUBLING_MARKS[m.group(3) or ""])
        raise ValueError(f"contract {text!r} not understood; {_CONTRACT_EXPECTED}")

    @property
    def is_passed(self) -> bool:
        """True for the passed-out contract.

        >>> PASSED_OUT.is_passed, Contract.parse("1C").is_passed
        (True, False)
        """
        return self.level is None

    @property
    def tricks_needed(self) -> int | None:
        """Tricks declarer must take: level + 6 (None when passed out).

        >>> Contract.parse("4S").tricks_needed
        10
        """
        return None if self.level is None else self.level + BOOK

    def __str__(self) -> str:
        if self.level is None:
            return "PASS"
        assert self.strain is not None  # a bid contract has a strain
        return f"{self.level}{self.strain.value}{'x' * self.doubled}"


#: The passed-out contract: scores 0 for both sides.
PASSED_OUT = Contract(None)


# ------------------------------------------------------------ the Law 77 tables

#: Trick score of each contracted trick, undoubled: (first trick, each later trick).
#: Minors 20, majors 30, notrump 40 for the first and 30 after.
TRICK_VALUE = {
    Strain.C: (20, 20),
    Strain.D: (20, 20),
    Strain.H: (30, 30),
    Strain.S: (30, 30),
    Strain.NT: (40, 30),
}

#: The trick score is multiplied by 2 when doubled, 4 when redoubled.
DOUBLING_FACTOR = {0: 1, 1: 2, 2: 4}

#: A made contract whose trick score reaches this is a game.
GAME_THRESHOLD = 100

#: Game bonus by declarer's vulnerability (False = not vulnerable).
GAME_BONUS = {False: 300, True: 500}

#: Bonus for a made contract below game.
PART_SCORE_BONUS = 50

#: Slam bonuses by level, then by declarer's vulnerability: small 500/750, grand 1000/1500.
SLAM_BONUS = {
    6: {False: 500, True: 750},
    7: {False: 1000, True: 1500},
}

#: Bonus for making a doubled (50) or redoubled (100) contract, the "insult".
INSULT_BONUS = {0: 0, 1: 50, 2: 100}

#: Each overtrick when doubled or redoubled, by declarer's vulnerability.
#: Undoubled overtricks score at the strain's trick value (``TRICK_VALUE[strain][1]``).
DOUBLED_OVERTRICK = {
    1: {False: 100, True: 200},
    2: {False: 200, True: 400},
}

#: Undertrick penalties by doubling, then declarer's vulnerability: the penalty for the
#: 1st, 2nd, 3rd, and each further undertrick. Redoubled is twice doubled.
UNDERTRICK_PENALTIES = {
    0: {False: (50, 50, 50, 50), True: (100, 100, 100, 100)},
    1: {False: (100, 200, 200, 300), True: (200, 300, 300, 300)},
    2: {False: (200, 400, 400, 600), True: (400, 600, 600, 600)},
}

#: Dealer and vulnerability of boards 1-16; board b plays as board ((b - 1) % 16) + 1.
BOARD_CYCLE = (
    (Direction.N, Vulnerability.NONE),
    (Direction.E, Vulnerability.NS),
    (Direction.S, Vulnerability.EW),
    (Direction.W, Vulnerability.BOTH),
    (Direction.N, Vulnerability.NS),
    (Direction.E, Vulnerability.EW),
    (Direction.S, Vulnerability.BOTH),
    (Direction.W, Vulnerability.NONE),
    (Direction.N, Vulnerability.EW),
    (Direction.E, Vulnerability.BOTH),
    (Direction.S, Vulnerability.NONE),
    (Direction.W, Vulnerability.NS),
    (Direction.N, Vulnerability.BOTH),
    (Direction.E, Vulnerability.NONE),
    (Direction.S, Vulnerability.NS),
    (Direction.W, Vulnerability.EW),
)


# --------------------------------------------------------------------- scoring


def _whole(value: object, what: str, expected: str) -> int:
    """``value`` as an int if it is a whole number (int, integral float or digits)."""
    if isinstance(value, bool):
        raise ValueError(f"{what} {value!r} is not a whole number; expected {expected}")
    if isinstance(value, Integral):
        return int(value)
    if isinstance(value, float) and value.is_integer():
        return int(value)
    if isinstance(value, str) and value.strip().isascii() and value.strip().isdigit():  # not a fullwidth 10
        return int(value.strip())
    raise ValueError(f"{what} {value!r} is not a whole number; expected {expected}")


#: A result read against the contract: just made (``=``, ``made``), or a sign and a number of tricks (``+1``, ``-2``).
RESULT_MADE = ("=", "MADE", "M")
RESULT_SIGNS = ("+", "-", "=")
_RESULT_RE = Pattern(r"^(?:(" + "|".join(map(re.escape, RESULT_MADE)) + r")|(["
                        + "".join(map(re.escape, RESULT_SIGNS)) + r"])([0-9]+))$")


def tricks_from_result(contract: Contract | str, text: str) -> int:
    """Tricks taken from a result relative to the contract: ``=``, ``+1``, ``-2``.

    ``=0``, ``+0`` and ``made`` also mean just made.

    >>> tricks_from_result("4S", "="), tricks_from_result("4S", "+1"), tricks_from_result("4S", "-2")
    (10, 11, 8)
    >>> tricks_from_result("4S", "+4")
    Traceback (most recent call last):
    ...
    ValueError: result '+4' is impossible for 4S: expected = or +0 to +3 or -1 to -10
    """
    c = Contract.parse(contract)
    if c.level is None:
        raise ValueError(f"result {text!r} makes no sense for a passed-out board")
    need = c.level + BOOK
    expected = f"= or +0 to +{13 - need} or -1 to -{need}"
    m = _RESULT_RE.match(re.sub(r"\s+", "", text).upper()) if isinstance(text, str) else None
    if not m:
        raise ValueError(f"result {text!r} not understood for {c}: expected {expected}")
    if m.group(1):
        return need
    sign, n = m.group(2), int(m.group(3))
    tricks = need - n if sign == "-" else need + n
    if (sign == "=" and n != 0) or (sign == "-" and n == 0) or not 0 <= tricks <= 13:
        raise ValueError(f"result {text!r} is impossible for {c}: expected {expected}")
    return tricks


def _tricks(contract: Contract, tricks: object) -> int:
    """Tricks taken, from a number 0-13 or a relative result string."""
    if isinstance(tricks, str) and re.match(r"^\s*([+\-=]|made|m\b)", tricks, re.I):
        return tricks_from_result(contract, tricks)
    if tricks is None:
        raise ValueError("tricks missing")
    return tricks_taken(tricks)


def tricks_taken(tricks: object) -> int:
    """A number of tricks declarer took: a whole number 0-13; ValueError naming it otherwise.

    >>> tricks_taken(10), tricks_taken("13")
    (10, 13)
    >>> tricks_taken(14)
    Traceback (most recent call last):
    ...
    ValueError: tricks 14 out of range; expected the tricks taken by declarer, 0-13
    """
    n = _whole(tricks, "tricks", "the tricks taken by declarer, 0-13, or a result like =, +1, -2")
    if not 0 <= n <= 13:
        raise ValueError(f"tricks {tricks!r} out of range; expected the tricks taken by declarer, 0-13")
    return n


def _undertrick_penalty(doubled: int, vulnerable: bool, down: int) -> int:
    steps = UNDERTRICK_PENALTIES[doubled][vulnerable]
    return sum(steps[min(i, len(steps) - 1)] for i in range(down))


def score(
    contract: Contract | str, declarer: Direction | str | None, tricks: int | str | None, vulnerable: bool
) -> int:
    """The declarer's score (Law 77) for taking ``tricks`` tricks in ``contract``.

    ``tricks`` is the number declarer took (0-13) or a result like ``=``, ``+1``,
    ``-2``. ``declarer`` and ``tricks`` are ignored for a passed-out board.

    >>> score("3NT", "N", 9, False), score("4S", "E", 11, True), score("1NTx", "S", 6, False)
    (400, 650, -100)
    >>> score("7NTxx", "W", 13, True), score("PASS", None, None, True)
    (2980, 0)
    """
    c = Contract.parse(contract)
    if c.level is None:  # passed out
        return 0
    assert c.strain is not None, f"contract {c!r} has a level and no strain"
    Direction.find(declarer)  # validate: a played contract needs a declarer
    if not isinstance(vulnerable, bool):
        raise ValueError(f"vulnerable {vulnerable!r} must be True or False")
    taken = _tricks(c, tricks)
    need = c.level + BOOK
    if taken < need:
        return -_undertrick_penalty(c.doubled, vulnerable, need - taken)

    first, later = TRICK_VALUE[c.strain]
    trick_score = (first + later * (c.level - 1)) * DOUBLING_FACTOR[c.doubled]
    bonus = GAME_BONUS[vulnerable] if trick_score >= GAME_THRESHOLD else PART_SCORE_BONUS
    slam = SLAM_BONUS.get(c.level, {}).get(vulnerable, 0)
    per_overtrick = DOUBLED_OVERTRICK[c.doubled][vulnerable] if c.doubled else later
    return trick_score + bonus + slam + INSULT_BONUS[c.doubled] + per_overtrick * (taken - need)


@lru_cache(maxsize=1)
def possible_ns_scores() -> frozenset[int]:
    """Every NS score a contract can give: each level, strain, doubling, vulnerability and number of
    tricks, made or defeated, for either side (and 0, a board passed out).

    >>> s = possible_ns_scores(); 420 in s, -1100 in s, 425 in s, 7 in s, max(s)
    (True, True, False, False, 7600)
    """
    # each contract scored by :func:`score` made exactly and with one overtrick: every further
    # overtrick adds the same (Law 77); every number of undertricks by the penalty table. The same
    # set as scoring every number of tricks (tests/test_contract.py), in a seventh of the calls:
    # every ``mpxl score`` and ``check`` asks for it
    out = {0}
    for dbl in (0, 1, 2):
        for vul in (False, True):
            out.update(-_undertrick_penalty(dbl, vul, down) for down in range(1, 14))
            for level in range(1, 8):
                for strain in Strain:
                    c = Contract(level, strain, dbl)
                    need = level + BOOK
                    made = score(c, Direction.N, need, vul)
                    over = score(c, Direction.N, need + 1, vul) - made if need < 13 else 0
                    out.update(made + over * k for k in range(14 - need))
    return frozenset(out | {-value for value in out})


def ns_score(contract: Contract | str, declarer: Direction | str | None,
             tricks: int | str | None, vulnerability: Vulnerability | str) -> int:
    """The NS score: the declarer's score, negated when East or West declares.

    ``vulnerability`` is a :class:`Vulnerability` or a spelling such as ``None``,
    ``-``, ``Love``, ``NS``, ``N-S``, ``EW``, ``E-W``, ``All``, ``Both``, ``b``.

    >>> ns_score("3C", "E", 10, "All"), ns_score("6C", "E", 11, "Both"), ns_score("3S", "N", 9, "b")
    (-130, 100, 140)
    >>> ns_score("P", None, None, "-")
    0
    """
    c = Contract.parse(contract)
    vul = Vulnerability.find(vulnerability)
    if c.is_passed:
        return 0
    seat = Direction.find(declarer)
    points = score(c, seat, tricks, vul.is_vulnerable(seat))
    return points if seat.is_ns else -points


# ----------------------------------------------------------------------- boards


def _board_index(board: object) -> int:
    n = _whole(board, "board", "a positive whole number")
    if n < 1:
        raise ValueError(f"board {board!r} is not positive; expected a positive whole number")
    return (n - 1) % len(BOARD_CYCLE)


def board_vulnerability(board: int) -> Vulnerability:
    """The vulnerability of ``board`` in the standard 16-board cycle.

    >>> board_vulnerability(1), board_vulnerability(4), board_vulnerability(18)
    (<Vulnerability.NONE: 'None'>, <Vulnerability.BOTH: 'All'>, <Vulnerability.NS: 'NS'>)
    >>> board_vulnerability(0)
    Traceback (most recent call last):
    ...
    ValueError: board 0 is not positive; expected a positive whole number
    """
    return BOARD_CYCLE[_board_index(board)][1]


def board_dealer(board: int) -> Direction:
    """The dealer of ``board``: N, E, S, W in turn from board 1.

    >>> board_dealer(1), board_dealer(4), board_dealer(17)
    (<Direction.N: 'N'>, <Direction.W: 'W'>, <Direction.N: 'N'>)
    """
    return BOARD_CYCLE[_board_index(board)][0]
