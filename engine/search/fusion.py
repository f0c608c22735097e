"""Fusion and composite scoring (pipeline steps 4–6 and 8).

Seeds: hybrid-tri-search-rrf-mmr ("Reciprocal Rank Fusion", `1 / (60 + rank)`; "TRM fallback"
for low confidence), merge-results-contradictions ("calculate_composite_relevance": +0.1 per
extra source, +0.1 for exact text; "categorize_by_relevance" for tiers) and
merge-two-memory-sources / merge-graph-only ("cross-system boosting" ×1.2, "recency: decay over
30 days", "source authority").

Pure, numpy-free arithmetic. Sums run in canonical source order, so the floating-point result
does not depend on the order sources were given in.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from functools import lru_cache
from pathlib import PurePosixPath
from typing import overload

from engine.search.config import MergeConfig
from engine.search.dedup import NoteGroup, merge_metadata, unique_excerpts
from engine.search.types import (
    MATCH_TYPES,
    Excerpt,
    Hit,
    MergedResult,
    Relation,
    ScoreBreakdown,
    Tier,
)

_SECONDS_PER_DAY = 86_400.0
MIN_HITS_FOR_MIN_MAX = 10  # below this many hits, a source's scores are normalised against 0


def rrf_score(source_ranks: Mapping[str, int], *, config: MergeConfig) -> float:
    """Weighted reciprocal rank fusion: Σ_source weight / (k + rank), ranks 1-based."""
    return sum(
        config.rrf_weight(s) / (config.rrf_k + source_ranks[s])
        for s in config.ordered_sources(source_ranks)
    )


def max_rrf(sources: Iterable[str], *, config: MergeConfig) -> float:
    """The best RRF a note can reach when `sources` answered: rank 1 in each of them."""
    return sum(config.rrf_weight(s) / (config.rrf_k + 1) for s in config.ordered_sources(sources))


def _utc(value: datetime) -> datetime:
    return value.replace(tzinfo=UTC) if value.tzinfo is None else value


def recency_factor(timestamp: datetime | None, *, now: datetime, config: MergeConfig) -> float:
    """1 + recency_max_boost × 0.5^(age_days / half_life); 1.0 for undated notes or when the
    boost is off. Future timestamps count as age 0; naive datetimes are taken as UTC."""
    if not config.use_recency or timestamp is None:
        return 1.0
    age_days = max(0.0, (_utc(now) - _utc(timestamp)).total_seconds() / _SECONDS_PER_DAY)
    return 1.0 + config.recency_max_boost * math.pow(0.5, age_days / config.recency_half_life_days)


def is_cross_referenced(entities: Iterable[str], query_entities: Iterable[str]) -> bool:
    """True when the note mentions an entity of the query (case-insensitive)."""
    wanted = _folded(
        query_entities if isinstance(query_entities, frozenset) else frozenset(query_entities)
    )
    return bool(wanted) and any(e.casefold().strip() in wanted for e in entities)


@lru_cache(maxsize=64)  # one query's entities, asked once per note
def _folded(entities: frozenset[str]) -> frozenset[str]:
    return frozenset(e.casefold().strip() for e in entities)


def score_breakdown(
    *,
    source_ranks: Mapping[str, int],
    match_types: Iterable[str],
    cross_referenced: bool,
    timestamp: datetime | None,
    answered_sources: Iterable[str],
    now: datetime,
    config: MergeConfig,
    source_scores: Mapping[str, float] | None = None,
    direct_sources: Iterable[str] | None = None,
) -> ScoreBreakdown:
    """Step 5: the composite of one note, piece by piece (see ScoreBreakdown).

    The RRF part is normalised by `max_rrf(answered_sources)` so it lies in (0, 1]: a note at
    rank 1 in every source that answered scores 1. `answered_sources` should be the sources
    that ran (also those with no hits), not the ones that failed.
    """
    direct = config.ordered_sources(source_ranks if direct_sources is None else direct_sources)
    raw = rrf_score(source_ranks, config=config)
    answered = tuple(answered_sources)
    if config.fusion == "convex" and source_scores is not None:
        # Convex fusion: Σ weight × (min-max normalised relevance in that source), divided by
        # the weights of the sources that answered, so it also lies in [0, 1].
        total_w = sum(config.rrf_weight(s) for s in config.ordered_sources(answered))
        fused = sum(
            config.rrf_weight(s) * source_scores.get(s, 0.0)
            for s in config.ordered_sources(source_ranks)
        )
        rrf = fused / total_w if total_w > 0 else 0.0
    else:
        ceiling = max_rrf(answered, config=config)
        rrf = raw / ceiling if ceiling > 0 else 0.0
    return _with_boosts(
        rrf=rrf,
        raw=raw,
        direct=direct,
        match_types=match_types,
        cross_referenced=cross_referenced,
        timestamp=timestamp,
        now=now,
        config=config,
    )


def _with_boosts(
    *,
    rrf: float,
    raw: float,
    direct: Sequence[str],
    match_types: Iterable[str],
    cross_referenced: bool,
    timestamp: datetime | None,
    now: datetime,
    config: MergeConfig,
) -> ScoreBreakdown:
    """The composite from the fused part: agreement and exact boosts added, cross-reference,
    recency and authority multiplied (shared by `score_breakdown` and `GroupScorer`)."""
    agreement = (
        config.agreement_boost * max(0, len(direct) - 1) if config.use_agreement_boost else 0.0
    )
    exact = (
        config.exact_boost
        if config.use_exact_boost and any(m in config.exact_match_types for m in match_types)
        else 0.0
    )
    cross_ref = (
        config.cross_reference_multiplier
        if config.use_cross_reference and cross_referenced
        else 1.0
    )
    recency = recency_factor(timestamp, now=now, config=config)
    authority = (
        max((config.authority(s) for s in direct), default=1.0) if config.use_authority else 1.0
    )
    total = (rrf + agreement + exact) * cross_ref * recency * authority
    return ScoreBreakdown(
        rrf=rrf,
        rrf_raw=raw,
        agreement=agreement,
        exact=exact,
        cross_ref=cross_ref,
        recency=recency,
        authority=authority,
        total=total,
    )


def _min_max(value: float, bounds: tuple[float, float] | None) -> float:
    if bounds is None:
        return value
    low, high = bounds
    return 1.0 if high <= low else max(0.0, min(1.0, (value - low) / (high - low)))


def source_ranges_of(hits_by_source: Mapping[str, Sequence[Hit]]) -> dict[str, tuple[float, float]]:
    """Per source, the (low, high) relevance it returned: the convex fusion's normaliser.

    Short lists are not stretched: with fewer than `MIN_HITS_FOR_MIN_MAX` hits the low end
    is 0, so the second of two good matches is not scored as if it were the worst.
    """
    out: dict[str, tuple[float, float]] = {}
    for s, hits in hits_by_source.items():
        if not hits:
            continue
        high = max(h.relevance for h in hits)
        low = min(h.relevance for h in hits) if len(hits) >= MIN_HITS_FOR_MIN_MAX else 0.0
        out[s] = (low, high)
    return out


def assign_tier(composite: float, *, config: MergeConfig) -> Tier:
    """Step 6: "high" / "medium" / "low" by composite relevance."""
    if composite >= config.tier_high:
        return "high"
    if composite >= config.tier_medium:
        return "medium"
    return "low"


_MATCH_TYPE_ORDER = {t: i for i, t in enumerate(MATCH_TYPES)}


def _ordered_match_types(types: Iterable[str]) -> tuple[str, ...]:
    known = _MATCH_TYPE_ORDER
    return tuple(sorted(set(types), key=lambda t: (known.get(t, len(known)), t)))


@dataclass(frozen=True)
class ScoredGroup:
    """One note's score (steps 2 and 5) before its result is assembled (step 6)."""

    group: NoteGroup
    primary: str
    sources: tuple[str, ...]
    match_types: tuple[str, ...]
    entities: tuple[str, ...]
    cross_referenced: bool
    timestamp: datetime | None
    breakdown: ScoreBreakdown

    @property
    def rank_key(self) -> tuple[float, str]:
        """Same order as `rank_key` of the assembled result."""
        return (-self.breakdown.total, self.group.note_path)


def score_group(
    group: NoteGroup,
    *,
    answered_sources: Iterable[str],
    query_entities: Iterable[str],
    now: datetime,
    config: MergeConfig,
    source_ranges: Mapping[str, tuple[float, float]] | None = None,
) -> ScoredGroup:
    """Steps 2 and 5 for one note: what its hits say, and its composite score."""
    return GroupScorer(
        answered_sources=answered_sources,
        query_entities=query_entities,
        now=now,
        config=config,
        source_ranges=source_ranges,
    ).score(group)


class GroupScorer:
    """`score_group` for many notes of one query: what is the same for every note (the
    sources that answered, their RRF ceiling and weight sum, the folded query entities) is
    worked out once. Same arithmetic in the same order as `score_breakdown`, so the scores
    are identical to the last bit (tested)."""

    def __init__(
        self,
        *,
        answered_sources: Iterable[str],
        query_entities: Iterable[str],
        now: datetime,
        config: MergeConfig,
        source_ranges: Mapping[str, tuple[float, float]] | None = None,
    ) -> None:
        self._config = config
        answered = tuple(answered_sources)
        entities = (
            query_entities if isinstance(query_entities, frozenset) else frozenset(query_entities)
        )
        self._wanted = _folded(entities) or None  # None: no query entity to look for
        self._now = now
        # convex fusion's per-source (low, high); None: RRF
        self._ranges = source_ranges if config.fusion == "convex" else None
        self._total_w = sum(config.rrf_weight(s) for s in config.ordered_sources(answered))
        self._ceiling = max_rrf(answered, config=config)
        self._indirect = frozenset(config.indirect_match_types)

    def score(self, group: NoteGroup) -> ScoredGroup:
        config = self._config
        own, every = group.hits, group.all_hits
        indirect = self._indirect
        if len(own) == 1 and not group.duplicate_hits:  # most notes: one hit, one source
            (only,) = own
            primary = only.source
            sources: tuple[str, ...] = (primary,)
            match_types = _match_types_of(frozenset((only.match_type,)))
            entities = tuple(dict.fromkeys(only.entities))
            timestamp = only.timestamp
            direct: tuple[str, ...] = () if only.match_type in indirect else sources
        else:
            best: dict[str, float] = {}  # as in `primary_source`
            for h in every:
                best[h.source] = max(h.relevance, best.get(h.source, h.relevance))
            primary = min(best, key=lambda s: (-best[s], -config.authority(s), s))
            sources = config.ordered_sources(best)
            match_types = _match_types_of(frozenset(h.match_type for h in every))
            entities = tuple(dict.fromkeys(e for h in every for e in h.entities))
            stamps = [h.timestamp for h in own if h.timestamp is not None]
            timestamp = max(stamps, key=_utc) if stamps else None
            direct = config.ordered_sources(h.source for h in every if h.match_type not in indirect)
        wanted = self._wanted
        cross_referenced = wanted is not None and any(
            e.casefold().strip() in wanted for e in entities
        )
        ranks = group.source_ranks
        ranked_sources = config.ordered_sources(ranks)
        rrf_k = config.rrf_k
        weight = config.rrf_weight
        raw = sum(weight(s) / (rrf_k + ranks[s]) for s in ranked_sources)
        ranges = self._ranges
        if ranges is not None:
            floor: dict[str, float] = {}  # each source's best relevance, counted from 0
            for h in every:
                floor[h.source] = max(floor.get(h.source, 0.0), h.relevance)
            scores = {s: _min_max(v, ranges.get(s)) for s, v in floor.items()}
            total_w = self._total_w
            fused = sum(weight(s) * scores.get(s, 0.0) for s in ranked_sources)
            rrf = fused / total_w if total_w > 0 else 0.0
        else:
            ceiling = self._ceiling
            rrf = raw / ceiling if ceiling > 0 else 0.0
        breakdown = _with_boosts(
            rrf=rrf,
            raw=raw,
            direct=direct,
            match_types=match_types,
            cross_referenced=cross_referenced,
            timestamp=timestamp,
            now=self._now,
            config=config,
        )
        return ScoredGroup(
            group=group,
            primary=primary,
            sources=sources,
            match_types=match_types,
            entities=entities,
            cross_referenced=cross_referenced,
            timestamp=timestamp,
            breakdown=breakdown,
        )


@lru_cache(maxsize=256)  # a handful of match-type sets, asked once per note
def _match_types_of(types: frozenset[str]) -> tuple[str, ...]:
    return _ordered_match_types(types)


def assemble_result(scored: ScoredGroup, *, config: MergeConfig) -> MergedResult:
    """Step 6 for one scored note: its tier, title, excerpts, metadata and relations."""
    group, primary, breakdown = scored.group, scored.primary, scored.breakdown
    own = group.hits
    composite = max(0.0, min(1.0, breakdown.total))
    titled = sorted(
        (h for h in own if h.title),
        key=lambda h: (h.source != primary, config.source_sort_key(h.source), h.rank),
    )
    best_chunk = _best_chunk_id(own, config=config)
    relations: tuple[Relation, ...] = tuple(dict.fromkeys(r for h in own for r in h.relations))
    return MergedResult(
        note_path=group.note_path,
        title=titled[0].title if titled else PurePosixPath(group.note_path).stem,
        sources=scored.sources,
        primary_source=primary,
        match_types=scored.match_types,
        excerpts=unique_excerpts(own),
        relevance_score=max(h.relevance for h in group.all_hits),
        rrf_score=breakdown.rrf_raw,
        composite_relevance=composite,
        tier=assign_tier(composite, config=config),
        cross_validated=len(scored.sources) >= 2 or bool(group.duplicates),
        cross_referenced=scored.cross_referenced,
        graph_relations=relations,
        duplicates=group.duplicates,
        metadata=merge_metadata(own, config=config),
        timestamp=scored.timestamp,
        score_breakdown=breakdown,
        source_ranks={s: group.source_ranks[s] for s in config.ordered_sources(group.source_ranks)},
        entities=scored.entities,
        best_chunk_id=best_chunk,
    )


def _best_chunk_id(own: Sequence[Hit], *, config: MergeConfig) -> str | None:
    """The chunk of the note's most relevant hit (ties: the more authoritative source)."""
    chunked = [h for h in own if h.chunk_id is not None]
    best = min(
        chunked,
        key=lambda h: (-h.relevance, -config.authority(h.source), h.source, h.rank),
        default=None,
    )
    return best.chunk_id if best is not None else None


@dataclass(frozen=True)
class ResultPreview:
    """What diversity selection reads of a ranked result, without assembling it: its path,
    unclamped composite, excerpts and best chunk (as on the `MergedResult`)."""

    note_path: str
    total: float
    excerpts: tuple[Excerpt, ...]
    best_chunk_id: str | None

    @classmethod
    def of(cls, result: MergedResult) -> ResultPreview:
        return cls(
            note_path=result.note_path,
            total=result.score_breakdown.total,
            excerpts=result.excerpts,
            best_chunk_id=result.best_chunk_id,
        )


def build_result(
    group: NoteGroup,
    *,
    answered_sources: Iterable[str],
    query_entities: Iterable[str],
    now: datetime,
    config: MergeConfig,
    source_ranges: Mapping[str, tuple[float, float]] | None = None,
) -> MergedResult:
    """Steps 2, 5 and 6 for one note: summarise its hits, score it, give it a tier.

    Sources, match types, relevance and entities count the near-duplicates' hits too; title,
    excerpts, metadata, timestamp and graph relations are the note's own.
    """
    scored = score_group(
        group,
        answered_sources=answered_sources,
        query_entities=query_entities,
        now=now,
        config=config,
        source_ranges=source_ranges,
    )
    return assemble_result(scored, config=config)


class LazyRanking(Sequence[MergedResult]):
    """The fused ranking, each result assembled the first time it is read.

    A query ranks every note the sources found (often 100+) but answers with 20; the score
    decides the order, so the rest need never be assembled. Reads like a tuple.
    """

    def __init__(self, scored: Iterable[ScoredGroup], *, config: MergeConfig) -> None:
        self._scored = sorted(scored, key=lambda s: s.rank_key)
        self._built: list[MergedResult | None] = [None] * len(self._scored)
        self._config = config

    def __len__(self) -> int:
        return len(self._scored)

    @overload
    def __getitem__(self, index: int) -> MergedResult: ...

    @overload
    def __getitem__(self, index: slice) -> tuple[MergedResult, ...]: ...

    def __getitem__(self, index: int | slice) -> MergedResult | tuple[MergedResult, ...]:
        if isinstance(index, slice):
            return tuple(self[i] for i in range(*index.indices(len(self))))
        if index < 0:
            index += len(self)
        if not 0 <= index < len(self):
            raise IndexError("ranking index out of range")
        built = self._built[index]
        if built is None:
            built = assemble_result(self._scored[index], config=self._config)
            self._built[index] = built
        return built

    def excerpts_at(self, index: int) -> tuple[Excerpt, ...]:
        """The excerpts of the result at `index` (as `self[index].excerpts`), without
        assembling it: the token budget walks far more results than it keeps."""
        built = self._built[index]
        if built is not None:
            return built.excerpts
        return unique_excerpts(self._scored[index].group.hits)

    def preview_at(self, index: int) -> ResultPreview:
        """What `ResultPreview.of(self[index])` gives, without assembling the result: MMR
        weighs a pool of 40 to keep 20."""
        built = self._built[index]
        if built is not None:
            return ResultPreview.of(built)
        scored = self._scored[index]
        own = scored.group.hits
        return ResultPreview(
            note_path=scored.group.note_path,
            total=scored.breakdown.total,
            excerpts=unique_excerpts(own),
            best_chunk_id=_best_chunk_id(own, config=self._config),
        )

    def __eq__(self, other: object) -> bool:
        if isinstance(other, LazyRanking | tuple | list):
            return tuple(self) == tuple(other)
        return NotImplemented

    def __hash__(self) -> int:
        return hash(tuple(self))

    def __repr__(self) -> str:
        return f"LazyRanking({len(self)} results)"


def rank_key(result: MergedResult) -> tuple[float, str]:
    """Sort key of the fused ranking: unclamped composite descending, then path ascending.

    The unclamped total keeps notes whose composite is clamped at 1.0 in their real order.
    """
    return (-result.score_breakdown.total, result.note_path)


def rank_results(results: Iterable[MergedResult]) -> tuple[MergedResult, ...]:
    """The fused ranking."""
    return tuple(sorted(results, key=rank_key))


def tiers_of(results: Sequence[MergedResult]) -> dict[Tier, tuple[str, ...]]:
    """Tier → paths, in result order; every tier present (possibly empty)."""
    return {
        tier: tuple(r.note_path for r in results if r.tier == tier)
        for tier in ("high", "medium", "low")
    }


def is_low_confidence(ranked: Sequence[MergedResult], *, config: MergeConfig) -> bool:
    """Step 8: True when there is no result or the best composite is below the threshold."""
    return not ranked or ranked[0].composite_relevance < config.low_confidence_threshold
