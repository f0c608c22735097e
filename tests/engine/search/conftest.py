"""The demo vault, indexed once per test session, and a SearchService over it.

Indexing the demo vault embeds every chunk with the real model (tens of seconds on two
cores), so the index is built once into a temporary data folder and shared, read-only, by
every search test. Tests must not change it.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest

if TYPE_CHECKING:
    from engine.embed.embedder import Embedder
    from engine.model import Note
    from engine.search.service import SearchService
    from engine.workspace import Workspace

REPO = Path(__file__).resolve().parents[3]
DEMO_VAULT = REPO / "resources" / "demo-vault"
DEMO_EXPECTED = REPO / "resources" / "demo-vault.expected.json"

# Generous: these tests are about what the sources answer, not how fast (a loaded CI machine
# must not turn a slow first query into a "timeout" warning). Latency has its own benchmark.
SOURCE_TIMEOUT_S = 30.0


@dataclass(frozen=True)
class DemoIndex:
    """The indexed demo vault: the open workspace, a service over it, and the golden data."""

    workspace: Workspace
    service: SearchService
    expected: dict[str, Any]

    def note(self, path: str) -> Note:
        """The catalog's record of a note (the oracle for filters: tags and dates)."""
        note = self.workspace.catalog.notes.get_note(path)
        assert note is not None, f"{path} is not in the catalog"
        return note

    def indexed_paths(self) -> set[str]:
        return set(self.workspace.catalog.notes.manifest())


@pytest.fixture(scope="session")
def demo(embedder: Embedder, tmp_path_factory: pytest.TempPathFactory) -> Iterator[DemoIndex]:
    """The demo vault indexed once (into a temporary data folder) with the shared model."""
    from engine.search.build import build_search_service
    from engine.workspace import Workspace, WorkspaceConfig

    data_root = tmp_path_factory.mktemp("demo-index")
    expected = json.loads(DEMO_EXPECTED.read_text(encoding="utf-8"))
    workspace = Workspace.open(
        WorkspaceConfig(vault_root=DEMO_VAULT, data_root=data_root), embedder=embedder
    )
    try:
        stats = workspace.sync()
        assert stats.notes == expected["notes_indexed"], "the demo vault did not index fully"
        workspace.start_vector_mirror()  # as a long-lived session does
        service = build_search_service(workspace, timeout_s=SOURCE_TIMEOUT_S)
        try:
            service.warm_up()
            yield DemoIndex(workspace=workspace, service=service, expected=expected)
        finally:
            service.close()
    finally:
        workspace.close()
