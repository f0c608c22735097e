"""The contradiction scan's pair search as it was before the claim table (one `ClaimRow` and
one vector object per claim, dicts of candidates): the reference the streamed scan must match
pair for pair and score for score. Computes pairs only; writes nothing but the (unchanged)
claim vectors the old scan wrote too."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import numpy as np

from engine.contradict import scan, store
from engine.contradict.candidates import locality_order_of, nearest_in_other_groups
from engine.contradict.claim import extract_claims
from engine.contradict.scan import ScanConfig
from engine.contradict.scorer import PairScorer
from engine.contradict.store import ClaimRow

Pair = tuple[str, str, str, float, float, str, tuple[str, ...], str | None]
Candidate = tuple[ClaimRow, ClaimRow, np.ndarray, np.ndarray]


class ReferenceScanner:
    def __init__(
        self,
        *,
        catalog: Any,
        claim_vectors: Any,
        embed: Callable[[Sequence[str]], np.ndarray],
        scorer: PairScorer,
        config: ScanConfig,
    ) -> None:
        self._catalog = catalog
        self._vectors = claim_vectors
        self._embed = embed
        self._scorer = scorer
        self._config = config
        self._k = config.neighbours
        self._gate = config.similarity_gate

    def pairs(self, changed: Sequence[str]) -> tuple[list[Pair], int]:
        """(pair id, a path, b path, confidence, similarity, type, explanations, newer) of the
        pairs an update of `changed` stores, and the number of candidates it scores."""
        info = store.note_info(self._catalog, changed)
        paths = [p for p in dict.fromkeys(changed) if p in info]
        new_claims: dict[str, ClaimRow] = {}
        vectors: dict[str, np.ndarray] = {}
        step = self._config.batch_notes
        for start in range(0, len(paths), step):
            batch = paths[start : start + step]
            claims = self._extract(batch)
            self._write_vectors(claims, vectors)
            new_claims.update((c.id, c) for c in claims)
        return self._find_pairs(new_claims, vectors)

    def _extract(self, paths: Sequence[str]) -> list[ClaimRow]:
        out: list[ClaimRow] = []
        for path in paths:
            n = 0
            for chunk in self._catalog.notes.chunks_for(path):
                for claim in extract_claims(chunk.text, heading_path=chunk.heading_path):
                    out.append(
                        ClaimRow(
                            id=f"{chunk.id}/{n}",
                            note_path=path,
                            chunk_id=chunk.id,
                            ordinal=n,
                            text=claim.text,
                            context=claim.context,
                            text_hash=scan.claim_hash(claim.text),
                        )
                    )
                    n += 1
        return out

    def _write_vectors(self, claims: Sequence[ClaimRow], vectors: dict[str, np.ndarray]) -> None:
        need = {c.text_hash for c in claims if c.text_hash not in vectors}
        if need:
            for h, vec in self._vectors.embeddings_by_text_hash(need).items():
                vectors[h] = np.asarray(vec, dtype=np.float32)
        missing = list({c.text_hash: c.text for c in claims if c.text_hash not in vectors}.items())
        if missing:
            embedded = self._embed([t for _, t in missing])
            for i, (h, _) in enumerate(missing):
                vectors[h] = embedded[i]

    def _find_pairs(
        self, new_claims: dict[str, ClaimRow], vectors: dict[str, np.ndarray]
    ) -> tuple[list[Pair], int]:
        by_note: dict[str, dict[str, ClaimRow]] = {}
        for claim in new_claims.values():
            by_note.setdefault(claim.note_path, {}).setdefault(claim.text_hash, claim)
        queries = sum(len(c) for c in by_note.values())
        if queries >= self._config.in_memory_queries:
            raw = self._candidates_in_memory(by_note, new_claims, vectors)
        else:
            raw = self._candidates_from_store(by_note, vectors)
        if not raw:
            return [], 0
        unknown = {other for _, other, _ in raw.values() if other not in new_claims}
        stored = store.claims_by_id(self._catalog, unknown)
        candidates: list[Candidate] = []
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
        dates = store.note_info(
            self._catalog, {c.note_path for a, b, _, _ in candidates for c in (a, b)}
        )
        batch_size = self._config.score_batch
        if len(candidates) > batch_size:
            candidates = _in_locality_order(candidates)
        headings = store.headings_of(
            self._catalog, {c.chunk_id for a, b, _, _ in candidates for c in (a, b)}
        )
        rows: list[store.PairRow] = []
        texts: dict[str, str] = {}
        for start in range(0, len(candidates), batch_size):
            part = candidates[start : start + batch_size]
            scores = self._scorer.score_many(
                [(a.text, b.text) for a, b, _, _ in part],
                # the scanner scores from half-width rows (its float32 matrix is freed
                # once the neighbours are found)
                a_vecs=np.vstack([va for _, _, va, _ in part]).astype(np.float16),
                b_vecs=np.vstack([vb for _, _, _, vb in part]).astype(np.float16),
                notes=[(a.note_path, b.note_path) for a, b, _, _ in part],
                headings=[
                    (headings.get(a.chunk_id), headings.get(b.chunk_id)) for a, b, _, _ in part
                ],
            )
            for (a, b, _, _), score in zip(part, scores, strict=True):
                if score.confidence < self._scorer.weak_threshold:
                    continue
                newer = store.newer_side(
                    dates.get(a.note_path, ("", "", ""))[2], dates.get(b.note_path, ("", "", ""))[2]
                )
                texts[a.id], texts[b.id] = a.text, b.text
                rows.append(
                    store.PairRow(
                        a_id=a.id,
                        a_path=a.note_path,
                        a_hash=a.text_hash,
                        b_id=b.id,
                        b_path=b.note_path,
                        b_hash=b.text_hash,
                        confidence=score.confidence,
                        similarity=score.similarity,
                        type=score.type,
                        explanations=score.explanations,
                        newer=newer,
                    )
                )
        # the same settling as the scan: a note stating both claims, values that vary by design
        mine = {(c.note_path, c.text_hash) for c in new_claims.values()}
        asked = {k for r in rows for k in ((r.a_path, r.b_hash), (r.b_path, r.a_hash))}
        held = mine | store.notes_holding(self._catalog, asked - mine)
        kept = scan.settle_pairs(rows, texts=texts, holds=lambda path, h: (path, h) in held)
        pairs: list[Pair] = [
            (
                f"{r.a_id}|{r.b_id}",
                r.a_path,
                r.b_path,
                r.confidence,
                r.similarity,
                r.type,
                r.explanations,
                r.newer,
            )
            for r in kept
        ]
        return pairs, len(candidates)

    def _candidates_from_store(
        self, by_note: dict[str, dict[str, ClaimRow]], vectors: dict[str, np.ndarray]
    ) -> dict[tuple[str, str], tuple[ClaimRow, str, np.ndarray | None]]:
        raw: dict[tuple[str, str], tuple[ClaimRow, str, np.ndarray | None]] = {}
        for path, claims in by_note.items():
            queries = list(claims.values())
            results = self._vectors.query_many(
                np.vstack([vectors[c.text_hash] for c in queries]),
                k=self._k * self._config.own_note_room,
                include_embeddings=True,
            )
            for claim, found in zip(queries, results, strict=True):
                hits = [h for h in found if h.metadata.get("note_path") != path][: self._k]
                for hit in hits:
                    if hit.similarity < self._gate:
                        break
                    if str(hit.metadata.get("text_hash", "")) == claim.text_hash:
                        continue
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
        rescanned = set(by_note)
        every = [
            ClaimRow(*row)
            for row in self._catalog.execute(
                "SELECT id, note_path, chunk_id, ordinal, text, context, text_hash FROM claims"
            )
        ]
        others = [c for c in every if c.note_path not in rescanned]
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
            config=self._config.neighbour_search,
        )
        raw: dict[tuple[str, str], tuple[ClaimRow, str, np.ndarray | None]] = {}
        for claim, hits in zip(query_rows, found, strict=True):
            for index, _ in hits:
                other = base_rows[index]
                if other.text_hash == claim.text_hash:
                    continue
                key = (claim.id, other.id) if claim.id < other.id else (other.id, claim.id)
                if key not in raw:
                    raw[key] = (claim, other.id, base[index])
        return raw


def _in_locality_order(candidates: list[Candidate]) -> list[Candidate]:
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
