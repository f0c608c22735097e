"""Known-item search quality on a real vault: does the note a person has in mind come first?

A query file holds one JSON object per line: `{"query", "expect": [paths], "kind"}`, where
`kind` is `semantic` (a question in other words than the note's), `keyword` (a few words),
`exact` (an identifier or a quoted phrase the note holds verbatim) or `absent` (nothing in the
vault answers it; `expect` is empty). `evaluate_known_items` indexes the vault as the product
does (cached in `work_dir`), asks every source alone and the merged search, and reports
hit@1/3/5/10 and MRR@10 per kind and per source, how often the low-confidence warning fires
on absent and on answerable queries, and how many results the user is shown.

A result counts as the expected note when its path or one of the near-duplicates folded into
it is expected (the merge shows a duplicate under the note it was folded into).
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from engine.errors import EngineError
from engine.evaluate.metrics import percentile

if TYPE_CHECKING:
    from engine.embed.embedder import Embedder
    from engine.search.config import MergeConfig

KINDS = ("semantic", "keyword", "exact", "absent")
SOURCES = ("semantic", "text", "graph")
CUTOFFS = (1, 3, 5, 10)
SHOWN_LIMIT = 10  # results asked of the merged search: the first screen of the CLI and window


@dataclass(frozen=True)
class KnownItem:
    query: str
    expect: frozenset[str]
    kind: str


def load_known_items(path: Path) -> list[KnownItem]:
    """The queries of a JSONL file; a clear error names the first bad line."""
    try:
        lines = path.read_text(encoding="utf-8").splitlines()
    except (OSError, UnicodeDecodeError) as exc:
        raise EngineError(f"cannot read the query file {path}: {exc}") from None
    items: list[KnownItem] = []
    for n, line in enumerate(lines, 1):
        if not line.strip():
            continue
        try:
            row = json.loads(line)
            query = str(row["query"]).strip()
            kind = str(row.get("kind", "semantic"))
            expect = row.get("expect", [])
            if not query:
                raise ValueError("empty query")
            if kind not in KINDS:
                raise ValueError(f"kind {kind!r} is not one of {', '.join(KINDS)}")
            if not isinstance(expect, list) or not all(isinstance(p, str) for p in expect):
                raise ValueError("expect must be a list of note paths")
            if (kind == "absent") != (not expect):
                raise ValueError("absent queries expect no note; the others at least one")
        except (ValueError, KeyError, TypeError) as exc:
            raise EngineError(f"{path}:{n}: not a known-item query ({exc})") from None
        items.append(KnownItem(query=query, expect=frozenset(expect), kind=kind))
    if not items:
        raise EngineError(f"{path} holds no queries")
    return items


def first_rank(results: Sequence[Iterable[str]], expect: frozenset[str]) -> int | None:
    """1-based rank of the first result (its paths: the note and what was folded into it)
    that is an expected note; None when none is."""
    for rank, paths in enumerate(results, 1):
        if any(p in expect for p in paths):
            return rank
    return None


def summarise(ranks: Sequence[int | None]) -> dict[str, float | int]:
    """hit@k (share of queries with an expected note in the top k) and MRR@10."""
    n = len(ranks)
    if n == 0:
        return {"queries": 0}
    out: dict[str, float | int] = {"queries": n}
    for k in CUTOFFS:
        out[f"hit@{k}"] = round(sum(1 for r in ranks if r is not None and r <= k) / n, 4)
    out["mrr"] = round(sum(1.0 / r for r in ranks if r is not None and r <= 10) / n, 4)
    return out


def score_runs(rows: Sequence[dict[str, Any]]) -> dict[str, Any]:
    """Per kind (and overall for answerable kinds): the metrics of every source and of the
    merged list; for absent queries, how often the warning fired and what was shown."""
    out: dict[str, Any] = {}
    answerable = [r for r in rows if r["kind"] != "absent"]
    groups: dict[str, Sequence[dict[str, Any]]] = {
        k: [r for r in rows if r["kind"] == k] for k in KINDS if k != "absent"
    }
    groups["all"] = answerable
    for name, group in groups.items():
        if not group:
            continue
        out[name] = {
            src: summarise([r["ranks"][src] for r in group]) for src in (*SOURCES, "fused")
        }
        best = max(out[name][s]["hit@5"] for s in SOURCES)
        out[name]["fused_minus_best_source_hit@5"] = round(out[name]["fused"]["hit@5"] - best, 4)
        out[name]["low_confidence_rate"] = _rate(r["low_confidence"] for r in group)
    absent = [r for r in rows if r["kind"] == "absent"]
    if absent:
        out["absent"] = {
            "queries": len(absent),
            "low_confidence_rate": _rate(r["low_confidence"] for r in absent),
            "mean_shown": round(sum(r["shown"] for r in absent) / len(absent), 2),
        }
    return out


def _rate(flags: Iterable[bool]) -> float:
    values = list(flags)
    return round(sum(values) / len(values), 4) if values else 0.0


def evaluate_known_items(
    vault: Path,
    queries_file: Path,
    *,
    work_dir: Path,
    model: str | None = None,
    embedder: Embedder | None = None,
    config: MergeConfig | None = None,
    progress: Callable[[str], None] | None = None,
) -> dict[str, Any]:
    """Index `vault` into `work_dir` (kept between runs) and run every query of
    `queries_file` through each source alone and through the merged search."""
    from engine.search.build import build_search_service
    from engine.search.query import parse_query
    from engine.search.service import SearchRequest, source_depth
    from engine.workspace import Workspace, WorkspaceConfig

    say = progress or (lambda _m: None)
    items = load_known_items(queries_file)
    if not vault.is_dir():
        raise EngineError(f"no vault folder at {vault}")
    ws_config = WorkspaceConfig(vault_root=vault, data_root=work_dir, model=model)
    with Workspace.open(ws_config, embedder=embedder) as ws:
        say(f"indexing {vault} (cached after the first run) ...")
        ws.indexer.sync()  # search only: the contradiction scan is not needed
        indexed = set(ws.catalog.notes.manifest())
        missing = sorted({p for it in items for p in it.expect} - indexed)
        if missing:
            raise EngineError(
                f"{len(missing)} expected note(s) are not in the indexed vault, e.g. "
                f"{missing[0]!r}; paths are relative to the vault folder"
            )
        ws.start_vector_mirror()
        service = build_search_service(ws, config=config, timeout_s=30.0)
        try:
            service.warm_up()
            rows: list[dict[str, Any]] = []
            latencies: list[float] = []
            for i, item in enumerate(items, 1):
                request = SearchRequest(
                    query=parse_query(item.query), depth=source_depth(SHOWN_LIMIT)
                )
                ranks: dict[str, int | None] = {}
                for name in SOURCES:
                    hits = service.source(name).search(request)
                    ranks[name] = first_rank([(h.note_path,) for h in hits], item.expect)
                started = time.perf_counter()
                response = service.search(item.query, limit=SHOWN_LIMIT)
                latencies.append((time.perf_counter() - started) * 1000)
                shown = [(r.note_path, *r.duplicates) for r in response.results]
                ranks["fused"] = first_rank(shown, item.expect)
                rows.append(
                    {
                        "query": item.query,
                        "kind": item.kind,
                        "expect": sorted(item.expect),
                        "ranks": ranks,
                        "shown": len(response.results),
                        "low_confidence": response.query_metadata.low_confidence,
                        "top": [r.note_path for r in response.results[:3]],
                    }
                )
                if i % 25 == 0:
                    say(f"{i}/{len(items)} queries")
        finally:
            service.close()
    return {
        "vault": str(vault),
        "queries_file": str(queries_file),
        "notes": len(indexed),
        "queries": len(items),
        "by_kind": score_runs(rows),
        "latency_ms": {
            "p50": round(percentile(latencies, 50), 1),
            "p95": round(percentile(latencies, 95), 1),
        },
        "details": rows,
    }
