"""The indexer's pipeline: one batch embeds on a worker thread while the next is prepared.

Real stores and the real model; the embedder is wrapped only to observe its calls (and, in one
test, to inject a fault).
"""

from __future__ import annotations

import hashlib
import threading
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from helpers.vaultkit import assert_consistent, note_text, write_vault

from engine.embed.embedder import Embedder
from engine.workspace import Workspace, WorkspaceConfig

pytestmark = pytest.mark.slow  # indexes with the real model


class Watched:
    """The real embedder, recording every text it embeds and the thread it ran on."""

    def __init__(self, real: Embedder, *, fail_on_call: int | None = None) -> None:
        self._real = real
        self._fail_on_call = fail_on_call
        self.calls: list[tuple[str, list[str]]] = []
        self.before_embed: Any = None  # called with the call's index, before embedding

    def __getattr__(self, name: str) -> Any:
        return getattr(self._real, name)

    def embed(self, texts: Sequence[str], **kw: Any) -> Any:
        index = len(self.calls)
        self.calls.append((threading.current_thread().name, list(texts)))
        if self.before_embed is not None:
            self.before_embed(index)
        if self._fail_on_call == index:
            raise RuntimeError("injected: the model crashed on this batch")
        return self._real.embed(texts, **kw)


@pytest.fixture
def workspaces(tmp_path: Path) -> Iterator[list[Workspace]]:
    opened: list[Workspace] = []
    yield opened
    for ws in opened:
        ws.close()


def _open(tmp_path: Path, vault: Path, embedder: Any, opened: list[Workspace]) -> Workspace:
    """Every note is its own batch, so a small vault has many batches in flight."""
    config = WorkspaceConfig(vault_root=vault, data_root=tmp_path / "data", batch_chunks=1)
    ws = Workspace.open(config, embedder=embedder)
    opened.append(ws)
    return ws


def test_embedding_overlaps_the_next_batch_and_runs_off_the_caller(
    tmp_path: Path, embedder: Embedder, workspaces: list[Workspace]
) -> None:
    vault = tmp_path / "vault"
    write_vault(vault, 4)
    watched = Watched(embedder)
    ws = _open(tmp_path, vault, watched, workspaces)
    looked_up = threading.Event()
    lookups = 0
    real_lookup = ws.vectors.hashes_for_notes

    def counting_lookup(paths: Sequence[str]) -> dict[str, str]:
        nonlocal lookups
        lookups += 1
        if lookups == 2:
            looked_up.set()
        return real_lookup(paths)

    ws.vectors.hashes_for_notes = counting_lookup  # type: ignore[method-assign]
    overlapped: list[bool] = []
    # The first batch's embedding waits until the second batch has been looked up: a
    # sequential indexer would only look it up after this call returns (and time out here).
    watched.before_embed = lambda i: overlapped.append(looked_up.wait(10)) if i == 0 else None

    stats = ws.indexer.sync()

    assert overlapped == [True]
    assert stats.embedded == stats.chunks
    assert {name for name, _ in watched.calls} != {threading.current_thread().name}
    assert all(name.startswith("consilience-embed") for name, _ in watched.calls)
    assert_consistent(ws)


def test_same_text_in_consecutive_batches_is_embedded_once(
    tmp_path: Path, embedder: Embedder, workspaces: list[Workspace]
) -> None:
    vault = tmp_path / "vault"
    vault.mkdir()
    # b/Note.md repeats a/Note.md word for word, title included (the model reads it), so its
    # chunks are the same texts while a's batch is still being embedded; c repeats it again
    # one batch later.
    for folder, i in [("a", 1), ("b", 1), ("c", 1), ("d", 2)]:
        (vault / folder).mkdir()
        (vault / folder / "Note.md").write_text(note_text(i), encoding="utf-8")
    watched = Watched(embedder)
    ws = _open(tmp_path, vault, watched, workspaces)

    # A sync of named paths: no reconciling pass afterwards that could mend a missed vector.
    stats = ws.indexer.sync(paths=[f"{f}/Note.md" for f in "abcd"])

    embedded = [t for _, texts in watched.calls for t in texts]
    assert len(embedded) == len(set(embedded)), "a text was embedded twice"
    assert stats.embedded == len(embedded)
    assert_consistent(ws)  # b.md's chunks got a.md's vectors: none is missing
    a = ws.vectors.get_embeddings(ws.catalog.notes.chunk_ids(note_path="a/Note.md"))
    b = ws.vectors.get_embeddings(ws.catalog.notes.chunk_ids(note_path="b/Note.md"))
    assert len(a) == len(b) > 0
    assert np.allclose(np.vstack([a[k] for k in sorted(a)]), np.vstack([b[k] for k in sorted(b)]))


def test_stop_between_batches_leaves_nothing_half_done(
    tmp_path: Path, embedder: Embedder, workspaces: list[Workspace]
) -> None:
    vault = tmp_path / "vault"
    write_vault(vault, 6)
    watched = Watched(embedder)
    ws = _open(tmp_path, vault, watched, workspaces)
    polls = 0

    def stop_after_two() -> bool:
        nonlocal polls
        polls += 1
        return polls >= 2

    first = ws.indexer.sync(should_stop=stop_after_two)

    manifest = ws.catalog.notes.manifest()
    assert 0 < len(manifest) < 6, "the sync neither stopped early nor indexed anything"
    assert all(r.status == "indexed" for r in manifest.values()), "a staged batch was left"
    assert set(ws.catalog.notes.chunk_ids()) == ws.vectors.all_ids()
    second = ws.indexer.sync()
    assert second.notes == 6
    assert first.embedded + second.embedded == second.chunks, "work was lost or redone"
    assert_consistent(ws)


def test_a_failed_batch_stays_pending_and_the_next_sync_finishes_it(
    tmp_path: Path, embedder: Embedder, workspaces: list[Workspace]
) -> None:
    vault = tmp_path / "vault"
    write_vault(vault, 5)
    failing = Watched(embedder, fail_on_call=2)
    ws = _open(tmp_path, vault, failing, workspaces)

    with pytest.raises(RuntimeError, match="injected"):
        ws.indexer.sync()

    statuses = {p: r.status for p, r in ws.catalog.notes.manifest().items()}
    done = sorted(p for p, s in statuses.items() if s == "indexed")
    assert len(done) == 2, statuses  # the batches before the failure were written
    assert "pending" in statuses.values(), "the failed batch must stay pending"
    ws.close()
    workspaces.remove(ws)

    good = Watched(embedder)
    ws = _open(tmp_path, vault, good, workspaces)
    again = ws.indexer.sync()
    assert again.notes == 5
    redone = {_sha(t) for _, texts in good.calls for t in texts}
    kept = {c.text_hash for p in done for c in ws.catalog.notes.chunks_for(p)}
    assert kept
    assert not (redone & kept), "chunks written before the failure were embedded again"
    assert_consistent(ws)


def _sha(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def test_a_stop_inside_a_long_pdf_reads_it_again_next_time(
    tmp_path: Path, embedder: Embedder, workspaces: list[Workspace]
) -> None:
    fpdf = pytest.importorskip("fpdf")
    vault = tmp_path / "vault"
    write_vault(vault, 2)
    doc = fpdf.FPDF()
    doc.set_font("Helvetica", size=11)
    for page in range(1, 41):
        doc.add_page()
        doc.multi_cell(0, 6, f"Page {page} of the kiln manual: vent the chamber before firing.")
    (vault / "Kiln manual.pdf").write_bytes(bytes(doc.output()))
    ws = _open(tmp_path, vault, embedder, workspaces)
    polls = 0

    def stop_inside_the_pdf() -> bool:
        nonlocal polls
        polls += 1
        return polls > 10  # the notes sort after the PDF: this is its tenth page or so

    first = ws.indexer.sync(should_stop=stop_inside_the_pdf)
    assert polls < 40, "the stop was not asked between the PDF's pages"
    assert "Kiln manual.pdf" not in ws.catalog.notes.manifest()
    assert not any(s.path == "Kiln manual.pdf" for s in first.skipped), "a stop is no skip"
    second = ws.indexer.sync()
    assert "Kiln manual.pdf" in ws.catalog.notes.manifest()
    assert second.notes == 3 and not second.skipped
    assert_consistent(ws)
