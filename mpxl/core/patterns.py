"""Regular expressions compiled on first use, not at import.

Compiling a pattern costs a fraction of a millisecond; the package declares some thirty at module
level, most of which a plain ``mpxl score`` never uses (a USEBIO file needs none of PBN's), and at
start-up those fractions add up to a noticeable share of the command's time. A :class:`Pattern` is
declared like ``re.compile`` and used like the compiled pattern (the methods the package calls);
it compiles once, on its first match, through ``re``'s own cache.

>>> WORD = Pattern(r"[a-z]+", re.IGNORECASE)
>>> WORD.fullmatch("Board") is not None, WORD.findall("4 Spades, 2 Hearts")
(True, ['Spades', 'Hearts'])
>>> WORD.pattern, WORD.compiled().flags & re.IGNORECASE != 0
('[a-z]+', True)
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from typing import Any, AnyStr, Generic


class Pattern(Generic[AnyStr]):
    """A regular expression compiled when first used (text or bytes, as ``re.compile``)."""

    __slots__ = ("pattern", "flags", "_compiled")

    def __init__(self, pattern: AnyStr, flags: int = 0) -> None:
        self.pattern: AnyStr = pattern
        self.flags: int = flags
        self._compiled: re.Pattern[AnyStr] | None = None

    def compiled(self) -> re.Pattern[AnyStr]:
        """The compiled pattern (compiled now, the first time)."""
        if self._compiled is None:
            self._compiled = re.compile(self.pattern, self.flags)
        return self._compiled

    def match(self, string: AnyStr, pos: int = 0) -> re.Match[AnyStr] | None:
        """At the start of ``string`` (from ``pos``), as ``re.Pattern.match``."""
        return self.compiled().match(string, pos)

    def fullmatch(self, string: AnyStr) -> re.Match[AnyStr] | None:
        """The whole of ``string``, as ``re.Pattern.fullmatch``."""
        return self.compiled().fullmatch(string)

    def search(self, string: AnyStr) -> re.Match[AnyStr] | None:
        """Anywhere in ``string``, as ``re.Pattern.search``."""
        return self.compiled().search(string)

    def finditer(self, string: AnyStr) -> Iterator[re.Match[AnyStr]]:
        """Every match in ``string``, as ``re.Pattern.finditer``."""
        return self.compiled().finditer(string)

    def findall(self, string: AnyStr) -> list[Any]:
        """Every match's text (or groups) in ``string``, as ``re.Pattern.findall``."""
        return self.compiled().findall(string)

    def sub(self, repl: AnyStr | Callable[[re.Match[AnyStr]], AnyStr], string: AnyStr) -> AnyStr:
        """``string`` with every match replaced by ``repl``, as ``re.Pattern.sub``."""
        return self.compiled().sub(repl, string)

    def __repr__(self) -> str:
        return f"Pattern({self.pattern!r}, {self.flags})"
