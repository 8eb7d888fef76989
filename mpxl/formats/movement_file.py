"""A movement read from a file: the tablets' database (``.bws``: its RoundData), a CSV a director types, or the
schedule ``mpxl movement --json`` writes (``.json``). Checked against the rules (:mod:`mpxl.core.movement_check`)
before it is used for the cards, the template's travellers or the slips.

The CSV: a header naming the columns ``round``, ``table``, ``ns``, ``ew`` and ``boards`` (any case, in any
order; ``,``, ``;`` or a tab between cells), then a row per table per round. ``boards`` is a range ``1-2``, a
list ``1 2`` or ``5;6`` (``"1,2"`` in quotes with commas between cells), or both ``1-2 9``; a sit-out's pair is
left blank, ``0`` or ``-``. A pair number seen both NS and EW makes one winner (a Howell), else two (a
Mitchell: NS 1 and EW 1 are two pairs). A ``section`` column, where a program writes one, names a single
section: a file of two sections is refused (each has its movement).

>>> typed = "round,table,ns,ew,boards\\n1,1,1,1,1\\n1,2,2,2,2\\n1,3,3,3,3\\n2,1,1,3,2\\n2,2,2,1,3\\n2,3,3,2,1\\n"
>>> m = movement_from_csv(typed, "typed.csv")
>>> m.kind, m.tables, m.rounds, m.winners, m.rows[3]
('custom', 3, 2, 2, Row(round=2, table=1, ns='1', ew='3', boards=(2,), shares=()))
>>> movement_from_csv("round,table,ns,ew,boards\\n1,1,1,2,1-2\\n1,2,1,4,3-4\\n", "typed.csv")
Traceback (most recent call last):
mpxl.core.errors.UserError: typed.csv: round 1, table 2: no pair at two tables: NS 1 is at table 1 too
"""

from __future__ import annotations

import csv
import io
import json
import os
import re
from collections.abc import Iterable, Sequence
from dataclasses import replace
from typing import Any

from ..core.errors import UserError
from ..core.movement_check import ANY_FILE, breaks
from ..core.schedule import MAX_BOARDS, Movement, Row, played_unequally
from .atomic import StrPath
from .common import decode_text, read_bytes

__all__ = ["read_movement", "movement_from_csv", "movement_from_rows", "parse_boards", "COLUMNS", "EXTENSIONS"]

#: The CSV's columns, each with the other spellings a director may type.
COLUMNS = {"round": ("round", "rnd", "r"), "table": ("table", "tbl", "t"), "ns": ("ns", "n-s", "ns pair", "nspair"),
           "ew": ("ew", "e-w", "ew pair", "ewpair"), "boards": ("boards", "board", "bds")}
#: The files a movement is read from.
EXTENSIONS = (".bws", ".csv", ".txt", ".json")
#: A section column's spellings (a movement file holds one section: the column may name it).
_SECTION = ("section", "sect", "sec")
_SITS_OUT = ("", "0", "-", "out", "sits out", "none", "null")

_Cells = tuple[int, int, "str | None", "str | None", tuple[int, ...]]


def parse_boards(text: str) -> tuple[int, ...]:
    """The boards of a cell: ranges and numbers between commas, semicolons or spaces (ValueError else).

    >>> parse_boards("1-2"), parse_boards("1,2"), parse_boards(" 5; 6 9-10 ")
    ((1, 2), (1, 2), (5, 6, 9, 10))
    >>> parse_boards("1-x")
    Traceback (most recent call last):
    ValueError: boards '1-x': '1-x' is not a board or a range of boards (1-2)
    """
    out: list[int] = []
    for part in (p for p in re.split(r"[,;\s]+", text.strip()) if p):
        m = re.fullmatch(r"([0-9]{1,4})(?:-([0-9]{1,4}))?", part)
        if not m:
            raise ValueError(f"boards {text.strip()[:40]!r}: {part[:20]!r} is not a board or a range of boards (1-2)")
        low, high = int(m.group(1)), int(m.group(2) or m.group(1))
        if not 1 <= low <= high <= MAX_BOARDS:
            raise ValueError(f"boards {text.strip()[:40]!r}: boards are numbered 1 to {MAX_BOARDS}, low to high")
        out.extend(range(low, high + 1))
    if not out:
        raise ValueError("no boards")
    if len(set(out)) != len(out):
        raise ValueError(f"boards {text.strip()[:40]!r}: a board named twice")
    return tuple(out)


def _pair(text: object) -> str | None:
    value = "" if text is None else str(text).strip().removesuffix(".0")
    if value.lower() in _SITS_OUT:
        return None
    if not (value.isascii() and value.isdigit()):
        raise ValueError(f"pair {value[:20]!r} is not a pair number (blank, 0 or - for a sit-out)")
    return str(int(value))


def _whole(text: object, what: str) -> int:
    value = "" if text is None else str(text).strip().removesuffix(".0")
    if not (value.isascii() and value.isdigit()) or not 1 <= int(value) <= 1000:
        raise ValueError(f"{what} {value[:20]!r} is not a {what} number (1, 2...)")
    return int(value)


def movement_from_rows(cells: Iterable[_Cells], source: str, winners: int | None = None, note: str = "",
                       kind: str = "custom", copies: int = 1) -> Movement:
    """The movement of ``cells`` (round, table, NS, EW, boards; a sit-out None), checked against the rules
    (:func:`mpxl.core.movement_check.breaks`): UserError naming ``source``, the round and table, and the rule
    broken (:data:`~mpxl.core.movement_check.ANY_FILE`). ``winners``: as the file says (else one when a pair
    number sits both NS and EW). The tables of a round that play the same boards share them (each row names
    the others in ``shares``)."""
    rows = sorted((Row(r, t, ns, ew, b) for r, t, ns, ew, b in cells), key=lambda x: (x.round, x.table))
    if not rows:
        raise UserError(source, "", "no rounds: a movement has a row per table per round")
    seen: set[tuple[int, int]] = set()
    for row in rows:
        if (row.round, row.table) in seen:
            raise UserError(source, f"round {row.round}, table {row.table}", "listed twice")
        seen.add((row.round, row.table))
    rows = _shared(rows)
    sides = winners or (1 if _one_field(rows) else 2)
    said = [f"read from {os.path.basename(source)}"] + ([note] if note else [])
    said += [unequal] if (unequal := played_unequally(rows)) else []
    m = Movement(kind, max(r.table for r in rows), max(r.round for r in rows),
                 max(len(r.boards) for r in rows), sides, tuple(rows), "; ".join(said), copies)
    found = breaks(m, ANY_FILE)
    if found:
        more = f" (and {len(found) - 1} more)" if len(found) > 1 else ""
        raise UserError(source, found[0].place, f"{found[0].rule}: {found[0].what}{more}")
    return m


def _shared(rows: Sequence[Row]) -> list[Row]:
    """``rows`` each naming the other tables of its round that play the same boards (they share them)."""
    tables: dict[tuple[int, frozenset[int]], list[int]] = {}
    for row in rows:
        tables.setdefault((row.round, frozenset(row.boards)), []).append(row.table)
    return [replace(row, shares=tuple(t for t in tables[(row.round, frozenset(row.boards))] if t != row.table))
            for row in rows]


def _one_field(rows: Sequence[Row]) -> bool:
    """Whether the pairs make one field: some pair number sits NS in one round and EW in another, and no table
    has the same number both ways (a Mitchell numbered NS 1.. and EW 1.. has, at its first table)."""
    ns = {r.ns for r in rows if r.ns}
    ew = {r.ew for r in rows if r.ew}
    return bool(ns & ew) and not any(r.ns and r.ns == r.ew for r in rows)


def movement_from_csv(text: str, source: str) -> Movement:
    """The movement of a director's CSV (see the module's docstring)."""
    text = text.lstrip("\ufeff")
    first = text.split("\n", 1)[0]
    delimiter = max((",", ";", "\t"), key=first.count)
    reader = csv.reader(io.StringIO(text, newline=""), delimiter=delimiter)
    header = next(reader, None)
    if header is None:
        raise UserError(source, "line 1", "no header: expected the columns round, table, ns, ew, boards")
    names = [" ".join(h.strip().lower().replace("_", " ").split()) for h in header]
    at: dict[str, int] = {}
    for key, spellings in COLUMNS.items():
        found = [i for i, n in enumerate(names) if n in spellings]
        if not found:
            raise UserError(source, "line 1", f"no column {key!r}: expected the columns round, table, ns, ew, boards "
                            f"(the header has {', '.join(h.strip() for h in header)})")
        at[key] = found[0]
    section = next((i for i, n in enumerate(names) if n in _SECTION), None)
    cells: list[_Cells] = []
    letters: dict[str, None] = {}
    for number, row in enumerate(reader, start=2):
        if not any(c.strip() for c in row):
            continue
        if section is not None and section < len(row):
            letters.setdefault(row[section].strip().upper(), None)
        get = [row[at[k]] if at[k] < len(row) else "" for k in COLUMNS]
        try:
            cells.append((_whole(get[0], "round"), _whole(get[1], "table"), _pair(get[2]), _pair(get[3]),
                          parse_boards(get[4])))
        except ValueError as exc:
            raise UserError(source, f"line {number}", str(exc)) from None
    _one_section(list(letters), source, "column section")
    return movement_from_rows(cells, source)


def _one_section(letters: Sequence[str], source: str, where: str) -> None:
    """UserError when a movement file holds more than one section (``letters``): each has its own movement.

    >>> _one_section(["A", "B"], "night.csv", "column section")
    Traceback (most recent call last):
    mpxl.core.errors.UserError: night.csv: column section: 2 sections (A, B): a movement file holds one
    """
    if len(letters) > 1:
        raise UserError(source, where, f"{len(letters)} sections ({', '.join(letters)}): a movement file holds one")


def _from_json(text: str, source: str) -> Movement:
    """The schedule ``mpxl movement --json`` prints, read back."""
    try:
        doc: Any = json.loads(text)
        rows = doc["rows"]
        cells: list[_Cells] = []
        for i, r in enumerate(rows, start=1):
            try:
                cells.append((_whole(r["round"], "round"), _whole(r["table"], "table"), _pair(r["ns"]),
                              _pair(r["ew"]), parse_boards(" ".join(str(b) for b in r["boards"]))))
            except (ValueError, KeyError, TypeError) as exc:
                raise UserError(source, f"rows[{i - 1}]", str(exc) if isinstance(exc, ValueError)
                                else f"expected round, table, ns, ew and boards ({exc})") from None
        winners, kind, copies = doc.get("winners"), doc.get("movement"), doc.get("copies", 1)
    except (ValueError, KeyError, TypeError) as exc:
        if isinstance(exc, UserError):
            raise
        raise UserError(source, "", f"not the schedule mpxl movement --json writes ({exc})") from None
    return movement_from_rows(cells, source, winners=winners if winners in (1, 2) else None,
                              kind=kind if isinstance(kind, str) and kind.replace("-", "").isalpha() else "custom",
                              copies=copies if isinstance(copies, int) and 1 <= copies <= 9 else 1)


def _from_bws(path: str) -> Movement:
    """The movement of the tablets' database's RoundData (one section)."""
    from .access import Database
    from .bws import round_data

    db = Database(path)
    rounds = db.rows("RoundData")
    if not rounds:
        raise UserError(path, "RoundData", "the database has no movement (RoundData is missing or empty)")
    by_section = round_data(rounds, db.rows("Section") or [], path)
    _one_section(list(by_section), path, "RoundData")
    (letter, cells), = by_section.items()
    return movement_from_rows(cells, path, note=f"section {letter}" if letter not in ("", "A", "1") else "")


def read_movement(path: StrPath) -> Movement:
    """The movement of the file at ``path`` (``.bws``, ``.csv``/``.txt`` or ``.json``), checked against the rules;
    UserError naming the file, the row (or round and table) and the problem."""
    name = str(path)
    ext = os.path.splitext(name)[1].lower()
    if ext not in EXTENSIONS:
        raise UserError(name, "", f"a movement is read from {', '.join(EXTENSIONS)} (the tablets' database, a CSV of "
                        "round, table, ns, ew, boards, or mpxl movement's --json)")
    if ext == ".bws":
        return _from_bws(name)
    text = decode_text(read_bytes(name), source=name)
    return _from_json(text, name) if ext == ".json" else movement_from_csv(text, name)
