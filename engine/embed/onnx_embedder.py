"""`Embedder` on onnxruntime over a cached ONNX export of a sentence-transformers model.

Same vectors as `SentenceTransformerEmbedder` (cosine ≥ 0.999 per text, checked by the tests):
the model's own fast tokenizer with the same truncation (`max_seq_length`, 256 for MiniLM),
and a graph that ends in mean pooling over the attention mask and L2 normalisation. torch is
imported only to export a model the first time (see `onnx_export`); onnxruntime and tokenizers
are imported in `__init__`.
"""

from __future__ import annotations

import logging
import os
import threading
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import numpy as np

from engine.embed.base import EmbedderBase
from engine.embed.offline import force_offline
from engine.embed.onnx_export import (
    ModelSpec,
    UnsupportedModelError,
    ensure_export,
    ensure_int8,
    export_ready,
    read_probe,
    read_spec,
)
from engine.embed.protocol import (
    DEFAULT_BATCH_SIZE,
    DEFAULT_MODEL_NAME,
    QUERY_CACHE_SIZE,
    Vectors,
)
from engine.embed.query_cache import QueryCache

log = logging.getLogger(__name__)

#: Cosine between a loaded export and the vector torch gave at export time, below which the
#: cached file is treated as corrupt and exported again.
_PROBE_MIN_COSINE = {False: 0.999, True: 0.95}
#: `$CONSILIENCE_EMBED_LANES`: one-thread sessions `embed` runs batches on side by side
#: (1, the default: the main session only; see docs/decisions/0009-search-and-index-speed.md).
LANES_ENV = "CONSILIENCE_EMBED_LANES"


def _lanes_from_env() -> int:
    raw = os.environ.get(LANES_ENV, "").strip()
    if not raw:
        return 1
    try:
        lanes = int(raw)
    except ValueError:
        lanes = 0
    if not 1 <= lanes <= 64:
        log.warning("%s=%r is not a number from 1 to 64; using 1.", LANES_ENV, raw)
        return 1
    return lanes


class OnnxEmbedder(EmbedderBase):
    """`Embedder` backed by onnxruntime on the CPU (fp32, or int8 weights if `quantized`).

    `model=None` is the packaged all-MiniLM-L6-v2; anything else must be a local model folder
    (hub ids are left to the sentence-transformers path). The export is cached in `cache_dir`.
    Thread-safe like `SentenceTransformerEmbedder`: session runs are serialised by a lock that
    `embed` releases between batches; `count_tokens` has its own tokenizer and lock. `embed`
    tokenizes all its texts first and batches them by token count.
    Raises on any failure (the caller, `load_embedder`, falls back to sentence-transformers).
    """

    def __init__(
        self,
        model: str | None = None,
        *,
        cache_dir: Path,
        quantized: bool = False,
        query_cache_size: int = QUERY_CACHE_SIZE,
        threads: int | None = None,
        lanes: int | None = None,
    ) -> None:
        force_offline()
        from tokenizers import Tokenizer

        folder, self._name = _resolve(model)
        self._spec: ModelSpec = read_spec(folder)
        self.quantized = quantized
        self.backend = "onnx-int8" if quantized else "onnx"
        self._threads = threads or physical_cores()
        # `embed` runs batches on `lanes` one-thread sessions side by side (1: on the main
        # session); queries always use the main session, so they never wait behind a batch.
        self._lanes = max(1, lanes if lanes is not None else _lanes_from_env())
        self._lock = threading.Lock()
        self._queries = QueryCache(query_cache_size)

        tok_file = str(folder / "tokenizer.json")
        self._tokenizer = Tokenizer.from_file(tok_file)
        self._tokenizer.enable_truncation(max_length=self._spec.max_seq_length)
        self._tokenizer.no_padding()
        self._counter = Tokenizer.from_file(tok_file)  # count_tokens: no truncation, own lock
        self._counter.no_truncation()
        self._counter.no_padding()
        self._tok_lock = threading.Lock()
        self._enc_lock = threading.Lock()  # HF fast tokenizers are not safe to share
        self._max_tokens = self._spec.max_seq_length - len(self._tokenizer.encode("").ids)
        self._pad_id = _pad_id(self._tokenizer)

        self._session, self.model_path = self._open(cache_dir)
        self._lane_sessions = [
            (self._session_for(self.model_path, threads=1), threading.Lock())
            for _ in range(self._lanes if self._lanes > 1 else 0)
        ]
        self._inputs = {i.name for i in self._session.get_inputs()}
        self._dimension = int(self._run([""])[0].shape[0])
        log.info(
            "Loaded embedding model %s on onnxruntime%s (dimension %d, max %d tokens, "
            "%d threads) from %s",
            self._name,
            " int8" if quantized else "",
            self._dimension,
            self._max_tokens,
            self._threads,
            self.model_path,
        )

    # -- loading ------------------------------------------------------------------------------

    def _open(self, cache_dir: Path) -> tuple[Any, Path]:
        """A checked session over the cached export; a corrupt cache is exported again once."""
        for attempt in (0, 1):
            path = ensure_export(self._spec, cache_dir, force=attempt == 1)
            if self.quantized:
                path = ensure_int8(path, force=attempt == 1)
            try:
                session = self._session_for(path)
                self._check_probe(session, path)
                return session, path
            except Exception as err:
                if attempt == 1:
                    raise
                log.warning(
                    "Cached ONNX model %s is unusable (%s); exporting it again.",
                    path,
                    " ".join(str(err).split())[:200] or type(err).__name__,
                )
        raise AssertionError("unreachable")  # pragma: no cover

    def _session_for(self, path: Path, *, threads: int | None = None) -> Any:
        import onnxruntime as ort

        opts = ort.SessionOptions()
        opts.graph_optimization_level = ort.GraphOptimizationLevel.ORT_ENABLE_ALL
        opts.execution_mode = ort.ExecutionMode.ORT_SEQUENTIAL
        opts.intra_op_num_threads = threads or self._threads
        opts.inter_op_num_threads = 1
        # No busy-waiting worker threads between runs: the app idles in a tray next to other
        # work, and a spinning pool burns a core after every batch or query.
        opts.add_session_config_entry("session.intra_op.allow_spinning", "0")
        opts.log_severity_level = 3
        return ort.InferenceSession(str(path), opts, providers=["CPUExecutionProvider"])

    def _check_probe(self, session: Any, path: Path) -> None:
        probe = read_probe(path.parent)
        if probe is None:
            raise ValueError("no probe vector next to the export")
        text, expected = probe
        self._session = session
        self._inputs = {i.name for i in session.get_inputs()}
        got = self._run([text])[0]
        ref = np.asarray(expected, dtype=np.float32)
        if got.shape != ref.shape:
            raise ValueError(f"probe vector has shape {got.shape}, expected {ref.shape}")
        cosine = float(got @ ref / max(float(np.linalg.norm(ref)), 1e-12))
        if not cosine >= _PROBE_MIN_COSINE[self.quantized]:
            raise ValueError(f"probe cosine {cosine:.4f} against the torch model")

    # -- Embedder -----------------------------------------------------------------------------

    def embed(self, texts: Sequence[str], *, batch_size: int = DEFAULT_BATCH_SIZE) -> Vectors:
        n = len(texts)
        out = self._output(n, batch_size)
        if n == 0:
            return out
        # Longest first by token count (not characters: CJK and code differ a lot), so each
        # batch pads to similar lengths; results are written back in input order.
        encs = self._tokenize(list(texts))
        order = sorted(range(n), key=lambda i: -len(encs[i].ids))
        batches = [order[start : start + batch_size] for start in range(0, n, batch_size)]
        if len(batches) < 2 or not self._lane_sessions:
            for idx in batches:
                out[idx] = self._infer([encs[i] for i in idx])
            return out
        lanes = self._lane_sessions
        failed: list[BaseException] = []

        def run_lane(k: int) -> None:
            session, lock = lanes[k]
            try:
                for idx in batches[k :: len(lanes)]:
                    if failed:
                        return
                    out[idx] = self._infer([encs[i] for i in idx], session=session, lock=lock)
            except BaseException as err:  # re-raised by the caller: never a half-filled answer
                failed.append(err)

        threads = [
            threading.Thread(target=run_lane, args=(k,), name=f"embed-lane-{k}", daemon=True)
            for k in range(1, len(lanes))
        ]
        for t in threads:
            t.start()
        run_lane(0)
        for t in threads:
            t.join()
        if failed:
            raise failed[0]
        return out

    def embed_query(self, text: str) -> Vectors:
        return self._queries.get_or_compute(text, lambda t: self._run([t])[0])

    def count_tokens(self, texts: Sequence[str]) -> list[int]:
        if not texts:
            return []
        with self._tok_lock:
            encs = self._counter.encode_batch(list(texts), add_special_tokens=False)
        return [len(e.ids) for e in encs]

    def release_memory(self) -> None:
        """Hand back the activation memory big batches grew in onnxruntime's CPU arena.
        The arena keeps its high-water mark for reuse, which speeds a pass but leaves an
        idle app well over 100 MB heavier after an index or a scan; one one-token run with
        arena shrinkage per session frees what is not in use (call after a big pass)."""
        import onnxruntime as ort

        shrink = ort.RunOptions()
        shrink.add_run_config_entry("memory.enable_memory_arena_shrinkage", "cpu:0")
        one = np.full((1, 1), self._pad_id, dtype=np.int64)
        feed = {"input_ids": one, "attention_mask": np.ones_like(one), "token_type_ids": one * 0}
        feed = {k: v for k, v in feed.items() if k in self._inputs}
        for session, lock in [(self._session, self._lock), *self._lane_sessions]:
            with lock:
                session.run(None, feed, shrink)

    # -- inference ----------------------------------------------------------------------------

    def _run(self, texts: list[str]) -> Vectors:
        return self._infer(self._tokenize(texts))

    def _tokenize(self, texts: list[str]) -> list[Any]:
        if self._spec.do_lower_case:
            texts = [t.lower() for t in texts]
        with self._enc_lock:
            encs: list[Any] = self._tokenizer.encode_batch(texts)
        return encs

    def _infer(self, encs: list[Any], *, session: Any = None, lock: Any = None) -> Vectors:
        """Vectors for tokenized texts: padded to the longest, one session run (on the main
        session unless `session` and its `lock` are given)."""
        width = max(len(e.ids) for e in encs)
        ids = np.full((len(encs), width), self._pad_id, dtype=np.int64)
        mask = np.zeros((len(encs), width), dtype=np.int64)
        types = np.zeros((len(encs), width), dtype=np.int64)
        for row, enc in enumerate(encs):
            k = len(enc.ids)
            ids[row, :k] = enc.ids
            mask[row, :k] = 1
            types[row, :k] = enc.type_ids
        feed = {"input_ids": ids, "attention_mask": mask, "token_type_ids": types}
        with lock or self._lock:
            (vecs,) = (session or self._session).run(
                None, {k: v for k, v in feed.items() if k in self._inputs}
            )
        out: Vectors = np.ascontiguousarray(vecs, dtype=np.float32)
        return out


def prepared(model: str | None, *, cache_dir: Path, quantized: bool) -> bool:
    """Whether `OnnxEmbedder(model, ...)` finds its export (and int8 weights) in `cache_dir`
    already; False: it exports (and quantizes) first. Raises UnsupportedModelError for a model
    the ONNX path does not take."""
    folder, _name = _resolve(model)
    return export_ready(read_spec(folder), cache_dir, quantized=quantized)


def _resolve(model: str | None) -> tuple[Path, str]:
    """(model folder, embedder name); names match `SentenceTransformerEmbedder`'s."""
    if model is None:
        from engine.vault.tokens import default_model_path

        return Path(default_model_path()), DEFAULT_MODEL_NAME
    path = Path(model).expanduser()
    if not path.is_dir():
        raise UnsupportedModelError(f"{model!r} is not a local folder")
    resolved = path.resolve()
    return resolved, str(resolved)


def _pad_id(tokenizer: Any) -> int:
    for token in ("[PAD]", "<pad>"):
        found = tokenizer.token_to_id(token)
        if found is not None:
            return int(found)
    return 0


def physical_cores() -> int:
    """Physical cores this process may use (hyper-threads share a core's matrix units)."""
    try:
        usable = len(os.sched_getaffinity(0))
    except (AttributeError, OSError):  # pragma: no cover - not Linux
        usable = os.cpu_count() or 1
    cores: set[tuple[str, str]] = set()
    try:
        with open("/proc/cpuinfo", encoding="utf-8") as fh:
            phys = core = ""
            for line in fh:
                key, _, value = line.partition(":")
                key = key.strip()
                if key == "physical id":
                    phys = value.strip()
                elif key == "core id":
                    core = value.strip()
                    cores.add((phys, core))
    except OSError:  # pragma: no cover - not Linux
        pass
    return max(1, min(usable, len(cores) or usable))
