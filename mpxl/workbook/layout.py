"""Where everything sits in the template workbook: rows, columns, Setup cells, Help tables, defined names.

The columns are declared once each (:mod:`mpxl.workbook.columns`: key, header, note, formula, width, how its
cells show, the column it follows) in the stage modules (:mod:`.typed`, :mod:`.figures`, :mod:`.rulings`,
:mod:`.totals`); here they are merged into the sheet's order (:func:`~.columns.merged`), which gives each its
letter and the defined name of its data rows. The rest (Setup, Methods, Help)
is in :mod:`mpxl.workbook.places`, whose names this module gives too.

Nothing here knows a scoring rule; :mod:`mpxl.workbook.sheets` builds the sheets.

>>> TRAVELLER_COLUMNS["ns_mp"], SETUP_NAMES["n_used"], SETUP_CELLS["scale"]
('O', 'N', 'Setup!$B$5')
"""

from __future__ import annotations

from openpyxl.utils import get_column_letter

from . import figures, rulings, typed
from .columns import Column, every, every_pair, merged, placed_once
from .places import (
    AVE_POLICY_NAMES,
    CONVENTIONS,
    FIELD_NAMES,
    FIRST_ROW,
    HEADER_ROW,
    HELP_FIRST,
    HELP_TABLES,
    HELP_TEXT_COLUMN,
    MAX_DATA_ROWS,
    METHOD_NAMES,
    METHODS_LAYOUT,
    METHODS_SHEET,
    PARTS,
    ROUNDING_RULES,
    SETUP_CELL_OF,
    SETUP_CELLS,
    SETUP_NAME,
    SETUP_NAMES,
    SETUP_NUMBERS,
    SETUP_ROW,
    SETUP_ROWS,
    SETUP_SETTINGS,
    SMALL_GROUP_NAMES,
    Setup,
    convention_type,
    setup_row,
)
from .totals import BLOCK_DECLARED, PAIRS_DECLARED, TOTALS_DECLARED

__all__ = [
    "HEADER_ROW", "FIRST_ROW", "MAX_DATA_ROWS", "METHOD_NAMES", "ROUNDING_RULES", "SMALL_GROUP_NAMES",
    "AVE_POLICY_NAMES", "SETUP_ROWS", "SETUP_CELLS", "SETUP_NAMES", "SETUP_NAME", "SETUP_ROW", "SETUP_NUMBERS", "Setup",
    "MAIN_COLUMNS", "BLOCK_COLUMNS",
    "HELPER_COLUMNS", "TRAVELLER_COLUMNS", "TRAVELLER_RANGE_NAMES", "PAIRS_COLUMNS", "PAIRS_RANGE_NAMES",
    "TOTALS_COLUMNS", "FIELD_NAMES", "PARTS", "METHODS_LAYOUT", "METHODS_SHEET", "HELP_TABLES", "HELP_FIRST",
    "HELP_TEXT_COLUMN", "setup_row", "SETUP_SETTINGS", "SETUP_CELL_OF", "CONVENTIONS", "convention_type",
    "TRAVELLER_SHEET", "PAIRS_SHEET", "TOTALS_SHEET", "PAIRS_INPUTS",
    "spaced", "TRAVELLER_SPACERS", "PAIRS_SPACERS", "TOTALS_SPACERS",
]

# ------------------------------------------------------------------------- Travellers

#: The stages' Travellers columns, in the order their columns are merged (:func:`~.columns.merged`: each stage's
#: in its declared order, a run placed after the column its first names).
_STAGES = (typed.COLUMNS, figures.COLUMNS, rulings.COLUMNS)
#: The Travellers' visible columns (typed in, and the results) and the helper columns, one step each: the stages'
#: columns of each kind, merged; the per-board block's as :mod:`.totals` declares them.
MAIN_COLUMNS = merged(*([c for c in stage if c.kind != "helper"] for stage in _STAGES))
BLOCK_COLUMNS = list(BLOCK_DECLARED)
HELPER_COLUMNS = merged(*([c for c in stage if c.kind == "helper"] for stage in _STAGES))
placed_once([*(c for stage in _STAGES for c in stage), *BLOCK_DECLARED], MAIN_COLUMNS, BLOCK_COLUMNS, HELPER_COLUMNS)
#: The Travellers sheet's columns in order: the visible ones, a gap, the per-board block, a gap, the helpers.
TRAVELLER_SHEET = [*MAIN_COLUMNS, *BLOCK_COLUMNS, *HELPER_COLUMNS]


def spaced(*parts: list[Column]) -> tuple[dict[str, str], tuple[str, ...]]:
    """Each column's letter, and the spacer columns' letters: the ``parts`` from A, an empty column between two
    parts, and an empty (hidden) spacer column between any two formula columns side by side.

    The spacers are for LibreOffice: in a hard recalculation (Ctrl+Shift+F9, UNO's ``calculateAll()``) it
    calculates a run of adjacent formula columns over the same rows together on its threads, after working
    out what each of them reads; when one column of the run reads another (through any chain of cells), a
    cell can be met again while it is being calculated, and shows Err:522 (a circular reference that is not
    there). With no two formula columns adjacent, every run is one column (docs/template.md).

    >>> from .columns import col
    >>> spaced([col("a", "A", kind="input"), col("b", "B", lambda c: "1"), col("c", "C", lambda c: "2")],
    ...        [col("d", "D", lambda c: "3")])
    ({'a': 'A', 'b': 'B', 'c': 'D', 'd': 'F'}, ('C',))
    """
    out: dict[str, str] = {}
    spacers: list[str] = []
    col = 1
    for part in parts:
        after_formula = False
        for c in part:
            formula = c.kind != "input"
            if formula and after_formula:
                spacers.append(get_column_letter(col))
                col += 1
            out[c.key] = get_column_letter(col)
            col += 1
            after_formula = formula
        col += 1
    return out, tuple(spacers)


#: Travellers column key -> column letter (``ns_mp`` -> ``O``), and the hidden spacers between formula columns.
TRAVELLER_COLUMNS, TRAVELLER_SPACERS = spaced(MAIN_COLUMNS, BLOCK_COLUMNS, HELPER_COLUMNS)
#: Travellers columns the formulas look across, as defined names of their data rows.
TRAVELLER_RANGE_NAMES = {c.key: c.across for c in TRAVELLER_SHEET if c.across}
every.bind(TRAVELLER_RANGE_NAMES)


# ------------------------------------------------------------------------------ Pairs

#: The Pairs sheet: the pairs as typed (number, direction, names, section), then each pair's figures.
PAIRS_SHEET = PAIRS_DECLARED
#: The Pairs columns typed in, in order: a Pairs row's values (:data:`mpxl.workbook.inputs.PairRow`).
PAIRS_INPUTS = tuple(c.key for c in PAIRS_SHEET if c.kind == "input")
#: Pairs column key -> column letter.
PAIRS_COLUMNS, PAIRS_SPACERS = spaced(PAIRS_SHEET)
PAIRS_RANGE_NAMES = {c.key: c.across for c in PAIRS_SHEET if c.across}
every_pair.bind(PAIRS_RANGE_NAMES)

# ----------------------------------------------------------------------------- Totals

#: The Totals sheet: the ranking, in place order (each row looks up the pair placed there on Pairs).
TOTALS_SHEET = TOTALS_DECLARED
#: Totals column key -> column letter.
TOTALS_COLUMNS, TOTALS_SPACERS = spaced(TOTALS_SHEET)
