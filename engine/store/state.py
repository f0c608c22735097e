"""The index's crash-safety and identity flags, typed, kept in the catalog's `meta` table.

- `dirty`: a sync is under way or did not finish (a kill, or the model could not load); the
  next full sync reconciles the vector store against the catalog.
- `graph_stale`: the catalog changed since graph.json and the vector snapshot were saved;
  both must be rebuilt or saved again before they count as current.
- `generation`: bumped each time the graph is saved; graph.json and the vector snapshot carry
  it as their stamp, so a file from another generation is not trusted.
- `embedder`: the identity of the model the stored vectors were made with.
- `chunking`: the version of what the model reads of a chunk (`engine.vault.chunker`); an
  index made under another re-chunks every note, keeping the vectors of unchanged texts.
- `vault_root`: the vault folder this index belongs to.
- `contradiction_scorer` / `claims_collection`: the scorer version the stored pairs were made
  with, and the name the claim vectors are kept under (the chunk collection's + "-claims":
  another model's name means their vectors are another model's).
- `legacy_claims_collection`: a vector collection that held claim vectors before the catalog
  did (migration 0007), for the workspace to drop once.
- `claims_to_drop`: notes removed by syncs whose contradiction scan was skipped or stopped:
  the next scan drops their claim vectors.

Every read goes to the table (another process may have written it); every write is its own
transaction, or joins the caller's.
"""

from __future__ import annotations

import json
from pathlib import Path

from engine.store.connection import Database, guarded

_DIRTY = "dirty"
_GRAPH_STALE = "graph_stale"
_GENERATION = "generation"
_EMBEDDER = "embedder"
_CHUNKING = "chunking"
_VAULT_ROOT = "vault_root"
_CONTRADICTION_SCORER = "contradiction_scorer"
_CLAIMS_COLLECTION = "claims_collection"
_CLAIMS_TO_DROP = "claims_to_drop"
_LEGACY_CLAIMS_COLLECTION = "legacy_claims_collection"


class IndexState:
    """Typed access to the index's flags (see the module docstring for what each means)."""

    def __init__(self, db: Database) -> None:
        self._db = db

    @property
    def path(self) -> Path:
        return self._db.path

    @guarded
    def _get(self, key: str) -> str | None:
        row = self._db.conn.execute("SELECT value FROM meta WHERE key = ?", (key,)).fetchone()
        return None if row is None else str(row[0])

    @guarded
    def _set(self, key: str, value: str) -> None:
        with self._db.transaction():
            self._db.conn.execute(
                "INSERT INTO meta (key, value) VALUES (?, ?) "
                "ON CONFLICT (key) DO UPDATE SET value = excluded.value",
                (key, value),
            )

    def _flag(self, key: str) -> bool:
        return self._get(key) == "1"

    def _set_flag(self, key: str, value: bool) -> None:
        self._set(key, "1" if value else "0")

    @property
    def dirty(self) -> bool:
        return self._flag(_DIRTY)

    @dirty.setter
    def dirty(self, value: bool) -> None:
        self._set_flag(_DIRTY, value)

    @property
    def graph_stale(self) -> bool:
        return self._flag(_GRAPH_STALE)

    @graph_stale.setter
    def graph_stale(self, value: bool) -> None:
        self._set_flag(_GRAPH_STALE, value)

    @property
    def generation(self) -> int | None:
        """The generation of the last saved graph (None before the first save)."""
        value = self._get(_GENERATION)
        return None if not value else int(value)

    @generation.setter
    def generation(self, value: int) -> None:
        self._set(_GENERATION, str(int(value)))

    @property
    def embedder(self) -> str | None:
        return self._get(_EMBEDDER)

    @embedder.setter
    def embedder(self, value: str) -> None:
        self._set(_EMBEDDER, value)

    @property
    def chunking(self) -> str | None:
        return self._get(_CHUNKING)

    @chunking.setter
    def chunking(self, value: str) -> None:
        self._set(_CHUNKING, value)

    @property
    def vault_root(self) -> str | None:
        return self._get(_VAULT_ROOT)

    @vault_root.setter
    def vault_root(self, value: str) -> None:
        self._set(_VAULT_ROOT, value)

    @property
    def contradiction_scorer(self) -> str | None:
        return self._get(_CONTRADICTION_SCORER)

    @contradiction_scorer.setter
    def contradiction_scorer(self, value: str) -> None:
        self._set(_CONTRADICTION_SCORER, value)

    @property
    def claims_collection(self) -> str | None:
        return self._get(_CLAIMS_COLLECTION)

    @claims_collection.setter
    def claims_collection(self, value: str) -> None:
        self._set(_CLAIMS_COLLECTION, value)

    @property
    def legacy_claims_collection(self) -> str | None:
        """A vector collection that held claim vectors before the catalog did, to drop."""
        return self._get(_LEGACY_CLAIMS_COLLECTION)

    @guarded
    def forget_legacy_claims_collection(self) -> None:
        with self._db.transaction():
            self._db.conn.execute("DELETE FROM meta WHERE key = ?", (_LEGACY_CLAIMS_COLLECTION,))

    @property
    def claims_to_drop(self) -> tuple[str, ...]:
        raw = self._get(_CLAIMS_TO_DROP)
        return tuple(json.loads(raw)) if raw else ()

    @claims_to_drop.setter
    def claims_to_drop(self, paths: tuple[str, ...]) -> None:
        self._set(_CLAIMS_TO_DROP, json.dumps(sorted(set(paths))))
