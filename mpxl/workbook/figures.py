"""Travellers: each board's figures: the groups and N, the raw matchpoints S, the estimate, the artificial
scores, the rounding, and the conventions' steps (where the estimate goes, what the totals add).

Each column is declared once in :data:`COLUMNS`; an NS/EW pair of columns once by :func:`~.columns.twin`.
"""

from __future__ import annotations

from functools import partial

from ..core.methods import Method
from ..core.rules import (
    AVE,
    COUNTS_TOWARDS_N,
    ESTIMATE_LINE,
    K_RULES,
    LONE_RESULT_PERCENTAGE,
    RAW_MP,
    SCALE_AVERAGE,
    SCALE_OFFSET,
    SCALE_PERCENTAGE,
    SMALL_GROUP_PERCENTAGE,
    SMALL_GROUP_RULES,
    sheet_text,
)
from ..core.settings import (
    AvePolicy,
    EstimateAt,
    LoneResult,
    RoundingOrder,
    TotalsMethod,
)
from .columns import SIDES, Row, Side, col, every, twin
from .pieces import (
    CELL,
    CENTRED,
    EST_AT,
    EXACT_TOTALS,
    TOTALS_METHOD,
    TOTALS_ROUNDING,
    S,
    U,
    artificial_mp,
    both_fields,
    count_kinds,
    is_kind,
    line_penalty,
    rounding_formula,
    scaled_formula,
    tie_formula,
    top_of,
)
from .places import SMALL_GROUP_NAMES


def badb(c: Row) -> str:
    return f'IF({c.board}="","",COUNTIFS({c.local.bkey},{c.bkey},{c.local.kind},"bad"))'


def gkey(c: Row) -> str:
    return f'IF({c.kind}="R",{c.bkey}&"|"&UPPER({sheet_text(c.group)}),"")'


def n(c: Row) -> str:
    return f'IF({c.kind}="R",COUNTIF({c.local.gkey},{c.gkey}),0)'


def nb(c: Row) -> str:
    return f'IF({c.kind}="R",{count_kinds("R", c.bkey, c.local)},"")'


def lines(c: Row) -> str:
    return f'IF({is_kind(c, COUNTS_TOWARDS_N)},{count_kinds(COUNTS_TOWARDS_N, c.bkey, c.local)},0)'


def nf(c: Row) -> str:
    """N (field): Setup's Expected results per board, else the most lines on any board of the line's field;
    where the boards' rows are all of one field, the Setup's N used (the same figure, worked out once rather
    than by every line: a typed result then costs its board's lines, not every line's)."""
    if c.span is not None and c.span.one_field:
        return f'IF({c.board}="","",{S.n_used})'
    most = f'SUMPRODUCT(MAX(({every.fkey}={c.fkey})*{every.lines}))'
    return f'IF({c.board}="","",IF(ISNUMBER({S.expected}),{S.expected},MAX(1,{most})))'


def topf(c: Row) -> str:
    return f'IF({c.board}="","",{top_of(U, CENTRED, c.nf)})'


def avg(c: Row) -> str:
    """The line's average figure (an EBU half is rounded towards it): half the top it is reported on, 0 on the
    signed scale."""
    return f'IF({c.board}="","",{SCALE_AVERAGE.excel(centred=CENTRED, Top=c.topr)})'


def fouled(c: Row) -> str:
    return f'IF({c.kind}="R",IF({c.n}<{c.nb},1,0),"")'


def largest(c: Row) -> str:
    return f'IF({c.fouled}=1,SUMPRODUCT(MAX(({c.local.bkey}={c.bkey})*{c.local.n})),"")'


def _set_pct(c: Row, N: str, n_: str = "") -> str:
    """1 when the line's fouled group gets set percentages by the Setup rule on a board of ``N`` (a cell) results,
    else 0; the group's size its results (n), or those in one side's field (``n_``: a figure's view)."""
    rules = [SMALL_GROUP_RULES[name].excel(n=n_ or c.n, largest=c.largest, N=N) for name in SMALL_GROUP_NAMES]
    return f'IF({c.fouled}=1,IF(CHOOSE({S.rule_index},{",".join(rules)}),1,0),0)'


def setpct(c: Row) -> str:
    return f'IF({c.kind}="R",{_set_pct(c, c.nsc)},"")'


def _k(c: Row, N: str, index: str = S.method_index, n_: str = "") -> str:
    """The Setup method's k (or that of the method at position ``index``: the totals') for the line's group (or
    ``n_`` results: a figure's view) on a board of ``N`` (a cell) results."""
    ks = [K_RULES[m.value].excel(N=N, n=n_ or c.n) for m in Method]
    return f'CHOOSE({index},{",".join(ks)})'


def k(c: Row) -> str:
    """The method's k for the line's group, on the N its figures are scored on (N (scored))."""
    return f'IF({c.kind}="R",{_k(c, c.nsc)},"")'


def sns(c: Row) -> str:
    g, s = c.gkey, c.ns_score
    below = f'COUNTIFS({c.local.gkey},{g},{c.local.ns_score},"<"&{s})'
    equal = f'COUNTIFS({c.local.gkey},{g},{c.local.ns_score},{s})'
    return f'IF({c.kind}="R",IF({c.rb}>0,{c.nraw},{RAW_MP.excel(below=below, equal=equal, Scale=U)}),"")'


def sew(c: Row) -> str:
    return f'IF({c.kind}="R",IF({c.rb}>0,{c.eraw},{U}*({c.n}-1)-{c.sns}),"")'


def _estimate_of(c: Row, x: str, N: str, top: str, k_: str, n_: str, set_: str) -> str:
    """The estimate of a result whose raw score (as played, after an arrowswitch) is ``x``, on a board of
    ``N`` results and top ``top`` with the method's ``k_`` for ``n_`` lines (each a cell): a small fouled group's
    set percentage (when ``set_``, the group's Set % on that N, is 1), a lone result beside artificial scores
    (Setup's Lone result), else the method's estimate."""
    small = SMALL_GROUP_PERCENTAGE.excel(S2=f"{x}*2/{U}", n=n_)
    est = ESTIMATE_LINE.excel(S=x, N=N, n=n_, k=k_, Scale=U, full=S.full_boards)
    # on the signed scale the estimate (in double arithmetic) less the board's double average
    est = f'{est}-{SCALE_OFFSET.excel(centred=CENTRED, Top=top)}'
    lone = artificial_mp(str(LONE_RESULT_PERCENTAGE), top)
    return f'IF({set_}=1,{artificial_mp(f"({small})", top)},IF({c.lone}=1,{lone},{est}))'


def _estimate(c: Row, s: Side) -> str:
    """A result's estimate for side ``s``, on its figure's n and k (a ruling's view). On a mixed line whose side
    was given an artificial score, the figure its real score would get in that side's field (no pair's: the
    check's) when it stands in both fields (Setup's Mixed line both), else blank."""
    v = c[s]
    use = f'AND({c.kind}="R",OR({v.fa}=0,{both_fields()}))'
    return f'IF({use},{_estimate_of(c, v.sp, c.nsc, c.topsc, v.k, v.fn, v.set)},"")'


def _played(c: Row, s: Side) -> str:
    """Side ``s``'s pair's raw score as it played: its S, or the other side's when the table was arrowswitched."""
    v = c[s]
    return f'IF({c.kind}="R",IF({c.sw}=1,{v.other.S},{v.S}),"")'


# -------------------------------------------------------- Travellers: artificial

def _own(c: Row, s: Side) -> str:
    """Under the wbf policy, the side's pair's percentage on its boards with real results."""
    v, pair, two = c[s], c[s].pair_key, f'{S.winners}=2'
    mine, theirs = every.side(s, "pair_key"), every.side(s.other, "pair_key")
    mp = (f'SUMIFS({every.side(s, "of")},{mine},{pair})'
          f'+IF({two},0,SUMIFS({every.side(s.other, "of")},{theirs},{pair}))')
    # the tops of its results: not a mixed line's artificial side (an artificial score, as Kind A's)
    tops = (f'SUMIFS({every.topc},{mine},{pair},{every.kind},"R",{every.side(s, "fa")},0)'
            f'+IF({two},0,SUMIFS({every.topc},{theirs},{pair},{every.kind},"R",{every.side(s.other, "fa")},0))')
    own = SCALE_PERCENTAGE.excel(centred=CENTRED, mp=f"({mp})", max=f"({tops})")
    # the pair's own figure is an artificial score: of Kind A, or a mixed line's artificial side
    return f'IF(AND({v.fa}=1,{CELL[AvePolicy]}="{AvePolicy.WBF.value}"),IFERROR({own},""),"")'


def _adjusted(c: Row, s: Side) -> str:
    """The side's artificial percentage after the Ave+/Ave- policy (and the arrowswitch)."""
    v = c[s]
    x = f'IF({c.sw}=1,{v.other.pct},{v.pct})'
    o = v.own
    wbf = f'{CELL[AvePolicy]}="{AvePolicy.WBF.value}"'
    return (f'IF({v.fa}=1,IF(AND({wbf},ISNUMBER({o})),IF({x}={S.ave_plus},MAX({x},{o}),'
            f'IF({x}={S.ave_minus},MIN({x},{o}),{x})),{x}),"")')


def _artificial(c: Row, s: Side) -> str:
    return f'IF({c[s].fa}=1,{artificial_mp(c[s].adj, c.topsc)},"")'


# ---------------------------------------------------------- Travellers: rounding

def _net(c: Row, s: Side, artificial: bool) -> str:
    """The side's figure (its artificial MP if ``artificial``, else a result's estimate) with the line's own
    penalty taken off (mpxl.core.board: penalties come off last, before the rounding), x the line's Factor (a
    fixed top's: mpxl.core.scorer.factored), or its matchpoints rounded first (Setup's Rounding order
    matchpoints-first) x the Factor. A result's figure never reads an artificial score's columns, nor the other
    way round: the wbf policy's pair's % reads the results (its Own columns) and feeds the artificial MP."""
    first = c[s].mfirsta if artificial else c[s].mfirst
    return f'(IF(ISNUMBER({first}),{first},{_first(c, s, artificial)})*{c.fac})'


def _scaled(c: Row, s: Side) -> str:
    v = c[s]
    return f'IF(AND({c.kind}="R",{v.fa}=0),{scaled_formula(_net(c, s, False))},"")'


def _scaled_artificial(c: Row, s: Side) -> str:
    v = c[s]
    return f'IF({v.fa}=1,{scaled_formula(_net(c, s, True))},"")'


def _rounded(c: Row, s: Side) -> str:
    v = c[s]
    return f'IF(AND({c.kind}="R",{v.fa}=0),{rounding_formula(_net(c, s, False), v.v, c.avg)},"")'


def _rounded_artificial(c: Row, s: Side) -> str:
    v = c[s]
    return f'IF({v.fa}=1,{rounding_formula(_net(c, s, True), v.vart, c.avg)},"")'


def _mp(c: Row, s: Side) -> str:
    v = c[s]
    return (f'IF(OR({c.kind}="",{c.kind}="NP",{c.kind}="P"),"",IF({c.badb}>0,"?",'
            f'IF({v.fa}=0,{v.r},{v.ra})))')


def shares(c: Row) -> str:
    """What the line's NS and EW figures add up to: twice the figure of the sides' mean percentage (a
    result's 50%, a small group's 60%: its NS% + EW% is 2 x 60%, an artificial score's two percentages)."""
    # a mixed line's artificial side gets its percentage instead of the figure the result gets in that side's
    # field: when the result stands in both fields, the figure it takes there (which the field's other figures
    # balance); else (own side) the result's own share, that side's field never holding it (Result shares)
    both = both_fields()
    art_ns, art_ew = artificial_mp(c.adjns, c.topsc), artificial_mp(c.adjew, c.topsc)
    line = (f'{c.rsh}'
            f'+IF({c.nfa}=1,{art_ns}-IF({both},N({c.estns}),0),0)'
            f'+IF({c.efa}=1,{art_ew}-IF({both},N({c.estew}),0),0)')
    mean = f'({c.adjns}+{c.adjew})/2'  # an artificial score's two percentages
    artificial = f'2*{artificial_mp(mean, c.topsc)}'
    pens = f'-{c.pns}-{c.pew}'  # the line's own penalties come off its figures
    return f'IF(OR({c.kind}="R",{c.kind}="A"),(IF({c.kind}="R",{line},{artificial}){pens})*{c.fac},"")'


def nsc(c: Row) -> str:
    """The N the line's figures are scored on (Setup's Estimate at): N (field); with own-tops the board's
    real results alone; with totals, a board played fewer times than N (field) on its own lines."""
    real = f'COUNTIFS({c.local.bkey},{c.bkey},{c.local.kind},"R")'
    short = f'AND({EST_AT}="{EstimateAt.TOTALS.value}",{c.lines}>0,{c.lines}<{c.nf})'
    return (f'IF({c.board}="","",IF({EST_AT}="{EstimateAt.OWN_TOPS.value}",MAX(1,{real}),'
            f'IF({short},{c.lines},{c.nf})))')


def topsc(c: Row) -> str:
    """The top the line's figures are scored on: scale x (N (scored) - 1)."""
    return f'IF({c.board}="","",{top_of(U, CENTRED, c.nsc)})'


def topc(c: Row) -> str:
    """The top a pair's maximum counts for the line: a fixed top (Top (reported)), the board's own top with
    own-tops, on a Short (totals) line Top (totals) (the board's own top when the totals add it plain), else Top
    (field)."""
    own = f'OR({S.fixed_top}>0,{EST_AT}="{EstimateAt.OWN_TOPS.value}")'
    return f'IF({c.board}="",0,IF({own},{c.topr},IF({c.shortt}=1,{c.topt},{c.topf})))'


def lone(c: Row) -> str:
    """1 on the one real result of a board whose other lines are artificial scores, when Setup's Lone result
    is ave-plus (ACBLscore: 60% to both sides); else 0."""
    others = f'COUNTIFS({c.local.bkey},{c.bkey},{c.local.kind},"A")'
    return (f'IF(AND({c.kind}="R",{CELL[LoneResult]}="{LoneResult.AVE_PLUS.value}"),'
            f'IF(AND({c.nb}=1,{others}>0),1,0),0)')


def shortt(c: Row) -> str:
    """1 on a line of a board played fewer times than N (field) whose pairs' totals add another figure than the
    line's (the NS and EW full columns): when Setup estimates at the totals (the board estimated to the full top),
    or estimates at the lines with a Totals method other than as-lines (the board plain on its own top, or
    estimated to the full top by that method: mpxl.core.scorer's score_both); else 0. A result or an artificial
    score counts towards the board's lines, so its board is short when they are fewer than N (field)."""
    apart = f'AND({EST_AT}="{EstimateAt.LINES.value}",{TOTALS_METHOD}<>"{TotalsMethod.AS_LINES.value}")'
    return (f'IF(AND(OR({EST_AT}="{EstimateAt.TOTALS.value}",{apart}),OR({c.kind}="R",{c.kind}="A")),'
            f'IF({c.lines}<{c.nf},1,0),0)')


def nt(c: Row) -> str:
    """The N what the totals add is scored on: on a Short (totals) line the board's own lines when Setup's Totals
    method is plain, else N (field)."""
    plain = f'AND({c.shortt}=1,{TOTALS_METHOD}="{TotalsMethod.PLAIN.value}")'
    return f'IF({c.board}="","",IF({plain},{c.lines},{c.nf}))'


def topt(c: Row) -> str:
    """The top what the totals add is scored on: scale x (N (totals) - 1)."""
    return f'IF({c.board}="","",{top_of(U, CENTRED, c.nt)})'


def kf(c: Row) -> str:
    """k on N (totals) of the method the totals are estimated by (TotalsMethodNo: Setup's Totals method when it
    names one, else Method), for what the totals add (Short (totals) lines only)."""
    return f'IF(AND({c.kind}="R",{c.shortt}=1),{_k(c, c.nt, S.totals_method_index)},"")'


def _full_k(c: Row, s: Side) -> str:
    """k (full) for the line's side's figure: on n of its figure (a ruling's view: under Setup's Mixed line own the
    other side's field is one result short), k (full) itself when that is n (Short (totals) results only)."""
    v = c[s]
    ks = _k(c, c.nt, S.totals_method_index, v.fn)
    return f'IF(OR({c.kind}<>"R",{c.shortt}<>1,N({v.fn})=0),"",IF({v.fn}={c.n},{c.kf},{ks}))'


def _full_penalty(c: Row, s: Side) -> str:
    """The matchpoints the side's penalty takes off the line's full figure (Short (totals) lines): its matchpoints,
    or its percentage of the full top (mpxl.core.scorer scores the board again on the full N for what the totals
    add)."""
    x = c[s].px
    return f'IF(AND({c.shortt}=1,{x}<>"",{x}<>"?"),{line_penalty(c, s, c.nt)},0)'


def _full(c: Row, s: Side) -> str:
    """A result's figure on a Short (totals) line estimated to N (totals) (the full N (field), or the board's own
    lines under Totals method plain), less its own penalty."""
    v = c[s]
    est = _estimate_of(c, v.sp, c.nt, c.topt, v.fk, v.fn, c.setf)
    return f'IF(AND({c.shortt}=1,{v.fa}=0),{est}-{v.pf},"")'


def _full_scaled(x: str) -> str:
    """The full figure ``x`` in units of the totals' last decimal (Setup's TotalsUnit)."""
    return scaled_formula(x).replace(S.unit, S.totals_unit)


def _full_in_units(c: Row, s: Side) -> str:
    x = c[s].fx
    return f'IF(ISNUMBER({x}),{_full_scaled(x)},"")'


def _full_rounded(c: Row, x: str, scaled: str | None = None) -> str:
    """The full figure in cell ``x`` (a number or blank) rounded by Setup's Totals rounding about the full board's
    average, over its scaled value in cell ``scaled`` (or worked out here: then blank tested as "", shorter, for the
    formula to stay within 500 characters with every rounding kind's form)."""
    average = SCALE_AVERAGE.excel(centred=CENTRED, Top=c.topt)
    rounded = rounding_formula(x, scaled or _full_scaled(x), average, **TOTALS_ROUNDING)
    return f'IF(ISNUMBER({x}),{rounded},"")' if scaled else f'IF({x}="","",{rounded})'


def _full_rounded_result(c: Row, s: Side) -> str:
    return _full_rounded(c, c[s].fx, c[s].fv)


def _full_rounded_artificial(c: Row, s: Side) -> str:
    return _full_rounded(c, c[s].fa_full)


def setf(c: Row) -> str:
    """Set % on N (totals), for what the totals add on a Short (totals) line (the EBU rule reads N)."""
    return f'IF(AND({c.kind}="R",{c.shortt}=1),{_set_pct(c, c.nt)},"")'


def _full_artificial(c: Row, s: Side) -> str:
    """On a Short (totals) line whose side's figure is an artificial score: its percentage of Top (totals), less its
    own penalty (of that top when a percentage)."""
    v = c[s]
    return f'IF(AND({c.shortt}=1,{v.fa}=1),{artificial_mp(v.adj, c.topt)}-{v.pf},"")'


def _for_own(c: Row, s: Side) -> str:
    """What the side's pair's total adds from a result (rounded): the wbf Ave+ policy's own percentage is worked
    out from it; on a Short (totals) line the full figure."""
    v = c[s]
    return f'IF(AND({c.kind}="R",{v.fa}=0),IF({c.shortt}=1,{v.fr},{v.r}),"")'


def _exact(c: Row, s: Side) -> str:
    """The line's figure unrounded: the estimate of a result, the artificial MP of an artificial score (x the
    Factor, from its matchpoints rounded first under matchpoints-first)."""
    v = c[s]
    return f'IF({v.fa}=1,{_net(c, s, True)},IF({c.kind}="R",{_net(c, s, False)},""))'


def _for_totals(c: Row, s: Side) -> str:
    """What the side's pair's total adds from the line (Setup's Totals from and Estimate at)."""
    v = c[s]
    kinds = f'OR({c.kind}="R",{c.kind}="A")'
    exact = f'IF({c.shortt}=1,IF({v.fa}=1,{v.fa_full},{v.fx}),{v.x})'
    rounded = f'IF({c.shortt}=1,IF({v.fa}=1,{v.far},{v.fr}),{v.mp})'
    # a penalty row: the matchpoints its penalty takes off the pair's total (a bonus adds)
    return f'IF({kinds},IF({EXACT_TOTALS},{exact},{rounded}),IF({c.kind}="P",-{v.p},""))'


def alone(c: Row) -> str:
    """1 on a sit-out (a not-played code with one pair alone: a pair with no opponents), else 0."""
    return f'IF(AND({c.board}<>"",{c.kind}="",{c.adj}<>""),1,0)'


def _line_pct_scaled(c: Row, s: Side) -> str:
    v = c[s]
    fig = f'IF({EXACT_TOTALS},{v.x},{v.mp})'
    share = SCALE_PERCENTAGE.excel(centred=CENTRED, mp=fig, max=c.topr)
    ok = f'AND(ISNUMBER({S.line_pct_decimals}),ISNUMBER({v.mp}),N({c.topsc})<>0)'
    return f'IF({ok},ROUND({share}*{S.line_pct_unit},6),"")'


def _line_pct(c: Row, s: Side) -> str:
    """The line's percentage of its board's top, as Ruter publishes it beside the figure."""
    v = c[s].lpv
    return f'IF({v}="","",{tie_formula("", v, S.line_pct_unit)})'


# ------------------------------------------------------ Travellers: a fixed top (the percent scale)

def topr(c: Row) -> str:
    """The top the line is reported on: Setup's fixed top (the percent scale's 100), else Top (scored)
    (mpxl.core.scorer.reported_top)."""
    fixed = S.fixed_top
    return f'IF({c.board}="","",IF({fixed}>0,{fixed},{c.topsc}))'


def fac(c: Row) -> str:
    """What the line's figures are multiplied by: Top (reported) / Top (scored) on a fixed top, else 1 (a board
    with no top keeps its figures)."""
    return f'IF({c.board}="","",IF(AND({S.fixed_top}>0,N({c.topsc})>0),{c.topr}/{c.topsc},1))'


def _first(c: Row, s: Side, artificial: bool) -> str:
    """The side's figure less its penalty before it is factored: its artificial MP if ``artificial``, else a
    result's estimate."""
    v = c[s]
    return f'({v.art if artificial else v.est}-{v.p})'


def _first_scaled(c: Row, s: Side, artificial: bool) -> str:
    """Under Setup's Rounding order matchpoints-first on a fixed top: the side's figure (artificial MP or a
    result's estimate) less its penalty, before it is factored, in units of its last decimal; else blank."""
    first = f'AND({S.fixed_top}>0,{CELL[RoundingOrder]}="{RoundingOrder.MATCHPOINTS_FIRST.value}")'
    line = f'{c[s].fa}=1' if artificial else f'AND({c.kind}="R",{c[s].fa}=0)'
    return f'IF(AND({first},{line}),{scaled_formula(_first(c, s, artificial))},"")'


def _first_rounded(c: Row, s: Side, artificial: bool) -> str:
    """The side's matchpoints first rounded by Setup's Rounding on the board's own top (about its average): what
    the Factor then multiplies (the rulebook's ROUNDING_ORDERS); blank when not rounded first."""
    v = c[s].mva if artificial else c[s].mv
    own = SCALE_AVERAGE.excel(centred=CENTRED, Top=c.topsc)  # the board's own top's average
    return f'IF({v}="","",{rounding_formula(_first(c, s, artificial), v, own)})'


def _set_side(c: Row, s: Side) -> str:
    """Set % of the line's figure for side ``s``: its fouled group in that side's field (n of the figure's view:
    under Setup's Mixed line own a mixed line whose side was given an artificial score is not in it, and the group
    may be small in that field alone: mpxl.core.board)."""
    return f'IF({c.kind}="R",{_set_pct(c, c.nsc, c[s].fn)},"")'


def rsh(c: Row) -> str:
    """What a result's NS and EW figures add up to in the fields that hold it, for the check: per side the figure
    of the mean percentage of its field's group (a result's 50%, a small group's 60%, a lone result's 60%), each
    side whose field holds the result (both, or under Setup's Mixed line own not a side given an artificial
    score)."""
    small = SMALL_GROUP_PERCENTAGE.py(S2=0, n=1)
    both = both_fields()
    sides = []
    for s in SIDES:
        pct = f'IF({c[s].set}=1,{small},IF({c.lone}=1,{LONE_RESULT_PERCENTAGE},{AVE}))'
        sides.append(f'{artificial_mp(pct, c.topsc)}*(1-IF({both},0,{c[s].fa}=1))')
    return f'IF({c.kind}="R",{"+".join(sides)},"")'


COLUMNS = [
    *twin("{s}_mp", "{V} MP", _mp, family="mp", width=8, kind="formula", number_format="line", bold=True,
          across="{V}MPs", after="ns_score", note=(
        "The {V} result MP or artificial MP (rounded); ? on every line of a board with an unreadable line; "
        "blank when not played.")),
    *twin("{s}lp", "{V} %", _line_pct, width=6, kind="formula", number_format="General", note=(
        "With Setup's Line % decimals (else blank): the NS line's percentage of its top, rounded by Setup's "
        "Percentage rounding (Ruter's Percentage_NS beside the signed figure: 87.5 -> 88).",
        "With Setup's Line % decimals: the EW line's percentage, rounded the same way (Ruter's Percentage_EW:"
        " 12.5 -> 13).")),
    col("badb", "Unreadable on board", badb, across="BoardUnreadable", after="kind", note=(
        "How many lines of this board are unreadable (kind bad): its figures show ? until they are fixed.")),
    col("gkey", "Group key", gkey, across="GroupKeys", note=(
        "The board and the fouled-board group label (any case, white space trimmed): the results matchpointed"
        " together.")),
    col("n", "n (results in group)", n, across="GroupSizes", note=(
        "n: the real results in the line's board and group.")),
    col("nb", "Real results on board", nb, note="The real results (kind R) on the board."),
    col("lines", "Lines towards N", lines, across="BoardLines", note=(
        "The lines that count towards N: results, artificial scores, not-played and unreadable lines. N is "
        "the largest.")),
    col("nf", "N (field)", nf, across="FieldNs", note=(
        "N of the line's field: Setup's expected results, or the most lines towards N on any board of the "
        "same session and section (or the whole session across the field).")),
    col("topf", "Top (field)", topf, across="Tops", note=(
        "The top of the line's field: scale x (N (field) - 1); N (field) - 1 on the signed scale.")),
    col("fouled", "Fouled", fouled, note=(
        "1 when the line's group has fewer results than the board (a fouled board).")),
    col("largest", "Largest group", largest, note="The largest group on a fouled board."),
    col("setpct", "Set %", setpct, note=(
        "1 when a fouled group is small enough for set percentages by the Setup rule (Help: small groups).")),
    col("k", "k", k, note=(
        "k of the Setup method (Help: methods), on N (scored): Neuberg N/n, Factor 1, Ascherman (N+n-1)/n, "
        "McKinnon (N-1)/n if N > n+1 else 1, Manual N-n+1, Ascherman-short (N+n-1)/n.")),
    *twin(("sns", "sew"), "S ({V})", (sns, sew), family="S", after="sw", note=(
        "S: the raw matchpoints among the results of the group, 2 per score beaten and 1 per other equal "
        "score, halved on the single scale (the signed scale counts as the double here).",
        "S from EW's side: scale x (n - 1) - S (NS).")),
    *twin("est{s}", "{V} estimate", _estimate, number_format="0.00", note=(
        "The NS estimate on N (scored) and Top (scored): a small group's set percentage of the top; a lone "
        "result beside artificial scores 60% under Setup's Lone result ave-plus; else M = (N - k)/(n - 1) x S"
        " + scale x (k - 1)/2 with S the NS S (as played), n and k the NS figure's (a ruling's view); a lone "
        "result gets the average; a full board keeps S (unless the method estimates full boards). Signed "
        "scale: less N - 1 (the double average). On a mixed line whose NS side was given an artificial score:"
        " what its real score would get in NS's field (for the check; NS MP is the artificial one) when "
        "Setup's Mixed line is both, else blank (the result is not in NS's field).",
        "The EW estimate, the same way from EW's S.")),
    *twin("own{s}", "{V} pair's %", _own, number_format="0.00", note=(
        "Under the wbf policy, the NS pair's percentage on its boards with real results: what its total adds "
        "from them (NS for own %) over the tops its Max counts.",
        "Under the wbf policy, the EW pair's percentage on its boards with real results (EW for own %).")),
    *twin("adj{s}", "{V} adjusted %", _adjusted, note=(
        "The {V} artificial percentage after the Ave+/Ave- policy (and the arrowswitch).")),
    *twin("art{s}", "{V} artificial MP", _artificial, number_format="0.00", note=(
        "The {V} artificial matchpoints: the percentage of Top (scored); signed: (% - 50) x top / 50.")),
    *twin("v{s}", "{V} scaled", _scaled, note=(
        "The NS estimate less NS penalty MP in units of its last decimal, the value the rounding rounds: "
        "(estimate - penalty) x 10^Decimals, cleaned to 6 decimals (so an exact half of a unit is .5).",
        "The EW estimate less EW penalty MP in units of its last decimal, the same way.")),
    *twin("va{s}", "{V} artificial scaled", _scaled_artificial, family="vart", note=(
        "The {V} artificial matchpoints less {V} penalty MP in units of their last decimal, the same way.")),
    *twin("r{s}", "{V} result MP", _rounded, number_format="0.00", across="{V}Rounded", note=(
        "The NS estimate less NS penalty MP (a line's own penalty comes off before the rounding) x the Factor "
        "(or NS matchpoints first x the Factor) rounded by the Setup rule, from NS scaled: half-up (an exact "
        "half away from zero), ebu (an exact half towards the average), exact (the figure itself), or half-even.",
        "The EW estimate less EW penalty MP rounded by the Setup rule.")),
    *twin("ra{s}", "{V} artificial (rounded)", _rounded_artificial, number_format="0.00", note=(
        "The {V} artificial matchpoints less {V} penalty MP rounded by the Setup rule, from {V} artificial "
        "scaled.")),
    col("shares", "Expected NS+EW share", shares, across="Shares", note=(
        "What the line should add to the board's NS + EW total, for the check (a mixed line: its artificial "
        "side's percentage, less the figure its real score takes from that side's field under Setup's Mixed "
        "line both), from Result shares; less the line's own penalties, x the Factor.")),
    col("avg", "Average (field)", avg, after="why", note=(
        "The average figure of the line's field, which the ebu rounding takes an exact half towards: half the"
        " top it is reported on (Top (reported)); 0 on the signed scale.")),
    *twin("sp{v}", "{V} S (as played)", _played, after="ewpb", note=(
        "The NS pair's raw score as it played: S (NS), or S (EW) when the table was arrowswitched.",
        "The EW pair's raw score as it played: S (EW), or S (NS) when arrowswitched.")),
    col("nsc", "N (scored)", nsc, note=(
        "The N the line's figures are scored on, by Setup's Estimate at: lines, N (field); own-tops, the "
        "board's real results alone (no estimate: a top of its own); totals, a board with fewer lines than N "
        "(field) on its own lines (published plain; its pairs' totals add it estimated to the full top).")),
    col("topsc", "Top (scored)", topsc, note=(
        "The top the line's figures are scored on: scale x (N (scored) - 1); N (scored) - 1 on the signed "
        "scale.")),
    col("topc", "Top (counted)", topc, across="TopsCounted", note=(
        "The top the pairs' Max counts for the line: Top (reported) on a fixed top or under own-tops, Top (totals) "
        "on a Short (totals) line, else Top (field).")),
    col("lone", "Lone result", lone, note=(
        "1 on the one real result of a board whose other lines are artificial scores when Setup's Lone result"
        " is ave-plus (ACBLscore: 60% to both sides, an Ave+ each); else 0.")),
    col("shortt", "Short (totals)", shortt, note=(
        "1 on a result or artificial score of a board with fewer lines than N (field) when Setup's Estimate "
        "at is totals, or is lines with a Totals method other than as-lines: its pairs' totals add the NS and EW "
        "full figures; else 0.")),
    col("kf", "k (full)", kf, note=(
        "k on N (totals) of the method the totals are estimated by (Setup's Totals method when it names one, else "
        "Method), on Short (totals) lines.")),
    *twin("{s}fx", "{V} full estimate", _full, number_format="0.00", note=(
        "On Short (totals) lines' results, the NS figure estimated to N (totals) and Top (totals) by k (full), as "
        "NS estimate works it out (Set % (full) for a small fouled group), less NS penalty MP (full).",
        "On Short (totals) lines' results, the EW figure estimated to N (totals) and Top (totals) by k (full), "
        "less EW penalty MP (full).")),
    *twin("{s}fv", "{V} full scaled", _full_in_units, note=(
        "NS full estimate in units of the totals' last decimal (Setup's Totals decimals, else Decimals).",
        "EW full estimate in units of the totals' last decimal.")),
    *twin("{s}fr", "{V} full (rounded)", _full_rounded_result, number_format="0.00", note=(
        "NS full estimate rounded by Setup's Totals rounding (blank: the lines' Rounding), about the board's "
        "average.",
        "EW full estimate rounded by Setup's Totals rounding.")),
    *twin("{s}x", "{V} exact", _exact, number_format="0.00", note=(
        "The line's NS figure unrounded, less NS penalty MP: the NS estimate of a result, the NS artificial "
        "MP of an artificial score; x the Factor (from NS matchpoints first when rounded first).",
        "The line's EW figure unrounded, less EW penalty MP, x the Factor.")),
    *twin("{s}tot", "{V} for totals", _for_totals, number_format="0.00", across="{V}Tot", note=(
        "What the NS pair's total adds from the line: NS MP (the rounded figure), or NS exact when Setup's "
        "Totals from is exact; on Short (totals) lines the full figure instead (rounded, or exact); on a "
        "penalty row, less NS penalty MP.",
        "What the EW pair's total adds from the line: EW MP, or EW exact, or the full figure; on a penalty "
        "row, less EW penalty MP.")),
    col("alone", "Pair alone", alone, across="AloneRows", note=(
        "1 on a sit-out (a not-played code with one pair alone at the table: no opponents), else 0: Pairs "
        "counts it as a board due under Missed boards own, average or ave-plus.")),
    *twin("{s}lpv", "{V} line % scaled", _line_pct_scaled, note=(
        "With Setup's Line % decimals: the NS line's percentage of Top (reported) (from NS exact when the "
        "totals add the exact figures, else from NS MP; 50 + 50 x MP / top on the signed scale) in units of "
        "its last decimal.",
        "The EW line's percentage in units of its last decimal.")),
    col("setf", "Set % (full)", setf, after="pend", note=(
        "Set % on N (totals), on Short (totals) lines' results: what the totals add (the EBU rule, at most a "
        "third of the results, reads N).")),
    *twin("p{s}f", "{V} penalty MP (full)", _full_penalty, note=(
        "On Short (totals) lines, the matchpoints the NS penalty takes off the NS full figure: its "
        "matchpoints, or its percentage of Top (totals) (the totals add the board scored on N (totals)); else "
        "0.",
        "On Short (totals) lines, the matchpoints the EW penalty takes off the EW full figure; else 0.")),
    *twin("{s}fa", "{V} full artificial", _full_artificial, family="fa_full", note=(
        "On a Short (totals) line whose {V} figure is an artificial score: its {V} adjusted % of Top (totals),"
        " less {V} penalty MP (full).")),
    *twin("{s}far", "{V} full artificial (rounded)", _full_rounded_artificial, note=(
        "NS full artificial rounded by Setup's Totals rounding, about the full board's average.",
        "EW full artificial rounded by Setup's Totals rounding.")),
    *twin("{s}of", "{V} for own %", _for_own, across="{V}Own", note=(
        "On a result, what the NS pair's total adds from it, rounded: NS result MP, or NS full (rounded) on a"
        " Short (totals) line. The wbf policy's NS pair's % adds these.",
        "On a result, what the EW pair's total adds from it, rounded: EW result MP, or EW full (rounded).")),
    col("topr", "Top (reported)", topr, after="arul", note=(
        "The top the line is reported on: Setup's FixedTop when there is one (the percent scale's 100), else "
        "Top (scored).")),
    col("fac", "Factor", fac, note=(
        "What the line's figures are multiplied by: Top (reported) / Top (scored) on a fixed top (a board of 11 "
        "results: 100 / 20 = 5), else 1.")),
    *twin("{s}mv", "{V} matchpoints first scaled", partial(_first_scaled, artificial=False), note=(
        "With a fixed top and Setup's Rounding order matchpoints-first, on a result: the NS figure before it is "
        "factored (NS estimate less NS penalty MP) in units of its last decimal; else blank.",
        "On a result, the EW figure before it is factored in units of its last decimal (matchpoints-first); "
        "else blank.")),
    *twin("{s}m", "{V} matchpoints first", partial(_first_rounded, artificial=False), family="mfirst", note=(
        "NS matchpoints first scaled rounded by Setup's Rounding about the board's own average: what the Factor "
        "multiplies, and the result is rounded again (10.125 of 20 is 10.13, then 50.65); else blank.",
        "EW matchpoints first scaled rounded by Setup's Rounding about the board's own average; else blank.")),
    *twin("{s}mva", "{V} artificial matchpoints first scaled", partial(_first_scaled, artificial=True), note=(
        "With a fixed top and Setup's Rounding order matchpoints-first, on NS's artificial score: NS artificial "
        "MP less NS penalty MP, before it is factored, in units of its last decimal; else blank. Apart from the "
        "results' column, so that a result's figure never reads an artificial score's (no circular reference).",
        "On EW's artificial score, EW artificial MP less EW penalty MP before it is factored, in units of its "
        "last decimal (matchpoints-first); else blank.")),
    *twin("{s}ma", "{V} artificial matchpoints first", partial(_first_rounded, artificial=True), family="mfirsta",
          note=(
        "NS artificial matchpoints first scaled rounded by Setup's Rounding about the board's own average: what "
        "the Factor multiplies on NS's artificial score; else blank.",
        "EW artificial matchpoints first scaled rounded by Setup's Rounding about the board's own average; else "
        "blank.")),
    *twin("set{v}", "Set % ({V} figure)", _set_side, note=(
        "1 when the group of results in NS's field is small enough for set percentages by the Setup rule, on n "
        "(NS figure): under Setup's Mixed line own a mixed line whose NS side was given an artificial score is "
        "not in that field, so a fouled group may be small there alone; else 0. The NS estimate reads it.",
        "1 when the group of results in EW's field is small enough for set percentages (n (EW figure)); else 0.")),
    col("rsh", "Result shares", rsh, note=(
        "On a result, what its NS and EW figures add up to in the fields that hold it, for the check: per side "
        "the figure of its field's group's mean percentage (50%; 60% for a small group by Set % (NS/EW figure) "
        "or a lone result), for each side whose field holds the result (both sides, or under Setup's Mixed line "
        "own not a side given an artificial score).")),
    col("nt", "N (totals)", nt, note=(
        "The N what the totals add is scored on: on a Short (totals) line the board's own lines (Lines towards N) "
        "when Setup's Totals method is plain, else N (field).")),
    col("topt", "Top (totals)", topt, note=(
        "The top what the totals add is scored on: scale x (N (totals) - 1); the top the pairs' Max counts on a "
        "Short (totals) line.")),
    *twin("{s}fk", "k ({V} full)", _full_k, note=(
        "On Short (totals) lines' results, k (full) for n (NS figure): under Setup's Mixed line own the other "
        "side's field is one result short; k (full) itself when n (NS figure) is n.",
        "On Short (totals) lines' results, k (full) for n (EW figure); k (full) itself when it is n.")),
]
