"""A bar above the results that says what is wrong: degraded sources, low confidence, a
read-only index, a failed search. Hidden when there is nothing to say."""

from __future__ import annotations

from collections.abc import Iterable

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QFrame, QHBoxLayout, QLabel, QWidget

from engine.api import SearchWarning
from ui.theme import ERROR_BG, ERROR_BORDER, WARNING_BG, WARNING_BORDER


class WarningsBar(QFrame):
    """Two kinds of lines: session notices (kept until cleared) and the current search's
    warnings (replaced by every answer)."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("warnings-bar")
        layout = QHBoxLayout(self)
        layout.setContentsMargins(10, 6, 10, 6)
        self.label = QLabel()
        self.label.setObjectName("warnings-text")
        self.label.setTextFormat(Qt.TextFormat.PlainText)  # messages may quote vault text
        self.label.setWordWrap(True)
        layout.addWidget(self.label, 1)
        self._notices: dict[str, str] = {}
        self._search: list[str] = []
        self._error = False
        self._refresh()

    def set_notice(self, kind: str, message: str | None) -> None:
        if message:
            self._notices[kind] = message
        else:
            self._notices.pop(kind, None)
        self._refresh()

    def clear_notices(self, *, prefix: str) -> None:
        """Drop every notice whose kind starts with `prefix`."""
        for kind in [k for k in self._notices if k.startswith(prefix)]:
            del self._notices[kind]
        self._refresh()

    def notice(self, kind: str) -> str | None:
        return self._notices.get(kind)

    def set_search_warnings(self, warnings: Iterable[SearchWarning]) -> None:
        self._error = False
        self._search = [_line(w) for w in warnings]
        self._refresh()

    def set_search_error(self, message: str) -> None:
        self._error = True
        self._search = [f"Search failed: {message}"]
        self._refresh()

    def lines(self) -> list[str]:
        return [*self._notices.values(), *self._search]

    def _refresh(self) -> None:
        lines = self.lines()
        self.label.setText("\n".join(f"⚠ {line}" for line in lines))
        bg, border = (ERROR_BG, ERROR_BORDER) if self._error else (WARNING_BG, WARNING_BORDER)
        self.setStyleSheet(
            f"#warnings-bar {{ background:{bg}; border:1px solid {border}; border-radius:6px; }}"
            " #warnings-text { color:#3d3420; }"
        )
        self.setVisible(bool(lines))


def _line(warning: SearchWarning) -> str:
    message = warning.message[:1].upper() + warning.message[1:]
    return f"{message} — {warning.impact}." if warning.impact else f"{message}."
