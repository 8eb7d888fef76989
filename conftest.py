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
