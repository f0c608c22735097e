"""Embedder speed: sentence-transformers (torch) vs onnxruntime fp32 vs onnxruntime int8.

    .venv/bin/python bench/embedder_speed.py                      # the demo vault's chunks
    .venv/bin/python bench/embedder_speed.py ../shared/data/vaults/obsidian-help/en --limit 400

All three run in one process on the same chunks (the vault's notes cut by the real chunker),
interleaved repeat by repeat so that load from other processes hits them alike; medians are
printed. Also the cosine of each ONNX variant's vectors against torch's, and per-query latency
(one short text per call, as `embed_query` on a cache miss).
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import time
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

os.environ.setdefault("HF_HUB_OFFLINE", "1")
os.environ.setdefault("TOKENIZERS_PARALLELISM", "false")

import numpy as np

from engine.model import Note
from engine.vault.chunker import chunk_note
from engine.vault.reader import parse_note
from engine.vault.tokens import load_wordpiece_counter

REPO = Path(__file__).resolve().parent.parent


def vault_chunks(vault: Path, limit: int) -> tuple[list[str], list[str]]:
    """(chunk texts as embedded, short query-like texts: note titles and headings)."""
    count = load_wordpiece_counter()
    chunks: list[str] = []
    queries: list[str] = []
    for path in sorted(vault.rglob("*.md")):
        note = parse_note(str(path.relative_to(vault)), path.read_bytes(), mtime=datetime.now(UTC))
        if not isinstance(note, Note):
            continue
        chunks += [c.embed_text for c in chunk_note(note, count_tokens=count)]
        queries += [note.title] + [h.text for h in note.headings[:2]]
        if len(chunks) >= limit:
            break
    return chunks[:limit], list(dict.fromkeys(q for q in queries if q.strip()))


def timed(fn: Any) -> float:
    t0 = time.perf_counter()
    fn()
    return time.perf_counter() - t0


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("vault", type=Path, nargs="?", default=REPO / "resources" / "demo-vault")
    parser.add_argument("--limit", type=int, default=400, help="most chunks to embed")
    parser.add_argument("--batch-sizes", default="16,32,64")
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--queries", type=int, default=40)
    parser.add_argument("--cache-dir", type=Path, default=None, help="ONNX export cache")
    args = parser.parse_args()

    from engine.embed.embedder import models_dir
    from engine.embed.onnx_embedder import OnnxEmbedder
    from engine.embed.torch_embedder import SentenceTransformerEmbedder

    chunks, queries = vault_chunks(args.vault, args.limit)
    queries = queries[: args.queries]
    sizes = [int(s) for s in args.batch_sizes.split(",")]
    cache = models_dir(args.cache_dir)
    loaders = {
        "torch": lambda: SentenceTransformerEmbedder(None),
        "onnx-fp32": lambda: OnnxEmbedder(None, cache_dir=cache),
        "onnx-int8": lambda: OnnxEmbedder(None, cache_dir=cache, quantized=True),
    }
    embedders: dict[str, Any] = {}
    load_s: dict[str, float] = {}
    for name, load in loaders.items():
        t0 = time.perf_counter()
        embedders[name] = load()
        load_s[name] = time.perf_counter() - t0  # includes a first export/quantization

    print(f"{len(chunks)} chunks from {args.vault}, {len(queries)} queries", file=sys.stderr)
    ref = embedders["torch"].embed(chunks, batch_size=32)
    rates: dict[tuple[str, int], list[float]] = {}
    query_ms: dict[str, list[float]] = {name: [] for name in embedders}
    for rep in range(args.repeats):
        for name, emb in embedders.items():
            for size in sizes:
                secs = timed(lambda e=emb, b=size: e.embed(chunks, batch_size=b))
                rates.setdefault((name, size), []).append(len(chunks) / secs)
            for q in queries:
                query_ms[name].append(1000 * timed(lambda e=emb, t=q: e.embed([t], batch_size=1)))
        print(f"repeat {rep + 1}/{args.repeats} done", file=sys.stderr)

    result: dict[str, Any] = {"chunks": len(chunks), "queries": len(queries), "backends": {}}
    for name, emb in embedders.items():
        vecs = emb.embed(chunks, batch_size=32)
        cos = np.sum(vecs * ref, axis=1)
        result["backends"][name] = {
            "load_s": round(load_s[name], 2),
            "chunks_per_s": {s: round(statistics.median(rates[(name, s)]), 1) for s in sizes},
            "query_ms_median": round(statistics.median(query_ms[name]), 2),
            "cosine_vs_torch": {
                "min": round(float(cos.min()), 5),
                "mean": round(float(cos.mean()), 5),
            },
        }
    print(json.dumps(result, indent=2))
    base = result["backends"]["torch"]
    for name, row in result["backends"].items():
        rate, base_rate = row["chunks_per_s"], base["chunks_per_s"]
        speed = "  ".join(f"b{s}: {rate[s]:6.1f}/s ({rate[s] / base_rate[s]:.2f}x)" for s in sizes)
        print(
            f"{name:10} {speed}  query {row['query_ms_median']:5.2f} ms  "
            f"cos min {row['cosine_vs_torch']['min']:.4f} mean {row['cosine_vs_torch']['mean']:.5f}"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
