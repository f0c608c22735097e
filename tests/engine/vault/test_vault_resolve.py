"""Obsidian-style link resolution."""

from __future__ import annotations

import time

import pytest

from engine.vault.resolve import LinkResolver, is_attachment, link_keys, note_keys


@pytest.fixture
def resolver() -> LinkResolver:
    r = LinkResolver()
    for path in [
        "Note.md",
        "A/Note.md",
        "B/C/Note.md",
        "Work/Projects/Plan.md",
        "Other/Plan.md",
        "Zeta/Long Folder Name/Plan.md",
        "Misc/Café.md",
        "Misc/Version 1.2.md",
        "中文/笔记.md",
    ]:
        r.add(path)
    r.add("People/Artificial Intelligence.md", ["AI", "How to/Think"])
    return r


def test_basename_prefers_same_folder(resolver: LinkResolver) -> None:
    assert resolver.resolve("Note", source_path="B/C/Other.md") == "B/C/Note.md"
    assert resolver.resolve("Note", source_path="A/x.md") == "A/Note.md"


def test_basename_falls_back_to_shortest_path(resolver: LinkResolver) -> None:
    assert resolver.resolve("Note", source_path="Elsewhere/x.md") == "Note.md"
    assert resolver.resolve("Plan", source_path="x.md") == "Other/Plan.md"


def test_ties_break_alphabetically() -> None:
    r = LinkResolver()
    r.add("b/X.md")
    r.add("a/X.md")
    assert r.resolve("x", source_path="c/y.md") == "a/X.md"


def test_case_and_extension_insensitive(resolver: LinkResolver) -> None:
    assert resolver.resolve("NOTE.MD", source_path="q.md") == "Note.md"
    assert resolver.resolve("note.md", source_path="q.md") == "Note.md"
    assert resolver.resolve("work/projects/PLAN", source_path="q.md") == "Work/Projects/Plan.md"


def test_unicode_normalisation() -> None:
    r = LinkResolver()
    r.add("Misc/Cafe\u0301.md")  # NFD, as macOS stores names
    assert r.resolve("Caf\u00e9", source_path="x.md") == "Misc/Cafe\u0301.md"


def test_path_suffix_and_full_path(resolver: LinkResolver) -> None:
    assert resolver.resolve("Projects/Plan", source_path="x.md") == "Work/Projects/Plan.md"
    assert resolver.resolve("Long Folder Name/Plan.md", source_path="x.md") == (
        "Zeta/Long Folder Name/Plan.md"
    )
    assert resolver.resolve("/Other/Plan", source_path="x.md") == "Other/Plan.md"
    assert resolver.resolve("jects/Plan", source_path="x.md") is None


def test_relative_paths(resolver: LinkResolver) -> None:
    assert resolver.resolve("../Note.md", source_path="A/Sub/x.md") == "A/Note.md"
    assert resolver.resolve("./Note.md", source_path="B/C/x.md") == "B/C/Note.md"
    assert resolver.resolve("C/Note", source_path="B/x.md") == "B/C/Note.md"


def test_aliases_resolve_only_without_a_file_name_match(resolver: LinkResolver) -> None:
    assert resolver.resolve("ai", source_path="x.md") == "People/Artificial Intelligence.md"
    assert resolver.resolve("How to/Think", source_path="x.md") == (
        "People/Artificial Intelligence.md"
    )
    resolver.add("Note Alias Holder.md", ["Note"])
    assert resolver.resolve("Note", source_path="x.md") == "Note.md"


def test_non_note_targets(resolver: LinkResolver) -> None:
    assert resolver.resolve("image.png", source_path="x.md") is None
    assert resolver.resolve("Note.pdf", source_path="x.md") is None
    assert resolver.resolve("", source_path="x.md") is None
    assert resolver.resolve("Missing", source_path="x.md") is None


def test_dotted_note_names_still_resolve(resolver: LinkResolver) -> None:
    assert resolver.resolve("Version 1.2", source_path="x.md") == "Misc/Version 1.2.md"
    assert resolver.resolve("笔记", source_path="x.md") == "中文/笔记.md"


def test_remove_and_readd(resolver: LinkResolver) -> None:
    resolver.remove("Note.md")
    assert resolver.resolve("Note", source_path="x.md") == "A/Note.md"
    resolver.remove("People/Artificial Intelligence.md")
    assert resolver.resolve("AI", source_path="x.md") is None
    resolver.remove("never/added.md")
    resolver.add("Note.md")
    assert resolver.resolve("Note", source_path="x.md") == "Note.md"
    assert "Note.md" in resolver


def test_add_again_replaces_aliases() -> None:
    r = LinkResolver()
    r.add("P.md", ["Old"])
    r.add("P.md", ["New"])
    assert r.resolve("Old", source_path="x.md") is None
    assert r.resolve("New", source_path="x.md") == "P.md"
    assert len(r) == 1


def test_keys_helpers() -> None:
    assert is_attachment("a/b.PNG") and not is_attachment("v1.2") and not is_attachment("Note.md")
    assert link_keys("Folder/Plan.md") == ("plan", "folder/plan", "folder/plan.md")
    assert link_keys("x.png") == ()
    assert note_keys("Work/Plan.md", ["AI", " "]) == ("plan", "ai")


def test_lookups_do_not_scan_the_vault() -> None:
    r = LinkResolver()
    for i in range(20_000):
        r.add(f"Folder {i % 50}/Note {i}.md", [f"alias {i}"])
    started = time.perf_counter()
    for i in range(5_000):
        assert r.resolve(f"Note {i}", source_path="x.md") == f"Folder {i % 50}/Note {i}.md"
        assert r.resolve(f"ALIAS {i}", source_path="x.md") == f"Folder {i % 50}/Note {i}.md"
    assert time.perf_counter() - started < 1.0
