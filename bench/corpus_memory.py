"""Peak memory of indexing and searching a large retrieval corpus (BEIR FiQA size: about
75,000 chunks), phase by phase.

Generates a vault with the bench's generator (`--notes`; 49,000 notes give about 75,000
chunks), indexes it as `consilience eval retrieval` does (words, links and meaning; no
contradiction check: a corpus of other people's passages), then searches it the way the app
does (the vectors in memory) with the generator's own queries. Prints the peak RSS of each
phase (Linux's high-water mark, reset between phases) and of the whole process, with Chroma in
a process of its own as in the app (`--chroma-here`: in this process), whose peak is printed
apart.

    .venv/bin/python bench/corpus_memory.py --notes 49000 --work-dir /tmp/corpus
"""

from __future__ import annotations

import argparse
import json
import shutil
import sys
import time
from pathlib import Path

from engine.evaluate.index_bench import PhasePeaks, helpers_peak_mb
from engine.evaluate.vault_gen import generate_vault
from engine.search.build import build_search_service
from engine.workspace import Workspace, WorkspaceConfig


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--notes", type=int, default=49_000)
    parser.add_argument("--work-dir", type=Path, required=True)
    parser.add_argument("--queries", type=int, default=200)
    parser.add_argument("--keep", action="store_true", help="reuse a generated vault")
    parser.add_argument("--chroma-here", action="store_true", help="Chroma in this process")
    args = parser.parse_args()
    vault, data = args.work_dir / "vault", args.work_dir / "data"
    t0 = time.perf_counter()
    if args.keep and vault.is_dir():
        queries = []
    else:
        shutil.rmtree(vault, ignore_errors=True)
        queries = generate_vault(vault, args.notes, seed=7).queries
    shutil.rmtree(data, ignore_errors=True)
    phases = PhasePeaks()
    phases.end("generate")
    out: dict[str, object] = {"notes": args.notes}
    config = WorkspaceConfig(vault_root=vault, data_root=data, chroma_apart=not args.chroma_here)
    with Workspace.open(config) as ws:
        stats = ws.sync(contradictions=False)
        out["chunks"] = stats.chunks
        out["index_s"] = round(time.perf_counter() - t0, 1)
        phases.end("index")
        ws.start_vector_mirror()
        ws.vectors.wait_mirror(timeout=600)
        service = build_search_service(ws, timeout_s=30.0)  # a busy machine: never a miss
        service.warm_up()
        texts = [q.text for q in queries[: args.queries]] or ["notes", "how do I sync"]
        started = time.perf_counter()
        for text in texts:
            service.search(text)
        out["queries"] = len(texts)
        out["search_s"] = round(time.perf_counter() - started, 1)
        service.close()
        phases.end("search")
    out["peak_rss_mb"] = phases.overall_mb()
    out["peak_rss_by_phase_mb"] = phases.by_phase
    out["chroma_process_peak_rss_mb"] = helpers_peak_mb()
    print(json.dumps(out, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
