"""The word-piece counter matches the model's tokenizer."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path

import pytest

from engine.errors import ModelLoadError
from engine.vault.tokens import default_model_path, load_wordpiece_counter

Counter = Callable[[Sequence[str]], list[int]]


def test_counts_without_special_tokens(count_tokens: Counter) -> None:
    assert count_tokens(["hello world", "", "unbelievable", "中文"]) == [2, 0, 1, 2]


def test_no_truncation(count_tokens: Counter) -> None:
    assert count_tokens(["word " * 1000]) == [1000]


def test_counts_are_additive_across_whitespace(count_tokens: Counter) -> None:
    parts = ["Heading > Sub", "A paragraph, with punctuation!", "中文 text 🚀 émoji"]
    separate = count_tokens(parts)
    assert count_tokens(["\n".join(parts)]) == [sum(separate)]


@pytest.mark.slow  # imports transformers
def test_same_counts_as_the_embedding_models_tokenizer(count_tokens: Counter) -> None:
    from transformers import AutoTokenizer

    tokenizer = AutoTokenizer.from_pretrained(default_model_path())
    texts = ["Obsidian vaults hold notes.", "naïve café — 東京 🚀", "x" * 150]
    expected = [len(tokenizer(t, add_special_tokens=False)["input_ids"]) for t in texts]
    assert count_tokens(texts) == expected


def test_accepts_a_tokenizer_json_path() -> None:
    counter = load_wordpiece_counter(str(Path(default_model_path()) / "tokenizer.json"))
    assert counter(["hello world"]) == [2]


def test_bad_path_is_a_model_load_error(tmp_path: Path) -> None:
    with pytest.raises(ModelLoadError, match="tokenizer"):
        load_wordpiece_counter(str(tmp_path))
