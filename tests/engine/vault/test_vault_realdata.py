"""The reader and chunker on real vaults from ../shared/data (skipped when absent)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path

import pytest

from engine.model import Note
from engine.store.graph import LinkGraph
from engine.vault.chunker import chunk_note
from engine.vault.ignore import VaultFilter
from engine.vault.reader import read_note
from engine.vault.scan import scan_vault

Counter = Callable[[Sequence[str]], list[int]]
DATA = Path(__file__).resolve().parents[4] / "shared" / "data"
VAULTS = {
    "help-en": DATA / "vaults" / "obsidian-help" / "en",
    "help-de": DATA / "vaults" / "obsidian-help" / "de",
    "help-zh": DATA / "vaults" / "obsidian-help" / "zh",
    "dnd-srd": DATA / "dedup" / "dnd-srd-5.1",
}
# how many notes of each vault to chunk and re-count (all of the help vaults)
CHUNK_EVERY = {"help-en": 1, "help-de": 1, "help-zh": 1, "dnd-srd": 4}

pytestmark = pytest.mark.shared_data


@pytest.mark.parametrize("name", list(VAULTS))
def test_real_vault_reads_and_chunks(name: str, count_tokens: Counter) -> None:
    root = VAULTS[name]
    if not root.is_dir():
        pytest.skip(f"{root} is not available")
    scan = scan_vault(root, vault_filter=VaultFilter.load(root))
    assert scan.skipped == ()
    assert len(scan.files) >= 100
    notes = [read_note(root, path) for path in scan.files]
    skipped = [n for n in notes if not isinstance(n, Note)]
    assert skipped == []
    parsed = [n for n in notes if isinstance(n, Note)]
    assert all(not n.warnings for n in parsed)

    chunks = [
        chunk
        for note in parsed[:: CHUNK_EVERY[name]]
        for chunk in chunk_note(note, count_tokens=count_tokens)
    ]
    counts = count_tokens([c.embed_text for c in chunks])
    assert max(counts) <= 254
    assert len(chunks) >= len(parsed) // CHUNK_EVERY[name]

    graph = LinkGraph()
    graph.rebuild(parsed)
    link_edges = [
        v for _u, v, d in graph.graph.edges(data=True) if d["relation"] in ("links_to", "embeds")
    ]
    resolved = sum(1 for v in link_edges if v.startswith("note:"))
    assert resolved >= 0.9 * len(link_edges)
