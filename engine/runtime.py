"""Process-wide settings the app applies once at start (the engine never applies them itself).

The garbage collector: CPython's default first threshold (700 container objects) makes a
query that holds a few thousand hits and excerpts run tens of young collections, and every
~7 queries a full one that walks every cache (note token sets, the directory): SciFact at
limit 100 measured p95 229 ms with the default and 114 ms with 50,000, which lets a query's
temporaries die by reference count before any collection starts. Cyclic garbage is still
collected, only in larger batches (a few MB at most).
"""

from __future__ import annotations

import contextlib
import ctypes
import ctypes.util
import functools
import gc
import os
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager

GEN0_THRESHOLD = 50_000  # container allocations (net) before a young collection


def tune_garbage_collector() -> None:
    """Raise the young generation's threshold; the older ones keep CPython's ratios."""
    _, gen1, gen2 = gc.get_threshold()
    gc.set_threshold(GEN0_THRESHOLD, gen1, gen2)


# -- memory -------------------------------------------------------------------------------

#: An index or contradiction pass over at least this many notes hands the memory it freed
#: back to the system afterwards (glibc keeps it otherwise: the app would idle at its peak).
BIG_PASS_NOTES = 200


def release_free_memory(*models: object) -> None:
    """Give the heap that big passes freed (an index, a contradiction scan: many small
    objects) back to the system, so a process that stays open does not keep its peak. glibc
    keeps freed small blocks for reuse; elsewhere this does nothing. Each of `models` that
    has a `release_memory()` (the ONNX embedder: the activation memory its big batches grew)
    hands that back first."""
    for model in models:
        release = getattr(model, "release_memory", None)
        if release is not None:
            with contextlib.suppress(Exception):  # memory hygiene never fails a pass
                release()
    trim = _malloc_trim()
    if trim is not None:
        with contextlib.suppress(OSError):
            trim(0)


def use_returnable_memory() -> None:
    """For the long-lived commands, before NumPy is imported: keep its arrays off huge pages
    (`NUMPY_MADVISE_HUGEPAGE=0`, unless set otherwise). NumPy asks the kernel for huge pages
    for big arrays; pages that `release_free_memory` hands back inside those ranges are then
    filled again by the kernel, and an idle process grows by itself after a big pass (after a
    3,000-note contradiction scan on the system allocator, 385 -> 461 MB in 90 s of idling,
    flat without; the app on CPython's allocator grew 9 MB in its first 40 s idle). Queries
    measure the same either way (`bench/RESULTS.md`).

    CPython's own small-object allocator stays: the system allocator (`PYTHONMALLOC=malloc`)
    gives back more after a scan, but makes queries about a third slower."""
    os.environ.setdefault("NUMPY_MADVISE_HUGEPAGE", "0")


@functools.cache
def _malloc_trim() -> Callable[[int], int] | None:
    name = ctypes.util.find_library("c")
    if not name:
        return None
    try:
        trim: Callable[[int], int] = ctypes.CDLL(name).malloc_trim
    except (OSError, AttributeError):  # not glibc (musl, macOS, Windows)
        return None
    return trim


# -- phase timings (the cold-start benchmark) ---------------------------------------------

#: Set to the launching process's `time.time()` at spawn: the CLI then reports where a cold
#: start's time went (`bench/cold_search.py`), import time included.
TIMINGS_ENV = "CONSILIENCE_TIMINGS"

_phases: dict[str, float] | None = {} if os.environ.get(TIMINGS_ENV) else None


@contextmanager
def timed(phase: str) -> Iterator[None]:
    """Add the block's wall time to `phase` when timings are on (else nothing)."""
    if _phases is None:
        yield
        return
    started = time.perf_counter()
    try:
        yield
    finally:
        _phases[phase] = _phases.get(phase, 0.0) + (time.perf_counter() - started) * 1000


def phase_timings() -> dict[str, float] | None:
    """Milliseconds per phase so far (None when timings are off)."""
    return None if _phases is None else {k: round(v, 1) for k, v in _phases.items()}
