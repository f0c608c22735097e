"""The status bar says what is happening: the language model loading (and being prepared on a
first run), indexing, the contradiction check, and what a finished sync changed."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pytest

from engine.model import IndexStats, Progress
from ui.bridge import EngineSession, SessionOptions
from ui.status import MODEL_FIRST_RUN, MODEL_LOADING, IndexStatus

if TYPE_CHECKING:
    from conftest import DemoCopy
    from pytestqt.qtbot import QtBot


def _status(qtbot: QtBot) -> IndexStatus:
    status = IndexStatus()
    qtbot.addWidget(status)
    status.opening("Demo vault")
    return status


def test_a_first_run_says_the_model_is_being_prepared(qtbot: QtBot) -> None:
    status = _status(qtbot)
    assert status.label.text() == "Opening Demo vault…"
    status.model_loading(True)
    assert status.label.text() == MODEL_FIRST_RUN
    assert "Preparing the language model (first run only)" in MODEL_FIRST_RUN
    assert status.bar.maximum() == 0  # busy: no count to show


def test_a_later_run_says_the_model_is_loading(qtbot: QtBot) -> None:
    status = _status(qtbot)
    status.model_loading(False)
    assert status.label.text() == MODEL_LOADING == "Loading the language model…"


def test_the_model_never_hides_what_indexing_reports(qtbot: QtBot) -> None:
    status = _status(qtbot)
    status.show_progress(Progress(phase="embed", done=12, total=66))
    status.model_loading(True)
    assert status.label.text() == "Indexing notes: 12 / 66 notes"
    status.finished(IndexStats(notes=66, added=66), notes=66)
    status.model_loading(False)
    assert status.label.text().startswith("66 notes indexed")


def test_the_contradiction_check_is_a_phase_with_a_count(qtbot: QtBot) -> None:
    status = _status(qtbot)
    status.show_progress(Progress(phase="done", done=100, total=100))
    assert status.label.text() == "Checking for contradictions…"
    status.show_progress(Progress(phase="contradictions", done=40, total=100))
    assert status.label.text() == "Checking for contradictions: 40 / 100 notes"
    assert (status.bar.value(), status.bar.maximum()) == (40, 100)
    assert status.bar.isVisibleTo(status)


def test_a_first_index_does_not_call_every_note_changed(qtbot: QtBot) -> None:
    status = _status(qtbot)
    status.finished(IndexStats(notes=66, added=66), notes=66)
    assert status.label.text() == "66 notes indexed · watching for changes"


def test_a_later_sync_names_what_changed(qtbot: QtBot) -> None:
    status = _status(qtbot)
    status.finished(IndexStats(notes=66, added=1, updated=2, unchanged=63), notes=66)
    assert status.label.text() == "66 notes indexed · 3 notes changed · watching for changes"
    status.finished(IndexStats(notes=66, unchanged=66), notes=66)
    assert status.label.text() == "66 notes indexed · watching for changes"
    status.synced(IndexStats(notes=67, added=1))
    assert status.label.text() == "67 notes indexed · 1 note just updated"


def test_a_sync_that_only_renamed_notes_changed_them(qtbot: QtBot) -> None:
    renamed = IndexStats(notes=66, renamed=2, unchanged=64)
    assert renamed.changed == 2
    assert IndexStats(notes=66, added=1, updated=2, removed=3, renamed=4).changed == 10
    status = _status(qtbot)
    status.finished(renamed, notes=66)
    assert status.label.text() == "66 notes indexed · 2 notes changed · watching for changes"


@pytest.mark.slow
def test_the_session_reports_the_model_loading(qtbot: QtBot, demo_index: DemoCopy) -> None:
    """No model shared: the session loads one, and says so before it is ready (the tests run
    sentence-transformers, which has nothing to prepare: "loading", not "first run")."""
    session = EngineSession(
        SessionOptions(vault=demo_index.vault, data_dir=demo_index.data_dir, index=False)
    )
    loading: list[bool] = []
    session.model_loading.connect(loading.append)
    try:
        with qtbot.waitSignal(session.ready, timeout=120_000):
            session.start()
        assert loading == [False]
    finally:
        session.close()
