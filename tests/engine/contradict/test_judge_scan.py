"""The scan with a judge: the wider candidates (claims naming the same note), the vetoes and
the budget before the judge reads a pair, and its confidence over the structural floor.

No judge weights ship, so a stand-in that reads a fixed rule plays the judge here; what is
tested is the scan's plumbing around it, not a judge's quality. Bag-of-words vectors keep it
fast (claims sharing words are near each other, as with the model).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from pathlib import Path

import numpy as np
import pytest

from engine.contradict import store
from engine.contradict.scan import DEFAULT_SCAN_CONFIG, JUDGE_SCAN_CONFIG, ContradictionScanner
from engine.contradict.scorer import PairScorer
from engine.evaluate.vault_gen import generate_vault
from engine.workspace import Workspace, WorkspaceConfig
from tests.helpers.vaultkit import write_notes
from tests.helpers.words_embedder import WordsEmbedder

NOTES = {
    "Families/Orrin Family.md": "# Orrin Family\n\nThey cannot forge iron blades in winter.\n",
    "Places/Keldmoor.md": "# Keldmoor\n\nThe Orrin Family smiths of East Keldmoor are famous "
    "for forging iron blades in winter.\n",
    "Guides/Duels.md": "# Duels\n\nNever use iron blades in winter at the academy.\n",
}


class RuleJudge:
    """Plays the judge: P(contradiction) 0.97 when exactly one side says "cannot"."""

    def __init__(self) -> None:
        self.read: list[tuple[str, str]] = []

    def contradiction(self, pairs: Sequence[tuple[str, str]]) -> np.ndarray:
        self.read += list(pairs)
        return np.asarray(
            [0.97 if ("cannot" in a) != ("cannot" in b) else 0.02 for a, b in pairs],
            dtype=np.float32,
        )


@pytest.fixture(scope="module")
def workspace(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Workspace]:
    root = tmp_path_factory.mktemp("judge-vault") / "vault"
    generate_vault(root, 40, seed=5)
    write_notes(root, NOTES)
    cfg = WorkspaceConfig(vault_root=root, data_root=tmp_path_factory.mktemp("judge-data"))
    with Workspace.open(cfg, embedder=WordsEmbedder()) as ws:  # type: ignore[arg-type]
        ws.sync()
        yield ws


def _pairs_between(ws: Workspace, a: str, b: str) -> list[tuple[float, str]]:
    rows = ws.catalog.execute("SELECT confidence, explanations, a_path, b_path FROM contradictions")
    return [(r[0], r[1]) for r in rows if {r[2], r[3]} == {a, b}]


def test_without_a_judge_the_scan_keeps_its_narrow_net(workspace: Workspace) -> None:
    scanner = workspace._contradiction_scanner()
    assert scanner is not None
    assert scanner.scorer.judge is None
    assert scanner.config == DEFAULT_SCAN_CONFIG


def test_a_judge_reads_claims_naming_the_same_note_within_its_budget(
    workspace: Workspace, tmp_path: Path
) -> None:
    base = workspace._contradiction_scanner()
    assert base is not None
    judge = RuleJudge()
    scorer = PairScorer.load(judge=judge)  # type: ignore[arg-type]
    scanner = ContradictionScanner(
        workspace.catalog, base.claim_vectors, workspace.embedder, scorer
    )
    assert scanner.config == JUDGE_SCAN_CONFIG
    store.forget_scans(workspace.catalog)
    stats = scanner.full_scan()
    assert stats.contradictions >= 1
    # the claim in "Orrin Family" (a pronoun subject) and the one naming the Orrin Family
    found = _pairs_between(workspace, "Families/Orrin Family.md", "Places/Keldmoor.md")
    assert found and found[0][0] >= scorer.threshold
    assert "Orrin Family" in found[0][1]
    # the judge read the pronoun claim with its note's title, and no instruction at all
    assert any(
        a.startswith("Orrin Family: They") or b.startswith("Orrin Family: They")
        for a, b in judge.read
    )
    assert not any(t.startswith("Never use") for pair in judge.read for t in pair)
    # its budget: at most `judge_per_claim` pairs per claim, one direction each here
    per_claim: dict[str, int] = {}
    for pair in judge.read:
        for text in pair:
            per_claim[text] = per_claim.get(text, 0) + 1
    assert max(per_claim.values()) <= JUDGE_SCAN_CONFIG.judge_per_claim
    store.forget_scans(workspace.catalog)
