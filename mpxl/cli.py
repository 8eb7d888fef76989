"""The ``mpxl`` command: one sub-command per module in :mod:`mpxl.commands`.

Each module there has ``register(subparsers)``, which adds its parser and sets
``func`` to a function taking the parsed arguments and returning an exit status.
Bad input (a ``UserError`` or ``ValueError``) is reported as ``mpxl: message``
on stderr with exit status 2, never as a traceback.
"""

from __future__ import annotations

import argparse
import importlib
import pkgutil
import sys

from . import __version__, commands
from .errors import UserError

__all__ = ["main", "build_parser"]


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="mpxl",
        description="Matchpoint scoring for contract bridge: score results files, check published results, "
        "build the club template workbook, and compare the estimation methods.",
    )
    parser.add_argument("--version", action="version", version=f"mpxl {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    for info in sorted(pkgutil.iter_modules(commands.__path__), key=lambda m: m.name):
        module = importlib.import_module(f"{commands.__name__}.{info.name}")
        if hasattr(module, "register"):
            module.register(sub)
    return parser


def main(argv=None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    if not getattr(args, "func", None):
        parser.print_help()
        return 2
    try:
        return int(args.func(args) or 0)
    except (UserError, ValueError) as exc:
        print(f"mpxl: {exc}", file=sys.stderr)
        return 2
    except BrokenPipeError:  # `mpxl score ... | head`
        return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
