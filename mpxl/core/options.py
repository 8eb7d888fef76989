"""How an event is scored: :class:`ScoringOptions`, every convention typed by the rulebook's Enums
(:mod:`mpxl.core.settings`), parsed from words once (:meth:`ScoringOptions.parse`: command-line flags,
JSON keys and Setup-sheet words alike); and what the options make of an event's own word (its field,
its one- or two-winner sections, a pair's key).

>>> o = ScoringOptions.parse(method="neuberg", rounding="1", winners=2)
>>> o.method, str(o.rounding), o.winners
(<Method.NEUBERG: 'neuberg'>, 'half-up:1', 2)
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, replace
from enum import Enum
from fractions import Fraction
from functools import cached_property, lru_cache
from typing import Any, cast

from .board import BoardRules, holds_mixed_line, one_result_beside_artificial
from .event import Event, PairKey
from .methods import Method, find_method
from .numbers import whole
from .rounding import Rounding, round_fraction, round_ratio
from .rules import (
    AVE_POLICIES,
    FIELD_SCORING,
    FIXED_TOP_SCALES,
    K_RULES,
    LONE_RESULT_RULES,
    MIXED_LINE_RULES,
    PERCENTAGE_BASES,
    ROUNDING_KINDS,
    ROUNDING_ORDERS,
    SCALES,
    SMALL_GROUP_RULES,
    TOTALS_ESTIMATES,
)
from .settings import (
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
    TotalsFrom,
    TotalsMethod,
    Unplayed,
)

__all__ = ["ScoringOptions", "Setting", "Trial", "SETTINGS", "setting", "declare", "declared", "registry",
           "parse_options", "OPTION_ALIASES", "settings_of", "differences", "off_sheet", "settings_table", "field_of",
           "winners_of", "pair_key"]


#: A setting's value as the JSON and ``check``'s line write it (Enums as their word, roundings as text).
def _word(value: Any) -> Any:
    if isinstance(value, Enum):
        return value.value
    if isinstance(value, Rounding):
        return str(value)
    return value


@dataclass(frozen=True, eq=False)  # a declaration: one object per setting, compared by identity
class Trial:
    """How the inference (:mod:`mpxl.core.inference`) tries a setting's other values (its
    :attr:`Setting.candidates`, or its :attr:`Setting.neighbours`) by their own, declared with the setting:
    ``at`` a point of its search (:data:`mpxl.core.inference.TRIAL_POINTS`, in the search's order: ``scale``:
    with the scale and field, on every line; ``missed``: once the method is found, what a missed board
    gets; ``artificial``: once the method and N are found, when a board holds an artificial score;
    ``lines``: the lines' rounding; ``totals``: what the totals add, after the lines' rounding;
    ``percentages``: with the percentages' rounding; ``start``: a search started again from each of its
    values, on a small event still missing a figure), when a board of the event ``holds`` what the
    setting decides (a test of the board's lines' kinds, the rule's own: :mod:`mpxl.core.board`'s
    ``one_result_beside_artificial``; None: any event), rated on the published figures ``on``
    (:class:`mpxl.core.inference.Agreement`'s kinds, and ``credits``: the figures on the sit-outs' rows, with
    the lines' when there are any; ``()``: every figure but the places), tried only when the file publishes
    one of ``needs`` (``()``: one of ``on``); with ``missed``, only while a figure is still missed.

    >>> [t.at for t in SETTINGS["lone_result"].trials]
    ['scale', 'artificial']
    """

    at: str
    holds: Callable[[Sequence[str]], bool] | None = None
    on: tuple[str, ...] = ()
    missed: bool = False
    needs: tuple[str, ...] = ()


@dataclass(frozen=True, eq=False)  # a declaration: one object per setting, compared by identity
class Setting:
    """One scoring setting, declared once (by :func:`setting`, as a field of :class:`ScoringOptions`, or
    by :func:`declare`): what every edge needs to know of it. From these declarations come the
    options' validation, the words :func:`parse_options` reads (the command's flags, the JSON's keys,
    the fields' names), the flags of ``score`` and ``check``, the JSON's settings
    (:func:`settings_of`) and ``check``'s differences (:func:`differences`), what the workbook's
    Setup holds (:attr:`sheet`), the docs' table (:func:`settings_table`) and the values the
    inference tries (:attr:`candidates`).

    >>> s = SETTINGS["lone_result"]
    >>> s.flags, s.key, s.sheet, [str(v.value) for v in s.candidates]
    (('--lone-result',), 'lone_result', 'lone_result', ['average', 'ave-plus'])
    """

    name: str = ""  # ScoringOptions' field (filled in from the field when declared there)
    default: Any = None
    parse: Callable[[Any], Any] | None = None  # a word -> the typed value; None: a whole number
    kind: type | None = None  # the typed value's type, checked on every ScoringOptions (None: not checked)
    words: str = ""  # the rulebook's words: what the setting decides
    values: Mapping[str, str] = dataclasses.field(default_factory=dict)  # the rulebook's words for each value
    flags: tuple[str, ...] = ()  # the command's flags (none: set by another setting's flag, or by scripts)
    metavar: str | None = None
    help: str = ""  # the flag's help ('' = words)
    choices: tuple[Any, ...] | None = None  # the flag's choices, when the command lists them
    whole: bool = False  # a whole number (the flag takes an int)
    key: str | None = ""  # the JSON settings' key ('' = name; None: written by another setting's key)
    show: Callable[[Any, Event], Any] | None = None  # (options, event) -> the JSON value ('' = its word)
    reader: Callable[[Any], dict[str, Any]] | None = None  # reads the flag's and key's word into fields
    aliases: tuple[str, ...] = ()  # other words for it (scripts', older JSON's)
    keep_none: bool = False  # None given by its name is a value (exact percentages), not the default
    nullable: bool = False  # None is a value of it (what the file says)
    check: Callable[[Any], str | None] | None = None  # a value's fault, in words (None when fine)
    sheet: str | None = None  # the workbook Setup's row that holds it (or how the sheet shows it); None: its
    # formulas know only the default
    off_sheet: str = ""  # why an event scored with another value gets values in a workbook ('' = generic)
    candidates: tuple[Any, ...] = ()  # the values the inference may try
    # the values the inference tries from a value (None: each of the candidates but it)
    neighbours: Callable[[Any], Sequence[Any]] | None = None
    written: str = ""  # how a value is written, for the docs ('' = its values)
    none_is: str = "what the file says"  # what None means, for the docs (a nullable setting's)
    # the workbook's Setup row that holds it (with ``sheet``, its key): the defined name of its cell, its label,
    # its note ('' = its values in the rulebook's words, ``value: words; ...``)
    cell: str = ""
    caption: str = ""
    note: str = ""
    off_values: tuple[Any, ...] = ()  # values the sheet's formulas do not take: off its Setup list (off_sheet's text)
    # the Setup cells a value fills, by key (None: its word in its ``sheet`` row): :meth:`setup_cells`
    setup: Callable[[Any], Mapping[str, Any]] | None = None
    trials: tuple[Trial, ...] = ()  # where the inference tries its candidates by their own (none: in a step of its own)
    # what the board scorer takes of its value: keyword arguments of mpxl.core.board.score_board (BoardRules)
    board: Callable[[Any], Mapping[str, Any]] | None = None
    ranking: bool = False  # applied by the ranking alone: the lines' figures do not depend on it
    # a value's phrase on the results page (its word -> the key of mpxl.formats.labels' words), said when the
    # options hold it
    phrases: Mapping[str, str] = dataclasses.field(default_factory=dict)

    def __post_init__(self) -> None:
        if self.key == "" and self.name:  # the JSON key is the name unless declared
            object.__setattr__(self, "key", self.name)

    @property
    def label(self) -> str:
        """The setting as ``check``'s line and the command's flag name it: ``lone-result``."""
        return (self.key or self.name).replace("_", "-")

    @property
    def dest(self) -> str | None:
        """The command-line namespace's attribute its flag sets (argparse's name for the first flag)."""
        return self.flags[0].lstrip("-").replace("-", "_") if self.flags else None

    def read(self, word: str, value: Any) -> dict[str, Any]:
        """ScoringOptions' fields ``value`` sets, given as ``word`` (its name, flag or key)."""
        if self.reader is not None and (word != self.name or not self.whole):
            return self.reader(value)
        if self.parse is not None:
            return {self.name: self.parse(value)}
        if self.whole and isinstance(value, str):
            return {self.name: whole(value, self.label)}
        return {self.name: value}

    def shown(self, options: Any, event: Event) -> Any:
        """Its value in the JSON's settings and ``check``'s line."""
        if self.show is not None:
            return self.show(options, event)
        return _word(getattr(options, self.name))

    def setup_cells(self, value: Any) -> dict[str, Any]:
        """``value`` as the workbook Setup's cells hold it, by key: as declared (:attr:`setup`), else its word in
        its ``sheet`` row (none when the Setup holds no cell for it).

        >>> SETTINGS["rounding"].setup_cells(Rounding()), SETTINGS["places"].setup_cells(Places.PLAIN)
        ({'rounding': 'exact', 'decimals': 2}, {'places': 'plain'})
        """
        if self.setup is not None:
            return dict(self.setup(value))
        return {self.sheet: _word(value)} if self.sheet is not None else {}

    def fault(self, value: Any) -> Exception | None:
        """What is wrong with ``value`` as this setting's typed value (None when nothing)."""
        if value is None and (self.nullable or self.keep_none):
            return None
        if self.kind is not None and not isinstance(value, self.kind):
            how = "parse" if self.kind is Rounding else "find"
            return TypeError(f"ScoringOptions {self.name} {value!r} is not a {self.kind.__name__}; parse text at the "
                             f"edge ({self.kind.__name__}.{how})")
        message = self.check(value) if self.check is not None else None
        return ValueError(message) if message else None


def setting(default: Any, **spec: Any) -> Any:
    """A field of :class:`ScoringOptions` declared with its :class:`Setting` (its name is the field's)."""
    if isinstance(default, Choice):
        spec.setdefault("kind", type(default))
        spec.setdefault("parse", type(default).find)
        spec.setdefault("candidates", tuple(type(default)))
    return dataclasses.field(default=default, metadata={"setting": Setting(default=default, **spec)})


def _whole(name: str, least: int) -> Callable[[Any], str | None]:
    def check(value: Any) -> str | None:
        if value is None or (isinstance(value, int) and not isinstance(value, bool) and value >= least):
            return None
        return f"{name} {value!r} must be " + ("a whole number of results, at least 1" if name == "expected"
                                               else "a positive whole number")
    return check


def _percentage_rounding(value: Any) -> dict[str, Any]:
    """``--rounding-pct`` / ``rounding_percentages``: the percentages' decimals and tie at once; ``exact``
    (the JSON's word for unrounded percentages) none."""
    if isinstance(value, str) and value.strip().lower() == "exact":
        return {"percentage_decimals": None}
    pct = Rounding.parse(value)
    if pct.kind not in (RoundingKind.HALF_UP, RoundingKind.HALF_EVEN):
        raise ValueError(f"{value!r} is not a percentage rounding; expected D, half-up:D or half-even:D")
    return {"percentage_decimals": pct.decimals, "percentage_tie": Tie.find(pct.kind.value)}


def _setup_rounding(value: Rounding, rule: str = "rounding", digits: str = "decimals",
                    exact: int | None = 2) -> dict[str, Any]:
    """A rounding as the Setup's two cells hold it: its rule's word and its decimals (``exact``: those of
    the exact rule, which has none)."""
    return {rule: value.kind.value, digits: exact if value.kind is RoundingKind.EXACT else value.decimals}


def _method(value: Any) -> dict[str, Any]:
    """``--method``: a Method, or ``none`` (never estimate: in the method's place, :func:`parse_options`)."""
    method = find_method(value)
    return {"estimate_at": EstimateAt.NEVER} if method is None else {"method": method}


@dataclass(frozen=True)
class ScoringOptions:
    """How to score an event; the defaults are the WBF/EBU rules with exact figures. Each field is a
    setting declared once (:class:`Setting`): its type, default, words, flag, JSON key, sheet cell
    and the inference's candidates."""

    method: Method = setting(
        Method.NEUBERG, parse=None, reader=_method, words="the estimation method of a short board",
        values={m.value: K_RULES[m.value].words for m in Method}, flags=("--method",),
        written=", ".join(f"`{m.value}`" for m in Method) + ", `none` (never estimate)",
        help=", ".join(m.value for m in Method) + ", or none (never estimate); ascherman estimates full boards "
        "too, ascherman-short only short ones", show=lambda o, e: o.method_name, sheet="method",
        setup=lambda v: {"method": v.label},
        board=lambda v: {"method": v},
        cell="Method", caption="Method", note="How a board with missing or adjusted results is scaled up to N "
        "results (Ascherman changes full boards too; Ascherman-short only short ones).")
    scale: Scale = setting(
        Scale.DOUBLE, words="the matchpoint scale", values={s: "" for s in (*SCALES, *FIXED_TOP_SCALES)},
        flags=("--scale",), written="`double` (`2`), `single` (`1`), `signed`, `percent` (`%`)",
        metavar="SCALE", help="double (2, default), single (1), signed (MP1: +1 per result beaten, -1 per result "
        "that beats it; an average is 0), or percent (each line the board's percentage, top 100)",
        show=lambda o, e: o.scale.number, sheet="scale", setup=lambda v: {"scale": v.number},
        board=lambda v: {"scale": v.unit},
        cell="Scale", caption="Scale", note="2 = double matchpoints (2 per score beaten, 1 per tie); 1 = single; "
        "signed = +1 per score beaten, -1 per score that beats it (the double figure less N - 1: a top is N - 1, an "
        "average 0, NS + EW = 0; % = 50 + 50 x MP / Max; Ruter's MP1); percent = each line the board's percentage "
        "(the double figure x 100 / the board's double top: top 100, NS + EW = 100; a pair's % the mean of its "
        "board figures; JFR Pary, KoPS).")
    field: Field | None = setting(
        None, kind=Field, parse=Field.find, nullable=True, candidates=tuple(Field),
        words="which results a board is compared across (default: what the file says, else section)",
        values=FIELD_SCORING, flags=("--field",), choices=tuple(FIELD_SCORING),
        help="compare boards within each section or across the field",
        show=lambda o, e: field_of(e, o).value, sheet="field", phrases={"event": "field_event"},
        setup=lambda v: {"field": (v or Field.SECTION).value},  # none given: by section, as field_of
        cell="FieldScoring", caption="Sections scored")
    expected: int | None = setting(
        None, whole=True, nullable=True, check=_whole("expected", 1),
        words="results per board, N (default: the most on any board of the field)", flags=("--expected",),
        metavar="N", help="results per board (default: the most on any board)", sheet="expected",
        cell="Expected", caption="Expected results per board (N)",
        note="Leave blank: the most lines (results, artificial scores, not played) on any board.")
    estimate_at: EstimateAt = setting(
        EstimateAt.LINES, words="where a short board's estimate goes", flags=("--estimate-at",), metavar="WHERE",
        help="lines (default), totals (lines plain on their own top, totals estimated), never, or own-tops (never, "
        "and a board with an artificial score plain on its real results' own top, the score its percentage of it)",
        sheet="estimate_at", off_sheet="no estimation (method none) is not in the workbook's formulas",
        phrases={"totals": "estimate_totals"}, board=lambda v: {"own_top": v is EstimateAt.OWN_TOPS},
        off_values=(EstimateAt.NEVER,), cell="EstimateAt", caption="Estimate at",
        note="lines: a short board's lines estimated to N; totals: a board played fewer times published plain on "
        "its own top, its pairs' totals adding it estimated to N (Compscore); own-tops: no estimate at all, a board "
        "worth its real results alone, an artificial score a percentage of that smaller top (BriAn).")
    rounding: Rounding = setting(
        Rounding(), kind=Rounding, parse=Rounding.parse, words="how each board's figures are rounded",
        values={k: rule.words for k, rule in ROUNDING_KINDS.items()}, flags=("--rounding", "--rounding-lines"),
        metavar="R",
        written="`exact`, `ebu`, `acbl`, a number of decimals, `half-up:D`, `half-even:D`, `truncate:D`",
        help="the lines' figures: exact, ebu, acbl, a number of decimals, half-up:D, half-even:D or truncate:D (cut "
        "off, never rounded up: Bridge NZ's Scorer)",
        key="rounding_lines", sheet="rounding", neighbours=Rounding.other_ties, setup=_setup_rounding,
        trials=(Trial("lines", on=("lines", "totals"), needs=("lines",)),),
        cell="Rounding", caption="Rounding")
    totals_rounding: Rounding | None = setting(
        None, kind=Rounding, parse=Rounding.parse, nullable=True,
        words="how figures only the totals hold are rounded (default: as the lines)", flags=("--rounding-totals",),
        written="as `--rounding`", none_is="as the lines",
        metavar="R", help="figures only the totals hold (estimated boards, missed boards); default: as the lines",
        key="rounding_totals", show=lambda o, e: str(o.totals_rounding or o.rounding), sheet="totals_rounding",
        setup=lambda v: {"totals_rounding": None, "totals_decimals": None} if v is None else _setup_rounding(
            v, "totals_rounding", "totals_decimals", None),
        cell="TotalsRounding", caption="Totals rounding", note="How the figures only the totals hold are "
        "rounded (a board estimated at the totals, a missed board's credit, an exact total): blank = as the lines' "
        "Rounding.")
    percentage_decimals: int | None = setting(
        2, whole=True, keep_none=True, reader=_percentage_rounding, check=_whole("percentage_decimals", 0),
        words="how percentages are rounded: decimals and tie (ranking uses the exact figure)",
        flags=("--rounding-pct", "--rounding-percentages"), metavar="R",
        help="percentages: a number of decimals, half-up:D or half-even:D",
        written="`D`, `half-up:D`, `half-even:D`, `exact` (the JSON's word for unrounded)", none_is="exact",
        key="rounding_percentages", aliases=("percentage_rounding",), sheet="pct_decimals",
        show=lambda o, e: "exact" if o.percentage_decimals is None
        else f"{o.percentage_tie.value}:{o.percentage_decimals}", ranking=True,
        cell="PctDecimals", caption="Percentage decimals", note="The percentages' decimals (blank: exact).")
    percentage_tie: Tie = setting(
        Tie.HALF_UP, key=None, words="how a percentage's exact half is rounded (with rounding_percentages)",
        sheet="pct_rounding",
        trials=(Trial("percentages", on=("percentages", "line_percentages")),), ranking=True,
        cell="PctRounding", caption="Percentage rounding",
        note="half-up: an exact half away from zero (48.125 -> 48.13); half-even: to the even digit (48.12, "
        "RealBridge). The ranking uses the exact %.")
    unplayed: Unplayed = setting(
        Unplayed.NONE, words="what a pair gets for a board of its field it missed", flags=("--unplayed",),
        metavar="RULE", help="a board a pair missed: none (default), own (its own percentage), average (50%%) or "
        "ave-plus (60%%: a sit-out's credit, JFR Pary)", sheet="unplayed",
        trials=(Trial("missed", on=("totals", "percentages", "credits")),),
        ranking=True, phrases={"own": "unplayed_own", "average": "unplayed_average", "ave-plus": "unplayed_plus"},
        cell="Unplayed", caption="Missed boards", note="none: a missed board gives nothing; own: a pair that "
        "played fewer boards than the most of its field gets its own share of the top for each missed board (Ruter's "
        "bye credits, Compscore); average / ave-plus: 50% / 60% of the top for each (a sit-out's credit, JFR Pary).")
    places: Places = setting(
        Places.SHARED, words="how tied places are written", flags=("--places",), metavar="STYLE",
        help="tied places: shared (3=, default) or plain (3)", sheet="places", ranking=True,
        phrases={"plain": "places_plain"},
        cell="Places", caption="Places", note="shared: tied places written 3=; plain: written 3.")
    winners: int | None = setting(
        None, whole=True, nullable=True,
        check=lambda v: None if v in (None, 1, 2) else f"winners {v!r}; expected 1 or 2",
        candidates=(1, 2), words="one ranking, or NS and EW ranked apart (default: what the file says)",
        flags=("--winners",), choices=(1, 2), help="1 = one ranking, 2 = NS and EW ranked apart",
        show=lambda o, e: _winners_setting(e, o), sheet="winners",
        cell="Winners", caption="Winners", note="2 = NS and EW ranked apart (Mitchell); 1 = one ranking (Howell).")
    ave_policy: AvePolicy = setting(
        AvePolicy.FIXED, words="how Ave+ and Ave- are awarded", values=AVE_POLICIES, flags=("--ave-policy",),
        choices=tuple(AVE_POLICIES), help="; ".join(f"{k}: {v}" for k, v in AVE_POLICIES.items()).replace("%", "%%"),
        sheet="ave_policy", trials=(Trial("artificial"),), phrases={"wbf": "ave_wbf"},
        cell="AvePolicy", caption="Ave+/Ave- policy",
        note="fixed; or wbf: the pair's percentage on its other boards if better (Ave+) or worse (Ave-).")
    totals_from: TotalsFrom = setting(
        TotalsFrom.ROUNDED, words="what a pair's total and percentage add: the rounded or the exact figures",
        flags=("--totals-from",), metavar="BASIS",
        help="a percentage from the rounded figures the total adds (default) or the exact ones", sheet="totals_from",
        trials=(Trial("totals", on=("totals", "percentages", "line_percentages")), Trial("start")), ranking=True,
        phrases={"exact": "totals_exact"},
        cell="TotalsFrom", caption="Totals from", note="rounded: a pair's total adds the rounded board "
        "figures; exact: it adds the exact figures, rounded as a total, and its % is worked out from the exact sum "
        "(Ruter).")
    lone_result: LoneResult = setting(
        LoneResult.AVERAGE, words="what a board's one real result beside artificial scores gets",
        values=LONE_RESULT_RULES, flags=("--lone-result",), metavar="RULE",
        help="a board's one real result beside artificial scores: average (50%%, default) or ave-plus (60%% to both "
        "sides, ACBLscore)", sheet="lone_result",
        trials=(Trial("scale", holds=one_result_beside_artificial),
                Trial("artificial", holds=one_result_beside_artificial, missed=True)),
        phrases={"ave-plus": "lone_plus"}, board=lambda v: {"lone_result": v},
        cell="LoneResult", caption="Lone result")
    mixed_line: MixedLine = setting(
        MixedLine.BOTH, words="which fields a mixed line's real result stands in (one side given an artificial "
        "score, the other scored on the table's result)", values=MIXED_LINE_RULES, flags=("--mixed-line",),
        metavar="RULE", help="a mixed line's real result: both (in both directions' fields, Ruter; default) or own "
        "(only in its own side's field, the other field one result short)", sheet="mixed_line",
        trials=(Trial("artificial", holds=holds_mixed_line),),
        phrases={"own": "mixed_own"}, board=lambda v: {"mixed_line": v},
        cell="MixedLine", caption="Mixed line")
    percentage_basis: PercentageBasis = setting(
        PercentageBasis.PLAYED, words="what a pair's percentage is worked out from", values=PERCENTAGE_BASES,
        flags=("--percentage-basis",), metavar="BASIS", help="a pair's percentage: played (its total over the tops "
        "of the boards it played, default) or scaled (ACBLscore: the total scaled to the field's full maximum and "
        "rounded as a total, over that maximum)", sheet="pct_basis", ranking=True,
        phrases={"scaled": "basis_scaled"},
        cell="PctBasis", caption="Percentage basis")
    small_groups: SmallGroups = setting(
        SmallGroups.WBF, words="which small fouled groups get set percentages",
        values={k: v.words for k, v in SMALL_GROUP_RULES.items()}, flags=("--small-groups",), metavar="RULE",
        help="fouled boards' small groups: wbf, ebu, qba or none", sheet="small_groups",
        board=lambda v: {"small_groups": v},
        cell="SmallGroups", caption="Small fouled groups",
        note="wbf (WBF/ACBL), ebu (White Book 4.2.3.3), qba (slides), none.")
    factor_top: int | None = setting(
        None, whole=True, nullable=True, check=_whole("factor_top", 1),
        words="factor every board to this top before rounding (carry-forward)", flags=("--factor-top",),
        metavar="TOP", help="factor every board to this top (carry-forward)", written="a top", none_is="none",
        off_sheet="factoring to a fixed top is not in the workbook's formulas")
    rounding_order: RoundingOrder = setting(
        RoundingOrder.FIGURE, words="what is rounded when a board's figure is factored to another top (the "
        "percentage scale's 100, factor_top)", values=ROUNDING_ORDERS, flags=("--rounding-order",), metavar="ORDER",
        help="on a factored top (percent scale, --factor-top): figure (the factored exact figure rounded once, "
        "default) or matchpoints-first (the matchpoints rounded on the board's own top first)",
        trials=(Trial("totals", on=("lines", "totals", "percentages"), missed=True),), sheet="rounding_order",
        cell="RoundingOrder", caption="Rounding order", note="On the percent scale (every board factored to a top "
        "of 100): figure, the factored exact figure rounded once by Rounding; matchpoints-first, the matchpoints "
        "rounded by Rounding on the board's own top first, then factored and rounded again.")
    totals_method: TotalsMethod = setting(
        TotalsMethod.AS_LINES, words="what a pair's total adds for a board played fewer times than N, where a program "
        "splits it from the board's published lines", values=TOTALS_ESTIMATES, flags=("--totals-method",),
        metavar="METHOD", help="a short board in the totals: as-lines (default: as its lines, or as --estimate-at "
        "totals says), plain (its plain matchpoints on its own smaller top) or a method (neuberg, manual...: "
        "estimated to N by it; Bridge NZ's Scorer: lines neuberg, totals manual)",
        trials=(Trial("totals", on=("totals", "percentages"), missed=True),), sheet="totals_method",
        cell="TotalsMethod", caption="Totals method", note="What a pair's total adds for a board with fewer lines "
        "than N: as-lines (its lines' figures, or under Estimate at totals the board estimated to N by Method); "
        "plain (its plain matchpoints on its own smaller top, the top its pairs' Max counts: Bridge NZ's Scorer on a "
        "three-quarter Howell); or a method (neuberg, factor, ascherman, mckinnon, manual, ascherman-short: the "
        "board estimated to N by it, its lines as Estimate at says; Bridge NZ's Scorer: Method neuberg, Totals "
        "method manual).")
    #: the values of settings declared outside this class (:func:`declare`): (name, value) pairs
    more: tuple[tuple[str, Any], ...] = dataclasses.field(default=(), repr=False)

    def __post_init__(self) -> None:
        if isinstance(self.scale, int) and self.scale in (1, 2):  # the scale's number, as the JSON writes it
            object.__setattr__(self, "scale", Scale.find(self.scale))
        # the options come typed: text is parsed once, at the edge (command line, reader, Excel function)
        for s in _DECLARED:
            fault = s.fault(getattr(self, s.name))
            if fault is not None:
                raise fault
        for name, value in self.more:
            fault = declared(name).fault(value)
            if fault is not None:
                raise fault

    def __getattr__(self, name: str) -> Any:
        """A setting declared outside the class (:func:`declare`): its value, else its default."""
        extra = _EXTRA.get(name)
        if extra is None:
            raise AttributeError(f"{type(self).__name__!r} object has no attribute {name!r}")
        return dict(self.__dict__.get("more", ())).get(name, extra.default)

    @classmethod
    def make(cls, **values: Any) -> ScoringOptions:
        """Options from typed values, a setting declared outside the class (:func:`declare`) among them."""
        return cls().with_(**values)

    def with_(self, **values: Any) -> ScoringOptions:
        """These options with ``values`` changed (:func:`dataclasses.replace`, and the settings declared
        outside the class).

        >>> ScoringOptions().with_(expected=9).expected
        9
        """
        more = {k: v for k, v in values.items() if k in _EXTRA}
        if more:
            values = {k: v for k, v in values.items() if k not in more}
            values["more"] = tuple(sorted({**dict(self.more), **more}.items()))
        return replace(self, **values)

    @classmethod
    def parse(cls, **values: Any) -> ScoringOptions:
        """Options from words, as a script, a JSON document or the command line gives them: each
        value parsed once by :func:`parse_options` (typed values pass through, None is the default;
        ``method`` ``none`` means never estimate).

        >>> o = ScoringOptions.parse(method="mck", rounding="2", field="event", small_groups="acbl")
        >>> o.method, str(o.rounding), o.field, o.small_groups
        (<Method.MCKINNON: 'mckinnon'>, 'half-up:2', <Field.EVENT: 'event'>, <SmallGroups.WBF: 'wbf'>)
        >>> ScoringOptions.parse(method="none").method_name
        'none'
        >>> ScoringOptions.parse(ave_policy="sometimes")
        Traceback (most recent call last):
        ...
        ValueError: 'sometimes' is not an ave policy; expected one of fixed, wbf
        """
        return cls.make(**parse_options(**values))

    @cached_property
    def board_rules(self) -> BoardRules:
        """What the board scorer (:func:`mpxl.core.board.score_board`) takes of these options, each setting as its
        declaration says (:attr:`Setting.board`).

        >>> r = ScoringOptions(estimate_at=EstimateAt.OWN_TOPS, scale=Scale.SIGNED).board_rules
        >>> r["own_top"], r["scale"], r["method"]
        (True, 2, <Method.NEUBERG: 'neuberg'>)
        """
        rules: dict[str, Any] = {}
        for s in registry():
            if s.board is not None:
                rules.update(s.board(getattr(self, s.name)))
        return cast(BoardRules, rules)

    @cached_property
    def totals_scoring(self) -> ScoringOptions | None:
        """The options a short board's totals are scored by when ``totals_method`` names a method (those options
        with that method); None otherwise.

        >>> ScoringOptions(totals_method=TotalsMethod.MANUAL).totals_scoring.method, ScoringOptions().totals_scoring
        (<Method.MANUAL: 'manual'>, None)
        """
        m = self.totals_method.method
        return None if m is None else replace(self, method=Method(m), totals_method=TotalsMethod.AS_LINES)

    @property
    def method_name(self) -> str:
        """The method as published: 'none' when nothing is estimated.

        >>> ScoringOptions().method_name, ScoringOptions(estimate_at=EstimateAt.NEVER).method_name
        ('neuberg', 'none')
        """
        return "none" if self.estimate_at in (EstimateAt.NEVER, EstimateAt.OWN_TOPS) else self.method.value

    def round_percentage(self, value: Fraction) -> Fraction:
        """A percentage as published: to ``percentage_decimals`` by ``percentage_tie`` (exact if None).

        >>> half = Fraction(385, 8)  # 48.125
        >>> half_even = ScoringOptions(percentage_tie=Tie.HALF_EVEN)
        >>> float(ScoringOptions().round_percentage(half)), float(half_even.round_percentage(half))
        (48.13, 48.12)
        """
        if self.percentage_decimals is None:
            return Fraction(value)
        return round_fraction(value, self.percentage_decimals, self.percentage_tie.value)

    def line_percentage(self, exact: Fraction | None, rounded: Fraction | None, top: int,
                        decimals: int | None) -> Fraction | None:
        """A line's percentage of its board's top, as a file publishes it beside the line's figure:
        from the exact or the rounded figure (as ``totals_from``), to ``decimals`` by
        ``percentage_tie`` (exact if None); None for a line with no figure or a board with no top.

        >>> signed = ScoringOptions(scale=Scale.SIGNED, rounding=Rounding.parse(1))
        >>> str(signed.line_percentage(Fraction(-6), Fraction(-6), 8, 0))
        '13'
        >>> str(signed.line_percentage(Fraction(63, 8), Fraction(79, 10), 8, 0))
        '99'
        """
        figure = exact if self.totals_from is TotalsFrom.EXACT else rounded
        if figure is None or not top:
            return None
        f = Fraction(figure) if isinstance(figure, float) else figure
        return _line_percentage(f.numerator, f.denominator, top, self.scale, self.percentage_tie.value, decimals)

    def round_line_percentage(self, pct: Fraction, decimals: int | None) -> Fraction:
        """A line's percentage (or a sit-out's credit's) as the file writes it: to ``decimals`` by
        ``percentage_tie`` (exact if None).

        >>> str(ScoringOptions().round_line_percentage(Fraction(25, 2), 0))
        '13'
        """
        return _round_line_percentage(pct, decimals, self.percentage_tie.value)

    def percentage_float(self, value: Fraction) -> float:
        """``float(self.round_percentage(value))`` with no Fraction made: the rounded figure's units
        (:func:`~mpxl.core.rounding.round_ratio`) over 10 ** decimals, one correctly rounded division.

        >>> exact = ScoringOptions(percentage_decimals=None)
        >>> ScoringOptions().percentage_float(Fraction(385, 8)), exact.percentage_float(Fraction(1, 3))
        (48.13, 0.3333333333333333)
        """
        if self.percentage_decimals is None:
            return float(value)
        decimals = self.percentage_decimals
        unit: int = 10**decimals  # decimals >= 0: an int
        return round_ratio(value.numerator, value.denominator, decimals, self.percentage_tie.value) / unit


#: Every setting declared as a field of ScoringOptions, by name, in the order the JSON writes them.
SETTINGS: dict[str, Setting] = {f.name: dataclasses.replace(f.metadata["setting"], name=f.name)
                                for f in dataclasses.fields(ScoringOptions) if "setting" in f.metadata}
_DECLARED = tuple(SETTINGS.values())

#: Settings declared outside ScoringOptions (:func:`declare`): a new convention tried before it is a field.
_EXTRA: dict[str, Setting] = {}

#: The order of the settings' flags in the command's help: their declarations' (those declared outside
#: ScoringOptions, :func:`declare`, follow).
FLAG_ORDER = tuple(s.name for s in _DECLARED if s.flags)


def registry() -> tuple[Setting, ...]:
    """Every setting: ScoringOptions' fields, then those declared outside it (:func:`declare`)."""
    return _DECLARED + tuple(_EXTRA.values())


def declared(name: str) -> Setting:
    """The setting ``name`` (a field's name, a flag's or a JSON key's word).

    >>> declared("rounding_lines").name, declared("rounding-pct").name
    ('rounding', 'percentage_decimals')
    """
    word = name.replace("-", "_")
    found = _words().get(word)
    if found is None:
        raise KeyError(f"no setting {name!r}")
    return found


def _words() -> dict[str, Setting]:
    """Every word a setting is given by: its name, its flags' names, its JSON key, its aliases."""
    out: dict[str, Setting] = {}
    for s in registry():
        for word in (s.name, s.key, *(f.lstrip("-").replace("-", "_") for f in s.flags), *s.aliases):
            if word:
                out.setdefault(word, s)
    return out


@contextmanager
def declare(new: Setting) -> Iterator[Setting]:
    """Declare a setting outside ScoringOptions for the time of a ``with``: its flag, its JSON key
    and ``check``'s line take it at once (a new convention tried out, or a test's throwaway one).

    >>> from mpxl.core.event import Event
    >>> with declare(Setting("tempo", default="slow", words="a test's setting", flags=("--tempo",))):
    ...     settings_of(Event(), ScoringOptions.parse(tempo="fast"))["tempo"]
    'fast'
    >>> "tempo" in settings_of(Event(), ScoringOptions())
    False
    """
    if new.name in _words():
        raise ValueError(f"a setting {new.name!r} is declared already")
    _EXTRA[new.name] = new
    try:
        yield new
    finally:
        del _EXTRA[new.name]


#: Other names an option goes by: the command's flags (``--rounding-pct``) and the JSON's settings
#: (``rounding_lines``), to ScoringOptions' field (from the declarations).
OPTION_ALIASES: dict[str, str] = {w: s.name for w, s in _words().items() if w != s.name}


def parse_options(**words: Any) -> dict[str, Any]:
    """ScoringOptions' fields from words: the one parser of the command line (its flags' names),
    the JSON (its settings' keys) and scripts. Each value is read by its setting's declaration
    (:class:`Setting`: its type's ``find``, :meth:`Rounding.parse`, a whole number); typed values
    pass through; None is the default (left out; but ``percentage_decimals`` None is exact
    percentages). ``method`` ``none`` means never estimate (own tops estimate nothing either), and
    a method named with ``never`` or ``own-tops`` contradicts them (a typed Method beside them is an
    options' own state: every options object has a method); ``rounding_pct``
    (``rounding_percentages``) gives the percentages' decimals and tie. A bad value raises
    ValueError naming it.

    >>> parse_options(method="none", rounding_pct="half-even:1", winners="2", places=None)
    {'estimate_at': <EstimateAt.NEVER: 'never'>, 'percentage_decimals': 1,
     'percentage_tie': <Tie.HALF_EVEN: 'half-even'>, 'winners': 2}
    >>> parse_options(rounding_pct="ebu")
    Traceback (most recent call last):
    ...
    ValueError: 'ebu' is not a percentage rounding; expected D, half-up:D or half-even:D
    >>> parse_options(method="none", estimate_at="totals")
    Traceback (most recent call last):
    ...
    ValueError: method 'none' (never estimate) and estimate-at 'totals' contradict each other
    >>> parse_options(method="mckinnon", estimate_at="never")
    Traceback (most recent call last):
    ...
    ValueError: method 'mckinnon' (an estimate) and estimate-at 'never' (no estimate) contradict each other
    """
    parsed: dict[str, Any] = {}
    known = _words()
    never = None  # the word that said never estimate (method none)
    named = None  # a method named by a word (a typed Method beside never is the options' own state)
    for word, value in words.items():
        s = known.get(word)
        if s is None:  # no setting: left for ScoringOptions to refuse
            parsed[word] = value
            continue
        if value is None and not (s.keep_none and word == s.name):  # None: the default
            continue
        got = s.read(word, value)
        if s.name == "method" and "method" not in got:  # never estimate: in the method's place
            never = value
            got = {"estimate_at": parsed.get("estimate_at") or got["estimate_at"]}
        elif s.name == "method" and isinstance(value, str):
            named = value
        parsed.update(got)
    at = parsed.get("estimate_at")
    estimates = at not in (EstimateAt.NEVER, EstimateAt.OWN_TOPS)
    if never is not None and at is not None and estimates:
        raise ValueError(f"method {never!r} (never estimate) and estimate-at {at.value!r} contradict each other")
    if named is not None and at is not None and not estimates:  # a method given is the method used
        raise ValueError(f"method {named!r} (an estimate) and estimate-at {at.value!r} "
                         "(no estimate) contradict each other")
    return parsed


def settings_of(event: Event, options: ScoringOptions) -> dict[str, Any]:
    """How ``event`` is scored under ``options``, every setting named as the JSON names it (the
    ``settings`` of ``--json``, read back by :func:`parse_options`; ``check``'s line).

    >>> s = settings_of(Event(), ScoringOptions(factor_top=20))
    >>> s["estimate_at"], s["field"], s["factor_top"], s["small_groups"]
    ('lines', 'section', 20, 'wbf')
    """
    return {s.key or s.name: s.shown(options, event) for s in registry() if s.key is not None}


def differences(options: ScoringOptions, default: ScoringOptions, event: Event) -> dict[str, tuple[Any, Any]]:
    """The settings in which ``options`` differ from ``default`` (the program's documented ones):
    name -> (default, used), as the JSON names them.

    >>> differences(ScoringOptions(expected=9), ScoringOptions(), Event())
    {'expected': (None, 9)}
    """
    used, was = settings_of(event, options), settings_of(event, default)
    return {k: (was[k], used[k]) for k in used if used[k] != was[k]}


def off_sheet(options: ScoringOptions) -> str | None:
    """Why the workbook's formulas cannot score with ``options``: the first setting the Setup holds no
    cell for, set to other than its default, or set to a value its Setup cell does not take
    (:attr:`Setting.off_values`); None when there is none.

    >>> print(off_sheet(ScoringOptions(unplayed=Unplayed.OWN)))  # a Setup choice
    None
    >>> off_sheet(ScoringOptions(factor_top=24)), off_sheet(ScoringOptions(small_groups=SmallGroups.EBU))
    ("factoring to a fixed top is not in the workbook's formulas", None)
    >>> off_sheet(ScoringOptions(estimate_at=EstimateAt.NEVER))
    "no estimation (method none) is not in the workbook's formulas"
    """
    for s in registry():
        value = getattr(options, s.name)
        if s.sheet is not None and value in s.off_values:  # a value the Setup does not list
            return s.off_sheet.format(label=s.label, value=_word(value))
        if s.sheet is not None or s.key is None and not s.off_sheet:
            continue
        if s.name == "totals_rounding":  # the lines' rounding is the Setup's
            differs = value not in (None, options.rounding)
        else:
            differs = value is not None and value != s.default
        if differs:
            return (s.off_sheet or "{label} {value} is not in the workbook's formulas").format(
                label=s.label, value=_word(value))
    return None


def settings_table() -> str:
    """The docs' table of every setting (docs/conventions.md holds it as this writes it).

    >>> print(settings_table().splitlines()[2])
    | `method` | `--method` | `neuberg`, `factor`, `ascherman`, `mckinnon`, `manual`, `ascherman-short`, `none` (never
    estimate) | `neuberg` | the estimation method of a short board | Setup `method` |
    """
    rows = ["| setting (JSON key) | flag | values | default | what it decides | the workbook's Setup |",
            "| --- | --- | --- | --- | --- | --- |"]
    for s in registry():
        values = s.written or ", ".join(f"`{v}`" for v in s.values) or ", ".join(
            f"`{_word(v)}`" for v in s.candidates) or "a whole number"
        default = s.none_is if s.default is None else f"`{_word(s.default)}`"
        flags = " ".join(f"`{f}`" for f in s.flags) or "(with `--rounding-pct`)"
        sheet = "its default only" if s.sheet is None else s.sheet if " " in s.sheet else f"Setup `{s.sheet}`"
        rows.append(f"| `{s.key or s.name}` | {flags} | {values} | {default} | {s.words} | {sheet} |")
    return "\n".join(rows) + "\n"


def field_of(event: Event, options: ScoringOptions) -> Field:
    """How boards are compared: the options' field, else what the file says, else by section.

    >>> field_of(Event(), ScoringOptions()), field_of(Event(), ScoringOptions(field=Field.EVENT))
    (<Field.SECTION: 'section'>, <Field.EVENT: 'event'>)
    """
    return options.field or event.field_scoring or Field.SECTION


def winners_of(event: Event, options: ScoringOptions, section: str) -> int:
    """How many rankings ``section`` has (1 or 2): the options' winners, else the file's, else 1.

    >>> winners_of(Event(winners={"A": 2}), ScoringOptions(), "A"), winners_of(Event(), ScoringOptions(), "A")
    (2, 1)
    """
    return options.winners or event.winners.get(section) or 1


def pair_key(event: Event, options: ScoringOptions, section: str, number: str, side: str) -> PairKey:
    """A pair's key in the totals: (section, number, side in a two-winner section, else None).

    >>> two = ScoringOptions(winners=2)
    >>> pair_key(Event(), ScoringOptions(), "A", "3", "NS"), pair_key(Event(), two, "A", "3", "NS")
    (('A', '3', None), ('A', '3', 'NS'))
    """
    return (section, str(number), side if winners_of(event, options, section) == 2 else None)


def _winners_setting(event: Event, options: ScoringOptions) -> int | dict[str, int]:
    """1 or 2 rankings, the same in every section; else section -> 1 or 2."""
    sections = event.sections() or list(event.winners)  # an event read as columns: its winners name its sections
    each = {sec: winners_of(event, options, sec) for sec in sections} or {"": options.winners or 1}
    return next(iter(each.values())) if len(set(each.values())) == 1 else each


@lru_cache(maxsize=1 << 16)
def _line_percentage(num: int, den: int, top: int, scale: Scale, tie: str, decimals: int | None) -> Fraction:
    """:meth:`ScoringOptions.line_percentage` of the figure ``num/den``: worked out once per figure, top and
    convention (the inference scores one event under many settings, and the same figures come back; whole
    numbers are a key hashed fast, a Fraction is not).

    >>> str(_line_percentage(63, 8, 8, Scale.SIGNED, "half-up", 0))
    '99'
    """
    return _round_line_percentage(scale.percentage(Fraction(num, den), top), decimals, tie)


def _round_line_percentage(pct: Fraction, decimals: int | None, tie: str) -> Fraction:
    """A line's percentage to ``decimals`` by the tie rule ``tie`` (exact if None): the one place of
    :meth:`ScoringOptions.round_line_percentage` and :func:`_line_percentage`."""
    return pct if decimals is None else round_fraction(pct, decimals, tie)
