"""The study's workbook (``mpxl study -o report.xlsx``): sheet ``Read me``, what was done, the verdict of each
K (or R) in words, what the columns mean and the command that gives the same figures; sheet ``Study``, one row
per K, event and method; and sheet ``By rank``, one row per K, method and band of the score's percentage on the
short board. Each table sheet's columns are records (:class:`StudyColumn`: header, value, width, number
format), in the sheet's order.

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

from ..core.study import MethodStats, StudyResult, gap_text, verdict
from ..formats.atomic import atomic_path
from .stream import save_tidied

__all__ = ["StudyColumn", "MethodRow", "RankRow", "STUDY_COLUMNS", "BY_RANK_COLUMNS", "LEGEND", "method_rows",
           "rank_rows", "read_me_rows", "write_study_xlsx"]

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
    """A figure as a cell holds it: none for a figure the study could not make (NaN, or the noise of one trial).

    >>> _figure(0.5), _figure(math.nan), _figure(None), _figure(math.inf)
    (0.5, None, None, None)
    """
    return None if x is None or (isinstance(x, float) and not math.isfinite(x)) else x


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
    StudyColumn("Behind the best", lambda r: _figure(r.stats.behind), 15, "0.0000"),
    StudyColumn("Noise (±)", lambda r: _figure(r.stats.noise) if gap_text(r.stats)[1] else None, 10, "0.0000"),
    StudyColumn("Level with the best", lambda r: "" if math.isnan(r.stats.behind) or r.stats.behind == 0
                else "no" if r.stats.clearly_behind() else "yes", 19),
    StudyColumn("Bias", lambda r: _figure(r.stats.bias), 8, "0.00"),
    StudyColumn("Spread bias", lambda r: _figure(r.stats.spread_bias), 11, "0.00"),
    StudyColumn("Top bias", lambda r: _figure(r.stats.top_bias), 9, "0.00"),
    StudyColumn("Top RMSE", lambda r: _figure(r.stats.top_rmse), 10, "0.00"),
    StudyColumn("Bottom bias", lambda r: _figure(r.stats.bottom_bias), 11, "0.00"),
    StudyColumn("Bottom RMSE", lambda r: _figure(r.stats.bottom_rmse), 12, "0.00"),
    StudyColumn("Winner changed", lambda r: _figure(r.stats.winner_changed), 14, "0.0%"),
    StudyColumn("Top three changed", lambda r: _figure(r.stats.top3_changed), 17, "0.0%"),
    StudyColumn("Same estimates as", lambda r: ", ".join(r.stats.same_as), 30),
)

#: The By rank sheet's columns, in order.
BY_RANK_COLUMNS: tuple[StudyColumn[RankRow], ...] = (
    StudyColumn("Mode", lambda r: r.study.options.mode),
    StudyColumn("K or R", lambda r: r.study.options.amount),
    StudyColumn("Method", lambda r: r.stats.method),
    StudyColumn("Score on the short board from", lambda r: r.rank_from, 28, "0%"),
    StudyColumn("to", lambda r: r.rank_to, 6, "0%"),
    StudyColumn("Lines", lambda r: int(r.lines), 9),
    StudyColumn("Bias", lambda r: _figure(r.bias), 8, "0.00"),
    StudyColumn("RMSE", lambda r: _figure(r.rmse), 8, "0.00"),
)

#: What the Study sheet's figures mean (the Read me sheet's legend; the same words as the page's).
LEGEND = (
    ("Errors", "in percentage points of the board's top, each estimate against the same line's matchpoints on the "
               "real, full board"),
    ("Trial", "one random choice of the results hidden (or of the foul) on every complete board at once"),
    ("RMSE", "the typical size of an estimate's error (root mean square); lower is better"),
    ("Behind the best", "how much larger the method's RMSE is than the lowest"),
    ("Noise (±)", "how much of that gap the random draws alone could make: twice its standard error over the "
                  "trials; 0 when every choice was enumerated or the estimates are the same"),
    ("Level with the best", "yes when the method is less far behind than its noise: more trials would be needed "
                            "to tell them apart"),
    ("Bias", "the mean error: the same for every method, which keeps the board's check total; about 0 (on a "
             "fouled board the small groups' set percentages, 60% on average, lift it)"),
    ("Spread bias", "the mean error signed away from 50%: above 0 tops too high and bottoms too low, below 0 "
                    "everybody squeezed towards average"),
    ("Top / Bottom", "the errors of the best and the worst score on the short board"),
    ("Winner / Top three changed", "in how many trials the session's winner, or its first three places, came "
                                   "out differently (a hidden result keeps its real score)"),
    ("Same estimates as", "the methods that gave the same estimate on every line (their k are equal on these "
                          "boards)"),
    ("By rank", "the errors by the score's percentage on the short board"),
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


def read_me_rows(results: Sequence[StudyResult], command: str = "") -> list[tuple[str, str]]:
    """The Read me sheet's rows: (label, text), what was done, each K's verdict, the legend and the command."""
    rows: list[tuple[str, str]] = [("mpxl estimation study", "Which estimation method predicts a short board best?")]
    if results:
        first = results[0]
        rows.append(("Boards", f"{first.boards} complete boards from {len(first.events)} event"
                               f"{'s' if len(first.events) != 1 else ''}: " + "; ".join(e.name for e in first.events)))
    for res in results:
        label = ("Fouled after " if res.options.mode == "foul" else "K = ") + str(res.options.amount)
        rows.append((label, res.options.describe() + ". " + " ".join(res.verdict())))
        if len(res.events) > 1:
            for ev in res.events:
                rows.append(("", f"{ev.name}: " + " ".join(verdict(ev.methods, res.trials, res.options.exhaustive))))
    if command:
        rows.append(("The same figures again", command))
    rows.append(("", ""))
    rows.extend(LEGEND)
    return rows


def write_study_xlsx(results: Sequence[StudyResult], path: str, command: str = "") -> None:
    """A workbook: sheet ``Read me`` (what was done, the verdicts in words, the legend, the command that gives
    the same figures), sheet ``Study`` (one row per K, event and method, the header row frozen) and sheet
    ``By rank``, written atomically to ``path``."""
    wb = Workbook()
    about = wb.active
    assert about is not None  # a new workbook has its first sheet
    about.title = "Read me"
    for label, text in read_me_rows(results, command):
        about.append([label, text])
    for cell in about["A"]:
        cell.font = Font(bold=True)
    about.column_dimensions["A"].width = 26
    about.column_dimensions["B"].width = 120
    ws = wb.create_sheet("Study")
    _fill(ws, STUDY_COLUMNS, method_rows(results))
    ws.freeze_panes = "A2"
    _fill(wb.create_sheet("By rank"), BY_RANK_COLUMNS, rank_rows(results))
    with atomic_path(path, suffix=".xlsx") as tmp:
        save_tidied(wb, tmp)
