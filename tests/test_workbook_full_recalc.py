"""Every recalculation a user can make gives the same figures: each kind of workbook mpxl writes opened in
LibreOffice through UNO as its users run it (threaded calculation of formula groups on, its default), a
user's edits typed in, then recalculated hard twice (Data > Calculate > Recalculate Hard, Ctrl+Shift+F9:
``calculateAll()``). No cell shows an error after it, and every line, pair and place equals ``mpxl score``.

The kinds: the committed templates (the empty club template, the filled teaching workbook), a laid-out
9-table Howell typed line by line and then edited, each real file scored (7 programs, the incoming Ruter
file, the tablets' evening), each director's ruling of tests/test_workbook_rulings.py.
"""

from __future__ import annotations

import shutil
import sys
from pathlib import Path

import pytest
from openpyxl.utils import column_index_from_string, coordinate_to_tuple

from mpxl.cli import main
from mpxl.workbook.layout import FIRST_ROW, TRAVELLER_COLUMNS

sys.path.insert(0, str(Path(__file__).parent))
from recalc import (  # noqa: E402
    HAVE_REAL,
    check_workbook_event,
    error_cells,
    libreoffice_full_recalc,
    real_sources,
    recalculated_real,
    score_result,
)
from shared import cells, sheet_values, type_cells  # noqa: E402
from test_workbook_rulings import EVENTS as RULINGS  # noqa: E402
from test_workbook_rulings import recalculated_rulings  # noqa: E402

TEMPLATES = Path(__file__).resolve().parents[1] / "workbook_templates"
C = TRAVELLER_COLUMNS
#: The scores typed into the laid-out Howell, line by line in turn (a plain spread of results and ties).
SCORES = (420, 450, -50, 420, 140, -100, 170, 620, -200, 110, 400, 90, 130, -300, 50)
#: Two edits typed after it was opened: (row offset, Typed score).
EDITS = ((0, -620), (4, "A+"))


def _typed_howell(folder: Path) -> tuple[Path, Path, list[tuple[str, str, object]]]:
    """The laid-out 9-table Howell, every line typed (saved); the same with the two edits as the reference mpxl
    reads; and the edits as a user types them in LibreOffice."""
    path = folder / "howell9.xlsx"
    assert main(["template", "--movement", "howell", "--tables", "9", "--boards-per-round", "3", "-o", str(path)]) == 0
    board, typed = column_index_from_string(C["board"]), column_index_from_string(C["typed"])
    rows = sorted(r for (r, c), v in cells(path, "Travellers").items() if c == board and r >= FIRST_ROW and v != "")
    assert rows == list(range(FIRST_ROW, FIRST_ROW + len(rows))) and len(rows) > 100, rows[:3]
    type_cells(path, "Travellers", {(r, typed): SCORES[(r - FIRST_ROW) % len(SCORES)] for r in rows})
    reference = folder / "howell9-edited.xlsx"
    shutil.copy(path, reference)
    edits: list[tuple[str, str, object]] = []
    for offset, value in EDITS:
        cell = f"{C['adjustment'] if value == 'A+' else C['typed']}{FIRST_ROW + offset}"
        if value == "A+":
            edits.append(("Travellers", f"{C['typed']}{FIRST_ROW + offset}", ""))
        edits.append(("Travellers", cell, value))
    type_cells(reference, "Travellers", {coordinate_to_tuple(cell): None if value == "" else value
                                         for _, cell, value in edits})
    return path, reference, edits


@pytest.fixture(scope="module")
def full(tmp_path_factory):
    """Every workbook of the module, recalculated hard twice after its edits: name -> (values, the core's result
    or None, the recalculations' seconds)."""
    d = tmp_path_factory.mktemp("full-recalc")
    books: dict[str, tuple[Path, object]] = {}
    for name in ("club-pairs.xlsx", "neuberg-teaching.xlsx"):
        books[f"template {name}"] = (TEMPLATES / name, None)
    howell, reference, edits = _typed_howell(d)
    books["laid-out howell typed and edited"] = (howell, score_result(reference, []))
    names = list(books)
    recalculated = libreoffice_full_recalc([books[n][0] for n in names], rounds=2,
                                           edits={howell: edits}, notes=True)  # as users have them, notes and all
    out = {n: (values, books[n][1], seconds) for n, (values, seconds) in zip(names, recalculated)}
    # the real files' and the rulings' workbooks: recalculated hard twice once per run (tests/shared.once_per_run),
    # shared with test_workbook_recalc_real and test_workbook_rulings
    for name, (_, res, values, seconds) in recalculated_real(tmp_path_factory).items():
        out[f"real {name}"] = (values, res, seconds)
    for name, (_, res, values, seconds) in recalculated_rulings(tmp_path_factory).items():
        if name in RULINGS:
            out[f"ruling {name}"] = (values, res, seconds)
    return out


def _kinds():
    names = [f"template {n}" for n in ("club-pairs.xlsx", "neuberg-teaching.xlsx")]
    names.append("laid-out howell typed and edited")
    if HAVE_REAL:
        names += [f"real {p.name}" for p in real_sources()]
    names += [f"ruling {n}" for n in RULINGS]
    return names


@pytest.mark.parametrize("name", _kinds())
def test_two_hard_recalculations_show_no_error_and_the_figures_of_mpxl_score(full, name):
    values, result, seconds = full[name]
    assert len(seconds) == 2
    shown = error_cells(values)
    assert not shown, f"{len(shown)} cells show an error after two hard recalculations: {shown[:8]}"
    assert not [k for k, v in values.data.items() if v == "?"]
    if result is not None:
        check_workbook_event(values, result)


def test_the_edited_howell_shows_the_edits(full):
    """The two edits typed in LibreOffice reached the figures: the board's first line is -620 (the board's
    bottom for NS unless tied), its fifth an Ave+ (60% of the top)."""
    values, result, _ = full["laid-out howell typed and edited"]
    assert values["Travellers", f"{C['ns_score']}{FIRST_ROW}"] == -620
    assert values["Travellers", f"{C['adjustment']}{FIRST_ROW + 4}"] == "A+"


def _show_error(path: Path, cells: list[str], error: str = "#VALUE!") -> None:
    """Rewrite the Travellers' saved values of ``cells`` (formula cells) as ``error``, as a spreadsheet that went
    wrong saves them (``t="e"``), the formulas kept."""
    import re
    import zipfile

    with zipfile.ZipFile(path) as zf:
        parts = {i.filename: zf.read(i.filename) for i in zf.infolist()}
    book = parts["xl/workbook.xml"].decode()
    rels = parts["xl/_rels/workbook.xml.rels"].decode()
    rid = re.search(r'<sheet [^>]*name="Travellers"[^>]*r:id="([^"]+)"', book)[1]
    target = re.search(rf'<Relationship [^>]*Id="{rid}"[^>]*Target="([^"]+)"', rels) or re.search(
        rf'<Relationship [^>]*Target="([^"]+)"[^>]*Id="{rid}"', rels)
    name = "xl/" + target[1].lstrip("/").removeprefix("xl/")
    xml = parts[name].decode()
    for cell in cells:
        pattern = re.compile(rf'<c r="{cell}"([^>]*)>(<f[^>]*>.*?</f>|<f[^>]*/>)(?:<v>[^<]*</v>)?</c>')

        def shown(m: re.Match, cell: str = cell) -> str:
            attrs = re.sub(r' t="[^"]*"', "", m[1])
            return f'<c r="{cell}"{attrs} t="e">{m[2]}<v>{error}</v></c>'

        xml, n = pattern.subn(shown, xml, count=1)
        assert n == 1, cell
    parts[name] = xml.encode()
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as zf:
        for k, v in parts.items():
            zf.writestr(k, v)


def test_an_error_in_the_sheets_own_formula_is_named_as_the_sheets_not_as_typed(tmp_path, capsys):
    """A recalculated workbook whose NS MP shows #VALUE!, coming from a helper it reads that shows it too:
    `mpxl check` and `mpxl score` name the sheet's own formula and the helper's cell and heading, never 'type
    the value itself', exit 2."""
    from recalc import libreoffice_convert

    from mpxl.workbook.layout import HELPER_COLUMNS

    src = tmp_path / "club.csv"
    src.write_text("board,ns_pair,ew_pair,ns_score\n1,1,5,420\n1,2,6,450\n1,3,7,-50\n2,1,6,110\n2,2,7,140\n2,3,5,90\n")
    written = tmp_path / "written" / "club.xlsx"
    written.parent.mkdir()
    assert main(["score", str(src), "-o", str(written)]) == 0
    [book] = libreoffice_convert([written], "xlsx", tmp_path)
    formula = sheet_values(book, "Travellers")[f"{C['ns_mp']}{FIRST_ROW}"]
    helpers = {C[c.key]: c.header for c in HELPER_COLUMNS}
    import re

    read = next(letter for letter in re.findall(rf"\$?([A-Z]{{1,3}})\$?{FIRST_ROW}\b", formula) if letter in helpers)
    _show_error(book, [f"{C['ns_mp']}{FIRST_ROW}", f"{read}{FIRST_ROW}"])
    for command in ("score", "check"):
        assert main([command, str(book)]) == 2
        err = capsys.readouterr().err
        assert f"cell {C['ns_mp']}{FIRST_ROW}" in err and "the sheet's own formula" in err, err
        assert f"comes from cell {read}{FIRST_ROW} (heading {helpers[read]!r})" in err, err
        assert "type the value itself" not in err
