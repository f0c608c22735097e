"""A big contradiction scan in a process of its own (`engine.contradict.scan_process`) stores
what the same scan stores in the app's process; stopping it leaves the notes to scan again, and
a child that fails says why."""

from __future__ import annotations

import dataclasses
import shutil
from pathlib import Path

import pytest
from conftest import DEMO_VAULT

from engine.contradict import store
from engine.contradict.scan_process import ScanJob, ScanProcessError, run_scan_apart
from engine.model import Progress
from engine.paths import default_model_cache
from engine.workspace import Workspace, WorkspaceConfig


def _pairs(ws: Workspace) -> list[tuple[object, ...]]:
    return ws.catalog.execute(
        "SELECT id, a_claim, b_claim, round(confidence, 4), type, explanations "
        "FROM contradictions ORDER BY id"
    )


@pytest.fixture(scope="module")
def demo_copy(tmp_path_factory: pytest.TempPathFactory) -> Path:
    vault = tmp_path_factory.mktemp("scan-apart") / "vault"
    shutil.copytree(DEMO_VAULT, vault)
    return vault


def test_a_scan_apart_stores_what_a_scan_in_this_process_stores(
    demo_copy: Path, tmp_path: Path
) -> None:
    here = WorkspaceConfig(vault_root=demo_copy, data_root=tmp_path / "data")
    with Workspace.open(here) as ws:
        ws.sync()  # indexes and scans in this process
        in_process = _pairs(ws)
        notes = len(store.indexed_notes(ws.catalog))
        store.forget_scans(ws.catalog)
    assert len(in_process) >= 7  # the demo vault's planted conflicts

    apart = dataclasses.replace(here, scan_apart_from=1)
    heard: list[Progress] = []
    with Workspace.open(apart) as ws:
        assert len(store.stale_notes(ws.catalog)) == notes
        stats = ws.scan_contradictions(progress=heard.append)
        assert stats is not None and stats.notes == notes
        assert ws.last_scan == stats
        assert _pairs(ws) == in_process
        assert store.stale_notes(ws.catalog) == []
    assert heard and all(p.phase == "contradictions" for p in heard)
    assert heard[-1].done == heard[-1].total == notes


def test_a_stopped_scan_apart_leaves_its_notes_for_the_next_scan(
    demo_copy: Path, tmp_path: Path
) -> None:
    cfg = WorkspaceConfig(vault_root=demo_copy, data_root=tmp_path / "data", scan_apart_from=1)
    with Workspace.open(cfg) as ws:
        ws.sync(contradictions=False)
        stale = store.stale_notes(ws.catalog)
        assert stale
        assert ws.scan_contradictions(should_stop=lambda: True) is None
        assert store.stale_notes(ws.catalog) == stale
        assert _pairs(ws) == []
        stats = ws.scan_contradictions()  # the next check does them
        assert stats is not None and stats.notes == len(stale)
        assert store.stale_notes(ws.catalog) == []
        assert len(_pairs(ws)) >= 7


def test_a_small_pass_or_a_given_model_scans_in_this_process(
    demo_copy: Path, tmp_path: Path, embedder: object
) -> None:
    # a threshold above the vault's size: the pass is too small to be worth a process
    cfg = WorkspaceConfig(vault_root=demo_copy, data_root=tmp_path / "a", scan_apart_from=10_000)
    with Workspace.open(cfg) as ws:
        ws.sync()
        assert ws._scanner is not None
    # a model the caller gave cannot cross a process
    cfg = WorkspaceConfig(vault_root=demo_copy, data_root=tmp_path / "b", scan_apart_from=1)
    with Workspace.open(cfg, embedder=embedder) as ws:  # type: ignore[arg-type]
        ws.sync()
        assert ws._scanner is not None


def test_a_scan_apart_takes_any_number_of_notes(demo_copy: Path, tmp_path: Path) -> None:
    cfg = WorkspaceConfig(vault_root=demo_copy, data_root=tmp_path / "data")
    with Workspace.open(cfg) as ws:
        ws.sync(contradictions=False)
        stale = store.stale_notes(ws.catalog)
        catalog = ws.catalog.path
    # far more than a command line holds; notes that are not indexed are left alone
    gone = tuple(f"Archive/{i:06d} {'a long note name ' * 5}.md" for i in range(30_000))
    job = ScanJob(
        catalog=str(catalog),
        models_dir=str(default_model_cache()),
        full=False,
        changed=(*stale, *gone),
    )
    stats = run_scan_apart(job)
    assert stats is not None and stats.notes == len(stale) and stats.contradictions >= 7


def test_a_failing_scan_process_says_why(tmp_path: Path) -> None:
    missing = tmp_path / "gone" / "catalog.sqlite"
    job = ScanJob(catalog=str(missing), models_dir=str(default_model_cache()), full=True)
    with pytest.raises(ScanProcessError, match=r"contradiction scan failed: the index .* is gone"):
        run_scan_apart(job)
    assert not missing.parent.exists()  # nothing was created
    damaged = tmp_path / "catalog.sqlite"
    damaged.write_bytes(b"not a database " * 512)
    job = dataclasses.replace(job, catalog=str(damaged))
    with pytest.raises(ScanProcessError, match="contradiction scan failed"):
        run_scan_apart(job)
