"""What the results page says of an evening still being played (:func:`progress_notes`): its standings
provisional, the boards not complete yet (``board 7: 3 of 12 results``) and those nobody has played yet,
from the movement's plays (:mod:`mpxl.core.progress`); and, where the plays are not known, the N it
assumed for a board with fewer results than the others."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING

from ..core.progress import BoardProgress, PlaysKey, Progress, entries_towards_n, progress
from ..core.settings import EstimateAt, Field

if TYPE_CHECKING:  # typing only
    from ..core.session import SessionResult

__all__ = ["page_progress", "progress_notes", "so_far_text", "board_spans", "board_progress"]


def page_progress(result: SessionResult) -> Progress | None:
    """The progress of ``result``'s evening, its boards keyed as the scorer compared them (None: the movement's
    plays are not known)."""
    return progress(result.event, across=result.field is Field.EVENT)


def board_spans(boards: Iterable[int]) -> str:
    """Board numbers as runs: ``1-4, 7, 9-10``.

    >>> board_spans([9, 1, 2, 3, 4, 7, 10]), board_spans([5])
    ('1-4, 7, 9-10', '5')
    """
    numbers = sorted(set(boards))
    runs: list[list[int]] = []
    for n in numbers:
        if runs and n == runs[-1][-1] + 1:
            runs[-1].append(n)
        else:
            runs.append([n])
    return ", ".join(f"{r[0]}-{r[-1]}" if len(r) > 1 else str(r[0]) for r in runs)


def _where(session: int, section: str, L: Mapping[str, str]) -> str:
    """``, section A``, ``, session 2`` after a board's number: where it is when the evening has several."""
    return ((L["board_section"].format(section=section) if section else "")
            + (L["board_session"].format(session=session) if session != 1 else ""))


def so_far_text(bp: BoardProgress, L: Mapping[str, str]) -> str:
    """What a board not complete yet says under its title: ``3 of 12 results so far``."""
    return L["so_far_note"].format(results=bp.results, plays=bp.plays)


def progress_notes(result: SessionResult, L: Mapping[str, str], found: Progress | None) -> list[str]:
    """The sentences under the ranking's title: with the movement's plays known (``found``) and a board still
    to get an entry, that the standings are provisional, how many results are in, the boards not complete yet
    and those nobody has played yet; with the plays not known, the N each board was estimated to when a board
    has fewer entries than it (none said when N was given: ``--expected``, the Setup's Expected)."""
    if found is not None:
        if not found.provisional:
            return []
        out = [L["progress"].format(results=found.results, plays=found.plays)]
        alike: dict[tuple[int, str, int, int], list[int]] = {}  # boards with as many results of as many plays
        for b in sorted(found.short, key=lambda b: (b.session, str(b.section), -b.results / b.plays)):
            if b.results:
                alike.setdefault((b.session, b.section, b.results, b.plays), []).append(b.board)
        if alike:
            out.append(L["short_boards"].format(boards="; ".join(
                L["board_short"].format(
                    board=L["board_word" if len(boards) == 1 else "boards_word"].format(boards=board_spans(boards)),
                    where=_where(session, section, L), results=results, plays=plays)
                for (session, section, results, plays), boards in alike.items())))
        unplayed: dict[tuple[int, str], list[int]] = {}
        for b in found.short:
            if not b.results:
                unplayed.setdefault((b.session, b.section), []).append(b.board)
        if unplayed:
            out.append(L["not_started"].format(boards="; ".join(
                L["board_word" if len(boards) == 1 else "boards_word"].format(boards=board_spans(boards))
                + _where(session, section, L) for (session, section), boards in unplayed.items())))
        return out
    n = _assumed_n(result, L) if result.event.live else ""  # a file scored once: each board's note says its N
    return [L["n_assumed"].format(n=n)] if n else []


def _assumed_n(result: SessionResult, L: Mapping[str, str]) -> str:
    """The N the scorer took for each field from its results alone (the most entries on any board), as text, when
    a board has fewer entries than that and nothing said what N is; '' else."""
    opts, sc, t = result.options, result.scored, result.travellers
    if (opts.expected is not None or opts.method_name == "none" or sc is None or t is None
            or opts.estimate_at in (EstimateAt.NEVER, EstimateAt.OWN_TOPS)):
        return ""
    if all(entries_towards_n(t.score, b.ranges) >= b.expected for b in sc.boards):
        return ""
    fields: dict[tuple[int, str], int] = {}
    for b in sc.boards:
        fields.setdefault((b.session, b.section), b.expected)
    if len(set(fields.values())) == 1:
        return str(next(iter(fields.values())))
    return ", ".join(f"{n} ({_where(session, section, L).lstrip(', ')})" for (session, section), n in fields.items())


def board_progress(found: Progress | None) -> dict[PlaysKey, BoardProgress]:
    """Each board's progress by its key (session, section, board); {} when not known."""
    return {} if found is None else {(b.session, b.section, b.board): b for b in found.boards}
