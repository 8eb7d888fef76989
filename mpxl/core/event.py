"""The event model every reader fills and every writer and scorer reads.

An event is a list of traveller lines and a list of pairs. A line's ``score`` is
what the scorer or the file wrote, read once where the line is built
(:func:`mpxl.core.adjustments.read_score`): an NS score (int), or text kept as written
with its parse (:class:`mpxl.core.adjustments.ScoreText`: an artificial code such as
``A6040`` or ``A+/A+``, a weighted or split score, a not-played code), or None when the
cell is blank; :attr:`Line.entry` gives its entry. What the writers need of a line, a pair, a
penalty (the score its contract gives, the member numbers, the names as one cell) the model says too. What the
file's own program published (matchpoints, percentages, places) is kept beside
the raw data so ``mpxl check`` can compare.

>>> ev = Event(lines=[Line(1, "1", "2", score=420), Line(1, "3", "4", score=-50)])
>>> [b for b, _ in ev.boards()]
[('', 1)]
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field, fields
from fractions import Fraction
from itertools import chain, repeat
from operator import attrgetter
from typing import Any, NamedTuple, TypeVar

from .adjustments import Entry, LinePenalty, LineScore, ScoreText, cell_number, entry_of, plain_number, read_penalty
from .analysis import Analysis
from .cards import check_hands
from .contract import board_vulnerability, ns_score
from .rules import PASS_SPELLINGS, Side, code_key, contract_keys
from .settings import Field

__all__ = ["Line", "Pair", "Event", "Penalty", "SitOut", "Player", "SessionFigures", "MasterPoints", "Club", "Deal",
           "SEATS", "BoardKey", "PairKey", "Travellers", "SCORED_COLUMNS", "gather", "LineScore", "names_cell",
           "names_text", "PLAIN_CONTRACTS"]

T = TypeVar("T")

#: A board within an event: (section, board number); section "" across sections.
BoardKey = tuple[str, int]
#: A pair within an event: (section, number, direction).
PairKey = tuple[str, str, "str | None"]

#: The four seats in the order a :class:`Deal` holds its hands (PBN's ``[Deal "N:..."]``).
SEATS = ("N", "E", "S", "W")


@dataclass(frozen=True)
class Player:
    """One player of a pair as the file names them: name and the ids the file carries ('' when not)."""

    name: str = ""
    national_id: str = ""  # USEBIO NATIONAL_ID_NUMBER; PBN TotalScoreTable MemberID1 / MemberID2
    club_id: str = ""  # USEBIO CLUB_ID_NUMBER
    #: where the player sat, for messages ("section A, table 3, N"); '' when the file does not say
    seat: str = field(default="", compare=False, repr=False)


class MasterPoints(NamedTuple):  # a plain value: a named tuple costs less to declare than a dataclass
    """Master points a pair was awarded, as the file writes them (USEBIO MASTER_POINTS)."""

    awarded: str
    kind: str = ""  # MASTER_POINT_TYPE, e.g. "Black", "Blue"


class Club(NamedTuple):  # a plain value: a named tuple costs less to declare than a dataclass
    """The club that ran the event (USEBIO CLUB)."""

    name: str = ""
    id: str = ""


@dataclass(frozen=True)
class Deal:
    """A board's four hands, each ``spades.hearts.diamonds.clubs`` (``AKQ2.J3.T98.765``, ``-``
    for a void as PBN writes it, '' when the hand is not known), in :data:`SEATS` order.
    ``dealer`` (N, E, S, W) and ``vulnerable`` (PBN's ``None``, ``NS``, ``EW``, ``All``) as the
    file gives them; '' when not known (the writers then give the board number's).

    >>> d = Deal.from_pbn(2, "E:AKQJ.T98.765.432 - - -")
    >>> d.hands[1], d.to_pbn()
    ('AKQJ.T98.765.432', 'N:- AKQJ.T98.765.432 - -')
    """

    board: int
    hands: tuple[str, ...] = ("", "", "", "")
    dealer: str = ""
    vulnerable: str = ""

    @classmethod
    def from_pbn(cls, board: int, text: str, dealer: str = "", vulnerable: str = "") -> Deal:
        """A deal from PBN's ``[Deal]`` value: the first seat, a colon, then four hands clockwise
        (``-`` for a hand not given). ValueError for anything else, or a damaged deal (a card twice, a
        hand of 12: :func:`mpxl.core.cards.check_hands`)."""
        first, sep, rest = text.strip().partition(":")
        first = first.strip().upper()
        hands = rest.split()
        if not sep or first not in SEATS or len(hands) != 4:
            raise ValueError(f"Deal {text!r}: expected the first seat (N, E, S or W), a colon and four hands")
        start = SEATS.index(first)
        ordered = [""] * 4
        for i, hand in enumerate(hands):
            if hand != "-" and hand.count(".") != 3:
                raise ValueError(f"Deal {text!r}: the hand {hand!r} needs four suits separated by dots")
            ordered[(start + i) % 4] = "" if hand == "-" else hand.upper()
        check_hands(ordered, whole=False)
        return cls(board, tuple(ordered), dealer, vulnerable)

    def to_pbn(self) -> str:
        """PBN's ``[Deal]`` value, from North."""
        return "N:" + " ".join(h or "-" for h in self.hands)


@dataclass(slots=True)
class Line:
    """One traveller line: one table's result on one board.

    Built by name past the section: ``Line(3, "1", "2", score=420, contract="4S", declarer="N", tricks=10)``
    (the column-by-column CSV reading alone passes every field in order, for speed). A score given as
    text is read here, once: a :class:`mpxl.core.adjustments.ScoreText` holding its parse.

    >>> Line(1, "1", "2", score="A+").score.entry
    Artificial(ns=Fraction(60, 1), ew=Fraction(40, 1))
    """

    board: int
    ns_pair: str
    ew_pair: str
    section: str = ""
    score: LineScore = None  # NS score (int), a ScoreText (an adjustment, a not-played code) or None (blank)
    contract: str | None = None
    declarer: str | None = None
    tricks: int | None = None
    lead: str | None = None
    table: int | str | None = None  # a table number, or the file's own label when not a number
    group: str = ""  # fouled-board group label; blank = the board's one group
    arrowswitch: bool = False
    #: procedural penalty: matchpoints (2) or percentage of top ("10%"), read once here (LinePenalty)
    ns_penalty: LinePenalty | None = None
    ew_penalty: LinePenalty | None = None
    session: int = 1
    published_ns_mp: float | None = None  # the file's own figures, for `mpxl check`
    published_ew_mp: float | None = None
    where: str = ""  # where in the source file, for messages: "line 12", "BOARD 3, TRAVELLER_LINE 4"
    note: str = ""  # the file's note on the line (USEBIO NOTES)
    published_ns_pct: float | None = None  # the file's own percentage of the line (PBN Percentage_NS / _EW)
    published_ew_pct: float | None = None
    #: the file's cells mpxl does not read (a PBN column such as Round, or a score cell's own text
    #: when it says more than the score: ``800>a``), kept to be written back; None when there are none
    extra: dict[str, str] | None = None

    def __post_init__(self) -> None:
        if type(self.score) is str:  # read once, here (a reader's own values are read already)
            self.score = ScoreText(self.score)
        if self.ns_penalty is not None and type(self.ns_penalty) is not LinePenalty:
            self.ns_penalty = read_penalty(self.ns_penalty)
        if self.ew_penalty is not None and type(self.ew_penalty) is not LinePenalty:
            self.ew_penalty = read_penalty(self.ew_penalty)

    @property
    def entry(self) -> Entry:
        """The score's entry, as it was read (:func:`mpxl.core.adjustments.entry_of`: not parsed again);
        ValueError when the score is no score.

        >>> Line(1, "1", "2", score="60/40").entry, Line(1, "1", "2").entry
        (Artificial(ns=Fraction(60, 1), ew=Fraction(40, 1)), None)
        """
        return entry_of(self.score)

    @property
    def contract_score(self) -> int | None:
        """The NS score the line's contract, declarer and tricks give on its board (the board number's
        vulnerability), the contract in a plain spelling (:data:`PLAIN_CONTRACTS`); None when they give none.

        >>> Line(1, "1", "2", contract="4 s", declarer="N", tricks=10).contract_score
        420
        >>> Line(1, "1", "2", contract="4♠", declarer="N", tricks=10).contract_score is None
        True
        """
        if not self.contract or code_key(self.contract) not in PLAIN_CONTRACTS:
            return None
        try:
            return ns_score(self.contract, self.declarer, self.tricks, board_vulnerability(self.board))
        except (ValueError, TypeError):
            return None


#: The contracts in their plain spellings (:func:`mpxl.core.rules.code_key`'s form): the rulebook's contract keys
#: and pass spellings, which the template's contract formula reads too.
PLAIN_CONTRACTS = frozenset([key for key, *_ in contract_keys()] + list(PASS_SPELLINGS))


@dataclass(frozen=True)
class SitOut:
    """A pair's sit-out on a board: its table had no opponents (a phantom pair in a movement with an
    odd number of pairs), so the board has no line there; not a result, not a line, not in N.

    Files that list the table anyway (PBN ``-`` for the absent pair with a ``Bye`` score, a CSV row
    with one pair and ``sitout``) give one. A pair's totals count it as a board it missed only under
    ``--unplayed own`` (each such board credited with its own percentage).
    """

    board: int
    pair: str
    direction: Side  # the side the present pair sat
    section: str = ""
    session: int = 1
    where: str = ""
    published_mp: float | None = None  # the credit the file gives the pair for the board (Ruter's Bye row)
    published_pct: float | None = None  # and its percentage
    note: str = ""  # the file's note on the sit-out (USEBIO NOTES)
    table: int | str | None = None  # the table the pair sat at, as the file gives it (PBN Table)
    round: str | None = None  # the round, as the file writes it (PBN Round), written back


@dataclass(frozen=True)
class Penalty:
    """A procedural penalty (or bonus) given to one pair on one board, written as its own row (Ruter's
    ``Pen`` row): ``amount`` matchpoints, on the event's scale, added to the pair's total (negative
    for a penalty); the board's figures are untouched. A line's own penalty is
    :attr:`Line.ns_penalty` / :attr:`Line.ew_penalty` instead, taken off that line's figure.
    """

    board: int
    pair: str
    direction: Side  # the side the pair sat on the board
    amount: Fraction
    section: str = ""
    session: int = 1
    where: str = ""

    @property
    def typed(self) -> int | float:
        """The amount as a cell holds it: an int when whole (``2``), else a float (``-1.5``)."""
        return cell_number(Fraction(self.amount))

    @property
    def plain(self) -> bool:
        """Whether a cell shows the amount as it is (it has no more decimals than a cell shows).

        >>> Penalty(1, "3", "NS", Fraction(-3, 2)).plain, Penalty(1, "3", "NS", Fraction(1, 3)).plain
        (True, False)
        """
        return plain_number(self.amount) is not None


@dataclass(frozen=True)
class SessionFigures:
    """A pair's published figures in one session of a several-session event: its matchpoints, percentage and
    place there (None where the file gives none) and where the file has them."""

    mp: float | None = None
    percentage: float | None = None
    place: str | None = None
    where: str = ""


@dataclass
class Pair:
    """A pair; ``direction`` is 'NS' or 'EW' in a two-winner field, None in a one-winner field."""

    number: str
    section: str = ""
    direction: str | None = None
    names: tuple[str, ...] = ()
    session: int = 1
    published_mp: float | None = None
    published_percentage: float | None = None
    published_place: str | None = None
    published_max: float | None = None
    where: str = ""
    players: tuple[Player, ...] = ()  # Player per name, with the ids the file gives; () when it gives only names
    master_points: tuple[MasterPoints, ...] = ()  # MasterPoints awarded, as the file gives them
    published_tiebreak: float | None = None  # the program's tie-break figure (PBN Tiebreak): higher ranks first
    #: the file's columns mpxl does not read (PBN TotalScoreTable Table, Club, RankTie, Sex1...): written back
    extra: dict[str, str] = field(default_factory=dict)
    #: session -> the pair's own figures in that session of a several-session event, as the file gives them (a
    #: USEBIO SESSION's PARTICIPANTS); the ``published_*`` figures above are the event's
    published_sessions: dict[int, SessionFigures] = field(default_factory=dict)

    def people(self) -> tuple[Player, ...]:
        """The pair's players: :attr:`players` when the file gave them, else a Player per name.

        >>> Pair("1", names=("Ann", "Bob")).people()
        (Player(name='Ann', national_id='', club_id=''), Player(name='Bob', national_id='', club_id=''))
        """
        return self.players or tuple(Player(n) for n in self.names)

    @property
    def members(self) -> tuple[str, ...]:
        """The member numbers of the pair's players ('' for one without), in order.

        >>> Pair("1", players=(Player("Ann", "12"), Player("Bob"))).members, Pair("2", names=("Cy",)).members
        (('12', ''), ('',))
        """
        return tuple(pl.national_id for pl in self.people())

    @property
    def names_text(self) -> str:
        """The players' names as one cell (:func:`names_text`); ValueError, naming the pair and what to do, when it
        would not read back as them.

        >>> Pair("3", "A", "EW", names=("Ann & Bob",)).names_text
        Traceback (most recent call last):
        ...
        ValueError: section A, pair EW 3: the names ('Ann & Bob',) cannot be told apart ...: correct the name ...
        """
        try:
            return names_text(self.names)
        except ValueError as exc:
            who = ", ".join(x for x in (f"section {self.section}" if self.section.strip() else "",
                                        f"pair {self.direction + ' ' if self.direction else ''}{self.number}") if x)
            raise ValueError(f"{who}: {exc}: correct the name where it was typed (one player's name a seat)") from None

    @property
    def key(self) -> PairKey:
        """The pair's identity within the event: (section, number, direction)."""
        return (self.section, self.number, self.direction)


@dataclass
class Event:
    """A whole event as read from a file or typed into a workbook."""

    lines: list[Line] = field(default_factory=list)
    pairs: list[Pair] = field(default_factory=list)
    title: str = ""
    date: str = ""
    program: str = ""  # the program that wrote the file, e.g. "EBUScore Pairs 1.2.24"
    source: str = ""  # the file it was read from
    winners: dict[str, int] = field(default_factory=dict)  # section -> 1 or 2 (one- or two-winner field)
    scale: int | None = None  # what the file's program used, when it says
    published_decimals: int | None = None  # how many decimals the file's matchpoints carry
    line_percentage_decimals: int | None = None  # the decimals of the lines' published percentages, if any
    field_scoring: Field | None = None  # how the file's boards were compared (section or event)
    notes: list[str] = field(default_factory=list)
    #: what the reader read with a doubt, for the command to print (``line 1: warning: column ...``)
    warnings: list[str] = field(default_factory=list, compare=False)
    #: what a reader found to settle before the figures are published, one message each (a workbook's figure its
    #: sheet shows as ?, a line's pair not on its Pairs sheet): ``check`` exits 1 on them, ``score`` names them
    to_settle: list[str] = field(default_factory=list, compare=False)
    sitouts: list[SitOut] = field(default_factory=list)  # tables with one pair and no opponents
    #: (session, section, board) -> how many tables the movement plays the board at (both pairs there), when the
    #: file knows its movement (the tablets' RoundData); empty when not known. N of a field is at least the most of
    #: these, so a board is estimated to the whole evening's N while results still arrive (:mod:`mpxl.core.progress`)
    plays: dict[tuple[int, str, int], int] = field(default_factory=dict)
    #: results still arriving (``mpxl score --watch``): a board is estimated to the movement's N (:attr:`plays`) and
    #: the page says how far the evening has come. A file scored once (``score``, ``check``) takes N from its
    #: results, as the scoring programs do: an evening cut short by a round keeps the N its boards were played to
    #: (its missing results are named as lines to settle)
    live: bool = field(default=False, compare=False)
    penalties: list[Penalty] = field(default_factory=list)  # penalties given as rows of their own
    #: the file's header fields (PBN ``% <META name=... content=...>``: Generator, ScoringType...), in order
    meta: dict[str, str] = field(default_factory=dict)
    club: Club | None = None
    event_type: str = ""  # USEBIO EVENT_TYPE as the file gives it (MP_PAIRS, PAIRS, ...)
    venue: str = ""  # USEBIO VENUE, PBN [Site]
    deals: dict[int, Deal] = field(default_factory=dict)  # board number -> Deal, as the first session to play it has it
    #: (session, board) -> the deal of a later session's board whose number an earlier session plays too (a
    #: USEBIO HANDSET inside that SESSION): board 1 of session 2 is another deal than board 1 of session 1
    session_deals: dict[tuple[int, int], Deal] = field(default_factory=dict)
    #: board number -> its double-dummy analysis, as the file's tags give it (mpxl.formats.pbn_analysis) or solved
    analyses: dict[int, Analysis] = field(default_factory=dict)
    session_number: int | None = None  # this file is session k of a longer event (PBN META CRSession)
    session_count: int | None = None  # of so many sessions (PBN META CRSessionCount)
    scoring_tag: str = ""  # PBN's board-level [Scoring] tag as the file writes it ("MatchPoints;MP1"), written back
    #: the settings the file itself declares (a workbook's Setup sheet), as ScoringOptions' typed fields:
    #: scored with them, the command line's options over them
    declared_options: dict[str, Any] = field(default_factory=dict)
    #: what :func:`mpxl.core.pairings.check_duplicates` last found clean: (the lines list, a stamp)
    _duplicates_checked: tuple[object, object] | None = field(default=None, init=False, repr=False, compare=False)

    def deal(self, session: int, board: int, first: int) -> Deal | None:
        """The deal of ``board`` of ``session``, ``first`` the first session to play that number: that session's
        own (:attr:`session_deals`), else the deal of the number (:attr:`deals`, a file naming no session) for the
        first session to play it; None for a later session's board of a number played before (not its deal).

        >>> ev = Event(deals={1: Deal(1, ("A",) * 4)}, session_deals={(3, 1): Deal(1, ("K",) * 4)})
        >>> [(s, d.hands[0] if (d := ev.deal(s, 1, 1)) else None) for s in (1, 2, 3)]
        [(1, 'A'), (2, None), (3, 'K')]
        """
        own = self.session_deals.get((session, board))
        if own is not None:
            return own
        return self.deals.get(board) if session == first else None

    @staticmethod
    def first_sessions(played: Iterable[tuple[int, int]]) -> dict[int, int]:
        """Board number -> the first session to play it, of the (session, board) ``played`` (:meth:`deal`'s
        ``first``).

        >>> Event.first_sessions([(2, 1), (1, 1), (2, 28)])
        {1: 1, 28: 2}
        """
        out: dict[int, int] = {}
        for session, board in played:
            if session < out.get(board, session + 1):
                out[board] = session
        return out

    def boards(self, across_sections: bool = False) -> Iterator[tuple[BoardKey, list[Line]]]:
        """Group the lines by (section, board), or by ('', board) across sections, in order.

        >>> ev = Event(lines=[Line(2, "1", "2", "A"), Line(1, "1", "2", "B"), Line(1, "3", "4", "B")])
        >>> [(k, len(v)) for k, v in ev.boards()]
        [(('A', 2), 1), (('B', 1), 2)]
        """
        groups: dict[BoardKey, list[Line]] = {}
        for ln in self.lines:
            key = ("" if across_sections else ln.section, ln.board)
            groups.setdefault(key, []).append(ln)
        for key in sorted(groups, key=lambda k: (str(k[0]), k[1])):
            yield key, groups[key]

    def sections(self) -> list[str]:
        """The section names in order of first appearance.

        >>> Event(lines=[Line(1, "1", "2", "B"), Line(1, "1", "2", "A")]).sections()
        ['B', 'A']
        """
        seen: dict[str, None] = {}
        for ln in self.lines:
            seen.setdefault(ln.section, None)
        for p in self.pairs:
            seen.setdefault(p.section, None)
        return list(seen)


def names_cell(text: str | None) -> tuple[str, ...]:
    """A pair's names cell (a CSV's ``ns_names`` / ``ew_names``, the Pairs sheet's Names) as the players' names.

    Names are parted by `` & `` (as written) when the cell has one, else by ``&``, so a name may
    hold an ``&`` of its own.

    >>> names_cell(" Ann Smith & Bob Jones "), names_cell(None), names_cell("Ann&Bob"), names_cell("A&B & C")
    (('Ann Smith', 'Bob Jones'), (), ('Ann', 'Bob'), ('A&B', 'C'))
    """
    text = text or ""
    parts = _NAMES_JOIN.split(text) if _NAMES_JOIN.search(text) else text.split("&")
    return tuple(n.strip() for n in parts if n.strip())


_NAMES_JOIN = re.compile(r"\s+&\s+")


def names_text(names: tuple[str, ...]) -> str:
    """The players' names as one names cell; ValueError when the cell could not be read back as these
    names (a name with `` & `` in it, or one that starts or ends with ``&``).

    >>> names_text(("Ann", "B&B"))
    'Ann & B&B'
    >>> names_text(("Ann & Bob", "Cy"))
    Traceback (most recent call last):
    ...
    ValueError: the names ('Ann & Bob', 'Cy') cannot be told apart in one cell (parted by ' & ')
    """
    text = " & ".join(names)
    if names_cell(text) != tuple(n.strip() for n in names if n.strip()):
        raise ValueError(f"the names {tuple(names)!r} cannot be told apart in one cell (parted by ' & ')")
    return text


#: The Line fields :class:`Travellers` holds as columns, in Line's order.
_COLUMNS = ("board", "ns_pair", "ew_pair", "section", "score", "contract", "declarer", "tricks", "lead", "table",
            "group", "arrowswitch", "ns_penalty", "ew_penalty", "session")


#: The columns the scorer and the pairs' totals read.
SCORED_COLUMNS = ("board", "ns_pair", "ew_pair", "section", "score", "group", "arrowswitch", "ns_penalty",
                  "ew_penalty", "session")


@dataclass
class Travellers:
    """Traveller lines as columns of equal length (one item per line): what the scorer reads.

    ``score`` is an NS score (int), None (blank), or an artificial, weighted or split score or a
    not-played code as text (``'A+'``, ``'30% 420 + 70% 450'``, ``'NP'``): read once here as a Line reads
    it (:func:`mpxl.core.adjustments.read_score`, each distinct text once).
    Any other column may be left out (None): every line then has :class:`Line`'s default
    (section ``''``, no table, session 1, no group, arrowswitch or penalty).

    >>> t = Travellers(board=[1, 1], ns_pair=["1", "3"], ew_pair=["2", "4"], score=[420, None])
    >>> line = t.lines()[1]
    >>> len(t), t.column("section"), (line.ns_pair, line.score, line.session, line.where)
    (2, ['', ''], ('3', None, 1, 'line 3'))
    >>> Travellers.of_lines(t.lines()).score
    [420, None]
    """

    board: list[Any]
    ns_pair: list[Any]
    ew_pair: list[Any]
    score: list[LineScore]
    section: list[Any] | None = None
    table: list[Any] | None = None
    session: list[Any] | None = None
    #: What was played, kept for the output (the scoring reads only ``score``): texts, tricks a
    #: whole number; None where not known.
    contract: list[Any] | None = None
    declarer: list[Any] | None = None
    tricks: list[Any] | None = None
    lead: list[Any] | None = None
    #: Fouled-board groups, arrowswitches, procedural penalties (None: none in the event).
    group: list[Any] | None = None
    arrowswitch: list[Any] | None = None
    ns_penalty: list[LinePenalty | None] | None = None  # read once here (:func:`mpxl.core.adjustments.read_penalty`)
    ew_penalty: list[LinePenalty | None] | None = None
    #: What the file's own published NS matchpoints carry (their most decimals), None when it
    #: publishes none: the conventions read it (:func:`mpxl.core.conventions.detect_from`), not the scoring.
    published_decimals: int | None = None
    #: :func:`mpxl.core.pairings.travellers_board_ranges`' answers, made once (the columns are not edited once read).
    board_ranges_made: dict[bool, Any] = field(default_factory=dict, init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        if any(type(s) is str for s in self.score):
            self.score = _read_scores(self.score)
        for name in ("ns_penalty", "ew_penalty"):
            column = getattr(self, name)
            if column is not None and not all(p is None or type(p) is LinePenalty for p in column):
                setattr(self, name, list(map(read_penalty, column)))
        for name in _COLUMNS[1:]:
            column = getattr(self, name)
            if column is not None and len(column) != len(self.board):
                raise ValueError(f"Travellers: {name} has {len(column)} lines, board has {len(self.board)}")

    def __len__(self) -> int:
        return len(self.board)

    def column(self, name: str) -> list[Any]:
        """The column ``name``, with Line's default on every line where it is left out."""
        values: list[Any] | None = getattr(self, name)
        if values is not None:
            return values
        return [_DEFAULTS[name]] * len(self.board)

    @property
    def has_details(self) -> bool:
        """Whether a line has a fouled-board group, an arrowswitch or a penalty (the board scorer's general path)."""
        return any(any(column) for column in (self.group, self.arrowswitch, self.ns_penalty, self.ew_penalty)
                   if column is not None)

    @classmethod
    def of_lines(cls, lines: list[Line], names: Iterable[str] = _COLUMNS) -> Travellers:
        """The lines' columns ``names`` (the required four and any others); an optional column whose
        every line has Line's default is left out (None).

        >>> t = Travellers.of_lines([Line(1, "1", "2", score=420)], SCORED_COLUMNS)
        >>> t.score, t.section, t.contract
        ([420], None, None)
        """
        columns: dict[str, Any] = {}  # each field's column: its own type
        for name in names:
            column = list(map(attrgetter(name), lines))
            default = _DEFAULTS.get(name, column)
            if column.count(default) != len(column) or name in _COLUMNS[:3] or name == "score":
                columns[name] = column
        return cls(**columns)

    def lines(self, first_line: int = 2) -> list[Line]:
        """One :class:`Line` per line; ``where`` is ``line 2``, ``line 3``... (from ``first_line``: a CSV's rows)."""
        return self.lines_in([range(len(self.board))], first_line)

    def lines_in(self, ranges: Sequence[range], first_line: int = 2) -> list[Line]:
        """A :class:`Line` for each line at ``ranges`` (in order), as :meth:`lines` makes it: a writer
        makes the Lines of one board at a time.

        >>> t = Travellers(board=[1, 2, 1], ns_pair=["1", "1", "3"], ew_pair=["2", "4", "4"], score=[420, 50, None])
        >>> [(ln.board, ln.ns_pair, ln.where) for ln in t.lines_in([range(0, 3, 2)])]
        [(1, '1', 'line 2'), (1, '3', 'line 4')]
        """
        columns = [repeat(_DEFAULTS[name]) if getattr(self, name) is None else gather(getattr(self, name), ranges)
                   for name in _COLUMNS]
        none = repeat(None)
        wheres = map("line {}".format, (i + first_line for r in ranges for i in r))
        return list(map(Line, *columns, none, none, wheres))  # Line's fields in order, column by column


_DEFAULTS = {f.name: f.default for f in fields(Line)}


def _read_scores(column: Iterable[LineScore]) -> list[LineScore]:
    """A score column with each text read (a :class:`mpxl.core.adjustments.ScoreText`), each distinct text once.

    >>> scores = _read_scores([420, "A+", None, "A+"])
    >>> scores, type(scores[1]).__name__, scores[1] is scores[3]
    ([420, 'A+', None, 'A+'], 'ScoreText', True)
    """
    texts: dict[str, ScoreText] = {}
    return [texts.get(s) or texts.setdefault(s, ScoreText(s)) if type(s) is str else s for s in column]


def gather(column: list[T], ranges: Sequence[range]) -> list[T]:
    """The items of ``column`` at ``ranges``, in order.

    >>> gather(list("abcdef"), [range(0, 2), range(3, 6, 2)])
    ['a', 'b', 'd', 'f']
    """
    if len(ranges) == 1:
        r = ranges[0]
        return column[r.start:r.stop:r.step]
    return list(chain.from_iterable(column[r.start:r.stop:r.step] for r in ranges))
