"""Pair assembly on int arrays against the dict-and-object rules it replaced, order included
(the order fixes which claim ids a pair names and the order pairs are scored in)."""

from __future__ import annotations

import numpy as np
import pytest

from engine.contradict.candidates import (
    candidate_pairs,
    first_occurrences,
    locality_rows,
    raw_pairs,
)


def _instance(seed: int) -> dict[str, np.ndarray]:
    """Claims of 30 notes with few distinct texts (repeats within and across notes), queries
    = the first claim of each (note, text), hits with repeats and same-text hits."""
    rng = np.random.default_rng(seed)
    n = 400
    notes = np.sort(rng.integers(0, 30, size=n))
    hashes = rng.integers(0, 60, size=n)
    seen: set[tuple[int, int]] = set()
    queries = []
    for r in range(n):
        if (int(notes[r]), int(hashes[r])) not in seen:
            seen.add((int(notes[r]), int(hashes[r])))
            queries.append(r)
    counts = rng.integers(0, 9, size=len(queries))
    hits = rng.integers(0, n, size=int(counts.sum()))
    offsets = np.concatenate([[0], np.cumsum(counts)])
    return {
        "notes": notes.astype(np.int64),
        "hashes": hashes.astype(np.int64),
        "queries": np.asarray(queries, dtype=np.int64),
        "offsets": offsets.astype(np.int64),
        "hits": hits.astype(np.int64),
        "ranks": rng.permutation(60).astype(np.int64),
        "present": rng.random(n) > 0.05,
    }


def _reference(inst: dict[str, np.ndarray]) -> list[tuple[int, int]]:
    """The old scan's loops: raw dict keyed by the unordered pair, then the seen set."""
    notes, hashes, ranks = inst["notes"], inst["hashes"], inst["ranks"]
    raw: dict[tuple[int, int], tuple[int, int]] = {}
    offsets = inst["offsets"]
    for i, q in enumerate(inst["queries"].tolist()):
        for o in inst["hits"][offsets[i] : offsets[i + 1]].tolist():
            if hashes[o] == hashes[q]:
                continue
            key = (min(q, o), max(q, o))
            if key not in raw:
                raw[key] = (q, o)
    out: list[tuple[int, int]] = []
    seen: set[tuple[int, int, int, int]] = set()
    for q, o in raw.values():
        if not inst["present"][o] or notes[o] == notes[q]:
            continue
        a, b = (o, q) if ranks[hashes[o]] < ranks[hashes[q]] else (q, o)
        key = (int(notes[a]), int(notes[b]), int(hashes[a]), int(hashes[b]))
        if key in seen:
            continue
        seen.add(key)
        out.append((a, b))
    return out


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_candidate_pairs_match_the_dict_rules_in_order(seed: int) -> None:
    inst = _instance(seed)
    q, o = raw_pairs(inst["queries"], inst["offsets"], inst["hits"], inst["hashes"])
    a, b = candidate_pairs(
        q,
        o,
        notes=inst["notes"],
        hashes=inst["hashes"],
        hash_ranks=inst["ranks"],
        present=inst["present"],
    )
    want = _reference(inst)
    assert len(want) > 100
    assert list(zip(a.tolist(), b.tolist(), strict=True)) == want


@pytest.mark.parametrize("seed", [4, 5])
def test_locality_rows_number_vectors_like_object_identity(seed: int) -> None:
    """The old scan numbered one row per vector *object*: a text's shared vector once, a
    stored claim's own vector once per pair side it appears on."""
    rng = np.random.default_rng(seed)
    n_claims, n_pairs = 300, 900
    shared = rng.random(n_claims) > 0.3
    vec_rows = np.where(shared, rng.integers(0, 80, size=n_claims), np.arange(n_claims))
    a = rng.integers(0, n_claims, size=n_pairs)
    b = rng.integers(0, n_claims, size=n_pairs)
    objects: dict[object, int] = {}
    sources: list[int] = []

    def number(claim: int, side: str, pair: int) -> int:
        key: object = ("vec", int(vec_rows[claim])) if shared[claim] else (side, pair)
        if key not in objects:
            objects[key] = len(objects)
            sources.append(int(vec_rows[claim]))
        return objects[key]

    want_a = [number(int(x), "a", i) for i, x in enumerate(a)]
    want_b = [number(int(x), "b", i) for i, x in enumerate(b)]
    got_a, got_b, source = locality_rows(a, b, vec_rows, shared)
    assert got_a.tolist() == want_a and got_b.tolist() == want_b
    assert source.tolist() == sources
    assert len(sources) < 2 * n_pairs  # shared vectors were numbered once


def test_first_occurrences() -> None:
    x = np.array([3, 1, 3, 2, 1, 3], dtype=np.int64)
    y = np.array([0, 0, 0, 1, 1, 0], dtype=np.int64)
    assert first_occurrences(x).tolist() == [0, 1, 3]
    assert first_occurrences(x, y).tolist() == [0, 1, 3, 4]
    assert first_occurrences(x[:0]).tolist() == []
