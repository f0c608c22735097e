"""User settings: a typed, versioned JSON file in the per-user config folder.

The file is `settings.json` in `platformdirs.user_config_dir("consilience")`, or in the folder
named by `CONSILIENCE_CONFIG_DIR` / `--config-dir` (tests, portable installs). It carries a
`schema_version`; older files are migrated step by step, unknown keys are ignored, a file
that cannot be read is set aside as `settings.json.bad` and defaults are used. The engine
never reads settings: the app turns them into plain values.
"""

from __future__ import annotations

import contextlib
import json
import logging
import os
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, fields, replace
from pathlib import Path
from typing import Any

log = logging.getLogger(__name__)

SCHEMA_VERSION = 1
FILE_NAME = "settings.json"
CONFIG_DIR_ENV = "CONSILIENCE_CONFIG_DIR"
ALL_SOURCES: tuple[str, ...] = ("semantic", "text", "graph")
DEMO_VAULT = Path(__file__).resolve().parent.parent / "resources" / "demo-vault"
MAX_RECENT = 8


def _describe(text: str) -> dict[str, str]:
    return {"description": text}


@dataclass(frozen=True)
class Settings:
    """Everything the user can choose; every field has a description (shown as a tooltip)."""

    vault: str | None = field(
        default=None, metadata=_describe("The vault opened at start (None: the demo vault).")
    )
    recent_vaults: tuple[str, ...] = field(
        default=(), metadata=_describe("Vaults opened before, most recent first.")
    )
    model: str | None = field(
        default=None,
        metadata=_describe(
            "Embedding model: a local folder or a model id (None: the packaged all-MiniLM-L6-v2)."
        ),
    )
    chroma_url: str | None = field(
        default=None,
        metadata=_describe("Chroma server URL (None: an embedded store in the index folder)."),
    )
    sources: tuple[str, ...] = field(
        default=ALL_SOURCES,
        metadata=_describe("Sources searched by default: semantic (meaning), text, graph."),
    )
    excluded: tuple[str, ...] = field(
        default=(),
        metadata=_describe(
            "Vault folders never indexed, on top of Obsidian's own 'Excluded files'."
        ),
    )
    index_pdfs: bool = field(
        default=True, metadata=_describe("Search the text of the vault's PDFs, page by page.")
    )
    index_canvases: bool = field(
        default=True,
        metadata=_describe("Search Canvas boards: their cards, and the notes they show."),
    )
    pdf_contradictions: bool = field(
        default=False,
        metadata=_describe(
            "Check PDFs for contradictions too (off: they are often long documents by others)."
        ),
    )
    welcomed: bool = field(
        default=False, metadata=_describe("The first-run welcome has been seen.")
    )
    follow_obsidian: bool = field(
        default=True,
        metadata=_describe(
            "Show the connections of the note open in Obsidian (read from the vault's "
            ".obsidian/workspace.json; nothing is written)."
        ),
    )

    def with_vault(self, vault: Path | None) -> Settings:
        """These settings with `vault` as the current vault (None: the demo vault)."""
        if vault is None:
            return replace(self, vault=None)
        text = str(vault)
        recent = (text, *(v for v in self.recent_vaults if v != text))[:MAX_RECENT]
        return replace(self, vault=text, recent_vaults=recent)

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"schema_version": SCHEMA_VERSION}
        for f in fields(self):
            value = getattr(self, f.name)
            out[f.name] = list(value) if isinstance(value, tuple) else value
        return out

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Settings:
        """Settings from a current-version mapping; bad or unknown values fall back to defaults."""
        defaults = cls()
        kwargs: dict[str, Any] = {}
        for f in fields(cls):
            if f.name not in data:
                continue
            value = _coerce(data[f.name], getattr(defaults, f.name))
            if value is _INVALID:
                log.warning("settings: ignoring a bad value for %r", f.name)
                continue
            kwargs[f.name] = value
        settings = cls(**kwargs)
        sources = tuple(s for s in settings.sources if s in ALL_SOURCES)
        return replace(settings, sources=sources or ALL_SOURCES)


_INVALID = object()


def _coerce(value: Any, default: Any) -> Any:
    if isinstance(default, bool):
        return value if isinstance(value, bool) else _INVALID
    if isinstance(default, tuple):
        if isinstance(value, list) and all(isinstance(v, str) for v in value):
            return tuple(value)
        return _INVALID
    # optional strings (default None)
    if value is None or (isinstance(value, str) and value.strip()):
        return value.strip() if isinstance(value, str) else None
    if isinstance(value, str):
        return None
    return _INVALID


# -- migrations ----------------------------------------------------------------------------


def _from_0(data: dict[str, Any]) -> dict[str, Any]:
    """Version 0 (no schema_version): 'last_vault' became 'vault'."""
    out = dict(data)
    if "last_vault" in out and "vault" not in out:
        out["vault"] = out.pop("last_vault")
    return out


#: version -> function turning a mapping of that version into the next version's.
MIGRATIONS: dict[int, Callable[[dict[str, Any]], dict[str, Any]]] = {0: _from_0}


def migrate(data: Mapping[str, Any]) -> dict[str, Any]:
    """Bring a settings mapping of any known version to `SCHEMA_VERSION`."""
    out = dict(data)
    version = out.get("schema_version", 0)
    if not isinstance(version, int) or version < 0:
        version = 0
    if version > SCHEMA_VERSION:
        log.warning(
            "settings were written by a newer Consilience (schema %d); reading what is known",
            version,
        )
    while version < SCHEMA_VERSION:
        out = MIGRATIONS[version](out)
        version += 1
    out["schema_version"] = SCHEMA_VERSION
    return out


# -- the file --------------------------------------------------------------------------------


def config_dir(override: Path | None = None) -> Path:
    """Where settings live: `override`, else $CONSILIENCE_CONFIG_DIR, else the per-user folder."""
    if override is not None:
        return override
    env = os.environ.get(CONFIG_DIR_ENV)
    if env:
        return Path(env)
    import platformdirs

    return Path(platformdirs.user_config_dir("consilience"))


@dataclass(frozen=True)
class SettingsStore:
    """Reads and writes `settings.json` in one folder."""

    folder: Path

    @property
    def path(self) -> Path:
        return self.folder / FILE_NAME

    def exists(self) -> bool:
        return self.path.is_file()

    def load(self) -> Settings:
        """The saved settings, or defaults when there are none (or they cannot be read)."""
        try:
            raw = self.path.read_text(encoding="utf-8")
        except FileNotFoundError:
            return Settings()
        except OSError as exc:
            log.warning("settings: cannot read %s (%s); using defaults", self.path, exc)
            return Settings()
        try:
            data = json.loads(raw)
            if not isinstance(data, dict):
                raise ValueError("not a JSON object")
        except ValueError as exc:
            bad = self.path.with_name(FILE_NAME + ".bad")
            log.warning("settings: %s is damaged (%s); kept as %s", self.path, exc, bad.name)
            with contextlib.suppress(OSError):
                os.replace(self.path, bad)
            return Settings()
        return Settings.from_dict(migrate(data))

    def save(self, settings: Settings) -> None:
        """Write atomically (a crash leaves the old file or the new one, never half of one)."""
        self.folder.mkdir(parents=True, exist_ok=True)
        tmp = self.path.with_name(FILE_NAME + ".tmp")
        tmp.write_text(
            json.dumps(settings.to_dict(), indent=2, ensure_ascii=False) + "\n", encoding="utf-8"
        )
        os.replace(tmp, self.path)


def resolve_vault(settings: Settings, *, requested: Path | None) -> Path:
    """The vault to open: the one asked for, else the last one (if it still exists), else
    the demo vault."""
    if requested is not None:
        return requested.expanduser()
    if settings.vault:
        last = Path(settings.vault).expanduser()
        if last.is_dir():
            return last
        log.warning("the last vault %s is gone; opening the demo vault", last)
    return DEMO_VAULT
