"""Live sync makes an edit searchable first and checks it for contradictions after."""

from __future__ import annotations

import shutil
import threading
import time
from collections.abc import Callable
from pathlib import Path

import pytest

from engine.embed.embedder import Embedder
from engine.index.live import LiveSync
from engine.model import IndexStats
from engine.session import Session
from engine.workspace import WorkspaceConfig

REPO = Path(__file__).resolve().parents[3]
DEMO_VAULT = REPO / "resources" / "demo-vault"


def _wait(pred: Callable[[], bool], timeout: float = 10.0) -> None:
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        if pred():
            return
        time.sleep(0.02)
    raise AssertionError("timed out")


def _live(vault: Path, events: list[str], found: bool) -> LiveSync:
    def sync(paths: set[str] | None) -> IndexStats:
        events.append("sync")
        return IndexStats(notes=1, updated=1)

    def check() -> bool:
        events.append("check")
        return found

    return LiveSync(
        vault_root=vault,
        sync=sync,
        save_graph=lambda: None,
        on_synced=lambda _s: events.append("synced"),
        check=check,
        on_checked=lambda: events.append("checked"),
        debounce_s=0.05,
        poll_s=0.2,
        check_delay_s=0.4,
    )


@pytest.mark.parametrize("found", [True, False])
def test_the_check_follows_the_searchable_signal(tmp_path: Path, found: bool) -> None:
    vault = tmp_path / "vault"
    vault.mkdir()
    events: list[str] = []
    with _live(vault, events, found):
        _wait(lambda: "check" in events)  # the catch-up sync on start
        events.clear()
        (vault / "a.md").write_text("an edit", encoding="utf-8")
        _wait(lambda: "check" in events and (not found or "checked" in events))
        time.sleep(0.2)
    want = ["sync", "synced", "check", "checked"] if found else ["sync", "synced", "check"]
    assert events == want


def test_saves_in_quick_succession_are_each_searchable_and_checked_once(tmp_path: Path) -> None:
    vault = tmp_path / "vault"
    vault.mkdir()
    events: list[str] = []
    with _live(vault, events, True):
        _wait(lambda: "checked" in events)
        events.clear()
        for i in range(3):  # each save is its own batch, closer together than the delay
            (vault / f"n{i}.md").write_text("an edit", encoding="utf-8")
            _wait(lambda i=i: events.count("synced") == i + 1)
            time.sleep(0.1)
        _wait(lambda: "checked" in events)
        time.sleep(0.6)
    assert events == ["sync", "synced"] * 3 + ["check", "checked"]


def test_a_check_still_due_at_stop_is_left_to_the_next_sync(tmp_path: Path) -> None:
    vault = tmp_path / "vault"
    vault.mkdir()
    events: list[str] = []
    live = _live(vault, events, True)
    live.start(initial_sync=True)
    live.stop()  # at once: the delay has not passed
    time.sleep(0.6)
    assert events == ["sync", "synced"]


@pytest.mark.slow
def test_a_deleted_side_leaves_the_list_after_the_edit_is_searchable(
    tmp_path: Path, embedder: Embedder
) -> None:
    vault = tmp_path / "vault"
    shutil.copytree(DEMO_VAULT, vault)
    cfg = WorkspaceConfig(vault_root=vault, data_root=tmp_path / "data")
    session = Session.open(cfg, embedder=embedder, mirror=False)
    try:
        session.sync()
        pair = session.contradictions()[0]
        order: list[str] = []
        checked = threading.Event()
        session.start_live(
            on_synced=lambda s: order.append("synced") if s.removed else None,
            on_checked=lambda: (order.append("checked"), checked.set()),
            initial_sync=False,
            debounce_s=0.1,
            poll_s=0.2,
            check_delay_s=0.2,
        )
        (vault / pair.a.path).unlink()
        assert checked.wait(30), "the check did not report"
        assert order == ["synced", "checked"]
        assert pair.id not in {c.id for c in session.contradictions()}
        assert session.note(pair.a.path) is None
    finally:
        session.close()
