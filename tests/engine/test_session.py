"""engine.session.Session on real vaults: opening as the writer or read-only, cancelling a
sync between batches, queries, and review decisions saved through the one writer."""

from __future__ import annotations

import shutil
import threading
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from helpers.vaultkit import write_vault

from engine.embed.embedder import Embedder
from engine.errors import IndexLockedError, ReadOnlyIndexError
from engine.model import Progress
from engine.session import Session
from engine.workspace import WorkspaceConfig

REPO = Path(__file__).resolve().parents[2]
DEMO_VAULT = REPO / "resources" / "demo-vault"

Opener = Callable[..., Session]


@pytest.fixture
def config(tmp_path: Path) -> WorkspaceConfig:
    vault = tmp_path / "vault"
    write_vault(vault, 8, paragraphs=2)
    return WorkspaceConfig(vault_root=vault, data_root=tmp_path / "data")


@pytest.fixture
def open_session(embedder: Embedder) -> Iterator[Opener]:
    opened: list[Session] = []

    def _open(config: WorkspaceConfig, **kw: object) -> Session:
        session = Session.open(config, embedder=embedder, mirror=False, **kw)  # type: ignore[arg-type]
        opened.append(session)
        return session

    yield _open
    for session in reversed(opened):
        session.close()


def test_writer_indexes_and_answers_queries(config: WorkspaceConfig, open_session: Opener) -> None:
    session = open_session(config)
    assert not session.read_only and not session.locked_elsewhere
    stats = session.sync()
    assert stats.added == 8 and session.indexed_notes() == 8
    facets = session.facets()
    assert facets.notes == 8
    assert facets.folders == ("Notes", "Projects")
    assert "riverbend" in facets.tags and "field/notes" in facets.tags
    note = session.note("Notes/Note 0.md")
    assert note is not None and note.title == "Note 0" and "riverbend" in note.tags
    assert session.note("Notes/nothing.md") is None
    assert "capacitive probes drift" in session.note_text("Notes/Note 0.md")
    assert session.note_text("Notes/nothing.md") == ""
    session.warm_up()
    response = session.search("ultrasonic water level", limit=3)
    assert response.results and response.results[0].note_path.endswith("Note 1.md")
    excerpt_ids = [e.chunk_id for e in response.results[0].excerpts if e.chunk_id]
    texts = session.chunk_texts(excerpt_ids)
    assert texts and any("ultrasonic" in t for t in texts.values())


def test_a_second_session_falls_back_to_read_only(
    config: WorkspaceConfig, open_session: Opener
) -> None:
    writer = open_session(config)
    writer.sync()
    reader = open_session(config)
    assert reader.read_only and reader.locked_elsewhere
    assert reader.facets() == writer.facets()  # it reads the writer's index
    assert reader.search("LoRaWAN gateways", sources=["text"]).results
    with pytest.raises(ReadOnlyIndexError):
        reader.sync()
    with pytest.raises(ReadOnlyIndexError):
        reader.start_live()


def test_a_locked_index_raises_when_read_only_is_not_allowed(
    config: WorkspaceConfig, open_session: Opener
) -> None:
    writer = open_session(config)
    with pytest.raises(IndexLockedError):
        open_session(config, allow_read_only=False)
    writer.close()
    again = open_session(config, allow_read_only=False)  # closing released the lock
    assert not again.read_only


def test_cancel_stops_a_sync_between_batches(tmp_path: Path, open_session: Opener) -> None:
    vault = tmp_path / "big"
    write_vault(vault, 60, paragraphs=12)  # several embedding batches
    config = WorkspaceConfig(vault_root=vault, data_root=tmp_path / "data")
    session = open_session(config)
    cancel = threading.Event()
    seen: list[Progress] = []

    def progress(p: Progress) -> None:
        seen.append(p)
        if p.phase == "embed":
            cancel.set()  # after the first batch landed

    stopped = session.sync(progress=progress, cancel=cancel)
    embedded = [p for p in seen if p.phase == "embed"]
    assert embedded and embedded[-1].done < embedded[-1].total, "the sync ran to the end"
    partial = session.indexed_notes()
    assert 0 < stopped.added <= 60 and partial <= 60
    finished = session.sync()  # the next sync completes the index
    assert session.indexed_notes() == 60
    assert finished.embedded > 0


def test_closing_cancels_a_running_sync(tmp_path: Path, open_session: Opener) -> None:
    vault = tmp_path / "big"
    write_vault(vault, 60, paragraphs=12)
    config = WorkspaceConfig(vault_root=vault, data_root=tmp_path / "data")
    session = open_session(config)
    first_batch = threading.Event()
    result: list[object] = []

    def progress(p: Progress) -> None:
        if p.phase == "embed":
            first_batch.set()

    def run() -> None:
        try:
            result.append(session.sync(progress=progress))
        except BaseException as exc:  # the test fails on any exception
            result.append(exc)

    worker = threading.Thread(target=run)
    worker.start()
    assert first_batch.wait(120)
    session.close()  # waits for the sync to stop at its next batch
    worker.join(60)
    assert not worker.is_alive()
    assert len(result) == 1 and not isinstance(result[0], BaseException)


def _synced_demo(tmp_path: Path, open_session: Opener) -> tuple[Path, WorkspaceConfig, Session]:
    """A copy of the demo vault, indexed by a writer session."""
    vault = tmp_path / "demo-vault"
    shutil.copytree(DEMO_VAULT, vault)
    config = WorkspaceConfig(vault_root=vault, data_root=tmp_path / "data")
    session = open_session(config)
    session.sync()
    return vault, config, session


@pytest.mark.slow
def test_review_decisions_persist_and_read_only_refuses_them(
    tmp_path: Path, open_session: Opener
) -> None:
    _vault, config, session = _synced_demo(tmp_path, open_session)
    found = session.contradictions()
    assert len(found) >= 2
    first, second = found[0], found[1]

    dismissed = session.dismiss(first)
    assert dismissed.review == "dismissed" and dismissed.id == first.id
    resolved = session.resolve(second, "b")
    assert resolved.review == "resolved" and resolved.current_side == "b"

    reader = open_session(config)  # read-only: the writer holds the lock
    with pytest.raises(ReadOnlyIndexError):
        reader.dismiss(second)
    session.close()
    reader.close()

    again = open_session(config)
    assert first.id not in {c.id for c in again.contradictions()}
    reviewed = {c.id: c for c in again.contradictions(include_reviewed=True)}
    assert reviewed[first.id].review == "dismissed"
    assert reviewed[second.id].review == "resolved"
    assert reviewed[second.id].current_side == "b"
    reopened = again.reopen(reviewed[first.id])
    assert reopened.review == "open" and reopened.current_side is None
    assert first.id in {c.id for c in again.contradictions()}


@pytest.mark.slow
def test_a_decision_during_a_sync_is_saved_between_batches(
    tmp_path: Path, open_session: Opener
) -> None:
    vault, _config, session = _synced_demo(tmp_path, open_session)
    pair = session.contradictions()[0]
    write_vault(vault / "More", 60, paragraphs=12)  # a long sync to decide during
    in_sync = threading.Event()
    release = threading.Event()
    decided: list[object] = []

    def progress(p: Progress) -> None:
        if p.phase == "embed" and not in_sync.is_set():
            in_sync.set()
            release.wait(60)  # hold the sync until the decision is queued

    worker = threading.Thread(target=lambda: session.sync(progress=progress))
    worker.start()
    assert in_sync.wait(120)
    decider = threading.Thread(target=lambda: decided.append(session.dismiss(pair)))
    decider.start()
    release.set()
    decider.join(120)
    assert decided and getattr(decided[0], "review", None) == "dismissed"
    worker.join(300)
    assert not worker.is_alive()
    assert pair.id not in {c.id for c in session.contradictions()}
