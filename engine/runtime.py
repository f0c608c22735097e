"""Process-wide settings the app applies once at start (the engine never applies them itself).

The garbage collector: CPython's default first threshold (700 container objects) makes a
query that holds a few thousand hits and excerpts run tens of young collections, and every
~7 queries a full one that walks every cache (note token sets, the directory): SciFact at
limit 100 measured p95 229 ms with the default and 114 ms with 50,000, which lets a query's
temporaries die by reference count before any collection starts. Cyclic garbage is still
collected, only in larger batches (a few MB at most).
"""

from __future__ import annotations

import gc

GEN0_THRESHOLD = 50_000  # container allocations (net) before a young collection


def tune_garbage_collector() -> None:
    """Raise the young generation's threshold; the older ones keep CPython's ratios."""
    _, gen1, gen2 = gc.get_threshold()
    gc.set_threshold(GEN0_THRESHOLD, gen1, gen2)
