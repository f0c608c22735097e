"""The one way `ui` runs work in the background: a function on a thread pool, its answer
back on the UI thread, and its failure never lost.

`Task(fn).on_returned(slot).on_errored(slot)` then `runner.start(task)` (or any
`QThreadPool.start`). The signals live on a QObject created on the UI thread, so their slots
run there (queued connections); widgets never block. A task started without an `on_errored`
slot reports its error to the application-wide sink (`ui.failures`), which logs it at
WARNING and which the main window shows in its warnings bar. `TaskRunner` owns a private
pool and keeps a reference to every task until it finished, so nothing is collected while it
runs and `shutdown` can wait for all of them.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QObject, QRunnable, QThreadPool, Signal, Slot

from ui.failures import failures

log = logging.getLogger(__name__)


class TaskSignals(QObject):
    started = Signal()
    returned = Signal(object)
    errored = Signal(object)  # the exception
    unhandled = Signal(object)  # the exception, when no `on_errored` slot takes it
    finished = Signal()

    def __init__(self, name: str) -> None:
        super().__init__()
        self.name = name
        self.unhandled.connect(self._report)

    @Slot(object)
    def _report(self, error: BaseException) -> None:
        failures().report(self.name, error)  # on the UI thread: this object lives there


class Task(QRunnable):
    """One function call on a worker thread; exceptions become `errored` (and, when nobody
    handles them, a report to `ui.failures`), never escape."""

    def __init__(self, fn: Callable[[], Any], *, name: str = "task") -> None:
        super().__init__()
        self.setAutoDelete(False)  # the runner holds the Python object until `finished`
        self.fn = fn
        self.name = name
        self.signals = TaskSignals(name)
        self.handled = False  # an `on_errored` slot takes the failure
        self.ran = False  # the pool started it (a task dropped by `shutdown` never runs)

    def on_returned(self, slot: Callable[[Any], object]) -> Task:
        self.signals.returned.connect(slot)
        return self

    def on_errored(self, slot: Callable[[BaseException], object]) -> Task:
        """`slot` takes the failure instead of the application-wide sink."""
        self.signals.errored.connect(slot)
        self.handled = True
        return self

    def run(self) -> None:
        self.ran = True
        self.signals.started.emit()
        try:
            result = self.fn()
        except Exception as exc:
            self.signals.errored.emit(exc)
            if self.handled:
                log.debug("task %s failed: %s", self.name, exc, exc_info=exc)
            else:
                self.signals.unhandled.emit(exc)  # logged at WARNING by the sink
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

    def drop_waiting(self) -> None:
        """Drop the tasks not yet started (running ones go on); never blocks."""
        self._pool.clear()
        self._running = {t for t in self._running if t.ran}  # dropped ones never finish

    def shutdown(self, msecs: int = 60_000) -> bool:
        """Drop tasks not yet started, wait for the running ones, let the threads end."""
        self._pool.clear()
        done = self._pool.waitForDone(msecs)
        if not done:
            log.warning("background work still running after %d ms", msecs)
        self._running = {t for t in self._running if t.ran}  # dropped ones never finish
        self._pool.setExpiryTimeout(0)
        return done
