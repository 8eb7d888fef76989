"""Build the club template workbook: Setup, Travellers, Totals, Methods, Help, xlwings.conf.

The template is built from the rulebook (:mod:`mpxl.core.rules`) in four parts:

* :mod:`mpxl.workbook.layout`: where things sit (rows, columns, Setup cells, Help tables, names);
* :mod:`mpxl.workbook.formulas`: one short function per column, each rule from the rulebook;
* :mod:`mpxl.workbook.sheets`: the sheets, styles, notes, validation and defined names;
* :mod:`mpxl.workbook.helptext`: the words (Help sheet, Setup notes, each helper column's note).

What fills it is one record, :class:`~mpxl.workbook.inputs.Contents` (the Setup's :class:`Settings`, the lines,
boards and pairs), built once and passed down.

Every figure is a live formula that Excel 2010 and LibreOffice 7.x both evaluate (COUNTIFS,
SUMIFS, SUMPRODUCT, CHOOSE, INDEX/MATCH; no LET, XLOOKUP, FILTER, dynamic arrays), so it works
without the add-in. The Setup cells are defined names (``Scale``, ``Method``, ``N``, ``BoardTop``...).

:func:`build_template` makes an empty template; :func:`build_workbook` is the
general builder that :mod:`mpxl.workbook.event_writer` fills with an event, and
:func:`write_workbook` writes the same workbook to a file fast, at any size (the
data rows streamed into the file by :mod:`mpxl.workbook.stream`).

>>> wb = build_template(tables=3, boards=2)
>>> wb.sheetnames
['Setup', 'Travellers', 'Pairs', 'Totals', 'Methods', 'Working', 'Help', 'xlwings.conf']
>>> wb["Travellers"][f"{TRAVELLER_COLUMNS['ns_mp']}{FIRST_ROW}"].value[:4]
'=IF('
"""

from __future__ import annotations

import os
from collections import Counter
from collections.abc import Sequence
from dataclasses import replace
from typing import TYPE_CHECKING

from openpyxl import Workbook

from ..core.methods import Method
from ..core.rules import NOT_PLAYED_CODES
from ..core.settings import Field, RoundingKind, Scale
from . import static, stream
from .formulas import rounding_formula, setup_formulas
from .hands import hands_sheet
from .inputs import TEMPLATE_OPTIONS, Contents, PairRow, Settings, TemplateLine
from .layout import (
    AVE_POLICY_NAMES,
    FIELD_NAMES,
    FIRST_ROW,
    HEADER_ROW,
    MAIN_COLUMNS,
    MAX_DATA_ROWS,
    METHOD_NAMES,
    METHODS_LAYOUT,
    PAIRS_COLUMNS,
    ROUNDING_RULES,
    SETUP_CELLS,
    SETUP_NAMES,
    SMALL_GROUP_NAMES,
    TOTALS_COLUMNS,
    TRAVELLER_COLUMNS,
)
from .printing import print_boards_whole
from .sheets import (
    Sizes,
    define_names,
    kept_sheets,
    pairs_sheet,
    setup_sheet,
    totals_sheet,
    travellers_sheet,
)
from .stream import Block

if TYPE_CHECKING:
    from ..core.movement import Movement

__all__ = [
    "build_template",
    "template_contents",
    "write_template",
    "build_workbook",
    "write_workbook",
    "Contents",
    "TemplateLine",
    "Settings",
    "TRAVELLER_COLUMNS",
    "TOTALS_COLUMNS",
    "PAIRS_COLUMNS",
    "SETUP_CELLS",
    "SETUP_NAMES",
    "METHODS_LAYOUT",
    "FIRST_ROW",
    "HEADER_ROW",
    "MAX_DATA_ROWS",
    "METHOD_NAMES",
    "ROUNDING_RULES",
    "SMALL_GROUP_RULES",
    "AVE_POLICIES",
    "NOT_PLAYED_CODES",
    "rounding_formula",
    "number_formats",
]

#: Small fouled-group rules and Ave+/Ave- policies as the Setup drop-downs list them (the rulebook's).
SMALL_GROUP_RULES = SMALL_GROUP_NAMES
AVE_POLICIES = AVE_POLICY_NAMES


# ------------------------------------------------------------------------------ builders


def number_format(decimals: int | None) -> str:
    """The number format of a figure to ``decimals`` (None: as it is).

    >>> number_format(1), number_format(0), number_format(None)
    ('0.0', '0', 'General')
    """
    if decimals is None:
        return "General"
    return "0." + "0" * decimals if decimals else "0"


def number_formats(settings: Settings) -> dict[str, str]:
    """The number formats of the figures shown, at the event's decimals: a line's (the lines' rounding; as it is
    when exact), the totals' (the totals' rounding, else as the lines), the percentages' (Percentage decimals).

    >>> from mpxl.core.options import ScoringOptions
    >>> number_formats(Settings()), number_formats(Settings.of(rounding="1", rounding_totals="2", rounding_pct="0"))
    ({'line': '0.00', 'total': '0.00', 'pct': '0.00'}, {'line': '0.0', 'total': '0.00', 'pct': '0'})
    >>> number_formats(Settings(ScoringOptions(percentage_decimals=None)))
    {'line': 'General', 'total': 'General', 'pct': 'General'}
    """
    o = settings.options
    line, totals = o.rounding, o.totals_rounding or o.rounding
    return {"line": number_format(None if line.kind is RoundingKind.EXACT else line.decimals),
            "total": number_format(None if totals.kind is RoundingKind.EXACT else totals.decimals),
            "pct": number_format(o.percentage_decimals)}


def _build(contents: Contents, shells: bool = False) -> tuple[Workbook, list[Block], list[static.Shell]]:
    """The workbook of ``contents`` without the rows of its data blocks, and the blocks (see
    :mod:`mpxl.workbook.stream`), for :func:`build_workbook` and :func:`write_workbook` alike; ``shells``: the
    sheets that never depend on the event as shells, and those (:mod:`mpxl.workbook.static`)."""
    c, settings = contents, contents.settings
    sizes = Sizes(
        rows=max(c.rows, len(c.lines), 1),
        board_rows=max(c.board_rows, len(c.boards), 1),
        pair_rows=max(c.pair_rows, len(c.pairs), 1),
        by_board=c.by_board,
    )
    formats = number_formats(settings)
    wb = Workbook()
    wb.remove(wb.active)
    trav_last = FIRST_ROW + sizes.rows - 1
    blocks: list[Block] = []
    formulas = setup_formulas(settings.options.expected if c.by_board else None)
    setup_sheet(wb, settings, formulas)
    travellers_sheet(wb, c.lines, sizes, c.boards, blocks, formats)
    pairs_sheet(wb, c.pairs, sizes, blocks, formats)
    totals_sheet(wb, sizes, blocks, formats)
    args = (c.methods, settings.options.scale.number, c.boards[0] if c.boards else None)
    if not shells:
        kept_sheets(wb, *args)
    kept = static.add_shells(wb, *args) if shells else []
    # each board's traveller prints whole (the slips a club pins up): a page break between boards
    print_boards_whole(wb["Travellers"], ((ln.section, ln.session, ln.board) for ln in c.lines), "A",
                       TRAVELLER_COLUMNS[MAIN_COLUMNS[-1].key], HEADER_ROW, FIRST_ROW)
    if c.deals:  # the Hands sheet after Totals
        hands_sheet(wb, c.deals, c.analyses, wb.sheetnames.index("Totals") + 1)
    if c.movement is not None:
        from .movement_sheet import mark_travellers, movement_sheet

        movement_sheet(wb, c.movement)
        mark_travellers(wb, c.movement, trav_last)
    define_names(wb, trav_last, FIRST_ROW + sizes.pair_rows - 1, static.prepared().help_sizes if shells else None)
    wb.active = 1
    wb.calculation.fullCalcOnLoad = True
    return wb, blocks, kept


def build_workbook(contents: Contents) -> Workbook:
    """Build the workbook of ``contents`` (:class:`~mpxl.workbook.inputs.Contents`) in the template layout.

    >>> wb = build_workbook(Contents(Settings.of(method="Manual"), [TemplateLine(1, 1, 2, typed=420)], [1],
    ...                              [(1, "NS"), (2, "EW")]))
    >>> wb["Setup"]["B6"].value, wb["Travellers"]["A5"].value, wb["Pairs"]["B6"].value
    ('Manual', 1, 'EW')
    """
    wb, blocks, _ = _build(contents)
    for block in blocks:
        stream.fill(block)
    return wb


def write_workbook(path: str | os.PathLike[str], contents: Contents, macro_enabled: bool = False) -> None:
    """Write to ``path`` the workbook :func:`build_workbook` builds from ``contents``, fast,
    for any number of lines; ``macro_enabled``: with xlwings' VBA project
    (:func:`mpxl.workbook.classic.macro_enable`), for an ``.xlsm``.

    The same cells, formulas and styles; the traveller, per-board and pair rows are
    written straight into the file with each column's formula shared down the column
    (:mod:`mpxl.workbook.stream`), as Excel stores a filled-down column; the sheets that never depend on
    the event are written as made once (:mod:`mpxl.workbook.static`).
    """
    wb, blocks, kept = _build(contents, shells=static.KEEP)
    if macro_enabled:
        from .classic import macro_enable

        macro_enable(wb)
    stream.save(wb, blocks, path, kept)


def template_contents(
    tables: int = 15,
    boards: int = 36,
    movement: str = "mitchell",
    method: str | Method = Method.NEUBERG,
    scale: int | str | Scale = Scale.DOUBLE,
    lines: Sequence[TemplateLine] = (),
    settings: Settings | None = None,
    methods: tuple[int, int] = (9, 8),
    sections: int = 1,
    field: str | Field = Field.SECTION,
    schedule: Movement | None = None,
) -> Contents:
    """The :class:`~mpxl.workbook.inputs.Contents` of an empty club template
    for ``tables`` tables and ``boards`` boards (in each of ``sections`` sections, named A, B...;
    ``field`` is the Setup's Sections scored: section or event).

    The traveller rows are pre-numbered by board; in a Mitchell each row also
    carries its table's NS pair and Pairs lists NS 1..T and EW 1..T; in a
    Howell Pairs lists pairs 1..2T with no direction and Setup has one winner.
    With sections, every line, pair and per-board row carries its section. With a ``schedule``
    (:mod:`mpxl.core.movement`; one section) the travellers are laid out from it instead: a line per table
    that plays each board with its NS and EW pairs, its pairs on the Pairs sheet, its winners and
    title on the Setup, and a Movement sheet (:func:`laid_out_contents`).

    >>> template_contents(tables=2, boards=3).rows
    6
    >>> ws = build_template(tables=2, boards=3, movement="howell")["Pairs"]
    >>> [ws[f"A{r}"].value for r in range(5, 9)], ws["B5"].value
    ([1, 2, 3, 4], None)
    >>> wb = build_template(tables=2, boards=1, sections=2)
    >>> [(wb["Pairs"][f"A{r}"].value, wb["Pairs"][f"D{r}"].value) for r in (5, 9)], wb["Travellers"]["K7"].value
    ([(1, 'A'), (1, 'B')], 'B')
    """
    if schedule is not None:
        return laid_out_contents(schedule, method, scale, settings, methods, field)
    move = movement.strip().lower()
    if move not in ("mitchell", "howell"):
        raise ValueError(f"movement {movement!r} must be mitchell or howell")
    if tables < 1 or boards < 1:
        raise ValueError(f"tables {tables} and boards {boards} must be at least 1")
    if not 1 <= sections <= 26:
        raise ValueError(f"sections {sections} must be 1 to 26")
    kind = scale if isinstance(scale, Scale) else Scale.find(str(scale))
    if not isinstance(field, Field) and field not in FIELD_NAMES:
        raise ValueError(f"field {field!r} must be " + " or ".join(FIELD_NAMES))
    fld = Field.find(field)
    s = settings or Settings(TEMPLATE_OPTIONS.with_(method=Method.find(method), scale=kind,
                                                    winners=2 if move == "mitchell" else 1, field=fld))
    names = [chr(ord("A") + i) for i in range(sections)] if sections > 1 else [None]
    if not lines:
        lines = [TemplateLine(b, t if move == "mitchell" else None, section=sec) for sec in names
                 for b in range(1, boards + 1) for t in range(1, tables + 1)]
    pairs: list[PairRow]
    if move == "mitchell":
        pairs = [(p, d, None, sec) for sec in names for d in ("NS", "EW") for p in range(1, tables + 1)]
    else:
        pairs = [(p, None, None, sec) for sec in names for p in range(1, 2 * tables + 1)]
    block = [(b, sec, None) for sec in (names if fld is Field.SECTION else [None]) for b in range(1, boards + 1)]
    return Contents(s, lines, block, pairs, rows=tables * boards * len(names), methods=methods)


def laid_out_contents(schedule: Movement, method: str | Method = Method.NEUBERG,
                      scale: int | str | Scale = Scale.DOUBLE, settings: Settings | None = None,
                      methods: tuple[int, int] = (9, 8), field: str | Field = Field.SECTION) -> Contents:
    """:func:`template_contents` for the movement ``schedule``: the travellers laid out in board order.

    >>> from mpxl.core.movement import movement
    >>> c = laid_out_contents(movement("howell", 7, boards_per_round=3))
    >>> c.rows, len(c.pairs), c.settings.options.winners, c.settings.event
    (273, 14, 1, 'Howell, 7 tables, 13 rounds of 3 boards (39 boards), one winner')
    """
    from .movement_sheet import movement_lines

    kind = scale if isinstance(scale, Scale) else Scale.find(str(scale))
    s = settings or Settings(TEMPLATE_OPTIONS.with_(method=Method.find(method), scale=kind, winners=schedule.winners,
                                                    field=Field.find(field)), event=schedule.title)
    lines = movement_lines(schedule)
    plays = Counter(ln.board for ln in lines)
    if s.options.expected is None and plays:  # N: the most times the movement plays a board (issue 45)
        s = replace(s, options=s.options.with_(expected=max(plays.values())))
    pairs: list[PairRow] = [(int(p), d, None, None) for p, d in schedule.pairs()]
    block = [(b, None, None) for b in range(1, schedule.boards + 1)]
    return Contents(s, lines, block, pairs, rows=len(lines), methods=methods, movement=schedule, by_board=True)


def build_template(tables: int = 15, boards: int = 36, movement: str = "mitchell",
                   method: str | Method = Method.NEUBERG, scale: int | str | Scale = Scale.DOUBLE,
                   lines: Sequence[TemplateLine] = (), settings: Settings | None = None,
                   methods: tuple[int, int] = (9, 8), sections: int = 1,
                   field: str | Field = Field.SECTION) -> Workbook:
    """The empty club template of :func:`template_contents` (the same arguments), as an openpyxl Workbook."""
    return build_workbook(template_contents(tables, boards, movement, method, scale, lines, settings, methods,
                                            sections, field))


def write_template(path: str | os.PathLike[str], tables: int = 15, boards: int = 36, movement: str = "mitchell",
                   method: str | Method = Method.NEUBERG, scale: int | str | Scale = Scale.DOUBLE,
                   sections: int = 1, field: str | Field = Field.SECTION, macro_enabled: bool = False) -> None:
    """Write the empty club template of :func:`template_contents` to ``path`` as :func:`write_workbook`
    writes (each column's formula shared down the column; ``macro_enabled``: xlwings' VBA project inside).

    >>> import os, tempfile
    >>> path = os.path.join(tempfile.mkdtemp(), "t.xlsx")
    >>> write_template(path, tables=2, boards=1)
    >>> from openpyxl import load_workbook
    >>> load_workbook(path)["Travellers"]["A6"].value
    1
    """
    write_workbook(path, template_contents(tables, boards, movement, method, scale, sections=sections, field=field),
                   macro_enabled)
