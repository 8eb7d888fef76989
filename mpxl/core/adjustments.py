"""What a scorer types on a traveller line: a score, an artificial score, a weighted or split score.

One forgiving parser, :func:`parse_entry`, turns a cell's value into one of

* ``Score``: a plain NS score (``420``, ``-50``, ``+110``);
* ``Artificial``: an artificial adjusted score, NS and EW percentages of the
  board's full top (``A60``, ``A+``, ``AVE-``, ``60/40``, ``A+/A+``, USEBIO ``A6040``);
* ``Assigned``: an assigned score, plain or weighted (Law 12C1(c)), written
  ``30% 420 + 70% 450``, and optionally split between NS and EW with ``|``
  (NS's result on the left, EW's on the right, both as NS scores): ``-150|-50``.
* ``Mixed``: a split where one side keeps the table's result and the other is given an
  artificial score: ``420|A+`` (NS keep +420, EW get Ave+), ``A=|420`` (NS Ave, EW keep -420).
* ``None``: a blank line, or a line not played (one of :data:`mpxl.core.rules.NOT_PLAYED_CODES`:
  ``NP``, ``Bye``, ``-``, ``sitout``...); :func:`line_kind` tells the two apart (a not-played
  line counts towards N, a blank one does not).

A line's score is read once, where it is read (:func:`read_score`; :class:`mpxl.core.event.Line` reads any
text it is given): a plain NS score stays an int; any text becomes a :class:`ScoreText`, the text as written
(what the writers write back and the messages quote) holding its parse; :func:`entry_of` gives either's
entry without parsing again; an entry's ``typed`` writes it back in the form the parser reads (what a
scorer types: ``30% 420 + 70% 450``, ``420|A+``). A line's procedural penalty is read once too
(:func:`read_penalty`): a :class:`LinePenalty`.

>>> parse_entry("A+")
Artificial(ns=Fraction(60, 1), ew=Fraction(40, 1))
>>> parse_entry("30% 420 + 70% 450").ns
((Fraction(3, 10), 420), (Fraction(7, 10), 450))
>>> parse_entry("-150|-50").is_split
True
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from fractions import Fraction

from .matchpoints import Components, NSScore
from .patterns import Pattern
from .rules import (
    ARTIFICIAL_CODES,
    AVE,
    AVE_MINUS,
    AVE_PLUS,
    NOT_PLAYED_CODES,
    NUMBER_TEXT,
    TEXT_NUMBER,
    TEXT_SCORE,
    WHOLE_TEXT,
    code_key,
    is_blank,
    is_not_played,
    percent_pair_key,
    plain_score,
)
from .settings import Scale

__all__ = [
    "Score",
    "Artificial",
    "Assigned",
    "Mixed",
    "Entry",
    "parse_entry",
    "ScoreText",
    "LineScore",
    "read_score",
    "entry_of",
    "parse_score",
    "plain_number",
    "cell_number",
    "ave_kind",
    "ARTIFICIAL_CODES",
    "NOT_PLAYED",
    "line_kind",
    "typed_side",
    "SPLIT_FORM",
    "NOT_A_SCORE",
    "NOT_A_CODE",
    "BARE_ADJUSTMENT",
    "WEIGHTS_TOTAL",
    "WEIGHT_ABOVE_ZERO",
    "WEIGHT_MARKS",
    "PART_SEPARATORS",
    "LinePenalty",
    "read_penalty",
    "NOT_A_PENALTY",
]

#: The words of each refusal of a typed score, once: the core raises them and the template's status cell
#: shows them (its formulas are written from these), so a scorer reads the same words in both.
SPLIT_FORM = "a split score is NS's result, a bar, EW's result, such as -150|-50"
NOT_A_SCORE = ("is not a score; expected a score such as 420 or -50, a weighted score such as '30% 420 + 70% 450', "
               "or an artificial score such as A60, A+ or 60/40")
#: What a reader says of a score cell that starts with a letter and holds no weight (``AQQ``, ``A+|A+|A-``).
NOT_A_CODE = ("is not a score or a known artificial code; expected a score such as 420 or -50, or A+, A=, A-, A60, "
              "60/40 or USEBIO's Annbb such as A6040")
#: What a reader says of an adjustment cell holding a bare number (``60``: a score of 60, or 60%?), after it, quoted.
BARE_ADJUSTMENT = "is a number, not a code: a score goes in the score column, a percentage as A60 or 60%"
#: ``{}`` the weights' sum, as Python's ``{:g}`` writes it.
WEIGHTS_TOTAL = "the weights add up to {}%, expected 100%"
WEIGHT_ABOVE_ZERO = "every weight must be above 0%"

#: Words that mean the line holds no result, lower case (from :data:`mpxl.core.rules.NOT_PLAYED_CODES`).
NOT_PLAYED = frozenset({""} | {c.lower() for c in NOT_PLAYED_CODES})

#: The kind of average a percentage stands for, for the WBF/EBU "or the pair's own percentage" rule.
AVE_KINDS = {Fraction(AVE_PLUS): "plus", Fraction(AVE): "ave", Fraction(AVE_MINUS): "minus"}


@dataclass(frozen=True)
class Artificial:
    """An artificial adjusted score: NS and EW percentages of the board's full top."""

    ns: Fraction
    ew: Fraction

    @property
    def ns_kind(self) -> str | None:
        """NS's kind of average: 'plus', 'ave', 'minus', or None for another percentage."""
        return ave_kind(self.ns)

    @property
    def ew_kind(self) -> str | None:
        """EW's kind of average: 'plus', 'ave', 'minus', or None for another percentage."""
        return ave_kind(self.ew)

    @property
    def typed(self) -> str:
        """The two percentages as a pair of codes, NS's then EW's (``A50/A60``).

        >>> parse_entry("A=|A+").typed
        'A50/A60'
        """
        return f"A{plain_number(self.ns)}/A{plain_number(self.ew)}"


@dataclass(frozen=True)
class Assigned:
    """A result (plain, weighted, or split): NS's view and EW's view as (weight, score) components."""

    ns: Components
    ew: Components

    @property
    def is_split(self) -> bool:
        """Whether NS and EW were given different results."""
        return self.ns != self.ew

    @property
    def is_weighted(self) -> bool:
        """Whether a side's result is a weighted mix of results (Law 12C1(c))."""
        return len(self.ns) > 1 or len(self.ew) > 1

    @property
    def typed(self) -> str | None:
        """The result as a scorer types it, in the form the parser reads (:func:`typed_side`), NS's and EW's
        parted by a bar when split; None when a weight or a score has no plain text.

        >>> parse_entry("420 @ 30%, 450 @ 70%").typed, parse_entry("-150|-50").typed, Score(420).typed
        ('30% 420 + 70% 450', '-150|-50', '420')
        """
        return _typed(self.ns, self.ew, self.is_split)


@dataclass(frozen=True)
class Mixed:
    """One side keeps a result (its components, as NS scores), the other is given an artificial
    score (a percentage of the top). The result is one of the board's results: it stands in both
    sides' fields (Ruter's real files: the other pairs in either direction are matchpointed
    against it) or only in its own side's, as the mixed-line rule says (:class:`mpxl.core.settings.MixedLine`);
    the side that keeps it is scored on it, the other gets its percentage instead.

    >>> parse_entry("420|A+")
    Mixed(ns=((Fraction(1, 1), 420),), ew=Fraction(60, 1))
    >>> parse_entry("A=|-50").real_sides
    ('ew',)
    """

    ns: Components | Fraction
    ew: Components | Fraction

    @property
    def real_sides(self) -> tuple[str, ...]:
        """The sides that keep a result: 'ns' or 'ew'."""
        return tuple(side for side in ("ns", "ew") if not isinstance(getattr(self, side), Fraction))

    @property
    def ns_kind(self) -> str | None:
        """NS's kind of average when NS were given the artificial score, else None."""
        return ave_kind(self.ns) if isinstance(self.ns, Fraction) else None

    @property
    def ew_kind(self) -> str | None:
        """EW's kind of average when EW were given the artificial score, else None."""
        return ave_kind(self.ew) if isinstance(self.ew, Fraction) else None

    @property
    def typed(self) -> str | None:
        """NS's side, a bar, EW's side, as a scorer types them (:func:`typed_side`); None when one has no plain text.

        >>> parse_entry("420|Ave+").typed, parse_entry("a55|-50").typed
        ('420|A+', 'A55|-50')
        """
        return _typed(self.ns, self.ew, True)


def Score(score: NSScore) -> Assigned:
    """A plain NS score as an entry.

    >>> Score(420).ns
    ((Fraction(1, 1), 420),)
    """
    comp = ((Fraction(1), score),)
    return Assigned(comp, comp)


Entry = Assigned | Artificial | Mixed | None


def plain_number(x: NSScore | int) -> str | None:
    """``x`` as the plain text of a number that reads back as ``x`` (``420``, ``-50``, ``7.5``: at most 15
    significant figures, as a spreadsheet's cell shows a number), or None when it has no such text.

    >>> plain_number(Fraction(3, 10) * 100), plain_number(Fraction(1, 3)), plain_number(-50)
    ('30', None, '-50')
    """
    if type(x) is int and -10**15 < x < 10**15:  # a whole score: its digits (what the general way gives, fast)
        return str(x)
    text = f"{float(x):.15g}"
    return text if Fraction(text) == Fraction(x) and "e" not in text else None


def cell_number(x: Fraction) -> int | float:
    """``x`` as a cell holds a number: an int when it is whole, else a float.

    >>> cell_number(Fraction(4)), cell_number(Fraction(-3, 2))
    (4, -1.5)
    """
    return int(x) if x.denominator == 1 else float(x)


#: The code a scorer types for each percentage that has one: the rulebook's first (A+, A=, A-).
_CODE_OF = {Fraction(pct): code for code, pct in reversed(ARTIFICIAL_CODES.items())}


def typed_side(side: Components | Fraction) -> str | None:
    """One side of an entry as a scorer types it: parts ``30% 420 + 70% 450``, a plain score ``420``, or an
    artificial code ``A+``, ``A55``; None when a weight, a score or a percentage has no plain text.

    >>> typed_side(Fraction(60)), typed_side(Fraction(55)), typed_side(((Fraction(1, 2), 420), (Fraction(1, 2), 50)))
    ('A+', 'A55', '50% 420 + 50% 50')
    """
    if isinstance(side, Fraction):
        pct = plain_number(side)
        return _CODE_OF.get(side) or (f"A{pct}" if pct is not None else None)
    if len(side) == 1 and side[0][0] == 1:
        return plain_number(side[0][1])
    parts = [(plain_number(w * 100), plain_number(score)) for w, score in side]
    if any(p is None for part in parts for p in part):
        return None
    return " + ".join(f"{w}% {score}" for w, score in parts)


def _typed(ns: Components | Fraction, ew: Components | Fraction, split: bool) -> str | None:
    """NS's side as typed, or both parted by a bar when ``split``; None when one has no plain text."""
    ns_text, ew_text = typed_side(ns), typed_side(ew)
    if ns_text is None or ew_text is None:
        return None
    return f"{ns_text}|{ew_text}" if split else ns_text


def ave_kind(pct: Fraction) -> str | None:
    """'plus' for 60%, 'ave' for 50%, 'minus' for 40%, else None.

    >>> ave_kind(Fraction(60)), ave_kind(Fraction(55))
    ('plus', None)
    """
    return AVE_KINDS.get(Fraction(pct))


_NUMBER = NUMBER_TEXT  # a weight or a percentage (30.5%, .5%)
_SCORE = rf"{WHOLE_TEXT}(?![0-9.])"  # a part's score: a whole number (420, 420.0), not 4.5
_SCORE_RE = TEXT_SCORE
_USEBIO_RE = Pattern(r"^A([0-9]{2,3})([0-9]{2,3})$")


#: The words and marks between a weight and its score in a weighted part (``30% of 420``, ``420 @ 30%``) and
#: between the parts (``30% 420 + 70% 450``, ``30% 420, 70% 450``): the reader's and the sheet's one list.
WEIGHT_MARKS = ("of", "x", "*", "@", ":")
PART_SEPARATORS = ("+", ",", ";", "&")


def _component(named: bool) -> str:
    """One weighted component, ``30% 420`` or ``420 @ 30%``, with or without named groups."""
    def g(name: str) -> str:
        return f"?P<{name}>" if named else "?:"
    after = "|".join(re.escape(m) + (r"\s+" if m.isalpha() and len(m) > 1 else r"\s*") for m in WEIGHT_MARKS)
    between = "|".join(re.escape(m) for m in WEIGHT_MARKS if len(m) == 1)
    return (
        rf"(?:({g('pct')}{_NUMBER})\s*%\s*(?:{after})?({g('score')}{_SCORE})"
        rf"|({g('score2')}{_SCORE})(?:\s*(?:{between})\s*|\s+)({g('pct2')}{_NUMBER})\s*%)"
    )


_COMPONENT_RE = Pattern(_component(True), re.IGNORECASE)
_WEIGHTED_RE = Pattern(
    rf"^\s*{_component(False)}(?:\s*[{re.escape(''.join(PART_SEPARATORS))}]?\s*{_component(False)})*\s*$",
    re.IGNORECASE,
)

def parse_score(value: object) -> NSScore:
    """A bridge score from a number or text (``'+420'``, ``'-50'``, ``420.0``).

    >>> parse_score("+420"), parse_score(-50.0)
    (420, -50)
    >>> parse_score("abc")
    Traceback (most recent call last):
    ...
    ValueError: 'abc' is not a score
    """
    if isinstance(value, bool):
        raise ValueError(f"{value!r} is not a score")
    if isinstance(value, (int, float, Fraction)):
        if isinstance(value, float) and (value != value or abs(value) == float("inf")):
            raise ValueError(f"{value!r} is not a score")
        if value != int(value):
            raise ValueError(f"{value!r} is not a score; a bridge score is a whole number such as 420 or -50")
        return plain_score(int(value))
    m = _SCORE_RE.match(str(value))
    if not m:
        raise ValueError(f"{value!r} is not a score")
    try:
        return plain_score(int(m.group(1).split(".")[0]))
    except ValueError as exc:  # beyond any contract: the words of plain_score, quoting the text typed
        message = str(exc)
        raise ValueError(f"{value!r}{message[message.index(' is not'):]}") from None


def _artificial_side(text: str) -> Fraction | None:
    key = code_key(text)
    if key in ARTIFICIAL_CODES:
        return Fraction(ARTIFICIAL_CODES[key])
    m = re.fullmatch(rf"A?({NUMBER_TEXT.removeprefix('[+-]?')})%?", key)
    if m:
        pct = Fraction(m.group(1))
        if 0 <= pct <= 100:
            return pct
    return None


def _artificial_code(text: str) -> Fraction | None:
    """One side's artificial score written as a code that starts with A (``A+``, ``A=``, ``A60``,
    ``AVE-``), as one side of a split; None for anything else (a result).

    >>> _artificial_code(" A+ "), _artificial_code("420"), _artificial_code("60")
    (Fraction(60, 1), None, None)
    """
    key = code_key(text)
    return _artificial_side(key) if key.startswith("A") else None


def _parse_artificial(text: str) -> Artificial | None:
    key = percent_pair_key(code_key(text))  # Bridgemate's 60%-40%: the split 60%/40%
    m = _USEBIO_RE.match(key)
    if m and len(key) in (5, 7):  # A6040, A100000 style: two equal-width halves
        half = (len(key) - 1) // 2
        return Artificial(Fraction(key[1:1 + half]), Fraction(key[1 + half:]))
    if "/" in key:
        left, _, right = key.partition("/")
        ns, ew = _artificial_side(left), _artificial_side(right)
        if ns is not None and ew is not None:
            return Artificial(ns, ew)
        return None
    if key.startswith("A") or re.fullmatch(r"[0-9]+(?:\.[0-9]+)?%", key):
        ns = _artificial_side(key)
        if ns is not None:
            return Artificial(ns, 100 - ns)
    return None


def _parse_components(text: str) -> Components:
    text = text.strip()
    try:
        return ((Fraction(1), parse_score(text)),)
    except ValueError:
        pass
    if not _WEIGHTED_RE.match(text):
        raise ValueError(f"{text!r} {NOT_A_SCORE}")
    comps = []
    for m in _COMPONENT_RE.finditer(text):
        pct = Fraction(m.group("pct") or m.group("pct2"))
        score = parse_score(m.group("score") or m.group("score2"))
        comps.append((pct / 100, score))
    total = sum(w for w, _ in comps)
    if total != 1:
        raise ValueError(f"{text!r}: {WEIGHTS_TOTAL.format(f'{float(total * 100):g}')}")
    if any(w <= 0 for w, _ in comps):
        raise ValueError(f"{text!r}: {WEIGHT_ABOVE_ZERO}")
    return tuple(comps)


def parse_entry(value: object) -> Entry:
    """Parse one traveller cell into a result, an artificial score, or None for not played.

    >>> parse_entry(None), parse_entry("  "), parse_entry("Bye")
    (None, None, None)
    >>> parse_entry("A6040"), parse_entry("40/40")
    (Artificial(ns=Fraction(60, 1), ew=Fraction(40, 1)), Artificial(ns=Fraction(40, 1), ew=Fraction(40, 1)))
    >>> parse_entry(420).ns
    ((Fraction(1, 1), 420),)
    >>> parse_entry("4S=")
    Traceback (most recent call last):
    ...
    ValueError: '4S=' is not a score; expected a score such as 420 or -50, a weighted score such as
    '30% 420 + 70% 450', or an artificial score such as A60, A+ or 60/40
    """
    if type(value) is ScoreText:
        return value.entry
    if value is None or isinstance(value, (Artificial, Assigned, Mixed)):
        return value
    if isinstance(value, (int, float, Fraction)) and not isinstance(value, bool):
        return Score(parse_score(value))
    return _parse_text(value)


def _parse_text(value: object) -> Entry:
    """:func:`parse_entry` of anything but a number or an entry already read: a cell's text."""
    if isinstance(value, bool):
        raise ValueError(f"{value!r} is not a score")
    if is_blank(value) or is_not_played(value):
        return None
    text = str(value).strip()
    if not text:
        raise ValueError(f"{value!r} is not a score")
    art = _parse_artificial(text)
    if art is not None:
        if not (0 <= art.ns <= 100 and 0 <= art.ew <= 100):
            raise ValueError(f"{text!r}: artificial percentages must be between 0 and 100")
        return art
    if "|" in text:
        left, _, right = text.partition("|")
        if not left.strip() or not right.strip() or "|" in right:
            raise ValueError(f"{text!r}: {SPLIT_FORM}")
        sides = [_artificial_code(part) for part in (left, right)]
        try:
            ns, ew = (pct if pct is not None else _parse_components(part) for pct, part in zip(sides, (left, right)))
        except ValueError as exc:
            raise ValueError(f"{text!r}: {exc}") from None
        if isinstance(ns, Fraction) and isinstance(ew, Fraction):
            return Artificial(ns, ew)
        if isinstance(ns, Fraction) or isinstance(ew, Fraction):
            return Mixed(ns, ew)
        return Assigned(ns, ew)  # both sides results
    comps = _parse_components(text)
    return Assigned(comps, comps)


class ScoreText(str):
    """A line's score written as text (an artificial code, a weighted or split score, a not-played code,
    a score the file wrote as text), read once: the text as written, unchanged (it compares, prints and
    is written back as the text), with its :attr:`entry` and its :attr:`kind`. Unreadable text is kept
    (a reader that must refuse it asks :attr:`kind`) and its :attr:`entry` raises the parser's ValueError,
    so the scorer names it where it names a bad line.

    >>> s = ScoreText(" A+ ")
    >>> s, s.entry, s.kind
    (' A+ ', Artificial(ns=Fraction(60, 1), ew=Fraction(40, 1)), 'A')
    >>> [(ScoreText(t).kind, ScoreText(t).entry) for t in ("Bye", "  ", "+420")][:2]
    [('NP', None), ('', None)]
    >>> ScoreText("4S=").kind, ScoreText("4S=") == "4S="
    ('bad', True)
    >>> ScoreText("4S=").entry
    Traceback (most recent call last):
    ...
    ValueError: '4S=' is not a score; expected a score such as 420 or -50, a weighted score such as
    '30% 420 + 70% 450', or an artificial score such as A60, A+ or 60/40
    """

    _entry: Entry
    #: the parser's words when the text is no score (kind ``bad``), else ''
    error: str
    #: the kind of line it makes, as :func:`line_kind` spells it: ``R``, ``A``, ``NP``, ``""`` (blank) or ``bad``
    kind: str

    def __new__(cls, text: str) -> ScoreText:
        self = super().__new__(cls, text)
        entry: Entry = None
        error = ""
        if is_blank(text):
            kind = ""
        elif is_not_played(text):
            kind = "NP"
        else:
            try:
                entry = _parse_text(text)
                kind = "A" if isinstance(entry, Artificial) else "R"
            except ValueError as exc:
                error, kind = str(exc), "bad"
        object.__setattr__(self, "_entry", entry)
        object.__setattr__(self, "error", error)
        object.__setattr__(self, "kind", kind)
        return self

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(f"ScoreText is read once: {name} cannot be set")

    def __reduce__(self) -> tuple[type[ScoreText], tuple[str]]:  # pickled (a worker process) as its text
        return ScoreText, (str(self),)

    @property
    def entry(self) -> Entry:
        """The parsed score (None when not played or blank); ValueError when the text is no score."""
        if self.error:
            raise ValueError(self.error)
        return self._entry


#: A line's score, read (:func:`read_score`): an NS score; a :class:`ScoreText` (an artificial code, a
#: weighted or split score, a not-played code, as written); an entry already parsed; None when blank.
LineScore = int | ScoreText | Artificial | Assigned | Mixed | None


def read_score(value: object) -> LineScore:
    """A score cell's value read once into a :data:`LineScore`: an int or None kept, text made a
    :class:`ScoreText`, a whole number (``420.0``) made an int; ValueError for another number or value.

    >>> read_score(420), read_score("A+").entry, read_score(-50.0), read_score(None)
    (420, Artificial(ns=Fraction(60, 1), ew=Fraction(40, 1)), -50, None)
    >>> read_score(4.5)
    Traceback (most recent call last):
    ...
    ValueError: 4.5 is not a score; a bridge score is a whole number such as 420 or -50
    """
    if value is None or isinstance(value, (ScoreText, Artificial, Assigned, Mixed)):
        return value
    if isinstance(value, str):
        return ScoreText(value)
    if isinstance(value, bool):
        raise ValueError(f"{value!r} is not a score")
    if isinstance(value, int):
        return value
    if isinstance(value, (float, Fraction)):
        return int(parse_score(value))
    raise ValueError(f"{value!r} is not a score")


def entry_of(score: LineScore) -> Entry:
    """The entry of a score already read (:func:`read_score`), without parsing again: an int's
    :func:`Score`, a :class:`ScoreText`'s :attr:`~ScoreText.entry` (ValueError when it is no score).

    >>> entry_of(420) == Score(420), entry_of(None), entry_of(ScoreText("NP"))
    (True, None, None)
    """
    if type(score) is int:
        return Score(score)
    if type(score) is ScoreText:
        return score.entry
    return parse_entry(score)  # an entry already read, None; or a value no reader gives (the parser's words)


def line_kind(value: object) -> str:
    """The kind of one traveller cell, as the sheet's Kind column spells it (:data:`mpxl.core.rules.KINDS`):
    ``R`` a result, ``A`` an artificial score, ``NP`` not played, ``""`` blank, ``bad`` unreadable.

    >>> line_kind(None), line_kind("Bye"), line_kind("60/40"), line_kind(" -50 "), line_kind("4S=")
    ('', 'NP', 'A', 'R', 'bad')
    """
    if type(value) is ScoreText:
        return value.kind
    if is_blank(value):
        return ""
    if is_not_played(value):
        return "NP"
    try:
        entry = parse_entry(value)
    except ValueError:
        return "bad"
    return "A" if isinstance(entry, Artificial) else "R"


#: What a penalty cell that is no penalty gets, after it, quoted.
NOT_A_PENALTY = "is not a penalty; expected matchpoints such as 2 or a percentage of top such as 10%"


@dataclass(frozen=True)
class LinePenalty:
    """A procedural penalty typed on a line (:attr:`mpxl.core.event.Line.ns_penalty`), read once
    (:func:`read_penalty`): ``amount`` matchpoints, or ``amount`` percent of the board's top when
    ``percent``; ``written`` the cell as given (what the writers write back and the messages quote).
    A cell that is no penalty keeps its ``error`` (the parser's words), raised when it is used
    (:meth:`of`), so the scorer names it where it names a bad line. A penalty of 0 is false.

    >>> p = LinePenalty.read(" 25% ")
    >>> p.amount, p.percent, p.of(16), str(p), bool(LinePenalty.read(0))
    (Fraction(25, 1), True, Fraction(4, 1), ' 25% ', False)
    """

    written: int | float | Fraction | str
    amount: Fraction = Fraction(0)
    percent: bool = False
    error: str = ""

    @classmethod
    def read(cls, value: int | float | Fraction | str) -> LinePenalty:
        """The penalty ``value`` (not blank) says; one holding its ``error`` when it is none."""
        try:
            if isinstance(value, (int, float, Fraction)) and not isinstance(value, bool):
                if value != value or abs(value) == float("inf"):
                    raise ValueError(value)
                return cls(value, abs(Fraction(value)))
            text = str(value).strip()
            percent = text.endswith("%")
            number = TEXT_NUMBER.match(text[:-1] if percent else text)
            if number is None:
                raise ValueError(value)
            return cls(value, abs(Fraction(number.group(1))), percent)
        except ValueError:
            return cls(value, error=f"{value!r} {NOT_A_PENALTY}")

    def of(self, top: int) -> Fraction:
        """The penalty in matchpoints on a board whose top is ``top`` (a percentage in the board's own
        arithmetic: the rulebook's ARTIFICIAL_MP, uncentred); ValueError when the cell is no penalty."""
        if self.error:
            raise ValueError(self.error)
        return Scale.DOUBLE.figure(self.amount, top) if self.percent else self.amount

    @property
    def typed(self) -> int | float | str | None:
        """The penalty as a cell holds it: matchpoints as a number, a percentage of top as its text (``10%``),
        None when there is none (0); ValueError when the cell is no penalty, or its amount has more decimals
        than a cell shows.

        >>> [read_penalty(v).typed for v in (2, " 10 % ", "-1.5", 0)]
        [2, '10%', 1.5, None]
        """
        if self.error:
            raise ValueError(self.error)
        plain = plain_number(self.amount)
        if plain is None:
            raise ValueError(f"the penalty {self.written!r} has more decimals than a cell shows")
        if self.percent:
            return f"{plain}%"
        return None if self.amount == 0 else cell_number(self.amount)

    def __bool__(self) -> bool:
        return self.amount != 0 or bool(self.error)

    def __str__(self) -> str:
        return str(self.written)


def read_penalty(value: object) -> LinePenalty | None:
    """A penalty cell read once: None when blank, a :class:`LinePenalty` (kept as given) when read already,
    else the one it says (holding its error when it is none).

    >>> read_penalty(None), read_penalty("  "), read_penalty(2).amount, read_penalty("x").error[:22]
    (None, None, Fraction(2, 1), "'x' is not a penalty; ")
    """
    if value is None or isinstance(value, LinePenalty):
        return value
    if is_blank(value):
        return None
    if isinstance(value, (int, float, Fraction, str)):
        return LinePenalty.read(value)
    return LinePenalty(str(value), error=f"{value!r} {NOT_A_PENALTY}")
