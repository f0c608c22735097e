"""Ranking metrics against hand-computed values."""

from __future__ import annotations

import math

import pytest

from engine.evaluate.metrics import ndcg_at_k, percentile, recall_at_k


def test_ndcg_perfect_and_swapped() -> None:
    qrels = {"a": 2, "b": 1}
    assert ndcg_at_k(["a", "b", "x"], qrels) == pytest.approx(1.0)
    swapped = (1 / math.log2(2) + 2 / math.log2(3)) / (2 / math.log2(2) + 1 / math.log2(3))
    assert ndcg_at_k(["b", "a"], qrels) == pytest.approx(swapped)


def test_ndcg_cut_off_and_no_relevant() -> None:
    assert ndcg_at_k(["x"] * 10 + ["a"], {"a": 1}, k=10) == 0.0
    assert ndcg_at_k(["a"], {}, k=10) == 0.0


def test_recall() -> None:
    assert recall_at_k(["a", "x", "b"], {"a": 1, "b": 1, "c": 1}, k=2) == pytest.approx(1 / 3)
    assert recall_at_k([], {"a": 1}) == 0.0


def test_percentile_nearest_rank() -> None:
    values = [float(v) for v in range(1, 101)]
    assert percentile(values, 50) == 50.0
    assert percentile(values, 95) == 95.0
    assert percentile([], 50) == 0.0
