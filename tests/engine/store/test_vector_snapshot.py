"""The vector mirror's snapshot: saved at a consistent point, loaded only under the same
stamp, refused when damaged, and checked against Chroma after loading."""

from __future__ import annotations

import json
import logging
from pathlib import Path

import numpy as np
import pytest

from engine.errors import IndexCorruptError
from engine.store.vector_mirror import VectorMirror
from engine.store.vectors import VectorStore, VectorStoreError, VectorTuning

DIM = 8


def _vectors(n: int, seed: int = 0) -> np.ndarray:
    rng = np.random.default_rng(seed)
    return rng.normal(size=(n, DIM)).astype(np.float32)


def _filled(n: int = 50) -> VectorMirror:
    mirror = VectorMirror(DIM)
    ids = [f"n{i % 7}.md#{i}" for i in range(n)]
    mirror.put(ids, _vectors(n), [{"note_path": f"n{i % 7}.md"} for i in range(n)])
    mirror.remove(["n0.md#0", "n1.md#8"])  # holes: only live rows are saved
    return mirror


def _answers(mirror: VectorMirror, notes: set[str] | None = None) -> list[tuple[str, str]]:
    out = []
    for q in _vectors(5, seed=9):
        out += [(h.id, h.note_path) for h in mirror.nearest(q, k=10, notes=notes)]
    return out


def test_round_trip_answers_the_same(tmp_path: Path) -> None:
    mirror = _filled()
    base = tmp_path / "vectors.mirror"
    mirror.save(base, stamp="7")
    loaded = VectorMirror.load(base, stamp="7", dimension=DIM)
    assert loaded is not None
    assert len(loaded) == len(mirror) == 48
    assert _answers(loaded) == _answers(mirror)
    assert _answers(loaded, {"n3.md"}) == _answers(mirror, {"n3.md"})
    got = loaded.vectors(["n2.md#2"])["n2.md#2"]
    assert np.allclose(got, mirror.vectors(["n2.md#2"])["n2.md#2"])
    # a loaded mirror takes writes as the one it was saved from does
    for m in (mirror, loaded):
        m.remove_notes(["n3.md"])
        m.remove(["n4.md#4"])
        m.put(["n9.md#0", "n2.md#2"], _vectors(2, seed=3), [{"note_path": "n9.md"}] * 2)
    assert len(loaded) == len(mirror)
    assert _answers(loaded) == _answers(mirror)
    assert _answers(loaded, {"n9.md", "n5.md"}) == _answers(mirror, {"n9.md", "n5.md"})


@pytest.mark.parametrize("field", ["ids", "notes"])
def test_a_snapshot_repeating_an_id_or_a_note_is_refused(tmp_path: Path, field: str) -> None:
    base = tmp_path / "vectors.mirror"
    _filled().save(base, stamp="7")
    meta_path = Path(str(base) + ".json")
    meta = json.loads(meta_path.read_text("utf-8"))
    meta[field][1] = meta[field][0]
    meta_path.write_text(json.dumps(meta), "utf-8")
    assert VectorMirror.load(base, stamp="7", dimension=DIM) is None


@pytest.mark.parametrize(
    "damage",
    [
        "other stamp",
        "other dimension",
        "no json",
        "no npy",
        "json garbage",
        "npy garbage",
        "npy of another size",
    ],
)
def test_anything_off_is_refused(tmp_path: Path, damage: str) -> None:
    base = tmp_path / "vectors.mirror"
    _filled().save(base, stamp="7")
    npy, meta = tmp_path / "vectors.mirror.npy", tmp_path / "vectors.mirror.json"
    stamp, dim = "7", DIM
    if damage == "other stamp":
        stamp = "8"
    elif damage == "other dimension":
        dim = DIM + 1
    elif damage == "no json":
        meta.unlink()
    elif damage == "no npy":
        npy.unlink()
    elif damage == "json garbage":
        meta.write_text("{not json", encoding="utf-8")
    elif damage == "npy garbage":
        npy.write_bytes(b"\x93NUMPY garbage")
    elif damage == "npy of another size":
        np.save(npy, _vectors(3))
    assert VectorMirror.load(base, stamp=stamp, dimension=dim) is None


def _store(path: Path) -> VectorStore:
    return VectorStore.open(persist_dir=path, chroma_url=None, collection="snap", dimension=DIM)


def test_store_starts_mirrored_from_its_snapshot(tmp_path: Path) -> None:
    base = tmp_path / "vectors.mirror"
    ids = [f"a{i}.md#0" for i in range(30)]
    metas = [{"note_path": f"a{i}.md"} for i in range(30)]
    with _store(tmp_path / "chroma") as store:
        store.upsert(ids, _vectors(30), metas)
        store.start_mirror(wait=True)
        store.save_mirror(base, stamp="1")
        q = _vectors(1, seed=5)[0]
        before = [h.id for h in store.nearest(q, k=5)]
    with _store(tmp_path / "chroma") as store:
        store.start_mirror(snapshot=base, stamp="1")
        assert store.mirrored  # at once, before any background work
        assert [h.id for h in store.nearest(q, k=5)] == before
        assert store.wait_mirror(10)
    with _store(tmp_path / "chroma") as store:  # another stamp: loads from Chroma instead
        store.start_mirror(snapshot=base, stamp="2", wait=True)
        assert store.mirrored
        assert [h.id for h in store.nearest(q, k=5)] == before


def test_a_snapshot_that_disagrees_with_chroma_is_replaced(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    base = tmp_path / "vectors.mirror"
    ids = [f"a{i}.md#0" for i in range(30)]
    metas = [{"note_path": f"a{i}.md"} for i in range(30)]
    with _store(tmp_path / "chroma") as store:
        store.upsert(ids, _vectors(30), metas)
        store.start_mirror(wait=True)
        store.save_mirror(base, stamp="1")
        store.upsert(["late.md#0"], _vectors(1, seed=3), [{"note_path": "late.md"}])
    # The snapshot says "1" but Chroma now holds 31 vectors: the check reloads from Chroma.
    with caplog.at_level(logging.WARNING), _store(tmp_path / "chroma") as store:
        store.start_mirror(snapshot=base, stamp="1", wait=True)  # waits for the check
        assert store.mirrored
        hits = store.nearest(_vectors(1, seed=3)[0], k=1)
        assert [h.id for h in hits] == ["late.md#0"]
    assert "reloading from Chroma" in caplog.text


def test_a_write_after_saving_means_the_next_save_writes_again(tmp_path: Path) -> None:
    base = tmp_path / "vectors.mirror"
    with _store(tmp_path / "chroma") as store:
        store.upsert(["a.md#0"], _vectors(1), [{"note_path": "a.md"}])
        store.start_mirror(wait=True)
        store.save_mirror(base, stamp="1")
        first = (tmp_path / "vectors.mirror.json").stat().st_mtime_ns
        store.save_mirror(base, stamp="1")  # unchanged: not written again
        assert (tmp_path / "vectors.mirror.json").stat().st_mtime_ns == first
        store.upsert(["b.md#0"], _vectors(1, seed=2), [{"note_path": "b.md"}])
        store.save_mirror(base, stamp="2")
    loaded = VectorMirror.load(base, stamp="2", dimension=DIM)
    assert loaded is not None and len(loaded) == 2


# ------------------------------------------------------------------------- deferred opening


def _deferred(path: Path, tuning: VectorTuning | None = None) -> VectorStore:
    return VectorStore.open(
        persist_dir=path,
        chroma_url=None,
        collection="snap",
        dimension=DIM,
        deferred=True,
        tuning=tuning or VectorTuning(),
    )


def _saved(tmp_path: Path, n: int = 30) -> tuple[Path, list[str]]:
    base = tmp_path / "vectors.mirror"
    ids = [f"a{i}.md#0" for i in range(n)]
    with _store(tmp_path / "chroma") as store:
        store.upsert(ids, _vectors(n), [{"note_path": f"a{i}.md"} for i in range(n)])
        store.start_mirror(wait=True)
        store.save_mirror(base, stamp="1")
    return base, ids


def test_a_deferred_store_answers_from_its_snapshot_without_opening_chroma(
    tmp_path: Path,
) -> None:
    base, ids = _saved(tmp_path)
    q = _vectors(1, seed=5)[0]
    with _store(tmp_path / "chroma") as eager:
        want = [h.id for h in eager.query(q, k=5)]
    with _deferred(tmp_path / "chroma") as store:
        assert not store.connected
        store.start_mirror(snapshot=base, stamp="1", check_delay_s=60)
        assert store.wait_mirror(1)
        assert [h.id for h in store.nearest(q, k=5)] == want
        assert set(store.get_embeddings(ids[:3])) == set(ids[:3])
        assert not store.connected  # the mirror answered; Chroma still unopened
        assert store.count() == len(ids)  # the first call that needs Chroma opens it
        assert store.connected
        store.upsert(["b.md#0"], _vectors(1, seed=8), [{"note_path": "b.md"}])
        assert store.count() == len(ids) + 1
        assert "b.md#0" in {h.id for h in store.nearest(_vectors(1, seed=8)[0], k=1)}


def test_the_delayed_check_still_catches_a_disagreeing_snapshot(tmp_path: Path) -> None:
    base, _ids = _saved(tmp_path)
    with _store(tmp_path / "chroma") as store:
        store.upsert(["late.md#0"], _vectors(1, seed=3), [{"note_path": "late.md"}])
    with _deferred(tmp_path / "chroma") as store:
        store.start_mirror(snapshot=base, stamp="1", check_delay_s=0.3)
        assert not store.connected
        assert store.mirrored  # the snapshot answers at once ...
        store.start_mirror(wait=True)  # ... until the check (after its delay) reloads
        assert store.connected and store.mirrored
        assert [h.id for h in store.nearest(_vectors(1, seed=3)[0], k=1)] == ["late.md#0"]


@pytest.mark.slow  # waits out real pauses
def test_the_check_waits_for_a_pause_in_queries(tmp_path: Path) -> None:
    """Opening Chroma (importing chromadb) would slow the queries it runs beside: after its
    delay the check waits until queries pause, then runs."""
    import time

    base, _ids = _saved(tmp_path)
    q = _vectors(1, seed=5)[0]
    with _deferred(tmp_path / "chroma", VectorTuning(check_quiet_s=0.5)) as store:
        store.start_mirror(snapshot=base, stamp="1", check_delay_s=0.1)
        end = time.monotonic() + 1.5
        while time.monotonic() < end:  # a query every 0.1 s: never a 0.5 s pause
            store.nearest(q, k=3)
            assert not store.connected
            time.sleep(0.1)
        thread = store._mirrors.thread
        assert thread is not None
        thread.join(10)  # queries stopped: the check runs
        assert not thread.is_alive()
        # it read Chroma's count from its file: chromadb stays unopened while nothing writes
        assert store.mirrored and not store.connected


def test_chromas_count_read_from_its_file_equals_its_own(tmp_path: Path) -> None:
    from engine.store.chroma import local_count

    _base, ids = _saved(tmp_path)
    with _deferred(tmp_path / "chroma") as store:
        assert store.stored_count() == len(ids) and not store.connected
        assert store.count() == len(ids) and store.connected
    assert local_count(tmp_path / "chroma", "no such collection") is None
    assert local_count(tmp_path / "nowhere", store.name) is None


def test_closing_during_the_check_delay_never_opens_chroma(tmp_path: Path) -> None:
    base, _ids = _saved(tmp_path)
    store = _deferred(tmp_path / "chroma")
    store.start_mirror(snapshot=base, stamp="1", check_delay_s=30)
    thread = store._mirrors.thread
    store.close()
    assert thread is not None
    thread.join(5)
    assert not thread.is_alive()  # woke at close, did not wait 30 s
    assert not store.connected


def test_a_deferred_store_reports_a_broken_folder_on_first_use(tmp_path: Path) -> None:
    broken = tmp_path / "chroma"
    broken.mkdir()
    (broken / "chroma.sqlite3").write_bytes(b"this is not a database" * 100)
    store = _deferred(broken)  # nothing is read yet
    try:
        with pytest.raises(IndexCorruptError, match="rebuild"):
            store.count()
        with pytest.raises(IndexCorruptError, match="rebuild"):  # and again: never half open
            store.upsert(["a.md#0"], _vectors(1), [{"note_path": "a.md"}])
        assert not store.connected
    finally:
        store.close()
    with pytest.raises(VectorStoreError, match="closed"):
        store.count()
