"""Render the README's workbook pictures: LibreOffice headless -> PDF -> pdftoppm PNG.

    python docs/img/render_workbook.py      # writes docs/img/template-totals.png, template-pairs.png,
                                            # template-travellers.png

The workbooks: ``mpxl score`` of a generated two-section club event with the players' names
(Totals: the ranking in place order; Pairs), and the teaching workbook (Travellers: board 4 as
played and its variants). LibreOffice recalculates each workbook; the sheet shown is kept alone,
with its values, and printed by its own print area.
"""

from __future__ import annotations

import random
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

from openpyxl import load_workbook

from mpxl.cli import main
from mpxl.workbook.examples import teaching_workbook

HERE = Path(__file__).resolve().parent
FIRST = ("Ann", "Bob", "Cath", "Dev", "Eve", "Finn", "Gita", "Hal", "Ivy", "Jon", "Kay", "Lev", "Mia", "Ned")
LAST = ("Smith", "Jones", "Khan", "Ng", "Brown", "Okafor", "Silva", "Dubois", "Rossi", "Novak", "Walsh")
SCORES = (-200, -100, -50, 50, 90, 110, 120, 140, 400, 420, 450, 600)


def club_csv(path: Path) -> None:
    """Two sections of a Mitchell (A: 5 tables, B: 4), 6 boards, a few adjusted scores, names."""
    rnd = random.Random(7)
    rows = ["section,board,ns_pair,ew_pair,ns_score,adjustment,ns_names,ew_names"]
    for sec, tables in (("A", 5), ("B", 4)):
        for b in range(1, 7):
            for t in range(1, tables + 1):
                i = ord(sec) + 3 * t
                ns = f"{FIRST[i % 14]} {LAST[i % 11]} & {FIRST[(i + 1) % 14]} {LAST[(i + 2) % 11]}"
                ew = f"{FIRST[(i + 7) % 14]} {LAST[(i + 5) % 11]} & {FIRST[(i + 9) % 14]} {LAST[(i + 8) % 11]}"
                score, adj = (rnd.choice(SCORES), "") if rnd.random() > 0.04 else ("", "A6040")
                rows.append(f"{sec},{b},{t},{t},{score},{adj},{ns},{ew}")
    path.write_text("\n".join(rows) + "\n", encoding="utf-8")


def trim(png: Path, border: int = 12) -> None:
    """Cut the page's white margins, keeping ``border`` pixels."""
    from PIL import Image, ImageChops

    img = Image.open(png).convert("RGB")
    box = ImageChops.difference(img, Image.new("RGB", img.size, "white")).getbbox()
    if box:
        left, top, right, bottom = box
        img.crop((max(left - border, 0), max(top - border, 0), min(right + border, img.width),
                  min(bottom + border, img.height))).save(png, optimize=True)


def soffice(args: list, profile: Path) -> None:
    subprocess.run(["soffice", f"-env:UserInstallation={profile.as_uri()}", "--headless", "--norestore", *args],
                   check=True, capture_output=True, timeout=600)


def render(sources: dict, work: Path) -> None:
    """``sources``: png name -> (xlsx, sheet, rows to show)."""
    profile = work / "profile"
    xlsx = sorted({src for src, _, _ in sources.values()})
    soffice(["--convert-to", "xlsx:Calc MS Excel 2007 XML", "--outdir", str(work / "calc"), *map(str, xlsx)], profile)
    singles = []
    for name, (src, sheet, rows) in sources.items():
        wb = load_workbook(work / "calc" / src.name, data_only=True)  # LibreOffice's values, no formulas
        for other in list(wb.sheetnames):
            if other != sheet:
                del wb[other]
        ws = wb[sheet]
        area = (ws.print_area if isinstance(ws.print_area, str) else ws.print_area[0]).split(",")[0].split("!")[-1]
        first = area.split(":")[0].replace("$", "")
        last_col = "".join(ch for ch in area.split(":")[-1] if ch.isalpha())
        ws.print_area = f"{first}:{last_col}{rows}"
        out = work / f"{name}.xlsx"
        wb.save(out)
        singles.append(out)
    soffice(["--convert-to", "pdf", "--outdir", str(work / "pdf"), *map(str, singles)], profile)
    for out in singles:
        pdf = work / "pdf" / f"{out.stem}.pdf"
        subprocess.run(["pdftoppm", "-png", "-r", "110", "-f", "1", "-l", "1", "-singlefile", str(pdf),
                        str(HERE / out.stem)], check=True)
        trim(HERE / f"{out.stem}.png")
        print(HERE / f"{out.stem}.png")


def run() -> int:
    work = Path(tempfile.mkdtemp(prefix="mpxl-pictures-"))
    try:
        club_csv(work / "club.csv")
        assert main(["score", str(work / "club.csv"), "--rounding", "2", "-o", str(work / "club.xlsx")]) == 0
        teaching_workbook().save(work / "teaching.xlsx")
        render({"template-totals": (work / "club.xlsx", "Totals", 22),
                "template-pairs": (work / "club.xlsx", "Pairs", 22),
                "template-travellers": (work / "teaching.xlsx", "Travellers", 31)}, work)
    finally:
        shutil.rmtree(work, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(run())
