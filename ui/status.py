"""The status bar's indexing part: what the index is doing, a progress bar, Pause / Resume."""

from __future__ import annotations

from PySide6.QtCore import Signal
from PySide6.QtWidgets import QHBoxLayout, QLabel, QProgressBar, QPushButton, QWidget

from engine.model import IndexStats, Progress

PHASES = {
    "scan": "Looking for changes",
    "parse": "Reading notes",
    "embed": "Indexing notes",
    "write": "Writing the index",
}


class IndexStatus(QWidget):
    """Lives in the main window's status bar."""

    pause_toggled = Signal(bool)  # True: pause

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        layout = QHBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(8)
        self.label = QLabel("Opening the vault…")
        self.label.setObjectName("index-status")
        layout.addWidget(self.label)
        self.bar = QProgressBar()
        self.bar.setFixedWidth(180)
        self.bar.setTextVisible(True)
        self.bar.setFormat("%v / %m")
        self.bar.setRange(0, 0)
        layout.addWidget(self.bar)
        self.pause = QPushButton("Pause")
        self.pause.setCheckable(True)
        self.pause.setToolTip("Pause indexing (searching keeps working on what is indexed)")
        self.pause.toggled.connect(self._toggled)
        layout.addWidget(self.pause)
        layout.addStretch(1)
        self._paused = False

    def _toggled(self, checked: bool) -> None:
        self.pause.setText("Resume" if checked else "Pause")
        if checked != self._paused:
            self._paused = checked
            self.pause_toggled.emit(checked)

    # -- driven by the session ----------------------------------------------------------

    def opening(self, vault_name: str) -> None:
        self.label.setText(f"Opening {vault_name}…")
        self.bar.setRange(0, 0)
        self.bar.setVisible(True)
        self.pause.setVisible(False)

    def show_progress(self, progress: Progress) -> None:
        self.pause.setVisible(True)
        self.bar.setVisible(True)
        if progress.phase == "done":
            self.label.setText("Checking for contradictions…")
            self.bar.setRange(0, 0)
            return
        what = PHASES.get(progress.phase, "Indexing")
        if progress.total > 0:
            self.bar.setRange(0, progress.total)
            self.bar.setValue(min(progress.done, progress.total))
            self.label.setText(f"{what}: {progress.done} / {progress.total} notes")
        else:
            self.bar.setRange(0, 0)
            self.label.setText(f"{what}…")

    def finished(self, stats: IndexStats | None, *, notes: int) -> None:
        self.bar.setVisible(False)
        self.pause.setVisible(True)
        changed = 0 if stats is None else stats.added + stats.updated + stats.removed
        skipped = 0 if stats is None else len(stats.skipped)
        text = f"{notes} notes indexed · watching for changes"
        if changed:
            text = f"{notes} notes indexed ({changed} changed) · watching for changes"
        if skipped:
            text += f" · {skipped} skipped"
        self.label.setText(text)

    def synced(self, stats: IndexStats) -> None:
        changed = stats.added + stats.updated + stats.removed + stats.renamed
        self.label.setText(f"{stats.notes} notes indexed · {changed} just updated")

    def read_only(self, notes: int) -> None:
        self.bar.setVisible(False)
        self.pause.setVisible(False)
        self.label.setText(f"{notes} notes · read-only (another process indexes this vault)")

    def failed(self, message: str) -> None:
        self.bar.setVisible(False)
        self.pause.setVisible(False)
        self.label.setText(f"Indexing stopped: {message}")

    def set_paused(self, paused: bool) -> None:
        """Follow a pause made elsewhere (the tray) without emitting `pause_toggled`."""
        self._paused = paused
        self.pause.blockSignals(True)
        self.pause.setChecked(paused)
        self.pause.setText("Resume" if paused else "Pause")
        self.pause.blockSignals(False)
        base = self.label.text().split(" · paused")[0]
        self.label.setText(base + " · paused" if paused else base)
