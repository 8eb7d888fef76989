"""Issue 51, part 5: the cards print on as few A4 pages as a club would cut: two cards across the page and
several a page (a 9-table Howell's, for 18 pairs, took 38 pages with the slips and score cards one across).
Printed by headless Chromium, counted by poppler's pdfinfo."""

from __future__ import annotations

import re
import shutil
import subprocess

import pytest

from mpxl.cli import main
from tests.test_report_html import CHROMIUM, run_chromium

#: The movement, and the most pages its cards may take (each kind of card starts a page of its own).
PAGES = [
    (["howell", "--tables", "9", "--boards-per-round", "2"], 22),
    (["howell", "--tables", "4", "--boards-per-round", "3"], 8),
]


@pytest.mark.parametrize("args, most", PAGES, ids=[" ".join(a[:3]) for a, _ in PAGES])
def test_the_cards_print_several_a_page(tmp_path, capsys, args, most):
    if CHROMIUM is None or shutil.which("pdfinfo") is None:
        pytest.skip("Chromium or poppler-utils (pdfinfo) is not installed")
    page, pdf = tmp_path / "cards.html", tmp_path / "cards.pdf"
    assert main(["movement", *args, "-o", str(page)]) == 0
    run_chromium(CHROMIUM, tmp_path, "--no-pdf-header-footer", f"--print-to-pdf={pdf}", page.as_uri())
    info = subprocess.run(["pdfinfo", str(pdf)], capture_output=True, text=True, check=True).stdout
    pages = int(re.search(r"^Pages:\s+(\d+)", info, re.M).group(1))
    print(f"{' '.join(args)}: {pages} pages")
    assert "(A4)" in info and pages <= most
