"""The contradiction judge: a three-way NLI cross-encoder shipped as ONNX int8 weights.

`PairJudge.load()` opens `judge/judge.onnx` (the packaged MiniLM fine-tuned on SNLI and
note-style pairs by `bench/train_judge.py`; `judge/judge.json` records its data, seed and
held-out scores) with onnxruntime and the tokenizer shipped beside it. `contradiction(pairs)`
reads each pair both ways round (the second only when the first is not clearly low) and
returns the larger P(contradiction): the relation is symmetric, the model is not quite.
Judgements are cached by the two texts, so a rescan or a live edit judges only pairs it has
not seen.

The judge sees each claim as the scan gives it (`judge_text`): a claim whose subject is a
pronoun ("They cannot ...") or that has none (a fragment) is prefixed with its note's title
("Orrin Family: They cannot ..."), as the note-style training pairs are written.
"""

from __future__ import annotations

import json
import logging
import re
import threading
from collections import OrderedDict
from collections.abc import Sequence
from functools import lru_cache
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

from engine.errors import EngineError

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
