"""The composite score of one note, written from its definition (`ScoreBreakdown`):

    total = (fused + agreement + exact) × cross_ref × recency × authority

Sums run over sources in canonical order, as the definition fixes, so the result is the
production one to the last bit.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from datetime import UTC, datetime
from typing import Any

from engine.search.config import MergeConfig
from engine.search.dedup import NoteGroup, primary_source
from engine.search.types import MATCH_TYPES, ScoreBreakdown


def _utc(t: datetime) -> datetime:
    return t.replace(tzinfo=UTC) if t.tzinfo is None else t


def composite(
    *,
    source_ranks: Mapping[str, int],
    source_scores: Mapping[str, float] | None,
    direct: Iterable[str],
    match_types: Iterable[str],
    cross_referenced: bool,
    timestamp: datetime | None,
    answered: Iterable[str],
    now: datetime,
    config: MergeConfig,
) -> ScoreBreakdown:
    ranked = config.ordered_sources(source_ranks)
    answered_sources = config.ordered_sources(answered)
    direct_sources = config.ordered_sources(direct)
    raw = sum(config.rrf_weight(s) / (config.rrf_k + source_ranks[s]) for s in ranked)
    if config.fusion == "convex" and source_scores is not None:
        weights = sum(config.rrf_weight(s) for s in answered_sources)
        fused = sum(config.rrf_weight(s) * source_scores.get(s, 0.0) for s in ranked)
        rrf = fused / weights if weights > 0 else 0.0
    else:
        best = sum(config.rrf_weight(s) / (config.rrf_k + 1) for s in answered_sources)
        rrf = raw / best if best > 0 else 0.0
    agreement = 0.0
    if config.use_agreement_boost:
        agreement = config.agreement_boost * max(0, len(direct_sources) - 1)
    exact = 0.0
    if config.use_exact_boost and set(match_types) & set(config.exact_match_types):
        exact = config.exact_boost
    cross_ref = 1.0
    if config.use_cross_reference and cross_referenced:
        cross_ref = config.cross_reference_multiplier
    recency = 1.0
    if config.use_recency and timestamp is not None:
        age_days = max(0.0, (_utc(now) - _utc(timestamp)).total_seconds() / 86_400.0)
        recency = 1.0 + config.recency_max_boost * 0.5 ** (age_days / config.recency_half_life_days)
    authority = 1.0
    if config.use_authority and direct_sources:
        authority = max(config.authority(s) for s in direct_sources)
    return ScoreBreakdown(
        rrf=rrf,
        rrf_raw=raw,
        agreement=agreement,
        exact=exact,
        cross_ref=cross_ref,
        recency=recency,
        authority=authority,
        total=(rrf + agreement + exact) * cross_ref * recency * authority,
    )


def score_note(
    group: NoteGroup,
    *,
    answered: Iterable[str],
    query_entities: Iterable[str],
    now: datetime,
    config: MergeConfig,
    ranges: Mapping[str, tuple[float, float]] | None,
) -> dict[str, Any]:
    """What a note's hits (its own and its near-duplicates') say, and its composite."""
    every = group.all_hits
    entities = tuple(dict.fromkeys(e for h in every for e in h.entities))
    wanted = {e.casefold().strip() for e in query_entities}
    cross = any(e.casefold().strip() in wanted for e in entities)
    order = {t: i for i, t in enumerate(MATCH_TYPES)}
    match_types = tuple(sorted({h.match_type for h in every}, key=lambda t: (order.get(t, 99), t)))
    stamps = [h.timestamp for h in group.hits if h.timestamp is not None]
    source_scores = None
    if ranges is not None:  # each source's best relevance (from 0), min-max normalised
        best: dict[str, float] = {}
        for h in every:
            best[h.source] = max(best.get(h.source, 0.0), h.relevance)
        source_scores = {}
        for s, v in best.items():
            low, high = ranges.get(s, (None, None))
            if low is None or high is None:
                source_scores[s] = v
            elif high <= low:
                source_scores[s] = 1.0
            else:
                source_scores[s] = max(0.0, min(1.0, (v - low) / (high - low)))
    breakdown = composite(
        source_ranks=group.source_ranks,
        source_scores=source_scores,
        direct=[h.source for h in every if h.match_type not in config.indirect_match_types],
        match_types=match_types,
        cross_referenced=cross,
        timestamp=max(stamps, key=_utc) if stamps else None,
        answered=answered,
        now=now,
        config=config,
    )
    return {
        "primary": primary_source(every, config=config),
        "sources": config.ordered_sources(h.source for h in every),
        "match_types": match_types,
        "entities": entities,
        "cross_referenced": cross,
        "breakdown": breakdown,
    }
