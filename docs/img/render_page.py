"""Make docs/img/results-page.png: the results page of tests/data/rulings.csv (every ruling: an
artificial, split, weighted and mixed score, an arrowswitch, a fouled board) as headless Chromium
shows it.

Run from the repository: ``python docs/img/render_page.py`` (needs the Debian package chromium).
"""

from __future__ import annotations

import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

from mpxl.core.options import ScoringOptions
from mpxl.core.session import score_event
from mpxl.formats import read_event
from mpxl.formats.report_html import write_html

HERE = Path(__file__).resolve().parent
SOURCE = HERE.parent.parent / "tests" / "data" / "rulings.csv"


def main() -> int:
    chromium = shutil.which("chromium") or shutil.which("chromium-browser")
    if chromium is None:
        print("render_page: chromium is not installed", file=sys.stderr)
        return 2
    with tempfile.TemporaryDirectory() as tmp:
        page = Path(tmp) / "rulings.html"
        write_html(score_event(read_event(SOURCE), ScoringOptions.parse(rounding=2)), page, "en")
        subprocess.run([chromium, "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
                        f"--user-data-dir={tmp}/profile", "--window-size=1150,1400",
                        f"--screenshot={HERE / 'results-page.png'}", page.as_uri()],
                       check=True, capture_output=True, timeout=120)
    print(f"render_page: wrote {HERE / 'results-page.png'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
