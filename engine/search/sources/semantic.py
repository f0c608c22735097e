"""The meaning source: nearest chunks in Chroma, grouped per note, best chunks as excerpts."""

from __future__ import annotations

import re
import threading
from collections import OrderedDict
from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, Any

from engine.search.directory import NoteDirectory
from engine.search.service import SearchRequest
from engine.search.sources.excerpts import make_excerpt
from engine.search.sources.text import ThreadCatalogs
from engine.search.types import Hit

if TYPE_CHECKING:
    from engine.embed.embedder import Embedder
    from engine.store.vectors import VectorStore

_WORD = re.compile(r"\w+")
VECTOR_CACHE = 20_000  # chunk embeddings remembered for MMR (~30 MB at 384 floats)
CHUNKS_PER_NOTE = 3  # nearest chunks fetched per wanted note
EXCERPTS_PER_NOTE = 2


class SemanticSource:
    name = "semantic"

    def __init__(
        self,
        *,
        vectors: VectorStore,
        embedder: Callable[[], Embedder],
        catalogs: ThreadCatalogs,
        directory: NoteDirectory,
    ) -> None:
        self._vectors = vectors
        self._embedder = embedder
        self._catalogs = catalogs
        self._directory = directory
        self._vectors_seen: OrderedDict[str, Any] = OrderedDict()  # chunk id -> embedding
        self._seen_lock = threading.Lock()

    def known_vectors(self, chunk_ids: Iterable[str]) -> dict[str, Any]:
        """Embeddings of chunks recent queries returned (MMR reuses them: no second fetch)."""
        with self._seen_lock:
            return {c: self._vectors_seen[c] for c in chunk_ids if c in self._vectors_seen}

    def warm_up(self) -> None:
        """Load the model now (seconds), so the first query does not time out; and wait for
        the in-memory vectors if they are loading."""
        self._embedder().embed_query("warm up")
        self._vectors.wait_mirror(timeout=60)

    def trust(self, request: SearchRequest) -> float:
        """How far the model can judge this query: the share of its words (letters, two or
        more) the model's vocabulary holds whole. An English model cuts German words into
        pieces and reads a CJK run as one unknown word; 1.0 for a query without words."""
        words = [w for w in _WORD.findall(request.query.text) if len(w) > 1 and not w.isdigit()]
        if not words:
            return 1.0
        pieces = self._embedder().count_tokens(words)
        return sum(1 for n in pieces if n == 1) / len(words)

    def search(self, request: SearchRequest) -> list[Hit]:
        query = request.query
        if not query.text:
            return []
        notes = self._directory.snapshot()
        filters = request.filters
        allowed = self._directory.allowed(filters)
        if allowed is not None and not allowed:
            return []
        k = request.depth * CHUNKS_PER_NOTE
        vec = self._embedder().embed_query(query.text)
        if self._vectors.mirrored:
            found = self._vectors.nearest(vec, k=k, notes=allowed)
        else:  # Chroma answers until the in-memory mirror has loaded
            found = self._vectors.nearest(vec, k=k, notes=allowed, where=_where(allowed))
            with self._seen_lock:
                for hit in found:
                    if hit.embedding is not None:
                        self._vectors_seen[hit.id] = hit.embedding
                        self._vectors_seen.move_to_end(hit.id)
                while len(self._vectors_seen) > VECTOR_CACHE:
                    self._vectors_seen.popitem(last=False)

        per_note: dict[str, list[tuple[float, str]]] = {}
        for hit in found:
            path = str(hit.metadata.get("note_path", ""))
            if not path or (allowed is not None and path not in allowed):
                continue
            per_note.setdefault(path, []).append((hit.similarity, hit.id))
        ranked = sorted(per_note.items(), key=lambda kv: (-max(s for s, _ in kv[1]), kv[0]))
        ranked = ranked[: request.depth]
        for _, items in ranked:
            items.sort(key=lambda t: (-t[0], t[1]))
        # Only each note's best chunk gives an excerpt; the others are named by id.
        chunks = self._catalogs.get().notes.chunks_by_id(items[0][1] for _, items in ranked)
        hits: list[Hit] = []
        for rank, (path, items) in enumerate(ranked, start=1):
            best_sim, best_id = items[0]
            meta = notes.get(path)
            rec = chunks.get(best_id)
            excerpt = None
            if rec is not None:
                excerpt = make_excerpt(
                    source=self.name,
                    chunk_id=rec.id,
                    text=rec.text,
                    heading_path=rec.heading_path,
                    needles=query.exact_needles,
                    terms=query.loose_terms,
                )
            extra = [cid for _, cid in items[1:EXCERPTS_PER_NOTE]]
            hits.append(
                Hit(
                    source=self.name,
                    note_path=path,
                    chunk_id=best_id,
                    rank=rank,
                    raw_score=best_sim,
                    relevance=max(0.0, min(1.0, best_sim)),
                    match_type="semantic",
                    excerpt=excerpt,
                    title=meta.title if meta else path,
                    timestamp=meta.date if meta else None,
                    entities=meta.entities if meta else (),
                    metadata={"similarity": round(best_sim, 4), "other_chunks": extra},
                )
            )
        return hits


def _where(allowed: frozenset[str] | None) -> dict[str, Any] | None:
    """Chroma's metadata filter for the notes the request's filters allow (the directory has
    already read folder, tag and note date: one rule for every source)."""
    return None if allowed is None else {"note_path": {"$in": sorted(allowed)}}
