"""The pair scorer's feature vector: a few symmetric numbers per claim pair.

Text features come from the cue detectors (`cues`) and word overlap; embedding features from
the two sentence vectors: their cosine, where each lies on the *negation axis* -- the
direction in embedding space along which negated sentences differ from their affirmative
versions (learned without labels by `bench/train_contradiction.py` from pairs like "does not
support X" / "does support X") -- and how much of their difference lies in the few directions
negation moves sentences along. Two claims far apart on that axis differ in polarity even when
no negation word is in sight ("refused", "failed", "nobody").

Every feature is symmetric in (a, b), so the scorer is too.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np
import numpy.typing as npt

from engine.contradict.cues import (
    Cue,
    analyse,
    detect,
    direction,
    overlap,
    polarity_mismatch,
)

FloatArray = npt.NDArray[np.float64]

TEXT_FEATURES: tuple[str, ...] = (
    "cue_max",  # the strongest cue of any detector (negation, opposition, numbers, dates, decision)
    "polarity_mismatch",  # exactly one claim has a negation at all
    "direction",  # one says up, the other down
    "jaccard",  # content-word overlap
    "containment",  # shared content words / content words of the shorter claim
    "novelty_min",  # share of the less novel claim's words absent from the other
    "novelty_max",  # the same for the more novel claim
    "subject",  # overlap of the subjects
    "cue_x_containment",  # a cue between otherwise near-identical claims (a minimal pair)
)
EMBEDDING_FEATURES: tuple[str, ...] = (
    "cosine",  # cosine similarity of the two sentence embeddings
    "negation_axis_product",  # product of the two positions on the negation axis
    "negation_axis_gap",  # |difference| of the two positions
    "negation_axis_max",
    "negation_axis_min",
    "negation_subspace_share",  # share of the claims' difference lying in the negation subspace
)
FEATURE_NAMES: tuple[str, ...] = TEXT_FEATURES + EMBEDDING_FEATURES


@dataclass(frozen=True)
class TextEvidence:
    """What the text of a pair says: the detectors' cues and the text features."""

    cues: tuple[Cue, ...]
    features: tuple[float, ...]  # in TEXT_FEATURES order


def text_evidence(a: str, b: str) -> TextEvidence:
    """Cues and text features of one pair (symmetric in a and b)."""
    x, y = analyse(a), analyse(b)
    cues = detect(x, y)
    ov = overlap(x, y)
    cue_max = max(c.score for c in cues)
    features = (
        cue_max,
        polarity_mismatch(x, y),
        direction(x, y),
        ov.jaccard,
        ov.containment,
        ov.novelty_min,
        ov.novelty_max,
        ov.subject,
        cue_max * ov.containment,
    )
    return TextEvidence(cues=cues, features=features)


def as_matrix(vectors: Any, *, rows: int) -> FloatArray:
    """`vectors` as an (rows, d) float64 matrix, L2-normalised row by row."""
    m: FloatArray = np.asarray(vectors, dtype=np.float64)
    if m.ndim == 1:
        m = m[None, :]
    if m.ndim != 2 or m.shape[0] != rows:
        raise ValueError(f"expected {rows} vectors, got an array of shape {m.shape}")
    norms = np.linalg.norm(m, axis=1, keepdims=True)
    out: FloatArray = np.divide(m, norms, out=np.zeros_like(m), where=norms > 0)
    return out


@dataclass(frozen=True)
class NegationSpace:
    """Where negation lives in embedding space (learned without labels at training time).

    `axis`: unit vector of the mean difference between negated sentences and their de-negated
    versions. `basis`: orthonormal rows spanning the axis and the main directions along which
    those differences vary.
    """

    axis: FloatArray  # (d,)
    basis: FloatArray  # (k, d), orthonormal rows

    @property
    def dimension(self) -> int:
        return int(self.axis.shape[0])

    @classmethod
    def learn(
        cls, vectors: FloatArray, stripped: FloatArray, *, components: int = 4
    ) -> NegationSpace:
        """From sentence vectors and the vectors of the same sentences de-negated."""
        if vectors.shape != stripped.shape or vectors.shape[0] <= components:
            raise ValueError("need more negated sentences than components, each de-negated")
        diffs = vectors - stripped
        mean = diffs.mean(axis=0)
        norm = float(np.linalg.norm(mean))
        if norm == 0.0:
            raise ValueError("negated and de-negated sentences embed identically")
        axis = mean / norm
        _u, _s, vt = np.linalg.svd(diffs - mean, full_matrices=False)
        q, _r = np.linalg.qr(np.vstack([axis, vt[:components]]).T)
        basis = q.T * np.sign(q.T @ axis)[:, None]  # first row is the axis itself
        return cls(
            axis=np.asarray(axis, dtype=np.float64), basis=np.asarray(basis, dtype=np.float64)
        )


def embedding_features(a_vecs: FloatArray, b_vecs: FloatArray, space: NegationSpace) -> FloatArray:
    """(n, len(EMBEDDING_FEATURES)) features of n vector pairs (rows already normalised)."""
    if a_vecs.shape != b_vecs.shape:
        raise ValueError(f"vector shapes differ: {a_vecs.shape} vs {b_vecs.shape}")
    if a_vecs.shape[1] != space.dimension:
        raise ValueError(
            f"vectors have dimension {a_vecs.shape[1]} but the scorer was trained on "
            f"{space.dimension}-dimensional embeddings (use the same embedding model)"
        )
    cos = np.einsum("ij,ij->i", a_vecs, b_vecs)
    pa = a_vecs @ space.axis
    pb = b_vecs @ space.axis
    diff = a_vecs - b_vecs
    diff_norm = np.linalg.norm(diff, axis=1)
    inside = np.linalg.norm(diff @ space.basis.T, axis=1)
    share = np.divide(inside, diff_norm, out=np.zeros_like(inside), where=diff_norm > 1e-9)
    return np.column_stack(
        [cos, pa * pb, np.abs(pa - pb), np.maximum(pa, pb), np.minimum(pa, pb), share]
    )


def feature_matrix(
    pairs: Sequence[tuple[str, str]], a_vecs: FloatArray, b_vecs: FloatArray, space: NegationSpace
) -> tuple[FloatArray, list[TextEvidence]]:
    """The (n, len(FEATURE_NAMES)) feature matrix of n pairs, and each pair's text evidence."""
    evidence = [text_evidence(a, b) for a, b in pairs]
    text = np.array([e.features for e in evidence], dtype=np.float64).reshape(
        len(pairs), len(TEXT_FEATURES)
    )
    emb = embedding_features(a_vecs, b_vecs, space)
    return np.hstack([text, emb]), evidence
