"""Nearest claims of *other* notes, in memory: the candidate search of a whole-vault scan.

Asking the vector store once per claim costs milliseconds each (thousands of claims: tens of
seconds); with every claim vector in one matrix the same search is a few matrix products.

`nearest_in_other_groups` is exact (blocked matrix products) up to `EXACT_LIMIT` base
vectors, and above that an inverted-file index (spherical k-means into about 4·√n lists,
each query probing the `PROBES` closest lists), so a scan grows as n^1.5, not n². Pairs that
matter sit far above the similarity gate, and near vectors share lists, so the approximate
search loses few of them (measured in the tests against the exact search).

Vectors must be L2-normalised (cosine = dot product). Pure numpy; deterministic.
"""

from __future__ import annotations

import math

import numpy as np
import numpy.typing as npt

Matrix = npt.NDArray[np.float32]
Ints = npt.NDArray[np.int64]

#: Up to this many base vectors the search is exact.
EXACT_LIMIT = 30_000
#: Lists each query probes in the inverted-file search.
PROBES = 12
_BLOCK = 256
_KMEANS_ITERATIONS = 8
_SEED = 20261122


def nearest_in_other_groups(
    queries: Matrix,
    query_groups: Ints,
    base: Matrix,
    base_groups: Ints,
    *,
    k: int,
    gate: float,
) -> list[list[tuple[int, float]]]:
    """For each query, up to `k` (base index, similarity) pairs, most similar first, with
    similarity >= `gate` and a group (note) different from the query's."""
    if len(queries) == 0:
        return []
    if len(base) == 0 or k <= 0:
        return [[] for _ in range(len(queries))]
    if len(base) <= EXACT_LIMIT:
        return _exact(queries, query_groups, base, base_groups, k=k, gate=gate)
    return _inverted_file(queries, query_groups, base, base_groups, k=k, gate=gate)


def _exact(
    queries: Matrix, query_groups: Ints, base: Matrix, base_groups: Ints, *, k: int, gate: float
) -> list[list[tuple[int, float]]]:
    out: list[list[tuple[int, float]]] = []
    for start in range(0, len(queries), _BLOCK):
        sims = queries[start : start + _BLOCK] @ base.T
        groups = query_groups[start : start + _BLOCK]
        sims[groups[:, None] == base_groups[None, :]] = -np.inf
        out.extend(_top(row, k, gate) for row in sims)
    return out


def _top(row: npt.NDArray[np.float32], k: int, gate: float) -> list[tuple[int, float]]:
    idx = np.argpartition(-row, k - 1)[:k] if len(row) > k else np.arange(len(row))
    idx = idx[row[idx] >= gate]
    idx = idx[np.argsort(-row[idx], kind="stable")]
    return [(int(i), float(row[i])) for i in idx]


def _inverted_file(
    queries: Matrix, query_groups: Ints, base: Matrix, base_groups: Ints, *, k: int, gate: float
) -> list[list[tuple[int, float]]]:
    centroids = _spherical_kmeans(base, max(2, int(4 * math.sqrt(len(base)))))
    assign = _nearest_centroid(base, centroids)
    order = np.argsort(assign, kind="stable")
    bounds = np.searchsorted(assign[order], np.arange(len(centroids) + 1))
    probes = min(PROBES, len(centroids))
    out: list[list[tuple[int, float]]] = []
    for start in range(0, len(queries), _BLOCK):
        block = queries[start : start + _BLOCK]
        near = np.argpartition(-(block @ centroids.T), probes - 1, axis=1)[:, :probes]
        for row, q in enumerate(block):
            members = np.concatenate([order[bounds[c] : bounds[c + 1]] for c in near[row]])
            members = members[base_groups[members] != query_groups[start + row]]
            if len(members) == 0:
                out.append([])
                continue
            sims = base[members] @ q
            out.append([(int(members[i]), s) for i, s in _top(sims, k, gate)])
    return out


def _spherical_kmeans(vectors: Matrix, clusters: int) -> Matrix:
    rng = np.random.default_rng(_SEED)
    sample = vectors
    if len(vectors) > clusters * 40:
        sample = vectors[rng.choice(len(vectors), clusters * 40, replace=False)]
    centroids = sample[rng.choice(len(sample), clusters, replace=False)].copy()
    for _ in range(_KMEANS_ITERATIONS):
        assign = _nearest_centroid(sample, centroids)
        sums = np.zeros_like(centroids)
        np.add.at(sums, assign, sample)
        norms = np.linalg.norm(sums, axis=1)
        filled = norms > 0
        centroids[filled] = sums[filled] / norms[filled, None]  # empty lists keep their seed
    return centroids


def _nearest_centroid(vectors: Matrix, centroids: Matrix) -> Ints:
    out = np.empty(len(vectors), dtype=np.int64)
    for start in range(0, len(vectors), 4096):
        out[start : start + 4096] = np.argmax(vectors[start : start + 4096] @ centroids.T, axis=1)
    return out


def locality_order(a: Matrix, b: Matrix) -> Ints:
    """An order of the pairs (a[i], b[i]) that keeps pairs about the same subject together.

    Scoring caches each claim's analysis; walking the pairs cluster by cluster keeps the
    claims in play few, so a large scan analyses each claim about once instead of thrashing.
    """
    n = len(a)
    if n == 0:
        return np.zeros(0, dtype=np.int64)
    vectors = np.vstack([a, b]).astype(np.float32)
    ids = np.arange(2 * n, dtype=np.int64)
    return locality_order_of(ids[:n], ids[n:], vectors, pairs=n)


def locality_order_of(a_rows: Ints, b_rows: Ints, vectors: Matrix, *, pairs: int) -> Ints:
    """`locality_order` for pairs given as rows of `vectors` (each claim's vector once): no
    per-pair copies, so a scan with 10^5 candidate pairs needs no gigabyte of vectors."""
    if pairs == 0:
        return np.zeros(0, dtype=np.int64)
    clusters = max(2, min(int(math.sqrt(pairs)), len(vectors)))
    centroids = _spherical_kmeans(vectors, clusters)
    cluster = _nearest_centroid(vectors, centroids)
    ca, cb = cluster[a_rows], cluster[b_rows]
    lo, hi = np.minimum(ca, cb), np.maximum(ca, cb)
    return np.lexsort((hi, lo)).astype(np.int64)
