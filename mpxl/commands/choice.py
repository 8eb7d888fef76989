"""The options chosen from the command line, shared by ``score`` and ``check``: their flags
(:func:`add_scoring_arguments`, one a setting of :class:`~mpxl.core.options.ScoringOptions`) and the
options an event is scored with (:func:`choose_options`: the program's conventions, what the file's figures
show, then the flags given, which always win)."""

from __future__ import annotations

import argparse
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, TypedDict

from ..core.conventions import CONVENTIONS, Conventions, detect, named
from ..core.errors import UserError
from ..core.event import Event
from ..core.inference import Inference, infer
from ..core.numbers import whole_argument
from ..core.options import ScoringOptions, differences, parse_options, registry, settings_of
from .given import Given, flag_rank, flagged

__all__ = [
    "Chosen",
    "add_scoring_arguments",
    "choose_options",
    "conventions_of",
    "given_flags",
    "option_overrides",
    "refused_flag",
]


class _FlagSpec(TypedDict, total=False):
    """What a setting's flag gives argparse beyond its help, when the setting declares it."""

    metavar: str
    choices: tuple[Any, ...]
    type: Callable[[str], Any]


def add_scoring_arguments(p: argparse.ArgumentParser) -> None:
    """The options shared by ``score`` and ``check``: the program's conventions and every setting."""
    p.add_argument("input", help="results file: USEBIO .xml, .pbn, .csv travellers or the tablets' .bws")
    p.add_argument("--deals", metavar="FILE", help="attach the hand record of this deals file (.pbn, .dlm, .dup, "
                   ".bri, .dge, .lin)")
    p.add_argument("--movement", metavar="FILE", help="check every line against this movement (mpxl movement "
                   "--from: a .bws, a CSV of round, table, ns, ew, boards, or a --json schedule): a line it did not "
                   "send to its board, or a play nobody typed, is to settle (check exits 1)")
    p.add_argument(
        "--conventions",
        metavar="PROGRAM",
        help="start from this program's defaults: " + ", ".join(CONVENTIONS) + " (default: from the file)",
    )
    for setting in sorted((s for s in registry() if s.flags), key=flag_rank):
        spec: _FlagSpec = {}
        if setting.metavar:
            spec["metavar"] = setting.metavar
        if setting.choices:
            spec["choices"] = setting.choices
        if setting.whole and setting.reader is None:
            spec["type"] = whole_argument
        p.add_argument(*setting.flags, dest=setting.dest, help=setting.help or setting.words, **spec)
    p.add_argument(
        "--no-infer",
        action="store_true",
        help="use the program's defaults and the options given, not what the file's figures show",
    )


def option_overrides(args: object) -> dict[str, Any]:
    """The settings given on the command line (every declared setting's flag, by argparse's name:
    ``--rounding-pct`` is ``rounding_pct``; in the help's order), parsed once (Enums, Roundings) by
    :func:`mpxl.core.options.parse_options`: name -> value.

    A bad value raises ValueError naming it.
    """
    return parse_options(**dict(Given.of(args).settings))


def given_flags(args: object) -> list[str]:
    """The setting flags given on the command line, as typed (``--rounding-pct``), in the help's order.

    >>> from argparse import Namespace
    >>> given_flags(Namespace(rounding_pct="1", method=None, factor_top=20))
    ['--rounding-pct', '--factor-top']
    """
    flags = dict(flagged())
    return [flags[dest] for dest, value in Given.of(args).settings if value is not None]


def refused_flag(args: object) -> str:
    """The flag whose value :func:`mpxl.core.options.parse_options` refuses on its own ('' when only a
    combination of flags is refused: its message names them).

    >>> from argparse import Namespace
    >>> refused_flag(Namespace(method="nueberg", scale="2"))
    '--method'
    >>> refused_flag(Namespace(method="none", estimate_at="totals"))
    ''
    """
    flags = dict(flagged())
    for dest, value in Given.of(args).settings:
        if value is not None:
            try:
                ScoringOptions().with_(**parse_options(**{dest: value}))
            except ValueError:
                return flags[dest]
    return ""


@dataclass(frozen=True)
class Chosen:
    """The conventions started from, the options used, what the file's figures showed, and what differs."""

    conventions: Conventions
    options: ScoringOptions
    inference: Inference | None = None
    fixed: tuple[str, ...] = ()
    differs: dict[str, tuple[Any, Any]] = field(default_factory=dict)  # setting -> (the program's default, used)
    contradicted: str = ""  # what the figures show against the options given ('' when nothing)

    def summary(self, event: Event | None = None) -> str:
        """One line naming every setting, marking those not the program's default; with ``event``,
        the settings the file itself says (its winners) as the JSON names them (one source)."""
        doc = settings_of(event if event is not None else Event(), self.options)
        parts = []
        for k, v in doc.items():
            if v is None:
                continue
            mark = "*" if k in self.differs else ""
            parts.append(f"{k.replace('_', '-')} {v}{mark}")
        return ", ".join(parts)

    def alike_note(self, event: Event) -> str:
        """What the file's figures do not tell apart (:attr:`mpxl.core.inference.Inference.alike`): each setting
        whose other values reproduce every figure too, the value used and why it was kept ('' when none). A
        setting that follows another the same way (the totals' rounding the lines') is not said again.

        >>> from mpxl.core.inference import Agreement, Inference
        >>> from mpxl.core.conventions import find
        >>> found = Inference(ScoringOptions.parse(method="factor", rounding="2"), Agreement(lines=(4, 4)),
        ...                   alike={"method": [{"method": "mckinnon"}, {"method": "manual", "estimate_at": "totals"}],
        ...                          "rounding": [{"rounding_lines": "half-even:2", "rounding_totals": "half-even:2"}]})
        >>> print(Chosen(find("generic"), found.options, found).alike_note(Event()))
        not told apart by the file's figures (each reproduces every one): method factor (kept: the first the \
search tried) or mckinnon or manual, estimate-at totals; rounding-lines half-up:2 (kept: the generic default) or \
half-even:2
        """
        if self.inference is None or not self.inference.alike:
            return ""
        used, default = settings_of(event, self.options), self.conventions.options()
        parts = []
        for name, others in self.inference.alike.items():
            key = next(iter(others[0]))  # the setting's own key: the others change with it
            own = ("method", "estimate_at") if name == "method" else (name,)  # a method goes with where it estimates
            # the lines' rounding: its tie rule (the decimals are read off the figures, the others the same)
            kept = all((getattr(self.options, n).kind == getattr(default, n).kind) if n == "rounding" else
                       getattr(self.options, n) == getattr(default, n) for n in own)
            why = f"the {self.conventions.name} default" if kept else "the first the search tried"
            said = [" or " + ", ".join(str(v) if k == key else f"{k.replace('_', '-')} {v}" for k, v in o.items()
                                       if k == key or v != o.get(key)) for o in others]
            parts.append(f"{key.replace('_', '-')} {used[key]} (kept: {why})" + "".join(said))
        return "not told apart by the file's figures (each reproduces every one): " + "; ".join(parts)

    def to_json(self, event: Event) -> dict[str, Any]:
        doc = settings_of(event, self.options)
        return {
            "conventions": self.conventions.name,
            "inferred": self.inference is not None,
            "given": sorted(self.fixed),
            "settings": doc,
            "differs_from_program_default": {k: {"default": a, "used": b} for k, (a, b) in self.differs.items()},
            "evidence": dict(self.inference.evidence) if self.inference else {},
            "alike": dict(self.inference.alike) if self.inference else {},
            "given_options_contradicted": self.contradicted or None,
        }


def choose_options(event: Event, args: object, detected: Conventions | None = None, alike: bool = False) -> Chosen:
    """The options for ``event``: the program's conventions (given, else ``detected``, else from the
    file's program name), then what the file's own published figures show (unless ``--no-infer``),
    then the options given on the command line, which always win; with ``alike`` (``check``, which says it) the
    settings the figures do not tell apart too (:func:`mpxl.core.inference.infer`)."""
    given = Given.of(args)
    conv = conventions_of(given, event, detected)
    try:
        overrides = option_overrides(given)
        conv.options(**overrides)  # a value the options refuse (--expected 0), before any Setup's
    except ValueError as exc:  # a flag's value: named by the flag, not the input file
        raise UserError("", refused_flag(given), str(exc)) from None
    if event is not None and event.declared_options:  # a workbook's Setup: its settings, the flags' over them
        overrides = {**event.declared_options, **overrides}
    default = conv.options()
    base = conv.options(**overrides)
    inference = None
    contradicted = ""
    if event is not None and not given.no_infer:
        inference = infer(event, base, fixed=overrides, alike=alike)
        base = inference.options
        if overrides and inference.agree < inference.total:  # do the options given go against the figures?
            named = given_flags(given) + (["the workbook's Setup"] if event.declared_options else [])
            contradicted = _contradicted(event, conv, inference, named)
    differs = differences(base, default, event) if event is not None else {}
    return Chosen(conv, base, inference, tuple(overrides), differs, contradicted)


def conventions_of(args: object, event: Event, detected: Conventions | None = None) -> Conventions:
    """The program's conventions ``--conventions`` names (a bad name refused by the flag), else ``detected``,
    else the file's program's."""
    name = Given.of(args).conventions
    if not name:
        return detected or detect(event)
    try:
        return named(name)
    except ValueError as exc:
        raise UserError("", "--conventions", str(exc)) from None


def _contradicted(event: Event, conv: Conventions, given: Inference, flags: list[str]) -> str:
    """What the file's figures show against the options given (``flags``: as typed), said plainly
    ('' when the figures fit them as well as anything): the options are used all the same."""
    free = infer(event, conv.options())
    if free.agree <= given.agree:
        return ""
    shown = differences(free.options, given.options, event)
    named = ", ".join(flags)
    found = ", ".join(f"{k.replace('_', '-')} {b}" for k, (_a, b) in shown.items())
    return (f"the options given ({named}) go against the file's figures: with them {given.agree} of "
            f"{given.total} are reproduced, without them {free.agree}" + (f" ({found})" if found else "")
            + "; the options given are used")
