"""mpxl: matchpoint scoring for contract bridge in spreadsheets.

The pure scoring core (no xlwings, openpyxl or file I/O) lives in the modules
``methods``, ``matchpoints``, ``adjustments``, ``fouled``, ``board``,
``rounding``, ``contract`` and ``session``; ``udfs`` holds the Excel functions,
``formats`` the file readers and writers, ``workbook`` the openpyxl side and
``cli`` the ``mpxl`` command.
"""

__version__ = "0.1.0"
