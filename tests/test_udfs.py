"""The Excel functions, called through xlwings' own registration and conversion layer.

``xlwings.server.custom_functions_meta`` gives what Excel receives at registration;
``custom_functions_call`` converts the arguments exactly as for Office.js and calls
the function. Expected values come from the seeds (see test_methods / test_board)
or from the pure core, which the other test files check against the seeds.
"""

from __future__ import annotations

import asyncio
import datetime as dt
import inspect
import os

os.environ.setdefault("XLWINGS_ON_SERVER", "true")
os.environ.setdefault("XLWINGS_LICENSE_KEY", "noncommercial")

import pytest  # noqa: E402
import xlwings.server as xs  # noqa: E402

import mpxl.udfs as udfs  # noqa: E402
from mpxl.core.board import score_board  # noqa: E402
from mpxl.core.methods import Method  # noqa: E402
from mpxl.core.rounding import Rounding  # noqa: E402

SLIDES_BOARD_4 = [-130, -660, -120, 200, -600, 100, 100, 140, -150]  # 003_*, board 4, all vul
AVG_AVG = [-130, -660, -120, 200, -600, "AVE", 100, 140, -150]  # table 6 Avg/Avg


def cells(value):
    """An argument as Office.js sends it: a 2-D list."""
    if isinstance(value, list):
        return [v if isinstance(v, list) else [v] for v in value]
    return [[value]]


def call(name, *args):
    payload = {
        "client": "Office.js",
        "func_name": name,
        "args": [cells(a) for a in args],
        "caller_address": "Sheet1!A1",
        "culture_info_name": "en-US",
        "date_format": "M/d/yyyy",
        "version": "0.37.8",
        "runtime": "1.4",
    }
    result = xs.custom_functions_call(payload, udfs)
    return asyncio.run(result) if inspect.iscoroutine(result) else result


def column(result):
    return [row[0] for row in result]


FUNCTIONS = {
    "MATCHPOINTS": ["scores", "expected", "method", "scale", "side", "rounding"],
    "BOARDMP": ["scores", "groups", "flags", "expected", "method", "scale", "side", "penalties", "small_groups", "rounding"],
    "ADJUSTED": ["code", "expected", "scale", "side"],
    "NEUBERG": ["mp", "expected", "actual", "scale"],
    "FACTOR": ["mp", "expected", "actual", "scale"],
    "ASCHERMAN": ["mp", "expected", "actual", "scale"],
    "MCKINNON": ["mp", "expected", "actual", "scale"],
    "MANUAL": ["mp", "expected", "actual", "scale"],
    "ESTIMATE": ["mp", "expected", "actual", "method", "scale"],
    "KVALUE": ["method", "expected", "actual"],
    "TOP": ["results", "scale"],
    "CHECKTOTAL": ["results", "scale"],
    "BRIDGESCORE": ["contract", "declarer", "tricks", "vulnerability"],
    "VULNERABILITY": ["board"],
    "DEALER": ["board"],
}


def test_registration_lists_every_function_with_its_parameters_and_help():
    meta = {f["name"]: f for f in xs.custom_functions_meta(udfs)["functions"]}
    assert set(meta) == set(FUNCTIONS)
    for name, params in FUNCTIONS.items():
        assert [p["name"] for p in meta[name]["parameters"]] == params, name
        assert meta[name]["description"], name
        for p in meta[name]["parameters"]:
            assert p["description"] and not p["description"].startswith("Positional argument"), (name, p)


@pytest.mark.parametrize("name", sorted(FUNCTIONS))
def test_the_excel_functions_carry_no_annotation_xlwings_would_convert_by(name):
    """xlwings takes an ``@xw.func`` function's annotations as its converters (``convert``): the functions
    are typed by type comments only, so every parameter and the result are converted as without types."""
    fn = getattr(udfs, name)
    assert fn.__annotations__ == {}, name
    assert all(a["options"].get("convert") is None for a in fn.__xlfunc__["args"]), name
    assert "convert" not in fn.__xlfunc__["ret"]["options"], name


@pytest.mark.parametrize(
    "args, expected",
    [
        # slides, board 4: plain double matchpointing
        ((SLIDES_BOARD_4,), [6, 0, 8, 16, 2, 11, 11, 14, 4]),
        ((SLIDES_BOARD_4, None, None, None, "EW"), [10, 16, 8, 0, 14, 5, 5, 2, 12]),
        ((SLIDES_BOARD_4, None, None, 1), [3, 0, 4, 8, 1, 5.5, 5.5, 7, 2]),
        # slides' Avg/Avg Neuberg screen, 2 decimals
        ((AVG_AVG, None, None, None, None, 2), [6.88, 0.13, 9.13, 15.88, 2.38, 8, 11.38, 13.63, 4.63]),
        ((AVG_AVG, None, None, None, "EW", 2), [9.13, 15.88, 6.88, 0.13, 13.63, 8, 4.63, 2.38, 11.38]),
        # slides' 60/40 at table 6: 9.6 / 6.4 (the other lines Neuberg'd as for Avg/Avg)
        (([-130, -660, -120, 200, -600, "60/40", 100, 140, -150], None, None, None, None, 2),
         [6.88, 0.13, 9.13, 15.88, 2.38, 9.6, 11.38, 13.63, 4.63]),
        # De Wael: 60/60 at one of 10 tables
        (([110, 80, -90, -100, 110, 0, 90, -90, 80, "A+/A+"], None, None, None, None, 2),
         [16.78, 10.11, 3.44, 0.11, 16.78, 6.78, 13.44, 3.44, 10.11, 10.8]),
    ],
)
def test_matchpoints_through_xlwings(args, expected):
    assert column(call("MATCHPOINTS", *args)) == pytest.approx(expected)


def test_matchpoints_blank_rows_stay_blank_and_are_not_results():
    scores = [-130, None, -120, 200, "", 100, 100, 140, -150]
    got = column(call("MATCHPOINTS", scores, 9))
    core = score_board([None if s == "" else s for s in scores], expected=9)
    assert got[1] == "" and got[4] == ""
    assert [g for g in got if g != ""] == pytest.approx([float(x) for x in core.ns_mp if x is not None])


def test_matchpoints_both_sides_as_two_columns():
    got = call("MATCHPOINTS", SLIDES_BOARD_4, None, None, None, "both")
    assert got == [[6, 10], [0, 16], [8, 8], [16, 0], [2, 14], [11, 5], [11, 5], [14, 2], [4, 12]]


def test_matchpoints_row_in_row_out():
    got = call("MATCHPOINTS", [SLIDES_BOARD_4])
    assert got == [[6, 0, 8, 16, 2, 11, 11, 14, 4]]


@pytest.mark.parametrize("method", ["neuberg", "factor", "ascherman", "mckinnon", "manual"])
def test_matchpoints_equals_the_core_for_every_method(method):
    scores = [420, 400, 300, None, 100, -50, -100, -150, 200]
    got = column(call("MATCHPOINTS", scores, 10, method))
    core = score_board(scores, expected=10, method=Method.find(method))
    assert [g for g in got if g != ""] == pytest.approx([float(x) for x in core.ns_mp if x is not None])


def test_boardmp_fouled_board_by_the_slides_manual_way():
    scores = [-130, -660, -120, -200, 600, -100, -100, 140, -150]
    groups = list("AAABBBBAA")
    got = column(call("BOARDMP", scores, groups, None, None, "manual", None, None, None, "none"))
    assert got == [8, 4, 10, 5, 11, 8, 8, 12, 6]


def test_boardmp_arrowswitch_at_table_6():
    flags = [None] * 5 + ["AS"] + [None] * 3
    got = call("BOARDMP", SLIDES_BOARD_4, None, flags, None, None, None, "both")
    assert got[5] == [5, 11]
    assert got[0] == [6, 10]


def test_boardmp_split_score_at_table_6():
    scores = [-130, -660, -120, 200, -600, "-150|-50", 100, 140, -150]
    ns = column(call("BOARDMP", scores))
    ew = column(call("BOARDMP", scores, None, None, None, None, None, "EW"))
    assert ns == [8, 0, 10, 16, 2, 5, 12, 14, 5]
    assert ew == [10, 16, 8, 0, 14, 6, 4, 2, 12]


def test_boardmp_procedural_penalty_in_percent_of_top():
    penalties = [[None, None]] * 5 + [["25%", None]] + [[None, None]] * 3
    got = column(call("BOARDMP", SLIDES_BOARD_4, None, None, None, None, None, None, penalties))
    assert got[5] == 11 - 4


@pytest.mark.parametrize(
    "name, args, expected",
    [
        ("NEUBERG", (14, 9, 8), 15.875),  # slides: 15.88
        ("NEUBERG", (12, 12, 11), 13.181818),  # FAQ: 13.18 (59.9%)
        ("FACTOR", (14, 9, 8), 16),
        ("ASCHERMAN", (14, 9, 8), 15),
        ("MCKINNON", (12, 9, 7), 15.857143),  # McKinnon example 2: 15.86
        ("MANUAL", (12, 9, 7), 14),
        ("ESTIMATE", (12, 9, 7, "Neuberg"), 15.714286),  # example 2: 15.7
        ("KVALUE", ("neuberg", 9, 8), 1.125),
        ("KVALUE", ("ascherman", 9, 8), 2),
        ("KVALUE", ("mckinnon", 9, 7), 8 / 7),
        ("TOP", (9,), 16),
        ("TOP", (9, 1), 8),
        ("CHECKTOTAL", (9,), 72),
        ("ADJUSTED", ("A+", 9), 9.6),
        ("ADJUSTED", ("60/40", 9, 2, "EW"), 6.4),
        ("ADJUSTED", ("A5050", 8), 7),
        ("BRIDGESCORE", ("3NT", "E", 11, "All"), -660),  # slides board 4
        ("BRIDGESCORE", ("3NT", "W", 7, 4), 200),  # vulnerability from the board number
        ("BRIDGESCORE", ("4Sx", "N", "-4", "None"), -800),
        ("BRIDGESCORE", ("3NT", "N", 9, "4"), 600),  # the board number in a text cell: board 4 is All vulnerable
        ("BRIDGESCORE", ("3NT", "N", 9, " 7 "), 600),  # board 7: All
        ("BRIDGESCORE", ("3NT", "N", 9, "2"), 600),  # board 2: NS
        ("BRIDGESCORE", ("3NT", "N", 9, "0"), 400),  # "0" is a spelling of None vulnerable, not a board
        ("VULNERABILITY", (4,), "All"),
        ("DEALER", (4,), "W"),
    ],
)
def test_scalar_functions(name, args, expected):
    got = call(name, *args)
    assert got[0][0] == pytest.approx(expected, abs=1e-6)


def test_method_functions_map_a_range_keeping_blanks():
    got = call("NEUBERG", [[14, 0], [None, 7]], 9, 8)
    assert got == [[15.875, 0.125], ["", 8.0]]


@pytest.mark.parametrize(
    "name, args, message",
    [
        ("MATCHPOINTS", ([-130, "abc", 200],), "MATCHPOINTS: row 2: 'abc' is not a score"),
        ("MATCHPOINTS", ([1, 2], "x"), "MATCHPOINTS: expected 'x' is not a whole number"),
        ("MATCHPOINTS", ([1, 2], None, "average"), "MATCHPOINTS: 'average' is not a method"),
        ("MATCHPOINTS", ([1, 2], None, None, 3),
         "MATCHPOINTS: scale 3 is not a scale; expected 2 (double), 1 (single) or signed"),
        ("MATCHPOINTS", ([1, 2], None, None, None, "up"), "MATCHPOINTS: side 'up' is not a side; expected NS or EW"),
        ("MATCHPOINTS", ([1, "30% 420 + 60% 450"],), "weights add up to 90%"),
        ("BOARDMP", ([1, 2], ["A"]), "BOARDMP: groups has 1 cells for 2 scores"),
        ("BOARDMP", ([1, 2], None, ["AS", "maybe"]), "flags row 2: 'maybe' is not an arrowswitch mark"),
        ("NEUBERG", ("abc", 9, 8), "NEUBERG: mp 'abc' is not a number"),
        ("NEUBERG", ([[1, "x"]], 9, 8), "NEUBERG: mp row 1 column 2: 'x' is not a number"),
        ("NEUBERG", (20, 9, 8), "NEUBERG: mp 20 is outside 0..14"),
        ("NEUBERG", (4, 9, 0), "NEUBERG: actual 0 must be a whole number of results, at least 1"),
        ("ESTIMATE", (4, 9, 8, None), "ESTIMATE: method is missing"),
        ("KVALUE", ("best", 9, 8), "KVALUE: 'best' is not a method"),
        ("TOP", ("abc",), "TOP: results 'abc' is not a whole number"),
        ("TOP", ([[420], [400], [None]],), "TOP: results is a range of 3 cells; expected one number (a count of "
                                           "results: COUNT(range) gives it)"),
        ("NEUBERG", (4, [[9], [9]], 8), "NEUBERG: expected is a range of 2 cells; expected one number"),
        ("ADJUSTED", (420, 9), "ADJUSTED: 420 is not an artificial score"),
        # a blank code cell, a range for one code, a typed 60% (Excel's 0.6), a boolean: named as the cell shows them
        ("ADJUSTED", (None, 9), "ADJUSTED: code is missing; expected an artificial score: A60, A+, AVE-, 60/40"),
        ("ADJUSTED", ([["A+"], ["A-"]], 9), "ADJUSTED: code is a range of 2 cells; expected one artificial score"),
        ("ADJUSTED", (0.6, 9), "ADJUSTED: 0.6 is not an artificial score; expected A60, A+"),
        ("ADJUSTED", (True, 9), "ADJUSTED: TRUE is not an artificial score"),
        ("KVALUE", (None, 9, 8), "KVALUE: method is missing; expected neuberg, factor"),
        ("NEUBERG", (dt.datetime(2024, 1, 5), 9, 8), "NEUBERG: mp 2024-01-05 (a date) is not a number"),
        ("TOP", (dt.datetime(2024, 1, 5, 9, 30),), "TOP: results 2024-01-05 09:30 (a date) is not a whole number"),
        ("BRIDGESCORE", ("5Q", "N", 11, "None"), "BRIDGESCORE: contract '5Q'"),
        ("BRIDGESCORE", ("3NT", "N", 9, None), "BRIDGESCORE: vulnerability is missing"),
        ("DEALER", (0,), "DEALER: board 0 must be a whole number, at least 1"),
        # a board's count of results in the words of every count (rules.COUNT_RULES)
        ("TOP", (0,), "TOP: results 0 must be a whole number of results, at least 1"),
        ("CHECKTOTAL", (8.5,), "CHECKTOTAL: results 8.5 is not a whole number of results"),
        ("TOP", (None,), "TOP: results is missing; expected a whole number of results"),
        ("ADJUSTED", ("A+", 0), "ADJUSTED: expected 0 must be a whole number of results, at least 1"),
        ("MATCHPOINTS", ([420], 8.5), "MATCHPOINTS: expected 8.5 is not a whole number of results"),
    ],
)
def test_bad_input_answers_in_the_cell(name, args, message):
    got = call(name, *args)
    assert len(got) == 1 and len(got[0]) == 1
    assert isinstance(got[0][0], str) and message in got[0][0], got
    assert "Traceback" not in got[0][0]


def test_rounding_policies_reach_the_cells():
    ebu = column(call("MATCHPOINTS", AVG_AVG, None, None, None, None, "ebu"))
    assert ebu == [float(Rounding.parse("ebu").apply(x, 8)) for x in score_board(AVG_AVG).ns_mp]


# ------------------------------------------ error values and impossible counts

#: Error cells as Office.js hands them to xlwings (Excel's custom-function error objects).
NA = {"type": "Error", "errorType": "NotAvailable", "basicValue": "#N/A"}
DIV0 = {"type": "Error", "errorType": "Div0", "basicValue": "#DIV/0!"}
VALUE = {"type": "Error", "errorType": "Value", "basicValue": "#VALUE!"}

#: Good arguments for every function (each call gives a figure, not a message).
GOOD = {
    "MATCHPOINTS": ([-130, -660, 200], 3, "neuberg", 2, "NS", 2),
    "BOARDMP": ([-130, -660, 200], ["A", "A", "A"], [None, "AS", None], 3, "neuberg", 2, "NS",
                [[0, 0], [0, 0], [0, 0]], "wbf", 2),
    "ADJUSTED": ("A60", 9, 2, "NS"),
    **{m: (14, 9, 8, 2) for m in ("NEUBERG", "FACTOR", "ASCHERMAN", "MCKINNON", "MANUAL")},
    "ESTIMATE": (14, 9, 8, "neuberg", 2),
    "KVALUE": ("neuberg", 9, 8),
    "TOP": (9, 2),
    "CHECKTOTAL": (9, 2),
    "BRIDGESCORE": ("3NT", "N", 9, "None"),
    "VULNERABILITY": (4,),
    "DEALER": (4,),
}


def _with_error(value, error):
    """``value`` with its second cell (or itself) replaced by an error cell."""
    if isinstance(value, list):
        first = value[0]
        if isinstance(first, list):
            return [first, [error] * len(first), *value[2:]]
        return [first, error, *value[2:]]
    return error


def test_every_function_has_good_arguments_that_give_figures():
    assert set(GOOD) == set(FUNCTIONS)
    for name, args in GOOD.items():
        got = call(name, *args)
        assert not any(isinstance(v, str) and ":" in v for row in got for v in row), (name, got)


@pytest.mark.parametrize("error", [NA, DIV0, VALUE], ids=["NA", "DIV0", "VALUE"])
@pytest.mark.parametrize("name, param", [(n, p) for n, ps in FUNCTIONS.items() for p in ps])
def test_an_error_cell_in_any_argument_is_named_in_the_cell(name, param, error):
    """Office.js sends an error cell as an object; with err_to_str xlwings hands its text
    over, and the function names it: never a blank, never a figure."""
    args = list(GOOD[name])
    i = FUNCTIONS[name].index(param)
    args[i] = _with_error(args[i], error)
    got = call(name, *args)
    assert len(got) == 1 and len(got[0]) == 1, got
    text = got[0][0]
    if not isinstance(GOOD[name][i], list):
        where = param
    else:
        where = "row 2" if param in ("scores", "mp") else f"{param} row 2"
    assert text.startswith(f"{name}: ") and f"{where} is {error['basicValue']}" in text, text


def test_matchpoints_names_the_na_row_as_the_brief_shows():
    assert call("MATCHPOINTS", [-130, NA, 200, 100]) == [["MATCHPOINTS: row 2 is #N/A"]]


def test_without_err_to_str_xlwings_would_hand_a_blank():
    """The reason for err_to_str: xlwings' own Office.js conversion turns an error into None."""
    from xlwings.pro._xlofficejs import Engine

    assert Engine.clean_value_data([[NA]], None, None, None, False) == [[None]]
    assert Engine.clean_value_data([[NA]], None, None, None, True) == [["#N/A"]]
    for name in FUNCTIONS:
        for arg in getattr(udfs, name).__xlfunc__["args"]:
            assert arg["options"].get("err_to_str") is True, (name, arg["name"])


def _com_conversion():
    """xlwings' own COM-side cleaning (``_xlwindows``), taken from its source: the module
    itself imports pywin32 and cannot load here."""
    import ast
    import datetime as dt
    from pathlib import Path

    import xlwings

    tree = ast.parse((Path(xlwings.__file__).parent / "_xlwindows.py").read_text(encoding="utf-8"))
    wanted = [node for node in tree.body
              if (isinstance(node, ast.Assign) and any(getattr(t, "id", "") == "cell_errors" for t in node.targets))
              or (isinstance(node, ast.FunctionDef) and node.name == "_clean_value_data_element")]
    assert len(wanted) == 2
    namespace = {"time_types": (dt.date, dt.datetime), "_com_time_to_datetime": None}
    exec(compile(ast.Module(body=wanted, type_ignores=[]), "_xlwindows.py", "exec"), namespace)
    return namespace


def test_com_error_codes_reach_the_function_as_their_names():
    """On Windows, Excel passes #N/A to Python as the integer -2146826246."""
    com = _com_conversion()
    options = udfs.MATCHPOINTS.__xlfunc__["args"][0]["options"]
    cells = [[-130], [-2146826246], [200]]
    clean = [[com["_clean_value_data_element"](v, None, None, None, options["err_to_str"]) for v in row]
             for row in cells]
    assert clean == [[-130], ["#N/A"], [200]]
    assert udfs.MATCHPOINTS(clean) == "MATCHPOINTS: row 2 is #N/A"
    for code, text in com["cell_errors"].items():
        assert udfs.NEUBERG(com["_clean_value_data_element"](code, None, None, None, True), 9, 8) == f"NEUBERG: mp is {text}"


@pytest.mark.parametrize(
    "name, args, message",
    [
        ("MATCHPOINTS", ([420, 450, 400], 2), "MATCHPOINTS: 3 results are more than the 2 expected"),
        ("MATCHPOINTS", ([420, 400, -50], True), "MATCHPOINTS: expected TRUE is not a whole number of results"),
        ("MATCHPOINTS", ([420, 400, -50], 1), "MATCHPOINTS: 3 results are more than the 1 expected"),
        ("BOARDMP", ([420, "A60", -50], None, None, 2), "BOARDMP: 3 results are more than the 2 expected"),
        ("NEUBERG", (14, 8, 9), "NEUBERG: 9 results are more than the 8 expected"),
        ("MANUAL", (0, 2, 9), "MANUAL: 9 results are more than the 2 expected"),
        ("ESTIMATE", (3, 9, 2, "factor"), "ESTIMATE: mp 3 is outside 0..2, the top of 2 results on scale 2"),
        ("KVALUE", ("neuberg", 8, 9), "KVALUE: 9 results are more than the 8 expected"),
        # method none leaves the figure as it is, but not an impossible board's
        ("ESTIMATE", (14, 9, 10, "none"), "ESTIMATE: 10 results are more than the 9 expected"),
        ("ESTIMATE", (14, 9, 0, "none"), "ESTIMATE: actual 0 must be a whole number of results, at least 1"),
        ("ESTIMATE", (20, 9, 8, "none"), "ESTIMATE: mp 20 is outside 0..14, the top of 8 results on scale 2"),
        ("ESTIMATE", (8, 9, 8, "none", "signed"), "ESTIMATE: mp 8 is outside -7..7, the top of 8 results on scale signed"),
    ],
)
def test_impossible_counts_are_refused_in_the_cell(name, args, message):
    assert call(name, *args) == [[message]]


def test_array_results_spill_natively():
    """No legacy ``expand``: Excel 365/2021 spills the 2-D list itself."""
    for name in FUNCTIONS:
        assert "expand" not in getattr(udfs, name).__xlfunc__["ret"]["options"], name
    got = call("MATCHPOINTS", AVG_AVG, None, None, None, None, 2)
    assert column(got) == [6.88, 0.13, 9.13, 15.88, 2.38, 8.0, 11.38, 13.63, 4.63]


# ------------------------------------------------------------------------------- the signed scale

#: A board of 9 results (NS scores): signed, each result +1 per result it beats and -1 per result that beats it.
SIGNED_BOARD = [430, 430, 430, 400, -50, -50, -50, -50, -50]
SIGNED_FIGURES = [6, 6, 6, 2, -4, -4, -4, -4, -4]


@pytest.mark.parametrize("scale", ["signed", " Signed ", "MP1", "centred"])
def test_matchpoints_on_the_signed_scale(scale):
    """=MATCHPOINTS(range,,,"signed"): a top is +(E - 1), NS + EW = 0 on every line, the double figures less E - 1."""
    assert column(call("MATCHPOINTS", SIGNED_BOARD, None, None, scale)) == SIGNED_FIGURES
    both = call("MATCHPOINTS", SIGNED_BOARD, None, None, scale, "BOTH")
    assert [ns for ns, _ in both] == SIGNED_FIGURES and all(ns + ew == 0 for ns, ew in both)
    double = column(call("MATCHPOINTS", SIGNED_BOARD))
    assert [d - 8 for d in double] == SIGNED_FIGURES
    assert column(call("BOARDMP", SIGNED_BOARD, None, None, None, None, scale)) == SIGNED_FIGURES


@pytest.mark.parametrize("scale, top", [(2, 16), (1, 8), ("2", 16), ("1", 8), ("double", 16), ("single", 8),
                                        ("signed", 8), ("MP1", 8), (None, 16)])
def test_every_spelling_of_a_scale_is_taken(scale, top):
    assert call("TOP", 9, scale) == [[top]]


@pytest.mark.parametrize(
    "name, args, expected",
    [
        ("NEUBERG", (7, 9, 8, "signed"), 7.875),  # beats all 7 others: double (14 x 9 + 9 - 8)/8 = 15.875, less 8
        ("NEUBERG", (0, 9, 8, "signed"), 0.0),  # the ties at 650 (beat 1, tie 5): double 8.0
        ("NEUBERG", (-7, 9, 8, "signed"), -7.875),
        ("ESTIMATE", (7, 9, 8, "neuberg", "signed"), 7.875),
        ("ESTIMATE", (7, 9, 8, "none", "signed"), 7),
        ("FACTOR", (7, 9, 8, "signed"), 8),
        ("ASCHERMAN", (7, 9, 8, "signed"), 7),  # double 15
        ("MCKINNON", (7, 9, 8, "signed"), 8),
        ("MANUAL", (7, 9, 8, "signed"), 7),  # double 15
        ("ADJUSTED", ("A+", 9, "signed"), 1.6),  # (60 - 50) x 8 / 50
        ("ADJUSTED", ("A-", 9, "signed"), -1.6),
        ("ADJUSTED", ("AVE", 9, "signed"), 0),
        ("ADJUSTED", ("A+", 9, "signed", "EW"), -1.6),
        ("ADJUSTED", ("A+/A+", 9, "MP1", "EW"), 1.6),
        ("TOP", (9, "signed"), 8),
        ("CHECKTOTAL", (9, "signed"), 0),
    ],
)
def test_scalar_functions_on_the_signed_scale(name, args, expected):
    assert call(name, *args)[0][0] == pytest.approx(expected, abs=1e-9)


def test_method_functions_map_a_signed_range():
    assert call("NEUBERG", [[7, 0], [None, -7]], 9, 8, "signed") == [[7.875, 0.0], ["", -7.875]]


def test_neuberg_on_the_signed_scale_through_matchpoints():
    """A board of 8 results worth 9: the top beats all 7 others (+7.875, 7.9 at one decimal); the six
    ties at 650 beat 1 and tie 5 (0.0, double 8.0)."""
    scores = [700, 650, 650, 650, 650, 650, 650, 600]
    got = column(call("MATCHPOINTS", scores, 9, None, "signed"))
    assert got == [7.875, 0, 0, 0, 0, 0, 0, -7.875]
    assert column(call("MATCHPOINTS", scores, 9, None, "signed", None, 1))[0] == 7.9
    assert column(call("MATCHPOINTS", scores, 9))[1] == 8.0


def test_signed_rounding_is_applied_to_the_signed_figure():
    """-3.75 (N = 5, n = 4): half-up is half away from zero, -3.8; ebu takes a half towards the average, 0."""
    scores = [100, 200, 400, 300]
    assert column(call("MATCHPOINTS", scores, 5, None, "signed"))[0] == -3.75
    assert column(call("MATCHPOINTS", scores, 5, None, "signed", None, 1))[0] == -3.8
    assert column(call("MATCHPOINTS", scores, 5, None, "signed", None, "ebu"))[0] == -3.7
    assert column(call("MATCHPOINTS", scores, 5, None, "signed", None, "half-even:1"))[0] == -3.8


@pytest.mark.parametrize("scores, expected, scale, rounding, figures", [
    # a half at 1 decimal: ebu goes towards the board's average (signed 0, double 6, single 4), half-up away from 0
    ([50, 420, 110, -100], 5, "signed", "ebu", [-1.2, 3.7, 1.2, -3.7]),
    ([50, 420, 110, -100], 5, "signed", 1, [-1.3, 3.8, 1.3, -3.8]),
    ([420, -100, 100, -100], 7, 2, "ebu", [11.2, 2.5, 7.7, 2.5]),
    ([420, -100, 100, -100], 7, 2, 1, [11.3, 2.5, 7.8, 2.5]),
    ([100, 420, 420, 100, 50, 100], 9, 1, "ebu", [3.3, 7.0, 7.0, 3.3, 0.3, 3.3]),
    ([100, 420, 420, 100, 50, 100], 9, 1, None, [3.25, 7.0, 7.0, 3.25, 0.25, 3.25]),
])
def test_plain_scores_round_as_the_general_path_on_every_scale(scores, expected, scale, rounding, figures):
    """MATCHPOINTS on plain scores takes the integer path (``Rounding.apply_ratio``, the average as an exact
    numerator); BOARDMP with a groups column takes the general one: both give the same rounded figures."""
    fast = column(call("MATCHPOINTS", scores, expected, None, scale, None, rounding))
    general = column(call("BOARDMP", scores, [None] * len(scores), None, expected, None, scale, None, None, None,
                          rounding))
    assert fast == general == figures


@pytest.mark.parametrize("scores, groups, flags", [
    (SLIDES_BOARD_4, None, None),
    (AVG_AVG, None, None),
    ([-130, -660, -120, 200, -600, "60/40", 100, 140, "NP"], None, None),
    ([-130, -660, -120, -200, 600, -100, -100, 140, -150], list("AAABBBBAA"), None),
    (SLIDES_BOARD_4, None, [None] * 5 + ["AS"] + [None] * 3),
    ([-130, -660, -120, 200, -600, "30% 420 + 70% 450", 100, 140, -150], None, None),
])
def test_signed_boardmp_equals_the_core_session(scores, groups, flags):
    """BOARDMP on the signed scale gives the figures ``score_event`` gives with ScoringOptions(scale="signed"),
    line by line, and every figure is the double one less E - 1."""
    from mpxl.core.event import Event, Line
    from mpxl.core.options import ScoringOptions
    from mpxl.core.session import score_event
    from mpxl.core.settings import Scale

    lines = [Line(1, str(i + 1), str(i + 11), score=s, group=None if groups is None else groups[i],
                  arrowswitch=bool(flags and flags[i])) for i, s in enumerate(scores)]
    result = score_event(Event(lines=lines, winners={"": 2}), ScoringOptions(scale=Scale.SIGNED))
    core = [(sl.ns_mp, sl.ew_mp) for b in result.boards for sl in b.lines]
    got = call("BOARDMP", scores, groups, flags, None, None, "signed", "BOTH")
    assert len(got) == len(core)
    for (ns, ew), (a, b) in zip(got, core):
        assert (ns == "") == (a is None) and (ew == "") == (b is None)
        if a is not None:
            assert (ns, ew) == (pytest.approx(float(a), abs=1e-9), pytest.approx(float(b), abs=1e-9))
    double = call("BOARDMP", scores, groups, flags, None, None, None, "BOTH")
    E = len(scores)
    for (ns, ew), (dns, dew) in zip(got, double):
        if ns != "":
            assert ns == pytest.approx(dns - (E - 1)) and ew == pytest.approx(dew - (E - 1))


@pytest.mark.parametrize("name, args", [
    ("MATCHPOINTS", ([1, 2], None, None, "triple")),
    ("BOARDMP", ([1, 2], None, None, None, None, 1.5)),
    ("ADJUSTED", ("A+", 9, "x")),
    ("NEUBERG", (1, 9, 8, 0)),
    ("ESTIMATE", (1, 9, 8, "neuberg", True)),
    ("TOP", (9, -1)),
    ("CHECKTOTAL", (9, "MP3")),
])
def test_a_bad_scale_is_named_in_the_cell(name, args):
    got = call(name, *args)[0][0]
    assert isinstance(got, str) and got.startswith(f"{name}: scale ")
    assert "expected 2 (double), 1 (single) or signed" in got
    assert "Traceback" not in got


def test_the_scale_help_names_the_signed_scale():
    meta = {f["name"]: f for f in xs.custom_functions_meta(udfs)["functions"]}
    for name, params in FUNCTIONS.items():
        if "scale" in params:
            help_ = next(p for p in meta[name]["parameters"] if p["name"] == "scale")["description"]
            assert help_.startswith('2 = double (default), 1 = single, "signed" = +1 per result beaten'), name
