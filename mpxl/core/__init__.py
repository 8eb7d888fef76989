"""The scoring core: the rules, the event model and the scorer, in pure Python.

Standard library only: no xlwings, openpyxl or file I/O, and no import inside a function
(tests/test_architecture.py checks it). Every adapter of :mod:`mpxl` (the readers and writers in
:mod:`mpxl.formats`, the workbook in :mod:`mpxl.workbook`, the Excel functions in :mod:`mpxl.udfs`,
the command in :mod:`mpxl.cli`) calls into this package and nothing here calls out.
"""
