"""Which note Obsidian shows, read from `.obsidian/workspace.json` as Obsidian writes it."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from engine.vault.obsidian_state import ActiveNote, active_note_of, read_active_note


def leaf(leaf_id: str, file: str | None, kind: str = "markdown") -> dict[str, Any]:
    state: dict[str, Any] = {"type": kind, "state": {"file": file} if file else {}}
    return {"id": leaf_id, "type": "leaf", "state": state}


def workspace(
    active: str, *leaves: dict[str, Any], recent: list[str] | None = None
) -> dict[str, Any]:
    return {
        "main": {
            "id": "root",
            "type": "split",
            "children": [{"id": "tabs", "type": "tabs", "children": list(leaves)}],
        },
        "right": {"id": "r", "type": "split", "children": [leaf("side", None, "backlink")]},
        "active": active,
        "lastOpenFiles": recent or [],
    }


def test_the_focused_leaf_names_the_note() -> None:
    data = workspace("b", leaf("a", "Home.md"), leaf("b", "Projects/Plan.md"))
    assert active_note_of(data) == ActiveNote("Projects/Plan.md", focused=True)


def test_a_focused_pane_without_a_note_falls_back_to_the_most_recent_note() -> None:
    data = workspace(
        "g",
        leaf("a", "Home.md"),
        leaf("g", None, "graph"),
        recent=["pic.png", "Daily/2026-11-23.md"],
    )
    assert active_note_of(data) == ActiveNote("Daily/2026-11-23.md", focused=False)


def test_nothing_usable_gives_none() -> None:
    assert active_note_of({"active": "x"}) is None
    assert active_note_of([1, 2]) is None
    assert active_note_of(workspace("a", leaf("a", "Board.canvas", "canvas"))) is None
    assert active_note_of(workspace("a", leaf("a", "../outside.md"))) is None


def test_the_file_on_disk(tmp_path: Path) -> None:
    assert read_active_note(tmp_path) is None  # no .obsidian folder
    folder = tmp_path / ".obsidian"
    folder.mkdir()
    (folder / "workspace.json").write_text('{"main": {', encoding="utf-8")  # mid-write
    assert read_active_note(tmp_path) is None
    (folder / "workspace.json").write_text(
        json.dumps(workspace("a", leaf("a", "Notes/Idea.md"))), encoding="utf-8"
    )
    assert read_active_note(tmp_path) == ActiveNote("Notes/Idea.md", focused=True)


def test_the_demo_vault_opens_on_home() -> None:
    demo = Path(__file__).resolve().parents[3] / "resources" / "demo-vault"
    assert read_active_note(demo) == ActiveNote("Home.md", focused=True)
