"""The workbook: written (:mod:`.template`, :mod:`.event_writer`), read back (:mod:`.reader`) and kept
(:mod:`.keep`). Importing the layer registers its reader and writer in the tables of :mod:`mpxl.formats`
(:data:`~mpxl.formats.READERS`, :data:`~mpxl.formats.WRITERS`), declared here, in the layer that owns them;
openpyxl is imported only when a workbook is read or written.

>>> from mpxl.formats import READERS, WRITERS
>>> READERS["xlsx"], WRITERS["xlsx"].module, next(iter(WRITERS))
(('mpxl.workbook.reader', 'read_workbook'), 'mpxl.workbook.event_writer', 'xlsx')
"""

from __future__ import annotations

from ..formats import Writer, register

register("xlsx", reader=("mpxl.workbook.reader", "read_workbook"),
         writer=Writer("Excel workbook", (".xlsx",), "mpxl.workbook.event_writer", "write_xlsx", columns=False,
                       scored=True), first=True)
