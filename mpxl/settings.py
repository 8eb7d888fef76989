"""The publishing conventions a scorer chooses per event, as typed options.

Each is an :class:`~enum.Enum` parsed once at the edge (command line, JSON,
Excel function) by its ``find``; the core takes the Enum.

>>> EstimateAt.find("Totals"), Places.find("plain"), Unplayed.find(None), Tie.find("even")
(<EstimateAt.TOTALS: 'totals'>, <Places.PLAIN: 'plain'>, <Unplayed.NONE: 'none'>, <Tie.HALF_EVEN: 'half-even'>)
>>> EstimateAt.find("sometimes")
Traceback (most recent call last):
...
ValueError: 'sometimes' is not an estimate-at; expected one of lines, totals, never
"""

from __future__ import annotations

from enum import Enum
from typing import TypeVar

__all__ = ["EstimateAt", "Unplayed", "Places", "Tie"]

_E = TypeVar("_E", bound="_Choice")


class _Choice(Enum):
    """An option whose values are words; ``find`` forgives case, spaces and unambiguous prefixes."""

    @classmethod
    def _label(cls) -> str:
        return cls.__name__.lower()

    @classmethod
    def find(cls: type[_E], text: str | _E | None) -> _E:
        if isinstance(text, cls):
            return text
        members = list(cls)
        if text is None or not str(text).strip():
            return members[0]
        key = str(text).strip().lower().replace("_", "-").replace(" ", "-")
        exact = [m for m in members if m.value == key or m.name.lower() == key.replace("-", "_")]
        found = exact or [m for m in members if str(m.value).startswith(key) or str(m.value).endswith("-" + key)]
        if len(found) == 1:
            return found[0]
        label = cls._label()
        article = "an" if label[0] in "aeiou" else "a"
        raise ValueError(
            f"{text!r} is not {article} {label}; expected one of " + ", ".join(str(m.value) for m in members)
        )


class EstimateAt(_Choice):
    """Where a short board's estimate (Neuberg etc.) goes.

    ``lines``: the board's lines are estimated to the full top and the totals add them;
    ``totals``: the lines are published plain on the board's own smaller top, the totals add the
    board estimated to the full top (Compscore3); ``never``: no estimation at all, every board
    plain on its own top and a pair's percentage over the sum of the tops of the boards it played
    (``--method none``).
    """

    LINES = "lines"
    TOTALS = "totals"
    NEVER = "never"

    @classmethod
    def _label(cls) -> str:
        return "estimate-at"


class Unplayed(_Choice):
    """What a pair gets for a board it missed while the other pairs of its field played it.

    ``none``: nothing (its percentage is over the boards it played); ``own``: its own percentage
    on the boards it played, for each board short of the most boards played by a pair of its field.
    """

    NONE = "none"
    OWN = "own"

    @classmethod
    def _label(cls) -> str:
        return "unplayed rule"


class Places(_Choice):
    """How tied places are written: ``shared`` ``3=``, ``3=``; ``plain`` ``3``, ``3``."""

    SHARED = "shared"
    PLAIN = "plain"

    @classmethod
    def _label(cls) -> str:
        return "places style"


class Tie(_Choice):
    """How an exact half is rounded: away from zero (``half-up``) or to the even digit."""

    HALF_UP = "half-up"
    HALF_EVEN = "half-even"

    @classmethod
    def _label(cls) -> str:
        return "tie rule"
