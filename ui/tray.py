"""The system-tray icon and its menu: quick search, show the window, pause indexing, quit.

`TrayController` only emits signals; the app decides what they do. Where the desktop has no
tray (`available()` is False: offscreen, some Wayland sessions) the menu and actions still
exist, but no icon is created or shown, so nothing breaks and the app can say so.
"""

from __future__ import annotations

from PySide6.QtCore import QObject, Signal, Slot
from PySide6.QtGui import QAction, QIcon
from PySide6.QtWidgets import QMenu, QSystemTrayIcon

from ui.icon import app_icon

APP_NAME = "Consilience"


class TrayController(QObject):
    quick_search_requested = Signal()
    connections_requested = Signal()  # the Connections tab, for the note open in Obsidian
    show_window_requested = Signal()
    pause_toggled = Signal(bool)  # True: the user paused indexing
    quit_requested = Signal()

    def __init__(self, parent: QObject | None = None, *, icon: QIcon | None = None) -> None:
        super().__init__(parent)
        self.icon = icon if icon is not None else app_icon()
        self.menu = QMenu()  # a QMenu takes only a widget parent: deleted with this object
        self.menu.setTitle(APP_NAME)
        self.quick_search_action = QAction("Quick search…", self)
        self.quick_search_action.triggered.connect(self.quick_search_requested)
        self.connections_action = QAction("Connections of the note open in Obsidian", self)
        self.connections_action.triggered.connect(self.connections_requested)
        self.show_window_action = QAction("Show window", self)
        self.show_window_action.triggered.connect(self.show_window_requested)
        self.pause_action = QAction("Pause indexing", self)
        self.pause_action.setCheckable(True)
        self.pause_action.toggled.connect(self._on_pause_toggled)
        self.quit_action = QAction("Quit Consilience", self)
        self.quit_action.triggered.connect(self.quit_requested)
        self.menu.addAction(self.quick_search_action)
        self.menu.addAction(self.connections_action)
        self.menu.addAction(self.show_window_action)
        self.menu.addSeparator()
        self.menu.addAction(self.pause_action)
        self.menu.addSeparator()
        self.menu.addAction(self.quit_action)
        self.destroyed.connect(self.menu.deleteLater)

        self.tray: QSystemTrayIcon | None = None
        if self.available():
            self.tray = QSystemTrayIcon(self.icon, self)
            self.tray.setContextMenu(self.menu)
            self.tray.activated.connect(self._on_activated)
            self.tray.show()
        self._update_tooltip()

    @staticmethod
    def available() -> bool:
        """Whether the desktop has a system tray to put the icon in."""
        return QSystemTrayIcon.isSystemTrayAvailable()

    @property
    def paused(self) -> bool:
        return self.pause_action.isChecked()

    @Slot(bool)
    def set_paused(self, paused: bool) -> None:
        """Show the indexing state (from the app) without emitting `pause_toggled`."""
        if paused == self.pause_action.isChecked():
            return
        blocked = self.pause_action.blockSignals(True)
        try:
            self.pause_action.setChecked(paused)
        finally:
            self.pause_action.blockSignals(blocked)
        self._update_tooltip()

    def notify(self, title: str, message: str) -> bool:
        """A desktop notification from the tray icon; False when there is no tray."""
        if self.tray is None or not QSystemTrayIcon.supportsMessages():
            return False
        self.tray.showMessage(title, message, self.icon)
        return True

    def hide(self) -> None:
        if self.tray is not None:
            self.tray.hide()

    def _on_pause_toggled(self, paused: bool) -> None:
        self._update_tooltip()
        self.pause_toggled.emit(paused)

    def _on_activated(self, reason: QSystemTrayIcon.ActivationReason) -> None:
        # A left click opens quick search, a middle click the window. (No double-click
        # action: a double click also delivers a Trigger first on some desktops.)
        if reason == QSystemTrayIcon.ActivationReason.Trigger:
            self.quick_search_requested.emit()
        elif reason == QSystemTrayIcon.ActivationReason.MiddleClick:
            self.show_window_requested.emit()

    def _update_tooltip(self) -> None:
        text = f"{APP_NAME} — indexing paused" if self.paused else APP_NAME
        self.menu.setToolTip(text)
        if self.tray is not None:
            self.tray.setToolTip(text)
