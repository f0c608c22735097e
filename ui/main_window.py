"""The main window: a Search tab and a Contradictions tab over one `EngineSession`.

The window is shown before anything heavy happens; the session then opens the vault, warms
up search and indexes in the background (`ui.bridge`). Switching vaults closes the session
and starts a new one.
"""

from __future__ import annotations

import functools
import logging
import time
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from PySide6.QtCore import Qt, QTimer, Signal
from PySide6.QtGui import QAction, QCloseEvent, QKeySequence, QShortcut
from PySide6.QtWidgets import (
    QFileDialog,
    QFrame,
    QHBoxLayout,
    QLabel,
    QMainWindow,
    QPushButton,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from engine.api import (
    IndexStats,
    OpenOutcome,
    Progress,
    document_kinds,
    one_line,
    read_active_note,
)
from ui.bridge import EngineSession, SearchJob, SearchOutcome, SessionInfo, SessionOptions
from ui.connections_view import ConnectionsView
from ui.elided_label import fit_line
from ui.failures import failure_line, failures
from ui.obsidian_follow import ObsidianFollower, why_no_note
from ui.search_panel import SearchPanel
from ui.settings import DEMO_VAULT, Settings, SettingsStore
from ui.status import INDEX_FAILED, OPEN_FAILED, IndexStatus, failure_text
from ui.tasks import Task, TaskRunner
from ui.theme import MUTED

log = logging.getLogger(__name__)

SEARCH_TAB, CONTRADICTIONS_TAB, CONNECTIONS_TAB = 0, 1, 2
OPEN_NOTICE = "open_note"  # the warnings bar's notice for a note that did not open as asked
MAIN_CHANNEL = "main"
BACKGROUND_NOTICE = "background:"  # warnings-bar notice kinds of failed background jobs

Opener = Callable[[Path, str, bool], OpenOutcome]  # vault, rel_path, in_obsidian


def default_opener(vault: Path, rel_path: str, in_obsidian: bool) -> OpenOutcome:
    from ui.obsidian import open_note

    return open_note(vault, rel_path, in_obsidian=in_obsidian)


@dataclass(frozen=True)
class EngineOverrides:
    """Values from the command line (or a test) that win over the settings."""

    data_dir: Path | None = None
    chroma_url: str | None = None
    model: str | None = None
    index: bool = True
    live: bool = True
    embedder: Any = field(default=None, compare=False, repr=False)


class WelcomeBanner(QFrame):
    """First run: this is the demo vault; choose your own or keep exploring."""

    choose_vault = Signal()
    dismissed = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("welcome")
        self.setStyleSheet(
            "#welcome { background:#eef3ff; border:1px solid #c7d5f5; border-radius:6px; }"
        )
        layout = QHBoxLayout(self)
        layout.setContentsMargins(12, 8, 8, 8)
        text = QLabel(
            "Welcome to Consilience. You are looking at the demo vault: try “sampling "
            "interval”, “REQ-006” or “what did we decide about storage?”. When you are ready, "
            "choose your own Obsidian vault — it is indexed here, on this machine, and never "
            "changed."
        )
        text.setWordWrap(True)
        layout.addWidget(text, 1)
        choose = QPushButton("Choose your vault…")
        choose.setObjectName("welcome-choose")
        choose.clicked.connect(self.choose_vault)
        layout.addWidget(choose)
        keep = QPushButton("Keep the demo")
        keep.setObjectName("welcome-keep")
        keep.clicked.connect(self.dismissed)
        layout.addWidget(keep)


class MainWindow(QMainWindow):
    session_started = Signal(object)  # the new EngineSession
    quit_requested = Signal()
    hidden_to_tray = Signal(bool)  # closing hid the window (True: the first time this run)

    def __init__(
        self,
        settings: Settings,
        *,
        store: SettingsStore | None = None,
        overrides: EngineOverrides | None = None,
        opener: Opener = default_opener,
        welcome: bool = False,
    ) -> None:
        super().__init__()
        self.settings = settings
        self.store = store
        self.overrides = overrides or EngineOverrides()
        self.opener = opener
        self.session: EngineSession | None = None
        self.inspector: QWidget | None = None
        self.hide_on_close = False  # the tray keeps the app alive
        self._hidden_once = False
        self._closed = False
        self._closing_sessions: set[EngineSession] = set()
        self._vault_to_open: Path | None = None
        self._open_timer = QTimer(self)
        self._open_timer.setSingleShot(True)
        self._open_timer.setInterval(0)
        self._open_timer.timeout.connect(self._open_pending_vault)
        self.setWindowTitle("Consilience")
        self.resize(1320, 820)

        central = QWidget()
        outer = QVBoxLayout(central)
        outer.setContentsMargins(0, 0, 0, 0)
        outer.setSpacing(0)
        self.welcome = WelcomeBanner()
        self.welcome.choose_vault.connect(self.choose_vault)
        self.welcome.dismissed.connect(self._dismiss_welcome)
        banner_box = QVBoxLayout()
        banner_box.setContentsMargins(10, 8, 10, 0)
        banner_box.addWidget(self.welcome)
        outer.addLayout(banner_box)
        self.welcome.setVisible(welcome)

        self.tabs = QTabWidget()
        self.tabs.setDocumentMode(True)
        self.search = SearchPanel()
        self.search.filters.set_sources(settings.sources)
        self.tabs.addTab(self.search, "Search")
        self._inspector_holder = QWidget()
        holder = QVBoxLayout(self._inspector_holder)
        holder.setContentsMargins(0, 0, 0, 0)
        self._inspector_placeholder = QLabel("Opening the vault…")
        self._inspector_placeholder.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self._inspector_placeholder.setWordWrap(True)
        self._inspector_placeholder.setMargin(24)
        self._inspector_placeholder.setStyleSheet(f"color:{MUTED};")
        holder.addWidget(self._inspector_placeholder)
        self.tabs.addTab(self._inspector_holder, "Contradictions")
        self.connections = ConnectionsView()
        self._pinned: tuple[str, str | None] | None = None  # (asked note, Obsidian's then)
        self.connections.set_following(settings.follow_obsidian)
        self.tabs.addTab(self.connections, "Connections")
        self.follower = ObsidianFollower(self)
        self.follower.note_changed.connect(self._obsidian_note)
        self.connections.subject_wanted.connect(self._connections_wanted)
        self.connections.open_requested.connect(self.open_note)
        self.connections.note_action.connect(self.note_action)
        outer.addWidget(self.tabs, 1)
        self.setCentralWidget(central)

        self.index_status = IndexStatus()
        self.statusBar().addWidget(self.index_status, 1)
        self.statusBar().setSizeGripEnabled(False)
        self.statusBar().messageChanged.connect(self._status_message_changed)
        self.index_status.pause_toggled.connect(self.set_paused)

        self.search.query_ready.connect(self._query_ready)
        self.search.open_requested.connect(self.open_note)
        self.search.note_action.connect(self.note_action)
        self.search.note_wanted.connect(self._note_wanted)
        self.search.detail.note.link_wanted.connect(self._link_wanted)
        self._build_menus()
        failures().reported.connect(self._background_failed)

        # The inspector's module and its models take a moment to import: load them on a
        # worker so that creating the inspector later does not stall the UI thread.
        self._inspector_loaded = False
        self._inspector_waiting: SessionInfo | None = None
        self._preload = TaskRunner(threads=1, parent=self)
        self._preload.start(
            Task(_import_inspector, name="preload-inspector")
            .on_returned(self._inspector_module_ready)
            .on_errored(self._inspector_module_failed)
        )

    # -- menus and shortcuts --------------------------------------------------------------

    def _build_menus(self) -> None:
        file_menu = self.menuBar().addMenu("&File")
        self._action(file_menu, "&Open vault…", QKeySequence.StandardKey.Open, self.choose_vault)
        self._action(file_menu, "Try the &demo vault", None, self.open_demo)
        file_menu.addSeparator()
        self._action(file_menu, "&Settings…", QKeySequence("Ctrl+,"), self.edit_settings)
        file_menu.addSeparator()
        self._action(file_menu, "&Quit", QKeySequence.StandardKey.Quit, self.quit_requested.emit)
        view = self.menuBar().addMenu("&View")
        self._action(view, "&Search", QKeySequence("Ctrl+1"), self.show_search)
        self._action(view, "&Contradictions", QKeySequence("Ctrl+2"), self.show_contradictions)
        self._action(view, "C&onnections", QKeySequence("Ctrl+3"), self.show_connections_tab)
        for keys in ("Ctrl+K", "Ctrl+F"):
            QShortcut(QKeySequence(keys), self, self.focus_search)

    def _action(
        self,
        menu: Any,
        text: str,
        keys: QKeySequence | QKeySequence.StandardKey | None,
        slot: Callable[[], object],
    ) -> QAction:
        action = QAction(text, self)
        if keys is not None:
            action.setShortcut(keys)
        action.triggered.connect(lambda _checked=False: slot())
        menu.addAction(action)
        return action

    def focus_search(self, *, select: bool = True) -> None:
        """Show the Search tab with the cursor in the search box (text selected, so typing
        replaces it)."""
        self.tabs.setCurrentIndex(SEARCH_TAB)
        self.search.search_box.setFocus(Qt.FocusReason.ShortcutFocusReason)
        if select:
            self.search.search_box.selectAll()

    def show_search(self) -> None:
        self.tabs.setCurrentIndex(SEARCH_TAB)

    def show_contradictions(self) -> None:
        self.tabs.setCurrentIndex(CONTRADICTIONS_TAB)

    def show_no_vault(self, text: str) -> None:
        """No vault is open (`text` says why): the tabs that wait for one say so."""
        self._inspector_placeholder.setText(text)

    def show_connections_tab(self) -> None:
        self.tabs.setCurrentIndex(CONNECTIONS_TAB)

    def show_obsidian_connections(self) -> None:
        """The Connections tab for the note open in Obsidian (the tray's action); where
        Obsidian has none open in this vault, for the search selection, saying why."""
        self.tabs.setCurrentIndex(CONNECTIONS_TAB)
        if self.session is None:
            return
        vault = self.session.options.vault
        active = read_active_note(vault)
        if active is None:
            self.connections.show_without_obsidian(why_no_note(vault), self.search.selected_path())
            return
        self._pinned = None
        self.connections.show_for(active.path, "obsidian")

    def show_connections_for(self, path: str) -> None:
        """The Connections tab, for `path` (looked up once the vault is open and indexed). It
        stays on `path` until the user switches notes in Obsidian: the note Obsidian has
        open now does not replace it."""
        self.tabs.setCurrentIndex(CONNECTIONS_TAB)
        self._pinned = (path, None)
        self.connections.show_for(path, "result")

    # -- the session ----------------------------------------------------------------------

    def vault_for_session(self, vault: Path) -> SessionOptions:
        s, o = self.settings, self.overrides
        return SessionOptions(
            vault=vault,
            data_dir=o.data_dir,
            chroma_url=o.chroma_url or s.chroma_url,
            model=o.model or s.model,
            excluded=s.excluded,
            documents=document_kinds(pdfs=s.index_pdfs, canvases=s.index_canvases),
            pdf_contradictions=s.pdf_contradictions,
            index=o.index,
            live=o.live,
            embedder=o.embedder,
        )

    def open_vault_soon(self, vault: Path) -> None:
        """Open `vault` once the event loop runs (after the window is on screen)."""
        self._vault_to_open = vault
        self._open_timer.start()

    def _open_pending_vault(self) -> None:
        vault, self._vault_to_open = self._vault_to_open, None
        if vault is not None and not self._closed:
            self.open_vault(vault)

    def open_vault(self, vault: Path) -> EngineSession:
        """Close the current session (if any) and open `vault` in the background."""
        self._close_session()
        self.search.model.clear()
        self.search.show_hint()
        self.search.warnings.set_search_warnings(())
        for kind in (
            "read_only",
            "semantic_unavailable",
            "open_failed",
            "index_failed",
            "vault_unavailable",
        ):
            self.search.warnings.set_notice(kind, None)
        self.search.warnings.clear_notices(prefix=BACKGROUND_NOTICE)
        session = EngineSession(self.vault_for_session(vault), parent=self)
        self.session = session
        session.opened.connect(self._opened)
        session.open_failed.connect(self._open_failed)
        session.notice.connect(self._notice)
        session.model_loading.connect(self.index_status.model_loading)
        session.index_progress.connect(self._index_progress)
        session.index_finished.connect(self._index_finished)
        session.index_failed.connect(self._index_failed)
        session.paused_changed.connect(self.index_status.set_paused)
        session.synced.connect(self._synced)
        session.contradictions_checked.connect(self._contradictions_checked)
        session.text_indexed.connect(self._text_indexed)
        session.info_changed.connect(self._info_changed)
        session.search_finished.connect(self._search_finished)
        session.search_failed.connect(self._search_failed)
        session.note_text.connect(self._note_text)
        session.linked_note.connect(self._linked_note)
        session.connections.connect(self._connections)
        self.setWindowTitle(f"{_vault_label(vault)} — Consilience")
        self.index_status.opening(_vault_label(vault))
        self.search.set_indexing(0, 0)  # until the first sync is done, answers are partial
        same = session.options.vault.resolve()
        still_closing = [s for s in self._closing_sessions if s.options.vault.resolve() == same]
        if still_closing:  # the same vault: open it once the old session let its stores go
            still_closing[-1].closed.connect(session.start)
        else:
            session.start()
        self.session_started.emit(session)
        if self.search.search_box.text().strip():
            self.search.search_now()  # the query typed so far, against the new vault
        return session

    def _close_session(self) -> None:
        """Close the current session in the background (never waits on this thread)."""
        self.follower.stop()
        self._drop_inspector()
        session, self.session = self.session, None
        if session is not None:
            self._closing_sessions.add(session)
            session.closed.connect(functools.partial(self._session_closed, session))
            session.close()

    def _session_closed(self, session: EngineSession) -> None:
        self._closing_sessions.discard(session)
        session.deleteLater()

    def wait_closed(self, timeout_s: float) -> bool:
        """Block until every session's stores are closed, at most `timeout_s` (the end of
        the process, once the window is gone)."""
        deadline = time.monotonic() + timeout_s
        for session in list(self._closing_sessions):
            left = max(0.0, deadline - time.monotonic())
            if not session.wait_closed(int(left * 1000)):
                return False
        return True

    def _is_current(self) -> bool:
        return self.sender() is self.session

    def _opened(self, info: SessionInfo) -> None:
        if not self._is_current():
            return
        self.search.filters.set_choices(folders=info.folders, tags=info.tags)
        if info.read_only:
            self.index_status.read_only(info.notes)
        self._install_inspector(info)
        self._follow_obsidian()

    def _open_failed(self, message: str) -> None:
        if not self._is_current():
            return
        text = failure_text(OPEN_FAILED, message)
        self.index_status.open_failed(message)
        self.search.warnings.set_notice("open_failed", text)
        self._inspector_placeholder.setText(text)

    def _notice(self, kind: str, message: str) -> None:
        if self._is_current():
            self.search.warnings.set_notice(kind, message)

    def _background_failed(self, what: str, reason: str) -> None:
        """A background job nobody handled failed: say so until the next vault opens."""
        if not self._closed:
            self.search.warnings.set_notice(BACKGROUND_NOTICE + what, failure_line(what, reason))

    def _index_progress(self, progress: Progress) -> None:
        if self._is_current() and self.session is not None:
            self.index_status.show_progress(progress)
            self.search.warnings.set_notice("index_failed", None)  # indexing again
            adding = progress.phase in ("text", "embed", "write")  # notes being added
            done = progress.done if adding else 0
            if progress.phase in ("contradictions", "done"):  # every note is searchable
                self.search.set_indexing(None)
            elif self.session.status.text_complete:  # words and links hold every note
                self.search.set_indexing(done, progress.total, meaning_only=True)
            else:
                self.search.set_indexing(done, progress.total)
            checking = getattr(self.inspector, "set_checking", None)
            if callable(checking) and progress.phase == "contradictions":
                checking(progress.done, progress.total)

    def _index_finished(self, stats: IndexStats | None) -> None:
        if not self._is_current() or self.session is None:
            return
        self.search.set_indexing(None)
        self.search.warnings.set_notice("index_failed", None)
        info = self.session.info
        notes = info.notes if info is not None else 0
        if info is not None and info.read_only:
            self.index_status.read_only(notes)
        else:
            self.index_status.finished(stats, notes=notes)
        self._refresh_inspector()
        wanted = self.connections.subject
        if wanted is not None:  # filled (or asked) while the index was partial: ask again
            self._connections_wanted(wanted)
        if stats is not None and (stats.changed or stats.embedded):
            self.search.search_now()  # the index changed (or gained meaning) under the answer

    def _index_failed(self, message: str) -> None:
        if self._is_current():
            self.index_status.failed(message)
            self.search.warnings.set_notice("index_failed", failure_text(INDEX_FAILED, message))
            self.search.set_indexing(None)

    def _text_indexed(self, stats: IndexStats) -> None:
        """Words and links hold every note (meaning follows): answer again with them."""
        if not self._is_current():
            return
        self.index_status.text_indexed(stats.notes)
        self.search.set_indexing(0, stats.notes, meaning_only=True)
        if self.search.query:
            self.search.search_now()
        if self.connections.subject is not None:
            self._connections_wanted(self.connections.subject)

    def _synced(self, stats: IndexStats) -> None:
        if not self._is_current():
            return
        self.index_status.synced(stats)
        self._refresh_inspector()
        if self.search.query:
            self.search.search_now()
        if self._touches_connections(stats):
            self._connections_wanted(self.connections.subject)  # type: ignore[arg-type]

    def _contradictions_checked(self) -> None:
        """The changed notes' contradiction check came after the edit was searchable: the
        inspector and the Connections pane (which lists a note's contradictions) follow."""
        if not self._is_current():
            return
        self._refresh_inspector()
        if self.connections.subject is not None:
            self._connections_wanted(self.connections.subject)

    def _touches_connections(self, stats: IndexStats) -> bool:
        """The Connections pane may be out of date: the sync changed notes, and any changed
        note can now link to the shown one or share its tags (a lookup costs milliseconds,
        on a worker)."""
        return self.connections.subject is not None and stats.changed > 0

    def _info_changed(self, info: SessionInfo) -> None:
        if self._is_current():
            self.search.filters.set_choices(folders=info.folders, tags=info.tags)

    def set_paused(self, paused: bool) -> None:
        if self.session is not None:
            self.session.set_paused(paused)

    # -- search ---------------------------------------------------------------------------

    def _query_ready(self, generation: int, text: str, filters: Any, sources: Any) -> None:
        if self.session is None:
            return
        self.session.search(
            SearchJob(
                channel=MAIN_CHANNEL,
                generation=generation,
                text=text,
                filters=filters,
                sources=tuple(sources) or None,
            )
        )

    def _search_finished(self, channel: str, generation: int, outcome: SearchOutcome) -> None:
        if self._is_current() and channel == MAIN_CHANNEL:
            self.search.show_outcome(generation, outcome)

    def _search_failed(self, channel: str, generation: int, message: str) -> None:
        if self._is_current() and channel == MAIN_CHANNEL:
            self.search.show_error(generation, message)

    def _note_wanted(self, path: str) -> None:
        if self.session is not None:
            self.session.load_note_text(path)
        self.connections.show_for(path, "result")

    # -- connections ------------------------------------------------------------------------

    def _obsidian_note(self, path: str) -> None:
        if self._pinned is not None:
            pinned, seen = self._pinned
            if seen is None or seen == path:  # the note open when the pin was made
                self._pinned = (pinned, path)
                return
            self._pinned = None  # the user switched notes in Obsidian: follow again
        self.connections.show_for(path, "obsidian")

    def _connections_wanted(self, path: str) -> None:
        if self.session is not None:
            self.session.load_connections(path)

    def _connections(self, path: str, found: object) -> None:
        if self._is_current():
            self.connections.show_connections(path, found)  # type: ignore[arg-type]

    def _follow_obsidian(self) -> None:
        """Follow the vault's Obsidian state when the setting says so and a vault is open."""
        info = self.session.info if self.session is not None else None
        if self.settings.follow_obsidian and info is not None:
            self.follower.follow(info.vault)
        else:
            self.follower.stop()
        self.connections.set_following(self.settings.follow_obsidian)

    def _note_text(self, path: str, text: str) -> None:
        if self._is_current():
            self.search.detail.show_note_text(path, text)

    def _link_wanted(self, source_path: str, target: str) -> None:
        if self.session is not None:
            self.session.follow_link(source_path, target)

    def _linked_note(self, source_path: str, target: str, path: str, text: str) -> None:
        if self._is_current():
            self.search.detail.note.show_link(source_path, target, path, text)

    def open_note(self, rel_path: str, in_obsidian: bool = True) -> OpenOutcome:
        """Open a note (in Obsidian, or the default app) and say why when it did not open
        where asked; the caller gets the outcome (the quick-search popup shows it)."""
        info = self.session.info if self.session is not None else None
        if info is None:
            outcome = OpenOutcome("failed", rel_path, "The vault is still opening; try again")
        else:
            outcome = self.opener(info.vault, rel_path, in_obsidian)
        self.report_outcome(outcome)
        return outcome

    def note_action(self, rel_path: str, action: str) -> None:
        """One of a note's context-menu actions (`ui.note_menu`)."""
        from ui import note_menu, obsidian

        info = self.session.info if self.session is not None else None
        if action in (note_menu.OPEN, note_menu.OPEN_DEFAULT):
            self.open_note(rel_path, action == note_menu.OPEN)
        elif info is None:
            self.report_outcome(OpenOutcome("failed", rel_path, "The vault is still opening"))
        elif action == note_menu.COPY_PATH:
            try:
                copied = obsidian.copy_path(info.vault, rel_path)
            except ValueError:
                self.report_outcome(OpenOutcome("failed", rel_path, "Not a note of this vault"))
            else:
                self.show_status(f"Copied {copied}", 6000)
        elif action == note_menu.SHOW_IN_FOLDER:
            self.report_outcome(obsidian.show_in_folder(info.vault, rel_path))

    def report_outcome(self, outcome: OpenOutcome) -> None:
        """Say why a note did not open where asked, long enough to read: in the status bar
        (cut to fit, whole on hover), and wrapped in full in the search tab's warnings bar."""
        if not outcome.reason:
            return
        text = outcome.message
        shown_ms = max(10_000, 80 * len(text))
        self.show_status(text, shown_ms)
        bar = self.search.warnings
        bar.set_notice(OPEN_NOTICE, text)

        def clear() -> None:
            if bar.notice(OPEN_NOTICE) == text:
                bar.set_notice(OPEN_NOTICE, None)

        QTimer.singleShot(shown_ms, self, clear)

    def show_status(self, text: str, shown_ms: int) -> None:
        """A passing message in the status bar for `shown_ms`: one line that ends in "…"
        after a whole word where the window is too narrow, and shows whole on hover."""
        bar = self.statusBar()
        shown = fit_line(text, bar.fontMetrics(), max(bar.width(), self.width()) - 24)
        bar.showMessage(shown, shown_ms)
        bar.setToolTip(text if shown != text else "")

    def _status_message_changed(self, message: str) -> None:
        if not message:
            self.statusBar().setToolTip("")

    # -- the contradiction inspector ------------------------------------------------------

    def _inspector_module_ready(self, _result: object) -> None:
        self._inspector_loaded = True
        info, self._inspector_waiting = self._inspector_waiting, None
        if info is not None and self.session is not None and self.session.info == info:
            self._install_inspector(info)

    def _inspector_module_failed(self, exc: BaseException) -> None:
        self._inspector_placeholder.setText(
            f"The contradiction inspector is unavailable: {one_line(exc)}"
        )

    def _install_inspector(self, info: SessionInfo) -> None:
        self._drop_inspector()
        if not self._inspector_loaded:
            self._inspector_waiting = info
            return
        from ui.inspector import ContradictionInspector

        if self.session is None:
            return
        inspector = ContradictionInspector(self.session.reviews(), info.vault)
        inspector.open_requested.connect(self.open_note)
        inspector.note_action.connect(self.note_action)
        self._inspector_placeholder.setVisible(False)
        layout = self._inspector_holder.layout()
        if layout is not None:
            layout.addWidget(inspector)
        self.inspector = inspector

    def _refresh_inspector(self) -> None:
        checking = getattr(self.inspector, "set_checking", None)
        if callable(checking):
            checking(None)
        refresh = getattr(self.inspector, "refresh", None)
        if callable(refresh):
            refresh()

    def _drop_inspector(self) -> None:
        inspector, self.inspector = self.inspector, None
        if inspector is None:
            return
        shutdown = getattr(inspector, "shutdown", None)
        if callable(shutdown):
            shutdown()
        runner = getattr(inspector, "runner", None)
        if isinstance(runner, TaskRunner) and self.session is not None:
            runner.setParent(self.session)  # lives until the session's stores are closed
            self.session.keep_open_for(runner)
        inspector.setParent(None)
        inspector.deleteLater()
        self._inspector_placeholder.setText("Opening the vault…")
        self._inspector_placeholder.setVisible(True)

    # -- vaults and settings --------------------------------------------------------------

    def choose_vault(self) -> None:
        start = self.settings.vault or str(Path.home())
        folder = QFileDialog.getExistingDirectory(self, "Choose your Obsidian vault folder", start)
        if folder:
            self.switch_vault(Path(folder))

    def open_demo(self) -> None:
        self.switch_vault(None)

    def switch_vault(self, vault: Path | None) -> None:
        """Open `vault` (None: the demo vault) and remember it."""
        self._save(replace(self.settings.with_vault(vault), welcomed=True))
        self.welcome.setVisible(False)
        self.open_vault(vault or DEMO_VAULT)

    def _dismiss_welcome(self) -> None:
        self.welcome.setVisible(False)
        self._save(replace(self.settings, welcomed=True))

    def edit_settings(self) -> None:
        from ui.settings_dialog import SettingsDialog

        dialog = SettingsDialog(self.settings, parent=self)
        if dialog.exec() != SettingsDialog.DialogCode.Accepted:
            return
        self.apply_settings(dialog.result_settings())

    def apply_settings(self, new: Settings) -> None:
        """Save `new`; reopen the vault when anything the engine uses changed."""
        old = self.settings
        self._save(new)
        self.search.filters.set_sources(new.sources)
        self._follow_obsidian()
        engine_fields = (
            "vault",
            "model",
            "chroma_url",
            "excluded",
            "index_pdfs",
            "index_canvases",
            "pdf_contradictions",
        )
        reopen = any(getattr(old, f) != getattr(new, f) for f in engine_fields)
        if reopen:
            self.open_vault(Path(new.vault) if new.vault else DEMO_VAULT)
        elif self.search.query:
            self.search.search_now()

    def _save(self, settings: Settings) -> None:
        self.settings = settings
        if self.store is None:
            return
        try:
            self.store.save(settings)
        except OSError as exc:
            log.warning("settings could not be saved: %s", one_line(exc))
            self.show_status(f"Settings could not be saved: {one_line(exc)}", 8000)

    # -- closing --------------------------------------------------------------------------

    def shutdown(self) -> None:
        """Stop every background job of the window (idempotent)."""
        if self._closed:
            return
        self._closed = True
        self._open_timer.stop()
        self._close_session()
        self._preload.shutdown()
        failures().reported.disconnect(self._background_failed)

    def closeEvent(self, event: QCloseEvent) -> None:
        if self.hide_on_close and not self._closed:
            event.ignore()
            self.hide()
            first, self._hidden_once = not self._hidden_once, True
            self.hidden_to_tray.emit(first)
            return
        self.shutdown()
        event.accept()  # without a tray, Qt quits with the last window


def _import_inspector() -> None:
    import ui.inspector  # noqa: F401


def _vault_label(vault: Path) -> str:
    return "Demo vault" if vault.resolve() == DEMO_VAULT.resolve() else vault.name
