"""Howells cut short (``mpxl movement howell --rounds R``), kept as data: found by
``bench/howell_rounds_search.py`` (seeded) and verified by tests/test_movement.py.

The pairs meet as in R of the complete Howell's 2T-1 rounds (:data:`mpxl.movement.HOWELL_STARTS`), so
no two pairs meet twice; the boards are S sets (S >= max(T, R)), each played T*R/S times.
``HOWELL_ROUNDS[T][R]`` holds S, the complete Howell's rounds kept (from 0, played in that order), and a
word per round, a character per table (in the complete Howell's table order): ``ALPHABET.index(c)`` is
``set + S * flip``, the board set (from 0) and whether the table's pairs are turned (its EW pair sits NS).
"""

from __future__ import annotations

__all__ = ["ALPHABET", "HOWELL_ROUNDS"]

ALPHABET = "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"

HOWELL_ROUNDS: dict[int, dict[int, tuple[int, tuple[int, ...], str]]] = {
    4: {3: (4, (0, 4, 5), '0527 6413 7025'),
        4: (4, (0, 1, 2, 4), '0523 2147 3164 5467'),
        6: (6, (0, 1, 2, 3, 4, 5), '0183 a578 75a8 950a 2370 5a36')},
    5: {4: (5, (0, 5, 6, 7), '06234 48206 81290 65392'),
        6: (10, (0, 1, 2, 3, 4, 6), '01234 e2ih6 95gc8 fb0hj 39f1h g8d04'),
        8: (10, (0, 1, 2, 3, 4, 5, 6, 7), 'abcd4 82efj f0bhe 9685d 23a79 e621h 67fia 31gij')},
    6: {5: (10, (0, 1, 4, 5, 8), '01cd45 g870df f7cj84 2ig1a9 167d94'),
        6: (9, (0, 1, 5, 8, 9, 10), '9a2345 g4963h chdaf0 e79c62 a5d87b f172eh'),
        7: (14, (0, 1, 2, 5, 6, 7, 9), '0f2h45 7oe9pq 3qgfl5 kp8ncr mi91e7 4ar2k5 dhob6m'),
        8: (12, (0, 1, 2, 3, 4, 7, 9, 10), '0def45 3d0b87 jenlfk ka6d54 90ea76 5n9a34 i29b71 g605ka'),
        9: (18, (0, 1, 3, 5, 6, 7, 8, 9, 10), 'ij2l45 x9gupb wi71ax mrs38j pyubzs qd5rbc g25vow lq6ikh hmodfw'),
        10: (12, (0, 1, 2, 3, 4, 6, 7, 8, 9, 10),
            '0d2fg5 58l0di i2jhc9 9aig3b 4kemj5 d9nf7k mkhg6b b8ca3d 7e9061 2jfgba')},
    7: {8: (14, (0, 1, 2, 3, 4, 8, 10, 12), '01g34jk 93jaqd7 5pdi7go b2ef9qk 3b8i5re k7hn0c8 g81o47k 8dpa1c9'),
        10: (14, (0, 1, 3, 4, 5, 6, 8, 9, 10, 12),
            'ef2hi5k 17eqar3 mbd7qn3 glqp6oi h465dl8 no02mc5 d72f94p 6jb0dnh befn8ai c6jfo28'),
        12: (14, (0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 12),
            '01g3ijk 9ik3fca 1802369 6jad807 qk1ejma je9po73 7gdcbei pi5q9r2 og3qmnb hflcdnb 4jpmkdl mogfdl4')},
    8: {7: (14, (0, 1, 2, 6, 9, 10, 14), '0fgh456l pn2ji13m 7jdq4pom k3cn5re8 9f2r6o7c dbec6ial mpg10anh'),
        8: (16, (0, 2, 4, 5, 6, 9, 10, 12),
            'g12jk567 f1me4o5a s5hrgmp2 972e0qvr o43dp6us 3v0redpa l21ds78q rkjov7tc'),
        9: (12, (0, 1, 2, 4, 5, 8, 10, 11, 12),
            '0de3g56j mf912kb0 76n853ca labce845 nl71gkfi 4eahbij9 86c1b9m3 197625cg 2a85gfj1'),
        10: (16, (0, 1, 2, 3, 6, 7, 8, 9, 12, 14),
            'g1ij45m7 6uthgicp 37bf4i51 ea65ro3f s4tqveo6 4r567us8 fgq81jt9 t2u0fnp8 51bqgs79 q9b3kdc2'),
        11: (22, (0, 1, 2, 3, 4, 7, 9, 10, 11, 12, 14),
            '0nop45s7 1Bg8GezE b75ham28 aEo4ej91 sxevkalg fu5bijDs c8tnFl6o 9d5at3BH d4CbE0yB 4zhGplgc ApFDG90y'),
        12: (16, (0, 1, 2, 3, 4, 6, 7, 8, 9, 10, 11, 13),
            'gh23k56n 7eovsqg9 phc26q87 la6ucvtr hdco3a40 r47938il 3fuq09o1 trie90l4 4bjhlit7 cr86v32e qftuhmpl '
            'mcv4r0t7'),
        13: (26, (0, 1, 2, 3, 4, 6, 7, 9, 10, 11, 12, 13, 14),
            'qr2t4vw7 frDB9m8e OwzM52dB Nlw9xChG jDIz1kgo cu0iABKL uykNGOFA 3Pouvjh7 xmaJ20N1 63AyHicE spqLIyGJ '
            'pCnB3FEH lePM5kdf')},
    9: {8: (12, (0, 1, 2, 3, 6, 10, 11, 12),
            '01ef45ij8 ngek6h0ad ki3lb10ea m18l5jgb3 el5dan6g7 1ifa879cb l0fj5b428 5j3c9ai4e'),
        10: (15, (0, 1, 2, 6, 7, 8, 9, 11, 12, 16),
            '0ghi4kl78 rk67o8ib1 m93fsbp25 14bdk6ie7 hofsre6pq e1lsoc240 br41n32dp 30jmcpngt j7td08opk 5oq8plr2e'),
        12: (18, (0, 1, 3, 4, 5, 6, 8, 9, 10, 11, 12, 15),
            'i1k3mnopq lmkshe61r j0xc2dzst deqmisfu7 a18ch9o3e gx5p8lwu4 r1ctdonfy 5dmy7q0sk ta04z769g z9lgdecbf '
            'fb3znp1kr 86k5yedbi'),
        15: (27, (0, 1, 3, 4, 5, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16),
            '01234wx7z vEJF2apL7 7BpoM3hFz COIceg2fs o6O85trjs kCqj4txAc jNGMCrqwz 1kqudg7oI gfRPJQKMc IgLc9Bem4 '
            'xR7n54GJb cnNIuadw9 uBJxK18Pf EOeLpNrMA AmHMCpdir')},
    10: {9: (15, (0, 3, 4, 7, 10, 13, 14, 17, 18),
            '012i456m8o n96kqpgjm2 hnbaslgkrt dft6ipncb1 bgo72j3saf jmprebs359 ldfi4t8ra2 eiorf75gj6 m8bsohtc5f'),
        10: (20, (0, 1, 2, 4, 7, 11, 13, 15, 16, 18),
            '0l2n4p67s9 5qBzniaDxw sver1gzktc mjcnk9byhq ytqpo2jrAa lbponafdkA j2fvAl8dCw cCvou7hs1A xi9yzj72Bs '
            'uih3yqkpxo'),
        11: (22, (0, 1, 4, 5, 6, 7, 8, 13, 14, 15, 18),
            '012p4r6tu9 Fafpc82e06 5qnbtDdFk9 aAhn7ui56y zglAf93bE6 E2yedvBGlg ezGtqFmanb xl3yghw2q9 c4rmdEkBF1 '
            'Dw8bkEs7Hg lCfm28j5ph'),
        13: (26, (0, 1, 2, 3, 5, 7, 8, 9, 10, 11, 12, 14, 15),
            '0rstu56x8z Kjgrp9q2BA lNeuI6Pkam ayIjDF5e9m 7GovzJdmwE u1CHl7GFOB yAgrosjLcM zPJe0Infk5 dinMuwkB32 '
            'Nfb3E4x8ch tCAP6LH0d1 FHIdcLtoPn obHx5yGK0s'),
        14: (20, (0, 1, 2, 3, 4, 6, 7, 8, 9, 11, 12, 13, 15, 18),
            '01mn4pq78t varjwp9g1s qszrygj50x cbelz47Cj3 a8zo70pv2g hqf9wmubxi rcBu50s24d mysido6fAt 1AnqfiDBv9 '
            '4iyft3wDk2 x6kByDcpnu 8gCcku1pvh yC1oadhDA3 9yB7mqdvnl')},
}
