"""``mpxl score --watch``: the live loop of the tablets' database (:func:`mpxl.commands.bws.run_watch`)
given score's own scoring (:func:`mpxl.commands.scoring.score_input`, no warnings) and writing
(:func:`mpxl.commands.outputs.write_output`, in the page's language, the members shown when asked)."""

from __future__ import annotations

import argparse

from .given import Given
from .outputs import output_paths, write_output
from .scoring import score_input

__all__ = ["watch"]


def watch(args: argparse.Namespace) -> int:
    """Rescore ``args.input`` and rewrite every ``-o`` output each time it changes, until Ctrl-C."""
    from .bws import run_watch

    given = Given.of(args)
    output_paths(given)  # every output checked before the first look
    return run_watch(args, lambda a: score_input(a, warn=False)[:3],
                     lambda result, out, inputs: write_output(result, out, inputs, given.lang, given.show_members))
