"""The template's formulas: one short function per column, written from the rulebook.

Each function takes the row's cells (``c["kind"]`` is this row's Kind cell, ``AN5``)
and gives the formula without its ``=``. The Setup values are defined names (``Scale``,
``N``, ``Top``, ``MethodNo``...), the Travellers columns looked across are defined names of
their data rows (``Boards``, ``Kinds``, ``GroupKeys``...), and the Help tables too
(``ContractScores``, ``NotPlayedCodes``, ``CodeNames``...). Every rule comes from
:mod:`mpxl.core.rules`: the k of each method, the estimate, the small-group rules, the raw
matchpoints, the artificial matchpoints, the kinds that count towards N, the codes.

Only Excel 2010 functions (no LET, XLOOKUP, FILTER, dynamic arrays); LibreOffice 7.x
recalculates every one. A typed text is looked up in a Help list by MATCH only when it holds
no ``*``, ``?`` or ``~`` (MATCH's wildcards), so the lookup is exact.

>>> f = traveller_formulas(5)
>>> f["ns_mp"]
'=IF(OR(BF5="",BF5="NP",BF5="P"),"",IF(BG5>0,"?",IF(GS5=0,CG5,CI5)))'
>>> f["k"].startswith('=IF(BF5="R",CHOOSE(MethodNo,DJ5/BI5,1,(DJ5+BI5-1)/BI5,')
True
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping

from ..core.adjustments import (
    BARE_ADJUSTMENT,
    NOT_A_CODE,
    NOT_A_SCORE,
    PART_SEPARATORS,
    SPLIT_FORM,
    WEIGHT_ABOVE_ZERO,
    WEIGHT_MARKS,
    WEIGHTS_TOTAL,
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
from ..core.methods import Method
from ..core.rules import (
    ARROWSWITCH_NO,
    ARROWSWITCH_YES,
    ARTIFICIAL_MP,
    AVE,
    BEYOND_ANY_CONTRACT,
    COUNTS_TOWARDS_N,
    ESTIMATE_LINE,
    ESTIMATES_FULL_BOARDS,
    FIXED_TOP_SCALES,
    K_RULES,
    LONE_RESULT_PERCENTAGE,
    MAX_SCORE,
    MISSED_BOARD_CREDIT,
    NOT_PLAYED_CODES,
    NOT_WHOLE,
    NUMBER_LIKE,
    PENALTY_ROW_CODES,
    PERCENT_PAIR_JOIN,
    RAW_MP,
    ROUNDING_KINDS,
    ROUNDING_SCALED,
    SCALE_AVERAGE,
    SCALE_OFFSET,
    SCALE_PERCENTAGE,
    SCALE_TOP,
    SCALED_TOTAL,
    SCALES,
    SIDE_SPELLINGS,
    SMALL_GROUP_PERCENTAGE,
    SMALL_GROUP_RULES,
    UNPLAYED_CREDITS,
    contract_keys,
    sheet_blank,
    sheet_key,
    sheet_percent_pair,
    sheet_text,
)
from ..core.settings import (
    AvePolicy,
    EstimateAt,
    Field,
    LoneResult,
    MixedLine,
    PercentageBasis,
    Places,
    RoundingOrder,
    Scale,
    SmallGroups,
    Tie,
    TotalsFrom,
    Unplayed,
)
from .layout import (
    FIELD_NAMES,
    FIRST_ROW,
    HEADER_ROW,
    PAIRS_COLUMNS,
    PAIRS_RANGE_NAMES,
    PARTS,
    ROUNDING_RULES,
    SETUP_CELL_OF,
    SETUP_NAMES,
    SMALL_GROUP_NAMES,
    TOTALS_COLUMNS,
    TRAVELLER_COLUMNS,
    TRAVELLER_RANGE_NAMES,
)

__all__ = ["traveller_formulas", "block_formulas", "pairs_formulas", "totals_formulas", "setup_formulas",
           "rounding_formula", "tie_formula", "scaled_formula", "scale_index", "scale_unit", "scale_centred",
           "scale_fixed_top",
           "methods_k",
           "methods_raw", "methods_raw_pct", "methods_estimate", "methods_pct", "TRAVELLER", "BLOCK", "PAIRS", "TOTALS"]

S = SETUP_NAMES  # Setup key -> defined name
CELL = SETUP_CELL_OF  # a convention's type -> the defined name of its Setup cell (LoneResult -> LoneResult)
R = TRAVELLER_RANGE_NAMES  # Travellers column key -> defined name of its data rows
P_R = PAIRS_RANGE_NAMES
ACROSS = FIELD_NAMES[1]  # the Setup's "event": sections matchpointed across the field
U, CENTRED = S["scale_unit"], S["centred"]  # the Setup scale's arithmetic unit (2 or 1) and centring (1 signed)


class Cells:
    """The cells of one row: ``Cells(5, TRAVELLER_COLUMNS)["kind"]`` -> ``AN5``."""

    def __init__(self, row: int, columns: Mapping[str, str]) -> None:
        self.row, self.columns = row, columns

    def __getitem__(self, key: str) -> str:
        return f"{self.columns[key]}{self.row}"


# ------------------------------------------------------------------ small pieces

def _digit_count(u: str) -> str:
    """How many of text ``u``'s characters are digits."""
    return f'SUMPRODUCT(LEN({u})-LEN(SUBSTITUTE({u},{{0,1,2,3,4,5,6,7,8,9}},"")))'


def _decimal(u: str) -> str:
    """TRUE when text ``u`` is a number without its sign as the rulebook reads one typed as text
    (:data:`mpxl.core.rules.NUMBER_TEXT`): digits with at most one decimal point anywhere (``7.5``, ``2.``, ``.5``):
    without its digits it is nothing or a point, and it is more than that."""
    rest = u
    for d in "0123456789":
        rest = f'SUBSTITUTE({rest},"{d}","")'
    return f'AND(OR({rest}={{"","."}}),{u}<>"",{u}<>".")'


def _whole(u: str, value: str = "") -> str:
    """TRUE when text ``u`` is a whole number without its sign as the rulebook reads one typed as text
    (:data:`mpxl.core.rules.WHOLE_TEXT`): digits, then a decimal point and zeros only if any (``420``, ``420.00``).
    ``value`` is the number it reads as (``VALUE(u)`` unless given: the signed text's)."""
    rest = u
    for d in "0123456789":
        rest = f'SUBSTITUTE({rest},"{d}","")'
    return f'IFERROR(AND(OR({rest}={{"","."}}),LEFT({u})<>".",MOD({value or f"VALUE({u})"},1)=0),FALSE)'


def _unsigned(t: str) -> str:
    """Text ``t`` without one leading sign (+ or -)."""
    return f'MID({t},1+OR(LEFT({t})={{"+","-"}}),99)'


def _plain_score(x: str, sign: str = "1") -> str:
    """The score ``sign`` x number ``x`` when it is a bridge score (:func:`mpxl.core.rules.plain_score`: whole, at most
    MAX_SCORE either way), else the text for a ruling or a message (:data:`TYPED_TEXT`)."""
    return f'IF(AND({x}=INT({x}),ABS({x})<={MAX_SCORE}),{sign}*{x},"{TYPED_TEXT}")'


def _match(name: str, x: str) -> str:
    """The position of text ``x`` in the Help list ``name``, exactly, or blank. MATCH reads ``?``, ``~``
    and ``*`` as wildcards: a text with ``?`` or ``~`` is looked up nowhere (no entry has one), and
    ``*`` (a doubling mark in the contract keys, 4S*) is looked up as itself (``~*``)."""
    wild = f'OR(ISNUMBER(FIND("?",{x})),ISNUMBER(FIND("~",{x})))'
    return f'IF({wild},"",IFERROR(MATCH(SUBSTITUTE({x},"*","~*"),{name},0),""))'


def _in_list(name: str, x: str) -> str:
    """TRUE when ``x`` is exactly one of the Help list ``name``."""
    return f"ISNUMBER({_match(name, x)})"


def _count_kinds(kinds: Iterable[str], board_key: str) -> str:
    return "+".join(f'COUNTIFS({R["bkey"]},{board_key},{R["kind"]},"{k}")' for k in kinds)


def _session(x: str) -> str:
    """A Session cell as its number: blank (or not a number) is session 1."""
    return f"IF(ISNUMBER({x}),{x},1)"


def _field_key(session: str, section: str) -> str:
    """The field a board's results are matchpointed in: the session, and the section unless Setup
    scores the sections across the field."""
    return f'{session}&"|"&IF({CELL[Field]}="{ACROSS}","",{section})'


def _is_kind(c: Cells, kinds: Iterable[str]) -> str:
    return "OR(" + ",".join(f'{c["kind"]}="{k}"' for k in kinds) + ")"


def _scale_constant(values: Iterable[int | str]) -> str:
    """An Excel array constant of the rulebook's scales, one value each: ``{2,1,"signed"}``."""
    return "{" + ",".join(f'"{v}"' if isinstance(v, str) else str(v) for v in values) + "}"


#: Every scale as (unit, centred, fixed top: 0 for none), in :class:`mpxl.core.settings.Scale`'s order: the
#: rulebook's matchpoint scales (:data:`mpxl.core.rules.SCALES`), then its fixed-top ones (``FIXED_TOP_SCALES``).
_ALL_SCALES: dict[str, tuple[int, int, int]] = {**{k: (*v, 0) for k, v in SCALES.items()}, **FIXED_TOP_SCALES}


def scale_index(x: str) -> str:
    """The position of scale cell ``x``'s value among the rulebook's scales (:data:`mpxl.core.rules.SCALES`, then
    ``FIXED_TOP_SCALES``), as the sheet spells them (2, 1, signed, percent: :attr:`mpxl.core.settings.Scale.number`);
    #N/A for another value.

    >>> scale_index("Scale")
    'MATCH(Scale,{2,1,"signed","percent"},0)'
    """
    return f"MATCH({x},{_scale_constant(Scale(v).number for v in _ALL_SCALES)},0)"


def scale_unit(index: str) -> str:
    """The scale's arithmetic unit (:data:`mpxl.core.rules.SCALES`): 2 per result beaten, 1 on the single scale."""
    return f"INDEX({_scale_constant(unit for unit, _, _ in _ALL_SCALES.values())},{index})"


def scale_centred(index: str) -> str:
    """1 on a centred scale (signed), else 0 (:data:`mpxl.core.rules.SCALES`)."""
    return f"INDEX({_scale_constant(centred for _, centred, _ in _ALL_SCALES.values())},{index})"


def scale_fixed_top(index: str) -> str:
    """The top every board is reported on (``FIXED_TOP_SCALES``: 100 on the percent scale), 0 for none.

    >>> scale_fixed_top("ScaleNo")
    'INDEX({0,0,0,100},ScaleNo)'
    """
    return f"INDEX({_scale_constant(top for _, _, top in _ALL_SCALES.values())},{index})"


def _top(unit: str, centred: str, E: str) -> str:
    return SCALE_TOP.excel(unit=unit, centred=centred, E=E)


def _artificial(pct: str, top: str, centred: str = CENTRED) -> str:
    return ARTIFICIAL_MP.excel(pct=pct, Top=top, centred=centred)


def scaled_formula(x: str) -> str:
    """The figure ``x`` in whole units of its last decimal (:data:`mpxl.core.rules.ROUNDING_SCALED`, ``Unit``),
    cleaned of float noise (``ROUND(..., 6)``: a half of a unit is then exactly .5): the Scaled columns.

    >>> scaled_formula("Z5")
    'ROUND(Z5*Unit,6)'
    """
    return f"ROUND({ROUNDING_SCALED.excel(x=x, Unit=S['unit'])},6)"


def rounding_formula(x: str, v: str, average: str = SCALE_AVERAGE.excel(Top=S["top"], centred=CENTRED),
                     index: str = S["rounding_index"], unit: str = S["unit"]) -> str:
    """The Excel expression that rounds the figure ``x`` by the Setup rounding rule (``RoundingNo``):
    the rulebook's :data:`mpxl.core.rules.ROUNDING_KINDS` in order, each over ``v``, the cell holding
    :func:`scaled_formula` of ``x``, and ``average`` (the board's: an ebu half goes towards it).
    ``index`` and ``unit`` name another rule and its unit (the totals': ``TotalsRoundingNo``, ``TotalsUnit``).

    >>> rounding_formula("Z5", "AA5", "AB5")[:35]          # half-up first: ROUND, a half away from zero
    'CHOOSE(RoundingNo,ROUND(AA5,0)/Unit'
    """
    forms = [ROUNDING_KINDS[kind].excel(x=x, v=v, Unit=unit, average=average) for kind in ROUNDING_RULES]
    return f"CHOOSE({index}," + ",".join(forms) + ")"


def tie_formula(x: str, v: str, unit: str) -> str:
    """The Excel expression that rounds the percentage ``x`` by Setup's Percentage rounding (the
    rulebook's :data:`mpxl.core.rules.ROUNDING_KINDS` of each :class:`mpxl.core.settings.Tie`), over ``v``, the
    cell holding it in units of ``unit``.

    >>> tie_formula("Z5", "AA5", "PctUnit")[:64]
    'CHOOSE(MATCH(PctRounding,{"half-up","half-even"},0),ROUND(AA5,0)'
    """
    ties = ",".join(f'"{t.value}"' for t in Tie)
    forms = [ROUNDING_KINDS[t.value].excel(x=x, v=v, Unit=unit, average="0") for t in Tie]
    return f'CHOOSE(MATCH({CELL[Tie]},{{{ties}}},0),' + ",".join(forms) + ")"


# ------------------------------------------------- Travellers: session, section, keys

def sess(c: Cells) -> str:
    return _session(c["session"])


def sec(c: Cells) -> str:
    return sheet_text(c["section"])


def fkey(c: Cells) -> str:
    return _field_key(c["sess"], c["sec"])


def bkey(c: Cells) -> str:
    return f'IF({c["board"]}="","",{c["fkey"]}&"|"&{c["board"]})'


def nskey(c: Cells) -> str:
    """section | NS pair, the pair as the rulebook's text (white space around it dropped: ' 7 ' is pair 7)."""
    return f'{c["sec"]}&"|"&{sheet_text(c["ns_pair"])}'


def ewkey(c: Cells) -> str:
    return f'{c["sec"]}&"|"&{sheet_text(c["ew_pair"])}'


# ------------------------------------------------------------ Travellers: contract

_VUL_NS = [v.value for v in Vulnerability if v.is_vulnerable(Direction.N)]
_VUL_EW = [v.value for v in Vulnerability if v.is_vulnerable(Direction.E)]


def vul(c: Cells) -> str:
    return f'IF(ISNUMBER({c["board"]}),INDEX(VulCycle,MOD({c["board"]}-1,{len(BOARD_CYCLE)})+1),"")'


#: What the contract table spells a strain with; every other spelling the core reads (suit symbols,
#: SPADES, NOTRUMP...) is written over to it, longest first, before the lookup.
_SHEET_STRAINS = {"C", "D", "H", "S", "N", "NT"}
_STRAIN_WORDS = sorted(((k, v) for k, v in STRAIN_SPELLINGS.items() if k not in _SHEET_STRAINS),
                       key=lambda kv: (-len(kv[0]), kv[0]))


def ct(c: Cells) -> str:
    x = sheet_key(c["contract"])
    for word, letter in _STRAIN_WORDS:
        x = f'SUBSTITUTE({x},"{word}","{letter}")'
    return x


def crow(c: Cells) -> str:
    return f'IF({c["ct"]}="","",{_match("ContractKeys", c["ct"])})'


def byt(c: Cells) -> str:
    """By cleaned once: the rulebook's key (capitals, no white space) without the separators a seat may
    carry (N. and n-: as :meth:`mpxl.core.contract.Direction.find` reads them)."""
    x = sheet_key(c["by"])
    for mark in KEY_SEPARATORS:
        x = f'SUBSTITUTE({x},"{mark}","")'
    return x


def decl(c: Cells) -> str:
    """The declarer's seat, N, E, S or W, by the rulebook's spellings (:data:`mpxl.core.contract.DIRECTION_SPELLINGS`,
    as ``mpxl score`` reads them); blank when none is typed, ? for a spelling it refuses."""
    x = c["byt"]
    seats = [d.value for d in Direction]
    words = ",".join(f'"{w}"' for w in DIRECTION_SPELLINGS)
    numbers = ",".join(str(seats.index(seat) + 1) for seat in DIRECTION_SPELLINGS.values())
    choices = ",".join(f'"{seat}"' for seat in seats)
    return f'IF({x}="","",CHOOSE(1+SUMPRODUCT(({x}={{{words}}})*{{{numbers}}}),"?",{choices}))'


def dvul(c: Cells) -> str:
    ns = "OR(" + ",".join(f'{c["vul"]}="{v}"' for v in _VUL_NS) + ")"
    ew = "OR(" + ",".join(f'{c["vul"]}="{v}"' for v in _VUL_EW) + ")"
    return f'IF(OR({c["decl"]}="N",{c["decl"]}="S"),IF({ns},1,0),IF({ew},1,0))'


def dscore(c: Cells) -> str:
    t = c["tk"]
    return (f'IF(AND(ISNUMBER({c["crow"]}),ISNUMBER({t})),IF(AND({t}>=0,{t}<=13,{t}=INT({t})),'
            f'INDEX(ContractScores,{c["crow"]},{c["dvul"]}*14+{t}+1),""),"")')


def cscore(c: Cells) -> str:
    d = c["decl"]
    seat = f'OR({d}="N",{d}="E",{d}="S",{d}="W")'
    return (f'IF({c["ct"]}="","",IF({_in_list("PassSpellings", c["ct"])},0,'
            f'IF(AND(ISNUMBER({c["dscore"]}),{seat}),IF(OR({d}="N",{d}="S"),1,-1)*{c["dscore"]},"?")))')


# -------------------------------------------------------- Travellers: typed score

def tt(c: Cells) -> str:
    """The typed score's text, cleaned; a ruling typed in Adjustment (Adjustment ruling) is read here instead, as
    ``mpxl score`` reads a CSV adjustment (it replaces the score)."""
    return f'IF({c["arul"]}=1,{sheet_text(c["adjustment"])},{sheet_text(c["typed"])})'


def tu(c: Cells) -> str:
    return f'IF(OR(LEFT({c["tt"]},1)="+",LEFT({c["tt"]},1)="-"),MID({c["tt"]},2,99),{c["tt"]})'


#: What Typed number holds for a typed text that is not a plain number: a ruling to read (``-150|-50``), or
#: a text the line's Why names. Not ``?``: a ruling the sheet reads shows no ``?``.
TYPED_TEXT = "text"


def tnum(c: Cells) -> str:
    """The typed score as a number when it is a bridge score typed as one (a number, or text of a whole number:
    Typed number form 2); blank when none; else :data:`TYPED_TEXT` (a ruling, a code or a message)."""
    sign, value = f'IF(LEFT({c["tt"]},1)="-",-1,1)', f'VALUE({c["tu"]})'
    return (f'IF(AND(ISNUMBER({c["typed"]}),{c["arul"]}=0),{_plain_score(c["typed"])},IF({c["tt"]}="","",'
            f'IF({c["tlk"]}=2,{_plain_score(value, sign)},"{TYPED_TEXT}")))')


def ns_score(c: Cells) -> str:
    return f'IF(ISNUMBER({c["tnum"]}),{c["tnum"]},IF({c["tnum"]}="{TYPED_TEXT}",{c["tt"]},{c["cscore"]}))'


# -------------------------------------------------------- Travellers: adjustment

_LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"


def _typed_code(c: Cells, key: str) -> str:
    """TRUE when the typed score (its key ``key``: capitals, no spaces) is read as a code, as ``mpxl score`` reads
    a score cell (:func:`mpxl.core.adjustments.parse_entry`): text that is no number and has no bar, and starts with a
    letter (A+, NP, a word), holds a / (60/40), is a number and % (60%), ends in % with a %- (Bridgemate's 60%-40%,
    :func:`mpxl.core.rules.percent_pair_key`'s mark: its sides are read by NS code and EW code, as in Adjustment), or
    is a not-played code (-)."""
    tt = c["tt"]
    pair = f'ISNUMBER(FIND("{PERCENT_PAIR_JOIN}",SUBSTITUTE({tt}," ","")))'
    pct = f'AND(RIGHT({tt})="%",OR(ISNUMBER(-LEFT({tt},LEN({tt})-1)),{pair}))'
    others = ",".join(f'{tt}="{code}"' for code in NOT_PLAYED_CODES if not code[0].isalpha())
    code = f'OR(ISNUMBER(FIND(UPPER(LEFT({tt})),"{_LETTERS}")),ISNUMBER(FIND("/",{tt})),{pct},{others})'
    return f'AND({c["tnum"]}="{TYPED_TEXT}",NOT(ISNUMBER(FIND("|",{tt}))),{code})'


def adj(c: Cells) -> str:
    """The Adjustment cleaned (capitals, no white space); with none, the typed score when it is a code (A+ typed
    there is read as in Adjustment, as ``mpxl score`` reads a score cell)."""
    key = f'UPPER(SUBSTITUTE({c["tt"]}," ",""))'
    typed = f'OR({sheet_blank(c["adjustment"])},{c["arul"]}=1)'  # a code typed as the score, or a ruling
    return f'IF({typed},IF({_typed_code(c, key)},{key},""),{sheet_key(c["adjustment"])})'


def adjl(c: Cells) -> str:
    """NS's code: before the / of a split, or the % of Bridgemate's 60%-40%
    (:func:`mpxl.core.rules.percent_pair_key`)."""
    a = c["adj"]
    return (f'IF(ISNUMBER(FIND("/",{a})),LEFT({a},FIND("/",{a})-1),'
            f'IF({sheet_percent_pair(a)},LEFT({a},FIND("{PERCENT_PAIR_JOIN}",{a})),{a}))')


def adjr(c: Cells) -> str:
    """EW's code: after the / of a split, or the %- of Bridgemate's 60%-40%; blank for a code of one side."""
    a = c["adj"]
    return (f'IF(ISNUMBER(FIND("/",{a})),MID({a},FIND("/",{a})+1,99),'
            f'IF({sheet_percent_pair(a)},MID({a},FIND("{PERCENT_PAIR_JOIN}",{a})+{len(PERCENT_PAIR_JOIN)},99),""))')


def ub(c: Cells) -> str:
    a = c["adj"]
    return f'IF(AND(OR(LEN({a})=5,LEN({a})=7),LEFT({a},1)="A",{_digit_count(a)}=LEN({a})-1),1,0)'


def _number_text(x: str) -> str:
    """One side's code without a leading A and a trailing % (A55 and 55% -> 55)."""
    y = f'IF(LEFT({x},1)="A",MID({x},2,99),{x})'
    return f'IF(RIGHT({y},1)="%",LEFT({y},LEN({y})-1),{y})'


def nsv(c: Cells) -> str:
    return _number_text(c["adjl"])


def ewv(c: Cells) -> str:
    return _number_text(c["adjr"])


def nsn(c: Cells) -> str:
    return f'IF({_decimal(c["nsv"])},VALUE({c["nsv"]}),"")'


def ewn(c: Cells) -> str:
    return f'IF({_decimal(c["ewv"])},VALUE({c["ewv"]}),"")'


def nsrow(c: Cells) -> str:
    return _match("CodeNames", c["adjl"])


def ewrow(c: Cells) -> str:
    return _match("CodeNames", c["adjr"])


def _pct(row: str, number: str) -> str:
    """One side's percentage: its Help code's, else its code number (A55, 55%), else blank."""
    return f'IF(ISNUMBER({row}),INDEX(CodePcts,{row}),{number})'


def nspct(c: Cells) -> str:
    a = c["adj"]
    return (f'IF({a}="",IF(ISNUMBER({c["nva"]}),{c["nva"]},""),IF({c["ub"]}=1,VALUE(MID({a},2,(LEN({a})-1)/2)),'
            f'{_pct(c["nsrow"], c["nsn"])}))')


def ewpct(c: Cells) -> str:
    a = c["adj"]
    return (f'IF({a}="",IF(ISNUMBER({c["eva"]}),{c["eva"]},""),IF({c["ub"]}=1,VALUE(MID({a},(LEN({a})+3)/2,3)),'
            f'IF(OR(ISNUMBER(FIND("/",{a})),{c["adjr"]}<>""),'
            f'{_pct(c["ewrow"], c["ewn"])},IF(ISNUMBER({c["nspct"]}),100-{c["nspct"]},""))))')


# ------------------------------------------------------------- Travellers: kind, N

def nspb(c: Cells) -> str:
    """1 when the NS pair is blank by the rulebook's rule (:func:`mpxl.core.rules.is_blank`: white space of any
    kind is blank, as every reader reads it), else 0."""
    return f'IF({sheet_blank(c["ns_pair"])},1,0)'


def ewpb(c: Cells) -> str:
    """1 when the EW pair is blank by the rulebook's rule, else 0."""
    return f'IF({sheet_blank(c["ew_pair"])},1,0)'


def unfit(c: Cells) -> str:
    """1 when a line lacks its NS or EW pair, has an arrowswitch mark or a penalty not read, else 0."""
    return f'IF(OR({c["nspb"]}=1,{c["ewpb"]}=1,{c["sw"]}="?",{c["npx"]}="?",{c["epx"]}="?"),1,0)'


def kcode(c: Cells) -> str:
    """The kind of a line with an Adjustment: a penalty row (P, or bad with Why (penalty)), not played, a
    sit-out (blank: one pair alone), an artificial score, or bad."""
    ns, ew = c["nspct"], c["ewpct"]
    artificial = (f'IF({c["abare"]}=1,"bad",IF(AND(ISNUMBER({ns}),ISNUMBER({ew})),'
                  f'IF(AND({ns}>=0,{ns}<=100,{ew}>=0,{ew}<=100),"A","bad"),"bad"))')
    # a result or a code needs both pairs, and an arrowswitch mark that is read (Line incomplete); a
    # not-played code with one pair alone is a sit-out (rules.is_sitout: no line), with no pair at all unreadable
    unfit = f'{c["unfit"]}=1'
    blanks = f'{c["nspb"]}+{c["ewpb"]}'
    return (f'IF({c["adj"]}="","",IF({c["penr"]}=1,IF({c["whypn"]}="","P","bad"),'
            f'IF({_in_list("NotPlayedCodes", c["adj"])},CHOOSE(1+{blanks},"NP","","bad"),'
            f'IF({unfit},"bad",{artificial}))))')


def kind(c: Cells) -> str:
    unfit = f'{c["unfit"]}=1'
    both = f'AND(ISNUMBER({c["nva"]}),ISNUMBER({c["eva"]}))'  # A+|A- typed: an artificial score
    return (f'IF({c["board"]}="","",IF({c["adj"]}<>"",{c["kcode"]},IF({both},IF({unfit},"bad","A"),'
            f'IF(OR(ISNUMBER({c["ns_score"]}),{c["rul"]}=1),IF({unfit},"bad","R"),'
            f'IF({c["ns_score"]}="","","bad")))))')


def badb(c: Cells) -> str:
    return f'IF({c["board"]}="","",COUNTIFS({R["bkey"]},{c["bkey"]},{R["kind"]},"bad"))'


def gkey(c: Cells) -> str:
    return f'IF({c["kind"]}="R",{c["bkey"]}&"|"&UPPER({sheet_text(c["group"])}),"")'


def n(c: Cells) -> str:
    return f'IF({c["kind"]}="R",COUNTIF({R["gkey"]},{c["gkey"]}),0)'


def nb(c: Cells) -> str:
    return f'IF({c["kind"]}="R",{_count_kinds("R", c["bkey"])},"")'


def lines(c: Cells) -> str:
    return f'IF({_is_kind(c, COUNTS_TOWARDS_N)},{_count_kinds(COUNTS_TOWARDS_N, c["bkey"])},0)'


def nf(c: Cells) -> str:
    most = f'SUMPRODUCT(MAX(({R["fkey"]}={c["fkey"]})*{R["lines"]}))'
    return f'IF({c["board"]}="","",IF(ISNUMBER({S["expected"]}),{S["expected"]},MAX(1,{most})))'


def topf(c: Cells) -> str:
    return f'IF({c["board"]}="","",{_top(U, CENTRED, c["nf"])})'


def avg(c: Cells) -> str:
    """The line's average figure (an EBU half is rounded towards it): half the top it is reported on, 0 on the
    signed scale."""
    return f'IF({c["board"]}="","",{SCALE_AVERAGE.excel(centred=CENTRED, Top=c["topr"])})'


def fouled(c: Cells) -> str:
    return f'IF({c["kind"]}="R",IF({c["n"]}<{c["nb"]},1,0),"")'


def largest(c: Cells) -> str:
    return f'IF({c["fouled"]}=1,SUMPRODUCT(MAX(({R["bkey"]}={c["bkey"]})*{R["n"]})),"")'


def _set_pct(c: Cells, N: str, n_: str = "n") -> str:
    """1 when the line's fouled group gets set percentages by the Setup rule on a board of ``N`` results, else 0;
    the group's size its results (``n``), or those in one side's field (``n_``: a figure's view)."""
    rules = [SMALL_GROUP_RULES[name].excel(n=c[n_], largest=c["largest"], N=c[N]) for name in SMALL_GROUP_NAMES]
    return f'IF({c["fouled"]}=1,IF(CHOOSE({S["rule_index"]},{",".join(rules)}),1,0),0)'


def setpct(c: Cells) -> str:
    return f'IF({c["kind"]}="R",{_set_pct(c, "nsc")},"")'


def _k(c: Cells, N: str) -> str:
    ks = [K_RULES[m.value].excel(N=c[N], n=c["n"]) for m in Method]
    return f'CHOOSE({S["method_index"]},{",".join(ks)})'


def k(c: Cells) -> str:
    """The method's k for the line's group, on the N its figures are scored on (N (scored))."""
    return f'IF({c["kind"]}="R",{_k(c, "nsc")},"")'


# ----------------------------------------------------------- Travellers: S, estimate

def swt(c: Cells) -> str:
    """The Arrowswitch mark cleaned once, by the rulebook's key (capitals, no white space)."""
    return sheet_key(c["switch"])


def sw(c: Cells) -> str:
    """1 arrowswitched, 0 not, ? for a spelling ``mpxl score`` refuses (the rulebook's lists, as every reader)."""
    x = c["swt"]
    yes = ",".join(f'"{w}"' for w in sorted(ARROWSWITCH_YES))
    no = ",".join(f'"{w}"' for w in sorted(ARROWSWITCH_NO))
    return f'IF(OR({x}={{{yes}}}),1,IF(OR({x}={{{no}}}),0,"?"))'


def sns(c: Cells) -> str:
    g, s = c["gkey"], c["ns_score"]
    below = f'COUNTIFS({R["gkey"]},{g},{R["ns_score"]},"<"&{s})'
    equal = f'COUNTIFS({R["gkey"]},{g},{R["ns_score"]},{s})'
    return f'IF({c["kind"]}="R",IF({c["rb"]}>0,{c["nraw"]},{RAW_MP.excel(below=below, equal=equal, Scale=U)}),"")'


def sew(c: Cells) -> str:
    return f'IF({c["kind"]}="R",IF({c["rb"]}>0,{c["eraw"]},{U}*({c["n"]}-1)-{c["sns"]}),"")'


def _estimate_of(c: Cells, x: str, N: str, top: str, k_: str, n_: str = "n", set_: str = "setpct") -> str:
    """The estimate of a result whose raw score (as played, after an arrowswitch) is ``x``, on a board of
    ``N`` results and top ``top`` with the method's ``k_`` for ``n_`` lines: a small fouled group's set
    percentage (when ``set_``, the group's Set % on that N, is 1), a lone result beside artificial scores
    (Setup's Lone result), else the method's estimate."""
    small = SMALL_GROUP_PERCENTAGE.excel(S2=f"{x}*2/{U}", n=c[n_])
    est = ESTIMATE_LINE.excel(S=x, N=c[N], n=c[n_], k=c[k_], Scale=U, full=S["full_boards"])
    # on the signed scale the estimate (in double arithmetic) less the board's double average
    est = f'{est}-{SCALE_OFFSET.excel(centred=CENTRED, Top=c[top])}'
    lone = _artificial(str(LONE_RESULT_PERCENTAGE), c[top])
    return f'IF({c[set_]}=1,{_artificial(f"({small})", c[top])},IF({c["lone"]}=1,{lone},{est}))'


def _played(c: Cells, own: str, other: str) -> str:
    return f'IF({c["sw"]}=1,{c[other]},{c[own]})'


def _both_fields() -> str:
    """TRUE when a mixed line's real score stands in both directions' fields (Setup's Mixed line ``both``)."""
    return f'{CELL[MixedLine]}="{MixedLine.BOTH.value}"'


def estns(c: Cells) -> str:
    """A result's NS estimate, on its figure's n and k (a ruling's view). On a mixed line whose NS side was
    given an artificial score, the figure its real score would get in NS's field (no pair's: the check's)
    when it stands in both fields (Setup's Mixed line both), else blank."""
    use = f'AND({c["kind"]}="R",OR({c["nfa"]}=0,{_both_fields()}))'
    return f'IF({use},{_estimate_of(c, c["spn"], "nsc", "topsc", "kn", "fnn", "setn")},"")'


def estew(c: Cells) -> str:
    use = f'AND({c["kind"]}="R",OR({c["efa"]}=0,{_both_fields()}))'
    return f'IF({use},{_estimate_of(c, c["spe"], "nsc", "topsc", "ke", "fne", "sete")},"")'


def spn(c: Cells) -> str:
    """The NS pair's raw score as it played: S (NS), or S (EW) when the table was arrowswitched."""
    return f'IF({c["kind"]}="R",{_played(c, "sns", "sew")},"")'


def spe(c: Cells) -> str:
    return f'IF({c["kind"]}="R",{_played(c, "sew", "sns")},"")'


# -------------------------------------------------------- Travellers: artificial

def _own(c: Cells, side: str) -> str:
    own, other = ("nsof", "ewof") if side == "ns" else ("ewof", "nsof")
    mine, theirs = ("nskey", "ewkey") if side == "ns" else ("ewkey", "nskey")
    pair = c[mine]
    two = f'{S["winners"]}=2'
    mp = f'SUMIFS({R[own]},{R[mine]},{pair})+IF({two},0,SUMIFS({R[other]},{R[theirs]},{pair}))'
    # the tops of its results: not a mixed line's artificial side (an artificial score, as Kind A's)
    fa, other_fa = ("nfa", "efa") if side == "ns" else ("efa", "nfa")
    tops = (f'SUMIFS({R["topc"]},{R[mine]},{pair},{R["kind"]},"R",{R[fa]},0)'
            f'+IF({two},0,SUMIFS({R["topc"]},{R[theirs]},{pair},{R["kind"]},"R",{R[other_fa]},0))')
    own = SCALE_PERCENTAGE.excel(centred=CENTRED, mp=f"({mp})", max=f"({tops})")
    # the pair's own figure is an artificial score: of Kind A, or a mixed line's artificial side
    return f'IF(AND({c[fa]}=1,{CELL[AvePolicy]}="{AvePolicy.WBF.value}"),IFERROR({own},""),"")'


def ownns(c: Cells) -> str:
    return _own(c, "ns")


def ownew(c: Cells) -> str:
    return _own(c, "ew")


def _adjusted(c: Cells, mine: str, theirs: str, own: str) -> str:
    x = f'IF({c["sw"]}=1,{c[theirs]},{c[mine]})'
    o = c[own]
    fa = "nfa" if mine == "nspct" else "efa"
    wbf = f'{CELL[AvePolicy]}="{AvePolicy.WBF.value}"'
    return (f'IF({c[fa]}=1,IF(AND({wbf},ISNUMBER({o})),IF({x}={S["ave_plus"]},MAX({x},{o}),'
            f'IF({x}={S["ave_minus"]},MIN({x},{o}),{x})),{x}),"")')


def adjns(c: Cells) -> str:
    return _adjusted(c, "nspct", "ewpct", "ownns")


def adjew(c: Cells) -> str:
    return _adjusted(c, "ewpct", "nspct", "ownew")


def artns(c: Cells) -> str:
    return f'IF({c["nfa"]}=1,{_artificial(c["adjns"], c["topsc"])},"")'


def artew(c: Cells) -> str:
    return f'IF({c["efa"]}=1,{_artificial(c["adjew"], c["topsc"])},"")'


# ---------------------------------------------------------- Travellers: rounding

def _net(c: Cells, figure: str, side: str) -> str:
    """The figure ``figure`` with the line's own penalty taken off (mpxl.core.board: penalties come off last,
    before the rounding), x the line's Factor (a fixed top's: mpxl.core.scorer.factored), or its matchpoints
    rounded first (Setup's Rounding order matchpoints-first) x the Factor."""
    return f'(IF(ISNUMBER({c[side + "m"]}),{c[side + "m"]},{c[figure]}-{c["p" + side]})*{c["fac"]})'


def vns(c: Cells) -> str:
    return f'IF(AND({c["kind"]}="R",{c["nfa"]}=0),{scaled_formula(_net(c, "estns", "ns"))},"")'


def vew(c: Cells) -> str:
    return f'IF(AND({c["kind"]}="R",{c["efa"]}=0),{scaled_formula(_net(c, "estew", "ew"))},"")'


def vans(c: Cells) -> str:
    return f'IF({c["nfa"]}=1,{scaled_formula(_net(c, "artns", "ns"))},"")'


def vaew(c: Cells) -> str:
    return f'IF({c["efa"]}=1,{scaled_formula(_net(c, "artew", "ew"))},"")'


def rns(c: Cells) -> str:
    return f'IF(AND({c["kind"]}="R",{c["nfa"]}=0),{rounding_formula(_net(c, "estns", "ns"), c["vns"], c["avg"])},"")'


def rew(c: Cells) -> str:
    return f'IF(AND({c["kind"]}="R",{c["efa"]}=0),{rounding_formula(_net(c, "estew", "ew"), c["vew"], c["avg"])},"")'


def rans(c: Cells) -> str:
    return f'IF({c["nfa"]}=1,{rounding_formula(_net(c, "artns", "ns"), c["vans"], c["avg"])},"")'


def raew(c: Cells) -> str:
    return f'IF({c["efa"]}=1,{rounding_formula(_net(c, "artew", "ew"), c["vaew"], c["avg"])},"")'


def _mp(c: Cells, result: str, artificial: str, fa: str) -> str:
    return (f'IF(OR({c["kind"]}="",{c["kind"]}="NP",{c["kind"]}="P"),"",IF({c["badb"]}>0,"?",'
            f'IF({c[fa]}=0,{c[result]},{c[artificial]})))')


def ns_mp(c: Cells) -> str:
    return _mp(c, "rns", "rans", "nfa")


def ew_mp(c: Cells) -> str:
    return _mp(c, "rew", "raew", "efa")


def shares(c: Cells) -> str:
    """What the line's NS and EW figures add up to: twice the figure of the sides' mean percentage (a
    result's 50%, a small group's 60%: its NS% + EW% is 2 x 60%, an artificial score's two percentages)."""
    # a mixed line's artificial side gets its percentage instead of the figure the result gets in that side's
    # field: when the result stands in both fields, the figure it takes there (which the field's other figures
    # balance); else (own side) the result's own share, that side's field never holding it (Result shares)
    both = _both_fields()
    art_ns, art_ew = _artificial(c["adjns"], c["topsc"]), _artificial(c["adjew"], c["topsc"])
    line = (f'{c["rsh"]}'
            f'+IF({c["nfa"]}=1,{art_ns}-IF({both},N({c["estns"]}),0),0)'
            f'+IF({c["efa"]}=1,{art_ew}-IF({both},N({c["estew"]}),0),0)')
    mean = f'({c["adjns"]}+{c["adjew"]})/2'  # an artificial score's two percentages
    artificial = f'2*{_artificial(mean, c["topsc"])}'
    pens = f'-{c["pns"]}-{c["pew"]}'  # the line's own penalties come off its figures
    return f'IF(OR({c["kind"]}="R",{c["kind"]}="A"),(IF({c["kind"]}="R",{line},{artificial}){pens})*{c["fac"]},"")'


def _digits(u: str) -> str:
    """TRUE when text ``u`` is one or more digits and nothing else."""
    return f'AND(LEN({u})>0,{_digit_count(u)}=LEN({u}))'


def tkt(c: Cells) -> str:
    return sheet_key(c["tricks"])


def tkd(c: Cells) -> str:
    """A result's tricks over (+1) or under (-2) the contract, as a signed number (=0 is 0); blank when
    Tricks is not a sign (=, + or -) followed by digits."""
    x = c["tkt"]
    sign, rest = f"LEFT({x},1)", f"MID({x},2,9)"
    signed = "OR(" + ",".join(f'{sign}="{m}"' for m in RESULT_SIGNS) + ")"
    # VALUE only once the rest is digits (AND evaluates every argument)
    return f'IF(AND({signed},{_digits(rest)}),IF({sign}="-",-1,1)*VALUE({rest}),"")'


def tkr(c: Cells) -> str:
    """Tricks read as a result against the contract (``=``, ``+1``, ``-2``, ``made``) as the core reads it
    (:func:`mpxl.core.contract.tricks_from_result`); ? when the contract is not read or the text is no result;
    blank when Tricks is blank, a number or digits."""
    x, d = c["tkt"], c["tkd"]
    need = f'(VALUE(LEFT({c["ct"]},1))+6)'
    made = "OR(" + ",".join(f'{x}="{m}"' for m in RESULT_MADE) + ")"
    sign = f"LEFT({x},1)"
    # =0 is made; =1 and -0 are not results
    wrong = f'OR(AND({sign}="=",{d}<>0),AND({sign}="-",{d}=0))'
    result = f'IF({made},{need},IF(ISNUMBER({d}),IF({wrong},"?",{need}+{d}),"?"))'
    number = f'OR(ISNUMBER({c["tricks"]}),{x}="",{c["tkw"]}=1)'  # what Tricks (number) reads as it is
    return f'IF({number},"",IF(ISNUMBER({c["crow"]}),{result},"?"))'


def tk(c: Cells) -> str:
    """Tricks as a number: a number; text of a whole number (Tricks whole); or Tricks from the result; ? otherwise."""
    t, x = c["tricks"], c["tkt"]
    return f'IF(ISNUMBER({t}),{t},IF({x}="","",IF({c["tkw"]}=1,VALUE({x}),{c["tkr"]})))'


def _said(x: str) -> str:
    """The user's entry ``x`` quoted in a message."""
    return f'""""&TRIM({x}&"")&""""'


def whyp(c: Cells) -> str:
    """On an unreadable line, what its pairs or its arrowswitch lack (blank if nothing)."""
    return (f'IF({c["kind"]}<>"bad","",IF({c["nspb"]}=1,"NS pair missing",IF({c["ewpb"]}=1,"EW pair missing",'
            f'IF({c["sw"]}="?","Arrowswitch "&{_said(c["switch"])}&" is not Y, N or blank",""))))')


def whyt(c: Cells) -> str:
    """What is wrong with a typed score that is not read (blank when it is read or none is typed), in ``mpxl
    score``'s words: a ruling's (a bar, or a % that is no code); a number that is no score (Why (typed number));
    else a code's (Why (code))."""
    tt = c["tt"]
    ruling = f'AND({c["adj"]}="",OR(ISNUMBER(FIND("|",{tt})),ISNUMBER(FIND("%",{tt}))))'
    return (f'IF({c["tnum"]}<>"{TYPED_TEXT}","",IF({ruling},{c["rwhy"]},'
            f'IF({c["tnw"]}<>"",{_q(tt)}&{c["tnw"]},{c["cwhy"]})))')


def whyc(c: Cells) -> str:
    """With no typed score, what keeps the contract from a score: the contract, By or Tricks (else blank)."""
    return (f'IF(OR({c["tnum"]}<>"",{c["cscore"]}<>"?"),"",'
            f'IF(NOT(ISNUMBER({c["crow"]})),"contract "&{_said(c["contract"])}&" not understood",'
            f'IF({c["decl"]}="","By missing",IF({c["decl"]}="?","By "&{_said(c["by"])}&" is not N, E, S or W",'
            f'{c["tkwhy"]}))))')


def whyb(c: Cells) -> str:
    """An unreadable line's Why and how many more unreadable lines its board has: the board's Status
    shows it for the board's first one."""
    b = c["badb"]
    return f'IF({c["kind"]}="bad",{c["why"]}&IF({b}>1," (and "&({b}-1)&" more)",""),"")'


def why(c: Cells) -> str:
    """Why a line is unreadable (kind bad), in words, with its row: what the board's status shows. A line
    with an adjustment or a score is first missing its pairs or its arrowswitch mark (Why (pairs,
    arrowswitch)); then the adjustment is not understood, or the typed score (Why (typed score)), or the
    contract (Why (contract))."""
    scored = f'OR({c["adj"]}<>"",ISNUMBER({c["ns_score"]}))'
    reason = (f'IF({c["whypn"]}<>"",{c["whypn"]},IF(AND({c["whyp"]}<>"",{scored}),{c["whyp"]},IF({c["adj"]}<>"",'
              f'IF({sheet_blank(c["adjustment"])},{c["whyt"]},{c["cwhy"]}),'
              f'IF({c["tnum"]}="{TYPED_TEXT}",{c["whyt"]},{c["whyc"]}))))')
    return f'IF({c["kind"]}="bad","row "&ROW()&": "&{reason},"")'


#: One past Excel's last row: an unreadable line's distance to it is largest on the board's first one.
_BEYOND = 1_048_577


def badend(c: Cells) -> str:
    """For an unreadable line, how many rows it is from one past the sheet's last row (the board's first
    unreadable line has the largest: the Status finds it by MAX); 0 for the others."""
    return f'IF({c["kind"]}="bad",{_BEYOND}-ROW(),0)'


# ------------------------------------------------ Travellers: the conventions' steps

EST_AT, EXACT_TOTALS = CELL[EstimateAt], f'{CELL[TotalsFrom]}="{TotalsFrom.EXACT.value}"'
_TOTALS = dict(index=S["totals_rounding_index"], unit=S["totals_unit"])


def nsc(c: Cells) -> str:
    """The N the line's figures are scored on (Setup's Estimate at): N (field); with own-tops the board's
    real results alone; with totals, a board played fewer times than N (field) on its own lines."""
    real = f'COUNTIFS({R["bkey"]},{c["bkey"]},{R["kind"]},"R")'
    short = f'AND({EST_AT}="{EstimateAt.TOTALS.value}",{c["lines"]}>0,{c["lines"]}<{c["nf"]})'
    return (f'IF({c["board"]}="","",IF({EST_AT}="{EstimateAt.OWN_TOPS.value}",MAX(1,{real}),'
            f'IF({short},{c["lines"]},{c["nf"]})))')


def topsc(c: Cells) -> str:
    """The top the line's figures are scored on: scale x (N (scored) - 1)."""
    return f'IF({c["board"]}="","",{_top(U, CENTRED, c["nsc"])})'


def topc(c: Cells) -> str:
    """The top a pair's maximum counts for the line: a fixed top (Top (reported)), the board's own top with
    own-tops, else Top (field)."""
    own = f'OR({S["fixed_top"]}>0,{EST_AT}="{EstimateAt.OWN_TOPS.value}")'
    return f'IF({c["board"]}="",0,IF({own},{c["topr"]},{c["topf"]}))'


def lone(c: Cells) -> str:
    """1 on the one real result of a board whose other lines are artificial scores, when Setup's Lone result
    is ave-plus (ACBLscore: 60% to both sides); else 0."""
    others = f'COUNTIFS({R["bkey"]},{c["bkey"]},{R["kind"]},"A")'
    return (f'IF(AND({c["kind"]}="R",{CELL[LoneResult]}="{LoneResult.AVE_PLUS.value}"),'
            f'IF(AND({c["nb"]}=1,{others}>0),1,0),0)')


def shortt(c: Cells) -> str:
    """1 on a line of a board played fewer times than N (field) when Setup estimates at the totals: its
    pairs' totals add the board estimated to the full top (the NS and EW full columns); else 0."""
    return (f'IF(AND({EST_AT}="{EstimateAt.TOTALS.value}",OR({c["kind"]}="R",{c["kind"]}="A")),'
            f'IF({c["nsc"]}<{c["nf"]},1,0),0)')


def kf(c: Cells) -> str:
    """k on the full N (field), for what the totals add (Short (totals) lines only)."""
    return f'IF(AND({c["kind"]}="R",{c["shortt"]}=1),{_k(c, "nf")},"")'


def _full_penalty(c: Cells, v: str) -> str:
    x = c[f"{v}px"]
    return f'IF(AND({c["shortt"]}=1,{x}<>"",{x}<>"?"),{_line_penalty(c, v, "nf")},0)'


def pnsf(c: Cells) -> str:
    """The matchpoints the NS penalty takes off the line's full figure (Short (totals) lines): its matchpoints, or
    its percentage of the full top (mpxl.core.scorer scores the board again on the full N for what the totals add)."""
    return _full_penalty(c, "n")


def pewf(c: Cells) -> str:
    return _full_penalty(c, "e")


def _full(c: Cells, played: str, side: str) -> str:
    """A result's figure on a Short (totals) line estimated to the full N (field), less its own penalty."""
    est = _estimate_of(c, c[played], "nf", "topf", "kf", set_="setf")
    fa = "nfa" if side == "n" else "efa"
    return f'IF(AND({c["shortt"]}=1,{c[fa]}=0),{est}-{c["pnsf" if side == "n" else "pewf"]},"")'


def nsfx(c: Cells) -> str:
    return _full(c, "spn", "n")


def ewfx(c: Cells) -> str:
    return _full(c, "spe", "e")


def _full_scaled(x: str) -> str:
    """The full figure ``x`` in units of the totals' last decimal (Setup's TotalsUnit)."""
    return scaled_formula(x).replace(S["unit"], S["totals_unit"])


def nsfv(c: Cells) -> str:
    return f'IF(ISNUMBER({c["nsfx"]}),{_full_scaled(c["nsfx"])},"")'


def ewfv(c: Cells) -> str:
    return f'IF(ISNUMBER({c["ewfx"]}),{_full_scaled(c["ewfx"])},"")'


def _full_rounded(c: Cells, x: str, v: str | None = None) -> str:
    """The full figure in ``x`` rounded by Setup's Totals rounding about the full board's average, over its scaled
    value in ``v`` (or worked out here)."""
    average = SCALE_AVERAGE.excel(centred=CENTRED, Top=c["topf"])
    scaled = c[v] if v else _full_scaled(c[x])
    return f'IF(ISNUMBER({c[x]}),{rounding_formula(c[x], scaled, average, **_TOTALS)},"")'


def nsfr(c: Cells) -> str:
    return _full_rounded(c, "nsfx", "nsfv")


def ewfr(c: Cells) -> str:
    return _full_rounded(c, "ewfx", "ewfv")


def setf(c: Cells) -> str:
    """Set % on the full N (field), for what the totals add on a Short (totals) line (the EBU rule reads N)."""
    return f'IF(AND({c["kind"]}="R",{c["shortt"]}=1),{_set_pct(c, "nf")},"")'


def _full_artificial(c: Cells, side: str) -> str:
    fa, pct = ("nfa", "adjns") if side == "n" else ("efa", "adjew")
    pen = c["pnsf" if side == "n" else "pewf"]
    return f'IF(AND({c["shortt"]}=1,{c[fa]}=1),{_artificial(c[pct], c["topf"])}-{pen},"")'


def nsfa(c: Cells) -> str:
    """On a Short (totals) line whose NS figure is an artificial score: its percentage of Top (field), less its own
    penalty (of the full top when a percentage)."""
    return _full_artificial(c, "n")


def ewfa(c: Cells) -> str:
    return _full_artificial(c, "e")


def nsfar(c: Cells) -> str:
    return _full_rounded(c, "nsfa")


def ewfar(c: Cells) -> str:
    return _full_rounded(c, "ewfa")


def _for_own(c: Cells, side: str) -> str:
    fa, full, line = ("nfa", "nsfr", "rns") if side == "n" else ("efa", "ewfr", "rew")
    return f'IF(AND({c["kind"]}="R",{c[fa]}=0),IF({c["shortt"]}=1,{c[full]},{c[line]}),"")'


def nsof(c: Cells) -> str:
    """What the NS pair's total adds from a result (rounded): the wbf Ave+ policy's own percentage is worked out
    from it; on a Short (totals) line the full figure."""
    return _for_own(c, "n")


def ewof(c: Cells) -> str:
    return _for_own(c, "e")


def nsx(c: Cells) -> str:
    """The line's NS figure unrounded: the NS estimate of a result, the NS artificial MP of an artificial score
    (x the Factor, from its matchpoints rounded first under matchpoints-first)."""
    return f'IF({c["nfa"]}=1,{_net(c, "artns", "ns")},IF({c["kind"]}="R",{_net(c, "estns", "ns")},""))'


def ewx(c: Cells) -> str:
    return f'IF({c["efa"]}=1,{_net(c, "artew", "ew")},IF({c["kind"]}="R",{_net(c, "estew", "ew")},""))'


def _for_totals(c: Cells, side: str) -> str:
    kinds = f'OR({c["kind"]}="R",{c["kind"]}="A")'
    fa = c["nfa" if side == "ns" else "efa"]
    exact = f'IF({c["shortt"]}=1,IF({fa}=1,{c[side + "fa"]},{c[side + "fx"]}),{c[side + "x"]})'
    rounded = f'IF({c["shortt"]}=1,IF({fa}=1,{c[side + "far"]},{c[side + "fr"]}),{c[side + "_mp"]})'
    # a penalty row: the matchpoints its penalty takes off the pair's total (a bonus adds)
    return f'IF({kinds},IF({EXACT_TOTALS},{exact},{rounded}),IF({c["kind"]}="P",-{c["p" + side]},""))'


def nstot(c: Cells) -> str:
    """What the NS pair's total adds from the line (Setup's Totals from and Estimate at)."""
    return _for_totals(c, "ns")


def ewtot(c: Cells) -> str:
    return _for_totals(c, "ew")


def alone(c: Cells) -> str:
    """1 on a sit-out (a not-played code with one pair alone: a pair with no opponents), else 0."""
    return f'IF(AND({c["board"]}<>"",{c["kind"]}="",{c["adj"]}<>""),1,0)'


def _line_pct_scaled(c: Cells, side: str) -> str:
    fig = f'IF({EXACT_TOTALS},{c[side + "x"]},{c[side + "_mp"]})'
    share = SCALE_PERCENTAGE.excel(centred=CENTRED, mp=fig, max=c["topr"])
    ok = f'AND(ISNUMBER({S["line_pct_decimals"]}),ISNUMBER({c[side + "_mp"]}),N({c["topsc"]})<>0)'
    return f'IF({ok},ROUND({share}*{S["line_pct_unit"]},6),"")'


def nslpv(c: Cells) -> str:
    return _line_pct_scaled(c, "ns")


def ewlpv(c: Cells) -> str:
    return _line_pct_scaled(c, "ew")


def nslp(c: Cells) -> str:
    """The NS line's percentage of its board's top, as Ruter publishes it beside the figure."""
    return f'IF({c["nslpv"]}="","",{tie_formula("", c["nslpv"], S["line_pct_unit"])})'


def ewlp(c: Cells) -> str:
    return f'IF({c["ewlpv"]}="","",{tie_formula("", c["ewlpv"], S["line_pct_unit"])})'

# ------------------------------------------------- Travellers: rulings (split, weighted, mixed)
# A typed score with a bar or a weight: NS's view left of the bar, EW's right of it (one view, both sides,
# when there is no bar). Each view is an artificial code (A+, A60: the side is given that percentage; a
# mixed line) or up to PARTS parts, each a weight and a score (one part of 100% for a plain score). Every
# part is matchpointed against every part of the other lines of its group that see the same view, weighted
# by both weights (Law 12C1(c); mpxl.core.matchpoints.weighted_matchpoints), and the line gets the weighted sum.

_VIEWS = {"n": "NS", "e": "EW"}


def _q(x: str) -> str:
    """The text of cell ``x`` between single quotes, as Python's repr shows it in ``mpxl score``'s messages."""
    return f'"\'"&TRIM({x})&"\'"'


def bar(c: Cells) -> str:
    """Where the typed score's bar is (a split score), 0 when it has none or is a plain number."""
    return f'IF({c["tnum"]}<>"{TYPED_TEXT}",0,IFERROR(FIND("|",{c["tt"]}),0))'


def _view_text(c: Cells, v: str) -> str:
    """The view's text of a typed ruling: a text (not a plain number) with a bar or a % sign."""
    tt = c["tt"]
    part = f'LEFT({tt},{c["bar"]}-1)' if v == "n" else f'MID({tt},{c["bar"]}+1,999)'
    ruling = f'OR({c["bar"]}>0,ISNUMBER(FIND("%",{tt})))'
    return f'IF(OR({c["tnum"]}<>"{TYPED_TEXT}",NOT({ruling}),{c["adj"]}<>""),"",IF({c["bar"]}>0,{part},{tt}))'


def nvt(c: Cells) -> str:
    return _view_text(c, "n")


def evt(c: Cells) -> str:
    return _view_text(c, "e")


def _view_code(c: Cells, v: str) -> str:
    key = sheet_key(c[f"{v}vt"])
    return f'IF(AND({c["bar"]}>0,LEFT({key},1)="A"),{key},"")'


def nvk(c: Cells) -> str:
    return _view_code(c, "n")


def evk(c: Cells) -> str:
    return _view_code(c, "e")


def _view_pct(c: Cells, v: str) -> str:
    """A split side's artificial code as its percentage: the Help code's, else A and a number 0-100 (A55,
    A55%); ? when the code is neither."""
    k, u = c[f"{v}vk"], c[f"{v}vn"]
    number = f'IF({_decimal(u)},IF(VALUE({u})<=100,VALUE({u}),"?"),"?")'
    return f'IF({k}="","",IFERROR(INDEX(CodePcts,{_match("CodeNames", k)}),{number}))'


def nva(c: Cells) -> str:
    return _view_pct(c, "n")


def eva(c: Cells) -> str:
    return _view_pct(c, "e")


def _view_words(c: Cells, v: str) -> str:
    """The view's weighted parts as words: capitals, the marks between a weight and its score and between
    the parts (the rulebook's lists) made spaces, one space between words, a % kept on its number. A mixed
    line's artificial side (420|A+) takes the other side's real score when it stands as a result in both
    directions' fields (Setup's Mixed line both: mpxl.core.board), the artificial side's own figure being its
    percentage (Figure artificial); else (own) it has no words: that side's field does not hold the result."""
    o = "e" if v == "n" else "n"
    text = f'IF({c[f"{v}vk"]}="",{c[f"{v}vt"]},IF({_both_fields()},{c[f"{o}vt"]},""))'
    x = f'SUBSTITUTE(UPPER({text}),"%","% ")'
    for mark in WEIGHT_MARKS + PART_SEPARATORS:
        x = f'SUBSTITUTE({x},"{mark.upper()}"," ")'
    both = f'AND({c["nvk"]}<>"",{c["evk"]}<>"")'  # both sides artificial: no parts
    return f'IF(OR({c[f"{v}vt"]}="",{both}),"",SUBSTITUTE(TRIM({x})," %","%"))'


def nvw(c: Cells) -> str:
    return _view_words(c, "n")


def evw(c: Cells) -> str:
    return _view_words(c, "e")


def _weights_first(c: Cells, v: str) -> str:
    w = c[f"{v}vw"]
    return f'IF({w}="","",IF(RIGHT(LEFT({w},FIND(" ",{w}&" ")-1),1)="%",1,0))'


def nwf(c: Cells) -> str:
    return _weights_first(c, "n")


def ewf(c: Cells) -> str:
    return _weights_first(c, "e")


def _parts(c: Cells, v: str) -> str:
    w = c[f"{v}vw"]
    return f'IF({w}="",0,MAX(1,LEN({w})-LEN(SUBSTITUTE({w},"%",""))))'


def nk(c: Cells) -> str:
    return _parts(c, "n")


def ek(c: Cells) -> str:
    return _parts(c, "e")


def _word(w: str, i: str) -> str:
    """Word ``i`` (from 1) of the words in ``w``."""
    return f'TRIM(MID(SUBSTITUTE({w}," ",REPT(" ",99)),({i}-1)*99+1,99))'


def _part_text(v: str, i: int, what: str) -> Callable[[Cells], str]:
    def fn(c: Cells) -> str:
        w, first = c[f"{v}vw"], c[f"{v}wf"]
        score, weight = (f"{2 * i}", f"{2 * i - 1}") if what == "s" else (f"{2 * i - 1}", f"{2 * i}")
        word = _word(w, f"IF({first}=1,{score},{weight})")
        plain = f'IF(ISNUMBER(FIND("%",{w})),{word},"100%")' if what == "w" else word
        return f'IF({c[f"{v}k"]}<{i},"",{plain})'
    fn.__name__ = f"{v}{what}t{i}"
    return fn


def _part_number(v: str, i: int, what: str) -> Callable[[Cells], str]:
    def fn(c: Cells) -> str:
        t = c[f"{v}{what}t{i}"]
        plain = ('""' if i > 1 else c["ns_score"] if what == "s" else "1")  # a plain score: its one part
        if what == "s":  # a whole score (mpxl.core.rules.WHOLE_TEXT), signed, within any contract's
            read = f'IF({_whole(_unsigned(t), f"VALUE({t})")},IF(ABS(VALUE({t}))<={MAX_SCORE},VALUE({t}),"?"),"?")'
        else:  # a weight: a number (mpxl.core.rules.NUMBER_TEXT) and %
            u = f"LEFT({t},LEN({t})-1)"
            rest = _unsigned(u)
            for d in "0123456789":
                rest = f'SUBSTITUTE({rest},"{d}","")'
            read = f'IFERROR(IF(AND(RIGHT({t})="%",OR({rest}={{"","."}})),VALUE({u})/100,"?"),"?")'
        return f'IF(ISNUMBER({c["ns_score"]}),{plain},IF({t}="","",{read}))'
    fn.__name__ = f"{v}{what}{i}"
    return fn


def _view_unread(c: Cells, v: str) -> str:
    """1 when the view is not read as a score, an artificial code, or parts of a weight and a score: a code
    that is none, marks with no number, words that do not pair up, a part's score or weight that is not a
    plain number."""
    w = c[f"{v}vw"]
    cells = [c[f"{v}{x}{i}"] for x in ("s", "w") for i in range(1, PARTS + 1)]
    words = f'LEN({w})-LEN(SUBSTITUTE({w}," ",""))+1'
    pairs = f'AND({w}<>"",{words}<>IF(ISNUMBER(FIND("%",{w})),2*{c[f"{v}k"]},1))'
    t = c[f"{v}vt"]
    # marks and no number (x, +, @); a sign after a + (+-4: the + is no separator there)
    marks = f'OR(AND({t}<>"",{c[f"{v}vk"]}="",{w}=""),ISNUMBER(FIND("+-",{t})),ISNUMBER(FIND("-+",{t})))'
    return f'IF(OR({c[f"{v}va"]}="?",{marks},{pairs},' + ",".join(f'{x}="?"' for x in cells) + "),1,0)"


def nur(c: Cells) -> str:
    return _view_unread(c, "n")


def eur(c: Cells) -> str:
    return _view_unread(c, "e")


def _view_why(c: Cells, v: str) -> str:
    """Why the view is not read, in the core's words after the view's text (blank when it is read, or is no
    view): not a score, more parts than the sheet reads, weights not adding up to 100%, a weight of 0%."""
    ws = [c[f"{v}w{i}"] for i in range(1, PARTS + 1)]
    total = f'ROUND(100*({"+".join(f"N({x})" for x in ws)}),6)'
    # a view read as a code (vk) has no parts: it is read when its code is (ur 0)
    return (f'IF({c[f"{v}ur"]}=1," {NOT_A_SCORE}",IF({c[f"{v}vw"]}="","",IF({c[f"{v}k"]}>{PARTS},": the sheet '
            f'reads {PARTS} parts at most",IF({total}<>100,": "&SUBSTITUTE("{WEIGHTS_TOTAL}","{{}}",{total}),'
            f'IF(MIN({",".join(ws)})<=0,": {WEIGHT_ABOVE_ZERO}","")))))')


def nwhy(c: Cells) -> str:
    return _view_why(c, "n")


def ewhy(c: Cells) -> str:
    return _view_why(c, "e")


def rvw(c: Cells) -> str:
    """The first view's why, after that view's text: NS's, then (split) EW's; blank when both are read."""
    return (f'IF({c["nwhy"]}<>"",{_q(c["nvt"])}&{c["nwhy"]},IF(AND({c["bar"]}>0,{c["ewhy"]}<>""),'
            f'{_q(c["evt"])}&{c["ewhy"]},""))')


def rwp(c: Cells) -> str:
    """Why a typed ruling is not read, as the rulebook parses it: a bar needs a side either side of it; both
    sides artificial go in Adjustment; then each view's why (after the whole text when split)."""
    tt, b = c["tt"], c["bar"]
    split = f'AND({b}>0,OR({c["nvt"]}="",{c["evt"]}="",ISNUMBER(FIND("|",{c["evt"]}))))'
    both = f'AND({c["nvk"]}<>"",{c["evk"]}<>"")'
    view = c["rvw"]
    # both sides artificial (A+|A-): an artificial score, read when both codes are (else no code: rwhy's words)
    read = f'AND(ISNUMBER({c["nva"]}),ISNUMBER({c["eva"]}))'
    return (f'IF({c["tnum"]}<>"{TYPED_TEXT}","",IF({split},{_q(tt)}&": {SPLIT_FORM}",IF({both},IF({read},"","?"),'
            f'IF({view}="","",IF({b}>0,{_q(tt)}&": ","")&{view}))))')


def rwhy(c: Cells) -> str:
    """Why a typed ruling is not read, as ``mpxl score`` says it: a text that starts with a letter and holds
    no weight is no score or code (the readers' words); else the rulebook's why."""
    tt, why = c["tt"], c["rwp"]
    letter = f'AND(ISNUMBER(FIND(UPPER(LEFT({tt},1)),"ABCDEFGHIJKLMNOPQRSTUVWXYZ")),NOT(ISNUMBER(FIND("%",{tt}))))'
    return f'IF({why}="","",IF({letter},{_q(tt)}&" {NOT_A_CODE}",{why}))'


def rul(c: Cells) -> str:
    """1 when the typed score is a ruling the sheet reads (split, weighted or mixed), ? when it is not read."""
    both = f'AND({c["nvk"]}<>"",{c["evk"]}<>"")'  # both sides artificial: an artificial score, no ruling of results
    return f'IF(OR(AND({c["nvt"]}="",{c["evt"]}=""),AND({both},{c["rwhy"]}="")),"",IF({c["rwhy"]}="",1,"?"))'


def rb(c: Cells) -> str:
    """How many rulings the line's board has (0 off a result line): a board with none is matchpointed by
    the plain counts (Raw S), one with some by the parts."""
    return f'IF({c["kind"]}<>"R",0,COUNTIFS({R["bkey"]},{c["bkey"]},{R["rul"]},1))'


def _view_group(c: Cells, v: str) -> str:
    return f'IF(ISNUMBER({c[f"{v}s1"]}),{c["gkey"]},"")'


def gkn(c: Cells) -> str:
    return _view_group(c, "n")


def gke(c: Cells) -> str:
    return _view_group(c, "e")


def _view_n(c: Cells, v: str) -> str:
    g = c[f"gk{v}"]
    return f'IF({c["kind"]}<>"R","",IF({c["rb"]}=0,{c["n"]},IF({g}="",0,COUNTIF({R[f"gk{v}"]},{g}))))'


def nn(c: Cells) -> str:
    return _view_n(c, "n")


def ne(c: Cells) -> str:
    return _view_n(c, "e")


def _figure_n(c: Cells, v: str) -> str:
    """n of the line's NS (EW) figure: its view's, the other view's when the line is switched."""
    mine, theirs = ("nn", "ne") if v == "n" else ("ne", "nn")
    return f'IF({c["kind"]}<>"R","",IF({c["sw"]}=1,{c[theirs]},{c[mine]}))'


def fnn(c: Cells) -> str:
    return _figure_n(c, "n")


def fne(c: Cells) -> str:
    return _figure_n(c, "e")


def _view_k(c: Cells, v: str) -> str:
    n_ = c[f"fn{v}"]
    ks = [K_RULES[m.value].excel(N=c["nsc"], n=n_) for m in Method]
    return f'IF(OR({c["kind"]}<>"R",{n_}=0),"",IF({n_}={c["n"]},{c["k"]},CHOOSE({S["method_index"]},{",".join(ks)})))'


def kn(c: Cells) -> str:
    return _view_k(c, "n")


def ke(c: Cells) -> str:
    return _view_k(c, "e")


def _part_weights(v: str, i: int, tied: bool) -> Callable[[Cells], str]:
    """The weight of the parts of the view's group that part ``i`` beats (or ties), every line's parts
    counted, the line's own too: its own parts beat and tie exactly 1 of its weight in all, which the
    rulebook's raw matchpoints (equal - 1) take back, as they take back a plain score's tie with itself."""
    def fn(c: Cells) -> str:
        g, s_ = c[f"gk{v}"], c[f"{v}s{i}"]
        crit = s_ if tied else f'"<"&{s_}'
        total = "+".join(f'SUMIFS({R[f"{v}w{j}"]},{R[f"gk{v}"]},{g},{R[f"{v}s{j}"]},{crit})'
                         for j in range(1, PARTS + 1))
        return f'IF(OR({c["rb"]}=0,{g}="",{s_}=""),"",{total})'
    fn.__name__ = f"{v}{'q' if tied else 'm'}{i}"
    return fn


def _view_raw(c: Cells, v: str) -> str:
    """S in the view: the parts' beaten and tied weights, each times the part's weight, by the rulebook's raw
    matchpoints (2 per weight beaten, 1 per weight tied, less the line's own 1); EW's from EW's side."""
    def weighted(x: str) -> str:
        return "(" + "+".join(f'N({c[f"{v}w{i}"]})*N({c[f"{v}{x}{i}"]})' for i in range(1, PARTS + 1)) + ")"
    raw = RAW_MP.excel(below=weighted("m"), equal=weighted("q"), Scale=U)
    first = c[f"{v}m1"]
    return f'IF({first}="","",{raw})' if v == "n" else f'IF({first}="","",{U}*({c["ne"]}-1)-{raw})'


def nraw(c: Cells) -> str:
    return _view_raw(c, "n")


def eraw(c: Cells) -> str:
    return _view_raw(c, "e")


def _figure_artificial(c: Cells, own: str, other: str) -> str:
    pct = f'IF({c["sw"]}=1,{c[other]},{c[own]})'
    return f'IF(OR({c["kind"]}="A",{c["kind"]}="R"),IF(ISNUMBER({pct}),1,0),0)'


def nfa(c: Cells) -> str:
    return _figure_artificial(c, "nspct", "ewpct")


def efa(c: Cells) -> str:
    return _figure_artificial(c, "ewpct", "nspct")


def rsay(c: Cells) -> str:
    """A ruling read, in words, with its row: what the board's status says was done."""
    nv, ev = c["nvt"], c["evt"]
    mixed = (f'IF({c["nva"]}<>"","NS given "&{c["nva"]}&"%, EW keep "&TRIM({ev}),"NS keep "&TRIM({nv})&", EW given "'
             f'&{c["eva"]}&"%")')
    split = f'"split score: NS "&TRIM({nv})&" among NS\'s results, EW "&TRIM({ev})&" among EW\'s"'
    weighted = f'"weighted score "&TRIM({nv})&": each part matchpointed, the line gets the weighted sum"'
    what = f'IF(OR({c["nva"]}<>"",{c["eva"]}<>""),{mixed},IF({c["bar"]}>0,{split},{weighted}))'
    return f'IF({c["rul"]}<>1,"","row "&ROW()&": "&{what})'


def rend(c: Cells) -> str:
    """For a ruling line, how many rows it is from one past the sheet's last row (the board's first has the
    largest: the status finds it by MAX); 0 for the others."""
    return f'IF({c["rul"]}=1,{_BEYOND}-ROW(),0)'


_RULING_FUNCTIONS = [bar, nvt, evt, nvk, evk, nva, eva, nvw, evw, nwf, ewf, nk, ek,
                     *[_part_text(v, i, w) for v in _VIEWS for w in ("s", "w") for i in range(1, PARTS + 1)],
                     *[_part_number(v, i, w) for v in _VIEWS for w in ("s", "w") for i in range(1, PARTS + 1)],
                     nur, eur, nwhy, ewhy, rvw, rwp, rul, rwhy, rb, gkn, gke, nn, ne, kn, ke,
                     *[_part_weights(v, i, tied) for v in _VIEWS for tied in (False, True)
                       for i in range(1, PARTS + 1)],
                     fnn, fne,
                     nraw, eraw, nfa, efa, rsay, rend]


# ------------------------------------------------- Travellers: procedural penalties
# A line's own penalty (NS penalty, EW penalty): matchpoints (2) or a percentage of the board's top (10%) taken
# off that side's figure before it is rounded (mpxl.core.board: penalties come off last), whatever its sign. A penalty
# row (Adjustment Pen, the rulebook's PENALTY_ROW_CODES: Ruter's Pen row) gives the pair it names matchpoints of
# its own, signed, on its total; the board's figures untouched (mpxl.core.ranking). Its penalty is what comes off.

_PENALTY_WORDS = "expected matchpoints such as 2 or a percentage of top such as 10%"


def penr(c: Cells) -> str:
    """1 on a penalty row: Adjustment Pen (the rulebook's PENALTY_ROW_CODES), else 0."""
    codes = ",".join(f'"{code}"' for code in PENALTY_ROW_CODES)
    return f'IF(OR({c["adj"]}={{{codes}}}),1,0)'


#: What CELL("format", cell) starts with for a cell formatted as a percentage (0% is P0, 0.00% P2: ECMA-376 1st
#: edition Part 4 §3.17.7.34, CELL; LibreOffice alike, 0.0% P1). CELL is recalculated when the sheet is.
PERCENT_FORMAT = "P"


def _penalty_text(c: Cells, v: str) -> str:
    """A penalty cell's text; a number formatted as a percentage (Excel stores a typed 10% as 0.1 once the cell's
    Text format is gone) as the percentage it shows (``10%``), as ``mpxl score`` reads the workbook
    (:func:`mpxl.workbook.reader._shown_percentage`)."""
    x = c["ns_pen" if v == "n" else "ew_pen"]
    shown = f'IF(LEFT(CELL("format",{x}))="{PERCENT_FORMAT}",{x}*100&"%","")'
    return f'IF(ISNUMBER({x}),{shown},{sheet_key(x)})'


def npt(c: Cells) -> str:
    """The NS penalty as typed text, cleaned (capitals, no spaces), or as a percentage shown (0.1 as 10%); blank for
    any other number."""
    return _penalty_text(c, "n")


def ept(c: Cells) -> str:
    return _penalty_text(c, "e")


def _penalty_digits(c: Cells, v: str) -> str:
    t = c[f"{v}pt"]
    sign = f'IF(OR(LEFT({t},1)="-",LEFT({t},1)="+"),1,0)'
    return f'MID({t},1+{sign},LEN({t})-{sign}-IF(RIGHT({t},1)="%",1,0))'


def npd(c: Cells) -> str:
    """The NS penalty's text without its sign and its % (-4 -> 4, 10% -> 10)."""
    return _penalty_digits(c, "n")


def epd(c: Cells) -> str:
    return _penalty_digits(c, "e")


def _penalty_number(c: Cells, v: str) -> str:
    x, t, d = c["ns_pen" if v == "n" else "ew_pen"], c[f"{v}pt"], c[f"{v}pd"]
    return (f'IF({t}="",IF(ISNUMBER({x}),{x},""),IF({_decimal(d)},'
            f'IF(LEFT({t},1)="-",-1,1)*VALUE({d}),"?"))')


def npx(c: Cells) -> str:
    """The NS penalty as a number, signed (a typed 10% is 10); blank when none; ? when it is not a number."""
    return _penalty_number(c, "n")


def epx(c: Cells) -> str:
    return _penalty_number(c, "e")


def _line_penalty(c: Cells, v: str, N: str) -> str:
    """A line's own penalty's size: matchpoints, or its percentage of the top of a board of ``N`` results in the
    scale's arithmetic (mpxl.core.board.parse_penalty: ARTIFICIAL_MP, uncentred)."""
    x, t = c[f"{v}px"], c[f"{v}pt"]
    share = _artificial(f"ABS({x})", f'({_top(U, "0", c[N])})', "0")
    return f'IF(RIGHT({t},1)="%",{share},ABS({x}))'


def _penalty_mp(c: Cells, v: str) -> str:
    x = c[f"{v}px"]
    return f'IF(OR({x}="",{x}="?"),0,IF({c["penr"]}=1,{x},{_line_penalty(c, v, "nsc")}))'


def pns(c: Cells) -> str:
    """The matchpoints the NS penalty takes off: on a line off the NS figure (its size: matchpoints, or its
    percentage of the board's top in the scale's arithmetic); on a penalty row off the NS pair's total (signed)."""
    return _penalty_mp(c, "n")


def pew(c: Cells) -> str:
    return _penalty_mp(c, "e")


def _penalty_why(c: Cells, v: str) -> str:
    V = _VIEWS[v]
    x, t, pb, pair = c[f"{v}px"], c[f"{v}pt"], c["nspb" if v == "n" else "ewpb"], c[f"{V.lower()}_pair"]
    said = _said(c["ns_pen" if v == "n" else "ew_pen"])
    row = (f'IF({pb}=1,IF({x}<>"","{V} penalty "&{said}&" on a penalty row with no {V} pair",""),'
           f'IF({x}="","a penalty row for pair "&TRIM({pair}&"")&" with no amount in {V} penalty",'
           f'IF(OR({x}="?",RIGHT({t},1)="%"),"{V} penalty "&{said}&" is not matchpoints (2, or -4 for a bonus)","")))')
    # on a line, mpxl score's own words (the board scorer's: the text as Python quotes it)
    line = f'IF({x}="?",{_q(c["ns_pen" if v == "n" else "ew_pen"])}&" is not a penalty; {_PENALTY_WORDS}","")'
    return f'IF({c["penr"]}=1,{row},{line})'


def npw(c: Cells) -> str:
    """Why the NS penalty is not read: on a penalty row, a pair with no amount, an amount with no pair, or one that
    is not matchpoints; on a line, one that is not matchpoints or a percentage of top; blank when read."""
    return _penalty_why(c, "n")


def epw(c: Cells) -> str:
    return _penalty_why(c, "e")


def whypn(c: Cells) -> str:
    """Why a penalty row or a line's penalty is not read, in mpxl score's words; blank when read."""
    pen_row = (f'IF(AND({c["nspb"]}=1,{c["ewpb"]}=1),"a penalty row names no pair (NS pair or EW pair)",'
               f'IF(OR({c["tt"]}<>"",{c["ct"]}<>""),"a penalty row holds no score or contract",'
               f'IF({c["npw"]}<>"",{c["npw"]},{c["epw"]})))')
    return f'IF({c["penr"]}=1,{pen_row},IF({c["npw"]}<>"",{c["npw"]},{c["epw"]}))'


def _amount(x: str) -> str:
    """A figure in words: to 4 decimals at most."""
    return f'ROUND({x},4)'


def _penalty_words(c: Cells, v: str) -> str:
    V, x, t, pb = _VIEWS[v], c[f"{v}px"], c[f"{v}pt"], c["nspb" if v == "n" else "ewpb"]
    p = c[f"p{V.lower()}"]
    row = (f'IF({pb}=1,"","{V} "&TRIM({c[V.lower() + "_pair"]}&"")&IF({p}>0," loses "," gets ")&'
           f'{_amount(f"ABS({p})")}&" MP")')
    pct = f'IF(RIGHT({t},1)="%",ABS({x})&"% of the top, ","")'
    line = f'IF({x}="","","{V} "&{pct}&{_amount(p)}&" MP")'
    return f'IF({c["kind"]}="P",{row},IF(OR({c["kind"]}="R",{c["kind"]}="A"),{line},""))'


def nps(c: Cells) -> str:
    """What the NS penalty does, in words: on a penalty row what the NS pair gets or loses on its total; on a
    line the matchpoints (and the percentage of top) taken off the NS figure; blank when none."""
    return _penalty_words(c, "n")


def eps(c: Cells) -> str:
    return _penalty_words(c, "e")


def psay(c: Cells) -> str:
    """A penalty read, in words a director reads, with its row: what a penalty row gives its pairs, or what a
    line's penalty takes off its figures."""
    n, e = c["nps"], c["eps"]
    both = f'IF(AND({n}<>"",{e}<>""),", ","")'
    row = f'"penalty row: "&{n}&{both}&{e}&" (on the totals; the board\'s figures untouched)"'
    what = f'IF({c["kind"]}="P",{row},"penalty off the line\'s figure: "&{n}&{both}&{e})'
    return f'IF(AND({n}="",{e}=""),"","row "&ROW()&": "&{what})'


def pend(c: Cells) -> str:
    """On a penalty line (Penalty in words), 1,048,577 less its row (the board's first has the largest); else 0."""
    return f'IF({c["psay"]}<>"",{_BEYOND}-ROW(),0)'


# ------------------------------------------------- Travellers: typed forms read as mpxl score reads them
# A score typed as text is a whole number (mpxl.core.rules.WHOLE_TEXT: 420, +420, 420.00) within any contract's; a
# number that is none (4.20, 8000), or text that only looks like one (1,5, 4e2, −50), gets mpxl score's words; a code
# (in Adjustment, or typed as a score) not read gets the readers' words (mpxl.formats.common.check_entry).


def tkw(c: Cells) -> str:
    """Tricks (clean)'s form: 1 a whole number typed as text (:data:`mpxl.core.rules.WHOLE_TEXT`: 10, 10.0); 2 a result
    (a sign, =, made or m first: :func:`mpxl.core.contract.tricks_from_result` reads it); else 0."""
    x = c["tkt"]
    result = (f'OR(LEFT({x})={{{",".join(chr(34) + m + chr(34) for m in RESULT_SIGNS)}}},LEFT({x},4)="MADE",{x}="M",'
              f'AND(LEFT({x})="M",NOT(ISNUMBER(FIND(MID({x},2,1),"{_LETTERS}0123456789")))))')
    return f'IF({_whole(x)},1,IF({result},2,0))'


def tlk(c: Cells) -> str:
    """The typed text's number form: 2 a whole number without its sign (:data:`mpxl.core.rules.WHOLE_TEXT`: 420, 420.0);
    1 text that only looks like a number, every character a digit, a sign, a point, a comma, an underscore, an e,
    a space, the unicode minus or a fullwidth digit (:data:`mpxl.core.rules.NUMBER_LIKE`:
    4.20, 1,5, 4e2, −50); else 0."""
    tt = c["tt"]
    chars = ",".join(f'"{ch}"' for ch in NUMBER_LIKE)
    return f'IF({_whole(c["tu"])},2,IF(SUMPRODUCT(LEN({tt})-LEN(SUBSTITUTE({tt},{{{chars}}},"")))=LEN({tt}),1,0))'


def tnw(c: Cells) -> str:
    """Why a typed number is no score, after it (mpxl.core.rules.plain_score's words): a number not whole, or beyond any
    contract; text that only looks like a number; blank for any other."""
    t, form = c["typed"], c["tlk"]
    beyond = f'IF(ISNUMBER({t}),{t}=INT({t}),{form}=2)'  # whole: then beyond any contract
    return (f'IF({c["tnum"]}<>"{TYPED_TEXT}","",IF({beyond}," {BEYOND_ANY_CONTRACT}",'
            f'IF(OR(ISNUMBER({t}),{form}=1)," {NOT_WHOLE}","")))')


def abare(c: Cells) -> str:
    """1 when Adjustment (clean) is a bare number (a sign, digits and a point: 60, -2.5), which no reader takes for
    a code (a score of 60, or 60%?), else 0."""
    return f'IF({c["adj"]}="",0,IF({_decimal(_unsigned(c["adj"]))},1,0))'


def ckind(c: Cells) -> str:
    """Which words a code not read gets (:func:`mpxl.formats.common.check_entry`): 1 a bare number; 2 text that
    starts with a letter and has no number and % (no score or known code); 3 any other (no score)."""
    k = c["adj"]
    pct = f'IFERROR(ISNUMBER(-MID({k},FIND("%",{k})-1,1)),FALSE)'
    return f'IF({c["abare"]}=1,1,IF(AND(ISNUMBER(FIND(LEFT({k}),"{_LETTERS}")),NOT({pct})),2,3))'


def cwhy(c: Cells) -> str:
    """Why the code (the Adjustment, or a typed score read as a code) is not read, after it, in ``mpxl score``'s
    words (Code words)."""
    x = f'IF(TRIM({c["adjustment"]}&"")="",{c["tt"]},{c["adjustment"]})'
    return f'{_q(x)}&CHOOSE({c["ckind"]}," {BARE_ADJUSTMENT}"," {NOT_A_CODE}"," {NOT_A_SCORE}")'


def _view_number(c: Cells, v: str) -> str:
    """A split side's code without its A and a trailing % (A55% -> 55): the number :func:`nva` reads."""
    k = c[f"{v}vk"]
    return f'IF({k}="","",MID({k},2,LEN({k})-1-(RIGHT({k})="%")))'


def nvn(c: Cells) -> str:
    return _view_number(c, "n")


def evn(c: Cells) -> str:
    return _view_number(c, "e")


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


def tkwhy(c: Cells) -> str:
    """Why Tricks is not read, in ``mpxl score``'s words
    (:func:`mpxl.core.contract.tricks_from_result`): a result (=, +1,
    -2, made) not understood or impossible for the contract; else tricks that are no whole number, or out of range."""
    raw, x = c["tricks"], c["tkt"]
    made = ",".join(f'"{m}"' for m in RESULT_MADE)
    words = f'IF(OR(OR({x}={{{made}}}),ISNUMBER({c["tkd"]}))," is impossible"," not understood")'
    whole = f'IF(ISNUMBER({raw}),INT({raw})={raw},{c["tkw"]}=1)'
    number = (f'IF({whole},TRIM({raw})&" out of range; expected the tricks taken by declarer, 0-13",{_q(raw)}&" is not '
              f'a whole number; expected the tricks taken by declarer, 0-13, or a result like =, +1, -2")')
    return (f'IF({x}="","tricks missing",IF({c["tkw"]}=2,"result "&{_q(raw)}&{words}&" for "&{c["tcw"]},'
            f'"tricks "&{number}))')


def tcw(c: Cells) -> str:
    """The contract as ``mpxl score`` writes it in a message (4S, 3NT, 2Hx) and the results it allows (``4S: expected
    = or +0 to +3 or -1 to -10``); blank when not read."""
    crow = c["crow"]
    level = f'(INT(({crow}-1)/{len(contract_keys()) // 7})+1)'
    expected = f'": expected = or +0 to +"&(7-{level})&" or -1 to -"&({level}+6)'
    return f'IF(ISNUMBER({crow}),{_contract_words(crow)}&{expected},"")'


def arul(c: Cells) -> str:
    """1 when the Adjustment holds a ruling (a split, weighted or mixed score: a bar, or a % that is no code such
    as 60%, A60%, 60%/40% or 60%-40%), which replaces the score as in a CSV file's adjustment; else 0."""
    rest = sheet_key(c["adjustment"])
    for ch in "0123456789.%/A":
        rest = f'SUBSTITUTE({rest},"{ch}","")'
    a = c["adjustment"]
    # Bridgemate's 60%-40% is a code: a hyphen where the key ends in % (mpxl.core.rules.percent_pair_key)
    rest = f'SUBSTITUTE({rest},"-",IF(RIGHT(TRIM({a}))="%","","-"))'
    return f'IF(OR(ISNUMBER(FIND("|",{a})),AND(ISNUMBER(FIND("%",{a})),{rest}<>"")),1,0)'


_TYPED_FUNCTIONS = [tkw, tlk, tnw, abare, ckind, cwhy, nvn, evn, tcw, tkwhy, arul]


# ------------------------------------------------------ Travellers: a fixed top (the percent scale)

def topr(c: Cells) -> str:
    """The top the line is reported on: Setup's fixed top (the percent scale's 100), else Top (scored)
    (mpxl.core.scorer.reported_top)."""
    fixed = S["fixed_top"]
    return f'IF({c["board"]}="","",IF({fixed}>0,{fixed},{c["topsc"]}))'


def fac(c: Cells) -> str:
    """What the line's figures are multiplied by: Top (reported) / Top (scored) on a fixed top, else 1 (a board
    with no top keeps its figures)."""
    return f'IF({c["board"]}="","",IF(AND({S["fixed_top"]}>0,N({c["topsc"]})>0),{c["topr"]}/{c["topsc"]},1))'


def _first(c: Cells, side: str) -> str:
    """The line's ``side`` figure less its penalty before it is factored: a result's estimate or its artificial MP."""
    fa = c["nfa" if side == "ns" else "efa"]
    return f'(IF({fa}=1,{c["art" + side]},{c["est" + side]})-{c["p" + side]})'


def _first_scaled(c: Cells, side: str) -> str:
    fa = c["nfa" if side == "ns" else "efa"]
    first = f'AND({S["fixed_top"]}>0,{CELL[RoundingOrder]}="{RoundingOrder.MATCHPOINTS_FIRST.value}")'
    return f'IF(AND({first},OR({fa}=1,{c["kind"]}="R")),{scaled_formula(_first(c, side))},"")'


def nsmv(c: Cells) -> str:
    """Under Setup's Rounding order matchpoints-first on a fixed top: the NS figure less its penalty, before it
    is factored, in units of its last decimal; else blank."""
    return _first_scaled(c, "ns")


def ewmv(c: Cells) -> str:
    return _first_scaled(c, "ew")


def _first_rounded(c: Cells, side: str) -> str:
    v = c[side + "mv"]
    own = SCALE_AVERAGE.excel(centred=CENTRED, Top=c["topsc"])  # the board's own top's average
    return f'IF({v}="","",{rounding_formula(_first(c, side), v, own)})'


def nsm(c: Cells) -> str:
    """NS matchpoints first scaled rounded by Setup's Rounding on the board's own top (about its average): what
    the Factor then multiplies (the rulebook's ROUNDING_ORDERS); blank when not rounded first."""
    return _first_rounded(c, "ns")


def ewm(c: Cells) -> str:
    return _first_rounded(c, "ew")


_FACTOR_FUNCTIONS = [topr, fac, nsmv, ewmv, nsm, ewm]


def setn(c: Cells) -> str:
    """Set % of the line's NS figure: 1 when the group of results in NS's field is small enough for set percentages
    (n (NS figure): under Setup's Mixed line own a mixed line whose NS side was given an artificial score is not
    in it, and the group may be small in that field alone: mpxl.core.board), else 0."""
    return f'IF({c["kind"]}="R",{_set_pct(c, "nsc", "fnn")},"")'


def sete(c: Cells) -> str:
    return f'IF({c["kind"]}="R",{_set_pct(c, "nsc", "fne")},"")'


def rsh(c: Cells) -> str:
    """What a result's NS and EW figures add up to in the fields that hold it, for the check: per side the figure
    of the mean percentage of its field's group (a result's 50%, a small group's 60%: 65/55, a lone result's 60%),
    each side whose field holds the result (both, or under Setup's Mixed line own not a side given an artificial
    score)."""
    small = SMALL_GROUP_PERCENTAGE.py(S2=0, n=1)
    both = _both_fields()
    pct = f'IF({{}}=1,{small},IF({c["lone"]}=1,{LONE_RESULT_PERCENTAGE},{AVE}))'
    sides = [f'{_artificial(pct.format(c[s]), c["topsc"])}*(1-IF({both},0,{c[fa]}=1))'
             for s, fa in (("setn", "nfa"), ("sete", "efa"))]
    return f'IF({c["kind"]}="R",{"+".join(sides)},"")'

_PENALTY_FUNCTIONS = [kcode, penr, npt, ept, npd, epd, npx, epx, pns, pew, npw, epw, whypn, nps, eps, psay, pend]


#: Travellers column key -> its formula function, in the order the columns are written.
TRAVELLER: dict[str, Callable[[Cells], str]] = {
    f.__name__: f for f in (sess, sec, fkey, bkey, nskey, ewkey, vul, ct, crow, decl, dvul, dscore, cscore, tt, tu,
                            tnum, ns_score, adj, adjl, adjr, ub, nspct, ewpct, kind, badb, gkey, n, nb, lines, nf,
                            topf, fouled, largest, setpct, k, sw, sns, sew, estns, estew, ownns, ownew, adjns, adjew,
                            vns, vew, vans, vaew,
                            artns, artew, rns, rew, rans, raew, ns_mp, ew_mp, shares, tkt, tk, why, avg,
                            swt, byt, unfit, nsv, ewv, nsn, ewn, nsrow, ewrow, tkd, tkr, whyp, whyt, whyc, whyb, badend,
                            nspb, ewpb, spn, spe, nsc, topsc, topc, lone, shortt, kf, nsfx, ewfx, nsfv, ewfv, nsfr,
                            ewfr, nsx, ewx, nstot, ewtot, alone, nslpv, ewlpv, nslp, ewlp,
                            *_RULING_FUNCTIONS, *_PENALTY_FUNCTIONS, setf, pnsf, pewf, nsfa, ewfa, nsfar, ewfar, nsof,
                            ewof,
                            *_TYPED_FUNCTIONS, *_FACTOR_FUNCTIONS, setn, sete, rsh)
}


def traveller_formulas(r: int) -> dict[str, str]:
    """The formulas of traveller row ``r``, by column key."""
    c = Cells(r, TRAVELLER_COLUMNS)
    return {key: "=" + fn(c) for key, fn in TRAVELLER.items()}


# ------------------------------------------------------------ per-board block

def _b(c: Cells) -> str:
    return c["b_board"]


def board_key(board: str, section: str, session: str) -> str:
    """The key of a board of a field from the cells of its board, section and session (as the lines' Board
    key): session | section (blank across the field) | board; blank with no board.

    >>> board_key("B3", "B4", "B5")[:20]
    'IF(B3="","",IF(ISNUM'
    """
    key = _field_key(_session(session), sheet_text(section))
    return f'IF({board}="","",{key}&"|"&{board})'


def b_key(c: Cells) -> str:
    return board_key(_b(c), c["b_section"], c["b_session"])


def b_n(c: Cells) -> str:
    """The N of the board's field, from its lines (Setup's N when the board has none yet)."""
    return f'IF({_b(c)}="","",IFERROR(INDEX({R["nf"]},{_match(R["bkey"], c["b_key"])}),{S["n_used"]}))'


def b_results(c: Cells) -> str:
    return f'IF({_b(c)}="","",{_count_kinds(("R", "A"), c["b_key"])})'


def b_top(c: Cells) -> str:
    fixed = S["fixed_top"]
    return f'IF({_b(c)}="","",IF({fixed}>0,{fixed},{_top(U, CENTRED, c["b_n"])}))'


def b_check(c: Cells) -> str:
    """One direction's figures on a full board add up to N x the average (0 on the signed scale)."""
    return f'IF({_b(c)}="","",{SCALE_AVERAGE.excel(centred=CENTRED, Top=c["b_top"])}*{c["b_n"]})'


def b_ns(c: Cells) -> str:
    return f'IF({_b(c)}="","",SUMIFS({R["ns_mp"]},{R["bkey"]},{c["b_key"]}))'


def b_ew(c: Cells) -> str:
    return f'IF({_b(c)}="","",SUMIFS({R["ew_mp"]},{R["bkey"]},{c["b_key"]}))'


def b_expected(c: Cells) -> str:
    return f'IF({_b(c)}="","",SUMIFS({R["shares"]},{R["bkey"]},{c["b_key"]}))'


def b_status(c: Cells) -> str:
    b, N = _b(c), c["b_n"]
    exact = ROUNDING_RULES.index("exact") + 1
    tol = f'IF({S["rounding_index"]}={exact},0.000001,{c["b_results"]}/{S["unit"]}+0.000001)'
    bad = f'COUNTIFS({R["bkey"]},{c["b_key"]},{R["kind"]},"bad")'
    # the board's first unreadable line, in words (its row's Why), and how many more there are: the first
    # row is the largest of its lines' Unreadable (rows to the end), taken from one past the last row
    first = f'{_BEYOND - FIRST_ROW + 1}-SUMPRODUCT(MAX(({R["bkey"]}={c["b_key"]})*{R["badend"]}))'
    named = f'INDEX({R["whyb"]},{first})'
    return (f'IF({b}="","",IF({bad}>0,{named},'
            f'IF({c["b_results"]}>{N},"too many results",IF({c["b_results"]}=0,"no results",'
            f'IF(ABS({c["b_ns"]}+{c["b_ew"]}-{c["b_expected"]})>{tol},"check total off",'
            f'IF({c["b_results"]}<{N},"ok: "&({N}-{c["b_results"]})&" missing, estimated","ok")&{c["b_rulings"]}'
            f'&{c["b_pens"]}'
            f')))))')


def b_rulings(c: Cells) -> str:
    """What the director ruled on the board, in words: its first ruling line's (Ruling in words) and how
    many more there are; blank with none. The status shows it after ok."""
    count = f'COUNTIFS({R["bkey"]},{c["b_key"]},{R["rul"]},1)'
    first = f'{_BEYOND - FIRST_ROW + 1}-SUMPRODUCT(MAX(({R["bkey"]}={c["b_key"]})*{R["rend"]}))'
    return (f'IF(OR({_b(c)}="",{count}=0),"","; "&INDEX({R["rsay"]},{first})&IF({count}>1," (and "&({count}-1)&'
            f'" more rulings)",""))')


def b_pens(c: Cells) -> str:
    """The board's penalties in words: its first penalty line's (Penalty in words) and how many more; blank with
    none. The status shows it after ok (and the rulings)."""
    count = f'COUNTIFS({R["bkey"]},{c["b_key"]},{R["pend"]},">0")'
    first = f'{_BEYOND - FIRST_ROW + 1}-SUMPRODUCT(MAX(({R["bkey"]}={c["b_key"]})*{R["pend"]}))'
    return (f'IF(OR({_b(c)}="",{count}=0),"","; "&INDEX({R["psay"]},{first})&IF({count}>1," (and "&({count}-1)&'
            f'" more penalties)",""))')


BLOCK: dict[str, Callable[[Cells], str]] = {
    f.__name__: f for f in (b_results, b_top, b_check, b_ns, b_ew, b_status, b_expected, b_key, b_n, b_rulings,
                            b_pens)
}


def block_formulas(r: int) -> dict[str, str]:
    """The per-board check block, row ``r``."""
    c = Cells(r, TRAVELLER_COLUMNS)
    return {key: "=" + fn(c) for key, fn in BLOCK.items()}


# ---------------------------------------------------------------------- Pairs

def _both(c: Cells, ns: str, ew: str) -> str:
    d = c["side"]
    return f'IF({d}="NS",{ns},IF({d}="EW",{ew},IF({d}="",{ns}+{ew},"?")))'


def _sides(c: Cells, fn: Callable[[str, str], str]) -> str:
    """``fn(lines' pair keys, their column key)`` for the pair's NS lines, its EW lines, or both."""
    return _both(c, fn(R["nskey"], "ns"), fn(R["ewkey"], "ew"))


def pkey(c: Cells) -> str:
    return f'IF({c["pair"]}="","",{sheet_text(c["section"])}&"|"&{sheet_text(c["pair"])})'


def played(c: Cells) -> str:
    p = c["pkey"]
    counted = _sides(c, lambda keys, _: f'COUNTIFS({keys},{p},{R["kind"]},"R")+COUNTIFS({keys},{p},{R["kind"]},"A")')
    return f'IF({p}="","",{counted})'


def mpb(c: Cells) -> str:
    """The pair's lines added up: what each line gives its total (NS for totals, EW for totals); ? while one
    of its boards has an unreadable line."""
    p = c["pkey"]
    bad = _sides(c, lambda keys, _: f'COUNTIFS({keys},{p},{R["badb"]},">0")')
    total = _sides(c, lambda keys, side: f'SUMIFS({R[side + "tot"]},{keys},{p})')
    return f'IF({p}="","",IF({bad}>0,"?",{total}))'


def carried(c: Cells) -> str:
    p = c["pkey"]
    before = _sides(c, lambda keys, side: f'SUMIFS({R[side + "tot"]},{keys},{p},{R["sess"]},"<"&{S["this_session"]})')
    return f'IF({p}="","",IF(ISNUMBER({c["mp"]}),{before},{c["mp"]}))'


def session_mp(c: Cells) -> str:
    """The latest session's MP: the total less what is carried forward (a missed board's credit included)."""
    return f'IF({c["pkey"]}="","",IF(ISNUMBER({c["mp"]}),{c["mp"]}-{c["carried"]},{c["mp"]}))'


def maxb(c: Cells) -> str:
    """The tops of the boards it played added up (0 on a row with no pair)."""
    p = c["pkey"]
    tops = _sides(c, lambda keys, _: f'SUMIFS({R["topc"]},{keys},{p},{R["kind"]},"R")'
                                     f'+SUMIFS({R["topc"]},{keys},{p},{R["kind"]},"A")')
    return f'IF({p}="",0,{tops})'


def satout(c: Cells) -> str:
    """How many boards it sat out (a not-played code with it alone at the table: Pair alone on Travellers)."""
    p, sat = c["pkey"], R["alone"]
    return f'IF({p}="",0,{_sides(c, lambda keys, _: f"COUNTIFS({keys},{p},{sat},1)")})'


def sfield(c: Cells) -> str:
    """The field its missed boards and full maximum are counted in: its section (blank across the field)."""
    return f'IF({c["pkey"]}="","",IF({CELL[Field]}="{ACROSS}","",{sheet_text(c["section"])}))'


def due(c: Cells) -> str:
    return f'IF({c["pkey"]}="",0,N({c["played"]})+{c["satout"]})'


def short(c: Cells) -> str:
    """Missed boards own, average or ave-plus: the most boards due (played or sat out) by a pair of its field
    less the boards it played; else (none) 0."""
    most = f'SUMPRODUCT(MAX(({P_R["sfield"]}={c["sfield"]})*{P_R["due"]}))'
    own = f'AND({c["pkey"]}<>"",{CELL[Unplayed]}<>"{Unplayed.NONE.value}",N({c["maxb"]})>0)'
    return f'IF({own},MAX(0,{most}-N({c["played"]})),0)'


def latest(c: Cells) -> str:
    p = c["pkey"]
    return f'IF({c["short"]}=0,"",SUMPRODUCT(MAX((({R["nskey"]}={p})+({R["ewkey"]}={p})>0)*{R["sess"]})))'


def ctop(c: Cells) -> str:
    """The top a missed board is credited on: the largest top of its field in its latest session."""
    fk = _field_key(c["latest"], c["sfield"]).replace(f'IF({CELL[Field]}="{ACROSS}","",{c["sfield"]})', c["sfield"])
    return f'IF({c["short"]}=0,0,SUMPRODUCT(MAX(({R["fkey"]}={fk})*{R["topc"]})))'


def _set_credit() -> str:
    """Setup's Missed boards as the set percentage it credits (the rulebook's UNPLAYED_CREDITS: average 50,
    ave-plus 60), "" under own (and none)."""
    out = '""'
    for value, pct in reversed(UNPLAYED_CREDITS.items()):
        out = f'IF({CELL[Unplayed]}="{value}",{pct},{out})'
    return out


def cx(c: Cells) -> str:
    """What it is credited with for each board it missed: under own its own share of that top, MP (boards) x
    Credit top / Max (boards); under average / ave-plus that percentage of Credit top, as an artificial score."""
    # its share before any penalty row (mpxl.core.ranking: the credit is worked out before the penalties)
    own = MISSED_BOARD_CREDIT.excel(mp=f'({c["mpb"]}-{c["pen"]})', top=c["ctop"], max=c["maxb"])
    pct = _set_credit()
    credit = f'IF({pct}="",{own},{_artificial(pct, c["ctop"])})'
    return f'IF(AND({c["short"]}>0,ISNUMBER({c["mpb"]})),{credit},"")'


def cv(c: Cells) -> str:
    return f'IF({c["cx"]}="","",{scaled_formula(c["cx"]).replace(S["unit"], S["totals_unit"])})'


def credit(c: Cells) -> str:
    """A missed board's credit: rounded as the totals' figures, exact when the totals add the exact figures."""
    average = SCALE_AVERAGE.excel(centred=CENTRED, Top=c["ctop"])
    rounded = rounding_formula(c["cx"], c["cv"], average, **_TOTALS)
    return f'IF({c["cx"]}="",0,IF({EXACT_TOTALS},{c["cx"]},{rounded}))'


def pen(c: Cells) -> str:
    """What its penalty rows add to its total (a penalty taken off, a bonus added): in MP (boards) already."""
    p = c["pkey"]
    rows = _sides(c, lambda keys, side: f'SUMIFS({R[side + "tot"]},{keys},{p},{R["kind"]},"P")')
    return f'IF({p}="",0,{rows})'


def mpx(c: Cells) -> str:
    return f'IF({c["pkey"]}="","",IF(ISNUMBER({c["mpb"]}),{c["mpb"]}+{c["short"]}*{c["credit"]},{c["mpb"]}))'


def mpv(c: Cells) -> str:
    scaled = scaled_formula(c["mpx"]).replace(S["unit"], S["totals_unit"])
    return f'IF(AND({EXACT_TOTALS},ISNUMBER({c["mpx"]})),{scaled},"")'


def mp(c: Cells) -> str:
    """The total: MP (exact), rounded as a total (Setup's Totals rounding) when the totals add the exact figures."""
    return f'IF({c["mpv"]}="",{c["mpx"]},{rounding_formula(c["mpx"], c["mpv"], "0", **_TOTALS)})'


def mxn(c: Cells) -> str:
    return f'IF(AND({c["pkey"]}<>"",ISNUMBER({c["maxb"]})),{c["maxb"]}+{c["short"]}*{c["ctop"]},0)'


def max_(c: Cells) -> str:
    return f'IF({c["pkey"]}="","",IF(ISNUMBER({c["maxb"]}),{c["mxn"]},{c["maxb"]}))'


def full(c: Cells) -> str:
    """Under Percentage basis scaled: the largest Max of its field (worked out only then: it looks at every pair)."""
    scaled = f'{CELL[PercentageBasis]}="{PercentageBasis.SCALED.value}"'
    return f'IF(OR({c["pkey"]}="",NOT({scaled})),"",SUMPRODUCT(MAX(({P_R["sfield"]}={c["sfield"]})*{P_R["mxn"]})))'


def stx(c: Cells) -> str:
    """Percentage basis scaled: a pair whose Max is short of its field's Full Max, its total scaled up to it."""
    scaled = f'AND({CELL[PercentageBasis]}="{PercentageBasis.SCALED.value}",ISNUMBER({c["mpx"]}),N({c["max"]})>0)'
    total = SCALED_TOTAL.excel(mp=c["mpx"], full=c["full"], max=c["max"])
    return f'IF({scaled},IF({c["max"]}<{c["full"]},{total},""),"")'


def stv(c: Cells) -> str:
    return f'IF({c["stx"]}="","",{scaled_formula(c["stx"]).replace(S["unit"], S["totals_unit"])})'


def st(c: Cells) -> str:
    return f'IF({c["stx"]}="","",{rounding_formula(c["stx"], c["stv"], "0", **_TOTALS)})'


def pctx(c: Cells) -> str:
    """The exact percentage (the ranking's): of MP (exact) over Max, or the scaled total over the Full Max; 0 for
    a pair that played with no maximum (every board of its a lone result: :meth:`mpxl.core.settings.Scale.percentage`),
    blank for one that has not played."""
    share = SCALE_PERCENTAGE.excel(centred=CENTRED, mp=c["mpx"], max=c["max"])
    scaled = SCALE_PERCENTAGE.excel(centred=CENTRED, mp=c["st"], max=c["full"])
    return (f'IF(OR({c["pkey"]}="",N({c["max"]})+N({c["played"]})=0),"",IF(N({c["max"]})=0,0,IF(ISNUMBER({c["mpx"]}),'
            f'IF({c["st"]}="",{share},{scaled}),"?")))')


def pctv(c: Cells) -> str:
    return (f'IF(AND(ISNUMBER({c["pctx"]}),ISNUMBER({S["pct_decimals"]})),'
            f'ROUND({c["pctx"]}*{S["pct_unit"]},6),"")')


def pct(c: Cells) -> str:
    """The percentage as published: % (exact) rounded by Setup's Percentage rounding (exact when no decimals)."""
    return f'IF({c["pctv"]}="",{c["pctx"]},{tie_formula(c["pctx"], c["pctv"], S["pct_unit"])})'


def field(c: Cells) -> str:
    d = c["side"]
    sec_ = f'IF({CELL[Field]}="{ACROSS}","",{sheet_text(c["section"])})'
    return f'IF({c["pkey"]}="","",{sec_}&"|"&IF({S["winners"]}=2,IF({d}="","-",{d}),"all"))'


def key(c: Cells) -> str:
    return f'IF(ISNUMBER({c["pctx"]}),ROUND({c["pctx"]},6),"")'


def place(c: Cells) -> str:
    """1 + the pairs ranked ahead of it in its group (Order) with another % or tie-break; = when shared."""
    F, f, K, x, R_, r = P_R["field"], c["field"], P_R["key"], c["key"], P_R["order"], c["order"]
    same = f'{F},{f},{K},{x},{P_R["tbid"]},{c["tbid"]}'
    return (f'IF({x}="","",(COUNTIFS({F},{f},{R_},"<"&{r})-COUNTIFS({same},{R_},"<"&{r})+1)'
            f'&IF(AND({CELL[Places]}="{Places.SHARED.value}",COUNTIFS({same})>1),"=",""))')


def tbkey(c: Cells) -> str:
    return f'IF({c["pkey"]}="","",N({c["tiebreak"]}))'


def tbid(c: Cells) -> str:
    return f'IF({c["pkey"]}="","",IF(ISNUMBER({c["tiebreak"]}),"t"&{c["tiebreak"]},"none"))'


def sortkey(c: Cells) -> str:
    return f'IF({c["pkey"]}="","",IF(ISNUMBER({c["key"]}),{c["key"]},-1))'


def mpkey(c: Cells) -> str:
    return f'IF({c["pkey"]}="","",IF(ISNUMBER({c["mpx"]}),ROUND({c["mpx"]},6),-1))'


def rowno(c: Cells) -> str:
    return f'IF({c["pkey"]}="","",ROW())'


def first(c: Cells) -> str:
    return f'IF({c["pkey"]}="","",MATCH({c["field"]},{P_R["field"]},0))'


def order(c: Cells) -> str:
    """The pair's line in the ranking: after the ranking groups that come first on Pairs, then by %,
    then by MP, then by the tie-break, then in the Pairs sheet's order (as mpxl ranks)."""
    F, f, P, x, M, m = P_R["field"], c["field"], P_R["sortkey"], c["sortkey"], P_R["mpkey"], c["mpkey"]
    B, t = P_R["tbkey"], c["tbkey"]
    return (f'IF({c["pkey"]}="","",COUNTIFS({P_R["first"]},"<"&{c["first"]})+COUNTIFS({F},{f},{P},">"&{x})'
            f'+COUNTIFS({F},{f},{P},{x},{M},">"&{m})+COUNTIFS({F},{f},{P},{x},{M},{m},{B},">"&{t})'
            f'+COUNTIFS({F},{f},{P},{x},{M},{m},{B},{t},{P_R["rowno"]},"<"&{c["rowno"]})+1)')


def side_(c: Cells) -> str:
    """The Direction as a side by the rulebook's spellings (:data:`mpxl.core.rules.SIDE_SPELLINGS`): NS, EW, blank
    when none is typed (the pair plays both ways), ? for a spelling ``mpxl score`` refuses."""
    x = sheet_key(c["direction"])
    ns, ew = ([w for w, s in SIDE_SPELLINGS.items() if s == one] for one in ("NS", "EW"))
    words = ",".join(f'"{w}"' for w in ns + ew)
    numbers = ",".join(["1"] * len(ns) + ["2"] * len(ew))
    return f'IF({x}="","",CHOOSE(1+SUMPRODUCT(({x}={{{words}}})*{{{numbers}}}),"?","NS","EW"))'


PAIRS: dict[str, Callable[[Cells], str]] = {
    f.__name__.rstrip("_"): f for f in (pkey, played, carried, session_mp, mp, max_, pct, place, field, key, sortkey,
                                        mpkey, tbkey, tbid, rowno, first, order, side_, mpb, maxb, satout,
                                        sfield, due, short, latest, ctop, cx, cv, credit, mpx, mpv, mxn, full,
                                        stx, stv, st, pctx, pctv, pen)
}


def pairs_formulas(r: int) -> dict[str, str]:
    """The formulas of Pairs row ``r``."""
    c = Cells(r, PAIRS_COLUMNS)
    return {k_: "=" + fn(c) for k_, fn in PAIRS.items()}


# --------------------------------------------------------------------- Totals

def _ranked(column: str, text: bool = False) -> Callable[[Cells], str]:
    def fn(c: Cells) -> str:
        return f'IF({c["row"]}="","",INDEX({P_R[column]},{c["row"]}){"&" + chr(34) * 2 if text else ""})'
    fn.__name__ = column
    return fn


def row(c: Cells) -> str:
    return f'IFERROR(MATCH(ROW()-{HEADER_ROW},{P_R["order"]},0),"")'


TOTALS: dict[str, Callable[[Cells], str]] = {
    "row": row, "place": _ranked("place"), "pair": _ranked("pair"), "direction": _ranked("direction", True),
    "names": _ranked("names", True), "section": _ranked("section", True), "mp": _ranked("mp"),
    "max": _ranked("max"), "pct": _ranked("pct"),
}


def totals_formulas(r: int) -> dict[str, str]:
    """The formulas of Totals (the ranking) row ``r``: the pair placed ``r - HEADER_ROW``-th."""
    c = Cells(r, TOTALS_COLUMNS)
    return {k_: "=" + fn(c) for k_, fn in TOTALS.items()}


# ---------------------------------------------------------------------- Setup

def setup_formulas() -> dict[str, str]:
    """The Setup sheet's formula cells, by key."""
    full = [f'{S["method_index"]}={i + 1}' for i, m in enumerate(Method) if m.value in ESTIMATES_FULL_BOARDS]
    return {
        "n_used": f'=IF(ISNUMBER({S["expected"]}),{S["expected"]},MAX(1,MAX({R["lines"]})))',
        "top": f'=IF({S["fixed_top"]}>0,{S["fixed_top"]},{_top(U, CENTRED, S["n_used"])})',
        "scale_index": f'={scale_index(S["scale"])}',
        "scale_unit": f'={scale_unit(S["scale_index"])}',
        "centred": f'={scale_centred(S["scale_index"])}',
        "fixed_top": f'={scale_fixed_top(S["scale_index"])}',
        "method_index": f'=MATCH({S["method"]},MethodNames,0)',
        "rounding_index": f'=MATCH({S["rounding"]},RoundingNames,0)',
        "rule_index": f'=MATCH({CELL[SmallGroups]},SmallGroupNames,0)',
        "unit": f'=10^{S["decimals"]}',
        "this_session": f'=MAX(1,MAX({R["sess"]}))',
        "full_boards": f'=IF(OR({",".join(full)}),1,0)' if full else "=0",
        "totals_rounding_index": f'=IF({S["totals_rounding"]}="",{S["rounding_index"]},'
                                 f'MATCH({S["totals_rounding"]},RoundingNames,0))',
        "totals_unit": f'=10^IF(ISNUMBER({S["totals_decimals"]}),{S["totals_decimals"]},{S["decimals"]})',
        "pct_unit": f'=10^IF(ISNUMBER({S["pct_decimals"]}),{S["pct_decimals"]},0)',
        "line_pct_unit": f'=10^IF(ISNUMBER({S["line_pct_decimals"]}),{S["line_pct_decimals"]},0)',
    }


# -------------------------------------------------------------------- Methods

def methods_k(method: Method, N: str, n: str) -> str:
    """The Methods sheet's k cell of ``method`` for the N and n cells."""
    return "=" + K_RULES[method.value].excel(N=N, n=n)


def _methods_offset(unit: str, centred: str, E: str) -> str:
    """What the signed scale takes off a double figure on a board of E results (0 on the others)."""
    return SCALE_OFFSET.excel(centred=centred, Top=_top(unit, centred, E))


def methods_raw(j: int, n: str, unit: str, centred: str) -> str:
    """The Methods sheet's ``j``-th raw score S among n results: j halves of the unit, from 0 (less the
    signed scale's offset: -(n - 1) to n - 1); blank past the top."""
    return f'=IF({j}<=2*({n}-1),{j}*{unit}/2-{_methods_offset(unit, centred, n)},"")'


def methods_raw_pct(S_: str, n: str, unit: str, centred: str) -> str:
    """The Methods sheet's raw score ``S_`` as a percentage of the top of n results."""
    share = SCALE_PERCENTAGE.excel(centred=centred, mp=S_, max=f"({_top(unit, centred, n)})")
    return f'=IF(OR({S_}="",{n}=1),"",{share})'


def methods_estimate(method: Method, S_: str, N: str, n: str, k_: str, unit: str, centred: str) -> str:
    """The Methods sheet's estimate of raw score cell ``S_``: in the scale's arithmetic (on the signed
    scale S and the figure are shifted by the double averages of n and of N results)."""
    full = "1" if method.value in ESTIMATES_FULL_BOARDS else "0"
    S_arith = f"({S_}+{_methods_offset(unit, centred, n)})"
    est = ESTIMATE_LINE.excel(S=S_arith, N=N, n=n, k=k_, Scale=unit, full=full)
    return f'=IF({S_}="","",{est}-{_methods_offset(unit, centred, N)})'


def methods_pct(M: str, N: str, unit: str, centred: str) -> str:
    """The Methods sheet's estimate ``M`` as a percentage of the full top."""
    share = SCALE_PERCENTAGE.excel(centred=centred, mp=M, max=f"({_top(unit, centred, N)})")
    return f'=IF(OR({M}="",{N}<2),"",{share})'


assert FIRST_ROW >= 2
