"""Background tasks: answers arrive on the UI thread, failures nobody handles reach the
user (the application-wide sink and the main window's warnings bar), shutdown waits.

Runs real `Task`s on a real `TaskRunner` and a real `MainWindow` (no vault opened except
where a test says so); the only faults are functions that raise.
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest
from PySide6.QtCore import QThread

from ui.failures import failure_line, failures
from ui.main_window import BACKGROUND_NOTICE, EngineOverrides, MainWindow
from ui.settings import Settings, SettingsStore
from ui.tasks import Task, TaskRunner

if TYPE_CHECKING:
    from pytestqt.qtbot import QtBot

WAIT_MS = 5_000


class Broken(RuntimeError):
    """The fault the tests inject."""


def _fail(message: str = "the disk went away\nTraceback: detail") -> Any:
    raise Broken(message)


@pytest.fixture
def runner(qtbot: QtBot) -> Iterator[TaskRunner]:
    runner = TaskRunner(threads=2)
    yield runner
    runner.shutdown(WAIT_MS)
    runner.deleteLater()


@pytest.fixture
def window(qtbot: QtBot, tmp_path: Path) -> Iterator[MainWindow]:
    window = MainWindow(
        Settings(),
        store=SettingsStore(tmp_path / "config"),
        overrides=EngineOverrides(data_dir=tmp_path / "data", index=False, live=False),
    )
    qtbot.addWidget(window)
    window.show()
    yield window
    window.shutdown()


@pytest.fixture
def reports() -> Iterator[list[tuple[str, str]]]:
    """Everything the application-wide sink announces during the test."""
    seen: list[tuple[str, str]] = []

    def record(what: str, reason: str) -> None:
        seen.append((what, reason))

    failures().reported.connect(record)
    yield seen
    failures().reported.disconnect(record)


# -- threads ---------------------------------------------------------------------------------


def test_the_answer_arrives_on_the_ui_thread(qtbot: QtBot, runner: TaskRunner) -> None:
    ui_thread = QThread.currentThread()
    ran_on: list[QThread] = []
    answered_on: list[tuple[QThread, object]] = []

    def work() -> int:
        ran_on.append(QThread.currentThread())
        return 42

    task = Task(work, name="answer").on_returned(
        lambda result: answered_on.append((QThread.currentThread(), result))
    )
    with qtbot.waitSignal(task.signals.finished, timeout=WAIT_MS):
        runner.start(task)
    qtbot.waitUntil(lambda: bool(answered_on), timeout=WAIT_MS)
    assert ran_on and ran_on[0] is not ui_thread
    assert answered_on == [(ui_thread, 42)]


def test_a_failure_handler_runs_on_the_ui_thread(qtbot: QtBot, runner: TaskRunner) -> None:
    ui_thread = QThread.currentThread()
    handled: list[tuple[QThread, BaseException]] = []
    task = Task(_fail, name="handled").on_errored(
        lambda exc: handled.append((QThread.currentThread(), exc))
    )
    runner.start(task)
    qtbot.waitUntil(lambda: bool(handled), timeout=WAIT_MS)
    assert handled[0][0] is ui_thread
    assert isinstance(handled[0][1], Broken)


# -- failures without a handler --------------------------------------------------------------


def test_an_unhandled_failure_reaches_the_sink_as_one_line_logged_at_warning(
    qtbot: QtBot,
    runner: TaskRunner,
    reports: list[tuple[str, str]],
    caplog: pytest.LogCaptureFixture,
) -> None:
    caplog.set_level(logging.WARNING, logger="ui.failures")
    with qtbot.waitSignal(failures().reported, timeout=WAIT_MS) as blocker:
        runner.start(Task(_fail, name="reading notes"))
    assert blocker.args == ["reading notes", "the disk went away"]
    assert reports == [("reading notes", "the disk went away")]
    warnings = [r for r in caplog.records if r.levelno == logging.WARNING]
    assert any("reading notes" in r.getMessage() and r.exc_info for r in warnings)


def test_a_task_with_its_own_handler_does_not_reach_the_sink(
    qtbot: QtBot, runner: TaskRunner, reports: list[tuple[str, str]]
) -> None:
    handled: list[BaseException] = []
    task = Task(_fail, name="handled").on_errored(handled.append)
    with qtbot.waitSignal(task.signals.finished, timeout=WAIT_MS):
        runner.start(task)
    qtbot.waitUntil(lambda: bool(handled), timeout=WAIT_MS)
    qtbot.wait(50)  # anything queued behind `finished` is delivered too
    assert reports == []


def test_an_unhandled_failure_shows_in_the_main_windows_warnings_bar(
    qtbot: QtBot, window: MainWindow, runner: TaskRunner
) -> None:
    bar = window.search.warnings
    expected = failure_line("loading the note", "the disk went away")
    runner.start(Task(_fail, name="loading the note"))
    qtbot.waitUntil(lambda: expected in bar.lines(), timeout=WAIT_MS)
    assert bar.isVisible()
    assert "\n" not in expected
    assert expected in bar.label.text()


def test_a_handled_failure_leaves_the_warnings_bar_alone(
    qtbot: QtBot, window: MainWindow, runner: TaskRunner
) -> None:
    bar = window.search.warnings
    handled: list[BaseException] = []
    task = Task(_fail, name="handled").on_errored(handled.append)
    with qtbot.waitSignal(task.signals.finished, timeout=WAIT_MS):
        runner.start(task)
    qtbot.waitUntil(lambda: bool(handled), timeout=WAIT_MS)
    qtbot.wait(50)
    assert bar.lines() == []
    assert not bar.isVisible()


def test_opening_another_vault_clears_background_failures(
    qtbot: QtBot, window: MainWindow, runner: TaskRunner, tmp_path: Path
) -> None:
    bar = window.search.warnings
    with qtbot.waitSignal(failures().reported, timeout=WAIT_MS):
        runner.start(Task(_fail, name="old vault"))
    assert bar.notice(BACKGROUND_NOTICE + "old vault") is not None
    window.open_vault(tmp_path / "no-such-vault")
    assert bar.notice(BACKGROUND_NOTICE + "old vault") is None


def test_a_closed_window_no_longer_listens(
    qtbot: QtBot, window: MainWindow, runner: TaskRunner
) -> None:
    window.shutdown()
    with qtbot.waitSignal(failures().reported, timeout=WAIT_MS):
        runner.start(Task(_fail, name="after close"))
    assert window.search.warnings.lines() == []


# -- shutdown --------------------------------------------------------------------------------


def test_shutdown_waits_for_running_tasks_and_drops_waiting_ones(qtbot: QtBot) -> None:
    runner = TaskRunner(threads=1)
    started, finished = threading.Event(), threading.Event()
    later_ran = threading.Event()

    def slow() -> None:
        started.set()
        time.sleep(0.3)
        finished.set()

    runner.start(Task(slow, name="slow"))
    later = runner.start(Task(later_ran.set, name="waiting"))
    assert started.wait(WAIT_MS / 1000)
    assert runner.busy()
    assert runner.shutdown(WAIT_MS)
    assert finished.is_set()  # shutdown returned only after the running task ended
    assert not runner.busy()
    assert not later_ran.is_set() and not later.ran  # the waiting one was dropped
    qtbot.wait(50)
    assert not later_ran.is_set()


def test_closing_the_window_waits_for_its_background_work(qtbot: QtBot, window: MainWindow) -> None:
    runners = window.findChildren(TaskRunner)
    assert runners  # the inspector preload at least
    window.close()
    assert all(not r.busy() for r in runners)
