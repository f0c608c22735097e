"""Connections of one note on the demo vault: related notes with reasons, near-duplicates,
open contradictions."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from engine.search.build import build_connections_finder, reader_catalogs
from engine.search.connections import ConnectionsFinder
from engine.search.directory import NoteDirectory
from tests.engine.search.conftest import DemoIndex

NODE = "Hardware/soil-node-s3.md"


@pytest.fixture(scope="module")
def finder(demo: DemoIndex) -> Iterator[ConnectionsFinder]:
    readers = reader_catalogs(demo.workspace.paths.catalog)
    yield build_connections_finder(
        demo.workspace, catalogs=readers, directory=NoteDirectory(demo.workspace.graph)
    )
    readers.close()


def test_related_notes_come_with_their_reasons(finder: ConnectionsFinder, demo: DemoIndex) -> None:
    found = finder.find(NODE, limit=15)
    assert found is not None and found.title
    by_path = {r.path: r for r in found.related}
    note = demo.note(NODE)
    linked = {link.target for link in note.links}
    assert "People/Tomás Reyes.md" in by_path  # it links there
    assert "this note links to it" in by_path["People/Tomás Reyes.md"].reasons
    assert any(
        r.similarity is not None and "similar passage" in " ".join(r.reasons) for r in found.related
    )
    assert all(r.reasons for r in found.related)
    scores = [r.score for r in found.related]
    assert scores == sorted(scores, reverse=True) and NODE not in by_path
    assert linked  # the note has links to follow
    backlinks = set(demo.workspace.graph.backlinks(NODE))
    for r in found.related:
        if "it links to this note" in r.reasons:
            assert r.path in backlinks


def test_near_duplicates_and_contradictions(finder: ConnectionsFinder, demo: DemoIndex) -> None:
    (pair,) = demo.expected["near_duplicates"]
    found = finder.find(pair[0])
    assert found is not None and pair[1] in found.duplicates
    node = finder.find(NODE)
    assert node is not None
    others = {c.b.path if c.a.path == NODE else c.a.path for c in node.contradictions}
    assert "Meetings/2026-09-07 Mid-season Retrospective.md" in others
    assert all(NODE in (c.a.path, c.b.path) for c in node.contradictions)


def test_an_unknown_note_has_none(finder: ConnectionsFinder) -> None:
    assert finder.find("No/such note.md") is None
    data = finder.find(NODE)
    assert data is not None and data.to_dict()["related"][0]["reasons"]


def test_shared_tags_are_named_and_weighted_by_rarity(
    finder: ConnectionsFinder, demo: DemoIndex
) -> None:
    directory = NoteDirectory(demo.workspace.graph)
    notes = directory.snapshot()
    mine = set(notes[NODE].tags)
    assert mine, "the node note carries tags"
    found = finder.find(NODE, limit=len(notes))
    assert found is not None
    carriers = {tag: sum(tag in m.tags for m in notes.values()) for tag in mine}
    for r in found.related:
        shared = mine & set(notes[r.path].tags)
        assert set(r.tags) == {t for t in shared if carriers[t] < len(notes)}, r.path
        for tag in r.tags[:3]:
            assert any(f"#{tag}" in reason for reason in r.reasons) or len(r.tags) > 3
    # every note sharing a tag is listed when the limit allows
    sharing = {p for p, m in notes.items() if p != NODE and mine & set(m.tags)}
    assert sharing <= {r.path for r in found.related}
    # a note sharing only a tag ranks under one with the same tags plus a link or passage
    only_tags = [r for r in found.related if r.similarity is None and not r.linked]
    richer = [r for r in found.related if r.similarity is not None or r.linked]
    if only_tags and richer:
        assert max(r.score for r in only_tags) <= max(r.score for r in richer)


def test_a_passage_under_a_generic_heading_is_named_by_its_first_words(
    finder: ConnectionsFinder, demo: DemoIndex
) -> None:
    """The demo's decision records share "Context" and "Summary" headings: a reason names
    such a passage by its opening words, a telling heading by itself."""
    from engine.search.passage_label import is_generic_heading

    quoted: list[tuple[str | None, str]] = []
    for path in sorted(demo.indexed_paths()):
        found = finder.find(path)
        assert found is not None
        for r in found.related:
            reason = next((x for x in r.reasons if x.startswith("a similar passage")), None)
            if reason is None:
                continue
            assert "(“" in reason, reason  # every passage in the demo has a name
            label = reason.split("(“", 1)[1].split("”)", 1)[0]
            quoted.append((r.passage, label))
            assert not is_generic_heading(label), (path, r.path, reason)
            if is_generic_heading(r.passage):  # no heading, or a common section word
                assert label != r.passage and len(label.split()) <= 6, (path, r.path, reason)
            elif not is_generic_heading(r.passage, title=r.title):
                assert label == r.passage, (path, r.path, reason)
            # a heading that is the note's title: its first words, or the title when the
            # passage is the title alone
    assert any(is_generic_heading(heading) for heading, _ in quoted)  # the case occurs
    assert any(label.endswith("…") for _, label in quoted)


def test_a_line_on_a_board_joins_the_two_notes_it_connects(
    finder: ConnectionsFinder, demo: DemoIndex
) -> None:
    """The demo board draws a line from the gateway's card to the checklist's card."""
    gateway, checklist = "Hardware/LoRa Gateway.md", "Methods/Field Deployment Checklist.md"
    board = "Projects/Winter Readiness Board.canvas"
    (line,) = [b for b in demo.workspace.graph.board_links(gateway) if b.other == checklist]
    assert (line.board, line.label, line.outgoing) == (board, "checked on every visit", True)
    (back,) = [b for b in demo.workspace.graph.board_links(checklist) if b.other == gateway]
    assert not back.outgoing and back.board == board
    for path, other, way in (
        (gateway, checklist, "linked to it"),
        (checklist, gateway, "linked from it"),
    ):
        found = finder.find(path, limit=50)
        assert found is not None
        (related,) = [r for r in found.related if r.path == other]
        said = f"on the board “Winter Readiness Board”, {way} (“checked on every visit”)"
        assert said in related.reasons
    near = finder.neighbours(gateway)
    assert near is not None
    (entry,) = [n for n in near.related if n.path == checklist]
    assert any(r.kind == "on_board" and r.via == "Winter Readiness Board" for r in entry.relations)
