"""UI test fixtures: the demo vault indexed once per session, restored before each test.

Indexing the demo vault with the real model takes tens of seconds on two cores, so it is
done once. The index is keyed by the vault's absolute path (folder name and Chroma
collection), so a copy elsewhere would be re-indexed from scratch; instead the indexed vault
and its data folder are snapshotted, and `demo_index` puts the pristine snapshot back at the
same paths before each test that asks for it. Tests may therefore write (review decisions,
edits, indexing) without seeing each other's changes, and `resources/demo-vault` is never
touched. Tests run one at a time, so restoring in place is safe.
"""

from __future__ import annotations

import shutil
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

import pytest

if TYPE_CHECKING:
    from engine.embed.embedder import Embedder

REPO = Path(__file__).resolve().parents[2]
DEMO_VAULT = REPO / "resources" / "demo-vault"


LIFECYCLE_THREADS = ("consilience-vault", "consilience-close")


@pytest.fixture(autouse=True)
def _vaults_closed() -> Iterator[None]:
    """After each test (its windows are closed by then), every vault a window opened is
    closed within a bounded time: closing runs in the background and must end."""
    yield
    deadline = time.monotonic() + 30
    while True:
        left = [t.name for t in threading.enumerate() if t.name in LIFECYCLE_THREADS]
        if not left:
            return
        assert time.monotonic() < deadline, f"vaults still closing after 30 s: {left}"
        time.sleep(0.02)


@dataclass(frozen=True)
class DemoCopy:
    """An already indexed copy of the demo vault."""

    vault: Path  # the vault folder (a copy of resources/demo-vault)
    data_dir: Path  # the --data-dir whose index holds the vault


@dataclass(frozen=True)
class _Template:
    live: DemoCopy
    pristine_vault: Path
    pristine_data: Path


@pytest.fixture(scope="session")
def _demo_template(embedder: Embedder, tmp_path_factory: pytest.TempPathFactory) -> _Template:
    from engine.workspace import Workspace, WorkspaceConfig

    root = tmp_path_factory.mktemp("ui-demo")
    live = DemoCopy(vault=root / "demo-vault", data_dir=root / "data")
    shutil.copytree(DEMO_VAULT, live.vault)
    with Workspace.open(
        WorkspaceConfig(vault_root=live.vault, data_root=live.data_dir), embedder=embedder
    ) as ws:
        ws.sync()
    pristine_vault, pristine_data = root / "pristine-vault", root / "pristine-data"
    shutil.copytree(live.vault, pristine_vault, copy_function=shutil.copy2)
    shutil.copytree(live.data_dir, pristine_data, copy_function=shutil.copy2)
    return _Template(live=live, pristine_vault=pristine_vault, pristine_data=pristine_data)


@pytest.fixture
def demo_index(_demo_template: _Template) -> DemoCopy:
    """The demo vault and its finished index, restored to their pristine state."""
    live = _demo_template.live
    for target, source in (
        (live.vault, _demo_template.pristine_vault),
        (live.data_dir, _demo_template.pristine_data),
    ):
        shutil.rmtree(target, ignore_errors=True)
        shutil.copytree(source, target, copy_function=shutil.copy2)
    return live
