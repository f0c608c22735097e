"""An index made before the storage layer was split by concern opens unchanged: the same
migration names and ids, the same schema, no migration re-applied, its rows and flags read."""

from __future__ import annotations

import json
import shutil
import sqlite3
from pathlib import Path

from engine.contradict import store
from engine.store.catalog import Catalog
from engine.store.migrations import registered

DATA = Path(__file__).parent / "data"
OLD_NAMES = ["0001_initial", "0002_contradictions", "0003_notes_fts", "0004_notes_fts_porter"]


def _schema(path: Path) -> list[list[object]]:
    conn = sqlite3.connect(path)
    try:
        rows = conn.execute("SELECT type, name, tbl_name, sql FROM sqlite_schema ORDER BY name")
        return [list(r) for r in rows]
    finally:
        conn.close()


def _migrations(path: Path) -> list[tuple[int, str, str]]:
    conn = sqlite3.connect(path)
    try:
        return conn.execute("SELECT id, name, applied_at FROM migrations ORDER BY id").fetchall()
    finally:
        conn.close()


def test_the_registry_keeps_the_recorded_migration_names_in_order() -> None:
    assert [m.name for m in registered()] == OLD_NAMES


def test_a_new_catalog_has_the_schema_the_old_code_made(tmp_path: Path) -> None:
    path = tmp_path / "catalog.sqlite3"
    Catalog.open(path).close()
    recorded = json.loads((DATA / "catalog_schema_0004.json").read_text(encoding="utf-8"))
    assert _schema(path) == recorded
    assert [name for _, name, _ in _migrations(path)] == OLD_NAMES


def test_an_index_made_by_the_old_code_opens_without_a_rebuild(tmp_path: Path) -> None:
    path = tmp_path / "catalog.sqlite3"
    shutil.copy(DATA / "catalog_0004.sqlite3", path)
    before_schema, before_migrations = _schema(path), _migrations(path)
    with Catalog.open(path) as catalog:
        assert catalog.schema_version() == 4
        assert sorted(catalog.notes.manifest()) == ["alpha.md", "folder/beta.md"]
        assert catalog.notes.counts() == (2, 3)
        assert [p for p, _ in catalog.fulltext.search_notes_bm25('"launch"', limit=5)] == [
            "folder/beta.md",
            "alpha.md",
        ]
        catalog.fulltext.check()
        assert (catalog.state.dirty, catalog.state.graph_stale) == (False, False)
        assert catalog.state.generation == 3
        assert catalog.state.embedder == "packaged:all-MiniLM-L6-v2+int8"
        assert catalog.state.claims_collection == "cons-x-claims"
        assert store.review_of(catalog, ("aaa", "bbb")) == ("resolved", "b")
    assert _schema(path) == before_schema
    assert _migrations(path) == before_migrations
    with Catalog.open(path, read_only=True) as reader:  # a reader finds it up to date too
        assert reader.notes.counts() == (2, 3)
