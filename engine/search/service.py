"""SearchService: ask every source at once, merge what comes back, explain what went wrong.

A failing, hanging or garbage-returning source becomes a `SearchWarning` (what is missing and what
that means); only when every source fails does `search` raise `QueryExecutionError`. A newer
query supersedes older ones still running: their answers are dropped, never merged.
"""

from __future__ import annotations

import concurrent.futures as cf
import logging
import threading
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from datetime import UTC, datetime
from typing import Protocol, runtime_checkable

from engine.errors import EngineError, QueryExecutionError, one_line
from engine.search.config import MergeConfig
from engine.search.merge import merge
from engine.search.query import (
    DateRange,
    ParsedQuery,
    date_in_query,
    describe_range,
    parse_query,
    query_intent,
)
from engine.search.types import (
    Hit,
    QueryMetadata,
    SearchResponse,
    SearchWarning,
    SourceStats,
)

log = logging.getLogger(__name__)

SOURCE_IMPACT = {
    "semantic": "results that match by meaning but not by wording may be missing",
    "text": "exact words, quoted phrases and identifiers may be missing or ranked lower",
    "graph": "matches by title, alias, tag and linked notes may be missing",
}


class QuerySupersededError(EngineError):
    """A newer query replaced this one before it finished; its answer is not wanted."""


@dataclass(frozen=True)
class SearchFilters:
    """Pushed down into every source."""

    folder: str | None = None  # vault-relative folder prefix, e.g. "Projects" or "Projects/2026"
    tag: str | None = None  # tag without '#'; nested tags match their parent ('a' matches 'a/b')
    since: datetime | None = None  # note dated at or after (frontmatter date, else file time)
    until: datetime | None = None  # ... and before

    @property
    def date_range(self) -> DateRange | None:
        if self.since is None and self.until is None:
            return None
        return DateRange(self.since, self.until)

    @property
    def active(self) -> bool:
        return bool(self.folder or self.tag or self.date_range)

    def describe(self) -> str:
        """The filters in words: 'in folder “Projects”, tagged #field, dated 1 Sep 2026 or
        later' ('' when none is set)."""
        parts = []
        if self.folder:
            parts.append(f"in folder “{self.folder.strip('/')}”")
        if self.tag:
            parts.append(f"tagged #{self.tag.lstrip('#')}")
        if self.date_range is not None:
            parts.append(f"dated {describe_range(self.date_range)}")
        return ", ".join(parts)

    def folder_matches(self, path: str) -> bool:
        if not self.folder:
            return True
        prefix = self.folder.strip("/")
        return path == prefix or path.startswith(prefix + "/")

    def tag_matches(self, tags: Sequence[str]) -> bool:
        if not self.tag:
            return True
        want = self.tag.lstrip("#").lower()
        return any(t == want or t.startswith(want + "/") for t in tags)


MIN_DEPTH = 50  # notes asked of each source, at least
DEPTH_SLACK = 20  # notes asked of each source beyond the results wanted


def source_depth(limit: int) -> int:
    """How many notes each source is asked for when `limit` results are wanted: a few more
    than the limit, since near-duplicates fold together and the token budget skips long
    results. Not a multiple of it: on SciFact at limit 100, asking each source for 300
    notes instead of 120 gave the same nDCG@10 (0.736 vs 0.734) and a lower recall@100
    (0.956 vs 0.964) at twice the query time (p50 74 vs 37 ms; see
    docs/decisions/0009-search-and-index-speed.md)."""
    return max(MIN_DEPTH, limit + DEPTH_SLACK)


@dataclass(frozen=True)
class SearchRequest:
    """What every source receives."""

    query: ParsedQuery
    filters: SearchFilters = field(default_factory=SearchFilters)
    depth: int = 50  # how many notes a source should return at most
    now: datetime = field(default_factory=lambda: datetime.now(UTC))


@runtime_checkable
class Source(Protocol):
    """One way of finding notes. `search` returns hits best first; it may raise."""

    name: str

    def search(self, request: SearchRequest) -> list[Hit]: ...


@dataclass(frozen=True)
class MergeContext:
    """Per-query lookups the merge needs, fetched once from the stores."""

    note_tokens: Mapping[str, frozenset[str]]
    chunk_vectors: Mapping[str, object]
    query_entities: frozenset[str]


ContextProvider = Callable[[SearchRequest, Mapping[str, Sequence[Hit]]], MergeContext]
AllowedNotes = Callable[[SearchFilters], frozenset[str] | None]  # None: nothing filters
ContradictionLookup = Callable[[Sequence[str]], tuple[object, ...]]


class SearchService:
    def __init__(
        self,
        *,
        sources: Sequence[Source],
        config: MergeConfig | None = None,
        timeout_s: float = 2.0,
        context: ContextProvider | None = None,
        contradictions: ContradictionLookup | None = None,
        allowed: AllowedNotes | None = None,
        max_workers: int = 8,
    ) -> None:
        self._sources = {s.name: s for s in sources}
        self.config = config or MergeConfig()
        self.timeout_s = timeout_s
        self._context = context
        self._contradictions = contradictions
        self._allowed = allowed
        self._pool = cf.ThreadPoolExecutor(max_workers=max_workers, thread_name_prefix="source")
        self._generation = 0
        self._gen_lock = threading.Lock()

    @property
    def source_names(self) -> tuple[str, ...]:
        return tuple(self._sources)

    def warm_up(self, sources: Sequence[str] | None = None) -> None:
        """Let sources load what they need (the embedding model) before the first query."""
        for name in sources or self._sources:
            warm = getattr(self._sources.get(name), "warm_up", None)
            if callable(warm):
                try:
                    warm()
                except EngineError as exc:  # e.g. the model cannot load: that source will
                    # fail at query time as a warning, the others still answer
                    log.warning("search source %r is unavailable: %s", name, exc)

    def merge_context(
        self, request: SearchRequest, hits: Mapping[str, Sequence[Hit]]
    ) -> MergeContext | None:
        """The per-query lookups the merge uses (exposed for the tuning harness)."""
        return self._context(request, hits) if self._context else None

    def source(self, name: str) -> Source:
        """One of the sources, to query it alone (quality harness, diagnostics)."""
        return self._sources[name]

    def close(self) -> None:
        self._pool.shutdown(wait=False, cancel_futures=True)

    # -- public -------------------------------------------------------------------------

    def search(
        self,
        text: str,
        *,
        limit: int = 20,
        filters: SearchFilters | None = None,
        sources: Sequence[str] | None = None,
        supersede: bool = False,
        token_budget: int | None = None,
    ) -> SearchResponse:
        """Run one query through the chosen sources (all by default) and merge the answers.

        `token_budget` caps the excerpt tokens of the answer (for an AI client's context);
        None keeps the configured budget (none by default: `limit` bounds the list).

        With `supersede=True` this query replaces any earlier superseding query still running:
        those raise `QuerySupersededError` instead of returning (search-as-you-type).
        """
        started = time.perf_counter()
        generation = self._next_generation() if supersede else None
        now = datetime.now(UTC)
        parsed = parse_query(text)
        typed = parsed.text
        filters = filters or SearchFilters()
        notices: list[SearchWarning] = []
        if filters.date_range is None:
            named = date_in_query(parsed.text, now=now)
            if named is not None:
                filters = replace(filters, since=named.range.since, until=named.range.until)
                parsed = parse_query(named.rest)
                notices.append(
                    SearchWarning(
                        source=None,
                        kind="date_from_query",
                        message=f"“{named.phrase}” was read as a date filter: notes dated "
                        f"{describe_range(named.range)}",
                        impact="notes dated outside that range are not searched; set the "
                        "date filter yourself to choose another range",
                    )
                )
        request = SearchRequest(query=parsed, filters=filters, depth=source_depth(limit), now=now)
        if filters.active and self._allowed is not None and not self._allowed(filters):
            return self._nothing_to_search(typed, filters, notices, started)
        chosen = [self._sources[n] for n in (sources or self._sources) if n in self._sources]
        unknown = [n for n in (sources or ()) if n not in self._sources]
        if not chosen:
            raise QueryExecutionError(
                f"no such search source: {', '.join(unknown) or '(none)'}; "
                f"choose from {', '.join(self._sources)}"
            )

        hits, stats, warnings, failed = self._fan_out(chosen, request)
        warnings[:0] = notices
        self._check_superseded(generation)
        if len(failed) == len(chosen):
            reasons = "; ".join(w.message for w in warnings)
            raise QueryExecutionError(
                f"every search source failed ({reasons}); check that the vault is indexed "
                "(`consilience index PATH`) and try again"
            )

        merge_started = time.perf_counter()
        ctx = self._context(request, hits) if self._context else None
        config = self.config
        if token_budget is not None:
            config = replace(config, token_budget=token_budget)
        output = merge(
            hits,
            config=config,
            note_tokens=ctx.note_tokens if ctx else None,
            chunk_vectors=ctx.chunk_vectors if ctx else None,  # type: ignore[arg-type]
            query_entities=ctx.query_entities if ctx else frozenset(),
            now=now,
            limit=limit,
            intent=query_intent(parsed),
            source_trust=self._trust(request, hits),
        )
        merge_ms = (time.perf_counter() - merge_started) * 1000
        contradictions: tuple[object, ...] = ()
        if self._contradictions is not None and output.results:
            try:
                contradictions = self._contradictions([r.note_path for r in output.results])
            except Exception as exc:  # never let the extra lose the answer
                log.warning("contradiction lookup failed: %s", exc)
                warnings.append(
                    SearchWarning(
                        source=None,
                        kind="contradictions_failed",
                        message=f"contradictions could not be looked up: {exc}",
                        impact="contradictions among these results are not shown",
                    )
                )
        if output.low_confidence and output.results:
            warnings.append(
                SearchWarning(
                    source=None,
                    kind="low_confidence",
                    message="no note matches this query well",
                    impact="the results below are the closest there are, not a clear answer",
                )
            )
        self._check_superseded(generation)
        meta = QueryMetadata(
            total_results=output.total_hits,
            deduplicated_results=output.deduplicated_results,
            sources_available=tuple(s.name for s in chosen if s.name not in failed),
            sources_failed=tuple(failed),
            per_source=stats,
            merge_duration_ms=merge_ms,
            total_ms=(time.perf_counter() - started) * 1000,
            contradictions_detected=len(contradictions),
            low_confidence=output.low_confidence,
        )
        return SearchResponse(
            query=typed,
            results=output.results,
            tiers=output.tiers,
            contradictions=contradictions,
            warnings=tuple(warnings),
            query_metadata=meta,
        )

    # -- internals ----------------------------------------------------------------------

    def source_trust(
        self, request: SearchRequest, hits: Mapping[str, Sequence[Hit]]
    ) -> dict[str, float]:
        """What the sources that answered say of their reach for this query (exposed for the
        tuning harness)."""
        return self._trust(request, hits)

    def _trust(self, request: SearchRequest, hits: Mapping[str, Sequence[Hit]]) -> dict[str, float]:
        out: dict[str, float] = {}
        for name in hits:
            trust = getattr(self._sources.get(name), "trust", None)
            if not callable(trust):
                continue
            try:
                value = float(trust(request))
            except Exception as exc:  # a source that cannot say is trusted as usual
                log.warning("source %s could not rate its reach: %s", name, exc)
                continue
            if value == value:  # not NaN
                out[name] = max(0.0, min(1.0, value))
        return out

    def _nothing_to_search(
        self, typed: str, filters: SearchFilters, notices: list[SearchWarning], started: float
    ) -> SearchResponse:
        """The answer when the filters leave no note: empty, saying which filter did it."""
        assert self._allowed is not None
        parts = [
            SearchFilters(folder=filters.folder),
            SearchFilters(tag=filters.tag),
            SearchFilters(since=filters.since, until=filters.until),
        ]
        empty = [f for f in parts if f.active and not self._allowed(f)]
        named = " and no note is ".join(f.describe() for f in empty) or filters.describe()
        warning = SearchWarning(
            source=None,
            kind="filters_match_nothing",
            message=f"no note is {named}" if empty else f"no note is {named} at once",
            impact="the filters leave nothing to search; change or clear them",
        )
        meta = QueryMetadata(
            total_results=0,
            deduplicated_results=0,
            sources_available=self.source_names,
            sources_failed=(),
            per_source={},
            merge_duration_ms=0.0,
            total_ms=(time.perf_counter() - started) * 1000,
            contradictions_detected=0,
            low_confidence=False,
        )
        return SearchResponse(
            query=typed,
            results=(),
            tiers={},
            warnings=(*notices, warning),
            query_metadata=meta,
        )

    def _fan_out(
        self, chosen: Sequence[Source], request: SearchRequest
    ) -> tuple[dict[str, list[Hit]], dict[str, SourceStats], list[SearchWarning], list[str]]:
        started = time.perf_counter()
        futures = {self._pool.submit(_timed, source, request): source.name for source in chosen}
        _done, not_done = cf.wait(futures, timeout=self.timeout_s)
        hits: dict[str, list[Hit]] = {}
        stats: dict[str, SourceStats] = {}
        warnings: list[SearchWarning] = []
        failed: list[str] = []
        for future in futures:
            name = futures[future]
            if future in not_done:
                future.cancel()
                failed.append(name)
                stats[name] = SourceStats(count=0, ms=(time.perf_counter() - started) * 1000)
                warnings.append(
                    SearchWarning(
                        source=name,
                        kind="source_timeout",
                        message=f"the {name} source did not answer within "
                        f"{self.timeout_s * 1000:.0f} ms",
                        impact=SOURCE_IMPACT.get(name, f"results from {name} are missing"),
                    )
                )
                continue
            exc = future.exception()
            if exc is not None:
                failed.append(name)
                stats[name] = SourceStats(count=0, ms=0.0)
                log.warning("source %s failed: %s", name, exc, exc_info=exc)
                warnings.append(
                    SearchWarning(
                        source=name,
                        kind="source_failed",
                        message=f"the {name} source failed: {one_line(exc)}",
                        impact=SOURCE_IMPACT.get(name, f"results from {name} are missing"),
                    )
                )
                continue
            result, ms = future.result()
            valid = [h for h in result if _valid_hit(h, name)]
            if len(valid) < len(result):
                warnings.append(
                    SearchWarning(
                        source=name,
                        kind="source_garbage",
                        message=f"the {name} source returned {len(result) - len(valid)} "
                        "malformed results, which were ignored",
                        impact="some of its results may be missing",
                    )
                )
            hits[name] = valid
            stats[name] = SourceStats(count=len(valid), ms=ms)
        return hits, stats, warnings, failed

    def _next_generation(self) -> int:
        with self._gen_lock:
            self._generation += 1
            return self._generation

    def _check_superseded(self, generation: int | None) -> None:
        if generation is not None and generation != self._generation:
            raise QuerySupersededError("a newer query replaced this one")


def _timed(source: Source, request: SearchRequest) -> tuple[list[Hit], float]:
    started = time.perf_counter()
    result = source.search(request)
    if not isinstance(result, list | tuple):
        raise TypeError(f"returned {type(result).__name__}, not a list of hits")
    return list(result), (time.perf_counter() - started) * 1000


def _valid_hit(hit: object, source: str) -> bool:
    return (
        isinstance(hit, Hit)
        and isinstance(hit.note_path, str)
        and bool(hit.note_path)
        and hit.source == source
        and isinstance(hit.relevance, int | float)
        and hit.relevance == hit.relevance  # not NaN
    )
