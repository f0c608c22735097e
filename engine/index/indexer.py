"""The one code path that brings the three stores in line with the vault.

First index, restart and live sync all call `Indexer.sync`. The protocol per batch of notes:

1. look up vectors we already have for the new chunks (by text hash, so edits, renames and
   moves re-embed nothing that did not change);
2. stage the notes in the catalog as `pending` (chunks, full-text rows, links, tags);
3. embed what is missing and write the vectors;
4. update the link graph;
5. mark the notes `indexed`.

A kill at any point leaves the notes `pending` (or the catalog's `dirty` flag set), and the
next `sync` redoes exactly those notes and reconciles the vector store against the catalog, so
there are neither ghosts nor duplicates. Deletions run the same way in reverse.

A text-first sync (`embed=False`) does steps 2, 4 and 5 only: words and links hold every note
within seconds, before the model is ready. It leaves `dirty` set, so the next full sync
reconciles: it embeds exactly the chunks that have no vector, note by note, while the notes
stay searchable by words and links.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable, Iterable, Iterator, Sequence
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass
from datetime import UTC
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal

from engine.errors import ModelLoadError, VaultUnavailableError
from engine.index.plan import Plan, plan_sync, scan_paths
from engine.model import Chunk, IndexStats, Note, Progress
from engine.runtime import BIG_PASS_NOTES, release_free_memory
from engine.vault.chunker import CHUNKING, chunk_note
from engine.vault.documents import DEFAULT_LIMITS, DocumentLimits, read_document
from engine.vault.ignore import VaultFilter
from engine.vault.scan import FileStat, scan_vault

if TYPE_CHECKING:
    from engine.embed.embedder import Embedder
    from engine.store.catalog import Catalog
    from engine.store.graph import LinkGraph
    from engine.store.vectors import VectorStore

log = logging.getLogger(__name__)

ProgressCallback = Callable[[Progress], None]
TokenCounter = Callable[[Sequence[str]], list[int]]

#: Chunks per write batch: big enough to batch the model well, small enough that a kill
#: loses little work and progress moves smoothly.
BATCH_CHUNKS = 256


_Staged = tuple[Note, Sequence[Chunk], int]  # a note, its chunks, its file's mtime_ns


@dataclass(frozen=True)
class _Lookup:
    """A batch's chunks sorted by where their vector comes from."""

    stored: dict[str, str]  # chunk id -> text hash, what the vector store holds for the notes
    chunks: tuple[Chunk, ...]
    in_place: frozenset[str]  # chunk ids whose stored vector is still right
    reuse: dict[str, Any]  # text hash -> a stored vector of the same text
    missing: tuple[Chunk, ...]  # for the model

    @property
    def missing_hashes(self) -> frozenset[str]:
        return frozenset(c.text_hash for c in self.missing)


@dataclass(frozen=True)
class _InFlight:
    """A staged batch whose vectors are being computed on the worker thread."""

    batch: list[_Staged]
    lookup: _Lookup
    vectors: Future[dict[str, Any]]
    earlier: dict[str, Any]  # the previous batch's fresh vectors (texts this one skipped)

    @property
    def path(self) -> str:
        return self.batch[-1][0].path


class Indexer:
    """Keeps catalog, vector store and link graph in step with the vault folder."""

    def __init__(
        self,
        *,
        vault_root: Path,
        catalog: Catalog,
        vectors: VectorStore,
        graph: LinkGraph,
        embedder: Callable[[], Embedder],
        count_tokens: Callable[[], TokenCounter],
        vault_filter: VaultFilter | None = None,
        limits: DocumentLimits = DEFAULT_LIMITS,
        embedder_id: str = "",
        batch_chunks: int = BATCH_CHUNKS,
    ) -> None:
        self._root = vault_root
        self._batch_chunks = batch_chunks
        self._catalog = catalog
        self._vectors = vectors
        self._graph = graph
        self._embedder_factory = embedder
        self._count_tokens_factory = count_tokens
        self._filter = vault_filter
        self._limits = limits
        self._embedder_id = embedder_id
        self._embedder: Embedder | None = None
        self._count_tokens: TokenCounter | None = None
        self._model_error: str | None = None  # this sync could not load the model
        self._embedding = True  # this sync embeds (False: words and links only)

    # -- public -------------------------------------------------------------------------

    @property
    def graph(self) -> LinkGraph:
        return self._graph

    def sync(
        self,
        *,
        paths: Iterable[str] | None = None,
        progress: ProgressCallback | None = None,
        should_stop: Callable[[], bool] | None = None,
        embed: bool = True,
    ) -> IndexStats:
        """Bring the stores in line with the vault.

        `paths` limits the work to those vault-relative files (what a watcher saw change);
        None means the whole vault. `should_stop` is polled between batches (pause/quit):
        stopping early leaves a consistent index that the next sync completes. `embed=False`
        writes words and links only (progress phase "text"); the next full sync embeds.
        """
        started = time.perf_counter()
        report = progress or (lambda _p: None)
        if not self._root.is_dir():
            raise VaultUnavailableError(
                f"the vault folder {self._root} is not available (moved, deleted or unmounted); "
                "the index is kept as it is until it comes back"
            )
        full = paths is None
        vault_filter = self._filter or VaultFilter.load(self._root)
        self._check_index_identity()
        self._model_error = None
        self._embedding = embed
        recovering = self._catalog.state.dirty
        self._catalog.state.dirty = True

        report(Progress(phase="scan", done=0, total=0))
        if full:
            scan = scan_vault(self._root, vault_filter=vault_filter)
            files, scan_skipped = scan.files, list(scan.skipped)
            universe: set[str] | None = None
        else:
            files, scan_skipped, universe = scan_paths(self._root, set(paths or ()), vault_filter)

        plan = plan_sync(
            self._catalog,
            self._root,
            limits=self._limits,
            files=files,
            universe=universe,
            report=report,
            should_stop=should_stop,
        )
        plan.skipped.extend(scan_skipped)
        embedded = self._apply_changes(plan, report=report, should_stop=should_stop)
        stopped = plan.stopped or (should_stop is not None and should_stop())
        if not stopped:
            self._apply_removals(plan)
            if (
                full
                and embed
                and (recovering or self._vectors.held_count() != self._catalog.notes.counts()[1])
            ):
                embedded += self._reconcile(report=report, should_stop=should_stop)
                stopped = should_stop is not None and should_stop()
        self._record_skipped(plan, files=files, full=full and not plan.stopped)
        if not stopped and embed and self._model_error is None:
            # without the model some chunks have no vector yet: stay dirty, so the next
            # full sync reconciles (embeds exactly those) once the model loads
            self._catalog.state.dirty = False
        elif not stopped and not embed and not plan.changed:
            # a words-and-links pass that wrote no note left no chunk without its vector:
            # the next sync need not reconcile (and a restart need not open Chroma)
            self._catalog.state.dirty = recovering
        problems: tuple[str, ...] = ()
        if self._model_error is not None:
            problems = (
                f"{self._model_error.rstrip('.')}. Words and links were indexed; search by "
                "meaning misses the new text until the model loads (the next sync embeds it).",
            )
        notes, chunks = self._catalog.notes.counts()
        stats = IndexStats(
            notes=notes,
            added=len(plan.added),
            updated=len(plan.updated),
            removed=len(plan.removed),
            renamed=len(plan.renamed),
            unchanged=plan.unchanged,
            chunks=chunks,
            embedded=embedded,
            skipped=tuple(sorted(plan.skipped, key=lambda s: s.path)),
            warnings=tuple(sorted(plan.warnings, key=lambda s: s.path)),
            seconds=time.perf_counter() - started,
            problems=problems,
            changed_paths=tuple(sorted({n.path for n, _ in plan.changed})),
            removed_paths=tuple(sorted(plan.removed | set(plan.renamed.values()))),
        )
        if stats.changed >= BIG_PASS_NOTES:
            # many notes' texts and batches freed, and the model's batch memory: give them back
            release_free_memory(self._embedder)
        if embed:  # "done": the index is complete (a text-first pass leaves the vectors)
            report(Progress(phase="done", done=notes, total=notes))
        return stats

    # -- applying -------------------------------------------------------------------------

    def _apply_changes(
        self,
        plan: Plan,
        *,
        report: ProgressCallback,
        should_stop: Callable[[], bool] | None,
    ) -> int:
        """Write `plan.changed` batch by batch, embedding one batch on a worker thread while
        the main thread chunks and looks up the next, writes the one before and stages the
        next (onnxruntime and the tokenizer release the GIL, so that work runs beside the
        model instead of between its batches).

        Each batch keeps the crash-safe order: staged before its vectors are written, marked
        indexed after. Embedding has no side effects, so it may start before its batch is
        staged. A stop request is honoured between batches: the staged batch in flight is
        finished, the next one is left unstaged (the next sync plans it again).
        """
        if plan.touched:
            self._catalog.notes.touch_notes(plan.touched)
        if not plan.changed:
            return 0
        total = len(plan.changed)
        done = 0
        embedded = 0
        phase: Literal["embed", "text"] = "embed" if self._embedding else "text"

        def land(flight: _InFlight) -> dict[str, Any]:
            """Finish a staged batch and report it; returns what the model embedded."""
            nonlocal done, embedded
            fresh = self._finish(flight)
            embedded += len(fresh)
            done += len(flight.batch)
            report(Progress(phase=phase, done=done, total=total, path=flight.path))
            return fresh

        with ThreadPoolExecutor(max_workers=1, thread_name_prefix="consilience-embed") as pool:
            flight: _InFlight | None = None
            for batch in self._batches(plan.changed):
                if flight is not None and should_stop is not None and should_stop():
                    break
                # chunks whose text the batch in flight embeds are not embedded twice
                lookup = self._look_up(
                    batch, embedding=flight.lookup.missing_hashes if flight else None
                )
                vectors = pool.submit(self._embed_missing, lookup.missing)
                earlier = land(flight) if flight is not None else {}
                self._catalog.notes.stage_notes(batch)
                flight = _InFlight(batch=batch, lookup=lookup, vectors=vectors, earlier=earlier)
            if flight is not None:
                land(flight)
        # Renamed-away paths: their vectors were reused above; now drop the old notes.
        olds = [old for new, old in plan.renamed.items()]
        if olds:
            self._remove_notes(olds)
        return embedded

    def _batches(self, changed: Sequence[tuple[Note, int]]) -> Iterator[list[_Staged]]:
        """The changed notes, chunked, in batches of about `batch_chunks` chunks."""
        counter = self._token_counter()
        batch: list[_Staged] = []
        batch_chunks = 0
        for note, mtime_ns in changed:
            chunks = chunk_note(note, count_tokens=counter)
            batch.append((note, chunks, mtime_ns))
            batch_chunks += len(chunks)
            if batch_chunks >= self._batch_chunks:
                yield batch
                batch, batch_chunks = [], 0
        if batch:
            yield batch

    def _look_up(self, batch: Sequence[_Staged], *, embedding: frozenset[str] | None) -> _Lookup:
        """Which of the batch's chunks keep their vector, which reuse a stored vector of the
        same text, and which need the model (minus texts in `embedding`, in flight)."""
        paths = [note.path for note, _, _ in batch]
        # The vector store is asked what it holds (not the catalog): after a crash the two may
        # differ, and a vector is only kept where its stored text hash matches.
        stored = self._vectors.hashes_for_notes(paths)  # chunk id -> text hash
        chunks = [c for _, cs, _ in batch for c in cs]
        in_place = frozenset(c.id for c in chunks if stored.get(c.id) == c.text_hash)
        need = {c.text_hash for c in chunks if c.id not in in_place}
        reuse = self._vectors.embeddings_by_text_hash(need) if need else {}
        skip = embedding or frozenset()
        missing = [
            c
            for c in chunks
            if c.id not in in_place and c.text_hash not in reuse and c.text_hash not in skip
        ]
        return _Lookup(
            stored=stored,
            chunks=tuple(chunks),
            in_place=in_place,
            reuse=reuse,
            missing=tuple(missing),
        )

    def _finish(self, flight: _InFlight) -> dict[str, Any]:
        """Write a staged batch's vectors, drop its stale ones, update the graph and mark it
        indexed. Returns what the model embedded for it (text hash -> vector)."""
        import numpy as np

        look = flight.lookup
        fresh: dict[str, Any] = flight.vectors.result()
        known = {**flight.earlier, **look.reuse, **fresh}
        write = [c for c in look.chunks if c.id not in look.in_place and c.text_hash in known]
        if write:
            self._vectors.upsert(
                [c.id for c in write],
                np.vstack([known[c.text_hash] for c in write]).astype(np.float32),
                [_chunk_metadata(c, note) for c, note in _with_notes(write, flight.batch)],
            )
        new_ids = {c.id for c in look.chunks}
        stale = sorted(cid for cid in look.stored if cid not in new_ids)
        if stale:
            self._vectors.delete(stale)
        for note, _, _ in flight.batch:
            self._graph.upsert_note(note)
        self._catalog.notes.mark_indexed([note.path for note, _, _ in flight.batch])
        return fresh

    def _embed_missing(self, missing: Sequence[Chunk]) -> dict[str, Any]:
        """text hash -> vector for `missing`; {} when the model cannot load (this sync then
        indexes words and links only, and reports it)."""
        if not missing or not self._embedding or self._model_error is not None:
            return {}
        texts = list({c.text_hash: c.embed_text for c in missing}.items())
        try:
            vecs = self._get_embedder().embed([t for _, t in texts])
        except ModelLoadError as err:
            self._model_error = str(err)
            log.warning("indexing without the embedding model: %s", err)
            return {}
        return {h: vecs[i] for i, (h, _) in enumerate(texts)}

    def _apply_removals(self, plan: Plan) -> None:
        if plan.removed:
            self._remove_notes(sorted(plan.removed))

    def _remove_notes(self, paths: Sequence[str]) -> None:
        self._catalog.notes.mark_pending(paths)
        self._vectors.delete_notes(paths)
        for p in paths:
            self._graph.remove_note(p)
        self._catalog.notes.delete_notes(paths)

    def _reconcile(
        self, *, report: ProgressCallback, should_stop: Callable[[], bool] | None = None
    ) -> int:
        """After an interrupted or text-first run: make the vector store hold exactly the
        catalog's chunks. The notes lacking vectors stay `indexed` (words and links keep
        answering for them) and are re-staged batch by batch; `dirty` covers a kill."""
        catalog_ids = set(self._catalog.notes.chunk_ids())
        vector_ids = self._vectors.all_ids()
        ghosts = vector_ids - catalog_ids
        if ghosts:
            log.info("removing %d vectors left behind by an interrupted run", len(ghosts))
            self._vectors.delete(sorted(ghosts))
        lacking = catalog_ids - vector_ids
        if not lacking:
            return 0
        log.info("re-embedding %d chunks an interrupted run did not finish", len(lacking))
        affected = sorted({cid.rsplit("#", 1)[0] for cid in lacking})
        plan = Plan()
        for rel in affected:
            result = read_document(self._root, rel, self._limits)
            if isinstance(result, Note):
                st = (self._root / rel).stat()
                plan.changed.append((result, st.st_mtime_ns))
            else:
                plan.removed.add(rel)
        embedded = self._apply_changes(plan, report=report, should_stop=should_stop)
        self._apply_removals(plan)
        return embedded

    def _record_skipped(self, plan: Plan, *, files: dict[str, FileStat], full: bool) -> None:
        if full:
            self._catalog.notes.replace_skipped(plan.skipped)
            return
        done = [n.path for n, _ in plan.changed] + sorted(plan.removed)
        self._catalog.notes.clear_skipped(done)
        if plan.skipped:
            self._catalog.notes.set_skipped(plan.skipped)

    # -- helpers --------------------------------------------------------------------------

    def _check_index_identity(self) -> None:
        """A different model makes every stored vector useless: re-embed everything. Chunks
        cut under another chunking version are cut again (vectors of unchanged texts stay)."""
        state = self._catalog.state
        if state.chunking != CHUNKING:
            notes = list(self._catalog.notes.manifest())
            if notes:
                log.warning("chunks are read another way now (%s): re-chunking", CHUNKING)
                self._catalog.notes.mark_pending(notes)
            state.chunking = CHUNKING
        if not self._embedder_id:
            return
        stored = state.embedder
        if stored is not None and stored != self._embedder_id:
            log.warning(
                "embedding model changed (%s -> %s): re-indexing", stored, self._embedder_id
            )
            self._catalog.notes.mark_pending(list(self._catalog.notes.manifest()))
            state.dirty = True
        state.embedder = self._embedder_id

    def _get_embedder(self) -> Embedder:
        if self._embedder is None:
            self._embedder = self._embedder_factory()
        return self._embedder

    def _token_counter(self) -> TokenCounter:
        if self._count_tokens is None:
            self._count_tokens = self._count_tokens_factory()
        return self._count_tokens


def _with_notes(chunks: Sequence[Chunk], batch: Sequence[_Staged]) -> Iterable[tuple[Chunk, Note]]:
    notes = {note.path: note for note, _, _ in batch}
    for c in chunks:
        yield c, notes[c.note_path]


def _chunk_metadata(chunk: Chunk, note: Note) -> dict[str, Any]:
    folder = chunk.note_path.rsplit("/", 1)[0] if "/" in chunk.note_path else ""
    modified = note.modified if note.modified.tzinfo else note.modified.replace(tzinfo=UTC)
    return {
        "note_path": chunk.note_path,
        "ordinal": chunk.ordinal,
        "text_hash": chunk.text_hash,
        "folder": folder,
        "modified": int(modified.timestamp()),
        "created": int(note.created.timestamp()) if note.created else 0,
    }
