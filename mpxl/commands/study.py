"""``mpxl study INPUT... [--remove K | --foul-after R] [--trials T] [--seed S] [--methods M,...] [-o REPORT] [--json]``.

Which estimation method best predicts the result a short board would have had?
For every complete board of the given results files, hide K results at random
(or split the board as if fouled after R results), estimate the rest with each
of the six methods (neuberg, factor, ascherman, mckinnon, manual, ascherman-short)
and compare with the real matchpoints (see mpxl.core.study and
docs/study.md). K and R may be lists (1,2,4) or ranges (1-4): one study each,
and the HTML report then charts the error against K. A trial hides results on
every complete board at once; the report says which method came closest and
whether its lead is larger than the noise of the trials (twice the standard
error of the difference: a smaller lead is called level), and the command that
gives the same figures again.

-o writes the report by extension: .html (a page with its charts embedded),
.xlsx (a workbook sheet per table) or .json; --json prints the JSON on stdout. Without either, a table is printed.
A progress bar
goes to stderr on long runs at a terminal.
"""

from __future__ import annotations

import argparse
import json
import math
import sys
import textwrap
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path
from typing import Any, Protocol

from ..core.errors import UserError
from ..core.methods import Method
from ..core.numbers import whole_argument as whole
from ..core.settings import SmallGroups
from ..core.study import (
    MAX_TRIALS,
    METHODS,
    StudyOptions,
    StudyResult,
    amount_problem,
    command_line,
    complete_boards,
    gap_text,
    parse_k_list,
    study,
)
from ..formats import read_event
from ..formats.atomic import atomic_write, check_not_input
from ..formats.study_page import write_study_html
from . import COMMANDS, plain_help
from .wrote import wrote

__all__ = ["register", "run", "study_text", "study_json", "written_report", "REPORTS",
           "REPORT_EXTENSIONS"]


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = subparsers.add_parser(
        "study",
        help=COMMANDS["study"],
        description=plain_help(__doc__.split("\n", 2)[2]),
    )
    p.add_argument("inputs", nargs="+", metavar="INPUT", help="results files: USEBIO .xml, .pbn or .csv travellers")
    how = p.add_mutually_exclusive_group()
    how.add_argument("--remove", metavar="K", help="results to hide per board: K, K1,K2,... or K1-K2 (default 1-3, "
                     "or as many of them as the boards allow)")
    how.add_argument(
        "--foul-after", metavar="R", help="split each board as if fouled after R results (R, list or range)"
    )
    p.add_argument("--trials", type=whole, default=200, metavar="T",
                   help=f"how many times results are hidden at random on every board (default 200, at most "
                        f"{MAX_TRIALS:,}); more trials, less noise")
    p.add_argument(
        "--seed", type=whole, default=0, metavar="S",
        help="random seed: the same seed gives the same numbers (default 0)",
    )
    p.add_argument(
        "--small-groups",
        default="wbf",
        metavar="RULE",
        help="fouled boards' small groups: wbf (default), ebu, qba or none",
    )
    p.add_argument("--methods", metavar="M,...", help="the methods to compare (default all): "
                   + ", ".join(m.value for m in METHODS))
    p.add_argument("-o", "--output", metavar="REPORT", help="write the report: " + ", ".join(REPORT_EXTENSIONS))
    p.add_argument("--json", action="store_true", help="print the study as JSON on stdout")
    p.set_defaults(func=run)


class _Bar(Protocol):
    """What the study uses of a tqdm progress bar."""

    def update(self, n: int = 1) -> object: ...

    def close(self) -> None: ...


def _progress(total: int) -> _Bar | None:
    """A tqdm bar on stderr, shown only at a terminal and only when the run takes more than a second."""
    try:
        from tqdm import tqdm  # the optional extra "all": without it, no progress bar
    except ImportError:
        return None
    kwargs = dict(total=total, file=sys.stderr, unit="trial", desc="mpxl study", disable=None, leave=False)
    try:
        bar: _Bar = tqdm(delay=1.0, **kwargs)
    except TypeError:  # tqdm before 4.62 has no delay
        bar = tqdm(**kwargs)
    return bar


def _pct(x: float | None) -> str:
    return "-" if x is None or (isinstance(x, float) and math.isnan(x)) else f"{100 * x:.1f}%"


def _num(x: float | None) -> str:
    if x is None or (isinstance(x, float) and math.isnan(x)):
        return "-"
    text = f"{x:.2f}"
    return "0.00" if text == "-0.00" else text


#: The widest line of the text the command prints (the verdict's sentences wrapped to it).
TEXT_WIDTH = 100

#: What the study table's columns mean (docs/study.md has the same table).
STUDY_LEGEND = (
    "Errors in percentage points of the board's top:",
    "RMSE    the typical size of an estimate's error (root mean square); lower is better",
    "behind  how much larger the method's RMSE is than the lowest",
    "noise   twice the standard error of that gap from the random draws: a method less far behind",
    "        than its noise is level with the best (more trials would tell them apart)",
    "bias    the mean error: the same for every method, which keeps the board's check total; about 0",
    "        (on a fouled board the small groups' set percentages, 60% on average, lift it)",
    "spread  the mean error signed away from 50%: above 0 tops too high and bottoms too low,",
    "        below 0 everybody squeezed towards average",
    "top     the mean error of the best score on the short board; bottom: of the worst",
    "winner  in how many trials the session's winner came out differently; top 3: its first three",
)


def study_text(results: Sequence[StudyResult], inputs: Sequence[str] = ()) -> str:
    """The studies as plain-text tables, one per K (or R), each with its verdict; then the legend and the
    command that gives the same figures.

    >>> from mpxl.core.event import Event, Line
    >>> ev = Event(lines=[Line(1, str(i), str(i + 10), score=s) for i, s in enumerate([420, 400, 170, -50], 1)],
    ...            winners={"": 2})
    >>> print(study_text([study([ev], StudyOptions(exhaustive=True))]).splitlines()[3])
    neuberg          15.38   0.00       -   0.00    2.78    2.78   -2.78     0.0%     0.0%
    """
    out: list[str] = []
    for res in results:
        events = len(res.events)
        out.append(
            f"{res.options.describe()}; {res.boards} complete boards from {events} event{'s' if events != 1 else ''}"
        )
        wide = max([10, *(len(ms.method) for ms in res.methods)])  # the longest name (ascherman-short)
        out.append(f"{'method':<{wide}} {'RMSE':>6} {'behind':>6} {'noise':>7} {'bias':>6} {'spread':>7} {'top':>7} "
                   f"{'bottom':>7} {'winner':>8} {'top 3':>8}")
        out.append("-" * (wide + 71))
        for ms in res.methods:
            out.append(
                f"{ms.method:<{wide}} {_num(ms.rmse):>6} {gap_text(ms)[0] or '-':>6} {gap_text(ms)[1] or '-':>7} "
                f"{_num(ms.bias):>6} {_num(ms.spread_bias):>7} {_num(ms.top_bias):>7} {_num(ms.bottom_bias):>7} "
                f"{_pct(ms.winner_changed):>8} {_pct(ms.top3_changed):>8}"
            )
        out.extend(textwrap.fill(sentence, TEXT_WIDTH, break_on_hyphens=False) for sentence in res.verdict())
        skipped = sum(len(e.skipped) for e in res.events)
        if skipped:
            out.append(
                f"{skipped} board{'s' if skipped != 1 else ''} not studied (adjusted scores, or too few results)"
            )
        out.append("")
    out.extend(STUDY_LEGEND)
    out.append("")
    out.append("the same figures again (the same seed gives the same figures):")
    out.append("  " + command_line(results, inputs))  # whole, to be copied
    return "\n".join(out).rstrip() + "\n"


def study_json(results: Sequence[StudyResult], inputs: Iterable[object] = ()) -> dict[str, Any]:
    """The ``--json`` document: the inputs and one study per K (or R)."""
    return {"inputs": [str(i) for i in inputs], "studies": [r.to_dict() for r in results]}


def written_report(path: str, results: Sequence[StudyResult]) -> str:
    """The line ``study -o`` prints: what was written where.

    >>> from mpxl.core.study import StudyOptions, StudyResult
    >>> studies = [StudyResult(StudyOptions(remove=k, trials=200), 200, 76, [], []) for k in (1, 2, 3)]
    >>> written_report("x.html", studies)
    'mpxl: wrote x.html (study report): 1, 2, 3 results hidden per board, 76 complete boards, 200 trials'
    """
    kind = {ext: name for ext, (name, _write) in REPORTS.items()}
    first = results[0].options if results else None
    what = ("results hidden per board" if first is None or first.mode == "remove" else "fouled after so many results")
    amounts = ", ".join(str(res.options.amount) for res in results)
    boards = max((res.boards for res in results), default=0)
    runs = ("every choice enumerated" if first is not None and first.exhaustive else
            f"{first.trials if first else 0} trials")
    return wrote(path, kind.get(Path(path).suffix.lower(), "file"),
                 f"{amounts} {what}, {boards:,} complete board{'s' if boards != 1 else ''}, {runs}")


def _write_html(results: Sequence[StudyResult], path: str, inputs: Sequence[str]) -> None:
    from ..formats.charts import study_charts  # matplotlib is the optional extra "charts"

    write_study_html(results, path, study_charts(results), inputs, command_line(results, inputs))


def _write_xlsx(results: Sequence[StudyResult], path: str, inputs: Sequence[str]) -> None:
    from ..workbook.study_sheet import write_study_xlsx  # openpyxl is the optional extra "workbook"

    write_study_xlsx(results, path, command_line(results, inputs))


def _write_json(results: Sequence[StudyResult], path: str, inputs: Sequence[str]) -> None:
    with atomic_write(path) as f:
        json.dump(study_json(results, inputs), f, indent=1)
        f.write("\n")


#: Every report ``-o`` writes, as the study's table of writers (beside :data:`mpxl.formats.WRITERS`,
#: whose writers take a scored event): extension -> (what the line after writing calls it, its writer).
REPORTS: dict[str, tuple[str, Callable[[Sequence[StudyResult], str, Sequence[str]], None]]] = {
    ".html": ("study report", _write_html),
    ".htm": ("study report", _write_html),
    ".xlsx": ("study workbook", _write_xlsx),
    ".json": ("study JSON", _write_json),
}
REPORT_EXTENSIONS = tuple(REPORTS)


def run(args: argparse.Namespace) -> int:
    inputs = list(args.inputs)
    out = args.output
    if out:
        ext = Path(out).suffix.lower()
        if ext not in REPORT_EXTENSIONS:
            raise UserError(
                out,
                "",
                f"cannot write a {ext or 'file without an extension'!r} report; expected "
                + ", ".join(REPORT_EXTENSIONS),
            )
        check_not_input(out, inputs)
    if args.foul_after is not None:
        amounts, mode = parse_k_list(args.foul_after), "foul"
    else:
        amounts, mode = parse_k_list(args.remove if args.remove is not None else "1-3"), "remove"
    if args.trials < 1:
        raise ValueError(f"--trials {args.trials} must be at least 1 (how many times results are hidden at random)")
    if args.trials > MAX_TRIALS:
        raise ValueError(f"--trials {args.trials:,} is more than {MAX_TRIALS:,}: the noise falls only as "
                         "1 / sqrt(trials) (4 times the trials halve it), and the study would run for hours")
    methods = _methods(args.methods)

    small_groups = SmallGroups.find(args.small_groups)  # parsed once, before any file is read
    seen: dict[Path, str] = {}
    for path in inputs:  # a file given twice would count its boards twice
        resolved = Path(path).resolve()
        if resolved in seen:
            raise UserError(path, "", f"is given twice (also as {seen[resolved]}); each event counts once in a study")
        seen[resolved] = path
    events = []
    for path in inputs:
        try:
            events.append(read_event(path))
        except UserError:
            raise
        except (OSError, ValueError) as exc:
            raise UserError(path, "", str(exc)) from None

    sizes, skipped = complete_boards(events)
    if args.remove is None and args.foul_after is None:  # the default 1-3: as many as the boards allow
        fit = [k for k in amounts if amount_problem(sizes, skipped, mode, k) is None] or amounts[:1]
        if fit != amounts and sizes:
            print(f"mpxl: the largest complete board has {max(sizes)} results: studying K = "
                  f"{', '.join(map(str, fit))} of the default 1-3 (each K keeps 2 results to estimate from)",
                  file=sys.stderr)
        amounts = fit
    for amount in amounts:  # every K checked before any trial is run
        problem = amount_problem(sizes, skipped, mode, amount)
        if problem:
            raise UserError(", ".join(inputs), "", problem)

    bar = _progress(args.trials * len(amounts))
    results: list[StudyResult] = []
    try:
        for amount in amounts:
            opts = StudyOptions(
                remove=amount if mode == "remove" else None,
                foul_after=amount if mode == "foul" else None,
                trials=args.trials,
                seed=args.seed,
                small_groups=small_groups,
                methods=methods,
            )
            results.append(study(events, opts, progress=bar.update if bar is not None else None))
    finally:
        if bar is not None:
            bar.close()

    if out:
        REPORTS[Path(out).suffix.lower()][1](results, out, inputs)
    if out:  # what was written, as score -o says it (on stderr when stdout holds the JSON)
        print(written_report(out, results), file=sys.stderr if args.json else sys.stdout)
    if args.json:
        json.dump(study_json(results, inputs), sys.stdout, indent=1)
        sys.stdout.write("\n")
    elif not out:
        sys.stdout.write(study_text(results, inputs))
    return 0


def _methods(text: str | None) -> tuple[Method, ...]:
    """``--methods``: the methods named (comma-separated, in the study's order), or every method.

    >>> _methods(None) == METHODS, _methods("factor, neub")
    (True, (<Method.NEUBERG: 'neuberg'>, <Method.FACTOR: 'factor'>))
    >>> _methods("neuberg,average")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    ValueError: --methods: 'average' is not a method; expected one of neuberg, factor, ascherman, ...
    """
    if text is None:
        return METHODS
    try:
        named = {Method.find(part) for part in text.split(",") if part.strip()}
    except ValueError as exc:
        raise ValueError(f"--methods: {exc}") from None
    if not named:
        raise ValueError(f"--methods {text!r} names no method; expected some of " + ", ".join(m.value for m in METHODS))
    return tuple(m for m in METHODS if m in named)
