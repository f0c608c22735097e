"""The contradiction scan: keeps claims and pairs in step with the index, with its
tunables (`ScanConfig`) and the claims of one scan column by column (`ClaimTable`).
"""

from __future__ import annotations

import hashlib
import logging
import re
import time
from array import array
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

import numpy as np
import numpy.typing as npt

from engine.contradict import store
from engine.contradict.candidates import (
    DEFAULT_NEIGHBOUR_SEARCH,
    NeighbourSearchConfig,
    TitleIndex,
    candidate_pairs,
    common_titles,
    distinct_pairs,
    event_pairs,
    judge_selection,
    kind_pairs,
    link_title,
    linked_titles,
    locality_rows,
    note_title_of,
    raw_pairs,
    subject_partner_pairs,
)
from engine.contradict.claim import extract_claims, parse_claim
from engine.contradict.events import (
    event_keys,
    event_names,
)
from engine.contradict.persons import (
    Descent,
    colour_about,
    descent_about,
    gender_about,
    has_colour_word,
    has_gendered_word,
    has_half,
    kind_forms,
)
from engine.contradict.quantities import measure_keys
from engine.contradict.store import ClaimRow, PairRow
from engine.contradict.structure import (
    about_different_things,
    has_material_word,
    has_staple_word,
    material_about,
    staple_about,
    varying_values,
)
from engine.contradict.text import clear_claim_caches, tokenize
from engine.contradict.types import ScanStats
from engine.vault.documents import document_kind

if TYPE_CHECKING:
    from engine.contradict.scorer import PairScorer
    from engine.contradict.store import ClaimVectors
    from engine.embed.embedder import Embedder
    from engine.store.catalog import Catalog


# -- scan: Keeps claims and contradiction pairs in step with the index. ---
#
# `ContradictionScanner.update(changed, removed)` runs after the indexer, for the notes it
# touched:
#
# 1. extract the claims of each changed note from its stored chunks (`extract_claims`);
# 2. embed them with the packaged MiniLM (the scorer is calibrated on it), reusing any vector
#    already stored for the same text hash, and replace the notes' vectors in the catalog
#    (`store.py`: float16 rows with `note_path` and `text_hash`);
# 3. for each claim, find its `k` nearest claims of *other* notes (one matrix for a large scan,
#    an exact search over the stored rows for a live edit) and keep those at or above the
#    similarity gate — nearest neighbours only, never all pairs;
# 4. score the candidates with `PairScorer.score_many` (vectors and note paths passed in) and
#    keep those at or above the scorer's weak threshold (front ends show from `threshold` up);
# 5. in one catalog transaction: replace the notes' claims and every pair involving them, and
#    record the content hash they were scanned from (see `store.py` for crash safety).
#
# Memory (a whole-vault scan holds every claim until the transaction): claims are columns of a
# `ClaimTable` (strings once, notes and text hashes as ints), every claim vector is a row of one
# float32 matrix allocated once (rows not written are never mapped), the neighbour search reads
# its queries as rows of that matrix, and candidate pairs are int arrays (`candidates.py`) until a
# batch of them is scored. At 10k notes (93k claims, 500k candidates) the scan's peak above its
# start went from 1,064 to 643 MB with byte-identical pairs and scores; keeping the claim
# vectors in the catalog rather than in a vector collection took the whole scan's peak from
# 1,038 to 791 MB (docs/decisions/0014).

log = logging.getLogger(__name__)


#: (done, total): notes of a scan whose claims have their vectors (reported per batch of
#: `ScanConfig.batch_notes` notes).
ScanProgress = Callable[[int, int], None]


def _no_progress(_done: int, _total: int) -> None:
    return None


def claim_hash(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def claims_collection_name(chunk_collection: str) -> str:
    return f"{chunk_collection}-claims"


class ContradictionScanner:
    """Extracts claims, finds candidate pairs by nearest neighbours and stores scored pairs."""

    def __init__(
        self,
        catalog: Catalog,
        claim_vectors: ClaimVectors,
        embedder_factory: Callable[[], Embedder],
        scorer: PairScorer,
        *,
        config: ScanConfig | None = None,
        pdfs: bool = False,
    ) -> None:
        """`pdfs`: check the text of PDFs too (off by default: long documents by others)."""
        if config is None:  # the wider net only where a trained judge reads it
            config = DEFAULT_SCAN_CONFIG if scorer.judge is None else JUDGE_SCAN_CONFIG
        self._catalog = catalog
        self._vectors = claim_vectors
        self._embedder_factory = embedder_factory
        self._embedder: Embedder | None = None
        self._scorer = scorer
        self._config = config
        self._k = config.neighbours
        # With a judge the nearest-claim search reaches down to the lower of the two gates
        # (`_keep` sorts them out); the structure alone gets claims about one note below the
        # similarity gate from `_subject_pairs` only.
        self._gate = (
            config.similarity_gate
            if scorer.judge is None
            else min(config.similarity_gate, config.subject_gate)
        )
        self._title_index: TitleIndex | None = None
        self._indexed: list[str] | None = None
        self._titled: list[str] = []  # the notes `_title_index` was built from
        self._pdfs = pdfs

    @property
    def scorer(self) -> PairScorer:
        return self._scorer

    @property
    def config(self) -> ScanConfig:
        return self._config

    @property
    def claim_vectors(self) -> ClaimVectors:
        """The stored claim vectors: each claim's vector, with its note path and text hash."""
        return self._vectors

    def with_config(self, config: ScanConfig) -> ContradictionScanner:
        """A scanner over the same catalog, claim vectors, embedder and scorer with
        other tunables."""
        twin = ContradictionScanner(
            self._catalog,
            self._vectors,
            self._embedder_factory,
            self._scorer,
            config=config,
            pdfs=self._pdfs,
        )
        twin._embedder = self._embedder
        return twin

    def _embed(self, texts: Sequence[str]) -> np.ndarray:
        if self._embedder is None:
            self._embedder = self._embedder_factory()
        return np.asarray(self._embedder.embed(list(texts)), dtype=np.float32)

    # -- public -------------------------------------------------------------------------

    def full_scan(self, *, progress: ScanProgress | None = None) -> ScanStats:
        """Rescan every indexed note (first run), and drop claim vectors nobody owns."""
        stats = self.update(store.indexed_notes(self._catalog), (), progress=progress)
        ghosts = self._vectors.all_ids() - store.claim_ids(self._catalog)
        if ghosts:
            self._vectors.delete(sorted(ghosts))
        return stats

    def update(
        self,
        changed: Iterable[str],
        removed: Iterable[str],
        *,
        progress: ScanProgress | None = None,
    ) -> ScanStats:
        """Rescan the claims of `changed` notes and drop those of `removed` notes.

        `progress(done, total)` hears how many of the notes to rescan have their claims
        embedded (most of a scan's time), then `(total, total)` once the pairs are saved."""
        report = progress or _no_progress
        self._indexed = None  # notes come and go between scans (`_titles` checks)
        started = time.perf_counter()
        changed_list = list(dict.fromkeys(changed))
        removed_list = [p for p in dict.fromkeys(removed) if p not in set(changed_list)]
        info = store.note_info(self._catalog, changed_list)
        # Notes that are not indexed (pending, or gone since) stay stale for the next run.
        paths = [p for p in changed_list if p in info]
        report(0, len(paths))

        if removed_list:
            self._vectors.delete_notes(removed_list)

        table = ClaimTable()
        batches: list[tuple[Sequence[str], int, int]] = []  # notes, their claims' rows
        batch_notes = self._config.batch_notes
        for start in range(0, len(paths), batch_notes):
            batch = paths[start : start + batch_notes]
            first = len(table)
            self._extract(batch, table)
            batches.append((batch, first, len(table)))
        by_note = _queries_by_note(table)
        in_memory = sum(len(c) for c in by_note.values()) >= self._config.in_memory_queries
        # One float32 matrix holds every claim vector (rows of `table`); with the in-memory
        # search, room for the other notes' claims too. Rows never written stay unmapped.
        room = store.claim_count(self._catalog) if in_memory else 0
        vectors = np.empty((len(table) + room, self._vectors.dimension), dtype=np.float32)
        known: dict[int, int] = {}  # text hash id -> the row first given its vector
        embedded = 0
        done = 0
        for notes, first, stop in batches:
            embedded += self._write_vectors(notes, table, first, stop, vectors, known)
            done += len(notes)
            report(done, len(paths))

        held = [vectors]  # handed over: `_find_pairs` frees the float32 matrix once searched
        del vectors
        pairs, candidates = self._find_pairs(
            table, by_note, held, known, in_memory, frozenset(paths)
        )
        if in_memory:
            clear_claim_caches()
        store.save_scan(
            self._catalog,
            scanned=[(p, info[p][0]) for p in paths],
            claims=table.scanned_claims(),
            pairs=pairs,
            removed=removed_list,
        )
        report(len(paths), len(paths))
        stats = ScanStats(
            notes=len(paths),
            removed=len(removed_list),
            claims=table.scanned,
            embedded=embedded,
            candidates=candidates,
            contradictions=len(pairs),
            seconds=time.perf_counter() - started,
        )
        log.info("contradiction scan: %s", stats.to_dict())
        return stats

    # -- steps --------------------------------------------------------------------------

    def _extract(self, paths: Sequence[str], table: ClaimTable) -> None:
        for path in paths:
            if not self._pdfs and document_kind(path) == "pdf":
                continue
            n = 0
            for chunk in self._catalog.notes.chunks_for(path):
                for claim in extract_claims(chunk.text, heading_path=chunk.heading_path):
                    table.add_scanned(
                        id=f"{chunk.id}/{n}",
                        note_path=path,
                        chunk_id=chunk.id,
                        ordinal=n,
                        text=claim.text,
                        context=claim.context,
                        text_hash=claim_hash(claim.text),
                    )
                    n += 1

    def _write_vectors(
        self,
        paths: Sequence[str],
        table: ClaimTable,
        first: int,
        stop: int,
        vectors: np.ndarray,
        known: dict[int, int],
    ) -> int:
        """Give rows first..stop (the claims of `paths`) their vectors: a text seen earlier in
        the scan reuses its row, then a stored vector of the same text hash, then the model (one
        call per batch: the same calls, so the same vectors, whatever reports progress).
        Replace the notes' claim vectors in the collection; returns how many were embedded."""
        rows = range(first, stop)
        need = {table.hash_texts[h] for r in rows if (h := table.hash_of(r)) not in known}
        found: dict[int, np.ndarray] = {}
        if need:
            for text_hash, vec in self._vectors.embeddings_by_text_hash(need).items():
                hid = table.hash_id(text_hash)
                if hid is not None:
                    found[hid] = np.asarray(vec, dtype=np.float32)
        missing: dict[int, str] = {}
        for r in rows:
            h = table.hash_of(r)
            if h not in known and h not in found:
                missing.setdefault(h, table.texts[r])
        if missing:
            embedded = self._embed(list(missing.values()))
            for i, h in enumerate(missing):
                found[h] = embedded[i]
        for r in rows:
            h = table.hash_of(r)
            seen = known.get(h)
            if seen is None:
                vectors[r] = found[h]
                known[h] = r
            else:
                vectors[r] = vectors[seen]
        del found
        # Only what changed is written: rewriting an unchanged vector costs an index update.
        stored = self._vectors.hashes_for_notes(paths)  # claim id -> text hash
        wanted = set(table.ids[first:stop])
        gone = [cid for cid in stored if cid not in wanted]
        if gone:
            self._vectors.delete(gone)
        write = [r for r in rows if stored.get(table.ids[r]) != table.text_hash(r)]
        if write:
            self._vectors.upsert(
                [table.ids[r] for r in write],
                vectors[np.asarray(write, dtype=np.int64)],
                [{"note_path": table.note(r), "text_hash": table.text_hash(r)} for r in write],
            )
        return len(missing)

    def _find_pairs(
        self,
        table: ClaimTable,
        by_note: dict[int, dict[int, int]],
        held: list[np.ndarray],
        known: dict[int, int],
        in_memory: bool,
        scanned: frozenset[str],
    ) -> tuple[list[PairRow], int]:
        # 1. nearest claims of other notes, above the gate, as (query row, other row)
        vectors = held.pop()
        if in_memory:
            q, o, base = self._candidates_in_memory(table, by_note, vectors, scanned)
        else:
            q, o, base = self._candidates_from_store(table, by_note, vectors, known, scanned)
        del vectors  # `base` holds what is still needed
        if len(q) == 0:
            return [], 0
        # 2. the other sides: just extracted, or stored (catalog); ghosts are skipped
        present = np.ones(len(table), dtype=bool)
        unknown = np.unique(o[o >= table.scanned]).tolist()
        if unknown:
            stored = store.claims_by_id(self._catalog, (table.ids[r] for r in unknown))
            for r in unknown:
                claim = stored.get(table.ids[r])
                if claim is None:
                    present[r] = False
                else:
                    table.set_text(r, claim.text)
        hashes = table.hash_ids()
        rep = np.full(len(table.hash_texts), -1, dtype=np.int64)
        for h, r in known.items():
            rep[h] = r
        shared = rep[hashes] >= 0  # the vector of its text (a claim of this scan has it)
        vec_rows = np.where(shared, rep[hashes], np.arange(len(table), dtype=np.int64))
        a, b = candidate_pairs(
            q,
            o,
            notes=table.note_ids(),
            hashes=hashes,
            hash_ranks=table.hash_ranks(),
            present=present,
        )
        del q, o, present, hashes, rep
        headings: dict[int, str | None] = {}  # row -> the heading its claim sits under
        found = len(a)  # the candidates, before the gates and vetoes of `_keep`
        a, b, judge = self._keep(table, a, b, base, vec_rows, headings)
        # 3. score, cluster by cluster when there are many (the scorer caches per claim)
        score_batch = self._config.score_batch
        if len(a) > score_batch:
            from engine.contradict.candidates import locality_order_of

            a_rows, b_rows, source = locality_rows(a, b, vec_rows, shared)
            order = locality_order_of(a_rows, b_rows, base, pairs=len(a), rows=source)
            del a_rows, b_rows, source
            a, b, judge = a[order], b[order], judge[order]
        # Scoring reads a few rows per pair (as float64): half-width rows hold them for the
        # rest of the scan, the float32 matrix (143 MB at 93,000 claims) is freed here.
        base = base.astype(np.float16)
        notes = table.note_ids()
        involved = np.unique(np.concatenate([notes[a], notes[b]])).tolist()
        dates = store.note_info(self._catalog, [table.note_paths[n] for n in involved])
        # every wikilink, plain or aliased: "The [[Sonnet]] is ..." names the note *Sonnet*
        named_links = store.link_names(self._catalog, [table.note_paths[n] for n in involved])
        del notes

        def linked(row: int) -> tuple[str, ...]:
            links = named_links.get(table.note(row))
            return _links_naming(table.texts[row], links) if links else ()

        pairs: list[PairRow] = []
        row_of: dict[str, int] = {}  # claim id -> its row, for the kept pairs
        threshold = self._scorer.weak_threshold  # weak pairs are kept, shown on request
        for start in range(0, len(a), score_batch):
            part_a = a[start : start + score_batch]
            part_b = b[start : start + score_batch]
            part_judge = judge[start : start + score_batch]
            rows = list(zip(part_a.tolist(), part_b.tolist(), strict=True))
            self._fill_headings(table, (r for pair in rows for r in pair), headings)
            scores = self._scorer.score_many(
                [(table.texts[i], table.texts[j]) for i, j in rows],
                a_vecs=base[vec_rows[part_a]],
                b_vecs=base[vec_rows[part_b]],
                notes=[(table.note(i), table.note(j)) for i, j in rows],
                headings=[(headings[i], headings[j]) for i, j in rows],
                links=[(linked(i), linked(j)) for i, j in rows],
                judge=part_judge.tolist(),
            )
            for i, j, score in zip(part_a.tolist(), part_b.tolist(), scores, strict=True):
                if score.confidence < threshold:
                    continue
                a_path, b_path = table.note(i), table.note(j)
                row_of[table.ids[i]], row_of[table.ids[j]] = i, j
                pairs.append(
                    PairRow(
                        a_id=table.ids[i],
                        a_path=a_path,
                        a_hash=table.text_hash(i),
                        b_id=table.ids[j],
                        b_path=b_path,
                        b_hash=table.text_hash(j),
                        confidence=score.confidence,
                        similarity=score.similarity,
                        type=score.type,
                        explanations=score.explanations,
                        newer=store.newer_side(
                            dates.get(a_path, ("", "", ""))[2], dates.get(b_path, ("", "", ""))[2]
                        ),
                    )
                )
        holds = self._holder(table, pairs)
        texts = {cid: table.texts[row] for cid, row in row_of.items()}
        return settle_pairs(pairs, texts=texts, holds=holds), found

    def _keep(
        self,
        table: ClaimTable,
        a: Ints,
        b: Ints,
        base: np.ndarray,
        vec_rows: Ints,
        headings: dict[int, str | None],
    ) -> tuple[Ints, Ints, np.ndarray]:
        """The candidate pairs kept -- similar, or about the same note and fairly similar, and
        not vetoed (`about_different_things`) -- and which of them the judge reads
        (`judge_selection`). Fills `headings` for the rows of the kept pairs."""
        if len(a) == 0 or self._scorer.judge is None:
            # the structure alone: the nearest-claim search already applied its gate, and the
            # structural verdict has these vetoes of its own
            return a, b, np.zeros(len(a), dtype=bool)
        cfg = self._config
        sims = np.einsum("ij,ij->i", base[vec_rows[a]], base[vec_rows[b]]).astype(np.float64)
        rows = np.unique(np.concatenate([a, b]))
        titles = self._titles()
        keys = titles.subjects(
            [table.texts[r] for r in rows.tolist()], [table.note(r) for r in rows.tolist()]
        )
        subject_of = dict(zip(rows.tolist(), keys, strict=True))
        same = np.fromiter(
            (
                bool(subject_of[i] & subject_of[j])
                for i, j in zip(a.tolist(), b.tolist(), strict=True)
            ),
            dtype=bool,
            count=len(a),
        )
        keep = (sims >= cfg.similarity_gate) | (same & (sims >= cfg.subject_gate))
        a, b, sims, same = a[keep], b[keep], sims[keep], same[keep]
        self._fill_headings(table, np.concatenate([a, b]).tolist(), headings)
        texts, note = table.texts, table.note
        apart = np.fromiter(
            (
                about_different_things(
                    texts[i],
                    texts[j],
                    a_note=note(i),
                    b_note=note(j),
                    a_heading=headings[i],
                    b_heading=headings[j],
                )
                for i, j in zip(a.tolist(), b.tolist(), strict=True)
            ),
            dtype=bool,
            count=len(a),
        )
        a, b, sims, same = a[~apart], b[~apart], sims[~apart], same[~apart]
        budget = max(cfg.judge_min, int(cfg.judge_per_scanned * table.scanned))
        judge = judge_selection(
            a,
            b,
            sims + cfg.subject_bonus * same,
            per_claim=cfg.judge_per_claim,
            budget=budget,
        )
        return a, b, judge

    def _holder(self, table: ClaimTable, pairs: list[PairRow]) -> Callable[[str, str], bool]:
        """holds(note path, claim text hash): does that note state that claim? (this scan's
        claims, then the stored ones)"""
        present = set(zip(table.note_ids().tolist(), table.hash_ids().tolist(), strict=True))
        note_index = {p: k for k, p in enumerate(table.note_paths)}
        asked: set[tuple[str, str]] = set()
        # the notes this scan extracted are known from the table alone (the catalog still
        # holds their claims from before the edit)
        scanned = {table.note(r) for r in range(table.scanned)}
        for p in pairs:
            for path, text_hash in ((p.a_path, p.b_hash), (p.b_path, p.a_hash)):
                if path in scanned:
                    continue
                hid = table.hash_id(text_hash)
                if hid is None or (note_index.get(path, -1), hid) not in present:
                    asked.add((path, text_hash))
        stored = store.notes_holding(self._catalog, asked) if asked else set()

        def holds(path: str, text_hash: str) -> bool:
            hid = table.hash_id(text_hash)
            in_scan = hid is not None and (note_index.get(path, -1), hid) in present
            return in_scan or (path, text_hash) in stored

        return holds

    def _fill_headings(
        self, table: ClaimTable, rows: Iterable[int], headings: dict[int, str | None]
    ) -> None:
        """Look up the headings of the claims of `rows` not looked up yet (a claim id is its
        chunk id and an ordinal: `chunk/n`)."""
        wanted = {r: table.ids[r].rsplit("/", 1)[0] for r in set(rows) if r not in headings}
        if not wanted:
            return
        found = store.headings_of(self._catalog, wanted.values())
        for r, chunk_id in wanted.items():
            headings[r] = found.get(chunk_id)

    def _candidates_from_store(
        self,
        table: ClaimTable,
        by_note: dict[int, dict[int, int]],
        vectors: np.ndarray,
        known: dict[int, int],
        scanned: frozenset[str],
    ) -> tuple[Ints, Ints, np.ndarray]:
        """A few notes (a live edit): search the stored claim vectors, note by note."""
        raw: dict[tuple[str, str], tuple[int, str, np.ndarray | None]] = {}
        for note, claims in by_note.items():
            path = table.note_paths[note]
            queries = list(claims.values())
            # With room for the note's own claims, dropped below.
            results = self._vectors.query_many(
                vectors[np.asarray(queries, dtype=np.int64)],
                k=self._k * self._config.own_note_room,
                include_embeddings=True,
            )
            for row, found in zip(queries, results, strict=True):
                claim_id, claim_hash_text = table.ids[row], table.text_hash(row)
                hits = [h for h in found if h.metadata.get("note_path") != path][: self._k]
                for hit in hits:
                    if hit.similarity < self._gate:
                        break  # nearest first
                    if str(hit.metadata.get("text_hash", "")) == claim_hash_text:
                        continue  # the same sentence in two notes agrees with itself
                    key = (claim_id, hit.id) if claim_id < hit.id else (hit.id, claim_id)
                    if key not in raw:
                        raw[key] = (row, hit.id, hit.embedding)
        # The other sides: claims of this scan, or stored ones (a row each, with the vector
        # the collection returned; one whose text this scan has uses that text's vector).
        this_scan = {table.ids[r]: r for r in range(table.scanned)}
        unknown = {other for _, other, _ in raw.values() if other not in this_scan}
        stored = store.claims_by_id(self._catalog, unknown)
        row_of: dict[str, int] = {}
        extra: list[np.ndarray] = []
        q: list[int] = []
        o: list[int] = []
        for row, other_id, emb in raw.values():
            other = this_scan.get(other_id)
            if other is None:
                other = row_of.get(other_id)
            if other is None:
                claim = stored.get(other_id)
                if claim is None:
                    continue
                hash_id = table.hash_id(claim.text_hash)
                if emb is None and (hash_id is None or hash_id not in known):
                    continue
                other = row_of[other_id] = table.add_other(
                    id=claim.id, note_path=claim.note_path, text_hash=claim.text_hash
                )
                table.set_text(other, claim.text)
                extra.append(
                    np.zeros(vectors.shape[1], dtype=np.float32)
                    if emb is None
                    else np.asarray(emb, dtype=np.float32)
                )
            q.append(row)
            o.append(other)
        base = vectors[: table.scanned]
        if extra:
            base = np.vstack([base, np.vstack(extra)]).astype(np.float32, copy=False)
        query_rows = np.asarray(
            [r for claims in by_note.values() for r in claims.values()], dtype=np.int64
        )
        sq, so, added = self._subject_pairs(table, base, query_rows, scanned, add_rows=True)
        if added is not None:
            base = np.vstack([base, added]).astype(np.float32, copy=False)
        q_rows, o_rows = np.asarray(q, dtype=np.int64), np.asarray(o, dtype=np.int64)
        if len(sq):
            q_rows, o_rows = distinct_pairs(
                np.concatenate([q_rows, sq]), np.concatenate([o_rows, so]), table.hash_ids()
            )
        return q_rows, o_rows, base

    def _candidates_in_memory(
        self,
        table: ClaimTable,
        by_note: dict[int, dict[int, int]],
        vectors: np.ndarray,
        scanned: frozenset[str],
    ) -> tuple[Ints, Ints, np.ndarray]:
        """Many notes (a full scan): every claim vector in one matrix (`candidates.py`)."""
        from engine.contradict.candidates import nearest_hits_of_rows

        scanned_notes = {table.note_paths[n] for n in by_note}
        for page in store.claim_keys(self._catalog):
            others = [(cid, path, h) for cid, path, h in page if path not in scanned_notes]
            if not others:
                continue
            stored = self._vectors.get_embeddings([cid for cid, _, _ in others])
            for cid, path, text_hash in others:
                vec = stored.get(cid)
                if vec is not None:
                    row = table.add_other(id=cid, note_path=path, text_hash=text_hash)
                    vectors[row] = np.asarray(vec, dtype=np.float32)
        base = vectors[: len(table)]
        query_rows = np.asarray(
            [r for claims in by_note.values() for r in claims.values()], dtype=np.int64
        )
        hashes = table.hash_ids()
        hits = nearest_hits_of_rows(
            query_rows,
            base,
            table.note_ids(),
            k=self._k,
            gate=self._gate,
            config=self._config.neighbour_search,
        )
        q, o = raw_pairs(query_rows, hits.offsets, hits.index, hashes)
        sq, so, _ = self._subject_pairs(table, base, query_rows, scanned, add_rows=False)
        if len(sq):
            q, o = distinct_pairs(np.concatenate([q, sq]), np.concatenate([o, so]), hashes)
        return q, o, base

    def _titles(self) -> TitleIndex:
        """The vault's note titles, read again when the indexed notes have changed."""
        paths = self._indexed_paths()
        if self._title_index is None or self._titled != paths:
            self._title_index = TitleIndex(paths)
            self._titled = paths
        return self._title_index

    def _subject_pairs(
        self,
        table: ClaimTable,
        base: np.ndarray,
        query_rows: Ints,
        scanned: frozenset[str],
        *,
        add_rows: bool,
    ) -> tuple[Ints, Ints, np.ndarray | None]:
        """Pairs about the same note, however far apart their words
        (`pairing.subject_partner_pairs`), with a claim of this scan on one side. The other
        claims about the notes this scan's claims name, or naming its notes, come from the
        catalog; rows the table lacks are added (`add_rows`, their vectors returned to stack
        under `base`) or left out (the in-memory search already holds every vector)."""
        cfg = self._config
        empty = np.zeros(0, dtype=np.int64)
        if cfg.subject_partners <= 0 or len(query_rows) == 0:
            return empty, empty, None
        titles = self._titles()
        rows = query_rows.tolist()
        aliases = store.link_aliases(self._catalog, {table.note(r) for r in rows})
        named = [self._named(titles, table, r, aliases) for r in rows]
        owns = {titles.own(p) for p in scanned} - {-1}
        wanted = owns | {k for m in named for k in m}
        wanted.discard(-1)
        # the notes about the kinds of this scan's notes' things, and about kinds of them
        kin = {k for key in owns for k in titles.kinds_of(key)} | titles.specifics_of(owns)
        dated = [event_names(table.texts[r], note_title_of(table.note(r))) for r in rows]
        if not wanted and not kin and not any(dated):
            return empty, empty, None
        claims_total = table.scanned  # claims in the vault, as a full scan counts them
        stored: list[store.ClaimRow] = []
        if any(p not in scanned for p in self._indexed_paths()):
            stored = self._stored_about(titles, wanted, scanned) if wanted else []
            if kin:
                kin_paths = [p for p in titles.paths_of(kin) if p not in scanned]
                _add_unseen(stored, store.claims_of_notes(self._catalog, kin_paths))
            # other notes' claims that may date an event this scan's claims date
            names = {n for found in dated for n in found}
            if names:
                dating = store.claims_with_phrases(self._catalog, sorted(names))
                _add_unseen(stored, [c for c in dating if c.note_path not in scanned])
            claims_total += store.claim_count(self._catalog) - store.claim_count(
                self._catalog, scanned
            )
        # rows for the stored claims (one per note and text)
        row_of = {table.ids[r]: r for r in range(table.scanned, len(table))}
        fetch = [c.id for c in stored if c.id not in row_of] if add_rows else []
        fetched = self._vectors.get_embeddings(fetch) if fetch else {}
        added: list[np.ndarray] = []
        seen = {(table.note_id_of(r), table.hash_of(r)) for r in rows}
        for claim in stored:
            row = row_of.get(claim.id)
            if row is None:
                vec = fetched.get(claim.id)
                if vec is None:
                    continue
                row = row_of[claim.id] = table.add_other(
                    id=claim.id, note_path=claim.note_path, text_hash=claim.text_hash
                )
                added.append(np.asarray(vec, dtype=np.float32))
            table.set_text(row, claim.text)
            key = (table.note_id_of(row), table.hash_of(row))
            if key not in seen:
                seen.add(key)
                rows.append(row)
        if len(rows) > len(named):
            # the stored claims' notes' aliased links
            more = {table.note(r) for r in rows[len(named) :]} - aliases.keys()
            aliases.update(store.link_aliases(self._catalog, more))
            named.extend(self._named(titles, table, r, aliases) for r in rows[len(named) :])
        extra = np.vstack(added) if added else None
        vectors = base if extra is None else np.vstack([base, extra])
        common = common_titles(named, claims_total)
        notes = table.note_ids()
        own_of_note = np.asarray([titles.own(p) for p in table.note_paths], dtype=np.int64)
        all_rows = np.asarray(rows, dtype=np.int64)
        touched = np.zeros(len(table), dtype=bool)
        touched[: table.scanned] = True
        owners = own_of_note[notes[all_rows]].tolist()
        q, o = subject_partner_pairs(
            all_rows,
            own_of_note[notes[all_rows]],
            [frozenset(m & wanted) - common for m in named],
            notes,
            vectors,
            touched,
            partners=cfg.subject_partners,
            gate=cfg.subject_gate,
            measures=[measure_keys(table.texts[r]) for r in rows],
            genders=self._readings(table, rows, owners, named, has_gendered_word, gender_about),
            descents=self._descents(table, rows, owners, named),
            readings=[
                self._readings(table, rows, owners, named, has_colour_word, colour_about),
                self._readings(table, rows, owners, named, has_material_word, material_about),
                self._readings(table, rows, owners, named, has_staple_word, staple_about),
            ],
        )
        kq, ko = kind_pairs(
            all_rows,
            own_of_note[notes[all_rows]],
            [titles.kinds_of(k) for k in owners],
            notes,
            vectors,
            touched,
            partners=cfg.subject_partners,
            gate=cfg.subject_gate,
        )
        if len(kq):
            q, o = np.concatenate([q, kq]), np.concatenate([o, ko])
        eq, eo = event_pairs(
            all_rows,
            [event_keys(table.texts[r], note_title_of(table.note(r))) for r in rows],
            notes,
            touched,
        )
        if len(eq):
            q, o = np.concatenate([q, eq]), np.concatenate([o, eo])
        return q, o, extra

    @staticmethod
    def _named(
        titles: TitleIndex,
        table: ClaimTable,
        row: int,
        aliases: dict[str, tuple[tuple[str, str], ...]],
    ) -> frozenset[int]:
        """The title ids claim `row` mentions: by their words, or by an alias its note links
        them with ("Monarchs" where the note has `[[Monarch Butterfly|Monarchs]]`)."""
        text = table.texts[row]
        found = titles.mentions(text)
        links = aliases.get(table.note(row))
        if links:
            linked = {titles.title_id(t) for t in linked_titles(text, links)} - {-1}
            found = found | linked
        return found

    def _readings(
        self,
        table: ClaimTable,
        rows: Sequence[int],
        own: Sequence[int],
        named: Sequence[frozenset[int]],
        worth_reading: Callable[[str], bool],
        read: Callable[..., tuple[str, str] | None],
    ) -> list[dict[int, str]]:
        """Per row: what its claim says of the person or thing of each note it is about (its
        own, and those it names), where `read` finds one value (`persons.gender_about`: man
        or woman; `persons.colour_about`: a colour); `worth_reading` is its cheap filter."""
        titles = self._titles()
        out: list[dict[int, str]] = []
        for r, key, found in zip(rows, own, named, strict=True):
            text = table.texts[r]
            said: dict[int, str] = {}
            if worth_reading(text):
                for k in (found | {key}) - {-1}:
                    value = read(text, " ".join(titles.words_of(k)), own=k == key)
                    if value is not None:
                        said[k] = value[0]
            out.append(said)
        return out

    def _descents(
        self,
        table: ClaimTable,
        rows: Sequence[int],
        own: Sequence[int],
        named: Sequence[frozenset[int]],
    ) -> list[dict[int, Descent]]:
        """Per row: how its claim describes the person of each note it is about, for the
        persons some claim calls half of a kind (`persons.descent_about`): those claims, and
        the claims about the same persons that write one of those kinds."""
        titles = self._titles()
        out: list[dict[int, Descent]] = [{} for _ in rows]
        kinds: dict[int, set[str]] = {}  # title id -> kinds someone is called half of
        for i, (r, key, found) in enumerate(zip(rows, own, named, strict=True)):
            text = table.texts[r]
            if has_half(text):
                for k in (found | {key}) - {-1}:
                    d = descent_about(text, " ".join(titles.words_of(k)), own=k == key)
                    if d is not None and d.half:
                        out[i][k] = d
                        kinds.setdefault(k, set()).update(d.half)
        if not kinds:
            return out
        for i, (r, key, found) in enumerate(zip(rows, own, named, strict=True)):
            text = table.texts[r].casefold()
            for k in (found | {key}) & kinds.keys():
                forms = (form for kind in kinds[k] for form in kind_forms(kind))
                if k in out[i] or not any(form in text for form in forms):
                    continue
                d = descent_about(table.texts[r], " ".join(titles.words_of(k)), own=k == key)
                if d is not None:
                    out[i][k] = d
        return out

    def _stored_about(
        self, titles: TitleIndex, keys: set[int], scanned: frozenset[str]
    ) -> list[store.ClaimRow]:
        """The stored claims of other notes than `scanned` that are about one of the title
        ids `keys`: the claims of those notes, and the claims naming them."""
        found = store.claims_of_notes(
            self._catalog, [p for p in titles.paths_of(keys) if p not in scanned]
        )
        naming = store.claims_with_phrases(self._catalog, _naming_phrases(titles, keys))
        found.extend(
            c for c in naming if c.note_path not in scanned and titles.mentions(c.text) & keys
        )
        # claims naming them by a link's alias ("Monarchs" for *Monarch Butterfly*)
        targets = [note_title_of(p) for p in titles.paths_of(keys)]
        by_source: dict[str, list[tuple[str, str]]] = {}
        for src, target, alias in store.aliased_links_to(self._catalog, targets):
            if src not in scanned and titles.title_id(target) in keys:
                by_source.setdefault(src, []).append((target, alias))
        if by_source:
            found.extend(
                c
                for c in store.claims_of_notes(self._catalog, sorted(by_source))
                if linked_titles(c.text, by_source[c.note_path])
            )
        unique: dict[str, store.ClaimRow] = {}
        for claim in found:
            unique.setdefault(claim.id, claim)
        return list(unique.values())

    def _indexed_paths(self) -> list[str]:
        if self._indexed is None:
            self._indexed = store.indexed_notes(self._catalog)
        return self._indexed


def _add_unseen(stored: list[store.ClaimRow], more: Iterable[store.ClaimRow]) -> None:
    """Append the claims of `more` that `stored` does not hold yet (by id)."""
    ids = {c.id for c in stored}
    stored.extend(c for c in more if c.id not in ids)


def _naming_phrases(titles: TitleIndex, keys: Iterable[int]) -> list[tuple[str, ...]]:
    """Runs of words every claim naming one of `keys` holds (the caller checks each claim):
    the title's words, and each coined word that names it alone."""
    phrases: list[tuple[str, ...]] = []
    for key in keys:
        title = titles.words_of(key)
        if title:
            phrases.append(tuple(part for w in title for part in _WORD_PARTS.findall(w)))
            phrases.extend((w,) for w in titles.coined_words_of(key))
    return phrases


#: The index's words inside a title word ("o'brien" is "o" and "brien" there).
_WORD_PARTS = re.compile(r"[^\W_]+", re.UNICODE)


def settle_pairs(
    pairs: list[PairRow], *, texts: dict[str, str], holds: Callable[[str, str], bool]
) -> list[PairRow]:
    """The scored pairs worth keeping: not those one of whose notes also states the other
    claim (a note stating both -- two options of one spell -- treats them as compatible, and so
    does a note copying it), nor values that vary by design across templated notes
    (`structure.varying_values`). `texts` maps claim ids to their text."""
    kept = [p for p in pairs if not (holds(p.a_path, p.b_hash) or holds(p.b_path, p.a_hash))]
    drop = varying_values(
        [(p.a_id, texts[p.a_id], p.a_path, p.b_id, texts[p.b_id], p.b_path) for p in kept]
    )
    return [p for k, p in enumerate(kept) if k not in drop]


def _queries_by_note(table: ClaimTable) -> dict[int, dict[int, int]]:
    """note id -> {text hash id -> row}: one query per distinct claim text of a note, the
    first claim with that text, notes and claims in extraction order."""
    by_note: dict[int, dict[int, int]] = {}
    for row in range(table.scanned):
        by_note.setdefault(table.note_id_of(row), {}).setdefault(table.hash_of(row), row)
    return by_note


def _in_apposition(text: str, title: str) -> bool:
    """Claim `text` writes `title` as an apposition to its short subject, between two commas:
    "Its centrepiece, the Hope Diamond, weighs ...", "His masterpiece, the [[Bell Rock
    Lighthouse]], was ..."."""
    head, sep, rest = text.partition(",")
    if not sep or len(head.split()) > 4:
        return False
    named, sep, _ = rest.partition(",")
    words = named.split()
    if words[:1] and words[0].casefold() in ("the", "a", "an"):
        words = words[1:]
    return bool(sep) and " ".join(words).casefold() == " ".join(title.split()).casefold()


def _links_naming(text: str, links: Sequence[tuple[str, str]]) -> tuple[str, ...]:
    """The notes claim `text` names by its note's links (`links`: (target, words shown)): by
    an alias wherever it is written ("Monarchs fly ..." for `[[Monarch Butterfly|Monarchs]]`),
    by a plain link only where the claim speaks of it: the title's last word (before any
    bracket) in its subject or its leading phrase ("The [[Sonnet]] is ...", "In
    [[Basketball]], ...", not "... kept in [[Version history]]")."""
    found = linked_titles(text, links)
    if not found:
        return ()
    claim = parse_claim(text)
    about = claim.subject | claim.lead
    plain = {t for t, shown in links if link_title(t) == shown}

    def spoken_of(target: str) -> bool:
        title = link_title(target).split("(", 1)[0]
        words = [w.stem for w in tokenize(title) if w.is_content]
        return bool(words) and (words[-1] in about or _in_apposition(text, link_title(target)))

    return tuple(t for t in found if t not in plain or spoken_of(t))


# -- scan_config: The tunables of a contradiction scan, in one frozen `ScanConfig` (change values
#    with `dataclasses.replace`). ---
#
# Two presets: `DEFAULT_SCAN_CONFIG`, the candidates the structural verdict alone reads
# (similar claims, and a few claims about the same note), and `JUDGE_SCAN_CONFIG`, the wider
# net a trained judge reads (claims about the same note however far apart their words, within
# a budget). The scanner takes the second when the scorer has a judge (`ContradictionScanner`).


@dataclass(frozen=True, kw_only=True)
class ScanConfig:
    """The tunables of a contradiction scan."""

    # Cosine similarity a claim pair needs before it is a candidate. On the demo vault the
    # planted contradictions sit at 0.61 to 0.99; consistent pairs on the same subject also
    # reach 0.9, so the gate only prunes unrelated claims and the scorer decides.
    similarity_gate: float = 0.55
    # Pairs that name the same note (`candidates.py`: the note of one claim, a title both
    # mention) are candidates from this similarity: "They cannot forge iron blades" in Orrin
    # Family and "The Orrin Family smiths forge iron blades" sit at 0.4.
    subject_gate: float = 0.55
    # A claim that names a note is paired with this many of that note's claims (and of the
    # other claims naming it), the most similar first, above `subject_gate` (0: none).
    subject_partners: int = 0
    neighbours: int = 8  # nearest claims of other notes asked for each claim
    # The judge reads the candidates best first by cosine + `subject_bonus` (same subject), at
    # most `judge_per_claim` per claim and max(`judge_min`, `judge_per_scanned` x claims
    # scanned) in all: its cost grows with the vault, not with the candidates.
    subject_bonus: float = 0.25
    judge_per_claim: int = 8
    judge_per_scanned: float = 1.0
    judge_min: int = 4000
    # Notes per extraction/embedding batch (a full scan is batched, a kill loses little).
    batch_notes: int = 256
    # Candidate pairs scored per call; above this many, pairs are scored in locality order.
    score_batch: int = 2048
    # From this many claims to look up, the candidate search loads every claim vector into
    # one matrix (`candidates.py`) instead of searching the stored vectors note by note.
    in_memory_queries: int = 256
    # A live edit asks for this many times `neighbours` and drops the note's own claims.
    own_note_room: int = 4
    # The in-memory search: exact up to a size, then an inverted file.
    neighbour_search: NeighbourSearchConfig = DEFAULT_NEIGHBOUR_SEARCH


#: The structure alone also reads each claim naming a note beside that note's closest claims:
#: a conflict across notes is often between a note and a claim naming it, at a cosine of
#: 0.2-0.45 ("They cannot use combat spells" in *Orrin Family* / "The Orrin Family duelists
#: hurl combat spells"; a line of the note that calls its thing "it" carries little of it:
#: "Nothing of it stands today" / "The [[Pharos]] still rises", 0.21); the six-partner
#: limit, not the gate, bounds the cost.
DEFAULT_SCAN_CONFIG = ScanConfig(subject_gate=0.2, subject_partners=6)
#: Real conflicts between notes written at different times sit at a cosine of 0.4-0.75 (a
#: campaign retold in prose, a worldbuilding vault), many of them between a note and a claim
#: naming it; the judge budget, not the gates, bounds the cost.
JUDGE_SCAN_CONFIG = ScanConfig(
    similarity_gate=0.45, subject_gate=0.2, subject_partners=6, neighbours=16
)


# -- claim_table: The claims one scan works on, column by column (see `scan.py`). ---
#
# A whole-vault scan holds every claim until its pairs are stored: 93k claims at 10k notes. As
# `ClaimRow` objects (an attribute dict and a 64-character hash string each) they cost about a
# kilobyte apiece; here every string is kept once, notes and text hashes become int indexes into
# `note_paths` / `hash_texts`, and the candidate search works on int arrays.
#
# Rows `0 .. scanned-1` are the claims extracted in this scan, in extraction order; rows after
# them are claims of other notes read from the catalog (`add_other`), whose text is filled in
# (`set_text`) only for those a candidate pair needs.

Ints = npt.NDArray[np.int64]


class ClaimTable:
    """Append-only claim columns with interned note paths and text hashes."""

    def __init__(self) -> None:
        self.ids: list[str] = []
        self.texts: list[str] = []
        self._chunk_ids: list[str] = []
        self._contexts: list[str] = []
        self._ordinals = array("q")
        self._notes = array("q")
        self._hashes = array("q")
        self.note_paths: list[str] = []
        self.hash_texts: list[str] = []
        self._note_index: dict[str, int] = {}
        self._hash_index: dict[str, int] = {}
        self.scanned = 0  # rows extracted in this scan; the rest are other notes' claims

    def __len__(self) -> int:
        return len(self.ids)

    def add_scanned(
        self,
        *,
        id: str,
        note_path: str,
        chunk_id: str,
        ordinal: int,
        text: str,
        context: str,
        text_hash: str,
    ) -> None:
        if self.scanned != len(self.ids):
            raise ValueError("scanned claims come before other notes' claims")
        self._add(id, note_path, text_hash, text)
        self._chunk_ids.append(chunk_id)
        self._contexts.append(context)
        self._ordinals.append(ordinal)
        self.scanned += 1

    def add_other(self, *, id: str, note_path: str, text_hash: str) -> int:
        """A claim of a note this scan did not extract (its text comes later, if needed)."""
        self._add(id, note_path, text_hash, "")
        return len(self.ids) - 1

    def _add(self, id: str, note_path: str, text_hash: str, text: str) -> None:
        self.ids.append(id)
        self.texts.append(text)
        self._notes.append(_intern(note_path, self._note_index, self.note_paths))
        self._hashes.append(_intern(text_hash, self._hash_index, self.hash_texts))

    def set_text(self, row: int, text: str) -> None:
        self.texts[row] = text

    def note(self, row: int) -> str:
        return self.note_paths[self._notes[row]]

    def note_id_of(self, row: int) -> int:
        return self._notes[row]

    def hash_of(self, row: int) -> int:
        """The row's text hash as an index into `hash_texts`."""
        return self._hashes[row]

    def text_hash(self, row: int) -> str:
        return self.hash_texts[self._hashes[row]]

    def hash_id(self, text_hash: str) -> int | None:
        return self._hash_index.get(text_hash)

    def note_ids(self) -> Ints:
        """Each row's note as an index into `note_paths`."""
        return np.frombuffer(self._notes, dtype=np.int64).copy()

    def hash_ids(self) -> Ints:
        """Each row's text hash as an index into `hash_texts`."""
        return np.frombuffer(self._hashes, dtype=np.int64).copy()

    def hash_ranks(self) -> Ints:
        """Each text hash's rank in string order (so `rank[x] < rank[y]` iff hash x < hash y)."""
        order = sorted(range(len(self.hash_texts)), key=self.hash_texts.__getitem__)
        ranks = np.empty(len(order), dtype=np.int64)
        ranks[np.asarray(order, dtype=np.int64)] = np.arange(len(order), dtype=np.int64)
        return ranks

    def claim(self, row: int) -> ClaimRow:
        """One scanned claim as the catalog stores it."""
        if not 0 <= row < self.scanned:
            raise IndexError(row)
        return ClaimRow(
            id=self.ids[row],
            note_path=self.note(row),
            chunk_id=self._chunk_ids[row],
            ordinal=self._ordinals[row],
            text=self.texts[row],
            context=self._contexts[row],
            text_hash=self.text_hash(row),
        )

    def scanned_claims(self, start: int = 0, stop: int | None = None) -> Iterator[ClaimRow]:
        """The scanned claims of rows start..stop, made one at a time."""
        for row in range(start, self.scanned if stop is None else stop):
            yield self.claim(row)


def _intern(value: str, index: dict[str, int], values: list[str]) -> int:
    found = index.get(value)
    if found is None:
        found = index[value] = len(values)
        values.append(value)
    return found
