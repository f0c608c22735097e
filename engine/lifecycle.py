"""One vault's life, for every front end: open, prepare the model, index, watch, close.

A `VaultLifecycle` runs the steps of `engine.session.Session` in order on one background
thread of its own, tracks where the vault is (`VaultState`) and decides, once, what a
failure means. Front ends (the window's bridge, the MCP server, `consilience watch`) listen
(`LifecycleListener`) and never run the steps themselves.

    opening ──► indexing (text) ──► preparing_model ──► indexing (vectors) ──►
       │        words and links       (warm-up)          meaning joins
       │     checking_contradictions ──► watching, or idle (live off)
       ├─► read_only (another process is the writer: warm-up only, no sync)
       └─► failed (the vault could not be opened, or its sync failed)
    paused: a running sync holds at its next batch; watching stops until resumed
    closing ──► closed: from any state, without waiting on the caller's thread

Policies (the one place each is decided):
- **Text first**: while the model is not loaded yet, a first pass writes every changed note's
  words and links (seconds), so those sources answer for the whole vault while the model is
  prepared; the catch-up sync then adds the vectors. With the model already loaded (one
  given, or a restart within the process) one pass does both.
- **Partial results**: answers lack "meaning" while the model is not ready or notes still
  wait for their vectors, and lack "notes not yet indexed" until words and links hold every
  note. `LifecycleStatus.partial` / `.missing`.
- **Failed warm-up**: a notice; words and links answer, meaning reports its own failure.
- **Failed sync**: state `failed` with the reason; live sync does not start (a restart or
  resume tries again).
- **Catch-up**: one sync after opening, then live sync starts without a second one.
- **Close**: `close()` returns at once. The worker stops the sync at its next batch, stops
  live sync, lets `before_close` drain the front end's own work, then closes the stores. A
  model preparation cannot be interrupted inside the model library, so a close during it
  is done at once on a thread of its own and the preparation is abandoned: its result is
  never used, its files are written atomically, and the thread is a daemon, so it never
  keeps the process alive or the vault locked. `wait_closed(timeout)` bounds a wait where
  one is wanted (the end of the process).
"""

from __future__ import annotations

import logging
import queue
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from enum import StrEnum
from typing import TYPE_CHECKING

from engine.errors import one_line

if TYPE_CHECKING:
    from engine.embed.embedder import Embedder
    from engine.model import IndexStats, Progress
    from engine.session import Session
    from engine.workspace import WorkspaceConfig

log = logging.getLogger(__name__)

SEMANTIC = "semantic"


class VaultState(StrEnum):
    OPENING = "opening"
    PREPARING_MODEL = "preparing_model"
    INDEXING = "indexing"
    CHECKING_CONTRADICTIONS = "checking_contradictions"
    WATCHING = "watching"
    IDLE = "idle"  # up to date, live sync off
    PAUSED = "paused"
    READ_ONLY = "read_only"
    FAILED = "failed"
    CLOSING = "closing"
    CLOSED = "closed"


@dataclass(frozen=True)
class LifecycleStatus:
    """Where one vault is; every front end reads the same."""

    state: VaultState = VaultState.OPENING
    first_index: bool = False  # the index was empty when the vault was opened
    model_ready: bool = False  # meaning answers (or has failed and says so per query)
    index_done: bool = False  # the first sync finished, or there is none to do
    text_complete: bool = False  # words and links hold every note (vectors may lag)
    phase: str = ""  # the sync's phase: scan, parse, embed, write, done, contradictions
    done: int = 0
    total: int = 0
    error: str = ""  # why `failed`

    @property
    def index_complete(self) -> bool:
        """Every note is in the index (the contradiction check may still run)."""
        return self.index_done or self.phase in ("done", "contradictions")

    @property
    def missing(self) -> tuple[str, ...]:
        """What answers lack right now: "meaning" before the model is ready or while notes
        wait for their vectors after a text-first pass, "notes not yet indexed" before words
        and links hold every note."""
        out: list[str] = []
        lagging = self.text_complete and not self.index_complete
        if (not self.model_ready or lagging) and self.state not in (
            VaultState.FAILED,
            VaultState.CLOSED,
        ):
            out.append("meaning")
        if not (self.index_complete or self.text_complete) and self.state not in (
            VaultState.READ_ONLY,
            VaultState.FAILED,
            VaultState.CLOSING,
            VaultState.CLOSED,
        ):
            out.append("notes not yet indexed")
        return tuple(out)

    @property
    def partial(self) -> bool:
        return bool(self.missing)


class LifecycleListener:
    """What a front end hears. Every method runs on the lifecycle's thread (or a live-sync
    thread for `synced`, `contradictions_checked` and `notice`); override what you need."""

    def state_changed(self, status: LifecycleStatus) -> None:
        """The state or the sync's phase changed."""

    def opened(self, session: Session) -> None:
        """The stores are open: searches may run (words and links at once)."""

    def open_failed(self, message: str) -> None:
        """The vault could not be opened; the lifecycle is over."""

    def model_loading(self, first_run: bool) -> None:
        """The model is being loaded; `first_run`: its cached export is built first."""

    def model_ready(self) -> None:
        """Search by meaning answers (or has failed: see `notice`)."""

    def progress(self, progress: Progress) -> None:
        """A sync's progress (many a second: throttle before drawing)."""

    def text_indexed(self, stats: IndexStats) -> None:
        """Words and links hold every note (a text-first pass ended); meaning follows."""

    def index_finished(self, stats: IndexStats | None) -> None:
        """The catch-up sync ended (None: there was none to do: read-only, indexing off)."""

    def synced(self, stats: IndexStats) -> None:
        """Live sync changed the index (`stats.changed` notes): the change is searchable."""

    def contradictions_checked(self) -> None:
        """Live sync's contradiction check of the changed notes rescored some: the
        contradiction list may have changed (a live-sync thread)."""

    def watching(self, on: bool) -> None:
        """Live sync started (True) or stopped (False)."""

    def notice(self, kind: str, message: str) -> None:
        """Something to tell the person: read_only, semantic_unavailable, index_failed,
        live_sync_failed, vault_unavailable."""

    def closed(self) -> None:
        """The stores are closed (the last call)."""


@dataclass(frozen=True)
class LifecycleOptions:
    index: bool = True  # bring the index up to date after opening (writer only)
    live: bool = True  # then keep it in step with the vault
    warm_up: bool = True  # load the model before indexing
    allow_read_only: bool = True
    search_timeout_s: float = 2.0
    embedder: Embedder | None = field(default=None, compare=False, repr=False)


class VaultLifecycle:
    """One vault from `start()` to `close()`. Thread-safe; nothing here blocks its caller
    except `open()` (when called directly) and `wait_*`."""

    def __init__(
        self,
        config: WorkspaceConfig,
        listener: LifecycleListener | None = None,
        options: LifecycleOptions | None = None,
        *,
        open_session: Callable[[], Session] | None = None,
    ) -> None:
        self.config = config
        self.options = options or LifecycleOptions()
        self._listener = listener or LifecycleListener()
        self._open_session = open_session or self._default_open
        self._lock = threading.Lock()
        self._status = LifecycleStatus()
        self._session: Session | None = None
        self._commands: queue.Queue[str] = queue.Queue()
        self._closing = threading.Event()
        self._closed = threading.Event()
        self._running = threading.Event()  # cleared while paused
        self._running.set()
        self._thread: threading.Thread | None = None
        self._before_close: list[Callable[[], object]] = []
        self._closing_now = False  # `_close_now` has begun (it runs once)
        self._warming = False  # the worker is inside the model's warm-up

    # -- what front ends read ---------------------------------------------------------------

    @property
    def status(self) -> LifecycleStatus:
        return self._status

    @property
    def session(self) -> Session | None:
        """The opened session (None before it is open and once it is closed)."""
        return self._session

    @property
    def paused(self) -> bool:
        return not self._running.is_set()

    @property
    def closing(self) -> bool:
        return self._closing.is_set()

    # -- commands ---------------------------------------------------------------------------

    def open(self) -> Session:
        """Open the stores on the caller's thread (raises what opening raises); `run()`
        does the rest."""
        return self._do_open(report_failure=False)

    def start(self) -> None:
        """Open the vault and run its life on the lifecycle's thread; returns at once."""
        self._spawn(open_first=True)

    def run(self) -> None:
        """After `open()`: warm up, index and watch on the lifecycle's thread."""
        self._spawn(open_first=False)

    def pause(self) -> None:
        """Hold a running sync at its next batch; stop watching until `resume()`."""
        if self._closing.is_set() or not self._running.is_set():
            return
        self._running.clear()
        self._commands.put("pause")

    def resume(self) -> None:
        """Let a held sync go on; catch up with what changed and watch again."""
        if self._closing.is_set() or self._running.is_set():
            return
        self._running.set()
        self._commands.put("resume")

    def before_close(self, fn: Callable[[], object]) -> None:
        """Run `fn` on the lifecycle's thread after the sync stopped and before the stores
        close (a front end drains its own readers there)."""
        self._before_close.append(fn)

    def close(self) -> None:
        """Stop and close in the background; returns at once (idempotent)."""
        if self._closing.is_set():
            return
        self._closing.set()
        self._running.set()  # a held sync wakes up and stops
        self._set(state=VaultState.CLOSING)
        self._commands.put("close")
        with self._lock:
            # never started or only opened (nothing else will close), or inside a warm-up
            # that cannot be interrupted (the worker would close only once it returns)
            now = self._thread is None or self._warming
        if now:
            threading.Thread(target=self._close_now, name="consilience-close", daemon=True).start()

    def wait_closed(self, timeout_s: float | None = None) -> bool:
        """Block until the stores are closed (True) or `timeout_s` passed (False)."""
        return self._closed.wait(timeout_s)

    def wait_indexed(self, timeout_s: float | None = None) -> bool:
        """Block until the first sync ended or the lifecycle is over (tests, benchmarks)."""
        deadline = None if timeout_s is None else time.monotonic() + timeout_s
        while not (self._status.index_done or self._status.state in _OVER):
            if deadline is not None and time.monotonic() > deadline:
                return False
            time.sleep(0.02)
        return True

    # -- the lifecycle's thread -------------------------------------------------------------

    def _spawn(self, *, open_first: bool) -> None:
        if self._thread is not None or self._closing.is_set():
            return
        self._thread = threading.Thread(
            target=self._main, args=(open_first,), name="consilience-vault", daemon=True
        )
        self._thread.start()

    def _main(self, open_first: bool) -> None:
        try:
            if open_first:
                try:
                    self._do_open(report_failure=True)
                except Exception:
                    return  # reported; nothing to close
            if self._session is None:
                return
            self._text_first()
            self._warm_up()
            if self._status.state != VaultState.FAILED:  # else a resume tries again
                self._catch_up()
            self._serve_commands()
        finally:
            self._close_now()

    def _default_open(self) -> Session:
        from engine.session import Session

        return Session.open(
            self.config,
            embedder=self.options.embedder,
            allow_read_only=self.options.allow_read_only,
            search_timeout_s=self.options.search_timeout_s,
        )

    def _do_open(self, *, report_failure: bool) -> Session:
        started = time.perf_counter()
        try:
            session = self._open_session()
        except Exception as exc:
            self._set(state=VaultState.FAILED, error=one_line(exc))
            if report_failure:
                log.warning("the vault could not be opened: %s", exc)
                self._listener.open_failed(one_line(exc))
                self._finish()
            raise
        with self._lock:
            if self._closing.is_set():
                session.close()
                raise RuntimeError("closed while opening")
            self._session = session
        read_only = session.read_only
        log.info("vault open in %.0f ms (read-only: %s)", _ms(started), read_only)
        first = not read_only and session.indexed_notes() == 0
        index = self.options.index and not read_only
        self._set(
            state=VaultState.READ_ONLY if read_only else VaultState.OPENING,
            first_index=first,
            index_done=not index,
        )
        self._listener.opened(session)
        if read_only:
            self._listener.notice(
                "read_only",
                "Another Consilience process is indexing this vault: searching its index as "
                "it is; changes show up once that process has indexed them.",
            )
        return session

    def _text_first(self) -> None:
        """Words and links for every changed note before the model is loaded."""
        session = self._session
        if (
            session is None
            or self._closing.is_set()
            or session.read_only
            or not (self.options.index and self.options.warm_up)
            or session.model_status() == "loaded"
        ):
            return
        stats = self._sync(session, embed=False)
        if stats is None:
            return
        self._set(text_complete=True)
        self._listener.text_indexed(stats)

    def _warm_up(self) -> None:
        session = self._session
        if session is None or self._closing.is_set():
            return
        if not self.options.warm_up:
            self._set(model_ready=True)
            self._listener.model_ready()
            return
        started = time.perf_counter()
        try:
            status = session.model_status()
            if status != "loaded":
                if not session.read_only and self._status.state != VaultState.FAILED:
                    self._set(state=VaultState.PREPARING_MODEL)
                self._listener.model_loading(status == "first_run")
            with self._lock:
                self._warming = not self._closing.is_set()
            if not self._warming:
                return
            try:
                session.warm_up()
            finally:
                with self._lock:
                    self._warming = False
            if self._closing.is_set():
                return  # abandoned: the close did not wait for it
            log.info("search warmed up in %.0f ms", _ms(started))
        except Exception as exc:  # words and links still answer
            if self._closing.is_set():
                return
            log.warning("search by meaning is unavailable: %s", exc)
            self._listener.notice(
                "semantic_unavailable",
                f"Search by meaning is unavailable ({one_line(exc)}); words and links still work.",
            )
        self._set(model_ready=True)
        self._listener.model_ready()

    def _catch_up(self) -> None:
        """The one sync after opening; then live sync, without a second catch-up."""
        session = self._session
        if session is None or self._closing.is_set():
            return
        if session.read_only:
            self._set(state=VaultState.READ_ONLY, index_done=True)
            self._listener.index_finished(None)
            return
        if not self.options.index:
            self._listener.index_finished(None)
            self._settle(initial_sync=False)
            return
        stats = self._sync(session)
        if stats is None:
            return
        self._set(index_done=True, text_complete=True, phase="")
        self._listener.index_finished(stats)
        self._settle(initial_sync=False)

    def _sync(self, session: Session, *, embed: bool = True) -> IndexStats | None:
        self._set(state=VaultState.INDEXING, phase="scan", done=0, total=0)
        try:
            stats = session.sync(
                progress=self._progress,
                cancel=self._closing,
                hold=lambda: not self._running.is_set(),
                embed=embed,
            )
        except Exception as exc:
            if self._closing.is_set():
                return None
            log.warning("indexing failed: %s", exc, exc_info=exc)
            self._set(state=VaultState.FAILED, index_done=True, error=one_line(exc), phase="")
            self._listener.notice("index_failed", one_line(exc))
            self._listener.index_finished(None)
            return None
        if self._closing.is_set():
            return None  # stopped between batches: the next start completes the index
        return stats

    def _progress(self, p: Progress) -> None:
        if self._closing.is_set():
            return
        state = (
            VaultState.CHECKING_CONTRADICTIONS
            if p.phase == "contradictions"
            else VaultState.PAUSED
            if not self._running.is_set()
            else VaultState.INDEXING
        )
        self._set(state=state, phase=p.phase, done=p.done, total=p.total)
        self._listener.progress(p)

    def _settle(self, *, initial_sync: bool) -> None:
        """After a sync: watch (live on, not paused), or stay idle / paused."""
        session = self._session
        if session is None or self._closing.is_set():
            return
        if not self._running.is_set():
            self._set(state=VaultState.PAUSED)
            return
        if not self.options.live:
            self._set(state=VaultState.IDLE)
            return
        if session.is_watching:  # a resume that came before the pause took effect
            self._set(state=VaultState.WATCHING)
            return
        try:
            stats = session.start_live(
                on_synced=self._live_synced,
                on_status=self._live_status,
                on_checked=self._live_checked,
                initial_sync=initial_sync,
            )
        except Exception as exc:
            log.warning("live sync failed to start: %s", exc)
            self._listener.notice("live_sync_failed", f"Live sync stopped: {one_line(exc)}")
            self._set(state=VaultState.IDLE)
            return
        if stats is not None and stats.changed:
            self._listener.synced(stats)
        if session.is_watching and not self._closing.is_set():
            self._set(state=VaultState.WATCHING)
            self._listener.watching(True)

    def _live_synced(self, stats: IndexStats) -> None:  # a live-sync thread
        if stats.changed and not self._closing.is_set():
            self._listener.synced(stats)

    def _live_checked(self) -> None:  # a live-sync thread
        if not self._closing.is_set():
            self._listener.contradictions_checked()

    def _live_status(self, state: str, message: str) -> None:  # a live-sync thread
        if state == "unavailable" and not self._closing.is_set():
            self._listener.notice("vault_unavailable", message)

    def _stop_live(self) -> None:
        session = self._session
        if session is not None and session.stop_live():
            self._listener.watching(False)

    def _serve_commands(self) -> None:
        while not self._closing.is_set():
            command = self._commands.get()
            if command == "close":
                return
            if command == "pause" and self.paused:
                self._stop_live()
                if self._status.state not in (VaultState.FAILED, VaultState.READ_ONLY):
                    self._set(state=VaultState.PAUSED)
            elif command == "resume" and not self.paused:
                session = self._session
                if session is None or session.read_only:
                    continue
                if self._status.state == VaultState.FAILED:  # a resume tries the sync again
                    stats = self._sync(session)
                    if stats is None:
                        continue
                    self._set(index_done=True, phase="", error="")
                    self._listener.index_finished(stats)
                    self._settle(initial_sync=False)
                elif self._status.index_done:
                    self._settle(initial_sync=True)

    def _close_now(self) -> None:
        """Stop live sync, drain the front end, close the stores (once)."""
        with self._lock:
            if self._closed.is_set() or self._closing_now:
                return
            self._closing_now = True
            session, self._session = self._session, None
        self._closing.set()
        try:
            if session is not None:
                try:
                    self._stop_live()
                except Exception as exc:
                    log.warning("stopping live sync failed: %s", exc)
                for drain in self._before_close:
                    try:
                        drain()
                    except Exception as exc:
                        log.warning("closing: %s", exc)
                session.close()
        except Exception as exc:
            log.warning("closing the vault failed: %s", exc, exc_info=exc)
        finally:
            self._set(state=VaultState.CLOSED)
            self._finish()

    def _finish(self) -> None:
        self._closed.set()
        self._listener.closed()

    def _set(self, **changes: object) -> None:
        with self._lock:
            old = self._status
            if old.state == VaultState.CLOSED:
                return
            if old.state == VaultState.CLOSING and changes.get("state") not in (
                None,
                VaultState.CLOSED,
            ):
                changes.pop("state")
            new = replace(old, **changes)  # type: ignore[arg-type]
            self._status = new
        if new.state != old.state or new.phase != old.phase or new.model_ready != old.model_ready:
            self._listener.state_changed(new)


_OVER = (VaultState.FAILED, VaultState.CLOSED, VaultState.READ_ONLY)


def _ms(started: float) -> float:
    return (time.perf_counter() - started) * 1000
