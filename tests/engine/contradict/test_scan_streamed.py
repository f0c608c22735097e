"""The scan's claim table finds the same pairs with the same scores as the scan it replaced
(`reference_scan.py`, one object per claim): full scan (inverted file, scoring in locality
order), a large update next to other notes' stored claims, and a live edit.

A generated vault with a bag-of-words embedder: claims sharing words are near each other, as
with the model, and indexing takes seconds.
"""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from engine.contradict import scan, store
from engine.contradict.candidates import NeighbourSearchConfig
from engine.contradict.scan import DEFAULT_SCAN_CONFIG, ScanConfig
from engine.contradict.text import claim_caches
from engine.evaluate.vault_gen import generate_vault
from engine.workspace import Workspace, WorkspaceConfig
from tests.engine.contradict.reference_scan import Pair, ReferenceScanner
from tests.helpers.vaultkit import write_notes
from tests.helpers.words_embedder import WordsEmbedder

#: Sentences repeated within a note and across notes: one pair per pair of notes and texts.
REPEATS = {
    "Repeats/pump a.md": "# Pump\n\nThe irrigation pump delivers 40 litres per minute.\n\n"
    "## Again\n\nThe irrigation pump delivers 40 litres per minute.\n",
    "Repeats/pump b.md": "# Pump\n\nThe irrigation pump delivers 55 litres per minute.\n",
    "Repeats/pump c.md": "# Pump\n\nThe irrigation pump delivers 40 litres per minute.\n\n"
    "The irrigation pump does not deliver 55 litres per minute.\n",
}


@pytest.fixture(scope="module")
def workspace(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Workspace]:
    root = tmp_path_factory.mktemp("scan-vault") / "vault"
    generate_vault(root, 150, seed=11)
    write_notes(root, REPEATS)
    cfg = WorkspaceConfig(vault_root=root, data_root=tmp_path_factory.mktemp("scan-data"))
    with Workspace.open(cfg, embedder=WordsEmbedder()) as ws:  # type: ignore[arg-type]
        ws.sync()
        # the generated sentences mostly differ in their "when ..." conditions, which name
        # other situations: few of their pairs are contradictions
        assert ws.last_scan is not None and ws.last_scan.contradictions >= 6
        yield ws


#: Inverted file and locality order, as at 10k notes, on a small vault.
SMALL_LIMITS = ScanConfig(score_batch=64, neighbour_search=NeighbourSearchConfig(exact_limit=300))


#: The reference models the nearest-claim search; pairs about one note have their own tests
#: (`test_subject_partners.py`).
NEAREST_ONLY = dataclasses.replace(DEFAULT_SCAN_CONFIG, subject_partners=0)


def _scanner(ws: Workspace, config: ScanConfig = NEAREST_ONLY) -> scan.ContradictionScanner:
    scanner = ws._contradiction_scanner()
    assert scanner is not None
    return scanner.with_config(config)


def _reference(ws: Workspace, scanner: scan.ContradictionScanner) -> ReferenceScanner:
    return ReferenceScanner(
        catalog=ws.catalog,
        claim_vectors=scanner.claim_vectors,
        embed=lambda texts: np.asarray(ws.embedder().embed(list(texts)), dtype=np.float32),
        scorer=scanner.scorer,
        config=scanner.config,
    )


def _stored(ws: Workspace, notes: Sequence[str] | None = None) -> list[Pair]:
    rows: list[Any] = ws.catalog.execute(
        "SELECT id, a_path, b_path, confidence, similarity, type, explanations, newer"
        " FROM contradictions"
    )
    wanted = None if notes is None else set(notes)
    out: list[Pair] = []
    for r in rows:
        if wanted is None or r[1] in wanted or r[2] in wanted:
            explanations = tuple(json.loads(r[6]))
            out.append((r[0], r[1], r[2], r[3], r[4], r[5], explanations, r[7]))
    return sorted(out)


@pytest.mark.slow
def test_full_scan_finds_the_reference_pairs(workspace: Workspace) -> None:
    scanner = _scanner(workspace, SMALL_LIMITS)
    notes = store.indexed_notes(workspace.catalog)
    want, want_candidates = _reference(workspace, scanner).pairs(notes)
    stats = scanner.full_scan()
    got = _stored(workspace)
    assert stats.candidates == want_candidates > SMALL_LIMITS.score_batch
    assert len(got) == stats.contradictions >= 6
    assert got == sorted(want)
    repeats = [p for p in got if p[1] in REPEATS and p[2] in REPEATS]
    assert len({(p[1], p[2]) for p in repeats}) >= 2
    # a large scan leaves no claim caches
    assert sum(c.cache_info().currsize for c in claim_caches()) == 0


@pytest.mark.slow
def test_update_beside_stored_claims_finds_the_reference_pairs(workspace: Workspace) -> None:
    """Some notes rescanned, the others' claims read from the catalog and the collection."""
    scanner = _scanner(workspace, SMALL_LIMITS)
    notes = sorted(store.indexed_notes(workspace.catalog))[::3]
    want, want_candidates = _reference(workspace, scanner).pairs(notes)
    stats = scanner.update(notes, ())
    assert stats.claims >= SMALL_LIMITS.in_memory_queries  # the in-memory search
    assert stats.candidates == want_candidates > SMALL_LIMITS.score_batch
    got = _stored(workspace, notes)
    assert len(got) >= 3
    assert got == sorted(want)


@pytest.mark.slow
def test_live_edit_finds_the_reference_pairs(workspace: Workspace) -> None:
    """One note: its claims' neighbours come from the claims collection."""
    scanner = _scanner(workspace)
    stored = _stored(workspace)
    note = max({p[1] for p in stored}, key=lambda n: sum(n in p[1:3] for p in stored))
    want, want_candidates = _reference(workspace, scanner).pairs([note])
    stats = scanner.update([note], ())
    assert stats.notes == 1 and stats.claims < scanner.config.in_memory_queries
    assert stats.candidates == want_candidates > 0
    got = _stored(workspace, [note])
    assert got and got == sorted(want)


@pytest.mark.slow
def test_first_scan_embeds_the_same_batches(
    workspace: Workspace, monkeypatch: pytest.MonkeyPatch
) -> None:
    """With an empty claims collection every claim is embedded: the same texts in the same
    calls as before, so a model that batches (padding) gives the same vectors too."""
    # several batches on a small vault
    scanner = _scanner(workspace, dataclasses.replace(SMALL_LIMITS, batch_notes=40))
    calls: list[list[str]] = []
    embedder = workspace.embedder()
    real = embedder.embed

    def recording(texts: Sequence[str], *, batch_size: int = 16) -> np.ndarray:
        calls.append(list(texts))
        return real(texts, batch_size=batch_size)

    monkeypatch.setattr(embedder, "embed", recording)
    notes = store.indexed_notes(workspace.catalog)
    scanner.claim_vectors.reset()
    want, _ = _reference(workspace, scanner).pairs(notes)
    want_calls, calls[:] = list(calls), []
    scanner.claim_vectors.reset()
    stats = scanner.full_scan()
    assert len(want_calls) >= 4 and calls == want_calls
    assert stats.embedded == sum(len(c) for c in calls) > 500
    assert _stored(workspace) == sorted(want)


def test_progress_is_reported_batch_by_batch(workspace: Workspace) -> None:
    scanner = _scanner(workspace, dataclasses.replace(SMALL_LIMITS, batch_notes=40))
    notes = store.indexed_notes(workspace.catalog)
    seen: list[tuple[int, int]] = []
    scanner.update(notes, (), progress=lambda done, total: seen.append((done, total)))
    n = len(notes)
    assert n > 120
    assert seen[0] == (0, n) and seen[-1] == (n, n)
    assert [d for d, _ in seen[1:-1]] == [*range(40, n, 40), n]  # after each batch of 40


def test_claim_table_keeps_each_string_once(tmp_path: Path) -> None:
    from engine.contradict.scan import ClaimTable

    table = ClaimTable()
    for i in range(4):
        table.add_scanned(
            id=f"a.md#0/{i}",
            note_path="a.md",
            chunk_id="a.md#0",
            ordinal=i,
            text=f"claim {i % 2}",
            context="ctx",
            text_hash=f"h{i % 2}",
        )
    other = table.add_other(id="b.md#0/0", note_path="b.md", text_hash="h1")
    assert (len(table), table.scanned, other) == (5, 4, 4)
    assert table.note_paths == ["a.md", "b.md"] and table.hash_texts == ["h0", "h1"]
    assert table.note_ids().tolist() == [0, 0, 0, 0, 1]
    assert table.hash_ids().tolist() == [0, 1, 0, 1, 1]
    assert [c.ordinal for c in table.scanned_claims()] == [0, 1, 2, 3]
    assert table.claim(1) == store.ClaimRow("a.md#0/1", "a.md", "a.md#0", 1, "claim 1", "ctx", "h1")
    with pytest.raises(IndexError):
        table.claim(other)  # other notes' claims are not saved by this scan
    with pytest.raises(ValueError):
        table.add_scanned(
            id="x", note_path="a.md", chunk_id="c", ordinal=0, text="t", context="", text_hash="h"
        )
