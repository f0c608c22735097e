"""Start and stop a real `chroma run` on 127.0.0.1 (for tests that kill and restart it)."""

from __future__ import annotations

import json
import os
import shutil
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path


def chroma_cli() -> Path | None:
    cli = Path(sys.executable).parent / "chroma"
    if cli.exists():
        return cli
    found = shutil.which("chroma")
    return Path(found) if found else None


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def start_chroma(
    cli: Path, db: Path, port: int, *, timeout: float = 90.0
) -> subprocess.Popen[bytes]:
    """`chroma run` on `port`, once its heartbeat answers. Raises RuntimeError otherwise."""
    log = (db.parent / f"server-{port}.log").open("ab")
    proc = subprocess.Popen(
        [str(cli), "run", "--path", str(db), "--host", "127.0.0.1", "--port", str(port)],
        stdout=log,
        stderr=subprocess.STDOUT,
        env={**os.environ, "ANONYMIZED_TELEMETRY": "False"},
    )
    log.close()
    deadline = time.monotonic() + timeout
    while True:
        if proc.poll() is not None:
            raise RuntimeError(f"chroma run exited with {proc.returncode}")
        try:
            url = f"http://127.0.0.1:{port}/api/v2/heartbeat"
            with urllib.request.urlopen(url, timeout=1) as resp:
                if "nanosecond heartbeat" in json.loads(resp.read()):
                    return proc
        except OSError:
            pass
        if time.monotonic() > deadline:
            stop_chroma(proc)
            raise RuntimeError(f"chroma run did not answer its heartbeat within {timeout} s")
        time.sleep(0.2)


def stop_chroma(proc: subprocess.Popen[bytes], *, kill: bool = False) -> None:
    if proc.poll() is None:
        if kill:
            proc.kill()
        else:
            proc.terminate()
    try:
        proc.wait(timeout=15)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.wait(timeout=15)
