"""The pair scorer with the shipped judge but without the embedding model: weights file,
symmetry, bounds, batch = single, errors. Vectors come from a deterministic fake embedder
(hash-seeded unit vectors)."""

from __future__ import annotations

import copy
import hashlib
import json
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from engine.contradict.cues import FEATURE_NAMES
from engine.contradict.scorer import (
    CONTRADICTION_TYPES,
    WEIGHTS_PATH,
    PairScore,
    PairScorer,
    WeightsError,
    explanation,
)
from engine.contradict.structure import assess
from engine.contradict.types import FLAG_THRESHOLD

DIM = 384


class HashEmbedder:
    """Unit vectors seeded by the text's hash; texts sharing a prefix are NOT similar."""

    def __init__(self) -> None:
        self.calls = 0

    def embed(self, texts: Sequence[str], *, batch_size: int = 64) -> np.ndarray:
        self.calls += 1
        out = np.empty((len(texts), DIM), dtype=np.float32)
        for i, t in enumerate(texts):
            seed = int.from_bytes(hashlib.sha256(t.encode()).digest()[:8], "little")
            v = np.random.default_rng(seed).standard_normal(DIM)
            out[i] = v / np.linalg.norm(v)
        return out


PAIRS = [
    ("The river gauge supports LoRaWAN.", "The river gauge does not support LoRaWAN."),
    ("The soil node runs for 14 months.", "The soil node runs for 9 months."),
    ("We chose PostgreSQL for storage.", "We dropped PostgreSQL and chose SQLite."),
    ("The probe proved reliable.", "The probe proved unreliable."),
    ("Deployment is on 12 May 2026.", "Deployment is on 3 June 2026."),
    ("The gateway sits on the barn roof.", "Cattle chew on the whip antenna."),
    ("网关覆盖全部三个站点。", "网关不覆盖全部三个站点。"),
    ("", "An empty claim on one side."),
    ("x " * 2000, "A very long claim against a short one."),
]


@pytest.fixture(scope="module")
def scorer() -> PairScorer:
    return PairScorer.load(embedder=HashEmbedder())


def weights() -> dict[str, Any]:
    data: dict[str, Any] = json.loads(WEIGHTS_PATH.read_text(encoding="utf-8"))
    return data


def test_weights_file_is_small_and_records_its_training() -> None:
    assert WEIGHTS_PATH.stat().st_size < 200_000
    data = weights()
    assert data["model"]["feature_names"] == list(FEATURE_NAMES)
    training = data["training"]
    assert set(training["data"]) == {
        "mnli_dev_matched_binary_2000.jsonl",
        "scifact_claim_evidence.jsonl",
    }
    assert training["date"]
    held = data["metrics"]["heldout"]
    for name in [*training["data"], "combined"]:
        assert {"precision", "recall", "f1", "pairs"} <= set(held[name])
        # the scorer must beat the seeds' heuristic on the held-out half of every file
        assert held[name]["f1"] > data["metrics"]["seed_heuristic_heldout"][name]["f1"]
    assert held["combined"]["precision"] >= 0.7


def test_loads_with_recorded_feature_names_and_threshold(scorer: PairScorer) -> None:
    assert scorer.feature_names == FEATURE_NAMES
    assert 0.0 < scorer.weak_threshold < scorer.threshold < 1.0
    assert scorer.threshold == FLAG_THRESHOLD  # calibrated on whole vaults, not on pairs
    assert scorer.model_threshold == pytest.approx(weights()["threshold"])
    assert scorer.dimension == DIM
    assert "training" in scorer.metadata


@pytest.mark.parametrize(("a", "b"), PAIRS)
def test_symmetric_and_bounded(scorer: PairScorer, a: str, b: str) -> None:
    ab = scorer.score(a, b)
    ba = scorer.score(b, a)
    assert ab == ba
    assert 0.0 <= ab.confidence <= 1.0
    assert ab.type in CONTRADICTION_TYPES
    assert ab.explanations and all(isinstance(e, str) and e for e in ab.explanations)
    assert -1.0 <= ab.similarity <= 1.0


def test_explicit_vectors_symmetric(scorer: PairScorer) -> None:
    rng = np.random.default_rng(1)
    va, vb = rng.standard_normal(DIM), rng.standard_normal(DIM)
    a, b = PAIRS[1]
    assert scorer.score(a, b, a_vec=va, b_vec=vb) == scorer.score(b, a, a_vec=vb, b_vec=va)
    # vectors need not be normalised by the caller
    assert scorer.score(a, b, a_vec=3 * va, b_vec=vb).confidence == pytest.approx(
        scorer.score(a, b, a_vec=va, b_vec=vb).confidence
    )


def test_score_many_matches_score(scorer: PairScorer) -> None:
    emb = HashEmbedder()
    a_vecs = emb.embed([a for a, _ in PAIRS])
    b_vecs = emb.embed([b for _, b in PAIRS])
    many = scorer.score_many(PAIRS, a_vecs, b_vecs)
    single = [
        scorer.score(a, b, a_vec=a_vecs[i], b_vec=b_vecs[i]) for i, (a, b) in enumerate(PAIRS)
    ]
    for m, s in zip(many, single, strict=True):
        assert (m.type, m.explanations) == (s.type, s.explanations)
        assert m.confidence == pytest.approx(s.confidence, abs=1e-6)
        assert m.similarity == pytest.approx(s.similarity, abs=1e-6)
    assert np.allclose(scorer.confidences(PAIRS, a_vecs, b_vecs), [s.confidence for s in many])
    assert scorer.score_many([]) == []


def test_cue_decides_the_type(scorer: PairScorer) -> None:
    expected = ["negation", "conflicting_values", "superseded", "opposing_sentiment",
                "conflicting_values"]  # fmt: skip
    got = [scorer.score(a, b).type for a, b in PAIRS[:5]]
    assert got == expected
    assert "14 months" in scorer.score(*PAIRS[1]).explanations[0]


def test_a_clear_cue_outscores_an_unrelated_pair(scorer: PairScorer) -> None:
    emb = HashEmbedder()
    v = emb.embed(["shared"])[0]
    # same vector on both sides: only the text differs
    negated = scorer.score(*PAIRS[0], a_vec=v, b_vec=v).confidence
    unrelated = scorer.score(*PAIRS[5], a_vec=v, b_vec=v).confidence
    assert negated > unrelated


def test_needs_vectors_or_an_embedder() -> None:
    bare = PairScorer.load()
    with pytest.raises(ValueError, match="embedding"):
        bare.score("The node runs.", "The node does not run.")
    v = np.ones(DIM)
    assert isinstance(bare.score("The node runs.", "It does not.", a_vec=v, b_vec=v), PairScore)


def test_wrong_dimension_is_a_clear_error(scorer: PairScorer) -> None:
    with pytest.raises(ValueError, match="dimension"):
        scorer.score("a b c d", "e f g h", a_vec=np.ones(10), b_vec=np.ones(10))


def test_embedder_is_called_once_per_batch() -> None:
    emb = HashEmbedder()
    scorer = PairScorer.load(embedder=emb)
    scorer.score_many(PAIRS)
    assert emb.calls == 1


def write(tmp_path: Path, data: Any) -> Path:
    path = tmp_path / "weights.json"
    path.write_text(data if isinstance(data, str) else json.dumps(data), encoding="utf-8")
    return path


def test_broken_weights_files_raise_weights_error(tmp_path: Path) -> None:
    with pytest.raises(WeightsError, match="train_contradiction"):
        PairScorer.load(tmp_path / "missing.json")
    with pytest.raises(WeightsError):
        PairScorer.load(write(tmp_path, "{not json"))
    other = copy.deepcopy(weights())
    other["model"]["feature_names"] = [*other["model"]["feature_names"][:-1], "something_else"]
    with pytest.raises(WeightsError, match="other features"):
        PairScorer.load(write(tmp_path, other))
    short = copy.deepcopy(weights())
    short["model"]["coef"] = short["model"]["coef"][:-1]
    with pytest.raises(WeightsError):
        PairScorer.load(write(tmp_path, short))
    bad_axis = copy.deepcopy(weights())
    bad_axis["negation"]["axis"] = [2.0] * DIM
    with pytest.raises(WeightsError, match="negation"):
        PairScorer.load(write(tmp_path, bad_axis))


def test_the_judge_decides_and_unrelated_claims_are_never_shown(scorer: PairScorer) -> None:
    emb = HashEmbedder()
    a_vecs = emb.embed([a for a, _ in PAIRS])
    b_vecs = emb.embed([b for _, b in PAIRS])
    model = scorer.model_probabilities(PAIRS, a_vecs, b_vecs)
    product = scorer.confidences(PAIRS, a_vecs, b_vecs)
    assert model.shape == product.shape == (len(PAIRS),)
    assert np.all((model >= 0.0) & (model <= 1.0))
    unrelated = PAIRS.index(
        ("The gateway sits on the barn roof.", "Cattle chew on the whip antenna.")
    )
    assert product[unrelated] < scorer.weak_threshold
    negation, values = 0, 1
    assert product[negation] >= scorer.threshold
    assert product[values] >= scorer.threshold  # values compared by rule, not only by the judge
    # instructions are vetoed before the judge reads them
    told = scorer.score("Open the settings pane.", "Never open the settings pane.")
    assert told.confidence < scorer.weak_threshold


def test_the_explanation_names_the_title_the_other_claim_opens_with() -> None:
    """Both notes' titles appear in the other claim: the one written as its subject, near the
    start, is what both are about, not a kind named at the end."""
    a = "Orla Venn of the Salt Guild is often mistaken for a half-giant, but she is human."
    b = "Venn is a human/giant half-giant known for her patient, quiet, generous manner."
    notes = ("Guilds/Human.md", "People/Orla Venn.md")
    verdict = assess(a, b, a_note=notes[0], b_note=notes[1])
    assert verdict.kind == "negation"
    line = explanation(a, b, verdict, notes)
    assert line.endswith("both about Orla Venn"), line


def test_a_rule_failing_on_one_pair_costs_that_pair_only(
    scorer: PairScorer, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    """A fault injected into the structural verdict for one pair: the batch is still scored,
    that pair has no verdict of its own, and a warning names its notes."""
    import engine.contradict.scorer as scorer_module

    broken = PAIRS[0]

    def failing(a: str, b: str, **where: Any) -> Any:
        if (a, b) == broken:
            raise StopIteration("a rule failed")
        return assess(a, b, **where)

    monkeypatch.setattr(scorer_module, "assess", failing)
    emb = HashEmbedder()
    a_vecs = emb.embed([a for a, _ in PAIRS])
    b_vecs = emb.embed([b for _, b in PAIRS])
    notes = [("Notes/A.md", "Notes/B.md")] * len(PAIRS)
    with caplog.at_level("WARNING", logger="engine.contradict.scorer"):
        many = scorer.score_many(PAIRS, a_vecs, b_vecs, notes=notes)
    assert len(many) == len(PAIRS)
    assert many[0].confidence < FLAG_THRESHOLD
    assert "Notes/A.md" in caplog.text and "Notes/B.md" in caplog.text
    expected = scorer_module.PairScorer.score_many(scorer, PAIRS[1:], a_vecs[1:], b_vecs[1:])
    assert [m.type for m in many[1:]] == [m.type for m in expected]
