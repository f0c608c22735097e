"""Replay the merge under config variants on known-item sets and a BEIR set at once.

Each query runs through the three sources once; the merge (pure) is then replayed under every
variant, so a change to fusion is judged on every set together (a weight that helps the help
vault and hurts SciFact shows up in one table). Indexes are cached in the work dirs that
`consilience eval known-items` / `eval retrieval` use.

    .venv/bin/python bench/tune_search.py \
        --known ../shared/data/vaults/obsidian-help/en bench/known_items/obsidian-help-en.jsonl \
        --beir ../shared/data/beir-scifact
"""

from __future__ import annotations

import argparse
import copyreg
import json
import pickle
import sys
import tempfile
import types
from dataclasses import dataclass, replace
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from engine.evaluate.known_items import SOURCES, first_rank, load_known_items, summarise
from engine.evaluate.metrics import ndcg_at_k
from engine.evaluate.retrieval import load_beir, write_corpus_vault
from engine.evaluate.scratch import scratch_dir
from engine.search.build import build_search_service
from engine.search.config import MergeConfig
from engine.search.merge import merge
from engine.search.query import ParsedQuery, parse_query, query_intent
from engine.search.service import MergeContext, SearchRequest, source_depth
from engine.search.types import Hit
from engine.workspace import Workspace, WorkspaceConfig


# Hits keep their metadata read-only; the cache stores it as a plain dict.
def _read_only(data: dict[str, Any]) -> types.MappingProxyType[str, Any]:
    return types.MappingProxyType(data)


copyreg.pickle(types.MappingProxyType, lambda m: (_read_only, (dict(m),)))

VARIANTS: dict[str, dict[str, Any]] = {
    "before": {
        "use_query_intent": False,
        "use_exact_first": False,
        "use_answer_check": False,
        "use_relevance_floor": False,
        "use_source_trust": False,
    },
    "product": {},
    "no trust": {"use_source_trust": False},
    "trust full 0.3": {"trust_full": 0.3},
    "trust full 0.4": {"trust_full": 0.4},
    "trust full 0.5": {"trust_full": 0.5},
    "q sem 1.0 text 1.0": {"question_weight_semantic": 1.0, "question_weight_text": 1.0},
    "q sem 1.2 text 1.0": {"question_weight_semantic": 1.2, "question_weight_text": 1.0},
    "floor 0.15": {"relevance_floor": 0.15},
    "floor 0.2": {"relevance_floor": 0.2},
    "unknown 0.2": {"answer_max_unknown": 0.2},
    "unknown 0.34": {"answer_max_unknown": 0.34},
    "unknown off": {"answer_max_unknown": 1.01},
    "answer sim 0.40": {"answer_min_similarity": 0.40},
    "answer sim 0.50": {"answer_min_similarity": 0.50},
    "coverage 0.5": {"words_coverage_power": 0.5},
    "coverage 1": {"words_coverage_power": 1.0},
    "coverage 2": {"words_coverage_power": 2.0},
    "no coverage": {"words_coverage_power": 0.0},
}


@dataclass
class Run:
    name: str
    kind: str  # known-item kind or "beir"
    parsed: ParsedQuery
    hits: dict[str, list[Hit]]
    context: MergeContext | None
    expect: frozenset[str] = frozenset()
    qrels: dict[str, int] | None = None
    mapping: dict[str, str] | None = None
    trust: dict[str, float] | None = None


def collect_known(vault: Path, queries: Path, say: Any) -> list[Run]:
    items = load_known_items(queries)
    vault = vault.resolve()
    work = scratch_dir("consilience-known", vault)  # the index `eval known-items` keeps
    runs: list[Run] = []
    with Workspace.open(WorkspaceConfig(vault_root=vault, data_root=work)) as ws:
        ws.indexer.sync()
        ws.start_vector_mirror()
        service = build_search_service(ws, timeout_s=30.0)
        service.warm_up()
        for item in items:
            parsed = parse_query(item.query)
            request = SearchRequest(query=parsed, depth=source_depth(10))
            hits = {n: service.source(n).search(request) for n in SOURCES}
            runs.append(
                Run(
                    name=queries.stem,
                    kind=item.kind,
                    parsed=parsed,
                    hits=hits,
                    context=service.merge_context(request, hits),
                    expect=item.expect,
                    trust=service.source_trust(request, hits),
                )
            )
        service.close()
    say(f"{queries.stem}: {len(runs)} queries")
    return runs


def collect_beir(folder: Path, say: Any, max_queries: int | None) -> list[Run]:
    corpus, queries, qrels = load_beir(folder)
    if max_queries:
        queries = dict(list(queries.items())[:max_queries])
    work = Path(tempfile.gettempdir()) / f"consilience-eval-{folder.name}"
    mapping = write_corpus_vault(corpus, work / "vault")
    runs: list[Run] = []
    config = WorkspaceConfig(vault_root=work / "vault", data_root=work / "data")
    with Workspace.open(config) as ws:
        ws.indexer.sync()
        ws.start_vector_mirror()
        service = build_search_service(ws, timeout_s=30.0)
        service.warm_up()
        for qid, text in queries.items():
            parsed = parse_query(text)
            request = SearchRequest(query=parsed, depth=source_depth(100))
            hits = {n: service.source(n).search(request) for n in SOURCES}
            runs.append(
                Run(
                    name=folder.name,
                    kind="beir",
                    parsed=parsed,
                    hits=hits,
                    context=service.merge_context(request, hits),
                    qrels=qrels[qid],
                    mapping=mapping,
                    trust=service.source_trust(request, hits),
                )
            )
        service.close()
    say(f"{folder.name}: {len(runs)} queries")
    return runs


def calibration(runs: list[Run]) -> dict[str, Any]:
    """Per set and class (absent / answerable): the best chunk similarity of each query and
    whether the words source found a note holding every word (what the answer check reads)."""
    out: dict[str, Any] = {}
    for r in runs:
        if r.kind == "beir":
            continue
        sims = [h.raw_score for h in r.hits["semantic"]]
        best = max(sims, default=0.0)
        gap = best - sum(sims[1:10]) / max(1, len(sims[1:10])) if sims else 0.0
        words = any(h.metadata.get("all_terms") for h in r.hits["text"])
        exact = any(h.match_type == "exact_text" for h in r.hits["text"])
        named = any(h.match_type == "graph_exact" for h in r.hits["graph"])
        cls = "absent" if r.kind == "absent" else "answerable"
        out.setdefault(f"{r.name}:{cls}", []).append(
            f"{best:.2f}/{gap:.2f}{'W' if words else ''}{'E' if exact else ''}"
            f"{'N' if named else ''}"
        )
    return {k: sorted(v) for k, v in out.items()}


def replay(run: Run, config: MergeConfig, now: datetime) -> tuple[list[tuple[str, ...]], bool]:
    ctx = run.context
    out = merge(
        run.hits,
        config=config,
        note_tokens=ctx.note_tokens if ctx else None,
        chunk_vectors=ctx.chunk_vectors if ctx else None,  # type: ignore[arg-type]
        query_entities=ctx.query_entities if ctx else frozenset(),
        now=now,
        limit=100 if run.kind == "beir" else 10,
        intent=query_intent(run.parsed),
        source_trust=run.trust,
    )
    return [(r.note_path, *r.duplicates) for r in out.results], out.low_confidence


def score(runs: list[Run], config: MergeConfig, now: datetime) -> dict[str, dict[str, Any]]:
    table: dict[str, dict[str, Any]] = {}
    for name in dict.fromkeys(r.name for r in runs):
        mine = [r for r in runs if r.name == name]
        row: dict[str, Any] = {}
        if mine[0].kind == "beir":
            ndcg = []
            for r in mine:
                shown, _ = replay(r, config, now)
                ranked = [r.mapping.get(p[0], p[0]) for p in shown] if r.mapping else []
                ndcg.append(ndcg_at_k(ranked, r.qrels or {}, k=10))
            row["ndcg@10"] = round(sum(ndcg) / len(ndcg), 4)
        else:
            ranks: dict[str, list[int | None]] = {}
            weak: dict[str, list[bool]] = {}
            count: list[int] = []
            for r in mine:
                shown, low = replay(r, config, now)
                weak.setdefault(r.kind, []).append(low)
                count.append(len(shown))
                if r.kind != "absent":
                    ranks.setdefault(r.kind, []).append(first_rank(shown, r.expect))
            for kind, rs in ranks.items():
                m = summarise(rs)
                row[f"{kind}@5"] = m["hit@5"]
                if kind == "exact":
                    row["exact@3"] = m["hit@3"]
            every = [x for rs in ranks.values() for x in rs]
            row["all@5"] = summarise(every)["hit@5"]
            row["weak:absent"] = round(
                sum(weak.get("absent", [])) / max(1, len(weak.get("absent", []))), 2
            )
            answerable = [x for k, v in weak.items() if k != "absent" for x in v]
            row["weak:answerable"] = round(sum(answerable) / max(1, len(answerable)), 2)
            row["shown"] = round(sum(count) / len(count), 1)
        table[name] = row
    return table


def sources_alone(runs: list[Run]) -> dict[str, dict[str, Any]]:
    out: dict[str, dict[str, Any]] = {}
    for name in dict.fromkeys(r.name for r in runs if r.kind != "beir"):
        mine = [r for r in runs if r.name == name and r.kind != "absent"]
        row: dict[str, Any] = {}
        for src in SOURCES:
            for kind in dict.fromkeys(r.kind for r in mine):
                rs = [
                    first_rank([(h.note_path,) for h in r.hits[src]], r.expect)
                    for r in mine
                    if r.kind == kind
                ]
                row[f"{src}:{kind}@5"] = summarise(rs)["hit@5"]
        out[name] = row
    return out


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--known", nargs=2, action="append", type=Path, default=[])
    parser.add_argument("--beir", type=Path)
    parser.add_argument("--max-queries", type=int)
    parser.add_argument("--only", nargs="*", help="variant names to run")
    parser.add_argument(
        "--cache", type=Path, help="keep the sources' answers here and replay them next time"
    )
    parser.add_argument(
        "--set", nargs="*", default=[], help="extra variant: field=value ... (JSON values)"
    )
    args = parser.parse_args()

    def say(m: str) -> None:
        print(m, file=sys.stderr, flush=True)

    runs: list[Run] = []
    if args.cache and args.cache.exists():
        runs = pickle.loads(args.cache.read_bytes())
        say(f"{len(runs)} queries from {args.cache}")
    else:
        for vault, queries in args.known:
            runs += collect_known(vault, queries, say)
        if args.beir:
            runs += collect_beir(args.beir, say, args.max_queries)
        if args.cache:
            args.cache.write_bytes(pickle.dumps(runs))
    now = datetime.now(UTC)
    print(json.dumps({"sources alone": sources_alone(runs)}, indent=1))
    print(json.dumps({"calibration": calibration(runs)}, indent=1))
    variants = dict(VARIANTS)
    if args.set:
        variants = {
            "custom " + " ".join(args.set): {
                k: json.loads(v) for k, v in (item.split("=", 1) for item in args.set)
            }
        }
    for name, overrides in variants.items():
        if args.only and name not in args.only:
            continue
        config = replace(MergeConfig(), **overrides)
        print(name, json.dumps(score(runs, config, now)), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
