"""The onnxruntime embedder against the sentence-transformers reference, its export cache and
its fallbacks (the real packaged all-MiniLM-L6-v2, offline; one real export per module)."""

from __future__ import annotations

import logging
import shutil
from collections.abc import Callable
from datetime import UTC, datetime
from pathlib import Path

import numpy as np
import pytest

from engine.embed import embedder as embedder_module
from engine.embed import onnx_embedder as onnx_embedder_module
from engine.embed import onnx_export
from engine.embed.embedder import (
    Embedder,
    SentenceTransformerEmbedder,
    load_embedder,
    vector_precision,
)
from engine.embed.onnx_embedder import OnnxEmbedder
from engine.model import Note
from engine.vault.chunker import chunk_note
from engine.vault.reader import parse_note
from engine.vault.tokens import default_model_path, load_wordpiece_counter

pytestmark = pytest.mark.slow

DEMO_VAULT = Path(__file__).resolve().parents[3] / "resources" / "demo-vault"
MTIME = datetime(2025, 1, 1, tzinfo=UTC)
EDGE_TEXTS = [
    "",
    " ",
    "\n\n\t",
    "🎉🚀✨",
    "中文句子，关于向量数据库和检索。日本語の文も少し。한국어 문장.",
    "# Heading\n\n- item one\n- [ ] task two\n\n```python\ndef f(x):\n    return x * 2\n```\n",
    "> [!note] Callout with a [[Wiki Link|alias]] and #tag/nested and `inline code`",
    "word " * 3000,  # far beyond 256 tokens: truncated the same way
    "Ünïcödé àccents — “quotes” and ellipsis…",
]


def _notes() -> list[Note]:
    notes = []
    for path in sorted(DEMO_VAULT.rglob("*.md")):
        note = parse_note(str(path.relative_to(DEMO_VAULT)), path.read_bytes(), mtime=MTIME)
        if isinstance(note, Note):
            notes.append(note)
    return notes


@pytest.fixture(scope="module")
def real_texts() -> list[str]:
    """The demo vault's chunks, whole note bodies (most beyond 256 tokens) and edge cases."""
    count = load_wordpiece_counter()
    notes = _notes()
    chunks = [c.embed_text for n in notes for c in chunk_note(n, count_tokens=count)]
    bodies = [n.body for n in notes[::5]]
    assert max(count(bodies)) > 1000
    return chunks[::2] + bodies + EDGE_TEXTS


@pytest.fixture(scope="module")
def cache_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("models")


@pytest.fixture(scope="module")
def onnx_embedder(cache_dir: Path) -> OnnxEmbedder:
    return OnnxEmbedder(None, cache_dir=cache_dir)


@pytest.fixture
def fake_export(cache_dir: Path, monkeypatch: pytest.MonkeyPatch) -> list[Path]:
    """Replace the (slow) export by a copy of the module's real one; returns the call log."""
    good = onnx_export.export_dir(onnx_export.read_spec(Path(default_model_path())), cache_dir)
    calls: list[Path] = []

    def copy_export(spec: onnx_export.ModelSpec, target: Path) -> None:
        calls.append(target)
        for name in (onnx_export.MODEL_FILE, onnx_export.PROBE_FILE):
            shutil.copyfile(good / name, target / name)

    monkeypatch.setattr(onnx_export, "_export", copy_export)
    return calls


@pytest.fixture
def torch_stub(embedder: Embedder, monkeypatch: pytest.MonkeyPatch) -> None:
    """The fallback returns the session's torch model instead of loading another copy."""
    stub: Callable[..., Embedder] = lambda model=None: embedder  # noqa: E731
    monkeypatch.setattr(embedder_module, "SentenceTransformerEmbedder", stub)


def _cosines(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    result: np.ndarray = np.sum(a * b, axis=1)
    return result


def test_vectors_match_sentence_transformers(
    onnx_embedder: OnnxEmbedder, embedder: Embedder, real_texts: list[str]
) -> None:
    assert isinstance(embedder, SentenceTransformerEmbedder)
    assert isinstance(onnx_embedder, Embedder)
    assert (onnx_embedder.name, onnx_embedder.dimension, onnx_embedder.max_tokens) == (
        embedder.name,
        embedder.dimension,
        embedder.max_tokens,
    )
    ref = embedder.embed(real_texts, batch_size=32)
    got = onnx_embedder.embed(real_texts, batch_size=32)
    assert got.shape == ref.shape and got.dtype == np.float32
    np.testing.assert_allclose(np.linalg.norm(got, axis=1), 1.0, atol=1e-5)
    cos = _cosines(got, ref)
    worst = int(np.argmin(cos))
    assert cos.min() >= 0.999, f"cosine {cos.min():.5f} for {real_texts[worst][:80]!r}"
    # Batching and sorting do not change a vector (padding is masked out).
    some = real_texts[::40]
    np.testing.assert_allclose(onnx_embedder.embed(some, batch_size=1), got[::40], atol=1e-4)
    assert onnx_embedder.count_tokens(real_texts) == embedder.count_tokens(real_texts)
    assert onnx_embedder.embed([]).shape == (0, 384)
    with pytest.raises(ValueError):
        onnx_embedder.embed(["x"], batch_size=0)


def test_int8_vectors_stay_close_to_the_reference(
    cache_dir: Path, embedder: Embedder, real_texts: list[str]
) -> None:
    """int8 weights (the default) move a vector by a cosine of about 0.005: retrieval keeps
    its quality (SciFact nDCG@10 0.736 vs 0.737; measured by `consilience eval`)."""
    int8 = OnnxEmbedder(None, cache_dir=cache_dir, quantized=True)
    assert int8.backend == "onnx-int8" and int8.dimension == embedder.dimension
    ref = embedder.embed(real_texts, batch_size=32)
    got = int8.embed(real_texts, batch_size=32)
    np.testing.assert_allclose(np.linalg.norm(got, axis=1), 1.0, atol=1e-5)
    cos = _cosines(got, ref)
    assert cos.mean() >= 0.99 and cos.min() >= 0.97, (cos.mean(), cos.min())
    assert cos.mean() < 0.99999  # really other weights, not the fp32 model again
    # each text's nearest other text (by the reference) stays among int8's nearest three
    ref_sims, got_sims = ref @ ref.T, got @ got.T
    np.fill_diagonal(ref_sims, -2.0)
    np.fill_diagonal(got_sims, -2.0)
    nearest = np.argmax(ref_sims, axis=1)
    top3 = np.argsort(-got_sims, axis=1)[:, :3]
    kept = np.mean([nearest[i] in top3[i] for i in range(len(nearest))])
    assert kept >= 0.95, kept


def test_lanes_give_the_same_vectors_and_raise_a_lanes_error(
    cache_dir: Path, onnx_embedder: OnnxEmbedder, real_texts: list[str]
) -> None:
    """Batches spread over one-thread sessions side by side: same vectors, input order kept;
    a failing batch in any lane fails the call (never a half-filled answer)."""
    laned = OnnxEmbedder(None, cache_dir=cache_dir, lanes=3)
    assert len(laned._lane_sessions) == 3
    texts = real_texts[:70]
    np.testing.assert_allclose(
        laned.embed(texts, batch_size=4), onnx_embedder.embed(texts, batch_size=4), atol=1e-5
    )
    np.testing.assert_allclose(laned.embed(texts[:1]), onnx_embedder.embed(texts[:1]), atol=1e-5)
    seen: list[int] = []
    original = laned._infer

    def flaky(encs: list[object], **kw: object) -> np.ndarray:
        seen.append(len(encs))
        if kw.get("session") is laned._lane_sessions[2][0]:
            raise RuntimeError("lane 2 broke")
        return original(encs, **kw)  # type: ignore[arg-type]

    laned._infer = flaky  # type: ignore[method-assign]
    with pytest.raises(RuntimeError, match="lane 2 broke"):
        laned.embed(texts, batch_size=4)
    assert seen  # the lanes really ran


def test_releasing_batch_memory_keeps_the_vectors(cache_dir: Path, real_texts: list[str]) -> None:
    """After a big pass the arena's batch memory is handed back (every session, lanes too);
    the model answers as before."""
    laned = OnnxEmbedder(None, cache_dir=cache_dir, lanes=2)
    texts = real_texts[:40]
    before = laned.embed(texts, batch_size=8)
    laned.release_memory()
    np.testing.assert_allclose(laned.embed(texts, batch_size=8), before, atol=1e-6)
    laned.release_memory()
    laned.release_memory()  # nothing left to free: still fine
    np.testing.assert_allclose(laned.embed(texts[:1])[0], before[0], atol=1e-6)


@pytest.mark.parametrize(
    ("raw", "lanes", "warns"),
    [("", 1, False), ("2", 2, False), (" 3 ", 3, False), ("two", 1, True), ("0", 1, True)],
)
def test_lanes_from_the_environment(
    monkeypatch: pytest.MonkeyPatch,
    caplog: pytest.LogCaptureFixture,
    raw: str,
    lanes: int,
    warns: bool,
) -> None:
    monkeypatch.setenv(onnx_embedder_module.LANES_ENV, raw)
    with caplog.at_level("WARNING"):
        assert onnx_embedder_module._lanes_from_env() == lanes
    assert ("CONSILIENCE_EMBED_LANES" in caplog.text) == warns


def test_embed_query_is_cached_and_matches_embed(onnx_embedder: OnnxEmbedder) -> None:
    text = "how do I calibrate the soil moisture sensor?"
    hits, misses = onnx_embedder.cache_hits, onnx_embedder.cache_misses
    first = onnx_embedder.embed_query(text)
    second = onnx_embedder.embed_query(text)
    assert second is first and not first.flags.writeable
    assert (onnx_embedder.cache_hits, onnx_embedder.cache_misses) == (hits + 1, misses + 1)
    np.testing.assert_allclose(first, onnx_embedder.embed([text])[0], atol=1e-5)


def test_second_load_reuses_the_export(
    onnx_embedder: OnnxEmbedder, cache_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    model_file = onnx_embedder.model_path
    before = model_file.stat().st_mtime_ns

    def no_export(*_args: object) -> None:
        raise AssertionError("exported again")

    monkeypatch.setattr(onnx_export, "_export", no_export)
    again = load_embedder(None, backend="onnx", cache_dir=cache_dir)
    assert isinstance(again, OnnxEmbedder) and again.model_path == model_file
    assert model_file.stat().st_mtime_ns == before
    assert not [p for p in model_file.parent.iterdir() if p.name.endswith(".tmp")]


def test_export_runs_in_a_child_process(
    onnx_embedder: OnnxEmbedder, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """torch and the trace stay out of this process (they would keep ~900 MB for good)."""

    def in_process(*_args: object) -> None:
        raise AssertionError("exported in this process")

    monkeypatch.setattr(onnx_export, "_export_here", in_process)
    spec = onnx_export.read_spec(Path(default_model_path()))
    onnx_export._export(spec, tmp_path)
    made = onnx_export.read_probe(tmp_path)
    known = onnx_export.read_probe(onnx_embedder.model_path.parent)
    assert made is not None and known is not None and made[0] == known[0]
    np.testing.assert_allclose(made[1], known[1], atol=1e-6)
    model = tmp_path / onnx_export.MODEL_FILE
    assert model.stat().st_size == onnx_embedder.model_path.stat().st_size


def test_int8_quantization_runs_in_a_child_process(
    onnx_embedder: OnnxEmbedder, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def in_process(*_args: object) -> None:
        raise AssertionError("quantized in this process")

    monkeypatch.setattr(onnx_export, "_quantize_here", in_process)
    fp32 = tmp_path / onnx_export.MODEL_FILE
    shutil.copyfile(onnx_embedder.model_path, fp32)
    former = tmp_path / "model.int8-per-channel.onnx"  # what an earlier version quantized
    former.write_bytes(b"old weights")
    int8 = onnx_export.ensure_int8(fp32)
    assert int8 == tmp_path / onnx_export.INT8_FILE
    assert 0 < int8.stat().st_size < 0.8 * fp32.stat().st_size  # int8 MatMul weights
    assert not former.exists() and fp32.is_file()  # the stale file goes, the export stays
    import onnx

    ops = {node.op_type for node in onnx.load(str(int8)).graph.node}
    assert "QAttention" in ops and "Attention" not in ops, sorted(ops)  # Q/K/V int8 too


def test_failed_export_process_raises_its_error(tmp_path: Path) -> None:
    spec = onnx_export.ModelSpec(tmp_path / "no-such-model", 256, False)
    with pytest.raises(RuntimeError, match="ONNX export process failed"):
        onnx_export._export(spec, tmp_path)
    assert not list(tmp_path.rglob("*.onnx"))


@pytest.mark.parametrize("damage", ["garbage model", "wrong probe"])
def test_corrupt_cache_is_exported_again_with_a_warning(
    damage: str,
    onnx_embedder: OnnxEmbedder,
    fake_export: list[Path],
    tmp_path: Path,
    caplog: pytest.LogCaptureFixture,
) -> None:
    target = tmp_path / onnx_embedder.model_path.parent.name
    shutil.copytree(onnx_embedder.model_path.parent, target)
    if damage == "garbage model":
        (target / onnx_export.MODEL_FILE).write_bytes(b"\x08\x07not a protobuf" * 100)
    else:
        (target / onnx_export.PROBE_FILE).write_text(
            '{"text": "x", "vector": ' + str([1.0] + [0.0] * 383) + "}", encoding="utf-8"
        )
    with caplog.at_level(logging.WARNING):
        again = load_embedder(None, backend="onnx", cache_dir=tmp_path)
    assert isinstance(again, OnnxEmbedder)
    assert fake_export == [target]
    warnings = [r for r in caplog.records if r.levelno >= logging.WARNING]
    assert len(warnings) == 1 and "exporting it again" in warnings[0].getMessage()
    text = ["the river gauge reads high after the storm"]
    np.testing.assert_allclose(again.embed(text), onnx_embedder.embed(text), atol=1e-5)


def test_failed_export_falls_back_to_torch(
    embedder: Embedder,
    torch_stub: None,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    caplog: pytest.LogCaptureFixture,
) -> None:
    def broken(*_args: object) -> None:
        raise RuntimeError("exporter exploded")

    monkeypatch.setattr(onnx_export, "_export", broken)
    with caplog.at_level(logging.WARNING):
        got = load_embedder(None, backend="onnx", cache_dir=tmp_path)
    assert got is embedder
    warnings = [r for r in caplog.records if r.levelno >= logging.WARNING]
    assert len(warnings) == 1 and "exporter exploded" in warnings[0].getMessage()
    assert not list(tmp_path.rglob("*.onnx"))


def test_failed_session_falls_back_to_torch(
    embedder: Embedder,
    torch_stub: None,
    fake_export: list[Path],
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    caplog: pytest.LogCaptureFixture,
) -> None:
    def no_session(self: OnnxEmbedder, path: Path) -> None:
        raise RuntimeError("no session today")

    monkeypatch.setattr(OnnxEmbedder, "_session_for", no_session)
    with caplog.at_level(logging.WARNING):
        got = load_embedder(None, backend="onnx", cache_dir=tmp_path)
    assert got is embedder
    # one retry with a fresh export, then one warning about the fallback
    messages = [r.getMessage() for r in caplog.records if r.levelno >= logging.WARNING]
    assert len(fake_export) == 2 and len(messages) == 2
    assert "using sentence-transformers" in messages[-1]


def test_backend_choice(
    onnx_embedder: OnnxEmbedder,
    embedder: Embedder,
    torch_stub: None,
    cache_dir: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.delenv("CONSILIENCE_EMBEDDER", raising=False)
    default = load_embedder(None, cache_dir=cache_dir)
    assert isinstance(default, OnnxEmbedder) and default.quantized  # int8 by default
    assert vector_precision() == "int8" and vector_precision("onnx") == "fp32"
    assert vector_precision("torch") == "fp32"
    assert load_embedder(None, backend="torch", cache_dir=cache_dir) is embedder
    monkeypatch.setenv("CONSILIENCE_EMBEDDER", "torch")
    assert load_embedder(None, cache_dir=cache_dir) is embedder
    assert vector_precision() == "fp32"
    monkeypatch.setenv("CONSILIENCE_EMBEDDER", "onnx")
    fp32 = load_embedder(None, cache_dir=cache_dir)
    assert isinstance(fp32, OnnxEmbedder) and not fp32.quantized
    with pytest.raises(ValueError):
        load_embedder(None, backend="tensorflow")  # type: ignore[arg-type]


def test_unsupported_model_uses_torch_quietly(
    embedder: Embedder, torch_stub: None, tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    """A model the graph would not reproduce (CLS pooling here) never runs on onnxruntime."""
    source = Path(default_model_path())
    folder = tmp_path / "cls-model"
    folder.mkdir()
    for item in source.iterdir():
        if item.is_file():
            (folder / item.name).symlink_to(item)
    (folder / "1_Pooling").mkdir()
    (folder / "1_Pooling" / "config.json").write_text(
        '{"word_embedding_dimension": 384, "pooling_mode_cls_token": true}', encoding="utf-8"
    )
    with caplog.at_level(logging.WARNING):
        got = load_embedder(str(folder), cache_dir=tmp_path / "models")
    assert got is embedder
    assert not [r for r in caplog.records if r.levelno >= logging.WARNING]
    assert not (tmp_path / "models").exists()
