"""Issue 8: generated hostile notes. Hypothesis over arbitrary bytes and frontmatter text for
the parse/chunk path (never raises, chunks fit the model), then 1,000 seeded hostile notes:
all 1,000 through parse + chunk, and 200 of them through the real indexer (real model,
Chroma, SQLite) with every file accounted for."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from datetime import UTC, datetime
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING

import pytest
from helpers.hostile import hostile_note_bytes
from hypothesis import given
from hypothesis import strategies as st

from engine.model import Note, SkippedFile
from engine.vault.chunker import chunk_note
from engine.vault.reader import parse_note

if TYPE_CHECKING:
    from engine.embed.embedder import Embedder

MAX_TOKENS = 256
NOW = datetime(2026, 8, 1, tzinfo=UTC)
GENERATED = 1000
INDEXED = 200


@cache
def _counter() -> Callable[[Sequence[str]], list[int]]:
    from engine.vault.tokens import load_wordpiece_counter

    return load_wordpiece_counter()


def _check_parse_and_chunk(path: str, raw: bytes) -> Note | SkippedFile:
    result = parse_note(path, raw, mtime=NOW)
    if isinstance(result, SkippedFile):
        assert result.reason.strip()
        assert "internal error" not in result.reason, result.reason
        return result
    chunks = chunk_note(result, count_tokens=_counter())
    assert chunks, "a note always yields at least one chunk"
    assert max(_counter()([c.embed_text for c in chunks])) <= MAX_TOKENS
    assert all("\x00" not in c.text for c in chunks)
    return result


@given(st.binary(max_size=3000))
def test_any_bytes_parse_and_chunk(raw: bytes) -> None:
    _check_parse_and_chunk("any.md", raw)


@given(st.text(max_size=500), st.text(max_size=500))
def test_any_frontmatter_text_parses(frontmatter: str, body: str) -> None:
    for raw in (
        f"---\n{frontmatter}\n---\n{body}",
        f"---\n{frontmatter}\n{body}",
        f"\ufeff---\r\n{frontmatter}\r\n---\r\n{body}",
    ):
        _check_parse_and_chunk("fm.md", raw.encode("utf-8", "surrogatepass"))


def _generated(count: int, *, max_parts: int = 12) -> list[bytes]:
    rng = random.Random(8)
    return [hostile_note_bytes(rng, max_parts=max_parts) for _ in range(count)]


@pytest.mark.slow
def test_a_thousand_generated_notes_parse_and_chunk() -> None:
    notes = skipped = 0
    for i, raw in enumerate(_generated(GENERATED)):
        result = _check_parse_and_chunk(f"gen/{i}.md", raw)
        if isinstance(result, Note):
            notes += 1
        else:
            skipped += 1
    print(f"{GENERATED} generated notes: {notes} parsed, {skipped} skipped with a reason")
    assert notes + skipped == GENERATED
    assert notes > GENERATED // 2


@pytest.mark.slow
def test_generated_notes_through_the_real_indexer(tmp_path: Path, embedder: Embedder) -> None:
    from helpers.vaultkit import assert_consistent

    from engine.search.build import build_search_service
    from engine.workspace import Workspace, WorkspaceConfig

    vault = tmp_path / "vault"
    rng = random.Random(9)
    expected = set()
    for i, raw in enumerate(_generated(INDEXED, max_parts=4)):  # shorter: less to embed
        folder = rng.choice(["", "a/", "a/b/", "数据/", "🚀/"])
        rel = f"{folder}gen {i} {rng.choice(['#', '%', '[[x]]', 'é', ''])}.md"
        (vault / rel).parent.mkdir(parents=True, exist_ok=True)
        (vault / rel).write_bytes(raw)
        expected.add(rel)
    with Workspace.open(
        WorkspaceConfig(vault_root=vault, data_root=tmp_path / "data"), embedder=embedder
    ) as ws:
        stats = ws.sync()
        indexed = set(ws.catalog.notes.manifest())
        skipped = {s.path for s in stats.skipped}
        assert not indexed & skipped
        assert indexed | skipped == expected, sorted(expected - indexed - skipped)[:5]
        assert_consistent(ws)
        print(f"{INDEXED} generated files: {len(indexed)} indexed, {len(skipped)} skipped")
        service = build_search_service(ws, timeout_s=120.0)
        try:
            for query in ("pump valve sensor", "数据", "[[", "---", "🚀"):
                response = service.search(query)
                assert not [w for w in response.warnings if w.kind == "source_failed"]
        finally:
            service.close()
