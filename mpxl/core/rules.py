"""The rulebook: every scoring rule once, in its Python form and its Excel form.

Each rule below is one table or one expression. The Python core evaluates it
(exactly, on Fractions) and the template workbook's formulas are generated from
it, so the command, the Excel functions and the sheet cannot disagree:

* the closed vocabularies, each with its one forgiving parser that names what it refuses: blanks
  (:func:`is_blank`, and its sheet form :func:`sheet_blank`), codes as compared (:func:`code_key`,
  :func:`sheet_key`), arrowswitch marks (:data:`ARROWSWITCH_YES` / :data:`ARROWSWITCH_NO`,
  :func:`arrowswitch_flag`), sides (:data:`SIDE_SPELLINGS`, :func:`side_of`), not-played codes
  (:data:`NOT_PLAYED_CODES`, :func:`is_not_played`), artificial codes (:data:`ARTIFICIAL_CODES`);
  the seats are :data:`mpxl.core.contract.DIRECTION_SPELLINGS` (``Direction.find``);
* what a traveller line is: :data:`KINDS` (blank, not played, result,
  artificial score, unreadable); :data:`NOT_PLAYED_CODES` is the one list of
  not-played codes; a not-played line counts towards N, a blank one does not;
* raw matchpoints: :data:`PER_SCORE_BEATEN` and :data:`PER_TIE` (Law 78A);
* the scales (:data:`SCALES`: double, single, signed; :data:`FIXED_TOP_SCALES`: percent) and what a scale does to
  a board's top, figures, average and a percentage (:data:`SCALE_TOP`,
  :data:`SCALE_OFFSET`, :data:`SCALE_AVERAGE`, :data:`SCALE_PERCENTAGE`);
* k of each method (:data:`K_RULES`) and the estimate (:data:`ESTIMATE`);
* the artificial scores (:data:`AVE_PLUS`, :data:`AVE`, :data:`AVE_MINUS` and
  :data:`ARTIFICIAL_CODES`) and the Ave+/Ave- policies (:data:`AVE_POLICIES`);
* the fouled-board small-group rules (:data:`SMALL_GROUP_RULES`) and their set
  percentage (:data:`SMALL_GROUP_PERCENTAGE`);
* the rounding kinds (:data:`ROUNDING_KINDS`), each an expression over the scaled figure;
* the contract score and the 16-board cycle live in :mod:`mpxl.core.contract` as
  tables; :func:`contract_score_table` and :func:`board_cycle_table` give them
  as the rows the sheet looks up.

An expression is written once in the spreadsheet's syntax (``IF``, ``AND``,
``OR``, ``=``, ``<>``) over named values; :meth:`Expr.py` evaluates it in Python
and :meth:`Expr.excel` writes it with each name replaced by a cell or a defined
name:

>>> K_RULES["neuberg"].py(N=9, n=8)
Fraction(9, 8)
>>> K_RULES["mckinnon"].excel(N="N", n="Travellers!X5")
'IF(N>Travellers!X5+1,(N-1)/Travellers!X5,1)'
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from fractions import Fraction
from functools import cache
from itertools import compress, repeat
from math import ceil, floor
from operator import is_
from types import CodeType
from typing import Any, Literal, cast

from .contract import BOARD_CYCLE, DOUBLING_MARKS, PASS_SPELLINGS, Contract, Direction, Strain, score
from .patterns import Pattern

__all__ = [
    "Expr",
    "NOT_PLAYED_CODES",
    "code_key",
    "is_blank",
    "sheet_text",
    "sheet_key",
    "sheet_blank",
    "SHEET_TEXT",
    "SHEET_KEY",
    "PERCENT_PAIR_JOIN",
    "PERCENT_PAIR_SPLIT",
    "percent_pair_key",
    "sheet_percent_pair",
    "ARROWSWITCH_YES",
    "ARROWSWITCH_NO",
    "arrowswitch_flag",
    "SIDE_SPELLINGS",
    "Side",
    "side_of",
    "is_sitout",
    "is_penalty_row",
    "PENALTY_ROW_CODES",
    "NOT_MATCHPOINT_SCORING",
    "MATCHPOINT_SCORING",
    "scoring_not_matchpoints",
    "is_not_played",
    "KINDS",
    "COUNTS_TOWARDS_N",
    "lines_towards_n",
    "PER_SCORE_BEATEN",
    "PER_TIE",
    "double_matchpoints",
    "SCALES",
    "FIXED_TOP_SCALES",
    "SCALE_TOP",
    "SCALE_OFFSET",
    "SCALE_AVERAGE",
    "SCALE_PERCENTAGE",
    "RAW_MP",
    "ESTIMATE_LINE",
    "COUNT_RULES",
    "FEWEST_RESULTS",
    "COUNTS_TOGETHER",
    "COUNT_MISSING",
    "NO_PERCENTAGE",
    "count_message",
    "counts_message",
    "sheet_count_message",
    "sheet_counts_message",
    "ARTIFICIAL_MP",
    "K_RULES",
    "TOTALS_ESTIMATES",
    "ESTIMATE",
    "ESTIMATES_FULL_BOARDS",
    "AVE_PLUS",
    "AVE",
    "AVE_MINUS",
    "ARTIFICIAL_CODES",
    "ARTIFICIAL_WORDS",
    "REPLACEMENT_CODES",
    "AVE_POLICIES",
    "LONE_RESULT_RULES",
    "LONE_RESULT_PERCENTAGE",
    "MIXED_LINE_RULES",
    "PERCENTAGE_BASES",
    "MISSED_BOARD_CREDIT",
    "MISSED_BOARDS",
    "UNPLAYED_RULES",
    "UNPLAYED_CREDITS",
    "ROUNDING_ORDERS",
    "SCALED_TOTAL",
    "SMALL_GROUP_RULES",
    "SMALL_GROUP_PERCENTAGE",
    "ROUNDING_SCALED",
    "ROUNDING_TIES",
    "ROUNDING_KINDS",
    "round_by_rule",
    "FIELD_SCORING",
    "SESSIONS",
    "PASS_SPELLINGS",
    "contract_keys",
    "contract_score_table",
    "board_cycle_table",
    "TEXT_SCORE",
    "TEXT_NUMBER",
    "NOT_WHOLE",
    "BEYOND_ANY_CONTRACT",
    "NUMBER_LIKE",
    "WHOLE_TEXT",
    "NUMBER_TEXT",
    "SHEET_DECIMAL_MARK",
    "SHEET_DECIMAL_MARK_FORMULA",
    "sheet_number",
    "sheet_is_number",
    "sheet_whole",
    "sheet_point",
]


# ------------------------------------------------------------------ expressions

_TOKEN = Pattern(r"[A-Za-z_][A-Za-z_0-9]*")


def _sign(x: Any) -> int:
    """SIGN: 1, 0 or -1."""
    return int(x > 0) - int(x < 0)


def _round(x: Any, digits: Any = 0) -> Fraction:
    """Excel's ROUND, exact: to ``digits`` decimals, an exact half away from zero.

    >>> _round(Fraction(5, 2)), _round(Fraction(-5, 2)), _round(Fraction(-1, 8), 2), _round(1250, -2)
    (Fraction(3, 1), Fraction(-3, 1), Fraction(-13, 100), Fraction(1300, 1))
    """
    unit = Fraction(10) ** int(digits)
    return _sign(x) * Fraction(floor(abs(Fraction(x)) * unit + Fraction(1, 2))) / unit


def _roundup(x: Any, digits: Any = 0) -> Fraction:
    """Excel's ROUNDUP, exact: away from zero to ``digits`` decimals (``ROUNDUP(-2.1,0)`` is -3)."""
    unit = Fraction(10) ** int(digits)
    return _sign(x) * Fraction(ceil(abs(Fraction(x)) * unit)) / unit


def _rounddown(x: Any, digits: Any = 0) -> Fraction:
    """Excel's ROUNDDOWN, exact: towards zero to ``digits`` decimals (``ROUNDDOWN(-2.9,0)`` is -2)."""
    unit = Fraction(10) ** int(digits)
    return _sign(x) * Fraction(floor(abs(Fraction(x)) * unit)) / unit


def _int(x: Any) -> Fraction:
    """Excel's INT: down to a whole number (``INT(-2.5)`` is -3)."""
    return Fraction(floor(Fraction(x)))


def _mod(x: Any, divisor: Any) -> Fraction:
    """Excel's MOD, exact: the remainder with the divisor's sign (``MOD(-2.5,1)`` is 0.5)."""
    x, divisor = Fraction(x), Fraction(divisor)
    if divisor == 0:
        raise ZeroDivisionError("MOD by zero (#DIV/0! in a sheet)")
    return Fraction(x - divisor * floor(x / divisor))


#: The spreadsheet functions a rule may use, evaluated exactly in Python (the rounding functions on
#: Fractions, as Excel defines them: ROUND takes an exact half away from zero, INT rounds down).
_FUNCS: dict[str, Any] = {
    "IF": None,  # written out as Python's conditional expression by _to_python
    "AND": lambda *xs: all(xs),
    "OR": lambda *xs: any(xs),
    "MIN": min,
    "MAX": max,
    "ABS": abs,
    "SIGN": _sign,
    "ROUND": _round,
    "ROUNDUP": _roundup,
    "ROUNDDOWN": _rounddown,
    "TRUNC": _rounddown,  # Excel's TRUNC(x, digits) is ROUNDDOWN: towards zero
    "INT": _int,
    "MOD": _mod,
    "TRUE": True,
    "FALSE": False,
}

#: A decimal number written in a rule (``0.5``): read as the exact Fraction, not a float.
_DECIMAL = Pattern(r"(?<![\w.])(\d+\.\d+)(?![\w.])")


def _split_args(text: str, start: int) -> tuple[list[str], int]:
    """The comma-separated arguments of the call whose "(" is at ``start``, and the index after its ")"."""
    args: list[str] = []
    depth, begin = 0, start + 1
    for i in range(start, len(text)):
        ch = text[i]
        if ch == "(":
            depth += 1
        elif ch == ")":
            depth -= 1
            if depth == 0:
                args.append(text[begin:i])
                return args, i + 1
        elif ch == "," and depth == 1:
            args.append(text[begin:i])
            begin = i + 1
    raise ValueError(f"unbalanced parentheses in {text!r}")


def _to_python(text: str) -> str:
    """The spreadsheet expression as Python: ``<>`` is ``!=``, a lone ``=`` is ``==``, and
    ``IF(c,a,b)`` is ``(a if c else b)`` (only the branch taken is evaluated, as in a sheet); a
    decimal such as ``0.5`` is the exact Fraction."""
    out = re.sub(r"(?<![<>!=])=(?!=)", "==", text.replace("<>", "!="))
    out = _DECIMAL.sub(r'_Fraction("\1")', out)
    while True:
        m = re.search(r"\bIF\(", out)
        if not m:
            return out
        (cond, yes, no), end = _split_args(out, m.end() - 1)
        out = f"{out[:m.start()]}(({yes}) if ({cond}) else ({no})){out[end:]}"


_GLOBALS: dict[str, Any] = {"__builtins__": {}, "_Fraction": Fraction, **_FUNCS}


class Expr:
    """A rule written once in the spreadsheet's syntax over named values.

    >>> e = Expr("IF(n=1,Scale*(N-1)/2,S)")
    >>> e.py(n=1, N=9, S=3, Scale=2), e.excel(n="B1", N="N", S="C1", Scale="Scale")
    (Fraction(8, 1), 'IF(B1=1,Scale*(N-1)/2,C1)')
    """

    def __init__(self, text: str, words: str = "") -> None:
        self.text = text
        self.words = words
        self._code: CodeType | None = None  # compiled on the first evaluation: most rules a run never evaluates
        self.names = frozenset(t for t in _TOKEN.findall(text) if t not in _FUNCS)

    def py(self, **values: Any) -> Any:
        """Evaluate in Python; whole numbers become Fractions, so the result is exact."""
        if self._code is None:
            self._code = compile(_to_python(self.text), f"<rule {self.text}>", "eval")
        env = {k: (Fraction(v) if type(v) is int else v) for k, v in values.items()}
        return eval(self._code, _GLOBALS, env)  # noqa: S307 - our own constant text

    def function(self, *names: str) -> Any:
        """The rule as a Python function of ``names``, in that order, for a rule evaluated often (no
        conversion: give it exact values, a Fraction where a division must stay exact).

        >>> Expr("(1-c)*Top/2").function("c", "Top")(0, Fraction(9))
        Fraction(9, 2)
        """
        if set(names) != self.names:
            raise ValueError(f"{self.text!r} is a rule of {sorted(self.names)}, not of {sorted(names)}")
        code = f"lambda {', '.join(names)}: {_to_python(self.text)}"
        return eval(code, dict(_GLOBALS))  # noqa: S307 - our own constant text

    def excel(self, **names: str) -> str:
        """The Excel text with each named value replaced by ``names[value]`` (a cell or a name)."""
        return _TOKEN.sub(lambda m: names.get(m.group(0), m.group(0)), self.text)

    def __repr__(self) -> str:
        return f"Expr({self.text!r})"


# ------------------------------------------------------------ what a line holds

#: The codes that mark a scheduled line as not played (a sit-out, a bye, a board not reached).
#: Written as :func:`code_key` makes them (upper case, spaces removed). Such a line is not a
#: result (not in n) but counts towards N, as a line the board should have had. A line left
#: blank is no line at all. ONE list: the core, the Excel functions and the sheet read it.
NOT_PLAYED_CODES = ("NP", "NOTPLAYED", "BYE", "SITOUT", "SIT-OUT", "-", "X")

#: The kinds of line, as the sheet's Kind column spells them.
KINDS = {
    "R": "a result: a score, or a contract, declarer and tricks",
    "A": "an artificial adjusted score (a percentage of the top)",
    "NP": "not played: one of the not-played codes (not in n; counts towards N)",
    "": "blank: nothing typed (not a line)",
    "bad": "unreadable: a score, contract or code the rules cannot read (the board is flagged)",
}
#: The kinds that count towards a board's expected results N: every line that is not blank. An
#: unreadable line counts too (it is a line; it must never make the board look shorter).
COUNTS_TOWARDS_N = ("R", "A", "NP", "bad")


def code_key(text: object) -> str:
    """A typed code or word as the rules compare it: every space of any kind removed (tabs, line
    breaks, non-breaking spaces too), upper case; its sheet form is :data:`SHEET_KEY`.

    >>> code_key(" Not played "), code_key("sit out"), code_key("A\\u00a0+\\t")
    ('NOTPLAYED', 'SITOUT', 'A+')
    """
    return "".join(str(text).split()).upper()


def is_blank(value: object) -> bool:
    """Nothing typed: None, or a text of white space only, of any kind: spaces, tabs, line breaks,
    non-breaking spaces (a cell a scorer cleared, or pasted from a web page, looks empty; it is
    empty). Its sheet form is :func:`sheet_blank`.

    >>> is_blank(None), is_blank("  "), is_blank("\\t"), is_blank("\\u00a0"), is_blank(0), is_blank("NP")
    (True, True, True, True, False, False)
    """
    return value is None or (isinstance(value, str) and not value.strip())


#: The sheet's form of a typed cell's text, cleaned as Python's ``str.strip`` cleans it: a
#: non-breaking space made a space (the character itself, between quotes: CHAR(160) is another
#: character in LibreOffice, and UNICHAR is not in Excel 2010), the control characters (tab, line
#: breaks) removed (CLEAN), the spaces around trimmed (TRIM). ``x`` is the cell.
SHEET_TEXT = Expr('TRIM(CLEAN(SUBSTITUTE(x&"","\u00a0"," ")))')

#: The sheet's form of :func:`code_key`: the cleaned text with its inner spaces removed, upper case.
SHEET_KEY = Expr(f'UPPER(SUBSTITUTE({SHEET_TEXT.text}," ",""))')


def sheet_text(cell: str) -> str:
    """The Excel text of :data:`SHEET_TEXT` for ``cell``.

    >>> sheet_text("J5")
    'TRIM(CLEAN(SUBSTITUTE(J5&"","\\xa0"," ")))'
    """
    return SHEET_TEXT.excel(x=cell)


def sheet_key(cell: str) -> str:
    """The Excel text of :data:`SHEET_KEY` (:func:`code_key`'s sheet form) for ``cell``."""
    return SHEET_KEY.excel(x=cell)


def sheet_blank(cell: str) -> str:
    """The Excel test of :func:`is_blank` for ``cell``: TRUE when it holds nothing but white space.

    >>> sheet_blank("J5")
    'TRIM(CLEAN(SUBSTITUTE(J5&"","\\xa0"," ")))=""'
    """
    return f'{sheet_text(cell)}=""'


#: How a traveller line says its table played the other direction's cards (an arrowswitch), and how
#: it says it did not: every reader (CSV, USEBIO, PBN), ``BOARDMP``'s flags and the sheet's Switched
#: column read these words (as :func:`code_key` makes them: any case, spaces ignored); any other word is refused, named.
ARROWSWITCH_YES = frozenset({"Y", "YES", "TRUE", "1", "X", "A", "ARROW", "AS", "ARROWSWITCH", "SWITCH", "SWITCHED"})
ARROWSWITCH_NO = frozenset({"", "N", "NO", "FALSE", "0"})


def arrowswitch_flag(value: object) -> bool:
    """Whether ``value`` marks an arrowswitch (:data:`ARROWSWITCH_YES`) or not (:data:`ARROWSWITCH_NO`,
    blank, None, False, 0); ValueError quoting anything else.

    >>> arrowswitch_flag("AS"), arrowswitch_flag(" y "), arrowswitch_flag("Switched"), arrowswitch_flag(None)
    (True, True, True, False)
    >>> arrowswitch_flag("maybe")
    Traceback (most recent call last):
    ...
    ValueError: 'maybe' is not an arrowswitch mark; expected AS, Y, YES, X, 1 (switched) or N, NO, 0, blank (not)
    """
    if value is None or value is False or (type(value) is int and value == 0):
        return False
    if value is True or (type(value) is int and value == 1):
        return True
    key = code_key(value)
    if key in ARROWSWITCH_YES:
        return True
    if key in ARROWSWITCH_NO:
        return False
    raise ValueError(f"{value!r} is not an arrowswitch mark; expected AS, Y, YES, X, 1 (switched) or N, NO, 0, "
                     "blank (not)")


#: A side of the table, as the rulebook names it: North-South or East-West.
Side = Literal["NS", "EW"]

#: How a cell names a side, each spelling as :func:`code_key` makes it, and the side it names: every
#: reader (USEBIO's DIRECTION, PBN's Direction), the Excel functions' ``side`` and the sheet read these;
#: any other word is refused, named. A seat names its side (N and S sit NS).
SIDE_SPELLINGS: dict[str, Side] = {
    **{k: "NS" for k in ("NS", "N-S", "N/S", "NORTH-SOUTH", "NORTHSOUTH", "N", "S", "NORTH", "SOUTH")},
    **{k: "EW" for k in ("EW", "E-W", "E/W", "EAST-WEST", "EASTWEST", "E", "W", "EAST", "WEST")},
}


def side_of(value: object) -> Side:
    """The side ``value`` names, ``"NS"`` or ``"EW"`` (:data:`SIDE_SPELLINGS`); ValueError quoting anything else.

    >>> side_of("N-S"), side_of(" ew "), side_of("North"), side_of("e/w")
    ('NS', 'EW', 'NS', 'EW')
    >>> side_of("up")
    Traceback (most recent call last):
    ...
    ValueError: 'up' is not a side; expected NS or EW (N-S, N/S, North-South, or a seat: N, S, E, W)
    """
    found = SIDE_SPELLINGS.get(code_key(value)) if isinstance(value, str) else None
    if found is None:
        raise ValueError(f"{value!r} is not a side; expected NS or EW (N-S, N/S, North-South, or a seat: N, S, E, W)")
    return found


def is_not_played(value: object) -> bool:
    """One of :data:`NOT_PLAYED_CODES` (in any case, with any spaces).

    >>> is_not_played("np"), is_not_played("Sit Out"), is_not_played(""), is_not_played(0)
    (True, True, False, False)
    """
    return isinstance(value, str) and code_key(value) in NOT_PLAYED_CODES


def is_sitout(ns_pair: object, ew_pair: object, *results: object) -> bool:
    """A table with one pair and no opponents (a phantom pair): exactly one pair given, and every
    result cell (score, contract...) blank or a not-played code. Not a line: not in n, not in N.

    >>> is_sitout(None, "2", "Bye"), is_sitout("1", "", None, None), is_sitout("1", None, 420)
    (True, True, False)
    >>> is_sitout("1", "2", "NP"), is_sitout(None, None, "Bye")
    (False, False)
    """
    return is_blank(ns_pair) != is_blank(ew_pair) and all(is_blank(v) or is_not_played(v) for v in results)


#: The code of a row that gives a pair a procedural penalty (or bonus) of its own, the board's
#: figures untouched: Ruter's PBN writes ``Pen`` as both scores; mpxl's CSV ``Pen`` as the adjustment.
PENALTY_ROW_CODES = ("PEN", "PENALTY")


def is_penalty_row(value: object) -> bool:
    """A score or adjustment cell that makes its row a penalty row (:data:`PENALTY_ROW_CODES`).

    >>> is_penalty_row(" Pen "), is_penalty_row("penalty"), is_penalty_row("P"), is_penalty_row(None)
    (True, True, False, False)
    """
    return value is not None and code_key(value) in PENALTY_ROW_CODES


#: The words a results file names its scoring with that are not matchpoints, by what each means (``code_key``'d,
#: ``_`` and ``-`` left out): PBN 2.1's ``Scoring`` tag (4.2: IMP, Butler, Cross, Experts, BAM, Cavendish...),
#: USEBIO's ``EVENT_TYPE``, ``BOARD_SCORING_METHOD`` and ``SCORING_METHOD`` as Compscore3 (``BUTLER_PAIRS``,
#: ``CROSS_IMP``, ``IMPS``) and Pianola (``CROSS_IMPS``) write them, and the line figures they name
#: (``NS_BUTLER_POINTS``, ``NS_CROSS_IMP_POINTS``, PBN's ``IMP_NS``). mpxl scores matchpoints only: a file so
#: scored is refused, its figures never checked against matchpoints, its scores never matchpointed.
NOT_MATCHPOINT_SCORING = {
    **dict.fromkeys(("IMP", "IMPS", "IMP1948", "IMP1961", "IMPPAIRS"), "IMPs"),
    **dict.fromkeys(("BUTLER", "BUTLER2", "BUTLERPAIRS", "BUTLERIMPS"), "Butler (IMPs against a datum)"),
    **dict.fromkeys(("CROSS", "CROSS1", "CROSS2", "CROSSIMP", "CROSSIMPS", "XIMP", "XIMPS"),
                    "cross-IMPs (IMPs against every other score)"),
    "EXPERTS": "IMPs against the experts' datum",
    **dict.fromkeys(("BAM", "PAB"), "board-a-match (a point a board)"),
    **dict.fromkeys(("VP", "VPS", "TEAMS", "SWISSTEAMS"), "teams (IMPs and victory points)"),
    **dict.fromkeys(("CAVENDISH", "CHICAGO", "RUBBER"), "rubber bridge scoring"),
}

#: The words of :data:`NOT_MATCHPOINT_SCORING`'s sources that say matchpoints (a ``Scoring`` tag such as
#: Magic Contest's ``MatchPoints;MP1`` names both a method and its scale).
MATCHPOINT_SCORING = frozenset({"MP", "MP1", "MP2", "MATCHPOINT", "MATCHPOINTS", "MPPAIRS", "PAIRS", "EMP", "OLDMP",
                                "MATCHPOINTSPAIRS"})


def scoring_not_matchpoints(text: object) -> str | None:
    """What a file's scoring word (or list of words, ``IMP;Butler``) means when it names a scoring that is not
    matchpoints (:data:`NOT_MATCHPOINT_SCORING`) and no word of it says matchpoints; None otherwise (matchpoints,
    a word mpxl does not know, or nothing).

    >>> scoring_not_matchpoints("CROSS_IMPS"), scoring_not_matchpoints("IMP;Butler")
    ('cross-IMPs (IMPs against every other score)', 'IMPs')
    >>> scoring_not_matchpoints("MatchPoints;MP1"), scoring_not_matchpoints("MP_PAIRS"), scoring_not_matchpoints(None)
    (None, None, None)
    """
    if text is None:
        return None
    words = [code_key(w).replace("_", "").replace("-", "") for w in re.split(r"[;,/\s]+", str(text)) if w.strip()]
    if any(w in MATCHPOINT_SCORING for w in words):
        return None
    return next((NOT_MATCHPOINT_SCORING[w] for w in words if w in NOT_MATCHPOINT_SCORING), None)


def lines_towards_n(values: Iterable[object]) -> int:
    """How many of a board's cells count towards N: every one not blank.

    >>> lines_towards_n([420, None, "NP", " ", "A+"])
    3
    """
    values = list(values)
    n = len(values) - values.count(None)
    texts = cast("Iterable[str]", compress(values, map(is_, map(type, values), repeat(str))))  # found in C
    return n - sum(1 for v in texts if not v.strip())


#: The most a bridge score can be either way (7NTXX vulnerable with every overtrick is 2,980; a
#: penalty of 13 down redoubled vulnerable is 7,600): a plain score beyond it is no score.
MAX_SCORE = 7600


#: What a reader says of a number that is no bridge score (after the number typed, quoted): not whole, or beyond
#: any contract. The readers raise them and the sheet's status shows them (its formulas are written from these).
NOT_WHOLE = "is not a score; a bridge score is a whole number such as 420 or -50"
BEYOND_ANY_CONTRACT = f"is not a score: no contract gives more than {MAX_SCORE} or less than -{MAX_SCORE}"
#: What a reader says of a board that is no board number (after the board typed, quoted: ``'12a'``); the sheet's
#: check above its per-board block shows it too.
NOT_A_BOARD = "is not a board number; expected a whole number from 1"

#: The characters of a text that looks like a number but is none (``1,5``, ``4e2``, ``--50``, the unicode minus
#: ``−50``, fullwidth digits ``４２０``): a score cell of these alone gets :data:`NOT_WHOLE` (not "not a code").
NUMBER_LIKE = "0123456789_.,+-eE \u2212" + "".join(chr(0xFF10 + i) for i in range(10))


def plain_score(value: int | float) -> int:
    """A plain NS score typed as a number: a whole number within :data:`MAX_SCORE` either way, as
    every reader and every Excel function reads it; ValueError quoting anything else.

    >>> plain_score(420), plain_score(-50.0)
    (420, -50)
    >>> plain_score(420.5)
    Traceback (most recent call last):
    ...
    ValueError: 420.5 is not a score; a bridge score is a whole number such as 420 or -50
    >>> plain_score(1e300)
    Traceback (most recent call last):
    ...
    ValueError: 1e+300 is not a score: no contract gives more than 7600 or less than -7600
    """
    if value != value or (isinstance(value, float) and not value.is_integer() and abs(value) != float("inf")):
        raise ValueError(f"{value!r} {NOT_WHOLE}")
    if abs(value) > MAX_SCORE:
        raise ValueError(f"{value!r} {BEYOND_ANY_CONTRACT}")
    return int(value)


#: A whole number typed as text, as every reader and the sheet read one: an optional sign, ASCII digits, and
#: a decimal point followed by zeros only, if any (``420``, ``+420``, ``-50``, ``420.``, ``420.00``; not ``4.20``,
#: ``1,5``, ``4e2``, nor a fullwidth or Arabic-Indic digit, which Python's ``\d`` and ``float`` would take).
WHOLE_TEXT = r"[+-]?[0-9]+(?:\.0*)?"

#: A decimal number typed as text (a penalty, a weight, a percentage), as Excel reads one typed in a cell:
#: an optional sign, ASCII digits with a decimal point anywhere (``2``, ``1.5``, ``2.``, ``.5``, ``+2``);
#: not a comma decimal (``1,5``: a thousands separator elsewhere), an exponent or a fullwidth digit.
NUMBER_TEXT = r"[+-]?(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+)"

#: The running spreadsheet's decimal mark, the defined name ``Mark`` of the formula ``MID(1/2,2,1)`` (a name's formula
#: is worked out each time a cell uses it, never kept from the machine that saved the file): one half written as
#: text is ``0.5`` in an English Excel or LibreOffice and ``0,5`` in a German, French, Dutch, Polish or Scandinavian
#: one (its locale's), whose VALUE then reads ``57.5`` as no number (LibreOffice: Err:502) or as a date (Excel:
#: ``1.5`` is the 1st of May).
SHEET_DECIMAL_MARK, SHEET_DECIMAL_MARK_FORMULA = "Mark", "MID(1/2,2,1)"


def sheet_number(text: str) -> str:
    """The Excel expression of ``text``, a number in the rulebook's notation (:data:`NUMBER_TEXT`: a decimal point,
    ``57.5``), as that number in any locale: its point written as the locale's mark before VALUE reads it.
    (``NUMBERVALUE(text, ".")`` says the same from Excel 2013 on; the sheet keeps to Excel 2010's functions.)

    >>> sheet_number("K5")
    'VALUE(SUBSTITUTE(K5,".",Mark))'
    """
    return f'VALUE(SUBSTITUTE({text},".",{SHEET_DECIMAL_MARK}))'


def sheet_whole(x: str) -> str:
    """The Excel test that the number ``x`` is whole (no fraction: 420, 420.00), the rulebook's one test of it (a
    ``MOD(..., 1)`` elsewhere would be a rounding rule's: tests/test_rounding.py).

    >>> sheet_whole("K5")
    'MOD(K5,1)=0'
    """
    return f"MOD({x},1)=0"


def sheet_is_number(text: str) -> str:
    """The Excel test that ``text`` in the rulebook's notation (``57.5``) reads as a number, in any locale (as
    ``ISNUMBER(-text)`` does only where the decimal mark is a point).

    >>> sheet_is_number("K5")
    'ISNUMBER(-SUBSTITUTE(K5,".",Mark))'
    """
    return f'ISNUMBER(-SUBSTITUTE({text},".",{SHEET_DECIMAL_MARK}))'


def sheet_point(text: str) -> str:
    """The Excel expression of ``text``, a number the sheet wrote as text (``x*100&"%"``: in the locale's notation,
    ``2,5%`` in de-DE), in the rulebook's notation (``2.5%``), as ``mpxl score`` reads the cell.

    >>> sheet_point('A1&""')
    'SUBSTITUTE(A1&"",Mark,".")'
    """
    return f'SUBSTITUTE({text},{SHEET_DECIMAL_MARK},".")'


#: A score typed as text (:data:`WHOLE_TEXT`, spaces around): what :func:`plain_score` then reads.
TEXT_SCORE = Pattern(rf"^\s*({WHOLE_TEXT})\s*$")

#: A decimal number typed as text (:data:`NUMBER_TEXT`, spaces around).
TEXT_NUMBER = Pattern(rf"^\s*({NUMBER_TEXT})\s*$")

#: Bridgemate's spelling of an artificial score, NS first: two percentages joined by a hyphen
#: (``60%-40%``, as the tablets write the director's nine decisions, and any other such pair). Read
#: wherever an adjusted score is typed as the split it means, the ``/`` of ``60%/40%``
#: (:func:`percent_pair_key`; the sheet's form :func:`sheet_percent_pair`, from the same marks).
PERCENT_PAIR_JOIN, PERCENT_PAIR_SPLIT = "%-", "%/"
_PERCENT_SIDE = Pattern(r"(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+)")


def percent_pair_key(key: str) -> str:
    """A code as :func:`code_key` makes it, with Bridgemate's ``60%-40%`` read as the split ``60%/40%``;
    any other code as it is (a weighted ``30%-420+70%450`` too: no percentage after the hyphen).

    >>> [percent_pair_key(k) for k in ("60%-40%", "30%-420+70%450", "A+", "-60%-40%")]
    ['60%/40%', '30%-420+70%450', 'A+', '-60%-40%']
    """
    left, join, right = key.partition(PERCENT_PAIR_JOIN)
    if join and right.endswith("%") and _PERCENT_SIDE.fullmatch(left) and _PERCENT_SIDE.fullmatch(right[:-1]):
        return left + PERCENT_PAIR_SPLIT + right
    return key


def sheet_percent_pair(key: str) -> str:
    """The Excel test that the code ``key`` (a cell of :data:`SHEET_KEY`'s form: capitals, no spaces) is
    Bridgemate's ``60%-40%``: :func:`percent_pair_key`'s rule, its sides then read as a split's (each side's
    percentage checked as every other code's). A side the sheet takes for a number and Python does not
    (``1E3%``) is refused by both, by the side's check.

    >>> sheet_percent_pair("K")
    'AND(ISNUMBER(FIND("%-",K)),RIGHT(K)="%",ISNUMBER(-SUBSTITUTE(LEFT(K,FIND("%-",K)-1),".",Mark)),LEFT(K)<>"-",\
LEFT(K)<>"+",ISNUMBER(-SUBSTITUTE(MID(K,FIND("%-",K)+2,LEN(K)-FIND("%-",K)-2),".",Mark)))'
    """
    at = f'FIND("{PERCENT_PAIR_JOIN}",{key})'
    right = f'MID({key},{at}+{len(PERCENT_PAIR_JOIN)},LEN({key})-{at}-{len(PERCENT_PAIR_JOIN)})'
    return (f'AND(ISNUMBER({at}),RIGHT({key})="%",{sheet_is_number(f"LEFT({key},{at}-1)")},LEFT({key})<>"-",'
            f'LEFT({key})<>"+",{sheet_is_number(right)})')


# ------------------------------------------------------------- raw matchpoints

#: Law 78A: matchpoints (double scale) for each score beaten and for each other equal score.
PER_SCORE_BEATEN = 2
PER_TIE = 1


def double_matchpoints(below: int, equal: int) -> int:
    """Double-scale matchpoints of a score with ``below`` scores under it and ``equal`` scores
    equal to it (itself included): 2 per score beaten, 1 per other equal score.

    >>> double_matchpoints(3, 2)
    7
    """
    return PER_SCORE_BEATEN * below + PER_TIE * (equal - 1)


# ------------------------------------------------------------------ the scales

#: The matchpoint scales (:class:`mpxl.core.settings.Scale`'s values, in the order of the sheet's CHOOSE):
#: per scale the matchpoints a result beaten is worth in the arithmetic it is scored with (``unit``:
#: 2 per result beaten and 1 per tie, halved on the single scale) and whether it is ``centred`` (1:
#: the signed scale, +1 per result beaten and -1 per result that beats it, Ruter's MP1; its figure is
#: the double one less the board's double average, E - 1, so an average is 0 and NS + EW = 0).
SCALES: dict[str, tuple[int, int]] = {"double": (2, 0), "single": (1, 0), "signed": (2, 1)}

#: The scales whose every board is worth a fixed top, whatever its results: per scale (unit,
#: centred) as :data:`SCALES`, then that top. ``percent`` (Polish club programs, JFR Pary and KoPS;
#: online tournaments): each line's figure the board's percentage, top 100, NS + EW = 100, the double
#: figure x 100 / the board's double top (a board of 11 results: 2 x (11 - 1) = 20 double
#: matchpoints, 17 of them 85.00); a pair's result, its total over 100 per board, the mean of its
#: board figures. Scored with the double arithmetic, then factored (as ``factor_top``) to the top.
FIXED_TOP_SCALES: dict[str, tuple[int, int, int]] = {"percent": (2, 0, 100)}

#: The top of a board of E results: the top in the scale's arithmetic, unit x (E - 1), less what a
#: centred scale takes off (E - 1): 2(E - 1) double, E - 1 single and signed.
SCALE_TOP = Expr("(unit-centred)*(E-1)", "scale x (E - 1); E - 1 on the signed scale")

#: What a figure in the scale's arithmetic loses to become a figure on the scale, on a board whose
#: top on the scale is ``Top``: nothing, or on the centred scale its double average, E - 1 = its top.
SCALE_OFFSET = Expr("centred*Top", "the signed scale: the double figure less E - 1, the board's double average")

#: A board's average figure (an EBU half is rounded towards it): half its top, 0 on the centred scale.
SCALE_AVERAGE = Expr("(1-centred)*Top/2", "half the top; 0 on the signed scale")

#: A percentage of ``mp`` out of ``max`` (a top, or a pair's sum of tops).
SCALE_PERCENTAGE = Expr("50*centred+(100-50*centred)*mp/max",
                        "100 x MP / max; on the signed scale 50 + 50 x MP / max")

#: The raw matchpoints in Excel: below = COUNTIFS(..., "<"&score), equal = COUNTIFS(..., score).
RAW_MP = Expr(f"({PER_SCORE_BEATEN}*below+{PER_TIE}*(equal-1))*Scale/2",
              "2 per score beaten and 1 per other equal score among the group's results, halved on the single scale")


# --------------------------------------------------------------- k, estimate

_ASCHERMAN_K = Expr("(N+n-1)/n", "M = (N-1)(S+1/2)/n")

#: k of each method over N (expected) and n (actual), with its source. Ascherman's two readings
#: share one k; they differ only on a full board (:data:`ESTIMATES_FULL_BOARDS`).
K_RULES: dict[str, Expr] = {
    "neuberg": Expr("N/n", "WBF 1991, EBU, ACBL"),
    "factor": Expr("1", "keeps each result's percentage"),
    "ascherman": _ASCHERMAN_K,
    "mckinnon": Expr("IF(N>n+1,(N-1)/n,1)", "McKinnon 2019"),
    "manual": Expr("N-n+1", "add 1/2 (single) per missing result"),
    "ascherman-short": _ASCHERMAN_K,
}

#: What a pair's total adds for a board played fewer times than N, where a program splits it from what the
#: board's lines are published as (``ScoringOptions.totals_method``): the lines' own figures (as ``estimate_at``
#: says), the board's plain matchpoints on its own smaller top, or the board estimated to N by another method.
TOTALS_ESTIMATES: dict[str, str] = {
    "as-lines": "as the lines (or as estimate-at totals says)",
    "plain": "the board's plain matchpoints on its own smaller top, the pair's maximum that top (Bridge NZ's Scorer, "
             "a three-quarter Howell: lines scaled to the full top)",
    **{m: f"estimated to N by {m} (k {rule.text}; Bridge NZ's Scorer: lines Neuberg, totals manual)"
       if m == "manual" else f"estimated to N by {m} (k {rule.text})" for m, rule in K_RULES.items()},
}

#: Buchen's generic estimate of S among n results to a board of N, with the method's k.
ESTIMATE = Expr("(N-k)/(n-1)*S+Scale*(k-1)/2",
                "M = (N - k)/(n - 1) x S + scale x (k - 1)/2 (Buchen's generic formula)")

#: The methods applied to a full board too (n = N). Ascherman's scores "have the same percentages
#: irrespective of the number of scores on the board" (McKinnon): on a full board its estimate is
#: (N-1)(S+1/2)/N, single scale (its k, (N+n-1)/n, at n = N). Every other method's k is 1 there, so
#: it leaves S unchanged; ``ascherman-short`` is Ascherman applied to short boards only.
ESTIMATES_FULL_BOARDS: frozenset[str] = frozenset({"ascherman"})

#: The estimate of one line: a lone result gets the average; a full board keeps S unless its
#: method is in :data:`ESTIMATES_FULL_BOARDS` (``full`` is 1 for those, else 0).
ESTIMATE_LINE = Expr(f"IF(n=1,Scale*(N-1)/2,IF(AND(n=N,full=0),S,{ESTIMATE.text}))")


# ------------------------------------------------------------ the counts N and n

#: What makes one count (``what``: expected, N, or actual, n) a count of results, in the order checked: each
#: condition over the count ``x`` that refuses it, and what is said (``{x}`` the value as given). ``least`` is
#: :data:`FEWEST_RESULTS`' (actual 0 for a board's lines). Then :data:`COUNTS_TOGETHER` (n against N).
#: N = 1 is a board (a board expected to be played once; the Setup's Expected takes 1): its top is 0 and its one
#: result gets the average, 0, under every method, but it has no percentage (:data:`NO_PERCENTAGE`).
#: ``check_counts`` (so ``mpxl methods`` and the Excel functions) and the Methods sheet's message
#: (:func:`sheet_count_message`) are written from these tables: they refuse the same counts in the same words.
COUNT_RULES: tuple[tuple[Expr, str], ...] = (
    (Expr("x<>INT(x)"), "{what} {x} is not a whole number of results"),
    (Expr("x<least"), "{what} {x} must be a whole number of results, at least {least}"),
)

#: The fewest results each count may be (an estimate's: a board's lines may have no real result, actual 0).
FEWEST_RESULTS = {"expected": 1, "actual": 1}

#: n against N: more real results than expected is an impossible board (unless ``down``, 1: factoring down on
#: purpose, as McKinnon's example 4 does).
COUNTS_TOGETHER = (Expr("AND(n>N,down=0)"), "{n} results are more than the {N} expected")

#: What is said of a count left blank (``{what}``: expected or actual), and of a text that is no number.
COUNT_MISSING = "{what} is missing; expected a whole number of results"

#: What is said of a percentage asked of a board of one result: its top is 0, so no figure is a share of it.
NO_PERCENTAGE = "a board of 1 expected result has no percentage (its top is 0)"


def _count_shown(x: Fraction) -> str:
    """A count as a message shows it: 8, 8.5, -3.

    >>> _count_shown(Fraction(17, 2)), _count_shown(Fraction(-3))
    ('8.5', '-3')
    """
    return str(x.numerator) if x.denominator == 1 else f"{float(x):g}"


def count_message(what: str, x: int | float | Fraction, least: int | None = None) -> str:
    """What :data:`COUNT_RULES` say of the count ``x`` (a number) named ``what``, '' when it is one.

    >>> count_message("expected", 1), count_message("expected", 8.5), count_message("actual", 0)
    ('', 'expected 8.5 is not a whole number of results', 'actual 0 must be a whole number of results, at least 1')
    """
    fewest = FEWEST_RESULTS[what] if least is None else least
    exact = Fraction(x)
    for rule, says in COUNT_RULES:
        if rule.py(x=exact, least=fewest):
            return says.format(what=what, x=_count_shown(exact), least=fewest)
    return ""


def counts_message(N: int, n: int, down: bool = False) -> str:
    """What :data:`COUNTS_TOGETHER` says of whole counts N and n, '' when they make a board.

    >>> counts_message(8, 9), counts_message(1, 1), counts_message(12, 13, down=True)
    ('9 results are more than the 8 expected', '', '')
    """
    rule, says = COUNTS_TOGETHER
    return says.format(N=N, n=n) if rule.py(N=N, n=n, down=int(down)) else ""


def _sheet_words(says: str, quoted: bool = False, **cells: str) -> str:
    """A message as a sheet formula, each ``{name}`` its cell's value (a text in quotes when ``quoted``).

    >>> _sheet_words("{n} results are more than the {N} expected", N="B3", n="B4")
    'B4&" results are more than the "&B3&" expected"'
    """
    parts = re.split(r"\{(\w+)\}", says)
    out = []
    for i, part in enumerate(parts):
        if i % 2:
            out.append(f'"\'"&{cells[part]}&"\'"' if quoted else cells[part])
        elif part:
            out.append('"' + part.replace('"', '""') + '"')
    return "&".join(out)


def sheet_count_message(what: str, x: str) -> str:
    """:func:`count_message` as a sheet formula (without its ``=``) over the cell ``x``: '' when it holds a count;
    a blank is said as :data:`COUNT_MISSING`, a text as no whole number, as ``check_counts`` says them.

    >>> sheet_count_message("actual", "B4")[:64]
    'IF(B4="","actual is missing; expected a whole number of results"'
    """
    least = str(FEWEST_RESULTS[what])
    out = '""'
    for rule, says in reversed(COUNT_RULES):
        words = _sheet_words(says.replace("{what}", what).replace("{least}", least), x=x)
        out = f"IF({rule.excel(x=x, least=least)},{words},{out})"
    text = _sheet_words(COUNT_RULES[0][1].replace("{what}", what), True, x=x)
    return f'IF({x}="","{COUNT_MISSING.format(what=what)}",IF(ISNUMBER({x}),{out},{text}))'


def sheet_counts_message(N: str, n: str) -> str:
    """:func:`counts_message` as a sheet formula over whole counts in the cells ``N`` and ``n``.

    >>> sheet_counts_message("B3", "B4")
    'IF(AND(B4>B3,0=0),B4&" results are more than the "&B3&" expected","")'
    """
    rule, says = COUNTS_TOGETHER
    return f'IF({rule.excel(N=N, n=n, down="0")},{_sheet_words(says, N=N, n=n)},"")'


# --------------------------------------------------------- artificial scores

#: Artificial adjusted scores, percentages of the board's full top (Law 12C).
AVE_PLUS, AVE, AVE_MINUS = 60, 50, 40

#: One side's artificial percentage by the word a scorer writes for it.
ARTIFICIAL_CODES = {
    **{c: AVE_PLUS for c in ("A+", "AVE+", "AV+", "AVG+", f"A{AVE_PLUS}", f"{AVE_PLUS}", f"{AVE_PLUS}%")},
    **{c: AVE for c in ("A=", "A", "AVE", "AV", "AVG", "AVE=", f"A{AVE}", f"{AVE}", f"{AVE}%")},
    **{c: AVE_MINUS for c in ("A-", "AVE-", "AV-", "AVG-", f"A{AVE_MINUS}", f"{AVE_MINUS}", f"{AVE_MINUS}%")},
}

#: The artificial codes written as words (``A+``, ``AVE-``, ``A60``), not as numbers (``60``, ``60%``): what a
#: reader whose score cell may hold a number (PBN's Score_NS) reads as an artificial score.
ARTIFICIAL_WORDS = frozenset(c for c in ARTIFICIAL_CODES if c[0].isalpha())


#: What a director's replacement written after ``>`` in a score cell (Ruter: ``800>a``, the result
#: played, ``>``, what the line is scored with) stands for, by its code: the bare ``a`` (adjusted)
#: is Ave+ to both sides, the 800 kept as a note (Ruter 2016: ``800>a`` on a board of 9 results got
#: +1.6 / +1.6 signed, Percentage 60 / 60); ``a+`` ``a=`` ``a-`` the artificial codes; a score
#: (``800>620``) is that score.
REPLACEMENT_CODES = {"A": "A+/A+", "A+": "A+", "A=": "A=", "A-": "A-"}

#: How Ave+ and Ave- are awarded: the set 60/40, or the WBF/EBU "or the pair's own percentage" rule.
AVE_POLICIES = {
    "fixed": "Ave+ is 60% and Ave- 40% of the top, always",
    "wbf": "Ave+ is 60% or the pair's percentage on its other boards if higher; Ave- 40% or that percentage if lower",
}

#: What the one real result of a board gets when every other line of it is an artificial score.
LONE_RESULT_RULES = {
    "average": "the average, 50% to both sides (a lone result estimated to N by any method)",
    "ave-plus": "60% to both sides, an Ave+ to each, as the artificial scores beside it (ACBLscore)",
}

#: The percentage each side of a lone real result gets under ``ave-plus``.
LONE_RESULT_PERCENTAGE = AVE_PLUS

#: Which fields a mixed line's real result stands in (one side given an artificial score, the other
#: scored on the table's result: Ruter's ``A=`` beside ``+0``, ``420|A+``).
MIXED_LINE_RULES = {
    "both": "in both directions' fields: the side given an artificial score is matchpointed against it too (Ruter)",
    "own": "only in the field of the side that keeps it: the other side's field is one result short and "
           "estimated to N (a program of Dutch lineage)",
}

#: What a pair's percentage is worked out from.
PERCENTAGE_BASES = {
    "played": "its total over the sum of the tops of the boards it played",
    "scaled": "its total scaled to its field's full maximum (total x full / its maximum) and rounded to the totals' "
              "decimals, over that full maximum (ACBLscore)",
}

#: A missed board's credit under ``unplayed own``: the pair's own share of the board's top, its total
#: ``mp`` over its maximum ``max`` on the boards it played, of the board's ``top`` (the signed scale too: a
#: total and a figure are centred alike). The core adds it in integers (:func:`mpxl.core.ranking._fill_unplayed`).
MISSED_BOARD_CREDIT = Expr("mp*top/max", "its total x the board's top / its maximum: its own share of the top")

#: How many boards a pair missed in one session (:data:`UNPLAYED_RULES` other than ``none``), counted in each
#: session apart and each credited on that session's top of its field: ``most``, the most boards a pair of its
#: field was due in the session (played, or sat out at a table with no opponents), less ``played``, its boards
#: there (0 when it played none: the whole session). A two-session final of four tables on boards 1-4 (top 6)
#: and three on boards 1-3 (top 4): a pair of session 1 alone misses 3 boards of top 4, a pair of session 2 alone
#: 4 of top 6. The core counts them (:func:`mpxl.core.ranking._fill_unplayed`), the Pairs sheet too (Short in
#: session k).
MISSED_BOARDS = Expr("MAX(0,most-played)", "the most boards a pair of its field was due in the session less the "
                     "boards it played there, each credited on the session's top")

#: When a board's figure is factored to another top (the percentage scale's 100, ``factor_top``), what is
#: rounded: ``figure``, the factored figure of the exact matchpoints, rounded once (JFR Pary: Neuberg's
#: 8.9 of 20 is 44.50); ``matchpoints-first``, the matchpoints rounded on the board's own top first (by the
#: lines' rounding), then factored and rounded again (a program that rounds Neuberg'd matchpoints to 2
#: decimals of the top first: 10.125 of 20 is 10.13, then 50.65%, not 50.63%).
ROUNDING_ORDERS: dict[str, str] = {
    "figure": "the factored figure of the exact matchpoints, rounded once",
    "matchpoints-first": "the matchpoints rounded on the board's own top, then factored and rounded again",
}

#: What a pair gets for a board of its field it missed (:class:`mpxl.core.settings.Unplayed`'s values, in this
#: order): ``none`` nothing, ``own`` its own share of the top (:data:`MISSED_BOARD_CREDIT`), or a set percentage of
#: the board's top (``average`` / ``ave-plus``), its figure the percentage's (:data:`ARTIFICIAL_MP`), as an
#: artificial score's: JFR Pary credits the pair that meets an absent pair 60.00 on each board it could not play (a
#: barometer Howell of 23 pairs, pair 24 absent: pair 1's 24 boards make 810.00, its three credits 180.00, its
#: result 990 / 27 = 36.67%).
UNPLAYED_RULES: dict[str, int | None] = {"none": None, "own": None, "average": AVE, "ave-plus": AVE_PLUS}

#: The missed board's set percentages of :data:`UNPLAYED_RULES`: average 50, ave-plus 60.
UNPLAYED_CREDITS: dict[str, int] = {rule: pct for rule, pct in UNPLAYED_RULES.items() if pct is not None}

#: Percentage basis ``scaled`` (ACBLscore): a total ``mp`` over a maximum ``max`` short of its field's ``full``
#: maximum, scaled up to it (then rounded as a total, and divided by ``full``).
SCALED_TOTAL = Expr("mp*full/max", "its total x its field's full maximum / its own maximum")

#: The matchpoints of an artificial percentage on a board whose full top is ``Top` (a small fouled
#: group's set percentage too): pct x Top / 100; on the centred scale (pct - 50) x Top / 50.
ARTIFICIAL_MP = Expr("(pct-50*centred)*Top/(100-50*centred)",
                     "the percentage of the board's full top, scale x (N - 1); on the signed scale "
                     "(pct - 50) x (N - 1) / 50")


# ----------------------------------------------------------- fouled boards

#: Which fouled groups get set percentages: n the group's results, N the board's, largest the
#: largest group on the board; with the rule's source.
SMALL_GROUP_RULES: dict[str, Expr] = {
    "wbf": Expr("OR(n<=2,AND(n=3,largest>3))",
                "WBF 1991 / ACBL: 1 -> 60%, 2 -> 65/55%, 3 -> 70/60/50% unless the largest group"),
    "ebu": Expr("AND(n<=3,3*n<=N)",
                "EBU White Book 4.2.3.3: groups of at most 3 and at most a third of the results"),
    "qba": Expr("n<4", "QBA / director-training slides: any group of fewer than 4 results"),
    "none": Expr("FALSE", "no set percentages: every group estimated by the method"),
}

#: The set percentage of a result with double-scale matchpoints S2 in a small group of n.
SMALL_GROUP_PERCENTAGE = Expr("60+(S2-(n-1))*5", "60% + (S - (n - 1)) x 5%, S on the double scale: 60; 65/55; 70/60/50")


# ---------------------------------------------------------------- rounding

#: A figure ``x`` in whole units of its last decimal, ``Unit`` = 10^decimals: the value each rounding
#: rounds (the sheet's Scaled columns; there it is also cleaned of float noise, ``ROUND(x*Unit,6)``).
ROUNDING_SCALED = Expr("x*Unit", "the figure in units of its last decimal")

#: The rounding kinds, in the order of the sheet's CHOOSE, each written once: its rule over the figure ``x``,
#: its scaled value ``v`` (:data:`ROUNDING_SCALED`), ``Unit`` and the board's ``average`` (half its top, 0 on
#: the signed scale), giving the rounded figure; how it breaks an exact half; the rule in words. ONE
#: vocabulary: these words are :class:`mpxl.core.settings.RoundingKind`'s values, the command's, the Setup
#: sheet's and the tie rules'.
_ROUNDINGS: dict[str, tuple[str, str, str]] = {
    "half-up": ("ROUND(v,0)/Unit", "halves away from zero",
                "to d decimals, {tie} (ACBL: 2 decimals, .005 up; a signed -2.25 is -2.3)"),
    "ebu": ("IF(MOD(v,1)=0.5,IF(x>average,INT(v),-INT(-v)),ROUND(v,0))/Unit",
            "halves (.05) towards the board's average", "to 0.1, {tie} (EBU; towards 0 on the signed scale)"),
    "exact": ("x", "no rounding", "{tie}"),
    "half-even": ("IF(MOD(v,1)=0.5,2*ROUND(v/2,0),ROUND(v,0))/Unit", "halves to the even digit",
                  "to d decimals, {tie}"),
    "truncate": ("TRUNC(v)/Unit", "cut off towards zero, never rounded up",
                 "to d decimals, {tie} (Bridge NZ's Scorer: 57.56 -> 57.5, so NS + EW may be a tenth short of "
                 "the top)"),
}

#: How each rounding kind breaks an exact half, in the words the Setup sheet's note and the results
#: page both use (the page says "board figures rounded to 1 decimal, halves away from zero").
ROUNDING_TIES: dict[str, str] = {kind: tie for kind, (_, tie, _) in _ROUNDINGS.items()}

#: Each rounding kind's rule: the sheet writes these expressions; :func:`round_by_rule` evaluates them exactly
#: on Fractions, and :func:`mpxl.core.rounding.round_ratio` is their integer fast path (a test proves they agree).
ROUNDING_KINDS: dict[str, Expr] = {kind: Expr(rule, words.format(tie=tie))
                                   for kind, (rule, tie, words) in _ROUNDINGS.items()}


def round_by_rule(kind: str, x: Fraction | int, decimals: int, average: Fraction | int = 0) -> Fraction:
    """``x`` rounded to ``decimals`` by the rule of ``kind`` (a key of :data:`ROUNDING_KINDS`), exactly.

    >>> round_by_rule("half-up", Fraction(-9, 4), 1), round_by_rule("ebu", Fraction(-9, 4), 1)
    (Fraction(-23, 10), Fraction(-11, 5))
    >>> round_by_rule("half-even", Fraction(1, 8), 2), round_by_rule("ebu", Fraction(161, 20), 1, 8)
    (Fraction(3, 25), Fraction(8, 1))
    """
    x, unit = Fraction(x), Fraction(10) ** decimals
    v = ROUNDING_SCALED.py(x=x, Unit=unit)
    return Fraction(ROUNDING_KINDS[kind].py(x=x, v=v, Unit=unit, average=Fraction(average)))


# ------------------------------------------------------ sections and sessions

#: How an event's sections are compared (``ScoringOptions.field`` and the Setup choice). A field is
#: what a board's results are matchpointed within; its N is the most lines on any of its boards in
#: the session, its top scale x (N - 1).
FIELD_SCORING = {
    "section": "each section apart: a board is matchpointed within its section (N and the top per section)",
    "event": "across the field: a board's results in every section are matchpointed together",
}

#: Several sessions add up (each session is matchpointed on its own, with its own N).
SESSIONS = ("a pair's total is the sum of its sessions' matchpoints and its maximum the sum of its sessions' "
            "maxima; the earlier sessions' total is carried forward into the latest")


# ------------------------------------------------------- contracts and boards

_STRAIN_SPELLINGS = (("C", Strain.C), ("D", Strain.D), ("H", Strain.H), ("S", Strain.S),
                     ("N", Strain.NT), ("NT", Strain.NT))


def contract_keys() -> list[tuple[str, int, Strain, int]]:
    """Every contract the sheet reads, as (key, level, strain, doubled): ``3NT``, ``3N``, ``4SX``, ``4S*``,
    ``6HXX``, ``6HR``: a level, a strain letter and a doubling mark of :data:`mpxl.core.contract.DOUBLING_MARKS`
    (the sheet reads the strain letters; :mod:`mpxl.core.contract` also reads spelled-out strains and suit symbols).

    >>> keys = contract_keys(); keys[0], keys[1], len(keys)
    (('1C', 1, <Strain.C: 'C'>, 0), ('1CX', 1, <Strain.C: 'C'>, 1), 294)
    """
    return [(f"{level}{spelling}{mark}", level, strain, doubled)
            for level in range(1, 8) for spelling, strain in _STRAIN_SPELLINGS
            for mark, doubled in DOUBLING_MARKS.items()]


def contract_score_table() -> list[tuple[str, list[int]]]:
    """Per contract key, the declarer's score for 0-13 tricks not vulnerable, then vulnerable.

    Made by :func:`mpxl.core.contract.score` (Law 77), so the sheet looks the score up and never
    writes the table again. Worked out once a process (16,464 scores; every workbook's Help
    sheet and defined names read it), each call given its own lists.

    >>> dict(contract_score_table())["3NT"][9], dict(contract_score_table())["4S*"][14 + 8]
    (400, -500)
    """
    return [(key, list(scores)) for key, scores in _contract_scores()]


@cache
def _contract_scores() -> tuple[tuple[str, tuple[int, ...]], ...]:
    # the contract made, not spelt out and parsed again: 8,232 scores, a third of the time
    return tuple((key, tuple(score(Contract(level, strain, doubled), Direction.N, t, vul)
                             for vul in (False, True) for t in range(14)))
                 for key, level, strain, doubled in contract_keys())


def board_cycle_table() -> list[tuple[int, str, str]]:
    """(board 1-16, dealer, vulnerability) of :data:`mpxl.core.contract.BOARD_CYCLE`.

    >>> board_cycle_table()[3]
    (4, 'W', 'All')
    """
    return [(i + 1, d.value, v.value) for i, (d, v) in enumerate(BOARD_CYCLE)]


#: Words of every rule, for the Help sheet and docs/template.md.
def describe() -> list[tuple[str, str]]:
    """(rule, words) of the rules whose Excel form the sheet uses."""
    out = [("k, " + m, f"{e.text} ({e.words})") for m, e in K_RULES.items()]
    out.append(("estimate", ESTIMATE.words))
    out += [(f"small groups, {name}", e.words) for name, e in SMALL_GROUP_RULES.items()]
    return out

