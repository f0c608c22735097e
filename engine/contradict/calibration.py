"""From the judge's P(contradiction) and what the structure sees to the confidence a person is
shown: a logistic calibration fitted on whole vaults (`bench/calibrate_contradictions.py`).

On labelled pairs half are contradictions; among a vault's candidate pairs far fewer than one
in a hundred is. The judge's probability ranks pairs but over-states them there, and it knows
nothing of what the scan knows: how similar the claims are, whether one names the other's
note, whether the structure found two values of one quantity. `pair_features` puts those
beside the judge's logit; `Calibration.confidence` maps them to a probability fitted on the
candidates of real vaults, each labelled by a truth file written by reading the notes.
"""

from __future__ import annotations

import json
import math
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

from engine.contradict.subjects import note_title_of, title_words

CALIBRATION_PATH = Path(__file__).with_name("judge") / "calibration.json"
FEATURES = ("judge_logit", "similarity", "names_other_note", "value_conflict")

FloatArray = npt.NDArray[np.float64]


def judge_logit(p: float) -> float:
    q = min(max(p, 1e-4), 1.0 - 1e-4)
    return math.log(q / (1.0 - q))


def names_other_note(a: str, b: str, a_note: str | None, b_note: str | None) -> bool:
    """One claim names the other's note by its title (a link reads as its text)."""

    def names(text: str, note: str | None) -> bool:
        if not note:
            return False
        title = title_words(note_title_of(note))
        words = title_words(text)
        n = len(title)
        return bool(title) and any(words[i : i + n] == title for i in range(len(words) - n + 1))

    return names(a, b_note) or names(b, a_note)


def pair_features(
    p: float, similarity: float, named: bool, value_conflict: float
) -> tuple[float, float, float, float]:
    """The features of one judged pair, in the order of FEATURES."""
    return (judge_logit(p), float(similarity), 1.0 if named else 0.0, float(value_conflict))


@dataclass(frozen=True)
class Calibration:
    """confidence = sigmoid(bias + weights . features)."""

    weights: tuple[float, ...]
    bias: float
    record: dict[str, Any]

    def confidence(self, features: Sequence[float]) -> float:
        z = self.bias + sum(w * x for w, x in zip(self.weights, features, strict=True))
        return 1.0 / (1.0 + math.exp(-max(-40.0, min(40.0, z))))

    @classmethod
    def identity(cls) -> Calibration:
        """The judge's own probability (no calibration file)."""
        return cls((1.0, 0.0, 0.0, 0.0), 0.0, {"source": "identity"})

    @classmethod
    def load(cls, path: Path = CALIBRATION_PATH) -> Calibration:
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
            weights = tuple(float(data["weights"][name]) for name in FEATURES)
            bias = float(data["bias"])
        except (OSError, ValueError, KeyError, TypeError):
            return cls.identity()
        return cls(weights, bias, {k: v for k, v in data.items() if k not in ("weights",)})


def fit_logistic(
    x: FloatArray, y: npt.NDArray[np.int64], *, l2: float = 1.0, steps: int = 50
) -> tuple[FloatArray, float]:
    """Weights and bias of an L2-regularised logistic regression (Newton's method)."""
    n, d = x.shape
    xb = np.hstack([x, np.ones((n, 1))])
    w = np.zeros(d + 1)
    reg = np.full(d + 1, l2)
    reg[-1] = 0.0
    for _ in range(steps):
        z = np.clip(xb @ w, -40, 40)
        p = 1.0 / (1.0 + np.exp(-z))
        grad = xb.T @ (p - y) + reg * w
        hess = (xb * (p * (1 - p))[:, None]).T @ xb + np.diag(reg + 1e-9)
        step = np.linalg.solve(hess, grad)
        w -= step
        if float(np.abs(step).max()) < 1e-8:
            break
    return w[:-1], float(w[-1])
