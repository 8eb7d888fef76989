"""Howells cut short (``mpxl movement howell --rounds R``), kept as data: found by
``bench/howell_rounds_search.py`` (seeded) and verified by tests/test_movement.py.

The pairs meet as in R of the complete Howell's 2T-1 rounds (:data:`mpxl.core.movement.HOWELL_STARTS`), so
no two pairs meet twice; the boards are S sets (S >= max(T, R)), each played T*R/S times.
``HOWELL_ROUNDS[T][R]`` holds S, the complete Howell's rounds kept (from 0, played in that order), and a
word per round, a character per table (in the complete Howell's table order): ``ALPHABET.index(c)`` is
``set + S * flip``, the board set (from 0) and whether the table's pairs are turned (its EW pair sits NS).

Only layouts as balanced as the complete Howells are kept: any two pairs compared (the same boards, the
same direction) on numbers of board sets that differ by at most 2. The search also found layouts with a
spread of 3 (8 to 10 tables, and 6 x 10, 7 x 12); they are left out until one within 2 is found.
"""

from __future__ import annotations

__all__ = ["ALPHABET", "HOWELL_ROUNDS"]

ALPHABET = "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"

HOWELL_ROUNDS: dict[int, dict[int, tuple[int, tuple[int, ...], str]]] = {
    4: {3: (4, (0, 4, 5),
            '0527 '
            '6413 7025'),
        4: (4, (0, 1, 2, 4),
            '0523 2147 '
            '3164 5467'),
        6: (6, (0, 1, 2, 3, 4, 5),
            '0183 a578 75a8 '
            '950a 2370 5a36')},
    5: {4: (5, (0, 5, 6, 7),
            '06234 48206 '
            '81290 65392'),
        6: (10, (0, 1, 2, 3, 4, 6),
            '01234 e2ih6 95gc8 '
            'fb0hj 39f1h g8d04'),
        8: (10, (0, 1, 2, 3, 4, 5, 6, 7),
            'abcd4 82efj f0bhe 9685d '
            '23a79 e621h 67fia 31gij')},
    6: {5: (10, (0, 1, 4, 5, 8),
            '01cd45 g870df '
            'f7cj84 2ig1a9 167d94'),
        6: (9, (0, 1, 5, 8, 9, 10),
            '9a2345 g4963h chdaf0 '
            'e79c62 a5d87b f172eh'),
        7: (14, (0, 1, 2, 5, 6, 7, 9),
            '0f2h45 7oe9pq 3qgfl5 '
            'kp8ncr mi91e7 4ar2k5 dhob6m'),
        8: (12, (0, 1, 2, 3, 4, 7, 9, 10),
            '0def45 3d0b87 jenlfk ka6d54 '
            '90ea76 5n9a34 i29b71 g605ka'),
        9: (18, (0, 1, 3, 5, 6, 7, 8, 9, 10),
            'ij2l45 x9gupb wi71ax mrs38j '
            'pyubzs qd5rbc g25vow lq6ikh hmodfw')},
    7: {8: (14, (0, 1, 2, 3, 4, 8, 10, 12),
            '01g34jk 93jaqd7 5pdi7go b2ef9qk '
            '3b8i5re k7hn0c8 g81o47k 8dpa1c9'),
        10: (14, (0, 1, 3, 4, 5, 6, 8, 9, 10, 12),
            'ef2hi5k 17eqar3 mbd7qn3 glqp6oi h465dl8 '
            'no02mc5 d72f94p 6jb0dnh befn8ai c6jfo28')},
    8: {11: (22, (0, 1, 2, 3, 4, 7, 9, 10, 11, 12, 14),
            '0nop45s7 1Bg8GezE b75ham28 aEo4ej91 sxevkalg '
            'fu5bijDs c8tnFl6o 9d5at3BH d4CbE0yB 4zhGplgc ApFDG90y')},
}
