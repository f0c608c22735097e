"""A one-shot `consilience search` answers as the app does: the same ranking, from the vector
snapshot `index` leaves beside the graph, without opening Chroma; a snapshot that does not
match the index is never used."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import engine.runtime as runtime
from app.cli import main
from engine.embed.embedder import Embedder
from engine.evaluate.vault_gen import generate_vault
from engine.session import Session
from engine.workspace import WorkspaceConfig

pytestmark = pytest.mark.slow

NOTES = 700  # about a thousand chunks


@pytest.fixture(scope="module")
def indexed(tmp_path_factory: pytest.TempPathFactory, embedder: Embedder) -> tuple[Path, Path]:
    import engine.embed.embedder as module

    root = tmp_path_factory.mktemp("one-shot")
    vault, data = root / "vault", root / "data"
    generated = generate_vault(vault, NOTES)
    assert generated.queries
    patch = pytest.MonkeyPatch()
    patch.setattr(module, "load_embedder", lambda model=None, **_: embedder)
    try:
        assert main(["index", str(vault), "--data-dir", str(data), "--json"]) == 0
    finally:
        patch.undo()
    return vault, data


def one_shot(
    vault: Path, data: Path, query: str, embedder: Embedder, monkeypatch: pytest.MonkeyPatch
) -> dict[str, float]:
    """Run `consilience search --json` in process; the phases it timed (what it opened)."""
    import engine.embed.embedder as module

    monkeypatch.setattr(module, "load_embedder", lambda model=None, **_: embedder)
    monkeypatch.setattr(runtime, "_phases", {})  # timings on: which stores were opened
    assert main(["search", str(vault), "--data-dir", str(data), "--json", "--", query]) == 0
    return runtime.phase_timings() or {}


def test_a_one_shot_search_ranks_as_the_app_without_opening_chroma(
    indexed: tuple[Path, Path],
    embedder: Embedder,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    vault, data = indexed
    queries = [
        "why does the protocol replace the packet",
        "how is memory handled by the compiler",
        "notes about latency on the router",
    ]
    config = WorkspaceConfig(vault_root=vault, data_root=data)
    with Session.open(config, embedder=embedder) as app:  # the app: vectors in memory
        wanted = {q: [r.note_path for r in app.search(q, limit=10).results] for q in queries}
    assert all(wanted.values())
    capsys.readouterr()
    for query in queries:
        phases = one_shot(vault, data, query, embedder, monkeypatch)
        got = [r["note_path"] for r in json.loads(capsys.readouterr().out)["results"]]
        assert got == wanted[query], query
        assert "open chroma" not in phases, phases  # meaning answered from the snapshot
        assert "open vector snapshot" in phases


def test_a_snapshot_that_does_not_match_the_index_is_not_used(
    indexed: tuple[Path, Path],
    embedder: Embedder,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    tmp_path: Path,
) -> None:
    import shutil

    vault, data = indexed
    copy_vault, copy_data = tmp_path / "vault", tmp_path / "data"
    shutil.copytree(vault, copy_vault)
    shutil.copytree(data, copy_data)
    # a snapshot that lost a vector: the same stamp, one vector fewer than the catalog
    index_root = next(p.parent for p in copy_data.rglob("vectors.mirror.json"))
    meta_path = index_root / "vectors.mirror.json"
    meta = json.loads(meta_path.read_text(encoding="utf-8"))
    meta["ids"], meta["note_of_row"] = meta["ids"][:-1], meta["note_of_row"][:-1]
    meta["count"] -= 1
    meta_path.write_text(json.dumps(meta), encoding="utf-8")
    import numpy as np

    vec_path = index_root / "vectors.mirror.npy"
    np.save(vec_path, np.load(vec_path)[:-1])
    phases = one_shot(
        copy_vault, copy_data, "why does the protocol replace the packet", embedder, monkeypatch
    )
    out = json.loads(capsys.readouterr().out)
    assert out["results"], "Chroma answers instead"
    assert "open chroma" in phases, phases


def test_a_one_shot_reads_the_link_graph_only_when_something_needs_it(
    embedder: Embedder, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import engine.embed.embedder as module
    from engine.store.deferred_graph import DeferredGraph

    vault, data = tmp_path / "vault", tmp_path / "data"
    generate_vault(vault, 120)
    monkeypatch.setattr(module, "load_embedder", lambda model=None, **_: embedder)
    assert main(["index", str(vault), "--data-dir", str(data), "--json"]) == 0
    config = WorkspaceConfig(vault_root=vault, data_root=data)
    titled = sorted(vault.rglob("*.md"))[3]
    path, title = titled.relative_to(vault).as_posix(), titled.stem
    with Session.open(config, embedder=embedder) as app:
        assert not isinstance(app.graph, DeferredGraph)  # a long-lived front end: at once
        wanted = [(r.note_path, r.sources) for r in app.search(title, limit=10).results]
        linked_before = set(app.graph.backlinks(path))
    assert any(p == path and "graph" in sources for p, sources in wanted), wanted

    with Session.open(config, embedder=embedder, mirror="snapshot") as one_shot:
        graph = one_shot.graph
        assert isinstance(graph, DeferredGraph) and not graph.loaded
        one_shot.sync(contradictions=False)  # nothing changed: nothing to ask the graph
        assert one_shot.search("zzqv nothing by this name", limit=10) is not None
        assert not graph.loaded
        got = [(r.note_path, r.sources) for r in one_shot.search(title, limit=10).results]
        assert got == wanted  # its neighbours come from the note directory
        assert not graph.loaded

    # an edit caught up by a one-shot process loads the graph and reaches the saved one
    (vault / "Linker.md").write_text(f"See [[{title}]].\n", encoding="utf-8")
    with Session.open(config, embedder=embedder, mirror="snapshot") as one_shot:
        graph = one_shot.graph
        assert isinstance(graph, DeferredGraph) and not graph.loaded
        one_shot.sync(contradictions=False)
        assert graph.loaded
    with Session.open(config, embedder=embedder) as app:
        assert set(app.graph.backlinks(path)) == linked_before | {"Linker.md"}
