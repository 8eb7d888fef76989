"""A board's double-dummy analysis: the 20 makeable trick counts, the par, each hand's HCP.

The trick counts come from a solver (:mod:`mpxl.formats.solver`, which calls endplay) or from a
file's tags (``mpxl.formats.pbn_analysis``); the par is worked out here from the counts with mpxl's
own scoring (:func:`mpxl.core.contract.score`), so a table read from a file and one solved get
their par by the same rule.

The par is the value of the bidding game played with the cards face up: from the dealer's side
round the table, each side in turn either passes (the last bid becomes the contract) or names a
higher contract; a contract that makes is left undoubled, one that fails is doubled; each side
plays its best declarer. NS want the most, EW the least (scores from NS's side). Worked backwards
from 7NT, every (contract, side to speak) has a value, and the par score is the value of the
opening (a board both sides pass is 0). The par contracts are the contracts that score the par and
over which the other side has no contract that, standing, does better for it (DDS's rule: over
``1S`` making nine tricks the opponents could still play a ``1NT`` they make, so the par is ``2S``;
over ``3NT`` making eleven tricks a ``4D`` sacrifice, so ``4NT``); a sacrifice is a par contract
when it is one. Among those, each strain's lowest level (``4S`` making 11 tricks, not ``5S``).

>>> t = tricks_table({"N": {"S": 10}, "S": {"S": 10}})
>>> a = analyse(1, t, vulnerable="None", dealer="N")
>>> a.par_score, [str(c) for c in a.par_contracts]
(420, ['4S NS'])
>>> a.tricks_for("E", "S"), a.tricks_for("N", "NT")
(3, 0)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import lru_cache
from typing import NamedTuple

from .cards import hcp
from .contract import Contract, Direction, Strain, Vulnerability, score

__all__ = ["Analysis", "ParContract", "analyse", "par", "tricks_table", "hcp", "STRAIN_ORDER", "SEAT_ORDER",
           "par_contract_text", "differences"]

#: The seats in the order an :class:`Analysis` holds its rows (as :data:`mpxl.core.event.SEATS`).
SEAT_ORDER = ("N", "E", "S", "W")
#: The strains in the order a row holds them (and the grids show them): notrump first, as PBN's
#: ``DoubleDummyTricks`` and the hand records order them.
STRAIN_ORDER = ("NT", "S", "H", "D", "C")
_SIDES = ("NS", "EW")
#: the 35 contracts, lowest first: (level, strain)
_RANKED = tuple((level, strain) for level in range(1, 8) for strain in Strain)


class ParContract(NamedTuple):  # a plain value: a named tuple costs less to declare than a dataclass
    """A par contract: level, strain, doubled (a sacrifice), the seats that can declare it for that
    many tricks (``NS`` both, ``N`` only North) and the tricks they take.

    >>> str(ParContract(4, Strain.C, True, "S", 9)), ParContract(4, Strain.C, True, "S", 9).side
    ('4CX S', 'NS')
    """

    level: int
    strain: Strain
    doubled: bool
    declarers: str
    tricks: int

    @property
    def side(self) -> str:
        """``NS`` or ``EW``."""
        return "NS" if self.declarers[0] in "NS" else "EW"

    def __str__(self) -> str:
        return f"{self.level}{self.strain.value}{'X' if self.doubled else ''} {self.declarers}"


def par_contract_text(contracts: Sequence[ParContract]) -> str:
    """The par contracts as one text (``Pass`` when the board is passed out).

    >>> par_contract_text([]), par_contract_text([ParContract(3, Strain.NT, False, "E", 9)])
    ('Pass', '3NT E')
    """
    return ", ".join(map(str, contracts)) or "Pass"


class Analysis(NamedTuple):  # a plain value: a named tuple costs less to declare than a dataclass
    """One board's analysis. ``tricks[seat][strain]``: the tricks ``seat`` takes as declarer, rows in
    :data:`SEAT_ORDER`, columns in :data:`STRAIN_ORDER`; the par score from NS's side and the par
    contracts (none: passed out); each hand's HCP (empty when the hands are not known)."""

    board: int
    tricks: tuple[tuple[int, ...], ...]
    par_score: int
    par_contracts: tuple[ParContract, ...]
    hcp: tuple[int, ...] = ()

    def tricks_for(self, seat: str | Direction, strain: str | Strain) -> int:
        """The tricks ``seat`` takes as declarer in ``strain``."""
        seat_text = Direction.find(seat).value
        strain_text = Strain.find(strain).value
        return self.tricks[SEAT_ORDER.index(seat_text)][STRAIN_ORDER.index(strain_text)]

    @property
    def par_text(self) -> str:
        """The par contracts as one text (:func:`par_contract_text`: ``Pass`` when the board is passed out)."""
        return par_contract_text(self.par_contracts)

    def grid(self) -> dict[str, dict[str, int]]:
        """``{seat: {strain: tricks}}``, as ``mpxl deal --json`` and ``score --json`` write it (``dd``).

        >>> analyse(1, tricks_table({}), "None", "N").grid()["N"]
        {'NT': 0, 'S': 0, 'H': 0, 'D': 0, 'C': 0}
        """
        return {seat: dict(zip(STRAIN_ORDER, row)) for seat, row in zip(SEAT_ORDER, self.tricks)}

    def par_json(self) -> dict[str, object]:
        """``{"score": 420, "contracts": ["4S N"]}`` (no contract: passed out)."""
        return {"score": self.par_score, "contracts": [str(c) for c in self.par_contracts]}

    def played(self, contract: str, declarer: str) -> int | None:
        """The double-dummy tricks of the contract played at a table (None: passed out or not read).

        >>> analyse(1, tricks_table({"S": {"H": 9}}), "None", "N").played("4Hx", "S")
        9
        """
        try:
            c = Contract.parse(contract)
            if c.strain is None:
                return None
            return self.tricks_for(declarer, c.strain)
        except ValueError:
            return None


def tricks_table(grid: Mapping[str, Mapping[str, int]]) -> tuple[tuple[int, ...], ...]:
    """The rows of an :class:`Analysis` from ``{seat: {strain: tricks}}``; a seat or strain not given
    takes 0, and its opponents 13 less than the most its side takes (the opening lead's seat aside,
    a rule a hand-made table in a test may lean on). ValueError for a count outside 0-13.

    >>> tricks_table({"N": {"NT": 9}})[1][0], tricks_table({"N": {"NT": 9}})[0][0]
    (4, 9)
    """
    rows = [[-1] * 5 for _ in SEAT_ORDER]
    for seat, counts in grid.items():
        for strain, n in counts.items():
            if not isinstance(n, int) or not 0 <= n <= 13:
                raise ValueError(f"{seat} {strain}: {n!r} tricks; expected 0-13")
            rows[SEAT_ORDER.index(Direction.find(seat).value)][STRAIN_ORDER.index(Strain.find(strain).value)] = n
    given = [row[:] for row in rows]
    for i, row in enumerate(rows):
        partner, left, right = given[(i + 2) % 4], given[(i + 1) % 4], given[(i + 3) % 4]
        for j in range(5):
            if row[j] < 0:
                opponents = max(left[j], right[j])
                row[j] = partner[j] if partner[j] >= 0 else 13 - opponents if opponents >= 0 else 0
    return tuple(tuple(row) for row in rows)


def analyse(board: int, tricks: Sequence[Sequence[int]], vulnerable: str | Vulnerability, dealer: str | Direction,
            hands: Sequence[str] = ()) -> Analysis:
    """The :class:`Analysis` of a board from its trick counts (rows as :data:`SEAT_ORDER`, columns as
    :data:`STRAIN_ORDER`), its vulnerability and dealer, and its hands (for the HCP)."""
    table = tuple(tuple(int(n) for n in row) for row in tricks)
    if len(table) != 4 or any(len(row) != 5 for row in table):
        raise ValueError(f"board {board}: a double-dummy table needs 4 seats of 5 strains")
    vul, first = Vulnerability.find(vulnerable), Direction.find(dealer)
    value, contracts = par(table, vul, first)
    points = tuple(hcp(h) for h in hands) if hands and all(hands) else ()
    return Analysis(board, table, value, contracts, points)


def par(tricks: tuple[tuple[int, ...], ...], vulnerable: Vulnerability, dealer: Direction
        ) -> tuple[int, tuple[ParContract, ...]]:
    """The par score (NS's side) and the par contracts of a table (see the module's docstring).

    Both vulnerable, NS take 10 tricks in hearts and EW 10 in spades: 4H is outbid by 4S, and NS do
    best to sacrifice in 5H doubled, one down (200 to EW, against 620).

    >>> t = tricks_table({"N": {"H": 10, "S": 3}, "S": {"H": 10, "S": 3},
    ...                   "E": {"S": 10, "H": 3}, "W": {"S": 10, "H": 3}})
    >>> par(t, Vulnerability.BOTH, Direction.N)
    (-200, (ParContract(level=5, strain=<Strain.H: 'H'>, doubled=True, declarers='NS', tricks=10),))
    """
    return _par(tricks, vulnerable.value, dealer.value)


@lru_cache(maxsize=4096)
def _par(tricks: tuple[tuple[int, ...], ...], vulnerable: str, dealer: str) -> tuple[int, tuple[ParContract, ...]]:
    vul = Vulnerability(vulnerable)
    best = [[max(tricks[s][j], tricks[s + 2][j]) for j in range(5)] for s in (0, 1)]  # side 0 NS, 1 EW
    seat = {0: Direction.N, 1: Direction.E}
    sign = (1, -1)

    def final(i: int, side: int) -> int:  # the NS score when contract i, bid by side, is the contract
        level, strain = _RANKED[i]
        taken = best[side][STRAIN_ORDER.index(strain.value)]
        doubled = int(taken < level + 6)
        return sign[side] * score(Contract(level, strain, doubled), seat[side], taken, vul.is_vulnerable(seat[side]))

    n = len(_RANKED)
    # value[i][s]: contract i stands, bid by side 1 - s, and side s speaks: pass, or bid any higher
    value = [[0, 0] for _ in range(n)]
    finals = [[final(i, s) for s in (0, 1)] for i in range(n)]
    # bid_value[i][s]: side s bids contract i (the other side to speak)
    bid_value = [[0, 0] for _ in range(n + 1)]
    best_above: list[list[int | None]] = [[None, None] for _ in range(n + 1)]  # best of bid_value[j][s], j >= i
    for i in range(n - 1, -1, -1):
        for s in (0, 1):
            options = [finals[i][1 - s]]
            higher = best_above[i + 1][s]
            if higher is not None:
                options.append(higher)
            value[i][s] = max(options) if s == 0 else min(options)
        for s in (0, 1):
            bid_value[i][s] = value[i][1 - s]
            prev = best_above[i + 1][s]
            mine = bid_value[i][s]
            best_above[i][s] = mine if prev is None else (max(prev, mine) if s == 0 else min(prev, mine))

    first = 0 if Direction(dealer).is_ns else 1

    def opening(side: int, passes: int) -> int:  # nobody has bid; ``side`` speaks after ``passes`` passes
        if passes == 4:
            return 0
        bid = best_above[0][side]
        assert bid is not None
        rest = opening(1 - side, passes + 1)
        return max(bid, rest) if side == 0 else min(bid, rest)

    result = opening(first, 0)
    # own_best[i][s]: side s's best score from a contract ranked i or higher that it bids and that stands
    own_best: list[list[int | None]] = [[None, None] for _ in range(n + 1)]
    for i in range(n - 1, -1, -1):
        for s in (0, 1):
            prev, mine = own_best[i + 1][s], finals[i][s]
            own_best[i][s] = mine if prev is None else (max(prev, mine) if s == 0 else min(prev, mine))

    def beaten(i: int, s: int) -> bool:  # side 1 - s has a contract over contract i that does better for it
        other = own_best[i + 1][1 - s]
        return other is not None and (other > result if s == 1 else other < result)

    contracts: list[ParContract] = []
    seen: set[tuple[int, str]] = set()
    for i, (level, strain) in enumerate(_RANKED):
        for s in (0, 1):
            if (s, strain.value) in seen or finals[i][s] != result or value[i][1 - s] != result \
                    or beaten(i, s):
                continue
            seen.add((s, strain.value))
            j = STRAIN_ORDER.index(strain.value)
            taken = best[s][j]
            seats = "".join(SEAT_ORDER[k] for k in ((0, 2), (1, 3))[s] if tricks[k][j] == taken)
            contracts.append(ParContract(level, strain, taken < level + 6, seats, taken))
    return result, tuple(contracts)


def differences(stated: Analysis, solved: Analysis, vulnerable: str | Vulnerability = "None"
                ) -> list[tuple[str, str, str]]:
    """(what, as stated, as solved) for each way a file's analysis differs from the solver's: a trick
    count, the par score, a par contract the file names that is none of the solver's. A file may name
    one of several, and name it at another level that scores the same (Magic Contest's ``5S W 11``
    is the solver's ``4S`` making 11 tricks: 4S+1 and 5S= score alike); it must be the side, strain
    and doubling of one of the solver's and score the par (``vulnerable``: the board's).

    >>> solved = analyse(1, tricks_table({"N": {"S": 11}, "S": {"S": 11}}), "None", "N")
    >>> differences(solved._replace(par_contracts=(ParContract(5, Strain.S, False, "N", 11),)), solved)
    []
    >>> stated = solved._replace(par_score=420, par_contracts=(ParContract(4, Strain.H, False, "N", 10),))
    >>> differences(stated, solved)
    [('par score', '420', '450'), ('par contract', '4H N', '4S NS')]
    """
    out = [(f"double-dummy tricks {seat} in {strain}", str(a), str(b))
           for seat, row_a, row_b in zip(SEAT_ORDER, stated.tricks, solved.tricks)
           for strain, a, b in zip(STRAIN_ORDER, row_a, row_b) if a != b]
    if stated.par_score != solved.par_score:
        out.append(("par score", str(stated.par_score), str(solved.par_score)))
    vul = Vulnerability.find(vulnerable)
    keys = {(c.strain, c.doubled, c.side) for c in solved.par_contracts}

    def scores_par(c: ParContract) -> bool:
        seat = Direction.find(c.declarers[0])
        points = score(Contract(c.level, c.strain, int(c.doubled)), seat, c.tricks, vul.is_vulnerable(seat))
        return (points if seat.is_ns else -points) == solved.par_score

    if any((c.strain, c.doubled, c.side) not in keys or not scores_par(c) for c in stated.par_contracts) \
            or bool(stated.par_contracts) != bool(solved.par_contracts):
        out.append(("par contract", par_contract_text(stated.par_contracts), par_contract_text(solved.par_contracts)))
    return out
