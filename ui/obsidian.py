"""Open a note: in Obsidian through its `obsidian://` URI, or in the system's default app;
show it in its folder; copy its path. Every attempt returns an `OpenOutcome` with a reason a
person understands when the note did not open where asked.

Obsidian is asked only when something handles `obsidian://` links and Obsidian's own list of
vaults (`engine.vault.obsidian_vaults`) does not rule this vault out; the link then names the
vault by its id from that list (unambiguous when two vaults share a folder name).

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
import os
import shutil
import subprocess
import sys
from pathlib import Path, PurePosixPath
from urllib.parse import quote

from PySide6.QtCore import QUrl
from PySide6.QtGui import QDesktopServices, QGuiApplication

from engine.api import (
    OpenOutcome,
    VaultLookup,
    config_files,
    find_known_vault,
    plan_open,
)

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


def obsidian_uri(vault_name: str, rel_path: str, *, page: int | None = None) -> str:
    """`obsidian://open?vault=NAME&file=PATH` for a note (PATH keeps its `.md`); a PDF's
    `page` is asked for as `PATH#page=N`.

    Raises ValueError for an empty vault name or a path that is absolute or contains `..`.
    """
    if not vault_name.strip():
        raise ValueError("the vault name is empty")
    file = _clean_rel_path(rel_path) + (f"#page={page}" if page is not None else "")
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
    when no application takes the scheme, so the handler is looked up with `xdg-mime`, and
    its desktop file must still exist (uninstalling Obsidian can leave the association
    behind). On macOS and Windows `openUrl` itself fails when nothing is registered, so this
    says True.
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
    desktop = done.stdout.strip()
    return done.returncode == 0 and bool(desktop) and desktop_file_exists(desktop)


def desktop_file_exists(name: str) -> bool:
    """Whether the desktop entry `name` (e.g. `obsidian.desktop`) is installed in one of the
    XDG data folders (including Flatpak's and Snap's exports)."""
    home = Path.home()
    data_home = os.environ.get("XDG_DATA_HOME") or str(home / ".local" / "share")
    dirs = [
        data_home,
        *(os.environ.get("XDG_DATA_DIRS") or "/usr/local/share:/usr/share").split(":"),
    ]
    dirs += [
        str(home / ".local" / "share" / "flatpak" / "exports" / "share"),
        "/var/lib/flatpak/exports/share",
        "/var/lib/snapd/desktop",
    ]
    return any((Path(d) / "applications" / name).is_file() for d in dirs if d)


def known_vault_files() -> tuple[Path, ...]:
    """Where Obsidian keeps its list of vaults on this machine."""
    return config_files(platform=sys.platform, home=Path.home(), env=os.environ)


def open_url(url: QUrl) -> bool:
    """Hand `url` to the desktop (the one place this module reaches the OS)."""
    return QDesktopServices.openUrl(url)


def open_note(vault_root: Path, target: str, *, in_obsidian: bool = True) -> OpenOutcome:
    """Open a note in Obsidian (when asked and Obsidian can open this vault), else with the
    system's default app for the file. `target` is a vault-relative path, a PDF's with the
    page to open at (`paper.pdf#page=12`: Obsidian goes there). A path outside the vault or a
    missing file is not opened; the outcome says why."""
    rel_path, _, page = target.partition("#page=")
    try:
        file = note_file(vault_root, rel_path)
    except ValueError as err:
        log.warning("Not opening %r: %s", rel_path, err)
        return OpenOutcome("failed", rel_path, f"Not a note of this vault: {rel_path}")
    root = Path(vault_root).expanduser().resolve()
    handler = in_obsidian and obsidian_registered()
    lookup = find_known_vault(root, known_vault_files()) if handler else VaultLookup()
    plan = plan_open(
        rel_path, in_obsidian=in_obsidian, exists=file.is_file(), handler=handler, lookup=lookup
    )
    if plan.how == "obsidian":
        vault_ref = lookup.entry.id if lookup.entry is not None else root.name
        uri = obsidian_uri(vault_ref, rel_path, page=int(page) if page.isdigit() else None)
        if open_url(QUrl(uri, QUrl.ParsingMode.StrictMode)):
            return plan
        log.info("Obsidian did not open %s; falling back to the default app", rel_path)
        plan = OpenOutcome(
            "default app",
            rel_path,
            "Obsidian did not open the note — opened in your default editor instead",
        )
    if plan.how == "failed":
        return plan
    if open_url(QUrl.fromLocalFile(str(file))):
        return plan
    why = f"no application on this computer opens {file.suffix or 'these'} files"
    if plan.reason.startswith("Obsidian"):
        why = plan.reason.split(" — ", 1)[0] + f", and {why}"
    return OpenOutcome(
        "failed", rel_path, f"{why[:1].upper()}{why[1:]} — use Copy path or Show in folder"
    )


def show_in_folder(vault_root: Path, rel_path: str) -> OpenOutcome:
    """Open the folder holding a note in the file manager."""
    try:
        file = note_file(vault_root, rel_path)
    except ValueError:
        return OpenOutcome("failed", rel_path, f"Not a note of this vault: {rel_path}")
    folder = file.parent
    if not folder.is_dir():
        return OpenOutcome("failed", rel_path, f"The folder no longer exists: {folder}")
    if open_url(QUrl.fromLocalFile(str(folder))):
        return OpenOutcome("default app", rel_path)
    return OpenOutcome("failed", rel_path, f"No file manager could open {folder}")


def copy_path(vault_root: Path, rel_path: str) -> str:
    """Put the note's absolute path on the clipboard and return it (ValueError for a path
    outside the vault)."""
    text = str(note_file(vault_root, rel_path))
    QGuiApplication.clipboard().setText(text)
    return text
