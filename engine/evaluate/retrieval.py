"""Retrieval quality on a BEIR-layout dataset, through the real product pipeline.

The corpus is written as a vault of markdown notes (one per document) into a scratch folder,
indexed by the normal indexer, and every test query is run per source and fused.
"""

from __future__ import annotations

import json
import logging
import re
import time
from collections.abc import Callable, Iterator
from dataclasses import replace
from pathlib import Path
from typing import Any

from engine.errors import EngineError
from engine.evaluate.metrics import ndcg_at_k, percentile, recall_at_k
from engine.search.config import MergeConfig
from engine.search.query import parse_query
from engine.search.service import SearchRequest

log = logging.getLogger(__name__)

SOURCES = ("semantic", "text", "graph")
_UNSAFE = re.compile(r"[^A-Za-z0-9._-]+")


def _read_jsonl(path: Path) -> Iterator[dict[str, Any]]:
    with open(path, encoding="utf-8") as handle:
        for line in handle:
            if line.strip():
                yield json.loads(line)


def load_beir(
    folder: Path, *, split: str = "test"
) -> tuple[dict[str, dict[str, str]], dict[str, str], dict[str, dict[str, int]]]:
    """(corpus id -> {title, text}, query id -> text, query id -> {doc id: relevance})."""
    corpus_file, queries_file = folder / "corpus.jsonl", folder / "queries.jsonl"
    qrels_file = folder / "qrels" / f"{split}.tsv"
    for f in (corpus_file, queries_file, qrels_file):
        if not f.exists():
            raise EngineError(f"{folder} is not a BEIR folder: {f.name} is missing")
    corpus = {
        str(d["_id"]): {"title": d.get("title") or "", "text": d.get("text") or ""}
        for d in _read_jsonl(corpus_file)
    }
    queries = {str(q["_id"]): q["text"] for q in _read_jsonl(queries_file)}
    qrels: dict[str, dict[str, int]] = {}
    with open(qrels_file, encoding="utf-8") as handle:
        for i, line in enumerate(handle):
            parts = line.strip().split("\t")
            if len(parts) < 3 or (i == 0 and not parts[2].lstrip("-").isdigit()):
                continue
            qrels.setdefault(parts[0], {})[parts[1]] = int(parts[2])
    return corpus, {q: t for q, t in queries.items() if q in qrels}, qrels


def note_name(doc_id: str) -> str:
    return (_UNSAFE.sub("_", doc_id) or "doc") + ".md"


def write_corpus_vault(corpus: dict[str, dict[str, str]], vault: Path) -> dict[str, str]:
    """Write each document as `<id>.md` (title as heading); returns note path -> doc id."""
    vault.mkdir(parents=True, exist_ok=True)
    mapping: dict[str, str] = {}
    for doc_id, doc in corpus.items():
        name = note_name(doc_id)
        mapping[name] = doc_id
        title = doc["title"].replace("\n", " ").strip()
        body = f"# {title}\n\n{doc['text']}\n" if title else f"{doc['text']}\n"
        target = vault / name
        if not target.exists() or target.read_text(encoding="utf-8") != body:
            target.write_text(body, encoding="utf-8")
    return mapping


def evaluate_retrieval(
    folder: Path,
    *,
    work_dir: Path,
    config: MergeConfig | None = None,
    max_queries: int | None = None,
    progress: Callable[[str], None] | None = None,
) -> dict[str, Any]:
    """Index `folder`'s corpus (cached in `work_dir`) and score every source and the fusion."""
    from engine.search.build import build_search_service
    from engine.workspace import Workspace, WorkspaceConfig

    say = progress or (lambda _m: None)
    corpus, queries, qrels = load_beir(folder)
    if max_queries:
        queries = dict(list(queries.items())[:max_queries])
    vault = work_dir / "vault"
    say(f"writing {len(corpus)} documents as notes")
    mapping = write_corpus_vault(corpus, vault)
    ws = Workspace.open(WorkspaceConfig(vault_root=vault, data_root=work_dir / "data"))
    try:
        say("indexing (cached after the first run)")
        started = time.perf_counter()
        stats = ws.indexer.sync()  # retrieval only: the contradiction scan is not needed
        index_s = time.perf_counter() - started
        # Budget off: recall@100 needs 100 results (the budget only trims the UI answer).
        cfg = replace(config or MergeConfig(), token_budget=None)
        service = build_search_service(ws, config=cfg, timeout_s=30.0)
        service.warm_up()
        sources = {name: service.source(name) for name in SOURCES}
        per_source: dict[str, dict[str, list[float]]] = {
            n: {"ndcg": [], "recall": []} for n in (*SOURCES, "fused")
        }
        latencies: list[float] = []
        for i, (qid, text) in enumerate(queries.items(), start=1):
            judged = qrels[qid]
            request = SearchRequest(query=parse_query(text), depth=100)
            for name in SOURCES:
                hits = sources[name].search(request)
                ranked = [mapping.get(h.note_path, h.note_path) for h in hits]
                per_source[name]["ndcg"].append(ndcg_at_k(ranked, judged, k=10))
                per_source[name]["recall"].append(recall_at_k(ranked, judged, k=100))
            t0 = time.perf_counter()
            response = service.search(text, limit=100)
            latencies.append((time.perf_counter() - t0) * 1000)
            ranked = [mapping.get(r.note_path, r.note_path) for r in response.results]
            per_source["fused"]["ndcg"].append(ndcg_at_k(ranked, judged, k=10))
            per_source["fused"]["recall"].append(recall_at_k(ranked, judged, k=100))
            if i % 50 == 0:
                say(f"{i}/{len(queries)} queries")
        service.close()
    finally:
        ws.close()

    def mean(xs: list[float]) -> float:
        return round(sum(xs) / len(xs), 4) if xs else 0.0

    return {
        "dataset": folder.name,
        "queries": len(queries),
        "documents": len(corpus),
        "ndcg@10": {n: mean(v["ndcg"]) for n, v in per_source.items()},
        "recall@100": {n: mean(v["recall"]) for n, v in per_source.items()},
        "latency_ms": {
            "p50": round(percentile(latencies, 50), 1),
            "p95": round(percentile(latencies, 95), 1),
        },
        "index": {"chunks": stats.chunks, "embedded": stats.embedded, "seconds": round(index_s, 1)},
    }
