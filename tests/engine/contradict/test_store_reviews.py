"""Review decisions leave an old index and enter a new one through the contradiction store
(what `--rebuild` does to keep them)."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine.contradict import store
from engine.errors import EngineError
from engine.store.catalog import Catalog


def test_reviews_exported_from_a_catalog_file_import_into_a_new_one(tmp_path: Path) -> None:
    old = tmp_path / "old.sqlite3"
    with Catalog.open(old) as catalog:
        store.dismiss(catalog, ("b" * 8, "a" * 8))
        store.resolve(catalog, ("c" * 8, "d" * 8), "b")
    reviews = store.export_reviews(old)
    assert sorted((r.a_hash, r.state, r.current_side) for r in reviews) == [
        ("a" * 8, "dismissed", None),
        ("c" * 8, "resolved", "b"),
    ]
    with Catalog.open(tmp_path / "new.sqlite3") as fresh:
        assert store.review_of(fresh, ("a" * 8, "b" * 8)) == ("open", None)
        store.import_reviews(fresh, reviews)
        assert store.review_of(fresh, ("a" * 8, "b" * 8)) == ("dismissed", None)
        assert store.review_of(fresh, ("c" * 8, "d" * 8)) == ("resolved", "b")
        store.import_reviews(fresh, reviews)  # again: the same decisions, not duplicates
        assert fresh.execute("SELECT count(*) FROM reviews") == [(2,)]


def test_a_file_that_is_no_catalog_cannot_be_exported(tmp_path: Path) -> None:
    junk = tmp_path / "junk.sqlite3"
    junk.write_bytes(b"not a database at all" * 100)
    with pytest.raises(EngineError):
        store.export_reviews(junk)


def test_the_contradiction_tables_are_in_the_catalog_schema(tmp_path: Path) -> None:
    from engine.store.schema import MIGRATIONS

    ours = [m for m in MIGRATIONS if m.name == "0002_contradictions"]
    assert len(ours) == 1 and "CREATE TABLE reviews" in ours[0].sql
    with Catalog.open(tmp_path / "c.sqlite3") as catalog:
        tables = {r[0] for r in catalog.execute("SELECT name FROM sqlite_schema")}
    assert {"claims", "claim_scans", "contradictions", "reviews"} <= tables
