"""A hashed bag-of-words embedder (the `Embedder` role without a model): claims sharing words
are near each other, as with the model, and indexing a vault takes seconds."""

from __future__ import annotations

import hashlib
import re
from collections.abc import Sequence

import numpy as np

DIM = 384


class WordsEmbedder:
    """Hashed bag of words, L2-normalised."""

    name = "test-words"
    dimension = DIM
    max_tokens = 254

    def embed(self, texts: Sequence[str], *, batch_size: int = 16) -> np.ndarray:
        out = np.zeros((len(texts), DIM), dtype=np.float32)
        for i, text in enumerate(texts):
            for word in re.findall(r"\w+", text.lower()):
                out[i, int(hashlib.md5(word.encode()).hexdigest()[:8], 16) % DIM] += 1.0
            out[i, 0] += 0.01  # never a zero vector
        return out / np.linalg.norm(out, axis=1, keepdims=True)

    def embed_query(self, text: str) -> np.ndarray:
        return self.embed([text])[0]

    def count_tokens(self, texts: Sequence[str]) -> list[int]:
        return [len(t.split()) for t in texts]
