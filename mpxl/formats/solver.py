"""The double-dummy solver: endplay (the DDS solver's Python wrapper, the ``[dds]`` extra), imported
only when a set of deals is analysed.

:func:`solve` hands the whole set to endplay's batch solve (``calc_all_tables``: DDS's threads on
every core, 40 deals a call, the most DDS takes with all five strains) and builds each board's
:class:`~mpxl.core.analysis.Analysis`, its par by mpxl's own scoring (:func:`mpxl.core.analysis.par`).
:func:`solver_par` is endplay's own par of the same table (DDS's ``DealerParBin``): ``mpxl check``
and the tests hold the two side by side.
"""

from __future__ import annotations

from collections.abc import Iterable
from importlib.util import find_spec
from types import ModuleType
from typing import Any

from ..core.analysis import Analysis, ParContract, analyse
from ..core.contract import Strain, board_dealer, board_vulnerability
from ..core.errors import UserError
from ..core.event import Deal

__all__ = ["solve", "solver_par", "NOT_INSTALLED", "BATCH", "available", "forget"]

#: What ``mpxl check`` says of a file's analysis where endplay is missing (the command line says what to
#: install, :data:`mpxl.cli.EXTRAS`, when a command needs it).
NOT_INSTALLED = "endplay (the double-dummy solver, the dds extra) is not installed"
#: The deals a batch call takes: DDS's MAXNOOFBOARDS (200) over the five strains.
BATCH = 40
_STRAINS = (Strain.S, Strain.H, Strain.D, Strain.C, Strain.NT)  # endplay's Denom order
_VUL = {"None": "none", "NS": "ns", "EW": "ew", "All": "both"}


def available() -> bool:
    """True when endplay is installed."""
    return find_spec("endplay") is not None


def _endplay() -> ModuleType:
    """endplay, imported: ModuleNotFoundError (``name`` endplay) when it is not installed, which the
    command line turns into one line saying what to install (:data:`mpxl.cli.EXTRAS`)."""
    import endplay.dds
    import endplay.types

    return endplay


def _conditions(deal: Deal) -> tuple[str, str]:
    """(vulnerability, dealer) of a deal, the board number's where the file did not say."""
    return (deal.vulnerable or board_vulnerability(deal.board).value, deal.dealer or board_dealer(deal.board).value)


def solve(deals: Iterable[Deal], source: str = "") -> dict[int, Analysis]:
    """Board -> Analysis of every deal with its four hands known; UserError naming the board of a
    deal that is not 52 cards (``source`` names the file); ImportError when endplay is not installed.

    Each set of cards is solved once: in one batch call for up to :data:`BATCH` of them, and never
    again in this process (the same cards under another board number, dealer or vulnerability take
    the same table, their par worked out from it)."""
    endplay = _endplay()
    chosen = []
    for deal in (d for d in deals if all(d.hands)):
        problem = _problem(deal)
        if problem:
            raise UserError(source or "mpxl", f"board {deal.board}", f"the deal cannot be analysed: {problem}")
        ep = endplay.types.Deal(deal.to_pbn())
        chosen.append((deal, ep.to_pbn(), ep))  # endplay's PBN: the cards, however the file spelt them
    todo = list({cards: ep for _, cards, ep in chosen if cards not in _TABLES}.items())
    for start in range(0, len(todo), BATCH):
        batch = todo[start:start + BATCH]
        for (cards, _), table in zip(batch, endplay.dds.calc_all_tables([ep for _, ep in batch])):
            _TABLES[cards] = _rows(table)
    out: dict[int, Analysis] = {}
    for deal, cards, _ in chosen:
        vul, dealer = _conditions(deal)
        out[deal.board] = analyse(deal.board, _TABLES[cards], vul, dealer, deal.hands)
    return out


#: the tables this process has solved, by the cards (endplay's PBN): a ``--watch`` evening, a second
#: ``check`` or the same deal twice solves them once
_TABLES: dict[str, tuple[tuple[int, ...], ...]] = {}


def forget() -> None:
    """Forget what this process has solved (a benchmark times the solver, not the cache)."""
    _TABLES.clear()


def _problem(deal: Deal) -> str:
    """What keeps a deal from being 52 cards, 13 a hand ('' when nothing).

    >>> _problem(Deal(1, ("AKQJT98765432...", "...AKQJT98765432", "..AKQJT98765432.", ".AKQJT98765432..")))
    ''
    >>> _problem(Deal(1, ("AKQJT98765432...", "...AKQJT98765432", "..AKQJT98765432.", ".AKQJT9876543..2")))
    'the 2 of clubs is in two hands'
    """
    seen: set[tuple[int, str]] = set()
    for seat, hand in zip("NESW", deal.hands):
        suits = hand.split(".")
        cards = [(s, c) for s, suit in enumerate(suits) for c in suit.replace("10", "T") if suit != "-"]
        if len(suits) != 4 or len(cards) != 13:
            return f"{seat} holds {len(cards)} cards, not 13"
        for card in cards:
            if card in seen:
                return f"the {card[1]} of {('spades', 'hearts', 'diamonds', 'clubs')[card[0]]} is in two hands"
            seen.add(card)
    return ""


def _rows(table: Any) -> tuple[tuple[int, ...], ...]:
    """endplay's table (players N E S W, strains S H D C NT) as an Analysis's rows (N E S W, NT S H D C)."""
    return tuple((row[4], row[0], row[1], row[2], row[3]) for row in table.to_list(player_major=True))


def solver_par(analysis: Analysis, vulnerable: str, dealer: str) -> tuple[int, tuple[ParContract, ...]]:
    """endplay's par (DDS's own) of ``analysis``'s table: (score from NS's side, contracts), for a
    second opinion on :func:`mpxl.core.analysis.par`."""
    endplay = _endplay()
    data = endplay.dds.ddtable._dds.ddTableResults()  # the C structure endplay's DDTable wraps
    order = ("S", "H", "D", "C", "NT")
    for d, strain in enumerate(order):
        for p, seat in enumerate("NESW"):
            data.resTable[d][p] = analysis.tricks_for(seat, strain)
    table = endplay.dds.ddtable.DDTable(data)
    result = endplay.dds.par(table, getattr(endplay.types.Vul, _VUL[vulnerable]), endplay.types.Player.find(dealer))
    contracts = []
    for c in result:
        doubled = c.penalty.name != "passed"
        contracts.append(ParContract(c.level, _STRAINS[int(c.denom)], doubled, c.declarer.abbr, c.level + 6 + c.result))
    return int(result.score), tuple(contracts)

