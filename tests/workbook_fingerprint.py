"""Fingerprints of the workbooks mpxl writes, to prove a refactoring leaves them the same cell for cell.

A workbook's fingerprint is the sha256 of each part of its package, made canonical where the order the
writer happened to create things in shows through: a cell's style (``s="7"``, an index into styles.xml) is
written as the style itself (its number format, font, fill, border, alignment, protection); a shared
formula's number (``si="54"``) as its master cell; a conditional format's style (``dxfId``) as the style;
the defined names and the styles as sorted sets. Everything else is kept byte for byte (each sheet's cells,
values and formulas, validations, conditional formats, column widths; the notes; the charts), but
docProps/core.xml (the dates it was written). For each worksheet, each column's cells have a digest too, so a
failure names the column that changed. The workbooks are those of :data:`CASES`: ``mpxl template`` (xlsx,
xlsm, teaching, a howell movement, a scale and method or two) and ``mpxl score`` of real files (a USEBIO, a
PBN, the tablets' .bws) and of tests/data's rulings.

The fingerprints are stored in tests/data/workbook_fingerprints.json. When a formula changes on purpose,
write them again (one command, from the checkout)::

    .venv/bin/python tests/workbook_fingerprint.py

``--keep DIR`` keeps the workbooks written (to compare with those of another commit); ``--from DIR`` takes
the fingerprints of the workbooks already in DIR (written by another commit's code) instead of writing them.
"""

from __future__ import annotations

import hashlib
import json
import re
import sys
import tempfile
import xml.etree.ElementTree as ET
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
    "score-rulings-percent-matchpoints-first.xlsx": ["score", "{data}/rulings.csv", "--scale", "percent",
                                                     "--rounding-order", "matchpoints-first", "-o", "{out}"],
    "score-jfr-percent.xlsx": ["score", "{real}/pending/jfrpary-2013-08-08-percent-barometer.xml", "-o", "{out}"],
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


_MAIN = "{http://schemas.openxmlformats.org/spreadsheetml/2006/main}"


def _children(root: ET.Element, tag: str) -> list[ET.Element]:
    found = root.find(f"{_MAIN}{tag}")
    return [] if found is None else list(found)


def _styles(xml: bytes) -> tuple[list[str], list[str], bytes]:
    """styles.xml's cell styles and conditional formats' styles, each written out whole (its number format's code,
    font, fill and border in place of their indices), by index; and the part made canonical: the sets of them."""
    root = ET.fromstring(xml)
    formats = {f.get("numFmtId"): f.get("formatCode", "") for f in root.iter(f"{_MAIN}numFmt")}
    tables = {name: [ET.tostring(e) for e in _children(root, f"{name}s")] for name in ("font", "fill", "border")}
    xfs = []
    for xf in _children(root, "cellXfs"):
        n = xf.get("numFmtId", "0")
        whole = [f"numFmt={formats.get(n, n)}"] + [f"{k}={v}" for k, v in sorted(xf.attrib.items())
                                                   if k not in ("numFmtId", "fontId", "fillId", "borderId")]
        whole += [tables[t][int(xf.get(f"{t}Id", "0"))].decode() for t in tables if tables[t]]
        whole += [ET.tostring(child).decode() for child in xf]
        xfs.append(_sha("|".join(whole).encode()))
    dxfs = [_sha(ET.tostring(d)) for d in _children(root, "dxfs")]
    return xfs, dxfs, "\n".join(sorted(xfs) + ["dxfs"] + sorted(dxfs)).encode()


def _sheet(xml: bytes, xfs: list[str], dxfs: list[str]) -> bytes:
    """A worksheet part with its styles written as themselves and its shared formulas named by their master."""
    masters = {si: cell for cell, si in re.findall(rb'<f t="shared" ref="([A-Z]+[0-9]+)[^"]*" si="([0-9]+)"', xml)}
    xml = re.sub(rb'( si=")([0-9]+)(")', lambda m: m[1] + masters[m[2]] + m[3], xml)
    xml = re.sub(rb'( s=")([0-9]+)(")', lambda m: m[1] + xfs[int(m[2])].encode() + m[3], xml)
    xml = re.sub(rb'( style=")([0-9]+)(")', lambda m: m[1] + xfs[int(m[2])].encode() + m[3], xml)
    return re.sub(rb'( dxfId=")([0-9]+)(")', lambda m: m[1] + dxfs[int(m[2])].encode() + m[3], xml)


def _workbook(xml: bytes) -> bytes:
    """workbook.xml with its defined names sorted."""
    names = re.search(rb"<definedNames>(.*?)</definedNames>", xml, re.S)
    if not names:
        return xml
    each = sorted(re.findall(rb"<definedName .*?</definedName>|<definedName [^>]*/>", names[1], re.S))
    return xml[:names.start(1)] + b"".join(each) + xml[names.end(1):]


def fingerprint(path: Path) -> dict[str, object]:
    """The workbook's fingerprint: ``parts`` (part name -> digest of its canonical form) and ``columns``
    (worksheet part -> column -> digest)."""
    parts: dict[str, str] = {}
    columns: dict[str, dict[str, str]] = {}
    with zipfile.ZipFile(path) as z:
        xfs, dxfs, styles = _styles(z.read("xl/styles.xml"))
        for name in sorted(z.namelist()):
            if name in DATED:
                continue
            data = z.read(name)
            if name == "xl/styles.xml":
                data = styles
            elif name == "xl/workbook.xml":
                data = _workbook(data)
            elif name.startswith("xl/worksheets/") and name.endswith(".xml"):
                data = _sheet(data, xfs, dxfs)
                columns[name] = _columns(data)
            parts[name] = _sha(data)
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


def regenerate(keep: Path | None = None, written: Path | None = None) -> None:
    """Write every case's workbook (into ``keep`` if given) and store the fingerprints (the real files' cases only
    when they are there); or take those of the workbooks already ``written`` in a folder."""
    old = stored() if STORE.exists() else {}
    with tempfile.TemporaryDirectory() as tmp:
        folder = keep or Path(tmp)
        folder.mkdir(parents=True, exist_ok=True)
        prints = {}
        for name in CASES:
            if written is None and name in REAL and not REALDATA.exists():
                print(f"{name}: kept (no real files in {REALDATA})")
                prints[name] = old[name]
                continue
            prints[name] = fingerprint(written / name if written else write(name, folder))
            print(f"{name}: {'same' if old.get(name) == prints[name] else 'written'}")
    STORE.write_text(json.dumps(prints, indent=0, sort_keys=True) + "\n")


def _option(args: list[str], name: str) -> Path | None:
    return Path(args[args.index(name) + 1]) if name in args else None


if __name__ == "__main__":
    regenerate(_option(sys.argv[1:], "--keep"), _option(sys.argv[1:], "--from"))
