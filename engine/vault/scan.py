"""List a vault's notes quickly (os.scandir), with what was skipped and why.

Only documents (`VaultFilter.is_document`: notes, canvases, PDFs, any case); never
`.obsidian/`, `.trash/`, `.git/` or anything hidden (a name
starting with '.'), nor what the user excluded. Symlinks (files or folders) are followed only
when their target is inside the vault: one pointing outside is recorded in `skipped` ("symlink
points outside the vault"), so a vault never leaks other files into the index. Each real folder
is entered once, so symlink loops end. Folders or files that cannot be read, and file names
that are not valid UTF-8, are recorded in `skipped` with the reason; only a vault root that
cannot be listed is an error.
"""

from __future__ import annotations

import errno
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


OUTSIDE_REASON = "symlink points outside the vault"
BAD_NAME_REASON = "file name is not valid UTF-8; rename it to index it"


def printable_path(rel: str) -> str:
    """A vault-relative path safe to store and print (undecodable bytes become U+FFFD)."""
    try:
        rel.encode("utf-8")
    except UnicodeEncodeError:
        return rel.encode("utf-8", "surrogateescape").decode("utf-8", "replace")
    return rel


def is_valid_name(rel: str) -> bool:
    """Was this path valid UTF-8 on disk (no surrogate escapes from os.fsdecode)?"""
    try:
        rel.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def link_escapes(real_root: str, path: str) -> bool:
    """Does the symlink at `path` resolve to somewhere outside the vault `real_root`?"""
    target = os.path.realpath(path)
    return target != real_root and not target.startswith(real_root.rstrip(os.sep) + os.sep)


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

    real_root = os.path.realpath(root_str)
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
                SkippedFile(
                    printable_path(prefix.rstrip("/")),
                    f"cannot list folder: {err.strerror or err}",
                )
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
                    skipped.append(
                        SkippedFile(
                            printable_path(rel), f"cannot open folder: {err.strerror or err}"
                        )
                    )
                    continue
                if is_link and link_escapes(real_root, entry.path):
                    skipped.append(SkippedFile(printable_path(rel), OUTSIDE_REASON))
                    continue
                item = (entry.path, rel + "/", (st.st_dev, st.st_ino))
                (linked if is_link else subfolders).append(item)
                continue
            if not vault_filter.is_document(name) or vault_filter.is_excluded(rel):
                continue
            result = check_note_file(real_root, entry.path, rel, is_link=entry.is_symlink())
            if isinstance(result, SkippedFile):
                skipped.append(result)
            else:
                files[rel] = result
        stack.extend(reversed(subfolders))
    ordered = dict(sorted(files.items()))
    return ScanResult(files=ordered, skipped=tuple(sorted(skipped, key=lambda s: s.path)))


def check_note_file(
    real_root: str, full: str, rel: str, *, is_link: bool
) -> FileStat | SkippedFile:
    """Stat one candidate note file: its `FileStat`, or why it is skipped."""
    if not is_valid_name(rel):
        return SkippedFile(printable_path(rel), BAD_NAME_REASON)
    try:
        st = os.stat(full)
    except OSError as err:
        if err.errno == errno.ELOOP:
            reason = "symlink loop"
        elif is_link:
            reason = "broken symlink"
        else:
            reason = err.strerror or str(err)
        return SkippedFile(rel, f"cannot read file: {reason}")
    if is_link and link_escapes(real_root, full):
        return SkippedFile(rel, OUTSIDE_REASON)
    if not stat.S_ISREG(st.st_mode):
        return SkippedFile(rel, "not a regular file")
    if not _own_readable(st) and not os.access(full, os.R_OK):
        return SkippedFile(rel, "cannot read file: permission denied")
    return FileStat(mtime_ns=st.st_mtime_ns, size=st.st_size)


_EUID = os.geteuid() if hasattr(os, "geteuid") else None


def _own_readable(st: os.stat_result) -> bool:
    """Is the file surely readable without asking the system: this user's own, with the
    owner's read bit set (the owner's bits decide before any ACL entry)? Spares an `access`
    call per note on a vault of one's own files."""
    return _EUID is not None and st.st_uid == _EUID and bool(st.st_mode & stat.S_IRUSR)
