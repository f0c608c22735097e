"""Start the desktop app: QApplication, settings, the main window, the tray.

The window is shown first; opening the vault, loading the model and indexing happen in the
background after it is on screen (`ui.bridge`). Heavy libraries are never imported here.
"""

from __future__ import annotations

import logging
import os
import signal
import sys
import threading
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from types import TracebackType
from typing import Any

from PySide6.QtCore import QObject, Qt, QTimer, Signal
from PySide6.QtWidgets import QApplication, QMessageBox

from ui.main_window import (
    CONNECTIONS_TAB,
    CONTRADICTIONS_TAB,
    SEARCH_TAB,
    EngineOverrides,
    MainWindow,
)
from ui.settings import SettingsStore, config_dir, resolve_vault

log = logging.getLogger(__name__)

TABS = {"search": SEARCH_TAB, "contradictions": CONTRADICTIONS_TAB, "connections": CONNECTIONS_TAB}
QUICK_CHANNEL = "quick"
EXIT_WAIT_S = 10.0  # at exit: how long the index may take to close before the process ends
HIDDEN_TITLE = "Consilience is still running"
HIDDEN_MESSAGE = (
    "Consilience is still running in the tray and keeps your index up to date. Click its icon "
    "to search; choose Quit Consilience in its menu to stop it."
)


@dataclass(frozen=True)
class LaunchOptions:
    """What the command line asks of the GUI (plain values)."""

    vault: Path | None = None
    query: str | None = None
    screenshot: Path | None = None
    tab: str = "search"  # or "contradictions", "connections"
    note: str | None = None  # a vault-relative note whose connections are shown at start
    data_dir: Path | None = None
    chroma_url: str | None = None
    model: str | None = None
    config_dir: Path | None = None
    timeout_s: float = 300.0  # --screenshot gives up after this long


def seconds_since_process_start() -> float | None:
    """How long this process has been running, for the start-up time log; None where that is
    not known without extra libraries (only Linux's /proc tells; macOS and Windows skip the
    log line)."""
    if not sys.platform.startswith("linux"):
        return None
    try:
        stat = Path("/proc/self/stat").read_text().rsplit(")", 1)[1].split()
        started_ticks = int(stat[19])
        uptime = float(Path("/proc/uptime").read_text().split()[0])
        return uptime - started_ticks / os.sysconf("SC_CLK_TCK")
    except (OSError, ValueError, IndexError, AttributeError):  # no /proc, no os.sysconf
        return None


class ErrorReporter(QObject):
    """Uncaught exceptions of any thread reach the log and the window (never a silent
    crash of a worker)."""

    reported = Signal(str)

    def install(self) -> Callable[[], None]:
        """Install the hooks; returns a function that puts the previous ones back."""
        previous = (sys.excepthook, threading.excepthook)
        sys.excepthook = self._hook
        threading.excepthook = self._thread_hook

        def restore() -> None:
            sys.excepthook, threading.excepthook = previous

        return restore

    def _hook(
        self, kind: type[BaseException], exc: BaseException, tb: TracebackType | None
    ) -> None:
        log.error("unexpected error: %s", exc, exc_info=(kind, exc, tb))
        self.reported.emit(f"Unexpected error: {exc}")

    def _thread_hook(self, args: Any) -> None:
        if args.exc_value is None or isinstance(args.exc_value, SystemExit):
            return
        self._hook(args.exc_type, args.exc_value, args.exc_traceback)


@dataclass
class Launched:
    """A started app: its window and helpers (`run` drives it; tests use `start`)."""

    app: QApplication
    window: MainWindow
    driver: QObject | None = None  # the screenshot driver
    tray: object | None = None
    exit_code: int = 0


def start(options: LaunchOptions, argv: Sequence[str] = (), *, tray: bool = True) -> Launched:
    """Create the window, show it, and schedule the vault to open in the background."""
    app = QApplication.instance() or QApplication([sys.argv[0], *argv])
    assert isinstance(app, QApplication)
    app.setApplicationName("Consilience")
    app.setOrganizationName("Consilience")
    app.setDesktopFileName("consilience")
    from ui.icon import app_icon

    app.setWindowIcon(app_icon())

    store = SettingsStore(config_dir(options.config_dir))
    settings = store.load()
    shooting = options.screenshot is not None
    bad_vault = None if options.vault is None else vault_problem(options.vault)
    vault = resolve_vault(settings, requested=None if bad_vault else options.vault)
    if options.vault is not None and not shooting and not bad_vault:
        settings = settings.with_vault(vault)
        try:
            store.save(settings)
        except OSError as exc:
            log.warning("settings could not be saved: %s", exc)

    window = MainWindow(
        settings,
        store=None if shooting else store,
        overrides=EngineOverrides(
            data_dir=options.data_dir, chroma_url=options.chroma_url, model=options.model
        ),
        welcome=not settings.welcomed and options.vault is None and not shooting,
    )
    launched = Launched(app=app, window=window)
    window.tabs.setCurrentIndex(TABS.get(options.tab, SEARCH_TAB))
    window.show()
    elapsed = seconds_since_process_start()
    if elapsed is not None:
        log.info("window shown %.0f ms after the process started", elapsed * 1000)

    def quit_app(code: int = 0) -> None:
        launched.exit_code = code
        window.shutdown()
        app.exit(code)

    window.quit_requested.connect(quit_app)
    if bad_vault and options.vault is not None:
        show_bad_vault(window, options.vault, bad_vault)
    else:
        window.open_vault_soon(vault)
    if options.query:
        window.search.set_query(options.query)
    if options.note:
        window.show_connections_for(options.note)
    if window.tabs.currentIndex() == SEARCH_TAB:
        window.focus_search(select=False)

    if shooting:
        from ui.screenshot import ScreenshotDriver

        assert options.screenshot is not None
        driver = ScreenshotDriver(
            window,
            options.screenshot,
            query=options.query,
            tab=window.tabs.currentIndex(),
            timeout_s=options.timeout_s,
        )
        driver.finished.connect(quit_app)
        driver.start()
        launched.driver = driver
    elif tray:
        launched.tray = _install_tray(app, window)
    return launched


def run(options: LaunchOptions, argv: Sequence[str] = ()) -> int:
    """Show the window and run until the user quits (or the screenshot is saved)."""
    interrupt = QuitOnInterrupt()
    try:
        launched = start(options, argv)
    except BaseException:
        interrupt.close()
        raise
    interrupt.follow(launched.app)
    reporter = ErrorReporter(launched.window)
    reporter.reported.connect(lambda m: launched.window.search.warnings.set_notice("error", m))
    restore = reporter.install()
    try:
        code = launched.app.exec()
    finally:
        interrupt.close()
        launched.window.shutdown()
        # the window is gone: let the stores close cleanly, but never hang the exit on a
        # model load or a stuck disk (the index is crash-safe; the next start completes it)
        if not launched.window.wait_closed(EXIT_WAIT_S):
            log.warning("the index was still closing after %.0f s; exiting anyway", EXIT_WAIT_S)
        restore()
    return launched.exit_code or code


#: How often Python gets a turn to see Ctrl+C while Qt waits for events (milliseconds).
SIGNAL_POLL_MS = 250


class QuitOnInterrupt:
    """Ctrl+C in the terminal (SIGINT) or SIGTERM quits the app as its Quit command does,
    instead of raising KeyboardInterrupt inside whatever slot runs. Listens from creation (a
    signal during start-up is kept until the event loop runs); `follow` the app once it
    exists, `close` to restore the previous handlers."""

    SIGNALS = (signal.SIGINT, signal.SIGTERM)

    def __init__(self) -> None:
        self._app: QApplication | None = None
        self._asked = False
        self._timer: QTimer | None = None
        self._previous = {sig: signal.getsignal(sig) for sig in self.SIGNALS}
        for sig in self.SIGNALS:
            signal.signal(sig, self._handle)

    def follow(self, app: QApplication) -> None:
        self._app = app
        # Python runs a signal handler only when it next gets control; Qt's loop is C++
        self._timer = QTimer()
        self._timer.timeout.connect(lambda: None)
        self._timer.start(SIGNAL_POLL_MS)
        if self._asked:
            self._quit()

    def close(self) -> None:
        if self._timer is not None:
            self._timer.stop()
        for sig, handler in self._previous.items():
            signal.signal(sig, handler)

    def _handle(self, signum: int, _frame: object) -> None:
        log.info("%s received: quitting", signal.Signals(signum).name)
        self._asked = True
        if self._app is not None:
            self._quit()

    def _quit(self) -> None:
        assert self._app is not None
        QTimer.singleShot(0, self._app.quit)  # queued: works before the loop runs too


# -- a vault that cannot be opened ----------------------------------------------------------


def vault_problem(path: Path) -> str | None:
    """Why `path` cannot be opened as a vault (None: it is a folder)."""
    folder = path.expanduser()
    try:
        if folder.is_dir():
            return None
        if folder.exists():
            return "it is a file, not a folder"
    except OSError as exc:
        return f"it cannot be read ({exc.strerror or exc})"
    return "there is no such folder"


def show_bad_vault(window: MainWindow, path: Path, reason: str) -> QMessageBox:
    """Say in the window (status bar, warnings bar and a dialog) that the vault asked for on
    the command line cannot be opened, and why; the dialog offers to choose another vault or
    open the demo. Nothing is opened meanwhile."""
    text = f"The vault {path} could not be opened: {reason}."
    window.index_status.open_failed(f"{path}: {reason}")
    window.show_no_vault(text + " Choose your vault with File ▸ Open vault…")
    window.search.warnings.set_notice(
        "open_failed", text + " Choose your vault with File ▸ Open vault…"
    )
    box = QMessageBox(
        QMessageBox.Icon.Warning, "Vault not found", text, QMessageBox.StandardButton.NoButton
    )
    box.setParent(window, box.windowFlags())
    box.setInformativeText("Choose the folder of your Obsidian vault, or try the demo vault.")
    choose = box.addButton("Choose a vault…", QMessageBox.ButtonRole.AcceptRole)
    demo = box.addButton("Open the demo vault", QMessageBox.ButtonRole.ActionRole)
    box.addButton(QMessageBox.StandardButton.Close)
    choose.clicked.connect(window.choose_vault)
    demo.clicked.connect(window.open_demo)
    box.setObjectName("bad-vault")
    box.open()  # not modal to the app: the window stays usable behind it
    return box


# -- tray and quick search -------------------------------------------------------------------


def tell_hidden_to_tray(tray: Any, window: MainWindow, first: bool) -> QMessageBox | None:
    """The first time closing hides the window, say the app still runs: a tray notification,
    or a message box where the tray cannot show one. Later closes say nothing."""
    if not first:
        return None
    if tray.notify(HIDDEN_TITLE, HIDDEN_MESSAGE):
        return None
    box = QMessageBox(
        QMessageBox.Icon.Information,
        HIDDEN_TITLE,
        HIDDEN_MESSAGE,
        QMessageBox.StandardButton.Ok,
    )
    box.setObjectName("hidden-to-tray")
    box.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
    window.destroyed.connect(box.close)
    box.open()
    return box


def connect_quick_search(
    window: MainWindow, popup: Any, *, notify: Callable[[str, str], object] | None = None
) -> None:
    """Wire the quick-search popup to the window's current session: its queries run on the
    "quick" channel (never superseding the main window's), answers go back to it, and the
    chosen note opens in Obsidian, visible or hidden window alike. A note that could not
    open keeps the popup open with the reason; one opened elsewhere than asked (the default
    editor) says why in the window's status bar, or through `notify(title, message)` (a tray
    notification) when the window is hidden."""
    from ui.bridge import SearchJob

    generation = [0]

    def ask(text: str) -> None:
        generation[0] += 1
        if window.session is not None and text.strip():
            window.session.search(SearchJob(QUICK_CHANNEL, generation[0], text.strip(), limit=10))

    def answered(channel: str, gen: int, outcome: Any) -> None:
        if channel == QUICK_CHANNEL and gen == generation[0]:
            popup.show_results(outcome.response)

    def attach(session: Any) -> None:
        session.search_finished.connect(answered)

    def open_chosen(rel_path: str) -> None:
        outcome = window.open_note(rel_path, True)
        popup.show_open_outcome(outcome)
        hidden = not window.isVisible()
        if outcome.opened and outcome.reason and hidden and notify is not None:
            notify("Consilience", outcome.message)

    popup.query_changed.connect(ask)
    popup.open_requested.connect(open_chosen)
    popup.note_action.connect(window.note_action)
    window.session_started.connect(attach)
    if window.session is not None:
        attach(window.session)


def _install_tray(app: QApplication, window: MainWindow) -> object | None:
    """The tray icon with its menu and the quick-search popup, when the desktop has a tray.
    Closing the window then hides it; Quit in the tray (or the File menu) ends the app."""
    from ui.quick_search import QuickSearchPopup
    from ui.tray import TrayController

    if not TrayController.available():
        log.info("no system tray: closing the window quits")
        return None
    tray = TrayController(parent=window)
    popup = QuickSearchPopup()
    window.destroyed.connect(popup.deleteLater)
    connect_quick_search(window, popup, notify=tray.notify)

    def show_window() -> None:
        window.showNormal()
        window.raise_()
        window.activateWindow()

    def attach(session: Any) -> None:
        session.paused_changed.connect(tray.set_paused)

    tray.quick_search_requested.connect(popup.popup)
    tray.show_window_requested.connect(show_window)

    def show_connections() -> None:
        show_window()
        window.show_obsidian_connections()

    tray.connections_requested.connect(show_connections)
    tray.pause_toggled.connect(window.set_paused)
    tray.quit_requested.connect(window.quit_requested.emit)
    window.hidden_to_tray.connect(lambda first: tell_hidden_to_tray(tray, window, first))
    window.session_started.connect(attach)
    if window.session is not None:
        attach(window.session)
    window.hide_on_close = True
    app.setQuitOnLastWindowClosed(False)
    return tray
