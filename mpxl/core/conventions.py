"""Each scoring program's conventions, so that rescoring its file reproduces what it published.

A convention set says how a program turns travellers into published figures:
the estimation method and to what N, the rounding of each board's figures, the
decimals and rounding of percentages, how Ave+ / Ave- are awarded, and whether
ties in the ranking are shared or broken. :func:`detect` picks the set from the
program name a file carries (USEBIO ``PROGRAM_NAME``, PBN ``Generator``);
:func:`find` parses ``--conventions``.

The evidence for each set (which alternatives the published numbers rule out,
and which they cannot tell apart) is in ``EVIDENCE`` and in docs/events.md.

>>> find("EBUScore").scoring.rounding, find("magic").name
(Rounding(kind='half-up', decimals=2), 'magiccontest')
>>> from mpxl.core.event import Event
>>> detect(Event(program="ScoreBridge 10.24.09")).name, detect(Event(program="")).name
('scorebridge', 'generic')
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from .event import Event
from .options import ScoringOptions, parse_options
from .rounding import Rounding
from .settings import AvePolicy, EstimateAt, RoundingKind, Scale, TotalsFrom, Unplayed, starting_every_other

__all__ = ["Conventions", "CONVENTIONS", "EVIDENCE", "find", "named", "detect", "detect_from", "options_for"]


@dataclass(frozen=True)
class Conventions:
    """How one scoring program scores and publishes a pairs event: its name, the program names it
    matches, every setting (a whole :class:`~mpxl.core.options.ScoringOptions`) and the evidence for them."""

    name: str
    program: str  # the program's own name
    matches: tuple[str, ...]  # lower-case substrings of a file's program name that select these conventions
    scoring: ScoringOptions = ScoringOptions(rounding=Rounding(RoundingKind.HALF_UP, 2))
    tiebreak: str = "shared"  # "shared": equal percentages share a place (3=); "program": the program breaks ties
    verified: bool = False  # reproduced from a real file (shared/realdata) with --no-infer, in the test suite
    evidence: str = ""  # what the real file shows; for a preset met only in descriptions, which descriptions
    note: str = ""

    def options(self, **overrides: Any) -> ScoringOptions:
        """The :class:`~mpxl.core.options.ScoringOptions` these conventions mean; keyword arguments override
        (typed, or text parsed by :func:`~mpxl.core.options.parse_options`; None leaves the setting alone).

        >>> find("scorebridge").options(expected=9).expected
        9
        >>> find("ruter").options(estimate_at="never").method_name
        'none'
        """
        return self.scoring.with_(**parse_options(**overrides))


def _preset(rounding: int | str = 2, **settings: Any) -> ScoringOptions:
    """A preset's options: the lines' rounding (half up to that many decimals unless named) and the others."""
    return ScoringOptions.make(rounding=Rounding.parse(rounding), **settings)


#: The conventions by name. "verified" ones reproduce a real published file (shared/realdata) to the
#: last digit with ``check FILE --conventions NAME --no-infer``.
CONVENTIONS = {
    c.name: c
    for c in (
        Conventions(
            "scorebridge",
            "ScoreBridge",
            ("scorebridge",),
            _preset(1),
            verified=True,
            note="Neuberg to the most results on any board; board figures to 1 decimal; percentages to 2.",
            evidence="scorebridge-2025-01-06-one-winner.xml: 176 lines, 17 pairs playing 20-22 boards. 16 boards "
            "have 7 results, 8 have 8; Neuberg to N=8 rounded half up to 1 decimal reproduces all 352 published "
            "figures; Factor misses 146 of them, Ascherman-short 188 (Ascherman on every board 312), N=9 all 352. "
            "Totals of unrounded figures miss 13 of 17 percentages; totals of rounded figures match all 17 "
            "(truncating the percentage instead of rounding matches only 8). Pairs 9 and 10 share 8= (shared "
            "ties). No exact .05 occurs, so the file does not show the tie rule of board rounding.",
        ),
        Conventions(
            "ebuscore",
            "EBUScore Pairs",
            ("ebuscore",),
            _preset(2),
            verified=True,
            note="Neuberg to the most results on any board; artificial scores are left out of n; "
            "figures to 2 decimals.",
            evidence="ebuscore-2025-01-02-two-winner-a5050.xml: 216 lines, 9 NS + 9 EW pairs, 24 boards each. "
            "Board 18's A5050 gets 7/7 (50% of top 14) and the other 7 results are Neuberg'd to N=8 (any other "
            "method misses 12 figures); EBU's 0.1-with-.05-towards-average misses 12 figures and 10 percentages; "
            "unrounded totals miss 2 percentages. Pair 18 EW has exactly 41.625%, published 41.63: percentages "
            "round half up (half-even and truncation give 41.62). The A5050 board counts in the pair's 24 boards.",
        ),
        Conventions(
            "magiccontest",
            "Magic Contest",
            ("magic contest", "magiccontest"),
            _preset(1),
            tiebreak="program",
            verified=True,
            note="Barometer: one field; A+ 60% / A- 40% of the top; figures to 1 decimal; ties broken by the program.",
            evidence="magiccontest-ffb-final-2022-session1.pbn: 660 lines, 44 pairs ranked together, 30 boards, "
            "top 42. A+/A+ on boards 1, 2 and 14 get 25.2 each (60%, NS+EW above top), A-/A+ on board 9 "
            "16.8/25.2; the 21 other results on those boards Neuberg'd to N=22 match at 1 decimal (McKinnon "
            "misses 34 figures, Manual 168). Totals of rounded figures match all 44 published totals and "
            "percentages (unrounded: 43 totals miss). Pairs 44 and 1 tie on 593.2 and are placed 31 and 32 by "
            "the Tiebreak column. No A+ pair scored over 60% and the A- pair 47% elsewhere, so fixed 60/40 and "
            "the WBF rule agree on this file.",
        ),
        Conventions(
            "ruter",
            "Ruter",
            ("ruter",),
            _preset(1, scale=Scale.SIGNED, totals_from=TotalsFrom.EXACT, unplayed=Unplayed.OWN),
            verified=True,
            note="Signed matchpoints (MP1: relative to the board's average) to 1 decimal, half away from zero; the "
            "total is the exact sum rounded, the percentage 50 + 50 x exact total / sum of (E - 1); a bye credited "
            "with the pair's own exact average; line percentages whole numbers from the exact figure.",
            evidence="ruter-2016-03-09-signed-mp1-aminus.pbn: 189 lines, 18 pairs, 21 boards of 9 results. Every "
            "figure is signed (NS + EW = 0; a top +8, an average 0); Neuberg on the boards with an artificial "
            "score. The four exact -2.25 on board 3 print -2.3 (half away from zero; half-even or towards "
            "+infinity give -2.2). The totals are the exact sums rounded (pair 16: -6.05 -> -6.1, the rounded "
            "figures add to -6.0; 4 of 18 totals and 13 of 18 percentages miss from the rounded figures); the "
            "line percentages are whole numbers from the exact figure (376 of 378 from the printed one). "
            "ScoringType MP1 is no evidence of the scale: Magic Contest writes it too, with unsigned figures. "
            "ruter-2016-08-10-signed-penalty-split-bye.pbn (incoming/): 144 lines, 11 pairs, 24 boards; its Bye rows' "
            "published credits are the pair's own average on the boards it played (unplayed own), and the same "
            "settings reproduce every figure.",
        ),
        Conventions(
            "jfrpary",
            "JFR Pary",
            ("jfr pary", "jfrpary"),
            _preset(2, scale=Scale.PERCENT, unplayed=Unplayed.AVE_PLUS),
            verified=True,
            note="The percentage scale: every line the board's percentage (top 100, NS + EW = 100) to 2 decimals, a "
            "pair's result the mean of its board figures; the pair meeting an absent pair credited 60.00 on each "
            "board it could not play.",
            evidence="jfrpary-2013-08-08-percent-barometer.xml (pending/): 297 lines, 23 pairs, 27 boards of 11 "
            "results (pair 24 absent). Every line is the double figure over 20 as a percentage (scale 2 reproduces "
            "60 of 640 figures); board 8's A6060 with 10 results Neuberg'd to 11 (99.50 / 0.50, 44.50 / 55.50); "
            "board 7's weighted score (67% +170, 33% +140: 61.80 / 38.20, each +170 76.65); the nine pairs that "
            "met pair 24 reproduce only with 60.00 on each of their three missed boards (pair 1: 990 / 27 = "
            "36.67%; over its 24 boards 33.75%).",
        ),
        Conventions(
            "compscore",
            "Compscore3",
            ("compscore",),
            _preset(1, estimate_at=EstimateAt.TOTALS, totals_rounding=Rounding(RoundingKind.HALF_UP, 2),
                    unplayed=Unplayed.OWN),
            verified=True,
            note="Neuberg; a short board's lines plain on its own top, the totals estimated to the full top; "
            "lines to 1 decimal, totals to 2; a missed board credited with the pair's own percentage.",
            evidence="compscore3-2022-07-27-howell-a5050.xml: 161 lines, 12 pairs, 27 boards. Board 12, played 5 "
            "times, publishes plain matchpoints on its own top 8 while the totals count it Neuberg'd to the full "
            "top (estimate-at lines misses 10 of its line figures; Factor misses 28 figures); the totals have 2 "
            "decimals, the lines 1 (totals rounded to 1 miss 2 totals and 2 percentages); pairs 1 and 3 missed a "
            "board and are credited their own percentage on it (no credit misses both totals). The A5050 board's "
            "other lines are Neuberg'd on the lines.",
        ),
        Conventions(
            "acblscore",
            "ACBLscore",
            ("acblscore", "acbl"),
            _preset(2, scale=Scale.SINGLE),
            verified=True,
            note="Single scale (1 per score beaten), Neuberg, nearest 0.01 with .005 up. Described for ACBLscore but "
            "shown by no file at hand, so not in the preset (each is an option of its own, docs/conventions.md): a "
            "lone result beside artificial scores at 60% to both sides (ave-plus) and percentages scaled to the "
            "full number of boards (scaled); the inference tries both where a file shows the situation.",
            evidence="acblscore-2017-08-10-howell-single-scale.xml: 108 lines, 9 pairs, 27 full boards of 4 "
            "results, top 3: the single scale reproduces all 216 line figures (double misses them all), 9 totals "
            "and 9 percentages. Every board is full and every figure a multiple of 0.5, so the file cannot show "
            "the rounding (0.01, .005 up: from the ACBL's documentation) or the estimation; the lone result's 60% "
            "and the scaled percentage are from descriptions only.",
        ),
        Conventions(
            "ebu",
            "EBU White Book",
            ("ebu white book",),
            _preset("ebu", ave_policy=AvePolicy.WBF),
            note="EBU White Book: 0.1 MP with .05 towards average; Ave+ 60% or the pair's own percentage.",
            evidence="From descriptions only: the EBU White Book (rounding 0.1 with .05 towards the average; Ave+ "
            "60% or the pair's own percentage if higher); no file at hand was scored so.",
        ),
        Conventions(
            "generic",
            "any program",
            (),
            _preset(2),
            note="Used when the file names no known program: Neuberg, the file's own decimals.",
            evidence="No program: the WBF rules (Neuberg, fixed 60/40), the file's own decimals.",
        ),
    )
}

#: What the real files show about each verified convention (each preset's ``evidence``).
EVIDENCE = {c.name: c.evidence for c in CONVENTIONS.values() if c.verified}


def find(name: str | Conventions | None) -> Conventions:
    """The conventions named ``name`` (or matching a program name), forgiving case and spaces.

    >>> find("EBUScore Pairs 1.2.24").name
    'ebuscore'
    >>> find("pianola")
    Traceback (most recent call last):
    ...
    ValueError: 'pianola' is not a known program; expected one of scorebridge, ebuscore, magiccontest, ruter, jfrpary,
    compscore, acblscore, ebu, generic
    """
    if isinstance(name, Conventions):
        return name
    key = (name or "generic").strip().lower()
    if key.replace(" ", "") in CONVENTIONS:
        return CONVENTIONS[key.replace(" ", "")]
    for conv in CONVENTIONS.values():
        if any(m in key for m in conv.matches) or any(key and m.startswith(key) for m in conv.matches):
            return conv
    raise ValueError(f"{name!r} is not a known program; expected one of " + ", ".join(CONVENTIONS))


def named(name: str) -> Conventions:
    """The conventions a ``--conventions`` flag names: a name of :data:`CONVENTIONS` (case and spaces
    forgiven), or the start of one, as a choice's name is (:meth:`mpxl.core.settings.Choice.find`: a start of
    several names is the one among them that starts every other, else refused as ambiguous); else a program's
    name as a file writes it (:func:`find`).

    >>> named("ebuscore").name, named("EBU").name, named("e").name, named("mag").name, named("EBUScore Pairs").name
    ('ebuscore', 'ebu', 'ebu', 'magiccontest', 'ebuscore')
    """
    key = name.strip().lower().replace(" ", "")
    if key in CONVENTIONS:
        return CONVENTIONS[key]
    found = starting_every_other([n for n in CONVENTIONS if key and n.startswith(key)])
    if len(found) == 1:
        return CONVENTIONS[found[0]]
    if len(found) > 1:
        raise ValueError(f"{name!r} could be {' or '.join(found)}: say which; expected one of "
                         + ", ".join(CONVENTIONS))
    return find(name)


def detect(event: Event) -> Conventions:
    """The conventions of the program that wrote ``event``; 'generic' (with the file's decimals) if unknown."""
    published = event.published_decimals is not None and any(ln.published_ns_mp is not None for ln in event.lines)
    return detect_from(event.program, event.published_decimals if published else None)


def detect_from(program: str, published_decimals: int | None = None) -> Conventions:
    """The conventions of ``program`` (a file's program name); for an unknown one 'generic', rounded
    half up to ``published_decimals`` when the file publishes NS matchpoints with that many decimals.

    >>> detect_from("EBUScore Pairs 1.2.24").name, detect_from("").scoring.rounding, detect_from("", 1).scoring.rounding
    ('ebuscore', Rounding(kind='half-up', decimals=2), Rounding(kind='half-up', decimals=1))
    """
    program = (program or "").lower()
    for conv in CONVENTIONS.values():
        if conv.matches and any(m in program for m in conv.matches):
            return conv
    generic = CONVENTIONS["generic"]
    if published_decimals is not None:
        return replace(generic, scoring=replace(generic.scoring, rounding=Rounding(RoundingKind.HALF_UP,
                                                                                     published_decimals)))
    return generic


def options_for(event: Event, conventions: str | Conventions | None = None, **overrides: Any) -> ScoringOptions:
    """Scoring options for ``event``: its program's conventions (or the ones named), with overrides.

    >>> from mpxl.core.event import Event
    >>> options_for(Event(program="EBUScore Pairs"), expected=8).rounding
    Rounding(kind='half-up', decimals=2)
    """
    conv = find(conventions) if conventions else detect(event)
    return conv.options(**overrides)
