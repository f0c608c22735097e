"""The filter row under the search box: folder, tag, date range and which sources to ask.

Dates are typed as people write them (YYYY-MM-DD, a month such as 2026-07, "yesterday",
"last week": `engine.api.parse_date`) or picked from a calendar that opens on the chosen day
or today; what is not a date is said next to the boxes, and the filters in force are named
in the result list's summary (`FilterBar.describe`). Every filter has a clear button and
"Clear filters" clears them all. Folder and tag boxes are empty when unset ("any folder" is
a placeholder, never text), suggest in a popup (nothing is completed inline: typing
"sensor" means the tag "sensor", which also matches the tags nested under it), and the tag
list holds the parents of nested tags.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from datetime import UTC, datetime, time, timedelta
from typing import TYPE_CHECKING

from PySide6.QtCore import QDate, Qt, Signal
from PySide6.QtWidgets import (
    QCalendarWidget,
    QCheckBox,
    QComboBox,
    QCompleter,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QMenu,
    QPushButton,
    QToolButton,
    QWidget,
    QWidgetAction,
)

from ui.theme import SOURCES

if TYPE_CHECKING:
    from engine.api import SearchFilters

ANY = "any"
ERROR_COLOUR = "#b3261e"
INVALID_STYLE = f"QLineEdit {{ border: 1px solid {ERROR_COLOUR}; }}"
DATE_HELP = 'YYYY-MM-DD, a month (2026-07), "yesterday", "last week"'


class DateField(QWidget):
    """A day typed (a date, a month, "last week": the first day of it, or with `end` the
    last) or picked from a calendar; empty means any day."""

    changed = Signal()
    problem_changed = Signal(str)  # why the text is not a date; "" when it is (or empty)

    def __init__(self, tooltip: str, *, end: bool = False, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.end = end
        self.problem = ""
        layout = QHBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(2)
        self.edit = QLineEdit()
        self.edit.setPlaceholderText("any day")
        self.edit.setClearButtonEnabled(True)
        self.edit.setMaxLength(40)
        self.edit.setFixedWidth(120)
        self.edit.setToolTip(f"{tooltip} — type {DATE_HELP}, or pick a day; empty: any day")
        self.edit.editingFinished.connect(self._typed)
        self.edit.textChanged.connect(self._text_changed)
        self.pick = QToolButton()
        self.pick.setText("▾")
        self.pick.setToolTip("Pick a day")
        self.pick.setPopupMode(QToolButton.ToolButtonPopupMode.InstantPopup)
        self.calendar = QCalendarWidget()
        self.calendar.setGridVisible(True)
        self.calendar.clicked.connect(self._picked)
        menu = QMenu(self.pick)
        action = QWidgetAction(menu)
        action.setDefaultWidget(self.calendar)
        menu.addAction(action)
        menu.aboutToShow.connect(self._open_calendar)
        self.pick.setMenu(menu)
        layout.addWidget(self.edit)
        layout.addWidget(self.pick)
        self._value: QDate | None = None

    def value(self) -> QDate | None:
        return self._value

    def set_value(self, day: QDate | None) -> None:
        self.edit.setText(day.toString("yyyy-MM-dd") if day is not None else "")
        self._typed()

    def is_valid(self) -> bool:
        return not self.edit.text().strip() or self._parse(self.edit.text()) is not None

    def _parse(self, text: str) -> QDate | None:
        return _parse_day(text, end=self.end)

    def _open_calendar(self) -> None:
        """The calendar opens on the chosen day, else on today (not on the year 2000)."""
        day = self._value or QDate.currentDate()
        self.calendar.setSelectedDate(day)
        self.calendar.setCurrentPage(day.year(), day.month())

    def _picked(self, day: QDate) -> None:
        self.pick.menu().hide()
        self.set_value(day)

    def _text_changed(self, text: str) -> None:
        if not text.strip():  # the clear button or Delete: no date at once
            self._typed()
        else:
            self.edit.setStyleSheet("" if self.is_valid() else INVALID_STYLE)

    def _typed(self) -> None:
        text = self.edit.text().strip()
        day = self._parse(text) if text else None
        self.edit.setStyleSheet("" if self.is_valid() else INVALID_STYLE)
        if text and day is None:  # the filter keeps its last valid value, and says so
            kept = (
                f"; still {'until' if self.end else 'since'} {self._value.toString('yyyy-MM-dd')}"
                if self._value is not None
                else ""
            )
            self._set_problem(f"“{text}” is not a date: use {DATE_HELP}, or pick a day{kept}")
            return
        self._set_problem("")
        if day != self._value:
            self._value = day
            self.changed.emit()

    def _set_problem(self, problem: str) -> None:
        if problem != self.problem:
            self.problem = problem
            self.problem_changed.emit(problem)


class FilterBar(QWidget):
    changed = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        layout = QHBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(6)

        self.folder = self._combo("Only notes in this folder (and below)")
        self.tag = self._combo("Only notes with this tag (or a tag nested under it)")
        self.since = DateField("Only notes dated on or after this day")
        self.until = DateField("Only notes dated on or before this day", end=True)
        self.since.changed.connect(self._changed)
        self.until.changed.connect(self._changed)
        self.since.problem_changed.connect(self._show_problem)
        self.until.problem_changed.connect(self._show_problem)
        self.problem = QLabel()
        self.problem.setObjectName("filter-problem")
        self.problem.setStyleSheet(f"color:{ERROR_COLOUR};")
        self.problem.setWordWrap(True)
        self.problem.setVisible(False)
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
        layout.addWidget(self.problem, 1)
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
        layout.addSpacing(8)
        self.clear_button = QPushButton("Clear filters")
        self.clear_button.setToolTip("Search every note again: no folder, tag or date")
        self.clear_button.clicked.connect(self.reset)
        self.clear_button.setEnabled(False)
        layout.addWidget(self.clear_button)
        layout.addStretch(1)

    def _combo(self, tooltip: str) -> QComboBox:
        combo = QComboBox()
        combo.setEditable(True)
        combo.setInsertPolicy(QComboBox.InsertPolicy.NoInsert)
        combo.setMinimumContentsLength(10)
        combo.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
        combo.setToolTip(tooltip)
        line = combo.lineEdit()
        assert line is not None
        line.setClearButtonEnabled(True)
        line.setPlaceholderText("any folder" if "folder" in tooltip else "any tag")
        completer = QCompleter(combo.model(), combo)  # suggest in a list, never inline
        completer.setCompletionMode(QCompleter.CompletionMode.PopupCompletion)
        completer.setCaseSensitivity(Qt.CaseSensitivity.CaseInsensitive)
        completer.setFilterMode(Qt.MatchFlag.MatchContains)
        combo.setCompleter(completer)
        combo.currentTextChanged.connect(lambda _t: self._changed())
        return combo

    def _changed(self) -> None:
        self.clear_button.setEnabled(self.filters().active)
        self.changed.emit()

    def _show_problem(self, _problem: str) -> None:
        problems = [f.problem for f in (self.since, self.until) if f.problem]
        self.problem.setText(" · ".join(problems))
        self.problem.setToolTip(" · ".join(problems))
        self.problem.setVisible(bool(problems))

    def describe(self) -> str:
        """The filters in force, in words ("in Projects · #sensor · since 2026-07-01");
        "" when none."""
        parts = []
        folder = _choice(self.folder.currentText())
        tag = _choice(self.tag.currentText(), strip="#")
        if folder:
            parts.append(f"in {folder}")
        if tag:
            parts.append(f"#{tag}")
        since, until = self.since.value(), self.until.value()
        if since is not None:
            parts.append(f"since {since.toString('yyyy-MM-dd')}")
        if until is not None:
            parts.append(f"until {until.toString('yyyy-MM-dd')}")
        return " · ".join(parts)

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
            combo.addItems(list(items) if combo is self.folder else with_parents(items))
            combo.setCurrentIndex(-1)  # nothing chosen unless the user had chosen it
            combo.setEditText("" if current == ANY else current)
            combo.blockSignals(False)

    def set_sources(self, names: Sequence[str]) -> None:
        for name, box in self.source_boxes.items():
            box.blockSignals(True)
            box.setChecked(name in names or not names)
            box.blockSignals(False)

    def sources(self) -> tuple[str, ...]:
        return tuple(name for name, box in self.source_boxes.items() if box.isChecked())

    def filters(self) -> SearchFilters:
        from engine.api import SearchFilters  # numpy comes with it: not at start

        return SearchFilters(
            folder=_choice(self.folder.currentText()),
            tag=_choice(self.tag.currentText(), strip="#"),
            since=_day(self.since.value()),
            until=_day(self.until.value(), end=True),
        )

    def reset(self) -> None:
        """Clear every filter (one `changed` signal)."""
        widgets = (self.folder, self.tag, self.since, self.until)
        for w in widgets:
            w.blockSignals(True)
        for combo in (self.folder, self.tag):
            combo.setCurrentIndex(-1)
            combo.setEditText("")
        self.since.set_value(None)
        self.until.set_value(None)
        for w in widgets:
            w.blockSignals(False)
        self._changed()


def with_parents(tags: Iterable[str]) -> list[str]:
    """The tags and every parent of a nested tag ('sensor/calibration' → also 'sensor'),
    sorted."""
    out: set[str] = set()
    for tag in tags:
        parts = tag.split("/")
        out.update("/".join(parts[:i]) for i in range(1, len(parts) + 1) if parts[i - 1])
    return sorted(out, key=str.casefold)


def _parse_day(text: str, *, end: bool = False) -> QDate | None:
    """The day `text` names: for a month or a range its first day, or its last with `end`
    (None: not a date)."""
    from engine.api import parse_date

    try:
        moment = parse_date(text, end=end)
    except (ValueError, OverflowError):
        return None
    if end and moment.time() == time.min:
        moment -= timedelta(days=1)  # the exclusive bound back to the last day it covers
    day = QDate(moment.year, moment.month, moment.day)
    return day if day.isValid() else None


def _choice(text: str, *, strip: str = "") -> str | None:
    value = text.strip().strip(strip).strip("/") if strip else text.strip().strip("/")
    return None if not value or value == ANY else value


def _day(date: QDate | None, *, end: bool = False) -> datetime | None:
    if date is None:
        return None
    day = datetime(date.year(), date.month(), date.day(), tzinfo=UTC)
    return datetime.combine(day.date(), time.max if end else time.min, tzinfo=UTC)
