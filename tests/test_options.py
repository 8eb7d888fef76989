"""Options are typed values, parsed once where text comes in (issue 11, item 5).

Tables of text in, typed value (or message) out at each edge: the command line
(:func:`mpxl.commands.choice.option_overrides`, ``mpxl study``), the Excel functions,
the readers, a script or JSON document (:meth:`ScoringOptions.parse`); and the core
refusing text. ``Method.find`` runs once per MATCHPOINTS call.
"""

from __future__ import annotations

import os
from argparse import Namespace
from pathlib import Path

os.environ.setdefault("XLWINGS_ON_SERVER", "true")
os.environ.setdefault("XLWINGS_LICENSE_KEY", "noncommercial")

import pytest  # noqa: E402

import mpxl.udfs as udfs  # noqa: E402
from mpxl.cli import main  # noqa: E402
from mpxl.commands.choice import option_overrides  # noqa: E402
from mpxl.core import rules  # noqa: E402
from mpxl.core.board import score_board  # noqa: E402
from mpxl.core.methods import Method, find_method  # noqa: E402
from mpxl.core.options import ScoringOptions, parse_options  # noqa: E402
from mpxl.core.rounding import Rounding  # noqa: E402
from mpxl.core.settings import (  # noqa: E402
    AvePolicy,
    Choice,
    EstimateAt,
    Field,
    LoneResult,
    MixedLine,
    PercentageBasis,
    Places,
    RoundingKind,
    RoundingOrder,
    Scale,
    SmallGroups,
    Tie,
    TotalsMethod,
    Unplayed,
)
from mpxl.core.study import StudyOptions  # noqa: E402
from mpxl.formats import read_event  # noqa: E402

DATA = Path(__file__).parent / "data"

# ------------------------------------------------------------------ the parsers

#: (type, text, member): every spelling a user may write, and what it means.
FINDS = [
    (Method, "Neuberg", Method.NEUBERG),
    (Method, " mck ", Method.MCKINNON),
    (Method, "ASCHERMAN", Method.ASCHERMAN),
    (Method, "asch", Method.ASCHERMAN),
    (Method, None, Method.NEUBERG),
    (Method, "", Method.NEUBERG),
    (SmallGroups, "ACBL", SmallGroups.WBF),
    (SmallGroups, "white book", SmallGroups.EBU),
    (SmallGroups, "slides", SmallGroups.QBA),
    (SmallGroups, "off", SmallGroups.NONE),
    (SmallGroups, None, SmallGroups.WBF),
    (AvePolicy, "WBF", AvePolicy.WBF),
    (AvePolicy, "fix", AvePolicy.FIXED),
    (Field, "Event", Field.EVENT),
    (Field, "sec", Field.SECTION),
    (RoundingKind, "half_even", RoundingKind.HALF_EVEN),
    (RoundingKind, "ebu", RoundingKind.EBU),
    (EstimateAt, "Totals", EstimateAt.TOTALS),
    (Unplayed, "own", Unplayed.OWN),
    (Places, "plain", Places.PLAIN),
    (Tie, "even", Tie.HALF_EVEN),
]


@pytest.mark.parametrize("kind, text, member", FINDS)
def test_find_reads_each_spelling(kind, text, member):
    assert kind.find(text) is member
    assert kind.find(member) is member  # a typed value passes through


#: (type, bad text, what the message names as expected)
BAD = [
    (Method, "average", "'average' is not a method; expected one of neuberg, factor"),
    (SmallGroups, "fifa", "'fifa' is not a small-group rule; expected one of wbf, ebu, qba, none"),
    (AvePolicy, "sometimes", "'sometimes' is not an ave policy; expected one of fixed, wbf"),
    (Field, "club", "'club' is not a field; expected one of section, event"),
    (RoundingKind, "half", "'half' is not a rounding kind; expected one of half-up, ebu, exact, half-even"),
    (EstimateAt, "sometimes", "'sometimes' is not an estimate-at; expected one of lines, totals, never"),
]


@pytest.mark.parametrize("kind, text, message", BAD)
def test_an_unknown_value_names_what_is_expected(kind, text, message):
    with pytest.raises(ValueError) as info:
        kind.find(text)
    assert message in str(info.value)


def test_every_option_is_a_choice():
    assert all(issubclass(k, Choice) for k in (Method, SmallGroups, AvePolicy, Field, RoundingKind, EstimateAt))


#: (setting's Enum, the rulebook's table keyed by its values): the Enum is made from the table, so each value is
#: declared once; the order is the table's (the sheet's CHOOSE and the Setup lists follow it).
TABLE_MADE = [
    (Method, list(rules.K_RULES), ["neuberg", "factor", "ascherman", "mckinnon", "manual", "ascherman-short"]),
    (Scale, [*rules.SCALES, *rules.FIXED_TOP_SCALES], ["double", "single", "signed", "percent"]),
    (SmallGroups, list(rules.SMALL_GROUP_RULES), ["wbf", "ebu", "qba", "none"]),
    (AvePolicy, list(rules.AVE_POLICIES), ["fixed", "wbf"]),
    (RoundingKind, list(rules.ROUNDING_KINDS), ["half-up", "ebu", "exact", "half-even", "truncate"]),
    (TotalsMethod, list(rules.TOTALS_ESTIMATES), ["as-lines", "plain", "neuberg", "factor", "ascherman", "mckinnon",
                                                  "manual", "ascherman-short"]),
    (Field, list(rules.FIELD_SCORING), ["section", "event"]),
    (LoneResult, list(rules.LONE_RESULT_RULES), ["average", "ave-plus"]),
    (MixedLine, list(rules.MIXED_LINE_RULES), ["both", "own"]),
    (PercentageBasis, list(rules.PERCENTAGE_BASES), ["played", "scaled"]),
    (RoundingOrder, list(rules.ROUNDING_ORDERS), ["figure", "matchpoints-first"]),
    (Unplayed, list(rules.UNPLAYED_RULES), ["none", "own", "average", "ave-plus"]),
]


@pytest.mark.parametrize("kind, table, words", TABLE_MADE, ids=[k.__name__ for k, _, _ in TABLE_MADE])
def test_a_setting_s_values_are_the_rulebook_table_s_keys_in_its_order(kind, table, words):
    assert [m.value for m in kind] == table == words


def _choices(cls: type[Choice]) -> list[type[Choice]]:
    return [c for sub in cls.__subclasses__() for c in (sub, *_choices(sub))]


def test_every_member_s_name_spells_its_value():
    """``find`` takes a member's name as well as its value (``half_even``): the two must spell one word."""
    assert len(_choices(Choice)) >= 15
    for kind in _choices(Choice):
        for m in kind:
            assert m.name == m.value.upper().replace("-", "_"), (kind.__name__, m)


def test_a_value_added_to_a_table_without_its_member_fails_on_import():
    with pytest.raises(ValueError, match="too many values to unpack"):
        class Grown(Choice):
            ONE, TWO = {"one": "", "two": "", "three": ""}


@pytest.mark.parametrize("text, want", [("none", None), (" Never ", None), ("plain", None), ("fact", Method.FACTOR),
                                        (None, Method.NEUBERG)])
def test_find_method_reads_no_estimate(text, want):
    assert find_method(text) is want


# ------------------------------------------------------------ the command line

def _args(**given):
    names = ("expected", "scale", "winners", "factor_top", "field", "ave_policy", "small_groups", "method",
             "estimate_at", "rounding", "rounding_totals", "rounding_pct", "unplayed", "places")
    return Namespace(**{n: given.get(n) for n in names})


#: (command-line options as text, the typed overrides they give)
CLI = [
    ({"method": "mck"}, {"method": Method.MCKINNON}),
    ({"method": "none"}, {"estimate_at": EstimateAt.NEVER}),
    ({"field": "event"}, {"field": Field.EVENT}),
    ({"ave_policy": "wbf"}, {"ave_policy": AvePolicy.WBF}),
    ({"small_groups": "acbl"}, {"small_groups": SmallGroups.WBF}),
    ({"rounding": "ebu", "rounding_totals": "2"},
     {"rounding": Rounding(RoundingKind.EBU, 1), "totals_rounding": Rounding(RoundingKind.HALF_UP, 2)}),
    ({"rounding_pct": "half-even:1"}, {"percentage_decimals": 1, "percentage_tie": Tie.HALF_EVEN}),
    ({"estimate_at": "totals", "unplayed": "own", "places": "plain"},
     {"estimate_at": EstimateAt.TOTALS, "unplayed": Unplayed.OWN, "places": Places.PLAIN}),
    ({"scale": 1, "winners": 2}, {"scale": Scale.SINGLE, "winners": 2}),
]


@pytest.mark.parametrize("given, want", CLI)
def test_command_line_options_are_parsed_once_into_typed_values(given, want):
    assert option_overrides(_args(**given)) == want


@pytest.mark.parametrize("flag, value, message", [
    ("--method", "average", "'average' is not a method; expected one of neuberg"),
    ("--small-groups", "fifa", "'fifa' is not a small-group rule; expected one of wbf"),
    ("--rounding", "third", "'third' is not a rounding"),
    ("--estimate-at", "sometimes", "expected one of lines, totals, never"),
])
def test_a_bad_option_on_the_command_line_is_one_line_exit_2(flag, value, message, capsys):
    assert main(["score", str(DATA / "club-howell.csv"), flag, value]) == 2
    err = capsys.readouterr().err
    assert message in err and "Traceback" not in err


def test_study_parses_small_groups_once_and_names_a_bad_one(capsys):
    assert main(["study", str(DATA / "club-howell.csv"), "--foul-after", "2", "--small-groups", "fifa"]) == 2
    assert "'fifa' is not a small-group rule" in capsys.readouterr().err


# ------------------------------------------------------- a script, a JSON document

def test_scoring_options_parse_reads_text_and_keeps_typed_values():
    o = ScoringOptions.parse(method="asch", rounding="half-even:1", small_groups="ebu", ave_policy="wbf",
                             field="section", estimate_at="totals", totals_rounding="2", percentage_tie="even",
                             unplayed="own", places="plain", scale=1, expected=None)
    assert (o.method, o.rounding, o.small_groups, o.ave_policy, o.field, o.estimate_at, o.totals_rounding,
            o.percentage_tie, o.unplayed, o.places, o.scale, o.expected) == (
        Method.ASCHERMAN, Rounding(RoundingKind.HALF_EVEN, 1), SmallGroups.EBU, AvePolicy.WBF, Field.SECTION,
        EstimateAt.TOTALS, Rounding(RoundingKind.HALF_UP, 2), Tie.HALF_EVEN, Unplayed.OWN, Places.PLAIN, Scale.SINGLE,
        None)
    assert ScoringOptions.parse(method=Method.FACTOR, rounding=None) == ScoringOptions(method=Method.FACTOR)


#: (the same options as the command's flags, the JSON's settings keys and a script's names, the typed fields)
WORDS = [
    ({"rounding_lines": "1", "rounding_totals": "2"},
     {"rounding": Rounding(RoundingKind.HALF_UP, 1), "totals_rounding": Rounding(RoundingKind.HALF_UP, 2)}),
    ({"rounding": "1", "totals_rounding": "2"},
     {"rounding": Rounding(RoundingKind.HALF_UP, 1), "totals_rounding": Rounding(RoundingKind.HALF_UP, 2)}),
    ({"rounding_percentages": "half-even:1"}, {"percentage_decimals": 1, "percentage_tie": Tie.HALF_EVEN}),
    ({"rounding_pct": "half-even:1"}, {"percentage_decimals": 1, "percentage_tie": Tie.HALF_EVEN}),
    ({"percentage_decimals": None}, {"percentage_decimals": None}),  # exact percentages, not the default
    ({"expected": "9", "winners": 2, "factor_top": None}, {"expected": 9, "winners": 2}),
    ({"method": "none", "estimate_at": "own-tops"}, {"estimate_at": EstimateAt.OWN_TOPS}),
    ({"estimate_at": "never", "method": "none"}, {"estimate_at": EstimateAt.NEVER}),
]


@pytest.mark.parametrize("words, want", WORDS)
def test_one_parser_reads_the_flags_the_json_keys_and_the_fields(words, want):
    assert parse_options(**words) == want


@pytest.mark.parametrize("words, message", [
    ({"method": "none", "estimate_at": "totals"}, "method 'none' (never estimate) and estimate-at 'totals' contradict"),
    ({"estimate_at": "lines", "method": "never"}, "method 'never' (never estimate) and estimate-at 'lines' contradict"),
    ({"rounding_percentages": "ebu"}, "'ebu' is not a percentage rounding"),
    ({"expected": "nine"}, "expected 'nine' is not a whole number"),
])
def test_one_parser_names_what_it_refuses(words, message):
    with pytest.raises(ValueError, match=message.replace("(", r"\(").replace(")", r"\)")):
        parse_options(**words)


#: (the Setup sheet's words, the Settings' Enums, the words its cells hold)
SETUP_WORDS = [
    ({"method": "McKinnon", "scale": 1, "rounding": "EBU", "ave_policy": "wbf", "small_groups": "qba",
      "field": "event"},
     (Method.MCKINNON, Scale.SINGLE, RoundingKind.EBU, AvePolicy.WBF, SmallGroups.QBA, Field.EVENT),
     ("McKinnon", 1, "ebu", "wbf", "qba", "event")),
    ({"method": Method.ASCHERMAN_SHORT, "scale": "signed"},  # no field given: the file's, the sheet's "section"
     (Method.ASCHERMAN_SHORT, Scale.SIGNED, RoundingKind.HALF_UP, AvePolicy.FIXED, SmallGroups.WBF, None),
     ("Ascherman-short", "signed", "half-up", "fixed", "wbf", "section")),
]


@pytest.mark.parametrize("words, enums, cells", SETUP_WORDS)
def test_the_workbook_settings_are_enums_written_as_the_sheet_words(words, enums, cells):
    from mpxl.workbook.template import Settings

    s = Settings.of(**words)
    o = s.options
    assert (o.method, o.scale, o.rounding.kind, o.ave_policy, o.small_groups, o.field) == enums
    assert tuple(s.cells[n] for n in ("method", "scale", "rounding", "ave_policy", "small_groups", "field")) == cells


@pytest.mark.parametrize("field, value", [("method", "neuberg"), ("rounding", "2"), ("small_groups", "wbf"),
                                          ("ave_policy", "fixed"), ("field", "event"), ("estimate_at", "lines")])
def test_the_core_takes_typed_values_only(field, value):
    with pytest.raises(TypeError, match=field):
        ScoringOptions(**{field: value})


def test_study_options_take_the_enum_only():
    assert StudyOptions(small_groups=SmallGroups.QBA).small_groups is SmallGroups.QBA
    with pytest.raises(TypeError):
        StudyOptions(small_groups="qba")


def test_rounding_takes_its_kind_typed():
    with pytest.raises(TypeError):
        Rounding("half-up", 2)


# ------------------------------------------------------------------- readers

def test_the_usebio_reader_gives_a_typed_field():
    assert read_event(DATA / "two-sections.xml").field_scoring is Field.SECTION


# ------------------------------------------------------------ Excel functions

@pytest.fixture
def finds(monkeypatch):
    """Count the calls of Method.find (and of SmallGroups.find) during a test."""
    counts = {"method": 0, "small_groups": 0}
    method_find, group_find = Method.find.__func__, SmallGroups.find.__func__

    def counted(name, real):
        def find(cls, text):
            counts[name] += 1
            return real(cls, text)
        return classmethod(find)

    monkeypatch.setattr(Method, "find", counted("method", method_find))
    monkeypatch.setattr(SmallGroups, "find", counted("small_groups", group_find))
    return counts


@pytest.mark.parametrize("args", [
    ([[420], [400], [170]],),
    ([[420], [400], [170]], 4, "mck"),
    ([[420], ["A+"], [170], ["NP"]], None, "ascherman", 1, "BOTH", 2),
])
def test_matchpoints_parses_the_method_once(args, finds):
    assert not isinstance(udfs.MATCHPOINTS(*args), str)
    assert finds["method"] == 1


def test_boardmp_parses_method_and_small_groups_once(finds):
    got = udfs.BOARDMP([[420], [400], [170], [-50], [100]], [["A"], ["A"], ["A"], ["B"], ["B"]], None, None,
                       "manual", None, None, None, "ebu")
    assert not isinstance(got, str)
    assert (finds["method"], finds["small_groups"]) == (1, 1)


def test_the_core_parses_nothing(finds):
    score_board([420, 400, 170, "A+"], expected=5, method=Method.FACTOR, groups="AAAB",
                small_groups=SmallGroups.NONE)
    assert finds == {"method": 0, "small_groups": 0}


#: (function, arguments, what the cell says or the figures)
CELLS = [
    ("MATCHPOINTS", ([[420], [400]], 3, "none"), [[2.0], [0.0]]),  # never estimate: the board on its own top
    ("MATCHPOINTS", ([[420], [400]], 3, "Factor"), [[4.0], [0.0]]),
    ("MATCHPOINTS", ([[420], [400]], 3, "average"), "MATCHPOINTS: 'average' is not a method; expected one of"),
    ("BOARDMP", ([[1], [2]], None, None, None, None, None, None, None, "fifa"),
     "BOARDMP: 'fifa' is not a small-group rule; expected one of wbf, ebu, qba, none"),
    ("ESTIMATE", (14, 9, 8, "mck"), 16.0),
    # Ascherman's two readings: a full board of 9, S = 14: (N-1)(S+1/2)/N single x 2 = 8 x 7.5 / 9 x 2; or S
    ("ASCHERMAN", (14, 9, 9), 120 / 9),
    ("ESTIMATE", (14, 9, 9, "Ascherman short"), 14.0),
    ("ESTIMATE", (14, 9, 8, "ascherman-short"), 15.0),  # a short board: both readings give 8 x 7.5 / 8 x 2
    ("MATCHPOINTS", ([[420], [400]], None, "ascherman"), [[1.5], [0.5]]),  # N = n = 2: (1)(1 + 1/2)/2 x 2
    ("MATCHPOINTS", ([[420], [400]], None, "ascherman-short"), [[2.0], [0.0]]),
    ("KVALUE", ("asch", 9, 8), 2.0),
]


@pytest.mark.parametrize("name, args, want", CELLS)
def test_excel_function_edges(name, args, want):
    got = getattr(udfs, name)(*args)
    if isinstance(want, str):
        assert isinstance(got, str) and got.startswith(want)
    else:
        assert got == want


# ------------------------------------------------- the JSON's settings, read back by the one parser

from shared import REAL_FILES  # noqa: E402


@pytest.mark.skipif(not REAL_FILES, reason="real data files not present")
@pytest.mark.parametrize("path", REAL_FILES, ids=lambda p: p.name)
def test_the_json_settings_read_back_by_the_one_parser_give_the_options_used(path, capsys):
    """``mpxl score --json``'s settings (its keys: rounding_lines, rounding_percentages...) parsed by
    ScoringOptions.parse are the options the command scored with: scored again, the same document."""
    import json

    from mpxl.core.session import score_event
    from mpxl.formats.jsonout import json_text

    assert main(["score", str(path), "--json"]) == 0
    doc = json.loads(capsys.readouterr().out)
    options = ScoringOptions.parse(**doc["settings"])
    again = json.loads("".join(json_text(score_event(read_event(path), options))))
    assert {k: again[k] for k in ("boards", "pairs", "settings")} == {k: doc[k] for k in ("boards", "pairs", "settings")}
