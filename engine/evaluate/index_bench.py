"""`consilience bench`: every speed and memory number, measured in one run.

On a generated vault (`vault_gen.py`, `--notes N`) or a copy of a real one (`--vault`):

1. cold index: the indexer's own time and chunks/s, next to the bare embedder's chunks/s on
   the same chunk texts (same process, same model, right after); the contradiction scan that
   follows indexing is timed on its own;
2. restart: a *new process* opens the index and searches as the app does: first by words
   and links while the model loads, then with meaning; then it syncs (nothing changed).
   Seconds from process start to each result, and chunks re-embedded;
3. query latency: at least 200 mixed queries (keywords, quoted phrases, identifiers, natural
   questions, tag and date filters) end to end through `SearchService.search` (merge and the
   contradiction lookup included), warm model;
4. one edited note: chunks re-embedded against the note's chunks;
5. save-to-searchable while watching: an editor-style save (write temp, rename), until the new
   word is found by the text index;
6. peak RSS of this process (the high-water mark over everything above), the peak of each
   phase (index, scan, bare embedder, search, sync; Linux resets the mark between phases),
   the peak of the largest helper process (the contradiction scan and Chroma run apart, as
   in the app: `WorkspaceConfig.scan_apart_from`, `chroma_apart`) and the index's size on
   disk.

The vault is generated into, or copied to, a scratch folder: the user's vault is never
written.
"""

from __future__ import annotations

import contextlib
import json
import os
import shutil
import statistics
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Any

from engine.evaluate.metrics import percentile
from engine.evaluate.vault_gen import BenchQuery, generate_vault

BARE_SAMPLE = 5_000  # chunks the bare embedder is timed on (every k-th of the vault's)
CONNECTIONS_SAMPLE = 200  # notes whose connections are timed (every k-th of the vault)


def run_bench(
    *,
    work_dir: Path,
    notes: int | None = None,
    vault: Path | None = None,
    edits: int = 20,
    seed: int = 7,
    log: Any = None,
) -> dict[str, Any]:
    """Run every phase; `notes` generates a vault, else `vault` is copied."""
    from engine.search.build import build_search_service
    from engine.workspace import SCAN_APART_FROM, Workspace, WorkspaceConfig

    say = log or (lambda msg: None)
    phases = PhasePeaks()
    work_dir.mkdir(parents=True, exist_ok=True)
    copy = work_dir / "vault"
    shutil.rmtree(copy, ignore_errors=True)
    queries: list[BenchQuery]
    if vault is None:
        generated = generate_vault(copy, notes or 1000, seed=seed)
        queries = generated.queries
        source = f"generated ({notes} notes, seed {seed})"
    else:
        shutil.copytree(vault, copy, symlinks=True)
        queries = []
        source = str(vault)
    data = work_dir / "data"
    shutil.rmtree(data, ignore_errors=True)
    # as the desktop app runs it: big scans and Chroma in processes of their own
    cfg = WorkspaceConfig(
        vault_root=copy, data_root=data, scan_apart_from=SCAN_APART_FROM, chroma_apart=True
    )
    out: dict[str, Any] = {"vault": source}

    with Workspace.open(cfg) as ws:
        embedder = ws.embedder()
        embedder.embed_query("warm up")
        say("cold index ...")
        cold = ws.indexer.sync()
        ws.save_graph()
        cold_s = cold.seconds
        phases.end("index")
        say(f"indexed {cold.notes} notes, {cold.chunks} chunks in {cold_s:.0f} s; scanning ...")
        t0 = time.perf_counter()
        scan = ws.scan_contradictions()
        scan_s = time.perf_counter() - t0
        phases.end("scan")
        # As the app does: a search service, whose in-memory vectors are saved at close
        # for the restart below.
        ws.start_vector_mirror()  # a long-lived process: vectors in memory
        first = build_search_service(ws)
        first.warm_up()
        first.close()
        say("bare embedder on the same chunks ...")
        texts = _embed_texts(ws)
        if len(texts) > BARE_SAMPLE:  # an even sample of the same chunks: the rate, in less time
            step = len(texts) / BARE_SAMPLE
            texts = [texts[int(i * step)] for i in range(BARE_SAMPLE)]
        t0 = time.perf_counter()
        embedder.embed(texts)
        bare_s = time.perf_counter() - t0
        backend = getattr(embedder, "backend", "torch")
        del embedder  # the app holds one model: the next phases load their workspace's own
        phases.end("bare embedder")
        index_rate = cold.embedded / cold_s if cold_s else 0.0
        bare_rate = len(texts) / bare_s if bare_s else 0.0
        out["notes"] = cold.notes
        out["chunks"] = cold.chunks
        out["skipped"] = len(cold.skipped)
        out["index"] = {
            "seconds": round(cold_s, 2),
            "chunks_per_s": round(index_rate, 1),
            "embedder_chunks_per_s": round(bare_rate, 1),
            "embedder_sample": len(texts),
            "ratio": round(index_rate / bare_rate, 3) if bare_rate else None,
            "embedder": backend,
        }
        out["contradictions"] = {
            "scan_seconds": round(scan_s, 2),
            "claims": scan.claims if scan else 0,
            "pairs": scan.contradictions if scan else 0,
        }

    out["helper_peak_rss_mb"] = helpers_peak_mb()  # the scan's and Chroma's processes, ended
    say("restart in a new process ...")
    first_query = queries[0].text if queries else "notes"
    out["restart"] = _restart_probe(copy, data, first_query)

    with Workspace.open(cfg) as ws:
        ws.start_vector_mirror()  # a long-lived process: vectors in memory
        service = build_search_service(ws)
        try:
            service.warm_up()
            if not queries:
                queries = _queries_from_titles(ws)
            say(f"{len(queries)} queries ...")
            out["query_ms"] = _query_latency(service, queries)
            say("connections of single notes ...")
            out["connections_ms"] = _connections_latency(ws)
        finally:
            service.close()
        phases.end("search")

        target = max(
            ws.catalog.notes.manifest(), key=lambda p: len(ws.catalog.notes.chunk_ids(note_path=p))
        )
        own = len(ws.catalog.notes.chunk_ids(note_path=target))
        with open(copy / target, "a", encoding="utf-8") as handle:
            handle.write("\n\nA freshly appended paragraph about marsh harriers.\n")
        edited = ws.sync()
        out["edit"] = {"note": target, "note_chunks": own, "reembedded": edited.embedded}

        say(f"{edits} saves while watching ...")
        out["sync_ms"] = _sync_latency(ws, copy, edits)

    phases.end("sync")
    out["peak_rss_mb"] = phases.overall_mb()
    if phases.by_phase:
        out["peak_rss_by_phase_mb"] = phases.by_phase
    out["disk_mb"] = round(_tree_bytes(data) / 1e6, 1)
    return out


class PhasePeaks:
    """Peak RSS per phase: Linux's high-water mark (VmHWM) read at the end of each phase,
    then reset to the current RSS (`/proc/self/clear_refs` 5). Elsewhere only the process
    peak (`ru_maxrss`) is known and `by_phase` stays empty."""

    def __init__(self) -> None:
        self.by_phase: dict[str, float] = {}
        self._peaks: list[float] = []

    def end(self, phase: str) -> None:
        peak = _high_water_mb()
        if peak is None:
            return
        self.by_phase[phase] = peak
        self._peaks.append(peak)
        # Where this is not allowed, later phases include earlier peaks.
        with contextlib.suppress(OSError):
            Path("/proc/self/clear_refs").write_text("5")

    def overall_mb(self) -> float:
        """The process's peak over every phase (the kernel's own counter is reset between
        phases, so it is the largest phase peak where they were measured)."""
        try:
            import resource  # Unix only
        except ImportError:
            return max(self._peaks, default=0.0)
        rusage = round(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024, 1)
        return max([rusage, *self._peaks])


def helpers_peak_mb() -> float:
    """The peak RSS of the largest child process ended so far (MB; 0 where unknown)."""
    try:
        import resource  # Unix only
    except ImportError:
        return 0.0
    return round(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024, 1)


def _high_water_mb() -> float | None:
    try:
        for line in Path("/proc/self/status").read_text().splitlines():
            if line.startswith("VmHWM:"):
                return round(int(line.split()[1]) / 1024, 1)  # kB
    except (OSError, ValueError, IndexError):
        return None
    return None


def _query_latency(service: Any, queries: list[BenchQuery]) -> dict[str, Any]:
    from engine.search.query import parse_date
    from engine.search.service import SearchFilters

    def filters(q: BenchQuery) -> SearchFilters:
        return SearchFilters(
            folder=q.folder,
            tag=q.tag,
            since=parse_date(q.since) if q.since else None,
            until=parse_date(q.until, end=True) if q.until else None,
        )

    for q in queries[:10]:  # warm caches (query parser, SQLite pages)
        service.search(q.text, filters=filters(q))
    latencies: list[float] = []
    by_kind: dict[str, list[float]] = {}
    for q in queries:
        t0 = time.perf_counter()
        service.search(q.text, filters=filters(q))
        ms = (time.perf_counter() - t0) * 1000
        latencies.append(ms)
        by_kind.setdefault(q.kind, []).append(ms)
    return {
        "p50": round(statistics.median(latencies), 1),
        "p95": round(percentile(latencies, 95), 1),
        "queries": len(latencies),
        "p50_by_kind": {k: round(statistics.median(v), 1) for k, v in sorted(by_kind.items())},
    }


def _connections_latency(ws: Any, sample: int = CONNECTIONS_SAMPLE) -> dict[str, Any]:
    """Engine time of the Connections view for an even sample of notes (each looked up
    once, as when the user switches notes in Obsidian)."""
    from engine.search.build import build_connections_finder, reader_catalogs
    from engine.search.directory import NoteDirectory

    catalogs = reader_catalogs(ws.paths.catalog)
    finder = build_connections_finder(ws, catalogs=catalogs, directory=NoteDirectory(ws.graph))
    paths = sorted(ws.catalog.notes.manifest())
    if len(paths) > sample:
        step = len(paths) / sample
        paths = [paths[int(i * step)] for i in range(sample)]
    for path in paths[:5]:  # warm caches (SQLite pages, the directory snapshot)
        finder.find(path)
    latencies: list[float] = []
    related: list[int] = []
    for path in paths:
        t0 = time.perf_counter()
        found = finder.find(path)
        latencies.append((time.perf_counter() - t0) * 1000)
        related.append(len(found.related) if found is not None else 0)
    catalogs.close()
    return {
        "p50": round(statistics.median(latencies), 1),
        "p95": round(percentile(latencies, 95), 1),
        "notes": len(latencies),
        "related_median": statistics.median(related) if related else 0,
    }


def _sync_latency(ws: Any, vault: Path, edits: int) -> dict[str, Any]:
    """Save-to-searchable latency of live sync, watched through a session over `ws` (the
    session closes `ws` when done)."""
    from engine.session import Session

    done = threading.Event()
    session = Session(ws)
    session.start_live(on_synced=lambda s: done.set() if s.updated else None, initial_sync=False)
    latencies: list[float] = []
    try:
        notes = sorted(ws.catalog.notes.manifest())
        for i in range(edits):
            path = vault / notes[(i * 7) % len(notes)]
            token = f"zqxmarker{i}"
            done.clear()
            tmp = path.with_name(f".{path.name}.tmp")
            tmp.write_text(
                path.read_text(encoding="utf-8") + f"\n\nEdit {token} here.\n", encoding="utf-8"
            )
            t0 = time.perf_counter()
            tmp.replace(path)  # how editors save
            if not done.wait(10):
                continue
            while not ws.catalog.fulltext.search_substring(token, limit=1):
                time.sleep(0.002)
            latencies.append((time.perf_counter() - t0) * 1000)
            time.sleep(0.3)
    finally:
        session.close()
    return {
        "p50": round(statistics.median(latencies), 1) if latencies else None,
        "p95": round(percentile(latencies, 95), 1) if latencies else None,
        "samples": len(latencies),
    }


_PROBE = """
import json, sys, threading, time
t0 = time.perf_counter()
from pathlib import Path
from engine.workspace import Workspace, WorkspaceConfig
from engine.search.build import build_search_service
cfg = WorkspaceConfig(vault_root=Path(sys.argv[1]), data_root=Path(sys.argv[2]))
with Workspace.open(cfg) as ws:
    # As the app does (ui/bridge.py): words and links answer while the model loads, the
    # query runs again with meaning once it has, and then the catch-up sync starts.
    ws.start_vector_mirror()  # a long-lived process: vectors in memory
    service = build_search_service(ws)
    warm = threading.Thread(target=service.warm_up)
    warm.start()
    try:
        first = service.search(sys.argv[3], sources=("text", "graph"))
        first_at = time.time()
        warm.join()
        full = service.search(sys.argv[3])
        full_at = time.time()
        synced = ws.sync()
        sync_s = time.perf_counter() - t0
    finally:
        service.close()
print(json.dumps({"first_result_at": first_at, "full_result_at": full_at,
                  "sync_done_s": sync_s, "reembedded": synced.embedded,
                  "results": len(first.results), "full_results": len(full.results)}))
"""


def _restart_probe(vault: Path, data: Path, query: str) -> dict[str, Any]:
    """A new Python process, started as the app starts: import, open, a first search by
    words and links while the model loads, the same search with meaning once warm, then
    the catch-up sync (what a restart costs the user) and what it re-embedded."""
    started = time.time()
    env = dict(os.environ, HF_HUB_OFFLINE="1", ANONYMIZED_TELEMETRY="False")
    done = subprocess.run(
        [sys.executable, "-c", _PROBE, str(vault), str(data), query],
        capture_output=True,
        text=True,
        env=env,
        check=False,
        cwd=Path(__file__).resolve().parents[2],
    )
    if done.returncode != 0:
        tail = done.stderr.strip().splitlines()[-1:] or ["no output"]
        return {"seconds_to_first_result": None, "reembedded": None, "error": tail[0]}
    probe = json.loads(done.stdout.strip().splitlines()[-1])
    return {
        "seconds_to_first_result": round(float(probe["first_result_at"]) - started, 2),
        "seconds_to_full_result": round(float(probe["full_result_at"]) - started, 2),
        "catch_up_sync_done_s": round(float(probe["sync_done_s"]), 2),
        "reembedded": int(probe["reembedded"]),
        "results": int(probe["results"]),
        "full_results": int(probe["full_results"]),
    }


def _queries_from_titles(ws: Any) -> list[BenchQuery]:
    """Mixed queries for a real vault, from its own titles and folders."""
    import random

    rng = random.Random(1)
    notes = sorted(ws.catalog.notes.manifest())
    titles = [p.rsplit("/", 1)[-1][:-3] for p in notes]
    out: list[BenchQuery] = []
    for i in range(240):
        title = rng.choice(titles)
        kind = i % 5
        if kind == 0:
            out.append(BenchQuery(title, "keywords"))
        elif kind == 1:
            out.append(BenchQuery(f'"{title}"', "phrase"))
        elif kind == 2:
            out.append(BenchQuery(f"how do I use {title.lower()}", "question"))
        elif kind == 3:
            folder = notes[i % len(notes)].split("/")[0] if "/" in notes[i % len(notes)] else None
            out.append(BenchQuery(title.split()[0], "folder", folder=folder))
        else:
            out.append(BenchQuery(" ".join(rng.sample(titles, 2)), "keywords"))
    return out


def _tree_bytes(root: Path) -> int:
    return sum(p.stat().st_size for p in root.rglob("*") if p.is_file())


def _embed_texts(ws: Any) -> list[str]:
    """What the model read of each stored chunk (a title long enough to be shortened away
    when chunking is read whole here: the bench's titles are short)."""
    from engine.model import embed_text
    from engine.vault.chunker import title_context, with_title

    texts = []
    for path, note in sorted(ws.catalog.notes.manifest().items()):
        context = title_context(note.title)
        for rec in ws.catalog.notes.chunks_for(path):
            texts.append(embed_text("", with_title(context, rec.heading_path), rec.text))
    return texts
