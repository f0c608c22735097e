"""A generated vault with a few written notes, indexed with bag-of-words vectors (claims
sharing words are near each other, as with the model), for contradiction scan tests."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

import pytest

from engine.evaluate.vault_gen import generate_vault
from engine.workspace import Workspace, WorkspaceConfig
from tests.helpers.vaultkit import write_notes
from tests.helpers.words_embedder import WordsEmbedder


@contextmanager
def words_workspace(
    factory: pytest.TempPathFactory, name: str, notes: dict[str, str], *, seed: int
) -> Iterator[Workspace]:
    """A synced workspace over 60 generated notes and `notes` (path -> text)."""
    root = factory.mktemp(f"{name}-vault") / "vault"
    generate_vault(root, 60, seed=seed)
    write_notes(root, notes)
    cfg = WorkspaceConfig(vault_root=root, data_root=factory.mktemp(f"{name}-data"))
    with Workspace.open(cfg, embedder=WordsEmbedder()) as ws:  # type: ignore[arg-type]
        ws.sync()
        yield ws


def stored_pairs(ws: Workspace) -> list[tuple[str, str, str, float, str]]:
    """The stored contradictions: (id, a path, b path, confidence, type), by id."""
    rows = ws.catalog.execute(
        "SELECT id, a_path, b_path, confidence, type FROM contradictions ORDER BY id"
    )
    return [(r[0], r[1], r[2], round(float(r[3]), 6), r[4]) for r in rows]
