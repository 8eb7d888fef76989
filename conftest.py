"""Set before anything imports xlwings: its server mode lets the tests call the Excel functions
through xlwings' own conversion layer without Excel (see DESIGN.md section 6)."""

import os
import sys

os.environ.setdefault("XLWINGS_ON_SERVER", "true")
os.environ.setdefault("XLWINGS_LICENSE_KEY", "noncommercial")
# Byte-code cached for the run even where PYTHONDONTWRITEBYTECODE is set (as on the project's machines): the test
# files rewritten by pytest, the xdist workers and every `python -m mpxl` a test starts would else compile the
# package anew each time (collection alone: 7 s against 3 s). The caches are __pycache__ folders git ignores.
os.environ.pop("PYTHONDONTWRITEBYTECODE", None)
sys.dont_write_bytecode = False

# Hypothesis profiles: the suite's own example counts by default; HYPOTHESIS_PROFILE=deep raises the
# fuzz and property tests that read tests/shared.examples() to 5,000 examples each (a long local run).
import pytest  # noqa: E402
from hypothesis import settings  # noqa: E402

settings.register_profile("deep", max_examples=5000, deadline=None)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "default"))


#: The test files whose set-up is long (LibreOffice recalculations, the OOXML audit, the template's
#: builds), run first: with one worker a core (-n auto --dist loadfile --no-loadscope-reorder: files
#: in this order, not by their number of tests), a long file taken last would leave the other cores
#: idle while it runs. The first two share their recalculations (tests/shared.once_per_run: the rulings' workbooks,
#: the real files'), made once by whichever asks first while the other worker makes its own; the files that only
#: read them (test_workbook_recalc_real.py) come late, when they are made.
LONG_FIRST = ("test_workbook_full_recalc.py", "test_workbook_rulings.py", "test_openxml_audit.py",
              "test_workbook_cycles.py", "test_workbook_recalc_formulas.py", "test_workbook_recalc_events.py",
              "test_workbook_recalc.py", "test_workbook_recalc_templates.py", "test_workbook_typed.py",
              "test_workbook_world.py", "test_rulebook.py",
              "test_workbook_penalty.py", "test_workbook_estimate_totals.py", "test_bench_smoke.py", "test_template.py",
              # LibreOffice, Node's Pyodide, a wheel's build: long, and else handed out in name order, late
              "test_members.py", "test_template_movement.py", "test_lite.py", "test_packaging.py",
              "test_workbook_print.py", "test_keep.py", "test_check_never_recalculated.py", "test_cli_score_check.py",
              "test_safety.py", "test_formula_length.py", "test_report_html.py", "test_trust.py", "test_bws.py")


def pytest_collection_modifyitems(config, items):
    """Leave out the checks marked long unless the marker expression names them (``-m deep`` is the deep tier
    without them, as the markers say: a long test of a deep module carries both marks); then put the long files
    first, in the order of LONG_FIRST, the rest keeping their order."""
    if "long" not in (config.getoption("markexpr") or ""):
        long = [item for item in items if item.get_closest_marker("long")]
        if long:
            config.hook.pytest_deselected(items=long)
            items[:] = [item for item in items if not item.get_closest_marker("long")]
    rank = {name: i for i, name in enumerate(LONG_FIRST)}
    items.sort(key=lambda item: rank.get(item.path.name, len(rank)))


@pytest.fixture(scope="module")
def lo(built):
    """LibreOffice's values for every workbook a test file's ``built`` fixture writes (name -> (path, ...)),
    by name, from one request to the worker's soffice (tests/recalc.py)."""
    import sys
    from pathlib import Path

    sys.path.insert(0, str(Path(__file__).parent / "tests"))
    from recalc import libreoffice_recalc

    names = list(built)
    return dict(zip(names, libreoffice_recalc([built[n][0] for n in names])))
