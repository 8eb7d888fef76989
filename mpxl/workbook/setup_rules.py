"""What each Setup input cell takes: the one table that Excel's validation of the cell is made from
(:func:`mpxl.workbook.sheets.setup_sheet`) and that the reader checks a Setup by (:func:`unread`), so that a value
the sheet's formulas cannot read as mpxl reads it is named, not left to show as ``#N/A`` or a default.

The formulas read a Setup cell as it is: ``MATCH(Method, MethodNames, 0)``, ``IF(EstimateAt="totals", ...)``,
``ISNUMBER(Expected)``. Excel's drop-down keeps a typed value to the list, but a value pasted in, or typed into a cell
formatted as text, is not checked: ``factor `` with a space after it (``#N/A`` in every figure), the text ``'2`` for
the number 2 (the same), ``totals `` (read as the default, lines, where mpxl reads totals), the text ``'8`` in
Expected (ignored: N counted from the lines, where mpxl takes 8). Both spreadsheets compare words without regard to
case, so ``Factor`` is read.

>>> unread(RULES["method"], "factor ")
("'factor ' has a space after it", 'factor')
>>> unread(RULES["scale"], "2"), unread(RULES["expected"], " 8")
(("the text '2', not the number 2", 2), ("the text ' 8', not the number 8", 8))
>>> [unread(RULES["method"], v) for v in ("Factor", None, "")], unread(RULES["scale"], 2.0)
([None, None, None], None)
"""

from __future__ import annotations

from dataclasses import dataclass

from ..core.options import Setting
from ..core.rules import ARTIFICIAL_CODES, FIXED_TOP_SCALES, SCALES
from ..core.settings import AvePolicy, Field, Scale, SmallGroups
from .places import (
    AVE_POLICY_NAMES,
    CONVENTIONS,
    FIELD_NAMES,
    METHOD_NAMES,
    ROUNDING_RULES,
    SETUP_CELL_OF,
    SETUP_SETTINGS,
    SMALL_GROUP_NAMES,
    convention_type,
)

__all__ = ["Rule", "RULES", "unread", "SCALE_LIST", "SCALE_MESSAGE", "SETUP_SCALE_LIST", "SETUP_SCALE_MESSAGE",
           "CONVENTION_CHOICES", "ONE_WINNER", "BOTH_SIDES", "LISTED_TWICE"]

#: The scales a Scale cell takes, as the sheet spells them (the rulebook's SCALES): 1, 2, signed.
_SCALE_NUMBERS = sorted((Scale(v).number for v in SCALES), key=lambda x: (isinstance(x, str), x))
SCALE_LIST = '"' + ",".join(map(str, _SCALE_NUMBERS)) + '"'
SCALE_MESSAGE = ("Scale is 1 (single), 2 (double) or signed (+1 per score beaten, -1 per score that beats it; "
                 "an average is 0).")
#: The scales the Setup's Scale cell takes: the matchpoint scales, then the rulebook's fixed-top ones (percent:
#: every board factored to a top of 100). The Methods sheet compares the matchpoint scales alone.
_SETUP_SCALES = (*_SCALE_NUMBERS, *(Scale(v).number for v in FIXED_TOP_SCALES))
SETUP_SCALE_LIST = '"' + ",".join(map(str, _SETUP_SCALES)) + '"'
SETUP_SCALE_MESSAGE = SCALE_MESSAGE[:-1].replace(" or signed", ", signed") + (
    "), or percent (each line the board's percentage: top 100).")

#: What a Setup with one winner makes of a pair number seen twice (on both sides of a line, or listed twice on Pairs),
#: in words: the sheet's (a line's Why, the Travellers' check above the per-board block) and the workbook reader's.
ONE_WINNER = ("Setup's Winners is 1 (one ranking: each pair number is one pair, as in a Howell); with a Mitchell's "
              "numbering (NS 1, 2, 3... and EW 1, 2, 3...) set Winners to 2 (NS and EW ranked apart), else give each "
              "pair a number of its own")
#: A line whose NS and EW pair are one number while Setup has one winner: ``BOTH_SIDES.format(pair)``.
BOTH_SIDES = "pair {} is both NS and EW on the line, and " + ONE_WINNER
#: A pair number listed twice on Pairs (in one section) while Setup has one winner: ``LISTED_TWICE.format(pair)``.
LISTED_TWICE = "pair {} is listed twice on Pairs, and " + ONE_WINNER

#: The conventions' Setup cells validated by a list of their own (a Help table's, or with words of their own).
_LISTED_APART = (SmallGroups, AvePolicy, Field)
#: The other conventions' Setup choices, by Setup key in row order: each the words of mpxl's option, less the
#: values the sheet does not take (its declaration's ``off_values``: ``never`` is Method none).
CONVENTION_CHOICES = {
    key: tuple(v.value for v in convention_type(s) if v not in s.off_values)
    for key, s in CONVENTIONS.items() if s.kind not in _LISTED_APART
}


@dataclass(frozen=True)
class Rule:
    """A Setup input cell's rule. A list (``listed``: a name of the workbook's, ``MethodNames``, or the choices in
    quotes, ``"1,2"``; ``choices`` its values as the formulas match them, numbers as numbers), or a number
    (``kind`` whole or decimal, Excel's ``operator`` and bounds); ``blank`` whether the cell may be left empty;
    ``title`` and ``message`` what Excel says of a value it refuses (and shows as the cell's prompt)."""

    key: str
    message: str
    title: str = "Not in the list"
    listed: str = ""
    choices: tuple[int | str, ...] = ()
    kind: str = ""
    operator: str = ""
    bounds: tuple[str, ...] = ()
    blank: bool = False


def _key(kind: type) -> str:
    """The Setup key of the convention whose value is a ``kind`` (its declaration's cell)."""
    setting: Setting = SETUP_SETTINGS[SETUP_CELL_OF[kind]]
    return setting.sheet or ""


def _listed(words: tuple[int | str, ...]) -> str:
    return '"' + ",".join(map(str, words)) + '"'


def _decimals(key: str, what: str) -> Rule:
    return Rule(key, f"{what} is a whole number 0-6, or blank.", what, kind="whole", operator="between",
                bounds=("0", "6"), blank=True)


def _ave(key: str, what: str, code: str) -> Rule:
    pct = ARTIFICIAL_CODES[code]
    return Rule(key, f"{what} is the rulebook's {pct:g} (mpxl reads no other); a line's own percentages go in its "
                "Adjustment (65/35, A65).", what, kind="decimal", operator="equal", bounds=(f"{pct:g}",))


#: Every Setup input cell's rule, by key, in the order the sheet's validations are written.
RULES: dict[str, Rule] = {r.key: r for r in (
    Rule("scale", SETUP_SCALE_MESSAGE, listed=SETUP_SCALE_LIST, choices=_SETUP_SCALES),
    Rule("winners", "Winners is 1 (one ranking) or 2 (NS and EW apart).", listed='"1,2"', choices=(1, 2)),
    Rule("method", "Choose one of the methods.", listed="MethodNames", choices=tuple(METHOD_NAMES)),
    Rule("rounding", ", ".join(ROUNDING_RULES) + ".", listed="RoundingNames", choices=tuple(ROUNDING_RULES)),
    Rule(_key(SmallGroups), ", ".join(SMALL_GROUP_NAMES) + ".", listed="SmallGroupNames",
         choices=tuple(SMALL_GROUP_NAMES)),
    Rule(_key(AvePolicy), " or ".join(AVE_POLICY_NAMES) + ".", listed="AvePolicyNames",
         choices=tuple(AVE_POLICY_NAMES)),
    Rule(_key(Field), f"{FIELD_NAMES[0]} (each section apart) or {FIELD_NAMES[1]} (across the field).",
         listed=_listed(tuple(FIELD_NAMES)), choices=tuple(FIELD_NAMES)),
    Rule("decimals", "Decimals is a whole number 0-6.", "Decimals", kind="whole", operator="between",
         bounds=("0", "6")),
    *(Rule(key, " or ".join(words) + ".", listed=_listed(words), choices=words)
      for key, words in CONVENTION_CHOICES.items()),
    Rule("totals_rounding", ", ".join(ROUNDING_RULES) + " (blank: as the lines).", listed="RoundingNames",
         choices=tuple(ROUNDING_RULES), blank=True),
    _decimals("totals_decimals", "Totals decimals"),
    _decimals("pct_decimals", "Percentage decimals"),
    _decimals("line_pct_decimals", "Line % decimals"),
    Rule("expected", "A whole number of results, at least 1 (or blank).", "Expected results", kind="whole",
         operator="greaterThanOrEqual", bounds=("1",), blank=True),
    _ave("ave_plus", "Ave+ %", "A+"),
    _ave("ave_minus", "Ave- %", "A-"),
)}


def _number(text: str) -> int | float | None:
    try:
        x = float(text)
    except ValueError:
        return None
    return int(x) if x.is_integer() else x


def unread(rule: Rule, value: object) -> tuple[str, int | float | str] | None:
    """Why the sheet's formulas do not read ``value`` in a cell of ``rule`` as mpxl reads it (a number held as text
    where a number is wanted, a word with spaces around it), and the value mpxl reads; None when they read it as it
    is, and for a value that is no choice at all (the reader refuses it, naming it)."""
    if not isinstance(value, str) or value == "":
        return None
    numbers = rule.kind or any(not isinstance(c, str) for c in rule.choices)
    as_number = _number(value)
    if numbers and as_number is not None and (rule.kind or as_number in rule.choices):
        return f"the text {value!r}, not the number {as_number}", as_number
    word = value.strip()
    if word != value and word.lower() in {str(c).lower() for c in rule.choices}:
        where = "before and after" if value.lstrip() != value and value.rstrip() != value else (
            "before" if value.lstrip() != value else "after")
        return f"{value!r} has a space {where} it", word
    return None
