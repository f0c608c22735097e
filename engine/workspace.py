"""One opened vault: its index folder, the three stores, the embedder and the indexer.

`Workspace.open` is the single place that wires the engine together from plain values (the
app layer turns settings and command-line flags into a `WorkspaceConfig`).
"""

from __future__ import annotations

import dataclasses
import logging
import shutil
import threading
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, cast

from filelock import FileLock, Timeout

from engine.errors import (
    EngineError,
    IndexLockedError,
    ModelLoadError,
    ReadOnlyIndexError,
    VaultUnavailableError,
)
from engine.index.indexer import Indexer, ProgressCallback, TokenCounter
from engine.model import IndexStats, Progress
from engine.paths import IndexPaths, index_paths_for, machine_id
from engine.runtime import BIG_PASS_NOTES, release_free_memory, timed
from engine.store.catalog import Catalog
from engine.store.deferred_graph import DeferredGraph
from engine.vault.documents import DEFAULT_MAX_PDF_BYTES, DEFAULT_MAX_PDF_PAGES, DocumentLimits
from engine.vault.ignore import DOCUMENT_SUFFIXES, VaultFilter

if TYPE_CHECKING:
    from engine.contradict.scan import ContradictionScanner
    from engine.contradict.store import ClaimVectors, Review
    from engine.contradict.types import ScanStats
    from engine.embed.embedder import Embedder
    from engine.store.graph import LinkGraph
    from engine.store.vectors import VectorStore

log = logging.getLogger(__name__)

PACKAGED_MODEL_ID = "packaged:all-MiniLM-L6-v2"
MODEL_RETRY_S = 60.0  # a model that failed to load is tried again after this long
# A restart answers from the saved vectors at once; their count check against Chroma (which
# opens Chroma: about a second of imports) waits until the first queries are answered.
MIRROR_CHECK_DELAY_S = 5.0


#: The pass size (notes) from which a long-lived front end scans contradictions in a child
#: process (`WorkspaceConfig.scan_apart_from`).
SCAN_APART_FROM = BIG_PASS_NOTES


@dataclass(frozen=True)
class WorkspaceConfig:
    """Everything the engine needs to open a vault, as plain values."""

    vault_root: Path
    data_root: Path | None = None  # None: the per-user data directory
    chroma_url: str | None = None  # None: embedded Chroma in the index folder
    model: str | None = None  # None: the packaged all-MiniLM-L6-v2
    excluded: tuple[str, ...] = ()  # extra folder prefixes to skip, on top of app.json
    max_note_bytes: int = 10_000_000
    documents: tuple[str, ...] = DOCUMENT_SUFFIXES  # the kinds read: ".md", ".canvas", ".pdf"
    max_pdf_bytes: int = DEFAULT_MAX_PDF_BYTES
    max_pdf_pages: int = DEFAULT_MAX_PDF_PAGES
    contradictions_in_pdfs: bool = False  # PDFs are long documents by others: off by default
    batch_chunks: int = 256  # chunks per indexing batch (embedding overlaps the next batch)
    # a contradiction scan of at least this many notes runs in a process of its own, so what
    # it allocates goes back to the system when it ends (long-lived front ends); None: never
    scan_apart_from: int | None = None
    # a local Chroma runs in a process of its own (`engine.store.chroma_process`), so its
    # code and loaded index never stay in a long-lived front end
    chroma_apart: bool = False


class Workspace:
    """An opened vault index. Not thread-safe for writes: one writer (the indexer thread)."""

    def __init__(
        self,
        *,
        config: WorkspaceConfig,
        paths: IndexPaths,
        catalog: Catalog,
        vectors: VectorStore,
        graph: LinkGraph,
        lock: FileLock | None,
        embedder: Embedder | None = None,
    ) -> None:
        self.config = config
        self.paths = paths
        self.catalog = catalog
        self.vectors = vectors
        self.graph = graph
        self._writer_lock = lock
        self._embedder: Embedder | None = embedder
        self._embedder_given = embedder is not None
        self._embedder_id = embedder_identity(config.model, embedder)  # fixed while open
        self._embedder_lock = threading.Lock()
        self._embedder_failure: tuple[ModelLoadError, float] | None = None
        self._graph_lock = threading.Lock()
        self._claim_vectors: ClaimVectors | None = None
        self._packaged_embedder: Embedder | None = None
        self._scanner: ContradictionScanner | None = None
        self._scanner_failed = False
        self.last_scan: ScanStats | None = None  # the latest contradiction scan, if any ran
        self.indexer = Indexer(
            vault_root=config.vault_root,
            catalog=catalog,
            vectors=vectors,
            graph=graph,
            embedder=self.embedder,
            count_tokens=self._token_counter,
            vault_filter=VaultFilter.load(
                config.vault_root, extra_excludes=config.excluded, suffixes=config.documents
            ),
            limits=DocumentLimits(
                config.max_note_bytes, config.max_pdf_bytes, config.max_pdf_pages
            ),
            embedder_id=self.embedder_id,
            batch_chunks=config.batch_chunks,
        )

    # -- opening --------------------------------------------------------------------------

    @classmethod
    def open(
        cls,
        config: WorkspaceConfig,
        *,
        rebuild: bool = False,
        embedder: Embedder | None = None,
        read_only: bool = False,
        defer_graph: bool = False,
    ) -> Workspace:
        """Open (creating or repairing) the index of `config.vault_root`.

        `embedder` lets a caller share one loaded model between workspaces (and tests).
        `read_only` opens an existing index for searching while another process (a watcher,
        the app) holds the writer lock; `sync` is then refused. `defer_graph` (a one-shot
        command) reads a current saved link graph only when something first asks for it.
        """
        from engine.store.chroma_process import wait_for_leftover
        from engine.store.vectors import VectorStore, collection_name_for

        vault = config.vault_root.expanduser()
        if not vault.is_dir():
            raise VaultUnavailableError(
                f"no vault folder at {vault}; pass the path of an Obsidian vault folder"
            )
        vault = vault.resolve()
        config = dataclasses.replace(config, vault_root=vault)
        paths = index_paths_for(vault, data_root=config.data_root)
        paths.root.mkdir(parents=True, exist_ok=True)
        lock = None if read_only else _acquire_writer_lock(paths.lock)
        if lock is not None and not config.chroma_url and not wait_for_leftover(paths.chroma):
            # a Chroma process left by a writer that died should end its last call first
            log.warning("a Chroma process from an earlier session still holds %s", paths.chroma)
        try:
            kept_reviews: list[Review] = []
            if rebuild and not read_only:
                kept_reviews = _saved_reviews(paths)
                _remove_index_files(paths)
            with timed("open catalog"):
                catalog = Catalog.open(paths.catalog, read_only=read_only)
            if kept_reviews:
                _restore_reviews(catalog, kept_reviews)
            model_id = embedder_identity(config.model, embedder)
            machine = machine_id(config.data_root) if config.chroma_url else None
            with timed("open vectors"):
                vectors = VectorStore.open(
                    persist_dir=None if config.chroma_url else paths.chroma,
                    chroma_url=config.chroma_url,
                    collection=collection_name_for(vault, model_id, machine=machine),
                    dimension=384,
                    # With saved vectors to answer queries, Chroma opens on first need: a
                    # restart reaches its first result about a second sooner.
                    deferred=not read_only and _snapshot_saved(paths),
                    apart=config.chroma_apart,
                )
            if rebuild and config.chroma_url:
                vectors.reset()
            with timed("open graph"):
                graph = _open_graph(paths, catalog, persist=not read_only, defer=defer_graph)
        except BaseException:
            if lock is not None:
                lock.release()
            raise
        if not read_only:
            catalog.state.vault_root = str(vault)
        return cls(
            config=config,
            paths=paths,
            catalog=catalog,
            vectors=vectors,
            graph=graph,
            lock=lock,
            embedder=embedder,
        )

    # -- embedder -------------------------------------------------------------------------

    @property
    def embedder_id(self) -> str:
        """The model and its weights' precision: what the stored vectors were made with
        (see `embedder_identity`)."""
        return self._embedder_id

    def embedder(self) -> Embedder:
        """The embedding model, loaded on first use (restarts with nothing to embed skip it).

        Raises ModelLoadError (one line) when it cannot load; the failure is remembered for
        `MODEL_RETRY_S`, so searches fail fast (as a warning) instead of retrying every time.
        """
        with self._embedder_lock:
            if self._embedder is None:
                failed = self._embedder_failure
                if failed is not None and time.monotonic() - failed[1] < MODEL_RETRY_S:
                    raise failed[0]
                from engine.embed.embedder import load_embedder

                try:
                    self._embedder = load_embedder(self.config.model, cache_dir=self._models_dir())
                except Exception as exc:  # ModelLoadError, or anything torch raises
                    error = (
                        exc
                        if isinstance(exc, ModelLoadError)
                        else ModelLoadError(f"could not load the embedding model: {exc}")
                    )
                    self._embedder_failure = (error, time.monotonic())
                    raise error from exc
                self._embedder_failure = None
            return self._embedder

    def model_needs_preparing(self) -> bool:
        """Whether loading the embedding model first builds its cached files (the ONNX
        export and int8 weights: tens of seconds, once per model). False once it is loaded.
        Hashes the model files: off the UI thread."""
        if self._embedder is not None:
            return False
        from engine.embed.embedder import model_cache_ready

        return not model_cache_ready(self.config.model, cache_dir=self._models_dir())

    def model_loaded(self) -> bool:
        """The embedding model is loaded (or was given)."""
        return self._embedder is not None

    def _models_dir(self) -> Path:
        from engine.paths import default_model_cache

        return default_model_cache()  # shared by every data directory

    def _token_counter(self) -> TokenCounter:
        if self.config.model is None:
            from engine.vault.tokens import load_wordpiece_counter

            return load_wordpiece_counter()
        return self.embedder().count_tokens

    # -- indexing -------------------------------------------------------------------------

    def sync(
        self,
        *,
        paths: set[str] | None = None,
        progress: ProgressCallback | None = None,
        save_graph: bool = True,
        should_stop: Callable[[], bool] | None = None,
        contradictions: bool = True,
        embed: bool = True,
    ) -> IndexStats:
        """Index what changed (everything on the first run), then check the changed notes
        for contradictions unless `contradictions` is False (a one-shot search: the next
        sync checks them). `embed=False` writes words and links only (text first, before
        the model is ready; no contradiction check either). See `Indexer.sync`.

        `should_stop` is polled between batches; once it answers True the sync ends early,
        leaving a consistent index that the next sync completes (the contradiction scan is
        then left for that sync too)."""
        if self.read_only:
            raise ReadOnlyIndexError()
        # Stale from before the first write: a crash mid-sync must not leave graph.json or
        # the vector snapshot looking current. Put back if nothing changed.
        was_stale = self.catalog.state.graph_stale
        self.catalog.state.graph_stale = True
        stats = self.indexer.sync(
            paths=paths, progress=progress, should_stop=should_stop, embed=embed
        )
        if not (stats.changed or stats.embedded):
            self.catalog.state.graph_stale = was_stale
        if save_graph:
            self.save_graph()
        if stats.embedded >= BIG_PASS_NOTES and self.vectors.mirrored:
            # queries answer from the mirror: Chroma's loaded index waits for the next write
            self.vectors.disconnect()
        if contradictions and embed and (should_stop is None or not should_stop()):
            self.scan_contradictions(
                removed=stats.removed_paths, progress=progress, should_stop=should_stop
            )
        elif stats.removed_paths:  # their claims went with them; their vectors go next scan
            state = self.catalog.state
            state.claims_to_drop = state.claims_to_drop + tuple(stats.removed_paths)
        return stats

    # -- contradictions -------------------------------------------------------------------

    def scan_contradictions(
        self,
        *,
        removed: Sequence[str] = (),
        progress: ProgressCallback | None = None,
        should_stop: Callable[[], bool] | None = None,
    ) -> ScanStats | None:
        """Bring claims and contradiction pairs in line with the index (a phase after
        indexing, so indexing throughput is about the indexer alone).

        Rescans the notes whose claims are stale (changed since their last scan, or never
        scanned: this also redoes a scan a kill interrupted) and drops the claims of
        `removed` notes. Over an unchanged vault this is one SQL query (no model, no scorer).
        Never fails indexing: problems are logged and the notes stay stale for the next run.
        `progress` hears `Progress(phase="contradictions", done, total)` in notes. A pass of
        `config.scan_apart_from` notes or more runs in a child process (`scan_process`), which
        `should_stop` can end early: the notes it did not finish stay stale.
        """
        from engine.contradict import store
        from engine.contradict.types import SCORER_VERSION

        if self.read_only or self._scanner_failed:
            return None
        try:
            if self.catalog.state.contradiction_scorer != SCORER_VERSION:
                # pairs scored by another scorer: rescore every note (claim vectors are reused)
                store.forget_scans(self.catalog)
                self.catalog.state.contradiction_scorer = SCORER_VERSION
            stale = store.stale_notes(self.catalog)
            pending = self.catalog.state.claims_to_drop  # removed while scans were skipped
            removed = tuple(dict.fromkeys((*removed, *pending)))
            if not stale and not removed:
                return None

            def report(done: int, total: int) -> None:
                if progress is not None:
                    progress(Progress(phase="contradictions", done=done, total=total))

            report(0, len(stale))
            scanner: ContradictionScanner | None = None  # None: the pass runs apart
            if self._scans_apart(len(stale)):
                self._align_claims_collection()
            else:
                scanner = self._contradiction_scanner()
                if scanner is None:
                    return None
            stale = store.stale_notes(self.catalog)  # again: aligning may have reset scans
            full = self.catalog.state.claims_collection is None
            if scanner is None:
                scan = self._scan_apart(full, stale, removed, report, should_stop)
                if scan is None:  # stopped: the notes it did not finish stay stale
                    return None
            elif full:
                scan = scanner.full_scan(progress=report)
            else:
                scan = scanner.update(stale, removed, progress=report)
            self.last_scan = scan
            if full:
                self.catalog.state.claims_collection = scanner_collection(self)
            if pending:
                self.catalog.state.claims_to_drop = ()
            if scan.notes >= BIG_PASS_NOTES:
                # the scan's claims and caches are gone, and its batches: give them back
                release_free_memory(self._packaged_embedder, self._embedder)
        except EngineError as exc:
            log.warning("contradiction scan skipped: %s", exc)
            return None
        return self.last_scan

    def _drop_legacy_claims_collection(self) -> None:
        """Claim vectors moved into the catalog (migration 0007): drop the vector collection
        that held them, once. A failure is logged and tried again at the next open."""
        legacy = self.catalog.state.legacy_claims_collection
        if legacy is None:
            return
        if legacy != self.vectors.name:
            try:
                self.vectors.drop_other(legacy)
            except EngineError as exc:
                log.warning("could not drop the old claims collection %s: %s", legacy, exc)
                return
        self.catalog.state.forget_legacy_claims_collection()

    def _contradiction_scanner(self) -> ContradictionScanner | None:
        if self._scanner is not None:
            return self._scanner
        from engine.contradict.scan import ContradictionScanner
        from engine.contradict.scorer import PairScorer, WeightsError
        from engine.contradict.store import ClaimVectors

        try:
            scorer = PairScorer.load()
        except WeightsError as exc:
            log.warning("contradictions are off: %s", exc)
            self._scanner_failed = True
            return None
        self._align_claims_collection()
        self._claim_vectors = ClaimVectors(self.catalog, dimension=scorer.dimension)
        self._scanner = ContradictionScanner(
            self.catalog,
            self._claim_vectors,
            self._claim_embedder,
            scorer,
            pdfs=self.config.contradictions_in_pdfs,
        )
        return self._scanner

    def _align_claims_collection(self) -> None:
        """Claim vectors kept under another model's name are that model's: start over."""
        from engine.contradict import store

        name = scanner_collection(self)
        if self.catalog.state.claims_collection not in (None, name):
            store.forget_scans(self.catalog)
            self.catalog.state.claims_collection = name
        self._drop_legacy_claims_collection()

    def _scans_apart(self, notes: int) -> bool:
        """Whether a pass over `notes` stale notes runs in a child process: a long-lived
        front end asked for it, the pass is that big, and the model is the workspace's own (a
        given embedder cannot cross a process)."""
        threshold = self.config.scan_apart_from
        return threshold is not None and not self._embedder_given and notes >= threshold

    def _scan_apart(
        self,
        full: bool,
        stale: Sequence[str],
        removed: Sequence[str],
        report: Callable[[int, int], None],
        should_stop: Callable[[], bool] | None,
    ) -> ScanStats | None:
        from engine.contradict.scan_process import ScanJob, run_scan_apart

        job = ScanJob(
            catalog=str(self.catalog.path),
            models_dir=str(self._models_dir()),
            full=full,
            changed=tuple(stale),
            removed=tuple(removed),
            pdfs=self.config.contradictions_in_pdfs,
        )
        # what this process knew of the claims is out of date once the child has written
        self._drop_scanner()
        release_free_memory(self._packaged_embedder, self._embedder)  # before the child grows
        with timed("contradiction scan (apart)"):
            return run_scan_apart(job, progress=report, should_stop=should_stop)

    def _drop_scanner(self) -> None:
        self._scanner = None
        if self._claim_vectors is not None:
            self._claim_vectors.close()
            self._claim_vectors = None

    def _claim_embedder(self) -> Embedder:
        """The packaged MiniLM (the scorer is calibrated on it), shared when it is also the
        chunk embedder."""
        if self.config.model is None:
            return self.embedder()
        with self._embedder_lock:
            if self._packaged_embedder is None:
                from engine.embed.embedder import load_embedder

                self._packaged_embedder = load_embedder(None, cache_dir=self._models_dir())
            return self._packaged_embedder

    @property
    def read_only(self) -> bool:
        return self.catalog.read_only

    def save_graph(self) -> None:
        """Persist the link graph if it changed since the last save."""
        if self.read_only:
            return
        with self._graph_lock:
            state = self.catalog.state
            if not state.graph_stale and self.paths.graph.exists():
                generation = state.generation or 0
                self.vectors.save_mirror(
                    self.paths.vector_snapshot, stamp=self._stamp_of(generation)
                )
                return
            generation = (state.generation or 0) + 1
            state.generation = generation
            self.graph.save(self.paths.graph, stamp=str(generation))
            state.graph_stale = False
        self.vectors.save_mirror(self.paths.vector_snapshot, stamp=self._stamp_of(generation))

    def start_vector_mirror(self, *, check_delay_s: float = MIRROR_CHECK_DELAY_S) -> bool:
        """Load every chunk vector into memory in the background (fast exact queries for a
        long-lived process; a one-shot search lets Chroma answer instead). Writer only: a
        read-only view would miss the writer's changes. True when a mirror was started."""
        if self.read_only:
            return False
        self.vectors.start_mirror(
            snapshot=self.paths.vector_snapshot,
            stamp=self.snapshot_stamp(),
            check_delay_s=check_delay_s,
        )
        return True

    def load_vector_snapshot(self) -> bool:
        """For a one-shot process: answer by meaning from the saved vector snapshot when it
        matches this index (its stamp, and the catalog's number of chunks), exactly as the
        app's in-memory mirror does, without opening Chroma; else Chroma answers. Writer
        only. True when loaded."""
        if self.read_only:
            return False
        with timed("open vector snapshot"):
            self.vectors.start_mirror(
                snapshot=self.paths.vector_snapshot,
                stamp=self.snapshot_stamp(),
                snapshot_only=True,
                expect=self.catalog.notes.counts()[1],
            )
        return self.vectors.mirrored

    def keep_vector_snapshot(self) -> None:
        """See `Session.keep_vector_snapshot`."""
        if self.read_only or self.catalog.state.dirty:
            return  # vectors may lack notes: the next complete sync saves them
        if not self.vectors.mirrored:
            self.vectors.start_mirror(wait=True)
        self.save_graph()

    def snapshot_stamp(self) -> str | None:
        """The stamp a saved vector snapshot must carry to match this index now (None while
        the index has changes that were not saved with the graph)."""
        state = self.catalog.state
        if state.graph_stale or state.dirty:
            return None
        return self._stamp_of(state.generation or 0)

    def _stamp_of(self, generation: int) -> str:
        return f"{self.vectors.name}:{generation}"  # another collection, another snapshot

    def close(self) -> None:
        """Save the link graph (writer, nothing half-done), then close the stores and release
        the writer lock. Idempotent."""
        if self.catalog.closed:
            return
        try:
            if not self.read_only and not self.catalog.state.dirty:
                self.save_graph()
        except EngineError as exc:  # e.g. disk full: the catalog still says the graph is
            # stale, so the next open rebuilds it from the catalog; closing must go on
            log.warning("the link graph was not saved: %s", exc)
        finally:
            self.catalog.close()
            self.vectors.close()
            self._drop_scanner()
            lock, self._writer_lock = self._writer_lock, None
            if lock is not None:
                lock.release()
            # The model and the scanner go with the stores (a caller that shared its model
            # keeps it): a process that opens another vault next starts lower.
            with self._embedder_lock:
                self._embedder = None
            self._packaged_embedder = None
            release_free_memory()

    def __enter__(self) -> Workspace:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def scanner_collection(workspace: Workspace) -> str:
    """The claims collection: the chunk collection's name + "-claims"."""
    from engine.contradict.scan import claims_collection_name

    return claims_collection_name(workspace.vectors.name)


def _acquire_writer_lock(path: Path) -> FileLock:
    """The index folder's writer lock, taken at once or IndexLockedError. An OS lock (flock
    on Unix, LockFileEx on Windows): a process that dies, even killed, releases it. Not
    thread-local: the workspace may be opened on one thread and closed on another."""
    lock = FileLock(path, timeout=0, mode=0o644, thread_local=False)
    try:
        lock.acquire()
    except Timeout:
        raise IndexLockedError(
            "another Consilience process is indexing this vault; close it or wait until it ends"
        ) from None
    return lock


def _saved_reviews(paths: IndexPaths) -> list[Review]:
    """--rebuild keeps the user's review decisions: they are keyed by claim text, not by the
    index, so they still apply after re-indexing. A catalog too broken to read loses them
    (logged): rebuilding is then the only way forward."""
    from engine.contradict.store import export_reviews

    if not paths.catalog.exists():
        return []
    try:
        return export_reviews(paths.catalog)
    except EngineError as exc:
        log.warning("rebuild: review decisions could not be read from the old index: %s", exc)
        return []


def _restore_reviews(catalog: Catalog, reviews: list[Review]) -> None:
    from engine.contradict.store import import_reviews

    import_reviews(catalog, reviews)
    log.info("rebuild: kept %d review decisions", len(reviews))


def embedder_identity(model: str | None, embedder: Embedder | None = None) -> str:
    """What the index's vectors are made with: the model (None: the packaged one), plus
    "+int8" for int8 weights (the default backend; see `engine.embed.embedder`). Vectors of
    one identity live in their own collection: switching re-embeds, never mixes. A given
    `embedder` answers for itself; otherwise the configured backend choice decides (a
    fallback from int8 to fp32 at load time keeps the identity: its vectors differ from the
    int8 ones by a cosine of about 0.005)."""
    from engine.embed.embedder import vector_precision

    base = model or PACKAGED_MODEL_ID
    if embedder is not None:
        precision = "int8" if getattr(embedder, "quantized", False) else "fp32"
    else:
        precision = vector_precision()
    return f"{base}+int8" if precision == "int8" else base


def _snapshot_saved(paths: IndexPaths) -> bool:
    return Path(str(paths.vector_snapshot) + ".json").is_file()


def _remove_index_files(paths: IndexPaths) -> None:
    """--rebuild: drop every index file of this vault (never anything in the vault)."""
    for suffix in ("", "-wal", "-shm", ".clean"):
        Path(str(paths.catalog) + suffix).unlink(missing_ok=True)
    paths.graph.unlink(missing_ok=True)
    paths.graph_cache.unlink(missing_ok=True)
    paths.directory.unlink(missing_ok=True)
    for suffix in (".npy", ".json"):
        Path(str(paths.vector_snapshot) + suffix).unlink(missing_ok=True)
    shutil.rmtree(paths.chroma, ignore_errors=True)


def _open_graph(paths: IndexPaths, catalog: Catalog, *, persist: bool, defer: bool) -> LinkGraph:
    """The link graph; with `defer`, a current saved one is read when first used."""
    state = catalog.state
    generation = state.generation
    stamp = (
        None if state.graph_stale or state.dirty else "" if generation is None else str(generation)
    )
    if defer and stamp and paths.graph_cache.is_file():
        # decided now: a sync that follows marks the graph stale before it writes
        def load() -> LinkGraph:
            return _load_graph(paths, catalog, persist=persist, stamp=stamp)

        return cast("LinkGraph", DeferredGraph(load))
    return _load_graph(paths, catalog, persist=persist, stamp=stamp)


def _load_graph(
    paths: IndexPaths, catalog: Catalog, *, persist: bool, stamp: str | None
) -> LinkGraph:
    """Load the saved graph when it carries `stamp` (None: the catalog says the saved one
    is not current), else rebuild it from the catalog."""
    from engine.store.graph import LinkGraph

    current = stamp or None  # the stamp the cache must carry
    loaded = LinkGraph.load(paths.graph, expect=current)
    fresh = loaded is not None and stamp is not None and loaded[1] == stamp
    if loaded is not None and fresh:
        if persist and current is not None and not loaded[0].from_cache:
            loaded[0].save_cache(paths.graph, stamp=current)  # the next start reads it
        return loaded[0]
    graph = LinkGraph()
    graph.rebuild(catalog.notes.notes_for_graph())
    log.info("link graph rebuilt from the catalog (%d notes)", len(graph.notes()))
    if persist:
        catalog.state.graph_stale = True
    return graph
