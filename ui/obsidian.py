"""Open a note: in Obsidian through its `obsidian://` URI, or in the system's default app.

URI rules (https://help.obsidian.md/Extending+Obsidian/Obsidian+URI):

- `obsidian://open?vault=NAME&file=PATH`, where NAME is the vault's folder name and PATH the
  note's path from the vault root. Both are percent-encoded with `urllib.parse.quote(...,
  safe="")`: spaces become `%20` (never `+`), `/` between folders becomes `%2F`, and `#`,
  `%`, `&`, `?`, `=` and every non-ASCII character (CJK, emoji) are encoded as UTF-8 bytes.
- PATH keeps its `.md` extension. Obsidian accepts the path with or without it; with it the
  file is unambiguous (a folder may hold `Plan.md` beside `Plan.canvas` or `Plan.pdf`).

Nothing here writes anything; paths that would leave the vault are refused.
"""

from __future__ import annotations

import functools
import logging
import shutil
import subprocess
import sys
from pathlib import Path, PurePosixPath
from urllib.parse import quote

from PySide6.QtCore import QUrl
from PySide6.QtGui import QDesktopServices

log = logging.getLogger(__name__)

SCHEME = "obsidian"


def _clean_rel_path(rel_path: str) -> str:
    """`rel_path` as a POSIX path inside the vault; ValueError for one that could leave it."""
    text = rel_path.replace("\\", "/")
    if not text.strip() or "\x00" in text:
        raise ValueError(f"not a note path: {rel_path!r}")
    path = PurePosixPath(text)
    if path.is_absolute() or (len(text) > 1 and text[1] == ":"):
        raise ValueError(f"note path must be relative to the vault: {rel_path!r}")
    parts = [p for p in path.parts if p not in ("", ".")]
    if not parts or ".." in parts:
        raise ValueError(f"note path leaves the vault: {rel_path!r}")
    return "/".join(parts)


def obsidian_uri(vault_name: str, rel_path: str) -> str:
    """`obsidian://open?vault=NAME&file=PATH` for a note (PATH keeps its `.md`).

    Raises ValueError for an empty vault name or a path that is absolute or contains `..`.
    """
    if not vault_name.strip():
        raise ValueError("the vault name is empty")
    file = _clean_rel_path(rel_path)
    return f"{SCHEME}://open?vault={quote(vault_name, safe='')}&file={quote(file, safe='')}"


def note_file(vault_root: Path, rel_path: str) -> Path:
    """The absolute file of a note; ValueError when it resolves outside the vault (`..`,
    absolute paths, symlinks pointing out)."""
    root = Path(vault_root).expanduser().resolve()
    target = (root / _clean_rel_path(rel_path)).resolve()
    if target != root and root not in target.parents:
        raise ValueError(f"{rel_path!r} resolves outside the vault {root}")
    return target


@functools.cache
def obsidian_registered() -> bool:
    """Whether something handles `obsidian://` links.

    On Linux `QDesktopServices.openUrl` hands every URL to `xdg-open` and reports success even
    when no application takes the scheme, so the handler is looked up with `xdg-mime`. On
    macOS and Windows `openUrl` itself fails when nothing is registered, so this says True.
    """
    if not sys.platform.startswith("linux"):
        return True
    xdg_mime = shutil.which("xdg-mime")
    if xdg_mime is None:
        return False
    try:
        done = subprocess.run(
            [xdg_mime, "query", "default", f"x-scheme-handler/{SCHEME}"],
            capture_output=True,
            text=True,
            timeout=2,
            check=False,
        )
    except (OSError, subprocess.SubprocessError) as err:
        log.debug("xdg-mime failed: %s", err)
        return False
    return done.returncode == 0 and bool(done.stdout.strip())


def open_note(vault_root: Path, rel_path: str, *, in_obsidian: bool = True) -> bool:
    """Open a note in Obsidian (when asked and available), else with the system's default
    app for the file. Returns whether something was opened; a path outside the vault is
    refused (logged, False)."""
    try:
        file = note_file(vault_root, rel_path)
    except ValueError as err:
        log.warning("Not opening %r: %s", rel_path, err)
        return False
    if in_obsidian and obsidian_registered():
        uri = obsidian_uri(Path(vault_root).expanduser().resolve().name, rel_path)
        if QDesktopServices.openUrl(QUrl(uri, QUrl.ParsingMode.StrictMode)):
            return True
        log.info("Obsidian did not open %s; falling back to the default app", rel_path)
    if not file.is_file():
        log.warning("Not opening %s: the file does not exist", file)
        return False
    return QDesktopServices.openUrl(QUrl.fromLocalFile(str(file)))
