"""Keeps claims and contradiction pairs in step with the index.

`ContradictionScanner.update(changed, removed)` runs after the indexer, for the notes it
touched:

1. extract the claims of each changed note from its stored chunks (`extract_claims`);
2. embed them with the packaged MiniLM (the scorer is calibrated on it), reusing any vector the
   claims collection already holds for the same text hash, and replace the notes' vectors in
   the claims collection (a second Chroma collection, metadata `note_path`, `text_hash`);
3. for each claim, ask the claims collection for its `k` nearest claims of *other* notes
   (`where note_path $ne`) and keep those at or above the similarity gate — nearest-neighbour
   queries only, never all pairs;
4. score the candidates with `PairScorer.score_many` (vectors passed in) and keep those at or
   above the scorer's threshold;
5. in one catalog transaction: replace the notes' claims and every pair involving them, and
   record the content hash they were scanned from (see `store.py` for crash safety).
"""

from __future__ import annotations

import hashlib
import logging
import time
from collections.abc import Callable, Iterable, Sequence
from typing import TYPE_CHECKING, cast

import numpy as np

from engine.contradict import store
from engine.contradict.claims import extract_claims
from engine.contradict.store import ClaimRow, PairRow
from engine.contradict.types import ScanStats, Side

if TYPE_CHECKING:
    from engine.contradict.scorer import PairScorer
    from engine.embed.embedder import Embedder
    from engine.store.catalog import Catalog
    from engine.store.vectors import VectorStore

log = logging.getLogger(__name__)

#: Cosine similarity a claim pair needs before it is scored. On the demo vault the planted
#: contradictions sit at 0.61 (the gateway-coverage pair, a paraphrase) to 0.99; consistent
#: pairs on the same subject also reach 0.9, so the gate only prunes unrelated claims and the
#: scorer decides. 0.55 keeps a margin below the lowest planted pair.
SIMILARITY_GATE = 0.55
#: Nearest claims of other notes asked for each claim.
NEIGHBOURS = 8
#: Notes per extraction/embedding batch (a full scan is batched, a kill loses little).
BATCH_NOTES = 256
SCORE_BATCH = 2048
#: From this many claims to look up, the candidate search loads every claim vector into one
#: matrix (`neighbours.py`) instead of asking the claims collection note by note.
IN_MEMORY_QUERIES = 256
#: A live edit asks for this many times NEIGHBOURS and drops the note's own claims.
OWN_NOTE_ROOM = 4


def claim_hash(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def claims_collection_name(chunk_collection: str) -> str:
    return f"{chunk_collection}-claims"


class ContradictionScanner:
    """Extracts claims, finds candidate pairs by nearest neighbours and stores scored pairs."""

    def __init__(
        self,
        catalog: Catalog,
        claim_vectors: VectorStore,
        embedder_factory: Callable[[], Embedder],
        scorer: PairScorer,
        *,
        neighbours: int = NEIGHBOURS,
        gate: float = SIMILARITY_GATE,
    ) -> None:
        self._catalog = catalog
        self._vectors = claim_vectors
        self._embedder_factory = embedder_factory
        self._embedder: Embedder | None = None
        self._scorer = scorer
        self._k = neighbours
        self._gate = gate

    @property
    def scorer(self) -> PairScorer:
        return self._scorer

    def _embed(self, texts: Sequence[str]) -> np.ndarray:
        if self._embedder is None:
            self._embedder = self._embedder_factory()
        return np.asarray(self._embedder.embed(list(texts)), dtype=np.float32)

    # -- public -------------------------------------------------------------------------

    def full_scan(self) -> ScanStats:
        """Rescan every indexed note (first run), and drop claim vectors nobody owns."""
        stats = self.update(store.indexed_notes(self._catalog), ())
        ghosts = self._vectors.all_ids() - store.claim_ids(self._catalog)
        if ghosts:
            self._vectors.delete(sorted(ghosts))
        return stats

    def update(self, changed: Iterable[str], removed: Iterable[str]) -> ScanStats:
        """Rescan the claims of `changed` notes and drop those of `removed` notes."""
        started = time.perf_counter()
        changed_list = list(dict.fromkeys(changed))
        removed_list = [p for p in dict.fromkeys(removed) if p not in set(changed_list)]
        info = store.note_info(self._catalog, changed_list)
        # Notes that are not indexed (pending, or gone since) stay stale for the next run.
        paths = [p for p in changed_list if p in info]

        if removed_list:
            self._vectors.delete_notes(removed_list)

        new_claims: dict[str, ClaimRow] = {}
        vectors: dict[str, np.ndarray] = {}  # text hash -> vector
        embedded = 0
        for start in range(0, len(paths), BATCH_NOTES):
            batch = paths[start : start + BATCH_NOTES]
            claims = self._extract(batch)
            embedded += self._write_vectors(batch, claims, vectors)
            new_claims.update((c.id, c) for c in claims)

        pairs, candidates = self._find_pairs(paths, new_claims, vectors)
        store.save_scan(
            self._catalog,
            scanned=[(p, info[p][0]) for p in paths],
            claims=list(new_claims.values()),
            pairs=pairs,
            removed=removed_list,
        )
        stats = ScanStats(
            notes=len(paths),
            removed=len(removed_list),
            claims=len(new_claims),
            embedded=embedded,
            candidates=candidates,
            contradictions=len(pairs),
            seconds=time.perf_counter() - started,
        )
        log.info("contradiction scan: %s", stats.to_dict())
        return stats

    # -- steps --------------------------------------------------------------------------

    def _extract(self, paths: Sequence[str]) -> list[ClaimRow]:
        out: list[ClaimRow] = []
        for path in paths:
            n = 0
            for chunk in self._catalog.chunks_for(path):
                for claim in extract_claims(chunk.text, heading_path=chunk.heading_path):
                    out.append(
                        ClaimRow(
                            id=f"{chunk.id}/{n}",
                            note_path=path,
                            chunk_id=chunk.id,
                            ordinal=n,
                            text=claim.text,
                            context=claim.context,
                            text_hash=claim_hash(claim.text),
                        )
                    )
                    n += 1
        return out

    def _write_vectors(
        self, paths: Sequence[str], claims: Sequence[ClaimRow], vectors: dict[str, np.ndarray]
    ) -> int:
        """Embed what is not known by text hash, replace the notes' claim vectors."""
        need = {c.text_hash for c in claims if c.text_hash not in vectors}
        if need:
            for h, vec in self._vectors.embeddings_by_text_hash(need).items():
                vectors[h] = np.asarray(vec, dtype=np.float32)
        missing = list({c.text_hash: c.text for c in claims if c.text_hash not in vectors}.items())
        if missing:
            embedded = self._embed([t for _, t in missing])
            for i, (h, _) in enumerate(missing):
                vectors[h] = embedded[i]
        # Only what changed is written: rewriting an unchanged vector costs an index update.
        stored = self._vectors.hashes_for_notes(paths)  # claim id -> text hash
        wanted = {c.id for c in claims}
        gone = [cid for cid in stored if cid not in wanted]
        if gone:
            self._vectors.delete(gone)
        write = [c for c in claims if stored.get(c.id) != c.text_hash]
        if write:
            self._vectors.upsert(
                [c.id for c in write],
                np.vstack([vectors[c.text_hash] for c in write]).astype(np.float32),
                [{"note_path": c.note_path, "text_hash": c.text_hash} for c in write],
            )
        return len(missing)

    def _find_pairs(
        self,
        paths: Sequence[str],
        new_claims: dict[str, ClaimRow],
        vectors: dict[str, np.ndarray],
    ) -> tuple[list[PairRow], int]:
        # 1. nearest claims of other notes, above the gate
        by_note: dict[str, dict[str, ClaimRow]] = {}
        for claim in new_claims.values():  # one query per distinct claim text of a note
            by_note.setdefault(claim.note_path, {}).setdefault(claim.text_hash, claim)
        queries = sum(len(c) for c in by_note.values())
        if queries >= IN_MEMORY_QUERIES:
            raw = self._candidates_in_memory(by_note, new_claims, vectors)
        else:
            raw = self._candidates_from_store(by_note, vectors)
        if not raw:
            return [], 0
        # 2. the other sides: just written (memory) or stored (catalog); ghosts are skipped
        unknown = {other for _, other, _ in raw.values() if other not in new_claims}
        stored = store.claims_by_id(self._catalog, unknown)
        candidates: list[tuple[ClaimRow, ClaimRow, np.ndarray, np.ndarray]] = []
        # a sentence repeated within a note gives one pair per pair of notes, not several
        seen: set[tuple[str, str, str, str]] = set()
        for claim, other_id, emb in raw.values():
            other = new_claims.get(other_id) or stored.get(other_id)
            if other is None or other.note_path == claim.note_path:
                continue
            other_vec = vectors.get(other.text_hash)
            if other_vec is None:
                other_vec = np.asarray(emb, dtype=np.float32) if emb is not None else None
            if other_vec is None:
                continue
            a, b, va, vb = claim, other, vectors[claim.text_hash], other_vec
            if b.text_hash < a.text_hash:
                a, b, va, vb = b, a, vb, va
            key = (a.note_path, b.note_path, a.text_hash, b.text_hash)
            if key in seen:
                continue
            seen.add(key)
            candidates.append((a, b, va, vb))
        # 3. score
        dates = store.note_info(
            self._catalog, {c.note_path for a, b, _, _ in candidates for c in (a, b)}
        )
        if len(candidates) > SCORE_BATCH:
            candidates = _in_locality_order(candidates)
        pairs: list[PairRow] = []
        threshold = self._scorer.threshold
        for start in range(0, len(candidates), SCORE_BATCH):
            part = candidates[start : start + SCORE_BATCH]
            scores = self._scorer.score_many(
                [(a.text, b.text) for a, b, _, _ in part],
                a_vecs=np.vstack([va for _, _, va, _ in part]),
                b_vecs=np.vstack([vb for _, _, _, vb in part]),
            )
            for (a, b, _, _), score in zip(part, scores, strict=True):
                if score.confidence < threshold:
                    continue
                a_mod = dates.get(a.note_path, ("", "", ""))[2]
                b_mod = dates.get(b.note_path, ("", "", ""))[2]
                pairs.append(
                    PairRow(
                        a=a,
                        b=b,
                        confidence=score.confidence,
                        similarity=score.similarity,
                        type=score.type,
                        explanations=score.explanations,
                        newer=cast(Side | None, store.newer_side(a_mod, b_mod)),
                    )
                )
        return pairs, len(candidates)

    def _candidates_from_store(
        self, by_note: dict[str, dict[str, ClaimRow]], vectors: dict[str, np.ndarray]
    ) -> dict[tuple[str, str], tuple[ClaimRow, str, np.ndarray | None]]:
        """A few notes (a live edit): ask the claims collection, note by note."""
        raw: dict[tuple[str, str], tuple[ClaimRow, str, np.ndarray | None]] = {}
        for path, claims in by_note.items():
            queries = list(claims.values())
            # Unfiltered, with room for the note's own claims: a `$ne` metadata filter makes
            # the store scan every claim (seconds on a large vault).
            results = self._vectors.query_many(
                np.vstack([vectors[c.text_hash] for c in queries]),
                k=self._k * OWN_NOTE_ROOM,
                include_embeddings=True,
            )
            for claim, found in zip(queries, results, strict=True):
                hits = [h for h in found if h.metadata.get("note_path") != path][: self._k]
                for hit in hits:
                    if hit.similarity < self._gate:
                        break  # nearest first
                    if str(hit.metadata.get("text_hash", "")) == claim.text_hash:
                        continue  # the same sentence in two notes agrees with itself
                    key = (claim.id, hit.id) if claim.id < hit.id else (hit.id, claim.id)
                    if key not in raw:
                        raw[key] = (claim, hit.id, hit.embedding)
        return raw

    def _candidates_in_memory(
        self,
        by_note: dict[str, dict[str, ClaimRow]],
        new_claims: dict[str, ClaimRow],
        vectors: dict[str, np.ndarray],
    ) -> dict[tuple[str, str], tuple[ClaimRow, str, np.ndarray | None]]:
        """Many notes (a full scan): every claim vector in one matrix (`neighbours.py`)."""
        from engine.contradict.neighbours import nearest_in_other_groups

        rescanned = set(by_note)
        others = [c for c in store.all_claims(self._catalog) if c.note_path not in rescanned]
        stored = self._vectors.get_embeddings([c.id for c in others]) if others else {}
        base_rows = list(new_claims.values()) + [c for c in others if c.id in stored]
        base_vecs = [vectors[c.text_hash] for c in new_claims.values()] + [
            np.asarray(stored[c.id], dtype=np.float32) for c in others if c.id in stored
        ]
        groups: dict[str, int] = {}
        base_groups = np.array(
            [groups.setdefault(c.note_path, len(groups)) for c in base_rows], dtype=np.int64
        )
        base = np.vstack(base_vecs).astype(np.float32)
        query_rows = [c for claims in by_note.values() for c in claims.values()]
        found = nearest_in_other_groups(
            np.vstack([vectors[c.text_hash] for c in query_rows]).astype(np.float32),
            np.array([groups[c.note_path] for c in query_rows], dtype=np.int64),
            base,
            base_groups,
            k=self._k,
            gate=self._gate,
        )
        raw: dict[tuple[str, str], tuple[ClaimRow, str, np.ndarray | None]] = {}
        for claim, hits in zip(query_rows, found, strict=True):
            for index, _ in hits:
                other = base_rows[index]
                if other.text_hash == claim.text_hash:
                    continue  # the same sentence in two notes agrees with itself
                key = (claim.id, other.id) if claim.id < other.id else (other.id, claim.id)
                if key not in raw:
                    raw[key] = (claim, other.id, base[index])
        return raw


def _in_locality_order(
    candidates: list[tuple[ClaimRow, ClaimRow, np.ndarray, np.ndarray]],
) -> list[tuple[ClaimRow, ClaimRow, np.ndarray, np.ndarray]]:
    """The candidate pairs cluster by cluster (see `neighbours.locality_order_of`), from one
    row per distinct claim vector."""
    from engine.contradict.neighbours import locality_order_of

    row_of: dict[int, int] = {}
    rows: list[np.ndarray] = []

    def row(vec: np.ndarray) -> int:
        key = id(vec)
        found = row_of.get(key)
        if found is None:
            found = row_of[key] = len(rows)
            rows.append(vec)
        return found

    a_rows = np.array([row(va) for _, _, va, _ in candidates], dtype=np.int64)
    b_rows = np.array([row(vb) for _, _, _, vb in candidates], dtype=np.int64)
    matrix = np.vstack(rows).astype(np.float32, copy=False)
    order = locality_order_of(a_rows, b_rows, matrix, pairs=len(candidates))
    return [candidates[i] for i in order]
