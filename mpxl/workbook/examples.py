"""The director-training slides' board 4 and its variants, for the demo, the teaching workbook and tests.

Board 4 (dealer West, all vulnerable) of a 9-table Mitchell: table t has NS pair
t. Each variant changes table 6 (or, for the fouled board, the contracts) the
way the slides do. Board numbers 4, 20, 36, ... have the same dealer and
vulnerability, so several variants can share one workbook as different boards.

>>> [ln.contract for ln in variant_lines("plain")][:3]
['3C', '3NT', '2NT']
>>> variant_entries("avg")[5], variant_entries("6040")[5]
('AVE', '60/40')
"""

from __future__ import annotations

import os
from typing import TYPE_CHECKING, Any

from ..core.methods import Method
from ..core.settings import Scale
from .inputs import TEMPLATE_OPTIONS, Contents, Settings, TemplateLine

if TYPE_CHECKING:
    from openpyxl import Workbook

__all__ = [
    "SLIDES_BOARD4",
    "FOULED_BOARD4",
    "VARIANTS",
    "TEACHING_BOARDS",
    "teaching_workbook",
    "teaching_contents",
    "write_teaching_workbook",
    "variant_lines",
    "variant_entries",
    "variant_groups",
    "variant_switches",
]

#: (NS pair, EW pair, contract, declarer, tricks, NS score) of the slides' board 4, tables 1-9.
SLIDES_BOARD4 = (
    (1, 9, "3C", "E", 10, -130),
    (2, 2, "3NT", "E", 11, -660),
    (3, 4, "2NT", "E", 8, -120),
    (4, 6, "3NT", "W", 7, 200),
    (5, 8, "3NT", "E", 9, -600),
    (6, 1, "6C", "E", 11, 100),
    (7, 3, "5C", "E", 10, 100),
    (8, 5, "3S", "N", 9, 140),
    (9, 7, "3C", "E", 11, -150),
)

#: The slides' fouled board: tables 4-7 played other cards (group B).
FOULED_BOARD4 = (
    (1, 9, "3C", "E", 10, -130, "A"),
    (2, 2, "3NT", "E", 11, -660, "A"),
    (3, 4, "2NT", "E", 8, -120, "A"),
    (4, 6, "3NT", "S", 7, -200, "B"),
    (5, 8, "3NT", "N", 9, 600, "B"),
    (6, 1, "6C", "N", 11, -100, "B"),
    (7, 3, "5C", "S", 10, -100, "B"),
    (8, 5, "3S", "N", 9, 140, "A"),
    (9, 7, "3C", "E", 11, -150, "A"),
)

#: variant -> what table 6 gets (or the fouled board), and a description.
VARIANTS = {
    "plain": "the traveller as played",
    "avg": "table 6 awarded Avg/Avg (AVE)",
    "6040": "table 6 awarded 60% to NS and 40% to EW (60/40)",
    "switch": "table 6 played arrowswitched",
    "fouled": "tables 4-7 played fouled cards: groups of 5 and 4",
    "fouled3": "tables 5-7 played fouled cards: a small group of 3",
    "aplus": "table 6 awarded Ave+ to both sides (A+/A+)",
}


def variant_entries(variant: str) -> list[int | str]:
    """What each table's line holds for the core: a score or an adjustment code."""
    if variant.startswith("fouled"):
        return [row[5] for row in FOULED_BOARD4]
    code = {"avg": "AVE", "6040": "60/40", "aplus": "A+/A+"}.get(variant)
    return [code if (code and ns == 6) else score for ns, _, _, _, _, score in SLIDES_BOARD4]


def variant_groups(variant: str) -> list[str]:
    """The fouled-board group of each line ('' when the board is not fouled)."""
    if variant == "fouled":
        return [row[6] for row in FOULED_BOARD4]
    if variant == "fouled3":
        return ["B" if row[0] in (5, 6, 7) else "A" for row in FOULED_BOARD4]
    return [""] * 9


def variant_switches(variant: str) -> list[bool]:
    """True on the arrowswitched line."""
    return [variant == "switch" and ns == 6 for ns, *_ in SLIDES_BOARD4]


def variant_lines(variant: str, board: int = 4) -> list[TemplateLine]:
    """The variant as a scorer types it on the Travellers sheet."""
    if variant not in VARIANTS:
        raise ValueError(f"{variant!r} is not a variant; expected one of " + ", ".join(VARIANTS))
    rows: tuple[tuple[Any, ...], ...] = FOULED_BOARD4 if variant.startswith("fouled") else SLIDES_BOARD4
    out: list[TemplateLine] = []
    for (ns, ew, contract, decl, tricks, *_), entry, group, switch in zip(
        rows, variant_entries(variant), variant_groups(variant), variant_switches(variant)
    ):
        if isinstance(entry, str):
            out.append(TemplateLine(board, ns, ew, adjustment=entry))
        else:
            out.append(
                TemplateLine(board, ns, ew, contract, decl, tricks, group=group or None, switch="Y" if switch else None)
            )
    return out


#: The teaching workbook's boards: variant -> board number (all play as board 4: West deals, all vulnerable).
TEACHING_BOARDS = {"plain": 4, "avg": 20, "6040": 36, "switch": 52, "fouled": 68}


def teaching_contents() -> Contents:
    """What the Neuberg teaching workbook is built from (:class:`~mpxl.workbook.inputs.Contents`).

    >>> teaching_contents().boards
    [4, 20, 36, 52, 68]
    """
    lines = [ln for v, b in TEACHING_BOARDS.items() for ln in variant_lines(v, b)]
    pairs = [(p, "NS") for p in range(1, 10)] + [(p, "EW") for p in range(1, 10)]
    settings = Settings(TEMPLATE_OPTIONS.with_(method=Method.NEUBERG, scale=Scale.DOUBLE),
                        event="Neuberg teaching: the slides' board 4")
    return Contents(settings, lines, list(TEACHING_BOARDS.values()), pairs, methods=(9, 8))


def teaching_workbook() -> Workbook:
    """The Neuberg teaching workbook: the slides' board 4 and four variants as boards 4, 20, 36, 52, 68.

    >>> wb = teaching_workbook()
    >>> wb["Travellers"]["A5"].value, wb["Travellers"]["A14"].value, wb["Methods"]["B3"].value
    (4, 20, 9)
    """
    from .template import build_workbook

    return build_workbook(teaching_contents())


def write_teaching_workbook(path: str | os.PathLike[str], macro_enabled: bool = False) -> None:
    """Write the teaching workbook to ``path`` as :func:`~mpxl.workbook.template.write_workbook` writes
    (each column's formula shared down the column; ``macro_enabled``: xlwings' VBA project inside)."""
    from .template import write_workbook

    write_workbook(path, teaching_contents(), macro_enabled)
