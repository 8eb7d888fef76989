"""Each scoring program's conventions, so that rescoring its file reproduces what it published.

A convention set says how a program turns travellers into published figures:
the estimation method and to what N, the rounding of each board's figures, the
decimals and rounding of percentages, how Ave+ / Ave- are awarded, and whether
ties in the ranking are shared or broken. :func:`detect` picks the set from the
program name a file carries (USEBIO ``PROGRAM_NAME``, PBN ``Generator``);
:func:`find` parses ``--conventions``.

The evidence for each set (which alternatives the published numbers rule out,
and which they cannot tell apart) is in ``EVIDENCE`` and in docs/events.md.

>>> find("EBUScore").rounding, find("magic").name
(Rounding(kind='half-up', decimals=2), 'magiccontest')
>>> from mpxl.event import Event
>>> detect(Event(program="ScoreBridge 10.24.09")).name, detect(Event(program="")).name
('scorebridge', 'generic')
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from .event import Event
from .methods import Method
from .options import ScoringOptions
from .rounding import Rounding
from .settings import AvePolicy, RoundingKind, Scale, TotalsFrom, Unplayed

__all__ = ["Conventions", "CONVENTIONS", "EVIDENCE", "find", "detect", "detect_from", "options_for"]


@dataclass(frozen=True)
class Conventions:
    """How one scoring program scores and publishes a pairs event."""

    name: str
    program: str  # the program's own name
    matches: tuple[str, ...]  # lower-case substrings of a file's program name that select these conventions
    method: Method = Method.NEUBERG
    rounding: Rounding = Rounding(RoundingKind.HALF_UP, 2)  # each board's NS and EW figures, separately
    percentage_decimals: int = 2  # percentages rounded half-up to this many decimals
    ave_policy: AvePolicy = AvePolicy.FIXED
    expected: str = "most"  # N = the most results on any board of the field
    scale: Scale = Scale.DOUBLE
    totals_from: TotalsFrom = TotalsFrom.ROUNDED
    unplayed: Unplayed = Unplayed.NONE
    tiebreak: str = "shared"  # "shared": equal percentages share a place (3=); "program": the program breaks ties
    verified: bool = False  # reproduced from a real file in the test suite
    note: str = ""

    def options(self, **overrides: Any) -> ScoringOptions:
        """The :class:`~mpxl.options.ScoringOptions` these conventions mean; keyword arguments override
        (typed, or text parsed by :meth:`~mpxl.options.ScoringOptions.parse`).

        >>> find("scorebridge").options(expected=9).expected
        9
        """
        base: dict[str, Any] = dict(method=self.method, rounding=self.rounding, ave_policy=self.ave_policy,
                    percentage_decimals=self.percentage_decimals, scale=self.scale, totals_from=self.totals_from,
                    unplayed=self.unplayed)
        base.update({k: v for k, v in overrides.items() if v is not None})
        return ScoringOptions.parse(**base)


#: The conventions by name. "verified" ones reproduce a real published file to the last digit.
CONVENTIONS = {
    c.name: c
    for c in (
        Conventions(
            "scorebridge",
            "ScoreBridge",
            ("scorebridge",),
            rounding=Rounding(RoundingKind.HALF_UP, 1),
            verified=True,
            note="Neuberg to the most results on any board; board figures to 1 decimal; percentages to 2.",
        ),
        Conventions(
            "ebuscore",
            "EBUScore Pairs",
            ("ebuscore",),
            rounding=Rounding(RoundingKind.HALF_UP, 2),
            verified=True,
            note="Neuberg to the most results on any board; artificial scores are left out of n; "
            "figures to 2 decimals.",
        ),
        Conventions(
            "magiccontest",
            "Magic Contest",
            ("magic contest", "magiccontest"),
            rounding=Rounding(RoundingKind.HALF_UP, 1),
            tiebreak="program",
            verified=True,
            note="Barometer: one field; A+ 60% / A- 40% of the top; figures to 1 decimal; ties broken by the program.",
        ),
        Conventions(
            "ruter",
            "Ruter",
            ("ruter",),
            rounding=Rounding(RoundingKind.HALF_UP, 1),
            scale=Scale.SIGNED,
            totals_from=TotalsFrom.EXACT,
            unplayed=Unplayed.OWN,
            verified=True,
            note="Signed matchpoints (MP1: relative to the board's average) to 1 decimal, half away from zero; the "
            "total is the exact sum rounded, the percentage 50 + 50 x exact total / sum of (E - 1); a bye credited "
            "with the pair's own exact average; line percentages whole numbers from the exact figure.",
        ),
        Conventions(
            "acblscore",
            "ACBLscore",
            ("acblscore", "acbl"),
            rounding=Rounding(RoundingKind.HALF_UP, 2),
            note="From the ACBL's documentation (nearest 0.01, .005 up); not checked against a real file.",
        ),
        Conventions(
            "ebu",
            "EBU White Book",
            ("ebu white book",),
            rounding=Rounding(RoundingKind.EBU, 1),
            ave_policy=AvePolicy.WBF,
            note="EBU White Book: 0.1 MP with .05 towards average; Ave+ 60% or the pair's own percentage.",
        ),
        Conventions(
            "generic",
            "any program",
            (),
            rounding=Rounding(RoundingKind.HALF_UP, 2),
            note="Used when the file names no known program: Neuberg, the file's own decimals.",
        ),
    )
}

#: What the real files show about each verified convention (see docs/events.md for the full table).
EVIDENCE = {
    "scorebridge": (
        "scorebridge-2025-01-06-one-winner.xml: 176 lines, 17 pairs playing 20-22 boards. 16 boards have 7 results, "
        "8 have 8; Neuberg to N=8 rounded half up to 1 decimal reproduces all 352 published figures; Factor misses "
        "146 of them, Ascherman-short 188 (Ascherman on every board 312), N=9 all 352. Totals of unrounded figures "
        "miss 13 of 17 percentages; totals of "
        "rounded figures match all 17 (truncating the percentage instead of rounding matches only 8). Pairs 9 and 10 "
        "share 8= (shared ties). No exact .05 occurs, so the file does not show the tie rule of board rounding."
    ),
    "ebuscore": (
        "ebuscore-2025-01-02-two-winner-a5050.xml: 216 lines, 9 NS + 9 EW pairs, 24 boards each. Board 18's A5050 "
        "gets 7/7 (50% of top 14) and the other 7 results are Neuberg'd to N=8 (any other method misses 12 figures); "
        "EBU's 0.1-with-.05-towards-average misses 12 figures and 10 percentages; unrounded totals miss 2 "
        "percentages. Pair 18 EW has exactly 41.625%, published 41.63: percentages round half up (half-even and "
        "truncation give 41.62). The A5050 board counts in the pair's 24 boards."
    ),
    "ruter": (
        "ruter-2016-03-09-signed-mp1-aminus.pbn: 189 lines, 18 pairs, 21 boards of 9 results. Every figure is "
        "signed (NS + EW = 0; a top +8, an average 0); Neuberg on the boards with an artificial score. The four "
        "exact -2.25 on board 3 print -2.3 (half away from zero; half-even or towards +infinity give -2.2). The "
        "totals are the exact sums rounded (pair 16: -6.05 -> -6.1, the rounded figures add to -6.0; 4 of 18 "
        "totals and 13 of 18 percentages miss from the rounded figures); the line percentages are whole numbers "
        "from the exact figure (376 of 378 from the printed one). ScoringType MP1 is no evidence of the scale: "
        "Magic Contest writes it too, with unsigned figures."
    ),
    "magiccontest": (
        "magiccontest-ffb-final-2022-session1.pbn: 660 lines, 44 pairs ranked together, 30 boards, top 42. "
        "A+/A+ on boards 1, 2 and 14 get 25.2 each (60%, NS+EW above top), A-/A+ on board 9 16.8/25.2; the 21 "
        "other results on those boards Neuberg'd to N=22 match at 1 decimal (McKinnon misses 34 figures, Manual "
        "168). Totals of rounded figures match all 44 published totals and percentages (unrounded: 43 totals "
        "miss). Pairs 44 and 1 tie on 593.2 and are placed 31 and 32 by the Tiebreak column. No A+ pair scored "
        "over 60% and the A- pair 47% elsewhere, so fixed 60/40 and the WBF rule agree on this file."
    ),
}


def find(name: str | Conventions | None) -> Conventions:
    """The conventions named ``name`` (or matching a program name), forgiving case and spaces.

    >>> find("EBUScore Pairs 1.2.24").name
    'ebuscore'
    >>> find("pianola")
    Traceback (most recent call last):
    ...
    ValueError: 'pianola' is not a known program; expected one of scorebridge, ebuscore, magiccontest, ruter,
    acblscore, ebu, generic
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


def detect(event: Event) -> Conventions:
    """The conventions of the program that wrote ``event``; 'generic' (with the file's decimals) if unknown."""
    published = event.published_decimals is not None and any(ln.published_ns_mp is not None for ln in event.lines)
    return detect_from(event.program, event.published_decimals if published else None)


def detect_from(program: str, published_decimals: int | None = None) -> Conventions:
    """The conventions of ``program`` (a file's program name); for an unknown one 'generic', rounded
    half up to ``published_decimals`` when the file publishes NS matchpoints with that many decimals.

    >>> detect_from("EBUScore Pairs 1.2.24").name, detect_from("").rounding, detect_from("", 1).rounding
    ('ebuscore', Rounding(kind='half-up', decimals=2), Rounding(kind='half-up', decimals=1))
    """
    program = (program or "").lower()
    for conv in CONVENTIONS.values():
        if conv.matches and any(m in program for m in conv.matches):
            return conv
    generic = CONVENTIONS["generic"]
    if published_decimals is not None:
        return replace(generic, rounding=Rounding(RoundingKind.HALF_UP, published_decimals))
    return generic


def options_for(event: Event, conventions: str | Conventions | None = None, **overrides: Any) -> ScoringOptions:
    """Scoring options for ``event``: its program's conventions (or the ones named), with overrides.

    >>> from mpxl.event import Event
    >>> options_for(Event(program="EBUScore Pairs"), expected=8).rounding
    Rounding(kind='half-up', decimals=2)
    """
    conv = find(conventions) if conventions else detect(event)
    return conv.options(**overrides)
