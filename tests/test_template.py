"""The template's structure: sheets, columns, protection, validation, formulas Excel 2010 has, and
the committed workbooks in workbook_templates/ are what `mpxl template` builds now."""

from __future__ import annotations

import re
import zipfile
from pathlib import Path

import pytest
from openpyxl import load_workbook
from openpyxl.utils import column_index_from_string

from mpxl.cli import main
from mpxl.workbook.layout import (
    BLOCK_COLUMNS,
    HELPER_COLUMNS,
    METHODS_SHEET,
    PAIRS_SPACERS,
    TOTALS_COLUMNS,
    TOTALS_SPACERS,
    TRAVELLER_SPACERS,
)
from mpxl.workbook.template import FIRST_ROW, HEADER_ROW, PAIRS_COLUMNS, TRAVELLER_COLUMNS, build_template
from tests.shared import sheet_values

ROOT = Path(__file__).resolve().parents[1]
COMMITTED = ROOT / "workbook_templates"

FORBIDDEN = ("LET(", "XLOOKUP(", "FILTER(", "SORT(", "UNIQUE(", "SEQUENCE(", "MAXIFS(", "MINIFS(", "IFS(",
             "TEXTJOIN(", "CONCAT(", "SWITCH(", "LAMBDA(", "_xlfn")
#: Functions both Excel 2010 and LibreOffice 7.4 have, the only ones the template may use.
ALLOWED = {"IF", "AND", "OR", "NOT", "ISNUMBER", "ISTEXT", "IFERROR", "CHOOSE", "MOD", "UPPER", "SUBSTITUTE",
           "TRIM", "LEFT", "MID", "LEN", "VALUE", "FIND", "REPT", "MIN", "MAX", "VLOOKUP", "COUNTIF", "COUNTIFS",
           "SUMIFS", "ROUND", "ROUNDUP", "ROUNDDOWN", "ABS", "MATCH", "NA", "N", "INDEX", "SUMPRODUCT", "INT", "RIGHT",
           "ROW", "CLEAN",  # CLEAN: the rulebook's blank (rules.SHEET_TEXT), in Excel since 2.0
           "ROWS",  # ROWS: the Working sheet's look for a board's next line, in Excel since 2.0
           "CELL",  # CELL("format"): a penalty cell formatted as a percentage (P0, P1...), in Excel since 2.0
           "TRUNC"}  # TRUNC: the truncate rounding (Bridge NZ Scorer's tenths), in Excel since 2.0


def cell_contents(wb) -> dict:
    """Every sheet's non-empty cells (values and formulas), plus validations, merged cells and print areas."""
    out = {}
    for ws in wb.worksheets:
        for row in ws.iter_rows():
            for c in row:
                if c.value is not None:
                    out[(ws.title, c.coordinate)] = c.value
        out[(ws.title, "validations")] = sorted((dv.sqref.__str__(), dv.formula1 or "") for dv in ws.data_validations.dataValidation)
        out[(ws.title, "merged")] = sorted(str(m) for m in ws.merged_cells.ranges)
        out[(ws.title, "print_area")] = ws.print_area
        out[(ws.title, "freeze")] = ws.freeze_panes
    return out


def _parts(path: Path) -> dict:
    """The package's parts, but its dates (docProps/core.xml: created, modified)."""
    with zipfile.ZipFile(path) as z:
        return {name: z.read(name) for name in z.namelist() if name != "docProps/core.xml"}


REBUILD = ("`mpxl template -o workbook_templates/club-pairs.xlsx`, "
           "`mpxl template -o workbook_templates/club-pairs.xlsm` and "
           "`mpxl template --teaching -o workbook_templates/neuberg-teaching.xlsx`")


@pytest.mark.parametrize("name, argv", [("club-pairs.xlsx", []), ("club-pairs.xlsm", []),
                                        ("neuberg-teaching.xlsx", ["--teaching"])])
def test_committed_template_is_current(tmp_path, name, argv):
    """The committed workbook holds the cells `mpxl template` writes now: the same parts byte for byte
    (the dates aside), else the same cells read back (values and formulas, validations, merges, print areas)."""
    committed = COMMITTED / name
    assert committed.exists(), f"{committed} is missing: run {REBUILD} (see docs/template.md)"
    fresh = tmp_path / name
    assert main(["template", *argv, "-o", str(fresh)]) == 0
    if _parts(fresh) == _parts(committed):
        return
    want, got = cell_contents(load_workbook(fresh)), cell_contents(load_workbook(committed))
    stale = sorted(k for k in set(want) | set(got) if want.get(k) != got.get(k))
    assert not stale, f"{committed} is stale ({len(stale)} cells differ, first {stale[:5]}): rebuild with {REBUILD}"


@pytest.mark.parametrize("name", ["club-pairs.xlsx", "club-pairs.xlsm", "neuberg-teaching.xlsx"])
def test_committed_templates_store_each_column_formula_once(name):
    """The committed workbooks are written as `mpxl score` writes an event: each column's formula stored once
    and shared down the column (a tenth of the size of a formula a cell, the same cells read back)."""
    with zipfile.ZipFile(COMMITTED / name) as z:
        travellers = z.read("xl/worksheets/sheet2.xml").decode()
    block = sum(1 for c in BLOCK_COLUMNS if c.kind != "input")
    assert travellers.count('t="shared" ref=') == len(HELPER_COLUMNS) + 5 + block
    assert travellers.count("<f>") < 100  # the master rows' single formulas only
    assert (COMMITTED / name).stat().st_size < 1_000_000


def test_sheets_and_titles():
    wb = build_template(tables=3, boards=2)
    assert wb.sheetnames == ["Setup", "Travellers", "Pairs", "Totals", "Methods", "Working", "Help",
                             "xlwings.conf"]
    trav, tot, ranking = wb["Travellers"], wb["Pairs"], wb["Totals"]

    def titles(ws, spacers, n):
        """The first ``n`` headings, left to right; each spacer between two formula columns empty and hidden."""
        hidden = [(d.min or column_index_from_string(k), d.max or column_index_from_string(k))
                  for k, d in list(ws.column_dimensions.items()) if d.hidden]
        for letter in spacers:
            assert ws[f"{letter}{HEADER_ROW}"].value is None and ws[f"{letter}{FIRST_ROW}"].value is None, letter
            i = column_index_from_string(letter)
            assert any(a <= i <= b for a, b in hidden), f"spacer {letter} is not hidden"
        heads = (ws.cell(row=HEADER_ROW, column=i).value for i in range(1, ws.max_column + 1))
        return [h for h in heads if h is not None][:n]

    assert titles(trav, TRAVELLER_SPACERS, 15) == [
        "Board", "NS pair", "EW pair", "Contract", "By", "Tricks", "Typed score", "Adjustment",
        "Group", "Arrowswitch", "Section", "Session", "NS score", "NS MP", "EW MP"]
    assert titles(tot, PAIRS_SPACERS, 14) == [
        "Pair", "Direction", "Names", "Section", "Tie-break", "Member no. 1", "Member no. 2", "Boards played",
        "Carried forward", "Latest session MP", "MP", "Max", "%", "Place"]
    assert titles(ranking, TOTALS_SPACERS, 8) == ["Place", "Pair", "Direction", "Names", "Section", "MP", "Max", "%"]
    for ws in (tot, ranking):  # printable as is: fit to a page wide, the header row on every page
        assert ws.print_title_rows.replace("$", "") == f"{HEADER_ROW}:{HEADER_ROW}"
        assert ws.page_setup.fitToWidth == 1 and ws.sheet_properties.pageSetUpPr.fitToPage
    assert ranking.print_area.replace("$", "").endswith(f"A1:{TOTALS_COLUMNS['pct']}{FIRST_ROW + 5}")
    conf = wb["xlwings.conf"]
    assert (conf["A1"].value, conf["B1"].value) == ("UDF Modules", "mpxl.udfs")
    # 3 tables x 2 boards, pre-numbered; Mitchell: NS pair = table
    assert [trav[f"A{r}"].value for r in range(FIRST_ROW, FIRST_ROW + 6)] == [1, 1, 1, 2, 2, 2]
    assert [trav[f"B{r}"].value for r in range(FIRST_ROW, FIRST_ROW + 3)] == [1, 2, 3]
    assert [(tot[f"A{r}"].value, tot[f"B{r}"].value) for r in (5, 8)] == [(1, "NS"), (1, "EW")]


def test_only_excel_2010_functions():
    wb = build_template(tables=2, boards=2)
    used = set()
    for ws in wb.worksheets:
        for row in ws.iter_rows():
            for c in row:
                if isinstance(c.value, str) and c.value.startswith("="):
                    f = c.value.upper()
                    assert not any(re.search(r"(?<![A-Z.])" + re.escape(x), f) for x in FORBIDDEN), (
                        ws.title, c.coordinate, c.value)
                    used |= set(re.findall(r"([A-Z][A-Z0-9.]*)\(", re.sub(r'"[^"]*"', '""', f)))
    assert used <= ALLOWED, used - ALLOWED


def test_inputs_unlocked_formulas_locked_sheets_protected_without_password():
    wb = build_template(tables=2, boards=2)
    trav = wb["Travellers"]
    c = TRAVELLER_COLUMNS
    for key in ("board", "ns_pair", "ew_pair", "contract", "by", "tricks", "typed", "adjustment", "group", "switch"):
        assert trav[f"{c[key]}{FIRST_ROW}"].protection.locked is False, key
    for key in ("ns_score", "ns_mp", "ew_mp", "kind", "sns", "b_status"):
        assert trav[f"{c[key]}{FIRST_ROW}"].protection.locked is True, key
    for ws in wb.worksheets:
        if ws.title != "xlwings.conf":
            assert ws.protection.sheet, ws.title
            assert not ws.protection.password, ws.title
    setup = wb["Setup"]
    assert setup["B5"].protection.locked is False and setup["B8"].protection.locked is True
    for key in ("pair", "direction", "names", "section", "tiebreak"):
        assert wb["Pairs"][f"{PAIRS_COLUMNS[key]}{FIRST_ROW}"].protection.locked is False, key
    assert wb["Pairs"][f"{PAIRS_COLUMNS['mp']}{FIRST_ROW}"].protection.locked is True


def test_data_validation_and_layout():
    wb = build_template(tables=2, boards=2)
    trav = wb["Travellers"]
    rules = {str(dv.sqref): dv for dv in trav.data_validations.dataValidation}
    c = TRAVELLER_COLUMNS
    by = rules[f"{c['by']}{FIRST_ROW}:{c['by']}{FIRST_ROW + 3}"]
    assert by.formula1 == '"N,E,S,W"'
    tricks = rules[f"{c['tricks']}{FIRST_ROW}:{c['tricks']}{FIRST_ROW + 3}"]
    t = f"{c['tricks']}{FIRST_ROW}"
    n = f'--TRIM({t}&"")'  # the column keeps tricks as text: 10 typed is "10"
    assert (tricks.type, tricks.formula1) == (
        "custom", f'OR(LEFT({t}&"",1)="+",LEFT({t}&"",1)="-",LEFT({t}&"",1)="=",UPPER({t}&"")="=",'
        f'UPPER({t}&"")="MADE",UPPER({t}&"")="M",IFERROR(AND({n}>=0,{n}<=13,INT({n})={n}),FALSE))')
    setup = {str(dv.sqref): dv for dv in wb["Setup"].data_validations.dataValidation}
    assert setup["B5"].formula1 == '"1,2,signed,percent"' and "signed (+1 per score beaten" in setup["B5"].error
    assert setup["B6"].formula1 == "MethodNames"
    assert wb.defined_names["MethodNames"].attr_text == "Help!$D$5:$D$10"
    assert [wb["Help"][f"D{r}"].value for r in range(5, 11)] == ["Neuberg", "Factor", "Ascherman", "McKinnon", "Manual",
                                                                  "Ascherman-short"]
    assert trav.freeze_panes == f"B{FIRST_ROW}" and wb["Pairs"].freeze_panes == f"A{FIRST_ROW}"
    assert trav.print_title_rows.replace("$", "") == f"{HEADER_ROW}:{HEADER_ROW}"
    assert f"$A$1:${TRAVELLER_COLUMNS['ew_pen']}$" in trav.print_area  # the visible columns, the penalties the last
    assert len(trav.conditional_formatting) >= 4
    assert wb["Methods"]._charts, "the Methods sheet has its chart"


def test_howell_and_options():
    wb = build_template(tables=4, boards=3, movement="howell", method="mck", scale=1)
    assert (wb["Setup"]["B5"].value, wb["Setup"]["B6"].value, wb["Setup"]["B15"].value) == (1, "McKinnon", 1)
    assert wb["Pairs"]["A12"].value == 8 and wb["Pairs"]["B12"].value is None
    with pytest.raises(ValueError, match="movement"):
        build_template(movement="swiss")


def test_the_signed_scale_in_the_template(tmp_path, capsys):
    """Setup's Scale takes signed (its list, its note); `mpxl template --scale signed` writes it; the Methods
    sheet takes it too; the signed Top is N - 1."""
    from mpxl.workbook.helptext import SETUP_NOTES
    from mpxl.workbook.layout import METHODS_LAYOUT, SETUP_CELLS, setup_row

    out = tmp_path / "signed.xlsx"
    assert main(["template", "--scale", "signed", "-o", str(out), "--tables", "3", "--boards", "2"]) == 0
    wb = load_workbook(out)
    setup = wb["Setup"]
    assert setup[f"B{setup_row('scale')}"].value == "signed"
    assert "signed = +1 per score beaten, -1 per score that beats it" in setup[f"C{setup_row('scale')}"].value
    assert "signed" in SETUP_NOTES["scale"] and "N - 1 on the signed scale" in SETUP_NOTES["top"]
    # a fixed top (the percent scale's 100) when there is one, else the scale's
    assert setup[f"B{setup_row('top')}"].value == "=IF(FixedTop>0,FixedTop,(ScaleUnit-Centred)*(N-1))"
    for key in ("scale_index", "scale_unit", "centred"):
        assert wb.defined_names[{"scale_index": "ScaleNo", "scale_unit": "ScaleUnit", "centred": "Centred"}[key]
                                ].attr_text == SETUP_CELLS[key]
        assert setup.row_dimensions[setup_row(key)].hidden  # the formulas' internal numbers
    methods = wb["Methods"]
    rules = {str(dv.sqref): dv.formula1 for dv in methods.data_validations.dataValidation}
    assert rules[METHODS_LAYOUT["scale"]] == '"1,2,signed"'
    # the Methods sheet takes the matchpoint scales alone: percent (the Setup's) is no scale there, said so, not
    # read as the double scale
    assert methods[METHODS_LAYOUT["scale_unit"]].value == '=INDEX({2,1,2,2},MATCH($B$5,{2,1,"signed"},0))'
    for spelling in ("MP1", "2", "single"):
        assert main(["template", "--scale", spelling, "-o", str(tmp_path / "s.xlsx"), "--tables", "1",
                     "--boards", "1"]) == 0
        assert sheet_values(tmp_path / "s.xlsx", "Setup")["B5"] == {"MP1": "signed", "2": 2, "single": 1}[spelling]
    capsys.readouterr()
    with pytest.raises(SystemExit):
        main(["template", "--scale", "triple", "-o", str(tmp_path / "bad.xlsx")])
    assert "'triple' is not a scale; expected 2 (double), 1 (single) or signed" in capsys.readouterr().err
    assert not (tmp_path / "bad.xlsx").exists()


def test_the_scale_formulas_are_under_500_characters():
    """Every formula that reads the scale (ScaleUnit, Centred, or the line's average), on every sheet."""
    wb = build_template(tables=2, boards=2, scale="signed")
    scaled = [(len(c.value), ws.title, c.coordinate) for ws in wb.worksheets for row in ws.iter_rows() for c in row
              if isinstance(c.value, str) and c.value.startswith("=")
              and re.search(r"ScaleUnit|Centred|\$B\$6|\$C\$6|>" + TRAVELLER_COLUMNS["avg"], c.value)]
    assert len({(title, re.sub(r"\d", "", ref)) for _, title, ref in scaled}) >= 20  # the columns that read it
    assert max(scaled)[0] < 500, max(scaled)


def test_template_command(tmp_path, capsys):
    out = tmp_path / "t.xlsx"
    assert main(["template", "-o", str(out), "--tables", "4", "--boards", "5", "--method", "factor"]) == 0
    assert str(out) in capsys.readouterr().out
    assert sheet_values(out, "Setup")["B6"] == "Factor"
    assert sheet_values(out, "Travellers")[f"A{FIRST_ROW + 19}"] == 5
    assert main(["template", "-o", str(tmp_path / "x.xlsx"), "--tables", "0"]) == 2
    assert main(["template", "--teaching", "-o", str(tmp_path / "teach.xlsx")]) == 0
    assert sheet_values(tmp_path / "teach.xlsx", "Travellers")[f"D{FIRST_ROW}"] == "3C"


def full_contents(wb) -> dict:
    """Every cell's value and style as openpyxl reads them back, plus the sheet-level settings."""
    out = cell_contents(wb)
    for ws in wb.worksheets:
        for row in ws.iter_rows():
            for c in row:
                if c.value is not None or c.has_style:
                    out[(ws.title, c.coordinate, "style")] = (
                        c.number_format, c.protection.locked, c.font.b, c.font.sz, c.font.color and c.font.color.rgb,
                        c.fill.fgColor.rgb if c.fill.fill_type else None, c.alignment.horizontal)
        out[(ws.title, "dims")] = ws.dimensions
        out[(ws.title, "cf")] = sorted((str(r.sqref), [x.formula for x in r.rules]) for r in ws.conditional_formatting)
        out[(ws.title, "hidden")] = sorted(k for k, d in ws.column_dimensions.items() if d.hidden)
        out[(ws.title, "protected")] = ws.protection.sheet
    return out


@pytest.mark.parametrize("suffix", [".xlsx", ".xlsm"])
def test_fast_writer_equals_openpyxl_workbook(tmp_path, suffix):
    """write_workbook (rows streamed into the file, formulas shared down each column) loads back cell for
    cell, formula for formula and style for style equal to build_workbook saved by openpyxl; macro-enabled
    (.xlsm) as well, with the same VBA project, code names and content type."""
    from mpxl.workbook.classic import macro_enable, vba_bytes
    from mpxl.workbook.template import Contents, Settings, TemplateLine, build_workbook, write_workbook

    lines = [TemplateLine(1, 1, 2, "3NT", "N", 10), TemplateLine(1, 2, 1, typed=-50, group="A"),
             TemplateLine(1, 3, 4, adjustment="A6040"), TemplateLine(2, 1, 3, "4Sx", "w", 9, switch="Y"),
             TemplateLine(2, "A&<1>", ' "x" ', typed="30% 420 + 70% 450", adjustment=" 60/40 "),
             TemplateLine(2, 4, 1, typed=1.5), TemplateLine(3, None, None, typed=True)]
    contents = Contents(Settings.of(method="McKinnon", winners=1, event="Club & <night>"), lines, [1, 2, 3],
                        [(1, "NS"), ("A&<1>", None), (3, "EW")], rows=len(lines) + 4, methods=(7, 5))
    slow, fast = tmp_path / f"slow{suffix}", tmp_path / f"fast{suffix}"
    wb = build_workbook(contents)
    if suffix == ".xlsm":
        macro_enable(wb)
    wb.save(slow)
    write_workbook(fast, contents, macro_enabled=suffix == ".xlsm")
    keep = suffix == ".xlsm"
    books = load_workbook(slow, keep_vba=keep), load_workbook(fast, keep_vba=keep)
    want, got = full_contents(books[0]), full_contents(books[1])
    differ = sorted((k for k in set(want) | set(got) if want.get(k) != got.get(k)), key=str)
    assert not differ, [(k, want.get(k), got.get(k)) for k in differ[:5]]
    assert [ws.sheet_properties.codeName for ws in books[0]] == [ws.sheet_properties.codeName for ws in books[1]]
    assert (books[0].code_name, books[0].properties.description) == (books[1].code_name, books[1].properties.description)
    if suffix == ".xlsm":
        assert vba_bytes(fast) == vba_bytes(slow) and books[1].code_name == "ThisWorkbook"
        with zipfile.ZipFile(fast) as z:
            assert "sheet.macroEnabled.main+xml" in z.read("[Content_Types].xml").decode()
    # the formulas are stored once per column, as Excel stores a filled-down column
    with zipfile.ZipFile(fast) as z:
        sheet = z.read("xl/worksheets/sheet2.xml").decode()
    block = sum(1 for c in BLOCK_COLUMNS if c.kind != "input")
    assert sheet.count('t="shared" ref=') == len(HELPER_COLUMNS) + 5 + block  # helpers, NS score, NS MP, EW MP, NS %, EW %; the block


def test_what_excel_needs_to_show_and_print_it(tmp_path):
    """Issue 12 item 6, read back from the saved file: validation enforced with a message; the
    conditional formats' fills carry bgColor (what Excel paints a dxf fill with); each sheet one
    page wide; the chart inside the Methods print area, its data columns hidden but plotted,
    five lines in distinct colours and dashes, the axis 0-100%; Setup's helper rows hidden."""
    import zipfile

    from openpyxl.utils import column_index_from_string, get_column_letter, range_boundaries

    from mpxl.workbook.layout import METHODS_LAYOUT, SETUP_ROWS, setup_row

    path = tmp_path / "t.xlsx"
    assert main(["template", "-o", str(path), "--tables", "3", "--boards", "2"]) == 0
    wb = load_workbook(path)
    rules = [(ws.title, dv) for ws in wb.worksheets for dv in ws.data_validations.dataValidation]
    assert len(rules) >= 14
    for title, dv in rules:
        assert dv.showErrorMessage and dv.errorStyle in (None, "stop") and dv.error and dv.errorTitle, (title, dv.sqref)
    styles = zipfile.ZipFile(path).read("xl/styles.xml").decode()
    dxfs = re.search(r"<dxfs[^>]*>(.*?)</dxfs>", styles, re.S).group(1)
    fills = re.findall(r"<patternFill.*?</patternFill>", dxfs, re.S)
    assert fills and all("<bgColor" in f for f in fills), fills
    for ws in wb.worksheets:
        if ws.title == "Travellers":  # one page wide by its scale: Excel drops page breaks under "fit to"
            assert not ws.sheet_properties.pageSetUpPr.fitToPage and 10 <= ws.page_setup.scale <= 100
            continue  # tests/test_workbook_print.py
        assert ws.sheet_properties.pageSetUpPr.fitToPage and ws.page_setup.fitToWidth == 1, ws.title
        # one page wide, as many down as it takes; the Methods sheet (its table and chart) on one page
        assert ws.page_setup.fitToHeight == (1 if ws.title == "Methods" else 0), ws.title
    methods = wb["Methods"]
    L = METHODS_LAYOUT
    (chart,) = methods._charts
    area = methods.print_area.split("!")[-1].replace("$", "")
    min_col, min_row, max_col, max_row = range_boundaries(area)
    anchor = chart.anchor._from
    assert min_col <= anchor.col + 1 and anchor.row + 1 >= min_row
    # the chart's right edge: its width against the columns' (a width of w characters is w x 7 + 5 pixels)
    px = sum((methods.column_dimensions[get_column_letter(c)].width or 8.43) * 7 + 5
             for c in range(anchor.col + 1, max_col + 1))
    assert chart.width <= px / 96 * 2.54, (chart.width, px / 96 * 2.54)
    for c in L["chart_cols"]:
        assert methods.column_dimensions[c].hidden or any(
            d.hidden and d.min <= column_index_from_string(c) <= d.max for d in methods.column_dimensions.values()), c
    assert chart.visible_cells_only is False
    assert chart.scatterStyle == "lineMarker"
    lines = [(s.graphicalProperties.line.solidFill.srgbClr, s.graphicalProperties.line.prstDash)
             for s in chart.series]
    assert len(lines) == len(METHODS_SHEET) == len({c for c, _ in lines}) == len({d for _, d in lines})
    assert (chart.y_axis.scaling.min, chart.y_axis.scaling.max) == (0, 100)
    # the Help text's column holds its longest line in a proportional font (the tables to its right cut it)
    help_ws = wb["Help"]
    longest = max(len(str(c.value)) for c in help_ws["I"] if c.value)
    assert help_ws.column_dimensions["I"].width >= 1.2 * longest
    setup = wb["Setup"]
    hidden = {key for key, _, _ in SETUP_ROWS if setup.row_dimensions[setup_row(key)].hidden}
    assert hidden == {"method_index", "rounding_index", "rule_index", "unit", "full_boards", "scale_index", "scale_unit",
                      "centred", "fixed_top", "totals_rounding_index", "totals_unit", "pct_unit", "line_pct_unit",
                      "totals_method_index"}
    assert methods.row_dimensions[int(L["scale_unit"][1:])].hidden  # the Methods sheet's scale unit and centring


@pytest.mark.parametrize("field, block_rows", [("section", 4), ("event", 2)])
def test_template_with_sections(tmp_path, field, block_rows):
    """`mpxl template --sections 2`: every line, pair and per-board row carries its section; across the
    field the per-board block has one row per board (the sections' results are matchpointed together)."""
    out = tmp_path / "two.xlsx"
    assert main(["template", "-o", str(out), "--tables", "3", "--boards", "2", "--sections", "2", "--field", field]) == 0
    wb = load_workbook(out)
    trav, pairs, c = wb["Travellers"], wb["Pairs"], TRAVELLER_COLUMNS
    assert [trav[f"{c['section']}{r}"].value for r in range(FIRST_ROW, FIRST_ROW + 12)] == ["A"] * 6 + ["B"] * 6
    assert [(pairs[f"A{r}"].value, pairs[f"B{r}"].value, pairs[f"D{r}"].value) for r in (5, 8, 11, 14)] == \
        [(1, "NS", "A"), (1, "EW", "A"), (1, "NS", "B"), (1, "EW", "B")]
    board = [trav[f"{c['b_board']}{r}"].value for r in range(FIRST_ROW, FIRST_ROW + 5)]
    assert board == [1, 2, 1, 2, None][:block_rows] + [None] * (5 - block_rows)
    assert wb["Setup"]["B17"].value == field and wb.defined_names["FieldScoring"].attr_text == "Setup!$B$17"
    assert main(["template", "-o", str(tmp_path / "x.xlsx"), "--sections", "0"]) == 2


def test_pairs_columns_in_the_docs():
    """docs/template.md has the Pairs columns' notes verbatim (the header notes' one source)."""
    from mpxl.workbook.helptext import pairs_markdown

    assert pairs_markdown() in (ROOT / "docs" / "template.md").read_text(encoding="utf-8")


def _masters(path: Path) -> dict[str, list[str]]:
    """Each sheet's shared formulas written with their text more than once (the index -> its cells)."""
    out = {}
    with zipfile.ZipFile(path) as z:
        for name in z.namelist():
            if name.startswith("xl/worksheets/sheet"):
                found: dict[str, list[str]] = {}
                for ref, si in re.findall(r'<c r="([A-Z]+\d+)"[^>]*><f t="shared" ref="[^"]*" si="(\d+)">',
                                          z.read(name).decode()):
                    found.setdefault(si, []).append(ref)
                out.update({f"{name} si={si}": refs for si, refs in found.items() if len(refs) > 1})
    return out


def test_each_shared_formula_has_one_master(tmp_path):
    """A shared formula is written once, in its first cell, and every other cell of it names only its index. The
    writer once wrote a block's first-row text again on each row where ANOTHER block began (Compscore3's Howell:
    11 formulas of Travellers, e.g. AB11 holding AB5's ``IF(Y5=""...``): openpyxl reads the index and moves the
    first formula, but a program that reads the text there calculates row 11 from row 5's cells."""
    from tests.shared import REALDATA

    real = REALDATA / "compscore3-2022-07-27-howell-a5050.xml"
    books = [COMMITTED / "club-pairs.xlsx", COMMITTED / "neuberg-teaching.xlsx"]
    if real.exists():
        assert main(["score", str(real), "-o", str(tmp_path / "cs3.xlsx")]) == 0
        books.append(tmp_path / "cs3.xlsx")
    for book in books:
        assert _masters(book) == {}, book.name
