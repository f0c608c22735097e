"""A search process saves its vector mirror with the graph; the next one starts mirrored
from it, unless the index changed since (then Chroma is read instead)."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

import pytest

from engine.search.build import build_search_service
from engine.workspace import PACKAGED_MODEL_ID, Workspace, WorkspaceConfig, embedder_identity

if TYPE_CHECKING:
    from engine.embed.embedder import Embedder


pytestmark = pytest.mark.slow  # indexes with the real model


def _vault(root: Path) -> Path:
    vault = root / "vault"
    vault.mkdir()
    (vault / "gauge.md").write_text("# Gauge\n\nThe river gauge reads every 15 minutes.\n")
    (vault / "soil.md").write_text("# Soil\n\nGarden soil pH sits near 6.5 this spring.\n")
    (vault / "trip.md").write_text("# Trip\n\nPack the tent and the stove for [[Gauge]].\n")
    return vault


def test_snapshot_is_used_only_while_the_index_is_unchanged(
    tmp_path: Path, embedder: Embedder
) -> None:
    vault = _vault(tmp_path)
    cfg = WorkspaceConfig(vault_root=vault, data_root=tmp_path / "data")
    with Workspace.open(cfg, embedder=embedder) as ws:
        ws.sync()
        ws.start_vector_mirror()  # a long-lived process: vectors in memory
        service = build_search_service(ws)
        service.warm_up()
        assert ws.vectors.mirrored
        service.close()
        snapshot = ws.paths.vector_snapshot
    assert Path(str(snapshot) + ".npy").exists() and Path(str(snapshot) + ".json").exists()

    with Workspace.open(cfg, embedder=embedder) as ws:
        ws.start_vector_mirror()  # a long-lived process: vectors in memory
        service = build_search_service(ws)
        assert ws.vectors.mirrored, "an unchanged index starts mirrored from its snapshot"
        top = service.search("river gauge interval").results[0].note_path
        assert top == "gauge.md"
        # An edit while running: the snapshot on disk no longer matches until saved again.
        (vault / "soil.md").write_text("# Soil\n\nCompost and mulch for the river gauge.\n")
        ws.sync(save_graph=False)
        assert ws.snapshot_stamp() is None
        service.close()

    with Workspace.open(cfg, embedder=embedder) as ws:  # closed cleanly: saved again
        stamp = ws.snapshot_stamp()
        assert stamp is not None
        ws.start_vector_mirror()  # a long-lived process: vectors in memory
        service = build_search_service(ws)
        assert ws.vectors.mirrored
        hits = service.search("compost mulch").results
        assert hits and hits[0].note_path == "soil.md"
        service.close()


def test_a_sync_that_never_finished_ignores_the_snapshot(
    tmp_path: Path, embedder: Embedder
) -> None:
    vault = _vault(tmp_path)
    cfg = WorkspaceConfig(vault_root=vault, data_root=tmp_path / "data")
    with Workspace.open(cfg, embedder=embedder) as ws:
        ws.sync()
        ws.start_vector_mirror()
        build_search_service(ws).warm_up()
    with Workspace.open(cfg, embedder=embedder) as ws:
        ws.catalog.state.dirty = True  # what a kill in the middle of a sync leaves
        assert ws.snapshot_stamp() is None
        ws.vectors.start_mirror(snapshot=ws.paths.vector_snapshot, stamp=ws.snapshot_stamp())
        assert ws.vectors.wait_mirror(30)  # loaded from Chroma instead, still complete
        chunk_ids = [
            c for p in ws.catalog.notes.manifest() for c in ws.catalog.notes.chunk_ids(note_path=p)
        ]
        assert len(chunk_ids) >= 3
        assert set(ws.vectors.get_embeddings(chunk_ids)) == set(chunk_ids)
        ws.catalog.state.dirty = False


def test_int8_and_fp32_vectors_never_share_a_collection(
    tmp_path: Path, embedder: Embedder, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The backend choice names the vectors' identity: int8 (the default) and fp32 each get
    their own collection, claims collection and snapshot stamp, so switching re-embeds and
    never answers int8 queries from fp32 vectors (or the reverse)."""
    vault = _vault(tmp_path)
    cfg = WorkspaceConfig(vault_root=vault, data_root=tmp_path / "data")
    assert embedder_identity(None, embedder) == PACKAGED_MODEL_ID  # torch: fp32
    monkeypatch.setenv("CONSILIENCE_EMBEDDER", "onnx-int8")
    assert embedder_identity(None) == PACKAGED_MODEL_ID + "+int8"
    assert embedder_identity("my/model") == "my/model+int8"
    assert embedder_identity(None, embedder) == PACKAGED_MODEL_ID  # a given model decides
    monkeypatch.setenv("CONSILIENCE_EMBEDDER", "torch")
    assert embedder_identity(None) == PACKAGED_MODEL_ID

    with Workspace.open(cfg, embedder=embedder) as ws:
        ws.sync()
        fp32 = (ws.vectors.name, ws.embedder_id, ws.snapshot_stamp())
        assert ws.vectors.count() > 0
    monkeypatch.setenv("CONSILIENCE_EMBEDDER", "onnx-int8")
    with Workspace.open(cfg) as ws:  # the int8 model is not even loaded: nothing to embed yet
        assert ws.embedder_id == PACKAGED_MODEL_ID + "+int8"
        assert ws.vectors.name != fp32[0]
        assert ws.vectors.count() == 0  # its own, empty collection
        assert ws.snapshot_stamp() != fp32[2]
    monkeypatch.setenv("CONSILIENCE_EMBEDDER", "torch")
    with Workspace.open(cfg, embedder=embedder) as ws:  # back: the fp32 vectors are still there
        assert (ws.vectors.name, ws.embedder_id) == fp32[:2]
        assert ws.vectors.count() > 0
