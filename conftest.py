"""Set before anything imports xlwings: its server mode lets the tests call the Excel functions
through xlwings' own conversion layer without Excel (see DESIGN.md section 6)."""

import os

os.environ.setdefault("XLWINGS_ON_SERVER", "true")
os.environ.setdefault("XLWINGS_LICENSE_KEY", "noncommercial")

# Hypothesis profiles: the suite's own example counts by default; HYPOTHESIS_PROFILE=deep raises the
# fuzz and property tests that read tests/shared.examples() to 5,000 examples each (a long local run).
from hypothesis import settings  # noqa: E402

settings.register_profile("deep", max_examples=5000, deadline=None)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "default"))


def pytest_collection_modifyitems(config, items):
    """Under pytest-xdist (``-n 2 --dist loadgroup``, the README's test command) the tests go to the
    workers one by one, except that the tests of one module sharing a module-scoped fixture (one
    LibreOffice recalculation, one Pyodide run, one wheel build) go to one worker together, so the
    expensive set-up runs once, not once per worker."""
    import pytest

    if not config.pluginmanager.hasplugin("xdist"):
        return
    for item in items:
        info = getattr(item, "_fixtureinfo", None)
        if info is None:
            continue
        if any(defs and defs[-1].scope in ("module", "class", "package")
               for defs in info.name2fixturedefs.values()):
            item.add_marker(pytest.mark.xdist_group(item.nodeid.split("::", 1)[0]))
