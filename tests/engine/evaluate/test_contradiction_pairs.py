"""`evaluate_pairs`: file format, label handling, the metrics at the product threshold."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest

from engine.contradict.scorer import PairScorer
from engine.embed.embedder import Embedder
from engine.evaluate.contradiction_pairs import (
    PairsFileError,
    evaluate_pairs,
    load_pairs,
    precision_recall_f1,
)

SHARED = Path(__file__).resolve().parents[4] / "shared" / "data" / "contradiction"

# written for this test: three contradictions, three consistent pairs, one null premise
ROWS = [
    {"premise": "The pump runs for 14 months on one battery.",
     "hypothesis": "The pump runs for only 3 months on one battery.", "label": "contradiction"},
    {"premise": "The mast supports the antenna.",
     "hypothesis": "The mast does not support the antenna.", "label": "contradiction"},
    {"premise": "The valve proved reliable in frost.",
     "hypothesis": "The valve proved unreliable in frost.", "label": "contradiction"},
    {"premise": "The pump is painted green.",
     "hypothesis": "The shed roof leaks after heavy rain.", "label": "neutral"},
    {"premise": None, "premise_doc": "The logger stores readings on an SD card. It syncs daily.",
     "hypothesis": "The logger syncs its readings once a day.", "label": "entailment"},
    {"premise": "The team meets on Mondays.",
     "hypothesis": "The team meets weekly.", "label": "not_contradiction"},
]  # fmt: skip


@pytest.fixture(scope="module")
def pairs_file(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("pairs") / "pairs.jsonl"
    path.write_text("\n".join(json.dumps(r) for r in ROWS) + "\n", encoding="utf-8")
    return path


def test_load_pairs_labels_and_premise_doc_fallback(pairs_file: Path) -> None:
    pairs = load_pairs(pairs_file)
    assert [p.positive for p in pairs] == [True, True, True, False, False, False]
    assert pairs[4].premise.startswith("The logger stores readings")


def test_bad_files(tmp_path: Path) -> None:
    with pytest.raises(PairsFileError):
        load_pairs(tmp_path / "missing.jsonl")
    bad = tmp_path / "bad.jsonl"
    bad.write_text('{"premise": "a"}\n', encoding="utf-8")
    with pytest.raises(PairsFileError, match=r"bad\.jsonl:1"):
        load_pairs(bad)
    empty = tmp_path / "empty.jsonl"
    empty.write_text("\n", encoding="utf-8")
    with pytest.raises(PairsFileError, match="no labeled pairs"):
        load_pairs(empty)


def test_precision_recall_f1() -> None:
    assert precision_recall_f1([1, 1, 0, 0], [1, 0, 1, 0]) == (0.5, 0.5, 0.5)
    assert precision_recall_f1([1, 0], [0, 0]) == (0.0, 0.0, 0.0)
    p, r, f = precision_recall_f1(np.array([1, 1, 1, 0]), np.array([1, 1, 0, 0]))
    assert (p, r) == (1.0, 2 / 3) and f == pytest.approx(0.8)


@pytest.mark.slow
def test_evaluate_pairs_reports_at_the_product_threshold(
    pairs_file: Path, embedder: Embedder
) -> None:
    scorer = PairScorer.load()
    result = evaluate_pairs(pairs_file, scorer=scorer, embedder=embedder)
    assert set(result) == {"pairs", "precision", "recall", "f1", "threshold"}
    assert result["pairs"] == len(ROWS)
    assert result["threshold"] == round(scorer.threshold, 4)
    assert result["precision"] == 1.0  # nothing consistent is flagged
    assert result["recall"] == 1.0  # all three planted contradictions are found
    json.dumps(result)


@pytest.mark.shared_data
@pytest.mark.slow
def test_mnli_sample_beats_the_seed_heuristic(tmp_path: Path, embedder: Embedder) -> None:
    source = SHARED / "mnli_dev_matched_binary_2000.jsonl"
    if not source.is_file():
        pytest.skip(f"{source} is not available")
    # the whole file: the structural verdict flags few pairs, so a sample is too noisy
    result = evaluate_pairs(source, scorer=PairScorer.load(), embedder=embedder)
    assert result["pairs"] == 2000
    # precision first: the seeds' cue-word heuristic has precision 0.55 on the whole file, the
    # pair model alone 0.75; the structural verdict flags fewer pairs, more of them right
    assert result["precision"] > 0.75
    assert result["recall"] > 0.0
