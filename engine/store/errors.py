"""Errors of the catalog's storage layer (see `engine.errors` for the root)."""

from __future__ import annotations

from engine.errors import EngineError

REBUILD_HINT = "run `consilience index PATH --rebuild`"


class CatalogError(EngineError):
    """The catalog cannot be used (locked by another program, missing, unwritable)."""


class FtsQueryError(EngineError, ValueError):
    """An FTS5 MATCH expression is malformed (the caller forgot to escape user input)."""
