"""One link step read from the note directory answers as the link graph does, so the graph
source never needs the graph itself."""

from __future__ import annotations

import random

import pytest

from engine.model import Note
from engine.search.directory import LinkSteps, NoteDirectory
from engine.store.graph import LinkGraph
from tests.helpers.graph_notes import make_note


def note(path: str, links: list[str], embeds: list[str]) -> Note:
    return make_note(path, links=links, embeds=embeds)


def random_notes(rng: random.Random, count: int) -> list[Note]:
    names = [f"N{i}" for i in range(count)]
    targets = [*names, "Missing", "Elsewhere"]  # some links name no note
    return [
        note(
            f"{name}.md",
            rng.sample(targets, rng.randint(0, 4)),  # may name the note itself
            rng.sample(targets, rng.randint(0, 2)),  # may also link what it embeds
        )
        for name in names
    ]


def steps_of(graph: LinkGraph) -> LinkSteps:
    return LinkSteps.build(NoteDirectory(graph).snapshot())


@pytest.mark.parametrize("seed", range(5))
def test_one_step_from_the_directory_is_the_graphs(seed: int) -> None:
    rng = random.Random(seed)
    notes = random_notes(rng, 40)
    graph = LinkGraph()
    graph.rebuild(notes)
    steps = steps_of(graph)
    relations = set()
    for n in notes:
        want = graph.neighbors(n.path, hops=1)
        assert steps.neighbours(n.path) == want, n.path
        relations |= {r for _, r in want}
    assert relations == {"links_to", "embeds", "linked_from", "embedded_by"}
    # after edits the graph moves on and the directory with it
    graph.remove_note(notes[0].path)
    graph.upsert_note(note("N1.md", ["N2", "N3"], ["N2", "N4"]))
    graph.upsert_note(note("New.md", ["N1"], ["N1"]))
    steps = steps_of(graph)
    for path in [n.path for n in notes[1:]] + ["New.md"]:
        assert steps.neighbours(path) == graph.neighbors(path, hops=1), path
    assert steps.neighbours(notes[0].path) == []


def test_the_strongest_relation_names_each_neighbour() -> None:
    graph = LinkGraph()
    graph.rebuild(
        [
            note("A.md", ["B"], ["B", "C"]),  # links and embeds B: links_to; embeds C only
            note("B.md", ["A"], []),
            note("C.md", [], ["A"]),  # A embeds C, C embeds A: from A, "embeds" wins
            note("D.md", [], ["A"]),
        ]
    )
    steps = steps_of(graph)
    assert steps.neighbours("A.md") == [
        ("B.md", "links_to"),
        ("C.md", "embeds"),
        ("D.md", "embedded_by"),
    ]
    assert steps.neighbours("B.md") == [("A.md", "links_to")]
    assert steps.neighbours("Z.md") == []
