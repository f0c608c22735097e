"""The contradiction list as a Qt table model, and the proxy that filters it.

`ContradictionTableModel` holds every pair the catalog knows (open and reviewed), best first
as `engine.contradict.store.lookup` returns them; `ContradictionFilterModel` shows the rows a
user asked for (text over titles/claims/paths, a minimum confidence, reviewed or not) in the
same order. Cells are plain text (`DisplayRole`), never HTML.
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator, Sequence
from typing import Any

from PySide6.QtCore import (
    QAbstractItemModel,
    QAbstractTableModel,
    QModelIndex,
    QObject,
    QPersistentModelIndex,
    QSortFilterProxyModel,
    Qt,
)
from PySide6.QtGui import QFont

from engine.api import FLAG_THRESHOLD, Contradiction, Side
from ui.contradiction_text import (
    confidence_label,
    review_label,
    search_blob,
    shown_newer,
    side_date_label,
    type_label,
)

ContradictionRole = int(Qt.ItemDataRole.UserRole) + 1  # the Contradiction of a row
ConfidenceRole = int(Qt.ItemDataRole.UserRole) + 2  # its confidence as a float

COLUMNS: tuple[str, ...] = ("Confidence", "Type", "Note A", "Note B", "Review")
COL_CONFIDENCE, COL_TYPE, COL_A, COL_B, COL_REVIEW = range(len(COLUMNS))

_Index = QModelIndex | QPersistentModelIndex


class ContradictionTableModel(QAbstractTableModel):
    """One row per contradiction, in the order given (best first)."""

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._items: list[Contradiction] = []
        self._rows: dict[str, int] = {}

    # -- Qt model API --------------------------------------------------------------------

    def rowCount(self, parent: _Index = QModelIndex()) -> int:  # noqa: B008 (Qt signature)
        return 0 if parent.isValid() else len(self._items)

    def columnCount(self, parent: _Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(COLUMNS)

    def headerData(
        self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole
    ) -> Any:
        if (
            orientation == Qt.Orientation.Horizontal
            and role == Qt.ItemDataRole.DisplayRole
            and 0 <= section < len(COLUMNS)
        ):
            return COLUMNS[section]
        return None

    def flags(self, index: _Index) -> Qt.ItemFlag:
        if not self._valid(index):
            return Qt.ItemFlag.NoItemFlags
        return (
            Qt.ItemFlag.ItemIsEnabled
            | Qt.ItemFlag.ItemIsSelectable
            | Qt.ItemFlag.ItemNeverHasChildren
        )

    def data(self, index: _Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not self._valid(index):
            return None
        c = self._items[index.row()]
        col = index.column()
        if role == Qt.ItemDataRole.DisplayRole:
            return self._display(c, col)
        if role == Qt.ItemDataRole.ToolTipRole:
            return self._tooltip(c, col)
        if role == ContradictionRole:
            return c
        if role == ConfidenceRole:
            return c.confidence
        if role == Qt.ItemDataRole.TextAlignmentRole and col == COL_CONFIDENCE:
            return int(Qt.AlignmentFlag.AlignCenter)
        if role == Qt.ItemDataRole.FontRole and c.review != "open":
            font = QFont()
            font.setItalic(True)
            return font
        return None

    # -- contents ------------------------------------------------------------------------

    def set_items(self, items: Sequence[Contradiction]) -> None:
        self.beginResetModel()
        self._items = list(items)
        self._rows = {c.id: i for i, c in enumerate(self._items)}
        self.endResetModel()

    def replace(self, item: Contradiction) -> bool:
        """Put a new version of a pair (same id) in its row, e.g. after a review decision."""
        row = self._rows.get(item.id)
        if row is None:
            return False
        self._items[row] = item
        self.dataChanged.emit(self.index(row, 0), self.index(row, len(COLUMNS) - 1))
        return True

    def items(self) -> tuple[Contradiction, ...]:
        return tuple(self._items)

    def row_of(self, pair_id: str) -> int | None:
        return self._rows.get(pair_id)

    # -- helpers -------------------------------------------------------------------------

    def _valid(self, index: _Index) -> bool:
        return (
            index.isValid()
            and not index.parent().isValid()
            and 0 <= index.row() < len(self._items)
            and 0 <= index.column() < len(COLUMNS)
        )

    @staticmethod
    def _display(c: Contradiction, col: int) -> str:
        if col == COL_CONFIDENCE:
            return confidence_label(c.confidence)
        if col == COL_TYPE:
            return type_label(c.type)
        if col == COL_A:
            return c.a.title or c.a.path
        if col == COL_B:
            return c.b.title or c.b.path
        return review_label(c)

    @classmethod
    def _tooltip(cls, c: Contradiction, col: int) -> str:
        """The cell's whole text first (a narrow column cuts it), then what it is about."""
        shown = cls._display(c, col)
        if col in (COL_A, COL_B):
            side: Side = "a" if col == COL_A else "b"
            s = c.a if side == "a" else c.b
            newer = " (newer)" if shown_newer(c) == side else ""
            where = f"{s.path}\nmodified {side_date_label(c, side)}{newer}"
            head = where if shown == s.path else f"{shown}\n{where}"
            return f"{head}\n\n{s.claim}"
        return f"{shown}\n\n{c.a.claim}\n  vs.\n{c.b.claim}"


class ContradictionFilterModel(QSortFilterProxyModel):
    """Rows matching the filter text (all words, any order), at or above the minimum
    confidence (and the calibrated threshold unless weak pairs are shown), and open unless
    reviewed pairs are shown. Keeps the source order."""

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._words: tuple[str, ...] = ()
        self._min_confidence = 0.0
        self._show_reviewed = False
        self._show_weak = False
        self._blobs: dict[str, str] = {}

    @property
    def show_reviewed(self) -> bool:
        return self._show_reviewed

    @property
    def min_confidence(self) -> float:
        return self._min_confidence

    @property
    def show_weak(self) -> bool:
        return self._show_weak

    def set_show_weak(self, show: bool) -> None:
        if show != self._show_weak:
            with self._filter_change():
                self._show_weak = show

    def setSourceModel(self, model: QAbstractItemModel | None) -> None:
        super().setSourceModel(model)
        if model is not None:
            model.modelAboutToBeReset.connect(self._blobs.clear)

    def set_text(self, text: str) -> None:
        words = tuple(text.casefold().split())
        if words != self._words:
            with self._filter_change():
                self._words = words

    def set_min_confidence(self, value: float) -> None:
        if value != self._min_confidence:
            with self._filter_change():
                self._min_confidence = value

    def set_show_reviewed(self, show: bool) -> None:
        if show != self._show_reviewed:
            with self._filter_change():
                self._show_reviewed = show

    @contextlib.contextmanager
    def _filter_change(self) -> Iterator[None]:
        if hasattr(self, "beginFilterChange"):  # Qt >= 6.9; invalidateFilter is deprecated
            self.beginFilterChange()
            try:
                yield
            finally:
                self.endFilterChange(QSortFilterProxyModel.Direction.Rows)
        else:  # pragma: no cover - older Qt
            yield
            self.invalidateFilter()

    def filterAcceptsRow(self, source_row: int, source_parent: _Index) -> bool:
        model = self.sourceModel()
        if model is None:
            return False
        c = model.index(source_row, 0, source_parent).data(ContradictionRole)
        if not isinstance(c, Contradiction):
            return False
        if c.review != "open" and not self._show_reviewed:
            return False
        if c.confidence < self._min_confidence:
            return False
        if not self._show_weak and c.confidence < FLAG_THRESHOLD:
            return False
        if self._words:
            blob = self._blobs.get(c.id)
            if blob is None:
                blob = self._blobs[c.id] = search_blob(c)
            return all(word in blob for word in self._words)
        return True

    def contradiction(self, row: int) -> Contradiction | None:
        if not 0 <= row < self.rowCount():
            return None
        c = self.index(row, 0).data(ContradictionRole)
        return c if isinstance(c, Contradiction) else None

    def row_of(self, pair_id: str) -> int | None:
        source = self.sourceModel()
        if not isinstance(source, ContradictionTableModel):
            return None
        row = source.row_of(pair_id)
        if row is None:
            return None
        mapped = self.mapFromSource(source.index(row, 0))
        return mapped.row() if mapped.isValid() else None
