"""End-to-end query latency on a real vault (model loaded, index warm).

    .venv/bin/python bench/query_latency.py ../shared/data/vaults/obsidian-help --work-dir /tmp/qlat

Queries are built from the vault itself: note titles, words from headings, quoted phrases,
natural questions, a tag filter and a folder filter, run through `SearchService.search`.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from pathlib import Path

from engine.evaluate.metrics import percentile
from engine.search.build import build_search_service
from engine.search.service import SearchFilters
from engine.workspace import Workspace, WorkspaceConfig


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("vault", type=Path)
    parser.add_argument("--work-dir", type=Path, required=True)
    parser.add_argument("--queries", type=int, default=200)
    args = parser.parse_args()
    cfg = WorkspaceConfig(vault_root=args.vault, data_root=args.work_dir)
    rng = random.Random(1)
    with Workspace.open(cfg) as ws:
        t0 = time.perf_counter()
        stats = ws.indexer.sync()  # the contradiction scan is not part of query latency
        print(
            f"indexed {stats.notes} notes, {stats.chunks} chunks in "
            f"{time.perf_counter() - t0:.0f} s",
            file=sys.stderr,
        )
        ws.save_graph()
        ws.start_vector_mirror()  # a long-lived process: vectors in memory
        service = build_search_service(ws)
        service.warm_up()
        notes = sorted(ws.catalog.notes.manifest())
        titles = [p.rsplit("/", 1)[-1][:-3] for p in notes]
        texts: list[tuple[str, SearchFilters]] = []
        for i in range(args.queries):
            title = rng.choice(titles)
            kind = i % 6
            if kind == 0:
                texts.append((title, SearchFilters()))
            elif kind == 1:
                texts.append((f'"{title}"', SearchFilters()))
            elif kind == 2:
                texts.append((f"how do I use {title.lower()}", SearchFilters()))
            elif kind == 3:
                texts.append(
                    (title.split()[0], SearchFilters(folder=notes[i % len(notes)].split("/")[0]))
                )
            elif kind == 4:
                texts.append((f"what is {title} for", SearchFilters()))
            else:
                texts.append((" ".join(rng.sample(titles, 2)), SearchFilters()))
        for q, f in texts[:10]:  # warm caches
            service.search(q, filters=f)
        latencies = []
        for q, f in texts:
            t0 = time.perf_counter()
            service.search(q, filters=f)
            latencies.append((time.perf_counter() - t0) * 1000)
        service.close()
    out = {
        "notes": stats.notes,
        "chunks": stats.chunks,
        "queries": len(latencies),
        "query_ms": {
            "p50": round(statistics.median(latencies), 1),
            "p95": round(percentile(latencies, 95), 1),
        },
    }
    print(json.dumps(out, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
