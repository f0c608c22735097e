"""Logging is configured here and nowhere else: stderr, terse by default."""

from __future__ import annotations

import logging
import sys


def configure_logging(*, verbosity: int = 0) -> None:
    level = logging.WARNING if verbosity <= 0 else logging.INFO if verbosity == 1 else logging.DEBUG
    handler = logging.StreamHandler(sys.stderr)
    handler.setFormatter(logging.Formatter("%(levelname)s %(name)s: %(message)s"))
    root = logging.getLogger()
    root.handlers[:] = [handler]
    root.setLevel(level)
    # Chatty third-party loggers stay quiet unless asked for debugging.
    for name in ("chromadb", "sentence_transformers", "httpx", "urllib3", "watchdog"):
        logging.getLogger(name).setLevel(max(level, logging.WARNING if verbosity < 2 else level))
