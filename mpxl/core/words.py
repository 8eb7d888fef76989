"""English for a count in a message or a title: "an 8-table howell", "1 board", "7 rounds" (no I/O).

>>> f"{an(8)} 8-table howell, {an(7)} 7-table mitchell, {an(11)} 11-table relay"
'an 8-table howell, a 7-table mitchell, an 11-table relay'
>>> counted(1, "board"), counted(5, "round"), counted(0, "pair")
('1 board', '5 rounds', '0 pairs')
"""

from __future__ import annotations

__all__ = ["an", "counted"]


def an(n: int) -> str:
    """The article before the number ``n`` read aloud: "an" where it starts with a vowel (eight, eleven,
    eighteen, eighty..., eight hundred..., eleven thousand), else "a".

    >>> [an(n) for n in (1, 8, 11, 18, 80, 88, 110, 181, 800, 8000, 11000, 18500, 12)]
    ['a', 'an', 'an', 'an', 'an', 'an', 'a', 'a', 'an', 'an', 'an', 'an', 'a']
    """
    s = str(abs(int(n)))
    return "an" if s.startswith("8") or (len(s) % 3 == 2 and s[:2] in ("11", "18")) else "a"


def counted(n: int, noun: str, plural: str | None = None) -> str:
    """``n`` and its noun, singular for one (``plural`` where it is not the noun and an s)."""
    return f"{n} {noun if n == 1 else plural or noun + 's'}"
