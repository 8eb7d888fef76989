"""The study's workbook (``mpxl study -o report.xlsx``): sheet ``Study``, one row per K (or R), event and
method, and sheet ``By rank``, one row per K, method and band of ranks. Each sheet's columns are records
(:class:`StudyColumn`: header, value, width, number format), in the sheet's order.

>>> [c.header for c in STUDY_COLUMNS][:4], [c.header for c in BY_RANK_COLUMNS][-2:]
(['Mode', 'K or R', 'Trials', 'Seed'], ['Bias', 'RMSE'])
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Iterator, Sequence
from typing import Generic, NamedTuple, TypeVar

from openpyxl import Workbook
from openpyxl.styles import Font
from openpyxl.utils import get_column_letter
from openpyxl.worksheet.worksheet import Worksheet

from ..core.study import MethodStats, StudyResult
from ..formats.atomic import atomic_path
from .stream import save_tidied

__all__ = ["StudyColumn", "MethodRow", "RankRow", "STUDY_COLUMNS", "BY_RANK_COLUMNS", "method_rows", "rank_rows",
           "write_study_xlsx"]

R = TypeVar("R")


class StudyColumn(NamedTuple, Generic[R]):
    """One column of a study sheet: its header (row 1, bold), its value in a row (None for no figure), its
    width (None: the sheet's default) and its data cells' number format (None: General)."""

    header: str
    value: Callable[[R], object]
    width: int | None = None
    number_format: str | None = None


class MethodRow(NamedTuple):
    """A row of the Study sheet: one method's figures over all the events or one of them."""

    study: StudyResult
    event: str
    boards: int
    stats: MethodStats


class RankRow(NamedTuple):
    """A row of the By rank sheet: one method's figures over one band of ranks."""

    study: StudyResult
    stats: MethodStats
    rank_from: float
    rank_to: float
    lines: float
    bias: float
    rmse: float


def _figure(x: float | None) -> float | None:
    """A figure as a cell holds it: none for a figure the study could not make (NaN).

    >>> _figure(0.5), _figure(math.nan), _figure(None)
    (0.5, None, None)
    """
    return None if x is None or (isinstance(x, float) and math.isnan(x)) else x


#: The Study sheet's columns, in order.
STUDY_COLUMNS: tuple[StudyColumn[MethodRow], ...] = (
    StudyColumn("Mode", lambda r: r.study.options.mode, 8),
    StudyColumn("K or R", lambda r: r.study.options.amount, 7),
    StudyColumn("Trials", lambda r: r.study.trials, 7),
    StudyColumn("Seed", lambda r: r.study.options.seed, 6),
    StudyColumn("Event", lambda r: r.event, 40),
    StudyColumn("Boards", lambda r: r.boards, 7),
    StudyColumn("Method", lambda r: r.stats.method, 11),
    StudyColumn("Lines", lambda r: r.stats.lines, 9),
    StudyColumn("RMSE", lambda r: _figure(r.stats.rmse), 8, "0.00"),
    StudyColumn("Bias", lambda r: _figure(r.stats.bias), 8, "0.00"),
    StudyColumn("Spread bias", lambda r: _figure(r.stats.spread_bias), 11, "0.00"),
    StudyColumn("Top bias", lambda r: _figure(r.stats.top_bias), 9, "0.00"),
    StudyColumn("Top RMSE", lambda r: _figure(r.stats.top_rmse), 10, "0.00"),
    StudyColumn("Bottom bias", lambda r: _figure(r.stats.bottom_bias), 11, "0.00"),
    StudyColumn("Bottom RMSE", lambda r: _figure(r.stats.bottom_rmse), 12, "0.00"),
    StudyColumn("Winner changed", lambda r: _figure(r.stats.winner_changed), 14, "0.0%"),
    StudyColumn("Top three changed", lambda r: _figure(r.stats.top3_changed), 17, "0.0%"),
)

#: The By rank sheet's columns, in order.
BY_RANK_COLUMNS: tuple[StudyColumn[RankRow], ...] = (
    StudyColumn("Mode", lambda r: r.study.options.mode),
    StudyColumn("K or R", lambda r: r.study.options.amount),
    StudyColumn("Method", lambda r: r.stats.method),
    StudyColumn("Rank from", lambda r: r.rank_from),
    StudyColumn("Rank to", lambda r: r.rank_to),
    StudyColumn("Lines", lambda r: r.lines),
    StudyColumn("Bias", lambda r: _figure(r.bias)),
    StudyColumn("RMSE", lambda r: _figure(r.rmse)),
)


def method_rows(results: Sequence[StudyResult]) -> Iterator[MethodRow]:
    """The Study sheet's rows: for each study, each method over all the events, then over each event."""
    for res in results:
        blocks = [("all events", res.boards, res.methods)] + [(e.name, e.boards, e.methods) for e in res.events]
        for name, boards, methods in blocks:
            for stats in methods:
                yield MethodRow(res, name, boards, stats)


def rank_rows(results: Sequence[StudyResult]) -> Iterator[RankRow]:
    """The By rank sheet's rows: for each study and method, each band of ranks."""
    for res in results:
        for stats in res.methods:
            for lo, hi, count, bias, rmse in stats.by_rank:
                yield RankRow(res, stats, lo, hi, count, bias, rmse)


def _fill(ws: Worksheet, columns: Sequence[StudyColumn[R]], rows: Iterable[R]) -> None:
    """``ws`` holding ``columns``' bold headers in row 1 and a row for each of ``rows`` below, each column
    with its width and its data cells' number format."""
    ws.append([c.header for c in columns])
    for cell in ws[1]:
        cell.font = Font(bold=True)
    for row in rows:
        ws.append([c.value(row) for c in columns])
    for cells in ws.iter_rows(min_row=2):
        for cell, column in zip(cells, columns):
            if column.number_format is not None:
                cell.number_format = column.number_format
    for i, column in enumerate(columns, start=1):
        if column.width is not None:
            ws.column_dimensions[get_column_letter(i)].width = column.width


def write_study_xlsx(results: Sequence[StudyResult], path: str) -> None:
    """A workbook: sheet ``Study`` (one row per K, event and method, the header row frozen) and sheet
    ``By rank``, written atomically to ``path``."""
    wb = Workbook()
    ws = wb.active
    assert ws is not None  # a new workbook has its first sheet
    ws.title = "Study"
    _fill(ws, STUDY_COLUMNS, method_rows(results))
    ws.freeze_panes = "A2"
    _fill(wb.create_sheet("By rank"), BY_RANK_COLUMNS, rank_rows(results))
    with atomic_path(path, suffix=".xlsx") as tmp:
        save_tidied(wb, tmp)
