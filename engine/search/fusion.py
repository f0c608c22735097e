"""Fusion and composite scoring (pipeline steps 4–5 and the tiers of step 6).

Seeds: hybrid-tri-search-rrf-mmr ("Reciprocal Rank Fusion", `1 / (60 + rank)`),
merge-results-contradictions ("calculate_composite_relevance": +0.1 per extra source, +0.1 for
exact text; "categorize_by_relevance" for tiers) and merge-two-memory-sources /
merge-graph-only ("cross-system boosting" ×1.2, "recency: decay over 30 days", "source
authority").

One computation scores a note: `GroupScorer.breakdown`. `GroupScorer.score` feeds it what a
note's hits say; `score_breakdown` feeds it facts given one by one (for callers that have no
hits). The `ScoreBreakdown` it returns is the "why this score" the UI and CLI show.

Pure, numpy-free arithmetic. Sums run in canonical source order, so the floating-point result
does not depend on the order sources were given in.
"""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from functools import lru_cache

from engine.search.config import MergeConfig
from engine.search.dedup import NoteGroup
from engine.search.types import MATCH_TYPES, Hit, ScoreBreakdown, Tier

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


def as_utc(value: datetime) -> datetime:
    """`value` with UTC attached when it is naive."""
    return value.replace(tzinfo=UTC) if value.tzinfo is None else value


def recency_factor(timestamp: datetime | None, *, now: datetime, config: MergeConfig) -> float:
    """1 + recency_max_boost × 0.5^(age_days / half_life); 1.0 for undated notes or when the
    boost is off. Future timestamps count as age 0; naive datetimes are taken as UTC."""
    if not config.use_recency or timestamp is None:
        return 1.0
    age_days = max(0.0, (as_utc(now) - as_utc(timestamp)).total_seconds() / _SECONDS_PER_DAY)
    return 1.0 + config.recency_max_boost * math.pow(0.5, age_days / config.recency_half_life_days)


def is_cross_referenced(entities: Iterable[str], query_entities: Iterable[str]) -> bool:
    """True when the note mentions an entity of the query (case-insensitive)."""
    return _mentions(entities, _folded(frozenset(query_entities)) or None)


def _mentions(entities: Iterable[str], wanted: frozenset[str] | None) -> bool:
    return wanted is not None and any(e.casefold().strip() in wanted for e in entities)


@lru_cache(maxsize=64)  # one query's entities, asked once per note
def _folded(entities: frozenset[str]) -> frozenset[str]:
    return frozenset(e.casefold().strip() for e in entities)


def min_max(value: float, bounds: tuple[float, float] | None) -> float:
    """`value` rescaled from `bounds` (low, high) to [0, 1]; 1 when the range is empty,
    `value` itself without bounds."""
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


EXACT_FIRST_MARGIN = 0.99  # notes without the exact string stay just under the high tier


def exact_first_total(total: float, *, holds_exact: bool, config: MergeConfig) -> float:
    """The score of an identifier or quoted-phrase query: notes holding the exact string(s)
    fill [tier_high, 1] in the order of their score, every other note [0, tier_high)."""
    bounded = max(0.0, min(1.0, total))
    if holds_exact:
        return config.tier_high + (1.0 - config.tier_high) * bounded
    return config.tier_high * EXACT_FIRST_MARGIN * bounded


def assign_tier(composite: float, *, config: MergeConfig) -> Tier:
    """Step 6: "high" / "medium" / "low" by composite relevance."""
    if composite >= config.tier_high:
        return "high"
    if composite >= config.tier_medium:
        return "medium"
    return "low"


_MATCH_TYPE_ORDER = {t: i for i, t in enumerate(MATCH_TYPES)}


@lru_cache(maxsize=256)  # a handful of match-type sets, asked once per note
def ordered_match_types(types: frozenset[str]) -> tuple[str, ...]:
    """The distinct match types, in `MATCH_TYPES` order (unknown ones after, by name)."""
    known = _MATCH_TYPE_ORDER
    return tuple(sorted(types, key=lambda t: (known.get(t, len(known)), t)))


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


class GroupScorer:
    """Scores the notes of one query. What is the same for every note (the sources that
    answered, their RRF ceiling and weight sum, the folded query entities) is worked out once.
    """

    def __init__(
        self,
        *,
        answered_sources: Iterable[str],
        query_entities: Iterable[str],
        now: datetime,
        config: MergeConfig,
        source_ranges: Mapping[str, tuple[float, float]] | None = None,
        exact_first: bool = False,
        meaning_trusted: bool = False,
    ) -> None:
        self._config = config
        self._meaning_trusted = meaning_trusted
        self._exact_first = exact_first
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

    def breakdown(
        self,
        *,
        source_ranks: Mapping[str, int],
        direct: Sequence[str],
        match_types: Iterable[str],
        cross_referenced: bool,
        timestamp: datetime | None,
        source_scores: Mapping[str, float] | None = None,
    ) -> ScoreBreakdown:
        """Step 5: the composite of one note, piece by piece (see `ScoreBreakdown`).

        The fused part lies in [0, 1]. RRF is normalised by `max_rrf` of the sources that
        answered (rank 1 in each of them scores 1). Convex fusion (config "convex" and
        `source_scores`, each source's min-max normalised relevance) is Σ weight × score over
        the weights of the sources that answered. `direct` are the sources that found the
        note itself (agreement, authority), in canonical order.
        """
        config = self._config
        ranked_sources = config.ordered_sources(source_ranks)
        rrf_k = config.rrf_k
        weight = config.rrf_weight
        raw = sum(weight(s) / (rrf_k + source_ranks[s]) for s in ranked_sources)
        if source_scores is not None and config.fusion == "convex":
            total_w = self._total_w
            fused = sum(weight(s) * source_scores.get(s, 0.0) for s in ranked_sources)
            rrf = fused / total_w if total_w > 0 else 0.0
        else:
            ceiling = self._ceiling
            rrf = raw / ceiling if ceiling > 0 else 0.0
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
        recency = recency_factor(timestamp, now=self._now, config=config)
        authority = (
            max((config.authority(s) for s in direct), default=1.0) if config.use_authority else 1.0
        )
        total = (rrf + agreement + exact) * cross_ref * recency * authority
        placed = None
        if self._exact_first:
            placed = any(m in config.exact_match_types for m in match_types)
            total = exact_first_total(total, holds_exact=placed, config=config)
        return ScoreBreakdown(
            rrf=rrf,
            rrf_raw=raw,
            agreement=agreement,
            exact=exact,
            cross_ref=cross_ref,
            recency=recency,
            authority=authority,
            total=total,
            exact_first=placed,
        )

    def score(self, group: NoteGroup) -> ScoredGroup:
        """Steps 2 and 5 for one note: what its hits say, and its composite score."""
        config = self._config
        own, every = group.hits, group.all_hits
        indirect = self._indirect
        if len(own) == 1 and not group.duplicate_hits:  # most notes: one hit, one source
            (only,) = own
            primary = only.source
            sources: tuple[str, ...] = (primary,)
            match_types = ordered_match_types(frozenset((only.match_type,)))
            entities = tuple(dict.fromkeys(only.entities))
            timestamp = only.timestamp
            direct: tuple[str, ...] = () if only.match_type in indirect else sources
        else:
            best: dict[str, float] = {}  # as in `primary_source`
            for h in every:
                best[h.source] = max(h.relevance, best.get(h.source, h.relevance))
            primary = min(best, key=lambda s: (-best[s], -config.authority(s), s))
            sources = config.ordered_sources(best)
            match_types = ordered_match_types(frozenset(h.match_type for h in every))
            entities = tuple(dict.fromkeys(e for h in every for e in h.entities))
            stamps = [h.timestamp for h in own if h.timestamp is not None]
            timestamp = max(stamps, key=as_utc) if stamps else None
            direct = config.ordered_sources(h.source for h in every if h.match_type not in indirect)
        cross_referenced = _mentions(entities, self._wanted)
        ranges = self._ranges
        source_scores: dict[str, float] | None = None
        unbacked = False
        if ranges is not None:
            floor: dict[str, float] = {}  # each source's best relevance, counted from 0
            for h in every:
                floor[h.source] = max(floor.get(h.source, 0.0), h.relevance)
            source_scores = {s: min_max(v, ranges.get(s)) for s, v in floor.items()}
            power = config.words_coverage_power
            if "text" in source_scores:
                coverage = max(
                    (float(h.metadata.get("coverage", 1.0)) for h in every if h.source == "text"),
                    default=1.0,
                )
                if power > 0:
                    source_scores["text"] *= coverage**power
                gap = config.words_corroboration_gap
                meaning = ranges.get("semantic")
                if gap > 0 and self._meaning_trusted and meaning is not None:
                    behind = meaning[1] - floor.get("semantic", meaning[0])
                    if coverage < config.words_corroboration_coverage and behind > gap:
                        source_scores["text"] *= coverage
                        unbacked = True
        breakdown = self.breakdown(
            source_ranks=group.source_ranks,
            direct=direct,
            match_types=match_types,
            cross_referenced=cross_referenced,
            timestamp=timestamp,
            source_scores=source_scores,
        )
        if unbacked:
            breakdown = dataclasses.replace(breakdown, words_unbacked=True)
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
    """`GroupScorer.breakdown` for one note given fact by fact. `answered_sources` should be
    the sources that ran (also those with no hits), not the ones that failed; `direct_sources`
    default to the sources that ranked the note."""
    scorer = GroupScorer(
        answered_sources=answered_sources, query_entities=(), now=now, config=config
    )
    return scorer.breakdown(
        source_ranks=source_ranks,
        direct=config.ordered_sources(source_ranks if direct_sources is None else direct_sources),
        match_types=match_types,
        cross_referenced=cross_referenced,
        timestamp=timestamp,
        source_scores=source_scores,
    )


def score_group(
    group: NoteGroup,
    *,
    answered_sources: Iterable[str],
    query_entities: Iterable[str],
    now: datetime,
    config: MergeConfig,
    source_ranges: Mapping[str, tuple[float, float]] | None = None,
) -> ScoredGroup:
    """`GroupScorer.score` for a single note."""
    return GroupScorer(
        answered_sources=answered_sources,
        query_entities=query_entities,
        now=now,
        config=config,
        source_ranges=source_ranges,
    ).score(group)
