"""One table of writers (issue 36, section 3): a new output format is one entry of
``mpxl.formats.WRITERS``, and the command's ``-o`` offers it, names it in its messages and writes it
through the table; ``mpxl.write_event`` writes every format of the table, the workbook and the results
page included. Expected figures: the test files' own counts (tests/data/two-sections.xml: 2 boards, 8
pairs, 4 traveller lines; club-howell.csv: 4 boards, 6 pairs, 12 traveller lines)."""

from __future__ import annotations

import sys
import types
from pathlib import Path

import pytest

import mpxl
from mpxl import formats
from mpxl.cli import main
from mpxl.core.errors import UserError
from mpxl.core.session import SessionResult, score_event
from mpxl.formats import WRITERS, Writer, output_extensions, read_event, write_event

DATA = Path(__file__).parent / "data"
XML, CSV = DATA / "two-sections.xml", DATA / "club-howell.csv"

#: What the command showed before the table (its -o help, the line after writing): unchanged.
NAMES = {".xlsx": "Excel workbook", ".csv": "CSV travellers", ".xml": "USEBIO XML", ".pbn": "PBN",
         ".html": "results page", ".htm": "results page"}


def test_the_extensions_and_names_are_the_commands_as_before():
    assert output_extensions() == tuple(NAMES)
    assert {ext: formats.writer_of(f"x{ext}").name for ext in NAMES} == NAMES


@pytest.fixture
def fake_format(monkeypatch):
    """A format added as one entry of the table (its module put where the table names it): it writes
    what it was given, and returns a note. The calls it got, for the test to read."""
    calls: list[tuple[object, str, dict]] = []

    def write_fake(result, path, **options):
        from mpxl.formats.atomic import atomic_write

        calls.append((result, str(path), options))
        with atomic_write(path) as f:
            f.write(f"{type(result).__name__} {len(result.boards)} boards\n")
        return "a fake note"

    module = types.ModuleType("mpxl.formats.fakefmt")
    setattr(module, "write_fake", write_fake)  # noqa: B010 (a module made here)
    monkeypatch.setitem(sys.modules, "mpxl.formats.fakefmt", module)
    monkeypatch.setitem(WRITERS, "fake", Writer("fake listing", (".fake", ".fk"), "fakefmt", "write_fake",
                                                options=("lang",)))
    return calls


def test_a_new_format_is_offered_by_score_o(fake_format, capsys):
    with pytest.raises(SystemExit):
        main(["score", "--help"])
    help_text = " ".join(capsys.readouterr().out.split())
    assert "write the scored event: .xlsx, .csv, .xml, .pbn, .html, .htm, .fake, .fk;" in help_text


def test_a_new_format_is_named_in_the_refusal(fake_format, tmp_path, capsys):
    assert main(["score", str(XML), "-o", str(tmp_path / "out.docx")]) == 2
    assert capsys.readouterr().err == (f"mpxl: {tmp_path / 'out.docx'}: cannot write '.docx'; expected one of "
                                       ".xlsx, .csv, .xml, .pbn, .html, .htm, .fake, .fk\n")


@pytest.mark.parametrize("source, columns, boards, said", [
    (XML, True, 2, "2 boards, 8 pairs"),
    (CSV, True, 4, "4 boards, 6 pairs"),  # plain travellers, read by columns: no Line made
    (CSV, False, 4, "4 boards, 6 pairs"),  # a writer of Lines: the event read row by row
])
def test_a_new_format_is_written_through_the_table(fake_format, monkeypatch, tmp_path, capsys, source, columns,
                                                   boards, said):
    monkeypatch.setitem(WRITERS, "fake", WRITERS["fake"]._replace(columns=columns))
    out = tmp_path / "out.FK"
    assert main(["score", str(source), "-o", str(out), "--lang", "fr"]) == 0
    stdout, err = capsys.readouterr()
    assert out.read_text() == f"SessionResult {boards} boards\n"
    assert stdout == f"mpxl: wrote {out} (fake listing): {said}\n"
    assert err == f"mpxl: {out}: a fake note\n"
    [(result, path, options)] = fake_format
    assert path == str(out) and options == {"lang": "fr"}  # the options it declares, and those only
    assert bool(result.event.lines) is not (columns and source == CSV)


def test_a_new_format_through_mpxl_write_event(fake_format, tmp_path):
    out = tmp_path / "night.fake"
    assert mpxl.write_event(score_event(read_event(XML)), out) == "a fake note"
    assert out.read_text() == "SessionResult 2 boards\n"


def test_the_csv_from_the_columns_says_its_lines(tmp_path, capsys):
    out = tmp_path / "out.csv"
    assert main(["score", str(CSV), "-o", str(out)]) == 0
    assert capsys.readouterr().out == f"mpxl: wrote {out} (CSV travellers): 12 traveller lines\n"
    assert out.read_bytes() == _written(score_event(read_event(CSV)), tmp_path / "by-lines.csv")


def _written(result: SessionResult, path: Path, **options) -> bytes:
    write_event(result, path, **options)
    return path.read_bytes()


def test_write_event_writes_the_results_page_as_write_html_does(tmp_path):
    from mpxl.formats.report_html import write_html

    result = score_event(read_event(XML))
    write_html(result, tmp_path / "direct.html", "fr", True)
    assert _written(result, tmp_path / "table.htm", lang="fr", members=True) == (tmp_path / "direct.html").read_bytes()


def test_write_event_writes_the_workbook(tmp_path):
    openpyxl = pytest.importorskip("openpyxl")
    result = score_event(read_event(XML))
    assert write_event(result, tmp_path / "night.xlsx") is None  # a live workbook: nothing to say
    ws = openpyxl.load_workbook(tmp_path / "night.xlsx")["Travellers"]
    from mpxl.workbook.layout import FIRST_ROW, TRAVELLER_COLUMNS

    assert str(ws[f"{TRAVELLER_COLUMNS['ns_mp']}{FIRST_ROW}"].value).startswith("=")  # the template's formula
    assert sorted(p.name for p in tmp_path.iterdir()) == ["night.xlsx"]  # atomically: no temporary file left


@pytest.mark.parametrize("ext, name", [(".html", "results page"), (".xlsx", "Excel workbook")])
def test_a_bare_event_is_refused_where_a_scored_one_is_needed(tmp_path, ext, name):
    out = tmp_path / f"night{ext}"
    with pytest.raises(UserError, match=f"the {name} is written from a scored event"):
        write_event(read_event(XML), out)
    assert not out.exists()


@pytest.mark.parametrize("path, format, message", [
    ("night.usebio", None, "cannot write '.usebio'; expected one of .xlsx, .csv, .xml, .pbn, .html, .htm"),
    ("night", None, "cannot write 'files without an extension'; expected one of .xlsx"),
    ("night.xml", "docx", "cannot write 'docx'; expected one of .xlsx"),
])
def test_write_event_names_what_it_writes(tmp_path, path, format, message):
    with pytest.raises(UserError, match=message.replace(".", r"\.")):
        write_event(score_event(read_event(XML)), tmp_path / path, format)


def test_write_event_takes_a_format_by_name(tmp_path):
    result = score_event(read_event(XML))
    assert _written(result, tmp_path / "a.txt", format="usebio") == _written(result, tmp_path / "b.xml")


def test_an_option_no_writer_takes_is_a_programming_error(tmp_path):
    with pytest.raises(TypeError, match="unexpected keyword arguments: colour"):
        write_event(score_event(read_event(XML)), tmp_path / "a.xml", colour="red")
