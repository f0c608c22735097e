"""Issue 8: faults around the stores. The model that cannot load, the Chroma server going
away mid-session, a full disk on each kind of index write, the vault unmounted while watched.
Real components throughout; monkeypatching only injects the fault."""

from __future__ import annotations

import contextlib
import errno
import sqlite3
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest
from helpers.chroma_server import chroma_cli, free_port, start_chroma, stop_chroma
from helpers.vaultkit import assert_consistent, note_text, write_vault

from engine.errors import EngineError, ModelLoadError
from engine.session import Session
from engine.workspace import Workspace, WorkspaceConfig

if TYPE_CHECKING:
    from engine.embed.embedder import Embedder

pytestmark = pytest.mark.slow
TIMEOUT_S = 60.0  # per-source search timeout: generous on a loaded machine


def wait_until(predicate: Callable[[], bool], timeout: float = 60.0, what: str = "") -> None:
    deadline = time.monotonic() + timeout
    while not predicate():
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out after {timeout} s waiting for {what}")
        time.sleep(0.05)


@pytest.fixture
def vault(tmp_path: Path) -> Path:
    root = tmp_path / "vault"
    write_vault(root, 6, paragraphs=2)
    return root


# -- the embedding model cannot load ----------------------------------------------------------


def test_model_that_cannot_load_leaves_words_and_links(
    vault: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, embedder: Embedder
) -> None:
    import engine.embed.embedder as embedder_module
    from engine.search.build import build_search_service

    calls = []

    def broken(*_a: object, **_k: object) -> Any:
        calls.append(1)
        raise ModelLoadError("Could not load the embedding model: weights file is damaged")

    monkeypatch.setattr(embedder_module, "load_embedder", broken)
    config = WorkspaceConfig(vault_root=vault, data_root=tmp_path / "data")
    with Workspace.open(config) as ws:
        stats = ws.sync()
        assert stats.notes == 6 and stats.embedded == 0
        assert len(stats.problems) == 1 and "weights file is damaged" in stats.problems[0]
        assert "\n" not in stats.problems[0]
        assert stats.to_dict()["problems"] == list(stats.problems)
        assert ws.vectors.count() == 0
        assert ws.graph.notes() == set(ws.catalog.notes.manifest())
        service = build_search_service(ws, timeout_s=TIMEOUT_S)
        try:
            service.warm_up()  # must not raise: the other sources still answer
            response = service.search("capacitive probes drift")
            assert response.results, "words and links must still answer"
            assert {"text"} <= set(response.results[0].sources)
            failed = [w for w in response.warnings if w.source == "semantic"]
            assert failed and "weights file is damaged" in failed[0].message
            assert service.search("Alias 3").results  # the graph source: aliases
        finally:
            service.close()
        assert len(calls) == 1, "a failed model load is remembered, not retried per query"
    monkeypatch.undo()
    with Workspace.open(config, embedder=embedder) as ws:  # the model is back
        stats = ws.sync()
        assert stats.embedded > 0 and not stats.problems
        assert_consistent(ws)


# -- the Chroma server goes away and comes back -----------------------------------------------


@pytest.fixture
def chroma(tmp_path: Path) -> Iterator[tuple[Path, Path, int, list[Any]]]:
    cli = chroma_cli()
    if cli is None:
        pytest.skip("the `chroma` executable (installed with chromadb) is not on PATH")
    db, port = tmp_path / "chroma-db", free_port()
    procs = [start_chroma(cli, db, port)]
    yield cli, db, port, procs
    for proc in procs:
        stop_chroma(proc)


@contextlib.contextmanager
def _server_workspace(
    vault: Path, tmp_path: Path, port: int, embedder: Embedder
) -> Iterator[Workspace]:
    """The vault indexed into the Chroma server on `port`, open for searching."""
    config = WorkspaceConfig(
        vault_root=vault, data_root=tmp_path / "data", chroma_url=f"http://127.0.0.1:{port}"
    )
    with Workspace.open(config, embedder=embedder) as ws:
        ws.sync()
        yield ws


def test_chroma_server_going_away_degrades_then_recovers(
    vault: Path, tmp_path: Path, embedder: Embedder, chroma: tuple[Path, Path, int, list[Any]]
) -> None:
    from engine.search.build import build_search_service

    cli, db, port, procs = chroma
    with _server_workspace(vault, tmp_path, port, embedder) as ws:
        # Chroma answers every query here (no in-memory mirror): the path a read-only
        # process, a one-shot search and a process still loading its mirror take.
        service = build_search_service(ws, timeout_s=TIMEOUT_S)
        try:
            query = "solar panels keep the nodes alive in winter"
            before = service.search(query)
            assert "semantic" in before.results[0].sources and not before.warnings

            stop_chroma(procs[0], kill=True)  # the server dies mid-session
            down = service.search(query)
            assert down.results, "words and links still answer"
            warned = [w for w in down.warnings if w.source == "semantic"]
            assert warned, down.warnings
            assert all("semantic" not in r.sources for r in down.results)

            procs.append(start_chroma(cli, db, port))  # ... and comes back

            def recovered() -> bool:
                again = service.search(query)
                return not again.warnings and "semantic" in again.results[0].sources

            wait_until(recovered, what="semantic results after the server restarted")
        finally:
            service.close()
        assert_consistent(ws)


def test_mirrored_search_keeps_meaning_while_the_chroma_server_is_away(
    vault: Path, tmp_path: Path, embedder: Embedder, chroma: tuple[Path, Path, int, list[Any]]
) -> None:
    from engine.search.build import build_search_service

    cli, db, port, procs = chroma
    with _server_workspace(vault, tmp_path, port, embedder) as ws:
        ws.start_vector_mirror()
        service = build_search_service(ws, timeout_s=TIMEOUT_S)
        try:
            service.warm_up()
            assert ws.vectors.mirrored
            query = "solar panels keep the nodes alive in winter"
            before = service.search(query)
            stop_chroma(procs[0], kill=True)  # the server dies mid-session
            down = service.search(query)
            assert not down.warnings, down.warnings
            assert [r.note_path for r in down.results] == [r.note_path for r in before.results]
            procs.append(start_chroma(cli, db, port))  # ... and comes back
            wait_until(lambda: not service.search(query).warnings, what="answers after the restart")
        finally:
            service.close()
        assert_consistent(ws)


# -- disk full ----------------------------------------------------------------------------------


def _enospc(*_a: object, **_k: object) -> Any:
    raise OSError(errno.ENOSPC, "No space left on device")


def _full_vectors(monkeypatch: pytest.MonkeyPatch) -> None:
    from chromadb.api.models.Collection import Collection

    monkeypatch.setattr(Collection, "upsert", _enospc)


def _full_catalog(monkeypatch: pytest.MonkeyPatch) -> None:
    from engine.store import connection, notes

    def full(*_a: object, **_k: object) -> None:
        raise sqlite3.OperationalError("database or disk is full")

    monkeypatch.setattr(notes.Notes, "stage_notes", connection.guarded(full))


def _full_graph(monkeypatch: pytest.MonkeyPatch) -> None:
    import engine.store.graph as graph_module

    monkeypatch.setattr(graph_module.os, "fsync", _enospc)


@pytest.mark.parametrize(
    "fill", [_full_vectors, _full_catalog, _full_graph], ids=["vectors", "catalog", "graph"]
)
def test_disk_full_is_a_clear_error_and_the_next_sync_recovers(
    fill: Callable[[pytest.MonkeyPatch], None],
    vault: Path,
    tmp_path: Path,
    embedder: Embedder,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    config = WorkspaceConfig(vault_root=vault, data_root=tmp_path / "data")
    with Workspace.open(config, embedder=embedder) as ws:
        ws.sync()
    (vault / "Notes" / "Note 0.md").write_text(note_text(0, extra="An edit on a full disk."))
    (vault / "Notes" / "New.md").write_text(note_text(9, extra="A note on a full disk."))
    fill(monkeypatch)
    with Workspace.open(config, embedder=embedder) as ws:
        with pytest.raises(EngineError) as info:
            ws.sync()
        message = str(info.value)
        assert "\n" not in message
        assert "space" in message or "full" in message, message
    monkeypatch.undo()
    with Workspace.open(config, embedder=embedder) as ws:  # space freed: the next sync
        stats = ws.sync()
        assert stats.notes == 7
        assert_consistent(ws)
        assert ws.catalog.fulltext.search_substring("on a full disk", limit=5)


# -- the vault disappears while it is watched ---------------------------------------------------


def test_vault_unmounted_while_watching_then_resumes(
    vault: Path, tmp_path: Path, embedder: Embedder
) -> None:
    statuses: list[str] = []
    synced = threading.Event()
    config = WorkspaceConfig(vault_root=vault, data_root=tmp_path / "data")
    ws = Workspace.open(config, embedder=embedder)
    with Session(ws) as session:  # closes ws
        session.start_live(
            on_synced=lambda s: synced.set(),
            on_status=lambda status, _m: statuses.append(status),
        )
        try:
            aside = tmp_path / "unmounted"
            vault.rename(aside)
            wait_until(lambda: "unavailable" in statuses, what="the 'unavailable' status")
            assert len(ws.catalog.notes.manifest()) == 6, "an unmounted vault is not a mass delete"
            aside.rename(vault)
            (vault / "Notes" / "After.md").write_text("The otter returned to the weir.\n")
            wait_until(
                lambda: "Notes/After.md" in ws.catalog.notes.manifest(),
                what="the edit made after the vault came back",
            )
            assert len(ws.catalog.notes.manifest()) == 7
        finally:
            session.stop_live()
        assert_consistent(ws)
