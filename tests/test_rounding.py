"""Rounding policies (DESIGN.md section 4: EBU 0.1 with .05 towards average; ACBL
0.01 with .005 up; half-even), applied exactly to Fractions.

The exact halves below are real figures from the seeds: the slides' Neuberg
screen (seeds/003 slide 12, printed half-up: 6.88, 0.13, 9.13, 15.88, 2.38,
11.38, 13.63, 4.63), McKinnon's example 1 Neuberg column (seeds/000, which
rounds the same halves to even: 9.12, 4.62, 0.12) and example 3/4 figures.
"""

from __future__ import annotations

from fractions import Fraction as F

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mpxl.core.rounding import ROUNDING_KINDS, Rounding, RoundingKind, round_fraction, round_ratio
from mpxl.core.rules import ROUNDING_SCALED, round_by_rule
from mpxl.core.settings import Scale, Tie

D = F  # readability: D("6.88") is the decimal 6.88 exactly

ROUNDING_TABLE = [
    # (policy, exact value, board average, expected)
    # --- half-up:2, the slides' Avg/Avg screen (N=9, n=8: (9S+1)/8)
    ("half-up:2", F(55, 8), 8, D("6.88")),
    ("half-up:2", F(1, 8), 8, D("0.13")),
    ("half-up:2", F(73, 8), 8, D("9.13")),
    ("half-up:2", F(127, 8), 8, D("15.88")),
    ("half-up:2", F(19, 8), 8, D("2.38")),
    ("half-up:2", F(91, 8), 8, D("11.38")),
    ("half-up:2", F(109, 8), 8, D("13.63")),
    ("half-up:2", F(37, 8), 8, D("4.63")),
    ("acbl", F(37, 8), 8, D("4.63")),               # DESIGN.md: ACBL .005 up
    ("2", F(1, 8), 8, D("0.13")),
    # --- half-even:2, McKinnon example 1's Neuberg column
    ("half-even:2", F(109, 8), 8, D("13.62")),
    ("half-even:2", F(73, 8), 8, D("9.12")),
    ("half-even:2", F(37, 8), 8, D("4.62")),
    ("half-even:2", F(1, 8), 8, D("0.12")),
    ("half-even:2", F(55, 8), 8, D("6.88")),
    ("half-even:2", F(127, 8), 8, D("15.88")),
    # --- half-up:1: McKinnon example 3 group (2) Neuberg (13S+5)/8, and Bavin's 96.4
    ("half-up:1", F(174, 8), 12, D("21.8")),
    ("half-up:1", F(135, 8), 12, D("16.9")),
    ("half-up:1", F(57, 8), 12, D("7.1")),
    ("half-up:1", F(1060, 11), 50, D("96.4")),
    # --- ebu: 0.1 MP, an exact .05 goes towards the board's average (DESIGN.md section 4)
    ("ebu", F(87, 4), 12, D("21.7")),      # 21.75 > 12: down (half-up would print 21.8)
    ("ebu", F(61, 4), 12, D("15.2")),      # McKinnon ex. 4 Neuberg 15.25: down
    ("ebu", F(35, 4), 12, D("8.8")),       # 8.75 < 12: up
    ("ebu", F(9, 4), 12, D("2.3")),        # 2.25 < 12: up
    ("ebu", F(55, 8), 8, D("6.9")),        # 6.875 is not a half at 0.1
    ("ebu", F(161, 20), 8, D("8")),        # 8.05 > 8: down (mpxl.core.rounding docstring)
    ("ebu", F(159, 20), 8, D("8")),        # 7.95 < 8: up
    ("ebu", F(8), 8, D("8")),
    ("ebu", F(-1, 20), 11, D("0")),        # -0.05 < 11: up, towards the average
    ("ebu", F(1, 20), 11, D("0.1")),
    ("ebu", F(-1, 13), 11, D("-0.1")),     # McKinnon ex. 4 down: -0.077, not a half
    # --- negatives
    ("half-up:1", F(-1, 20), 0, D("-0.1")),    # away from zero
    ("half-up:2", F(-1, 8), 0, D("-0.13")),
    ("half-up:2", F(-1, 13), 11, D("-0.08")),  # McKinnon ex. 4 factoring down: -0.08
    ("half-even:1", F(-1, 20), 0, D("0")),
    ("half-even:1", F(-3, 20), 0, D("-0.2")),
    ("half-even:2", F(-1, 8), 0, D("-0.12")),
    # --- whole numbers
    ("half-up:0", F(5, 2), 0, D("3")),
    ("half-even:0", F(5, 2), 0, D("2")),
    ("half-even:0", F(7, 2), 0, D("4")),
    ("half-up:0", F(-5, 2), 0, D("-3")),
    ("half-even:0", F(-5, 2), 0, D("-2")),
    # --- exact: untouched
    ("exact", F(127, 8), 8, F(127, 8)),
    (None, F(1, 3), 8, F(1, 3)),
]


@pytest.mark.parametrize("policy, value, average, expected", ROUNDING_TABLE)
def test_rounding_table(policy, value, average, expected):
    r = Rounding.parse(policy)
    got = r.apply(value, F(average))
    assert got == expected
    assert isinstance(got, F)
    assert round_by_rule(r.kind.value, value, r.decimals, average) == expected  # the rulebook's rule, exactly


@pytest.mark.parametrize("policy", ["exact", "ebu", "half-up:2", "half-even:1"])
def test_blank_stays_blank(policy):
    assert Rounding.parse(policy).apply(None, F(8)) is None


@pytest.mark.parametrize(
    "value, decimals, tie, average, expected",
    [
        (F(1, 20), 1, "half-up", 0, D("0.1")),
        (F(1, 20), 1, "half-even", 0, D("0")),
        (F(-1, 20), 1, "half-up", 0, D("-0.1")),
        (F(87, 4), 1, "ebu", 12, D("21.7")),
        (F(35, 4), 1, "ebu", 12, D("8.8")),
        (F(2, 3), 2, "half-up", 0, D("0.67")),     # not a half: nearest
        (F(-2, 3), 2, "half-even", 0, D("-0.67")),
    ],
)
def test_round_fraction(value, decimals, tie, average, expected):
    assert round_fraction(value, decimals, tie, F(average)) == expected


PARSE_TABLE = [
    ("exact", "exact", 0),
    ("", "exact", 0),
    ("none", "exact", 0),
    (None, "exact", 0),
    ("ebu", "ebu", 1),
    ("EBU", "ebu", 1),
    ("acbl", "half-up", 2),
    ("2", "half-up", 2),
    (2, "half-up", 2),
    (0, "half-up", 0),
    ("half-up:2", "half-up", 2),
    ("half_up 2", "half-up", 2),
    ("up:3", "half-up", 3),
    ("half-even:1", "half-even", 1),
    ("even=1", "half-even", 1),
    (" Half-Even:2 ", "half-even", 2),
    ("half-up:10", "half-up", 10),
]


@pytest.mark.parametrize("text, kind, decimals", PARSE_TABLE)
def test_parse(text, kind, decimals):
    r = Rounding.parse(text)
    assert (r.kind.value, r.decimals) == (kind, decimals)
    assert r.kind.value in ROUNDING_KINDS
    assert Rounding.parse(r) is r
    assert Rounding.parse(str(r)) == r


@pytest.mark.parametrize("policy, text", [("ebu", "ebu"), ("exact", "exact"), ("acbl", "half-up:2"),
                                          ("half-even:1", "half-even:1")])
def test_str(policy, text):
    assert str(Rounding.parse(policy)) == text


@pytest.mark.parametrize("bad", ["third", "half-up:11", 11, -1, "half-down:2", True, "2.5", "ebu:2", "up"])
def test_parse_rejects_and_quotes_the_input(bad):
    with pytest.raises(ValueError) as info:
        Rounding.parse(bad)
    assert repr(bad) in str(info.value)


# ------------------------------------------- the rule's expression and its integer fast path

def _fast(kind: RoundingKind, value: F, decimals: int, average: F) -> F:
    """What the command computes: :meth:`Rounding.apply` (through ``round_ratio``, integers only)."""
    return Rounding(kind, decimals).apply(value, average)


#: (kind, value, decimals, average, expected): exact ties on each scale (double and single: the
#: average is half the top; signed: the average is 0 and figures go below it), and near-ties.
AGREEMENT_TABLE = [
    # double scale, top 16, average 8
    (RoundingKind.HALF_UP, F(161, 20), 1, F(8), D("8.1")),
    (RoundingKind.EBU, F(161, 20), 1, F(8), D("8")),
    (RoundingKind.HALF_EVEN, F(161, 20), 1, F(8), D("8")),
    (RoundingKind.EBU, F(159, 20), 1, F(8), D("8")),
    (RoundingKind.HALF_EVEN, F(163, 20), 1, F(8), D("8.2")),
    (RoundingKind.EXACT, F(161, 20), 1, F(8), F(161, 20)),
    # single scale, top 8, average 4: 4.5 and 3.5 at 0 decimals are ties either side of it
    (RoundingKind.HALF_UP, F(9, 2), 0, F(4), D("5")),
    (RoundingKind.HALF_EVEN, F(9, 2), 0, F(4), D("4")),
    (RoundingKind.EBU, F(9, 2), 0, F(4), D("4")),
    (RoundingKind.EBU, F(7, 2), 0, F(4), D("4")),
    # signed scale: average 0; half-up is away from zero, ebu towards 0
    (RoundingKind.HALF_UP, F(-9, 4), 1, F(0), D("-2.3")),
    (RoundingKind.EBU, F(-9, 4), 1, F(0), D("-2.2")),
    (RoundingKind.HALF_EVEN, F(-9, 4), 1, F(0), D("-2.2")),
    (RoundingKind.EBU, F(9, 4), 1, F(0), D("2.2")),
    (RoundingKind.HALF_UP, F(-15, 4), 1, F(0), D("-3.8")),   # the -3.75 of the signed LibreOffice test
    (RoundingKind.EBU, F(-15, 4), 1, F(0), D("-3.7")),
    (RoundingKind.HALF_EVEN, F(-15, 4), 1, F(0), D("-3.8")),
    # near a tie, not one: the nearest either way
    (RoundingKind.EBU, F(2499999, 1000000), 0, F(0), D("2")),
    (RoundingKind.HALF_EVEN, F(-2500001, 1000000), 0, F(0), D("-3")),
    (RoundingKind.HALF_UP, F(0), 2, F(0), D("0")),
]


@pytest.mark.parametrize("kind, value, decimals, average, expected", AGREEMENT_TABLE)
def test_the_fast_path_and_the_rule_agree_on_the_table(kind, value, decimals, average, expected):
    assert round_by_rule(kind.value, value, decimals, average) == expected
    assert _fast(kind, value, decimals, average) == expected


@st.composite
def figures(draw):
    """A board's figure on a scale: (scale, value, decimals, average), often an exact tie."""
    scale = draw(st.sampled_from(list(Scale)))
    E = draw(st.integers(1, 40))
    top = scale.top(E)
    average = scale.average(top)
    decimals = draw(st.integers(0, 3))
    if draw(st.booleans()):  # an exact half of the last decimal
        value = F(2 * draw(st.integers(-10**4, 10**4)) + 1, 2 * 10**decimals)
    else:
        value = draw(st.fractions(min_value=-top, max_value=top, max_denominator=10**4)) if top else F(0)
    if not scale.centred:
        value = abs(value)
    return scale, value, decimals, average


@settings(max_examples=500, deadline=None)
@given(figures(), st.sampled_from(list(RoundingKind)))
def test_the_fast_path_and_the_rule_agree(figure, kind):
    """Every kind, every scale, ties and not: ``round_ratio`` (the command's) is the rulebook's rule."""
    _, value, decimals, average = figure
    want = round_by_rule(kind.value, value, decimals, average)
    assert _fast(kind, value, decimals, average) == want
    if kind is not RoundingKind.EXACT:
        scaled = ROUNDING_SCALED.py(x=value, Unit=10**decimals)
        assert round_ratio(scaled.numerator, scaled.denominator, 0, kind, average * 10**decimals * scaled.denominator) \
            == want * 10**decimals


@pytest.mark.parametrize("tie", [*RoundingKind, *Tie, *(k.value for k in RoundingKind)])
def test_one_vocabulary_of_tie_rules(tie):
    """A rounding kind, a percentage tie rule and their words name the same rule."""
    word = getattr(tie, "value", tie)
    assert word in ROUNDING_KINDS
    assert round_fraction(F(-1, 20), 1, tie) == round_by_rule(word, F(-1, 20), 1)


@pytest.mark.parametrize("bad", ["towards", "up", None])
def test_an_unknown_tie_rule_is_named(bad):
    with pytest.raises(ValueError, match=repr(bad)):
        round_fraction(F(1, 20), 1, bad)


# ------------------------------------------------------------------ written once

def test_the_sheet_writes_the_rulebooks_rounding():
    """The rounding cells are the rulebook's expressions, over the row's Scaled cell (the figure x
    10^Decimals, computed once) and the field's average, in the order of the Setup list."""
    from mpxl.workbook.formulas import traveller_formulas
    from mpxl.workbook.layout import ROUNDING_RULES
    from mpxl.workbook.layout import TRAVELLER_COLUMNS as C

    t = traveller_formulas(5)
    assert ROUNDING_RULES == tuple(ROUNDING_KINDS) == tuple(k.value for k in RoundingKind)
    # a side's figure is its result's estimate unless that side is artificial (a mixed line's
    # flag nfa/efa = 1), then its artificial score's: the two guards exclude each other
    result = 'AND({k}5="R",{fa}5=0)'
    artificial = '{fa}5=1'
    for rounded, scaled, figure, first, guard, fa in (("rns", "vns", "estns", "nsm", result, "nfa"),
                                                      ("rew", "vew", "estew", "ewm", result, "efa"),
                                                      ("rans", "vans", "artns", "nsma", artificial, "nfa"),
                                                      ("raew", "vaew", "artew", "ewma", artificial, "efa")):
        when = guard.format(k=C["kind"], fa=C[fa])
        side = {"nfa": "ns", "efa": "ew"}[fa]
        # the line's own penalty taken off before the rounding, x the Factor (1 but on a fixed top), or the
        # matchpoints rounded first (a result's and an artificial score's in columns of their own)
        own = f'({C[figure]}5-{C["p" + side]}5)'
        net = f'(IF(ISNUMBER({C[first]}5),{C[first]}5,{own})*{C["fac"]}5)'
        assert t[scaled] == f'=IF({when},ROUND({net}*Unit,6),"")'
        forms = [e.excel(x=net, v=f"{C[scaled]}5", Unit="Unit", average=f"{C['avg']}5")
                 for e in ROUNDING_KINDS.values()]
        assert t[rounded] == f'=IF({when},CHOOSE(RoundingNo,{",".join(forms)}),"")'
        assert t[rounded].count(f"{net}*Unit") == 0  # the scaled value is the Scaled cell's, not repeated


def test_no_rounding_form_is_written_outside_the_rulebook():
    """ROUNDUP/ROUNDDOWN, an INT or a MOD(..., 1) that breaks a tie, or a tie word of its own ("towards"):
    only mpxl/core/rules.py writes a rounding rule."""
    import re
    from pathlib import Path

    form = re.compile(r"ROUNDDOWN\(|ROUNDUP\(|-INT\(|MOD\([^()]*,\s*1\)|['\"]towards['\"]")
    root = Path(__file__).resolve().parent.parent / "mpxl"
    found = [f"{path.relative_to(root)}:{no}" for path in sorted(root.rglob("*.py")) if path.name != "rules.py"
             for no, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1) if form.search(line)]
    assert not found, found


#: (value, decimals, average): exact ties whose float is off the half (1.15 is 1.1499999999999999, 1.005
#: is 1.00499999999999989...), ties either side of the average, signed ties, and no tie.
SHEET_CASES = [
    (F(161, 20), 1, 8), (F(159, 20), 1, 8), (F(23, 20), 1, 8), (F(-23, 20), 1, 0), (F(201, 200), 2, 8),
    (F(-9, 4), 1, 0), (F(-15, 4), 1, 0), (F(55, 8), 2, 8), (F(1, 8), 2, 8), (F(-1, 20), 1, 11), (F(3, 10), 1, 0),
    (F(5, 2), 0, 4), (F(11, 2), 0, 4), (F(2, 3), 2, 8), (F(-2, 3), 1, 0),
]


@pytest.mark.parametrize("kind", list(ROUNDING_KINDS))
@pytest.mark.parametrize("value, decimals, average", SHEET_CASES)
def test_the_sheets_rounding_on_floats_is_the_rule(kind, value, decimals, average):
    """The sheet's text of each rule (the Scaled cell's ROUND(x*Unit,6), then the kind's form),
    evaluated by the ``formulas`` package on the figure as a float, gives the exact rule's figure."""
    from mpxl.workbook.formulas import scaled_formula

    formulas = pytest.importorskip("formulas")
    unit = str(10**decimals)
    x = f"({float(value)!r})"
    scaled = scaled_formula(x).replace("Unit", unit)  # the Scaled cell
    text = "=" + ROUNDING_KINDS[kind].excel(x=x, v=scaled, Unit=unit, average=f"({float(average)!r})")
    got = formulas.Parser().ast(text)[1].compile()()
    assert float(got) == pytest.approx(float(round_by_rule(kind, value, decimals, average)), abs=1e-12), text
