"""Where everything but the sheets' columns sits in the template workbook: rows, Setup cells, the Methods
sheet, Help tables, defined names. The columns are laid out in :mod:`mpxl.workbook.layout` from their
declarations (:mod:`mpxl.workbook.columns`).

Nothing here knows a scoring rule; the column modules write the formulas from :mod:`mpxl.core.rules`
into these places, :mod:`mpxl.workbook.sheets` builds the sheets.

>>> SETUP_NAMES["n_used"], SETUP_CELLS["scale"]
('N', 'Setup!$B$5')
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

from openpyxl.utils import get_column_letter

from ..core.methods import Method
from ..core.options import Setting, registry
from ..core.rules import AVE_POLICIES, FIELD_SCORING, NOT_PLAYED_CODES, ROUNDING_KINDS, SMALL_GROUP_RULES, contract_keys
from ..core.settings import Choice, Scale

T = TypeVar("T")

__all__ = [
    "HEADER_ROW", "FIRST_ROW", "MAX_DATA_ROWS", "METHOD_NAMES", "ROUNDING_RULES", "SMALL_GROUP_NAMES",
    "AVE_POLICY_NAMES", "SETUP_ROWS", "SETUP_CELLS", "SETUP_NAMES", "Setup", "SETUP_NAME", "SETUP_ROW",
    "SETUP_NUMBERS", "FIELD_NAMES", "PARTS",
    "METHODS_LAYOUT", "METHODS_SHEET", "HELP_TABLES", "HELP_FIRST", "HELP_TEXT_COLUMN", "setup_row",
    "SETUP_SETTINGS", "SETUP_CELL_OF", "CONVENTIONS", "convention_type",
]

HEADER_ROW = 4
FIRST_ROW = 5
#: The most traveller lines (and pairs) a sheet holds: Excel's 1,048,576 rows less the heading rows.
MAX_DATA_ROWS = 1_048_576 - FIRST_ROW + 1

#: The methods as the Setup drop-down spells them, in the order of the k formula's CHOOSE.
METHOD_NAMES = tuple(m.label for m in Method)
#: Rounding rules, in the order of the rounding formula's CHOOSE (the rulebook's table).
ROUNDING_RULES = tuple(ROUNDING_KINDS)
#: Small fouled-group rules of the rulebook, in the order of the Set % formula's CHOOSE.
SMALL_GROUP_NAMES = tuple(SMALL_GROUP_RULES)
#: Ave+/Ave- policies of the rulebook.
AVE_POLICY_NAMES = tuple(AVE_POLICIES)
#: How sections are compared (the rulebook's FIELD_SCORING): section (apart) or event (across the field).
FIELD_NAMES = tuple(FIELD_SCORING)


# ----------------------------------------------------------------------------- Setup

def _own(name: str, label: str) -> Any:
    """A :class:`Setup` field: a cell of the workbook's own, its defined name and label."""
    return dataclasses.field(metadata={"name": name, "label": label})


def _number(name: str, label: str) -> Any:
    """A :class:`Setup` field: one of the formulas' numbers, a cell of the workbook's own in a hidden row."""
    return dataclasses.field(metadata={"name": name, "label": label, "hidden": True})


def _of(cell: str) -> Any:
    """A :class:`Setup` field: the cell of a setting, by the defined name its declaration gives it
    (:class:`mpxl.core.options.Setting`: ``sheet`` its key, which is the field's name, ``cell``, ``caption``)."""
    return dataclasses.field(metadata={"setting": cell})


@dataclass(frozen=True, slots=True)
class Setup(Generic[T]):
    """One fact of each Setup cell, by its key: :data:`SETUP_NAME` their defined names (``SETUP_NAME.expected`` is
    ``Expected``, what the formulas read), :data:`SETUP_ROW` their rows. The fields are the Setup's rows in order
    (values in column B from row 3; the notes in helptext): the event's cells, the settings' (whose declaration
    gives their name and label), the formulas' numbers (hidden rows), and last the rows added since (a setting and
    its number: below the numbers, so that every earlier cell keeps its row).

    >>> SETUP_NAME.n_used, SETUP_ROW.scale
    ('N', 5)
    """

    event: T = _own("EventName", "Event")
    date: T = _own("EventDate", "Date")
    scale: T = _of("Scale")
    method: T = _of("Method")
    expected: T = _of("Expected")
    n_used: T = _own("N", "N used")
    # not "Top": a defined name may not be a function's name (ECMA-376), and Import Functions writes the
    # function TOP (mpxl.udfs) into this same workbook
    top: T = _own("BoardTop", "Top")
    rounding: T = _of("Rounding")
    decimals: T = _own("Decimals", "Decimals")
    ave_plus: T = _own("AvePlus", "Ave+ %")
    ave_minus: T = _own("AveMinus", "Ave- %")
    ave_policy: T = _of("AvePolicy")
    winners: T = _of("Winners")
    small_groups: T = _of("SmallGroups")
    field: T = _of("FieldScoring")
    this_session: T = _own("ThisSession", "Latest session")
    # the conventions (mpxl's options of the same names): where the estimate goes, a lone result, what
    # the totals add and how they are rounded, a missed board, the percentages, the places, line percentages
    estimate_at: T = _of("EstimateAt")
    lone_result: T = _of("LoneResult")
    totals_from: T = _of("TotalsFrom")
    totals_rounding: T = _of("TotalsRounding")
    totals_decimals: T = _own("TotalsDecimals", "Totals decimals")
    unplayed: T = _of("Unplayed")
    pct_rounding: T = _of("PctRounding")
    pct_decimals: T = _of("PctDecimals")
    pct_basis: T = _of("PctBasis")
    places: T = _of("Places")
    line_pct_decimals: T = _own("LinePctDecimals", "Line % decimals")
    club: T = _own("ClubName", "Club")
    mixed_line: T = _of("MixedLine")
    rounding_order: T = _of("RoundingOrder")
    # the formulas' numbers
    method_index: T = _number("MethodNo", "Method number")
    rounding_index: T = _number("RoundingNo", "Rounding number")
    rule_index: T = _number("RuleNo", "Small-group rule number")
    unit: T = _number("Unit", "10^decimals")
    full_boards: T = _number("FullBoards", "Estimate full boards")
    scale_index: T = _number("ScaleNo", "Scale number")
    scale_unit: T = _number("ScaleUnit", "Matchpoints per result beaten")
    centred: T = _number("Centred", "Centred (signed scale)")
    fixed_top: T = _number("FixedTop", "Fixed top (0: none)")
    totals_rounding_index: T = _number("TotalsRoundingNo", "Totals rounding number")
    totals_unit: T = _number("TotalsUnit", "10^totals decimals")
    pct_unit: T = _number("PctUnit", "10^percentage decimals")
    line_pct_unit: T = _number("LinePctUnit", "10^line % decimals")
    # added since, below the numbers so that every earlier cell keeps its row: what the totals add for a short board
    totals_method: T = _of("TotalsMethod")
    totals_method_index: T = _number("TotalsMethodNo", "Totals method number")


#: The settings the Setup holds a cell for, by the defined name of their cell.
SETUP_SETTINGS: dict[str, Setting] = {s.cell: s for s in registry() if s.sheet is not None and s.cell}


def _setup_rows() -> list[tuple[str, str, str]]:
    """The Setup's rows: :class:`Setup`'s fields in order, each setting's name and label from its declaration;
    a setting declared with a Setup cell that has no field is refused."""
    rows: list[tuple[str, str, str]] = []
    for f in dataclasses.fields(Setup):
        if "setting" in f.metadata:
            s = SETUP_SETTINGS[f.metadata["setting"]]
            if s.sheet != f.name:
                raise ValueError(f"Setup's field {f.name!r} is setting {s.name!r}'s cell, whose key is {s.sheet!r}")
            rows.append((f.name, s.cell, s.caption))
        else:
            rows.append((f.name, f.metadata["name"], f.metadata["label"]))
    if missing := sorted(set(SETUP_SETTINGS) - {name for _, name, _ in rows}):
        raise ValueError(f"settings with a Setup cell and no field of places.Setup: {missing}")
    return rows


#: Setup sheet: (key, defined name, label), in row order.
SETUP_ROWS = _setup_rows()
_SETUP_FIRST = 3
#: Each Setup cell's defined name and row, by its key's field: what the formulas and the sheet read by name.
SETUP_NAME: Setup[str] = Setup(**{key: name for key, name, _ in SETUP_ROWS})
SETUP_ROW: Setup[int] = Setup(**{key: _SETUP_FIRST + i for i, (key, _, _) in enumerate(SETUP_ROWS)})
#: The keys of the formulas' numbers (the Setup's hidden rows).
SETUP_NUMBERS = frozenset(f.name for f in dataclasses.fields(Setup) if f.metadata.get("hidden"))
#: Setup key -> absolute cell reference on the Setup sheet, e.g. ``Setup!$B$5``.
SETUP_CELLS = {key: f"Setup!$B${_SETUP_FIRST + i}" for i, (key, _, _) in enumerate(SETUP_ROWS)}
#: A convention's type (a rulebook Enum) -> the defined name of the Setup cell that holds it (``LoneResult``).
SETUP_CELL_OF: dict[type, str] = {s.kind: s.cell for s in SETUP_SETTINGS.values()
                                  if s.kind is not None and issubclass(s.kind, Choice)}
assert len(set(SETUP_CELL_OF.values())) == len(SETUP_CELL_OF), "two Setup cells of one type"
def convention_type(s: Setting) -> type[Choice]:
    """The type of a convention's values (a rulebook Enum, :data:`CONVENTIONS`): its declaration's ``kind``."""
    kind = s.kind
    if kind is None or not issubclass(kind, Choice):
        raise TypeError(f"setting {s.name!r} is not a choice of words")
    return kind


#: The conventions the Setup holds as their word (each a rulebook Enum: a :class:`mpxl.core.options.Setting` with a
#: Setup cell, but the scale and the method, written as their number and label), by Setup key in row order.
CONVENTIONS: dict[str, Setting] = {
    key: s for key, name, _ in SETUP_ROWS
    if (s := SETUP_SETTINGS.get(name)) is not None and s.kind in SETUP_CELL_OF and s.kind not in (Scale, Method)
}
#: Setup key -> the defined name the formulas use for it (``scale`` -> ``Scale``).
SETUP_NAMES = {key: name for key, name, _ in SETUP_ROWS}


def setup_row(key: str) -> int:
    """The Setup row of ``key``.

    >>> setup_row("scale")
    5
    """
    return int(SETUP_CELLS[key].rsplit("$", 1)[1])


#: The most parts a weighted side of a ruling is read in (each part a column of its own: :mod:`.rulings`).
PARTS = 3


# ---------------------------------------------------------------------------- Methods

#: The methods the Methods sheet compares, one column each: every method a Setup can choose, in
#: ``Method``'s order (Ascherman-short has Ascherman's k and differs from it only at n = N).
METHODS_SHEET = tuple(Method)
_M = len(METHODS_SHEET)


def _column_run(first: int, count: int) -> tuple[str, ...]:
    """``count`` column letters from column number ``first``: ``_column_run(3, 2)`` is ('C', 'D')."""
    return tuple(get_column_letter(first + i) for i in range(count))


#: The Methods sheet: the cells of N, n and scale (and the scale's unit and centring, hidden; beside them what is
#: said of N, of n, of both and of the scale: ``said_*``, the pieces of ``check``), the k row,
#: the message naming counts that make no board (``check``: blank when N and n are right; the table and k row
#: are blank while it is not), the first row of the table and its columns
#: (matchpoints, then percentages, a column a method); the chart sits at ``chart_at`` (over columns up to
#: ``chart_last``), its data in the hidden ``chart_cols``.
METHODS_LAYOUT: dict[str, Any] = {
    "N": "B3", "n": "B4", "scale": "B5", "scale_unit": "B6", "centred": "C6", "check": "A2",
    "said_N": "D6", "said_n": "E6", "said_counts": "F6", "said_scale": "G6",
    "k_row": 8, "first_row": 12, "max_actual": 60,
    "s_col": "A", "raw_pct_col": "B",
    "mp_cols": _column_run(3, _M), "pct_cols": _column_run(3 + _M, _M),
    "chart_at": f"{get_column_letter(4 + 2 * _M)}3", "chart_last": get_column_letter(14 + 2 * _M),
    "chart_cols": _column_run(16 + 2 * _M, _M),
}

# ------------------------------------------------------------------------------- Help

#: The Help sheet's tables start on this row (under a header row); the help text is in HELP_TEXT_COLUMN.
HELP_FIRST = 5
HELP_TEXT_COLUMN = "I"
_CONTRACT_ROWS = len(contract_keys())
#: Help tables: name -> (first column, headers, rows, {defined name: (first column offset, last offset)}).
#: Their contents come from the rulebook (see sheets.help_sheet); the formulas look them up by name.
HELP_TABLES = {
    "codes": ("A", ("Code", "NS %"), None, {"CodeNames": (0, 0), "CodePcts": (1, 1)}),
    "methods": ("D", ("Methods",), len(METHOD_NAMES), {"MethodNames": (0, 0)}),
    "rounding": ("E", ("Rounding",), len(ROUNDING_RULES), {"RoundingNames": (0, 0)}),
    "small": ("F", ("Small groups",), len(SMALL_GROUP_NAMES), {"SmallGroupNames": (0, 0)}),
    "policy": ("G", ("Ave policy",), len(AVE_POLICY_NAMES), {"AvePolicyNames": (0, 0)}),
    "not_played": ("K", ("Not played",), len(NOT_PLAYED_CODES), {"NotPlayedCodes": (0, 0)}),
    "k": ("M", ("Method", "k (Excel)", "Source"), len(METHOD_NAMES), {}),
    "small_rules": ("Q", ("Rule", "Set % when (Excel)", "Source"), len(SMALL_GROUP_NAMES), {}),
    "cycle": ("U", ("Board", "Dealer", "Vulnerable"), 16, {"VulCycle": (2, 2)}),
    "passes": ("Y", ("Passed out",), None, {"PassSpellings": (0, 0)}),
    "contracts": ("AA", ("Contract",) + tuple(f"{t} NV" for t in range(14)) + tuple(f"{t} V" for t in range(14)),
                  _CONTRACT_ROWS, {"ContractKeys": (0, 0), "ContractScores": (1, 28)}),
}
