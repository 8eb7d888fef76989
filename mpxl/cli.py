"""The ``mpxl`` command: one sub-command per module in :mod:`mpxl.commands`.

Each module there has ``register(subparsers)``, which adds its parser and sets
``func`` to a function taking the parsed arguments and returning an exit status.
Only the chosen command's module is imported (:func:`build_parser` with ``only``); the
others are listed from :data:`mpxl.commands.COMMANDS`, so ``mpxl score`` starts without
loading the workbook, chart or study code.
Bad input (a ``UserError`` or ``ValueError``) and what the operating system refuses
(an ``OSError``: permission denied, a full disk...) are reported as ``mpxl: message``
on stderr with exit status 2, never as a traceback. So is a missing optional
package: the core and the Excel functions need only the standard library and
xlwings; the workbooks need openpyxl and the charts matplotlib, installed by the
extras named in :data:`EXTRAS`. Ctrl-C and SIGTERM stop with one line (exit 130
and 143) and leave no temporary file.
"""

from __future__ import annotations

import argparse
import contextlib
import gc
import importlib
import os
import signal
import sys
from typing import TYPE_CHECKING, Any, NoReturn, cast

from . import __version__
from .commands import COMMANDS
from .core.errors import UserError

if TYPE_CHECKING:
    from collections.abc import Callable, Iterator, Sequence
    from types import FrameType, ModuleType

    #: What :func:`signal.signal` takes and gives back: a function, SIG_DFL or SIG_IGN, or None
    #: (a handler not set from Python).
    SignalHandler = Callable[[int, FrameType | None], object] | int | signal.Handlers | None

__all__ = ["main", "build_parser", "EXTRAS", "DISTRIBUTION", "import_openpyxl", "OPENPYXL_UNUSED"]

#: The name on the package index (``mpxl`` there is an unrelated package).
DISTRIBUTION = "mpxl-bridge"

#: Each optional package, what needs it, and the extra that installs it.
EXTRAS = {
    "openpyxl": ("the workbooks (.xlsx)", "workbook"),
    "matplotlib": ("the charts", "charts"),
    "tqdm": ("the study's progress bar", "all"),
    "endplay": ("the double-dummy analysis (makeable contracts, par)", "dds"),
    "bridgemate_dataconnector": ("the tablets through Bridgemate's Data Connector (BCS 5)", "tablets"),
}


def missing_extra(exc: ImportError) -> str | None:
    """The message for an optional package that is not installed, or None for any other import error.

    >>> print(missing_extra(ModuleNotFoundError("No module named 'openpyxl'", name="openpyxl.styles")))
    openpyxl is not installed; it is needed for the workbooks (.xlsx): pip install "mpxl-bridge[workbook]"
    (or "mpxl-bridge[all]" for everything)
    """
    top = (getattr(exc, "name", None) or "").split(".")[0]
    if top not in EXTRAS:
        return None
    what, extra = EXTRAS[top]
    return (
        f'{top} is not installed; it is needed for {what}: pip install "{DISTRIBUTION}[{extra}]"'
        f' (or "{DISTRIBUTION}[all]" for everything)'
    )


def _unavailable(subparsers: argparse._SubParsersAction[Parser], name: str, message: str) -> None:
    """A command whose module needs a missing optional package: it parses anything and says which extra."""
    p = subparsers.add_parser(name, help=f"(not available: {message})", add_help=False)
    p.set_defaults(func=lambda args: _refuse(message), unavailable=True)


def _refuse(message: str) -> int:
    print(f"mpxl: {message}", file=sys.stderr)
    return 2


def chosen_command(argv: list[str]) -> str | None:
    """The sub-command named on the command line: its first word not starting with ``-`` (the
    top-level options, ``--help`` and ``--version``, take no value), or None.

    >>> chosen_command(["--version"]), chosen_command(["score", "f.pbn", "-o", "check"])
    (None, 'score')
    """
    return next((word for word in argv if not word.startswith("-")), None)


class Parser(argparse.ArgumentParser):
    """argparse's parser, each argument added checked by a formatter of a set width: argparse makes a
    formatter for every argument (to check its metavar), and the default width, the terminal's,
    loads shutil and the compression modules it imports into every start. Help is formatted as
    argparse does, at the terminal's width.

    >>> p = Parser(prog="x"); _ = p.add_argument("--n", metavar=("A", "B"), nargs=2); p.format_usage()
    'usage: x [-h] [--n A B]\\n'
    >>> p.add_argument("--m", metavar=("A",), nargs=2)
    Traceback (most recent call last):
    ...
    ValueError: length of metavar tuple does not match nargs
    """

    _adding = False

    def add_argument(self, *args: Any, **kwargs: Any) -> argparse.Action:
        self._adding = True
        try:
            return super().add_argument(*args, **kwargs)
        finally:
            self._adding = False

    def _get_formatter(self) -> argparse.HelpFormatter:
        if self._adding:  # only its _format_args is asked for: the width does not matter
            return argparse.HelpFormatter(self.prog, width=80)
        return super()._get_formatter()


def build_parser(only: str | None = None) -> argparse.ArgumentParser:
    """The ``mpxl`` parser. Every command's module is imported and registered, or with ``only``
    just that command's: the others are listed by name and help (:data:`COMMANDS`), enough for
    ``mpxl --help`` and for argparse to name a command that does not exist.

    >>> sorted(build_parser("methods")._subparsers._group_actions[0].choices) == sorted(COMMANDS)
    True
    """
    parser = Parser(
        prog="mpxl",
        description="Matchpoint scoring for contract bridge: score results files, check published results, "
        "build the club template workbook, and compare the estimation methods.",
    )
    parser.add_argument("--version", action="version", version=f"mpxl {__version__}")
    # its prog given (argparse would make a formatter to work it out: the same "mpxl")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=Parser, prog=parser.prog)
    for name in sorted(COMMANDS):
        if only is not None and name != only:
            sub.add_parser(name, help=COMMANDS[name])  # listed, not imported: it is not the one run
            continue
        try:
            module = importlib.import_module(f"{__package__}.commands.{name}")
        except ImportError as exc:
            message = missing_extra(exc)
            if message is None:
                raise
            _unavailable(sub, name, message)
            continue
        module.register(sub)
    return parser


def subparser(parser: argparse.ArgumentParser, name: str | None) -> argparse.ArgumentParser | None:
    """The parser of the sub-command ``name`` (None when there is none)."""
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction) and name in action.choices:
            found: argparse.ArgumentParser = action.choices[name]
            return found
    return None


def unrecognized(parser: argparse.ArgumentParser, rest: list[str]) -> str:
    """argparse's message for the arguments ``parser`` does not know, each unknown flag followed by the
    nearest of its flags (a typing error: ``--metod``).

    >>> p = argparse.ArgumentParser(); _ = p.add_argument("--method"); _ = p.add_argument("--scale")
    >>> unrecognized(p, ["--metod", "neuberg"]), unrecognized(p, ["--zzz"])
    ('unrecognized arguments: --metod neuberg (did you mean --method?)', 'unrecognized arguments: --zzz')
    """
    import difflib  # loaded for a mistyped flag only

    flags = [flag for action in parser._actions for flag in action.option_strings if flag.startswith("--")]
    hints = []
    for word in rest:
        near = difflib.get_close_matches(word.split("=", 1)[0], flags, n=1, cutoff=0.6) if word.startswith("--") else []
        if near:
            hints.append(f"did you mean {near[0]}?")
    return "unrecognized arguments: " + " ".join(rest) + (f" ({'; '.join(hints)})" if hints else "")


@contextlib.contextmanager
def imports_uncollected(program: bool = True) -> Iterator[None]:
    """Import the chosen command with the cyclic garbage collector paused, then freeze what the
    imports made (:func:`gc.freeze`): classes, functions and tables that live as long as the
    program and are no garbage, which every later collection would walk again for nothing (about
    a tenth of ``mpxl check``'s start on a club file). Only when ``program`` (run from the command
    line): a process calling :func:`main` again and again (the tests) keeps its collector as it is.

    >>> with imports_uncollected(program=False):
    ...     gc.isenabled()
    True
    """
    if not program or not gc.isenabled():
        yield
        return
    gc.disable()
    try:
        yield
    finally:
        gc.freeze()
        gc.enable()


#: What openpyxl imports where it is installed that no workbook of mpxl's uses: numpy (to take numpy's numbers
#: as cell values; mpxl puts Python's in). Pillow stays: openpyxl needs it to read a workbook holding a picture
#: (a director's logo in the workbook whose work is kept).
OPENPYXL_UNUSED = ("numpy",)
#: The workbooks' extensions.
WORKBOOKS = (".xlsx", ".xlsm")


def import_openpyxl(argv: Sequence[str], program: bool = True) -> None:
    """When the program's command line names a workbook, import openpyxl now with :data:`OPENPYXL_UNUSED`
    marked absent (``sys.modules[name] = None``, Python's own way to make an import fail), which openpyxl
    takes as not installed (about a tenth of a second of imports saved); then unmark them, so that a later
    import of numpy (matplotlib's, for the charts) works. Only when ``program`` (run from the command line):
    a process calling :func:`main` again and again (the tests, a script) keeps openpyxl as it comes.

    >>> import_openpyxl(["score", "in.xml", "-o", "out.xlsx"], program=False)
    """
    if not program or "openpyxl" in sys.modules or not any(a.lower().endswith(WORKBOOKS) for a in argv):
        return
    absent = [name for name in OPENPYXL_UNUSED if name not in sys.modules]
    for name in absent:
        sys.modules[name] = cast("ModuleType", None)  # typeshed types the table as modules alone
    try:
        import openpyxl  # noqa: F401
    except ImportError:  # not installed: the command says so where it needs it
        pass
    finally:
        for name in absent:
            if sys.modules.get(name, False) is None:
                del sys.modules[name]


#: The exit status of a command whose output's reader stopped reading (``| head``): a program the pipe's
#: signal ends reports 128 + SIGPIPE (13), as ``cat`` or ``grep`` do; not 0, which would say that ``check``
#: found nothing.
PIPE_CLOSED = 141


def _pipe_closed() -> int:
    """:data:`PIPE_CLOSED`, stdout pointed at the null device first (Python's advice: the interpreter's last
    flush of the closed pipe would raise again, and print a traceback-like notice)."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError):  # no file descriptor (a test's captured stdout): nothing to flush
        pass
    return PIPE_CLOSED


def unicode_streams(streams: Sequence[Any] = (), chosen: str | None = None) -> None:
    """Make ``streams`` (stdout and stderr) write any name a file holds (Łukasz, Jiří, 李): a file or a pipe in
    UTF-8 (JSON's own encoding; on Windows Python writes a redirected stream in the ANSI code page, cp1252, which has
    no Ł: the ranking stopped at the first such name); a terminal, or a stream in the encoding ``chosen``
    (PYTHONIOENCODING: the user's), keeps its encoding, a character it lacks written as ``?``.

    >>> import io
    >>> out = io.TextIOWrapper(io.BytesIO(), encoding="cp1252")
    >>> unicode_streams([out]); _ = out.write("Łukasz"); out.flush(); out.buffer.getvalue().decode("utf-8")
    'Łukasz'
    >>> out = io.TextIOWrapper(io.BytesIO(), encoding="cp1252")
    >>> unicode_streams([out], chosen="cp1252"); _ = out.write("Łukasz"); out.flush(); out.buffer.getvalue()
    b'?ukasz'
    """
    for stream in streams:
        encoding = (getattr(stream, "encoding", None) or "").lower().replace("-", "").replace("_", "")
        if encoding == "utf8" or not hasattr(stream, "reconfigure"):
            continue
        try:
            terminal = stream.isatty()
        except ValueError:  # closed
            continue
        if terminal or chosen:
            stream.reconfigure(errors="replace")
        else:
            stream.reconfigure(encoding="utf-8")


def main(argv: Sequence[str] | None = None) -> int:
    program = argv is None
    argv = sys.argv[1:] if argv is None else list(argv)
    if program:  # the command line's streams (a caller's own are left as they are)
        unicode_streams([sys.stdout, sys.stderr], os.environ.get("PYTHONIOENCODING"))
    with imports_uncollected(program):
        import_openpyxl(argv, program)  # before the command's module, which may import it
        parser = build_parser(only=chosen_command(argv) or "")
    args, rest = parser.parse_known_args(argv)
    if rest and not getattr(args, "unavailable", False):  # an unavailable command's arguments go unread
        command = subparser(parser, getattr(args, "command", None)) or parser
        command.error(unrecognized(command, rest))  # with the command's own usage
    if not getattr(args, "func", None):
        parser.print_help()
        return 2
    previous = _on_sigterm()
    try:
        return int(args.func(args) or 0)
    except (UserError, ValueError) as exc:
        print(f"mpxl: {exc}", file=sys.stderr)
        return 2
    except ImportError as exc:  # an optional package (openpyxl, matplotlib) the command needs
        message = missing_extra(exc)
        if message is None:
            raise
        return _refuse(message)
    except BrokenPipeError:  # `mpxl check ... | head`: the reader stopped reading
        return _pipe_closed()
    except OSError as exc:  # what the operating system refused: one line, no traceback
        where = f"{exc.filename}: " if exc.filename else ""
        print(f"mpxl: {where}{exc.strerror or exc}", file=sys.stderr)
        return 2
    except KeyboardInterrupt as exc:  # Ctrl-C, or SIGTERM (see _on_sigterm): nothing half-written is left
        _remove_live()
        print(f"mpxl: {'terminated' if isinstance(exc, Terminated) else 'interrupted'}; no file was changed",
              file=sys.stderr)
        return 143 if isinstance(exc, Terminated) else 130
    finally:
        for sig, handler in (previous or {}).items():
            signal.signal(sig, handler)


class Terminated(KeyboardInterrupt):
    """SIGTERM or SIGHUP, raised where the program is, so every write in progress removes its temporary file."""


def _raise_terminated(signum: int, frame: FrameType | None) -> NoReturn:
    raise Terminated()


#: The signals that end mpxl as SIGTERM does, removing what a write in progress left: SIGTERM, and
#: where the system has them SIGHUP (the terminal closed) and Windows' SIGBREAK (Ctrl-Break in the console,
#: which would otherwise end the program at once, a temporary file left beside the output).
def ending_signals(module: Any = signal) -> tuple[signal.Signals, ...]:
    """The signals of :data:`ENDING_SIGNALS` that the system has (``module``: :mod:`signal`, or the tests' Windows).

    >>> from types import SimpleNamespace as Windows
    >>> ending_signals(Windows(SIGTERM=15, SIGBREAK=21, SIGINT=2))
    (15, 21)
    """
    return tuple(getattr(module, name) for name in ("SIGTERM", "SIGHUP", "SIGBREAK") if hasattr(module, name))


ENDING_SIGNALS = ending_signals()


def _on_sigterm() -> dict[signal.Signals, SignalHandler] | None:
    """Turn SIGTERM and SIGHUP into :class:`Terminated` (main thread only); the previous handlers by
    signal, or None."""
    try:
        return {sig: signal.signal(sig, _raise_terminated) for sig in ENDING_SIGNALS}
    except ValueError:  # not the main thread
        return None


def _remove_live() -> None:
    """Remove the temporary files of writes still in progress (mpxl.formats.atomic.LIVE; none when the module
    that writes them was never loaded)."""
    atomic = sys.modules.get(f"{__package__}.formats.atomic")
    live: set[str] = atomic.LIVE if atomic is not None else set()
    for tmp in list(live):
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        live.discard(tmp)


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
