"""Contradiction detection: claims, cue detectors and the pair scorer (no Qt, no I/O beyond
reading the committed weights).

    claims.extract_claims(text, heading_path=...)  -> asserting sentences of a chunk
    cues.analyse / cues.detect                      -> explainable cues for a pair
    scorer.PairScorer.load().score(a, b, a_vec=..., b_vec=...) -> PairScore
    nli.NliScorer(path)                             -> optional local NLI cross-encoder
    evaluate.evaluate_pairs(path, scorer=..., embedder=...) -> precision / recall / F1
"""

from __future__ import annotations

from engine.contradict.claims import Claim, extract_claims
from engine.contradict.scorer import (
    CONTRADICTION_TYPES,
    ContradictionType,
    PairScore,
    PairScorer,
    WeightsError,
)

__all__ = [
    "CONTRADICTION_TYPES",
    "Claim",
    "ContradictionType",
    "PairScore",
    "PairScorer",
    "WeightsError",
    "extract_claims",
]
