"""Every workbook the project ships or writes, checked by an OOXML validator at Office 2010.

openxml-audit (PyPI, pure Python) validates the package against the Office 2010 schemas
(``--format office2010 -o json``). The workbooks: the committed templates, a fresh template and a fresh
macro-enabled one, ``mpxl score -o x.xlsx`` on the first boards of the real files that between them hold every
part, element and attribute the writer gives a real file (AUDITED_REAL, AUDITED_BOARDS; each real file's whole
workbook checked to be made of nothing else) and on a generated event (with artificial and split scores), a two-section event, the values-only workbook
(factored to a fixed top, which the formulas do not hold) and the study workbook.

The validator's time goes with a workbook's XML elements (the committed 540-row template's 13 s, the teaching
workbook's 2.5 s on the two-core CI machine), so a workbook that is another one part for part is not
validated twice: the committed .xlsm is the committed .xlsx with the macro-enabled parts of
the fresh .xlsm (its VBA project, content types, relationship and code names), and the demo workbook is
the committed teaching workbook (both checked part for part below). The committed club template is what
``mpxl template`` writes, byte for byte (tests/test_template.py); the same writer's template at 3 tables
and 4 boards is audited in its place: the same parts, sheets, styles, validations and formulas, its
rows fewer (each row the same elements as the next).

Each must have 0 errors. The Excel app-compatibility findings (warnings, not errors) are
explained in docs/template.md.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
import zipfile
from dataclasses import replace
from pathlib import Path

import pytest
from shared import REAL_FILES

from mpxl.cli import main
from mpxl.core.event import Event
from mpxl.formats import inputs

ROOT = Path(__file__).resolve().parent.parent
#: The real files whose scored workbooks are audited (the validator's time goes with the XML: the 8 real files'
#: workbooks took 100 s of the 137 s): between them the writer's every kind of part, and in each part every element
#: and attribute it writes for any real file (test_every_real_workbook_is_made_of_the_audited_ones checks the
#: others): the Hands sheet, the signed scale, a penalty, a split score and a bye (Ruter's incoming file, the
#: smallest with a Hands sheet); the percent scale (JFR Pary); the single scale (ACBLscore); two winners (EBUScore).
#: The others (Magic Contest's 155,000 formulas, Compscore3's, ScoreBridge's, Ruter's 2016-03) differ in their
#: figures, not in what they are made of.
AUDITED_REAL = [p for p in REAL_FILES if p.stem in (
    "ruter-2016-08-10-signed-penalty-split-bye", "jfrpary-2013-08-08-percent-barometer",
    "acblscore-2017-08-10-howell-single-scale", "ebuscore-2025-01-02-two-winner-a5050")]

#: The boards of each audited real file its audited workbook is scored from: enough for a page break in every
#: printed sheet, so that the file's whole workbook holds nothing they do not (checked below); the validator's time
#: goes with the rows (the four whole workbooks took 39 s, their first 8 boards 15 s).
AUDITED_BOARDS = 8


def first_boards(event: Event, k: int) -> Event:
    """The event's first ``k`` boards (by number): their lines, sit-outs, deals and analyses; the pairs all kept.

    >>> from mpxl.core.event import Line
    >>> ev = first_boards(Event(lines=[Line(b, "1", "2", score=420) for b in (3, 1, 2, 1)]), 2)
    >>> [ln.board for ln in ev.lines]
    [1, 2, 1]
    """
    keep = set(sorted({ln.board for ln in event.lines})[:k])
    return replace(event, lines=[ln for ln in event.lines if ln.board in keep],
                   sitouts=[s for s in event.sitouts if s.board in keep],
                   deals={b: d for b, d in event.deals.items() if b in keep},
                   analyses={b: a for b, a in event.analyses.items() if b in keep})


def _generated_event(path: Path) -> None:
    """Two boards, four tables: plain scores, an artificial score and a split score."""
    rows = ["board,ns_pair,ew_pair,ns_score"]
    scores = {1: [420, 450, "A60", 400], 2: [-100, "-150|-50", 110, 140]}
    for board, line in scores.items():
        for table, score in enumerate(line, 1):
            rows.append(f"{board},{table},{table + 10},{score}")
    path.write_text("\n".join(rows) + "\n", encoding="utf-8")


@pytest.fixture(scope="module")
def audit(tmp_path_factory):
    exe = shutil.which("openxml-audit", path=str(Path(sys.executable).parent)) or shutil.which("openxml-audit")
    if exe is None:
        reason = "openxml-audit is not installed (pip install -e '.[test]')"
        if os.environ.get("CI", "").lower() == "true":
            pytest.fail(reason + "; CI=true, so this is a failure, not a skip")
        pytest.skip(reason)
    out = tmp_path_factory.mktemp("workbooks")
    shutil.copy(ROOT / "workbook_templates" / "neuberg-teaching.xlsx", out / "neuberg-teaching.xlsx")
    for name in ("fresh-template.xlsx", "fresh-macro.xlsm"):
        assert main(["template", "-o", str(out / name), "--tables", "3", "--boards", "4"]) == 0
    assert main(["template", "-o", str(out / "fresh-howell.xlsx"), "--tables", "4", "--boards", "5",
                 "--movement", "howell", "--method", "mckinnon"]) == 0
    whole = tmp_path_factory.getbasetemp() / "real-whole"  # each real file's workbook (test_every_real_workbook_...)
    whole.mkdir(exist_ok=True)
    for real in REAL_FILES:
        assert main(["score", str(real), "-o", str(whole / f"score-{real.stem}.xlsx")]) == 0
    with pytest.MonkeyPatch.context() as mp:  # the audited ones from their first boards: the same parts, fewer rows
        read = inputs.read_event
        mp.setattr(inputs, "read_event", lambda path: first_boards(read(path), AUDITED_BOARDS))
        for real in AUDITED_REAL:
            assert main(["score", str(real), "-o", str(out / f"score-{real.stem}.xlsx")]) == 0
    events = tmp_path_factory.mktemp("events")
    _generated_event(events / "generated.csv")
    assert main(["score", str(events / "generated.csv"), "-o", str(out / "score-generated.xlsx")]) == 0
    (events / "two-sections.csv").write_text(
        "board,section,ns_pair,ew_pair,ns_score\n1,A,1,2,420\n1,A,3,4,400\n1,B,1,2,100\n1,B,3,4,-50\n", encoding="utf-8")
    assert main(["score", str(events / "two-sections.csv"), "-o", str(out / "score-two-sections.xlsx")]) == 0
    assert main(["score", str(events / "two-sections.csv"), "--factor-top", "4", "-o", str(out / "values-only.xlsx")]) == 0
    # sit-outs: a table with one pair, written as the pair alone with `sitout`
    (events / "sitouts.csv").write_text(
        "board,ns_pair,ew_pair,ns_score\n1,1,2,420\n1,3,4,400\n1,,5,sitout\n2,2,3,420\n2,4,5,400\n2,1,,\n",
        encoding="utf-8")
    assert main(["score", str(events / "sitouts.csv"), "-o", str(out / "score-sitouts.xlsx")]) == 0
    if REAL_FILES:  # the first real file with boards enough to hide results on
        assert any(main(["study", str(real), "--trials", "2", "-o", str(out / "study.xlsx")]) == 0 for real in REAL_FILES)
    got = subprocess.run([exe, "--format", "office2010", "-o", "json", "-m", "0", "-r", str(out)],
                         capture_output=True, text=True, timeout=600)
    reports = json.loads(got.stdout)
    by_name = {Path(r["file"]).stem: r for r in reports}
    assert set(by_name) == {p.stem for p in out.glob("*.xls[xm]")}, got.stderr[-2000:]
    return by_name


def _errors(report) -> set:
    return {(e["part_uri"], e["path"], e["description"]) for e in report["errors"] if e["severity"] == "error"}


NAMES = (["fresh-template", "neuberg-teaching", "fresh-macro", "fresh-howell",
          "score-generated", "score-two-sections", "values-only", "score-sitouts"]
         + [f"score-{p.stem}" for p in AUDITED_REAL] + (["study"] if REAL_FILES else []))


@pytest.mark.parametrize("name", NAMES)
def test_no_errors(audit, name):
    """0 errors in every workbook."""
    report = audit[name]
    assert _errors(report) == set()
    assert report["error_count"] == 0


#: The Excel app-compatibility findings (warnings) explained in docs/template.md, by a phrase of each.
EXPLAINED_WARNINGS = {"inline-string cell(s)": "inlineStr"}


@pytest.mark.parametrize("name", NAMES)
def test_every_warning_is_explained_in_docs(audit, name):
    """Each warning is one docs/template.md explains (a new kind of finding fails here until it is)."""
    docs = (ROOT / "docs" / "template.md").read_text(encoding="utf-8")
    for phrase, word in EXPLAINED_WARNINGS.items():
        assert word in docs, f"docs/template.md does not explain {phrase!r}"
    for e in audit[name]["errors"]:
        if e["severity"] != "error":
            assert any(phrase in e["description"] for phrase in EXPLAINED_WARNINGS), e["description"]


def _parts(path: Path) -> dict:
    """The package's parts but docProps/core.xml (its dates, and the .xlsm's note of its xlwings)."""
    with zipfile.ZipFile(path) as z:
        return {name: z.read(name) for name in z.namelist() if name != "docProps/core.xml"}


#: What macro_enable adds to a package: the VBA part, its content types and relationship, the code names.
MACRO_PARTS = ("xl/vbaProject.bin", "[Content_Types].xml", "xl/_rels/workbook.xml.rels")


def _macro_free(parts: dict) -> dict:
    """The parts with what macro_enable adds taken out (the code names as attributes of workbookPr, sheetPr)."""
    return {name: re.sub(rb' codeName="[^"]*"', b"", data) for name, data in parts.items() if name not in MACRO_PARTS}


def test_the_committed_xlsm_is_the_audited_xlsx_macro_enabled(audit, tmp_path):
    """workbook_templates/club-pairs.xlsm is club-pairs.xlsx (``mpxl template``'s, audited at a small size) part for
    part, with the macro-enabled parts of the fresh .xlsm (audited): the same VBA project, content types and
    relationship."""
    committed = ROOT / "workbook_templates"
    xlsm, xlsx = _parts(committed / "club-pairs.xlsm"), _parts(committed / "club-pairs.xlsx")
    assert _macro_free(xlsm) == _macro_free(xlsx)
    assert set(xlsm) - set(xlsx) == {"xl/vbaProject.bin"}
    fresh = tmp_path / "fresh.xlsm"
    assert main(["template", "-o", str(fresh), "--tables", "3", "--boards", "4"]) == 0
    fresh_parts = _parts(fresh)
    assert all(xlsm[name] == fresh_parts[name] for name in MACRO_PARTS)
    assert audit["fresh-macro"]["error_count"] == audit["fresh-template"]["error_count"] == 0


def test_the_demo_workbook_is_the_audited_teaching_workbook(audit, tmp_path):
    """`mpxl demo -o demo.xlsx` writes workbook_templates/neuberg-teaching.xlsx (audited), part for part."""
    demo = tmp_path / "demo.xlsx"
    assert main(["demo", "-o", str(demo)]) == 0
    assert _parts(demo) == _parts(ROOT / "workbook_templates" / "neuberg-teaching.xlsx")
    assert audit["neuberg-teaching"]["error_count"] == 0


def _made_of(path: Path) -> set:
    """What a workbook is made of, as a validator reads it: each part's kind (its path, numbers aside: sheet2.xml and
    sheet5.xml alike), and in each XML part every element under its parent with its attributes' names."""
    import xml.etree.ElementTree as ET

    out = set()
    with zipfile.ZipFile(path) as z:
        for name in z.namelist():
            kind = re.sub(r"\d+", "N", name)
            out.add((kind,))
            if not name.endswith((".xml", ".rels", ".vml")):
                continue
            parents = []
            with z.open(name) as part:
                for event, el in ET.iterparse(part, events=("start", "end")):
                    if event == "start":
                        out.add((kind, parents[-1] if parents else None, el.tag, tuple(sorted(el.attrib))))
                        parents.append(el.tag)
                    else:
                        parents.pop()
                        el.clear()
    return out


def test_every_real_workbook_is_made_of_the_audited_ones(audit, tmp_path_factory):
    """Each real file's whole workbook (the audited ones are of their first boards) holds no kind of part, and no element or attribute in
    a part, that the audited real files' workbooks do not: a new feature of a real file (or a new real file in
    incoming/) that writes something new fails here until a file that has it is audited."""
    others = sorted((tmp_path_factory.getbasetemp() / "real-whole").glob("*.xlsx"))
    if not REAL_FILES:
        pytest.skip("no real files")
    assert len(others) == len(REAL_FILES) > len(AUDITED_REAL)
    folder = Path(audit["fresh-template"]["file"]).parent
    audited = set().union(*(_made_of(folder / f"score-{r.stem}.xlsx") for r in AUDITED_REAL))
    for p in others:
        new = _made_of(p) - audited
        assert not new, f"{p.name}: {sorted(new, key=str)[:5]}"
