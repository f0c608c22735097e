"""An embedder started early is the one the next matching load returns."""

from __future__ import annotations

import threading
from dataclasses import dataclass, field
from pathlib import Path

import pytest

import engine.embed.embedder as module
from engine.errors import ModelLoadError


@dataclass
class Loads:
    seen: list[str | None] = field(default_factory=list)
    release: threading.Event = field(default_factory=threading.Event)


@pytest.fixture()
def loads(monkeypatch: pytest.MonkeyPatch) -> Loads:
    """Stand in for the real load (the model itself is tested elsewhere): count the loads,
    let a test hold one back."""
    state = Loads()
    state.release.set()
    monkeypatch.setattr(module, "_early", {})

    def fake(model: str | None, *, backend: str, cache_dir: Path | None) -> object:
        state.seen.append(model)
        if model == "broken":
            raise ModelLoadError("cannot load broken")
        state.release.wait(5)
        return object()

    monkeypatch.setattr(module, "_load", fake)
    return state


def test_the_next_load_takes_the_early_embedder(loads: Loads, tmp_path: Path) -> None:
    loads.release.clear()  # still loading when asked for
    module.load_embedder_early(None, cache_dir=tmp_path)
    module.load_embedder_early(None, cache_dir=tmp_path)  # already under way: once
    threading.Timer(0.2, loads.release.set).start()
    first = module.load_embedder(None, cache_dir=tmp_path)
    assert loads.seen == [None]
    again = module.load_embedder(None, cache_dir=tmp_path)  # taken once; then a new load
    assert again is not first and loads.seen == [None, None]


def test_other_arguments_load_their_own(loads: Loads, tmp_path: Path) -> None:
    module.load_embedder_early(None, cache_dir=tmp_path)
    module.load_embedder(None, cache_dir=tmp_path / "other")
    module.load_embedder(None, backend="onnx", cache_dir=tmp_path)
    module.load_embedder(None, cache_dir=tmp_path)  # the early one, waiting to be taken
    assert len(loads.seen) == 3  # the early load, and one for each other argument


def test_an_early_failure_reaches_the_caller(loads: Loads, tmp_path: Path) -> None:
    module.load_embedder_early("broken", cache_dir=tmp_path)
    with pytest.raises(ModelLoadError, match="cannot load broken"):
        module.load_embedder("broken", cache_dir=tmp_path)
