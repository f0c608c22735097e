"""One user of the writer catalog at a time, without making short writes wait for a sync.

A sync holds the gate for its whole run; a short write (a review decision) asked for
meanwhile is queued and run by the sync itself at its next pause between batches, on the
sync's thread and outside any transaction. With no sync running, a short write takes the
gate and runs at once on the caller's thread.
"""

from __future__ import annotations

import contextlib
import threading
from collections.abc import Callable, Iterator
from typing import Any, Generic, TypeVar

T = TypeVar("T")


class _Job(Generic[T]):
    def __init__(self, fn: Callable[[], T]) -> None:
        self._fn = fn
        self._done = threading.Event()
        self._result: T | None = None
        self._error: BaseException | None = None

    def run(self) -> None:
        try:
            self._result = self._fn()
        except BaseException as exc:  # handed to the waiting caller
            self._error = exc
        finally:
            self._done.set()

    def result(self) -> T:
        self._done.wait()
        if self._error is not None:
            raise self._error
        return self._result  # type: ignore[return-value]


class WriterGate:
    """Serialises the work done with one writer connection (see the module docstring)."""

    def __init__(self) -> None:
        self._cond = threading.Condition()
        self._busy = False
        self._queued: list[_Job[Any]] = []

    @contextlib.contextmanager
    def hold(self) -> Iterator[None]:
        """Exclusive use of the writer (a sync); call `serve` at its pauses."""
        with self._cond:
            while self._busy:
                self._cond.wait()
            self._busy = True
        try:
            yield
        finally:
            self._release()

    def serve(self) -> None:
        """Run the writes queued so far (the holder, between its own writes)."""
        with self._cond:
            jobs, self._queued = self._queued, []
        for job in jobs:
            job.run()

    def run(self, fn: Callable[[], T]) -> T:
        """Run a short write: now when the gate is free, else by the holder at its next
        pause. Blocks until it ran; its exception is raised here."""
        job: _Job[T] | None = None
        with self._cond:
            if self._busy:
                job = _Job(fn)
                self._queued.append(job)
            else:
                self._busy = True
        if job is not None:
            return job.result()
        try:
            return fn()
        finally:
            self._release()

    def _release(self) -> None:
        while True:
            with self._cond:
                jobs, self._queued = self._queued, []
                if not jobs:
                    self._busy = False
                    self._cond.notify_all()
                    return
            for job in jobs:
                job.run()
