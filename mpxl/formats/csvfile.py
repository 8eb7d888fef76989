"""CSV travellers: one line per table, a header row naming the columns.

Required: ``board``, ``ns_pair``, ``ew_pair`` and either ``ns_score`` or
``contract``, ``declarer``, ``tricks`` (the score is then computed, with the
vulnerability of the board number). Optional: ``section``, ``session``,
``table``, ``lead``, ``adjustment`` (an artificial, weighted or split score
that replaces the line's score: ``A+``, ``60/40``, ``30% 420 + 70% 450``,
``-150|-50``), ``group`` (fouled-board group), ``arrowswitch`` (``y``/``1``),
``ns_penalty``, ``ew_penalty``, the published ``ns_mp``, ``ew_mp``, ``note`` (the
line's note), and the pairs' names: ``ns_names`` and ``ew_names``, the two players
with ``&`` between them (``Ann Smith & Bob Jones``), typed on any one of the pair's
rows or on all of them (the same names each time), and their member numbers: ``ns_members`` and
``ew_members`` (``2175878 & 2175879``, ``-`` for a player without). A row with ``Pen`` as its adjustment is a
penalty row (Ruter's ``Pen``): the pair it names gets the signed amount in its ``ns_mp`` /
``ew_mp`` cell added to its total, the board untouched.
Header names forgive case, spaces and dashes (``NS Pair``, ``ns-score``) and a
few aliases (``bd``, ``ns``, ``ew``, ``score``, ``by``, ``played_by``). The
delimiter may be ``,``, ``;`` or a tab (or the one a first line ``sep=;`` names, Excel's way to say it: that
line is skipped, as Excel skips it); the encoding UTF-8 (with or without a BOM) or, failing that, ISO-8859-1.
(A plain file is read column by column instead: :mod:`mpxl.formats.csvcolumns`; this module reads every other
file row by row.)

>>> ev = read_csv_text("board,ns_pair,ew_pair,contract,declarer,tricks\\n4,1,2,3NT,E,11\\n4,3,4,,,\\n", "t.csv")
>>> [(ln.board, ln.ns_pair, ln.score, ln.where) for ln in ev.lines]
[(4, '1', -660, 'line 2'), (4, '3', None, 'line 3')]
"""

from __future__ import annotations

import csv
import io
import re
from collections.abc import Callable, Iterable, Iterator, Sequence
from fractions import Fraction
from itertools import chain, islice
from operator import attrgetter
from typing import TYPE_CHECKING, Any

from ..core.adjustments import BARE_ADJUSTMENT, Assigned, Mixed, entry_of, read_penalty
from ..core.contract import tricks_from_result, tricks_taken
from ..core.errors import UserError
from ..core.event import Event, Line, LineScore, Pair, PairKey, Penalty, SitOut, names_cell
from ..core.members import numbers_cell, numbers_text, players_of
from ..core.numbers import whole
from ..core.pairings import check_duplicates, two_winner_sections
from ..core.rules import (
    PASS_SPELLINGS,
    TEXT_NUMBER,
    Side,
    arrowswitch_flag,
    code_key,
    is_not_played,
    is_penalty_row,
    is_sitout,
    side_of,
)
from .common import (
    CSV_DELIMITERS,
    EventToWrite,
    board_number,
    check_entry,
    decimals_of,
    decode_text,
    entry_text,
    exact_text,
    figure_text,
    fraction_or_none,
    number_or_none,
    read_bytes,
    read_declarer,
    score_from_contract,
    whole_number,
    whole_score,
    written_decimals,
)
from .headings import (
    Headings,
    contract_cell_words,
    heading_key,
    read_headings,
    seat_cell,
    suit_letters,
    word_columns,
)
from .textsafe import csv_text as safe_cell
from .textsafe import csv_untext, needs_csv_escape

if TYPE_CHECKING:  # typing only
    from _csv import Reader as CsvReader
    from _csv import Writer as CsvWriter

    from ..core.session import SessionResult
    from .atomic import StrPath

__all__ = ["read_csv", "read_csv_text", "csv_event", "read_rows", "header_keys_of", "names_cell",
            "write_csv", "csv_text", "COLUMNS", "NAME_COLUMNS", "NOTE_COLUMN",
           "ALIASES", "KNOWN_COLUMNS", "nearest_column", "unknown_columns"]

#: The columns the writer writes, in order (the reader needs only the first three and a score).
COLUMNS = ("session", "section", "board", "table", "ns_pair", "ew_pair", "contract", "declarer", "tricks", "lead",
           "ns_score", "adjustment", "group", "arrowswitch", "ns_penalty", "ew_penalty", "ns_mp", "ew_mp")
#: Written after COLUMNS only when the event has names (the pairs') or notes (the lines').
NAME_COLUMNS = ("ns_names", "ew_names")
#: Written after NAME_COLUMNS only when a player has a member number: the pair's numbers, `` & `` between.
MEMBER_COLUMNS = ("ns_members", "ew_members")
NOTE_COLUMN = "note"

#: A pair a row names: (section, pair number, side NS or EW, the players' names, where, their member numbers).
NamedPair = tuple[str, str, Side, tuple[str, ...], str, tuple[str, ...]]
#: A row's cell by its column's key: the text, None when blank (or the header has no such column).
CellGetter = Callable[[str], "str | None"]
#: One cell read as :class:`PlainRows` reads it: its value, or ValueError when it is not plain.
CellReader = Callable[[str], object]
#: A column the plain paths read: its place in the row (None: not in the file), and how its cells are read.
CellColumn = tuple["int | None", CellReader]
#: What a row gives: a line, a sit-out or a penalty row's penalties, with the decimals of its published figures.
RowRead = tuple["Line | SitOut | tuple[Penalty, ...]", int]

#: Other spellings a header may use for a column.
ALIASES = {
    "bd": "board", "board_number": "board", "board_no": "board",
    "ns": "ns_pair", "n_s": "ns_pair", "ns_pair_number": "ns_pair", "pair_ns": "ns_pair",
    "pairns": "ns_pair", "nspair": "ns_pair",
    "ew": "ew_pair", "e_w": "ew_pair", "ew_pair_number": "ew_pair", "pair_ew": "ew_pair",
    "pairew": "ew_pair", "ewpair": "ew_pair",
    "score": "ns_score", "score_ns": "ns_score", "nsscore": "ns_score",
    "by": "declarer", "played_by": "declarer", "decl": "declarer",
    "result": "tricks", "tricks_taken": "tricks",
    "adj": "adjustment", "adjusted": "adjustment",
    "arrow_switch": "arrowswitch", "arrow": "arrowswitch",
    "mp_ns": "ns_mp", "ns_mps": "ns_mp", "ew_mps": "ew_mp", "ns_matchpoints": "ns_mp", "ns_match_points": "ns_mp",
    "mp_ew": "ew_mp", "ew_matchpoints": "ew_mp", "ew_match_points": "ew_mp",
    "ns_name": "ns_names", "ns_players": "ns_names", "names_ns": "ns_names",
    "ew_name": "ew_names", "ew_players": "ew_names", "names_ew": "ew_names",
    "ns_member_numbers": "ns_members", "ew_member_numbers": "ew_members",
    "notes": "note", "comment": "note",
}

def _key(name: str) -> str:
    k = re.sub(r"[\s\-./]+", "_", (name or "").strip().lower()).strip("_")
    return ALIASES.get(k, k)


def nearest_column(key: str, cutoff: float = 0.7) -> str | None:
    """The known column nearest a header's key (its own name or an alias's, :mod:`difflib`), by its
    own name; None when none is near.

    >>> nearest_column("ns_scroe"), nearest_column("adjustmnet"), nearest_column("scroe"), nearest_column("round")
    ('ns_score', 'adjustment', 'ns_score', None)
    >>> nearest_column("contrta"), nearest_column("dclarant"), nearest_column("uitkomts")   # in the club's language
    ('contract', 'declarer', 'lead')
    """
    import difflib  # loaded for a column mpxl does not read

    words = word_columns()  # the languages' headings (without accents), each of one column
    near = difflib.get_close_matches(heading_key(key, accents=False), sorted(KNOWN_COLUMNS | set(ALIASES) | set(words)),
                                     n=1, cutoff=cutoff)
    return (words.get(near[0]) or ALIASES.get(near[0], near[0])) if near else None


#: How near a header's key must be to a known column the header lacks to be taken for a misspelling of it.
MISSPELT = 0.8


def unknown_columns(header: Sequence[str], keys: list[str], source: str, where: str = "line 1") -> list[str]:
    """Warnings naming each header column mpxl does not read, with the nearest known name; a
    UserError naming them all when one is a likely misspelling of a column the header lacks
    (``ns_scroe`` with no ``ns_score``): its cells would be lost without a word.

    >>> unknown_columns(["board", "Round"], ["board", "round"], "t.csv")
    ["line 1: warning: column mpxl does not read: 'Round'; its cells are ignored"]
    >>> unknown_columns(["board", "ns_scroe"], ["board", "ns_scroe"], "t.csv")
    Traceback (most recent call last):
    ...
    mpxl.core.errors.UserError: t.csv: line 1: column mpxl does not read: 'ns_scroe' (did you mean ns_score?); its \
cells would be lost: rename a misspelt column (docs/events.md lists the columns)
    """
    unknown = [(text, key, nearest_column(key)) for text, key in zip(header, keys) if key and key not in KNOWN_COLUMNS]
    if not unknown:
        return []

    def named(text: str, near: str | None) -> str:
        return f"{text.strip()!r}" + (f" (did you mean {near}?)" if near else "")

    misspelt = any(near not in keys and nearest_column(key, MISSPELT) == near for _, key, near in unknown if near)
    what = (f"{'column' if len(unknown) == 1 else 'columns'} mpxl does not read: "
            + ", ".join(named(text, near) for text, _, near in unknown))
    its = "its" if len(unknown) == 1 else "their"
    if misspelt:
        raise UserError(source, where, f"{what}; {its} cells would be lost: rename a misspelt column "
                        "(docs/events.md lists the columns)")
    return [f"{where}: warning: {what}; {its} cells are ignored"]


def read_csv(path: StrPath) -> Event:
    """Read a CSV traveller file into an :class:`~mpxl.core.event.Event`, row by row (:func:`read_csv_text`)."""
    return read_csv_text(decode_text(read_bytes(path), source=str(path)), str(path))


def read_csv_text(text: str, source: str = "<csv>") -> Event:
    """Parse CSV travellers from text, row by row; ``source`` names the file in messages.

    Each row is read by the plain rows' fast path (:class:`PlainRows`, a header of
    :data:`PLAIN_COLUMNS` only) or by :func:`_general_line`, which names any problem; both
    give the same line (tests/test_formats_csv.py). :func:`mpxl.formats.csvcolumns.read_csv`
    reads a big plain file column by column instead, and this for every other file.
    """
    text = text.lstrip("\ufeff")
    sep = excel_separator(text)
    delimiter = sep or header_delimiter(text)

    def rows_from_header() -> Any:  # a reader at the header (past a sep= line: the lines keep their numbers)
        rows = csv.reader(io.StringIO(text, newline=""), delimiter=delimiter)
        if sep:
            next(rows)
        return rows

    reader = rows_from_header()
    keys = header_keys(reader, source)
    warnings: list[str] = []
    header = next(rows_from_header())  # the header as written, to name its columns and read its language
    headings = header_headings(header, source)
    warnings.extend(headings.warnings)
    if not set(keys) <= KNOWN_COLUMNS | {""}:
        warnings.extend(unknown_columns(header, keys, source))
    plain = PlainRows.for_header(keys)
    names: list[NamedPair] = []  # (section, pair, side, names, where) of every row that names a pair
    sitouts: list[SitOut] = []
    rows: Iterator[tuple[int, list[str]]] = ((reader.line_num, row) for row in reader)
    if "declarer" in keys or "contract" in keys:
        rows = club_words(rows, keys, headings, source)
    heading: dict[str, tuple[str, str]] = {}  # the event's title and date, each with the line that gave it
    if not HEADING_COLUMNS.isdisjoint(keys):
        rows = _heading_rows(rows, keys, source, heading)
    penalties: list[Penalty] = []
    try:
        lines, decimals = _read_rows(rows, keys, source, plain, names, sitouts, penalties)
    except csv.Error as exc:  # a stray NUL, a huge field: only the csv module raises csv.Error here
        raise UserError(source, f"line {reader.line_num}", f"not readable as CSV ({exc})") from None
    if "group" in keys:
        check_groups(lines, source)
    ev = csv_event(lines, source, decimals, names, sitouts, penalties)
    ev.title, ev.date = (heading.get(k, ("", ""))[0] for k in ("title", "date"))
    ev.warnings.extend(warnings)
    return ev


def check_groups(lines: list[Line], source: str) -> None:
    """Refuse a fouled board (a line of it has a group) where a line with a result has none: it
    would be matchpointed as a group of its own without a word. Named at that line.

    >>> check_groups([Line(1, "1", "2", score=420, group="A", where="line 2"),
    ...               Line(1, "3", "4", score=400, where="line 3")], "t.csv")
    Traceback (most recent call last):
    ...
    mpxl.core.errors.UserError: t.csv: line 3: board 1 is fouled (group A on line 2) but this line's group is blank; \
give every result on the board its group
    """
    # (session, section, board) -> (the first group label, its line)
    labelled: dict[tuple[int, str, int], tuple[str, str]] = {}
    for ln in lines:
        if ln.group and ln.group.strip():
            labelled.setdefault((ln.session, ln.section, ln.board), (ln.group.strip(), ln.where))
    if not labelled:
        return
    for ln in lines:
        first = labelled.get((ln.session, ln.section, ln.board))
        if first is not None and not (ln.group and ln.group.strip()) and isinstance(
                entry_of(ln.score), (Assigned, Mixed)):
            raise UserError(source, ln.where, f"board {ln.board}{' in section ' + ln.section if ln.section else ''} "
                            f"is fouled (group {first[0]} on {first[1]}) but this line's group is blank; give every "
                            "result on the board its group")


#: Columns that name the event, not a line: its title and date (the first row that fills one gives
#: it; the others may leave it blank or repeat it).
HEADING_COLUMNS = frozenset({"title", "date"})

#: Every column the reader reads, by its own name.
KNOWN_COLUMNS = frozenset(COLUMNS + NAME_COLUMNS + MEMBER_COLUMNS + (NOTE_COLUMN,)) | HEADING_COLUMNS


def _heading_rows(rows: Iterable[tuple[int, list[str]]], keys: list[str], source: str,
                  heading: dict[str, tuple[str, str]]) -> Iterator[tuple[int, list[str]]]:
    """The rows, passed on, after the event's ``title`` and ``date`` are read off each into ``heading``
    (column -> (text, where)); UserError naming the line when one gives another title or date.

    >>> heading: dict[str, tuple[str, str]] = {}
    >>> rows = list(_heading_rows([(2, ["Club", "1"]), (3, ["", "2"]), (4, ["Club", "3"])], ["title", "board"],
    ...                           "x.csv", heading))
    >>> heading, len(rows)
    ({'title': ('Club', 'line 2')}, 3)
    >>> list(_heading_rows([(2, ["Club"]), (3, ["Pairs"])], ["title"], "x.csv", {}))
    Traceback (most recent call last):
    ...
    mpxl.core.errors.UserError: x.csv: line 3, column title: 'Pairs' is not the event's title 'Club' (line 2); \
an event has one title: leave the cell blank or repeat it
    """
    at = [(k, keys.index(k)) for k in sorted(HEADING_COLUMNS & set(keys))]
    for no, row in rows:
        for key, i in at:
            text = csv_untext(row[i].strip()) if i < len(row) else ""  # as the writer guarded it (a title "=...")
            if not text:
                continue
            if key not in heading:
                heading[key] = (text, f"line {no}")
            elif heading[key][0] != text:
                first, where = heading[key]
                raise UserError(source, f"line {no}, column {key}", f"{text!r} is not the event's {key} {first!r} "
                                f"({where}); an event has one {key}: leave the cell blank or repeat it")
        yield no, row


def csv_event(lines: list[Line], source: str, decimals: int | None, names: Sequence[NamedPair] = (),
              sitouts: Sequence[SitOut] = (), penalties: Sequence[Penalty] = ()) -> Event:
    """The Event of a CSV file's lines: each section's winners told from its pair numbers, a pair or a
    table twice on a board refused, the pairs the rows name (``names``: see :func:`_general_line`),
    the tables with one pair (``sitouts``), the penalty rows (``penalties``)."""
    if not lines:
        raise UserError(source, "line 2", "no traveller lines after the header")
    ev = Event(lines=lines, source=source, scale=None, field_scoring=None, published_decimals=decimals,
               sitouts=list(sitouts), penalties=list(penalties))
    _detect_winners(ev)
    check_duplicates(ev)
    ev.pairs = _named_pairs(ev, list(names), source)
    return ev


def _named_pairs(ev: Event, names: list[NamedPair], source: str) -> list[Pair]:
    """A Pair for every pair the rows name; UserError when two rows name one pair differently."""
    seen: dict[PairKey, tuple[tuple[str, ...], str]] = {}
    numbered: dict[PairKey, tuple[str, ...]] = {}
    for section, number, side, players, where, numbers in names:
        direction = side if ev.winners.get(section, 1) == 2 else None
        key = (section, number, direction)
        if key in seen and seen[key][0] != players:
            raise UserError(source, where, f"pair {number}{' ' + side if direction else ''}"
                            f"{' in section ' + section if section else ''} is named "
                            f"{' & '.join(players)!r} here but {' & '.join(seen[key][0])!r} on {seen[key][1]}")
        seen.setdefault(key, (players, where))
        if any(numbers):
            numbered.setdefault(key, numbers)
    return [Pair(number, section, direction, players, players=players_of(players, numbered.get(key, ())))
            for key, (players, _) in seen.items() for section, number, direction in [key]]


#: Excel's first line naming a CSV file's delimiter (``sep=;``): Excel reads it and shows the file without it.
_SEPARATOR_LINE = re.compile(r"sep=([,;\t|])\r?\n", re.IGNORECASE)


def excel_separator(text: str) -> str | None:
    """The delimiter a first line ``sep=;`` names (the text's BOM already off), or None.

    >>> excel_separator("sep=;\\r\\nboard;ns_pair"), excel_separator("board,ns_pair\\n")
    (';', None)
    """
    m = _SEPARATOR_LINE.match(text)
    return m.group(1) if m else None


def header_delimiter(text: str) -> str:
    """The delimiter of the header line: the most frequent of :data:`~mpxl.formats.common.CSV_DELIMITERS`."""
    end = text.find("\n")
    first = text if end < 0 else text[:end]  # not the rest: a copy of megabytes
    return max(CSV_DELIMITERS, key=first.count)


def header_keys(reader: CsvReader, source: str) -> list[str]:
    """The header row's column keys (``''`` for a blank header cell); UserError if it cannot serve."""
    try:
        header = next(reader)
    except StopIteration:
        raise UserError(
            source, "line 1", "the file is empty; expected a header row such as board,ns_pair,ew_pair,ns_score"
        ) from None
    except csv.Error as exc:
        raise UserError(source, f"line {reader.line_num}", f"not readable as CSV ({exc})") from None
    return header_keys_of(header, source)


def header_headings(header: Sequence[str], source: str, where: str = "line 1") -> Headings:
    """A header row's :class:`~mpxl.formats.headings.Headings`: each cell's column by the reader's own names and
    :data:`ALIASES`, else in the club's language (:func:`mpxl.formats.headings.read_headings`), with the
    languages its headings are in.

    >>> h = header_headings(["Spel", "Paar NZ", "Paar OW", "Score NZ"], "nl.csv")
    >>> h.keys, sorted(h.languages)
    (['board', 'ns_pair', 'ew_pair', 'ns_score'], ['nl'])
    """
    return read_headings(header, source, where, _key, KNOWN_COLUMNS)


def club_words(rows: Iterable[tuple[int, list[str]]], keys: list[str], headings: Headings, source: str
               ) -> Iterator[tuple[int, list[str]]]:
    """The rows with each declarer cell a seat of the rulebook's when the file's languages write it otherwise
    (:func:`mpxl.formats.headings.seat_cell`: French ``O`` is W, German ``O`` is E), each contract's no-trump
    word as NT (``3SA``) and its suit's letter as the rulebook's when the contracts are written in the file's
    language's letters (French ``4P``: :func:`mpxl.formats.headings.suit_letters`); any other cell as it is.

    >>> h = header_headings(["Donne", "NS", "EO", "Contrat", "Déclarant", "Levées"], "f.csv")
    >>> [row for _, row in club_words([(2, ["1", "1", "2", "3SA", "O", "9"]), (3, ["1", "3", "4", "4P", "N", "10"])],
    ...                               h.keys, h, "f.csv")]
    [['1', '1', '2', '3NT', 'W', '9'], ['1', '3', '4', '4S', 'N', '10']]
    """
    at_declarer = keys.index("declarer") if "declarer" in keys else None
    at_contract = keys.index("contract") if "contract" in keys else None
    letters = None
    if at_contract is not None and headings.languages:  # the suits' letters the contracts are written in
        rows = list(rows)
        letters = suit_letters(((f"line {no}", row[at_contract]) for no, row in rows if at_contract < len(row)),
                               headings.languages, source)
    for no, row in rows:
        if at_declarer is not None and at_declarer < len(row):
            seat = seat_cell(row[at_declarer], headings.languages, source, f"line {no}, column declarer")
            if seat is not row[at_declarer]:
                row = row[:at_declarer] + [seat or ""] + row[at_declarer + 1:]
        if at_contract is not None and at_contract < len(row):
            contract = contract_cell_words(row[at_contract], letters)
            if contract is not row[at_contract]:
                row = row[:at_contract] + [contract or ""] + row[at_contract + 1:]
        yield no, row


def header_keys_of(header: Sequence[str], source: str, where: str = "line 1") -> list[str]:
    """The column keys of a header row's cells (``''`` for a blank one; in the club's language:
    :func:`header_headings`); UserError naming ``where`` if the header cannot serve (a column twice,
    no board or pairs, no score, a heading of two meanings the other headings do not settle)."""
    keys = header_headings(header, source, where).keys
    dupes = {k for k in keys if k and keys.count(k) > 1}
    if dupes:
        raise UserError(source, where, f"column {sorted(dupes)[0]!r} appears twice in the header")
    missing = [k for k in ("board", "ns_pair", "ew_pair") if k not in keys]
    unknown = [k for k in keys if k and k not in KNOWN_COLUMNS]
    if unknown and (not missing or any(nearest_column(k, MISSPELT) in missing for k in unknown)):
        unknown_columns(header, keys, source, where)  # a misspelt column named before what the header then lacks
    if missing:
        raise UserError(
            source,
            where,
            f"the header has no {', '.join(missing)} column; "
            "expected at least board,ns_pair,ew_pair and ns_score or contract,declarer,tricks",
        )
    has_contract = all(k in keys for k in ("contract", "declarer", "tricks"))
    if "ns_score" not in keys and not has_contract and "adjustment" not in keys:
        raise UserError(
            source, where, "the header needs an ns_score column or contract, declarer and tricks columns"
        )
    return keys


#: The columns a header may have for the plain fast paths (blank header cells are ignored).
PLAIN_COLUMNS = frozenset({"session", "section", "board", "table", "ns_pair", "ew_pair", "ns_score"})


def _plain_board(text: str) -> int:
    """A board cell by the one rule for a board number (:func:`~mpxl.formats.common.board_number`);
    ValueError where it refuses the cell (the general path then names the problem)."""
    try:
        return board_number(text, "", "")
    except UserError:
        raise ValueError(text) from None


def _plain_score(text: str) -> int | None:
    """A score cell by the one rule for a score written as a number (:func:`~mpxl.formats.common.whole_score`),
    None when blank; ValueError for anything else (the general path then reads it, or names the problem)."""
    text = text.strip()
    if not text:
        return None
    try:
        score = whole_score(text, "", "")
    except UserError:
        raise ValueError(text) from None
    if score is None:  # an artificial code, a weighted score: the general path reads it
        raise ValueError(text)
    return score


def _plain_pair(text: str) -> str:
    text = text.strip()
    if not text or text[0] == "'":
        raise ValueError(text)
    return _pair_id(text) if "." in text else text


def _plain_table(text: str) -> int | str | None:
    text = text.strip()
    if not text:
        return None
    if text[0] == "'":
        raise ValueError(text)
    return int(text) if text.isascii() and text.isdigit() else text


def _plain_text(text: str) -> str:
    """A section cell, stripped; ValueError for one that starts with a quote (the general path reads it)."""
    text = text.strip()
    if text[:1] == "'":
        raise ValueError(text)
    return text


def _plain_session(text: str) -> int:
    text = text.strip()
    return whole(text) if text else 1


class PlainRows:
    """The fast paths for plain rows: the columns of :data:`PLAIN_COLUMNS` only, exactly the
    header's cells, a whole board number, both pairs, a score blank or a whole number.

    Each ``_plain_*`` function reads one cell as :func:`_general_line` does, or raises
    ValueError when the cell is not plain (the general path then reads the row and accepts
    it or names the problem). :meth:`line` reads one row; :meth:`extend` one column's cells
    (the column-by-column reading, :mod:`mpxl.formats.csvcolumns`), each distinct text read once.
    """

    def __init__(self, keys: list[str], score: CellReader | None = None) -> None:
        self.width = len(keys)
        at = {k: i for i, k in enumerate(keys) if k}
        # Line's first fields in order, with the function that reads each (None: not in the file)
        self.columns: list[CellColumn] = [
            (at["board"], _plain_board), (at["ns_pair"], _plain_pair), (at["ew_pair"], _plain_pair),
            (at.get("section"), _plain_text), (at.get("ns_score"), score or _plain_score),
            (at.get("table"), _plain_table), (at.get("session"), _plain_session)]
        self.missing: dict[CellReader, object] = {_plain_text: "", _plain_table: None, _plain_session: 1,  # a column
                                                  score or _plain_score: None}  # the file lacks
        self.known: dict[CellReader, dict[str, object]] = {}  # per reading function: cell text -> value

    @classmethod
    def for_header(cls, keys: list[str]) -> PlainRows | None:
        """The fast paths for this header, or None if it has a column outside PLAIN_COLUMNS or no ns_score."""
        if "ns_score" not in keys or not {k for k in keys if k} <= PLAIN_COLUMNS:
            return None
        return cls(keys)

    @staticmethod
    def _line(
        board: int, ns: str, ew: str, section: str, score: LineScore, table: int | str | None, session: int, where: str
    ) -> Line:
        return Line(
            board=board, ns_pair=ns, ew_pair=ew, section=section, score=score, table=table, session=session,
            where=where,
        )

    def line(self, row: list[str], where: str) -> Line | None:
        """One row's Line, or None if the row is not plain."""
        if len(row) != self.width:
            return None
        try:
            values: list[Any] = [self.missing[read] if i is None else read(row[i]) for i, read in self.columns]
        except ValueError:
            return None
        board, ns, ew, section, score, table, session = values
        return self._line(board, ns, ew, section, score, table, session, where)

    def extend(self, column: list[Any], cells: Sequence[str], read: CellReader, limit: int) -> None:
        """Add the values of one column's cells to ``column``, each distinct text read once in the
        file; ValueError if one is not plain, or longer than ``limit`` (the csv module's field limit).

        A text met for the first time is kept (as the key, and as the value when it is its own
        value) in a copy made then, in the order the texts come: the texts a big file repeats
        (thousands of pair numbers) then lie together in memory in the order they are read again,
        which makes looking them up, and every later pass over the values, about a third faster.
        """
        value_of = self.known.setdefault(read, {})
        if cells and cells[0] == cells[-1] and cells.count(cells[0]) == len(cells):  # one text (a blank section)
            if cells[0] not in value_of:
                self._read_new(value_of, cells[:1], read, limit)
            column.extend([value_of[cells[0]]] * len(cells))
            return
        start = len(column)
        try:
            column.extend(map(value_of.__getitem__, cells))
            return
        except KeyError:  # a text not met before: the lines before it are in the column
            pass
        rest = islice(cells, len(column) - start, None)
        self._read_new(value_of, dict.fromkeys(rest), read, limit)
        column.extend(map(value_of.__getitem__, islice(cells, len(column) - start, None)))

    @staticmethod
    def _read_new(value_of: dict[str, object], texts: Iterable[str], read: CellReader, limit: int) -> None:
        """Read each of ``texts`` not in ``value_of`` into it (see :meth:`extend`)."""
        for text in texts:
            if text not in value_of:
                if len(text) > limit:
                    raise ValueError(text[:20])
                value = read(text)
                if value is text:
                    value = text = text.encode("utf-8", "surrogatepass").decode("utf-8", "surrogatepass")
                value_of[text] = value


def splittable_text(text: str) -> str | None:
    """``text`` with CR LF line ends as LF, when ``str.split`` can read it as the csv module
    does (no quote, NUL or carriage return alone); else None.

    >>> splittable_text("a,b\\r\\n1,2\\r\\n"), splittable_text('a,"b"'), splittable_text("a\\rb")
    ('a,b\\n1,2\\n', None, None)
    """
    if '"' in text or "\x00" in text:
        return None
    if "\r" in text:
        text = text.replace("\r\n", "\n")
        if "\r" in text:
            return None
    return text


def _read_rows(numbered_rows: Iterable[tuple[int | str, list[str]]], keys: list[str], source: str,
               plain: PlainRows | None, names: list[NamedPair], sitouts: list[SitOut],
               penalties: list[Penalty] | None = None, typed_over: list[str] | None = None) -> tuple[list[Line], int]:
    """(lines, decimals) from (line number, row) pairs, one row at a time: the plain fast path
    when it reads the row, else :func:`_general_line` (which adds the pairs a row names to ``names``,
    a table with one pair and no result to ``sitouts`` and a penalty row's to ``penalties``; a
    penalty row is refused, naming it, when ``penalties`` is None: never dropped; ``typed_over``: see
    :func:`read_rows`)."""
    lines: list[Line] = []
    decimals = 0
    for no, row in numbered_rows:
        where = no if isinstance(no, str) else f"line {no}"
        line = plain.line(row, where) if plain is not None else None
        if line is None:
            read = _general_line(row, keys, source, where, names, typed_over)
            if read is None:  # a blank row
                continue
            got, line_decimals = read
            if isinstance(got, tuple):  # a penalty row
                if penalties is None:
                    raise UserError(source, got[0].where, "a penalty row (Pen), which this table cannot hold; "
                                    "give it in a CSV file")
                penalties.extend(got)
                continue
            if isinstance(got, SitOut):
                sitouts.append(got)
                decimals = max(decimals, line_decimals)
                continue
            decimals = max(decimals, line_decimals)
            line = got
        lines.append(line)
    return lines, decimals


def read_rows(where_rows: Iterable[tuple[str, list[str]]], keys: list[str], source: str,
              penalties: list[Penalty] | None = None, typed_over: list[str] | None = None
              ) -> tuple[list[Line], int, list[SitOut], list[NamedPair]]:
    """(lines, decimals, sit-outs, the pairs the rows name) of rows given as (where, cells), read as
    a CSV file's rows are (another table's rows: a workbook's, naming their sheet and row); a penalty row's
    :class:`~mpxl.core.event.Penalty` goes to ``penalties`` (refused, named, when it is None). With
    ``typed_over`` (a list: the workbook's rows, whose sheet scores a Typed score over the contract beside it),
    an ``ns_score`` the line's contract does not score is the line's score, the contract kept beside it, and
    said in ``typed_over``; without it, such a line is refused (the two disagree).

    >>> lines, decimals, sitouts, names = read_rows([("row 5", ["1", "3", "4", "420"])],
    ...                                            ["board", "ns_pair", "ew_pair", "ns_score"], "t.xlsx")
    >>> [(ln.board, ln.score, ln.where) for ln in lines], decimals, sitouts, names
    ([(1, 420, 'row 5')], 0, [], [])
    """
    names: list[NamedPair] = []
    sitouts: list[SitOut] = []
    lines, decimals = _read_rows(where_rows, keys, source, None, names, sitouts, penalties, typed_over)
    return lines, decimals, sitouts, names


def _sitout_row(get: CellGetter, ns: str | None, ew: str | None, board: int, session: int, source: str, where: str,
                names: list[NamedPair] | None) -> tuple[SitOut, int]:
    """(SitOut, decimals of its credit) for a row with one pair and no result: its names, note and
    published credit kept (on its side; the absent side's refused, naming the column)."""
    side, absent = ("ns", "ew") if ns is not None else ("ew", "ns")
    pair = _pair_id(ns if ns is not None else ew or "")
    for column in (f"{absent}_mp", f"{absent}_names", f"{absent}_penalty", f"{side}_penalty"):
        if get(column) is not None:
            raise UserError(source, f"{where}, column {column}", f"{get(column)!r} on a sit-out row (pair {pair} "
                            f"alone, on {side.upper()}): "
                            + ("a penalty is given on a board played" if column.endswith("penalty") else
                               "the absent side has no figures or names"))
    try:
        credit = number_or_none(get(f"{side}_mp"))
    except ValueError as exc:
        raise UserError(source, f"{where}, column {side}_mp", str(exc)) from None
    section = get("section") or ""
    players = names_cell(get(f"{side}_names"))
    numbers = numbers_cell(get(f"{side}_members"))
    if names is not None and (players or numbers):
        names.append((section, pair, side_of(side), players, where, numbers))
    return SitOut(board, pair, side_of(side), section, session, where, published_mp=credit,
                  note=get("note") or ""), decimals_of(get(f"{side}_mp"))


def _penalty_row(get: CellGetter, ns: str | None, ew: str | None, board: int, session: int, source: str,
                 where: str) -> tuple[Penalty, ...]:
    """The :class:`~mpxl.core.event.Penalty` of each pair a penalty row names (``Pen`` as its adjustment,
    as mpxl writes it and as Ruter's PBN does): the signed amount in the pair's ``ns_mp`` /
    ``ew_mp`` cell, added to its total, the board untouched; UserError naming the line and column for
    a result on the row, a pair without an amount or an amount that is no figure."""
    for column in ("ns_score", "contract", "declarer", "tricks", "lead", "group", "arrowswitch", "ns_penalty",
                   "ew_penalty"):
        if get(column) is not None:
            raise UserError(source, f"{where}, column {column}", f"{get(column)!r} on a penalty row (adjustment "
                            f"{get('adjustment')!r}): the row gives a pair a penalty, with no result")
    out = []
    for side, pair in (("ns", ns), ("ew", ew)):
        if pair is None:
            if get(f"{side}_mp") is not None:
                raise UserError(source, f"{where}, column {side}_mp", f"{get(f'{side}_mp')!r} on a penalty row "
                                f"with no {side}_pair")
            continue
        try:  # the readers' one rule for a figure
            amount = fraction_or_none(get(f"{side}_mp"))
        except ValueError as exc:
            raise UserError(source, f"{where}, column {side}_mp", f"the penalty for pair {pair}: {exc}") from None
        if amount is None:
            raise UserError(source, f"{where}, column {side}_mp", f"a penalty row for pair {pair} with no amount "
                            f"(its matchpoints, signed: -2 for a penalty of 2)")
        out.append(Penalty(board, _pair_id(pair), side_of(side), amount, get("section") or "", session, where))
    if not out:
        raise UserError(source, where, "a penalty row names no pair (ns_pair or ew_pair)")
    return tuple(out)


def _general_line(row: list[str], keys: list[str], source: str, where: str,
                  names: list[NamedPair] | None = None, typed_over: list[str] | None = None) -> RowRead | None:
    """(Line, decimals of its published figures) for one row, None for a blank row; UserError naming
    the line (and the column) for anything the row gets wrong. The pairs the row names (its
    ``ns_names`` and ``ew_names``) are added to ``names``. A row with one pair and no result gives
    its :class:`~mpxl.core.event.SitOut`, a penalty row its :class:`~mpxl.core.event.Penalty` of each pair."""
    cells = _row_cells(row, keys, source, where)
    if cells is None:
        return None
    get = cells.get
    board = board_number(get("board"), source, f"{where}, column board")
    ns, ew = get("ns_pair"), get("ew_pair")
    session_text = get("session")
    try:
        session = whole(session_text, decimal_zero=True) if session_text is not None else 1
    except ValueError:
        raise UserError(source, f"{where}, column session", f"{session_text!r} is not a session number") from None
    if is_penalty_row(get("adjustment")):
        return _penalty_row(get, ns, ew, board, session, source, where), 0
    if is_sitout(ns, ew, get("ns_score"), get("adjustment"), get("contract"), get("tricks")):
        return _sitout_row(get, ns, ew, board, session, source, where, names)
    if ns is None or ew is None:
        raise UserError(source, where, "a line needs both ns_pair and ew_pair (a pair sitting out with no "
                        "opponents: its pair alone, and the score blank or sitout)")
    ns, ew = _pair_id(ns), _pair_id(ew)
    score, contract, declarer, tricks = _line_score(get, keys, board, source, where, typed_over)
    try:
        switched = arrowswitch_flag(get("arrowswitch"))
    except ValueError as exc:
        raise UserError(source, f"{where}, column arrowswitch", str(exc)) from None
    try:
        ns_mp, ew_mp = number_or_none(get("ns_mp")), number_or_none(get("ew_mp"))
    except ValueError as exc:
        raise UserError(source, where, f"matchpoints: {exc}") from None
    decimals = max(decimals_of(get("ns_mp")), decimals_of(get("ew_mp")))
    table = get("table")
    ns_penalty, ew_penalty = penalties = read_penalty(get("ns_penalty")), read_penalty(get("ew_penalty"))
    for column, penalty in zip(("ns_penalty", "ew_penalty"), penalties):  # named on its line and column, not later
        if penalty is not None and penalty.error:  # on its board
            raise UserError(source, f"{where}, column {column}", penalty.error)
    line = Line(
        board=board,
        ns_pair=ns,
        ew_pair=ew,
        section=get("section") or "",
        score=score,
        contract=contract,
        declarer=declarer,
        tricks=tricks if isinstance(tricks, int) or tricks is None else None,
        lead=get("lead"),
        table=int(table) if table is not None and table.isascii() and table.isdigit() else table,
        group=get("group") or "",
        arrowswitch=switched,
        ns_penalty=ns_penalty,
        ew_penalty=ew_penalty,
        session=session,
        published_ns_mp=ns_mp,
        published_ew_mp=ew_mp,
        where=where,
        note=get("note") or "",
    )
    if names is not None:
        side: Side
        for side, pair, column in (("NS", ns, "ns_names"), ("EW", ew, "ew_names")):
            players = names_cell(get(column))
            numbers = numbers_cell(get(column.replace("names", "members")))
            if players or numbers:
                names.append((line.section, pair, side, players, where, numbers))
    return line, decimals


def _row_cells(row: list[str], keys: list[str], source: str, where: str) -> dict[str, str | None] | None:
    """A row's cells by their column's key (stripped, None when blank), None for a blank row;
    UserError for a row of more cells than the header names, or fewer."""
    if not any(cell.strip() for cell in row):
        return None
    if len(row) > len(keys) and any(c.strip() for c in row[len(keys) :]):
        raise UserError(source, where, f"the row has {len(row)} cells, the header names {len(keys)}")
    named = [k for k in keys[len(row):] if k]
    if named:  # a short row: never read a missing cell as blank (a score lost without a word)
        raise UserError(source, where, f"the row has {len(row)} cells, the header names {len(keys)} "
                        f"(no {', '.join(named)})")
    cells: dict[str, str | None] = {}
    for i, k in enumerate(keys):
        if k:
            value = row[i].strip() if i < len(row) else ""
            cells[k] = csv_untext(value) if value != "" else None
    return cells


def _line_score(get: CellGetter, keys: list[str], board: int, source: str, where: str,
                typed_over: list[str] | None = None) -> tuple[LineScore, str | None, str | None, int | str | None]:
    """(score, contract, declarer, tricks) of a line's row: its adjustment, else its ``ns_score``
    (checked against its contract; with ``typed_over``, a score the contract does not give wins over it,
    said there), else its contract's score (the tricks then read against the contract), else none: a board
    not played, refused when the header has a column mpxl does not read."""
    contract, declarer, tricks = get("contract"), get("declarer"), tricks_cell(get("tricks"))
    adjustment, score_text = get("adjustment"), get("ns_score")
    score: LineScore
    if adjustment is not None:
        score = adjustment_cell(adjustment, source, f"{where}, column adjustment")
    elif score_text is not None:
        score = score_cell(score_text, source, f"{where}, column ns_score")
        if contract is not None and isinstance(score, int) and typed_over is None:
            # a CSV's declarer and tricks beside its score are read as they would be alone (USEBIO's and PBN's are)
            read_declarer(declarer, source, f"{where}, column declarer", "declarer")
            if isinstance(tricks, int):  # a number (a result such as -1 is text here: tricks_cell)
                try:
                    tricks_taken(tricks)
                except ValueError as exc:
                    raise UserError(source, f"{where}, column tricks", str(exc)) from None
            check_contract_score(board, contract, declarer, tricks, score, source, where)
        elif contract is not None and isinstance(score, int) and typed_over is not None:
            said = contract_disagreement(board, contract, declarer, tricks, score, source, where)
            if said:
                typed_over.append(f"{where}: the Typed score {score} is scored, not the contract: {said}; a score "
                                  "typed beside a contract wins over it, as on the sheet (a ruling: clear the Typed "
                                  "score to score the contract)")
            try:  # the tricks of a result (=, +1) as the contract gives them, kept beside the score
                tricks = tricks_of_contract(contract, tricks)
            except (ValueError, TypeError):
                pass
    elif contract is not None:
        score = score_from_contract(board, contract, declarer, tricks, source, where)
        tricks = tricks_of_contract(contract, tricks)
    else:
        score = None
        unread = [k for k in keys if k and k not in KNOWN_COLUMNS]
        if unread:  # the result may be in a column mpxl does not read: never a board not played without a word
            raise UserError(source, where, f"no result on this line (ns_score, contract and adjustment blank) and "
                            f"the header has columns mpxl does not read ({', '.join(unread)}); type the result, or "
                            "NP for a board not played")
    return score, contract, declarer, tricks


def check_contract_score(board: int, contract: str, declarer: str | None, tricks: int | str | None, score: int,
                         source: str, where: str) -> None:
    """Refuse a line whose contract, declarer and tricks score other than its ``ns_score``: two
    sources that disagree (which is the typing error mpxl cannot tell). A contract that cannot be
    scored (no tricks, no declarer) is kept as written beside the score.

    >>> check_contract_score(1, "4S", "N", 10, 420, "t.csv", "line 2")
    >>> check_contract_score(1, "4S", "N", 10, 430, "t.csv", "line 2")
    Traceback (most recent call last):
    ...
    mpxl.core.errors.UserError: t.csv: line 2: ns_score 430, but 4S by N taking 10 tricks scores 420 on board 1: \
the two disagree; correct one of them (or leave ns_score blank to score the contract)
    """
    said = contract_disagreement(board, contract, declarer, tricks, score, source, where)
    if said:
        raise UserError(source, where, f"ns_score {score}, but {said}: the two disagree; correct one of them (or "
                        "leave ns_score blank to score the contract)")


def contract_disagreement(board: int, contract: str, declarer: str | None, tricks: int | str | None, score: int,
                          source: str, where: str) -> str:
    """What the contract, declarer and tricks score when it is not ``score`` (``4S by N taking 10 tricks scores
    420 on board 1``), '' when they score it or cannot be scored.

    >>> contract_disagreement(1, "2S", "N", 8, 600, "t.xlsx", "row 5")
    '2S by N taking 8 tricks scores 110 on board 1'
    """
    try:
        computed = score_from_contract(board, contract, declarer, tricks, source, where)
    except UserError:
        return ""
    if computed == score:
        return ""
    played = contract + (f" by {declarer}" if declarer else "") + (
        f" taking {tricks} tricks" if isinstance(tricks, int) else f", {tricks}" if tricks else "")
    return f"{played} scores {computed} on board {board}"


def tricks_cell(text: str | None) -> int | str | None:
    """A ``tricks`` cell (stripped; None when blank): a whole number of tricks, or the text as
    written (a result such as ``=``, ``+1``, ``-2``, read against the contract)."""
    number = whole_number(text) if text is not None else None  # the rulebook's whole number: not a fullwidth 10
    return text if number is None else number


def tricks_of_contract(contract: str, tricks: int | str | None) -> int | None:
    """The tricks of a line whose score comes from its contract: a result (``+1``) read against
    the contract, none for a passed-out board.

    >>> tricks_of_contract("4S", "+1"), tricks_of_contract("4S", 11), tricks_of_contract("All pass", "=")
    (11, 11, None)
    """
    if not isinstance(tricks, str):
        return tricks
    if code_key(contract) in PASS_SPELLINGS:  # the rulebook's spellings of a passed-out board
        return None
    return tricks_from_result(contract, tricks)


def _pair_id(text: str) -> str:
    """Pair numbers as written, with spreadsheet floats tidied: ``'7.0'`` -> ``'7'``."""
    return text[:-2] if re.fullmatch(r"\d+\.0", text) else text


def adjustment_cell(text: str, source: str, where: str) -> LineScore:
    """An ``adjustment`` cell as every CSV reader reads it: a code or a ruling (:func:`check_entry`), never a bare
    number (``60``: a score of 60, or 60%? never guessed).

    >>> adjustment_cell("A+", "t.csv", "line 2")
    'A+'
    >>> adjustment_cell("60", "t.csv", "line 2")
    Traceback (most recent call last):
    ...
    mpxl.core.errors.UserError: t.csv: line 2: '60' is a number, not a code: a score goes in the score column, a \
percentage as A60 or 60%
    """
    if TEXT_NUMBER.match(text):
        raise UserError(source, where, f"{text.strip()!r} {BARE_ADJUSTMENT}")
    return check_entry(text, source, where)


def score_cell(text: str, source: str, where: str) -> LineScore:
    value = whole_score(text, source, where)  # the one rule for a score written as a number
    return check_entry(text, source, where) if value is None else value


def _detect_winners(ev: Event) -> None:
    """Two winners when no pair number sits both NS and EW in a section, or when NS n meets EW n
    (Mitchell numbering, where NS 1 and EW 1 are different pairs), or sits both NS and EW on one
    board; else one
    (:func:`mpxl.core.pairings.two_winner_sections`)."""
    lines = ev.lines
    two = two_winner_sections(list(map(_SECTION, lines)), list(map(_NS_PAIR, lines)), list(map(_EW_PAIR, lines)),
                              [(ln.session, ln.board) for ln in lines])
    for sec in ev.sections():
        ev.winners[sec] = 2 if two.get(sec, True) else 1


_SECTION, _NS_PAIR, _EW_PAIR = attrgetter("section"), attrgetter("ns_pair"), attrgetter("ew_pair")


def csv_text(result_or_event: SessionResult | Event) -> str:
    """CSV text of a scored event (or a bare Event): the COLUMNS, one line per table.

    >>> from mpxl.core.event import Event, Line
    >>> print(csv_text(Event(lines=[Line(1, "1", "2", score=420)])).splitlines()[1])
    1,,1,,1,2,,,,,420,,,,,,,
    """
    buf = io.StringIO()
    w = csv.writer(buf, lineterminator="\n")
    event = result_or_event if isinstance(result_or_event, Event) else result_or_event.event
    numbered = any(pl.national_id for p in event.pairs for pl in p.players)
    named = {(p.section, p.number, p.direction): (p.names_text, numbers_text(p.members))
             for p in event.pairs if p.names or p.players}
    noted = any(ln.note for ln in event.lines) or any(so.note for so in event.sitouts)
    decimals = written_decimals(result_or_event)
    # what a sit-out's pair was credited with (its pairs' totals: made only when there are sit-outs)
    writer = EventToWrite(result_or_event) if event.sitouts else None
    # the event's title and date (HEADING_COLUMNS), on the first row: read back as the event's
    heading = [event.title.strip(), event.date.strip()] if (event.title.strip() or event.date.strip()) else []
    if not (named or noted or heading):
        w.writerow(COLUMNS)
        _write_rows(buf, w, _scored_lines(result_or_event), decimals)
        _write_sitouts(buf, w, event.sitouts, writer, decimals)
        _write_penalties(buf, w, event.penalties, decimals)
        return buf.getvalue()
    # names, member numbers, notes, the title: every row through the csv writer, the extra columns after the usual ones
    w.writerow(COLUMNS + (NAME_COLUMNS if named else ()) + (MEMBER_COLUMNS if numbered else ())
               + ((NOTE_COLUMN,) if noted else ()) + (("title", "date") if heading else ()))
    rows = io.StringIO()
    _write_rows(rows, csv.writer(rows, lineterminator="\n"), _scored_lines(result_or_event), decimals)
    extra_rows: list[list[str]] = []
    for ln in _lines_in_order(result_or_event):
        extra: list[str] = []
        if named:
            ns, ew = (named.get((ln.section, pair, side)) or named.get((ln.section, pair, None)) or ("", "")
                      for pair, side in ((ln.ns_pair, "NS"), (ln.ew_pair, "EW")))
            extra += [ns[0], ew[0]] + ([ns[1], ew[1]] if numbered else [])
        if noted:
            extra.append(ln.note)
        extra_rows.append(extra + ((heading if not extra_rows else ["", ""]) if heading else []))
    for row, extra in zip(csv.reader(io.StringIO(rows.getvalue(), newline="")), extra_rows):
        if any(map(needs_csv_escape, row + extra)):  # the rows' cells are written already (escaped): quote them again
            buf.write(",".join(['"' + c.replace('"', '""') + '"' if needs_csv_escape(c) else cell_text(c)
                                for c in row] + list(map(cell_text, extra))) + "\n")
        else:
            w.writerow(row + extra)
    _write_sitouts(buf, w, event.sitouts, writer, decimals, named if named else None, noted, numbered, len(heading))
    _write_penalties(buf, w, event.penalties, decimals,
                     len(NAME_COLUMNS if named else ()) + len(MEMBER_COLUMNS if numbered else ()) + noted
                     + len(heading))
    return buf.getvalue()


def _write_penalties(buf: io.StringIO, writer: CsvWriter, penalties: Sequence[Penalty], decimals: int | None,
                     extra: int = 0) -> None:
    """A row per penalty row, after the sit-outs: its pair on its side, the other blank, ``Pen`` as the
    adjustment, the signed amount (exact) in the pair's ``_mp`` cell (read back as the same
    :class:`~mpxl.core.event.Penalty`); ``extra`` blank cells for the names, note, title and date columns."""
    for pen in penalties:
        side = pen.direction.lower()
        cells: dict[str, object] = {
            "session": pen.session, "section": pen.section, "board": pen.board, "adjustment": "Pen",
            f"{side}_pair": pen.pair, f"{side}_mp": exact_text(pen.amount, decimals)}
        row = [cells.get(k, "") for k in COLUMNS] + [""] * extra
        if any(map(needs_csv_escape, row)):
            buf.write(",".join(map(cell_text, row)) + "\n")
        else:
            writer.writerow(row)


def _write_sitouts(buf: io.StringIO, writer: CsvWriter, sitouts: Sequence[SitOut], event_writer: EventToWrite | None,
                   decimals: int | None, named: dict[PairKey, tuple[str, str]] | None = None, noted: bool = False,
                   numbered: bool = False, blanks: int = 0) -> None:
    """A row per table with one pair and no opponents, after the lines: the pair on its side, the
    other blank, ``sitout`` as the adjustment, its credit, names and note (read back as the same
    :class:`~mpxl.core.event.SitOut`); ``blanks`` cells after them (the title and date columns)."""
    for so in sitouts:
        side = so.direction.lower()
        credit = event_writer.credit(so)[0] if event_writer is not None else None
        cells: dict[str, object] = {
            "session": so.session, "section": so.section, "board": so.board, "adjustment": "sitout",
            f"{side}_pair": so.pair, f"{side}_mp": "" if credit is None else figure_text(credit, decimals)}
        extra: list[str] = []
        if named is not None:
            mine = named.get((so.section, so.pair, so.direction)) or named.get((so.section, so.pair, None)) or ("", "")
            extra += [mine[0], ""] if side == "ns" else ["", mine[0]]
            if numbered:
                extra += [mine[1], ""] if side == "ns" else ["", mine[1]]
        if noted:
            extra.append(so.note)
        row = [cells.get(k, "") for k in COLUMNS] + extra + [""] * blanks
        if any(map(needs_csv_escape, row)):
            buf.write(",".join(map(cell_text, row)) + "\n")
        else:
            writer.writerow(row)


def _lines_in_order(result_or_event: SessionResult | Event) -> Iterator[Line]:
    """The lines in the order :func:`_scored_lines` gives them."""
    return (ln for ln, _, _ in _scored_lines(result_or_event))


def _scored_lines(result_or_event: SessionResult | Event) -> Iterator[ScoredFigures]:
    """(line, ns_mp, ew_mp) of a SessionResult's boards in order, or of an Event's lines (their published figures)."""
    if not isinstance(result_or_event, Event):  # a SessionResult's boards (reading pairs would total them)
        scored_lines = chain.from_iterable(map(attrgetter("lines"), result_or_event.boards))
        return map(attrgetter("line", "ns_mp", "ew_mp"), scored_lines)
    return ((ln, ln.published_ns_mp, ln.published_ew_mp) for ln in result_or_event.lines)  # the file's own figures


#: A line with its NS and EW figures (matchpoints, or the file's published figures).
Figure = Fraction | float | None
ScoredFigures = tuple[Line, Figure, Figure]

#: A plain line's cells in the row (session, section, board, table, NS, EW, score), and their classes.
_PLAIN_CELLS = attrgetter("session", "section", "board", "table", "ns_pair", "ew_pair", "score")
_CLASSES = attrgetter(
    *(f"{name}.__class__" for name in ("session", "section", "board", "table", "ns_pair", "ew_pair", "score"))
)
_PLAIN_CLASSES = frozenset((int, str, int, table, str, str, int) for table in (int, str, type(None)))
#: A plain line has none of these details.
_DETAILS = attrgetter("contract", "declarer", "tricks", "lead", "group", "arrowswitch", "ns_penalty", "ew_penalty")
_NO_DETAILS = (None, None, None, None, "", False, None, None)


def cell_text(value: object) -> str:
    """``value`` as the csv writer writes it in a row of several cells (quoted when it must be); a
    text that a spreadsheet could take for a formula neutralised (:func:`mpxl.formats.textsafe.csv_text`)."""
    if needs_csv_escape(value):
        return safe_cell(value)
    buf = io.StringIO()
    csv.writer(buf, lineterminator="\n").writerow([value, ""])
    return buf.getvalue()[:-2]


def score_cells(score: LineScore) -> tuple[int | str, str]:
    """A line's ``ns_score`` and ``adjustment`` cells: a whole-number score in the first, a ruling's
    text in the second (nothing for a board not played).

    >>> score_cells(-420), score_cells(None), score_cells("A+"), score_cells(" NP ")
    ((-420, ''), ('', ''), ('', 'A+'), ('', 'NP'))

    A not-played code is kept (in the adjustment): the line counts towards N when read back.
    """
    if isinstance(score, int):
        return score, ""
    if is_not_played(score):
        return "", str(score).strip()
    return "", "" if score is None or entry_of(score) is None else entry_text(score)


def _write_rows(buf: io.StringIO, writer: CsvWriter, scored: Iterable[ScoredFigures], decimals: int | None) -> None:
    """Write one row of COLUMNS per (line, ns_mp, ew_mp): a plain line's row as text made of
    cached cell texts, every other row by ``writer`` (the same text: tests/test_formats_csv.py)."""
    # id(figure) -> (figure, text, cell text): each formatted once; holding it keeps its id unique
    figures: dict[int, tuple[Figure, str, str]] = {}
    known_figure = figures.get

    def figure(value: Figure) -> tuple[Figure, str, str]:
        text = figure_text(value, decimals)
        hit = figures[id(value)] = (value, text, cell_text(text))
        return hit

    cells: dict[object, str] = {}  # an int or str value (never equal to each other) -> its cell text and a comma
    known_cell = cells.get

    def cell(value: object) -> str:
        text = cells[value] = cell_text(value) + ","
        return text

    write = buf.write
    for ln, ns_mp, ew_mp in scored:
        if _CLASSES(ln) in _PLAIN_CLASSES and _DETAILS(ln) == _NO_DETAILS:
            session, section, board, table, ns, ew, score = _PLAIN_CELLS(ln)
            ns_text, ew_text = (
                (known_figure(id(ns_mp)) or figure(ns_mp))[2],
                (known_figure(id(ew_mp)) or figure(ew_mp))[2],
            )
            write(
                f"{known_cell(session) or cell(session)}{known_cell(section) or cell(section)}"
                f"{known_cell(board) or cell(board)}{known_cell(table) or cell(table)}"
                f"{known_cell(ns) or cell(ns)}{known_cell(ew) or cell(ew)},,,,"
                f"{known_cell(score) or cell(score)},,,,,{ns_text},{ew_text}\n"
            )
            continue
        row = [
            ln.session, ln.section, ln.board, ln.table if ln.table is not None else "", ln.ns_pair, ln.ew_pair,
            ln.contract or "", ln.declarer or "", "" if ln.tricks is None else ln.tricks, ln.lead or "",
            *score_cells(ln.score),
            ln.group or "", "y" if ln.arrowswitch else "",
            *("" if pen is None else pen.written for pen in (ln.ns_penalty, ln.ew_penalty)),
            (known_figure(id(ns_mp)) or figure(ns_mp))[1],
            (known_figure(id(ew_mp)) or figure(ew_mp))[1],
        ]
        if any(map(needs_csv_escape, row)):
            write(",".join(map(cell_text, row)) + "\n")
        else:
            writer.writerow(row)


#: What starts a CSV whose text holds a character beyond ASCII: the byte order mark, by which Excel (a file
#: double-clicked on Windows) reads it as UTF-8, not in the ANSI code page (Zoë, not ZoÃ«); mpxl's readers skip it,
#: as pandas and LibreOffice do. A file of ASCII alone is written without (the same bytes in any encoding).
BOM = "\ufeff"


def bom_for(texts: Iterable[str]) -> str:
    """:data:`BOM` when one of ``texts`` (the file's, in parts) holds a character beyond ASCII, else ''.

    >>> bom_for(["board,ns_pair", "Zoë & Åsa"]) == BOM, bom_for(["board,ns_pair", "1,1,2"])
    (True, '')
    """
    return BOM if any(not t.isascii() for t in texts) else ""


def write_csv(result_or_event: SessionResult | Event, path: StrPath) -> None:
    """Write a scored event (or a bare Event) as CSV travellers, atomically (UTF-8, with a BOM where a character
    is beyond ASCII: :data:`BOM`)."""
    text = csv_text(result_or_event)
    from .atomic import atomic_write  # loaded where a file is written

    with atomic_write(path, encoding="utf-8", newline="") as f:
        f.write(bom_for([text]) + text)
