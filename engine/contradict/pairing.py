"""From nearest-claim hits to the candidate pairs a scan scores, on int arrays (pure numpy).

Claims are rows of a `ClaimTable`; a pair is two row numbers. The rules (and the order they
keep, which fixes which claim ids a stored pair names and the order pairs are scored in):

1. `raw_pairs`: every hit of every query in order, minus hits on the same sentence (same text
   hash), each unordered pair of claims once (its first hit);
2. `candidate_pairs`: minus claims that are gone and pairs within one note, sides in canonical
   order (smaller text hash first), and one pair per (note a, note b, text a, text b): a
   sentence repeated within a note gives one pair per pair of notes, not several;
3. `locality_rows`: for the scoring order (`neighbours.locality_order_of`), one row per claim
   vector, numbered by first appearance among the a sides, then the b sides.
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

Ints = npt.NDArray[np.int64]
Bools = npt.NDArray[np.bool_]


def raw_pairs(query_rows: Ints, offsets: Ints, hits: Ints, hashes: Ints) -> tuple[Ints, Ints]:
    """(query row, hit row) per hit, query by query (`hits[offsets[i]:offsets[i + 1]]` are
    query i's), same-text hits dropped, each unordered pair at its first hit only."""
    q = np.repeat(np.asarray(query_rows, dtype=np.int64), np.diff(offsets))
    return distinct_pairs(q, np.asarray(hits, dtype=np.int64), hashes)


def distinct_pairs(q: Ints, o: Ints, hashes: Ints) -> tuple[Ints, Ints]:
    """(q, o) in order, minus pairs of the same text, each unordered pair at its first place."""
    differ = hashes[q] != hashes[o]
    q, o = q[differ], o[differ]
    first = first_occurrences(np.minimum(q, o), np.maximum(q, o))
    return q[first], o[first]


def candidate_pairs(
    q: Ints, o: Ints, *, notes: Ints, hashes: Ints, hash_ranks: Ints, present: Bools
) -> tuple[Ints, Ints]:
    """(a, b) rows of the pairs to score, in order: `o` rows not `present` and pairs within one
    note dropped, a's text hash before b's (`hash_ranks`), one pair per notes and texts."""
    keep = present[o] & (notes[o] != notes[q])
    q, o = q[keep], o[keep]
    swap = hash_ranks[hashes[o]] < hash_ranks[hashes[q]]
    a = np.where(swap, o, q)
    b = np.where(swap, q, o)
    first = first_occurrences(notes[a], notes[b], hashes[a], hashes[b])
    return a[first], b[first]


def locality_rows(a: Ints, b: Ints, vec_rows: Ints, shared: Bools) -> tuple[Ints, Ints, Ints]:
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


def first_occurrences(*columns: Ints) -> Ints:
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
    a: Ints, b: Ints, prior: npt.NDArray[np.float64], *, per_claim: int, budget: int
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
    rows: Ints,
    own: Ints,
    mentions: list[frozenset[int]],
    notes: Ints,
    vectors: npt.NDArray[np.float32],
    touched: Bools,
    *,
    partners: int,
    gate: float,
) -> tuple[Ints, Ints]:
    """Pairs about one note however far apart their words: each claim naming a note (`rows[i]`
    mentions the title ids `mentions[i]`, none its own `own[i]`) with its `partners` most
    similar claims (at least `gate`) among that note's own claims and the other claims naming
    it, of other notes. `rows` are distinct claims (one per note and text); `notes` and
    `vectors` are indexed by row. Only pairs with a `touched` side (a claim of this scan) are
    returned, so an update finds exactly the pairs of its notes that a full scan finds."""
    owners: dict[int, list[int]] = {}
    naming: dict[int, list[int]] = {}
    for r, key, named in zip(rows.tolist(), own.tolist(), mentions, strict=True):
        if key >= 0:
            owners.setdefault(key, []).append(r)
        for k in named:
            if k != key:
                naming.setdefault(k, []).append(r)
    q: list[Ints] = []
    o: list[Ints] = []
    for key, namers in naming.items():
        members = np.unique(np.asarray(owners.get(key, []) + namers, dtype=np.int64))
        if len(members) < 2 or not touched[members].any():
            continue
        member_notes = notes[members]
        for start in range(0, len(namers), _PARTNER_BLOCK):
            block = np.asarray(namers[start : start + _PARTNER_BLOCK], dtype=np.int64)
            sims = vectors[block] @ vectors[members].T
            sims[notes[block][:, None] == member_notes[None, :]] = -1.0
            # each namer's partners: its `partners` most similar members (ties at the last
            # place all kept), at least `gate`
            k = min(partners, len(members))
            kth = -np.partition(-sims, k - 1, axis=1)[:, k - 1]
            chosen = (sims >= kth[:, None]) & (sims >= gate)
            chosen &= touched[block][:, None] | touched[members][None, :]
            i, j = np.nonzero(chosen)
            q.append(block[i])
            o.append(members[j])
    if not q:
        return np.zeros(0, dtype=np.int64), np.zeros(0, dtype=np.int64)
    return np.concatenate(q), np.concatenate(o)


#: Namers compared with a note's members per matrix product.
_PARTNER_BLOCK = 1024
