"""The contradiction judge (an NLI cross-encoder shipped as ONNX weights) and the
calibration from its P(contradiction) to the confidence a person is shown.
"""

from __future__ import annotations

import json
import logging
import math
import re
import threading
from collections import OrderedDict
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

from engine.contradict.candidates import note_title_of, title_words
from engine.errors import EngineError

# -- judge: The contradiction judge: a three-way NLI cross-encoder shipped as ONNX int8 weights. ---
#
# `PairJudge.load()` opens `judge/judge.onnx` (the packaged MiniLM fine-tuned on SNLI and
# note-style pairs by `bench/train_judge.py`; `judge/judge.json` records its data, seed and
# held-out scores) with onnxruntime and the tokenizer shipped beside it. `contradiction(pairs)`
# reads each pair both ways round (the second only when the first is not clearly low) and
# returns the larger P(contradiction): the relation is symmetric, the model is not quite.
# Judgements are cached by the two texts, so a rescan or a live edit judges only pairs it has
# not seen.
#
# The judge sees each claim as the scan gives it (`judge_text`): a claim whose subject is a
# pronoun ("They cannot ...") or that has none (a fragment) is prefixed with its note's title
# ("Orrin Family: They cannot ..."), as the note-style training pairs are written.

log = logging.getLogger(__name__)

JUDGE_DIR = Path(__file__).with_name("judge")
LABELS = ("contradiction", "entailment", "neutral")
MAX_TOKENS = 128
BATCH = 32
CACHE_SIZE = 1 << 17
#: The second direction is read only when the first gives at least this P(contradiction):
#: below it no pair is shown, and it halves the judge's work on a vault.
SCREEN = 0.2

FloatArray = npt.NDArray[np.float32]
IntArray = npt.NDArray[np.int64]

_PRONOUN_START = re.compile(
    r"^\W*(?:they|it|he|she|its|their|his|her|this|these|those|we|our)\b", re.IGNORECASE
)


class JudgeError(EngineError):
    """The judge's weights or tokenizer are missing or unreadable."""


def judge_text(claim: str, title: str | None, *, fragment: bool = False) -> str:
    """The claim as the judge reads it: a claim whose subject is a pronoun, or a fragment
    without one ("Tall woman, early 30s"), gets its note's title before it."""
    if not title or title.casefold() in claim.casefold():
        return claim
    if fragment or _PRONOUN_START.match(claim):
        return f"{title}: {claim}"
    return claim


class PairJudge:
    """P(contradiction) of sentence pairs by the shipped cross-encoder (thread-safe)."""

    def __init__(self, folder: Path = JUDGE_DIR, *, threads: int | None = None) -> None:
        model = folder / "judge.onnx"
        if not model.is_file():  # the usual case while no weights ship: no heavy imports
            raise JudgeError(
                f"No contradiction judge in {folder} — rebuild it with "
                "`python bench/train_judge.py`."
            )
        try:
            import onnxruntime as ort
            from tokenizers import Tokenizer
        except ImportError as err:  # pragma: no cover - both are dependencies
            raise JudgeError(f"The contradiction judge needs onnxruntime: {err}") from err
        try:
            self._tokenizer = Tokenizer.from_file(str(folder / "tokenizer.json"))
            options = ort.SessionOptions()
            if threads:
                options.intra_op_num_threads = threads
            options.log_severity_level = 3
            self._session = ort.InferenceSession(
                str(model), options, providers=["CPUExecutionProvider"]
            )
            record = folder / "judge.json"  # the training record, once `score` wrote it
            self.metadata: dict[str, Any] = (
                json.loads(record.read_text(encoding="utf-8")) if record.is_file() else {}
            )
        except Exception as err:  # onnxruntime raises its own exception types
            raise JudgeError(
                f"Cannot load the contradiction judge from {folder}: {err} — reinstall, or "
                "rebuild it with `python bench/train_judge.py`."
            ) from err
        self._tokenizer.enable_truncation(max_length=MAX_TOKENS, strategy="longest_first")
        self._tokenizer.no_padding()
        self._inputs = {i.name for i in self._session.get_inputs()}
        self._lock = threading.Lock()
        self._cache: OrderedDict[tuple[str, str], float] = OrderedDict()
        self.judged = 0  # directions run through the model (not cached)

    @classmethod
    def load(cls) -> PairJudge:
        """The shipped judge, loaded once per process."""
        return _shared_judge()

    def probabilities(self, pairs: Sequence[tuple[str, str]]) -> FloatArray:
        """P(contradiction, entailment, neutral) of each (premise, hypothesis), in that order."""
        out = np.zeros((len(pairs), len(LABELS)), dtype=np.float32)
        if not pairs:
            return out
        order = sorted(range(len(pairs)), key=lambda i: len(pairs[i][0]) + len(pairs[i][1]))
        for start in range(0, len(order), BATCH):
            idx = order[start : start + BATCH]
            out[idx] = self._run([pairs[i] for i in idx])
        return out

    def contradiction(self, pairs: Sequence[tuple[str, str]]) -> FloatArray:
        """P(contradiction) of each pair: the larger of its two directions, the second read
        only when the first reaches SCREEN (cached by direction)."""
        out = np.zeros(len(pairs), dtype=np.float32)
        with self._lock:
            forward = [(a, b) for a, b in pairs]
            self._fill(forward)
            backward = [(b, a) for a, b in forward if self._cache[(a, b)] >= SCREEN]
            self._fill(backward)
            for i, key in enumerate(forward):
                p = self._cache[key]
                if p >= SCREEN:
                    p = max(p, self._cache[(key[1], key[0])])
                out[i] = p
            while len(self._cache) > CACHE_SIZE:
                self._cache.popitem(last=False)
        return out

    def _fill(self, keys: Sequence[tuple[str, str]]) -> None:
        """Judge the directions not in the cache yet (in one batch run)."""
        missing = list(dict.fromkeys(k for k in keys if k not in self._cache))
        for key in keys:
            if key in self._cache:
                self._cache.move_to_end(key)
        if not missing:
            return
        probs = self.probabilities(missing)[:, 0]
        self.judged += len(missing)
        for key, p in zip(missing, probs.tolist(), strict=True):
            self._cache[key] = p

    def _run(self, pairs: Sequence[tuple[str, str]]) -> FloatArray:
        ids, mask, types = padded_batch(self._tokenizer.encode_batch(list(pairs)))
        feed = {"input_ids": ids, "attention_mask": mask, "token_type_ids": types}
        logits = self._session.run(None, {k: v for k, v in feed.items() if k in self._inputs})[0]
        z = np.asarray(logits, dtype=np.float32)
        e = np.exp(z - z.max(axis=1, keepdims=True))
        return np.asarray(e / e.sum(axis=1, keepdims=True), dtype=np.float32)


def padded_batch(encodings: Sequence[Any]) -> tuple[IntArray, IntArray, IntArray]:
    """Token ids, attention mask and token types of tokenized pairs, right-padded to the
    longest (what the judge's ONNX graph takes; the training script feeds the same)."""
    width = max(len(e.ids) for e in encodings)
    ids = np.zeros((len(encodings), width), dtype=np.int64)
    mask = np.zeros_like(ids)
    types = np.zeros_like(ids)
    for i, e in enumerate(encodings):
        n = len(e.ids)
        ids[i, :n] = e.ids
        mask[i, :n] = 1
        types[i, :n] = e.type_ids
    return ids, mask, types


@lru_cache(maxsize=1)
def _shared_judge() -> PairJudge:
    judge = PairJudge()
    log.info("Loaded the contradiction judge (%s)", judge.metadata.get("scores", {}))
    return judge


# -- calibration: From the judge's P(contradiction) and what the structure sees to the confidence a
#    person is shown: a logistic calibration fitted on whole vaults
#    (`bench/calibrate_contradictions.py`). ---
#
# On labelled pairs half are contradictions; among a vault's candidate pairs far fewer than one
# in a hundred is. The judge's probability ranks pairs but over-states them there, and it knows
# nothing of what the scan knows: how similar the claims are, whether one names the other's
# note, whether the structure found two values of one quantity. `pair_features` puts those
# beside the judge's logit; `Calibration.confidence` maps them to a probability fitted on the
# candidates of real vaults, each labelled by a truth file written by reading the notes.

CALIBRATION_PATH = Path(__file__).with_name("judge") / "calibration.json"
FEATURES = ("judge_logit", "similarity", "names_other_note", "value_conflict")

Float64Array = npt.NDArray[np.float64]


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
    x: Float64Array, y: npt.NDArray[np.int64], *, l2: float = 1.0, steps: int = 50
) -> tuple[Float64Array, float]:
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
