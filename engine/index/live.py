"""Live sync: the watcher's batches applied through the same `sync` as the first index."""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable
from pathlib import Path

from engine.errors import EngineError
from engine.index.watcher import Status, VaultWatcher
from engine.model import IndexStats

log = logging.getLogger(__name__)

SyncListener = Callable[[IndexStats], None]
StatusListener = Callable[[Status, str], None]
SyncFn = Callable[[set[str] | None], IndexStats]  # changed paths (None: the whole vault)
CheckFn = Callable[[], bool]  # the follow-up check of what a sync changed; True: it found news


class LiveSync:
    """Watches a vault folder and keeps its index in step through `sync`.

    `sync(paths)` indexes the changed paths (None: everything) without saving the link graph;
    `save_graph()` persists it. The watcher's thread is the index's single writer. The graph
    file is saved at most every `graph_save_s` (and on stop); a crash in between is repaired
    on the next open, because the catalog marks the saved graph as stale until it is written.

    An edit is searchable as soon as `sync` has written it: `on_synced` hears it then. The
    slower follow-up `check` (the contradiction check of the changed notes) runs on its own
    thread once no sync has come for `check_delay_s`, under the same write lock, so saves in
    quick succession are each searchable at once and checked together; `on_checked` hears
    when it found something to show. A check still due at `stop` is left to the next sync
    (the notes stay marked unchecked in the index).
    """

    def __init__(
        self,
        *,
        vault_root: Path,
        sync: SyncFn,
        save_graph: Callable[[], None],
        on_synced: SyncListener | None = None,
        on_status: StatusListener | None = None,
        check: CheckFn | None = None,
        on_checked: Callable[[], None] | None = None,
        debounce_s: float = 0.2,
        graph_save_s: float = 30.0,
        poll_s: float = 1.0,
        check_delay_s: float = 1.0,
    ) -> None:
        self._sync_fn = sync
        self._save_graph = save_graph
        self._on_synced = on_synced or (lambda _s: None)
        self._on_status = on_status or (lambda _s, _m: None)
        self._check = check
        self._on_checked = on_checked or (lambda: None)
        self._graph_save_s = graph_save_s
        self._last_graph_save = time.monotonic()
        self._write_lock = threading.Lock()
        self._check_delay_s = check_delay_s
        self._check_state = threading.Condition()
        self._check_due = False
        self._last_sync = 0.0
        self._stopping = False
        self._checker: threading.Thread | None = None
        self._watcher = VaultWatcher(
            vault_root=vault_root,
            on_changes=self._apply,
            on_status=self._status,
            debounce_s=debounce_s,
            poll_s=poll_s,
        )

    def start(self, *, initial_sync: bool = True) -> IndexStats | None:
        """Start watching; with `initial_sync`, first catch up with changes made while closed."""
        if self._check is not None:
            self._checker = threading.Thread(
                target=self._check_loop, name="live-check", daemon=True
            )
            self._checker.start()
        self._watcher.start()
        if initial_sync:
            return self._sync(None)
        return None

    def stop(self) -> None:
        self._watcher.stop()
        with self._check_state:
            self._stopping = True
            self._check_state.notify_all()
        if self._checker is not None:
            self._checker.join()
        with self._write_lock:
            self._save_graph()

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
            stats = self._sync_fn(paths)
            if time.monotonic() - self._last_graph_save >= self._graph_save_s:
                self._save_graph()
                self._last_graph_save = time.monotonic()
        self._on_synced(stats)
        if self._check is not None:
            with self._check_state:
                self._check_due = True
                self._last_sync = time.monotonic()
                self._check_state.notify_all()
        return stats

    def _check_loop(self) -> None:
        """Run `check` once syncs have paused for `check_delay_s` (the checker thread)."""
        assert self._check is not None
        while True:
            with self._check_state:
                while not self._stopping:
                    if self._check_due:
                        wait = self._last_sync + self._check_delay_s - time.monotonic()
                        if wait <= 0:
                            break
                    else:
                        wait = None
                    self._check_state.wait(wait)
                if self._stopping:
                    return
                self._check_due = False
            try:
                with self._write_lock:
                    found = self._check()
            except Exception:  # a failing check must not end live sync; the notes stay due
                log.exception("checking the changed notes failed; the next sync retries")
                continue
            if found:
                self._on_checked()
