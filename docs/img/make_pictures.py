"""Make docs/img/excel-*.png: the template as LibreOffice prints it (headless: PDF, then pdftoppm).

Run from the repository: ``python docs/img/make_pictures.py`` (needs soffice, pdftoppm, pdftotext and
Pillow, which matplotlib brings). The workbook is the macro-enabled template with a few entries of
each kind typed in: read (4♠, a score typed as text, +1, "2 hearts" with =) and not (4Q, ZZ).
"""

from __future__ import annotations

import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

from PIL import Image, ImageChops

from mpxl.workbook.classic import macro_enable
from mpxl.workbook.template import Contents, Settings, TemplateLine, build_workbook

OUT = Path(__file__).resolve().parent
DPI = 100

#: picture -> (the first words of its PDF page, its longest side in pixels)
PICTURES = {
    "excel-travellers.png": ("Travellers", 900),
    "excel-status.png": ("Per board", 700),
    "excel-methods.png": ("Methods:", 1000),
    "excel-xlwings-conf.png": ("UDF Modules", 900),
}


def workbook(path: Path) -> None:
    L = TemplateLine
    lines = [L(1, 1, 11, contract="4♠", by="S", tricks=10), L(1, 2, 12, typed="-620"),
             L(1, 3, 13, contract="3NT", by="N", tricks="+1"),
             L(2, 1, 12, contract="4Q", by="N", tricks=10), L(2, 2, 13, typed=420), L(2, 3, 11, typed=450),
             L(3, 1, 13, contract="2 hearts", by="E", tricks="="), L(3, 2, 11, adjustment="ZZ"),
             L(3, 3, 12, typed=-110)]
    pairs = [(p, "NS") for p in (1, 2, 3)] + [(p, "EW") for p in (11, 12, 13)]
    wb = build_workbook(Contents(Settings.of(event="What the sheet reads", method="Neuberg"), lines, [1, 2, 3], pairs,
                                 methods=(16, 8)))
    macro_enable(wb)
    wb.save(path)


def trim(image: Image.Image, margin: int = 12) -> Image.Image:
    """The image cut to its content and a white margin."""
    rgb = image.convert("RGB")
    box = ImageChops.difference(rgb, Image.new("RGB", rgb.size, "white")).getbbox()
    if box is None:
        return rgb
    left, top, right, bottom = box
    return rgb.crop((max(left - margin, 0), max(top - margin, 0), min(right + margin, rgb.width),
                     min(bottom + margin, rgb.height)))


def main() -> int:
    work = Path(tempfile.mkdtemp(prefix="mpxl-pictures-"))
    try:
        book = work / "pictures.xlsm"
        workbook(book)
        profile = work / "profile"
        subprocess.run(["soffice", f"-env:UserInstallation={profile.as_uri()}", "--headless", "--convert-to", "pdf",
                        "--outdir", str(work), str(book)], check=True, capture_output=True, timeout=300)
        pdf = work / "pictures.pdf"
        pages = int(next(line.split()[1] for line in subprocess.run(
            ["pdfinfo", str(pdf)], capture_output=True, text=True, check=True).stdout.splitlines()
            if line.startswith("Pages:")))
        first_words = {}
        for page in range(1, pages + 1):
            text = subprocess.run(["pdftotext", "-f", str(page), "-l", str(page), str(pdf), "-"],
                                  capture_output=True, text=True, check=True).stdout.strip()
            first_words[page] = text
        for name, (start, longest) in PICTURES.items():
            page = next(p for p, text in first_words.items() if text.startswith(start))
            subprocess.run(["pdftoppm", "-r", str(DPI), "-f", str(page), "-l", str(page), "-png", "-singlefile",
                            str(pdf), str(work / "page")], check=True)
            image = trim(Image.open(work / "page.png"))
            if max(image.size) > longest:
                image.thumbnail((longest, longest))
            image.save(OUT / name, optimize=True)
            print(OUT / name, image.size)
    finally:
        shutil.rmtree(work, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
