"""The indexer with real stores: counts, incremental work, renames, deletes, skips."""

from __future__ import annotations

import contextlib
import os
import shutil
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from helpers.vaultkit import assert_consistent, note_text, snapshot, write_vault

from engine.embed.embedder import Embedder
from engine.workspace import Workspace, WorkspaceConfig

OpenWs = Callable[..., Workspace]


pytestmark = pytest.mark.slow  # indexes with the real model


@pytest.fixture
def vault(tmp_path: Path) -> Path:
    root = tmp_path / "vault"
    write_vault(root, 8)
    return root


@pytest.fixture
def open_ws(tmp_path: Path, embedder: Embedder) -> Iterator[OpenWs]:
    opened: list[Workspace] = []

    def _open(vault: Path, **kw: object) -> Workspace:
        ws = Workspace.open(
            WorkspaceConfig(vault_root=vault, data_root=tmp_path / "data"),
            embedder=embedder,
            **kw,  # type: ignore[arg-type]
        )
        opened.append(ws)
        return ws

    yield _open
    for ws in opened:
        with contextlib.suppress(Exception):
            ws.close()


def test_first_index_then_restart_embeds_nothing(vault: Path, open_ws: OpenWs) -> None:
    before = snapshot(vault)
    ws = open_ws(vault)
    first = ws.sync()
    assert first.added == 8 and first.notes == 8
    assert first.chunks > 8 and first.embedded == first.chunks
    assert first.skipped == ()
    assert_consistent(ws)
    ws.close()

    ws2 = open_ws(vault)
    again = ws2.sync()
    assert (again.added, again.updated, again.removed, again.renamed) == (0, 0, 0, 0)
    assert again.unchanged == 8 and again.embedded == 0 and again.chunks == first.chunks
    assert_consistent(ws2)
    assert snapshot(vault) == before, "the indexer must never write into the vault"
    assert not any(p.name.startswith(".") for p in vault.rglob("*") if p.is_dir())


def test_edit_reembeds_only_changed_chunks(vault: Path, open_ws: OpenWs) -> None:
    ws = open_ws(vault)
    ws.sync()
    path = vault / "Notes" / "Note 0.md"
    text = path.read_text(encoding="utf-8")
    path.write_text(text.replace("Paragraph 1 of note 0", "Paragraph 1 (revised) of note 0"))
    stats = ws.sync()
    assert stats.updated == 1 and stats.added == 0 and stats.unchanged == 7
    own = ws.catalog.notes.chunk_ids(note_path="Notes/Note 0.md")
    assert 1 <= stats.embedded < len(own) or stats.embedded == 1
    assert stats.embedded == 1
    hits = ws.catalog.fulltext.search_substring("revised", limit=5)
    assert [h[1] for h in hits] == ["Notes/Note 0.md"]
    assert_consistent(ws)


def test_touch_without_change_is_unchanged(vault: Path, open_ws: OpenWs) -> None:
    ws = open_ws(vault)
    ws.sync()
    path = vault / "Notes" / "Note 2.md"
    st = path.stat()
    os.utime(path, ns=(st.st_atime_ns, st.st_mtime_ns + 5_000_000_000))
    stats = ws.sync()
    assert stats.updated == 0 and stats.unchanged == 8 and stats.embedded == 0
    # The new mtime is recorded, so the next run does not even re-read the file.
    assert ws.catalog.notes.note_record("Notes/Note 2.md").mtime_ns == path.stat().st_mtime_ns


def test_delete_removes_from_all_three_stores(vault: Path, open_ws: OpenWs) -> None:
    ws = open_ws(vault)
    ws.sync()
    (vault / "Projects" / "Note 3.md").unlink()
    stats = ws.sync()
    assert stats.removed == 1 and stats.notes == 7
    assert "Projects/Note 3.md" not in ws.catalog.notes.manifest()
    assert "Projects/Note 3.md" not in ws.graph.notes()
    assert not any(i.startswith("Projects/Note 3.md#") for i in ws.vectors.all_ids())
    assert ws.catalog.fulltext.search_substring("note 3 says", limit=10) == []
    assert_consistent(ws)


def test_rename_reembeds_its_note_and_folder_move_nothing(vault: Path, open_ws: OpenWs) -> None:
    ws = open_ws(vault)
    ws.sync()
    chunks_before = ws.catalog.notes.counts()[1]
    own = len(ws.catalog.notes.chunk_ids(note_path="Notes/Note 0.md"))
    os.rename(vault / "Notes" / "Note 0.md", vault / "Notes" / "Renamed zero.md")
    stats = ws.sync()
    assert stats.renamed == 1 and stats.added == 0 and stats.removed == 0
    assert stats.embedded == own  # the model reads the title: the new one
    assert "Notes/Renamed zero.md" in ws.graph.notes()
    assert any(i.startswith("Notes/Renamed zero.md#") for i in ws.vectors.all_ids())
    assert_consistent(ws)

    shutil.move(str(vault / "Projects"), str(vault / "Archive"))
    moved = ws.sync()
    assert moved.renamed == 4 and moved.embedded == 0 and moved.removed == 0  # same titles
    assert ws.catalog.notes.counts()[1] == chunks_before
    assert all(not p.startswith("Projects/") for p in ws.catalog.notes.manifest())
    assert_consistent(ws)


def test_an_index_chunked_another_way_is_chunked_again(vault: Path, open_ws: OpenWs) -> None:
    ws = open_ws(vault)
    first = ws.sync()
    ws.catalog.state.chunking = "an older way"
    again = ws.sync()
    assert again.updated == 8 and again.chunks == first.chunks
    assert again.embedded == 0  # the same texts: their vectors are kept
    assert_consistent(ws)
    assert ws.catalog.state.chunking != "an older way"
    assert ws.sync().updated == 0


def test_links_resolve_and_follow_renames(vault: Path, open_ws: OpenWs) -> None:
    ws = open_ws(vault)
    ws.sync()
    # Note 0 links to [[Note 1]], which lives in Projects/.
    neighbours = dict(ws.graph.neighbors("Notes/Note 0.md"))
    assert "Projects/Note 1.md" in neighbours


def test_bad_files_are_skipped_with_a_reason(vault: Path, open_ws: OpenWs) -> None:
    (vault / "binary.md").write_bytes(b"\x00\x01\x02PNG\x00" * 200)
    (vault / "latin.md").write_bytes("Caf\xe9 notes: cr\xe8me br\xfbl\xe9e".encode("latin-1"))
    (vault / "empty.md").write_bytes(b"")
    ws = open_ws(vault)
    stats = ws.sync()
    skipped = {s.path: s.reason for s in stats.skipped}
    assert set(skipped) == {"binary.md"} and "binary" in skipped["binary.md"]
    assert "latin.md" in ws.catalog.notes.manifest() and "empty.md" in ws.catalog.notes.manifest()
    assert any(w.path == "latin.md" for w in stats.warnings)
    assert [h[1] for h in ws.catalog.fulltext.search_substring("crème", limit=5)] == ["latin.md"]
    # A skipped file stays visible on later runs, and leaves once it is fixed.
    assert {s.path for s in ws.catalog.notes.skipped()} == {"binary.md"}
    (vault / "binary.md").write_text("# Fixed\n\nNow it is text.", encoding="utf-8")
    fixed = ws.sync()
    assert fixed.added == 1 and fixed.skipped == ()
    assert ws.catalog.notes.skipped() == []
    assert_consistent(ws)


def test_targeted_sync_only_looks_at_given_paths(vault: Path, open_ws: OpenWs) -> None:
    ws = open_ws(vault)
    ws.sync()
    (vault / "Notes" / "Note 4.md").write_text(note_text(4, extra="Brand new sentence."))
    (vault / "Notes" / "Note 6.md").write_text(note_text(6, extra="Not in this batch."))
    stats = ws.sync(paths={"Notes/Note 4.md", "Notes/ghost.md"})
    assert stats.updated == 1 and stats.removed == 0
    assert ws.catalog.fulltext.search_substring("Not in this batch", limit=5) == []
    assert ws.sync().updated == 1  # the full pass picks up the other one


def test_rebuild_starts_over(vault: Path, open_ws: OpenWs) -> None:
    ws = open_ws(vault)
    first = ws.sync()
    ws.close()
    ws2 = open_ws(vault, rebuild=True)
    again = ws2.sync()
    assert again.added == 8 and again.embedded == first.embedded
    assert_consistent(ws2)


def test_second_writer_is_refused(vault: Path, open_ws: OpenWs) -> None:
    from engine.errors import EngineError

    open_ws(vault)
    with pytest.raises(EngineError, match="another Consilience process"):
        open_ws(vault)


def test_missing_vault_is_a_clear_error(tmp_path: Path, open_ws: OpenWs) -> None:
    from engine.errors import VaultUnavailableError

    with pytest.raises(VaultUnavailableError, match="no vault folder"):
        open_ws(tmp_path / "nope")


def test_a_words_and_links_pass_that_writes_nothing_leaves_the_index_clean(
    vault: Path, open_ws: OpenWs
) -> None:
    ws = open_ws(vault)
    ws.sync()
    assert ws.catalog.state.dirty is False
    text_only = ws.sync(embed=False)  # a restart's text-first pass with nothing changed
    assert text_only.added == text_only.updated == 0
    assert ws.catalog.state.dirty is False  # the next sync has nothing to reconcile
    (vault / "new note.md").write_text("# New\n\nA note written while the model loads.\n")
    ws.sync(embed=False)
    assert ws.catalog.state.dirty is True  # its chunks wait for their vectors
    ws.sync()
    assert ws.catalog.state.dirty is False
    assert_consistent(ws)
