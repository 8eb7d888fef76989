"""The template's formulas: each sheet's columns' formulas by row, from their declarations, and the Setup's and
the Methods sheet's own.

A column's formula is declared with the column (:mod:`mpxl.workbook.columns`), in the module of its stage:
:mod:`.typed` (what is typed), :mod:`.figures` (each board's figures), :mod:`.rulings` (the rulings and
penalties), :mod:`.totals` (the per-board block, Pairs and Totals). Each takes the row's cells by name and gives
the formula without its ``=``; the small pieces they share are in :mod:`.pieces`. Every rule comes from
:mod:`mpxl.core.rules`.

>>> f = traveller_formulas(5)
>>> f["ns_mp"]
'=IF(OR(CT5="",CT5="NP",CT5="P"),"",IF(CV5>0,"?",IF(NT5=0,EV5,EZ5)))'
>>> f["k"].startswith('=IF(CT5="R",CHOOSE(MethodNo,HB5/CZ5,1,(HB5+CZ5-1)/CZ5,')
True
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import fields
from functools import lru_cache

from ..core.methods import Method
from ..core.rules import (
    ESTIMATE_LINE,
    ESTIMATES_FULL_BOARDS,
    FIXED_TOP_SCALES,
    K_RULES,
    SCALE_OFFSET,
    SCALE_PERCENTAGE,
    sheet_count_message,
    sheet_counts_message,
)
from ..core.settings import Scale, SmallGroups, TotalsMethod
from .columns import LOOSE, Column, Row, Span, every
from .layout import (
    BLOCK_COLUMNS,
    PAIRS_COLUMNS,
    PAIRS_SHEET,
    TOTALS_COLUMNS,
    TOTALS_SHEET,
    TRAVELLER_COLUMNS,
    TRAVELLER_SHEET,
    Setup,
)
from .pieces import (
    CELL,
    CENTRED,
    TYPED_TEXT,
    S,
    U,
    rounding_formula,
    scale_centred,
    scale_fixed_top,
    scale_index,
    scale_unit,
    scaled_formula,
    tie_formula,
    top_of,
)
from .totals import board_key

__all__ = ["traveller_formulas", "block_formulas", "pairs_formulas", "totals_formulas", "setup_formulas",
           "rounding_formula", "tie_formula", "scaled_formula", "scale_index", "scale_unit", "scale_centred",
           "scale_fixed_top",
           "methods_k", "methods_raw", "methods_raw_pct", "methods_estimate", "methods_pct", "TRAVELLER", "BLOCK",
           "PAIRS", "TOTALS", "TYPED_TEXT", "board_key"]

Formula = Callable[[Row], str]


def _formulas(columns: list[Column]) -> dict[str, Formula]:
    """Column key -> its formula, for the columns with one, in the sheet's order."""
    return {c.key: c.formula for c in columns if c.formula is not None}


_BLOCK_KEYS = {c.key for c in BLOCK_COLUMNS}
#: Travellers column key -> its formula function (the lines' columns), in the sheet's order.
TRAVELLER = _formulas([c for c in TRAVELLER_SHEET if c.key not in _BLOCK_KEYS])
#: The per-board block's formulas; the Pairs' and the Totals'.
BLOCK = _formulas(BLOCK_COLUMNS)
PAIRS = _formulas(PAIRS_SHEET)
TOTALS = _formulas(TOTALS_SHEET)


def _row(formulas: Mapping[str, Formula], r: int, letters: Mapping[str, str],
         span: Span | None = None, tail: Span | None = None) -> dict[str, str]:
    c = Row(r, letters, span, tail)
    return {key: "=" + fn(c) for key, fn in formulas.items()}


#: The rows a board's formulas are first written for (its row, its span's first and last), then moved to each
#: board's own (:func:`traveller_formulas`): rows no workbook writes formulas on, and no formula's constant.
_AT, _FIRST, _LAST = 1040001, 1040002, 1040003
_MOVE = re.compile(rf"(?<=[A-Z$])({_AT}|{_FIRST}|{_LAST})(?!\d)")


@lru_cache(maxsize=8)
def _board_template(one_field: bool) -> dict[str, str]:
    """A laid-out board's line formulas, written once for the rows :data:`_AT` in :data:`_FIRST`..:data:`_LAST`,
    as format strings of (the row, the first, the last)."""
    places = {str(_AT): "{0}", str(_FIRST): "{1}", str(_LAST): "{2}"}
    return {key: _MOVE.sub(lambda m: places[m.group(1)], text.replace("{", "{{").replace("}", "}}"))
            for key, text in _row(TRAVELLER, _AT, TRAVELLER_COLUMNS, Span(_FIRST, _LAST, one_field)).items()}


def traveller_formulas(r: int, span: Span | None = None) -> dict[str, str]:
    """The formulas of traveller row ``r``, by column key; ``span`` the rows of its board's lines where the
    workbook lays each board's lines out together (:class:`mpxl.workbook.columns.Span`). A board's are its
    formulas written once and moved to its rows (each board a block of its own: the same text but its rows).

    >>> f = traveller_formulas(9, Span(9, 12, True))
    >>> f == _row(TRAVELLER, 9, TRAVELLER_COLUMNS, Span(9, 12, True)), "$CX$9:$CX$12" in f["n"]
    (True, True)
    """
    if span is None or span == LOOSE:
        return _row(TRAVELLER, r, TRAVELLER_COLUMNS, span)
    return {key: text.format(r, span.first, span.last) for key, text in _board_template(span.one_field).items()}


def block_formulas(r: int, span: Span | None = None, tail: Span | None = None) -> dict[str, str]:
    """The per-board check block, row ``r``; ``span`` the rows of its board's lines and ``tail`` the rows after
    every board's, where the workbook lays each board's lines out together: its counts read those rows alone."""
    return _row(BLOCK, r, TRAVELLER_COLUMNS, span, tail)


def pairs_formulas(r: int) -> dict[str, str]:
    """The formulas of Pairs row ``r``."""
    return _row(PAIRS, r, PAIRS_COLUMNS)


def totals_formulas(r: int) -> dict[str, str]:
    """The formulas of Totals (the ranking) row ``r``: the pair placed ``r - HEADER_ROW``-th."""
    return _row(TOTALS, r, TOTALS_COLUMNS)


# ---------------------------------------------------------------------- Setup

def setup_formulas(fixed_n: int | None = None) -> dict[str, str]:
    """The Setup sheet's formula cells, by key (a field of :class:`~mpxl.workbook.places.Setup`). N used is
    Expected, else the most lines on any board; with ``fixed_n`` (a workbook that lays each board's lines out
    together, N given: a laid-out movement's plays) Expected, else ``fixed_n``: never counted from the lines, so a
    typed result recalculates its own board and its pairs, not every line (issue 45).

    >>> setup_formulas()["n_used"], setup_formulas(13)["n_used"]
    ('=IF(ISNUMBER(Expected),Expected,MAX(1,MAX(BoardLines)))', '=IF(ISNUMBER(Expected),Expected,13)')
    """
    full = [f'{S.method_index}={i + 1}' for i, m in enumerate(Method) if m.value in ESTIMATES_FULL_BOARDS]
    methods = ",".join(f'"{m.value}"' for m in Method)  # in the k formula's CHOOSE order, as TotalsMethod spells them
    most = f"MAX(1,MAX({every.lines}))" if fixed_n is None else str(fixed_n)
    cells = {
        "n_used": f'=IF(ISNUMBER({S.expected}),{S.expected},{most})',
        "top": f'=IF({S.fixed_top}>0,{S.fixed_top},{top_of(U, CENTRED, S.n_used)})',
        "scale_index": f'={scale_index(S.scale)}',
        "scale_unit": f'={scale_unit(S.scale_index)}',
        "centred": f'={scale_centred(S.scale_index)}',
        "fixed_top": f'={scale_fixed_top(S.scale_index)}',
        "method_index": f'=MATCH({S.method},MethodNames,0)',
        # the method a short board's totals are estimated by: Totals method's when it names one, else Method's
        "totals_method_index": f'=IFERROR(MATCH({CELL[TotalsMethod]},{{{methods}}},0),{S.method_index})',
        "rounding_index": f'=MATCH({S.rounding},RoundingNames,0)',
        "rule_index": f'=MATCH({CELL[SmallGroups]},SmallGroupNames,0)',
        "unit": f'=10^{S.decimals}',
        "this_session": f'=MAX(1,MAX({every.sess}))',
        "full_boards": f'=IF(OR({",".join(full)}),1,0)' if full else "=0",
        "totals_rounding_index": f'=IF({S.totals_rounding}="",{S.rounding_index},'
                                 f'MATCH({S.totals_rounding},RoundingNames,0))',
        "totals_unit": f'=10^IF(ISNUMBER({S.totals_decimals}),{S.totals_decimals},{S.decimals})',
        "pct_unit": f'=10^IF(ISNUMBER({S.pct_decimals}),{S.pct_decimals},0)',
        "line_pct_unit": f'=10^IF(ISNUMBER({S.line_pct_decimals}),{S.line_pct_decimals},0)',
    }
    if unknown := set(cells) - {f.name for f in fields(Setup)}:
        raise ValueError(f"formulas for no Setup cell: {sorted(unknown)}")
    return cells


# -------------------------------------------------------------------- Methods

def methods_count_said(what: str, x: str) -> str:
    """The Methods sheet's helper cell of one count: what ``check_counts`` says of cell ``x`` alone
    (:data:`mpxl.core.rules.COUNT_RULES`), blank when it holds a count."""
    return "=" + sheet_count_message(what, x)


def methods_scale_said(scale: str, scales: str) -> str:
    """The Methods sheet's helper cell of the scale: what is said of a ``scale`` cell that is not one of ``scales``
    (the percentage scale, the Setup's, named as such), for when its unit is #N/A."""
    fixed = ",".join(f'{scale}="{Scale(v).number}"' for v in FIXED_TOP_SCALES)
    shown = f'IF(ISNUMBER({scale}),{scale}&"","\'"&{scale}&"\'")'
    return (f'=IF({scale}="","scale is missing; expected {scales}",IF(OR({fixed}),"scale "&{shown}&" (the percentage '
            f'scale) is chosen on the Setup sheet; this table compares {scales}","scale "&{shown}&" is not a scale; '
            f'expected {scales}"))')


def methods_counts_said(N: str, n: str, most: int, said_N: str, said_n: str) -> str:
    """The Methods sheet's helper cell of the counts: what ``check_counts`` says of N and n (the helper cells
    ``said_N`` and ``said_n``, then n against N: :data:`mpxl.core.rules.COUNTS_TOGETHER`: the command and the Excel
    functions say the same), or that n is more than the ``most`` the table holds; blank when they are right.

    >>> methods_counts_said("$B$3", "$B$4", 60, "$D$6", "$E$6")[:50]
    '=IF($D$6<>"",$D$6,IF($E$6<>"",$E$6,IF(AND($B$4>$B$'
    """
    most_n = f'IF({n}>{most},{n}&" results are more than the {most} the table holds","")'
    pair = sheet_counts_message(N, n).removesuffix(',"")') + f",{most_n})"
    return f'=IF({said_N}<>"",{said_N},IF({said_n}<>"",{said_n},{pair}))'


def methods_counts_check(unit: str, said_counts: str, said_scale: str) -> str:
    """The Methods sheet's message above its table: what is said of the counts (``said_counts``) or, when the scale
    is not one the table takes (its ``unit`` cell is then #N/A), of the scale (``said_scale``); blank when they
    are right, and the table is blank until they are.

    >>> methods_counts_check("$B$6", "$D$6", "$F$6")[:61]
    '=IF(ISNUMBER($B$6),IF($D$6="","",$D$6&": the table is blank u'
    """
    return (f'=IF(ISNUMBER({unit}),IF({said_counts}="","",{said_counts}&": the table is blank until they are"),'
            f'{said_scale}&": the table is blank until it is")')


def methods_k(method: Method, N: str, n: str, check: str) -> str:
    """The Methods sheet's k cell of ``method`` for the N and n cells (blank while ``check`` names a problem)."""
    return f'=IF({check}<>"","",{K_RULES[method.value].excel(N=N, n=n)})'


def _methods_offset(unit: str, centred: str, E: str) -> str:
    """What the signed scale takes off a double figure on a board of E results (0 on the others)."""
    return SCALE_OFFSET.excel(centred=centred, Top=top_of(unit, centred, E))


def methods_raw(j: int, n: str, unit: str, centred: str, check: str) -> str:
    """The Methods sheet's ``j``-th raw score S among n results: j halves of the unit, from 0 (less the
    signed scale's offset: -(n - 1) to n - 1); blank past the top, and while ``check`` names a problem."""
    return f'=IF({check}<>"","",IF({j}<=2*({n}-1),{j}*{unit}/2-{_methods_offset(unit, centred, n)},""))'


def methods_raw_pct(S_: str, n: str, unit: str, centred: str) -> str:
    """The Methods sheet's raw score ``S_`` as a percentage of the top of n results."""
    share = SCALE_PERCENTAGE.excel(centred=centred, mp=S_, max=f"({top_of(unit, centred, n)})")
    return f'=IF(OR({S_}="",{n}=1),"",{share})'


def methods_estimate(method: Method, S_: str, N: str, n: str, k_: str, unit: str, centred: str) -> str:
    """The Methods sheet's estimate of raw score cell ``S_``: in the scale's arithmetic (on the signed
    scale S and the figure are shifted by the double averages of n and of N results)."""
    full = "1" if method.value in ESTIMATES_FULL_BOARDS else "0"
    S_arith = f"({S_}+{_methods_offset(unit, centred, n)})"
    est = ESTIMATE_LINE.excel(S=S_arith, N=N, n=n, k=k_, Scale=unit, full=full)
    return f'=IF({S_}="","",{est}-{_methods_offset(unit, centred, N)})'


def methods_pct(M: str, N: str, unit: str, centred: str) -> str:
    """The Methods sheet's estimate ``M`` as a percentage of the full top."""
    share = SCALE_PERCENTAGE.excel(centred=centred, mp=M, max=f"({top_of(unit, centred, N)})")
    return f'=IF(OR({M}="",{N}<2),"",{share})'

