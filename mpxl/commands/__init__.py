"""The ``mpxl`` sub-commands, one module each, named in :data:`COMMANDS` and imported by :mod:`mpxl.cli`
only when chosen (``mpxl score`` loads neither the workbook nor the study code)."""

from __future__ import annotations

import argparse
import re

from .. import workbook  # noqa: F401  (its reader and writer registered in mpxl.formats' tables)
from ..core.settings import Scale

__all__ = ["COMMANDS", "SHARED", "plain_help", "scale_argument", "SCALE_HELP", "add_connector_arguments"]

#: Every sub-command (the module ``mpxl.commands.<name>``) and its one-line help, as ``mpxl --help``
#: lists it: the command line is built from this table, and only the chosen command's module is imported.
COMMANDS = {
    "check": "rescore a results file and report where its published numbers differ",
    "deal": "deal the evening's boards, or read a deals file, and write the dealing machine's files",
    "demo": "score the slides' board 4 and write a filled demo workbook",
    "lite": "write main.py and requirements.txt for xlwings Lite (no package index needed)",
    "movement": "the movement for the evening (mitchell, howell) as a table, JSON, or the cards to print",
    "methods": "compare the estimation methods for N expected and n actual results",
    "score": "score a results file (USEBIO, PBN, CSV) or the tablets' .bws and print or write the ranking",
    "study": "hide results on real boards and measure which estimation method predicts them best",
    "tablets": "set up the Bridgemate tablets through BCS 5's Data Connector: the movement, the players, the hands",
    "template": "build the club template workbook (travellers, totals, methods) for Excel or LibreOffice",
}

#: The modules here that are no command: what several commands share, imported by them when needed.
SHARED = {
    "bws": "the tablets' database on the command line: check's report and score's --watch loop",
    "choice": "the options chosen from the command line: score's and check's flags of the settings",
    "feed": "score --tablets: the Data Connector's queues polled into the evening's journal, accepted once written",
    "fastpath": "score's CSV fast path: a CSV of travellers scored from its columns, no object per line",
    "given": "the parsed command line of score and check, typed",
    "outputs": "what score writes: the -o outputs checked and written, the JSON on stdout",
    "scoring": "score's input read and scored as the command line says",
    "text_report": "the ranking score prints, as a plain-text table",
    "watch": "score --watch: the live loop given score's scoring and writing",
    "wrote": "the one line every command that writes a file prints: mpxl: wrote FILE (what): ...",
}

#: The help of a command's ``--scale``.
SCALE_HELP = ("2 or double (default), 1 or single, or signed (MP1: +1 per result beaten, -1 per result that beats "
              "it; an average is 0)")


def scale_argument(text: str) -> Scale:
    """A ``--scale`` value: 2, 1, double, single, signed, MP1... (:meth:`Scale.find`); argparse names a bad one.

    >>> scale_argument("2"), scale_argument("signed")
    (<Scale.DOUBLE: 'double'>, <Scale.SIGNED: 'signed'>)
    >>> scale_argument("3")
    Traceback (most recent call last):
    argparse.ArgumentTypeError: '3' is not a scale; expected 2 (double), 1 (single) or signed
    """
    try:
        scale = Scale.find(text)
    except ValueError:  # the scales this flag takes, not the percentage scale it refuses below
        raise argparse.ArgumentTypeError(f"{text!r} is not a scale; expected 2 (double), 1 (single) or "
                                         "signed") from None
    if scale.fixed_top is not None:  # the methods table compares the matchpoint scales
        raise argparse.ArgumentTypeError(f"{text!r}: the percentage scale is chosen on a workbook's Setup (Scale "
                                         "percent) or by mpxl score and check; expected 2, 1 or signed")
    return scale


def plain_help(doc: str) -> str:
    """A module docstring as plain help text: its reST markup (````x````) and its examples (a paragraph of
    ``>>>`` lines, a doctest) dropped, and a first line that only repeats the usage (``mpxl score INPUT
    ...``: ...) cut down to what follows the colon.

    >>> plain_help("``mpxl x A``: do it.\\n\\nThe ``-o`` flag writes ``.csv``.\\n\\n>>> 1 + 1\\n2")
    'Do it.\\n\\nThe -o flag writes .csv.'
    """
    text = "\n\n".join(p for p in re.split(r"\n[ \t]*\n", doc.strip()) if not p.lstrip().startswith(">>>"))
    first, _, rest = text.partition("\n")
    m = re.match(r"``mpxl [^`]*``\s*[:.]?\s*(.*)$", first)
    if m:
        first = m.group(1)
        first = first[:1].upper() + first[1:]
        text = (first + "\n" + rest).strip() if first else rest.strip()
    return re.sub(r"``([^`]*)``", r"\1", text)


def add_connector_arguments(p: argparse.ArgumentParser) -> None:
    """The Data Connector's address and the club's credentials, as ``mpxl tablets`` and ``score --tablets`` take
    them (:func:`mpxl.commands.feed.connector_for` reads them)."""
    p.add_argument("--connector", metavar="URL", help="the Data Connector's address, such as http://192.168.1.50:5079 "
                   "(default: the one on this PC, as the Data Connector's client finds it)")
    p.add_argument("--club-id", metavar="ID", help="the club's id for the Data Connector (or MPXL_BCS_CLUB_ID)")
    p.add_argument("--licence-key", metavar="KEY", help="the club's licence key for the Data Connector "
                   "(or MPXL_BCS_LICENCE_KEY)")
