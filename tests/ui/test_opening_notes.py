"""Notes that open, from every place a note is listed, on the real window over the indexed
demo vault. No Obsidian exists here: the desktop is reached only through `ui.obsidian.open_url`,
replaced by a recorder (which can be told to refuse, to inject the fault)."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

import pytest
from PySide6.QtCore import Qt, QUrl
from PySide6.QtGui import QGuiApplication

from ui import obsidian
from ui.app import connect_quick_search
from ui.connections_view import PATH_ROLE
from ui.contradiction_model import COL_A, COL_B
from ui.main_window import EngineOverrides, MainWindow
from ui.note_menu import ACTIONS, COPY_PATH, OPEN_DEFAULT, SHOW_IN_FOLDER, action_named
from ui.quick_search import QuickSearchPopup
from ui.settings import Settings

if TYPE_CHECKING:
    from conftest import DemoCopy
    from pytestqt.qtbot import QtBot

    from engine.embed.embedder import Embedder

pytestmark = pytest.mark.slow  # the indexed demo vault and the real model

READY_MS = 60_000
ADR = "Decisions/ADR-003 Sampling Interval.md"
MENU = [text for _action, text in ACTIONS]


@dataclass
class Desktop:
    """What the app asked the desktop to open; `refuse` makes every request fail."""

    urls: list[QUrl] = field(default_factory=list)
    refuse: bool = False

    def open_url(self, url: QUrl) -> bool:
        self.urls.append(url)
        return not self.refuse

    def files(self) -> list[Path]:
        return [Path(u.toLocalFile()) for u in self.urls if u.isLocalFile()]


@dataclass
class Ready:
    window: MainWindow
    desktop: Desktop
    vault: Path


@pytest.fixture
def ready(
    qtbot: QtBot,
    demo_index: DemoCopy,
    embedder: Embedder,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> Iterator[Ready]:
    """The window on the demo vault, searchable, on a desktop without Obsidian."""
    desktop = Desktop()
    monkeypatch.setattr(obsidian, "open_url", desktop.open_url)
    monkeypatch.setattr(obsidian, "obsidian_registered", lambda: False)
    monkeypatch.setattr(obsidian, "known_vault_files", lambda: (tmp_path / "obsidian.json",))
    before = _python_threads()
    window = MainWindow(
        Settings(),
        store=None,
        overrides=EngineOverrides(
            data_dir=demo_index.data_dir, embedder=embedder, index=False, live=False
        ),
    )
    qtbot.addWidget(window)
    window.show()
    window.open_vault(demo_index.vault)
    session = window.session
    assert session is not None
    qtbot.waitUntil(lambda: session.is_ready and session.info is not None, timeout=READY_MS)
    yield Ready(window, desktop, demo_index.vault.resolve())
    window.shutdown()
    qtbot.waitUntil(lambda: _python_threads() <= before, timeout=10_000)


def _python_threads() -> set[threading.Thread]:
    """Live Python threads, leaving out Qt pool threads seen from Python and tqdm's
    process-wide monitor (as in test_main_window)."""
    return {
        t
        for t in threading.enumerate()
        if t.is_alive() and not isinstance(t, threading._DummyThread) and t.name != "tqdm_monitor"
    }


def _popup(qtbot: QtBot, ready: Ready, notes: list[tuple[str, str]]) -> QuickSearchPopup:
    popup = QuickSearchPopup()
    qtbot.addWidget(popup)
    connect_quick_search(ready.window, popup, notify=lambda t, m: notes.append((t, m)) or True)
    popup.popup()
    qtbot.waitExposed(popup)
    popup.edit.setText("sampling interval")
    qtbot.waitUntil(lambda: popup.current_path() == ADR, timeout=READY_MS)
    return popup


def test_tray_popup_opens_the_note_while_the_window_is_hidden(qtbot: QtBot, ready: Ready) -> None:
    ready.window.hide()  # closed to the tray
    notes: list[tuple[str, str]] = []
    popup = _popup(qtbot, ready, notes)
    qtbot.keyClick(popup.edit, Qt.Key.Key_Return)
    assert ready.desktop.files() == [ready.vault / ADR]  # no Obsidian: the default editor
    assert not popup.isVisible()
    # Nothing of the app is on screen: the fallback is told by a tray notification.
    [(title, message)] = notes
    assert title == "Consilience"
    assert message.startswith("Obsidian does not seem to be installed")
    assert message.endswith("opened in your default editor instead")


def test_tray_popup_stays_open_with_the_reason_when_the_note_cannot_open(
    qtbot: QtBot, ready: Ready
) -> None:
    ready.window.hide()
    notes: list[tuple[str, str]] = []
    popup = _popup(qtbot, ready, notes)
    ready.desktop.refuse = True  # the fault: nothing on this desktop opens a markdown file
    qtbot.keyClick(popup.edit, Qt.Key.Key_Return)
    assert ready.desktop.files() == [ready.vault / ADR]
    assert popup.isVisible() and popup.hint.isVisible()
    problem = popup.problem()
    assert problem is not None and problem == popup.hint.text()
    assert f"Could not open {ADR}" in problem
    assert "no application on this computer opens .md files" in problem
    assert notes == []  # the popup itself says it, where the user acted

    ready.desktop.refuse = False
    (ready.vault / ADR).unlink()  # the note was deleted since it was indexed
    qtbot.keyClick(popup.edit, Qt.Key.Key_Return)
    assert popup.isVisible()
    assert popup.problem() == f"⚠ The note no longer exists: {ADR}"
    menu = popup.context_menu_at(popup.results.visualItemRect(popup.results.item(0)).center())
    assert menu is not None and [a.text() for a in menu.actions()] == MENU
    action_named(menu, COPY_PATH).trigger()  # what the reason suggests, from the popup itself
    assert QGuiApplication.clipboard().text() == str(ready.vault / ADR)
    qtbot.keyClicks(popup.edit, " x")  # typing again replaces the reason
    assert popup.problem() is None


def test_the_window_says_why_a_note_did_not_open(qtbot: QtBot, ready: Ready) -> None:
    bar = ready.window.statusBar()
    outcome = ready.window.open_note(ADR)
    assert outcome.how == "default app"
    assert "Obsidian does not seem to be installed" in bar.currentMessage()
    ready.desktop.refuse = True
    outcome = ready.window.open_note(ADR)
    assert not outcome.opened
    shown = bar.currentMessage()  # one line, cut after a whole word where it is too long
    assert shown.startswith(f"Could not open {ADR}.")
    assert shown == outcome.message or outcome.message.startswith(shown.removesuffix("…"))
    assert bar.toolTip() == ("" if shown == outcome.message else outcome.message)
    # the whole reason, wrapped, where a status bar would cut it
    assert any(line.endswith(outcome.message) for line in ready.window.search.warnings.lines())
    bar.clearMessage()
    ready.desktop.refuse = False
    ready.window.open_note(ADR, False)  # the default app, as asked: nothing to explain
    assert bar.currentMessage() == ""


def test_search_results_offer_copy_path_and_show_in_folder(qtbot: QtBot, ready: Ready) -> None:
    panel = ready.window.search
    with qtbot.waitSignal(panel.results_drawn, timeout=READY_MS):
        panel.set_query("sampling interval", now=True)
    first = panel.model.result_indexes()[0]
    path = panel.model.result_at(first).note_path  # type: ignore[union-attr]
    menu = panel.context_menu_at(panel.results.visualRect(first).center())
    assert menu is not None
    assert [a.text() for a in menu.actions()] == MENU
    action_named(menu, COPY_PATH).trigger()
    assert QGuiApplication.clipboard().text() == str(ready.vault / path)
    assert ready.window.statusBar().currentMessage() == f"Copied {ready.vault / path}"
    action_named(menu, SHOW_IN_FOLDER).trigger()
    assert ready.desktop.files() == [(ready.vault / path).parent]
    action_named(menu, OPEN_DEFAULT).trigger()
    assert ready.desktop.files()[-1] == ready.vault / path
    assert panel.context_menu_at(panel.results.viewport().rect().bottomRight()) is None


def test_connections_rows_offer_copy_path(qtbot: QtBot, ready: Ready) -> None:
    view = ready.window.connections
    view.show_for(ADR, "result")
    qtbot.waitUntil(lambda: view.connections is not None, timeout=READY_MS)
    items = [view.list.item(i) for i in range(view.list.count())]
    item = next(it for it in items if it.data(PATH_ROLE))
    menu = view.context_menu_at(view.list.visualItemRect(item).center())
    assert menu is not None and [a.text() for a in menu.actions()] == MENU
    action_named(menu, COPY_PATH).trigger()
    assert QGuiApplication.clipboard().text() == str(ready.vault / item.data(PATH_ROLE))


def test_the_inspector_offers_each_side_its_own_menu(qtbot: QtBot, ready: Ready) -> None:
    from ui.inspector import ContradictionInspector

    qtbot.waitUntil(lambda: ready.window.inspector is not None, timeout=READY_MS)
    inspector = ready.window.inspector
    assert isinstance(inspector, ContradictionInspector)
    qtbot.waitUntil(lambda: inspector.current() is not None, timeout=READY_MS)
    pair = inspector.current()
    assert pair is not None
    table = inspector.table
    row = table.currentIndex().row()
    for column, side in ((COL_A, pair.a), (COL_B, pair.b)):
        cell = table.visualRect(table.model().index(row, column)).center()
        menu = inspector.table_menu_at(cell)
        assert menu is not None
        action_named(menu, SHOW_IN_FOLDER).trigger()
        assert ready.desktop.files()[-1] == (ready.vault / side.path).parent
    menu = inspector.side_menu(inspector.side_b, "b", inspector.side_b.rect().center())
    texts = [a.text() for a in menu.actions() if not a.isSeparator()]
    assert texts[-len(MENU) :] == MENU and len(texts) > len(MENU)  # after the text's own
    action_named(menu, COPY_PATH).trigger()
    assert QGuiApplication.clipboard().text() == str(ready.vault / pair.b.path)
