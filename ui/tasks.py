"""A small QRunnable worker: run a function on a thread pool, report back on the UI thread.

`Task(fn).on_returned(slot).on_errored(slot)` then `pool.start(task)`. The signals live on a
QObject created on the UI thread, so their slots run there (queued connections); widgets
never block. `TaskRunner` owns a private pool and keeps a reference to every task until it
finished, so nothing is collected while it runs and `shutdown` can wait for all of them.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QObject, QRunnable, QThreadPool, Signal

log = logging.getLogger(__name__)


class TaskSignals(QObject):
    started = Signal()
    returned = Signal(object)
    errored = Signal(object)  # the exception
    finished = Signal()


class Task(QRunnable):
    """One function call on a worker thread; exceptions become `errored`, never escape."""

    def __init__(self, fn: Callable[[], Any], *, name: str = "task") -> None:
        super().__init__()
        self.setAutoDelete(False)  # the runner holds the Python object until `finished`
        self.fn = fn
        self.name = name
        self.signals = TaskSignals()

    def on_returned(self, slot: Callable[[Any], object]) -> Task:
        self.signals.returned.connect(slot)
        return self

    def on_errored(self, slot: Callable[[BaseException], object]) -> Task:
        self.signals.errored.connect(slot)
        return self

    def run(self) -> None:
        self.signals.started.emit()
        try:
            result = self.fn()
        except Exception as exc:
            log.debug("task %s failed: %s", self.name, exc, exc_info=exc)
            self.signals.errored.emit(exc)
        else:
            self.signals.returned.emit(result)
        finally:
            self.signals.finished.emit()


class TaskRunner(QObject):
    """A private thread pool for engine calls (the global pool stays free for others)."""

    def __init__(self, *, threads: int = 4, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._pool = QThreadPool(self)
        self._pool.setMaxThreadCount(threads)
        self._running: set[Task] = set()

    def start(self, task: Task) -> Task:
        self._running.add(task)
        task.signals.finished.connect(lambda t=task: self._running.discard(t))
        self._pool.start(task)
        return task

    def busy(self) -> bool:
        return self._pool.activeThreadCount() > 0

    def wait(self, msecs: int = -1) -> bool:
        """Block until every started task returned (True) or `msecs` passed (False)."""
        return self._pool.waitForDone(msecs)

    def shutdown(self, msecs: int = 60_000) -> bool:
        """Drop tasks not yet started, wait for the running ones, let the threads end."""
        self._pool.clear()
        done = self._pool.waitForDone(msecs)
        if not done:
            log.warning("background work still running after %d ms", msecs)
        self._pool.setExpiryTimeout(0)
        return done
