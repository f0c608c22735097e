"""Cue detectors and the pair model's features: explainable reasons why two claims may
contradict each other (polarity, values, decisions), the word overlap of a pair, and the
pair scorer's feature vector.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np
import numpy.typing as npt

from engine.contradict.claim import CUE_KINDS, Analysis, Cue, CueKind, Decision, analyse
from engine.contradict.text import (
    DOWN_WORDS,
    UP_WORDS,
    NegationScope,
    Token,
    claim_cache,
    opposites_of,
    overlap_count,
    tokenize,
)

# -- cues: Cue detectors: explainable reasons why two claims may contradict each other. ---
#
# Each detector looks at two analysed claims and returns a `Cue`: a score in [0, 1] and one
# sentence the UI can show ("B negates 'support LoRaWAN', which A asserts"). Every detector is
# symmetric (it checks both directions and keeps the stronger) and asks for more than a cue
# word: the negated predicate must appear in the other claim, the two numbers must share a unit
# and a subject, the two dates must say something comparable, and so on. `overlap` gives the
# word-overlap features the scorer uses beside them.
#
# Detectors (all pure functions of `Analysis`):
#     negation       one claim negates what the other asserts (not / never / no longer / without /
#                    failed to / unable to / lacks / outside ...), with scope
#     opposition     antonyms and opposite verbs (reliable/unreliable, increase/decrease,
#                    accepted/rejected; un-/in-/dis-/non- prefixes; -ful/-less)
#     numbers        the same quantity with different values (14 months vs 9 months; 5 min vs
#                    15 minutes; 20 % vs 35 %; $10 vs $12), units normalised
#     dates          different dates for the same event (12 May 2026 vs 3 June 2026)
#     decision       a changed decision (we chose X / we dropped X / replaced X with Y)
#
# The parts: `analysis` (what a detector reads and returns), `negation_scopes`, `decisions`,
# `overlap`, and the detectors in `polarity_cues`, `value_cues` and `decision_cue`. This module
# composes them; `text.clear_claim_caches` empties their per-claim caches.

__all__ = [
    "CUE_KINDS",
    "Analysis",
    "Cue",
    "CueKind",
    "Decision",
    "NegationScope",
    "Overlap",
    "analyse",
    "dates",
    "decision",
    "detect",
    "direction",
    "negation",
    "normalise_space",
    "numbers",
    "opposition",
    "overlap",
    "polarity_mismatch",
]


def detect(a: Analysis, b: Analysis) -> tuple[Cue, ...]:
    """Every detector's cue for the pair, in `CUE_KINDS` order."""
    return (negation(a, b), opposition(a, b), numbers(a, b), dates(a, b), decision(a, b))


_WS_RE = re.compile(r"\s+")


def normalise_space(text: str) -> str:
    """`text` with its whitespace runs collapsed to one space, and stripped."""
    return _WS_RE.sub(" ", text).strip()


# -- overlap: Word overlap of a claim pair: the scorer's overlap features, and how much else two
#    claims share beside the words a detector looks at. ---


@dataclass(frozen=True)
class Overlap:
    """Word-overlap features of a pair (all symmetric, all in [0, 1])."""

    jaccard: float  # content stems shared / content stems in either
    containment: float  # shared / content stems of the shorter claim
    novelty_min: float  # share of the less novel claim's content the other does not have
    novelty_max: float  # the same for the more novel claim
    subject: float  # overlap of the two subjects (content words before the first verb)


def overlap(a: Analysis, b: Analysis) -> Overlap:
    """The word-overlap features of claims `a` and `b`."""
    ca, cb = a.content, b.content
    if not ca or not cb:
        return Overlap(0.0, 0.0, 1.0, 1.0, 0.0)
    shared_a = overlap_count(ca, cb)
    shared_b = overlap_count(cb, ca)
    shared = min(shared_a, shared_b)
    union = len(ca) + len(cb) - shared
    nov_a = 1.0 - shared_a / len(ca)
    nov_b = 1.0 - shared_b / len(cb)
    subject = 0.0
    if a.subject and b.subject:
        subject = min(
            overlap_count(a.subject, b.content), overlap_count(b.subject, a.content)
        ) / min(len(a.subject), len(b.subject))
    return Overlap(
        jaccard=shared / union if union else 0.0,
        containment=shared / min(len(ca), len(cb)),
        novelty_min=min(nov_a, nov_b),
        novelty_max=max(nov_a, nov_b),
        subject=min(1.0, subject),
    )


def shared_context(a: Analysis, b: Analysis, exclude: frozenset[str]) -> float:
    """How much else the two claims share (overlap coefficient of content minus `exclude`)."""
    ca = a.content - exclude
    cb = b.content - exclude
    if not ca or not cb:
        return 0.0
    return min(overlap_count(ca, cb), overlap_count(cb, ca)) / min(len(ca), len(cb))


# -- polarity_cues: Cue detectors for polarity: one claim negates what the other asserts
#    (`negation`), antonyms or opposite verbs in the same context (`opposition`), one says up and
#    the other down (`direction`), and whether exactly one claim has a negation at all
#    (`polarity_mismatch`). ---


def negation(a: Analysis, b: Analysis) -> Cue:
    """One claim negates a predicate the other asserts."""
    best = Cue("negation", 0.0)
    for x, y in ((a, b), (b, a)):
        for scope in x.negations:
            target = scope.stems
            if target:
                hits = overlap_count(target, y.asserted)
                aux_only = False
                if not hits:
                    # elliptic negation ("I didn't.") may hit a function-word predicate
                    aux_only = not (target & x.content) and bool(target & y.words)
                    if not aux_only:
                        continue
                    hits = 1
                if overlap_count(target, y.negated) >= hits:
                    continue  # both negate it: they agree
                # The head (the negated predicate) must be what the other claim asserts; the
                # rest of the scope ("...the coverage of the Kestrel Bend gateway") is context.
                head_hit = (
                    bool(scope.head)
                    and overlap_count(
                        frozenset({scope.head}), y.asserted | (y.words if aux_only else frozenset())
                    )
                    > 0
                )
                tail = target - {scope.head}
                if head_hit and (not tail or overlap_count(tail, y.content)):
                    match = 1.0
                elif head_hit:
                    match = 0.3  # same verb, other object: "not WiFi" vs "LoRaWAN"
                else:
                    match = 0.6 * hits / len(target)
                exclude = frozenset({scope.head}) if head_hit else target
            else:
                continue
            ctx = shared_context(x, y, exclude)
            score = (0.5 + 0.5 * match) * (0.4 + 0.6 * ctx)
            if score > best.score:
                shown = scope.text or scope.cue
                best = Cue(
                    "negation",
                    round(score, 4),
                    f'"{scope.cue} {shown}" negates what the other claim asserts'
                    if scope.text
                    else f'"{scope.cue}" negates what the other claim asserts',
                )
    return best


def opposition(a: Analysis, b: Analysis) -> Cue:
    """Antonyms or opposite verbs in the same context, with the same polarity on both sides."""
    best = Cue("opposition", 0.0)
    b_words = _word_index(b.text)
    # a's words' opposites (cached per word) looked up among b's words: linear in the claims'
    # lengths. Not cached per claim: that index held ~9 KB a claim (72 MB at 8192 claims).
    pairs = [
        (i, j, kind, strength)
        for i, x in enumerate(a.tokens)
        if x.kind == "word" and len(x.stem) >= 2
        for stem_y, kind, strength in opposites_of(x.stem)
        if stem_y in b_words
        for j in b_words[stem_y]
    ]
    if not pairs:
        return best
    pairs.sort(key=lambda p: (p[0], p[1]))  # the order of the pairwise walk (one per i, j)
    for i, j, kind, strength in pairs:
        x, y = a.tokens[i], b.tokens[j]
        # "not reliable" vs "unreliable" agree: a negated opposite is no opposition
        if _in_negation(a, x) != _in_negation(b, y):
            continue
        local_a, local_b = _local(a, i), _local(b, j)
        ctx = _share(local_a, local_b)
        # The other claim may also use the same word in the same context ("decreased the risk
        # of X but increased the risk of Y" vs "decreases the risk of Y"): then it is weaker.
        echo = max(
            (_share(local_a, _local(b, k)) for k, t in enumerate(b.tokens) if t.stem == x.stem),
            default=0.0,
        )
        echo = max(
            echo,
            max(
                (_share(_local(a, k), local_b) for k, t in enumerate(a.tokens) if t.stem == y.stem),
                default=0.0,
            ),
        )
        if echo >= ctx and echo > 0:
            strength *= 0.5
        score = strength * (0.4 + 0.6 * ctx)
        if score > best.score:
            wa, wb = a.text[x.start : x.end], b.text[y.start : y.end]
            label = "opposite verbs" if kind == "opposite_verb" else "opposites"
            best = Cue("opposition", round(score, 4), f'{label}: "{wa}" vs "{wb}"')
    return best


@claim_cache(8192)
def _word_index(text: str) -> dict[str, list[int]]:
    """Stem -> the indexes of the word tokens of claim `text` with that stem."""
    out: dict[str, list[int]] = {}
    for j, y in enumerate(analyse(text).tokens):
        if y.kind == "word":
            out.setdefault(y.stem, []).append(j)
    return out


_SENTENCE_END = frozenset(".!?;。！？；")
_LOCAL = 6


def _local(a: Analysis, i: int) -> frozenset[str]:
    """Content stems within a few tokens of token i, inside its sentence."""
    out: set[str] = set()
    for step in (-1, 1):
        k = i + step
        while 0 <= k < len(a.tokens) and abs(k - i) <= _LOCAL:
            t = a.tokens[k]
            if t.kind == "punct" and t.norm in _SENTENCE_END:
                break
            if t.is_content:
                out.add(t.stem)
            k += step
    return frozenset(out)


def _share(x: frozenset[str], y: frozenset[str]) -> float:
    if not x or not y:
        return 0.0
    return min(overlap_count(x, y), overlap_count(y, x)) / min(len(x), len(y))


def _in_negation(a: Analysis, tok: Token) -> bool:
    return any(n.start <= tok.start < n.end for n in a.negations)


def direction(a: Analysis, b: Analysis) -> float:
    """1.0 when one claim says something goes up and the other that it goes down (negation
    flips a direction), else 0."""
    da, db = _direction(a), _direction(b)
    return 1.0 if da * db < 0 else 0.0


def _direction(a: Analysis) -> int:
    total = 0
    for t in a.tokens:
        if t.kind != "word":
            continue
        sign = 1 if t.stem in UP_WORDS else -1 if t.stem in DOWN_WORDS else 0
        if sign and _in_negation(a, t):
            sign = -sign
        total += sign
    return (total > 0) - (total < 0)


def polarity_mismatch(a: Analysis, b: Analysis) -> float:
    """1.0 when exactly one claim contains a negation at all (the seed's cue), else 0."""
    return 1.0 if bool(a.negations) != bool(b.negations) else 0.0


# -- value_cues: Cue detectors for values: the same quantity with values that cannot both hold
#    (`numbers`), and different dates for the same event (`dates`). ---


def _damping(a: Analysis, b: Analysis) -> float:
    """Values under different conditions (if/when/under...) rarely conflict."""
    if a.condition is None and b.condition is None:
        return 1.0
    if (
        a.condition is not None
        and b.condition is not None
        and overlap_count(a.condition, b.condition)
    ):
        return 1.0
    return 0.5


def _quantity_words(a: Analysis) -> frozenset[str]:
    """Stems written inside the claim's quantities (units, number words)."""
    return frozenset(
        t.stem for t in a.tokens if any(q.start <= t.start < q.end for q in a.quantities)
    )


def _same_subject(a: Analysis, b: Analysis) -> float:
    """1.0 when the subjects overlap (or one is unknown), 0.5 when they differ: two values or
    dates only conflict when they describe the same thing."""
    if not a.subject or not b.subject:
        return 1.0
    return (
        1.0 if overlap_count(a.subject, b.content) or overlap_count(b.subject, a.content) else 0.5
    )


def numbers(a: Analysis, b: Analysis) -> Cue:
    """The same kind of quantity, about the same thing, with values that cannot both hold."""
    best = Cue("numbers", 0.0)
    for x, y in ((a, b), (b, a)):
        for qx in x.quantities:
            same_unit = [qy for qy in y.quantities if qy.unit == qx.unit]
            if not same_unit or any(qx.compatible(qy) for qy in same_unit):
                continue
            for qy in same_unit:
                anchor = qx.anchor | qy.anchor
                subj = 0.0
                if anchor:
                    subj = max(
                        overlap_count(qx.anchor, y.content) / max(1, len(qx.anchor)),
                        overlap_count(qy.anchor, x.content) / max(1, len(qy.anchor)),
                    )
                ctx = shared_context(x, y, _quantity_words(x) | _quantity_words(y))
                strength = (0.5 * subj + 0.5 * ctx) * _same_subject(x, y)
                if qx.bound != "=" or qy.bound != "=":
                    strength *= 0.8
                score = strength * _damping(x, y)
                if score > best.score:
                    first, second = sorted((qx.text, qy.text))
                    best = Cue(
                        "numbers",
                        round(score, 4),
                        f'different values for the same thing: "{first}" vs "{second}"',
                    )
    return best


def dates(a: Analysis, b: Analysis) -> Cue:
    """Different dates for the same event."""
    best = Cue("dates", 0.0)
    for x, y in ((a, b), (b, a)):
        for dx in x.dates:
            comparable = [dy for dy in y.dates if dx.comparable(dy)]
            if not comparable or not all(dx.conflicts_with(dy) for dy in comparable):
                continue
            date_words = frozenset(
                t.stem for d in (*x.dates, *y.dates) for t in tokenize(d.text) if t.kind == "word"
            )
            ctx = shared_context(x, y, date_words)
            score = (0.3 + 0.7 * ctx) * _damping(x, y) * _same_subject(x, y)
            if score > best.score:
                first, second = sorted((dx.text, comparable[0].text))
                best = Cue("dates", round(score, 4), f'different dates: "{first}" vs "{second}"')
    return best


# -- decision_cue: Cue detector for a changed decision: one claim chose what the other dropped, or
#    the two chose different things for the same purpose. ---


def decision(a: Analysis, b: Analysis) -> Cue:
    """A decision one claim records and the other reverses or replaces."""
    best = Cue("decision", 0.0)
    for x, y in ((a, b), (b, a)):
        for dx in x.decisions:
            for dy in y.decisions:
                shared = overlap_count(dx.stems, dy.stems)
                if dx.verb == "choose" and dy.verb == "drop" and shared:
                    score = 1.0
                    text = f'one claim chose "{dx.text}", the other dropped "{dy.text}"'
                elif dx.verb == dy.verb == "choose" and not shared:
                    ctx = shared_context(x, y, dx.stems | dy.stems)
                    if ctx < 0.5:
                        continue
                    score = 0.6 * ctx
                    first, second = sorted((dx.text, dy.text))
                    text = f'different choices for the same purpose: "{first}" vs "{second}"'
                else:
                    continue
                if score > best.score:
                    best = Cue("decision", round(score, 4), text)
    return best


# -- features: The pair scorer's feature vector: a few symmetric numbers per claim pair. ---
#
# Text features come from the cue detectors (`cues`) and word overlap; embedding features from
# the two sentence vectors: their cosine, where each lies on the *negation axis* -- the
# direction in embedding space along which negated sentences differ from their affirmative
# versions (learned without labels by `bench/train_contradiction.py` from pairs like "does not
# support X" / "does support X") -- and how much of their difference lies in the few directions
# negation moves sentences along. Two claims far apart on that axis differ in polarity even when
# no negation word is in sight ("refused", "failed", "nobody").
#
# Every feature is symmetric in (a, b), so the scorer is too.

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
