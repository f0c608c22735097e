"""Closing the window and switching vaults never stall the UI thread: in the middle of the
model's preparation, of the first index and of a contradiction check, the event loop keeps
turning (a 5 ms timer never waits more than 100 ms), and the old vault's stores close in
the background and let the writer lock go."""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING

import pytest
from helpers.lifecycle import hold_model_preparation
from helpers.vaultkit import write_vault
from PySide6.QtCore import QTimer

from engine.model import IndexStats, Progress
from engine.session import Session
from engine.workspace import WorkspaceConfig
from ui.main_window import EngineOverrides, MainWindow
from ui.settings import Settings, SettingsStore

if TYPE_CHECKING:
    from conftest import DemoCopy
    from pytestqt.qtbot import QtBot

    from engine.embed.embedder import Embedder

pytestmark = pytest.mark.slow

READY_MS = 120_000
MAX_STALL_MS = 100
WATCH_MS = 1500  # how long after the close or switch the loop is watched


class StallMeter:
    """The longest gap between the ticks of a 5 ms timer on the UI thread."""

    def __init__(self) -> None:
        self.worst_ms = 0.0
        self._last = time.perf_counter()
        self._timer = QTimer()
        self._timer.setInterval(5)
        self._timer.timeout.connect(self._tick)

    def _tick(self) -> None:
        now = time.perf_counter()
        self.worst_ms = max(self.worst_ms, (now - self._last) * 1000)
        self._last = now

    def start(self) -> None:
        self._last = time.perf_counter()
        self.worst_ms = 0.0
        self._timer.start()

    def stop(self) -> float:
        self._timer.stop()
        self._tick()
        return self.worst_ms


@pytest.fixture
def window_factory(qtbot: QtBot, embedder: Embedder, tmp_path: Path) -> Iterator[object]:
    made: list[MainWindow] = []

    def make(data_dir: Path) -> MainWindow:
        window = MainWindow(
            Settings(),
            store=SettingsStore(tmp_path / "config"),
            overrides=EngineOverrides(data_dir=data_dir, embedder=embedder, live=True),
        )
        qtbot.addWidget(window)
        window.show()
        made.append(window)
        return window

    yield make
    for window in made:
        window.shutdown()
        assert window.wait_closed(60)


def watch_loop(qtbot: QtBot, meter: StallMeter, action: object) -> float:
    """Run `action` on the UI thread with the meter on, keep the loop turning, return the
    worst stall in ms."""
    meter.start()
    action()  # type: ignore[operator]
    qtbot.wait(WATCH_MS)
    return meter.stop()


def big_vault(root: Path) -> Path:
    write_vault(root, 160, paragraphs=4)
    return root


def test_switching_vaults_during_the_first_index_never_stalls(
    qtbot: QtBot, window_factory, demo_index: DemoCopy, tmp_path: Path
) -> None:
    vault = big_vault(tmp_path / "big")
    window = window_factory(tmp_path / "data")
    session = window.open_vault(vault)
    qtbot.waitUntil(
        lambda: session.status.phase in ("embed", "write") and session.status.done > 0,
        timeout=READY_MS,
    )
    meter = StallMeter()
    worst = watch_loop(qtbot, meter, lambda: window.open_vault(demo_index.vault))
    assert worst < MAX_STALL_MS, f"the event loop stalled {worst:.0f} ms"
    assert session.wait_closed(60_000)  # the old vault closed in the background
    with Session.open(WorkspaceConfig(vault_root=vault, data_root=tmp_path / "data")) as again:
        assert not again.read_only  # its writer lock was let go


def test_closing_the_window_during_model_preparation_never_stalls(
    qtbot: QtBot, window_factory, demo_index: DemoCopy, monkeypatch: pytest.MonkeyPatch
) -> None:
    release = hold_model_preparation(monkeypatch)
    window = window_factory(demo_index.data_dir)
    session = window.open_vault(demo_index.vault)
    with qtbot.waitSignal(session.model_loading, timeout=READY_MS):
        pass
    meter = StallMeter()
    worst = watch_loop(qtbot, meter, window.close)
    assert worst < MAX_STALL_MS, f"the event loop stalled {worst:.0f} ms"
    assert not release.is_set()  # the preparation still runs: the close did not wait for it
    assert window.wait_closed(10)
    config = WorkspaceConfig(vault_root=demo_index.vault, data_root=demo_index.data_dir)
    with Session.open(config, mirror=False) as again:
        assert not again.read_only  # the vault was let go before the preparation ended
    release.set()


def test_closing_during_a_contradiction_check_never_stalls(
    qtbot: QtBot, window_factory, demo_index: DemoCopy, monkeypatch: pytest.MonkeyPatch
) -> None:
    real_sync = Session.sync

    def slow_check(self: Session, **kw: object) -> IndexStats:
        stats = real_sync(self, **kw)  # type: ignore[arg-type]
        progress, cancel = kw.get("progress"), kw.get("cancel")
        for done in range(400):  # a long contradiction check, stopping between notes
            if cancel is not None and (cancel.is_set() if hasattr(cancel, "is_set") else cancel()):  # type: ignore[union-attr, operator]
                break
            if callable(progress):
                progress(Progress(phase="contradictions", done=done, total=400))
            time.sleep(0.05)
        return stats

    monkeypatch.setattr(Session, "sync", slow_check)
    window = window_factory(demo_index.data_dir)
    session = window.open_vault(demo_index.vault)
    qtbot.waitUntil(lambda: session.status.state == "checking_contradictions", timeout=READY_MS)
    meter = StallMeter()
    worst = watch_loop(qtbot, meter, window.close)
    assert worst < MAX_STALL_MS, f"the event loop stalled {worst:.0f} ms"
    assert session.wait_closed(10_000)  # the check stopped at its next note
