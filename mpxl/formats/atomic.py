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
import hashlib
import os
import re
import stat
from collections.abc import Iterable, Iterator
from contextlib import AbstractContextManager
from pathlib import Path
from typing import IO, Any, BinaryIO, Literal, TextIO, overload

from ..core.errors import UserError

__all__ = ["atomic_write", "atomic_path", "check_not_input", "same_file", "remove_leftovers", "LIVE", "TEMP_PREFIX",
           "check_extension", "check_not_open", "LOCK_FILES", "StrPath", "all_or_none", "FileOpen", "ChangedSinceRead",
           "open_by", "fingerprint", "Fingerprint", "unchanged_since"]

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


class FileOpen(UserError):
    """The file is open in another program: its lock file is beside it (``lock``, the ``program``'s, the
    user ``who`` holds it when it says), or the operating system refused to replace it (``lock`` empty:
    on Windows, Excel holds the file it has open and a replace fails with PermissionError)."""

    def __init__(self, source: str, problem: str, program: str = "", who: str = "", lock: str = ""):
        super().__init__(source, "", problem)
        self.program, self.who, self.lock = program, who, lock


class ChangedSinceRead(UserError):
    """The file changed after it was read, before the new one was moved onto it (the director saved it
    meanwhile): the new file is not moved, the one saved is left as it is (:func:`unchanged_since`)."""


def open_by(path: StrPath) -> tuple[str, str, str] | None:
    """(the lock file's name, the program, who has it open, or '') when a spreadsheet program has ``path``
    open (its lock file beside it), else None.

    >>> import tempfile
    >>> d = tempfile.mkdtemp(); open_by(os.path.join(d, "out.xlsx")) is None
    True
    >>> _ = open(os.path.join(d, "~$out.xlsx"), "w").close()
    >>> open_by(os.path.join(d, "out.xlsx"))
    ('~$out.xlsx', 'Excel', '')
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
        return lock.name, program, who
    return None


def check_not_open(path: StrPath) -> None:
    """Refuse to write ``path`` while a spreadsheet program has it open (its lock file beside it:
    Excel's ``~$name.xlsx``, LibreOffice's ``.~lock.name.xlsx#``): replaced under the program, the
    file would be refused (Windows) or overwritten by the program's next save. The message says
    which program, and how to go on (a :class:`FileOpen`).

    >>> import tempfile
    >>> d = tempfile.mkdtemp(); check_not_open(os.path.join(d, "out.xlsx"))
    >>> _ = open(os.path.join(d, ".~lock.out.xlsx#"), "w").write(",Ann Smith,pc,26.11.2026 12:00,file:///x;")
    >>> check_not_open(os.path.join(d, "out.xlsx"))
    Traceback (most recent call last):
    ...
    mpxl.formats.atomic.FileOpen: ...out.xlsx: the file is open in LibreOffice (by Ann Smith, its lock file \
.~lock.out.xlsx# is beside it): close it there and run again; if LibreOffice is not running, the lock file is \
left from a crash: delete it and run again
    """
    found = open_by(path)
    if found is None:
        return
    lock, program, who = found
    raise FileOpen(str(path), f"the file is open in {program} ({'by ' + who + ', ' if who else ''}its lock "
                   f"file {lock} is beside it): close it there and run again; if {program} is not "
                   "running, the lock file is left from a crash: delete it and run again", program, who, lock)


def check_not_read_only(path: StrPath) -> None:
    """Refuse to replace a file that is read-only (no write permission for anyone; Windows' Read-only
    attribute is that): a file its owner protected is not replaced, as Windows would refuse to anyway.

    >>> import stat, tempfile
    >>> p = os.path.join(tempfile.mkdtemp(), "kept.csv"); _ = open(p, "w").write("x")
    >>> check_not_read_only(p); os.chmod(p, stat.S_IREAD)
    >>> check_not_read_only(p)
    Traceback (most recent call last):
    ...
    mpxl.core.errors.UserError: ...kept.csv: the file is read-only: it is kept; make it writable (or give another \
name) to write it
    """
    try:
        mode = os.stat(path).st_mode
    except OSError:  # not there (or not to be looked at): nothing to keep
        return
    if stat.S_ISREG(mode) and not mode & (stat.S_IWUSR | stat.S_IWGRP | stat.S_IWOTH):
        raise UserError(str(path), "", "the file is read-only: it is kept; make it writable (or give another name) "
                        "to write it")


#: A file's content as :func:`fingerprint` gives it: (size, modification time in ns, a hash of the bytes).
Fingerprint = tuple[int, int, str]


def fingerprint(path: StrPath) -> Fingerprint | None:
    """(size, modification time in ns, a hash of the bytes) of ``path``; None when it is not there (or
    cannot be looked at). The hash is '' when the bytes cannot be read (a file locked for reading): a
    change is still seen by size and time. The hash sees what size and time miss: a file rewritten in
    place with the same size within one tick of a coarse clock (FAT's 2 seconds).

    >>> import tempfile
    >>> d = tempfile.mkdtemp(); f = os.path.join(d, "a.bin"); _ = open(f, "wb").write(b"one")
    >>> first = fingerprint(f); st = os.stat(f)
    >>> _ = open(f, "wb").write(b"two"); os.utime(f, ns=(st.st_atime_ns, st.st_mtime_ns))
    >>> first[:2] == fingerprint(f)[:2], first == fingerprint(f), fingerprint(os.path.join(d, "none"))
    (True, False, None)
    """
    try:
        st = os.stat(path)
    except OSError:
        return None
    digest = hashlib.blake2b(digest_size=16)
    try:
        with open(path, "rb") as f:
            while chunk := f.read(1 << 20):
                digest.update(chunk)
    except OSError:
        return st.st_size, st.st_mtime_ns, ""
    return st.st_size, st.st_mtime_ns, digest.hexdigest()


def _key(path: StrPath) -> str:
    return os.path.normcase(os.path.abspath(os.fspath(path)))


#: The files :func:`unchanged_since` guards: (normalised name) -> what they were when read.
_GUARDED: dict[str, Fingerprint | None] = {}


@contextlib.contextmanager
def unchanged_since(path: StrPath, seen: Fingerprint | None) -> Iterator[None]:
    """While the block runs, a new file is moved onto ``path`` (by :func:`atomic_path`, :func:`atomic_write`,
    :func:`all_or_none`) only if ``path`` is still what :func:`fingerprint` gave before it was read
    (``seen``; None: it was not there): looked at again just before the move. Changed meanwhile (the
    director saved it), :class:`ChangedSinceRead` is raised, the new file removed and the one saved left
    as it is: never replaced in silence.

    >>> import tempfile
    >>> d = tempfile.mkdtemp(); book = os.path.join(d, "b.txt"); _ = open(book, "w").write("read")
    >>> with unchanged_since(book, fingerprint(book)):
    ...     with atomic_write(book) as f:
    ...         _ = f.write("new")
    >>> seen = fingerprint(book); _ = open(book, "w").write("saved by the director")
    >>> with unchanged_since(book, seen):
    ...     with atomic_write(book) as f:
    ...         _ = f.write("newer")
    Traceback (most recent call last):
    ...
    mpxl.formats.atomic.ChangedSinceRead: ...b.txt: changed since it was read ...
    >>> open(book).read(), sorted(os.listdir(d))
    ('saved by the director', ['b.txt'])
    """
    key = _key(path)
    had = key in _GUARDED
    old = _GUARDED.get(key)
    _GUARDED[key] = seen
    try:
        yield
    finally:
        if had:
            _GUARDED[key] = old
        else:
            _GUARDED.pop(key, None)


def _may_replace(target: Path, shown: str) -> None:
    """Looked at just before a new file is moved onto ``target`` (named ``shown``): refused when a program
    has opened it meanwhile (its lock file), or when it is guarded (:func:`unchanged_since`) and changed."""
    check_not_open(target)
    key = _key(target)
    if key in _GUARDED and fingerprint(target) != _GUARDED[key]:
        raise ChangedSinceRead(shown, "", "changed since it was read (saved in Excel or LibreOffice meanwhile?): "
                               "left as it was saved, not replaced")


def _replace(tmp: str, target: Path, shown: str) -> None:
    """Move ``tmp`` onto ``target`` (:func:`_may_replace` first); the operating system's refusal to replace an
    existing file (PermissionError: on Windows, the file open in Excel) a :class:`FileOpen`."""
    _may_replace(target, shown)
    try:
        os.replace(tmp, target)
    except PermissionError as exc:
        if not os.path.exists(target):  # (False for a name the system refuses)
            raise
        raise FileOpen(shown, f"cannot be replaced: {_reason(exc)} (open in a program that holds it, as Excel "
                       "on Windows does?): close it there and run again") from None


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
    check_not_read_only(target)
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
            _replace(tmp, target, str(path))
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


#: The outputs a spreadsheet program opens (and on Windows holds while open).
_HELD_BY_PROGRAMS = (".xlsx", ".xlsm", ".xls", ".csv")

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
        # a spreadsheet there already first: the one a program may hold (Windows refuses to replace a file
        # Excel has open, with no lock file to see), refused before any other is moved
        held.sort(key=lambda pair: not (pair[1].suffix.lower() in _HELD_BY_PROGRAMS and os.path.exists(pair[1])))
        try:
            for _tmp, target in held:  # every one looked at before any is moved: one refused, none moved
                _may_replace(target, str(target))
            for tmp, target in held:
                _replace(tmp, target, str(target))
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
