"""Test-wide settings: offline, offscreen, one shared embedding model."""

from __future__ import annotations

import os

os.environ.setdefault("HF_HUB_OFFLINE", "1")
os.environ.setdefault("TRANSFORMERS_OFFLINE", "1")
os.environ.setdefault("ANONYMIZED_TELEMETRY", "False")
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
os.environ.setdefault("TOKENIZERS_PARALLELISM", "false")
# The suite (and its CLI subprocesses) embed with sentence-transformers, the reference; the
# ONNX backend is tested on its own in tests/engine/embed/test_onnx_embedder.py.
os.environ.setdefault("CONSILIENCE_EMBEDDER", "torch")

from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING

import pytest

if TYPE_CHECKING:
    from engine.embed.embedder import Embedder

REPO = Path(__file__).resolve().parent.parent
DEMO_VAULT = REPO / "resources" / "demo-vault"
SHARED_DATA = REPO.parent / "shared" / "data"


@pytest.fixture(scope="session")
def embedder() -> Iterator[Embedder]:
    """The real packaged all-MiniLM-L6-v2 on sentence-transformers, loaded once per session."""
    from engine.embed.embedder import load_embedder

    yield load_embedder(None, backend="torch")
