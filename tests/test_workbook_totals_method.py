"""Setup's Totals method live in the sheet (issue 50: a program that adds a short board to the pairs' totals apart
from its published lines): ``plain`` (the board's plain matchpoints on its own smaller top, the top its pairs' Max
counts) and each method (the board estimated to N by it), under Estimate at lines and totals, beside what else
changes with a board's top: the wbf Ave+/Ave- policy, a line's penalty as a percentage of top, the small-group rule
of a fouled board, the exact totals, the signed and single scales, a mixed line (its result in both fields, or under
Mixed line own in its own side's only, the other side's field one result short).

The events are tests/test_workbook_estimate_totals.py's (a short board beside full ones), each a CSV scored by
``mpxl score --no-infer OPTIONS -o x.xlsx``. Every workbook is recalculated by LibreOffice both ways the suite
recalculates: loaded and saved as headless convert does (the ``lo`` fixture, one request), and opened through UNO
and recalculated hard twice (``calculateAll()``, threads on, as Ctrl+Shift+F9); each must equal the core on every
line, every pair (MP, Max, %, place) and the ranking, and show no ``?`` nor an error. Read back, the workbook scores
as the CSV it was written from (the Setup's Totals method read back).
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from mpxl.core.options import ScoringOptions
from mpxl.core.session import score_event
from mpxl.formats import read_event
from mpxl.workbook.places import SETUP_ROW
from mpxl.workbook.template import FIRST_ROW, TRAVELLER_COLUMNS

sys.path.insert(0, str(Path(__file__).parent))
from recalc import (  # noqa: E402
    check_workbook_event,
    error_cells,
    libreoffice_loaded_and_full_recalc,
    scored_and_read_back,
    scored_csv_workbooks,
)
from shared import sheet_values  # noqa: E402
from test_workbook_estimate_totals import (  # noqa: E402
    FOULED,
    HEAD,
    PCT_PENALTIES,
    PLAIN,
    WBF_TOTALS,
    WBF_TOTALS_PENALTIES,
    board,
)

C = TRAVELLER_COLUMNS

WBF = ["--ave-policy", "wbf", "--rounding", "half-up:2"]
AT_TOTALS = ["--estimate-at", "totals"]
#: A mixed line on a short board (tests/test_workbook_rulings.py's 'own short board'): under Mixed line own the
#: other side's field is one result short, and what the totals add reads that field's n.
MIXED_SHORT = board(1, ["-150|-50", "420|A-", 450, 400]) + PLAIN
#: A mixed line under the wbf policy, on a short board and a full one (tests/test_workbook_estimate_totals.py's).
MIXED_WBF = board(1, [420, "A+|-500", 400, 450]) + board(4, [100, "A+", 300, "50|A-"]) + PLAIN


def tm(method: str) -> list[str]:
    return ["--totals-method", method]


#: Each event: (the CSV's rows, mpxl score's options).
EVENTS = {
    "wbf plain": (WBF_TOTALS, [*WBF, *tm("plain")]),
    "wbf manual": (WBF_TOTALS, [*WBF, *tm("manual")]),
    "wbf totals plain": (WBF_TOTALS, [*WBF, *AT_TOTALS, *tm("plain")]),
    "wbf totals manual": (WBF_TOTALS, [*WBF, *AT_TOTALS, *tm("manual")]),
    "wbf penalties plain": (WBF_TOTALS_PENALTIES, [*WBF, *tm("plain")]),
    "wbf penalties factor": (WBF_TOTALS_PENALTIES, [*WBF, *tm("factor")]),
    "wbf penalties exact mckinnon": (WBF_TOTALS_PENALTIES, [
        "--ave-policy", "wbf", "--rounding", "half-up:1", "--rounding-totals", "half-up:2", "--totals-from", "exact",
        *tm("mckinnon")]),
    "wbf penalties exact totals plain": (WBF_TOTALS_PENALTIES, [
        "--ave-policy", "wbf", "--rounding", "half-up:1", "--rounding-totals", "half-up:2", "--totals-from", "exact",
        *AT_TOTALS, *tm("plain")]),
    "wbf penalties signed ascherman": (WBF_TOTALS_PENALTIES, [*WBF, "--scale", "signed", *tm("ascherman")]),
    "wbf penalties signed plain": (WBF_TOTALS_PENALTIES, [*WBF, "--scale", "signed", *tm("plain")]),
    "pct penalties plain": (PCT_PENALTIES, ["--rounding", "half-up:2", *tm("plain")]),
    "pct penalties factor totals neuberg": (PCT_PENALTIES, ["--method", "factor", "--rounding", "half-up:2",
                                                            *AT_TOTALS, *tm("neuberg")]),
    "pct penalties single ascherman-short": (PCT_PENALTIES, [
        "--scale", "1", "--method", "mckinnon", "--rounding", "ebu", "--rounding-totals", "half-up:2",
        *tm("ascherman-short")]),
    **{f"fouled {rule} {method}": (FOULED, ["--small-groups", rule, "--rounding", "half-up:2", *tm(method)])
       for rule, method in (("ebu", "plain"), ("ebu", "manual"), ("qba", "plain"), ("wbf", "neuberg"))},
    "fouled ebu totals plain": (FOULED, ["--small-groups", "ebu", "--rounding", "half-up:2", *AT_TOTALS,
                                         *tm("plain")]),
    "mixed wbf plain": (MIXED_WBF, [*WBF, *tm("plain")]),
    "mixed wbf manual": (MIXED_WBF, [*WBF, *tm("manual")]),
    "mixed own short plain": (MIXED_SHORT, ["--mixed-line", "own", *tm("plain")]),
    "mixed own short manual": (MIXED_SHORT, ["--mixed-line", "own", *tm("manual")]),
    # as-lines under estimate-at totals: the full figures read the side's field's n too
    "mixed own short totals": (MIXED_SHORT, ["--mixed-line", "own", *AT_TOTALS, *tm("as-lines")]),
    "mixed own short signed manual": (MIXED_SHORT, ["--mixed-line", "own", "--scale", "signed", "--rounding",
                                                    "half-up:1", *tm("manual")]),
    # under own-tops no board is short (each worth its real results): Totals method changes nothing
    "own tops manual": (WBF_TOTALS_PENALTIES, [*WBF, "--estimate-at", "own-tops", *tm("manual")]),
}


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    return scored_csv_workbooks(tmp_path_factory.mktemp("totals-method"), EVENTS, HEAD)


@pytest.fixture(scope="module")
def both(built):
    """Every workbook opened once through UNO: name -> (its values as loaded, as headless convert gives them; its
    values after two hard recalculations; their seconds)."""
    names = list(built)
    return dict(zip(names, libreoffice_loaded_and_full_recalc([built[n][0] for n in names], rounds=2)))


@pytest.fixture(scope="module")
def lo(both):
    """name -> the workbook's values as loaded (one load with :func:`hard`'s)."""
    return {name: first for name, (first, _, _) in both.items()}


@pytest.fixture(scope="module")
def hard(both):
    """name -> (the values after two hard recalculations, their seconds)."""
    return {name: (values, seconds) for name, (_, values, seconds) in both.items()}


def _check(values, result) -> None:
    check_workbook_event(values, result)
    shown = [k for k, v in values.data.items() if v == "?"]
    assert not shown, shown[:5]
    errors = error_cells(values)
    assert not errors, errors[:5]
    for i in range(len(result.boards)):
        assert values["Travellers", f"{C['b_status']}{FIRST_ROW + i}"].startswith("ok")


@pytest.mark.parametrize("name", list(EVENTS))
def test_each_event_is_live_and_recalculates_to_mpxl_score(built, lo, name):
    """Written with live formulas, its Setup holding the Totals method; loaded and recalculated by LibreOffice (as
    headless convert does): every line, pair and the ranking equal the core's."""
    path, result = built[name]
    assert str(sheet_values(path, "Travellers").get(f"{C['ns_mp']}{FIRST_ROW}")).startswith("="), "written as values"
    assert sheet_values(path, "Setup")[f"B{SETUP_ROW.totals_method}"] == result.options.totals_method.value
    _check(lo[name], result)


@pytest.mark.parametrize("name", list(EVENTS))
def test_two_hard_recalculations_give_the_figures_of_mpxl_score(hard, built, name):
    values, seconds = hard[name]
    assert len(seconds) == 2
    _check(values, built[name][1])


@pytest.mark.parametrize("name", list(EVENTS))
def test_the_workbook_reads_back_to_the_same_figures(built, capsys, name):
    """`mpxl score x.xlsx` reads the Setup's Totals method back: the same lines, pairs and settings as the CSV."""
    direct, back = scored_and_read_back(built[name][0], EVENTS[name][1], capsys)
    assert back["boards"] == direct["boards"] and back["pairs"] == direct["pairs"]
    assert back["settings"]["totals_method"] == direct["settings"]["totals_method"] == EVENTS[name][1][-1]


@pytest.mark.parametrize("rows, options, reason", [
    # the percent scale: a short board's totals figures would need factoring to the fixed top
    (WBF_TOTALS, {"scale": "percent", "totals_method": "plain"}, "the percent scale with totals-method plain"),
    (WBF_TOTALS, {"scale": "percent", "totals_method": "manual"}, "the percent scale with totals-method manual"),
    # a mixed line own on a fouled board: Set % (full) reads the group's size, not the side's field's
    (board(1, [420, "420|A+", 400, 450, "A40|-50", 430], groups="AAABBB") + board(2, [110, 140, -50]),
     {"mixed_line": "own", "totals_method": "manual"}, "(mixed-line own), under totals-method manual"),
])
def test_what_the_sheet_cannot_hold_is_written_as_values_with_the_reason(tmp_path, rows, options, reason):
    from mpxl.workbook.event_writer import unsupported

    src = tmp_path / "event.csv"
    src.write_text(HEAD + rows)
    result = score_event(read_event(src), ScoringOptions.parse(**options))
    assert reason in (unsupported(result) or "")


@pytest.mark.parametrize("method", ["as-lines", "plain", "neuberg", "manual"])
def test_the_setup_s_totals_method_is_what_the_reader_reads(method):
    """The Setup's word read back (mpxl.workbook.reader.setup_options), as the command line's would be."""
    from mpxl.workbook.reader import setup_options

    got = setup_options({"totals_method": method}, "x.xlsx")
    assert ScoringOptions.make(**got).totals_method == ScoringOptions.parse(totals_method=method).totals_method
