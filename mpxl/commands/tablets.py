"""``mpxl tablets start ...``: set the evening up on the Bridgemate tablets, through BCS 5's Data Connector.

``start`` takes the movement as ``mpxl template --movement`` does (``--movement howell --tables 7
--boards-per-round 3``, ``--pairs``, ``--rounds``, ``--arrowswitch``; ``--sections`` for several of the same
movement), the players (``--names``: a names file or the previous workbook), the hands (``--deals
FILE.pbn``), and initializes the event in BCS: its session, a scoring group a section (matchpoints), the
tables and rounds with their pairs and boards, the players, the hand records and the tablets' settings
that follow from mpxl's. Every DTO passes the maker's validator before it is sent. It writes the evening's
journal (``-o night.tablets.json``), which ``mpxl score night.tablets.json --tablets ... --watch`` fills
during play. Given a journal that is there already, ``start`` continues that event (mpxl restarted
mid-evening), never a new one.

``update JOURNAL``: a change during the evening, from ``--from-round R`` on: the movement's options again
(a late pair: ``--pairs`` 2T where it was 2T-1; boards changed: ``--boards-per-round``, ``--rounds``), a
pair that leaves (``--absent PAIR``: its opponents sit out), the late pair's names (``--names``); the
rounds before R stay as they were played. Sent as each section's new movement.

The Data Connector is this PC's (``--connector URL`` for another), the club's credentials ``--club-id``
and ``--licence-key`` (or ``MPXL_BCS_CLUB_ID``, ``MPXL_BCS_LICENCE_KEY``).
"""

from __future__ import annotations

import argparse
import datetime as _dt
import os
import re
import sys
from dataclasses import replace
from typing import TYPE_CHECKING

from ..core.errors import UserError
from ..core.movement import KINDS, Row, movement
from ..core.numbers import whole_argument as whole
from . import COMMANDS, add_connector_arguments, plain_help

if TYPE_CHECKING:
    from ..formats.journal import Section
    from ..formats.names import Named

__all__ = ["register", "run", "sections_of", "missing_pair", "changed_rows", "absent_pair"]

#: The journal ``start`` writes when no ``-o`` is given.
DEFAULT_JOURNAL = "night.tablets.json"


def _movement_arguments(p: argparse.ArgumentParser, required: bool) -> None:
    """The movement's options, as ``mpxl template --movement`` takes them."""
    p.add_argument("--movement", choices=KINDS, default="mitchell" if required else None,
                   help="mitchell: NS and EW ranked apart; howell: one ranking" + (" (default mitchell)" if required
                                                                                     else ""))
    p.add_argument("--tables", type=whole, required=required, help="tables")
    p.add_argument("--boards-per-round", type=whole, help="boards a round (default: about 26 boards in all)")
    p.add_argument("--pairs", type=whole, help="2T-1 pairs: the highest pair is missing, one sits out each round")
    p.add_argument("--rounds", type=whole, help="fewer rounds than the whole movement")
    p.add_argument("--arrowswitch", type=whole, metavar="LAST_N", help="with a mitchell: the last N rounds turned")


def sections_of(args: argparse.Namespace, count: int = 1) -> dict[str, Section]:
    """The sections A, B... (``count``), each the movement the command line asks for.

    >>> a = argparse.Namespace(movement="howell", tables=4, boards_per_round=2, pairs=7, rounds=None, arrowswitch=None)
    >>> s = sections_of(a)["A"]; s.winners, s.missing_pair, len(s.rows)
    (1, 8, 28)
    """
    from ..formats.journal import Section

    m = movement(args.movement, args.tables, args.boards_per_round, args.rounds, args.pairs, args.arrowswitch or 0)
    missing = missing_pair(m.rows, m.tables, m.winners)
    return {chr(65 + i): Section(chr(65 + i), m.winners, list(m.rows), missing) for i in range(count)}


def missing_pair(rows: list[Row] | tuple[Row, ...], tables: int, winners: int) -> int:
    """The pair the movement's ``rows`` never seat, as the Data Connector's ``MissingPair`` says it: 0 for none;
    with two ``winners`` an NS pair positive, an EW pair negative. Read from the rows, not from the kind's rule
    (the highest pair is missing in most movements, pair 1 in an even hesitation).

    >>> from ..core.movement import movement as mv
    >>> [missing_pair(m.rows, m.tables, m.winners) for m in (mv("howell", 4), mv("howell", 4, pairs=7),
    ...  mv("mitchell", 5, pairs=9), mv("mitchell", 5, pairs=9, arrowswitch=1), mv("hesitation", 8, pairs=15))]
    [0, 8, -5, 10, 1]
    """
    if winners == 1:
        seated = {p for r in rows for p in (r.ns, r.ew) if p}
        absent = [n for n in range(1, 2 * tables + 1) if str(n) not in seated]
        return absent[0] if len(absent) == 1 else 0
    for sign, side in ((1, "ns"), (-1, "ew")):
        seated = {getattr(r, side) for r in rows if getattr(r, side)}
        absent = [n for n in range(1, tables + 1) if str(n) not in seated]
        if len(absent) == 1:
            return sign * absent[0]
    return 0


def absent_pair(text: str) -> tuple[str, str]:
    """``--absent``'s pair as (direction, number): ``3`` ("", "3"), ``NS 3`` or ``EW3`` (two winners).

    >>> absent_pair("3"), absent_pair("ew 3")
    (('', '3'), ('EW', '3'))
    """
    m = re.match(r"^\s*(?:(NS|EW)\s*)?([0-9]{1,4})\s*$", text, re.IGNORECASE)
    if not m or not int(m.group(2)):
        raise UserError("--absent", "", f"{text!r}: expected a pair number, such as 3 (NS 3 or EW 3 with two winners)")
    return (m.group(1) or "").upper(), str(int(m.group(2)))


def changed_rows(old: list[Row], new: list[Row] | None, from_round: int, absent: list[tuple[str, str]],
                 winners: int = 1) -> list[Row]:
    """A section's rows after a change from round ``from_round`` on: the rounds before as played, the later ones of
    the ``new`` movement (None: as they were), with each ``absent`` pair (direction, number: :func:`absent_pair`)
    gone, its opponents sitting out; UserError for a round the movement does not have, and for an absent pair it
    does not seat from then on or, with two ``winners`` (NS 3 and EW 3 two pairs), named with no direction.

    >>> old = [Row(1, 1, "1", "2", (1, 2)), Row(2, 1, "1", "3", (3, 4))]
    >>> [(r.round, r.ns, r.ew, r.boards) for r in changed_rows(old, None, 2, [("", "3")])]
    [(1, '1', '2', (1, 2)), (2, '1', None, (3, 4))]
    >>> changed_rows(old, None, 2, [("", "1")], winners=2)
    Traceback (most recent call last):
    mpxl.core.errors.UserError: --absent: pair 1: with two winners name the pair NS 1 or EW 1
    """
    later = [r for r in (new if new is not None else old) if r.round >= from_round]
    if not later:
        raise UserError("--from-round", "", f"{from_round}: the movement has rounds 1 to "
                        f"{max(r.round for r in (new if new is not None else old))}")
    rows = [r for r in old if r.round < from_round] + later

    def gone(pair: str | None, seat: str) -> bool:
        return any(p == pair and (winners == 1 or side == seat) for side, p in absent)

    for side, pair in absent:
        who = f"{side} {pair}" if side else f"pair {pair}"
        if winners == 2 and not side:
            raise UserError("--absent", "", f"pair {pair}: with two winners name the pair NS {pair} or EW {pair}")
        if not any(p == pair and (winners == 1 or side == seat) for r in later
                   for seat, p in (("NS", r.ns), ("EW", r.ew))):
            raise UserError("--absent", "", f"{who}: no such pair in the movement from round {from_round}")
    out = []
    for r in rows:
        if r.round >= from_round and (gone(r.ns, "NS") or gone(r.ew, "EW")):
            r = replace(r, ns=None if gone(r.ns, "NS") else r.ns, ew=None if gone(r.ew, "EW") else r.ew)
        out.append(r)
    return sorted(out, key=lambda r: (r.round, r.table))


def _names(path: str | None) -> Named:
    from ..formats.names import read_names

    return read_names(path) if path else {}


def _start(args: argparse.Namespace) -> int:
    from ..formats.atomic import check_not_input
    from ..formats.dataconnector import continue_dto, init_dto, new_guid
    from ..formats.inputs import deals_missing, is_journal, read_deals
    from ..formats.journal import Evening, read_evening, write_evening
    from .feed import connector_for

    out = args.output
    if os.path.exists(out):
        if not is_journal(out):
            raise UserError(out, "", "is there and is no evening's journal: give another name with -o")
        ev = read_evening(out)
        connector = connector_for(args, ev)
        connector.continue_event(continue_dto(ev))
        results = len({(r.get("SectionLetters"), r.get("TableNumber"), r.get("RoundNumber"), r.get("BoardNumber"))
                       for r in ev.results})
        print(f"mpxl: {out}: the same event continued in BCS ({ev.title}, {results} result(s) so far; its movement "
              "is the journal's: mpxl tablets update changes it)")
        return 0
    check_not_input(out, [args.names, args.deals])
    date = args.date or _dt.date.today().isoformat()
    try:
        _dt.date.fromisoformat(date)
    except ValueError:
        raise UserError("--date", "", f"{date!r}: expected YYYY-MM-DD") from None
    if not (len(args.pin) == 4 and args.pin.isdigit()):
        raise UserError("--pin", "", f"{args.pin!r}: the tablets' PIN is four digits")
    if not 1 <= args.sections <= 26:
        raise UserError("--sections", "", f"{args.sections}: expected 1 to 26 sections")
    ev = Evening(session_guid=new_guid(), title=(args.title or "").strip(), date=date,
                 connector=args.connector or "",
                 movement={k: getattr(args, k) for k in ("movement", "tables", "boards_per_round", "pairs", "rounds",
                                                         "arrowswitch")},
                 sections=sections_of(args, args.sections))
    if args.deals:
        deals = read_deals(args.deals)
        played = {b for s in ev.sections.values() for r in s.rows for b in r.boards}
        missing = deals_missing(args.deals, deals, played, "the movement's boards are")
        if missing:
            print(f"mpxl: {missing}", file=sys.stderr)
        ev.deals = {board: list(deal.hands) for board, deal in deals.items() if board in played}
    connector = connector_for(args, ev)
    ev.club_id = connector.club_id
    dto = init_dto(ev, _names(args.names), args.pin)
    connector.initialize(dto)
    write_evening(ev, out)
    first = next(iter(ev.sections.values()))
    rounds = max(r.round for r in first.rows)
    boards = max(b for r in first.rows for b in r.boards)
    named = sum(1 for s in ev.seats.values() if s[4] or s[5])
    print(f"mpxl: the event is set up in BCS at {connector.address}: {len(ev.sections)} section(s) of "
          f"{max(r.table for r in first.rows)} tables, {rounds} rounds, {boards} boards; {named} player(s) named, "
          f"{len(ev.deals)} hand(s); the journal {out}")
    print(f"mpxl: during play: mpxl score {out} --tablets -o night.xlsx -o live.html --watch")
    return 0


def _update(args: argparse.Namespace) -> int:
    from ..formats.dataconnector import seat_players, section_update_dto
    from ..formats.journal import read_evening, write_evening
    from .feed import connector_for

    path = args.journal
    ev = read_evening(path)
    if args.from_round < 1:
        raise UserError("--from-round", "", f"{args.from_round}: expected a round from 1")
    letters = [x.upper() for x in args.section] or sorted(ev.sections)
    for x in letters:
        if x not in ev.sections:
            raise UserError(path, "", f"no section {x} (the journal has {', '.join(sorted(ev.sections))})")
    fresh: dict[str, Section] | None = None
    if args.tables is not None:
        args.movement = args.movement or ev.movement.get("movement") or "mitchell"
        fresh = sections_of(args, 1)
    absent = [absent_pair(p) for p in args.absent]
    words = []
    for x in letters:
        section = ev.sections[x]
        new = fresh["A"] if fresh is not None else None
        section.rows = changed_rows(section.rows, new.rows if new else None, args.from_round, absent,
                                    new.winners if new is not None else section.winners)
        if new is not None:
            section.winners, section.missing_pair = new.winners, new.missing_pair
    if fresh is not None:
        ev.movement = {k: getattr(args, k) for k in ("movement", "tables", "boards_per_round", "pairs", "rounds",
                                                     "arrowswitch")}
        words.append("the movement " + ", ".join(str(v) if k == "movement" else f"{k.replace('_', '-')} {v}"
                                                 for k, v in ev.movement.items() if v is not None))
    if absent:
        words.append("pair(s) " + ", ".join(" ".join(x for x in a if x) for a in absent)
                     + " gone (their opponents sit out)")
    added, seats = seat_players(ev, _names(args.names), args.from_round)
    if added or args.names:
        words.append(f"{len(added)} player(s) added")
    if not words:
        raise UserError(path, "", "nothing to change: give the movement's options, --absent or --names")
    dtos = [section_update_dto(ev, x, added, seats) for x in letters]  # every one checked before any is sent
    connector = connector_for(args, ev)
    sent: list[str] = []
    change = f"from round {args.from_round}: " + "; ".join(words)
    try:
        for x, dto in zip(letters, dtos):
            connector.update_movement(dto)
            sent.append(x)
    except UserError as exc:
        if not sent:
            raise
        # the sections BCS took are changed in the journal too (their results from now on are of the new
        # movement); the others stay as they were, for the same command again
        rest = [x for x in letters if x not in sent]
        before = read_evening(path)
        for x in rest:
            ev.sections[x] = before.sections[x]
            ev.seats = {k: v for k, v in ev.seats.items() if not k.startswith(f"{x}/")} | {
                k: v for k, v in before.seats.items() if k.startswith(f"{x}/")}
        ev.changes.append(f"{change} (section(s) {', '.join(sent)})")
        write_evening(ev, path)
        raise UserError(path, "", f"{exc}; section(s) {', '.join(sent)} changed in BCS and in the journal, "
                        f"{', '.join(rest)} not: give the same command again with "
                        f"{' '.join('--section ' + x for x in rest)}") from None
    ev.changes.append(change)
    write_evening(ev, path)
    print(f"mpxl: {path}: {change} (sent to BCS: section(s) {', '.join(letters)})")
    return 0


def run(args: argparse.Namespace) -> int:
    if args.action == "start":
        return _start(args)
    return _update(args)


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = subparsers.add_parser("tablets", help=COMMANDS["tablets"], description=plain_help(__doc__ or ""),
                              formatter_class=argparse.RawDescriptionHelpFormatter)
    actions = p.add_subparsers(dest="action", metavar="ACTION", required=True)
    start = actions.add_parser("start", help="set the evening up in BCS and write its journal",
                               description="Set the evening up on the tablets through BCS 5's Data Connector.")
    _movement_arguments(start, required=True)
    start.add_argument("--sections", type=whole, default=1, help="sections A, B... each of this movement (default 1)")
    start.add_argument("--names", metavar="FILE", help="the players: a names file (pair,names,members) or the "
                       "previous workbook (its Pairs) or any results file")
    start.add_argument("--deals", metavar="FILE.pbn", help="the hand records (a PBN with [Deal] tags)")
    start.add_argument("--title", help="the session's name in BCS and on the page")
    start.add_argument("--date", help="the session's date, YYYY-MM-DD (default today)")
    start.add_argument("--pin", default="1234", help="the tablets' PIN for the director's menu (four digits, "
                       "default 1234)")
    start.add_argument("-o", "--output", default=DEFAULT_JOURNAL, help="the evening's journal to write (default "
                       f"{DEFAULT_JOURNAL}); one that is there already: its event continued")
    add_connector_arguments(start)
    update = actions.add_parser("update", help="change the movement during the evening (a late pair, a pair "
                                "that leaves, other boards)", description="Change the evening's movement in BCS.")
    update.add_argument("journal", metavar="JOURNAL", help="the evening's journal (night.tablets.json)")
    update.add_argument("--from-round", type=whole, default=1, help="the first round changed (default 1)")
    _movement_arguments(update, required=False)
    update.add_argument("--absent", action="append", default=[], metavar="PAIR",
                        help="a pair that leaves: its opponents sit out from --from-round on (again for more; "
                        "with two winners NS 3 or EW 3)")
    update.add_argument("--names", metavar="FILE", help="names of pairs that came late (a names file)")
    update.add_argument("--section", action="append", default=[], metavar="LETTERS",
                        help="the section changed (default all; again for more)")
    add_connector_arguments(update)
    p.set_defaults(func=run)
