"""`consilience gui --screenshot FILE.png`: wait until the window shows real results, save it.

"Real" means: the vault is open and indexed, search by meaning is warm, and (with a query)
the answer to the newest query is drawn with every source; with the contradictions tab, the
inspector has loaded. Bounded by a timeout; the outcome is an exit code.
"""

from __future__ import annotations

import logging
import sys
from pathlib import Path

from PySide6.QtCore import QObject, QTimer, Signal

from engine.api import one_line
from ui.main_window import CONNECTIONS_TAB, CONTRADICTIONS_TAB, MainWindow

log = logging.getLogger(__name__)

POLL_MS = 100
SETTLE_MS = 150


class ScreenshotDriver(QObject):
    finished = Signal(int)  # exit code

    def __init__(
        self,
        window: MainWindow,
        target: Path,
        *,
        query: str | None,
        tab: int,
        timeout_s: float,
    ) -> None:
        super().__init__(window)
        self.window = window
        self.target = target
        self.query = query
        self.tab = tab
        self._drawn_generation = -1
        self._inspector_loaded = False
        self._inspector_asked = False
        self._done = False
        self._settling = False
        window.search.results_drawn.connect(self._drawn)
        self._poll = QTimer(self)
        self._poll.setInterval(POLL_MS)
        self._poll.timeout.connect(self._check)
        self._timeout = QTimer(self)
        self._timeout.setSingleShot(True)
        self._timeout.setInterval(int(timeout_s * 1000))
        self._timeout.timeout.connect(self._timed_out)

    def start(self) -> None:
        self._poll.start()
        self._timeout.start()

    def _drawn(self, generation: int, _ms: float) -> None:
        self._drawn_generation = generation

    def _inspector_done(self) -> None:
        self._inspector_loaded = True

    def waiting_for(self) -> str | None:
        """What the screenshot still waits for, or None when the window is ready."""
        session = self.window.session
        if session is None or session.info is None:
            return "the vault to open"
        if not session.index_done:
            return "indexing to finish"
        if not session.is_ready:
            return "search by meaning to load"
        search = self.window.search
        if self.query:
            response = search.model.response
            if self._drawn_generation != search.generation or response is None:
                return "the results to be drawn"
            if any(w.kind == "warming_up" for w in response.warnings):
                return "the results with every source"
        if self.tab == CONNECTIONS_TAB:
            view = self.window.connections
            if view.subject is not None and view.connections is None:
                return "the connections to be drawn"
        if self.tab == CONTRADICTIONS_TAB:
            inspector = self.window.inspector
            if inspector is None:
                return "the contradiction inspector"
            loaded = getattr(inspector, "loaded", None)
            if loaded is not None and not self._inspector_loaded:
                if not self._inspector_asked:  # a load that starts after indexing ended
                    self._inspector_asked = True
                    loaded.connect(self._inspector_done)
                    inspector.refresh()  # type: ignore[attr-defined]
                return "the contradictions to load"
        return None

    def _check(self) -> None:
        if self._done or self._settling:
            return
        if self.waiting_for() is None:
            self._settling = True
            QTimer.singleShot(SETTLE_MS, self._shoot)

    def _shoot(self) -> None:
        if self._done:
            return
        self._done = True
        self._poll.stop()
        self._timeout.stop()
        reason = "the image could not be saved"
        try:
            self.target.parent.mkdir(parents=True, exist_ok=True)
            ok = self.window.grab().save(str(self.target), "PNG")
        except OSError as exc:
            ok, reason = False, one_line(exc)
            log.debug("screenshot failed: %s", reason)
        if not ok:
            print(f"consilience: error: could not write {self.target}: {reason}", file=sys.stderr)
            self.finished.emit(1)
            return
        log.info("screenshot saved to %s", self.target)
        self.finished.emit(0)

    def _timed_out(self) -> None:
        if self._done:
            return
        self._done = True
        self._poll.stop()
        what = self.waiting_for() or "the window"
        seconds = self._timeout.interval() / 1000
        print(
            f"consilience: error: no screenshot: still waiting for {what} after {seconds:.0f} s",
            file=sys.stderr,
        )
        self.finished.emit(1)
