"""The tablets' database (Bridgemate ``.bws``) turned into an event: the rules, on plain rows.

:func:`event_from_rows` takes the tables as rows (dicts from column name to text, as
:mod:`mpxl.formats.access` reads them, or as a test writes them) and makes the
:class:`~mpxl.core.event.Event` and a :class:`Reading` of what a scorer must look at. Columns are found
by name (any case), so the older layout (2005: no ``Section.Session``, no ``PlayerNumbers.Round``)
and the newer one read alike.

The rules (``shared/bws.md`` and the tablet maker's developer guide):

- ``ReceivedData``: an ``Erased`` row is no result. A correction is a new row: of the rows of one
  section, table, round and board the latest stands (``DateLog``, ``TimeLog``, then ``ID``), the
  others are superseded (counted and listed).
- ``Contract`` ``4S``, ``4 S x``, ``3 D xx``, ``2 NT``, ``PASS``; ``Result`` ``=``, ``+n``, ``-n``;
  ``NS/EW`` the declarer's seat: the NS score by :mod:`mpxl.core.contract`, vulnerability from the
  board number.
- ``Remarks``: ``Not played`` (no result); ``Wrong direction`` (the pairs sat the other way
  round: the board scored as played, each pair given its own side, an arrowswitch);
  ``Arbitral score`` (the director has not decided: undecided, scored as not played); a
  percentage pair ``60%-40%`` (NS first) an artificial score written in the rulebook's words
  (``A+/A-``).
- ``RoundData`` is the movement: the pairs of each table and round and its boards
  (``LowBoard``-``HighBoard``, or ``CustomBoards``). A pair number seen on both sides (Howell, an
  arrowswitched Mitchell) makes one winner; NS and EW apart (Mitchell) two, unless
  ``Section.Winners`` says. Pair 0 or ``Section.MissingPair`` is the missing pair (a sit-out).
  A result whose pairs or board disagree with the movement, and a board of the movement with no
  result, are named (section, table, round, board).
- Names from ``PlayerNumbers`` (its ``Name``, else its ``Number`` looked up in ``PlayerNames``:
  that table is read only then), and each seat's member number (``Number``, as text; ``0`` is
  none) with it: :attr:`mpxl.core.event.Pair.players`; hands from ``HandRecord``.

>>> rows = {"ReceivedData": [dict(ID="1", Section="1", Table="1", Round="1", Board="1", PairNS="1", PairEW="2",
...                               **{"NS/EW": "N"}, Contract="4 S", Result="="),
...                          dict(ID="2", Section="1", Table="2", Round="1", Board="1", PairNS="3", PairEW="4",
...                               **{"NS/EW": "E"}, Contract="3 NT x", Result="-1")]}
>>> reading = event_from_rows(rows, "night.bws")
>>> [(ln.ns_pair, ln.score, ln.contract) for ln in reading.event.lines]
[('1', 420, '4S'), ('3', 100, '3NTx')]
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from ..core.adjustments import read_score
from ..core.contract import DIRECTION_SPELLINGS, Contract, Direction, board_vulnerability, ns_score, tricks_from_result
from ..core.errors import UserError
from ..core.event import Deal, Event, Line, Pair, SitOut
from ..core.members import players_of
from ..core.numbers import figure
from ..core.rules import ARTIFICIAL_CODES, Side
from ..core.slips import Play, Slip, likeliest_fix
from .access import Row
from .atomic import StrPath

__all__ = ["event_from_rows", "read_bws", "read_bws_reading", "Reading", "Finding", "remark_kind",
           "artificial_code", "round_data", "TABLES", "PROGRAM"]

#: The tables a scorer reads, in the order they are read.
TABLES = ("Section", "RoundData", "ReceivedData", "PlayerNumbers", "HandRecord")

#: The columns read of a table read only in part (a club's member list may have 14,000 rows).
READ_COLUMNS = {"PlayerNames": ("ID", "strID", "Name")}

#: The event's program name: no convention of a known program applies (generic).
PROGRAM = "Bridgemate (the tablets' database)"

#: The remarks the tablets write, by kind (lower case, spaces squeezed).
REMARKS = {"not played": "not played", "wrong direction": "wrong direction", "arbitral score": "undecided"}

#: Beyond this a number in a cell is no section, table, round, board or pair (Access's Long Integer).
INT_LIMIT = 2**31
#: The most boards one round's ``CustomBoards`` may give.
MAX_ROUND_BOARDS = 1000
#: The columns read as whole numbers, by table: each checked before any is used (a text column may hold anything).
NUMBER_COLUMNS = {
    "Section": ("ID", "Tables", "MissingPair", "Session", "Winners"),
    "RoundData": ("Section", "Table", "Round", "NSPair", "EWPair", "LowBoard", "HighBoard"),
    "ReceivedData": ("ID", "Section", "Table", "Round", "Board", "PairNS", "PairEW"),
    "PlayerNumbers": ("Section", "Table", "Round"),
    "HandRecord": ("Section", "Board"),
}

_PERCENTAGES = re.compile(r"^\s*([0-9]{1,3})\s*%\s*-\s*([0-9]{1,3})\s*%\s*$")  # ASCII digits only


@dataclass(frozen=True)
class Finding:
    """Something a scorer must look at, at one section, table, round and board (0 when not one)."""

    section: str
    table: int
    round: int
    board: int
    what: str

    def __str__(self) -> str:
        parts = [f"section {self.section}" if self.section else "", f"table {self.table}" if self.table else "",
                 f"round {self.round}" if self.round else "", f"board {self.board}" if self.board else ""]
        place = ", ".join(p for p in parts if p)
        return f"{place}: {self.what}" if place else self.what


@dataclass
class Reading:
    """What the database gave: the event, and what a scorer must look at before publishing."""

    event: Event
    missing: list[Finding] = field(default_factory=list)  # a board of the movement with no result
    #: those of ``missing`` in a round not begun in their section (no result of that round yet): not yet due while
    #: the evening is played (:meth:`go_live`)
    not_begun: list[Finding] = field(default_factory=list)
    undecided: list[Finding] = field(default_factory=list)  # "Arbitral score": no decision entered yet
    disagreements: list[Finding] = field(default_factory=list)  # a result the movement does not have
    unsettled: list[Finding] = field(default_factory=list)  # a row not understood, the movement unread
    superseded: list[Finding] = field(default_factory=list)  # rows replaced by a later one (for information)
    erased: int = 0  # rows marked Erased
    notes: list[str] = field(default_factory=list)  # unread tables, remarks not understood...
    #: The results the tablets gave a line before its latest (erased or superseded rows): (session, section,
    #: board, NS pair, EW pair) -> [(contract, declarer, tricks)...]. A workbook holding one of them holds the
    #: tablets' old result, not the director's correction (mpxl.workbook.keep).
    earlier: dict[tuple[int, str, int, str, str], list[tuple[str, str | None, int | None]]] = \
        field(default_factory=dict)
    #: The names the tablets gave a pair before its latest (typed at the tables since: the Data Connector's
    #: journal): (section, number, direction) -> [names...]. A workbook holding one of them holds what mpxl
    #: wrote before, not the director's typing (mpxl.workbook.keep).
    earlier_names: dict[tuple[str, str, str | None], list[tuple[str, ...]]] = field(default_factory=dict)

    @property
    def problems(self) -> list[Finding]:
        """What must be settled before publishing: missing results, undecided scores, disagreements, and
        what could not be understood (a row's remark, the movement)."""
        return self.unsettled + self.missing + self.undecided + self.disagreements

    def go_live(self) -> None:
        """Results still arriving (``mpxl score --watch``): a missing result is named only in a round that has
        begun in its section, the later rounds' not yet due (scored once, every one is: an evening cut short).

        >>> r = Reading(Event(), missing=[Finding("A", 1, 1, 2, "no result"), Finding("A", 1, 2, 3, "no result")])
        >>> r.not_begun = r.missing[1:]
        >>> r.go_live()
        >>> [f.round for f in r.missing], r.not_begun
        ([1], [])
        """
        later = set(self.not_begun)
        self.missing = [f for f in self.missing if f not in later]
        self.not_begun = []

    def to_json(self) -> dict[str, Any]:
        """What ``mpxl check night.bws --json`` and ``mpxl score night.bws --json`` (its ``tablets``) say.

        >>> Reading(Event()).to_json()["ready_to_publish"]
        True
        """
        return {"missing": [f.__dict__ for f in self.missing], "undecided": [f.__dict__ for f in self.undecided],
                "disagreements": [f.__dict__ for f in self.disagreements],
                "unsettled": [f.__dict__ for f in self.unsettled],
                "superseded": [f.__dict__ for f in self.superseded], "erased": self.erased, "notes": self.notes,
                "ready_to_publish": not self.problems}

    def warnings(self) -> list[str]:
        """The lines ``mpxl score`` prints on stderr (``file: ...``), most important first."""
        src = self.event.source
        out = [f"{src}: {n}" for n in self.notes]
        out += [f"{src}: {f}" for f in self.unsettled]
        out += [f"{src}: {f} (undecided: scored as not played until the director's decision is entered)"
                for f in self.undecided]
        out += [f"{src}: {f}" for f in self.disagreements]
        out += [f"{src}: {f}" for f in self.missing]
        if self.superseded or self.erased:
            out.append(f"{src}: {len(self.superseded)} row(s) superseded by a later correction, "
                       f"{self.erased} erased row(s) left out")
        return out


def artificial_code(ns: int, ew: int) -> str:
    """An artificial score of ``ns`` / ``ew`` percent in the rulebook's words
    (:data:`mpxl.core.rules.ARTIFICIAL_CODES`).

    >>> artificial_code(60, 40), artificial_code(50, 50), artificial_code(30, 70)
    ('A+/A-', 'A=/A=', '30/70')
    """
    words: dict[int, str] = {}
    for code, pct in ARTIFICIAL_CODES.items():
        words.setdefault(pct, code)
    return f"{words.get(ns, ns)}/{words.get(ew, ew)}"


def remark_kind(text: str | None) -> tuple[str, Any]:
    """A ``Remarks`` cell's kind: ('', None) for none, ('not played' | 'wrong direction' |
    'undecided', None), ('artificial', (ns, ew)), or ('other', the text).

    >>> remark_kind(None), remark_kind(" Not played "), remark_kind("60%-40%"), remark_kind("Arbitral score")
    (('', None), ('not played', None), ('artificial', (60, 40)), ('undecided', None))
    """
    if not text or not text.strip():
        return "", None
    key = " ".join(text.split()).lower()
    if key in REMARKS:
        return REMARKS[key], None
    m = _PERCENTAGES.match(text)
    if m and all(0 <= int(x) <= 100 for x in m.groups()):
        return "artificial", (int(m.group(1)), int(m.group(2)))
    return "other", text.strip()


def _get(row: Row, name: str) -> str | None:
    """The cell of column ``name`` (any case); None when empty or when the layout has no such column."""
    if name in row:
        value = row[name]
    else:
        value = next((v for k, v in row.items() if k.lower() == name.lower()), None)
    if value is None:
        return None
    value = str(value).strip()
    return value or None


class _BadCell(ValueError):
    """A cell no table, round, board or pair can have: the caller names the row."""


def _int(row: Row, name: str, default: int = 0) -> int:
    """The cell as a whole number (``default`` when empty or not a number); :class:`_BadCell` when
    it is not finite or beyond :data:`INT_LIMIT` (``1e999``, ``inf``).

    >>> _int({"Board": "12"}, "Board"), _int({"Board": "x"}, "Board"), _int({}, "Board", 1)
    (12, 0, 1)
    """
    value = _get(row, name)
    if value is None:
        return default
    try:
        number = figure(value)
    except ValueError:
        try:
            float(value)  # Python's float takes 1_0, a fullwidth digit, nan: no number here either
        except ValueError:
            return default
        raise _BadCell(f"{name} {value[:40]!r} is not a number (ASCII digits)") from None
    if not math.isfinite(number) or abs(number) >= INT_LIMIT:
        raise _BadCell(f"{name} {value[:40]!r} is no number a section, table, round, board or pair can have")
    return int(number)


def _checked(table: str, rows: list[Row] | None, source: str) -> list[Row] | None:
    """``rows``, once every number cell mpxl reads (and ``CustomBoards``) is found sound; UserError
    naming the row otherwise."""
    for i, row in enumerate(rows or [], start=1):
        try:
            for name in NUMBER_COLUMNS.get(table, ()):
                _int(row, name)
            if table == "RoundData":
                _boards_of(row)
        except _BadCell as exc:
            ident = _get(row, "ID") if table in ("ReceivedData", "Section") else None
            where = f"{table} row ID {ident[:20]}" if ident else f"{table} row {i}"
            raise UserError(source, where, str(exc)) from None
    return rows


def _truthy(value: str | None) -> bool:
    return value is not None and value.strip().lower() not in ("", "0", "false", "no")


@dataclass
class _Section:
    id: int
    letter: str
    session: int = 1
    missing_pair: str = ""
    winners: int | None = None
    name: str = ""  # the event's section name ('' when the database has one section)

    @classmethod
    def unnamed(cls, sid: int) -> _Section:
        """A section the Section table does not have: lettered by its number (A for 1)."""
        return cls(sid, chr(64 + sid) if 1 <= sid <= 26 else str(sid))

    def absent(self, pair: str) -> bool:
        """Whether ``pair`` is no pair: 0, or the section's missing pair (a sit-out)."""
        return pair == "0" or pair == self.missing_pair


@dataclass(frozen=True)
class _Slot:
    ns: str
    ew: str
    boards: tuple[int, ...]


#: The movement: (section, table, round) -> its pairs and boards.
Movement = dict[tuple[int, int, int], _Slot]
#: A result's place: (section, table, round, board).
ResultKey = tuple[int, int, int, int]


def _boards_of(row: Row) -> tuple[int, ...]:
    custom = _get(row, "CustomBoards")
    if custom:
        out: list[int] = []
        for part in re.split(r"[,;\s]+", custom):
            if "-" in part:
                a, _, b = part.partition("-")
                if re.fullmatch("[0-9]{1,18}", a) and re.fullmatch("[0-9]{1,18}", b):
                    if int(b) - int(a) >= MAX_ROUND_BOARDS:
                        raise _BadCell(f"CustomBoards {custom[:40]!r}: more than {MAX_ROUND_BOARDS} boards "
                                       "in one round")
                    out.extend(range(int(a), int(b) + 1))
                elif a or b:
                    raise _BadCell(f"CustomBoards {custom[:40]!r}: {part[:20]!r} is not a range of boards")
            elif re.fullmatch("[0-9]{1,18}", part):
                out.append(int(part))
            elif part:
                raise _BadCell(f"CustomBoards {custom[:40]!r}: {part[:20]!r} is not a board number")
        if len(out) > MAX_ROUND_BOARDS:
            raise _BadCell(f"CustomBoards {custom[:40]!r}: more than {MAX_ROUND_BOARDS} boards in one round")
        return tuple(out)
    low, high = _int(row, "LowBoard"), _int(row, "HighBoard")
    return tuple(range(low, high + 1)) if low > 0 else ()


#: A seat's word in HandRecord's column names (``NorthSpades``), from the rulebook's spellings.
_SEAT_NAMES = {seat: word.title() for word, seat in DIRECTION_SPELLINGS.items() if len(word) > 1}
_SUITS = ("Spades", "Hearts", "Diamonds", "Clubs")


def _hand(row: Row, seat: str) -> str:
    suits = []
    for suit in _SUITS:
        cards = (_get(row, _SEAT_NAMES[seat] + suit) or "").upper().replace("10", "T")
        suits.append(re.sub(r"[^AKQJT98765432]", "", cards))
    return "" if not any(suits) else ".".join(suits)


TableSource = Mapping[str, "list[Row] | None"] | Callable[[str], "list[Row] | None"]


def event_from_rows(tables: TableSource, source: str = "<bws>") -> Reading:
    """The event of the tablets' tables (a mapping or a function from a table's name to its rows,
    None for a table missing or unreadable), and what a scorer must look at.

    UserError (naming the ``ReceivedData`` row) for a contract, result, seat or board that cannot
    be read, and (naming the ``RoundData`` round) for a pair at two tables in one round of the movement.
    """
    given = tables.get if isinstance(tables, Mapping) else tables

    def get(name: str) -> list[Row] | None:
        return _checked(name, given(name), source)

    reading = Reading(Event(source=source, program=PROGRAM, scale=2))
    ev = reading.event
    section_rows = get("Section")
    received = get("ReceivedData")
    if received is None:
        raise UserError(source, "", "the database has no table ReceivedData (the results) that could be read")
    sections = _sections(section_rows or [], received)
    movement = _movement(get("RoundData"), reading)
    for sid in {key[0] for key in movement} - set(sections):  # a section with no Section row nor results yet
        sections[sid] = _Section.unnamed(sid)
    _name_sections(sections)
    _check_pairs_once(movement, sections, source)
    _find_winners(sections, movement, ev.winners)
    standing = _standing(received, sections, reading)
    set_aside = _set_aside(standing, movement, sections, reading)
    _add_lines(standing, set_aside, movement, sections, source, reading)
    _add_missing(standing, movement, sections, reading)
    ev.plays = _plays(movement, sections)
    ev.pairs = _pairs(movement, sections, ev.winners)
    _names(get, movement, sections, ev.pairs, reading)
    _deals(get("HandRecord"), ev, reading)
    dates = sorted(d[:10] for d in (_get(r, "DateLog") for r in received) if d and not d.startswith("1899"))
    ev.date = dates[0] if dates else ""
    return reading


def _sections(section_rows: list[Row], received: list[Row]) -> dict[int, _Section]:
    """The sections of the Section table, and one for each other section a result names."""
    sections: dict[int, _Section] = {}
    for row in section_rows:
        sid = _int(row, "ID")
        winners = _int(row, "Winners")
        sections[sid] = _Section(sid, (_get(row, "Letter") or str(sid)).strip(), max(_int(row, "Session", 1), 1),
                                 str(_int(row, "MissingPair")) if _int(row, "MissingPair") else "",
                                 winners if winners in (1, 2) else None)
    for row in received:
        sid = _int(row, "Section", 1)
        if sid not in sections:
            sections[sid] = _Section.unnamed(sid)
    return sections


def _movement(round_data: list[Row] | None, reading: Reading) -> Movement:
    """The movement of the RoundData table (a note when it could not be read: then none)."""
    if round_data is None:
        reading.unsettled.append(Finding("", 0, 0, 0, "no RoundData (the movement) could be read: results are "
                                         "scored as entered, missing results and the movement's winners are not "
                                         "known"))
    movement: Movement = {}
    for row in round_data or []:
        key = (_int(row, "Section", 1), _int(row, "Table"), _int(row, "Round"))
        movement[key] = _Slot(str(_int(row, "NSPair")), str(_int(row, "EWPair")), _boards_of(row))
    return movement


#: A round of a table in :func:`round_data`: round, table, NS pair, EW pair (None: a missing pair), boards.
RoundCells = tuple[int, int, "str | None", "str | None", tuple[int, ...]]


def round_data(round_rows: list[Row], section_rows: list[Row], source: str) -> dict[str, list[RoundCells]]:
    """The movement of RoundData, read as :func:`event_from_rows` reads it (each cell checked: UserError naming
    the row): per section letter, (round, table, NS, EW, boards), a missing pair (0, ``Section.MissingPair``)
    None (for :mod:`mpxl.formats.movement_file`)."""
    reading = Reading(Event(source=source))
    slots = _movement(_checked("RoundData", round_rows, source), reading)
    sections = _sections(_checked("Section", section_rows, source) or [], [])
    out: dict[str, list[RoundCells]] = {}
    for (sid, table, rnd), slot in sorted(slots.items()):
        sec = sections.get(sid) or _Section.unnamed(sid)
        out.setdefault(sec.letter, []).append((rnd, table, None if sec.absent(slot.ns) else slot.ns,
                                               None if sec.absent(slot.ew) else slot.ew, slot.boards))
    return out


def _name_sections(sections: dict[int, _Section]) -> None:
    """Each section named by its letter when there are several, else ''."""
    several = len({(s.letter, s.session) for s in sections.values()}) > 1
    for s in sections.values():
        s.name = s.letter if several and len({x.letter for x in sections.values()}) > 1 else ""


def _find_winners(sections: dict[int, _Section], movement: Movement, winners: dict[str, int]) -> None:
    """Each section's winners into ``winners``, as the Section table says, else from the movement: a
    number on both sides (Howell, arrowswitched rounds) is one field."""
    for sid, sec in sections.items():
        slots = [s for (i, _, _), s in movement.items() if i == sid]
        ns = {s.ns for s in slots if not sec.absent(s.ns)}
        ew = {s.ew for s in slots if not sec.absent(s.ew)}
        same = any(s.ns == s.ew and not sec.absent(s.ns) for s in slots)
        said = sec.winners or (2 if same or not (ns & ew) else 1) if slots else sec.winners
        if said is not None:
            winners[sec.name] = said


def _standing(received: list[Row], sections: dict[int, _Section], reading: Reading) -> dict[ResultKey, Row]:
    """The results that stand: erased rows out (counted), the latest row of each section, table, round
    and board (the others named as superseded)."""
    standing: dict[ResultKey, Row] = {}
    for row in received:
        if _truthy(_get(row, "Erased")):
            reading.erased += 1
            _note_earlier(row, sections, reading)
            continue
        rkey = (_int(row, "Section", 1), _int(row, "Table"), _int(row, "Round"), _int(row, "Board"))
        old = standing.get(rkey)
        if old is None:
            standing[rkey] = row
            continue
        new_first = _stamp(row) > _stamp(old)
        later, earlier = (row, old) if new_first else (old, row)
        standing[rkey] = later
        _note_earlier(earlier, sections, reading)
        sec = sections[rkey[0]]
        reading.superseded.append(Finding(sec.name or sec.letter, rkey[1], rkey[2], rkey[3],
                                          f"row ID {_get(earlier, 'ID')} superseded by row ID {_get(later, 'ID')}"))
    return standing


def _note_earlier(row: Row, sections: dict[int, _Section], reading: Reading) -> None:
    """A result the tablets gave before (an erased or a superseded row) put in :attr:`Reading.earlier`, under
    its line; a row that gives no played result (a remark, a contract not read) is left out."""
    sec = sections.get(_int(row, "Section", 1))
    text = _get(row, "Contract")
    if sec is None or not text:
        return
    try:
        contract = Contract.parse(text)
        if contract.is_passed:
            result: tuple[str, str | None, int | None] = (str(contract), None, None)
        else:
            seat = Direction.find(_get(row, "NS/EW"))
            result = (str(contract), seat.value, tricks_from_result(contract, _get(row, "Result") or ""))
    except (ValueError, TypeError):
        return
    key = (sec.session, sec.name.strip(), _int(row, "Board"), str(_int(row, "PairNS")), str(_int(row, "PairEW")))
    reading.earlier.setdefault(key, []).append(result)


def _set_aside(standing: dict[ResultKey, Row], movement: Movement, sections: dict[int, _Section],
               reading: Reading) -> set[ResultKey]:
    """A board played twice at one table (two rounds): the round whose boards the movement says
    stands (else the later row); the other is named and set aside (not scored)."""
    rounds_of: dict[tuple[int, int, int], list[ResultKey]] = {}
    for rkey in standing:
        rounds_of.setdefault((rkey[0], rkey[1], rkey[3]), []).append(rkey)
    set_aside: set[ResultKey] = set()
    for keys in rounds_of.values():
        if len(keys) < 2:
            continue
        fits = [k for k in keys if k[3] in getattr(movement.get(k[:3]), "boards", ())]
        keep = fits[0] if len(fits) == 1 else max(keys, key=lambda k: _stamp(standing[k]))
        for k in keys:
            if k != keep:
                set_aside.add(k)
                sec = sections[k[0]]
                reading.disagreements.append(Finding(sec.name or sec.letter, k[1], k[2], k[3],
                                                     f"a second result for this board at this table (row ID "
                                                     f"{_get(standing[k], 'ID')}; round {keep[2]}'s, row ID "
                                                     f"{_get(standing[keep], 'ID')}, is scored): not scored"))
    return set_aside


def _add_lines(standing: dict[ResultKey, Row], set_aside: set[ResultKey], movement: Movement,
               sections: dict[int, _Section], source: str, reading: Reading) -> None:
    """A line for each result that stands, in the order they were written, then sorted; where one
    disagrees with the movement (a table, round or board it does not have, other pairs), named."""
    ev = reading.event
    plays: dict[int, list[Play]] = {}  # each section's plays, made when a result disagrees
    for rkey in sorted(standing, key=lambda k: (_stamp(standing[k]), k)):
        if rkey in set_aside:
            continue
        row = standing[rkey]
        sid, table, rnd, board = rkey
        sec = sections[sid]
        label = sec.name or sec.letter
        where = f"ReceivedData row ID {_get(row, 'ID')} (table {table}, round {rnd}, board {board})"
        if board < 1:
            raise UserError(source, where, f"board {_get(row, 'Board')!r} is not a board number")
        line = _line(row, sec, table, board, where, source, reading, label, rnd)
        slot = movement.get((sid, table, rnd))
        if slot is not None and line.ns_pair == "0" and line.ew_pair == "0":  # pairs not sent: the movement's
            line.ns_pair, line.ew_pair = slot.ns, slot.ew
        if movement:
            found = _against_movement(line, slot, label, table, rnd, board)
            if found and slot is not None:  # the likeliest fix, as for a paper slip (mpxl.core.slips)
                if sid not in plays:
                    plays[sid] = [Play(str(b), s.ns, s.ew, str(r), str(t)) for (i, t, r), s in sorted(movement.items())
                                  if i == sid for b in s.boards]
                fix, _ = likeliest_fix(Slip(where, str(board), line.ns_pair, line.ew_pair, str(table), str(rnd)),
                                       plays[sid])
                if fix:
                    found[-1] = replace(found[-1], what=f"{found[-1].what}: likeliest fix: {fix}")
            reading.disagreements.extend(found)
        ev.lines.append(line)
    ev.lines.sort(key=lambda ln: (ln.session, ln.section, ln.board, ln.table if isinstance(ln.table, int) else 0))


def _against_movement(line: Line, slot: _Slot | None, label: str, table: int, rnd: int, board: int) -> list[Finding]:
    """How a result disagrees with the movement's slot for its table and round (None: it has none)."""
    if slot is None:
        return [Finding(label, table, rnd, board, "a result for a table and round the movement (RoundData) does "
                        "not have")]
    out = []
    if board not in slot.boards:
        out.append(Finding(label, table, rnd, board, "a board the movement does not "
                           f"play at this table this round ({_span(slot.boards)})"))
    if (line.ns_pair, line.ew_pair) != (slot.ns, slot.ew):
        out.append(Finding(label, table, rnd, board, f"pairs NS {line.ns_pair} EW {line.ew_pair}, the movement "
                           f"has NS {slot.ns} EW {slot.ew}"))
    return out


def _add_missing(standing: dict[ResultKey, Row], movement: Movement, sections: dict[int, _Section],
                 reading: Reading) -> None:
    """Each board of the movement with no result, named as missing (those of a round not begun in the section,
    no result of it yet, also as not begun: not yet due while the evening is played); a table with one pair (the
    other absent) on a board played elsewhere, a sit-out, once its round has begun (a result of that round in
    the section: while the evening is played, a sit-out of a later round is not yet one)."""
    ev = reading.event
    played = {(ln.session, ln.section, ln.board) for ln in ev.lines}
    begun = {(sid, rnd) for sid, _table, rnd, _board in standing}
    for (sid, table, rnd), slot in sorted(movement.items()):
        found = sections.get(sid)
        if found is None:
            continue
        sec = found
        for board in slot.boards:
            if sec.absent(slot.ns) and sec.absent(slot.ew):
                continue
            if sec.absent(slot.ns) or sec.absent(slot.ew):
                side: Side
                pair, side = (slot.ew, "EW") if sec.absent(slot.ns) else (slot.ns, "NS")
                if ((sec.session, sec.name, board) in played and (sid, rnd) in begun
                        and (sid, table, rnd, board) not in standing):
                    ev.sitouts.append(SitOut(board, pair, side, sec.name, sec.session,
                                             f"RoundData table {table}, round {rnd}"))
                continue
            if (sid, table, rnd, board) not in standing:
                missing = Finding(sec.name or sec.letter, table, rnd, board, f"no result (NS {slot.ns}, EW {slot.ew})")
                reading.missing.append(missing)
                if (sid, rnd) not in begun:  # while the evening is played, not yet due (Reading.go_live)
                    reading.not_begun.append(missing)


def _plays(movement: Movement, sections: dict[int, _Section]) -> dict[tuple[int, str, int], int]:
    """(session, section, board) -> how many tables the movement plays the board at: those with both pairs (a
    table whose other pair is missing is a sit-out, not a play of the board).

    >>> slot = _Slot("1", "2", (1, 2))
    >>> _plays({(1, 1, 1): slot, (1, 2, 1): _Slot("3", "0", (3,)), (1, 3, 2): slot}, {1: _Section.unnamed(1)})
    {(1, '', 1): 2, (1, '', 2): 2}
    """
    plays: dict[tuple[int, str, int], int] = {}
    for (sid, _table, _rnd), slot in movement.items():
        sec = sections.get(sid)
        if sec is None or sec.absent(slot.ns) or sec.absent(slot.ew):
            continue
        for board in slot.boards:
            key = (sec.session, sec.name, board)
            plays[key] = plays.get(key, 0) + 1
    return plays


def _stamp(row: Row) -> tuple[str, str, int]:
    """When a row was written: DateLog's date, TimeLog's time, then its ID."""
    day = (_get(row, "DateLog") or "")[:10]
    clock = _get(row, "TimeLog") or ""
    clock = clock[-8:] if len(clock) >= 8 else clock
    return day, clock, _int(row, "ID")


def _span(boards: tuple[int, ...]) -> str:
    if not boards:
        return "no boards"
    if list(boards) == list(range(boards[0], boards[-1] + 1)):
        return f"boards {boards[0]}-{boards[-1]}" if len(boards) > 1 else f"board {boards[0]}"
    return "boards " + ",".join(map(str, boards))


def _line(row: Row, sec: _Section, table: int, board: int, where: str, source: str, reading: Reading,
          label: str, rnd: int) -> Line:
    ns_pair, ew_pair = str(_int(row, "PairNS")), str(_int(row, "PairEW"))
    line = Line(board, ns_pair, ew_pair, sec.name, table=table, session=sec.session, where=where,
                lead=_get(row, "LeadCard"))
    kind, value = remark_kind(_get(row, "Remarks"))
    contract_text = _get(row, "Contract")
    if kind == "not played":
        return line
    if kind == "undecided":
        reading.undecided.append(Finding(label, table, rnd, board, f"'Arbitral score' (NS {ns_pair}, EW {ew_pair})"))
        return line
    if kind == "artificial":
        line.score = read_score(artificial_code(*value))
        return line
    if kind == "other" and contract_text:
        reading.notes.append(f"{where}: remark {value!r} not understood; scored from the contract")
    elif kind == "other":
        reading.unsettled.append(Finding(label, table, rnd, board, f"ReceivedData row ID {_get(row, 'ID')}: remark "
                                         f"{value!r} not understood and no contract: no result until it is "
                                         "entered as the tablets write it (e.g. 60%-40%)"))
    if contract_text is None:
        if kind != "other":
            reading.disagreements.append(Finding(label, table, rnd, board, "a row with no contract and no remark: "
                                                 "scored as not played"))
        return line
    try:
        contract = Contract.parse(contract_text)
        if contract.is_passed:
            line.score, line.contract = 0, str(contract)
        else:
            seat_text = _get(row, "NS/EW")
            seat = Direction.find(seat_text)
            result = _get(row, "Result") or ""
            tricks = tricks_from_result(contract, result)
            line.score = ns_score(contract, seat, tricks, board_vulnerability(board))
            line.contract, line.declarer, line.tricks = str(contract), seat.value, tricks
    except ValueError as exc:
        raise UserError(source, where, str(exc)) from None
    if kind == "wrong direction":
        line.arrowswitch = True
        line.note = "wrong direction: the pairs sat the other way round"
    return line


def _check_pairs_once(movement: Movement, sections: dict[int, _Section],
                      source: str) -> None:
    """A pair in two places in one round of the movement is refused, naming both tables."""
    where: dict[tuple[int, int, str, str], int] = {}
    shared = {sid for (sid, _, _), s in movement.items() if s.ns == s.ew and s.ns != "0"}  # Mitchell numbering
    for (sid, table, rnd), slot in sorted(movement.items()):
        sec = sections.get(sid)
        if sec is None:
            continue
        for side, pair in (("NS", slot.ns), ("EW", slot.ew)):
            if sec.absent(pair):
                continue
            key = (sid, rnd, side if sid in shared else "", pair)
            other = where.get(key)
            if other is not None:
                raise UserError(source, f"RoundData section {sec.letter}, round {rnd}",
                                f"pair {pair} is at table {other} and at table {table} in the same round")
            where[key] = table


def _pairs(movement: Movement, sections: dict[int, _Section], winners: dict[str, int]) -> list[Pair]:
    out: dict[tuple[str, int, str, str | None], Pair] = {}
    for (sid, _table, _rnd), slot in sorted(movement.items()):
        sec = sections.get(sid)
        if sec is None:
            continue
        two = winners.get(sec.name) == 2
        for side, pair in (("NS", slot.ns), ("EW", slot.ew)):
            if sec.absent(pair):
                continue
            key = (sec.name, sec.session, pair, side if two else None)
            out.setdefault(key, Pair(pair, sec.name, side if two else None, session=sec.session))
    return sorted(out.values(), key=lambda p: (p.session, p.section, p.direction == "EW", int(p.number)))


def _names(get: Callable[[str], list[Row] | None], movement: Movement, sections: dict[int, _Section],
           pairs: list[Pair], reading: Reading) -> None:
    """Each pair's players from PlayerNumbers (a Name, else its Number looked up in PlayerNames)."""
    players = get("PlayerNumbers")
    if players is None:
        reading.notes.append("PlayerNumbers (the players' names) could not be read: scored without names")
        return
    if not players:
        return
    first_round: dict[tuple[int, int], int] = {}
    for (sid, table, rnd) in movement:
        first_round[(sid, table)] = min(rnd, first_round.get((sid, table), rnd))
    members: dict[str, str] | None = None
    by_pair: dict[tuple[str, int, str, str], list[tuple[int, int, str, str, str]]] = {}
    for row in players:
        sid, table = _int(row, "Section", 1), _int(row, "Table")
        seat = (_get(row, "Direction") or "").upper()[:1]
        if seat not in "NESW" or not seat:
            continue
        name = _get(row, "Name")
        number = _get(row, "Number") or ""
        number = "" if number == "0" else number
        if not name and number:
            if members is None:  # the member list, read only when a seat has a number without a name
                members = {}
                for m in get("PlayerNames") or []:
                    for id_column in ("strID", "ID"):
                        key = _get(m, id_column)
                        if key and _get(m, "Name"):
                            members.setdefault(key, _get(m, "Name") or "")
            name = members.get(number)
        if not name and not number:
            continue
        rnd = _int(row, "Round", 0) or first_round.get((sid, table), 1)
        slot = movement.get((sid, table, rnd))
        sec = sections.get(sid)
        if slot is None or sec is None:
            continue
        pair, side = (slot.ns, "NS") if seat in "NS" else (slot.ew, "EW")
        where = ", ".join(x for x in (f"section {sec.name}" if sec.name else "", f"table {table}",
                                      f"round {rnd}" if _int(row, "Round", 0) else "", seat) if x)
        by_pair.setdefault((sec.name, sec.session, pair, side), []).append(
            (rnd, "NESW".index(seat), name or "", number, where))
    for p in pairs:
        sides = [p.direction] if p.direction else ["NS", "EW"]
        seen = sorted(x for side in sides for x in by_pair.get((p.section, p.session, p.number, side), []))
        # the pair's players where it first sat (N and S, or E and W), then any who came in later
        p.names = tuple(dict.fromkeys(name for _, _, name, _, _ in seen if name))
        people = {(name, number): where for _, _, name, number, where in seen}  # each player once, in order
        p.players = players_of([n for n, _ in people], [n for _, n in people], list(people.values()))


def _deals(rows: Iterable[Row] | None, ev: Event, reading: Reading) -> None:
    for row in rows or []:
        board = _int(row, "Board")
        if board < 1:
            continue
        hands = tuple(_hand(row, seat) for seat in "NESW")
        if not any(hands):
            continue
        if board in ev.deals and ev.deals[board].hands != hands:
            reading.notes.append(f"HandRecord: board {board} has other hands in another section; the first kept")
            continue
        ev.deals.setdefault(board, Deal(board, hands))


def read_bws_reading(path: str, readers: Sequence[str] | None = None) -> Reading:
    """Read the tablets' database at ``path``: :func:`event_from_rows` of its tables, read by
    :class:`mpxl.formats.access.Database` (a table no reader could read is named in the notes)."""
    from .access import Database

    db = Database(path, readers)
    db.only.update(READ_COLUMNS)
    db.prefetch(TABLES)
    cache: dict[str, list[Row] | None] = {}

    def table(name: str) -> list[Row] | None:
        if name not in cache:
            cache[name] = db.rows(name)
        return cache[name]

    reading = event_from_rows(table, str(path))
    for name, why in db.failures.items():
        reading.notes.insert(0, f"table {name} could not be read ({why})")
    used = sorted(set(db.used.values()))
    for name, why in db.broken.items():
        if used and name not in used:
            reading.notes.append(f"{name} could not read the database ({why}): read by the {' and '.join(used)} "
                                 "reader")
    for name in ("RoundData", "Section"):
        if not db.has(name):
            reading.notes.insert(0, f"the database has no table {name}")
    return reading


def read_bws(path: StrPath) -> Event:
    """The event of the tablets' database at ``path`` (see :func:`read_bws_reading`)."""
    return read_bws_reading(str(path)).event
