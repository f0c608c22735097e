"""engine.lifecycle.VaultLifecycle on real vaults: the states a vault goes through, the
policies for partial results, failures, pause and close, and a close that never waits."""

from __future__ import annotations

import threading
import time
from pathlib import Path
from typing import Any

import pytest
from helpers.lifecycle import hold_model_preparation
from helpers.vaultkit import write_vault

from engine.embed.embedder import Embedder
from engine.lifecycle import (
    LifecycleListener,
    LifecycleOptions,
    LifecycleStatus,
    VaultLifecycle,
    VaultState,
)
from engine.model import IndexStats, Progress
from engine.session import Session
from engine.workspace import WorkspaceConfig

WAIT_S = 120


class Recorder(LifecycleListener):
    """Every report, in order, with the thread it came on."""

    def __init__(self) -> None:
        self.events: list[tuple[str, Any]] = []
        self.states: list[VaultState] = []
        self.threads: set[str] = set()
        self.lock = threading.Lock()

    def _add(self, name: str, value: Any = None) -> None:
        with self.lock:
            self.events.append((name, value))
            self.threads.add(threading.current_thread().name)

    def names(self) -> list[str]:
        with self.lock:
            return [n for n, _ in self.events]

    def of(self, name: str) -> list[Any]:
        with self.lock:
            return [v for n, v in self.events if n == name]

    def state_changed(self, status: LifecycleStatus) -> None:
        with self.lock:
            if not self.states or self.states[-1] != status.state:
                self.states.append(status.state)

    def opened(self, session: Session) -> None:
        self._add("opened", session.read_only)

    def open_failed(self, message: str) -> None:
        self._add("open_failed", message)

    def model_loading(self, first_run: bool) -> None:
        self._add("model_loading", first_run)

    def model_ready(self) -> None:
        self._add("model_ready")

    def index_finished(self, stats: IndexStats | None) -> None:
        self._add("index_finished", stats)

    def text_indexed(self, stats: IndexStats) -> None:
        self._add("text_indexed", stats)

    def progress(self, progress: Progress) -> None:
        self._add("progress", progress)

    def synced(self, stats: IndexStats) -> None:
        self._add("synced", stats)

    def watching(self, on: bool) -> None:
        self._add("watching", on)

    def notice(self, kind: str, message: str) -> None:
        self._add("notice", (kind, message))

    def closed(self) -> None:
        self._add("closed")


def wait_for(condition: Any, timeout_s: float = WAIT_S) -> None:
    deadline = time.monotonic() + timeout_s
    while not condition():
        assert time.monotonic() < deadline, "timed out"
        time.sleep(0.02)


@pytest.fixture
def config(tmp_path: Path) -> WorkspaceConfig:
    vault = tmp_path / "vault"
    write_vault(vault, 8, paragraphs=2)
    return WorkspaceConfig(vault_root=vault, data_root=tmp_path / "data")


def make(
    config: WorkspaceConfig, embedder: Embedder, **options: Any
) -> tuple[VaultLifecycle, Recorder]:
    recorder = Recorder()
    life = VaultLifecycle(config, recorder, LifecycleOptions(embedder=embedder, **options))
    return life, recorder


def test_a_first_run_goes_from_opening_to_watching(
    config: WorkspaceConfig, embedder: Embedder
) -> None:
    life, rec = make(config, embedder)
    life.start()
    try:
        wait_for(lambda: life.status.state == VaultState.WATCHING)
        names = rec.names()
        assert names.index("opened") < names.index("model_ready") < names.index("index_finished")
        assert names.index("index_finished") < names.index("watching")
        stats = rec.of("index_finished")[0]
        assert stats.added == 8
        status = life.status
        assert status.first_index and status.model_ready and status.index_done
        assert not status.partial and status.missing == ()
        assert rec.states[0] in (VaultState.OPENING, VaultState.INDEXING)
        assert VaultState.INDEXING in rec.states and rec.states[-1] == VaultState.WATCHING
        assert rec.threads == {"consilience-vault"}  # one thread runs the whole life
        # live sync: a new note arrives through the watcher
        (config.vault_root / "Notes" / "Fresh.md").write_text("# Fresh\n\nNew words.\n", "utf-8")
        wait_for(lambda: any(s.added == 1 for s in rec.of("synced")))
    finally:
        life.close()
        assert life.wait_closed(WAIT_S)
    assert rec.names()[-1] == "closed" and life.status.state == VaultState.CLOSED
    assert life.session is None


def test_a_first_index_is_text_first_while_the_model_is_prepared(
    config: WorkspaceConfig, embedder: Embedder, monkeypatch: pytest.MonkeyPatch
) -> None:
    (config.vault_root / "Heron.md").write_text(
        "# Heron\n\nThe grey heron nests under the weir. See [[Note 1]].\n", "utf-8"
    )
    release = hold_model_preparation(monkeypatch)
    life, rec = make(config, embedder)
    life.start()
    try:
        wait_for(lambda: life.status.state == VaultState.PREPARING_MODEL)
        status = life.status
        assert status.text_complete and not status.index_done
        assert status.missing == ("meaning",)  # words and links hold every note already
        assert rec.of("text_indexed")[0].added == 9 and "index_finished" not in rec.names()
        session = life.session
        assert session is not None
        words = session.search("grey heron weir", sources=["text"])
        assert [r.note_path for r in words.results][:1] == ["Heron.md"]
        links = session.neighbours("Heron.md")
        assert links is not None and "Projects/Note 1.md" in {n.path for n in links.related}
        release.set()
        wait_for(lambda: life.status.index_done)
        assert life.status.missing == ()
        assert rec.of("index_finished")[0].embedded > 0  # the vectors came second
        meaning = session.search("a wading bird nesting by a dam", sources=["semantic"])
        assert "Heron.md" in [r.note_path for r in meaning.results][:3]
        phases = [p.phase for p in rec.of("progress")]
        assert phases.index("text") < phases.index("embed") < phases.index("contradictions")
    finally:
        release.set()
        life.close()
        assert life.wait_closed(WAIT_S)


def test_partial_results_policy() -> None:
    opening = LifecycleStatus(state=VaultState.OPENING)
    assert opening.missing == ("meaning", "notes not yet indexed")
    warm_indexing = LifecycleStatus(state=VaultState.INDEXING, model_ready=True, phase="embed")
    assert warm_indexing.missing == ("notes not yet indexed",)
    checking = LifecycleStatus(
        state=VaultState.CHECKING_CONTRADICTIONS, model_ready=True, phase="contradictions"
    )
    assert not checking.partial  # every note is searchable during the contradiction check
    read_only = LifecycleStatus(state=VaultState.READ_ONLY, index_done=True)
    assert read_only.missing == ("meaning",)
    assert not LifecycleStatus(state=VaultState.WATCHING, model_ready=True, index_done=True).partial


def test_a_failed_sync_says_why_and_does_not_watch(
    config: WorkspaceConfig, embedder: Embedder, monkeypatch: pytest.MonkeyPatch
) -> None:
    def broken_sync(self: Session, **_kw: object) -> IndexStats:
        raise OSError("disk full")

    monkeypatch.setattr(Session, "sync", broken_sync)
    life, rec = make(config, embedder)
    life.start()
    try:
        wait_for(lambda: "index_finished" in rec.names())
        time.sleep(0.3)
        assert life.status.state == VaultState.FAILED and "disk full" in life.status.error
        assert ("index_failed", "disk full") in [(k, m) for k, m in rec.of("notice")]
        assert rec.of("index_finished") == [None]
        assert "watching" not in rec.names()  # a failed sync does not start live sync
    finally:
        life.close()
        assert life.wait_closed(WAIT_S)


def test_a_failed_warm_up_is_a_notice_and_indexing_goes_on(
    config: WorkspaceConfig, embedder: Embedder, monkeypatch: pytest.MonkeyPatch
) -> None:
    def broken_warm_up(self: Session, sources: object = None) -> None:
        raise RuntimeError("model file damaged")

    monkeypatch.setattr(Session, "warm_up", broken_warm_up)
    life, rec = make(config, embedder, live=False)
    life.start()
    try:
        wait_for(lambda: life.status.state == VaultState.IDLE)
        kinds = [k for k, _ in rec.of("notice")]
        assert kinds == ["semantic_unavailable"]
        assert "model file damaged" in rec.of("notice")[0][1]
        assert life.status.model_ready and rec.of("index_finished")[0].added == 8
    finally:
        life.close()
        assert life.wait_closed(WAIT_S)


def test_a_vault_that_cannot_be_opened_fails_and_closes(tmp_path: Path) -> None:
    def refuse() -> Session:
        raise OSError("no such vault")

    rec = Recorder()
    life = VaultLifecycle(
        WorkspaceConfig(vault_root=tmp_path / "gone", data_root=tmp_path / "data"),
        rec,
        open_session=refuse,
    )
    life.start()
    assert life.wait_closed(WAIT_S)
    assert rec.of("open_failed") == ["no such vault"]
    assert life.status.state == VaultState.FAILED and life.status.error == "no such vault"
    assert rec.names() == ["open_failed", "closed"]


def test_pause_holds_the_sync_and_resume_finishes_it(
    config: WorkspaceConfig, embedder: Embedder
) -> None:
    life, rec = make(config, embedder)
    life.pause()  # before anything ran: the sync holds at its first report
    life.start()
    try:
        wait_for(lambda: life.status.state == VaultState.PAUSED)
        time.sleep(0.5)
        assert "index_finished" not in rec.names() and life.paused
        life.resume()
        wait_for(lambda: life.status.state == VaultState.WATCHING)
        assert rec.of("index_finished")[0].added == 8
        life.pause()  # watching: the watcher stops
        wait_for(lambda: rec.of("watching")[-1:] == [False])
        assert life.status.state == VaultState.PAUSED
        (config.vault_root / "Notes" / "While paused.md").write_text("# Paused\n\nx\n", "utf-8")
        life.resume()  # catches up with what changed meanwhile, then watches again
        wait_for(lambda: rec.of("watching")[-1:] == [True])
        wait_for(lambda: any(s.added == 1 for s in rec.of("synced")))
    finally:
        life.close()
        assert life.wait_closed(WAIT_S)


def test_a_close_during_model_preparation_abandons_it(
    config: WorkspaceConfig, embedder: Embedder, monkeypatch: pytest.MonkeyPatch
) -> None:
    release = hold_model_preparation(monkeypatch)
    life, rec = make(config, embedder)
    life.start()
    wait_for(lambda: life.status.state == VaultState.PREPARING_MODEL)
    started = time.perf_counter()
    life.close()
    assert time.perf_counter() - started < 0.1  # the caller never waits
    assert life.wait_closed(WAIT_S)  # while the preparation still runs
    assert not release.is_set()
    # the writer lock is free again: a new writer opens the vault
    with Session.open(config, embedder=embedder, mirror=False) as again:
        assert not again.read_only
    release.set()  # the preparation returns into a closed lifecycle: nothing more starts
    time.sleep(0.3)
    assert "index_finished" not in rec.names() and "model_ready" not in rec.names()
    assert rec.names().count("closed") == 1


def test_close_during_the_first_index_stops_it_between_batches(
    tmp_path: Path, embedder: Embedder
) -> None:
    vault = tmp_path / "vault"
    write_vault(vault, 120, paragraphs=3)
    config = WorkspaceConfig(vault_root=vault, data_root=tmp_path / "data")
    life, rec = make(config, embedder, warm_up=False)
    life.start()
    wait_for(lambda: life.status.phase in ("embed", "write") and life.status.done > 0)
    started = time.perf_counter()
    life.close()
    assert time.perf_counter() - started < 0.1
    assert life.wait_closed(WAIT_S)
    assert "index_finished" not in rec.names()
    with Session.open(config, embedder=embedder, mirror=False) as again:
        assert not again.read_only  # the lock was let go
        again.sync()  # the next start completes whatever the close cut short
        assert again.indexed_notes() == 120
