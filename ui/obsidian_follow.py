"""Follow the note open in Obsidian: watch the vault's `.obsidian/workspace.json` (Obsidian
rewrites it when the user switches notes) and say which note is active when it changes.

The file is polled (its size and modification time, every POLL_MS): Obsidian saves it by
writing a new file over the old one, which a file-system watch loses track of, and a stat
every few hundred milliseconds costs nothing. Only read, never written. Where it names no
note, `why_no_note` says why.
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QObject, QTimer, Signal

from engine.api import read_active_note, workspace_file

POLL_MS = 250  # a switch in Obsidian reaches the view well within a second
NO_NOTE = "Obsidian has no note open in this vault"


def why_no_note(vault: Path) -> str:
    """Why Obsidian names no open note of `vault`, in words (where `read_active_note` finds
    none): it has never opened the vault, has not saved its workspace yet, or shows no note."""
    file = workspace_file(vault)
    if not file.parent.is_dir():
        return f"{NO_NOTE}: Obsidian has never opened it"
    if not file.is_file():
        where = f"{file.parent.name}/{file.name}"
        return f"{NO_NOTE}: Obsidian has not saved which note is open (no {where})"
    return f"{NO_NOTE}: its tabs are closed or show no markdown note"


class ObsidianFollower(QObject):
    """Emits `note_changed(path)` when the note active in Obsidian changes."""

    note_changed = Signal(str)

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._timer = QTimer(self)
        self._timer.setInterval(POLL_MS)
        self._timer.timeout.connect(self.check)
        self._vault: Path | None = None
        self._stamp: tuple[int, int] | None = None
        self.current: str | None = None

    def follow(self, vault: Path | None) -> None:
        """Start following `vault` (None, or the same call with follow off: stop)."""
        self._vault = vault
        self._stamp = None
        self.current = None
        if vault is None:
            self._timer.stop()
            return
        self._timer.start()
        self.check()

    def stop(self) -> None:
        self.follow(None)

    @property
    def active(self) -> bool:
        return self._timer.isActive()

    def check(self) -> None:
        """Look at the file now; emit when the active note is a different one."""
        if self._vault is None:
            return
        path = workspace_file(self._vault)
        try:
            info = path.stat()
        except OSError:
            return  # no Obsidian state (yet): keep what was shown
        stamp = (info.st_mtime_ns, info.st_size)
        if stamp == self._stamp:
            return
        found = read_active_note(self._vault)
        if found is None:
            return  # half-written: the next poll sees the whole file (stamp not kept)
        self._stamp = stamp
        if found.path != self.current:
            self.current = found.path
            self.note_changed.emit(found.path)
