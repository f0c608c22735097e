"""Where a benchmark keeps the index it builds of a vault between runs."""

from __future__ import annotations

import hashlib
import tempfile
from pathlib import Path


def scratch_dir(prefix: str, vault: Path) -> Path:
    """A temp folder for `vault`'s benchmark index: named after the folder, keyed by its
    absolute path (two vaults of one name never share an index)."""
    resolved = vault.resolve()
    tag = hashlib.sha256(str(resolved).encode()).hexdigest()[:10]
    return Path(tempfile.gettempdir()) / f"{prefix}-{resolved.name}-{tag}"
