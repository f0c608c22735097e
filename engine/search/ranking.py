"""The fused ranking (pipeline step 6): scored notes assembled into results, in order.

`LazyRanking` reads like a tuple of `MergedResult` but assembles each result the first time it
is read: a query ranks every note the sources found (often 100+) and answers with 20.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from pathlib import PurePosixPath
from typing import overload

from engine.search.config import MergeConfig
from engine.search.dedup import NoteGroup, merge_metadata, unique_excerpts
from engine.search.fusion import ScoredGroup, assign_tier, score_group
from engine.search.types import Excerpt, Hit, MergedResult, Relation, Tier
from engine.search.why import QueryEvidence, explain


def assemble_result(
    scored: ScoredGroup, *, config: MergeConfig, evidence: QueryEvidence | None = None
) -> MergedResult:
    """Step 6 for one scored note: its tier, title, excerpts, metadata, relations and why it
    ranks where it does (read against `evidence`, what the whole query's hits say)."""
    group, primary, breakdown = scored.group, scored.primary, scored.breakdown
    own = group.hits
    composite = max(0.0, min(1.0, breakdown.total))
    titled = sorted(
        (h for h in own if h.title),
        key=lambda h: (h.source != primary, config.source_sort_key(h.source), h.rank),
    )
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
        best_chunk_id=best_chunk_id(own, config=config),
        why=explain(
            own,
            source_ranks=group.source_ranks,
            breakdown=breakdown,
            evidence=evidence or QueryEvidence(),
            duplicates=len(group.duplicates),
        ),
    )


def best_chunk_id(own: Sequence[Hit], *, config: MergeConfig) -> str | None:
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

    The score decides the order, so results nobody reads need never be assembled. Reads like
    a tuple.
    """

    def __init__(
        self,
        scored: Iterable[ScoredGroup],
        *,
        config: MergeConfig,
        evidence: QueryEvidence | None = None,
    ) -> None:
        self._scored = sorted(scored, key=lambda s: s.rank_key)
        self._built: list[MergedResult | None] = [None] * len(self._scored)
        self._config = config
        self._evidence = evidence

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
            built = assemble_result(
                self._scored[index], config=self._config, evidence=self._evidence
            )
            self._built[index] = built
        return built

    def totals(self) -> list[float]:
        """Every result's unclamped total, in rank order."""
        return [s.breakdown.total for s in self._scored]

    def scored_at(self, index: int) -> ScoredGroup:
        """The scored note at `index`, as ranked (its result need not be assembled)."""
        return self._scored[index]

    def assembled(self) -> tuple[int, ...]:
        """The indexes whose result has been assembled so far, in order."""
        return tuple(i for i, built in enumerate(self._built) if built is not None)

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
            best_chunk_id=best_chunk_id(own, config=self._config),
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


def sure_meaning_paths(
    hits_by_source: Mapping[str, Sequence[Hit]],
    *,
    trust: Mapping[str, float],
    config: MergeConfig,
) -> tuple[str, ...]:
    """The notes the meaning source is sure of (see `MergeConfig.keep_sure_meaning`): of
    its first `sure_rank` hits, those within `sure_margin` of its best similarity; none when
    its model does not know the query's words or the words source's best note holds them
    all."""
    meaning = hits_by_source.get("semantic") or ()
    if not meaning or not config.meaning_reads(trust):
        return ()
    words = hits_by_source.get("text") or ()
    if words and words[0].metadata.get("all_terms"):
        return ()
    best = meaning[0].raw_score
    if best <= 0.0:
        return ()
    return tuple(
        dict.fromkeys(
            h.note_path
            for h in meaning[: config.sure_rank]
            if h.raw_score >= best - config.sure_margin
        )
    )


def keep_sure_places(
    scored: Sequence[ScoredGroup], sure: Sequence[str], *, config: MergeConfig
) -> list[ScoredGroup]:
    """The scored notes with every `sure` note that ranks below the first `sure_place` raised
    into them: each takes the place of the last note there that is not sure. From the first
    note so pushed out on, the sure notes come first, in their own order, with totals just
    above that note's, so a note ranked above another still ends above it. Part of the fused
    score, so every list cut from the ranking (any limit, the floor) agrees. A raised note
    says so (`kept_place`)."""
    out = sorted(scored, key=lambda s: s.rank_key)
    place = config.sure_place

    def is_sure(s: ScoredGroup) -> bool:
        return any(path == s.group.note_path or path in s.group.duplicates for path in sure)

    flags = [is_sure(s) for s in out]
    top_free = [i for i in range(min(place, len(out))) if not flags[i]]
    below = [i for i in range(place, len(out)) if flags[i]]
    raised = below[: len(top_free)]  # never more than the places that are not sure
    if not raised:
        return out
    # From the first note pushed out on, the sure notes come first, in their own order, just
    # above it; the notes before it keep their places and totals.
    first_out = top_free[len(top_free) - len(raised)]
    lifted = [i for i in range(first_out, place) if flags[i]] + raised
    moved = set(lifted)
    head = out[:first_out]
    rest = [out[i] for i in range(first_out, len(out)) if i not in moved]
    base = rest[0].breakdown.total  # the best note pushed out
    step = max(abs(base), 1.0) * 1e-9
    lifted_groups = []
    for j, i in enumerate(lifted):
        old = out[i].breakdown
        total = base + step * (len(lifted) - j)
        # every note lifted above the note it passed says so: one from below the places, and
        # one already among them that moves up past the pushed-out note
        kept = first_out + j + 1 if total > old.total else old.kept_place
        lifted_groups.append(
            dataclasses.replace(
                out[i], breakdown=dataclasses.replace(old, total=total, kept_place=kept)
            )
        )
    return head + lifted_groups + rest


def tiers_of(results: Sequence[MergedResult]) -> dict[Tier, tuple[str, ...]]:
    """Tier → paths, in result order; every tier present (possibly empty)."""
    return {
        tier: tuple(r.note_path for r in results if r.tier == tier)
        for tier in ("high", "medium", "low")
    }


def is_low_confidence(ranked: Sequence[MergedResult], *, config: MergeConfig) -> bool:
    """Step 8 without the answer check: True when there is no result or the best composite is
    below the threshold."""
    return not ranked or ranked[0].composite_relevance < config.low_confidence_threshold


def answers_query(
    hits_by_source: Mapping[str, Sequence[Hit]], *, intent: str | None, config: MergeConfig
) -> bool:
    """Step 8: does any note answer the query, by evidence that does not depend on how the
    other notes scored? A note holding the exact strings asked for; for other queries also a
    note holding every word, a note the query names exactly (title, alias, tag), or — when
    fewer than `answer_max_unknown` of the query's words are missing from every note (the
    words source reports the share) — a chunk whose similarity to the query reaches
    `answer_min_similarity`. An identifier or quoted phrase no note holds is not answered,
    however close the meaning."""
    text = hits_by_source.get("text", ())
    if any(h.match_type in config.exact_match_types for h in text):
        return True
    if intent == "exact":
        return False
    if any(h.metadata.get("all_terms") for h in text):
        return True
    if any(h.match_type == "graph_exact" for h in hits_by_source.get("graph", ())):
        return True
    unknown = next((h.metadata.get("unknown_terms") for h in text), None)
    if isinstance(unknown, int | float) and unknown >= config.answer_max_unknown:
        return False  # the query's topic words are not in the vault, however close in meaning
    semantic = hits_by_source.get("semantic", ())
    return any(h.raw_score >= config.answer_min_similarity for h in semantic)


def floor_cut(totals: Sequence[float], *, config: MergeConfig, exact_found: bool = False) -> int:
    """How many of the ranked results (their totals, best first) clear the relevance floor:
    `relevance_floor` × the best total (`exact_relevance_floor` when an identifier or quoted
    phrase was found and put first). All of them with the floor off."""
    if not config.use_relevance_floor or not totals:
        return len(totals)
    ratio = config.exact_relevance_floor if exact_found else config.relevance_floor
    floor = ratio * totals[0]
    for i, total in enumerate(totals):
        if total < floor:
            return i
    return len(totals)
