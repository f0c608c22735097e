"""The filter row under the search box: folder, tag, date range and which sources to ask."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from datetime import UTC, datetime, time
from typing import TYPE_CHECKING

from PySide6.QtCore import QDate, Signal
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDateEdit,
    QHBoxLayout,
    QLabel,
    QWidget,
)

from ui.theme import SOURCES

if TYPE_CHECKING:
    from engine.search.service import SearchFilters

ANY = "any"
NO_DATE = QDate(2000, 1, 1)  # the date edits' minimum, shown as "any"


class FilterBar(QWidget):
    changed = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        layout = QHBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(6)

        self.folder = self._combo("Only notes in this folder (and below)")
        self.tag = self._combo("Only notes with this tag (or a tag nested under it)")
        self.since = self._date("Only notes modified or created on or after this day")
        self.until = self._date("Only notes modified or created on or before this day")
        for text, widget in (
            ("Folder", self.folder),
            ("Tag", self.tag),
            ("Since", self.since),
            ("Until", self.until),
        ):
            label = QLabel(text)
            label.setBuddy(widget)
            layout.addWidget(label)
            layout.addWidget(widget)
        layout.addSpacing(12)
        self.source_boxes: dict[str, QCheckBox] = {}
        for style in SOURCES:
            box = QCheckBox(style.label)
            box.setChecked(True)
            box.setToolTip(style.tooltip)
            box.setObjectName(f"source-{style.name}")
            box.toggled.connect(self._source_toggled)
            self.source_boxes[style.name] = box
            layout.addWidget(box)
        layout.addStretch(1)

    def _combo(self, tooltip: str) -> QComboBox:
        combo = QComboBox()
        combo.setEditable(True)
        combo.setInsertPolicy(QComboBox.InsertPolicy.NoInsert)
        combo.setMinimumContentsLength(10)
        combo.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
        combo.setToolTip(tooltip)
        combo.addItem(ANY)
        combo.currentTextChanged.connect(lambda _t: self.changed.emit())
        return combo

    def _date(self, tooltip: str) -> QDateEdit:
        edit = QDateEdit()
        edit.setCalendarPopup(True)
        edit.setMinimumDate(NO_DATE)
        edit.setSpecialValueText(ANY)
        edit.setDate(NO_DATE)
        edit.setDisplayFormat("yyyy-MM-dd")
        edit.setToolTip(tooltip + " (clear it by going back to 'any')")
        edit.dateChanged.connect(lambda _d: self.changed.emit())
        return edit

    def _source_toggled(self, _checked: bool) -> None:
        if not any(box.isChecked() for box in self.source_boxes.values()):
            # never no source at all: the one just unticked comes back
            sender = self.sender()
            if isinstance(sender, QCheckBox):
                sender.blockSignals(True)
                sender.setChecked(True)
                sender.blockSignals(False)
            return
        self.changed.emit()

    # -- choices and values -------------------------------------------------------------

    def set_choices(self, *, folders: Iterable[str], tags: Iterable[str]) -> None:
        """Fill the folder and tag lists, keeping what the user typed or picked."""
        for combo, items in ((self.folder, folders), (self.tag, tags)):
            current = combo.currentText()
            combo.blockSignals(True)
            combo.clear()
            combo.addItem(ANY)
            combo.addItems(list(items))
            combo.setEditText(current or ANY)
            combo.blockSignals(False)

    def set_sources(self, names: Sequence[str]) -> None:
        for name, box in self.source_boxes.items():
            box.blockSignals(True)
            box.setChecked(name in names or not names)
            box.blockSignals(False)

    def sources(self) -> tuple[str, ...]:
        return tuple(name for name, box in self.source_boxes.items() if box.isChecked())

    def filters(self) -> SearchFilters:
        from engine.search.service import SearchFilters  # numpy comes with it: not at start

        return SearchFilters(
            folder=_choice(self.folder.currentText()),
            tag=_choice(self.tag.currentText(), strip="#"),
            since=_day(self.since.date()),
            until=_day(self.until.date(), end=True),
        )

    def reset(self) -> None:
        self.folder.setEditText(ANY)
        self.tag.setEditText(ANY)
        self.since.setDate(NO_DATE)
        self.until.setDate(NO_DATE)


def _choice(text: str, *, strip: str = "") -> str | None:
    value = text.strip().strip(strip).strip("/") if strip else text.strip().strip("/")
    return None if not value or value == ANY else value


def _day(date: QDate, *, end: bool = False) -> datetime | None:
    if date <= NO_DATE:
        return None
    day = datetime(date.year(), date.month(), date.day(), tzinfo=UTC)
    return datetime.combine(day.date(), time.max if end else time.min, tzinfo=UTC)
