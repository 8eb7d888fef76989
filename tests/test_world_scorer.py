"""Bridge NZ's Scorer's three conventions (issue 50), each a setting declared once, found from the numbers of a
generated event written in it (USEBIO, by the project's writer), named by ``check`` with no option, and its
workbook recalculated by LibreOffice to ``mpxl score``'s figures:

1. line matchpoints TRUNCATED to a tenth (``--rounding truncate:1``): a line's two figures may add to a tenth less
   than the top (57.5 + 6.4 = 63.9 on a top of 64);
2. the lines by Neuberg, truncated, while the totals add a short board by the manual method (each missing result
   one more matchpoint to every other line): ``--totals-method manual``;
3. a three-quarter Howell with a phantom: the short boards' lines scaled to the full top (factor) and rounded to
   whole matchpoints, while the totals add the plain matchpoints on the board's smaller top:
   ``--method factor --rounding 0 --totals-method plain``.
"""

from __future__ import annotations

import json
import random
import sys
from fractions import Fraction
from pathlib import Path

import pytest

from mpxl.cli import main
from mpxl.core.event import Event, Line
from mpxl.core.inference import cut_off
from mpxl.core.options import ScoringOptions, parse_options
from mpxl.core.session import score_event
from mpxl.formats import read_event, write_event

sys.path.insert(0, str(Path(__file__).parent))
from recalc import (  # noqa: E402
    check_workbook_event,
    error_cells,
    libreoffice_full_recalc,
    libreoffice_recalc,
    score_result,
)

SCORES = (-620, -420, -200, -100, -50, 50, 90, 110, 120, 140, 400, 420, 450, 600, 620)

#: convention: (the Scorer's settings, the settings check must name (its JSON's words), the event's shape)
CONVENTIONS = {
    "truncated lines": ({"rounding": "truncate:1"}, {"rounding_lines": "truncate:1"}, dict(tables=7, short=6)),
    "lines neuberg, totals manual": ({"rounding": "truncate:1", "totals_method": "manual"},
                                     {"rounding_lines": "truncate:1", "totals_method": "manual",
                                      "method": "neuberg", "estimate_at": "lines"}, dict(tables=7, short=6)),
    "three-quarter howell": ({"method": "factor", "rounding": "0", "totals_method": "plain"},
                             {"method": "factor", "rounding_lines": "half-up:0", "totals_method": "plain"},
                             dict(tables=4, short=5)),
}
SEEDS = range(3)


def scorer_event(seed: int, tables: int, short: int, boards: int = 10) -> Event:
    """A one-winner club event: each board at every table between random pairs, ``short`` lines dropped (a phantom
    pair's boards, results missing)."""
    rnd = random.Random(seed)
    lines = []
    for b in range(1, boards + 1):
        pairs = [str(p) for p in range(1, 2 * tables + 1)]
        rnd.shuffle(pairs)
        lines += [Line(b, pairs[2 * t], pairs[2 * t + 1], score=rnd.choice(SCORES)) for t in range(tables)]
    for _ in range(short):
        lines.pop(rnd.randrange(len(lines)))
    return Event(lines=lines, title=f"club night {seed}", program="Scorer 2016", winners={"": 1})


def published(folder: Path, name: str, seed: int) -> Path:
    words, _, shape = CONVENTIONS[name]
    path = folder / f"{name.replace(' ', '-').replace(',', '')}-{seed}.xml"
    write_event(score_event(scorer_event(seed, **shape), ScoringOptions.parse(**words)), path)
    return path


@pytest.mark.parametrize("seed", SEEDS)
@pytest.mark.parametrize("name", list(CONVENTIONS))
def test_check_names_the_convention_from_the_numbers_with_no_option(name, seed, tmp_path, capsys):
    path = published(tmp_path, name, seed)
    assert main(["check", str(path), "--json"]) == 0
    doc = json.loads(capsys.readouterr().out)
    assert all(a == b for a, b in doc["reproduced"].values()) and not doc["differences"]
    settings = doc["scoring"]["settings"]
    back = read_event(path)
    found = ScoringOptions.parse(**{k: v for k, v in settings.items() if k != "winners"})
    named = []
    for key, word in CONVENTIONS[name][1].items():
        # the convention written, or a value that gives this event every figure alike (Ascherman and manual may)
        assert settings[key] == word or same_figures(back, found, found.with_(**parse_options(**{key: word}))), (
            key, settings, doc["scoring"]["evidence"])
        named.append(f"{key.replace('_', '-')} {settings[key]}")
    assert main(["check", str(path)]) == 0
    said = capsys.readouterr().out
    assert all(n in said for n in named), said


def same_figures(event: Event, a: ScoringOptions, b: ScoringOptions) -> bool:
    """Do ``a`` and ``b`` give ``event`` the same line figures, totals and places?"""
    def figures(opts):
        r = score_event(event, opts)
        return ([(sl.ns_mp, sl.ew_mp, sl.ns_total, sl.ew_total) for bd in r.boards for sl in bd.lines],
                sorted((pr.pair.number, pr.mp, pr.percentage, pr.place) for pr in r.pairs))
    return figures(a) == figures(b)


@pytest.mark.parametrize("seed", SEEDS)
def test_the_default_misses_what_each_convention_tells(seed, tmp_path):
    """Each convention changes published figures: scored by the generic rule instead, figures are missed; and the
    truncated lines add to a tenth less than the top somewhere (what the inference reads off them)."""
    from mpxl.core.inference import agreement

    for name, (words, _, _) in CONVENTIONS.items():
        back = read_event(published(tmp_path, name, seed))
        truth = ScoringOptions.parse(**words)
        plain = ScoringOptions.parse(**{**words, "totals_method": "as-lines"})
        if "truncate" in words.get("rounding", ""):
            assert cut_off(back, 1)
            plain = plain.with_(rounding=ScoringOptions.parse(rounding="1").rounding)
        a, b = agreement(score_event(back, truth)), agreement(score_event(back, plain))
        assert a.agree == a.total and b.agree < b.total, name


def test_the_manual_method_in_the_totals_gives_each_line_one_more_matchpoint_per_missing_result():
    """The issue's rule, on a board of 4 played 3 times (N = 4 from the full boards): in the totals each line has its
    plain matchpoints plus 1 (double scale), its published line Neuberg'd and truncated."""
    lines = [Line(1, str(p), str(p + 10), score=s) for p, s in ((1, 420), (2, 400), (3, 450), (4, 50))]
    lines += [Line(2, str(p), str(p + 10), score=s) for p, s in ((1, 420), (2, 400), (3, 450))]
    result = score_event(Event(lines=lines), ScoringOptions.parse(rounding="truncate:1", totals_method="manual"))
    board2 = next(b for b in result.boards if b.board == 2)
    # plain on top 4: 420 -> 2, 400 -> 0, 450 -> 4; Neuberg to top 6: (S+1)*4/3 - 1 = 3, 0.33 -> 0.3, 5.66 -> 5.6
    assert [sl.ns_mp for sl in board2.lines] == [Fraction(3), Fraction(3, 10), Fraction(28, 5)]
    assert [sl.ns_total for sl in board2.lines] == [Fraction(3), Fraction(1), Fraction(5)]
    pair1 = next(pr for pr in result.pairs if pr.pair.number == "1")
    assert pair1.mp == 4 + 3  # board 1: 420 beats 400 and 50 (4 of 6); board 2 in the totals: 2 + 1


def test_plain_totals_count_the_board_s_own_top_in_the_pair_s_maximum():
    lines = [Line(1, str(p), str(p + 10), score=s) for p, s in ((1, 420), (2, 400), (3, 450), (4, 50))]
    lines += [Line(2, str(p), str(p + 10), score=s) for p, s in ((1, 420), (2, 400), (3, 450))]
    opts = ScoringOptions.parse(method="factor", rounding="0", totals_method="plain")
    result = score_event(Event(lines=lines), opts)
    board2 = next(b for b in result.boards if b.board == 2)
    assert (board2.top, board2.line_top) == (4, 6)  # the totals' top, the lines'
    assert [sl.ns_mp for sl in board2.lines] == [3, 0, 6]  # 2, 0, 4 of 4 scaled to 6, whole
    pair1 = next(pr for pr in result.pairs if pr.pair.number == "1")
    assert (pair1.mp, pair1.max) == (4 + 2, 6 + 4)


@pytest.fixture(scope="module")
def workbooks(tmp_path_factory):
    """Each convention's event (seed 0) published as USEBIO and written by ``mpxl score -o x.xlsx``, loaded and
    recalculated by LibreOffice as headless convert does: name -> (workbook, the core's result, the command's
    messages, the values)."""
    folder = tmp_path_factory.mktemp("scorer")
    made = {}
    for name in CONVENTIONS:
        src, xlsx = published(folder, name, 0), folder / f"{name.replace(' ', '-').replace(',', '')}.xlsx"
        err = io_err(["score", str(src), "-o", str(xlsx)])
        made[name] = (xlsx, score_result(src, _given(src)), err)
    values = libreoffice_recalc([x for x, _, _ in made.values()])
    return {name: (*made[name], v) for name, v in zip(made, values)}


def io_err(argv: list[str]) -> str:
    import contextlib
    import io

    err = io.StringIO()
    with contextlib.redirect_stderr(err), contextlib.redirect_stdout(io.StringIO()):
        assert main(argv) == 0
    return err.getvalue()


def _given(src: Path) -> list[str]:
    """The options ``mpxl check`` finds for ``src``, as flags (score_result scores with --no-infer)."""
    import contextlib
    import io

    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        main(["check", str(src), "--json"])
    settings = json.loads(out.getvalue())["scoring"]["settings"]
    flags = {"method": "--method", "rounding_lines": "--rounding", "totals_method": "--totals-method",
             "estimate_at": "--estimate-at"}
    return [x for key, flag in flags.items() for x in (flag, str(settings[key]))]


def _json(argv: list[str]) -> dict:
    import contextlib
    import io

    out = io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(io.StringIO()):
        assert main([*argv, "--json"]) == 0
    return json.loads(out.getvalue())


def _live(xlsx: Path) -> bool:
    from openpyxl import load_workbook

    from mpxl.workbook.template import FIRST_ROW, TRAVELLER_COLUMNS

    cell = load_workbook(xlsx, read_only=True)["Travellers"][f"{TRAVELLER_COLUMNS['ns_mp']}{FIRST_ROW}"].value
    return isinstance(cell, str) and cell.startswith("=")


@pytest.mark.parametrize("name", list(CONVENTIONS))
def test_the_workbook_of_each_convention_recalculates_to_mpxl_score(workbooks, name):
    """Truncation is live in the sheet (a rounding kind of the rulebook, in the sheet's CHOOSE), and so is a totals
    method apart from the lines (Setup's Totals method): LibreOffice's recalculation equals the core's figures, and
    the command says nothing of values."""
    xlsx, result, err, values = workbooks[name]
    assert _live(xlsx) and "as values" not in err, err
    check_workbook_event(values, result)
    assert not [k for k, v in values.data.items() if v == "?"]
    assert not error_cells(values)


@pytest.mark.parametrize("name", list(CONVENTIONS))
def test_the_workbook_reads_back_to_the_files_json(workbooks, name):
    """``mpxl score x.xlsx --json`` (the Setup's Totals method, method and rounding read back) gives the figures of
    ``mpxl score FILE.xml --json`` with the options check finds: every line, total, percentage and place."""
    xlsx = workbooks[name][0]
    src = next(xlsx.parent.glob(f"{xlsx.stem}-0.xml"))
    direct, back = _json(["score", str(src), "--no-infer", *_given(src)]), _json(["score", str(xlsx)])
    assert back["boards"] == direct["boards"] and back["pairs"] == direct["pairs"]
    # the totals method check names (seed 0's manual board gives Ascherman's figures alike: the first test)
    assert back["settings"]["totals_method"] == direct["settings"]["totals_method"]
    assert (direct["settings"]["totals_method"] != "as-lines") == ("totals_method" in CONVENTIONS[name][0])


#: Edits a scorer types into a convention's workbook, then two hard recalculations (``calculateAll()``): name ->
#: (convention, the edits as (sheet, which cell, value)). A line of a board played fewer times than N (its
#: Typed score), and Setup's Totals method: the totals follow either.
EDITS = {
    "manual: a short board's line": ("lines neuberg, totals manual", [("Travellers", "short line", -1430)]),
    "manual: a short board's line, then plain": ("lines neuberg, totals manual", [
        ("Travellers", "short line", 1460), ("Setup", "totals method", "plain")]),
    "plain: a short board's line": ("three-quarter howell", [("Travellers", "short line", 2210)]),
    "plain: Totals method manual": ("three-quarter howell", [("Setup", "totals method", "manual")]),
    "truncated: Totals method plain": ("truncated lines", [("Setup", "totals method", "plain")]),
    "unedited manual": ("lines neuberg, totals manual", []),
    "unedited plain": ("three-quarter howell", []),
}


def _short_line_cell(xlsx: Path) -> str:
    """The Typed score cell of the first line of a board with fewer lines than the most of any board."""
    from collections import Counter

    from openpyxl import load_workbook

    from mpxl.workbook.template import FIRST_ROW, TRAVELLER_COLUMNS

    ws = load_workbook(xlsx, read_only=True)["Travellers"]
    col = TRAVELLER_COLUMNS["board"]
    boards = []
    for (b,) in ws.iter_rows(min_row=FIRST_ROW, min_col=1, max_col=1, values_only=True):
        if b is None:
            break
        boards.append(b)
    assert col == "A"
    counts = Counter(boards)
    short = next(i for i, b in enumerate(boards) if counts[b] < max(counts.values()))
    return f"{TRAVELLER_COLUMNS['typed']}{FIRST_ROW + short}"


@pytest.fixture(scope="module")
def edited(workbooks, tmp_path_factory):
    """Each of :data:`EDITS`: the convention's workbook opened through UNO, the edits typed, recalculated hard
    twice; and the same edits typed into a copy (tests/shared.type_cells) that ``mpxl score`` reads (the reference): name ->
    (the values, the core's result for the edited workbook, the seconds)."""
    import shutil

    from openpyxl.utils import coordinate_to_tuple
    from shared import type_cells

    from mpxl.workbook.places import SETUP_ROW

    folder = tmp_path_factory.mktemp("scorer-edited")
    books, plans, refs = [], {}, {}
    for i, (name, (convention, edits)) in enumerate(EDITS.items()):
        xlsx = folder / f"edit-{i}.xlsx"
        shutil.copy(workbooks[convention][0], xlsx)
        plan = [(sheet, _short_line_cell(xlsx) if where == "short line" else f"B{SETUP_ROW.totals_method}", value)
                for sheet, where, value in edits]
        reference = folder / f"edit-{i}-reference.xlsx"
        typed: dict[str, dict[tuple[int, int], object]] = {}
        for sheet, cell, value in plan:
            typed.setdefault(sheet, {})[coordinate_to_tuple(cell)] = value
        shutil.copy(xlsx, reference)
        for sheet, values in typed.items():
            type_cells(reference, sheet, values)
        books.append(xlsx)
        plans[xlsx] = plan
        refs[name] = score_result(reference, [])
    done = libreoffice_full_recalc(books, rounds=2, edits=plans)
    return {name: (values, refs[name], seconds) for name, (values, seconds) in zip(EDITS, done)}


@pytest.mark.parametrize("name", list(EDITS))
def test_an_edit_moves_the_totals_as_mpxl_score_scores_the_edited_workbook(edited, workbooks, name):
    """Opened in LibreOffice through UNO, a short board's line or the Setup's Totals method typed over, recalculated
    hard twice (threads on, as Ctrl+Shift+F9): every line, pair and place equals ``mpxl score`` of the edited
    workbook (whose totals the edit moved), and no cell shows an error."""
    values, result, seconds = edited[name]
    before = workbooks[EDITS[name][0]][1]
    totals = [(pr.pair.number, pr.mp, pr.max) for pr in result.pairs]
    assert (totals != [(pr.pair.number, pr.mp, pr.max) for pr in before.pairs]) == bool(EDITS[name][1])
    assert len(seconds) == 2
    assert not error_cells(values)
    assert not [k for k, v in values.data.items() if v == "?"]
    check_workbook_event(values, result)
    edits = EDITS[name][1]
    if any(where == "totals method" for _, where, _ in edits):
        assert result.options.totals_method.value == next(v for _, w, v in edits if w == "totals method")
