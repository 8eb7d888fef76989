"""Write output files atomically, and never over the file they were made from.

:func:`atomic_write` writes to a temporary file in the target's own folder and
then moves it into place with :func:`os.replace`, so a reader (or a crash)
never sees half a file. :func:`check_not_input` refuses an output path that is
the input file (same file on disk, whatever the spelling).

>>> import tempfile, os
>>> folder = tempfile.mkdtemp()
>>> path = os.path.join(folder, "out.txt")
>>> with atomic_write(path) as f:
...     _ = f.write("hello")
>>> open(path).read()
'hello'
>>> check_not_input(path, [path])
Traceback (most recent call last):
...
mpxl.errors.UserError: ...out.txt: refusing to write over the input file
"""

from __future__ import annotations

import contextlib
import os
import tempfile
from pathlib import Path
from typing import Iterable, Iterator

from .errors import UserError

__all__ = ["atomic_write", "atomic_path", "check_not_input", "same_file"]


def same_file(a: "str | os.PathLike", b: "str | os.PathLike") -> bool:
    """True when ``a`` and ``b`` name the same file (symlinks and ``..`` resolved).

    >>> same_file("x/../y.txt", "y.txt")
    True
    """
    pa, pb = Path(a), Path(b)
    try:
        if pa.exists() and pb.exists():
            return os.path.samefile(pa, pb)
    except OSError:
        pass
    return pa.resolve() == pb.resolve()


def check_not_input(output: "str | os.PathLike", inputs: Iterable) -> None:
    """Raise :class:`UserError` if ``output`` is one of the ``inputs``."""
    for source in inputs:
        if source and same_file(output, source):
            raise UserError(str(output), "", "refusing to write over the input file")


def _give_permissions(tmp: str, target: Path) -> None:
    """The temporary file is 0600: give it the target's mode, or a new file's (0666 less the umask)."""
    try:
        mode = target.stat().st_mode & 0o7777
    except OSError:
        mask = os.umask(0)
        os.umask(mask)
        mode = 0o666 & ~mask
    with contextlib.suppress(OSError):  # a file system without permissions
        os.chmod(tmp, mode)


@contextlib.contextmanager
def atomic_path(path: "str | os.PathLike", suffix: str = "") -> Iterator[str]:
    """Yield a temporary path in ``path``'s folder; move it onto ``path`` if the block succeeds.

    For writers that want a file name (openpyxl's ``save``) rather than a file object.
    """
    target = Path(path)
    folder = target.parent if str(target.parent) else Path(".")
    if not folder.is_dir():
        raise UserError(str(path), "", f"the folder {str(folder)!r} does not exist")
    fd, tmp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=suffix or target.suffix, dir=folder)
    os.close(fd)
    try:
        yield tmp
        _give_permissions(tmp, target)
        os.replace(tmp, target)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise


@contextlib.contextmanager
def atomic_write(path: "str | os.PathLike", mode: str = "w", encoding: "str | None" = "utf-8", newline: "str | None" = None):
    """Open a temporary file for writing; on success it replaces ``path`` in one step."""
    with atomic_path(path) as tmp:
        kwargs = {} if "b" in mode else {"encoding": encoding, "newline": newline}
        with open(tmp, mode, **kwargs) as f:
            yield f
