"""Issue 8: SIGKILL the indexer at many random points (seeded) while the vault is edited,
renamed and pruned between runs; after every restart catalog, Chroma and graph agree.

The children are forked from a server that loaded the model once (tests/hostile/
fork_server.py), so each kill costs a fork and a workspace open, not a model load.
"""

from __future__ import annotations

import os
import queue
import random
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING

import pytest
from helpers.cli import REPO
from helpers.vaultkit import assert_consistent, note_text

if TYPE_CHECKING:
    from engine.embed.embedder import Embedder

SERVER = Path(__file__).with_name("fork_server.py")
KILLS = 20
MAX_ROUNDS = 45
LINE_TIMEOUT_S = 240.0  # a loaded 2-core machine can be very slow


class ForkServer:
    def __init__(self) -> None:
        env = dict(os.environ, PYTHONPATH=str(REPO), HF_HUB_OFFLINE="1")
        env["ANONYMIZED_TELEMETRY"] = "False"
        self.proc = subprocess.Popen(
            [sys.executable, str(SERVER)],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
            text=True,
            env=env,
            cwd=REPO,
        )
        self.lines: queue.Queue[str] = queue.Queue()
        threading.Thread(target=self._pump, daemon=True).start()
        self.expect("ready")

    def _pump(self) -> None:
        assert self.proc.stdout is not None
        for line in self.proc.stdout:
            self.lines.put(line.rstrip("\n"))
        self.lines.put("eof")

    def next_line(self, timeout: float = LINE_TIMEOUT_S) -> str:
        return self.lines.get(timeout=timeout)

    def expect(self, prefix: str) -> str:
        while True:
            line = self.next_line()
            assert line != "eof", "the fork server died"
            if line.startswith(prefix):
                return line

    def run(self, vault: Path, data: Path, *, kill_after: float | None) -> tuple[bool, str]:
        """One indexer child; SIGKILL it `kill_after` seconds after it opened the workspace.
        Returns (killed before it finished, last line it printed)."""
        assert self.proc.stdin is not None
        self.proc.stdin.write(f"run\t{vault}\t{data}\n")
        self.proc.stdin.flush()
        pid = int(self.expect("pid ").split()[1])
        last = ""
        deadline: float | None = None
        killed = False
        while True:
            wait = LINE_TIMEOUT_S if deadline is None else max(0.0, deadline - time.monotonic())
            try:
                line = self.next_line(timeout=wait)
            except queue.Empty:
                assert deadline is not None, f"child {pid} silent for {LINE_TIMEOUT_S} s"
                deadline = None
                try:
                    os.kill(pid, signal.SIGKILL)
                    killed = True
                except ProcessLookupError:
                    pass  # it ended on its own just before: its "exit" line follows
                continue
            assert not line.startswith("error"), line
            if line.startswith("exit "):
                return killed, last
            last = line
            if line == "opened" and kill_after is not None:
                deadline = time.monotonic() + kill_after

    def close(self) -> None:
        if self.proc.poll() is None:
            assert self.proc.stdin is not None
            self.proc.stdin.write("quit\n")
            self.proc.stdin.flush()
            try:
                self.proc.wait(timeout=30)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(timeout=30)


@pytest.fixture
def server() -> Iterator[ForkServer]:
    srv = ForkServer()
    try:
        yield srv
    finally:
        srv.close()


def _mutate(vault: Path, rng: random.Random, round_no: int) -> None:
    """Edits, renames, folder moves, deletes and additions, seeded."""
    notes = sorted(vault.rglob("*.md"))
    for path in rng.sample(notes, k=min(3, len(notes))):
        path.write_text(
            note_text(round_no, paragraphs=rng.randint(2, 14), extra=f"edit {round_no}")
        )
    notes = sorted(vault.rglob("*.md"))
    victim = rng.choice(notes)
    folder = vault / rng.choice(["Notes", "Projects", "Moved/Deeper"])
    folder.mkdir(parents=True, exist_ok=True)
    victim.rename(folder / f"Renamed {round_no}.md")
    notes = sorted(vault.rglob("*.md"))
    if len(notes) > 12:
        rng.choice(notes).unlink()
    (vault / "Notes" / f"Added {round_no}.md").write_text(
        note_text(round_no + 100, paragraphs=rng.randint(1, 10))
    )


def _check(vault: Path, data: Path, embedder: Embedder) -> None:
    from engine.workspace import Workspace, WorkspaceConfig

    with Workspace.open(WorkspaceConfig(vault_root=vault, data_root=data), embedder=embedder) as ws:
        ws.sync()
        assert_consistent(ws)
        on_disk = {p.relative_to(vault).as_posix() for p in vault.rglob("*.md")}
        assert set(ws.catalog.notes.manifest()) == on_disk, "lost or ghost notes"
        ids = ws.catalog.notes.chunk_ids()
        assert len(ids) == len(set(ids)), "doubled chunk rows"
        assert ws.vectors.count() == len(ids), "doubled or missing vectors"


@pytest.mark.slow
def test_twenty_random_sigkills_leave_consistent_stores(
    tmp_path: Path, embedder: Embedder, server: ForkServer
) -> None:
    from helpers.vaultkit import write_vault

    vault, data = tmp_path / "vault", tmp_path / "data"
    write_vault(vault, 12, paragraphs=6)
    rng = random.Random(20260801)
    started = time.monotonic()
    killed_before = server.run(vault, data, kill_after=0.4)[0]  # first index, killed early
    _check(vault, data, embedder)
    _mutate(vault, rng, 0)
    measured = time.monotonic()
    assert not server.run(vault, data, kill_after=None)[0]
    # later runs have a similar amount of work: kill anywhere within one
    span = max(0.5, time.monotonic() - measured)
    _check(vault, data, embedder)
    kills, where = int(killed_before), []
    for round_no in range(1, MAX_ROUNDS):
        if kills >= KILLS:
            break
        _mutate(vault, rng, round_no)
        # mostly while indexing, sometimes in the contradiction scan that follows it
        killed, last = server.run(vault, data, kill_after=rng.uniform(0.0, 0.7 * span))
        kills += killed
        where.append(last.split(" ")[1] if last.startswith("progress") else last)
        _check(vault, data, embedder)
    elapsed = time.monotonic() - started
    print(f"{kills} SIGKILLs in {elapsed:.0f} s; last output before each kill: {where}")
    assert kills >= KILLS, f"only {kills} kills landed before the child finished: {where}"
    assert len(set(where)) >= 2, f"every kill landed in the same phase: {where}"
