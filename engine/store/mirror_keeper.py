"""Keeping a `VectorMirror` in step with one Chroma collection: loading it (from a saved
snapshot or page by page from Chroma), checking a snapshot against Chroma in the background,
saving it, and dropping it when a write fails half-way.

The keeper shares the vector store's write lock: writes hold it, so a load reads a consistent
copy and the mirror then follows every write. It never talks to Chroma itself; the store gives
it `count` and `page` (one page of ids, embeddings and metadatas).
"""

from __future__ import annotations

import contextlib
import functools
import logging
import threading
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

from engine.errors import one_line
from engine.store.vector_mirror import MAX_VECTORS, VectorMirror

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class VectorTuning:
    """The vector store's tunables (tests pass smaller ones)."""

    page: int = 5_000  # ids per page read from Chroma; also the cap for one get/delete call
    where_batch: int = 500  # values per `$in` filter
    max_mirrored: int = MAX_VECTORS  # above this many vectors Chroma answers alone
    check_quiet_s: float = 1.0  # the snapshot check waits for this long without a query ...
    check_max_wait_s: float = 60.0  # ... but no longer than this after its delay


DEFAULT_TUNING = VectorTuning()

Page = Callable[[int, int], Any]  # (offset, limit) -> Chroma's `get` result with embeddings


class MirrorKeeper:
    """The in-memory mirror of one vector store and the thread that loads or checks it."""

    def __init__(
        self,
        *,
        dimension: int,
        write_lock: threading.RLock,
        closed: threading.Event,
        count: Callable[[], int],
        page: Page,
        tuning: VectorTuning,
    ) -> None:
        self._dimension = dimension
        self._write_lock = write_lock
        self._closed = closed
        self._count = count
        self._page = page
        self._tuning = tuning
        self._mirror: VectorMirror | None = None
        self._ready = threading.Event()
        self._stamp: str | None = None  # the snapshot the mirror equals, if any
        self.last_query = 0.0  # time.monotonic() of the latest query answered or asked
        self.thread: threading.Thread | None = None

    @property
    def held(self) -> VectorMirror | None:
        """The mirror writes must follow (None when there is none)."""
        return self._mirror

    @property
    def ready(self) -> VectorMirror | None:
        """The mirror queries may use (None until loaded)."""
        return self._mirror if self._ready.is_set() else None

    @property
    def mirrored(self) -> bool:
        return self._ready.is_set()

    def drop(self) -> None:
        """Forget the mirror (the store is closing). Call holding the write lock."""
        self._mirror = None
        self._ready.clear()

    def start(
        self,
        *,
        wait: bool = False,
        snapshot: Path | None = None,
        stamp: str | None = None,
        check_delay_s: float = 0.0,
        snapshot_only: bool = False,
        expect: int | None = None,
    ) -> None:
        """See `VectorStore.start_mirror`."""
        with self._write_lock:
            if snapshot_only:
                if self._mirror is None:
                    self._adopt_snapshot(snapshot, stamp, expect)
                return
            if self.thread is None:
                loaded = self._adopt_snapshot(snapshot, stamp, expect)
                target: Callable[[], None]
                if loaded:
                    target = functools.partial(self._check, delay_s=check_delay_s)
                else:
                    target = self._load
                self.thread = threading.Thread(target=target, name="vector-mirror", daemon=True)
                self.thread.start()
        if wait:
            self.thread.join()

    def _adopt_snapshot(self, snapshot: Path | None, stamp: str | None, expect: int | None) -> bool:
        """Take the snapshot saved under `stamp` (holding `expect` vectors, when given) as
        the mirror; False when there is none such. Call holding the write lock."""
        if snapshot is None or stamp is None:
            return False
        loaded = VectorMirror.load(snapshot, stamp=stamp, dimension=self._dimension)
        if loaded is None or (expect is not None and len(loaded) != expect):
            return False
        self._mirror, self._stamp = loaded, stamp
        self._ready.set()
        log.info("Vector mirror: %d vectors from %s", len(loaded), snapshot)
        return True

    def save(self, snapshot: Path, *, stamp: str) -> None:
        """See `VectorStore.save_mirror`."""
        with self._write_lock:
            mirror = self.ready
            if mirror is None or self._stamp == stamp:
                return
            try:
                mirror.save(snapshot, stamp=stamp)
            except OSError as err:
                log.warning("Vector mirror not saved to %s: %s", snapshot, err)
                return
            self._stamp = stamp

    def wait(self, timeout: float | None = None) -> bool:
        """See `VectorStore.wait_mirror`."""
        thread = self.thread
        if thread is not None and not self.mirrored:
            thread.join(timeout)
        return self.mirrored

    def _check(self, delay_s: float = 0.0) -> None:
        """A mirror from a snapshot: reload from Chroma if the counts disagree. After
        `delay_s`, the check also waits for a pause in queries (`check_quiet_s` without
        one, for at most `check_max_wait_s`): opening a deferred Chroma imports chromadb, a
        second of interpreter-bound work that took queries running beside it from ~25 to
        110-240 ms (SciFact, limit 100, queries 5-8 s after start)."""
        quiet_s = self._tuning.check_quiet_s
        if delay_s > 0:
            if self._closed.wait(delay_s):
                return  # closed while waiting
            give_up = time.monotonic() + self._tuning.check_max_wait_s
            while (quiet := time.monotonic() - self.last_query) < quiet_s:
                if time.monotonic() >= give_up:
                    break
                if self._closed.wait(quiet_s - quiet):
                    return
        try:
            with self._write_lock:
                mirror = self._mirror
                if mirror is None or self._closed.is_set():
                    return
                total, held = self._count(), len(mirror)
                if total == held:
                    return
                log.warning(
                    "Vector snapshot holds %d vectors, Chroma %d: reloading from Chroma",
                    held,
                    total,
                )
                self._mirror = None
                self._stamp = None
                self._ready.clear()
        except Exception as err:
            if not self._closed.is_set():  # closing mid-check is no failure
                log.warning("Vector mirror check failed (%s)", one_line(err))
            return
        self._load()

    def _load(self) -> None:
        page_size = self._tuning.page
        with self._write_lock:
            try:
                total = self._count()
                if total > self._tuning.max_mirrored:
                    log.info(
                        "Vector mirror skipped: %d vectors > %d", total, self._tuning.max_mirrored
                    )
                    return
                mirror = VectorMirror(self._dimension)
                offset = 0
                while not self._closed.is_set():
                    got = self._page(offset, page_size)
                    ids = got["ids"]
                    if ids:
                        metas = got.get("metadatas") or [None] * len(ids)
                        mirror.put(ids, np.asarray(got["embeddings"], dtype=np.float32), metas)
                    if len(ids) < page_size:
                        break
                    offset += len(ids)
            except Exception as err:  # queries keep using Chroma
                if not self._closed.is_set():  # closing mid-load is no failure
                    log.warning("Vector mirror not loaded (%s); queries use Chroma", one_line(err))
                return
            if self._closed.is_set():
                return
            self._mirror = mirror
            self._ready.set()
            log.info("Vector mirror: %d vectors in memory", len(mirror))

    @contextlib.contextmanager
    def write(self) -> Iterator[None]:
        """Hold the write lock; if the write fails half-way, drop the mirror (Chroma may hold
        part of it), so queries go back to Chroma rather than answer from a stale copy."""
        with self._write_lock:
            self._stamp = None
            try:
                yield
            except BaseException:
                if self._mirror is not None:
                    log.warning("A vector write failed; queries use Chroma from now on")
                    self._mirror = None
                    self._ready.clear()
                raise
