"""Draws the result list: tier headers, and per note its title, path, source badges, score.

Fonts, metrics and colours are built once per base font (painting runs for every visible row
on every repaint, so it does as little as it can).
"""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtCore import QModelIndex, QPersistentModelIndex, QRect, QRectF, QSize, Qt
from PySide6.QtGui import QColor, QFont, QFontMetrics, QPainter, QPalette
from PySide6.QtWidgets import QStyle, QStyledItemDelegate, QStyleOptionViewItem

from engine.api import MergedResult, kind_label
from ui.results_model import KindRole, ResultRole
from ui.theme import MUTED, source_style

PAD_X = 10
PAD_Y = 6
BADGE_GAP = 4
TIER_HEIGHT_EXTRA = 14
LEFT = int(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter)
RIGHT = int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
CENTER = int(Qt.AlignmentFlag.AlignCenter)
MUTED_COLOR = QColor(MUTED)
RULE_COLOR = QColor("#d9dbe0")
WHITE = QColor("white")

Index = QModelIndex | QPersistentModelIndex


@dataclass(frozen=True)
class _Fonts:
    base: QFontMetrics
    title: QFont
    title_metrics: QFontMetrics
    score: QFont
    score_metrics: QFontMetrics
    path: QFont
    path_metrics: QFontMetrics
    badge: QFont
    badge_metrics: QFontMetrics
    tier: QFont

    @classmethod
    def for_font(cls, base: QFont) -> _Fonts:
        title = QFont(base)
        title.setBold(True)
        path = QFont(base)
        path.setPointSizeF(base.pointSizeF() * 0.92)
        badge = QFont(base)
        badge.setPointSizeF(max(7.0, base.pointSizeF() * 0.82))
        badge.setBold(True)
        tier = QFont(base)
        tier.setBold(True)
        tier.setPointSizeF(base.pointSizeF() * 0.9)
        return cls(
            base=QFontMetrics(base),
            title=title,
            title_metrics=QFontMetrics(title),
            score=title,
            score_metrics=QFontMetrics(title),
            path=path,
            path_metrics=QFontMetrics(path),
            badge=badge,
            badge_metrics=QFontMetrics(badge),
            tier=tier,
        )


class ResultDelegate(QStyledItemDelegate):
    def __init__(self, parent: object = None) -> None:
        super().__init__(parent)  # type: ignore[arg-type]
        self._fonts: dict[str, _Fonts] = {}

    def _fonts_for(self, font: QFont) -> _Fonts:
        key = font.key()
        fonts = self._fonts.get(key)
        if fonts is None:
            fonts = self._fonts[key] = _Fonts.for_font(font)
        return fonts

    def sizeHint(self, option: QStyleOptionViewItem, index: Index) -> QSize:
        metrics = self._fonts_for(option.font).base
        if index.data(KindRole) == "tier":
            return QSize(200, metrics.height() + TIER_HEIGHT_EXTRA)
        return QSize(200, metrics.height() * 2 + PAD_Y * 2 + 4)

    def paint(self, painter: QPainter, option: QStyleOptionViewItem, index: Index) -> None:
        fonts = self._fonts_for(option.font)
        painter.save()
        try:
            result = index.data(ResultRole)
            if isinstance(result, MergedResult):
                self._paint_result(painter, option, result, fonts)
            else:
                self._paint_tier(painter, option, index, fonts)
        finally:
            painter.restore()

    def _paint_tier(
        self, painter: QPainter, option: QStyleOptionViewItem, index: Index, fonts: _Fonts
    ) -> None:
        rect: QRect = option.rect
        painter.setFont(fonts.tier)
        painter.setPen(MUTED_COLOR)
        text_rect = rect.adjusted(PAD_X, TIER_HEIGHT_EXTRA // 2 + 2, -PAD_X, 0)
        label = str(index.data(Qt.ItemDataRole.DisplayRole) or "").upper()
        painter.drawText(text_rect, LEFT, label)
        painter.setPen(RULE_COLOR)
        y = rect.bottom()
        painter.drawLine(rect.left() + PAD_X, y, rect.right() - PAD_X, y)

    def _paint_result(
        self,
        painter: QPainter,
        option: QStyleOptionViewItem,
        result: MergedResult,
        fonts: _Fonts,
    ) -> None:
        rect: QRect = option.rect
        palette: QPalette = option.palette
        state = option.state
        selected = bool(state & QStyle.StateFlag.State_Selected)
        if selected:
            painter.fillRect(rect, palette.color(QPalette.ColorRole.Highlight))
        elif state & QStyle.StateFlag.State_MouseOver:
            painter.fillRect(rect, palette.color(QPalette.ColorRole.AlternateBase))
        text_color = palette.color(
            QPalette.ColorRole.HighlightedText if selected else QPalette.ColorRole.Text
        )
        muted = text_color if selected else MUTED_COLOR
        line_h = fonts.base.height()
        inner = rect.adjusted(PAD_X, PAD_Y, -PAD_X, -PAD_Y)

        # line 1: title ........................ score
        score_text = f"{result.composite_relevance:.2f}"
        score_w = fonts.score_metrics.horizontalAdvance(score_text)
        title_rect = QRect(inner.left(), inner.top(), inner.width() - score_w - 12, line_h)
        kind = kind_label(result.note_path)  # a board or a PDF says so beside its title
        name = result.title or result.note_path
        title = fonts.title_metrics.elidedText(
            f"{name} · {kind}" if kind else name, Qt.TextElideMode.ElideRight, title_rect.width()
        )
        painter.setFont(fonts.title)
        painter.setPen(text_color)
        painter.drawText(title_rect, LEFT, title)
        painter.setPen(muted)
        painter.drawText(
            QRect(inner.right() - score_w, inner.top(), score_w, line_h), RIGHT, score_text
        )

        # line 2: path ...................... [meaning][words][links]
        styles = [source_style(s) for s in result.sources]
        widths = [fonts.badge_metrics.horizontalAdvance(s.label) + 12 for s in styles]
        badges_w = sum(widths) + BADGE_GAP * max(0, len(styles) - 1)
        y2 = inner.top() + line_h + 4
        badge_h = fonts.badge_metrics.height() + 2
        x = inner.right() - badges_w + 1
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        painter.setFont(fonts.badge)
        for style, w in zip(styles, widths, strict=True):
            badge = QRectF(x, y2 + (line_h - badge_h) / 2, w, badge_h)
            painter.setPen(Qt.PenStyle.NoPen)
            painter.setBrush(QColor(style.color))
            painter.drawRoundedRect(badge, badge_h / 2, badge_h / 2)
            painter.setPen(WHITE)
            painter.drawText(badge, CENTER, style.label)
            x += w + BADGE_GAP

        path_rect = QRect(inner.left(), y2, max(0, inner.width() - badges_w - 10), line_h)
        painter.setFont(fonts.path)
        painter.setPen(muted)
        path = fonts.path_metrics.elidedText(
            result.note_path, Qt.TextElideMode.ElideMiddle, path_rect.width()
        )
        painter.drawText(path_rect, LEFT, path)
