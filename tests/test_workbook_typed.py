"""Every typed form of every input column is read by the template's formulas as ``mpxl score`` reads it.

Each form is typed into one board of a template workbook (its first line; two plain results around
what the form means, so a misreading moves its matchpoints), recalculated by LibreOffice in one request
to the worker's soffice (module fixture), and the same cells are written as a CSV file and scored by ``mpxl score --json``.
Where ``mpxl score`` reads the form, the sheet gives its matchpoints and its board's status is ``ok``;
where it refuses the form, the sheet's status names the row with ``mpxl score``'s own words and the line
shows ``?``.

The forms: spaces around (plain, tab, non-breaking), signs (``+``, the unicode minus ``−``), decimals
(``4.20``, ``4.``, ``.5``, the comma ``1,5``), fullwidth digits, ``%`` forms, lower case codes, numbers
stored as numbers (a cell Excel holds as 420.0 or 4.2) beside numbers stored as text.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

from mpxl.cli import main
from mpxl.workbook.template import FIRST_ROW, TRAVELLER_COLUMNS, Contents, Settings, TemplateLine, build_workbook

sys.path.insert(0, str(Path(__file__).parent))
from recalc import libreoffice_recalc  # noqa: E402

C = TRAVELLER_COLUMNS
NBSP, MINUS, TAB = "\u00a0", "\u2212", "\t"

#: (column, the cell as the sheet holds it, the NS score it would mean if read (its neighbours are 10
#: either side), the CSV text when it is not str(cell)). Column is the TemplateLine field the form goes in:
#: typed (Typed score), tricks (4S by N), ns_pen / ew_pen (a line scoring 420), adjustment.
FORMS: list[tuple[str, object, int, str | None]] = [
    # typed score: a plain number, as text and as a number
    ("typed", "420", 420, None),
    ("typed", " 420 ", 420, None),
    ("typed", f"{NBSP}420{NBSP}", 420, None),
    ("typed", f"{TAB}420", 420, None),
    ("typed", "+420", 420, None),
    ("typed", "+ 420", 420, None),
    ("typed", "- 50", -50, None),
    ("typed", f"{MINUS}50", -50, None),
    ("typed", "420.", 420, None),
    ("typed", "420.0", 420, None),
    ("typed", "420.00", 420, None),
    ("typed", "-50.0", -50, None),
    ("typed", "4.20", 4, None),
    ("typed", "420.5", 420, None),
    ("typed", ".5", 0, None),
    ("typed", "1,5", 0, None),
    ("typed", "1,420", 1420, None),
    ("typed", "０４２０", 420, None),
    ("typed", "420%", 420, None),
    ("typed", "4e2", 400, None),
    ("typed", "0420", 420, None),
    ("typed", "--50", -50, None),
    ("typed", 420.0, 420, "420"),
    ("typed", 4.2, 4, "4.2"),
    ("typed", -50, -50, "-50"),
    ("typed", 8000, 7500, "8000"),
    ("typed", "-7600", -7500, None),
    ("typed", "8000", 7500, None),
    ("typed", "-7601", -7500, None),
    # typed codes: an artificial score, a board not played, a word
    ("typed", "A+", 420, None),
    ("typed", "a+", 420, None),
    ("typed", "60/40", 420, None),
    ("typed", "60%", 420, None),
    ("typed", "A60", 420, None),
    ("typed", "NP", 420, None),
    ("typed", "-", 420, None),
    ("typed", "abc", 420, None),
    ("typed", "4S=", 420, None),
    # typed weighted scores
    ("typed", "30% 420 + 70% 450", 440, None),
    ("typed", "30 % 420 + 70 % 450", 440, None),
    ("typed", "30%420+70%450", 440, None),
    ("typed", "30.0% 420 + 70.0% 450", 440, None),
    ("typed", "30.% 420 + 70.% 450", 440, None),
    ("typed", ".3% 420 + 99.7% 450", 450, None),
    ("typed", "30,5% 420 + 69,5% 450", 440, None),
    ("typed", "30% +420 + 70% +450", 440, None),
    ("typed", "30% 420. + 70% 450", 440, None),
    ("typed", "30% 420.0 + 70% 450", 440, None),
    ("typed", f"30% 420 + 70% {MINUS}50", 90, None),
    ("typed", f"30%{NBSP}420 + 70%{NBSP}450", 440, None),
    ("typed", "30% of 420 + 70% OF 450", 440, None),
    ("typed", "420 @ 30%, 450 @ 70%", 440, None),
    ("typed", "420 x 30% ; 450 X 70%", 440, None),
    ("typed", "33.3% 420 + 66.7% 450", 440, None),
    ("typed", "30% 4.5 + 70% 450", 440, None),
    ("typed", "30% 420 + 70% 450%", 440, None),
    # typed split and mixed scores
    ("typed", "-150|-50", -100, None),
    ("typed", " -150 | -50 ", -100, None),
    ("typed", "+150|+50", 100, None),
    ("typed", "-150.|-50", -100, None),
    ("typed", "-150.0|-50.0", -100, None),
    ("typed", "-1.5|-50", -100, None),
    ("typed", f"{MINUS}150|{MINUS}50", -100, None),
    ("typed", "420|A+", 420, None),
    ("typed", "420|a+", 420, None),
    ("typed", "420|ave+", 420, None),
    ("typed", "420|A60", 420, None),
    ("typed", "420|a60", 420, None),
    ("typed", "420|A 60", 420, None),
    ("typed", "420|60%", 420, None),
    ("typed", "420|A60%", 420, None),
    ("typed", "420|A60.5", 420, None),
    ("typed", "420|A60.", 420, None),
    ("typed", "420|A.5", 420, None),
    ("typed", "420.|A+", 420, None),
    ("typed", "A=|-50", -50, None),
    ("typed", "a=|-50", -50, None),
    ("typed", "a55|420", 420, None),
    ("typed", "A+|A-", 420, None),
    # tricks
    ("tricks", 10, 420, "10"),
    ("tricks", 10.0, 420, "10"),
    ("tricks", 10.5, 420, "10.5"),
    ("tricks", "10", 420, None),
    ("tricks", " 10 ", 420, None),
    ("tricks", f"{NBSP}10", 420, None),
    ("tricks", "10.", 420, None),
    ("tricks", "10.0", 420, None),
    ("tricks", "10,0", 420, None),
    ("tricks", "+10", 420, None),
    ("tricks", "１０", 420, None),
    ("tricks", "=", 420, None),
    ("tricks", "+1", 450, None),
    ("tricks", " + 1 ", 450, None),
    ("tricks", "-1", -50, None),
    ("tricks", f"{MINUS}1", -50, None),
    ("tricks", "+0", 420, None),
    ("tricks", "=0", 420, None),
    ("tricks", "made", 420, None),
    ("tricks", "Made", 420, None),
    ("tricks", "m", 420, None),
    ("tricks", "+1.", 450, None),
    ("tricks", "010", 420, None),
    ("tricks", 14, 420, "14"),
    ("tricks", "14", 420, None),
    ("tricks", "+4", 420, None),
    ("tricks", "=1", 420, None),
    ("tricks", "-0", 420, None),
    ("tricks", "ten", 420, None),
    ("tricks", "made1", 420, None),
    ("tricks", "m1", 420, None),
    ("tricks", None, 420, None),
    # the board: a whole number typed as text (pasted, or into a cell formatted as text) is that board ({} is its
    # number); "board contract" the same beside 4S by N making 10, scored with the board's vulnerability
    ("board", "{}.0", 420, None),
    ("board", " {} ", 420, None),
    ("board", f"{{}}{NBSP}", 420, None),
    ("board", "{}", 420, None),
    ("board contract", "{}.0", 420, None),
    ("board contract", "{}", 420, None),
    # a line's own penalty
    ("ns_pen", 2, 420, "2"),
    ("ns_pen", 1.5, 420, "1.5"),
    ("ns_pen", "2", 420, None),
    ("ns_pen", " 2 ", 420, None),
    ("ns_pen", "2.", 420, None),
    ("ns_pen", "2.0", 420, None),
    ("ns_pen", "1.50", 420, None),
    ("ns_pen", ".5", 420, None),
    ("ns_pen", "1,5", 420, None),
    ("ns_pen", "-2", 420, None),
    ("ns_pen", "+2", 420, None),
    ("ns_pen", f"{MINUS}2", 420, None),
    ("ns_pen", "２", 420, None),
    ("ns_pen", "25%", 420, None),
    ("ns_pen", "25 %", 420, None),
    ("ns_pen", " 25% ", 420, None),
    ("ns_pen", "12.5%", 420, None),
    ("ns_pen", "25.%", 420, None),
    ("ns_pen", "-25%", 420, None),
    ("ns_pen", "%", 420, None),
    ("ns_pen", "2 MP", 420, None),
    ("ew_pen", "1.5", 420, None),
    ("ew_pen", "2.", 420, None),
    ("ew_pen", "25%", 420, None),
    ("ew_pen", 0.25, 420, "0.25"),
    # the adjustment's codes
    ("adjustment", "A+", 420, None),
    ("adjustment", "a+", 420, None),
    ("adjustment", " A + ", 420, None),
    ("adjustment", "Ave+", 420, None),
    ("adjustment", "ave-", 420, None),
    ("adjustment", "A60", 420, None),
    ("adjustment", "a60", 420, None),
    ("adjustment", "A 60", 420, None),
    ("adjustment", "A60%", 420, None),
    ("adjustment", "60%", 420, None),
    ("adjustment", "60", 420, None),
    ("adjustment", "A60.", 420, None),
    ("adjustment", "A60.5", 420, None),
    ("adjustment", "A.5", 420, None),
    ("adjustment", "A6040", 420, None),
    ("adjustment", "a6040", 420, None),
    ("adjustment", "A5050", 420, None),
    ("adjustment", "A100000", 420, None),
    ("adjustment", "A604", 420, None),
    ("adjustment", "A+/A-", 420, None),
    ("adjustment", "a+/a-", 420, None),
    ("adjustment", "A+ / A-", 420, None),
    ("adjustment", "A+/A+", 420, None),
    ("adjustment", "60/40", 420, None),
    ("adjustment", "60%/40%", 420, None),
    ("adjustment", "A60/A40", 420, None),
    ("adjustment", "60.5/39.5", 420, None),
    ("adjustment", "60./40", 420, None),
    ("adjustment", "A+/", 420, None),
    ("adjustment", "A101", 420, None),
    ("adjustment", "NP", 420, None),
    ("adjustment", "np", 420, None),
    ("adjustment", "Not played", 420, None),
    ("adjustment", 60, 420, "60"),
    ("adjustment", "-150|-50", -100, None),
    ("adjustment", "30% 420 + 70% 450", 440, None),
    ("adjustment", "420|A+", 420, None),
    ("adjustment", "A+|A-", 420, None),
    ("adjustment", "-150|", 420, None),
    ("adjustment", "30% 420 + 60% 450", 420, None),
]

HEAD = "board,ns_pair,ew_pair,contract,declarer,tricks,ns_score,adjustment,ns_penalty,ew_penalty\n"


def form_id(form) -> str:
    column, cell, _, _ = form
    return f"{column}={cell!r}"


def form_lines(i: int, form) -> list[TemplateLine]:
    """Board i + 1: the form on its first line, then two plain results 10 either side of what it means."""
    column, cell, means, _ = form
    board = i + 1
    fields: dict = {column: cell}
    if column == "tricks":
        fields.update(contract="4S", by="N")
    elif column in ("ns_pen", "ew_pen"):
        fields["typed"] = 420
    elif column.startswith("board"):  # the board as text, its number in it
        fields = dict(typed=means) if column == "board" else dict(contract="4S", by="N", tricks=10)
        return [TemplateLine(cell.format(board), 1, 11, **fields), *(
            TemplateLine(board, p, p + 10, typed=means + d) for p, d in ((2, -10), (3, 10)))]
    first = TemplateLine(board, 1, 11, **fields)
    return [first, TemplateLine(board, 2, 12, typed=means - 10), TemplateLine(board, 3, 13, typed=means + 10)]


def form_csv(i: int, form) -> str:
    """The same board as CSV rows, each cell as the scorer's CSV holds it."""
    column, cell, _, text = form
    rows = []
    for k, ln in enumerate(form_lines(i, form)):
        cells = [ln.board, ln.ns_pair, ln.ew_pair, ln.contract, ln.by, ln.tricks, ln.typed, ln.adjustment, ln.ns_pen,
                 ln.ew_pen]
        texts = ["" if v is None else str(v) for v in cells]
        if k == 0 and text is not None:
            texts[["board", "ns_pair", "ew_pair", "contract", "by", "tricks", "typed", "adjustment", "ns_pen",
                   "ew_pen"].index(column.split()[0])] = text
        rows.append(",".join('"' + t.replace('"', '""') + '"' for t in texts))
    return "\n".join(rows) + "\n"


@pytest.fixture(scope="module")
def lo(tmp_path_factory):
    """The forms' workbook recalculated by LibreOffice."""
    d = tmp_path_factory.mktemp("typed")
    lines = [ln for i, form in enumerate(FORMS) for ln in form_lines(i, form)]
    pairs = [(p, "NS") for p in (1, 2, 3)] + [(p, "EW") for p in (11, 12, 13)]
    path = d / "typed.xlsx"
    build_workbook(Contents(Settings(), lines, list(range(1, len(FORMS) + 1)), pairs)).save(path)
    return libreoffice_recalc([path])[0]


def mpxl_reads(tmp_path: Path, i: int, capsys) -> tuple[int, object]:
    """``mpxl score --json --no-infer`` on the form's board: (0, [(NS MP, EW MP) per line]) or (2, its message
    after the place it names)."""
    src = tmp_path / "form.csv"
    src.write_text(HEAD + form_csv(i, FORMS[i]), encoding="utf-8")
    capsys.readouterr()
    code = main(["score", str(src), "--json", "--no-infer"])
    out = capsys.readouterr()
    if code:
        message = out.err.strip().splitlines()[-1]
        return code, message.split(": ", 3)[-1]  # mpxl: FILE: line 2, column ns_score: MESSAGE
    data = json.loads(out.out)
    return 0, [(ln["ns_mp"], ln["ew_mp"]) for ln in data["boards"][0]["lines"]]


#: Forms the two read differently today, each with why (the test fails if one starts to agree: strict).
DIFFER: dict[tuple[str, object], str] = {}

#: Columns whose refusals the sheet words its own way (it names the row and shows ?).
OWN_WORDS: set[str] = set()


@pytest.mark.parametrize("i", range(len(FORMS)), ids=[form_id(f) for f in FORMS])
def test_each_typed_form_is_read_as_mpxl_score_reads_it(lo, tmp_path, capsys, i):
    """Where ``mpxl score`` reads the form, the sheet gives its matchpoints (status ok); where it refuses it, the
    sheet's status is ``row N: `` and ``mpxl score``'s message, and the line shows ?."""
    column, cell = FORMS[i][:2]
    if (column, cell) in DIFFER:
        pytest.xfail(DIFFER[column, cell])
    code, got = mpxl_reads(tmp_path, i, capsys)
    row, status = FIRST_ROW + 3 * i, lo["Travellers", f"{C['b_status']}{FIRST_ROW + i}"]
    sheet = [(lo["Travellers", f"{C['ns_mp']}{r}"], lo["Travellers", f"{C['ew_mp']}{r}"]) for r in range(row, row + 3)]
    if code == 0:
        assert str(status).split(";")[0].split(":")[0] == "ok", (status, got)
        assert sheet == got, (sheet, got, status)
    else:
        assert sheet[0] == ("?", "?"), (sheet, got)
        if column in OWN_WORDS:
            assert str(status).startswith(f"row {row}: "), (status, got)
        else:
            assert status == f"row {row}: {got}", (status, got)
