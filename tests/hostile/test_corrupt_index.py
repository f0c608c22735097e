"""Issue 8: damaged index files. Through the real CLI: either the index repairs itself
(graph, HNSW segment files) or the command ends with one clear line and a non-zero exit,
never a traceback; `index --rebuild` then works."""

from __future__ import annotations

import json
import os
import shutil
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

import pytest
from helpers.cli import run_cli
from helpers.vaultkit import assert_consistent, write_vault

if TYPE_CHECKING:
    from engine.embed.embedder import Embedder

NOTES = 4


def _garbage(path: Path, size: int = 50_000) -> None:
    path.write_bytes(os.urandom(size))


def _truncate(path: Path, size: int = 100) -> None:
    with open(path, "r+b") as handle:
        handle.truncate(size)


def _index_dir(data: Path) -> Path:
    (folder,) = (data / "vaults").iterdir()
    return folder


def _segments(index: Path) -> list[Path]:
    return [f for d in (index / "chroma").iterdir() if d.is_dir() for f in d.iterdir()]


Damage = Callable[[Path], None]

#: name -> (damage, the CLI may repair it on its own)
DAMAGE: dict[str, tuple[Damage, bool]] = {
    "catalog truncated": (lambda i: _truncate(i / "catalog.sqlite3"), False),
    "catalog garbage": (lambda i: _garbage(i / "catalog.sqlite3"), False),
    "graph garbage": (lambda i: (i / "graph.json").write_text("{not json", encoding="utf-8"), True),
    "chroma sqlite garbage": (lambda i: _garbage(i / "chroma" / "chroma.sqlite3"), False),
    "chroma segments garbage": (lambda i: [_garbage(f, 100) for f in _segments(i)] and None, True),
}


@pytest.fixture(scope="module")
def pristine(tmp_path_factory: pytest.TempPathFactory, embedder: Embedder) -> tuple[Path, Path]:
    from engine.workspace import Workspace, WorkspaceConfig

    base = tmp_path_factory.mktemp("corrupt")
    vault, data = base / "vault", base / "data"
    write_vault(vault, NOTES, paragraphs=2)
    with Workspace.open(WorkspaceConfig(vault_root=vault, data_root=data), embedder=embedder) as ws:
        ws.sync()
    return vault, data


def _no_traceback(stderr: str) -> None:
    assert "Traceback" not in stderr, stderr[-2000:]


@pytest.mark.slow
@pytest.mark.parametrize("name", list(DAMAGE))
def test_damaged_index_gives_one_line_or_repairs(
    name: str, pristine: tuple[Path, Path], tmp_path: Path, embedder: Embedder
) -> None:
    from engine.workspace import Workspace, WorkspaceConfig

    vault, clean = pristine
    data = tmp_path / "data"
    shutil.copytree(clean, data)
    damage, repairs = DAMAGE[name]
    damage(_index_dir(data))

    first = run_cli("index", str(vault), "--data-dir", str(data), "--json")
    _no_traceback(first.stderr)
    if repairs:
        assert first.returncode == 0, first.stderr[-2000:]
        assert json.loads(first.stdout)["notes"] == NOTES
    else:
        assert first.returncode != 0
        errors = [line for line in first.stderr.splitlines() if line.startswith("consilience:")]
        assert len(errors) == 1, first.stderr[-2000:]
        assert "--rebuild" in errors[0] and ("damaged" in errors[0] or "cannot" in errors[0])
        assert first.stdout == ""
        again = run_cli("index", str(vault), "--data-dir", str(data), "--rebuild", "--json")
        _no_traceback(again.stderr)
        assert again.returncode == 0, again.stderr[-2000:]
        assert json.loads(again.stdout)["notes"] == NOTES
    config = WorkspaceConfig(vault_root=vault, data_root=data)
    with Workspace.open(config, embedder=embedder) as ws:
        assert ws.sync().embedded == 0  # nothing left to repair
        assert_consistent(ws)
