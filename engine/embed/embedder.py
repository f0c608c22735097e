"""Which embedder to run, and loading it: `load_embedder` prefers the onnxruntime backend
(`onnx_embedder`) and falls back to sentence-transformers (`torch_embedder`), the reference;
`vector_precision` says which weights that choice uses without loading anything.

`Embedder` (the protocol, `protocol`) and `SentenceTransformerEmbedder` are importable from here
too, as callers know them. Cheap to import: neither backend imports its runtime at import time.
"""

from __future__ import annotations

import logging
import os
import threading
from concurrent.futures import Future
from pathlib import Path
from typing import Literal, cast

from engine.embed.onnx_embedder import OnnxEmbedder, prepared
from engine.embed.onnx_export import UnsupportedModelError
from engine.embed.protocol import BACKENDS, Backend, BackendChoice, Embedder
from engine.embed.torch_embedder import SentenceTransformerEmbedder
from engine.errors import one_line

__all__ = [
    "BACKEND_ENV",
    "DEFAULT_BACKEND",
    "Embedder",
    "SentenceTransformerEmbedder",
    "choose_backend",
    "load_embedder",
    "load_embedder_early",
    "model_cache_ready",
    "models_dir",
    "vector_precision",
]

log = logging.getLogger(__name__)

#: What `backend="auto"` means unless `$CONSILIENCE_EMBEDDER` says otherwise (debugging).
#: int8 weights embed 1.7-2.1x faster than fp32 on 2 cores and keep retrieval quality (SciFact
#: nDCG@10: meaning 0.6595 vs 0.6597, fused 0.730 vs 0.737; contradiction F1 within 0.01).
DEFAULT_BACKEND: Backend = "onnx-int8"
BACKEND_ENV = "CONSILIENCE_EMBEDDER"


#: Embedders `load_embedder_early` is loading, by (model, model cache, backend).
_early: dict[tuple[str | None, str, str], Future[Embedder]] = {}
_early_lock = threading.Lock()


def load_embedder_early(model: str | None = None, *, cache_dir: Path | None = None) -> None:
    """Start loading what `load_embedder(model, cache_dir=cache_dir)` returns, on a thread of
    its own; the next such call takes it, waiting if it is still loading. A one-shot command
    loads the model beside opening the index: onnxruntime builds its session outside the
    interpreter lock."""
    key = _early_key(model, cache_dir)
    future: Future[Embedder] = Future()
    with _early_lock:
        if key in _early:
            return
        _early[key] = future

    def load() -> None:
        try:
            future.set_result(_load(model, backend="auto", cache_dir=cache_dir))
        except BaseException as exc:  # handed to the caller that takes it
            future.set_exception(exc)

    threading.Thread(target=load, name="consilience-model", daemon=True).start()


def _early_key(model: str | None, cache_dir: Path | None) -> tuple[str | None, str, str]:
    return (model, str(models_dir(cache_dir)), choose_backend("auto"))


def load_embedder(
    model: str | None = None,
    *,
    backend: BackendChoice = "auto",
    cache_dir: Path | None = None,
) -> Embedder:
    """The embedder for `model` (None: the packaged all-MiniLM-L6-v2). Raises ModelLoadError.

    `backend`: "onnx" runs an ONNX export of the model on onnxruntime (exported once into
    `cache_dir`, default the per-user model cache), "onnx-int8" the same with int8 weights
    (dynamically quantized once; about 2x faster, same retrieval quality), "torch" is
    sentence-transformers. "auto" is `$CONSILIENCE_EMBEDDER` when set, else onnx-int8. Any
    ONNX failure (export, quantization, session, a model it cannot reproduce) logs one
    warning and falls back to sentence-transformers, the reference.

    Takes the embedder `load_embedder_early` started loading with the same arguments.
    """
    if backend == "auto":
        with _early_lock:
            early = _early.pop(_early_key(model, cache_dir), None)
        if early is not None:
            return early.result()
    return _load(model, backend=backend, cache_dir=cache_dir)


def _load(model: str | None, *, backend: BackendChoice, cache_dir: Path | None) -> Embedder:
    chosen = choose_backend(backend)
    if chosen != "torch":
        try:
            return OnnxEmbedder(
                model, cache_dir=models_dir(cache_dir), quantized=chosen == "onnx-int8"
            )
        except UnsupportedModelError as err:
            level = logging.INFO if backend == "auto" else logging.WARNING
            log.log(level, "ONNX embedder not used (%s); using sentence-transformers.", err)
        except Exception as err:  # onnx, onnxruntime, torch export and I/O raise many types
            log.warning(
                "ONNX embedder unavailable (%s); using sentence-transformers.", one_line(err)
            )
    return SentenceTransformerEmbedder(model)


def model_cache_ready(
    model: str | None = None,
    *,
    backend: BackendChoice = "auto",
    cache_dir: Path | None = None,
) -> bool:
    """Whether `load_embedder` with the same arguments finds what it runs already prepared.

    False on a first run of the ONNX backends: the export (and int8 quantization) is built
    and cached first, which takes tens of seconds. True for sentence-transformers (nothing
    to prepare) and for models the ONNX path would not take (they load with
    sentence-transformers). Reads a hash of the model files: call it off the UI thread.
    """
    chosen = choose_backend(backend)
    if chosen == "torch":
        return True
    try:
        return prepared(model, cache_dir=models_dir(cache_dir), quantized=chosen == "onnx-int8")
    except UnsupportedModelError:
        return True
    except (OSError, ValueError) as err:
        log.info("Could not tell whether the model is prepared: %s", one_line(err))
        return True


def vector_precision(backend: BackendChoice = "auto") -> Literal["int8", "fp32"]:
    """The weights `load_embedder(backend=...)` would use: "int8" or "fp32" (torch and the
    fp32 ONNX export give the same vectors), without loading anything."""
    return "int8" if choose_backend(backend) == "onnx-int8" else "fp32"


def choose_backend(backend: str) -> Backend:
    """The backend `backend` stands for: "auto" is `$CONSILIENCE_EMBEDDER` when set, else
    `DEFAULT_BACKEND`. Raises ValueError for an unknown name."""
    if backend == "auto":
        env = os.environ.get(BACKEND_ENV, "").strip().lower()
        if env and env != "auto":
            if env in BACKENDS:
                return cast(Backend, env)
            log.warning("Ignoring %s=%r (expected one of %s)", BACKEND_ENV, env, BACKENDS)
        return DEFAULT_BACKEND
    if backend not in BACKENDS:
        raise ValueError(f"backend must be 'auto' or one of {BACKENDS}, not {backend!r}")
    return cast(Backend, backend)


def models_dir(cache_dir: Path | None) -> Path:
    """Where ONNX exports are cached: `cache_dir`, else the per-user model cache."""
    if cache_dir is not None:
        return cache_dir
    from engine.paths import default_model_cache

    return default_model_cache()
