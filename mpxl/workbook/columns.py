"""A workbook column declared once: its key, header, note, formula, and the NS/EW twins made from one definition.

A :class:`Column` is a record; the stage modules (:mod:`.typed`, :mod:`.figures`, :mod:`.rulings`,
:mod:`.totals`) declare them beside their formulas, :mod:`.layout` lays them out in the sheet's order
(column letters, defined names of their data rows), :mod:`.helptext` reads their notes and
:mod:`.formulas` their formulas. A formula reads the row's cells by name (``c.kind`` is this row's Kind
cell, ``AN5``), a side's by the side (``c[NS].vt`` is NS's view), and a column's data rows
looked across by :data:`every` (``every.kind`` is ``Kinds``).

>>> pct = twin("{s}pcx", "{V} %", lambda c, s: f"{c[s].pb}+1", note="The {V} percentage.")
>>> [(col.key, col.header, col.note) for col in pct]
[('nspcx', 'NS %', 'The NS percentage.'), ('ewpcx', 'EW %', 'The EW percentage.')]
>>> pct[1].formula(Row(5, {"ewpb": "AB"}))
'AB5+1'
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Literal, NamedTuple

__all__ = ["Side", "NS", "EW", "SIDES", "Column", "Row", "SideRow", "col", "twin", "each_part", "merged",
           "Align", "Across", "every", "every_pair", "FAMILIES", "placed_once", "TwinFormula", "Span", "LOOSE", "Local"]


class Side(NamedTuple):
    """One side of a line: ``v`` its letter in keys (n, e), ``s`` its two letters (ns, ew), ``V`` its name."""

    v: str
    s: str
    V: str

    @property
    def other(self) -> Side:
        return EW if self is NS else NS

    def fill(self, template: str, i: int = 0) -> str:
        """``template`` with this side's letter(s), name and the other side's name, and part number ``i``."""
        return template.format(v=self.v, s=self.s, V=self.V, W=self.other.V, i=i)


NS = Side("n", "ns", "NS")
EW = Side("e", "ew", "EW")
SIDES = (NS, EW)

#: How a column's cells are aligned: centred, right, or as Excel shows what is in them ("").
Align = Literal["", "center", "right"]

#: A family's name -> the templates of its NS and EW columns' keys (``vt`` -> ``{v}vt`` twice): what
#: :class:`SideRow` reads.
FAMILIES: dict[str, tuple[str, str]] = {}


@dataclass(frozen=True, slots=True)
class Column:
    """One column of a sheet, every fact of it: ``key`` (what formulas name it by), ``header`` (row 4), ``note``
    (the header's note and the docs' table), ``formula`` (of a row's cells, without its ``=``; None when typed in),
    ``width``, ``kind`` (``input``, ``formula`` or ``helper``), ``across`` (the defined name of its data rows, when
    formulas look across them), ``family`` (the template its twin or part columns share); how its cells show:
    ``text`` (typed in and kept as the text typed, number format ``@``: a penalty of 10% stays 10%, not 0.1),
    ``align`` (``center``, ``right``; "" as Excel shows it), ``number_format`` (a format code, or ``line``,
    ``total``, ``pct``: the event's format of a line's figures, of the totals, of the percentages), ``bold``; and
    ``after``, the column it follows in the sheet where that is not the one declared before it (:func:`merged`)."""

    key: str
    header: str
    note: str = ""
    formula: Callable[[Row], str] | None = None
    width: int = 10
    kind: str = "helper"
    across: str = ""
    family: str = ""
    text: bool = False
    align: Align = ""
    number_format: str = ""
    bold: bool = False
    after: str = ""


def col(key: str, header: str, formula: Callable[[Row], str] | None = None, *, note: str = "", width: int = 10,
        kind: str = "helper", across: str = "", text: bool = False, align: Align = "", number_format: str = "",
        bold: bool = False, after: str = "") -> Column:
    """A column of its own (no twin)."""
    return Column(key, header, note, formula, width, kind, across, text=text, align=align,
                  number_format=number_format, bold=bold, after=after)


def _register(family: str, templates: tuple[str, str]) -> None:
    if FAMILIES.setdefault(family, templates) != templates:
        raise ValueError(f"two column families named {family!r}")


def _key_of(family: str, s: Side, i: int = 0) -> str:
    try:
        return s.fill(FAMILIES[family][s is EW], i)
    except KeyError:
        raise AttributeError(f"no column family {family!r}") from None


#: A twin's formula: of the row and the side, or NS's and EW's own (a pair of columns that read differently).
TwinFormula = Callable[["Row", Side], str] | tuple[Callable[["Row"], str], Callable[["Row"], str]] | None


def twin(key: str | tuple[str, str], header: str, formula: TwinFormula = None, *,
         note: str | tuple[str, str] = "", family: str = "", width: int = 10, kind: str = "helper",
         across: str = "", text: bool = False, align: Align = "", number_format: str = "", bold: bool = False,
         after: str = "") -> tuple[Column, Column]:
    """The NS and EW columns of one definition: ``key`` (or NS's and EW's keys), ``header``, ``note`` (or NS's
    and EW's) and ``across`` are templates (``{v}`` n/e, ``{s}`` ns/ew, ``{V}`` NS/EW, ``{W}`` the other side's
    name), ``formula`` takes the side (or is NS's and EW's own). ``family`` (default: the key without its side) is how
    ``c[side]`` names them. ``after`` is NS's (EW's column follows NS's); the other facts are both's."""
    keys = (key, key) if isinstance(key, str) else key
    _register(family or keys[0].replace("{v}", "").replace("{s}", ""), keys)
    notes = (note, note) if isinstance(note, str) else note

    def one(s: Side) -> Column:
        fn = formula[s is EW] if isinstance(formula, tuple) else None if formula is None else _bound(formula, s)
        return Column(s.fill(keys[s is EW]), s.fill(header), s.fill(notes[s is EW]), fn, width, kind,
                      s.fill(across) if across else "", keys[0], text=text, align=align, number_format=number_format,
                      bold=bold, after="" if s is EW else after)
    return one(NS), one(EW)


def each_part(key: str, header: str, formula: Callable[[Row, Side, int], str], parts: int, *,
              note: str, across: str = "", after: str = "") -> list[Column]:
    """The columns of each side's ``parts`` parts (NS's 1, 2, 3, then EW's), ``{i}`` the part in the templates;
    :meth:`SideRow.part` names them (``c[NS].part("st", 2)`` for key ``{v}st{i}``). ``after`` is the first's."""
    _register(key.replace("{v}", "").replace("{i}", ""), (key, key))
    return [Column(s.fill(key, i), s.fill(header, i), s.fill(note, i), _bound_part(formula, s, i),
                   across=s.fill(across, i) if across else "", family=key,
                   after=after if (s, i) == (NS, 1) else "")
            for s in SIDES for i in range(1, parts + 1)]


def _bound(formula: Callable[[Row, Side], str], s: Side) -> Callable[[Row], str]:
    def fn(c: Row) -> str:
        return formula(c, s)
    return fn


def _bound_part(formula: Callable[[Row, Side, int], str], s: Side, i: int) -> Callable[[Row], str]:
    def fn(c: Row) -> str:
        return formula(c, s, i)
    return fn


def merged(*stages: Sequence[Column]) -> list[Column]:
    """The columns of the ``stages`` in the sheet's order: each stage's in its declared order, in runs that
    begin at a column naming the column it follows (``after``), each run placed right after that column; the
    first stage's first run first. Every stage's first run names where it goes (an empty stage has none).

    >>> a = [col("a1", "A"), col("a2", "A"), col("a3", "A", after="b1")]
    >>> [c.key for c in merged(a, [col("b1", "B", after="a2")])]
    ['a1', 'a2', 'b1', 'a3']
    >>> merged(a, [col("b1", "B")])
    Traceback (most recent call last):
    ValueError: column 'b1' starts a run of columns and names no column it follows (after=)
    """
    runs: list[list[Column]] = []
    for stage in stages:
        for i, c in enumerate(stage):
            if i == 0 or c.after:
                if runs and not c.after:
                    raise ValueError(f"column {c.key!r} starts a run of columns and names no column it follows "
                                     "(after=)")
                runs.append([c])
            else:
                runs[-1].append(c)
    follows: dict[str, list[Column]] = {}
    for run in runs[1:]:
        if follows.setdefault(run[0].after, run) is not run:
            raise ValueError(f"two runs of columns follow column {run[0].after!r}")
    out: list[Column] = []
    todo = list(reversed(runs[:1]))
    while todo:  # each run's columns, a run that follows one of them right after it
        run = todo.pop()
        for j, c in enumerate(run):
            out.append(c)
            if c.key in follows:
                todo += [run[j + 1:], follows.pop(c.key)]
                break
    if follows:
        raise ValueError(f"no column {sorted(follows)} for columns to follow: "
                         f"{[run[0].key for run in follows.values()]}")
    return out


def placed_once(columns: Iterable[Column], *sheet: list[Column]) -> None:
    """Check that each of ``columns`` is placed exactly once in the ``sheet``'s parts."""
    placed = [c.key for part in sheet for c in part]
    declared = {c.key for c in columns}
    if len(set(placed)) != len(placed) or set(placed) != declared:
        raise ValueError(f"columns not placed once: {sorted(declared ^ set(placed))}")


class Span(NamedTuple):
    """The rows ``first..last`` of one board's lines, laid out together: what a line's own board's lookups read
    (:attr:`Row.local`). ``Span(0, 0)`` (:data:`LOOSE`) is the rows after them, in a workbook that has such
    spans: a line typed there is read across the whole sheet. ``one_field``: every board's rows are of one field
    (one session, one section), so the field's N is the Setup's N used, worked out once."""

    first: int
    last: int
    one_field: bool = False


#: The rows after the boards' own in a workbook laid out by board.
LOOSE = Span(0, 0)


class Row:
    """The cells of one row by name: ``Row(5, {"kind": "AN"}).kind`` -> ``AN5``; ``span`` the rows of its board's
    lines when the workbook lays them out together (None: lines in any order); ``tail`` the rows after every
    board's (:data:`LOOSE`'s rows: a line or a penalty typed there), where a board's own lookups read too."""

    __slots__ = ("_row", "_letters", "span", "tail")

    def __init__(self, row: int, letters: Mapping[str, str], span: Span | None = None,
                 tail: Span | None = None) -> None:
        self._row, self._letters, self.span, self.tail = row, letters, span, tail

    @property
    def board_rows(self) -> Span | None:
        """The rows of the line's board, where it is laid out among them (not in the rows after: :data:`LOOSE`)."""
        return None if self.span is None or self.span == LOOSE else self.span

    def top(self, key: str) -> str:
        """The absolute cell of column ``key`` in the first row of the line's board (its span's)."""
        rows = self.board_rows
        if rows is None:
            raise AttributeError("no board rows: the line is not laid out with its board's")
        return f"${self._letters[key]}${rows.first}"

    @property
    def after(self) -> Across | None:
        """The rows after every board's (:attr:`tail`) as ranges, or None when there are none."""
        return None if self.tail is None else Local(self._letters, self.tail)

    @property
    def local(self) -> Across:
        """The data rows a lookup of the line's own board reads: its board's rows (``$AN$5:$AN$13``) in a
        workbook laid out by board, else the whole column's defined name (:data:`every`)."""
        rows = self.board_rows
        return every if rows is None else Local(self._letters, rows)

    def __getattr__(self, key: str) -> str:
        return self.at(key)

    def at(self, key: str) -> str:
        """The cell of column ``key`` (a name made from a family's template: :class:`SideRow`)."""
        try:
            return f"{self._letters[key]}{self._row}"
        except KeyError:
            raise AttributeError(f"no column {key!r}") from None

    def __getitem__(self, s: Side) -> SideRow:
        """The cells of side ``s``'s twin columns, by their family's name: ``c[NS].vt``."""
        return SideRow(self, s)


class SideRow:
    """One side's cells of a row: ``c[NS].vt`` is the cell of family ``vt`` (``{v}vt``) on NS's side,
    ``nvt``; ``.other`` the other side's."""

    __slots__ = ("_cells", "_s")

    def __init__(self, cells: Row, s: Side) -> None:
        self._cells, self._s = cells, s

    def __getattr__(self, family: str) -> str:
        return self._cells.at(_key_of(family, self._s))

    def part(self, family: str, i: int) -> str:
        """Part ``i``'s cell of family ``family`` (``st`` for ``{v}st{i}``)."""
        return self._cells.at(_key_of(family, self._s, i))

    @property
    def other(self) -> SideRow:
        return SideRow(self._cells, self._s.other)


class Across:
    """The defined names of a sheet's columns' data rows, by the column's key: ``every.kind`` -> ``Kinds``.
    Read when a formula is written: :mod:`mpxl.workbook.layout` binds them once the sheet is laid out."""

    __slots__ = ("_names",)

    def __init__(self) -> None:
        self._names: dict[str, str] = {}

    def bind(self, names: Mapping[str, str]) -> None:
        """Take the sheet's defined names (column key -> name)."""
        self._names = dict(names)

    def __getattr__(self, key: str) -> str:
        return self.at(key)

    def at(self, key: str) -> str:
        """The defined name of column ``key``'s data rows."""
        try:
            return self._names[key]
        except KeyError:
            raise AttributeError(f"no defined name for column {key!r}") from None

    def side(self, s: Side, family: str) -> str:
        """Side ``s``'s column of ``family``, by its defined name."""
        return self.at(_key_of(family, s))

    def part(self, s: Side, family: str, i: int) -> str:
        """Part ``i`` of side ``s``'s column of ``family``, by its defined name."""
        return self.at(_key_of(family, s, i))


class Local(Across):
    """A board's own rows of the columns, as absolute ranges: ``Local({"kind": "AN"}, Span(5, 13)).kind`` is
    ``$AN$5:$AN$13``; :class:`Across`'s calls (``side``, ``part``), each a range, not a defined name."""

    __slots__ = ("_letters", "_span")

    def __init__(self, letters: Mapping[str, str], span: Span) -> None:
        super().__init__()
        self._letters, self._span = letters, span

    def at(self, key: str) -> str:
        try:
            letter = self._letters[key]
        except KeyError:
            raise AttributeError(f"no column {key!r}") from None
        return f"${letter}${self._span.first}:${letter}${self._span.last}"


#: The Travellers columns looked across (``every.kind`` is ``Kinds``); :data:`every_pair` the Pairs'.
every = Across()
every_pair = Across()
