"""What an embedder is: the `Embedder` protocol, the vector type and the settings both
backends (`torch_embedder`, `onnx_embedder`) and the loader (`embedder`) share."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Literal, Protocol, runtime_checkable

import numpy as np
import numpy.typing as npt

Vectors = npt.NDArray[np.float32]

#: The name of the packaged default model (also what collection names are derived from).
DEFAULT_MODEL_NAME = "sentence-transformers/all-MiniLM-L6-v2"
QUERY_CACHE_SIZE = 512
#: Measured on 2 CPU cores with MiniLM: per-chunk cost rises with the batch (padding, cache
#: misses): 16 costs ~27% less CPU per chunk than 64, and bounds a query's wait to one batch.
DEFAULT_BATCH_SIZE = 16

Backend = Literal["onnx", "onnx-int8", "torch"]
BackendChoice = Literal["auto", "onnx", "onnx-int8", "torch"]
BACKENDS: tuple[str, ...] = ("onnx", "onnx-int8", "torch")


@runtime_checkable
class Embedder(Protocol):
    """Turns text into L2-normalised float32 vectors."""

    @property
    def name(self) -> str:
        """Identifies the model; vectors of different names are never mixed."""
        ...

    @property
    def dimension(self) -> int: ...

    @property
    def max_tokens(self) -> int:
        """Most word pieces (special tokens excluded, the unit of `count_tokens`) the model
        reads; longer text is truncated."""
        ...

    def embed(self, texts: Sequence[str], *, batch_size: int = DEFAULT_BATCH_SIZE) -> Vectors:
        """Vectors for `texts`, shape (len(texts), dimension), in input order."""
        ...

    def embed_query(self, text: str) -> Vectors:
        """One vector, shape (dimension,), cached; the returned array is read-only."""
        ...

    def count_tokens(self, texts: Sequence[str]) -> list[int]:
        """Word pieces per text, without special tokens and without truncation."""
        ...
