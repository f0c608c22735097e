"""Issue 8: concurrency. Searches while the indexer writes, 200 concurrent searches on one
SearchService, and bursts of saves on one note under live sync."""

from __future__ import annotations

import concurrent.futures as cf
import hashlib
import os
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import TYPE_CHECKING

import pytest
from helpers.vaultkit import assert_consistent, note_text, write_vault

from engine.session import Session
from engine.workspace import Workspace, WorkspaceConfig

if TYPE_CHECKING:
    from engine.embed.embedder import Embedder
    from engine.search.service import SearchService

pytestmark = pytest.mark.slow
TIMEOUT_S = 120.0  # per source: a loaded 2-core machine must not turn slowness into warnings
QUERIES = (
    "soil moisture probes drift",
    "river gauge ultrasonic",
    "Battery budget",
    "LoRaWAN gateways",
    "#field/notes",
    "Alias 3",
    '"old mill"',
    "SQLite database plotted nightly",
)


def wait_until(predicate: Callable[[], bool], timeout: float = 90.0, what: str = "") -> None:
    deadline = time.monotonic() + timeout
    while not predicate():
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out after {timeout} s waiting for {what}")
        time.sleep(0.05)


@pytest.fixture
def workspace(tmp_path: Path, embedder: Embedder) -> Iterator[Workspace]:
    vault = tmp_path / "vault"
    write_vault(vault, 12, paragraphs=3)
    config = WorkspaceConfig(vault_root=vault, data_root=tmp_path / "data")
    with Workspace.open(config, embedder=embedder) as ws:
        ws.sync()
        yield ws


@pytest.fixture
def service(workspace: Workspace) -> Iterator[SearchService]:
    from engine.search.build import build_search_service

    svc = build_search_service(workspace, timeout_s=TIMEOUT_S)
    svc.warm_up()
    yield svc
    svc.close()


def test_searches_while_the_indexer_writes(workspace: Workspace, service: SearchService) -> None:
    vault = workspace.config.vault_root
    ever: set[str] = set(workspace.catalog.notes.manifest())
    problems: list[str] = []
    stop = threading.Event()
    answered = [0]

    def reader(seed: int) -> None:
        i = seed
        while not stop.is_set():
            try:
                response = service.search(QUERIES[i % len(QUERIES)])
            except Exception as exc:  # any exception is a failure of this test
                problems.append(f"{type(exc).__name__}: {exc}")
                return
            problems.extend(
                f"{w.kind}: {w.message}"
                for w in response.warnings
                if w.kind != "low_confidence"  # about the generated text, not the writer
            )
            for result in response.results:
                if result.note_path not in ever:
                    problems.append(f"unknown note {result.note_path}")
                if not result.title:
                    problems.append(f"torn result {result}")
            answered[0] += 1
            i += 1

    threads = [threading.Thread(target=reader, args=(n,)) for n in range(4)]
    for t in threads:
        t.start()
    try:
        for round_no in range(6):  # the writer: edits, additions, renames, deletions
            added = vault / "Notes" / f"Concurrent {round_no}.md"
            ever.add(added.relative_to(vault).as_posix())
            added.write_text(note_text(round_no, paragraphs=4, extra=f"round {round_no}"))
            edited = vault / "Projects" / f"Note {2 * round_no + 1}.md"
            edited.write_text(note_text(round_no + 50, paragraphs=5))
            if round_no % 2:
                gone = vault / "Notes" / f"Concurrent {round_no - 1}.md"
                moved = vault / "Projects" / f"Moved {round_no}.md"
                ever.add(moved.relative_to(vault).as_posix())
                gone.rename(moved)
            workspace.sync()
    finally:
        stop.set()
        for t in threads:
            t.join(timeout=300)
    assert not problems, problems[:10]
    assert answered[0] >= 4
    assert not any("locked" in p for p in problems)
    assert_consistent(workspace)


def test_two_hundred_concurrent_searches(service: SearchService) -> None:
    baseline = {q: [r.note_path for r in service.search(q).results] for q in QUERIES}
    with cf.ThreadPoolExecutor(max_workers=32) as pool:
        futures = {pool.submit(service.search, QUERIES[i % len(QUERIES)]): i for i in range(200)}
        done = 0
        for future in cf.as_completed(futures, timeout=600):
            query = QUERIES[futures[future] % len(QUERIES)]
            response = future.result()
            assert not response.warnings, response.warnings
            assert [r.note_path for r in response.results] == baseline[query], query
            done += 1
    assert done == 200


def test_rapid_save_bursts_end_with_the_last_write(workspace: Workspace) -> None:
    vault = workspace.config.vault_root
    target = vault / "Notes" / "Note 0.md"
    session = Session(workspace)  # closes the workspace at the end
    session.start_live(initial_sync=False)
    try:
        last = b""
        for burst in range(3):
            for i in range(40):
                last = note_text(0, extra=f"version {burst}-{i} pelican").encode()
                if i % 3:
                    target.write_bytes(last)
                else:  # editors' atomic save: temp file, then rename over the note
                    tmp = target.with_name(".Note 0.md.tmp")
                    tmp.write_bytes(last)
                    os.replace(tmp, target)
            time.sleep(0.3)  # a pause between bursts lets some of them sync mid-way
        final = hashlib.sha256(last).hexdigest()

        def caught_up() -> bool:
            record = workspace.catalog.notes.note_record("Notes/Note 0.md")
            return (
                record is not None and record.content_hash == final and record.status == "indexed"
            )

        wait_until(caught_up, what="the last write to be indexed")
        wait_until(lambda: not workspace.catalog.state.dirty, what="the sync to end")
        session.stop_live()
        chunks = workspace.catalog.notes.chunks_for("Notes/Note 0.md")
        text = " ".join(c.text for c in chunks)
        assert "version 2-39 pelican" in text
        assert "version 2-38 " not in text and "version 0-" not in text
        assert_consistent(workspace)
    finally:
        session.close()
