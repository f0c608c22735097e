"""`consilience bench`: one real run on a small generated vault, the documented JSON."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from helpers.cli import run_cli

pytestmark = pytest.mark.slow


def test_bench_json_has_every_documented_number(tmp_path: Path) -> None:
    done = run_cli(
        "bench",
        "--notes",
        "40",
        "--edits",
        "2",
        "--json",
        "--work-dir",
        str(tmp_path / "w"),
        timeout=600,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    out = json.loads(done.stdout)
    assert out["notes"] == 40 and out["chunks"] >= 40
    assert out["index"]["chunks_per_s"] > 0 and out["index"]["embedder_chunks_per_s"] > 0
    assert out["restart"]["reembedded"] == 0, out["restart"]
    restart = out["restart"]
    assert 0 < restart["seconds_to_first_result"] <= restart["seconds_to_full_result"]
    assert restart["seconds_to_full_result"] <= restart["catch_up_sync_done_s"] + 1.0, restart
    assert restart["results"] > 0 and restart["full_results"] > 0, restart
    assert out["query_ms"]["queries"] >= 200
    assert 0 < out["query_ms"]["p50"] <= out["query_ms"]["p95"]
    links = out["connections_ms"]
    assert links["notes"] == 40 and 0 < links["p50"] <= links["p95"], links
    assert links["related_median"] >= 1, links  # generated notes link and share tags
    assert out["sync_ms"]["samples"] >= 1
    assert out["edit"]["reembedded"] <= out["edit"]["note_chunks"]
    assert out["peak_rss_mb"] > 50 and out["disk_mb"] > 0
    phases = out.get("peak_rss_by_phase_mb")
    if Path("/proc/self/clear_refs").exists():  # Linux: each phase's own peak
        assert phases is not None
        assert list(phases) == ["index", "scan", "bare embedder", "search", "sync"]
        # The process peak also covers the moments between phases (background threads such
        # as the delayed mirror check run across them), so it may exceed every phase's peak.
        assert all(50 < mb <= out["peak_rss_mb"] for mb in phases.values()), phases


def test_bench_refuses_both_vault_and_notes(tmp_path: Path) -> None:
    done = run_cli("bench", "--notes", "5", "--vault", str(tmp_path))
    assert done.returncode == 2
    assert "not both" in done.stderr
