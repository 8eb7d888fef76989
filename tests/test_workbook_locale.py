"""A scored workbook opened in a LibreOffice of another country (de-DE, fr-FR: a decimal comma, where VALUE("0.5") is
no number), entries typed there as a local scorer types them (tests/uno_recalc.py ``Keyboard``: ``57,5`` is a number
in a General cell, ``0,5`` a text in the Text-formatted penalty column): every line's figures equal ``mpxl score``'s of
the workbook holding what was typed, or both refuse the entry in the same words; no cell shows an error.

One LibreOffice run a locale (each entry on a board of its own), and the reader once an entry.
"""

from __future__ import annotations

import shutil
import sys
from pathlib import Path

import pytest
from openpyxl import load_workbook
from openpyxl.utils import coordinate_to_tuple

sys.path.insert(0, str(Path(__file__).parent))
from recalc import close, error_cells, libreoffice_typed, needs_real, score_result  # noqa: E402
from shared import REALDATA, type_cells  # noqa: E402

from mpxl.core.errors import UserError  # noqa: E402
from mpxl.workbook.template import FIRST_ROW, TRAVELLER_COLUMNS  # noqa: E402

SOURCE = "scorebridge-2025-01-06-one-winner.xml"
LOCALES = ["de-DE", "fr-FR"]

#: (the column, what the scorer types, what the cell then holds in de-DE and fr-FR: a number or a text, whether mpxl
#: score reads it): a score, a decimal the sheet refuses as a score, codes, a weighted ruling, penalties in mpxl's
#: notation (read) and with a decimal comma (refused on both, in the same words).
ENTRIES = [
    ("typed", "420", 420, True),
    ("typed", "-420", -420, True),
    ("typed", "57,5", 57.5, False),  # a number in a comma locale: no bridge score
    ("typed", "420.00", "420.00", True),  # a text there, in mpxl's notation
    ("adjustment", "A+", "A+", True),
    ("adjustment", "60/40", "60/40", True),
    ("adjustment", "57.5/42.5", "57.5/42.5", True),
    ("adjustment", "57,5/42,5", "57,5/42,5", False),
    ("adjustment", "A57.5", "A57.5", True),
    ("adjustment", "57,5%", "57,5%", False),
    ("typed", "57.5%", "57.5%", True),
    ("typed", "60/40", "60/40", True),
    ("typed", "30% 420 + 70% 450", "30% 420 + 70% 450", True),
    ("typed", "33.3% 420 + 66.7% 450", "33.3% 420 + 66.7% 450", True),
    ("typed", "33,3% 420 + 66,7% 450", "33,3% 420 + 66,7% 450", False),
    ("typed", "-150|-50", "-150|-50", True),
    ("ns_pen", "0.5", "0.5", True),
    ("ns_pen", "2.5%", "2.5%", True),
    ("ns_pen", "10%", "10%", True),
    ("ns_pen", "0,5", "0,5", False),
    ("ns_pen", "1,5", "1,5", False),
]


def _first_rows(xlsx: Path) -> dict:
    ws = load_workbook(xlsx, read_only=True)["Travellers"]
    first: dict = {}
    for r, (b,) in enumerate(ws.iter_rows(min_row=FIRST_ROW, min_col=1, max_col=1, values_only=True), FIRST_ROW):
        if b is None:
            break
        first.setdefault(b, r)
    return first


@pytest.fixture(scope="module")
def typed(tmp_path_factory):
    """Per locale: the workbook's values once every entry is typed (each on the first line of a board of its own),
    and the cells as LibreOffice holds them; with the scored workbook and each entry's board and cell."""
    from mpxl.cli import main

    folder = tmp_path_factory.mktemp("locale")
    xlsx = folder / "event.xlsx"
    assert main(["score", str(REALDATA / SOURCE), "-o", str(xlsx)]) == 0
    first = _first_rows(xlsx)
    boards = sorted(first)[:len(ENTRIES)]
    assert len(boards) == len(ENTRIES)
    cells = [f"{TRAVELLER_COLUMNS[key]}{first[b]}" for b, (key, *_) in zip(boards, ENTRIES)]
    plan = [("Travellers", cell, text) for cell, (_, text, *_) in zip(cells, ENTRIES)]
    copies = {}
    for locale in LOCALES:
        copies[locale] = folder / f"event-{locale}.xlsx"
        shutil.copy(xlsx, copies[locale])
    done = {}
    for locale in LOCALES:  # one LibreOffice run a locale
        (values, held), = libreoffice_typed([copies[locale]], {copies[locale]: plan}, locale)
        done[locale] = (values, {cell: v for _, cell, v in held})
    return xlsx, folder, boards, cells, done


def _mpxl(xlsx: Path, folder: Path, cell: str, value, name: str):
    """``mpxl score`` of the workbook with ``value`` in ``cell`` (the Travellers sheet): its result, or its message."""
    copy = folder / f"{name}.xlsx"
    shutil.copy(xlsx, copy)
    type_cells(copy, "Travellers", {coordinate_to_tuple(cell): value})
    try:
        return score_result(copy, [])
    except (UserError, SystemExit, ValueError) as exc:
        return str(exc)


@needs_real
@pytest.mark.parametrize("locale", LOCALES)
def test_no_cell_shows_an_error(typed, locale):
    values, _ = typed[4][locale]
    assert not error_cells(values)


@needs_real
@pytest.mark.parametrize("locale", LOCALES)
@pytest.mark.parametrize(("i", "key", "text", "held", "read"), [(i, *e) for i, e in enumerate(ENTRIES)],
                         ids=[f"{k}={t}" for k, t, *_ in ENTRIES])
def test_an_entry_typed_in_a_comma_locale_scores_as_mpxl_reads_it(typed, locale, i, key, text, held, read):
    xlsx, folder, boards, cells, done = typed
    values, holds = done[locale]
    board, cell = boards[i], cells[i]
    assert holds[cell] == held, f"{locale} holds {holds[cell]!r} for {text!r} typed"
    result = _mpxl(xlsx, folder, cell, holds[cell], f"{locale}-{i}")
    row = int(cell.lstrip("ABCDEFGHIJKLMNOPQRSTUVWXYZ"))
    C = TRAVELLER_COLUMNS
    why = values["Travellers", f"{C['why']}{row}"]
    if not read:
        assert isinstance(result, str), f"mpxl score reads {text!r}"
        # the sheet's words are mpxl score's, the typed text quoted as in the cell (57,5 there, 57.5 in the file)
        words = why.split(": ", 1)[1].split("' ", 1)[-1]
        assert why.startswith(f"row {row}: ") and words in result, (why, result)
        return
    assert not isinstance(result, str), result
    assert why in (None, ""), why
    lines = [sl for b in result.boards if b.board == board for sl in b.lines]
    for r, sl in enumerate(lines, row):
        got = values["Travellers", f"{C['ns_mp']}{r}"], values["Travellers", f"{C['ew_mp']}{r}"]
        assert close(got[0], sl.ns_mp, 1e-6) and close(got[1], sl.ew_mp, 1e-6), (locale, text, r, got, sl)
