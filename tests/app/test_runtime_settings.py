"""The app's process settings: `consilience` raises the collector's young threshold at start."""

from __future__ import annotations

import gc
import sys
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


def test_a_long_lived_command_keeps_numpy_off_huge_pages(monkeypatch: pytest.MonkeyPatch) -> None:
    import os

    from app import cli

    monkeypatch.delenv("NUMPY_MADVISE_HUGEPAGE", raising=False)
    monkeypatch.setattr(sys, "argv", ["consilience", "watch", "v"])
    monkeypatch.setattr(cli, "main", lambda: 0)
    monkeypatch.setattr(cli, "_ONE_SHOT_DONE", False)  # never the one-shot's hard exit here
    with pytest.raises(SystemExit):
        cli.run()
    assert os.environ["NUMPY_MADVISE_HUGEPAGE"] == "0"


def test_a_setting_the_user_chose_is_kept(monkeypatch: pytest.MonkeyPatch) -> None:
    import os

    from engine.runtime import use_returnable_memory

    monkeypatch.setenv("NUMPY_MADVISE_HUGEPAGE", "1")
    use_returnable_memory()
    assert os.environ["NUMPY_MADVISE_HUGEPAGE"] == "1"


def test_a_one_shot_search_leaves_it_alone(monkeypatch: pytest.MonkeyPatch) -> None:
    import os

    from app import cli

    monkeypatch.delenv("NUMPY_MADVISE_HUGEPAGE", raising=False)
    monkeypatch.setattr(sys, "argv", ["consilience", "search", "v", "--", "q"])
    monkeypatch.setattr(cli, "main", lambda: 0)
    monkeypatch.setattr(cli, "_ONE_SHOT_DONE", False)  # never the one-shot's hard exit here
    with pytest.raises(SystemExit):
        cli.run()
    assert "NUMPY_MADVISE_HUGEPAGE" not in os.environ


@pytest.mark.parametrize(
    ("argv", "command"),
    [
        ([], "gui"),
        (["--vault", "v"], None),  # --vault belongs to gui: not a top-level option
        (["gui", "--vault", "v"], "gui"),
        (["watch", "v"], "watch"),
        (["-v", "mcp", "v"], "mcp"),
        (["search", "v", "--", "a query"], "search"),
        (["index", "v"], "index"),
        (["--help"], None),
    ],
)
def test_which_command_runs(argv: list[str], command: str | None) -> None:
    from app.cli import LONG_LIVED, _command

    assert _command(argv) == command
    assert (command in LONG_LIVED) == (command in {"gui", "watch", "mcp"})
