"""The sentence-transformers embedder, with the real packaged all-MiniLM-L6-v2 (offline)."""

from __future__ import annotations

import os
import subprocess
import sys
import threading
from pathlib import Path

import numpy as np
import pytest

from engine.embed.embedder import (
    Embedder,
    SentenceTransformerEmbedder,
    load_embedder,
)
from engine.embed.offline import force_offline
from engine.embed.protocol import DEFAULT_MODEL_NAME
from engine.errors import ModelLoadError

pytestmark = pytest.mark.slow

REPO = Path(__file__).resolve().parents[3]


@pytest.fixture(scope="module")
def st(embedder: Embedder) -> SentenceTransformerEmbedder:
    """The session's shared model (tests/conftest.py), as the concrete class."""
    assert isinstance(embedder, SentenceTransformerEmbedder)
    return embedder


def test_shape_properties(st: SentenceTransformerEmbedder) -> None:
    assert isinstance(st, Embedder)
    assert st.name == DEFAULT_MODEL_NAME
    assert st.dimension == 384
    assert st.max_tokens == 254  # max_seq_length 256 minus [CLS] and [SEP]


def test_vectors_are_normalised_float32_in_input_order(st: SentenceTransformerEmbedder) -> None:
    texts = [
        "short",
        "a considerably longer sentence about river gauges and their calibration " * 3,
        "",
        "中文句子，关于向量数据库。",
        "medium length text about solar batteries",
    ]
    vecs = st.embed(texts, batch_size=2)
    assert vecs.shape == (5, 384) and vecs.dtype == np.float32
    np.testing.assert_allclose(np.linalg.norm(vecs, axis=1), 1.0, atol=1e-5)
    # Sorting by length inside embed() must not reorder the output.
    singles = np.vstack([st.embed([t])[0] for t in texts])
    np.testing.assert_allclose(vecs, singles, atol=1e-5)
    assert st.embed([]).shape == (0, 384)
    with pytest.raises(ValueError):
        st.embed(["x"], batch_size=0)


def test_deterministic(st: SentenceTransformerEmbedder) -> None:
    texts = ["the same sentence twice", "and another one"]
    np.testing.assert_allclose(st.embed(texts), st.embed(texts), atol=1e-6)


def test_similar_sentences_are_closer_than_unrelated(st: SentenceTransformerEmbedder) -> None:
    a, b, c = st.embed(
        [
            "The river gauge measures the water level every fifteen minutes.",
            "Every quarter hour the sensor records how high the river is.",
            "My grandmother bakes an excellent apple pie on Sundays.",
        ]
    )
    assert float(a @ b) > float(a @ c) + 0.3
    assert float(a @ b) > 0.5 and float(a @ c) < 0.2


def test_embed_query_matches_embed_and_is_cached(
    st: SentenceTransformerEmbedder, monkeypatch: pytest.MonkeyPatch
) -> None:
    q = "how are the sensor nodes powered in winter? (cache test)"
    hits, misses = st.cache_hits, st.cache_misses
    first = st.embed_query(q)
    assert (st.cache_hits, st.cache_misses) == (hits, misses + 1)
    second = st.embed_query(q)
    assert second is first and st.cache_hits == hits + 1
    assert first.shape == (384,) and not first.flags.writeable
    np.testing.assert_allclose(first, st.embed([q])[0], atol=1e-5)
    # LRU: with room for two, the least recently used query is dropped.
    monkeypatch.setattr(st._queries, "_size", 2)
    st.embed_query("lru one")
    st.embed_query("lru two")
    st.embed_query("lru one")
    st.embed_query("lru three")  # evicts "lru two"
    assert "lru one" in st._queries._items and "lru three" in st._queries._items
    assert "lru two" not in st._queries._items


def test_count_tokens_matches_the_model_tokenizer(st: SentenceTransformerEmbedder) -> None:
    texts = [
        "Hello world",
        "sample_interval_s and REQ-006 in snake_case",
        "我们今天讨论了向量数据库 🚀 emoji",
        "word " * 600,  # beyond max_seq_length: counted in full, not truncated
        "",
    ]
    tokenizer = st._model.tokenizer  # the model's own, not the embedder's private copy
    expected = [len(tokenizer.tokenize(t)) for t in texts]
    assert st.count_tokens(texts) == expected
    assert st.count_tokens(texts)[3] == 600
    assert st.count_tokens([]) == []


def test_concurrent_queries_and_token_counts_while_embedding(
    st: SentenceTransformerEmbedder,
) -> None:
    errors: list[BaseException] = []
    results: dict[int, np.ndarray] = {}

    def query(i: int) -> None:
        try:
            results[i] = st.embed_query(f"concurrent query number {i}")
        except BaseException as err:  # pragma: no cover - reported below
            errors.append(err)

    counts: list[list[int]] = []

    def count() -> None:
        try:
            for _ in range(20):
                counts.append(st.count_tokens(["one two three", "word " * 300]))
        except BaseException as err:  # pragma: no cover - reported below
            errors.append(err)

    threads = [threading.Thread(target=query, args=(i,)) for i in range(4)]
    threads += [threading.Thread(target=count) for _ in range(2)]
    for t in threads:
        t.start()
    batch = st.embed([f"background text {i}" for i in range(40)], batch_size=8)
    for t in threads:
        t.join()
    assert errors == [] and len(results) == 4 and batch.shape == (40, 384)
    assert counts == [[3, 300]] * 40
    np.testing.assert_allclose(results[2], st.embed(["concurrent query number 2"])[0], atol=1e-5)


@pytest.mark.parametrize("kind", ["empty folder", "junk folder", "file", "unknown hub id"])
def test_bogus_model_is_model_load_error(tmp_path: Path, kind: str) -> None:
    if kind == "empty folder":
        model = str(tmp_path)
    elif kind == "junk folder":
        (tmp_path / "config.json").write_text("{not json", encoding="utf-8")
        (tmp_path / "modules.json").write_text("[]", encoding="utf-8")
        model = str(tmp_path)
    elif kind == "file":
        model = str(tmp_path / "model.bin")
        Path(model).write_bytes(b"\0" * 16)
    else:
        model = "no-such-org/no-such-model-xyz"
    with pytest.raises(ModelLoadError) as info:
        load_embedder(model)
    message = str(info.value)
    assert "\n" not in message
    assert "--model" in message


def test_force_offline_sets_missing_variables(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("HF_HUB_OFFLINE", raising=False)
    monkeypatch.setenv("TRANSFORMERS_OFFLINE", "0")  # a user's explicit choice is kept
    force_offline()
    assert os.environ["HF_HUB_OFFLINE"] == "1"
    assert os.environ["TRANSFORMERS_OFFLINE"] == "0"


def test_store_and_embed_modules_import_without_heavy_libraries() -> None:
    code = (
        "import sys\n"
        "import engine.embed.embedder, engine.store.vectors, engine.store.catalog\n"
        "heavy = {'torch', 'sentence_transformers', 'chromadb', 'transformers'}\n"
        "print(sorted(heavy & set(sys.modules)))\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], cwd=REPO, capture_output=True, text=True, check=True
    )
    assert out.stdout.strip() == "[]"
