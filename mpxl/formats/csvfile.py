"""CSV travellers: one line per table, a header row naming the columns.

Required: ``board``, ``ns_pair``, ``ew_pair`` and either ``ns_score`` or
``contract``, ``declarer``, ``tricks`` (the score is then computed, with the
vulnerability of the board number). Optional: ``section``, ``session``,
``table``, ``lead``, ``adjustment`` (an artificial, weighted or split score
that replaces the line's score: ``A+``, ``60/40``, ``30% 420 + 70% 450``,
``-150|-50``), ``group`` (fouled-board group), ``arrowswitch`` (``y``/``1``),
``ns_penalty``, ``ew_penalty``, and the published ``ns_mp``, ``ew_mp``.
Header names forgive case, spaces and dashes (``NS Pair``, ``ns-score``) and a
few aliases (``bd``, ``ns``, ``ew``, ``score``, ``by``, ``played_by``). The
delimiter may be ``,``, ``;`` or a tab; the encoding UTF-8 (with or without a
BOM) or, failing that, ISO-8859-1.

>>> ev = read_csv_text("board,ns_pair,ew_pair,contract,declarer,tricks\\n4,1,2,3NT,E,11\\n4,3,4,,,\\n", "t.csv")
>>> [(ln.board, ln.ns_pair, ln.score, ln.where) for ln in ev.lines]
[(4, '1', -660, 'line 2'), (4, '3', None, 'line 3')]
"""

from __future__ import annotations

import csv
import io
import os
import re
from typing import Optional

from ..adjustments import parse_entry
from ..errors import UserError
from ..event import Event, Line
from .common import (check_entry, check_duplicates, decimals_of, decode_text, entry_text, format_number,
                     number_or_none, score_from_contract)

__all__ = ["read_csv", "read_csv_text", "write_csv", "csv_text", "COLUMNS", "ALIASES"]

#: The columns the writer writes, in order (the reader needs only the first three and a score).
COLUMNS = ("session", "section", "board", "table", "ns_pair", "ew_pair", "contract", "declarer", "tricks", "lead",
           "ns_score", "adjustment", "group", "arrowswitch", "ns_penalty", "ew_penalty", "ns_mp", "ew_mp")

#: Other spellings a header may use for a column.
ALIASES = {
    "bd": "board", "board_number": "board", "board_no": "board",
    "ns": "ns_pair", "n_s": "ns_pair", "ns_pair_number": "ns_pair", "pair_ns": "ns_pair",
    "ew": "ew_pair", "e_w": "ew_pair", "ew_pair_number": "ew_pair", "pair_ew": "ew_pair",
    "score": "ns_score", "score_ns": "ns_score", "nsscore": "ns_score",
    "by": "declarer", "played_by": "declarer", "decl": "declarer",
    "result": "tricks", "tricks_taken": "tricks",
    "adj": "adjustment", "adjusted": "adjustment",
    "arrow_switch": "arrowswitch", "arrow": "arrowswitch",
    "mp_ns": "ns_mp", "ns_matchpoints": "ns_mp", "ns_match_points": "ns_mp",
    "mp_ew": "ew_mp", "ew_matchpoints": "ew_mp", "ew_match_points": "ew_mp",
}

_TRUE = {"y", "yes", "true", "1", "x", "a", "arrow", "as"}
_FALSE = {"", "n", "no", "false", "0"}


def _key(name: str) -> str:
    k = re.sub(r"[\s\-./]+", "_", (name or "").strip().lower()).strip("_")
    return ALIASES.get(k, k)


def read_csv(path: "str | os.PathLike") -> Event:
    """Read a CSV traveller file into an :class:`~mpxl.event.Event`."""
    try:
        with open(path, "rb") as f:
            data = f.read()
    except OSError as exc:
        raise UserError(str(path), "", exc.strerror or str(exc)) from None
    return read_csv_text(decode_text(data), str(path))


def read_csv_text(text: str, source: str = "<csv>") -> Event:
    """Parse CSV travellers from text; ``source`` names the file in messages."""
    text = text.lstrip("\ufeff")
    first = text.split("\n", 1)[0]
    delimiter = max((",", ";", "\t"), key=first.count)
    reader = csv.reader(io.StringIO(text, newline=""), delimiter=delimiter)
    rows = _checked_rows(reader, source)
    try:
        header = next(rows)
    except StopIteration:
        raise UserError(source, "line 1", "the file is empty; expected a header row such as board,ns_pair,ew_pair,ns_score") from None
    keys = [_key(h) for h in header]
    dupes = {k for k in keys if k and keys.count(k) > 1}
    if dupes:
        raise UserError(source, "line 1", f"column {sorted(dupes)[0]!r} appears twice in the header")
    missing = [k for k in ("board", "ns_pair", "ew_pair") if k not in keys]
    if missing:
        raise UserError(source, "line 1", f"the header has no {', '.join(missing)} column; "
                        "expected at least board,ns_pair,ew_pair and ns_score or contract,declarer,tricks")
    has_contract = all(k in keys for k in ("contract", "declarer", "tricks"))
    if "ns_score" not in keys and not has_contract and "adjustment" not in keys:
        raise UserError(source, "line 1", "the header needs an ns_score column or contract, declarer and tricks columns")
    ev = Event(source=source, scale=None, field_scoring=None)
    decimals = 0
    for row in rows:
        no = reader.line_num
        where = f"line {no}"
        if not any(cell.strip() for cell in row):
            continue
        if len(row) > len(keys) and any(c.strip() for c in row[len(keys):]):
            raise UserError(source, where, f"the row has {len(row)} cells, the header names {len(keys)}")
        cells = {k: (row[i].strip() if i < len(row) else "") for i, k in enumerate(keys) if k}

        def get(name: str) -> Optional[str]:
            value = cells.get(name, "")
            return value if value != "" else None

        board_text = get("board")
        try:
            board = int(float(board_text)) if board_text is not None else None
            if board is None or board < 1 or float(board_text) != board:
                raise ValueError
        except (ValueError, OverflowError):  # 'x', '1.5', 'inf', '1e400'
            raise UserError(source, f"{where}, column board", f"{board_text!r} is not a board number") from None
        ns, ew = get("ns_pair"), get("ew_pair")
        if ns is None or ew is None:
            raise UserError(source, where, "a line needs both ns_pair and ew_pair")
        ns, ew = _pair_id(ns), _pair_id(ew)
        contract, declarer, tricks_text = get("contract"), get("declarer"), get("tricks")
        tricks = tricks_text
        if tricks_text is not None and re.fullmatch(r"\d+(\.0+)?", tricks_text):
            tricks = int(float(tricks_text))
        adjustment, score_text = get("adjustment"), get("ns_score")
        if adjustment is not None:
            score = check_entry(adjustment, source, f"{where}, column adjustment")
        elif score_text is not None:
            score = _score(score_text, source, f"{where}, column ns_score")
        elif contract is not None:
            score = score_from_contract(board, contract, declarer, tricks, source, where)
            if isinstance(tricks, str):
                from ..contract import tricks_from_result
                tricks = tricks_from_result(contract, tricks) if contract.strip().lower() not in ("pass", "p", "passed", "passed out") else None
        else:
            score = None
        flag = (get("arrowswitch") or "").lower()
        if flag not in _TRUE | _FALSE:
            raise UserError(source, f"{where}, column arrowswitch", f"{get('arrowswitch')!r} is not yes or no")
        try:
            ns_mp, ew_mp = number_or_none(get("ns_mp")), number_or_none(get("ew_mp"))
        except ValueError as exc:
            raise UserError(source, where, f"matchpoints: {exc}") from None
        decimals = max(decimals, decimals_of(get("ns_mp")), decimals_of(get("ew_mp")))
        session_text = get("session")
        try:
            session = int(session_text) if session_text is not None else 1
        except ValueError:
            raise UserError(source, f"{where}, column session", f"{session_text!r} is not a session number") from None
        table = get("table")
        ev.lines.append(Line(
            board, ns, ew, get("section") or "", score, contract, declarer,
            tricks if isinstance(tricks, int) or tricks is None else None, get("lead"),
            int(table) if table is not None and table.isascii() and table.isdigit() else table,
            group=get("group") or "", arrowswitch=flag in _TRUE, ns_penalty=get("ns_penalty"),
            ew_penalty=get("ew_penalty"), session=session, published_ns_mp=ns_mp, published_ew_mp=ew_mp, where=where,
        ))
    if not ev.lines:
        raise UserError(source, "line 2", "no traveller lines after the header")
    ev.published_decimals = decimals
    _detect_winners(ev)
    check_duplicates(ev)
    return ev


def _checked_rows(reader, source: str):
    """The reader's rows; a line the csv module cannot split (a stray NUL, a huge field) is a UserError."""
    while True:
        try:
            row = next(reader)
        except StopIteration:
            return
        except csv.Error as exc:
            raise UserError(source, f"line {reader.line_num + 1}", f"not readable as CSV ({exc})") from None
        yield row


def _pair_id(text: str) -> str:
    """Pair numbers as written, with spreadsheet floats tidied: ``'7.0'`` -> ``'7'``."""
    return text[:-2] if re.fullmatch(r"\d+\.0", text) else text


def _score(text: str, source: str, where: str):
    try:
        value = float(text)
    except ValueError:
        return check_entry(text, source, where)
    if value != value or value in (float("inf"), float("-inf")):
        raise UserError(source, where, f"{text!r} is not a score; a bridge score is a whole number")
    if value != int(value):
        raise UserError(source, where, f"{text!r} is not a score; a bridge score is a whole number")
    return int(value)


def _detect_winners(ev: Event) -> None:
    """Two winners when no pair number sits both NS and EW in a section, or when NS n meets EW n
    (Mitchell numbering, where NS 1 and EW 1 are different pairs); else one."""
    by_section: dict = {sec: [set(), set(), False] for sec in ev.sections()}  # one pass: no quadratic work
    for ln in ev.lines:
        seen = by_section[ln.section]
        seen[0].add(ln.ns_pair)
        seen[1].add(ln.ew_pair)
        if ln.ns_pair == ln.ew_pair:
            seen[2] = True
    for sec, (ns, ew, mitchell) in by_section.items():
        ev.winners[sec] = 2 if mitchell or not (ns & ew) else 1


def csv_text(result_or_event) -> str:
    """CSV text of a scored event (or a bare Event): the COLUMNS, one line per table.

    >>> from mpxl.event import Event, Line
    >>> print(csv_text(Event(lines=[Line(1, "1", "2", score=420)])).splitlines()[1])
    1,,1,,1,2,,,,,420,,,,,,,
    """
    from .usebio import _decimals, _unpack

    event, scored, _ = _unpack(result_or_event)
    decimals = _decimals(result_or_event)
    buf = io.StringIO()
    w = csv.writer(buf, lineterminator="\n")
    w.writerow(COLUMNS)
    shown: dict = {None: ""}  # each distinct figure formatted once (a big field repeats them)

    def fmt(value):
        text = shown.get(value)
        if text is None:
            text = shown[value] = format_number(value, decimals)
        return text

    for ln, ns_mp, ew_mp in scored:
        is_plain = isinstance(ln.score, int)
        entry = parse_entry(ln.score) if ln.score is not None and not is_plain else None
        w.writerow([
            ln.session, ln.section, ln.board, ln.table if ln.table is not None else "", ln.ns_pair, ln.ew_pair,
            ln.contract or "", ln.declarer or "", "" if ln.tricks is None else ln.tricks, ln.lead or "",
            ln.score if is_plain else "", "" if is_plain or entry is None else entry_text(ln.score),
            ln.group or "", "y" if ln.arrowswitch else "",
            "" if ln.ns_penalty is None else ln.ns_penalty, "" if ln.ew_penalty is None else ln.ew_penalty,
            fmt(ns_mp),
            fmt(ew_mp),
        ])
    return buf.getvalue()


def write_csv(result_or_event, path: "str | os.PathLike") -> None:
    """Write a scored event (or a bare Event) as CSV travellers, atomically (UTF-8)."""
    from ..atomic import atomic_write

    text = csv_text(result_or_event)
    with atomic_write(path, encoding="utf-8", newline="") as f:
        f.write(text)

