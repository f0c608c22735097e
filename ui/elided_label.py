"""One line of text that never gets cut mid-word: what does not fit ends in "…" after a whole
word, and hovering shows all of it. `fit_line` is the same cut for any one-line place (a
status bar's passing message)."""

from __future__ import annotations

from PySide6.QtCore import QEvent, QSize, Qt
from PySide6.QtGui import QFontMetrics, QHelpEvent, QPainter, QPaintEvent
from PySide6.QtWidgets import QLabel, QToolTip, QWidget

ELLIPSIS = "…"
_CUT_AFTER = " ,;:—–-·"


def fit_line(text: str, metrics: QFontMetrics, width: int) -> str:
    """`text` as it fits in `width` pixels on one line: whole, or cut after its last whole
    word that fits, with an ellipsis."""
    if metrics.horizontalAdvance(text) <= width:
        return text
    cut = metrics.elidedText(text, Qt.TextElideMode.ElideRight, width)
    cut = cut.removesuffix(ELLIPSIS)
    if len(cut) < len(text) and not text[len(cut)].isspace() and " " in cut.strip():
        cut = cut.rstrip().rsplit(" ", 1)[0]  # the word it stopped inside goes whole
    return cut.rstrip(_CUT_AFTER) + ELLIPSIS


class ElidedLabel(QLabel):
    """A plain, one-line label whose text ends in "…" where it is too narrow (its `text()`
    stays whole). Its tooltip (`tip()`) is the tooltip set, else the whole text when cut."""

    def __init__(self, text: str = "", parent: QWidget | None = None) -> None:
        super().__init__(text, parent)
        self.setTextFormat(Qt.TextFormat.PlainText)
        self.setWordWrap(False)

    def shown_text(self) -> str:
        """The text as drawn at the label's current width."""
        return fit_line(self.text(), self.fontMetrics(), self.contentsRect().width())

    def elided(self) -> bool:
        return self.shown_text() != self.text()

    def tip(self) -> str:
        """What hovering shows: the tooltip set, else the whole text when it is cut."""
        return self.toolTip() or (self.text() if self.elided() else "")

    def minimumSizeHint(self) -> QSize:
        hint = super().minimumSizeHint()
        return QSize(self.fontMetrics().horizontalAdvance("M" + ELLIPSIS), hint.height())

    def event(self, event: QEvent) -> bool:
        if isinstance(event, QHelpEvent) and event.type() == QEvent.Type.ToolTip:
            tip = self.tip()
            if tip:
                QToolTip.showText(event.globalPos(), tip, self)
            else:
                QToolTip.hideText()
                event.ignore()
            return True
        return super().event(event)

    def paintEvent(self, event: QPaintEvent) -> None:
        painter = QPainter(self)
        self.style().drawItemText(
            painter,
            self.contentsRect(),
            int(self.alignment()),
            self.palette(),
            self.isEnabled(),
            self.shown_text(),
            self.foregroundRole(),
        )
