"""The tray controller offscreen: no tray exists, the menu and its signals still work."""

from __future__ import annotations

import json
from pathlib import Path

from PySide6.QtWidgets import QSystemTrayIcon
from pytestqt.qtbot import QtBot

from tests.helpers.words_embedder import WordsEmbedder
from ui.app import HIDDEN_MESSAGE, tell_hidden_to_tray
from ui.icon import SIZES, app_icon, icon_pixmap
from ui.main_window import EngineOverrides, MainWindow
from ui.settings import Settings
from ui.tray import TrayController


def test_offscreen_has_no_tray_and_nothing_breaks(qtbot: QtBot) -> None:
    assert TrayController.available() is QSystemTrayIcon.isSystemTrayAvailable()
    assert not TrayController.available()  # offscreen platform
    tray = TrayController()
    assert tray.tray is None
    assert not tray.notify("title", "message")
    tray.hide()
    tray.set_paused(True)
    assert tray.paused


def test_menu_lists_the_actions_in_order(qtbot: QtBot) -> None:
    tray = TrayController()
    texts = [a.text() for a in tray.menu.actions() if not a.isSeparator()]
    assert texts == [
        "Quick search…",
        "Connections of the note open in Obsidian",
        "Show window",
        "Pause indexing",
        "Quit Consilience",
    ]
    assert tray.pause_action.isCheckable() and not tray.pause_action.isChecked()


def test_actions_emit_signals(qtbot: QtBot) -> None:
    tray = TrayController()
    with qtbot.waitSignal(tray.quick_search_requested, timeout=1000):
        tray.quick_search_action.trigger()
    with qtbot.waitSignal(tray.show_window_requested, timeout=1000):
        tray.show_window_action.trigger()
    with qtbot.waitSignal(tray.quit_requested, timeout=1000):
        tray.quit_action.trigger()
    with qtbot.waitSignal(tray.pause_toggled, timeout=1000) as blocker:
        tray.pause_action.trigger()
    assert blocker.args == [True] and tray.paused
    assert "paused" in tray.menu.toolTip()
    with qtbot.waitSignal(tray.pause_toggled, timeout=1000) as blocker:
        tray.pause_action.trigger()
    assert blocker.args == [False] and not tray.paused


def test_set_paused_reflects_state_without_echoing(qtbot: QtBot) -> None:
    tray = TrayController()
    with qtbot.assertNotEmitted(tray.pause_toggled):
        tray.set_paused(True)
        assert tray.pause_action.isChecked()
        tray.set_paused(True)
        tray.set_paused(False)
    assert not tray.pause_action.isChecked()


def test_icon_is_drawn(qtbot: QtBot) -> None:
    icon = app_icon()
    assert not icon.isNull()
    assert {s.width() for s in icon.availableSizes()} == set(SIZES)
    image = icon_pixmap(64).toImage()
    assert image.pixelColor(0, 0).alpha() == 0  # transparent corner
    assert image.pixelColor(32, 32).alpha() == 255  # painted middle
    assert not TrayController().icon.isNull()


def _window(qtbot: QtBot) -> MainWindow:
    window = MainWindow(Settings())  # no vault opened: only the closing behaviour matters
    qtbot.addWidget(window)
    return window


def test_closing_hides_to_the_tray_and_says_so_the_first_time(qtbot: QtBot) -> None:
    window = _window(qtbot)
    try:
        window.hide_on_close = True
        window.show()
        qtbot.waitExposed(window)
        with qtbot.waitSignal(window.hidden_to_tray, timeout=1000) as first:
            window.close()
        assert first.args == [True]
        assert not window.isVisible() and not window._closed  # still running
        window.show()
        with qtbot.waitSignal(window.hidden_to_tray, timeout=1000) as again:
            window.close()
        assert again.args == [False]
    finally:
        window.shutdown()


def test_the_notice_falls_back_to_a_message_without_tray_messages(qtbot: QtBot) -> None:
    window = _window(qtbot)
    try:
        tray = TrayController(parent=window)
        assert not tray.notify("t", "m")  # offscreen: no tray to show a notification
        box = tell_hidden_to_tray(tray, window, True)
        assert box is not None and box.isVisible()
        assert box.text() == HIDDEN_MESSAGE and "still running in the tray" in box.text()
        assert "Quit Consilience" in box.text()
        box.close()
        assert tell_hidden_to_tray(tray, window, False) is None  # only the first time
    finally:
        window.shutdown()


def test_without_a_tray_closing_the_window_shuts_it_down(qtbot: QtBot) -> None:
    window = _window(qtbot)
    assert not window.hide_on_close  # nothing installed a tray
    window.show()
    with qtbot.assertNotEmitted(window.hidden_to_tray):
        window.close()
    assert window._closed


def test_the_menu_offers_the_connections_of_the_open_note(qtbot: QtBot) -> None:
    tray = TrayController()
    with qtbot.waitSignal(tray.connections_requested, timeout=1000):
        tray.connections_action.trigger()


def _two_note_vault(root: Path) -> Path:
    (root / "Rivers").mkdir(parents=True)
    (root / "Rivers" / "Alder Ford.md").write_text(
        "# Alder Ford\n\nThe gauge at Alder Ford reads the river level.\n", "utf-8"
    )
    (root / "Rivers" / "Mill Weir.md").write_text(
        "# Mill Weir\n\nThe weir gauge reads the river level below the mill.\n", "utf-8"
    )
    return root


def _obsidian_shows(vault: Path, note: str) -> None:
    """`.obsidian/workspace.json` as Obsidian writes it with `note` in the focused tab."""
    leaf = {"id": "l1", "type": "leaf", "state": {"type": "markdown", "state": {"file": note}}}
    data = {"main": {"id": "m", "type": "split", "children": [leaf]}, "active": "l1"}
    (vault / ".obsidian").mkdir(exist_ok=True)
    (vault / ".obsidian" / "workspace.json").write_text(json.dumps(data), "utf-8")


def test_connections_of_obsidian_say_why_when_obsidian_never_opened_the_vault(
    qtbot: QtBot, tmp_path: Path
) -> None:
    """The tray's "Connections of the note open in Obsidian" on a vault Obsidian has never
    opened: the view says so, and shows the note selected in the search results instead."""
    vault = _two_note_vault(tmp_path / "vault")
    window = MainWindow(
        Settings(),
        overrides=EngineOverrides(data_dir=tmp_path / "data", embedder=WordsEmbedder(), live=False),
    )
    qtbot.addWidget(window)
    try:
        session = window.open_vault(vault)
        qtbot.waitUntil(lambda: session.index_done, timeout=60_000)
        view = window.connections

        window.show_obsidian_connections()  # nothing selected yet
        assert window.tabs.currentWidget() is view
        assert view.notice.isVisibleTo(window)
        assert view.notice.text().startswith("Obsidian has no note open in this vault")
        assert "never opened" in view.notice.text()
        assert "Select a search result" in view.notice.text()
        assert view.subject is None

        window.search.set_query("Alder Ford gauge", now=True)
        qtbot.waitUntil(lambda: window.search.selected_path() is not None, timeout=30_000)
        selected = window.search.selected_path()
        window.show_obsidian_connections()
        assert view.subject == selected and view.origin == "result"
        assert "Obsidian has no note open in this vault" in view.notice.text()
        assert "selected in the search results instead" in view.notice.text()
        assert view.notice.wordWrap()

        _obsidian_shows(vault, "Rivers/Mill Weir.md")  # Obsidian opens the vault
        window.show_obsidian_connections()
        assert (view.subject, view.origin) == ("Rivers/Mill Weir.md", "obsidian")
        assert not view.notice.isVisibleTo(window)
    finally:
        window.shutdown()
