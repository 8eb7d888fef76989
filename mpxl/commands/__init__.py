"""The ``mpxl`` sub-commands, one module each, found by :mod:`mpxl.cli`."""

from __future__ import annotations

import re

__all__ = ["plain_help"]


def plain_help(doc: str) -> str:
    """A module docstring as plain help text: its reST markup (````x````) dropped, and a first line
    that only repeats the usage (``mpxl score INPUT ...``: ...) cut down to what follows the colon.

    >>> plain_help("``mpxl x A``: do it.\\n\\nThe ``-o`` flag writes ``.csv``.")
    'Do it.\\n\\nThe -o flag writes .csv.'
    """
    text = doc.strip()
    first, _, rest = text.partition("\n")
    m = re.match(r"``mpxl [^`]*``\s*[:.]?\s*(.*)$", first)
    if m:
        first = m.group(1)
        first = first[:1].upper() + first[1:]
        text = (first + "\n" + rest).strip() if first else rest.strip()
    return re.sub(r"``([^`]*)``", r"\1", text)
