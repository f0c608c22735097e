"""The built-in contradiction scorer: cue detectors + embedding features -> one confidence.

A logistic regression over `features.FEATURE_NAMES` turns a claim pair into a calibrated
probability that the two claims contradict each other. Its weights, the operating threshold,
the negation axis and the training record (data, date, held-out metrics) live in
`weights.json` next to this file, written by `bench/train_contradiction.py`. Inference is
numpy only.

The scorer is symmetric: `score(a, b) == score(b, a)`, explanations included (pairs are put in
a canonical order before anything is computed).
"""

from __future__ import annotations

import json
import logging
import math
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal

import numpy as np
import numpy.typing as npt

from engine.contradict.cues import Cue, CueKind
from engine.contradict.features import (
    FEATURE_NAMES,
    FloatArray,
    NegationSpace,
    TextEvidence,
    as_matrix,
    feature_matrix,
)
from engine.errors import EngineError

if TYPE_CHECKING:
    from engine.embed.embedder import Embedder

log = logging.getLogger(__name__)

WEIGHTS_PATH = Path(__file__).with_name("weights.json")
WEIGHTS_FORMAT = 1

ContradictionType = Literal[
    "negation", "conflicting_values", "opposing_sentiment", "semantic_conflict"
]
CONTRADICTION_TYPES: tuple[ContradictionType, ...] = (
    "negation",
    "conflicting_values",
    "opposing_sentiment",
    "semantic_conflict",
)
_TYPE_OF_CUE: dict[CueKind, ContradictionType] = {
    "negation": "negation",
    "opposition": "opposing_sentiment",
    "numbers": "conflicting_values",
    "dates": "conflicting_values",
    "decision": "semantic_conflict",
}


class WeightsError(EngineError):
    """The scorer's weights file is missing, unreadable or for other features."""


@dataclass(frozen=True)
class PairScore:
    """How likely two claims contradict each other, of which kind, and why."""

    confidence: float  # calibrated probability in [0, 1]
    type: ContradictionType
    explanations: tuple[str, ...]  # most telling first; never empty
    similarity: float  # cosine similarity of the two claims' embeddings


@dataclass(frozen=True)
class LogisticModel:
    """p = sigmoid(intercept + coef . (x - mean) / scale)."""

    feature_names: tuple[str, ...]
    mean: FloatArray
    scale: FloatArray
    coef: FloatArray
    intercept: float

    def predict(self, x: FloatArray) -> FloatArray:
        z = ((x - self.mean) / self.scale) @ self.coef + self.intercept
        return np.asarray(1.0 / (1.0 + np.exp(-np.clip(z, -40.0, 40.0))), dtype=np.float64)

    def to_json(self) -> dict[str, Any]:
        return {
            "feature_names": list(self.feature_names),
            "mean": _rounded(self.mean),
            "scale": _rounded(self.scale),
            "coef": _rounded(self.coef),
            "intercept": round(float(self.intercept), 6),
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> LogisticModel:
        names = tuple(str(n) for n in data["feature_names"])
        arrays = [np.asarray(data[k], dtype=np.float64) for k in ("mean", "scale", "coef")]
        if any(a.shape != (len(names),) for a in arrays):
            raise ValueError("mean, scale and coef must have one value per feature")
        if np.any(arrays[1] <= 0):
            raise ValueError("scale must be positive")
        return cls(names, arrays[0], arrays[1], arrays[2], float(data["intercept"]))


def _rounded(values: npt.ArrayLike, digits: int = 6) -> list[float]:
    return [float(f"{float(v):.{digits}g}") for v in np.asarray(values, dtype=np.float64).ravel()]


class PairScorer:
    """Scores claim pairs with the committed logistic regression (see module docstring).

    `embedder` (optional) embeds claims whose vectors the caller does not pass; without it,
    `score` and `score_many` need the vectors.
    """

    def __init__(
        self,
        *,
        model: LogisticModel,
        threshold: float,
        negation: NegationSpace,
        metadata: dict[str, Any] | None = None,
        embedder: Embedder | None = None,
    ) -> None:
        if model.feature_names != FEATURE_NAMES:
            raise WeightsError(
                "The contradiction weights were trained for other features "
                f"({', '.join(model.feature_names)}); re-run bench/train_contradiction.py."
            )
        if not 0.0 <= threshold <= 1.0:
            raise WeightsError(f"The contradiction threshold {threshold} is not in [0, 1].")
        self._model = model
        self._threshold = float(threshold)
        self._negation = negation
        self._metadata = dict(metadata or {})
        self._embedder = embedder

    @classmethod
    def load(
        cls, path: Path | str | None = None, *, embedder: Embedder | None = None
    ) -> PairScorer:
        """The scorer stored at `path` (default: the committed `weights.json`)."""
        source = Path(path) if path is not None else WEIGHTS_PATH
        try:
            data = json.loads(source.read_text(encoding="utf-8"))
            if data.get("format") != WEIGHTS_FORMAT:
                raise ValueError(f"format {data.get('format')!r}, expected {WEIGHTS_FORMAT}")
            model = LogisticModel.from_json(data["model"])
            axis = np.asarray(data["negation"]["axis"], dtype=np.float64)
            basis = np.asarray(data["negation"]["basis"], dtype=np.float64)
            threshold = float(data["threshold"])
        except (OSError, ValueError, KeyError, TypeError) as err:
            raise WeightsError(
                f"Cannot read the contradiction weights {source}: {err} — re-run "
                "`python bench/train_contradiction.py` or reinstall."
            ) from err
        if (
            axis.ndim != 1
            or basis.ndim != 2
            or basis.shape[1] != axis.shape[0]
            or not math.isclose(float(np.linalg.norm(axis)), 1.0, rel_tol=1e-3)
        ):
            raise WeightsError(f"The negation axis or basis in {source} is malformed.")
        meta = {k: v for k, v in data.items() if k not in ("model", "negation")}
        log.debug("Loaded contradiction scorer from %s (threshold %.3f)", source, threshold)
        return cls(
            model=model,
            threshold=threshold,
            negation=NegationSpace(axis=axis, basis=basis),
            metadata=meta,
            embedder=embedder,
        )

    @property
    def threshold(self) -> float:
        """The product's operating point: a pair with confidence >= threshold is flagged."""
        return self._threshold

    @property
    def feature_names(self) -> tuple[str, ...]:
        return self._model.feature_names

    @property
    def metadata(self) -> dict[str, Any]:
        """The training record from the weights file (data, date, metrics, ...)."""
        return dict(self._metadata)

    @property
    def dimension(self) -> int:
        """The embedding dimension the scorer expects."""
        return self._negation.dimension

    def score(
        self,
        a: str,
        b: str,
        *,
        a_vec: npt.ArrayLike | None = None,
        b_vec: npt.ArrayLike | None = None,
    ) -> PairScore:
        """Score one pair; pass the claims' embeddings when you have them."""
        a_vecs = None if a_vec is None else np.asarray(a_vec, dtype=np.float64).reshape(1, -1)
        b_vecs = None if b_vec is None else np.asarray(b_vec, dtype=np.float64).reshape(1, -1)
        return self.score_many([(a, b)], a_vecs=a_vecs, b_vecs=b_vecs)[0]

    def score_many(
        self,
        pairs: Sequence[tuple[str, str]],
        a_vecs: npt.ArrayLike | None = None,
        b_vecs: npt.ArrayLike | None = None,
    ) -> list[PairScore]:
        """Score many pairs at once; row i of a_vecs/b_vecs embeds pairs[i][0]/pairs[i][1]."""
        if not pairs:
            return []
        probs, evidence, sims = self._run(pairs, a_vecs, b_vecs)
        return [
            self._explain(float(p), ev, float(sim))
            for p, ev, sim in zip(probs, evidence, sims, strict=True)
        ]

    def confidences(
        self,
        pairs: Sequence[tuple[str, str]],
        a_vecs: npt.ArrayLike | None = None,
        b_vecs: npt.ArrayLike | None = None,
    ) -> FloatArray:
        """Only the confidences of many pairs (what evaluation needs)."""
        if not pairs:
            return np.zeros(0, dtype=np.float64)
        return self._run(pairs, a_vecs, b_vecs)[0]

    def _run(
        self,
        pairs: Sequence[tuple[str, str]],
        a_vecs: npt.ArrayLike | None,
        b_vecs: npt.ArrayLike | None,
    ) -> tuple[FloatArray, list[TextEvidence], FloatArray]:
        n = len(pairs)
        va, vb = self._vectors(pairs, a_vecs, b_vecs)
        # Canonical order (by text) makes every output, explanations included, symmetric.
        swap = np.array([b < a for a, b in pairs], dtype=bool)
        ordered = [(b, a) if s else (a, b) for (a, b), s in zip(pairs, swap, strict=True)]
        first = np.where(swap[:, None], vb, va)
        second = np.where(swap[:, None], va, vb)
        x, evidence = feature_matrix(ordered, first, second, self._negation)
        probs = self._model.predict(x)
        sims = x[:, FEATURE_NAMES.index("cosine")]
        if probs.shape != (n,):
            raise ValueError(f"expected {n} scores, got shape {probs.shape}")
        return probs, evidence, sims

    def _vectors(
        self,
        pairs: Sequence[tuple[str, str]],
        a_vecs: npt.ArrayLike | None,
        b_vecs: npt.ArrayLike | None,
    ) -> tuple[FloatArray, FloatArray]:
        n = len(pairs)
        if a_vecs is None or b_vecs is None:
            if self._embedder is None:
                raise ValueError(
                    "PairScorer needs the claims' embeddings (a_vec/b_vec) or an embedder "
                    "(PairScorer.load(embedder=...))."
                )
            texts = sorted({t for pair in pairs for t in pair})
            embedded = self._embedder.embed(texts)
            row = {t: i for i, t in enumerate(texts)}
            if a_vecs is None:
                a_vecs = embedded[[row[a] for a, _ in pairs]]
            if b_vecs is None:
                b_vecs = embedded[[row[b] for _, b in pairs]]
        return as_matrix(a_vecs, rows=n), as_matrix(b_vecs, rows=n)

    def _explain(self, prob: float, evidence: TextEvidence, similarity: float) -> PairScore:
        fired = sorted(
            (c for c in evidence.cues if c.score > 0),
            key=lambda c: (-c.score, _CUE_ORDER[c.kind]),
        )
        explanations = [c.explanation for c in fired if c.explanation]
        kind: ContradictionType
        if fired:
            kind = _TYPE_OF_CUE[_strongest(fired).kind]
        elif evidence.features[FEATURE_NAMES.index("polarity_mismatch")] > 0:
            kind = "negation"
            explanations.append("only one of the claims is negated")
        else:
            kind = "semantic_conflict"
        if not explanations:
            explanations.append(
                f"no explicit cue; the score comes from the embeddings (similarity "
                f"{similarity:.2f}) and word overlap"
            )
        return PairScore(
            confidence=round(min(1.0, max(0.0, prob)), 6),
            type=kind,
            explanations=tuple(explanations),
            similarity=round(similarity, 6),
        )


_CUE_ORDER: dict[CueKind, int] = {
    "decision": 0,
    "numbers": 1,
    "dates": 2,
    "negation": 3,
    "opposition": 4,
}


def _strongest(fired: list[Cue]) -> Cue:
    """The cue that names the pair's type: the highest score; a changed decision or a
    conflicting value outranks the generic cues it implies ("chose" vs "dropped")."""
    top = fired[0].score
    near = [c for c in fired if c.score >= top - 0.25]
    return min(near, key=lambda c: _CUE_ORDER[c.kind])
