"""The CSV fast path of ``mpxl score``: a CSV of travellers scored from its columns, with no object per line
(:func:`score_by_columns`), by the same scorer and options as the event model, so every output is the same."""

from __future__ import annotations

import sys

from ..core.scorer import score_columns
from ..core.session import SessionResult
from ..formats import read_travellers
from ..formats.common import warn_unusual
from .choice import Chosen, choose_options
from .given import Given

__all__ = ["score_by_columns"]


def score_by_columns(args: object) -> tuple[SessionResult, Chosen] | None:
    """The input scored with no object per line, when it is a CSV of travellers the column reader
    takes (:func:`mpxl.formats.read_travellers`) and publishes no figures to infer from: the
    same scorer (:func:`mpxl.core.scorer.score_columns`) and the same options as the event model, so
    every output is the same. None (nothing read into the event model) for any other file, and for
    a board with a pair or a table twice: :func:`mpxl.formats.read_event` names the line."""
    given = Given.of(args)
    travellers = read_travellers(given.input)
    if travellers is None or (travellers.published_decimals is not None and not given.no_infer):
        return None
    from ..formats.csvcolumns import column_event  # the CSV code, loaded for a CSV input

    event = column_event(travellers, str(given.input))
    if event is None:
        return None
    for warning in warn_unusual(travellers.score, given.input, lambda i: f"line {i + 2}"):  # as the event model would
        print(f"mpxl: {warning}", file=sys.stderr)
    chosen = choose_options(event, given)
    scored = score_columns(travellers, chosen.options, event, lambda i: f"line {i + 2}")
    return SessionResult(event, chosen.options, scored=scored, travellers=travellers), chosen
