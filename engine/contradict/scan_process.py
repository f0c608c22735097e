"""A big contradiction scan run in a process of its own, so that what it allocates goes back to
the system when it ends.

A full scan of a 10,000-note vault reads about 90,000 claims, and CPython keeps most of the
memory it touched: the small objects that outlive the scan pin the arenas around them, and a
long-lived process (the desktop app, `watch`, the MCP server) then sits hundreds of MB above
where it started. In a child process that memory is simply gone when the child exits.

The child opens the same catalog (SQLite in WAL mode: the parent's readers keep working), loads
the packaged model and the scorer, scans, and reports on its stdout, one JSON object per line:
`{"progress": [done, total]}`, then `{"stats": {...}}` or `{"error": "..."}`. The parent keeps
the writer lock and does not write while it waits. Stopping the child is safe at any moment:
a note's claims and pairs are written in one transaction and the note stays stale until then,
so the next scan redoes whatever was cut short.

    echo '{"catalog": ..., "models_dir": ..., "full": true}' \\
        | python -m engine.contradict.scan_process
"""

from __future__ import annotations

import json
import logging
import queue
import subprocess
import sys
import threading
from collections.abc import Callable
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from engine.contradict.types import ScanStats
from engine.errors import EngineError

if TYPE_CHECKING:
    from engine.embed.embedder import Embedder

log = logging.getLogger(__name__)

ScanProgress = Callable[[int, int], None]

#: How often the parent checks whether it should stop the child (seconds).
POLL_S = 0.2
#: How long a stopped child gets to exit before it is killed (seconds).
STOP_GRACE_S = 5.0


class ScanProcessError(EngineError):
    """The scan process could not start, failed, or ended without a result."""


@dataclass(frozen=True)
class ScanJob:
    """What the child scans: every indexed note (`full`), or `changed` and `removed`."""

    catalog: str  # the catalog's path
    models_dir: str  # the model cache (the packaged model is prepared there already)
    full: bool
    changed: tuple[str, ...] = ()
    removed: tuple[str, ...] = ()
    pdfs: bool = False

    def to_json(self) -> str:
        return json.dumps(asdict(self))

    @classmethod
    def from_json(cls, text: str) -> ScanJob:
        data = json.loads(text)
        return cls(
            catalog=str(data["catalog"]),
            models_dir=str(data["models_dir"]),
            full=bool(data["full"]),
            changed=tuple(str(p) for p in data.get("changed", ())),
            removed=tuple(str(p) for p in data.get("removed", ())),
            pdfs=bool(data.get("pdfs", False)),
        )


def run_scan_apart(
    job: ScanJob,
    *,
    progress: ScanProgress | None = None,
    should_stop: Callable[[], bool] | None = None,
) -> ScanStats | None:
    """Run `job` in a child process and return its stats; None when `should_stop` answered
    True first (the child is stopped; the notes it did not finish stay stale). Raises
    ScanProcessError when the child fails or ends without a result."""
    stop = should_stop or (lambda: False)
    try:
        child = subprocess.Popen(
            [sys.executable, "-m", "engine.contradict.scan_process"],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
            encoding="utf-8",
        )
        assert child.stdin is not None
        with child.stdin:  # the job goes on stdin: a long list of notes fits no command line
            child.stdin.write(job.to_json())
    except OSError as exc:
        raise ScanProcessError(f"could not start the contradiction scan process: {exc}") from exc
    lines: queue.Queue[str | None] = queue.Queue()
    reader = threading.Thread(
        target=_read_lines, args=(child, lines), name="scan-process-reader", daemon=True
    )
    reader.start()
    result: ScanStats | None = None
    error: str | None = None
    try:
        while True:
            if stop():
                _stop(child)
                return None
            try:
                line = lines.get(timeout=POLL_S)
            except queue.Empty:
                continue
            if line is None:  # the child closed its output: it is ending
                break
            message = _message(line)
            if "progress" in message and progress is not None:
                done, total = message["progress"]
                progress(int(done), int(total))
            elif "stats" in message:
                result = ScanStats(**message["stats"])
            elif "error" in message:
                error = str(message["error"])
    finally:
        if child.poll() is None and (result is None and error is None):
            _stop(child)
        code = child.wait()
        reader.join(timeout=1.0)
    if error is not None:
        raise ScanProcessError(error)
    if result is None:
        raise ScanProcessError(
            f"the contradiction scan process ended without a result (exit code {code})"
        )
    return result


def _read_lines(child: subprocess.Popen[str], out: queue.Queue[str | None]) -> None:
    assert child.stdout is not None
    try:
        for line in child.stdout:
            out.put(line)
    finally:
        out.put(None)


def _message(line: str) -> dict[str, Any]:
    try:
        data = json.loads(line)
    except json.JSONDecodeError:
        log.debug("scan process: %s", line.rstrip())
        return {}
    return data if isinstance(data, dict) else {}


def _stop(child: subprocess.Popen[str]) -> None:
    child.terminate()
    try:
        child.wait(timeout=STOP_GRACE_S)
    except subprocess.TimeoutExpired:
        child.kill()
        child.wait()


# -- the child ----------------------------------------------------------------------------


def scan_in_this_process(job: ScanJob, progress: ScanProgress) -> ScanStats:
    """The child's work: open the catalog, build the scanner as the workspace does, scan."""
    from engine.contradict.scan import ContradictionScanner
    from engine.contradict.scorer import PairScorer
    from engine.contradict.store import ClaimVectors
    from engine.embed.embedder import load_embedder
    from engine.store.catalog import Catalog

    path = Path(job.catalog)
    if not path.is_file():  # never create an index: the workspace that asked has one
        raise ScanProcessError(f"the index {path} is gone")
    scorer = PairScorer.load()
    catalog = Catalog.open(path, check=False)
    vectors = ClaimVectors(catalog, dimension=scorer.dimension)
    embedder: Embedder | None = None

    def claim_embedder() -> Embedder:  # loaded only when some claim text has no stored vector
        nonlocal embedder
        if embedder is None:
            embedder = load_embedder(None, cache_dir=Path(job.models_dir))
        return embedder

    try:
        scanner = ContradictionScanner(catalog, vectors, claim_embedder, scorer, pdfs=job.pdfs)
        if job.full:
            return scanner.full_scan(progress=progress)
        return scanner.update(job.changed, job.removed, progress=progress)
    finally:
        vectors.close()
        catalog.close()


def _emit(message: dict[str, object]) -> None:
    sys.stdout.write(json.dumps(message) + "\n")
    sys.stdout.flush()


def main() -> int:
    logging.basicConfig(level=logging.WARNING, format="consilience scan: %(message)s")
    try:
        job = ScanJob.from_json(sys.stdin.read())
        stats = scan_in_this_process(job, lambda done, total: _emit({"progress": [done, total]}))
    except Exception as exc:  # every failure goes back to the parent as one line
        _emit({"error": f"contradiction scan failed: {exc}"})
        return 1
    _emit({"stats": asdict(stats)})
    return 0


if __name__ == "__main__":
    sys.exit(main())
