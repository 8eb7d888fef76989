"""Tests for mpxl.core.contract: the Law 77 scoring table, parsers and the board cycle."""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given
from hypothesis import strategies as st

from mpxl.core.contract import (
    PASSED_OUT,
    Contract,
    Direction,
    Strain,
    Vulnerability,
    board_dealer,
    board_vulnerability,
    ns_score,
    possible_ns_scores,
    score,
    tricks_from_result,
)

# ------------------------------------------------------------- the slides' traveller

# Board 4, dealer West, all vulnerable (seeds/003: "Matchpoint Scoring" slides).
SLIDES_BOARD_4 = [
    ("3C", "E", 10, -130),
    ("3NT", "E", 11, -660),
    ("2NT", "E", 8, -120),
    ("3NT", "W", 7, 200),
    ("3NT", "E", 9, -600),
    ("6C", "E", 11, 100),
    ("5C", "E", 10, 100),
    ("3S", "N", 9, 140),
    ("3C", "E", 11, -150),
]


@pytest.mark.parametrize("contract, declarer, tricks, expected", SLIDES_BOARD_4)
def test_slides_traveller_board_4(contract, declarer, tricks, expected):
    assert board_vulnerability(4) is Vulnerability.BOTH
    assert board_dealer(4) is Direction.W
    assert ns_score(contract, declarer, tricks, board_vulnerability(4)) == expected
    assert ns_score(contract, declarer, tricks, "All") == expected


# ----------------------------------------------------------- well-known NS scores

WELL_KNOWN = [
    # contract, declarer, tricks, vulnerability, NS score
    ("3NT", "N", 9, "None", 400),
    ("4S", "S", 11, "All", 650),
    ("1NTx", "N", 6, "None", -100),
    ("2Hx", "S", 8, "None", 470),
    ("1Cxx", "N", 7, "All", 230),
    ("7NTxx", "N", 13, "All", 2980),
    ("6Hx", "S", 9, "All", -800),
    ("4Sx", "N", 6, "None", -800),
    ("7NTxx", "N", 0, "All", -7600),
    # East/West declaring: the NS score is the negative of theirs
    ("3NT", "E", 9, "None", -400),
    ("4S", "W", 11, "All", -650),
    ("1NTx", "E", 6, "None", 100),
    ("7NTxx", "W", 0, "All", 7600),
    # the relevant side's vulnerability decides
    ("4S", "N", 10, "NS", 620),
    ("4S", "N", 10, "EW", 420),
    ("4S", "E", 10, "NS", -420),
    ("4S", "E", 10, "EW", -620),
    ("4S", "N", 9, "EW", -50),
    ("4S", "E", 9, "EW", 100),
    # passed out
    ("PASS", None, None, "All", 0),
    ("P", "N", 0, "None", 0),
    ("passed", None, 7, "NS", 0),
]


@pytest.mark.parametrize("contract, declarer, tricks, vul, expected", WELL_KNOWN)
def test_well_known_ns_scores(contract, declarer, tricks, vul, expected):
    assert ns_score(contract, declarer, tricks, vul) == expected


# ----------------------------------- contracts made exactly: every level and strain

# Declarer's score for each contract made exactly: (not vulnerable, vulnerable).
MADE_EXACTLY = {
    "1C": (70, 70), "1D": (70, 70), "1H": (80, 80), "1S": (80, 80), "1NT": (90, 90),
    "2C": (90, 90), "2D": (90, 90), "2H": (110, 110), "2S": (110, 110), "2NT": (120, 120),
    "3C": (110, 110), "3D": (110, 110), "3H": (140, 140), "3S": (140, 140), "3NT": (400, 600),
    "4C": (130, 130), "4D": (130, 130), "4H": (420, 620), "4S": (420, 620), "4NT": (430, 630),
    "5C": (400, 600), "5D": (400, 600), "5H": (450, 650), "5S": (450, 650), "5NT": (460, 660),
    "6C": (920, 1370), "6D": (920, 1370), "6H": (980, 1430), "6S": (980, 1430), "6NT": (990, 1440),
    "7C": (1440, 2140), "7D": (1440, 2140), "7H": (1510, 2210), "7S": (1510, 2210),
    "7NT": (1520, 2220),
    # doubled: trick score x2, insult 50
    "1Cx": (140, 140), "1Dx": (140, 140), "1Hx": (160, 160), "1Sx": (160, 160),
    "1NTx": (180, 180), "2Cx": (180, 180), "2Dx": (180, 180),
    "2Hx": (470, 670), "2Sx": (470, 670), "2NTx": (490, 690),
    "3Cx": (470, 670), "3Dx": (470, 670), "3NTx": (550, 750),
    "4Hx": (590, 790), "4Sx": (590, 790), "5Cx": (550, 750), "5Dx": (550, 750),
    "6Hx": (1210, 1660), "6Sx": (1210, 1660), "6NTx": (1230, 1680),
    "7Cx": (1630, 2330), "7NTx": (1790, 2490),
    # redoubled: trick score x4, insult 100
    "1Cxx": (230, 230), "1Dxx": (230, 230), "1Hxx": (520, 720), "1Sxx": (520, 720),
    "1NTxx": (560, 760), "2Cxx": (560, 760), "2Dxx": (560, 760),
    "3NTxx": (800, 1000), "4Hxx": (880, 1080), "4Sxx": (880, 1080),
    "5Cxx": (800, 1000), "6Dxx": (1380, 1830), "6NTxx": (1660, 2110),
    "7Sxx": (2240, 2940), "7NTxx": (2280, 2980),
}


@pytest.mark.parametrize(
    "contract, vulnerable, expected",
    [(c, v, pair[v]) for c, pair in MADE_EXACTLY.items() for v in (False, True)],
)
def test_made_exactly(contract, vulnerable, expected):
    c = Contract.parse(contract)
    assert score(c, "N", c.tricks_needed, vulnerable) == expected
    assert score(contract, "E", "=", vulnerable) == expected


def test_made_exactly_covers_every_level_strain_and_doubling():
    seen = {(c.level, c.strain, c.doubled) for c in map(Contract.parse, MADE_EXACTLY)}
    assert {(lv, st_) for lv, st_, _ in seen} == {(lv, s) for lv in range(1, 8) for s in Strain}
    assert {d for _, _, d in seen} == {0, 1, 2}


# -------------------------------------------------------------------- overtricks

OVERTRICKS = [
    # contract, tricks, vulnerable, declarer's score
    ("1NT", 8, False, 120),
    ("1NT", 9, False, 150),
    ("2C", 11, False, 150),
    ("4S", 11, True, 650),
    ("3NT", 10, False, 430),
    ("3NT", 13, False, 520),
    ("6NT", 13, True, 1470),
    ("1D", 13, True, 190),
    ("1Cx", 8, False, 240),
    ("1Cx", 13, True, 1340),
    ("1NTx", 9, False, 380),
    ("2Hx", 9, True, 870),
    ("5Hx", 13, False, 850),
    ("1Cxx", 13, True, 2630),
    ("1Dxx", 13, False, 1430),
    ("3NTxx", 10, True, 1400),
    ("4Sxx", 11, False, 1080),
]


@pytest.mark.parametrize("contract, tricks, vulnerable, expected", OVERTRICKS)
def test_overtricks(contract, tricks, vulnerable, expected):
    assert score(contract, "S", tricks, vulnerable) == expected


# ------------------------------------------------------------------- undertricks

# Penalty for 1..13 down: undoubled, doubled and redoubled, not vulnerable and vulnerable.
UNDERTRICKS = {
    (0, False): [50 * k for k in range(1, 14)],
    (0, True): [100 * k for k in range(1, 14)],
    (1, False): [100, 300, 500, 800, 1100, 1400, 1700, 2000, 2300, 2600, 2900, 3200, 3500],
    (1, True): [200, 500, 800, 1100, 1400, 1700, 2000, 2300, 2600, 2900, 3200, 3500, 3800],
    (2, False): [200, 600, 1000, 1600, 2200, 2800, 3400, 4000, 4600, 5200, 5800, 6400, 7000],
    (2, True): [400, 1000, 1600, 2200, 2800, 3400, 4000, 4600, 5200, 5800, 6400, 7000, 7600],
}


@pytest.mark.parametrize(
    "doubled, vulnerable, down, penalty",
    [(d, v, k + 1, p) for (d, v), row in UNDERTRICKS.items() for k, p in enumerate(row)],
)
def test_undertricks_1_to_13_down(doubled, vulnerable, down, penalty):
    contract = "7NT" + "x" * doubled
    assert score(contract, "W", 13 - down, vulnerable) == -penalty
    assert score(contract, "W", f"-{down}", vulnerable) == -penalty


UNDERTRICKS_LOW_LEVELS = [
    ("1C", 6, False, -50),
    ("2Dx", 5, True, -800),
    ("3Hxx", 6, False, -1000),
    ("6Hx", 9, True, -800),
    ("4Sx", 6, False, -800),
    ("1NTxx", 0, True, -4000),
    ("5S", 0, True, -1100),
    ("1NTx", 0, False, -1700),
]


@pytest.mark.parametrize("contract, tricks, vulnerable, expected", UNDERTRICKS_LOW_LEVELS)
def test_undertricks_other_levels(contract, tricks, vulnerable, expected):
    assert score(contract, "N", tricks, vulnerable) == expected


# ---------------------------------- exhaustive check against an independent ladder


def _law77(level, strain, doubled, tricks, vul):
    """Law 77 written out the plain way, independently of mpxl's tables."""
    need = level + 6
    if tricks < need:
        down = need - tricks
        if doubled == 0:
            return -(100 if vul else 50) * down
        if vul:
            pen = 200 + 300 * (down - 1)
        else:
            pen = 100 + 200 * min(down - 1, 2) + 300 * max(down - 3, 0)
        return -pen * doubled  # redoubled (2) is twice doubled (1)
    per = 20 if strain in "CD" else 30
    ts = per * level + (10 if strain == "NT" else 0)
    ts *= (1, 2, 4)[doubled]
    total = ts + ((500 if vul else 300) if ts >= 100 else 50)
    if level == 6:
        total += 750 if vul else 500
    if level == 7:
        total += 1500 if vul else 1000
    total += (0, 50, 100)[doubled]
    over = tricks - need
    total += over * (per if doubled == 0 else (200 if vul else 100) * doubled)
    return total


def test_every_contract_and_result_matches_plain_law77():
    for level, strain, doubled, tricks, vul in itertools.product(
        range(1, 8), ["C", "D", "H", "S", "NT"], range(3), range(14), (False, True)
    ):
        c = Contract(level, Strain(strain), doubled)
        assert score(c, "N", tricks, vul) == _law77(level, strain, doubled, tricks, vul), (
            str(c), tricks, vul)


# ------------------------------------------------------------------ board cycle

CYCLE = [
    (1, "N", "None"), (2, "E", "NS"), (3, "S", "EW"), (4, "W", "All"),
    (5, "N", "NS"), (6, "E", "EW"), (7, "S", "All"), (8, "W", "None"),
    (9, "N", "EW"), (10, "E", "All"), (11, "S", "None"), (12, "W", "NS"),
    (13, "N", "All"), (14, "E", "None"), (15, "S", "NS"), (16, "W", "EW"),
]
BOARDS_1_TO_32 = CYCLE + [(b + 16, d, v) for b, d, v in CYCLE]


@pytest.mark.parametrize("board, dealer, vul", BOARDS_1_TO_32)
def test_board_cycle(board, dealer, vul):
    assert board_dealer(board) is Direction(dealer)
    assert board_vulnerability(board) is Vulnerability.find(vul)


def test_board_number_from_spreadsheet_float():
    assert board_vulnerability(4.0) is Vulnerability.BOTH
    assert board_dealer(33) is Direction.N


@pytest.mark.parametrize("bad", [0, -1, 1.5, "x", None, True, "", "4a"])
def test_board_rejects_non_positive_whole(bad):
    with pytest.raises(ValueError, match="board") as err:
        board_vulnerability(bad)
    assert repr(bad) in str(err.value)
    with pytest.raises(ValueError):
        board_dealer(bad)


# ---------------------------------------------------------------------- parsers

PARSED = [
    ("3NT", 3, Strain.NT, 0),
    ("3N", 3, Strain.NT, 0),
    ("3nt", 3, Strain.NT, 0),
    (" 3 nt ", 3, Strain.NT, 0),
    ("4S", 4, Strain.S, 0),
    ("4s", 4, Strain.S, 0),
    ("4Sx", 4, Strain.S, 1),
    ("4SX", 4, Strain.S, 1),
    ("4S x", 4, Strain.S, 1),
    ("4S*", 4, Strain.S, 1),
    ("4S**", 4, Strain.S, 2),
    ("6Hxx", 6, Strain.H, 2),
    ("6HXX", 6, Strain.H, 2),
    ("6h xx", 6, Strain.H, 2),
    ("7NTxx", 7, Strain.NT, 2),
    ("7ntXX", 7, Strain.NT, 2),
    ("1C", 1, Strain.C, 0),
    ("2d", 2, Strain.D, 0),
    ("4♠", 4, Strain.S, 0),
    ("4♥x", 4, Strain.H, 1),
    ("5♦", 5, Strain.D, 0),
    ("1♣xx", 1, Strain.C, 2),
    ("2 No Trump", 2, Strain.NT, 0),
    ("3 spades", 3, Strain.S, 0),
]


@pytest.mark.parametrize("text, level, strain, doubled", PARSED)
def test_contract_parse(text, level, strain, doubled):
    assert Contract.parse(text) == Contract(level, strain, doubled)


@pytest.mark.parametrize("text", ["PASS", "P", "passed", "pass", "p", " Pass ", "Passed out"])
def test_contract_parse_pass(text):
    c = Contract.parse(text)
    assert c == PASSED_OUT and c.is_passed and str(c) == "PASS"


@pytest.mark.parametrize(
    "text",
    ["", "8NT", "0S", "3", "NT", "4Q", "4Sxxx", "4S***", "4SX*", "34S", "x4S", "4S+1",
     "pas", "3NT=", "-", "four spades"],
)
def test_contract_parse_rejects_and_quotes(text):
    with pytest.raises(ValueError) as err:
        Contract.parse(text)
    assert repr(text) in str(err.value)
    assert "expected" in str(err.value)


@pytest.mark.parametrize("bad", [None, 3, 4.0])
def test_contract_parse_rejects_non_text(bad):
    with pytest.raises(ValueError, match="expected"):
        Contract.parse(bad)


@pytest.mark.parametrize("text", ["3NT", "4Sx", "6Hxx", "7NTxx", "1C", "PASS"])
def test_contract_str_round_trips(text):
    assert str(Contract.parse(text)) == text
    assert Contract.parse(str(Contract.parse(text))) == Contract.parse(text)


@pytest.mark.parametrize(
    "args",
    [(0, Strain.S, 0), (8, Strain.S, 0), (3, "S", 0), (3, Strain.S, 3), (None, Strain.S, 0),
     (True, Strain.C, 0), (3, Strain.S, True)],
)
def test_contract_constructor_validates(args):
    with pytest.raises(ValueError):
        Contract(*args)


def test_contract_is_frozen():
    c = Contract.parse("4S")
    with pytest.raises(AttributeError):
        c.level = 5  # type: ignore[misc]


@pytest.mark.parametrize(
    "text, expected",
    [("N", "N"), ("n", "N"), ("North", "N"), ("NORTH", "N"), (" east ", "E"), ("s", "S"),
     ("South", "S"), ("W", "W"), ("west", "W"), (Direction.E, "E")],
)
def test_direction_find(text, expected):
    assert Direction.find(text) is Direction(expected)


@pytest.mark.parametrize("bad", ["", "NE", "Nord", "x", None, 1])
def test_direction_find_rejects(bad):
    with pytest.raises(ValueError, match="expected N, E, S or W") as err:
        Direction.find(bad)
    assert repr(bad) in str(err.value)


@pytest.mark.parametrize(
    "text, expected",
    [("C", Strain.C), ("clubs", Strain.C), ("♣", Strain.C), ("d", Strain.D), ("♦", Strain.D),
     ("Hearts", Strain.H), ("♥", Strain.H), ("S", Strain.S), ("♠", Strain.S),
     ("NT", Strain.NT), ("n", Strain.NT), ("no trump", Strain.NT)],
)
def test_strain_find(text, expected):
    assert Strain.find(text) is expected


@pytest.mark.parametrize("bad", ["", "Q", "X", None])
def test_strain_find_rejects(bad):
    with pytest.raises(ValueError) as err:
        Strain.find(bad)
    assert repr(bad) in str(err.value)


VULS = [
    ("None", Vulnerability.NONE), ("none", Vulnerability.NONE), ("-", Vulnerability.NONE),
    ("Love", Vulnerability.NONE), ("love", Vulnerability.NONE),
    ("NS", Vulnerability.NS), ("N-S", Vulnerability.NS), ("ns", Vulnerability.NS),
    ("N/S", Vulnerability.NS), ("N S", Vulnerability.NS), ("North-South", Vulnerability.NS),
    ("EW", Vulnerability.EW), ("E-W", Vulnerability.EW), ("e/w", Vulnerability.EW),
    ("All", Vulnerability.BOTH), ("Both", Vulnerability.BOTH), ("b", Vulnerability.BOTH),
    ("ALL", Vulnerability.BOTH), (Vulnerability.EW, Vulnerability.EW),
]


@pytest.mark.parametrize("text, expected", VULS)
def test_vulnerability_find(text, expected):
    assert Vulnerability.find(text) is expected


@pytest.mark.parametrize("bad", ["", "NE", "N", "E", "yes", "--", None, 1])
def test_vulnerability_find_rejects(bad):
    with pytest.raises(ValueError, match="expected None") as err:
        Vulnerability.find(bad)
    assert repr(bad) in str(err.value)


@pytest.mark.parametrize(
    "vul, vulnerable_seats",
    [(Vulnerability.NONE, ""), (Vulnerability.NS, "NS"), (Vulnerability.EW, "EW"),
     (Vulnerability.BOTH, "NESW")],
)
def test_is_vulnerable(vul, vulnerable_seats):
    for seat in Direction:
        assert vul.is_vulnerable(seat) == (seat.value in vulnerable_seats)
        assert vul.is_vulnerable(seat.value.lower()) == (seat.value in vulnerable_seats)


# ----------------------------------------------------------- results and tricks

@pytest.mark.parametrize(
    "contract, text, tricks",
    [("4S", "=", 10), ("4S", "+1", 11), ("4S", "-2", 8), ("4S", " + 3 ", 13), ("4S", "-10", 0),
     ("1C", "+6", 13), ("7NT", "-13", 0), ("7NT", "=", 13), ("3NT", "=0", 9), ("3NT", "+0", 9),
     ("3NT", "made", 9), ("3NTx", "-1", 8)],
)
def test_tricks_from_result(contract, text, tricks):
    assert tricks_from_result(contract, text) == tricks
    assert tricks_from_result(Contract.parse(contract), text) == tricks


@pytest.mark.parametrize(
    "contract, text",
    [("4S", "+4"), ("4S", "-11"), ("7NT", "+1"), ("4S", "-0"), ("4S", "=1"), ("4S", "1"),
     ("4S", ""), ("4S", "x"), ("4S", "++1"), ("PASS", "=")],
)
def test_tricks_from_result_rejects(contract, text):
    with pytest.raises(ValueError) as err:
        tricks_from_result(contract, text)
    assert repr(text) in str(err.value)


@pytest.mark.parametrize(
    "tricks, expected",
    [(10, 620), (10.0, 620), ("10", 620), ("=", 620), ("+1", 650), ("-1", -100), (" -2", -200)],
)
def test_ns_score_tricks_forms(tricks, expected):
    assert ns_score("4S", "N", tricks, "NS") == expected


@pytest.mark.parametrize("bad", [14, -1, 9.5, "ten", None, True, ""])
def test_ns_score_rejects_bad_tricks(bad):
    with pytest.raises(ValueError, match="tricks") as err:
        ns_score("4S", "N", bad, "NS")
    assert ("tricks missing" if bad is None else repr(bad)) in str(err.value)


@pytest.mark.parametrize("declarer", [None, "", "X", "NS"])
def test_ns_score_needs_a_declarer_unless_passed(declarer):
    with pytest.raises(ValueError, match="direction"):
        ns_score("4S", declarer, 10, "None")
    assert ns_score("PASS", declarer, None, "None") == 0


def test_ns_score_rejects_bad_vulnerability_even_when_passed():
    with pytest.raises(ValueError, match="'Red'"):
        ns_score("PASS", None, None, "Red")


def test_score_requires_bool_vulnerable():
    with pytest.raises(ValueError, match="vulnerable"):
        score("4S", "N", 10, "NS")


# ------------------------------------------------------------------- properties

contracts = st.builds(
    Contract,
    st.integers(1, 7),
    st.sampled_from(list(Strain)),
    st.integers(0, 2),
)
seats = st.sampled_from(list(Direction))
vuls = st.sampled_from(list(Vulnerability))


@given(contracts, seats, st.integers(0, 13), st.booleans())
def test_making_scores_positive_going_down_negative(c, seat, tricks, vul):
    s = score(c, seat, tricks, vul)
    if tricks >= c.tricks_needed:
        assert s > 0
    else:
        assert s < 0
    assert s % 10 == 0


@given(contracts, seats, st.integers(0, 12), st.booleans())
def test_more_tricks_never_score_less(c, seat, tricks, vul):
    assert score(c, seat, tricks + 1, vul) > score(c, seat, tricks, vul)


@given(contracts, seats, st.integers(0, 13))
def test_vulnerability_magnifies(c, seat, tricks):
    """Vulnerable scores are at least as big when making, as bad when going down."""
    nonvul, vul = score(c, seat, tricks, False), score(c, seat, tricks, True)
    assert vul >= nonvul if tricks >= c.tricks_needed else vul < nonvul


@given(st.integers(1, 7), st.sampled_from(list(Strain)), st.integers(0, 13), st.booleans())
def test_doubling_raises_the_stakes(level, strain, tricks, vul):
    plain, dbl, rdbl = (score(Contract(level, strain, d), "N", tricks, vul) for d in range(3))
    if tricks >= level + 6:
        assert plain < dbl < rdbl
    else:
        assert plain > dbl > rdbl
        assert rdbl == 2 * dbl


@given(contracts, seats, st.integers(0, 13), vuls)
def test_ns_score_is_declarers_score_from_ns_side(c, seat, tricks, vul):
    ns = ns_score(c, seat, tricks, vul)
    own = score(c, seat, tricks, vul.is_vulnerable(seat))
    assert ns == (own if seat.is_ns else -own)
    # the same deal turned round: E/W seats and vulnerabilities swapped
    turned = {Direction.N: Direction.E, Direction.E: Direction.S,
              Direction.S: Direction.W, Direction.W: Direction.N}[seat]
    swap = {Vulnerability.NS: Vulnerability.EW, Vulnerability.EW: Vulnerability.NS}.get(vul, vul)
    assert ns_score(c, turned, tricks, swap) == -ns


@given(contracts, seats, vuls, st.integers(-13, 13))
def test_relative_results_agree_with_tricks_taken(c, seat, vul, delta):
    tricks = c.tricks_needed + delta
    if not 0 <= tricks <= 13 or delta == 0:
        return
    text = f"{delta:+d}"
    assert tricks_from_result(c, text) == tricks
    assert ns_score(c, seat, text, vul) == ns_score(c, seat, tricks, vul)


@given(st.integers(1, 10_000))
def test_board_cycle_repeats_every_16(board):
    assert board_vulnerability(board) is board_vulnerability(board + 16)
    assert board_dealer(board) is board_dealer(board + 4)


def test_possible_scores_are_every_score_of_every_contract_and_number_of_tricks():
    # possible_ns_scores scores each contract made and with one overtrick (the rest follow): the
    # same set as scoring every number of tricks of every contract, as Law 77 reads
    every = {0}
    for level, strain, dbl, vul, tricks in itertools.product(range(1, 8), ("C", "D", "H", "S", "NT"),
                                                              ("", "X", "XX"), (False, True), range(14)):
        value = score(f"{level}{strain}{dbl}", "N", tricks, vul)
        every.update((value, -value))
    assert possible_ns_scores() == frozenset(every)
