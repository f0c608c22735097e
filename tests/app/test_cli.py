"""The `consilience` command line, run as a user would run it."""

from __future__ import annotations

import json
import time
from pathlib import Path

import pytest
from helpers.cli import run_cli
from helpers.vaultkit import snapshot, write_vault

REPO = Path(__file__).resolve().parents[2]


@pytest.mark.slow
def test_help_is_fast_and_lists_commands() -> None:
    started = time.monotonic()
    proc = run_cli("--help")
    assert proc.returncode == 0
    assert "index" in proc.stdout and "watch" in proc.stdout
    assert time.monotonic() - started < 5


@pytest.mark.slow
def test_missing_vault_is_one_line_and_nonzero(tmp_path: Path) -> None:
    proc = run_cli("index", str(tmp_path / "missing"), "--data-dir", str(tmp_path / "d"))
    assert proc.returncode == 2
    lines = proc.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("consilience: error:")
    assert "vault" in lines[0]


@pytest.mark.slow
def test_data_dir_inside_vault_is_refused(tmp_path: Path) -> None:
    vault = tmp_path / "v"
    write_vault(vault, 1)
    proc = run_cli("index", str(vault), "--data-dir", str(vault / "idx"))
    assert proc.returncode == 2 and "inside the vault" in proc.stderr
    assert not (vault / "idx").exists()


@pytest.mark.slow
def test_index_json_then_incremental(tmp_path: Path) -> None:
    vault = tmp_path / "v"
    write_vault(vault, 5)
    (vault / "junk.md").write_bytes(b"\x00\xff" * 100)
    before = snapshot(vault)
    data = str(tmp_path / "d")
    proc = run_cli("index", str(vault), "--json", "--data-dir", data)
    assert proc.returncode == 0, proc.stderr
    out = json.loads(proc.stdout)
    assert set(out) >= {
        "notes",
        "added",
        "updated",
        "removed",
        "renamed",
        "unchanged",
        "chunks",
        "embedded",
        "skipped",
        "seconds",
    }
    assert out["notes"] == 5 and out["added"] == 5 and out["embedded"] == out["chunks"]
    assert out["skipped"][0]["path"] == "junk.md" and out["skipped"][0]["reason"]

    (vault / "Notes" / "Note 0.md").unlink()
    proc = run_cli("index", str(vault), "--json", "--data-dir", data)
    out = json.loads(proc.stdout)
    assert out["removed"] == 1 and out["notes"] == 4 and out["embedded"] == 0
    assert snapshot(vault) == {k: v for k, v in before.items() if k != "Notes/Note 0.md"}


@pytest.mark.slow
def test_watch_indexes_follows_edits_and_stops_on_ctrl_c(tmp_path: Path) -> None:
    import os
    import signal
    import subprocess
    import sys
    import threading

    vault = tmp_path / "v"
    write_vault(vault, 3)
    env = dict(
        os.environ,
        HF_HUB_OFFLINE="1",
        ANONYMIZED_TELEMETRY="False",
        PYTHONPATH=str(REPO),
        PYTHONFAULTHANDLER="1",  # a hang below is reported with every thread's stack
    )
    proc = subprocess.Popen(
        [sys.executable, "-m", "app.cli", "watch", str(vault), "--data-dir", str(tmp_path / "d")],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=env,
        cwd=REPO,
        # Ctrl-C as in a terminal: a test run started in the background (`cmd &`) ignores
        # SIGINT, and a child would inherit that and never stop.
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.default_int_handler),
    )
    lines: list[str] = []
    reader = threading.Thread(target=lambda: lines.extend(iter(proc.stdout.readline, "")))  # type: ignore[union-attr]
    reader.start()

    def wait_for(text: str) -> None:
        deadline = time.monotonic() + 240
        while not any(text in line for line in list(lines)):
            assert proc.poll() is None, proc.stderr.read() if proc.stderr else ""
            assert time.monotonic() < deadline, lines
            time.sleep(0.1)

    try:
        wait_for("watching")
        assert any("3" in line for line in lines)  # the summary of the first index
        (vault / "Fresh.md").write_text("# Fresh\n\nA new note.\n", "utf-8")
        wait_for("synced: +1")
        started = time.monotonic()
        proc.send_signal(signal.SIGINT)
        proc.wait(timeout=30)
        assert time.monotonic() - started < 15  # closing never hangs
    finally:
        if proc.poll() is None:  # stuck: SIGABRT makes faulthandler print where, then kill
            proc.send_signal(signal.SIGABRT)
            try:
                proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                proc.kill()
            print(proc.stderr.read() if proc.stderr else "")
        reader.join(5)


@pytest.mark.parametrize(
    "argv",
    [
        ["--data-dir", "/tmp/d", "--chroma-url", "http://h:1", "--model", "/m", "index", "/v"],
        ["index", "/v", "--data-dir", "/tmp/d", "--chroma-url", "http://h:1", "--model", "/m"],
        [
            "--data-dir",
            "/tmp/d",
            "search",
            "/v",
            "--model",
            "/m",
            "--chroma-url",
            "http://h:1",
            "q",
        ],
    ],
)
def test_program_options_count_before_or_after_the_command(argv: list[str]) -> None:
    from app.cli import build_parser

    args = build_parser().parse_args(argv)
    assert (args.data_dir, args.chroma_url, args.model) == (Path("/tmp/d"), "http://h:1", "/m")


def test_program_options_default_when_not_given() -> None:
    from app.cli import build_parser

    args = build_parser().parse_args(["index", "/v"])
    assert (args.data_dir, args.chroma_url, args.model, args.verbose) == (None, None, None, 0)


@pytest.mark.slow
def test_a_server_asked_for_before_the_command_is_used_or_reported(tmp_path: Path) -> None:
    vault = tmp_path / "v"
    write_vault(vault, 2)
    data = tmp_path / "d"
    proc = run_cli(
        "--data-dir", str(data), "--chroma-url", "http://127.0.0.1:9", "index", str(vault)
    )
    assert proc.returncode != 0  # an unreachable server is an error, not the local store
    assert "127.0.0.1:9" in proc.stderr or "server" in proc.stderr.lower()
    proc = run_cli("--data-dir", str(data), "index", str(vault))
    assert proc.returncode == 0 and data.is_dir()  # the folder asked for before the command
