"""Contradictions wired into indexing: found after `Workspace.sync`, kept in step with edits and
deletions, reviews kept across restarts and re-indexing, attached to search responses.

Runs on a temp copy of the demo-vault notes the expected pairs name (real packaged MiniLM,
one shared model): indexing the whole demo vault would double the time for no extra check.
"""

from __future__ import annotations

import json
import shutil
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from engine.contradict import store
from engine.contradict.types import Contradiction
from engine.embed.embedder import Embedder
from engine.workspace import Workspace, WorkspaceConfig

REPO = Path(__file__).resolve().parents[3]
DEMO = REPO / "resources" / "demo-vault"
EXPECTED: dict[str, Any] = json.loads(
    (REPO / "resources" / "demo-vault.expected.json").read_text(encoding="utf-8")
)
PLANTED: list[dict[str, Any]] = EXPECTED["contradictions"]
CONSISTENT: list[dict[str, Any]] = EXPECTED["non_contradictions"]

pytestmark = pytest.mark.slow


@dataclass(frozen=True)
class Vault:
    root: Path
    data: Path

    def config(self) -> WorkspaceConfig:
        return WorkspaceConfig(vault_root=self.root, data_root=self.data)


def _pair_key(c: Contradiction) -> frozenset[tuple[str, str]]:
    return frozenset({(c.a.path, c.a.claim), (c.b.path, c.b.claim)})


def _expected_key(p: dict[str, Any]) -> frozenset[tuple[str, str]]:
    return frozenset({(p["a"], p["a_claim"]), (p["b"], p["b_claim"])})


def _find(found: tuple[Contradiction, ...], pair: dict[str, Any]) -> Contradiction | None:
    key = _expected_key(pair)
    return next((c for c in found if _pair_key(c) == key), None)


@pytest.fixture(scope="module")
def vault(tmp_path_factory: pytest.TempPathFactory, embedder: Embedder) -> Vault:
    root = tmp_path_factory.mktemp("vault")
    for pair in PLANTED + CONSISTENT:
        for side in ("a", "b"):
            dest = root / pair[side]
            dest.parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(DEMO / pair[side], dest)
    v = Vault(root=root, data=tmp_path_factory.mktemp("data"))
    with Workspace.open(v.config(), embedder=embedder) as ws:
        ws.sync()
        assert ws.last_scan is not None and ws.last_scan.contradictions > 0
    return v


def _open(vault: Vault, embedder: Embedder) -> Workspace:
    return Workspace.open(vault.config(), embedder=embedder)


def test_planted_contradictions_are_found(vault: Vault, embedder: Embedder) -> None:
    with _open(vault, embedder) as ws:
        found = store.lookup(ws.catalog)
    hits = [p for p in PLANTED if _find(found, p) is not None]
    missed = [p["topic"] for p in PLANTED if _find(found, p) is None]
    assert len(hits) >= len(PLANTED) - 1, missed
    for pair in hits:
        c = _find(found, pair)
        assert c is not None and c.explanations
        side_of = {c.a.path: "a", c.b.path: "b"}
        newer_path = pair[pair["newer"]]
        assert c.newer == side_of[newer_path], (pair["topic"], c)
    assert list(found) == sorted(found, key=lambda c: -c.confidence)


def test_consistent_pairs_are_not_flagged(vault: Vault, embedder: Embedder) -> None:
    with _open(vault, embedder) as ws:
        found = store.lookup(ws.catalog, include_reviewed=True)
    flagged = [p["why"] for p in CONSISTENT if _find(found, p) is not None]
    assert not flagged


def test_restart_over_unchanged_vault_scans_nothing(vault: Vault, embedder: Embedder) -> None:
    with _open(vault, embedder) as ws:
        stats = ws.sync()
        assert stats.changed_paths == () and stats.removed_paths == ()
        assert ws.last_scan is None  # no scorer, no claim collection opened
        assert "changed_paths" not in stats.to_dict()


def test_pairs_of_another_scorer_are_rescored(vault: Vault, embedder: Embedder) -> None:
    with _open(vault, embedder) as ws:
        notes = len(store.indexed_notes(ws.catalog))
        ws.catalog.state.contradiction_scorer = "an older scorer"
    with _open(vault, embedder) as ws:
        ws.sync()
        assert ws.last_scan is not None and ws.last_scan.notes == notes
        assert ws.last_scan.embedded == 0  # the claim vectors are reused
        found = store.lookup(ws.catalog)
        assert all(_find(found, p) is not None for p in PLANTED)
    with _open(vault, embedder) as ws:
        ws.sync()
        assert ws.last_scan is None  # done once


def test_interrupted_scan_is_redone(vault: Vault, embedder: Embedder) -> None:
    pair = next(p for p in PLANTED if p["topic"] == "battery life of soil-node-s3")
    with _open(vault, embedder) as ws:
        # as if killed after indexing this note but before its scan committed
        with ws.catalog.transaction():
            ws.catalog.execute("DELETE FROM claim_scans WHERE note_path = ?", [pair["a"]])
            ws.catalog.execute(
                "DELETE FROM contradictions WHERE a_path = ? OR b_path = ?", [pair["a"], pair["a"]]
            )
        assert _find(store.lookup(ws.catalog), pair) is None
    with _open(vault, embedder) as ws:
        ws.sync()
        assert ws.last_scan is not None and ws.last_scan.notes == 1
        assert _find(store.lookup(ws.catalog), pair) is not None


def test_review_survives_restart_and_reindex(vault: Vault, embedder: Embedder) -> None:
    pair = next(p for p in PLANTED if p["topic"] == "river gauge LoRaWAN support")
    with _open(vault, embedder) as ws:
        c = _find(store.lookup(ws.catalog), pair)
        assert c is not None
        store.dismiss(ws.catalog, c)
        assert _find(store.lookup(ws.catalog), pair) is None
    # restart, then re-index one side (claim text unchanged, note content changed)
    note = vault.root / pair["a"]
    note.write_text(
        note.read_text(encoding="utf-8") + "\n\nAdded later, unrelated.\n", encoding="utf-8"
    )
    with _open(vault, embedder) as ws:
        stats = ws.sync()
        assert pair["a"] in stats.changed_paths
        assert _find(store.lookup(ws.catalog), pair) is None
        reviewed = _find(store.lookup(ws.catalog, include_reviewed=True), pair)
        assert reviewed is not None and reviewed.review == "dismissed"
        store.resolve(ws.catalog, reviewed, "a")
    with _open(vault, embedder) as ws:
        again = _find(store.lookup(ws.catalog, include_reviewed=True), pair)
        assert again is not None and again.review == "resolved" and again.current_side == "a"
    # `index --rebuild` drops the index but keeps the user's decisions
    with Workspace.open(vault.config(), embedder=embedder, rebuild=True) as ws:
        ws.sync()
        assert _find(store.lookup(ws.catalog), pair) is None
        rebuilt = _find(store.lookup(ws.catalog, include_reviewed=True), pair)
        assert rebuilt is not None and rebuilt.review == "resolved" and rebuilt.current_side == "a"


def test_search_lists_contradictions_among_results(vault: Vault, embedder: Embedder) -> None:
    from engine.search.build import build_search_service

    pair = next(p for p in PLANTED if p["topic"] == "deployment date")
    with _open(vault, embedder) as ws:
        service = build_search_service(ws)
        try:
            response = service.search("field deployment first ten nodes scheduled", limit=10)
        finally:
            service.close()
    paths = {r.note_path for r in response.results}
    assert {pair["a"], pair["b"]} <= paths
    listed = [c for c in response.contradictions if isinstance(c, Contradiction)]
    assert _find(tuple(listed), pair) is not None
    assert response.query_metadata.contradictions_detected == len(listed)
    assert all({c.a.path, c.b.path} <= paths for c in listed)
    data = response.to_dict()["contradictions"]
    assert {"a", "b", "confidence", "similarity", "type", "newer"} <= set(data[0])


def test_edit_removing_the_sentence_removes_the_pair(vault: Vault, embedder: Embedder) -> None:
    pair = next(p for p in PLANTED if p["topic"] == "soil node sampling interval")
    note = vault.root / pair["a"]
    text = note.read_text(encoding="utf-8")
    assert pair["a_claim"] in text
    note.write_text(text.replace(pair["a_claim"], ""), encoding="utf-8")
    with _open(vault, embedder) as ws:
        ws.sync(paths={pair["a"]})
        assert ws.last_scan is not None and ws.last_scan.notes == 1
        assert _find(store.lookup(ws.catalog, include_reviewed=True), pair) is None
        other = next(p for p in PLANTED if p["topic"] == "probe reliability")
        assert _find(store.lookup(ws.catalog), other) is not None  # the rest is kept


def test_deleting_a_note_removes_its_pairs(vault: Vault, embedder: Embedder) -> None:
    pair = next(p for p in PLANTED if p["topic"] == "probe reliability")
    (vault.root / pair["a"]).unlink()
    with _open(vault, embedder) as ws:
        stats = ws.sync()
        assert pair["a"] in stats.removed_paths
        found = store.lookup(ws.catalog, include_reviewed=True)
        assert all(pair["a"] not in (c.a.path, c.b.path) for c in found)
        rows = ws.catalog.execute("SELECT count(*) FROM claims WHERE note_path = ?", [pair["a"]])
        assert rows[0][0] == 0


def test_the_scan_reports_its_progress_in_notes(
    vault: Vault, embedder: Embedder, tmp_path: Path
) -> None:
    from engine.model import Progress

    seen: list[Progress] = []
    fresh = Vault(root=vault.root, data=tmp_path / "data")  # a first index: every note
    with Workspace.open(fresh.config(), embedder=embedder) as ws:
        ws.sync(progress=seen.append)
        assert ws.last_scan is not None
        notes = ws.last_scan.notes
    phases = [p.phase for p in seen]
    assert "done" in phases and "contradictions" in phases
    assert phases.index("contradictions") > phases.index("done")  # after the index is complete
    checking = [(p.done, p.total) for p in seen if p.phase == "contradictions"]
    assert checking[0] == (0, notes) and checking[-1] == (notes, notes)
    assert {t for _, t in checking} == {notes}
    done = [d for d, _ in checking]
    assert done == sorted(done)


def test_sibling_concept_notes_are_not_flagged_against_each_other(
    tmp_path: Path, embedder: Embedder
) -> None:
    """A vault of one-concept notes: notes whose titles differ by an opposite define two
    things in the same words. Only the note that contradicts its own concept is listed."""
    notes = {
        "Concepts/Weighted Route.md": "# Weighted Route\n\nLegs of the route are given costs.\n"
        "A planner adds up the costs of the legs.\n",
        "Concepts/Unweighted Route.md": "# Unweighted Route\n\nLegs of the route are not given "
        "costs.\nA planner counts the legs instead.\n",
        "Concepts/Mutable Ledger.md": "# Mutable Ledger\n\nEntries can be changed after they "
        "are written.\n",
        "Concepts/Immutable Ledger.md": "# Immutable Ledger\n\nEntries cannot be changed after "
        "they are written.\n",
        "Concepts/Ledger Myths.md": "# Ledger Myths\n\nIn an immutable ledger, entries can be "
        "changed after they are written.\n",
    }
    root = tmp_path / "vault"
    for rel, text in notes.items():
        (root / rel).parent.mkdir(parents=True, exist_ok=True)
        (root / rel).write_text(text, encoding="utf-8")
    config = WorkspaceConfig(vault_root=root, data_root=tmp_path / "data")
    with Workspace.open(config, embedder=embedder) as ws:
        ws.sync()
        found = store.lookup(ws.catalog)
    pairs = {frozenset({c.a.path, c.b.path}) for c in found}
    assert frozenset({"Concepts/Weighted Route.md", "Concepts/Unweighted Route.md"}) not in pairs
    assert frozenset({"Concepts/Mutable Ledger.md", "Concepts/Immutable Ledger.md"}) not in pairs
    assert frozenset({"Concepts/Immutable Ledger.md", "Concepts/Ledger Myths.md"}) in pairs
