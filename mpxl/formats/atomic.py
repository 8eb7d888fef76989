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
import ntpath
import os
import re
import stat
import sys
import time
from collections.abc import Iterable, Iterator
from contextlib import AbstractContextManager
from pathlib import Path
from typing import IO, Any, BinaryIO, Literal, TextIO, overload

from ..core.errors import UserError

__all__ = ["atomic_write", "atomic_path", "check_not_input", "same_file", "remove_leftovers", "LIVE", "TEMP_PREFIX",
           "check_extension", "check_not_open", "LOCK_FILES", "StrPath", "all_or_none", "FileOpen", "ChangedSinceRead",
           "open_by", "fingerprint", "Fingerprint", "unchanged_since", "left_open",
           "check_windows_name", "windows_name_problem", "WINDOWS"]

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


#: Whether this is Windows, whose file names refuse what others take (:func:`check_windows_name`; the tests set it).
WINDOWS = sys.platform == "win32"
#: The characters no Windows file name holds, and its device names (a name of one, whatever its extension,
#: is the device: NUL.csv writes nowhere).
_WINDOWS_FORBIDDEN = re.compile(r'[<>:"/\\|?*\x00-\x1f]')
_WINDOWS_DEVICES = frozenset({"CON", "PRN", "AUX", "NUL", "CONIN$", "CONOUT$"}
                             | {f"{d}{n}" for d in ("COM", "LPT") for n in "0123456789\u00b9\u00b2\u00b3"})


def windows_name_problem(path: StrPath) -> str | None:
    """What Windows refuses in ``path``'s file name (its last part; a drive and folders are the system's to
    name), or None.

    >>> windows_name_problem(r"C:\\Club\\Résultats du soir.html"), windows_name_problem("console.xlsx")
    (None, None)
    >>> for name in ("night 12:30.html", "page.html.", "nul.csv", "Com1.xlsx"):
    ...     print(windows_name_problem(name))
    holds ':', which no Windows file name holds (nor any of < > : " / \\ | ? *)
    ends in a dot or a space, which Windows drops from a file name
    'nul' is a Windows device name, not a file (as CON, PRN, AUX, COM1, LPT1 are, whatever follows)
    'Com1' is a Windows device name, not a file (as CON, PRN, AUX, COM1, LPT1 are, whatever follows)
    """
    name = ntpath.basename(os.fspath(path))
    bad = _WINDOWS_FORBIDDEN.search(name)
    if bad:
        shown = repr(bad.group()) if bad.group().isprintable() else "a control character"
        return f"holds {shown}, which no Windows file name holds (nor any of < > : \" / \\ | ? *)"
    if name.endswith((".", " ")):
        return "ends in a dot or a space, which Windows drops from a file name"
    stem = name.split(".", 1)[0].rstrip(" ")
    if stem.upper() in _WINDOWS_DEVICES:
        return f"{stem!r} is a Windows device name, not a file (as CON, PRN, AUX, COM1, LPT1 are, whatever follows)"
    return None


def check_windows_name(path: StrPath) -> None:
    """On Windows (:data:`WINDOWS`), refuse an output name it would refuse or change (:func:`windows_name_problem`)
    before anything is read or written, saying why; elsewhere every name the system takes is taken.

    >>> check_windows_name("night 12:30.html")  # not on Windows: the name is the system's to take
    """
    problem = windows_name_problem(path) if WINDOWS else None
    if problem:
        raise UserError(str(path), "", f"the file name {problem}; give another name")


#: The lock files a spreadsheet program keeps beside a file it has open: (the lock's name, the program).
LOCK_FILES = (("~${}", "Excel"), (".~lock.{}#", "LibreOffice"))


class FileOpen(UserError):
    """The file is open in another program: its lock file is beside it (``lock``, the ``program``'s, the
    user ``who`` holds it when it says), or the operating system refused to replace it (``lock`` empty:
    on Windows, Excel holds the file it has open and a replace fails with PermissionError)."""

    def __init__(self, source: str, problem: str, program: str = "", who: str = "", lock: str = ""):
        super().__init__(source, "", problem)
        self.program, self.who, self.lock = program, who, lock
        #: the other outputs of the same run that were written all the same (:func:`all_or_none`)
        self.written: tuple[str, ...] = ()

    def besides(self, others: Iterable[FileOpen], written: Iterable[str]) -> FileOpen:
        """This refusal in one line with the ``others`` refused with it and the outputs ``written`` all the same.

        >>> a, b = FileOpen("a.xlsx", "open: close it"), FileOpen("b.csv", "open")
        >>> str(a.besides([b], ["page.html"]))
        'a.xlsx: open: close it; b.csv is open too; the other outputs were written: page.html'
        """
        names = [o.source for o in others]
        done = tuple(written)
        more = (f"; {', '.join(names)} {'is' if len(names) == 1 else 'are'} open too" if names else "") + (
            f"; the other outputs were written: {', '.join(done)}" if done else "")
        found = FileOpen(self.source, self.problem + more, self.program, self.who, self.lock)
        found.written = done
        return found


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
        _replace_again(tmp, target)
    except PermissionError as exc:
        if not os.path.exists(target):  # (False for a name the system refuses)
            raise
        raise FileOpen(shown, f"cannot be replaced: {_reason(exc)} (open in Excel or another program that "
                       "holds it?): close it there and run again") from None


#: On Windows, the pauses between the tries of a replace refused (PermissionError): a virus scanner or a
#: synchronised folder (OneDrive) holds a file just written for a moment; Excel holds it until it is closed.
WINDOWS_RETRIES = (0.05, 0.1, 0.2, 0.4)


def _replace_again(tmp: str, target: Path) -> None:
    """``os.replace(tmp, target)``; on Windows a PermissionError tried again after each of
    :data:`WINDOWS_RETRIES` (under a second in all) before it is raised."""
    pauses = WINDOWS_RETRIES if WINDOWS else ()
    for pause in pauses:
        try:
            os.replace(tmp, target)
            return
        except PermissionError:
            time.sleep(pause)
    os.replace(tmp, target)


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
    """Whether the process ``pid`` is running (its temporary files are its own)."""
    if pid == os.getpid():
        return True
    if sys.platform == "win32":  # os.kill(pid, 0) there is GenerateConsoleCtrlEvent: a Ctrl-C to the console
        import _winapi

        return alive_on_windows(pid, _winapi)
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except OSError:  # another user's process
        return True
    return True


#: OpenProcess's right to ask a process's exit code, and the code of one still running (Windows' own values).
_QUERY_LIMITED_INFORMATION, _STILL_ACTIVE = 0x1000, 259
#: Windows' "The parameter is incorrect": OpenProcess's answer for a process that does not exist.
_NO_SUCH_PROCESS = 87


def alive_on_windows(pid: int, winapi: Any) -> bool:
    """Whether the process ``pid`` runs, asked of Windows (``winapi``: the standard library's ``_winapi``) without
    sending it anything: on Windows, ``os.kill(pid, 0)`` sends a Ctrl-C (CTRL_C_EVENT is 0) to every program in the
    console, mpxl itself among them. A process Windows will not open (another user's) is taken as running.

    >>> class Gone:
    ...     def OpenProcess(self, access, inherit, pid):
    ...         exc = OSError(22, "The parameter is incorrect"); exc.winerror = 87; raise exc
    >>> alive_on_windows(4242, Gone())
    False
    """
    try:
        handle = winapi.OpenProcess(_QUERY_LIMITED_INFORMATION, False, pid)
    except OSError as exc:
        return getattr(exc, "winerror", None) != _NO_SUCH_PROCESS
    try:
        return bool(winapi.GetExitCodeProcess(handle) == _STILL_ACTIVE)
    except OSError:
        return True
    finally:
        with contextlib.suppress(OSError):
            winapi.CloseHandle(handle)


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
    check_windows_name(path)
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


#: The writes :func:`all_or_none` holds, innermost last: (temporary file, target) of each.
_HELD: list[list[tuple[str, Path]]] = []
#: The outputs found open in a program while :func:`all_or_none`'s block ran (:func:`left_open`), innermost last.
_OPENED: list[list[FileOpen]] = []


def left_open(exc: FileOpen) -> None:
    """Within :func:`all_or_none`'s block: the output ``exc`` names is open in a program (refused by
    :func:`atomic_path` before it was written): the block goes on with the others, and ``exc`` is raised, with
    what was written, as the block ends. Outside such a block, ``exc`` is raised now."""
    if not _OPENED:
        raise exc
    _OPENED[-1].append(exc)



@contextlib.contextmanager
def all_or_none() -> Iterator[None]:
    """Hold every file :func:`atomic_path` (and :func:`atomic_write`) writes in the block, and move them all
    into place as it ends: an output refused (or any error, a Ctrl-C) leaves every target as it was.

    One output open in a program (its lock file beside it, or the replace refused: on Windows, Excel holds the
    file it has open) is not the results' fault: the others are moved into place all the same, and the
    :class:`FileOpen` raised as the block ends names it and them (its ``written``).

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
    opened: list[FileOpen] = []  # the targets open in a program: not moved, the others are
    _HELD.append(held)
    _OPENED.append(opened)
    try:
        yield
    except BaseException:
        for tmp, _target in held:
            with contextlib.suppress(OSError):
                os.unlink(tmp)
        raise
    else:
        left = list(held)  # what is still to be moved, in the order written
        written: list[str] = []

        def not_moved(tmp: str, exc: FileOpen) -> None:
            opened.append(exc)
            with contextlib.suppress(OSError):
                os.unlink(tmp)

        try:
            for tmp, target in list(left):  # every one looked at before any is moved: one changed, none moved
                try:
                    _may_replace(target, str(target))
                except FileOpen as exc:
                    left.remove((tmp, target))
                    not_moved(tmp, exc)
            while left:
                tmp, target = left[0]
                try:
                    _replace(tmp, target, str(target))
                    written.append(str(target))
                except FileOpen as exc:  # the operating system refused it (Windows: open in Excel)
                    not_moved(tmp, exc)
                left.pop(0)
        except BaseException as exc:  # a refusal, a Ctrl-C, a signal: what is not moved yet is removed
            for tmp, _target in left:
                with contextlib.suppress(OSError):
                    os.unlink(tmp)
            done = f" (written: {', '.join(written)})" if written else ""
            if isinstance(exc, UserError) and done:
                raise UserError(exc.source, exc.where, exc.problem + done) from None
            if not isinstance(exc, OSError):
                raise
            raise UserError(str(left[0][1]) if left else "", "", _reason(exc) + done) from None
        if opened:
            raise opened[0].besides(opened[1:], written)
    finally:
        _HELD[:] = [h for h in _HELD if h is not held]  # by identity: two empty lists are equal
        _OPENED[:] = [o for o in _OPENED if o is not opened]
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
