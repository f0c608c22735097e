"""Caches kept beside the index as pickles, for what is slow to rebuild at start (the link
graph, the note directory). Written atomically; read with an unpickler that admits only the
types the caller names, so a file placed there cannot run code. A cache is never the record:
one that is missing or cannot be read is a miss, and the caller builds from the record."""

from __future__ import annotations

import logging
import os
import pickle
import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any

log = logging.getLogger(__name__)

#: (module, name) -> may this global appear in the cache?
Admits = Callable[[str, str], bool]


class _Unpickler(pickle.Unpickler):
    def __init__(self, handle: Any, admits: Admits) -> None:
        super().__init__(handle)
        self._admits = admits

    def find_class(self, module: str, name: str) -> Any:
        if self._admits(module, name):
            return super().find_class(module, name)
        raise pickle.UnpicklingError(f"{module}.{name} is not part of this cache")


def pickled(value: object) -> bytes:
    """`value` as `write_cache` stores it (take it while `value` cannot change)."""
    return pickle.dumps(value, protocol=pickle.HIGHEST_PROTOCOL)


def write_cache(path: Path, data: bytes) -> None:
    """Write `pickled(...)` bytes to `path` atomically. Never raises: a cache only saves
    time."""
    tmp = path.with_name(f".{path.name}.{os.getpid()}.{threading.get_ident()}.tmp")
    try:
        with open(tmp, "wb") as handle:
            handle.write(data)
        os.replace(tmp, path)
    except OSError as err:
        tmp.unlink(missing_ok=True)
        log.info("cache %s not saved (%s)", path, err)


def read_cache(path: Path, admits: Admits) -> Any | None:
    """What `write_cache` wrote to `path`, or None (missing, damaged, or holding a type
    `admits` refuses). Never raises."""
    try:
        with open(path, "rb") as handle:
            return _Unpickler(handle, admits).load()
    except FileNotFoundError:
        return None
    except Exception as err:
        log.info("cache %s not used (%s)", path, err)
        return None
