"""MCP `search` latency over stdio, and Chroma server mode vs embedded, on one real vault.

    .venv/bin/python bench/mcp_latency.py /work/shared/data/vaults/obsidian-help/en \\
        --index /tmp/oh --work-dir /tmp/mcp-bench

`--index` is an existing data dir holding the vault's index; it is copied into the work dir
(never changed). Part 1 starts `consilience mcp` on the copy, waits until the index is
current and the model loaded, warms up, then times `--queries` `search` calls end to end
(client side: request out, JSON answer parsed). Part 2 starts a `chroma run` server, copies
the embedded vectors into the server's collection for this vault (no re-embedding), and
times the same queries through `SearchService.search` on both stores, interleaved, in one
process with one loaded model. Prints one JSON object.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import shutil
import socket
import statistics
import subprocess
import sys
import time
import urllib.request
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from engine.evaluate.metrics import percentile  # noqa: E402


def make_queries(vault: Path, n: int, *, seed: int = 1) -> list[dict[str, Any]]:
    rng = random.Random(seed)
    notes = sorted(p.relative_to(vault).as_posix() for p in vault.rglob("*.md"))
    titles = [p.rsplit("/", 1)[-1][:-3] for p in notes]
    out: list[dict[str, Any]] = []
    for i in range(n):
        title = rng.choice(titles)
        kind = i % 5
        if kind == 0:
            out.append({"query": title})
        elif kind == 1:
            out.append({"query": f'"{title}"'})
        elif kind == 2:
            out.append({"query": f"how do I use {title.lower()}"})
        elif kind == 3:
            out.append({"query": title.split()[0], "folder": rng.choice(notes).split("/")[0]})
        else:
            out.append({"query": f"what is the difference between {title.lower()} and links"})
    return out


def stats(ms: list[float]) -> dict[str, float]:
    return {
        "n": len(ms),
        "p50_ms": round(percentile(ms, 50), 1),
        "p95_ms": round(percentile(ms, 95), 1),
        "mean_ms": round(statistics.fmean(ms), 1),
        "max_ms": round(max(ms), 1),
    }


# -- part 1: MCP over stdio ------------------------------------------------------------------


async def mcp_latency(
    vault: Path, data: Path, queries: list[dict[str, Any]], errlog: Path
) -> dict[str, Any]:
    from mcp import ClientSession, StdioServerParameters, stdio_client

    env = dict(os.environ, HF_HUB_OFFLINE="1", ANONYMIZED_TELEMETRY="False", PYTHONPATH=str(REPO))
    params = StdioServerParameters(
        command=sys.executable,
        args=["-m", "app.cli", "mcp", str(vault), "--data-dir", str(data)],
        env=env,
        cwd=str(REPO),
    )
    started = time.perf_counter()
    with errlog.open("w") as err:
        async with (
            stdio_client(params, errlog=err) as (read, write),
            ClientSession(read, write) as session,
        ):
            await session.initialize()
            init_s = time.perf_counter() - started
            first = time.perf_counter()
            await session.call_tool("search", {"query": "canvas"})
            first_ms = (time.perf_counter() - first) * 1000
            deadline = time.monotonic() + 900
            while True:  # index current + model loaded: no warnings about either
                res = await session.call_tool("search", {"query": "how do I embed a note"})
                data_ = res.structured_content or {}
                kinds = {w["kind"] for w in data_.get("warnings", [])}
                avail = data_.get("query_metadata", {}).get("sources_available", [])
                if "semantic" in avail and not kinds & {"index_incomplete", "source_timeout"}:
                    break
                if time.monotonic() > deadline:
                    raise RuntimeError(f"server never became ready: {kinds}")
                await asyncio.sleep(1.0)
            ready_s = time.perf_counter() - started
            for q in queries[:10]:  # warm-up
                await session.call_tool("search", q)
            client_ms: list[float] = []
            server_ms: list[float] = []
            warnings: dict[str, int] = {}
            for q in queries:
                t0 = time.perf_counter()
                res = await session.call_tool("search", q)
                client_ms.append((time.perf_counter() - t0) * 1000)
                payload = res.structured_content or json.loads(res.content[0].text)
                server_ms.append(payload["query_metadata"]["total_ms"])
                for w in payload["warnings"]:
                    warnings[w["kind"]] = warnings.get(w["kind"], 0) + 1
    return {
        "initialize_s": round(init_s, 2),
        "first_search_ms": round(first_ms, 1),
        "ready_s": round(ready_s, 1),
        "client_round_trip": stats(client_ms),
        "server_search_total": stats(server_ms),
        "warnings_seen": warnings,
    }


# -- part 2: Chroma server vs embedded -------------------------------------------------------


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def start_chroma(path: Path) -> tuple[subprocess.Popen[bytes], str]:
    cli = Path(sys.executable).parent / "chroma"
    port = free_port()
    log = (path.parent / "chroma-server.log").open("wb")
    proc = subprocess.Popen(
        [str(cli), "run", "--path", str(path), "--host", "127.0.0.1", "--port", str(port)],
        stdout=log,
        stderr=subprocess.STDOUT,
        env={**os.environ, "ANONYMIZED_TELEMETRY": "False"},
    )
    url = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 60
    while True:
        try:
            with urllib.request.urlopen(f"{url}/api/v2/heartbeat", timeout=1):
                return proc, url
        except OSError:
            if proc.poll() is not None or time.monotonic() > deadline:
                raise RuntimeError("chroma run did not start") from None
            time.sleep(0.2)


def copy_vectors(src: Any, dst: Any) -> int:
    """Every vector with its metadata from one VectorStore's collection into another's."""
    offset, page, copied = 0, 1000, 0
    while True:
        got = src._collection.get(include=["embeddings", "metadatas"], limit=page, offset=offset)
        ids = got["ids"]
        if not ids:
            return copied
        dst.upsert(ids, got["embeddings"], got["metadatas"])
        copied += len(ids)
        offset += len(ids)


def server_vs_embedded(vault: Path, data: Path, queries: list[dict[str, Any]]) -> dict[str, Any]:
    from engine.embed.embedder import load_embedder
    from engine.search.build import build_search_service
    from engine.search.service import SearchFilters
    from engine.workspace import Workspace, WorkspaceConfig

    proc, url = start_chroma(data.parent / "chroma-db")
    try:
        embedder = load_embedder(None)
        embedded = Workspace.open(
            WorkspaceConfig(vault_root=vault, data_root=data), read_only=True, embedder=embedder
        )
        server = Workspace.open(
            WorkspaceConfig(vault_root=vault, data_root=data, chroma_url=url),
            read_only=True,
            embedder=embedder,
        )
        t0 = time.perf_counter()
        copied = copy_vectors(embedded.vectors, server.vectors)
        copy_s = time.perf_counter() - t0
        embedded.start_vector_mirror()  # as the long-lived app does (read-only: no mirror)
        server.start_vector_mirror()
        services = {
            "embedded": build_search_service(embedded),
            "server": build_search_service(server),
        }
        for s in services.values():
            s.warm_up()
        out: dict[str, Any] = {
            "vectors": copied,
            "copy_s": round(copy_s, 1),
            "server_collection": server.vectors.name,
        }
        for label, sources in (("all_sources", None), ("semantic_only", ["semantic"])):
            ms: dict[str, list[float]] = {"embedded": [], "server": []}
            same_top = 0
            for q in queries[:10]:
                for s in services.values():
                    s.search(q["query"], limit=10, sources=sources)
            for i, q in enumerate(queries):
                filters = SearchFilters(folder=q.get("folder"))
                order = ("embedded", "server") if i % 2 == 0 else ("server", "embedded")
                tops: dict[str, list[str]] = {}
                for name in order:
                    t = time.perf_counter()
                    r = services[name].search(
                        q["query"], limit=10, filters=filters, sources=sources
                    )
                    ms[name].append((time.perf_counter() - t) * 1000)
                    tops[name] = [x.note_path for x in r.results[:3]]
                same_top += tops["embedded"] == tops["server"]
            e, s_ = stats(ms["embedded"]), stats(ms["server"])
            out[label] = {
                "embedded": e,
                "server": s_,
                "ratio_p50": round(s_["p50_ms"] / e["p50_ms"], 2),
                "ratio_p95": round(s_["p95_ms"] / e["p95_ms"], 2),
                "same_top3": f"{same_top}/{len(queries)}",
            }
        for s in services.values():
            s.close()
        embedded.close()
        server.close()
        return out
    finally:
        proc.terminate()
        proc.wait(timeout=20)


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("vault", type=Path)
    parser.add_argument("--index", type=Path, required=True, help="data dir with the index")
    parser.add_argument("--work-dir", type=Path, required=True)
    parser.add_argument("--queries", type=int, default=60)
    parser.add_argument("--skip-mcp", action="store_true")
    parser.add_argument("--skip-server", action="store_true")
    args = parser.parse_args()
    os.environ.setdefault("HF_HUB_OFFLINE", "1")
    os.environ.setdefault("ANONYMIZED_TELEMETRY", "False")
    vault = args.vault.resolve()
    args.work_dir.mkdir(parents=True, exist_ok=True)
    data = args.work_dir / "data"
    if not data.exists():
        shutil.copytree(args.index, data)  # the given index is never touched
    queries = make_queries(vault, args.queries)
    result: dict[str, Any] = {"vault": str(vault), "queries": len(queries)}
    if not args.skip_mcp:
        result["mcp"] = asyncio.run(
            mcp_latency(vault, data, queries, args.work_dir / "mcp-stderr.log")
        )
        print(json.dumps(result, indent=2), file=sys.stderr, flush=True)
    if not args.skip_server:
        result["server_vs_embedded"] = server_vs_embedded(vault, data, queries)
    print(json.dumps(result, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
