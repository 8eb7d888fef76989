"""Where everything sits in the template workbook: rows, columns, Setup cells, Help tables, defined names.

The columns are declared once each (:mod:`mpxl.workbook.columns`: key, header, note, formula) in the stage
modules (:mod:`.typed`, :mod:`.figures`, :mod:`.rulings`, :mod:`.totals`); here they are put in the sheet's
order, which gives each its letter and the defined name of its data rows. The rest (Setup, Methods, Help)
is in :mod:`mpxl.workbook.places`, whose names this module gives too.

Nothing here knows a scoring rule; :mod:`mpxl.workbook.sheets` builds the sheets.

>>> TRAVELLER_COLUMNS["ns_mp"], SETUP_NAMES["n_used"], SETUP_CELLS["scale"]
('O', 'N', 'Setup!$B$5')
"""

from __future__ import annotations

from openpyxl.utils import get_column_letter

from . import figures, rulings, typed
from .columns import Column, every, every_pair, expand, placed_once
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
    SETUP_NAMES,
    SETUP_ROWS,
    SETUP_SETTINGS,
    SMALL_GROUP_NAMES,
    convention_type,
    setup_row,
)
from .totals import BLOCK_DECLARED, PAIRS_DECLARED, TOTALS_DECLARED

__all__ = [
    "HEADER_ROW", "FIRST_ROW", "MAX_DATA_ROWS", "METHOD_NAMES", "ROUNDING_RULES", "SMALL_GROUP_NAMES",
    "AVE_POLICY_NAMES", "SETUP_ROWS", "SETUP_CELLS", "SETUP_NAMES", "MAIN", "BLOCK", "HELPERS",
    "TRAVELLER_COLUMNS", "TRAVELLER_RANGE_NAMES", "PAIRS", "PAIRS_COLUMNS", "PAIRS_RANGE_NAMES", "TOTALS",
    "TOTALS_COLUMNS", "FIELD_NAMES", "PARTS", "METHODS_LAYOUT", "METHODS_SHEET", "HELP_TABLES", "HELP_FIRST",
    "HELP_TEXT_COLUMN", "setup_row", "SETUP_SETTINGS", "SETUP_CELL_OF", "CONVENTIONS", "convention_type",
    "MAIN_ORDER", "BLOCK_ORDER", "HELPER_ORDER", "TRAVELLER_SHEET", "PAIRS_SHEET", "TOTALS_SHEET", "PAIRS_INPUTS",
    "spaced", "TRAVELLER_SPACERS", "PAIRS_SPACERS", "TOTALS_SPACERS",
]

# ------------------------------------------------------------------------- Travellers

#: The Travellers' visible columns, typed in and results, in order: a column's key, or an NS/EW family's key
#: template (its columns in their declared order).
MAIN_ORDER = (
    "board", "{s}_pair", "contract", "by", "tricks", "typed", "adjustment", "group", "switch", "section", "session",
    "ns_score", "{s}_mp", "{s}lp", "{s}_pen",
)

#: The per-board block's columns, in order.
BLOCK_ORDER = (
    "b_board", "b_section", "b_session", "b_results", "b_top", "b_check", "b_ns", "b_ew", "b_status", "b_expected",
    "b_key", "b_n", "b_rulings", "b_pens",
)

#: The helper columns, one step each, in order (the conventions' steps, then the rulings', the penalties', the
#: totals' and the typed forms', added last).
HELPER_ORDER = (
    "sess", "sec", "fkey", "bkey", "hk", "away", "nskey", "vul", "ct", "crow", "decl", "dvul", "dscore", "cscore",
    "tt", "tu",
    "tnum", "adj", "adjl", "adjr", "ub", "nspct", "kind", "badb", "gkey", "n", "nb", "lines", "nf", "topf",
    "fouled", "largest", "setpct", "k", "sw", "sns", "est{s}", "own{s}", "adj{s}", "art{s}", "v{s}", "va{s}",
    "r{s}", "ra{s}", "shares", "tkt", "tk", "why", "avg", "swt", "byt", "unfit", "{s}v", "{s}n", "{s}row", "tkd",
    "tkr", "whyp", "whyt", "whyc", "whyb", "badend", "{s}pb", "sp{v}", "nsc", "topsc", "topc", "lone", "shortt",
    "kf", "{s}fx", "{s}fv", "{s}fr", "{s}x", "{s}tot", "alone", "{s}lpv", "bar", "{v}vt", "{v}vk", "{v}va", "{v}vw",
    "{v}wf", "{v}k", "{v}st{i}", "{v}wt{i}", "{v}s{i}", "{v}w{i}", "{v}ur", "{v}why", "rvw", "rwp", "rwhy", "rul",
    "rb", "gk{v}", "n{v}", "fn{v}", "k{v}", "{v}m{i}", "{v}q{i}", "{v}raw", "{v}fa", "rsay", "rend", "kcode",
    "penr", "{v}pt", "{v}pd", "{v}px", "p{s}", "{v}pw", "whypn", "{v}ps", "psay", "pend", "setf", "p{s}f", "{s}fa",
    "{s}far", "{s}of", "tkw", "tlk", "tnw", "abare", "ckind", "cwhy", "{v}vn", "tcw", "tkwhy", "arul",
    "topr", "fac", "{s}mv", "{s}m", "{s}mva", "{s}ma", "set{v}", "rsh",
)

def _table(columns: list[Column]) -> list[tuple[str, str, int, str]]:
    """The columns as (key, header, width, kind), in order."""
    return [(c.key, c.header, c.width, c.kind) for c in columns]


_TRAVELLERS = [*typed.COLUMNS, *figures.COLUMNS, *rulings.COLUMNS, *BLOCK_DECLARED]
#: The Travellers sheet's columns in order: the visible ones, a gap, the per-board block, a gap, the helpers.
MAIN_COLUMNS = expand(MAIN_ORDER, _TRAVELLERS)
BLOCK_COLUMNS = expand(BLOCK_ORDER, _TRAVELLERS)
HELPER_COLUMNS = expand(HELPER_ORDER, _TRAVELLERS)
placed_once(_TRAVELLERS, MAIN_COLUMNS, BLOCK_COLUMNS, HELPER_COLUMNS)
TRAVELLER_SHEET = [*MAIN_COLUMNS, *BLOCK_COLUMNS, *HELPER_COLUMNS]

#: The visible columns and the block's: (key, header, width, kind).
MAIN = _table(MAIN_COLUMNS)
BLOCK = _table(BLOCK_COLUMNS)
#: The helper columns, in order: (key, header). What each computes, in words: its note (helptext.COLUMN_NOTES).
HELPERS = [(c.key, c.header) for c in HELPER_COLUMNS]


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
PAIRS = _table(PAIRS_SHEET)
#: The Pairs columns typed in, in order: a Pairs row's values (:data:`mpxl.workbook.inputs.PairRow`).
PAIRS_INPUTS = tuple(c.key for c in PAIRS_SHEET if c.kind == "input")
#: Pairs column key -> column letter.
PAIRS_COLUMNS, PAIRS_SPACERS = spaced(PAIRS_SHEET)
PAIRS_RANGE_NAMES = {c.key: c.across for c in PAIRS_SHEET if c.across}
every_pair.bind(PAIRS_RANGE_NAMES)

# ----------------------------------------------------------------------------- Totals

#: The Totals sheet: the ranking, in place order (each row looks up the pair placed there on Pairs).
TOTALS_SHEET = TOTALS_DECLARED
TOTALS = _table(TOTALS_SHEET)
#: Totals column key -> column letter.
TOTALS_COLUMNS, TOTALS_SPACERS = spaced(TOTALS_SHEET)
