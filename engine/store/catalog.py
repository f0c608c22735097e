"""The catalog: one SQLite file per vault, the source of truth for what is indexed.

A `Catalog` is the object the rest of the engine holds: it owns the connection and gives
each concern its own part, all sharing that connection and its transactions:

- `catalog.notes` (`engine.store.notes.Notes`): the manifest, notes, chunks, links, tags and
  skipped files, and the staging writes of the indexer's crash-safe protocol;
- `catalog.fulltext` (`engine.store.fulltext.FullText`): BM25 and substring search;
- `catalog.state` (`engine.store.state.IndexState`): the typed crash-safety flags (`dirty`,
  `graph_stale`, `generation`, ...).

Packages with tables of their own in the file (`engine.contradict`) have their migration listed
in `engine.store.schema.MIGRATIONS` and read and write those tables with `execute` /
`executemany` inside `transaction()`.

Thread model: a `Catalog` wraps one connection and belongs to the thread that opened it. The
single writer opens it normally; each reader opens its own `Catalog.open(path, read_only=True)`.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from contextlib import AbstractContextManager
from pathlib import Path
from typing import Any

from engine.store.connection import Database
from engine.store.errors import CatalogError, FtsQueryError
from engine.store.fulltext import FullText
from engine.store.notes import Notes
from engine.store.state import IndexState

__all__ = ["Catalog", "CatalogError", "FtsQueryError"]


class Catalog:
    """One vault's catalog. Use `Catalog.open(...)`; close it (or use it as a context manager)."""

    def __init__(self, db: Database) -> None:
        self.db = db
        self.notes = Notes(db)
        self.fulltext = FullText(db)
        self.state = IndexState(db)

    @classmethod
    def open(cls, path: Path, *, read_only: bool = False, check: bool = True) -> Catalog:
        """Open (creating and migrating unless `read_only`) the catalog at `path`.

        `check` runs `PRAGMA quick_check` (skipped after a clean close). Raises
        IndexCorruptError for a damaged or foreign file, CatalogError when it is locked,
        missing (read-only) or cannot be created.
        """
        return cls(Database.open(path, read_only=read_only, check=check))

    @property
    def path(self) -> Path:
        return self.db.path

    @property
    def read_only(self) -> bool:
        return self.db.read_only

    @property
    def closed(self) -> bool:
        return self.db.closed

    def close(self) -> None:
        """Close the connection (idempotent); the writer runs `PRAGMA optimize` first."""
        self.db.close()

    def __enter__(self) -> Catalog:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def schema_version(self) -> int:
        """Number of applied migrations."""
        return self.db.schema_version()

    def transaction(self) -> AbstractContextManager[None]:
        """A write transaction (BEGIN IMMEDIATE); nested uses join the outer one."""
        return self.db.transaction()

    def execute(self, sql: str, params: Sequence[Any] = ()) -> list[tuple[Any, ...]]:
        """Run one SQL statement and return all its rows.

        For packages that own tables of their own in this catalog (engine/contradict/store.py);
        wrap writes in `transaction()` so they commit together.
        """
        return self.db.execute(sql, params)

    def executemany(self, sql: str, rows: Iterable[Sequence[Any]]) -> None:
        """Run one SQL statement once per parameter row (see `execute`)."""
        self.db.executemany(sql, rows)
