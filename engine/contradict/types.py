"""What the product shows about a contradiction: frozen, JSON-ready (`to_dict()`)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal

Side = Literal["a", "b"]

#: The confidence from which a pair is shown by default (CLI, MCP, inspector, search). Set on
#: whole vaults, where contradictions are rare among similar claims: planted contradictions
#: and look-alike agreements beside unmodified vaults (docs/decisions/0007).
FLAG_THRESHOLD = 0.5
#: Pairs from here up are stored and offered as "weak", off by default.
WEAK_THRESHOLD = 0.3
#: Stored with the index: pairs scored by another version are rescored on the next sync (the
#: claim vectors are kept). Bump it whenever what the scorer shows changes (installing judge
#: weights, `judge.py`, changes it too).
SCORER_VERSION = "structure-labels-78"
ReviewState = Literal["open", "dismissed", "resolved"]


@dataclass(frozen=True)
class ContradictionSide:
    """One of the two claims of a contradiction, with its note."""

    path: str
    title: str
    claim: str
    context: str  # the claim with the sentences around it
    timestamp: str | None  # the note's modified date (ISO 8601)
    text_hash: str  # sha256 of the claim text: what review decisions are keyed by

    def to_dict(self) -> dict[str, Any]:
        return {
            "path": self.path,
            "title": self.title,
            "claim": self.claim,
            "context": self.context,
            "timestamp": self.timestamp,
        }


@dataclass(frozen=True)
class Contradiction:
    """Two claims of different notes that likely contradict each other.

    Sides are in canonical order (by claim text hash), so the same two claims always give the
    same `a` and `b`, whichever note changed last.
    """

    id: str
    a: ContradictionSide
    b: ContradictionSide
    confidence: float
    similarity: float
    type: str  # negation | conflicting_values | opposing_sentiment | semantic_conflict |
    # superseded (a decision changed: see `newer`)
    explanations: tuple[str, ...]
    newer: Side | None  # the side whose note was modified later (None: same time)
    review: ReviewState = "open"
    current_side: Side | None = None  # for resolved pairs: which claim holds
    # the same two claims in other notes: (a path, b path) of each other place, shown once
    also: tuple[tuple[str, str], ...] = ()

    @property
    def key(self) -> tuple[str, str]:
        """(a_hash, b_hash): the review key."""
        return (self.a.text_hash, self.b.text_hash)

    def to_dict(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "a": self.a.to_dict(),
            "b": self.b.to_dict(),
            "confidence": round(self.confidence, 6),
            "similarity": round(self.similarity, 6),
            "type": self.type,
            "newer": self.newer,
            "explanations": list(self.explanations),
            "review": self.review,
            "current_side": self.current_side,
            "also_in": [{"a": a, "b": b} for a, b in self.also],
        }


@dataclass(frozen=True)
class ScanStats:
    """Summary of one contradiction scan."""

    notes: int = 0  # notes whose claims were (re)extracted
    removed: int = 0  # notes whose claims were dropped
    claims: int = 0  # claims of the scanned notes
    embedded: int = 0  # claims sent through the model (others reused by text hash)
    candidates: int = 0  # claim pairs above the similarity gate that were scored
    contradictions: int = 0  # pairs stored (confidence >= the scorer's threshold)
    seconds: float = 0.0

    def to_dict(self) -> dict[str, Any]:
        return {
            "notes": self.notes,
            "removed": self.removed,
            "claims": self.claims,
            "embedded": self.embedded,
            "candidates": self.candidates,
            "contradictions": self.contradictions,
            "seconds": round(self.seconds, 3),
        }
