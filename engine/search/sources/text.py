"""The words source: BM25 over chunk text (FTS5) plus exact substring matching (trigram).

User input never reaches FTS5 as syntax (see `engine.search.query`). Exact needles — quoted
phrases, identifiers such as `REQ-006`, `snake_case`, `kebab-case`, CJK runs — are looked up
verbatim in the trigram index; a note that holds all of them ranks above notes that only
share words with the query.
"""

from __future__ import annotations

import contextlib
import math
import re
import threading
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from typing import TYPE_CHECKING

from engine.search.directory import NoteDirectory
from engine.search.query import (
    ParsedQuery,
    all_terms_expression,
    bm25_match_expression,
    is_cjk,
)
from engine.search.service import SearchRequest
from engine.search.sources.excerpts import make_excerpt
from engine.search.sources.word_forms import chunk_by_word_forms
from engine.search.types import Hit
from engine.store.cjk_grams import query_grams

if TYPE_CHECKING:
    from engine.store.catalog import Catalog

IDENTIFIER_BONUS = 0.5  # added to normalised BM25 when a note holds every identifier/CJK run
COMMON_TERM_SHARE = 0.2  # a query word in more chunks than this is left out of BM25 matching
# when rarer words remain: its IDF is small (it barely moves the ranking) while every chunk
# that holds it must be scored (SciFact and timings: docs/decisions/0009-search-and-index-speed.md)
COMMON_WORD_SHARE = 0.05  # a query word in more chunks than this says little on its own: a
# result's explanation calls a match on such words alone "only common words"
MIN_SHARE = 1e-4  # the share of chunks a word the vocabulary lacks (another form) counts as
NEEDLE_FETCH_MIN = 200  # substring matches fetched at least, whatever the depth: the trigram
# order favours short chunks, so a small limit can miss the note that defines an identifier


@dataclass
class _NoteScore:
    path: str
    bm25: float = 0.0
    cjk: float = 0.0  # BM25 over the note's CJK character pairs
    best_chunk: str | None = None
    needles: set[str] = field(default_factory=set)
    needle_chunk: str | None = None
    forms: tuple[str, ...] = ()  # words of `best_chunk` matched in another form (stemming)


class ThreadCatalogs:
    """One read-only catalog connection per thread (SQLite connections are per thread)."""

    def __init__(self, opener: Callable[[], Catalog]) -> None:
        self._opener = opener
        self._local = threading.local()
        self._all: list[Catalog] = []
        self._lock = threading.Lock()

    def get(self) -> Catalog:
        cat: Catalog | None = getattr(self._local, "catalog", None)
        if cat is None:
            cat = self._opener()
            self._local.catalog = cat
            with self._lock:
                self._all.append(cat)
        return cat

    def close(self) -> None:
        with self._lock:
            for cat in self._all:
                with contextlib.suppress(Exception):  # best effort at shutdown
                    cat.close()
            self._all.clear()


class TextSource:
    name = "text"

    def __init__(self, catalogs: ThreadCatalogs, directory: NoteDirectory) -> None:
        self._catalogs = catalogs
        self._directory = directory

    def search(self, request: SearchRequest) -> list[Hit]:
        query = request.query
        catalog = self._catalogs.get()
        notes = self._directory.snapshot()
        filters = request.filters
        allowed = self._directory.allowed(filters)
        if allowed is not None and not allowed:
            return []
        scores: dict[str, _NoteScore] = {}

        expr = bm25_match_expression(query, skip=common_terms(catalog, query))
        if expr:
            # Notes are ranked by BM25 over the whole note; the best-matching chunk of each
            # note supplies its excerpt.
            for path, score in catalog.fulltext.search_notes_bm25(
                expr, limit=request.depth, paths=allowed
            ):
                scores.setdefault(path, _NoteScore(path)).bm25 = score
            if scores:
                best = catalog.fulltext.best_chunks_bm25(expr, paths=frozenset(scores))
                for path, chunk_id in best.items():
                    scores[path].best_chunk = chunk_id

        # CJK runs: BM25 over character pairs (the word index sees a whole clause as one word)
        grams = query_grams(" ".join(query.cjk)) if query.cjk else []
        if grams:
            for path, score in catalog.fulltext.search_notes_cjk(
                grams, limit=request.depth, paths=allowed
            ):
                scores.setdefault(path, _NoteScore(path)).cjk = score

        needles = query.exact_needles
        for needle in needles:
            for chunk_id, path in catalog.fulltext.search_substring(
                needle, limit=max(request.depth * 2, NEEDLE_FETCH_MIN), paths=allowed
            ):
                s = scores.setdefault(path, _NoteScore(path))
                s.needles.add(needle)
                if s.needle_chunk is None:
                    s.needle_chunk = chunk_id
        if not scores:
            return []
        # Notes found only through an exact needle still deserve their BM25 (at a small depth
        # they may be outside the BM25 top list).
        unscored = {p for p, sc in scores.items() if sc.needles and sc.bm25 == 0.0}
        if expr and unscored:
            for path, score in catalog.fulltext.search_notes_bm25(
                expr, limit=len(unscored), paths=unscored
            ):
                scores[path].bm25 = score

        # Which notes hold every word of the query (the merge's "a note answers this" signal:
        # with one word, every BM25 match does).
        every = all_terms_expression(query)
        holding_all: frozenset[str] | None = None
        if every and expr:
            holding_all = frozenset(
                path
                for path, _ in catalog.fulltext.search_notes_bm25(
                    every, limit=len(scores), paths=frozenset(scores)
                )
            )

        # The share of the query's words no note holds at all (a topic the vault lacks):
        # part of the merge's "does any note answer this" check.
        words = content_words(query)
        unknown = 1.0 - len(catalog.fulltext.known_terms(words)) / len(words) if words else 0.0
        shares = catalog.fulltext.term_shares(words) if words else {}
        common = frozenset(w for w in words if shares.get(w, 0.0) > COMMON_WORD_SHARE)
        top_bm25 = max((s.bm25 for s in scores.values()), default=0.0)
        top_cjk = max((s.cjk for s in scores.values()), default=0.0)
        parts = (top_bm25 > 0) + (top_cjk > 0) or 1
        phrases = set(query.phrases)
        others = [n for n in needles if n not in phrases]

        def score_of(s: _NoteScore) -> float:
            # BM25 over words and over CJK pairs (each normalised by its best note, averaged)
            # plus a bonus for exact identifiers/CJK runs.
            share = len(s.needles - phrases) / len(others) if others else 0.0
            words = s.bm25 / top_bm25 if top_bm25 > 0 else 0.0
            pairs = s.cjk / top_cjk if top_cjk > 0 else 0.0
            return (words + pairs) / parts + IDENTIFIER_BONUS * share

        # Quoted phrases are strict: notes holding every phrase come first.
        ranked = sorted(
            scores.values(),
            key=lambda s: (-len(s.needles & phrases), -score_of(s), s.path),
        )[: request.depth]
        if grams:  # notes found by their CJK pairs alone: the chunk holding most of them
            for s in ranked:
                if s.best_chunk is None and s.needle_chunk is None and s.cjk > 0:
                    s.best_chunk = _chunk_with_most(catalog, s.path, grams)
        if expr:  # notes matched only through another form of a word (the note index stems)
            for s in ranked:
                if s.best_chunk is None and s.needle_chunk is None and s.bm25 > 0:
                    meta = notes.get(s.path)
                    found = chunk_by_word_forms(
                        expr, catalog.notes.chunks_for(s.path), title=meta.title if meta else ""
                    )
                    if found is not None:
                        s.best_chunk, s.forms = found.chunk_id, found.words
        chunk_ids = {c for s in ranked for c in (s.needle_chunk, s.best_chunk) if c}
        chunks = catalog.notes.chunks_by_id(chunk_ids)
        # the chunk each note shows: the one holding its exact needles, else its best
        shown_of = {
            s.path: (s.needle_chunk or s.best_chunk) if s.needles else s.best_chunk for s in ranked
        }
        held: dict[str, dict[str, list[str]]] = {}
        for s in ranked:
            meta = notes.get(s.path)
            rec = chunks.get(shown_of[s.path] or "")
            passage = f"{meta.title if meta else ''}\n{rec.text if rec else ''}"
            held[s.path] = _words_held(passage, words, common)
        # CJK runs are matched as character pairs, not words: no word weight to judge by
        coverage = _rare_coverage(held, shares) if not query.cjk else {}
        hits: list[Hit] = []
        ceiling = 1.0  # relevance never rises down the ranking
        for rank, s in enumerate(ranked, start=1):
            meta = notes.get(s.path)
            top_score = 1.0 + (IDENTIFIER_BONUS if others else 0.0)
            relevance = score_of(s) / top_score
            if phrases and len(s.needles & phrases) < len(phrases):
                relevance *= 0.5  # lacks a quoted phrase the user asked for
            match_type = "exact_text" if needles and len(s.needles) == len(needles) else "keyword"
            shown = shown_of[s.path]
            relevance = ceiling = min(ceiling, max(0.0, min(1.0, relevance)))
            rec = chunks.get(shown) if shown else None
            excerpt = None
            if rec is not None:
                excerpt = make_excerpt(
                    source=self.name,
                    chunk_id=rec.id,
                    text=rec.text,
                    heading_path=rec.heading_path,
                    needles=needles,
                    terms=(*query.loose_terms, *s.forms),
                )
            hits.append(
                Hit(
                    source=self.name,
                    note_path=s.path,
                    chunk_id=shown,
                    rank=rank,
                    raw_score=s.bm25,
                    relevance=relevance,
                    match_type=match_type,  # type: ignore[arg-type]
                    excerpt=excerpt,
                    title=meta.title if meta else s.path,
                    timestamp=meta.date if meta else None,
                    entities=meta.entities if meta else (),
                    metadata={
                        **_metadata(s, needles=needles, holding_all=holding_all),
                        **held[s.path],
                        "coverage": coverage.get(s.path, 1.0),
                        "unknown_terms": round(unknown, 4),
                    },
                )
            )
        return hits


def content_words(query: ParsedQuery) -> list[str]:
    """The words that carry a query's topic: terms of three or more letters, not numbers
    and not CJK runs (those are matched as character pairs)."""
    return [t for t in query.terms if len(t) >= 3 and not t.isdigit() and not is_cjk(t)]


def _words_held(text: str, words: Sequence[str], common: frozenset[str]) -> dict[str, list[str]]:
    """For the result's explanation: the query words the shown passage holds (in any form
    that starts like them), rare ones and common ones (`COMMON_WORD_SHARE`) apart."""
    held = [w for w in dict.fromkeys(words) if _word_pattern(w).search(text)]
    return {
        "words_held": [w for w in held if w not in common],
        "common_words_held": [w for w in held if w in common],
    }


def _rare_coverage(
    held: dict[str, dict[str, list[str]]], shares: dict[str, float]
) -> dict[str, float]:
    """Per note, the share of the query's weight (each word's IDF, ln 1/share) that its
    passage holds, out of the words some result's passage holds: 1 for a note holding every
    word any result holds, near 0 for one holding only words most chunks have. A note whose
    passage shows none of the words (matched through another form of them: "calibrate" in
    "calibration") is left out, and a note left out counts as fully covered."""

    def idf(word: str) -> float:
        return math.log(1.0 / max(shares.get(word, MIN_SHARE), MIN_SHARE))

    every = {w for h in held.values() for part in h.values() for w in part}
    total = sum(idf(w) for w in every)
    if total <= 0:
        return {}  # no passage holds a query word as written: nothing to weigh
    return {
        path: round(sum(idf(w) for part in h.values() for w in part) / total, 4)
        for path, h in held.items()
        if any(h.values())  # a passage holding none we can see matched by another form
    }


@lru_cache(maxsize=512)
def _word_pattern(word: str) -> re.Pattern[str]:
    root = word
    for suffix in ("ing", "es", "ed", "s", "e"):
        if root.endswith(suffix) and len(root) - len(suffix) >= 3:
            root = root[: -len(suffix)]
            break
    return re.compile(rf"(?<!\w){re.escape(root)}", re.IGNORECASE)


def _chunk_with_most(catalog: Catalog, path: str, grams: list[str]) -> str | None:
    """The id of the note's chunk that holds the most of `grams` (the first on ties)."""
    best: tuple[int, str] | None = None
    for chunk in catalog.notes.chunks_for(path):
        held = sum(1 for g in grams if g in chunk.text)
        if held and (best is None or held > best[0]):
            best = (held, chunk.id)
    return best[1] if best else None


def _metadata(
    s: _NoteScore, *, needles: tuple[str, ...], holding_all: frozenset[str] | None
) -> dict[str, object]:
    """`needles_matched` (with exact needles) and `all_terms`: the note holds every word and
    phrase of the query (True for any BM25 match of a one-word query)."""
    out: dict[str, object] = {"needles_matched": len(s.needles)} if needles else {}
    if s.bm25 > 0 and s.cjk == 0:
        out["all_terms"] = holding_all is None or s.path in holding_all
    return out


def common_terms(
    catalog: Catalog, query: ParsedQuery, *, share: float = COMMON_TERM_SHARE
) -> frozenset[str]:
    """Query words in more than `share` of the chunks, too common to match by, when a quoted
    phrase or a rarer word the index holds remains for BM25 to match (CJK runs are needles,
    not BM25 words)."""
    words = [t for t in query.terms if not is_cjk(t)]
    if len(words) < 2:
        return frozenset()
    shares = catalog.fulltext.term_shares(words)
    common = frozenset(t for t in words if shares.get(t, 0.0) > share)
    if not query.phrases and not any(0.0 < shares.get(t, 0.0) <= share for t in words):
        return frozenset()  # no phrase, nothing rarer that any chunk holds: keep them all
    return common
