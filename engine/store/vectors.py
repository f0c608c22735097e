"""The vector store: chunk embeddings in a Chroma collection (cosine space).

Embeddings are always passed in (`embeddings=`, `query_embeddings=`); the collection is made
with `embedding_function=None`, so Chroma's default embedding function (which downloads a
model) is never called. Telemetry is off: `anonymized_telemetry=False` in the client settings
and `ANONYMIZED_TELEMETRY=False` in the environment (chromadb 1.5's product telemetry client is
a no-op anyway). chromadb is imported inside functions so that importing this module is cheap.
"""

from __future__ import annotations

import logging
import os
import threading
import time
from collections.abc import Iterable, Iterator, Mapping, Sequence
from pathlib import Path
from typing import Any, ParamSpec, TypeVar, cast

import numpy as np

from engine.errors import IndexCorruptError, one_line
from engine.runtime import timed
from engine.store import chroma
from engine.store.chroma import (
    Vector,
    VectorHit,
    VectorStoreError,
    VectorStoreUnavailableError,
    collection_name_for,
)
from engine.store.chroma_process import AVAILABLE as CHROMA_APART_AVAILABLE
from engine.store.chroma_process import ChromaProcessClient
from engine.store.mirror_keeper import DEFAULT_TUNING, MirrorKeeper, VectorTuning

__all__ = [
    "VectorHit",
    "VectorStore",
    "VectorStoreError",
    "VectorStoreUnavailableError",
    "VectorTuning",
    "collection_name_for",
]

log = logging.getLogger(__name__)

P = ParamSpec("P")
R = TypeVar("R")


class VectorStore:
    """One Chroma collection. Use `VectorStore.open(...)`, then `close()`."""

    def __init__(
        self,
        *,
        name: str,
        dimension: int,
        persist_dir: Path | None,
        chroma_url: str | None,
        reset: bool = False,
        tuning: VectorTuning = DEFAULT_TUNING,
        apart: bool = False,
    ) -> None:
        self.name = name
        self.dimension = dimension
        self.location = chroma_url or str(persist_dir)  # for messages
        self._persist_dir = persist_dir
        self._chroma_url = chroma_url
        self._remote = chroma_url is not None
        self._reset_on_connect = reset
        self._apart = apart and chroma_url is None and CHROMA_APART_AVAILABLE
        # The Chroma client and collection, made by `_connect` (at open, or on first use).
        self._client: Any = None
        self._collection: Any = None
        self._max_batch = 1
        self._connect_lock = threading.Lock()
        self._closed = threading.Event()
        self._tuning = tuning
        # The in-memory mirror (see mirror_keeper.py): writes hold _write_lock so the mirror
        # loads a consistent copy and then follows every write; queries use it once ready.
        self._write_lock = threading.RLock()
        self._mirrors = MirrorKeeper(
            dimension=dimension,
            write_lock=self._write_lock,
            closed=self._closed,
            count=self.stored_count,
            page=self._page,
            tuning=tuning,
        )

    # ----------------------------------------------------------------------------- lifecycle

    @classmethod
    def open(
        cls,
        *,
        persist_dir: Path | None,
        chroma_url: str | None,
        collection: str,
        dimension: int,
        reset: bool = False,
        deferred: bool = False,
        tuning: VectorTuning = DEFAULT_TUNING,
        apart: bool = False,
    ) -> VectorStore:
        """Open (creating if needed) `collection` in a local folder or on a Chroma server.

        `reset` drops the collection first (for `--rebuild`, also when it cannot be used).
        `deferred` (a local folder only) leaves Chroma unopened, and chromadb unimported
        (about a second), until the first call that needs it: a restart whose queries the
        saved in-memory vectors answer (see `start_mirror`) reaches its first result
        sooner. Opening errors then come from that first call. `tuning` sets page and
        batch sizes and the mirror's limits. `apart` (a local folder only) runs Chroma in a
        process of its own (`chroma_process`): this process never imports chromadb.
        """
        if chroma_url is None and persist_dir is None:
            raise ValueError("VectorStore.open needs persist_dir or chroma_url")
        if dimension < 1:
            raise ValueError("dimension must be positive")
        os.environ.setdefault("ANONYMIZED_TELEMETRY", "False")
        store = cls(
            name=collection,
            dimension=dimension,
            persist_dir=persist_dir,
            chroma_url=chroma_url,
            reset=reset,
            tuning=tuning,
            apart=apart,
        )
        if not (deferred and chroma_url is None and not reset):
            store._connect()
        return store

    @property
    def connected(self) -> bool:
        """True once Chroma is open (at once, unless opened `deferred` and not yet used)."""
        return self._collection is not None

    def _connect(self) -> Any:
        """The Chroma collection, opening the client first if needed. Raises EngineError."""
        if self._collection is not None:
            return self._collection
        with timed("open chroma"):
            return self._connect_now()

    def _connect_now(self) -> Any:
        with self._connect_lock:
            if self._closed.is_set():
                raise VectorStoreError(f"The vector store at {self.location} is closed.")
            if self._collection is not None:
                return self._collection
            where = self.location
            client: Any = None
            try:
                if self._apart:
                    assert self._persist_dir is not None
                    client = ChromaProcessClient.start(Path(self._persist_dir))
                    return self._use(client)
                import chromadb
                from chromadb.config import Settings

                settings = Settings(anonymized_telemetry=False)
                if self._chroma_url is not None:
                    host, port, ssl = chroma.parse_url(self._chroma_url)
                    client = chromadb.HttpClient(host=host, port=port, ssl=ssl, settings=settings)
                    client.heartbeat()
                else:
                    assert self._persist_dir is not None
                    Path(self._persist_dir).mkdir(parents=True, exist_ok=True)
                    client = chromadb.PersistentClient(
                        path=str(self._persist_dir), settings=settings
                    )
                return self._use(client)
            except Exception as err:
                if client is not None:
                    chroma.close_client(client)
                raise chroma.translate(err, where=where, opening=True, remote=self._remote) from err

    def _use(self, client: Any) -> Any:
        """Open this store's collection through a new `client` (under `_connect_lock`)."""
        if self._reset_on_connect:
            chroma.drop(client, self.name)
        col = chroma.get_or_create(client, self.name, self.dimension)
        max_batch = max(1, int(client.get_max_batch_size()))
        self._check_collection(col)
        self._client, self._collection, self._max_batch = client, col, max_batch
        self._reset_on_connect = False
        log.info("Vector store %s: collection %s", self.location, self.name)  # no count(): ~0.2 s
        return col

    def _check_collection(self, collection: Any) -> None:
        meta = dict(collection.metadata or {})
        stored_dim = meta.get(chroma.DIMENSION_KEY)
        if stored_dim is not None and int(stored_dim) != self.dimension:
            raise IndexCorruptError(
                f"The vector collection {self.name} at {self.location} holds {stored_dim}-"
                f"dimensional vectors but the model makes {self.dimension}; {chroma.REBUILD_HINT}."
            )
        config = getattr(collection, "configuration_json", None) or {}
        space = (config.get("hnsw") or {}).get("space")
        if space not in (None, "cosine"):
            raise IndexCorruptError(
                f"The vector collection {self.name} at {self.location} uses the {space!r} "
                f"distance, not cosine; {chroma.REBUILD_HINT}."
            )

    def close(self) -> None:
        """Release the client (idempotent); a mirror still loading stops at its next page."""
        self._closed.set()  # also stops a mirror load and wakes a check waiting to start
        with self._write_lock, self._connect_lock:
            client, self._client, self._collection = self._client, None, None
            self._mirrors.drop()
        if client is not None:
            chroma.close_client(client)

    def disconnect(self) -> None:
        """Release the client and its loaded index, but stay open: the next read or write
        that needs Chroma connects again (as a restart does). For after a big pass whose
        vectors the mirror holds, so an idle process does not keep Chroma's index too."""
        with self._write_lock, self._connect_lock:
            client, self._client, self._collection = self._client, None, None
        if client is not None:
            chroma.close_client(client)

    def __enter__(self) -> VectorStore:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    @property
    def max_batch_size(self) -> int:
        self._connect()
        return self._max_batch

    # ----------------------------------------------------------------------------- writes

    def upsert(
        self, ids: Sequence[str], embeddings: Vector, metadatas: Sequence[Mapping[str, Any]]
    ) -> None:
        """Insert or replace vectors; split into batches the server accepts."""
        vecs = self._check_vectors(embeddings, rows=len(ids))
        if len(metadatas) != len(ids):
            raise ValueError(f"{len(ids)} ids but {len(metadatas)} metadatas")
        if len(set(ids)) != len(ids):
            raise ValueError("upsert: duplicate ids")
        if not ids:
            return
        # Chroma rejects an empty metadata dict; None means "no metadata".
        metas = [dict(m) if m else None for m in metadatas]
        with self._mirrors.write():
            batch = self.max_batch_size
            for start in range(0, len(ids), batch):
                stop = start + batch
                self._call(
                    "upsert",
                    ids=list(ids[start:stop]),
                    embeddings=vecs[start:stop],
                    metadatas=metas[start:stop],
                )
            if (mirror := self._mirrors.held) is not None:
                mirror.put(ids, vecs, metas)

    def delete(self, ids: Iterable[str]) -> None:
        """Remove vectors by id (unknown ids are ignored)."""
        wanted = list(dict.fromkeys(ids))
        with self._mirrors.write():
            for batch in chroma.chunks(wanted, min(self.max_batch_size, self._tuning.page)):
                self._call("delete", ids=batch)
            if (mirror := self._mirrors.held) is not None:
                mirror.remove(wanted)

    def delete_notes(self, paths: Iterable[str]) -> None:
        """Remove every vector whose metadata `note_path` is one of `paths`."""
        wanted = list(dict.fromkeys(paths))
        with self._mirrors.write():
            for batch in chroma.chunks(wanted, self._tuning.where_batch):
                self._call("delete", where={"note_path": {"$in": batch}})
            if (mirror := self._mirrors.held) is not None:
                mirror.remove_notes(wanted)

    def drop_other(self, name: str) -> None:
        """Drop another collection of the same store, if it exists (never this one)."""
        if name == self.name:
            raise ValueError("drop_other: that is this store's own collection")
        self._connect()
        try:
            chroma.drop(self._client, name)
        except Exception as err:
            raise VectorStoreError(f"could not drop collection {name}: {one_line(err)}") from err

    def reset(self) -> None:
        """Drop the collection and create it again, empty."""

        self._connect()
        with self._mirrors.write():
            try:
                chroma.drop(self._client, self.name)
                self._collection = chroma.get_or_create(self._client, self.name, self.dimension)
            except Exception as err:
                raise chroma.translate(
                    err, where=self.location, what="reset", remote=self._remote
                ) from err
            if (mirror := self._mirrors.held) is not None:
                mirror.clear()

    # ----------------------------------------------------------------------------- mirror

    def start_mirror(
        self,
        *,
        wait: bool = False,
        snapshot: Path | None = None,
        stamp: str | None = None,
        check_delay_s: float = 0.0,
        snapshot_only: bool = False,
        expect: int | None = None,
    ) -> None:
        """Load every vector into memory; queries use it once loaded.

        With a `snapshot` saved under this `stamp` (see `save_mirror`) the mirror is ready
        at once and a background check compares its size with Chroma's (a mismatch reloads
        from Chroma); otherwise it loads from Chroma in the background. Only for a
        collection this process alone writes (the writer workspace): the mirror follows this
        store's writes, not another process's. Idempotent. A failure leaves queries on
        Chroma and is logged. `check_delay_s` postpones that check (and so opening a
        `deferred` Chroma), keeping it off a restart's first queries. `snapshot_only` (a
        one-shot process) loads the snapshot now, on this thread, and nothing else: no
        background check, no load from Chroma when there is no current snapshot; with
        `expect`, a snapshot holding another number of vectors is not used.
        """
        self._mirrors.start(
            wait=wait,
            snapshot=snapshot,
            stamp=stamp,
            check_delay_s=check_delay_s,
            snapshot_only=snapshot_only,
            expect=expect,
        )

    def save_mirror(self, snapshot: Path, *, stamp: str) -> None:
        """Save the mirror (if loaded and not already saved under `stamp`) so the next
        process starts with it; call when the index is consistent. Never raises."""
        self._mirrors.save(snapshot, stamp=stamp)

    def wait_mirror(self, timeout: float | None = None) -> bool:
        """Wait for a mirror load started by `start_mirror` (if any); True when mirrored.
        A mirror from a snapshot is ready at once (its check goes on in the background)."""
        return self._mirrors.wait(timeout)

    @property
    def mirrored(self) -> bool:
        """True once queries are answered from memory."""
        return self._mirrors.mirrored

    # ----------------------------------------------------------------------------- reads

    def count(self) -> int:
        return int(self._call("count"))

    def stored_count(self) -> int:
        """`count()`; while a local Chroma is not open yet, read from its own file (chromadb
        stays unimported: the mirror's check on a restart that writes nothing costs no
        memory). Falls back to Chroma wherever that file cannot answer."""
        if not self.connected and self._persist_dir is not None:
            counted = chroma.local_count(self._persist_dir, self.name)
            if counted is not None:
                return counted
        return self.count()

    def held_count(self) -> int:
        """`count()`, answered by the mirror while Chroma is not open yet (a mirror from a
        current snapshot, kept in step with every write since): a restart with nothing to
        write never opens Chroma. The mirror's own check compares it with Chroma later."""
        mirror = self._mirrors.ready
        if mirror is not None and not self.connected:
            return len(mirror)
        return self.count()

    def _page(self, offset: int, limit: int) -> Any:
        """One page of ids, embeddings and metadatas (for loading the mirror)."""
        return self._call("get", include=["embeddings", "metadatas"], limit=limit, offset=offset)

    def all_ids(self) -> set[str]:
        """Every id in the collection (read in pages)."""
        out: set[str] = set()
        offset = 0
        while True:
            got = self._call("get", include=[], limit=self._tuning.page, offset=offset)
            ids = got["ids"]
            out.update(ids)
            if len(ids) < self._tuning.page:
                return out
            offset += len(ids)

    def get_embeddings(self, ids: Iterable[str]) -> dict[str, Vector]:
        """id -> vector for the ids that exist."""
        wanted = list(dict.fromkeys(ids))
        mirror = self._mirrors.ready
        if mirror is not None:
            return cast(dict[str, Vector], mirror.vectors(wanted))
        out: dict[str, Vector] = {}
        for batch in chroma.chunks(wanted, min(self.max_batch_size, self._tuning.page)):
            got = self._call("get", ids=batch, include=["embeddings"])
            for cid, emb in zip(got["ids"], chroma.rows(got.get("embeddings")), strict=True):
                out[cid] = emb
        return out

    def hashes_for_notes(self, paths: Iterable[str]) -> dict[str, str]:
        """chunk id -> stored `text_hash` metadata, for every vector of these notes."""
        return {
            cid: str(meta.get("text_hash", ""))
            for cid, meta, _ in self._get_where("note_path", paths, embeddings=False)
        }

    def embeddings_by_text_hash(self, hashes: Iterable[str]) -> dict[str, Vector]:
        """text_hash -> a stored vector whose metadata has that hash (for reuse)."""
        out: dict[str, Vector] = {}
        for _, meta, emb in self._get_where("text_hash", hashes, embeddings=True):
            h = meta.get("text_hash")
            if h is not None and emb is not None:
                out.setdefault(str(h), emb)
        return out

    def _get_where(
        self, key: str, values: Iterable[str], *, embeddings: bool
    ) -> Iterator[tuple[str, Mapping[str, Any], Vector | None]]:
        include = ["metadatas", "embeddings"] if embeddings else ["metadatas"]
        for batch in chroma.chunks(list(dict.fromkeys(values)), self._tuning.where_batch):
            got = self._call("get", where={key: {"$in": batch}}, include=include)
            metas = got.get("metadatas") or [None] * len(got["ids"])
            embs: list[Vector | None] = (
                list(chroma.rows(got.get("embeddings"))) if embeddings else [None] * len(got["ids"])
            )
            for cid, meta, emb in zip(got["ids"], metas, embs, strict=True):
                yield cid, meta or {}, emb

    def query(
        self,
        embedding: Vector,
        *,
        k: int,
        where: Mapping[str, Any] | None = None,
        include_embeddings: bool = False,
    ) -> list[VectorHit]:
        """The `k` nearest vectors (fewer if the collection is smaller), nearest first."""
        vec = self._check_vectors(np.asarray(embedding).reshape(1, -1), rows=1)
        if k <= 0:
            return []
        include = ["distances", "metadatas"] + (["embeddings"] if include_embeddings else [])
        got = self._call(
            "query",
            query_embeddings=vec,
            n_results=k,
            where=dict(where) if where else None,
            include=include,
        )
        ids = got["ids"][0] if got["ids"] else []
        return chroma.hits_of(got, 0, ids, include_embeddings=include_embeddings)

    def nearest(
        self,
        embedding: Vector,
        *,
        k: int,
        notes: frozenset[str] | None = None,
        where: Mapping[str, Any] | None = None,
    ) -> list[VectorHit]:
        """`query` with embeddings, limited to `notes` (None: all): exact, from the mirror
        once loaded; before that (or without one) Chroma answers with the `where` filter,
        which must say the same as `notes`."""
        self._mirrors.last_query = time.monotonic()
        mirror = self._mirrors.ready
        if mirror is None:
            return self.query(embedding, k=k, where=where, include_embeddings=True)
        return [
            VectorHit(
                id=h.id,
                distance=1.0 - h.similarity,
                similarity=h.similarity,
                metadata={"note_path": h.note_path},
                embedding=h.embedding,
            )
            for h in mirror.nearest(embedding, k=k, notes=notes)
        ]

    def query_many(
        self,
        embeddings: Vector,
        *,
        k: int,
        where: Mapping[str, Any] | None = None,
        include_embeddings: bool = False,
    ) -> list[list[VectorHit]]:
        """`query` for several vectors sharing one `where` filter, in one call per batch."""
        vecs = np.asarray(embeddings, dtype=np.float32)
        if vecs.ndim != 2:
            raise ValueError(f"expected a matrix of embeddings, got shape {vecs.shape}")
        vecs = self._check_vectors(vecs, rows=vecs.shape[0])
        if k <= 0 or not len(vecs):
            return [[] for _ in range(len(vecs))]
        include = ["distances", "metadatas"] + (["embeddings"] if include_embeddings else [])
        out: list[list[VectorHit]] = []
        batch = self.max_batch_size
        for start in range(0, len(vecs), batch):
            got = self._call(
                "query",
                query_embeddings=vecs[start : start + batch],
                n_results=k,
                where=dict(where) if where else None,
                include=include,
            )
            for row, ids in enumerate(got["ids"] or []):
                out.append(chroma.hits_of(got, row, ids, include_embeddings=include_embeddings))
        return out

    # ----------------------------------------------------------------------------- helpers

    def _check_vectors(self, embeddings: Vector, *, rows: int) -> Vector:
        arr = np.asarray(embeddings, dtype=np.float32)
        if arr.ndim != 2 or arr.shape[0] != rows or (rows and arr.shape[1] != self.dimension):
            raise ValueError(
                f"expected embeddings of shape ({rows}, {self.dimension}), got {arr.shape}"
            )
        return arr

    def _call(self, method: str, **kwargs: Any) -> Any:
        """`<collection>.<method>(**kwargs)` with Chroma's errors made EngineErrors."""
        collection = self._connect()
        try:
            return getattr(collection, method)(**kwargs)
        except Exception as err:
            raise chroma.translate(
                err, where=self.location, what=method, remote=self._remote
            ) from err
