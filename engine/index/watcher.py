"""Watch a vault folder and hand debounced, coalesced batches of changed paths to a callback.

Editors save in bursts and by write-temp-then-rename (a `moved` event); a folder can be moved
or the whole vault can vanish (unmounted drive) and come back. The watcher turns all of that
into calls of `on_changes(paths)` from one background thread:

* `paths` is a set of vault-relative POSIX paths that may have changed (both ends of a move);
* `paths is None` means "something structural happened, rescan the whole vault" (a folder
  was moved or deleted, the vault came back, or too many events arrived at once).

Calls never overlap: events that arrive while the callback runs are collected for the next
call. A burst of saves within `debounce_s` of each other is one call; a never-ending burst is
flushed at least every `max_wait_s`.
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any, Literal

log = logging.getLogger(__name__)

ChangeCallback = Callable[[set[str] | None], None]
Status = Literal["watching", "unavailable", "stopped"]
StatusCallback = Callable[[Status, str], None]

#: Beyond this many distinct paths in one batch, a full rescan is cheaper and safer.
MAX_BATCH_PATHS = 2000

#: watchdog's inotify emitter logs this at ERROR when it is stopped while its thread is
#: between two reads: a race inside its own shutdown that loses no event.
_STOP_RACE_MESSAGE = "InotifyEmitter.queue_events() called when the thread is inactive"


class _StopRaceAsDebug(logging.Filter):
    """Lower watchdog's shutdown-race record to DEBUG: stopping a watcher is not an error."""

    def filter(self, record: logging.LogRecord) -> bool:
        if record.levelno >= logging.ERROR and record.getMessage() == _STOP_RACE_MESSAGE:
            # the handlers' levels decide whether a DEBUG record is written
            record.levelno, record.levelname = logging.DEBUG, "DEBUG"
        return True


def quiet_watchdog_stop_race() -> None:
    """Install the filter once on watchdog's inotify logger (idempotent)."""
    inotify_log = logging.getLogger("watchdog.observers.inotify")
    if not any(isinstance(f, _StopRaceAsDebug) for f in inotify_log.filters):
        inotify_log.addFilter(_StopRaceAsDebug())


class VaultWatcher:
    """watchdog on a vault, plus a flusher thread that debounces and survives the vault
    disappearing."""

    def __init__(
        self,
        *,
        vault_root: Path,
        on_changes: ChangeCallback,
        on_status: StatusCallback | None = None,
        debounce_s: float = 0.2,
        max_wait_s: float = 2.0,
        poll_s: float = 1.0,
    ) -> None:
        self._root = vault_root.resolve()
        self._on_changes = on_changes
        self._on_status = on_status or (lambda _s, _m: None)
        self._debounce_s = debounce_s
        self._max_wait_s = max_wait_s
        self._poll_s = poll_s
        self._lock = threading.Condition()
        self._pending: set[str] = set()
        self._rescan = False
        self._first_event = 0.0
        self._last_event = 0.0
        self._stop = threading.Event()
        self._observer: Any = None
        self._thread: threading.Thread | None = None
        self._available = False

    # -- lifecycle ------------------------------------------------------------------------

    def start(self) -> None:
        self._stop.clear()
        self._start_observer()
        self._thread = threading.Thread(target=self._run, name="vault-watcher", daemon=True)
        self._thread.start()

    def stop(self) -> None:
        self._stop.set()
        with self._lock:
            self._lock.notify_all()
        if self._thread is not None:
            self._thread.join(timeout=10)
            self._thread = None
        self._stop_observer()
        self._on_status("stopped", "")

    def __enter__(self) -> VaultWatcher:
        self.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.stop()

    @property
    def available(self) -> bool:
        return self._available

    # -- events (watchdog's thread) -------------------------------------------------------

    def _record(self, event: Any) -> None:
        paths: list[str] = []
        structural = bool(event.is_directory) and event.event_type in ("moved", "deleted")
        if event.is_directory and event.event_type == "created":
            structural = True  # a folder appearing may bring many files with it (a move in)
        if not event.is_directory:
            for raw in (event.src_path, getattr(event, "dest_path", "") or ""):
                rel = self._relative(raw)
                if rel is not None:
                    paths.append(rel)
        if not paths and not structural:
            return
        now = time.monotonic()
        with self._lock:
            if not self._pending and not self._rescan:
                self._first_event = now
            self._last_event = now
            if structural:
                self._rescan = True
            self._pending.update(paths)
            if len(self._pending) > MAX_BATCH_PATHS:
                self._rescan = True
            self._lock.notify_all()

    def _relative(self, raw: str | bytes) -> str | None:
        text = raw.decode("utf-8", "surrogateescape") if isinstance(raw, bytes) else raw
        if not text:
            return None
        try:
            rel = Path(text).relative_to(self._root)
        except ValueError:
            return None
        return rel.as_posix()

    # -- flusher thread -------------------------------------------------------------------

    def _run(self) -> None:
        while not self._stop.is_set():
            batch = self._wait_for_batch()
            if self._stop.is_set():
                return
            if batch is False:
                self._check_vault()
                continue
            try:
                self._on_changes(batch)
            except Exception:  # a failing sync must not kill the watcher
                log.exception("applying vault changes failed; will retry on the next change")

    def _wait_for_batch(self) -> set[str] | Literal[False] | None:
        """Block until a debounced batch is ready. False means "poll timeout, no batch"."""
        with self._lock:
            deadline = time.monotonic() + self._poll_s
            while not self._stop.is_set():
                now = time.monotonic()
                if self._pending or self._rescan:
                    quiet = now - self._last_event >= self._debounce_s
                    overdue = now - self._first_event >= self._max_wait_s
                    if quiet or overdue:
                        batch: set[str] | None = None if self._rescan else set(self._pending)
                        self._pending.clear()
                        self._rescan = False
                        return batch
                    wait = min(
                        self._debounce_s - (now - self._last_event),
                        self._max_wait_s - (now - self._first_event),
                    )
                else:
                    if now >= deadline:
                        return False
                    wait = deadline - now
                self._lock.wait(timeout=max(wait, 0.01))
            return False

    def _check_vault(self) -> None:
        """Poll the vault's existence: stop on loss (keep the index), rescan on return."""
        present = self._root.is_dir()
        if present and not self._available:
            self._start_observer()
            if self._available:
                log.info("vault %s is back; rescanning", self._root)
                with self._lock:
                    self._rescan = True
                    self._first_event = self._last_event = time.monotonic() - self._debounce_s
                    self._lock.notify_all()
        elif not present and self._available:
            log.warning("vault %s disappeared; keeping the index and waiting", self._root)
            self._stop_observer()
            self._available = False
            self._on_status(
                "unavailable",
                f"the vault folder {self._root} is not available; the index is kept and "
                "syncing resumes when it comes back",
            )
        elif present and self._observer is not None and not self._observer.is_alive():
            self._stop_observer()
            self._available = False

    def _start_observer(self) -> None:
        from watchdog.events import FileSystemEventHandler
        from watchdog.observers import Observer

        if not self._root.is_dir():
            self._available = False
            self._on_status("unavailable", f"the vault folder {self._root} is not available")
            return
        watcher = self

        class _Handler(FileSystemEventHandler):
            def on_any_event(self, event: Any) -> None:
                if event.event_type in ("opened", "closed", "closed_no_write"):
                    return
                watcher._record(event)

        quiet_watchdog_stop_race()
        observer = Observer()
        observer.daemon = True
        try:
            observer.schedule(_Handler(), str(self._root), recursive=True)
            observer.start()
        except OSError as exc:
            log.warning("cannot watch %s: %s", self._root, exc)
            self._available = False
            self._on_status("unavailable", f"cannot watch {self._root}: {exc.strerror or exc}")
            return
        self._observer = observer
        self._available = True
        self._on_status("watching", str(self._root))

    def _stop_observer(self) -> None:
        observer, self._observer = self._observer, None
        if observer is None:
            return
        try:
            observer.stop()
            observer.join(timeout=5)
        except Exception:  # the observer may already be dead after the folder vanished
            log.debug("observer stop failed", exc_info=True)
