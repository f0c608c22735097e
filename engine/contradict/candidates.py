"""Candidate pairs: the nearest claims of other notes (in memory), from nearest-claim hits
to the pairs a scan scores, and the notes a claim is about.
"""

from __future__ import annotations

import math
import re
from collections import Counter
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Protocol

import numpy as np
import numpy.typing as npt

from engine.contradict.text import known_words


class Descent(Protocol):
    """What the pairing reads of a claim's description of a person (`persons.Descent`): the
    kinds it calls them half of, and the other words describing them."""

    @property
    def half(self) -> frozenset[str]: ...

    @property
    def whole(self) -> frozenset[str]: ...


# -- neighbours: Nearest claims of *other* notes, in memory: the candidate search of a whole-vault
#    scan. ---
#
# Asking the vector store once per claim costs milliseconds each (thousands of claims: tens of
# seconds); with every claim vector in one matrix the same search is a few matrix products.
#
# `nearest_in_other_groups` is exact (blocked matrix products) up to
# `NeighbourSearchConfig.exact_limit` base vectors, and above that an inverted-file index
# (spherical k-means into about 4·√n lists, each query probing the `probes` closest lists),
# so a scan grows as n^1.5, not n². Pairs that matter sit far above the similarity gate, and
# near vectors share lists, so the approximate search loses few of them (measured in the tests
# against the exact search). It runs list by list: the queries probing one list are one
# matrix product with its members, which reads far less memory than gathering every probed
# member for each query (`bench/RESULTS.md`, "Contradictions on whole vaults").
#
# A scan passes its queries and the rows for the locality order as row indexes into the one
# claim matrix (`query_rows`, `rows`): the same blocks are gathered and multiplied as with copied
# matrices, so the results are identical, without a second (or third) copy of every vector.
#
# Vectors must be L2-normalised (cosine = dot product). Pure numpy; deterministic.

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
    """Each query's `k` nearest base rows among the members of its `probe_lists` closest
    lists. The queries go in chunks, and a chunk goes list by list: the queries probing a
    list are multiplied with its members in one product, so a query vector is read once per
    probe instead of every probed member being gathered once per query; what a chunk finds
    is merged before the next (the hits held stay bounded)."""
    centroids = _spherical_kmeans(_Rows(base, None), max(2, int(4 * math.sqrt(len(base)))))
    assign = _nearest_centroid(_Rows(base, None), centroids)
    order = np.argsort(assign, kind="stable")
    lists = _Lists(
        centroids=centroids,
        order=order,
        bounds=np.searchsorted(assign[order], np.arange(len(centroids) + 1)),
        probes=min(probe_lists, len(centroids)),
    )
    for start in range(0, len(queries), _QUERY_CHUNK):
        stop = min(start + _QUERY_CHUNK, len(queries))
        yield from _probe_lists(
            queries, query_groups, range(start, stop), lists, base, base_groups, k, gate
        )


#: Queries an inverted-file search takes at a time.
_QUERY_CHUNK = 16_384


@dataclass(frozen=True)
class _Lists:
    """An inverted file over the base rows: list c holds `order[bounds[c]:bounds[c + 1]]`,
    the rows nearest `centroids[c]`; a query probes its `probes` closest lists."""

    centroids: Matrix
    order: Ints
    bounds: Ints
    probes: int


def _probe_lists(
    queries: _Rows,
    query_groups: Ints,
    chunk: range,
    lists: _Lists,
    base: Matrix,
    base_groups: Ints,
    k: int,
    gate: float,
) -> _Found:
    """`_inverted_file` for the queries of `chunk`: their hits, query by query."""
    start, stop, probes = chunk.start, chunk.stop, lists.probes
    n = stop - start
    near = np.empty((n, probes), dtype=np.int64)
    for lo in range(0, n, _BLOCK):
        block = queries.block(start + lo, start + min(lo + _BLOCK, n))
        near[lo : lo + len(block)] = np.argpartition(
            -(block @ lists.centroids.T), probes - 1, axis=1
        )[:, :probes]
    probing = np.repeat(np.arange(start, stop, dtype=np.int64), probes)  # (query, list) pairs
    probed = near.ravel()
    by_list = np.argsort(probed, kind="stable")
    list_bounds = np.searchsorted(probed[by_list], np.arange(len(lists.centroids) + 1))
    found_q: list[Ints] = []
    found_b: list[Ints] = []
    found_s: list[Floats] = []
    for c in np.unique(probed).tolist():
        members = lists.order[lists.bounds[c] : lists.bounds[c + 1]]
        if len(members) == 0:
            continue
        asking = probing[by_list[list_bounds[c] : list_bounds[c + 1]]]
        sims = queries.take(asking) @ base[members].T
        sims[query_groups[asking][:, None] == base_groups[members][None, :]] = -np.inf
        if len(members) > k:
            idx = np.argpartition(-sims, k - 1, axis=1)[:, :k]
            sims = np.take_along_axis(sims, idx, axis=1)
        else:
            idx = np.broadcast_to(np.arange(len(members)), sims.shape)
        keep = sims >= gate
        found_q.append(np.broadcast_to(asking[:, None], idx.shape)[keep])
        found_b.append(members[idx[keep]])
        found_s.append(sims[keep])
    hit_q = np.concatenate(found_q) if found_q else np.zeros(0, dtype=np.int64)
    hit_b = np.concatenate(found_b) if found_b else np.zeros(0, dtype=np.int64)
    hit_s = np.concatenate(found_s) if found_s else np.zeros(0, dtype=np.float32)
    ranked = np.lexsort((hit_b, -hit_s, hit_q))  # by query, most similar first
    hit_q, hit_b, hit_s = hit_q[ranked], hit_b[ranked], hit_s[ranked]
    edges = np.searchsorted(hit_q, np.arange(start, stop + 1))
    for i in range(n):
        lo = int(edges[i])
        hi = min(int(edges[i + 1]), lo + k)
        yield hit_b[lo:hi], hit_s[lo:hi]


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


# -- pairing: From nearest-claim hits to the candidate pairs a scan scores, on int arrays (pure
#    numpy). ---
#
# Claims are rows of a `ClaimTable`; a pair is two row numbers. The rules (and the order they
# keep, which fixes which claim ids a stored pair names and the order pairs are scored in):
#
# 1. `raw_pairs`: every hit of every query in order, minus hits on the same sentence (same text
#    hash), each unordered pair of claims once (its first hit);
# 2. `candidate_pairs`: minus claims that are gone and pairs within one note, sides in canonical
#    order (smaller text hash first), and one pair per (note a, note b, text a, text b): a
#    sentence repeated within a note gives one pair per pair of notes, not several;
# 3. `locality_rows`: for the scoring order (`neighbours.locality_order_of`), one row per claim
#    vector, numbered by first appearance among the a sides, then the b sides.

PairingInts = npt.NDArray[np.int64]
Bools = npt.NDArray[np.bool_]


def raw_pairs(
    query_rows: PairingInts, offsets: PairingInts, hits: PairingInts, hashes: PairingInts
) -> tuple[PairingInts, PairingInts]:
    """(query row, hit row) per hit, query by query (`hits[offsets[i]:offsets[i + 1]]` are
    query i's), same-text hits dropped, each unordered pair at its first hit only."""
    q = np.repeat(np.asarray(query_rows, dtype=np.int64), np.diff(offsets))
    return distinct_pairs(q, np.asarray(hits, dtype=np.int64), hashes)


def distinct_pairs(
    q: PairingInts, o: PairingInts, hashes: PairingInts
) -> tuple[PairingInts, PairingInts]:
    """(q, o) in order, minus pairs of the same text, each unordered pair at its first place."""
    differ = hashes[q] != hashes[o]
    q, o = q[differ], o[differ]
    first = first_occurrences(np.minimum(q, o), np.maximum(q, o))
    return q[first], o[first]


def candidate_pairs(
    q: PairingInts,
    o: PairingInts,
    *,
    notes: PairingInts,
    hashes: PairingInts,
    hash_ranks: PairingInts,
    present: Bools,
) -> tuple[PairingInts, PairingInts]:
    """(a, b) rows of the pairs to score, in order: `o` rows not `present` and pairs within one
    note dropped, a's text hash before b's (`hash_ranks`), one pair per notes and texts."""
    keep = present[o] & (notes[o] != notes[q])
    q, o = q[keep], o[keep]
    swap = hash_ranks[hashes[o]] < hash_ranks[hashes[q]]
    a = np.where(swap, o, q)
    b = np.where(swap, q, o)
    first = first_occurrences(notes[a], notes[b], hashes[a], hashes[b])
    return a[first], b[first]


def locality_rows(
    a: PairingInts, b: PairingInts, vec_rows: PairingInts, shared: Bools
) -> tuple[PairingInts, PairingInts, PairingInts]:
    """Rows of one matrix of claim vectors for `neighbours.locality_order_of`: (a_rows, b_rows,
    source) where row i is the claim vector `source[i]` (a row of the claim matrix).

    A claim whose vector is its text's (`shared`, `vec_rows` = the row holding it) shares one
    row with every claim of that text; any other claim has a row of its own per pair side."""
    n = len(a)
    top = int(vec_rows.max()) + 1 if len(vec_rows) else 0
    own = np.arange(n, dtype=np.int64)
    a_key = np.where(shared[a], vec_rows[a], top + own)
    b_key = np.where(shared[b], vec_rows[b], top + n + own)
    keys = np.concatenate([a_key, b_key])
    source = np.concatenate([vec_rows[a], vec_rows[b]])
    _, first, inverse = np.unique(keys, return_index=True, return_inverse=True)
    by_appearance = np.argsort(first, kind="stable")
    number = np.empty(len(first), dtype=np.int64)
    number[by_appearance] = np.arange(len(first), dtype=np.int64)
    rows = number[inverse.reshape(-1)]
    return rows[:n], rows[n:], source[first[by_appearance]]


def first_occurrences(*columns: PairingInts) -> PairingInts:
    """Positions of the first occurrence of each distinct tuple of `columns`, ascending."""
    n = len(columns[0]) if columns else 0
    if n == 0:
        return np.zeros(0, dtype=np.int64)
    order = np.lexsort(columns[::-1])  # stable: equal tuples keep their positions' order
    new = np.zeros(n, dtype=bool)
    new[0] = True
    for column in columns:
        ranked = column[order]
        new[1:] |= ranked[1:] != ranked[:-1]
    return np.sort(order[new]).astype(np.int64, copy=False)


def judge_selection(
    a: PairingInts, b: PairingInts, prior: npt.NDArray[np.float64], *, per_claim: int, budget: int
) -> Bools:
    """Which pairs the judge reads: the best by `prior` first, at most `per_claim` pairs per
    claim (row) and `budget` pairs in all (what bounds the judge's cost)."""
    n = len(a)
    chosen = np.zeros(n, dtype=bool)
    if n == 0 or budget <= 0 or per_claim <= 0:
        return chosen
    counts = np.zeros(int(max(a.max(), b.max())) + 1, dtype=np.int64)
    taken = 0
    for i in np.argsort(-prior, kind="stable").tolist():
        x, y = int(a[i]), int(b[i])
        if counts[x] >= per_claim or counts[y] >= per_claim:
            continue
        chosen[i] = True
        counts[x] += 1
        counts[y] += 1
        taken += 1
        if taken >= budget:
            break
    return chosen


def subject_partner_pairs(
    rows: PairingInts,
    own: PairingInts,
    mentions: list[frozenset[int]],
    notes: PairingInts,
    vectors: npt.NDArray[np.float32],
    touched: Bools,
    *,
    partners: int,
    gate: float,
    measures: Sequence[frozenset[str]] | None = None,
    genders: Sequence[Mapping[int, str]] | None = None,
    descents: Sequence[Mapping[int, Descent]] | None = None,
    readings: Sequence[Sequence[Mapping[int, str]]] = (),
) -> tuple[PairingInts, PairingInts]:
    """Pairs about one note however far apart their words: each claim naming a note (`rows[i]`
    mentions the title ids `mentions[i]`, none its own `own[i]`) with its `partners` most
    similar claims (at least `gate`) among that note's own claims and the other claims naming
    it, of other notes, and with every such claim giving a value of the same measure
    (`measures[i]`: `quantities.measure_keys`, also from `gate`): a note's one number among
    many sentences about it is rarely among the closest. Readings of one person or thing
    (`genders`, `descents`, and each of `readings`, a colour, a material or a staple: per
    claim, title id -> what it says) pair claims that say different things of it, however
    far apart their words. `rows` are
    distinct claims (one per note and text); `notes` and `vectors` are indexed by row. Only
    pairs with a `touched` side (a claim of this scan) are returned, so an update finds
    exactly the pairs of its notes that a full scan finds."""
    measured: dict[int, frozenset[str]] = {}
    if measures is not None:
        measured = {r: m for r, m in zip(rows.tolist(), measures, strict=True) if m}
    gendered: dict[int, Mapping[int, str]] = {}
    if genders is not None:
        gendered = {r: g for r, g in zip(rows.tolist(), genders, strict=True) if g}
    read = [
        said
        for reading in readings
        if (said := {r: v for r, v in zip(rows.tolist(), reading, strict=True) if v})
    ]
    described: dict[int, Mapping[int, Descent]] = {}
    if descents is not None:
        described = {r: d for r, d in zip(rows.tolist(), descents, strict=True) if d}
    owners: dict[int, list[int]] = {}
    naming: dict[int, list[int]] = {}
    for r, key, named in zip(rows.tolist(), own.tolist(), mentions, strict=True):
        if key >= 0:
            owners.setdefault(key, []).append(r)
        for k in named:
            if k != key:
                naming.setdefault(k, []).append(r)
    q: list[PairingInts] = []
    o: list[PairingInts] = []
    for key, namers in naming.items():
        members = np.unique(np.asarray(owners.get(key, []) + namers, dtype=np.int64))
        if len(members) < 2 or not touched[members].any():
            continue
        member_notes = notes[members]
        for start in range(0, len(namers), _PARTNER_BLOCK):
            block = np.asarray(namers[start : start + _PARTNER_BLOCK], dtype=np.int64)
            sims = vectors[block] @ vectors[members].T
            sims[notes[block][:, None] == member_notes[None, :]] = -1.0
            # each namer's partners: its `partners` most similar members, at least `gate`
            chosen = _closest(sims, partners)
            if measured:
                # claims giving a value of one measure, however many closer claims there are
                member_keys = [
                    (mj, mk) for mj, m in enumerate(members.tolist()) if (mk := measured.get(m))
                ]
                for bi, r in enumerate(block.tolist() if member_keys else ()):
                    keys = measured.get(r)
                    if keys:
                        for mj, mk in member_keys:
                            if not keys.isdisjoint(mk):
                                chosen[bi, mj] = True
            chosen &= sims >= gate
            chosen &= touched[block][:, None] | touched[members][None, :]
            i, j = np.nonzero(chosen)
            q.append(block[i])
            o.append(members[j])
        if gendered:
            gq, go = _reading_pairs(key, members, notes, vectors, touched, gendered)
            q.append(gq)
            o.append(go)
        if described:
            dq, do = _descent_pairs(key, members, notes, vectors, touched, described)
            q.append(dq)
            o.append(do)
        for said in read:
            rq, ro = _reading_pairs(key, members, notes, vectors, touched, said)
            q.append(rq)
            o.append(ro)
    if not q:
        return np.zeros(0, dtype=np.int64), np.zeros(0, dtype=np.int64)
    return np.concatenate(q), np.concatenate(o)


def _closest(sims: npt.NDArray[np.float32], partners: int) -> npt.NDArray[np.bool_]:
    """Per row of `sims`, its `partners` largest entries (ties at the last place all kept)."""
    k = min(partners, sims.shape[1])
    kth = -np.partition(-sims, k - 1, axis=1)[:, k - 1]
    return np.asarray(sims >= kth[:, None])


def kind_pairs(
    rows: PairingInts,
    own: PairingInts,
    kinds: Sequence[frozenset[int]],
    notes: PairingInts,
    vectors: npt.NDArray[np.float32],
    touched: Bools,
    *,
    partners: int,
    gate: float,
) -> tuple[PairingInts, PairingInts]:
    """Each claim of a note about one kind of a thing (`kinds[i]`, `TitleIndex.kinds_of` of
    the note of `rows[i]`: *Little Penguin* of *Penguin*) with its `partners` most similar
    claims (at least `gate`) among the claims of the note about the thing: what the note says
    of every penguin, its neighbour says of one. Not with the other kinds' claims, which are
    siblings ("Weighted Graph" / "Unweighted Graph"). Only pairs with a `touched` side."""
    owners: dict[int, list[int]] = {}
    of_kind: dict[int, list[int]] = {}  # kind -> the claims of notes about one kind of it
    for r, key, found in zip(rows.tolist(), own.tolist(), kinds, strict=True):
        if key >= 0:
            owners.setdefault(key, []).append(r)
        for kind in found:
            of_kind.setdefault(kind, []).append(r)
    q: list[PairingInts] = []
    o: list[PairingInts] = []
    for kind, specific in of_kind.items():
        members = np.asarray(owners.get(kind, []), dtype=np.int64)
        if len(members) == 0:
            continue
        for start in range(0, len(specific), _PARTNER_BLOCK):
            block = np.asarray(specific[start : start + _PARTNER_BLOCK], dtype=np.int64)
            sims = vectors[block] @ vectors[members].T
            chosen = _closest(sims, partners) & (sims >= gate)
            i, j = np.nonzero(chosen & (touched[block][:, None] | touched[members][None, :]))
            q.append(block[i])
            o.append(members[j])
    if not q:
        return np.zeros(0, dtype=np.int64), np.zeros(0, dtype=np.int64)
    return np.concatenate(q), np.concatenate(o)


#: Claims dating one event of one thing (`events.event_keys`) are paired only while so
#: few say it: a date that many notes repeat is a fixture of the vault, not a claim.
EVENT_GROUP_MAX = 40


def event_pairs(
    rows: PairingInts,
    keys: Sequence[frozenset[str]],
    notes: PairingInts,
    touched: Bools,
) -> tuple[PairingInts, PairingInts]:
    """Every two claims of different notes that date one event of one thing (`keys[i]`,
    `events.event_keys`, of `rows[i]`), however far apart their words: "He started
    Python over Christmas 1989" and "Guido began writing it around 1994" in *Python*. Only
    pairs with a `touched` side."""
    groups: dict[str, list[int]] = {}
    for r, found in zip(rows.tolist(), keys, strict=True):
        for key in found:
            groups.setdefault(key, []).append(r)
    q: list[int] = []
    o: list[int] = []
    for members in groups.values():
        if len(members) < 2 or len(members) > EVENT_GROUP_MAX:
            continue
        for i, r in enumerate(members):
            for other in members[i + 1 :]:
                if notes[r] != notes[other] and (touched[r] or touched[other]):
                    q.append(r)
                    o.append(other)
    return np.asarray(q, dtype=np.int64), np.asarray(o, dtype=np.int64)


#: Namers compared with a note's members per matrix product.
_PARTNER_BLOCK = 1024
#: A person called both a man and a woman (or half of a kind and that kind; a thing given
#: two colours): each claim of the rarer reading is paired with the closest claim of the
#: other in this many notes, the notes coming closest first ...
READING_PARTNERS = 2
#: ... where the rarer reading is at most this share of the claims that say either (more:
#: the pronouns are too mixed to read, or two people share the name).
READING_MINORITY = 0.25


def _reading_pairs(
    key: int,
    members: PairingInts,
    notes: PairingInts,
    vectors: npt.NDArray[np.float32],
    touched: Bools,
    readings: Mapping[int, Mapping[int, str]],
) -> tuple[PairingInts, PairingInts]:
    """The claims about one person (`members`, title id `key`) that call them a man against
    those that call them a woman (`persons.gender_about`), or about one thing that give it
    one colour, material or staple against another (`persons.colour_about`,
    `structure.material_about`, `structure.staple_about`): each claim of the rarer reading
    with its `READING_PARTNERS` most similar claims of the other, of other notes."""
    sides: dict[str, list[int]] = {}
    for m in members.tolist():
        g = readings.get(m, {}).get(key)
        if g is not None:
            sides.setdefault(g, []).append(m)
    return _rarer_side_pairs(list(sides.values()), notes, vectors, touched)


def _descent_pairs(
    key: int,
    members: PairingInts,
    notes: PairingInts,
    vectors: npt.NDArray[np.float32],
    touched: Bools,
    described: Mapping[int, Mapping[int, Descent]],
) -> tuple[PairingInts, PairingInts]:
    """The claims about one person that call them half of a kind ("a half-elf") against those
    that call them that kind ("a hill dwarf"; `persons.descent_about`), as `_reading_pairs`."""
    said = [(m, d) for m in members.tolist() if (d := described.get(m, {}).get(key)) is not None]
    kinds = sorted({kind for _, d in said for kind in d.half})
    q: list[PairingInts] = []
    o: list[PairingInts] = []
    for kind in kinds:
        half = [m for m, d in said if kind in d.half]
        whole = [m for m, d in said if kind in d.whole]
        pq, po = _rarer_side_pairs([half, whole] if half and whole else [], notes, vectors, touched)
        q.append(pq)
        o.append(po)
    if not q:
        return np.zeros(0, dtype=np.int64), np.zeros(0, dtype=np.int64)
    return np.concatenate(q), np.concatenate(o)


def _rarer_side_pairs(
    sides: list[list[int]],
    notes: PairingInts,
    vectors: npt.NDArray[np.float32],
    touched: Bools,
) -> tuple[PairingInts, PairingInts]:
    """Two readings of one attribute (`sides`: the claims of each): each claim of the rarer
    with the most similar claim of the other in each of `READING_PARTNERS` other notes (the
    notes whose claims come closest), while the rarer is at most `READING_MINORITY` of both."""
    empty = np.zeros(0, dtype=np.int64)
    if len(sides) != 2:
        return empty, empty
    rare, common = sorted(sides, key=lambda side: (len(side), side))
    if len(rare) > max(2, READING_MINORITY * (len(rare) + len(common))):
        return empty, empty
    few = np.asarray(rare, dtype=np.int64)
    many = np.asarray(common, dtype=np.int64)
    sims = vectors[few] @ vectors[many].T
    sims[notes[few][:, None] == notes[many][None, :]] = -np.inf
    q: list[int] = []
    o: list[int] = []
    for i, row in enumerate(few.tolist()):
        partners: set[int] = set()  # notes: one conflict between two notes is read once
        for j in np.argsort(-sims[i], kind="stable").tolist():
            if len(partners) == READING_PARTNERS or not np.isfinite(sims[i, j]):
                break
            other = int(many[j])
            if int(notes[other]) in partners:
                continue
            partners.add(int(notes[other]))
            if touched[row] or touched[other]:
                q.append(row)
                o.append(other)
    return np.asarray(q, dtype=np.int64), np.asarray(o, dtype=np.int64)


# -- subjects: What a claim is about, by the notes it names: its own note, and every note whose
#    title it mentions (a `[[link]]` reads as its text, so a link is a mention). ---
#
# Two claims are about the same thing when these sets meet: "They cannot forge iron blades" in
# *Orrin Family* and "The Orrin Family smiths forge iron blades" in *Keldmoor* both name the
# Orrin Family, though their words and vectors are far apart. The candidate search lets such
# pairs in from a lower similarity than pairs that share nothing (`scan_config`).
#
# A coined word of a title (one that is no word of the language: "Orrin" in *Orrin Family*)
# names that note too where a claim writes it with a capital ("Orrin smiths forge ..."); common
# words of titles ("Family", "Gateway") name nothing alone.
#
# A title that many claims mention (a hub such as "Magic" in a magic-heavy vault) tells little
# about sameness and is not counted (`COMMON_SHARE`); titles shorter than three letters, and
# titles that are one common word, are never looked for.

MAX_TITLE_WORDS = 5
#: A coined word names a note alone only while at most this many short titles hold it.
NAMED_TITLES = 3
#: A coined word names its note's thing in a short title (*Brannoc Clan*); in a longer one (a
#: paper's title, "Field trials of Brannoc radios") it is a topic the note is on.
NAMING_TITLE_WORDS = 3
MIN_TITLE_CHARS = 3
#: A title mentioned by more than this share of the claims (and more than COMMON_MIN claims)
#: names no particular thing.
COMMON_SHARE = 0.02
COMMON_MIN = 40

_MIN_COINED = 3
_WORD = re.compile(r"[^\W_]+(?:['’][^\W_]+)?", re.UNICODE)
_COMMON_WORDS = frozenset(
    """
    the a an and or of in on at to for with from by is are was were be it this that these
    those they he she we you i his her its their our your my me him them us who what when
    where why how all any some no not one two three first last new old other more most
    home index readme notes note inbox todo ideas journal untitled timeline overview summary
    """.split()
)


def title_words(title: str) -> tuple[str, ...]:
    """A title (or text) as the words it is matched by: casefolded, punctuation dropped."""
    return tuple(w.casefold().replace("’", "'") for w in _WORD.findall(title))


def link_title(target: str) -> str:
    """A wikilink target's title, without its folders ("Species/Arctic Fox": "Arctic Fox")."""
    return target.replace("\\", "/").rsplit("/", 1)[-1]


def note_title_of(path: str) -> str:
    name = link_title(path)
    return name.rsplit(".", 1)[0] if "." in name else name


#: Texts whose mentions a `TitleIndex` keeps (a live edit looks its stored claims up twice).
_MENTIONS_KEPT = 1 << 14


class TitleIndex:
    """The titles of a vault's notes, looked up in claims by runs of up to five words."""

    def __init__(self, paths: Iterable[str]) -> None:
        self._ids: dict[tuple[str, ...], int] = {}
        self._own: dict[str, int] = {}
        for path in paths:
            words = title_words(note_title_of(path))
            key = self._ids.setdefault(words, len(self._ids)) if words else -1
            self._own[path] = key
        self._findable = {w for w in self._ids if _findable(w)}
        # the first word of every findable title: a run opening with another word names none
        self._first = {w[0] for w in self._findable}
        self._opens: dict[str, bool] = {}  # word -> whether a findable title may open with it
        self._mentioned: dict[str, frozenset[int]] = {}  # text -> `mentions(text)`
        self._words: dict[int, tuple[str, ...]] | None = None
        self._kinds: dict[int, frozenset[int]] = {}  # `kinds_of`, as asked
        self._specifics: dict[int, frozenset[int]] | None = None  # kind -> `specifics_of`
        # coined title word -> the titles holding it (words of the language name nothing alone)
        coined: dict[str, set[int]] = {}
        for words, key in self._ids.items():
            for w in coined_words(words):
                if w.isalpha():
                    coined.setdefault(w, set()).add(key)
        # a word in many titles is a word of the vault's field ("subnet"), not a name
        self._coined = {w: keys for w, keys in coined.items() if len(keys) <= NAMED_TITLES}

    def paths_of(self, keys: Iterable[int]) -> list[str]:
        """The notes whose own title is one of `keys`."""
        wanted = set(keys)
        return [p for p, k in self._own.items() if k in wanted]

    def words_of(self, key: int) -> tuple[str, ...]:
        """The words a title id stands for (empty for an unknown id)."""
        if self._words is None:
            self._words = {k: w for w, k in self._ids.items()}
        return self._words.get(key, ())

    def coined_words_of(self, key: int) -> tuple[str, ...]:
        """The coined words of a title id, each of which names it alone."""
        return tuple(w for w in self.words_of(key) if key in self._coined.get(w, ()))

    def own(self, path: str) -> int:
        """The id of the note's own title (-1: a note without one)."""
        found = self._own.get(path)
        if found is None:
            words = title_words(note_title_of(path))
            found = self._ids.setdefault(words, len(self._ids)) if words else -1
            self._own[path] = found
            self._specifics = None  # a new title may be one kind of another
        return found

    def mentions(self, text: str) -> frozenset[int]:
        """The ids of the findable titles that `text` mentions: whole, or by a coined word of
        theirs written with a capital."""
        found = self._mentioned.get(text)
        if found is None:
            if len(self._mentioned) >= _MENTIONS_KEPT:
                self._mentioned.clear()
            found = self._mentioned[text] = self._find_mentions(text)
        return found

    def _find_mentions(self, text: str) -> frozenset[int]:
        words = title_words(text)
        found: set[int] = set()
        if self._coined:
            for m in _WORD.finditer(text):
                word = m.group(0)
                keys = self._coined.get(word.casefold()) if word[0].isupper() else None
                if keys:
                    found.update(keys)
        opens = self._opens
        for start in range(len(words)):
            opening = words[start]
            may_open = opens.get(opening)
            if may_open is None:
                # a title opens with it, or is one word that it is the plural of
                may_open = opens[opening] = opening in self._first or any(
                    s in self._first for s in singulars(opening)
                )
            if not may_open:
                continue
            for size in range(1, MAX_TITLE_WORDS + 1):
                run = words[start : start + size]
                if len(run) < size:
                    break
                if run in self._findable:
                    found.add(self._ids[run])
                    continue
                # "Arctic foxes" mentions *Arctic Fox*
                for last in singulars(run[-1]):
                    one = (*run[:-1], last)
                    if one in self._findable:
                        found.add(self._ids[one])
        return frozenset(found)

    def kinds_of(self, key: int) -> frozenset[int]:
        """The findable titles that title id `key` ends with, after words that qualify them:
        the kinds its note's thing is one of ("Little Penguin" of *Penguin*, "Maidenhair
        Fern" of *Fern*); none for a title with a joining word ("Battle of Hastings")."""
        found = self._kinds.get(key)
        if found is None:
            words = self.words_of(key)
            kinds: set[int] = set()
            if not any(w in _JOINING_WORDS or w.isdigit() for w in words[:-1]):
                for start in range(1, len(words)):
                    tail = words[start:]
                    if tail in self._findable:
                        kinds.add(self._ids[tail])
            found = self._kinds[key] = frozenset(kinds)
        return found

    def specifics_of(self, keys: Iterable[int]) -> frozenset[int]:
        """The title ids whose kinds (`kinds_of`) hold one of `keys`."""
        if self._specifics is None:
            specifics: dict[int, set[int]] = {}
            for key in self._ids.values():
                for kind in self.kinds_of(key):
                    specifics.setdefault(kind, set()).add(key)
            self._specifics = {k: frozenset(v) for k, v in specifics.items()}
        return frozenset().union(*(self._specifics.get(k, frozenset()) for k in keys))

    def title_id(self, title: str) -> int:
        """The id of a findable title written as a link target ("Monarch Butterfly",
        "Species/Monarch Butterfly"), or -1."""
        words = title_words(link_title(title))
        return self._ids[words] if words in self._findable else -1

    def subjects(self, texts: Sequence[str], paths: Sequence[str]) -> list[frozenset[int]]:
        """Per claim: its note's title and the titles it mentions, less the titles that too
        many of these claims mention."""
        mentioned = [self.mentions(t) for t in texts]
        common = common_titles(mentioned, len(texts))
        out: list[frozenset[int]] = []
        for found, path in zip(mentioned, paths, strict=True):
            own = self.own(path)
            keys = set(found - common)
            if own >= 0:
                keys.add(own)
            out.append(frozenset(keys))
        return out


def links_name(links: Sequence[str], title: str) -> bool:
    """One of the link targets `links` ("Species/Arctic Fox", "Arctic Fox") is the note
    titled `title`, case aside."""
    folded = title.casefold()
    return any(link_title(t).casefold() == folded for t in links)


def linked_titles(text: str, links: Sequence[tuple[str, str]]) -> tuple[str, ...]:
    """The targets of a note's aliased links (`links`: (target, alias)) whose alias claim
    `text` writes, as a whole word or words: "Monarchs fly ..." names *Monarch Butterfly*
    where its note links `[[Monarch Butterfly|Monarchs]]`."""
    found: list[str] = []
    for target, alias in links:
        if target not in found and _alias_re(alias).search(text):
            found.append(target)
    return tuple(found)


@lru_cache(maxsize=4096)
def _alias_re(alias: str) -> re.Pattern[str]:
    return re.compile(rf"(?<![\w-]){re.escape(' '.join(alias.split()))}(?![\w-])")


def coined_words(title: Sequence[str]) -> frozenset[str]:
    """The words of a title (lower case, as `title_words` gives them) that are no word of the
    language and so may name its thing alone: none in a title of more than
    `NAMING_TITLE_WORDS` words, none when the model's vocabulary is not installed."""
    known = known_words()
    if not known or len(title) > NAMING_TITLE_WORDS:
        return frozenset()
    return frozenset(w for w in title if len(w) >= _MIN_COINED and w not in known)


def common_titles(mentioned: Iterable[frozenset[int]], claims: int) -> frozenset[int]:
    """The title ids mentioned by too many of `claims` claims to name one thing."""
    counts = Counter(k for m in mentioned for k in m)
    limit = max(COMMON_MIN, COMMON_SHARE * claims)
    return frozenset(k for k, n in counts.items() if n > limit)


def singulars(word: str) -> tuple[str, ...]:
    """What a plural English word may be the plural of ("foxes": "foxe", "fox"; "species"
    and "bus" are left alone)."""
    if len(word) < 4 or not word.endswith("s") or word.endswith(("ss", "us", "is")):
        return ()
    if word.endswith("ies"):
        return (word[:-3] + "y",)
    if word.endswith("es"):
        return (word[:-1], word[:-2])
    return (word[:-1],)


#: Words that join a title's parts ("Battle of Hastings", "Salt and Pepper"): the title's
#: last words are no kind of what it names.
_JOINING_WORDS = frozenset(
    "of and or & the a an in on at for to from by with vs versus without into".split()
)


def _findable(words: tuple[str, ...]) -> bool:
    if not words or len(words) > MAX_TITLE_WORDS:
        return False
    if sum(len(w) for w in words) < MIN_TITLE_CHARS:
        return False
    return not (len(words) == 1 and (words[0] in _COMMON_WORDS or words[0].isdigit()))
