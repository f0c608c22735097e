"""Fixtures for the vault reader tests."""

from __future__ import annotations

import os

os.environ.setdefault("HF_HUB_OFFLINE", "1")

from collections.abc import Callable, Sequence

import pytest

from engine.vault.tokens import load_wordpiece_counter


@pytest.fixture(scope="session")
def count_tokens() -> Callable[[Sequence[str]], list[int]]:
    """The real word-piece counter of the packaged all-MiniLM-L6-v2 tokenizer."""
    return load_wordpiece_counter()
