"""The template's formulas recalculated by a second engine, the pure-Python ``formulas`` package (slow:
~20 ms a formula). A second opinion on figures LibreOffice recalculates in the suite
(tests/test_workbook_recalc.py: the same variants and Methods sheets), so the module is the deep tier's
(``python -m pytest -m deep``, run by .ci/run after the suite): one variant and the Methods sheet; ``-m long``
four variants of two set-ups and the real files."""

from __future__ import annotations

import copy
import sys
from pathlib import Path

import pytest
from openpyxl import load_workbook

from mpxl.core.session import score_event
from mpxl.core.settings import AvePolicy
from mpxl.formats import read_event
from mpxl.workbook.event_writer import write_event_workbook
from mpxl.workbook.template import METHODS_LAYOUT

sys.path.insert(0, str(Path(__file__).parent))
from recalc import (  # noqa: E402
    REAL_EVENTS,
    SETUPS,
    check_methods,
    check_variants,
    check_workbook_event,
    formulas_recalc,
    methods_workbook,
    needs_real,
    variants_event,
    variants_workbook,
)
from shared import REALDATA  # noqa: E402

pytestmark = pytest.mark.deep


def _only(path: Path, keep: tuple, out: Path, max_row: int | None = None) -> Path:
    wb = load_workbook(path)
    for name in list(wb.sheetnames):
        if name not in keep:
            del wb[name]
    if max_row:
        ws = wb[keep[0]]
        ws.delete_rows(max_row + 1, ws.max_row)
        ws._charts = []
    wb.save(out)
    return out


#: ``formulas`` compiles each formula in Python (~20 ms each): the deep tier takes one variant,
#: ``python -m pytest -m long`` four variants of two set-ups.
FORMULAS_VARIANTS = [("neuberg", ("avg",)),
                     pytest.param("neuberg", ("plain", "avg", "6040", "fouled3"), marks=pytest.mark.long),
                     pytest.param("mckinnon-single-ebu", ("avg", "aplus", "switch", "fouled"), marks=pytest.mark.long)]


@pytest.mark.parametrize("name, variants", FORMULAS_VARIANTS)
def test_variants_formulas_package(tmp_path, name, variants):
    """The variants' workbook recalculated by a second engine, the ``formulas`` package."""
    settings = SETUPS[name]
    path = tmp_path / "v.xlsx"
    variants_workbook(settings, variants).save(path)
    values = formulas_recalc(_only(path, ("Setup", "Travellers", "Pairs", "Totals", "Help"), tmp_path / "v2.xlsx"))
    if settings.options.ave_policy is AvePolicy.FIXED:
        check_variants(values, settings, variants)
    check_workbook_event(values, variants_event(settings, variants))


def test_methods_sheet_formulas_package(tmp_path):
    N, n, scale = 9, 7, 2
    p = tmp_path / "m.xlsx"
    methods_workbook(N, n, scale).save(p)
    last = METHODS_LAYOUT["first_row"] + 2 * (n - 1) + 1
    check_methods(formulas_recalc(_only(p, ("Methods",), tmp_path / "m2.xlsx", last)), N, n, scale)


@needs_real
@pytest.mark.long  # the formulas package compiles each cell (minutes a file): python -m pytest -m long
@pytest.mark.parametrize("f", REAL_EVENTS[:3])
def test_real_files_formulas_package(tmp_path, f):
    """One board of each real file plus its first board with an artificial score (the full files
    take minutes in ``formulas``; test_workbook_recalc_real.py checks them whole in LibreOffice)."""
    from mpxl.core.conventions import detect

    ev = read_event(REALDATA / f)
    boards = sorted({ln.board for ln in ev.lines})
    artificial = sorted({ln.board for ln in ev.lines if isinstance(ln.score, str)})
    keep = set(boards[:1]) | set(artificial[:1])
    sub = copy.copy(ev)
    sub.lines = [ln for ln in ev.lines if ln.board in keep]
    sub.pairs = list(ev.pairs)
    N = max(sum(ln.score is not None for ln in ev.lines if ln.board == b) for b in boards)
    res = score_event(sub, detect(ev).options(expected=N))
    p = tmp_path / "real.xlsx"
    write_event_workbook(res, p)
    check_workbook_event(formulas_recalc(_only(p, ("Setup", "Travellers", "Pairs", "Totals", "Help"), tmp_path / "r.xlsx")), res)


