"""The parsed command line of ``score`` and ``check``, typed: :class:`Given`, each flag a field with the
default it has where a command does not take it (``check`` has no ``-o``, ``score`` no ``--previous``)."""

from __future__ import annotations

from typing import Any, NamedTuple

from ..core.options import FLAG_ORDER, Setting, registry

__all__ = ["Given", "flag_rank", "flagged"]


def flag_rank(setting: Setting) -> int:
    """Where a setting's flag stands in the help: :data:`mpxl.core.options.FLAG_ORDER`, then the others."""
    return FLAG_ORDER.index(setting.name) if setting.name in FLAG_ORDER else len(FLAG_ORDER)


def flagged() -> list[tuple[str, str]]:
    """(argparse's name, the flag as typed) of each setting with a flag, in the help's order."""
    return [(dest, s.flags[0]) for s in sorted(registry(), key=flag_rank) if (dest := s.dest)]


class Given(NamedTuple):
    """What the command line gives the scoring, read once from argparse's namespace (:meth:`of`).

    >>> from argparse import Namespace
    >>> given = Given.of(Namespace(input="night.csv", method="mck", output=["a.xml"]))
    >>> given.input, given.outputs, given.deals, given.no_infer
    ('night.csv', ('a.xml',), None, False)
    >>> [(dest, value) for dest, value in given.settings if value is not None]
    [('method', 'mck')]
    """

    input: str = ""
    deals: str | None = None
    movement: str | None = None  # a movement file the lines are checked against
    previous: tuple[str, ...] = ()  # check's earlier sessions
    conventions: str | None = None
    no_infer: bool = False
    #: (argparse's name, the value given or None) of every setting's flag, in the help's order
    settings: tuple[tuple[str, Any], ...] = ()
    outputs: tuple[str, ...] = ()  # score's -o, given once or more
    json: bool = False
    title: str | None = None
    date: str | None = None
    club: str | None = None
    lang: str | None = None
    show_members: bool = False
    watch: bool = False

    @classmethod
    def of(cls, args: object) -> Given:
        """The typed view of ``args`` (argparse's namespace, or any object with some of its attributes)."""
        if isinstance(args, Given):
            return args
        found = {name: value for name in cls._fields if (value := getattr(args, name, None)) is not None}
        output = getattr(args, "output", None)
        found["outputs"] = tuple(output if isinstance(output, list) else [output] if output else ())
        found["previous"] = tuple(found.get("previous", ()))
        found["settings"] = tuple((dest, getattr(args, dest, None)) for dest, _flag in flagged())
        return cls(**found)
