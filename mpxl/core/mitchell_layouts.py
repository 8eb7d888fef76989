"""The searched layouts of the appendix Mitchells (:mod:`mpxl.core.movement_kinds`), kept
as data: found by ``bench/mitchell_kinds_search.py`` (integer programs, scipy's HiGHS) and verified by
tests/test_movement_kinds.py.

``APPENDIX_EW[A]``: for a 13-table Mitchell with A tables appended, a word per round, a character per table
(1..13+A): ``ALPHABET.index(c)`` is the EW pair (from 0) at that table that round.
"""

from __future__ import annotations

__all__ = ["ALPHABET", "APPENDIX_BASE", "APPENDIX_EW"]

ALPHABET = "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"

#: The tables of the Mitchell the appendix tables are appended to.
APPENDIX_BASE = 13

APPENDIX_EW: dict[int, str] = {}
