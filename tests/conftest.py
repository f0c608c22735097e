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

import logging
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


@pytest.fixture(autouse=True)
def _fail_on_error_logs(request: pytest.FixtureRequest) -> Iterator[None]:
    """A test fails when a log record at ERROR or above is made while it runs (from any
    logger or thread, whether or not something handles it), unless it is marked
    `allow_error_logs` because the error log is the behaviour it tests."""
    if request.node.get_closest_marker("allow_error_logs") is not None:
        yield
        return
    seen: list[logging.LogRecord] = []
    previous = logging.getLogRecordFactory()

    def recording_factory(*args: object, **kwargs: object) -> logging.LogRecord:
        record = previous(*args, **kwargs)
        if record.levelno >= logging.ERROR:
            seen.append(record)
        return record

    logging.setLogRecordFactory(recording_factory)
    try:
        yield
    finally:
        logging.setLogRecordFactory(previous)
    # a logger's filter may lower a known-harmless record (watchdog's stop race, lowered to
    # DEBUG by engine.index.watcher): what counts is the level the record was handled at
    seen = [r for r in seen if r.levelno >= logging.ERROR]
    if seen:
        shown = "\n".join(f"  {r.levelname} {r.name}: {r.getMessage()}" for r in seen[:10])
        pytest.fail(
            f"{len(seen)} unexpected error log record(s) (mark the test allow_error_logs if "
            f"they are what it tests):\n{shown}",
            pytrace=False,
        )
