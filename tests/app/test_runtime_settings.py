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


def _main_without_commands(monkeypatch: pytest.MonkeyPatch, argv: list[str]) -> None:
    """`main(argv)` with every command a no-op: only the start-up runs."""
    from app import cli

    for name in ("_cmd_gui", "_cmd_watch", "_cmd_mcp", "_cmd_bench", "_cmd_search", "_cmd_index"):
        monkeypatch.setattr(cli, name, lambda args: 0)
    monkeypatch.setattr(cli, "_offline_environment", lambda: None)
    monkeypatch.setattr(cli, "configure_logging", lambda **kwargs: None)
    monkeypatch.setattr(cli, "_print_timings", lambda entered: None)
    monkeypatch.setattr(cli, "_ONE_SHOT_DONE", False)  # main sets it after a search
    assert cli.main(argv) == 0


def test_a_long_lived_command_keeps_numpy_off_huge_pages(monkeypatch: pytest.MonkeyPatch) -> None:
    import os

    monkeypatch.delenv("NUMPY_MADVISE_HUGEPAGE", raising=False)
    _main_without_commands(monkeypatch, ["watch", "v"])
    assert os.environ["NUMPY_MADVISE_HUGEPAGE"] == "0"


def test_a_setting_the_user_chose_is_kept(monkeypatch: pytest.MonkeyPatch) -> None:
    import os

    from engine.runtime import use_returnable_memory

    monkeypatch.setenv("NUMPY_MADVISE_HUGEPAGE", "1")
    use_returnable_memory()
    assert os.environ["NUMPY_MADVISE_HUGEPAGE"] == "1"


def test_a_one_shot_search_leaves_it_alone(monkeypatch: pytest.MonkeyPatch) -> None:
    import os

    monkeypatch.delenv("NUMPY_MADVISE_HUGEPAGE", raising=False)
    _main_without_commands(monkeypatch, ["search", "v", "--", "q"])
    assert "NUMPY_MADVISE_HUGEPAGE" not in os.environ


@pytest.mark.parametrize(
    ("argv", "long_lived"),
    [
        ([], True),
        (["gui", "--vault", "v"], True),
        (["watch", "v"], True),
        (["-v", "mcp", "v"], True),
        (["search", "v", "--", "a query"], False),
        (["index", "v"], False),
    ],
)
def test_which_commands_count_as_long_lived(
    monkeypatch: pytest.MonkeyPatch, argv: list[str], long_lived: bool
) -> None:
    import os

    monkeypatch.delenv("NUMPY_MADVISE_HUGEPAGE", raising=False)
    _main_without_commands(monkeypatch, argv)
    assert ("NUMPY_MADVISE_HUGEPAGE" in os.environ) == long_lived
