"""Every chunk vector of one Chroma collection in memory, for exact search under any filter.

Chroma stays the store of record: vectors are written there first and the mirror follows each
write (see `VectorStore`). The mirror answers the query path, where Chroma's per-call cost
grows with k and with metadata filters (a tag filter that allows 3,000 notes costs ~75 ms as
a `$in` filter at 10k notes); one matrix product over 15k x 384 floats costs about 2 ms, is
exact rather than approximate, and a note filter is a boolean mask.

Memory: 4 bytes x 384 per vector, 23 MB for 15k chunks, so the mirror is skipped above
`MAX_VECTORS`.
"""

from __future__ import annotations

import threading
from collections.abc import Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

MAX_VECTORS = 300_000  # ~460 MB of float32 at 384 dimensions; above it Chroma answers alone


@dataclass(frozen=True)
class MirrorHit:
    id: str
    note_path: str
    similarity: float
    embedding: Any  # the unit-length row (a view: do not modify)


class VectorMirror:
    """Unit-length vectors by id, with the note each belongs to. Thread-safe."""

    def __init__(self, dimension: int) -> None:
        self.dimension = dimension
        self._lock = threading.Lock()
        self._empty()

    def _empty(self) -> None:
        self._matrix = np.zeros((0, self.dimension), dtype=np.float32)
        self._note_of_row = np.zeros(0, dtype=np.int32)  # -1 marks a free row
        self._id_of_row: list[str | None] = []
        self._row_of_id: dict[str, int] = {}
        self._free: list[int] = []
        self._note_index: dict[str, int] = {}
        self._note_names: list[str] = []
        self._rows_of_note: dict[int, set[int]] = {}

    def __len__(self) -> int:
        with self._lock:
            return len(self._row_of_id)

    # -- writes ---------------------------------------------------------------------------

    def put(
        self, ids: Sequence[str], embeddings: Any, metadatas: Sequence[Mapping[str, Any] | None]
    ) -> None:
        """Insert or replace vectors (the metadata's `note_path` says whose they are)."""
        if not ids:
            return
        vecs = _unit_rows(np.asarray(embeddings, dtype=np.float32).reshape(len(ids), -1))
        with self._lock:
            self._reserve(len(ids))
            for i, cid in enumerate(ids):
                meta = metadatas[i] or {}
                note = self._note_id(str(meta.get("note_path", "")))
                row = self._row_of_id.get(cid)
                if row is None:
                    row = self._free.pop()
                    self._row_of_id[cid] = row
                    self._id_of_row[row] = cid
                else:
                    self._rows_of_note.get(int(self._note_of_row[row]), set()).discard(row)
                self._matrix[row] = vecs[i]
                self._note_of_row[row] = note
                self._rows_of_note.setdefault(note, set()).add(row)

    def remove(self, ids: Iterable[str]) -> None:
        with self._lock:
            for cid in ids:
                row = self._row_of_id.pop(cid, None)
                if row is not None:
                    self._release(row)

    def remove_notes(self, paths: Iterable[str]) -> None:
        with self._lock:
            for path in paths:
                note = self._note_index.get(path)
                if note is None:
                    continue
                for row in sorted(self._rows_of_note.pop(note, set())):
                    cid = self._id_of_row[row]
                    if cid is not None:
                        self._row_of_id.pop(cid, None)
                    self._release(row, note_rows=False)

    def clear(self) -> None:
        with self._lock:
            self._empty()

    # -- reads ----------------------------------------------------------------------------

    def nearest(
        self, query: Any, *, k: int, notes: Collection[str] | None = None
    ) -> list[MirrorHit]:
        """The `k` most similar vectors (cosine), best first; `notes` keeps only theirs."""
        q = _unit_rows(np.asarray(query, dtype=np.float32).reshape(1, -1))[0]
        with self._lock:
            if not self._row_of_id or k <= 0:
                return []
            scores = self._matrix @ q
            alive = self._note_of_row >= 0
            if notes is not None:
                wanted = np.zeros(len(self._note_names) + 1, dtype=bool)
                idx = [self._note_index[p] for p in notes if p in self._note_index]
                if not idx:
                    return []
                wanted[idx] = True
                alive &= wanted[self._note_of_row]  # -1 (free) reads the last slot: False
            candidates = np.flatnonzero(alive)
            if len(candidates) == 0:
                return []
            sub = scores[candidates]
            if len(candidates) > k:
                top = np.argpartition(-sub, k - 1)[:k]
            else:
                top = np.arange(len(candidates))
            order = top[np.lexsort((candidates[top], -sub[top]))]
            rows = candidates[order]
            return [
                MirrorHit(
                    id=str(self._id_of_row[r]),
                    note_path=self._note_names[self._note_of_row[r]],
                    similarity=float(scores[r]),
                    embedding=self._matrix[r].copy(),
                )
                for r in rows
            ]

    def vectors(self, ids: Iterable[str]) -> dict[str, Any]:
        """id -> unit vector for the ids held."""
        with self._lock:
            return {
                cid: self._matrix[row].copy()
                for cid in ids
                if (row := self._row_of_id.get(cid)) is not None
            }

    # -- internals ------------------------------------------------------------------------

    def _note_id(self, path: str) -> int:
        note = self._note_index.get(path)
        if note is None:
            note = len(self._note_names)
            self._note_index[path] = note
            self._note_names.append(path)
        return note

    def _reserve(self, extra: int) -> None:
        if len(self._free) >= extra:
            return
        old = len(self._id_of_row)
        new = max(old * 2, old + extra - len(self._free), 1024)
        matrix = np.zeros((new, self.dimension), dtype=np.float32)
        matrix[:old] = self._matrix
        owners = np.full(new, -1, dtype=np.int32)
        owners[:old] = self._note_of_row
        self._matrix, self._note_of_row = matrix, owners
        self._id_of_row.extend([None] * (new - old))
        self._free.extend(range(new - 1, old - 1, -1))  # pop() hands out low rows first

    def _release(self, row: int, *, note_rows: bool = True) -> None:
        if note_rows:
            self._rows_of_note.get(int(self._note_of_row[row]), set()).discard(row)
        self._note_of_row[row] = -1
        self._matrix[row] = 0.0
        self._id_of_row[row] = None
        self._free.append(row)


def _unit_rows(matrix: Any) -> Any:
    norms = np.linalg.norm(matrix, axis=1, keepdims=True)
    norms[norms == 0] = 1.0
    return matrix / norms
