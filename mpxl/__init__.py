"""mpxl: matchpoint scoring for contract bridge in spreadsheets.

What a script imports: read a results file, score it, write it.

>>> import mpxl
>>> sorted(mpxl.__all__)
['Event', 'ScoringOptions', 'SessionResult', 'read_event', 'score_board', 'score_event', 'write_event']

``event = mpxl.read_event("club.xml")``, ``result = mpxl.score_event(event, mpxl.ScoringOptions())``,
``mpxl.write_event(result, "club.pbn")`` (any format of ``mpxl.formats.WRITERS``: .xlsx, .csv, .xml, .pbn,
.html); ``mpxl.score_board([420, 420, 450, -50])`` scores one board.

The layers, each a folder, bottom up; a module imports its own layer and those below, never one above
(tests/test_architecture.py reads the layers from these folders; docs/architecture.md says where each
kind of change goes):

- ``mpxl.core``: the scoring core, pure Python and the standard library only: the rulebook, the
  settings, the event model, the scorer, the rankings, the inference of a file's conventions, the
  movements.
- ``mpxl.formats``: the readers and writers: USEBIO, PBN, CSV, the tablets' database, JSON, the
  results page and its charts, the movement's cards; writing atomically, text kept as text.
- ``mpxl.workbook``: the workbook, written with openpyxl (or streamed) and read back.
- ``mpxl.udfs``: the Excel functions, registered through xlwings (UDF Modules ``mpxl.udfs``).
- ``mpxl.cli`` and ``mpxl.commands``: the ``mpxl`` command.

The names above are loaded when first used, so ``import mpxl`` costs nothing and importing the core
loads no reader.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

__version__ = "0.1.0"

#: The public API: each name and the module that defines it, imported on first use.
_API = {
    "read_event": "mpxl.formats",
    "write_event": "mpxl.formats",
    "score_event": "mpxl.core.session",
    "SessionResult": "mpxl.core.session",
    "ScoringOptions": "mpxl.core.options",
    "Event": "mpxl.core.event",
    "score_board": "mpxl.core.board",
}

__all__ = list(_API)

if TYPE_CHECKING:  # for type checkers only (each name re-exported): at run time __getattr__ loads it
    from .core.board import score_board as score_board
    from .core.event import Event as Event
    from .core.options import ScoringOptions as ScoringOptions
    from .core.session import SessionResult as SessionResult
    from .core.session import score_event as score_event
    from .formats import read_event as read_event
    from .formats import write_event as write_event


def __getattr__(name: str) -> Any:
    """A name of the public API, its module imported now (PEP 562)."""
    if name not in _API:
        raise AttributeError(f"module 'mpxl' has no attribute {name!r}")
    if _API[name] == "mpxl.formats":  # every format, the workbook's registered by its layer
        importlib.import_module("mpxl.workbook")
    return getattr(importlib.import_module(_API[name]), name)


def __dir__() -> list[str]:
    return sorted([*globals(), *_API])
