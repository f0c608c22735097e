"""The Chroma vector store: a real PersistentClient in tmp_path, and a real `chroma run`."""

from __future__ import annotations

import re
import shutil
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import numpy as np
import numpy.typing as npt
import pytest

from engine.errors import EngineError, IndexCorruptError
from engine.store.vectors import (
    VectorHit,
    VectorStore,
    VectorStoreError,
    VectorStoreUnavailableError,
    collection_name_for,
)

DIM = 8


def unit(rows: npt.ArrayLike) -> npt.NDArray[np.float32]:
    arr = np.asarray(rows, dtype=np.float32)
    return arr / np.linalg.norm(arr, axis=-1, keepdims=True)


def random_vectors(n: int, *, seed: int = 0) -> npt.NDArray[np.float32]:
    return unit(np.random.default_rng(seed).normal(size=(n, DIM)))


def meta(note: str, i: int) -> dict[str, object]:
    return {"note_path": note, "ordinal": i, "text_hash": f"h-{note}-{i}"}


@pytest.fixture
def store(tmp_path: Path) -> Iterator[VectorStore]:
    vs = VectorStore.open(
        persist_dir=tmp_path / "chroma", chroma_url=None, collection="cons-test", dimension=DIM
    )
    yield vs
    vs.close()


def test_collection_name_is_valid_stable_and_distinct(tmp_path: Path) -> None:
    weird = tmp_path / "My Vault (ä 日本) !"
    weird.mkdir()
    name = collection_name_for(weird, "sentence-transformers/all-MiniLM-L6-v2")
    assert re.fullmatch(r"[a-zA-Z0-9._-]{3,512}", name)
    assert name.startswith("cons-") and len(name) == 29
    assert name == collection_name_for(
        weird / ".." / weird.name, "sentence-transformers/all-MiniLM-L6-v2"
    )
    assert name != collection_name_for(weird, "other-model")
    assert name != collection_name_for(tmp_path, "sentence-transformers/all-MiniLM-L6-v2")


def test_upsert_get_query_delete(store: VectorStore) -> None:
    vecs = random_vectors(6)
    ids = [f"a.md#{i}" for i in range(3)] + [f"b.md#{i}" for i in range(3)]
    metas = [meta("a.md", i) for i in range(3)] + [meta("b.md", i) for i in range(3)]
    store.upsert(ids, vecs, metas)
    assert store.count() == 6
    assert store.all_ids() == set(ids)

    got = store.get_embeddings(["a.md#1", "missing#0"])
    assert set(got) == {"a.md#1"}
    np.testing.assert_allclose(got["a.md#1"], vecs[1], atol=1e-6)
    assert got["a.md#1"].dtype == np.float32

    hits = store.query(vecs[4], k=3)
    assert isinstance(hits[0], VectorHit)
    assert hits[0].id == "b.md#1"
    assert hits[0].similarity == pytest.approx(1.0, abs=1e-5)
    assert hits[0].metadata == meta("b.md", 1)
    assert [h.distance for h in hits] == sorted(h.distance for h in hits)
    for h in hits:  # cosine space: similarity is the dot product of unit vectors
        expected = float(vecs[ids.index(h.id)] @ vecs[4])
        assert h.similarity == pytest.approx(expected, abs=1e-5)
        assert h.distance == pytest.approx(1 - expected, abs=1e-5)

    filtered = store.query(vecs[4], k=10, where={"note_path": "a.md"})
    assert {h.id for h in filtered} == {"a.md#0", "a.md#1", "a.md#2"}
    with_emb = store.query(vecs[0], k=1, include_embeddings=True)
    assert with_emb[0].embedding is not None
    np.testing.assert_allclose(with_emb[0].embedding, vecs[0], atol=1e-6)
    assert len(store.query(vecs[0], k=100)) == 6  # k beyond the collection is fine

    # upsert replaces in place
    store.upsert(["a.md#0"], unit([[1.0] * DIM]), [meta("a.md", 0)])
    assert store.count() == 6
    np.testing.assert_allclose(store.get_embeddings(["a.md#0"])["a.md#0"], unit([1.0] * DIM))

    store.delete(["a.md#0", "never-existed"])
    assert store.count() == 5
    store.delete_notes(["b.md"])
    assert store.all_ids() == {"a.md#1", "a.md#2"}
    store.delete([])
    assert store.query(vecs[0], k=0) == []


def test_a_disconnected_store_connects_again_when_used(store: VectorStore) -> None:
    vecs = random_vectors(4)
    ids = [f"a.md#{i}" for i in range(4)]
    store.upsert(ids, vecs, [meta("a.md", i) for i in range(4)])
    assert store.connected
    store.disconnect()
    assert not store.connected
    assert store.query(vecs[2], k=1)[0].id == "a.md#2"  # reads connect again
    store.disconnect()
    store.upsert(["b.md#0"], random_vectors(1, seed=3), [meta("b.md", 0)])  # and writes
    assert store.connected and store.count() == 5
    store.disconnect()
    store.disconnect()  # idempotent


def test_hash_lookups_used_by_the_indexer(store: VectorStore) -> None:
    vecs = random_vectors(3)
    store.upsert(
        ["a.md#0", "a.md#1", "b.md#0"], vecs, [meta("a.md", 0), meta("a.md", 1), meta("b.md", 0)]
    )
    assert store.hashes_for_notes(["a.md", "zzz.md"]) == {
        "a.md#0": "h-a.md-0",
        "a.md#1": "h-a.md-1",
    }
    found = store.embeddings_by_text_hash(["h-b.md-0", "nope"])
    assert set(found) == {"h-b.md-0"}
    np.testing.assert_allclose(found["h-b.md-0"], vecs[2], atol=1e-6)
    assert store.hashes_for_notes([]) == {}


@pytest.mark.slow  # thousands of vectors through Chroma
def test_batches_larger_than_the_server_limit(store: VectorStore) -> None:
    n = store.max_batch_size + 7
    ids = [f"n{i}.md#0" for i in range(n)]
    store.upsert(ids, random_vectors(n, seed=1), [meta(f"n{i}.md", 0) for i in range(n)])
    assert store.count() == n
    assert store.all_ids() == set(ids)  # paged
    assert len(store.get_embeddings(ids)) == n
    store.delete(ids)
    assert store.count() == 0


def test_empty_metadata_and_shape_validation(store: VectorStore) -> None:
    store.upsert(["x"], random_vectors(1), [{}])
    assert store.query(random_vectors(1)[0], k=1)[0].metadata == {}
    with pytest.raises(ValueError, match="shape"):
        store.upsert(["y"], np.ones((1, DIM + 1), np.float32), [{}])
    with pytest.raises(ValueError, match="shape"):
        store.query(np.ones(DIM - 1, np.float32), k=1)
    with pytest.raises(ValueError, match="duplicate"):
        store.upsert(["y", "y"], random_vectors(2), [{}, {}])
    with pytest.raises(ValueError, match="metadatas"):
        store.upsert(["y"], random_vectors(1), [])


def test_bad_filter_becomes_engine_error(store: VectorStore) -> None:
    store.upsert(["x"], random_vectors(1), [meta("x.md", 0)])
    with pytest.raises(VectorStoreError, match="query failed"):
        store.query(random_vectors(1)[0], k=1, where={"note_path": {"$bogus": 1}})


def test_persistence_across_reopen_and_reset(tmp_path: Path) -> None:
    path = tmp_path / "chroma"
    vecs = random_vectors(4, seed=3)
    first = VectorStore.open(persist_dir=path, chroma_url=None, collection="cons-p", dimension=DIM)
    first.upsert([f"c{i}" for i in range(4)], vecs, [meta("p.md", i) for i in range(4)])
    first.close()
    first.close()  # idempotent
    with pytest.raises(VectorStoreError, match="closed"):
        first.count()

    second = VectorStore.open(persist_dir=path, chroma_url=None, collection="cons-p", dimension=DIM)
    try:
        assert second.count() == 4
        assert second.query(vecs[2], k=1)[0].id == "c2"
        np.testing.assert_allclose(second.get_embeddings(["c3"])["c3"], vecs[3], atol=1e-6)
        other = VectorStore.open(
            persist_dir=path, chroma_url=None, collection="cons-q", dimension=DIM
        )
        assert other.count() == 0  # collections are separate
        other.close()
        second.reset()
        assert second.count() == 0
        second.upsert(["after"], vecs[:1], [meta("p.md", 0)])
        assert second.all_ids() == {"after"}
    finally:
        second.close()


def test_dimension_mismatch_is_reported(tmp_path: Path) -> None:
    path = tmp_path / "chroma"
    VectorStore.open(persist_dir=path, chroma_url=None, collection="cons-d", dimension=DIM).close()
    with pytest.raises(IndexCorruptError, match="--rebuild"):
        VectorStore.open(persist_dir=path, chroma_url=None, collection="cons-d", dimension=DIM * 2)
    rebuilt = VectorStore.open(
        persist_dir=path, chroma_url=None, collection="cons-d", dimension=DIM * 2, reset=True
    )
    try:
        rebuilt.upsert(["a"], unit(np.ones((1, DIM * 2))), [{"note_path": "a.md"}])
        assert rebuilt.count() == 1
    finally:
        rebuilt.close()


def test_corrupt_persist_dir_is_index_corrupt(tmp_path: Path) -> None:
    path = tmp_path / "chroma"
    path.mkdir()
    (path / "chroma.sqlite3").write_bytes(b"this is not a database" * 1000)
    with pytest.raises(IndexCorruptError, match="--rebuild"):
        VectorStore.open(persist_dir=path, chroma_url=None, collection="cons-c", dimension=DIM)


def test_telemetry_is_off(store: VectorStore) -> None:
    import os

    settings = store._client.get_settings()
    assert settings.anonymized_telemetry is False
    assert os.environ.get("ANONYMIZED_TELEMETRY") == "False"
    with pytest.raises(ImportError):  # the posthog client chromadb used to ship is absent
        __import__("posthog")


def test_no_network_traffic_from_a_local_store(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    attempts: list[object] = []
    real_connect = socket.socket.connect

    def guarded(self: socket.socket, address: object) -> None:
        attempts.append(address)
        real_connect(self, address)  # type: ignore[arg-type]

    monkeypatch.setattr(socket.socket, "connect", guarded)
    vs = VectorStore.open(
        persist_dir=tmp_path / "c", chroma_url=None, collection="cons-n", dimension=DIM
    )
    vs.upsert(["a"], random_vectors(1), [meta("a.md", 0)])
    assert vs.query(random_vectors(1)[0], k=1)[0].id == "a"
    vs.close()
    assert attempts == []


def test_unreachable_server_is_a_clear_error() -> None:
    with socket.socket() as s:  # a port with nobody listening
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    url = f"http://127.0.0.1:{port}"
    with pytest.raises(
        VectorStoreUnavailableError, match=f"Chroma server at {url} is not reachable"
    ):
        VectorStore.open(persist_dir=None, chroma_url=url, collection="cons-x", dimension=DIM)
    with pytest.raises(EngineError, match="not a Chroma server URL"):
        VectorStore.open(
            persist_dir=None, chroma_url="ftp://host", collection="cons-x", dimension=DIM
        )


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@pytest.fixture(scope="module")
def chroma_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    cli = Path(sys.executable).parent / "chroma"
    if not cli.exists():
        found = shutil.which("chroma")
        if found is None:
            pytest.skip("the `chroma` CLI is not installed")
        cli = Path(found)
    port = _free_port()
    data = tmp_path_factory.mktemp("chroma-server")
    log = (data / "server.log").open("wb")
    proc = subprocess.Popen(
        [str(cli), "run", "--path", str(data / "db"), "--host", "127.0.0.1", "--port", str(port)],
        stdout=log,
        stderr=subprocess.STDOUT,
        env={**__import__("os").environ, "ANONYMIZED_TELEMETRY": "False"},
    )
    try:
        deadline = time.monotonic() + 30
        while True:
            if proc.poll() is not None:
                pytest.fail(f"chroma run exited with {proc.returncode}")
            try:
                socket.create_connection(("127.0.0.1", port), timeout=0.2).close()
                break
            except OSError:
                if time.monotonic() > deadline:
                    pytest.fail("chroma run did not start listening within 30 s")
                time.sleep(0.1)
        yield f"http://127.0.0.1:{port}"
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait(timeout=10)
        log.close()


@pytest.mark.slow
def test_http_client_against_a_real_server(chroma_server: str) -> None:
    vs = VectorStore.open(
        persist_dir=None, chroma_url=chroma_server, collection="cons-http", dimension=DIM
    )
    try:
        vecs = random_vectors(5, seed=7)
        vs.upsert([f"s{i}" for i in range(5)], vecs, [meta("s.md", i) for i in range(5)])
        assert vs.count() == 5
        hits = vs.query(vecs[3], k=2)
        assert hits[0].id == "s3" and hits[0].similarity == pytest.approx(1.0, abs=1e-5)
        assert vs.all_ids() == {f"s{i}" for i in range(5)}
        vs.reset()
        assert vs.count() == 0
    finally:
        vs.close()
    again = VectorStore.open(
        persist_dir=None, chroma_url=chroma_server, collection="cons-http", dimension=DIM
    )
    assert again.count() == 0
    again.close()
