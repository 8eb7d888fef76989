"""A mixed line's real result (one side given an artificial score, the other scored on the table's result):
in both directions' fields (Ruter) or only in its own side's (a program of Dutch lineage), a convention named
from the figures (issue 34 §1, ``mixed_line``).

The issue's board 4 (sections A and B matchpointed together, 8 results, top 14, Neuberg to 1 decimal) as
published, section A's lines:

    NS EW score                               NS MP  EW MP
    1  2  80                                  7      6
    4  7  130                                 9.3    4
    5  3  -120                                2.4    10
    6  8  NS artificial 80%, EW on NS -620    11.2   14

Section B's four lines are not published; these are made so that section A's figures follow, derived by
hand from the own-side rule:

* EW's field holds all 8 results (-620 among them), N = 8, nothing estimated: EW 14 on -620 says it is
  the lowest; EW 6, 4, 10 on 80, 130, -120 say NS's double matchpoints there are 8, 10 and 4 among 8.
* NS's field holds 7 results (not -620), estimated to 8 by Neuberg, (S + 1) x 8/7 - 1: 7 is S = 6,
  9.3 is S = 8 (9 x 8/7 - 1 = 9.2857), 2.4 is S = 2 (3 x 8/7 - 1 = 2.4286). So among the 7, -120 has
  one result below it, 80 three, 130 four, and two lie above 130: section B is -200 < -120 < 50 < 80,
  and 140, 420 > 130. (Among the 8, -620 adds 2 to each: 8, 10, 4, as EW's figures say.)
* Section B then gets NS (Neuberg on 7): -200 S 0: 8/7 - 1 = 0.1; 50 S 4: 5 x 8/7 - 1 = 4.7;
  140 S 10: 11 x 8/7 - 1 = 11.6; 420 S 12: 13 x 8/7 - 1 = 13.9; EW (among 8): 14 - 2, 14 - 6, 14 - 12,
  14 - 14 = 12, 8, 2, 0.
* Under the both-fields rule NS's field holds all 8 (-620 too), nothing estimated: 80 gets 8 (four
  below it), 130 10, -120 4, -200 2, 50 6, 140 12, 420 14; EW's figures are the same; the mixed line's
  NS 80% of 14 is 11.2 either way.
"""

from __future__ import annotations

import json

import pytest

from mpxl.cli import main
from mpxl.core.board import score_board
from mpxl.core.event import Event, Line
from mpxl.core.options import ScoringOptions
from mpxl.core.rounding import Rounding
from mpxl.core.session import score_event
from mpxl.core.settings import Field, MixedLine
from mpxl.formats import write_event

ONE = Rounding.parse(1)
#: (section, NS, EW, score): section A as the issue publishes it, section B made as the docstring derives
BOARD_4 = [("A", "1", "2", 80), ("A", "4", "7", 130), ("A", "5", "3", -120), ("A", "6", "8", "A80|-620"),
           ("B", "1", "2", -200), ("B", "3", "4", 50), ("B", "5", "6", 140), ("B", "7", "8", 420)]


@pytest.mark.parametrize("rule, ns, ew", [
    # the published figures (section A) and section B's derived ones
    (MixedLine.OWN, [7, 9.3, 2.4, 11.2, 0.1, 4.7, 11.6, 13.9], [6, 4, 10, 14, 12, 8, 2, 0]),
    # the same board with the result in both fields: pair 1 gets 8, not 7
    (MixedLine.BOTH, [8, 10, 4, 11.2, 2, 6, 12, 14], [6, 4, 10, 14, 12, 8, 2, 0]),
])
def test_board_4_under_each_rule(rule, ns, ew):
    r = score_board([score for *_, score in BOARD_4], mixed_line=rule)
    assert r.top == 14
    assert [float(ONE.apply(x)) for x in r.ns_mp] == ns
    assert [float(ONE.apply(x)) for x in r.ew_mp] == ew
    # n: the mixed line's result is one of the board's when it stands in both fields; else NS's is short
    assert r.actual == (8 if rule is MixedLine.BOTH else 7)


@pytest.mark.parametrize("rule, first, mixed", [
    # pair 1's 80 in NS's field (all 8, -620 among them): 4 below it, 8; in EW's field pair 2 has
    # 14 - 8 = 6 among the 8 (both), or among the 7 without -620 raw 12 - 6 = 6, Neuberg 7 x 8/7 - 1 = 7 (own)
    (MixedLine.OWN, (8, 7), (0, 2.8)),
    (MixedLine.BOTH, (8, 6), (0, 2.8)),
])
def test_the_mirror_image(rule, first, mixed):
    """EW given 20%, NS scored on -620: EW's field is the one short of the mixed line's result; NS on
    -620 gets 0 (the lowest of NS's 8), EW its 20% of 14, 2.8."""
    scores = [score for *_, score in BOARD_4]
    scores[3] = "-620|A20"
    r = score_board(scores, mixed_line=rule)
    assert (float(r.ns_mp[0]), float(r.ew_mp[0])) == first
    assert (float(r.ns_mp[3]), float(r.ew_mp[3])) == mixed


def _event() -> Event:
    """Board 4 and a plain board, both sections matchpointed together."""
    lines = [Line(4, ns, ew, section=sec, score=score) for sec, ns, ew, score in BOARD_4]
    plain = [-100, 90, 110, 120, 140, 400, 420, 450]
    lines += [Line(5, ns, ew, section=sec, score=s) for (sec, ns, ew, _), s in zip(BOARD_4, plain)]
    return Event(lines=lines, title="mixed", program="Unseen Scorer 1.0", winners={"A": 2, "B": 2})


@pytest.mark.parametrize("ext", [".pbn", ".xml"])
@pytest.mark.parametrize("rule", list(MixedLine))
def test_the_rule_is_inferred_back_from_a_written_event(tmp_path, capsys, ext, rule):
    truth = ScoringOptions(mixed_line=rule, rounding=ONE, field=Field.EVENT)
    path = tmp_path / f"published{ext}"
    write_event(score_event(_event(), truth), path)
    code = main(["check", "--json", str(path)])
    doc = json.loads(capsys.readouterr().out)
    assert code == 0 and doc["differences"] == [], (doc["differences"][:5], doc["scoring"])
    assert doc["scoring"]["settings"]["mixed_line"] == rule.value


def test_the_rule_is_an_option_of_the_command(tmp_path, capsys):
    path = tmp_path / "e.pbn"
    write_event(score_event(_event(), ScoringOptions(rounding=ONE, field=Field.EVENT)), path)
    assert main(["score", "--json", str(path), "--mixed-line", "own"]) == 0
    doc = json.loads(capsys.readouterr().out)
    assert doc["conventions"]["settings"]["mixed_line"] == "own" and "mixed_line" in doc["conventions"]["given"]
    assert main(["score", str(path), "--mixed-line", "sometimes"]) == 2
    assert "mixed-line rule" in capsys.readouterr().err
