"""Claim vectors in the catalog: float16 rows beside the claims, searched exactly.

The contradiction scan keeps one vector per claim (`scan.py`). They live in the catalog's
`claim_vectors` table (migration 0007, `engine/store/contradiction_tables.py`) rather than in
a vector database: a scan reads them all at once into one matrix, and a live edit asks for
the nearest claims of a handful of sentences, which an exact search over the float16 rows
answers in a fraction of a second on a 10,000-note vault, without the memory an approximate
index keeps in every process.

`ClaimVectors` offers the part of `engine.store.vectors.VectorStore` the scanner uses, with
the same meaning: ids are claim ids, each row carries its note's path and the sha256 of its
text (`note_path`, `text_hash`), and hits are `VectorHit`s with cosine similarities.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping, Sequence
from typing import TYPE_CHECKING, Any

import numpy as np
import numpy.typing as npt

from engine.store.chroma import VectorHit
from engine.store.connection import batched

if TYPE_CHECKING:
    from engine.store.catalog import Catalog

FloatMatrix = npt.NDArray[np.float32]
#: Rows read and compared at a time by the exact search (float16 -> float32 per block).
_BLOCK = 16_384


class ClaimVectors:
    """The claim vectors of one catalog (see the module docstring)."""

    def __init__(self, catalog: Catalog, *, dimension: int) -> None:
        self._catalog = catalog
        self.dimension = dimension

    # -- writing --------------------------------------------------------------------------

    def upsert(
        self, ids: Sequence[str], embeddings: Any, metadatas: Sequence[Mapping[str, Any]]
    ) -> None:
        """Insert or replace the vectors of `ids` (metadata: `note_path`, `text_hash`)."""
        vecs = np.asarray(embeddings, dtype=np.float32)
        if vecs.ndim != 2 or vecs.shape != (len(ids), self.dimension):
            raise ValueError(f"expected {len(ids)} vectors of {self.dimension}, got {vecs.shape}")
        if len(metadatas) != len(ids):
            raise ValueError(f"{len(ids)} ids but {len(metadatas)} metadatas")
        if len(set(ids)) != len(ids):
            raise ValueError("upsert: duplicate ids")
        blobs = vecs.astype("<f2")
        rows = [
            (cid, str(m["note_path"]), str(m["text_hash"]), blobs[i].tobytes())
            for i, (cid, m) in enumerate(zip(ids, metadatas, strict=True))
        ]
        with self._catalog.transaction():
            self._catalog.executemany(
                "INSERT INTO claim_vectors (id, note_path, text_hash, vec) VALUES (?, ?, ?, ?) "
                "ON CONFLICT (id) DO UPDATE SET note_path = excluded.note_path, "
                "text_hash = excluded.text_hash, vec = excluded.vec",
                rows,
            )

    def delete(self, ids: Iterable[str]) -> None:
        """Remove vectors by id (unknown ids are ignored)."""
        self._delete_where("id", ids)

    def delete_notes(self, paths: Iterable[str]) -> None:
        """Remove every vector of these notes."""
        self._delete_where("note_path", paths)

    def reset(self) -> None:
        """Remove every vector."""
        with self._catalog.transaction():
            self._catalog.execute("DELETE FROM claim_vectors")

    def close(self) -> None:
        """Nothing to release: the catalog owns the connection."""

    def _delete_where(self, column: str, values: Iterable[str]) -> None:
        wanted = list(dict.fromkeys(values))
        with self._catalog.transaction():
            for batch in batched(wanted):
                marks = ",".join("?" * len(batch))
                self._catalog.execute(
                    f"DELETE FROM claim_vectors WHERE {column} IN ({marks})", batch
                )

    # -- reading --------------------------------------------------------------------------

    def count(self) -> int:
        return int(self._catalog.execute("SELECT count(*) FROM claim_vectors")[0][0])

    def all_ids(self) -> set[str]:
        return {r[0] for r in self._catalog.execute("SELECT id FROM claim_vectors")}

    def get_embeddings(self, ids: Iterable[str]) -> dict[str, FloatMatrix]:
        """id -> vector (float32), for the ids that have one."""
        out: dict[str, FloatMatrix] = {}
        for cid, _, _, vec in self._rows_where("id", ids):
            out[cid] = vec
        return out

    def hashes_for_notes(self, paths: Iterable[str]) -> dict[str, str]:
        """claim id -> text hash, for every vector of these notes."""
        out: dict[str, str] = {}
        for batch in batched(list(dict.fromkeys(paths))):
            marks = ",".join("?" * len(batch))
            for cid, text_hash in self._catalog.execute(
                f"SELECT id, text_hash FROM claim_vectors WHERE note_path IN ({marks})", batch
            ):
                out[cid] = text_hash
        return out

    def embeddings_by_text_hash(self, hashes: Iterable[str]) -> dict[str, FloatMatrix]:
        """text hash -> a stored vector of a claim with that text (for reuse)."""
        out: dict[str, FloatMatrix] = {}
        for _, _, text_hash, vec in self._rows_where("text_hash", hashes):
            out.setdefault(text_hash, vec)
        return out

    def query_many(
        self, embeddings: Any, *, k: int, include_embeddings: bool = False
    ) -> list[list[VectorHit]]:
        """The `k` most similar stored claims of each query vector, nearest first (exact)."""
        queries = np.asarray(embeddings, dtype=np.float32)
        if queries.ndim != 2 or queries.shape[1] != self.dimension:
            raise ValueError(f"expected a matrix of {self.dimension}-vectors, got {queries.shape}")
        if k <= 0 or not len(queries):
            return [[] for _ in range(len(queries))]
        norms = np.linalg.norm(queries, axis=1, keepdims=True)
        queries = queries / np.maximum(norms, 1e-12)
        best_sims = np.full((len(queries), 0), -np.inf, dtype=np.float32)
        best_keys: list[tuple[str, str, str]] = []
        best_vecs = np.zeros((0, self.dimension), dtype=np.float32)
        for keys, block in self._blocks():
            sims = queries @ block.T  # stored vectors are unit length (the embedder's)
            take = min(k, len(keys))
            top = np.argpartition(-sims, take - 1, axis=1)[:, :take]
            # merge this block's best with the best so far, per query
            cand_rows = np.unique(top)
            best_keys += [keys[i] for i in cand_rows]
            best_vecs = np.vstack([best_vecs, block[cand_rows]])
            best_sims = np.hstack([best_sims, sims[:, cand_rows]])
            keep = np.unique(np.argsort(-best_sims, axis=1)[:, :k])
            best_keys = [best_keys[i] for i in keep]
            best_vecs, best_sims = best_vecs[keep], best_sims[:, keep]
        out: list[list[VectorHit]] = []
        for row in best_sims:
            order = np.argsort(-row, kind="stable")[:k]
            out.append(
                [
                    VectorHit(
                        id=best_keys[i][0],
                        distance=float(1.0 - row[i]),
                        similarity=float(row[i]),
                        metadata={"note_path": best_keys[i][1], "text_hash": best_keys[i][2]},
                        embedding=best_vecs[i] if include_embeddings else None,
                    )
                    for i in order
                ]
            )
        return out

    def _blocks(self) -> Iterator[tuple[list[tuple[str, str, str]], FloatMatrix]]:
        """Every stored vector, a block of rows at a time: (id, note, hash) keys, float32."""
        last = ""
        while True:
            rows = self._catalog.execute(
                "SELECT id, note_path, text_hash, vec FROM claim_vectors WHERE id > ? "
                "ORDER BY id LIMIT ?",
                (last, _BLOCK),
            )
            if not rows:
                return
            last = rows[-1][0]
            matrix = np.frombuffer(b"".join(r[3] for r in rows), dtype="<f2")
            yield (
                [(r[0], r[1], r[2]) for r in rows],
                matrix.reshape(len(rows), self.dimension).astype(np.float32),
            )

    def _rows_where(
        self, column: str, values: Iterable[str]
    ) -> Iterator[tuple[str, str, str, FloatMatrix]]:
        for batch in batched(list(dict.fromkeys(values))):
            marks = ",".join("?" * len(batch))
            for cid, path, text_hash, blob in self._catalog.execute(
                "SELECT id, note_path, text_hash, vec FROM claim_vectors "
                f"WHERE {column} IN ({marks})",
                batch,
            ):
                yield cid, path, text_hash, np.frombuffer(blob, dtype="<f2").astype(np.float32)
