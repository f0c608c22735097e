"""One opened vault for a front end (desktop app, MCP server, command line).

A `Session` owns the vault's `Workspace` and the search service over it, and is the one
place front ends reach the index through:

1. `Session.open(config)`: the writer, or read-only when another process holds the writer
   lock (`locked_elsewhere` then says so; `allow_read_only=False` raises IndexLockedError).
2. `warm_up()`: load the embedding model (search by meaning at full speed).
3. `sync(cancel=...)`: bring the index up to date; `cancel` is polled between batches.
4. `start_live()` / `stop_live()`: keep the index in step with the vault.
5. Queries: `search`, `note`, `note_text`, `chunk_texts`, `facets`, `contradictions`, and
   review decisions (`dismiss`, `resolve`, `reopen`).
6. `close()`: stop syncing, close the service, the readers and the workspace, in order.

Threads: reads may come from any thread (one read-only catalog connection per thread);
every write (syncs, review decisions) goes through the workspace's one writer connection,
serialised by a `WriterGate`: a decision asked for during a sync runs at the sync's next
pause between batches.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import TYPE_CHECKING, Literal

from engine.errors import IndexLockedError, ReadOnlyIndexError
from engine.model import IndexStats, Progress
from engine.workspace import Workspace, WorkspaceConfig
from engine.writer_gate import WriterGate

if TYPE_CHECKING:
    from engine.contradict.types import Contradiction, Side
    from engine.embed.embedder import Embedder
    from engine.index.live import LiveSync, StatusListener, SyncListener
    from engine.model import Note
    from engine.search.connections import Connections, Neighbours
    from engine.search.service import SearchFilters, SearchService
    from engine.search.sources.text import ThreadCatalogs
    from engine.search.types import SearchResponse
    from engine.store.graph import LinkGraph

log = logging.getLogger(__name__)

Cancel = Callable[[], bool] | threading.Event
ProgressCallback = Callable[[Progress], None]
ModelStatus = Literal["loaded", "cached", "first_run"]
ReviewDecision = Literal["dismiss", "a", "b", "open"]  # "a"/"b": resolved, that side is current
HOLD_POLL_S = 0.25  # how often a held (paused) sync looks for queued writes and a cancel


@dataclass(frozen=True)
class Facets:
    """What a front end offers as filters: the indexed notes' folders and tags."""

    notes: int
    folders: tuple[str, ...]
    tags: tuple[str, ...]


class Session:
    """One opened vault. Use `Session.open`; `close()` it (or use it as a context manager)."""

    def __init__(
        self,
        workspace: Workspace,
        *,
        locked_elsewhere: bool = False,
        search_timeout_s: float = 2.0,
    ) -> None:
        from engine.search.build import (
            build_connections_finder,
            build_search_service,
            reader_catalogs,
        )
        from engine.search.directory import DirectoryCache, NoteDirectory

        self._ws = workspace
        self.locked_elsewhere = locked_elsewhere
        self._readers: ThreadCatalogs = reader_catalogs(workspace.paths.catalog)
        stamp = None if workspace.read_only else workspace.snapshot_stamp()
        directory = NoteDirectory(
            workspace.graph,
            cache=None if stamp is None else DirectoryCache(workspace.paths.directory, stamp),
        )
        self._connections = build_connections_finder(
            workspace, catalogs=self._readers, directory=directory
        )
        self._service: SearchService = build_search_service(
            workspace, timeout_s=search_timeout_s, catalogs=self._readers, directory=directory
        )
        self._gate = WriterGate()
        self._closing = threading.Event()
        self._live_lock = threading.Lock()
        self._live: LiveSync | None = None
        self._closed = False

    @classmethod
    def open(
        cls,
        config: WorkspaceConfig,
        *,
        embedder: Embedder | None = None,
        rebuild: bool = False,
        allow_read_only: bool = True,
        mirror: bool | Literal["snapshot"] = True,
        search_timeout_s: float = 2.0,
    ) -> Session:
        """Open `config`'s vault as the writer; when another process holds the writer lock,
        read-only if `allow_read_only` (else IndexLockedError). `mirror` loads the vectors
        into memory in the background (a long-lived front end); "snapshot" (a one-shot
        command) loads only a current saved snapshot, at once, and otherwise lets Chroma
        answer; False always lets Chroma answer."""
        locked = False
        try:
            ws = Workspace.open(
                config, rebuild=rebuild, embedder=embedder, defer_graph=mirror == "snapshot"
            )
        except IndexLockedError as exc:
            if not allow_read_only:
                raise
            log.info("%s: opening the index read-only", exc)
            ws = Workspace.open(
                config, embedder=embedder, read_only=True, defer_graph=mirror == "snapshot"
            )
            locked = True
        try:
            session = cls(ws, locked_elsewhere=locked, search_timeout_s=search_timeout_s)
            if mirror == "snapshot":
                ws.load_vector_snapshot()
            elif mirror:
                ws.start_vector_mirror()
        except BaseException:
            ws.close()
            raise
        return session

    # -- state ------------------------------------------------------------------------------

    @property
    def read_only(self) -> bool:
        """No indexing and no review decisions here (another process is the writer)."""
        return self._ws.read_only

    @property
    def config(self) -> WorkspaceConfig:
        return self._ws.config

    @property
    def vault_root(self) -> Path:
        return self._ws.config.vault_root

    @property
    def catalog_path(self) -> Path:
        return self._ws.paths.catalog

    @property
    def graph(self) -> LinkGraph:
        """The vault's link graph (thread-safe reads)."""
        return self._ws.graph

    @property
    def source_names(self) -> tuple[str, ...]:
        return self._service.source_names

    @property
    def is_watching(self) -> bool:
        return self._live is not None

    @property
    def closing(self) -> bool:
        return self._closing.is_set()

    # -- model and indexing -----------------------------------------------------------------

    def model_status(self) -> ModelStatus:
        """What warming up will do: "loaded" (nothing), "cached" (load the model, seconds) or
        "first_run" (build its cached export first, tens of seconds, once per model). Hashes
        the model files: call it where `warm_up` runs."""
        if self._ws.model_loaded():
            return "loaded"
        return "first_run" if self._ws.model_needs_preparing() else "cached"

    def warm_up(self, sources: Sequence[str] | None = None) -> None:
        """Load what the first search needs (the embedding model for `semantic`)."""
        self._service.warm_up(sources)

    def sync(
        self,
        *,
        paths: set[str] | None = None,
        progress: ProgressCallback | None = None,
        cancel: Cancel | None = None,
        hold: Callable[[], bool] | None = None,
        save_graph: bool = True,
        contradictions: bool = True,
        embed: bool = True,
    ) -> IndexStats:
        """Index what changed (everything on the first run; `paths`: only those), then check
        the changed notes for contradictions unless `contradictions` is False (a one-shot
        search answers without waiting for that check; the next sync does it). `embed=False`
        indexes words and links only: every note answers by words and links within seconds,
        and the next full sync adds the vectors.

        `cancel` (a callable or an Event) is polled between batches, as is `close()`: the sync
        then ends early with a consistent index the next sync completes. While `hold()` answers
        True the sync waits at its next progress report (a pause), still serving review
        decisions. Raises ReadOnlyIndexError in a read-only session.
        """
        stop = self._stopper(cancel)
        report = progress or (lambda _p: None)

        def should_stop() -> bool:
            self._gate.serve()
            return stop()

        def on_progress(p: Progress) -> None:
            self._gate.serve()
            report(p)
            while hold is not None and hold() and not stop():
                self._gate.serve()
                self._closing.wait(HOLD_POLL_S)

        with self._gate.hold():
            return self._ws.sync(
                paths=paths,
                progress=on_progress,
                save_graph=save_graph,
                should_stop=should_stop,
                contradictions=contradictions,
                embed=embed,
            )

    def check_contradictions(self) -> bool:
        """Check the notes changed since their last contradiction scan (after a sync that
        left them: `sync(contradictions=False)`). True when any note was rescored. Writer
        only; a no-op once closing."""
        if self.read_only or self._closing.is_set():
            return False
        with self._gate.hold():  # review decisions are served between its progress reports
            scan = self._ws.scan_contradictions(
                progress=lambda _p: self._gate.serve(), should_stop=self._closing.is_set
            )
        return scan is not None

    def _stopper(self, cancel: Cancel | None) -> Callable[[], bool]:
        closing = self._closing
        if cancel is None:
            return closing.is_set
        asked = cancel.is_set if isinstance(cancel, threading.Event) else cancel
        return lambda: closing.is_set() or asked()

    def keep_vector_snapshot(self) -> None:
        """Save the vectors beside the graph so the next one-shot command answers by meaning
        from memory without opening Chroma (loads them from Chroma first when this session
        holds none; seconds on a large vault). Writer only; a no-op when read-only."""
        if self.read_only:
            return
        with self._gate.hold():
            self._ws.keep_vector_snapshot()

    def save_graph(self) -> None:
        """Persist the link graph if it changed (the writer only)."""
        if not self.read_only:
            self._gate.run(self._ws.save_graph)

    def start_live(
        self,
        *,
        on_synced: SyncListener | None = None,
        on_status: StatusListener | None = None,
        on_checked: Callable[[], None] | None = None,
        initial_sync: bool = True,
        **timing: float,
    ) -> IndexStats | None:
        """Watch the vault and index its changes as they happen; with `initial_sync`, first
        catch up with what changed since the last sync. `on_synced` hears a change once it
        is searchable; the changed notes' contradiction check follows, and `on_checked`
        hears when it rescored any. `timing` overrides `LiveSync`'s debounce, graph-save,
        poll and check-delay intervals. Writer only; a no-op when closing or already watching."""
        from engine.index.live import LiveSync

        if self.read_only:
            raise ReadOnlyIndexError()
        with self._live_lock:
            if self._closing.is_set() or self._live is not None:
                return None
            live = LiveSync(
                vault_root=self.vault_root,
                sync=lambda paths: self.sync(paths=paths, save_graph=False, contradictions=False),
                save_graph=self.save_graph,
                on_synced=on_synced,
                on_status=on_status,
                check=self.check_contradictions,
                on_checked=on_checked,
                **timing,
            )
            self._live = live
        return live.start(initial_sync=initial_sync)

    def stop_live(self) -> bool:
        """Stop watching (saves the link graph). True when live sync was on."""
        with self._live_lock:
            live, self._live = self._live, None
        if live is None:
            return False
        live.stop()
        return True

    def close(self) -> None:
        """Stop a running sync (at its next batch) and live sync, then close the search
        service, the read connections and the workspace. Idempotent."""
        if self._closed:
            return
        self._closing.set()
        try:
            self.stop_live()
        finally:
            with self._gate.hold():  # a running sync ends at its next batch
                self._closed = True
                self._service.close()
                self._readers.close()
                self._ws.close()

    def __enter__(self) -> Session:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # -- reading ----------------------------------------------------------------------------

    def search(
        self,
        text: str,
        *,
        limit: int = 10,
        filters: SearchFilters | None = None,
        sources: Sequence[str] | None = None,
        token_budget: int | None = None,
    ) -> SearchResponse:
        return self._service.search(
            text, limit=limit, filters=filters, sources=sources, token_budget=token_budget
        )

    def connections(self, path: str, *, limit: int = 12) -> Connections | None:
        """What a person working on `path` wants beside it: related notes and why, its
        near-duplicates, its open contradictions (None: not an indexed note)."""
        return self._connections.find(path, limit=limit)

    def neighbours(self, path: str, *, hops: int = 1, limit: int = 50) -> Neighbours | None:
        """`path`'s graph neighbours, ranked like `connections` ranks links and tags (None:
        not an indexed note)."""
        return self._connections.neighbours(path, hops=hops, limit=limit)

    def note(self, path: str) -> Note | None:
        """An indexed note's metadata, links and headings (None when not indexed)."""
        return self._readers.get().notes.get_note(path)

    def note_text(self, path: str) -> str:
        """A note's indexed text, its chunks in order ("" when not indexed)."""
        return self._readers.get().notes.note_texts([path]).get(path, "")

    def chunk_texts(self, chunk_ids: Sequence[str]) -> dict[str, str]:
        """The text of each known chunk id."""
        return {cid: c.text for cid, c in self._readers.get().notes.chunks_by_id(chunk_ids).items()}

    def indexed_notes(self) -> int:
        return self._readers.get().notes.counts()[0]

    def facets(self) -> Facets:
        """Every folder holding an indexed note (parents included) and every tag."""
        catalog = self._readers.get()
        paths = list(catalog.notes.manifest())
        folders: set[str] = set()
        for path in paths:
            parts = path.split("/")[:-1]
            for depth in range(1, len(parts) + 1):
                folders.add("/".join(parts[:depth]))
        tags = catalog.notes.tags()
        return Facets(
            notes=len(paths),
            folders=tuple(sorted(folders, key=str.casefold)),
            tags=tags,
        )

    # -- contradictions ---------------------------------------------------------------------

    def contradictions(
        self, *, min_confidence: float | None = None, include_reviewed: bool = False
    ) -> tuple[Contradiction, ...]:
        """The vault's contradiction pairs, best first (see `engine.contradict.store.lookup`)."""
        from engine.contradict.store import lookup

        return lookup(
            self._readers.get(), min_confidence=min_confidence, include_reviewed=include_reviewed
        )

    def unchecked_notes(self) -> int:
        """Notes not yet checked for contradictions (changed since their last scan)."""
        from engine.contradict.store import stale_notes

        return len(stale_notes(self._readers.get()))

    def dismiss(self, pair: Contradiction) -> Contradiction:
        """The two claims do not contradict each other; returns the pair as it now reads."""
        return self.decide(pair, "dismiss")

    def resolve(self, pair: Contradiction, current_side: Side) -> Contradiction:
        """Side `current_side` of the pair is what holds now."""
        return self.decide(pair, current_side)

    def reopen(self, pair: Contradiction) -> Contradiction:
        """Forget the decision on the pair: it is open again."""
        return self.decide(pair, "open")

    def decide(self, pair: Contradiction, decision: ReviewDecision) -> Contradiction:
        """Save a review decision on the writer; returns the pair with its review state.
        Raises ReadOnlyIndexError in a read-only session."""
        from engine.contradict import store

        if self.read_only:
            raise ReadOnlyIndexError(
                "another Consilience process is indexing this vault, so its index is open "
                "read-only here"
            )
        catalog = self._ws.catalog

        def write() -> tuple[str, str | None]:
            if decision == "dismiss":
                store.dismiss(catalog, pair)
            elif decision == "open":
                store.reopen(catalog, pair)
            else:
                store.resolve(catalog, pair, decision)
            return store.review_of(catalog, pair)

        state, side = self._gate.run(write)
        current = side if side in ("a", "b") else None
        review = state if state in ("open", "dismissed", "resolved") else "open"
        return replace(pair, review=review, current_side=current)  # type: ignore[arg-type]
