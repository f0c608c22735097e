"""Maximal marginal relevance within a token budget, the textbook greedy loop: at every step
score each remaining candidate of the pool by `λ·rel − (1−λ)·max_sim` against everything
selected so far, take the best (ties: fused order), then follow with the rest in fused order.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np

from engine.search.config import MergeConfig
from engine.search.dedup import jaccard, normalise_tokens
from engine.search.types import MergedResult


def _unit_vector(result: MergedResult, vectors: Mapping[str, Any]) -> Any:
    """The result's best chunk's vector (else its first excerpt's that has one), unit length;
    None without one or for a zero vector."""
    for chunk_id in (result.best_chunk_id, *(e.chunk_id for e in result.excerpts)):
        if chunk_id is not None and chunk_id in vectors:
            vec = np.asarray(vectors[chunk_id], dtype=np.float64).ravel()
            norm = float(np.linalg.norm(vec))
            return vec / norm if norm > 0 else None
    return None


def _similarity(a: MergedResult, b: MergedResult, vectors: Any, tokens: Any) -> float:
    """Cosine of the unit vectors (negative counts as 0) when both have one of one length,
    else Jaccard of the note tokens (or of title and excerpt words)."""
    va, vb = _unit_vector(a, vectors), _unit_vector(b, vectors)
    if va is not None and vb is not None and va.shape == vb.shape:
        return min(1.0, max(0.0, float(np.dot(va, vb))))

    def words(r: MergedResult) -> frozenset[str]:
        found = tokens.get(r.note_path)
        if found is None:
            found = normalise_tokens(" ".join([r.title, *(e.text for e in r.excerpts)]))
        return frozenset(found)

    return jaccard(words(a), words(b))


def select(
    ranked: Sequence[MergedResult],
    *,
    limit: int,
    config: MergeConfig,
    chunk_vectors: Mapping[str, Any] | None,
    note_tokens: Mapping[str, frozenset[str]] | None,
) -> tuple[MergedResult, ...]:
    vectors, tokens = chunk_vectors or {}, note_tokens or {}
    selected: list[MergedResult] = []
    used = 0

    def cost(r: MergedResult) -> int:
        return math.ceil(sum(len(e.text) for e in r.excerpts) / config.chars_per_token)

    def fits(r: MergedResult) -> bool:
        budget = config.token_budget
        return not selected or budget is None or used + cost(r) <= budget

    pool = list(ranked[: config.mmr_pool_size if config.use_mmr else 0])
    top = pool[0].score_breakdown.total if pool else 0.0
    remaining = list(range(len(pool)))
    lam = config.mmr_lambda
    while remaining and len(selected) < limit:
        remaining = [i for i in remaining if fits(pool[i])]
        if not remaining:
            break

        def mmr(i: int) -> float:
            rel = pool[i].score_breakdown.total / top if top > 0 else 0.0
            sims = [_similarity(pool[i], s, vectors, tokens) for s in selected]
            return lam * rel - (1 - lam) * max(sims, default=0.0)

        best = min(remaining, key=lambda i: (-mmr(i), i))
        remaining.remove(best)
        selected.append(pool[best])
        used += cost(pool[best])
    for result in ranked[len(pool) :]:
        if len(selected) >= limit:
            break
        if fits(result):
            selected.append(result)
            used += cost(result)
    return tuple(selected)
