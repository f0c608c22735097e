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


_RESTART_SCRIPT = """
import os
from engine.runtime import use_returnable_memory
print("start", os.environ.get("PYTHONMALLOC"), flush=True)
use_returnable_memory()
print("running", os.environ.get("PYTHONMALLOC"), os.environ.get("NUMPY_MADVISE_HUGEPAGE"))
"""


def _run_restart_script(env_malloc: str | None) -> list[str]:
    import os
    import subprocess
    import sys

    env = {
        k: v for k, v in os.environ.items() if k not in ("PYTHONMALLOC", "NUMPY_MADVISE_HUGEPAGE")
    }
    if env_malloc is not None:
        env["PYTHONMALLOC"] = env_malloc
    done = subprocess.run(
        [sys.executable, "-c", _RESTART_SCRIPT],
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
        check=True,
    )
    return done.stdout.splitlines()


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="glibc only")
def test_a_long_lived_process_restarts_once_on_the_system_allocator() -> None:
    # the same process (exec), started again with the variable set: it does not loop
    assert _run_restart_script(None) == ["start None", "start malloc", "running malloc 0"]


def test_an_allocator_the_user_chose_is_kept() -> None:
    assert _run_restart_script("pymalloc") == ["start pymalloc", "running pymalloc 0"]


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
