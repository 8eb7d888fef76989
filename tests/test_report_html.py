"""The HTML pages (mpxl.formats.report_html): unit checks, then a real browser.

Headless Chromium (Debian ``chromium``) loads each page from disk with the
network shut off (no proxy, an unresolvable host map, no background
networking), dumps the rendered DOM, takes a phone-sized screenshot and
prints to PDF. The tests assert that the ranking and a traveller are in the
rendered page. Without Chromium they are skipped, except on CI (``CI=true``),
where a missing browser is a failure: ``.ci/run`` installs it.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
from html.parser import HTMLParser
from pathlib import Path

import pytest
from shared import REALDATA  # noqa: E402

from mpxl.core.event import Event, Line, Pair
from mpxl.core.options import ScoringOptions
from mpxl.core.session import score_event
from mpxl.formats.report_html import results_html, study_html, write_html, write_study_html

EBUSCORE = REALDATA / "ebuscore-2025-01-02-two-winner-a5050.xml"
PNG = b"\x89PNG\r\n\x1a\n"


def club_event() -> Event:
    """Two boards, three tables, two winners; a name and a title that need escaping; an Ave+ line."""
    lines = [
        Line(1, "1", "4", score=420, contract="4S", declarer="S", tricks=10),
        Line(1, "2", "5", score=-50, contract="4S", declarer="N", tricks=9),
        Line(1, "3", "6", score=450, contract="4S", declarer="S", tricks=11),
        Line(2, "1", "5", score=-110, contract="2H", declarer="E", tricks=8),
        Line(2, "2", "6", score="A+"),
        Line(2, "3", "4", score=100, contract="3H", declarer="W", tricks=8),
    ]
    pairs = [Pair(str(n), "", "NS" if n <= 3 else "EW", names=(f"Player {n}a", f"Player {n}b")) for n in range(1, 7)]
    pairs[0] = Pair("1", "", "NS", names=("Ann <Smith>", "Bob & Co"))
    return Event(lines=lines, pairs=pairs, title="Tuesday <Pairs> & Co", date="2025-01-07", winners={"": 2})


@pytest.fixture(scope="module")
def club_result():
    return score_event(club_event(), ScoringOptions.parse(rounding=2))


# ---------------------------------------------------------------------------
# the page itself


def test_everything_is_escaped(club_result):
    page = results_html(club_result)
    assert "Tuesday &lt;Pairs&gt; &amp; Co" in page
    assert "Ann &lt;Smith&gt; &amp; Bob &amp; Co" in page
    assert "<Smith>" not in page and "<Pairs>" not in page


def test_no_network_resources_and_no_script(club_result):
    page = results_html(club_result)
    assert not re.search(r"""(src|href)\s*=\s*["']?(https?:)?//""", page)
    assert "@import" not in page and "url(" not in page and "<script" not in page.lower()


def test_phone_and_print_rules(club_result):
    page = results_html(club_result)
    assert '<meta name="viewport" content="width=device-width, initial-scale=1">' in page
    assert "@media print" in page and "@media (max-width" in page and ".scroll { overflow-x: auto" in page


def test_ranking_travellers_and_cards(club_result):
    page = results_html(club_result)
    for pr in club_result.pairs:
        assert f'id="pair-{pr.pair.direction}-{pr.pair.number}"' in page
    assert page.count('class="board"') == 2 and 'id="board-1"' in page and 'id="board-2"' in page
    assert page.count('class="card"') == 6
    assert "A+" in page  # the artificial score on board 2's traveller


def test_write_html_is_readable_by_others(club_result, tmp_path):
    out = tmp_path / "results.html"
    write_html(club_result, out)
    assert out.read_text(encoding="utf-8").startswith("<!DOCTYPE html>")
    assert out.stat().st_mode & 0o044  # group/other may read a page meant for publishing (umask allowing)


def test_study_page_embeds_its_charts(tmp_path):
    from mpxl.core.study import StudyOptions, study

    res = study([club_event()], StudyOptions(remove=1, trials=3))
    page = study_html([res], {"error-by-method": PNG + b"x", "sibling": "chart.png"})
    assert "data:image/png;base64," in page and 'src="chart.png"' in page
    out = tmp_path / "study.html"
    write_study_html([res], out)
    assert "Neuberg" in out.read_text(encoding="utf-8")


# ---------------------------------------------------------------------------
# a real browser

CHROMIUM = next((p for p in (shutil.which("chromium"), shutil.which("chromium-browser"), "/usr/bin/chromium")
                 if p and os.path.exists(p)), None)

FLAGS = [
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
    "--disable-extensions", "--disable-default-apps", "--hide-scrollbars",
    "--no-proxy-server", "--host-resolver-rules=MAP * ~NOTFOUND",
]


def require_chromium() -> str:
    """Chromium's command, or skip the test (fail it when CI=true)."""
    if CHROMIUM is None:
        if os.environ.get("CI", "").lower() == "true":
            pytest.fail("CI=true but Chromium is not installed: .ci/run must install the Debian package chromium")
        pytest.skip("Chromium is not installed (Debian package chromium); the browser tests need it")
    return CHROMIUM


@pytest.fixture
def chromium():
    return require_chromium()


def run_chromium(binary: str, tmp_path: Path, *args: str) -> subprocess.CompletedProcess:
    profile = tmp_path / f"profile-{len(list(tmp_path.glob('profile-*')))}"
    profile.mkdir()
    cmd = [binary, *FLAGS, f"--user-data-dir={profile}", *args]
    return subprocess.run(cmd, capture_output=True, timeout=120, env={**os.environ, "HOME": str(tmp_path)})


class _Text(HTMLParser):
    """The text inside the element with a given id (the rendered DOM as Chromium dumped it)."""

    VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"}

    def __init__(self, wanted: str):
        super().__init__()
        self.wanted, self.depth, self.parts = wanted, 0, []

    def handle_starttag(self, tag, attrs):
        if tag in self.VOID:
            return
        if self.depth:
            self.depth += 1
        elif dict(attrs).get("id") == self.wanted:
            self.depth = 1

    def handle_endtag(self, tag):
        if self.depth and tag not in self.VOID:
            self.depth -= 1

    def handle_data(self, data):
        if self.depth:
            self.parts.append(data)


def text_of(dom: str, element_id: str) -> str:
    p = _Text(element_id)
    p.feed(dom)
    return " ".join(" ".join(p.parts).split())


def render(binary: str, page: Path, tmp_path: Path, pdf: Path | None = None) -> str:
    """The rendered DOM of ``page``, with a phone-wide screenshot checked (and printed to ``pdf`` if given):
    one Chromium start does all three (headless Chromium 112 on); an older one that writes only the DOM
    is asked again for each picture it left out."""
    shot = tmp_path / f"{page.stem}.png"
    printing = ("--no-pdf-header-footer", f"--print-to-pdf={pdf}") if pdf else ()
    dom = run_chromium(binary, tmp_path, "--dump-dom", "--window-size=390,1600", f"--screenshot={shot}", *printing,
                       page.as_uri())
    assert dom.returncode == 0, dom.stderr.decode(errors="replace")[-2000:]
    if not shot.exists():
        res = run_chromium(binary, tmp_path, "--window-size=390,1600", f"--screenshot={shot}", page.as_uri())
        assert res.returncode == 0, res.stderr.decode(errors="replace")[-2000:]
    if pdf and not pdf.exists():
        res = run_chromium(binary, tmp_path, *printing, page.as_uri())
        assert res.returncode == 0, res.stderr.decode(errors="replace")[-2000:]
    assert shot.read_bytes().startswith(PNG)
    from matplotlib.image import imread

    pixels = imread(str(shot))
    assert pixels.shape[1] == 390 and pixels.std() > 0.05  # a phone-wide picture with something drawn on it
    return dom.stdout.decode("utf-8")


def test_results_page_in_chromium(chromium, club_result, tmp_path):
    page = tmp_path / "results.html"
    write_html(club_result, page)
    pdf = tmp_path / "results.pdf"
    dom = render(chromium, page, tmp_path, pdf)
    ranking = text_of(dom, "ranking")
    assert "Ranking" in ranking and "North-South" in ranking and "East-West" in ranking
    first = club_result.pairs[0]
    assert re.search(rf"\b1\s+{first.pair.number}\b", ranking)
    assert "Ann <Smith> & Bob & Co" in ranking  # escaped in the file, plain text once rendered
    board1 = text_of(dom, "board-1")
    assert board1.startswith("Board 1") and "Score" in board1 and "MPs" in board1 and "420" in board1 and "450" in board1
    assert "Player 3a" in text_of(dom, "pair-NS-3")
    assert pdf.read_bytes().startswith(b"%PDF")
    assert pdf_pages(pdf) >= 3  # the ranking, the travellers and the score cards each begin a page


def pdf_pages(pdf: Path) -> int:
    """How many pages a PDF Chromium printed has (its page objects)."""
    data = pdf.read_bytes()
    return data.count(b"/Type /Page") - data.count(b"/Type /Pages")


@pytest.fixture(scope="module")
def club_game_page(tmp_path_factory):
    """The 11-table, 22-pair, 27-board Howell with its hands (tests/club_game.py), scored by the
    command as a scorer runs it: ``mpxl score club-game.xml --deals club-game-hands.pbn -o page.html``."""
    from club_game import write_club_game

    from mpxl.cli import main

    folder = tmp_path_factory.mktemp("club-game")
    results, hands = write_club_game(folder)
    page = folder / "page.html"
    assert main(["score", str(results), "--deals", str(hands), "-o", str(page)]) == 0
    return page.read_text(encoding="utf-8")


# (what the reader unticks on the page, the most A4 pages, what page 1 holds and what it must not)
PRINTS = [
    # the goal (33 §4): the whole page in at most 16 A4 pages (50 before)
    ((), 16),
    # travellers several to a page: at most 1 + 27 / 3
    (("cards",), 10),
    # the ranking alone: 22 pairs on one page
    (("travellers", "cards"), 1),
]


@pytest.mark.parametrize(("unticked", "most"), PRINTS, ids=["all", "no-cards", "ranking-only"])
def test_the_club_game_prints_on_few_a4_pages(chromium, club_game_page, unticked, most, tmp_path):
    """Printed by Chromium to A4, the club's evening takes at most ``most`` pages, the ranking whole on
    the first and no traveller there; a part the reader unticks on the page is left out of the print."""
    page = club_game_page
    for part in unticked:
        assert f'id="print-{part}" checked' in page
        page = page.replace(f'id="print-{part}" checked', f'id="print-{part}"')
    html_file = tmp_path / "page.html"
    html_file.write_text(page, encoding="utf-8")
    pdf = tmp_path / "page.pdf"
    res = run_chromium(chromium, tmp_path, "--no-pdf-header-footer", f"--print-to-pdf={pdf}", html_file.as_uri())
    assert res.returncode == 0 and pdf.read_bytes().startswith(b"%PDF"), res.stderr.decode(errors="replace")[-2000:]
    pages = pdf_pages(pdf)
    assert 1 <= pages <= most
    if shutil.which("pdftotext"):  # poppler-utils (CI installs it)
        first = subprocess.run(["pdftotext", "-f", "1", "-l", "1", "-layout", str(pdf), "-"], capture_output=True,
                               text=True, check=True).stdout
        assert "Ranking" in first and re.search(r"^\s*22\s+\d+\s", first, re.M)  # the 22nd place on page 1
        assert "Board 1" not in first and "Pair 1 " not in first
        if pages > 1:
            second = subprocess.run(["pdftotext", "-f", "2", "-l", "2", str(pdf), "-"], capture_output=True,
                                    text=True, check=True).stdout
            assert ("Board 1" in second) == ("travellers" not in unticked)
            assert "Board 4" in second or "travellers" in unticked  # several travellers to a page


def test_sitouts_are_named_on_their_board_in_chromium(chromium, tmp_path):
    """A pair that sat out (a table with no opponents) is named in its board's note, as rendered."""
    from mpxl.formats import read_event

    travellers = tmp_path / "sitouts.csv"
    travellers.write_text("board,ns_pair,ew_pair,ns_score\n1,1,2,420\n1,3,4,400\n1,,5,sitout\n"
                          "2,2,3,420\n2,4,5,400\n2,1,,\n", encoding="utf-8")
    page = tmp_path / "sitouts.html"
    write_html(score_event(read_event(travellers)), page)
    dom = render(chromium, page, tmp_path)
    assert "top 2; sat out: pair 5" in text_of(dom, "board-1")
    assert "top 2; sat out: pair 1" in text_of(dom, "board-2")


@pytest.mark.skipif(not EBUSCORE.exists(), reason=f"the real file {EBUSCORE.name} is not in {REALDATA}")
def test_real_results_page_in_chromium(chromium, tmp_path):
    from mpxl.formats import read_event

    result = score_event(read_event(EBUSCORE), ScoringOptions.parse(rounding=2))
    page = tmp_path / "thursday.html"
    write_html(result, page)
    dom = render(chromium, page, tmp_path)
    ranking = text_of(dom, "ranking")
    # EBUScore published NS pair 9 first with 67.69%, EW pair 11 first with 62.29%
    assert re.search(r"\b1\s+9\s+Player 9a & Player 9b\s+227\.43\s+336\s+67\.69\b", ranking)  # Max 336, not 336.00
    # EW pair 18: 139.86 of 336 = 41.625%: the file, the terminal and --json say 41.63 (halves up)
    assert re.search(r"\b18\s+Player 18a & Player 18b\s+139\.86\s+336\s+41\.63\b", ranking)
    assert re.search(r"\b1\s+11\s+Player 11a & Player 11b\b.*\b62\.29\b", ranking)
    board18 = text_of(dom, "board-A-18")
    assert "Board 18, section A" in board18 and "A5050" in board18 and "estimated to 8 by Neuberg" in board18


def test_study_page_in_chromium(chromium, tmp_path):
    from mpxl.core.study import StudyOptions, study
    from mpxl.formats.charts import study_charts

    results = [study([club_event()], StudyOptions(remove=1, trials=3))]
    page = tmp_path / "study.html"
    write_study_html(results, page, study_charts(results))
    dom = render(chromium, page, tmp_path)
    assert "Neuberg" in text_of(dom, "study-remove-1")
    assert dom.count("data:image/png;base64,") == 2


# ---------------------------------------------------------------------------
# every table fits its box at a desktop and a phone width, and the figures are the JSON's

MEASURE = """<script>
window.addEventListener("load", () => {
  const rows = [...document.querySelectorAll("table")].map((t, i) => {
    const box = t.closest(".scroll") || t.parentElement;
    const owner = t.closest("[id]");
    return [owner ? owner.id : String(i), t.scrollWidth, t.clientWidth, box.scrollWidth, box.clientWidth];
  });
  for (const box of document.querySelectorAll(".board, .deal")) {
    rows.push([(box.closest("[id]") || {}).id + (box.classList.contains("deal") ? ":deal" : ":box"),
               box.scrollWidth, box.clientWidth, box.scrollWidth, box.clientWidth]);
  }
  const pre = parent.document.createElement("pre");
  pre.id = "measured-FRAME";
  pre.textContent = JSON.stringify({width: window.innerWidth, page: document.documentElement.scrollWidth, tables: rows});
  parent.document.body.appendChild(pre);
});
</script>"""


def measure(binary: str, page_html: str, width: int, tmp_path: Path) -> dict:
    """Every table's scrollWidth and clientWidth (and its scrolling box's) with the page ``width`` CSS
    pixels wide: :func:`measure_pages` of one page."""
    return measure_pages(binary, [(page_html, width)], tmp_path)[0]


def measure_pages(binary: str, pages: list[tuple[str, int]], tmp_path: Path) -> list[dict]:
    """:func:`measure`'s figures for each ``(page_html, width)``, from one Chromium start. Headless
    Chromium's window is at least 500 pixels wide, so each page is loaded into an iframe of its width
    (its media queries see the iframe's width), with a measuring script added to the copy, which writes
    the figures into the outer page that Chromium dumps (one ``pre`` a frame)."""
    import html
    import json

    frames = []
    for k, (page_html, width) in enumerate(pages):
        inner = page_html.replace("</body>", MEASURE.replace("FRAME", str(k)) + "\n</body>")
        frames.append(f'<iframe style="display:block;border:0;width:{width}px;height:900px" '
                      f'srcdoc="{html.escape(inner, quote=True)}"></iframe>')
    outer = ('<!DOCTYPE html><html><head><meta charset="utf-8"></head><body style="margin:0">'
             + "".join(frames) + "</body></html>")
    page = tmp_path / f"measure-{len(list(tmp_path.glob('measure-*')))}.html"
    page.write_text(outer, encoding="utf-8")
    res = run_chromium(binary, tmp_path, "--window-size=1400,1000", "--force-device-scale-factor=1",
                       "--virtual-time-budget=5000", "--dump-dom", page.as_uri())
    assert res.returncode == 0, res.stderr.decode(errors="replace")[-2000:]
    dom = res.stdout.decode("utf-8")
    got = []
    for k in range(len(pages)):
        found = re.search(rf'<pre id="measured-{k}">(.*?)</pre>', dom, re.S)
        assert found, f"the measuring script of frame {k} did not run"
        got.append(json.loads(html.unescape(found.group(1))))
    return got


def _real_results():
    from mpxl.formats import read_event
    from tests.shared import REAL_FILES

    return [(p.name, score_event(read_event(p))) for p in REAL_FILES]


WIDTHS = [1200, 400]


@pytest.fixture(scope="module")
def measured(club_result, tmp_path_factory):
    """The club's page and each real file's, measured at each of WIDTHS in one Chromium start:
    width -> [(name, result, figures)]."""
    binary = require_chromium()
    pages = [("club", club_result)] + _real_results()
    cases = [(width, name, result) for width in WIDTHS for name, result in pages]
    got = measure_pages(binary, [(results_html(result), width) for width, _, result in cases],
                        tmp_path_factory.mktemp("measured"))
    out: dict[int, list] = {width: [] for width in WIDTHS}
    for (width, name, result), figures in zip(cases, got):
        out[width].append((name, result, figures))
    return out


@pytest.mark.parametrize("width", WIDTHS)
def test_no_table_scrolls_sideways_in_chromium(measured, width):
    for name, result, got in measured[width]:
        assert got["width"] == width, got["width"]
        assert got["page"] <= width, (name, "the page itself scrolls sideways", got["page"])
        wide = [t for t in got["tables"] if t[1] > t[2] or t[3] > t[4]]
        assert not wide, (name, width, wide[:5])
        travellers = [t for t in got["tables"] if t[0].startswith("board-")]
        assert travellers, name
        if result.event.deals:  # a hand diagram in every board's box, and it fits too
            assert sum(t[0].endswith(":deal") for t in got["tables"]) == len(result.boards), name


class _Tables(HTMLParser):
    """Every table of a page: (id of the nearest element with an id, rows of cell texts)."""

    def __init__(self):
        super().__init__()
        self.ids, self.tables, self.cell, self.row = [], [], None, None

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if tag in ("div", "section", "table") and a.get("id"):
            self.ids.append(a["id"])
        if tag == "table":  # a board's double-dummy grid (class dd) is no traveller
            owner = "dd" if "dd" in (a.get("class") or "").split() else a.get("id") or (self.ids[-1] if self.ids else "")
            self.tables.append((owner, []))
        elif tag == "tr":
            self.row = []
        elif tag in ("td", "th"):
            self.cell = []

    def handle_endtag(self, tag):
        if tag in ("td", "th") and self.cell is not None:
            self.row.append("".join(self.cell).strip())
            self.cell = None
        elif tag == "tr" and self.row is not None:
            self.tables[-1][1].append(self.row)
            self.row = None

    def handle_data(self, data):
        if self.cell is not None:
            self.cell.append(data)


def _pages_and_json():
    from mpxl.formats.jsonout import result_to_json

    cases = _real_results() + [("club", score_event(club_event(), ScoringOptions.parse(rounding=2))),
                               ("club exact", score_event(club_event()))]
    return [(name, results_html(result, "en"), result_to_json(result), result) for name, result in cases]


def test_the_pages_figures_are_the_jsons():
    from mpxl.formats.common import figure_decimals

    for name, page, doc, result in _pages_and_json():
        dec = figure_decimals(result.options)
        parser = _Tables()
        parser.feed(page)
        ranking = [rows for tid, rows in parser.tables if tid.startswith("ranking-")]
        # one ranking row per pair, in the JSON's order: place, pair, MPs, Max and % as the JSON has them
        heads = [rows[0] for rows in ranking]
        page_rows = [r for rows in ranking for r in rows[1:]]
        assert len(page_rows) == len(doc["pairs"]), name
        signed = result.options.scale.value == "signed"
        # the signed scale's users know the signed total and the percentage, not a maximum
        assert heads[0] == ["Place", "Pair", "Names", "MP1" if signed else "MPs", *([] if signed else ["Max"]), "%",
                            "Boards"], name
        for row, pair in zip(page_rows, doc["pairs"]):
            place, number, names, mps, *mx, pct, boards = row
            assert (place, number, names) == (pair["place"], pair["pair"], " & ".join(pair["names"])), name
            assert f"{pair['percentage']:.2f}" == pct, (name, number)  # the JSON's percentage is rounded already
            for m in mx:
                assert float(m) == pair["max"] and "." not in m, (name, m)
            assert abs(float(mps) - pair["mp"]) <= 0.5 * 10 ** -dec + 1e-9, (name, number)
            if result.options.rounding.kind.value != "exact":  # totals of rounded figures: shown exactly
                assert float(mps) == pytest.approx(pair["mp"], abs=1e-9), (name, number)
            assert int(boards) == pair["boards"]
        # every traveller line's matchpoints, board by board
        travellers = [rows for tid, rows in parser.tables if tid.startswith("board-")]
        assert len(travellers) == len(doc["boards"]), name
        for rows, board in zip(travellers, doc["boards"]):
            at = rows[0].index("MP1" if result.options.scale.value == "signed" else "MPs")  # NS under it, then EW
            mps = len(rows[0]) - at  # the figures' place from the right (the lines' % may follow)
            rows = rows[2:]
            assert len(rows) == len(board["lines"])
            for row, line in zip(rows, board["lines"]):
                assert (row[0], row[1]) == (line["ns_pair"], line["ew_pair"])
                shown_mps = row[len(row) - 2 * mps:len(row) - 2 * mps + 2]
                for pct, key in zip(row[len(row) - 2 * mps + 2:], ("ns_pct", "ew_pct")):  # Ruter's line percentages
                    assert float(pct) == line[key], (name, board["board"], row)
                for shown, figure in zip(shown_mps, (line["ns_mp"], line["ew_mp"])):
                    if figure is None:
                        assert shown == ""
                    else:
                        assert abs(float(shown) - figure) <= 0.5 * 10 ** -dec + 1e-9, (name, board["board"], row)
                        if result.options.rounding.kind.value != "exact":  # a rounded figure is shown exactly
                            assert float(shown) == pytest.approx(figure, abs=1e-9)


# ---------------------------------------------------------------------------
# what happened on each board, in words, in the event's language

#: A CSV of one event with every ruling: artificial, split, weighted, mixed, arrowswitch, a fouled board;
#: its title and date in columns (docs/img/render_page.py pictures its page for the README).
RULINGS_CSV = Path(__file__).resolve().parent / "data" / "rulings.csv"


@pytest.fixture(scope="module")
def rulings_result():
    from mpxl.formats import read_event

    return score_event(read_event(RULINGS_CSV), ScoringOptions.parse(rounding=2))


@pytest.mark.parametrize("score, ns, ew", [
    (420, "420", ""),
    (-50, "", "50"),
    (0, "0", "0"),
    ("A+", "A+", "A-"),          # an artificial score on its own side: NS Ave+, EW Ave-
    ("A=/A+", "A=", "A+"),
    ("A6040", "A+", "A-"),       # USEBIO's code, by its percentages
    ("A5545", "A55%", "A45%"),
    ("-150|-50", "-150", "+50"),  # a split score: each side's part, in its own view
    ("420|A+", "+420", "A+"),    # mixed: NS keep their result, EW are given Ave+
    ("A-|-50", "A-", "+50"),
    ("30% 420 + 70% 450", "30% +420; 70% +450", ""),  # weighted: the parts, one under the other on the page
    (None, "", ""),
])
def test_each_side_shows_its_own_score(score, ns, ew):
    from mpxl.formats.page_lines import score_cells

    assert score_cells(Line(1, "1", "2", score=score)) == (ns, ew)


@pytest.mark.parametrize("line, words", [
    (Line(1, "3", "7", score="A+"), ["artificial score: NS A+, EW A-"]),
    (Line(1, "4", "8", score="-150|-50"), ["split score: NS -150, EW +50, each side matchpointed on its own result"]),
    (Line(1, "2", "7", score="30% 420 + 70% 450"), ["weighted score (Law 12C1(c)): 30% +420; 70% +450"]),
    (Line(1, "3", "8", score="420|A+"),
     ["NS +420, EW A+: one side keeps the result, the other is given an artificial score"]),
    (Line(1, "4", "5", score=600, arrowswitch=True), ["arrowswitch: the pairs played the other direction's cards"]),
    (Line(1, "4", "5", score=600, ns_penalty="10%"), ["procedural penalty: NS 10%"]),
    (Line(1, "4", "5", score=600), []),
])
def test_a_lines_ruling_in_words(line, words):
    from mpxl.formats.labels import labels
    from mpxl.formats.page_lines import line_rulings

    assert line_rulings(line, labels("en")) == words


def test_the_rulings_are_said_on_their_boards(rulings_result):
    page = results_html(rulings_result, "en")
    boards = {b: text_of(page, f"board-{b}") for b in (1, 2, 3)}
    assert "NS 3 v EW 7 (A+): artificial score: NS A+, EW A-" in boards[1]
    assert "NS 4 v EW 8 (-150|-50): split score: NS -150, EW +50" in boards[1]
    assert "NS 2 v EW 7 (30% 420 + 70% 450): weighted score" in boards[2]
    assert "NS 4 v EW 5: arrowswitch" in boards[2]
    # the fouled board: marked, its groups, and the small-group rule in words, with what it does to NS + EW
    assert boards[3].startswith("Board 3 fouled")
    assert "fouled board: the groups A (2 results), B (2 results) were matchpointed apart" in boards[3]
    assert ("group A (2 results) got set percentages 65%/55% under the WBF rule, so NS + EW on its lines is 7.20, "
            "more than the usual 6") in boards[3]
    assert "Group" in boards[3] and "Group" not in boards[1]  # the group column only where there are groups


def test_the_json_names_each_lines_group_and_the_small_group_rule(rulings_result):
    from mpxl.formats.jsonout import result_to_json

    doc = result_to_json(rulings_result)
    assert [ln.get("group") for b in doc["boards"] for ln in b["lines"]] == [None] * 8 + ["A", "A", "B", "B"]
    assert doc["settings"]["small_groups"] == "wbf"
    ebu = result_to_json(score_event(rulings_result.event, ScoringOptions.parse(small_groups="ebu")))
    assert ebu["settings"]["small_groups"] == "ebu"


@pytest.mark.parametrize("contract, html_", [
    ("4H", '4<span class="h">\u2665</span>'),     # hearts and diamonds red (span.h, span.d in the style)
    ("3DX", '3<span class="d">\u2666</span>X'),
    ("2S", '2<span class="s">\u2660</span>'),
    ("3NT", "3NT"),
    ("<b>", "&lt;b&gt;"),
])
def test_contracts_have_suit_symbols_hearts_and_diamonds_red(contract, html_):
    from mpxl.formats.page_frame import PAGE_CSS
    from mpxl.formats.page_lines import contract_html

    assert contract_html(Line(1, "1", "2", contract=contract)) == html_
    assert "span.h, span.d { color: #c0392b; }" in PAGE_CSS


@pytest.mark.parametrize("options, words", [
    (dict(rounding=1), ["double matchpoints: 2 per result beaten, 1 per tie", "short boards estimated by Neuberg",
                        "board figures rounded to 1 decimal, halves away from zero",
                        "percentages to 2 decimals, halves away from zero"]),
    (dict(rounding="ebu", scale="signed", totals_from="exact", method="factor"),
     ["MP1: +1 per result beaten, -1 per result that beats it, 0 per tie (an average is 0)",
      "short boards estimated by Factor", "board figures rounded to 1 decimal, halves (.05) towards the board's average",
      "totals and percentages from the exact figures, not the rounded ones",
      "percentages to 2 decimals, halves away from zero"]),
    (dict(scale=1, method="none", rounding_pct="half-even:1", ave_policy="wbf"),
     ["single matchpoints: 1 per result beaten, 1/2 per tie", "no board estimated: each on the top of its own results",
      "board figures exact, not rounded", "percentages to 1 decimal, halves to the even digit",
      "Ave+ 60% or the pair's own percentage if higher; Ave- 40% or its own if lower"]),
    (dict(rounding=0, rounding_totals=2, estimate_at="totals", lone_result="ave-plus"),
     ["double matchpoints: 2 per result beaten, 1 per tie", "short boards estimated by Neuberg",
      "a short board's lines shown plain on its own top; the totals count it estimated",
      "board figures rounded to whole numbers, halves away from zero",
      "figures only the totals hold rounded to 2 decimals, halves away from zero",
      "percentages to 2 decimals, halves away from zero",
      "a board's one real result beside artificial scores gets 60% to both sides"]),
])
def test_the_settings_in_words(options, words):
    from mpxl.formats.report_html import settings_words

    ev = Event(lines=[Line(1, "1", "2", score=420), Line(1, "3", "4", score=400)])
    assert settings_words(score_event(ev, ScoringOptions.parse(**options))) == words


def test_the_rounding_words_are_the_setup_sheets():
    """The page and the workbook's Setup sheet say how a half is rounded in the same words, from one place."""
    from mpxl.core.rules import ROUNDING_KINDS, ROUNDING_TIES
    from mpxl.formats.labels import tie_words

    for kind, words in ROUNDING_TIES.items():
        assert tie_words(kind) == words and words in ROUNDING_KINDS[kind].words
    try:
        from mpxl.workbook.helptext import SETUP_NOTES
    except ImportError:  # openpyxl missing: the sheet's words are the rulebook's, checked above
        return
    assert all(words in SETUP_NOTES["rounding"] for words in ROUNDING_TIES.values())


def test_every_language_has_every_label():
    from string import Formatter

    from mpxl.core.rules import ROUNDING_TIES
    from mpxl.formats.labels import LABELS, LANGUAGES

    assert set(LANGUAGES) >= {"en", "fr", "nb", "sv", "da", "nl", "pl", "de"}
    english = LABELS["en"]
    for lang, table in LABELS.items():
        ties = {f"tie_{k}" for k in ROUNDING_TIES} if lang != "en" else set()
        assert set(table) == set(english) | ties, lang
        for key, text in english.items():  # the same fields to fill in every language
            fields = {f for _, f, _, _ in Formatter().parse(text) if f}
            assert {f for _, f, _, _ in Formatter().parse(table[key]) if f} == fields, (lang, key)


@pytest.mark.parametrize("program, venue, meta, lang", [
    ("Ruter i Norge 4.10", "0100 NBF Oslo, Oslo, Norge", {"Generator": "Ruter i Norge"}, "nb"),
    ("Ruter 4.10", "Göteborg, Sverige", {}, "sv"),
    ("Ruter 4.10", "", {}, "sv"),                     # Ruter is Swedish-made
    ("Ruter 4.10", "Oslo, Norge", {}, "nb"),          # the venue's country
    ("Magic Contest France 4.13.3.4", "Fédération Française de Bridge", {}, "fr"),
    ("Magic Contest 4.13", "", {}, "fr"),
    ("", "", {"Generator": "Ruter i Danmark"}, "da"),
    ("EBUScore Pairs 1.2.24", "", {}, "en"),
    ("", "", {}, "en"),
])
def test_the_language_the_file_says(program, venue, meta, lang):
    from mpxl.formats.labels import language_of

    assert language_of(Event(program=program, venue=venue, meta=meta)) == lang


@pytest.mark.parametrize("lang, ranking, board", [
    ("en", "Ranking", "Board 1"), ("fr", "Classement", "Donne 1"), ("nb", "Resultatliste", "Spill 1"),
    ("sv", "Resultatlista", "Bricka 1"), ("da", "Stilling", "Spil 1"), ("nl", "Rangschikking", "Spel 1"),
    ("pl", "Klasyfikacja", "Rozdanie 1"), ("de", "Rangliste", "Board 1"),
])
def test_the_pages_labels_in_each_language(club_result, lang, ranking, board):
    page = results_html(club_result, lang)
    assert f'<html lang="{lang}">' in page
    assert text_of(page, "ranking").startswith(ranking) and text_of(page, "board-1").startswith(board)


@pytest.mark.skipif(not (REALDATA / "ruter-2016-03-09-signed-mp1-aminus.pbn").exists(), reason="no Ruter file")
def test_a_ruter_page_is_norwegian_with_mp1_and_the_divisor_explained():
    from mpxl.commands.choice import choose_options
    from mpxl.formats import read_event

    class Args:
        conventions = None
        no_infer = False

    event = read_event(REALDATA / "ruter-2016-03-09-signed-mp1-aminus.pbn")
    result = score_event(event, choose_options(event, Args()).options)
    page = results_html(result)
    ranking = text_of(page, "ranking")
    assert '<html lang="nb">' in page and ranking.startswith("Resultatliste")
    # Ruter published pair 17 first: 50.1 MP1, 64.92%; no Max column, the 168 explained where shown
    assert re.search(r"Plass Par Navn MP1 % Spill 1 17 Player 17a & Player 17b 50\.1 64\.92 21\b", ranking)
    assert "% = 50 + 50 × MP1 / 168: 168 er summen av toppene (resultater - 1) i spillene paret spilte" in ranking
    board2 = text_of(page, "board-2")  # the line percentages as Ruter printed them: 99 / 1 for +680
    assert "11 12 4 ♠ S +2 680 7.9 -7.9 99 1" in board2 and "A= A+ 0.0 1.6 50 60" in board2
    assert "regnet av Ruter i Norge 4.10" in page and "poeng per spill avrundet til 1 desimal, halve bort fra null" in page
    assert '<html lang="en">' in results_html(result, "en")


def test_a_csv_gives_the_title_and_date(rulings_result, tmp_path, capsys):
    from mpxl.cli import main

    assert (rulings_result.event.title, rulings_result.event.date) == ("Tuesday Rulings", "2026-11-24")
    source = RULINGS_CSV
    out = tmp_path / "rulings.html"
    assert main(["score", str(source), "-o", str(out), "--title", "Mardi", "--date", "25/11/2026",
                 "--lang", "fr"]) == 0
    page = out.read_text(encoding="utf-8")
    assert "<h1>Mardi</h1>" in page and '<p class="meta">25/11/2026</p>' in page and '<html lang="fr">' in page
    assert "split" not in text_of(page, "board-1") and "score partagé : NS -150, EO +50" in text_of(page, "board-1")
    capsys.readouterr()
    assert main(["score", str(source), "-o", str(out), "--lang", "klingon"]) == 2
    assert "mpxl: --lang: 'klingon' is not a language of the results page; expected one of en, fr" in \
        capsys.readouterr().err


@pytest.mark.parametrize("rows, problem", [
    ("title,board,ns_pair,ew_pair,ns_score\nA,1,1,2,420\nB,1,3,4,400\n",
     "line 3, column title: 'B' is not the event's title 'A' (line 2); an event has one title"),
    ("date,board,ns_pair,ew_pair,ns_score\n2026-01-01,1,1,2,420\n2026-01-02,1,3,4,400\n",
     "line 3, column date: '2026-01-02' is not the event's date '2026-01-01' (line 2)"),
])
def test_a_csv_with_two_titles_is_refused(rows, problem, tmp_path, capsys):
    from mpxl.cli import main

    source = tmp_path / "two.csv"
    source.write_text(rows, encoding="utf-8")
    assert main(["score", str(source)]) == 2
    assert problem in capsys.readouterr().err


def test_the_rulings_page_in_chromium(chromium, rulings_result, tmp_path):
    page = tmp_path / "rulings.html"
    write_html(rulings_result, page, "en")
    dom = render(chromium, page, tmp_path)
    assert "group B (2 results) got set percentages 65%/55% under the WBF rule" in text_of(dom, "board-3")
    assert "split score: NS -150, EW +50" in text_of(dom, "board-1")
    got = measure(chromium, results_html(rulings_result, "en"), 400, tmp_path)  # a phone: nothing scrolls sideways
    assert got["page"] <= 400 and not [t for t in got["tables"] if t[1] > t[2] or t[3] > t[4]]


def test_a_penalty_given_as_its_own_row_is_said_on_its_board():
    from fractions import Fraction

    from mpxl.core.event import Penalty

    ev = Event(lines=[Line(1, "1", "2", score=420), Line(1, "3", "4", score=400)],
               penalties=[Penalty(1, "3", "NS", Fraction(-1)), Penalty(1, "4", "EW", Fraction(1, 2)),
                          Penalty(1, "2", "EW", Fraction(0))])
    board = text_of(results_html(score_event(ev, ScoringOptions.parse(rounding=1)), "en"), "board-1")
    assert "procedural penalty: pair 3 NS -1.0" in board and "procedural penalty: pair 4 EW +0.5" in board
    assert "pair 2" not in board  # a row of 0 changes nothing: not said


RUTER_SPLIT = REALDATA / "incoming" / "ruter-2016-08-10-signed-penalty-split-bye.pbn"


@pytest.mark.skipif(not RUTER_SPLIT.exists(), reason=f"the real file {RUTER_SPLIT.name} is not in {REALDATA}")
def test_ruters_split_score_shows_each_sides_part(tmp_path, capsys):
    from mpxl.cli import main

    out = tmp_path / "split.html"
    assert main(["score", str(RUTER_SPLIT), "-o", str(out), "--lang", "en"]) == 0
    board = text_of(out.read_text(encoding="utf-8"), "board-11")
    # Ruter printed: 6 v 10 "A=" "+0" 0.0 -4.0 50 0 (NS given Ave, EW keep a real 0), and a Pen row of +4.0 for pair 6
    assert "6 10 A= 0 0.0 -4.0 50 0" in board
    assert "NS 6 v EW 10 (A=|0): NS A=, EW 0: one side keeps the result, the other is given an artificial score" in board
    assert "procedural penalty: pair 6 NS +4.0" in board
