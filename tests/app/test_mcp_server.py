"""`consilience mcp` as a client sees it: a real MCP session over stdio (the SDK's
`stdio_client` + `ClientSession`) with `python -m app.cli mcp` on a copy of demo notes.

One server runs for the module (one scenario, recorded); the tests below check what it
answered. The session working at all proves stdout carried nothing but protocol; the logs
must have gone to stderr. A second, short session checks the read-only fallback.
"""

from __future__ import annotations

import asyncio
import json
import os
import shutil
import sys
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

REPO = Path(__file__).resolve().parents[2]
DEMO = REPO / "resources" / "demo-vault"
EXPECTED: dict[str, Any] = json.loads(
    (REPO / "resources" / "demo-vault.expected.json").read_text(encoding="utf-8")
)
TOPICS = ("river gauge LoRaWAN support", "probe reliability")
PAIRS = [p for p in EXPECTED["contradictions"] if p["topic"] in TOPICS]
NOTES = sorted(
    {p[side] for p in PAIRS for side in ("a", "b")}
    | {
        "Hardware/Power Budget.md",
        "Hardware/soil-node-s3.md",
        "Methods/Node Configuration.md",
        "Decisions/ADR-002 Storage Backend.md",
        "Decisions/ADR-006 Move to SQLite.md",
        "Hardware/HC-SM30 数据手册摘要.md",
        "Projects/Requirements.md",
        "Hardware/LoRa Gateway.md",
        "Methods/Field Deployment Checklist.md",
        "Projects/Winter Readiness Board.canvas",
    }
)
GOLDEN = [q for q in EXPECTED["golden_queries"] if q["expect_top3"] in NOTES]
SECRET = "TOP-SECRET-OUTSIDE-THE-VAULT"
LIVE_TEXT = "The axolotl hydrophone logs the weir at midnight."
TOOLS = {"search", "contradictions", "get_note", "related", "connections"}

pytestmark = pytest.mark.slow


@dataclass
class Call:
    error: bool
    text: str
    data: dict[str, Any] | None


@dataclass
class Record:
    tools: dict[str, dict[str, Any]] = field(default_factory=dict)  # name -> input schema
    descriptions: dict[str, str] = field(default_factory=dict)
    calls: dict[str, Call] = field(default_factory=dict)
    first_search_s: float = 0.0
    ready_s: float = 0.0
    saw_check_running: bool = False
    live_s: float | None = None
    stderr: str = ""


@dataclass(frozen=True)
class Setup:
    vault: Path
    outside: Path
    data: Path


def server_env() -> dict[str, str]:
    return dict(
        os.environ,
        HF_HUB_OFFLINE="1",
        ANONYMIZED_TELEMETRY="False",
        PYTHONPATH=str(REPO),
    )


async def run_session(
    setup: Setup, errlog: Path, scenario: Callable[[Any, Record], Awaitable[None]]
) -> Record:
    from mcp import ClientSession, StdioServerParameters, stdio_client

    params = StdioServerParameters(
        command=sys.executable,
        args=["-m", "app.cli", "mcp", str(setup.vault), "--data-dir", str(setup.data)],
        env=server_env(),
        cwd=str(REPO),
    )
    record = Record()
    with errlog.open("w", encoding="utf-8") as err:
        async with (
            stdio_client(params, errlog=err) as (read, write),
            ClientSession(read, write) as session,
        ):
            await session.initialize()
            await scenario(session, record)
    record.stderr = errlog.read_text(encoding="utf-8")
    return record


async def call(session: Any, name: str, args: dict[str, Any]) -> Call:
    result = await session.call_tool(name, args)
    text = "".join(getattr(c, "text", "") for c in result.content)
    data = result.structured_content
    if data is None and not result.is_error:
        data = json.loads(text)
    return Call(error=bool(result.is_error), text=text, data=data)


def tagged(tag: str) -> set[str]:
    """Notes of the copy whose frontmatter has `tag` (nested tags count)."""
    import yaml

    out = set()
    for rel in NOTES:
        text = (DEMO / rel).read_text(encoding="utf-8")
        front = yaml.safe_load(text.split("---")[1]) if text.startswith("---") else {}
        tags = [str(t).lower() for t in (front or {}).get("tags") or []]
        if any(t == tag or t.startswith(tag + "/") for t in tags) or f"#{tag}" in text:
            out.add(rel)
    return out


#: The warnings of an answer from an index that is not complete yet.
PARTIAL = {"index_incomplete", "warming_up", "meaning_incomplete"}


def kinds(c: Call) -> set[str]:
    assert c.data is not None, c.text
    return {w["kind"] for w in c.data.get("warnings", [])}


async def main_scenario(session: Any, rec: Record, setup: Setup) -> None:
    started = time.monotonic()
    listed = await session.list_tools()
    for tool in listed.tools:
        rec.tools[tool.name] = tool.input_schema
        rec.descriptions[tool.name] = tool.description or ""
    # the first index has barely started: the server answers anyway
    rec.calls["first"] = await call(session, "search", {"query": "battery_cutoff_mv"})
    rec.first_search_s = time.monotonic() - started
    deadline = time.monotonic() + 240
    while True:
        c = await call(session, "search", {"query": "battery_cutoff_mv", "limit": 5})
        if not c.error and not kinds(c) & PARTIAL:
            break
        if time.monotonic() > deadline:
            raise AssertionError(f"the first index did not finish: {c.text[:500]}")
        await asyncio.sleep(1.0)
    rec.ready_s = time.monotonic() - started
    rec.calls["ready"] = c
    for i, q in enumerate(GOLDEN):
        rec.calls[f"golden{i}"] = await call(session, "search", {"query": q["query"], "limit": 3})
    rec.calls["folder"] = await call(
        session, "search", {"query": "battery", "folder": "Hardware", "limit": 10}
    )
    rec.calls["tag"] = await call(session, "search", {"query": "node", "tag": "hardware"})
    rec.calls["budget"] = await call(session, "search", {"query": "sensor battery", "limit": 50})
    rec.calls["dates"] = await call(
        session, "search", {"query": "probe", "since": "2026-09-01", "until": "2026-12-31"}
    )
    rec.calls["text_only"] = await call(
        session, "search", {"query": "battery_cutoff_mv", "sources": ["text"]}
    )
    rec.calls["bad_source"] = await call(
        session, "search", {"query": "x", "sources": ["telepathy"]}
    )
    rec.calls["bad_limit"] = await call(session, "search", {"query": "x", "limit": 500})
    rec.calls["bad_date"] = await call(session, "search", {"query": "x", "since": "yesterdayish"})
    while True:  # the contradiction check follows the index
        c = await call(session, "contradictions", {})
        if "contradictions_incomplete" not in kinds(c) or time.monotonic() > deadline:
            break
        rec.saw_check_running = True
        await asyncio.sleep(0.5)
    rec.calls["contradictions"] = c
    rec.calls["contradictions_top1"] = await call(
        session, "contradictions", {"limit": 1, "min_confidence": 0.0}
    )
    rec.calls["note"] = await call(session, "get_note", {"path": "Hardware/Power Budget.md"})
    rec.calls["note_no_ext"] = await call(session, "get_note", {"path": "Hardware/soil-node-s3"})
    refusals = {
        "dotdot": "../outside/secret.md",
        "dotdot_inner": "Hardware/../../outside/secret.md",
        "absolute": str(setup.outside / "secret.md"),
        "etc": "/etc/passwd",
        "windows": "C:\\Windows\\win.ini",
        "symlink": "Leak.md",
        "symlink_dir": "Linked/secret.md",
        "not_markdown": "Hardware/wiring.txt",
        "missing": "Nowhere/Nothing.md",
    }
    for key, path in refusals.items():
        rec.calls[f"refuse_{key}"] = await call(session, "get_note", {"path": path})
    rec.calls["related"] = await call(session, "related", {"path": "Hardware/soil-node-s3.md"})
    rec.calls["gateway"] = await call(session, "get_note", {"path": "Hardware/LoRa Gateway.md"})
    rec.calls["connections"] = await call(
        session, "connections", {"path": "Hardware/soil-node-s3", "limit": 8}
    )
    rec.calls["connections_refused"] = await call(
        session, "connections", {"path": "../outside/secret.md"}
    )
    rec.calls["related2"] = await call(
        session, "related", {"path": "Hardware/Power Budget.md", "hops": 2}
    )
    rec.calls["related_refused"] = await call(session, "related", {"path": "../outside/secret.md"})
    # live sync: a note written while the server runs becomes searchable
    (setup.vault / "Inbox").mkdir(exist_ok=True)
    (setup.vault / "Inbox" / "Hydrophone.md").write_text(
        "# Hydrophone\n\n" + LIVE_TEXT + "\n", encoding="utf-8"
    )
    written = time.monotonic()
    deadline = written + 90
    while time.monotonic() < deadline:
        c = await call(session, "search", {"query": "axolotl hydrophone", "sources": ["text"]})
        if c.data and any(r["note_path"] == "Inbox/Hydrophone.md" for r in c.data["results"]):
            rec.live_s = time.monotonic() - written
            break
        await asyncio.sleep(0.5)


@pytest.fixture(scope="module")
def setup(tmp_path_factory: pytest.TempPathFactory) -> Setup:
    root = tmp_path_factory.mktemp("mcp")
    vault = root / "vault"
    for rel in NOTES:
        (vault / rel).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(DEMO / rel, vault / rel)
    shutil.copytree(DEMO / ".obsidian", vault / ".obsidian")
    outside = root / "outside"
    outside.mkdir()
    (outside / "secret.md").write_text(f"# Secret\n\n{SECRET}\n", encoding="utf-8")
    (vault / "Leak.md").symlink_to(outside / "secret.md")  # a note-looking symlink out
    (vault / "Linked").symlink_to(outside, target_is_directory=True)  # a folder symlink out
    (vault / "Hardware" / "wiring.txt").write_text("not a note\n", encoding="utf-8")
    return Setup(vault=vault, outside=outside, data=root / "data")


@pytest.fixture(scope="module")
def rec(setup: Setup) -> Record:
    errlog = setup.data.parent / "server-stderr.log"
    setup.data.mkdir(exist_ok=True)

    async def scenario(session: Any, record: Record) -> None:
        await main_scenario(session, record, setup)

    return asyncio.run(run_session(setup, errlog, scenario))


def test_lists_five_tools_with_schemas(rec: Record) -> None:
    assert set(rec.tools) == TOOLS
    search = rec.tools["search"]["properties"]
    assert set(search) == {"query", "limit", "folder", "tag", "since", "until", "sources"}
    assert rec.tools["search"]["required"] == ["query"]
    assert search["limit"]["default"] == 10
    assert search["limit"]["minimum"] == 1 and search["limit"]["maximum"] == 50
    contra = rec.tools["contradictions"]["properties"]
    assert contra["min_confidence"]["minimum"] == 0 and contra["min_confidence"]["maximum"] == 1
    assert rec.tools["get_note"]["required"] == ["path"]
    assert rec.tools["related"]["properties"]["hops"]["maximum"] == 2
    assert rec.tools["connections"]["required"] == ["path"]
    for name in TOOLS:
        assert len(rec.descriptions[name]) > 80, name
        for prop in rec.tools[name]["properties"].values():
            assert prop.get("description"), (name, prop)


def test_answers_before_the_first_index_finishes(rec: Record) -> None:
    first = rec.calls["first"]
    assert not first.error, first.text
    said = kinds(first) & PARTIAL  # words and links may hold every note already
    assert said, first.text
    warnings = first.data["warnings"]  # type: ignore[index]
    assert all(w["impact"] for w in warnings if w["kind"] in said)
    assert rec.first_search_s < rec.ready_s


def test_search_returns_the_search_json(rec: Record) -> None:
    data = rec.calls["ready"].data
    assert data is not None
    assert {"query", "results", "tiers", "contradictions", "warnings", "query_metadata"} <= set(
        data
    )
    paths = [r["note_path"] for r in data["results"]]
    assert paths[:2] == ["Hardware/Power Budget.md", "Methods/Node Configuration.md"]
    assert data["results"][0]["title"] == "Power Budget"


def test_golden_queries_in_the_top_three(rec: Record) -> None:
    assert len(GOLDEN) >= 5
    for i, q in enumerate(GOLDEN):
        c = rec.calls[f"golden{i}"]
        assert not c.error, c.text
        top = [r["note_path"] for r in c.data["results"]]  # type: ignore[index]
        assert q["expect_top3"] in top, (q["query"], top)


def test_search_filters_and_sources(rec: Record) -> None:
    folder = rec.calls["folder"].data
    assert folder and folder["results"]
    assert all(r["note_path"].startswith("Hardware/") for r in folder["results"])
    tag = rec.calls["tag"].data
    assert tag and tag["results"]
    assert {r["note_path"] for r in tag["results"]} <= tagged("hardware")
    assert not rec.calls["dates"].error
    text_only = rec.calls["text_only"].data
    assert text_only and text_only["query_metadata"]["sources_available"] == ["text"]
    for key, needle in (("bad_source", "telepathy"), ("bad_limit", "limit"), ("bad_date", "")):
        c = rec.calls[key]
        assert c.error, key
        assert needle in c.text, (key, c.text)


def test_search_keeps_its_excerpts_within_the_assistants_budget(rec: Record) -> None:
    """An AI client gets at most ~2,000 tokens of excerpts (4 characters a token), however
    many results it asks for; the app's own list has no such budget."""
    from engine.search.config import AI_TOKEN_BUDGET, MergeConfig

    results = rec.calls["budget"].data["results"]
    chars = sum(len(e["text"]) for r in results for e in r["excerpts"])
    assert results and chars <= AI_TOKEN_BUDGET * MergeConfig().chars_per_token
    assert MergeConfig().token_budget is None


def test_contradictions_tool(rec: Record) -> None:
    data = rec.calls["contradictions"].data
    assert data is not None
    assert "contradictions_incomplete" not in kinds(rec.calls["contradictions"])
    found = data["contradictions"]
    claims = [{c["a"]["claim"], c["b"]["claim"]} for c in found]
    for pair in PAIRS:
        assert {pair["a_claim"], pair["b_claim"]} in claims, pair["topic"]
    assert {"a", "b", "confidence", "type", "newer", "explanations"} <= set(found[0])
    assert data["total"] == len(found)
    top1 = rec.calls["contradictions_top1"].data
    assert top1 and len(top1["contradictions"]) == 1 and top1["total"] == len(found)


def test_get_note_gives_text_and_metadata(rec: Record) -> None:
    note = rec.calls["note"].data
    assert note is not None
    assert note["path"] == "Hardware/Power Budget.md"
    assert note["title"] == "Power Budget"
    assert note["text"] == (DEMO / "Hardware/Power Budget.md").read_text(encoding="utf-8")
    assert set(note["tags"]) == {"hardware", "sensor/power"}
    assert "Battery budget" in note["aliases"]
    assert note["modified"] and note["headings"]
    targets = {link["resolved_path"] for link in note["links"]}
    assert "Hardware/soil-node-s3.md" in targets
    assert "Hardware/soil-node-s3.md" in note["backlinks"]
    assert note["board_links"] == []  # no board draws a line from it
    gateway = rec.calls["gateway"].data
    assert gateway is not None
    assert {
        "path": "Methods/Field Deployment Checklist.md",
        "board": "Projects/Winter Readiness Board.canvas",
        "label": "checked on every visit",
        "direction": "to",
    } in gateway["board_links"]
    no_ext = rec.calls["note_no_ext"].data
    assert no_ext and no_ext["path"] == "Hardware/soil-node-s3.md"


@pytest.mark.parametrize(
    "key",
    [
        "dotdot",
        "dotdot_inner",
        "absolute",
        "etc",
        "windows",
        "symlink",
        "symlink_dir",
        "not_markdown",
        "missing",
    ],
)
def test_get_note_refuses_anything_but_vault_notes(rec: Record, key: str) -> None:
    c = rec.calls[f"refuse_{key}"]
    assert c.error, (key, c.text[:300])
    assert SECRET not in c.text
    assert "root:" not in c.text


def test_connections_give_reasons_duplicates_and_contradictions(rec: Record) -> None:
    result = rec.calls["connections"]
    assert not result.error, result.text
    data = result.data
    assert data["path"] == "Hardware/soil-node-s3.md"
    assert 0 < len(data["related"]) <= 8
    assert all(r["reasons"] for r in data["related"])
    reasons = " ".join(x for r in data["related"] for x in r["reasons"])
    assert "similar passage" in reasons and "links to" in reasons
    assert isinstance(data["duplicates"], list) and isinstance(data["contradictions"], list)
    refused = rec.calls["connections_refused"]
    assert refused.error


def test_related_lists_graph_neighbours(rec: Record) -> None:
    data = rec.calls["related"].data
    assert data is not None
    assert data["path"] == "Hardware/soil-node-s3.md"
    by_path = {r["path"]: {x["kind"] for x in r["relations"]} for r in data["related"]}
    assert {"links_to", "linked_from"} <= by_path["Hardware/Power Budget.md"]
    assert any("shares_tag" in k for k in by_path.values())
    relations = [x for r in data["related"] for x in r["relations"]]
    assert all({"kind", "via", "hops"} == set(x) for x in relations)
    assert any(x["kind"] == "shares_tag" and x["via"] == "hardware" for x in relations)
    assert {x["via"] for x in relations if x["kind"] == "shares_tag"} <= set(data["tags"])
    for r in data["related"]:  # each shared tag once per note, in order
        vias = [x["via"] for x in r["relations"] if x["kind"] == "shares_tag"]
        assert vias == sorted(set(vias)), r
    two = rec.calls["related2"].data
    assert two and two["total"] >= len(two["related"]) > 0
    assert rec.calls["related_refused"].error


def test_live_sync_while_serving(rec: Record) -> None:
    assert rec.live_s is not None, "a note written while serving never became searchable"


def test_logs_go_to_stderr(rec: Record) -> None:
    assert "serving" in rec.stderr
    assert "index ready" in rec.stderr
    assert "synced" in rec.stderr  # the live sync of the new note


def test_read_only_when_another_process_writes(setup: Setup, rec: Record) -> None:
    """A second server while this process holds the writer lock: read-only, with a warning."""
    from engine.workspace import Workspace, WorkspaceConfig

    assert rec.ready_s > 0  # the index exists (the main session built it)
    writer = Workspace.open(WorkspaceConfig(vault_root=setup.vault, data_root=setup.data))
    try:

        async def scenario(session: Any, record: Record) -> None:
            record.calls["ro"] = await call(
                session, "search", {"query": "battery_cutoff_mv", "sources": ["text", "graph"]}
            )
            record.calls["ro_note"] = await call(
                session, "get_note", {"path": "Hardware/Power Budget.md"}
            )

        errlog = setup.data.parent / "server-ro-stderr.log"
        ro = asyncio.run(run_session(setup, errlog, scenario))
    finally:
        writer.close()
    c = ro.calls["ro"]
    assert not c.error, c.text
    assert "read_only" in kinds(c)
    assert c.data and "Hardware/Power Budget.md" in [r["note_path"] for r in c.data["results"][:2]]
    assert not ro.calls["ro_note"].error
    assert "read-only" in ro.stderr
