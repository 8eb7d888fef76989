"""The searched layouts of the hesitation and appendix Mitchells (:mod:`mpxl.core.movement_kinds`), kept
as data: found by ``bench/mitchell_kinds_search.py`` (integer programs, scipy's HiGHS) and verified by
tests/test_movement_kinds.py.

``HESITATIONS[T]``: a word per round, a character per table (1..T): ``ALPHABET.index(c)`` is the board set
(from 0) that table plays that round. HiGHS proves that none exists for 4, 6, 8 and 10 tables; for 11 to
13 it found none in two minutes each (open). No balance was searched for: pairs 1 and T+1 (NS and EW
throughout) are never compared, and two pairs are compared on 0 to 4 (5 tables), 7 (7) or 8 (9) sets.

``APPENDIX_EW[A]``: for a 13-table Mitchell with A tables appended, a word per round, a character per table
(1..13+A): ``ALPHABET.index(c)`` is the EW pair (from 0) at that table that round.
"""

from __future__ import annotations

__all__ = ["ALPHABET", "APPENDIX_BASE", "APPENDIX_EW", "HESITATIONS"]

ALPHABET = "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"

HESITATIONS: dict[int, str] = {
    5: "01234 31402 42301 02143 13042",
    7: "0123456 5623401 4126503 5031462 6032451 1432650 2501643",
    9: "012345678 356847210 651708243 726843150 084172653 320574816 154382607 306147825 652781043",
}

#: The tables of the Mitchell the appendix tables are appended to.
APPENDIX_BASE = 13

APPENDIX_EW: dict[int, str] = {}
