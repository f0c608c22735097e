"""The context menu of a note, wherever one is listed: open it in Obsidian or the default
app, copy its absolute path, show it in its folder. Widgets build it with `note_menu` and
re-emit the chosen action as `note_action(path, action)`; the main window carries it out."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QPoint
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QAbstractScrollArea, QMenu, QWidget

OPEN = "open"
OPEN_DEFAULT = "open in default app"
COPY_PATH = "copy path"
SHOW_IN_FOLDER = "show in folder"

ACTIONS = (
    (OPEN, "Open in Obsidian"),
    (OPEN_DEFAULT, "Open in default editor"),
    (COPY_PATH, "Copy path"),
    (SHOW_IN_FOLDER, "Show in folder"),
)


def note_menu(parent: QWidget, path: str, act: Callable[[str, str], object]) -> QMenu:
    """A menu for the note `path`; choosing an entry calls `act(path, action)`."""
    menu = QMenu(parent)
    menu.setObjectName("note-menu")
    for action, text in ACTIONS:
        item = menu.addAction(text)
        item.setData(action)
        item.triggered.connect(lambda _checked=False, a=action: act(path, a))
    return menu


def show_menu(menu: QMenu | None, view: QAbstractScrollArea, pos: QPoint) -> None:
    """Run `menu` (if any) at `pos`, in `view`'s viewport coordinates, then let it go."""
    if menu is None:
        return
    menu.exec(view.viewport().mapToGlobal(pos))
    menu.deleteLater()


def action_named(menu: QMenu, action: str) -> QAction:
    """The QAction of `menu` that carries `action` (for tests and shortcuts)."""
    return next(a for a in menu.actions() if a.data() == action)
