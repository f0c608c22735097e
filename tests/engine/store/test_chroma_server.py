"""Chroma server mode end to end: a real `chroma run` on 127.0.0.1, a copy of demo notes
indexed into it and into an embedded store, the same searches answered by both, and an edit
synced into both. Also: collection names per machine, claims beside chunks, telemetry off."""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

import pytest
from helpers.chroma_server import chroma_cli, free_port, start_chroma, stop_chroma

from engine.paths import machine_id
from engine.store.vectors import collection_name_for
from engine.workspace import Workspace, WorkspaceConfig

if TYPE_CHECKING:
    from engine.embed.embedder import Embedder

REPO = Path(__file__).resolve().parents[3]
DEMO = REPO / "resources" / "demo-vault"
# Ten demo notes: enough for ranking to mean something, quick to embed twice.
NOTES = (
    "Hardware/Power Budget.md",
    "Hardware/river-gauge-v2.md",
    "Hardware/soil-node-s3.md",
    "Hardware/LoRa Gateway.md",
    "Decisions/ADR-002 Storage Backend.md",
    "Decisions/ADR-005 Gateway Placement.md",
    "Decisions/ADR-006 Move to SQLite.md",
    "Methods/Node Configuration.md",
    "Methods/Soil Moisture Calibration.md",
    "Methods/River Stage Measurement.md",
)
QUERIES = (
    "battery_cutoff_mv",
    "why did we stop using PostgreSQL for the sensor readings",
    "how do we convert raw probe counts to volumetric water content",
    "river-gauge-v2",
    "LoRaWAN gateway coverage",
)
NEW_TEXT = "The quokka telemetry relay hums at dawn near the weir."

pytestmark = pytest.mark.slow


@pytest.fixture(scope="module")
def chroma_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """`chroma run` on a free port; waits for its heartbeat; stopped after the module."""
    cli = chroma_cli()
    if cli is None:
        pytest.skip("the `chroma` executable (installed with chromadb) is not on PATH")
    port = free_port()
    data = tmp_path_factory.mktemp("chroma-server")
    try:
        proc = start_chroma(cli, data / "db", port, timeout=60)
    except RuntimeError as exc:
        pytest.fail(f"{exc}; see {data}/server-{port}.log")
    try:
        yield f"http://127.0.0.1:{port}"
    finally:
        stop_chroma(proc)


@dataclass(frozen=True)
class Pair:
    vault: Path
    server: Workspace
    embedded: Workspace


@pytest.fixture(scope="module")
def pair(
    chroma_url: str, tmp_path_factory: pytest.TempPathFactory, embedder: Embedder
) -> Iterator[Pair]:
    vault = tmp_path_factory.mktemp("vault")
    for rel in NOTES:
        (vault / rel).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(DEMO / rel, vault / rel)
    server = Workspace.open(
        WorkspaceConfig(
            vault_root=vault,
            data_root=tmp_path_factory.mktemp("server-data"),
            chroma_url=chroma_url,
        ),
        embedder=embedder,
    )
    embedded = Workspace.open(
        WorkspaceConfig(vault_root=vault, data_root=tmp_path_factory.mktemp("embedded-data")),
        embedder=embedder,
    )
    try:
        server.sync()  # chunks, then claims into `<collection>-claims` on the server
        embedded.indexer.sync()  # chunks only: the comparison is about search
        yield Pair(vault=vault, server=server, embedded=embedded)
    finally:
        server.close()
        embedded.close()


def top_paths(
    ws: Workspace, query: str, *, n: int = 3, sources: list[str] | None = None
) -> list[str]:
    from engine.search.build import build_search_service

    service = build_search_service(ws, timeout_s=30.0)
    try:
        response = service.search(query, limit=n, sources=sources)
    finally:
        service.close()
    return [r.note_path for r in response.results]


def test_server_store_holds_what_the_embedded_store_holds(pair: Pair) -> None:
    assert pair.server.vectors.location.startswith("http://127.0.0.1:")
    assert pair.server.vectors.count() == pair.embedded.vectors.count() > 0
    assert pair.server.vectors.all_ids() == pair.embedded.vectors.all_ids()
    assert set(pair.server.catalog.notes.chunk_ids()) == pair.server.vectors.all_ids()


@pytest.mark.parametrize("query", QUERIES)
def test_server_mode_gives_the_embedded_results(pair: Pair, query: str) -> None:
    assert top_paths(pair.server, query) == top_paths(pair.embedded, query)
    semantic = top_paths(pair.server, query, sources=["semantic"])
    assert semantic == top_paths(pair.embedded, query, sources=["semantic"])
    assert semantic, "the semantic source found nothing on the server"


def test_incremental_update_reaches_the_server(pair: Pair) -> None:
    note = pair.vault / "Methods" / "Node Configuration.md"
    original = note.read_text(encoding="utf-8")
    try:
        note.write_text(original + "\n\n## Relay\n\n" + NEW_TEXT + "\n", encoding="utf-8")
        assert pair.server.sync().updated == 1
        assert pair.embedded.indexer.sync().updated == 1
        query = "quokka telemetry relay at the weir"
        for sources in (None, ["semantic"], ["text"]):
            server_top = top_paths(pair.server, query, n=1, sources=sources)
            assert server_top == ["Methods/Node Configuration.md"], sources
            assert server_top == top_paths(pair.embedded, query, n=1, sources=sources)
        assert pair.server.vectors.all_ids() == pair.embedded.vectors.all_ids()
    finally:
        note.write_text(original, encoding="utf-8")
        pair.server.sync()
        pair.embedded.indexer.sync()


def test_the_server_holds_the_chunks_and_no_claims(pair: Pair, chroma_url: str) -> None:
    import chromadb
    from chromadb.config import Settings

    host, port = chroma_url.removeprefix("http://").split(":")
    client = chromadb.HttpClient(
        host=host, port=int(port), settings=Settings(anonymized_telemetry=False)
    )
    names = {c.name for c in client.list_collections()}
    name = pair.server.vectors.name
    assert name in names
    assert f"{name}-claims" not in names  # claim vectors live in the catalog
    assert name != pair.embedded.vectors.name  # the server name carries the machine id


def test_machines_get_their_own_collections(tmp_path: Path) -> None:
    vault = Path("/srv/vaults/notes")  # the same path on two machines
    a, b = machine_id(tmp_path / "machine-a"), machine_id(tmp_path / "machine-b")
    assert a != b
    assert machine_id(tmp_path / "machine-a") == a  # kept in the data dir
    model = "packaged:all-MiniLM-L6-v2"
    name_a = collection_name_for(vault, model, machine=a)
    name_b = collection_name_for(vault, model, machine=b)
    assert name_a != name_b
    assert name_a != collection_name_for(vault, model)  # embedded names are unchanged
    for name in (name_a, name_b, name_a + "-claims"):
        assert 3 <= len(name) <= 63 and name.replace("-", "").isalnum()


def test_telemetry_is_off_for_the_http_client(pair: Pair) -> None:
    client = pair.server.vectors._client
    assert client is not None
    assert client.get_settings().anonymized_telemetry is False
    assert os.environ.get("ANONYMIZED_TELEMETRY") == "False"
