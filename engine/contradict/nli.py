"""Optional NLI cross-encoder scoring (`--nli-model PATH`).

No NLI model ships with the product and none is ever downloaded: the user points `--nli-model`
at a local folder holding a sentence-transformers `CrossEncoder` (or any transformers
sequence-classification model) whose labels include "contradiction". Premise/hypothesis order
matters for NLI, so every pair is scored in both directions and the larger contradiction
probability is kept (a contradiction is symmetric; the model's view of it is not).

torch and sentence-transformers are imported only when an `NliScorer` is created.
"""

from __future__ import annotations

import json
import logging
import os
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

from engine.errors import ModelLoadError

log = logging.getLogger(__name__)

_OFFLINE_ENV = ("HF_HUB_OFFLINE", "TRANSFORMERS_OFFLINE")


def _contradiction_index(folder: Path) -> int:
    """The output index of the 'contradiction' label, from the model's config.json."""
    config_file = folder / "config.json"
    try:
        config = json.loads(config_file.read_text(encoding="utf-8"))
    except (OSError, ValueError) as err:
        raise ModelLoadError(
            f"--nli-model {str(folder)!r} has no readable config.json ({err}); point it at a "
            "local sentence-transformers CrossEncoder folder."
        ) from err
    labels: dict[str, Any] = config.get("id2label") or {}
    for index, label in labels.items():
        if "contradict" in str(label).lower():
            return int(index)
    shown = ", ".join(str(v) for v in labels.values()) or "none"
    raise ModelLoadError(
        f"--nli-model {str(folder)!r} has no 'contradiction' label (labels: {shown}); it must "
        "be an NLI model (entailment / neutral / contradiction)."
    )


class NliScorer:
    """Contradiction probabilities from a local NLI cross-encoder, both directions."""

    def __init__(self, model_path: str | Path, *, batch_size: int = 32) -> None:
        folder = Path(model_path).expanduser()
        if not folder.is_dir():
            raise ModelLoadError(
                f"--nli-model {str(model_path)!r} is not a folder; give the path of a local "
                "sentence-transformers CrossEncoder (nothing is downloaded)."
            )
        if batch_size < 1:
            raise ValueError("batch_size must be at least 1")
        self._index = _contradiction_index(folder)
        self._batch_size = batch_size
        self._folder = folder.resolve()
        for var in _OFFLINE_ENV:
            os.environ.setdefault(var, "1")
        try:
            from sentence_transformers import CrossEncoder

            self._model = CrossEncoder(str(self._folder), device="cpu", local_files_only=True)
        except Exception as err:  # torch/transformers raise many unrelated types
            raise ModelLoadError(
                f"Could not load the NLI model {str(model_path)!r}: "
                f"{' '.join(str(err).split())[:300]}"
            ) from err
        log.info("Loaded NLI model %s (contradiction = output %d)", self._folder, self._index)

    @property
    def path(self) -> Path:
        return self._folder

    def score(self, a: str, b: str) -> float:
        """Probability that `a` and `b` contradict each other (max over both directions)."""
        return float(self.score_many([(a, b)])[0])

    def score_many(self, pairs: Sequence[tuple[str, str]]) -> npt.NDArray[np.float64]:
        """Contradiction probability of every pair, both directions, the larger kept."""
        if not pairs:
            return np.zeros(0, dtype=np.float64)
        both = [(a, b) for a, b in pairs] + [(b, a) for a, b in pairs]
        logits = np.asarray(
            self._model.predict(both, batch_size=self._batch_size, show_progress_bar=False),
            dtype=np.float64,
        )
        if logits.ndim != 2 or logits.shape[1] <= self._index:
            raise ModelLoadError(
                f"The NLI model {str(self._folder)!r} returned scores of shape {logits.shape}; "
                "expected one score per label."
            )
        shifted = logits - logits.max(axis=1, keepdims=True)
        probs = np.exp(shifted)
        probs /= probs.sum(axis=1, keepdims=True)
        contradiction = probs[:, self._index]
        n = len(pairs)
        return np.asarray(np.maximum(contradiction[:n], contradiction[n:]), dtype=np.float64)
