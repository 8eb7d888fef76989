"""PBN 2.x results: the ``ScoreTable`` of each board and the ``TotalScoreTable`` of the event.

A PBN file is a list of games (one per board), each a run of tags
``[Name "value"]``; a tag whose name ends in ``Table`` is followed by its rows.
The table's value names the columns, ``Name\\widthAlign;...`` (PBN 2.1,
sections 5.9 and 5.10): ``Table\\2R;PairId_NS\\2R;...``. A cell is a word or a
quoted string; ``-`` is empty. Files are ISO-8859-1 (PBN's own) or UTF-8.

ScoreTable columns read (others, e.g. Magic Contest's ``Percentage_NS`` or
Ruter's, are kept aside and ignored): ``PairId_NS``, ``PairId_EW`` (required),
``Section``, ``Table``, ``Round``, ``Contract``, ``Declarer``, ``Result``
(tricks), ``Lead``, ``Score_NS`` / ``Score_EW`` or ``Score`` (NS), ``MP_NS`` /
``MP_EW`` (the published matchpoints), and mpxl's own extension column
``Arrowswitch`` (``Y`` on a table that played the other direction's cards). Artificial scores ``A+`` ``A=`` ``A-``
(60/50/40%) may differ per side (``A-`` in Score_NS with ``A+`` in Score_EW);
``Bye`` is not played; a row with one pair and no result (``-`` for the other pair, ``Bye``) is a
:class:`~mpxl.core.event.SitOut`, not a line. TotalScoreTable columns: ``Rank``, ``PairId``,
``Direction``, ``TotalScoreMP`` (or ``TotalMP``), ``TotalPercentage``, ``Names``,
``NrBoards``.

>>> ev = read_pbn_text('''[Board "1"]
... [ScoreTable "PairId_NS\\\\2R;PairId_EW\\\\2R;Score_NS\\\\6R;Score_EW\\\\6R;MP_NS\\\\4R;MP_EW\\\\4R"]
...  1  2 "420" - 2.0 0.0
...  3  4 "A+" "A-" 1.2 0.8
... ''', "t.pbn")
>>> [(ln.ns_pair, ln.ew_pair, ln.score, ln.published_ns_mp, ln.where) for ln in ev.lines]
[('1', '2', 420, 2.0, 'line 3'), ('3', '4', 'A+/A-', 1.2, 'line 4')]
"""

from __future__ import annotations

import os
import re
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from fractions import Fraction
from itertools import zip_longest
from typing import TYPE_CHECKING, Any

from ..core.adjustments import Artificial, Mixed, entry_of
from ..core.analysis import Analysis
from ..core.contract import Vulnerability, board_dealer, board_vulnerability
from ..core.errors import UserError
from ..core.event import Deal, Event, Line, LineScore, Pair, Penalty, Player, SitOut
from ..core.members import member_number
from ..core.numbers import whole
from ..core.options import ScoringOptions
from ..core.pairings import two_winner_sections
from ..core.patterns import Pattern
from ..core.ranking import PairResult
from ..core.rules import (
    ARTIFICIAL_WORDS,
    AVE,
    AVE_MINUS,
    AVE_PLUS,
    REPLACEMENT_CODES,
    arrowswitch_flag,
    code_key,
    is_blank,
    is_not_played,
    is_penalty_row,
    is_sitout,
    scoring_not_matchpoints,
    side_of,
)
from .pbn_analysis import analysis_lines, read_analysis
from .sides import Sides, direction_suffixes, sides_by_order
from .textsafe import pbn_string, pbn_unescape

if TYPE_CHECKING:  # typing only
    from ..core.session import SessionResult

from .common import (
    EventToWrite,
    board_number,
    check_entry,
    contract_cell,
    contract_warning,
    decimals_of,
    decode_text,
    exact_text,
    figure_text,
    figures_without_result,
    format_number,
    fraction_or_none,
    groups_not_kept,
    number_or_none,
    percentage_text,
    read_bytes,
    read_declarer,
    read_tricks,
    score_from_contract,
    totals_decimals,
    whole_score,
    written_decimals,
)

__all__ = ["read_pbn", "read_pbn_text", "write_pbn", "pbn_text", "pbn_parts", "parse_columns", "split_row"]

_TAG_RE = Pattern(r'^\[\s*(\w+)\s+"(.*)"\s*\]\s*$')
_TOKEN_RE = Pattern(r'"((?:[^"\\]|\\.)*)"|(\S+)')
_META_RE = Pattern(r'<META\s+name=(\w+)\s+content="((?:[^"\\]|\\.)*)"', re.IGNORECASE)


def read_pbn(path: str | os.PathLike[str]) -> Event:
    """Read a PBN results file into an :class:`~mpxl.core.event.Event`."""
    return read_pbn_text(decode_text(read_bytes(path), source=str(path)), str(path))


def read_pbn_analyses(path: str | os.PathLike[str], deals: Mapping[int, Deal]) -> dict[int, Analysis]:
    """Board -> the double-dummy analysis a PBN file's games carry (:mod:`mpxl.formats.pbn_analysis`), for
    the boards of ``deals`` (the file's own, read by :func:`mpxl.formats.inputs.read_deals`)."""
    source = str(path)
    out: dict[int, Analysis] = {}
    board: int | None = None
    for tags, tables in _games(decode_text(read_bytes(path), source=source), source):
        if "Board" in tags and tags["Board"][0].strip() != "#":
            board = board_number(tags["Board"][0], source, f"line {tags['Board'][1]}")
        deal = deals.get(board) if board is not None else None
        if deal is None or board in out:
            continue
        analysis = read_analysis(deal.board, tags, tables, deal.vulnerable or board_vulnerability(deal.board).value,
                                 deal.dealer or board_dealer(deal.board).value, deal.hands, source)
        if analysis is not None:
            out[deal.board] = analysis
    return out


def parse_columns(spec: str) -> list[str]:
    """Column names from a table tag's value: ``Name\\\\widthAlign`` separated by ``;``.

    >>> parse_columns("Table\\\\2R;PairId_NS\\\\2R;Contract\\\\3L;Names")
    ['Table', 'PairId_NS', 'Contract', 'Names']
    """
    return [part.split("\\", 1)[0].strip() for part in spec.split(";") if part.strip()]


def split_row(text: str) -> list[str | None]:
    """The cells of a table row: words and quoted strings; ``-`` is None.

    >>> split_row(' 1  7 "E-W" 771.2 -   "Player 7a - Player 7b"')
    ['1', '7', 'E-W', '771.2', None, 'Player 7a - Player 7b']
    """
    # (quoted, word) per cell, found in C: a word is never empty, so an empty one is a quoted string's cell
    return [(None if word == "-" else word) if word else pbn_unescape(quoted)
            for quoted, word in _TOKEN_RE.findall(text)]


def _games(text: str, source: str) -> Iterator[tuple[dict[str, tuple[str, int]], dict[str, Table]]]:
    """Yield (tags {name: (value, line no)}, tables {name: (columns, rows[(line no, cells)], line no)}) per game."""
    tags: dict[str, tuple[str, int]] = {}
    tables: dict[str, Table] = {}
    current: str | None = None
    in_comment = 0  # the line a { comment not yet closed opened on
    ended = None  # (table, line of the blank line) when a blank line ended a game inside a table
    section = False  # inside an Auction or Play section (its lines are not results)
    for no, raw in enumerate(text.splitlines(), 1):
        line = raw.rstrip("\r\n")
        if in_comment:  # a comment left open hides nothing a reader would take: no tag, no table row
            hidden = line.split("}")[0].strip()
            if _TAG_RE.match(hidden) or (current is not None and hidden[:1].isdigit()):
                what = "the tag" if hidden.startswith("[") else f"a row of the {current}"
                raise UserError(source, f"line {in_comment}", f"a {{ comment over several lines hides {what} on "
                                f"line {no}, which would be lost; close the comment with '}}' where it should end")
            if "}" not in line:
                continue
            in_comment = 0
            line = line[line.index("}") + 1:]  # what follows the comment on its last line is read
            if not line.strip():
                continue
        stripped = line.strip()
        if stripped.startswith("%"):
            m = _META_RE.search(stripped)
            if m:
                tags.setdefault("%" + m.group(1), (pbn_unescape(m.group(2)), no))
            continue
        if stripped.startswith("{"):
            if "}" not in stripped:
                in_comment = no
                continue
            stripped = stripped[stripped.index("}") + 1:].strip()  # a row after a one-line comment is read
            if not stripped:
                continue
        if stripped.startswith(";"):
            continue
        if "{" in stripped:  # a comment after a tag or a row (PBN 3.8, 5.9): the line is read without it
            stripped, opened = _without_comments(stripped)
            if opened:
                in_comment = no
            if not stripped:
                continue
        if ended is not None and stripped and not stripped.startswith("["):
            raise UserError(source, f"line {no}", f"a {ended[0]} row after the empty line on line {ended[1]}: "
                            "PBN ends a game (and its table) at an empty line, so this row and the ones after it "
                            "would be lost; remove the empty line")
        if stripped:
            ended = None
        if not stripped:
            if current is not None:
                ended = (current, no)
            current = None
            if any(not k.startswith("%") for k in tags):
                yield tags, tables
                tags = {k: v for k, v in tags.items() if k.startswith("%")}
                tables = {}
            continue
        if stripped.startswith("["):
            m = _TAG_RE.match(stripped)
            if not m:
                raise UserError(source, f"line {no}", f"malformed PBN tag {stripped[:60]!r}; expected [Name \"value\"]")
            name, value = m.group(1), m.group(2)
            if not name.endswith("Table"):  # a table's column spec keeps its backslashes (Name\\2R)
                value = pbn_unescape(value)
            tags[name] = (value, no)
            current = None
            section = name in ("Auction", "Play") or (section and name == "Note")
            if name.endswith("Table"):
                if name in tables:
                    raise UserError(source, f"line {no}", f"a second {name} in one game (the first is on line "
                                    f"{tables[name][2]}); PBN gives a game one {name}: end the game with an empty "
                                    "line and a [Board] tag, or join the two tables")
                tables[name] = (parse_columns(value), [], no)
                current = name
            continue
        if current is not None:
            tables[current][1].append((no, split_row(stripped)))
        elif not section:  # a deal's play or auction section is not results; anything else would be lost
            raise UserError(source, f"line {no}", f"{stripped[:40]!r} is outside any table (no [...Table] tag "
                            "above it in this game), so it would be lost; put it under its table's tag")
    if in_comment:
        raise UserError(source, f"line {in_comment}", "a { comment that is never closed (no '}' after it): "
                        "it would hide the rest of the file")
    if any(not k.startswith("%") for k in tags):
        yield tags, tables


def _without_comments(line: str) -> tuple[str, bool]:
    """(``line`` without its ``{...}`` comments, whether a comment is left open at its end); a brace in
    a quoted string is text (PBN 3.8: a comment may follow a tag or a table's row, 5.9).

    >>> _without_comments('5 1 9 10 3N N 10 "430" - 6.0 {corrected}')
    ('5 1 9 10 3N N 10 "430" - 6.0', False)
    >>> _without_comments('1 2 "Ann {the elder} - Bob" 2.0 {a note'), _without_comments('[Event "x"] {a} {b}')
    (('1 2 "Ann {the elder} - Bob" 2.0', True), ('[Event "x"]', False))
    >>> _without_comments('1 "a \\\\"{b}" {c}')
    ('1 "a \\\\"{b}"', False)
    """
    out, quoted, depth, escaped = [], False, False, False
    for ch in line:
        if depth:
            depth = ch != "}"
            continue
        if quoted:
            quoted = ch != '"' or escaped  # a quote escaped by a backslash stays in the string
            escaped = ch == "\\" and not escaped
        elif ch == '"':
            quoted = True
        elif ch == "{":
            depth = True
            continue
        out.append(ch)
    return "".join(out).strip(), depth


def _col(columns: list[str], *names: str) -> int | None:
    lower = [c.lower() for c in columns]
    for n in names:
        if n.lower() in lower:
            return lower.index(n.lower())
    return None


def _artificial_word(text: str | None) -> bool:
    return text is not None and code_key(text) in ARTIFICIAL_WORDS  # the rulebook's A+, AVE-... (60 is a score)


#: A score cell that tells the table's result and the director's replacement (Ruter): ``800>a``,
#: ``420>A+``, ``800>500``: the result played, ``>``, what the line is scored with.
_REPLACED = Pattern(r"\s*([^>]*?)\s*>\s*(\S+)\s*")


def _replacement(cell: str | None) -> tuple[str | None, str | None]:
    """(what a score cell is scored with, the result it replaced or None): the rulebook's
    :data:`~mpxl.core.rules.REPLACEMENT_CODES` (``800>a`` is Ave+ to both sides, ``A+/A+``, in place of
    800 played); a score after ``>`` is that score; a cell without ``>`` is itself.

    >>> _replacement("800>a"), _replacement("420>A+"), _replacement("650>620"), _replacement("430")
    (('A+/A+', '800'), ('A+', '420'), ('620', '650'), ('430', None))
    """
    if cell is None:
        return None, None
    m = _REPLACED.fullmatch(cell)
    if not m:
        return cell, None
    played, now = m.group(1), m.group(2)
    return REPLACEMENT_CODES.get(now.upper(), now), played or None


def _side_cell(cell: str | None, source: str, where: str) -> tuple[str, Any] | None:
    """One Score cell: ('code', percentage code) for an artificial score, ('score', that side's
    score) for a number (``+0`` is 0), ('entry', text) for anything else the scorer reads, or None."""
    if cell is None:
        return None
    if _artificial_word(cell):
        return ("code", code_key(cell))
    sided = _SIDED_SCORE.fullmatch(cell)
    if sided is None:
        value = whole_score(cell, source, where)
        if value is not None:
            return ("score", value)
    return ("entry", cell)


def _ns_score(score_ns: str | None, score_ew: str | None, source: str, where: str) -> LineScore:
    """A line's score from the Score_NS / Score_EW cells, read: an int, an adjustment code or a not-played
    code (a ScoreText), or None.

    Each cell is its side's: a number is that side's score (``+0`` too), ``A+`` ``A=`` ``A-`` its
    artificial score. Both artificial: ``A=/A+``; one artificial and the other empty: the other side
    gets the complement (``A+`` alone: ``A+/A-``); one artificial and the other a number: that side
    keeps its result and the other is given the artificial score (a split, ``420|A+``).
    """
    score_ns, score_ew = (None if is_blank(cell) else cell for cell in (score_ns, score_ew))  # "" is "-"
    ns, ew = _side_cell(score_ns, source, where), _side_cell(score_ew, source, where)
    ns, ew = _side_percentage(ns, ew), _side_percentage(ew, ns)
    for cell, kind, other in ((score_ns, ns, score_ew), (score_ew, ew, score_ns)):
        # a not-played code or a whole line's notation (NP, A+/A+) is the line's result: a figure in the
        # other cell would be lost (two cells alike, "NP" "NP", say it twice)
        sided = _SIDED_SCORE.fullmatch(cell or "") is not None  # NS 420: a score, with its side named
        whole = is_not_played(cell) or (kind is not None and kind[0] == "entry" and not sided)
        if whole and cell is not None and other is not None and code_key(other) != code_key(cell):
            raise UserError(source, where, f"Score_NS {score_ns!r} and Score_EW {score_ew!r}: {cell.strip()!r} "
                            f"is the whole line's result, so {other.strip()!r} beside it would be lost; write "
                            "the line's result once, or one side's score or artificial code in each cell")
    for cell in (score_ns, score_ew):
        if cell is not None and is_not_played(cell):  # the rulebook's not-played codes: a line the board should
            return check_entry(cell.strip(), source, where)  # have had (towards N)
    if (ns and ns[0] == "code") or (ew and ew[0] == "code"):
        if ns is None or ew is None:
            art = ns or ew
            assert art is not None
            return check_entry(art[1] if ns is not None else _mirror(art[1]), source, where)
        if ns[0] == "code" and ew[0] == "code":
            return check_entry(f"{ns[1]}/{ew[1]}", source, where)
        if ns[0] == "score" or ew[0] == "score":  # one side keeps its result, the other an artificial score
            return check_entry(f"{ns[1]}|{ew[1]}" if ns[0] == "score" else f"{ns[1]}|{-ew[1]}", source, where)
        raise UserError(source, where, f"Score_NS {score_ns!r} and Score_EW {score_ew!r}: an artificial score "
                        "beside something that is not a score")
    ns_value = None if score_ns is None else _int_score(score_ns, source, where)
    ew_value = None if score_ew is None else _int_score(score_ew, source, where)
    if isinstance(ew_value, int) and not _SIDED_SCORE.fullmatch(score_ew or ""):
        ew_value = -ew_value  # EW's own score, as NS's (a sided one, EW 50, is NS's already)
    if ns_value is not None and ew_value is not None and ns_value != ew_value:  # one score told twice
        raise UserError(source, where, f"Score_NS {score_ns!r} and Score_EW {score_ew!r} disagree")
    return ns_value if ns_value is not None else ew_value


#: One side's artificial score as a percentage code (``A80``, ``A55%``): what the writer puts in a side's cell
#: for a percentage with no word (A+, A=, A-).
_PERCENT_CODE = Pattern(r"A[0-9]+(?:\.[0-9]+)?%?")


def _side_percentage(cell: tuple[str, Any] | None, other: tuple[str, Any] | None) -> tuple[str, Any] | None:
    """A side's cell read as its artificial score when it is a percentage code (``A80``) beside the other
    side's score: a mixed line (NS 80%, EW on 620), as :func:`_score_cells` writes it; else as it was.

    >>> _side_percentage(("entry", "A80"), ("score", 620)), _side_percentage(("entry", "A80"), None)
    (('code', 'A80'), ('entry', 'A80'))
    """
    if cell is not None and cell[0] == "entry" and other is not None and other[0] == "score":
        key = code_key(cell[1])
        if _PERCENT_CODE.fullmatch(key):
            return ("code", key)
    return cell


def _mirror(code: str) -> str:
    """EW's artificial code given alone in Score_EW, as NS/EW: EW A+ alone means NS A-."""
    return {"A+": "A-/A+", "A-": "A+/A-", "A=": "A=/A="}.get(code, code)


#: A score with its side, as PBN's Score tag writes it (PBN 2.1, 4.2): ``NS 420``, ``EW 50``.
_SIDED_SCORE = Pattern(r"\s*(NS|EW)\s+(\S+)\s*", re.IGNORECASE)


def _int_score(cell: str, source: str, where: str) -> LineScore:
    """A score cell: a number (NS's), ``NS 420`` / ``EW 50`` (that side's), or an adjustment code.

    >>> _int_score("420", "t.pbn", "line 3"), _int_score("NS 420", "t.pbn", "line 3"), _int_score("EW 50", "", "")
    (420, 420, -50)
    """
    sided = _SIDED_SCORE.fullmatch(cell)
    if sided:
        value = whole_score(sided.group(2), source, where)
        if value is None:
            raise UserError(source, where, f"{cell!r} is not a score: expected NS or EW and a whole number (NS 420)")
        return value if sided.group(1).upper() == "NS" else -value
    value = whole_score(cell, source, where)  # the one rule for a score written as a number
    return check_entry(cell, source, where) if value is None else value


def read_pbn_text(text: str, source: str = "<pbn>") -> Event:
    """Parse PBN text; ``source`` names the file in messages."""
    ev = Event(source=source, scale=2)
    decimals = 0
    board: int | None = None
    previous: dict[str, tuple[str, int]] = {}
    saw_score_table = False
    games: dict[int, int] = {}  # each board a game names, and the line of its first [Board] tag
    tabled: set[int | None] = set()  # the boards with a ScoreTable
    sides = Sides(source)  # the Direction labels, read once every seat is known
    labelled: list[tuple[Pair, str, str]] = []
    matchpoints = _Scoring()
    for tags, tables in _games(text, source):
        # "#" inherits the previous game's value (PBN 3.4)
        for k, (v, no) in list(tags.items()):
            if v == "#" and k in previous:
                tags[k] = (previous[k][0], no)
        previous.update(tags)
        for k, (v, _no) in tags.items():  # the header's fields, as written
            if k.startswith("%"):
                ev.meta.setdefault(k[1:], v)
        if not ev.program:
            gen = tags.get("%Generator", (None, 0))[0]
            ver = tags.get("%Version", (None, 0))[0]
            app = tags.get("Application", (None, 0))[0]
            ev.program = " ".join(x for x in (gen, ver) if x) or (app or "")
        for attr, meta in (("session_number", "%CRSession"), ("session_count", "%CRSessionCount")):
            if getattr(ev, attr) is None and tags.get(meta, ("", 0))[0].strip():
                value, no = tags[meta]
                try:  # this file is one session of several: its totals may run over the earlier sessions
                    setattr(ev, attr, whole(value))
                except ValueError:
                    raise UserError(source, f"line {no}", f"{meta[1:]} {value!r} is not a session number") from None
        matchpoints.read(tags, tables)
        ev.title = ev.title or tags.get("Event", ("", 0))[0]
        ev.scoring_tag = ev.scoring_tag or tags.get("Scoring", ("", 0))[0].strip()
        ev.date = ev.date or tags.get("Date", ("", 0))[0]
        if "Board" in tags:
            value, no = tags["Board"]
            board = board_number(value, source, f"line {no}")
            games.setdefault(board, no)
        ev.venue = ev.venue or tags.get("Site", ("", 0))[0]
        if "Deal" in tags and board is not None and tags["Deal"][0].strip():
            value, no = tags["Deal"]
            try:
                deal = Deal.from_pbn(board, value, tags.get("Dealer", ("", 0))[0].strip().upper(),
                                     tags.get("Vulnerable", ("", 0))[0].strip())
            except ValueError as exc:
                raise UserError(source, f"line {no}", f"board {board}: {exc}") from None
            ev.deals.setdefault(board, deal)
            if board not in ev.analyses:
                analysis = read_analysis(board, tags, tables, deal.vulnerable or board_vulnerability(board).value,
                                         deal.dealer or board_dealer(board).value, deal.hands, source)
                if analysis is not None:
                    ev.analyses[board] = analysis
        section_tag = tags.get("Section", ("", 0))[0]
        if "TotalScoreTable" in tables:
            labelled += _total_table(ev, tables["TotalScoreTable"], section_tag, source)
        if "ScoreTable" in tables:
            saw_score_table = True
            tabled.add(board)
            if board is None:
                raise UserError(source, f"line {tables['ScoreTable'][2]}", "a ScoreTable without a [Board] tag")
            vulnerability = _vulnerability(board, tags.get("Vulnerable"), source)
            decimals = max(decimals, _score_table(ev, board, tables["ScoreTable"], section_tag, source, vulnerability))
    if not saw_score_table:
        raise UserError(source, "", "no ScoreTable found: this PBN file holds no results")
    if not matchpoints.given:
        matchpoints.refuse(source)
    ev.warnings.extend(f"line {no}: warning: board {b} has no ScoreTable, while the file's other boards have "
                       "one: its results are not in the file, so the board is left out"
                       for b, no in games.items() if b not in tabled)
    ev.published_decimals = decimals
    _directions(ev, sides, labelled)
    ev.pairs = sides_by_order(ev.pairs, ev.warnings, "the TotalScoreTable")
    _winners(ev)
    return ev


class _Scoring:
    """What a file says of its scoring, as :func:`read_pbn_text` reads its games: whether a ScoreTable gives
    matchpoints (an ``MP_NS`` / ``MP_EW`` column), and the first word or column naming a scoring that is not
    matchpoints (:func:`~mpxl.core.rules.scoring_not_matchpoints`): a ``Scoring`` tag (PBN 2.1, 4.2: ``IMP``,
    ``Butler``, ``Cross``...), the ``ScoringType`` META (Magic Contest, Ruter), or a ScoreTable column such as
    ``IMP_NS`` (PBN 2.1, 5.9). A file that gives matchpoints is read whatever a word says.

    >>> s = _Scoring()
    >>> s.read({"Scoring": ("IMP;Butler", 4)}, {"ScoreTable": (["PairId_NS", "PairId_EW", "IMP_NS"], [], 5)})
    >>> s.given, s.said
    (False, ('line 4', 'Scoring tag', 'IMP;Butler', 'IMPs'))
    """

    def __init__(self) -> None:
        self.given = False
        self.said: tuple[str, str, str, str] | None = None

    def read(self, tags: Mapping[str, tuple[str, int]], tables: Mapping[str, Table]) -> None:
        """Take in one game's tags and tables."""
        for tag in ("Scoring", "%ScoringType"):
            value, no = tags.get(tag, ("", 0))
            if self.said is None and (meaning := scoring_not_matchpoints(value)):
                self.said = (f"line {no}", "Scoring tag" if tag == "Scoring" else "ScoringType", value, meaning)
        if "ScoreTable" in tables:
            columns, _rows, no = tables["ScoreTable"]
            names = _spelt(columns)
            self.given = self.given or any(_col(names, *_SCORE_COLUMNS[k]) is not None for k in ("mp_ns", "mp_ew"))
            for name in names:
                stem = name.rsplit("_", 1)[0] if name.upper().endswith(("_NS", "_EW")) else ""
                if self.said is None and (meaning := scoring_not_matchpoints(stem)):
                    self.said = (f"line {no}", "ScoreTable column", name, meaning)

    def refuse(self, source: str) -> None:
        """UserError when the file names a scoring that is not matchpoints (and gives no matchpoints)."""
        if self.said is not None:
            where, what, value, meaning = self.said
            raise UserError(source, where, f"{what} {value.strip()!r}: the event is scored in {meaning}, not "
                            "matchpoints (its ScoreTables give no MP_NS or MP_EW); mpxl scores matchpoint pairs "
                            "only, so it neither checks the file's figures nor ranks its scores by matchpoints (a "
                            "ranking the event did not have)")


def _vulnerability(board: int, tag: tuple[str, int] | None, source: str) -> Vulnerability | None:
    """A game's ``[Vulnerable]`` tag (PBN 3.5: None, NS, EW, All; and Love, -, Both), the vulnerability
    its contracts are scored with; None when the game has none (the board number's is used then).

    >>> _vulnerability(1, ("All", 5), "t.pbn"), _vulnerability(1, ("Love", 5), "t.pbn"), _vulnerability(1, None, "")
    (<Vulnerability.BOTH: 'All'>, <Vulnerability.NONE: 'None'>, None)
    >>> _vulnerability(3, ("Some", 7), "t.pbn")
    Traceback (most recent call last):
    ...
    mpxl.core.errors.UserError: t.pbn: line 7: board 3: Vulnerable 'Some' is not a vulnerability; expected None \
(or - or Love), NS, EW or All (or Both)
    """
    if tag is None or not tag[0].strip():
        return None
    try:
        return Vulnerability.find(tag[0])
    except ValueError as exc:
        raise UserError(source, f"line {tag[1]}", f"board {board}: Vulnerable {exc}") from None


def _directions(ev: Event, sides: Sides, labelled: list[tuple[Pair, str, str]]) -> None:
    """Each labelled pair's direction: its TotalScoreTable label (``N-S``, ``Ö-V``, ``O-W``...) read by the
    file's own seats where they tell, else by the languages mpxl knows (:class:`mpxl.formats.sides.Sides`)."""
    if not labelled:
        return
    for ln in ev.lines:
        sides.seat(ln.section, ln.ns_pair, "NS")
        sides.seat(ln.section, ln.ew_pair, "EW")
    for pair, word, _where in labelled:
        sides.label(word, pair.section, pair.number, _where)
    for pair, word, where in labelled:
        pair.direction = sides.side(word, where)


#: One table of a game: (its columns, its rows as (line no, cells), the line no of its tag).
Table = tuple[list[str], list[tuple[int, list[str | None]]], int]
#: A row's cell by the name mpxl reads it under (None: no such column, or ``-``).
Cell = Callable[[str], "str | None"]

#: The ScoreTable's columns mpxl reads: its name for each, and the spellings a file may give it.
_SCORE_COLUMNS = {
    "ns": ("PairId_NS", "PairNS", "Pair_NS"), "ew": ("PairId_EW", "PairEW", "Pair_EW"),
    "section": ("Section",), "table": ("Table",), "round": ("Round",), "contract": ("Contract",),
    "declarer": ("Declarer",), "result": ("Result",), "lead": ("Lead",),
    "score_ns": ("Score_NS", "Score"), "score_ew": ("Score_EW",),
    "mp_ns": ("MP_NS", "MatchPoints_NS"), "mp_ew": ("MP_EW", "MatchPoints_EW"),
    "pct_ns": ("Percentage_NS",), "pct_ew": ("Percentage_EW",),
    "arrow": ("Arrowswitch", "ArrowSwitch"), "penalty": ("ScorePenalty",),
}


def _score_table(ev: Event, board: int, table: Table, section_tag: str, source: str,
                 vulnerability: Vulnerability | None = None) -> int:
    """Read a game's ScoreTable into ``ev``: its lines, sit-outs and penalty rows (a contract scored with
    the game's ``vulnerability``, else the board number's); gives the most decimals its published
    matchpoints were written with."""
    columns, rows, header_no = table
    c = _score_columns(columns, source, f"line {header_no}")
    # the columns mpxl does not read (Round, a program's own), kept on each line to be written back
    read = {i for name, i in c.items() if i is not None and name != "round"}
    others = [(i, name) for i, name in enumerate(columns) if i not in read]
    decimals = 0
    for no, cells in rows:
        where = f"line {no}"
        _check_row_width(cells, columns, board, source, where)

        def cell(name: str, cells: list[str | None] = cells) -> str | None:  # this row's cells
            i = c[name]
            return cells[i] if i is not None else None

        ns, ew = cell("ns"), cell("ew")
        if any(is_penalty_row(cell(k)) for k in ("score_ns", "score_ew")):
            _penalty_row(ev, board, cell, section_tag, source, where)
            continue
        if is_sitout(ns, ew, cell("score_ns"), cell("score_ew"), cell("contract"), cell("result")):
            _sitout_of_row(ev, board, cell, section_tag, source, where)
            continue
        if ns is None or ew is None:
            raise UserError(source, where, f"board {board}: a line needs both PairId_NS and PairId_EW")
        _no_line_penalty(cell("penalty"), board, source, where)
        extra = {name: cells[i] or "" for i, name in others if cells[i] is not None} or None
        line, line_decimals = _line_of_row(ev, board, (ns, ew), cell, extra, section_tag, source, where,
                                           contract_only=c["score_ns"] is None and c["score_ew"] is None,
                                           vulnerability=vulnerability)
        decimals = max(decimals, line_decimals)
        ev.lines.append(line)
    return decimals


def _score_columns(columns: list[str], source: str, where: str) -> dict[str, int | None]:
    """Each column mpxl reads (:data:`_SCORE_COLUMNS`) and where it stands in ``columns`` (None:
    absent); a ScoreTable without pairs, without scores or with one side's matchpoints only is refused.

    >>> _score_columns(["PairId_NS", "PairId_EW", "Score_NS"], "t.pbn", "line 9")["score_ns"]
    2
    >>> _score_columns(["PairId_NS", "PairId_EW"], "t.pbn", "line 9")
    Traceback (most recent call last):
    ...
    mpxl.core.errors.UserError: t.pbn: line 9: the ScoreTable has no Score_NS, Score_EW or Contract column
    """
    columns = _spelt(columns)
    c = {name: _col(columns, *alts) for name, alts in _SCORE_COLUMNS.items()}
    if c["ns"] is None or c["ew"] is None:
        raise UserError(source, where, "the ScoreTable has no PairId_NS / PairId_EW column")
    if c["score_ns"] is None and c["score_ew"] is None and c["contract"] is None:
        raise UserError(source, where, "the ScoreTable has no Score_NS, Score_EW or Contract column")
    if (c["mp_ns"] is None) != (c["mp_ew"] is None):
        have, miss = ("MP_NS", "MP_EW") if c["mp_ew"] is None else ("MP_EW", "MP_NS")
        raise UserError(source, where, f"the ScoreTable has a {have} column but no {miss} column")
    return c


#: The ScoreTable columns' stems that carry a direction suffix (``PairId_NS``, ``MP_EW``...).
_SIDED_STEMS = ("PairId", "Pair", "Score", "MP", "MatchPoints", "Percentage")


def _spelt(columns: list[str]) -> list[str]:
    """The ScoreTable's column names with their direction suffixes as mpxl reads them: a file's own two
    suffixes (``PairId_NS;PairId_ÖV``, ``PairId_NZ;PairId_OW``), NS first unless its words say otherwise
    (:func:`mpxl.formats.sides.direction_suffixes`), spelt ``_NS`` and ``_EW``.

    >>> _spelt(["Table", "PairId_NS", "PairId_ÖV", "Score_NS", "Score_ÖV", "MP_NS", "MP_ÖV"])
    ['Table', 'PairId_NS', 'PairId_EW', 'Score_NS', 'Score_EW', 'MP_NS', 'MP_EW']
    """
    suffixes = direction_suffixes(columns, _SIDED_STEMS)
    if set(suffixes) <= {"NS", "EW"}:
        return columns
    out = []
    for name in columns:
        stem, _, suffix = name.rpartition("_")
        side = suffixes.get(suffix)
        sided = side is not None and any(stem.lower() == s.lower() for s in _SIDED_STEMS)
        out.append(f"{stem}_{side}" if sided else name)
    return out


def _check_row_width(cells: list[str | None], columns: list[str], board: int, source: str, where: str) -> None:
    """Refuse a row with more or fewer cells than the ScoreTable's header names (naming those missing)."""
    if len(cells) != len(columns):
        missing = columns[len(cells):] if len(cells) < len(columns) else []
        detail = f" (no {', '.join(missing)})" if missing else ""
        raise UserError(
            source,
            where,
            f"board {board}: the row has {len(cells)} cells, the ScoreTable header names {len(columns)}{detail}",
        )


def _sitout_of_row(ev: Event, board: int, cell: Cell, section_tag: str, source: str, where: str) -> None:
    """A sit-out row: the pair and the credit it got, on its side (Ruter: its own average)."""
    ns, ew = cell("ns"), cell("ew")
    side = "ns" if ns else "ew"
    try:
        credit, credit_pct = number_or_none(cell(f"mp_{side}")), number_or_none(cell(f"pct_{side}"))
    except ValueError as exc:
        raise UserError(source, where, f"board {board}: the sit-out's credit: {exc}") from None
    ev.sitouts.append(SitOut(board, ns or ew or "", side_of(side), cell("section") or section_tag,
                             where=where, published_mp=credit, published_pct=credit_pct,
                             table=_table_number(cell("table")), round=cell("round")))


def _line_of_row(
    ev: Event, board: int, pair_ids: tuple[str, str], cell: Cell, extra: dict[str, str] | None, section_tag: str,
    source: str, where: str, *, contract_only: bool, vulnerability: Vulnerability | None = None,
) -> tuple[Line, int]:
    """A row of a played board as a :class:`Line` between ``pair_ids`` (NS, EW) (its score from the
    Score cells, or from the contract, with the game's ``vulnerability`` (else the board number's),
    when the table has none, ``contract_only``, or the cells are empty), with the decimals of its
    published matchpoints; the decimals of its line percentages are kept on ``ev``. A score the
    contract does not give is kept, and said in ``ev.warnings``."""
    on = f"board {board}: "
    contract = contract_cell(cell("contract"))
    declarer = read_declarer(cell("declarer"), source, where, on + "Declarer")
    tricks = read_tricks(cell("result"), contract, source, where, on + "Result")
    played_ns = played_ew = None
    score: LineScore
    if contract_only:
        score = None
    else:
        score_ns, played_ns = _replacement(cell("score_ns"))
        score_ew, played_ew = _replacement(cell("score_ew"))
        score = _ns_score(score_ns, score_ew, source, where)
    if score is None and contract is not None:  # no score written: the contract's, as the program scored it
        score = score_from_contract(board, contract, declarer, tricks, source, where, vulnerability)
    elif played_ns is None and played_ew is None:  # (a replaced result's contract is the one played)
        said = contract_warning(board, pair_ids[0], pair_ids[1], contract, declarer, tricks, score, where,
                                vulnerability)
        if said:
            ev.warnings.append(said)
    note = ""
    if played_ns is not None or played_ew is not None:  # the director replaced the table's result
        played = played_ns if played_ns is not None else played_ew
        note = f"played {played} ({'NS' if played_ns is not None else 'EW'}), replaced by the director"
        extra = {**(extra or {}), **{k: cell(k.lower()) or "" for k in ("Score_NS", "Score_EW")}}
    try:
        ns_mp, ew_mp = number_or_none(cell("mp_ns")), number_or_none(cell("mp_ew"))
    except ValueError as exc:
        raise UserError(source, where, f"board {board}: matchpoints: {exc}") from None
    decimals = max(decimals_of(cell("mp_ns")), decimals_of(cell("mp_ew")))
    if score is None and (ns_mp is not None or ew_mp is not None):  # matchpoints for a line not played?
        raise UserError(source, where, figures_without_result(board, pair_ids[0], pair_ids[1], cell("mp_ns"),
                                                              cell("mp_ew"), "score", "contract"))
    try:
        ns_pct, ew_pct = number_or_none(cell("pct_ns")), number_or_none(cell("pct_ew"))
    except ValueError as exc:
        raise UserError(source, where, f"board {board}: line percentage: {exc}") from None
    if ns_pct is not None or ew_pct is not None:
        ev.line_percentage_decimals = max(ev.line_percentage_decimals or 0, decimals_of(cell("pct_ns")),
                                          decimals_of(cell("pct_ew")))
    try:
        switched = arrowswitch_flag(cell("arrow"))
    except ValueError as exc:
        raise UserError(source, where, f"board {board}: Arrowswitch: {exc}") from None
    line = Line(
        board=board,
        ns_pair=pair_ids[0],
        ew_pair=pair_ids[1],
        section=cell("section") or section_tag,
        score=score,
        contract=contract,
        declarer=declarer,
        tricks=tricks,
        lead=cell("lead"),
        table=_table_number(cell("table")),
        arrowswitch=switched,
        published_ns_mp=ns_mp,
        published_ew_mp=ew_mp,
        where=where,
        published_ns_pct=ns_pct,
        published_ew_pct=ew_pct,
        extra=extra,
        note=note,
    )
    return line, decimals


def _table_number(cell: str | None) -> int | str | None:
    """A Table cell: its number, or its own label when it is not one.

    >>> _table_number("6"), _table_number("6a"), _table_number(None)
    (6, '6a', None)
    """
    try:
        return whole(cell) if cell is not None else None
    except ValueError:
        return cell


def _no_line_penalty(amount: str | None, board: int, source: str, where: str) -> None:
    """Refuse a ScorePenalty amount on a played line's row (not a ``Pen`` row): ScorePenalty is one pair's
    figure (the TotalScoreTable's column; on a Pen row, the amount of the pair it names: Ruter), and a played
    line names two pairs, so the amount says whose it is not. Blank, ``-`` and 0 are no penalty.

    >>> _no_line_penalty("-", 1, "t.pbn", "line 9"), _no_line_penalty("0.0", 1, "t.pbn", "line 9")
    (None, None)
    >>> _no_line_penalty("-1.0", 4, "t.pbn", "line 9")
    Traceback (most recent call last):
    ...
    mpxl.core.errors.UserError: t.pbn: line 9: board 4: ScorePenalty -1.0 on a played line names no pair; ...
    """
    try:  # the readers' one rule for a figure
        value = fraction_or_none(amount)
    except ValueError as exc:
        raise UserError(source, where, f"board {board}: ScorePenalty: {exc}") from None
    if value:
        raise UserError(source, where, f"board {board}: ScorePenalty {amount} on a played line names no pair; write "
                        'it on a Pen row of its own (the pair, "Pen" "Pen", the amount in its MP cell)')


def _penalty_row(ev: Event, board: int, cell: Cell, section_tag: str, source: str, where: str) -> None:
    """A ``Pen`` row (Ruter): a procedural penalty (or bonus) for the pair on each side that names one,
    the amount in its MP cell (or the ScorePenalty column), added to its total, the board untouched."""
    found = False
    for side in ("ns", "ew"):
        pair = cell(side)
        if pair is None:
            continue
        amount = cell(f"mp_{side}") or cell("penalty")
        try:  # the readers' one rule for a figure: not 1/0, 1e400, 1_0 or a fullwidth digit
            value = fraction_or_none(amount)
        except ValueError as exc:
            raise UserError(source, where, f"board {board}: the penalty for pair {pair}: {exc}") from None
        if value is None:
            raise UserError(source, where, f"board {board}: a Pen row for pair {pair} with no amount (MP_"
                            f"{side.upper()} or ScorePenalty)")
        ev.penalties.append(Penalty(board, pair, side_of(side), value, cell("section") or section_tag,
                                    where=where))
        found = True
    if not found:
        raise UserError(source, where, f"board {board}: a Pen row names no pair (PairId_NS or PairId_EW)")


def _total_table(ev: Event, table: Table, section_tag: str, source: str) -> list[tuple[Pair, str, str]]:
    """Read a TotalScoreTable's pairs into ``ev``; gives each pair whose Direction is written, with the label
    and its line (read by :func:`_directions` once the whole file is)."""
    columns, rows, header_no = table
    labelled: list[tuple[Pair, str, str]] = []
    c = {
        name: _col(columns, *alts)
        for name, alts in {
            "rank": ("Rank",),
            "pair": ("PairId",),
            "direction": ("Direction",),
            "section": ("Section",),
            "mp": ("TotalScoreMP", "TotalMP", "TotalScore"),
            "pct": ("TotalPercentage", "Percentage"),
            "names": ("Names",),
            "boards": ("NrBoards",),
            "id1": ("MemberID1",),
            "id2": ("MemberID2",),
            "tiebreak": ("Tiebreak", "TieBreak"),
        }.items()
    }
    read = {i for i in c.values() if i is not None}
    others = [(i, name) for i, name in enumerate(columns) if i not in read]
    if c["pair"] is None:
        raise UserError(source, f"line {header_no}", "the TotalScoreTable has no PairId column")
    for no, cells in rows:
        where = f"line {no}"
        if len(cells) != len(columns):
            raise UserError(
                source, where, f"the row has {len(cells)} cells, the TotalScoreTable header names {len(columns)}"
            )

        def cell(name: str, cells: list[str | None] = cells) -> str | None:  # this row's cells
            i = c[name]
            return cells[i] if i is not None else None

        try:
            mp, pct = number_or_none(cell("mp")), number_or_none(cell("pct"))
        except ValueError as exc:
            raise UserError(source, where, str(exc)) from None
        written = cell("direction")  # blank or "-" where a pair plays both ways (one winner); a label else
        label = None if written is None or is_blank(written) or written.strip() == "-" else written
        names = _split_names(cell("names"))
        ids = (member_number(cell("id1") or ""), member_number(cell("id2") or ""))
        # the numbers in order, a name to each as far as the names go (a seat with a number and no name kept)
        players = (tuple(Player(n, i) for n, i in zip_longest(names, ids, fillvalue=""))
                   if len(names) <= 2 and any(ids) else ())
        tiebreak = (cell("tiebreak") or "").strip()
        try:  # "-" where the pair is not tied
            published_tiebreak = number_or_none(tiebreak) if tiebreak not in ("", "-") else None
        except ValueError as exc:
            raise UserError(source, where, f"Tiebreak: {exc}") from None
        number = cell("pair")
        if number is None or not number.strip():  # "-" (PBN's no value) or "": the figures belong to no pair
            written = "-" if number is None else repr(number)
            raise UserError(source, where, f"the TotalScoreTable row names no pair (PairId {written}); give the "
                            "pair's number, or leave the row out")
        pair = Pair(
            number,
            cell("section") or section_tag,
            None,  # the label's side: read by _directions, once every seat is known
            names,
            1,
            mp,
            pct,
            cell("rank"),
            None,
            f"{where} (pair {cell('pair')})",
            players=players,
            published_tiebreak=published_tiebreak,
            # the columns mpxl does not read (Table, Club, RankTie, Sex1...) and the seat as written
            extra={name: cells[i] or "" for i, name in others if cells[i] is not None}
            | ({"Direction": cell("direction") or ""} if cell("direction") else {}),
        )
        ev.pairs.append(pair)
        if label is not None:
            labelled.append((pair, label, where))
    return labelled


def _split_names(text: str | None) -> tuple[str, ...]:
    """A TotalScoreTable ``Names`` cell as the players' names (parted by `` - ``).

    >>> _split_names("Ann Smith - Bob Jones"), _split_names(None)
    (('Ann Smith', 'Bob Jones'), ())
    """
    return tuple(n.strip() for n in (text or "").split(" - ") if n.strip())


def names_cell(names: Sequence[str]) -> str:
    """The players' names as one ``Names`` cell; ValueError when it could not be read back as them.

    >>> names_cell(("Ann", "Bob-Jones"))
    'Ann - Bob-Jones'
    >>> names_cell(("Ann -", "Bob"))
    Traceback (most recent call last):
    ...
    ValueError: the names ('Ann -', 'Bob') cannot be told apart in one .pbn Names cell (parted by ' - ')
    """
    text = " - ".join(names)
    if _split_names(text) != tuple(n.strip() for n in names if n.strip()):
        raise ValueError(f"the names {tuple(names)!r} cannot be told apart in one .pbn Names cell (parted by ' - ')")
    return text


def _first(places: set[str | None]) -> bool:
    return any(re.sub(r"\D", "", p or "") == "1" for p in places)


def _winners(ev: Event) -> None:
    """One winner unless the TotalScoreTable ranks NS and EW apart (a pair number in both directions,
    or a first place in each);
    with no TotalScoreTable, the travellers' rule (:func:`mpxl.core.pairings.two_winner_sections`: no pair
    plays both directions, or NS n meets EW n as in a Mitchell)."""
    lines = ev.lines
    travellers = two_winner_sections(
        [ln.section for ln in lines], [ln.ns_pair for ln in lines], [ln.ew_pair for ln in lines]
    )
    # a ranking over the whole field (boards compared across the sections) has its first places in
    # one section only: a first place in each direction anywhere ranks NS and EW apart
    field_two = (_first({p.published_place for p in ev.pairs if p.direction == "NS"})
                 and _first({p.published_place for p in ev.pairs if p.direction == "EW"}))
    for sec in ev.sections():
        pairs = [p for p in ev.pairs if p.section == sec]
        ranks_ns = {p.published_place for p in pairs if p.direction == "NS"}
        ranks_ew = {p.published_place for p in pairs if p.direction == "EW"}
        numbers_ns = {p.number for p in pairs if p.direction == "NS"}
        numbers_ew = {p.number for p in pairs if p.direction == "EW"}
        # a pair number in both directions, or a first place in both (1, 1=, 1NS): NS and EW are ranked
        # apart; with no places the travellers tell
        if not pairs:
            two = travellers.get(sec, True)
        elif numbers_ns & numbers_ew:
            two = True
        elif ranks_ns - {None} or ranks_ew - {None}:
            two = (_first(ranks_ns) and _first(ranks_ew)) or field_two
        else:
            two = travellers.get(sec, True)
        ev.winners[sec] = 2 if two else 1
        if not two:
            for p in pairs:
                p.direction = None


# --------------------------------------------------------------------------- writer

SCORE_COLUMNS = (
    "Table\\2R;Round\\2R;PairId_NS\\2R;PairId_EW\\2R;Contract\\5L;Declarer\\1R;Result\\2R;Lead\\3L;"
    "Score_NS\\6R;Score_EW\\6R;MP_NS\\6R;MP_EW\\6R"
)
PERCENTAGE_COLUMNS = ";Percentage_NS\\3R;Percentage_EW\\3R"  # the lines' percentages, as Ruter writes them
ARROW_COLUMN = ";Arrowswitch\\1R"  # an extension column, written only on boards with an arrowswitched table
ID_COLUMNS = ";MemberID1\\10R;MemberID2\\10R"  # the players' national ids, as Magic Contest writes them
TIEBREAK_COLUMN = ";Tiebreak\\3R"  # written when the event carries a program's tie-break figures
TOTAL_COLUMNS = "Rank\\3R;PairId\\3R;Direction\\5R;TotalScoreMP\\7R;TotalPercentage\\6R;Names\\40L;NrBoards\\2R"


def _quote(value: object, what: str = "text") -> str:
    if value is None or value == "":
        return "-"
    return '"' + pbn_string(value, what) + '"'


_BARE_WORD = Pattern(r'[\w.+=*/#:][^\s"\\]*')


def _word(value: object, what: str = "text") -> str:
    if value is None or str(value).strip() == "":
        return "-"
    text = str(value)
    return text if _BARE_WORD.fullmatch(text) else _quote(text, what)


def _score_cells(score: LineScore) -> tuple[str, str]:
    if score is None:
        return "-", "-"
    entry = entry_of(score)
    words = {Fraction(AVE_PLUS): "A+", Fraction(AVE): "A=", Fraction(AVE_MINUS): "A-"}  # the rulebook's
    if isinstance(entry, Artificial):
        if entry.ns in words and entry.ew in words:
            return _quote(words[entry.ns]), _quote(words[entry.ew])
        return _quote(score), "-"
    if isinstance(entry, Mixed) and all(len(v) == 1 for v in (entry.ns, entry.ew) if isinstance(v, tuple)):
        # one side keeps its result (that side's score in its cell), the other its artificial score
        cells = []
        for side, value in (("ns", entry.ns), ("ew", entry.ew)):
            if isinstance(value, Fraction):
                cells.append(_quote(words.get(value, f"A{format_number(value)}")))
            else:
                ns_score = value[0][1]
                cells.append(_quote(ns_score if side == "ns" else -ns_score))
        return cells[0], cells[1]
    if isinstance(score, int):
        if score > 0:
            return _quote(score), "-"
        if score < 0:
            return "-", _quote(-score)
        return _quote(0), _quote(0)
    return _quote(score), "-"


def pbn_text(result_or_event: SessionResult | Event, decimals: int | None = None) -> str:
    """PBN 2.1 text of a scored event (or a bare Event): a TotalScoreTable and one ScoreTable per
    board (:func:`pbn_parts` joined).

    >>> from mpxl.core.event import Event, Line
    >>> print(pbn_text(Event(lines=[Line(1, "1", "2", score=-50)])).splitlines()[-2])
    -  - 1 2 - - - -      -   "50"      -      -
    """
    return "".join(pbn_parts(result_or_event, decimals))


#: How many rows of a ScoreTable :func:`pbn_parts` puts in one piece of text.
ROWS_PER_PIECE = 1000


def pbn_parts(result_or_event: SessionResult | Event, decimals: int | None = None) -> Iterator[str]:
    """The PBN 2.1 text in pieces, a board (or :data:`ROWS_PER_PIECE` of its rows) at a time
    (:class:`~mpxl.formats.common.EventToWrite`): the writer never holds the whole text."""
    w = EventToWrite(result_or_event)
    w.check_penalties(".pbn", line_penalties=False)
    if len(sessions := w.sessions()) > 1:  # a PBN file is one session (Magic Contest's CRSession names which)
        raise ValueError(f"the event has {len(sessions)} sessions ({', '.join(map(str, sessions))}) and a .pbn file "
                         "has no place for a line's session (its boards would read back as one session's, a board "
                         "played twice at a table); write .xml or .csv, which hold the sessions")
    event, pairs = w.event, w.pairs
    if decimals is None:
        decimals = written_decimals(result_or_event)
    opts = getattr(result_or_event, "options", None)
    out = _file_header(w)
    penalties: dict[tuple[int, str, int], list[Penalty]] = {}
    for pen in event.penalties:
        penalties.setdefault((pen.session, pen.section, pen.board), []).append(pen)
    out.append("")
    first = True
    first_of_board: dict[int, object] = {}
    for key in w.groups():
        _, section, board = key
        out.extend(_game_tags(event, section, board))
        if first and pairs:
            first = False
            header, total_rows = _total_score_table(pairs, opts, decimals)
            out.append(header)
            for row in total_rows:
                out.append(row)
                if len(out) >= ROWS_PER_PIECE:
                    yield "\n".join(out) + "\n"
                    out = []
        rows = w.rows(key)
        pcts = w.line_percentages(key)
        pct_decimals = event.line_percentage_decimals
        arrows = any(ln.arrowswitch for ln, _, _ in rows)
        extras = _extra_columns(ln.extra for ln, _, _ in rows if ln.extra)
        out.append(f'[ScoreTable "{SCORE_COLUMNS}{PERCENTAGE_COLUMNS if pcts is not None else ""}'
                   f'{ARROW_COLUMN if arrows else ""}{"".join(f";{n}" for n in extras)}"]')
        for start in range(0, len(rows), ROWS_PER_PIECE):
            out.extend(_score_row(ln, ns_mp, ew_mp, decimals, arrows,
                                  None if pcts is None else (pcts[start + i], pct_decimals), extras)
                       for i, (ln, ns_mp, ew_mp) in enumerate(rows[start:start + ROWS_PER_PIECE]))
            yield "\n".join(out) + "\n"
            out = []
        padding = ["-"] * len(extras)
        out.extend(_sitout_row(so, arrows, w.credit(so), decimals, pcts is not None,
                               pct_decimals) + "".join(" " + cell for cell in padding) for so in w.sitouts(key))
        out.extend(_penalty_text(pen, decimals, arrows, pcts is not None) + "".join(" " + cell for cell in padding)
                   for pen in penalties.get(key, ()))
        if board in event.analyses and first_of_board.setdefault(board, key) == key:  # once a board, as read
            out.extend(analysis_lines(event.analyses[board]))
        out.append("")
    yield "\n".join(out) + "\n"


def _file_header(w: EventToWrite) -> list[str]:
    """The file's header lines: PBN's version, the generator and the META fields the file was read with."""
    event = w.event
    # a bare event carries its own program's figures, so its program's name; a scored one mpxl's
    generator = (event.meta.get("Generator") or event.program) if w.bare and event.program else "mpxl"
    out = ["% PBN 2.1", "% EXPORT", f'% <META  name=Generator content={_quote(generator)}>']
    sessions = {"CRSession": event.session_number, "CRSessionCount": event.session_count}
    for meta, value in sessions.items():
        if value is not None:  # one session of several: its totals may run over the earlier ones
            out.append(f'% <META  name={meta} content="{value}">')
    # the header the file was read with, as read (a scored event's figures are mpxl's: not its Version)
    skip = {"Generator", *(k for k, v in sessions.items() if v is not None),
            *(() if w.bare and event.meta.get("Generator") else ("Version",))}
    out.extend(f'% <META  name={name} content="{pbn_string(value, "a META field")}">'
               for name, value in event.meta.items() if name not in skip and re.fullmatch(r"\w+", name))
    return out


def _game_tags(event: Event, section: str, board: int) -> list[str]:
    """A game's tags: the event's title, date, scoring and site, the board, its section and its deal."""
    out = [f'[Event "{pbn_string(event.title, "the title")}"]']
    if event.date:
        out.append(f'[Date "{pbn_string(event.date, "the date")}"]')
    out.append(f'[Board "{board}"]')
    if section:
        out.append(f'[Section "{pbn_string(section, "section")}"]')
    out.append(f'[Scoring {_quote(event.scoring_tag or "MatchPoints", "the Scoring tag")}]')
    if event.venue:
        out.append(f"[Site {_quote(event.venue)}]")
    deal = event.deals.get(board)
    if deal is not None:
        # a deal whose file did not say: the board number's, in the standard cycle
        out.append(f'[Dealer "{deal.dealer or board_dealer(board).value}"]')
        out.append(f'[Vulnerable "{deal.vulnerable or board_vulnerability(board).value}"]')
        out.append(f'[Deal "{deal.to_pbn()}"]')
    return out


def _total_score_table(
    pairs: Sequence[tuple[Pair, PairResult | None]], opts: ScoringOptions | None, decimals: int | None
) -> tuple[str, Iterator[str]]:
    """The TotalScoreTable: its tag, and its rows a pair at a time (the scorer's figures, or for a
    pair not scored the ones its file published)."""
    ids = any(pl.national_id for pair, _ in pairs for pl in pair.players)
    tiebreaks = any(pair.published_tiebreak is not None for pair, _ in pairs)
    pair_extras = _extra_columns(pair.extra for pair, _ in pairs)
    header = (f'[TotalScoreTable "{TOTAL_COLUMNS};Section\\2L{ID_COLUMNS if ids else ""}'
              f'{TIEBREAK_COLUMN if tiebreaks else ""}{"".join(f";{n}" for n in pair_extras)}"]')

    def rows() -> Iterator[str]:
        for pair, res in pairs:
            mp = res.mp if res is not None else pair.published_mp
            pct = res.percentage if res is not None else pair.published_percentage
            place = res.place if res is not None else pair.published_place
            direction = {"NS": "N-S", "EW": "E-W"}.get(pair.direction or "", pair.extra.get("Direction"))
            yield " ".join([
                _word(place), _word(pair.number, "pair"), _quote(direction) if direction else "-",
                figure_text(mp, totals_decimals(opts) if res is not None else decimals) if mp is not None else "-",
                (percentage_text(pct, opts) if res is not None else figure_text(pct, 2))
                if pct is not None else "-",
                _quote(names_cell(pair.names), "names") if pair.names else "-",
                str(res.boards) if res is not None else "-", _word(pair.section, "section"),
            ] + ([_quote(pl.national_id) for pl in (pair.people() + (Player(), Player()))[:2]] if ids else [])
              + ([_word(format_number(pair.published_tiebreak))] if tiebreaks else [])
              + [_extra_cell(pair.extra.get(name)) for name in pair_extras])

    return header, rows()


def _extra_columns(extras: Iterable[Mapping[str, object]]) -> list[str]:
    """The names of the columns mpxl keeps but does not read, in order of first appearance, less the
    ones the writer writes in their own place (Round, the score cells, Direction)."""
    names: dict[str, None] = {}
    for extra in extras:
        names.update(dict.fromkeys(extra))
    return [n for n in names if n not in ("Round", "Score_NS", "Score_EW", "Direction") and re.fullmatch(r"\w+", n)]


def _extra_cell(value: object) -> str:
    """A kept cell as it was read: ``-`` when it was empty, a bare word, or quoted text."""
    return "-" if value is None else _quote(value) if value in ("", "-") else _word(value)


def _penalty_text(pen: Penalty, decimals: int | None, arrows: bool, percentages: bool) -> str:
    """A penalty's row (Ruter's ``Pen`` row): its pair on its side, ``Pen`` as both scores, the amount on its side."""
    pair, amount = _word(pen.pair, "pair"), exact_text(pen.amount, decimals)  # never rounded: read back the same
    ns, ew = (pair, "-") if pen.direction == "NS" else ("-", pair)
    mps = [amount, "-"] if pen.direction == "NS" else ["-", amount]
    return " ".join(["-", "-", ns, ew, "-", "-", "-", "-", f"{'Pen':>6}", f"{'Pen':>6}", *(f"{m:>6}" for m in mps)]
                    + (["-", "-"] if percentages else []) + (["N"] if arrows else []))


def _score_row(ln: Line, ns_mp: Fraction | float | None, ew_mp: Fraction | float | None, decimals: int | None,
               arrows: bool, pcts: tuple[tuple[Any, Any], int | None] | None = None,
               extras: list[str] = []) -> str:  # noqa: B006  # read, never changed
    """One row of a board's ScoreTable (with the percentage columns when ``pcts`` gives the line's
    (NS, EW) percentages and their decimals, and the Arrowswitch column when ``arrows``)."""
    extra = ln.extra or {}
    if "Score_NS" in extra or "Score_EW" in extra:  # the cells as written (a replaced result: 800>a)
        s_ns, s_ew = (_extra_cell(extra.get(k) or None) for k in ("Score_NS", "Score_EW"))
    else:
        s_ns, s_ew = _score_cells(ln.score)
    percentages = [] if pcts is None else [f"{figure_text(p, pcts[1]) if p is not None else '-':>4}"
                                           for p in pcts[0]]
    return " ".join([
        _word(ln.table, "table"), _extra_cell(extra.get("Round")), _word(ln.ns_pair, "pair"),
        _word(ln.ew_pair, "pair"),
        _word(ln.contract, "contract"), _word(ln.declarer, "declarer"), _word(ln.tricks, "tricks"),
        _word(ln.lead, "lead"), f"{s_ns:>6}", f"{s_ew:>6}",
        f"{figure_text(ns_mp, decimals) if ns_mp is not None else '-':>6}",
        f"{figure_text(ew_mp, decimals) if ew_mp is not None else '-':>6}",
    ] + percentages + ([("Y" if ln.arrowswitch else "N")] if arrows else [])
      + [_extra_cell(extra.get(name)) for name in extras])


def _sitout_row(so: SitOut, arrows: bool, credit: tuple[Any, Any] = (None, None), decimals: int | None = None,
                percentages: bool = False, pct_decimals: int | None = None) -> str:
    """A sit-out's ScoreTable row, as Ruter writes it: ``-`` for the absent pair, ``Bye`` as both scores,
    the credit the pair got (and its percentage) on its side."""
    pair = _word(so.pair, "pair")
    ns, ew = (pair, "-") if so.direction == "NS" else ("-", pair)
    table, round_ = _word(so.table, "table"), _extra_cell(so.round)
    figure = "-" if credit[0] is None else figure_text(credit[0], decimals)
    mps = [figure, "-"] if so.direction == "NS" else ["-", figure]
    pct = "-" if credit[1] is None else figure_text(credit[1], pct_decimals)
    pcts = ([pct, "-"] if so.direction == "NS" else ["-", pct]) if percentages else []
    return " ".join([table, round_, ns, ew, "-", "-", "-", "-", f"{'Bye':>6}", f"{'Bye':>6}", *(f"{m:>6}" for m in mps)]
                    + pcts + (["N"] if arrows else []))


def write_pbn(result_or_event: SessionResult | Event, path: str | os.PathLike[str],
              encoding: str = "utf-8") -> str | None:
    """Write a scored event (or a bare Event) as PBN, atomically (UTF-8 unless told ISO-8859-1), a
    board at a time (:func:`pbn_parts`); the note on what PBN has no place for (a fouled board's groups), or
    None."""
    latin1 = encoding.lower().replace("-", "") in ("latin1", "iso88591")
    from .atomic import atomic_write  # loaded where a file is written

    with atomic_write(path, encoding=encoding, newline="\n") as f:
        for part in pbn_parts(result_or_event):
            f.write(part.encode("latin-1", errors="replace").decode("latin-1") if latin1 else part)
    return groups_not_kept(result_or_event, ".pbn")
