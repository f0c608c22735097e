"""The contradiction scorer: the structural verdict, and a trained judge where its weights are
installed (none ship yet: `bench/train_judge.py` builds them; see docs/decisions/0012).

For each candidate pair (`scan.py` finds them: similar claims, and with a judge also claims
about the same note):

1. **Vetoes** (`structure.about_different_things`): an instruction, an antonym inside the
   subjects ("Weighted graph" / "Unweighted graph"), or each claim speaking of its own note
   (sibling and templated notes) -- such pairs are never shown.
2. **The judge** (`judge.PairJudge`, when installed): a MiniLM cross-encoder fine-tuned as
   three-way NLI reads the two claims both ways round, a pronoun subject or a fragment
   prefixed with its note's title; its calibrated P(contradiction) is the confidence.
3. **Structure** (`structure.assess`): two values of one quantity in any unit, two dates of
   one event, or one slot flipped (polarity, an antonym, a swapped relation) between claims
   about the same thing, found by rule, are a floor under the confidence (the judge reads
   "6 km" and "4 miles" as words).

The judge's probability is calibrated on whole vaults (`judge.py`) with what the scan
knows beside it: the claims' similarity, whether one names the other's note, a value
conflict. Pairs the scan's budget leaves unread get the structural verdict alone.

The explanation is one line a person can check: the structure's where it compared values,
dates, a swapped relation or a changed decision, else the two differing parts and what both
are about (`structure.difference_line`), never a list of negator words.

Two operating points: `threshold` (FLAG_THRESHOLD) is what every front end shows by default;
pairs from `weak_threshold` up are stored too and shown only on request ("weak"). The
logistic model in `weights.json` (cue and embedding features, `bench/train_contradiction.py`)
moves the structural floor by at most +-10 %, which orders pairs of equal structure.

The scorer is symmetric: `score(a, b) == score(b, a)`, explanations included.
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

from engine.contradict.candidates import note_title_of
from engine.contradict.claim import parse_claim
from engine.contradict.cues import (
    FEATURE_NAMES,
    FloatArray,
    NegationSpace,
    TextEvidence,
    as_matrix,
    feature_matrix,
)
from engine.contradict.judge import (
    Calibration,
    JudgeError,
    PairJudge,
    judge_text,
    names_other_note,
    pair_features,
)
from engine.contradict.structure import (
    Verdict,
    about_different_things,
    assess,
    difference_line,
    plain,
)
from engine.contradict.types import FLAG_THRESHOLD, SCORER_VERSION, WEAK_THRESHOLD
from engine.errors import EngineError

if TYPE_CHECKING:
    from engine.embed.embedder import Embedder

log = logging.getLogger(__name__)


def _assess_safely(
    a: str,
    b: str,
    where: dict[str, str | None],
    links: tuple[tuple[str, ...], tuple[str, ...]],
) -> Verdict:
    """`assess` on one pair; a rule that fails on these two claims costs this pair its
    verdict, with a warning that names both notes, never the whole scan."""
    try:
        return assess(a, b, **where, a_links=links[0], b_links=links[1])
    except Exception:
        log.warning(
            "no verdict on a pair of claims from %s and %s: a rule failed on them",
            where.get("a_note"),
            where.get("b_note"),
            exc_info=True,
        )
        return Verdict(0.0, "none", "")


WEIGHTS_PATH = Path(__file__).with_name("weights.json")
WEIGHTS_FORMAT = 1

ContradictionType = Literal[
    "negation", "conflicting_values", "opposing_sentiment", "semantic_conflict", "superseded"
]
CONTRADICTION_TYPES: tuple[ContradictionType, ...] = (
    "negation",
    "conflicting_values",
    "opposing_sentiment",
    "semantic_conflict",
    "superseded",
)


#: How far the pair model moves a structural verdict (confidence x (1 +- MODEL_SWAY)).
MODEL_SWAY = 0.1


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
        judge: PairJudge | None = None,
        calibration: Calibration | None = None,
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
        self._judge = judge
        self._judge_missing = False
        self._calibration = calibration

    @classmethod
    def load(
        cls,
        path: Path | str | None = None,
        *,
        embedder: Embedder | None = None,
        judge: PairJudge | None = None,
    ) -> PairScorer:
        """The scorer stored at `path` (default: the committed `weights.json`); `judge`: a
        judge to use instead of the installed one (if any)."""
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
            judge=judge,
        )

    @property
    def threshold(self) -> float:
        """The product's operating point: a pair with confidence >= threshold is shown."""
        return FLAG_THRESHOLD

    @property
    def version(self) -> str:
        """What scored the stored pairs (a change means they are rescored)."""
        return SCORER_VERSION

    @property
    def weak_threshold(self) -> float:
        """Pairs from here up to `threshold` are kept as "weak" (shown only on request)."""
        return WEAK_THRESHOLD

    @property
    def model_threshold(self) -> float:
        """The pair model's own operating point on balanced labeled pairs (not the product's)."""
        return self._threshold

    @property
    def feature_names(self) -> tuple[str, ...]:
        return self._model.feature_names

    @property
    def metadata(self) -> dict[str, Any]:
        """The training record from the weights file (data, date, metrics, ...)."""
        return dict(self._metadata)

    @property
    def calibration(self) -> Calibration:
        """Judge and structure to a confidence, fitted on whole vaults (`judge.py`)."""
        if self._calibration is None:
            self._calibration = Calibration.load()
        return self._calibration

    @property
    def judge(self) -> PairJudge | None:
        """The cross-encoder that reads candidate pairs (the shipped one, loaded on first use);
        None when its weights are missing or unreadable: the structure alone then decides,
        and the log says why once."""
        if self._judge is None and not self._judge_missing:
            try:
                self._judge = PairJudge.load()
            except JudgeError as exc:
                log.info("contradictions are judged by structure alone: %s", exc)
                self._judge_missing = True
        return self._judge

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
        notes: tuple[str | None, str | None] | None = None,
        headings: tuple[str | None, str | None] | None = None,
    ) -> PairScore:
        """Score one pair; pass the claims' embeddings when you have them."""
        a_vecs = None if a_vec is None else np.asarray(a_vec, dtype=np.float64).reshape(1, -1)
        b_vecs = None if b_vec is None else np.asarray(b_vec, dtype=np.float64).reshape(1, -1)
        return self.score_many(
            [(a, b)],
            a_vecs=a_vecs,
            b_vecs=b_vecs,
            notes=None if notes is None else [notes],
            headings=None if headings is None else [headings],
        )[0]

    def score_many(
        self,
        pairs: Sequence[tuple[str, str]],
        a_vecs: npt.ArrayLike | None = None,
        b_vecs: npt.ArrayLike | None = None,
        *,
        notes: Sequence[tuple[str | None, str | None]] | None = None,
        headings: Sequence[tuple[str | None, str | None]] | None = None,
        links: Sequence[tuple[tuple[str, ...], tuple[str, ...]]] | None = None,
        judge: Sequence[bool] | None = None,
    ) -> list[PairScore]:
        """Score many pairs at once; row i of a_vecs/b_vecs embeds pairs[i][0]/pairs[i][1];
        `notes[i]` names the notes (paths) the two claims come from, `headings[i]` the
        headings they sit under and `links[i]` the notes each names by a link's alias, when
        known."""
        if not pairs:
            return []
        confidence, verdicts, sims, lines = self._run(
            pairs, a_vecs, b_vecs, notes, headings, judge, links
        )
        out: list[PairScore] = []
        for i, verdict in enumerate(verdicts):
            if confidence[i] <= 0.0:
                explanations: tuple[str, ...] = (
                    "not shown: the claims are not about the same thing, or agree",
                )
                kind: ContradictionType = "semantic_conflict"
            else:
                kind = contradiction_type(pairs[i][0], pairs[i][1], verdict)
                explanations = (lines[i],)
            out.append(
                PairScore(
                    confidence=round(float(confidence[i]), 6),
                    type=kind,
                    explanations=explanations,
                    similarity=round(float(sims[i]), 6),
                )
            )
        return out

    def confidences(
        self,
        pairs: Sequence[tuple[str, str]],
        a_vecs: npt.ArrayLike | None = None,
        b_vecs: npt.ArrayLike | None = None,
    ) -> FloatArray:
        """Only the confidences of many pairs (what evaluation needs)."""
        if not pairs:
            return np.zeros(0, dtype=np.float64)
        return self._run(pairs, a_vecs, b_vecs, None, None, None)[0]

    def model_probabilities(
        self,
        pairs: Sequence[tuple[str, str]],
        a_vecs: npt.ArrayLike | None = None,
        b_vecs: npt.ArrayLike | None = None,
    ) -> FloatArray:
        """The pair model alone (what `bench/train_contradiction.py` fits), for every pair."""
        if not pairs:
            return np.zeros(0, dtype=np.float64)
        va, vb = self._vectors(pairs, a_vecs, b_vecs)
        return self._model_run(pairs, va, vb)[0]

    def _run(
        self,
        pairs: Sequence[tuple[str, str]],
        a_vecs: npt.ArrayLike | None,
        b_vecs: npt.ArrayLike | None,
        notes: Sequence[tuple[str | None, str | None]] | None,
        headings: Sequence[tuple[str | None, str | None]] | None,
        judge: Sequence[bool] | None,
        links: Sequence[tuple[tuple[str, ...], tuple[str, ...]]] | None = None,
    ) -> tuple[FloatArray, list[Verdict], FloatArray, list[str]]:
        n = len(pairs)
        if judge is not None and len(judge) != n:
            raise ValueError(f"expected {n} judge flags, got {len(judge)}")
        if notes is not None and len(notes) != n:
            raise ValueError(f"expected {n} note pairs, got {len(notes)}")
        if headings is not None and len(headings) != n:
            raise ValueError(f"expected {n} heading pairs, got {len(headings)}")
        none: list[tuple[str | None, str | None]] = [(None, None)] * n
        va, vb = self._vectors(pairs, a_vecs, b_vecs)
        if va.shape != vb.shape or va.shape[1] != self.dimension:
            raise ValueError(
                f"vectors have dimension {va.shape[1]} but the scorer was trained on "
                f"{self.dimension}-dimensional embeddings (use the same embedding model)"
            )
        sims = np.einsum("ij,ij->i", va, vb)
        note_pairs, heading_pairs = notes or none, headings or none
        reader = self.judge if judge is None or any(judge) else None
        verdicts: list[Verdict] = []
        ask: list[int] = []
        no_links: tuple[str, ...] = ()
        link_pairs = links or [(no_links, no_links)] * n
        if len(link_pairs) != n:
            raise ValueError(f"expected {n} link pairs, got {len(link_pairs)}")
        for i, ((a, b), nt, hd) in enumerate(zip(pairs, note_pairs, heading_pairs, strict=True)):
            where = {"a_note": nt[0], "b_note": nt[1], "a_heading": hd[0], "b_heading": hd[1]}
            verdicts.append(_assess_safely(a, b, where, link_pairs[i]))
            wanted = reader is not None and (judge is None or judge[i])
            if wanted and not about_different_things(a, b, **where):
                ask.append(i)
        judged = np.zeros(n, dtype=np.float64)
        if reader is not None and ask:
            titles = [(note_title(note_pairs[i][0]), note_title(note_pairs[i][1])) for i in ask]
            texts = [
                (
                    judge_text(pairs[i][0], ta, fragment=parse_claim(pairs[i][0]).fragment),
                    judge_text(pairs[i][1], tb, fragment=parse_claim(pairs[i][1]).fragment),
                )
                for i, (ta, tb) in zip(ask, titles, strict=True)
            ]
            # canonical order (by text): the first direction read is the same either way round
            texts = [(x, y) if x <= y else (y, x) for x, y in texts]
            judged[ask] = reader.contradiction(texts)
        # the structural verdict is the floor: values, dates, a flipped polarity, an antonym
        # or a swap in one slot about the same thing are shown whatever the judge says; the
        # pair model orders verdicts of equal structure (x (1 +- MODEL_SWAY))
        confidence = np.zeros(n, dtype=np.float64)
        live = [i for i, v in enumerate(verdicts) if v.score > 0.0]
        if live:
            idx = np.asarray(live, dtype=np.int64)
            probs, _ = self._model_run([pairs[i] for i in live], va[idx], vb[idx])
            structural = np.asarray([verdicts[i].score for i in live], dtype=np.float64)
            sway = 1.0 + MODEL_SWAY * (2.0 * probs - 1.0)
            confidence[idx] = np.clip(structural * sway, 0.0, 1.0)
        for i in ask:
            a, b = pairs[i]
            named = names_other_note(a, b, note_pairs[i][0], note_pairs[i][1])
            features = pair_features(
                float(judged[i]), float(sims[i]), named, value_conflict(verdicts[i])
            )
            confidence[i] = max(confidence[i], self.calibration.confidence(features))
        lines = [
            explanation(pairs[i][0], pairs[i][1], verdicts[i], note_pairs[i])
            if confidence[i] > 0
            else ""
            for i in range(n)
        ]
        return confidence, verdicts, sims, lines

    def _model_run(
        self, pairs: Sequence[tuple[str, str]], va: FloatArray, vb: FloatArray
    ) -> tuple[FloatArray, list[TextEvidence]]:
        # Canonical order (by text) makes every output, explanations included, symmetric.
        swap = np.array([b < a for a, b in pairs], dtype=bool)
        ordered = [(b, a) if s else (a, b) for (a, b), s in zip(pairs, swap, strict=True)]
        first = np.where(swap[:, None], vb, va)
        second = np.where(swap[:, None], va, vb)
        x, evidence = feature_matrix(ordered, first, second, self._negation)
        probs = self._model.predict(x)
        if probs.shape != (len(pairs),):
            raise ValueError(f"expected {len(pairs)} scores, got shape {probs.shape}")
        return probs, evidence

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


def note_title(note: str | None) -> str | None:
    """A note's title: its file name without the extension."""
    return note_title_of(note) if note else None


def value_conflict(verdict: Verdict) -> float:
    """The structure's strength where it found two values of one quantity or two dates of one
    event (by rule, in any unit or format), else 0."""
    return verdict.score if verdict.kind == "conflicting_values" else 0.0


def explanation(a: str, b: str, verdict: Verdict, notes: tuple[str | None, str | None]) -> str:
    """One line a person can check: the structure's when it compared values, dates, a swapped
    relation or a changed decision; else the two differing parts and what both are about."""
    if verdict.score > 0.0 and verdict.kind in _STRUCTURAL_LINES:
        return verdict.explanation
    if b < a:  # canonical order: the same line whichever claim comes first
        a, b, notes = b, a, (notes[1], notes[0])
    # what ties the two: the title of one claim's note that the other claim names comes first
    # ("They cannot forge" in *Orrin Family* / "The Orrin Family smiths of Keldmoor forge"),
    # the one named nearer the start (the subject) before one named later ("Orla Venn ... is
    # mistaken for a half-giant, but she is a full human" against "Orla Venn is a human/giant
    # half-breed" in *Human*: about Orla Venn)
    own = [(note_title(notes[0]), b), (note_title(notes[1]), a)]
    named_at = [
        (plain(other).casefold().find(t.casefold()), t) for t, other in own if t is not None
    ]
    ties = [t for at, t in sorted(named_at) if at >= 0]
    titles = ties + [t for t, _ in own if t and t not in ties]
    negators = (*_main_negators(a), *_main_negators(b))
    return difference_line(a, b, titles, focus=negators, negation=len(negators) % 2 == 1)


def _main_negators(claim: str) -> tuple[str, ...]:
    """The claim's negators outside a result clause ("so deep that no one ..." negates only
    that clause): the ones that can flip what the claim says."""
    c = parse_claim(claim)
    return tuple(n for n, result in zip(c.negators, c.resulting, strict=True) if not result)


def contradiction_type(a: str, b: str, verdict: Verdict) -> ContradictionType:
    if verdict.score > 0.0 and verdict.kind in CONTRADICTION_TYPES:
        return verdict.kind
    flips = len(_main_negators(a)) + len(_main_negators(b))
    return "negation" if flips % 2 == 1 else "semantic_conflict"


_STRUCTURAL_LINES = frozenset(
    {"conflicting_values", "semantic_conflict", "superseded", "opposing_sentiment"}
)
