"""Set before anything imports xlwings: its server mode lets the tests call the Excel functions
through xlwings' own conversion layer without Excel (see DESIGN.md section 6)."""

import os

os.environ.setdefault("XLWINGS_ON_SERVER", "true")
os.environ.setdefault("XLWINGS_LICENSE_KEY", "noncommercial")
