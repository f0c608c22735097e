"""SIGKILL the indexer mid-run; the next start must repair everything."""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from helpers.vaultkit import assert_consistent, note_text, write_vault

from engine.embed.embedder import Embedder
from engine.workspace import Workspace, WorkspaceConfig

CHILD = Path(__file__).with_name("crash_child.py")
REPO = Path(__file__).resolve().parents[3]


def _run_child_and_kill(vault: Path, data: Path, *, after_lines: int, delay: float) -> bool:
    """Start the child; SIGKILL it after it printed `after_lines` progress lines + delay.

    Returns True when the kill happened before the child finished.
    """
    env = dict(os.environ, PYTHONPATH=str(REPO))
    proc = subprocess.Popen(
        [sys.executable, str(CHILD), str(vault), str(data)],
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        text=True,
        env=env,
    )
    assert proc.stdout is not None
    seen = 0
    try:
        for line in proc.stdout:
            if line.startswith("done"):
                return False
            if line.startswith("progress embed"):
                seen += 1
                if seen >= after_lines:
                    time.sleep(delay)
                    proc.send_signal(signal.SIGKILL)
                    return True
        return False
    finally:
        proc.kill()
        proc.wait(timeout=30)


@pytest.mark.slow
def test_sigkill_mid_index_then_restart_is_consistent(tmp_path: Path, embedder: Embedder) -> None:
    vault = tmp_path / "vault"
    data = tmp_path / "data"
    write_vault(vault, 60, paragraphs=12)  # several write batches
    rng = random.Random(7)
    kills = 0
    for round_no in range(3):
        if round_no:  # change the vault between kills: edits, a delete, a rename
            (vault / "Notes" / f"Note {2 * round_no}.md").write_text(
                note_text(2 * round_no, paragraphs=12, extra=f"edit {round_no}")
            )
            victim = vault / "Projects" / f"Note {2 * round_no + 1}.md"
            if victim.exists():
                victim.rename(vault / "Projects" / f"Moved {round_no}.md")
        killed = _run_child_and_kill(
            vault, data, after_lines=rng.randint(1, 2), delay=rng.uniform(0.0, 0.8)
        )
        kills += killed
        with Workspace.open(
            WorkspaceConfig(vault_root=vault, data_root=data), embedder=embedder
        ) as ws:
            stats = ws.sync()
            assert stats.notes == 60
            assert_consistent(ws)
    assert kills >= 2, "the child finished before it could be killed; make the vault bigger"
