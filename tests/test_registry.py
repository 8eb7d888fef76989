"""One declaration per setting (issue 27, items 1-3; issue 26 §4's first three bullets).

Each scoring setting is declared once (:class:`mpxl.core.options.Setting`, as a field of ScoringOptions):
the command's flags, the JSON's settings, ``check``'s line and differences, the workbook's reasons
for values and the docs' table all come from the declarations. A throwaway setting declared here
appears in the command line, the JSON and ``check`` with no other module touched; every setting's
every value, written in the JSON's settings and read back, scores the same figures.
"""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path

import pytest
from shared import REAL_FILES, REALDATA

from mpxl.cli import build_parser, main
from mpxl.commands.choice import Chosen
from mpxl.core.board import one_result_beside_artificial
from mpxl.core.conventions import find
from mpxl.core.errors import UserError
from mpxl.core.event import Event, Line
from mpxl.core.inference import OWN_STEPS, SEARCHED, STEPS, TRIAL_POINTS, Agreement, Search, infer
from mpxl.core.methods import Method
from mpxl.core.options import (
    SETTINGS,
    ScoringOptions,
    Setting,
    Trial,
    declare,
    off_sheet,
    parse_options,
    registry,
    settings_of,
    settings_table,
)
from mpxl.core.rounding import Rounding
from mpxl.core.session import score_event
from mpxl.core.settings import Field
from mpxl.formats import write_event
from mpxl.formats.jsonout import json_text
from mpxl.formats.labels import LABELS
from mpxl.formats.report_html import settings_words
from mpxl.workbook.reader import setup_options

ROOT = Path(__file__).resolve().parents[1]
MAGIC = REALDATA / "magiccontest-ffb-final-2022-session1.pbn"
RUTER = REALDATA / "ruter-2016-03-09-signed-mp1-aminus.pbn"
SCOREBRIDGE = REALDATA / "scorebridge-2025-01-06-one-winner.xml"
NO_REAL_FILES = pytest.mark.skipif(not MAGIC.exists(), reason="real data files not present")


# --------------------------------------------------------------------------- the declarations

def test_every_field_of_the_options_is_a_declared_setting():
    names = [f.name for f in dataclasses.fields(ScoringOptions) if f.name != "more"]
    assert list(SETTINGS) == names
    for s in registry():
        assert s.words, s.name
        assert s.default == getattr(ScoringOptions(), s.name), s.name


def _command(command: str):
    """The ``score`` or ``check`` parser, as the command builds it."""
    parser = build_parser(command)
    return next(a for a in parser._actions if a.dest == "command").choices[command]


def test_every_flag_of_score_and_check_is_a_setting_s():
    for command in ("score", "check"):
        flags = {o for a in _command(command)._actions for o in a.option_strings}
        for s in registry():
            assert set(s.flags) <= flags, (command, s.name)


def test_the_json_settings_name_every_setting():
    doc = settings_of(Event(), ScoringOptions())
    assert list(doc) == [s.key for s in registry() if s.key]
    assert {"small_groups", "factor_top"} <= set(doc)  # applied, so named


@pytest.mark.parametrize("doc", ["README.md", "docs/events.md"])
def test_the_user_docs_name_every_setting_s_flags(doc):
    text = (ROOT / doc).read_text(encoding="utf-8")
    assert [f for s in registry() for f in s.flags if f"`{f}" not in text] == []


def test_the_docs_settings_table_is_the_declarations():
    """docs/conventions.md holds the table :func:`mpxl.core.options.settings_table` writes."""
    assert settings_table() in (ROOT / "docs" / "conventions.md").read_text(encoding="utf-8")


#: (settings, the reason the workbook gets values): only factoring to a fixed top has no Setup cell; every
#: convention is a Setup choice (issue 28), but estimate-at never (method none), which its Setup list leaves out
OFF_SHEET = [
    ({"estimate_at": "totals"}, None),
    ({"method": "none"}, "no estimation (method none) is not in the workbook's formulas"),
    ({"estimate_at": "own-tops"}, None),
    ({"totals_from": "exact"}, None),
    ({"rounding": "1", "totals_rounding": "2"}, None),
    ({"rounding": "1", "totals_rounding": "1"}, None),
    ({"factor_top": 20}, "factoring to a fixed top is not in the workbook's formulas"),
    ({"lone_result": "ave-plus"}, None),
    ({"scale": "percent"}, None),
    ({"unplayed": "ave-plus"}, None),
    ({"unplayed": "average", "scale": "signed"}, None),
    ({"rounding_order": "matchpoints-first", "scale": "percent"}, None),
    ({"percentage_tie": "half-even", "unplayed": "own", "places": "plain", "percentage_basis": "scaled"}, None),
    ({"small_groups": "ebu", "ave_policy": "wbf", "method": "manual", "scale": 1}, None),
]


@pytest.mark.parametrize("words, reason", OFF_SHEET)
def test_the_workbook_s_reasons_come_from_the_declarations(words, reason):
    assert off_sheet(ScoringOptions.parse(**words)) == reason


# ----------------------------------------------------------------- a throwaway convention

def _published(tmp_path: Path) -> str:
    """A small event written by mpxl's PBN writer, its figures published (``check`` has something to check)."""
    event = Event(lines=[Line(1, "1", "2", score=420), Line(1, "3", "4", score=400), Line(2, "1", "4", score=-100),
                         Line(2, "3", "2", score=-50)])
    path = str(tmp_path / "event.pbn")
    write_event(score_event(event, ScoringOptions()), path)
    return path


def test_a_throwaway_setting_appears_in_the_command_line_the_json_and_check(tmp_path, capsys):
    """Declared here and nowhere else: its flag is taken by ``score`` and ``check``, the JSON names it
    and reads it back, ``check``'s line names it and marks it as not the program's default."""
    tempo = Setting("tempo", default="slow", parse=lambda w: str(w).strip().lower(), words="a test's convention",
                    flags=("--tempo",), metavar="PACE", help="slow (default) or fast")
    path = _published(tmp_path)
    with declare(tempo):
        assert "--tempo PACE" in _command("score").format_help() and "slow (default) or fast" in \
            _command("score").format_help()
        assert "--tempo PACE" in _command("check").format_help()
        assert main(["score", path, "--json", "--tempo", "Fast"]) == 0
        doc = json.loads(capsys.readouterr().out)
        assert doc["settings"]["tempo"] == "fast" and doc["conventions"]["given"] == ["tempo"]
        assert doc["conventions"]["differs_from_program_default"]["tempo"] == {"default": "slow", "used": "fast"}
        assert ScoringOptions.parse(**doc["settings"]).tempo == "fast"  # read back by the one parser
        assert main(["check", path, "--tempo", "fast"]) == 0
        out = capsys.readouterr().out
        assert "tempo fast*" in out and "tempo slow -> fast" in next(ln for ln in out.splitlines()
                                                                    if ln.startswith("* not the"))
        assert ScoringOptions().tempo == "slow"
    assert "tempo" not in settings_of(Event(), ScoringOptions())  # gone with its declaration
    with pytest.raises(AttributeError):
        _ = ScoringOptions().tempo


#: A throwaway convention's inference: (its declared trials, the event's published figures, is it tried).
#: The search tries it where its declaration says, when the file publishes a figure it is rated on and the
#: event holds what it decides (a lone result: none here), with no step written for it in mpxl.core.inference.
TRIALS = [
    ((Trial("totals", on=("totals",)),), "totals", True),
    ((Trial("totals", on=("totals",)),), "lines", False),  # no total published: nothing to rate it on
    ((Trial("percentages", on=("percentages",)),), "percentages", True),
    ((Trial("artificial"),), "totals", True),  # the event holds an artificial score
    ((Trial("artificial", missed=True),), "totals", False),  # every figure reproduced: not tried
    ((Trial("scale"),), "lines", True),
    ((Trial("scale", holds=one_result_beside_artificial),), "lines", False),  # no board holds a lone result
    ((), "totals", False),  # no trial declared: a step of its own would be needed
]


def _artificial_event(published: str) -> Event:
    """Four boards, an artificial score on one, scored and written as the PBN writer does, the figures of
    kind ``published`` kept (lines', totals or percentages)."""
    lines = [Line(b, str(2 * t + 1), str(2 * t + 2), score=s)
             for b, scores in ((1, [420, 400, 450]), (2, [-50, 100, "A+"]), (3, [110, 140, -100]), (4, [50, 90, 200]))
             for t, s in enumerate(scores)]
    event = Event(lines=lines)
    result = score_event(event, ScoringOptions())
    for ln, sl in zip(event.lines, (sl for b in result.boards for sl in b.lines)):
        if published == "lines":
            ln.published_ns_mp, ln.published_ew_mp = float(sl.ns_mp), float(sl.ew_mp)
    event.pairs = [dataclasses.replace(pr.pair, published_mp=float(pr.mp) if published == "totals" else None,
                                       published_percentage=float(pr.percentage) if published == "percentages"
                                       else None) for pr in result.pairs]
    return event


@pytest.mark.parametrize("trials, published, tried", TRIALS)
def test_a_throwaway_setting_s_trials_are_searched_by_the_inference(trials, published, tried):
    tempo = Setting("tempo", default="slow", words="a test's convention", candidates=("slow", "fast"), trials=trials)
    event = _artificial_event(published)
    with declare(tempo):
        found = infer(event, ScoringOptions())
    assert ("tempo" in found.evidence) is tried, found.evidence
    assert found.agree == found.total  # it changes no figure: the default kept


def test_every_declared_trial_is_a_point_of_the_search():
    kinds = {f.name for f in dataclasses.fields(Agreement)} | {"credits"}
    for s in registry():
        for t in s.trials:
            assert t.at in TRIAL_POINTS and (t.holds is None or callable(t.holds)) and set(t.on) <= kinds, (s.name, t)
            assert set(t.needs) <= kinds and (s.candidates or s.neighbours), s.name


def test_the_search_s_steps_declare_what_they_decide():
    """The settings searched by steps of their own and the points of the declared trials are read off
    STEPS: each step's method is the Search's, each point has a setting tried at it, and every setting the
    inference works out is decided by a step or declared with a trial."""
    assert all(callable(getattr(Search, step.run)) for step in STEPS if step.run)
    assert all(step.run or step.points for step in STEPS)
    assert set(TRIAL_POINTS) == {t.at for s in registry() for t in s.trials}
    assert set(SEARCHED) == set(OWN_STEPS) | {s.name for s in registry() if s.trials}
    assert "unplayed" not in OWN_STEPS  # its step is its declared trial now


def test_a_throwaway_setting_s_phrase_is_said_on_the_results_page():
    tempo = Setting("tempo", default="slow", words="a test's convention", phrases={"fast": "line_pct"})
    event = Event(lines=[Line(1, "1", "2", score=420), Line(1, "3", "4", score=400)])
    with declare(tempo):
        fast = settings_words(score_event(event, ScoringOptions.parse(tempo="fast")))
        slow = settings_words(score_event(event, ScoringOptions.parse(tempo="slow")))
    assert fast == [*slow, LABELS["en"]["line_pct"]]  # in its place among the phrases (PHRASE_ORDER)


def test_a_throwaway_setting_s_setup_cell_is_read_back():
    def pace(word):
        if str(word).lower() not in ("slow", "fast"):
            raise ValueError(f"{word!r} is not a pace; expected slow or fast")
        return str(word).lower()

    tempo = Setting("tempo", default="slow", parse=pace, words="a test's convention", sheet="pace")
    with declare(tempo):
        assert setup_options({"pace": "Fast", "_cells": {"pace": "B40"}}, "club.xlsx") == {"tempo": "fast"}
        with pytest.raises(UserError, match="sheet Setup, cell B40: 'medium' is not a pace"):
            setup_options({"pace": "medium", "_cells": {"pace": "B40"}}, "club.xlsx")
    assert setup_options({"pace": "Fast"}, "club.xlsx") == {}  # gone with its declaration


def test_a_setting_is_declared_once():
    with pytest.raises(ValueError, match="declared already"):
        with declare(Setting("scale", default=2, words="again")):
            pass


# ------------------------------------------------ every setting fed back gives the same figures

def _event() -> Event:
    """Two sections; a short board, artificial scores, a lone result beside them, a board a pair missed,
    a fouled board: every setting changes some figure here."""
    lines = []
    for sec, shift in (("A", 0), ("B", 30)):
        for board, scores in ((1, [420, 400, 450, "A+"]), (2, [100 + shift, 140, 100, -100]),
                              (3, [-50, -100, 110 + shift]), (4, [620, "A+", "A-", None]),
                              (5, [300, 200 - shift, 100, 50])):
            for table, score in enumerate(scores):
                if score is None:
                    continue
                group = ("x" if table < 3 else "y") if board == 5 else ""
                lines.append(Line(board, str(2 * table + 1), str(2 * table + 2), sec, score=score, group=group))
    return Event(lines=lines)


def _values(s: Setting) -> list:
    """Every value of ``s`` but its default (a few of a number's)."""
    extra = {"expected": [6], "factor_top": [20], "percentage_decimals": [1, 0, None],
             "rounding": [Rounding.parse(1), Rounding.parse("ebu"), Rounding.parse("half-even:2")],
             "totals_rounding": [Rounding.parse(3)], "winners": [1, 2]}
    return [v for v in (extra.get(s.name) or list(s.candidates)) if v != s.default]


CASES = [(s.name, v) for s in registry() for v in _values(s)]


@pytest.mark.parametrize("name, value", CASES, ids=[f"{n}={getattr(v, 'value', v)}" for n, v in CASES])
def test_every_setting_fed_back_from_the_json_gives_the_same_figures(name, value):
    event = _event()
    base = ScoringOptions(rounding=Rounding.parse(2))
    options = base.with_(**{name: value})
    doc = json.loads("".join(json_text(score_event(event, options))))
    assert doc["settings"] != json.loads("".join(json_text(score_event(event, base))))["settings"] or \
        name in ("field", "winners")  # a default the file's own word gives (section; one winner) shows the same
    again = ScoringOptions.parse(**doc["settings"])
    back = json.loads("".join(json_text(score_event(event, again))))
    assert {k: back[k] for k in ("boards", "pairs", "settings")} == {k: doc[k] for k in ("boards", "pairs", "settings")}
    line = Chosen(find("generic"), options).summary(event)  # check's line names it
    shown = settings_of(event, options)
    key = SETTINGS[name].key or "rounding_percentages"
    assert f"{key.replace('_', '-')} {shown[key]}" in line


# ------------------------------------------------ issue 26 §4: every option given is obeyed and named

@NO_REAL_FILES
@pytest.mark.parametrize("path", [MAGIC, RUTER], ids=["magiccontest", "ruter"])
def test_a_method_given_is_the_method_used(path, capsys):
    """The inference may not pick an estimate-at that estimates nothing (never, own tops): it would void
    the method given while saying the options given are used."""
    assert main(["score", str(path), "--json", "--method", "ascherman"]) == 0
    doc = json.loads(capsys.readouterr().out)
    settings = doc["conventions"]["settings"]
    assert settings["method"] == "ascherman" and settings["estimate_at"] in ("lines", "totals")
    assert main(["check", str(path), "--method", "ascherman"]) == 1
    out = capsys.readouterr().out
    assert "method ascherman*" in out and "own-tops" not in out and "method none" not in out


@pytest.mark.parametrize("argv, message", [
    (["--method", "mckinnon", "--estimate-at", "never"],
     "method 'mckinnon' (an estimate) and estimate-at 'never' (no estimate) contradict each other"),
    (["--method", "factor", "--estimate-at", "own-tops"],
     "method 'factor' (an estimate) and estimate-at 'own-tops' (no estimate) contradict each other"),
    (["--method", "none", "--estimate-at", "totals"],
     "method 'none' (never estimate) and estimate-at 'totals' contradict each other"),
    (["--method", "none", "--estimate-at", "never"], None),
    (["--method", "none", "--estimate-at", "own-tops"], None),
    (["--method", "mckinnon", "--estimate-at", "totals"], None),
])
def test_a_method_beside_no_estimation_is_refused(argv, message, tmp_path, capsys):
    data = _published(tmp_path)
    for command in ("score", "check"):
        code = main([command, str(data), *argv])
        err = capsys.readouterr().err
        if message is None:
            assert code in (0, 1, 2) and "contradict" not in err
        else:
            assert code == 2 and message in err and "Traceback" not in err


def test_a_typed_method_beside_never_is_the_options_own_state():
    """Every options object has a method: a typed one passed with never (a script's, a preset's) is kept."""
    assert parse_options(method=Method.FACTOR, estimate_at="never")["method"] is Method.FACTOR


@NO_REAL_FILES
def test_factor_top_is_named_in_the_json_and_check_and_read_back(capsys):
    assert main(["score", str(SCOREBRIDGE), "--json", "--factor-top", "20"]) == 0
    doc = json.loads(capsys.readouterr().out)
    assert doc["settings"]["factor_top"] == 20 and doc["conventions"]["settings"]["factor_top"] == 20
    assert {b["top"] for b in doc["boards"]} == {20}
    again = ScoringOptions.parse(**doc["settings"])
    assert again.factor_top == 20
    assert main(["check", str(SCOREBRIDGE), "--factor-top", "20"]) == 1
    out = capsys.readouterr().out
    settings = next(line for line in out.splitlines() if line.startswith(("settings: ", "best candidate: ")))
    assert "factor-top 20*" in settings  # the settings line names it, marked as not the default


def test_the_field_of_an_event_is_named_in_check_s_line():
    event = Event(lines=[Line(1, "1", "2", "A", score=420), Line(1, "1", "2", "B", score=400)])
    line = Chosen(find("generic"), ScoringOptions(field=Field.EVENT)).summary(event)
    assert "field event" in line and "small-groups wbf" in line


@NO_REAL_FILES
@pytest.mark.parametrize("path", [p for p in REAL_FILES], ids=lambda p: p.name)
def test_check_s_settings_line_given_back_as_flags_reproduces_the_file(path, capsys):
    """Each word pair of ``check``'s settings line is a flag and its value: given back to ``check`` with
    the generic preset and no reading of the figures, they reproduce every published figure."""
    assert main(["check", str(path)]) == 0
    line = next(x for x in capsys.readouterr().out.splitlines() if x.startswith("settings: "))
    argv = []
    for part in line.removeprefix("settings: ").split(", "):
        name, value = part.rstrip("*").split(" ", 1)
        argv += [f"--{name}", value]
    assert main(["check", str(path), "--conventions", "generic", "--no-infer", *argv]) == 0, argv
    assert "all agree" in capsys.readouterr().out


# ----------------------------------------------------------- the workbook's Setup from the declarations

#: (a setting with a Setup cell, its Setup row: key, defined name, label): each from its declaration alone
SETUP_ROWS_DECLARED = [
    ("scale", ("scale", "Scale", "Scale")),
    ("lone_result", ("lone_result", "LoneResult", "Lone result")),
    ("estimate_at", ("estimate_at", "EstimateAt", "Estimate at")),
    ("percentage_basis", ("pct_basis", "PctBasis", "Percentage basis")),
    ("percentage_tie", ("pct_rounding", "PctRounding", "Percentage rounding")),
    ("field", ("field", "FieldScoring", "Sections scored")),
]


@pytest.mark.parametrize("name, row", SETUP_ROWS_DECLARED)
def test_the_setup_s_rows_are_the_declarations(name, row):
    from mpxl.workbook.helptext import SETUP_NOTES
    from mpxl.workbook.layout import SETUP_ROWS

    s = SETTINGS[name]
    assert (s.sheet, s.cell, s.caption) == row and row in SETUP_ROWS
    assert SETUP_NOTES[s.sheet] == (s.note or "; ".join(f"{k}: {v}" for k, v in s.values.items()) + ".")


def test_every_setting_with_a_setup_cell_has_a_row_label_and_note():
    from mpxl.workbook.helptext import SETUP_NOTES
    from mpxl.workbook.layout import SETUP_ROWS

    keys = {key for key, _, _ in SETUP_ROWS}
    assert [s.name for s in registry() if s.sheet is not None and not (s.cell and s.caption)] == []
    assert [s.name for s in registry() if s.cell and (s.sheet not in keys or not SETUP_NOTES[s.sheet])] == []


def _setup_values():
    from mpxl.workbook.layout import CONVENTIONS, convention_type

    return [(s.name, key, v) for key, s in CONVENTIONS.items() for v in convention_type(s) if v not in s.off_values]


@pytest.mark.parametrize("name, key, value", _setup_values(), ids=lambda x: getattr(x, "value", x))
def test_every_setup_convention_s_every_value_goes_to_its_cell_and_list(name, key, value):
    """Scored with a convention's value, a workbook's Setup cell holds its word, which its drop-down lists."""
    from mpxl.workbook.event_writer import event_workbook, settings_for
    from mpxl.workbook.layout import setup_row

    result = score_event(Event(lines=[Line(1, "1", "2", score=420), Line(1, "3", "4", score=400)]),
                         ScoringOptions.make(**{name: value}))
    assert getattr(settings_for(result).options, name) is value
    ws = event_workbook(result)["Setup"]
    cell = f"B{setup_row(key)}"
    assert ws[cell].value == value.value
    (listed,) = [dv for dv in ws.data_validations.dataValidation if cell in str(dv.sqref)]
    words = listed.formula1.strip('"').split(",") if listed.formula1.startswith('"') else None
    assert words is None or value.value in words


@pytest.mark.parametrize("flag, name", [
    ("ebuscore", "ebuscore"), ("EBU", "ebu"), ("ebu", "ebu"),
    ("e", "ebu"), ("eb", "ebu"),  # the start of ebu and ebuscore: ebu, as --method a is ascherman (Choice.find)
    ("ebus", "ebuscore"), ("mag", "magiccontest"), ("c", "compscore"), ("Magic Contest France", "magiccontest"),
])
def test_a_conventions_flag_names_one_program(flag, name):
    """``--conventions`` takes a name or its start by the rule every choice follows, then a program's name."""
    from mpxl.core.conventions import named
    assert named(flag).name == name
