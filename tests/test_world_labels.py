"""Direction labels in any language (issue 50): a PBN file's TotalScoreTable Direction and its ScoreTable's column
suffixes, a USEBIO file's DIRECTION, read from what the file itself declares (its pairs' seats, its columns' order),
from the languages mpxl knows where it cannot, and refused, naming the label and its line, where neither tells.

The real files are Ruter's two PBN files (/work/shared/realdata), copied into tmp_path with their labels respelt;
the generated events are written by the project's own writers and respelt the same way.
"""

from __future__ import annotations

import json
import random
import re
import sys
from pathlib import Path

import pytest

from mpxl.cli import main
from mpxl.core.event import Event, Line
from mpxl.core.options import ScoringOptions
from mpxl.core.session import score_event
from mpxl.formats import read_event, write_event
from mpxl.formats.sides import side_word

sys.path.insert(0, str(Path(__file__).parent))
from shared import real_files  # noqa: E402

RUTER = [p for p in real_files(".pbn") if p.name.startswith("ruter")]

#: (how a club writes NS, how it writes EW): each language's labels, and one English spelling for the record.
LABELS = [("N-S", "Ö-V"), ("N-S", "O-W"), ("N-S", "Ø-V"), ("N-S", "E-O"), ("NZ", "OW"), ("Nord-Süd", "Ost-West"),
          ("Nord-Sud", "Est-Ouest"), ("N/S", "E/W")]


def _checked(path: Path, capsys) -> tuple[int, dict]:
    code = main(["check", str(path), "--json"])
    out = capsys.readouterr().out
    return code, json.loads(out) if out.strip().startswith("{") else {}


def _respelt(src: Path, dst: Path, ns: str, ew: str) -> Path:
    """``src`` copied to ``dst`` with its TotalScoreTable's "N-S" / "E-W" labels spelt ``ns`` / ``ew``."""
    text = src.read_text(encoding="latin-1").replace('"N-S"', f'"{ns}"').replace('"E-W"', f'"{ew}"')
    dst.write_text(text, encoding="latin-1")
    return dst


@pytest.mark.skipif(not RUTER, reason="the real files are not here")
@pytest.mark.parametrize("ns, ew", LABELS)
@pytest.mark.parametrize("src", RUTER, ids=lambda p: p.name)
def test_a_real_file_labelled_in_another_language_reads_and_checks_clean(src, ns, ew, tmp_path, capsys):
    code, doc = _checked(_respelt(src, tmp_path / "respelt.pbn", ns, ew), capsys)
    assert code == 0 and not doc["differences"], doc.get("differences")
    assert all(a == b for a, b in doc["reproduced"].values())


@pytest.mark.skipif(not RUTER, reason="the real files are not here")
@pytest.mark.parametrize("src", RUTER, ids=lambda p: p.name)
def test_a_scoretable_whose_columns_name_the_directions_in_another_language(src, tmp_path, capsys):
    """``PairId_NS;PairId_ÖV;...;MP_ÖV``: the file's own two suffixes, NS first."""
    text = re.sub(r"(PairId|Score|MP|Percentage)_EW", r"\1_ÖV", src.read_text(encoding="latin-1"))
    path = tmp_path / "columns.pbn"
    path.write_text(text, encoding="latin-1")
    code, doc = _checked(path, capsys)
    assert code == 0 and all(a == b for a, b in doc["reproduced"].values())


@pytest.mark.skipif(not RUTER, reason="the real files are not here")
@pytest.mark.parametrize("src", RUTER, ids=lambda p: p.name)
def test_a_label_nothing_tells_is_refused_naming_it_and_its_line(src, tmp_path, capsys):
    """Ruter's evenings are Howells: their pairs sit both ways, so the seats say nothing of 'Up'."""
    path = _respelt(src, tmp_path / "up.pbn", "N-S", "Up")
    assert main(["check", str(path)]) == 2
    err = capsys.readouterr().err
    line = next(i for i, text in enumerate(path.read_text(encoding="latin-1").splitlines(), 1) if '"Up"' in text)
    assert f"line {line}: Direction 'Up' is not a side" in err and len(err.strip().splitlines()) == 1


def mitchell(seed: int, tables: int = 5, boards: int = 6, apart: bool = True) -> Event:
    """A two-winner Mitchell: NS pair t at table t, EW pairs moving, numbered after the NS pairs when ``apart``
    (else both directions 1 to ``tables``)."""
    rnd = random.Random(seed)
    lines = []
    for b in range(1, boards + 1):
        for t in range(1, tables + 1):
            ew = (t + b) % tables + 1 + (tables if apart else 0)
            lines.append(Line(b, str(t), str(ew), score=rnd.choice((-100, 50, 110, 140, 420, 450, 620))))
    return Event(lines=lines, title=f"mitchell {seed}", program="Ein Programm 1.0", winners={"": 2})


@pytest.mark.parametrize("ns, ew", [("Nord", "Süd"), ("Alfa", "Beta"), ("Ö-V", "N-S")])
def test_a_mitchell_s_labels_are_read_from_its_pairs_seats(ns, ew, tmp_path, capsys):
    """Any two words, even the wrong way round for the list (the file's seats win): each pair's direction is
    where the ScoreTables seat it."""
    src = tmp_path / "mitchell.pbn"
    write_event(score_event(mitchell(1), ScoringOptions.parse(rounding="1", winners=2)), src)
    path = _respelt(src, tmp_path / "labelled.pbn", ns, ew)
    event = read_event(path)
    seats = {(ln.ns_pair, "NS") for ln in event.lines} | {(ln.ew_pair, "EW") for ln in event.lines}
    assert {(p.number, p.direction) for p in event.pairs} == seats
    code, doc = _checked(path, capsys)
    assert code == 0 and all(a == b for a, b in doc["reproduced"].values())


def test_a_mitchell_numbered_alike_both_ways_reads_its_labels_by_the_languages(tmp_path, capsys):
    """NS 1-5 and EW 1-5: a number sits both ways, so the seats tell nothing; the list reads Ö-V, and a word it does
    not know is refused."""
    src = tmp_path / "mitchell.pbn"
    write_event(score_event(mitchell(3, apart=False), ScoringOptions.parse(rounding="1", winners=2)), src)
    code, doc = _checked(_respelt(src, tmp_path / "ov.pbn", "N-S", "Ö-V"), capsys)
    assert code == 0 and all(a == b for a, b in doc["reproduced"].values())
    assert main(["check", str(_respelt(src, tmp_path / "beta.pbn", "N-S", "Beta"))]) == 2
    assert "Direction 'Beta' is not a side" in capsys.readouterr().err


@pytest.mark.parametrize("ns, ew", [("N-S", "Ö-V"), ("NZ", "OW"), ("Nord-Süd", "Ost-West")])
def test_a_usebio_direction_in_another_language(ns, ew, tmp_path, capsys):
    src = tmp_path / "mitchell.xml"
    write_event(score_event(mitchell(2), ScoringOptions.parse(rounding="1", winners=2)), src)
    text = src.read_text(encoding="utf-8")
    assert "<DIRECTION>EW</DIRECTION>" in text
    path = tmp_path / "labelled.xml"
    path.write_text(text.replace("<DIRECTION>NS</DIRECTION>", f"<DIRECTION>{ns}</DIRECTION>")
                    .replace("<DIRECTION>EW</DIRECTION>", f"<DIRECTION>{ew}</DIRECTION>"), encoding="utf-8")
    code, doc = _checked(path, capsys)
    assert code == 0 and all(a == b for a, b in doc["reproduced"].values())
    bad = tmp_path / "bad.xml"
    bad.write_text(text.replace("<DIRECTION>EW</DIRECTION>", "<DIRECTION>Up</DIRECTION>"), encoding="utf-8")
    assert main(["check", str(bad)]) == 2
    assert "DIRECTION 'Up' is not a side" in capsys.readouterr().err


@pytest.mark.parametrize("word, side", [
    ("Ö-V", "EW"), ("öv", "EW"), ("Öst-Väst", "EW"), ("Ø-V", "EW"), ("Øst/Vest", "EW"), ("O-W", "EW"),
    ("Oost-West", "EW"), ("E-O", "EW"), ("Est-Ouest", "EW"), ("I-L", "EW"), ("W-Z", "EW"), ("E-W", "EW"),
    ("N-S", "NS"), ("Nord-Süd", "NS"), ("NZ", "NS"), ("Noord-Zuid", "NS"), ("Norte-Sur", "NS"), ("P-E", "NS"),
])
def test_the_languages_direction_words(word, side):
    assert side_word(word) == side


@pytest.mark.parametrize("word", ["O", "NZ-OW", "Up", ""])
def test_a_word_of_no_side_is_refused(word):
    with pytest.raises(ValueError, match="is not a side; expected NS or EW .*; nor in any other language"):
        side_word(word)
