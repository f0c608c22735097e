"""What both embedding backends share (the torch and the ONNX one)."""

from __future__ import annotations

import numpy as np

from engine.embed.protocol import Vectors
from engine.embed.query_cache import QueryCache


class EmbedderBase:
    """What both backends share: their fixed shape, and the output array of one `embed`."""

    _name: str
    _dimension: int
    _max_tokens: int
    _queries: QueryCache

    @property
    def name(self) -> str:
        return self._name

    @property
    def dimension(self) -> int:
        return self._dimension

    @property
    def max_tokens(self) -> int:
        return self._max_tokens

    @property
    def cache_hits(self) -> int:
        return self._queries.hits

    @property
    def cache_misses(self) -> int:
        return self._queries.misses

    def _output(self, count: int, batch_size: int) -> Vectors:
        """An empty (count, dimension) float32 array for `embed` to fill."""
        if batch_size < 1:
            raise ValueError("batch_size must be at least 1")
        return np.empty((count, self._dimension), dtype=np.float32)
