"""The vector store: chunk embeddings in a Chroma collection (cosine space).

Embeddings are always passed in (`embeddings=`, `query_embeddings=`); the collection is made
with `embedding_function=None`, so Chroma's default embedding function (which downloads a
model) is never called. Telemetry is off: `anonymized_telemetry=False` in the client settings
and `ANONYMIZED_TELEMETRY=False` in the environment (chromadb 1.5's product telemetry client is
a no-op anyway). chromadb is imported inside functions so that importing this module is cheap.
"""

from __future__ import annotations

import contextlib
import functools
import hashlib
import logging
import os
import threading
import time
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, ParamSpec, TypeVar, cast
from urllib.parse import urlsplit

import numpy as np
import numpy.typing as npt

from engine.errors import EngineError, IndexCorruptError, one_line
from engine.store.vector_mirror import MAX_VECTORS, VectorMirror

CHECK_QUIET_S = 1.0  # the snapshot check waits for this long without a query ...
CHECK_MAX_WAIT_S = 60.0  # ... but no longer than this after its delay

log = logging.getLogger(__name__)

P = ParamSpec("P")
R = TypeVar("R")
Vector = npt.NDArray[np.float32]

_PAGE = 5_000  # ids per page in all_ids(); also the cap for one get/delete call
_WHERE_BATCH = 500  # values per `$in` filter
_REBUILD_HINT = "run `consilience index PATH --rebuild`"
_DIMENSION_KEY = "dimension"


class VectorStoreError(EngineError):
    """The vector store refused an operation."""


class VectorStoreUnavailableError(VectorStoreError):
    """The Chroma server cannot be reached."""


@dataclass(frozen=True)
class VectorHit:
    id: str
    distance: float  # cosine distance, 0 (same direction) .. 2 (opposite)
    similarity: float  # 1 - distance
    metadata: Mapping[str, Any] = field(default_factory=dict)
    embedding: Vector | None = field(default=None, compare=False, repr=False)


def collection_name_for(vault_root: Path, model_name: str, *, machine: str | None = None) -> str:
    """A valid Chroma collection name (29 chars of [a-z0-9-]) for one vault and one model.

    `machine` (the data directory's `machine_id`, given on a Chroma server) keeps machines
    that index a vault at the same path apart on a shared server.
    """
    key = f"{Path(vault_root).expanduser().resolve()}\0{model_name}"
    if machine:
        key += f"\0{machine}"
    return "cons-" + hashlib.sha256(key.encode("utf-8")).hexdigest()[:24]


def _is_connection_error(err: BaseException) -> bool:
    try:
        import httpx
    except ImportError:  # pragma: no cover - httpx comes with chromadb
        return False
    if isinstance(err, httpx.TransportError | ConnectionError):
        return True
    return isinstance(err, ValueError) and "could not connect" in str(err).lower()


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
    ) -> None:
        self.name = name
        self.dimension = dimension
        self.location = chroma_url or str(persist_dir)  # for messages
        self._persist_dir = persist_dir
        self._chroma_url = chroma_url
        self._remote = chroma_url is not None
        self._reset_on_connect = reset
        # The Chroma client and collection, made by `_connect` (at open, or on first use).
        self._client: Any = None
        self._collection: Any = None
        self._max_batch = 1
        self._connect_lock = threading.Lock()
        self._closed = threading.Event()
        # The in-memory mirror (see vector_mirror.py): writes hold _write_lock so the mirror
        # loads a consistent copy and then follows every write; queries use it once ready.
        self._write_lock = threading.RLock()
        self._mirror: VectorMirror | None = None
        self._mirror_ready = threading.Event()
        self._last_query = 0.0  # time.monotonic() of the latest `nearest`
        self._mirror_thread: threading.Thread | None = None
        self._mirror_stamp: str | None = None  # the snapshot the mirror equals, if any

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
    ) -> VectorStore:
        """Open (creating if needed) `collection` in a local folder or on a Chroma server.

        `reset` drops the collection first (for `--rebuild`, also when it cannot be used).
        `deferred` (a local folder only) leaves Chroma unopened, and chromadb unimported
        (about a second), until the first call that needs it: a restart whose queries the
        saved in-memory vectors answer (see `start_mirror`) reaches its first result
        sooner. Opening errors then come from that first call.
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
        with self._connect_lock:
            if self._closed.is_set():
                raise VectorStoreError(f"The vector store at {self.location} is closed.")
            if self._collection is not None:
                return self._collection
            where = self.location
            client: Any = None
            try:
                import chromadb
                from chromadb.config import Settings

                settings = Settings(anonymized_telemetry=False)
                if self._chroma_url is not None:
                    host, port, ssl = _parse_url(self._chroma_url)
                    client = chromadb.HttpClient(host=host, port=port, ssl=ssl, settings=settings)
                    client.heartbeat()
                else:
                    assert self._persist_dir is not None
                    Path(self._persist_dir).mkdir(parents=True, exist_ok=True)
                    client = chromadb.PersistentClient(
                        path=str(self._persist_dir), settings=settings
                    )
                if self._reset_on_connect:
                    _drop(client, self.name)
                col = _get_or_create(client, self.name, self.dimension)
                max_batch = max(1, int(client.get_max_batch_size()))
            except Exception as err:
                if client is not None:
                    _close_client(client)
                raise _translate(err, where=where, opening=True, remote=self._remote) from err
            try:
                self._check_collection(col)
            except EngineError:
                _close_client(client)
                raise
            self._client, self._collection, self._max_batch = client, col, max_batch
            self._reset_on_connect = False
            log.info("Vector store %s: collection %s", where, self.name)  # no count(): ~0.2 s
            return col

    def _check_collection(self, collection: Any) -> None:
        meta = dict(collection.metadata or {})
        stored_dim = meta.get(_DIMENSION_KEY)
        if stored_dim is not None and int(stored_dim) != self.dimension:
            raise IndexCorruptError(
                f"The vector collection {self.name} at {self.location} holds {stored_dim}-"
                f"dimensional vectors but the model makes {self.dimension}; {_REBUILD_HINT}."
            )
        config = getattr(collection, "configuration_json", None) or {}
        space = (config.get("hnsw") or {}).get("space")
        if space not in (None, "cosine"):
            raise IndexCorruptError(
                f"The vector collection {self.name} at {self.location} uses the {space!r} "
                f"distance, not cosine; {_REBUILD_HINT}."
            )

    def close(self) -> None:
        """Release the client (idempotent); a mirror still loading stops at its next page."""
        self._closed.set()  # also stops a mirror load and wakes a check waiting to start
        with self._write_lock, self._connect_lock:
            client, self._client, self._collection = self._client, None, None
            self._mirror = None
            self._mirror_ready.clear()
        if client is not None:
            _close_client(client)

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
        with self._mirrored_write():
            batch = self.max_batch_size
            for start in range(0, len(ids), batch):
                stop = start + batch
                self._call(
                    "upsert",
                    ids=list(ids[start:stop]),
                    embeddings=vecs[start:stop],
                    metadatas=metas[start:stop],
                )
            if self._mirror is not None:
                self._mirror.put(ids, vecs, metas)

    def delete(self, ids: Iterable[str]) -> None:
        """Remove vectors by id (unknown ids are ignored)."""
        wanted = list(dict.fromkeys(ids))
        with self._mirrored_write():
            for batch in _chunks(wanted, min(self.max_batch_size, _PAGE)):
                self._call("delete", ids=batch)
            if self._mirror is not None:
                self._mirror.remove(wanted)

    def delete_notes(self, paths: Iterable[str]) -> None:
        """Remove every vector whose metadata `note_path` is one of `paths`."""
        wanted = list(dict.fromkeys(paths))
        with self._mirrored_write():
            for batch in _chunks(wanted, _WHERE_BATCH):
                self._call("delete", where={"note_path": {"$in": batch}})
            if self._mirror is not None:
                self._mirror.remove_notes(wanted)

    def reset(self) -> None:
        """Drop the collection and create it again, empty."""

        self._connect()
        with self._mirrored_write():
            try:
                _drop(self._client, self.name)
                self._collection = _get_or_create(self._client, self.name, self.dimension)
            except Exception as err:
                raise _translate(
                    err, where=self.location, what="reset", remote=self._remote
                ) from err
            if self._mirror is not None:
                self._mirror.clear()

    # ----------------------------------------------------------------------------- mirror

    def start_mirror(
        self,
        *,
        wait: bool = False,
        snapshot: Path | None = None,
        stamp: str | None = None,
        check_delay_s: float = 0.0,
    ) -> None:
        """Load every vector into memory; queries use it once loaded.

        With a `snapshot` saved under this `stamp` (see `save_mirror`) the mirror is ready
        at once and a background check compares its size with Chroma's (a mismatch reloads
        from Chroma); otherwise it loads from Chroma in the background. Only for a
        collection this process alone writes (the writer workspace): the mirror follows this
        store's writes, not another process's. Idempotent. A failure leaves queries on
        Chroma and is logged. `check_delay_s` postpones that check (and so opening a
        `deferred` Chroma), keeping it off a restart's first queries.
        """
        with self._write_lock:
            if self._mirror_thread is None:
                loaded = None
                if snapshot is not None and stamp is not None:
                    loaded = VectorMirror.load(snapshot, stamp=stamp, dimension=self.dimension)
                if loaded is not None:
                    self._mirror = loaded
                    self._mirror_stamp = stamp
                    self._mirror_ready.set()
                    log.info("Vector mirror: %d vectors from %s", len(loaded), snapshot)
                target: Callable[[], None]
                if loaded is not None:
                    target = functools.partial(self._check_mirror, delay_s=check_delay_s)
                else:
                    target = self._load_mirror
                self._mirror_thread = threading.Thread(
                    target=target, name="vector-mirror", daemon=True
                )
                self._mirror_thread.start()
        if wait:
            self._mirror_thread.join()

    def save_mirror(self, snapshot: Path, *, stamp: str) -> None:
        """Save the mirror (if loaded and not already saved under `stamp`) so the next
        process starts with it; call when the index is consistent. Never raises."""
        with self._write_lock:
            mirror = self._mirror if self._mirror_ready.is_set() else None
            if mirror is None or self._mirror_stamp == stamp:
                return
            try:
                mirror.save(snapshot, stamp=stamp)
            except OSError as err:
                log.warning("Vector mirror not saved to %s: %s", snapshot, err)
                return
            self._mirror_stamp = stamp

    def _check_mirror(self, delay_s: float = 0.0) -> None:
        """A mirror from a snapshot: reload from Chroma if the counts disagree. After
        `delay_s`, the check also waits for a pause in queries (`CHECK_QUIET_S` without
        one, for at most `CHECK_MAX_WAIT_S`): opening a deferred Chroma imports chromadb, a
        second of interpreter-bound work that took queries running beside it from ~25 to
        110-240 ms (SciFact, limit 100, queries 5-8 s after start)."""
        if delay_s > 0:
            if self._closed.wait(delay_s):
                return  # closed while waiting
            give_up = time.monotonic() + CHECK_MAX_WAIT_S
            while (quiet := time.monotonic() - self._last_query) < CHECK_QUIET_S:
                if time.monotonic() >= give_up:
                    break
                if self._closed.wait(CHECK_QUIET_S - quiet):
                    return
        try:
            with self._write_lock:
                mirror = self._mirror
                if mirror is None or self._closed.is_set():
                    return
                total, held = self.count(), len(mirror)
                if total == held:
                    return
                log.warning(
                    "Vector snapshot holds %d vectors, Chroma %d: reloading from Chroma",
                    held,
                    total,
                )
                self._mirror = None
                self._mirror_stamp = None
                self._mirror_ready.clear()
        except Exception as err:
            if not self._closed.is_set():  # closing mid-check is no failure
                log.warning("Vector mirror check failed (%s)", one_line(err))
            return
        self._load_mirror()

    def wait_mirror(self, timeout: float | None = None) -> bool:
        """Wait for a mirror load started by `start_mirror` (if any); True when mirrored.
        A mirror from a snapshot is ready at once (its check goes on in the background)."""
        thread = self._mirror_thread
        if thread is not None and not self.mirrored:
            thread.join(timeout)
        return self.mirrored

    @property
    def mirrored(self) -> bool:
        """True once queries are answered from memory."""
        return self._mirror_ready.is_set()

    def _load_mirror(self) -> None:
        with self._write_lock:
            try:
                total = self.count()
                if total > MAX_VECTORS:
                    log.info("Vector mirror skipped: %d vectors > %d", total, MAX_VECTORS)
                    return
                mirror = VectorMirror(self.dimension)
                offset = 0
                while not self._closed.is_set():
                    got = self._call(
                        "get", include=["embeddings", "metadatas"], limit=_PAGE, offset=offset
                    )
                    ids = got["ids"]
                    if ids:
                        metas = got.get("metadatas") or [None] * len(ids)
                        mirror.put(ids, np.asarray(got["embeddings"], dtype=np.float32), metas)
                    if len(ids) < _PAGE:
                        break
                    offset += len(ids)
            except Exception as err:  # queries keep using Chroma
                if not self._closed.is_set():  # closing mid-load is no failure
                    log.warning("Vector mirror not loaded (%s); queries use Chroma", one_line(err))
                return
            if self._closed.is_set():
                return
            self._mirror = mirror
            self._mirror_ready.set()
            log.info("Vector mirror: %d vectors in memory", len(mirror))

    @contextlib.contextmanager
    def _mirrored_write(self) -> Iterator[None]:
        """Hold the write lock; if the write fails half-way, drop the mirror (Chroma may hold
        part of it), so queries go back to Chroma rather than answer from a stale copy."""
        with self._write_lock:
            self._mirror_stamp = None
            try:
                yield
            except BaseException:
                if self._mirror is not None:
                    log.warning("A vector write failed; queries use Chroma from now on")
                    self._mirror = None
                    self._mirror_ready.clear()
                raise

    # ----------------------------------------------------------------------------- reads

    def count(self) -> int:
        return int(self._call("count"))

    def all_ids(self) -> set[str]:
        """Every id in the collection (read in pages)."""
        out: set[str] = set()
        offset = 0
        while True:
            got = self._call("get", include=[], limit=_PAGE, offset=offset)
            ids = got["ids"]
            out.update(ids)
            if len(ids) < _PAGE:
                return out
            offset += len(ids)

    def get_embeddings(self, ids: Iterable[str]) -> dict[str, Vector]:
        """id -> vector for the ids that exist."""
        wanted = list(dict.fromkeys(ids))
        mirror = self._mirror if self._mirror_ready.is_set() else None
        if mirror is not None:
            return cast(dict[str, Vector], mirror.vectors(wanted))
        out: dict[str, Vector] = {}
        for batch in _chunks(wanted, min(self.max_batch_size, _PAGE)):
            got = self._call("get", ids=batch, include=["embeddings"])
            for cid, emb in zip(got["ids"], _rows(got.get("embeddings")), strict=True):
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
        for batch in _chunks(list(dict.fromkeys(values)), _WHERE_BATCH):
            got = self._call("get", where={key: {"$in": batch}}, include=include)
            metas = got.get("metadatas") or [None] * len(got["ids"])
            embs: list[Vector | None] = (
                list(_rows(got.get("embeddings"))) if embeddings else [None] * len(got["ids"])
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
        dists = got["distances"][0] if got.get("distances") else [0.0] * len(ids)
        metas = got["metadatas"][0] if got.get("metadatas") else [None] * len(ids)
        embs: list[Vector | None] = [None] * len(ids)
        if include_embeddings and got.get("embeddings") is not None:
            embs = list(_rows(got["embeddings"][0]))
        return [
            VectorHit(
                id=cid,
                distance=float(d),
                similarity=1.0 - float(d),
                metadata=dict(m or {}),
                embedding=e,
            )
            for cid, d, m, e in zip(ids, dists, metas, embs, strict=True)
        ]

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
        self._last_query = time.monotonic()
        mirror = self._mirror if self._mirror_ready.is_set() else None
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
                dists = got["distances"][row] if got.get("distances") else [0.0] * len(ids)
                metas = got["metadatas"][row] if got.get("metadatas") else [None] * len(ids)
                embs: list[Vector | None] = [None] * len(ids)
                if include_embeddings and got.get("embeddings") is not None:
                    embs = list(_rows(got["embeddings"][row]))
                out.append(
                    [
                        VectorHit(
                            id=cid,
                            distance=float(d),
                            similarity=1.0 - float(d),
                            metadata=dict(m or {}),
                            embedding=e,
                        )
                        for cid, d, m, e in zip(ids, dists, metas, embs, strict=True)
                    ]
                )
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
            raise _translate(err, where=self.location, what=method, remote=self._remote) from err


def _get_or_create(client: Any, name: str, dimension: int) -> Any:
    return client.get_or_create_collection(
        name=name,
        configuration={"hnsw": {"space": "cosine"}},
        metadata={_DIMENSION_KEY: dimension},
        embedding_function=None,
    )


def _drop(client: Any, name: str) -> None:
    from chromadb.errors import NotFoundError

    with contextlib.suppress(NotFoundError):
        client.delete_collection(name)
        log.info("Dropped vector collection %s", name)


def _close_client(client: Any) -> None:
    close = getattr(client, "close", None)
    if close is None:
        return
    try:
        close()
    except Exception as err:  # closing must never mask the real outcome
        log.debug("closing the Chroma client failed: %s", err)


def _parse_url(url: str) -> tuple[str, int, bool]:
    parts = urlsplit(url if "://" in url else f"http://{url}")
    if parts.scheme not in ("http", "https") or not parts.hostname:
        raise VectorStoreError(
            f"--chroma-url {url!r} is not a Chroma server URL; use http://HOST:PORT or "
            "https://HOST:PORT"
        )
    ssl = parts.scheme == "https"
    if parts.path not in ("", "/"):
        log.warning("Chroma URL path %r is ignored", parts.path)
    return parts.hostname, parts.port or (443 if ssl else 8000), ssl


def _translate(
    err: BaseException, *, where: str, what: str = "open", opening: bool = False, remote: bool
) -> EngineError:
    if isinstance(err, EngineError):
        return err
    if remote and _is_connection_error(err):
        return VectorStoreUnavailableError(
            f"Chroma server at {where} is not reachable: {one_line(err)} — start it, or "
            "check --chroma-url"
        )
    if opening and isinstance(err, OSError):
        return VectorStoreError(f"The vector store at {where} cannot be opened: {one_line(err)}")
    if opening and not remote:
        return IndexCorruptError(
            f"The vector store at {where} cannot be opened ({one_line(err)}); {_REBUILD_HINT}."
        )
    return VectorStoreError(f"Vector store {what} failed at {where}: {one_line(err)}")


def _chunks(items: list[str], size: int) -> Iterator[list[str]]:
    for start in range(0, len(items), size):
        yield items[start : start + size]


def _rows(embeddings: Any) -> Iterator[Vector]:
    if embeddings is None:
        return
    for row in embeddings:
        yield cast(Vector, np.asarray(row, dtype=np.float32))
