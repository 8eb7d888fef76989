"""Where the project's shared real results files are, for the tests that reproduce them.

``$MPXL_REALDATA`` if set, else ``shared/realdata`` beside the checkout (where CI puts it).
"""

from __future__ import annotations

import os
from pathlib import Path

REALDATA = Path(os.environ.get("MPXL_REALDATA") or Path(__file__).resolve().parents[2] / "shared" / "realdata")
#: Real files newly come (its README): the tests take them in as the folder's own once they check clean.
INCOMING = REALDATA / "incoming"
#: Real files mpxl did not reproduce when they came (its README); read by that path once they check clean.
PENDING = REALDATA / "pending"


def real_files(*suffixes: str) -> list[Path]:
    """The real files with these suffixes, of the folder, of its ``incoming/`` and of its ``pending/``,
    each suffix in turn (sorted by name, the folder's first)."""
    return [p for suffix in suffixes for folder in (REALDATA, INCOMING, PENDING)
            for p in sorted(folder.glob(f"*{suffix}"))]


REAL_FILES = real_files(".xml", ".pbn")

if os.environ.get("CI") == "true" and not REAL_FILES:  # locally the tests skip; in CI they must run
    raise RuntimeError(f"CI: the real results files are not in {REALDATA} (set MPXL_REALDATA)")

#: The Hypothesis profile the run asked for (``HYPOTHESIS_PROFILE``, registered in conftest.py).
PROFILE = os.environ.get("HYPOTHESIS_PROFILE", "default")


def examples(suite: int, env: str | None = None) -> int:
    """How many examples a property test runs: ``$env`` if set, the profile's count under a
    profile other than the default (``HYPOTHESIS_PROFILE=deep``: 5,000), else ``suite`` (the
    count that keeps the suite fast)."""
    if env and os.environ.get(env):
        return int(os.environ[env])
    if PROFILE != "default":
        from hypothesis import settings

        return int(settings.get_profile(PROFILE).max_examples)
    return suite


def sheet_values(path, sheet: str) -> dict[str, object]:
    """The non-empty cells of the workbook's sheet ``sheet``, coordinate -> value as openpyxl reads them (a formula
    as its text, a shared one moved to its cell), read ``read_only``: a small workbook in a twentieth of the time
    of a full load, for a test that asserts values and no style, validation or print setting.

    >>> import tempfile
    >>> from openpyxl import Workbook
    >>> wb = Workbook(); wb.active.title = "S"; wb.active["B2"] = "=A1+1"; wb.active["A1"] = 3
    >>> path = Path(tempfile.mkdtemp()) / "s.xlsx"; wb.save(path)
    >>> sheet_values(path, "S")
    {'A1': 3, 'B2': '=A1+1'}
    """
    from openpyxl import load_workbook

    wb = load_workbook(path, read_only=True)
    try:
        return {c.coordinate: c.value for row in wb[sheet].iter_rows() for c in row
                if getattr(c, "value", None) is not None}
    finally:
        wb.close()
