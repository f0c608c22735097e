"""Indexing numbers on a real vault, measured in one run.

cold index throughput next to the bare embedder on the same chunks; restart (re-embedded
chunks, seconds); one edited note (chunks re-embedded vs the note's chunks); save-to-searchable
latency while watching (FTS and vectors). The vault itself is copied to a scratch folder
first, because the edit step changes a note (the user's vault is never written).
"""

from __future__ import annotations

import shutil
import statistics
import threading
import time
from pathlib import Path
from typing import Any

from engine.evaluate.metrics import percentile


def bench_vault(vault: Path, *, work_dir: Path, edits: int = 10) -> dict[str, Any]:
    from engine.index.live import LiveSync
    from engine.workspace import Workspace, WorkspaceConfig

    copy = work_dir / "vault"
    if copy.exists():
        shutil.rmtree(copy)
    shutil.copytree(vault, copy, symlinks=True)
    data = work_dir / "data"
    shutil.rmtree(data, ignore_errors=True)
    cfg = WorkspaceConfig(vault_root=copy, data_root=data)
    out: dict[str, Any] = {"vault": str(vault)}

    with Workspace.open(cfg) as ws:
        embedder = ws.embedder()
        embedder.embed_query("warm up")
        cold = ws.sync()
        cold_s = cold.seconds  # the indexer's own time (a contradiction scan is not in it)
        texts = _embed_texts(ws)
        t0 = time.perf_counter()
        embedder.embed(texts)
        bare_s = time.perf_counter() - t0
        out["notes"] = cold.notes
        out["skipped"] = [{"path": s.path, "reason": s.reason} for s in cold.skipped]
        out["chunks"] = cold.chunks
        index_rate = cold.embedded / cold_s if cold_s else 0.0
        bare_rate = len(texts) / bare_s if bare_s else 0.0
        out["index"] = {
            "seconds": round(cold_s, 2),
            "chunks_per_s": round(index_rate, 1),
            "embedder_chunks_per_s": round(bare_rate, 1),
            "ratio": round(index_rate / bare_rate, 3) if bare_rate else None,
        }

    t0 = time.perf_counter()
    with Workspace.open(cfg) as ws:
        again = ws.sync()
        restart_s = time.perf_counter() - t0
        out["restart"] = {"seconds": round(restart_s, 3), "reembedded": again.embedded}

        # One edited note: only its changed chunk is embedded.
        target = max(ws.catalog.manifest(), key=lambda p: len(ws.catalog.chunk_ids(note_path=p)))
        own = len(ws.catalog.chunk_ids(note_path=target))
        with open(copy / target, "a", encoding="utf-8") as handle:
            handle.write("\n\nA freshly appended paragraph about marsh harriers.\n")
        edited = ws.sync()
        out["edit"] = {"note": target, "note_chunks": own, "reembedded": edited.embedded}

        # Save-to-searchable while watching.
        done = threading.Event()
        live = LiveSync(ws, on_synced=lambda s: done.set() if s.updated else None)
        live.start(initial_sync=False)
        latencies: list[float] = []
        try:
            notes = sorted(ws.catalog.manifest())
            for i in range(edits):
                path = copy / notes[(i * 7) % len(notes)]
                token = f"zqxmarker{i}"
                done.clear()
                tmp = path.with_name(f".{path.name}.tmp")
                tmp.write_text(
                    path.read_text(encoding="utf-8") + f"\n\nEdit {token} here.\n",
                    encoding="utf-8",
                )
                t0 = time.perf_counter()
                tmp.replace(path)  # how editors save
                if not done.wait(10):
                    continue
                while not ws.catalog.search_substring(token, limit=1):
                    time.sleep(0.002)
                latencies.append((time.perf_counter() - t0) * 1000)
                time.sleep(0.3)
        finally:
            live.stop()
        out["sync_ms"] = {
            "p50": round(statistics.median(latencies), 1) if latencies else None,
            "p95": round(percentile(latencies, 95), 1) if latencies else None,
            "samples": len(latencies),
        }
    return out


def _embed_texts(ws: Any) -> list[str]:
    from engine.model import Chunk

    texts = []
    for path in sorted(ws.catalog.manifest()):
        for rec in ws.catalog.chunks_for(path):
            chunk = Chunk(
                id=rec.id,
                note_path=rec.note_path,
                ordinal=rec.ordinal,
                heading_path=rec.heading_path,
                text=rec.text,
                start_line=rec.start_line,
                end_line=rec.end_line,
                text_hash=rec.text_hash,
            )
            texts.append(chunk.embed_text)
    return texts
