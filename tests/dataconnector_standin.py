"""A stand-in for Bridgemate's Data Connector (BCS 5) on 127.0.0.1, for the tests of ``mpxl tablets`` and
``mpxl score --tablets``: no BCS runs here.

It speaks the wire the maker's package speaks (``bridgemate-dataconnector-client``: a ScoringProgramRequest
POSTed as JSON to ``/dc-scoringprogram``, a ScoringProgramResponse back; ``GET /`` its greeting). Each request
is decoded with the package's own DTO classes and checked with its validators (what fails is kept in
:attr:`StandIn.refused` and answered as the service does, an Error of type Validation), and each DTO is
checked to be the wire's exact spelling (``from_dict`` then ``to_dict`` gives the JSON back). It keeps the
queues as the service does: every item an id, a poll for new items gives those after the last accepted
one, an accept takes an id. The tests play the tablets' side: :meth:`StandIn.push` puts a result, a
player's seat, a player's name or a director's call in its queue, as BCS does when a tablet sends it.

Faults: :meth:`stop` refuses connections (the service gone) until :meth:`start`; :attr:`fault` answers
every request ``"bcs"`` as with BCS not running, ``"garbage"`` with a body that is not JSON, ``"http 501"`` with
an HTTP error, ``"shape"`` with a poll whose data is no list; a wrong club id or licence key is refused.
"""

from __future__ import annotations

import json
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

from bridgemate_dataconnector import (
    validate_continue_dto,
    validate_init_dto,
    validate_participation_dto,
    validate_player_data_dto,
    validate_result_dto,
    validate_section_update_dto,
    validate_td_call_dto,
)
from bridgemate_dataconnector.dto import (
    ContinueDTO,
    DataConnectorResponseData,
    ErrorType,
    InitDTO,
    ParticipationDTO,
    PlayerDataDTO,
    ResultDTO,
    ScoringProgramDataConnectorCommands,
    ScoringProgramRequest,
    ScoringProgramResponse,
    SectionUpdateDTO,
    TdCallDTO,
)

Cmd = ScoringProgramDataConnectorCommands
Data = DataConnectorResponseData

#: Each queue: its DTO class, validator, poll-new command, accept command.
QUEUES = {
    Data.Results: (ResultDTO, validate_result_dto, Cmd.PollQueueForNewResults, Cmd.AcceptResultQueueItems),
    Data.Participations: (ParticipationDTO, validate_participation_dto, Cmd.PollQueueForNewParticipations,
                          Cmd.AcceptParticipantQueueItems),
    Data.PlayerData: (PlayerDataDTO, validate_player_data_dto, Cmd.PollQueueForNewPlayerData,
                      Cmd.AcceptPlayerDataQueueItems),
    Data.TdCalls: (TdCallDTO, validate_td_call_dto, Cmd.PollQueueForNewTdCalls, Cmd.AcceptTdCallQueueItems),
}
GREETING = "Bridgemate dataconnector service version 5.0.1041 (the tests' stand-in)"


class StandIn:
    """The stand-in Data Connector for the club ``club_id`` with its ``licence_key``."""

    def __init__(self, club_id: str = "CLUB1", licence_key: str = "KEY-1") -> None:
        self.club_id, self.licence_key = club_id, licence_key
        self.port = 0
        self.server: ThreadingHTTPServer | None = None
        self.lock = threading.Lock()
        self.requests: list[tuple[str, str]] = []  # (command, serialized data) of every request taken
        self.refused: list[str] = []  # what failed the package's validator or the wire's spelling
        self.events: dict[str, InitDTO] = {}  # session guid -> the InitDTO it was set up with
        self.updates: list[SectionUpdateDTO] = []
        self.continued: list[ContinueDTO] = []
        self.queues: dict[Data, list[tuple[int, dict[str, Any]]]] = {d: [] for d in QUEUES}
        self.accepted: dict[Data, int] = {d: 0 for d in QUEUES}
        self.next_id = 1
        self.fault = ""
        self.start()

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def start(self) -> None:
        """Listen (again, on the same port)."""
        standin = self

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, *args: Any) -> None:
                pass

            def do_GET(self) -> None:
                self._send(GREETING)

            def do_POST(self) -> None:
                body = self.rfile.read(int(self.headers.get("Content-Length") or 0)).decode("utf-8")
                if standin.fault == "garbage":
                    self._send("<html>Service Unavailable</html>")
                    return
                if standin.fault == "http 501":  # another service on the port, or one that does not take the request
                    self.send_error(501)
                    return
                with standin.lock:
                    answer = standin.answer(json.loads(body))
                self._send(json.dumps(answer.to_dict()))

            def _send(self, text: str) -> None:
                data = text.encode("utf-8")
                self.send_response(200)
                self.send_header("Content-Type", "application/json; charset=utf-8")
                self.send_header("Content-Length", str(len(data)))
                self.end_headers()
                self.wfile.write(data)

        self.server = ThreadingHTTPServer(("127.0.0.1", self.port), Handler)
        self.port = self.server.server_address[1]
        # shutdown() waits for serve_forever's next look (every half second by default): a test stops it often
        threading.Thread(target=self.server.serve_forever, kwargs={"poll_interval": 0.02}, daemon=True).start()

    def stop(self) -> None:
        """The service gone: connections refused until :meth:`start`."""
        if self.server is not None:
            self.server.shutdown()
            self.server.server_close()
            self.server = None

    def _spelled(self, cls: Any, data: Any, what: str) -> Any:
        """``data`` decoded by ``cls``; its wire spelling checked (the DTO gives the same JSON back)."""
        dto = cls.from_dict(data)
        if dto.to_dict() != data:
            self.refused.append(f"{what}: not the wire's spelling: {sorted(set(data) ^ set(dto.to_dict()))}")
        return dto

    def _valid(self, dto: Any, validate: Any, what: str) -> bool:
        if validate(dto):
            return True
        self.refused.append(f"{what}: {'; '.join(dto.validation_messages or [])}")
        return False

    def answer(self, doc: dict[str, Any]) -> ScoringProgramResponse:
        request = self._spelled(ScoringProgramRequest, doc, "the request")
        command = request.command
        self.requests.append((command.name, request.serialized_data or ""))
        if (request.club_id, request.licence_key) != (self.club_id, self.licence_key):
            return _error(command, ErrorType.Validation, "Invalid club id or licence key.")
        if self.fault == "bcs":
            return _error(command, ErrorType.Exception, "BCS is not running.")
        data = json.loads(request.serialized_data) if request.serialized_data else None
        if command == Cmd.InitializeEvent:
            dto = self._spelled(InitDTO, data, "InitDTO")
            if not self._valid(dto, validate_init_dto, "InitDTO"):
                return _error(command, ErrorType.Validation, "; ".join(dto.validation_messages))
            for session in dto.sessions:
                self.events[session.session_guid] = dto
            return _ok(command, "Event initialized.")
        if command == Cmd.ContinueEvent:
            dto = self._spelled(ContinueDTO, data, "ContinueDTO")
            if not self._valid(dto, validate_continue_dto, "ContinueDTO"):
                return _error(command, ErrorType.Validation, "; ".join(dto.validation_messages))
            if dto.event_guid not in self.events:
                return _error(command, ErrorType.EntryUnknown, f"No event {dto.event_guid}.")
            self.continued.append(dto)
            return _ok(command, "Event continued.")
        if command == Cmd.UpdateMovement:
            dto = self._spelled(SectionUpdateDTO, data, "SectionUpdateDTO")
            if not self._valid(dto, validate_section_update_dto, "SectionUpdateDTO"):
                return _error(command, ErrorType.Validation, "; ".join(dto.validation_messages))
            if dto.session_guid != request.session_guid or dto.session_guid not in self.events:
                return _error(command, ErrorType.EntryUnknown, "Unknown session.")
            self.updates.append(dto)
            return _ok(command, "Movement updated.")
        for kind, (_cls, _validate, poll, accept) in QUEUES.items():
            if command == poll:
                if request.session_guid not in self.events:
                    return _error(command, ErrorType.EntryUnknown, "Unknown session.")
                items = [(i, d) for i, d in self.queues[kind] if i > self.accepted[kind]]
                response = ScoringProgramResponse(request_command=command, data_type=kind,
                                                  session_guid=request.session_guid,
                                                  last_queue_item_id=items[-1][0] if items else 0,
                                                  serialized_data=json.dumps([d for _, d in items]))
                if self.fault == "shape":
                    response.serialized_data = json.dumps({"not": "a list"})
                return response
            if command == accept:
                self.accepted[kind] = max(self.accepted[kind], int(data))
                return _ok(command, "Accepted.")
        if command == Cmd.Ping:
            return ScoringProgramResponse(request_command=command, data_type=Data.OK,
                                          serialized_data=request.serialized_data)
        return _error(command, ErrorType.NotImplemented, f"{command.name} is not played by the stand-in.")

    def push(self, dto: Any) -> None:
        """A tablet's result, seat, name or call into its queue (checked by the package's validator first)."""
        kind = next(k for k, (cls, _v, _p, _a) in QUEUES.items() if isinstance(dto, cls))
        assert QUEUES[kind][1](dto), dto.validation_messages
        with self.lock:
            self.queues[kind].append((self.next_id, dto.to_dict()))
            self.next_id += 1

    def waiting(self, kind: Data = Data.Results) -> int:
        """How many items of the queue are not accepted yet."""
        return sum(1 for i, _ in self.queues[kind] if i > self.accepted[kind])


def _ok(command: Cmd, message: str) -> ScoringProgramResponse:
    return ScoringProgramResponse(request_command=command, data_type=Data.OK, serialized_data=json.dumps(message))


def _error(command: Cmd, error: ErrorType, message: str) -> ScoringProgramResponse:
    return ScoringProgramResponse(request_command=command, data_type=Data.Error, error_type=error,
                                  serialized_data=json.dumps(message))
