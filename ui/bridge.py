"""The one bridge between the widgets and the engine: an `EngineSession` per opened vault.

The vault's life (open, prepare the model, index, watch, pause, close) is
`engine.lifecycle.VaultLifecycle`'s, on its own thread; the session turns its reports into
Qt signals on the UI thread (`opened`, `model_loading`, `ready`, `index_progress`,
`index_finished` / `index_failed`, `synced`, `watching`, `notice`, `state_changed`,
`closed`). Reads (searches, connections, note text) run on a worker pool (`ui.tasks`).

`close()` never waits: the lifecycle stops the sync at its next batch, lets running reads
finish, closes the stores and then emits `closed` (delete the session then).

Searches are numbered by the caller (`generation`) and coalesced per `channel` (the main
window, the quick-search popup): while one runs, only the newest waiting query is kept.
Searches asked before the workspace is open wait for it; before the model is warm they run
on the other sources and are re-run once it is.
"""

from __future__ import annotations

import contextlib
import functools
import logging
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QObject, Signal

from engine.api import (
    LifecycleListener,
    LifecycleStatus,
    SearchResponse,
    SearchWarning,
    VaultState,
    one_line,
)
from ui.tasks import Task, TaskRunner

if TYPE_CHECKING:
    from engine.api import IndexStats, Progress, SearchFilters, Session
    from ui.review_store import ReviewStore

log = logging.getLogger(__name__)

SEMANTIC = "semantic"
PROGRESS_INTERVAL_S = 0.05  # at most ~20 progress signals a second
DRAIN_MS = 30_000  # closing: how long running reads may finish before the stores close


@dataclass(frozen=True)
class SessionOptions:
    """Plain values that open one vault (settings and flags already applied)."""

    vault: Path
    data_dir: Path | None = None
    chroma_url: str | None = None
    model: str | None = None
    excluded: tuple[str, ...] = ()
    documents: tuple[str, ...] = ()  # the suffixes read (empty: notes, boards and PDFs)
    pdf_contradictions: bool = False
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
    text_indexed = Signal(object)  # IndexStats: words and links hold every note; meaning follows
    index_failed = Signal(str)
    paused_changed = Signal(bool)
    synced = Signal(object)  # IndexStats of a live sync that changed something
    contradictions_checked = Signal()  # live sync rescored the changed notes' contradictions
    watching = Signal(bool)  # live sync started (True) or stopped (False)
    info_changed = Signal(object)  # SessionInfo after the index changed (folders, tags)
    search_finished = Signal(str, int, object)  # channel, generation, SearchOutcome
    search_failed = Signal(str, int, str)  # channel, generation, message
    note_text = Signal(str, str)  # path, the note's indexed text ("" when unknown)
    # the linking note, the link's target, the note it names and its text ("", "": none indexed)
    linked_note = Signal(str, str, str, str)
    connections = Signal(str, object)  # path, engine.search.connections.Connections | None
    state_changed = Signal(object)  # engine.lifecycle.LifecycleStatus
    closed = Signal()  # the stores are closed: the session may be deleted

    # from the lifecycle's thread to this object's (the UI thread), queued
    _life_opened = Signal(object)  # SessionInfo
    _life_ready = Signal()
    _life_indexed = Signal(object, object, bool)  # IndexStats | None, SessionInfo | None, failed

    def __init__(self, options: SessionOptions, *, parent: QObject | None = None) -> None:
        super().__init__(parent)
        from engine.api import (
            SCAN_APART_FROM,
            LifecycleOptions,
            VaultLifecycle,
            WorkspaceConfig,
            document_kinds,
        )

        self.options = options
        self._runner = TaskRunner(threads=4, parent=self)
        self._drained: list[TaskRunner] = [self._runner]
        self._session: Session | None = None
        self._info: SessionInfo | None = None
        self._indexing = False  # a first sync runs whose end is not reported yet
        self._closing = False
        self._last_progress = 0.0
        self._waiting: dict[str, SearchJob] = {}  # per channel: the newest job not yet run
        self._busy: set[str] = set()  # channels with a search running
        self._partial: dict[str, SearchJob] = {}  # jobs answered without the semantic source
        config = WorkspaceConfig(
            vault_root=options.vault,
            data_root=options.data_dir,
            chroma_url=options.chroma_url,
            model=options.model,
            excluded=options.excluded,
            documents=options.documents or document_kinds(),
            contradictions_in_pdfs=options.pdf_contradictions,
            scan_apart_from=SCAN_APART_FROM,
            chroma_apart=True,
        )
        self._lifecycle = VaultLifecycle(
            config,
            _QtListener(self),
            LifecycleOptions(index=options.index, live=options.live, embedder=options.embedder),
        )
        self._lifecycle.before_close(self._drain)
        self._life_opened.connect(self._on_opened)
        self._life_ready.connect(self._on_warm)
        self._life_indexed.connect(self._on_indexed)

    # -- state ----------------------------------------------------------------------------

    @property
    def info(self) -> SessionInfo | None:
        return self._info

    @property
    def is_open(self) -> bool:
        return self._session is not None

    @property
    def status(self) -> LifecycleStatus:
        """Where the vault is (`engine.lifecycle`)."""
        return self._lifecycle.status

    def reviews(self) -> ReviewStore:
        """The contradiction reviews of the opened vault (blocking calls: run them on a
        worker). Only once `opened` was emitted."""
        from ui.review_store import ReviewStore

        if self._session is None:
            raise RuntimeError("the vault is not open yet")
        return ReviewStore(self._session)

    @property
    def is_ready(self) -> bool:
        return self.status.model_ready

    @property
    def is_indexing(self) -> bool:
        return self._indexing

    @property
    def index_done(self) -> bool:
        """The first sync finished (or there is none to do: read-only, indexing off)."""
        return self.status.index_done

    @property
    def is_watching(self) -> bool:
        """Live sync is on: edits in the vault reach the index within a second or so."""
        return self.status.state == VaultState.WATCHING

    @property
    def is_paused(self) -> bool:
        return self._lifecycle.paused

    @property
    def is_closed(self) -> bool:
        return self.status.state == VaultState.CLOSED

    # -- life -----------------------------------------------------------------------------

    def start(self) -> None:
        self._lifecycle.start()

    def close(self) -> None:
        """Stop everything in the background and return at once: waiting searches are
        dropped, the sync stops at its next batch, running reads finish, then the stores
        close and `closed` is emitted (idempotent)."""
        if self._closing:
            return
        self._closing = True
        self._waiting.clear()
        self._session = None  # no new work starts
        for runner in self._drained:
            runner.drop_waiting()
        self._lifecycle.close()

    def keep_open_for(self, runner: TaskRunner) -> None:
        """The stores stay open until `runner`'s running tasks end (a widget's own reads)."""
        self._drained.append(runner)

    def wait_closed(self, msecs: int = -1) -> bool:
        """Block until the stores are closed (the end of the process, tests)."""
        return self._lifecycle.wait_closed(None if msecs < 0 else msecs / 1000)

    def _drain(self) -> None:  # the lifecycle's thread, before the stores close
        for runner in self._drained:
            if not runner.wait(DRAIN_MS):
                log.warning("a background read still runs after %d ms; closing anyway", DRAIN_MS)

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
        if not self.is_ready and SEMANTIC in wanted:
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
            note = SearchWarning(
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

    def follow_link(self, source_path: str, target: str) -> None:
        """Find the note a link to `target` written in `source_path` names, as Obsidian
        resolves links (path, file name, alias), and read its indexed text → `linked_note`."""
        self._run(lambda: self._linked_note(source_path, target), "follow-link", self._on_linked)

    def _linked_note(self, source_path: str, target: str) -> tuple[str, str, str, str]:
        session = self._session
        path = None if session is None else session.graph.resolve(target, source_path=source_path)
        text = "" if path is None else self._note_text(path)
        return source_path, target, path or "", text

    def _on_linked(self, result: tuple[str, str, str, str]) -> None:
        if not self._closing:
            self.linked_note.emit(*result)

    # -- what the lifecycle reports, on the UI thread --------------------------------------

    def _on_opened(self, info: SessionInfo) -> None:
        if self._closing:
            return
        self._info = info
        self._indexing = self.options.index and not info.read_only
        self.opened.emit(info)
        if not self._indexing:
            self.index_finished.emit(None)
        for channel in list(self._waiting):
            self._pump(channel)

    def _on_warm(self) -> None:
        if self._closing:
            return
        self.ready.emit()
        for channel, job in list(self._partial.items()):
            # answered without meaning: ask again with it, unless a newer query is waiting
            self._waiting.setdefault(channel, job)
            self._pump(channel)
        self._partial.clear()
        for channel in list(self._waiting):
            self._pump(channel)

    def _on_indexed(self, stats: IndexStats | None, info: SessionInfo | None, failed: bool) -> None:
        was_indexing, self._indexing = self._indexing, False
        if self._closing or not was_indexing:
            return
        if failed:
            return  # `index_failed` said why
        if info is not None:
            self._info = info
            self.info_changed.emit(info)
        self.index_finished.emit(stats)

    # -- pause / resume -------------------------------------------------------------------

    def set_paused(self, paused: bool) -> None:
        """Hold indexing and watching, or let them go on (`engine.lifecycle`)."""
        if paused == self.is_paused or self._closing:
            return
        (self._lifecycle.pause if paused else self._lifecycle.resume)()
        self.paused_changed.emit(paused)

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
        """Block until the first sync ended and no task runs (tests and the screenshot
        driver)."""
        timeout = None if msecs < 0 else msecs / 1000
        return self._lifecycle.wait_indexed(timeout) and self._runner.wait(msecs)


class _QtListener(LifecycleListener):
    """The lifecycle's reports as the session's Qt signals (the lifecycle's thread: every
    emit is queued to the UI thread). Reports after the session was deleted are dropped."""

    def __init__(self, session: EngineSession) -> None:
        self._session = session
        self._index_failed = False

    def _emit(self, signal: Any, *args: object) -> None:
        with contextlib.suppress(RuntimeError):  # the QObject is gone: nobody listens
            signal.emit(*args)

    def state_changed(self, status: LifecycleStatus) -> None:
        self._emit(self._session.state_changed, status)

    def opened(self, session: Session) -> None:
        self._session._session = session
        self._emit(self._session._life_opened, _describe(session))

    def open_failed(self, message: str) -> None:
        self._emit(self._session.open_failed, message)

    def model_loading(self, first_run: bool) -> None:
        self._emit(self._session.model_loading, first_run)

    def model_ready(self) -> None:
        self._emit(self._session._life_ready)

    def progress(self, progress: Progress) -> None:
        owner = self._session
        now = time.monotonic()
        if progress.phase == "done" or now - owner._last_progress >= PROGRESS_INTERVAL_S:
            owner._last_progress = now
            self._emit(owner.index_progress, progress)

    def index_finished(self, stats: IndexStats | None) -> None:
        session = self._session._session
        info = _describe(session) if session is not None and stats is not None else None
        self._emit(self._session._life_indexed, stats, info, self._index_failed)

    def text_indexed(self, stats: IndexStats) -> None:
        self._emit(self._session.text_indexed, stats)
        session = self._session._session
        if session is not None:
            self._emit(self._session.info_changed, _describe(session))

    def synced(self, stats: IndexStats) -> None:
        self._emit(self._session.synced, stats)
        session = self._session._session
        if session is not None:
            self._emit(self._session.info_changed, _describe(session))

    def contradictions_checked(self) -> None:
        self._emit(self._session.contradictions_checked)

    def watching(self, on: bool) -> None:
        self._emit(self._session.watching, on)

    def notice(self, kind: str, message: str) -> None:
        if kind == "index_failed":
            self._index_failed = True
            self._emit(self._session.index_failed, message)
            return
        self._emit(self._session.notice, kind, message)

    def closed(self) -> None:
        self._session._session = None
        self._emit(self._session.closed)


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
            links=(
                *session.graph.neighbors(note.path, hops=1),
                *((line.other, "on_board") for line in session.graph.board_links(note.path)),
            ),
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


def _ms(started: float) -> float:
    return (time.perf_counter() - started) * 1000
