"""Build the club template workbook: Setup, Travellers, Totals, Methods, Help, xlwings.conf.

Every figure in the workbook is a live formula that Excel 2010 and LibreOffice 7.4
both evaluate (COUNTIFS, SUMIFS, CHOOSE, INDEX/MATCH; no LET, XLOOKUP, FILTER,
SORT, UNIQUE, SEQUENCE, no dynamic arrays), so it works without the add-in.

A traveller line is matchpointed by counting, within its board and fouled group,
the scores below it (2 each) and equal to it (1 each, itself excluded)::

    S = (2 * COUNTIFS(group, this group, score, "<" & score)
           + COUNTIFS(group, this group, score, score) - 1) * scale / 2

and estimated to N results with the Setup method's k::

    M = (N - k) / (n - 1) * S + scale * (k - 1) / 2

:func:`build_template` makes an empty template; :func:`build_workbook` is the
general builder that :mod:`mpxl.workbook.event_writer` fills with an event, and
:func:`write_workbook` writes the same workbook to a file fast, at any size (the
data rows streamed into the file by :mod:`mpxl.workbook.stream`).

>>> wb = build_template(tables=3, boards=2)
>>> wb.sheetnames
['Setup', 'Travellers', 'Totals', 'Methods', 'Help', 'xlwings.conf']
>>> wb["Travellers"][f"{TRAVELLER_COLUMNS['ns_mp']}{FIRST_ROW}"].value[:4]
'=IF('
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from operator import attrgetter
from typing import Any

from openpyxl import Workbook
from openpyxl.cell.cell import Cell
from openpyxl.chart import Reference, ScatterChart, Series
from openpyxl.formatting.rule import FormulaRule
from openpyxl.styles import Alignment, Border, Font, PatternFill, Protection, Side
from openpyxl.styles.cell_style import StyleArray
from openpyxl.utils import get_column_letter
from openpyxl.worksheet.datavalidation import DataValidation

from ..adjustments import ARTIFICIAL_CODES
from ..methods import K_FORMULAS, Method
from ..textsafe import as_text_cell
from . import stream
from .stream import Block

__all__ = [
    "build_template",
    "build_workbook",
    "write_workbook",
    "TemplateLine",
    "Settings",
    "TRAVELLER_COLUMNS",
    "TOTALS_COLUMNS",
    "SETUP_CELLS",
    "METHODS_LAYOUT",
    "FIRST_ROW",
    "HEADER_ROW",
    "MAX_DATA_ROWS",
    "METHOD_NAMES",
    "ROUNDING_RULES",
    "SMALL_GROUP_RULES",
    "AVE_POLICIES",
    "NOT_PLAYED_CODES",
]

HEADER_ROW = 4
FIRST_ROW = 5
#: The most traveller lines (and pairs) a sheet holds: Excel's 1,048,576 rows less the heading rows.
MAX_DATA_ROWS = 1_048_576 - FIRST_ROW + 1

#: The methods as the Setup drop-down spells them, in the order of the k formula's CHOOSE.
METHOD_NAMES = ("Neuberg", "Factor", "Ascherman", "McKinnon", "Manual")
#: Rounding rules: half-up (ROUND), EBU (halves towards the board's average), exact, half-even.
ROUNDING_RULES = ("half-up", "ebu", "exact", "half-even")
#: Small fouled-group rules of :mod:`mpxl.fouled`.
SMALL_GROUP_RULES = ("wbf", "ebu", "qba", "none")
#: Ave+/Ave- policies (as :data:`mpxl.session.AVE_POLICIES`): fixed, or WBF/EBU: the pair's own percentage when better (Ave+) / worse (Ave-).
AVE_POLICIES = ("fixed", "wbf")
#: What a scorer may type in the Adjustment column for a line that was not played.
NOT_PLAYED_CODES = ("NP", "BYE", "-", "X", "NOT PLAYED")

assert tuple(m.name.lower() for m in Method) == tuple(n.lower() for n in METHOD_NAMES)

# ----------------------------------------------------------------------------- layout

#: Setup sheet: key -> (row, label, note). Values are in column B.
_SETUP_ROWS = [
    ("event", "Event", "The event's name, for the printed sheets."),
    ("date", "Date", ""),
    ("scale", "Scale", "2 = double matchpoints (2 per score beaten, 1 per tie); 1 = single."),
    ("method", "Method", "How a board with missing or adjusted results is scaled up to N results."),
    ("expected", "Expected results per board (N)", "Leave blank: the most results on any board."),
    ("n_used", "N used", "Formula: the N every board is estimated to."),
    ("top", "Top", "Formula: scale x (N - 1), the most matchpoints on a board."),
    ("rounding", "Rounding", "half-up (ACBL, Magic Contest), ebu (0.05 towards average), exact, half-even."),
    ("decimals", "Decimals", "Board matchpoints are rounded to this many decimals; totals add the rounded figures."),
    ("ave_plus", "Ave+ %", "What A+ / AVE+ is worth (60)."),
    ("ave_minus", "Ave- %", "What A- / AVE- is worth (40)."),
    ("ave_policy", "Ave+/Ave- policy", "fixed; or wbf: the pair's percentage on its other boards if better (Ave+) or worse (Ave-)."),
    ("winners", "Winners", "2 = NS and EW ranked apart (Mitchell); 1 = one ranking (Howell)."),
    ("small_groups", "Small fouled groups", "wbf (WBF/ACBL), ebu (White Book 4.2.3.3), qba (slides), none."),
    ("method_index", "Method number", "Formula: position of the method in the list (drives k)."),
    ("rounding_index", "Rounding number", "Formula: position of the rounding rule."),
    ("rule_index", "Small-group rule number", "Formula: position of the small-group rule."),
    ("unit", "10^decimals", "Formula: used by the rounding formulas."),
]
_SETUP_FIRST = 3
#: Setup key -> absolute cell reference on the Setup sheet, e.g. ``Setup!$B$5``.
SETUP_CELLS = {key: f"Setup!$B${_SETUP_FIRST + i}" for i, (key, _, _) in enumerate(_SETUP_ROWS)}

# Travellers: visible inputs and results, a per-board block, then helper columns.
_MAIN = [
    ("board", "Board", 7, "input"),
    ("ns_pair", "NS pair", 8, "input"),
    ("ew_pair", "EW pair", 8, "input"),
    ("contract", "Contract", 9, "input"),
    ("by", "By", 5, "input"),
    ("tricks", "Tricks", 7, "input"),
    ("typed", "Typed score", 9, "input"),
    ("adjustment", "Adjustment", 11, "input"),
    ("group", "Group", 7, "input"),
    ("switch", "Arrowswitch", 7, "input"),
    ("ns_score", "NS score", 9, "formula"),
    ("ns_mp", "NS MP", 8, "formula"),
    ("ew_mp", "EW MP", 8, "formula"),
]
_BLOCK = [
    ("b_board", "Board", 7, "input"),
    ("b_results", "Results", 8, "formula"),
    ("b_top", "Top", 6, "formula"),
    ("b_check", "Check total", 8, "formula"),
    ("b_ns", "NS total", 9, "formula"),
    ("b_ew", "EW total", 9, "formula"),
    ("b_status", "Status", 24, "formula"),
    ("b_expected", "Expected NS+EW", 10, "helper"),
]
_HELPERS = [
    ("vul", "Vulnerable"),
    ("ct", "Contract (clean)"),
    ("lvl", "Level"),
    ("strain", "Strain"),
    ("dbl", "Doubled"),
    ("decl", "Declarer"),
    ("dvul", "Declarer vulnerable"),
    ("over", "Over (+) / under (-)"),
    ("ts", "Trick score"),
    ("dscore", "Declarer score"),
    ("adj", "Adjustment (clean)"),
    ("adjl", "NS code"),
    ("adjr", "EW code"),
    ("nspct", "NS %"),
    ("ewpct", "EW %"),
    ("kind", "Kind"),
    ("gkey", "Group key"),
    ("n", "n (results in group)"),
    ("nb", "Real results on board"),
    ("lines", "Results on board"),
    ("fouled", "Fouled"),
    ("setpct", "Set %"),
    ("k", "k"),
    ("sns", "S (NS)"),
    ("sew", "S (EW)"),
    ("estns", "NS estimate"),
    ("estew", "EW estimate"),
    ("rns", "NS result MP"),
    ("rew", "EW result MP"),
    ("ownns", "NS pair's %"),
    ("ownew", "EW pair's %"),
    ("adjns", "NS adjusted %"),
    ("adjew", "EW adjusted %"),
    ("shares", "Expected NS+EW share"),
]


def _letters() -> dict:
    out, col = {}, 1
    for key, *_ in _MAIN:
        out[key] = get_column_letter(col)
        col += 1
    col += 1
    for key, *_ in _BLOCK:
        out[key] = get_column_letter(col)
        col += 1
    col += 1
    for key, _ in _HELPERS:
        out[key] = get_column_letter(col)
        col += 1
    return out


#: Travellers column key -> column letter (``ns_mp`` -> ``L``).
TRAVELLER_COLUMNS = _letters()

_TOTALS = [
    ("pair", "Pair", 8, "input"),
    ("direction", "Direction", 10, "input"),
    ("played", "Boards played", 9, "formula"),
    ("mp", "MP", 10, "formula"),
    ("max", "Max", 9, "formula"),
    ("pct", "%", 9, "formula"),
    ("place", "Place", 8, "formula"),
    ("field", "Field", 8, "helper"),
    ("key", "% key", 10, "helper"),
]
#: Totals column key -> column letter.
TOTALS_COLUMNS = {key: get_column_letter(i + 1) for i, (key, *_) in enumerate(_TOTALS)}

#: The Methods sheet: the cells of N, n and scale, the k row, the first row of the table and its columns.
METHODS_LAYOUT: dict[str, Any] = {
    "N": "B3", "n": "B4", "scale": "B5", "k_row": 8, "first_row": 12, "max_actual": 60,
    "s_col": "A", "raw_pct_col": "B",
    "mp_cols": ("C", "D", "E", "F", "G"), "pct_cols": ("H", "I", "J", "K", "L"),
    "chart_cols": ("N", "O", "P", "Q", "R"),
}

# ------------------------------------------------------------------------------ styles

_INPUT_FILL = PatternFill("solid", start_color="FFF7D6")
_HEAD_FILL = PatternFill("solid", start_color="DDE7F0")
_BLOCK_FILL = PatternFill("solid", start_color="EEF3E2")
_BAD_FILL = PatternFill("solid", start_color="F4B6B6")
_HEAD_FONT = Font(bold=True)
_HELPER_FONT = Font(color="808080", size=9)
_TITLE_FONT = Font(bold=True, size=14)
_THIN = Side(style="thin", color="B0B0B0")
_BOX = Border(bottom=_THIN)
_UNLOCKED = Protection(locked=False)
_CENTER = Alignment(horizontal="center")
_BOLD = Font(bold=True)


def _style(ws, **attrs) -> StyleArray:
    """The style of a cell with ``attrs`` (font, fill, number_format, ...; None = default), made once
    and shared by a whole column (registering a style per cell was most of the writing time)."""
    cell = Cell(ws, style_array=StyleArray())  # a scratch cell, never put in the sheet
    for name, value in attrs.items():
        if value is not None:
            setattr(cell, name, value)
    return cell._style


@dataclass
class TemplateLine:
    """One traveller line to pre-fill: what a scorer would type.

    >>> TemplateLine(4, 1, 9, "3C", "E", 10).contract
    '3C'
    """

    board: object = None
    ns_pair: object = None
    ew_pair: object = None
    contract: str | None = None
    by: str | None = None
    tricks: int | None = None
    typed: object = None
    adjustment: str | None = None
    group: str | None = None
    switch: str | None = None


@dataclass
class Settings:
    """The Setup sheet's inputs.

    >>> Settings(method="Manual").scale
    2
    """

    event: str = ""
    date: str = ""
    scale: int = 2
    method: str = "Neuberg"
    expected: int | None = None
    rounding: str = "half-up"
    decimals: int = 2
    ave_plus: float = 60
    ave_minus: float = 40
    ave_policy: str = "fixed"
    winners: int = 2
    small_groups: str = "wbf"


@dataclass
class _Sizes:
    rows: int
    board_rows: int
    pair_rows: int
    extra: dict = field(default_factory=dict)


# ------------------------------------------------------------------------------ helpers


def _S(key: str) -> str:
    return SETUP_CELLS[key]


def _rng(col: str, first: int, last: int) -> str:
    return f"${col}${first}:${col}${last}"


def rounding_formula(x: str) -> str:
    """The Excel expression that rounds ``x`` by the Setup rounding rule and decimals.

    Scaled to whole units first (and cleaned of float noise by ``ROUND(..., 6)``),
    then half-up (ROUND), EBU (an exact half goes towards the average, top/2), exact,
    or half-even (an exact half to the even digit).

    >>> rounding_formula("Z5").startswith("CHOOSE(Setup!$B$")
    True
    """
    unit, top = _S("unit"), _S("top")
    v = f"ROUND({x}*{unit},6)"
    half_up = f"ROUND({v},0)/{unit}"
    ebu = (f"IF(ABS(MOD({v},1)-0.5)<0.000001,IF({x}>{top}/2,ROUNDDOWN({v},0),ROUNDUP({v},0)),"
           f"ROUND({v},0))/{unit}")
    even = (f"IF(ABS(MOD({v},1)-0.5)<0.000001,IF(MOD(ROUNDDOWN({v},0),2)=0,ROUNDDOWN({v},0),ROUNDUP({v},0)),"
            f"ROUND({v},0))/{unit}")
    return f"CHOOSE({_S('rounding_index')},{half_up},{ebu},{x},{even})"


def _traveller_formulas(r: int, last: int) -> dict:
    """The formulas of traveller row ``r`` (data rows FIRST_ROW..last), by column key."""
    c = {k: f"{v}{r}" for k, v in TRAVELLER_COLUMNS.items()}
    R = {k: _rng(v, FIRST_ROW, last) for k, v in TRAVELLER_COLUMNS.items()}
    N, top, scale = _S("n_used"), _S("top"), _S("scale")
    f = {}
    f["vul"] = (f'=IF(ISNUMBER({c["board"]}),CHOOSE(MOD({c["board"]}-1,16)+1,"None","NS","EW","All",'
                f'"NS","EW","All","None","EW","All","None","NS","All","None","NS","EW"),"")')
    f["ct"] = f'=UPPER(SUBSTITUTE(SUBSTITUTE({c["contract"]}&""," ",""),"*","X"))'
    f["lvl"] = (f'=IFERROR(IF(AND(VALUE(LEFT({c["ct"]},1))>=1,VALUE(LEFT({c["ct"]},1))<=7),'
                f'VALUE(LEFT({c["ct"]},1)),""),"")')
    f["strain"] = (f'=IF({c["lvl"]}="","",IF(OR({c["ct"]}={c["lvl"]}&"NT"&REPT("X",{c["dbl"]}),'
                   f'{c["ct"]}={c["lvl"]}&MID({c["ct"]},2,1)&REPT("X",{c["dbl"]})),'
                   f'IF(ISNUMBER(FIND(MID({c["ct"]},2,1),"CDHSN")),MID({c["ct"]},2,1),""),""))')
    f["dbl"] = f'=MIN(2,LEN({c["ct"]})-LEN(SUBSTITUTE({c["ct"]},"X","")))'
    f["decl"] = f'=UPPER(LEFT(TRIM({c["by"]}&""),1))'
    f["dvul"] = (f'=IF(OR({c["decl"]}="N",{c["decl"]}="S"),IF(OR({c["vul"]}="NS",{c["vul"]}="All"),1,0),'
                 f'IF(OR({c["vul"]}="EW",{c["vul"]}="All"),1,0))')
    f["over"] = f'=IF(AND(ISNUMBER({c["lvl"]}),ISNUMBER({c["tricks"]})),{c["tricks"]}-{c["lvl"]}-6,"")'
    f["ts"] = (f'=IF({c["strain"]}="","",IF({c["strain"]}="N",40+30*({c["lvl"]}-1),'
               f'IF(OR({c["strain"]}="H",{c["strain"]}="S"),30,20)*{c["lvl"]})*CHOOSE({c["dbl"]}+1,1,2,4))')
    made = (f'{c["ts"]}+IF({c["ts"]}>=100,IF({c["dvul"]}=1,500,300),50)'
            f'+IF({c["lvl"]}=6,IF({c["dvul"]}=1,750,500),IF({c["lvl"]}=7,IF({c["dvul"]}=1,1500,1000),0))'
            f'+CHOOSE({c["dbl"]}+1,0,50,100)'
            f'+{c["over"]}*IF({c["dbl"]}=0,IF(OR({c["strain"]}="C",{c["strain"]}="D"),20,30),'
            f'{c["dbl"]}*IF({c["dvul"]}=1,200,100))')
    u = f'(-{c["over"]})'
    down = (f'IF({c["dbl"]}=0,{u}*IF({c["dvul"]}=1,100,50),{c["dbl"]}*IF({c["dvul"]}=1,200+300*({u}-1),'
            f'100+200*MIN({u}-1,2)+300*MAX({u}-3,0)))')
    f["dscore"] = (f'=IF(OR({c["strain"]}="",{c["over"]}="",{c["tricks"]}<0,{c["tricks"]}>13),"",'
                   f'IF({c["over"]}>=0,{made},-{down}))')
    passed = ",".join(f'{c["ct"]}="{p}"' for p in ("P", "PASS", "PASSED", "PASSEDOUT", "AP", "ALLPASS"))
    f["ns_score"] = (f'=IF(ISNUMBER({c["typed"]}),{c["typed"]},IF(TRIM({c["typed"]}&"")<>"",TRIM({c["typed"]}&""),'
                     f'IF({c["ct"]}="","",IF(OR({passed}),0,'
                     f'IF(AND(ISNUMBER({c["dscore"]}),OR({c["decl"]}="N",{c["decl"]}="E",{c["decl"]}="S",{c["decl"]}="W")),'
                     f'IF(OR({c["decl"]}="N",{c["decl"]}="S"),1,-1)*{c["dscore"]},"?")))))')
    # adjustments: the codes table on the Help sheet, or a number with an optional A and %.
    f["adj"] = f'=UPPER(SUBSTITUTE(TRIM({c["adjustment"]}&"")," ",""))'
    f["adjl"] = f'=IF(ISNUMBER(FIND("/",{c["adj"]})),LEFT({c["adj"]},FIND("/",{c["adj"]})-1),{c["adj"]})'
    f["adjr"] = f'=IF(ISNUMBER(FIND("/",{c["adj"]})),MID({c["adj"]},FIND("/",{c["adj"]})+1,20),"")'

    def pct(code: str) -> str:
        return (f'IFERROR(VLOOKUP({code},{_CODES_RANGE},2,FALSE),'
                f'IFERROR(VALUE(SUBSTITUTE(SUBSTITUTE({code},"A",""),"%","")),""))')

    usebio = f'AND(LEN({c["adj"]})=5,LEFT({c["adj"]},1)="A",ISNUMBER(VALUE(MID({c["adj"]},2,4))))'
    f["nspct"] = f'=IF({c["adj"]}="","",IF({usebio},VALUE(MID({c["adj"]},2,2)),{pct(c["adjl"])}))'
    f["ewpct"] = (f'=IF({c["adj"]}="","",IF({usebio},VALUE(MID({c["adj"]},4,2)),'
                  f'IF({c["adjr"]}<>"",{pct(c["adjr"])},IF(ISNUMBER({c["nspct"]}),100-{c["nspct"]},""))))')
    not_played = ",".join(f'{c["adj"]}="{x.replace(" ", "")}"' for x in NOT_PLAYED_CODES)
    f["kind"] = (f'=IF({c["board"]}="","",IF({c["adj"]}<>"",IF(OR({not_played}),"",'
                 f'IF(AND(ISNUMBER({c["nspct"]}),ISNUMBER({c["ewpct"]})),'
                 f'IF(AND({c["nspct"]}>=0,{c["nspct"]}<=100,{c["ewpct"]}>=0,{c["ewpct"]}<=100),"A","bad"),"bad")),'
                 f'IF(ISNUMBER({c["ns_score"]}),"R",IF({c["ns_score"]}="","","?"))))')
    f["gkey"] = f'=IF({c["kind"]}="R",{c["board"]}&"|"&UPPER(TRIM({c["group"]}&"")),"")'
    f["n"] = f'=IF({c["kind"]}="R",COUNTIF({R["gkey"]},{c["gkey"]}),"")'
    f["nb"] = f'=IF({c["kind"]}="R",COUNTIFS({R["board"]},{c["board"]},{R["kind"]},"R"),"")'
    f["lines"] = (f'=IF(OR({c["kind"]}="R",{c["kind"]}="A"),'
                  f'COUNTIFS({R["board"]},{c["board"]},{R["kind"]},"R")+COUNTIFS({R["board"]},{c["board"]},{R["kind"]},"A"),"")')
    f["fouled"] = f'=IF({c["kind"]}="R",IF({c["n"]}<{c["nb"]},1,0),"")'
    n = c["n"]
    wbf = f'OR({n}<=2,AND({n}=3,COUNTIFS({R["board"]},{c["board"]},{R["n"]},">3")>0))'
    ebu = f'AND({n}<=3,3*{n}<={N})'
    qba = f'{n}<4'
    f["setpct"] = (f'=IF({c["kind"]}="R",IF(AND({c["fouled"]}=1,CHOOSE({_S("rule_index")},{wbf},{ebu},{qba},FALSE)),1,0),"")')
    f["k"] = (f'=IF({c["kind"]}="R",CHOOSE({_S("method_index")},{N}/{n},1,({N}+{n}-1)/{n},'
              f'IF({N}>{n}+1,({N}-1)/{n},1),{N}-{n}+1),"")')
    f["sns"] = (f'=IF({c["kind"]}="R",(2*COUNTIFS({R["gkey"]},{c["gkey"]},{R["ns_score"]},"<"&{c["ns_score"]})'
                f'+COUNTIFS({R["gkey"]},{c["gkey"]},{R["ns_score"]},{c["ns_score"]})-1)*{scale}/2,"")')
    f["sew"] = f'=IF({c["kind"]}="R",{scale}*({n}-1)-{c["sns"]},"")'

    def est(S: str) -> str:
        return (f'IF({c["setpct"]}=1,(60+({S}*2/{scale}-({n}-1))*5)*{top}/100,'
                f'IF({n}={N},{S},IF({n}=1,{scale}*({N}-1)/2,'
                f'({N}-{c["k"]})/({n}-1)*{S}+{scale}*({c["k"]}-1)/2)))')

    sw = f'UPPER(LEFT(TRIM({c["switch"]}&""),1))="Y"'
    f["estns"] = f'=IF({c["kind"]}="R",IF({sw},{est(c["sew"])},{est(c["sns"])}),"")'
    f["estew"] = f'=IF({c["kind"]}="R",IF({sw},{est(c["sns"])},{est(c["sew"])}),"")'
    f["rns"] = f'=IF({c["kind"]}="R",{rounding_formula(c["estns"])},"")'
    f["rew"] = f'=IF({c["kind"]}="R",{rounding_formula(c["estew"])},"")'
    two = f'{_S("winners")}=2'
    for side, pair in (("ns", "ns_pair"), ("ew", "ew_pair")):
        own, other = ("rns", "rew") if side == "ns" else ("rew", "rns")
        mine, theirs = (R["ns_pair"], R["ew_pair"]) if side == "ns" else (R["ew_pair"], R["ns_pair"])
        mp = (f'SUMIFS({R[own]},{mine},{c[pair]})+IF({two},0,SUMIFS({R[other]},{theirs},{c[pair]}))')
        cnt = (f'COUNTIFS({mine},{c[pair]},{R["kind"]},"R")+IF({two},0,COUNTIFS({theirs},{c[pair]},{R["kind"]},"R"))')
        f[f"own{side}"] = (f'=IF(AND({c["kind"]}="A",{_S("ave_policy")}="wbf"),'
                           f'IFERROR(({mp})/({top}*({cnt}))*100,""),"")')
    for side in ("ns", "ew"):
        mine, theirs = ("nspct", "ewpct") if side == "ns" else ("ewpct", "nspct")
        x = f'IF({sw},{c[theirs]},{c[mine]})'
        own = c[f"own{side}"]
        f[f"adj{side}"] = (f'=IF({c["kind"]}="A",IF(AND({_S("ave_policy")}="wbf",ISNUMBER({own})),'
                           f'IF({x}={_S("ave_plus")},MAX({x},{own}),IF({x}={_S("ave_minus")},MIN({x},{own}),{x})),{x}),"")')
    f["ns_mp"] = (f'=IF({c["kind"]}="R",{c["rns"]},IF({c["kind"]}="A",'
                  f'{rounding_formula(c["adjns"] + "*" + top + "/100")},""))')
    f["ew_mp"] = (f'=IF({c["kind"]}="R",{c["rew"]},IF({c["kind"]}="A",'
                  f'{rounding_formula(c["adjew"] + "*" + top + "/100")},""))')
    f["shares"] = (f'=IF({c["kind"]}="R",IF({c["setpct"]}=1,1.2,1)*{top},'
                   f'IF({c["kind"]}="A",({c["adjns"]}+{c["adjew"]})*{top}/100,""))')
    return f


def _block_formulas(r: int, last: int) -> dict:
    """The per-board check block, row ``r``."""
    b = f'{TRAVELLER_COLUMNS["b_board"]}{r}'
    R = {k: _rng(v, FIRST_ROW, last) for k, v in TRAVELLER_COLUMNS.items()}
    c = {k: f"{v}{r}" for k, v in TRAVELLER_COLUMNS.items()}
    top, N = _S("top"), _S("n_used")
    tol = f'IF({_S("rounding_index")}=3,0.000001,{c["b_results"]}/{_S("unit")}+0.000001)'
    return {
        "b_results": f'=IF({b}="","",COUNTIFS({R["board"]},{b},{R["kind"]},"R")+COUNTIFS({R["board"]},{b},{R["kind"]},"A"))',
        "b_top": f'=IF({b}="","",{top})',
        "b_check": f'=IF({b}="","",{top}*{N}/2)',
        "b_ns": f'=IF({b}="","",SUMIFS({R["ns_mp"]},{R["board"]},{b}))',
        "b_ew": f'=IF({b}="","",SUMIFS({R["ew_mp"]},{R["board"]},{b}))',
        "b_expected": f'=IF({b}="","",SUMIFS({R["shares"]},{R["board"]},{b}))',
        "b_status": (f'=IF({b}="","",IF(COUNTIFS({R["board"]},{b},{R["kind"]},"bad")>0,"score or code not understood",'
                     f'IF({c["b_results"]}>{N},"too many results",IF({c["b_results"]}=0,"no results",'
                     f'IF(ABS({c["b_ns"]}+{c["b_ew"]}-{c["b_expected"]})>{tol},"check total off",'
                     f'IF({c["b_results"]}<{N},"ok: "&({N}-{c["b_results"]})&" missing, estimated","ok"))))))'),
    }


_CODES_FIRST = 5
_CODES = sorted(ARTIFICIAL_CODES.items(), key=lambda kv: (-kv[1], kv[0]))
_CODES_RANGE = f"Help!$A${_CODES_FIRST}:$B${_CODES_FIRST + len(_CODES) - 1}"
_LISTS_COL = {"methods": "D", "rounding": "E", "small": "F", "policy": "G"}
_LISTS = {"methods": METHOD_NAMES, "rounding": ROUNDING_RULES, "small": SMALL_GROUP_RULES, "policy": AVE_POLICIES}


def _list_range(name: str) -> str:
    col = _LISTS_COL[name]
    return f"Help!${col}${_CODES_FIRST}:${col}${_CODES_FIRST + len(_LISTS[name]) - 1}"


# ------------------------------------------------------------------------------ sheets


def _head(ws, row: int, col: int, text: str, width: float | None = None, fill=_HEAD_FILL):
    cell = ws.cell(row=row, column=col, value=text)
    cell.font = _HEAD_FONT
    cell.fill = fill
    cell.alignment = Alignment(wrap_text=True, vertical="bottom", horizontal="center")
    cell.border = _BOX
    if width is not None:
        ws.column_dimensions[get_column_letter(col)].width = width
    return cell


def _input(cell, value=None):
    if value is not None:
        as_text_cell(cell, value)  # a typed value is data, never a formula
    cell.fill = _INPUT_FILL
    cell.protection = _UNLOCKED


def _protect(ws):
    ws.protection.sheet = True
    ws.protection.formatColumns = False
    ws.protection.formatRows = False
    ws.protection.formatCells = False
    ws.protection.sort = False
    ws.protection.autoFilter = False


def _setup_sheet(wb: Workbook, s: Settings, last: int):
    ws = wb.create_sheet("Setup")
    ws["A1"] = "mpxl club pairs: Setup"
    ws["A1"].font = _TITLE_FONT
    ws["A2"] = "Yellow cells are inputs; everything else is a formula. The sheets are protected without a password."
    ws["A2"].font = Font(italic=True, color="606060")
    ws.column_dimensions["A"].width = 30
    ws.column_dimensions["B"].width = 14
    ws.column_dimensions["C"].width = 90
    values = {
        "event": s.event, "date": s.date, "scale": s.scale, "method": s.method, "expected": s.expected,
        "rounding": s.rounding, "decimals": s.decimals, "ave_plus": s.ave_plus, "ave_minus": s.ave_minus,
        "ave_policy": s.ave_policy, "winners": s.winners, "small_groups": s.small_groups,
    }
    lines = TRAVELLER_COLUMNS["lines"]
    formulas = {
        "n_used": f'=IF(ISNUMBER(B{_row("expected")}),B{_row("expected")},MAX(1,MAX(Travellers!{_rng(lines, FIRST_ROW, last)})))',
        "top": f"=B{_row('scale')}*(B{_row('n_used')}-1)",
        "method_index": f"=MATCH(B{_row('method')},{_list_range('methods')},0)",
        "rounding_index": f"=MATCH(B{_row('rounding')},{_list_range('rounding')},0)",
        "rule_index": f"=MATCH(B{_row('small_groups')},{_list_range('small')},0)",
        "unit": f"=10^B{_row('decimals')}",
    }
    for key, label, note in _SETUP_ROWS:
        r = _row(key)
        ws.cell(row=r, column=1, value=label).font = _HEAD_FONT
        ws.cell(row=r, column=3, value=note).font = Font(color="606060")
        cell = ws.cell(row=r, column=2)
        if key in formulas:
            cell.value = formulas[key]
            cell.font = _HELPER_FONT if key.endswith("index") or key == "unit" else Font(bold=True)
        else:
            _input(cell, values[key] if values[key] not in (None, "") else None)
        cell.alignment = Alignment(horizontal="left")
    _validate(ws, f"B{_row('scale')}", '"1,2"', "Scale is 1 (single) or 2 (double).")
    _validate(ws, f"B{_row('winners')}", '"1,2"', "Winners is 1 (one ranking) or 2 (NS and EW apart).")
    _validate(ws, f"B{_row('method')}", _list_range("methods"), "Choose one of the five methods.")
    _validate(ws, f"B{_row('rounding')}", _list_range("rounding"), "half-up, ebu, exact or half-even.")
    _validate(ws, f"B{_row('small_groups')}", _list_range("small"), "wbf, ebu, qba or none.")
    _validate(ws, f"B{_row('ave_policy')}", _list_range("policy"), "fixed or wbf.")
    dv = DataValidation(type="whole", operator="between", formula1="0", formula2="6", allow_blank=False,
                        errorTitle="Decimals", error="Decimals is a whole number 0-6.")
    ws.add_data_validation(dv)
    dv.add(f"B{_row('decimals')}")
    dv = DataValidation(type="whole", operator="greaterThanOrEqual", formula1="1", allow_blank=True,
                        errorTitle="Expected results", error="A whole number of results, at least 1 (or blank).")
    ws.add_data_validation(dv)
    dv.add(f"B{_row('expected')}")
    _protect(ws)
    ws.print_area = f"A1:C{_SETUP_FIRST + len(_SETUP_ROWS)}"
    ws.page_setup.orientation = "landscape"
    ws.page_setup.fitToWidth = 1
    ws.page_setup.fitToHeight = 0
    ws.sheet_properties.pageSetUpPr.fitToPage = True
    return ws


def _row(key: str) -> int:
    return int(SETUP_CELLS[key].rsplit("$", 1)[1])


def _validate(ws, ref: str, formula: str, message: str, allow_blank: bool = False):
    dv = DataValidation(type="list", formula1=formula, allow_blank=allow_blank, showDropDown=False,
                        errorTitle="Not in the list", error=message)
    ws.add_data_validation(dv)
    dv.add(ref)


def _travellers_sheet(wb: Workbook, lines: Sequence[TemplateLine], sizes: _Sizes, boards: Sequence, blocks: list):
    ws = wb.create_sheet("Travellers")
    last = FIRST_ROW + sizes.rows - 1
    col = TRAVELLER_COLUMNS
    ws["A1"] = "Travellers"
    ws["A1"].font = _TITLE_FONT
    ws["A2"] = (f'="Scale "&{_S("scale")}&", "&{_S("method")}&", N = "&{_S("n_used")}&", top "&{_S("top")}'
                f'&", rounding "&{_S("rounding")}&IF({_S("rounding_index")}=3,""," to "&{_S("decimals")}&" decimals")')
    ws["A2"].font = Font(italic=True, color="606060")
    ws["A3"] = "Type a Typed score, or a Contract, By and Tricks; an adjusted score goes in Adjustment (see Help)."
    ws["A3"].font = Font(italic=True, color="606060", size=9)
    for key, title, width, _ in _MAIN + _BLOCK:
        fill = _BLOCK_FILL if key.startswith("b_") else _HEAD_FILL
        _head(ws, HEADER_ROW, _col_index(col[key]), title, width, fill)
    ws.cell(row=HEADER_ROW - 1, column=_col_index(col["b_board"]), value="Per board").font = _HEAD_FONT
    ws.row_dimensions[HEADER_ROW].height = 30
    for key, title in _HELPERS:
        c = _head(ws, HEADER_ROW, _col_index(col[key]), title, 11)
        c.font = Font(bold=True, color="606060", size=9)
    ws.cell(row=HEADER_ROW - 1, column=_col_index(col[_HELPERS[0][0]]),
            value="Helper columns: every step of the scoring, one formula each").font = _HELPER_FONT
    # the data: one style per column, inputs and formulas filled down (see mpxl.workbook.stream)
    text_cols = ("contract", "by", "adjustment", "group", "switch")
    idx = {k: _col_index(v) for k, v in col.items()}
    inputs, keys = [], []
    for key, *_ in _MAIN:
        if key in ("ns_score", "ns_mp", "ew_mp"):
            continue
        inputs.append((idx[key], _style(ws, fill=_INPUT_FILL, protection=_UNLOCKED,
                                        number_format="@" if key in text_cols else None,
                                        alignment=None if key in ("typed", "adjustment") else _CENTER)))
        keys.append(key)
    formulas = []
    for key in _traveller_formulas(FIRST_ROW, last):
        if key in ("ns_mp", "ew_mp"):
            st = _style(ws, number_format="0.00", font=_BOLD)
        elif key == "ns_score":
            st = _style(ws)
        else:
            st = _style(ws, font=_HELPER_FONT,
                        number_format="0.00" if key in ("estns", "estew", "rns", "rew", "ownns", "ownew") else None)
        formulas.append((idx[key], st, key))
    get = attrgetter(*keys)
    blank = (None,) * len(keys)
    blocks.append(Block(ws, FIRST_ROW, last, inputs,
                        lambda i: get(lines[i]) if i < len(lines) else blank,
                        formulas, lambda r: _traveller_formulas(r, last)))
    # per-board block
    blast = FIRST_ROW + sizes.board_rows - 1
    formulas = []
    for key in _block_formulas(FIRST_ROW, last):
        formulas.append((idx[key], _style(ws, fill=_BLOCK_FILL,
                                          number_format="0.00" if key in ("b_ns", "b_ew", "b_check") else None,
                                          font=_HELPER_FONT if key == "b_expected" else None), key))
    blocks.append(Block(ws, FIRST_ROW, blast, [(idx["b_board"], _style(ws, fill=_INPUT_FILL, protection=_UNLOCKED))],
                        lambda i: (boards[i] if i < len(boards) else None,),
                        formulas, lambda r: _block_formulas(r, last)))
    # validation
    _validate(ws, f"{col['by']}{FIRST_ROW}:{col['by']}{last}", '"N,E,S,W"', "Declarer is N, E, S or W.", True)
    _validate(ws, f"{col['switch']}{FIRST_ROW}:{col['switch']}{last}", '"Y"',
              "Type Y when the table played the board arrowswitched (NS sat EW).", True)
    dv = DataValidation(type="whole", operator="between", formula1="0", formula2="13", allow_blank=True,
                        errorTitle="Tricks", error="Tricks taken by declarer: a whole number 0-13.")
    ws.add_data_validation(dv)
    dv.add(f"{col['tricks']}{FIRST_ROW}:{col['tricks']}{last}")
    dv = DataValidation(type="whole", operator="greaterThanOrEqual", formula1="1", allow_blank=True,
                        errorTitle="Board", error="A board number: a whole number from 1.")
    ws.add_data_validation(dv)
    dv.add(f"{col['board']}{FIRST_ROW}:{col['board']}{last}")
    # conditional formatting: a text score, a code not understood, a board whose check total is off
    k, kind = col["ns_score"], col["kind"]
    ws.conditional_formatting.add(
        f"{k}{FIRST_ROW}:{k}{last}",
        FormulaRule(formula=[f'AND(ISTEXT({k}{FIRST_ROW}),{k}{FIRST_ROW}<>"")'], fill=_BAD_FILL))
    ws.conditional_formatting.add(
        f"{col['typed']}{FIRST_ROW}:{col['typed']}{last}",
        FormulaRule(formula=[f'AND(ISTEXT({col["typed"]}{FIRST_ROW}),TRIM({col["typed"]}{FIRST_ROW})<>"")'], fill=_BAD_FILL))
    a = col["adjustment"]
    ws.conditional_formatting.add(
        f"{a}{FIRST_ROW}:{a}{last}",
        FormulaRule(formula=[f'{kind}{FIRST_ROW}="bad"'], fill=_BAD_FILL))
    st = col["b_status"]
    ws.conditional_formatting.add(
        f"{col['b_board']}{FIRST_ROW}:{st}{blast}",
        FormulaRule(formula=[f'AND(${st}{FIRST_ROW}<>"",LEFT(${st}{FIRST_ROW},2)<>"ok")'], fill=_BAD_FILL))
    # helpers grouped and hidden; layout
    first_h, last_h = col[_HELPERS[0][0]], col[_HELPERS[-1][0]]
    ws.column_dimensions.group(first_h, last_h, outline_level=1, hidden=True)
    ws.column_dimensions.group(col["b_expected"], col["b_expected"], outline_level=1, hidden=True)
    ws.freeze_panes = f"B{FIRST_ROW}"
    ws.print_title_rows = f"{HEADER_ROW}:{HEADER_ROW}"
    ws.print_area = [f"A1:{col['ew_mp']}{last}", f"{col['b_board']}{HEADER_ROW - 1}:{col['b_status']}{blast}"]
    ws.page_setup.orientation = "portrait"
    ws.page_setup.fitToWidth = 1
    ws.page_setup.fitToHeight = 0
    ws.sheet_properties.pageSetUpPr.fitToPage = True
    _protect(ws)
    return ws


def _col_index(letter: str) -> int:
    from openpyxl.utils import column_index_from_string
    return column_index_from_string(letter)


def _totals_formulas(r: int, last: int, trav_last: int) -> dict:
    """The formulas of Totals row ``r`` (pair rows FIRST_ROW..last; traveller rows to ``trav_last``)."""
    T = TOTALS_COLUMNS
    R = {k: "Travellers!" + _rng(v, FIRST_ROW, trav_last) for k, v in TRAVELLER_COLUMNS.items()}
    c = {k: f"{v}{r}" for k, v in T.items()}
    p, d, top = c["pair"], c["direction"], _S("top")

    def both(fn: str, ns_range: str | None, ew_range: str | None) -> str:
        if fn == "count":
            ns = f'COUNTIFS({R["ns_pair"]},{p},{R["kind"]},"R")+COUNTIFS({R["ns_pair"]},{p},{R["kind"]},"A")'
            ew = f'COUNTIFS({R["ew_pair"]},{p},{R["kind"]},"R")+COUNTIFS({R["ew_pair"]},{p},{R["kind"]},"A")'
        else:
            ns = f'SUMIFS({ns_range},{R["ns_pair"]},{p})'
            ew = f'SUMIFS({ew_range},{R["ew_pair"]},{p})'
        return f'IF({d}="NS",{ns},IF({d}="EW",{ew},{ns}+{ew}))'

    F, K = _rng(T["field"], FIRST_ROW, last), _rng(T["key"], FIRST_ROW, last)
    return {
        "played": f'=IF({p}="","",{both("count", None, None)})',
        "mp": f'=IF({p}="","",{both("sum", R["ns_mp"], R["ew_mp"])})',
        "max": f'=IF({p}="","",{c["played"]}*{top})',
        "pct": f'=IF(OR({p}="",N({c["max"]})=0),"",{c["mp"]}/{c["max"]}*100)',
        "field": f'=IF({p}="","",IF({_S("winners")}=2,IF({d}="","-",UPPER({d}&"")),"all"))',
        "key": f'=IF({c["pct"]}="","",ROUND({c["pct"]},6))',
        "place": (f'=IF({c["key"]}="","",(COUNTIFS({F},{c["field"]},{K},">"&{c["key"]})+1)'
                  f'&IF(COUNTIFS({F},{c["field"]},{K},{c["key"]})>1,"=",""))'),
    }


def _totals_sheet(wb: Workbook, pairs: Sequence, sizes: _Sizes, trav_last: int, blocks: list):
    ws = wb.create_sheet("Totals")
    T = TOTALS_COLUMNS
    last = FIRST_ROW + sizes.pair_rows - 1
    ws["A1"] = "Totals"
    ws["A1"].font = _TITLE_FONT
    ws["A2"] = f'={_S("event")}&"  "&{_S("date")}'
    ws["A2"].font = Font(italic=True, color="606060")
    ws["A3"] = "Place: ties share (3=); with 2 winners NS and EW are ranked apart."
    ws["A3"].font = Font(italic=True, color="606060", size=9)
    ws.row_dimensions[HEADER_ROW].height = 30
    for i, (_key, title, width, kind) in enumerate(_TOTALS):
        c = _head(ws, HEADER_ROW, i + 1, title, width)
        if kind == "helper":
            c.font = Font(bold=True, color="606060", size=9)
    idx = {k: _col_index(v) for k, v in T.items()}
    inputs = [(idx[k], _style(ws, fill=_INPUT_FILL, protection=_UNLOCKED, alignment=_CENTER)) for k in ("pair", "direction")]
    styles = {"mp": _style(ws, number_format="0.00"), "max": _style(ws, number_format="0.##"),
              "pct": _style(ws, number_format="0.00"), "place": _style(ws, alignment=Alignment(horizontal="right")),
              "field": _style(ws, font=_HELPER_FONT), "key": _style(ws, font=_HELPER_FONT)}
    formulas = [(idx[k], styles.get(k) or _style(ws), k) for k in _totals_formulas(FIRST_ROW, last, trav_last)]
    blank = (None, None)
    blocks.append(Block(ws, FIRST_ROW, last, inputs,
                        lambda i: tuple(pairs[i]) if i < len(pairs) else blank,
                        formulas, lambda r: _totals_formulas(r, last, trav_last)))
    _validate(ws, f"{T['direction']}{FIRST_ROW}:{T['direction']}{last}", '"NS,EW"',
              "NS or EW in a two-winner movement; blank when pairs change direction (one winner).", True)
    ws.column_dimensions.group(T["field"], T["key"], outline_level=1, hidden=True)
    ws.freeze_panes = f"A{FIRST_ROW}"
    ws.print_title_rows = f"{HEADER_ROW}:{HEADER_ROW}"
    ws.print_area = f"A1:{T['place']}{last}"
    ws.page_setup.fitToWidth = 1
    ws.page_setup.fitToHeight = 0
    ws.sheet_properties.pageSetUpPr.fitToPage = True
    _protect(ws)
    return ws


def _methods_sheet(wb: Workbook, N: int, n: int, scale: int):
    ws = wb.create_sheet("Methods")
    L = METHODS_LAYOUT
    ws["A1"] = "Methods: five ways to scale a board's matchpoints to N results"
    ws["A1"].font = _TITLE_FONT
    ws["D3"] = "Choose N, the results a board should have, and n, the real results it has."
    ws["D4"] = "M = (N - k)/(n - 1) x S + scale x (k - 1)/2; percentage = M / (scale x (N - 1))."
    ws["D5"] = f"n can be 1 to {L['max_actual']}. With n = N no method changes anything; with n = 1 every result is the average."
    for cell in ("D3", "D4", "D5"):
        ws[cell].font = Font(italic=True, color="606060")
    for ref, label, value in ((L["N"], "N (expected)", N), (L["n"], "n (actual)", n), (L["scale"], "Scale", scale)):
        ws[f"A{ref[1:]}"] = label
        ws[f"A{ref[1:]}"].font = _HEAD_FONT
        _input(ws[ref], value)
    _validate(ws, L["scale"], '"1,2"', "Scale is 1 or 2.")
    dv = DataValidation(type="whole", operator="between", formula1="1", formula2=str(L["max_actual"]),
                        errorTitle="n", error=f"n is a whole number from 1 to {L['max_actual']}.")
    ws.add_data_validation(dv)
    dv.add(L["n"])
    dv = DataValidation(type="whole", operator="between", formula1="2", formula2="1000",
                        errorTitle="N", error="N is a whole number of results, at least 2.")
    ws.add_data_validation(dv)
    dv.add(L["N"])
    Nr, nr, sr = (f"${L[k][0]}${L[k][1:]}" for k in ("N", "n", "scale"))
    kr, first = L["k_row"], L["first_row"]
    _head(ws, kr - 1, 1, "Method", 12)
    ws.cell(row=kr, column=1, value="k").font = _HEAD_FONT
    ws.cell(row=kr + 1, column=1, value="k formula").font = _HEAD_FONT
    k_exprs = (f"{Nr}/{nr}", "1", f"({Nr}+{nr}-1)/{nr}", f"IF({Nr}>{nr}+1,({Nr}-1)/{nr},1)", f"{Nr}-{nr}+1")
    for i, m in enumerate(Method):
        col = L["mp_cols"][i]
        _head(ws, kr - 1, _col_index(col), METHOD_NAMES[i], 11)
        ws[f"{col}{kr}"] = f"={k_exprs[i]}"
        ws[f"{col}{kr}"].number_format = "0.0000"
        ws[f"{col}{kr + 1}"] = K_FORMULAS[m][1]
        ws[f"{col}{kr + 1}"].alignment = Alignment(wrap_text=True, horizontal="center")
        ws[f"{col}{kr + 1}"].font = Font(size=9)
    ws.row_dimensions[kr + 1].height = 30
    hr = first - 1
    _head(ws, hr - 1, _col_index(L["mp_cols"][0]), "Matchpoints (M)")
    _head(ws, hr - 1, _col_index(L["pct_cols"][0]), "Percentage")
    ws.merge_cells(f"{L['mp_cols'][0]}{hr - 1}:{L['mp_cols'][-1]}{hr - 1}")
    ws.merge_cells(f"{L['pct_cols'][0]}{hr - 1}:{L['pct_cols'][-1]}{hr - 1}")
    _head(ws, hr, 1, "Raw score S", 11)
    _head(ws, hr, 2, "S as %", 9)
    for i in range(5):
        _head(ws, hr, _col_index(L["mp_cols"][i]), METHOD_NAMES[i], 11)
        _head(ws, hr, _col_index(L["pct_cols"][i]), METHOD_NAMES[i] + " %", 11)
        _head(ws, hr, _col_index(L["chart_cols"][i]), METHOD_NAMES[i] + " (chart)", 10).font = _HELPER_FONT
    rows = 2 * (L["max_actual"] - 1) + 1
    last = first + rows - 1
    for j in range(rows):
        r = first + j
        S = f"$A{r}"
        ws[S[1:]] = f'=IF({j}<=2*({nr}-1),{j}*{sr}/2,"")'
        ws[f"B{r}"] = f'=IF(OR({S}="",{nr}=1),"",{S}/({sr}*({nr}-1))*100)'
        ws[f"B{r}"].number_format = "0.00"
        for i in range(5):
            mc, pc, cc = L["mp_cols"][i], L["pct_cols"][i], L["chart_cols"][i]
            k = f"{mc}${kr}"
            ws[f"{mc}{r}"] = (f'=IF({S}="","",IF({nr}={Nr},{S},IF({nr}=1,{sr}*({Nr}-1)/2,'
                              f'({Nr}-{k})/({nr}-1)*{S}+{sr}*({k}-1)/2)))')
            ws[f"{pc}{r}"] = f'=IF(OR({mc}{r}="",{Nr}<2),"",{mc}{r}/({sr}*({Nr}-1))*100)'
            ws[f"{cc}{r}"] = f'=IF(ISNUMBER({pc}{r}),{pc}{r},NA())'
            ws[f"{mc}{r}"].number_format = "0.00"
            ws[f"{pc}{r}"].number_format = "0.00"
            ws[f"{cc}{r}"].font = _HELPER_FONT
    chart = ScatterChart()
    chart.title = "Percentage against raw score"
    chart.style = 13
    chart.x_axis.title = "Raw score S among the n results"
    chart.y_axis.title = "% of the full top"
    chart.height, chart.width = 9, 16
    xs = Reference(ws, min_col=1, min_row=first, max_row=last)
    for i in range(5):
        cc = _col_index(L["chart_cols"][i])
        ys = Reference(ws, min_col=cc, min_row=hr, max_row=last)
        series = Series(ys, xs, title_from_data=True)
        series.title.strRef.f = f"'Methods'!${L['mp_cols'][i]}${hr}"
        series.marker.symbol = "none"
        series.smooth = False
        chart.series.append(series)
    chart.x_axis.delete = False
    chart.y_axis.delete = False
    ws.add_chart(chart, f"N{3}")
    ws.freeze_panes = f"B{first}"
    ws.print_area = f"A1:L{last}"
    ws.print_title_rows = f"{hr}:{hr}"
    _protect(ws)
    return ws


def _help_sheet(wb: Workbook):
    ws = wb.create_sheet("Help")
    ws["A1"] = "Help"
    ws["A1"].font = _TITLE_FONT
    ws["A3"] = "Adjustment codes: NS % (EW gets 100 minus it, or write NS/EW such as 60/40); A+ and A- follow Setup"
    ws["A3"].font = _HEAD_FONT
    _head(ws, 4, 1, "Code", 10)
    _head(ws, 4, 2, "NS %", 8)
    for i, (code, pct) in enumerate(_CODES):
        ws.cell(row=_CODES_FIRST + i, column=1, value=code).number_format = "@"
        linked = code.rstrip("+-").isalpha() and code[-1] in "+-"  # A+, AVE-, ...: the Setup figures
        value = f"={_S('ave_plus' if code.endswith('+') else 'ave_minus')}" if linked else pct
        ws.cell(row=_CODES_FIRST + i, column=2, value=value)
    for name, col in _LISTS_COL.items():
        title = {"methods": "Methods", "rounding": "Rounding", "small": "Small groups", "policy": "Ave policy"}[name]
        _head(ws, 4, _col_index(col), title, 13)
        for i, v in enumerate(_LISTS[name]):
            ws[f"{col}{_CODES_FIRST + i}"] = v
    ws.column_dimensions["C"].width = 3
    ws.column_dimensions["H"].width = 3
    ws.column_dimensions["I"].width = 110
    text = HELP_TEXT.strip("\n").splitlines()
    for i, line in enumerate(text):
        cell = ws.cell(row=3 + i, column=9, value=line)
        if line and not line.startswith(" ") and line.endswith(":"):
            cell.font = _HEAD_FONT
    _protect(ws)
    ws.print_area = f"I1:I{3 + len(text)}"
    return ws


HELP_TEXT = """
How to use this workbook:
  1. Setup: type the event, choose the scale, the method and the rounding; leave N blank.
  2. Travellers: one row per table result. Type the Board, the NS pair and the EW pair, then either
     the Contract (3NT, 4Sx, 6Hxx, PASS), By (N, E, S, W) and Tricks (0-13), or a Typed score
     (the NS score, such as 420 or -50). The NS score is computed from the contract when nothing is typed,
     with the vulnerability of the board number (1-16 repeating).
  3. Rows left blank, or with NP / Bye / - in Adjustment, are not results.
  4. Totals: list the pairs (number and direction NS / EW; leave Direction blank in a one-winner
     movement where pairs change direction). MP, %, Place follow.
  5. The per-board block (right of the traveller) shows each board's results, top, check total and
     a status: red when a score or code is not understood, a board has too many results, or the
     matchpoints do not add up.
Adjustment codes:
  Artificial adjusted scores are percentages of the board's full top: A+ / AVE+ 60, A / AVE / A= 50,
  A- / AVE- 40, any A55 or 55%, or NS/EW pairs such as 60/40, A+/A+, 40/40, and USEBIO's A6040.
  One code alone gives NS that percentage and EW the rest (A+ is 60/40). They are not results: they
  do not count in n, but they count in N, and the other results are estimated.
  Group: a label (A, B) per line on a fouled board; each group is matchpointed alone.
  Arrowswitch: Y when the table played the other direction's cards; its NS and EW matchpoints swap.
The formulas in words:
  Kind: R = a result, A = an artificial score, bad = not understood (flagged red), blank = not played.
  n: the real results in the line's board and group. N: Setup's expected results, or the most
     results (real and artificial) on any board.
  S: 2 per score beaten and 1 per equal score within the group (Law 78A): 2 x COUNTIFS(below)
     + COUNTIFS(equal) - 1, halved on the single scale.
  k: Neuberg N/n; Factor 1; Ascherman (N+n-1)/n; McKinnon (N-1)/n if N > n+1, else 1; Manual N-n+1.
  Estimate: M = (N - k)/(n - 1) x S + scale x (k - 1)/2 (Buchen's generic formula); a full board
     (n = N) is not changed; a lone result gets the average.
  Small fouled groups (Setup rule): 60% + (S - (n - 1)) x 5% of the top, S on the double scale:
     1 result 60%, 2 results 65/55%, 3 results 70/60/50%.
  EW: matchpointed the same way from EW's side: scale x (n - 1) - S before estimating.
  Artificial: percentage x top / 100; with the 'wbf' policy Ave+ is the better of 60% and the pair's
     percentage on its boards with real results, Ave- the worse of 40% and that percentage.
  Rounding: each board figure is rounded (half-up; EBU: an exact half goes towards the average;
     half-even: an exact half to the even digit),
     and the totals add the rounded figures.
  Totals: MP = the pair's board figures added up; Max = boards played x top; % = MP / Max;
     Place = 1 + the pairs in the same field with a higher %, with = when tied.
Where the rules come from:
  Law 78A (matchpoints), Law 12C (adjusted scores), WBF 1991 and ACBL (Neuberg, fouled boards),
  EBU White Book 4.2.3.3 (small fouled groups, rounding towards average), Buchen and McKinnon
  (the generic k formula), the QBA director-training slides (the worked examples).
With the add-in (mpxl.udfs through xlwings): the xlwings.conf sheet names the module, so
  =MATCHPOINTS(...), =NEUBERG(...), =BOARDMP(...) and the other mpxl functions are available too.
"""


def _xlwings_sheet(wb: Workbook):
    ws = wb.create_sheet("xlwings.conf")
    ws["A1"] = "UDF Modules"
    ws["B1"] = "mpxl.udfs"
    ws.column_dimensions["A"].width = 16
    ws.column_dimensions["B"].width = 16
    return ws


# ------------------------------------------------------------------------------ builders


def _build(
    settings: Settings | None = None,
    lines: Sequence[TemplateLine] = (),
    boards: Sequence = (),
    pairs: Sequence = (),
    rows: int | None = None,
    board_rows: int | None = None,
    pair_rows: int | None = None,
    methods: tuple = (9, 8),
) -> tuple:
    """The workbook without the rows of its data blocks, and the blocks (see :mod:`mpxl.workbook.stream`).

    The contents of a workbook in the template layout, for :func:`build_workbook` and
    :func:`write_workbook` alike: ``lines``, ``boards`` and ``pairs`` pre-fill it (``pairs``
    holds (pair, direction) tuples for the Totals sheet); ``methods`` is the (N, n) shown on
    the Methods sheet; the row counts default to what is given.
    """
    settings = settings or Settings()
    lines, boards, pairs = list(lines), list(boards), list(pairs)
    sizes = _Sizes(
        rows=max(rows or 0, len(lines), 1),
        board_rows=max(board_rows or 0, len(boards), 1),
        pair_rows=max(pair_rows or 0, len(pairs), 1),
    )
    wb = Workbook()
    wb.remove(wb.active)
    trav_last = FIRST_ROW + sizes.rows - 1
    blocks: list = []
    _setup_sheet(wb, settings, trav_last)
    _travellers_sheet(wb, lines, sizes, boards, blocks)
    _totals_sheet(wb, pairs, sizes, trav_last, blocks)
    _methods_sheet(wb, methods[0], methods[1], settings.scale)
    _help_sheet(wb)
    _xlwings_sheet(wb)
    wb.active = 1
    wb.calculation.fullCalcOnLoad = True
    return wb, blocks


def build_workbook(*args, **contents) -> Workbook:
    """Build a workbook in the template layout; the arguments are :func:`_build`'s (``settings``,
    ``lines``, ``boards``, ``pairs``, ``rows``, ``board_rows``, ``pair_rows``, ``methods``).

    >>> wb = build_workbook(Settings(method="Manual"), [TemplateLine(1, 1, 2, typed=420)], [1], [(1, "NS"), (2, "EW")])
    >>> wb["Setup"]["B6"].value, wb["Travellers"]["A5"].value, wb["Totals"]["B6"].value
    ('Manual', 1, 'EW')
    """
    wb, blocks = _build(*args, **contents)
    for block in blocks:
        stream.fill(block)
    return wb


def write_workbook(path, *args, **contents) -> None:
    """Write to ``path`` the workbook :func:`build_workbook` builds from the same arguments, fast,
    for any number of lines.

    The same cells, formulas and styles; the traveller, per-board and pair rows are
    written straight into the file with each column's formula stored once and shared
    down the column (:mod:`mpxl.workbook.stream`), as Excel stores a filled-down column.
    """
    wb, blocks = _build(*args, **contents)
    stream.save(wb, blocks, path)


def build_template(
    tables: int = 15,
    boards: int = 36,
    movement: str = "mitchell",
    method: str = "Neuberg",
    scale: int = 2,
    lines: Sequence[TemplateLine] = (),
    settings: Settings | None = None,
    methods: tuple = (9, 8),
) -> Workbook:
    """An empty club template for ``tables`` tables and ``boards`` boards.

    The traveller rows are pre-numbered by board; in a Mitchell each row also
    carries its table's NS pair and Totals lists NS 1..T and EW 1..T; in a
    Howell Totals lists pairs 1..2T with no direction and Setup has one winner.

    >>> ws = build_template(tables=2, boards=3, movement="howell")["Totals"]
    >>> [ws[f"A{r}"].value for r in range(5, 9)], ws["B5"].value
    ([1, 2, 3, 4], None)
    """
    move = movement.strip().lower()
    if move not in ("mitchell", "howell"):
        raise ValueError(f"movement {movement!r} must be mitchell or howell")
    if tables < 1 or boards < 1:
        raise ValueError(f"tables {tables} and boards {boards} must be at least 1")
    if scale not in (1, 2):
        raise ValueError(f"scale {scale!r} must be 1 or 2")
    name = METHOD_NAMES[list(Method).index(Method.find(method))]
    s = settings or Settings(method=name, scale=scale, winners=2 if move == "mitchell" else 1)
    if not lines:
        lines = [TemplateLine(b, t if move == "mitchell" else None) for b in range(1, boards + 1)
                 for t in range(1, tables + 1)]
    pairs: list[tuple[int, str | None]]
    if move == "mitchell":
        pairs = [(p, d) for d in ("NS", "EW") for p in range(1, tables + 1)]
    else:
        pairs = [(p, None) for p in range(1, 2 * tables + 1)]
    return build_workbook(s, lines, list(range(1, boards + 1)), pairs,
                          rows=tables * boards, methods=methods)
