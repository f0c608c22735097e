"""`LinkGraph.neighbors` stays right while the graph changes (its one-hop cache follows the
graph's revision).

After every change the answers are compared with a freshly built LinkGraph of the same notes
and with a reference computed straight from the graph's edges.
"""

from __future__ import annotations

import random

import pytest

from engine.model import Note
from engine.store.graph import LinkGraph
from tests.helpers.graph_notes import make_note

_ORDER = {"links_to": 0, "embeds": 1, "linked_from": 2, "embedded_by": 3}
_REVERSE = {"links_to": "linked_from", "embeds": "embedded_by"}


def reference(graph: LinkGraph, path: str, hops: int) -> list[tuple[str, str]]:
    """What `neighbors` promises, computed from the edges with no cache."""
    g = graph.graph
    start = f"note:{path}"
    if start not in g or hops < 1:
        return []

    def direct(node: str) -> dict[str, str]:
        best: dict[str, str] = {}
        pairs = [(v, d["relation"]) for _, v, d in g.out_edges(node, data=True)]
        pairs += [(u, _REVERSE.get(d["relation"], "")) for u, _, d in g.in_edges(node, data=True)]
        for other, relation in pairs:
            if not (relation in _ORDER and other.startswith("note:")):
                continue
            if other not in best or _ORDER[relation] < _ORDER[best[other]]:
                best[other] = relation
        return best

    seen, frontier, out = {start}, [start], []
    for hop in range(1, hops + 1):
        found: dict[str, str] = {}
        for node in frontier:
            for other, relation in direct(node).items():
                if other not in seen:
                    found[other] = relation if hop == 1 else f"hops:{hop}"
        for other in sorted(found):
            seen.add(other)
            out.append((other.removeprefix("note:"), found[other]))
        frontier = sorted(found)
    return out


def assert_consistent(graph: LinkGraph, notes: dict[str, Note]) -> None:
    fresh = LinkGraph()
    fresh.rebuild(notes.values())
    assert graph.notes() == set(notes)
    for path in [*sorted(notes), "Nowhere.md"]:
        for hops in (1, 2, 3):
            got = graph.neighbors(path, hops=hops)
            assert got == fresh.neighbors(path, hops=hops), (path, hops)
            assert got == reference(graph, path, hops), (path, hops)


def warm(graph: LinkGraph, notes: dict[str, Note]) -> None:
    """Ask about every note, so the cache holds an answer for each before the next change."""
    for path in notes:
        graph.neighbors(path, hops=1)
        graph.neighbors(path, hops=2)


def test_relations_self_links_and_links_both_ways() -> None:
    notes = {
        n.path: n
        for n in [
            make_note("A.md", links=("B", "", "A"), embeds=("D",)),  # two kinds of self-link
            make_note("B.md", links=("A",)),  # A <-> B
            make_note("C.md", embeds=("A",)),
            make_note("D.md", links=("A",)),  # A embeds D, D links A
            make_note("E.md", links=("C",)),
        ]
    }
    graph = LinkGraph()
    graph.rebuild(notes.values())
    assert graph.neighbors("A.md") == [
        ("B.md", "links_to"),  # both directions read links_to
        ("C.md", "embedded_by"),
        ("D.md", "embeds"),  # embeds beats linked_from
    ]
    assert graph.neighbors("B.md") == [("A.md", "links_to")]
    assert graph.neighbors("D.md") == [("A.md", "links_to")]  # links_to beats embedded_by
    assert graph.neighbors("A.md", hops=2) == [
        ("B.md", "links_to"),
        ("C.md", "embedded_by"),
        ("D.md", "embeds"),
        ("E.md", "hops:2"),
    ]
    assert graph.neighbors("A.md", hops=0) == []
    assert all(path != "A.md" for path, _ in graph.neighbors("A.md", hops=3))
    assert_consistent(graph, notes)


def test_answers_follow_each_kind_of_change() -> None:
    notes = {
        n.path: n
        for n in [
            make_note("A.md", links=("B", "Ghost"), embeds=("D",)),
            make_note("B.md", links=("A",)),
            make_note("C.md", embeds=("A",)),
            make_note("D.md"),
        ]
    }
    graph = LinkGraph()
    graph.rebuild(notes.values())

    def change(note: Note | None, *, remove: str | None = None) -> None:
        warm(graph, notes)
        if note is not None:
            notes[note.path] = note
            graph.upsert_note(note)
        if remove is not None:
            del notes[remove]
            graph.remove_note(remove)
        assert_consistent(graph, notes)

    assert_consistent(graph, notes)

    change(make_note("F.md", links=("A",)))  # a new note linking to an existing one
    assert ("F.md", "linked_from") in graph.neighbors("A.md")
    assert ("F.md", "hops:2") in graph.neighbors("B.md", hops=2)

    change(make_note("C.md", links=("A",)))  # an embed becomes a link
    assert ("C.md", "linked_from") in graph.neighbors("A.md")

    change(make_note("A.md", links=("Ghost",), embeds=("D",)))  # A stops linking B
    assert ("B.md", "linked_from") in graph.neighbors("A.md")
    assert graph.neighbors("B.md") == [("A.md", "links_to")]

    change(make_note("Ghost.md"))  # A's dangling link now names a note; A itself unchanged
    assert ("Ghost.md", "links_to") in graph.neighbors("A.md")
    assert graph.neighbors("Ghost.md") == [("A.md", "linked_from")]

    change(None, remove="D.md")
    assert all(path != "D.md" for path, _ in graph.neighbors("A.md", hops=2))

    change(None, remove="Ghost.md")  # back to a dangling link
    assert all(path != "Ghost.md" for path, _ in graph.neighbors("A.md"))
    assert graph.neighbors("Ghost.md") == []

    change(None, remove="A.md")  # the hub goes: everyone loses it
    for path in notes:
        assert all(other != "A.md" for other, _ in graph.neighbors(path, hops=2))

    # rebuild is a change too
    warm(graph, notes)
    notes = {n.path: n for n in [make_note("X.md", links=("Y",)), make_note("Y.md")]}
    graph.rebuild(notes.values())
    assert_consistent(graph, notes)


@pytest.mark.parametrize("seed", range(4))
def test_random_edits_keep_neighbours_right(seed: int) -> None:
    rng = random.Random(seed)
    names = [f"N{i}" for i in range(8)]

    def random_note(name: str) -> Note:
        def targets() -> tuple[str, ...]:
            return tuple(rng.sample([*names, "Missing", ""], rng.randint(0, 3)))

        return make_note(f"{name}.md", links=targets(), embeds=targets())

    notes = {f"{n}.md": random_note(n) for n in rng.sample(names, 5)}
    graph = LinkGraph()
    graph.rebuild(notes.values())
    for _ in range(30):
        warm(graph, notes)
        name = rng.choice(names)
        path = f"{name}.md"
        if path in notes and rng.random() < 0.3:
            del notes[path]
            graph.remove_note(path)
        else:
            notes[path] = random_note(name)
            graph.upsert_note(notes[path])
        assert_consistent(graph, notes)
