"""mpxl: matchpoint scoring for contract bridge in spreadsheets.

The pure scoring core (standard library only: no xlwings, openpyxl or file I/O, and no import
inside a function) is the modules ``methods``, ``matchpoints``, ``adjustments``, ``fouled``,
``board``, ``rounding``, ``contract``, ``event``, ``pairings``, ``session``, ``settings``,
``conventions``, ``inference`` and ``study``; ``udfs`` holds the Excel functions,
``formats`` the file readers and writers, ``workbook`` the openpyxl side, ``charts`` and
``report_html`` the pictures and pages, and ``cli`` and ``commands`` the ``mpxl`` command.
tests/test_architecture.py checks the shape: no import circle, the core importing only the
core and the standard library, no private name imported from another module.
"""

__version__ = "0.1.0"
