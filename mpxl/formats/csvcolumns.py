"""CSV travellers read and written column by column: ``mpxl score big.csv -o out.csv``.

A CSV of traveller lines with NS scores or contracts (and directors' rulings) needs no
:class:`~mpxl.core.event.Line` per line: :func:`csv_columns` reads it into
:class:`~mpxl.core.event.Travellers`, :func:`mpxl.core.scorer.score_columns` (the scorer) scores it and
:func:`write_columns_csv` writes the same file, byte for byte, that
:func:`mpxl.formats.csvfile.write_csv` writes for the event model's result
(tests/test_columnar.py). Each cell is read by the row-by-row reader's own functions
(:mod:`mpxl.formats.csvfile`); a file they would refuse or read otherwise is left to it
(None), and it names the problem.
"""

from __future__ import annotations

import csv
import re
from collections.abc import Callable, Hashable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from fractions import Fraction
from itertools import chain, islice
from typing import TYPE_CHECKING, Any, TypeGuard, TypeVar, cast

from ..core.contract import Vulnerability, board_vulnerability, tricks_taken
from ..core.errors import UserError
from ..core.event import Event, LineScore, Travellers
from ..core.pairings import boards_look_distinct, travellers_board_ranges, two_winner_sections
from ..core.scorer import ScoredColumns
from .common import (
    decimals_of,
    decode_text,
    format_number,
    number_or_none,
    read_bytes,
    read_declarer,
    score_from_contract,
    written_decimals,
)
from .csvfile import (
    COLUMNS,
    PLAIN_COLUMNS,
    CellColumn,
    PlainRows,
    adjustment_cell,
    bom_for,
    cell_text,
    csv_event,
    excel_separator,
    header_delimiter,
    header_headings,
    header_keys,
    header_keys_of,
    read_csv_text,
    score_cell,
    score_cells,
    splittable_text,
    tricks_cell,
    tricks_of_contract,
)
from .csvfile import write_csv as write_rows_csv
from .headings import contract_cell_words, seat_word
from .textsafe import needs_csv_escape

if TYPE_CHECKING:  # typing only
    from ..core.options import ScoringOptions
    from ..core.session import SessionResult
    from .atomic import StrPath

__all__ = ["read_csv", "read_csv_event", "read_csv_columns", "csv_columns", "column_event",
           "write_csv", "write_columns_csv", "COLUMNAR_COLUMNS", "BLANK_COLUMNS",
           "PUBLISHED_COLUMNS"]

T = TypeVar("T")
H = TypeVar("H", bound=Hashable)

#: What was played: kept for the output; a line with no score is scored from its contract.
PLAY_COLUMNS = ("contract", "declarer", "tricks", "lead")

#: Columns :func:`csv_columns` takes when every cell of theirs is blank (as in mpxl's own CSV).
BLANK_COLUMNS = frozenset({"group", "arrowswitch", "ns_penalty", "ew_penalty"})

#: The published matchpoints (for ``mpxl check``): they say how the file's program rounds.
PUBLISHED_COLUMNS = frozenset({"ns_mp", "ew_mp"})

#: The columns :func:`csv_columns` reads.
COLUMNAR_COLUMNS = PLAIN_COLUMNS | {"adjustment", *PLAY_COLUMNS} | BLANK_COLUMNS | PUBLISHED_COLUMNS

#: Characters per chunk of :func:`csv_columns` (about 2,500 rows): a chunk's cells, made and freed
#: chunk after chunk, then fit in the memory already taken (bigger chunks took fresh pages each time).
CHUNK_CHARS = 2**16


def _entry_score(text: str) -> LineScore:
    """An ``ns_score`` cell as :func:`mpxl.formats.csvfile._general_line` reads it: None when blank, a whole number,
    or an artificial, weighted or split score it accepts; ValueError for anything it refuses."""
    return _accepted(score_cell, text)


def _entry_adjustment(text: str) -> LineScore:
    """An ``adjustment`` cell as :func:`mpxl.formats.csvfile._general_line` reads it (None when
    blank); ValueError if it refuses it."""
    return _accepted(adjustment_cell, text)


def _text(text: str) -> str | None:
    """A contract, declarer or lead cell: the text, None when blank (ValueError for a text that starts
    with a quote: the row-by-row reader reads it)."""
    text = text.strip()
    if text[:1] == "'":
        raise ValueError(text)
    return text or None


def _seat_text(text: str) -> str | None:
    """A declarer cell as :func:`_text` reads it; ValueError for one the row-by-row reader reads in the club's
    language (``O``, ``Z``: :func:`mpxl.formats.headings.seat_cell`)."""
    if seat_word(text):
        raise ValueError(text)
    return _text(text)


def _contract_text(text: str) -> str | None:
    """A contract cell as :func:`_text` reads it; ValueError for one the row-by-row reader reads with its no-trump
    word (``3SA``: :func:`mpxl.formats.headings.contract_cell_words`)."""
    if contract_cell_words(text) is not text:
        raise ValueError(text)
    return _text(text)


def _tricks_cell(text: str) -> int | str | None:
    """A tricks cell as the row-by-row reader reads it (a number, a result such as ``+1``, None)."""
    return tricks_cell(text.strip() or None)


def _accepted(read: Callable[[str, str, str], T], text: str) -> T | None:
    """``read(text, source, where)`` of the stripped cell (None when blank), its UserError as ValueError."""
    text = text.strip()
    if not text:
        return None
    try:
        return read(text, "", "")
    except UserError:
        raise ValueError(text) from None


def read_csv(path: StrPath) -> Event:
    """A CSV traveller file as an :class:`~mpxl.core.event.Event` (see :func:`read_csv_event`)."""
    return read_csv_event(decode_text(read_bytes(path), source=str(path)), str(path))


def read_csv_event(text: str, source: str = "<csv>") -> Event:
    """CSV travellers as an :class:`~mpxl.core.event.Event`: column by column (:func:`csv_columns`), a
    :class:`~mpxl.core.event.Line` made per line from the columns, when the file is plain and publishes
    no figures; else row by row (:func:`~mpxl.formats.csvfile.read_csv_text`, which names any
    problem). Both ways give the same lines and the same errors (tests/test_formats_csv.py).

    >>> ev = read_csv_event("board,ns_pair,ew_pair,ns_score\\n1,1,2,420\\n1,3,4,A+\\n", "t.csv")
    >>> [(ln.ns_pair, ln.score, ln.where) for ln in ev.lines], ev.winners
    ([('1', 420, 'line 2'), ('3', 'A+', 'line 3')], {'': 2})
    """
    t = csv_columns(text)
    if t is None or _publishes_figures(text):
        return read_csv_text(text, source)
    return csv_event(t.lines(), source, 0)


def _publishes_figures(text: str) -> bool:
    """Whether the header of a CSV text has a column of published matchpoints."""
    text = text.lstrip("\ufeff")
    header = text.partition("\n")[0].rstrip("\r")
    keys = header_keys(csv.reader([header], delimiter=header_delimiter(text)), "")
    return not PUBLISHED_COLUMNS.isdisjoint(keys)


def read_csv_columns(path: StrPath) -> Travellers | None:
    """A CSV file of travellers as :class:`~mpxl.core.event.Travellers`, or None (see :func:`csv_columns`)."""
    return csv_columns(decode_text(read_bytes(path), source=str(path)))


def column_event(t: Travellers, source: str) -> Event | None:
    """What the row-by-row reader's Event says of the lines ``t`` beside the lines themselves (the
    source and each section's one or two winners), with no Line made: the lines stay columns.
    None when a board may have a pair or a table twice: the row-by-row reader names the line.

    >>> t = csv_columns("board,ns_pair,ew_pair,ns_score\\n1,1,2,420\\n1,3,4,400\\n")
    >>> column_event(t, "t.csv").winners
    {'': 2}
    """
    sections = t.column("section")
    two = two_winner_sections(sections, t.ns_pair, t.ew_pair)
    boards = travellers_board_ranges(t)
    if not boards_look_distinct(t.session, t.section, t.board, t.ns_pair, t.ew_pair, t.table, two, boards):
        if all(two.values()):
            return None
        # a number both NS and EW on one board: two pairs share it (the CSV reader's last rule)
        two = two_winner_sections(sections, t.ns_pair, t.ew_pair, list(zip(t.column("session"), t.board)))
        if not boards_look_distinct(t.session, t.section, t.board, t.ns_pair, t.ew_pair, t.table, two, boards):
            return None
    return Event(source=source, winners={sec: 2 if two.get(sec, True) else 1 for sec in dict.fromkeys(sections)})


def csv_columns(text: str) -> Travellers | None:
    """The lines of a CSV text as columns when every row after the header is simple, else None.

    Simple: the header has only :data:`COLUMNAR_COLUMNS` (with ``ns_score``, or ``contract``,
    ``declarer`` and ``tricks``), the :data:`BLANK_COLUMNS` blank, every row exactly the
    header's cells with no quote, carriage return alone or NUL, and each cell one the
    row-by-row reader accepts (a score may be an artificial, weighted or split score; an
    ``adjustment`` replaces it; a line with no score is scored from its contract). The values
    are those :func:`~mpxl.formats.csvfile.read_csv_text` gives the same rows; for anything else
    (a blank row, another column, a cell to complain about) the answer is None and
    ``read_csv_text`` reads the file and names any problem. The text is cut in chunks at line ends
    and each chunk split once at its delimiters and line ends, a column being every width-th cell.

    >>> t = csv_columns("board,ns_pair,ew_pair,ns_score\\n1,1,2,420\\n1,3,4,\\n2,1,4,A+\\n")
    >>> t.board, t.ns_pair, t.score, t.section
    ([1, 1, 2], ['1', '3', '1'], [420, None, 'A+'], None)
    >>> csv_columns("board,ns_pair,ew_pair,ns_score\\n1,1,2,AQQ\\n") is None   # read_csv_text names it
    True
    """
    body = _columnar_body(text)
    if body is None:
        return None
    plain = PlainRows(body.keys, score=_entry_score)
    at = {k: i for i, k in enumerate(body.keys) if k}
    columns = plain.columns + [
        (at.get("adjustment"), _entry_adjustment),
        (at.get("contract"), _contract_text),
        (at.get("declarer"), _seat_text),
        (at.get("tricks"), _tricks_cell),
        (at.get("lead"), _text),
    ]
    read = _read_columns(body, plain, columns)
    if read is None:
        return None
    values, published_texts = read
    return _travellers(values, columns, published_texts)


@dataclass(frozen=True)
class _Body:
    """A CSV text's rows, read in place: the text (CR LF as LF), its delimiter, the header's keys, and
    where the rows begin and end."""

    text: str
    delimiter: str
    keys: list[str]
    begin: int
    end: int


def _columnar_body(text: str) -> _Body | None:
    """Where the rows of a CSV text lie, when the text and its header suit :func:`csv_columns`
    (else None: a quote, a header that cannot serve, another column, no row)."""
    splittable = splittable_text(text.lstrip("\ufeff"))
    if splittable is None or excel_separator(splittable):  # a sep= line first: read row by row
        return None
    text = splittable
    delimiter = header_delimiter(text)
    # the rows are read from the text in place (chunk by chunk): a copy of the body is megabytes
    newline = text.find("\n")
    header, begin = (text, len(text)) if newline < 0 else (text[:newline], newline + 1)
    end = len(text) - 1 if text.endswith("\n") and begin < len(text) else len(text)  # the last row's end
    try:
        cells = next(csv.reader([header], delimiter=delimiter))
        headings = header_headings(cells, "")
        keys = header_keys_of(cells, "")
    except (UserError, StopIteration):
        return None
    if headings.foreign or headings.warnings:  # headings in the club's language: row by row, which says them
        return None
    has_contract = all(k in keys for k in ("contract", "declarer", "tricks"))
    if not ("ns_score" in keys or has_contract) or not {k for k in keys if k} <= COLUMNAR_COLUMNS or begin >= len(text):
        return None
    return _Body(text, delimiter, keys, begin, end)


def _read_columns(body: _Body, plain: PlainRows, columns: list[CellColumn]
                  ) -> tuple[list[list[Any]], dict[str, set[str]]] | None:
    """(each of ``columns``' values, the distinct texts of each published column by its key) of the
    body's rows, chunk after chunk; None for a row or a cell :func:`csv_columns` leaves to the
    row-by-row reader."""
    text, delimiter, keys, end = body.text, body.delimiter, body.keys, body.end
    blanks = [i for i, k in enumerate(keys) if k in BLANK_COLUMNS]
    published = [i for i, k in enumerate(keys) if k in PUBLISHED_COLUMNS]
    published_texts: list[set[str]] = [set() for _ in published]  # each published column's distinct texts
    width, limit = len(keys), csv.field_size_limit()
    values: list[list[Any]] = [[] for _ in columns]
    start = body.begin
    while start <= end:
        stop = text.find("\n", start + CHUNK_CHARS, end)
        if stop < 0:
            stop = end
        cells = _cells(text[start:stop], delimiter, width)
        if cells is None:
            return None  # a blank row, a row of other width: row by row
        try:
            for column, (i, read) in zip(values, columns):
                if i is not None:
                    plain.extend(column, cells[i::width], read, limit)
        except ValueError:
            return None
        for i in blanks:
            texts = set(cells[i::width])
            if _NOT_BLANK.search("".join(texts)) or max(map(len, texts)) > limit:
                return None  # a fouled-board group, an arrowswitch, a penalty: row by row
        for texts, i in zip(published_texts, published):
            texts.update(cells[i::width])
        start = stop + 1
    if any(len(text) > limit for texts in published_texts for text in texts):
        return None  # a cell the csv module refuses: row by row, which names it
    return values, dict(zip((keys[i] for i in published), published_texts))


def _travellers(values: list[list[Any]], columns: list[CellColumn], published_texts: dict[str, set[str]]
                ) -> Travellers | None:
    """The Travellers of the columns' values (an adjustment over the score, a line with no score
    scored from its contract); None where the row-by-row reader would complain."""
    board, ns, ew, section, score, table, session, adjusted, contract, declarer, tricks, lead = (
        column if i is not None else None for column, (i, _) in zip(values, columns)
    )
    assert board is not None and ns is not None and ew is not None  # required columns
    if score is None:  # no ns_score column
        score = [None] * len(board)
    if adjusted is not None and adjusted.count(None) != len(adjusted):  # an adjustment replaces the score
        score = [s if a is None else a for s, a in zip(score, adjusted)]
    try:
        decimals = _published_decimals(published_texts)
        if contract is not None and contract.count(None) != len(contract):
            tricks = _score_contracts(board, score, contract, declarer, tricks)
    except (ValueError, UserError):
        return None
    if tricks is not None and str in set(map(type, tricks)):  # a result (+1) where the score was given
        tricks = [None if type(x) is str else x for x in tricks]
    return Travellers(
        board, ns, ew, score, section, table, session, contract, declarer, tricks, lead, published_decimals=decimals
    )


def _score_contracts(
    board: list[int],
    score: list[Any],
    contract: list[Any],
    declarer: list[str | None] | None,
    tricks: list[Any] | None,
) -> list[Any]:
    """Score (in place) each line with no score but a contract, as the row-by-row reader does, and
    answer the tricks: those lines' results (``+1``) read against their contracts.
    UserError or ValueError where the row-by-row reader would complain (a line whose contract
    scores other than its score among them: :func:`mpxl.formats.csvfile.check_contract_score`)."""
    tricks = list(tricks) if tricks is not None else [None] * len(board)  # a file with contracts and no tricks
    declarer = declarer or [None] * len(board)
    # (vulnerability, contract, declarer, tricks as written) -> (score, tricks)
    known: dict[tuple[Vulnerability, Any, Any, Any], tuple[int, int | None]] = {}
    vulnerability = {b: board_vulnerability(b) for b in set(board)}
    # each distinct (vulnerability, contract, declarer, tricks, score) as typed, to check below (one pass in C:
    # a vulnerability's name hashes in C, an Enum does not)
    vul = {b: v.name for b, v in vulnerability.items()}
    typed = set(zip(map(vul.__getitem__, board), contract, declarer, tricks, score))
    for i in [i for i, (s, c) in enumerate(zip(score, contract)) if s is None and c is not None]:
        key = (vulnerability[board[i]], contract[i], declarer[i], tricks[i])
        hit = known.get(key)
        if hit is None:
            hit = known[key] = (
                score_from_contract(board[i], contract[i], declarer[i], tricks[i], "", ""),
                tricks_of_contract(contract[i], tricks[i]),
            )
        score[i], tricks[i] = hit
    board_of = {vul[b]: b for b in vulnerability}  # a board of each vulnerability, to score on
    for v, c, d, t, s in typed:
        if c is None or type(s) is not int:
            continue
        if type(t) is int:
            tricks_taken(t)  # ValueError: the row-by-row reader names the line
        try:
            read_declarer(d, "", "", "declarer")
        except UserError:
            raise ValueError("a declarer that is no seat beside a score") from None
        try:
            computed = score_from_contract(board_of[v], c, d, t, "", "")
        except UserError:
            continue  # a contract that cannot be scored is kept as written beside the score
        if computed != s:
            raise ValueError("a score and its contract disagree")  # the row-by-row reader names the line
    return tricks


def _cells(chunk: str, delimiter: str, width: int) -> list[str] | None:
    """The cells of ``chunk``'s rows, row after row, when every row has exactly ``width`` cells;
    else None (a blank row, a row of other width).

    One split: each line end is kept at the end of its row's last cell (every reading of a cell
    strips it, as it strips any white space) and followed by a delimiter. A cell then holds at
    most one line end, at its end; the rows are all ``width`` cells long exactly when there are
    rows x ``width`` cells and the last cells of the rows hold every line end.

    >>> _cells("1,2\\n3,4", ",", 2), _cells("1,2\\n3,4,5\\n6", ",", 2), _cells("1,2\\n\\n3,4", ",", 2)
    (['1', '2\\n', '3', '4'], None, None)
    """
    rows = chunk.count("\n") + 1
    cells = chunk.replace("\n", "\n" + delimiter).split(delimiter)
    if len(cells) != rows * width or "".join(cells[width - 1::width]).count("\n") != rows - 1:
        return None
    return cells


def _published_decimals(texts: dict[str, set[str]]) -> int | None:
    """From the distinct texts of the ``ns_mp`` and ``ew_mp`` columns: the most decimals they carry
    when a figure is published (NS or EW: the general way reads either), else None;
    ValueError for a figure that is not a number (the row-by-row reader names it).

    >>> _published_decimals({"ns_mp": {"1.5", "", "12.25"}, "ew_mp": {"-"}}), _published_decimals({"ew_mp": {"3.0"}})
    (2, 1)
    >>> _published_decimals({"ns_mp": {"", "-"}})
    """
    figures = {name: {text.strip() for text in column} - {""} for name, column in texts.items()}
    for column in figures.values():
        for text in column:
            number_or_none(text)
    if not any(number_or_none(text) is not None for column in figures.values() for text in column):
        return None
    return max(map(decimals_of, chain.from_iterable(figures.values())), default=0)


#: A character that is not white space.
_NOT_BLANK = re.compile(r"\S")

#: A character that makes the csv module quote a cell (of a row of several cells).
_QUOTED = re.compile(r'[,"\r\n]')


def write_csv(result_or_event: SessionResult | Event, path: StrPath) -> str | None:
    """Write a scored event (or a bare Event) as CSV travellers (:func:`mpxl.formats.csvfile.write_csv`); a
    result whose lines are the scorer's columns alone (plain travellers read by columns, :func:`column_event`:
    no Line, no pair's names, no sit-out, penalty or title) from the columns, with no object per line (the
    same bytes). The CSV of :data:`mpxl.formats.WRITERS`; the note on the settings it has no place for
    (:func:`totals_settings_not_kept`), or None."""
    if isinstance(result_or_event, Event):
        write_rows_csv(result_or_event, path)
        return None
    t, scored, ev = result_or_event.travellers, result_or_event.scored, result_or_event.event
    if t is None or scored is None or ev.lines or ev.pairs or ev.sitouts or ev.penalties or ev.title or ev.date:
        write_rows_csv(result_or_event, path)
    else:
        write_columns_csv(t, scored, written_decimals(result_or_event), path)
    return totals_settings_not_kept(result_or_event.options)


#: The settings that shape a pair's total or percentage and no line's figure: a CSV of travellers holds the lines'
#: figures alone, so read back (``mpxl score out.csv``, or ``mpxl check``, which reads them off the lines' figures)
#: they are the defaults again.
TOTALS_ONLY = ("totals_rounding", "percentage_decimals", "percentage_tie", "totals_from", "percentage_basis",
               "totals_method")


def totals_settings_not_kept(options: ScoringOptions | None) -> str | None:
    """The note a CSV's writer gives when the scoring used a setting of :data:`TOTALS_ONLY` (or estimated at the
    totals) other than its default: the file keeps the lines' figures, not the setting, so the totals scored from
    it again differ; None when every such setting is the default.

    >>> from mpxl.core.options import ScoringOptions, TotalsFrom
    >>> totals_settings_not_kept(ScoringOptions()) is None
    True
    >>> print(totals_settings_not_kept(ScoringOptions(totals_from=TotalsFrom.EXACT, percentage_decimals=0)))
    a CSV of travellers has no place for the settings of the totals alone (--rounding-pct half-up:0, --totals-from \
exact): the file keeps the lines' figures; read back, give those options again (or write .xlsx, whose Setup keeps them)
    """
    if options is None:
        return None
    from ..core.options import SETTINGS, ScoringOptions
    from ..core.settings import EstimateAt

    default = ScoringOptions()
    names = [name for name in TOTALS_ONLY if getattr(options, name) != getattr(default, name)]
    if options.estimate_at is EstimateAt.TOTALS:
        names.insert(0, "estimate_at")
    if not names:
        return None
    said = []
    for name in names:
        if name == "percentage_tie":
            continue  # said with the decimals: one flag, --rounding-pct TIE:D
        if name == "percentage_decimals":
            said.append(f"--rounding-pct {options.percentage_tie.value}:{options.percentage_decimals}")
            continue
        value = getattr(options, name)
        said.append(f"{SETTINGS[name].flags[0]} {getattr(value, 'value', value)}")
    if "percentage_tie" in names and "percentage_decimals" not in names:
        said.append(f"--rounding-pct {options.percentage_tie.value}:{options.percentage_decimals}")
    return (f"a CSV of travellers has no place for the settings of the totals alone ({', '.join(said)}): the file "
            "keeps the lines' figures; read back, give those options again (or write .xlsx, whose Setup keeps them)")


def write_columns_csv(t: Travellers, scored: ScoredColumns, decimals: int | None, path: StrPath) -> None:
    """Write plain travellers and their figures, atomically: the same file, byte for byte, as
    :func:`write_csv` writes for the event of the same lines scored (tests/test_columnar.py).

    Each column's distinct values (each distinct figure) are turned into cell texts once,
    with the separators around them; the rows are put together a chunk at a time (in
    ``scored.order``) by one ``str.join`` of the texts, laid out row after row by slice assignment.
    """
    lead, parts = _row_parts(_row(t, scored, decimals))  # each row but the first starts with the last part's text
    rows = 50_000
    chunks: Iterator[slice | list[int]]
    if scored.order == [range(0, len(t))]:
        chunks = (slice(start, start + rows) for start in range(0, len(t), rows))
    else:  # the lines' positions in the boards' order, a chunk at a time
        positions = chain.from_iterable(scored.order)
        chunks = iter(lambda: list(islice(positions, rows)), [])
    from .atomic import atomic_write  # loaded where a file is written

    with atomic_write(path, encoding="utf-8", newline="") as f:
        f.write(bom_for(_texts_of(parts)) + ",".join(COLUMNS) + "\n" + lead)
        last = ""
        for chunk in chunks:
            f.write(last)
            text = _chunk_text(parts, chunk, len(range(len(t))[chunk]) if type(chunk) is slice else len(chunk))
            f.write(text[: -len(lead)] if lead else text)  # the next row's lead is written with it
            last = lead
        # (the last row's lead was never written)


#: A column of the rows: (None, values that are their own cell texts), or (value -> its cell text, the values;
#: a figure column by its figures' ids).
TextColumn = tuple[None, Sequence[str]] | tuple[dict[Hashable, str], "Sequence[Hashable] | _Ids"]
#: A row's parts: fixed texts and columns.
RowParts = list["str | TextColumn"]


def _texts(column: Sequence[Hashable]) -> TextColumn:
    """(value -> cell text, or None when the values are their own texts; the column)."""
    distinct = set(column)
    if (_are_texts(distinct) and not _QUOTED.search("".join(distinct))
            and not any(map(needs_csv_escape, distinct))):
        return None, cast("Sequence[str]", column)  # its values are ``distinct``'s: texts
    return {value: cell_text(value) for value in distinct}, column


def _are_texts(values: set[Hashable]) -> TypeGuard[set[str]]:
    """Whether every one of ``values`` is a text (a str, not a subclass)."""
    return all(type(value) is str for value in values)


def _row(t: Travellers, scored: ScoredColumns, decimals: int | None) -> RowParts:
    """One row's parts: session, section, board, table, NS, EW, contract, declarer, tricks, lead, score
    and adjustment, 4 blanks (group, arrowswitch, penalties), NS MPs, EW MPs."""
    ns_figures, ew_figures = _Ids(scored.ns_mp), _Ids(scored.ew_mp)  # few figures, one object each: keyed by id
    distinct = dict(zip(map(id, scored.ns_mp), scored.ns_mp)) | dict(zip(map(id, scored.ew_mp), scored.ew_mp))
    # each figure's text made once per value (a Fraction's, as its numerator and denominator: hashed in C):
    # the figures of a board scored by the general path (an artificial score) are objects of their own
    text_of: dict[tuple[int, int] | None, str] = {}
    figure_texts: dict[Hashable, str] = {}
    for key, figure in distinct.items():
        value = None if figure is None else (figure.numerator, figure.denominator)
        text = text_of.get(value)
        if text is None:
            text = text_of[value] = cell_text(format_number(figure, decimals))
        figure_texts[key] = text
    score_texts: dict[Hashable, str] = {score: ",".join(map(cell_text, score_cells(score)))
                                        for score in set(t.score)}  # 2 cells

    def maybe(column: list[Any] | None) -> str | TextColumn:
        return "" if column is None else _texts(column)

    return [
        "1" if t.session is None else _texts(t.session),
        ",",
        maybe(t.section),
        ",",
        _texts(t.board),
        ",",
        maybe(t.table),
        ",",
        _texts(t.ns_pair),
        ",",
        _texts(t.ew_pair),
        ",",
        maybe(t.contract),
        ",",
        maybe(t.declarer),
        ",",
        maybe(t.tricks),
        ",",
        maybe(t.lead),
        ",",
        (score_texts, t.score),
        ",,,,,",
        (figure_texts, ns_figures),
        ",",
        (figure_texts, ew_figures),
        "\n",
    ]


def _chunk_text(parts: RowParts, chunk: slice | list[int], n: int) -> str:
    """The text of the ``n`` rows at ``chunk`` (a slice of the lines, or their positions), each row
    its ``parts``' texts, laid out row after row."""
    width = len(parts)
    layout: list[str] = [""] * (width * n)
    for k, part in enumerate(parts):
        if isinstance(part, str):
            layout[k::width] = [part] * n
            continue
        if part[0] is None:  # the values are their own texts
            layout[k::width] = _cells_at(part[1], chunk)
            continue
        text_of, column = part
        cells = _ids_at(column, chunk) if isinstance(column, _Ids) else _cells_at(column, chunk)
        layout[k::width] = map(text_of.__getitem__, cells)
    return "".join(layout)


def _cells_at(column: Sequence[H], chunk: slice | list[int]) -> Iterable[H]:
    """The values of ``column`` at ``chunk`` (a slice, or positions)."""
    if isinstance(chunk, slice):
        return column[chunk]
    return map(column.__getitem__, chunk)


def _ids_at(column: _Ids, chunk: slice | list[int]) -> Iterable[int]:
    """The ids of the figures of ``column`` at ``chunk`` (a slice, or positions)."""
    if isinstance(chunk, slice):
        return column[chunk]
    return map(id, map(column.column.__getitem__, chunk))


class _Ids:
    """A column read as its items' ids, made as they are read (a figure is one object, met again
    and again: its id is its key, never made for every line at once)."""

    def __init__(self, column: list[Fraction | None]) -> None:
        self.column = column

    def __getitem__(self, at: slice) -> list[int]:
        return list(map(id, self.column[at]))


def _texts_of(parts: RowParts) -> Iterator[str]:
    """Every text a row's ``parts`` write: the fixed ones, each column's cell texts."""
    for part in parts:
        if isinstance(part, str):
            yield part
            continue
        texts, values = part
        if texts is not None:
            yield from texts.values()
        elif not isinstance(values, _Ids):  # the values their own texts (an _Ids column has its texts)
            yield from (v for v in values if isinstance(v, str))


def _row_parts(parts: RowParts) -> tuple[str, RowParts]:
    """A row's parts with the fixed texts put inside the texts of the columns around them.

    ``parts`` alternates fixed texts (str) and columns ((value -> text dict or None, values));
    the answer is (lead, [part, ...]): a fixed text before the first column (the lead) is put at
    the end of the last part's texts instead, as the start of the next row. A column with a
    text dict takes the fixed texts after it (and before it, when the column before takes none).

    >>> lead, rest = _row_parts(["1,", ({5: "5"}, [5]), ",", (None, ["a"]), ",", ({7: "7"}, [7]), "\\n"])
    >>> lead, [p if isinstance(p, str) else sorted(p[0].values()) if p[0] else p[1] for p in rest]
    ('1,', [['5,'], ['a'], [',7\\n1,']])
    """
    merged: RowParts = []
    for part in parts:  # neighbouring fixed texts are one
        previous = merged[-1] if merged else None
        if isinstance(part, str) and isinstance(previous, str):
            merged[-1] = previous + part
        else:
            merged.append(part)
    first, last = merged[0], merged[-1]
    lead = ""
    if isinstance(first, str):
        lead = first
        merged.pop(0)
        last = merged[-1]
    if isinstance(last, str):
        merged[-1] = last + lead
    else:
        merged.append(lead)
    out: RowParts = []
    pending = ""  # a fixed text waiting for the next column with a text dict
    for part in merged:
        if isinstance(part, str):
            previous = out[-1] if out else None
            if isinstance(previous, tuple) and previous[0] is not None:
                text_of, column = previous
                out[-1] = ({value: text + part for value, text in text_of.items()}, column)
            else:
                pending += part
            continue
        if pending and part[0] is not None:
            text_of, column = part
            part = ({value: pending + text for value, text in text_of.items()}, column)
        elif pending:
            out.append(pending)
        pending = ""
        out.append(part)
    if pending:
        out.append(pending)
    return lead, out
