"""The result list as a Qt item model: relevance tiers at the top level, notes below.

```
Best matches (2)        ← tier row: enabled, not selectable
    Sampling Interval   ← result row: MergedResult in ResultRole
    ...
Good matches (5)
    ...
```

Tier rows carry internal id 0; a result row carries its tier's row + 1, which is all
`parent()` needs. Checked with pytest-qt's `qtmodeltester`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from PySide6.QtCore import QAbstractItemModel, QModelIndex, QObject, QPersistentModelIndex, Qt

from engine.api import TIERS, MergedResult, SearchResponse
from ui.theme import TIER_LABELS, source_style

ResultRole = Qt.ItemDataRole.UserRole + 1  # the MergedResult (result rows)
KindRole = Qt.ItemDataRole.UserRole + 2  # "tier" or "result"
TierRole = Qt.ItemDataRole.UserRole + 3  # "high" / "medium" / "low"
ScoreRole = Qt.ItemDataRole.UserRole + 4  # composite relevance (result rows)

Index = QModelIndex | QPersistentModelIndex
TIER_FLAGS = Qt.ItemFlag.ItemIsEnabled
RESULT_FLAGS = (
    Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable | Qt.ItemFlag.ItemNeverHasChildren
)


@dataclass(frozen=True)
class TierGroup:
    tier: str
    results: tuple[MergedResult, ...]

    @property
    def label(self) -> str:
        return f"{TIER_LABELS.get(self.tier, self.tier.title())} ({len(self.results)})"


def group_by_tier(response: SearchResponse) -> tuple[TierGroup, ...]:
    """Results in tier order (best first), each tier keeping the response's order; empty
    tiers left out."""
    groups: list[TierGroup] = []
    known = set(TIERS)
    for tier in TIERS:
        items = tuple(r for r in response.results if r.tier == tier)
        if items:
            groups.append(TierGroup(tier, items))
    others = tuple(r for r in response.results if r.tier not in known)
    if others:
        groups.append(TierGroup("other", others))
    return tuple(groups)


class ResultsModel(QAbstractItemModel):
    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._groups: tuple[TierGroup, ...] = ()
        self._response: SearchResponse | None = None

    # -- content ------------------------------------------------------------------------

    @property
    def response(self) -> SearchResponse | None:
        return self._response

    def set_response(self, response: SearchResponse | None) -> None:
        self.beginResetModel()
        self._response = response
        self._groups = group_by_tier(response) if response is not None else ()
        self.endResetModel()

    def clear(self) -> None:
        self.set_response(None)

    def result_count(self) -> int:
        return sum(len(g.results) for g in self._groups)

    def result_indexes(self) -> list[QModelIndex]:
        """Every result row, top to bottom (for keyboard navigation)."""
        out: list[QModelIndex] = []
        for row, group in enumerate(self._groups):
            parent = self.index(row, 0)
            out.extend(self.index(r, 0, parent) for r in range(len(group.results)))
        return out

    def result_at(self, index: Index) -> MergedResult | None:
        value = index.data(ResultRole) if index.isValid() else None
        return value if isinstance(value, MergedResult) else None

    # -- QAbstractItemModel -------------------------------------------------------------

    def index(self, row: int, column: int, parent: Index = QModelIndex()) -> QModelIndex:  # noqa: B008
        if column != 0 or row < 0:
            return QModelIndex()
        if not parent.isValid():
            if row < len(self._groups):
                return self.createIndex(row, 0, 0)
            return QModelIndex()
        if parent.internalId() != 0 or parent.column() != 0:
            return QModelIndex()
        group = self._groups[parent.row()] if parent.row() < len(self._groups) else None
        if group is None or row >= len(group.results):
            return QModelIndex()
        return self.createIndex(row, 0, parent.row() + 1)

    def parent(self, index: Index = QModelIndex()) -> QModelIndex:  # type: ignore[override]  # noqa: B008
        if not index.isValid() or index.internalId() == 0:
            return QModelIndex()
        return self.createIndex(index.internalId() - 1, 0, 0)

    def rowCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008
        if not parent.isValid():
            return len(self._groups)
        if parent.internalId() == 0 and parent.column() == 0 and parent.row() < len(self._groups):
            return len(self._groups[parent.row()].results)
        return 0

    def columnCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008
        return 1

    def flags(self, index: Index) -> Qt.ItemFlag:
        if not index.isValid():
            return Qt.ItemFlag.NoItemFlags
        return TIER_FLAGS if index.internalId() == 0 else RESULT_FLAGS

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid() or index.column() != 0:
            return None
        if index.internalId() == 0:
            if index.row() >= len(self._groups):
                return None
            return self._tier_data(self._groups[index.row()], role)
        group_row = index.internalId() - 1
        if group_row >= len(self._groups) or index.row() >= len(self._groups[group_row].results):
            return None
        return self._result_data(self._groups[group_row].results[index.row()], role)

    def _tier_data(self, group: TierGroup, role: int) -> Any:
        if role == Qt.ItemDataRole.DisplayRole:
            return group.label
        if role == KindRole:
            return "tier"
        if role == TierRole:
            return group.tier
        return None

    def _result_data(self, result: MergedResult, role: int) -> Any:
        if role == Qt.ItemDataRole.DisplayRole:
            return result.title or result.note_path
        if role == Qt.ItemDataRole.ToolTipRole:
            found = ", ".join(source_style(s).label for s in result.sources)
            return f"{result.note_path}\nfound by: {found}\nscore {result.composite_relevance:.2f}"
        if role == Qt.ItemDataRole.AccessibleTextRole:
            found = ", ".join(source_style(s).label for s in result.sources)
            return f"{result.title}, {found}, score {result.composite_relevance:.2f}"
        if role == ResultRole:
            return result
        if role == KindRole:
            return "result"
        if role == TierRole:
            return result.tier
        if role == ScoreRole:
            return result.composite_relevance
        return None
