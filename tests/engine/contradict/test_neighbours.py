"""The in-memory candidate search: exact below the limit, inverted file above it."""

from __future__ import annotations

import numpy as np
import pytest

from engine.contradict.candidates import NeighbourSearchConfig, nearest_in_other_groups


def _clustered(n: int, d: int = 48, topics: int = 60, seed: int = 7) -> np.ndarray:
    """Unit vectors around `topics` centres: claims about the same subject sit close."""
    rng = np.random.default_rng(seed)
    centres = rng.normal(size=(topics, d))
    v = centres[rng.integers(0, topics, size=n)] + 0.45 * rng.normal(size=(n, d))
    return (v / np.linalg.norm(v, axis=1, keepdims=True)).astype(np.float32)


def _brute(q: np.ndarray, qg: np.ndarray, b: np.ndarray, bg: np.ndarray, k: int, gate: float):
    out = []
    for vec, group in zip(q, qg, strict=True):
        sims = b @ vec
        ranked = [(int(i), float(sims[i])) for i in np.argsort(-sims) if bg[i] != group]
        out.append([(i, s) for i, s in ranked[:k] if s >= gate])
    return out


def test_exact_search_matches_brute_force_and_skips_own_group() -> None:
    base = _clustered(600)
    groups = np.arange(600, dtype=np.int64) // 5  # five claims per note
    got = nearest_in_other_groups(base[:80], groups[:80], base, groups, k=6, gate=0.5)
    want = _brute(base[:80], groups[:80], base, groups, 6, 0.5)
    assert [[i for i, _ in row] for row in got] == [[i for i, _ in row] for row in want]
    assert all(groups[i] != groups[q] for q, row in enumerate(got) for i, _ in row)
    assert all(s >= 0.5 for row in got for _, s in row)
    assert any(row for row in got)


def test_inverted_file_keeps_nearly_all_pairs_above_the_gate() -> None:
    base = _clustered(6000)
    groups = np.arange(6000, dtype=np.int64) // 8
    queries, qgroups = base[::10], groups[::10]
    exact = nearest_in_other_groups(queries, qgroups, base, groups, k=8, gate=0.7)
    inverted_file = NeighbourSearchConfig(exact_limit=1000)  # below the 6000 base vectors
    approx = nearest_in_other_groups(
        queries, qgroups, base, groups, k=8, gate=0.7, config=inverted_file
    )
    want = {(q, i) for q, row in enumerate(exact) for i, _ in row}
    got = {(q, i) for q, row in enumerate(approx) for i, _ in row}
    assert len(want) > 500
    assert all(groups[i] != qgroups[q] for q, i in got)
    recall = len(want & got) / len(want)
    assert recall >= 0.95, recall


def test_empty_inputs() -> None:
    empty = np.zeros((0, 4), dtype=np.float32)
    assert (
        nearest_in_other_groups(
            empty, np.zeros(0, np.int64), empty, np.zeros(0, np.int64), k=3, gate=0.0
        )
        == []
    )
    q = np.eye(4, dtype=np.float32)[:1]
    assert nearest_in_other_groups(
        q, np.zeros(1, np.int64), empty, np.zeros(0, np.int64), k=3, gate=0.0
    ) == [[]]


def test_locality_order_is_a_permutation_that_groups_subjects() -> None:
    from engine.contradict.candidates import locality_order

    base = _clustered(3000, topics=30)
    rng = np.random.default_rng(1)
    a = base[rng.integers(0, 3000, size=2000)]
    b = a + 0.05 * rng.normal(size=a.shape).astype(np.float32)
    b /= np.linalg.norm(b, axis=1, keepdims=True)
    order = locality_order(a, b)
    assert sorted(order.tolist()) == list(range(2000))

    # neighbouring pairs in the new order are far more alike than in the old one
    def mean_step(idx: np.ndarray) -> float:
        return float(np.mean(np.sum(a[idx[1:]] * a[idx[:-1]], axis=1)))

    assert mean_step(order) > mean_step(np.arange(2000)) + 0.2
    assert locality_order(a[:0], b[:0]).size == 0


def test_locality_order_of_shared_claim_rows_groups_subjects() -> None:
    """The scan's form: pairs as rows of one matrix of distinct claims (no per-pair copies)."""
    from engine.contradict.candidates import locality_order_of

    claims = _clustered(1500, topics=25)
    rng = np.random.default_rng(2)
    a_rows = rng.integers(0, 1500, size=4000)
    b_rows = rng.integers(0, 1500, size=4000)
    order = locality_order_of(a_rows, b_rows, claims, pairs=4000)
    assert sorted(order.tolist()) == list(range(4000))

    def mean_step(idx: np.ndarray) -> float:
        va = claims[a_rows[idx]]
        return float(np.mean(np.sum(va[1:] * va[:-1], axis=1)))

    assert mean_step(order) > mean_step(np.arange(4000)) + 0.2
    assert locality_order_of(a_rows[:0], b_rows[:0], claims, pairs=0).size == 0

    # rows given as indexes into a larger matrix: the same order as the copied matrix
    bigger = np.vstack([_clustered(700, topics=9, seed=5), claims])
    source = np.arange(1500, dtype=np.int64) + 700
    by_rows = locality_order_of(a_rows, b_rows, bigger, pairs=4000, rows=source)
    assert by_rows.tolist() == order.tolist()


@pytest.mark.parametrize("exact_limit", [30_000, 1000])
def test_queries_as_rows_give_the_same_hits_as_a_query_matrix(exact_limit: int) -> None:
    """The scan passes its queries as rows of the claim matrix (no copy of them): the same
    hits, in the same order, as the copied query matrix, exact and inverted file alike."""
    from engine.contradict.candidates import nearest_hits_of_rows

    config = NeighbourSearchConfig(exact_limit=exact_limit)
    base = _clustered(3000)
    groups = np.arange(3000, dtype=np.int64) // 6
    rows = np.random.default_rng(3).choice(3000, size=700, replace=False).astype(np.int64)
    want = nearest_in_other_groups(
        base[rows], groups[rows], base, groups, k=8, gate=0.6, config=config
    )
    hits = nearest_hits_of_rows(rows, base, groups, k=8, gate=0.6, config=config)
    assert hits.per_query() == want
    assert len(hits.index) == sum(len(w) for w in want) > 1000
    assert hits.offsets.tolist() == np.cumsum([0] + [len(w) for w in want]).tolist()


def test_inverted_file_hits_do_not_depend_on_how_queries_are_chunked(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The inverted file takes queries a chunk at a time: small chunks find the same hits,
    in the same order, as one chunk, and every query's hits are its own (most similar
    first, another note, above the gate)."""
    from engine.contradict import candidates

    config = NeighbourSearchConfig(exact_limit=1000)
    base = _clustered(4000)
    groups = np.arange(4000, dtype=np.int64) // 7
    queries, qgroups = base[::3], groups[::3]
    whole = nearest_in_other_groups(queries, qgroups, base, groups, k=6, gate=0.6, config=config)
    monkeypatch.setattr(candidates, "_QUERY_CHUNK", 97)
    chunked = nearest_in_other_groups(queries, qgroups, base, groups, k=6, gate=0.6, config=config)
    # the same hits in the same order; a product's last bits may differ with its size
    assert [[i for i, _ in row] for row in chunked] == [[i for i, _ in row] for row in whole]
    assert np.allclose([s for row in chunked for _, s in row], [s for row in whole for _, s in row])
    assert sum(len(row) for row in whole) > 2000
    for q, row in enumerate(whole):
        sims = [s for _, s in row]
        assert sims == sorted(sims, reverse=True) and all(s >= 0.6 for s in sims)
        assert all(groups[i] != qgroups[q] for i, _ in row)
        for i, s in row:
            assert abs(float(base[i] @ queries[q]) - s) < 1e-5
