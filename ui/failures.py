"""Where background failures that nobody handled go: one application-wide sink.

A `ui.tasks.Task` started without its own failure handler reports its error here (on the UI
thread) instead of vanishing; the main window listens to `failures().reported` and shows
the line in its warnings bar, so a failed background job always reaches the user.
"""

from __future__ import annotations

import logging

from PySide6.QtCore import QCoreApplication, QObject, QThread, Signal

from engine.api import one_line

log = logging.getLogger(__name__)


class Failures(QObject):
    """The sink: `report` turns an error into one line and emits it as `reported`."""

    reported = Signal(str, str)  # what failed (a task's name), one line saying why

    def report(self, what: str, error: BaseException) -> str:
        """Log `error` at WARNING and announce it; returns the line the user sees."""
        reason = one_line(error)
        log.warning("%s failed: %s", what, reason, exc_info=error)
        self.reported.emit(what, reason)
        return reason


_sink: Failures | None = None


def failures() -> Failures:
    """The application-wide sink, created on first use and owned by the UI thread (so its
    signal reaches widgets there whichever thread reports)."""
    global _sink
    if _sink is None:
        _sink = Failures()
        app = QCoreApplication.instance()
        if app is not None and QThread.currentThread() is not app.thread():
            _sink.moveToThread(app.thread())
    return _sink


def failure_line(what: str, reason: str) -> str:
    """The warnings-bar line for a failed background job."""
    return f"Background work failed ({what}): {reason}"
