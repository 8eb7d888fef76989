"""The one line every command that writes a file prints: ``mpxl: wrote FILE (what): the amounts``.

>>> wrote("cards.html", "cards to print", tables=9, rounds=17)
'mpxl: wrote cards.html (cards to print): 9 tables, 17 rounds'
>>> wrote("club.xlsx", "workbook", traveller_lines=1)
'mpxl: wrote club.xlsx (workbook): 1 traveller line'
>>> wrote("x.txt", "the rounds")
'mpxl: wrote x.txt (the rounds)'
"""

from __future__ import annotations

from ..formats.atomic import StrPath

__all__ = ["wrote", "amounts"]


def amounts(**counts: int) -> str:
    """``boards=24, traveller_lines=1`` as ``24 boards, 1 traveller line`` (the keyword's last letter dropped
    for one).

    >>> amounts(boards=24, traveller_lines=1, pairs=0)
    '24 boards, 1 traveller line, 0 pairs'
    """
    return ", ".join(f"{n:,} {k.replace('_', ' ')[:-1] if n == 1 else k.replace('_', ' ')}"
                     for k, n in counts.items())


def wrote(path: StrPath, what: str, detail: str = "", **counts: int) -> str:
    """The line saying what was written where: the file as named, what it is, then ``detail`` and the
    ``counts`` (:func:`amounts`)."""
    said = ", ".join(x for x in (detail, amounts(**counts)) if x)
    return f"mpxl: wrote {path} ({what})" + (f": {said}" if said else "")
