"""Word overlap of a claim pair: the scorer's overlap features, and how much else two claims
share beside the words a detector looks at."""

from __future__ import annotations

from dataclasses import dataclass

from engine.contradict.analysis import Analysis
from engine.contradict.text import overlap_count


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
