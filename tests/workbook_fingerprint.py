"""Fingerprints of the workbooks mpxl writes, to prove a refactoring leaves them the same cell for cell.

A workbook's fingerprint is the sha256 of each part of its package (every sheet, the shared strings, the
styles, the defined names in workbook.xml, the notes, the validations and conditional formats inside each
sheet's part...), byte for byte, but docProps/core.xml (the dates it was written); and, for each worksheet,
the sha256 of each column's cells (their XML: value or formula, type and style), so a failure names the
column that changed. The workbooks are those of :data:`CASES`: ``mpxl template`` (xlsx, xlsm, teaching, a
howell movement, a scale and method or two) and ``mpxl score`` of real files (a USEBIO, a PBN, the tablets'
.bws) and of tests/data's rulings.

The fingerprints are stored in tests/data/workbook_fingerprints.json. When a formula changes on purpose,
write them again (one command, from the checkout)::

    .venv/bin/python tests/workbook_fingerprint.py

``--keep DIR`` keeps the workbooks written (to compare with those of another commit).
"""

from __future__ import annotations

import hashlib
import json
import re
import sys
import tempfile
import zipfile
from collections import defaultdict
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
from shared import REALDATA  # noqa: E402

STORE = HERE / "data" / "workbook_fingerprints.json"
#: The parts that change from one writing to the next: the dates the workbook was written.
DATED = {"docProps/core.xml"}

#: name -> the mpxl command that writes it (``{out}`` the workbook, ``{real}`` the real files' folder,
#: ``{data}`` tests/data).
CASES: dict[str, list[str]] = {
    "template.xlsx": ["template", "-o", "{out}"],
    "template.xlsm": ["template", "-o", "{out}"],
    "teaching.xlsx": ["template", "--teaching", "-o", "{out}"],
    "howell-7-tables.xlsx": ["template", "--movement", "howell", "--tables", "7", "--boards-per-round", "3",
                             "-o", "{out}"],
    "signed-ascherman-2-sections-event.xlsx": ["template", "--scale", "signed", "--method", "ascherman",
                                               "--tables", "5", "--boards", "10", "--sections", "2",
                                               "--field", "event", "-o", "{out}"],
    "single-mckinnon-arrowswitch.xlsx": ["template", "--scale", "1", "--method", "mckinnon", "--tables", "6",
                                         "--boards-per-round", "2", "--arrowswitch", "2", "-o", "{out}"],
    "score-usebio.xlsx": ["score", "{real}/scorebridge-2025-01-06-one-winner.xml", "-o", "{out}"],
    "score-usebio-compscore.xlsx": ["score", "{real}/compscore3-2022-07-27-howell-a5050.xml", "-o", "{out}"],
    "score-pbn-ruter.xlsx": ["score", "{real}/ruter-2016-03-09-signed-mp1-aminus.pbn", "-o", "{out}"],
    "score-bws.xlsx": ["score", "{real}/bridgemate-2005-05-09-12tables-arbitral.bws", "-o", "{out}"],
    "score-rulings-csv.xlsx": ["score", "{data}/rulings.csv", "-o", "{out}"],
}
#: The cases that read a real file (skipped when the real files are not there).
REAL = {name for name, argv in CASES.items() if any("{real}" in a for a in argv)}


def write(name: str, folder: Path) -> Path:
    """Write case ``name``'s workbook into ``folder`` with mpxl's command (in this process)."""
    from mpxl.cli import main

    out = folder / name
    argv = [a.format(out=out, real=REALDATA, data=HERE / "data") for a in CASES[name]]
    if main(argv) != 0:
        raise RuntimeError(f"mpxl {' '.join(argv)} failed")
    return out


def _sha(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()[:16]


#: A cell's XML in a worksheet part (openpyxl and mpxl.workbook.stream write ``<c r="A5" ...>...</c>`` or ``<c .../>``).
_CELL = re.compile(rb'<c r="([A-Z]+)[0-9]+"[^>]*?(?:/>|>.*?</c>)', re.S)


def _columns(xml: bytes) -> dict[str, str]:
    """A worksheet part's cells by column: column letter -> the digest of its cells' XML, row by row."""
    cells: dict[bytes, list[bytes]] = defaultdict(list)
    for m in _CELL.finditer(xml):
        cells[m.group(1)].append(m.group(0))
    return {col.decode(): _sha(b"".join(parts)) for col, parts in sorted(cells.items(), key=lambda kv: (len(kv[0]), kv[0]))}


def fingerprint(path: Path) -> dict[str, object]:
    """The workbook's fingerprint: ``parts`` (part name -> digest) and ``columns`` (worksheet part -> column
    -> digest)."""
    parts: dict[str, str] = {}
    columns: dict[str, dict[str, str]] = {}
    with zipfile.ZipFile(path) as z:
        for name in sorted(z.namelist()):
            if name in DATED:
                continue
            data = z.read(name)
            parts[name] = _sha(data)
            if name.startswith("xl/worksheets/") and name.endswith(".xml"):
                columns[name] = _columns(data)
    return {"parts": parts, "columns": columns}


def differences(want: dict[str, object], got: dict[str, object]) -> list[str]:
    """What differs between two fingerprints, in words: a part added, gone or changed, and the columns of a
    worksheet whose cells changed."""
    out: list[str] = []
    wp, gp = want["parts"], got["parts"]
    assert isinstance(wp, dict) and isinstance(gp, dict)
    for name in sorted(set(wp) | set(gp)):
        if wp.get(name) == gp.get(name):
            continue
        if name not in gp or name not in wp:
            out.append(f"{name}: {'gone' if name not in gp else 'new'}")
            continue
        wc = want["columns"].get(name, {})  # type: ignore[union-attr]
        gc = got["columns"].get(name, {})  # type: ignore[union-attr]
        cols = [c for c in sorted(set(wc) | set(gc), key=lambda c: (len(c), c)) if wc.get(c) != gc.get(c)]
        where = f" (cells of columns {', '.join(cols[:12])}{'...' if len(cols) > 12 else ''})" if cols else \
            " (not its cells: its columns, validations, conditional formats...)" if wc else ""
        out.append(f"{name} changed{where}")
    return out


def stored() -> dict[str, dict[str, object]]:
    """The stored fingerprints, by case."""
    result: dict[str, dict[str, object]] = json.loads(STORE.read_text())
    return result


def regenerate(keep: Path | None = None) -> None:
    """Write every case's workbook and store the fingerprints (the real files' cases only when they are there)."""
    old = stored() if STORE.exists() else {}
    with tempfile.TemporaryDirectory() as tmp:
        folder = keep or Path(tmp)
        folder.mkdir(parents=True, exist_ok=True)
        prints = {}
        for name in CASES:
            if name in REAL and not REALDATA.exists():
                print(f"{name}: kept (no real files in {REALDATA})")
                prints[name] = old[name]
                continue
            prints[name] = fingerprint(write(name, folder))
            print(f"{name}: {'same' if old.get(name) == prints[name] else 'written'}")
    STORE.write_text(json.dumps(prints, indent=0, sort_keys=True) + "\n")


if __name__ == "__main__":
    args = sys.argv[1:]
    regenerate(Path(args[args.index("--keep") + 1]) if "--keep" in args else None)
