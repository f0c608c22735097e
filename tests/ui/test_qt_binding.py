"""The Qt binding keeps Python's reference counts: a binding that drops a reference to
None on every call that returns nothing aborts a long session on Python 3.11."""

from __future__ import annotations

import sys

from PySide6.QtCore import QObject


def test_qt_calls_that_return_nothing_keep_none_alive() -> None:
    target = QObject()
    before = sys.getrefcount(None)
    for _ in range(1000):
        target.setObjectName("probe")
    assert sys.getrefcount(None) - before > -50  # other threads may hold a few
