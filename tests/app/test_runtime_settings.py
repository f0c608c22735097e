"""The app's process settings: `consilience` raises the collector's young threshold at start."""

from __future__ import annotations

import gc
from collections.abc import Iterator

import pytest

from engine.runtime import GEN0_THRESHOLD, tune_garbage_collector


@pytest.fixture
def restore_thresholds() -> Iterator[None]:
    before = gc.get_threshold()
    yield
    gc.set_threshold(*before)


@pytest.mark.usefixtures("restore_thresholds")
def test_young_threshold_raised_older_ratios_kept() -> None:
    gc.set_threshold(700, 10, 10)
    tune_garbage_collector()
    assert gc.get_threshold() == (GEN0_THRESHOLD, 10, 10)


@pytest.mark.usefixtures("restore_thresholds")
def test_the_command_line_applies_it(monkeypatch: pytest.MonkeyPatch) -> None:
    from app import cli

    gc.set_threshold(700, 10, 10)
    monkeypatch.setattr(cli, "_cmd_gui", lambda args: 0)  # no window: only the start-up
    monkeypatch.setattr(cli, "_offline_environment", lambda: None)  # leave os.environ alone
    monkeypatch.setattr(cli, "configure_logging", lambda **kwargs: None)
    assert cli.main([]) == 0
    assert gc.get_threshold()[0] == GEN0_THRESHOLD


def test_releasing_memory_asks_each_model_and_survives_a_failing_one() -> None:
    from engine.runtime import release_free_memory

    asked: list[str] = []

    class Model:
        def __init__(self, name: str, fails: bool = False) -> None:
            self.name, self.fails = name, fails

        def release_memory(self) -> None:
            asked.append(self.name)
            if self.fails:
                raise RuntimeError("no arena")

    release_free_memory(Model("a", fails=True), None, object(), Model("b"))
    assert asked == ["a", "b"]
