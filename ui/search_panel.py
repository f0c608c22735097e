"""The search tab: search box, filters, warnings, results by tier, and the selected result.

Search-as-you-type: every edit restarts a single-shot debounce timer; when it fires the query
gets the next generation number and `query_ready` asks for it. Answers carry their
generation; anything older than the newest query is dropped (`show_outcome`).

Keyboard: Up/Down in the search box move through the results, Enter opens the selected note
in Obsidian, Ctrl+Enter opens it with the system's default app, Esc clears the search.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Sequence
from typing import TYPE_CHECKING

from PySide6.QtCore import (
    QEvent,
    QItemSelectionModel,
    QModelIndex,
    QObject,
    QPoint,
    Qt,
    QTimer,
    Signal,
)
from PySide6.QtGui import QKeyEvent, QPaintEvent
from PySide6.QtWidgets import (
    QAbstractItemView,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QMenu,
    QSplitter,
    QTreeView,
    QVBoxLayout,
    QWidget,
)

from engine.api import open_target
from ui.bridge import SearchOutcome
from ui.detail_view import DetailView
from ui.filters import FilterBar
from ui.note_menu import note_menu, show_menu
from ui.result_delegate import ResultDelegate
from ui.results_model import ResultsModel
from ui.theme import MUTED
from ui.warnings_bar import WarningsBar

if TYPE_CHECKING:
    from engine.api import MergedResult, SearchFilters, SearchResponse

log = logging.getLogger(__name__)

DEBOUNCE_MS = 170
MIN_CHARS = 2  # one CJK character is a fine query on its own


#: A refreshed answer keeps the selected note only while it ranks this high (else rank 1).
KEEP_SELECTION_RANKS = 5
INDEXING_REFRESH_S = 2.0  # while indexing, the query is asked again this often at most
REFRESH_COST_SHARE = 0.05  # ... and never so often that searching takes more of the time


def worth_searching(text: str) -> bool:
    text = text.strip()
    return len(text) >= MIN_CHARS or any(ord(c) >= 0x2E80 for c in text)


class ResultsView(QTreeView):
    """The result list; says when it has painted (to measure query → results drawn)."""

    painted = Signal()

    def paintEvent(self, event: QPaintEvent) -> None:
        super().paintEvent(event)
        self.painted.emit()


class SearchPanel(QWidget):
    query_ready = Signal(int, str, object, object)  # generation, text, SearchFilters, sources
    open_requested = Signal(str, bool)  # vault-relative path, in Obsidian (else default app)
    note_wanted = Signal(str)  # the selected note's path: its text is asked for
    note_action = Signal(str, str)  # path, a `ui.note_menu` action chosen in the context menu
    results_drawn = Signal(int, float)  # generation, ms from debounce fire to drawn

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.generation = 0
        self._asked_at: dict[int, float] = {}
        self._query = ""
        self.last_latency_ms: float | None = None

        layout = QVBoxLayout(self)
        layout.setContentsMargins(10, 10, 10, 4)
        layout.setSpacing(8)

        top = QHBoxLayout()
        self.search_box = QLineEdit()
        self.search_box.setObjectName("search-box")
        self.search_box.setPlaceholderText(
            "Search your vault by meaning, words and links…   (Ctrl+K)"
        )
        self.search_box.setClearButtonEnabled(True)
        font = self.search_box.font()
        font.setPointSizeF(font.pointSizeF() * 1.25)
        self.search_box.setFont(font)
        self.search_box.setMinimumHeight(34)
        self.search_box.installEventFilter(self)
        top.addWidget(self.search_box, 1)
        self.summary = QLabel()
        self.summary.setObjectName("search-summary")
        self.summary.setStyleSheet(f"color:{MUTED};")
        self.summary.setMinimumWidth(150)
        self.summary.setAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        top.addWidget(self.summary)
        layout.addLayout(top)

        self.filters = FilterBar()
        layout.addWidget(self.filters)
        self.warnings = WarningsBar()
        layout.addWidget(self.warnings)

        self.model = ResultsModel(self)
        self.results = ResultsView()
        self.results.setObjectName("results")
        self.results.setModel(self.model)
        self.results.setItemDelegate(ResultDelegate(self.results))
        self.results.setHeaderHidden(True)
        self.results.setRootIsDecorated(False)
        self.results.setIndentation(0)
        self.results.setItemsExpandable(False)
        self.results.setExpandsOnDoubleClick(False)
        self.results.setUniformRowHeights(False)
        self.results.setMouseTracking(True)
        self.results.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.results.setVerticalScrollMode(QAbstractItemView.ScrollMode.ScrollPerPixel)
        self.results.setMinimumWidth(300)
        self.results.installEventFilter(self)
        self.results.selectionModel().currentChanged.connect(self._current_changed)
        self.results.doubleClicked.connect(self._double_clicked)
        self.results.setContextMenuPolicy(Qt.ContextMenuPolicy.CustomContextMenu)
        self.results.customContextMenuRequested.connect(self._show_context_menu)
        self.results.painted.connect(self._painted)
        self._undrawn: int | None = None  # an answer shown but not painted yet

        self.detail = DetailView()
        splitter = QSplitter(Qt.Orientation.Horizontal)
        splitter.addWidget(self.results)
        splitter.addWidget(self.detail)
        splitter.setStretchFactor(0, 2)
        splitter.setStretchFactor(1, 5)
        splitter.setSizes([380, 900])
        splitter.setChildrenCollapsible(False)
        layout.addWidget(splitter, 1)
        self.splitter = splitter

        self._debounce = QTimer(self)
        self._debounce.setSingleShot(True)
        self._debounce.setInterval(DEBOUNCE_MS)
        self._debounce.timeout.connect(self.search_now)
        self.search_box.textChanged.connect(self._text_changed)
        self.filters.changed.connect(self._filters_changed)
        self._outcome: SearchOutcome | None = None
        self._indexing: tuple[int, int, bool] | None = None  # (done, total, meaning only)
        self._show_hint()

    # -- asking ---------------------------------------------------------------------------

    @property
    def query(self) -> str:
        return self._query

    def set_query(self, text: str, *, now: bool = False) -> None:
        self.search_box.setText(text)
        if now:
            self.search_now()

    def _text_changed(self, text: str) -> None:
        self._debounce.start()
        if self._indexing is not None and text.strip():  # said at once, before any answer
            self.warnings.set_notice("indexing_partial", partial_text(*self._indexing))

    def _filters_changed(self) -> None:
        if self.search_box.text().strip():
            self._debounce.start()

    def search_now(self) -> None:
        """Ask for the current text now (the debounce timer calls this)."""
        self._debounce.stop()
        text = self.search_box.text().strip()
        self.generation += 1
        self._query = text
        if not worth_searching(text):
            self._asked_at.clear()
            self._outcome = None
            self.model.clear()
            self.warnings.set_search_warnings(())
            self._show_hint()
            return
        self._asked_at = {self.generation: time.perf_counter()}
        self.summary.setText("searching…")
        self.query_ready.emit(self.generation, text, self.filters.filters(), self.filters.sources())

    def current_filters(self) -> SearchFilters:
        return self.filters.filters()

    # -- answers ------------------------------------------------------------------------

    def is_current(self, generation: int) -> bool:
        return generation == self.generation

    def set_indexing(
        self, done: int | None, total: int | None = None, *, meaning_only: bool = False
    ) -> None:
        """The index is being built (`done` of `total` notes, total 0 when not known yet;
        None: it is complete; `meaning_only`: words and links hold every note already and
        the notes are being read for meaning). Answers until then are partial and say so;
        the current query is asked again every `INDEXING_REFRESH_S` while notes are added."""
        self._indexing = None if done is None else (done, total or 0, meaning_only)
        if self._indexing is None:
            self.warnings.set_notice("indexing_partial", None)
            return
        if self._outcome is None:
            return
        self.warnings.set_notice("indexing_partial", partial_text(*self._indexing))
        if not self._outcome.response.results:
            self.detail.clear(still_indexing_text(self._outcome.response.query, *self._indexing))
        asked = max(self._asked_at.values(), default=0.0)
        cost_s = (self.last_latency_ms or 0.0) / 1000
        every = max(INDEXING_REFRESH_S, cost_s / REFRESH_COST_SHARE)  # leave the cores to indexing
        if self._query and time.perf_counter() - asked >= every:
            self.search_now()

    def show_outcome(self, generation: int, outcome: SearchOutcome) -> bool:
        """Show an answer if it is for the newest query; False (dropped) otherwise."""
        if generation != self.generation:
            log.debug("dropped a stale answer (generation %d < %d)", generation, self.generation)
            return False
        keep = self._selected_path()
        self._outcome = outcome
        response = outcome.response
        self.model.set_response(response)
        self.results.expandAll()
        self.warnings.set_search_warnings(response.warnings)
        indexing = self._indexing
        self.warnings.set_notice(
            "indexing_partial", partial_text(*indexing) if indexing is not None else None
        )
        n = len(response.results)
        meta = response.query_metadata
        summary = (
            f"{n} result{'s' if n != 1 else ''} · {meta.total_ms:.0f} ms" if n else "no results"
        )
        filtered = self.filters.describe()  # always say what the list is filtered by
        self.summary.setText(f"{summary} · {filtered}" if filtered else summary)
        self.summary.setToolTip(f"Filtered: {filtered}" if filtered else "")
        if n:
            self._select_after_answer(keep)
        elif indexing is not None:
            self.detail.clear(still_indexing_text(response.query, *indexing))
        else:
            self.detail.clear(nothing_found_text(response, self.filters.filters()))
        self._undrawn = generation
        self.results.viewport().update()
        return True

    def _painted(self) -> None:
        """The first paint after an answer: that answer is on screen."""
        generation, self._undrawn = self._undrawn, None
        if generation is None:
            return
        started = self._asked_at.get(generation, time.perf_counter())
        self.last_latency_ms = (time.perf_counter() - started) * 1000
        self.results_drawn.emit(generation, self.last_latency_ms)

    def show_error(self, generation: int, message: str) -> None:
        if generation != self.generation:
            return
        self.summary.setText("")
        self.warnings.set_search_error(message)

    def show_hint(self) -> None:
        self._show_hint()

    def _show_hint(self) -> None:
        self.summary.setText("")
        self.detail.clear(
            "Type to search. Results found by meaning, words and links are merged into one list."
        )

    # -- selection and keys -------------------------------------------------------------

    def _selected_path(self) -> str | None:
        result = self.model.result_at(self.results.currentIndex())
        return result.note_path if result is not None else None

    def _select_after_answer(self, keep: str | None) -> None:
        """After a new or refreshed answer the list shows its best matches: the note picked
        before stays selected only while it ranks in the top `KEEP_SELECTION_RANKS`."""
        rows = self.model.result_indexes()
        for rank, index in enumerate(rows[:KEEP_SELECTION_RANKS]):
            result = self.model.result_at(index)
            if keep is not None and result is not None and result.note_path == keep:
                self._select(index)
                if rank == 0:
                    self.results.scrollToTop()  # the first tier's header too
                return
        self.move_selection(0, absolute=True)
        self.results.scrollToTop()

    def _select(self, index: QModelIndex) -> None:
        self.results.selectionModel().setCurrentIndex(
            index, QItemSelectionModel.SelectionFlag.ClearAndSelect
        )
        self.results.scrollTo(index)

    def move_selection(self, step: int, *, absolute: bool = False) -> None:
        """Select the result `step` rows from the current one (or the `step`-th result)."""
        rows = self.model.result_indexes()
        if not rows:
            return
        current = self.results.currentIndex()
        position = next((i for i, ix in enumerate(rows) if ix == current), -1)
        target = step if absolute or position < 0 else position + step
        self._select(rows[max(0, min(len(rows) - 1, target))])

    def selected_path(self) -> str | None:
        return self._selected_path()

    def open_selected(self, *, in_obsidian: bool = True) -> None:
        """Open the selected result: a PDF at the page of its best passage."""
        result = self.model.result_at(self.results.currentIndex())
        if result is not None:
            self.open_requested.emit(
                open_target(result.note_path, best_heading(result)), in_obsidian
            )

    def _current_changed(self, current: QModelIndex, _previous: QModelIndex) -> None:
        result = self.model.result_at(current)
        if result is None:
            return
        outcome = self._outcome
        facts = outcome.notes.get(result.note_path) if outcome is not None else None
        self.detail.show_result(
            result,
            query=self._query,
            facts=facts,
            chunks=outcome.chunks if outcome is not None else None,
            contradicts=self._contradicting(result.note_path),
        )
        self.note_wanted.emit(result.note_path)

    def _contradicting(self, path: str) -> Sequence[str]:
        if self._outcome is None:
            return ()
        others: list[str] = []
        for item in self._outcome.response.contradictions:
            a, b = getattr(item, "a", None), getattr(item, "b", None)
            if a is None or b is None:
                continue
            if a.path == path and b.path not in others:
                others.append(b.path)
            elif b.path == path and a.path not in others:
                others.append(a.path)
        return others

    def context_menu_at(self, pos: QPoint) -> QMenu | None:
        """The note menu of the result under `pos` (viewport coordinates), if any."""
        result = self.model.result_at(self.results.indexAt(pos))
        if result is None:
            return None
        return note_menu(self.results, result.note_path, self.note_action.emit)

    def _show_context_menu(self, pos: QPoint) -> None:
        show_menu(self.context_menu_at(pos), self.results, pos)

    def _double_clicked(self, index: QModelIndex) -> None:
        if self.model.result_at(index) is not None:
            self.open_selected(in_obsidian=True)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() != QEvent.Type.KeyPress or not isinstance(event, QKeyEvent):
            return super().eventFilter(watched, event)
        key = event.key()
        if key in (Qt.Key.Key_Return, Qt.Key.Key_Enter):
            if watched is self.search_box and self._debounce.isActive():
                self.search_now()  # Enter before the debounce fired: search, do not open
                return True
            ctrl = bool(event.modifiers() & Qt.KeyboardModifier.ControlModifier)
            self.open_selected(in_obsidian=not ctrl)
            return True
        if watched is self.search_box:
            if key == Qt.Key.Key_Down:
                self.move_selection(1)
                return True
            if key == Qt.Key.Key_Up:
                self.move_selection(-1)
                return True
            if key in (Qt.Key.Key_PageDown, Qt.Key.Key_PageUp):
                self.move_selection(5 if key == Qt.Key.Key_PageDown else -5)
                return True
            if key == Qt.Key.Key_Escape and self.search_box.text():
                self.search_box.clear()
                return True
        return super().eventFilter(watched, event)


def nothing_found_text(response: SearchResponse, filters: SearchFilters) -> str:
    """The empty state, naming what narrowed the search (the filters, and query words read as
    a date range) so a filter that hides the note is not mistaken for a vault without it."""
    said = [w.message for w in response.warnings if w.kind == "date_from_query"]
    if filters.active:
        said.append(f"the filters keep only the notes {filters.describe()}")
    text = f"Nothing found for “{response.query}”."
    if said:
        text += " " + "; ".join(s[:1].upper() + s[1:] for s in said) + "."
        text += " Clear the filters or the date words to search every note."
    return text


def partial_text(done: int, total: int, meaning_only: bool = False) -> str:
    """The notice over results found while the index is still being built."""
    if meaning_only:
        counts = f" ({done}/{total} notes)" if total else ""
        return (
            "Words and links cover every note; search by meaning is still reading the "
            f"vault{counts} — the list updates as it goes"
        )
    if not total:
        return "The vault is still being indexed — results so far are partial"
    return f"Reading notes {done}/{total} — results so far are partial; the list updates as it goes"


def still_indexing_text(query: str, done: int, total: int, meaning_only: bool = False) -> str:
    """The empty state while the index is still being built: not "Nothing found"."""
    if meaning_only:
        counts = f" ({done} of {total} notes so far)" if total else ""
        return (
            f"No words or links match “{query}”; search by meaning is still reading the "
            f"vault{counts}. The list updates as notes are read."
        )
    counts = f" ({done} of {total} notes so far)" if total else ""
    return (
        f"Nothing for “{query}” yet: the vault is still being indexed{counts}. "
        "The list updates as notes are added."
    )


def best_heading(result: MergedResult) -> tuple[str, ...]:
    """The heading path of a result's best passage (the chunk that ranked it), else its first."""
    for excerpt in result.excerpts:
        if excerpt.chunk_id is not None and excerpt.chunk_id == result.best_chunk_id:
            return excerpt.heading_path
    return result.excerpts[0].heading_path if result.excerpts else ()
