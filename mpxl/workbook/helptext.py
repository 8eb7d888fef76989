"""The template's words: the Help sheet's text, the Setup notes and each helper column's note.

The same text is in docs/template.md (a test checks that :func:`columns_markdown` is there
verbatim), so the header notes in the workbook and the documentation cannot drift apart.

>>> COLUMN_NOTES["sns"][:40]
'S: the raw matchpoints among the results'
"""

from __future__ import annotations

import re

from ..core.rules import FIELD_SCORING, NOT_PLAYED_CODES, SESSIONS
from .columns import Row
from .formulas import BLOCK as BLOCK_FORMULAS
from .formulas import TRAVELLER
from .layout import (
    BLOCK_COLUMNS,
    FIRST_ROW,
    HELP_TABLES,
    HELPER_COLUMNS,
    PAIRS_SHEET,
    SETUP_NAMES,
    SETUP_SETTINGS,
    TRAVELLER_COLUMNS,
    TRAVELLER_RANGE_NAMES,
    TRAVELLER_SHEET,
)

__all__ = ["HELP_TEXT", "SETUP_NOTES", "COLUMN_NOTES", "PAIRS_NOTES", "XLWINGS_CONF_NOTES", "XLWINGS_CONF_NOTES_ROW",
           "columns_markdown", "block_markdown", "pairs_markdown", "reads"]

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
    "top": "Formula (name BoardTop): scale x (N - 1), the most matchpoints on a board (per field: Top (field)); "
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
    "totals_method_index": "Formula (name TotalsMethodNo): position of the method a short board's totals are "
                           "estimated by (k (full)): Totals method's when it names one, else Method's.",
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

#: Travellers column key -> what its formula computes, in words (the header's note): each column's declared note.
COLUMN_NOTES = {c.key: c.note for c in TRAVELLER_SHEET if c.note}
#: Pairs column key -> what it holds, in words (the header's note).
PAIRS_NOTES = {c.key: c.note for c in PAIRS_SHEET}


def _references(key: str) -> list[tuple[str, str]]:
    """What Travellers column ``key``'s formula names, in the order it first names each, as (kind, name): a cell
    of its row (``cell``, its column's key), a column looked across (``across``, its key), a Setup value
    (``setup``, its name), a Help table (``help``, its name)."""
    fn = TRAVELLER.get(key) or BLOCK_FORMULAS[key]
    formula = re.sub(r'"[^"]*"', "", fn(Row(FIRST_ROW, TRAVELLER_COLUMNS)))  # not the words in quotes
    by_letter = {letter: k for k, letter in TRAVELLER_COLUMNS.items()}
    across = {name: k for k, name in TRAVELLER_RANGE_NAMES.items()}
    setup = set(SETUP_NAMES.values())
    help_names = {name for *_, names in HELP_TABLES.values() for name in names}
    out: list[tuple[str, str]] = []
    for m in re.finditer(r"(?<![A-Za-z0-9_$])([A-Za-z_][A-Za-z0-9_]*)(?![A-Za-z0-9_(])", formula):
        word = m.group(1)
        hit = re.fullmatch(rf"([A-Z]{{1,3}}){FIRST_ROW}", word)
        ref = (("cell", by_letter[hit.group(1)]) if hit and hit.group(1) in by_letter
               else ("across", across[word]) if word in across
               else ("setup", word) if word in setup
               else ("help", word) if word in help_names else None)
        if ref and ref not in out:
            out.append(ref)
    return out


def reads_columns(key: str) -> tuple[str, ...]:
    """The Travellers columns ``key``'s formula reads, by key: its row's cells and the columns it looks across
    (what a circular reference would run through).

    >>> reads_columns("badb")
    ('board', 'bkey', 'kind')
    """
    return tuple(dict.fromkeys(name for kind, name in _references(key) if kind in ("cell", "across")))


def reads(key: str) -> tuple[str, ...]:
    """What Travellers column ``key``'s formula reads, in the order it first names them: the headers of the
    row's cells, a column looked across (``Kind (every line)``), a Setup value, a Help table.

    >>> reads("fkey")
    ('Session number', 'Setup FieldScoring', 'Section (clean)')
    >>> reads("badb")
    ('Board', 'Board key (every line)', 'Board key', 'Kind (every line)')
    """
    titles = {c.key: c.header for c in TRAVELLER_SHEET}
    words = {"cell": "{title}", "across": "{title} (every line)", "setup": "Setup {name}", "help": "Help {name}"}
    return tuple(words[kind].format(title=titles.get(name, ""), name=name) for kind, name in _references(key))


def columns_markdown() -> str:
    """The helper columns' table for docs/template.md: header, note and what it reads, in sheet order.

    >>> columns_markdown().splitlines()[0]
    '| helper | formula in words | reads |'
    """
    rows = ["| helper | formula in words | reads |", "| --- | --- | --- |"]
    rows += [f"| {c.header} | {COLUMN_NOTES[c.key]} | {', '.join(reads(c.key))} |" for c in HELPER_COLUMNS]
    return "\n".join(rows)


def block_markdown() -> str:
    """The per-board block's helper columns for docs/template.md: header, note and what each reads.

    >>> block_markdown().splitlines()[2][:16]
    '| Expected NS+EW'
    """
    rows = ["| block helper | formula in words | reads |", "| --- | --- | --- |"]
    rows += [f"| {c.header} | {COLUMN_NOTES[c.key]} | {', '.join(reads(c.key))} |"
             for c in BLOCK_COLUMNS if c.kind == "helper"]
    return "\n".join(rows)


def pairs_markdown() -> str:
    """The Pairs columns' table for docs/template.md, in sheet order.

    >>> pairs_markdown().splitlines()[2][:9]
    '| Pair | '
    """
    rows = ["| column | meaning |", "| --- | --- |"]
    rows += [f"| {c.header} | {PAIRS_NOTES[c.key]} |" for c in PAIRS_SHEET]
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
  The Setup cells have names: Scale, Method, N, BoardTop, Rounding, Decimals, AvePlus, AveMinus...
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


#: The xlwings.conf sheet's first row of notes: the rows above it, from 2, take the settings a scorer adds, and the
#: last of them stays blank (xlwings reads A1 down to the first blank row, so the notes are not read as settings).
XLWINGS_CONF_NOTES_ROW = 8

#: Under the xlwings.conf sheet's settings (xlwings reads A1 down to the first blank row, so these are notes).
XLWINGS_CONF_NOTES = (
    "The settings above are read by classic xlwings (from A1 down to the first blank row); they win over the "
    "xlwings ribbon and xlwings.conf files.",
    "UDF Modules: mpxl.udfs, the module whose functions Import Functions (the macro ImportPythonUDFs) brings in.",
    "Interpreter_Win is left out on purpose: xlwings then uses the Interpreter set on the xlwings ribbon, else "
    "pythonw on the PATH. (A row Interpreter_Win with a blank value would hide the ribbon's.)",
    "To set it here, type Interpreter_Win in A2 and, in B2, the python.exe that has mpxl installed, such as "
    "%USERPROFILE%\\mpxl-venv\\Scripts\\python.exe. Other settings (PYTHONPATH, Conda Path...) go in the rows "
    f"below it, up to row {XLWINGS_CONF_NOTES_ROW - 2}; row {XLWINGS_CONF_NOTES_ROW - 1} stays blank.",
    "In the .xlsm, the VBA module xlwings (xlwings' own, from its quickstart --standalone) stands in for the add-in "
    "and its reference: press Alt+F8 and run ImportPythonUDFs. It must be the same version as the xlwings Python "
    "package (File > Properties names it): after upgrading xlwings, rebuild with mpxl template -o NAME.xlsm.",
)
