"""Draws a Connections row: a coloured mark for its kind, the note's title in bold with its
path on the right, and the reasons underneath in a muted colour, wrapped."""

from __future__ import annotations

from PySide6.QtCore import QModelIndex, QPersistentModelIndex, QRect, QSize, Qt
from PySide6.QtGui import QColor, QFont, QFontMetrics, QPainter, QPalette
from PySide6.QtWidgets import QStyle, QStyledItemDelegate, QStyleOptionViewItem

from ui.theme import MUTED

KIND_ROLE = Qt.ItemDataRole.UserRole + 1  # "contradiction" | "duplicate" | "related" | "note"
HEADLINE_ROLE = Qt.ItemDataRole.UserRole + 2
WHY_ROLE = Qt.ItemDataRole.UserRole + 3
PATH_ROLE = Qt.ItemDataRole.UserRole

KIND_COLORS = {
    "contradiction": QColor("#c2410c"),
    "duplicate": QColor("#b7791f"),
    "related": QColor("#6d4fd8"),
}
PAD_X, PAD_Y, MARK_W, GAP = 12, 7, 4, 3
WRAP = int(Qt.TextFlag.TextWordWrap)
LEFT = int(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop)
RIGHT = int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignTop)

Index = QModelIndex | QPersistentModelIndex


class ConnectionDelegate(QStyledItemDelegate):
    def _fonts(self, base: QFont) -> tuple[QFont, QFont]:
        bold = QFont(base)
        bold.setBold(True)
        small = QFont(base)
        small.setPointSizeF(base.pointSizeF() * 0.92)
        return bold, small

    def _text_width(self, option: QStyleOptionViewItem) -> int:
        return max(120, option.rect.width() - 2 * PAD_X - MARK_W)  # type: ignore[attr-defined]

    def sizeHint(self, option: QStyleOptionViewItem, index: Index) -> QSize:
        headline = index.data(HEADLINE_ROLE)
        if headline is None:
            return super().sizeHint(option, index)
        bold, small = self._fonts(option.font)  # type: ignore[attr-defined]
        width = self._text_width(option)
        why = str(index.data(WHY_ROLE) or "")
        height = QFontMetrics(bold).height() + 2 * PAD_Y
        if why:
            box = QFontMetrics(small).boundingRect(QRect(0, 0, width, 10_000), WRAP, why)
            height += GAP + box.height()
        return QSize(width, height)

    def paint(self, painter: QPainter, option: QStyleOptionViewItem, index: Index) -> None:
        headline = index.data(HEADLINE_ROLE)
        if headline is None:
            super().paint(painter, option, index)
            return
        rect: QRect = option.rect  # type: ignore[attr-defined]
        state = option.state  # type: ignore[attr-defined]
        palette: QPalette = option.palette  # type: ignore[attr-defined]
        selected = bool(state & QStyle.StateFlag.State_Selected)
        painter.save()
        if selected:
            painter.fillRect(rect, palette.highlight())
        elif index.row() % 2:
            painter.fillRect(rect, palette.alternateBase())
        kind = str(index.data(KIND_ROLE) or "related")
        painter.fillRect(
            QRect(rect.left() + 2, rect.top() + PAD_Y, MARK_W, rect.height() - 2 * PAD_Y),
            KIND_COLORS.get(kind, QColor(MUTED)),
        )
        bold, small = self._fonts(option.font)  # type: ignore[attr-defined]
        left = rect.left() + PAD_X + MARK_W
        width = rect.right() - PAD_X - left
        text_color = palette.highlightedText().color() if selected else palette.text().color()
        muted = text_color if selected else QColor(MUTED)
        top = rect.top() + PAD_Y
        line = QFontMetrics(bold).height()
        path = str(index.data(PATH_ROLE) or "")
        painter.setFont(small)
        metrics = painter.fontMetrics()  # the painter's own: what the text will take
        path_width = min(metrics.horizontalAdvance(path) + 2, width // 2)
        painter.setPen(muted)
        shown = metrics.elidedText(path, Qt.TextElideMode.ElideMiddle, path_width)
        painter.drawText(
            QRect(rect.right() - PAD_X - path_width, top, path_width, line), RIGHT, shown
        )
        painter.setFont(bold)
        painter.setPen(text_color)
        title_width = width - path_width - 12
        title = painter.fontMetrics().elidedText(
            str(headline), Qt.TextElideMode.ElideRight, title_width
        )
        painter.drawText(QRect(left, top, title_width, line), LEFT, title)
        why = str(index.data(WHY_ROLE) or "")
        if why:
            painter.setFont(small)
            painter.setPen(muted)
            painter.drawText(
                QRect(left, top + line + GAP, width, rect.bottom() - top), LEFT | WRAP, why
            )
        painter.restore()
