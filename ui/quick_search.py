"""The quick-search popup: a small frameless window over everything, opened from the tray.

Type (the query goes out `DEBOUNCE_MS` after the last keystroke as `query_changed`), move
with the arrow keys (also while the cursor is in the line edit), Enter opens the selected
result (the top one by default) through `open_requested(rel_path)`, Esc hides and clears.
The popup then hides, unless the handler answered with a failed `OpenOutcome`
(`show_open_outcome`): it stays open and says why under the results. Answers for a query
that is no longer the text in the box are dropped. Titles and paths are drawn as plain text.
"""

from __future__ import annotations

from PySide6.QtCore import (
    QEvent,
    QModelIndex,
    QObject,
    QPersistentModelIndex,
    QPoint,
    QRect,
    QSize,
    Qt,
    QTimer,
    Signal,
    Slot,
)
from PySide6.QtGui import (
    QColor,
    QCursor,
    QFont,
    QGuiApplication,
    QHideEvent,
    QKeyEvent,
    QPainter,
    QPalette,
)
from PySide6.QtWidgets import (
    QFrame,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QMenu,
    QStyle,
    QStyledItemDelegate,
    QStyleOptionViewItem,
    QVBoxLayout,
    QWidget,
)

from engine.api import OpenOutcome, SearchResponse
from ui.note_menu import note_menu, show_menu

DEBOUNCE_MS = 120
MAX_RESULTS = 8
WIDTH = 600
PathRole = int(Qt.ItemDataRole.UserRole) + 1
HINT_STYLE = "color:palette(placeholder-text);"
PROBLEM_STYLE = "color:#b42318; font-weight:600;"

_Index = QModelIndex | QPersistentModelIndex


class _ResultDelegate(QStyledItemDelegate):
    """Two lines per result: the title, and the note's path in smaller, muted text."""

    def sizeHint(self, option: QStyleOptionViewItem, index: _Index) -> QSize:
        height = option.fontMetrics.height()
        return QSize(option.rect.width(), int(height * 2.6) + 8)

    def paint(self, painter: QPainter, option: QStyleOptionViewItem, index: _Index) -> None:
        opt = QStyleOptionViewItem(option)
        self.initStyleOption(opt, index)
        opt.text = ""
        style = opt.widget.style() if opt.widget else None
        painter.save()
        try:
            if style is not None:
                style.drawControl(QStyle.ControlElement.CE_ItemViewItem, opt, painter, opt.widget)
            selected = bool(opt.state & QStyle.StateFlag.State_Selected)
            group = QPalette.ColorRole.HighlightedText if selected else QPalette.ColorRole.Text
            text_color = opt.palette.color(group)
            rect = opt.rect.adjusted(12, 4, -12, -4)
            title_font = QFont(opt.font)
            title_font.setWeight(QFont.Weight.DemiBold)
            painter.setFont(title_font)
            painter.setPen(text_color)
            line = rect.height() // 2
            title = str(index.data(Qt.ItemDataRole.DisplayRole) or "")
            title_rect = QRect(rect.left(), rect.top(), rect.width(), line)
            elided = painter.fontMetrics().elidedText(
                title, Qt.TextElideMode.ElideRight, rect.width()
            )
            painter.drawText(
                title_rect, Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter, elided
            )
            path_font = QFont(opt.font)
            path_font.setPointSizeF(max(7.0, opt.font.pointSizeF() * 0.88))
            painter.setFont(path_font)
            muted = QColor(text_color)
            muted.setAlphaF(0.65)
            painter.setPen(muted)
            path = str(index.data(PathRole) or "")
            path_rect = QRect(rect.left(), rect.top() + line, rect.width(), rect.height() - line)
            elided = painter.fontMetrics().elidedText(
                path, Qt.TextElideMode.ElideMiddle, rect.width()
            )
            painter.drawText(
                path_rect, Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter, elided
            )
        finally:
            painter.restore()


class QuickSearchPopup(QWidget):
    query_changed = Signal(str)  # debounced, stripped, never empty
    open_requested = Signal(str)  # rel_path of the chosen note
    note_action = Signal(str, str)  # path, a `ui.note_menu` action chosen in the context menu

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(
            parent,
            Qt.WindowType.Tool
            | Qt.WindowType.FramelessWindowHint
            | Qt.WindowType.WindowStaysOnTopHint,
        )
        self.setWindowTitle("Quick search")
        self.setObjectName("quickSearch")
        self.setFixedWidth(WIDTH)

        frame = QFrame(self)
        frame.setObjectName("quickSearchFrame")
        frame.setStyleSheet(
            "#quickSearchFrame { border:1px solid palette(mid); border-radius:8px;"
            " background:palette(base); }"
            " QLineEdit { border:none; font-size:17px; padding:10px 12px; background:transparent; }"
            " QListWidget { border:none; border-top:1px solid palette(midlight);"
            " background:transparent; }"
        )
        outer = QVBoxLayout(self)
        outer.setContentsMargins(0, 0, 0, 0)
        outer.addWidget(frame)
        layout = QVBoxLayout(frame)
        layout.setContentsMargins(4, 4, 4, 4)
        layout.setSpacing(0)

        self.edit = QLineEdit(frame)
        self.edit.setPlaceholderText("Search your notes…")
        self.edit.installEventFilter(self)
        self.edit.textChanged.connect(self._on_text_changed)
        layout.addWidget(self.edit)

        self.results = QListWidget(frame)
        self.results.setItemDelegate(_ResultDelegate(self.results))
        self.results.setFocusPolicy(Qt.FocusPolicy.NoFocus)  # keys stay in the line edit
        self.results.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.results.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.results.itemActivated.connect(lambda _item: self._open_current())
        self.results.itemClicked.connect(lambda _item: self._open_current())
        self.results.setContextMenuPolicy(Qt.ContextMenuPolicy.CustomContextMenu)
        self.results.customContextMenuRequested.connect(self._show_context_menu)
        self.results.hide()
        layout.addWidget(self.results)

        self.hint = QLabel(frame)
        self.hint.setContentsMargins(12, 6, 12, 8)
        self.hint.setObjectName("quick-hint")
        self.hint.setTextFormat(Qt.TextFormat.PlainText)  # reasons quote note paths
        self.hint.setWordWrap(True)
        self.hint.setStyleSheet(HINT_STYLE)
        self.hint.hide()
        layout.addWidget(self.hint)

        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.setInterval(DEBOUNCE_MS)
        self._timer.timeout.connect(self._emit_query)
        self._shown_query: str | None = None
        self._was_active = False
        self._failed: OpenOutcome | None = None  # the last open that failed, shown in the hint
        self._fit()

    # -- public ----------------------------------------------------------------------------

    @Slot()
    def popup(self) -> None:
        """Show centred on the screen under the mouse, focus in the line edit."""
        screen = QGuiApplication.screenAt(QCursor.pos()) or QGuiApplication.primaryScreen()
        self._fit()
        if screen is not None:
            area = screen.availableGeometry()
            x = area.left() + (area.width() - self.width()) // 2
            y = area.top() + max(0, (area.height() - self.height()) // 3)
            self.move(x, y)
        self.show()
        self.raise_()
        self.activateWindow()
        self.edit.setFocus(Qt.FocusReason.PopupFocusReason)
        self.edit.selectAll()

    @Slot(object)
    def show_results(self, response: SearchResponse) -> None:
        """Show the top results of `response` unless the box now holds another query."""
        if response.query.strip() != self.edit.text().strip() or not self.edit.text().strip():
            return
        self.results.clear()
        for result in response.results[:MAX_RESULTS]:
            item = QListWidgetItem(result.title or result.note_path)
            item.setData(PathRole, result.note_path)
            item.setToolTip(result.note_path)
            self.results.addItem(item)
        self._shown_query = response.query.strip()
        if self.results.count():
            self.results.setCurrentRow(0)
            self._set_hint("↑↓ to choose · Enter to open in Obsidian · Esc to close")
        else:
            self._set_hint("No matching notes.")
        self._fit()

    @Slot(object)
    def show_open_outcome(self, outcome: OpenOutcome) -> None:
        """What became of the note chosen here: a failure stays on screen with its reason
        (the popup is kept open); anything opened lets the popup close."""
        if outcome.opened:
            self._failed = None
            return
        self._failed = outcome
        self._set_hint(f"⚠ {outcome.message}", problem=True)
        self._fit()

    def problem(self) -> str | None:
        """The reason shown for the last failed open, if it is still on screen."""
        return self.hint.text() if self._failed is not None else None

    def current_path(self) -> str | None:
        """The selected result's path (the top one unless the user moved)."""
        item = self.results.currentItem() or self.results.item(0)
        return str(item.data(PathRole)) if item is not None else None

    def context_menu_at(self, pos: QPoint) -> QMenu | None:
        """The note menu of the result under `pos` (viewport coordinates), if any."""
        item = self.results.itemAt(pos)
        path = item.data(PathRole) if item is not None else None
        return note_menu(self.results, str(path), self.note_action.emit) if path else None

    def _show_context_menu(self, pos: QPoint) -> None:
        show_menu(self.context_menu_at(pos), self.results, pos)

    @Slot()
    def dismiss(self) -> None:
        """Hide and forget the query and results."""
        self._timer.stop()
        self.hide()
        self.edit.clear()
        self._clear_results()

    # -- behaviour -------------------------------------------------------------------------

    def _on_text_changed(self, text: str) -> None:
        if text.strip():
            self._timer.start()
            if self._shown_query is not None and self._shown_query != text.strip():
                self._set_hint("Searching…")
        else:
            self._timer.stop()
            self._clear_results()

    def _emit_query(self) -> None:
        text = self.edit.text().strip()
        if text:
            self.query_changed.emit(text)

    def _clear_results(self) -> None:
        self.results.clear()
        self._shown_query = None
        self._set_hint("")
        self._fit()

    def _set_hint(self, text: str, *, problem: bool = False) -> None:
        if not problem:
            self._failed = None
        self.hint.setStyleSheet(PROBLEM_STYLE if problem else HINT_STYLE)
        self.hint.setText(text)

    def _open_current(self) -> None:
        path = self.current_path()
        if path is None or self._shown_query != self.edit.text().strip():
            return  # nothing shown yet for this text
        self._failed = None
        self.open_requested.emit(path)  # a handler may answer with show_open_outcome
        if self._failed is None:
            self.dismiss()

    def _move(self, step: int) -> None:
        count = self.results.count()
        if not count:
            return
        row = self.results.currentRow()
        self.results.setCurrentRow(max(0, min(count - 1, (row if row >= 0 else 0) + step)))

    def _fit(self) -> None:
        has_results = self.results.count() > 0
        if has_results:
            row_height = self.results.sizeHintForRow(0)
            self.results.setFixedHeight(row_height * self.results.count() + 4)
        self.results.setVisible(has_results)
        self.hint.setVisible(bool(self.hint.text()))
        self.adjustSize()

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if watched is self.edit and event.type() == QEvent.Type.KeyPress:
            assert isinstance(event, QKeyEvent)
            if self._handle_key(event):
                return True
        return super().eventFilter(watched, event)

    def keyPressEvent(self, event: QKeyEvent) -> None:
        if not self._handle_key(event):
            super().keyPressEvent(event)

    def _handle_key(self, event: QKeyEvent) -> bool:
        key = event.key()
        steps = {
            Qt.Key.Key_Down: 1,
            Qt.Key.Key_Up: -1,
            Qt.Key.Key_PageDown: MAX_RESULTS,
            Qt.Key.Key_PageUp: -MAX_RESULTS,
        }
        if key in steps:
            self._move(steps[key])
            return True
        if key in (Qt.Key.Key_Return, Qt.Key.Key_Enter):
            self._open_current()
            return True
        if key == Qt.Key.Key_Escape:
            self.dismiss()
            return True
        return False

    def changeEvent(self, event: QEvent) -> None:
        # Clicking elsewhere hides the popup, like other launchers.
        if event.type() == QEvent.Type.ActivationChange and self.isVisible():
            if self.isActiveWindow():
                self._was_active = True
            elif self._was_active:
                self._was_active = False
                self.hide()
        super().changeEvent(event)

    def hideEvent(self, event: QHideEvent) -> None:
        self._was_active = False
        super().hideEvent(event)
