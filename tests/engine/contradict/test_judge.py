"""The contradiction judge: real ONNX weights where they are installed (read both ways round,
cached), and without them a clear error and a scorer that falls back to the structure."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest

from engine.contradict.judge import JUDGE_DIR, SCREEN, JudgeError, PairJudge, judge_text

HAS_WEIGHTS = (JUDGE_DIR / "judge.onnx").is_file()
needs_weights = pytest.mark.skipif(
    not HAS_WEIGHTS, reason="no judge weights installed (bench/train_judge.py builds them)"
)


@pytest.fixture(scope="module")
def judge() -> PairJudge:
    return PairJudge.load()


@needs_weights
def test_the_weights_ship_with_their_training_record() -> None:
    record = json.loads((JUDGE_DIR / "judge.json").read_text(encoding="utf-8"))
    assert record["labels"] == ["contradiction", "entailment", "neutral"]
    assert record["onnx_bytes"] == (JUDGE_DIR / "judge.onnx").stat().st_size
    assert record["seed"] == int(record["seed"])
    assert "snli_train_100k.jsonl" in record["data_sha256"]


@needs_weights
def test_a_plain_contradiction_outscores_a_restatement(judge: PairJudge) -> None:
    p = judge.contradiction(
        [
            ("The ferry to Harrowgate runs every day.", "The ferry to Harrowgate never runs."),
            ("The ferry to Harrowgate runs every day.", "A ferry goes to Harrowgate daily."),
            ("Mira Voss was born in Lowfield.", "Mira Voss was born in Highcastle."),
            ("Mira Voss was born in Lowfield.", "Mira Voss likes to paint."),
        ]
    )
    assert p.shape == (4,)
    assert p[0] > 0.5 > p[1]
    assert p[2] > p[3]
    assert np.all((p >= 0) & (p <= 1))


@needs_weights
def test_both_directions_give_one_score_and_repeats_are_cached(judge: PairJudge) -> None:
    a, b = "The well at Dunmore is dry.", "The well at Dunmore is full of water."
    first = judge.contradiction([(a, b)])
    assert first[0] >= SCREEN, "a clear contradiction is read both ways round"
    both = judge.probabilities([(a, b), (b, a)])[:, 0]
    assert first[0] == pytest.approx(max(both), abs=1e-6)
    before = judge.judged
    again = judge.contradiction([(b, a), (a, b)])
    assert judge.judged == before, "seen pairs are not judged again"
    assert again[0] == again[1] == first[0]


@needs_weights
def test_three_way_probabilities_sum_to_one(judge: PairJudge) -> None:
    probs = judge.probabilities([("A cat sleeps.", "An animal rests."), ("x", "y")])
    assert probs.shape == (2, 3)
    assert np.allclose(probs.sum(axis=1), 1.0, atol=1e-4)
    assert probs[0].argmax() != 0  # not a contradiction


def test_pronoun_subjects_and_fragments_get_the_note_title() -> None:
    assert judge_text("They cannot swim.", "Orrin Family") == "Orrin Family: They cannot swim."
    assert judge_text("Tall woman, early 30s", "Edda Lorne", fragment=True).startswith(
        "Edda Lorne: "
    )
    assert (
        judge_text("The Orrin Family cannot swim.", "Orrin Family")
        == "The Orrin Family cannot swim."
    )
    assert judge_text("Rivers flood in spring.", "Geography") == "Rivers flood in spring."
    assert judge_text("They cannot swim.", None) == "They cannot swim."


def test_missing_weights_say_how_to_rebuild(tmp_path: Path) -> None:
    with pytest.raises(JudgeError, match="train_judge"):
        PairJudge(tmp_path)


@pytest.mark.skipif(HAS_WEIGHTS, reason="judge weights are installed")
def test_without_weights_the_scorer_falls_back_to_the_structure(
    caplog: pytest.LogCaptureFixture,
) -> None:
    from engine.contradict.scan import DEFAULT_SCAN_CONFIG, JUDGE_SCAN_CONFIG
    from engine.contradict.scorer import PairScorer

    scorer = PairScorer.load()
    with caplog.at_level("INFO"):
        assert scorer.judge is None
    assert "structure alone" in caplog.text
    v = np.ones(384)
    values = scorer.score(
        "The soil node runs for 14 months.", "The soil node runs for 9 months.", a_vec=v, b_vec=v
    )
    assert values.confidence >= scorer.threshold
    assert values.type == "conflicting_values"
    assert "14 months" in values.explanations[0]
    # the narrower net of candidates without a judge, the wide one for it
    assert DEFAULT_SCAN_CONFIG.similarity_gate > JUDGE_SCAN_CONFIG.similarity_gate
    assert DEFAULT_SCAN_CONFIG.subject_gate >= JUDGE_SCAN_CONFIG.subject_gate
    assert DEFAULT_SCAN_CONFIG.neighbours < JUDGE_SCAN_CONFIG.neighbours


def test_pairs_are_right_padded_to_the_longest() -> None:
    from types import SimpleNamespace

    from engine.contradict.judge import padded_batch

    encs = [
        SimpleNamespace(ids=[101, 7, 102, 8, 102], type_ids=[0, 0, 0, 1, 1]),
        SimpleNamespace(ids=[101, 9, 102], type_ids=[0, 0, 1]),
    ]
    ids, mask, types = padded_batch(encs)
    assert ids.tolist() == [[101, 7, 102, 8, 102], [101, 9, 102, 0, 0]]
    assert mask.tolist() == [[1, 1, 1, 1, 1], [1, 1, 1, 0, 0]]
    assert types.tolist() == [[0, 0, 0, 1, 1], [0, 0, 1, 0, 0]]
    assert ids.dtype.name == "int64"
