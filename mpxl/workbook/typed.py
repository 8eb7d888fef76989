"""Travellers: what is typed, read as ``mpxl score`` reads it: the inputs, the session, section and keys, the
contract and its score, the typed score, the adjustment and its codes, the line's kind and why it is unreadable.

Each column is declared once in :data:`COLUMNS` (key, header, formula, note); its formula takes the row's
cells by name (:class:`mpxl.workbook.columns.Row`).
"""

from __future__ import annotations

from ..core.adjustments import (
    BARE_ADJUSTMENT,
    NOT_A_CODE,
    NOT_A_SCORE,
)
from ..core.contract import (
    BOARD_CYCLE,
    DIRECTION_SPELLINGS,
    DOUBLING_MARKS,
    KEY_SEPARATORS,
    RESULT_MADE,
    RESULT_SIGNS,
    STRAIN_SPELLINGS,
    Direction,
    Vulnerability,
)
from ..core.rules import (
    ARROWSWITCH_NO,
    ARROWSWITCH_YES,
    BEYOND_ANY_CONTRACT,
    NOT_A_BOARD,
    NOT_PLAYED_CODES,
    NOT_WHOLE,
    NUMBER_LIKE,
    PERCENT_PAIR_JOIN,
    contract_keys,
    sheet_blank,
    sheet_is_number,
    sheet_key,
    sheet_number,
    sheet_percent_pair,
    sheet_text,
)
from .columns import LOOSE, NS, Row, Side, col, every, twin
from .pieces import (
    BEYOND,
    LETTERS,
    TYPED_TEXT,
    S,
    digit_count,
    field_key,
    in_list,
    is_decimal,
    is_whole,
    match_in,
    plain_score,
    quoted,
    said,
    session_number,
    unsigned,
)
from .setup_rules import BOTH_SIDES

# ------------------------------------------------- Travellers: session, section, keys

def sess(c: Row) -> str:
    return session_number(c.session)


def sec(c: Row) -> str:
    return sheet_text(c.section)


def fkey(c: Row) -> str:
    return field_key(c.sess, c.sec)


def bkey(c: Row) -> str:
    return f'IF({c.board}="","",{c.fkey}&"|"&{c.bnum})'


def bclean(c: Row) -> str:
    """The Board as text, white space trimmed (spaces, tabs, non-breaking spaces)."""
    return sheet_text(c.board)


def bnum(c: Row) -> str:
    """The Board as mpxl score reads it (:func:`mpxl.formats.common.board_number`): a number as it is, a whole number
    typed as text (``7``, `` 7 ``, ``7.0``: pasted, or typed into a cell formatted as text) as that number; any other
    text as typed (no board mpxl score reads: it refuses the file, naming the row)."""
    x = c.bclean
    return f'IF(ISNUMBER({c.board}),{c.board},IF({is_whole(x)},{sheet_number(x)},{c.board}))'


def bbad(c: Row) -> str:
    """1 when a Board is typed that is no board number (``12a``, ``B7``, ``twelve``, ``0``, ``2.5``): ``mpxl score``
    refuses it (:func:`mpxl.formats.common.board_number`); else 0. Its line is unreadable (Kind bad)."""
    n = c.bnum
    return f'IF({c.board}="",0,IF(ISNUMBER({n}),IF(AND({n}>=1,{n}=INT({n})),0,1),1))'


def bend(c: Row) -> str:
    """On an unreadable line whose Board is no board number, how many rows it is from one past the sheet's last
    row (the first such line has the largest: the check above the per-board block finds it by MAX); else 0."""
    return f'IF(AND({c.bbad}=1,{c.kind}="bad"),{BEYOND}-ROW(),0)'


def hs(c: Row) -> str:
    """How many lines of the board's rows share the line's Board key (0 on a row with no Board), where each
    board's lines are laid out together; 0 where the lines may be in any order, and on the rows after the
    boards'."""
    if c.board_rows is None:
        return "0"
    return f'IF({c.bkey}="",0,COUNTIF({c.local.bkey},{c.bkey}))'


def hk(c: Row) -> str:
    """The key of the board whose rows the line sits among, where each board's lines are laid out together: the
    Board key most of its rows share (the first such; a lone line's own), so that a line typed over, cleared or
    sorted in, the first one too, is the one named (never scored alone in the board's place); blank where every
    line of two or more holds another board (the lines sorted by another column: each is away), where the lines
    may be in any order, and on the rows after the boards'."""
    if c.board_rows is None:
        return '""'
    shares, keys = c.local.hs, c.local.bkey
    return f'IF(AND(MAX({shares})<2,COUNTIF({shares},">0")>1),"",INDEX({keys},MATCH(MAX({shares}),{shares},0)))'


def away(c: Row) -> str:
    """1 on a line laid out among another board's lines (its Board, Section or Session typed over): its board's
    counts read only its board's rows, so it is unreadable there (kind bad, the board's status names it); on the
    rows after the boards', 1 on a line of a board that has rows of its own. A penalty row is never away."""
    if c.span is None:
        return "0"
    outside = f'{c.bkey}<>{c.hk}' if c.span != LOOSE else f'COUNTIF({every.hk},{c.bkey})>0'
    return f'IF(OR({c.bkey}="",{c.penr}=1),0,IF({outside},1,0))'


def nskey(c: Row) -> str:
    """section | NS pair, the pair as the rulebook's text (white space around it dropped: ' 7 ' is pair 7)."""
    return f'{c.sec}&"|"&{sheet_text(c.ns_pair)}'


def ewkey(c: Row) -> str:
    return f'{c.sec}&"|"&{sheet_text(c.ew_pair)}'


# ------------------------------------------------------------ Travellers: contract

_VUL_NS = [v.value for v in Vulnerability if v.is_vulnerable(Direction.N)]
_VUL_EW = [v.value for v in Vulnerability if v.is_vulnerable(Direction.E)]


def vul(c: Row) -> str:
    return f'IF(ISNUMBER({c.bnum}),INDEX(VulCycle,MOD({c.bnum}-1,{len(BOARD_CYCLE)})+1),"")'


#: What the contract table spells a strain with; every other spelling the core reads (suit symbols,
#: SPADES, NOTRUMP...) is written over to it, longest first, before the lookup.
_SHEET_STRAINS = {"C", "D", "H", "S", "N", "NT"}
_STRAIN_WORDS = sorted(((k, v) for k, v in STRAIN_SPELLINGS.items() if k not in _SHEET_STRAINS),
                       key=lambda kv: (-len(kv[0]), kv[0]))


def ct(c: Row) -> str:
    x = sheet_key(c.contract)
    for word, letter in _STRAIN_WORDS:
        x = f'SUBSTITUTE({x},"{word}","{letter}")'
    return x


def crow(c: Row) -> str:
    return f'IF({c.ct}="","",{match_in("ContractKeys", c.ct)})'


def byt(c: Row) -> str:
    """By cleaned once: the rulebook's key (capitals, no white space) without the separators a seat may
    carry (N. and n-: as :meth:`mpxl.core.contract.Direction.find` reads them)."""
    x = sheet_key(c.by)
    for mark in KEY_SEPARATORS:
        x = f'SUBSTITUTE({x},"{mark}","")'
    return x


def decl(c: Row) -> str:
    """The declarer's seat, N, E, S or W, by the rulebook's spellings (:data:`mpxl.core.contract.DIRECTION_SPELLINGS`,
    as ``mpxl score`` reads them); blank when none is typed, ? for a spelling it refuses."""
    x = c.byt
    seats = [d.value for d in Direction]
    words = ",".join(f'"{w}"' for w in DIRECTION_SPELLINGS)
    numbers = ",".join(str(seats.index(seat) + 1) for seat in DIRECTION_SPELLINGS.values())
    choices = ",".join(f'"{seat}"' for seat in seats)
    return f'IF({x}="","",CHOOSE(1+SUMPRODUCT(({x}={{{words}}})*{{{numbers}}}),"?",{choices}))'


def dvul(c: Row) -> str:
    ns = "OR(" + ",".join(f'{c.vul}="{v}"' for v in _VUL_NS) + ")"
    ew = "OR(" + ",".join(f'{c.vul}="{v}"' for v in _VUL_EW) + ")"
    return f'IF(OR({c.decl}="N",{c.decl}="S"),IF({ns},1,0),IF({ew},1,0))'


def dscore(c: Row) -> str:
    t = c.tk
    return (f'IF(AND(ISNUMBER({c.crow}),ISNUMBER({t})),IF(AND({t}>=0,{t}<=13,{t}=INT({t})),'
            f'INDEX(ContractScores,{c.crow},{c.dvul}*14+{t}+1),""),"")')


def cscore(c: Row) -> str:
    d = c.decl
    seat = f'OR({d}="N",{d}="E",{d}="S",{d}="W")'
    return (f'IF({c.ct}="","",IF({in_list("PassSpellings", c.ct)},0,'
            f'IF(AND(ISNUMBER({c.dscore}),{seat}),IF(OR({d}="N",{d}="S"),1,-1)*{c.dscore},"?")))')


# -------------------------------------------------------- Travellers: typed score

def tt(c: Row) -> str:
    """The typed score's text, cleaned; a ruling typed in Adjustment (Adjustment ruling) is read here instead, as
    ``mpxl score`` reads a CSV adjustment (it replaces the score)."""
    return f'IF({c.arul}=1,{sheet_text(c.adjustment)},{sheet_text(c.typed)})'


def tu(c: Row) -> str:
    return f'IF(OR(LEFT({c.tt},1)="+",LEFT({c.tt},1)="-"),MID({c.tt},2,99),{c.tt})'


def tnum(c: Row) -> str:
    """The typed score as a number when it is a bridge score typed as one (a number, or text of a whole number:
    Typed number form 2); blank when none; else :data:`TYPED_TEXT` (a ruling, a code or a message)."""
    sign, value = f'IF(LEFT({c.tt},1)="-",-1,1)', sheet_number(c.tu)
    return (f'IF(AND(ISNUMBER({c.typed}),{c.arul}=0),{plain_score(c.typed)},IF({c.tt}="","",'
            f'IF({c.tlk}=2,{plain_score(value, sign)},"{TYPED_TEXT}")))')


def ns_score(c: Row) -> str:
    return f'IF(ISNUMBER({c.tnum}),{c.tnum},IF({c.tnum}="{TYPED_TEXT}",{c.tt},{c.cscore}))'


def _typed_code(c: Row, key: str) -> str:
    """TRUE when the typed score (its key ``key``: capitals, no spaces) is read as a code, as ``mpxl score`` reads
    a score cell (:func:`mpxl.core.adjustments.parse_entry`): text that is no number and has no bar, and starts with a
    letter (A+, NP, a word), holds a / (60/40), is a number and % (60%), ends in % with a %- (Bridgemate's 60%-40%,
    :func:`mpxl.core.rules.percent_pair_key`'s mark: its sides are read by NS code and EW code, as in Adjustment), or
    is a not-played code (-)."""
    tt = c.tt
    pair = f'ISNUMBER(FIND("{PERCENT_PAIR_JOIN}",SUBSTITUTE({tt}," ","")))'
    pct = f'AND(RIGHT({tt})="%",OR({sheet_is_number(f"LEFT({tt},LEN({tt})-1)")},{pair}))'
    others = ",".join(f'{tt}="{code}"' for code in NOT_PLAYED_CODES if not code[0].isalpha())
    code = f'OR(ISNUMBER(FIND(UPPER(LEFT({tt})),"{LETTERS}")),ISNUMBER(FIND("/",{tt})),{pct},{others})'
    return f'AND({c.tnum}="{TYPED_TEXT}",NOT(ISNUMBER(FIND("|",{tt}))),{code})'


def adj(c: Row) -> str:
    """The Adjustment cleaned (capitals, no white space); with none, the typed score when it is a code (A+ typed
    there is read as in Adjustment, as ``mpxl score`` reads a score cell)."""
    key = f'UPPER(SUBSTITUTE({c.tt}," ",""))'
    typed = f'OR({sheet_blank(c.adjustment)},{c.arul}=1)'  # a code typed as the score, or a ruling
    return f'IF({typed},IF({_typed_code(c, key)},{key},""),{sheet_key(c.adjustment)})'


def adjl(c: Row) -> str:
    """NS's code: before the / of a split, or the % of Bridgemate's 60%-40%
    (:func:`mpxl.core.rules.percent_pair_key`)."""
    a = c.adj
    return (f'IF(ISNUMBER(FIND("/",{a})),LEFT({a},FIND("/",{a})-1),'
            f'IF({sheet_percent_pair(a)},LEFT({a},FIND("{PERCENT_PAIR_JOIN}",{a})),{a}))')


def adjr(c: Row) -> str:
    """EW's code: after the / of a split, or the %- of Bridgemate's 60%-40%; blank for a code of one side."""
    a = c.adj
    return (f'IF(ISNUMBER(FIND("/",{a})),MID({a},FIND("/",{a})+1,99),'
            f'IF({sheet_percent_pair(a)},MID({a},FIND("{PERCENT_PAIR_JOIN}",{a})+{len(PERCENT_PAIR_JOIN)},99),""))')


def ub(c: Row) -> str:
    a = c.adj
    return f'IF(AND(OR(LEN({a})=5,LEN({a})=7),LEFT({a},1)="A",{digit_count(a)}=LEN({a})-1),1,0)'


def _number_text(x: str) -> str:
    """One side's code without a leading A and a trailing % (A55 and 55% -> 55)."""
    y = f'IF(LEFT({x},1)="A",MID({x},2,99),{x})'
    return f'IF(RIGHT({y},1)="%",LEFT({y},LEN({y})-1),{y})'


def _code(c: Row, s: Side) -> str:
    """Side ``s``'s code: NS code or EW code."""
    return c.adjl if s is NS else c.adjr


def _code_text(c: Row, s: Side) -> str:
    return _number_text(_code(c, s))


def _code_number(c: Row, s: Side) -> str:
    v = c[s].code_text
    return f'IF({is_decimal(v)},{sheet_number(v)},"")'


def _code_row(c: Row, s: Side) -> str:
    return match_in("CodeNames", _code(c, s))


def _pct(row: str, number: str) -> str:
    """One side's percentage: its Help code's, else its code number (A55, 55%), else blank."""
    return f'IF(ISNUMBER({row}),INDEX(CodePcts,{row}),{number})'


def nspct(c: Row) -> str:
    a = c.adj
    return (f'IF({a}="",IF(ISNUMBER({c.nva}),{c.nva},""),IF({c.ub}=1,VALUE(MID({a},2,(LEN({a})-1)/2)),'
            f'{_pct(c.nsrow, c.nsn)}))')


def ewpct(c: Row) -> str:
    a = c.adj
    return (f'IF({a}="",IF(ISNUMBER({c.eva}),{c.eva},""),IF({c.ub}=1,VALUE(MID({a},(LEN({a})+3)/2,3)),'
            f'IF(OR(ISNUMBER(FIND("/",{a})),{c.adjr}<>""),'
            f'{_pct(c.ewrow, c.ewn)},IF(ISNUMBER({c.nspct}),100-{c.nspct},""))))')


# ------------------------------------------------------- Travellers: the pairs, the kind

def _pair_blank(c: Row, s: Side) -> str:
    """1 when the side's pair is blank by the rulebook's rule (:func:`mpxl.core.rules.is_blank`: white space of any
    kind is blank, as every reader reads it), else 0."""
    return f'IF({sheet_blank(c[s].pair)},1,0)'


def samep(c: Row) -> str:
    """1 when Setup's Winners is 1 and the line's NS and EW pairs are one number of its section (a Mitchell's NS 3
    against EW 3 read as one pair playing itself: ``mpxl score`` refuses it), else 0."""
    return f'IF(AND({S.winners}=1,{c.nspb}=0,{c.ewpb}=0,{c.nskey}={c.ewkey}),1,0)'


def unfit(c: Row) -> str:
    """1 when a line lacks its NS or EW pair, has one pair on both sides with one winner, an arrowswitch mark or a
    penalty not read, else 0."""
    return f'IF(OR({c.nspb}=1,{c.ewpb}=1,{c.samep}=1,{c.sw}="?",{c.npx}="?",{c.epx}="?"),1,0)'


def kcode(c: Row) -> str:
    """The kind of a line with an Adjustment: a penalty row (P, or bad with Why (penalty)), not played, a
    sit-out (blank: one pair alone), an artificial score, or bad."""
    ns, ew = c.nspct, c.ewpct
    artificial = (f'IF({c.abare}=1,"bad",IF(AND(ISNUMBER({ns}),ISNUMBER({ew})),'
                  f'IF(AND({ns}>=0,{ns}<=100,{ew}>=0,{ew}<=100),"A","bad"),"bad"))')
    # a result or a code needs both pairs, and an arrowswitch mark that is read (Line incomplete); a
    # not-played code with one pair alone is a sit-out (rules.is_sitout: no line), with no pair at all unreadable
    unfit = f'{c.unfit}=1'
    blanks = f'{c.nspb}+{c.ewpb}'
    return (f'IF({c.adj}="","",IF({c.penr}=1,IF({c.whypn}="","P","bad"),'
            f'IF({in_list("NotPlayedCodes", c.adj)},CHOOSE(1+{blanks},"NP","","bad"),'
            f'IF({unfit},"bad",{artificial}))))')


def kind(c: Row) -> str:
    unfit = f'{c.unfit}=1'
    both = f'AND(ISNUMBER({c.nva}),ISNUMBER({c.eva}))'  # A+|A- typed: an artificial score
    # a Board that is no board number: unreadable once anything is typed on the line (mpxl score refuses the row)
    no_board = f'AND({c.bbad}=1,OR({c.adj}<>"",{c.ns_score}<>""))'
    return (f'IF({c.board}="","",IF(OR({c.away}=1,{no_board}),"bad",IF({c.adj}<>"",{c.kcode},'
            f'IF({both},IF({unfit},"bad","A"),'
            f'IF(OR(ISNUMBER({c.ns_score}),{c.rul}=1),IF({unfit},"bad","R"),'
            f'IF({c.ns_score}="","","bad"))))))')


# ------------------------------------ Travellers: arrowswitch, tricks, why unreadable

def swt(c: Row) -> str:
    """The Arrowswitch mark cleaned once, by the rulebook's key (capitals, no white space)."""
    return sheet_key(c.switch)


def sw(c: Row) -> str:
    """1 arrowswitched, 0 not, ? for a spelling ``mpxl score`` refuses (the rulebook's lists, as every reader)."""
    x = c.swt
    yes = ",".join(f'"{w}"' for w in sorted(ARROWSWITCH_YES))
    no = ",".join(f'"{w}"' for w in sorted(ARROWSWITCH_NO))
    return f'IF(OR({x}={{{yes}}}),1,IF(OR({x}={{{no}}}),0,"?"))'


def _digits(u: str) -> str:
    """TRUE when text ``u`` is one or more digits and nothing else."""
    return f'AND(LEN({u})>0,{digit_count(u)}=LEN({u}))'


def tkt(c: Row) -> str:
    return sheet_key(c.tricks)


def tkd(c: Row) -> str:
    """A result's tricks over (+1) or under (-2) the contract, as a signed number (=0 is 0); blank when
    Tricks is not a sign (=, + or -) followed by digits."""
    x = c.tkt
    sign, rest = f"LEFT({x},1)", f"MID({x},2,9)"
    signed = "OR(" + ",".join(f'{sign}="{m}"' for m in RESULT_SIGNS) + ")"
    # VALUE only once the rest is digits (AND evaluates every argument)
    return f'IF(AND({signed},{_digits(rest)}),IF({sign}="-",-1,1)*VALUE({rest}),"")'


def tkr(c: Row) -> str:
    """Tricks read as a result against the contract (``=``, ``+1``, ``-2``, ``made``) as the core reads it
    (:func:`mpxl.core.contract.tricks_from_result`); ? when the contract is not read or the text is no result;
    blank when Tricks is blank, a number or digits."""
    x, d = c.tkt, c.tkd
    need = f'(VALUE(LEFT({c.ct},1))+6)'
    made = "OR(" + ",".join(f'{x}="{m}"' for m in RESULT_MADE) + ")"
    sign = f"LEFT({x},1)"
    # =0 is made; =1 and -0 are not results
    wrong = f'OR(AND({sign}="=",{d}<>0),AND({sign}="-",{d}=0))'
    result = f'IF({made},{need},IF(ISNUMBER({d}),IF({wrong},"?",{need}+{d}),"?"))'
    number = f'OR(ISNUMBER({c.tricks}),{x}="",{c.tkw}=1)'  # what Tricks (number) reads as it is
    return f'IF({number},"",IF(ISNUMBER({c.crow}),{result},"?"))'


def tk(c: Row) -> str:
    """Tricks as a number: a number; text of a whole number (Tricks whole); or Tricks from the result; ? otherwise."""
    t, x = c.tricks, c.tkt
    return f'IF(ISNUMBER({t}),{t},IF({x}="","",IF({c.tkw}=1,{sheet_number(x)},{c.tkr})))'


def whyp(c: Row) -> str:
    """On an unreadable line, what its pairs or its arrowswitch lack (blank if nothing)."""
    return (f'IF({c.kind}<>"bad","",IF({c.nspb}=1,"NS pair missing",IF({c.ewpb}=1,"EW pair missing",'
            f'IF({c.samep}=1,{_both_sides(c)},'
            f'IF({c.sw}="?","Arrowswitch "&{said(c.switch)}&" is not Y, N or blank","")))))')


def _both_sides(c: Row) -> str:
    """:data:`~mpxl.workbook.setup_rules.BOTH_SIDES` of the line's pair, as a formula."""
    before, after = BOTH_SIDES.split("{}")
    return f'"{before}"&TRIM({c.ns_pair}&"")&"{after}"'


def whyt(c: Row) -> str:
    """What is wrong with a typed score that is not read (blank when it is read or none is typed), in ``mpxl
    score``'s words: a ruling's (a bar, or a % that is no code); a number that is no score (Why (typed number));
    else a code's (Why (code))."""
    tt = c.tt
    ruling = f'AND({c.adj}="",OR(ISNUMBER(FIND("|",{tt})),ISNUMBER(FIND("%",{tt}))))'
    return (f'IF({c.tnum}<>"{TYPED_TEXT}","",IF({ruling},{c.rwhy},'
            f'IF({c.tnw}<>"",{quoted(tt)}&{c.tnw},{c.cwhy})))')


def whyc(c: Row) -> str:
    """With no typed score, what keeps the contract from a score: the contract, By or Tricks (else blank)."""
    return (f'IF(OR({c.tnum}<>"",{c.cscore}<>"?"),"",'
            f'IF(NOT(ISNUMBER({c.crow})),"contract "&{said(c.contract)}&" not understood",'
            f'IF({c.decl}="","By missing",IF({c.decl}="?","By "&{said(c.by)}&" is not N, E, S or W",'
            f'{c.tkwhy}))))')


def whyb(c: Row) -> str:
    """An unreadable line's Why and how many more unreadable lines its board has: the board's Status
    shows it for the board's first one."""
    b = c.badb
    return f'IF({c.kind}="bad",{c.why}&IF({b}>1," (and "&({b}-1)&" more)",""),"")'


#: Why a line laid out among another board's lines is not read (:func:`away`), in words.
AWAY_WORDS = ("its Board, Section or Session is not the board whose lines it sits among (a board's lines are "
              "scored in their rows): type them back (sorted: sort by Board again), or type the line again "
              "among its board's lines")


def why(c: Row) -> str:
    """Why a line is unreadable (kind bad), in words, with its row: what the board's status shows. Its Board
    first (Why (board): away from its board's rows, or no board number); a line
    with an adjustment or a score is then missing its pairs or its arrowswitch mark (Why (pairs,
    arrowswitch)); then the adjustment is not understood, or the typed score (Why (typed score)), or the
    contract (Why (contract))."""
    scored = f'OR({c.adj}<>"",ISNUMBER({c.ns_score}))'
    reason = (f'IF({c.whybd}<>"",{c.whybd},'
              f'IF({c.whypn}<>"",{c.whypn},IF(AND({c.whyp}<>"",{scored}),{c.whyp},IF({c.adj}<>"",'
              f'IF({sheet_blank(c.adjustment)},{c.whyt},{c.cwhy}),'
              f'IF({c.tnum}="{TYPED_TEXT}",{c.whyt},{c.whyc})))))')
    return f'IF({c.kind}="bad","row "&ROW()&": "&{reason},"")'


def whybd(c: Row) -> str:
    """Why a line's Board keeps it from being read: laid out among another board's lines (:data:`AWAY_WORDS`), or
    no board number (``'12a'`` and :data:`~mpxl.core.rules.NOT_A_BOARD`); else blank."""
    return f'IF({c.away}=1,"{AWAY_WORDS}",IF({c.bbad}=1,{quoted(c.board)}&" {NOT_A_BOARD}",""))'


def badend(c: Row) -> str:
    """For an unreadable line, how many rows it is from one past the sheet's last row (the board's first
    unreadable line has the largest: the Status finds it by MAX); 0 for the others."""
    return f'IF({c.kind}="bad",{BEYOND}-ROW(),0)'


# ------------------------------------------------- Travellers: typed forms read as mpxl score reads them
# A score typed as text is a whole number (mpxl.core.rules.WHOLE_TEXT: 420, +420, 420.00) within any contract's; a
# number that is none (4.20, 8000), or text that only looks like one (1,5, 4e2, −50), gets mpxl score's words; a code
# (in Adjustment, or typed as a score) not read gets the readers' words (mpxl.formats.common.check_entry).


def _view_read(c: Row, s: Side) -> str:
    """The view's code number text read as a number in any locale (:func:`mpxl.core.rules.sheet_number`), else blank."""
    return f'IFERROR({sheet_number(c[s].vn)},"")'


def tkw(c: Row) -> str:
    """Tricks (clean)'s form: 1 a whole number typed as text (:data:`mpxl.core.rules.WHOLE_TEXT`: 10, 10.0); 2 a result
    (a sign, =, made or m first: :func:`mpxl.core.contract.tricks_from_result` reads it); else 0."""
    x = c.tkt
    result = (f'OR(LEFT({x})={{{",".join(chr(34) + m + chr(34) for m in RESULT_SIGNS)}}},LEFT({x},4)="MADE",{x}="M",'
              f'AND(LEFT({x})="M",NOT(ISNUMBER(FIND(MID({x},2,1),"{LETTERS}0123456789")))))')
    return f'IF({is_whole(x)},1,IF({result},2,0))'


def tlk(c: Row) -> str:
    """The typed text's number form: 2 a whole number without its sign (:data:`mpxl.core.rules.WHOLE_TEXT`: 420, 420.0);
    1 text that only looks like a number, every character a digit, a sign, a point, a comma, an underscore, an e,
    a space, the unicode minus or a fullwidth digit (:data:`mpxl.core.rules.NUMBER_LIKE`:
    4.20, 1,5, 4e2, −50); else 0."""
    tt = c.tt
    chars = ",".join(f'"{ch}"' for ch in NUMBER_LIKE)
    return f'IF({is_whole(c.tu)},2,IF(SUMPRODUCT(LEN({tt})-LEN(SUBSTITUTE({tt},{{{chars}}},"")))=LEN({tt}),1,0))'


def tnw(c: Row) -> str:
    """Why a typed number is no score, after it (mpxl.core.rules.plain_score's words): a number not whole, or beyond any
    contract; text that only looks like a number; blank for any other."""
    t, form = c.typed, c.tlk
    beyond = f'IF(ISNUMBER({t}),{t}=INT({t}),{form}=2)'  # whole: then beyond any contract
    return (f'IF({c.tnum}<>"{TYPED_TEXT}","",IF({beyond}," {BEYOND_ANY_CONTRACT}",'
            f'IF(OR(ISNUMBER({t}),{form}=1)," {NOT_WHOLE}","")))')


def abare(c: Row) -> str:
    """1 when Adjustment (clean) is a bare number (a sign, digits and a point: 60, -2.5), which no reader takes for
    a code (a score of 60, or 60%?), else 0."""
    return f'IF({c.adj}="",0,IF({is_decimal(unsigned(c.adj))},1,0))'


def ckind(c: Row) -> str:
    """Which words a code not read gets (:func:`mpxl.formats.common.check_entry`): 1 a bare number; 2 text that
    starts with a letter and has no number and % (no score or known code); 3 any other (no score)."""
    k = c.adj
    pct = f'IFERROR(ISNUMBER(-MID({k},FIND("%",{k})-1,1)),FALSE)'
    return f'IF({c.abare}=1,1,IF(AND(ISNUMBER(FIND(LEFT({k}),"{LETTERS}")),NOT({pct})),2,3))'


def cwhy(c: Row) -> str:
    """Why the code (the Adjustment, or a typed score read as a code) is not read, after it, in ``mpxl score``'s
    words (Code words)."""
    x = f'IF(TRIM({c.adjustment}&"")="",{c.tt},{c.adjustment})'
    return f'{quoted(x)}&CHOOSE({c.ckind}," {BARE_ADJUSTMENT}"," {NOT_A_CODE}"," {NOT_A_SCORE}")'


def _view_number(c: Row, s: Side) -> str:
    """A split side's code without its A and a trailing % (A55% -> 55): the number its view code % reads."""
    k = c[s].vk
    return f'IF({k}="","",MID({k},2,LEN({k})-1-(RIGHT({k})="%")))'


def _contract_words(crow: str) -> str:
    """The contract of Contract row ``crow`` as ``mpxl score`` writes it in a message (4S, 3NT, 2Hx: level, strain,
    an x per double), from the order of the rulebook's contract keys (level, strain spelling, doubling mark)."""
    keys = contract_keys()
    marks, per_level = len(DOUBLING_MARKS), len(keys) // 7
    strains = [strain.value for _, _, strain, _ in keys[:per_level:marks]]
    doubled = [d for _, _, _, d in keys[:marks]]
    assert all(keys[i][2].value == strains[(i % per_level) // marks] and keys[i][3] == doubled[i % marks]
               for i in range(len(keys)))
    names = ",".join(f'"{x}"' for x in strains)
    strain = f'INDEX({{{names}}},MOD(INT(({crow}-1)/{marks}),{len(strains)})+1)'
    x = f'REPT("x",INDEX({{{",".join(map(str, doubled))}}},MOD({crow}-1,{marks})+1))'
    return f'(INT(({crow}-1)/{per_level})+1)&{strain}&{x}'


def tkwhy(c: Row) -> str:
    """Why Tricks is not read, in ``mpxl score``'s words
    (:func:`mpxl.core.contract.tricks_from_result`): a result (=, +1,
    -2, made) not understood or impossible for the contract; else tricks that are no whole number, or out of range."""
    raw, x = c.tricks, c.tkt
    made = ",".join(f'"{m}"' for m in RESULT_MADE)
    words = f'IF(OR(OR({x}={{{made}}}),ISNUMBER({c.tkd}))," is impossible"," not understood")'
    whole = f'IF(ISNUMBER({raw}),INT({raw})={raw},{c.tkw}=1)'
    number = (f'IF({whole},TRIM({raw})&" out of range; expected the tricks taken by declarer, 0-13",'
              f'{quoted(raw)}&" is not a whole number; expected the tricks taken by declarer, 0-13, or a result like '
              f'=, +1, -2")')
    return (f'IF({x}="","tricks missing",IF({c.tkw}=2,"result "&{quoted(raw)}&{words}&" for "&{c.tcw},'
            f'"tricks "&{number}))')


def tcw(c: Row) -> str:
    """The contract as ``mpxl score`` writes it in a message (4S, 3NT, 2Hx) and the results it allows (``4S: expected
    = or +0 to +3 or -1 to -10``); blank when not read."""
    crow = c.crow
    level = f'(INT(({crow}-1)/{len(contract_keys()) // 7})+1)'
    expected = f'": expected = or +0 to +"&(7-{level})&" or -1 to -"&({level}+6)'
    return f'IF(ISNUMBER({crow}),{_contract_words(crow)}&{expected},"")'


def arul(c: Row) -> str:
    """1 when the Adjustment holds a ruling (a split, weighted or mixed score: a bar, or a % that is no code such
    as 60%, A60%, 60%/40% or 60%-40%), which replaces the score as in a CSV file's adjustment; else 0."""
    rest = sheet_key(c.adjustment)
    for ch in "0123456789.%/A":
        rest = f'SUBSTITUTE({rest},"{ch}","")'
    a = c.adjustment
    # Bridgemate's 60%-40% is a code: a hyphen where the key ends in % (mpxl.core.rules.percent_pair_key)
    rest = f'SUBSTITUTE({rest},"-",IF(RIGHT(TRIM({a}))="%","","-"))'
    return f'IF(OR(ISNUMBER(FIND("|",{a})),AND(ISNUMBER(FIND("%",{a})),{rest}<>"")),1,0)'


#: This stage's Travellers columns, in the sheet's order but where a column names the one it follows (``after``:
#: :func:`mpxl.workbook.columns.merged`).
COLUMNS = [
    col("board", "Board", width=7, kind="input", align="center", across="Boards"),
    *twin("{s}_pair", "{V} pair", family="pair", width=8, kind="input", align="center", across="{V}Pairs"),
    col("contract", "Contract", width=9, kind="input", text=True, align="center"),
    col("by", "By", width=5, kind="input", text=True, align="center"),
    # typed and kept as text: a result typed +1 would be the number 1 (one trick) in a General cell, -1 the number -1
    col("tricks", "Tricks", width=7, kind="input", text=True, align="center"),
    col("typed", "Typed score", width=9, kind="input"),
    col("adjustment", "Adjustment", width=11, kind="input", text=True),
    col("group", "Group", width=7, kind="input", text=True, align="center"),
    col("switch", "Arrowswitch", width=7, kind="input", text=True, align="center"),
    col("section", "Section", width=7, kind="input", text=True, align="center", note=(
        "The line's section (A, B...); blank when the event has one section.")),
    col("session", "Session", width=7, kind="input", align="center", note=(
        "The line's session (1, 2...); blank is session 1.")),
    col("ns_score", "NS score", ns_score, width=9, kind="formula", across="NSScores", note=(
        "The Typed score if there is one (a number, or text such as +420), else the Contract NS score.")),
    *twin("{s}_pen", "{V} penalty", family="pen", width=8, kind="input", text=True, align="center",
          after="ewlp", note=(
        "A procedural penalty: on a line, the matchpoints (2) or the percentage of the board's top (10%) "
        "taken off the NS figure before it is rounded; on a penalty row (Adjustment Pen), the matchpoints "
        "taken off the NS pair's total (-4 is a bonus of 4), the board's figures untouched.",
        "The same for EW: on a line off the EW figure; on a penalty row off the EW pair's total.")),
    # the first helper: the hidden helper columns' group takes its width
    col("sess", "Session number", sess, across="SessionNos", width=11, note=(
        "The line's session: the Session typed, or 1 when blank.")),
    col("sec", "Section (clean)", sec, note=(
        "The line's section: the Section typed, white space trimmed (blank when one section).")),
    col("fkey", "Field", fkey, across="FieldKeys", note=(
        "The field the board is matchpointed in: session | section (session | blank when Setup scores the "
        "sections across the field).")),
    col("bkey", "Board key", bkey, across="BoardKeys", note=(
        "The board within its field: field | board. Every per-board count looks across this key.")),
    col("hk", "Board's rows", hk, across="BoardRowKeys", note=(
        "Where each board's lines are laid out together (a scored or laid-out workbook): the Board key most lines "
        "of the board's rows share (Board's share; the first such), whose lines every per-board count of the line "
        "reads alone; blank when each of two or more lines there holds another board (sorted by another column), "
        "and otherwise.")),
    col("away", "Away from its board", away, note=(
        "1 on a line whose Board, Section or Session was typed over so that it sits among another board's lines "
        "(or, below the boards' rows, a line of a board that has rows of its own): it is unreadable, and its "
        "board's status names it. Else 0.")),
    *twin(("nskey", "ewkey"), "{V} pair key", (nskey, ewkey), family="pair_key", across="{V}PairKeys", note=(
        "The NS pair within its section: section | NS pair (what Pairs sums by).",
        "The EW pair within its section: section | EW pair.")),
    col("vul", "Vulnerable", vul, note=(
        "The board's vulnerability from its number: the 16-board cycle (Help, VulCycle).")),
    col("ct", "Contract (clean)", ct, note=(
        "The Contract in capitals, white space removed, a suit symbol or name as its letter (3 nt* -> 3NT*, "
        "4♠ -> 4S, 2 hearts -> 2H).")),
    col("crow", "Contract row", crow, note=(
        "The contract's row in the Help sheet's contract table (ContractKeys); blank if it is not there.")),
    col("decl", "Declarer", decl, note=(
        "By as a seat: N, E, S or W (North, East... too, white space ignored); ? when it is something else.")),
    col("dvul", "Declarer vulnerable", dvul, note=(
        "1 when the declarer's side is vulnerable on this board, else 0.")),
    col("dscore", "Declarer score", dscore, note=(
        "The declarer's score looked up in the Help sheet's contract table (Law 77): row, then Tricks "
        "(number) 0-13 not vulnerable or vulnerable.")),
    col("cscore", "Contract NS score", cscore, note=(
        "0 for a passed-out board; the declarer score, negated for E/W; ? when the contract, By or Tricks "
        "cannot be read.")),
    col("tt", "Typed (text)", tt, note=(
        "The Typed score as text, white space trimmed: spaces, tabs, line breaks and non-breaking spaces "
        "(only white space is blank, as mpxl reads it); a ruling typed in Adjustment is read here instead.")),
    col("tu", "Typed (unsigned)", tu, note="The typed text without its leading + or - sign."),
    col("tnum", "Typed number", tnum, note=(
        "The Typed score as a number when it is a bridge score: a whole number within 7600 either way, typed "
        "as a number or as text (an optional sign, digits, a point and zeros only: 420, +420, 420.0); text "
        "for any other (a ruling such as -150 bar -50 or 30% 420 + 70% 450, a code such as A+, or a text Why "
        "names).")),
    col("adj", "Adjustment (clean)", adj, note=(
        "The Adjustment in capitals, white space removed (spaces, tabs, non-breaking spaces...); with no "
        "Adjustment, the Typed score when it is a code (A+, 60/40, 60%, 60%-40%, NP, a word), as mpxl reads a"
        " score cell.")),
    col("adjl", "NS code", adjl, note=(
        "The NS side of the Adjustment (left of /, or of the hyphen of Bridgemate's 60%-40%).")),
    col("adjr", "EW code", adjr, note=(
        "The EW side of the Adjustment (right of /, or of the hyphen of Bridgemate's 60%-40%).")),
    col("ub", "USEBIO code", ub, note=(
        "1 when the Adjustment is a USEBIO code: A and two halves of 2 or 3 digits (A6040: NS 60, EW 40).")),
    *twin(("nspct", "ewpct"), "{V} %", (nspct, ewpct), family="pct", note=(
        "The NS percentage: USEBIO A6040's first half, else the NS code's from the Help table (A+ 60, A 50, "
        "A- 40...), else NS code number (A55, 55%).",
        "The EW percentage: the right side, or 100 minus NS when one code is given.")),
    col("kind", "Kind", kind, across="Kinds", note=(
        "R a result, A an artificial score, NP not played (NP, NOTPLAYED, BYE, SITOUT, SIT-OUT, -, X), P a "
        "penalty row (Adjustment Pen), bad unreadable (or a result without its NS or EW pair, with an "
        "arrowswitch mark or a penalty not read), blank when nothing is typed or for a sit-out (a not-played "
        "code with one pair alone: a table with no opponents, not a line); a line with an Adjustment takes "
        "Kind (adjustment).")),
    col("sw", "Switched", sw, after="k", note=(
        "1 when the table played the board arrowswitched (Y, yes, X, 1...), 0 when not (blank, N, no, 0); ? "
        "for anything else (the line is then unreadable), as mpxl score reads the arrowswitch column.")),
    col("tkt", "Tricks (clean)", tkt, after="shares", note="The Tricks in capitals, white space removed."),
    col("tk", "Tricks (number)", tk, note=(
        "Tricks as a number: a number 0-13, or a result against the contract (=, made, +1, -2) as mpxl reads "
        "it; ? otherwise.")),
    col("why", "Why unreadable", why, across="LineWhys", note=(
        'For an unreadable line, what is wrong, with its row (row 12: contract "4Q" not understood): Why '
        "(penalty) first, then Why (pairs, arrowswitch) when an adjustment or a score is typed, else the "
        "adjustment, Why (typed score) or Why (contract).")),
    col("swt", "Arrowswitch (clean)", swt, after="avg", note=(
        "The Arrowswitch mark in capitals, white space removed (the rulebook's key): what Switched reads.")),
    col("byt", "By (clean)", byt, note=(
        "By in capitals, white space and the marks . - / _ removed (N. -> N): what Declarer reads.")),
    col("unfit", "Line incomplete", unfit, note=(
        "1 when the line lacks its NS or EW pair, its arrowswitch mark is not read (Switched ?) or a penalty "
        "is not read (NS or EW penalty (number) ?), else 0: such a line is unreadable unless nothing is typed"
        " on it.")),
    *twin("{s}v", "{V} code (number text)", _code_text, family="code_text", note=(
        "The NS code (left of /) without a leading A or a trailing % (A55 -> 55, 55% -> 55).",
        "The EW code (right of /) without a leading A or a trailing %.")),
    *twin("{s}n", "{V} code number", _code_number, family="code_number", note=(
        "{V} code (number text) as a number when it is digits with at most one decimal point; else blank.")),
    *twin("{s}row", "{V} code (Help row)", _code_row, family="code_row", note=(
        "The NS code's row in the Help sheet's code table (CodeNames: A+, AVE-...); blank if it is not there.",
        "The EW code's row in the Help sheet's code table (CodeNames); blank if it is not there.")),
    col("tkd", "Tricks over or under", tkd, note=(
        "A result's tricks over or under the contract as a signed number (+1 -> 1, -2 -> -2, =0 -> 0); blank "
        "when Tricks (clean) is not =, + or - followed by digits.")),
    col("tkr", "Tricks from the result", tkr, note=(
        "Tricks from a result against the contract: the level + 6 for = or made, plus Tricks over or under; ?"
        " when the contract is not read or the text is not a result (=1, -0, ten); blank when Tricks is "
        "blank, a number or digits.")),
    col("whyp", "Why (pairs, arrowswitch)", whyp, note=(
        "On an unreadable line: NS pair missing, EW pair missing, or the arrowswitch mark not read; else "
        "blank.")),
    col("whyt", "Why (typed score)", whyt, note=(
        "When the Typed score is not read, mpxl score's words: with a bar or a % sign, Why (ruling); a number"
        " not whole or beyond any contract, or text that only looks like one (1,5, 4e2); else a code not "
        "read.")),
    col("whyc", "Why (contract)", whyc, note=(
        "With nothing typed in Typed score and a contract that cannot be scored (Contract NS score ?): "
        "whether the contract, By or Tricks is not understood or missing; else blank.")),
    col("whyb", "Why, and the board's others", whyb, across="BoardWhys", note=(
        "On an unreadable line: its Why unreadable, and how many more unreadable lines its board has; what "
        "the board's Status shows for its first unreadable line.")),
    col("badend", "Unreadable (rows to the end)", badend, across="UnreadableToEnd", note=(
        "On an unreadable line, 1,048,577 less its row (the board's first unreadable line has the largest, "
        "which the Status finds with MAX); 0 on the others.")),
    *twin("{s}pb", "{V} pair blank", _pair_blank, note=(
        "1 when the NS pair is blank: nothing, or white space only (spaces, tabs, non-breaking spaces), as "
        "mpxl score reads a blank cell; else 0.",
        "1 when the EW pair is blank (white space only counts as blank); else 0.")),
    col("kcode", "Kind (adjustment)", kcode, after="rend", note=(
        "On a line with an Adjustment: P a penalty row (bad when Why (penalty) says why not), NP not played "
        "(NP, NOTPLAYED, BYE, SITOUT, SIT-OUT, -, X), blank for a sit-out (one pair alone), A an artificial "
        "score, bad for a code not understood or a line without its pairs.")),
    col("tkw", "Tricks form", tkw, after="ewof", note=(
        "Tricks (clean)'s form: 1 a whole number typed as text (10, 10.0, 10.); 2 a result (a sign, =, made "
        "or m first: =, +1, -2, made); else 0.")),
    col("tlk", "Typed number form", tlk, note=(
        "The typed text's number form: 2 a whole number without its sign (420, 420.0, 420.); 1 text that only"
        " looks like a number (4.20, 1,5, 4e2, a unicode minus, fullwidth digits); 0 any other.")),
    col("tnw", "Why (typed number)", tnw, note=(
        "Why a typed number is no score, in mpxl score's words: not a whole number (4.2), or beyond any "
        "contract (8000); blank for any other.")),
    col("abare", "Adjustment bare number", abare, note=(
        "1 when Adjustment (clean) is a bare number (60, -2.5): a score of 60, or 60%? never guessed; else 0.")),
    col("ckind", "Code words", ckind, note=(
        "Which words a code not read gets, as mpxl score's: 1 a bare number; 2 text that starts with a letter"
        " (no score or known code); 3 any other (no score).")),
    col("cwhy", "Why (code)", cwhy, note=(
        "Why the code (the Adjustment, or a Typed score read as a code: A+, 60/40, NP, a word) is not read, "
        "in mpxl score's words.")),
    *twin("{v}vn", "{V} view code number", _view_number, note=(
        "The {V} view's code without its A and a trailing % (A55% -> 55): the number read.")),
    col("tcw", "Contract (words)", tcw, note=(
        "The contract as mpxl score writes it in a message (4S, 3NT, 2Hx) and the results it allows (4S: "
        "expected = or +0 to +3 or -1 to -10); blank when not read.")),
    col("tkwhy", "Why (tricks)", tkwhy, note=(
        "Why Tricks is not read, in mpxl score's words: missing; a result (=, +1, -2, made) not understood or"
        " impossible for the contract; tricks that are no whole number, or out of range.")),
    col("arul", "Adjustment ruling", arul, note=(
        "1 when the Adjustment holds a ruling (a bar, or a % that is no code: 30% 420 + 70% 450), read as the"
        " Typed score is (it replaces the score, as in a CSV file's adjustment); else 0.")),
    col("hs", "Board's share", hs, after="ewfk", note=(
        "Where each board's lines are laid out together: how many lines of the board's rows have the line's "
        "Board key (0 with no Board); Board's rows is the key most of them share. 0 otherwise.")),
    col("bclean", "Board (clean)", bclean, note="The Board as text, white space trimmed."),
    col("bnum", "Board (number)", bnum, note=(
        "The Board as mpxl score reads it: a number, or a whole number typed as text (7, 7.0, ' 7 ') as that "
        "number; any other text as typed. The Board key and the vulnerability read it.")),
    col("bbad", "Board not a number", bbad, note=(
        "1 when the Board typed is no board number (12a, B7, twelve, 0, 2.5): mpxl score refuses it, and the line "
        "is unreadable once anything is typed on it; else 0.")),
    col("bend", "No board (rows to the end)", bend, across="NoBoardToEnd", note=(
        "On an unreadable line whose Board is no board number, 1,048,577 less its row (the first such line has "
        "the largest: the check above the per-board block finds it with MAX, as no board's Status can); else "
        "0.")),
    col("whybd", "Why (board)", whybd, note=(
        "Why the line's Board keeps it from being read: it sits among another board's lines (Away from its board),"
        " or it is no board number (Board not a number); else blank. Why unreadable says it first.")),
    col("samep", "One pair both sides", samep, note=(
        "1 when Setup's Winners is 1 and the line's NS and EW pair are one number (NS 3 against EW 3: a "
        "Mitchell's numbering read as one ranking, a pair playing itself); the line is then unreadable. Else 0.")),
    # added last: every earlier column keeps its letter
    *twin("{v}vr", "{V} view code number (read)", _view_read, note=(
        "{V} view code number as a number, its decimal point read as the point whatever the spreadsheet's "
        "language (57.5 in a German or French one too); blank when no number.")),
]
