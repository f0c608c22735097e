"""Which note is open in Obsidian, read from the vault's `.obsidian/workspace.json`.

Obsidian rewrites that file whenever the user switches notes: `active` names the focused
leaf, whose view state holds the file it shows; `lastOpenFiles` lists recent files, most
recent first. Consilience only reads it (never writes into the vault). A missing, half-written
or foreign file gives None: the caller keeps what it showed last.
"""

from __future__ import annotations

import json
import logging
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

log = logging.getLogger(__name__)

CONFIG_DIR = ".obsidian"
WORKSPACE_FILES = ("workspace.json", "workspace-mobile.json")
MAX_BYTES = 4_000_000  # a workspace file is a few kB; anything this big is not one


@dataclass(frozen=True)
class ActiveNote:
    """The markdown note Obsidian shows in its focused pane (vault-relative, '/'-separated)."""

    path: str
    focused: bool  # True: the focused leaf shows it; False: the most recent file, no focus


def workspace_file(vault: Path) -> Path:
    """The desktop workspace file of `vault` (it may not exist)."""
    return vault / CONFIG_DIR / WORKSPACE_FILES[0]


def read_active_note(vault: Path) -> ActiveNote | None:
    """The note open in Obsidian, or None when the file is missing, unreadable or names no
    markdown note."""
    path = workspace_file(vault)
    try:
        if path.stat().st_size > MAX_BYTES:
            log.warning("%s is too large to be Obsidian's workspace file; ignored", path)
            return None
        data = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        return None
    except (OSError, UnicodeDecodeError, ValueError) as exc:  # half-written while Obsidian saves
        log.debug("cannot read %s yet: %s", path, exc)
        return None
    return active_note_of(data)


def active_note_of(data: object) -> ActiveNote | None:
    """`read_active_note` on an already parsed workspace file."""
    if not isinstance(data, Mapping):
        return None
    active = data.get("active")
    if isinstance(active, str):
        for leaf in _leaves(data):
            if leaf.get("id") == active:
                found = _markdown_file(leaf)
                if found is not None:
                    return ActiveNote(found, focused=True)
                break  # the focused pane shows no note (graph, canvas, settings, ...)
    recent = data.get("lastOpenFiles")
    if isinstance(recent, list):
        for item in recent:
            if isinstance(item, str) and _is_note(item):
                return ActiveNote(_clean(item), focused=False)
    return None


def _leaves(node: Mapping[str, Any]) -> Iterator[Mapping[str, Any]]:
    """Every leaf of the main area and the side docks, depth first."""
    stack: list[object] = [node.get(k) for k in ("main", "left", "right", "floating")]
    while stack:
        item = stack.pop()
        if not isinstance(item, Mapping):
            continue
        if item.get("type") == "leaf":
            yield item
        children = item.get("children")
        if isinstance(children, list):
            stack.extend(reversed(children))


def _markdown_file(leaf: Mapping[str, Any]) -> str | None:
    state = leaf.get("state")
    if not isinstance(state, Mapping) or state.get("type") != "markdown":
        return None
    inner = state.get("state")
    file = inner.get("file") if isinstance(inner, Mapping) else None
    return _clean(file) if isinstance(file, str) and _is_note(file) else None


def _is_note(path: str) -> bool:
    return path.lower().endswith(".md") and ".." not in path.replace("\\", "/").split("/")


def _clean(path: str) -> str:
    return path.replace("\\", "/").lstrip("/")
