"""List a vault's notes quickly (os.scandir), with what was skipped and why.

Only `.md` files (any case); never `.obsidian/`, `.trash/`, `.git/` or anything hidden (a name
starting with '.'), nor what the user excluded. Symlinked folders are followed, but each real
folder is entered once, so symlink loops end. Folders or files that cannot be read are
recorded in `skipped` with the reason; only a vault root that cannot be listed is an error.
"""

from __future__ import annotations

import logging
import os
import stat
from dataclasses import dataclass
from pathlib import Path

from engine.errors import VaultUnavailableError
from engine.model import SkippedFile
from engine.vault.ignore import VaultFilter

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class FileStat:
    mtime_ns: int
    size: int


@dataclass(frozen=True)
class ScanResult:
    files: dict[str, FileStat]  # vault-relative POSIX path -> stat, sorted by path
    skipped: tuple[SkippedFile, ...]


def is_note_name(name: str) -> bool:
    """A visible file with the '.md' extension (any case)."""
    return not name.startswith(".") and name.lower().endswith(".md") and len(name) > 3


def scan_vault(root: Path, *, vault_filter: VaultFilter) -> ScanResult:
    """List every note under `root`. Raises VaultUnavailableError only for the root itself."""
    root_str = os.fspath(root)
    try:
        root_stat = os.stat(root_str)
    except FileNotFoundError:
        raise VaultUnavailableError(
            f"Vault folder not found: {root}. Check the path, or connect the drive it is on."
        ) from None
    except OSError as err:
        raise VaultUnavailableError(
            f"Cannot open the vault folder {root}: {err.strerror or err}."
        ) from None
    if not stat.S_ISDIR(root_stat.st_mode):
        raise VaultUnavailableError(f"{root} is a file, not a folder: choose the vault's folder.")
    try:
        with os.scandir(root_str):
            pass
    except OSError as err:
        raise VaultUnavailableError(
            f"Cannot list the vault folder {root}: {err.strerror or err}. Check its permissions."
        ) from None

    files: dict[str, FileStat] = {}
    skipped: list[SkippedFile] = []
    visited: set[tuple[int, int]] = set()
    # (folder on disk, vault-relative prefix, (st_dev, st_ino)); symlinked folders wait until
    # every real folder is done, so a folder reachable both ways is listed under its real path
    stack: list[tuple[str, str, tuple[int, int]]] = [
        (root_str, "", (root_stat.st_dev, root_stat.st_ino))
    ]
    linked: list[tuple[str, str, tuple[int, int]]] = []
    while stack or linked:
        folder, prefix, identity = stack.pop() if stack else linked.pop(0)
        if identity in visited:
            log.debug("skipping %s: that folder was already scanned (symlink)", prefix)
            continue
        visited.add(identity)
        try:
            with os.scandir(folder) as it:
                entries = sorted(it, key=lambda e: e.name)
        except OSError as err:
            skipped.append(
                SkippedFile(prefix.rstrip("/"), f"cannot list folder: {err.strerror or err}")
            )
            continue
        subfolders: list[tuple[str, str, tuple[int, int]]] = []
        for entry in entries:
            name = entry.name
            if name.startswith("."):
                continue
            rel = prefix + name
            try:
                is_dir = entry.is_dir()  # follows symlinks
            except OSError:
                is_dir = False
            if is_dir:
                if vault_filter.is_folder_excluded(rel):
                    continue
                try:
                    st = entry.stat()  # follows symlinks: the real folder's identity
                    is_link = entry.is_symlink()
                except OSError as err:
                    skipped.append(SkippedFile(rel, f"cannot open folder: {err.strerror or err}"))
                    continue
                item = (entry.path, rel + "/", (st.st_dev, st.st_ino))
                (linked if is_link else subfolders).append(item)
                continue
            if not is_note_name(name) or vault_filter.is_excluded(rel):
                continue
            try:
                st = entry.stat()
            except OSError as err:
                reason = "broken symlink" if entry.is_symlink() else (err.strerror or str(err))
                skipped.append(SkippedFile(rel, f"cannot read file: {reason}"))
                continue
            if not stat.S_ISREG(st.st_mode):
                skipped.append(SkippedFile(rel, "not a regular file"))
                continue
            if not os.access(entry.path, os.R_OK):
                skipped.append(SkippedFile(rel, "cannot read file: permission denied"))
                continue
            files[rel] = FileStat(mtime_ns=st.st_mtime_ns, size=st.st_size)
        stack.extend(reversed(subfolders))
    ordered = dict(sorted(files.items()))
    return ScanResult(files=ordered, skipped=tuple(sorted(skipped, key=lambda s: s.path)))
