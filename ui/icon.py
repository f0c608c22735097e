"""The app icon, drawn with QPainter (no image files to package): two overlapping circles —
separate sources of evidence that agree — on a rounded indigo square."""

from __future__ import annotations

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QIcon, QLinearGradient, QPainter, QPen, QPixmap

SIZES: tuple[int, ...] = (16, 22, 24, 32, 48, 64, 128, 256)


def icon_pixmap(size: int) -> QPixmap:
    """The icon at `size` × `size` pixels, transparent around the rounded square."""
    pixmap = QPixmap(size, size)
    pixmap.fill(Qt.GlobalColor.transparent)
    painter = QPainter(pixmap)
    try:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        s = float(size)
        gradient = QLinearGradient(QPointF(0, 0), QPointF(s, s))
        gradient.setColorAt(0.0, QColor("#6d4fd8"))
        gradient.setColorAt(1.0, QColor("#1f6fd1"))
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(QBrush(gradient))
        margin = s * 0.04
        painter.drawRoundedRect(
            QRectF(margin, margin, s - 2 * margin, s - 2 * margin), s * 0.22, s * 0.22
        )
        radius = s * 0.23
        pen = QPen(QColor("#ffffff"), max(1.2, s * 0.075))
        painter.setPen(pen)
        painter.setBrush(QColor(255, 255, 255, 60))
        for cx in (s * 0.38, s * 0.62):
            painter.drawEllipse(QPointF(cx, s * 0.5), radius, radius)
    finally:
        painter.end()
    return pixmap


def app_icon() -> QIcon:
    """The app icon in the usual sizes (needs a QGuiApplication)."""
    icon = QIcon()
    for size in SIZES:
        icon.addPixmap(icon_pixmap(size))
    return icon
