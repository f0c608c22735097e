"""The demo vault's planted contradictions score above the product threshold with the right
type; its consistent pairs score below (real packaged MiniLM, loaded once per session)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from engine.contradict.claim import extract_claims
from engine.contradict.scorer import PairScore, PairScorer
from engine.embed.embedder import Embedder

REPO = Path(__file__).resolve().parents[3]
VAULT = REPO / "resources" / "demo-vault"
EXPECTED: dict[str, Any] = json.loads(
    (REPO / "resources" / "demo-vault.expected.json").read_text(encoding="utf-8")
)
CONTRADICTIONS: list[dict[str, Any]] = EXPECTED["contradictions"]
CONSISTENT: list[dict[str, Any]] = EXPECTED["non_contradictions"]
# types the cues name unambiguously; the gateway-coverage pair needs world knowledge
# ("Alder Ford is a field site") that no cue has, so only its flag is checked
CLEAR_TYPES = {"negation", "conflicting_values", "opposing_sentiment"}


def _ids(pairs: list[dict[str, Any]]) -> list[str]:
    return [p.get("topic") or p.get("why") or p["a"] for p in pairs]


@pytest.fixture(scope="module")
def scorer(embedder: Embedder) -> PairScorer:
    return PairScorer.load(embedder=embedder)


@pytest.fixture(scope="module")
def contradiction_scores(scorer: PairScorer) -> list[PairScore]:
    return scorer.score_many([(p["a_claim"], p["b_claim"]) for p in CONTRADICTIONS])


@pytest.fixture(scope="module")
def consistent_scores(scorer: PairScorer) -> list[PairScore]:
    return scorer.score_many([(p["a_claim"], p["b_claim"]) for p in CONSISTENT])


@pytest.mark.parametrize("index", range(len(CONTRADICTIONS)), ids=_ids(CONTRADICTIONS))
@pytest.mark.slow
def test_planted_contradiction_is_flagged(
    index: int, scorer: PairScorer, contradiction_scores: list[PairScore]
) -> None:
    pair, score = CONTRADICTIONS[index], contradiction_scores[index]
    assert score.confidence >= scorer.threshold, (pair, score)
    if pair["type"] in CLEAR_TYPES or "chose" in pair["a_claim"]:
        assert score.type == pair["type"], (pair, score)
    assert score.explanations


@pytest.mark.parametrize("index", range(len(CONSISTENT)), ids=_ids(CONSISTENT))
@pytest.mark.slow
def test_consistent_pair_is_not_flagged(
    index: int, scorer: PairScorer, consistent_scores: list[PairScore]
) -> None:
    assert consistent_scores[index].confidence < scorer.threshold, (
        CONSISTENT[index],
        consistent_scores[index],
    )


def test_every_planted_claim_is_extracted_from_its_note() -> None:
    for pair in CONTRADICTIONS + CONSISTENT:
        for side in ("a", "b"):
            text = (VAULT / pair[side]).read_text(encoding="utf-8")
            claims = [c.text for c in extract_claims(text)]
            assert pair[f"{side}_claim"] in claims, (pair[side], pair[f"{side}_claim"])
