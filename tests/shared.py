"""Where the project's shared real results files are, for the tests that reproduce them.

``$MPXL_REALDATA`` if set, else ``shared/realdata`` beside the checkout (where CI puts it).
"""

from __future__ import annotations

import os
from pathlib import Path

REALDATA = Path(os.environ.get("MPXL_REALDATA") or Path(__file__).resolve().parents[2] / "shared" / "realdata")
REAL_FILES = sorted(REALDATA.glob("*.xml")) + sorted(REALDATA.glob("*.pbn"))

if os.environ.get("CI") == "true" and not REAL_FILES:  # locally the tests skip; in CI they must run
    raise RuntimeError(f"CI: the real results files are not in {REALDATA} (set MPXL_REALDATA)")
