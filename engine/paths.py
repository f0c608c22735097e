"""Where a vault's index lives: a folder per vault under the per-user data directory."""

from __future__ import annotations

import hashlib
import os
import re
import uuid
from dataclasses import dataclass
from pathlib import Path

from engine.errors import EngineError

APP_NAME = "consilience"


def default_data_root() -> Path:
    """The per-user data directory (e.g. ~/.local/share/consilience on Linux)."""
    import platformdirs

    return Path(platformdirs.user_data_dir(APP_NAME, appauthor=False))


#: Overrides where prepared models are kept (a folder), e.g. for a portable install.
MODEL_CACHE_ENV = "CONSILIENCE_MODEL_CACHE"


def default_model_cache() -> Path:
    """Where prepared models (ONNX export, int8 weights) are kept, per user and shared by
    every data directory: a new `--data-dir` never prepares the model again. Each model's
    files sit under its own key (a hash of its files), so a changed model is prepared anew."""
    override = os.environ.get(MODEL_CACHE_ENV, "").strip()
    if override:
        return Path(override).expanduser()
    import platformdirs

    return Path(platformdirs.user_cache_dir(APP_NAME, appauthor=False)) / "models"


def vault_key(vault_root: Path) -> str:
    """A short, filesystem-safe key that is unique per resolved vault path."""
    resolved = str(vault_root.expanduser().resolve())
    digest = hashlib.sha256(resolved.encode("utf-8")).hexdigest()[:16]
    slug = re.sub(r"[^A-Za-z0-9_-]+", "-", vault_root.resolve().name).strip("-")[:40] or "vault"
    return f"{slug}-{digest}"


MACHINE_ID_FILE = "machine-id"


def machine_id(data_root: Path | None = None) -> str:
    """A random id of this data directory, made on first use and kept in it.

    It goes into the names of collections on a Chroma server, so two machines (or two data
    directories) indexing a vault at the same path never share, and so never overwrite, one
    collection: each collection belongs to exactly one catalog.
    """
    base = (data_root or default_data_root()).expanduser().resolve()
    path = base / MACHINE_ID_FILE
    existing = _read_machine_id(path)
    if existing is not None:
        return existing
    new = uuid.uuid4().hex
    try:
        base.mkdir(parents=True, exist_ok=True)
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o644)
    except FileExistsError:  # another process made it first: use theirs
        existing = _read_machine_id(path)
        if existing is not None:
            return existing
        raise EngineError(
            f"{path} is not a valid machine id; delete it to make a new one"
        ) from None
    except OSError as err:
        raise EngineError(f"cannot write the machine id {path}: {err.strerror or err}") from err
    try:
        os.write(fd, (new + "\n").encode("ascii"))
    finally:
        os.close(fd)
    return new


def _read_machine_id(path: Path) -> str | None:
    try:
        text = path.read_text(encoding="ascii").strip()
    except FileNotFoundError:
        return None
    except (OSError, UnicodeDecodeError) as err:
        raise EngineError(f"cannot read the machine id {path}: {err}") from err
    return text if re.fullmatch(r"[0-9a-f]{32}", text) else None


def graph_cache_path(graph_file: Path) -> Path:
    """Where `LinkGraph.save` keeps the fast cache of the graph file `graph_file`."""
    return graph_file.with_name(graph_file.name + ".cache")


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
    def graph_cache(self) -> Path:
        """The fast cache `LinkGraph.save` keeps beside the graph file."""
        return graph_cache_path(self.graph)

    @property
    def directory(self) -> Path:
        """The note directory of the saved graph (`engine.search.directory.DirectoryCache`)."""
        return self.root / "directory.cache"

    @property
    def chroma(self) -> Path:
        return self.root / "chroma"

    @property
    def vector_snapshot(self) -> Path:
        """The in-memory vector mirror saved at close (`<this>.npy` + `<this>.json`)."""
        return self.root / "vectors.mirror"

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
