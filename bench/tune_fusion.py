"""Ablate and tune the merge on a BEIR dataset without re-running the sources.

Each query runs through the three sources once; the merge (pure) is then replayed under
every config variant. Uses the index `consilience eval retrieval` cached in its work dir.

    .venv/bin/python bench/tune_fusion.py ../shared/data/beir-scifact --work-dir /tmp/scifact-work
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from dataclasses import replace
from datetime import UTC, datetime
from pathlib import Path

from engine.evaluate.metrics import ndcg_at_k
from engine.evaluate.retrieval import SOURCES, load_beir, write_corpus_vault
from engine.search.build import build_search_service
from engine.search.config import MergeConfig
from engine.search.merge import merge
from engine.search.query import parse_query
from engine.search.service import SearchRequest
from engine.workspace import Workspace, WorkspaceConfig

VARIANTS: dict[str, dict[str, object]] = {
    "product (rrf)": {},
    "rrf, no boosts": {
        "use_agreement_boost": False,
        "use_exact_boost": False,
        "use_cross_reference": False,
        "use_recency": False,
        "use_authority": False,
    },
    "rrf - agreement": {"use_agreement_boost": False},
    "rrf - exact": {"use_exact_boost": False},
    "rrf - authority": {"use_authority": False},
    "rrf - mmr": {"use_mmr": False},
    "rrf mmr 0.75": {"mmr_lambda": 0.75},
    "rrf - near-dup": {"use_near_duplicates": False},
    "rrf k=20": {"rrf_k": 20},
    "rrf text 1.3": {"rrf_weight_text": 1.3},
    "convex": {"fusion": "convex"},
    "convex - agreement": {"fusion": "convex", "use_agreement_boost": False},
    "convex - agreement - exact": {
        "fusion": "convex",
        "use_agreement_boost": False,
        "use_exact_boost": False,
    },
    "convex sem 0.6": {"fusion": "convex", "rrf_weight_semantic": 1.5},
    "convex text 0.6": {"fusion": "convex", "rrf_weight_text": 1.5},
    "convex - mmr": {"fusion": "convex", "use_mmr": False},
    "convex - near-dup": {"fusion": "convex", "use_near_duplicates": False},
    "convex only rrf-free boosts": {
        "fusion": "convex",
        "use_agreement_boost": False,
        "use_exact_boost": False,
        "use_authority": False,
    },
    "convex mmr 0.75": {"fusion": "convex", "mmr_lambda": 0.75},
    "convex - recency": {"fusion": "convex", "use_recency": False},
    "convex - cross-ref": {"fusion": "convex", "use_cross_reference": False},
    "convex - authority": {"fusion": "convex", "use_authority": False},
    "convex, no boosts": {
        "fusion": "convex",
        "use_agreement_boost": False,
        "use_exact_boost": False,
        "use_cross_reference": False,
        "use_recency": False,
        "use_authority": False,
    },
}


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("beir_dir", type=Path)
    parser.add_argument("--work-dir", type=Path, required=True)
    parser.add_argument("--max-queries", type=int)
    parser.add_argument("--only", help="comma-separated substrings of variant names to run")
    args = parser.parse_args()
    corpus, queries, qrels = load_beir(args.beir_dir)
    if args.max_queries:
        queries = dict(list(queries.items())[: args.max_queries])
    mapping = write_corpus_vault(corpus, args.work_dir / "vault")
    cfg = WorkspaceConfig(vault_root=args.work_dir / "vault", data_root=args.work_dir / "data")
    with Workspace.open(cfg) as ws:
        ws.indexer.sync()  # retrieval only: no contradiction scan
        ws.start_vector_mirror()  # a long-lived process: vectors in memory
        service = build_search_service(ws, timeout_s=30.0)
        service.warm_up()
        recorded = []
        started = time.perf_counter()
        for qid, text in queries.items():
            request = SearchRequest(query=parse_query(text), depth=100)
            hits = {name: service.source(name).search(request) for name in SOURCES}
            ctx = service.merge_context(request, hits)
            recorded.append((qid, hits, ctx))
        print(f"sources ran in {time.perf_counter() - started:.0f} s", file=sys.stderr)
        service.close()
    now = datetime.now(UTC)
    results: dict[str, float] = {}
    wanted = [w.strip() for w in args.only.split(",")] if args.only else None
    for name, overrides in VARIANTS.items():
        if wanted and not any(w in name for w in wanted):
            continue
        config = replace(MergeConfig(), token_budget=None, **overrides)  # type: ignore[arg-type]
        scores = []
        for qid, hits, ctx in recorded:
            out = merge(
                hits,
                config=config,
                note_tokens=ctx.note_tokens if ctx else None,
                chunk_vectors=ctx.chunk_vectors if ctx else None,  # type: ignore[arg-type]
                query_entities=ctx.query_entities if ctx else frozenset(),
                now=now,
                limit=100,
            )
            ranked = [mapping.get(r.note_path, r.note_path) for r in out.results]
            scores.append(ndcg_at_k(ranked, qrels[qid], k=10))
        results[name] = round(sum(scores) / len(scores), 4)
        print(f"{name:32s} nDCG@10 {results[name]:.4f}", flush=True)
    for name in SOURCES:
        scores = [
            ndcg_at_k([mapping.get(h.note_path, h.note_path) for h in hits[name]], qrels[qid])
            for qid, hits, _ in recorded
        ]
        results[f"source {name}"] = round(sum(scores) / len(scores), 4)
        print(f"{'source ' + name:32s} nDCG@10 {results['source ' + name]:.4f}")
    print(json.dumps(results, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
