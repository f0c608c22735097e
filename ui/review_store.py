"""The inspector's view of review decisions: a thin adapter over the vault's engine session.

Qt-free and blocking: the inspector calls it from its background thread. Every pair is read
through the session's read connections; decisions are saved on the session's one writer
(`engine.session.Session.decide`), and a read-only session refuses them with
`engine.errors.ReadOnlyIndexError`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from engine.api import WEAK_THRESHOLD, Contradiction, ReadOnlyIndexError, ReviewDecision

if TYPE_CHECKING:
    from engine.api import Session

__all__ = ["Loaded", "ReadOnlyIndexError", "ReviewDecision", "ReviewStore"]

READ_ONLY_REASON = "another Consilience process is indexing this vault"


@dataclass(frozen=True)
class Loaded:
    """What one load found."""

    items: tuple[Contradiction, ...]  # every pair, open and reviewed, best first
    writable: bool
    read_only_reason: str | None = None
    notes: int = 0  # notes in the index
    unchecked: int = 0  # of those, notes not (or not since their last change) checked

    @property
    def complete(self) -> bool:
        """Every indexed note was checked: an empty list means the notes agree."""
        return self.notes > 0 and self.unchecked == 0


class ReviewStore:
    def __init__(self, session: Session) -> None:
        self._session = session

    @property
    def writable(self) -> bool:
        return not self._session.read_only

    def load(self) -> Loaded:
        """Every contradiction, open and reviewed, best first."""
        items = self._session.contradictions(include_reviewed=True, min_confidence=WEAK_THRESHOLD)
        writable = self.writable
        return Loaded(
            items=items,
            writable=writable,
            read_only_reason=None if writable else READ_ONLY_REASON,
            notes=self._session.indexed_notes(),
            unchecked=self._session.unchecked_notes(),
        )

    def decide(self, pair: Contradiction, decision: ReviewDecision) -> Contradiction:
        """Save a decision; returns the pair as it now reads (review state set)."""
        return self._session.decide(pair, decision)
