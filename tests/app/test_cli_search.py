"""`consilience search`, run as a user runs it, on a copy of a few demo notes.

The first search of the module indexes the copy (loading the model once); the others ask
only the text and graph sources, so they start without loading the model.
"""

from __future__ import annotations

import json
import shutil
import subprocess
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from helpers.cli import run_cli as helper_run_cli

REPO = Path(__file__).resolve().parents[2]
DEMO = REPO / "resources" / "demo-vault"
NOTES = (
    "Hardware/Power Budget.md",
    "Methods/Node Configuration.md",
    "Methods/Data QC Procedure.md",
    "Meetings/2026-10-19 Weekly Sync.md",
)
QUERY = "battery_cutoff_mv"  # in the power budget and the node configuration, nowhere else

pytestmark = pytest.mark.slow


@dataclass(frozen=True)
class Vault:
    root: Path
    data: Path
    first: subprocess.CompletedProcess[str]  # the first search: indexes, all sources, --json


def run_cli(*args: str, timeout: float = 300) -> subprocess.CompletedProcess[str]:
    return helper_run_cli(*args, timeout=timeout, extra_env={"COLUMNS": "200"})


def search(vault: Vault, *args: str) -> subprocess.CompletedProcess[str]:
    return run_cli("search", str(vault.root), *args, "--data-dir", str(vault.data))


def as_json(proc: subprocess.CompletedProcess[str]) -> dict[str, Any]:
    assert proc.returncode == 0, proc.stderr
    data: dict[str, Any] = json.loads(proc.stdout)
    return data


@pytest.fixture(scope="module")
def vault(tmp_path_factory: pytest.TempPathFactory) -> Vault:
    root = tmp_path_factory.mktemp("cli-vault")
    for rel in NOTES:
        (root / rel).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(DEMO / rel, root / rel)
    data = tmp_path_factory.mktemp("cli-data")
    first = run_cli("search", str(root), QUERY, "--json", "--data-dir", str(data))
    return Vault(root=root, data=data, first=first)


def test_json_has_the_documented_shape(vault: Vault) -> None:
    data = as_json(vault.first)
    assert {"query", "results", "tiers", "contradictions", "warnings", "query_metadata"} <= set(
        data
    )
    assert data["query"] == QUERY
    paths = [r["note_path"] for r in data["results"]]
    assert paths[:2] == ["Hardware/Power Budget.md", "Methods/Node Configuration.md"]
    first = data["results"][0]
    assert set(first) >= {
        "note_path",
        "title",
        "sources",
        "primary_source",
        "match_types",
        "excerpts",
        "composite_relevance",
        "tier",
        "duplicates",
    }
    assert first["title"] == "Power Budget"
    assert {"semantic", "text"} <= set(first["sources"])
    assert "exact_text" in first["match_types"]
    assert any(QUERY in e["text"] for e in first["excerpts"])
    meta = data["query_metadata"]
    assert meta["sources_available"] == ["semantic", "text", "graph"]
    assert meta["sources_failed"] == []
    assert set(meta["per_source"]) == {"semantic", "text", "graph"}
    assert all({"count", "ms"} <= set(s) for s in meta["per_source"].values())
    assert {"total_results", "deduplicated_results", "merge_duration_ms", "total_ms"} <= set(meta)
    # the first search indexed the notes and left their contradiction check for later
    kinds = {w["kind"] for w in data["warnings"]}
    assert "contradictions_unchecked" in kinds
    assert kinds <= {"contradictions_unchecked", "low_confidence"}


def test_sources_text_asks_only_the_text_source(vault: Vault) -> None:
    data = as_json(search(vault, QUERY, "--sources", "text", "--json"))
    assert data["results"]
    assert all(r["sources"] == ["text"] for r in data["results"])
    assert list(data["query_metadata"]["per_source"]) == ["text"]
    assert data["query_metadata"]["sources_available"] == ["text"]


def test_limit_caps_the_results(vault: Vault) -> None:
    data = as_json(
        search(vault, "battery status uplink", "--sources", "text", "--limit", "1", "--json")
    )
    assert len(data["results"]) == 1
    assert data["query_metadata"]["deduplicated_results"] > 1  # there were more to cut


def test_folder_filter(vault: Vault) -> None:
    data = as_json(
        search(vault, "sync", "--sources", "text,graph", "--folder", "Meetings", "--json")
    )
    assert [r["note_path"] for r in data["results"]] == ["Meetings/2026-10-19 Weekly Sync.md"]


@pytest.mark.parametrize(
    "args",
    [
        pytest.param(("--since", "last tuesday"), id="since-words"),
        pytest.param(("--until", "2026-13-45"), id="until-bad-month"),
    ],
)
def test_a_bad_date_is_one_line_and_exit_2(vault: Vault, args: tuple[str, ...]) -> None:
    proc = search(vault, QUERY, "--sources", "text", *args)
    assert proc.returncode == 2
    lines = proc.stderr.strip().splitlines()
    assert len(lines) == 1, proc.stderr
    assert lines[0].startswith("consilience: error:") and "YYYY-MM-DD" in lines[0]
    assert proc.stdout == ""


def test_terminal_view_shows_title_path_and_source_badge(vault: Vault) -> None:
    proc = search(vault, QUERY, "--sources", "text,graph")
    assert proc.returncode == 0, proc.stderr
    lines = proc.stdout.splitlines()
    (heading,) = [line for line in lines if line.lstrip().startswith("1. ")]
    # Both notes hold the key; on this small copy either may lead. The view shows title + path.
    assert ("Power Budget" in heading and "Hardware/Power Budget.md" in heading) or (
        "Node Configuration" in heading and "Methods/Node Configuration.md" in heading
    )
    assert "[words]" in proc.stdout
    assert "[meaning]" not in proc.stdout  # the semantic source was not asked
    assert QUERY in proc.stdout  # the best excerpt
    assert not proc.stdout.lstrip().startswith("{")  # not JSON
