"""The inspector's own connection to the catalog: read every pair, save review decisions.

Qt-free and blocking: the inspector calls it from one background thread at a time. It opens
the catalog for writing (SQLite WAL lets this second writer connection sit beside the
indexer's; each decision is one short transaction) and, when that is not possible, for
reading only — then `writable` is False and `read_only_reason` says why.
"""

from __future__ import annotations

import dataclasses
import logging
import os
import sqlite3
import threading
from dataclasses import dataclass
from pathlib import Path
from typing import Literal

from engine.contradict import store
from engine.contradict.types import WEAK_THRESHOLD, Contradiction
from engine.errors import EngineError
from engine.store.catalog import Catalog

log = logging.getLogger(__name__)

Decision = Literal["dismiss", "a", "b"]  # "a"/"b": resolved, that side is current


class NoIndexError(EngineError):
    """There is no catalog at the given path yet."""


class ReadOnlyIndexError(EngineError):
    """Decisions cannot be saved: the catalog could only be opened for reading."""


@dataclass(frozen=True)
class Loaded:
    """What one load found."""

    items: tuple[Contradiction, ...]  # every pair, open and reviewed, best first
    writable: bool
    read_only_reason: str | None = None


class ReviewStore:
    def __init__(self, catalog_path: Path) -> None:
        self.path = Path(catalog_path)
        self._catalog: Catalog | None = None
        self._writable = False
        self._reason: str | None = None
        self._lock = threading.Lock()

    def _open(self) -> Catalog:
        if self._catalog is not None:
            return self._catalog
        if not self.path.is_file():
            raise NoIndexError(f"There is no index at {self.path} yet.")
        reason: str | None = None
        if not os.access(self.path, os.W_OK) or not os.access(self.path.parent, os.W_OK):
            reason = f"the index folder {self.path.parent} is not writable"
        else:
            try:
                self._catalog = Catalog.open(self.path, read_only=False, check=False)
            except (EngineError, sqlite3.Error, OSError) as err:
                reason = str(err)
        if self._catalog is None:
            self._catalog = Catalog.open(self.path, read_only=True, check=False)
            log.info("Contradiction review is read-only: %s", reason)
        self._writable = reason is None
        self._reason = reason
        return self._catalog

    def load(self) -> Loaded:
        """Every contradiction, open and reviewed, best first."""
        with self._lock:
            catalog = self._open()
            items = store.lookup(catalog, include_reviewed=True, min_confidence=WEAK_THRESHOLD)
            return Loaded(items=items, writable=self._writable, read_only_reason=self._reason)

    def decide(self, pair: Contradiction, decision: Decision) -> Contradiction:
        """Save a decision; returns the pair as it now reads (review state set)."""
        with self._lock:
            catalog = self._open()
            if not self._writable:
                raise ReadOnlyIndexError(
                    f"Decisions cannot be saved: {self._reason or 'the index is read-only'}."
                )
            try:
                if decision == "dismiss":
                    store.dismiss(catalog, pair)
                else:
                    store.resolve(catalog, pair, decision)
            except (EngineError, sqlite3.Error) as err:
                if "readonly" in str(err).replace("-", "").replace(" ", "").lower():
                    self._writable = False
                    self._reason = str(err)
                    raise ReadOnlyIndexError(f"Decisions cannot be saved: {err}") from err
                raise
            state, side = store.review_of(catalog, pair)
        current = side if side in ("a", "b") else None
        review = state if state in ("open", "dismissed", "resolved") else "open"
        return dataclasses.replace(pair, review=review, current_side=current)  # type: ignore[arg-type]

    def close(self) -> None:
        with self._lock:
            catalog, self._catalog = self._catalog, None
        if catalog is not None:
            catalog.close()
