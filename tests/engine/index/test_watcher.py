"""The watcher on a real folder, and live sync through the real indexer."""

from __future__ import annotations

import logging
import os
import shutil
import threading
import time
from collections.abc import Callable
from pathlib import Path

import pytest
from helpers.vaultkit import assert_consistent, write_vault

from engine.embed.embedder import Embedder
from engine.index.watcher import VaultWatcher, quiet_watchdog_stop_race
from engine.session import Session
from engine.workspace import Workspace, WorkspaceConfig


class Recorder:
    def __init__(self) -> None:
        self.batches: list[set[str] | None] = []
        self.statuses: list[str] = []
        self.event = threading.Event()

    def changes(self, paths: set[str] | None) -> None:
        self.batches.append(paths)
        self.event.set()

    def status(self, status: str, _msg: str) -> None:
        self.statuses.append(status)

    def wait(self, pred: Callable[[], bool], timeout: float = 10.0) -> None:
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            if pred():
                return
            time.sleep(0.02)
        raise AssertionError(f"timed out; batches={self.batches} statuses={self.statuses}")

    def seen(self) -> set[str]:
        out: set[str] = set()
        for b in self.batches:
            out |= b or set()
        return out


@pytest.fixture
def watched(tmp_path: Path):
    root = tmp_path / "vault"
    root.mkdir()
    rec = Recorder()
    w = VaultWatcher(
        vault_root=root, on_changes=rec.changes, on_status=rec.status, debounce_s=0.15, poll_s=0.2
    )
    w.start()
    yield root, rec
    w.stop()


def test_burst_of_saves_is_one_batch(watched) -> None:
    root, rec = watched
    for i in range(20):
        (root / "a.md").write_text(f"version {i}")
        time.sleep(0.005)
    rec.wait(lambda: bool(rec.batches))
    time.sleep(0.4)
    assert rec.batches == [{"a.md"}]


def test_atomic_save_and_moves_report_both_ends(watched) -> None:
    root, rec = watched
    (root / "b.md").write_text("one")
    rec.wait(lambda: "b.md" in rec.seen())
    tmp = root / ".b.md.tmp"
    tmp.write_text("two")
    os.replace(tmp, root / "b.md")  # how editors save
    (root / "b.md").rename(root / "c.md")
    rec.wait(lambda: {"b.md", "c.md"} <= rec.seen())


def test_folder_move_requests_full_rescan(watched) -> None:
    root, rec = watched
    (root / "dir").mkdir()
    (root / "dir" / "n.md").write_text("x")
    rec.wait(lambda: bool(rec.batches))
    rec.batches.clear()
    shutil.move(str(root / "dir"), str(root / "moved"))
    rec.wait(lambda: None in rec.batches)


def test_vault_vanishes_and_comes_back(watched, tmp_path: Path) -> None:
    root, rec = watched
    aside = tmp_path / "aside"
    root.rename(aside)
    rec.wait(lambda: "unavailable" in rec.statuses)
    rec.batches.clear()
    aside.rename(root)
    rec.wait(lambda: None in rec.batches)  # a full rescan once it is back
    (root / "after.md").write_text("still watching")
    rec.wait(lambda: "after.md" in rec.seen())


@pytest.mark.slow
def test_live_sync_makes_an_edit_searchable(tmp_path: Path, embedder: Embedder) -> None:
    vault = tmp_path / "vault"
    write_vault(vault, 6)
    cfg = WorkspaceConfig(vault_root=vault, data_root=tmp_path / "data")
    synced = threading.Event()
    ws = Workspace.open(cfg, embedder=embedder)
    with Session(ws) as session:  # closes ws
        first = session.start_live(
            on_synced=lambda s: synced.set() if s.updated or s.added else None
        )
        assert first is not None and first.added == 6
        synced.clear()
        try:
            target = vault / "Notes" / "Note 0.md"
            tmp = vault / "Notes" / ".Note 0.md.swp"
            tmp.write_text(target.read_text() + "\nThe heron nested under the weir.\n")
            started = time.monotonic()
            os.replace(tmp, target)
            assert synced.wait(10), "edit was not synced"
            took = time.monotonic() - started
            hits = ws.catalog.fulltext.search_substring("heron nested", limit=5)
            assert [h[1] for h in hits] == ["Notes/Note 0.md"]
            vec = embedder.embed_query("a heron nesting under a weir")
            top = ws.vectors.query(vec, k=3)
            assert top[0].metadata["note_path"] == "Notes/Note 0.md"
            assert took < 10
            (vault / "Notes" / "Note 2.md").unlink()
            synced.clear()
            deadline = time.monotonic() + 10
            while "Notes/Note 2.md" in ws.catalog.notes.manifest() and time.monotonic() < deadline:
                time.sleep(0.05)
            assert "Notes/Note 2.md" not in ws.catalog.notes.manifest()
        finally:
            session.stop_live()
        assert_consistent(ws)


@pytest.mark.allow_error_logs
def test_watchdogs_shutdown_race_is_no_error_but_its_other_errors_are(
    caplog: pytest.LogCaptureFixture,
) -> None:
    """watchdog logs an ERROR when its inotify thread is stopped between two reads; that is
    a stopped watcher, not a failure. Any other watchdog error still reaches the log."""
    quiet_watchdog_stop_race()  # what starting a watcher installs
    inotify_log = logging.getLogger("watchdog.observers.inotify")
    watchdog_log = logging.getLogger("watchdog")
    before = watchdog_log.level
    watchdog_log.setLevel(logging.WARNING)  # as an app that quiets watchdog sets it
    try:
        with caplog.at_level(logging.DEBUG):
            inotify_log.error("InotifyEmitter.queue_events() called when the thread is inactive")
            inotify_log.error("inotify watch limit reached")
    finally:
        watchdog_log.setLevel(before)
    errors = [r.getMessage() for r in caplog.records if r.levelno >= logging.ERROR]
    assert errors == ["inotify watch limit reached"]
    lowered = [r for r in caplog.records if "thread is inactive" in r.getMessage()]
    assert [r.levelname for r in lowered] == ["DEBUG"]
