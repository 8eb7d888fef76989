"""Estimate at totals (Compscore's way: a short board's lines published plain on its own top, the pairs' totals
adding the board estimated to the full top) live in the sheet beside what else changes with a board's top: the wbf
Ave+/Ave- policy, a line's penalty as a percentage of top, the small-group rule of a fouled board; and a mixed line
(one side keeps its result, the other has an artificial score) on a fouled board or under the wbf policy.

Every workbook of this module is recalculated in ONE request to the worker's soffice (module fixture). Each event is a CSV scored by
``mpxl score --no-infer OPTIONS -o x.xlsx``; the recalculated workbook must equal the core on every line, every
pair and the ranking (``check_workbook_event``), and show no ``?``.
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from mpxl.workbook.template import FIRST_ROW, TRAVELLER_COLUMNS

sys.path.insert(0, str(Path(__file__).parent))
from recalc import check_workbook_event, scored_and_read_back, scored_csv_workbooks  # noqa: E402
from shared import sheet_values  # noqa: E402

C = TRAVELLER_COLUMNS

HEAD = "board,ns_pair,ew_pair,ns_score,group,arrowswitch,ns_penalty,ew_penalty\n"


def row(b, ns, ew, score, group="", switch="", ns_pen="", ew_pen=""):
    return f'{b},{ns},{ew},"{score}",{group},{switch},{ns_pen},{ew_pen}\n'


def board(b: int, scores, pairs=None, groups="", switches="") -> str:
    """One board: table i has NS pair i + 1 and EW pair 11 + i (or ``pairs``), the group ``groups[i]``, arrowswitched
    when ``switches[i]`` is Y."""
    out = []
    for i, s in enumerate(scores):
        ns, ew = pairs[i] if pairs else (i + 1, 11 + i)
        out.append(row(b, ns, ew, s, groups[i] if groups else "", switches[i] if switches else ""))
    return "".join(out)


#: tests/test_session.py's WBF_TOTALS: N = 4; boards 1, 2 full; board 3 short with NS 1's A+ v EW 13 (its own
#: 83.33%: 3.33 of 4 on the line, 5 of 6 in its total); board 4 short (NS 1's 420 plain 2 of 4, 3 of 6 in its total).
WBF_TOTALS = (board(1, [400, 300, 200, 100]) + board(2, [400, 300, 200, 100], [(1, 12), (2, 13), (3, 14), (4, 11)])
              + board(3, ["A+", 420, 400], [(1, 13), (2, 14), (3, 11)])
              + board(4, [420, 400, 450], [(1, 14), (2, 11), (3, 12)]))
#: The same with an A- (EW 12 on its Ave+ side: its own 0 + 2 ... ) and an arrowswitched A+ on a short board, and a
#: line's penalty on each kind: matchpoints, a percentage of top, on an artificial score.
WBF_TOTALS_PENALTIES = (board(1, [400, 300, 200, 100]) + board(2, [400, 300, 200, 100],
                                                              [(1, 12), (2, 13), (3, 14), (4, 11)])
                        + row(3, 1, 13, "A+", ns_pen="10%", ew_pen=1) + row(3, 2, 14, 420, ns_pen="25%")
                        + row(3, 3, 11, 400, ew_pen="0.5")
                        + row(4, 1, 14, 420) + row(4, 2, 11, "A-", switch="Y", ns_pen=1, ew_pen="10%")
                        + row(4, 3, 12, 450, ns_pen="5%"))
#: Percentages of top on the lines of a short board and a full one (no artificial score).
PCT_PENALTIES = (board(1, [420, 450, 400, 430, 440]) + row(2, 1, 12, 110, ns_pen="10%") + row(2, 2, 13, 140)
                 + row(2, 3, 14, -50, ew_pen="25%") + row(2, 4, 15, 90, ns_pen=1, ew_pen="12.5%")
                 + row(3, 1, 13, 100, ew_pen="20%") + row(3, 2, 14, 200) + row(3, 3, 15, 300, ns_pen="10%")
                 + row(3, 4, 11, 50) + row(3, 5, 12, 250))
#: Fouled short boards (N = 6 from board 1): board 2 has 5 lines in groups of 2, 2 and 1 (its lines on N = 5, its
#: totals on N = 6: the EBU rule, a third of the results, sets a group of 2's percentages in the totals only);
#: board 3 two lines, groups of 1 (on N = 2 the EBU rule sets none, on N = 6 both).
FOULED = (board(1, [420, 450, 400, 430, 440, 460]) + board(2, [110, 140, -50, 90, 120], groups="AABBC")
          + board(3, [200, -100], [(1, 13), (2, 14)], groups="AB") + board(4, [100, 200, 300, 400, 500, 600]))

TOTALS = ["--estimate-at", "totals", "--rounding", "half-up:2"]

#: Mixed lines (tests/test_workbook_rulings.py's rulings): on fouled boards (the line's result in its group, in both
#: fields; a small group's set percentages beside the artificial side's), and under the wbf policy (the artificial
#: side gets the policy's percentage; a pair's own percentage leaves it out: tests/test_session.py).
PLAIN = board(2, [110, 140, -50, 90, 120]) + board(3, [-100, 200, 200, 50, -620])
MIXED = {
    "mixed fouled": (board(1, [420, "420|A+", 400, 450], groups="AABB") + PLAIN, []),
    "mixed fouled ebu switched": (board(1, [420, 400, "A=|-50", -50, 400, 430], groups="AAABBB",
                                        switches="NNYNNN") + board(4, [420, "A-|-50", 400, 430, 450, 460],
                                                                   groups="AAAABB") + PLAIN,
                                  ["--small-groups", "ebu", "--rounding", "half-up:2"]),
    # NS 5 (7.75 + 0 + 0 of 24) has its Ave- on board 1 at 32.29%
    "mixed wbf": (board(1, [420, 400, 450, 430, "A-|420"]) + board(2, [110, "A+", -50, 90, 120])
                  + board(3, [-100, 200, 200, 50, -620]) + board(4, ["A+|-500", 200, "420|A-", 100, -600],
                                                                 switches="YNNNN"), ["--ave-policy", "wbf"]),
    "mixed wbf totals": (board(1, [420, "A+|-500", 400, 450]) + board(4, [100, "A+", 300, "50|A-"]) + PLAIN,
                         ["--ave-policy", "wbf", *TOTALS]),
}

#: Each event: (the CSV's rows, mpxl score's options).
EVENTS = {
    "wbf totals": (WBF_TOTALS, ["--ave-policy", "wbf", *TOTALS]),
    "wbf totals penalties": (WBF_TOTALS_PENALTIES, ["--ave-policy", "wbf", *TOTALS]),
    "wbf totals exact": (WBF_TOTALS_PENALTIES, ["--ave-policy", "wbf", "--estimate-at", "totals", "--rounding",
                                               "half-up:1", "--rounding-totals", "half-up:2", "--totals-from", "exact"]),
    "wbf totals signed": (WBF_TOTALS_PENALTIES, ["--ave-policy", "wbf", "--scale", "signed", *TOTALS]),
    "pct penalties totals": (PCT_PENALTIES, TOTALS),
    "pct penalties totals single": (PCT_PENALTIES, ["--scale", "1", "--method", "mckinnon", "--estimate-at", "totals",
                                                    "--rounding", "ebu", "--rounding-totals", "half-up:2"]),
    **{f"fouled totals {rule}": (FOULED, ["--small-groups", rule, *TOTALS]) for rule in ("wbf", "ebu", "qba", "none")},
    "own tops wbf": (WBF_TOTALS_PENALTIES, ["--ave-policy", "wbf", "--estimate-at", "own-tops", "--rounding",
                                            "half-up:2"]),
    **MIXED,
}


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    return scored_csv_workbooks(tmp_path_factory.mktemp("totals"), EVENTS, HEAD)



@pytest.mark.parametrize("name", list(EVENTS))
def test_each_event_is_live_and_recalculates_to_mpxl_score(built, lo, name):
    """Written with live formulas, recalculated by LibreOffice: every line, pair (MP, Max, %, place) and the ranking
    equal the core's, and no cell shows ?."""
    path, result = built[name]
    assert str(sheet_values(path, "Travellers").get(f"{C['ns_mp']}{FIRST_ROW}")).startswith("="), "written as values"
    values = lo[name]
    check_workbook_event(values, result)
    shown = [k for k, v in values.data.items() if v == "?"]
    assert not shown, shown[:5]
    for i in range(len(result.boards)):
        assert values["Travellers", f"{C['b_status']}{FIRST_ROW + i}"].startswith("ok")


@pytest.mark.parametrize("name", list(MIXED))
def test_a_mixed_line_is_written_live(built, name):
    """No longer a values workbook: ``unsupported`` has no reason for a mixed line on a fouled board or under the wbf
    policy."""
    from mpxl.workbook.event_writer import unsupported

    assert unsupported(built[name][1]) is None


@pytest.mark.parametrize("name", list(EVENTS))
def test_the_workbook_reads_back_to_the_same_figures(built, capsys, name):
    """`mpxl score x.xlsx` reads the Setup, the typed rulings, groups and penalties back: the same lines and pairs
    as the CSV it was written from."""
    direct, back = scored_and_read_back(built[name][0], EVENTS[name][1], capsys)
    assert back["boards"] == direct["boards"] and back["pairs"] == direct["pairs"]
