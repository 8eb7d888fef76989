"""A Microsoft Access (Jet 3 / Jet 4) database read in pure Python: only the tables and columns asked for.

The tablets' database (``.bws``) is an Access 97 (Jet 3) or 2000 (Jet 4) file. This reader needs
nothing installed (it is the reader a Windows PC without mdbtools uses) and is bounded by the file:
a table's pages are read a bounded number of times, every chain of pages (a table's definition, a long
text) is followed at most once per page, so a damaged file gives an error, never a loop.

The layout (pages of 2,048 bytes in Jet 3, 4,096 in Jet 4; the catalog ``MSysObjects`` on page 2;
a table's definition page lists its columns and points to a usage map naming its data pages; a
row holds its column count, the fixed-length columns, the variable-length ones, their offsets
and a null mask) is the one mdbtools' HACKING notes describe. Values come back as Python values
(``int``, ``float``, ``str``, ``bool``, ``datetime.datetime``, ``bytes``; ``None`` for a null).

>>> JetFile.version_of(b"\\x00\\x01\\x00\\x00Standard Jet DB\\x00" + bytes(5))
3
"""

from __future__ import annotations

import codecs
import datetime
import os
import struct
from collections.abc import Callable, Sequence
from dataclasses import dataclass

__all__ = ["JetFile", "JetError", "Column"]

_EPOCH = datetime.datetime(1899, 12, 30)
_DELETED, _OVERFLOW, _OFFSET = 0x8000, 0x4000, 0x1FFF
_FIXED_SIZES = {1: 0, 2: 1, 3: 2, 4: 4, 5: 8, 6: 4, 7: 8, 8: 8, 15: 16, 16: 17}
_TEXT, _MEMO = 10, 12


class JetError(ValueError):
    """The file is not laid out as an Access database should be (damaged, or half-written)."""


@dataclass(frozen=True)
class Column:
    """A column of a table's definition."""

    name: str
    type: int
    number: int  # its place in the row's null mask
    var_number: int  # its place among the variable-length columns
    fixed: bool
    fixed_offset: int
    length: int


class JetFile:
    """The database in ``data`` (the file's bytes); ``deadline`` (a function raising when the read has
    taken too long) is called once per page read.

    :meth:`tables` lists the user tables; :meth:`rows` reads one table (only ``columns`` when given).
    Raises :class:`JetError` for anything the layout does not allow.
    """

    def __init__(self, data: bytes, deadline: Callable[[], None] = lambda: None) -> None:
        self.data = data
        self.deadline = deadline
        self.jet = self.version_of(data)
        self.page_size = 2048 if self.jet == 3 else 4096
        self.pages = len(data) // self.page_size
        self.encoding = "utf-16-le"
        if self.jet == 3:
            charset = os.environ.get("MDB_JET3_CHARSET") or "cp1252"
            try:
                self.encoding = codecs.lookup(charset).name
            except LookupError:
                self.encoding = "cp1252"
        self._catalog: dict[str, int] | None = None

    @staticmethod
    def version_of(data: bytes) -> int:
        """3 for Jet 3 (Access 97), 4 for Jet 4 and later (Access 2000 onwards, ACE)."""
        if len(data) < 0x15 or data[4:19] not in (b"Standard Jet DB", b"Standard ACE DB"):
            raise JetError("not a Microsoft Access database")
        return 3 if data[0x14] == 0 else 4

    # ------------------------------------------------------------------------------ pages and rows

    def page(self, number: int) -> bytes:
        if not 0 < number < self.pages:
            raise JetError(f"a pointer to page {number} (the file has {self.pages})")
        self.deadline()
        start = number * self.page_size
        return self.data[start:start + self.page_size]

    def _row_bounds(self, page: bytes) -> list[tuple[int, int, int]]:
        """(flags, start, end) of each row of a data page."""
        if page[0] != 1:
            raise JetError(f"page type {page[0]} where a data page (1) was expected")
        at = 8 if self.jet == 3 else 12
        count = struct.unpack_from("<H", page, at)[0]
        if at + 2 + 2 * count > len(page):
            raise JetError(f"a data page with {count} rows")
        out = []
        end = len(page)
        for i in range(count):
            raw = struct.unpack_from("<H", page, at + 2 + 2 * i)[0]
            start = raw & _OFFSET
            if not at + 2 + 2 * count <= start <= end:
                if raw & _DELETED:
                    end = min(end, max(start, at + 2 + 2 * count))
                    continue
                raise JetError(f"a row from byte {start} to {end} of its page")
            out.append((raw & (_DELETED | _OVERFLOW), start, end))
            end = start
        return out

    def _row_at(self, pointer: int) -> bytes:
        """The row a row pointer (page << 8 | row) names, whatever its flags."""
        page = self.page(pointer >> 8)
        slots = self._all_bounds(page)
        index = pointer & 0xFF
        if index >= len(slots):
            raise JetError(f"a pointer to row {index} of page {pointer >> 8}")
        _flags, start, end = slots[index]
        return page[start:end]

    def _all_bounds(self, page: bytes) -> list[tuple[int, int, int]]:
        """Every row slot of a data page, deleted ones included (a pointer may name one)."""
        at = 8 if self.jet == 3 else 12
        count = struct.unpack_from("<H", page, at)[0]
        out, end = [], len(page)
        for i in range(min(count, (len(page) - at - 2) // 2)):
            raw = struct.unpack_from("<H", page, at + 2 + 2 * i)[0]
            start = min(raw & _OFFSET, end)
            out.append((raw & (_DELETED | _OVERFLOW), start, end))
            end = start
        return out

    # ------------------------------------------------------------------------------ table definitions

    def _definition(self, tdef: int) -> bytes:
        """A table's definition, its pages joined (each next page without its 8-byte header)."""
        seen: set[int] = set()
        out = b""
        number = tdef
        while number:
            if number in seen:
                raise JetError(f"the definition of the table on page {tdef} loops")
            seen.add(number)
            page = self.page(number)
            if page[0] != 2:
                raise JetError(f"page {number} is not a table definition (type {page[0]})")
            out += page if not out else page[8:]
            number = struct.unpack_from("<I", page, 4)[0]
        return out

    def columns(self, tdef: int) -> tuple[list[Column], int, int]:
        """A table's columns (in their order), its row count and its usage map's row pointer."""
        d = self._definition(tdef)
        try:
            if self.jet == 3:
                rows = struct.unpack_from("<I", d, 12)[0]
                ncols, nidx = struct.unpack_from("<H", d, 25)[0], struct.unpack_from("<I", d, 31)[0]
                usage = struct.unpack_from("<I", d, 35)[0]
                at, entry, name_len = 43 + 8 * nidx, 18, 1
            else:
                rows = struct.unpack_from("<I", d, 16)[0]
                ncols, nidx = struct.unpack_from("<H", d, 45)[0], struct.unpack_from("<I", d, 51)[0]
                usage = struct.unpack_from("<I", d, 55)[0]
                at, entry, name_len = 63 + 12 * nidx, 25, 2
            raw = []
            for i in range(ncols):
                p = at + entry * i
                kind = d[p]
                q = p + (5 if self.jet == 4 else 1)
                number, var_number = struct.unpack_from("<HH", d, q)
                flags = d[p + (15 if self.jet == 4 else 13)]
                fixed_offset, length = struct.unpack_from("<HH", d, p + entry - 4)
                raw.append((kind, number, var_number, bool(flags & 1), fixed_offset, length))
            p = at + entry * ncols
            names = []
            for _ in range(ncols):
                n = d[p] if name_len == 1 else struct.unpack_from("<H", d, p)[0]
                text = d[p + name_len:p + name_len + n]
                if len(text) != n:
                    raise JetError("a column name beyond the table's definition")
                names.append(text.decode(self.encoding, "replace"))
                p += name_len + n
        except (struct.error, IndexError):
            raise JetError(f"the definition of the table on page {tdef} is cut short") from None
        cols = [Column(name, *r) for name, r in zip(names, raw)]
        return cols, rows, usage

    def _data_pages(self, tdef: int, usage: int) -> list[int]:
        """The data pages of the table defined on page ``tdef``, from its usage map."""
        umap = self._row_at(usage)
        if not umap:
            raise JetError("an empty usage map")
        found: list[int] = []
        if umap[0] == 0:
            first = struct.unpack_from("<I", umap, 1)[0]
            found = [first + i for i in _bits(umap[5:])]
        elif umap[0] == 1:
            per_page = (self.page_size - 4) * 8
            for k in range(len(umap[1:]) // 4):
                map_page = struct.unpack_from("<I", umap, 1 + 4 * k)[0]
                if map_page:
                    found += [k * per_page + i for i in _bits(self.page(map_page)[4:])]
        else:
            raise JetError(f"a usage map of type {umap[0]}")
        out = []
        for number in found:
            if 0 < number < self.pages:
                page = self.page(number)
                if page[0] == 1 and struct.unpack_from("<I", page, 4)[0] == tdef:
                    out.append(number)
        return out

    # ------------------------------------------------------------------------------ the catalog

    def catalog(self) -> dict[str, int]:
        """The user tables: name -> the page of its definition."""
        if self._catalog is None:
            out: dict[str, int] = {}
            for row in self._read(2, ("Id", "Name", "Type", "Flags")):
                name, kind, flags, ident = row["Name"], row["Type"], row["Flags"] or 0, row["Id"]
                if kind == 1 and isinstance(name, str) and isinstance(ident, int) and isinstance(flags, int):
                    if not name.startswith("MSys") and not flags & 0x80000002:
                        out[name] = ident & 0x00FFFFFF
            self._catalog = out
        return self._catalog

    def tables(self) -> list[str]:
        return list(self.catalog())

    def rows(self, table: str, columns: Sequence[str] | None = None) -> list[dict[str, object]]:
        """The rows of ``table`` (only ``columns``, any case, when given; those it lacks left out)."""
        tdef = self.catalog().get(table)
        if tdef is None:
            raise JetError(f"no table {table}")
        return self._read(tdef, columns)

    def _read(self, tdef: int, wanted: Sequence[str] | None) -> list[dict[str, object]]:
        cols, count, usage = self.columns(tdef)
        if wanted is not None:
            keep = {w.lower() for w in wanted}
            cols = [c for c in cols if c.name.lower() in keep]
        out = []
        for number in self._data_pages(tdef, usage):
            page = self.page(number)
            for flags, start, end in self._row_bounds(page):
                if flags & _DELETED:
                    continue
                row = page[start:end]
                if flags & _OVERFLOW:
                    if len(row) < 4:
                        raise JetError(f"an overflow row of {len(row)} bytes on page {number}")
                    row = self._row_at(struct.unpack_from("<I", row)[0])
                out.append(self._crack(row, cols))
        if len(out) != count:
            raise JetError(f"{len(out)} rows found where the table's definition says {count}")
        return out

    # ------------------------------------------------------------------------------ one row

    def _crack(self, row: bytes, cols: list[Column]) -> dict[str, object]:
        """A row's values by column name."""
        try:
            return self._crack_checked(row, cols)
        except (struct.error, IndexError):
            raise JetError(f"a row of {len(row)} bytes cut short") from None

    def _crack_checked(self, row: bytes, cols: list[Column]) -> dict[str, object]:
        n = len(row)
        width = 1 if self.jet == 3 else 2
        row_cols = row[0] if self.jet == 3 else struct.unpack_from("<H", row, 0)[0]
        mask_size = (row_cols + 7) // 8
        mask = row[n - mask_size:]
        offsets = self._var_offsets(row, mask_size)
        out: dict[str, object] = {}
        for c in cols:
            byte, bit = divmod(c.number, 8)
            present = byte < len(mask) and bool(mask[byte] >> bit & 1)
            if c.type == 1:
                out[c.name] = present
                continue
            if not present:
                out[c.name] = None
                continue
            if c.fixed:
                size = _FIXED_SIZES.get(c.type, c.length)
                start = width + c.fixed_offset
                if c.number >= row_cols or start + size > n:
                    out[c.name] = None
                    continue
                out[c.name] = self._value(c, row[start:start + size])
            elif c.var_number + 1 < len(offsets):
                a, b = offsets[c.var_number], offsets[c.var_number + 1]
                if not 0 <= a <= b <= n:
                    raise JetError(f"column {c.name!r}: bytes {a}-{b} of a row of {n}")
                out[c.name] = self._value(c, row[a:b])
            else:
                out[c.name] = None
        return out

    def _var_offsets(self, row: bytes, mask_size: int) -> list[int]:
        """Where each variable-length column starts (and, last, where the data ends)."""
        n = len(row)
        if self.jet == 4:
            count = struct.unpack_from("<H", row, n - mask_size - 2)[0]
            if 2 * count + 4 + mask_size > n:
                raise JetError(f"a row of {n} bytes with {count} variable-length columns")
            return [struct.unpack_from("<H", row, n - mask_size - 4 - 2 * i)[0] for i in range(count + 1)]
        end = n - 1
        count = row[end - mask_size]
        jumps = end // 256
        ptr = end - mask_size - jumps - 1
        if (ptr - count) // 256 < jumps:
            jumps -= 1
        used = 0
        out = []
        for i in range(count + 1):
            while used < jumps and i == row[end - mask_size - used - 1]:
                used += 1
            if ptr - i < 0:
                raise JetError(f"a row of {n} bytes with {count} variable-length columns")
            out.append(row[ptr - i] + 256 * used)
        return out

    def _value(self, c: Column, raw: bytes) -> object:
        t = c.type
        if t == 2:
            return raw[0]
        if t in (3, 4):
            return int.from_bytes(raw, "little", signed=True)
        if t == 5:
            return int.from_bytes(raw, "little", signed=True) / 10000
        if t == 6:
            return struct.unpack("<f", raw)[0]
        if t == 7:
            return struct.unpack("<d", raw)[0]
        if t == 8:
            return _date(struct.unpack("<d", raw)[0])
        if t == _TEXT:
            return self._text(raw)
        if t == _MEMO:
            return self._text(self._memo(raw))
        return bytes(raw)

    def _text(self, raw: bytes) -> str:
        if self.jet == 3:
            return raw.decode(self.encoding, "replace")
        if raw[:2] == b"\xff\xfe":  # Jet 4's compressed text: one byte a character; a 0 byte switches
            out, compressed, i = [], True, 2
            while i < len(raw):
                if raw[i] == 0:
                    compressed = not compressed
                    i += 1
                elif compressed:
                    out.append(chr(raw[i]))
                    i += 1
                else:
                    out.append(raw[i:i + 2].decode("utf-16-le", "replace"))
                    i += 2
            return "".join(out)
        return raw.decode("utf-16-le", "replace")

    def _memo(self, raw: bytes) -> bytes:
        """A long text's bytes: inline, on one page, or on a chain of pages."""
        if len(raw) < 12:
            raise JetError(f"a long text's header of {len(raw)} bytes")
        length, pointer = struct.unpack_from("<II", raw)
        size = length & 0x3FFFFFFF
        if length & 0x80000000:
            return raw[12:12 + size]
        if length & 0x40000000:
            return self._row_at(pointer)[:size]
        out, seen = b"", set()
        while pointer and len(out) < size:
            if pointer in seen:
                raise JetError("a long text's pages loop")
            seen.add(pointer)
            part = self._row_at(pointer)
            if len(part) < 4:
                raise JetError("a long text's page cut short")
            pointer = struct.unpack_from("<I", part)[0]
            out += part[4:]
        return out[:size]


def _bits(mask: bytes) -> list[int]:
    """The indices of the set bits of ``mask``, low bit first.

    >>> _bits(bytes([0b101, 1]))
    [0, 2, 8]
    """
    return [8 * i + b for i, byte in enumerate(mask) if byte for b in range(8) if byte >> b & 1]


def _date(days: float) -> datetime.datetime | None:
    """An Access date (days since 1899-12-30, the fraction the time), to the second.

    >>> _date(38481.5)
    datetime.datetime(2005, 5, 9, 12, 0)
    """
    if days != days or abs(days) > 2_958_465:  # NaN, or beyond year 9999
        return None
    whole = int(days)
    seconds = round(abs(days - whole) * 86400)
    return _EPOCH + datetime.timedelta(days=whole, seconds=seconds)
