"""A new user's mistakes (issue 26, sections 4-6): each is refused or named, never read wrong in silence.

Tables of input -> exit status and the words the one-line message carries.
"""

from __future__ import annotations

import pytest

from mpxl.cli import main

# ------------------------------------------------------------------ CSV travellers typed by hand

#: (what, CSV text, exit status, words in stderr (all), words never in stderr)
CSV_CASES = [
    # a misspelt header: the lines that had only that column must not vanish (pair 2's Max 16 -> 12)
    ("misspelt ns_score beside contracts",
     "board,ns_pair,ew_pair,contract,declarer,tricks,ns_scroe\n1,1,2,4S,N,10,\n1,3,4,4S,N,11,\n1,5,6,,,,A+\n"
     "1,7,8,,,,-150|-50\n",
     2, ["line 1", "'ns_scroe'", "did you mean ns_score?", "would be lost"], []),
    ("misspelt adjustment beside scores",
     "board,ns_pair,ew_pair,ns_score,adjustmnet\n1,1,2,420,\n1,3,4,400,A+\n",
     2, ["line 1", "'adjustmnet'", "did you mean adjustment?"], []),
    ("misspelt, several columns named",
     "board,ns_pair,ew_pair,ns_scroe,Round\n1,1,2,420,1\n",
     2, ["columns mpxl does not read", "'ns_scroe' (did you mean ns_score?)", "'Round'"], []),
    ("an extra column: named, ignored",
     "board,ns_pair,ew_pair,ns_score,Round\n1,1,2,420,1\n1,3,4,400,1\n",
     0, ["line 1: warning", "'Round'", "ignored"], ["did you mean"]),
    ("an extra column and a line with no result",
     "board,ns_pair,ew_pair,ns_score,punkte\n1,1,2,420,\n1,3,4,,450\n",
     2, ["line 3", "no result", "punkte", "NP"], []),
    ("an extra column and NP: a board not played",
     "board,ns_pair,ew_pair,ns_score,punkte\n1,1,2,420,\n1,3,4,NP,\n1,5,6,400,\n",
     0, ["warning"], ["no result"]),
    # two sources that disagree
    ("contract and tricks give 420, ns_score 430",
     "board,ns_pair,ew_pair,contract,declarer,tricks,ns_score\n1,1,2,4S,N,10,430\n1,3,4,4S,N,11,450\n",
     2, ["line 2", "ns_score 430", "4S by N taking 10 tricks scores 420"], []),
    ("the same, row by row (a note column)",
     "board,ns_pair,ew_pair,contract,declarer,tricks,ns_score,note\n1,1,2,4S,N,11,450,\n1,3,4,4S,N,=,430,x\n",
     2, ["line 3", "ns_score 430", "4S by N, = scores 420"], []),
    ("contract and score that agree", "board,ns_pair,ew_pair,contract,declarer,tricks,ns_score\n"
     "1,1,2,4S,N,10,420\n1,3,4,4S,N,11,450\n", 0, [], ["mpxl:"]),
    ("a contract that cannot be scored is kept beside the score",
     "board,ns_pair,ew_pair,contract,declarer,tricks,ns_score\n1,1,2,4S,,,420\n1,3,4,4S,N,11,450\n", 0, [], []),
    # a fouled board with one line's group left blank
    ("fouled board, a blank group",
     "board,ns_pair,ew_pair,ns_score,group\n1,1,2,420,A\n1,3,4,450,A\n1,5,6,400,\n1,7,8,-50,B\n1,9,10,100,B\n",
     2, ["line 4", "board 1 is fouled", "group A on line 2", "blank"], []),
    ("fouled board, an A+ needs no group",
     "board,ns_pair,ew_pair,ns_score,group\n1,1,2,420,A\n1,3,4,450,A\n1,5,6,A+,\n1,7,8,-50,B\n1,9,10,100,B\n",
     0, [], []),
    ("groups on one board only: the others need none",
     "board,ns_pair,ew_pair,ns_score,group\n1,1,2,420,A\n1,3,4,450,B\n2,1,4,400,\n2,3,2,-50,\n", 0, [], []),
]


@pytest.mark.parametrize("what, text, code, words, never", CSV_CASES, ids=[c[0] for c in CSV_CASES])
def test_typed_csv_mistakes(what, text, code, words, never, tmp_path, capsys):
    path = tmp_path / "t.csv"
    path.write_text(text, encoding="utf-8")
    assert main(["score", str(path)]) == code
    err = capsys.readouterr().err
    assert "Traceback" not in err
    for word in words:
        assert word in err, (word, err)
    for word in never:
        assert word not in err, (word, err)
