"""Text from an input file is data in every output: never a formula, never a broken tag.

One place for the rule each writer follows with text that came from a file
(names, sections, titles, pair labels, contracts, leads, adjustment codes):

* ``.xlsx``: :func:`xlsx_text` checks the text (a control character other than tab,
  line feed and carriage return cannot be stored in a cell: ValueError naming it) and the
  writer stores it as a string cell, never a formula or an error code, whatever it
  starts with (``=``, ``+``, ``-``, ``@``, a tab or a carriage return are text);
* ``.csv``: :func:`csv_text` neutralises a text cell the way the OWASP CSV-injection
  guidance says (a single quote before it when it starts with ``=``, ``+``, ``-``, ``@``,
  a tab or a carriage return, and the cell quoted); numbers (scores such as -620,
  matchpoints such as -2.00 on the signed scale) are written as numbers, whether they come as
  numbers or as their text: a spreadsheet reads ``-2.00`` as the number, never a formula.
  :func:`csv_untext` undoes the quote, so mpxl reads its own CSV back equal; a text that itself
  starts with quotes before such a character gets one more, so nothing is lost;
* ``.pbn`` and ``.xml``: :func:`check_line_text` refuses a line end or control character in
  a text that must fit on one line (a PBN tag or cell); the XML writer escapes quotes and
  ``<&>`` in attributes and content.

>>> csv_text("=HYPERLINK(1)"), csv_text("Smith"), csv_text(-620), csv_text("'=x"), csv_text("-2.00")
('"\\'=HYPERLINK(1)"', 'Smith', -620, '"\\'\\'=x"', '-2.00')
>>> csv_untext("'=HYPERLINK(1)"), csv_untext("''=x"), csv_untext("'Brien")
('=HYPERLINK(1)', "'=x", "'Brien")
>>> xlsx_text("=2+5"), xlsx_text(7)
('=2+5', 7)
>>> xlsx_text("a\\x01b")
Traceback (most recent call last):
...
ValueError: 'a\\x01b' holds the control character U+0001, which an .xlsx cell cannot hold
"""

from __future__ import annotations

from typing import TYPE_CHECKING, TypeGuard, TypeVar

from ..core.patterns import Pattern

if TYPE_CHECKING:
    from openpyxl.cell.cell import Cell

__all__ = ["FORMULA_START", "needs_csv_escape", "csv_text", "csv_untext", "xlsx_text", "as_text_cell",
           "check_line_text", "xml_content", "xml_attribute", "pbn_string", "pbn_unescape"]

#: A cell starting with one of these may be read as a formula by a spreadsheet (OWASP).
FORMULA_START = ("=", "+", "-", "@", "\t", "\r")

_CSV_ESCAPED = Pattern(r"'*[=+\-@\t\r]")
#: A number written as text (``-2.00``, ``+4``): a spreadsheet reads it as the number it is.
_PLAIN_NUMBER = Pattern(r"[+-]?[0-9]+(?:\.[0-9]+)?")
#: openpyxl's illegal characters, and the ones XML 1.0 has not (surrogates, U+FFFE, U+FFFF)
_XLSX_ILLEGAL = Pattern(r"[\x00-\x08\x0b\x0c\x0e-\x1f\ud800-\udfff\ufffe\uffff]")
_LINE_ILLEGAL = Pattern(r"[\x00-\x08\x0a-\x1f\x7f\x85\u2028\u2029]")  # with what str.splitlines takes for a line end

_V = TypeVar("_V")


def needs_csv_escape(value: object) -> TypeGuard[str]:
    """True for a text that :func:`csv_text` writes with a quote before it: one that starts like a
    formula and is not a plain number (a signed figure such as ``-2.00`` stays a number).

    >>> [needs_csv_escape(t) for t in ("-2.00", "+4", "-x", "-2+3", "-1e5", "=1", -2)]
    [False, False, True, True, True, True, False]
    """
    return type(value) is str and _CSV_ESCAPED.match(value) is not None and _PLAIN_NUMBER.fullmatch(value) is None


def csv_text(value: _V) -> _V | str:
    """A CSV cell for ``value`` (text from a file): a formula-like text as ``"'text"`` (the
    quote inside the cell, the cell in double quotes), anything else unchanged."""
    if isinstance(value, str) and needs_csv_escape(value):
        return '"' + ("'" + value).replace('"', '""') + '"'
    return value


def csv_untext(text: str) -> str:
    """A CSV cell's text as mpxl wrote it: the quote :func:`csv_text` put before a formula-like text removed."""
    if text[:1] == "'" and _CSV_ESCAPED.match(text, 1):
        return text[1:]
    return text


#: The most characters an Excel cell holds (Excel's specification); a longer text would be cut.
XLSX_MAX_TEXT = 32767


def xlsx_text(value: _V) -> _V:
    """``value`` checked for an .xlsx cell: ValueError for a character a cell cannot hold (a control
    character, U+FFFE / U+FFFF) or a text longer than a cell holds (never cut without a word).

    >>> xlsx_text("Ann")
    'Ann'
    >>> xlsx_text("x" * 40000)
    Traceback (most recent call last):
    ...
    ValueError: 'xxxxxxxxxxxxxxxxxxxx...' (40000 characters) is longer than the 32767 characters an .xlsx cell holds
    """
    if isinstance(value, str):
        bad = _XLSX_ILLEGAL.search(value)
        if bad:
            kind = "control character" if bad.group() < " " else "character"
            raise ValueError(f"{value[:60]!r} holds the {kind} U+{ord(bad.group()):04X}, "
                             "which an .xlsx cell cannot hold")
        if len(value) > XLSX_MAX_TEXT:
            raise ValueError(f"{value[:20] + '...'!r} ({len(value)} characters) is longer than the {XLSX_MAX_TEXT} "
                             "characters an .xlsx cell holds")
    return value


def as_text_cell(cell: Cell, value: object) -> Cell:
    """Put ``value`` (text from a file) in openpyxl's ``cell`` as data: a text stays a string
    cell (never a formula, never an error code such as ``#N/A``)."""
    cell.value = xlsx_text(value)
    if isinstance(value, str):
        cell.data_type = "s"
    return cell


def check_line_text(value: _V, what: str, fmt: str) -> _V:
    """``value`` if it can stand on one line of a ``fmt`` file; ValueError naming ``what`` otherwise.

    >>> check_line_text("A", "section", ".pbn")
    'A'
    >>> check_line_text("A\\nB", "section", ".pbn")
    Traceback (most recent call last):
    ...
    ValueError: section 'A\\nB' holds a line end or control character (U+000A), which a .pbn file cannot hold
    """
    if isinstance(value, str):
        bad = _LINE_ILLEGAL.search(value)
        if bad:
            raise ValueError(f"{what} {value!r} holds a line end or control character (U+{ord(bad.group()):04X}), "
                             f"which a {fmt} file cannot hold")
    return value


def xml_content(value: object) -> str:
    """``value`` as XML element content: ``<&>`` escaped; ValueError for a character XML 1.0 cannot hold.

    >>> xml_content('A"B <&>')
    'A"B &lt;&amp;&gt;'
    """
    text = str(value)
    bad = _XLSX_ILLEGAL.search(text)
    if bad:
        raise ValueError(
            f"{text[:60]!r} holds the {'control character' if bad.group() < ' ' else 'character'} "
            f"U+{ord(bad.group()):04X}, which an XML file cannot hold"
        )
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def xml_attribute(value: object) -> str:
    """``value`` as the inside of a double-quoted XML attribute (quotes, tabs and line ends as references).

    >>> xml_attribute('A"B')
    'A&quot;B'
    """
    return (xml_content(value).replace('"', "&quot;").replace("\t", "&#9;").replace("\n", "&#10;")
            .replace("\r", "&#13;"))


def pbn_string(value: object, what: str) -> str:
    r"""``value`` as the inside of a PBN string (a tag value or a quoted cell): a backslash and a quote
    escaped with a backslash (PBN 2.1, section 3.2); ValueError for a line end or control character.

    >>> print(pbn_string('A"B\\C', "section"))
    A\"B\\C
    """
    text = check_line_text(str(value), what, ".pbn")
    return text.replace("\\", "\\\\").replace('"', '\\"')


_PBN_ESCAPE = Pattern(r'\\([\\"])')


def pbn_unescape(text: str) -> str:
    r"""A PBN string's text: ``\"`` is a quote, ``\\`` a backslash; any other backslash stays.

    >>> print(pbn_unescape(r'A\"B\\C\2R'))
    A"B\C\2R
    """
    return _PBN_ESCAPE.sub(r"\1", text) if "\\" in text else text
