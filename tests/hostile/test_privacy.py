"""Issue 8: privacy and safety. Nothing connects anywhere but loopback while indexing,
searching and finding contradictions; the vault's bytes and modification times never change;
any text is a safe query."""

from __future__ import annotations

import ipaddress
import socket
import time
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest
from helpers.vaultkit import snapshot
from hypothesis import given
from hypothesis import strategies as st

from engine.session import Session
from engine.workspace import Workspace, WorkspaceConfig

if TYPE_CHECKING:
    from engine.embed.embedder import Embedder
    from engine.search.service import SearchService

pytestmark = pytest.mark.slow
REPO = Path(__file__).resolve().parents[2]
DEMO = REPO / "resources" / "demo-vault"
TIMEOUT_S = 120.0


def _is_loopback(host: object) -> bool:
    if not isinstance(host, str):
        return False
    if host in ("localhost", ""):
        return True
    try:
        return ipaddress.ip_address(host.split("%")[0]).is_loopback
    except ValueError:
        return False


class NetworkGuard:
    """Refuses (and records) every connection or name lookup that is not loopback/AF_UNIX."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.attempts: list[str] = []
        real_connect, real_connect_ex = socket.socket.connect, socket.socket.connect_ex
        real_getaddrinfo, real_create = socket.getaddrinfo, socket.create_connection
        guard = self

        def check(where: str, address: Any) -> None:
            host = address[0] if isinstance(address, tuple) else address
            if not _is_loopback(host):
                guard.attempts.append(f"{where} {address!r}")
                raise ConnectionRefusedError(f"test: no network ({address!r})")

        def connect(self: socket.socket, address: Any) -> None:
            if self.family in (socket.AF_INET, socket.AF_INET6):
                check("connect", address)
            return real_connect(self, address)

        def connect_ex(self: socket.socket, address: Any) -> int:
            if self.family in (socket.AF_INET, socket.AF_INET6):
                check("connect_ex", address)
            return real_connect_ex(self, address)

        def getaddrinfo(host: Any, *args: Any, **kwargs: Any) -> Any:
            check("getaddrinfo", (host,))
            return real_getaddrinfo(host, *args, **kwargs)

        def create_connection(address: Any, *args: Any, **kwargs: Any) -> Any:
            check("create_connection", address)
            return real_create(address, *args, **kwargs)

        monkeypatch.setattr(socket.socket, "connect", connect)
        monkeypatch.setattr(socket.socket, "connect_ex", connect_ex)
        monkeypatch.setattr(socket, "getaddrinfo", getaddrinfo)
        monkeypatch.setattr(socket, "create_connection", create_connection)


#: a slice of the demo vault: decisions that change over time (contradictions), hardware
DEMO_NOTES = (
    "Hardware/Power Budget.md",
    "Hardware/river-gauge-v2.md",
    "Hardware/LoRa Gateway.md",
    "Decisions/ADR-002 Storage Backend.md",
    "Decisions/ADR-005 Gateway Placement.md",
    "Decisions/ADR-006 Move to SQLite.md",
    "Methods/Soil Moisture Calibration.md",
    "Methods/River Stage Measurement.md",
)


def _copy_demo(dest: Path, notes: tuple[str, ...] = DEMO_NOTES) -> Path:
    import shutil

    for rel in notes:
        (dest / rel).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(DEMO / rel, dest / rel)
    return dest


def test_nothing_leaves_the_machine(
    tmp_path: Path, embedder: Embedder, monkeypatch: pytest.MonkeyPatch
) -> None:
    from engine.contradict.store import lookup
    from engine.search.build import build_search_service

    guard = NetworkGuard(monkeypatch)
    for key in ("ANONYMIZED_TELEMETRY", "HF_HUB_OFFLINE"):
        monkeypatch.delenv(key, raising=False)  # the engine itself must keep things local
    with pytest.raises(ConnectionRefusedError):  # the guard works
        socket.create_connection(("203.0.113.7", 443), timeout=1)
    guard.attempts.clear()
    vault = _copy_demo(tmp_path / "vault")
    config = WorkspaceConfig(vault_root=vault, data_root=tmp_path / "data")
    with Workspace.open(config, embedder=embedder) as ws:
        stats = ws.sync()
        assert stats.notes == len(DEMO_NOTES)
        service = build_search_service(ws, timeout_s=TIMEOUT_S)
        try:
            for query in ("why did we move to SQLite", "battery_cutoff_mv", "LoRa gateway"):
                assert service.search(query).results
        finally:
            service.close()
        assert lookup(ws.catalog, min_confidence=0.0) is not None
    print(f"non-loopback connection attempts: {len(guard.attempts)}")
    assert guard.attempts == []


def test_the_vault_is_never_written(tmp_path: Path, embedder: Embedder) -> None:
    from engine.contradict.store import lookup
    from engine.search.build import build_search_service

    vault = _copy_demo(tmp_path / "vault")
    before = snapshot(vault)
    folders = {p: p.stat().st_mtime_ns for p in [vault, *vault.rglob("*")] if p.is_dir()}
    config = WorkspaceConfig(vault_root=vault, data_root=tmp_path / "data")
    ws = Workspace.open(config, embedder=embedder)
    with Session(ws) as session:  # closes ws
        ws.sync()
        service = build_search_service(ws, timeout_s=TIMEOUT_S)
        try:
            service.search("how do we calibrate the soil probes")
        finally:
            service.close()
        lookup(ws.catalog, min_confidence=0.0)
        session.start_live()
        time.sleep(0.5)  # let the watcher settle (not an assertion)
        session.stop_live()
    ws2 = Workspace.open(config, embedder=embedder)  # a restart reads, never writes
    ws2.close()
    assert snapshot(vault) == before
    assert {p: p.stat().st_mtime_ns for p in folders} == folders
    assert not any(p.name.startswith(".consilience") for p in vault.rglob("*"))


@pytest.fixture(scope="module")
def demo_service(
    tmp_path_factory: pytest.TempPathFactory, embedder: Embedder
) -> Iterator[SearchService]:
    from engine.search.build import build_search_service

    base = tmp_path_factory.mktemp("queries")
    vault = _copy_demo(base / "vault", DEMO_NOTES[:2])
    config = WorkspaceConfig(vault_root=vault, data_root=base / "data")
    with Workspace.open(config, embedder=embedder) as ws:
        ws.sync()
        service = build_search_service(ws, timeout_s=TIMEOUT_S)
        yield service
        service.close()


FTS_SYNTAX = st.sampled_from(
    [
        '"',
        "*",
        "NEAR(",
        "NEAR(a b, 2)",
        "AND",
        "OR",
        "NOT",
        "-",
        "^",
        ":",
        "(",
        ")",
        "{",
        "}",
        "col:",
        "a*",
        '"unclosed',
        "'",
        "\\",
        "\x00",
        "[[",
        "#",
        "%",
        "_",
        "\u200b",
        "\ufffd",
        "battery",
        "SQLite",
        "数据",
        "🚀",
    ]
)


@given(st.lists(st.one_of(FTS_SYNTAX, st.text(max_size=30)), max_size=8).map(" ".join))
def test_any_string_is_a_safe_query(demo_service: SearchService, text: str) -> None:
    response = demo_service.search(text, limit=5)
    for warning in response.warnings:
        message = warning.message.lower()
        assert "syntax" not in message and "fts5" not in message, warning
        assert warning.kind != "source_failed", warning
