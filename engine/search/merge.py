"""The merge pipeline: what the sources found → one ranked, de-duplicated, attributed list.

    normalise → group by note → near-duplicate merge → fusion → composite → tiers
    → relevance floor → MMR within a token budget and limit (shown in score order)
    → low-confidence flag (does any note answer the query?)

Every step is a pure function over frozen dataclasses (see `dedup`, `fusion`, `mmr`); `merge`
composes them. No I/O, no sources, no clock: the caller passes `now`. Ties always break by
score descending, then note path ascending, and sources are always walked in
`MergeConfig.source_order`, so the same hits give the same answer whatever order the sources
came back in.
"""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Mapping, Sequence
from datetime import datetime

from engine.search.config import MergeConfig
from engine.search.dedup import (
    NoteGroup,
    containment,
    group_by_note,
    is_near_duplicate,
    jaccard,
    merge_metadata,
    merge_near_duplicates,
    normalise_tokens,
    primary_source,
    unique_excerpts,
)
from engine.search.fusion import (
    GroupScorer,
    assign_tier,
    is_cross_referenced,
    max_rrf,
    recency_factor,
    rrf_score,
    score_breakdown,
    source_ranges_of,
)
from engine.search.mmr import Vector, estimate_tokens, select_results, similarity
from engine.search.ranking import (
    LazyRanking,
    answers_query,
    build_result,
    floor_cut,
    is_low_confidence,
    keep_sure_places,
    rank_key,
    rank_results,
    sure_meaning_paths,
    tiers_of,
)
from engine.search.types import Hit, MergeOutput
from engine.search.why import query_evidence

__all__ = [
    "NoteGroup",
    "assign_tier",
    "build_result",
    "containment",
    "estimate_tokens",
    "group_by_note",
    "is_cross_referenced",
    "is_low_confidence",
    "is_near_duplicate",
    "jaccard",
    "max_rrf",
    "merge",
    "merge_metadata",
    "merge_near_duplicates",
    "normalise_hits",
    "normalise_tokens",
    "primary_source",
    "rank_key",
    "rank_results",
    "recency_factor",
    "rrf_score",
    "score_breakdown",
    "select_results",
    "similarity",
    "tiers_of",
    "unique_excerpts",
]


def _clamp01(value: float) -> float:
    return 0.0 if math.isnan(value) else max(0.0, min(1.0, value))


def normalise_hits(
    hits_by_source: Mapping[str, Sequence[Hit]], *, config: MergeConfig
) -> dict[str, tuple[Hit, ...]]:
    """Step 1 (seeds: "Result Normalization"): per source, in canonical source order.

    Drops hits without a note path; sets each hit's `source` (and its excerpt's) to the
    mapping key; ranks 1..n in the order the source returned them; clamps relevance to
    [0, 1] (NaN → 0). Sources with no hits stay, with an empty tuple.
    """
    out: dict[str, tuple[Hit, ...]] = {}
    for source in config.ordered_sources(hits_by_source):
        kept = [h for h in hits_by_source[source] if h.note_path and h.note_path.strip()]
        out[source] = tuple(
            hit
            if _already_normal(hit, source, rank)  # the usual case: no copy
            else dataclasses.replace(
                hit,
                source=source,
                rank=rank,
                relevance=_clamp01(hit.relevance),
                excerpt=(
                    dataclasses.replace(hit.excerpt, source=source)
                    if hit.excerpt is not None and hit.excerpt.source != source
                    else hit.excerpt
                ),
            )
            for rank, hit in enumerate(kept, start=1)
        )
    return out


def _already_normal(hit: Hit, source: str, rank: int) -> bool:
    return (
        hit.source == source
        and hit.rank == rank
        and 0.0 <= hit.relevance <= 1.0  # False for NaN
        and (hit.excerpt is None or hit.excerpt.source == source)
    )


def merge(
    hits_by_source: Mapping[str, Sequence[Hit]],
    *,
    config: MergeConfig,
    note_tokens: Mapping[str, frozenset[str]] | None = None,
    chunk_vectors: Mapping[str, Vector] | None = None,
    query_entities: frozenset[str] = frozenset(),
    now: datetime,
    limit: int,
    intent: str | None = None,
    source_trust: Mapping[str, float] | None = None,
) -> MergeOutput:
    """Merge what the sources found.

    `hits_by_source` holds the sources that answered (an empty list for "ran, found
    nothing"); leave failed sources out, so an outage does not lower every score (the
    caller reports it as a warning). `note_tokens` (path → `normalise_tokens` of the note
    body) enables the near-duplicate merge and MMR's fallback similarity; `chunk_vectors`
    (chunk id → embedding) gives MMR its cosine; `query_entities` are graph entities named
    in the query (tags, titles, aliases) for the cross-reference boost. `intent` (see
    `engine.search.query.query_intent`) picks the sources' weights, and "exact" puts the
    notes holding the query's exact strings first. `source_trust` (source -> [0, 1], what
    a source says of its own reach for this query) scales the sources' weights.
    """
    config = config.for_intent(intent).trusting(source_trust or {})
    normalised = normalise_hits(hits_by_source, config=config)
    answered = tuple(normalised)
    groups = sorted(
        group_by_note(normalised, config=config),
        key=lambda g: (-rrf_score(g.source_ranks, config=config), g.note_path),
    )
    unique_notes = len(groups)
    if config.use_near_duplicates and note_tokens:
        groups = list(merge_near_duplicates(groups, note_tokens=note_tokens, config=config))
    ranges = source_ranges_of(normalised) if config.fusion == "convex" else None
    scorer = GroupScorer(
        answered_sources=answered,
        query_entities=query_entities,
        now=now,
        config=config,
        source_ranges=ranges,
        exact_first=config.use_exact_first and intent == "exact",
        meaning_trusted=config.meaning_reads(source_trust or {}),
    )
    scored = [scorer.score(group) for group in groups]
    if config.keep_sure_meaning:
        sure = sure_meaning_paths(hits_by_source, trust=source_trust or {}, config=config)
        if sure:
            scored = keep_sure_places(scored, sure, config=config)
    ranked = LazyRanking(scored, config=config, evidence=query_evidence(normalised))
    low_confidence = (
        not ranked or not answers_query(normalised, intent=intent, config=config)
        if config.use_answer_check
        else is_low_confidence(ranked, config=config)
    )
    if low_confidence and config.use_answer_check and not normalised.get("text"):
        # no note shares a word with the query: the list is guesses by meaning, keep it short
        limit = min(limit, config.low_confidence_limit)
    results = select_results(
        ranked,
        limit=limit,
        config=config,
        chunk_vectors=chunk_vectors,
        note_tokens=note_tokens,
        within=floor_cut(
            ranked.totals(),
            config=config,
            exact_found=bool(ranked) and ranked.scored_at(0).breakdown.exact_first is True,
        ),
    )
    if config.order_by_score:  # diversity chose which results are shown, not their order
        results = rank_results(results)
    total_hits = sum(len(hits) for hits in hits_by_source.values())
    return MergeOutput(
        results=results,
        ranked=ranked,
        tiers=tiers_of(results),
        low_confidence=low_confidence,
        best_composite=ranked[0].composite_relevance if ranked else 0.0,
        total_hits=total_hits,
        dropped_hits=total_hits - sum(len(hits) for hits in normalised.values()),
        unique_notes=unique_notes,
        deduplicated_results=len(ranked),
        tokens_used=sum(estimate_tokens(r, config=config) for r in results),
    )
