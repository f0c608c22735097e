"""Where a vault's index lives: a folder per vault under the per-user data directory."""

from __future__ import annotations

import hashlib
import re
from dataclasses import dataclass
from pathlib import Path

from engine.errors import EngineError

APP_NAME = "consilience"


def default_data_root() -> Path:
    """The per-user data directory (e.g. ~/.local/share/consilience on Linux)."""
    import platformdirs

    return Path(platformdirs.user_data_dir(APP_NAME, appauthor=False))


def vault_key(vault_root: Path) -> str:
    """A short, filesystem-safe key that is unique per resolved vault path."""
    resolved = str(vault_root.expanduser().resolve())
    digest = hashlib.sha256(resolved.encode("utf-8")).hexdigest()[:16]
    slug = re.sub(r"[^A-Za-z0-9_-]+", "-", vault_root.resolve().name).strip("-")[:40] or "vault"
    return f"{slug}-{digest}"


@dataclass(frozen=True)
class IndexPaths:
    """The files of one vault's index. Nothing here is ever inside the vault."""

    root: Path

    @property
    def catalog(self) -> Path:
        return self.root / "catalog.sqlite3"

    @property
    def graph(self) -> Path:
        return self.root / "graph.json"

    @property
    def chroma(self) -> Path:
        return self.root / "chroma"

    @property
    def lock(self) -> Path:
        return self.root / "writer.lock"


def index_paths_for(vault_root: Path, *, data_root: Path | None = None) -> IndexPaths:
    """The index folder for `vault_root`, refusing any location inside the vault."""
    vault = vault_root.expanduser().resolve()
    base = (data_root or default_data_root()).expanduser().resolve()
    root = base / "vaults" / vault_key(vault)
    if root == vault or vault in root.parents:
        raise EngineError(
            f"the data directory {base} is inside the vault {vault}; "
            "choose a --data-dir outside the vault (Consilience never writes into a vault)"
        )
    return IndexPaths(root=root)
