"""Which vaults Obsidian knows, read from its own `obsidian.json`, and how a note can open.

Obsidian keeps the vaults it has opened in `obsidian.json` in its config folder:
`{"vaults": {"<16-hex id>": {"path": "/abs/vault", "ts": 1700000000000, "open": true}}}`.
An `obsidian://open?vault=...` link for a vault missing from that list makes Obsidian show
"Vault not found" instead of the note, so the list decides whether to hand a note to Obsidian
or to the default editor. The file is only read (never written); a missing, unreadable or
foreign file means "unknown", never "not known".
"""

from __future__ import annotations

import json
import logging
import os
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Literal

log = logging.getLogger(__name__)

CONFIG_NAME = "obsidian.json"
MAX_BYTES = 2_000_000  # a few hundred bytes per vault; anything this big is not Obsidian's

How = Literal["obsidian", "default app", "failed"]


@dataclass(frozen=True)
class KnownVault:
    """One vault of Obsidian's list."""

    id: str  # what `obsidian://open?vault=` accepts besides the folder name, unambiguous
    path: Path
    open: bool = False  # Obsidian had it open when it last saved the list


@dataclass(frozen=True)
class OpenOutcome:
    """How a note was (or would be) opened, and why, in words a person understands."""

    how: How
    path: str  # the note, vault-relative
    reason: str = ""  # empty when it simply opened where asked

    @property
    def opened(self) -> bool:
        return self.how != "failed"

    @property
    def message(self) -> str:
        """The reason as one sentence naming the note when it did not open ("" when it
        opened where asked)."""
        if self.opened or self.path in self.reason:
            return self.reason
        return f"Could not open {self.path}. {self.reason}"


def config_files(*, platform: str, home: Path, env: Mapping[str, str]) -> tuple[Path, ...]:
    """Where `obsidian.json` may live on `platform` (`sys.platform`), most likely first:
    the native install, then the Flatpak and the Snap ones on Linux."""
    if platform == "darwin":
        return (home / "Library" / "Application Support" / "obsidian" / CONFIG_NAME,)
    if platform.startswith("win"):
        appdata = env.get("APPDATA")
        base = Path(appdata) if appdata else home / "AppData" / "Roaming"
        return (base / "obsidian" / CONFIG_NAME,)
    xdg = env.get("XDG_CONFIG_HOME")
    native = Path(xdg) if xdg and Path(xdg).is_absolute() else home / ".config"
    return (
        native / "obsidian" / CONFIG_NAME,
        home / ".var" / "app" / "md.obsidian.Obsidian" / "config" / "obsidian" / CONFIG_NAME,
        home / "snap" / "obsidian" / "current" / ".config" / "obsidian" / CONFIG_NAME,
    )


def read_known_vaults(file: Path) -> tuple[KnownVault, ...] | None:
    """The vaults listed in one `obsidian.json`; None when it is missing, unreadable or not
    Obsidian's (unknown, not empty)."""
    try:
        if file.stat().st_size > MAX_BYTES:
            log.warning("%s is too large to be Obsidian's vault list; ignored", file)
            return None
        data = json.loads(file.read_text(encoding="utf-8"))
    except FileNotFoundError:
        return None
    except (OSError, UnicodeDecodeError, ValueError) as exc:
        log.debug("cannot read Obsidian's vault list %s: %s", file, exc)
        return None
    return known_vaults_of(data)


def known_vaults_of(data: object) -> tuple[KnownVault, ...] | None:
    """`read_known_vaults` on an already parsed file."""
    if not isinstance(data, Mapping) or not isinstance(data.get("vaults"), Mapping):
        return None
    found: list[KnownVault] = []
    for vault_id, entry in data["vaults"].items():
        if not isinstance(vault_id, str) or not isinstance(entry, Mapping):
            continue
        path = entry.get("path")
        if isinstance(path, str) and path.strip():
            found.append(KnownVault(vault_id, Path(path), open=entry.get("open") is True))
    return tuple(found)


@dataclass(frozen=True)
class VaultLookup:
    """What Obsidian's vault lists say about one vault."""

    entry: KnownVault | None = None  # its entry, when a list names it
    read: bool = False  # at least one list could be read

    @property
    def unlisted(self) -> bool:
        """Obsidian's list was read and does not name the vault."""
        return self.read and self.entry is None


def find_known_vault(vault: Path, files: Iterable[Path]) -> VaultLookup:
    """Look `vault` up in each of `files` (the first list naming it wins)."""
    read_any = False
    for file in files:
        listed = read_known_vaults(file)
        if listed is None:
            continue
        read_any = True
        for known in listed:
            if same_folder(known.path, vault):
                return VaultLookup(known, read=True)
    return VaultLookup(read=read_any)


def same_folder(a: Path, b: Path) -> bool:
    """Whether two paths name one folder (symlinks, `..`, and case on case-insensitive
    file systems taken into account)."""
    try:
        ra, rb = a.expanduser().resolve(), b.expanduser().resolve()
    except (OSError, RuntimeError):
        return False
    if os.path.normcase(ra) == os.path.normcase(rb):
        return True
    try:
        return os.path.samefile(ra, rb)
    except OSError:
        return False


def plan_open(
    rel_path: str,
    *,
    in_obsidian: bool,
    exists: bool,
    handler: bool,
    lookup: VaultLookup,
) -> OpenOutcome:
    """Where to open a note: Obsidian when asked, something handles `obsidian://` links and
    Obsidian knows the vault (or its list cannot be read); else the default editor, with
    the reason."""
    if not exists:
        return OpenOutcome("failed", rel_path, f"The note no longer exists: {rel_path}")
    if not in_obsidian:
        return OpenOutcome("default app", rel_path)
    if not handler:
        return OpenOutcome(
            "default app",
            rel_path,
            "Obsidian does not seem to be installed (nothing opens obsidian:// links) — "
            "opened in your default editor instead",
        )
    if lookup.unlisted:
        return OpenOutcome(
            "default app",
            rel_path,
            "Obsidian does not know this vault (open it once in Obsidian with “Open folder "
            "as vault”) — opened in your default editor instead",
        )
    return OpenOutcome("obsidian", rel_path)
