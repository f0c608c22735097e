"""Where the memory of a long-lived Consilience process goes, part by part.

Opens an indexed vault the way the app does, one part at a time, in this one process, and
prints the resident memory (RSS) each part adds: the interpreter and imports, the catalog and
the link graph, the in-memory vector mirror, the language model, a search service with a warm
query, Chroma's own index (HNSW, which the app loads only to write), the claim vectors a
full contradiction scan reads, and Qt with the main window (offscreen). Each part's size is
the RSS after it minus the RSS before it (freed memory returned to the system first), so the
parts add up to the total.

    QT_QPA_PLATFORM=offscreen .venv/bin/python bench/memory_parts.py VAULT --data-dir DIR

Run `consilience index VAULT --data-dir DIR` first (and nothing else on that index while
this runs: it takes the writer lock, as the app does); the vault is read, never written.
"""

from __future__ import annotations

import argparse
import gc
import json
import sys
import time
from pathlib import Path

from engine.runtime import release_free_memory

_t0 = time.perf_counter()


def rss_mb() -> float:
    """This process's resident memory now, after returning freed heap to the system."""
    gc.collect()
    release_free_memory()
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return float("nan")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("vault", type=Path)
    parser.add_argument("--data-dir", type=Path, required=True)
    parser.add_argument("--query", default="how do I change the settings")
    parser.add_argument("--no-qt", action="store_true", help="leave the window out")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()

    parts: list[tuple[str, float, str]] = []
    last = rss_mb()
    parts.append(("interpreter", last, ""))

    def step(name: str, note: str = "") -> None:
        nonlocal last
        now = rss_mb()
        parts.append((name, now - last, note))
        last = now

    import numpy as np

    from engine.search.build import build_search_service
    from engine.workspace import Workspace, WorkspaceConfig

    step("imports (engine, numpy, onnxruntime on first use)")
    cfg = WorkspaceConfig(vault_root=args.vault, data_root=args.data_dir)
    ws = Workspace.open(cfg)  # as the app: Chroma waits until something needs it
    notes = len(ws.catalog.notes.manifest())
    step("catalog and link graph", f"{notes} notes, {ws.graph.graph.number_of_nodes()} nodes")
    ws.start_vector_mirror(check_delay_s=3600)
    ws.vectors.wait_mirror(timeout=600)
    held = ws.vectors.held_count()
    step("vector mirror", f"{held} vectors")
    embedder = ws.embedder()
    query = embedder.embed_query(args.query)
    step("language model", getattr(embedder, "backend", ""))
    service = build_search_service(ws)
    service.warm_up()
    service.search(args.query)
    step("search service, one query")
    ws.vectors.query(np.asarray(query), k=10)
    step("Chroma with its HNSW index (loaded only to write)")
    from engine.contradict.store import ClaimVectors

    claims = ClaimVectors(ws.catalog, dimension=384)
    ids = claims.all_ids()
    vectors = claims.get_embeddings(ids)
    step("claim vectors, all read (a full scan)", f"{len(vectors)} claims")
    del vectors
    step("claim vectors released")
    if not args.no_qt:
        from PySide6.QtWidgets import QApplication

        from ui.main_window import MainWindow
        from ui.settings import Settings

        app = QApplication.instance() or QApplication(sys.argv[:1])
        window = MainWindow(Settings())
        window.show()
        app.processEvents()
        step("Qt and the main window (no vault in it)")
        window.hide()
    total = rss_mb()
    service.close()
    ws.close()
    if args.json:
        print(json.dumps({"parts_mb": {n: round(v, 1) for n, v, _ in parts}, "total_mb": total}))
        return 0
    width = max(len(n) for n, _, _ in parts)
    for name, mb, note in parts:
        print(f"{name.ljust(width)}  {mb:7.1f} MB  {note}")
    print(f"{'total'.ljust(width)}  {total:7.1f} MB  ({time.perf_counter() - _t0:.0f} s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
