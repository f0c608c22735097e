"""The link graph: nodes, edges, incremental resolution, persistence."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from engine.paths import graph_cache_path
from engine.store.graph import LinkGraph
from tests.helpers.graph_notes import WHEN, make_note


def edges(graph: LinkGraph, relation: str) -> set[tuple[str, str]]:
    return {(u, v) for u, v, data in graph.graph.edges(data=True) if data["relation"] == relation}


def test_nodes_edges_and_attributes() -> None:
    g = LinkGraph()
    g.rebuild(
        [
            make_note(
                "A.md", links=("B#Part", "Missing Note"), embeds=("B", "pic.png"), tags=("x/y",)
            ),
            make_note("Folder/B.md", tags=("x",), title="Bee"),
        ]
    )
    assert g.notes() == {"A.md", "Folder/B.md"}
    attrs = g.graph.nodes["note:Folder/B.md"]
    assert attrs["title"] == "Bee" and attrs["kind"] == "note"
    assert attrs["created"] == WHEN.isoformat() and attrs["modified"] == WHEN.isoformat()
    assert edges(g, "links_to") == {
        ("note:A.md", "note:Folder/B.md"),
        ("note:A.md", "entity:missing note"),
    }
    assert edges(g, "embeds") == {("note:A.md", "note:Folder/B.md")}
    assert edges(g, "tagged") == {("note:A.md", "tag:x/y"), ("note:Folder/B.md", "tag:x")}
    assert edges(g, "subtag_of") == {("tag:x/y", "tag:x")}
    link_data = [
        d
        for u, v, d in g.graph.edges(data=True)
        if d["relation"] == "links_to" and v == "note:Folder/B.md"
    ]
    assert link_data[0]["heading"] == "Part" and link_data[0]["link_target"] == "B"
    assert "entity:pic.png" not in g.graph  # attachments are not entities


def test_repeated_links_are_counted_once() -> None:
    g = LinkGraph()
    g.rebuild([make_note("A.md", links=("B", "B", "B")), make_note("B.md")])
    data = [d for *_e, d in g.graph.edges(data=True) if d["relation"] == "links_to"]
    assert len(data) == 1 and data[0]["count"] == 3


def test_nested_tags_create_the_parent_chain() -> None:
    g = LinkGraph()
    g.upsert_note(make_note("A.md", tags=("a/b/c",)))
    assert edges(g, "subtag_of") == {("tag:a/b/c", "tag:a/b"), ("tag:a/b", "tag:a")}
    g.remove_note("A.md")
    assert not any(n.startswith("tag:") for n in g.graph)


def test_target_appearing_later_turns_entity_into_note() -> None:
    g = LinkGraph()
    g.upsert_note(make_note("A.md", links=("Later",)))
    g.upsert_note(make_note("C.md", links=("later",)))
    assert ("note:A.md", "entity:later") in edges(g, "links_to")
    g.upsert_note(make_note("Sub/Later.md"))
    assert edges(g, "links_to") == {
        ("note:A.md", "note:Sub/Later.md"),
        ("note:C.md", "note:Sub/Later.md"),
    }
    assert "entity:later" not in g.graph
    assert g.backlinks("Sub/Later.md") == ["A.md", "C.md"]


def test_removed_target_falls_back_to_entity() -> None:
    g = LinkGraph()
    g.rebuild([make_note("A.md", links=("B",)), make_note("B.md")])
    g.remove_note("B.md")
    assert edges(g, "links_to") == {("note:A.md", "entity:b")}
    assert g.notes() == {"A.md"}
    g.remove_note("B.md")  # unknown: no error


def test_removed_target_falls_back_to_another_note_of_the_same_name() -> None:
    g = LinkGraph()
    g.rebuild([make_note("X/A.md", links=("B",)), make_note("X/B.md"), make_note("Y/Deep/B.md")])
    assert edges(g, "links_to") == {("note:X/A.md", "note:X/B.md")}
    g.remove_note("X/B.md")
    assert edges(g, "links_to") == {("note:X/A.md", "note:Y/Deep/B.md")}


def test_new_note_in_same_folder_takes_over_resolution() -> None:
    g = LinkGraph()
    g.rebuild([make_note("X/A.md", links=("B",)), make_note("B.md")])
    g.upsert_note(make_note("X/B.md"))
    assert edges(g, "links_to") == {("note:X/A.md", "note:X/B.md")}


def test_aliases_are_incremental() -> None:
    g = LinkGraph()
    g.rebuild([make_note("A.md", links=("AI",)), make_note("Artificial Intelligence.md")])
    assert ("note:A.md", "entity:ai") in edges(g, "links_to")
    g.upsert_note(make_note("Artificial Intelligence.md", aliases=("AI",)))
    assert edges(g, "links_to") == {("note:A.md", "note:Artificial Intelligence.md")}
    g.upsert_note(make_note("Artificial Intelligence.md"))  # alias removed again
    assert edges(g, "links_to") == {("note:A.md", "entity:ai")}


def test_rename_moves_links() -> None:
    g = LinkGraph()
    g.rebuild([make_note("A.md", links=("Old", "New")), make_note("Old.md", links=("A",))])
    g.remove_note("Old.md")
    g.upsert_note(make_note("New.md", links=("A",)))
    assert edges(g, "links_to") == {
        ("note:A.md", "entity:old"),
        ("note:A.md", "note:New.md"),
        ("note:New.md", "note:A.md"),
    }


def test_updating_a_note_replaces_its_edges() -> None:
    g = LinkGraph()
    g.rebuild([make_note("A.md", links=("B",), tags=("t",)), make_note("B.md")])
    g.upsert_note(make_note("A.md", links=("Gone",), tags=("u",)))
    assert edges(g, "links_to") == {("note:A.md", "entity:gone")}
    assert edges(g, "tagged") == {("note:A.md", "tag:u")}
    assert "tag:t" not in g.graph


def test_incremental_equals_rebuild_in_any_order() -> None:
    names = [f"N{i}" for i in range(12)]
    rng = random.Random(7)
    notes = [
        make_note(
            f"{rng.choice(['', 'F/', 'G/H/'])}{name}.md",
            links=tuple(rng.sample([*names, "Ghost"], 3)),
            aliases=(f"alias{name}",) if rng.random() < 0.3 else (),
            tags=(rng.choice(["a", "a/b", "c"]),),
        )
        for name in names
    ]
    full = LinkGraph()
    full.rebuild(notes)
    for seed in range(5):
        order = notes[:]
        random.Random(seed).shuffle(order)
        inc = LinkGraph()
        for note in order:
            inc.upsert_note(note)
        assert sorted(inc.graph.edges(keys=True)) == sorted(full.graph.edges(keys=True))
        assert set(inc.graph.nodes) == set(full.graph.nodes)
        # and removing half then adding them back also converges
        for note in order[:6]:
            inc.remove_note(note.path)
        for note in order[:6]:
            inc.upsert_note(note)
        assert sorted(inc.graph.edges(keys=True)) == sorted(full.graph.edges(keys=True))


def test_neighbors_and_backlinks() -> None:
    g = LinkGraph()
    g.rebuild(
        [
            make_note("A.md", links=("B",)),
            make_note("B.md", links=("C",), embeds=("D",)),
            make_note("C.md", links=("B",)),
            make_note("D.md"),
            make_note("E.md", links=("A", "E")),
        ]
    )
    assert g.neighbors("B.md") == [
        ("A.md", "linked_from"),
        ("C.md", "links_to"),
        ("D.md", "embeds"),
    ]
    assert g.neighbors("A.md", hops=2) == [
        ("B.md", "links_to"),
        ("E.md", "linked_from"),
        ("C.md", "hops:2"),
        ("D.md", "hops:2"),
    ]
    assert g.backlinks("B.md") == ["A.md", "C.md"]
    assert g.backlinks("E.md") == []  # its self-link does not count
    assert g.neighbors("Missing.md") == []


def test_graph_view_is_read_only() -> None:
    g = LinkGraph()
    g.upsert_note(make_note("A.md"))
    with pytest.raises(Exception, match=r"[Ff]rozen"):
        g.graph.add_node("x")


def test_save_load_round_trip(tmp_path: Path) -> None:
    g = LinkGraph()
    g.rebuild(
        [
            make_note("A.md", links=("B", "Nowhere"), tags=("p/q",)),
            make_note("Ünï/B.md", aliases=("Bee",)),
        ]
    )
    target = tmp_path / "sub" / "graph.json"
    g.save(target, stamp="gen-42")
    # from the JSON, and from the cache beside it when its stamp is the one expected
    for expect in (None, "gen-42"):
        loaded = LinkGraph.load(target, expect=expect)
        assert loaded is not None
        copy, stamp = loaded
        assert stamp == "gen-42"
        assert sorted(copy.graph.edges(keys=True, data=True), key=repr) == sorted(
            g.graph.edges(keys=True, data=True), key=repr
        )
        assert dict(copy.graph.nodes(data=True)) == dict(g.graph.nodes(data=True))
        # the indexes came back too: resolution stays incremental after a restart
        copy.upsert_note(make_note("Nowhere.md"))
        assert ("note:A.md", "note:Nowhere.md") in edges(copy, "links_to")
        assert copy.resolve("bee", source_path="x.md") == "Ünï/B.md"
    # no temp files left
    assert sorted(tmp_path.joinpath("sub").iterdir()) == [target, graph_cache_path(target)]


def test_the_cache_answers_only_for_its_stamp_and_never_runs_foreign_code(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    import pickle

    g = LinkGraph()
    g.upsert_note(make_note("A.md", links=("B",)))
    target = tmp_path / "graph.json"
    g.save(target, stamp="7")
    stale = LinkGraph.load(target, expect="8")  # the cache is not for stamp 8: the JSON answers
    assert stale is not None and stale[1] == "7"
    graph_cache_path(target).write_bytes(
        pickle.dumps(("consilience.linkgraph.cache", 1, "7", print))
    )
    loaded = LinkGraph.load(target, expect="7")  # a cache holding anything else: the JSON
    assert loaded is not None and loaded[1] == "7" and loaded[0].notes() == {"A.md"}
    graph_cache_path(target).write_bytes(b"\x80\x05garbage")
    assert LinkGraph.load(target, expect="7") is not None


def test_save_is_plain_json(tmp_path: Path) -> None:
    g = LinkGraph()
    g.upsert_note(make_note("A.md"))
    g.save(tmp_path / "g.json", stamp="s")
    data = json.loads((tmp_path / "g.json").read_text(encoding="utf-8"))
    assert data["format"] == "consilience.linkgraph" and data["stamp"] == "s"


@pytest.mark.parametrize(
    "content",
    [
        b"",
        b"{not json",
        b"[]",
        b'{"format": "other"}',
        b'{"format": "consilience.linkgraph", "version": 99, "stamp": "s", "graph": {}}',
        b'{"format": "consilience.linkgraph", "version": 1, "stamp": "s", "graph": {"nodes": 5}}',
        b'{"format": "consilience.linkgraph", "version": 1, "stamp": 3, "graph": {}}',
        b"\xff\xfe\x00garbage",
    ],
)
def test_corrupt_file_loads_as_none(tmp_path: Path, content: bytes) -> None:
    path = tmp_path / "g.json"
    path.write_bytes(content)
    assert LinkGraph.load(path) is None


def test_missing_file_loads_as_none(tmp_path: Path) -> None:
    assert LinkGraph.load(tmp_path / "absent.json") is None


def test_truncated_save_loads_as_none(tmp_path: Path) -> None:
    g = LinkGraph()
    g.rebuild([make_note("A.md", links=("B",)), make_note("B.md")])
    path = tmp_path / "g.json"
    g.save(path, stamp="x")
    data = path.read_bytes()
    path.write_bytes(data[: len(data) // 2])
    assert LinkGraph.load(path) is None


def test_a_board_line_joins_two_notes_until_the_board_drops_it(tmp_path: Path) -> None:
    from dataclasses import replace

    board = replace(
        make_note("Maps/Plan.canvas", embeds=("Kiln.md", "Clay/Glaze.md")),
        board_edges=(("Kiln.md", "Clay/Glaze.md", "fires"), ("Kiln.md", "Gone.md", "")),
    )
    g = LinkGraph()
    g.rebuild([make_note("Kiln.md"), make_note("Clay/Glaze.md"), board])
    (line,) = g.board_links("Kiln.md")  # the line to a missing note joins nothing
    assert (line.other, line.board, line.label, line.outgoing) == (
        "Clay/Glaze.md",
        "Maps/Plan.canvas",
        "fires",
        True,
    )
    (back,) = g.board_links("Clay/Glaze.md")
    assert back.other == "Kiln.md" and not back.outgoing
    # kept across a restart
    g.save(tmp_path / "graph.json", stamp="s")
    loaded = LinkGraph.load(tmp_path / "graph.json")
    assert loaded is not None and loaded[0].board_links("Kiln.md") == [line]
    # the board redrawn without the line: gone
    g.upsert_note(replace(board, board_edges=()))
    assert g.board_links("Kiln.md") == [] and g.board_links("Clay/Glaze.md") == []
