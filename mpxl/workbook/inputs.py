"""What a workbook in the template layout is filled with: the Setup's inputs (:class:`Settings`), the
traveller lines a scorer would type (:class:`TemplateLine`), the per-board rows and the pairs
(:mod:`mpxl.workbook.template` builds the workbook from them).
"""

from __future__ import annotations

from dataclasses import dataclass

from ..core.methods import Method
from ..core.options import Setting
from ..core.settings import Choice, RoundingKind, Scale
from .layout import CONVENTIONS, convention_type

__all__ = ["Settings", "TemplateLine", "BoardRow", "PairRow"]

#: A row of the per-board block to pre-fill: a board number, or (board, section, session).
BoardRow = int | tuple[int, str | None, int | None]
#: A row of the Pairs sheet to pre-fill: (pair, direction), or (pair, direction, names, section[, tie-break]).
PairRow = tuple[object, ...]


@dataclass
class TemplateLine:
    """One traveller line to pre-fill: what a scorer would type.

    >>> TemplateLine(4, 1, 9, "3C", "E", 10).contract
    '3C'
    """

    board: object = None
    ns_pair: object = None
    ew_pair: object = None
    contract: str | None = None
    by: str | None = None
    tricks: int | None = None
    typed: object = None
    adjustment: str | None = None
    group: str | None = None
    switch: str | None = None
    section: str | None = None
    session: int | None = None
    ns_pen: object = None  # a penalty: matchpoints (2) or a percentage of top ("10%"); on a Pen row, signed
    ew_pen: object = None


@dataclass(init=False)
class Settings:
    """The Setup sheet's inputs, typed as the core types them (Enums); the sheet writes each as its
    word (:meth:`words`). A word given here (a Setup-sheet word, a command's) is parsed once, by the
    type's own ``find``, as every option is (:func:`mpxl.core.options.parse_options`). The conventions
    (:data:`CONVENTIONS`: ``small_groups``, ``field``, ``places``...) are given by their Setup key, each
    its option's default unless given.

    >>> s = Settings(method="Manual", scale="signed", rounding="EBU", places="plain")
    >>> s.method, s.scale, s.rounding, s.conventions["places"]
    (<Method.MANUAL: 'manual'>, <Scale.SIGNED: 'signed'>, <RoundingKind.EBU: 'ebu'>, <Places.PLAIN: 'plain'>)
    >>> Settings().words()["scale"], s.words()["method"], s.words()["places"]
    (2, 'Manual', 'plain')
    >>> Settings(tempo="slow")
    Traceback (most recent call last):
    ...
    TypeError: Settings has no setting 'tempo'
    """

    event: str
    date: str
    scale: Scale
    method: Method
    expected: int | None
    rounding: RoundingKind  # the lines' rounding rule; its decimals below
    decimals: int
    ave_plus: float
    ave_minus: float
    winners: int
    totals_rounding: RoundingKind | None  # None: as the lines
    totals_decimals: int | None  # None: as the lines
    pct_decimals: int | None  # None: exact percentages
    line_pct_decimals: int | None  # None: no line percentages shown
    conventions: dict[str, Choice]  # Setup key -> its value (every one of CONVENTIONS)
    club: str  # the club's name

    def __init__(self, event: str = "", date: str = "", scale: Scale | int | str = Scale.DOUBLE,
                 method: Method | str = Method.NEUBERG, expected: int | None = None,
                 rounding: RoundingKind | str = RoundingKind.HALF_UP, decimals: int = 2, ave_plus: float = 60,
                 ave_minus: float = 40, winners: int = 2, totals_rounding: RoundingKind | str | None = None,
                 totals_decimals: int | None = None, pct_decimals: int | None = 2,
                 line_pct_decimals: int | None = None, club: str = "", **conventions: Choice | str | None) -> None:
        self.event, self.date, self.expected, self.decimals, self.club = event, date, expected, decimals, club
        self.scale = Scale.find(scale if isinstance(scale, (Scale, str)) else str(scale))
        self.method, self.rounding = Method.find(method), RoundingKind.find(rounding)
        self.ave_plus, self.ave_minus, self.winners = ave_plus, ave_minus, winners
        self.totals_rounding = None if totals_rounding is None else RoundingKind.find(totals_rounding)
        self.totals_decimals, self.pct_decimals = totals_decimals, pct_decimals
        self.line_pct_decimals = line_pct_decimals
        unknown = sorted(set(conventions) - set(CONVENTIONS))
        if unknown:
            raise TypeError(f"Settings has no setting {unknown[0]!r}")
        self.conventions = {key: _choice(s, conventions.get(key)) for key, s in CONVENTIONS.items()}

    def __getattr__(self, name: str) -> Choice:
        """A convention by its Setup key (``s.places``)."""
        conventions = self.__dict__.get("conventions", {})
        if name not in conventions:
            raise AttributeError(f"{type(self).__name__!r} object has no attribute {name!r}")
        value: Choice = conventions[name]
        return value

    def words(self) -> dict[str, object]:
        """The Setup sheet's inputs as its cells hold them: each Enum as its sheet word."""
        return {
            "event": self.event, "date": self.date, "scale": self.scale.number, "method": self.method.label,
            "expected": self.expected, "rounding": self.rounding.value, "decimals": self.decimals,
            "ave_plus": self.ave_plus, "ave_minus": self.ave_minus, "winners": self.winners,
            "totals_rounding": None if self.totals_rounding is None else self.totals_rounding.value,
            "totals_decimals": self.totals_decimals, "pct_decimals": self.pct_decimals,
            "line_pct_decimals": self.line_pct_decimals, "club": self.club,
            **{key: value.value for key, value in self.conventions.items()},
        }


def _choice(s: Setting, value: Choice | str | None) -> Choice:
    """A convention's value from its word (its type's ``find``); None: its option's default (a nullable
    option's: its type's first value)."""
    return convention_type(s).find(s.default if value is None else value)
