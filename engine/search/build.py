"""Assemble a SearchService over an opened workspace: three sources and the merge context."""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Protocol

from engine.search.config import MergeConfig
from engine.search.connections import ConnectionsFinder
from engine.search.dedup import normalise_tokens
from engine.search.directory import NoteDirectory
from engine.search.service import MergeContext, SearchRequest, SearchService, Source
from engine.search.sources.graph import GraphSource
from engine.search.sources.semantic import SemanticSource
from engine.search.sources.text import TextSource, ThreadCatalogs
from engine.search.types import Hit

if TYPE_CHECKING:
    from engine.embed.protocol import Embedder
    from engine.paths import IndexPaths
    from engine.store.graph import LinkGraph
    from engine.store.vectors import VectorStore

CONTEXT_NOTES = 30  # notes per query whose tokens/vectors feed near-dup detection and MMR


class SearchableIndex(Protocol):
    """What a search service is built over (an opened `engine.workspace.Workspace`)."""

    paths: IndexPaths
    graph: LinkGraph
    vectors: VectorStore

    def embedder(self) -> Embedder: ...


class NoteTokenCache:
    """Normalised token sets of whole notes (for near-duplicate detection), LRU-cached by
    path and content hash so an edited note is re-read."""

    def __init__(self, catalogs: ThreadCatalogs, *, size: int = 4096) -> None:
        self._catalogs = catalogs
        self._cache: OrderedDict[tuple[str, str], frozenset[str]] = OrderedDict()
        self._size = size
        self._lock = threading.Lock()

    def get_many(self, paths: Sequence[str]) -> dict[str, frozenset[str]]:
        catalog = self._catalogs.get()
        hashes = catalog.notes.content_hashes(paths)
        out: dict[str, frozenset[str]] = {}
        missing: list[str] = []
        with self._lock:
            for p in paths:
                key = (p, hashes.get(p, ""))
                if key in self._cache:
                    self._cache.move_to_end(key)
                    out[p] = self._cache[key]
                elif p in hashes:
                    missing.append(p)
        if missing:
            texts = catalog.notes.note_texts(missing)
            with self._lock:
                for p in missing:
                    tokens = normalise_tokens(texts.get(p, ""))
                    out[p] = tokens
                    self._cache[(p, hashes[p])] = tokens
                while len(self._cache) > self._size:
                    self._cache.popitem(last=False)
        return out


def reader_catalogs(catalog_path: Path) -> ThreadCatalogs:
    """Read-only catalog connections of `catalog_path`, one per thread."""
    from engine.store.catalog import Catalog

    return ThreadCatalogs(lambda: Catalog.open(catalog_path, read_only=True, check=False))


def build_search_service(
    workspace: SearchableIndex,
    *,
    config: MergeConfig | None = None,
    timeout_s: float = 2.0,
    catalogs: ThreadCatalogs | None = None,
    directory: NoteDirectory | None = None,
) -> SearchService:
    """The search service over `workspace`. It reads the catalog through `catalogs` (one
    read-only connection per thread; made here and closed with the service when None).
    Searching never starts the in-memory vector mirror: a long-lived process asks for it
    with `Workspace.start_vector_mirror`."""
    owned = catalogs is None
    readers = reader_catalogs(workspace.paths.catalog) if catalogs is None else catalogs
    directory = directory or NoteDirectory(workspace.graph)
    graph_source = GraphSource(workspace.graph, directory)
    semantic = SemanticSource(
        vectors=workspace.vectors,
        embedder=workspace.embedder,
        catalogs=readers,
        directory=directory,
    )
    sources: list[Source] = [semantic, TextSource(readers, directory), graph_source]
    tokens = NoteTokenCache(readers)

    def context(request: SearchRequest, hits: Mapping[str, Sequence[Hit]]) -> MergeContext:
        best: dict[str, tuple[float, str | None]] = {}
        for source_hits in hits.values():
            for h in source_hits:
                cur = best.get(h.note_path)
                if cur is None or h.relevance > cur[0]:
                    best[h.note_path] = (h.relevance, h.chunk_id or (cur[1] if cur else None))
        top = sorted(best, key=lambda p: (-best[p][0], p))[:CONTEXT_NOTES]
        chunk_ids = [c for p in top if (c := best[p][1])]
        # Vectors the semantic query already returned, plus the rest in one fetch.
        vectors = semantic.known_vectors(chunk_ids)
        missing = [c for c in chunk_ids if c not in vectors]
        if missing:  # one batched fetch beats token-set similarity in MMR by far
            vectors.update(workspace.vectors.get_embeddings(missing))
        return MergeContext(
            note_tokens=tokens.get_many(top),
            chunk_vectors=vectors,
            query_entities=graph_source.query_entities(request) if "graph" in hits else frozenset(),
        )

    def contradictions(paths: Sequence[str]) -> tuple[object, ...]:
        from engine.contradict.store import lookup

        return lookup(readers.get(), paths)

    service = SearchService(
        sources=sources,
        config=config,
        timeout_s=timeout_s,
        context=context,
        contradictions=contradictions,
        allowed=directory.allowed,
    )
    original_close = service.close

    def close() -> None:
        original_close()
        if owned:
            readers.close()

    service.close = close  # type: ignore[method-assign]
    return service


def build_connections_finder(
    workspace: SearchableIndex, *, catalogs: ThreadCatalogs, directory: NoteDirectory
) -> ConnectionsFinder:
    """Connections of single notes over `workspace` (the stores a search service reads)."""
    tokens = NoteTokenCache(catalogs)

    def contradictions(path: str) -> tuple[object, ...]:
        from engine.contradict.store import involving

        return involving(catalogs.get(), path)

    return ConnectionsFinder(
        directory=directory,
        graph=workspace.graph,
        vectors=workspace.vectors,
        catalogs=catalogs,
        note_tokens=tokens.get_many,
        contradictions=contradictions,
    )
