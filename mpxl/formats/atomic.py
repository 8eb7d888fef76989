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
mpxl.core.errors.UserError: ...out.txt: refusing to write over the input file
"""

from __future__ import annotations

import contextlib
import errno
import os
import re
from collections.abc import Iterable, Iterator
from contextlib import AbstractContextManager
from pathlib import Path
from typing import IO, Any, BinaryIO, Literal, TextIO, overload

from ..core.errors import UserError

__all__ = ["atomic_write", "atomic_path", "check_not_input", "same_file", "remove_leftovers", "LIVE", "TEMP_PREFIX",
           "check_extension", "check_not_open", "LOCK_FILES", "StrPath", "all_or_none"]

#: A file's name as the standard library takes one: a text or a path.
StrPath = str | os.PathLike[str]


def same_file(a: StrPath, b: StrPath) -> bool:
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
    try:
        return pa.resolve() == pb.resolve()
    except (RuntimeError, OSError):  # a symlink loop (RuntimeError before Python 3.13): the OS names it below
        for path in (pa, pb):
            try:
                os.stat(path)
            except OSError as exc:
                if exc.errno == errno.ELOOP:
                    raise UserError(str(path), "", "the name is a loop of symbolic links (each points on to the "
                                    "next and none to a file); give another name") from None
        raise


def check_not_input(output: StrPath, inputs: Iterable[StrPath | None]) -> None:
    """Raise :class:`UserError` if ``output`` is one of the ``inputs``."""
    for source in inputs:
        if source and same_file(output, source):
            raise UserError(str(output), "", "refusing to write over the input file")


def check_extension(path: StrPath, allowed: Iterable[str], what: str) -> None:
    """Refuse to write ``what`` to a name that says another kind of file (never a PNG over a USEBIO file).

    >>> check_extension("chart.png", (".png",), "a chart")
    >>> check_extension("results.xml", (".png",), "a chart")
    Traceback (most recent call last):
    ...
    mpxl.core.errors.UserError: results.xml: refusing to write a chart to a '.xml' file; expected a name ending in .png
    """
    allowed = tuple(allowed)
    ext = Path(path).suffix.lower()
    if ext not in allowed:
        kind = f"a {ext!r} file" if ext else "a name without an extension"
        raise UserError(str(path), "", f"refusing to write {what} to {kind}; expected a name ending in "
                        + " or ".join(allowed))


#: The lock files a spreadsheet program keeps beside a file it has open: (the lock's name, the program).
LOCK_FILES = (("~${}", "Excel"), (".~lock.{}#", "LibreOffice"))


def check_not_open(path: StrPath) -> None:
    """Refuse to write ``path`` while a spreadsheet program has it open (its lock file beside it:
    Excel's ``~$name.xlsx``, LibreOffice's ``.~lock.name.xlsx#``): replaced under the program, the
    file would be refused (Windows) or overwritten by the program's next save. The message says
    which program, and how to go on.

    >>> import tempfile
    >>> d = tempfile.mkdtemp(); check_not_open(os.path.join(d, "out.xlsx"))
    >>> _ = open(os.path.join(d, ".~lock.out.xlsx#"), "w").write(",Ann Smith,pc,26.11.2026 12:00,file:///x;")
    >>> check_not_open(os.path.join(d, "out.xlsx"))
    Traceback (most recent call last):
    ...
    mpxl.core.errors.UserError: ...out.xlsx: the file is open in LibreOffice (by Ann Smith, its lock file \
.~lock.out.xlsx# is beside it): close it there and run again; if LibreOffice is not running, the lock file is \
left from a crash: delete it and run again
    """
    target = Path(path)
    for pattern, program in LOCK_FILES:
        lock = target.with_name(pattern.format(target.name))
        try:
            if not lock.is_file():
                continue
        except OSError:  # a lock's name too long for the folder (the target's is not, or it is named below)
            continue
        who = ""
        with contextlib.suppress(OSError, UnicodeDecodeError):  # LibreOffice's: ,user,host,date,url;
            fields = lock.read_bytes()[:1024].decode("utf-8").split(",")
            who = fields[1].strip() if len(fields) > 2 and program == "LibreOffice" else ""
        raise UserError(str(path), "", f"the file is open in {program} ({'by ' + who + ', ' if who else ''}its lock "
                        f"file {lock.name} is beside it): close it there and run again; if {program} is not "
                        "running, the lock file is left from a crash: delete it and run again")


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


#: Temporary files are named ``.mpxl-PID-XXXXXXXX`` + the target's suffix: short (a target name of
#: NAME_MAX characters still fits), and recognisable: a later run removes the ones whose process
#: is gone (a write killed with SIGKILL), see :func:`remove_leftovers`.
TEMP_PREFIX = ".mpxl-"
_TEMP_RE = re.compile(r"\.mpxl-(\d+)-[a-z0-9_]{8}(\.\w{1,8})?(\.base-\d+\.xlsx|\.tmp-\d+\.xlsx)?$")

#: The temporary files this process has open now (removed on SIGTERM / Ctrl-C by mpxl.cli).
LIVE: set[str] = set()


def _alive(pid: int) -> bool:
    if pid == os.getpid():
        return True
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except OSError:  # another user's process
        return True
    return True


def remove_leftovers(folder: StrPath) -> list[str]:
    """Remove the temporary files of mpxl runs that were killed (their process is gone) from ``folder``.

    >>> import tempfile
    >>> d = tempfile.mkdtemp(); _ = open(os.path.join(d, ".mpxl-999999999-abcdefgh.csv"), "w").close()
    >>> [os.path.basename(p) for p in remove_leftovers(d)], os.listdir(d)
    (['.mpxl-999999999-abcdefgh.csv'], [])
    """
    removed: list[str] = []
    try:
        names = [n for n in os.listdir(folder) if n.startswith(TEMP_PREFIX)]
    except OSError:
        return removed
    for name in names:
        m = _TEMP_RE.match(name)
        if m and not _alive(int(m.group(1))):
            path = os.path.join(folder, name)
            with contextlib.suppress(OSError):
                if os.path.isfile(path) and not os.path.islink(path):
                    os.unlink(path)
                    removed.append(path)
    return removed


def _reason(exc: OSError) -> str:
    return exc.strerror or str(exc)


#: How a temporary file is made: created here, never over an existing file or through a link.
_NEW_FILE = os.O_RDWR | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_CLOEXEC", 0)


def _open_new(path: str) -> int:
    """Create ``path`` (0600), which must not exist: its descriptor."""
    return os.open(path, _NEW_FILE, 0o600)


def _new_temp(folder: Path, ext: str, made: list[str]) -> str:
    """Create an empty temporary file in ``folder``, named for this process. Its name goes into
    ``made`` and :data:`LIVE` *before* the file exists, so a Ctrl-C or SIGTERM at any moment after
    (whichever thread the signal reaches, wherever Python raises it) finds it to remove."""
    for _ in range(100):
        tmp = os.path.join(folder, f"{TEMP_PREFIX}{os.getpid()}-{os.urandom(4).hex()}{ext}")
        made.append(tmp)
        LIVE.add(tmp)
        try:
            fd = _open_new(tmp)
        except FileExistsError:  # a name left by an earlier process with this pid: another name
            made.pop()
            LIVE.discard(tmp)
            continue
        os.close(fd)
        return tmp
    raise FileExistsError(errno.EEXIST, "no free temporary file name", str(folder))


@contextlib.contextmanager
def atomic_path(path: StrPath, suffix: str = "") -> Iterator[str]:
    """Yield a temporary path in ``path``'s folder; move it onto ``path`` if the block succeeds.

    For writers that want a file name (openpyxl's ``save``) rather than a file object. Whatever
    the operating system refuses (a read-only folder, a full disk, a name too long, the output a
    folder) is a :class:`UserError` naming ``path``; the old file is kept and the temporary removed,
    on an error, a Ctrl-C or SIGTERM alike.
    """
    target = Path(path)
    folder = target.parent if str(target.parent) else Path(".")
    if not folder.is_dir():
        raise UserError(str(path), "", f"the folder {str(folder)!r} does not exist")
    if os.path.isdir(target):
        raise UserError(str(path), "", "is a folder; expected a file name")
    check_not_open(target)
    remove_leftovers(folder)
    ext = suffix or target.suffix
    ext = ext if re.fullmatch(r"\.\w{1,8}", ext or "") else ""
    made: list[str] = []  # the temporary file's name, from before it exists
    moved = False
    try:
        try:
            tmp = _new_temp(folder, ext, made)
        except OSError as exc:
            raise UserError(str(path), "", f"cannot write in the folder {str(folder)!r}: {_reason(exc)}") from None
        yield tmp
        _give_permissions(tmp, target)
        if _HELD and str(path) not in LIVE:  # all_or_none: moved into place with the others (a temporary
            _HELD[-1].append((tmp, target))  # file written through, as the page's, is the writer's own)
            made.remove(tmp)
        else:
            os.replace(tmp, target)
        moved = True
    except BaseException as exc:
        if not moved:
            for name in made:
                with contextlib.suppress(OSError):
                    os.unlink(name)
        if isinstance(exc, OSError):
            raise UserError(str(path), "", _reason(exc)) from None
        if isinstance(exc, UserError) and exc.source in made:  # a writer's refusal naming the temporary file
            raise UserError(str(path), exc.where, exc.problem) from None
        raise
    finally:
        LIVE.difference_update(made)


#: The writes :func:`all_or_none` holds, innermost last: (temporary file, target) of each.
_HELD: list[list[tuple[str, Path]]] = []


@contextlib.contextmanager
def all_or_none() -> Iterator[None]:
    """Hold every file :func:`atomic_path` (and :func:`atomic_write`) writes in the block, and move them all
    into place as it ends: an output refused (or any error, a Ctrl-C) leaves every target as it was.

    >>> import tempfile
    >>> d = tempfile.mkdtemp(); a, b = os.path.join(d, "a.txt"), os.path.join(d, "b.txt")
    >>> with all_or_none():
    ...     with atomic_write(a) as f:
    ...         _ = f.write("new")
    ...     os.path.exists(a)
    False
    >>> open(a).read()
    'new'
    >>> try:
    ...     with all_or_none():
    ...         with atomic_write(a) as f:
    ...             _ = f.write("newer")
    ...         raise UserError(b, "", "refused")
    ... except UserError:
    ...     pass
    >>> open(a).read(), sorted(os.listdir(d))
    ('new', ['a.txt'])
    """
    held: list[tuple[str, Path]] = []
    _HELD.append(held)
    try:
        yield
    except BaseException:
        for tmp, _target in held:
            with contextlib.suppress(OSError):
                os.unlink(tmp)
        raise
    else:
        moved = 0
        try:
            for tmp, target in held:
                os.replace(tmp, target)
                moved += 1
        except BaseException as exc:  # a refusal, a Ctrl-C, a signal: what is not moved yet is removed
            for left, _target in held[moved:]:
                with contextlib.suppress(OSError):
                    os.unlink(left)
            if not isinstance(exc, OSError):
                raise
            done = ", ".join(str(t) for _tmp, t in held[:moved])
            raise UserError(str(held[moved][1]), "", _reason(exc) + (f" (written: {done})" if done else "")) from None
    finally:
        _HELD.remove(held)
        LIVE.difference_update(tmp for tmp, _target in held)


@overload
def atomic_write(path: StrPath, mode: Literal["w", "x", "a"] = "w", encoding: str | None = "utf-8",
                 newline: str | None = None) -> AbstractContextManager[TextIO]: ...
@overload
def atomic_write(path: StrPath, mode: Literal["wb", "xb", "ab"], encoding: str | None = "utf-8",
                 newline: str | None = None) -> AbstractContextManager[BinaryIO]: ...
def atomic_write(path: StrPath, mode: str = "w", encoding: str | None = "utf-8",
                 newline: str | None = None) -> AbstractContextManager[IO[Any]]:
    """Open a temporary file for writing; on success it replaces ``path`` in one step."""
    return _atomic_open(path, mode, encoding, newline)


@contextlib.contextmanager
def _atomic_open(path: StrPath, mode: str, encoding: str | None, newline: str | None) -> Iterator[IO[Any]]:
    """:func:`atomic_write`'s file: opened on :func:`atomic_path`'s temporary name."""
    with atomic_path(path) as tmp:
        if "b" in mode:
            with open(tmp, mode) as f:
                yield f
        else:
            with open(tmp, mode, encoding=encoding, newline=newline) as f:
                yield f
