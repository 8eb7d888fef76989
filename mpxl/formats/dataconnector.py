"""mpxl's evening in the DTOs of Bridgemate's Data Connector (BCS 5), and the connector spoken to.

The DTOs, their wire spelling and their validators are the maker's own package,
``bridgemate-dataconnector-client`` (the extra ``mpxl-bridge[tablets]``): this module builds them from the
evening's journal (:class:`mpxl.formats.journal.Evening`: the movement of each section, the players, the
hands), checks each with the package's ``validate_*_dto`` before it is sent (a refusal names what was
refused and why, in the package's words), and turns what comes back into the journal's items (each
polled DTO decoded by its class and written back in the wire's spelling).

:class:`Connector` is the package's ``DataConnectorClient`` with every failure one line
(:class:`ConnectorError`): the Data Connector not answering (BCS 5 not installed or its service not
running, another PC unreachable), an answer that is no answer (not JSON, not the envelope, not the data
asked for), and the service's own refusal (a wrong club id or licence key, BCS not running, data it does
not take), each with its words. It polls the queues and accepts them up to the item id the journal
stored, never more (the client's own poll would fold an error into an empty list).
"""

from __future__ import annotations

import contextlib
import datetime as _dt
import json
import uuid
from collections.abc import Callable, Iterable, Iterator
from typing import Any, TypeVar

from bridgemate_dataconnector import (
    DataConnectorClient,
    TransportException,
    UrllibTransport,
    validate_continue_dto,
    validate_init_dto,
    validate_section_update_dto,
)
from bridgemate_dataconnector.dto import (
    Bm2ShowPlayerNamesOption,
    Bm3LeadCardEntryOption,
    Bm3PlayerRegistrationOption,
    Bm3TdCallOption,
    Bm3ViewPercentagesOption,
    Bm3ViewResultsOption,
    Bridgemate2SettingsDTO,
    Bridgemate3SettingsDTO,
    ContinueDTO,
    DataConnectorResponseData,
    ErrorType,
    HandrecordDTO,
    InitDTO,
    ParticipationDTO,
    PlayerDataDTO,
    ResultDTO,
    RoundDTO,
    ScoringGroupDTO,
    ScoringProgramDataConnectorCommands,
    ScoringProgramRequest,
    ScoringProgramResponse,
    SectionDTO,
    SectionUpdateDTO,
    SessionDTO,
    TableDirection,
    TableDTO,
    TdCallDTO,
)

from ..core.errors import UserError
from ..core.movement import Row
from .journal import SEAT_WORDS, Evening, Section, seat_key, split_name
from .names import Named

__all__ = ["ConnectorError", "Connector", "new_guid", "init_dto", "continue_dto", "section_update_dto",
           "seat_players", "checked", "QUEUE_WIRE", "START_COMMANDS", "CONTINUE_COMMANDS"]

T = TypeVar("T")
Cmd = ScoringProgramDataConnectorCommands
Data = DataConnectorResponseData

#: What ``mpxl tablets start`` asks of the Data Connector: start BCS, reset the tablets with this event, start
#: reading, and clear what an earlier event left in the queues.
START_COMMANDS = InitDTO.StartBCS | InitDTO.Command_Reset | InitDTO.Command_StartReading | InitDTO.Command_ClearData
#: And when it continues an event: start BCS (if it is not running), reconnect to the event, start reading.
CONTINUE_COMMANDS = InitDTO.StartBCS | InitDTO.Command_StartReading

#: Each queue mpxl polls (the journal's name): its poll and accept commands, the data its answer carries, its DTO.
QUEUE_WIRE: dict[str, tuple[Cmd, Cmd, Data, Any]] = {
    "results": (Cmd.PollQueueForNewResults, Cmd.AcceptResultQueueItems, Data.Results, ResultDTO),
    "participations": (Cmd.PollQueueForNewParticipations, Cmd.AcceptParticipantQueueItems, Data.Participations,
                       ParticipationDTO),
    "player_data": (Cmd.PollQueueForNewPlayerData, Cmd.AcceptPlayerDataQueueItems, Data.PlayerData, PlayerDataDTO),
    "td_calls": (Cmd.PollQueueForNewTdCalls, Cmd.AcceptTdCallQueueItems, Data.TdCalls, TdCallDTO),
}

#: The Data Connector's scoring of a pairs event in matchpoints, and its game type of a pairs section.
PAIRS = ScoringGroupDTO.ScoringType_Pairs
PAIRS_GAME = SectionDTO.GameType_Pairs



class ConnectorError(UserError):
    """The Data Connector could not be reached, answered what is no answer, or refused: one line."""


def new_guid() -> str:
    """A guid as the Data Connector takes one: 32 capitals and digits, no braces or dashes.

    >>> g = new_guid(); len(g), g == g.upper(), "-" in g
    (32, True, False)
    """
    return uuid.uuid4().hex.upper()


def checked(dto: T, validate: Callable[[T], bool], what: str) -> T:
    """``dto`` if the package's ``validate`` passes it; else ConnectorError naming ``what`` with the validator's
    messages (nothing is sent)."""
    if not validate(dto):
        messages = "; ".join(" ".join(str(m).split()) for m in getattr(dto, "validation_messages", None) or [])
        raise ConnectorError(what, "", f"refused before sending (the package's validator): {messages}")
    return dto


def _boards(row: Row, letters: str) -> tuple[int, int]:
    """A round's boards as the Data Connector takes them (low, high; 0, 0 for a sit-out or an empty table)."""
    if not row.ns or not row.ew or not row.boards:
        return 0, 0
    low, high = min(row.boards), max(row.boards)
    if list(row.boards) != list(range(low, high + 1)):
        raise ConnectorError(f"section {letters}", f"table {row.table}, round {row.round}",
                             f"boards {row.boards}: the Data Connector takes a round's boards as one run (low-high)")
    return low, high


def _tables(ev: Evening, letters: str, section: Section) -> list[TableDTO]:
    out: dict[int, TableDTO] = {}
    for row in sorted(section.rows, key=lambda r: (r.table, r.round)):
        table = out.setdefault(row.table, TableDTO(session_guid=ev.session_guid, section_letters=letters,
                                                   table_number=row.table, rounds=[]))
        low, high = _boards(row, letters)
        assert table.rounds is not None
        table.rounds.append(RoundDTO(session_guid=ev.session_guid, section_letters=letters, table_number=row.table,
                                     round_number=row.round, low_board_number=low, high_board_number=high,
                                     pair_ns=int(row.ns or 0), pair_ew=int(row.ew or 0)))
    return list(out.values())


def _group(ev: Evening, letters: str) -> int:
    return sorted(ev.sections).index(letters) + 1


def _section_dto(ev: Evening, letters: str, section: Section) -> SectionDTO:
    return SectionDTO(session_guid=ev.session_guid, scoring_group_number=_group(ev, letters), letters=letters,
                      winners=section.winners, game_type=PAIRS_GAME, missing_pair=section.missing_pair,
                      tables=_tables(ev, letters, section))


def _session_dto(ev: Evening) -> SessionDTO:
    day = _dt.date.fromisoformat(ev.date)
    now = _dt.datetime.now()
    groups = [ScoringGroupDTO(session_guid=ev.session_guid, club_id=ev.club_id,
                              sections=[_section_dto(ev, k, s)], scoring_group_number=_group(ev, k),
                              scoring_method=PAIRS, name=f"Section {k}") for k, s in sorted(ev.sections.items())]
    return SessionDTO(scoring_groups=groups, session_guid=ev.session_guid, name=ev.title or f"Pairs {ev.date}",
                      year=day.year, month=day.month, day=day.day, hour=now.hour, minute=now.minute)


def _first_seats(section: Section, pair: str, direction: str, after: int = 0) -> tuple[int, int, str] | None:
    """(round, table, 'NS' or 'EW') where ``pair`` (of ``direction``, '' in one field) first sits in the section's
    movement, from round ``after`` on."""
    for row in sorted(section.rows, key=lambda r: (r.round, r.table)):
        if row.round < after:
            continue
        if row.ns == pair and direction in ("", "NS"):
            return row.round, row.table, "NS"
        if row.ew == pair and direction in ("", "EW"):
            return row.round, row.table, "EW"
    return None


def seat_players(ev: Evening, seated: Named, after: int = 0) -> tuple[list[PlayerDataDTO], list[ParticipationDTO]]:
    """The players of ``seated`` into the journal (each where its pair first sits, from round ``after``) and as
    the Data Connector takes them: a player with a member number as player data and a participation by the
    number, one without by name; a pair first seated after round 1 (a late pair) as player data only (a
    section's participations are its first round's), typed at the table."""
    players: list[PlayerDataDTO] = []
    seats: list[ParticipationDTO] = []
    for (letters, pair, direction), people in sorted(seated.items()):
        section = ev.sections.get(letters)
        first = _first_seats(section, pair, direction, after) if section is not None else None
        named = " ".join(x for x in (f"section {letters}" if len(ev.sections) > 1 else "", direction, "pair",
                                     pair) if x)
        if first is None:
            raise ConnectorError(named, "", "named, but not in the movement" + (f" from round {after}" if after > 1
                                                                                 else ""))
        if section is not None and not direction and section.winners == 2 and {"NS", "EW"} <= {
                side for r in section.rows for side, p in (("NS", r.ns), ("EW", r.ew)) if p == pair}:
            raise ConnectorError(named, "", "named with no direction, and with two winners the movement has an NS "
                                 f"pair {pair} and an EW pair {pair}: give the names file a direction column "
                                 "(NS or EW)")
        rnd, table, side = first
        for (name, number), seat in zip(people, side[0] + ("S" if side == "NS" else "W")):
            if not name and not number:  # a seat the names leave blank (the pair's other player named)
                continue
            first_name, last_name = split_name(name)
            if number:
                ev.players[number] = name
                players.append(PlayerDataDTO(session_guid=ev.session_guid, club_id=ev.club_id, player_number=number,
                                             first_name=first_name or None, last_name=last_name or name))
            ev.seats[seat_key(letters, table, seat, rnd)] = [letters, table, seat, rnd if rnd > 1 else 0, number,
                                                            "" if number else name]
            if rnd == 1 and (number or last_name):
                seats.append(ParticipationDTO(
                    session_guid=ev.session_guid, section_letters=letters, table_number=table,
                    direction=TableDirection("NESW".index(seat) + 1), round_number=1,
                    player_number=number or None, first_name=None if number else first_name or None,
                    last_name=None if number else last_name))
    return players, seats


def _hands(ev: Evening) -> list[HandrecordDTO]:
    out = []
    for letters in sorted(ev.sections):
        for board, four in sorted(ev.deals.items()):
            cards: dict[str, Any] = {}
            for seat, hand in zip((SEAT_WORDS[x].lower() for x in "NESW"), four):
                for suit, held in zip(("spades", "hearts", "diamonds", "clubs"), (hand.split(".") + [""] * 4)[:4]):
                    cards[f"{seat}_{suit}"] = held
            out.append(HandrecordDTO(session_guid=ev.session_guid, scoring_group_number=_group(ev, letters),
                                     section_letters=letters, board_number=board, **cards))
    return out


def _settings(ev: Evening, pin: str, members: bool) -> tuple[list[Bridgemate2SettingsDTO],
                                                              list[Bridgemate3SettingsDTO]]:
    """The tablets' settings that follow from mpxl's: the lead entered (the page shows it), the director's calls
    on (mpxl polls them), each result and the others' on the board shown after play with the percentage (as
    the page's travellers), the players' names shown, and member numbers asked at the table when the names
    carry them (mpxl sends the members' results on)."""
    bm2, bm3 = [], []
    for letters in sorted(ev.sections):
        bm2.append(Bridgemate2SettingsDTO(
            session_guid=ev.session_guid, section_letters=letters, show_results=True, show_own_result=True,
            show_percentage=True, lead_card=True, member_numbers=members, bm2_td_call=True, bm2_pi_ncode=pin,
            bm2_show_player_names=Bm2ShowPlayerNamesOption.ShowInAllRounds))
        bm3.append(Bridgemate3SettingsDTO(
            session_guid=ev.session_guid, section_letters=letters, bm3_screen_brightness=5, bm3_pi_ncode=pin,
            bm3_td_call=Bm3TdCallOption.Enabled, bm3_lead_card_entry=Bm3LeadCardEntryOption.EnabledNoValidation,
            bm3_player_number_entry=(Bm3PlayerRegistrationOption.FirstRoundOnly if members
                                     else Bm3PlayerRegistrationOption.Disabled),
            bm3_view_results=Bm3ViewResultsOption.OwnResultAndOtherResults,
            bm_view_percentages=Bm3ViewPercentagesOption.Enabled))
    return bm2, bm3


def init_dto(ev: Evening, seated: Named, pin: str) -> InitDTO:
    """The InitDTO of the evening: its session, a scoring group a section (matchpoints), the tables and rounds
    of each section's movement, the players, the hands and the tablets' settings; checked by the package's
    validator (ConnectorError naming what it refused)."""
    players, seats = seat_players(ev, seated)
    bm2, bm3 = _settings(ev, pin, any(number for people in seated.values() for _, number in people))
    # the validator asks for a player-data list wherever there are participations, even an empty one: players
    # seated by name alone (a names file without member numbers) have no player data
    dto = InitDTO(commands=START_COMMANDS, club_id=ev.club_id, sessions=[_session_dto(ev)],
                  player_data=players if players or seats else None, participations=seats or None,
                  handrecords=_hands(ev) or None,
                  bridgemate2_settings=bm2, bridgemate3_settings=bm3)
    return checked(dto, validate_init_dto, "the event (InitDTO)")


def continue_dto(ev: Evening) -> ContinueDTO:
    """The ContinueDTO of an evening set up before (mpxl restarted mid-evening): the same event, not a new one."""
    dto = ContinueDTO(event_guid=ev.event_guid or ev.session_guid, club_id=ev.club_id, commands=CONTINUE_COMMANDS)
    return checked(dto, validate_continue_dto, "continuing the event (ContinueDTO)")


def section_update_dto(ev: Evening, letters: str, added: Iterable[PlayerDataDTO] = (),
                       seats: Iterable[ParticipationDTO] = ()) -> SectionUpdateDTO:
    """The SectionUpdateDTO of a section's movement as the journal now has it (every table, every round), with the
    players added since the start; checked by the package's validator."""
    section = ev.sections[letters]
    dto = SectionUpdateDTO(session_guid=ev.session_guid, club_id=ev.club_id, scoring_group_number=_group(ev, letters),
                           scoring_group_scoring_method=PAIRS, letters=letters, winners=section.winners,
                           game_type=PAIRS_GAME, missing_pair=section.missing_pair,
                           added_players=list(added) or None,
                           participations=[p for p in seats if p.section_letters == letters] or None,
                           tables=_tables(ev, letters, section))
    return checked(dto, validate_section_update_dto, f"the movement of section {letters} (SectionUpdateDTO)")


class _Seen(UrllibTransport):
    """The package's own transport, remembering whether anything answered (an answer that is not JSON is told
    from no answer at all), and whether the service took a request and did not answer in time: the package's
    client tries a request five times, and a service that hangs would hold each try for the whole time limit
    (100 s: more than eight minutes); after one such try the others of the request fail at once."""

    def __init__(self, timeout_seconds: float) -> None:
        super().__init__(timeout_seconds)
        self.timeout = timeout_seconds
        self.body: str | None = None
        self.status: str = ""  # an HTTP error's status and reason, when the service answered with one
        self.timed_out = False  # the request was taken and not answered within the time limit

    def begin(self) -> None:
        """A new request (not another try of the last one)."""
        self.timed_out = False

    def get(self, url: str) -> str:
        self.body, self.status = None, ""
        with self._heard(url):
            self.body = super().get(url)
        return self.body

    def post(self, url: str, json_body: str) -> str:
        self.body, self.status = None, ""
        with self._heard(url):
            self.body = super().post(url, json_body)
        return self.body

    @contextlib.contextmanager
    def _heard(self, url: str) -> Iterator[None]:
        """The package's transport failing with an HTTP status (something answered: not "does not answer"): the
        status kept, the failure passed on to the package's client as it comes; a request taken and not answered
        in time noted, and not waited for again."""
        if self.timed_out:
            raise TransportException(f"Request to '{url}' not tried again: the last try timed out.")
        try:
            yield
        except TransportException as exc:
            if exc.status_code is not None:
                self.status = f"HTTP {exc.status_code}"
            # the connection made, no answer in time (a connection not made in time is an URLError, not this)
            self.timed_out = isinstance(exc.__cause__, TimeoutError)
            raise


class Connector:
    """The Data Connector at ``address`` (None: the one the package's client finds on this PC), for the club
    ``club_id`` with its ``licence_key``; each failure a :class:`ConnectorError` of one line."""

    def __init__(self, club_id: str, licence_key: str, address: str | None = None, timeout: float = 100.0,
                 transport: Any = None) -> None:
        self.club_id = club_id
        self.transport = transport if transport is not None else _Seen(timeout)
        try:
            self.client = DataConnectorClient(club_id, licence_key, address or None, self.transport)
        except ValueError as exc:
            raise ConnectorError("--connector", "", f"{exc} (such as http://192.168.1.50:5079)") from None
        self.address = self.client.base_address

    def send(self, command: Cmd, data: str = "", session_guid: str = "") -> ScoringProgramResponse:
        """Send ``command`` with its serialized ``data``; the answer if the service took it."""
        request = ScoringProgramRequest(command=command, session_guid=session_guid, serialized_data=data)
        what = command.name
        begin = getattr(self.transport, "begin", None)
        if begin is not None:
            begin()
        try:
            response = self.client.send_request(request)
        except (KeyError, TypeError, ValueError, AttributeError) as exc:  # JSON, but not the envelope
            raise ConnectorError(self.address, what, f"a malformed answer from the Data Connector "
                                 f"({type(exc).__name__}: {exc})") from None
        if response.data_type == Data.Error:
            message = _text(response.serialized_data)
            answered = getattr(self.transport, "body", "") is not None
            status = getattr(self.transport, "status", "")
            if response.error_type == ErrorType.NoConnection and getattr(self.transport, "timed_out", False):
                raise ConnectorError(self.address, what, "the Data Connector took the request but did not answer "
                                     f"within {getattr(self.transport, 'timeout', 0):g} s: BCS busy or its service "
                                     "hung (restart BCS 5 and its Data Connector on that PC if it goes on)")
            if response.error_type == ErrorType.NoConnection and status:
                raise ConnectorError(self.address, what, f"the service there answered {status}: not the Data "
                                     "Connector, or a version that does not take this request (BCS 5's Data "
                                     f"Connector listens on port 5079) ({message})")
            if response.error_type == ErrorType.NoConnection and not answered:
                raise ConnectorError(self.address, what, "the Data Connector does not answer: is BCS 5 installed "
                                     "and its Data Connector running on that PC? (another PC: --connector "
                                     f"http://ADDRESS:5079, its port open) ({message})")
            if response.error_type in (ErrorType.NoConnection, ErrorType.EmptyResponse) and answered:
                raise ConnectorError(self.address, what, f"a malformed answer from the Data Connector ({message})")
            hint = (" (check --club-id and --licence-key: a club finds both in BCS 5's Data Connector settings, "
                    "as given by Bridge Systems)" if any(w in message.lower() for w in ("licen", "club")) else "")
            raise ConnectorError(self.address, what, f"refused ({response.error_type.name}): {message}{hint}")
        if response.request_command not in (command, Cmd.None_):
            raise ConnectorError(self.address, what, "a malformed answer from the Data Connector (it answers "
                                 f"{response.request_command.name})")
        return response

    def initialize(self, dto: InitDTO) -> None:
        self.send(Cmd.InitializeEvent, _wire(dto))

    def continue_event(self, dto: ContinueDTO) -> None:
        self.send(Cmd.ContinueEvent, _wire(dto))

    def update_movement(self, dto: SectionUpdateDTO) -> None:
        self.send(Cmd.UpdateMovement, _wire(dto), dto.session_guid or "")

    def poll(self, queue: str, session_guid: str) -> tuple[list[dict[str, Any]], int]:
        """The items of ``queue`` not accepted yet, each decoded by its DTO class and in the wire's spelling, and
        the id of the last one (0 when there is none)."""
        poll, _accept, data, dto_class = QUEUE_WIRE[queue]
        response = self.send(poll, "", session_guid)
        text = response.serialized_data
        if response.data_type in (Data.None_, Data.OK) and not (text or "").strip(" []\"\n"):
            return [], 0
        if response.data_type != data:
            raise ConnectorError(self.address, poll.name, f"a malformed answer from the Data Connector: "
                                 f"{response.data_type.name}, not {data.name}")
        try:
            items = json.loads(text or "[]")
            if not isinstance(items, list) or not all(isinstance(i, dict) for i in items):
                raise TypeError("not a list of objects")
            decoded = [dto_class.from_dict(i).to_dict() for i in items]
        except (json.JSONDecodeError, TypeError, ValueError, KeyError, AttributeError) as exc:
            raise ConnectorError(self.address, poll.name, f"a malformed answer from the Data Connector ({exc})") \
                from None
        return decoded, int(response.last_queue_item_id or 0) if decoded else 0

    def accept(self, queue: str, session_guid: str, last_id: int) -> None:
        """``queue`` accepted up to the item ``last_id``: not given again."""
        self.send(QUEUE_WIRE[queue][1], json.dumps(int(last_id)), session_guid)


def _wire(dto: Any) -> str:
    return json.dumps(dto.to_dict(), separators=(",", ":"))


def _text(serialized: str | None) -> str:
    """The service's message (a JSON string, as it sends one), on one line."""
    try:
        value = json.loads(serialized or '""')
    except json.JSONDecodeError:
        value = serialized
    return " ".join(str(value or "no message").split())
