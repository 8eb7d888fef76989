"""The small pieces the column formulas share: text read as the rulebook reads it, a Help list looked up,
the scale, the rounding rules, the field's key; and the names of the Setup cells the formulas read.

Each gives an Excel expression (no ``=``) from the rulebook (:mod:`mpxl.core.rules`). Only Excel 2010
functions (no LET, XLOOKUP, FILTER, dynamic arrays); LibreOffice 7.x recalculates every one. A typed text is
looked up in a Help list by MATCH only when it holds no ``*``, ``?`` or ``~`` (MATCH's wildcards), so the
lookup is exact.
"""

from __future__ import annotations

from collections.abc import Iterable

from ..core.rules import (
    ARTIFICIAL_MP,
    FIXED_TOP_SCALES,
    MAX_SCORE,
    ROUNDING_KINDS,
    ROUNDING_SCALED,
    SCALE_AVERAGE,
    SCALE_TOP,
    SCALES,
    SHEET_DECIMAL_MARK,
    sheet_whole,
)
from ..core.settings import EstimateAt, Field, MixedLine, Scale, Tie, TotalsFrom, TotalsMethod
from .columns import Across, Row, Side, every
from .places import FIELD_NAMES, ROUNDING_RULES, SETUP_CELL_OF, SETUP_NAME

S = SETUP_NAME  # the Setup cells' defined names, by field: S.expected is Expected
CELL = SETUP_CELL_OF  # a convention's type -> the defined name of its Setup cell (LoneResult -> LoneResult)
ACROSS = FIELD_NAMES[1]  # the Setup's "event": sections matchpointed across the field
U, CENTRED = S.scale_unit, S.centred  # the Setup scale's arithmetic unit (2 or 1) and centring (1 signed)


# ------------------------------------------------------------------ small pieces

def digit_count(u: str) -> str:
    """How many of text ``u``'s characters are digits."""
    return f'SUMPRODUCT(LEN({u})-LEN(SUBSTITUTE({u},{{0,1,2,3,4,5,6,7,8,9}},"")))'


def is_decimal(u: str) -> str:
    """TRUE when text ``u`` is a number without its sign as the rulebook reads one typed as text
    (:data:`mpxl.core.rules.NUMBER_TEXT`): digits with at most one decimal point anywhere (``7.5``, ``2.``, ``.5``):
    without its digits it is nothing or a point, and it is more than that."""
    rest = u
    for d in "0123456789":
        rest = f'SUBSTITUTE({rest},"{d}","")'
    return f'AND(OR({rest}={{"","."}}),{u}<>"",{u}<>".")'


def is_whole(u: str, value: str = "") -> str:
    """TRUE when text ``u`` is a whole number without its sign as the rulebook reads one typed as text
    (:data:`mpxl.core.rules.WHOLE_TEXT`): digits, then a decimal point and zeros only if any (``420``, ``420.00``).
    ``value`` is the number it reads as, in any locale (unless given, the signed text's: ``u`` with its point as the
    locale's mark, by arithmetic, :func:`mpxl.core.rules.sheet_number`'s reading in five characters fewer; the
    digits are checked beside it)."""
    rest = u
    for d in "0123456789":
        rest = f'SUBSTITUTE({rest},"{d}","")'
    value = value or f'--SUBSTITUTE({u},".",{SHEET_DECIMAL_MARK})'
    return f'IFERROR(AND(OR({rest}={{"","."}}),LEFT({u})<>".",{sheet_whole(value)}),FALSE)'


def unsigned(t: str) -> str:
    """Text ``t`` without one leading sign (+ or -)."""
    return f'MID({t},1+OR(LEFT({t})={{"+","-"}}),99)'


def plain_score(x: str, sign: str = "1") -> str:
    """The score ``sign`` x number ``x`` when it is a bridge score (:func:`mpxl.core.rules.plain_score`: whole, at most
    MAX_SCORE either way), else the text for a ruling or a message (:data:`TYPED_TEXT`)."""
    return f'IF(AND({x}=INT({x}),ABS({x})<={MAX_SCORE}),{sign}*{x},"{TYPED_TEXT}")'


def match_in(name: str, x: str) -> str:
    """The position of text ``x`` in the Help list ``name``, exactly, or blank. MATCH reads ``?``, ``~``
    and ``*`` as wildcards: a text with ``?`` or ``~`` is looked up nowhere (no entry has one), and
    ``*`` (a doubling mark in the contract keys, 4S*) is looked up as itself (``~*``)."""
    wild = f'OR(ISNUMBER(FIND("?",{x})),ISNUMBER(FIND("~",{x})))'
    return f'IF({wild},"",IFERROR(MATCH(SUBSTITUTE({x},"*","~*"),{name},0),""))'


def in_list(name: str, x: str) -> str:
    """TRUE when ``x`` is exactly one of the Help list ``name``."""
    return f"ISNUMBER({match_in(name, x)})"


def count_kinds(kinds: Iterable[str], board_key: str, rows: Across = every) -> str:
    """How many lines of the board ``board_key`` are of one of ``kinds``, looked for in ``rows`` (every line's,
    or the board's own: :attr:`mpxl.workbook.columns.Row.local`)."""
    return "+".join(f'COUNTIFS({rows.bkey},{board_key},{rows.kind},"{k}")' for k in kinds)


def session_number(x: str) -> str:
    """A Session cell as its number: blank (or not a number) is session 1."""
    return f"IF(ISNUMBER({x}),{x},1)"


def field_key(session: str, section: str) -> str:
    """The field a board's results are matchpointed in: the session, and the section unless Setup
    scores the sections across the field."""
    return f'{session}&"|"&IF({CELL[Field]}="{ACROSS}","",{section})'


def is_kind(c: Row, kinds: Iterable[str]) -> str:
    return "OR(" + ",".join(f'{c.kind}="{k}"' for k in kinds) + ")"


def _scale_constant(values: Iterable[int | str]) -> str:
    """An Excel array constant of the rulebook's scales, one value each: ``{2,1,"signed"}``."""
    return "{" + ",".join(f'"{v}"' if isinstance(v, str) else str(v) for v in values) + "}"


#: Every scale as (unit, centred, fixed top: 0 for none), in :class:`mpxl.core.settings.Scale`'s order: the
#: rulebook's matchpoint scales (:data:`mpxl.core.rules.SCALES`), then its fixed-top ones (``FIXED_TOP_SCALES``).
_ALL_SCALES: dict[str, tuple[int, int, int]] = {**{k: (*v, 0) for k, v in SCALES.items()}, **FIXED_TOP_SCALES}


def scale_index(x: str, fixed_top: bool = True) -> str:
    """The position of scale cell ``x``'s value among the rulebook's scales (:data:`mpxl.core.rules.SCALES`, then
    ``FIXED_TOP_SCALES`` unless ``fixed_top`` is False: the Methods sheet compares the matchpoint scales alone), as
    the sheet spells them (2, 1, signed, percent: :attr:`mpxl.core.settings.Scale.number`); #N/A for another value.

    >>> scale_index("Scale"), scale_index("B5", fixed_top=False)
    ('MATCH(Scale,{2,1,"signed","percent"},0)', 'MATCH(B5,{2,1,"signed"},0)')
    """
    scales = _ALL_SCALES if fixed_top else SCALES
    return f"MATCH({x},{_scale_constant(Scale(v).number for v in scales)},0)"


def scale_unit(index: str) -> str:
    """The scale's arithmetic unit (:data:`mpxl.core.rules.SCALES`): 2 per result beaten, 1 on the single scale."""
    return f"INDEX({_scale_constant(unit for unit, _, _ in _ALL_SCALES.values())},{index})"


def scale_centred(index: str) -> str:
    """1 on a centred scale (signed), else 0 (:data:`mpxl.core.rules.SCALES`)."""
    return f"INDEX({_scale_constant(centred for _, centred, _ in _ALL_SCALES.values())},{index})"


def scale_fixed_top(index: str) -> str:
    """The top every board is reported on (``FIXED_TOP_SCALES``: 100 on the percent scale), 0 for none.

    >>> scale_fixed_top("ScaleNo")
    'INDEX({0,0,0,100},ScaleNo)'
    """
    return f"INDEX({_scale_constant(top for _, _, top in _ALL_SCALES.values())},{index})"


def top_of(unit: str, centred: str, E: str) -> str:
    return SCALE_TOP.excel(unit=unit, centred=centred, E=E)


def artificial_mp(pct: str, top: str, centred: str = CENTRED) -> str:
    return ARTIFICIAL_MP.excel(pct=pct, Top=top, centred=centred)


def scaled_formula(x: str) -> str:
    """The figure ``x`` in whole units of its last decimal (:data:`mpxl.core.rules.ROUNDING_SCALED`, ``Unit``),
    cleaned of float noise (``ROUND(..., 6)``: a half of a unit is then exactly .5): the Scaled columns.

    >>> scaled_formula("Z5")
    'ROUND(Z5*Unit,6)'
    """
    return f"ROUND({ROUNDING_SCALED.excel(x=x, Unit=S.unit)},6)"


def rounding_formula(x: str, v: str, average: str = SCALE_AVERAGE.excel(Top=S.top, centred=CENTRED),
                     index: str = S.rounding_index, unit: str = S.unit) -> str:
    """The Excel expression that rounds the figure ``x`` by the Setup rounding rule (``RoundingNo``):
    the rulebook's :data:`mpxl.core.rules.ROUNDING_KINDS` in order, each over ``v``, the cell holding
    :func:`scaled_formula` of ``x``, and ``average`` (the board's: an ebu half goes towards it).
    ``index`` and ``unit`` name another rule and its unit (the totals': ``TotalsRoundingNo``, ``TotalsUnit``).

    >>> rounding_formula("Z5", "AA5", "AB5")[:35]          # half-up first: ROUND, a half away from zero
    'CHOOSE(RoundingNo,ROUND(AA5,0)/Unit'
    """
    forms = [ROUNDING_KINDS[kind].excel(x=x, v=v, Unit=unit, average=average) for kind in ROUNDING_RULES]
    return f"CHOOSE({index}," + ",".join(forms) + ")"


def tie_formula(x: str, v: str, unit: str) -> str:
    """The Excel expression that rounds the percentage ``x`` by Setup's Percentage rounding (the
    rulebook's :data:`mpxl.core.rules.ROUNDING_KINDS` of each :class:`mpxl.core.settings.Tie`), over ``v``, the
    cell holding it in units of ``unit``.

    >>> tie_formula("Z5", "AA5", "PctUnit")[:64]
    'CHOOSE(MATCH(PctRounding,{"half-up","half-even"},0),ROUND(AA5,0)'
    """
    ties = ",".join(f'"{t.value}"' for t in Tie)
    forms = [ROUNDING_KINDS[t.value].excel(x=x, v=v, Unit=unit, average="0") for t in Tie]
    return f'CHOOSE(MATCH({CELL[Tie]},{{{ties}}},0),' + ",".join(forms) + ")"


#: What Typed number holds for a typed text that is not a plain number: a ruling to read (``-150|-50``), or
#: a text the line's Why names. Not ``?``: a ruling the sheet reads shows no ``?``.
TYPED_TEXT = "text"



LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"


def both_fields() -> str:
    """TRUE when a mixed line's real score stands in both directions' fields (Setup's Mixed line ``both``)."""
    return f'{CELL[MixedLine]}="{MixedLine.BOTH.value}"'


def said(x: str) -> str:
    """The user's entry ``x`` quoted in a message."""
    return f'""""&TRIM({x}&"")&""""'


#: One past Excel's last row: an unreadable line's distance to it is largest on the board's first one.
BEYOND = 1_048_577



EST_AT, EXACT_TOTALS = CELL[EstimateAt], f'{CELL[TotalsFrom]}="{TotalsFrom.EXACT.value}"'
TOTALS_METHOD = CELL[TotalsMethod]  # what a short board's totals add apart from its lines (Setup's Totals method)
TOTALS_ROUNDING = dict(index=S.totals_rounding_index, unit=S.totals_unit)


def quoted(x: str) -> str:
    """The text of cell ``x`` between single quotes, as Python's repr shows it in ``mpxl score``'s messages."""
    return f'"\'"&TRIM({x})&"\'"'


def line_penalty(c: Row, s: Side, N: str) -> str:
    """A line's own penalty's size on side ``s``: matchpoints, or its percentage of the top of a board of ``N``
    results (a cell) in the scale's arithmetic (mpxl.core.board.parse_penalty: ARTIFICIAL_MP, uncentred)."""
    x, t = c[s].px, c[s].pt
    share = artificial_mp(f"ABS({x})", f'({top_of(U, "0", N)})', "0")
    return f'IF(RIGHT({t},1)="%",{share},ABS({x}))'
