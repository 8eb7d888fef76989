"""The one strict reading of a number typed by a person or written in a file (no I/O).

Python's ``int()`` and ``float()`` take more than a scorer means: ``int("1_0")`` is 10, ``int("１０")``
(fullwidth) is 10, ``int("٣")`` (Arabic-Indic) is 3, ``float("nan")`` and ``float("1e999")`` are
numbers, and ``int(" 10\\n")`` drops the spaces. Every number mpxl reads from the command line or
a file goes through :func:`whole` or :func:`figure` instead (the argparse types
:func:`whole_argument`, :func:`count_argument` and :func:`figure_argument` wrap them): ASCII
digits, an optional sign, ASCII spaces or tabs around and nothing else.

>>> whole("12"), whole(" 7\\t"), whole(12), whole(12.0)
(12, 7, 12, 12)
>>> [refused(whole, t) for t in ("1_0", "\\uff11\\uff10", "\\u0663", "1 0", "10.0", "+", "", True)]
['1_0', '１０', '٣', '1 0', '10.0', '+', '', 'True']
>>> whole("10.0", decimal_zero=True), figure("-2.5"), figure("1e2")
(10, -2.5, 100.0)
>>> [refused(figure, t) for t in ("nan", "inf", "1e999", "1_0.5", "\\uff11", "0x10", "1,5")]
['nan', 'inf', '1e999', '1_0.5', '１', '0x10', '1,5']
"""

from __future__ import annotations

import argparse
import math
from collections.abc import Callable
from numbers import Integral
from typing import Any

from .patterns import Pattern

__all__ = [
    "WHOLE_PATTERN",
    "FIGURE_PATTERN",
    "whole",
    "figure",
    "whole_argument",
    "count_argument",
    "figure_argument",
    "NUMBER_ARGUMENTS",
    "refused",
]

#: A whole number: an optional sign and ASCII digits (at most 18: no int of a 5,000-digit text).
WHOLE_PATTERN = Pattern(r"[+-]?[0-9]{1,18}")
#: Digits beyond what :data:`WHOLE_PATTERN` takes (``99999999999999999999``: refused for its length).
_LONG_WHOLE = Pattern(r"[+-]?[0-9]{19,}")
#: The same with a decimal point and zeros only after it (``10.0``, as a spreadsheet writes a whole number).
_WHOLE_ZERO = Pattern(r"[+-]?[0-9]{1,18}(?:\.0*)?")
#: A figure: ASCII digits, an optional sign, decimals and an exponent of at most 3 digits
#: (``-2.0``, ``11.60``, ``1e2``); not ``4_2``, a fullwidth digit, ``nan``, ``inf`` or ``0x10``.
FIGURE_PATTERN = Pattern(r"[+-]?(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+)(?:[eE][+-]?[0-9]{1,3})?")
_AROUND = " \t"  # what may stand around a number: ASCII spaces and tabs only (a CSV cell's padding)


def _shown(value: object) -> str:
    text = repr(value) if isinstance(value, str) else str(value)
    return text if len(text) <= 42 else f"{text[:40]}... ({len(text)} characters)"


def whole(value: object, what: str = "", *, decimal_zero: bool = False) -> int:
    """``value`` as an int: an int (not a bool), an integral float, or text of ASCII digits with an
    optional sign (``decimal_zero``: also ``10.0``, as a spreadsheet writes one); ValueError naming
    ``what`` and quoting the value otherwise (``1_0``, ``１０``, ``1 0``, ``1e1`` are refused).

    >>> whole("-3", "--seed")
    -3
    >>> whole("1_0", "--tables")
    Traceback (most recent call last):
    ...
    ValueError: --tables '1_0' is not a whole number (ASCII digits, such as 10)
    >>> whole("9" * 20, "--seed")
    Traceback (most recent call last):
    ...
    ValueError: --seed '99999999999999999999' has more than 18 digits: far beyond anything a bridge event counts
    """
    if isinstance(value, bool):
        pass
    elif isinstance(value, Integral):
        return int(value)
    elif isinstance(value, float):
        if value.is_integer():
            return int(value)
    elif isinstance(value, str):
        text = value.strip(_AROUND)
        if (_WHOLE_ZERO if decimal_zero else WHOLE_PATTERN).fullmatch(text):
            return int(text.split(".")[0])
        if _LONG_WHOLE.fullmatch(text):  # digits, too many of them: said so, not "not a whole number"
            raise ValueError(f"{what + ' ' if what else ''}{_shown(value)} has more than 18 digits: far beyond "
                             "anything a bridge event counts")
    raise ValueError(f"{what + ' ' if what else ''}{_shown(value)} is not a whole number (ASCII digits, such as 10)")


def figure(value: object, what: str = "") -> float:
    """``value`` as a finite float: an int or float, or text of :data:`FIGURE_PATTERN`; ValueError
    naming ``what`` and quoting the value otherwise.

    >>> figure("0.5", "--every")
    0.5
    >>> figure("inf", "--every")
    Traceback (most recent call last):
    ...
    ValueError: --every 'inf' is not a number (ASCII digits, such as 0.5 or 12)
    """
    number: float | None = None
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        number = float(value)
    elif isinstance(value, str) and FIGURE_PATTERN.fullmatch(value.strip(_AROUND)):
        number = float(value.strip(_AROUND))
    if number is None or not math.isfinite(number):
        raise ValueError(f"{what + ' ' if what else ''}{_shown(value)} is not a number (ASCII digits, such as 0.5 "
                         "or 12)")
    return number


def _argument(read: Callable[[str], Any]) -> Callable[[str], Any]:
    def parse(text: str) -> Any:
        try:
            return read(text)
        except ValueError as exc:
            raise argparse.ArgumentTypeError(str(exc)) from None
    return parse


def whole_argument(text: str) -> int:
    """An argparse type: a whole number (:func:`whole`); argparse names the flag of a bad one.

    >>> whole_argument("-2")
    -2
    >>> whole_argument("1_0")
    Traceback (most recent call last):
    ...
    argparse.ArgumentTypeError: '1_0' is not a whole number (ASCII digits, such as 10)
    """
    return int(_argument(whole)(text))


def count_argument(text: str) -> int:
    """An argparse type: a whole number of at least 0 (tables, boards, rounds, trials).

    >>> count_argument("-1")
    Traceback (most recent call last):
    ...
    argparse.ArgumentTypeError: '-1' is not a whole number of 0 or more
    """
    n = whole_argument(text)
    if n < 0:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number of 0 or more")
    return n


def figure_argument(text: str) -> float:
    """An argparse type: a finite number (:func:`figure`)."""
    return float(_argument(figure)(text))


#: Every argparse type here: each command's number options use one of them (tests/test_numbers.py walks
#: the parser and refuses ``type=int``, ``type=float`` and a number option with no type).
NUMBER_ARGUMENTS = (whole_argument, count_argument, figure_argument)


def refused(read: Callable[[Any], object], value: object) -> str:
    """``str(value)`` when ``read`` refuses it with a ValueError, else what it read (for the doctests)."""
    try:
        return repr(read(value))
    except ValueError:
        return str(value)
