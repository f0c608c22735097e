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

import json
import os
import threading
from collections.abc import Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

SNAPSHOT_FORMAT = "consilience-vector-mirror"
SNAPSHOT_VERSION = 1
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
            # numpy's own loop, one thread: BLAS's threaded gemv is faster alone (0.8 vs
            # 1.3 ms at 16k rows) but its workers spin after the call and take the second
            # core from the words source's SQLite, which runs beside it: whole queries at 10k
            # went from p50 47.6 to 39-41 ms (docs/decisions/0009-search-and-index-speed.md).
            scores = np.einsum("ij,j->i", self._matrix, q)
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
            vectors = self._matrix[rows]  # one copy for all hits (writes never touch it)
            ids, names, notes = self._id_of_row, self._note_names, self._note_of_row
            return [
                MirrorHit(
                    id=str(ids[r]),
                    note_path=names[n],
                    similarity=sim,
                    embedding=vectors[i],
                )
                for i, (r, n, sim) in enumerate(
                    zip(rows.tolist(), notes[rows].tolist(), scores[rows].tolist(), strict=True)
                )
            ]

    def vectors(self, ids: Iterable[str]) -> dict[str, Any]:
        """id -> unit vector for the ids held."""
        with self._lock:
            return {
                cid: self._matrix[row].copy()
                for cid in ids
                if (row := self._row_of_id.get(cid)) is not None
            }

    # -- snapshot -------------------------------------------------------------------------

    def save(self, base: Path, *, stamp: str) -> None:
        """Write `<base>.npy` (the vectors) and then `<base>.json` (ids, notes, `stamp`),
        each atomically; the JSON is written last and names the vector count, so a torn
        pair is refused by `load`. Raises OSError."""
        with self._lock:
            rows = sorted(self._row_of_id.values())
            matrix = self._matrix[rows].copy()
            ids = [self._id_of_row[r] for r in rows]
            notes = [self._note_names[self._note_of_row[r]] for r in rows]
        names = sorted(set(notes))
        index = {n: i for i, n in enumerate(names)}
        meta = {
            "format": SNAPSHOT_FORMAT,
            "version": SNAPSHOT_VERSION,
            "stamp": stamp,
            "dimension": self.dimension,
            "count": len(ids),
            "ids": ids,
            "notes": names,
            "note_of_row": [index[n] for n in notes],
        }
        vec_path, meta_path = _snapshot_paths(base)
        base.parent.mkdir(parents=True, exist_ok=True)
        tmp = vec_path.with_name(f".{vec_path.name}.{os.getpid()}.tmp.npy")
        try:
            np.save(tmp, matrix, allow_pickle=False)
            os.replace(tmp, vec_path)
            tmp = meta_path.with_name(f".{meta_path.name}.{os.getpid()}.tmp")
            tmp.write_text(json.dumps(meta, ensure_ascii=False), encoding="utf-8")
            os.replace(tmp, meta_path)
        finally:
            tmp.unlink(missing_ok=True)

    @classmethod
    def load(cls, base: Path, *, stamp: str, dimension: int) -> VectorMirror | None:
        """The mirror saved by `save` with this `stamp`, or None (missing, another stamp,
        damaged in any way). Never raises."""
        vec_path, meta_path = _snapshot_paths(base)
        try:
            meta = json.loads(meta_path.read_text(encoding="utf-8"))
            if (
                meta.get("format") != SNAPSHOT_FORMAT
                or meta.get("version") != SNAPSHOT_VERSION
                or meta.get("stamp") != stamp
                or meta.get("dimension") != dimension
            ):
                return None
            ids, names, owners = meta["ids"], meta["notes"], meta["note_of_row"]
            matrix = np.load(vec_path, allow_pickle=False)
            if (
                matrix.dtype != np.float32
                or matrix.shape != (meta["count"], dimension)
                or len(ids) != len(owners)
                or len(ids) != meta["count"]
            ):
                return None
            mirror = cls(dimension)
            if ids:
                mirror._fill(ids, matrix, names, owners)
        except Exception:  # missing or damaged: Chroma is the record, load from it
            return None
        return mirror

    # -- internals ------------------------------------------------------------------------

    def _fill(self, ids: list[str], matrix: Any, names: list[str], owners: list[int]) -> None:
        """Load an empty mirror with `ids`' rows of `matrix`, row i belonging to the note
        `names[owners[i]]`: what `put` makes of them, without its loop over each row."""
        rows = len(ids)
        row_of_id = {str(cid): row for row, cid in enumerate(ids)}
        note_of_row = np.asarray(owners, dtype=np.int64)
        if (
            len(row_of_id) != rows
            or len(set(names)) != len(names)
            or (rows and (int(note_of_row.min()) < 0 or int(note_of_row.max()) >= len(names)))
        ):
            raise ValueError("the snapshot repeats an id or a note, or names no note for a row")
        with self._lock:
            self._reserve(rows)  # free rows are handed out from the lowest: row i is ids[i]
            self._matrix[:rows] = _unit_rows(np.asarray(matrix, dtype=np.float32))
            self._note_of_row[:rows] = note_of_row
            self._id_of_row[:rows] = list(row_of_id)
            self._row_of_id = row_of_id
            del self._free[len(self._free) - rows :]
            self._note_names = [str(n) for n in names]
            self._note_index = {n: i for i, n in enumerate(self._note_names)}
            rows_of_note: dict[int, set[int]] = {}
            for row, note in enumerate(owners):
                rows_of_note.setdefault(note, set()).add(row)
            self._rows_of_note = rows_of_note

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


def _snapshot_paths(base: Path) -> tuple[Path, Path]:
    return base.with_name(base.name + ".npy"), base.with_name(base.name + ".json")


def _unit_rows(matrix: Any) -> Any:
    norms = np.linalg.norm(matrix, axis=1, keepdims=True)
    norms[norms == 0] = 1.0
    return matrix / norms
