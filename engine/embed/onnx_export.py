"""Export a sentence-transformers model folder to ONNX once, cached on disk.

The exported graph is the whole sentence pipeline: the transformer, mean pooling over the
attention mask and L2 normalisation, so its output is the sentence vector. It is written under
`<cache_dir>/<model>-<hash of the model files>/model.onnx`: a changed model gets a new folder,
and the file appears atomically (written to a temporary file, then renamed) while a lock file
keeps concurrent processes from exporting the same model twice.

Why the TorchScript exporter (`dynamo=False`): torch 2.13's default exporter needs the extra
`onnxscript` package and `torch.export` tracing of the transformers model, which is the more
fragile of the two for this model family; the TorchScript exporter needs only `onnx`, exports
MiniLM in a few seconds and its graph is what onnxruntime's BERT fusions (Attention,
SkipLayerNormalization, BiasGelu) recognise. Should a future torch drop it, export fails and
the caller falls back to sentence-transformers.

torch, transformers, onnx and onnxruntime are imported only inside the functions that use them,
and the export and the int8 quantization run in a child Python process (`_in_child`): what
torch and the trace (or onnx) allocate would otherwise stay in the app's memory for good.
"""

from __future__ import annotations

import contextlib
import functools
import hashlib
import json
import logging
import os
import re
import subprocess
import sys
import tempfile
import warnings
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from filelock import FileLock

log = logging.getLogger(__name__)

#: Bump when the exported graph changes (inputs, pooling, fusions): old caches are then ignored.
EXPORT_FORMAT = 1
OPSET = 17
MODEL_FILE = "model.onnx"
INT8_FILE = "model.int8-qattention.onnx"
#: What earlier versions quantized to: removed once the current file exists (disk space).
_FORMER_INT8_FILES = ("model.int8.onnx", "model.int8-per-channel.onnx")
PROBE_FILE = "probe.json"
#: The text whose torch vector is stored next to an export to check a cached file on load.
PROBE_TEXT = "Consilience checks its cached ONNX export with this sentence. 检查 ✓"
_HASHED = (
    "config.json",
    "modules.json",
    "sentence_bert_config.json",
    "1_Pooling/config.json",
    "tokenizer.json",
    "tokenizer_config.json",
    "special_tokens_map.json",
    "model.safetensors",
    "pytorch_model.bin",
)


class UnsupportedModelError(Exception):
    """The model folder is not a plain transformer + mean pooling (+ normalize) pipeline."""


@dataclass(frozen=True)
class ModelSpec:
    """What the ONNX path needs to know about a sentence-transformers model folder."""

    folder: Path
    max_seq_length: int
    do_lower_case: bool


def read_spec(folder: Path) -> ModelSpec:
    """Check that `folder` holds a pipeline the exported graph reproduces exactly.

    Supported: modules Transformer, Pooling (mean tokens only) and optionally Normalize, with a
    fast tokenizer (`tokenizer.json`). Anything else raises UnsupportedModelError.
    """
    if not folder.is_dir():
        raise UnsupportedModelError(f"{folder} is not a local model folder")
    if not (folder / "tokenizer.json").is_file():
        raise UnsupportedModelError("no tokenizer.json (fast tokenizer) in the model folder")
    modules = _read_json(folder / "modules.json")
    if not isinstance(modules, list):
        raise UnsupportedModelError("modules.json is missing or not a list")
    kinds = [str(m.get("type", "")).rsplit(".", 1)[-1] for m in modules]
    if kinds not in (["Transformer", "Pooling"], ["Transformer", "Pooling", "Normalize"]):
        raise UnsupportedModelError(f"unsupported module pipeline {kinds}")
    if modules[0].get("path", "") not in ("", "."):
        raise UnsupportedModelError("the transformer is not at the folder root")
    pooling = _read_json(folder / str(modules[1].get("path", "1_Pooling")) / "config.json")
    modes = {k for k, v in (pooling or {}).items() if k.startswith("pooling_mode") and v}
    if modes != {"pooling_mode_mean_tokens"}:
        raise UnsupportedModelError(f"only mean pooling is exported, not {sorted(modes)}")
    st_config = _read_json(folder / "sentence_bert_config.json") or {}
    max_len = st_config.get("max_seq_length")
    if not isinstance(max_len, int) or max_len < 2:
        config = _read_json(folder / "config.json") or {}
        tok_config = _read_json(folder / "tokenizer_config.json") or {}
        limits = [
            v
            for v in (config.get("max_position_embeddings"), tok_config.get("model_max_length"))
            if isinstance(v, int) and v > 1
        ]
        if not limits:
            raise UnsupportedModelError("no max_seq_length in sentence_bert_config.json")
        max_len = min(limits)
    return ModelSpec(folder, int(max_len), bool(st_config.get("do_lower_case", False)))


def model_key(folder: Path) -> str:
    """`<model name>-<16 hex digits>`: the hash covers the weights, configs and tokenizer.
    Remembered while the files keep their size and modification time (hashing the weights
    takes a few hundred milliseconds, and a start asks twice)."""
    return _model_key(folder, _stamp(folder))


def _stamp(folder: Path) -> tuple[tuple[str, int, int], ...]:
    found = []
    for rel in _HASHED:
        with contextlib.suppress(OSError):
            st = (folder / rel).stat()
            found.append((rel, st.st_size, st.st_mtime_ns))
    return tuple(found)


@functools.lru_cache(maxsize=8)
def _model_key(folder: Path, _stamp: tuple[tuple[str, int, int], ...]) -> str:
    digest = hashlib.sha256(f"format={EXPORT_FORMAT};opset={OPSET}".encode())
    for rel in _HASHED:
        path = folder / rel
        if path.is_file():
            digest.update(rel.encode() + b"\0")
            with path.open("rb") as fh:
                digest.update(hashlib.file_digest(fh, "sha256").digest())
    name = folder.name
    if name == "model" and folder.parent.name.startswith("gt_"):
        name = "all-MiniLM-L6-v2"  # the packaged model's folder is just "model"
    slug = re.sub(r"[^A-Za-z0-9_.-]+", "-", name).strip("-.")[:60] or "model"
    return f"{slug}-{digest.hexdigest()[:16]}"


def export_dir(spec: ModelSpec, cache_dir: Path) -> Path:
    return cache_dir / model_key(spec.folder)


def ensure_export(spec: ModelSpec, cache_dir: Path, *, force: bool = False) -> Path:
    """The cached `model.onnx` for `spec`, exported first if missing (or if `force`)."""
    target = export_dir(spec, cache_dir)
    onnx_path = target / MODEL_FILE
    if not force and _complete(target):
        return onnx_path
    target.mkdir(parents=True, exist_ok=True)
    with _export_lock(target):
        if force or not _complete(target):  # another process may have finished meanwhile
            _export(spec, target)
    return onnx_path


def export_ready(spec: ModelSpec, cache_dir: Path, *, quantized: bool) -> bool:
    """Whether `ensure_export` (and, if `quantized`, `ensure_int8`) would find their files
    cached instead of building them (the slow first run)."""
    target = export_dir(spec, cache_dir)
    if not _complete(target):
        return False
    return not quantized or (target / MODEL_FILE).with_name(INT8_FILE).is_file()


def ensure_int8(onnx_path: Path, *, force: bool = False) -> Path:
    """The dynamically quantized (int8 weights) sibling of `onnx_path`, made once."""
    out = onnx_path.with_name(INT8_FILE)
    if out.is_file() and not force:
        return out
    with _export_lock(onnx_path.parent):
        if out.is_file() and not force:
            return out
        log.info("Quantizing %s to int8", onnx_path)
        _in_child("quantize", str(onnx_path), str(out))
        for former in _FORMER_INT8_FILES:
            with contextlib.suppress(OSError):
                onnx_path.with_name(former).unlink()
    return out


def _quantize_here(onnx_path: Path, out: Path) -> None:
    import onnx
    from onnxruntime.quantization import QuantType, quantize_dynamic

    with _temp_path(out) as tmp, _quiet_root_logger():
        quantize_dynamic(
            str(onnx_path),
            str(tmp),
            weight_type=QuantType.QInt8,
            # Per-channel weights: on the demo vault, cosine vs fp32 min 0.985 / mean 0.994,
            # where per-tensor gave 0.86 / 0.94. The fused Attention ops' Q/K/V projections
            # too (QAttention): vs MatMul alone, +16% on vault chunks, +11% on abstracts (2
            # cores); on SciFact cosine vs fp32 mean 0.9950 (0.9959), meaning nDCG@10 0.6595
            # (0.6597).
            per_channel=True,
            op_types_to_quantize=["MatMul", "Attention"],
            # The fused contrib ops (Attention, ...) defeat shape inference; their outputs
            # are float32.
            extra_options={"DefaultTensorType": onnx.TensorProto.FLOAT},
        )
        os.replace(tmp, out)


def read_probe(folder: Path) -> tuple[str, list[float]] | None:
    data = _read_json(folder / PROBE_FILE)
    if not isinstance(data, dict):
        return None
    text, vector = data.get("text"), data.get("vector")
    if not isinstance(text, str) or not isinstance(vector, list):
        return None
    return text, [float(x) for x in vector]


# -- export -------------------------------------------------------------------------------------


def _complete(target: Path) -> bool:
    return (target / MODEL_FILE).is_file() and (target / PROBE_FILE).is_file()


def _export(spec: ModelSpec, target: Path) -> None:
    log.info("Exporting %s to ONNX in %s (once per model)", spec.folder, target)
    args = [str(spec.folder), str(spec.max_seq_length), str(int(spec.do_lower_case)), str(target)]
    _in_child("export", *args)


def _in_child(job: str, *args: str) -> None:
    """Run `_run_job(job, args)` in a child Python process: importing torch and transformers
    and tracing the model (or loading onnx to quantize it) leaves ~900 MB (~90 MB) in a
    process that never gives it back, and the caller only needs the file. A frozen app (no
    Python to start) runs the job in process."""
    if getattr(sys, "frozen", False) or not sys.executable:
        _run_job(job, list(args))
        return
    package_root = str(Path(__file__).resolve().parents[2])  # the folder holding `engine`
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(p for p in (package_root, env.get("PYTHONPATH")) if p)
    done = subprocess.run(
        [sys.executable, "-c", _CHILD, job, *args],
        env=env,
        capture_output=True,
        text=True,
        check=False,
    )
    if done.returncode != 0:
        tail = done.stderr.strip().splitlines()[-1:] or [f"exit status {done.returncode}"]
        raise RuntimeError(f"the ONNX {job} process failed: {tail[0][:300]}")


_CHILD = (
    "import sys; from engine.embed import onnx_export as m; m._run_job(sys.argv[1], sys.argv[2:])"
)


def _run_job(job: str, args: list[str]) -> None:
    if job == "export":
        spec = ModelSpec(Path(args[0]), int(args[1]), args[2] == "1")
        _export_here(spec, Path(args[3]))
    elif job == "quantize":
        _quantize_here(Path(args[0]), Path(args[1]))
    else:
        raise ValueError(f"unknown job {job!r}")


def _export_here(spec: ModelSpec, target: Path) -> None:
    import torch

    wrapper = _load_wrapper(spec.folder)
    # A padded batch, so the traced graph keeps the attention-mask path.
    ids = torch.tensor([[101, 7592, 2088, 102], [101, 7592, 102, 0]], dtype=torch.long)
    mask = (ids != 0).to(torch.long)
    inputs = (ids, mask, torch.zeros_like(ids))
    names = ["input_ids", "attention_mask", "token_type_ids"]
    axes: dict[str, dict[int, str]] = {n: {0: "batch", 1: "sequence"} for n in names}
    axes["sentence_embedding"] = {0: "batch"}
    probe = _probe_vector(wrapper, spec)
    with _temp_path(target / MODEL_FILE) as raw, warnings.catch_warnings():
        warnings.simplefilter("ignore")  # TracerWarnings and the exporter's deprecation notice
        torch.onnx.export(
            wrapper,
            inputs,
            str(raw),
            input_names=names,
            output_names=["sentence_embedding"],
            dynamic_axes=axes,
            opset_version=OPSET,
            do_constant_folding=True,
            dynamo=False,
        )
        final = _fuse(raw, wrapper) or raw
        _write_json_atomic(target / PROBE_FILE, {"text": PROBE_TEXT, "vector": probe})
        os.replace(final, target / MODEL_FILE)
    stale = target / INT8_FILE  # quantized from an older fp32 file
    with contextlib.suppress(FileNotFoundError):
        stale.unlink()


def _load_wrapper(folder: Path) -> Any:
    import torch
    from transformers import AutoModel

    model = AutoModel.from_pretrained(
        str(folder), attn_implementation="eager", local_files_only=True
    ).eval()

    class SentenceEncoder(torch.nn.Module):
        """Transformer, mean pooling over the mask, L2 normalisation (as sentence-transformers)."""

        def __init__(self, inner: Any) -> None:
            super().__init__()
            self.inner = inner

        def forward(
            self, input_ids: Any, attention_mask: Any, token_type_ids: Any
        ) -> Any:  # pragma: no cover - traced by the exporter
            hidden = self.inner(
                input_ids=input_ids, attention_mask=attention_mask, token_type_ids=token_type_ids
            ).last_hidden_state
            weights = attention_mask.unsqueeze(-1).to(hidden.dtype)
            summed = (hidden * weights).sum(dim=1)
            counts = weights.sum(dim=1).clamp(min=1e-9)
            return torch.nn.functional.normalize(summed / counts, p=2.0, dim=1)

    return SentenceEncoder(model).eval()


def _probe_vector(wrapper: Any, spec: ModelSpec) -> list[float]:
    import torch
    from tokenizers import Tokenizer

    tok = Tokenizer.from_file(str(spec.folder / "tokenizer.json"))
    tok.enable_truncation(max_length=spec.max_seq_length)
    tok.no_padding()
    text = PROBE_TEXT.lower() if spec.do_lower_case else PROBE_TEXT
    enc = tok.encode(text)
    ids = torch.tensor([enc.ids], dtype=torch.long)
    with torch.inference_mode():
        vec = wrapper(ids, torch.ones_like(ids), torch.tensor([enc.type_ids], dtype=torch.long))
    return [float(x) for x in vec[0].tolist()]


def _fuse(raw: Path, wrapper: Any) -> Path | None:
    """onnxruntime's BERT fusions (one Attention op per layer, ...); None if they do not apply."""
    config = wrapper.inner.config
    if getattr(config, "model_type", "") != "bert":
        return None
    try:
        from onnxruntime.transformers.optimizer import optimize_model

        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            fused = optimize_model(
                str(raw),
                model_type="bert",
                num_heads=int(config.num_attention_heads),
                hidden_size=int(config.hidden_size),
                opt_level=0,
            )
        stats = fused.get_fused_operator_statistics()
        if not stats.get("Attention"):
            return None
        out = raw.with_name(raw.name + ".fused")
        fused.save_model_to_file(str(out))
        os.replace(out, raw)
        return raw
    except Exception as err:  # optional speed-up: keep the plain graph
        log.info("ONNX BERT fusion skipped: %s", err)
        return None


# -- files --------------------------------------------------------------------------------------


@contextlib.contextmanager
def _export_lock(folder: Path) -> Iterator[None]:
    """Held while one process exports or quantizes into `folder`; others wait for it (an OS
    file lock, so a crashed holder never leaves it taken)."""
    folder.mkdir(parents=True, exist_ok=True)
    with FileLock(folder / ".export.lock", mode=0o644):
        yield


@contextlib.contextmanager
def _temp_path(final: Path) -> Iterator[Path]:
    """A fresh path next to `final` (same file system, so a rename is atomic); removed on exit
    unless it was renamed into place."""
    fd, name = tempfile.mkstemp(dir=final.parent, prefix=f".{final.name}.", suffix=".tmp")
    os.close(fd)
    os.chmod(name, 0o644)  # mkstemp makes it private; os.fchmod is not on Windows
    tmp = Path(name)
    try:
        yield tmp
    finally:
        for leftover in (tmp, tmp.with_name(tmp.name + ".fused")):
            with contextlib.suppress(FileNotFoundError):
                leftover.unlink()


class _DropRecords(logging.Filter):
    def filter(self, record: logging.LogRecord) -> bool:
        return False


@contextlib.contextmanager
def _quiet_root_logger() -> Iterator[None]:
    """onnxruntime.quantization logs advice and per-tensor notes straight to the root logger."""
    root, drop = logging.getLogger(), _DropRecords()
    root.addFilter(drop)
    try:
        yield
    finally:
        root.removeFilter(drop)


def _write_json_atomic(path: Path, data: object) -> None:
    with _temp_path(path) as tmp:
        tmp.write_text(json.dumps(data), encoding="utf-8")
        os.replace(tmp, path)


def _read_json(path: Path) -> Any:
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
