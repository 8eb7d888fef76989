"""What a scorer types on a traveller line: parse_entry's table of accepted and rejected inputs.

Codes and their meaning: DESIGN.md section 4 ("Ave+ 60, Ave 50, Ave- 40, or any pair
such as 60/40 ... A+/A+ gives 60% to both sides ... USEBIO A6040 (NS 60, EW 40), PBN
A+, A=, A-, Bye"); the slides (seeds/003 slides 13-14: 60% 40%, 60% 60%, 40% 40%;
slide 22: a split score, NS -150 and EW +50, typed -150|-50 as two NS scores); De Wael's
60/60 (the brief).  Weighted scores: Law 12C1(c) as in DESIGN.md ("30% of 4S= + 70% of 3S+1").
"""

from __future__ import annotations

import math
from fractions import Fraction as F

import pytest

from mpxl.core.adjustments import (
    ARTIFICIAL_CODES,
    NOT_PLAYED,
    Artificial,
    Assigned,
    Score,
    ave_kind,
    parse_entry,
    parse_score,
)

ARTIFICIAL = [
    # (typed, NS %, EW %, NS kind, EW kind)
    ("A60", 60, 40, "plus", "minus"),
    ("A50", 50, 50, "ave", "ave"),
    ("A40", 40, 60, "minus", "plus"),
    ("A+", 60, 40, "plus", "minus"),          # PBN
    ("A=", 50, 50, "ave", "ave"),             # PBN
    ("A-", 40, 60, "minus", "plus"),          # PBN
    ("A", 50, 50, "ave", "ave"),
    ("AVE", 50, 50, "ave", "ave"),            # slides slide 11: "AVE"
    ("AVE+", 60, 40, "plus", "minus"),
    ("AVE-", 40, 60, "minus", "plus"),
    ("Ave+", 60, 40, "plus", "minus"),
    ("ave -", 40, 60, "minus", "plus"),
    ("AVG+", 60, 40, "plus", "minus"),
    ("AV-", 40, 60, "minus", "plus"),
    ("60/40", 60, 40, "plus", "minus"),       # slides 13-14
    ("40/60", 40, 60, "minus", "plus"),
    ("40/40", 40, 40, "minus", "minus"),      # slide 13: "40% 40%"
    ("60/60", 60, 60, "plus", "plus"),        # De Wael; slide 13: "60% 60%"
    ("50/50", 50, 50, "ave", "ave"),
    ("60%/40%", 60, 40, "plus", "minus"),
    ("60 / 40", 60, 40, "plus", "minus"),
    ("A+/A+", 60, 60, "plus", "plus"),        # DESIGN.md: "A+/A+ gives 60% to both sides"
    ("A-/A-", 40, 40, "minus", "minus"),
    ("A+/A-", 60, 40, "plus", "minus"),
    ("AVE/AVE", 50, 50, "ave", "ave"),
    ("A6040", 60, 40, "plus", "minus"),       # USEBIO (DESIGN.md)
    ("A5050", 50, 50, "ave", "ave"),
    ("A4060", 40, 60, "minus", "plus"),
    ("A6060", 60, 60, "plus", "plus"),
    ("a6040", 60, 40, "plus", "minus"),
    (" A6040 ", 60, 40, "plus", "minus"),
    ("A55", 55, 45, None, None),              # any percentage: not an Ave kind
    ("A6070", 60, 70, "plus", None),          # DESIGN.md: "They need not balance"
    # Bridgemate's nine decisions as the tablets write them (../shared/bws.md), and any other such pair
    ("40%-40%", 40, 40, "minus", "minus"),
    ("50%-40%", 50, 40, "ave", "minus"),
    ("60%-40%", 60, 40, "plus", "minus"),
    ("40%-50%", 40, 50, "minus", "ave"),
    ("50%-50%", 50, 50, "ave", "ave"),
    ("60%-50%", 60, 50, "plus", "ave"),
    ("40%-60%", 40, 60, "minus", "plus"),
    ("50%-60%", 50, 60, "ave", "plus"),
    ("60%-60%", 60, 60, "plus", "plus"),
    (" 60 % - 40 % ", 60, 40, "plus", "minus"),
    ("55%-45%", 55, 45, None, None),
]


def test_a_weighted_score_with_a_hyphen_is_no_bridgemate_pair():
    """``30% -420 + 70% 450`` holds ``%-`` too: a weighted score, not a split (no percentage after the hyphen)."""
    e = parse_entry("30% -420 + 70% 450")
    assert not isinstance(e, Artificial) and e.ns == ((F(3, 10), -420), (F(7, 10), 450))


@pytest.mark.parametrize("typed, ns, ew, ns_kind, ew_kind", ARTIFICIAL)
def test_artificial_codes(typed, ns, ew, ns_kind, ew_kind):
    e = parse_entry(typed)
    assert isinstance(e, Artificial)
    assert (e.ns, e.ew) == (ns, ew)
    assert (e.ns_kind, e.ew_kind) == (ns_kind, ew_kind)


def test_code_table_values():
    """Every single-side code means Ave+ 60, Ave 50 or Ave- 40 (DESIGN.md section 4)."""
    assert set(ARTIFICIAL_CODES.values()) == {40, 50, 60}
    for code, pct in ARTIFICIAL_CODES.items():
        if code.startswith("A"):
            assert parse_entry(code) == Artificial(F(pct), F(100 - pct))
    assert (ave_kind(F(60)), ave_kind(F(50)), ave_kind(F(40)), ave_kind(F(55))) == ("plus", "ave", "minus", None)


PLAIN = [
    (420, 420), (-50, -50), ("+420", 420), (" -50 ", -50), ("110", 110), (420.0, 420),
    (F(420), 420), ("0", 0), ("50", 50),   # a plain 50 is one down, not an average
    ("-660", -660),
]


@pytest.mark.parametrize("typed, score", PLAIN)
def test_plain_scores(typed, score):
    e = parse_entry(typed)
    assert e == Score(score)
    assert isinstance(e, Assigned) and not e.is_split and not e.is_weighted
    assert e.ns == ((F(1), score),)


WEIGHTED = [
    # (typed, components as (weight, NS score))
    ("30% 420 + 70% 450", ((F(3, 10), 420), (F(7, 10), 450))),
    ("420 @ 30% + 450 @ 70%", ((F(3, 10), 420), (F(7, 10), 450))),
    ("30% of 420 + 70% of 450", ((F(3, 10), 420), (F(7, 10), 450))),
    ("30%420+70%450", ((F(3, 10), 420), (F(7, 10), 450))),
    ("30% 420, 70% 450", ((F(3, 10), 420), (F(7, 10), 450))),
    ("30% 420; 70% 450", ((F(3, 10), 420), (F(7, 10), 450))),
    ("30% -600 + 70% 100", ((F(3, 10), -600), (F(7, 10), 100))),   # tests/test_board.py
    ("20% 420 + 30% 450 + 50% 170", ((F(1, 5), 420), (F(3, 10), 450), (F(1, 2), 170))),
    ("25% -100 + 75% +110", ((F(1, 4), -100), (F(3, 4), 110))),
    ("33.3% 420 + 33.3% 450 + 33.4% 170", ((F(333, 1000), 420), (F(333, 1000), 450), (F(334, 1000), 170))),
    ("100% 420", ((F(1), 420),)),
]


@pytest.mark.parametrize("typed, comps", WEIGHTED)
def test_weighted_scores(typed, comps):
    e = parse_entry(typed)
    assert isinstance(e, Assigned)
    assert e.ns == comps and e.ew == comps
    assert not e.is_split
    assert e.is_weighted == (len(comps) > 1)


SPLIT = [
    # slides slide 22: NS -150, EW +50 (as an NS score, -50)
    ("-150|-50", ((F(1), -150),), ((F(1), -50),), False),
    (" -150 | -50 ", ((F(1), -150),), ((F(1), -50),), False),
    ("30% 420 + 70% 450|-100", ((F(3, 10), 420), (F(7, 10), 450)), ((F(1), -100),), True),
    ("-100|30% 420 + 70% 450", ((F(1), -100),), ((F(3, 10), 420), (F(7, 10), 450)), True),
]


@pytest.mark.parametrize("typed, ns, ew, weighted", SPLIT)
def test_split_scores(typed, ns, ew, weighted):
    e = parse_entry(typed)
    assert isinstance(e, Assigned)
    assert (e.ns, e.ew) == (ns, ew)
    assert e.is_split
    assert e.is_weighted == weighted


def test_same_score_both_sides_is_not_split():
    assert not parse_entry("420|420").is_split


@pytest.mark.parametrize("typed", [None, "", "   ", "Bye", "BYE", "bye", "NP", "-", "not played",
                                   "Not Played", "notplayed", "x", "sitout", "sit-out"])
def test_blank_and_bye(typed):
    assert parse_entry(typed) is None


def test_not_played_words():
    assert {"bye", "np", "-", ""} <= NOT_PLAYED


def test_entries_pass_through():
    a, s = Artificial(F(60), F(40)), Score(420)
    assert parse_entry(a) is a and parse_entry(s) is s


REJECTED = [
    # (typed, what the message must say besides quoting the input)
    ("4S=", "is not a score"),
    ("abc", "is not a score"),
    ("A101", "is not a score"),
    ("A120120", "between 0 and 100"),
    ("-100/-200", "is not a score"),
    ("A+/", "is not a score"),
    ("/40", "is not a score"),
    ("A60/xyz", "is not a score"),
    ("1e3", "is not a score"),
    ("420 + 450", "is not a score"),
    ("30% 420 + 60% 450", "add up to 90%"),
    ("0% 420 + 100% 450", "above 0%"),
    ("-30% 420 + 130% 450", "above 0%"),
    (True, "is not a score"),
    (False, "is not a score"),
    (math.nan, "is not a score"),
    (math.inf, "is not a score"),
]


@pytest.mark.parametrize("typed, says", REJECTED)
def test_rejected_inputs_quote_the_input(typed, says):
    with pytest.raises(ValueError) as info:
        parse_entry(typed)
    message = str(info.value)
    assert repr(typed if not isinstance(typed, str) else typed.strip()) in message
    assert says in message


@pytest.mark.parametrize("typed", ["420|", "|-50"])
def test_split_with_an_empty_side_quotes_the_input(typed):
    with pytest.raises(ValueError) as info:
        parse_entry(typed)
    assert repr(typed) in str(info.value)


def test_bare_percentage_is_not_read_as_a_weighted_score():
    """'60%' is the slides' way to write Ave+ (slide 14): it is an artificial score or an error
    saying so, never "score 6 at weight 0%"."""
    assert parse_entry("60%") == Artificial(F(60), F(40))


@pytest.mark.parametrize("value, score", [("+420", 420), (-50.0, -50), ("420.", 420), ("420.00", 420), (F(8, 2), 4),
                                          (" -100 ", -100)])
def test_parse_score(value, score):
    got = parse_score(value)
    assert got == score
    if score == int(score):
        assert isinstance(got, int)


@pytest.mark.parametrize("bad", ["abc", True, "4S=", math.nan, "", "+", "420.5", "4.20", F(7, 2), 420.5, ".5", "1,5",
                                 "8000", -7601])
def test_parse_score_rejects(bad):
    with pytest.raises(ValueError, match="is not a score") as info:
        parse_score(bad)
    assert repr(bad) in str(info.value)
