"""Claim vectors kept in the catalog: written, replaced, removed, found by text hash, and
searched exactly (the nearest claims of a query, as a brute-force cosine ranks them)."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from engine.contradict.store import ClaimVectors
from engine.store.catalog import Catalog

DIM = 8


def _unit(rng: np.random.Generator, n: int) -> np.ndarray:
    v = rng.normal(size=(n, DIM)).astype(np.float32)
    out: np.ndarray = v / np.linalg.norm(v, axis=1, keepdims=True)
    return out


@pytest.fixture
def catalog(tmp_path: Path):  # type: ignore[no-untyped-def]
    with Catalog.open(tmp_path / "catalog.sqlite3") as cat:
        yield cat


def _fill(vectors: ClaimVectors, vecs: np.ndarray) -> list[str]:
    ids = [f"c{i:03d}/0" for i in range(len(vecs))]
    metas = [{"note_path": f"n{i % 5}.md", "text_hash": f"h{i}"} for i in range(len(vecs))]
    vectors.upsert(ids, vecs, metas)
    return ids


def test_rows_round_trip_and_leave_with_their_notes(catalog: Catalog) -> None:
    store = ClaimVectors(catalog, dimension=DIM)
    vecs = _unit(np.random.default_rng(1), 20)
    ids = _fill(store, vecs)
    assert store.count() == 20 and store.all_ids() == set(ids)
    got = store.get_embeddings([ids[3], "missing"])
    assert list(got) == [ids[3]]
    np.testing.assert_allclose(got[ids[3]], vecs[3], atol=1e-3)  # float16 on disk
    assert store.hashes_for_notes(["n1.md"]) == {ids[i]: f"h{i}" for i in (1, 6, 11, 16)}
    assert set(store.embeddings_by_text_hash(["h2", "h99"])) == {"h2"}
    # written again under its id: the new vector and hash replace the old
    store.upsert([ids[3]], vecs[4:5], [{"note_path": "n3.md", "text_hash": "new"}])
    assert store.count() == 20
    np.testing.assert_allclose(store.get_embeddings([ids[3]])[ids[3]], vecs[4], atol=1e-3)
    assert store.hashes_for_notes(["n3.md"])[ids[3]] == "new"
    store.delete_notes(["n1.md"])
    store.delete([ids[0], "missing"])
    assert store.count() == 15 and ids[0] not in store.all_ids()
    store.reset()
    assert store.count() == 0


def test_upsert_rejects_what_it_cannot_store(catalog: Catalog) -> None:
    store = ClaimVectors(catalog, dimension=DIM)
    vecs = _unit(np.random.default_rng(2), 2)
    meta = {"note_path": "a.md", "text_hash": "h"}
    with pytest.raises(ValueError, match="vectors of 8"):
        store.upsert(["a", "b"], vecs[:, :4], [meta, meta])
    with pytest.raises(ValueError, match="duplicate"):
        store.upsert(["a", "a"], vecs, [meta, meta])
    assert store.count() == 0


def test_the_search_is_exact_across_blocks(catalog: Catalog, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    import engine.contradict.store as module

    monkeypatch.setattr(module, "_BLOCK", 7)  # many blocks: the merge across them is tested
    store = ClaimVectors(catalog, dimension=DIM)
    rng = np.random.default_rng(3)
    vecs = _unit(rng, 60)
    ids = _fill(store, vecs)
    stored = vecs.astype(np.float16).astype(np.float32)
    queries = _unit(rng, 4) * 3.0  # not unit length: the search normalises them
    hits = store.query_many(queries, k=5, include_embeddings=True)
    unit = queries / np.linalg.norm(queries, axis=1, keepdims=True)
    for q, found in zip(unit, hits, strict=True):
        sims = stored @ q
        expected = [ids[i] for i in np.argsort(-sims)[:5]]
        assert [h.id for h in found] == expected
        assert [h.similarity for h in found] == sorted((h.similarity for h in found), reverse=True)
        first = found[0]
        i = ids.index(first.id)
        assert first.similarity == pytest.approx(float(sims[i]), abs=1e-5)
        assert first.metadata == {"note_path": f"n{i % 5}.md", "text_hash": f"h{i}"}
        assert first.embedding is not None
        np.testing.assert_allclose(first.embedding, stored[i], atol=1e-6)
    assert store.query_many(queries[:0], k=5) == []
    assert store.query_many(queries, k=0) == [[], [], [], []]
