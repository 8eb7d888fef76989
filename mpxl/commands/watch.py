"""``mpxl score --watch``: the live loop of the tablets' database (:func:`mpxl.commands.bws.run_watch`)
given score's own scoring (:func:`mpxl.commands.scoring.score_input`, no warnings, the results live: each board
estimated to the movement's N) and writing
(:func:`mpxl.commands.outputs.write_output`, in the page's language, the members shown when asked)."""

from __future__ import annotations

import argparse
import time
from collections.abc import Callable
from typing import TYPE_CHECKING

from .given import Given
from .outputs import output_paths, write_output
from .scoring import score_input

if TYPE_CHECKING:
    from ..core.event import Event
    from ..core.session import SessionResult
    from ..formats.bws import Reading
    from .bws import Scorer, Writer

__all__ = ["watch", "live_score"]


def live_score(args: argparse.Namespace) -> tuple[Event, Reading | None, SessionResult]:
    """The watch's scoring of ``args.input``: score's own, no warnings, the results live (each board estimated to
    the movement's N while they arrive: :attr:`mpxl.core.event.Event.live`)."""
    return score_input(args, warn=False, live=True)[:3]


def watch(args: argparse.Namespace, steps: int | None = None, sleep: Callable[[float], None] | None = None) -> int:
    """Rescore ``args.input`` and rewrite every ``-o`` output each time it changes, until Ctrl-C (or ``steps`` looks,
    ``sleep`` between them: the tests'; by default :func:`time.sleep`, looked up at the call)."""
    from .bws import run_watch

    sleep = sleep or time.sleep

    given = Given.of(args)
    output_paths(given)  # every output checked before the first look
    score: Scorer = live_score
    write: Writer = lambda result, out, inputs: write_output(result, out, inputs, given.lang, given.show_members)  # noqa: E731
    if getattr(args, "tablets", False):  # the Data Connector polled into the journal, then scored the same way
        from .feed import feed_watch

        return feed_watch(args, score, write, steps, sleep)
    return run_watch(args, score, write, steps, sleep)
