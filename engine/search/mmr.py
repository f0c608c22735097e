"""Diversity within a token budget (pipeline step 7).

Seed: hybrid-tri-search-rrf-mmr ("Maximal Marginal Relevance for Token Efficiency":
`λ·relevance − (1−λ)·max similarity to the already selected`, over the top-N fused results,
until a ~2000-token budget is spent).

Selection is one greedy sequence that does not depend on `limit`: `limit` only stops it. So
the answer for limit=k is always the first k results of the answer for any larger limit (with
the same budget) — top-k is a prefix of the full ranking. The top fused result is always
selected first, even when it alone exceeds the budget. A candidate that does not fit the
budget left is skipped for good (the budget only shrinks), and smaller ones after it may
still be taken.
"""

from __future__ import annotations

import heapq
import math
from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np
from numpy.typing import NDArray

from engine.search.config import MergeConfig
from engine.search.dedup import jaccard, normalise_tokens
from engine.search.ranking import LazyRanking, ResultPreview
from engine.search.types import Excerpt, MergedResult

Vector = NDArray[Any]


def estimate_tokens(result: MergedResult, *, config: MergeConfig) -> int:
    """Tokens the result's excerpts would take: characters / chars_per_token, rounded up."""
    return _excerpt_tokens(result.excerpts, config=config)


def _excerpt_tokens(excerpts: Sequence[Excerpt], *, config: MergeConfig) -> int:
    return math.ceil(sum(len(e.text) for e in excerpts) / config.chars_per_token)


def _vector(
    result: MergedResult | ResultPreview, chunk_vectors: Mapping[str, Vector]
) -> Vector | None:
    """The unit vector of the result's best chunk (else of its first excerpt with one)."""
    candidates = [result.best_chunk_id, *(e.chunk_id for e in result.excerpts)]
    for chunk_id in candidates:
        if chunk_id is not None and chunk_id in chunk_vectors:
            vec = np.asarray(chunk_vectors[chunk_id], dtype=np.float64).ravel()
            norm = float(np.linalg.norm(vec))
            return vec / norm if norm > 0 else None
    return None


def _tokens(result: MergedResult, note_tokens: Mapping[str, frozenset[str]]) -> frozenset[str]:
    found = note_tokens.get(result.note_path)
    if found is not None:
        return found
    return normalise_tokens(" ".join([result.title, *(e.text for e in result.excerpts)]))


def similarity(
    a_vec: Vector | None, b_vec: Vector | None, a_tokens: frozenset[str], b_tokens: frozenset[str]
) -> float:
    """Redundancy of two results in [0, 1]: cosine of their chunk vectors when both have one
    (negative cosine counts as 0), otherwise Jaccard of their token sets."""
    if a_vec is not None and b_vec is not None and a_vec.shape == b_vec.shape:
        return min(1.0, max(0.0, float(np.dot(a_vec, b_vec))))
    return jaccard(a_tokens, b_tokens)


def _cosines(vecs: Sequence[Vector | None]) -> dict[int, dict[int, float]]:
    """i -> j -> `similarity` of results i and j, for the pairs that both have a vector of
    the same length (the usual case: all of them), from one matrix product."""
    by_shape: dict[tuple[int, ...], list[int]] = {}
    for i, vec in enumerate(vecs):
        if vec is not None:
            by_shape.setdefault(vec.shape, []).append(i)
    out: dict[int, dict[int, float]] = {}
    for rows in by_shape.values():
        matrix = np.stack([vecs[i] for i in rows])  # type: ignore[misc]
        sims = np.clip(matrix @ matrix.T, 0.0, 1.0).tolist()
        for a, i in enumerate(rows):
            out[i] = dict(zip(rows, sims[a], strict=True))
    return out


def select_results(
    ranked: Sequence[MergedResult],
    *,
    limit: int,
    config: MergeConfig,
    chunk_vectors: Mapping[str, Vector] | None = None,
    note_tokens: Mapping[str, frozenset[str]] | None = None,
    within: int | None = None,
) -> tuple[MergedResult, ...]:
    """Step 7: pick up to `limit` results from the first `within` (all by default) of the
    fused ranking, diverse and within budget.

    With `use_mmr` the top `mmr_pool_size` results are re-ranked greedily by
    `λ·rel − (1−λ)·max_sim`, where `rel` is the composite relative to the top result's and
    `max_sim` the highest `similarity` to any result already selected; ties keep fused order.
    Results beyond the pool (or all, without MMR) follow in fused order.
    """
    count = len(ranked) if within is None else max(0, min(within, len(ranked)))
    if limit <= 0 or not count:
        return ()
    budget = config.token_budget
    selected: list[MergedResult] = []
    used = 0

    def fits(cost: int) -> bool:
        return not selected or budget is None or used + cost <= budget

    pool_size = min(config.mmr_pool_size if config.use_mmr else 0, count)
    lazy = ranked if isinstance(ranked, LazyRanking) else None
    if pool_size:
        # previews, not results: only the picks are assembled
        pool = (
            [lazy.preview_at(i) for i in range(pool_size)]
            if lazy is not None
            else [ResultPreview.of(r) for r in ranked[:pool_size]]
        )
        vectors = chunk_vectors or {}
        tokens_by_path = note_tokens or {}
        top = pool[0].total
        rel = [p.total / top if top > 0 else 0.0 for p in pool]
        costs = [_excerpt_tokens(p.excerpts, config=config) for p in pool]
        cosines = _cosines([_vector(p, vectors) for p in pool])
        toks: list[frozenset[str] | None] = [None] * pool_size  # worked out when first needed

        def tokens_of(i: int) -> frozenset[str]:
            found = toks[i]
            if found is None:
                found = tokens_by_path.get(pool[i].note_path)
                if found is None:
                    found = _tokens(ranked[i], tokens_by_path)
                toks[i] = found
            return found

        lam = config.mmr_lambda
        max_sim = [0.0] * pool_size
        # Lazy greedy: a candidate's max_sim covers the first `seen[i]` picks only, so its
        # key is a lower bound of its true key (similarity can only lower the score). The
        # candidate with the smallest key is brought up to date; if it is still the smallest
        # it is the pick the full greedy step makes, ties included, with the same floats. With
        # λ near 1 most candidates are never compared with most picks.
        seen = [0] * pool_size
        picks: list[int] = []
        heap = [(-(lam * rel[i] - (1 - lam) * max_sim[i]), i) for i in range(pool_size)]
        heapq.heapify(heap)
        while heap and len(selected) < limit:
            _, i = heapq.heappop(heap)
            if not fits(costs[i]):
                continue  # the budget only shrinks: skipped for good, as in the full greedy
            if seen[i] < len(picks):
                row = cosines.get(i)
                for j in picks[seen[i] :]:
                    # `similarity`, with the cosines of vector pairs from one product
                    cos = row.get(j) if row is not None else None
                    sim = cos if cos is not None else jaccard(tokens_of(i), tokens_of(j))
                    if sim > max_sim[i]:
                        max_sim[i] = sim
                seen[i] = len(picks)
                heapq.heappush(heap, (-(lam * rel[i] - (1 - lam) * max_sim[i]), i))
                continue
            picks.append(i)
            selected.append(ranked[i])
            used += costs[i]
    for index in range(pool_size, count):  # by index: a lazy ranking builds only these
        if len(selected) >= limit:
            break
        cost = (
            _excerpt_tokens(lazy.excerpts_at(index), config=config)
            if lazy is not None  # the budget skips most of them: cost them unassembled
            else estimate_tokens(ranked[index], config=config)
        )
        if fits(cost):
            selected.append(ranked[index])
            used += cost
    return tuple(selected)
