"""USEBIO XML (versions 1.0 to 1.3): read an event, write a scored one.

USEBIO is the EBU's results format, written by EBUScore, ScoreBridge, Pianola,
BriAn, RealBridge and PairsScorer. The reader is lenient about where things
sit (an ``EVENT`` may hold its ``PARTICIPANTS`` and ``BOARD`` elements directly,
as ScoreBridge writes, or inside ``SESSION`` and ``SECTION`` elements, as
EBUScore does) and strict about what they say. Files are parsed with
defusedxml: a DTD is never fetched and a file that declares entities (an
external entity, an entity-expansion bomb) is refused.

Artificial scores are written ``Annbb`` in ``SCORE`` (NS nn%, EW bb%); the file's
own matchpoints are kept in ``Line.published_ns_mp`` / ``published_ew_mp``. Two elements are
mpxl's own (USEBIO 1.2 names none for them; another program skips them): a ``PENALTY`` of a
``BOARD`` (a penalty given as its own row, Ruter's ``Pen``: ``PAIR_NUMBER``, ``DIRECTION``, signed
``MATCH_POINTS``) and a pair's ``TIE_BREAK`` (a program's tie-break figure, PBN's ``Tiebreak``), so
that mpxl's own file reads back to the same totals and places.

>>> ev = read_usebio_bytes(b'''<USEBIO Version="1.2"><EVENT EVENT_TYPE="PAIRS">
...   <PROGRAM_NAME>EBUScore Pairs</PROGRAM_NAME><WINNER_TYPE>2</WINNER_TYPE>
...   <BOARD><BOARD_NUMBER>1</BOARD_NUMBER>
...   <TRAVELLER_LINE><NS_PAIR_NUMBER>1</NS_PAIR_NUMBER><EW_PAIR_NUMBER>4</EW_PAIR_NUMBER>
...     <SCORE>A6040</SCORE><NS_MATCH_POINTS>1.2</NS_MATCH_POINTS></TRAVELLER_LINE>
...   </BOARD></EVENT></USEBIO>''', "t.xml")
>>> ev.program, ev.winners, ev.lines[0].score, ev.lines[0].published_ns_mp, ev.lines[0].where
('EBUScore Pairs', {'': 2}, 'A6040', 1.2, 'BOARD 1, TRAVELLER_LINE 1')
"""

from __future__ import annotations

import os
import xml.etree.ElementTree as StdET
from collections.abc import Iterator
from dataclasses import dataclass, field, replace
from fractions import Fraction
from typing import TYPE_CHECKING
from xml.etree.ElementTree import Element

import defusedxml
import defusedxml.ElementTree as SafeET

from .. import __version__
from ..core.contract import DIRECTION_SPELLINGS, Direction, board_dealer, board_vulnerability
from ..core.errors import UserError
from ..core.event import (
    SEATS,
    Club,
    Deal,
    Event,
    Line,
    LineScore,
    MasterPoints,
    Pair,
    Penalty,
    Player,
    SessionFigures,
    SitOut,
)
from ..core.members import member_number
from ..core.numbers import whole
from ..core.patterns import Pattern
from ..core.ranking import session_places
from ..core.rules import Side, arrowswitch_flag, is_sitout, scoring_not_matchpoints
from ..core.settings import Field
from .sides import side_word, sides_by_order
from .textsafe import xml_attribute, xml_content

if TYPE_CHECKING:  # typing only
    from ..core.options import ScoringOptions
    from ..core.session import SessionResult

from .common import (
    WIDE_BOMS,
    EventToWrite,
    board_number,
    check_entry,
    contract_cell,
    contract_warning,
    decimals_of,
    decode_text,
    entry_text,
    exact_text,
    figure_text,
    figures_without_result,
    format_number,
    fraction_or_none,
    groups_not_kept,
    is_latin1,
    is_passed_out,
    latin1_text,
    number_or_none,
    percentage_text,
    read_bytes,
    read_declarer,
    read_tricks,
    reads_as_windows_1252,
    score_from_contract,
    totals_decimals,
    whole_score,
    written_decimals,
)

__all__ = ["read_usebio", "read_usebio_bytes", "write_usebio", "usebio_text", "usebio_parts"]


def read_usebio(path: str | os.PathLike[str]) -> Event:
    """Read a USEBIO XML file into an :class:`~mpxl.core.event.Event`."""
    return read_usebio_bytes(read_bytes(path), str(path))


def _text(elem: Element, tag: str) -> str | None:
    child = elem.find(tag)
    if child is None or child.text is None:
        return None
    t = child.text.strip()
    return t if t else None


def read_usebio_bytes(data: bytes, source: str = "<usebio>") -> Event:
    """Parse USEBIO from bytes; ``source`` names the file in messages."""
    data = _windows_1252_as_utf8(_marked_as_utf8(data, source))
    try:
        root = SafeET.fromstring(data, forbid_dtd=False, forbid_entities=True, forbid_external=True)
    except defusedxml.DefusedXmlException as exc:
        raise UserError(
            source,
            "",
            f"refused: the XML declares entities or external references ({type(exc).__name__}); "
            "mpxl never expands or fetches them",
        ) from None
    except StdET.ParseError as exc:
        line, col = getattr(exc, "position", (0, 0))
        msg = str(exc).split(":")[0]
        raise UserError(source, f"line {line}, column {col}",
                        f"not well-formed XML ({msg}){_parse_error_meaning(data, line, col, msg)}") from None
    except (LookupError, ValueError) as exc:  # an encoding the XML declaration names that Python cannot decode
        raise UserError(source, "line 1", f"the XML declares an encoding that cannot be read ({exc})") from None
    if root.tag != "USEBIO":
        raise UserError(source, f"<{root.tag}>", "not a USEBIO file: the root element must be <USEBIO>")
    _refuse_not_matchpoints(root, source)
    ev = Event(source=source)
    ev.notes.append(f"USEBIO {root.get('Version', '?')}")
    club = root.find("CLUB")
    if club is not None and (_text(club, "CLUB_NAME") or _text(club, "CLUB_ID_NUMBER")):
        ev.club = Club(_text(club, "CLUB_NAME") or "", _text(club, "CLUB_ID_NUMBER") or "")
    decimals = 0
    gathered = _Gathered()
    events = root.findall("EVENT")
    if not events:
        raise UserError(source, "<USEBIO>", "no <EVENT> element")
    for event_el in events:
        prog = " ".join(x for x in (_text(event_el, "PROGRAM_NAME"), _text(event_el, "PROGRAM_VERSION")) if x)
        ev.program = ev.program or prog
        ev.title = ev.title or (_text(event_el, "EVENT_DESCRIPTION") or "")
        ev.date = ev.date or (_text(event_el, "DATE") or "")
        ev.event_type = ev.event_type or (event_el.get("EVENT_TYPE") or "").strip()
        ev.venue = ev.venue or (_text(event_el, "VENUE") or "")
        winners = _winner_type(_text(event_el, "WINNER_TYPE"), source, "EVENT, WINNER_TYPE")
        decimals = max(decimals, _walk(event_el, ev, source, session=1, section="", winners=winners,
                                       gathered=gathered))
    ev.pairs = _session_pairs(ev.pairs, gathered, {ln.session for ln in ev.lines}, {ln.section for ln in ev.lines})
    _read_handsets(root, ev, source)
    ev.published_decimals = decimals
    ev.scale = 2
    sections = {ln.section for ln in ev.lines} | {p.section for p in ev.pairs}
    ev.field_scoring = Field.SECTION
    default = ev.winners.get("", 1)
    ev.winners = {sec: ev.winners.get(sec, default) for sec in sorted(sections)}
    return ev


#: A traveller line's figure element, ``NS_CROSS_IMP_POINTS``: its side and what it counts.
_LINE_FIGURE = Pattern(r"(?:NS|EW)_(\w+?)(?:_POINTS)?")


def _refuse_not_matchpoints(root: Element, source: str) -> None:
    """Refuse a file whose event is not scored in matchpoints (:func:`~mpxl.core.rules.scoring_not_matchpoints`):
    its EVENT's ``EVENT_TYPE``, ``BOARD_SCORING_METHOD`` or ``SCORING_METHOD`` (Compscore3's ``BUTLER_PAIRS``,
    ``CROSS_IMP``, ``IMPS``; Pianola's ``CROSS_IMPS``), a PARTICIPANTS' ``EVENT_TYPE``, or its lines' figures
    (``NS_BUTLER_POINTS``, ``NS_CROSS_IMP_POINTS``). A file whose lines carry ``NS_MATCH_POINTS`` is read (its
    figures say matchpoints, whatever a word says).

    >>> _refuse_not_matchpoints(SafeET.fromstring('<USEBIO><EVENT EVENT_TYPE="MP_PAIRS"/></USEBIO>'), "t.xml")
    >>> _refuse_not_matchpoints(SafeET.fromstring('<USEBIO><EVENT><BOARD_SCORING_METHOD>CROSS_IMPS'
    ...                                           '</BOARD_SCORING_METHOD></EVENT></USEBIO>'), "t.xml")
    Traceback (most recent call last):
    ...
    mpxl.core.errors.UserError: t.xml: EVENT, BOARD_SCORING_METHOD: 'CROSS_IMPS': the event is scored in cross-IMPs \
(IMPs against every other score), not matchpoints; ...
    """
    if any(next(root.iter(tag), None) is not None for tag in ("NS_MATCH_POINTS", "EW_MATCH_POINTS")):
        return
    said: list[tuple[str, str | None, str | None]] = []  # (where, what is written, the scoring word in it)
    for event_el in root.iter("EVENT"):
        said.append(("EVENT, EVENT_TYPE", event_el.get("EVENT_TYPE"), event_el.get("EVENT_TYPE")))
        said.extend((f"EVENT, {tag}", _text(event_el, tag), _text(event_el, tag))
                    for tag in ("BOARD_SCORING_METHOD", "SCORING_METHOD"))
        said.extend(("EVENT, PARTICIPANTS, EVENT_TYPE", p.get("EVENT_TYPE"), p.get("EVENT_TYPE"))
                    for p in event_el.iter("PARTICIPANTS"))
    said.extend(_line_figures(root))
    for where, value, word in said:
        meaning = scoring_not_matchpoints(word)
        if meaning and value is not None:
            raise UserError(source, where, f"{value.strip()!r}: the event is scored in {meaning}, "
                            "not matchpoints; mpxl scores matchpoint pairs only, so it neither checks the file's "
                            "figures nor ranks its scores by matchpoints (a ranking the event did not have)")


def _line_figures(root: Element) -> Iterator[tuple[str, str, str]]:
    """(where, element, its scoring word) of the first traveller line's figure that is not matchpoints
    (``NS_CROSS_IMP_POINTS``: ``CROSS_IMP``)."""
    for board_el in root.iter("BOARD"):
        for i, tl in enumerate(board_el.findall("TRAVELLER_LINE"), 1):
            for child in tl:
                m = _LINE_FIGURE.fullmatch(child.tag)
                if m and scoring_not_matchpoints(m.group(1)):
                    where = f"BOARD {_text(board_el, 'BOARD_NUMBER') or '?'}, TRAVELLER_LINE {i}, {child.tag}"
                    yield where, child.tag, m.group(1)
                    return


#: A reference XML reads after ``&``: a character's number or an entity's name, and ``;``.
_REFERENCE = Pattern(rb"&(?:#[0-9]+|#x[0-9A-Fa-f]+|[A-Za-z_:][-\w.:]*);")


#: expat's errors at a file's end when the file stops before its elements close.
_AT_THE_END = frozenset({"no element found", "unclosed token", "partial character", "unclosed CDATA section"})


def _parse_error_meaning(data: bytes, line: int, col: int, message: str = "") -> str:
    """What a parse error (expat's ``message``) at ``line``, ``col`` (from 1, from 0) means, as the end of its message:
    the file is empty, or ends before its elements close (truncated?), or holds a bare ``&``, or bytes
    that are not the encoding it declares; '' when none of these.

    >>> _parse_error_meaning(b"<A>Smith & Jones</A>", 1, 10)
    '; a & must be written &amp; in XML (Smith &amp; Jones)'
    >>> _parse_error_meaning(b"<A><B>1</B", 1, 7, "unclosed token")
    '; the file ends before its elements are closed: is the file truncated?'
    >>> print(_parse_error_meaning(b'<?xml version="1.0" encoding="UTF-8"?>\\n<A>Caf\\xe9</A>', 2, 6))
    ; byte 0xE9 is not UTF-8, the encoding the file declares: it was saved in another one (ISO-8859-1 or \
windows-1252?); declare that one in its first line, <?xml version="1.0" encoding="ISO-8859-1"?>
    """
    if not data.strip():
        return "; the file is empty"
    lines = data.split(b"\n")
    text = lines[line - 1] if 0 < line <= len(lines) else b""
    if line >= len(data.rstrip().split(b"\n")) and (message in _AT_THE_END or col >= len(text.rstrip()) - 1):
        return "; the file ends before its elements are closed: is the file truncated?"
    declared = _DECLARED_ENCODING.match(data)
    encoding = declared.group(1).decode("ascii") if declared else "UTF-8"
    if encoding.upper().replace("_", "-") in ("UTF-8", "UTF8"):
        try:
            text.decode("utf-8")
        except UnicodeDecodeError as exc:
            said = "the encoding the file declares" if declared else "XML's own when a file declares none"
            return (f"; byte 0x{text[exc.start]:02X} is not UTF-8, {said}: it was saved in another one "
                    "(ISO-8859-1 or windows-1252?); declare that one in its first line, "
                    '<?xml version="1.0" encoding="ISO-8859-1"?>')
    amp = text.rfind(b"&", 0, col + 1)
    if amp >= 0 and _REFERENCE.match(text[amp:]) is None:
        around = text[max(0, amp - 6):amp + 7].decode("utf-8", "replace").strip()
        return f"; a & must be written &amp; in XML ({around.replace('&', '&amp;')})"
    return ""


#: The XML declaration's encoding: its value's place in the bytes.
_DECLARED_ENCODING = Pattern(rb"""\A<\?xml[^>]*?\sencoding\s*=\s*["']([A-Za-z0-9._:-]+)["']""")


def _marked_as_utf8(data: bytes, source: str) -> bytes:
    """A file that starts with a byte-order mark (UTF-16 or UTF-32, Windows' "Unicode", as Notepad saves a file;
    UTF-8's, as Notepad's "UTF-8" saves one), as UTF-8, its declaration saying so: the mark tells the encoding,
    whatever the declaration kept from the file before it was saved again says (``ISO-8859-1``: the parser would
    refuse a UTF-16 file so declared, and read a UTF-8 one's names wrong, ``ZoÃ«`` for ``Zoë``); any other file,
    or one whose bytes are not the mark's encoding, as it is.

    >>> text = '<?xml version="1.0" encoding="iso-8859-1"?><A>Zoé</A>'
    >>> _marked_as_utf8(text.encode("utf-16"), "t.xml").decode("utf-8")
    '<?xml version="1.0" encoding="UTF-8"?><A>Zoé</A>'
    >>> _marked_as_utf8(b"\\xef\\xbb\\xbf" + text.encode("utf-8"), "t.xml").decode("utf-8")
    '<?xml version="1.0" encoding="UTF-8"?><A>Zoé</A>'
    >>> _marked_as_utf8(text.encode("latin-1"), "t.xml") == text.encode("latin-1")
    True
    """
    if data.startswith(b"\xef\xbb\xbf"):
        try:
            utf8 = data[3:].decode("utf-8").encode("utf-8")
        except UnicodeDecodeError:
            return data  # not UTF-8 after all: the parser says where
    elif data.startswith(WIDE_BOMS):
        utf8 = decode_text(data, source=source).encode("utf-8")  # the one reading of a byte-order mark
    else:
        return data
    m = _DECLARED_ENCODING.match(utf8)
    return utf8 if m is None else utf8[:m.start(1)] + b"UTF-8" + utf8[m.end(1):]


def _windows_1252_as_utf8(data: bytes) -> bytes:
    """The file's bytes, re-encoded as UTF-8 (and its declaration saying so) when it declares ISO-8859-1 and
    holds a byte 0x80 to 0x9F: the windows-1252 its program wrote (:func:`mpxl.formats.common.latin1_text`),
    never control characters in a name; else the bytes as they are.

    >>> _windows_1252_as_utf8(b'<?xml version="1.0" encoding="ISO-8859-1"?><A>D\\x92Arcy</A>').decode()
    '<?xml version="1.0" encoding="UTF-8"?><A>D’Arcy</A>'
    >>> _windows_1252_as_utf8(b'<?xml version="1.0" encoding="ISO-8859-1"?><A>Zo\\xe9</A>').endswith(b'Zo\\xe9</A>')
    True
    """
    m = _DECLARED_ENCODING.match(data)
    if m is None or not is_latin1(m.group(1).decode("ascii")) or not reads_as_windows_1252(data):
        return data
    utf8: bytes = latin1_text(data[:m.start(1)] + b"UTF-8" + data[m.end(1):]).encode("utf-8")
    return utf8


def _read_handsets(root: Element, ev: Event, source: str) -> None:
    """The deals of the file's HANDSETs, in order, the first of a board number kept: a HANDSET inside a SESSION
    (as EBUScore writes it) holds that session's deals, so in a file of several sessions a later session's board
    whose number an earlier session plays is its own deal (:attr:`~mpxl.core.event.Event.session_deals`); a HANDSET
    outside any SESSION names no session: its deals are the numbers' (:meth:`~mpxl.core.event.Event.deal`)."""
    session_of: dict[int, int] = {}
    for sess_el in root.iter("SESSION"):
        sid = sess_el.get("SESSION_ID") or _text(sess_el, "SESSION_ID") or ""
        for handset in sess_el.findall("HANDSET"):
            session_of[id(handset)] = whole(sid) if sid.strip().isdigit() else 1
    first = Event.first_sessions((ln.session, ln.board) for ln in ev.lines)
    for handset in root.iter("HANDSET"):
        session = session_of.get(id(handset))
        for board_el in handset.findall("BOARD"):
            deal = _deal(board_el, source)
            if session is None or session == first.get(deal.board, session):
                ev.deals.setdefault(deal.board, deal)
            else:
                ev.session_deals.setdefault((session, deal.board), deal)


@dataclass
class _Gathered:
    """What the reader keeps aside while it walks a file: the pairs of the PARTICIPANTS inside SESSIONs, and the
    section a pair outside any SECTION is labelled with (EBUScore's ``LABEL``: NAME Section, VALUE A), by its id."""

    in_session: list[Pair] = field(default_factory=list)
    labels: dict[int, str] = field(default_factory=dict)


def _section_label(el: Element) -> str | None:
    """The section a PAIR's ``LABEL`` names (NAME ``Section``), or None.

    >>> _section_label(SafeET.fromstring("<PAIR><LABEL><NAME>Section</NAME><VALUE>B</VALUE></LABEL></PAIR>"))
    'B'
    """
    for label in el.findall("LABEL"):
        if (_text(label, "NAME") or "").casefold() == "section":
            return _text(label, "VALUE")
    return None


def _session_pairs(event_pairs: list[Pair], gathered: _Gathered, sessions: set[int], sections: set[str]) -> list[Pair]:
    """The event's pairs of a file whose PARTICIPANTS may sit inside its SESSIONs. One session (its lines'): a
    SESSION's PARTICIPANTS are the event's figures, as EBUScore writes every evening. Several: a SESSION's are
    that session's own figures (:attr:`~mpxl.core.event.Pair.published_sessions`), the EVENT's own PARTICIPANTS
    the event's (a pair there takes the section its LABEL names, else the lines' one section); a pair only the
    SESSIONs list is the event's with no event figures of its own.

    >>> one = Pair("1", published_mp=9, session=2, where="PAIR 1")
    >>> [p.published_mp for p in _session_pairs([], _Gathered([one]), {2}, {"A"})]
    [9]
    >>> total = Pair("1", published_mp=21)
    >>> (p,) = _session_pairs([total], _Gathered([Pair("1", published_mp=11, published_place="2", session=1),
    ...                                           Pair("1", published_mp=10, session=2)]), {1, 2}, {""})
    >>> p.published_mp, {s: (f.mp, f.place) for s, f in p.published_sessions.items()}
    (21, {1: (11, '2'), 2: (10, None)})
    """
    if len(sessions) < 2:
        return [*event_pairs, *gathered.in_session]
    only = next(iter(sections)) if len(sections) == 1 else ""
    first = min(sessions)  # the event's pairs are of no one session: all of the first (one table of figures)
    pairs = [replace(p, section=gathered.labels.get(id(p), p.section or only), session=first) for p in event_pairs]
    by_key = {p.key: p for p in pairs}
    for sp in gathered.in_session:
        pair = by_key.get(sp.key)
        if pair is None:
            pair = by_key[sp.key] = replace(sp, session=first, published_mp=None, published_percentage=None,
                                            published_place=None, published_sessions={}, master_points=(),
                                            published_tiebreak=None)
            pairs.append(pair)
        pair.published_sessions[sp.session] = SessionFigures(sp.published_mp, sp.published_percentage,
                                                             sp.published_place, f"SESSION {sp.session}, {sp.where}")
    return pairs


#: How deep SESSION and SECTION elements may nest: USEBIO has EVENT > SESSION > SECTION.
MAX_NESTING = 8


def _walk(
    elem: Element, ev: Event, source: str, session: int, section: str, winners: str | None, depth: int = 0,
    gathered: _Gathered | None = None, inside: bool = False,
) -> int:
    """Collect pairs and boards under ``elem``; returns the most decimals seen in matchpoints. The pairs of a
    PARTICIPANTS inside a SESSION (``inside``) go to ``gathered`` when given (:func:`_session_pairs` settles
    whose figures they are), the others to the event's."""
    if depth > MAX_NESTING:
        raise UserError(
            source,
            f"<{elem.tag}>",
            f"SESSION and SECTION elements nest more than {MAX_NESTING} deep; USEBIO has EVENT > SESSION > SECTION",
        )
    decimals = 0
    boards: dict[int, tuple[int, set[str]]] = {}  # each board number of this element's BOARDs: which BOARD (1st,
    # 2nd...) gave it first, and the pairs of its lines so far
    read = 0  # the BOARDs read under this element
    for child in elem:
        tag = child.tag
        if tag == "SESSION":
            sid = child.get("SESSION_ID") or _text(child, "SESSION_ID") or str(session)
            try:
                sess = whole(sid)
            except ValueError:
                sess = session
            decimals = max(decimals, _walk(child, ev, source, sess, section, winners, depth + 1, gathered, True))
        elif tag == "SECTION":
            sid = child.get("SECTION_ID") or _text(child, "SECTION_ID") or section
            w = _winner_type(_text(child, "WINNER_TYPE"), source, _where(sid, "WINNER_TYPE")) or winners
            decimals = max(decimals, _walk(child, ev, source, session, sid, w, depth + 1, gathered, inside))
        elif tag == "PARTICIPANTS":
            listed = [_pair(pair_el, source, session, section, i) for i, pair_el in enumerate(child.findall("PAIR"), 1)]
            listed = sides_by_order(listed, ev.warnings, "PARTICIPANTS")
            if gathered is None:
                ev.pairs.extend(listed)
            elif inside:
                gathered.in_session.extend(listed)
            else:
                ev.pairs.extend(listed)
                if not section:  # outside any SECTION: a pair's section as EBUScore labels it
                    gathered.labels.update((id(p), lab) for p, el in zip(listed, child.findall("PAIR"))
                                           if (lab := _section_label(el)))
        elif tag == "BOARD":
            read += 1
            decimals = max(decimals, _board(child, ev, source, session, section, boards, read))
        if winners and winners.strip() in ("1", "2"):
            ev.winners[section] = int(winners)
    return decimals


def _ordinal(n: int) -> str:
    """1st, 2nd, 3rd, 4th ... 11th, 12th, 13th, 21st.

    >>> [_ordinal(n) for n in (1, 2, 3, 4, 11, 12, 13, 21, 22, 101)]
    ['1st', '2nd', '3rd', '4th', '11th', '12th', '13th', '21st', '22nd', '101st']
    """
    suffix = "th" if n % 100 in (11, 12, 13) else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def _pair_number(text: str | None) -> str | None:
    """A pair number as the lines and the pairs are matched by: a number written with leading zeros is
    the same number (PARTICIPANTS' ``04`` is the travellers' ``4``); any other id (``A1``, ``4a``) as written.

    >>> _pair_number("04"), _pair_number("4"), _pair_number("00"), _pair_number("A01"), _pair_number(None)
    ('4', '4', '0', 'A01', None)
    """
    if text is not None and text.isascii() and text.isdigit():
        return text.lstrip("0") or "0"
    return text


def _winner_type(text: str | None, source: str, where: str) -> str | None:
    """WINNER_TYPE as given: 1 (one ranking) or 2 (NS and EW apart); UserError for any other value.

    >>> _winner_type(" 2 ", "f.xml", "WINNER_TYPE"), _winner_type(None, "f.xml", "WINNER_TYPE")
    ('2', None)
    """
    if text is None or text.strip() in ("1", "2"):
        return text.strip() if text else None
    raise UserError(source, where, f"{text!r} is not a WINNER_TYPE; expected 1 (one ranking) or 2 (NS and EW apart)")


def _where(section: str, rest: str) -> str:
    return f"SECTION {section}, {rest}" if section else rest


def _pair(el: Element, source: str, session: int, section: str, index: int) -> Pair:
    where = _where(section, f"PAIR {index}")
    number = _pair_number(_text(el, "PAIR_NUMBER"))
    if number is None:
        raise UserError(source, where, "<PAIR> without a <PAIR_NUMBER>")
    direction = _text(el, "DIRECTION")
    if direction is not None:
        try:
            direction = side_word(direction)  # the rulebook's spellings and the languages': NS, N-S, Ö-V, O-W...
        except ValueError as exc:
            raise UserError(source, where, f"DIRECTION {exc}") from None
    players = tuple(
        Player(_text(p, "PLAYER_NAME") or "", member_number(_text(p, "NATIONAL_ID_NUMBER") or ""),
               _text(p, "CLUB_ID_NUMBER") or "")
        for p in el.findall("PLAYER")
    )
    names = tuple(p.name for p in players if p.name)
    if all(not (p.national_id or p.club_id) for p in players):
        players = ()  # names alone (a player with ids and no name is kept: the member number it wrote is read back)
    # EBUScore and ScoreBridge nest MASTER_POINTS; Compscore puts its two elements in the PAIR
    awards = [(mp_el, mp_el) for mp_el in el.findall("MASTER_POINTS")] or [(el, el)]
    master_points = tuple(
        MasterPoints(_text(a, "MASTER_POINTS_AWARDED") or "", _text(k, "MASTER_POINT_TYPE") or "")
        for a, k in awards
        if _text(a, "MASTER_POINTS_AWARDED") is not None
    )
    try:
        pct = number_or_none(_percentage(_text(el, "PERCENTAGE")))
        mp = number_or_none(_text(el, "TOTAL_SCORE") or _text(el, "TOTAL_MATCH_POINTS"))
        tiebreak = number_or_none(_text(el, "TIE_BREAK"))  # mpxl's own: a program's tie-break figure kept
    except ValueError as exc:
        raise UserError(source, f"{where} (pair {number})", str(exc)) from None
    return Pair(
        number,
        section,
        direction,
        names,
        session,
        mp,
        pct,
        _text(el, "PLACE"),
        None,
        f"{where} (pair {number})",
        players=players,
        master_points=master_points,
        published_tiebreak=tiebreak,
    )


def _percentage(text: str | None) -> str | None:
    """A PERCENTAGE as written, less a ``%`` after the figure (``46.43%``, as some exports write it).

    >>> _percentage("46.43%"), _percentage(" 46.43 % "), _percentage("46.43"), _percentage(None)
    ('46.43', '46.43', '46.43', None)
    """
    return text.strip().removesuffix("%").strip() if text is not None else None


_SUIT_TAGS = ("SPADES", "HEARTS", "DIAMONDS", "CLUBS")


def _deal(el: Element, source: str) -> Deal:
    """A HANDSET's BOARD: BOARD_NUMBER and a HAND per seat (DIRECTION, SPADES, HEARTS, DIAMONDS, CLUBS)."""
    num_text = _text(el, "BOARD_NUMBER")
    if num_text is None:
        raise UserError(source, "HANDSET, BOARD", "a HANDSET's BOARD with no BOARD_NUMBER element (or an empty one): "
                        "every BOARD needs its number")
    try:
        board = whole(num_text or "")
    except ValueError:
        raise UserError(source, "HANDSET, BOARD", f"BOARD_NUMBER {num_text!r} is not a board number") from None
    hands = ["", "", "", ""]
    for hand in el.findall("HAND"):
        try:
            seat = Direction.find(_text(hand, "DIRECTION") or "").value
        except ValueError as exc:
            raise UserError(source, f"HANDSET, BOARD {board}, HAND", f"DIRECTION: {exc}") from None
        suits = [_text(hand, tag) or "" for tag in _SUIT_TAGS]
        hands[SEATS.index(seat)] = ".".join(x.upper().replace("10", "T") for x in suits)
    # USEBIO gives no dealer or vulnerability: the board number's, in the standard cycle
    return Deal(board, tuple(hands), board_dealer(board).value, board_vulnerability(board).value)


def _board(el: Element, ev: Event, source: str, session: int, section: str,
           boards: dict[int, tuple[int, set[str]]], nth: int) -> int:
    """Read one BOARD (the ``nth`` of its element) into ``ev``; returns the most decimals of its matchpoints. ``boards``
    holds the numbers of the BOARDs read before it under the same element (the same session and section): which
    BOARD of the element gave each first, and the pairs of its lines. A number given again is the same board (its
    lines read with the first BOARD's, with a warning), unless a pair of its lines has one there already: then a
    board is misnumbered, and both BOARDs are named."""
    if _text(el, "BOARD_NUMBER") is None:
        first = el.find("TRAVELLER_LINE")
        pairs = "" if first is None else (f" (its first TRAVELLER_LINE: NS {_text(first, 'NS_PAIR_NUMBER') or '-'} v "
                                          f"EW {_text(first, 'EW_PAIR_NUMBER') or '-'})")
        raise UserError(source, _where(section, "BOARD"), f"a BOARD with no BOARD_NUMBER element (or an empty one)"
                        f"{pairs}: every BOARD needs its number")
    board = board_number(_text(el, "BOARD_NUMBER"), source, _where(section, "BOARD, BOARD_NUMBER"))
    given, earlier = boards.setdefault(board, (nth, set()))  # the pairs of the earlier BOARDs of its number
    these: set[str] = set()  # the pairs of its own lines
    if given != nth:
        ev.warnings.append(f"{_where(section, f'BOARD {board}')}: warning: BOARD_NUMBER {board} is given by the "
                           f"{_ordinal(given)} and the {_ordinal(nth)} BOARD: their lines are read as one board's")
    decimals = 0
    for i, pen in enumerate(el.findall("PENALTY"), 1):
        where = _where(section, f"BOARD {board}, PENALTY {i}")
        ev.penalties.append(_penalty(pen, board, source, session, section, where))
    for i, tl in enumerate(el.findall("TRAVELLER_LINE"), 1):
        where = _where(section, f"BOARD {board}, TRAVELLER_LINE {i}")
        ns, ew = _pair_number(_text(tl, "NS_PAIR_NUMBER")), _pair_number(_text(tl, "EW_PAIR_NUMBER"))
        if is_sitout(ns, ew, _text(tl, "SCORE"), _text(tl, "CONTRACT"), _text(tl, "TRICKS")):
            side: Side
            side, absent = ("NS", "EW") if ns else ("EW", "NS")
            if _text(tl, f"{absent}_MATCH_POINTS") is not None:
                raise UserError(source, where, f"{absent}_MATCH_POINTS for a pair that is not there (the line has "
                                f"only {side}_PAIR_NUMBER {ns or ew}): a sit-out's credit is its pair's, on its side")
            credit_text = _text(tl, f"{side}_MATCH_POINTS")
            try:  # the credit the pair got for the board, kept to be checked
                credit = number_or_none(credit_text)
            except ValueError as exc:
                raise UserError(source, where, f"{side}_MATCH_POINTS: {exc}") from None
            decimals = max(decimals, decimals_of(credit_text))
            ev.sitouts.append(SitOut(board, ns or ew or "", side, section, session, where, published_mp=credit,
                                     note=_text(tl, "NOTES") or ""))
            continue
        if ns is None or ew is None:
            raise UserError(source, where, "a traveller line needs NS_PAIR_NUMBER and EW_PAIR_NUMBER")
        if ns in earlier or ew in earlier:
            raise UserError(source, where, f"BOARD_NUMBER {board} is given by the {_ordinal(given)} and the "
                            f"{_ordinal(nth)} BOARD, and pair {ns if ns in earlier else ew} has a line in both (a "
                            "board's traveller lines go in one BOARD; is one of them misnumbered?)")
        these.update((ns, ew))
        contract = contract_cell(_text(tl, "CONTRACT"))  # PO (passed out) read as PASS
        declarer = read_declarer(_text(tl, "PLAYED_BY"), source, where, "PLAYED_BY")
        tricks = read_tricks(_text(tl, "TRICKS"), contract, source, where, "TRICKS")
        score_text = _text(tl, "SCORE")
        score: LineScore = None
        if score_text is not None and score_text != "-":  # "-" beside a contract: the contract's score
            value = whole_score(score_text, source, where)  # the one rule for a score written as a number
            if value is None and is_passed_out(score_text):  # SCORE PASS: a board passed out scores 0
                value = 0
            score = check_entry(score_text, source, where) if value is None else value
        if score is None and contract is not None:  # no score written: the contract's (the board number's
            score = score_from_contract(board, contract, declarer, tricks, source, where)  # vulnerability)
        elif score is None and score_text is not None:
            score = check_entry(score_text, source, where)  # "-" alone: a not-played code, as written
        else:
            said = contract_warning(board, ns, ew, contract, declarer, tricks, score, where)
            if said:
                ev.warnings.append(said)
        ns_mp_text, ew_mp_text = _text(tl, "NS_MATCH_POINTS"), _text(tl, "EW_MATCH_POINTS")
        try:
            ns_mp, ew_mp = number_or_none(ns_mp_text), number_or_none(ew_mp_text)
        except ValueError as exc:
            raise UserError(source, where, f"matchpoints: {exc}") from None
        if score is None and (ns_mp is not None or ew_mp is not None):
            unread = sorted({child.tag for child in tl} - _TRAVELLER_ELEMENTS)
            raise UserError(source, where, figures_without_result(
                board, ns, ew, ns_mp_text, ew_mp_text, "SCORE", "CONTRACT",
                f"; the line has elements mpxl does not read ({', '.join(unread)}): is the score in one of them?"
                if unread else ""))
        decimals = max(decimals, decimals_of(ns_mp_text), decimals_of(ew_mp_text))
        try:
            arrow = arrowswitch_flag(_text(tl, "ARROW_SWITCH") or _text(tl, "ARROWSWITCH"))
        except ValueError as exc:
            raise UserError(source, f"{where}, ARROW_SWITCH", str(exc)) from None
        ev.lines.append(
            Line(
                board=board,
                ns_pair=ns,
                ew_pair=ew,
                section=section,
                score=score,
                contract=contract,
                declarer=declarer,
                tricks=tricks,
                lead=_text(tl, "LEAD"),
                table=None,
                arrowswitch=arrow,
                session=session,
                published_ns_mp=ns_mp,
                published_ew_mp=ew_mp,
                where=where,
                note=_text(tl, "NOTES") or "",
            )
        )
    earlier |= these
    return decimals


#: The elements of a TRAVELLER_LINE the reader reads.
_TRAVELLER_ELEMENTS = frozenset({"NS_PAIR_NUMBER", "EW_PAIR_NUMBER", "CONTRACT", "PLAYED_BY", "LEAD", "TRICKS",
                                 "SCORE", "NS_MATCH_POINTS", "EW_MATCH_POINTS", "ARROW_SWITCH", "ARROWSWITCH",
                                 "NOTES"})


def _penalty(el: Element, board: int, source: str, session: int, section: str, where: str) -> Penalty:
    """A ``PENALTY`` element of a BOARD (mpxl's own: a penalty given as its own row, as Ruter's ``Pen``
    row): PAIR_NUMBER, DIRECTION (NS or EW: the side the pair sat) and MATCH_POINTS, signed (negative
    for a penalty), added to the pair's total, the board untouched.

    >>> ev = read_usebio_bytes(b'<USEBIO><EVENT><BOARD><BOARD_NUMBER>3</BOARD_NUMBER><TRAVELLER_LINE>'
    ...     b'<NS_PAIR_NUMBER>1</NS_PAIR_NUMBER><EW_PAIR_NUMBER>2</EW_PAIR_NUMBER><SCORE>420</SCORE></TRAVELLER_LINE>'
    ...     b'<PENALTY><PAIR_NUMBER>1</PAIR_NUMBER><DIRECTION>NS</DIRECTION><MATCH_POINTS>-0.5</MATCH_POINTS>'
    ...     b'</PENALTY></BOARD></EVENT></USEBIO>', "t.xml")
    >>> ev.penalties[0].pair, ev.penalties[0].direction, ev.penalties[0].amount, ev.penalties[0].where
    ('1', 'NS', Fraction(-1, 2), 'BOARD 3, PENALTY 1')
    """
    pair = _pair_number(_text(el, "PAIR_NUMBER"))
    if pair is None:
        raise UserError(source, where, "a PENALTY without a PAIR_NUMBER")
    try:
        side = side_word(_text(el, "DIRECTION") or "")
    except ValueError as exc:
        raise UserError(source, where, f"DIRECTION {exc} (the side pair {pair} sat on the board)") from None
    try:  # the readers' one rule for a figure
        amount = fraction_or_none(_text(el, "MATCH_POINTS"))
    except ValueError as exc:
        raise UserError(source, where, f"MATCH_POINTS: {exc}") from None
    if amount is None:
        raise UserError(source, where, f"a PENALTY for pair {pair} with no MATCH_POINTS")
    return Penalty(board, pair, side, amount, section, session, where)


# --------------------------------------------------------------------------- writer


def _el(tag: str, value: object, indent: int) -> str:
    return f"{' ' * indent}<{tag}>{xml_content(value)}</{tag}>\n"


def usebio_text(result_or_event: SessionResult | Event, decimals: int | None = None) -> str:
    """The USEBIO 1.2 text of a scored event (a SessionResult) or a bare Event (no matchpoints):
    :func:`usebio_parts` joined.

    >>> from mpxl.core.event import Event, Line
    >>> text = usebio_text(Event(lines=[Line(1, "1", "2", score=420)]))
    >>> "<SCORE>420</SCORE>" in text and text.startswith('<?xml version="1.0" encoding="UTF-8"?>')
    True
    """
    return "".join(usebio_parts(result_or_event, decimals))


#: How many traveller lines :func:`usebio_parts` puts in one piece of text.
LINES_PER_PIECE = 500


def usebio_parts(result_or_event: SessionResult | Event, decimals: int | None = None) -> Iterator[str]:
    """The USEBIO 1.2 text of a scored event or a bare Event in pieces, a board (or
    :data:`LINES_PER_PIECE` of its lines) at a time (:class:`~mpxl.formats.common.EventToWrite`):
    the writer never holds the whole text."""
    w = EventToWrite(result_or_event)
    w.check_penalties(".xml", line_penalties=False)
    event = w.event
    if decimals is None:
        decimals = written_decimals(result_or_event)
    opts = getattr(result_or_event, "options", None)
    out = [
        '<?xml version="1.0" encoding="UTF-8"?>\n',
        '<!DOCTYPE USEBIO SYSTEM "usebio_v1_2.dtd">\n',
        '<USEBIO Version="1.2">\n',
    ]
    if event.club is not None:
        out.append("   <CLUB>\n")
        if event.club.name:
            out.append(_el("CLUB_NAME", event.club.name, 6))
        if event.club.id:
            out.append(_el("CLUB_ID_NUMBER", event.club.id, 6))
        out.append("   </CLUB>\n")
    out.append(f'   <EVENT EVENT_TYPE="{xml_attribute(event.event_type or "MP_PAIRS")}">\n')
    if w.bare and event.program:  # a bare event: its own figures, its program's
        out.append(_el("PROGRAM_NAME", event.program, 6))
    else:
        out.append(_el("PROGRAM_NAME", "mpxl", 6))
        out.append(_el("PROGRAM_VERSION", __version__, 6))
    if event.title:
        out.append(_el("EVENT_DESCRIPTION", event.title, 6))
    if event.date:
        out.append(_el("DATE", event.date, 6))
    if event.venue:
        out.append(_el("VENUE", event.venue, 6))
    out.append(_el("BOARD_SCORING_METHOD", "MATCH_POINTS", 6))
    sessions = w.sessions()
    sections = w.sections() or [""]
    out.append(_el("SESSION_COUNT", len(sessions), 6))
    out.append(_el("SECTION_COUNT", len(sections), 6))
    if not (sections == [""] and sessions == [1]):
        out.append(_el("WINNER_TYPE", max(event.winners.get(s, 1) for s in sections), 6))
    boards: dict[tuple[int, str], list[tuple[int, str, int]]] = {}
    for key in w.groups():
        boards.setdefault(key[:2], []).append(key)
    if sections == [""] and sessions == [1]:
        out.append(_el("WINNER_TYPE", event.winners.get("", 1), 6))
        yield "".join(out)
        yield from _participants(w, _event_figures(w, opts, decimals, ""), 6)
        yield from _boards(w, boards.get((1, ""), []), decimals, 6)
        out = []
    else:
        several = len(sessions) > 1
        if several:  # the event's totals: the EVENT's own PARTICIPANTS, before its SESSIONs (SESSIONS_NOTE)
            yield "".join(out)
            yield from _participants(w, _event_figures(w, opts, decimals, None), 6)
            out = []
        places = session_places(w.result) if several and w.result is not None else {}
        for sess in sessions:
            out.append(f'      <SESSION SESSION_ID="{sess}">\n')
            for sec in sections:
                out.append(f'         <SECTION SECTION_ID="{xml_attribute(sec or "A")}">\n')
                out.append(_el("WINNER_TYPE", event.winners.get(sec, 1), 12))
                yield "".join(out)
                figures = (_session_figures(w, opts, sess, sec, places) if several
                           else _event_figures(w, opts, decimals, sec))
                yield from _participants(w, figures, 12)
                yield from _boards(w, boards.get((sess, sec), []), decimals, 12)
                out = ["         </SECTION>\n"]
            # a later session's own deals of numbers played before, inside its SESSION (as EBUScore writes them)
            out.extend(_handset({b: d for (s, b), d in event.session_deals.items() if s == sess}, 9))
            out.append("      </SESSION>\n")
    out.append("   </EVENT>\n")
    out.extend(_handset(event.deals))
    out.append("</USEBIO>\n")
    yield "".join(out)


#: What a USEBIO file of a several-session event says where (``write_usebio``'s note): no USEBIO file or program
#: seen names a place for the event's totals beside its SESSIONs (usebio.org's pages stored hold no DTD text).
SESSIONS_NOTE = ("USEBIO has no documented place for a several-session event's totals: each SESSION's PARTICIPANTS "
                 "hold that session's own figures (MPs, % and place there, only the pairs that played it); the "
                 "event's totals, places and master points are written as the EVENT's own PARTICIPANTS, before its "
                 "SESSIONs (read back by mpxl; another program may read only one of them)")

#: A PAIR's figures as written: (pair, TOTAL_SCORE text, PERCENTAGE text, PLACE, the event's own: its master points
#: and tie-break written, and its section as a LABEL when written outside any SECTION)
_Figures = tuple[Pair, str | None, str | None, str | None, bool]


def _event_figures(w: EventToWrite, opts: ScoringOptions | None, decimals: int | None,
                   sec: str | None) -> Iterator[_Figures]:
    """Each pair's event figures (of section ``sec``; every pair when None: written at the EVENT, each with its
    section): mpxl's, or the bare event's published ones."""
    for pair, res in w.pairs:
        if sec is not None and pair.section != sec:
            continue
        total: str | None
        pct: str | None
        place: str | None
        if res is not None:
            total, pct, place = (figure_text(res.mp, totals_decimals(opts)), percentage_text(res.percentage, opts),
                                 res.place)
        else:
            total, pct, place = (None if pair.published_mp is None else figure_text(pair.published_mp, decimals),
                                 None if pair.published_percentage is None
                                 else figure_text(pair.published_percentage, 2), pair.published_place)
        yield pair, total, pct, place, True


def _session_figures(w: EventToWrite, opts: ScoringOptions | None, sess: int, sec: str,
                     places: dict[tuple[int, int], str]) -> Iterator[_Figures]:
    """The figures in session ``sess`` of each pair of section ``sec`` that played it: mpxl's
    (:meth:`~mpxl.core.ranking.PairResult.session_figures`, :func:`~mpxl.core.ranking.session_places`), or the
    bare event's published ones (:attr:`~mpxl.core.event.Pair.published_sessions`)."""
    scale = opts.scale if opts is not None else None
    for pair, res in w.pairs:
        if pair.section != sec:
            continue
        if res is not None and scale is not None:
            mine = res.session_figures(scale).get(sess)
            if mine is not None:
                yield (pair, figure_text(mine[0], totals_decimals(opts)), percentage_text(mine[2], opts),
                       places.get((id(res), sess)), False)
        elif (given := pair.published_sessions.get(sess)) is not None:
            yield (pair, None if given.mp is None else figure_text(given.mp),
                   None if given.percentage is None else figure_text(given.percentage, 2), given.place, False)


def _participants(w: EventToWrite, figures: Iterator[_Figures], ind: int) -> Iterator[str]:
    """A PARTICIPANTS element of the pairs ``figures``, indented by ``ind``."""
    out = [" " * ind + "<PARTICIPANTS>\n"]
    at_event = ind == 6 and len(w.sections() or [""]) > 1  # outside any SECTION: each pair says its section
    for pair, total, pct, place, own in figures:
        out.append(" " * (ind + 3) + "<PAIR>\n")
        out.append(_el("PAIR_NUMBER", pair.number, ind + 6))
        if at_event and pair.section:  # EBUScore's label of a pair's section
            out.append(" " * (ind + 6) + "<LABEL>\n" + _el("NAME", "Section", ind + 9)
                       + _el("VALUE", pair.section, ind + 9) + " " * (ind + 6) + "</LABEL>\n")
        if pair.direction:
            out.append(_el("DIRECTION", pair.direction, ind + 6))
        if total is not None:
            out.append(_el("TOTAL_SCORE", total, ind + 6))
        if pct is not None:
            out.append(_el("PERCENTAGE", pct, ind + 6))
        if place:
            out.append(_el("PLACE", place, ind + 6))
        if own and pair.published_tiebreak is not None:  # the figure that separated tied pairs (PBN's Tiebreak)
            out.append(_el("TIE_BREAK", format_number(pair.published_tiebreak), ind + 6))
        for mp in pair.master_points if own else ():
            out.append(" " * (ind + 6) + "<MASTER_POINTS>\n")
            out.append(_el("MASTER_POINTS_AWARDED", mp.awarded, ind + 9))
            if mp.kind:
                out.append(_el("MASTER_POINT_TYPE", mp.kind, ind + 9))
            out.append(" " * (ind + 6) + "</MASTER_POINTS>\n")
        for player in pair.people():
            out.append(" " * (ind + 6) + "<PLAYER>\n")
            out.append(_el("PLAYER_NAME", player.name, ind + 9))
            if player.national_id:
                out.append(_el("NATIONAL_ID_NUMBER", player.national_id, ind + 9))
            if player.club_id:
                out.append(_el("CLUB_ID_NUMBER", player.club_id, ind + 9))
            out.append(" " * (ind + 6) + "</PLAYER>\n")
        out.append(" " * (ind + 3) + "</PAIR>\n")
        if len(out) > LINES_PER_PIECE:
            yield "".join(out)
            out = []
    out.append(" " * ind + "</PARTICIPANTS>\n")
    yield "".join(out)


def _boards(w: EventToWrite, boards: list[tuple[int, str, int]], decimals: int | None, ind: int) -> Iterator[str]:
    """The BOARD elements of one section of one session (``boards``: its keys in :meth:`EventToWrite.groups`),
    indented by ``ind``, a board's lines a piece at a time."""
    out: list[str] = []
    for key in boards:
        out.append(" " * ind + "<BOARD>\n")
        out.append(_el("BOARD_NUMBER", key[2], ind + 3))
        rows = w.rows(key)
        for start in range(0, len(rows), LINES_PER_PIECE):
            out.extend(_traveller_line(ln, ns_mp, ew_mp, decimals, ind)
                       for ln, ns_mp, ew_mp in rows[start:start + LINES_PER_PIECE])
            yield "".join(out)
            out = []
        for so in w.sitouts(key):  # the one pair, no SCORE: read back as the same sit-out
            tag = "NS_PAIR_NUMBER" if so.direction == "NS" else "EW_PAIR_NUMBER"
            credit = w.credit(so)[0]
            out.append(" " * (ind + 3) + "<TRAVELLER_LINE>\n" + _el(tag, so.pair, ind + 6)
                       + (_el(f"{so.direction}_MATCH_POINTS", figure_text(credit, decimals), ind + 6)
                          if credit is not None else "")
                       + (_el("NOTES", so.note, ind + 6) if so.note else "")
                       + " " * (ind + 3) + "</TRAVELLER_LINE>\n")
        for pen in w.penalties(key):  # a penalty row: its pair, its side, its signed amount (read back the same)
            out.append(" " * (ind + 3) + "<PENALTY>\n" + _el("PAIR_NUMBER", pen.pair, ind + 6)
                       + _el("DIRECTION", pen.direction, ind + 6)
                       + _el("MATCH_POINTS", exact_text(pen.amount, decimals), ind + 6)
                       + " " * (ind + 3) + "</PENALTY>\n")
        out.append(" " * ind + "</BOARD>\n")
    yield "".join(out)


def _traveller_line(
    ln: Line, ns_mp: Fraction | float | None, ew_mp: Fraction | float | None, decimals: int | None, ind: int
) -> str:
    """One TRAVELLER_LINE element, indented by ``ind`` + 3."""
    out = [" " * (ind + 3) + "<TRAVELLER_LINE>\n",
           _el("NS_PAIR_NUMBER", ln.ns_pair, ind + 6),
           _el("EW_PAIR_NUMBER", ln.ew_pair, ind + 6)]
    for tag, value in (
        ("CONTRACT", ln.contract),
        ("PLAYED_BY", ln.declarer),
        ("LEAD", ln.lead),
        ("TRICKS", ln.tricks),
    ):
        if value is not None and str(value) != "":
            out.append(_el(tag, value, ind + 6))
    if ln.score is not None:
        out.append(_el("SCORE", entry_text(ln.score), ind + 6))
    if ns_mp is not None:
        out.append(_el("NS_MATCH_POINTS", figure_text(ns_mp, decimals), ind + 6))
    if ew_mp is not None:
        out.append(_el("EW_MATCH_POINTS", figure_text(ew_mp, decimals), ind + 6))
    if ln.arrowswitch:
        out.append(_el("ARROW_SWITCH", "Y", ind + 6))
    if ln.note:
        out.append(_el("NOTES", ln.note, ind + 6))
    out.append(" " * (ind + 3) + "</TRAVELLER_LINE>\n")
    return "".join(out)


def _handset(deals: dict[int, Deal], ind: int = 3) -> list[str]:
    """The HANDSET element of ``deals`` (by board number), indented by ``ind`` (none when there are none)."""
    if not deals:
        return []
    words = {seat: name.title() for name, seat in DIRECTION_SPELLINGS.items() if len(name) > 1}  # N: North
    pad = " " * ind
    out = [f"{pad}<HANDSET>\n"]
    for board in sorted(deals):
        deal = deals[board]
        out.append(f"{pad}   <BOARD>\n")
        out.append(_el("BOARD_NUMBER", board, ind + 6))
        for seat, hand in zip(SEATS, deal.hands):
            if not hand:
                continue
            out.append(f"{pad}      <HAND>\n")
            out.append(_el("DIRECTION", words[seat], ind + 9))
            for tag, cards in zip(_SUIT_TAGS, hand.split(".")):
                out.append(f"{pad}{' ' * 9}<{tag}>{xml_content(cards)}</{tag}>\n" if cards
                           else f"{pad}{' ' * 9}<{tag}/>\n")
            out.append(f"{pad}      </HAND>\n")
        out.append(f"{pad}   </BOARD>\n")
    out.append(f"{pad}</HANDSET>\n")
    return out


def write_usebio(result_or_event: SessionResult | Event, path: str | os.PathLike[str]) -> str | None:
    """Write a scored event (or a bare Event) as USEBIO 1.2 XML, atomically, a board at a time
    (:func:`usebio_parts`); the note on what USEBIO has no place for (a fouled board's groups; a several-session
    event's totals: :data:`SESSIONS_NOTE`), or None."""
    from .atomic import atomic_write  # loaded where a file is written

    with atomic_write(path, encoding="utf-8", newline="\n") as f:
        for part in usebio_parts(result_or_event):
            f.write(part)
    notes = [groups_not_kept(result_or_event, ".xml"),
             SESSIONS_NOTE if len(EventToWrite(result_or_event).sessions()) > 1 else None]
    return "; ".join(n for n in notes if n) or None
