"""Helpers shared by the readers and writers: entries, numbers, encodings, duplicate lines.

>>> decimals_of("11.60"), decimals_of("7"), decimals_of(None)
(2, 0, 0)
>>> number_or_none(" 28.3 "), number_or_none("-")
(28.3, None)
"""

from __future__ import annotations

import os
import re
import stat
from collections.abc import Callable, Sequence
from fractions import Fraction
from functools import lru_cache
from itertools import compress, repeat
from operator import is_
from typing import TYPE_CHECKING, Any, cast

from ..core.adjustments import NOT_A_CODE, Artificial, LineScore, ScoreText, read_score
from ..core.contract import (
    PASS_SPELLINGS,
    Direction,
    Vulnerability,
    board_vulnerability,
    ns_score,
    possible_ns_scores,
    tricks_from_result,
)
from ..core.errors import UserError
from ..core.event import Event, Line, Pair, Penalty, SitOut, Travellers, gather
from ..core.patterns import Pattern
from ..core.ranking import sitout_credits
from ..core.rounding import round_fraction
from ..core.rules import (
    BEYOND_ANY_CONTRACT,
    NOT_A_BOARD,
    NOT_WHOLE,
    NUMBER_LIKE,
    WHOLE_TEXT,
    code_key,
    is_blank,
    is_not_played,
)
from ..core.rules import MAX_SCORE as RULEBOOK_MAX_SCORE
from ..core.settings import RoundingKind

if TYPE_CHECKING:  # typing only: a reader needs no scorer
    from ..core.options import ScoringOptions
    from ..core.ranking import PairResult
    from ..core.rounding import Rounding
    from ..core.scorer import BoardPlace, ScoredColumns
    from ..core.session import SessionResult

__all__ = [
    "CSV_DELIMITERS",
    "written_decimals",
    "EventToWrite",
    "decimals_of",
    "figure_text",
    "number_or_none",
    "fraction_or_none",
    "check_entry",
    "score_from_contract",
    "decode_text",
    "format_number",
    "entry_text",
    "exact_text",
    "whole_number",
    "WIDE_BOMS",
]



def decimals_of(text: object) -> int:
    """How many decimals a number written as text carries, read as the figure is (:func:`_figure_text`: a decimal
    comma as a point, as a spreadsheet in a comma locale writes it).

    >>> decimals_of("10,43"), decimals_of("-6,0"), decimals_of(' "7.5" '), decimals_of("1,000,5")
    (2, 1, 1, 0)
    """
    if text is None:
        return 0
    s = _decimal_point(str(text).strip().strip('"').strip())
    return len(s.split(".", 1)[1]) if "." in s else 0


def _decimal_point(s: str) -> str:
    """A figure's text with its decimal comma (``11,60``: digits, one comma, digits) made a point; any other text
    as it is."""
    return s.replace(",", ".") if "," in s and re.fullmatch(r"[+-]?[0-9]+,[0-9]+", s) else s


#: A figure as the readers take it: ASCII digits, an optional sign, decimals and exponent (``-2.0``,
#: ``11.60``, ``1e2``); not ``4_2``, a fullwidth or Arabic-Indic digit, ``1/0``, ``nan`` or ``inf``.
#: An exponent of at most 3 digits: a larger one is no figure (and an exact ``1e999999999`` would
#: take an int of a billion digits).
_FIGURE = Pattern(r"[+-]?(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+)(?:[eE][+-]?[0-9]{1,3})?")


def _figure_text(text: object) -> str | None:
    """The text of a published figure, checked (:data:`_FIGURE`; a decimal comma as a point), or
    None for blank / ``-``; ValueError quoting ``text`` otherwise. The one rule every reader's
    figures follow (:func:`number_or_none`, :func:`fraction_or_none`)."""
    if text is None:
        return None
    s = str(text).strip().strip('"').strip()
    if s in ("", "-"):
        return None
    s = _decimal_point(s)
    if _FIGURE.fullmatch(s) is None or float(s) in (float("inf"), float("-inf")):
        raise ValueError(f"{_short(str(text))!r} is not a number; expected a figure such as 7 or 11.60")
    return s


def number_or_none(text: object) -> float | None:
    """A published figure as a float, or None for blank / ``-``; ValueError if not a number
    (:func:`_figure_text`: ``nan``, ``1e400``, ``4_2``, a fullwidth digit are not).

    >>> number_or_none("-2.0"), number_or_none("11,60")
    (-2.0, 11.6)
    >>> number_or_none("1e400")
    Traceback (most recent call last):
    ...
    ValueError: '1e400' is not a number; expected a figure such as 7 or 11.60
    """
    s = _figure_text(text)
    return None if s is None else float(s)


def fraction_or_none(text: object) -> Fraction | None:
    """A figure kept exact (a penalty row's amount): :func:`number_or_none`'s rule, as a Fraction.

    >>> fraction_or_none("-0.1"), fraction_or_none(" "), fraction_or_none(4)
    (Fraction(-1, 10), None, Fraction(4, 1))
    >>> [_refused(fraction_or_none, t) for t in ("1/0", "1e999999999", "1_0", "\uff10")]
    ['1/0', '1e999999999', '1_0', '\uff10']
    """
    s = _figure_text(text)
    return None if s is None else Fraction(s)


def _refused(parse: Callable[[object], object], text: object) -> object:
    """``text`` if ``parse`` refuses it with a ValueError (for the doctests), else what it gives."""
    try:
        return parse(text)
    except ValueError:
        return text


def check_entry(value: object, source: str, where: str) -> LineScore:
    """One traveller score read once, the way the scorer reads it (:func:`mpxl.core.adjustments.read_score`:
    text kept as written, with its parse); UserError naming the place when it is no score.

    >>> check_entry("A6040", "f.xml", "BOARD 1"), check_entry(-50, "f.xml", "BOARD 1")
    ('A6040', -50)
    >>> check_entry("A6040", "f.xml", "BOARD 1").entry
    Artificial(ns=Fraction(60, 1), ew=Fraction(40, 1))
    >>> check_entry("AQQ", "f.xml", "BOARD 18, TRAVELLER_LINE 8")
    Traceback (most recent call last):
    ...
    mpxl.core.errors.UserError: f.xml: BOARD 18, TRAVELLER_LINE 8: 'AQQ' is not a score or a known artificial code; ...
    """
    try:
        score = read_score(value)
        if isinstance(score, ScoreText) and score.error:
            raise ValueError(score.error)
    except ValueError as exc:
        text = str(value).strip()
        if re.match(r"^[A-Za-z]", text) and not re.search(r"\d+\s*%", text):
            raise UserError(source, where, f"{text!r} {NOT_A_CODE}") from None
        raise UserError(source, where, str(exc)) from None
    return score


#: :func:`mpxl.core.contract.ns_score` worked out once per contract, declarer, tricks and vulnerability (a file's
#: lines repeat them: the readers score each line's contract, or check it against the line's score).
_ns_score = lru_cache(maxsize=1 << 12)(ns_score)


def score_from_contract(board: int, contract: str, declarer: str | None, tricks: int | str | None, source: str,
                        where: str, vulnerability: Vulnerability | None = None) -> int:
    """The NS score of a contract played on ``board``: with ``vulnerability`` (the file's own, a PBN
    ``[Vulnerable]`` tag), else the board number's.

    >>> score_from_contract(4, "3NT", "E", 11, "f.csv", "line 2")
    -660
    >>> score_from_contract(1, "3NT", "N", 7, "f.pbn", "line 7"), score_from_contract(
    ...     1, "3NT", "N", 7, "f.pbn", "line 7", Vulnerability.BOTH)
    (-100, -200)
    """
    try:
        return _ns_score(contract, declarer, tricks, board_vulnerability(board) if vulnerability is None
                        else vulnerability)
    except ValueError as exc:
        raise UserError(source, where, str(exc)) from None


def contract_text(contract: str, declarer: str | None, tricks: int | str | None) -> str:
    """A contract as a message names it: ``4S by N taking 10 tricks``.

    >>> contract_text("4S", "N", 10), contract_text("3NT", None, "+1")
    ('4S by N taking 10 tricks', '3NT, +1')
    """
    return contract + (f" by {declarer}" if declarer else "") + (
        f" taking {tricks} tricks" if isinstance(tricks, int) else f", {tricks}" if tricks else "")


def contract_warning(board: int, ns: str, ew: str, contract: str | None, declarer: str | None,
                     tricks: int | None, score: object, where: str, vulnerability: Vulnerability | None = None
                     ) -> str | None:
    """A warning when a published line's contract, declarer and tricks score other than its published
    score (an int); None when they agree, or when they cannot be scored (no declarer, no tricks, a
    contract mpxl does not read). A published file is its program's record and its matchpoints
    follow its score, so the score is kept and the disagreement named (a typed CSV is refused
    instead: :func:`mpxl.formats.csvfile.check_contract_score`).

    >>> contract_warning(1, "7", "3", "4S", "N", 12, 450, "BOARD 1, TRAVELLER_LINE 1")
    'BOARD 1, TRAVELLER_LINE 1: warning: board 1, NS 7 v EW 3: 4S by N taking 12 tricks scores 480 (None \
vulnerable), but the published score is 450; the published score is kept'
    >>> contract_warning(1, "7", "3", "4S", "N", 12, 480, "BOARD 1"), contract_warning(1, "7", "3", "4S", None, 12,
    ...                                                                                   450, "BOARD 1")
    (None, None)
    """
    if contract is None or type(score) is not int or (tricks is None and not is_passed_out(contract)):
        return None
    vul = board_vulnerability(board) if vulnerability is None else vulnerability
    try:
        computed = _ns_score(contract, declarer, tricks, vul)
    except ValueError:
        return None
    if computed == score:
        return None
    return (f"{where}: warning: board {board}, NS {ns} v EW {ew}: {contract_text(contract, declarer, tricks)} "
            f"scores {computed} ({vul.value} vulnerable), but the published score is {score}; the published score "
            "is kept")


def groups_not_kept(result_or_event: Any, fmt: str) -> str | None:
    """The note a ``fmt`` writer with no place for a fouled board's groups (USEBIO, PBN) gives: the figures the
    groups gave are written, the groups are not, so that file read back scores those boards as one group each;
    None when no line has a group.

    >>> from mpxl.core.event import Line
    >>> groups_not_kept(Event(lines=[Line(3, "1", "2", group="X"), Line(3, "3", "4", group="Y")]), ".xml")
    "board 3's fouled-board groups have no place in a .xml file: written with the figures the groups gave, not \
the groups (read back, that board is one group: write .csv or .xlsx to keep them)"
    """
    event = result_or_event if isinstance(result_or_event, Event) else result_or_event.event
    t = None if isinstance(result_or_event, Event) else result_or_event.travellers
    if t is not None and not event.lines:
        boards = set() if t.group is None else {b for b, g in zip(t.board, t.group) if not is_blank(g)}
    else:
        boards = {ln.board for ln in event.lines if not is_blank(ln.group)}
    if not boards:
        return None
    from ..core.schedule import board_ranges

    which = f"board {board_ranges(boards)}'s" if len(boards) == 1 else f"boards {board_ranges(boards)}'"
    return (f"{which} fouled-board groups have no place in a {fmt} file: written with the figures the groups gave, "
            f"not the groups (read back, {'that board is' if len(boards) == 1 else 'each board is'} one group: "
            "write .csv or .xlsx to keep them)")


def figures_without_result(board: int, ns: str, ew: str, ns_mp: str | None, ew_mp: str | None, score: str,
                           contract: str, end: str = "") -> str:
    """Why a line with no result that publishes matchpoints is refused (a line not played has none), ``score``
    and ``contract`` the file's names of those cells, ``end`` what to do (else: give its score, or NP).

    >>> figures_without_result(3, "1", "2", "4.0", None, "SCORE", "CONTRACT")
    'board 3, NS 1 v EW 2: no result on this line (no SCORE and no CONTRACT) but it publishes matchpoints \
(4.0 / -): a line not played has none; give its SCORE, or NP for a board not played'
    """
    return (f"board {board}, NS {ns} v EW {ew}: no result on this line (no {score} and no {contract}) but it publishes "
            f"matchpoints ({ns_mp or '-'} / {ew_mp or '-'}): a line not played has none"
            + (end or f"; give its {score}, or NP for a board not played"))


def is_passed_out(contract: str | None) -> bool:
    """A contract cell that says the board was passed out (the rulebook's spellings: PASS, AP, PO...).

    >>> is_passed_out("All Pass"), is_passed_out("PO"), is_passed_out("4S"), is_passed_out(None)
    (True, True, False, False)
    """
    return contract is not None and code_key(contract) in PASS_SPELLINGS


def contract_cell(text: str | None) -> str | None:
    """A contract cell as the readers keep it: None when blank or ``-``, ``PASS`` for ``PO`` (passed out,
    as ScoreBridge and EBUScore write it), else as written.

    >>> contract_cell(" 4S "), contract_cell("-"), contract_cell("PO"), contract_cell("Pass")
    ('4S', None, 'PASS', 'Pass')
    """
    if text is None or not text.strip() or text.strip() == "-":
        return None
    return "PASS" if code_key(text) == "PO" else text.strip()


def read_declarer(text: str | None, source: str, where: str, what: str) -> str | None:
    """A declarer cell as written (None when blank or ``-``); UserError naming ``what`` (the element
    or column) when it is no seat.

    >>> read_declarer(" S ", "f", "l", "PLAYED_BY"), read_declarer("-", "f", "l", "PLAYED_BY")
    ('S', None)
    >>> read_declarer("Q", "f.xml", "BOARD 1, TRAVELLER_LINE 2", "PLAYED_BY")
    Traceback (most recent call last):
    ...
    mpxl.core.errors.UserError: f.xml: BOARD 1, TRAVELLER_LINE 2: PLAYED_BY 'Q' is not a direction; expected N, E, S \
or W (North, East, South, West)
    """
    if text is None or not text.strip() or text.strip() == "-":
        return None
    try:
        Direction.find(text)
    except ValueError as exc:  # the rulebook's words for a seat it cannot read
        raise UserError(source, where, f"{what} {exc}") from None
    return text.strip()


def read_tricks(text: str | None, contract: str | None, source: str, where: str, what: str) -> int | None:
    """A tricks cell: the tricks declarer took (0 to 13), a result against the contract (``=``, ``+1``,
    ``-2``: the tricks it gives), None when blank or ``-`` (or for a passed-out board); UserError naming
    ``what`` (the element or column) otherwise.

    >>> read_tricks("10", "4S", "f", "l", "TRICKS"), read_tricks("+1", "4S", "f", "l", "Result"), read_tricks(
    ...     "=", "3NT", "f", "l", "Result"), read_tricks("-", "PASS", "f", "l", "TRICKS"), read_tricks(None, None, "f",
    ...                                                                                                "l", "TRICKS")
    (10, 11, 9, None, None)
    >>> read_tricks("14", "4S", "f.xml", "BOARD 2, TRAVELLER_LINE 1", "TRICKS")
    Traceback (most recent call last):
    ...
    mpxl.core.errors.UserError: f.xml: BOARD 2, TRAVELLER_LINE 1: TRICKS '14' is not a number of tricks; expected the \
tricks declarer took, 0 to 13, or a result such as =, +1 or -2
    """
    if text is None or not text.strip() or (text.strip() == "-" and (contract is None or is_passed_out(contract))):
        return None
    number = whole_number(text)
    if number is not None and number <= 13:
        return number
    expected = "expected the tricks declarer took, 0 to 13, or a result such as =, +1 or -2"
    relative = number is None and re.match(r"\s*(=|[+-]\s*[0-9])", text) is not None  # =, +1, -2
    if relative and contract is not None and not is_passed_out(contract):
        try:
            return tricks_from_result(contract, text)
        except ValueError as exc:
            raise UserError(source, where, f"{what} {text.strip()!r}: {exc}") from None
    raise UserError(source, where, f"{what} {text.strip()!r} is not a number of tricks; {expected}")


#: The delimiters the CSV reader takes between the cells (the header's most frequent one): a comma, a
#: semicolon (a spreadsheet in a comma locale), a tab (Excel's "Unicode Text" and "Text (Tab delimited)").
CSV_DELIMITERS = (",", ";", "\t")


#: The most bytes any reader takes from a file (the largest of :data:`mpxl.formats.MAX_BYTES`):
#: a read stops there, whatever the size on disk says.
READ_CAP = 256 * 2**20


def read_bytes(path: str | os.PathLike[str], limit: int = -1) -> bytes:
    """A file's bytes (at most ``limit``), or a :class:`UserError` naming the file and the problem.

    Only a regular file is read (a FIFO, a device such as ``/dev/zero`` or a folder is refused,
    and a FIFO is opened without waiting for a writer); never more than :data:`READ_CAP` bytes.
    """
    source = str(path)
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0))
    except OSError as exc:
        raise UserError(source, "", exc.strerror or str(exc)) from None
    try:
        mode = os.fstat(fd).st_mode
        if not stat.S_ISREG(mode):
            os.close(fd)
            kind = ("a folder" if stat.S_ISDIR(mode) else "a FIFO (named pipe)" if stat.S_ISFIFO(mode)
                    else "a device" if stat.S_ISCHR(mode) or stat.S_ISBLK(mode) else "not a regular file")
            raise UserError(source, "", f"{kind}, not a results file; expected a regular file")
        with os.fdopen(fd, "rb") as f:
            cap = READ_CAP if limit < 0 else min(limit, READ_CAP)
            data = f.read(cap + (1 if limit < 0 else 0))
    except OSError as exc:
        raise UserError(source, "", exc.strerror or str(exc)) from None
    if limit < 0 and len(data) > cap:
        raise UserError(source, "", f"the file is larger than the {READ_CAP // 2**20} MB mpxl reads: "
                        "far larger than any real event")
    return data


# ------------------------------------------------------------------ one validation of a board, a score, a pair

#: The largest board number a reader takes (beyond it a number is no longer exact as a float).
MAX_BOARD = 2**53 - 1
#: The largest NS score in magnitude: 7NT redoubled vulnerable, down 13.
MAX_SCORE = RULEBOOK_MAX_SCORE  # the rulebook's (mpxl.core.rules.plain_score)
_WHOLE = Pattern(WHOLE_TEXT)  # the rulebook's: ASCII digits only, not 4_20, not Arabic-Indic digits


def board_number(text: object, source: str, where: str) -> int:
    """A board number as every reader takes it: ASCII digits, 1 to MAX_BOARD; UserError otherwise.

    >>> board_number(" 7 ", "f.pbn", "line 3"), board_number("12.0", "f.csv", "line 2")
    (7, 12)
    >>> board_number("0", "f.xml", "BOARD")
    Traceback (most recent call last):
    ...
    mpxl.core.errors.UserError: f.xml: BOARD: '0' is not a board number; expected a whole number from 1
    """
    t = str(text).strip() if text is not None else ""
    if _WHOLE.fullmatch(t) and t[0] not in "+-":
        board = int(t.split(".")[0])
        if 1 <= board <= MAX_BOARD:
            return board
    raise UserError(source, where, f"{text!r} {NOT_A_BOARD}")


def whole_number(text: object) -> int | None:
    """A whole number (a number of tricks) as every reader takes it: ASCII digits (``10``, ``10.0``),
    None for anything else: not ``1_0`` nor a fullwidth ``１０``, which Python's ``int`` would take.

    >>> [whole_number(t) for t in (" 10 ", "10.0", "1_0", "\uff11\uff10", "-1")]
    [10, 10, None, None, None]
    """
    t = str(text).strip()
    return int(t.split(".")[0]) if _WHOLE.fullmatch(t) and t[0] not in "+-" and len(t) < 20 else None


def _short(text: str, most: int = 40) -> str:
    """``text`` cut to ``most`` characters for a message, saying how long it was.

    >>> _short("9" * 5000)
    '999999999999999999999999999999999999999... (5000 characters)'
    """
    return text if len(text) <= most else f"{text[:most - 1]}... ({len(text)} characters)"


def whole_score(text: str, source: str, where: str) -> int | None:
    """A score written as a number: an int within the range any contract gives (UserError otherwise),
    or None when ``text`` is not written as a number at all (an artificial code: check_entry reads it).

    >>> whole_score("-620", "f", "l"), whole_score("420.0", "f", "l"), whole_score("A+", "f", "l")
    (-620, 420, None)
    >>> whole_score("4_20", "f", "line 2")
    Traceback (most recent call last):
    ...
    mpxl.core.errors.UserError: f: line 2: '4_20' is not a score; a bridge score is a whole number such as 420 or -50
    """
    t = text.strip()
    if _WHOLE.fullmatch(t):
        digits = t.split(".")[0].lstrip("+-").lstrip("0")
        if len(digits) > len(str(MAX_SCORE)):  # no int made of a 5,000-digit text (Python refuses it)
            raise UserError(source, where, f"{_short(text)!r} {BEYOND_ANY_CONTRACT}")
        value = int(t.split(".")[0])
        if abs(value) > MAX_SCORE:
            raise UserError(source, where, f"{text!r} {BEYOND_ANY_CONTRACT}")
        return value
    if is_not_played(t):  # "-" is a not-played code, not a malformed number (check_entry reads it)
        return None
    if all(ch in NUMBER_LIKE or ch.isspace() for ch in t) or re.fullmatch(r"[+-]?(nan|inf|infinity)", t, re.I) or (
            any(ch.isdigit() for ch in t) and not t.isascii() and not re.search(r"[A-Za-z%/|]", t)):
        raise UserError(source, where, f"{text!r} {NOT_WHOLE}")
    return None
    if re.fullmatch(r"[\s\d_.,+\-eE]+|[+-]?(nan|inf|infinity)", t, re.IGNORECASE) or (
            any(ch.isdigit() for ch in t) and not t.isascii() and not re.search(r"[A-Za-z%/|]", t)):
        raise UserError(source, where, f"{text!r} is not a score; a bridge score is a whole number such as 420 or -50")
    return None


def unusual_scores(scores: Sequence[object]) -> list[int]:
    """The whole-number scores among ``scores`` that no contract gives (7, 425): typing errors to flag.

    >>> unusual_scores([420, -50, 425, "A+", None, 7, 425])
    [7, 425]
    """
    possible = possible_ns_scores()
    ints = cast("set[int]", set(compress(scores, map(is_, map(type, scores), repeat(int)))))  # the ints
    return sorted(ints - possible)  # found in C


def warn_unusual(
    event_or_scores: Event | Sequence[object], source: str, where_of: Callable[[int], str] | None = None
) -> list[str]:
    """Warnings naming each score no contract gives, at its first line: ``file: line 7: score 425 ...``,
    after what the reader itself warned of (an event's ``warnings``: a column it does not read)."""
    lines: list[Line] | None = None
    if isinstance(event_or_scores, Event):
        lines = event_or_scores.lines
        scores: list[object] = [ln.score for ln in lines]
    else:
        scores = list(event_or_scores)
    out = [f"{source}: {warning}" if source else warning for warning in getattr(event_or_scores, "warnings", ())]
    for value in unusual_scores(scores):
        i = scores.index(value)
        where = lines[i].where if lines is not None else (where_of(i) if where_of else "")
        out.append(": ".join(x for x in (source, where, f"warning: score {value} is not a score any contract gives "
                                          "(a typing error? a director's score goes in as an adjusted score)") if x))
    return out


#: Byte-order marks and the encodings they name (UTF-32 before UTF-16: its mark starts with UTF-16's).
_BOMS = ((b"\xff\xfe\x00\x00", "utf-32-le"), (b"\x00\x00\xfe\xff", "utf-32-be"), (b"\xff\xfe", "utf-16-le"),
         (b"\xfe\xff", "utf-16-be"))
#: The byte-order marks of UTF-16 and UTF-32 (:data:`_BOMS`): text whose bytes name their own encoding.
WIDE_BOMS = tuple(bom for bom, _ in _BOMS)


#: The starts of files that are not text, and what each is (a workbook or a database given a text's name).
_SIGNATURES = ((b"PK\x03\x04", "a zip file (an Excel or LibreOffice workbook, .xlsx/.xlsm/.ods?)"),
               (b"\xd0\xcf\x11\xe0", "an old Office file (an Excel 97-2003 workbook, .xls?)"),
               (b"\x00\x01\x00\x00Standard Jet DB", "an Access database (the tablets' .bws?)"),
               (b"\x00\x01\x00\x00Standard ACE DB", "an Access database (the tablets' .bws?)"),
               (b"%PDF", "a PDF document"), (b"\x1f\x8b", "a gzip file"))


def not_text(head: bytes) -> str:
    """Why ``head`` (a file's first bytes, holding NUL bytes) is not read as text: UTF-16 or UTF-32 without its
    mark when the NULs fall on one side of each pair of bytes (as text in those encodings has them), else what
    the file is when its start says so (:data:`_SIGNATURES`), else a file of binary bytes.

    >>> not_text("board".encode("utf-16-le"))
    'the file looks like UTF-16 (little-endian) without a byte-order mark; save it as UTF-8 (or with its mark)'
    >>> not_text(b"PK" + bytes([3, 4, 20, 0, 0, 0]))
    'the file is a zip file (an Excel or LibreOffice workbook, .xlsx/.xlsm/.ods?), not text: give it its own name'
    >>> not_text(bytes(range(256)))
    'the file is not text (it holds binary bytes, NUL among them): a results file is text (USEBIO, PBN, CSV)'
    """
    for start, what in _SIGNATURES:
        if head.startswith(start):
            return f"the file is {what}, not text: give it its own name"
    quads = max(len(head) // 4, 1)
    at = [head[i::4].count(0) / quads for i in range(4)]  # how often each place of four bytes is NUL
    pairs = [(at[0] + at[2]) / 2, (at[1] + at[3]) / 2]  # ... of two bytes
    kind = ("UTF-32" if sorted(at)[1] >= 0.9 and min(at) <= 0.1 else
            "UTF-16 (little-endian)" if pairs[1] >= 0.3 and pairs[0] <= 0.05 else
            "UTF-16 (big-endian)" if pairs[0] >= 0.3 and pairs[1] <= 0.05 else "")
    if kind:
        return f"the file looks like {kind} without a byte-order mark; save it as UTF-8 (or with its mark)"
    return "the file is not text (it holds binary bytes, NUL among them): a results file is text (USEBIO, PBN, CSV)"


def decode_text(data: bytes, declared: str | None = None, source: str = "") -> str:
    """Decode a text file: a BOM (UTF-8, UTF-16 as Excel's "Unicode text" saves, UTF-32) or the
    declared encoding, else UTF-8, else ISO-8859-1 (PBN's own). Text with NUL bytes and no BOM
    (UTF-16 or UTF-32 without its mark) is refused, naming the encoding it looks like.

    >>> decode_text("Séance".encode("latin-1")), decode_text("Séance".encode("utf-8"))
    ('Séance', 'Séance')
    >>> decode_text("board,ns".encode("utf-16")), decode_text("board".encode("utf-16-le"), source="t.csv")
    Traceback (most recent call last):
    ...
    mpxl.core.errors.UserError: t.csv: the file looks like UTF-16 (little-endian) without a byte-order mark;
    save it as UTF-8 (or with its mark)
    """
    if data.startswith(b"\xef\xbb\xbf"):
        return data[3:].decode("utf-8", errors="replace")
    for bom, encoding in _BOMS:
        if data.startswith(bom):
            try:
                return data[len(bom):].decode(encoding)
            except UnicodeDecodeError as exc:
                raise UserError(source, "", f"the file starts with a {encoding.upper()} byte-order mark but is not "
                                f"{encoding.upper()} text (byte {exc.start + len(bom)})") from None
    if b"\x00" in data[:4096]:
        raise UserError(source, "", not_text(data[:4096]))
    if declared:
        if is_latin1(declared):
            return latin1_text(data)
        try:
            return data.decode(declared)
        except (LookupError, UnicodeDecodeError):
            pass
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        return latin1_text(data)


#: Each C1 control character (U+0080 to U+009F, what ISO-8859-1 makes of the bytes 0x80 to 0x9F) and
#: the character windows-1252 gives its byte (0x80 the euro sign, 0x92 the right single quote); the
#: five bytes windows-1252 leaves undefined (0x81, 0x8D, 0x8F, 0x90, 0x9D) stay as ISO-8859-1 reads them.
_C1_AS_CP1252 = {code: bytes([code]).decode("cp1252") for code in range(0x80, 0xA0)
                 if code not in (0x81, 0x8D, 0x8F, 0x90, 0x9D)}

_C1_BYTE = Pattern(rb"[\x80-\x9f]")  # a byte ISO-8859-1 and windows-1252 read apart

#: The labels of ISO-8859-1 as Python and the XML declarations spell them (:func:`is_latin1`).
_LATIN1_LABELS = frozenset({"latin1", "latin-1", "iso-8859-1", "iso8859-1", "iso_8859-1", "iso88591", "l1", "8859",
                            "cp819", "ibm819", "iso-ir-100", "iso_8859-1:1987", "csisolatin1"})


def is_latin1(label: str) -> bool:
    """True when an encoding's label names ISO-8859-1 (or ASCII, its subset): text :func:`latin1_text` reads.

    >>> is_latin1("ISO-8859-1"), is_latin1(" latin1 "), is_latin1("windows-1252"), is_latin1("UTF-8")
    (True, True, False, False)
    """
    return label.strip().lower() in _LATIN1_LABELS


def reads_as_windows_1252(data: bytes) -> bool:
    """True when ``data`` holds a byte that ISO-8859-1 and windows-1252 read apart (0x80 to 0x9F).

    >>> reads_as_windows_1252(b"D\\x92Arcy"), reads_as_windows_1252("Zoé".encode("latin-1"))
    (True, False)
    """
    return _C1_BYTE.search(data) is not None


def latin1_text(data: bytes) -> str:
    """Bytes said (or taken) to be ISO-8859-1, decoded as windows-1252 where it differs: a byte 0x80 to
    0x9F is a control character in ISO-8859-1, which no results file means, and the character
    windows-1252 gives it in every file a Windows program wrote as "Latin-1" (the WHATWG Encoding
    Standard maps the label iso-8859-1 to windows-1252 for that reason: https://encoding.spec.whatwg.org/,
    section 4.2 "Names and labels"). The five bytes windows-1252 leaves undefined are kept as ISO-8859-1
    reads them, never an error.

    >>> latin1_text("Zoé".encode("latin-1")), latin1_text(b"D\\x92Arcy \\x80 5"), latin1_text(b"a\\x81b\\x9dc")
    ('Zoé', 'D’Arcy € 5', 'a\\x81b\\x9dc')
    """
    text = data.decode("latin-1")
    if not reads_as_windows_1252(data):  # no byte that differs (found in C: the common case)
        return text
    return text.translate(_C1_AS_CP1252)


def written_decimals(obj: SessionResult | Event) -> int | None:
    """The decimals of the figures written: the scoring's, or the file's own for a bare Event."""
    if isinstance(obj, Event) and obj.published_decimals is not None:
        return obj.published_decimals
    return figure_decimals(getattr(obj, "options", None))


class EventToWrite:
    """What a writer writes of a scored event (a SessionResult: mpxl's figures, from the scorer's
    columns) or of a bare Event (the figures it was read with: its lines' and pairs' published
    ones), a board at a time: a board's :class:`~mpxl.core.event.Line` objects are made (from the
    columns, or taken from the event's lines) when it is written, so the writer holds the event
    and one board, never a Line per line of the event nor its whole output.

    >>> from mpxl.core.event import Event, Line
    >>> from mpxl.core.session import score_event
    >>> ev = Event(lines=[Line(2, "1", "2", "B", score=420), Line(1, "1", "2", "A", score=50),
    ...                  Line(1, "3", "4", "A", score=-50)])
    >>> w = EventToWrite(score_event(ev))
    >>> w.sections(), w.sessions(), w.groups()
    (['B', 'A'], [1], [(1, 'B', 2), (1, 'A', 1)])
    >>> [(ln.ns_pair, str(ns), str(ew)) for ln, ns, ew in w.rows((1, 'A', 1))]
    [('1', '2', '0'), ('3', '0', '2')]
    """

    def __init__(self, obj: SessionResult | Event) -> None:
        self.bare = isinstance(obj, Event)
        self.result: SessionResult | None
        self.pairs: list[tuple[Pair, PairResult | None]]
        self.scored: ScoredColumns | None
        self.travellers: Travellers | None
        if isinstance(obj, Event):
            self.result, self.event = None, obj
            self.pairs = [(p, None) for p in obj.pairs]
            self.scored = self.travellers = None
        else:
            self.result, self.event = obj, obj.event
            self.pairs = [(pr.pair, pr) for pr in obj.pairs]
            self.scored, self.travellers = obj.scored, obj.travellers
        lines = self.event.lines
        # the event's own Lines when it has them (read from USEBIO or PBN; the scorer's columns were
        # made from them, in order), else Lines are made from the columns, a board at a time
        self._lines = lines if lines and (self.travellers is None or len(lines) == len(self.travellers)) else None
        self._groups: dict[tuple[int, str, int], tuple[list[range], str | None]] | None = None
        self._sitouts: dict[tuple[int, str, int], list[SitOut]] | None = None
        self._credits: dict[int, tuple[Any, Any]] | None = None
        self._places: dict[int, BoardPlace] | None = None
        self._penalties: dict[tuple[int, str, int], list[Penalty]] | None = None

    def sessions(self) -> list[int]:
        """The sessions of the lines and pairs, in order ([1] when none)."""
        t = self.travellers
        if t is None:
            sessions = {ln.session for ln in self.event.lines}
        else:
            sessions = set(t.session) if t.session is not None else ({1} if len(t) else set())
        return sorted(sessions | {p.session for p in self.event.pairs}) or [1]

    def sections(self) -> list[str]:
        """The section names in order of first appearance, lines before pairs (:meth:`Event.sections`)."""
        t = self.travellers
        if t is None:
            return self.event.sections()
        seen = dict.fromkeys(t.section) if t.section is not None else dict.fromkeys([""] if len(t) else [])
        seen.update((p.section, None) for p in self.event.pairs if p.section not in seen)
        return list(seen)

    def _line_groups(self) -> dict[tuple[int, str, int], tuple[list[range], str | None]]:
        """(session, the lines' section, board) -> (the ranges of its lines, the section to keep
        among them or None for all), in no particular order."""
        if self._groups is not None:
            return self._groups
        groups: dict[tuple[int, str, int], tuple[list[range], str | None]] = {}
        sc, t = self.scored, self.travellers
        if self.bare:
            for i, ln in enumerate(self.event.lines):
                key = (ln.session, ln.section, ln.board)
                group = groups.get(key)
                if group is None:
                    groups[key] = ([range(i, i + 1)], None)
                elif group[0][-1].stop == i:
                    group[0][-1] = range(group[0][-1].start, i + 1)
                else:
                    group[0].append(range(i, i + 1))
        elif sc is not None and t is not None:
            for b in sc.boards:
                if b.section or t.section is None:
                    groups[(b.session, b.section, b.board)] = (b.ranges, None)
                else:  # compared across the field: a board's lines of each section apart
                    for sec in dict.fromkeys(gather(t.section, b.ranges)):
                        groups[(b.session, sec, b.board)] = (b.ranges, sec)
        self._groups = groups
        return groups

    def groups(self) -> list[tuple[int, str, int]]:
        """The (session, section, board) of the lines, by session, section (in :meth:`sections`'
        order) and board: each written as one board."""
        order = {sec: i for i, sec in enumerate(self.sections())}
        return sorted(self._line_groups(), key=lambda k: (k[0], order.get(k[1], 0), k[2]))

    def sitouts(self, key: tuple[int, str, int]) -> list[SitOut]:
        """The :class:`~mpxl.core.event.SitOut` of the board ``key`` (of :meth:`groups`), in the event's order."""
        if self._sitouts is None:
            self._sitouts = {}
            for so in self.event.sitouts:
                self._sitouts.setdefault((so.session, so.section, so.board), []).append(so)
        return self._sitouts.get(key, [])

    def credit(self, sitout: SitOut) -> tuple[Any, Any]:
        """(the figure, its percentage) a sit-out's pair was credited with on its board: mpxl's
        (:func:`~mpxl.core.ranking.sitout_credits`, under ``unplayed own``; the percentage to the decimals
        the event writes its lines' percentages with), or what a bare event was read with; (None, None)
        when it got none."""
        if self._credits is None:
            if self.result is None:  # a bare event
                self._credits = {id(so): (so.published_mp, so.published_pct) for so in self.event.sitouts}
            else:
                opts, decimals = self.result.options, self.event.line_percentage_decimals
                self._credits = {id(so): (figure, None if pct is None or decimals is None else
                                          opts.round_line_percentage(pct, decimals))
                                 for so, figure, pct in sitout_credits(self.result)}
        return self._credits.get(id(sitout), (None, None))

    def penalties(self, key: tuple[int, str, int]) -> list[Penalty]:
        """The :class:`~mpxl.core.event.Penalty` rows of the board ``key`` (of :meth:`groups`), in the event's order."""
        if self._penalties is None:
            self._penalties = {}
            for pen in self.event.penalties:
                self._penalties.setdefault((pen.session, pen.section, pen.board), []).append(pen)
        return self._penalties.get(key, [])

    def check_penalties(self, fmt: str, line_penalties: bool) -> None:
        """ValueError naming the first penalty a ``fmt`` file would lose: a penalty row on a board
        the file has no lines of (nowhere to write it), or, when the format has no place for them
        (``line_penalties`` False), a line's own penalty (``ns_penalty`` / ``ew_penalty``)."""
        written = set(self._line_groups())
        for pen in self.event.penalties:
            if (pen.session, pen.section, pen.board) not in written:
                raise ValueError(f"the penalty of {exact_text(pen.amount)} for pair {pen.pair} on board {pen.board}"
                                 f"{f' (section {pen.section})' if pen.section else ''}: the board has no lines, so a "
                                 f"{fmt} file has no place for it")
        if line_penalties:
            return
        if self.travellers is not None:
            t = self.travellers
            columns = [(side, t.column(f"{side.lower()}_penalty")) for side in ("NS", "EW")
                       if getattr(t, f"{side.lower()}_penalty") is not None]
            found = [(i, side) for side, column in columns for i, v in enumerate(column) if not is_blank(v)]
            line = t.lines_in([range(found[0][0], found[0][0] + 1)])[0] if found else None
            side = found[0][1] if found else ""
        else:
            line, side = next(((ln, s) for ln in self.event.lines for s in ("NS", "EW")
                               if not is_blank(getattr(ln, f"{s.lower()}_penalty"))), (None, ""))
        if line is not None:
            value = getattr(line, f"{side.lower()}_penalty").written
            place = ", ".join(x for x in (self.event.source, line.where) if x)
            raise ValueError(f"the {side} penalty {value!r} ({place + ': ' if place else ''}board {line.board}, NS "
                             f"{line.ns_pair} v EW {line.ew_pair}) is a line's own penalty, which a {fmt} file has "
                             "no place for (its figure would read back without it); write .csv, which holds it in "
                             "the ns_penalty / ew_penalty columns")

    def lines_in(self, ranges: Sequence[range]) -> list[Line]:
        """The :class:`~mpxl.core.event.Line` of each line at ``ranges``, in order."""
        if self._lines is not None:
            return gather(self._lines, ranges)
        assert self.travellers is not None
        return self.travellers.lines_in(ranges)

    def rows(self, key: tuple[int, str, int]) -> list[tuple[Line, Any, Any]]:
        """(line, NS figure, EW figure) of each line of the board ``key`` (of :meth:`groups`), in order."""
        ranges, section = self._line_groups()[key]
        lines = self.lines_in(ranges)
        rows: list[tuple[Line, Any, Any]]
        if self.bare:
            rows = [(ln, ln.published_ns_mp, ln.published_ew_mp) for ln in lines]
        else:
            sc = self.scored
            assert sc is not None
            rows = list(zip(lines, gather(sc.ns_mp, ranges), gather(sc.ew_mp, ranges)))
        if section is not None:
            rows = [row for row in rows if row[0].section == section]
        return rows


    def line_percentages(self, key: tuple[int, str, int]) -> list[tuple[Any, Any]] | None:
        """(NS percentage, EW percentage) of each line of :meth:`rows` for the board ``key``, when
        the event publishes its lines' percentages (Ruter's Percentage_NS / _EW); else None. A
        scored event's are mpxl's (:meth:`~mpxl.core.options.ScoringOptions.line_percentage`), a bare
        event's its own."""
        decimals = self.event.line_percentage_decimals
        if decimals is None:
            return None
        ranges, section = self._line_groups()[key]
        lines = self.lines_in(ranges)
        pcts: list[tuple[Any, Any]]
        if self.result is None:  # a bare event
            pcts = [(ln.published_ns_pct, ln.published_ew_pct) for ln in lines]
        else:
            sc, opts = self.scored, self.result.options
            assert sc is not None
            board = self._board_of(key)
            top = board.line_top or board.top
            columns: tuple[list[Any], ...] = (sc.ns_exact, sc.ns_mp, sc.ew_exact, sc.ew_mp)
            pcts = [(opts.line_percentage(nx, nr, top, decimals), opts.line_percentage(ex, er, top, decimals))
                    for nx, nr, ex, er in zip(*(gather(column, ranges) for column in columns))]
        if section is not None:
            pcts = [pct for ln, pct in zip(lines, pcts) if ln.section == section]
        return pcts

    def _board_of(self, key: tuple[int, str, int]) -> BoardPlace:
        """The scorer's :class:`~mpxl.core.scorer.BoardPlace` that holds the board ``key`` (found once per
        board, by the identity of its lines' ranges)."""
        if self._places is None:
            assert self.scored is not None
            self._places = {id(b.ranges): b for b in self.scored.boards}
        return self._places[id(self._line_groups()[key][0])]


def figure_decimals(options: ScoringOptions | None) -> int:
    """How many decimals the writers give a matchpoint figure under ``options`` (ScoringOptions
    or None): the rounding's, or 2 when the figures are exact (or there are no options).

    >>> from mpxl.core.options import ScoringOptions
    >>> figure_decimals(ScoringOptions.parse(rounding="1")), figure_decimals(ScoringOptions()), figure_decimals(None)
    (1, 2, 2)
    """
    rounding: Rounding | None = getattr(options, "rounding", None)
    if rounding is not None and rounding.kind is not RoundingKind.EXACT:
        return rounding.decimals
    return 2


def totals_decimals(options: ScoringOptions | None) -> int:
    """How many decimals the writers give a pair's total: the lines' (:func:`figure_decimals`), or
    more when figures only the totals hold are rounded finer (``totals_rounding``).

    >>> from mpxl.core.options import ScoringOptions
    >>> totals_decimals(ScoringOptions.parse(rounding="1")), totals_decimals(
    ...     ScoringOptions.parse(rounding="1", totals_rounding="2"))
    (1, 2)
    """
    decimals = figure_decimals(options)
    finer: Rounding | None = getattr(options, "totals_rounding", None)
    if finer is not None and finer.kind is not RoundingKind.EXACT:
        decimals = max(decimals, finer.decimals)
    return decimals


def percentage_text(value: Fraction | float, options: ScoringOptions | None) -> str:
    """A pair's percentage as the writers put it: rounded by the options' percentage rule
    (decimals and tie; 2 decimals half up without options), trailing zeros kept.

    >>> from fractions import Fraction
    >>> from mpxl.core.options import ScoringOptions
    >>> half_even = ScoringOptions.parse(percentage_tie="half-even")
    >>> percentage_text(Fraction(385, 8), None), percentage_text(Fraction(385, 8), half_even)
    ('48.13', '48.12')
    """
    round_percentage = getattr(options, "round_percentage", None)
    decimals = getattr(options, "percentage_decimals", 2)
    if round_percentage is None or decimals is None:
        return format_number(Fraction(value), 2 if decimals is None else decimals)
    return format_number(round_percentage(Fraction(value)), decimals)


def format_number(value: Fraction | float | None, decimals: int | None = None) -> str:
    """A figure as text: a Fraction or float to ``decimals`` places (trailing zeros kept), ints plain.

    >>> format_number(Fraction(127, 8), 2), format_number(7), format_number(Fraction(7), 1), format_number(None)
    ('15.88', '7', '7.0', '')
    """
    if value is None:
        return ""
    if decimals is None:
        f = Fraction(value)
        if f.denominator == 1:
            return str(f.numerator)
        return f"{float(f):.10g}"
    r = round_fraction(Fraction(value), decimals)
    return f"{r.numerator / r.denominator:.{decimals}f}" if decimals else str(int(r))


def figure_text(value: Fraction | float | None, decimals: int | None = None) -> str:
    """:func:`format_number`, except that a float (a file's own published figure, kept as read) is
    written so that it reads back the same: to ``decimals`` places, or to as many as it needs.

    >>> figure_text(Fraction(127, 8), 1), figure_text(28.3, 1), figure_text(593.25, 1), figure_text(12.0, 1)
    ('15.9', '28.3', '593.25', '12.0')
    """
    text = format_number(value, decimals)
    if isinstance(value, float) and text and float(text) != value:
        text = repr(value)
    return text


def exact_text(value: Fraction | float, decimals: int | None = None) -> str:
    """A figure that must read back exactly (a penalty row's amount): to ``decimals`` places when
    that holds it (``4.0``), else to as many as it needs; ValueError for one no decimal writes
    exactly (a third), never a figure rounded without a word.

    >>> exact_text(Fraction(4), 1), exact_text(Fraction(-5, 2), 0), exact_text(Fraction(3, 40)), exact_text(-2)
    ('4.0', '-2.5', '0.075', '-2')
    >>> exact_text(Fraction(1, 3))
    Traceback (most recent call last):
    ...
    ValueError: the figure 1/3 has no exact decimal form to write
    """
    f = Fraction(value)
    places, rest = 0, f.denominator
    while rest % 10 == 0 or rest % 2 == 0 or rest % 5 == 0:
        rest //= 10 if rest % 10 == 0 else 2 if rest % 2 == 0 else 5
        places += 1
    if rest != 1:
        raise ValueError(f"the figure {f} has no exact decimal form to write")
    places = max(places, decimals or 0)
    scaled = abs(f.numerator) * 10**places // f.denominator
    digits = str(scaled).rjust(places + 1, "0")
    text = f"{digits[:-places]}.{digits[-places:]}" if places else digits
    return "-" + text if f < 0 else text


def entry_text(score: object) -> str:
    """A line's score as the text the writers put in a file (``''`` when not played).

    >>> entry_text(-420), entry_text("A5050"), entry_text(None)
    ('-420', 'A5050', '')
    """
    if score is None:
        return ""
    if isinstance(score, Artificial):
        return f"{format_number(score.ns)}/{format_number(score.ew)}"
    return str(score)
