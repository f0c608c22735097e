"""Draws the result list: tier headers, and per note its title, path, source badges, score."""

from __future__ import annotations

from PySide6.QtCore import QModelIndex, QPersistentModelIndex, QRect, QRectF, QSize, Qt
from PySide6.QtGui import QColor, QFont, QFontMetrics, QPainter, QPalette
from PySide6.QtWidgets import QStyle, QStyledItemDelegate, QStyleOptionViewItem

from engine.search.types import MergedResult
from ui.results_model import KindRole, ResultRole
from ui.theme import MUTED, source_style

PAD_X = 10
PAD_Y = 6
BADGE_GAP = 4
TIER_HEIGHT_EXTRA = 14


def badge_font(base: QFont) -> QFont:
    font = QFont(base)
    font.setPointSizeF(max(7.0, base.pointSizeF() * 0.82))
    font.setBold(True)
    return font


def badge_width(label: str, metrics: QFontMetrics) -> int:
    return metrics.horizontalAdvance(label) + 12


class ResultDelegate(QStyledItemDelegate):
    def sizeHint(
        self, option: QStyleOptionViewItem, index: QModelIndex | QPersistentModelIndex
    ) -> QSize:
        metrics = QFontMetrics(option.font)  # type: ignore[attr-defined]
        if index.data(KindRole) == "tier":
            return QSize(200, metrics.height() + TIER_HEIGHT_EXTRA)
        return QSize(200, metrics.height() * 2 + PAD_Y * 2 + 4)

    def paint(
        self,
        painter: QPainter,
        option: QStyleOptionViewItem,
        index: QModelIndex | QPersistentModelIndex,
    ) -> None:
        painter.save()
        try:
            if index.data(KindRole) == "tier":
                self._paint_tier(painter, option, index)
            else:
                result = index.data(ResultRole)
                if isinstance(result, MergedResult):
                    self._paint_result(painter, option, result)
        finally:
            painter.restore()

    def _paint_tier(
        self,
        painter: QPainter,
        option: QStyleOptionViewItem,
        index: QModelIndex | QPersistentModelIndex,
    ) -> None:
        rect: QRect = option.rect  # type: ignore[attr-defined]
        font = QFont(option.font)  # type: ignore[attr-defined]
        font.setBold(True)
        font.setPointSizeF(font.pointSizeF() * 0.9)
        painter.setFont(font)
        painter.setPen(QColor(MUTED))
        text_rect = rect.adjusted(PAD_X, TIER_HEIGHT_EXTRA // 2 + 2, -PAD_X, 0)
        label = str(index.data(Qt.ItemDataRole.DisplayRole) or "").upper()
        painter.drawText(
            text_rect, int(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter), label
        )
        painter.setPen(QColor("#d9dbe0"))
        y = rect.bottom()
        painter.drawLine(rect.left() + PAD_X, y, rect.right() - PAD_X, y)

    def _paint_result(
        self, painter: QPainter, option: QStyleOptionViewItem, result: MergedResult
    ) -> None:
        rect: QRect = option.rect  # type: ignore[attr-defined]
        palette: QPalette = option.palette  # type: ignore[attr-defined]
        selected = bool(option.state & QStyle.StateFlag.State_Selected)  # type: ignore[attr-defined]
        hovered = bool(option.state & QStyle.StateFlag.State_MouseOver)  # type: ignore[attr-defined]
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        if selected:
            painter.fillRect(rect, palette.color(QPalette.ColorRole.Highlight))
        elif hovered:
            painter.fillRect(rect, palette.color(QPalette.ColorRole.AlternateBase))
        text_color = palette.color(
            QPalette.ColorRole.HighlightedText if selected else QPalette.ColorRole.Text
        )
        muted = text_color if selected else QColor(MUTED)

        base_font = QFont(option.font)  # type: ignore[attr-defined]
        metrics = QFontMetrics(base_font)
        line_h = metrics.height()
        inner = rect.adjusted(PAD_X, PAD_Y, -PAD_X, -PAD_Y)

        # line 1: title ........................ score
        score_font = QFont(base_font)
        score_font.setBold(True)
        score_text = f"{result.composite_relevance:.2f}"
        score_w = QFontMetrics(score_font).horizontalAdvance(score_text)
        title_font = QFont(base_font)
        title_font.setBold(True)
        title_rect = QRect(inner.left(), inner.top(), inner.width() - score_w - 12, line_h)
        painter.setFont(title_font)
        painter.setPen(text_color)
        title = QFontMetrics(title_font).elidedText(
            result.title or result.note_path, Qt.TextElideMode.ElideRight, title_rect.width()
        )
        painter.drawText(
            title_rect, int(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter), title
        )
        painter.setFont(score_font)
        painter.setPen(muted)
        score_rect = QRect(inner.right() - score_w, inner.top(), score_w, line_h)
        painter.drawText(
            score_rect, int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter), score_text
        )

        # line 2: path ...................... [meaning][words][links]
        small = badge_font(base_font)
        small_metrics = QFontMetrics(small)
        labels = [source_style(s) for s in result.sources]
        badges_w = sum(badge_width(s.label, small_metrics) for s in labels) + BADGE_GAP * max(
            0, len(labels) - 1
        )
        y2 = inner.top() + line_h + 4
        badge_h = small_metrics.height() + 2
        x = inner.right() - badges_w + 1
        painter.setFont(small)
        for style in labels:
            w = badge_width(style.label, small_metrics)
            badge = QRectF(x, y2 + (line_h - badge_h) / 2, w, badge_h)
            painter.setPen(Qt.PenStyle.NoPen)
            painter.setBrush(QColor(style.color))
            painter.drawRoundedRect(badge, badge_h / 2, badge_h / 2)
            painter.setPen(QColor("white"))
            painter.drawText(badge, int(Qt.AlignmentFlag.AlignCenter), style.label)
            x += w + BADGE_GAP

        path_rect = QRect(inner.left(), y2, max(0, inner.width() - badges_w - 10), line_h)
        path_font = QFont(base_font)
        path_font.setPointSizeF(base_font.pointSizeF() * 0.92)
        painter.setFont(path_font)
        painter.setPen(muted)
        path = QFontMetrics(path_font).elidedText(
            result.note_path, Qt.TextElideMode.ElideMiddle, path_rect.width()
        )
        painter.drawText(
            path_rect, int(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter), path
        )
