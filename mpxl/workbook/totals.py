"""The totals: the Travellers' per-board block (each board's check), the Pairs sheet (each pair's figures,
its place) and the Totals sheet (the ranking).

Each column is declared once (:data:`BLOCK_DECLARED`, :data:`PAIRS_DECLARED`, :data:`TOTALS_DECLARED`).
"""

from __future__ import annotations

from collections.abc import Callable

from ..core.rules import (
    MISSED_BOARD_CREDIT,
    MISSED_BOARDS,
    SCALE_AVERAGE,
    SCALE_PERCENTAGE,
    SCALED_TOTAL,
    SIDE_SPELLINGS,
    UNPLAYED_CREDITS,
    sheet_key,
    sheet_text,
)
from ..core.settings import (
    Field,
    PercentageBasis,
    Places,
    Unplayed,
)
from .columns import EW, NS, Across, Column, Row, Side, col, every, every_pair
from .pieces import (
    ACROSS,
    BEYOND,
    CELL,
    CENTRED,
    EXACT_TOTALS,
    TOTALS_ROUNDING,
    S,
    U,
    artificial_mp,
    count_kinds,
    field_key,
    match_in,
    rounding_formula,
    scaled_formula,
    session_number,
    tie_formula,
    top_of,
)
from .places import FIRST_ROW, HEADER_ROW, ROUNDING_RULES
from .setup_rules import LISTED_TWICE

#: The sessions the Pairs sheet counts missed boards in, each apart (Short in session k, Credit top k, Credit k):
#: 1 to this; an event with a later session and missed boards credited is not held live (its Boards short shows ?).
SESSIONS_COUNTED = 4
SESSION_RANGE = range(1, SESSIONS_COUNTED + 1)
#: What Carried forward and Latest session MP show for a session the pair did not play (and is credited none in),
#: as the command line's ranking does.
NOT_PLAYED = "-"

# ------------------------------------------------------------ per-board block

def _b(c: Row) -> str:
    return c.b_board


def board_key(board: str, section: str, session: str) -> str:
    """The key of a board of a field from the cells of its board, section and session (as the lines' Board
    key): session | section (blank across the field) | board; blank with no board.

    >>> board_key("B3", "B4", "B5")[:20]
    'IF(B3="","",IF(ISNUM'
    """
    key = field_key(session_number(session), sheet_text(section))
    return f'IF({board}="","",{key}&"|"&{board})'


def b_key(c: Row) -> str:
    return board_key(_b(c), c.b_section, c.b_session)


def _own_lines(c: Row, of: Callable[[Across], str]) -> str:
    """``of(rows)`` over the board's lines: where the workbook lays each board's lines out together, its own rows
    plus the rows after every board's, read only while the block row's board is the one laid out there (a board
    typed over in the block reads every line); else every line's. Bounded, a typed result recalculates its own
    board's row of the block alone (issue 45)."""
    if c.board_rows is None:
        return of(every)
    own = "+".join([of(c.local)] + ([of(after)] if (after := c.after) is not None else []))
    return f"IF({c.b_key}={c.top('bkey')},{own},{of(every)})"


def b_n(c: Row) -> str:
    """The N of the board's field, from its lines (Setup's N when the board has none yet); laid out by board, its
    first line's."""
    if c.board_rows is not None:
        return f'IF({_b(c)}="","",IF({c.b_key}={c.top("bkey")},{c.top("nf")},{_n_of_any(c)}))'
    return f'IF({_b(c)}="","",{_n_of_any(c)})'


def _n_of_any(c: Row) -> str:
    return f"IFERROR(INDEX({every.nf},{match_in(every.bkey, c.b_key)}),{S.n_used})"


def b_results(c: Row) -> str:
    return f'IF({_b(c)}="","",{_own_lines(c, lambda rows: count_kinds(("R", "A"), c.b_key, rows))})'


def b_top(c: Row) -> str:
    fixed = S.fixed_top
    return f'IF({_b(c)}="","",IF({fixed}>0,{fixed},{top_of(U, CENTRED, c.b_n)}))'


def b_check(c: Row) -> str:
    """One direction's figures on a full board add up to N x the average (0 on the signed scale)."""
    return f'IF({_b(c)}="","",{SCALE_AVERAGE.excel(centred=CENTRED, Top=c.b_top)}*{c.b_n})'


def _sum_of(c: Row, key: str) -> str:
    return f'IF({_b(c)}="","",{_own_lines(c, lambda rows: f"SUMIFS({rows.at(key)},{rows.bkey},{c.b_key})")})'


def b_ns(c: Row) -> str:
    return _sum_of(c, "ns_mp")


def b_ew(c: Row) -> str:
    return _sum_of(c, "ew_mp")


def b_expected(c: Row) -> str:
    return _sum_of(c, "shares")


def _first_of(c: Row, to_end: str) -> str:
    """The row (in every line's range, from 1) of the board's first line whose ``to_end`` (rows to the end) is
    not 0: the largest of its lines', taken from one past the last row. Read across every line: it is worked out
    only where the board has such a line (an unreadable one, a ruling, a penalty)."""
    return f"{BEYOND - FIRST_ROW + 1}-SUMPRODUCT(MAX(({every.bkey}={c.b_key})*{every.at(to_end)}))"


def b_status(c: Row) -> str:
    b, N = _b(c), c.b_n
    exact = ROUNDING_RULES.index("exact") + 1
    tol = f'IF({S.rounding_index}={exact},0.000001,{c.b_results}/{S.unit}+0.000001)'
    # read across every line: a line of the board typed among another board's rows (Away from its board) is
    # unreadable there, and its board's status names it
    bad = f'COUNTIFS({every.bkey},{c.b_key},{every.kind},"bad")'
    # the board's first unreadable line, in words (its row's Why), and how many more there are
    named = f'INDEX({every.whyb},{_first_of(c, "badend")})'
    return (f'IF({b}="","",IF({bad}>0,{named},'
            f'IF({c.b_results}>{N},"too many results",IF({c.b_results}=0,"no results",'
            f'IF(ABS({c.b_ns}+{c.b_ew}-{c.b_expected})>{tol},"check total off",'
            f'IF({c.b_results}<{N},"ok: "&({N}-{c.b_results})&" missing, estimated","ok")&{c.b_rulings}'
            f'&{c.b_pens}'
            f')))))')


def b_rulings(c: Row) -> str:
    """What the director ruled on the board, in words: its first ruling line's (Ruling in words) and how
    many more there are; blank with none. The status shows it after ok."""
    count = _own_lines(c, lambda rows: f"COUNTIFS({rows.bkey},{c.b_key},{rows.rul},1)")
    return (f'IF(OR({_b(c)}="",{count}=0),"","; "&INDEX({every.rsay},{_first_of(c, "rend")})&IF({count}>1,'
            f'" (and "&({count}-1)&" more rulings)",""))')


def b_pens(c: Row) -> str:
    """The board's penalties in words: its first penalty line's (Penalty in words) and how many more; blank with
    none. The status shows it after ok (and the rulings)."""
    count = _own_lines(c, lambda rows: f'COUNTIFS({rows.bkey},{c.b_key},{rows.pend},">0")')
    return (f'IF(OR({_b(c)}="",{count}=0),"","; "&INDEX({every.psay},{_first_of(c, "pend")})&IF({count}>1,'
            f'" (and "&({count}-1)&" more penalties)",""))')


def sheet_check(boards: str) -> str:
    """The Travellers' check above the per-board block: what no board's Status can say, in words; blank when all is
    well. First a Setup of one winner with a pair number listed twice on Pairs (a Mitchell's NS 3 and EW 3:
    :data:`~mpxl.workbook.setup_rules.LISTED_TWICE`), else the cell ``boards`` (:func:`board_check`)."""
    before, after = LISTED_TWICE.split("{}")
    twice = every_pair.twice
    pair = f'INDEX({every_pair.pair},MATCH(1,{twice},0))'
    return f'=IF(AND({S.winners}=1,COUNTIF({twice},1)>0),"{before}"&{pair}&"{after}",{boards})'


def board_check() -> str:
    """The first line whose Board is no board number, its Why (``row 9: '12a' is not a board number; ...``), and
    how many more there are; blank with none: what :func:`sheet_check` shows after the Setup's check."""
    ends = every.bend
    count = f'COUNTIF({ends},">0")'
    return (f'=IF({count}=0,"",INDEX({every.why},{BEYOND - FIRST_ROW + 1}-MAX({ends}))'
            f'&IF({count}>1," (and "&({count}-1)&" more line"&IF({count}>2,"s","")&" with no board number)",""))')


# ---------------------------------------------------------------------- Pairs

def _both(c: Row, ns: str, ew: str) -> str:
    d = c.side
    return f'IF({d}="NS",{ns},IF({d}="EW",{ew},IF({d}="",{ns}+{ew},"?")))'


def _sides(c: Row, fn: Callable[[str, Side], str]) -> str:
    """``fn(lines' pair keys, their side)`` for the pair's NS lines, its EW lines, or both."""
    return _both(c, fn(every.nskey, NS), fn(every.ewkey, EW))


def pkey(c: Row) -> str:
    return f'IF({c.pair}="","",{sheet_text(c.section)}&"|"&{sheet_text(c.pair)})'


def played(c: Row) -> str:
    p = c.pkey
    counted = _sides(c, lambda keys, _: f'COUNTIFS({keys},{p},{every.kind},"R")+COUNTIFS({keys},{p},{every.kind},"A")')
    return f'IF({p}="","",{counted})'


def twice(c: Row) -> str:
    """1 when the pair's key is on another row of Pairs too, else 0."""
    return f'IF({c.pkey}="",0,IF(COUNTIF({every_pair.pkey},{c.pkey})>1,1,0))'


def mpb(c: Row) -> str:
    """The pair's lines added up: what each line gives its total (NS for totals, EW for totals); ? while one
    of its boards has an unreadable line."""
    p = c.pkey
    bad = _sides(c, lambda keys, _: f'COUNTIFS({keys},{p},{every.badb},">0")')
    total = _sides(c, lambda keys, side: f'SUMIFS({every.side(side, "tot")},{keys},{p})')
    return f'IF({p}="","",IF({bad}>0,"?",{total}))'


def _lines_in(c: Row, sessions: str) -> str:
    """How many of the pair's lines (any kind: a result, a not-played code, a penalty row) are in the sessions
    ``sessions`` (a COUNTIFS criterion: ``"<"&ThisSession``)."""
    return _sides(c, lambda keys, _: f"COUNTIFS({keys},{c.pkey},{every.sess},{sessions})")


def earlier(c: Row) -> str:
    """Its lines in the sessions before the latest (ThisSession)."""
    return f'IF({c.pkey}="",0,{_lines_in(c, chr(34) + "<" + chr(34) + "&" + S.this_session)})'


def inlatest(c: Row) -> str:
    """Its lines in the latest session (ThisSession)."""
    return f'IF({c.pkey}="",0,{_lines_in(c, S.this_session)})'


def _sessions_sum(c: Row, *keys: str, which: str = "") -> str:
    """The sum over the sessions counted of the product of session k's columns ``keys`` (``short`` -> Short k),
    each term kept to the sessions ``which`` ThisSession when given (``<``: the earlier ones, ``=``: the latest).

    >>> _sessions_sum(Row(5, {"short1": "A", "short2": "B", "short3": "C", "short4": "D"}), "short", which="<")[:36]
    '(1<ThisSession)*A5+(2<ThisSession)*B'
    """
    return "+".join((f"({k}{which}{S.this_session})*" if which else "") + "*".join(c.at(f"{key}{k}") for key in keys)
                    for k in SESSION_RANGE)


def searly(c: Row) -> str:
    """The boards it missed in the sessions before the latest (Short in session k, k < ThisSession)."""
    return f'IF(ISNUMBER({c.short}),{_sessions_sum(c, "short", which="<")},0)'


def slate(c: Row) -> str:
    """The boards it missed in the latest session (Short in session ThisSession)."""
    return f'IF(ISNUMBER({c.short}),{_sessions_sum(c, "short", which="=")},0)'


def cearly(c: Row) -> str:
    """What its missed boards of the sessions before the latest add: Short in session k x Credit k, k < ThisSession."""
    return f'IF(ISNUMBER({c.short}),{_sessions_sum(c, "short", "credit", which="<")},0)'


def carried(c: Row) -> str:
    """The earlier sessions' MP (and their missed boards' credits), carried forward; - when it played no board of
    them and is credited none."""
    p = c.pkey
    session = S.this_session
    before = _sides(c, lambda keys, side: f'SUMIFS({every.side(side, "tot")},{keys},{p},{every.sess},"<"&{session})')
    return (f'IF({p}="","",IF(ISNUMBER({c.mp}),IF({c.earlier}+{c.searly}=0,"{NOT_PLAYED}",{before}+{c.cearly}),'
            f'{c.mp}))')


def session_mp(c: Row) -> str:
    """The latest session's MP: the total less what is carried forward (its missed boards' credit there included);
    - when it played no board of it and is credited none."""
    return (f'IF({c.pkey}="","",IF(ISNUMBER({c.mp}),IF({c.inlatest}+{c.slate}=0,"{NOT_PLAYED}",'
            f'{c.mp}-N({c.carried})),{c.mp}))')


def maxb(c: Row) -> str:
    """The tops of the boards it played added up (0 on a row with no pair)."""
    p = c.pkey
    tops = _sides(c, lambda keys, _: f'SUMIFS({every.topc},{keys},{p},{every.kind},"R")'
                                     f'+SUMIFS({every.topc},{keys},{p},{every.kind},"A")')
    return f'IF({p}="",0,{tops})'


def satout(c: Row) -> str:
    """How many boards it sat out (a not-played code with it alone at the table: Pair alone on Travellers)."""
    p, sat = c.pkey, every.alone
    return f'IF({p}="",0,{_sides(c, lambda keys, _: f"COUNTIFS({keys},{p},{sat},1)")})'


def sfield(c: Row) -> str:
    """The field its missed boards and full maximum are counted in: its section (blank across the field)."""
    return f'IF({c.pkey}="","",IF({CELL[Field]}="{ACROSS}","",{sheet_text(c.section)}))'


def due(c: Row) -> str:
    return f'IF({c.pkey}="",0,N({c.played})+{c.satout})'


def _unplayed_on(c: Row) -> str:
    """Missed boards are credited: Setup's Missed boards other than none, for a pair with a maximum."""
    return f'AND({c.pkey}<>"",{CELL[Unplayed]}<>"{Unplayed.NONE.value}",N({c.maxb})>0)'


def played_in(c: Row, k: int) -> str:
    """Its boards played in session k (results and artificial scores), counted only while missed boards are
    credited."""
    p, d = c.pkey, c.side

    def on(keys: str) -> str:
        return (f'COUNTIFS({keys},{p},{every.sess},{k},{every.kind},"R")'
                f'+COUNTIFS({keys},{p},{every.sess},{k},{every.kind},"A")')
    # its NS lines unless it is an EW pair, its EW lines unless an NS one (a Direction mpxl refuses: its MP is ?)
    counted = f'({d}<>"EW")*({on(every.nskey)})+({d}<>"NS")*({on(every.ewkey)})'
    return f'IF({CELL[Unplayed]}="{Unplayed.NONE.value}",0,{counted})'


def due_in(c: Row, k: int) -> str:
    """Its boards due in session k: played there and sat out there (Pair alone)."""
    sat = _sides(c, lambda keys, _: f"COUNTIFS({keys},{c.pkey},{every.sess},{k},{every.alone},1)")
    return f'IF({_unplayed_on(c)},{c.at(f"played{k}")}+{sat},0)'


def short_in(c: Row, k: int) -> str:
    """The boards it missed in session k (the rulebook's MISSED_BOARDS): the most Due in session k of a pair of
    its field less its Played in session k; 0 when missed boards are not credited."""
    most = f'SUMPRODUCT(MAX(({every_pair.sfield}={c.sfield})*{every_pair.at(f"due{k}")}))'
    return f'IF({_unplayed_on(c)},{MISSED_BOARDS.excel(most=most, played=c.at(f"played{k}"))},0)'


def ctop_in(c: Row, k: int) -> str:
    """The top a board it missed in session k is credited on: the largest top of its field in session k."""
    fk = f'"{k}|"&{c.sfield}'
    return f'IF({c.at(f"short{k}")}=0,0,SUMPRODUCT(MAX(({every.fkey}={fk})*{every.topc})))'


def _set_credit() -> str:
    """Setup's Missed boards as the set percentage it credits (the rulebook's UNPLAYED_CREDITS: average 50,
    ave-plus 60), "" under own (and none)."""
    out = '""'
    for value, pct in reversed(UNPLAYED_CREDITS.items()):
        out = f'IF({CELL[Unplayed]}="{value}",{pct},{out})'
    return out


def cx_in(c: Row, k: int) -> str:
    """What it is credited with for each board it missed in session k: under own its own share of that session's
    top, MP (boards) x Credit top k / Max (boards); under average / ave-plus that percentage of it, as an
    artificial score."""
    # its share before any penalty row (mpxl.core.ranking: the credit is worked out before the penalties)
    top = c.at(f"ctop{k}")
    own = MISSED_BOARD_CREDIT.excel(mp=f'({c.mpb}-{c.pen})', top=top, max=c.maxb)
    pct = _set_credit()
    credit = f'IF({pct}="",{own},{artificial_mp(pct, top)})'
    return f'IF(AND({c.at(f"short{k}")}>0,ISNUMBER({c.mpb})),{credit},"")'


def cv_in(c: Row, k: int) -> str:
    x = c.at(f"cx{k}")
    return f'IF({x}="","",{scaled_formula(x).replace(S.unit, S.totals_unit)})'


def credit_in(c: Row, k: int) -> str:
    """A missed board's credit in session k: rounded as the totals' figures, exact when the totals add the exact
    figures."""
    x, top = c.at(f"cx{k}"), c.at(f"ctop{k}")
    average = SCALE_AVERAGE.excel(centred=CENTRED, Top=top)
    rounded = rounding_formula(x, c.at(f"cv{k}"), average, **TOTALS_ROUNDING)
    return f'IF({x}="",0,IF({EXACT_TOTALS},{x},{rounded}))'


def _beyond() -> str:
    """Missed boards are credited and Travellers has a session past the last the Pairs sheet counts."""
    return f'AND({CELL[Unplayed]}<>"{Unplayed.NONE.value}",{S.this_session}>{SESSIONS_COUNTED})'


def short(c: Row) -> str:
    """The boards it missed, every session's added up; ? when Travellers has a session past the sessions counted
    (:data:`SESSIONS_COUNTED`)."""
    return f'IF({c.pkey}="",0,IF({_beyond()},"?",{_sessions_sum(c, "short")}))'


def cmax(c: Row) -> str:
    """The maximum its missed boards add: each session's Short x Credit top added up."""
    return f'IF(ISNUMBER({c.short}),{_sessions_sum(c, "short", "ctop")},0)'


def credit(c: Row) -> str:
    """What its missed boards add to its total: each session's Short x Credit added up; ? with Boards short ?."""
    return f'IF(ISNUMBER({c.short}),{_sessions_sum(c, "short", "credit")},"?")'


def pen(c: Row) -> str:
    """What its penalty rows add to its total (a penalty taken off, a bonus added): in MP (boards) already."""
    p = c.pkey
    rows = _sides(c, lambda keys, side: f'SUMIFS({every.side(side, "tot")},{keys},{p},{every.kind},"P")')
    return f'IF({p}="",0,{rows})'


def mpx(c: Row) -> str:
    return f'IF({c.pkey}="","",IF(ISNUMBER({c.mpb}),IF(ISNUMBER({c.credit}),{c.mpb}+{c.credit},"?"),{c.mpb}))'


def mpv(c: Row) -> str:
    scaled = scaled_formula(c.mpx).replace(S.unit, S.totals_unit)
    return f'IF(AND({EXACT_TOTALS},ISNUMBER({c.mpx})),{scaled},"")'


def mp(c: Row) -> str:
    """The total: MP (exact), rounded as a total (Setup's Totals rounding) when the totals add the exact figures."""
    return f'IF({c.mpv}="",{c.mpx},{rounding_formula(c.mpx, c.mpv, "0", **TOTALS_ROUNDING)})'


def mxn(c: Row) -> str:
    return f'IF(AND({c.pkey}<>"",ISNUMBER({c.maxb})),{c.maxb}+{c.cmax},0)'


def max_(c: Row) -> str:
    return f'IF({c.pkey}="","",IF(ISNUMBER({c.maxb}),{c.mxn},{c.maxb}))'


def full(c: Row) -> str:
    """Under Percentage basis scaled: the largest Max of its field (worked out only then: it looks at every pair)."""
    scaled = f'{CELL[PercentageBasis]}="{PercentageBasis.SCALED.value}"'
    return f'IF(OR({c.pkey}="",NOT({scaled})),"",SUMPRODUCT(MAX(({every_pair.sfield}={c.sfield})*{every_pair.mxn})))'


def stx(c: Row) -> str:
    """Percentage basis scaled: a pair whose Max is short of its field's Full Max, its total scaled up to it."""
    scaled = f'AND({CELL[PercentageBasis]}="{PercentageBasis.SCALED.value}",ISNUMBER({c.mpx}),N({c.max})>0)'
    total = SCALED_TOTAL.excel(mp=c.mpx, full=c.full, max=c.max)
    return f'IF({scaled},IF({c.max}<{c.full},{total},""),"")'


def stv(c: Row) -> str:
    return f'IF({c.stx}="","",{scaled_formula(c.stx).replace(S.unit, S.totals_unit)})'


def st(c: Row) -> str:
    return f'IF({c.stx}="","",{rounding_formula(c.stx, c.stv, "0", **TOTALS_ROUNDING)})'


def pctx(c: Row) -> str:
    """The exact percentage (the ranking's): of MP (exact) over Max, or the scaled total over the Full Max; 0 for
    a pair that played with no maximum (every board of its a lone result: :meth:`mpxl.core.settings.Scale.percentage`),
    blank for one that has not played."""
    share = SCALE_PERCENTAGE.excel(centred=CENTRED, mp=c.mpx, max=c.max)
    scaled = SCALE_PERCENTAGE.excel(centred=CENTRED, mp=c.st, max=c.full)
    return (f'IF(OR({c.pkey}="",N({c.max})+N({c.played})=0),"",IF(N({c.max})=0,0,IF(ISNUMBER({c.mpx}),'
            f'IF({c.st}="",{share},{scaled}),"?")))')


def pctv(c: Row) -> str:
    return (f'IF(AND(ISNUMBER({c.pctx}),ISNUMBER({S.pct_decimals})),'
            f'ROUND({c.pctx}*{S.pct_unit},6),"")')


def pct(c: Row) -> str:
    """The percentage as published: % (exact) rounded by Setup's Percentage rounding (exact when no decimals)."""
    return f'IF({c.pctv}="",{c.pctx},{tie_formula(c.pctx, c.pctv, S.pct_unit)})'


def field(c: Row) -> str:
    d = c.side
    sec_ = f'IF({CELL[Field]}="{ACROSS}","",{sheet_text(c.section)})'
    return f'IF({c.pkey}="","",{sec_}&"|"&IF({S.winners}=2,IF({d}="","-",{d}),"all"))'


def key(c: Row) -> str:
    return f'IF(ISNUMBER({c.pctx}),ROUND({c.pctx},6),"")'


def place(c: Row) -> str:
    """1 + the pairs ranked ahead of it in its group (Order) with another % or tie-break; = when shared."""
    F, f, K, x, R_, r = every_pair.field, c.field, every_pair.key, c.key, every_pair.order, c.order
    same = f'{F},{f},{K},{x},{every_pair.tbid},{c.tbid}'
    return (f'IF({x}="","",(COUNTIFS({F},{f},{R_},"<"&{r})-COUNTIFS({same},{R_},"<"&{r})+1)'
            f'&IF(AND({CELL[Places]}="{Places.SHARED.value}",COUNTIFS({same})>1),"=",""))')


def tbkey(c: Row) -> str:
    return f'IF({c.pkey}="","",N({c.tiebreak}))'


def tbid(c: Row) -> str:
    return f'IF({c.pkey}="","",IF(ISNUMBER({c.tiebreak}),"t"&{c.tiebreak},"none"))'


def sortkey(c: Row) -> str:
    return f'IF({c.pkey}="","",IF(ISNUMBER({c.key}),{c.key},-1))'


def mpkey(c: Row) -> str:
    return f'IF({c.pkey}="","",IF(ISNUMBER({c.mpx}),ROUND({c.mpx},6),-1))'


def rowno(c: Row) -> str:
    return f'IF({c.pkey}="","",ROW())'


def first(c: Row) -> str:
    return f'IF({c.pkey}="","",MATCH({c.field},{every_pair.field},0))'


def order(c: Row) -> str:
    """The pair's line in the ranking: after the ranking groups that come first on Pairs, then by %,
    then by MP, then by the tie-break, then in the Pairs sheet's order (as mpxl ranks)."""
    F, f, P, x, M, m = every_pair.field, c.field, every_pair.sortkey, c.sortkey, every_pair.mpkey, c.mpkey
    B, t = every_pair.tbkey, c.tbkey
    return (f'IF({c.pkey}="","",COUNTIFS({every_pair.first},"<"&{c.first})+COUNTIFS({F},{f},{P},">"&{x})'
            f'+COUNTIFS({F},{f},{P},{x},{M},">"&{m})+COUNTIFS({F},{f},{P},{x},{M},{m},{B},">"&{t})'
            f'+COUNTIFS({F},{f},{P},{x},{M},{m},{B},{t},{every_pair.rowno},"<"&{c.rowno})+1)')


def side_(c: Row) -> str:
    """The Direction as a side by the rulebook's spellings (:data:`mpxl.core.rules.SIDE_SPELLINGS`): NS, EW, blank
    when none is typed (the pair plays both ways), ? for a spelling ``mpxl score`` refuses."""
    x = sheet_key(c.direction)
    ns, ew = ([w for w, s in SIDE_SPELLINGS.items() if s == one] for one in ("NS", "EW"))
    words = ",".join(f'"{w}"' for w in ns + ew)
    numbers = ",".join(["1"] * len(ns) + ["2"] * len(ew))
    return f'IF({x}="","",CHOOSE(1+SUMPRODUCT(({x}={{{words}}})*{{{numbers}}}),"?","NS","EW"))'


# --------------------------------------------------------------------- Totals

def _ranked(column: str, text: bool = False) -> Callable[[Row], str]:
    """The Pairs column ``column`` of the pair placed on this row (as text when ``text``)."""
    def fn(c: Row) -> str:
        return f'IF({c.row}="","",INDEX({every_pair.at(column)},{c.row}){"&" + chr(34) * 2 if text else ""})'
    return fn


def row(c: Row) -> str:
    return f'IFERROR(MATCH(ROW()-{HEADER_ROW},{every_pair.order},0),"")'


#: The per-board block's columns, in the sheet's order.
BLOCK_DECLARED = [
    col("b_board", "Board", width=7, kind="input"),
    col("b_section", "Section", width=7, kind="input", text=True),
    col("b_session", "Session", width=7, kind="input"),
    col("b_results", "Results", b_results, width=8, kind="formula"),
    col("b_top", "Top", b_top, width=6, kind="formula"),
    col("b_check", "Check total", b_check, width=8, kind="formula", number_format="line"),
    col("b_ns", "NS total", b_ns, width=9, kind="formula", number_format="line"),
    col("b_ew", "EW total", b_ew, width=9, kind="formula", number_format="line"),
    col("b_status", "Status", b_status, width=62, kind="formula"),
    col("b_expected", "Expected NS+EW", b_expected, note=(
        "What the board's NS + EW total should be: its lines' Expected NS+EW share added up.")),
    col("b_key", "Board key", b_key, note=(
        "The board within its field (session | section | board), as the lines' Board key.")),
    col("b_n", "N", b_n, width=6, note="N of the board's field (Setup's N while it has no lines)."),
    col("b_rulings", "Rulings", b_rulings, note=(
        "The board's first ruling in words (Ruling in words) and how many more: what the Status adds after "
        "ok.")),
    col("b_pens", "Penalties", b_pens, note=(
        "The board's first penalty in words (Penalty in words) and how many more: what the Status adds after "
        "ok.")),
]

def _session_columns(k: int) -> list[Column]:
    """Session k's columns of a pair's missed boards (each session counted apart, each credited on its own top)."""
    def of(fn: Callable[[Row, int], str]) -> Callable[[Row], str]:
        return lambda c: fn(c, k)
    return [
        col(f"played{k}", f"Played in session {k}", of(played_in), width=8, note=(
            f"Under Setup's Missed boards own, average or ave-plus: its results and artificial scores in session "
            f"{k}; else 0.")),
        col(f"due{k}", f"Due in session {k}", of(due_in), width=8, across=f"PairDues{k}", note=(
            f"Played in session {k} and the boards it sat out there (Pair alone): the boards it was due there.")),
        col(f"short{k}", f"Short in session {k}", of(short_in), width=8, note=(
            f"The boards it missed in session {k}: the most Due in session {k} of a pair of its field less its "
            f"Played in session {k} (0 when it played as many; all of them when it missed the session).")),
        col(f"ctop{k}", f"Credit top {k}", of(ctop_in), width=8, note=(
            f"With Short in session {k}: the largest top of its field in session {k}, what each board it missed "
            "there is credited on.")),
        col(f"cx{k}", f"Credit {k} (exact)", of(cx_in), note=(
            f"With Short in session {k}: under own its own share of Credit top {k}, (MP (boards) - Penalty rows) x "
            f"Credit top {k} / Max (boards) (its share before any penalty row); under average / ave-plus 50% / 60% "
            f"of Credit top {k}, as an artificial score's.")),
        col(f"cv{k}", f"Credit {k} scaled", of(cv_in), note=(
            f"Credit {k} (exact) in units of the totals' last decimal.")),
        col(f"credit{k}", f"Credit {k}", of(credit_in), note=(
            f"What it gets for each board it missed in session {k}: Credit {k} (exact) rounded by Setup's Totals "
            "rounding, exact when the totals add the exact figures; 0 when it missed none.")),
    ]


#: The Pairs sheet's columns, in the sheet's order.
PAIRS_DECLARED = [
    col("pair", "Pair", width=7, kind="input", align="center", across="PairNumbers", note=(
        "The pair's number, as on Travellers.")),
    col("direction", "Direction", width=9, kind="input", align="center", across="PairDirections", note=(
        "NS or EW with 2 winners (the pair's direction); blank with 1 winner.")),
    col("names", "Names", width=30, kind="input", text=True, across="PairNames", note=(
        "The players, & between them (Ann Smith & Bob Jones): shown in the ranking.")),
    col("section", "Section", width=8, kind="input", text=True, align="center", across="PairSections", note=(
        "The pair's section, as on Travellers (blank when one section).")),
    col("tiebreak", "Tie-break", width=8, kind="input", align="center", note=(
        "A published tie-break figure (Magic Contest's column): among pairs with the same %, the higher ranks"
        " first; blank counts as 0.")),
    col("member1", "Member no. 1", width=11, kind="input", text=True, align="center", note=(
        "The first player's member number (as the federation knows them; kept as text): into the USEBIO, PBN "
        "and CSV files mpxl writes.")),
    col("member2", "Member no. 2", width=11, kind="input", text=True, align="center", note=(
        "The second player's member number.")),
    col("played", "Boards played", played, width=8, kind="formula", note=(
        "Its lines with a result or an artificial score, in every session.")),
    col("carried", "Carried forward", carried, width=12, kind="formula", number_format="total", note=(
        "Its MP in the sessions before the latest (Setup: ThisSession), carried forward as one figure (as a "
        "club's running total after each session), its missed boards' credits there included; - when it played "
        "none of them.")),
    col("session_mp", "Latest session MP", session_mp, width=13, kind="formula", number_format="total", note=(
        "Its MP in the latest session: MP less Carried forward (its missed boards' credit there included); - "
        "when it did not play it.")),
    col("mp", "MP", mp, kind="formula", number_format="total", across="PairMPs", note=(
        "The event total over every session: MP (exact), rounded as a total by Setup's Totals rounding when "
        "Totals from is exact (Ruter); ? while one of its boards has an unreadable line.")),
    col("max", "Max", max_, width=9, kind="formula", number_format="0.##", across="PairMaxes", note=(
        "The tops of the boards it played added up (each board's own field top), and for each board it missed "
        "under Missed boards own, average or ave-plus the top of its session (Credit max).")),
    col("pct", "%", pct, width=9, kind="formula", number_format="pct", across="PairPcts", note=(
        "% (exact) as published: rounded to Setup's Percentage decimals by its Percentage rounding (half-up "
        "or half-even).")),
    col("place", "Place", place, width=7, kind="formula", align="right", across="PairPlaces", note=(
        "1 + the pairs ranked ahead of it in its group (Order) but for those with the same % and tie-break; ="
        " when another has the same % and tie-break (Setup's Places shared; none when plain).")),
    col("pkey", "Pair key", pkey, across="PairKeys", note="section | pair: the key its lines are summed by."),
    col("field", "Field", field, width=8, across="Fields", note=(
        "Its ranking group: the section (blank across the field) | NS, EW, or all with 1 winner.")),
    col("key", "% key", key, across="PctKeys", note="% (exact) rounded to 6 decimals, for ties."),
    col("sortkey", "Sort %", sortkey, across="SortPcts", note=(
        "The % key, -1 when the % cannot be worked out (it ranks last).")),
    col("mpkey", "Sort MP", mpkey, across="SortMPs", note="MP (exact) rounded to 6 decimals: equal % rank by MP."),
    col("tbkey", "Sort tie-break", tbkey, across="TieBreaks", note=(
        "The tie-break as a number (0 when blank): equal % and MP rank by it.")),
    col("tbid", "Tie-break given", tbid, across="TieBreakIds", note=(
        "The tie-break as given (none when blank): pairs with the same % share a place only when it is the "
        "same.")),
    col("rowno", "Row", rowno, width=6, across="PairRows", note=(
        "The pair's row: equal % and MP keep the Pairs order.")),
    col("first", "Field's first row", first, width=8, across="FieldFirsts", note=(
        "The first row of its ranking group: groups are ranked in the order they first appear.")),
    col("order", "Order", order, width=7, across="PairOrder", note=(
        "Its line in the ranking (Totals): the pairs of earlier groups, then the pairs ahead of it in its "
        "group by %, MP, tie-break and row, plus 1.")),
    col("side", "Side", side_, width=6, note=(
        "The Direction as a side, NS or EW, by mpxl's spellings (N-S, E/W, North-South...); blank when none "
        "is typed (the pair plays both ways: one winner); ? for anything else (its figures then show ?).")),
    col("mpb", "MP (boards)", mpb, note=(
        "Its lines added up: each line's NS for totals as NS, EW for totals as EW (the rounded figures, or "
        "the exact ones when Setup's Totals from is exact); ? while one of its boards has an unreadable line.")),
    col("maxb", "Max (boards)", maxb, note=(
        "The tops of the boards it played added up (Top (counted) on Travellers); 0 on a row with no pair.")),
    col("satout", "Sat out", satout, width=8, note=(
        "The boards it sat out (Pair alone on Travellers: a sit-out, no opponents).")),
    col("sfield", "Section field", sfield, width=8, across="SectionFields", note=(
        "The field its missed boards and full maximum are counted in: its section, blank across the field.")),
    col("due", "Boards due", due, width=8, across="PairDues", note=(
        "Boards played and sat out: the boards it was due to play.")),
    col("earlier", "Lines before", earlier, width=8, note=(
        "Its lines (of any kind) in the sessions before the latest (ThisSession): none, and no board of them "
        "credited, and Carried forward shows -.")),
    col("inlatest", "Lines in latest", inlatest, width=8, note=(
        "Its lines (of any kind) in the latest session: none, and no board of it credited, and Latest session MP "
        "shows -.")),
    *[column for k in SESSION_RANGE for column in _session_columns(k)],
    col("short", "Boards short", short, width=8, note=(
        "Under Setup's Missed boards own, average or ave-plus: Short in session 1, 2, ... added up (each session "
        f"counted apart); ? when Travellers has a session after {SESSIONS_COUNTED}, which the sheet does not "
        "count.")),
    col("cmax", "Credit max", cmax, width=8, note=(
        "The maximum its missed boards add: Short in session k x Credit top k, every session's added up.")),
    col("credit", "Credit", credit, note=(
        "What its missed boards add to its total: Short in session k x Credit k, every session's added up; 0 "
        "when it missed none.")),
    col("searly", "Short before latest", searly, width=8, note=(
        "The boards it missed in the sessions before the latest: Short in session k for k < ThisSession added up.")),
    col("slate", "Short in latest", slate, width=8, note=(
        "The boards it missed in the latest session: Short in session ThisSession.")),
    col("cearly", "Credit before latest", cearly, note=(
        "What its missed boards of the sessions before the latest add: carried forward with their MP.")),
    col("mpx", "MP (exact)", mpx, note=(
        "MP (boards) + Credit: the total before it is rounded as a total.")),
    col("mpv", "MP scaled", mpv, note=(
        "When Setup's Totals from is exact: MP (exact) in units of the totals' last decimal.")),
    col("mxn", "Max (number)", mxn, across="PairMaxNums", note=(
        "Max (boards) + Credit max, as a number (0 on a row with no pair).")),
    col("full", "Full Max", full, note=(
        "Under Setup's Percentage basis scaled: the largest Max of its field, what a shorter maximum is "
        "scaled to; else blank.")),
    col("stx", "Scaled total (exact)", stx, note=(
        "Under Setup's Percentage basis scaled, when its Max is short of the Full Max: MP (exact) x Full Max "
        "/ Max (ACBLscore); else blank.")),
    col("stv", "Scaled total scaled", stv, note="Scaled total (exact) in units of the totals' last decimal."),
    col("st", "Scaled total", st, note=(
        "Scaled total (exact) rounded by the totals' rounding: its % is this over the Full Max.")),
    col("pctx", "% (exact)", pctx, note=(
        "The exact percentage, which ranks: MP (exact) / Max x 100 (signed: 50 + 50 x MP / Max), or the "
        "Scaled total over the Full Max; 0 for a pair that played with a Max of 0 (each board a lone result),"
        " as mpxl.")),
    col("pctv", "% scaled", pctv, note="With Setup's Percentage decimals: % (exact) in units of its last decimal."),
    col("pen", "Penalty rows", pen, note=(
        "What its penalty rows (Kind P on Travellers) add to MP (boards): less each penalty, plus each bonus.")),
    col("twice", "Listed twice", twice, across="PairsTwice", note=(
        "1 when its Pair key (section | pair) is on another row of Pairs too (a Mitchell's NS 3 and EW 3): with "
        "Setup's Winners 1 they would be one pair, and the check above the Travellers' per-board block says so; "
        "else 0.")),
]

#: The Totals sheet's columns: the ranking, in place order (each row looks up the pair placed there on Pairs).
TOTALS_DECLARED = [
    col("place", "Place", _ranked("place"), width=7, kind="formula", align="right"),
    col("pair", "Pair", _ranked("pair"), width=7, kind="formula", align="center"),
    col("direction", "Direction", _ranked("direction", True), width=9, kind="formula", align="center"),
    col("names", "Names", _ranked("names", True), width=34, kind="formula"),
    col("section", "Section", _ranked("section", True), width=8, kind="formula", align="center"),
    col("mp", "MP", _ranked("mp"), width=10, kind="formula", number_format="total"),
    col("max", "Max", _ranked("max"), width=9, kind="formula", number_format="0.##"),
    col("pct", "%", _ranked("pct"), width=9, kind="formula", number_format="pct"),
    col("row", "Pairs row", row, width=7),
]
