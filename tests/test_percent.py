"""The percentage scale, a sit-out's set credit and the rounding order (issue 34 §2-4), each rule on
figures hand-copied from the JFR Pary 4.1 file (../shared/realdata/pending/, its pages as published:
every line the board's percentage, top 100, 2 decimals; pair 24 absent, its opponents credited 60.00)
and, for the rounding order, on a board worked by hand."""

from __future__ import annotations

import json
from fractions import Fraction

import pytest
from shared import PENDING

from mpxl.cli import main
from mpxl.core.event import Event, Line
from mpxl.core.options import ScoringOptions
from mpxl.core.rounding import Rounding
from mpxl.core.session import score_event
from mpxl.core.settings import RoundingOrder, Scale, Unplayed
from mpxl.formats import read_event

JFR = PENDING / "jfrpary-2013-08-08-percent-barometer.xml"

#: (NS, EW, NS score, NS %, EW %) as JFR Pary published them.
#: Board 1: 11 plain results, each figure its double matchpoints over 2 x (11 - 1) = 20, as a percentage.
BOARD_1 = [
    (1, 2, -50, "10.00", "90.00"), (3, 4, -50, "10.00", "90.00"), (5, 6, 170, "70.00", "30.00"),
    (7, 8, 50, "35.00", "65.00"), (9, 10, -50, "10.00", "90.00"), (11, 12, 420, "90.00", "10.00"),
    (13, 14, 50, "35.00", "65.00"), (15, 16, 300, "80.00", "20.00"), (17, 18, 140, "55.00", "45.00"),
    (19, 20, 140, "55.00", "45.00"), (21, 22, 590, "100.00", "0.00"),
]
#: Board 7: a director's weighted score (67% of +170, 33% of +140) that the other lines count as weighted.
BOARD_7 = [
    (2, 21, 170, "76.65", "23.35"), (11, 8, 140, "31.65", "68.35"), (13, 4, -100, "5.00", "95.00"),
    (5, 20, 140, "31.65", "68.35"), (23, 15, 170, "76.65", "23.35"), (18, 10, -100, "5.00", "95.00"),
    (16, 6, 140, "31.65", "68.35"), (19, 3, 170, "76.65", "23.35"), (14, 7, 170, "76.65", "23.35"),
    (12, 22, 170, "76.65", "23.35"), (9, 17, "67% 170 + 33% 140", "61.80", "38.20"),
]
#: Board 8: a director's 60/60 and 10 results Neuberg'd to 11, in percentages (99.50 / 0.50 and 44.50 / 55.50).
BOARD_8 = [
    (2, 21, 0, "44.50", "55.50"), (11, 8, 0, "44.50", "55.50"), (13, 4, 0, "44.50", "55.50"),
    (5, 20, 100, "99.50", "0.50"), (23, 15, 0, "44.50", "55.50"), (18, 10, 0, "44.50", "55.50"),
    (16, 6, 0, "44.50", "55.50"), (19, 3, 0, "44.50", "55.50"), (14, 7, 0, "44.50", "55.50"),
    (12, 22, 0, "44.50", "55.50"), (9, 17, "A6060", "60.00", "60.00"),
]

PERCENT = ScoringOptions(scale=Scale.PERCENT, rounding=Rounding.parse(2))


@pytest.mark.parametrize("rows", [BOARD_1, BOARD_7, BOARD_8], ids=["plain", "weighted", "artificial-neuberg"])
def test_each_line_is_the_board_s_percentage_as_jfr_published(rows):
    event = Event(lines=[Line(1, str(ns), str(ew), score=score) for ns, ew, score, _, _ in rows])
    board = score_event(event, PERCENT).boards[0]
    assert board.top == 100
    got = [(sl.ns_mp, sl.ew_mp) for sl in board.lines]
    assert got == [(Fraction(ns), Fraction(ew)) for _, _, _, ns, ew in rows]


#: (pair, boards it played, its result as published): the pairs meeting the absent pair 24 played 24 of
#: the 27 boards and are credited 60.00 on the other three (the file's opening comment lists them), so
#: their mean is over 27 (pair 1: its 24 figures and 3 x 60 over 27 is 36.67; over its 24 alone, 33.75).
PAIRS = [("1", 24, "36.67"), ("23", 24, "55.78"), ("10", 24, "44.46"), ("3", 24, "46.99"), ("13", 27, "61.83")]


@pytest.fixture(scope="module")
def jfr():
    if not JFR.exists():
        pytest.skip("real data files not present")
    return read_event(JFR)


@pytest.mark.parametrize("pair, boards, published", PAIRS)
def test_a_sit_out_s_credit_of_60_is_counted_in_the_pair_s_mean(jfr, pair, boards, published):
    result = score_event(jfr, ScoringOptions(scale=Scale.PERCENT, unplayed=Unplayed.AVE_PLUS,
                                             rounding=Rounding.parse(2)))
    pr = next(p for p in result.pairs if p.pair.number == pair)
    assert pr.boards == boards and pr.max == 2700 and round(pr.percentage, 2) == Fraction(published)
    # the figures it played plus 60.00 for each board short of 27
    played = sum((sl.ns_mp if sl.line.ns_pair == pair else sl.ew_mp) for b in result.boards for sl in b.lines
                 if pair in (sl.line.ns_pair, sl.line.ew_pair))
    assert pr.mp == played + 60 * (27 - boards)


def test_the_jfr_file_checks_clean_with_no_option_naming_the_scale_and_credit(capsys):
    if not JFR.exists():
        pytest.skip("real data files not present")
    assert main(["check", str(JFR), "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["settings_found"] is True
    settings = report["scoring"]["settings"]
    assert settings["scale"] == "percent" and settings["unplayed"] == "ave-plus"


#: Rounding order, worked by hand on the percentage scale. Board 2 has 8 of 9 results (N = 9, the double
#: top 16): Neuberg makes S = 2 worth (2 + 1) x 9/8 - 1 = 2.375 of 16. Figure first: 2.375 x 100/16 =
#: 14.84375, 14.84; matchpoints first: 2.38, then 14.875, 14.88 (half up). Its top 16 - 2.375 = 13.625 =
#: 85.15625%, 85.16; matchpoints first 13.63, 85.1875, 85.19.
ORDERS = [(RoundingOrder.FIGURE, "14.84", "85.16"), (RoundingOrder.MATCHPOINTS_FIRST, "14.88", "85.19")]


def _short_board() -> Event:
    full = [Line(1, str(p), str(p + 10), score=10 * p) for p in range(1, 10)]
    short = [Line(2, str(p), str(p + 10), score=10 * p) for p in range(1, 9)]  # scores 10..80: 20 beats one
    return Event(lines=full + short)


@pytest.mark.parametrize("order, ns, ew", ORDERS, ids=[o.value for o, _, _ in ORDERS])
def test_the_rounding_order_rounds_the_matchpoints_first_or_the_percentage(order, ns, ew):
    result = score_event(_short_board(), ScoringOptions(scale=Scale.PERCENT, rounding=Rounding.parse(2),
                                                        rounding_order=order, expected=9))
    board = next(b for b in result.boards if b.board == 2)
    line = next(sl for sl in board.lines if sl.line.ns_pair == "2")
    assert (line.ns_mp, line.ew_mp) == (Fraction(ns), Fraction(ew))


@pytest.mark.parametrize("order", list(RoundingOrder))
def test_the_rounding_order_is_read_from_the_figures(tmp_path, order, capsys):
    """A file written under each order checks clean with no option, the order found from its figures."""
    path = tmp_path / "short.xml"
    from mpxl.formats import write_event

    write_event(score_event(_short_board(), ScoringOptions(scale=Scale.PERCENT, rounding=Rounding.parse(2),
                                                           rounding_order=order, expected=9)), str(path))
    assert main(["check", str(path), "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["settings_found"] is True
    settings = report["scoring"]["settings"]
    assert settings["scale"] == "percent" and settings["rounding_order"] == order.value
