"""Claim vectors live in the catalog: a scan fills them, and the vector collection an older
index kept them in is dropped once, with the chunks' collection untouched."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from helpers.vaultkit import write_vault

from engine.store import chroma
from engine.workspace import Workspace, WorkspaceConfig

if TYPE_CHECKING:
    from engine.embed.embedder import Embedder


def _collections(ws: Workspace) -> set[str]:
    ws.vectors.count()  # connects
    return {c.name for c in ws.vectors._client.list_collections()}


def test_a_scan_keeps_claim_vectors_in_the_catalog_and_drops_the_old_collection(
    tmp_path: Path, embedder: Embedder
) -> None:
    vault = tmp_path / "vault"
    write_vault(vault, 6, paragraphs=2)
    cfg = WorkspaceConfig(vault_root=vault, data_root=tmp_path / "data")
    with Workspace.open(cfg, embedder=embedder) as ws:
        ws.sync()
        claims = ws.catalog.execute("SELECT count(*) FROM claims")[0][0]
        assert claims > 0
        assert ws.catalog.execute("SELECT count(*) FROM claim_vectors") == [(claims,)]
        legacy = f"{ws.vectors.name}-claims"
        assert legacy not in _collections(ws)
        # an index made before the move, as migration 0007 leaves it: its claims collection
        # named in the catalog, every note to scan again
        chroma.get_or_create(ws.vectors._client, legacy, ws.vectors.dimension)
        with ws.catalog.transaction():
            ws.catalog.execute(
                "INSERT INTO meta (key, value) VALUES ('legacy_claims_collection', ?)", (legacy,)
            )
            ws.catalog.execute("DELETE FROM claim_scans")
        chunks = ws.vectors.count()
    with Workspace.open(cfg, embedder=embedder) as ws:
        stats = ws.scan_contradictions()
        assert stats is not None and stats.notes == 6
        assert legacy not in _collections(ws)
        assert ws.vectors.name in _collections(ws) and ws.vectors.count() == chunks
        assert ws.catalog.state.legacy_claims_collection is None
