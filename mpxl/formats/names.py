"""The evening's players before play (``mpxl tablets start --names FILE``): who each pair is.

A names file is a CSV with a header: ``pair`` and ``names`` (the two players, ``Ann Smith & Bob Jones``, as
mpxl's CSV writes them), and optionally ``members`` (their member numbers, ``2175878 & 2175879``, ``-`` for a
player without), ``section`` (A, B...; default A) and ``direction`` (NS or EW: a Mitchell's NS 1 and EW 1 are
two pairs). Any other file mpxl reads gives its pairs' names and member numbers instead: the previous
workbook's Pairs sheet, a results file.

>>> import tempfile
>>> f = tempfile.NamedTemporaryFile("w", suffix=".csv", delete=False)
>>> _ = f.write("pair,names,members\\n1,Ann Smith & Bob Jones,2175878 & -\\n"); f.close()
>>> read_names(f.name)
{('A', '1', ''): [('Ann Smith', '2175878'), ('Bob Jones', '')]}
"""

from __future__ import annotations

import csv
import io
import os

from ..core.errors import UserError
from ..core.members import numbers_cell
from .common import decode_text, read_bytes
from .csvfile import names_cell

__all__ = ["read_names", "Named"]

#: (section letters, pair number, 'NS', 'EW' or '' for one field) -> the players [(name, member number)...]
Named = dict[tuple[str, str, str], list[tuple[str, str]]]


def read_names(path: str | os.PathLike[str]) -> Named:
    """The players of each pair, from a names file or any results file or workbook mpxl reads."""
    source = os.fspath(path)
    if source.lower().endswith((".csv", ".tsv", ".txt")):
        text = decode_text(read_bytes(path), source=source)
        head = text.split("\n", 1)[0].lower()
        if "pair" in [c.strip() for c in head.replace(";", ",").replace("\t", ",").split(",")]:
            return _names_file(text, source, next((d for d in ("\t", ";") if d in head), ","))
    from . import read_event

    event = read_event(path)
    out: Named = {}
    for p in event.pairs:
        names = [pl.name for pl in p.players] if p.players else list(p.names)
        numbers = [pl.national_id for pl in p.players] if p.players else [""] * len(names)
        if any(names):
            out[((p.section or "A").upper(), p.number, p.direction or "")] = list(zip(names, numbers))
    if not out:
        raise UserError(source, "", "no pair has names in it")
    return out


def _names_file(text: str, source: str, delimiter: str) -> Named:
    out: Named = {}
    for n, row in enumerate(csv.DictReader(io.StringIO(text), delimiter=delimiter), 2):
        cells = {k.strip().lower(): (v or "").strip() for k, v in row.items() if isinstance(k, str)}
        pair = cells.get("pair", "")
        where = f"line {n}"
        if not pair.isdigit() or int(pair) < 1:
            raise UserError(source, where, f"pair {pair!r} is not a pair number")
        names = names_cell(cells.get("names"))
        if not names:
            raise UserError(source, where, f"pair {pair}: no names (names: 'Ann Smith & Bob Jones')")
        numbers = numbers_cell(cells.get("members"))
        people = _seated(cells.get("names") or "", names, numbers)
        if people is None:
            raise UserError(source, where, f"pair {pair}: {len(names)} names and {len(numbers)} member numbers")
        lone = next((number for name, number in people if number and not name), "")
        if lone:
            raise UserError(source, where, f"pair {pair}: member number {lone} and no name beside it (the tablets "
                            "take a member number with its player's name)")
        direction = cells.get("direction", "").upper()
        if direction not in ("", "NS", "EW"):
            raise UserError(source, where, f"direction {direction!r}: NS, EW or blank")
        letters = (cells.get("section") or "A").upper()
        key = (letters, str(int(pair)), direction)
        if key in out:
            raise UserError(source, where, f"pair {pair} named twice")
        out[key] = people
    return out


def _seated(cell: str, names: tuple[str, ...], numbers: tuple[str, ...]) -> list[tuple[str, str]] | None:
    """The players of a names file's row, each (name, member number) in its seat; a player left blank (``Ann
    Smith &``, ``& Bob Jones``, with or without a member number ``7 &``) is no one, the other keeping their seat
    (N or E for the first, S or W for the second: a blank first player is ``("", "")``). None when the names and
    the member numbers cannot be paired.

    >>> _seated("Ann Smith & Bob Jones", ("Ann Smith", "Bob Jones"), ("7", ""))
    [('Ann Smith', '7'), ('Bob Jones', '')]
    >>> _seated("Ann Smith &", ("Ann Smith",), ("7", "")), _seated("& Bob Jones", ("Bob Jones",), ("", "8"))
    ([('Ann Smith', '7')], [('', ''), ('Bob Jones', '8')])
    >>> _seated("Ann Smith & Bob Jones", ("Ann Smith", "Bob Jones"), ("7",)) is None
    True
    """
    if not numbers:
        return [(name, "") for name in names]
    if len(numbers) == len(names):
        return list(zip(names, numbers))
    slots = [x.strip() for x in cell.split("&")]
    if len(slots) != len(numbers) or tuple(x for x in slots if x) != names:
        return None
    people = list(zip(slots, numbers))
    while people and people[-1] == ("", ""):
        people.pop()
    return people
