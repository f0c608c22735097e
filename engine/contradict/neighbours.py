"""Nearest claims of *other* notes, in memory: the candidate search of a whole-vault scan.

Asking the vector store once per claim costs milliseconds each (thousands of claims: tens of
seconds); with every claim vector in one matrix the same search is a few matrix products.

`nearest_in_other_groups` is exact (blocked matrix products) up to
`NeighbourSearchConfig.exact_limit` base vectors, and above that an inverted-file index
(spherical k-means into about 4·√n lists, each query probing the `probes` closest lists),
so a scan grows as n^1.5, not n². Pairs that matter sit far above the similarity gate, and
near vectors share lists, so the approximate search loses few of them (measured in the tests
against the exact search).

A scan passes its queries and the rows for the locality order as row indexes into the one
claim matrix (`query_rows`, `rows`): the same blocks are gathered and multiplied as with copied
matrices, so the results are identical, without a second (or third) copy of every vector.

Vectors must be L2-normalised (cosine = dot product). Pure numpy; deterministic.
"""

from __future__ import annotations

import math
from collections.abc import Iterator
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

Matrix = npt.NDArray[np.float32]
Ints = npt.NDArray[np.int64]
Floats = npt.NDArray[np.float32]

_BLOCK = 256
_KMEANS_ITERATIONS = 8
_SEED = 20261122


@dataclass(frozen=True, kw_only=True)
class NeighbourSearchConfig:
    """When the search turns approximate, and how wide the approximate search looks."""

    exact_limit: int = 30_000  # up to this many base vectors the search is exact
    probes: int = 12  # lists each query probes in the inverted-file search


DEFAULT_NEIGHBOUR_SEARCH = NeighbourSearchConfig()


@dataclass(frozen=True)
class Hits:
    """Nearest base rows of each query, flattened: query i's hits are
    `index[offsets[i]:offsets[i + 1]]`, most similar first."""

    offsets: Ints  # len(queries) + 1
    index: Ints
    similarity: Floats

    def per_query(self) -> list[list[tuple[int, float]]]:
        return [
            [
                (int(i), float(s))
                for i, s in zip(
                    self.index[lo:hi].tolist(), self.similarity[lo:hi].tolist(), strict=True
                )
            ]
            for lo, hi in zip(self.offsets[:-1].tolist(), self.offsets[1:].tolist(), strict=True)
        ]


def nearest_in_other_groups(
    queries: Matrix,
    query_groups: Ints,
    base: Matrix,
    base_groups: Ints,
    *,
    k: int,
    gate: float,
    config: NeighbourSearchConfig = DEFAULT_NEIGHBOUR_SEARCH,
) -> list[list[tuple[int, float]]]:
    """For each query, up to `k` (base index, similarity) pairs, most similar first, with
    similarity >= `gate` and a group (note) different from the query's."""
    return _nearest_hits(
        _Rows(queries, None), query_groups, base, base_groups, k=k, gate=gate, config=config
    ).per_query()


def nearest_hits_of_rows(
    query_rows: Ints,
    base: Matrix,
    base_groups: Ints,
    *,
    k: int,
    gate: float,
    config: NeighbourSearchConfig = DEFAULT_NEIGHBOUR_SEARCH,
) -> Hits:
    """`nearest_in_other_groups` for queries that are rows of `base` (`base[query_rows]`),
    flattened into `Hits`; no copy of the query vectors is made."""
    return _nearest_hits(
        _Rows(base, query_rows),
        base_groups[query_rows],
        base,
        base_groups,
        k=k,
        gate=gate,
        config=config,
    )


def _nearest_hits(
    queries: _Rows,
    query_groups: Ints,
    base: Matrix,
    base_groups: Ints,
    *,
    k: int,
    gate: float,
    config: NeighbourSearchConfig,
) -> Hits:
    n = len(queries)
    if n == 0 or len(base) == 0 or k <= 0:
        return Hits(
            np.zeros(n + 1, dtype=np.int64),
            np.zeros(0, dtype=np.int64),
            np.zeros(0, dtype=np.float32),
        )
    found = (
        _exact(queries, query_groups, base, base_groups, k, gate)
        if len(base) <= config.exact_limit
        else _inverted_file(queries, query_groups, base, base_groups, k, gate, config.probes)
    )
    # At most k hits per query, written in place: no per-query objects at 10^5 queries.
    index = np.zeros((n, k), dtype=np.int64)
    similarity = np.zeros((n, k), dtype=np.float32)
    counts = np.zeros(n, dtype=np.int64)
    for i, (idx, sims) in enumerate(found):
        counts[i] = len(idx)
        index[i, : len(idx)] = idx
        similarity[i, : len(idx)] = sims
    offsets = np.zeros(n + 1, dtype=np.int64)
    np.cumsum(counts, out=offsets[1:])
    filled = np.arange(k)[None, :] < counts[:, None]
    return Hits(offsets, index[filled], similarity[filled])


class _Rows:
    """`matrix` (rows None) or `matrix[rows]`, read in blocks: a block of gathered rows is the
    same array a copied matrix would give, so products over it are identical."""

    def __init__(self, matrix: Matrix, rows: Ints | None) -> None:
        self._matrix = matrix
        self._rows = rows

    def __len__(self) -> int:
        return len(self._matrix) if self._rows is None else len(self._rows)

    def block(self, start: int, stop: int) -> Matrix:
        if self._rows is None:
            return self._matrix[start:stop]
        return self._matrix[self._rows[start:stop]]

    def take(self, idx: Ints) -> Matrix:
        return self._matrix[idx] if self._rows is None else self._matrix[self._rows[idx]]

    def all(self) -> Matrix:
        return self._matrix if self._rows is None else self._matrix[self._rows]


_Found = Iterator[tuple[Ints, Floats]]  # per query, in order: (base rows, similarities)


def _exact(
    queries: _Rows, query_groups: Ints, base: Matrix, base_groups: Ints, k: int, gate: float
) -> _Found:
    for start in range(0, len(queries), _BLOCK):
        sims = queries.block(start, start + _BLOCK) @ base.T
        groups = query_groups[start : start + _BLOCK]
        sims[groups[:, None] == base_groups[None, :]] = -np.inf
        for row in sims:
            idx = _top(row, k, gate)
            yield idx, row[idx]


def _top(row: npt.NDArray[np.float32], k: int, gate: float) -> Ints:
    """Indexes of the `k` largest values >= `gate`, largest first."""
    idx = np.argpartition(-row, k - 1)[:k] if len(row) > k else np.arange(len(row))
    idx = idx[row[idx] >= gate]
    return idx[np.argsort(-row[idx], kind="stable")]


def _inverted_file(
    queries: _Rows,
    query_groups: Ints,
    base: Matrix,
    base_groups: Ints,
    k: int,
    gate: float,
    probe_lists: int,
) -> _Found:
    centroids = _spherical_kmeans(_Rows(base, None), max(2, int(4 * math.sqrt(len(base)))))
    assign = _nearest_centroid(_Rows(base, None), centroids)
    order = np.argsort(assign, kind="stable")
    bounds = np.searchsorted(assign[order], np.arange(len(centroids) + 1))
    probes = min(probe_lists, len(centroids))
    empty = (np.zeros(0, dtype=np.int64), np.zeros(0, dtype=np.float32))
    for start in range(0, len(queries), _BLOCK):
        block = queries.block(start, start + _BLOCK)
        near = np.argpartition(-(block @ centroids.T), probes - 1, axis=1)[:, :probes]
        for row, q in enumerate(block):
            members = np.concatenate([order[bounds[c] : bounds[c + 1]] for c in near[row]])
            members = members[base_groups[members] != query_groups[start + row]]
            if len(members) == 0:
                yield empty
                continue
            sims = base[members] @ q
            idx = _top(sims, k, gate)
            yield members[idx], sims[idx]


def _spherical_kmeans(vectors: _Rows, clusters: int) -> Matrix:
    rng = np.random.default_rng(_SEED)
    n = len(vectors)
    if n > clusters * 40:
        sample = vectors.take(rng.choice(n, clusters * 40, replace=False))
    else:
        sample = vectors.all()
    centroids = sample[rng.choice(len(sample), clusters, replace=False)].copy()
    for _ in range(_KMEANS_ITERATIONS):
        assign = _nearest_centroid(_Rows(sample, None), centroids)
        sums = np.zeros_like(centroids)
        np.add.at(sums, assign, sample)
        norms = np.linalg.norm(sums, axis=1)
        filled = norms > 0
        centroids[filled] = sums[filled] / norms[filled, None]  # empty lists keep their seed
    return centroids


def _nearest_centroid(vectors: _Rows, centroids: Matrix) -> Ints:
    out = np.empty(len(vectors), dtype=np.int64)
    for start in range(0, len(vectors), 4096):
        out[start : start + 4096] = np.argmax(
            vectors.block(start, start + 4096) @ centroids.T, axis=1
        )
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


def locality_order_of(
    a_rows: Ints, b_rows: Ints, vectors: Matrix, *, pairs: int, rows: Ints | None = None
) -> Ints:
    """`locality_order` for pairs given as rows of `vectors` (each claim's vector once): no
    per-pair copies, so a scan with 10^5 candidate pairs needs no gigabyte of vectors.

    With `rows`, row i is `vectors[rows[i]]` (read block by block, never copied whole)."""
    if pairs == 0:
        return np.zeros(0, dtype=np.int64)
    matrix = _Rows(vectors, rows)
    clusters = max(2, min(int(math.sqrt(pairs)), len(matrix)))
    centroids = _spherical_kmeans(matrix, clusters)
    cluster = _nearest_centroid(matrix, centroids)
    ca, cb = cluster[a_rows], cluster[b_rows]
    lo, hi = np.minimum(ca, cb), np.maximum(ca, cb)
    return np.lexsort((hi, lo)).astype(np.int64)
