"""A workbook recalculated by LibreOffice, where it is installed: ``mpxl check`` on a workbook never
opened in Excel or LibreOffice (mpxl writes live formulas, and no figures beside them).

The copy is made in a temporary folder with a private LibreOffice profile (it never touches, or
waits for, a LibreOffice the user has open); the workbook itself is only read.
"""

from __future__ import annotations

import shutil
import subprocess
import tempfile
from pathlib import Path

from ..core.errors import UserError

__all__ = ["find_soffice", "recalculated_copy", "SOFFICE_NAMES", "NEVER_RECALCULATED"]

#: The names LibreOffice's command goes by.
SOFFICE_NAMES = ("soffice", "libreoffice")

#: What a workbook with formulas and no figures saved is, and what to do, in words.
NEVER_RECALCULATED = ("the workbook has never been recalculated (written by mpxl, not yet opened and saved in Excel "
                      "or LibreOffice): its formulas hold no figures to check; open it, save it, and check again")


def find_soffice() -> str | None:
    """LibreOffice's command, or None when it is not installed."""
    for name in SOFFICE_NAMES:
        found = shutil.which(name)
        if found:
            return found
    return None


def recalculated_copy(path: str, folder: str, soffice: str, timeout: float = 600) -> str:
    """``path`` opened, recalculated and saved by LibreOffice (``soffice``) as an .xlsx in ``folder``: the
    copy's path. UserError naming the workbook when LibreOffice fails."""
    out = Path(folder) / "recalculated"
    out.mkdir(exist_ok=True)
    with tempfile.TemporaryDirectory(prefix="mpxl-lo-") as profile:
        try:
            proc = subprocess.run([soffice, f"-env:UserInstallation={Path(profile).as_uri()}", "--headless",
                                   "--norestore", "--nologo", "--nolockcheck", "--convert-to", "xlsx",
                                   "--outdir", str(out), str(path)],
                                  capture_output=True, text=True, timeout=timeout, check=False)
        except (OSError, subprocess.TimeoutExpired) as exc:
            raise UserError(path, "", f"LibreOffice could not recalculate it ({exc}); {NEVER_RECALCULATED}") from None
    copy = out / (Path(path).stem + ".xlsx")
    if proc.returncode != 0 or not copy.exists():
        said = (proc.stderr or proc.stdout or "").strip().splitlines()
        raise UserError(path, "", "LibreOffice could not recalculate it"
                        + (f" ({said[-1]})" if said else "") + f"; {NEVER_RECALCULATED}")
    return str(copy)
