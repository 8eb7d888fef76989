"""Inside Pyodide: load each route's main.py the way xlwings Lite does and call the functions.

xlwings Lite runs its main.py and registers the decorated functions it finds in that module's
namespace; a cell's call reaches ``xlwings.server.custom_functions_call`` with the Office.js
payload. /mnt/site holds the unpacked pure xlwings wheel, /mnt/work/cases.json the routes
(folder of a main.py, and the folders put on sys.path after it) and payloads.
"""

import importlib
import inspect
import json
import os
import sys

os.environ["XLWINGS_ON_SERVER"] = "true"  # as in Lite: xlwings.func is the Office.js decorator
os.environ["XLWINGS_LICENSE_KEY"] = "noncommercial"
sys.path.insert(0, "/mnt/site")

import xlwings  # noqa: E402
import xlwings.server as xs  # noqa: E402

with open("/mnt/work/cases.json", encoding="utf-8") as f:
    cases = json.load(f)

out = {"python": sys.version.split()[0], "platform": sys.platform, "xlwings": xlwings.__version__, "routes": {}}
for route in cases["routes"]:
    for name in [m for m in sys.modules if m == "main" or m == "mpxl" or m.startswith("mpxl.")]:
        del sys.modules[name]
    sys.meta_path[:] = [f for f in sys.meta_path if type(f).__name__ != "_MpxlSources"]  # a fresh workbook
    extra = [route["folder"]] + route["paths"]
    sys.path[:0] = extra
    try:
        main = importlib.import_module("main")
        meta = xs.custom_functions_meta(main)
        results = []
        for payload in cases["payloads"]:
            got = xs.custom_functions_call(payload, main)
            results.append(await got if inspect.isawaitable(got) else got)  # noqa: F704 (top-level await in Pyodide)
        out["routes"][route["name"]] = {
            "functions": sorted(f["name"] for f in meta["functions"]),
            "mpxl_from": type(sys.modules["mpxl"].__spec__.loader).__name__,
            "modules": sorted(m for m in sys.modules if m.split(".")[0] in ("mpxl", "openpyxl", "matplotlib", "defusedxml")),
            "results": results,
        }
    finally:
        del sys.path[: len(extra)]
json.dumps(out)
