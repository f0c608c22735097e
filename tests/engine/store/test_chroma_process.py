"""Chroma in a process of its own (`engine.store.chroma_process`): a workspace that keeps it
apart writes the same store without ever importing chromadb; a child that idles out or is
killed is started again on the next call; a child whose parent dies ends; Chroma's errors
arrive as the vector store's own."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import numpy as np
import pytest
from conftest import DEMO_VAULT

from engine.errors import IndexCorruptError
from engine.store.chroma import VectorStoreError
from engine.store.chroma_process import ChromaProcessClient, ChromaProcessError, wait_for_leftover
from engine.store.vectors import VectorStore
from engine.workspace import Workspace, WorkspaceConfig

ROOT = Path(__file__).resolve().parents[3]


def _gone(pid: int, within_s: float = 15.0) -> bool:
    end = time.monotonic() + within_s
    while time.monotonic() < end:
        try:
            os.kill(pid, 0)
        except ProcessLookupError:
            return True
        # a child of this process stays a zombie until reaped: read its state
        try:
            state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
        except OSError:
            return True
        if state == "Z":
            return True
        time.sleep(0.1)
    return False


def _vectors(n: int, seed: int = 3) -> np.ndarray:
    rng = np.random.default_rng(seed)
    v = rng.standard_normal((n, 8)).astype(np.float32)
    return v / np.linalg.norm(v, axis=1, keepdims=True)


def _open(path: Path, *, dimension: int = 8) -> VectorStore:
    return VectorStore.open(
        persist_dir=path, chroma_url=None, collection="notes", dimension=dimension, apart=True
    )


def test_a_workspace_with_chroma_apart_writes_the_store_without_importing_chromadb(
    tmp_path: Path,
) -> None:
    data = tmp_path / "data"
    script = textwrap.dedent(
        f"""
        import json, sys
        from pathlib import Path
        from engine.workspace import Workspace, WorkspaceConfig
        cfg = WorkspaceConfig(vault_root=Path({str(DEMO_VAULT)!r}), data_root=Path({str(data)!r}),
                              chroma_apart=True)
        with Workspace.open(cfg) as ws:
            stats = ws.sync(contradictions=False)
            ws.vectors.start_mirror(wait=True)
            ids = sorted(ws.vectors.all_ids())
            probe = ws.vectors.get_embeddings(ids[:5])
            print(json.dumps({{
                "embedded": stats.embedded,
                "count": ws.vectors.count(),
                "ids": ids,
                "probe": {{k: v.tolist() for k, v in probe.items()}},
                "chromadb": "chromadb" in sys.modules,
            }}))
        """
    )
    env = dict(os.environ, HF_HUB_OFFLINE="1", ANONYMIZED_TELEMETRY="False")
    done = subprocess.run(
        [sys.executable, "-c", script],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    got = json.loads(done.stdout.strip().splitlines()[-1])
    assert got["chromadb"] is False
    assert got["embedded"] > 100 and got["count"] == got["embedded"] == len(got["ids"])

    # the same store, read by Chroma in this process: every vector is there, as written
    with Workspace.open(WorkspaceConfig(vault_root=DEMO_VAULT, data_root=data)) as ws:
        assert sorted(ws.vectors.all_ids()) == got["ids"]
        stored = ws.vectors.get_embeddings(list(got["probe"]))
        for cid, vector in got["probe"].items():
            assert np.allclose(stored[cid], np.asarray(vector, dtype=np.float32), atol=1e-6)


def test_a_killed_child_is_started_again_and_the_call_answered(tmp_path: Path) -> None:
    store = _open(tmp_path / "chroma")
    try:
        store.upsert(["a", "b", "c"], _vectors(3), [{"n": 1}, {"n": 2}, {"n": 3}])
        client = store._client
        assert isinstance(client, ChromaProcessClient) and client.pid is not None
        first = client.pid
        os.kill(first, signal.SIGKILL)
        assert _gone(first)
        assert store.count() == 3  # asked again of a new child
        assert client.starts == 2 and client.pid not in (None, first)
        hits = store.query(_vectors(3)[0], k=1)
        assert [h.id for h in hits] == ["a"]
    finally:
        store.close()


def test_an_idle_child_exits_and_the_next_call_starts_another(tmp_path: Path) -> None:
    client = ChromaProcessClient.start(tmp_path / "chroma", idle_exit_s=0.5)
    try:
        col = client.get_or_create_collection("notes", metadata={"dimension": 8})
        col.upsert(ids=["x"], embeddings=_vectors(1))
        pid = client.pid
        assert pid is not None and _gone(pid, within_s=10)
        deadline = time.monotonic() + 5  # and reaped by its parent, no zombie left behind
        while Path(f"/proc/{pid}").exists() and time.monotonic() < deadline:
            time.sleep(0.05)
        assert not Path(f"/proc/{pid}").exists()
        assert col.count() == 1
        assert client.starts == 2
    finally:
        client.close()
    assert client.pid is None
    with pytest.raises(ChromaProcessError, match="closed"):
        col.count()


def test_the_child_ends_when_its_parent_dies(tmp_path: Path) -> None:
    script = textwrap.dedent(
        f"""
        import os, signal
        from pathlib import Path
        from engine.store.chroma_process import ChromaProcessClient
        client = ChromaProcessClient.start(Path({str(tmp_path / "chroma")!r}), idle_exit_s=600)
        print(client.pid, flush=True)
        os.kill(os.getpid(), signal.SIGKILL)
        """
    )
    done = subprocess.run(
        [sys.executable, "-c", script],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert done.returncode == -signal.SIGKILL
    child = int(done.stdout.split()[0])
    assert _gone(child)


def test_chromas_errors_arrive_as_the_vector_stores_own(tmp_path: Path) -> None:
    store = _open(tmp_path / "chroma")
    try:
        store.upsert(["a"], _vectors(1), [{"n": 1}])
        with pytest.raises(VectorStoreError, match="get failed"):
            store._call("get", where={"$no-such-operator": 1})
        store.drop_other("never-made")  # a missing collection is simply not there
        assert store.count() == 1  # the child still answers after a refused call
    finally:
        store.close()
    with pytest.raises(IndexCorruptError, match="8-dimensional"):
        _open(tmp_path / "chroma", dimension=16)


def test_a_new_writer_waits_for_a_chroma_process_still_holding_the_folder(tmp_path: Path) -> None:
    folder = tmp_path / "chroma"
    assert wait_for_leftover(folder, timeout_s=0.1)  # never opened: nothing to wait for
    client = ChromaProcessClient.start(folder)
    try:
        assert not wait_for_leftover(folder, timeout_s=0.3)
    finally:
        client.close()
    assert wait_for_leftover(folder, timeout_s=5)
