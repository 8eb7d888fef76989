"""The benchmark at its small size, as a smoke test: it runs, and mpxl's figures equal the baselines'.

No timing is asserted: the figures depend on the machine. ``bench/run.py`` raises if
any figure mpxl computes differs from the pandas groupby-rank, the numpy lexsort
implementation, the naive pairwise loop or the pandas end-to-end script.
"""

from __future__ import annotations

import argparse
import importlib.util
import sys
from pathlib import Path

import pytest

pytest.importorskip("numpy")
pytest.importorskip("pandas")

#: A second opinion on figures the suite checks (bench/run.py against pandas and numpy, the start-up bench against
#: the commands' own output): run after the suite by ``python -m pytest -m deep`` (.ci/run).
pytestmark = pytest.mark.deep

BENCH = Path(__file__).resolve().parent.parent / "bench" / "run.py"


def load_bench():
    spec = importlib.util.spec_from_file_location("mpxl_bench_run", BENCH)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_bench_small_runs_and_agrees_with_the_baselines():
    bench = load_bench()
    args = argparse.Namespace(layout="both", repeat=1, skip="", libreoffice=False)
    messages = []
    result = bench.run([500, 1_000], args, log=messages.append)
    assert result["all_equal"] is True
    core = result["core"]
    assert {r["layout"] for r in core} == {"sections", "field"}
    for r in core:
        assert r["checked_numpy"] > 0 and r["checked_pandas"] is True
        assert "mpxl_general_s" in r  # score_board compared too
    assert any("naive_s" in r for r in core)  # the pairwise loop at the small sizes
    assert all(r["checked"] == r["lines"] for r in result["e2e"])
    assert all(r["mpxl_event_model_s"] > 0 for r in result["e2e"])  # the event model wrote the same file
    assert result["udf"]["checked"] is True and result["udf"]["lines"] == 30
    assert result["xlsx"]["cells"] > 0
    assert any("equal" in m for m in messages)


def test_generated_fields_have_short_boards():
    bench = load_bench()
    rows = bench.generate(2_000, "sections")
    boards, most = bench.by_board(rows)
    short = [s for (sec, _b), s in boards if sum(x is not None for x in s) < most[sec]]
    assert short and len(short) < len(boards)
    missing = {len(s) - sum(x is not None for x in s) for _k, s in boards}
    assert missing <= {0, 1, 2}


def test_bench_command_line_json(capsys):
    bench = load_bench()
    status = bench.main(["--sizes", "500", "--layout", "sections", "--repeat", "1", "--json",
                         "--skip", "e2e,xlsx,udf"])
    assert status == 0
    import json

    doc = json.loads(capsys.readouterr().out)
    assert doc["core"][0]["lines"] >= 500 and doc["machine"]["python"]


def test_startup_bench_runs_every_command_side_by_side():
    # bench/startup.py: the bare start, then score and check of each file, every round, and again with
    # the records made for free (--floor: its output checked equal to the real run's); no timing asserted
    spec = importlib.util.spec_from_file_location("mpxl_bench_startup", BENCH.parent / "startup.py")
    startup = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(startup)
    data = Path(__file__).resolve().parent / "data" / "two-sections.xml"
    result = startup.measure([data], rounds=1, log=lambda message: None, floor=True)
    assert [r["command"] for r in result["rows"]] == ["python -c pass", "score two-sections.xml",
                                                      "score two-sections.xml (floor)", "check two-sections.xml",
                                                      "check two-sections.xml (floor)"]
    assert [r["floor"] for r in result["rows"]] == [False, False, True, False, True]
    bare = result["rows"][0]
    assert all(r["ratio"] == pytest.approx(r["median_s"] / bare["median_s"]) for r in result["rows"])
    assert "| `score two-sections.xml` |" in startup.table(result)


def test_startup_bench_times_the_installed_command_over_its_own_bare_start(tmp_path):
    # --installed: a venv's bare start and its console script, each ratio over that venv's bare start and
    # the output checked equal to the checkout's run; here a stand-in venv whose scripts run this Python
    spec = importlib.util.spec_from_file_location("mpxl_bench_startup", BENCH.parent / "startup.py")
    startup = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(startup)
    (tmp_path / "bin").mkdir()
    for name, run in (("python", ""), ("mpxl", " -m mpxl")):
        script = tmp_path / "bin" / name
        script.write_text(f'#!/bin/sh\nexec "{sys.executable}"{run} "$@"\n')
        script.chmod(0o755)
    data = Path(__file__).resolve().parent / "data" / "two-sections.xml"
    result = startup.measure([data], rounds=1, log=lambda message: None, installed=tmp_path)
    rows = {r["command"]: r for r in result["rows"]}
    assert list(rows) == ["python -c pass", "python -c pass (installed)", "score two-sections.xml",
                          "score two-sections.xml (installed)", "check two-sections.xml",
                          "check two-sections.xml (installed)"]
    assert [r["installed"] for r in rows.values()] == [False, True, False, True, False, True]
    for r in rows.values():  # each ratio over its own venv's bare start
        bare = rows["python -c pass (installed)" if r["installed"] else "python -c pass"]
        assert r["ratio"] == pytest.approx(r["median_s"] / bare["median_s"]), r
    assert rows["score two-sections.xml (installed)"]["checkout"] == str(tmp_path)
