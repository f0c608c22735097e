"""The status bar's indexing part: what the index is doing, a progress bar, Pause / Resume.

Its line is short: a long one ends in "…" and shows whole on hover; a failure is named in a
few words (the vault could not be opened, or indexing stopped) with the reason on hover."""

from __future__ import annotations

from PySide6.QtCore import Signal
from PySide6.QtWidgets import QHBoxLayout, QProgressBar, QPushButton, QWidget

from engine.api import IndexStats, Progress
from ui.elided_label import ElidedLabel

PHASES = {
    "scan": "Looking for changes",
    "parse": "Reading notes",
    "text": "Reading notes for words and links",
    "embed": "Indexing notes",
    "write": "Writing the index",
    "contradictions": "Checking for contradictions",
}
MODEL_FIRST_RUN = "Preparing the language model (first run only)…"
MODEL_LOADING = "Loading the language model…"
OPEN_FAILED = "Could not open the vault"
INDEX_FAILED = "Indexing stopped"


def notes_text(n: int) -> str:
    return f"{n} note{'' if n == 1 else 's'}"


def failure_text(headline: str, reason: str) -> str:
    """A failure in full: "Could not open the vault: <reason>"."""
    reason = reason.strip()
    return f"{headline}: {reason}" if reason else headline


def index_summary(stats: IndexStats | None, *, notes: int) -> str:
    """What a finished sync did, in words: a first index is "66 notes indexed"; a later one
    names what changed since the last run ("66 notes indexed · 3 notes changed")."""
    text = f"{notes_text(notes)} indexed"
    if stats is None:
        return text
    changed = stats.changed
    first = stats.added > 0 and not (stats.unchanged or stats.updated or stats.removed)
    if changed and not first:
        text += f" · {notes_text(changed)} changed"
    return text


class IndexStatus(QWidget):
    """Lives in the main window's status bar."""

    pause_toggled = Signal(bool)  # True: pause

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        layout = QHBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(8)
        self.label = ElidedLabel("Opening the vault…")
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
        self._opening = True  # nothing reported yet since the vault began to open
        self._text_ready = False  # words and links hold every note; the model comes next

    def _toggled(self, checked: bool) -> None:
        self.pause.setText("Resume" if checked else "Pause")
        if checked != self._paused:
            self._paused = checked
            self.pause_toggled.emit(checked)

    # -- driven by the session ----------------------------------------------------------

    def _say(self, text: str, details: str = "") -> None:
        """Show `text`; `details` (the whole story, when the line is a short name for it)
        show on hover."""
        self.label.setText(text)
        self.label.setToolTip(details)

    def opening(self, vault_name: str) -> None:
        self._opening = True
        self._text_ready = False
        self._say(f"Opening {vault_name}…")
        self.bar.setRange(0, 0)
        self.bar.setVisible(True)
        self.pause.setVisible(False)

    def model_loading(self, first_run: bool) -> None:
        """The language model is loading (`first_run`: its cached export is built first, tens
        of seconds). Shown while nothing else has been reported since `opening` or since
        words and links became ready."""
        if not self._opening:
            return
        said = MODEL_FIRST_RUN if first_run else MODEL_LOADING
        if self._text_ready:
            said = f"Words and links are ready · {said[:1].lower()}{said[1:]}"
        self._say(said)
        self.bar.setRange(0, 0)
        self.bar.setVisible(True)

    def text_indexed(self, notes: int) -> None:
        """Words and links hold every note; search by meaning comes next."""
        self._opening = True  # the model's preparation says what happens next
        self._text_ready = True
        self._say(f"{notes_text(notes)} searchable by words and links; meaning follows…")
        self.bar.setRange(0, 0)
        self.bar.setVisible(True)

    def show_progress(self, progress: Progress) -> None:
        self._opening = False
        self.pause.setVisible(True)
        self.bar.setVisible(True)
        if progress.phase == "done":
            self._say("Checking for contradictions…")
            self.bar.setRange(0, 0)
            return
        what = PHASES.get(progress.phase, "Indexing")
        if progress.total > 0:
            self.bar.setRange(0, progress.total)
            self.bar.setValue(min(progress.done, progress.total))
            self._say(f"{what}: {progress.done} / {progress.total} notes")
        else:
            self.bar.setRange(0, 0)
            self._say(f"{what}…")

    def finished(self, stats: IndexStats | None, *, notes: int) -> None:
        self._opening = False
        self.bar.setVisible(False)
        self.pause.setVisible(True)
        skipped = 0 if stats is None else len(stats.skipped)
        text = index_summary(stats, notes=notes) + " · watching for changes"
        if skipped:
            text += f" · {skipped} skipped"
        self._say(text)

    def synced(self, stats: IndexStats) -> None:
        changed = stats.changed
        self._say(f"{notes_text(stats.notes)} indexed · {notes_text(changed)} just updated")

    def read_only(self, notes: int) -> None:
        self._opening = False
        self.bar.setVisible(False)
        self.pause.setVisible(False)
        self._say(f"{notes} notes · read-only (another process indexes this vault)")

    def open_failed(self, reason: str) -> None:
        """The vault could not be opened (nothing was indexed): its reason on hover."""
        self._failed(OPEN_FAILED, reason)

    def failed(self, reason: str) -> None:
        """A sync of the open vault failed: its reason on hover."""
        self._failed(INDEX_FAILED, reason)

    def _failed(self, headline: str, reason: str) -> None:
        self._opening = False
        self.bar.setVisible(False)
        self.pause.setVisible(False)
        self._say(headline, failure_text(headline, reason))

    def set_paused(self, paused: bool) -> None:
        """Follow a pause made elsewhere (the tray) without emitting `pause_toggled`."""
        self._paused = paused
        self.pause.blockSignals(True)
        self.pause.setChecked(paused)
        self.pause.setText("Resume" if paused else "Pause")
        self.pause.blockSignals(False)
        base = self.label.text().split(" · paused")[0]
        self.label.setText(base + " · paused" if paused else base)
