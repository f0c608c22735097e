"""An index made by an earlier version (schema 0004) opens without a rebuild: the same
migration names and ids, no migration re-applied, only the new ones added (0005: the CJK
character-pair index, filled from the notes already there; 0006: the claims' word index, kept
in step with the claims; 0007: the claims' vectors, which sends every note to a new scan), its
rows and flags read."""

from __future__ import annotations

import dataclasses
import json
import shutil
import sqlite3
from pathlib import Path

from engine.contradict import store
from engine.store.catalog import Catalog
from engine.store.schema import MIGRATIONS

DATA = Path(__file__).parent / "data"
OLD_NAMES = ["0001_initial", "0002_contradictions", "0003_notes_fts", "0004_notes_fts_porter"]
NEW_NAMES = ["0005_notes_cjk", "0006_claims_fts", "0007_claim_vectors"]


def _without_new_tables(schema: list[list[object]]) -> list[list[object]]:
    return [
        row
        for row in schema
        if not str(row[2]).startswith("notes_cjk")
        and not str(row[1]).startswith("claims_fts")
        and row[2] != "claim_vectors"
    ]


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
    assert [m.name for m in MIGRATIONS] == OLD_NAMES + NEW_NAMES


def test_a_new_catalog_has_the_schema_the_old_code_made(tmp_path: Path) -> None:
    path = tmp_path / "catalog.sqlite3"
    Catalog.open(path).close()
    recorded = json.loads((DATA / "catalog_schema_0004.json").read_text(encoding="utf-8"))
    assert _without_new_tables(_schema(path)) == recorded
    assert any(row[1] == "notes_cjk" for row in _schema(path))
    assert [name for _, name, _ in _migrations(path)] == OLD_NAMES + NEW_NAMES


def test_an_index_made_by_the_old_code_opens_without_a_rebuild(tmp_path: Path) -> None:
    path = tmp_path / "catalog.sqlite3"
    shutil.copy(DATA / "catalog_0004.sqlite3", path)
    before_schema, before_migrations = _schema(path), _migrations(path)
    with Catalog.open(path) as catalog:
        assert catalog.schema_version() == 7
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
        # the claim vectors that collection held are to be dropped, and every note rescanned
        assert catalog.state.legacy_claims_collection == "cons-x-claims"
        assert catalog.execute("SELECT count(*) FROM claim_scans") == [(0,)]
        assert sorted(store.stale_notes(catalog)) == ["alpha.md", "folder/beta.md"]
        assert store.review_of(catalog, ("aaa", "bbb")) == ("resolved", "b")
        _claims_are_found_by_their_words(catalog)
    assert _without_new_tables(_schema(path)) == before_schema
    after = _migrations(path)
    assert after[: len(before_migrations)] == before_migrations
    assert [name for _, name, _ in after[len(before_migrations) :]] == NEW_NAMES
    with Catalog.open(path, read_only=True) as reader:  # a reader finds it up to date too
        assert reader.notes.counts() == (2, 3)


def _claims_are_found_by_their_words(catalog: Catalog) -> None:
    """Claims written after the migration are in the word index, and leave it with their
    note; a claim written again under its id is found by its new words only."""
    claim = store.ClaimRow(
        id="c1/0",
        note_path="alpha.md",
        chunk_id="c1",
        ordinal=0,
        text="The Velloran ferry leaves at dawn.",
        context="",
        text_hash="h1",
    )
    store.save_scan(catalog, scanned=[("alpha.md", "x")], claims=[claim], pairs=[])
    assert [c.id for c in store.claims_with_phrases(catalog, [("velloran", "ferry")])] == ["c1/0"]
    assert store.claims_with_phrases(catalog, [("ferry", "velloran")]) == []
    moved = dataclasses.replace(claim, text="The Ashgrove ferry leaves at noon.")
    store.save_scan(catalog, scanned=[("folder/beta.md", "y")], claims=[moved], pairs=[])
    assert store.claims_with_phrases(catalog, [("velloran",)]) == []
    assert [c.text for c in store.claims_with_phrases(catalog, [("ashgrove",)])] == [moved.text]
    catalog.fulltext.check()
    catalog.execute("INSERT INTO claims_fts (claims_fts) VALUES ('integrity-check')")
