"""The Connections tab: for the note open in Obsidian (or the result selected in the search
tab), the notes related to it and why, its near-duplicates and its open contradictions."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QPoint, Qt, Signal
from PySide6.QtWidgets import (
    QLabel,
    QListWidget,
    QListWidgetItem,
    QMenu,
    QVBoxLayout,
    QWidget,
)

from ui.connections_delegate import (
    HEADLINE_ROLE,
    KIND_ROLE,
    PATH_ROLE,
    WHY_ROLE,
    ConnectionDelegate,
)
from ui.note_menu import note_menu, show_menu
from ui.theme import MUTED, WARNING_BG, WARNING_BORDER

if TYPE_CHECKING:
    from engine.api import Connections

ORIGINS = {
    "obsidian": "open in Obsidian",
    "result": "selected in the search results",
}
INSTEAD = "Showing the note selected in the search results instead."
NOTHING_INSTEAD = "Select a search result to see its connections."


class ConnectionsView(QWidget):
    subject_wanted = Signal(str)  # a note whose connections should be looked up
    open_requested = Signal(str, bool)  # vault-relative path, in Obsidian
    note_action = Signal(str, str)  # path, a `ui.note_menu` action chosen in the context menu

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.subject: str | None = None
        self.origin: str | None = None
        self.connections: Connections | None = None
        self.following = True
        self.title = QLabel()
        self.title.setTextFormat(Qt.TextFormat.PlainText)
        self.title.setStyleSheet("font-size:15px; font-weight:600;")
        self.title.setWordWrap(True)
        self.subtitle = QLabel()
        self.subtitle.setTextFormat(Qt.TextFormat.PlainText)
        self.subtitle.setStyleSheet(f"color:{MUTED};")
        self.subtitle.setWordWrap(True)
        self.notice = QLabel()  # why the note shown is not the one asked for
        self.notice.setObjectName("connections-notice")
        self.notice.setTextFormat(Qt.TextFormat.PlainText)
        self.notice.setWordWrap(True)
        self.notice.setStyleSheet(
            f"#connections-notice {{ background:{WARNING_BG}; border:1px solid {WARNING_BORDER};"
            " border-radius:6px; padding:6px 10px; color:#3d3420; }"
        )
        self.notice.setVisible(False)
        self.list = QListWidget()
        self.list.setWordWrap(True)
        self.list.setAlternatingRowColors(True)
        self.list.setItemDelegate(ConnectionDelegate(self.list))
        self.list.setVerticalScrollMode(QListWidget.ScrollMode.ScrollPerPixel)
        self.list.setResizeMode(QListWidget.ResizeMode.Adjust)  # rows re-wrap on resize
        self.list.itemActivated.connect(self._activated)
        self.list.setContextMenuPolicy(Qt.ContextMenuPolicy.CustomContextMenu)
        self.list.customContextMenuRequested.connect(self._show_context_menu)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(12, 10, 12, 10)
        layout.addWidget(self.title)
        layout.addWidget(self.subtitle)
        layout.addWidget(self.notice)
        layout.addWidget(self.list, 1)
        self._show_empty()

    # -- what to show ----------------------------------------------------------------------

    def set_following(self, following: bool) -> None:
        self.following = following
        if self.subject is None:
            self._show_empty()

    def show_for(self, path: str, origin: str) -> None:
        """Look up the connections of `path` (`origin`: "obsidian" or "result")."""
        if path == self.subject and origin == self.origin and self.connections is not None:
            return
        self.subject, self.origin = path, origin
        self.connections = None
        self.set_notice("")
        self.list.clear()
        self.title.setText(_stem(path))
        self.subtitle.setText(f"{path} — {ORIGINS.get(origin, origin)}; looking for connections…")
        self.subject_wanted.emit(path)

    def show_without_obsidian(self, why: str, selected: str | None) -> None:
        """Asked for the note open in Obsidian where Obsidian has none open (`why` says so):
        the note `selected` in the search results instead, if any, with a line that says
        which note is shown and why."""
        if selected is not None:
            self.show_for(selected, "result")
            self.set_notice(f"{why}. {INSTEAD}")
        else:
            self.subject = self.origin = None
            self.connections = None
            self._show_empty()
            self.set_notice(f"{why}. {NOTHING_INSTEAD}")

    def set_notice(self, text: str) -> None:
        """A line above the list saying why it is not what was asked for ("": none)."""
        self.notice.setText(text)
        self.notice.setVisible(bool(text))

    def show_connections(self, path: str, found: Connections | None) -> None:
        if path != self.subject:
            return  # an answer for a note no longer shown
        self.connections = found
        self.list.clear()
        origin = ORIGINS.get(self.origin or "", "")
        if found is None:
            self.subtitle.setText(
                f"{path} — {origin}. This note is not indexed (yet): it may be new, excluded, "
                "or not a markdown note."
            )
            return
        self.title.setText(found.title or _stem(path))
        dup = set(found.duplicates)
        parts = [f"{len(found.related)} related"]
        if found.duplicates:
            parts.append(_count(len(found.duplicates), "near-duplicate"))
        if found.contradictions:
            parts.append(_count(len(found.contradictions), "open contradiction"))
        self.subtitle.setText(f"{path} — {origin}. " + ", ".join(parts) + ".")
        for c in found.contradictions:
            other = c.b if c.a.path == path else c.a
            mine = c.a if c.a.path == path else c.b
            self._add(
                other.path,
                f"⚡ Contradicts {_stem(other.path)}",
                f"here: “{mine.claim}”\nthere: “{other.claim}”",
                "contradiction",
            )
        for r in found.related:
            mark = "≈ Near-duplicate: " if r.path in dup else ""
            kind = "duplicate" if r.path in dup else "related"
            self._add(r.path, f"{mark}{r.title or _stem(r.path)}", _reasons(r.reasons), kind)
        if not found.related and not found.contradictions:
            self._note("Nothing related yet: no similar passage, link or shared tag.")
        for warning in found.warnings:
            self._note(f"⚠ {warning}")

    def _show_empty(self) -> None:
        self.list.clear()
        self.title.setText("Connections")
        self.subtitle.setText(
            "Open a note in Obsidian, or select a search result, to see the notes related to "
            "it and why, its near-duplicates and its contradictions."
            if self.following
            else "Following Obsidian is off (Settings). Select a search result to see its "
            "connections."
        )

    # -- rows ----------------------------------------------------------------------------

    def _add(self, path: str, headline: str, why: str, kind: str = "related") -> None:
        item = QListWidgetItem(f"{headline}\n{why}")
        item.setData(PATH_ROLE, path)
        item.setData(HEADLINE_ROLE, headline)
        item.setData(WHY_ROLE, why)
        item.setData(KIND_ROLE, kind)
        item.setToolTip(path)
        self.list.addItem(item)

    def _note(self, text: str) -> None:
        item = QListWidgetItem(text)
        item.setFlags(Qt.ItemFlag.NoItemFlags)
        self.list.addItem(item)

    def rows(self) -> list[tuple[str | None, str]]:
        """(path, text) of every row, for tests and screenshots."""
        return [
            (self.list.item(i).data(PATH_ROLE), self.list.item(i).text())
            for i in range(self.list.count())
        ]

    def context_menu_at(self, pos: QPoint) -> QMenu | None:
        """The note menu of the row under `pos` (viewport coordinates), if it names a note."""
        item = self.list.itemAt(pos)
        path = item.data(PATH_ROLE) if item is not None else None
        return note_menu(self.list, path, self.note_action.emit) if path else None

    def _show_context_menu(self, pos: QPoint) -> None:
        show_menu(self.context_menu_at(pos), self.list, pos)

    def _activated(self, item: QListWidgetItem) -> None:
        path = item.data(PATH_ROLE)
        if path:
            self.open_requested.emit(path, True)


def _stem(path: str) -> str:
    name = path.rsplit("/", 1)[-1]
    return name[:-3] if name.lower().endswith(".md") else name


def _reasons(reasons: tuple[str, ...]) -> str:
    """The reasons as one line, first letter up: "This note links to it · a similar …"."""
    text = " · ".join(reasons)
    return text[:1].upper() + text[1:]


def _count(n: int, what: str) -> str:
    return f"{n} {what}{'' if n == 1 else 's'}"
