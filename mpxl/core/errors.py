"""The one error type the command line reports without a traceback."""

from __future__ import annotations

__all__ = ["UserError"]


class UserError(Exception):
    """Bad input from a user: the message names the file, the place in it and the problem.

    >>> str(UserError("results.csv", "line 4", "'abc' is not a score"))
    "results.csv: line 4: 'abc' is not a score"
    """

    def __init__(self, source: str, where: str | None, problem: str):
        self.source, self.where, self.problem = source, where, problem
        super().__init__(": ".join(x for x in (source, where, problem) if x))
