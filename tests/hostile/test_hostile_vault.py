"""Issue 8: the worst a vault holds ends indexed or skipped with a reason; nothing crashes,
nothing is dropped silently, huge notes stay bounded, search still answers."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING

import pytest
from helpers.cli import REPO
from helpers.hostile import (
    HOSTILE_DOCUMENTS,
    HostileVault,
    expected_note_paths,
    varied_line,
    write_hostile_vault,
)

from engine.vault.ignore import VaultFilter
from engine.vault.scan import OUTSIDE_REASON, printable_path, scan_vault

if TYPE_CHECKING:
    from engine.embed.embedder import Embedder
    from engine.model import IndexStats
    from engine.workspace import Workspace

MAX_TOKENS = 256  # the model's window: no chunk may be longer (the chunker aims at 254)


@pytest.fixture(scope="module")
def hostile(tmp_path_factory: pytest.TempPathFactory) -> HostileVault:
    base = tmp_path_factory.mktemp("hostile")
    return write_hostile_vault(base / "vault", base / "outside")


def _expected(vault: HostileVault) -> tuple[set[str], set[str]]:
    vault_filter = VaultFilter.load(vault.root)
    expect, excluded = expected_note_paths(vault.root, is_excluded=vault_filter.is_excluded)
    return {printable_path(p) for p in expect}, excluded


def test_scan_accounts_for_every_file(hostile: HostileVault) -> None:
    vault_filter = VaultFilter.load(hostile.root)
    assert any("not a valid regex" in w for w in vault_filter.warnings)
    result = scan_vault(hostile.root, vault_filter=vault_filter)
    expect, excluded = _expected(hostile)
    skipped = {s.path: s.reason for s in result.skipped}
    listed = set(result.files)
    assert not listed & skipped.keys()
    assert listed | skipped.keys() == expect, (
        f"silently dropped: {sorted(expect - listed - skipped.keys())}, "
        f"unexpected: {sorted((listed | skipped.keys()) - expect)}"
    )
    assert excluded == {"Archive/excluded by prefix.md", "Drafts/secret draft.md"}
    for link in hostile.outside_links:
        assert skipped[link] == OUTSIDE_REASON
    assert "links/inside file.md" in listed  # inside-vault symlinks are fine
    assert (
        "md/nested brackets.md" in listed and "links/inside folder/nested brackets.md" not in listed
    )
    assert not any(p.startswith("links/loop to root/") for p in listed)
    assert "symlink loop" in skipped["links/self loop.md"]
    assert "broken symlink" in skipped["links/broken.md"]
    assert skipped["links/a fifo.md"] == "not a regular file"
    assert "UTF-8" in skipped[printable_path("names/bad \udcff\udcfe name.md")]
    for path in hostile.unreadable:
        assert "permission denied" in skipped[path]


def test_unreadable_file_is_skipped_with_a_reason(hostile: HostileVault) -> None:
    if not hostile.unreadable:
        pytest.skip("running as root: chmod 000 does not stop reads, nothing to skip")
    result = scan_vault(hostile.root, vault_filter=VaultFilter.load(hostile.root))
    assert "perm/unreadable.md" in {s.path for s in result.skipped}


@pytest.mark.slow
def test_three_megabyte_line_is_chunked_within_the_model_window() -> None:
    from datetime import UTC, datetime

    from engine.model import Note
    from engine.vault.chunker import chunk_note
    from engine.vault.reader import parse_note
    from engine.vault.tokens import load_wordpiece_counter

    counter = load_wordpiece_counter()
    note = parse_note("huge.md", varied_line().encode(), mtime=datetime.now(UTC))
    assert isinstance(note, Note)
    started = time.perf_counter()
    chunks = chunk_note(note, count_tokens=counter)
    elapsed = time.perf_counter() - started
    assert elapsed < 120, f"chunking 3 MB took {elapsed:.0f} s"
    assert len(chunks) > 1000
    assert max(counter([c.embed_text for c in chunks])) <= MAX_TOKENS
    assert max(len(c.embed_text) for c in chunks) < 5000
    assert "".join(c.text for c in chunks).replace(" ", "") == note.body.replace(" ", "")


@pytest.fixture(scope="module")
def indexed(
    hostile: HostileVault, embedder: Embedder, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[tuple[Workspace, IndexStats]]:
    from engine.workspace import Workspace, WorkspaceConfig

    data = tmp_path_factory.mktemp("hostile-data")
    ws = Workspace.open(WorkspaceConfig(vault_root=hostile.root, data_root=data), embedder=embedder)
    try:
        yield ws, ws.sync()
    finally:
        ws.close()


@pytest.mark.slow
def test_index_accounts_for_every_file(
    hostile: HostileVault, indexed: tuple[Workspace, IndexStats]
) -> None:
    from helpers.vaultkit import assert_consistent

    ws, stats = indexed
    expect, excluded = _expected(hostile)
    indexed_paths = set(ws.catalog.notes.manifest())
    skipped = {s.path: s.reason for s in stats.skipped}
    assert all(reason.strip() for reason in skipped.values())
    assert not indexed_paths & skipped.keys(), "a file is both indexed and skipped"
    assert indexed_paths | skipped.keys() == expect, (
        f"silently dropped: {sorted(expect - indexed_paths - skipped.keys())}"
    )
    assert not indexed_paths & excluded
    assert {s.path for s in ws.catalog.notes.skipped()} == skipped.keys()  # what the app shows
    assert "over the" in skipped["size/twenty megabytes.md"]
    for path in ("enc/binary.md", "enc/png.md", "enc/zeros.md", "enc/utf-16 lookalike junk.md"):
        assert "binary" in skipped[path]
    for path in ("enc/utf-16 no bom.md", "enc/utf-16 be no bom.md", "enc/latin-1.md"):
        assert path in indexed_paths
    for path, reason in HOSTILE_DOCUMENTS.items():
        if reason is None:
            assert path in indexed_paths
        else:
            assert reason in skipped[path], (path, skipped.get(path))
    warned = {w.path: w.reason for w in stats.warnings}
    assert "alias bomb" in warned["fm/alias bomb.md"]
    assert "never closed" in warned["fm/unclosed.md"]
    assert_consistent(ws)


@pytest.mark.slow
def test_chunks_stay_inside_the_model_window(indexed: tuple[Workspace, IndexStats]) -> None:
    from engine.vault.tokens import load_wordpiece_counter

    ws, _ = indexed
    counter = load_wordpiece_counter()
    huge = ws.catalog.notes.chunks_for("size/three megabyte line.md")
    assert len(huge) > 1000  # chunked, never handed to the model whole
    sample = [
        " > ".join((*c.heading_path, c.text))
        for path in ws.catalog.notes.manifest()
        for c in ws.catalog.notes.chunks_for(path)
    ]
    assert max(counter(sample)) <= MAX_TOKENS
    assert max(len(t) for t in sample) < 5000


@pytest.mark.slow
def test_search_answers_after_the_hostile_index(indexed: tuple[Workspace, IndexStats]) -> None:
    from engine.search.build import build_search_service

    ws, _ = indexed
    service = build_search_service(ws, timeout_s=120.0)
    try:
        for query in ("pump station water levels", "数据库", "café crème", "[[", "Outside text"):
            response = service.search(query, limit=10)
            assert not any(w.kind == "source_failed" for w in response.warnings), response.warnings
            paths = {r.note_path for r in response.results}
            assert not any("outside" in p for p in paths), paths
        assert service.search("pump station water levels").results
        assert service.search("数据库").results
    finally:
        service.close()
    # the outside files' text never reached the catalog
    assert not ws.catalog.fulltext.search_substring("must never be indexed", limit=5)
    assert not ws.catalog.fulltext.search_substring("Outside folder text", limit=5)


@pytest.mark.slow
def test_cli_index_json_reports_every_skip(hostile: HostileVault, tmp_path: Path) -> None:
    """The real CLI once: exit 0, JSON on stdout, every skipped file with its reason; bounded
    memory (peak RSS of the child, model included)."""
    expect, _ = _expected(hostile)
    env = dict(os.environ, HF_HUB_OFFLINE="1", ANONYMIZED_TELEMETRY="False", PYTHONPATH=str(REPO))
    out, err = tmp_path / "out.json", tmp_path / "err.txt"
    cmd = [sys.executable, "-m", "app.cli", "index", str(hostile.root), "--json"]
    cmd += ["--data-dir", str(tmp_path / "data")]
    with open(out, "wb") as o, open(err, "wb") as e:
        proc = subprocess.Popen(cmd, stdout=o, stderr=e, env=env, cwd=REPO)
        peak_kb = 0
        while proc.poll() is None:
            peak_kb = max(peak_kb, _high_water_kb(proc.pid))
            time.sleep(0.05)
    stderr = err.read_text(errors="replace")
    assert proc.returncode == 0, stderr
    assert "Traceback" not in stderr
    data = json.loads(out.read_text(encoding="utf-8"))
    skipped = {s["path"]: s["reason"] for s in data["skipped"]}
    assert skipped.keys() <= expect
    assert data["notes"] + len(skipped) == len(expect)
    assert skipped["links/outside folder"] == OUTSIDE_REASON
    assert 0 < peak_kb < 3_000_000, f"peak RSS {peak_kb / 1e3:.0f} MB"


def _high_water_kb(pid: int) -> int:
    """The process's own peak RSS so far (VmHWM, KiB; 0 once it has exited). Not the
    `ru_maxrss` of wait4: a child started by fork and exec inherits its parent's peak there,
    and the test process itself grows large over a whole run."""
    try:
        status = Path(f"/proc/{pid}/status").read_text(encoding="ascii")
    except OSError:
        return 0
    for line in status.splitlines():
        if line.startswith("VmHWM:"):
            return int(line.split()[1])
    return 0


@pytest.mark.slow
def test_live_sync_skips_a_new_symlink_out_of_the_vault(tmp_path: Path, embedder: Embedder) -> None:
    """The watcher's targeted sync applies the same policy as the full scan."""
    from engine.workspace import Workspace, WorkspaceConfig

    vault, outside = tmp_path / "vault", tmp_path / "outside"
    vault.mkdir()
    outside.mkdir()
    (outside / "secret.md").write_text("Outside text.\n", encoding="utf-8")
    config = WorkspaceConfig(vault_root=vault, data_root=tmp_path / "data")
    with Workspace.open(config, embedder=embedder) as ws:
        ws.sync()
        (vault / "out.md").symlink_to(outside / "secret.md")
        stats = ws.sync(paths={"out.md"})
        assert [(s.path, s.reason) for s in stats.skipped] == [("out.md", OUTSIDE_REASON)]
        assert "out.md" not in ws.catalog.notes.manifest()
