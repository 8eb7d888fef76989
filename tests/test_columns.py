"""Each workbook column is declared once (mpxl/workbook/columns.py): its key, header, note and formula; an NS/EW
pair from one definition; the layout, the notes and the formulas' registry read the declarations; formulas read
cells by name. The expected letters and headers are those of the layout before the declarations (commit b7705ff:
formulas.py's doctest, layout.py's lists)."""

from __future__ import annotations

from graphlib import CycleError, TopologicalSorter

import pytest

from mpxl.workbook.columns import EW, NS, Row, col, every, merged, placed_once
from mpxl.workbook.formulas import BLOCK, PAIRS, TOTALS, TRAVELLER
from mpxl.workbook.helptext import COLUMN_NOTES, PAIRS_NOTES, reads_columns
from mpxl.workbook.layout import (
    BLOCK_COLUMNS,
    HELPER_COLUMNS,
    PAIRS_SHEET,
    TOTALS_SHEET,
    TRAVELLER_COLUMNS,
    TRAVELLER_SHEET,
)


@pytest.mark.parametrize("key, letter", [("kind", "CT"), ("badb", "CV"), ("nfa", "NT"), ("efa", "NV"), ("rns", "EV"),
                                         ("rans", "EZ"), ("ns_mp", "O"), ("ew_mp", "Q"), ("n", "CZ"), ("nsc", "HB")])
def test_cells_by_name(key, letter):
    """A row's cells by their column's name, at the letters the sheet has (formulas.py's doctest: NS MP reads
    CT5, CV5, NT5, EV5, EZ5; k reads HB5 and CZ5)."""
    assert getattr(Row(5, TRAVELLER_COLUMNS), key) == f"{letter}5"


@pytest.mark.parametrize("family, ns, ew, ns_header, ew_header", [
    ("vt", "nvt", "evt", "NS view (typed)", "EW view (typed)"),
    ("est", "estns", "estew", "NS estimate", "EW estimate"),
    ("mp", "ns_mp", "ew_mp", "NS MP", "EW MP"),
    ("p", "pns", "pew", "NS penalty MP", "EW penalty MP"),
    ("pair", "ns_pair", "ew_pair", "NS pair", "EW pair"),
    ("S", "sns", "sew", "S (NS)", "S (EW)"),
    ("fa_full", "nsfa", "ewfa", "NS full artificial", "EW full artificial"),
])
def test_twins_from_one_definition(family, ns, ew, ns_header, ew_header):
    """An NS/EW pair is one declaration (one family): each side's cell by the family's name, its header."""
    c = Row(5, TRAVELLER_COLUMNS)
    assert (getattr(c[NS], family), getattr(c[EW], family)) == (getattr(c, ns), getattr(c, ew))
    assert getattr(c[NS].other, family) == getattr(c, ew)
    headers = {col.key: col.header for col in TRAVELLER_SHEET}
    assert (headers[ns], headers[ew]) == (ns_header, ew_header)
    assert {col.family for col in TRAVELLER_SHEET if col.key in (ns, ew)} != {""}


@pytest.mark.parametrize("key, part, name", [("ns", 1, "NSPart1"), ("ew", 3, "EWShare3")])
def test_parts_and_defined_names(key, part, name):
    """Each part's columns come from one declaration; the defined name of a part's data rows too."""
    side = NS if key == "ns" else EW
    family = "s" if name[2:].startswith("Part") else "w"
    assert every.part(side, family, part) == name
    assert Row(5, TRAVELLER_COLUMNS)[side].part(family, part) == f"{TRAVELLER_COLUMNS[side.v + family + str(part)]}5"


def test_the_registries_and_notes_come_from_the_declarations():
    """Every column with a formula is in its sheet's registry, every helper has its note (the help sheet and
    docs/template.md's tables), and nothing else is."""
    block = {c.key for c in BLOCK_COLUMNS}
    assert set(TRAVELLER) == {c.key for c in TRAVELLER_SHEET if c.formula and c.key not in block}
    assert set(BLOCK) == {c.key for c in BLOCK_COLUMNS if c.formula}
    assert set(PAIRS) == {c.key for c in PAIRS_SHEET if c.formula}
    assert set(TOTALS) == {c.key for c in TOTALS_SHEET if c.formula}
    assert all(COLUMN_NOTES[c.key] for c in HELPER_COLUMNS)
    assert set(PAIRS_NOTES) == {c.key for c in PAIRS_SHEET}
    assert [(c.key, c.header) for c in HELPER_COLUMNS[::220]] == [("sess", "Session number"), ("rsh", "Result shares")]
    assert len(HELPER_COLUMNS) == 240


def test_a_name_that_is_no_column_is_refused():
    c = Row(5, TRAVELLER_COLUMNS)
    with pytest.raises(AttributeError, match="no column 'kindd'"):
        _ = c.kindd
    with pytest.raises(AttributeError, match="no column family 'nope'"):
        _ = c[NS].nope
    with pytest.raises(AttributeError, match="no defined name for column 'vul'"):
        _ = every.vul


def test_a_column_placed_twice_or_never_is_refused():
    a, b = col("a", "A"), col("b", "B")
    placed_once([a, b], [b, a])
    with pytest.raises(ValueError, match=r"not placed once: \['b'\]"):
        placed_once([a, b], [a])
    with pytest.raises(ValueError, match="not placed once"):
        placed_once([a, b], [a, b, a])


A = [col("a1", "A"), col("a2", "A"), col("a3", "A", after="b2")]


@pytest.mark.parametrize("stages, order", [
    ([A, [col("b1", "B", after="a2"), col("b2", "B")]], ["a1", "a2", "b1", "b2", "a3"]),
    ([A[:2], [], [col("b1", "B", after="a1")]], ["a1", "b1", "a2"]),
    ([A[:2], [col("b1", "B", after="a2"), col("b2", "B", after="a1")]], ["a1", "b2", "a2", "b1"]),
])
def test_the_stages_columns_merged_in_the_sheets_order(stages, order):
    """Each stage's columns in their declared order, a run placed after the column its first names."""
    assert [c.key for c in merged(*stages)] == order


@pytest.mark.parametrize("stages, message", [
    ([A[:2], [col("b1", "B")]], "column 'b1' starts a run of columns and names no column it follows"),
    ([A[:2], [col("b1", "B", after="a1"), col("b2", "B", after="a1")]], "two runs of columns follow column 'a1'"),
    ([A[:2], [col("b1", "B", after="zz")]], r"no column \['zz'\] for columns to follow: \['b1'\]"),
])
def test_a_run_of_columns_placed_nowhere_is_refused(stages, message):
    with pytest.raises(ValueError, match=message):
        merged(*stages)


def test_the_sheets_order_is_the_one_laid_out_before_the_records_said_it():
    """The stages' runs merge into the order layout.py's lists gave (HELPER_ORDER, MAIN_ORDER of commit
    c86d400): a column's letter is in every formula, the workbook's cells stay where they were."""
    from mpxl.workbook.layout import MAIN_COLUMNS

    assert [c.key for c in MAIN_COLUMNS] == [
        "board", "ns_pair", "ew_pair", "contract", "by", "tricks", "typed", "adjustment", "group", "switch",
        "section", "session", "ns_score", "ns_mp", "ew_mp", "nslp", "ewlp", "ns_pen", "ew_pen"]
    starts = [c.key for c in HELPER_COLUMNS if c.after]
    assert starts == ["badb", "sw", "sns", "tkt", "avg", "swt", "spn", "bar", "kcode", "penr", "setf", "tkw", "topr",
                      "hs", "nsr1"]
    assert [TRAVELLER_COLUMNS[k] for k in ("sess", "kind", "badb", "rsh")] == ["AX", "CT", "CV", "RV"]
    assert HELPER_COLUMNS[-1].key == "esr3"  # the last added, at the end: every earlier column keeps its letter


def test_no_formula_reads_itself_through_other_columns():
    """No Travellers column reads, through the columns it reads (its own row's cells and the columns it looks
    across), its own value: Excel builds a cell's dependencies from every reference in its formula, taken or not
    (an IF branch a line never takes counts), and warns of a circular reference where LibreOffice, evaluating
    lazily, does not. The loop this caught (issue 34: NS result MP -> NS matchpoints first, whose artificial branch
    read NS artificial MP -> NS adjusted % -> the wbf NS pair's % -> NSOwn -> NS result MP) is named in full by
    CycleError."""
    graph = {key: set(reads_columns(key)) for key in [*TRAVELLER, *BLOCK]}
    assert sum(map(len, graph.values())) > 900  # the reads are read: every helper names a few columns
    try:
        order = list(TopologicalSorter(graph).static_order())
    except CycleError as loop:
        pytest.fail(f"a circular reference: {' -> '.join(loop.args[1])}")
    assert order.index("estns") < order.index("rns") < order.index("nsof") < order.index("ownns")
