"""The template's words: the Help sheet's text, the Setup notes and each helper column's note.

The same text is in docs/template.md (a test checks that :func:`columns_markdown` is there
verbatim), so the header notes in the workbook and the documentation cannot drift apart.

>>> COLUMN_NOTES["sns"][:40]
'S: the raw matchpoints among the results'
"""

from __future__ import annotations

import re

from ..core.rules import FIELD_SCORING, NOT_PLAYED_CODES, SESSIONS
from .formulas import BLOCK as BLOCK_FORMULAS
from .formulas import TRAVELLER, Cells
from .layout import (
    BLOCK,
    FIRST_ROW,
    HELP_TABLES,
    HELPERS,
    MAIN,
    PAIRS,
    SETUP_NAMES,
    SETUP_SETTINGS,
    TRAVELLER_COLUMNS,
    TRAVELLER_RANGE_NAMES,
)

__all__ = ["HELP_TEXT", "SETUP_NOTES", "COLUMN_NOTES", "PAIRS_NOTES", "XLWINGS_CONF_NOTES", "columns_markdown",
           "block_markdown", "pairs_markdown", "reads"]

_NP = ", ".join(NOT_PLAYED_CODES)

#: Setup key -> the note in column C: a setting's from its declaration (:class:`mpxl.core.options.Setting`), the
#: others' here.
SETUP_NOTES: dict[str, str] = {
    **{s.sheet or "": s.note or "; ".join(f"{k}: {v}" for k, v in s.values.items()) + "."
       for s in SETUP_SETTINGS.values()},
    "event": "The event's name, for the printed sheets.",
    "club": "The club's name (mpxl score --club): into the USEBIO file's CLUB and the results page's title.",
    "date": "",
    "n_used": "Formula (name N): the most lines on any board; each session and section (field) has its own N, "
              "the Travellers' N (field) column.",
    "top": "Formula (name Top): scale x (N - 1), the most matchpoints on a board (per field: Top (field)); "
           "N - 1 on the signed scale; the fixed top (100) on the percent scale.",
    "decimals": "Board matchpoints are rounded to this many decimals; totals add the rounded figures.",
    "ave_plus": "What A+ / AVE+ is worth (60).",
    "ave_minus": "What A- / AVE- is worth (40).",
    "this_session": "Formula (name ThisSession): the latest session on Travellers; Pairs shows its MP and the "
                    "earlier sessions' carried forward.",
    "totals_decimals": "The totals' decimals: blank = Decimals (Compscore: lines 1, totals 2).",
    "line_pct_decimals": "Blank: no line percentages; else each line's percentage of its top to these decimals "
                         "(Travellers' NS line % and EW line %: Ruter's Percentage_NS / EW, whole numbers).",
    "totals_rounding_index": "Formula (name TotalsRoundingNo): position of the totals' rounding rule.",
    "totals_unit": "Formula (name TotalsUnit): 10^totals decimals.",
    "pct_unit": "Formula (name PctUnit): 10^percentage decimals.",
    "line_pct_unit": "Formula (name LinePctUnit): 10^line % decimals.",
    "method_index": "Formula (name MethodNo): position of the method in the list (drives k).",
    "rounding_index": "Formula (name RoundingNo): position of the rounding rule.",
    "rule_index": "Formula (name RuleNo): position of the small-group rule.",
    "unit": "Formula (name Unit): 10^decimals, used by the rounding.",
    "full_boards": "Formula (name FullBoards): 1 when the method estimates full boards too (see docs/rulings.md).",
    "scale_index": "Formula (name ScaleNo): position of the scale among 2, 1, signed, percent.",
    "fixed_top": "Formula (name FixedTop): the top every board is reported on whatever its results (100 on the "
                 "percent scale, scored with the double arithmetic then factored), 0 for none.",
    "scale_unit": "Formula (name ScaleUnit): matchpoints per score beaten in the scale's arithmetic: 2 (double "
                  "and signed) or 1 (single).",
    "centred": "Formula (name Centred): 1 on the signed scale, whose figures are the double ones less N - 1.",
}

#: Travellers column key -> what its formula computes, in words (the header's note).
COLUMN_NOTES = {
    "ns_score": "The Typed score if there is one (a number, or text such as +420), else the Contract NS score.",
    "ns_mp": "The NS result MP or artificial MP (rounded); ? on every line of a board with an unreadable line; "
             "blank when not played.",
    "ew_mp": "The EW result MP or artificial MP (rounded); ? on every line of a board with an unreadable line; "
             "blank when not played.",
    "section": "The line's section (A, B...); blank when the event has one section.",
    "session": "The line's session (1, 2...); blank is session 1.",
    "b_key": "The board within its field (session | section | board), as the lines' Board key.",
    "b_n": "N of the board's field (Setup's N while it has no lines).",
    "b_expected": "What the board's NS + EW total should be: its lines' Expected NS+EW share added up.",
    "sess": "The line's session: the Session typed, or 1 when blank.",
    "sec": "The line's section: the Section typed, white space trimmed (blank when one section).",
    "fkey": "The field the board is matchpointed in: session | section (session | blank when Setup scores "
            "the sections across the field).",
    "bkey": "The board within its field: field | board. Every per-board count looks across this key.",
    "nskey": "The NS pair within its section: section | NS pair (what Pairs sums by).",
    "ewkey": "The EW pair within its section: section | EW pair.",
    "vul": "The board's vulnerability from its number: the 16-board cycle (Help, VulCycle).",
    "ct": "The Contract in capitals, white space removed, a suit symbol or name as its letter (3 nt* -> 3NT*, "
          "4♠ -> 4S, 2 hearts -> 2H).",
    "crow": "The contract's row in the Help sheet's contract table (ContractKeys); blank if it is not there.",
    "decl": "By as a seat: N, E, S or W (North, East... too, white space ignored); ? when it is something else.",
    "dvul": "1 when the declarer's side is vulnerable on this board, else 0.",
    "dscore": "The declarer's score looked up in the Help sheet's contract table (Law 77): row, then Tricks "
              "(number) 0-13 not vulnerable or vulnerable.",
    "cscore": "0 for a passed-out board; the declarer score, negated for E/W; ? when the contract, By or Tricks "
              "cannot be read.",
    "tt": "The Typed score as text, white space trimmed: spaces, tabs, line breaks and non-breaking "
          "spaces (only white space is blank, as mpxl reads it); a ruling typed in Adjustment is read here instead.",
    "tu": "The typed text without its leading + or - sign.",
    "tnum": "The Typed score as a number when it is a bridge score: a whole number within 7600 either way, typed "
            "as a number or as text (an optional sign, digits, a point and zeros only: 420, +420, 420.0); text for "
            "any other (a ruling such as -150 bar -50 or 30% 420 + 70% 450, a code such as A+, or a text Why names).",
    "adj": "The Adjustment in capitals, white space removed (spaces, tabs, non-breaking spaces...); with no "
           "Adjustment, the Typed score when it is a code (A+, 60/40, 60%, 60%-40%, NP, a word), as mpxl reads a "
           "score cell.",
    "adjl": "The NS side of the Adjustment (left of /, or of the hyphen of Bridgemate's 60%-40%).",
    "adjr": "The EW side of the Adjustment (right of /, or of the hyphen of Bridgemate's 60%-40%).",
    "ub": "1 when the Adjustment is a USEBIO code: A and two halves of 2 or 3 digits (A6040: NS 60, EW 40).",
    "nspct": "The NS percentage: USEBIO A6040's first half, else the NS code's from the Help table (A+ 60, A 50, "
             "A- 40...), else NS code number (A55, 55%).",
    "ewpct": "The EW percentage: the right side, or 100 minus NS when one code is given.",
    "kind": f"R a result, A an artificial score, NP not played ({_NP}), P a penalty row (Adjustment Pen), bad "
            "unreadable (or a result without its NS or EW pair, with an arrowswitch mark or a penalty not read), "
            "blank when nothing is typed or for a sit-out (a not-played code with one pair alone: a table with no "
            "opponents, not a line); a line with an Adjustment takes Kind (adjustment).",
    "badb": "How many lines of this board are unreadable (kind bad): its figures show ? until they are fixed.",
    "gkey": "The board and the fouled-board group label (any case, white space trimmed): the results "
            "matchpointed together.",
    "n": "n: the real results in the line's board and group.",
    "nb": "The real results (kind R) on the board.",
    "lines": "The lines that count towards N: results, artificial scores, not-played and unreadable lines. "
             "N is the largest.",
    "nf": "N of the line's field: Setup's expected results, or the most lines towards N on any board of the "
          "same session and section (or the whole session across the field).",
    "topf": "The top of the line's field: scale x (N (field) - 1); N (field) - 1 on the signed scale.",
    "fouled": "1 when the line's group has fewer results than the board (a fouled board).",
    "largest": "The largest group on a fouled board.",
    "setpct": "1 when a fouled group is small enough for set percentages by the Setup rule (Help: small groups).",
    "k": "k of the Setup method (Help: methods), on N (scored): Neuberg N/n, Factor 1, Ascherman (N+n-1)/n, "
         "McKinnon (N-1)/n if N > n+1 else 1, Manual N-n+1, Ascherman-short (N+n-1)/n.",
    "sw": "1 when the table played the board arrowswitched (Y, yes, X, 1...), 0 when not (blank, N, no, 0); ? "
          "for anything else (the line is then unreadable), as mpxl score reads the arrowswitch column.",
    "sns": "S: the raw matchpoints among the results of the group, 2 per score beaten and 1 per other equal "
           "score, halved on the single scale (the signed scale counts as the double here).",
    "sew": "S from EW's side: scale x (n - 1) - S (NS).",
    "estns": "The NS estimate on N (scored) and Top (scored): a small group's set percentage of the top; a lone "
             "result beside artificial scores 60% under Setup's Lone result ave-plus; else M = (N - k)/(n - 1) x "
             "S + scale x (k - 1)/2 with S the NS S (as played), n and k the NS figure's (a ruling's view); a lone "
             "result gets the average; a full board keeps S (unless the method estimates full boards). Signed "
             "scale: less N - 1 (the double average). On a mixed line whose NS side was given an artificial "
             "score: what its real score would get in NS's field (for the check; NS MP is the artificial one) "
             "when Setup's Mixed line is both, else blank (the result is not in NS's field).",
    "estew": "The EW estimate, the same way from EW's S.",
    "ownns": "Under the wbf policy, the NS pair's percentage on its boards with real results: what its total adds "
             "from them (NS for own %) over the tops its Max counts.",
    "ownew": "Under the wbf policy, the EW pair's percentage on its boards with real results (EW for own %).",
    "adjns": "The NS artificial percentage after the Ave+/Ave- policy (and the arrowswitch).",
    "adjew": "The EW artificial percentage after the Ave+/Ave- policy (and the arrowswitch).",
    "artns": "The NS artificial matchpoints: the percentage of Top (scored); signed: (% - 50) x top / 50.",
    "artew": "The EW artificial matchpoints: the percentage of Top (scored); signed: (% - 50) x top / 50.",
    "vns": "The NS estimate less NS penalty MP in units of its last decimal, the value the rounding rounds: "
           "(estimate - penalty) x 10^Decimals, cleaned to 6 decimals (so an exact half of a unit is .5).",
    "vew": "The EW estimate less EW penalty MP in units of its last decimal, the same way.",
    "vans": "The NS artificial matchpoints less NS penalty MP in units of their last decimal, the same way.",
    "vaew": "The EW artificial matchpoints less EW penalty MP in units of their last decimal, the same way.",
    "rns": "The NS estimate less NS penalty MP (a line's own penalty comes off before the rounding) x the Factor "
           "(or NS matchpoints first x the Factor) rounded by the Setup rule, from NS scaled: half-up (an exact "
           "half away from zero), ebu (an exact half towards the "
           "average), exact (the figure itself), or half-even.",
    "rew": "The EW estimate less EW penalty MP rounded by the Setup rule.",
    "rans": "The NS artificial matchpoints less NS penalty MP rounded by the Setup rule, from NS artificial scaled.",
    "raew": "The EW artificial matchpoints less EW penalty MP rounded by the Setup rule, from EW artificial scaled.",
    "shares": "What the line should add to the board's NS + EW total, for the check (a mixed line: its "
              "artificial side's percentage, less the figure its real score takes from that side's field under "
              "Setup's Mixed line both), from Result shares; less the line's own penalties, x the Factor.",
    "tkt": "The Tricks in capitals, white space removed.",
    "tk": "Tricks as a number: a number 0-13, or a result against the contract (=, made, +1, -2) as mpxl reads it; "
          "? otherwise.",
    "why": "For an unreadable line, what is wrong, with its row (row 12: contract \"4Q\" not understood): Why "
           "(penalty) first, then Why (pairs, arrowswitch) when an adjustment or a score is typed, else the "
           "adjustment, Why (typed score) or Why (contract).",
    "avg": "The average figure of the line's field, which the ebu rounding takes an exact half towards: half the "
           "top it is reported on (Top (reported)); 0 on the signed scale.",
    "swt": "The Arrowswitch mark in capitals, white space removed (the rulebook's key): what Switched reads.",
    "byt": "By in capitals, white space and the marks . - / _ removed (N. -> N): what Declarer reads.",
    "nspb": "1 when the NS pair is blank: nothing, or white space only (spaces, tabs, non-breaking spaces), as "
            "mpxl score reads a blank cell; else 0.",
    "ewpb": "1 when the EW pair is blank (white space only counts as blank); else 0.",
    "unfit": "1 when the line lacks its NS or EW pair, its arrowswitch mark is not read (Switched ?) or a penalty "
             "is not read (NS or EW penalty (number) ?), else 0: "
             "such a line is unreadable unless nothing is typed on it.",
    "nsv": "The NS code (left of /) without a leading A or a trailing % (A55 -> 55, 55% -> 55).",
    "ewv": "The EW code (right of /) without a leading A or a trailing %.",
    "nsn": "NS code (number text) as a number when it is digits with at most one decimal point; else blank.",
    "ewn": "EW code (number text) as a number when it is digits with at most one decimal point; else blank.",
    "nsrow": "The NS code's row in the Help sheet's code table (CodeNames: A+, AVE-...); blank if it is not there.",
    "ewrow": "The EW code's row in the Help sheet's code table (CodeNames); blank if it is not there.",
    "tkd": "A result's tricks over or under the contract as a signed number (+1 -> 1, -2 -> -2, =0 -> 0); blank "
           "when Tricks (clean) is not =, + or - followed by digits.",
    "tkr": "Tricks from a result against the contract: the level + 6 for = or made, plus Tricks over or under; ? "
           "when the contract is not read or the text is not a result (=1, -0, ten); blank when Tricks is blank, a "
           "number or digits.",
    "whyp": "On an unreadable line: NS pair missing, EW pair missing, or the arrowswitch mark not read; else blank.",
    "whyt": "When the Typed score is not read, mpxl score's words: with a bar or a % sign, Why (ruling); a number "
            "not whole or beyond any contract, or text that only looks like one (1,5, 4e2); else a code not read.",
    "whyc": "With nothing typed in Typed score and a contract that cannot be scored (Contract NS score ?): "
            "whether the contract, By or Tricks is not understood or missing; else blank.",
    "whyb": "On an unreadable line: its Why unreadable, and how many more unreadable lines its board has; what the "
            "board's Status shows for its first unreadable line.",
    "badend": "On an unreadable line, 1,048,577 less its row (the board's first unreadable line has the largest, "
              "which the Status finds with MAX); 0 on the others.",
}
COLUMN_NOTES.update({
    "spn": "The NS pair's raw score as it played: S (NS), or S (EW) when the table was arrowswitched.",
    "spe": "The EW pair's raw score as it played: S (EW), or S (NS) when arrowswitched.",
    "nsc": "The N the line's figures are scored on, by Setup's Estimate at: lines, N (field); own-tops, the "
           "board's real results alone (no estimate: a top of its own); totals, a board with fewer lines than "
           "N (field) on its own lines (published plain; its pairs' totals add it estimated to the full top).",
    "topsc": "The top the line's figures are scored on: scale x (N (scored) - 1); N (scored) - 1 on the signed "
             "scale.",
    "topc": "The top the pairs' Max counts for the line: Top (reported) on a fixed top or under own-tops, else Top "
            "(field).",
    "lone": "1 on the one real result of a board whose other lines are artificial scores when Setup's Lone result "
            "is ave-plus (ACBLscore: 60% to both sides, an Ave+ each); else 0.",
    "shortt": "1 on a result or artificial score of a board with fewer lines than N (field) when Setup's Estimate "
              "at is totals: its pairs' totals add the NS and EW full figures; else 0.",
    "kf": "k of the Setup method on the full N (field), on Short (totals) lines.",
    "nsfx": "On Short (totals) lines' results, the NS figure estimated to the full N (field) and Top (field), as "
            "NS estimate works it out (Set % (full) for a small fouled group), less NS penalty MP (full).",
    "ewfx": "On Short (totals) lines' results, the EW figure estimated to the full N (field) and Top (field), less "
            "EW penalty MP (full).",
    "nsfv": "NS full estimate in units of the totals' last decimal (Setup's Totals decimals, else Decimals).",
    "ewfv": "EW full estimate in units of the totals' last decimal.",
    "nsfr": "NS full estimate rounded by Setup's Totals rounding (blank: the lines' Rounding), about the board's "
            "average.",
    "ewfr": "EW full estimate rounded by Setup's Totals rounding.",
    "nsx": "The line's NS figure unrounded, less NS penalty MP: the NS estimate of a result, the NS artificial MP "
           "of an artificial score; x the Factor (from NS matchpoints first when rounded first).",
    "ewx": "The line's EW figure unrounded, less EW penalty MP, x the Factor.",
    "nstot": "What the NS pair's total adds from the line: NS MP (the rounded figure), or NS exact when Setup's "
             "Totals from is exact; on Short (totals) lines the full figure instead (rounded, or exact); on a "
             "penalty row, less NS penalty MP.",
    "ewtot": "What the EW pair's total adds from the line: EW MP, or EW exact, or the full figure; on a penalty "
             "row, less EW penalty MP.",
    "alone": "1 on a sit-out (a not-played code with one pair alone at the table: no opponents), else 0: Pairs "
              "counts it as a board due under Missed boards own, average or ave-plus.",
    "nslpv": "With Setup's Line % decimals: the NS line's percentage of Top (reported) (from NS exact when the totals "
             "add the exact figures, else from NS MP; 50 + 50 x MP / top on the signed scale) in units of its last "
             "decimal.",
    "ewlpv": "The EW line's percentage in units of its last decimal.",
    "nslp": "With Setup's Line % decimals (else blank): the NS line's percentage of its top, rounded by "
            "Setup's Percentage rounding (Ruter's Percentage_NS beside the signed figure: 87.5 -> 88).",
    "ewlp": "With Setup's Line % decimals: the EW line's percentage, rounded the same way (Ruter's Percentage_EW: "
            "12.5 -> 13).",
})

#: The rulings' helper columns (split, weighted and mixed scores), in words.
_V = {"n": "NS", "e": "EW"}
RULING_NOTES = {
    "bar": "Where the Typed score's bar is (a split score: NS's result, a bar, EW's result: -150 bar -50), 0 "
           "when none.",
    "b_rulings": "The board's first ruling in words (Ruling in words) and how many more: what the Status adds "
                 "after ok.",
    "rvw": "The first view's why after its text: NS's view, then (split) EW's; blank when both are read.",
    "rwp": "Why the typed ruling is not read: a bar without a side either side of it, both sides artificial and "
           "one code not read (A+|A- is an artificial score), else NS's or EW's view's why; blank when read.",
    "rwhy": "What mpxl score says of the typed ruling it cannot read: a text that starts with a letter and has no "
            "weight is no score or code; else Why (ruling, parsed).",
    "rul": "1 when the Typed score is a split, weighted or mixed score the sheet reads; ? when it is not read; blank "
           "for a plain number or nothing.",
    "rb": "How many rulings (Ruling read 1) the line's board has: a board with none is matchpointed by the plain "
          "counts (S (NS)), one with some by the parts.",
    "nfa": "1 when the line's NS figure is an artificial score (an Adjustment, or a mixed line's code on that side, "
           "after the arrowswitch), else 0.",
    "efa": "1 when the line's EW figure is an artificial score, else 0.",
    "rsay": "A ruling read, in words a director reads, with its row: the split, the weighted parts, or which side "
            "kept its result and which was given a percentage.",
    "rend": "On a ruling line, 1,048,577 less its row (the board's first ruling has the largest); 0 on the others.",
}
for v, V in _V.items():
    other = "left" if v == "n" else "right"
    RULING_NOTES.update({
        f"{v}vt": f"{V}'s view of a typed ruling: the text {other} of the bar (the whole text when there is none); "
                  "blank for a plain number.",
        f"{v}vk": f"{V}'s side of a split as a code (capitals, no spaces) when it starts with A: {V} were given an "
                  "artificial score (a mixed line).",
        f"{v}va": f"{V} view code as its percentage: the Help code's (A+ 60), or A and a number 0-100 (A55); ? for "
                  "any other code.",
        f"{v}vw": f"{V}'s view as words: capitals, the marks between weights and scores (of, x, *, @, :) and between "
                  "parts (+ , ; &) made spaces, a % kept on its number (30% 420 + 70% 450 -> 30% 420 70% 450); a "
                  "mixed line's artificial side takes the other side's real score when Setup's Mixed line is both "
                  "(it stands as a result in both fields), else it is blank.",
        f"{v}wf": f"1 when {V}'s view writes each weight before its score (30% 420), 0 after it (420 @ 30%).",
        f"{v}k": f"How many parts {V}'s view has: its % signs, 1 for a plain score.",
        f"{v}ur": f"1 when {V}'s view is not read: a code that is none, words that do not pair up, a part's score or "
                  "weight that is not a plain number; else 0.",
        f"{v}why": f"Why {V}'s view is not read, in mpxl score's words: not a score, more parts than the sheet reads, "
                   "weights that do not add up to 100%, a weight of 0%; blank when read.",
        f"gk{v}": f"The Group key when {V}'s view has a result (a part score 1; a mixed line's real score counts in "
                  "both views under Setup's Mixed line both, in its own side's only under own), else blank: the "
                  "lines the view is matchpointed among.",
        f"n{v}": f"n in {V}'s view: the group's lines whose {V} view is a result (n itself on a board with no "
                 "ruling).",
        f"fn{v}": f"n of the line's {V} figure: n ({V} view), or the other view's when the line is switched.",
        f"k{v}": f"k of the method for n ({V} figure) (k itself when it is n).",
        f"{v}raw": f"S in {V}'s view: 2 per weight beaten and 1 per weight tied, each part's times its weight, "
                   "less the line's own 1 (its parts meet each other), halved on the single scale"
                   + ("" if v == "n" else ", from EW's side (scale x (n - 1) less it)") + "; what S takes on a "
                   "board with rulings.",
    })
    for i in range(1, 4):
        RULING_NOTES.update({
            f"{v}st{i}": f"The score of {V}'s part {i} as typed (the word after its weight, or before it).",
            f"{v}wt{i}": f"The weight of {V}'s part {i} as typed (30%); 100% for a plain score.",
            f"{v}s{i}": f"{V}'s part {i} score as a number (the NS score itself for a plain line); ? when not a plain "
                        "number.",
            f"{v}w{i}": f"{V}'s part {i} weight as a fraction (30% -> 0.3; 1 for a plain line); ? when not a plain "
                        "percentage.",
            f"{v}m{i}": f"The weight of the parts of the group's lines in {V}'s view (the line's own included) "
                        f"that {V}'s part {i} beats; on boards with rulings only.",
            f"{v}q{i}": f"The weight of the parts of the group's lines in {V}'s view (the line's own included) "
                        f"that {V}'s part {i} ties; on boards with rulings only.",
        })
COLUMN_NOTES.update(RULING_NOTES)

#: The penalties' helper columns, in words.
PENALTY_NOTES = {
    "ns_pen": "A procedural penalty: on a line, the matchpoints (2) or the percentage of the board's top (10%) taken "
              "off the NS figure before it is rounded; on a penalty row (Adjustment Pen), the matchpoints taken "
              "off the NS pair's total (-4 is a bonus of 4), the board's figures untouched.",
    "ew_pen": "The same for EW: on a line off the EW figure; on a penalty row off the EW pair's total.",
    "b_pens": "The board's first penalty in words (Penalty in words) and how many more: what the Status adds "
              "after ok.",
    "kcode": f"On a line with an Adjustment: P a penalty row (bad when Why (penalty) says why not), NP not played "
             f"({_NP}), blank for a sit-out (one pair alone), A an artificial score, bad for a code not understood "
             "or a line without its pairs.",
    "penr": "1 when the Adjustment is Pen or Penalty (a penalty row: Ruter's Pen), else 0.",
    "pns": "The matchpoints the NS penalty takes off: on a line off the NS figure, its size (a percentage of the "
           "board's top in the scale's arithmetic: 10% of a double top of 16 is 1.6); on a penalty row off the "
           "NS pair's total, signed; 0 with none.",
    "pew": "The matchpoints the EW penalty takes off, the same way.",
    "whypn": "Why a penalty row is not read (no pair, a score or contract on it, else Why (NS penalty), Why (EW "
             "penalty)), or a line's penalty; blank when read.",
    "psay": "A penalty read, in words a director reads, with its row: what a penalty row gives its pairs on their "
            "totals, or what a line's penalties take off its figures.",
    "pend": "On a penalty line (Penalty in words), 1,048,577 less its row (the board's first has the largest); 0 "
            "on the others.",
}
for v, V in _V.items():
    PENALTY_NOTES.update({
        f"{v}pt": f"The {V} penalty as typed text, in capitals with no spaces (10 % -> 10%); a number formatted as a "
                  "percentage as the percentage shown (0.1 shown 10% -> 10%, by CELL(\"format\")); blank for any other "
                  "number.",
        f"{v}pd": f"{V} penalty (text) without its sign and its % (-4 -> 4, 10% -> 10).",
        f"{v}px": f"The {V} penalty as a signed number (a number, or text of digits with an optional sign, decimal "
                  "part and %: 10% -> 10); blank when none; ? when it is not a number.",
        f"{v}pw": f"Why the {V} penalty is not read: on a penalty row a pair with no amount, an amount with no pair, "
                  "or an amount that is not matchpoints; on a line one that is not matchpoints or a percentage of "
                  "top; blank when read.",
        f"{v}ps": f"The {V} penalty in words: on a penalty row what the {V} pair gets or loses on its total; on a "
                  f"line the matchpoints (and the percentage of top) taken off the {V} figure; blank with none.",
    })
COLUMN_NOTES.update(PENALTY_NOTES)
COLUMN_NOTES.update({
    "setf": "Set % on the full N (field), on Short (totals) lines' results: what the totals add (the EBU rule, at "
            "most a third of the results, reads N).",
    "pnsf": "On Short (totals) lines, the matchpoints the NS penalty takes off the NS full figure: its matchpoints, "
            "or its percentage of Top (field) (the totals add the board scored on the full N); else 0.",
    "pewf": "On Short (totals) lines, the matchpoints the EW penalty takes off the EW full figure; else 0.",
    "nsfa": "On a Short (totals) line whose NS figure is an artificial score: its NS adjusted % of Top (field), less "
            "NS penalty MP (full).",
    "ewfa": "On a Short (totals) line whose EW figure is an artificial score: its EW adjusted % of Top (field), less "
            "EW penalty MP (full).",
    "nsfar": "NS full artificial rounded by Setup's Totals rounding, about the full board's average.",
    "ewfar": "EW full artificial rounded by Setup's Totals rounding.",
    "nsof": "On a result, what the NS pair's total adds from it, rounded: NS result MP, or NS full (rounded) on a "
            "Short (totals) line. The wbf policy's NS pair's % adds these.",
    "ewof": "On a result, what the EW pair's total adds from it, rounded: EW result MP, or EW full (rounded).",
})

#: The typed forms' helper columns (a number typed as text, a code not read), in words.
TYPED_NOTES = {
    "tkw": "Tricks (clean)'s form: 1 a whole number typed as text (10, 10.0, 10.); 2 a result (a sign, =, made "
           "or m first: =, +1, -2, made); else 0.",
    "tlk": "The typed text's number form: 2 a whole number without its sign (420, 420.0, 420.); 1 text that only "
           "looks like a number (4.20, 1,5, 4e2, a unicode minus, fullwidth digits); 0 any other.",
    "tnw": "Why a typed number is no score, in mpxl score's words: not a whole number (4.2), or beyond any "
           "contract (8000); blank for any other.",
    "abare": "1 when Adjustment (clean) is a bare number (60, -2.5): a score of 60, or 60%? never guessed; else 0.",
    "ckind": "Which words a code not read gets, as mpxl score's: 1 a bare number; 2 text that starts with a letter "
             "(no score or known code); 3 any other (no score).",
    "cwhy": "Why the code (the Adjustment, or a Typed score read as a code: A+, 60/40, NP, a word) is not read, "
            "in mpxl score's words.",
    "tcw": "The contract as mpxl score writes it in a message (4S, 3NT, 2Hx) and the results it allows (4S: "
           "expected = or +0 to +3 or -1 to -10); blank when not read.",
    "tkwhy": "Why Tricks is not read, in mpxl score's words: missing; a result (=, +1, -2, made) not understood or "
             "impossible for the contract; tricks that are no whole number, or out of range.",
    "arul": "1 when the Adjustment holds a ruling (a bar, or a % that is no code: 30% 420 + 70% 450), read as the "
            "Typed score is (it replaces the score, as in a CSV file's adjustment); else 0.",
}
for v, V in _V.items():
    TYPED_NOTES[f"{v}vn"] = f"The {V} view's code without its A and a trailing % (A55% -> 55): the number read."
COLUMN_NOTES.update(TYPED_NOTES)
COLUMN_NOTES.update({
    "topr": "The top the line is reported on: Setup's FixedTop when there is one (the percent scale's 100), else "
            "Top (scored).",
    "fac": "What the line's figures are multiplied by: Top (reported) / Top (scored) on a fixed top (a board of 11 "
           "results: 100 / 20 = 5), else 1.",
    "nsmv": "With a fixed top and Setup's Rounding order matchpoints-first: the NS figure before it is factored (the "
            "NS estimate or artificial MP, less NS penalty MP) in units of its last decimal; else blank.",
    "ewmv": "The EW figure before it is factored in units of its last decimal (matchpoints-first); else blank.",
    "nsm": "NS matchpoints first scaled rounded by Setup's Rounding about the board's own average: what the Factor "
           "multiplies, and the result is rounded again (10.125 of 20 is 10.13, then 50.65); else blank.",
    "ewm": "EW matchpoints first scaled rounded by Setup's Rounding about the board's own average; else blank.",
    "setn": "1 when the group of results in NS's field is small enough for set percentages by the Setup rule, on n "
            "(NS figure): under Setup's Mixed line own a mixed line whose NS side was given an artificial score is "
            "not in that field, so a fouled group may be small there alone; else 0. The NS estimate reads it.",
    "sete": "1 when the group of results in EW's field is small enough for set percentages (n (EW figure)); else 0.",
    "rsh": "On a result, what its NS and EW figures add up to in the fields that hold it, for the check: per side "
           "the figure of its field's group's mean percentage (50%; 60% for a small group by Set % (NS/EW figure) "
           "or a lone result), for each side whose field holds the result (both sides, or under Setup's Mixed line "
           "own not a side given an artificial score).",
})
assert set(COLUMN_NOTES) >= {k for k, _ in HELPERS}, set(k for k, _ in HELPERS) - set(COLUMN_NOTES)

#: Pairs column key -> what it holds, in words (the header's note).
PAIRS_NOTES = {
    "pair": "The pair's number, as on Travellers.",
    "direction": "NS or EW with 2 winners (the pair's direction); blank with 1 winner.",
    "names": "The players, & between them (Ann Smith & Bob Jones): shown in the ranking.",
    "section": "The pair's section, as on Travellers (blank when one section).",
    "tiebreak": "A published tie-break figure (Magic Contest's column): among pairs with the same %, the higher "
                "ranks first; blank counts as 0.",
    "member1": "The first player's member number (as the federation knows them; kept as text): into the USEBIO, "
               "PBN and CSV files mpxl writes.",
    "member2": "The second player's member number.",
    "played": "Its lines with a result or an artificial score, in every session.",
    "carried": "Its MP in the sessions before the latest (Setup: ThisSession), carried forward.",
    "session_mp": "Its MP in the latest session: MP less Carried forward.",
    "mp": "The event total over every session: MP (exact), rounded as a total by Setup's Totals rounding when "
          "Totals from is exact (Ruter); ? while one of its boards has an unreadable line.",
    "max": "The tops of the boards it played added up (each board's own field top), and Credit top for each "
           "board it missed under Missed boards own, average or ave-plus.",
    "pct": "% (exact) as published: rounded to Setup's Percentage decimals by its Percentage rounding (half-up or "
           "half-even).",
    "place": "1 + the pairs ranked ahead of it in its group (Order) but for those with the same % and tie-break; "
             "= when another has the same % and tie-break (Setup's Places shared; none when plain).",
    "pkey": "section | pair: the key its lines are summed by.",
    "field": "Its ranking group: the section (blank across the field) | NS, EW, or all with 1 winner.",
    "key": "% (exact) rounded to 6 decimals, for ties.",
    "sortkey": "The % key, -1 when the % cannot be worked out (it ranks last).",
    "mpkey": "MP (exact) rounded to 6 decimals: equal % rank by MP.",
    "tbkey": "The tie-break as a number (0 when blank): equal % and MP rank by it.",
    "tbid": "The tie-break as given (none when blank): pairs with the same % share a place only when it is the same.",
    "rowno": "The pair's row: equal % and MP keep the Pairs order.",
    "first": "The first row of its ranking group: groups are ranked in the order they first appear.",
    "order": "Its line in the ranking (Totals): the pairs of earlier groups, then the pairs ahead of it in its "
             "group by %, MP, tie-break and row, plus 1.",
    "side": "The Direction as a side, NS or EW, by mpxl's spellings (N-S, E/W, North-South...); blank when none is "
            "typed (the pair plays both ways: one winner); ? for anything else (its figures then show ?).",
}
PAIRS_NOTES.update({
    "mpb": "Its lines added up: each line's NS for totals as NS, EW for totals as EW (the rounded figures, or the "
           "exact ones when Setup's Totals from is exact); ? while one of its boards has an unreadable line.",
    "maxb": "The tops of the boards it played added up (Top (counted) on Travellers); 0 on a row with no pair.",
    "satout": "The boards it sat out (Pair alone on Travellers: a sit-out, no opponents).",
    "sfield": "The field its missed boards and full maximum are counted in: its section, blank across the field.",
    "due": "Boards played and sat out: the boards it was due to play.",
    "short": "Under Setup's Missed boards own, average or ave-plus (and Max (boards) over 0): the most Boards "
             "due of a pair of its field less its Boards played; else 0.",
    "latest": "With Boards short: its latest session on Travellers.",
    "ctop": "With Boards short: the largest top of its field in its latest session, what each missed board is "
            "credited on.",
    "cx": "With Boards short: under own its own share of that top, (MP (boards) - Penalty rows) x Credit top / "
          "Max (boards): its share before any penalty row; under average / ave-plus 50% / 60% of Credit top, as an "
          "artificial score's.",
    "cv": "Credit (exact) in units of the totals' last decimal.",
    "credit": "What it gets for each missed board: Credit (exact) rounded by Setup's Totals rounding, exact when "
              "the totals add the exact figures; 0 when it missed none.",
    "mpx": "MP (boards) + Boards short x Credit: the total before it is rounded as a total.",
    "mpv": "When Setup's Totals from is exact: MP (exact) in units of the totals' last decimal.",
    "mxn": "Max (boards) + Boards short x Credit top, as a number (0 on a row with no pair).",
    "full": "Under Setup's Percentage basis scaled: the largest Max of its field, what a shorter maximum is "
            "scaled to; else blank.",
    "stx": "Under Setup's Percentage basis scaled, when its Max is short of the Full Max: MP (exact) x Full Max / "
           "Max (ACBLscore); else blank.",
    "stv": "Scaled total (exact) in units of the totals' last decimal.",
    "st": "Scaled total (exact) rounded by the totals' rounding: its % is this over the Full Max.",
    "pctx": "The exact percentage, which ranks: MP (exact) / Max x 100 (signed: 50 + 50 x MP / Max), or the Scaled "
            "total over the Full Max; 0 for a pair that played with a Max of 0 (each board a lone result), as mpxl.",
    "pctv": "With Setup's Percentage decimals: % (exact) in units of its last decimal.",
    "pen": "What its penalty rows (Kind P on Travellers) add to MP (boards): less each penalty, plus each bonus.",
})
assert set(PAIRS_NOTES) == {k for k, *_ in PAIRS}, set(k for k, *_ in PAIRS) ^ set(PAIRS_NOTES)


def reads(key: str) -> tuple[str, ...]:
    """What Travellers column ``key``'s formula reads, in the order it first names them: the headers of the
    row's cells, a column looked across (``Kind (every line)``), a Setup value, a Help table.

    >>> reads("fkey")
    ('Session number', 'Setup FieldScoring', 'Section (clean)')
    >>> reads("badb")
    ('Board', 'Board key (every line)', 'Board key', 'Kind (every line)')
    """
    fn = TRAVELLER.get(key) or BLOCK_FORMULAS[key]
    formula = re.sub(r'"[^"]*"', "", fn(Cells(FIRST_ROW, TRAVELLER_COLUMNS)))  # not the words in quotes
    titles = {**{k: t for k, t, *_ in MAIN + BLOCK}, **dict(HELPERS)}
    by_letter = {letter: titles[k] for k, letter in TRAVELLER_COLUMNS.items()}
    across = {name: f"{titles[k]} (every line)" for k, name in TRAVELLER_RANGE_NAMES.items()}
    setup = {name: f"Setup {name}" for name in SETUP_NAMES.values()}
    help_names = {name for *_, names in HELP_TABLES.values() for name in names}
    out: list[str] = []
    for m in re.finditer(r"(?<![A-Za-z0-9_$])([A-Za-z_][A-Za-z0-9_]*)(?![A-Za-z0-9_(])", formula):
        word = m.group(1)
        hit = re.fullmatch(rf"([A-Z]{{1,3}}){FIRST_ROW}", word)
        name = (by_letter.get(hit.group(1)) if hit else None) or across.get(word) or setup.get(word) or (
            f"Help {word}" if word in help_names else None)
        if name and name not in out:
            out.append(name)
    return tuple(out)


def columns_markdown() -> str:
    """The helper columns' table for docs/template.md: header, note and what it reads, in sheet order.

    >>> columns_markdown().splitlines()[0]
    '| helper | formula in words | reads |'
    """
    rows = ["| helper | formula in words | reads |", "| --- | --- | --- |"]
    rows += [f"| {title} | {COLUMN_NOTES[key]} | {', '.join(reads(key))} |" for key, title in HELPERS]
    return "\n".join(rows)


def block_markdown() -> str:
    """The per-board block's helper columns for docs/template.md: header, note and what each reads.

    >>> block_markdown().splitlines()[2][:16]
    '| Expected NS+EW'
    """
    rows = ["| block helper | formula in words | reads |", "| --- | --- | --- |"]
    rows += [f"| {title} | {COLUMN_NOTES[key]} | {', '.join(reads(key))} |"
             for key, title, _, kind in BLOCK if kind == "helper"]
    return "\n".join(rows)


def pairs_markdown() -> str:
    """The Pairs columns' table for docs/template.md, in sheet order.

    >>> pairs_markdown().splitlines()[2][:9]
    '| Pair | '
    """
    rows = ["| column | meaning |", "| --- | --- |"]
    rows += [f"| {title} | {PAIRS_NOTES[key]} |" for key, title, *_ in PAIRS]
    return "\n".join(rows)


_FIELDS = "; ".join(f"{k}: {v}" for k, v in FIELD_SCORING.items())

HELP_TEXT = f"""
How to use this workbook:
  1. Setup: type the event, choose the scale, the method and the rounding; leave N blank.
  2. Travellers: one row per table result. Type the Board, the NS pair and the EW pair, then either
     the Contract (3NT, 4Sx, 6Hxx, 4♠, PASS), By (N, E, S, W) and Tricks (0-13, or =, +1, -2), or a Typed score
     (the NS score, such as 420 or -50). The NS score is computed from the contract when nothing is typed,
     with the vulnerability of the board number (1-16 repeating).
  3. A row left blank is not a line. A line not played ({_NP} in Adjustment) is not a result,
     but it counts towards N: the board's other results are estimated to N.
  4. Pairs: list the pairs (number, direction NS / EW, names, section; leave Direction blank in a
     one-winner movement where pairs change direction). MP, %, Place follow; Totals ranks them by place,
     with their names, ready to print.
  5. The per-board block (right of the traveller) shows each board's results, top, check total and
     a status: red when a line is not understood (the status names its row and what is wrong, and the
     board's figures show ? until it is fixed), a board has too many results, or the matchpoints do not
     add up.
Sections and sessions:
  Type the Section (A, B...) and the Session (1, 2...) of each line; blank is one section, session 1.
  Setup's Sections scored: {_FIELDS}.
  Each session is matchpointed on its own, with its own N and top; {SESSIONS}.
Adjustment codes:
  Artificial adjusted scores are percentages of the board's full top: A+ / AVE+ 60, A / AVE / A= 50,
  A- / AVE- 40, any A55 or 55%, or NS/EW pairs such as 60/40, A+/A+, 40/40, and USEBIO's A6040.
  One code alone gives NS that percentage and EW the rest (A+ is 60/40). They are not results: they
  do not count in n, but they count in N, and the other results are estimated.
  Group: a label (A, B) per line on a fouled board; each group is matchpointed alone.
  Arrowswitch: Y when the table played the other direction's cards; its NS and EW matchpoints swap.
The formulas in words:
  Every step is a helper column on Travellers (click + above them); each header has a note.
  The Setup cells have names: Scale, Method, N, Top, Rounding, Decimals, AvePlus, AveMinus...
  The tables to the right (codes, not-played codes, methods and their k, small-group rules,
  the 16-board cycle, the contract scores) are what the formulas look up; mpxl writes them
  from its own rules, so the sheet and the mpxl command agree.
  n: the real results in the line's board and group. N: Setup's expected results, or the most
     lines (results, artificial, not played) on any board.
  S: 2 per score beaten and 1 per equal score within the group (Law 78A).
  Estimate: M = (N - k)/(n - 1) x S + scale x (k - 1)/2 (Buchen's generic formula); a full board
     (n = N) is not changed; a lone result gets the average.
  Small fouled groups (Setup rule): 60% + (S - (n - 1)) x 5% of the top, S on the double scale:
     1 result 60%, 2 results 65/55%, 3 results 70/60/50%.
  Signed scale: every figure is the double one less N - 1 (the double average), so a top is N - 1,
     an average 0 and NS + EW = 0; Artificial (p - 50) x (N - 1) / 50; % = 50 + 50 x MP / Max.
  Artificial: percentage x top / 100; with the 'wbf' policy Ave+ is the better of 60% and the pair's
     percentage on its boards with real results, Ave- the worse of 40% and that percentage.
  Rounding: each board figure is rounded (half-up; EBU: an exact half goes towards the average;
     half-even: an exact half to the even digit), and the totals add the rounded figures.
  Pairs: MP = the pair's board figures added up over its sessions; Max = the tops of the boards it
     played; % = MP / Max (signed: 50 + 50 x MP / Max); Place = 1 + the pairs in the same ranking group
     with a higher %, with = when tied.
Where the rules come from:
  Law 78A (matchpoints), Law 77 (contract scores), Law 12C (adjusted scores), WBF 1991 and ACBL
  (Neuberg, fouled boards), EBU White Book 4.2.3.3 (small fouled groups, rounding towards average),
  Buchen and McKinnon (the generic k formula), the QBA director-training slides (the worked examples).
With the add-in (mpxl.udfs through xlwings): the xlwings.conf sheet names the module, so
  =MATCHPOINTS(...), =NEUBERG(...), =BOARDMP(...) and the other mpxl functions are available too.
"""


#: Under the xlwings.conf sheet's settings (xlwings reads A1 down to the first blank row, so these are notes).
XLWINGS_CONF_NOTES = (
    "The settings above are read by classic xlwings (from A1 down to the first blank row); they win over the "
    "xlwings ribbon and xlwings.conf files.",
    "UDF Modules: mpxl.udfs, the module whose functions Import Functions (the macro ImportPythonUDFs) brings in.",
    "Interpreter_Win is left out on purpose: xlwings then uses the Interpreter set on the xlwings ribbon, else "
    "pythonw on the PATH. (A row Interpreter_Win with a blank value would hide the ribbon's.)",
    "To set it here, type Interpreter_Win in A2 and, in B2, the python.exe that has mpxl installed, such as "
    "%USERPROFILE%\\mpxl-venv\\Scripts\\python.exe.",
    "In the .xlsm, the VBA module xlwings (xlwings' own, from its quickstart --standalone) stands in for the add-in "
    "and its reference: press Alt+F8 and run ImportPythonUDFs. It must be the same version as the xlwings Python "
    "package (File > Properties names it): after upgrading xlwings, rebuild with mpxl template -o NAME.xlsm.",
)
