"""Measure the built-in pair scorer on labeled pairs (`consilience eval contradictions`).

Input: JSON lines with `premise`, `hypothesis` and `label`; `label == "contradiction"` is the
positive class and every other label is negative; a null `premise` falls back to
`premise_doc`. Output: precision, recall and F1 of the contradiction class at the threshold
the product uses.
"""

from __future__ import annotations

import json
import logging
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

import numpy as np
import numpy.typing as npt

from engine.errors import EngineError

if TYPE_CHECKING:
    from engine.contradict.scorer import PairScorer
    from engine.embed.embedder import Embedder

log = logging.getLogger(__name__)

POSITIVE_LABEL = "contradiction"


class PairsFileError(EngineError):
    """A labeled-pairs file cannot be read."""


@dataclass(frozen=True)
class LabeledPair:
    premise: str
    hypothesis: str
    label: str
    row: dict[str, Any]  # the whole JSON object (ids, splits, sources)

    @property
    def positive(self) -> bool:
        return self.label == POSITIVE_LABEL


def load_pairs(path: Path) -> list[LabeledPair]:
    """Read a JSON-lines file of labeled pairs (see module docstring)."""
    pairs: list[LabeledPair] = []
    try:
        lines = Path(path).read_text(encoding="utf-8").splitlines()
    except (OSError, UnicodeDecodeError) as err:
        raise PairsFileError(f"Cannot read {path}: {err}") from err
    for number, line in enumerate(lines, start=1):
        if not line.strip():
            continue
        try:
            row = json.loads(line)
            premise = row.get("premise")
            if premise is None:
                premise = row.get("premise_doc")
            hypothesis = row["hypothesis"]
            label = row["label"]
        except (json.JSONDecodeError, KeyError, TypeError, AttributeError) as err:
            raise PairsFileError(
                f"{path}:{number}: expected a JSON object with premise, hypothesis and label "
                f"({err})"
            ) from err
        if not isinstance(premise, str) or not isinstance(hypothesis, str):
            raise PairsFileError(f"{path}:{number}: premise and hypothesis must be text")
        pairs.append(LabeledPair(premise, hypothesis, str(label), row))
    if not pairs:
        raise PairsFileError(f"{path} holds no labeled pairs")
    return pairs


def precision_recall_f1(
    labels: npt.ArrayLike, predicted: npt.ArrayLike
) -> tuple[float, float, float]:
    """Precision, recall and F1 of the positive class (0.0 where undefined)."""
    y = np.asarray(labels, dtype=bool)
    p = np.asarray(predicted, dtype=bool)
    tp = int(np.sum(y & p))
    fp = int(np.sum(~y & p))
    fn = int(np.sum(y & ~p))
    precision = tp / (tp + fp) if tp + fp else 0.0
    recall = tp / (tp + fn) if tp + fn else 0.0
    f1 = 2 * precision * recall / (precision + recall) if precision + recall else 0.0
    return precision, recall, f1


def score_pairs(
    pairs: Sequence[LabeledPair], *, scorer: PairScorer, embedder: Embedder, batch_size: int = 64
) -> npt.NDArray[np.float64]:
    """The scorer's confidence for every pair (texts embedded once each)."""
    texts = sorted({t for p in pairs for t in (p.premise, p.hypothesis)})
    vectors = embedder.embed(texts, batch_size=batch_size)
    row = {t: i for i, t in enumerate(texts)}
    a = vectors[[row[p.premise] for p in pairs]]
    b = vectors[[row[p.hypothesis] for p in pairs]]
    return scorer.confidences([(p.premise, p.hypothesis) for p in pairs], a, b)


def evaluate_pairs(path: Path, *, scorer: PairScorer, embedder: Embedder) -> dict[str, Any]:
    """`{"pairs", "precision", "recall", "f1", "threshold"}` of the scorer on `path`."""
    pairs = load_pairs(path)
    confidence = score_pairs(pairs, scorer=scorer, embedder=embedder)
    labels = np.array([p.positive for p in pairs], dtype=bool)
    precision, recall, f1 = precision_recall_f1(labels, confidence >= scorer.threshold)
    log.info("Scored %d labeled pairs from %s", len(pairs), path)
    return {
        "pairs": len(pairs),
        "precision": round(precision, 4),
        "recall": round(recall, 4),
        "f1": round(f1, 4),
        "threshold": round(scorer.threshold, 4),
    }
