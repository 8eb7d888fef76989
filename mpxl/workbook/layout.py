"""Where everything sits in the template workbook: rows, columns, Setup cells, Help tables, defined names.

Nothing here knows a scoring rule; :mod:`mpxl.workbook.formulas` writes the formulas
from :mod:`mpxl.core.rules` into these places, :mod:`mpxl.workbook.sheets` builds the sheets.

>>> TRAVELLER_COLUMNS["ns_mp"], SETUP_NAMES["n_used"], SETUP_CELLS["scale"]
('N', 'N', 'Setup!$B$5')
"""

from __future__ import annotations

from typing import Any

from openpyxl.utils import get_column_letter

from ..core.methods import Method
from ..core.options import Setting, registry
from ..core.rules import AVE_POLICIES, FIELD_SCORING, NOT_PLAYED_CODES, ROUNDING_KINDS, SMALL_GROUP_RULES, contract_keys
from ..core.settings import Choice, Scale

__all__ = [
    "HEADER_ROW", "FIRST_ROW", "MAX_DATA_ROWS", "METHOD_NAMES", "ROUNDING_RULES", "SMALL_GROUP_NAMES",
    "AVE_POLICY_NAMES", "SETUP_ROWS", "SETUP_CELLS", "SETUP_NAMES", "MAIN", "BLOCK", "HELPERS",
    "TRAVELLER_COLUMNS", "TRAVELLER_RANGE_NAMES", "PAIRS", "PAIRS_COLUMNS", "PAIRS_RANGE_NAMES", "TOTALS",
    "TOTALS_COLUMNS", "FIELD_NAMES", "PARTS", "RULING_HELPERS", "PENALTY_HELPERS", "TYPED_HELPERS",
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

#: The Setup's rows in order: (key, defined name, label), or the defined name of a setting's cell, whose row
#: its declaration gives (:class:`mpxl.core.options.Setting`: ``sheet`` its key, ``cell``, ``caption``). Values are
#: in column B from row 3; the notes are in helptext.
_NUMBERS = ("method_index", "MethodNo", "Method number")  # the first of the formulas' numbers
_SETUP_ORDER: list[tuple[str, str, str] | str] = [
    ("event", "EventName", "Event"),
    ("date", "EventDate", "Date"),
    "Scale",
    "Method",
    "Expected",
    ("n_used", "N", "N used"),
    ("top", "Top", "Top"),
    "Rounding",
    ("decimals", "Decimals", "Decimals"),
    ("ave_plus", "AvePlus", "Ave+ %"),
    ("ave_minus", "AveMinus", "Ave- %"),
    "AvePolicy",
    "Winners",
    "SmallGroups",
    "FieldScoring",
    ("this_session", "ThisSession", "Latest session"),
    # the conventions (mpxl's options of the same names): where the estimate goes, a lone result, what
    # the totals add and how they are rounded, a missed board, the percentages, the places, line percentages
    "EstimateAt",
    "LoneResult",
    "TotalsFrom",
    "TotalsRounding",
    ("totals_decimals", "TotalsDecimals", "Totals decimals"),
    "Unplayed",
    "PctRounding",
    "PctDecimals",
    "PctBasis",
    "Places",
    ("line_pct_decimals", "LinePctDecimals", "Line % decimals"),
    ("club", "ClubName", "Club"),
    # a setting declared with a Setup cell that is not placed above goes here, before the formulas' numbers
    _NUMBERS,
    ("rounding_index", "RoundingNo", "Rounding number"),
    ("rule_index", "RuleNo", "Small-group rule number"),
    ("unit", "Unit", "10^decimals"),
    ("full_boards", "FullBoards", "Estimate full boards"),
    ("scale_index", "ScaleNo", "Scale number"),
    ("scale_unit", "ScaleUnit", "Matchpoints per result beaten"),
    ("centred", "Centred", "Centred (signed scale)"),
    ("fixed_top", "FixedTop", "Fixed top (0: none)"),
    ("totals_rounding_index", "TotalsRoundingNo", "Totals rounding number"),
    ("totals_unit", "TotalsUnit", "10^totals decimals"),
    ("pct_unit", "PctUnit", "10^percentage decimals"),
    ("line_pct_unit", "LinePctUnit", "10^line % decimals"),
]

#: The settings the Setup holds a cell for, by the defined name of their cell.
SETUP_SETTINGS: dict[str, Setting] = {s.cell: s for s in registry() if s.sheet is not None and s.cell}


def _setup_rows() -> list[tuple[str, str, str]]:
    """The Setup's rows: :data:`_SETUP_ORDER` with each setting's row from its declaration, and the settings
    declared with a Setup cell that it does not place before the formulas' numbers."""
    placed = {row for row in _SETUP_ORDER if isinstance(row, str)}
    rows: list[tuple[str, str, str]] = []
    for row in _SETUP_ORDER:
        if row == _NUMBERS:
            rows += [(s.sheet or "", s.cell, s.caption) for s in SETUP_SETTINGS.values() if s.cell not in placed]
        if isinstance(row, str):
            s = SETUP_SETTINGS[row]
            rows.append((s.sheet or "", s.cell, s.caption))
        else:
            rows.append(row)
    return rows


#: Setup sheet: (key, defined name, label), in row order.
SETUP_ROWS = _setup_rows()
_SETUP_FIRST = 3
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


# ------------------------------------------------------------------------- Travellers

# Travellers: visible inputs and results, a per-board block, then helper columns (one step each).
MAIN = [
    ("board", "Board", 7, "input"),
    ("ns_pair", "NS pair", 8, "input"),
    ("ew_pair", "EW pair", 8, "input"),
    ("contract", "Contract", 9, "input"),
    ("by", "By", 5, "input"),
    ("tricks", "Tricks", 7, "input"),
    ("typed", "Typed score", 9, "input"),
    ("adjustment", "Adjustment", 11, "input"),
    ("group", "Group", 7, "input"),
    ("switch", "Arrowswitch", 7, "input"),
    ("section", "Section", 7, "input"),
    ("session", "Session", 7, "input"),
    ("ns_score", "NS score", 9, "formula"),
    ("ns_mp", "NS MP", 8, "formula"),
    ("ew_mp", "EW MP", 8, "formula"),
    # beside the figures, each line's percentage of its top, with Setup's Line % decimals (Ruter's Percentage_NS/EW)
    ("nslp", "NS %", 6, "formula"),
    ("ewlp", "EW %", 6, "formula"),
    # beside them, a procedural penalty: on a line, matchpoints (2) or a percentage of top (10%) taken off that
    # side's figure; on a penalty row (Adjustment Pen), the matchpoints taken off the pair's total (-4: a bonus of 4)
    ("ns_pen", "NS penalty", 8, "input"),
    ("ew_pen", "EW penalty", 8, "input"),
]
BLOCK = [
    ("b_board", "Board", 7, "input"),
    ("b_section", "Section", 7, "input"),
    ("b_session", "Session", 7, "input"),
    ("b_results", "Results", 8, "formula"),
    ("b_top", "Top", 6, "formula"),
    ("b_check", "Check total", 8, "formula"),
    ("b_ns", "NS total", 9, "formula"),
    ("b_ew", "EW total", 9, "formula"),
    ("b_status", "Status", 62, "formula"),
    ("b_expected", "Expected NS+EW", 10, "helper"),
    ("b_key", "Board key", 10, "helper"),
    ("b_n", "N", 6, "helper"),
    ("b_rulings", "Rulings", 10, "helper"),
    ("b_pens", "Penalties", 10, "helper"),
]
#: The rulings' helper columns (split, weighted and mixed scores typed in Typed score), after the others:
#: the typed text cut at its bar into NS's view and EW's view, each view read as up to PARTS weighted parts
#: (score and weight), each part matchpointed against every part of the other lines of its group.
PARTS = 3
_VIEWS = (("n", "NS"), ("e", "EW"))


def _each_view(key: str, title: str, parts: bool = False) -> list[tuple[str, str]]:
    """The columns ``key``/``title`` of each view (``{v}`` and ``{V}`` its letter and name), each part's too."""
    return [(key.format(v=v, i=i), title.format(V=V, i=i)) for v, V in _VIEWS
            for i in (range(1, PARTS + 1) if parts else (0,))]


RULING_HELPERS: list[tuple[str, str]] = [
    ("bar", "Split bar at"),
    *_each_view("{v}vt", "{V} view (typed)"),
    *_each_view("{v}vk", "{V} view code"),
    *_each_view("{v}va", "{V} view artificial %"),
    *_each_view("{v}vw", "{V} view (words)"),
    *_each_view("{v}wf", "{V} view weights first"),
    *_each_view("{v}k", "{V} view parts"),
    *_each_view("{v}st{i}", "{V} part {i} score (text)", True),
    *_each_view("{v}wt{i}", "{V} part {i} weight (text)", True),
    *_each_view("{v}s{i}", "{V} part {i} score", True),
    *_each_view("{v}w{i}", "{V} part {i} weight", True),
    *_each_view("{v}ur", "{V} view not read"),
    *_each_view("{v}why", "Why ({V} view)"),
    ("rvw", "Why (views)"),
    ("rwp", "Why (ruling, parsed)"),
    ("rwhy", "Why (ruling)"),
    ("rul", "Ruling read"),
    ("rb", "Rulings on board"),
    *_each_view("gk{v}", "{V} view group key"),
    *_each_view("n{v}", "n ({V} view)"),
    *_each_view("fn{v}", "n ({V} figure)"),
    *_each_view("k{v}", "k ({V} figure)"),
    *_each_view("{v}m{i}", "{V} part {i} beaten (weight)", True),
    *_each_view("{v}q{i}", "{V} part {i} tied (weight)", True),
    *_each_view("{v}raw", "S ({V} view)"),
    *_each_view("{v}fa", "{V} figure artificial"),
    ("rsay", "Ruling in words"),
    ("rend", "Ruling (rows to the end)"),
]

#: The penalties' helper columns (NS penalty, EW penalty and penalty rows), after the rulings'.
PENALTY_HELPERS: list[tuple[str, str]] = [
    ("kcode", "Kind (adjustment)"),
    ("penr", "Penalty row"),
    *_each_view("{v}pt", "{V} penalty (text)"),
    *_each_view("{v}pd", "{V} penalty (digits)"),
    *_each_view("{v}px", "{V} penalty (number)"),
    ("pns", "NS penalty MP"),
    ("pew", "EW penalty MP"),
    *_each_view("{v}pw", "Why ({V} penalty)"),
    ("whypn", "Why (penalty)"),
    *_each_view("{v}ps", "{V} penalty in words"),
    ("psay", "Penalty in words"),
    ("pend", "Penalty (rows to the end)"),
]

#: Estimate at totals' helper columns after the penalties': the small-group rule and the artificial scores on the full
#: N, and what a result adds to its pair's total, which the wbf Ave+ policy's own percentage reads.
TOTALS_HELPERS: list[tuple[str, str]] = [
    ("setf", "Set % (full)"),
    ("pnsf", "NS penalty MP (full)"),
    ("pewf", "EW penalty MP (full)"),
    ("nsfa", "NS full artificial"),
    ("ewfa", "EW full artificial"),
    ("nsfar", "NS full artificial (rounded)"),
    ("ewfar", "EW full artificial (rounded)"),
    ("nsof", "NS for own %"),
    ("ewof", "EW for own %"),
]

#: The typed forms' helper columns (a number typed as text, a code not read: mpxl score's words), after the penalties'.
TYPED_HELPERS: list[tuple[str, str]] = [
    ("tkw", "Tricks form"),
    ("tlk", "Typed number form"),
    ("tnw", "Why (typed number)"),
    ("abare", "Adjustment bare number"),
    ("ckind", "Code words"),
    ("cwhy", "Why (code)"),
    *_each_view("{v}vn", "{V} view code number"),
    ("tcw", "Contract (words)"),
    ("tkwhy", "Why (tricks)"),
    ("arul", "Adjustment ruling"),
]

#: A fixed top's helper columns (the percent scale: every board factored to a top of 100), after the typed forms':
#: the top a line is reported on, the factor its figures take, and under Setup's Rounding order matchpoints-first
#: its matchpoints rounded on the board's own top first.
FACTOR_HELPERS: list[tuple[str, str]] = [
    ("topr", "Top (reported)"),
    ("fac", "Factor"),
    ("nsmv", "NS matchpoints first scaled"),
    ("ewmv", "EW matchpoints first scaled"),
    ("nsm", "NS matchpoints first"),
    ("ewm", "EW matchpoints first"),
]

#: The helper columns, in order: (key, header). What each computes, in words: helptext.COLUMN_NOTES.
HELPERS = [
    ("sess", "Session number"),
    ("sec", "Section (clean)"),
    ("fkey", "Field"),
    ("bkey", "Board key"),
    ("nskey", "NS pair key"),
    ("ewkey", "EW pair key"),
    ("vul", "Vulnerable"),
    ("ct", "Contract (clean)"),
    ("crow", "Contract row"),
    ("decl", "Declarer"),
    ("dvul", "Declarer vulnerable"),
    ("dscore", "Declarer score"),
    ("cscore", "Contract NS score"),
    ("tt", "Typed (text)"),
    ("tu", "Typed (unsigned)"),
    ("tnum", "Typed number"),
    ("adj", "Adjustment (clean)"),
    ("adjl", "NS code"),
    ("adjr", "EW code"),
    ("ub", "USEBIO code"),
    ("nspct", "NS %"),
    ("ewpct", "EW %"),
    ("kind", "Kind"),
    ("badb", "Unreadable on board"),
    ("gkey", "Group key"),
    ("n", "n (results in group)"),
    ("nb", "Real results on board"),
    ("lines", "Lines towards N"),
    ("nf", "N (field)"),
    ("topf", "Top (field)"),
    ("fouled", "Fouled"),
    ("largest", "Largest group"),
    ("setpct", "Set %"),
    ("k", "k"),
    ("sw", "Switched"),
    ("sns", "S (NS)"),
    ("sew", "S (EW)"),
    ("estns", "NS estimate"),
    ("estew", "EW estimate"),
    ("ownns", "NS pair's %"),
    ("ownew", "EW pair's %"),
    ("adjns", "NS adjusted %"),
    ("adjew", "EW adjusted %"),
    ("artns", "NS artificial MP"),
    ("artew", "EW artificial MP"),
    ("vns", "NS scaled"),
    ("vew", "EW scaled"),
    ("vans", "NS artificial scaled"),
    ("vaew", "EW artificial scaled"),
    ("rns", "NS result MP"),
    ("rew", "EW result MP"),
    ("rans", "NS artificial (rounded)"),
    ("raew", "EW artificial (rounded)"),
    ("shares", "Expected NS+EW share"),
    ("tkt", "Tricks (clean)"),
    ("tk", "Tricks (number)"),
    ("why", "Why unreadable"),
    ("avg", "Average (field)"),
    ("swt", "Arrowswitch (clean)"),
    ("byt", "By (clean)"),
    ("unfit", "Line incomplete"),
    ("nsv", "NS code (number text)"),
    ("ewv", "EW code (number text)"),
    ("nsn", "NS code number"),
    ("ewn", "EW code number"),
    ("nsrow", "NS code (Help row)"),
    ("ewrow", "EW code (Help row)"),
    ("tkd", "Tricks over or under"),
    ("tkr", "Tricks from the result"),
    ("whyp", "Why (pairs, arrowswitch)"),
    ("whyt", "Why (typed score)"),
    ("whyc", "Why (contract)"),
    ("whyb", "Why, and the board's others"),
    ("badend", "Unreadable (rows to the end)"),
    ("nspb", "NS pair blank"),
    ("ewpb", "EW pair blank"),
    # the conventions' steps (Setup's Estimate at, Lone result, Totals from...), added last
    ("spn", "NS S (as played)"),
    ("spe", "EW S (as played)"),
    ("nsc", "N (scored)"),
    ("topsc", "Top (scored)"),
    ("topc", "Top (counted)"),
    ("lone", "Lone result"),
    ("shortt", "Short (totals)"),
    ("kf", "k (full)"),
    ("nsfx", "NS full estimate"),
    ("ewfx", "EW full estimate"),
    ("nsfv", "NS full scaled"),
    ("ewfv", "EW full scaled"),
    ("nsfr", "NS full (rounded)"),
    ("ewfr", "EW full (rounded)"),
    ("nsx", "NS exact"),
    ("ewx", "EW exact"),
    ("nstot", "NS for totals"),
    ("ewtot", "EW for totals"),
    ("alone", "Pair alone"),
    ("nslpv", "NS line % scaled"),
    ("ewlpv", "EW line % scaled"),
    *RULING_HELPERS,
    *PENALTY_HELPERS,
    *TOTALS_HELPERS,
    *TYPED_HELPERS,
    *FACTOR_HELPERS,
    # each figure's Set %: the group of results in its side's field (Setup's Mixed line own: a mixed line's result
    # is in its own side's field only, and a fouled group may be small in the other side's alone)
    ("setn", "Set % (NS figure)"),
    ("sete", "Set % (EW figure)"),
    ("rsh", "Result shares"),
]


def _letters() -> dict[str, str]:
    out: dict[str, str] = {}
    col = 1
    for key, *_ in MAIN:
        out[key] = get_column_letter(col)
        col += 1
    col += 1
    for key, *_ in BLOCK:
        out[key] = get_column_letter(col)
        col += 1
    col += 1
    for key, _ in HELPERS:
        out[key] = get_column_letter(col)
        col += 1
    return out


#: Travellers column key -> column letter (``ns_mp`` -> ``L``).
TRAVELLER_COLUMNS = _letters()
#: Travellers columns the formulas look across, as defined names of their data rows.
TRAVELLER_RANGE_NAMES = {
    "board": "Boards", "ns_pair": "NSPairs", "ew_pair": "EWPairs", "ns_score": "NSScores",
    "ns_mp": "NSMPs", "ew_mp": "EWMPs", "kind": "Kinds", "gkey": "GroupKeys", "n": "GroupSizes",
    "lines": "BoardLines", "badb": "BoardUnreadable", "rns": "NSRounded", "rew": "EWRounded", "shares": "Shares",
    "sess": "SessionNos", "fkey": "FieldKeys", "bkey": "BoardKeys", "nskey": "NSPairKeys", "ewkey": "EWPairKeys",
    "nf": "FieldNs", "topf": "Tops", "whyb": "BoardWhys", "badend": "UnreadableToEnd",
    "topc": "TopsCounted", "nstot": "NSTot", "ewtot": "EWTot", "alone": "AloneRows", "nsof": "NSOwn", "ewof": "EWOwn",
    "nfa": "NSArtificial", "efa": "EWArtificial",
    # the rulings': each view's group keys, parts' scores and weights
    "pns": "NSPenalties", "pew": "EWPenalties", "psay": "PenaltyWords", "pend": "PenaltyToEnd",
    "rul": "Rulings", "gkn": "NSViewGroups", "gke": "EWViewGroups", "rsay": "RulingWords", "rend": "RulingToEnd",
    **{f"{v}{x}{i}": f"{V}{X}{i}" for v, V in _VIEWS for x, X in (("s", "Part"), ("w", "Share"))
       for i in range(1, PARTS + 1)},
}

# ------------------------------------------------------------------------------ Pairs

#: The Pairs sheet: the pairs as typed (number, direction, names, section), then each pair's figures.
PAIRS = [
    ("pair", "Pair", 7, "input"),
    ("direction", "Direction", 9, "input"),
    ("names", "Names", 30, "input"),
    ("section", "Section", 8, "input"),
    ("tiebreak", "Tie-break", 8, "input"),
    ("member1", "Member no. 1", 11, "input"),
    ("member2", "Member no. 2", 11, "input"),
    ("played", "Boards played", 8, "formula"),
    ("carried", "Carried forward", 12, "formula"),
    ("session_mp", "Latest session MP", 13, "formula"),
    ("mp", "MP", 10, "formula"),
    ("max", "Max", 9, "formula"),
    ("pct", "%", 9, "formula"),
    ("place", "Place", 7, "formula"),
    ("pkey", "Pair key", 10, "helper"),
    ("field", "Field", 8, "helper"),
    ("key", "% key", 10, "helper"),
    ("sortkey", "Sort %", 10, "helper"),
    ("mpkey", "Sort MP", 10, "helper"),
    ("tbkey", "Sort tie-break", 10, "helper"),
    ("tbid", "Tie-break given", 10, "helper"),
    ("rowno", "Row", 6, "helper"),
    ("first", "Field's first row", 8, "helper"),
    ("order", "Order", 7, "helper"),
    ("side", "Side", 6, "helper"),
    # the conventions' steps (Setup's Totals from, Missed boards, Percentage basis and rounding), added last
    ("mpb", "MP (boards)", 10, "helper"),
    ("maxb", "Max (boards)", 10, "helper"),
    ("satout", "Sat out", 8, "helper"),
    ("sfield", "Section field", 8, "helper"),
    ("due", "Boards due", 8, "helper"),
    ("short", "Boards short", 8, "helper"),
    ("latest", "Its latest session", 8, "helper"),
    ("ctop", "Credit top", 8, "helper"),
    ("cx", "Credit (exact)", 10, "helper"),
    ("cv", "Credit scaled", 10, "helper"),
    ("credit", "Credit", 10, "helper"),
    ("mpx", "MP (exact)", 10, "helper"),
    ("mpv", "MP scaled", 10, "helper"),
    ("mxn", "Max (number)", 10, "helper"),
    ("full", "Full Max", 10, "helper"),
    ("stx", "Scaled total (exact)", 10, "helper"),
    ("stv", "Scaled total scaled", 10, "helper"),
    ("st", "Scaled total", 10, "helper"),
    ("pctx", "% (exact)", 10, "helper"),
    ("pctv", "% scaled", 10, "helper"),
    ("pen", "Penalty rows", 10, "helper"),
]
#: The Pairs columns typed in, in order: a Pairs row's values (:data:`mpxl.workbook.inputs.PairRow`).
PAIRS_INPUTS = tuple(key for key, _, _, kind in PAIRS if kind == "input")
#: Pairs column key -> column letter.
PAIRS_COLUMNS = {key: get_column_letter(i + 1) for i, (key, *_) in enumerate(PAIRS)}
PAIRS_RANGE_NAMES = {
    "pair": "PairNumbers", "direction": "PairDirections", "names": "PairNames", "section": "PairSections",
    "mp": "PairMPs", "max": "PairMaxes", "pct": "PairPcts", "place": "PairPlaces", "field": "Fields",
    "key": "PctKeys", "sortkey": "SortPcts", "mpkey": "SortMPs", "tbkey": "TieBreaks", "tbid": "TieBreakIds",
    "rowno": "PairRows", "first": "FieldFirsts", "order": "PairOrder",
    "sfield": "SectionFields", "due": "PairDues", "mxn": "PairMaxNums",
}

# ----------------------------------------------------------------------------- Totals

#: The Totals sheet: the ranking, in place order (each row looks up the pair placed there on Pairs).
TOTALS = [
    ("place", "Place", 7, "formula"),
    ("pair", "Pair", 7, "formula"),
    ("direction", "Direction", 9, "formula"),
    ("names", "Names", 34, "formula"),
    ("section", "Section", 8, "formula"),
    ("mp", "MP", 10, "formula"),
    ("max", "Max", 9, "formula"),
    ("pct", "%", 9, "formula"),
    ("row", "Pairs row", 7, "helper"),
]
#: Totals column key -> column letter.
TOTALS_COLUMNS = {key: get_column_letter(i + 1) for i, (key, *_) in enumerate(TOTALS)}

# ---------------------------------------------------------------------------- Methods

#: The methods the Methods sheet compares, one column each: every method a Setup can choose, in
#: ``Method``'s order (Ascherman-short has Ascherman's k and differs from it only at n = N).
METHODS_SHEET = tuple(Method)
_M = len(METHODS_SHEET)


def _column_run(first: int, count: int) -> tuple[str, ...]:
    """``count`` column letters from column number ``first``: ``_column_run(3, 2)`` is ('C', 'D')."""
    return tuple(get_column_letter(first + i) for i in range(count))


#: The Methods sheet: the cells of N, n and scale (and the scale's unit and centring, hidden), the k row,
#: the first row of the table and its columns
#: (matchpoints, then percentages, a column a method); the chart sits at ``chart_at`` (over columns up to
#: ``chart_last``), its data in the hidden ``chart_cols``.
METHODS_LAYOUT: dict[str, Any] = {
    "N": "B3", "n": "B4", "scale": "B5", "scale_unit": "B6", "centred": "C6",
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
