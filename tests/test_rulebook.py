"""The rulebook: each rule once, the same in Python and in the sheet.

* the expressions (k, estimate, small groups) give what their closed forms give;
* the same board with NP, a sit-out or a score typed as text gives the same matchpoints from
  MATCHPOINTS (through xlwings' conversion), from ``mpxl score`` and from the workbook that
  ``mpxl score -o x.xlsx`` writes, recalculated by LibreOffice;
* parity on GENERATED travellers (seeded random): contracts (the contract table and the
  16-board cycle), typed scores (numbers and text), artificial codes, not-played codes,
  fouled groups, arrowswitches and unreadable cells, under several Setups (methods, scales,
  roundings, small-group rules); every board of each Setup in ONE workbook, all workbooks in
  ONE LibreOffice run. An unreadable cell is never scored as if missing: its whole board shows
  ``?`` and its status says so, as the core refuses it.
* the sheet is readable: Setup names, the NS MP formula at most 250 characters, a note on every
  helper header, the notes in docs/template.md.
"""

from __future__ import annotations

import asyncio
import inspect
import json
import os
import random
import re
import sys
from fractions import Fraction
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

os.environ.setdefault("XLWINGS_ON_SERVER", "true")
os.environ.setdefault("XLWINGS_LICENSE_KEY", "noncommercial")

import xlwings.server as xs  # noqa: E402

import mpxl.udfs as udfs  # noqa: E402
from mpxl.cli import main  # noqa: E402
from mpxl.core.adjustments import Artificial, line_kind, parse_entry, parse_score  # noqa: E402
from mpxl.core.board import score_board  # noqa: E402
from mpxl.core.contract import board_vulnerability, ns_score  # noqa: E402
from mpxl.core.errors import UserError  # noqa: E402
from mpxl.core.event import Event, Line  # noqa: E402
from mpxl.core.fouled import SMALL_GROUP_RULES as FOULED  # noqa: E402
from mpxl.core.methods import Method, estimate, k_value  # noqa: E402
from mpxl.core.options import ScoringOptions  # noqa: E402
from mpxl.core.rules import ARTIFICIAL_CODES, NOT_PLAYED_CODES, PASS_SPELLINGS, Expr, contract_keys, lines_towards_n  # noqa: E402
from mpxl.core.session import score_event  # noqa: E402
from mpxl.core.settings import Scale, SmallGroups  # noqa: E402
from mpxl.formats.csvfile import score_cell  # noqa: E402
from mpxl.workbook.formulas import traveller_formulas  # noqa: E402
from mpxl.workbook.helptext import COLUMN_NOTES, columns_markdown  # noqa: E402
from mpxl.workbook.layout import HELPER_COLUMNS, SETUP_NAMES  # noqa: E402
from mpxl.workbook.template import (  # noqa: E402
    FIRST_ROW,
    HEADER_ROW,
    TRAVELLER_COLUMNS,
    Contents,
    Settings,
    TemplateLine,
    build_template,
    write_workbook,
)

sys.path.insert(0, str(Path(__file__).parent))
from recalc import libreoffice_recalc  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
C = TRAVELLER_COLUMNS


# ------------------------------------------------------------------ expressions

@settings(max_examples=200, deadline=None)
@given(st.integers(2, 60), st.data())
def test_k_rules_equal_their_closed_forms(N, data):
    n = data.draw(st.integers(1, N))
    closed = {Method.NEUBERG: Fraction(N, n), Method.FACTOR: Fraction(1), Method.ASCHERMAN: Fraction(N + n - 1, n),
              Method.MCKINNON: Fraction(N - 1, n) if N > n + 1 else Fraction(1), Method.MANUAL: Fraction(N - n + 1),
              Method.ASCHERMAN_SHORT: Fraction(N + n - 1, n)}
    for m, k in closed.items():
        assert k_value(Method.find(m), N, n) == k
        S = data.draw(st.integers(0, 2 * (n - 1)))
        full = m is Method.ASCHERMAN  # McKinnon's reading: every board, full ones too
        want = S if n == N and not full else Fraction(N - 1) if n == 1 else (N - k) / (n - 1) * S + (k - 1)
        assert estimate(S, N, n, Method.find(m)) == want


def test_small_group_rules_as_written():
    sizes = {(1, (1, 8)), (2, (2, 7)), (3, (3, 6)), (3, (3, 3)), (4, (4, 5))}
    want = {"wbf": {1: True, 2: True, 3: True, 4: False}, "qba": {1: True, 2: True, 3: True, 4: False}}
    for n, groups in sizes:
        total = sum(groups)
        assert FOULED[SmallGroups.WBF][0](n, groups, total) == (n <= 2 or (n == 3 and max(groups) > 3))
        assert FOULED[SmallGroups.EBU][0](n, groups, total) == (n <= 3 and 3 * n <= total)
        assert FOULED[SmallGroups.QBA][0](n, groups, total) == want["qba"][n]
        assert FOULED[SmallGroups.NONE][0](n, groups, total) is False


def test_expr_if_evaluates_only_the_branch_taken():
    e = Expr("IF(n=1,0,1/(n-1))")
    assert e.py(n=1) == 0 and e.py(n=3) == Fraction(1, 2)
    assert Expr("IF(a<>b,1,2)").py(a=1, b=1) == 2


#: The spreadsheet's rounding functions, evaluated exactly on Fractions as Excel defines them.
EXPR_FUNCTIONS = [
    ("ROUND(x,0)", Fraction(5, 2), Fraction(3)),         # a half away from zero
    ("ROUND(x,0)", Fraction(-5, 2), Fraction(-3)),
    ("ROUND(x,2)", Fraction(-1, 8), Fraction(-13, 100)),
    ("ROUND(x,6)", Fraction(1, 3), Fraction(333333, 10**6)),
    ("ROUND(x,-1)", Fraction(25), Fraction(30)),
    ("ROUNDUP(x,0)", Fraction(-21, 10), Fraction(-3)),    # away from zero
    ("ROUNDUP(x,1)", Fraction(1, 100), Fraction(1, 10)),
    ("ROUNDDOWN(x,0)", Fraction(-29, 10), Fraction(-2)),  # towards zero
    ("ROUNDDOWN(x,1)", Fraction(29, 100), Fraction(2, 10)),
    ("INT(x)", Fraction(-5, 2), Fraction(-3)),            # down
    ("INT(x)", Fraction(5, 2), Fraction(2)),
    ("MOD(x,1)", Fraction(-5, 2), Fraction(1, 2)),        # the divisor's sign
    ("MOD(x,-1)", Fraction(5, 2), Fraction(-1, 2)),
    ("MOD(x,2)", Fraction(7), Fraction(1)),
    ("SIGN(x)", Fraction(-7, 3), -1),
    ("SIGN(x)", Fraction(0), 0),
    ("ABS(x)", Fraction(-7, 3), Fraction(7, 3)),
    ("x+0.1", Fraction(1, 5), Fraction(3, 10)),           # a decimal written in a rule is exact
    ("IF(MOD(x,1)=0.5,1,0)", Fraction(-3, 2), 1),
]


@pytest.mark.parametrize("text, x, expected", EXPR_FUNCTIONS)
def test_expr_rounding_functions_are_exact(text, x, expected):
    got = Expr(text).py(x=x)
    assert got == expected and type(got) is not float
    assert Expr(text).function("x")(x) == expected


def test_expr_mod_by_zero_is_refused():
    with pytest.raises(ZeroDivisionError, match="MOD by zero"):
        Expr("MOD(x,0)").py(x=1)


def test_not_played_codes_are_one_list():
    """Adding a code is one edit: the core, the functions and the sheet read NOT_PLAYED_CODES."""
    for code in NOT_PLAYED_CODES:
        assert parse_entry(code) is None and parse_entry(code.lower()) is None and line_kind(code) == "NP"
    wb = build_template(tables=1, boards=1)
    help_ws = wb["Help"]
    ref = wb.defined_names["NotPlayedCodes"].attr_text
    first, last = re.findall(r"\$([A-Z]+)\$(\d+)", ref)
    listed = [help_ws[f"{first[0]}{r}"].value for r in range(int(first[1]), int(last[1]) + 1)]
    assert listed == list(NOT_PLAYED_CODES)
    assert lines_towards_n([420, "NP", None, " ", "sitout", "A+"]) == 4


# ------------------------------------------------------------------ the scales

@settings(max_examples=200, deadline=None)
@given(st.sampled_from(list(Scale)), st.integers(1, 60), st.fractions(0, 200, max_denominator=40),
       st.fractions(0, 100, max_denominator=20), st.integers(1, 2000))
def test_scale_rules_equal_their_definitions(scale, E, x, pct, maximum):
    """The rulebook's scale rules (which Scale evaluates and the sheet is written from) say what the
    scales are: the signed figure is the double one less E - 1, its top E - 1, its average 0, a
    percentage 50 + 50 x MP / max, an artificial p% (p - 50)(E - 1)/50."""
    double_top = 2 * (E - 1)
    top = scale.top(E)
    # the percentage scale is scored in the double arithmetic (its top there 2(E - 1)), then factored to 100
    assert top == {Scale.DOUBLE: double_top, Scale.SINGLE: E - 1, Scale.SIGNED: E - 1, Scale.PERCENT: double_top}[scale]
    assert scale.unit * (E - 1) - scale.offset(top) == top  # the top in the arithmetic less the offset
    if scale is Scale.SIGNED:
        assert scale.offset(top) == E - 1 == Scale.DOUBLE.average(double_top) and scale.average(top) == 0
        mp = x - (E - 1)  # a double figure x, signed
        assert scale.percentage(mp, top) == (Scale.DOUBLE.percentage(x, double_top) if E > 1 else 0)
        assert scale.figure(pct, top) == Scale.DOUBLE.figure(pct, double_top) - (E - 1)
        assert scale.percentage(mp, maximum) == 50 + 50 * Fraction(mp) / maximum
    else:
        assert scale.offset(top) == 0 and scale.average(top) == Fraction(top, 2)
        assert scale.percentage(x, maximum) == 100 * Fraction(x) / maximum
        assert scale.figure(pct, top) == pct * Fraction(top) / 100


def test_the_session_shifts_a_board_as_the_scale_rule_does():
    """session.reported_top (the command's figures) takes off what Scale.offset says, on every scale."""
    from mpxl.core.scorer import reported_top

    for scale in Scale:
        for E in (1, 2, 9, 30):
            top, factor, offset = reported_top(2 * (E - 1) if scale.unit == 2 else E - 1, ScoringOptions(scale=scale))
            if scale.fixed_top is None:
                assert (top, factor, offset) == (scale.top(E), None, scale.offset(scale.top(E)))
            else:  # the percentage scale: every board factored to 100 (a board of one result: top 0, no factor)
                assert (top, factor, offset) == (100, Fraction(100, scale.top(E)) if E > 1 else None, 0)


def test_the_sheet_writes_the_scale_rules_from_the_rulebook():
    """Top, the line's top and average, a pair's % and the artificial figure are the rulebook's
    expressions with the Setup names (ScaleUnit, Centred) in place of the rule's."""
    from mpxl.core.rules import ARTIFICIAL_MP, FIXED_TOP_SCALES, SCALE_AVERAGE, SCALE_PERCENTAGE, SCALE_TOP, SCALES
    from mpxl.workbook.formulas import pairs_formulas, setup_formulas
    from mpxl.workbook.layout import PAIRS_COLUMNS

    setup = setup_formulas()
    # a fixed top (the rulebook's FIXED_TOP_SCALES: percent, 100) stands for the scale's top
    assert setup["top"] == "=IF(FixedTop>0,FixedTop," + SCALE_TOP.excel(unit="ScaleUnit", centred="Centred", E="N") + ")"
    assert list(SCALES) + list(FIXED_TOP_SCALES) == [s.value for s in Scale]
    assert setup["scale_index"] == '=MATCH(Scale,{2,1,"signed","percent"},0)'
    assert setup["scale_unit"] == "=INDEX({2,1,2,2},ScaleNo)" and setup["centred"] == "=INDEX({0,0,1,0},ScaleNo)"
    assert setup["fixed_top"] == "=INDEX({0,0,0,100},ScaleNo)" and FIXED_TOP_SCALES == {"percent": (2, 0, 100)}
    t = traveller_formulas(5)
    top, average = f"{C['topsc']}5", f"{C['avg']}5"  # the top the line is scored on (Setup's Estimate at)
    assert SCALE_TOP.excel(unit="ScaleUnit", centred="Centred", E=f"{C['nf']}5") in t["topf"]
    assert SCALE_TOP.excel(unit="ScaleUnit", centred="Centred", E=f"{C['nsc']}5") in t["topsc"]
    reported = f"{C['topr']}5"  # the top the line is reported on: a fixed top (percent: 100), else Top (scored)
    assert f"IF(FixedTop>0,FixedTop,{top})" in t["topr"]
    assert SCALE_AVERAGE.excel(centred="Centred", Top=reported) in t["avg"]
    # the ebu half towards the line's average (the figure less the line's own penalty, x the Factor, or its
    # matchpoints rounded first)
    first, factor = f"{C['nsm']}5", f"{C['fac']}5"
    assert f"(IF(ISNUMBER({first}),{first},({C['estns']}5-{C['pns']}5))*{factor})>{average}," in t["rns"]
    # an artificial score's matchpoints rounded first are a column of their own: a result never reads them
    first = f"{C['nsma']}5"
    assert f"(IF(ISNUMBER({first}),{first},({C['artns']}5-{C['pns']}5))*{factor})>{average}," in t["rans"]
    assert C["artns"] + "5" not in t["nsm"] + t["nsmv"] and C["estns"] + "5" not in t["nsma"] + t["nsmva"]
    assert ARTIFICIAL_MP.excel(pct=f"{C['adjns']}5", Top=top, centred="Centred") in t["artns"]
    P = PAIRS_COLUMNS
    assert SCALE_PERCENTAGE.excel(centred="Centred", mp=f"{P['mpx']}5", max=f"{P['max']}5") in pairs_formulas(5)["pctx"]


# --------------------------------------------------------- NP across the three

def call(name, *args):
    payload = {"client": "Office.js", "func_name": name,
               "args": [[v if isinstance(v, list) else [v] for v in a] if isinstance(a, list) else [[a]] for a in args],
               "caller_address": "Sheet1!A1", "culture_info_name": "en-US", "date_format": "M/d/yyyy",
               "version": "0.37.8", "runtime": "1.4"}
    result = xs.custom_functions_call(payload, udfs)
    return asyncio.run(result) if inspect.iscoroutine(result) else result


#: The issue's board: 420, 400 and a not-played line; NS 3.5 and 0.5 (2 results estimated to 3).
BOARDS = {
    "NP": ([420, 400, "NP"], [3.5, 0.5, None]),
    "sitout": ([420, 400, "sitout"], [3.5, 0.5, None]),
    "text": (["+420", " 400 ", "NP"], [3.5, 0.5, None]),
    "blank": ([420, 400, None], [2.0, 0.0, None]),
}


@pytest.fixture(scope="module")
def np_workbooks(tmp_path_factory):
    d = tmp_path_factory.mktemp("np")
    out = {}
    for name, (scores, _) in BOARDS.items():
        rows = [{"board": 1, "ns_pair": str(i + 1), "ew_pair": str(i + 11), "ns_score": s}
                for i, s in enumerate(scores) if s is not None]
        csv = d / f"{name}.csv"
        csv.write_text("board,ns_pair,ew_pair,ns_score\n" + "".join(
            f'{r["board"]},{r["ns_pair"]},{r["ew_pair"]},"{r["ns_score"]}"\n' for r in rows))
        xlsx = d / f"{name}.xlsx"
        assert main(["score", str(csv), "-o", str(xlsx)]) == 0
        out[name] = (csv, xlsx)
    values = libreoffice_recalc([x for _, x in out.values()])
    return {name: (csv, v) for (name, (csv, _)), v in zip(out.items(), values)}


@pytest.mark.parametrize("name", list(BOARDS))
def test_the_same_board_gives_the_same_matchpoints_everywhere(name, np_workbooks, capsys):
    scores, want = BOARDS[name]
    # MATCHPOINTS through xlwings' conversion (a blank cell arrives as None)
    got = [None if row[0] == "" else row[0] for row in call("MATCHPOINTS", [[s] for s in scores])]
    assert got == want, ("MATCHPOINTS", got)
    # the core's event scorer, as `mpxl score` runs it
    ev = Event(lines=[Line(1, str(i + 1), str(i + 11), score=s) for i, s in enumerate(scores) if s is not None])
    r = score_event(ev, ScoringOptions())
    assert [None if sl.ns_mp is None else float(sl.ns_mp) for sl in r.boards[0].lines] == [w for w in want if w is not None or name != "blank"]
    # the command itself
    csv, values = np_workbooks[name]
    capsys.readouterr()
    assert main(["score", str(csv), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    line_mps = [ln["ns_mp"] for b in data["boards"] for ln in b["lines"]]
    assert line_mps == [w for w in want if w is not None or name != "blank"]
    # the workbook the command writes, recalculated by LibreOffice
    rows = [w for s, w in zip(scores, want) if s is not None]
    sheet = [values["Travellers", f"{C['ns_mp']}{FIRST_ROW + i}"] for i in range(len(rows))]
    assert [None if v in (None, "") else v for v in sheet] == rows


# ------------------------------------------------------------- generated parity

SETUPS = [
    Settings.of(method="Neuberg", rounding="half-up:2", small_groups="wbf"),
    Settings.of(method="Ascherman", scale=1, rounding="ebu", small_groups="qba"),
    Settings.of(method="McKinnon", rounding="half-even:1", small_groups="ebu"),
    Settings.of(method="Manual", rounding="exact", small_groups="none"),
    Settings.of(method="Factor", rounding="half-up:0", small_groups="wbf"),
    Settings.of(method="Neuberg", scale="signed", rounding="half-up:1", small_groups="wbf"),
    Settings.of(method="McKinnon", scale="signed", rounding="ebu", small_groups="qba"),
]
ART_CODES = sorted(c for c in ARTIFICIAL_CODES if c.startswith("A")) + [
    "60/40", "A+/A+", "40/40", "A6040", "A5050", "A55", "55%", "a+ ", "ave -", "A60/A40", "100/0", "A100000"]
NP_SPELLINGS = list(NOT_PLAYED_CODES) + ["np", "Not Played", "sit out", "bye", " x "]
BAD_ADJ = ["ZZ", "A101", "60/", "A*", "??", "A~", "/40", "A6", "A60405"]
BAD_TYPED = ["4S=", "abc", "420.", ".5", "1e3", "50%", "4-2", "+-4", "4 20"]
DECLARERS = ["N", "E", "S", "W", "n", "east", "South", "w"]


def _contract(rng: random.Random) -> str:
    key = rng.choice(contract_keys())[0]
    if rng.random() < 0.3:
        key = key.lower()
    if rng.random() < 0.2:
        key = key[0] + " " + key[1:]
    if rng.random() < 0.2 and key.upper().endswith("X"):
        key = key[:-1] + "*"
    return key


def generated_boards(seed: int, boards: int = 24, tables: int = 7):
    """Travellers as a scorer types them: (TemplateLine, what the core reads) per line, by board."""
    rng = random.Random(seed)
    out = []
    for _ in range(boards):
        board = rng.randint(1, 40)
        while any(x[0] == board for x in out):
            board = rng.randint(1, 40)
        fouled = rng.random() < 0.2
        lines = []
        for t in range(1, rng.randint(2, tables) + 1):
            ln = TemplateLine(board, t, t + 20)
            roll = rng.random()
            if roll < 0.40:
                ln.contract = _contract(rng) if rng.random() > 0.1 else rng.choice(list(PASS_SPELLINGS) + ["Passed Out"])
                ln.by = rng.choice(DECLARERS)
                ln.tricks = rng.randint(0, 13)
                if rng.random() < 0.03:
                    ln.contract = rng.choice(["8NT", "3Z", "4SXXX"])  # unreadable contract
                if rng.random() < 0.03:
                    ln.by = None  # a played contract with no declarer: unreadable
            elif roll < 0.62:
                ln.typed = rng.choice([420, -50, 110, -100, 600, 140, -620, 0, 1430, -200, 90])
            elif roll < 0.72:
                ln.typed = rng.choice(["+420", " -50 ", "110", "-100", "600 ", "7.5"])
            elif roll < 0.83:
                ln.adjustment = rng.choice(ART_CODES)
            elif roll < 0.92:
                ln.adjustment = rng.choice(NP_SPELLINGS)
            elif roll < 0.96:
                pass  # a blank row: not a line
            elif rng.random() < 0.5:
                ln.typed = rng.choice(BAD_TYPED)
            else:
                ln.adjustment = rng.choice(BAD_ADJ)
            if fouled and ln.adjustment is None:
                ln.group = rng.choice("AB")
            if rng.random() < 0.08 and ln.adjustment is None:
                ln.switch = "Y"
            lines.append(ln)
        out.append((board, lines))
    return out


def core_cell(ln: TemplateLine):
    """What the core reads on one line: a score, a code, None (blank), or ValueError (unreadable).

    The Adjustment holds an artificial or a not-played code; the Typed score a score; else the
    contract is scored from the board's vulnerability (Law 77)."""
    if ln.adjustment is not None and ln.adjustment.strip():
        if parse_entry(ln.adjustment) is None:
            return ln.adjustment
        if not isinstance(parse_entry(ln.adjustment), Artificial):
            raise ValueError(ln.adjustment)
        return ln.adjustment
    if ln.typed is not None and str(ln.typed).strip():
        if isinstance(ln.typed, str):  # as mpxl score reads a score cell: a whole number, or a code (50% is A50)
            return score_cell(ln.typed, "the sheet", "Typed score")
        return parse_score(ln.typed)
    if ln.contract:
        return ns_score(ln.contract, ln.by, ln.tricks, board_vulnerability(ln.board))
    return None


def expected_figures(setting: Settings, boards) -> dict:
    """board -> (NS, EW) figures per line from the core, or '?' for a board with an unreadable line."""
    cells = {}
    for board, lines in boards:
        row = []
        for ln in lines:
            try:
                row.append(core_cell(ln))
            except (ValueError, TypeError, UserError):
                row.append(ValueError)
        cells[board] = row
    N = max(max(len(r) - sum(c is None for c in r) for r in cells.values()), 1)
    opts = setting.options
    rnd = opts.rounding
    out = {}
    for board, lines in boards:
        row = cells[board]
        if ValueError in row:
            out[board] = "?"
            continue
        scale = opts.scale
        res = score_board(row, expected=N, method=opts.method, scale=scale.unit,
                          groups=[ln.group or "" for ln in lines], arrowswitch=[ln.switch == "Y" for ln in lines],
                          small_groups=opts.small_groups)
        top = scale.top(N)  # on the signed scale each figure less N - 1, rounded about 0
        off, avg = scale.offset(top), scale.average(top)
        out[board] = [(None if lr.ns_mp is None else rnd.apply(lr.ns_mp - off, avg),
                       None if lr.ew_mp is None else rnd.apply(lr.ew_mp - off, avg)) for lr in res.lines]
    return out


@pytest.fixture(scope="module")
def parity(tmp_path_factory):
    d = tmp_path_factory.mktemp("parity")
    runs = []
    for i, setting in enumerate(SETUPS):
        boards = generated_boards(seed=1000 + i)
        lines = [ln for _, ls in boards for ln in ls]
        pairs = [(p, "NS") for p in range(1, 8)] + [(p, "EW") for p in range(21, 28)]
        p = d / f"parity-{i}.xlsx"
        write_workbook(p, Contents(setting, lines, [b for b, _ in boards], pairs))
        runs.append((setting, boards, p))
    values = libreoffice_recalc([p for *_, p in runs])
    return [(s, b, v) for (s, b, _), v in zip(runs, values)]


@pytest.mark.parametrize("i", range(len(SETUPS)))
def test_generated_travellers_sheet_equals_core(parity, i):
    setting, boards, values = parity[i]
    want = expected_figures(setting, boards)
    r = FIRST_ROW
    kinds = {"R": 0, "A": 0, "NP": 0, "bad": 0}
    for bi, (board, lines) in enumerate(boards):
        status = values["Travellers", f"{C['b_status']}{FIRST_ROW + bi}"]
        for j, ln in enumerate(lines):
            got = (values["Travellers", f"{C['ns_mp']}{r}"], values["Travellers", f"{C['ew_mp']}{r}"])
            kind = values["Travellers", f"{C['kind']}{r}"] or ""
            kinds[kind] = kinds.get(kind, 0) + 1
            where = f"board {board} line {j + 1} {ln}: sheet {got} kind {kind!r}"
            if want[board] == "?":
                if kind not in ("", "NP"):
                    assert got == ("?", "?"), where
            else:
                ns, ew = want[board][j]
                if ns is None:
                    assert got[0] in (None, "") and got[1] in (None, ""), where
                else:
                    assert abs(got[0] - float(ns)) < 1e-9 and abs(got[1] - float(ew)) < 1e-9, f"{where}, core {float(ns)}/{float(ew)}"
            r += 1
        if want[board] == "?":
            assert re.match(r"row \d+: ", status), (board, status)  # the unreadable line, named
        else:
            assert status.startswith("ok") or status == "no results", (board, status)
    # the generator reached every kind of line
    assert all(kinds[k] > 0 for k in ("R", "A", "NP", "bad")), kinds


def test_generated_boards_include_every_rule():
    boards = [ln for i in range(len(SETUPS)) for _, ls in generated_boards(1000 + i) for ln in ls]
    assert any(ln.group for ln in boards) and any(ln.switch for ln in boards)
    assert any(isinstance(ln.typed, str) for ln in boards) and any(ln.contract for ln in boards)
    assert {ln.adjustment for ln in boards} & set(NP_SPELLINGS) and {ln.adjustment for ln in boards} & set(BAD_ADJ)


# ------------------------------------------------------------------ readable

def test_setup_cells_are_defined_names():
    wb = build_template(tables=2, boards=2)
    for key in ("scale", "method", "n_used", "top", "rounding"):
        assert SETUP_NAMES[key] in wb.defined_names
    assert [SETUP_NAMES[k] for k in ("scale", "n_used", "top", "method", "rounding")] == ["Scale", "N", "BoardTop", "Method", "Rounding"]


def test_ns_mp_formula_is_short_and_every_helper_has_a_note():
    """Short in every row (a formula grows with its row numbers only: the last row's bounds them all) and every
    helper column's heading with its note."""
    wb = build_template(tables=3, boards=2)
    ws = wb["Travellers"]
    for r in range(FIRST_ROW, ws.max_row + 1):
        f = ws[f"{C['ns_mp']}{r}"].value
        if f:
            assert len(f) <= 250, (r, len(f), f)
    for key in ("ns_mp", "ew_mp"):
        assert len(traveller_formulas(1_048_576)[key]) <= 250
    for c in HELPER_COLUMNS:
        cell = ws[f"{C[c.key]}{HEADER_ROW}"]
        assert cell.value == c.header and cell.comment is not None and cell.comment.text == COLUMN_NOTES[c.key]


def test_docs_template_has_the_column_notes():
    assert columns_markdown() in (ROOT / "docs" / "template.md").read_text(encoding="utf-8")


def _rulebook_exprs() -> dict[str, Expr]:
    """Every rule of the rulebook, by where it stands: a module-level Expr or one in a module-level table."""
    from mpxl.core import rules

    found: dict[str, Expr] = {}
    for name, value in vars(rules).items():
        if isinstance(value, Expr):
            found[name] = value
        elif isinstance(value, dict):
            found.update({f"{name}[{k!r}]": v for k, v in value.items() if isinstance(v, Expr)})
    return found


@pytest.mark.parametrize("name", sorted(_rulebook_exprs()))
def test_every_rule_reads_as_python(name):
    """A rule is compiled on its first evaluation, not at import (start-up): each one's Python form is
    checked here instead, so a rule mistyped fails in the tests, not at its first use: it compiles (a
    SyntaxError fails here), and the names its Python reads, the rulebook's functions apart, are the named
    values the rule says it reads (``Expr.names``, which its Excel text is written from)."""
    from mpxl.core.rules import _GLOBALS, _to_python

    rule = _rulebook_exprs()[name]
    code = compile(_to_python(rule.text), f"<rule {rule.text}>", "eval")
    assert set(code.co_names) - set(_GLOBALS) == rule.names, (name, rule.text, code.co_names)
