"""The sheets that never depend on the event (Methods, Working, Help, xlwings.conf), made once per version.

Built cell by cell with openpyxl they cost more than the rest of a club's workbook (about 6,000 cells of
formulas and text), and all that changes from one event to the next is a handful of typed cells: the
Methods sheet's N, n and scale, the Working sheet's board, section and session (:func:`inputs`). So the
builders of :mod:`mpxl.workbook.sheets` make them once, in a workbook of their own, and what openpyxl writes
of each is kept (:class:`Prepared`): its worksheet part, split at each cell's style and at each typed cell;
the style tables as the builders leave them; and what the package holds outside the part (the print area
and titles, the notes, the chart). It is kept in the process and in a file of the user's cache folder
(:func:`cache_folder`), keyed by mpxl's sources and openpyxl's version, and made again when that file is
missing, damaged or of another key.

A workbook written (:func:`mpxl.workbook.template.write_workbook`) then holds each such sheet as a shell
(:func:`add_shells`): a sheet of that title with only what lives outside its part, which openpyxl writes
into the package (its notes, chart, print area and names) while :func:`mpxl.workbook.stream.save` writes
the kept part in place of the shell's. The file is byte for byte the one built cell by cell (the dates
aside): the kept style tables are added to the workbook's in the order the builders add them, each cell's
style is numbered where openpyxl numbers it, and the typed cells are written as openpyxl writes them
(tests/test_static_sheets.py compares the two ways).
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import sys
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import openpyxl
from openpyxl import Workbook
from openpyxl.comments import Comment
from openpyxl.styles import Alignment, Border, Font, Protection
from openpyxl.styles.cell_style import StyleArray
from openpyxl.styles.fills import Fill
from openpyxl.styles.numbers import BUILTIN_FORMATS_MAX_SIZE
from openpyxl.xml.functions import fromstring, tostring

from ..formats.textsafe import xlsx_text
from .layout import METHODS_LAYOUT
from .sheets import add_methods_chart, help_table_sizes, kept_sheets
from .stream import escape, stored_package, tail
from .working import WORKING_CELLS, shown_board

if TYPE_CHECKING:
    from openpyxl.worksheet.worksheet import Worksheet

    from .inputs import BoardRow

__all__ = ["TITLES", "Prepared", "Shell", "inputs", "add_shells", "prepared", "prepare", "cache_folder",
           "cache_file", "KEEP"]

#: The sheets kept, in the order the workbook holds them (one after the other).
TITLES = ("Methods", "Working", "Help", "xlwings.conf")
#: Build the sheets cell by cell on every write instead (the reference tests/test_static_sheets.py compares with).
KEEP = True
#: The kept file's format (a change to what it holds makes the old files unread).
FORMAT = 1
#: What each sheet's shell holds beside its notes, print area and titles: the Methods sheet's chart.
_FRAMES: dict[str, Callable[[Worksheet], None]] = {"Methods": add_methods_chart}
#: The workbook's style tables a cell style numbers into, in :class:`StyleArray`'s order, and how each
#: table's entry is read back from its XML (number formats are kept as their codes).
_TABLES: tuple[tuple[str, Callable[[Any], Any] | None], ...] = (
    ("_fonts", Font.from_tree), ("_fills", Fill.from_tree), ("_borders", Border.from_tree),
    ("_number_formats", None), ("_protections", Protection.from_tree), ("_alignments", Alignment.from_tree))
#: The order of a StyleArray's numbers that point into those tables (the three after them are flags).
_FONT, _FILL, _BORDER, _FORMAT, _PROTECTION, _ALIGNMENT = range(6)
#: A code name the kept sheets carry while they are made, where the shell's own goes (a macro-enabled
#: workbook's ``Sheet5``...; none, and the attribute goes).
_CODE_NAME = "mpxlCodeName"


def inputs(methods: tuple[int, int], scale: int | str, board: BoardRow | None) -> dict[str, dict[str, object]]:
    """Each kept sheet's typed cells (the event's part of it): sheet -> cell -> value.

    >>> inputs((9, 8), 2, (3, "B", None))["Working"]
    {'B3': 3, 'B4': 'B', 'B5': None}
    """
    L = METHODS_LAYOUT
    shown = shown_board(board)
    return {"Methods": {L["N"]: methods[0], L["n"]: methods[1], L["scale"]: scale},
            "Working": {WORKING_CELLS[k]: v for k, v in zip(("board", "section", "session"), shown)}}


# ------------------------------------------------------------------------------ what is kept


@dataclass(frozen=True)
class Sheet:
    """One kept sheet: ``part`` its worksheet part as pieces (a text, a cell style's number in ``styles``,
    or ``[cell]``: that typed cell's contents), ``styles`` its cells' styles as the builders' tables number
    them (:class:`StyleArray`'s nine numbers, in the order openpyxl numbers them); its print area and title
    rows and columns; its notes (cell, text, author, width, height)."""

    title: str
    part: list[str | int | list[str]]
    styles: list[list[int]]
    print_area: str | None
    print_rows: str | None
    print_cols: str | None
    notes: list[tuple[str, str, str, int, int]]


@dataclass(frozen=True)
class Prepared:
    """The kept sheets (:class:`Sheet`, in :data:`TITLES`' order), the style tables as their builders
    leave them in a new workbook (table -> entries, openpyxl's objects; number formats as codes), and how
    many rows each Help table has (the workbook's names of them: :func:`mpxl.workbook.sheets.define_names`)."""

    sheets: list[Sheet]
    tables: dict[str, list[Any]]
    help_sizes: dict[str, int]


#: A cell's start with its style: its reference and the style's number.
_STYLED = re.compile(r'<c r="([A-Z]+[0-9]+)" s="([0-9]+)"')


def _cell(ref: str) -> re.Pattern[str]:
    """The whole XML of cell ``ref`` with a style (``<c r=".." s=".."/>`` or ``<c ...>...</c>``)."""
    return re.compile(rf'<c r="{ref}" s="([0-9]+)"(?:[^>]*?/>|[^>]*>.*?</c>)', re.S)


def _split(xml: str, typed: Sequence[str], numbered: list[StyleArray], scratch: Sequence[StyleArray]) -> list[Any]:
    """``xml`` (a sheet's part as openpyxl wrote it in the scratch workbook) as pieces: the texts between
    the cells' styles, each style's number in ``numbered`` (its entry added there, ``scratch`` being the
    scratch workbook's cell styles), each ``typed`` cell as ``[ref]`` after its style."""
    if xml.count(' s="') != len(_STYLED.findall(xml)) or ' style="' in xml:
        raise ValueError("a kept sheet styles something other than its cells (a row or a column)")
    for ref in typed:  # a typed cell: its start and style kept, its contents (what follows) filled in
        found = list(_cell(ref).finditer(xml))
        if len(found) != 1:
            raise ValueError(f"the kept sheet's typed cell {ref} is not one styled cell")
        m = found[0]
        xml = f'{xml[:m.start()]}<c r="{ref}" s="{m[1]}"\0{ref}\0{xml[m.end():]}'
    local: dict[int, int] = {}
    pieces: list[Any] = []
    at = 0
    for m in _STYLED.finditer(xml):
        index = int(m[2])
        if index not in local:
            local[index] = len(numbered)
            numbered.append(scratch[index])
        pieces += [xml[at:m.start(2)], local[index]]
        at = m.end(2)
    pieces.append(xml[at:])
    out: list[Any] = []
    for piece in pieces:
        if isinstance(piece, str) and "\0" in piece:
            for i, text in enumerate(piece.split("\0")):
                out.append([text] if i % 2 else text)
        else:
            out.append(piece)
    return out


def prepare() -> Prepared:
    """Build the kept sheets in a workbook of their own and keep what openpyxl writes of them."""
    wb = Workbook()  # its first sheet stays, and stays the active one: no kept sheet is the selected one
    kept_sheets(wb, (9, 8), 2, None)
    typed = inputs((9, 8), 2, None)
    sheets = [wb[title] for title in TITLES]
    for ws in sheets:
        if ws._images or ws._hyperlinks or ws.tables or list(ws.conditional_formatting) or (
                bool(ws._charts) != (ws.title in _FRAMES)):
            raise ValueError(f"the kept sheet {ws.title} holds what its shell does not make")
        ws.sheet_properties.codeName = _CODE_NAME
    with stored_package(wb) as package:
        parts = {ws.title: package.read(ws.path[1:]).decode("utf-8") for ws in sheets}
    scratch = list(wb._cell_styles)
    kept = []
    for ws in sheets:
        numbered: list[StyleArray] = []
        part = _split(parts[ws.title], list(typed.get(ws.title, {})), numbered, scratch)
        notes = [(c.coordinate, c.comment.text, c.comment.author, int(c.comment.width), int(c.comment.height))
                 for _, c in sorted(ws._cells.items()) if c.comment is not None]
        kept.append(Sheet(ws.title, part, [list(st) for st in numbered], ws._print_area and ws.print_area or None,
                          ws.print_title_rows, ws.print_title_cols, notes))
    tables = {name: list(getattr(wb, name)) for name, _ in _TABLES}
    return Prepared(kept, tables, help_table_sizes())


# ------------------------------------------------------------------------------ the file


def cache_folder() -> str | None:
    """The user's cache folder for mpxl: ``MPXL_CACHE`` if set (empty: none, nothing kept on disk), else
    the platform's (``%LOCALAPPDATA%\\mpxl``, ``~/Library/Caches/mpxl``, ``$XDG_CACHE_HOME/mpxl`` or
    ``~/.cache/mpxl``).

    >>> os.environ["MPXL_CACHE"] = ""; cache_folder() is None
    True
    >>> del os.environ["MPXL_CACHE"]
    """
    set_ = os.environ.get("MPXL_CACHE")
    if set_ is not None:
        return set_ or None
    if sys.platform == "win32":
        base = os.environ.get("LOCALAPPDATA") or os.path.join(os.path.expanduser("~"), "AppData", "Local")
    elif sys.platform == "darwin":
        base = os.path.join(os.path.expanduser("~"), "Library", "Caches")
    else:
        base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return os.path.join(base, "mpxl")


def _sources() -> str:
    """The folder of mpxl's sources (the package this module is in)."""
    return os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def key() -> str:
    """What the kept sheets depend on: the file's format, openpyxl's version, and each of mpxl's source files
    (its name, size and time; the version is in ``__init__.py``): a digest."""
    h = hashlib.sha256(f"{FORMAT} {openpyxl.__version__} {sys.version_info[:2]}".encode())
    root = _sources()
    for folder, dirs, files in os.walk(root):
        dirs[:] = sorted(d for d in dirs if not d.startswith(("__", ".")))
        for name in sorted(files):
            if name.endswith(".py"):
                st = os.stat(os.path.join(folder, name))
                h.update(f"{os.path.relpath(os.path.join(folder, name), root)} {st.st_size} {st.st_mtime_ns}\n"
                         .encode())
    return h.hexdigest()


def cache_file() -> str | None:
    """The file the kept sheets of these sources are kept in (one an installation), or None."""
    folder = cache_folder()
    if folder is None:
        return None
    where = hashlib.sha256(_sources().encode()).hexdigest()[:16]
    return os.path.join(folder, f"static-sheets-{where}.json")


def _to_file(p: Prepared, key_: str) -> bytes:
    tables = {name: [str(e) if read is None else tostring(e.to_tree()).decode() for e in p.tables[name]]
              for name, read in _TABLES}
    body = json.dumps({"sheets": [vars(s) for s in p.sheets], "tables": tables, "help_sizes": p.help_sizes},
                      separators=(",", ":")).encode()
    return f"{key_} {hashlib.sha256(body).hexdigest()}\n".encode() + body


def _from_file(data: bytes, key_: str) -> Prepared | None:
    """The kept sheets in ``data`` (a file :func:`_to_file` wrote), or None if they are of another key or the
    file is damaged (its digest, or what it holds, wrong)."""
    head, _, body = data.partition(b"\n")
    if head.split() != [key_.encode(), hashlib.sha256(body).hexdigest().encode()]:
        return None
    try:
        doc = json.loads(body)
        sheets = [Sheet(s["title"], s["part"], s["styles"], s["print_area"], s["print_rows"], s["print_cols"],
                        [tuple(n) for n in s["notes"]]) for s in doc["sheets"]]
        tables = {name: [e if read is None else read(fromstring(e)) for e in doc["tables"][name]]
                  for name, read in _TABLES}
        help_sizes = {str(k): int(v) for k, v in doc["help_sizes"].items()}
    except (ValueError, KeyError, TypeError, IndexError, AttributeError):
        return None
    if [s.title for s in sheets] != list(TITLES):
        return None
    return Prepared(sheets, tables, help_sizes)


_prepared: Prepared | None = None


def prepared() -> Prepared:
    """The kept sheets: made once a process, read from the cache file where it holds them (written there,
    whole or not at all, where it does not; a folder that cannot be written is no error)."""
    global _prepared
    if _prepared is not None:
        return _prepared
    path, key_ = cache_file(), key()
    found = None
    if path is not None:
        try:
            with open(path, "rb") as f:
                found = _from_file(f.read(), key_)
        except OSError:
            found = None
    if found is None:
        found = prepare()
        if path is not None:
            _write(path, _to_file(found, key_))
    _prepared = found
    return found


def _write(path: str, data: bytes) -> None:
    tmp = f"{path}.{os.getpid()}.tmp"
    try:
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(tmp, "wb") as f:
            f.write(data)
        os.replace(tmp, path)
    except OSError:
        pass
    finally:
        if os.path.exists(tmp):
            os.remove(tmp)


# ------------------------------------------------------------------------------ the shells


@dataclass(eq=False)
class Shell:
    """A kept sheet in a workbook (see :class:`mpxl.workbook.stream.Kept`): its shell ``ws``, the kept sheet,
    its cells' styles in that workbook's tables, and its typed cells' values."""

    ws: Worksheet
    sheet: Sheet
    numbered: list[StyleArray]
    typed: dict[str, object]

    def styles(self) -> Iterator[StyleArray]:
        return iter(self.numbered)

    def part(self, style_id: Callable[[StyleArray], int]) -> str:
        ids = [str(style_id(st)) for st in self.numbered]
        out = []
        for piece in self.sheet.part:
            if isinstance(piece, str):
                out.append(piece)
            elif isinstance(piece, int):
                out.append(ids[piece])
            else:
                out.append(_contents(self.typed[piece[0]]))
        xml = "".join(out)
        code = self.ws.sheet_properties.codeName
        return xml.replace(f' codeName="{_CODE_NAME}"', f' codeName="{code}"' if code else "", 1)


def _contents(value: object) -> str:
    """What follows a typed cell's style, as openpyxl writes it (:func:`mpxl.workbook.sheets` types it with
    :func:`mpxl.formats.textsafe.as_text_cell`): an empty cell as an element with nothing in it.

    >>> _contents(None), _contents(" B"), _contents(3)
    (' t="n"></c>', ' t="inlineStr"><is><t xml:space="preserve"> B</t></is></c>', ' t="n"><v>3</v></c>')
    """
    if value is None:
        return ' t="n"></c>'
    if isinstance(value, str):
        text = xlsx_text(value)
        if not text:
            return ' t="inlineStr"></c>'
        space = ' xml:space="preserve"' if text != text.strip() else ""
        return f' t="inlineStr"><is><t{space}>{escape(text)}</t></is></c>'
    return tail(value)


def add_shells(wb: Workbook, methods: tuple[int, int], scale: int | str, board: BoardRow | None) -> list[Shell]:
    """The kept sheets' shells added to ``wb`` where :func:`mpxl.workbook.sheets.kept_sheets` would build them
    (the arguments are its), their styles added to ``wb``'s tables as the builders add them; for
    :func:`mpxl.workbook.stream.save`."""
    p = prepared()
    index: list[list[int]] = []
    for name, _ in _TABLES:  # the builders' entries, in their order: where each is in wb's table
        table = getattr(wb, name)
        index.append([table.add(e) for e in p.tables[name]])

    def numbered(st: list[int]) -> StyleArray:
        out = list(st)
        for t in (_FONT, _FILL, _BORDER, _PROTECTION, _ALIGNMENT):
            out[t] = index[t][st[t]]
        if st[_FORMAT] >= BUILTIN_FORMATS_MAX_SIZE:  # a format of its own (a built-in one is numbered alike)
            out[_FORMAT] = BUILTIN_FORMATS_MAX_SIZE + index[_FORMAT][st[_FORMAT] - BUILTIN_FORMATS_MAX_SIZE]
        return StyleArray(out)

    typed = inputs(methods, scale, board)
    shells = []
    for sheet in p.sheets:
        ws = wb.create_sheet(sheet.title)
        if sheet.print_area:
            ws.print_area = sheet.print_area
        ws.print_title_rows = sheet.print_rows
        ws.print_title_cols = sheet.print_cols
        for ref, text, author, width, height in sheet.notes:
            ws[ref].comment = Comment(text, author, width=width, height=height)
        frame = _FRAMES.get(sheet.title)
        if frame is not None:
            frame(ws)
        shells.append(Shell(ws, sheet, [numbered(st) for st in sheet.styles], typed.get(sheet.title, {})))
    return shells
