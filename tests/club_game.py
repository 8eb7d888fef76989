"""A club's evening made up for the print tests: an 11-table Howell, 22 pairs with long names, 27
boards each played at every table (9 rounds of 3), 297 results and a generated hand record.

The deals are shuffled from a fixed seed, the contracts drawn at random and scored by the project's
own rules (:func:`mpxl.core.contract.ns_score`); the files are written by the project's own writers
(USEBIO for the results, PBN for the hands), as a scorer would give them to ``mpxl score``.
"""

from __future__ import annotations

import random
from pathlib import Path

from mpxl.core.contract import board_vulnerability, ns_score
from mpxl.core.event import Deal, Event, Line, Pair
from mpxl.formats.pbn import write_pbn
from mpxl.formats.usebio import write_usebio

PAIRS, TABLES, ROUNDS, PER_ROUND = 22, 11, 9, 3
BOARDS = ROUNDS * PER_ROUND  # 27

FIRST = ["Margaret", "Christopher", "Alexandra", "Bartholomew", "Gwendolyn", "Maximilian", "Josephine",
         "Frederick", "Rosalind", "Sebastian", "Philippa", "Montgomery"]
LAST = ["Featherstonehaugh", "Vandenberghe", "Oppenheimer-Smith", "Mac Gillivray", "Wojciechowski",
        "Papadopoulos", "Fitzwilliam", "Castellanos", "Abercrombie", "Kristiansen", "Lindqvist", "Ó Súilleabháin"]


def _deal(board: int, rng: random.Random) -> Deal:
    cards = [(suit, rank) for suit in range(4) for rank in range(13)]
    rng.shuffle(cards)
    hands = []
    for seat in range(4):
        held = sorted(cards[13 * seat:13 * seat + 13])
        hands.append(".".join("".join("AKQJT98765432"[r] for s, r in held if s == suit) or "-"
                              for suit in range(4)))
    return Deal(board, tuple(hands))


def _line(board: int, ns: int, ew: int, table: int, rng: random.Random) -> Line:
    level = rng.choice([1, 2, 2, 3, 3, 3, 4, 4, 4, 5, 6])
    strain = rng.choice("SHDCN")
    contract = f"{level}{'NT' if strain == 'N' else strain}" + rng.choice(["", "", "", "", "X"])
    declarer = rng.choice("NESW")
    tricks = max(0, min(13, level + 6 + rng.choice([-2, -1, -1, 0, 0, 0, 0, 1, 1, 2])))
    score = ns_score(contract, declarer, tricks, board_vulnerability(board))
    lead = rng.choice("SHDC") + rng.choice("AKQJT98765432")
    return Line(board, str(ns), str(ew), score=score, contract=contract, declarer=declarer, tricks=tricks,
                lead=lead, table=table)


def club_game(seed: int = 33) -> Event:
    """The evening as an :class:`mpxl.core.event.Event` with its deals: each round a round-robin round of
    the 22 pairs (pair 22 fixed, the others turning), its 3 boards at all 11 tables."""
    rng = random.Random(seed)
    pairs = [Pair(str(n), names=(f"{rng.choice(FIRST)} {rng.choice(LAST)}", f"{rng.choice(FIRST)} {rng.choice(LAST)}"))
             for n in range(1, PAIRS + 1)]
    lines = []
    turning = list(range(1, PAIRS))
    for rnd in range(ROUNDS):
        order = turning[rnd:] + turning[:rnd]
        meetings = [(PAIRS, order[0])] + [(order[i], order[-i]) for i in range(1, TABLES)]
        for table, (a, b) in enumerate(meetings, 1):
            ns, ew = (a, b) if (rnd + table) % 2 else (b, a)
            for k in range(PER_ROUND):
                lines.append(_line(rnd * PER_ROUND + k + 1, ns, ew, table, rng))
    lines.sort(key=lambda ln: (ln.board, ln.table or 0))
    event = Event(lines=lines, pairs=pairs, title="Tuesday Evening Pairs", date="2026-01-19",
                  winners={"": 1})
    event.deals = {b: _deal(b, rng) for b in range(1, BOARDS + 1)}
    return event


def write_club_game(folder: Path, seed: int = 33) -> tuple[Path, Path]:
    """The evening's results (USEBIO) and hand record (PBN) written into ``folder``: (results, hands)."""
    event = club_game(seed)
    results, hands = folder / "club-game.xml", folder / "club-game-hands.pbn"
    deals = Event(lines=event.lines, pairs=event.pairs, title=event.title, date=event.date, winners=event.winners)
    deals.deals = event.deals
    write_usebio(Event(lines=event.lines, pairs=event.pairs, title=event.title, date=event.date,
                       winners=event.winners), results)
    write_pbn(deals, hands)
    return results, hands
