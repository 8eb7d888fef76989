"""No circular reference, ever: the cell-level dependency graph (tests/cellgraph.py: every reference of every
formula of every sheet, whatever IF branch it is in, each range and defined name as all its cells) of each
kind of workbook mpxl writes has no cycle, and a cycle, were one written, is named cell by cell.

Excel builds this graph from the references, not from the values: a loop through a branch no line ever takes
is still a circular reference to it (the warning a user would meet). The kinds: the template (small: its
rows are the same formulas at any size), the teaching workbook, a laid-out Howell, a scored event of each
real format and of the tablets' database, the percent scale, and every director's ruling.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest
from openpyxl import load_workbook

from mpxl.cli import main
from mpxl.workbook.layout import FIRST_ROW, TRAVELLER_COLUMNS

sys.path.insert(0, str(Path(__file__).parent))
from cellgraph import CellGraph, operands, workbook_graph  # noqa: E402
from recalc import scored_csv_workbooks  # noqa: E402
from shared import INCOMING, PENDING, REALDATA  # noqa: E402
from test_workbook_rulings import EVENTS as RULINGS  # noqa: E402
from test_workbook_rulings import HEAD as RULINGS_HEAD  # noqa: E402

TEMPLATES = Path(__file__).resolve().parents[1] / "workbook_templates"
#: The real files scored (one of each format and kind of scoring; the tablets' evening).
REAL = [REALDATA / "compscore3-2022-07-27-howell-a5050.xml", INCOMING / "ruter-2016-08-10-signed-penalty-split-bye.pbn",
        PENDING / "jfrpary-2013-08-08-percent-barometer.xml", REALDATA / "bridgemate-2005-05-09-12tables-arbitral.bws"]
#: The rulings (the rest are the same formulas under other Setup values): a split and a weighted line on a
#: fouled board, an arrowswitched split, mixed-line own on a fouled board (signed, ebu), a mixed line own.
RULING_KINDS = ["fouled", "switched", "own fouled signed ebu", "board 4 own"]


@pytest.fixture(scope="module")
def books(tmp_path_factory):
    d = tmp_path_factory.mktemp("cycles")
    out = {"teaching": TEMPLATES / "neuberg-teaching.xlsx"}
    for name, args in {"template": ["--tables", "3", "--boards", "4"],
                       "template two sections": ["--tables", "3", "--boards", "4", "--sections", "2"],
                       "laid-out howell": ["--movement", "howell", "--tables", "4", "--boards-per-round", "1"]}.items():
        p = d / f"{name}.xlsx"
        assert main(["template", *args, "-o", str(p)]) == 0
        out[name] = p
    for src in REAL:
        if src.exists():
            p = d / f"{src.name}.xlsx"
            assert main(["score", str(src), "-o", str(p)]) == 0
            out[src.name] = p
    for name, (path, _) in scored_csv_workbooks(d, {k: RULINGS[k] for k in RULING_KINDS}, RULINGS_HEAD).items():
        out[f"ruling {name}"] = path
    return out


def _names():
    return (["teaching", "template", "template two sections", "laid-out howell"]
            + [p.name for p in REAL if p.exists()] + [f"ruling {n}" for n in RULING_KINDS])


def _tokenizer_operands(formula: str) -> list[str]:
    """The range operands openpyxl's formula Tokenizer finds in ``formula`` (the reference cellgraph.operands
    reads in a fraction of its time)."""
    from openpyxl.formula.tokenizer import Token, Tokenizer

    return [t.value for t in Tokenizer("=" + formula).items if t.type == Token.OPERAND and t.subtype == Token.RANGE]


@pytest.mark.parametrize("name", _names())
def test_no_workbook_has_a_circular_reference(books, name):
    graph = workbook_graph(books[name])
    assert len(graph.formulas) > 100
    # the graph's references are those openpyxl's Tokenizer reads: one formula of each shape (its numbers aside)
    shapes: dict[str, str] = {}
    for formula in graph.formulas.values():
        shapes.setdefault(re.sub(r"\d+", "0", formula), formula)
    differ = [f for f in shapes.values() if operands(f) != _tokenizer_operands(f)]
    assert not differ, f"{name}: cellgraph reads other references than openpyxl's Tokenizer: {differ[:3]}"
    loop = graph.cycle()
    assert loop is None, f"{name}: a circular reference: {' -> '.join(loop)}"


def test_a_circular_reference_is_found_and_named_cell_by_cell(books, tmp_path):
    """The template with one helper made to read a column that reads it (NS score reads NS MP, which is worked
    out from NS score): the loop is found and named, from NS score's cell round to it again."""
    wb = load_workbook(books["template"])
    ws = wb["Travellers"]
    C, r = TRAVELLER_COLUMNS, FIRST_ROW
    ws[f"{C['ns_score']}{r}"] = f"={C['ns_mp']}{r}+0"
    p = tmp_path / "loop.xlsx"
    wb.save(p)
    loop = workbook_graph(p).cycle()
    assert loop is not None
    assert loop[0] == loop[-1] and len(loop) > 2
    assert f"Travellers!{C['ns_score']}{r}" in loop and f"Travellers!{C['ns_mp']}{r}" in loop


@pytest.mark.parametrize("formulas, names, want", [
    # a defined name's range read back by a cell inside it
    ({("S", 1, 1): "SUM(Total)", ("S", 2, 1): "A1*2"}, {"Total": "S!$A$2:$A$3"}, ["S!A1", "S!A2:A3", "S!A2", "S!A1"]),
    # another sheet, a whole column
    ({("S", 1, 1): "SUM(T!B:B)", ("T", 4, 2): "S!A1"}, {}, ["S!A1", "T!B1:B", "T!B4", "S!A1"]),
    # a branch never taken still counts (what Excel warns about)
    ({("S", 1, 1): "IF(FALSE,B1,0)", ("S", 1, 2): "A1"}, {}, ["S!A1", "S!B1", "S!A1"]),
    # no loop: a range read beside it, not through it
    ({("S", 1, 1): "SUM(B1:B9)", ("S", 1, 2): "C1", ("S", 2, 2): "5"}, {}, None),
])
def test_the_graph_follows_names_sheets_ranges_and_every_branch(formulas, names, want):
    assert CellGraph(formulas, names).cycle() == want
