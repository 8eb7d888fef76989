"""`mpxl methods` and `mpxl demo`: the tables they print and the workbook demo writes."""

from __future__ import annotations

from fractions import Fraction

import pytest
from openpyxl import load_workbook
from recalc import COUNT_CASES

from mpxl import udfs
from mpxl.cli import main
from mpxl.commands.methods import methods_table
from mpxl.core.settings import Scale
from mpxl.workbook.layout import TRAVELLER_COLUMNS


# Slides N=9, n=8 (double): S=14 -> 15.88 (Neuberg), S=0 -> 0.13; Bavin N=11, n=10: 19.9 ... 0.1;
# FAQ: S=12 of 11 results, N=12 -> 13.18 (59.9%).
@pytest.mark.parametrize("N, n, S, method, value", [
    (9, 8, 14, 0, Fraction(127, 8)), (9, 8, 0, 0, Fraction(1, 8)), (9, 8, 14, 2, 15), (9, 8, 14, 4, 15),
    (11, 10, 18, 0, Fraction(199, 10)), (11, 10, 0, 0, Fraction(1, 10)), (12, 11, 12, 0, Fraction(145, 11)),
])
def test_methods_table_reproduces_published_numbers(N, n, S, method, value):
    rows = {s: mps for s, mps, _ in methods_table(N, n)}
    assert rows[S][method] == value


def test_methods_table_properties():
    for N, n in ((9, 8), (16, 8), (13, 5), (7, 7)):
        rows = methods_table(N, n)
        assert len(rows) == 2 * (n - 1) + 1
        for i in range(len(rows[0][1])):
            col = [mps[i] for _, mps, _ in rows]
            assert col == sorted(col)  # monotonic
            assert col[0] + col[-1] == 2 * (N - 1)  # symmetric about the average
        factor = [pcts[1] for _, _, pcts in rows]
        assert factor[-1] == 100 and factor[0] == 0  # Factor keeps the percentage


def test_methods_command_prints_every_raw_score(capsys):
    assert main(["methods", "9", "8"]) == 0
    out = capsys.readouterr().out
    assert "Neuberg" in out and "McKinnon" in out and "Percentage of the top (16)" in out
    assert "  14.0      15.88     16.00     15.00     16.00     15.00           15.00" in out  # matchpoints
    assert "  14.0      99.22    100.00     93.75    100.00     93.75           93.75" in out  # percentages
    assert "   0.0       0.13" in out
    assert main(["methods", "5", "3", "--scale", "1"]) == 0
    lines = [ln for ln in capsys.readouterr().out.splitlines() if ln.strip()[:1].isdigit()]
    # the matchpoints, then the percentages, of every raw score
    assert [ln.split()[0] for ln in lines] == ["0.0", "0.5", "1.0", "1.5", "2.0"] * 2


def test_methods_command_on_the_signed_scale(tmp_path, capsys):
    """`mpxl methods 9 8 --scale signed`: S from -7 to 7, the estimates the double ones less 8, % = 50 + 50 x M / 8."""
    assert main(["methods", "9", "8", "--scale", "signed"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("N = 9 results expected, n = 8 real, signed scale: top 8")
    assert "   7.0       7.88      8.00      7.00      8.00      7.00            7.00" in out  # matchpoints
    assert "  -7.0      -7.88     -8.00     -7.00     -8.00     -7.00           -7.00" in out
    assert "   0.0       0.00      0.00      0.00      0.00      0.00            0.00" in out
    assert "   7.0      99.22    100.00     93.75    100.00     93.75           93.75" in out  # percentages, as double
    assert "signed: S and M are the double figures less their averages, 7 and 8" in out
    double, signed = methods_table(9, 8), methods_table(9, 8, Scale.SIGNED)
    for (S2, m2, p2), (S, m, p) in zip(double, signed):
        assert S == S2 - 7 and [x - 8 for x in m2] == m and p == p2
    chart = tmp_path / "m.png"
    assert main(["methods", "9", "8", "--scale", "MP1", "--chart", str(chart)]) == 0 and chart.stat().st_size > 0
    capsys.readouterr()
    with pytest.raises(SystemExit):
        main(["methods", "9", "8", "--scale", "3"])
    assert "argument --scale: '3' is not a scale; expected 2 (double), 1 (single) or signed" in capsys.readouterr().err


@pytest.mark.parametrize("N, n, says", COUNT_CASES)
def test_methods_command_and_the_functions_say_the_same_of_counts(capsys, N, n, says):
    """`mpxl methods N n`, NEUBERG/ESTIMATE/KVALUE and check_counts refuse the same counts in the same words
    (COUNT_RULES; the Methods sheet's too: tests/test_workbook_recalc.py), or all give the formula's figure."""
    argv = ["methods", "" if N is None else str(N), "" if n is None else str(n)]
    got = main(argv)
    printed = capsys.readouterr()
    cells = [udfs.NEUBERG(0, N, n), udfs.ESTIMATE(0, N, n, "factor"), udfs.KVALUE("neuberg", N, n)]
    if says is None:
        assert got == 0 and printed.err == ""
        first = next(ln for ln in printed.out.splitlines() if ln.lstrip().startswith("0.0"))
        assert float(first.split()[1]) == pytest.approx(cells[0], abs=0.005)  # Neuberg of S = 0, as NEUBERG
        assert all(isinstance(c, float) for c in cells)
    else:
        assert got == 2 and printed.err.strip() == f"mpxl: {says}"
        assert cells == [f"NEUBERG: {says}", f"ESTIMATE: {says}", f"KVALUE: {says}"]


@pytest.mark.parametrize("argv, says", [
    (["methods", "1", "1", "--chart", "x.png"],
     "--chart: a board of 1 expected result has no percentage (its top is 0); the chart is of percentages"),
    (["methods", "9", "8", "--chart", "x.jpg"], "x.jpg"),
])
def test_methods_chart_refused_where_there_is_no_percentage(tmp_path, monkeypatch, capsys, argv, says):
    monkeypatch.chdir(tmp_path)
    assert main(argv) == 2
    assert says in capsys.readouterr().err and not list(tmp_path.iterdir())


def test_demo_prints_both_tables_and_writes_the_workbook(tmp_path, capsys):
    out = tmp_path / "demo.xlsx"
    assert main(["demo", "-o", str(out)]) == 0
    text = capsys.readouterr().out
    assert str(out) in text
    assert "15.88" in text and "72.00" in text and "+100/AVE" in text
    row4 = next(ln for ln in text.splitlines() if ln.startswith("4 "))
    assert row4.replace("|", " ").split()[-4:] == ["16.00", "0.00", "15.88", "0.13"]
    wb = load_workbook(out)
    trav = wb["Travellers"]
    assert trav["A5"].value == 4 and trav["H19"].value == "AVE"
    assert trav[f"{TRAVELLER_COLUMNS['ns_mp']}5"].value.startswith("=")  # live formulas, not pasted numbers


def test_methods_chart_writes_a_png_and_refuses_n_above_N(tmp_path, capsys):
    png = tmp_path / "methods.png"
    assert main(["methods", "9", "8", "--chart", str(png)]) == 0
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert f"mpxl: wrote {png} (chart): the methods for N = 9, n = 8" in capsys.readouterr().out
    bad = tmp_path / "bad.png"
    assert main(["methods", "9", "10", "--chart", str(bad)]) == 2
    assert "10 results are more than the 9 expected" in capsys.readouterr().err
    assert not bad.exists()
