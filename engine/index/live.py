"""Live sync: the watcher's batches applied through the same `sync` as the first index."""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable
from typing import TYPE_CHECKING

from engine.errors import EngineError
from engine.index.watcher import Status, VaultWatcher
from engine.model import IndexStats

if TYPE_CHECKING:
    from engine.workspace import Workspace

log = logging.getLogger(__name__)

SyncListener = Callable[[IndexStats], None]
StatusListener = Callable[[Status, str], None]


class LiveSync:
    """Watches a workspace's vault and keeps its three stores in step.

    The watcher's thread is the index's single writer. The link graph file is saved at most
    every `graph_save_s` (and on stop); a crash in between is repaired on the next open,
    because the catalog marks the saved graph as stale until it is written.
    """

    def __init__(
        self,
        workspace: Workspace,
        *,
        on_synced: SyncListener | None = None,
        on_status: StatusListener | None = None,
        debounce_s: float = 0.2,
        graph_save_s: float = 30.0,
        poll_s: float = 1.0,
    ) -> None:
        self._ws = workspace
        self._on_synced = on_synced or (lambda _s: None)
        self._on_status = on_status or (lambda _s, _m: None)
        self._graph_save_s = graph_save_s
        self._last_graph_save = time.monotonic()
        self._write_lock = threading.Lock()
        self._watcher = VaultWatcher(
            vault_root=workspace.config.vault_root,
            on_changes=self._apply,
            on_status=self._status,
            debounce_s=debounce_s,
            poll_s=poll_s,
        )

    def start(self, *, initial_sync: bool = True) -> IndexStats | None:
        """Start watching; with `initial_sync`, first catch up with changes made while closed."""
        self._watcher.start()
        if initial_sync:
            return self._sync(None)
        return None

    def stop(self) -> None:
        self._watcher.stop()
        with self._write_lock:
            self._ws.save_graph()

    def __enter__(self) -> LiveSync:
        self.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.stop()

    def _status(self, status: Status, message: str) -> None:
        self._on_status(status, message)

    def _apply(self, paths: set[str] | None) -> None:
        try:
            self._sync(paths)
        except EngineError as exc:
            log.warning("sync failed: %s", exc)
            self._on_status("unavailable", str(exc))

    def _sync(self, paths: set[str] | None) -> IndexStats:
        with self._write_lock:
            stats = self._ws.sync(paths=paths, save_graph=False)
            if time.monotonic() - self._last_graph_save >= self._graph_save_s:
                self._ws.save_graph()
                self._last_graph_save = time.monotonic()
        self._on_synced(stats)
        return stats
