"""The tray controller offscreen: no tray exists, the menu and its signals still work."""

from __future__ import annotations

from PySide6.QtWidgets import QSystemTrayIcon
from pytestqt.qtbot import QtBot

from ui.icon import SIZES, app_icon, icon_pixmap
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
    assert texts == ["Quick search…", "Show window", "Pause indexing", "Quit Consilience"]
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
