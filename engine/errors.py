"""One root error for everything the engine raises on purpose."""

from __future__ import annotations


class EngineError(Exception):
    """Root of all deliberate engine errors. `str(err)` is one line a user can act on."""


class VaultUnavailableError(EngineError):
    """The vault folder does not exist or cannot be listed (unmounted, deleted, no permission)."""


class IndexCorruptError(EngineError):
    """An index file cannot be read; `consilience index PATH --rebuild` repairs it."""


class ModelLoadError(EngineError):
    """The embedding model could not be loaded."""


class QueryExecutionError(EngineError):
    """Every search source failed."""


class IndexLockedError(EngineError):
    """Another Consilience process holds this vault's writer lock; the index can still be
    opened read-only."""


class ReadOnlyIndexError(EngineError):
    """The index is open read-only (another process holds the writer lock): it cannot be
    indexed and review decisions cannot be saved."""

    def __init__(
        self, message: str = "this index is open read-only (another process is writing it)"
    ):
        super().__init__(message)


def one_line(error: BaseException, *, limit: int = 300) -> str:
    """`error` as one line a person can read: its first non-empty line (later lines are
    detail: a server's response body, a traceback) with whitespace collapsed, the type name
    when the message is empty, cut at `limit` characters."""
    lines = [" ".join(line.split()) for line in str(error).splitlines()]
    text = next((line for line in lines if line), type(error).__name__)
    return text if len(text) <= limit else text[: limit - 3] + "..."
