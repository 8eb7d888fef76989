"""Travellers: the rulings (split, weighted and mixed scores typed in Typed score) and the procedural
penalties (NS penalty, EW penalty, penalty rows).

A typed score with a bar or a weight: NS's view left of the bar, EW's right of it (one view, both sides,
when there is no bar). Each view is an artificial code (A+, A60: the side is given that percentage; a
mixed line) or up to PARTS parts, each a weight and a score (one part of 100% for a plain score). Every
part is matchpointed against every part of the other lines of its group that see the same view, weighted
by both weights (Law 12C1(c); mpxl.core.matchpoints.weighted_matchpoints), and the line gets the weighted sum.

Each column is declared once in :data:`COLUMNS`; a side's columns, and each part's, once for both sides.
"""

from __future__ import annotations

from ..core.adjustments import (
    NOT_A_CODE,
    NOT_A_SCORE,
    PART_SEPARATORS,
    SPLIT_FORM,
    WEIGHT_ABOVE_ZERO,
    WEIGHT_MARKS,
    WEIGHTS_TOTAL,
)
from ..core.methods import Method
from ..core.rules import (
    K_RULES,
    MAX_SCORE,
    PENALTY_ROW_CODES,
    RAW_MP,
    sheet_key,
    sheet_number,
    sheet_point,
)
from .columns import NS, Row, Side, col, each_part, twin
from .pieces import (
    BEYOND,
    TYPED_TEXT,
    S,
    U,
    both_fields,
    is_decimal,
    is_whole,
    line_penalty,
    match_in,
    quoted,
    said,
    unsigned,
)
from .places import PARTS

# ------------------------------------------------- Travellers: rulings (split, weighted, mixed)

def bar(c: Row) -> str:
    """Where the typed score's bar is (a split score), 0 when it has none or is a plain number."""
    return f'IF({c.tnum}<>"{TYPED_TEXT}",0,IFERROR(FIND("|",{c.tt}),0))'


def _view_text(c: Row, s: Side) -> str:
    """The view's text of a typed ruling: a text (not a plain number) with a bar or a % sign."""
    tt = c.tt
    part = f'LEFT({tt},{c.bar}-1)' if s is NS else f'MID({tt},{c.bar}+1,999)'
    ruling = f'OR({c.bar}>0,ISNUMBER(FIND("%",{tt})))'
    return f'IF(OR({c.tnum}<>"{TYPED_TEXT}",NOT({ruling}),{c.adj}<>""),"",IF({c.bar}>0,{part},{tt}))'


def _view_code(c: Row, s: Side) -> str:
    key = sheet_key(c[s].vt)
    return f'IF(AND({c.bar}>0,LEFT({key},1)="A"),{key},"")'


def _view_pct(c: Row, s: Side) -> str:
    """A split side's artificial code as its percentage: the Help code's, else A and a number 0-100 (A55,
    A55%); ? when the code is neither."""
    k, u, n = c[s].vk, c[s].vn, c[s].vr
    number = f'IF({is_decimal(u)},IF({n}<=100,{n},"?"),"?")'
    return f'IF({k}="","",IFERROR(INDEX(CodePcts,{match_in("CodeNames", k)}),{number}))'


def _view_words(c: Row, s: Side) -> str:
    """The view's weighted parts as words: capitals, the marks between a weight and its score and between
    the parts (the rulebook's lists) made spaces, one space between words, a % kept on its number. A mixed
    line's artificial side (420|A+) takes the other side's real score when it stands as a result in both
    directions' fields (Setup's Mixed line both: mpxl.core.board), the artificial side's own figure being its
    percentage (Figure artificial); else (own) it has no words: that side's field does not hold the result."""
    v = c[s]
    text = f'IF({v.vk}="",{v.vt},IF({both_fields()},{v.other.vt},""))'
    x = f'SUBSTITUTE(UPPER({text}),"%","% ")'
    for mark in WEIGHT_MARKS + PART_SEPARATORS:
        x = f'SUBSTITUTE({x},"{mark.upper()}"," ")'
    both = f'AND({c.nvk}<>"",{c.evk}<>"")'  # both sides artificial: no parts
    return f'IF(OR({v.vt}="",{both}),"",SUBSTITUTE(TRIM({x})," %","%"))'


def _weights_first(c: Row, s: Side) -> str:
    w = c[s].vw
    return f'IF({w}="","",IF(RIGHT(LEFT({w},FIND(" ",{w}&" ")-1),1)="%",1,0))'


def _parts(c: Row, s: Side) -> str:
    w = c[s].vw
    return f'IF({w}="",0,MAX(1,LEN({w})-LEN(SUBSTITUTE({w},"%",""))))'


def _word(w: str, i: str) -> str:
    """Word ``i`` (from 1) of the words in ``w``."""
    return f'TRIM(MID(SUBSTITUTE({w}," ",REPT(" ",99)),({i}-1)*99+1,99))'


def _part_text(c: Row, s: Side, i: int, what: str) -> str:
    """Part ``i``'s score (``what`` s) or weight (w) as typed."""
    v = c[s]
    w, first = v.vw, v.wf
    score, weight = (f"{2 * i}", f"{2 * i - 1}") if what == "s" else (f"{2 * i - 1}", f"{2 * i}")
    word = _word(w, f"IF({first}=1,{score},{weight})")
    plain = f'IF(ISNUMBER(FIND("%",{w})),{word},"100%")' if what == "w" else word
    return f'IF({v.parts}<{i},"",{plain})'


def _part_score_text(c: Row, s: Side, i: int) -> str:
    return _part_text(c, s, i, "s")


def _part_weight_text(c: Row, s: Side, i: int) -> str:
    return _part_text(c, s, i, "w")


def _part_score_read(c: Row, s: Side, i: int) -> str:
    """Part ``i``'s score text read as a number in any locale (:func:`mpxl.core.rules.sheet_number`), blank if none."""
    return f'IFERROR({sheet_number(c[s].part("st", i))},"")'


def _part_score(c: Row, s: Side, i: int) -> str:
    """Part ``i``'s score as a number: a whole score (mpxl.core.rules.WHOLE_TEXT), signed, within any contract's."""
    t, n = c[s].part("st", i), c[s].part("sr", i)
    plain = '""' if i > 1 else c.ns_score  # a plain score: its one part
    read = f'IF({is_whole(unsigned(t), n)},IF(ABS({n})<={MAX_SCORE},{n},"?"),"?")'
    return f'IF(ISNUMBER({c.ns_score}),{plain},IF({t}="","",{read}))'


def _part_weight(c: Row, s: Side, i: int) -> str:
    """Part ``i``'s weight as a fraction: a number (mpxl.core.rules.NUMBER_TEXT) and %."""
    t = c[s].part("wt", i)
    plain = '""' if i > 1 else "1"  # a plain score: its one part
    u = f"LEFT({t},LEN({t})-1)"
    rest = unsigned(u)
    for d in "0123456789":
        rest = f'SUBSTITUTE({rest},"{d}","")'
    read = f'IFERROR(IF(AND(RIGHT({t})="%",OR({rest}={{"","."}})),{sheet_number(u)}/100,"?"),"?")'
    return f'IF(ISNUMBER({c.ns_score}),{plain},IF({t}="","",{read}))'


def _view_unread(c: Row, s: Side) -> str:
    """1 when the view is not read as a score, an artificial code, or parts of a weight and a score: a code
    that is none, marks with no number, words that do not pair up, a part's score or weight that is not a
    plain number."""
    v = c[s]
    w = v.vw
    cells = [v.part(x, i) for x in ("s", "w") for i in range(1, PARTS + 1)]
    words = f'LEN({w})-LEN(SUBSTITUTE({w}," ",""))+1'
    pairs = f'AND({w}<>"",{words}<>IF(ISNUMBER(FIND("%",{w})),2*{v.parts},1))'
    t = v.vt
    # marks and no number (x, +, @); a sign after a + (+-4: the + is no separator there)
    marks = f'OR(AND({t}<>"",{v.vk}="",{w}=""),ISNUMBER(FIND("+-",{t})),ISNUMBER(FIND("-+",{t})))'
    return f'IF(OR({v.va}="?",{marks},{pairs},' + ",".join(f'{x}="?"' for x in cells) + "),1,0)"


def _view_why(c: Row, s: Side) -> str:
    """Why the view is not read, in the core's words after the view's text (blank when it is read, or is no
    view): not a score, more parts than the sheet reads, weights not adding up to 100%, a weight of 0%."""
    v = c[s]
    ws = [v.part("w", i) for i in range(1, PARTS + 1)]
    total = f'ROUND(100*({"+".join(f"N({x})" for x in ws)}),6)'
    # a view read as a code (vk) has no parts: it is read when its code is (ur 0)
    return (f'IF({v.ur}=1," {NOT_A_SCORE}",IF({v.vw}="","",IF({v.parts}>{PARTS},": the sheet '
            f'reads {PARTS} parts at most",IF({total}<>100,": "&SUBSTITUTE("{WEIGHTS_TOTAL}","{{}}",{total}),'
            f'IF(MIN({",".join(ws)})<=0,": {WEIGHT_ABOVE_ZERO}","")))))')


def rvw(c: Row) -> str:
    """The first view's why, after that view's text: NS's, then (split) EW's; blank when both are read."""
    return (f'IF({c.nwhy}<>"",{quoted(c.nvt)}&{c.nwhy},IF(AND({c.bar}>0,{c.ewhy}<>""),'
            f'{quoted(c.evt)}&{c.ewhy},""))')


def rwp(c: Row) -> str:
    """Why a typed ruling is not read, as the rulebook parses it: a bar needs a side either side of it; both
    sides artificial go in Adjustment; then each view's why (after the whole text when split)."""
    tt, b = c.tt, c.bar
    split = f'AND({b}>0,OR({c.nvt}="",{c.evt}="",ISNUMBER(FIND("|",{c.evt}))))'
    both = f'AND({c.nvk}<>"",{c.evk}<>"")'
    view = c.rvw
    # both sides artificial (A+|A-): an artificial score, read when both codes are (else no code: rwhy's words)
    read = f'AND(ISNUMBER({c.nva}),ISNUMBER({c.eva}))'
    return (f'IF({c.tnum}<>"{TYPED_TEXT}","",IF({split},{quoted(tt)}&": {SPLIT_FORM}",IF({both},IF({read},"","?"),'
            f'IF({view}="","",IF({b}>0,{quoted(tt)}&": ","")&{view}))))')


def rwhy(c: Row) -> str:
    """Why a typed ruling is not read, as ``mpxl score`` says it: a text that starts with a letter and holds
    no weight is no score or code (the readers' words); else the rulebook's why."""
    tt, why = c.tt, c.rwp
    letter = f'AND(ISNUMBER(FIND(UPPER(LEFT({tt},1)),"ABCDEFGHIJKLMNOPQRSTUVWXYZ")),NOT(ISNUMBER(FIND("%",{tt}))))'
    return f'IF({why}="","",IF({letter},{quoted(tt)}&" {NOT_A_CODE}",{why}))'


def rul(c: Row) -> str:
    """1 when the typed score is a ruling the sheet reads (split, weighted or mixed), ? when it is not read."""
    both = f'AND({c.nvk}<>"",{c.evk}<>"")'  # both sides artificial: an artificial score, no ruling of results
    return f'IF(OR(AND({c.nvt}="",{c.evt}=""),AND({both},{c.rwhy}="")),"",IF({c.rwhy}="",1,"?"))'


def rb(c: Row) -> str:
    """How many rulings the line's board has (0 off a result line): a board with none is matchpointed by
    the plain counts (Raw S), one with some by the parts."""
    return f'IF({c.kind}<>"R",0,COUNTIFS({c.local.bkey},{c.bkey},{c.local.rul},1))'


def _view_group(c: Row, s: Side) -> str:
    return f'IF(ISNUMBER({c[s].part("s", 1)}),{c.gkey},"")'


def _view_n(c: Row, s: Side) -> str:
    g = c[s].gk
    return f'IF({c.kind}<>"R","",IF({c.rb}=0,{c.n},IF({g}="",0,COUNTIF({c.local.side(s, "gk")},{g}))))'


def _figure_n(c: Row, s: Side) -> str:
    """n of the line's side's figure: its view's, the other view's when the line is switched."""
    v = c[s]
    return f'IF({c.kind}<>"R","",IF({c.sw}=1,{v.other.n},{v.n}))'


def _view_k(c: Row, s: Side) -> str:
    n_ = c[s].fn
    ks = [K_RULES[m.value].excel(N=c.nsc, n=n_) for m in Method]
    return f'IF(OR({c.kind}<>"R",{n_}=0),"",IF({n_}={c.n},{c.k},CHOOSE({S.method_index},{",".join(ks)})))'


def _part_weights(c: Row, s: Side, i: int, tied: bool) -> str:
    """The weight of the parts of the view's group that part ``i`` beats (or ties), every line's parts
    counted, the line's own too: its own parts beat and tie exactly 1 of its weight in all, which the
    rulebook's raw matchpoints (equal - 1) take back, as they take back a plain score's tie with itself."""
    g, s_, rows = c[s].gk, c[s].part("s", i), c.local
    crit = s_ if tied else f'"<"&{s_}'
    total = "+".join(f'SUMIFS({rows.part(s, "w", j)},{rows.side(s, "gk")},{g},{rows.part(s, "s", j)},{crit})'
                     for j in range(1, PARTS + 1))
    return f'IF(OR({c.rb}=0,{g}="",{s_}=""),"",{total})'


def _beaten(c: Row, s: Side, i: int) -> str:
    return _part_weights(c, s, i, False)


def _tied(c: Row, s: Side, i: int) -> str:
    return _part_weights(c, s, i, True)


def _view_raw(c: Row, s: Side) -> str:
    """S in the view: the parts' beaten and tied weights, each times the part's weight, by the rulebook's raw
    matchpoints (2 per weight beaten, 1 per weight tied, less the line's own 1); EW's from EW's side."""
    v = c[s]

    def weighted(x: str) -> str:
        return "(" + "+".join(f'N({v.part("w", i)})*N({v.part(x, i)})' for i in range(1, PARTS + 1)) + ")"
    raw = RAW_MP.excel(below=weighted("m"), equal=weighted("q"), Scale=U)
    first = v.part("m", 1)
    return f'IF({first}="","",{raw})' if s is NS else f'IF({first}="","",{U}*({c.ne}-1)-{raw})'


def _figure_artificial(c: Row, s: Side) -> str:
    v = c[s]
    pct = f'IF({c.sw}=1,{v.other.pct},{v.pct})'
    return f'IF(OR({c.kind}="A",{c.kind}="R"),IF(ISNUMBER({pct}),1,0),0)'


def rsay(c: Row) -> str:
    """A ruling read, in words, with its row: what the board's status says was done."""
    nv, ev = c.nvt, c.evt
    mixed = (f'IF({c.nva}<>"","NS given "&{c.nva}&"%, EW keep "&TRIM({ev}),"NS keep "&TRIM({nv})&", EW given "'
             f'&{c.eva}&"%")')
    split = f'"split score: NS "&TRIM({nv})&" among NS\'s results, EW "&TRIM({ev})&" among EW\'s"'
    weighted = f'"weighted score "&TRIM({nv})&": each part matchpointed, the line gets the weighted sum"'
    what = f'IF(OR({c.nva}<>"",{c.eva}<>""),{mixed},IF({c.bar}>0,{split},{weighted}))'
    return f'IF({c.rul}<>1,"","row "&ROW()&": "&{what})'


def rend(c: Row) -> str:
    """For a ruling line, how many rows it is from one past the sheet's last row (the board's first has the
    largest: the status finds it by MAX); 0 for the others."""
    return f'IF({c.rul}=1,{BEYOND}-ROW(),0)'


# ------------------------------------------------- Travellers: procedural penalties
# A line's own penalty (NS penalty, EW penalty): matchpoints (2) or a percentage of the board's top (10%) taken
# off that side's figure before it is rounded (mpxl.core.board: penalties come off last), whatever its sign. A penalty
# row (Adjustment Pen, the rulebook's PENALTY_ROW_CODES: Ruter's Pen row) gives the pair it names matchpoints of
# its own, signed, on its total; the board's figures untouched (mpxl.core.ranking). Its penalty is what comes off.

_PENALTY_WORDS = "expected matchpoints such as 2 or a percentage of top such as 10%"


def penr(c: Row) -> str:
    """1 on a penalty row: Adjustment Pen (the rulebook's PENALTY_ROW_CODES), else 0."""
    codes = ",".join(f'"{code}"' for code in PENALTY_ROW_CODES)
    return f'IF(OR({c.adj}={{{codes}}}),1,0)'


#: What CELL("format", cell) starts with for a cell formatted as a percentage (0% is P0, 0.00% P2: ECMA-376 1st
#: edition Part 4 §3.17.7.34, CELL; LibreOffice alike, 0.0% P1). CELL is recalculated when the sheet is.
PERCENT_FORMAT = "P"


def _penalty_text(c: Row, s: Side) -> str:
    """A penalty cell's text; a number formatted as a percentage (Excel stores a typed 10% as 0.1 once the cell's
    Text format is gone) as the percentage it shows (``10%``), as ``mpxl score`` reads the workbook
    (:func:`mpxl.workbook.reader._shown_percentage`)."""
    x = c[s].pen
    pct = sheet_point(f'{x}*100&"%"')  # 2.5%, as mpxl score reads it, not the locale's 2,5%
    shown = f'IF(LEFT(CELL("format",{x}))="{PERCENT_FORMAT}",{pct},"")'
    return f'IF(ISNUMBER({x}),{shown},{sheet_key(x)})'


def _penalty_digits(c: Row, s: Side) -> str:
    t = c[s].pt
    sign = f'IF(OR(LEFT({t},1)="-",LEFT({t},1)="+"),1,0)'
    return f'MID({t},1+{sign},LEN({t})-{sign}-IF(RIGHT({t},1)="%",1,0))'


def _penalty_number(c: Row, s: Side) -> str:
    v = c[s]
    x, t, d = v.pen, v.pt, v.pd
    return (f'IF({t}="",IF(ISNUMBER({x}),{x},""),IF({is_decimal(d)},'
            f'IF(LEFT({t},1)="-",-1,1)*{sheet_number(d)},"?"))')


def _penalty_mp(c: Row, s: Side) -> str:
    """The matchpoints the side's penalty takes off: on a line off its figure (its size: matchpoints, or its
    percentage of the board's top in the scale's arithmetic); on a penalty row off its pair's total (signed)."""
    x = c[s].px
    return f'IF(OR({x}="",{x}="?"),0,IF({c.penr}=1,{x},{line_penalty(c, s, c.nsc)}))'


def _penalty_why(c: Row, s: Side) -> str:
    """Why the side's penalty is not read: on a penalty row, a pair with no amount, an amount with no pair, or one
    that is not matchpoints; on a line, one that is not matchpoints or a percentage of top; blank when read."""
    v, V = c[s], s.V
    x, t, pb, pair = v.px, v.pt, v.pb, v.pair
    typed = said(v.pen)
    row = (f'IF({pb}=1,IF({x}<>"","{V} penalty "&{typed}&" on a penalty row with no {V} pair",""),'
           f'IF({x}="","a penalty row for pair "&TRIM({pair}&"")&" with no amount in {V} penalty",'
           f'IF(OR({x}="?",RIGHT({t},1)="%"),"{V} penalty "&{typed}&" is not matchpoints (2, or -4 for a bonus)","")))')
    # on a line, mpxl score's own words (the board scorer's: the text as Python quotes it)
    line = f'IF({x}="?",{quoted(v.pen)}&" is not a penalty; {_PENALTY_WORDS}","")'
    return f'IF({c.penr}=1,{row},{line})'


def whypn(c: Row) -> str:
    """Why a penalty row or a line's penalty is not read, in mpxl score's words; blank when read."""
    pen_row = (f'IF(AND({c.nspb}=1,{c.ewpb}=1),"a penalty row names no pair (NS pair or EW pair)",'
               f'IF(OR({c.tt}<>"",{c.ct}<>""),"a penalty row holds no score or contract",'
               f'IF({c.npw}<>"",{c.npw},{c.epw})))')
    return f'IF({c.penr}=1,{pen_row},IF({c.npw}<>"",{c.npw},{c.epw}))'


def _amount(x: str) -> str:
    """A figure in words: to 4 decimals at most."""
    return f'ROUND({x},4)'


def _penalty_words(c: Row, s: Side) -> str:
    """What the side's penalty does, in words: on a penalty row what its pair gets or loses on its total; on a
    line the matchpoints (and the percentage of top) taken off its figure; blank when none."""
    v, V = c[s], s.V
    x, t, pb, p = v.px, v.pt, v.pb, v.p
    row = (f'IF({pb}=1,"","{V} "&TRIM({v.pair}&"")&IF({p}>0," loses "," gets ")&'
           f'{_amount(f"ABS({p})")}&" MP")')
    pct = f'IF(RIGHT({t},1)="%",ABS({x})&"% of the top, ","")'
    line = f'IF({x}="","","{V} "&{pct}&{_amount(p)}&" MP")'
    return f'IF({c.kind}="P",{row},IF(OR({c.kind}="R",{c.kind}="A"),{line},""))'


def psay(c: Row) -> str:
    """A penalty read, in words a director reads, with its row: what a penalty row gives its pairs, or what a
    line's penalty takes off its figures."""
    n, e = c.nps, c.eps
    both = f'IF(AND({n}<>"",{e}<>""),", ","")'
    row = f'"penalty row: "&{n}&{both}&{e}&" (on the totals; the board\'s figures untouched)"'
    what = f'IF({c.kind}="P",{row},"penalty off the line\'s figure: "&{n}&{both}&{e})'
    return f'IF(AND({n}="",{e}=""),"","row "&ROW()&": "&{what})'


def pend(c: Row) -> str:
    """On a penalty line (Penalty in words), 1,048,577 less its row (the board's first has the largest); else 0."""
    return f'IF({c.psay}<>"",{BEYOND}-ROW(),0)'


#: This stage's Travellers columns, in the sheet's order but where a column names the one it follows (``after``:
#: :func:`mpxl.workbook.columns.merged`).
COLUMNS = [
    col("bar", "Split bar at", bar, after="ewlpv", note=(
        "Where the Typed score's bar is (a split score: NS's result, a bar, EW's result: -150 bar -50), 0 "
        "when none.")),
    *twin("{v}vt", "{V} view (typed)", _view_text, note=(
        "NS's view of a typed ruling: the text left of the bar (the whole text when there is none); blank for a "
        "plain number.",
        "EW's view of a typed ruling: the text right of the bar (the whole text when there is none); blank for a "
        "plain number.")),
    *twin("{v}vk", "{V} view code", _view_code, note=(
        "{V}'s side of a split as a code (capitals, no spaces) when it starts with A: {V} were given an artificial "
        "score (a mixed line).")),
    *twin("{v}va", "{V} view artificial %", _view_pct, note=(
        "{V} view code as its percentage: the Help code's (A+ 60), or A and a number 0-100 (A55); ? for any other "
        "code.")),
    *twin("{v}vw", "{V} view (words)", _view_words, note=(
        "{V}'s view as words: capitals, the marks between weights and scores (of, x, *, @, :) and between parts "
        "(+ , ; &) made spaces, a % kept on its number (30% 420 + 70% 450 -> 30% 420 70% 450); a mixed line's "
        "artificial side takes the other side's real score when Setup's Mixed line is both (it stands as a result "
        "in both fields), else it is blank.")),
    *twin("{v}wf", "{V} view weights first", _weights_first, note=(
        "1 when {V}'s view writes each weight before its score (30% 420), 0 after it (420 @ 30%).")),
    *twin("{v}k", "{V} view parts", _parts, family="parts", note=(
        "How many parts {V}'s view has: its % signs, 1 for a plain score.")),
    *each_part("{v}st{i}", "{V} part {i} score (text)", _part_score_text, PARTS, note=(
        "The score of {V}'s part {i} as typed (the word after its weight, or before it).")),
    *each_part("{v}wt{i}", "{V} part {i} weight (text)", _part_weight_text, PARTS, note=(
        "The weight of {V}'s part {i} as typed (30%); 100% for a plain score.")),
    *each_part("{v}s{i}", "{V} part {i} score", _part_score, PARTS, across="{V}Part{i}", note=(
        "{V}'s part {i} score as a number (the NS score itself for a plain line); ? when not a plain number.")),
    *each_part("{v}w{i}", "{V} part {i} weight", _part_weight, PARTS, across="{V}Share{i}", note=(
        "{V}'s part {i} weight as a fraction (30% -> 0.3; 1 for a plain line); ? when not a plain percentage.")),
    *twin("{v}ur", "{V} view not read", _view_unread, note=(
        "1 when {V}'s view is not read: a code that is none, words that do not pair up, a part's score or weight "
        "that is not a plain number; else 0.")),
    *twin("{v}why", "Why ({V} view)", _view_why, note=(
        "Why {V}'s view is not read, in mpxl score's words: not a score, more parts than the sheet reads, weights "
        "that do not add up to 100%, a weight of 0%; blank when read.")),
    col("rvw", "Why (views)", rvw, note=(
        "The first view's why after its text: NS's view, then (split) EW's; blank when both are read.")),
    col("rwp", "Why (ruling, parsed)", rwp, note=(
        "Why the typed ruling is not read: a bar without a side either side of it, both sides artificial and "
        "one code not read (A+|A- is an artificial score), else NS's or EW's view's why; blank when read.")),
    col("rwhy", "Why (ruling)", rwhy, note=(
        "What mpxl score says of the typed ruling it cannot read: a text that starts with a letter and has no"
        " weight is no score or code; else Why (ruling, parsed).")),
    col("rul", "Ruling read", rul, across="Rulings", note=(
        "1 when the Typed score is a split, weighted or mixed score the sheet reads; ? when it is not read; "
        "blank for a plain number or nothing.")),
    col("rb", "Rulings on board", rb, note=(
        "How many rulings (Ruling read 1) the line's board has: a board with none is matchpointed by the "
        "plain counts (S (NS)), one with some by the parts.")),
    *twin("gk{v}", "{V} view group key", _view_group, across="{V}ViewGroups", note=(
        "The Group key when {V}'s view has a result (a part score 1; a mixed line's real score counts in both views "
        "under Setup's Mixed line both, in its own side's only under own), else blank: the lines the view is "
        "matchpointed among.")),
    *twin("n{v}", "n ({V} view)", _view_n, note=(
        "n in {V}'s view: the group's lines whose {V} view is a result (n itself on a board with no ruling).")),
    *twin("fn{v}", "n ({V} figure)", _figure_n, note=(
        "n of the line's {V} figure: n ({V} view), or the other view's when the line is switched.")),
    *twin("k{v}", "k ({V} figure)", _view_k, note="k of the method for n ({V} figure) (k itself when it is n)."),
    *each_part("{v}m{i}", "{V} part {i} beaten (weight)", _beaten, PARTS, note=(
        "The weight of the parts of the group's lines in {V}'s view (the line's own included) that {V}'s part {i} "
        "beats; on boards with rulings only.")),
    *each_part("{v}q{i}", "{V} part {i} tied (weight)", _tied, PARTS, note=(
        "The weight of the parts of the group's lines in {V}'s view (the line's own included) that {V}'s part {i} "
        "ties; on boards with rulings only.")),
    *twin("{v}raw", "S ({V} view)", _view_raw, note=(
        "S in NS's view: 2 per weight beaten and 1 per weight tied, each part's times its weight, less the line's "
        "own 1 (its parts meet each other), halved on the single scale; what S takes on a board with rulings.",
        "S in EW's view: 2 per weight beaten and 1 per weight tied, each part's times its weight, less the line's "
        "own 1 (its parts meet each other), halved on the single scale, from EW's side (scale x (n - 1) less it); "
        "what S takes on a board with rulings.")),
    *twin("{v}fa", "{V} figure artificial", _figure_artificial, across="{V}Artificial", note=(
        "1 when the line's NS figure is an artificial score (an Adjustment, or a mixed line's code on that side, "
        "after the arrowswitch), else 0.",
        "1 when the line's EW figure is an artificial score, else 0.")),
    col("rsay", "Ruling in words", rsay, across="RulingWords", note=(
        "A ruling read, in words a director reads, with its row: the split, the weighted parts, or which side"
        " kept its result and which was given a percentage.")),
    col("rend", "Ruling (rows to the end)", rend, across="RulingToEnd", note=(
        "On a ruling line, 1,048,577 less its row (the board's first ruling has the largest); 0 on the "
        "others.")),
    col("penr", "Penalty row", penr, after="kcode", note=(
        "1 when the Adjustment is Pen or Penalty (a penalty row: Ruter's Pen), else 0.")),
    *twin("{v}pt", "{V} penalty (text)", _penalty_text, note=(
        "The {V} penalty as typed text, in capitals with no spaces (10 % -> 10%); a number formatted as a "
        "percentage as the percentage shown (0.1 shown 10% -> 10%, by CELL(\"format\")); blank for any other "
        "number.")),
    *twin("{v}pd", "{V} penalty (digits)", _penalty_digits, note=(
        "{V} penalty (text) without its sign and its % (-4 -> 4, 10% -> 10).")),
    *twin("{v}px", "{V} penalty (number)", _penalty_number, note=(
        "The {V} penalty as a signed number (a number, or text of digits with an optional sign, decimal part and "
        "%: 10% -> 10); blank when none; ? when it is not a number.")),
    *twin("p{s}", "{V} penalty MP", _penalty_mp, across="{V}Penalties", note=(
        "The matchpoints the NS penalty takes off: on a line off the NS figure, its size (a percentage of the "
        "board's top in the scale's arithmetic: 10% of a double top of 16 is 1.6); on a penalty row off the NS "
        "pair's total, signed; 0 with none.",
        "The matchpoints the EW penalty takes off, the same way.")),
    *twin("{v}pw", "Why ({V} penalty)", _penalty_why, note=(
        "Why the {V} penalty is not read: on a penalty row a pair with no amount, an amount with no pair, or an "
        "amount that is not matchpoints; on a line one that is not matchpoints or a percentage of top; blank when "
        "read.")),
    col("whypn", "Why (penalty)", whypn, note=(
        "Why a penalty row is not read (no pair, a score or contract on it, else Why (NS penalty), Why (EW "
        "penalty)), or a line's penalty; blank when read.")),
    *twin("{v}ps", "{V} penalty in words", _penalty_words, note=(
        "The {V} penalty in words: on a penalty row what the {V} pair gets or loses on its total; on a line the "
        "matchpoints (and the percentage of top) taken off the {V} figure; blank with none.")),
    col("psay", "Penalty in words", psay, across="PenaltyWords", note=(
        "A penalty read, in words a director reads, with its row: what a penalty row gives its pairs on their"
        " totals, or what a line's penalties take off its figures.")),
    col("pend", "Penalty (rows to the end)", pend, across="PenaltyToEnd", note=(
        "On a penalty line (Penalty in words), 1,048,577 less its row (the board's first has the largest); 0 "
        "on the others.")),
    # added last, after the Travellers' last helper (typed's): every earlier column keeps its letter
    *each_part("{v}sr{i}", "{V} part {i} score (read)", _part_score_read, PARTS, after="evr", note=(
        "The score text of {V}'s part {i} as a number, its decimal point read as the point whatever the "
        "spreadsheet's language (57.5 in a German or French one too); blank when no number.")),
]
