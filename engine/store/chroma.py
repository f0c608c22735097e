"""Talking to Chroma: the client and collection helpers and the translation of Chroma's errors
into `EngineError`s. chromadb is imported inside functions so that importing this is cheap.
"""

from __future__ import annotations

import contextlib
import hashlib
import logging
import sqlite3
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, cast
from urllib.parse import urlsplit

import numpy as np
import numpy.typing as npt

from engine.errors import EngineError, IndexCorruptError, one_line
from engine.store.chroma_process import ChromaProcessClient, CollectionMissingError

log = logging.getLogger(__name__)

Vector = npt.NDArray[np.float32]
REBUILD_HINT = "run `consilience index PATH --rebuild`"
DIMENSION_KEY = "dimension"


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


def hits_of(got: Any, row: int, ids: list[str], *, include_embeddings: bool) -> list[VectorHit]:
    """Row `row` of a Chroma `query` result (its `ids`) as hits, nearest first."""
    dists = got["distances"][row] if got.get("distances") else [0.0] * len(ids)
    metas = got["metadatas"][row] if got.get("metadatas") else [None] * len(ids)
    embs: list[Vector | None] = [None] * len(ids)
    if include_embeddings and got.get("embeddings") is not None:
        embs = list(rows(got["embeddings"][row]))
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


class VectorStoreError(EngineError):
    """The vector store refused an operation."""


class VectorStoreUnavailableError(VectorStoreError):
    """The Chroma server cannot be reached."""


def is_connection_error(err: BaseException) -> bool:
    try:
        import httpx
    except ImportError:  # pragma: no cover - httpx comes with chromadb
        return False
    if isinstance(err, httpx.TransportError | ConnectionError):
        return True
    return isinstance(err, ValueError) and "could not connect" in str(err).lower()


def get_or_create(client: Any, name: str, dimension: int) -> Any:
    return client.get_or_create_collection(
        name=name,
        configuration={"hnsw": {"space": "cosine"}},
        metadata={DIMENSION_KEY: dimension},
        embedding_function=None,
    )


def drop(client: Any, name: str) -> None:
    if isinstance(client, ChromaProcessClient):  # chromadb stays unimported here
        missing: type[Exception] = CollectionMissingError
    else:
        from chromadb.errors import NotFoundError

        missing = NotFoundError
    with contextlib.suppress(missing):
        client.delete_collection(name)
        log.info("Dropped vector collection %s", name)


_METADATA_SEGMENT = """
    SELECT c.id, s.id FROM collections c JOIN segments s ON s.collection = c.id
    WHERE c.name = ? AND s.scope = 'METADATA'
"""


def local_count(persist_dir: Path, name: str) -> int | None:
    """The number of vectors in `name`, read from a local Chroma's own SQLite file, read
    only, without importing chromadb (about 70 MB and a second). None where that file or
    its layout is not the one this was written for, or writes wait in Chroma's log (a
    check then asks Chroma itself)."""
    db = persist_dir / "chroma.sqlite3"
    if not db.is_file():
        return None
    try:
        conn = sqlite3.connect(f"{db.resolve().as_uri()}?mode=ro", uri=True, timeout=1.0)
        try:
            found = conn.execute(_METADATA_SEGMENT, (name,)).fetchone()
            if found is None:
                return None
            collection, segment = found
            applied = conn.execute(
                "SELECT seq_id FROM max_seq_id WHERE segment_id = ?", (segment,)
            ).fetchone()
            pending = conn.execute(
                "SELECT count(*) FROM embeddings_queue WHERE topic LIKE ? AND seq_id > ?",
                (f"%/{collection}", applied[0] if applied else -1),
            ).fetchone()[0]
            if applied is None or pending:
                return None
            count = conn.execute(
                "SELECT count(*) FROM embeddings WHERE segment_id = ?", (segment,)
            ).fetchone()[0]
            return int(count)
        finally:
            conn.close()
    except (sqlite3.Error, OSError, TypeError, ValueError) as err:
        log.debug("Chroma's count not read from %s: %s", db, err)
        return None


def close_client(client: Any) -> None:
    close = getattr(client, "close", None)
    if close is None:
        return
    try:
        close()
    except Exception as err:  # closing must never mask the real outcome
        log.debug("closing the Chroma client failed: %s", err)


def parse_url(url: str) -> tuple[str, int, bool]:
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


def translate(
    err: BaseException, *, where: str, what: str = "open", opening: bool = False, remote: bool
) -> EngineError:
    if isinstance(err, EngineError):
        return err
    if remote and is_connection_error(err):
        return VectorStoreUnavailableError(
            f"Chroma server at {where} is not reachable: {one_line(err)} — start it, or "
            "check --chroma-url"
        )
    if opening and isinstance(err, OSError):
        return VectorStoreError(f"The vector store at {where} cannot be opened: {one_line(err)}")
    if opening and not remote:
        return IndexCorruptError(
            f"The vector store at {where} cannot be opened ({one_line(err)}); {REBUILD_HINT}."
        )
    return VectorStoreError(f"Vector store {what} failed at {where}: {one_line(err)}")


def chunks(items: list[str], size: int) -> Iterator[list[str]]:
    for start in range(0, len(items), size):
        yield items[start : start + size]


def rows(embeddings: Any) -> Iterator[Vector]:
    if embeddings is None:
        return
    for row in embeddings:
        yield cast(Vector, np.asarray(row, dtype=np.float32))
