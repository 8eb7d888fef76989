"""The Excel functions: convert the cells in, call the scoring core, convert back.

Registered through xlwings (classic add-in: UDF Modules ``mpxl.udfs``; xlwings
Lite: ``from mpxl.udfs import *``). Every function answers bad input in the cell
with a message naming the function, the value and what was expected, such as
``MATCHPOINTS: row 3: 'abc' is not a score`` -- never a traceback.

The pure helpers below the functions are what the functions call; they take
plain Python values (lists of rows as xlwings passes a range) and are tested
directly as well as through xlwings' own conversion layer.

Typing: xlwings reads the annotations of an ``@xw.func`` function to choose its argument
and return conversion (``convert`` in the registration Excel receives), so the Excel
functions carry their types as type comments (``# type: (...) -> ...``), which mypy checks
and xlwings never sees: what Excel registers and how each cell is converted stay as
without types. The helpers take :data:`Cell` and :data:`Range`, values checked at run time.
"""

from __future__ import annotations

import datetime as dt
import functools
import inspect
import re
from collections.abc import Callable
from fractions import Fraction
from typing import Any, ParamSpec, Protocol, TypeAlias, TypeVar

import xlwings as xw

from .core import contract as _contract
from .core.adjustments import Artificial, parse_entry
from .core.board import plain_board, score_board
from .core.methods import Method, check_counts, check_total, estimate, find_method, k_value, top
from .core.rounding import Rounding, RoundingKind
from .core.rules import (
    COUNT_MISSING,
    COUNT_RULES,
    FEWEST_RESULTS,
    TEXT_NUMBER,
    WHOLE_TEXT,
    arrowswitch_flag,
    code_key,
    count_message,
    is_blank,
    plain_score,
    side_of,
)
from .core.settings import Scale, SmallGroups

__all__ = [
    "MATCHPOINTS", "BOARDMP", "ADJUSTED",
    "NEUBERG", "FACTOR", "ASCHERMAN", "MCKINNON", "MANUAL", "ESTIMATE", "KVALUE",
    "TOP", "CHECKTOTAL", "BRIDGESCORE", "VULNERABILITY", "DEALER",
]

#: A cell's value as xlwings hands it to a function: None (blank), a bool, a number, a text (an Excel
#: error value too, under ``err_to_str``), a datetime under the classic COM conversion. Any, not a
#: union: every helper checks its cell at run time and answers anything else in the cell.
Cell: TypeAlias = Any
#: A range argument as xlwings passes it: one cell, a list (one row) or a list of rows of cells.
Range: TypeAlias = Any
#: What a figure cell shows: a number, or None for an empty cell.
Figure: TypeAlias = float | None

_P = ParamSpec("_P")
_R = TypeVar("_R")
_T = TypeVar("_T")

#: The methods a method cell may name, as the messages and the functions' help list them.
_METHODS = ", ".join(m.value for m in Method)

#: The most cells one call takes: far above any board, and a bound on the work.
MAX_CELLS = 100_000

#: The help of every ``scale`` argument.
_SCALE_DOC = ('2 = double (default), 1 = single, "signed" = +1 per result beaten, -1 per result that beats it '
              "(a top is results - 1, an average 0).")


# --------------------------------------------------------------- conversions


def _excel_errors(name: str) -> Callable[[Callable[_P, _R]], Callable[_P, _R | str]]:
    """Turn a ValueError (or any bad input) into the cell text ``NAME: message``.

    A one-cell argument holding an Excel error value is named by its parameter
    (``MATCHPOINTS: expected is #N/A``); error values inside a range are named by
    the function's own checks (``MATCHPOINTS: row 2 is #N/A``).
    """

    def wrap(func: Callable[_P, _R]) -> Callable[_P, _R | str]:
        params = list(inspect.signature(func).parameters)

        @functools.wraps(func)  # copies func's annotations: none on an Excel function (see the module's note)
        def inner(*args: _P.args, **kwargs: _P.kwargs) -> _R | str:
            try:
                for param, v in [*zip(params, args), *kwargs.items()]:
                    if not isinstance(v, (list, tuple)):
                        _cell(v, param)
                return func(*args, **kwargs)
            except (ValueError, TypeError, ZeroDivisionError, OverflowError) as exc:
                return f"{name}: {exc}"

        return inner

    return wrap


def _show(v: object) -> str:
    """A cell value as quoted in a message, as the cell shows it: 3.0 as 3, text in quotes, TRUE, a date.

    >>> _show(3.0), _show("x"), _show(True), _show(dt.datetime(2024, 1, 5)), _show(dt.datetime(2024, 1, 5, 9, 30))
    ('3', "'x'", 'TRUE', '2024-01-05 (a date)', '2024-01-05 09:30 (a date)')
    """
    if isinstance(v, float) and v.is_integer():
        return str(int(v))
    if isinstance(v, bool):
        return str(v).upper()
    if isinstance(v, dt.datetime):  # the classic COM conversion's date cell
        shown = v.strftime("%Y-%m-%d") if v.time() == dt.time() else v.strftime("%Y-%m-%d %H:%M")
        return f"{shown} (a date)"
    if isinstance(v, dt.date):
        return f"{v.isoformat()} (a date)"
    return repr(v)




#: The error values Excel (and Office.js) can hand a function as text under ``err_to_str``.
EXCEL_ERRORS = frozenset({
    "#NULL!", "#DIV/0!", "#VALUE!", "#REF!", "#NAME?", "#NUM!", "#N/A", "#GETTING_DATA", "#SPILL!",
    "#CALC!", "#FIELD!", "#BLOCKED!", "#CONNECT!", "#UNKNOWN!", "#BUSY!", "#PYTHON!", "#TIMEOUT!",
})


def _cell(v: _T, what: str) -> _T:
    """A cell value as passed by xlwings; an error value (#N/A...) is refused by name.

    >>> _cell(420, "row 1")
    420
    >>> _cell("#N/A", "row 2")
    Traceback (most recent call last):
    ...
    ValueError: row 2 is #N/A
    """
    if isinstance(v, str) and v.strip().upper() in EXCEL_ERRORS:
        raise ValueError(f"{what} is {v.strip()}")
    return v


def _rows(value: Range) -> list[list[Cell]]:
    """A range (a scalar, a list, or a list of rows) as a list of rows."""
    if not isinstance(value, (list, tuple)):
        return [[value]]
    if value and not isinstance(value[0], (list, tuple)):
        return [list(value)]
    return [list(r) for r in value]


def _column(value: Range, what: str) -> tuple[list[Cell], bool]:
    """A one-column or one-row range as a flat list, and whether it was a row."""
    rows = _rows(value)
    if sum(len(r) for r in rows) > MAX_CELLS:
        raise ValueError(f"{what} has more than {MAX_CELLS:,} cells")
    if len(rows) == 1 and len(rows[0]) > 1:
        return list(rows[0]), True
    if any(len(r) != 1 for r in rows):
        raise ValueError(f"{what} must be one column (or one row), got {len(rows)} x {len(rows[0])} cells")
    return [r[0] for r in rows], False


def _shape(values: list[_T], as_row: bool) -> list[list[_T]]:
    return [values] if as_row else [[v] for v in values]


def _count(v: Range) -> int:
    """The cells of a range xlwings passes as a list (of rows)."""
    return sum(len(r) if isinstance(r, (list, tuple)) else 1 for r in v)


def _whole(v: Cell, what: str, default: int | None = None, low: int = 1) -> int:
    """One cell's whole number of at least ``low`` (``default`` when blank); ValueError naming ``what`` else (a range
    given for one number is said to be one).

    >>> _whole([[420], [400]], "results")
    Traceback (most recent call last):
    ...
    ValueError: results is a range of 2 cells; expected one number (a count of results: COUNT(range) gives it)
    """
    if isinstance(v, (list, tuple)):
        hint = " (a count of results: COUNT(range) gives it)" if what == "results" else ""
        raise ValueError(f"{what} is a range of {_count(v)} cells; expected one number{hint}")
    if is_blank(v):
        if default is None:
            raise ValueError(f"{what} is missing; expected a whole number")
        return default
    _cell(v, what)
    if isinstance(v, bool):
        raise ValueError(f"{what} {str(v).upper()} is not a whole number")
    try:
        f = float(v)
    except (TypeError, ValueError):
        raise ValueError(f"{what} {_show(v)} is not a whole number") from None
    if f != f or not f.is_integer() or f < low:
        raise ValueError(f"{what} {_show(v)} must be a whole number, at least {low}")
    return int(f)


def _results(v: Cell, what: str) -> int | float:
    """One count cell (``expected``, ``actual``) as a number for :func:`~mpxl.core.methods.check_counts`, which
    says what a number that makes no board is (:data:`~mpxl.core.rules.COUNT_RULES`, the Methods sheet's words
    too); a blank, a text that is no number, TRUE or a range is refused here in the same words.

    >>> _results(8.0, "expected"), _results(" 8 ", "actual"), _results(8.5, "expected")
    (8, 8, 8.5)
    >>> _results("eight", "actual")
    Traceback (most recent call last):
    ...
    ValueError: actual 'eight' is not a whole number of results
    >>> _results(None, "expected")
    Traceback (most recent call last):
    ...
    ValueError: expected is missing; expected a whole number of results
    """
    if isinstance(v, (list, tuple)):
        return _whole(v, what)  # a range: said to be one
    if is_blank(v):
        raise ValueError(COUNT_MISSING.format(what=what))
    _cell(v, what)
    if isinstance(v, str) and TEXT_NUMBER.match(v):
        v = float(v)
    if isinstance(v, float) and v.is_integer():
        return int(v)
    if isinstance(v, (int, float)) and not isinstance(v, bool):
        return v
    raise ValueError(COUNT_RULES[0][1].format(what=what, x=_show(v)))


def _board_results(v: Cell) -> int:
    """TOP's and CHECKTOTAL's count of results, read and said as the counts N and n are (COUNT_RULES).

    >>> _board_results(1.0), _board_results("9")
    (1, 9)
    >>> _board_results(0)
    Traceback (most recent call last):
    ...
    ValueError: results 0 must be a whole number of results, at least 1
    """
    x = _results(v, "results")
    if says := count_message("results", x, FEWEST_RESULTS["expected"]):
        raise ValueError(says)
    return int(x)


def _number(v: Cell, what: str) -> Fraction:
    _cell(v, what)
    if isinstance(v, bool):
        raise ValueError(f"{what} {_show(v)} is not a number")
    try:
        f = float(v)
    except (TypeError, ValueError):
        raise ValueError(f"{what} {_show(v)} is not a number") from None
    if f != f or f in (float("inf"), float("-inf")):
        raise ValueError(f"{what} {_show(v)} is not a finite number")
    return Fraction(f).limit_denominator(10**9)


#: Scale.find, remembered: a sheet asks for the same few spellings on every recalculation.
_find_scale = functools.lru_cache(maxsize=256)(Scale.find)


def _scale(v: Cell) -> Scale:
    """A scale cell: blank is double; 2, 1, "double", "single", "signed", "MP1"... (``Scale.find``).

    >>> _scale(None), _scale(1.0), _scale(" Signed "), _scale("MP1")
    (<Scale.DOUBLE: 'double'>, <Scale.SINGLE: 'single'>, <Scale.SIGNED: 'signed'>, <Scale.SIGNED: 'signed'>)
    >>> _scale(3)
    Traceback (most recent call last):
    ...
    ValueError: scale 3 is not a scale; expected 2 (double), 1 (single) or signed
    >>> _scale("percent")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    ValueError: scale 'percent' (the percentage scale) is not in the Excel functions; expected 2 (double), ...
    """
    if is_blank(v):
        return Scale.DOUBLE
    _cell(v, "scale")
    if isinstance(v, float) and v.is_integer():
        v = int(v)
    try:
        if isinstance(v, bool) or (not isinstance(v, (int, str))):
            raise ValueError(v)
        found = _find_scale(str(v))
    except ValueError:
        raise ValueError(f"scale {_show(v)} is not a scale; expected 2 (double), 1 (single) or signed") from None
    if found.fixed_top is not None:  # a figure factored to a fixed top: mpxl score, not the functions
        raise ValueError(f"scale {_show(v)} (the percentage scale) is not in the Excel functions; expected 2 "
                         "(double), 1 (single) or signed")
    return found


@functools.lru_cache(maxsize=1024)
def _shift(scale: Scale, arithmetic_top: int) -> tuple[Fraction, Fraction]:
    """(what a figure in the scale's arithmetic loses to become one on the scale, the board's average on
    the scale) for a board whose top in that arithmetic is ``arithmetic_top`` (the core's Scale rules).

    >>> _shift(Scale.SIGNED, 16), _shift(Scale.DOUBLE, 16)
    ((Fraction(8, 1), Fraction(0, 1)), (Fraction(0, 1), Fraction(8, 1)))
    """
    shown = scale.top(int(arithmetic_top) // scale.unit + 1)
    return scale.offset(shown), scale.average(shown)


def _side(v: Cell) -> str:
    """A side cell: blank is NS; BOTH, or a side by the rulebook's spellings (:func:`mpxl.core.rules.side_of`).

    >>> _side(None), _side("n/s"), _side(" E-W "), _side("both")
    ('NS', 'NS', 'EW', 'BOTH')
    >>> _side("up")
    Traceback (most recent call last):
    ...
    ValueError: side 'up' is not a side; expected NS or EW (N-S, N/S, North-South, or a seat: N, S, E, W), or BOTH
    """
    if is_blank(v):
        return "NS"
    if isinstance(v, str) and code_key(v) == "BOTH":
        return "BOTH"
    try:
        return side_of(v)
    except ValueError as exc:
        raise ValueError(f"side {exc}, or BOTH") from None


def _out(x: Fraction | None) -> Figure:
    """An exact figure as an Excel number; None stays an empty cell."""
    return None if x is None else float(x)


# ------------------------------------------------------------- pure helpers


def board_matchpoints(scores: Range, expected: Cell = None, method: Cell = None, scale: Cell = None,
                      side: Cell = None, groups: Range = None, flags: Range = None, penalties: Range = None,
                      small_groups: Cell = None, rounding: Cell = None) -> list[list[Figure]]:
    """One board's cells in, the matchpoints out in the same shape (side BOTH: two columns).

    >>> board_matchpoints([[-130], [-660], [-120], [200], [-600], ["AVE"], [100], [140], [-150]], rounding=2)
    [[6.88], [0.13], [9.13], [15.88], [2.38], [8.0], [11.38], [13.63], [4.63]]
    """
    cells, as_row = _column(scores, "scores")
    plain = _plain_scores(cells)
    if plain is None:
        for i, v in enumerate(cells, 1):
            _cell(v, f"row {i}")
    n_lines = len(cells)
    kwargs: dict[str, Any] = {}
    if not is_blank(groups):
        g, _ = _column(groups, "groups")
        if len(g) != n_lines:
            raise ValueError(f"groups has {len(g)} cells for {n_lines} scores")
        kwargs["groups"] = [
            "" if is_blank(x) else str(_cell(x, f"groups row {i}")).strip() for i, x in enumerate(g, 1)
        ]
    if not is_blank(flags):
        f, _ = _column(flags, "flags")
        if len(f) != n_lines:
            raise ValueError(f"flags has {len(f)} cells for {n_lines} scores")
        kwargs["arrowswitch"] = [_arrowswitch_flag(_cell(x, f"flags row {i}"), i) for i, x in enumerate(f, 1)]
    if not is_blank(penalties):
        rows = _rows(penalties)
        if len(rows) != n_lines:
            raise ValueError(f"penalties has {len(rows)} rows for {n_lines} scores")
        kwargs["penalties"] = [
            tuple(_cell(x, f"penalties row {i}") for x in (r + [None, None])[:2]) for i, r in enumerate(rows, 1)
        ]
    N = None if is_blank(expected) else check_counts(_results(expected, "expected"), 0, 0)[0]
    m, scl, which = _method(method), _scale(scale), _side(side)
    if m is None:  # method none: never estimate, the board plain on its own top whatever N is
        m, N = Method.NEUBERG, None
    if isinstance(rounding, float) and not rounding.is_integer():
        raise ValueError(f"rounding {rounding!r} is not a number of decimals; expected a whole number, ebu, acbl "
                         "or half-even:1")
    rnd = Rounding.parse(None if is_blank(rounding) else (int(rounding) if isinstance(rounding, float) else rounding))
    rule = SmallGroups.find(None if is_blank(small_groups) else str(small_groups))
    if plain is not None and not kwargs:
        # the common case, plain scores: integer arithmetic only (the same figures as score_board)
        ns_num, ew_num, D, top_ = plain_board(plain, N, m, scl.unit)
        offset, average = _shift(scl, top_)
        off_num, avg_num = int(offset * D), average * D  # whole: the offset is whole, D a whole number

        def figures(nums: list[int | None]) -> list[Figure]:
            if rnd.kind is RoundingKind.EXACT:
                return [None if x is None else (x - off_num) / D for x in nums]
            return [None if x is None else rnd.apply_ratio(x - off_num, D, avg_num) for x in nums]

        ns = figures(ns_num) if which != "EW" else []
        ew = figures(ew_num) if which != "NS" else []
        return _sides(ns, ew, which, as_row)
    result = score_board(
        [None if is_blank(v) else v for v in cells],
        expected=N,
        method=m,
        scale=scl.unit,
        small_groups=rule,
        **kwargs,
    )
    offset, avg = _shift(scl, int(result.top))
    ns = [None if x is None else _out(rnd.apply(x - offset, avg)) for x in result.ns_mp]
    ew = [None if x is None else _out(rnd.apply(x - offset, avg)) for x in result.ew_mp]
    return _sides(ns, ew, which, as_row)


def _sides(ns: list[Figure], ew: list[Figure], which: str, as_row: bool) -> list[list[Figure]]:
    if which == "BOTH":
        return [[a, b] for a, b in zip(ns, ew)]
    return _shape(ns if which == "NS" else ew, as_row)


def _plain_scores(cells: list[Cell]) -> list[int | None] | None:
    """The cells as plain scores (numbers, None for blank), or None if any holds text or a code."""
    out: list[int | None] = []
    for i, v in enumerate(cells, 1):
        t = type(v)
        if t is float or t is int:
            try:  # a whole number within the most a contract gives, as mpxl score reads it
                out.append(plain_score(v))
            except ValueError as exc:
                raise ValueError(f"row {i}: {exc}") from None
        elif is_blank(v):
            out.append(None)
        else:
            return None
    return out


def _arrowswitch_flag(v: Cell, row: int) -> bool:
    if is_blank(v):
        return False
    if isinstance(v, float) and v in (0.0, 1.0):  # a number cell: 0 or 1
        v = int(v)
    try:
        return arrowswitch_flag(v)  # the rulebook's words, as every reader reads them
    except ValueError as exc:
        raise ValueError(f"flags row {row}: {exc}") from None


def _map_range(mp: Range, fn: Callable[[Fraction], Fraction]) -> list[list[Figure]]:
    rows = _rows(mp)
    if sum(len(r) for r in rows) > MAX_CELLS:
        raise ValueError(f"mp has more than {MAX_CELLS:,} cells")
    out: list[list[Figure]] = []
    for i, r in enumerate(rows, 1):
        line: list[Figure] = []
        for j, v in enumerate(r, 1):
            where = "mp" if len(rows) == 1 and len(r) == 1 else f"mp row {i} column {j}:"
            line.append(None if is_blank(v) else float(fn(_number(v, where))))
        out.append(line)
    return out


def estimate_range(mp: Range, expected: Cell, actual: Cell, method: Cell, scale: Cell = None) -> list[list[Figure]]:
    """Estimate every cell of a range (blanks stay blank).

    >>> estimate_range([[14, 0]], 9, 8, "neuberg")
    [[15.875, 0.125]]
    """
    N, n = check_counts(_results(expected, "expected"), _results(actual, "actual"))  # a blank mp too
    m = _method(method)
    s = _scale(scale)
    if m is None:  # method none: never estimate, each figure as it is, once the counts and figure make a board
        # a full board's k is 1 under Factor: S as it is, checked within 0..the top of n
        return _map_range(mp, lambda S: estimate(S, n, n, Method.FACTOR, s))
    return _map_range(mp, lambda S: estimate(S, N, n, m, s))


def _method(method: Cell) -> Method | None:
    """A method cell parsed (once per call): a Method, or None for ``none`` (never estimate).

    >>> _method(" None "), _method(None), _method("mck")
    (None, <Method.NEUBERG: 'neuberg'>, <Method.MCKINNON: 'mckinnon'>)
    """
    if isinstance(method, Method):  # a method-named function (NEUBERG...): nothing to parse
        return method
    return find_method(None if is_blank(method) else str(method))


def _scalar_or_range(rows: list[list[_T]]) -> _T | list[list[_T]]:
    return rows[0][0] if len(rows) == 1 and len(rows[0]) == 1 else rows


# --------------------------------------------------------- Excel functions


@xw.func
@xw.arg(
    "scores",
    ndim=2,
    doc="One board's NS scores as a column: numbers, adjustment codes (A60, A+, 60/40, '30% 420 + 70% 450', "
    "'-150|-50'); blank = no line; NP, sitout... = not played (counted in N).",
    err_to_str=True,
)
@xw.arg(
    "expected", doc="The results the board should have (N). Default: the lines that are not blank.", err_to_str=True
)
@xw.arg(
    "method", doc=f"{_METHODS} (neuberg is the default), or none (never estimate).", err_to_str=True
)
@xw.arg("scale", doc=_SCALE_DOC, err_to_str=True)
@xw.arg("side", doc="NS (default), EW, or BOTH for two columns.", err_to_str=True)
@xw.arg(
    "rounding", doc="Round each figure: blank = exact, a number of decimals, ebu, acbl, half-even:1.", err_to_str=True
)
@_excel_errors("MATCHPOINTS")
def MATCHPOINTS(scores, expected=None, method=None, scale=None, side=None, rounding=None):
    # type: (Range, Cell, Cell, Cell, Cell, Cell) -> list[list[Figure]]
    """Matchpoints of one board's results, estimated to the expected number of results when short."""
    return board_matchpoints(scores, expected, method, scale, side, rounding=rounding)


@xw.func
@xw.arg(
    "scores",
    ndim=2,
    doc="One board's NS scores or adjustment codes as a column; blank = no line; NP, sitout... = not played "
    "(counted in N).",
    err_to_str=True,
)
@xw.arg("groups", ndim=2, doc="Fouled-board group label per line (blank = one group).", err_to_str=True)
@xw.arg("flags", ndim=2, doc="AS on a line played arrowswitched; blank otherwise.", err_to_str=True)
@xw.arg(
    "expected", doc="The results the board should have (N). Default: the lines that are not blank.", err_to_str=True
)
@xw.arg(
    "method", doc=f"{_METHODS} (neuberg is the default), or none (never estimate).", err_to_str=True
)
@xw.arg("scale", doc=_SCALE_DOC, err_to_str=True)
@xw.arg("side", doc="NS (default), EW, or BOTH for two columns.", err_to_str=True)
@xw.arg(
    "penalties",
    ndim=2,
    doc=("Procedural penalties: two columns (NS, EW), in matchpoints (2) or % of top as text (10%: a cell formatted "
         "as a percentage passes 0.1, read as 0.1 matchpoints)."),
    err_to_str=True,
)
@xw.arg("small_groups", doc="Fouled small groups: wbf (default), ebu, qba or none.", err_to_str=True)
@xw.arg(
    "rounding", doc="Round each figure: blank = exact, a number of decimals, ebu, acbl, half-even:1.", err_to_str=True
)
@_excel_errors("BOARDMP")
def BOARDMP(
    scores,
    groups=None,
    flags=None,
    expected=None,
    method=None,
    scale=None,
    side=None,
    penalties=None,
    small_groups=None,
    rounding=None,
):
    # type: (Range, Range, Range, Cell, Cell, Cell, Cell, Range, Cell, Cell) -> list[list[Figure]]
    """A board with the director's rulings: fouled groups, arrowswitches, penalties, adjusted scores."""
    return board_matchpoints(scores, expected, method, scale, side, groups, flags, penalties, small_groups, rounding)


@xw.func
@xw.arg(
    "code", doc="An artificial score: A60, A50, A40, A+, A=, A-, AVE, AVE+, AVE-, 60/40, A+/A+, A6040.", err_to_str=True
)
@xw.arg("expected", doc="The results the board should have (N).", err_to_str=True)
@xw.arg("scale", doc=_SCALE_DOC, err_to_str=True)
@xw.arg("side", doc="NS (default) or EW.", err_to_str=True)
@_excel_errors("ADJUSTED")
def ADJUSTED(code, expected, scale=None, side=None):
    # type: (Cell, Cell, Cell, Cell) -> float
    """The matchpoints of an artificial adjusted score: its percentage of the board's full top."""
    codes = "A60, A+, AVE-, 60/40 or similar"
    if isinstance(code, (list, tuple)):
        raise ValueError(f"code is a range of {_count(code)} cells; expected one artificial score ({codes})")
    if is_blank(code):
        raise ValueError(f"code is missing; expected an artificial score: {codes}")
    try:
        entry = parse_entry(_cell(code, "code"))
    except ValueError:  # a number or a text that is no line at all is no artificial score either
        entry = None
    if not isinstance(entry, Artificial):
        raise ValueError(f"{_show(code)} is not an artificial score; expected {codes}")
    which = _side(side)
    if which == "BOTH":
        raise ValueError("side must be NS or EW")
    pct = entry.ns if which == "NS" else entry.ew
    sc = _scale(scale)
    return float(sc.figure(pct, top(check_counts(_results(expected, "expected"), 1)[0], sc)))


class _MethodFunction(Protocol):
    """The Excel function of one method (NEUBERG...): the figure or range, or the message."""

    def __call__(self, mp: Range, expected: Cell, actual: Cell, scale: Cell = None
                 ) -> Figure | list[list[Figure]] | str: ...


def _method_function(method: Method) -> _MethodFunction:
    """Build the Excel function named for ``method`` (NEUBERG, FACTOR, ...)."""

    def fn(mp, expected, actual, scale=None):
        # type: (Range, Cell, Cell, Cell) -> Figure | list[list[Figure]]
        return _scalar_or_range(estimate_range(mp, expected, actual, method, scale))

    fn.__name__ = fn.__qualname__ = method.name
    fn.__doc__ = f"Estimate matchpoints to the expected number of results by the {method.value.title()} method."
    excel = _excel_errors(method.name)(fn)
    excel = xw.arg("scale", doc=_SCALE_DOC, err_to_str=True)(excel)
    excel = xw.arg("actual", doc="The results it has (n).", err_to_str=True)(excel)
    excel = xw.arg("expected", doc="The results the board should have (N).", err_to_str=True)(excel)
    excel = xw.arg("mp", ndim=2, doc="Matchpoints among the actual results (S): one value or a range.",
                   err_to_str=True)(excel)
    return xw.func(excel)


NEUBERG = _method_function(Method.NEUBERG)
FACTOR = _method_function(Method.FACTOR)
ASCHERMAN = _method_function(Method.ASCHERMAN)
MCKINNON = _method_function(Method.MCKINNON)
MANUAL = _method_function(Method.MANUAL)


@xw.func
@xw.arg("mp", ndim=2, doc="Matchpoints among the actual results (S): one value or a range.", err_to_str=True)
@xw.arg("expected", doc="The results the board should have (N).", err_to_str=True)
@xw.arg("actual", doc="The results it has (n).", err_to_str=True)
@xw.arg("method", doc=f"{_METHODS}, or none (the figure as it is).", err_to_str=True)
@xw.arg("scale", doc=_SCALE_DOC, err_to_str=True)
@_excel_errors("ESTIMATE")
def ESTIMATE(mp, expected, actual, method, scale=None):
    # type: (Range, Cell, Cell, Cell, Cell) -> Figure | list[list[Figure]]
    """Estimate matchpoints to the expected number of results by the method named."""
    if is_blank(method):
        raise ValueError(f"method is missing; expected {_METHODS} or none")
    return _scalar_or_range(estimate_range(mp, expected, actual, method, scale))


@xw.func
@xw.arg("method", doc=f"{_METHODS}.", err_to_str=True)
@xw.arg("expected", doc="The results the board should have (N).", err_to_str=True)
@xw.arg("actual", doc="The results it has (n).", err_to_str=True)
@_excel_errors("KVALUE")
def KVALUE(method, expected, actual):
    # type: (Cell, Cell, Cell) -> float
    """The k of a method in the generic formula M = (N-k)/(n-1) S + (k-1)/2."""
    if is_blank(method):
        raise ValueError(f"method is missing; expected {_METHODS}")
    return float(k_value(Method.find(str(method)), _results(expected, "expected"), _results(actual, "actual")))


@xw.func
@xw.arg("results", doc="The number of results on the board.", err_to_str=True)
@xw.arg("scale", doc=_SCALE_DOC, err_to_str=True)
@_excel_errors("TOP")
def TOP(results, scale=None):
    # type: (Cell, Cell) -> int
    """The top on a board: scale x (results - 1)."""
    return top(_board_results(results), _scale(scale))


@xw.func
@xw.arg("results", doc="The number of results on the board.", err_to_str=True)
@xw.arg("scale", doc=_SCALE_DOC, err_to_str=True)
@_excel_errors("CHECKTOTAL")
def CHECKTOTAL(results, scale=None):
    # type: (Cell, Cell) -> int
    """The sum of one direction's matchpoints on a full board: scale x N(N-1)/2."""
    return check_total(_board_results(results), _scale(scale))


@xw.func
@xw.arg("contract", doc="3NT, 4Sx, 6Hxx, PASS ...", err_to_str=True)
@xw.arg("declarer", doc="N, E, S or W.", err_to_str=True)
@xw.arg("tricks", doc="Tricks taken by declarer (0-13) or a result such as =, +1, -2.", err_to_str=True)
@xw.arg("vulnerability", doc="None, NS, EW or All; or the board number.", err_to_str=True)
@_excel_errors("BRIDGESCORE")
def BRIDGESCORE(contract, declarer, tricks, vulnerability):
    # type: (Cell, Cell, Cell, Cell) -> int
    """The NS score of a contract from the duplicate scoring table."""
    (
        _cell(contract, "contract"),
        _cell(declarer, "declarer"),
        _cell(tricks, "tricks"),
        _cell(vulnerability, "vulnerability"),
    )
    if isinstance(vulnerability, str) and re.fullmatch(WHOLE_TEXT, vulnerability.strip()):
        try:  # a spelling first ("0" is None vulnerable), then the board number as a text cell holds it
            vulnerability = _contract.Vulnerability.find(vulnerability)
        except ValueError:
            vulnerability = _contract.board_vulnerability(_whole(vulnerability, "board"))
    if isinstance(vulnerability, (int, float)) and not isinstance(vulnerability, bool):
        vulnerability = _contract.board_vulnerability(_whole(vulnerability, "board"))
    if isinstance(tricks, float) and tricks.is_integer():
        tricks = int(tricks)
    if is_blank(vulnerability):
        raise ValueError("vulnerability is missing; expected None, NS, EW, All or the board number")
    return _contract.ns_score(str(contract), None if is_blank(declarer) else str(declarer), tricks, vulnerability)


@xw.func
@xw.arg("board", doc="The board number.", err_to_str=True)
@_excel_errors("VULNERABILITY")
def VULNERABILITY(board):
    # type: (Cell) -> str
    """The vulnerability of a board in the standard 16-board cycle: None, NS, EW or All."""
    return _contract.board_vulnerability(_whole(board, "board")).value


@xw.func
@xw.arg("board", doc="The board number.", err_to_str=True)
@_excel_errors("DEALER")
def DEALER(board):
    # type: (Cell) -> str
    """The dealer of a board: N, E, S or W."""
    return _contract.board_dealer(_whole(board, "board")).value
