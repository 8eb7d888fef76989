"""What ``mpxl score`` writes: its ``-o`` outputs, checked before anything is read (:func:`output_paths`) and
each written by its extension (:func:`write_output`), the line saying so (:func:`written_line`), and the
``--json`` document on stdout (:func:`write_json`)."""

from __future__ import annotations

import sys
from collections.abc import Sequence
from typing import IO, Any

from ..core.errors import UserError
from ..core.session import SessionResult
from ..formats import check_output, write_event, writer_of
from .given import Given

__all__ = ["input_paths", "output_paths", "write_json", "write_output", "written_line"]


def input_paths(args: object) -> list[str]:
    """Every file the command reads: the input, ``--deals``, ``--previous``'s (none written over).

    >>> from argparse import Namespace
    >>> input_paths(Namespace(input="night.csv", deals="hands.pbn"))
    ['night.csv', 'hands.pbn']
    """
    given = Given.of(args)
    return [str(p) for p in [given.input, given.deals, *given.previous] if p]


def output_paths(args: object) -> list[str]:
    """The ``-o`` outputs (given once or more), each checked before anything is read or written:
    a known extension, no input (:func:`input_paths`), not named twice."""
    outputs = list(Given.of(args).outputs)
    seen: list[str] = []
    if outputs:
        from ..formats.atomic import check_not_input, check_windows_name, same_file  # loaded for an output
    for out in outputs:
        check_windows_name(out)
        check_not_input(out, input_paths(args))
        check_output(out)
        if any(same_file(out, other) for other in seen):
            raise UserError(out, "", "named twice with -o")
        seen.append(out)
    return outputs


def write_output(result: SessionResult, path: str, inputs: Sequence[str] = (), lang: str | None = None,
                 members: bool = False) -> None:
    """Write ``result`` to ``path`` by its extension (:func:`mpxl.formats.write_event`); refuse to write
    over any of ``inputs``; a results page's labels in ``lang`` (None: the language the file says), the
    players' member numbers on it when ``members``. The writer's note, if any, goes to stderr."""
    from ..formats.atomic import check_not_input

    check_not_input(path, inputs)
    try:
        note = write_event(result, path, lang=lang, members=members)
    except ValueError as exc:  # text the format cannot hold (mpxl.formats.textsafe): name the output
        raise UserError(path, "", str(exc)) from None
    if note:
        print(f"mpxl: {path}: {note}", file=sys.stderr)


def written_line(path: str, **counts: int) -> str:
    """The line ``score -o`` prints: what was written where.

    >>> written_line("out.pbn", boards=24, pairs=18)
    'mpxl: wrote out.pbn (PBN): 24 boards, 18 pairs'
    >>> written_line("out.csv", traveller_lines=1)
    'mpxl: wrote out.csv (CSV travellers): 1 traveller line'
    """
    from .wrote import wrote

    writer = writer_of(path)
    return wrote(path, writer.name if writer else "file", "", **counts)


def write_json(result: SessionResult, out: IO[str], more: dict[str, Any] | None = None) -> None:
    """Write the ``--json`` document (:func:`mpxl.formats.jsonout.json_text`) to the text stream ``out`` a
    board at a time: at 5 million lines the whole document would take gigabytes."""
    from ..formats.jsonout import json_text  # the JSON's code, loaded for --json

    for text in json_text(result, more):
        out.write(text)
