"""The template's formulas: one short function per column, written from the rulebook.

Each function takes the row's cells (``c["kind"]`` is this row's Kind cell, ``AN5``)
and gives the formula without its ``=``. The Setup values are defined names (``Scale``,
``N``, ``Top``, ``MethodNo``...), the Travellers columns looked across are defined names of
their data rows (``Boards``, ``Kinds``, ``GroupKeys``...), and the Help tables too
(``ContractScores``, ``NotPlayedCodes``, ``CodeNames``...). Every rule comes from
:mod:`mpxl.rules`: the k of each method, the estimate, the small-group rules, the raw
matchpoints, the artificial matchpoints, the kinds that count towards N, the codes.

Only Excel 2010 functions (no LET, XLOOKUP, FILTER, dynamic arrays); LibreOffice 7.x
recalculates every one. A typed text is looked up in a Help list by MATCH only when it holds
no ``*``, ``?`` or ``~`` (MATCH's wildcards), so the lookup is exact.

>>> f = traveller_formulas(5)
>>> f["ns_mp"]
'=IF(OR(AN5="",AN5="NP"),"",IF(AO5>0,"?",IF(AN5="R",BI5,BK5)))'
>>> f["k"].startswith('=IF(AN5="R",CHOOSE(MethodNo,N/AQ5,1,(N+AQ5-1)/AQ5,')
True
"""

from __future__ import annotations

from collections.abc import Callable

from ..contract import BOARD_CYCLE, Direction, Vulnerability
from ..methods import Method
from ..rules import (
    ARTIFICIAL_MP,
    COUNTS_TOWARDS_N,
    ESTIMATE_LINE,
    ESTIMATES_FULL_BOARDS,
    K_RULES,
    RAW_MP,
    SMALL_GROUP_PERCENTAGE,
    SMALL_GROUP_RULES,
)
from .layout import (
    FIRST_ROW,
    ROUNDING_RULES,
    SETUP_NAMES,
    SMALL_GROUP_NAMES,
    TOTALS_COLUMNS,
    TOTALS_RANGE_NAMES,
    TRAVELLER_COLUMNS,
    TRAVELLER_RANGE_NAMES,
)

__all__ = ["traveller_formulas", "block_formulas", "totals_formulas", "setup_formulas", "rounding_formula",
           "methods_k", "methods_estimate", "TRAVELLER", "BLOCK", "TOTALS"]

S = SETUP_NAMES  # Setup key -> defined name
R = TRAVELLER_RANGE_NAMES  # Travellers column key -> defined name of its data rows
T_R = TOTALS_RANGE_NAMES


class Cells:
    """The cells of one row: ``Cells(5, TRAVELLER_COLUMNS)["kind"]`` -> ``AN5``."""

    def __init__(self, row: int, columns: dict):
        self.row, self.columns = row, columns

    def __getitem__(self, key: str) -> str:
        return f"{self.columns[key]}{self.row}"


# ------------------------------------------------------------------ small pieces

def _decimal(u: str) -> str:
    """TRUE when text ``u`` is digits with at most one inner decimal point (``420``, ``7.5``)."""
    digits = f'SUMPRODUCT(LEN({u})-LEN(SUBSTITUTE({u},{{0,1,2,3,4,5,6,7,8,9}},"")))'
    dots = f'(LEN({u})-LEN(SUBSTITUTE({u},".","")))'
    return f'AND(LEN({u})>0,{digits}+{dots}=LEN({u}),{dots}<=1,LEFT({u},1)<>".",RIGHT({u},1)<>".")'


def _match(name: str, x: str) -> str:
    """The position of text ``x`` in the Help list ``name``, exactly, or blank. MATCH reads ``?``, ``~``
    and ``*`` as wildcards: a text with ``?`` or ``~`` is looked up nowhere (no entry has one), and
    ``*`` (a doubling mark in the contract keys, 4S*) is looked up as itself (``~*``)."""
    wild = f'OR(ISNUMBER(FIND("?",{x})),ISNUMBER(FIND("~",{x})))'
    return f'IF({wild},"",IFERROR(MATCH(SUBSTITUTE({x},"*","~*"),{name},0),""))'


def _in_list(name: str, x: str) -> str:
    """TRUE when ``x`` is exactly one of the Help list ``name``."""
    return f"ISNUMBER({_match(name, x)})"


def _count_kinds(kinds, board: str) -> str:
    return "+".join(f'COUNTIFS({R["board"]},{board},{R["kind"]},"{k}")' for k in kinds)


def _is_kind(c: Cells, kinds) -> str:
    return "OR(" + ",".join(f'{c["kind"]}="{k}"' for k in kinds) + ")"


def rounding_formula(x: str) -> str:
    """The Excel expression that rounds ``x`` by the Setup rounding rule (``RoundingNo``) and ``Unit``.

    Scaled to whole units first (and cleaned of float noise by ``ROUND(..., 6)``); the
    forms follow :data:`mpxl.rules.ROUNDING_KINDS` in order: half-up (ROUND), EBU (an
    exact half goes towards the average, Top/2), exact, half-even.

    >>> rounding_formula("Z5").startswith("CHOOSE(RoundingNo,ROUND(ROUND(Z5*Unit,6),0)/Unit,")
    True
    """
    v = f"ROUND({x}*Unit,6)"
    half = f"ABS(MOD({v},1)-0.5)<0.000001"
    forms = {
        "half-up": f"ROUND({v},0)/Unit",
        "ebu": f"IF({half},IF({x}>Top/2,ROUNDDOWN({v},0),ROUNDUP({v},0)),ROUND({v},0))/Unit",
        "exact": x,
        "half-even": f"IF({half},IF(MOD(ROUNDDOWN({v},0),2)=0,ROUNDDOWN({v},0),ROUNDUP({v},0)),ROUND({v},0))/Unit",
    }
    assert tuple(forms) == ROUNDING_RULES
    return f"CHOOSE({S['rounding_index']}," + ",".join(forms.values()) + ")"


# ------------------------------------------------------------ Travellers: contract

_VUL_NS = [v.value for v in Vulnerability if v.is_vulnerable(Direction.N)]
_VUL_EW = [v.value for v in Vulnerability if v.is_vulnerable(Direction.E)]


def vul(c: Cells) -> str:
    return f'IF(ISNUMBER({c["board"]}),INDEX(VulCycle,MOD({c["board"]}-1,{len(BOARD_CYCLE)})+1),"")'


def ct(c: Cells) -> str:
    return f'UPPER(SUBSTITUTE(TRIM({c["contract"]}&"")," ",""))'


def crow(c: Cells) -> str:
    return f'IF({c["ct"]}="","",{_match("ContractKeys", c["ct"])})'


def decl(c: Cells) -> str:
    return f'UPPER(LEFT(TRIM({c["by"]}&""),1))'


def dvul(c: Cells) -> str:
    ns = "OR(" + ",".join(f'{c["vul"]}="{v}"' for v in _VUL_NS) + ")"
    ew = "OR(" + ",".join(f'{c["vul"]}="{v}"' for v in _VUL_EW) + ")"
    return f'IF(OR({c["decl"]}="N",{c["decl"]}="S"),IF({ns},1,0),IF({ew},1,0))'


def dscore(c: Cells) -> str:
    t = c["tricks"]
    return (f'IF(AND(ISNUMBER({c["crow"]}),ISNUMBER({t})),IF(AND({t}>=0,{t}<=13,{t}=INT({t})),'
            f'INDEX(ContractScores,{c["crow"]},{c["dvul"]}*14+{t}+1),""),"")')


def cscore(c: Cells) -> str:
    d = c["decl"]
    seat = f'OR({d}="N",{d}="E",{d}="S",{d}="W")'
    return (f'IF({c["ct"]}="","",IF({_in_list("PassSpellings", c["ct"])},0,'
            f'IF(AND(ISNUMBER({c["dscore"]}),{seat}),IF(OR({d}="N",{d}="S"),1,-1)*{c["dscore"]},"?")))')


# -------------------------------------------------------- Travellers: typed score

def tt(c: Cells) -> str:
    return f'TRIM({c["typed"]}&"")'


def tu(c: Cells) -> str:
    return f'IF(OR(LEFT({c["tt"]},1)="+",LEFT({c["tt"]},1)="-"),MID({c["tt"]},2,99),{c["tt"]})'


def tnum(c: Cells) -> str:
    return (f'IF(ISNUMBER({c["typed"]}),{c["typed"]},IF({c["tt"]}="","",'
            f'IF({_decimal(c["tu"])},IF(LEFT({c["tt"]},1)="-",-1,1)*VALUE({c["tu"]}),"?")))')


def ns_score(c: Cells) -> str:
    return f'IF(ISNUMBER({c["tnum"]}),{c["tnum"]},IF({c["tnum"]}="?",{c["tt"]},{c["cscore"]}))'


# -------------------------------------------------------- Travellers: adjustment

def adj(c: Cells) -> str:
    return f'UPPER(SUBSTITUTE(TRIM({c["adjustment"]}&"")," ",""))'


def adjl(c: Cells) -> str:
    a = c["adj"]
    return f'IF(ISNUMBER(FIND("/",{a})),LEFT({a},FIND("/",{a})-1),{a})'


def adjr(c: Cells) -> str:
    a = c["adj"]
    return f'IF(ISNUMBER(FIND("/",{a})),MID({a},FIND("/",{a})+1,99),"")'


def ub(c: Cells) -> str:
    a = c["adj"]
    digits = f'SUMPRODUCT(LEN({a})-LEN(SUBSTITUTE({a},{{0,1,2,3,4,5,6,7,8,9}},"")))'
    return f'IF(AND(OR(LEN({a})=5,LEN({a})=7),LEFT({a},1)="A",{digits}=LEN({a})-1),1,0)'


def _pct(x: str) -> str:
    """One side's percentage: a Help code, else A?number%? (A55, 55%), else blank."""
    y = f'IF(LEFT({x},1)="A",MID({x},2,99),{x})'
    z = f'IF(RIGHT({y},1)="%",LEFT({y},LEN({y})-1),{y})'
    return (f'IF({_in_list("CodeNames", x)},INDEX(CodePcts,{_match("CodeNames", x)}),'
            f'IF({_decimal(z)},VALUE({z}),""))')


def nspct(c: Cells) -> str:
    a = c["adj"]
    return f'IF({a}="","",IF({c["ub"]}=1,VALUE(MID({a},2,(LEN({a})-1)/2)),{_pct(c["adjl"])}))'


def ewpct(c: Cells) -> str:
    a = c["adj"]
    return (f'IF({a}="","",IF({c["ub"]}=1,VALUE(MID({a},(LEN({a})+3)/2,3)),IF(ISNUMBER(FIND("/",{a})),'
            f'{_pct(c["adjr"])},IF(ISNUMBER({c["nspct"]}),100-{c["nspct"]},""))))')


# ------------------------------------------------------------- Travellers: kind, N

def kind(c: Cells) -> str:
    ns, ew = c["nspct"], c["ewpct"]
    artificial = (f'IF(AND(ISNUMBER({ns}),ISNUMBER({ew})),'
                  f'IF(AND({ns}>=0,{ns}<=100,{ew}>=0,{ew}<=100),"A","bad"),"bad")')
    return (f'IF({c["board"]}="","",IF({c["adj"]}<>"",IF({_in_list("NotPlayedCodes", c["adj"])},"NP",{artificial}),'
            f'IF(ISNUMBER({c["ns_score"]}),"R",IF({c["ns_score"]}="","","bad"))))')


def badb(c: Cells) -> str:
    return f'IF({c["board"]}="","",COUNTIFS({R["board"]},{c["board"]},{R["kind"]},"bad"))'


def gkey(c: Cells) -> str:
    return f'IF({c["kind"]}="R",{c["board"]}&"|"&UPPER(TRIM({c["group"]}&"")),"")'


def n(c: Cells) -> str:
    return f'IF({c["kind"]}="R",COUNTIF({R["gkey"]},{c["gkey"]}),0)'


def nb(c: Cells) -> str:
    return f'IF({c["kind"]}="R",{_count_kinds("R", c["board"])},"")'


def lines(c: Cells) -> str:
    return f'IF({_is_kind(c, COUNTS_TOWARDS_N)},{_count_kinds(COUNTS_TOWARDS_N, c["board"])},"")'


def fouled(c: Cells) -> str:
    return f'IF({c["kind"]}="R",IF({c["n"]}<{c["nb"]},1,0),"")'


def largest(c: Cells) -> str:
    return f'IF({c["fouled"]}=1,SUMPRODUCT(MAX(({R["board"]}={c["board"]})*{R["n"]})),"")'


def setpct(c: Cells) -> str:
    rules = [SMALL_GROUP_RULES[name].excel(n=c["n"], largest=c["largest"], N=S["n_used"]) for name in SMALL_GROUP_NAMES]
    return (f'IF({c["kind"]}="R",IF({c["fouled"]}=1,IF(CHOOSE({S["rule_index"]},{",".join(rules)}),1,0),0),"")')


def k(c: Cells) -> str:
    ks = [K_RULES[m.value].excel(N=S["n_used"], n=c["n"]) for m in Method]
    return f'IF({c["kind"]}="R",CHOOSE({S["method_index"]},{",".join(ks)}),"")'


# ----------------------------------------------------------- Travellers: S, estimate

def sw(c: Cells) -> str:
    return f'IF(UPPER(LEFT(TRIM({c["switch"]}&""),1))="Y",1,0)'


def sns(c: Cells) -> str:
    g, s = c["gkey"], c["ns_score"]
    below = f'COUNTIFS({R["gkey"]},{g},{R["ns_score"]},"<"&{s})'
    equal = f'COUNTIFS({R["gkey"]},{g},{R["ns_score"]},{s})'
    return f'IF({c["kind"]}="R",{RAW_MP.excel(below=below, equal=equal, Scale=S["scale"])},"")'


def sew(c: Cells) -> str:
    return f'IF({c["kind"]}="R",{S["scale"]}*({c["n"]}-1)-{c["sns"]},"")'


def _estimate(c: Cells, own: str, other: str) -> str:
    x = f'IF({c["sw"]}=1,{c[other]},{c[own]})'
    small = SMALL_GROUP_PERCENTAGE.excel(S2=f"{x}*2/{S['scale']}", n=c["n"])
    est = ESTIMATE_LINE.excel(S=x, N=S["n_used"], n=c["n"], k=c["k"], Scale=S["scale"], full=S["full_boards"])
    return f'IF({c["kind"]}="R",IF({c["setpct"]}=1,({small})*{S["top"]}/100,{est}),"")'


def estns(c: Cells) -> str:
    return _estimate(c, "sns", "sew")


def estew(c: Cells) -> str:
    return _estimate(c, "sew", "sns")


# -------------------------------------------------------- Travellers: artificial

def _own(c: Cells, side: str) -> str:
    own, other = ("rns", "rew") if side == "ns" else ("rew", "rns")
    mine, theirs = ("ns_pair", "ew_pair") if side == "ns" else ("ew_pair", "ns_pair")
    pair = c[mine]
    two = f'{S["winners"]}=2'
    mp = f'SUMIFS({R[own]},{R[mine]},{pair})+IF({two},0,SUMIFS({R[other]},{R[theirs]},{pair}))'
    cnt = f'COUNTIFS({R[mine]},{pair},{R["kind"]},"R")+IF({two},0,COUNTIFS({R[theirs]},{pair},{R["kind"]},"R"))'
    return f'IF(AND({c["kind"]}="A",{S["ave_policy"]}="wbf"),IFERROR(({mp})/({S["top"]}*({cnt}))*100,""),"")'


def ownns(c: Cells) -> str:
    return _own(c, "ns")


def ownew(c: Cells) -> str:
    return _own(c, "ew")


def _adjusted(c: Cells, mine: str, theirs: str, own: str) -> str:
    x = f'IF({c["sw"]}=1,{c[theirs]},{c[mine]})'
    o = c[own]
    return (f'IF({c["kind"]}="A",IF(AND({S["ave_policy"]}="wbf",ISNUMBER({o})),IF({x}={S["ave_plus"]},MAX({x},{o}),'
            f'IF({x}={S["ave_minus"]},MIN({x},{o}),{x})),{x}),"")')


def adjns(c: Cells) -> str:
    return _adjusted(c, "nspct", "ewpct", "ownns")


def adjew(c: Cells) -> str:
    return _adjusted(c, "ewpct", "nspct", "ownew")


def artns(c: Cells) -> str:
    return f'IF({c["kind"]}="A",{ARTIFICIAL_MP.excel(pct=c["adjns"], Top=S["top"])},"")'


def artew(c: Cells) -> str:
    return f'IF({c["kind"]}="A",{ARTIFICIAL_MP.excel(pct=c["adjew"], Top=S["top"])},"")'


# ---------------------------------------------------------- Travellers: rounding

def rns(c: Cells) -> str:
    return f'IF({c["kind"]}="R",{rounding_formula(c["estns"])},"")'


def rew(c: Cells) -> str:
    return f'IF({c["kind"]}="R",{rounding_formula(c["estew"])},"")'


def rans(c: Cells) -> str:
    return f'IF({c["kind"]}="A",{rounding_formula(c["artns"])},"")'


def raew(c: Cells) -> str:
    return f'IF({c["kind"]}="A",{rounding_formula(c["artew"])},"")'


def _mp(c: Cells, result: str, artificial: str) -> str:
    return (f'IF(OR({c["kind"]}="",{c["kind"]}="NP"),"",IF({c["badb"]}>0,"?",'
            f'IF({c["kind"]}="R",{c[result]},{c[artificial]})))')


def ns_mp(c: Cells) -> str:
    return _mp(c, "rns", "rans")


def ew_mp(c: Cells) -> str:
    return _mp(c, "rew", "raew")


def shares(c: Cells) -> str:
    share = SMALL_GROUP_PERCENTAGE.py(S2=0, n=1) * 2 / 100  # a small group's NS% + EW% is 2 x 60%
    return (f'IF({c["kind"]}="R",IF({c["setpct"]}=1,{float(share):g},1)*{S["top"]},'
            f'IF({c["kind"]}="A",({c["adjns"]}+{c["adjew"]})*{S["top"]}/100,""))')


#: Travellers column key -> its formula function, in the order the columns are written.
TRAVELLER: dict[str, Callable[[Cells], str]] = {
    f.__name__: f for f in (vul, ct, crow, decl, dvul, dscore, cscore, tt, tu, tnum, ns_score, adj, adjl, adjr, ub,
                            nspct, ewpct, kind, badb, gkey, n, nb, lines, fouled, largest, setpct, k, sw, sns, sew,
                            estns, estew, ownns, ownew, adjns, adjew, artns, artew, rns, rew, rans, raew, ns_mp,
                            ew_mp, shares)
}


def traveller_formulas(r: int) -> dict:
    """The formulas of traveller row ``r``, by column key."""
    c = Cells(r, TRAVELLER_COLUMNS)
    return {key: "=" + fn(c) for key, fn in TRAVELLER.items()}


# ------------------------------------------------------------ per-board block

def _b(c: Cells) -> str:
    return c["b_board"]


def b_results(c: Cells) -> str:
    return f'IF({_b(c)}="","",{_count_kinds(("R", "A"), _b(c))})'


def b_top(c: Cells) -> str:
    return f'IF({_b(c)}="","",{S["top"]})'


def b_check(c: Cells) -> str:
    return f'IF({_b(c)}="","",{S["top"]}*{S["n_used"]}/2)'


def b_ns(c: Cells) -> str:
    return f'IF({_b(c)}="","",SUMIFS({R["ns_mp"]},{R["board"]},{_b(c)}))'


def b_ew(c: Cells) -> str:
    return f'IF({_b(c)}="","",SUMIFS({R["ew_mp"]},{R["board"]},{_b(c)}))'


def b_expected(c: Cells) -> str:
    return f'IF({_b(c)}="","",SUMIFS({R["shares"]},{R["board"]},{_b(c)}))'


def b_status(c: Cells) -> str:
    b, N = _b(c), S["n_used"]
    exact = ROUNDING_RULES.index("exact") + 1
    tol = f'IF({S["rounding_index"]}={exact},0.000001,{c["b_results"]}/{S["unit"]}+0.000001)'
    return (f'IF({b}="","",IF(COUNTIFS({R["board"]},{b},{R["kind"]},"bad")>0,"score or code not understood",'
            f'IF({c["b_results"]}>{N},"too many results",IF({c["b_results"]}=0,"no results",'
            f'IF(ABS({c["b_ns"]}+{c["b_ew"]}-{c["b_expected"]})>{tol},"check total off",'
            f'IF({c["b_results"]}<{N},"ok: "&({N}-{c["b_results"]})&" missing, estimated","ok"))))))')


BLOCK: dict[str, Callable[[Cells], str]] = {
    f.__name__: f for f in (b_results, b_top, b_check, b_ns, b_ew, b_status, b_expected)
}


def block_formulas(r: int) -> dict:
    """The per-board check block, row ``r``."""
    c = Cells(r, TRAVELLER_COLUMNS)
    return {key: "=" + fn(c) for key, fn in BLOCK.items()}


# --------------------------------------------------------------------- Totals

def _both(c: Cells, ns: str, ew: str) -> str:
    d = c["direction"]
    return f'IF({d}="NS",{ns},IF({d}="EW",{ew},{ns}+{ew}))'


def played(c: Cells) -> str:
    p = c["pair"]
    ns = f'COUNTIFS({R["ns_pair"]},{p},{R["kind"]},"R")+COUNTIFS({R["ns_pair"]},{p},{R["kind"]},"A")'
    ew = f'COUNTIFS({R["ew_pair"]},{p},{R["kind"]},"R")+COUNTIFS({R["ew_pair"]},{p},{R["kind"]},"A")'
    return f'IF({p}="","",{_both(c, ns, ew)})'


def mp(c: Cells) -> str:
    p = c["pair"]
    bad = _both(c, f'COUNTIFS({R["ns_pair"]},{p},{R["badb"]},">0")', f'COUNTIFS({R["ew_pair"]},{p},{R["badb"]},">0")')
    total = _both(c, f'SUMIFS({R["ns_mp"]},{R["ns_pair"]},{p})', f'SUMIFS({R["ew_mp"]},{R["ew_pair"]},{p})')
    return f'IF({p}="","",IF({bad}>0,"?",{total}))'


def max_(c: Cells) -> str:
    return f'IF({c["pair"]}="","",{c["played"]}*{S["top"]})'


def pct(c: Cells) -> str:
    return f'IF(OR({c["pair"]}="",N({c["max"]})=0),"",IF(ISNUMBER({c["mp"]}),{c["mp"]}/{c["max"]}*100,"?"))'


def field(c: Cells) -> str:
    d = c["direction"]
    return f'IF({c["pair"]}="","",IF({S["winners"]}=2,IF({d}="","-",UPPER({d}&"")),"all"))'


def key(c: Cells) -> str:
    return f'IF(ISNUMBER({c["pct"]}),ROUND({c["pct"]},6),"")'


def place(c: Cells) -> str:
    F, K, x = T_R["field"], T_R["key"], c["key"]
    return (f'IF({x}="","",(COUNTIFS({F},{c["field"]},{K},">"&{x})+1)'
            f'&IF(COUNTIFS({F},{c["field"]},{K},{x})>1,"=",""))')


TOTALS: dict[str, Callable[[Cells], str]] = {
    "played": played, "mp": mp, "max": max_, "pct": pct, "field": field, "key": key, "place": place,
}


def totals_formulas(r: int) -> dict:
    """The formulas of Totals row ``r``."""
    c = Cells(r, TOTALS_COLUMNS)
    return {k_: "=" + fn(c) for k_, fn in TOTALS.items()}


# ---------------------------------------------------------------------- Setup

def setup_formulas() -> dict:
    """The Setup sheet's formula cells, by key."""
    full = [f'{S["method_index"]}={i + 1}' for i, m in enumerate(Method) if m.value in ESTIMATES_FULL_BOARDS]
    return {
        "n_used": f'=IF(ISNUMBER({S["expected"]}),{S["expected"]},MAX(1,MAX({R["lines"]})))',
        "top": f'={S["scale"]}*({S["n_used"]}-1)',
        "method_index": f'=MATCH({S["method"]},MethodNames,0)',
        "rounding_index": f'=MATCH({S["rounding"]},RoundingNames,0)',
        "rule_index": f'=MATCH({S["small_groups"]},SmallGroupNames,0)',
        "unit": f'=10^{S["decimals"]}',
        "full_boards": f'=IF(OR({",".join(full)}),1,0)' if full else "=0",
    }


# -------------------------------------------------------------------- Methods

def methods_k(method: Method, N: str, n: str) -> str:
    """The Methods sheet's k cell of ``method`` for the N and n cells."""
    return "=" + K_RULES[method.value].excel(N=N, n=n)


def methods_estimate(method: Method, S_: str, N: str, n: str, k_: str, scale: str) -> str:
    """The Methods sheet's estimate of raw score cell ``S_``."""
    full = "1" if method.value in ESTIMATES_FULL_BOARDS else "0"
    return f'=IF({S_}="","",{ESTIMATE_LINE.excel(S=S_, N=N, n=n, k=k_, Scale=scale, full=full)})'


assert FIRST_ROW >= 2
