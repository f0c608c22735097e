"""The graph source's name index finds exactly what a walk over every note finds."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine.evaluate.vault_gen import generate_vault
from engine.model import Note
from engine.search.directory import NoteDirectory, NoteMeta, fold
from engine.search.query import parse_query
from engine.search.service import SearchRequest
from engine.search.sources.graph import (
    EXACT,
    PARTIAL_MAX,
    GraphSource,
    SeedMatch,
    partial_name_score,
)
from engine.store.graph import LinkGraph
from engine.vault.reader import read_note

REPO = Path(__file__).resolve().parents[3]
DEMO = REPO / "resources" / "demo-vault"


@pytest.fixture(scope="module")
def graph(tmp_path_factory: pytest.TempPathFactory) -> LinkGraph:
    """The demo vault's notes plus a generated vault's, parsed and linked (no model needed)."""
    generated = tmp_path_factory.mktemp("gen") / "vault"
    generate_vault(generated, 400, seed=11)
    g = LinkGraph()
    notes = []
    # both vaults in one graph: the generated one under a "vault/" folder
    for root, base in ((DEMO, DEMO), (generated, generated.parent)):
        for f in sorted(root.rglob("*.md")):
            note = read_note(base, f.relative_to(base).as_posix())
            if isinstance(note, Note):
                notes.append(note)
    g.rebuild(notes)
    return g


def _walk(request: SearchRequest, notes: dict[str, NoteMeta]) -> list[SeedMatch]:
    """The reference: every note, every name, tag and link target."""
    query = request.query
    raw = query.text.strip()
    if not raw:
        return []
    folded_query = fold(raw)
    wanted_tags = {t.lstrip("#").casefold() for t in raw.split() if t.startswith("#")}
    candidates = {folded_query, *(fold(p) for p in query.phrases)}
    candidates |= {fold(i) for i in query.identifiers}
    candidates.discard("")
    out: list[SeedMatch] = []
    for meta in notes.values():
        for label, name, folded in meta.names:
            if folded in candidates:
                out.append(
                    SeedMatch(meta.path, EXACT, "graph_exact", label, name, f"note:{meta.path}")
                )
                break
            score = partial_name_score(folded, folded_query)
            if score > 0:
                out.append(
                    SeedMatch(meta.path, score, "graph_partial", label, name, f"note:{meta.path}")
                )
        for tag in meta.tags:
            leaf = tag.rsplit("/", 1)[-1]
            if tag in wanted_tags or any(tag.startswith(w + "/") for w in wanted_tags):
                out.append(SeedMatch(meta.path, EXACT, "graph_exact", "tag", tag, f"tag:{tag}"))
            elif fold(tag) in candidates or (len(leaf) > 2 and fold(leaf) in candidates):
                out.append(
                    SeedMatch(meta.path, PARTIAL_MAX, "graph_partial", "tag", tag, f"tag:{tag}")
                )
        for entity in sorted(meta.entities_out):
            if entity in candidates:
                out.append(
                    SeedMatch(
                        meta.path, PARTIAL_MAX, "graph_partial", "link", entity, f"entity:{entity}"
                    )
                )
    return out


@pytest.mark.slow  # property test, many examples
def test_indexed_seeds_equal_the_full_walk(graph: LinkGraph) -> None:
    directory = NoteDirectory(graph)
    source = GraphSource(graph, directory)
    notes = directory.snapshot()
    queries = {"soil node", "#hardware", "gateway", "the", "river gauge", "LoRaWAN", "x"}
    for meta in notes.values():
        queries.add(meta.title)
        queries.add(f"notes about {meta.title} and more")
        queries.update(meta.aliases)
        queries.update(f"#{t}" for t in meta.tags)
        queries.update(meta.entities_out)
        words = meta.title.split()
        if len(words) > 1:
            queries.add(words[-1])
            queries.add(f'"{" ".join(words[:2])}"')
    assert len(notes) > 400 and len(queries) > 1000
    for text in sorted(queries):
        request = SearchRequest(query=parse_query(text))
        got = source.seeds(request)
        want = _walk(request, notes)
        assert sorted(got, key=repr) == sorted(want, key=repr), text


def test_a_small_depth_is_a_prefix_of_a_deep_answer(graph: LinkGraph) -> None:
    """The links source's answer at depth d is the first d notes of its deeper answer, also
    when d seeds leave no room for neighbours (their expansion is then skipped)."""
    directory = NoteDirectory(graph)
    source = GraphSource(graph, directory)
    notes = directory.snapshot()
    tags = sorted({t for meta in notes.values() for t in meta.tags})
    tag_counts = {t: sum(t in m.tags for m in notes.values()) for t in tags}
    queries = [f"#{t}" for t in tags if tag_counts[t] >= 4][:25]
    queries += [m.title for m in list(notes.values())[:40]]
    skipped = 0
    for text in queries:
        deep = source.search(SearchRequest(query=parse_query(text), depth=500))
        for depth in (1, 3, 10):
            got = source.search(SearchRequest(query=parse_query(text), depth=depth))
            assert [h.note_path for h in got] == [h.note_path for h in deep[:depth]], text
            assert got == deep[:depth], text
            seeds = sum(h.match_type != "graph_neighbor" for h in deep)
            skipped += seeds >= depth and any(h.match_type == "graph_neighbor" for h in deep)
    assert skipped > 10  # the shortcut was taken, with neighbours there to skip
