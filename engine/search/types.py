"""Frozen data types of search: what sources return (`Hit`), what the merge makes of them
(`MergedResult`, `MergeOutput`) and what a search answers (`SearchResponse`).

Plain data only: no I/O, no heavy imports. Every type that leaves the engine has `to_dict()`
giving JSON-safe values (datetimes as ISO strings, tuples as lists, mappings as dicts) in a
stable key order. Mapping fields are frozen on construction (read-only views over copies), so
an instance cannot be changed after the fact; they are left out of `hash()`.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, fields, is_dataclass
from datetime import datetime
from types import MappingProxyType
from typing import Any, Literal

SourceName = str  # "semantic" | "text" | "graph" (any other name is treated generically)
MatchType = Literal[
    "semantic", "exact_text", "keyword", "graph_exact", "graph_partial", "graph_neighbor"
]
MATCH_TYPES: tuple[str, ...] = (
    "semantic",
    "exact_text",
    "keyword",
    "graph_exact",
    "graph_partial",
    "graph_neighbor",
)  # canonical order of `MergedResult.match_types`
Tier = Literal["high", "medium", "low"]
TIERS: tuple[Tier, ...] = ("high", "medium", "low")


def _empty() -> Mapping[str, Any]:
    return MappingProxyType({})


_SCALARS = frozenset({str, int, float, bool, type(None)})


def freeze(value: Any) -> Any:
    """A read-only copy of a JSON-like value: mappings → MappingProxyType, lists → tuples.

    A MappingProxyType is taken as already frozen (this function makes them): re-freezing
    every hit's metadata on each `dataclasses.replace` was a measurable share of a query.
    """
    if type(value) in _SCALARS or type(value) is MappingProxyType:
        return value
    if isinstance(value, Mapping):
        return MappingProxyType({str(k): freeze(v) for k, v in value.items()})
    if isinstance(value, list | tuple):
        return tuple(freeze(v) for v in value)
    return value


def to_json_value(value: Any) -> Any:
    """The JSON-safe form of a (frozen) value: dicts, lists, ISO datetimes, finite floats."""
    if isinstance(value, datetime):
        return value.isoformat()
    if isinstance(value, Mapping):
        return {str(k): to_json_value(v) for k, v in value.items()}
    if isinstance(value, list | tuple | set | frozenset):
        items = sorted(value, key=repr) if isinstance(value, set | frozenset) else value
        return [to_json_value(v) for v in items]
    if isinstance(value, float):
        return _num(value)
    to_dict = getattr(value, "to_dict", None)
    if callable(to_dict):
        return to_dict()
    if is_dataclass(value) and not isinstance(value, type):
        return {f.name: to_json_value(getattr(value, f.name)) for f in fields(value)}
    return value


def _num(value: float) -> float | None:
    """Scores in JSON: rounded to 6 places so output is stable; NaN/inf become null."""
    return round(value, 6) if math.isfinite(value) else None


def _iso(value: datetime | None) -> str | None:
    return value.isoformat() if value is not None else None


@dataclass(frozen=True)
class Span:
    """A match inside `Excerpt.text`: character offsets, end exclusive."""

    start: int
    end: int

    def to_dict(self) -> dict[str, Any]:
        return {"start": self.start, "end": self.end}


@dataclass(frozen=True)
class Excerpt:
    """A piece of note text a source matched, with the matched spans."""

    source: SourceName
    chunk_id: str | None
    text: str
    spans: tuple[Span, ...] = ()
    heading_path: tuple[str, ...] = ()

    def to_dict(self) -> dict[str, Any]:
        return {
            "source": self.source,
            "chunk_id": self.chunk_id,
            "text": self.text,
            "spans": [s.to_dict() for s in self.spans],
            "heading_path": list(self.heading_path),
        }


@dataclass(frozen=True)
class Relation:
    """A graph relation of a hit's note: `kind` is 'links_to', 'linked_from', 'shares_tag',
    'embeds', ...; `via` names the tag/alias/anchor it goes through, if any."""

    kind: str
    other_path: str
    via: str | None = None
    hops: int = 1

    def to_dict(self) -> dict[str, Any]:
        return {
            "kind": self.kind,
            "other_path": self.other_path,
            "via": self.via,
            "hops": self.hops,
        }


@dataclass(frozen=True, kw_only=True)
class Hit:
    """One result of one source. Construct with keywords.

    `rank` is 1-based within its source and `relevance` is meant to be in [0, 1]; the merge
    re-derives both (ranks from the order the source returned, relevance clamped), so a source
    may leave `rank` at 0.
    """

    source: SourceName
    note_path: str
    match_type: MatchType
    chunk_id: str | None = None
    rank: int = 0
    raw_score: float = 0.0
    relevance: float = 0.0
    excerpt: Excerpt | None = None
    timestamp: datetime | None = None  # the note's modified time
    title: str = ""
    entities: tuple[str, ...] = ()  # graph entities the hit mentions: tags, aliases, note names
    metadata: Mapping[str, Any] = field(default_factory=_empty, hash=False)  # JSON-safe, frozen
    relations: tuple[Relation, ...] = ()  # graph hits only

    def __post_init__(self) -> None:
        object.__setattr__(self, "metadata", freeze(self.metadata))

    def to_dict(self) -> dict[str, Any]:
        return {
            "source": self.source,
            "note_path": self.note_path,
            "chunk_id": self.chunk_id,
            "rank": self.rank,
            "raw_score": _num(self.raw_score),
            "relevance": _num(self.relevance),
            "excerpt": self.excerpt.to_dict() if self.excerpt is not None else None,
            "match_type": self.match_type,
            "timestamp": _iso(self.timestamp),
            "title": self.title,
            "entities": list(self.entities),
            "metadata": to_json_value(self.metadata),
            "relations": [r.to_dict() for r in self.relations],
        }


@dataclass(frozen=True, kw_only=True)
class ScoreBreakdown:
    """How `composite_relevance` came about, for the UI:

    total = (rrf + agreement + exact) × cross_ref × recency × authority
    composite_relevance = min(1, total)

    (for identifier and quoted-phrase queries `total` is then placed by `exact_first`).

    Additive parts are 0 and multipliers 1 when their boost is switched off or does not apply.
    """

    rrf: float  # RRF normalised by the best RRF achievable with the sources that answered
    rrf_raw: float  # Σ weight / (k + rank) before normalising
    agreement: float  # + per source beyond the first
    exact: float  # + when an exact match type was found
    cross_ref: float  # × when the note mentions an entity of the query
    recency: float  # × by how recently the note was modified
    authority: float  # × by the most authoritative source that found the note
    total: float  # the product above, unclamped: results are ordered by it
    # Identifier and quoted-phrase queries (`fusion.exact_first_total`): True when the note
    # holds the exact string(s) and `total` was lifted into the high tier, False when it was
    # kept below it; None for other queries.
    exact_first: bool | None = None
    # The place the meaning source's sureness kept the note in (`ranking.keep_sure_places`):
    # its total was raised to that of the result it passed; None for every other note.
    kept_place: int | None = None
    # The words source's score was cut to its coverage: a passage holding little of the
    # query's word weight, for a note the meaning source puts far below its best
    # (`MergeConfig.words_corroboration_gap`).
    words_unbacked: bool = False

    def to_dict(self) -> dict[str, float | bool | None]:
        return {
            "rrf": _num(self.rrf),
            "rrf_raw": _num(self.rrf_raw),
            "agreement": _num(self.agreement),
            "exact": _num(self.exact),
            "cross_ref": _num(self.cross_ref),
            "recency": _num(self.recency),
            "authority": _num(self.authority),
            "total": _num(self.total),
            "exact_first": self.exact_first,
            "kept_place": self.kept_place,
            "words_unbacked": self.words_unbacked,
        }


@dataclass(frozen=True, kw_only=True)
class MergedResult:
    """One note in the merged answer, with what every source said about it."""

    note_path: str
    title: str
    sources: tuple[SourceName, ...]  # canonical source order (MergeConfig.source_order)
    primary_source: SourceName  # highest relevance; ties by authority, then name
    match_types: tuple[str, ...]  # canonical order (MATCH_TYPES)
    excerpts: tuple[Excerpt, ...]  # every unique one, grouped by source in source order
    relevance_score: float  # max clamped relevance over the hits
    rrf_score: float  # raw RRF, Σ weight / (k + rank)
    composite_relevance: float  # in [0, 1]; see ScoreBreakdown
    tier: Tier
    cross_validated: bool  # found by ≥ 2 sources, or merged with a near-duplicate
    cross_referenced: bool  # a hit's entities intersect the query's entities
    graph_relations: tuple[Relation, ...]
    duplicates: tuple[str, ...]  # paths of near-duplicate notes merged into this one
    metadata: Mapping[str, Any] = field(hash=False)  # merged; `source_<name>_<key>` on conflict
    timestamp: datetime | None
    score_breakdown: ScoreBreakdown
    source_ranks: Mapping[SourceName, int] = field(hash=False)  # note rank within each source
    entities: tuple[str, ...] = ()  # union of the hits' entities (duplicates' included)
    best_chunk_id: str | None = None  # chunk of the most relevant hit (used for MMR)
    why: tuple[str, ...] = ()  # why it ranks here, a phrase per source (`engine.search.why`)

    def __post_init__(self) -> None:
        object.__setattr__(self, "metadata", freeze(self.metadata))
        object.__setattr__(self, "source_ranks", freeze(self.source_ranks))

    def excerpts_by_source(self) -> dict[SourceName, tuple[Excerpt, ...]]:
        """Excerpts grouped per source (the UI shows them side by side), in source order."""
        out: dict[SourceName, list[Excerpt]] = {}
        for excerpt in self.excerpts:
            out.setdefault(excerpt.source, []).append(excerpt)
        return {name: tuple(items) for name, items in out.items()}

    def to_dict(self) -> dict[str, Any]:
        return {
            "note_path": self.note_path,
            "title": self.title,
            "sources": list(self.sources),
            "primary_source": self.primary_source,
            "match_types": list(self.match_types),
            "excerpts": [e.to_dict() for e in self.excerpts],
            "relevance_score": _num(self.relevance_score),
            "rrf_score": _num(self.rrf_score),
            "composite_relevance": _num(self.composite_relevance),
            "tier": self.tier,
            "cross_validated": self.cross_validated,
            "cross_referenced": self.cross_referenced,
            "graph_relations": [r.to_dict() for r in self.graph_relations],
            "duplicates": list(self.duplicates),
            "metadata": to_json_value(self.metadata),
            "timestamp": _iso(self.timestamp),
            "score_breakdown": self.score_breakdown.to_dict(),
            "source_ranks": dict(self.source_ranks),
            "entities": list(self.entities),
            "best_chunk_id": self.best_chunk_id,
            "why": list(self.why),
        }


@dataclass(frozen=True)
class SearchWarning:
    """A problem the user should know about: a failed or slow source, low confidence, ...
    `impact` says what it means for the results."""

    source: SourceName | None
    kind: str  # e.g. "source_failed", "source_timeout", "low_confidence"
    message: str
    impact: str

    def to_dict(self) -> dict[str, Any]:
        return {
            "source": self.source,
            "kind": self.kind,
            "message": self.message,
            "impact": self.impact,
        }


@dataclass(frozen=True)
class SourceStats:
    """How one source did for one query."""

    count: int
    ms: float

    def to_dict(self) -> dict[str, Any]:
        return {"count": self.count, "ms": _num(self.ms)}


@dataclass(frozen=True, kw_only=True)
class QueryMetadata:
    total_results: int  # hits received from all sources
    deduplicated_results: int  # notes left after dedup by path and near-duplicate merge
    sources_available: tuple[SourceName, ...]
    sources_failed: tuple[SourceName, ...]
    per_source: Mapping[SourceName, SourceStats] = field(default_factory=_empty, hash=False)
    merge_duration_ms: float = 0.0
    total_ms: float = 0.0
    contradictions_detected: int = 0
    low_confidence: bool = False

    def __post_init__(self) -> None:
        object.__setattr__(self, "per_source", MappingProxyType(dict(self.per_source)))

    def to_dict(self) -> dict[str, Any]:
        return {
            "total_results": self.total_results,
            "deduplicated_results": self.deduplicated_results,
            "sources_available": list(self.sources_available),
            "sources_failed": list(self.sources_failed),
            "per_source": {name: s.to_dict() for name, s in self.per_source.items()},
            "merge_duration_ms": _num(self.merge_duration_ms),
            "total_ms": _num(self.total_ms),
            "contradictions_detected": self.contradictions_detected,
            "low_confidence": self.low_confidence,
        }


@dataclass(frozen=True, kw_only=True)
class SearchResponse:
    """What one search answers; `to_dict()` is the documented `search --json` output."""

    query: str
    results: tuple[MergedResult, ...]
    tiers: Mapping[Tier, tuple[str, ...]] = field(hash=False)  # tier → paths, in result order
    contradictions: tuple[Any, ...] = ()  # filled by the contradiction layer
    warnings: tuple[SearchWarning, ...] = ()
    query_metadata: QueryMetadata

    def __post_init__(self) -> None:
        object.__setattr__(self, "tiers", freeze(self.tiers))

    def to_dict(self) -> dict[str, Any]:
        return {
            "query": self.query,
            "results": [r.to_dict() for r in self.results],
            "tiers": {t: list(self.tiers.get(t, ())) for t in TIERS},
            "contradictions": [to_json_value(c) for c in self.contradictions],
            "warnings": [w.to_dict() for w in self.warnings],
            "query_metadata": self.query_metadata.to_dict(),
        }


@dataclass(frozen=True, kw_only=True)
class MergeOutput:
    """What `engine.search.merge.merge` returns; the search service wraps it in a
    `SearchResponse`."""

    results: tuple[MergedResult, ...]  # after MMR, token budget and limit
    ranked: Sequence[MergedResult]  # every merged note in fused order (before MMR/budget),
    # assembled on first read (see ranking.LazyRanking)
    tiers: Mapping[Tier, tuple[str, ...]] = field(hash=False)  # over `results`
    low_confidence: bool
    best_composite: float  # composite of the top fused result (0.0 when there is none)
    total_hits: int  # hits received, including dropped ones
    dropped_hits: int  # hits without a note path
    unique_notes: int  # notes after dedup by path
    deduplicated_results: int  # notes after near-duplicate merge
    tokens_used: int  # estimated excerpt tokens of `results`

    def __post_init__(self) -> None:
        object.__setattr__(self, "tiers", freeze(self.tiers))

    def to_dict(self) -> dict[str, Any]:
        return {
            "results": [r.to_dict() for r in self.results],
            "tiers": {t: list(self.tiers.get(t, ())) for t in TIERS},
            "low_confidence": self.low_confidence,
            "best_composite": _num(self.best_composite),
            "total_hits": self.total_hits,
            "dropped_hits": self.dropped_hits,
            "unique_notes": self.unique_notes,
            "deduplicated_results": self.deduplicated_results,
            "tokens_used": self.tokens_used,
        }
