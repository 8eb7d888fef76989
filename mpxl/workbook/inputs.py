"""What a workbook in the template layout is filled with, in one record (:class:`Contents`): the Setup's
inputs (:class:`Settings`), the traveller lines a scorer would type (:class:`TemplateLine`), the per-board rows
and the pairs (:mod:`mpxl.workbook.template` builds the workbook from it).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import TYPE_CHECKING, Any

from ..core.analysis import Analysis
from ..core.event import Deal
from ..core.options import ScoringOptions, parse_options
from ..core.rounding import Rounding
from ..core.settings import RoundingKind
from .layout import SETUP_SETTINGS

if TYPE_CHECKING:
    from ..core.movement import Movement

__all__ = ["Settings", "Contents", "TemplateLine", "BoardRow", "PairRow", "TEMPLATE_OPTIONS"]

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


#: The options a club template starts from: each board's figures to 2 decimals, half up, NS and EW ranked apart
#: (the Setup's defaults; every other setting its declared default).
TEMPLATE_OPTIONS = ScoringOptions(rounding=Rounding(RoundingKind.HALF_UP, 2), winners=2)


@dataclass(frozen=True)
class Settings:
    """The Setup sheet's inputs: the ``options`` the workbook scores with (:class:`~mpxl.core.options.ScoringOptions`,
    each setting declared there once, with the Setup cells it fills: :meth:`~mpxl.core.options.Setting.setup_cells`),
    and the event's own cells (its title, date, club, the lines' percentage decimals). The sheet writes each as its
    word: its :attr:`cells`, worked out once, when the settings are made; words given are parsed once, by the
    options' parser (:meth:`of`).

    >>> s = Settings.of(method="Manual", scale="signed", rounding="EBU", places="plain")
    >>> s.options.method, s.options.scale, s.options.rounding, s.options.places
    (<Method.MANUAL: 'manual'>, <Scale.SIGNED: 'signed'>, Rounding(kind='ebu', decimals=1), <Places.PLAIN: 'plain'>)
    >>> Settings().cells["scale"], s.cells["method"], s.cells["places"], s.cells["decimals"]
    (2, 'Manual', 'plain', 1)
    >>> Settings.of(tempo="slow")
    Traceback (most recent call last):
    ...
    TypeError: ...got an unexpected keyword argument 'tempo'
    """

    options: ScoringOptions = TEMPLATE_OPTIONS
    event: str = ""
    date: str = ""
    club: str = ""  # the club's name
    line_pct_decimals: int | None = None  # None: no line percentages shown
    ave_plus: float = 60  # the rulebook's Ave+ and Ave- percentages (the reader refuses others)
    ave_minus: float = 40
    #: the Setup's inputs as its cells hold them, by Setup key: each setting's as its declaration fills its cells
    #: (:data:`~mpxl.workbook.layout.SETUP_SETTINGS`), then the event's own
    cells: Mapping[str, object] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        cells: dict[str, object] = {}
        for s in SETUP_SETTINGS.values():
            cells.update(s.setup_cells(getattr(self.options, s.name)))
        cells.update(event=self.event, date=self.date, club=self.club, line_pct_decimals=self.line_pct_decimals,
                     ave_plus=self.ave_plus, ave_minus=self.ave_minus)
        object.__setattr__(self, "cells", MappingProxyType(cells))  # frozen as the settings are

    @classmethod
    def of(cls, event: str = "", date: str = "", club: str = "", line_pct_decimals: int | None = None,
           **words: Any) -> Settings:
        """Settings from words: the options' (a flag's, a JSON key's or a field's name, read by
        :func:`~mpxl.core.options.parse_options`) over :data:`TEMPLATE_OPTIONS`, and the event's own cells."""
        return cls(TEMPLATE_OPTIONS.with_(**parse_options(**words)), event, date, club, line_pct_decimals)


@dataclass(frozen=True)
class Contents:
    """Everything a workbook in the template layout is built from, once (:func:`~mpxl.workbook.template.build_workbook`
    and :func:`~mpxl.workbook.template.write_workbook` take it): the Setup's :class:`Settings`; the traveller
    ``lines``, the per-board rows (``boards``) and the Pairs sheet's rows (``pairs``) to pre-fill; at least
    ``rows``, ``board_rows`` and ``pair_rows`` rows of each (more when more are given); the (N, n) the Methods
    sheet shows (``methods``); the event's hands (``deals``: a Hands sheet); a ``movement`` (a Movement sheet and
    the mark on a line it did not send); ``by_board``: the lines lay each board's lines out together (a scored or
    laid-out workbook), so each line's per-board counts read its board's rows alone.

    >>> c = Contents(lines=[TemplateLine(1, 1, 2, typed=420)], boards=[1], pairs=[(1, "NS"), (2, "EW")])
    >>> c.settings.options.method, c.methods, c.rows
    (<Method.NEUBERG: 'neuberg'>, (9, 8), 0)
    """

    settings: Settings = Settings()
    lines: Sequence[TemplateLine] = ()
    boards: Sequence[BoardRow] = ()
    pairs: Sequence[PairRow] = ()
    rows: int = 0
    board_rows: int = 0
    pair_rows: int = 0
    methods: tuple[int, int] = (9, 8)
    deals: Sequence[Deal] = ()
    analyses: Sequence[Analysis] = ()  # the deals' double-dummy analyses: their grid and par on the Hands sheet
    movement: Movement | None = None
    by_board: bool = False
