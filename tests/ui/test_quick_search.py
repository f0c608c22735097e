"""The quick-search popup fed with a real SearchResponse from the engine on the demo vault."""

from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING, Any

import pytest
from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from engine.search.types import SearchResponse
from ui.obsidian import obsidian_uri
from ui.quick_search import DEBOUNCE_MS, MAX_RESULTS, PathRole, QuickSearchPopup

if TYPE_CHECKING:
    from engine.embed.embedder import Embedder

QUERY = "soil-node-s3 battery"


@pytest.fixture
def response(demo_index: Any, embedder: Embedder) -> SearchResponse:
    from engine.search.build import build_search_service
    from engine.workspace import Workspace, WorkspaceConfig

    config = WorkspaceConfig(vault_root=demo_index.vault, data_root=demo_index.data_dir)
    with Workspace.open(config, embedder=embedder, read_only=True) as ws:
        service = build_search_service(ws, timeout_s=30.0)
        try:
            answer = service.search(QUERY, limit=20)
        finally:
            service.close()
    assert answer.query == QUERY and len(answer.results) > MAX_RESULTS
    return answer


@pytest.fixture
def popup(qtbot: QtBot) -> QuickSearchPopup:
    widget = QuickSearchPopup()
    qtbot.addWidget(widget)
    widget.popup()
    qtbot.waitExposed(widget)
    return widget


def _type(qtbot: QtBot, popup: QuickSearchPopup, text: str) -> list[str]:
    """Type `text`; returns every query_changed emitted (waits for the debounce)."""
    emitted: list[str] = []
    popup.query_changed.connect(emitted.append)
    with qtbot.waitSignal(popup.query_changed, timeout=2000):
        qtbot.keyClicks(popup.edit, text)
    return emitted


def test_popup_is_a_frameless_tool_window_on_top(popup: QuickSearchPopup) -> None:
    flags = popup.windowFlags()
    for flag in (
        Qt.WindowType.Tool,
        Qt.WindowType.FramelessWindowHint,
        Qt.WindowType.WindowStaysOnTopHint,
    ):
        assert flags & flag == flag
    assert popup.isVisible() and popup.edit.hasFocus()
    screen = popup.screen().availableGeometry()
    assert abs(popup.geometry().center().x() - screen.center().x()) <= 1


@pytest.mark.slow
def test_type_choose_and_open(
    qtbot: QtBot, popup: QuickSearchPopup, response: SearchResponse, demo_index: Any
) -> None:
    emitted = _type(qtbot, popup, QUERY)
    assert emitted == [QUERY]  # one query for the whole burst of keystrokes

    stale = dataclasses.replace(response, query="soil-node")
    popup.show_results(stale)
    assert popup.results.count() == 0  # an answer for older text is dropped

    popup.show_results(response)
    assert popup.results.count() == MAX_RESULTS
    shown = [popup.results.item(i).data(PathRole) for i in range(popup.results.count())]
    assert shown == [r.note_path for r in response.results[:MAX_RESULTS]]
    assert popup.results.item(0).text() == response.results[0].title
    assert popup.results.currentRow() == 0

    top = response.results[0].note_path
    with qtbot.waitSignal(popup.open_requested, timeout=1000) as blocker:
        qtbot.keyClick(popup.edit, Qt.Key.Key_Return)
    assert blocker.args == [top]
    assert top == "Hardware/soil-node-s3.md"
    assert obsidian_uri(demo_index.vault.name, top) == (
        "obsidian://open?vault=demo-vault&file=Hardware%2Fsoil-node-s3.md"
    )
    assert not popup.isVisible() and popup.edit.text() == ""


@pytest.mark.slow
def test_arrow_keys_move_from_the_line_edit(
    qtbot: QtBot, popup: QuickSearchPopup, response: SearchResponse
) -> None:
    _type(qtbot, popup, QUERY)
    popup.show_results(response)
    qtbot.keyClick(popup.edit, Qt.Key.Key_Down)
    qtbot.keyClick(popup.edit, Qt.Key.Key_Down)
    qtbot.keyClick(popup.edit, Qt.Key.Key_Up)
    assert popup.results.currentRow() == 1 and popup.edit.hasFocus()
    qtbot.keyClick(popup.edit, Qt.Key.Key_Up)
    qtbot.keyClick(popup.edit, Qt.Key.Key_Up)  # stays on the first
    assert popup.results.currentRow() == 0
    qtbot.keyClick(popup.edit, Qt.Key.Key_PageDown)
    assert popup.results.currentRow() == MAX_RESULTS - 1
    qtbot.keyClick(popup.edit, Qt.Key.Key_Up)
    with qtbot.waitSignal(popup.open_requested, timeout=1000) as blocker:
        qtbot.keyClick(popup.edit, Qt.Key.Key_Enter)
    assert blocker.args == [response.results[MAX_RESULTS - 2].note_path]


@pytest.mark.slow
def test_escape_hides_and_clears(
    qtbot: QtBot, popup: QuickSearchPopup, response: SearchResponse
) -> None:
    _type(qtbot, popup, QUERY)
    popup.show_results(response)
    with qtbot.assertNotEmitted(popup.open_requested):
        qtbot.keyClick(popup.edit, Qt.Key.Key_Escape)
    assert not popup.isVisible()
    assert popup.edit.text() == "" and popup.results.count() == 0
    popup.popup()
    qtbot.waitExposed(popup)
    assert popup.isVisible() and popup.edit.text() == ""


@pytest.mark.slow
def test_enter_before_results_does_nothing_and_edits_drop_old_results(
    qtbot: QtBot, popup: QuickSearchPopup, response: SearchResponse
) -> None:
    with qtbot.assertNotEmitted(popup.open_requested):
        qtbot.keyClick(popup.edit, Qt.Key.Key_Return)
    _type(qtbot, popup, QUERY)
    popup.show_results(response)
    qtbot.keyClicks(popup.edit, " life")  # the shown results belong to the old text now
    with qtbot.assertNotEmitted(popup.open_requested):
        qtbot.keyClick(popup.edit, Qt.Key.Key_Return)
    with qtbot.waitSignal(popup.query_changed, timeout=2000) as blocker:
        pass
    assert blocker.args == [QUERY + " life"]
    popup.edit.clear()
    assert popup.results.count() == 0
    with qtbot.assertNotEmitted(popup.query_changed, wait=DEBOUNCE_MS * 2):
        pass  # an empty box asks nothing
