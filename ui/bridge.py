"""The one bridge between the widgets and the engine: an `EngineSession` per opened vault.

Every engine call runs on a worker thread (`ui.tasks`); results come back as Qt signals on
the UI thread. The bridge wraps one
`engine.session.Session` (which owns the workspace, the search service and live sync):

1. `start()`: open the session (the writer; read-only when another process holds the
   writer lock) → `opened`. Words and links searches work now.
2. Warm up the session (loads the embedding model: `model_loading`, True when its cached
   export is built first) → `ready`; then bring the index up to
   date with `Session.sync` → `index_progress`… `index_finished`; then live sync keeps it in
   step with the vault (`synced`).
3. `pause()` / `resume()`: the running sync holds at its next progress report while paused
   (`Session.sync(hold=...)`); while live-syncing, pausing stops the watcher and resuming
   catches up and watches again.
4. `close()`: cancel the sync, stop everything and wait for it, so no thread is left running.

Searches are numbered by the caller (`generation`) and coalesced per `channel` (the main
window, the quick-search popup): while one runs, only the newest waiting query is kept.
Searches asked before the workspace is open wait for it; before the model is warm they run
on the other sources and are re-run once it is.
"""

from __future__ import annotations

import functools
import logging
import threading
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QObject, Signal

from engine.errors import one_line
from engine.search.types import SearchResponse, Warning
from ui.tasks import Task, TaskRunner

if TYPE_CHECKING:
    from engine.model import IndexStats, Progress
    from engine.search.service import SearchFilters
    from engine.session import Session
    from ui.review_store import ReviewStore

log = logging.getLogger(__name__)

SEMANTIC = "semantic"
PROGRESS_INTERVAL_S = 0.05  # at most ~20 progress signals a second


@dataclass(frozen=True)
class SessionOptions:
    """Plain values that open one vault (settings and flags already applied)."""

    vault: Path
    data_dir: Path | None = None
    chroma_url: str | None = None
    model: str | None = None
    excluded: tuple[str, ...] = ()
    index: bool = True  # bring the index up to date after opening (writer only)
    live: bool = True  # then keep it in step with the vault
    embedder: Any = field(default=None, compare=False, repr=False)  # a model to share


@dataclass(frozen=True)
class SessionInfo:
    """What the widgets learn about an opened vault."""

    vault: Path
    catalog_path: Path
    read_only: bool
    notes: int
    folders: tuple[str, ...]
    tags: tuple[str, ...]


@dataclass(frozen=True)
class NoteFacts:
    """A result note's metadata from the catalog (what the detail view shows)."""

    path: str
    title: str
    aliases: tuple[str, ...]
    tags: tuple[str, ...]
    created: datetime | None
    modified: datetime | None
    size: int
    warnings: tuple[str, ...] = ()
    links: tuple[tuple[str, str], ...] = ()  # (other note, relation) one link step away


@dataclass(frozen=True)
class SearchOutcome:
    """One answered search: the engine's response, the metadata of its notes and the text
    of the chunks its excerpts were cut from (context around the excerpt)."""

    response: SearchResponse
    notes: Mapping[str, NoteFacts] = field(default_factory=dict, hash=False)
    chunks: Mapping[str, str] = field(default_factory=dict, hash=False)


@dataclass(frozen=True)
class SearchJob:
    channel: str
    generation: int
    text: str
    filters: SearchFilters | None = None  # None: no filter
    sources: tuple[str, ...] | None = None  # None: every source
    limit: int = 30


class EngineSession(QObject):
    opened = Signal(object)  # SessionInfo
    open_failed = Signal(str)
    model_loading = Signal(bool)  # the model is being loaded; True: prepared first (first run)
    ready = Signal()  # the model is loaded: every source answers at full speed
    notice = Signal(str, str)  # kind, message: something the user should know (read-only, …)
    index_progress = Signal(object)  # engine.model.Progress
    index_finished = Signal(object)  # engine.model.IndexStats
    index_failed = Signal(str)
    paused_changed = Signal(bool)
    synced = Signal(object)  # IndexStats of a live sync that changed something
    watching = Signal(bool)  # live sync started (True) or stopped (False)
    info_changed = Signal(object)  # SessionInfo after the index changed (folders, tags)
    search_finished = Signal(str, int, object)  # channel, generation, SearchOutcome
    search_failed = Signal(str, int, str)  # channel, generation, message
    note_text = Signal(str, str)  # path, the note's indexed text ("" when unknown)
    connections = Signal(str, object)  # path, engine.search.connections.Connections | None

    def __init__(self, options: SessionOptions, *, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.options = options
        self._runner = TaskRunner(threads=4, parent=self)
        self._lock = threading.Lock()
        self._session: Session | None = None
        self._info: SessionInfo | None = None
        self._warm = False
        self._indexing = False
        self._index_after_warm = False
        self._index_done = False
        self._closing = False
        self._closed = False
        self._running_ok = threading.Event()  # cleared while paused
        self._running_ok.set()
        self._paused = False
        self._watching = False
        self._last_progress = 0.0
        self._waiting: dict[str, SearchJob] = {}  # per channel: the newest job not yet run
        self._busy: set[str] = set()  # channels with a search running
        self._partial: dict[str, SearchJob] = {}  # jobs answered without the semantic source

    # -- state ----------------------------------------------------------------------------

    @property
    def info(self) -> SessionInfo | None:
        return self._info

    @property
    def is_open(self) -> bool:
        return self._session is not None

    def reviews(self) -> ReviewStore:
        """The contradiction reviews of the opened vault (blocking calls: run them on a
        worker). Only once `opened` was emitted."""
        from ui.review_store import ReviewStore

        if self._session is None:
            raise RuntimeError("the vault is not open yet")
        return ReviewStore(self._session)

    @property
    def is_ready(self) -> bool:
        return self._warm

    @property
    def is_indexing(self) -> bool:
        return self._indexing or self._index_after_warm  # (a sync waiting for the warm-up)

    @property
    def index_done(self) -> bool:
        """The first sync finished (or there is none to do: read-only, indexing off)."""
        return self._index_done

    @property
    def is_watching(self) -> bool:
        """Live sync is on: edits in the vault reach the index within a second or so."""
        return self._watching

    @property
    def is_paused(self) -> bool:
        return self._paused

    # -- life -----------------------------------------------------------------------------

    def start(self) -> None:
        self._run(self._open, "open", self._on_opened, self._on_open_failed)

    def close(self, *, timeout_ms: int = 60_000) -> None:
        """Stop syncing, drop waiting searches, wait for running work, close the stores."""
        if self._closed:
            return
        self._closing = True
        self._waiting.clear()
        self._running_ok.set()  # a paused sync wakes up and stops
        self._runner.shutdown(timeout_ms)
        with self._lock:
            session, self._session = self._session, None
        try:
            if session is not None:
                session.close()  # stops live sync first
        finally:
            self._closed = True

    # -- search ---------------------------------------------------------------------------

    def search(self, job: SearchJob) -> None:
        """Run `job` as soon as possible; an older job of the same channel still waiting
        is dropped."""
        if self._closing:
            return
        self._waiting[job.channel] = job
        self._partial.pop(job.channel, None)
        self._pump(job.channel)

    def _pump(self, channel: str) -> None:
        if self._closing or channel in self._busy or self._session is None:
            return
        job = self._waiting.pop(channel, None)
        if job is None:
            return
        wanted = job.sources or self._session.source_names
        if not self._warm and SEMANTIC in wanted:
            others = tuple(s for s in wanted if s != SEMANTIC)
            if not others:  # meaning only: wait for the model
                self._waiting[channel] = job
                return
            self._partial[channel] = job
            run_job = replace(job, sources=others)
        else:
            run_job = job
        self._busy.add(channel)
        partial = run_job is not job
        self._run(
            lambda: self._search(run_job, partial=partial),
            f"search:{channel}",
            functools.partial(self._on_searched, job),
            functools.partial(self._on_search_failed, job),
        )

    def _search(self, job: SearchJob, *, partial: bool) -> SearchOutcome | None:
        session = self._session
        if session is None or self._closing:
            return None  # closing: nobody is waiting for the answer
        response = session.search(
            job.text, limit=job.limit, filters=job.filters, sources=job.sources
        )
        if partial:
            note = Warning(
                source=SEMANTIC,
                kind="warming_up",
                message="search by meaning is still loading",
                impact="these are words and links matches; the list updates in a moment",
            )
            response = replace(response, warnings=(*response.warnings, note))
        return _enrich(session, response)

    def _on_searched(self, job: SearchJob, outcome: SearchOutcome | None) -> None:
        self._busy.discard(job.channel)
        if not self._closing and outcome is not None:
            self.search_finished.emit(job.channel, job.generation, outcome)
            self._pump(job.channel)

    def _on_search_failed(self, job: SearchJob, exc: BaseException) -> None:
        self._busy.discard(job.channel)
        if not self._closing:
            self.search_failed.emit(job.channel, job.generation, one_line(exc))
            self._pump(job.channel)

    def load_connections(self, path: str) -> None:
        """Look up a note's connections → `connections` (None when it is not indexed)."""
        self._run(lambda: (path, self._connections_of(path)), "connections", self._on_connections)

    def _connections_of(self, path: str) -> object:
        session = self._session
        return None if session is None else session.connections(path)

    def _on_connections(self, result: tuple[str, object]) -> None:
        if not self._closing:
            self.connections.emit(*result)

    def load_note_text(self, path: str) -> None:
        """Read a note's indexed text (its chunks in order) → `note_text`."""
        self._run(lambda: (path, self._note_text(path)), "note-text", self._on_note_text)

    def _on_note_text(self, result: tuple[str, str]) -> None:
        if not self._closing:
            self.note_text.emit(*result)

    def _note_text(self, path: str) -> str:
        session = self._session
        return "" if session is None else session.note_text(path)

    # -- opening --------------------------------------------------------------------------

    def _open(self) -> SessionInfo | None:
        from engine.session import Session
        from engine.workspace import WorkspaceConfig

        opts = self.options
        config = WorkspaceConfig(
            vault_root=opts.vault,
            data_root=opts.data_dir,
            chroma_url=opts.chroma_url,
            model=opts.model,
            excluded=opts.excluded,
        )
        started = time.perf_counter()
        session = Session.open(config, embedder=opts.embedder)
        with self._lock:
            if self._closing:
                session.close()
                return None  # closing: nobody is waiting for it
            self._session = session
        log.info("workspace open in %.0f ms (read-only: %s)", _ms(started), session.read_only)
        return _describe(session)

    def _on_opened(self, info: SessionInfo | None) -> None:
        if self._closing or info is None:
            return
        self._info = info
        self.opened.emit(info)
        if info.read_only:
            self.notice.emit(
                "read_only",
                "Another Consilience process is indexing this vault: searching its index as "
                "it is; changes show up once that process has indexed them.",
            )
        self._run(self._warm_up, "warm-up", self._on_warm, self._on_warm_failed)
        if self.options.index and not info.read_only:
            # The catch-up sync starts once search is warm: until then it would compete with
            # the model load and the first searches for the two cores (a restart with
            # nothing to re-embed reaches full results about a second sooner).
            self._index_after_warm = True
        else:
            self._index_done = True
            self.index_finished.emit(None)
        for channel in list(self._waiting):
            self._pump(channel)

    def _on_open_failed(self, exc: BaseException) -> None:
        if not self._closing:
            self.open_failed.emit(one_line(exc))

    def _warm_up(self) -> None:
        started = time.perf_counter()
        session = self._session
        if session is not None:
            status = session.model_status()
            if status != "loaded" and not self._closing:
                self.model_loading.emit(status == "first_run")  # (queued to the UI thread)
            session.warm_up()
        log.info("search warmed up in %.0f ms", _ms(started))

    def _on_warm(self, _result: object) -> None:
        if self._closing:
            return
        self._warm = True
        self.ready.emit()
        if self._index_after_warm:
            self._index_after_warm = False
            self._start_index()
        for channel, job in list(self._partial.items()):
            # answered without meaning: ask again with it, unless a newer query is waiting
            self._waiting.setdefault(channel, job)
            self._pump(channel)
        self._partial.clear()
        for channel in list(self._waiting):
            self._pump(channel)

    def _on_warm_failed(self, exc: BaseException) -> None:
        if self._closing:
            return
        self.notice.emit(
            "semantic_unavailable",
            f"Search by meaning is unavailable ({one_line(exc)}); words and links still work.",
        )
        self._warm = True  # searches go ahead; the semantic source reports its own failure
        self._on_warm(None)

    # -- indexing -------------------------------------------------------------------------

    def _start_index(self) -> None:
        self._indexing = True
        self._run(self._index, "index", self._on_indexed, self._on_index_failed)

    def _index(self) -> tuple[IndexStats, SessionInfo] | None:
        session = self._session
        if session is None or self._closing:
            return None
        stats = session.sync(
            progress=self._report,
            cancel=lambda: self._closing,
            hold=lambda: not self._running_ok.is_set(),
        )
        if self._closing:
            return None  # cancelled between batches: the next start completes the index
        return stats, _describe(session)

    def _report(self, progress: Progress) -> None:
        """The sync's progress callback (worker thread): at most ~20 signals a second."""
        if self._closing:
            return
        now = time.monotonic()
        if progress.phase == "done" or now - self._last_progress >= PROGRESS_INTERVAL_S:
            self._last_progress = now
            self.index_progress.emit(progress)

    def _on_indexed(self, result: tuple[IndexStats, SessionInfo] | None) -> None:
        self._indexing = False
        if self._closing or result is None:
            return
        stats, info = result
        self._index_done = True
        self._info = info
        self.info_changed.emit(info)
        self.index_finished.emit(stats)
        if self.options.live and not self._paused:
            self._run(
                lambda: self._start_live(initial_sync=False), "live", _ignore, self._on_live_failed
            )

    def _on_index_failed(self, exc: BaseException) -> None:
        self._indexing = False
        if self._closing:
            return
        self._index_done = True
        self.index_failed.emit(one_line(exc))

    def _start_live(self, *, initial_sync: bool) -> None:
        session = self._session
        if session is None or self._closing:
            return
        session.start_live(
            on_synced=self._on_live_synced,
            on_status=self._on_live_status,
            initial_sync=initial_sync,
        )
        if session.is_watching and not self._closing:
            self._watching = True
            self.watching.emit(True)

    def _stop_live(self) -> None:
        session = self._session
        if session is not None and session.stop_live():
            self._watching = False
            self.watching.emit(False)

    def _on_live_synced(self, stats: IndexStats) -> None:  # the watcher's thread
        if self._closing or not stats.changed:
            return
        session = self._session
        self.synced.emit(stats)
        if session is not None:
            self.info_changed.emit(_describe(session))

    def _on_live_status(self, status: str, message: str) -> None:  # the watcher's thread
        if status == "unavailable" and not self._closing:
            self.notice.emit("vault_unavailable", message)

    def _on_live_failed(self, exc: BaseException) -> None:
        if not self._closing:
            self.notice.emit("live_sync_failed", f"Live sync stopped: {one_line(exc)}")

    # -- pause / resume -------------------------------------------------------------------

    def pause(self) -> None:
        if self._paused or self._closing:
            return
        self._paused = True
        self._running_ok.clear()
        if self._session is not None and self._session.is_watching:
            self._run(self._stop_live, "live-stop", _ignore, self._on_live_failed)
        self.paused_changed.emit(True)

    def resume(self) -> None:
        if not self._paused or self._closing:
            return
        self._paused = False
        self._running_ok.set()
        if (
            self._index_done
            and self.options.live
            and self._session is not None
            and not (self._info and self._info.read_only)
        ):
            self._run(
                lambda: self._start_live(initial_sync=True), "live", _ignore, self._on_live_failed
            )
        self.paused_changed.emit(False)

    def set_paused(self, paused: bool) -> None:
        if paused:
            self.pause()
        else:
            self.resume()

    # -- plumbing -------------------------------------------------------------------------

    def _run(
        self,
        fn: Callable[[], Any],
        name: str,
        on_returned: Callable[[Any], object],
        on_errored: Callable[[BaseException], object] | None = None,
    ) -> None:
        """Run `fn` on a worker. Without `on_errored` a failure takes the default path: one
        line in the main window's warnings bar (see `ui.failures`)."""
        if self._closing:
            return
        task = Task(fn, name=name).on_returned(on_returned)
        if on_errored is not None:
            task = task.on_errored(on_errored)
        self._runner.start(task)

    def wait_idle(self, msecs: int = -1) -> bool:
        """Block until no task runs (tests and the screenshot driver)."""
        return self._runner.wait(msecs)


def _describe(session: Session) -> SessionInfo:
    facets = session.facets()
    return SessionInfo(
        vault=session.vault_root,
        catalog_path=session.catalog_path,
        read_only=session.read_only,
        notes=facets.notes,
        folders=facets.folders,
        tags=facets.tags,
    )


def _enrich(session: Session, response: SearchResponse) -> SearchOutcome:
    """Add note metadata and excerpt context to an answer (worker thread)."""
    if not response.results:
        return SearchOutcome(response)
    notes: dict[str, NoteFacts] = {}
    chunk_ids = [e.chunk_id for r in response.results for e in r.excerpts if e.chunk_id]
    chunk_ids += [c for r in response.results for c in other_chunks(r.metadata)]
    for result in response.results:
        note = session.note(result.note_path)
        if note is None:
            continue
        notes[note.path] = NoteFacts(
            path=note.path,
            title=note.title,
            aliases=note.aliases,
            tags=note.tags,
            created=note.created,
            modified=note.modified,
            size=note.size,
            warnings=note.warnings,
            links=tuple(session.graph.neighbors(note.path, hops=1)),
        )
    return SearchOutcome(response, notes, session.chunk_texts(chunk_ids))


def other_chunks(metadata: Mapping[str, Any]) -> tuple[str, ...]:
    """Chunk ids of a result's further matching passages (the semantic source names them
    `other_chunks`; `source_<name>_other_chunks` when sources disagree)."""
    out: list[str] = []
    for key, value in metadata.items():
        if key.endswith("other_chunks") and isinstance(value, list | tuple):
            out.extend(str(v) for v in value if isinstance(v, str))
    return tuple(dict.fromkeys(out))


def _ignore(_result: object) -> None:
    return None


def _ms(started: float) -> float:
    return (time.perf_counter() - started) * 1000
