"""The director's work kept when the tablets' database is read again into an existing workbook.

``mpxl score night.bws -o night.xlsx`` (and every rewrite of ``--watch``) with ``night.xlsx`` already
there, an mpxl workbook of the same evening: the database gives the results, the workbook what the
director typed. :func:`keep_directors_work` reads the workbook (:func:`mpxl.workbook.reader.read_workbook`)
and puts its director's cells on the event read from the database, line by line, keyed by (session,
section, board, NS pair, EW pair); what comes from where:

* **the tablets**: contract, declarer, tricks, lead and table of every line they have a result for (but
  for the director's corrections, below); the lines themselves, the movement's pairs, the sit-outs, the date;
* **the workbook**: a ruling (an Adjustment, or a Typed score other than what the line's contract
  scores: the tablets' contract kept beside it, as the sheet scores a Typed score over a contract) and the
  NS / EW penalty of each line; Group and Arrowswitch where typed; a whole line (contract, tricks, typed
  score) where the tablets have no result; the lines and ``Pen`` rows the tablets do not have; a
  correction of the tablets' result (the contract, By or Tricks typed over: 9 tricks made 10), kept and
  named; the pairs' names typed into Pairs; the Setup's title and settings (the command line's options
  over them, as ever).

Where the tablets' result of a line that carries a ruling changed, the ruling stays and the change is
named (board, table, round, the old and the new result). A workbook's result that is not the tablets' is the
director's correction, kept and named, unless the tablets gave it before (an erased or superseded row of
the database: the players corrected it at the table since), when the tablets' is scored, named too; so is
a line the workbook has from the tablets and the tablets since erased (left out) or replaced by a remark
(``Arbitral score``, ``Not played``: no result), unless the director typed a ruling on it.
A workbook that is not the template's layout, cannot be read, or is of another evening (another date, pairs
the movement does not have, or most of the results they share different) is refused with a
:class:`~mpxl.core.errors.UserError` naming why, before anything is written: the workbook stays byte for byte
as it was.

>>> from mpxl.core.event import Line
>>> describe(Line(1, "1", "2", score=420, contract="4S", declarer="N", tricks=10)), describe(Line(1, "1", "2"))
('4S by N, 10 tricks (420)', 'no result')
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, field, replace
from pathlib import Path

from ..core.adjustments import entry_of
from ..core.contract import board_vulnerability, ns_score
from ..core.errors import UserError
from ..core.event import Event, Line, Pair, SitOut
from ..core.pairings import check_duplicates
from .reader import read_workbook, sheet_names

__all__ = ["keep_directors_work", "Kept", "describe", "line_key"]

#: A line within an evening: (session, section, board, NS pair, EW pair).
LineKey = tuple[int, str, int, str, str]
#: A result the tablets gave: (contract, declarer, tricks).
Result = tuple[str, "str | None", "int | None"]

#: How many of the results the workbook and the database share may differ before the workbook is
#: taken for another evening's (a correction changes a few; another evening nearly all).
MOST_CHANGED = 0.5
#: Below this many shared results the share changed is not read as another evening.
FEW_RESULTS = 8


@dataclass
class Kept:
    """What was kept from the workbook, and the changes the tablets made under a ruling (lines to say)."""

    rulings: int = 0
    penalties: int = 0
    typed_lines: int = 0
    names: int = 0
    corrections: int = 0
    changes: list[str] = field(default_factory=list)

    def summary(self, path: str) -> str:
        """The line the command prints: what was kept from ``path``."""
        return (f"mpxl: {path}: the director's work kept: {self.rulings} ruling(s), {self.penalties} penalty(ies), "
                f"{self.typed_lines} line(s) typed where the tablets have none, {self.names} pair name(s), "
                f"{self.corrections} correction(s) of the tablets' results, the Setup's settings")


def _pair(text: object) -> str:
    """A pair number as both readers give it: ``012`` and ``12`` are one pair (a cell holds 12).

    >>> _pair(" 012 "), _pair("A3"), _pair("1²")
    ('12', 'A3', '1²')
    """
    s = str(text).strip()
    return str(int(s)) if s.isascii() and s.isdigit() else s


def line_key(ln: Line) -> LineKey:
    """The line's place in the evening: (session, section, board, NS pair, EW pair)."""
    return (ln.session, ln.section.strip(), ln.board, _pair(ln.ns_pair), _pair(ln.ew_pair))


def _contract_score(ln: Line) -> int | None:
    """What the line's contract, declarer and tricks score (None when they do not give a score)."""
    if not ln.contract:
        return None
    try:
        return ns_score(ln.contract, ln.declarer, ln.tricks, board_vulnerability(ln.board))
    except (ValueError, TypeError):
        return None


def _ruling(ln: Line) -> bool:
    """Whether the workbook's line carries a ruling: a score other than its contract's (an Adjustment,
    or a typed score over it), or a score with no contract."""
    if ln.score is None:
        return False
    computed = _contract_score(ln)
    return computed is None or entry_of(ln.score) != entry_of(computed)


def describe(ln: Line) -> str:
    """A line's result in words: its contract, declarer and tricks and its score, or its ruling."""
    if ln.contract and ln.score is not None:
        by = f" by {ln.declarer}" if ln.declarer else ""
        tricks = f", {ln.tricks} tricks" if ln.tricks is not None else ""
        return f"{ln.contract}{by}{tricks} ({ln.score})"
    return "no result" if ln.score is None else str(ln.score)


def _same_result(a: Line, b: Line) -> bool:
    """Whether two lines give the same result (contract, declarer, tricks and score)."""
    if a.contract or b.contract:
        return ((a.contract or "").upper(), a.declarer, a.tricks, _contract_score(a)) == \
            ((b.contract or "").upper(), b.declarer, b.tricks, _contract_score(b))
    return entry_of(a.score) == entry_of(b.score)


_ROUND = re.compile(r"round (\d+)")


def _where(ln: Line) -> str:
    """Board, table and round of a database line, in words."""
    found = _ROUND.search(ln.where)
    parts = [f"section {ln.section}" if ln.section else "", f"board {ln.board}",
             f"table {ln.table}" if ln.table not in (None, "") else "", f"round {found.group(1)}" if found else "",
             f"NS {ln.ns_pair} EW {ln.ew_pair}"]
    return ", ".join(p for p in parts if p)


def _result(ln: Line) -> tuple[str, str | None, int | None]:
    """A line's played result as the tablets give it: (contract, declarer, tricks), the contract in capitals."""
    return ((ln.contract or "").upper().replace(" ", ""), ln.declarer, ln.tricks)


def _merged(d: Line, w: Line, kept: Kept, earlier: Iterable[Result] = ()) -> Line:
    """The database's line ``d`` with the director's cells of the workbook's line ``w``; ``earlier``, the results
    the tablets gave this line before (erased or superseded rows)."""
    out = replace(d, group=w.group or d.group, arrowswitch=w.arrowswitch or d.arrowswitch,
                  ns_penalty=w.ns_penalty, ew_penalty=w.ew_penalty)
    kept.penalties += sum(x is not None for x in (w.ns_penalty, w.ew_penalty))
    if d.score is None and w.score is not None:  # the tablets have no result: the workbook's line, whole
        if not _ruling(w) and _given_before(w, earlier):  # the tablets' own, now a remark
            kept.changes.append(f"{_where(d)}: the tablets' result {describe(w)} was replaced at the table by "
                                f"{describe(d)}: the tablets' is scored")
            return out
        out.score, out.contract, out.declarer, out.tricks = w.score, w.contract, w.declarer, w.tricks
        kept.typed_lines += 1
        return out
    if _ruling(w) and entry_of(w.score) != entry_of(d.score):  # (not the tablets' own artificial score)
        out.score = w.score  # the tablets' contract kept beside it (the sheet scores a Typed score over it)
        kept.rulings += 1
        tablets = replace(w, score=_contract_score(w)) if w.contract else None
        if tablets is None or not _same_result(tablets, d):
            kept.changes.append(f"{_where(d)}: the tablets' result changed from "
                                f"{describe(tablets) if tablets is not None else 'none in the workbook'} to "
                                f"{describe(d)}; the ruling {w.score} is kept")
        return out
    if w.contract and d.score is not None and not _same_result(w, d):  # the workbook's result is not the tablets'
        if _given_before(w, earlier):
            kept.changes.append(f"{_where(d)}: the tablets' result changed from {describe(w)} to {describe(d)} "
                                "(corrected at the table): the tablets' is scored")
            return out
        out.score, out.contract, out.declarer, out.tricks = w.score, w.contract, w.declarer, w.tricks
        kept.corrections += 1
        kept.changes.append(f"{_where(d)}: the workbook's {describe(w)} is kept over the tablets' {describe(d)} (a "
                            "correction typed in the workbook; type the tablets' result back to score it)")
    return out


def _given_before(w: Line, earlier: Iterable[Result]) -> bool:
    """Whether the workbook's line ``w`` holds a result the tablets gave before (an erased or superseded row):
    theirs, written into the workbook, not the director's."""
    return bool(w.contract) and _result(w) in {(c.upper().replace(" ", ""), by, t) for c, by, t in earlier}


def _refuse(path: str, why: str) -> UserError:
    return UserError(path, "", f"{why}; the workbook is left as it is (write the database to another name with "
                     "-o, or move this workbook away)")


def _check_same_evening(event: Event, book: Event, path: str, shared: Iterable[tuple[Line, Line]]) -> None:
    """Refuse a workbook of another evening: another date, pairs the movement does not have, or most of the
    results both have different."""
    if event.date and book.date and event.date.strip() != book.date.strip():
        raise _refuse(path, f"a workbook of another evening (its Setup's date {book.date}, the database's "
                      f"{event.date})")
    if event.pairs:
        known = {(p.section.strip(), _pair(p.number)) for p in event.pairs}
        for ln in book.lines:
            for number in (ln.ns_pair, ln.ew_pair):
                if (ln.section.strip(), _pair(number)) not in known:
                    raise _refuse(path, f"a workbook of another evening ({ln.where}: pair {number} is not in the "
                                  "database's movement)")
    both = [(d, w) for d, w in shared if d.score is not None and w.contract]
    differ = sum(not _same_result(replace(w, score=_contract_score(w)), d) for d, w in both)
    if len(both) >= FEW_RESULTS and differ > MOST_CHANGED * len(both):
        raise _refuse(path, f"a workbook of another evening ({differ} of the {len(both)} results it shares with "
                      "the database differ)")


def _read_book(path: str) -> Event:
    """The workbook's event, refused (naming why) when it is not an mpxl workbook that can be read."""
    from .shape import is_template

    names = sheet_names(path)  # [] when it cannot be opened: read_workbook says why
    if names and not (is_template(names) or "Travellers" in names):  # one renamed: read_workbook names it
        raise _refuse(path, "not an mpxl workbook (no Setup and Travellers sheets): the director's work in it "
                      "cannot be kept")
    try:
        book = read_workbook(path)
    except UserError as exc:
        raise _refuse(path, f"cannot keep the director's work: {exc.where + ': ' if exc.where else ''}"
                      f"{exc.problem}") from None
    if book.program != "mpxl workbook":
        raise _refuse(path, "not an mpxl workbook (no Setup and Travellers sheets in the template's layout): "
                      "the director's work in it cannot be kept")
    return book


def keep_directors_work(event: Event, path: str, earlier: dict[LineKey, list[Result]] | None = None,
                        earlier_names: dict[tuple[str, str, str | None], list[tuple[str, ...]]] | None = None) -> Kept:
    """Put on ``event`` (read from the tablets' database) what the director typed into the workbook ``path``
    (see the module's text); UserError, before anything is written, when that cannot be done. ``earlier``: the
    results the tablets gave each line before its latest (:attr:`mpxl.formats.bws.Reading.earlier`): a workbook's
    result among them is the tablets' old one, not the director's correction; ``earlier_names`` likewise the
    names a pair had before the tables changed them (:attr:`mpxl.formats.bws.Reading.earlier_names`)."""
    book = _read_book(path)
    kept = Kept()
    by_key = {line_key(w): w for w in book.lines}
    matched: dict[int, Line] = {}  # index in event.lines -> the workbook's line
    for i, d in enumerate(event.lines):
        w = by_key.pop(line_key(d), None)
        if w is not None:
            matched[i] = w
    _check_same_evening(event, book, path, ((event.lines[i], w) for i, w in matched.items()))
    leftover = _moved(event, by_key, matched, kept)
    for i, w in matched.items():
        event.lines[i] = _merged(event.lines[i], w, kept, (earlier or {}).get(line_key(event.lines[i]), ()))
    played = {(ln.session, ln.section, ln.board, _pair(p)) for ln in event.lines for p in (ln.ns_pair, ln.ew_pair)}
    for w in leftover:  # a line the tablets do not have (typed by the director): kept
        if w.score is not None and not _ruling(w) and _given_before(w, (earlier or {}).get(line_key(w), ())):
            kept.changes.append(f"{_where(w)}: the tablets' result {describe(w)} was erased at the table: "
                                "left out (type it into the workbook's Typed score to keep it)")
            continue  # the tablets' own result, erased at the table since: not the director's line
        if _ruling(w) and _given_before(w, (earlier or {}).get(line_key(w), ())):
            kept.changes.append(f"{_where(w)}: the tablets' result {w.contract} by {w.declarer}, {w.tricks} tricks "
                                f"was erased at the table; the ruling {w.score} is kept (clear its Adjustment to "
                                "leave the line out)")
            kept.rulings += 1
            event.lines.append(w)
            played |= {(w.session, w.section, w.board, _pair(p)) for p in (w.ns_pair, w.ew_pair)}
            continue
        if w.score is not None:
            kept.typed_lines += 1
        event.lines.append(w)
        played |= {(w.session, w.section, w.board, _pair(p)) for p in (w.ns_pair, w.ew_pair)}
    sat = {_sitout_key(so) for so in event.sitouts}
    event.sitouts += [so for so in book.sitouts if _sitout_key(so) not in sat and _sitout_key(so) not in played]
    event.penalties += book.penalties
    kept.penalties += len(book.penalties)
    kept.names = _names(event.pairs, book.pairs, earlier_names or {})
    try:
        check_duplicates(event)
    except UserError as exc:
        raise _refuse(path, f"the workbook's lines and the database's cannot be put together: {exc.problem}") from None
    event.title = book.title or event.title
    event.declared_options = {**book.declared_options, **event.declared_options}
    return kept


def _sitout_key(so: SitOut) -> tuple[int, str, int, str]:
    return (so.session, so.section, so.board, _pair(so.pair))


def _moved(event: Event, unmatched: dict[LineKey, Line], matched: dict[int, Line], kept: Kept) -> list[Line]:
    """The workbook's lines the database has under other pairs (a correction of a pair number at the
    table: the same board with one of the pairs): each ruling carried to the database's line and named;
    the others returned (lines the tablets do not have)."""
    free = {(ln.session, ln.section.strip(), ln.board, side, _pair(getattr(ln, f"{side}_pair"))): i
            for i, ln in enumerate(event.lines) if i not in matched for side in ("ns", "ew")}
    leftover = []
    for key, w in unmatched.items():
        session, section, board, ns, ew = key
        i = free.get((session, section, board, "ns", ns), free.get((session, section, board, "ew", ew)))
        if i is None or i in matched:
            leftover.append(w)
            continue
        matched[i] = w
        d = event.lines[i]
        kept.changes.append(f"{_where(d)}: the tablets' pairs changed from NS {w.ns_pair} EW {w.ew_pair}"
                            + (f"; the ruling {w.score} is kept" if _ruling(w) else ""))
    return leftover


def _names(pairs: list[Pair], typed: list[Pair],
           earlier: dict[tuple[str, str, str | None], list[tuple[str, ...]]]) -> int:
    """The names typed into the workbook's Pairs put on the database's pairs (the workbook's where it has
    them, unless they are names the tablets gave the pair before, in ``earlier``): how many pairs took the
    workbook's names."""
    by_key = {(p.section.strip(), _pair(p.number), p.direction): p for p in typed if p.names}
    count = 0
    for i, p in enumerate(pairs):
        w = by_key.get((p.section.strip(), _pair(p.number), p.direction))
        if w is None or tuple(w.names) == tuple(p.names) or tuple(w.names) in earlier.get(
                (p.section, p.number, p.direction), ()):
            continue
        players = tuple(replace(pl, name=n) for pl, n in zip(p.players, w.names)) \
            if len(p.players) == len(w.names) else ()
        pairs[i] = replace(p, names=tuple(w.names), players=players)
        count += 1
    return count


def existing_workbook(outputs: Iterable[str]) -> str | None:
    """The one ``-o`` workbook that is already there (None: none is); UserError for two."""
    found = [o for o in outputs if Path(o).suffix.lower() == ".xlsx" and Path(o).exists()]
    if len(found) > 1:
        raise UserError(found[1], "", f"two existing workbooks given with -o ({found[0]} too): the director's "
                        "work is kept from one; give one of them")
    return found[0] if found else None
