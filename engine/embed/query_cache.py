"""The query-vector LRU both embedders share: a repeated query skips the model."""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable

from engine.embed.protocol import Vectors


class QueryCache:
    """Thread-safe LRU of query text -> read-only vector, with hit/miss counters."""

    def __init__(self, size: int) -> None:
        self._items: OrderedDict[str, Vectors] = OrderedDict()
        self._size = size
        self._lock = threading.Lock()
        self.hits = 0
        self.misses = 0

    def get_or_compute(self, text: str, compute: Callable[[str], Vectors]) -> Vectors:
        with self._lock:
            hit = self._items.get(text)
            if hit is not None:
                self._items.move_to_end(text)
                self.hits += 1
                return hit
            self.misses += 1
        vec = compute(text)  # outside the lock: other queries are not held up by the model
        vec.flags.writeable = False
        with self._lock:
            self._items[text] = vec
            self._items.move_to_end(text)
            while len(self._items) > self._size:
                self._items.popitem(last=False)
        return vec
