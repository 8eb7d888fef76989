r"""A PBN hand record: a game a board, its ``[Board]``, ``[Dealer]``, ``[Vulnerable]`` and ``[Deal]`` tags
(BridgeComposer, Dealer4, BridgeWebs, BigDeal; any PBN with deals). Written in PBN 2.1's export form:
the mandatory tags of each game, empty where a hand record has nothing to say (the players, the
contract); a ``--seed`` deal says so in a ``%`` comment at the head and in the ``[Generator]`` tag.

>>> import os, tempfile
>>> from mpxl.core.dealing import deal_boards
>>> path = os.path.join(tempfile.mkdtemp(), "night.pbn")
>>> deals = deal_boards(range(1, 4), seed=1)
>>> write(deals, path, seed=1)
>>> read(path) == deals
True
>>> head = open(path).read().splitlines()
>>> head[:2], head[3]
(['% PBN 2.1', '% EXPORT'], '[Generator "mpxl 0.1.0, --seed 1: a test deal"]')
>>> head[2]
'% dealt by mpxl deal --seed 1: a test deal, not for play (the seed gives the cards)'
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

from ... import __version__
from ...core.analysis import Analysis
from ...core.cards import SEAT_NAMES
from ...core.dealing import seed_note
from ...core.errors import UserError
from ...core.event import Deal
from ...core.patterns import Pattern
from ..common import board_number, decode_text, read_bytes
from ..pbn_analysis import analysis_lines
from .checked import read_deal, standard_vulnerability

if TYPE_CHECKING:
    from ..atomic import StrPath

__all__ = ["read", "write"]

_TAG = Pattern(r'^\s*\[(\w+)\s+"(.*)"\s*\]')


def read(path: StrPath) -> dict[int, Deal]:
    r"""Board -> :class:`~mpxl.core.event.Deal` of each game of a PBN file with a ``[Deal]`` tag (a hand
    record needs no ScoreTable); UserError naming the line and the board of a deal that cannot be read or
    is damaged (a card twice, a hand of 12: :func:`mpxl.core.cards.check_hands`; a hand not given, ``-``,
    is allowed).

    >>> import tempfile
    >>> f = tempfile.NamedTemporaryFile("w", suffix=".pbn", delete=False)
    >>> _ = f.write('[Board "3"]\n[Dealer "S"]\n[Deal "N:AKQJ.T98.765.432 - - -"]\n'); f.close()
    >>> read(f.name)[3].hands[0], read(f.name)[3].dealer
    ('AKQJ.T98.765.432', 'S')
    """
    source = str(path)
    deals: dict[int, Deal] = {}
    game: dict[str, tuple[str, int]] = {}
    previous: dict[str, tuple[str, int]] = {}

    def finish() -> None:
        for k, (v, no) in list(game.items()):  # "#" repeats the previous game's value (PBN 3.4)
            if v == "#" and k in previous:
                game[k] = (previous[k][0], no)
        previous.update(game)
        if "Board" in game and game.get("Deal", ("", 0))[0].strip():
            board = board_number(game["Board"][0], source, f"line {game['Board'][1]}")
            vul_text, vul_line = game.get("Vulnerable", ("", 0))
            vul = standard_vulnerability(board, vul_text, source, f"line {vul_line}", "Vulnerable")
            try:
                deal = Deal.from_pbn(board, game["Deal"][0], game.get("Dealer", ("", 0))[0].strip().upper(), vul)
            except ValueError as exc:
                raise UserError(source, f"line {game['Deal'][1]}", f"board {board}: {exc}") from None
            deals.setdefault(board, deal)
        game.clear()

    for no, text in enumerate(decode_text(read_bytes(path), source=source).splitlines(), 1):
        m = _TAG.match(text)
        if m:
            if m.group(1) == "Event" or (m.group(1) == "Board" and "Board" in game):
                finish()  # a new game starts
            game[m.group(1)] = (m.group(2), no)
        elif not text.strip() and game:
            finish()
    finish()
    return deals


#: The tags of PBN's mandatory set a hand record leaves empty, before and after the deal's own.
_BEFORE = ("Event", "Site", "Date")
_PLAYERS = tuple(SEAT_NAMES[i] for i in (3, 0, 1, 2))  # West, North, East, South: PBN's order
_AFTER = ("Scoring", "Declarer", "Contract", "Result")


def text_of(deals: Mapping[int, Deal], seed: int | None = None, path: StrPath = "",
            analyses: Mapping[int, Analysis] | None = None) -> str:
    """The PBN text of ``deals`` (by board number), the dealer and vulnerability the board number's where a
    deal does not say, each board's analysis tags where ``analyses`` has it
    (:func:`mpxl.formats.pbn_analysis.analysis_lines`); UserError naming ``path`` and the board of a
    damaged deal."""
    note = seed_note(seed)
    generator = f"mpxl {__version__}" + (f", --seed {seed}: a test deal" if note else "")
    out = ["% PBN 2.1", "% EXPORT"] + ([f"% {note}"] if note else []) + [f'[Generator "{generator}"]']
    for board in sorted(deals):
        deal = deals[board]
        full = read_deal(str(path), f"board {board}", board, deal.hands, deal.dealer, deal.vulnerable, whole=False)
        out += [f'[{t} ""]' for t in _BEFORE] + [f'[Board "{board}"]'] + [f'[{t} ""]' for t in _PLAYERS]
        out += [f'[Dealer "{full.dealer}"]', f'[Vulnerable "{full.vulnerable}"]', f'[Deal "{deal.to_pbn()}"]']
        out += [f'[{t} ""]' for t in _AFTER]
        out += analysis_lines(analyses[board]) if analyses and board in analyses else []
        out.append("")
    return "\n".join(out) + "\n"


def write(deals: Mapping[int, Deal], path: StrPath, seed: int | None = None,
          analyses: Mapping[int, Analysis] | None = None) -> None:
    """``deals`` as a PBN hand record at ``path``, atomically, with their ``analyses``' tags."""
    from ..atomic import atomic_write

    text = text_of(deals, seed, path, analyses)
    with atomic_write(path, newline="\n") as f:
        f.write(text)
