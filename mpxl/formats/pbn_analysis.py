r"""A board's double-dummy analysis in PBN: read from a game's tags, written as its tags.

Read: ``[DoubleDummyTricks "..."]`` (20 hexadecimal digits, declarers N S E W, each NT S H D C:
BridgeComposer's), else the ``[OptimumResultTable "Declarer;Denomination\2R;Result\2R"]`` section
(PBN 2.1 5.7; a row a declarer and strain: ``N  S 10``); ``[OptimumScore "NS 420"]`` (PBN 2.1; ``EW
420`` is NS -420); the par contracts from ``[ParContract "NS 4S"]`` (BridgeComposer's) or Magic
Contest's and Ruter's ``[OptimumContract "4S N 10"]``. A file's par is kept as the file states it
(``mpxl check`` compares it with the solver's); where it states none, the par is worked out from its
table (:func:`mpxl.core.analysis.par`).

Written: all four, as BridgeComposer writes them (``[OptimumScore "NS 420"]`` always from NS's side,
``[ParContract "NS 4S"]``, several joined by ``, ``, ``Pass`` for none), but for a contract only one
seat of the side makes, which the tag names (``N 4S``), so that the file read back is the same.

>>> from mpxl.core.analysis import analyse, tricks_table
>>> a = analyse(1, tricks_table({"N": {"S": 10}, "S": {"S": 10}}), "None", "N")
>>> lines = analysis_lines(a)
>>> lines[:3]
['[DoubleDummyTricks "0a0000a0000300003000"]', '[OptimumScore "NS 420"]', '[ParContract "NS 4S"]']
>>> tags = {k: (v, 1) for k, v in (_TAG.match(t).groups() for t in lines[:3])}
>>> read_analysis(1, tags, {}, "None", "N", (), "x.pbn") == a
True
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from ..core.analysis import SEAT_ORDER, STRAIN_ORDER, Analysis, ParContract, analyse
from ..core.contract import Direction, Strain
from ..core.errors import UserError
from ..core.patterns import Pattern

__all__ = ["read_analysis", "analysis_lines", "ANALYSIS_TAGS", "parse_par_contracts"]

#: The tags (and the table) that carry a board's analysis.
ANALYSIS_TAGS = ("DoubleDummyTricks", "OptimumScore", "ParContract", "OptimumContract", "OptimumResultTable")
#: BridgeComposer's declarer order in ``DoubleDummyTricks``
_DDT_SEATS = ("N", "S", "E", "W")
_TAG = Pattern(r'^\[(\w+) "(.*)"\]$')
_SCORE = Pattern(r"^(NS|EW)\s+(-?\d+)$")
_ITEM = Pattern(r"^(?:(NS|EW|[NESW])\s+)?([1-7])\s*(NT|N|S|H|D|C)\s*(X{0,2})(?:\s*([+-]\d+|=))?"
                r"(?:\s+([NESW]{1,2}))?(?:\s+(\d+))?$")

#: a game's tags and tables as mpxl.formats.pbn reads them: {name: (value, line)}, {name: (columns, rows, line)}
Tags = Mapping[str, tuple[str, int]]
Tables = Mapping[str, tuple[list[str], list[tuple[int, list[str | None]]], int]]


def read_analysis(board: int, tags: Tags, tables: Tables, vulnerable: str, dealer: str, hands: Sequence[str],
                  source: str) -> Analysis | None:
    """The analysis a game's tags carry (None: no trick table); UserError naming the line of one that
    cannot be read."""
    tricks = _ddt(tags, source) if "DoubleDummyTricks" in tags else _result_table(tables, source)
    if tricks is None:
        return None
    computed = analyse(board, tricks, vulnerable, dealer, hands)
    score, contracts = computed.par_score, computed.par_contracts
    if tags.get("OptimumScore", ("", 0))[0].strip():
        text, no = tags["OptimumScore"]
        m = _SCORE.match(" ".join(text.split()).upper())
        if not m:
            raise UserError(source, f"line {no}", f"OptimumScore {text!r}: expected NS or EW and a score, e.g. NS 420")
        score = int(m.group(2)) * (1 if m.group(1) == "NS" else -1)
    for name in ("ParContract", "OptimumContract"):
        if tags.get(name, ("", 0))[0].strip():
            text, no = tags[name]
            try:
                contracts = parse_par_contracts(text, computed)
            except ValueError as exc:
                raise UserError(source, f"line {no}", f"{name} {text!r}: {exc}") from None
            break
    return computed._replace(par_score=score, par_contracts=contracts)


def parse_par_contracts(text: str, analysis: Analysis) -> tuple[ParContract, ...]:
    """The par contracts a tag names: ``NS 4S``, ``EW 5DX``, ``4S N 10``, ``4CX S 9``, several joined by
    ``,`` or ``;``; ``Pass`` for none. Who declares and the tricks, where the tag does not say, from the
    table.

    >>> from mpxl.core.analysis import analyse, tricks_table
    >>> a = analyse(1, tricks_table({"S": {"C": 9}}), "None", "N")
    >>> [str(c) for c in parse_par_contracts("4CX S 9", a)], parse_par_contracts("NS Pass", a)
    (['4CX S'], ())
    """
    out: list[ParContract] = []
    for item in text.replace(";", ",").split(","):
        item = " ".join(item.split()).upper()
        if item in ("", "PASS", "NS PASS", "EW PASS", "P"):
            continue
        m = _ITEM.match(item)
        if not m:
            raise ValueError(f"{item!r} is not a contract; expected e.g. NS 4S, EW 5DX or 4S N 10")
        side, level, strain_text, doubled, _result, seats, taken = m.groups()
        strain = Strain.find(strain_text)
        who = seats or side
        if not who:
            raise ValueError(f"{item!r} does not say who declares (NS 4S, 4S N)")
        side_seats = "NS" if who[0] in "NS" else "EW"
        j = STRAIN_ORDER.index(strain.value)
        best = max(analysis.tricks[SEAT_ORDER.index(s)][j] for s in side_seats)
        if len(who) == 2:  # a side: the seats that take its most tricks
            who = "".join(s for s in side_seats if analysis.tricks[SEAT_ORDER.index(s)][j] == best)
        tricks = int(taken) if taken else analysis.tricks[SEAT_ORDER.index(who[0])][j]
        out.append(ParContract(int(level), strain, bool(doubled), who, tricks))
    return tuple(out)


def _ddt(tags: Tags, source: str) -> tuple[tuple[int, ...], ...]:
    text, no = tags["DoubleDummyTricks"]
    digits = text.strip()
    try:
        counts = [int(c, 16) for c in digits]
    except ValueError:
        counts = []
    if len(counts) != 20 or any(n > 13 for n in counts):
        raise UserError(source, f"line {no}", f"DoubleDummyTricks {text!r}: expected 20 hexadecimal digits 0-d "
                        "(declarers N, S, E, W, each NT, S, H, D, C)")
    rows = {seat: tuple(counts[5 * i:5 * i + 5]) for i, seat in enumerate(_DDT_SEATS)}
    return tuple(rows[seat] for seat in SEAT_ORDER)


def _result_table(tables: Tables, source: str) -> tuple[tuple[int, ...], ...] | None:
    if "OptimumResultTable" not in tables:
        return None
    columns, rows, no = tables["OptimumResultTable"]
    try:
        declarer, strain, result = (columns.index(c) for c in ("Declarer", "Denomination", "Result"))
    except ValueError:
        raise UserError(source, f"line {no}", f"OptimumResultTable columns {';'.join(columns)!r}: expected "
                        "Declarer, Denomination and Result") from None
    table = [[-1] * 5 for _ in SEAT_ORDER]
    for row_no, cells in rows:
        try:
            seat = Direction.find(cells[declarer]).value
            j = STRAIN_ORDER.index(Strain.find(cells[strain]).value)
            n = int(cells[result] or "")
            if not 0 <= n <= 13:
                raise ValueError(n)
        except (ValueError, IndexError):
            raise UserError(source, f"line {row_no}", "an OptimumResultTable row needs a declarer, a strain and "
                            "tricks 0-13, e.g. N  S 10") from None
        table[SEAT_ORDER.index(seat)][j] = n
    if any(n < 0 for row in table for n in row):
        raise UserError(source, f"line {no}", "the OptimumResultTable does not give all 20 declarers and strains")
    return tuple(tuple(row) for row in table)


def analysis_lines(analysis: Analysis) -> list[str]:
    """A game's analysis tags and its OptimumResultTable, as PBN lines."""
    counts = {seat: row for seat, row in zip(SEAT_ORDER, analysis.tricks)}
    digits = "".join(f"{n:x}" for seat in _DDT_SEATS for n in counts[seat])
    par_text = ", ".join(f"{c.declarers} {c.level}{c.strain.value}{'X' if c.doubled else ''}"
                         for c in analysis.par_contracts) or "Pass"
    out = [f'[DoubleDummyTricks "{digits}"]', f'[OptimumScore "NS {analysis.par_score}"]',
           f'[ParContract "{par_text}"]', '[OptimumResultTable "Declarer;Denomination\\2R;Result\\2R"]']
    out.extend(f"{seat} {strain:>2} {n:>2}" for seat in _DDT_SEATS for strain, n in zip(STRAIN_ORDER, counts[seat]))
    return out
