"""The status bar says what is happening: the language model loading (and being prepared on a
first run), indexing, the contradiction check, and what a finished sync changed."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

import pytest

from engine.model import IndexStats, Progress
from engine.vault.obsidian_vaults import OpenOutcome
from ui.bridge import EngineSession, SessionOptions
from ui.elided_label import ElidedLabel, fit_line
from ui.main_window import OPEN_NOTICE, MainWindow
from ui.settings import Settings
from ui.status import INDEX_FAILED, MODEL_FIRST_RUN, MODEL_LOADING, OPEN_FAILED, IndexStatus

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


def test_a_text_first_index_says_words_and_links_are_ready_then_the_model(
    qtbot: QtBot,
) -> None:
    status = _status(qtbot)
    status.show_progress(Progress(phase="text", done=50, total=66))
    assert status.label.text() == "Reading notes for words and links: 50 / 66 notes"
    assert (status.bar.value(), status.bar.maximum()) == (50, 66)
    status.text_indexed(66)
    assert status.label.text().startswith("66 notes searchable by words and links")
    status.model_loading(True)
    assert status.label.text().startswith("Words and links are ready · preparing the language")
    status.show_progress(Progress(phase="embed", done=20, total=66))
    assert status.label.text() == "Indexing notes: 20 / 66 notes"


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


LONG_REASON = (
    "the folder /home/someone/Documents/Obsidian/Research vault cannot be read "
    "(permission denied) — choose another vault with File ▸ Open vault…"
)


def test_an_open_failure_is_named_in_a_few_words_with_its_reason_on_hover(
    qtbot: QtBot,
) -> None:
    status = _status(qtbot)
    status.open_failed(LONG_REASON)
    assert status.label.text() == OPEN_FAILED == "Could not open the vault"
    assert "Indexing" not in status.label.text()  # nothing was indexing
    assert status.label.toolTip() == f"Could not open the vault: {LONG_REASON}"
    assert status.label.tip() == status.label.toolTip()
    assert not status.pause.isVisibleTo(status) and not status.bar.isVisibleTo(status)

    status.failed("the disk is full")  # a sync of an opened vault that failed
    assert status.label.text() == INDEX_FAILED == "Indexing stopped"
    assert status.label.toolTip() == "Indexing stopped: the disk is full"
    status.show_progress(Progress(phase="embed", done=1, total=2))  # indexing again
    assert status.label.toolTip() == ""


def test_a_long_status_ends_in_an_ellipsis_and_shows_whole_on_hover(qtbot: QtBot) -> None:
    label = ElidedLabel("66 notes · read-only (another process indexes this vault)")
    qtbot.addWidget(label)
    label.resize(label.sizeHint())
    assert not label.elided() and label.tip() == ""
    label.resize(label.fontMetrics().horizontalAdvance("66 notes · read-only (another"), 20)
    shown = label.shown_text()
    assert label.elided() and shown.endswith("…")
    assert label.text().startswith(shown[:-1])  # the text itself stays whole
    assert label.text()[len(shown) - 1] == " "  # cut after a whole word, not inside one
    assert label.tip() == label.text()
    assert label.minimumSizeHint().width() < label.fontMetrics().horizontalAdvance("66 notes")


def test_fit_line_cuts_after_a_whole_word(qtbot: QtBot) -> None:
    label = ElidedLabel()
    qtbot.addWidget(label)
    metrics = label.fontMetrics()
    text = "No application on this computer opens .md files — use Copy path or Show in folder"
    assert fit_line(text, metrics, metrics.horizontalAdvance(text)) == text
    for words in range(2, 14):
        head = " ".join(text.split()[:words])
        width = metrics.horizontalAdvance(head + " Co…")  # room for part of the next word
        cut = fit_line(text, metrics, width)
        assert cut.endswith("…") and metrics.horizontalAdvance(cut) <= width
        kept = cut[:-1]
        assert text.startswith(kept) and text[len(kept)] in " —", (words, cut)
        assert not kept.endswith((" ", "—"))


def _window(qtbot: QtBot) -> MainWindow:
    window = MainWindow(Settings())
    qtbot.addWidget(window)
    return window


def test_a_note_that_did_not_open_is_said_in_one_line_and_whole_on_hover(qtbot: QtBot) -> None:
    window = _window(qtbot)
    try:
        window.show()
        qtbot.waitExposed(window)
        bar = window.statusBar()
        folders = "Projects/Riverbend/Field operations/"
        while bar.fontMetrics().horizontalAdvance(folders) < bar.width():
            folders += "Rivers and gauges/"
        outcome = OpenOutcome(
            "failed",
            f"{folders}Alder Ford gauge.md",
            "No application on this computer opens .md files — use Copy path or Show in folder",
        )
        window.report_outcome(outcome)
        shown = bar.currentMessage()
        assert shown != outcome.message and shown.endswith("…")  # not cut mid-word ("Copy p")
        assert outcome.message.startswith(shown[:-1])
        assert bar.fontMetrics().horizontalAdvance(shown) <= bar.width()
        assert bar.toolTip() == outcome.message  # hovering shows all of it
        assert outcome.message in window.search.warnings.notice(OPEN_NOTICE)  # and it wraps
        assert window.search.warnings.label.wordWrap()
        bar.clearMessage()
        assert bar.toolTip() == ""
    finally:
        window.shutdown()


def test_a_vault_that_cannot_be_opened_is_not_called_indexing(qtbot: QtBot, tmp_path: Path) -> None:
    window = _window(qtbot)
    try:
        session = window.open_vault(tmp_path / "no such vault")
        # (the failure may come before a signal spy could connect: read what the window says)
        qtbot.waitUntil(lambda: window.index_status.label.text() == OPEN_FAILED, timeout=30_000)
        tip = window.index_status.label.toolTip()
        assert tip.startswith("Could not open the vault: ") and "no vault folder" in tip
        reason = tip.removeprefix("Could not open the vault: ")
        notice = window.search.warnings.notice("open_failed")
        assert notice == f"Could not open the vault: {reason}"
        placeholder = window._inspector_placeholder
        assert placeholder.text() == notice and placeholder.wordWrap()

        session.index_failed.emit("the disk is full")  # a sync that failed says so in full
        assert window.index_status.label.text() == "Indexing stopped"
        assert window.search.warnings.notice("index_failed") == (
            "Indexing stopped: the disk is full"
        )
    finally:
        window.shutdown()
