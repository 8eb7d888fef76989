"""The evening's journal of the tablets through Bridgemate's Data Connector (``night.tablets.json``).

``mpxl tablets start`` writes it when it sets the event up in BCS (the session's guid, the movement of
each section, the players, the hands); ``mpxl score night.tablets.json --tablets`` adds to it every
result, player and director call the Data Connector's queues give, written atomically (and synced to
disk) **before** the queue is accepted. So a crash or a power cut between a poll and its accept loses
nothing: the next poll gives again what was not accepted, and what the journal holds already is
recognised (the first :attr:`Queue.pending` items of the answer, the same as stored) and not stored
twice. ``mpxl score night.tablets.json`` reads it with no connector at all.

It is read by the rules of the tablets' database (:func:`mpxl.formats.bws.event_from_rows`): the
journal is turned into the tables a ``.bws`` has (``Section``, ``RoundData``, ``ReceivedData``,
``PlayerNumbers``, ``HandRecord``), each result a ``ReceivedData`` row in the order it came, so a
changed result supersedes the earlier one, a deleted one erases it, and the missing results, the
sit-outs and the names follow exactly as for the database. The results are kept in the Data
Connector's own spelling (``ResultDTO.to_dict()``); this module needs no package of its own.

>>> ev = Evening(session_guid="A" * 32, date="2026-12-02",
...              sections={"A": Section("A", 2, [Row(1, 1, "1", "1", (1, 2))])})
>>> ev.add_results([result_wire("A", 1, 1, 1, "1", "1", 4, 4, "N", 10)], last_id=7)
1
>>> received_row(ev.results[0], 1, ev)["Contract"], received_row(ev.results[0], 1, ev)["Result"]
('4 S', '=')
>>> ev.add_results([result_wire("A", 1, 1, 1, "1", "1", 4, 4, "N", 10)], last_id=7)  # given again: recognised
0
"""

from __future__ import annotations

import json
import os
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from ..core.contract import DIRECTION_SPELLINGS
from ..core.errors import UserError
from ..core.movement import Row
from .atomic import StrPath, atomic_write
from .common import read_bytes

if TYPE_CHECKING:
    from ..core.event import Event
    from .bws import Reading

__all__ = ["MARK", "Evening", "Section", "Queue", "QUEUES", "SEAT_WORDS", "read_evening", "write_evening",
           "evening_tables", "evening_reading", "received_row", "result_wire", "seat_key", "split_name", "pair_names",
           "read_journal"]

#: The journal's first key: how it is told from any other JSON file.
MARK = "mpxl_tablets"
VERSION = 1

#: The queues mpxl polls, by the journal's name of each: results, participations (who sits where, typed at the
#: tables), player data (a player number's name) and director calls.
QUEUES = ("results", "participations", "player_data", "td_calls")

#: A Data Connector contract level below 1: 0 pass, -10 not played, -1..-9 an artificial score (NS %, EW %).
PASS, NOT_PLAYED = 0, -10
_ARTIFICIAL = {-1: (40, 40), -2: (40, 50), -3: (40, 60), -4: (50, 40), -5: (50, 50), -6: (50, 60),
               -7: (60, 40), -8: (60, 50), -9: (60, 60)}
#: The wire's denominations (1 clubs .. 5 no trump), declarer seats (1 N .. 4 W), lead ranks (2..14).
DENOMINATIONS = ("C", "D", "H", "S", "NT")
SEATS = "NESW"
RANKS = "23456789TJQKA"
#: Each seat's word (``N``: ``North``), from the rulebook's spellings: the hand record's columns.
SEAT_WORDS = {seat: word.title() for word, seat in DIRECTION_SPELLINGS.items() if len(word) > 1}
#: ScoringDirection EW: an artificial score's NS and EW parts given the other way round.
SCORING_EW = 2


@dataclass
class Section:
    """One section of the evening: its letters, its winners (1 or 2), its movement's rows (a pair None: absent) and
    the pair missing throughout (0: none; as the Data Connector says it, with two winners an EW pair negative)."""

    letters: str
    winners: int
    rows: list[Row]
    missing_pair: int = 0


@dataclass
class Queue:
    """Where the journal stands with one of the Data Connector's queues: the last item id accepted, the last
    received, and how many items were received since the last accept (the last ones of its log)."""

    accepted: int = 0
    received: int = 0
    pending: int = 0


@dataclass
class Evening:
    """The journal: the event as set up in BCS, and everything its queues gave."""

    session_guid: str = ""
    event_guid: str = ""
    club_id: str = ""
    connector: str = ""  # the Data Connector's address; '' for the one the client finds on this PC
    title: str = ""
    date: str = ""  # YYYY-MM-DD
    movement: dict[str, Any] = field(default_factory=dict)  # the options it was made from (kind, tables...)
    sections: dict[str, Section] = field(default_factory=dict)
    players: dict[str, str] = field(default_factory=dict)  # player number -> name
    #: each seat's player: seat_key -> [section letters, table, seat N/E/S/W, round (0: first), number, name]
    seats: dict[str, list[Any]] = field(default_factory=dict)
    deals: dict[int, list[str]] = field(default_factory=dict)  # board -> hands N, E, S, W ("S.H.D.C")
    results: list[dict[str, Any]] = field(default_factory=list)  # ResultDTO wire dicts, in the order received
    participations: list[dict[str, Any]] = field(default_factory=list)
    player_data: list[dict[str, Any]] = field(default_factory=list)
    td_calls: list[dict[str, Any]] = field(default_factory=list)
    queues: dict[str, Queue] = field(default_factory=lambda: {q: Queue() for q in QUEUES})
    changes: list[str] = field(default_factory=list)  # the movement's updates, said in words
    #: the names a pair had before the tables changed them: "section/number/direction" -> [names...]; a workbook
    #: holding one of them holds what mpxl wrote before, not the director's (mpxl.workbook.keep)
    earlier_names: dict[str, list[list[str]]] = field(default_factory=dict)

    def log(self, queue: str) -> list[dict[str, Any]]:
        """The items of ``queue`` (one of :data:`QUEUES`) as received."""
        found: list[dict[str, Any]] = getattr(self, queue)
        return found

    def add(self, queue: str, items: list[dict[str, Any]], last_id: int) -> list[dict[str, Any]]:
        """Store the items one poll of ``queue`` gave (the queue's last item id ``last_id``); the items new to the
        journal returned. The first items that equal the ones received since the last accept are those the
        Data Connector gives again (not accepted yet: a crash between the poll and the accept): not stored twice."""
        q = self.queues[queue]
        log = self.log(queue)
        stored = log[len(log) - q.pending:] if q.pending else []
        again = 0
        while again < min(len(stored), len(items)) and _same(stored[again], items[again]):
            again += 1
        new = items[again:]
        log.extend(new)
        q.pending = again + len(new) if again == len(stored) else len(new)
        q.received = max(q.received, last_id) if items else q.received
        if queue == "participations":
            for item in new:
                self._seat(item)
        elif queue == "player_data":
            for item in new:
                number = str(item.get("PlayerNumber") or "").strip()
                if number:
                    self.players[number] = " ".join(
                        x for x in (str(item.get("FirstName") or "").strip(), str(item.get("LastName") or "").strip())
                        if x)
        return new

    def add_results(self, items: list[dict[str, Any]], last_id: int) -> int:
        """:meth:`add` for the results: how many were new."""
        return len(self.add("results", items, last_id))

    def accepted(self, queue: str, last_id: int) -> None:
        """``queue`` accepted up to ``last_id``: nothing of it is pending any more."""
        q = self.queues[queue]
        q.accepted = max(q.accepted, last_id)
        q.pending = 0

    def _seat(self, item: dict[str, Any]) -> None:
        """A participation (a player seated, typed at the table) into :attr:`seats`; a removal empties the seat."""
        seat = _seat_letter(item.get("Direction"))
        letters = str(item.get("SectionLetters") or "")
        table = int(item.get("TableNumber") or 0)
        rnd = int(item.get("RoundNumber") or 0)
        if not seat or not table:
            return
        key = seat_key(letters, table, seat, rnd)
        if item.get("IsRemoval"):
            self.seats.pop(key, None)
            return
        name = " ".join(x for x in (str(item.get("FirstName") or "").strip(),
                                    str(item.get("LastName") or "").strip()) if x)
        self.seats[key] = [letters, table, seat, rnd if rnd > 1 else 0, str(item.get("PlayerNumber") or ""), name]

    def to_json(self) -> dict[str, Any]:
        return {MARK: VERSION, "session_guid": self.session_guid, "event_guid": self.event_guid,
                "club_id": self.club_id, "connector": self.connector, "title": self.title, "date": self.date,
                "movement": self.movement,
                "sections": {k: {"winners": s.winners, "missing_pair": s.missing_pair,
                                 "rows": [_row_json(r) for r in s.rows]} for k, s in self.sections.items()},
                "players": self.players, "seats": self.seats,
                "deals": {str(b): hands for b, hands in sorted(self.deals.items())},
                **{q: self.log(q) for q in QUEUES},
                "queues": {q: vars(v) for q, v in self.queues.items()}, "changes": self.changes,
                "earlier_names": self.earlier_names}

    @classmethod
    def from_json(cls, doc: dict[str, Any]) -> Evening:
        ev = cls(**{k: doc.get(k, "") for k in ("session_guid", "event_guid", "club_id", "connector", "title",
                                                 "date")})
        ev.movement = dict(doc.get("movement") or {})
        ev.sections = {k: Section(k, int(s["winners"]), [_row_of(r) for r in s["rows"]],
                                  int(s.get("missing_pair", 0)))
                       for k, s in (doc.get("sections") or {}).items()}
        ev.players = {str(k): str(v) for k, v in (doc.get("players") or {}).items()}
        ev.seats = dict(doc.get("seats") or {})
        ev.deals = {int(b): list(h) for b, h in (doc.get("deals") or {}).items()}
        for q in QUEUES:
            setattr(ev, q, list(doc.get(q) or []))
        ev.queues = {q: Queue(**(doc.get("queues") or {}).get(q, {})) for q in QUEUES}
        ev.changes = list(doc.get("changes") or [])
        ev.earlier_names = {str(k): [list(n) for n in v] for k, v in (doc.get("earlier_names") or {}).items()}
        return ev

    def note_names(self, before: dict[tuple[str, str, str | None], tuple[str, ...]],
                   after: dict[tuple[str, str, str | None], tuple[str, ...]]) -> None:
        """The pairs whose names the tables changed (``before`` and ``after``: :func:`pair_names`): their names
        before, noted in :attr:`earlier_names`."""
        for key, names in before.items():
            if names and after.get(key) != names:
                noted = self.earlier_names.setdefault(_names_key(key), [])
                if list(names) not in noted:
                    noted.append(list(names))


def _names_key(key: tuple[str, str, str | None]) -> str:
    return f"{key[0]}/{key[1]}/{key[2] or ''}"


def pair_names(ev: Evening) -> dict[tuple[str, str, str | None], tuple[str, ...]]:
    """Each pair's names as the journal gives them: (section, number, direction) -> names."""
    from .bws import event_from_rows

    return {(p.section, p.number, p.direction): p.names for p in event_from_rows(evening_tables(ev)).event.pairs}


def _same(a: dict[str, Any], b: dict[str, Any]) -> bool:
    """Whether two queue items are the same (their validation messages aside)."""
    def plain(d: dict[str, Any]) -> dict[str, Any]:
        return {k: v for k, v in d.items() if k != "ValidationMessages"}
    return plain(a) == plain(b)


def seat_key(letters: str, table: int, seat: str, rnd: int) -> str:
    """A seat's key in :attr:`Evening.seats`: section, table, seat and round (0 and 1: the first round).

    >>> seat_key("A", 3, "N", 1), seat_key("A", 3, "N", 0), seat_key("A", 3, "N", 4)
    ('A/3/N/0', 'A/3/N/0', 'A/3/N/4')
    """
    return f"{letters}/{table}/{seat}/{rnd if rnd > 1 else 0}"


def split_name(name: str) -> tuple[str, str]:
    """(first name, last name) of a player's name as the Data Connector takes it: the last word the last name.

    >>> split_name(" Ann  van Dyke "), split_name("Cher")
    (('Ann van', 'Dyke'), ('', 'Cher'))
    """
    words = name.split()
    return " ".join(words[:-1]), (words[-1] if words else "")


def _seat_letter(direction: object) -> str:
    """The seat (N, E, S, W) of a direction numbered 1-4, "" for anything else.

    >>> _seat_letter(2), _seat_letter("4"), _seat_letter("x"), _seat_letter(None), _seat_letter(7)
    ('E', 'W', '', '', '')
    """
    if not isinstance(direction, (int, float, str)):
        return ""
    try:
        value = int(direction)
    except ValueError:
        return ""
    return SEATS[value - 1] if 1 <= value <= 4 else ""


def _row_json(r: Row) -> list[Any]:
    return [r.round, r.table, r.ns or "", r.ew or "", list(r.boards)]


def _row_of(x: list[Any]) -> Row:
    return Row(int(x[0]), int(x[1]), str(x[2]) or None, str(x[3]) or None, tuple(int(b) for b in x[4]))


def result_wire(letters: str, table: int, rnd: int, board: int, ns: str, ew: str, level: int, denomination: int = 0,
                declarer: str = "", tricks: int = 0, stake: int = 0, session_guid: str = "A" * 32) -> dict[str, Any]:
    """A ResultDTO as the wire spells it (for the doctests and the tests' stand-in: the package's ``to_dict``
    gives the same keys)."""
    ns_pair, ew_pair = int(ns), int(ew)
    return {"SessionGuid": session_guid, "SectionLetters": letters, "TableNumber": table, "RoundNumber": rnd,
            "BoardNumber": board, "ScoringDirection": 3, "IsDeleted": False, "PairNorthSouth": ns_pair,
            "PairEastWest": ew_pair, "DeclaringPair": ns_pair if declarer in ("N", "S", "") else ew_pair,
            "DeclarerDirection": SEATS.index(declarer) + 1 if declarer else 0, "Level": level,
            "Denomination": denomination, "Stake": stake, "TotalTricks": tricks, "LeadCardRank": 0,
            "LeadCardSuit": 0}


def received_row(item: dict[str, Any], number: int, ev: Evening, erased: bool = False) -> dict[str, Any]:
    """The ``ReceivedData`` row (as :mod:`mpxl.formats.bws` reads it) of one ResultDTO, the ``number``-th received."""
    letters = str(item.get("SectionLetters") or "")
    level = int(item.get("Level") or 0)
    row: dict[str, Any] = {"ID": str(number), "Section": str(_section_id(ev, letters)),
                           "Table": str(item.get("TableNumber") or 0), "Round": str(item.get("RoundNumber") or 0),
                           "Board": str(item.get("BoardNumber") or 0), "PairNS": str(item.get("PairNorthSouth") or 0),
                           "PairEW": str(item.get("PairEastWest") or 0), "NS/EW": None, "Contract": None,
                           "Result": None, "LeadCard": None, "Remarks": None, "Erased": "1" if erased else "0",
                           "DateLog": f"{ev.date or '2000-01-01'} 00:00:00", "TimeLog": ""}
    if level == NOT_PLAYED:
        row["Remarks"] = "Not played"
    elif level in _ARTIFICIAL:
        ns, ew = _ARTIFICIAL[level]
        if int(item.get("ScoringDirection") or 0) == SCORING_EW:
            ns, ew = ew, ns
        row["Remarks"] = f"{ns}%-{ew}%"
    elif level == PASS:
        row["Contract"] = "PASS"
    elif 1 <= level <= 7:
        denomination = int(item.get("Denomination") or 0)
        stake = int(item.get("Stake") or 0)
        word = DENOMINATIONS[denomination - 1] if 1 <= denomination <= 5 else "?"
        row["Contract"] = f"{level} {word}" + (" x" if stake == 1 else " xx" if stake == 2 else "")
        seat = int(item.get("DeclarerDirection") or 0)
        row["NS/EW"] = SEATS[seat - 1] if 1 <= seat <= 4 else None
        over = int(item.get("TotalTricks") or 0) - 6 - level
        row["Result"] = "=" if over == 0 else f"{over:+d}"
    else:
        row["Remarks"] = f"level {level}"  # no level the Data Connector sends: not understood, said
    rank, suit = int(item.get("LeadCardRank") or 0), int(item.get("LeadCardSuit") or 0)
    if 2 <= rank <= 14 and 1 <= suit <= 4:
        row["LeadCard"] = "CDHS"[suit - 1] + RANKS[rank - 2]
    return row


def _section_id(ev: Evening, letters: str) -> int:
    """A section's number in the tables: its letters' place in A..Z, AA..ZZ, AAA..ZZZ (A 1, Z 26, AA 27).

    >>> [_section_id(Evening(), x) for x in ("A", "C", "AA", "BBB")]
    [1, 3, 27, 54]
    """
    if not letters or not letters.isalpha() or not letters.isupper():
        return 0
    return (len(letters) - 1) * 26 + ord(letters[0]) - 64


def evening_tables(ev: Evening) -> dict[str, list[dict[str, Any]]]:
    """The journal as the tablets' database's tables (:func:`mpxl.formats.bws.event_from_rows` reads them)."""
    sections = [{"ID": str(_section_id(ev, k)), "Letter": k, "Tables": str(max((r.table for r in s.rows), default=0)),
                 "Session": "1", "Winners": str(s.winners), "MissingPair": "0"} for k, s in sorted(ev.sections.items())]
    rounds = [{"Section": str(_section_id(ev, k)), "Table": str(r.table), "Round": str(r.round),
               "NSPair": r.ns or "0", "EWPair": r.ew or "0",
               "LowBoard": str(r.boards[0] if r.boards else 0), "HighBoard": str(r.boards[-1] if r.boards else 0)}
              for k, s in sorted(ev.sections.items()) for r in s.rows]
    received: list[dict[str, Any]] = []
    standing: dict[tuple[str, int, int, int], list[dict[str, Any]]] = {}
    for number, item in enumerate(ev.results, 1):
        key = (str(item.get("SectionLetters") or ""), int(item.get("TableNumber") or 0),
               int(item.get("RoundNumber") or 0), int(item.get("BoardNumber") or 0))
        if item.get("IsDeleted"):  # the result of this table, round and board deleted: its rows erased
            for row in standing.pop(key, []):
                row["Erased"] = "1"
            continue
        row = received_row(item, number, ev)
        standing.setdefault(key, []).append(row)
        received.append(row)
    players = []
    for letters, table, seat, rnd, number, name in ev.seats.values():
        players.append({"Section": str(_section_id(ev, str(letters))), "Table": str(table), "Direction": seat,
                        "Round": str(rnd), "Number": str(number or ""),
                        "Name": ev.players.get(str(number), "") if number else str(name)})
    hands = []
    for board, four in sorted(ev.deals.items()):
        row = {"Section": "1", "Board": str(board)}
        for seat, hand in zip((SEAT_WORDS[x] for x in SEATS), four):
            for suit, cards in zip(("Spades", "Hearts", "Diamonds", "Clubs"), (hand.split(".") + ["", "", "", ""])[:4]):
                row[seat + suit] = cards
        hands.append(row)
    return {"Section": sections, "RoundData": rounds, "ReceivedData": received, "PlayerNumbers": players,
            "HandRecord": hands}


def read_evening(path: StrPath) -> Evening:
    """The journal at ``path``; UserError naming it when it is no journal or cannot be read."""
    source = os.fspath(path)
    try:
        doc = json.loads(read_bytes(path).decode("utf-8-sig"))
    except (UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise UserError(source, "", f"not an evening's journal of the tablets (mpxl tablets start writes one): {exc}") \
            from None
    if not isinstance(doc, dict) or doc.get(MARK) != VERSION:
        raise UserError(source, "", f"not an evening's journal of the tablets (no \"{MARK}\": {VERSION})")
    try:
        return Evening.from_json(doc)
    except (KeyError, TypeError, ValueError, IndexError) as exc:
        raise UserError(source, "", f"the journal cannot be read ({type(exc).__name__}: {exc})") from None


def write_evening(ev: Evening, path: StrPath) -> None:
    """Write the journal atomically, synced to the disk before it replaces the old one (a power cut leaves the
    old or the new, whole)."""
    doc = ev.to_json()  # a line a key: the movement, the players, the log of each queue
    text = "{\n" + ",\n".join(f"{json.dumps(k)}: {json.dumps(v, ensure_ascii=False)}" for k, v in doc.items()) + "\n}"
    with atomic_write(path) as f:
        f.write(text + "\n")
        f.flush()
        os.fsync(f.fileno())


def read_journal(path: StrPath) -> Event:
    """The event of the journal at ``path`` (:func:`mpxl.formats.read_event`'s reader of it)."""
    return evening_reading(path).event


def evening_reading(path: StrPath) -> Reading:
    """The event of the journal at ``path`` and what a scorer must look at, by the tablets' database's rules."""
    from .bws import event_from_rows

    ev = read_evening(path)
    reading = event_from_rows(evening_tables(ev), os.fspath(path))
    played = {ln.board for ln in reading.event.lines}  # the hands of the boards played so far, as --deals gives them
    reading.event.deals = {b: d for b, d in reading.event.deals.items() if b in played}
    reading.event.title = ev.title  # none given: read_input names the event as it names a .bws
    if ev.date:
        reading.event.date = ev.date
    reading.notes.extend(ev.changes)
    for key, names in ev.earlier_names.items():
        section, number, direction = key.split("/")
        reading.earlier_names[(section, number, direction or None)] = [tuple(n) for n in names]
    return reading
