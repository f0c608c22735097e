"""A stand-in for the desktop's URL handlers: records the URLs Qt would have opened."""

from __future__ import annotations

from PySide6.QtCore import QObject, QUrl, Slot


class UrlRecorder(QObject):
    """Register with `QDesktopServices.setUrlHandler(scheme, recorder, "handle")`."""

    def __init__(self) -> None:
        super().__init__()
        self.urls: list[QUrl] = []

    @Slot(QUrl)
    def handle(self, url: QUrl) -> None:
        self.urls.append(url)
