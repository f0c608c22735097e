"""The semantic source answers from the in-memory vector mirror once warm, and the mirror
says exactly what Chroma says about the demo vault."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pytest

from engine.search.query import parse_query
from engine.search.service import SearchFilters, SearchRequest

if TYPE_CHECKING:
    from tests.engine.search.conftest import DemoIndex


QUERIES = ("sampling interval", "how do I calibrate the river gauge", "budget", "meeting notes")


pytestmark = pytest.mark.slow  # the demo vault indexed with the real model


def test_warm_service_is_mirrored_and_agrees_with_chroma(demo: DemoIndex) -> None:
    vectors = demo.workspace.vectors
    assert vectors.mirrored, "warm_up should leave the semantic source on the mirror"
    embedder = demo.workspace.embedder()
    for text in QUERIES:
        vec = embedder.embed_query(text)
        mine = vectors.nearest(vec, k=30)
        chroma = vectors.query(vec, k=30)
        # Chroma's HNSW index is approximate: far down the list it may skip a chunk, so
        # similarities are compared chunk by chunk, not rank by rank
        theirs = {h.id: h.similarity for h in chroma}
        shared = [h for h in mine if h.id in theirs]
        assert len(shared) >= 25, text
        for hit in shared:
            assert abs(hit.similarity - theirs[hit.id]) < 1e-4, (text, hit.id)

        # the same chunks in the same order; chunks of equal similarity (a note and its
        # duplicate) may come in either order
        def order(hits: list) -> list[tuple[float, str, str]]:
            top = hits[:10]
            return sorted((-round(h.similarity, 4), h.id, h.metadata["note_path"]) for h in top)

        assert order(mine) == order(chroma), text


def test_filtered_semantic_search_keeps_only_allowed_notes(demo: DemoIndex) -> None:
    notes = demo.workspace.catalog.notes.manifest()
    folder = sorted({p.rsplit("/", 1)[0] for p in notes if "/" in p})[0]
    request = SearchRequest(
        query=parse_query("notes about measurements"), filters=SearchFilters(folder=folder)
    )
    hits = demo.service.source("semantic").search(request)
    assert hits, folder
    assert all(h.note_path.startswith(folder + "/") for h in hits)
    inside = {p for p in notes if p.startswith(folder + "/")}
    assert {h.note_path for h in hits} <= inside
