"""The contradiction inspector: every open contradiction, claim against claim, and the
user's verdict on each.

Reads and decisions go through the vault's engine session (`ui.review_store`) on one
background thread of the inspector's own `ui.tasks.TaskRunner`, so they never block the
window and never run concurrently; answers of an older `refresh()` are dropped. Vault text
is shown as text: the detail panes get HTML built by `ui.contradiction_text`, which escapes
every piece of note text first.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from pathlib import Path
from typing import Any

from PySide6.QtCore import (
    QEvent,
    QItemSelectionModel,
    QModelIndex,
    QObject,
    QPoint,
    Qt,
    Signal,
    Slot,
)
from PySide6.QtGui import QAction, QCloseEvent, QKeyEvent, QKeySequence
from PySide6.QtWidgets import (
    QAbstractItemView,
    QCheckBox,
    QFrame,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QMenu,
    QPushButton,
    QSizePolicy,
    QSpinBox,
    QSplitter,
    QStackedWidget,
    QTableView,
    QTextBrowser,
    QVBoxLayout,
    QWidget,
)

from engine.api import FLAG_THRESHOLD, Contradiction, ReadOnlyIndexError, Side, one_line
from ui.contradiction_model import (
    COL_A,
    COL_B,
    COL_CONFIDENCE,
    COL_REVIEW,
    COL_TYPE,
    ContradictionFilterModel,
    ContradictionTableModel,
)
from ui.contradiction_text import side_html, summary_html
from ui.note_menu import note_menu, show_menu
from ui.obsidian import note_file
from ui.review_store import Loaded, ReviewDecision, ReviewStore
from ui.tasks import Task, TaskRunner

log = logging.getLogger(__name__)

EMPTY_MESSAGE = (
    "No contradictions found — your notes agree with each other as far as Consilience can "
    "tell. New ones show up here after the next index."
)
ALL_REVIEWED_MESSAGE = (
    "No open contradictions — you have reviewed every one. Tick “Show reviewed” to see your "
    "decisions."
)
FILTERED_MESSAGE = "No contradictions match the filter."
NOTHING_INDEXED_MESSAGE = (
    "Not checked yet: no notes are indexed so far. Contradictions are looked for once they are."
)
NOT_CHECKED_MESSAGE = (
    "Not checked yet: {notes} wait for the contradiction check, which runs once indexing is done."
)
CHECKING_MESSAGE = "Checking {done}/{total} notes for contradictions…"
LOADING_MESSAGE = "Loading contradictions…"
PLACEHOLDER = "Select a contradiction to compare its two claims."


class _Banner(QLabel):
    """A one-line notice above the list (read-only index, failed loads or saves)."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("inspectorBanner")
        self.setWordWrap(True)
        self.setTextFormat(Qt.TextFormat.PlainText)
        self.setStyleSheet(
            "#inspectorBanner { background:#fef3c7; color:#78350f; border:1px solid #f59e0b;"
            " border-radius:4px; padding:6px 8px; }"
        )
        self.hide()

    def show_text(self, text: str) -> None:
        self.setText(text)
        self.setVisible(bool(text))


class ContradictionInspector(QWidget):
    """Lists the catalog's contradictions and records the user's decisions on them."""

    open_requested = Signal(str, bool)  # rel_path, in_obsidian
    note_action = Signal(str, str)  # path, a `ui.note_menu` action chosen in a context menu
    changed = Signal()  # a decision was saved
    loaded = Signal()  # a refresh() finished (with items or an error message)

    def __init__(
        self, reviews: ReviewStore, vault_root: Path, parent: QWidget | None = None
    ) -> None:
        super().__init__(parent)
        self.vault_root = Path(vault_root)
        self.open_in_obsidian = True  # what Open A / Open B / Enter ask for
        self._store = reviews
        self._runner = TaskRunner(threads=1, parent=self)  # one call at a time, in order
        self._pending: set[Task] = set()
        self._generation = 0
        self._writable = False
        self._busy = False  # a decision is being saved
        self._closed = False
        self._has_loaded = False
        self._loaded: Loaded | None = None
        self._checking: tuple[int, int] | None = None  # the running scan: (done, total) notes

        self.model = ContradictionTableModel(self)
        self.proxy = ContradictionFilterModel(self)
        self.proxy.setSourceModel(self.model)
        self._build()
        self._update_actions()
        self.refresh()

    # -- layout ----------------------------------------------------------------------------

    def _build(self) -> None:
        self.setWindowTitle("Contradictions")
        root = QVBoxLayout(self)
        root.setContentsMargins(12, 12, 12, 12)
        root.setSpacing(8)

        bar = QHBoxLayout()
        bar.setSpacing(10)
        self.filter_edit = QLineEdit(self)
        self.filter_edit.setPlaceholderText("Filter by title, claim or path…")
        self.filter_edit.setClearButtonEnabled(True)
        self.filter_edit.textChanged.connect(self._on_filter_text)
        bar.addWidget(self.filter_edit, 1)
        bar.addWidget(QLabel("Min. confidence", self))
        self.confidence_spin = QSpinBox(self)
        self.confidence_spin.setRange(0, 100)
        self.confidence_spin.setSingleStep(5)
        self.confidence_spin.setSuffix(" %")
        self.confidence_spin.setToolTip("Hide pairs the scorer is less sure about")
        self.confidence_spin.valueChanged.connect(self._on_min_confidence)
        self.confidence_spin.installEventFilter(self)  # Enter there applies, never opens A
        bar.addWidget(self.confidence_spin)
        self.weak_check = QCheckBox("Show weak", self)
        self.weak_check.setToolTip(
            f"Also list pairs below {FLAG_THRESHOLD:.0%} confidence: they share a subject and "
            "differ somewhere, but most of them are not contradictions"
        )
        self.weak_check.toggled.connect(self._on_show_weak)
        bar.addWidget(self.weak_check)
        self.reviewed_check = QCheckBox("Show reviewed", self)
        self.reviewed_check.setToolTip("Also list pairs you dismissed or resolved")
        self.reviewed_check.toggled.connect(self._on_show_reviewed)
        bar.addWidget(self.reviewed_check)
        self.count_label = QLabel(self)
        self.count_label.setStyleSheet("color:#6b7280;")
        bar.addWidget(self.count_label)
        root.addLayout(bar)

        self.banner = _Banner(self)
        root.addWidget(self.banner)

        splitter = QSplitter(Qt.Orientation.Vertical, self)
        splitter.setChildrenCollapsible(False)
        root.addWidget(splitter, 1)

        self.list_stack = QStackedWidget(splitter)
        self.table = QTableView(self.list_stack)
        self.table.setModel(self.proxy)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.setAlternatingRowColors(True)
        self.table.setShowGrid(False)
        self.table.setWordWrap(False)
        self.table.verticalHeader().hide()
        self.table.verticalHeader().setDefaultSectionSize(self.fontMetrics().height() + 12)
        header = self.table.horizontalHeader()
        header.setHighlightSections(False)
        header.setDefaultAlignment(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter)
        for col, mode in (
            (COL_CONFIDENCE, QHeaderView.ResizeMode.ResizeToContents),
            (COL_TYPE, QHeaderView.ResizeMode.ResizeToContents),
            (COL_A, QHeaderView.ResizeMode.Stretch),
            (COL_B, QHeaderView.ResizeMode.Stretch),
            (COL_REVIEW, QHeaderView.ResizeMode.ResizeToContents),
        ):
            header.setSectionResizeMode(col, mode)
        self.table.setColumnHidden(COL_REVIEW, True)
        for rows_changed in (
            self.proxy.modelReset,
            self.proxy.layoutChanged,
            self.proxy.rowsInserted,
            self.proxy.rowsRemoved,
            self.proxy.dataChanged,
        ):
            rows_changed.connect(self._fit_columns)
        self.table.selectionModel().currentRowChanged.connect(self._on_current_changed)
        self.table.doubleClicked.connect(lambda _index: self._open("a"))
        self.table.setContextMenuPolicy(Qt.ContextMenuPolicy.CustomContextMenu)
        self.table.customContextMenuRequested.connect(self._show_table_menu)
        self.list_message = QLabel(LOADING_MESSAGE, self.list_stack)
        self.list_message.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.list_message.setWordWrap(True)
        self.list_message.setMargin(24)
        self.list_message.setStyleSheet("color:#6b7280; font-size:14px;")
        self.list_stack.addWidget(self.table)
        self.list_stack.addWidget(self.list_message)
        self.list_stack.setCurrentWidget(self.list_message)

        self.detail_stack = QStackedWidget(splitter)
        self.placeholder = QLabel(PLACEHOLDER, self.detail_stack)
        self.placeholder.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.placeholder.setWordWrap(True)
        self.placeholder.setStyleSheet("color:#6b7280;")
        self.detail_stack.addWidget(self.placeholder)
        self.detail_stack.addWidget(self._build_detail())
        splitter.setStretchFactor(0, 1)
        splitter.setStretchFactor(1, 1)
        splitter.setSizes([300, 360])

        self._build_actions()

    def _build_detail(self) -> QWidget:
        detail = QWidget(self)
        layout = QVBoxLayout(detail)
        layout.setContentsMargins(0, 4, 0, 0)
        layout.setSpacing(8)
        self.summary = QLabel(detail)
        self.summary.setTextFormat(Qt.TextFormat.RichText)
        self.summary.setWordWrap(True)
        self.summary.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        layout.addWidget(self.summary)
        sides = QHBoxLayout()
        sides.setSpacing(10)
        self.side_a = self._side_browser(detail)
        self.side_b = self._side_browser(detail)
        for browser, side in ((self.side_a, "a"), (self.side_b, "b")):
            browser.setContextMenuPolicy(Qt.ContextMenuPolicy.CustomContextMenu)
            browser.customContextMenuRequested.connect(
                lambda pos, b=browser, s=side: self._show_side_menu(b, s, pos)
            )
        sides.addWidget(self.side_a)
        sides.addWidget(self.side_b)
        layout.addLayout(sides, 1)
        buttons = QHBoxLayout()
        buttons.setSpacing(6)
        self.dismiss_button = QPushButton("Not a contradiction", detail)
        self.resolve_a_button = QPushButton("A is current", detail)
        self.resolve_b_button = QPushButton("B is current", detail)
        self.reopen_button = QPushButton("Reopen", detail)
        self.reopen_button.setVisible(False)  # only reviewed pairs can be reopened
        self.open_a_button = QPushButton("Open A", detail)
        self.open_b_button = QPushButton("Open B", detail)
        for button in (
            self.dismiss_button,
            self.resolve_a_button,
            self.resolve_b_button,
            self.reopen_button,
        ):
            buttons.addWidget(button)
        buttons.addStretch(1)
        self.status_label = QLabel(detail)
        self.status_label.setStyleSheet("color:#6b7280;")
        buttons.addWidget(self.status_label)
        buttons.addSpacing(12)
        buttons.addWidget(self.open_a_button)
        buttons.addWidget(self.open_b_button)
        layout.addLayout(buttons)
        return detail

    @staticmethod
    def _side_browser(parent: QWidget) -> QTextBrowser:
        browser = QTextBrowser(parent)
        browser.setOpenLinks(False)
        browser.setOpenExternalLinks(False)
        browser.setFrameShape(QFrame.Shape.StyledPanel)
        browser.document().setDocumentMargin(10)
        browser.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Expanding)
        browser.setMinimumHeight(140)
        return browser

    def _build_actions(self) -> None:
        def action(
            text: str, keys: list[QKeySequence], slot: Callable[[], None], button: QPushButton
        ) -> QAction:
            act = QAction(text, self)
            act.setShortcuts(keys)
            act.setShortcutContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
            act.triggered.connect(slot)
            self.addAction(act)
            shortcut = keys[0].toString(QKeySequence.SequenceFormat.NativeText)
            button.setToolTip(f"{text} ({shortcut})")
            button.clicked.connect(act.trigger)
            act.changed.connect(lambda: button.setEnabled(act.isEnabled()))
            return act

        key = QKeySequence
        self.dismiss_action = action(
            "Not a contradiction: hide this pair",
            [key(Qt.Key.Key_D)],
            lambda: self._decide("dismiss"),
            self.dismiss_button,
        )
        self.resolve_a_action = action(
            "Resolve: claim A is current",
            [key(Qt.Key.Key_A)],
            lambda: self._decide("a"),
            self.resolve_a_button,
        )
        self.resolve_b_action = action(
            "Resolve: claim B is current",
            [key(Qt.Key.Key_B)],
            lambda: self._decide("b"),
            self.resolve_b_button,
        )
        self.reopen_action = action(
            "Reopen: forget the decision on this pair",
            [key(Qt.Key.Key_R)],
            lambda: self._decide("open"),
            self.reopen_button,
        )
        self.open_a_action = action(
            "Open note A",
            [key(Qt.Key.Key_Return), key(Qt.Key.Key_Enter)],
            lambda: self._open("a"),
            self.open_a_button,
        )
        self.open_b_action = action(
            "Open note B",
            [key(Qt.Modifier.SHIFT | Qt.Key.Key_Return), key(Qt.Modifier.SHIFT | Qt.Key.Key_Enter)],
            lambda: self._open("b"),
            self.open_b_button,
        )

    # -- public ----------------------------------------------------------------------------

    @Slot()
    def refresh(self) -> None:
        """Reload every pair from the catalog (in the background)."""
        if self._closed:
            return
        self._generation += 1
        generation = self._generation
        self._run(
            self._store.load,
            on_result=lambda loaded: self._on_loaded(generation, loaded),
            on_error=lambda err: self._on_load_failed(generation, err),
        )

    def current(self) -> Contradiction | None:
        """The selected contradiction, if any."""
        return self.proxy.contradiction(self.table.currentIndex().row())

    def select_pair(self, pair_id: str) -> bool:
        row = self.proxy.row_of(pair_id)
        if row is None:
            return False
        self._select_row(row)
        return True

    @property
    def writable(self) -> bool:
        """Whether decisions can be saved (known after the first load)."""
        return self._writable

    def is_idle(self) -> bool:
        """No catalog work is queued or running."""
        return not self._pending

    @property
    def runner(self) -> TaskRunner:
        """The inspector's catalog worker (the session keeps its stores open until the
        worker's running call returns)."""
        return self._runner

    def shutdown(self) -> None:
        """Drop queued catalog work without waiting for the running call; later answers
        are ignored. Called by closeEvent; call it when the inspector is removed without
        being closed."""
        if self._closed:
            return
        self._closed = True
        self._runner.drop_waiting()
        self._pending.clear()

    def closeEvent(self, event: QCloseEvent) -> None:
        self.shutdown()
        super().closeEvent(event)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        """Enter in the confidence box belongs to the box (it applies the value typed), not
        to the Open A shortcut the rest of the inspector has."""
        if (
            watched is self.confidence_spin
            and event.type() == QEvent.Type.ShortcutOverride
            and isinstance(event, QKeyEvent)
            and event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter)
        ):
            event.accept()
            return True
        return super().eventFilter(watched, event)

    def set_checking(self, done: int | None, total: int = 0) -> None:
        """The contradiction scan is running (`done` of `total` notes checked), or not (None:
        the next `refresh()` tells what it found)."""
        self._checking = None if done is None else (done, total)
        if self._has_loaded:
            self._after_rows_changed(None)

    # -- background work -------------------------------------------------------------------

    def _run(
        self,
        func: Callable[[], Any],
        *,
        on_result: Callable[[Any], None],
        on_error: Callable[[BaseException], None],
    ) -> None:
        task = Task(func, name="inspector")

        def returned(value: object) -> None:
            self._pending.discard(task)
            if not self._closed:
                on_result(value)

        def errored(err: BaseException) -> None:
            self._pending.discard(task)
            if not self._closed:
                on_error(err)

        self._pending.add(task)
        self._runner.start(task.on_returned(returned).on_errored(errored))

    def _on_loaded(self, generation: int, loaded: Loaded) -> None:
        if generation != self._generation:
            return
        keep = self.current()
        self._has_loaded = True
        self._loaded = loaded
        self._writable = loaded.writable
        self.banner.show_text(
            ""
            if loaded.writable
            else "This index is read-only here, so decisions cannot be saved"
            f" ({loaded.read_only_reason or 'opened for reading only'})."
        )
        self.model.set_items(loaded.items)
        self._after_rows_changed(keep.id if keep else None)
        self.loaded.emit()

    def _on_load_failed(self, generation: int, err: BaseException) -> None:
        if generation != self._generation:
            return
        self._has_loaded = True
        log.warning("Loading contradictions failed: %s", err)
        self.banner.show_text(f"Could not load contradictions: {one_line(err)}")
        text = "Contradictions could not be loaded."
        self.model.set_items(())
        self._after_rows_changed(None, message=text)
        self.loaded.emit()

    # -- decisions -------------------------------------------------------------------------

    def _decide(self, decision: ReviewDecision) -> None:
        pair = self.current()
        if pair is None or self._busy or not self._writable or self._closed:
            return
        row = self.table.currentIndex().row()
        self._busy = True
        self._update_actions()
        self.status_label.setText("Saving…")
        self._run(
            lambda: self._store.decide(pair, decision),
            on_result=lambda updated: self._on_decided(row, updated),
            on_error=self._on_decide_failed,
        )

    def _on_decided(self, row: int, updated: Contradiction) -> None:
        self._busy = False
        self.status_label.setText("")
        self.model.replace(updated)  # the proxy drops it from the open list
        still = self.proxy.row_of(updated.id)
        if still is not None:  # reviewed pairs are shown: move past it
            self._select_row(still + 1 if still + 1 < self.proxy.rowCount() else still)
        else:  # the next pair slid into its row
            self._select_row(row)
        self._after_rows_changed(None)
        self.changed.emit()

    def _on_decide_failed(self, err: BaseException) -> None:
        self._busy = False
        self.status_label.setText("")
        if isinstance(err, ReadOnlyIndexError):
            self._writable = False
            text = f"Decisions cannot be saved: {one_line(err)}."
        else:
            text = f"The decision could not be saved: {one_line(err)}."
        log.warning("Saving a contradiction decision failed: %s", err)
        self.banner.show_text(text)
        self._update_actions()

    def table_menu_at(self, pos: QPoint) -> QMenu | None:
        """The note menu of the pair under `pos` (viewport coordinates): note B in its
        column, note A elsewhere."""
        index = self.table.indexAt(pos)
        pair = self.proxy.contradiction(index.row()) if index.isValid() else None
        if pair is None:
            return None
        path = pair.b.path if index.column() == COL_B else pair.a.path
        return note_menu(self.table, path, self.note_action.emit)

    def side_menu(self, browser: QTextBrowser, side: Side, pos: QPoint) -> QMenu:
        """The text pane's own menu (copy, select all) followed by its note's actions."""
        menu = browser.createStandardContextMenu(pos)
        pair = self.current()
        if pair is not None:
            path = pair.a.path if side == "a" else pair.b.path
            menu.addSeparator()
            for action in note_menu(menu, path, self.note_action.emit).actions():
                menu.addAction(action)
        return menu

    def _show_table_menu(self, pos: QPoint) -> None:
        show_menu(self.table_menu_at(pos), self.table, pos)

    def _show_side_menu(self, browser: QTextBrowser, side: Side, pos: QPoint) -> None:
        show_menu(self.side_menu(browser, side, pos), browser, pos)

    def _open(self, side: Side) -> None:
        pair = self.current()
        if pair is None:
            return
        path = pair.a.path if side == "a" else pair.b.path
        self.open_requested.emit(path, self.open_in_obsidian)

    # -- view state ------------------------------------------------------------------------

    def _select_row(self, row: int) -> None:
        count = self.proxy.rowCount()
        if not count:
            return
        row = max(0, min(row, count - 1))
        index = self.proxy.index(row, 0)
        self.table.selectionModel().setCurrentIndex(
            index,
            QItemSelectionModel.SelectionFlag.ClearAndSelect
            | QItemSelectionModel.SelectionFlag.Rows,
        )
        self.table.scrollTo(index)

    def _after_rows_changed(self, keep_id: str | None, *, message: str | None = None) -> None:
        """Select something sensible, switch empty states, update the count."""
        count = self.proxy.rowCount()
        if count and not self.table.currentIndex().isValid():
            row = self.proxy.row_of(keep_id) if keep_id else None
            self._select_row(row if row is not None else 0)
        elif keep_id and count:
            row = self.proxy.row_of(keep_id)
            if row is not None and row != self.table.currentIndex().row():
                self._select_row(row)
        if count:
            self.list_stack.setCurrentWidget(self.table)
        else:
            self.list_message.setText(message or self._empty_message())
            self.list_stack.setCurrentWidget(self.list_message)
        self._show_detail(self.current())
        self._update_count()

    def _listed_items(self) -> list[Contradiction]:
        """The pairs the list covers: weak ones only when "Show weak" is ticked."""
        return [
            c for c in self.model.items() if self.proxy.show_weak or c.confidence >= FLAG_THRESHOLD
        ]

    def _empty_message(self) -> str:
        items = self._listed_items()
        if not items:
            return self._unchecked_message() or EMPTY_MESSAGE
        if not self.proxy.show_reviewed and all(c.review != "open" for c in items):
            return ALL_REVIEWED_MESSAGE
        return FILTERED_MESSAGE

    def _unchecked_message(self) -> str | None:
        """Why an empty list does not yet mean the notes agree (None: it does)."""
        if self._checking is not None:
            done, total = self._checking
            return CHECKING_MESSAGE.format(done=done, total=total)
        loaded = self._loaded
        if loaded is None or loaded.complete:
            return None
        if loaded.notes == 0:
            return NOTHING_INDEXED_MESSAGE
        n = loaded.unchecked
        return NOT_CHECKED_MESSAGE.format(notes=f"{n} note{'' if n == 1 else 's'}")

    def _coverage(self) -> str:
        """How much of the vault the list covers, when not all of it ("" when it does)."""
        if self._checking is not None:
            done, total = self._checking
            return f"checking {done}/{total}"
        loaded = self._loaded
        if loaded is not None and loaded.unchecked:
            return f"{loaded.unchecked} not checked yet"
        return ""

    def _update_count(self) -> None:
        items = self._listed_items()
        if not self._has_loaded:
            self.count_label.setText("")
            return
        open_count = sum(1 for c in items if c.review == "open")
        reviewed = len(items) - open_count
        text = f"{open_count} open"
        if reviewed:
            text += f" · {reviewed} reviewed"
        shown = self.proxy.rowCount()
        expected = len(items) if self.proxy.show_reviewed else open_count
        if shown != expected:
            text = f"{shown} of {expected} shown"
        coverage = self._coverage()
        if coverage:
            text += f" · {coverage}"
        self.count_label.setText(text)
        weak = len(self.model.items()) - len(items)
        tip = f"{open_count} open · {reviewed} reviewed"
        if weak:
            tip += f" · {weak} weak pairs hidden (Show weak)"
        self.count_label.setToolTip(tip)

    def _show_detail(self, pair: Contradiction | None) -> None:
        if pair is None:
            self.placeholder.setText(PLACEHOLDER if self.proxy.rowCount() else "")
            self.detail_stack.setCurrentWidget(self.placeholder)
        else:
            self.summary.setText(summary_html(pair))
            self.side_a.setHtml(side_html(pair, "a"))
            self.side_b.setHtml(side_html(pair, "b"))
            self.detail_stack.setCurrentIndex(1)
        self._update_actions()

    def _update_actions(self) -> None:
        pair = self.current()
        can_decide = pair is not None and self._writable and not self._busy
        for act in (self.dismiss_action, self.resolve_a_action, self.resolve_b_action):
            act.setEnabled(can_decide)
        if pair is not None and pair.review == "resolved":
            self.resolve_a_action.setEnabled(can_decide and pair.current_side != "a")
            self.resolve_b_action.setEnabled(can_decide and pair.current_side != "b")
        if pair is not None and pair.review == "dismissed":
            self.dismiss_action.setEnabled(False)
        self.reopen_action.setEnabled(can_decide and pair is not None and pair.review != "open")
        for act, side in ((self.open_a_action, "a"), (self.open_b_action, "b")):
            act.setEnabled(pair is not None and self._exists(pair, side))

    def _exists(self, pair: Contradiction, side: str) -> bool:
        try:
            return note_file(self.vault_root, pair.a.path if side == "a" else pair.b.path).is_file()
        except ValueError:
            return False

    # -- slots -----------------------------------------------------------------------------

    def _on_current_changed(self, current: QModelIndex, _previous: QModelIndex) -> None:
        self._show_detail(self.proxy.contradiction(current.row()) if current.isValid() else None)

    def _on_filter_text(self, text: str) -> None:
        self._refilter(lambda: self.proxy.set_text(text))

    def _on_min_confidence(self, value: int) -> None:
        self._refilter(lambda: self.proxy.set_min_confidence(value / 100.0))

    def _on_show_weak(self, show: bool) -> None:
        self._refilter(lambda: self.proxy.set_show_weak(show))

    def _on_show_reviewed(self, show: bool) -> None:
        self.table.setColumnHidden(COL_REVIEW, not show)
        self._fit_columns()
        self.reopen_button.setVisible(show)
        self._refilter(lambda: self.proxy.set_show_reviewed(show))

    def _fit_columns(self, *_changed: object) -> None:
        """Confidence, Type and Review fit their widest cell whenever rows change (the header
        alone sizes them to the rows it sees at a reset); the note columns share the rest,
        and a cell cut short ends in "…" with its whole text in the tooltip."""
        for col in (COL_CONFIDENCE, COL_TYPE, COL_REVIEW):
            if not self.table.isColumnHidden(col):
                self.table.resizeColumnToContents(col)

    def _refilter(self, change: Callable[[], None]) -> None:
        keep = self.current()
        change()
        if keep is not None and self.proxy.row_of(keep.id) is None:
            self.table.setCurrentIndex(QModelIndex())
        self._after_rows_changed(keep.id if keep else None)
