"""Heading-aware chunking that always fits the model and never drops text."""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from datetime import UTC, datetime

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.model import Chunk, Note
from engine.vault.chunker import chunk_note
from engine.vault.markdown import extract_markdown
from engine.vault.reader import parse_note

Counter = Callable[[Sequence[str]], list[int]]
MTIME = datetime(2025, 1, 1, tzinfo=UTC)


def note_of(text: str, path: str = "Notes/Test.md") -> Note:
    result = parse_note(path, text.encode("utf-8"), mtime=MTIME)
    assert isinstance(result, Note)
    return result


def note_from_body(body: str) -> Note:
    """A Note built straight from a body (no decoding, so any text is accepted)."""
    return Note(
        path="Notes/Prop.md",
        title="Prop",
        aliases=(),
        tags=(),
        links=(),
        embeds=(),
        headings=extract_markdown(body, line_offset=2).headings,
        frontmatter={},
        created=None,
        modified=MTIME,
        body=body,
        content_hash="",
        size=len(body),
        body_line_offset=2,
    )


def non_blank(text: str) -> str:
    return "".join(text.split())


def check_invariants(
    note: Note, chunks: list[Chunk], count_tokens: Counter, max_tokens: int
) -> None:
    assert chunks, "every note yields at least one chunk"
    counts = count_tokens([c.embed_text for c in chunks])
    assert max(counts) <= max_tokens
    if non_blank(note.body):
        assert non_blank("".join(c.text for c in chunks)) == non_blank(note.body)
    assert [c.ordinal for c in chunks] == list(range(len(chunks)))
    assert [c.id for c in chunks] == [f"{note.path}#{i}" for i in range(len(chunks))]
    for chunk in chunks:
        assert chunk.note_path == note.path
        assert chunk.text.strip()
        assert note.body_line_offset <= chunk.start_line <= chunk.end_line
    starts = [c.start_line for c in chunks]
    assert starts == sorted(starts)


# --- examples ---------------------------------------------------------------------------------


def test_sections_and_heading_paths(count_tokens: Counter) -> None:
    text = (
        "---\ntitle: T\n---\n"
        "Intro line.\n\n"
        "# Alpha\nAlpha text.\n\n"
        "## Beta\nBeta text.\n\n"
        "### Gamma\nGamma text.\n\n"
        "## Delta\nDelta text.\n\n"
        "# Epsilon\nEpsilon text.\n"
    )
    note = note_of(text)
    chunks = chunk_note(note, count_tokens=count_tokens)
    assert [c.heading_path for c in chunks] == [
        (),
        ("Alpha",),
        ("Alpha", "Beta"),
        ("Alpha", "Beta", "Gamma"),
        ("Alpha", "Delta"),
        ("Epsilon",),
    ]
    assert chunks[1].text == "# Alpha\nAlpha text."
    assert chunks[1].embed_text == "T > Alpha\n# Alpha\nAlpha text."
    # line spans are in file coordinates (3 frontmatter lines)
    assert (chunks[0].start_line, chunks[0].end_line) == (3, 3)
    assert (chunks[1].start_line, chunks[1].end_line) == (5, 6)
    assert chunks[-1].start_line == 17
    check_invariants(note, chunks, count_tokens, 254)


def test_the_model_reads_the_title_before_the_headings(count_tokens: Counter) -> None:
    note = note_of("Opening words.\n\n# Setup\nSteps here.", path="Guides/Sync your notes.md")
    first, second = chunk_note(note, count_tokens=count_tokens)
    assert first.context == second.context == "Sync your notes"
    assert first.heading_path == () and second.heading_path == ("Setup",)
    assert first.embed_text == "Sync your notes\nOpening words."
    assert second.embed_text == "Sync your notes > Setup\n# Setup\nSteps here."
    assert "Sync your notes" not in first.text  # what words search and excerpts see


def test_a_title_the_first_heading_repeats_is_read_once(count_tokens: Counter) -> None:
    note = note_of("# Sync Your Notes\nSteps here.", path="Sync your notes.md")
    (chunk,) = chunk_note(note, count_tokens=count_tokens)
    assert chunk.context == ""
    assert chunk.embed_text == "Sync Your Notes\n# Sync Your Notes\nSteps here."


@pytest.mark.parametrize("stem", ["2024-05-01", "4983", "  "])
def test_a_title_without_letters_is_not_read(count_tokens: Counter, stem: str) -> None:
    (chunk,) = chunk_note(note_of("Body text.", path=f"{stem}.md"), count_tokens=count_tokens)
    assert chunk.context == "" and chunk.embed_text == "Body text."


def test_a_rename_changes_what_the_model_reads(count_tokens: Counter) -> None:
    (before,) = chunk_note(note_of("Same text.", path="Old name.md"), count_tokens=count_tokens)
    (after,) = chunk_note(note_of("Same text.", path="New name.md"), count_tokens=count_tokens)
    assert before.text == after.text and before.text_hash != after.text_hash


def test_a_long_title_leaves_room_for_the_text(count_tokens: Counter) -> None:
    note = note_of("# Head\n" + "content words here. " * 40, path=("long title " * 60) + ".md")
    chunks = chunk_note(note, count_tokens=count_tokens, max_tokens=64, target_tokens=50)
    check_invariants(note, chunks, count_tokens, 64)
    for chunk in chunks:
        prefix = " > ".join(filter(None, (chunk.context, *chunk.heading_path)))
        assert count_tokens([prefix])[0] <= 32


def test_small_paragraphs_are_packed_but_sections_are_not_merged(count_tokens: Counter) -> None:
    body = "\n\n".join(f"Short paragraph {i}." for i in range(10)) + "\n\n# Next\nOther."
    chunks = chunk_note(note_of(body), count_tokens=count_tokens)
    assert len(chunks) == 2
    assert (
        chunks[0].text.startswith("Short paragraph 0.") and "Short paragraph 9." in chunks[0].text
    )
    assert chunks[1].heading_path == ("Next",)


def test_packing_respects_the_target(count_tokens: Counter) -> None:
    paragraph = "This sentence has some ordinary words in it and then it stops. " * 4
    body = "\n\n".join([paragraph] * 12)
    note = note_of(body)
    chunks = chunk_note(note, count_tokens=count_tokens, target_tokens=100, max_tokens=254)
    counts = count_tokens([c.embed_text for c in chunks])
    single = count_tokens([paragraph.strip()])[0]
    assert all(c <= max(100, single) for c in counts)
    assert len(chunks) >= 12 * single // 100
    check_invariants(note, chunks, count_tokens, 254)


def test_long_paragraph_is_split_at_sentences(count_tokens: Counter) -> None:
    sentences = [f"Sentence number {i} talks about a topic at some length." for i in range(80)]
    note = note_of(" ".join(sentences))
    chunks = chunk_note(note, count_tokens=count_tokens, max_tokens=64, target_tokens=50)
    assert len(chunks) > 1
    assert all(c.text.endswith(".") for c in chunks)
    check_invariants(note, chunks, count_tokens, 64)


def test_empty_body_yields_one_title_chunk(count_tokens: Counter) -> None:
    note = note_of("---\ntitle: Only A Title\ntags: [x]\n---\n\n  \n", path="a/Stem.md")
    chunks = chunk_note(note, count_tokens=count_tokens)
    assert len(chunks) == 1
    assert chunks[0].text == "Only A Title"
    assert chunks[0].id == "a/Stem.md#0"
    assert chunks[0].heading_path == ()
    assert chunks[0].start_line == note.body_line_offset


def test_empty_file_uses_the_stem(count_tokens: Counter) -> None:
    chunks = chunk_note(note_of("", path="Ideas/Untitled idea.md"), count_tokens=count_tokens)
    assert [c.text for c in chunks] == ["Untitled idea"]


def test_text_hash_is_sha256_of_embed_text(count_tokens: Counter) -> None:
    import hashlib

    (chunk,) = chunk_note(note_of("# H\nbody"), count_tokens=count_tokens)
    assert chunk.text_hash == hashlib.sha256(chunk.embed_text.encode()).hexdigest()


def test_chunks_are_stable_across_runs(count_tokens: Counter) -> None:
    note = note_of("# A\n" + "words and more words. " * 300 + "\n\n## B\ntail")
    first = chunk_note(note, count_tokens=count_tokens)
    second = chunk_note(note, count_tokens=count_tokens)
    assert first == second


def test_frontmatter_is_not_chunked(count_tokens: Counter) -> None:
    note = note_of("---\nsecret_key: frontmatter-value\n---\nBody text only.")
    chunks = chunk_note(note, count_tokens=count_tokens)
    assert all("frontmatter-value" not in c.text for c in chunks)


def test_callout_text_is_chunked(count_tokens: Counter) -> None:
    note = note_of("> [!warning] Careful\n> The callout body is searchable.")
    chunks = chunk_note(note, count_tokens=count_tokens)
    assert "callout body is searchable" in chunks[0].text


def test_monster_heading_path_is_shortened(count_tokens: Counter) -> None:
    body = "# " + "verylongheadingword " * 400 + "\n## Second\ncontent here"
    note = note_of(body)
    chunks = chunk_note(note, count_tokens=count_tokens, max_tokens=64, target_tokens=50)
    check_invariants(note, chunks, count_tokens, 64)
    assert count_tokens([" > ".join(chunks[-1].heading_path)])[0] <= 32


def test_cjk_and_emoji(count_tokens: Counter) -> None:
    body = "# 标题\n" + "这是一个很长的中文句子，没有空格。" * 200 + "\n\n🚀 emoji line #标签"
    note = note_of(body)
    chunks = chunk_note(note, count_tokens=count_tokens)
    assert len(chunks) > 1
    assert all(c.heading_path == ("标题",) for c in chunks)
    check_invariants(note, chunks, count_tokens, 254)


@pytest.mark.slow  # megabytes of text
def test_three_megabyte_single_line(count_tokens: Counter) -> None:
    note = note_of("lorem ipsum dolor sit amet " * 111_000)
    started = time.perf_counter()
    chunks = chunk_note(note, count_tokens=count_tokens)
    elapsed = time.perf_counter() - started
    check_invariants(note, chunks, count_tokens, 254)
    assert all(len(c.text) <= 4000 for c in chunks)
    assert elapsed < 20.0


def test_monster_word_without_spaces(count_tokens: Counter) -> None:
    note = note_of("x" * 300_000 + "\n\n" + "ab" * 50_000)
    chunks = chunk_note(note, count_tokens=count_tokens, max_chars=1000)
    check_invariants(note, chunks, count_tokens, 254)
    assert all(len(c.text) <= 1000 for c in chunks)


@pytest.mark.slow  # megabytes of text
def test_five_megabyte_note_chunks_in_seconds(count_tokens: Counter) -> None:
    paragraph = "The quick brown fox jumps over the lazy dog near the river bank. " * 6
    parts = [(f"## Part {i}\n" if i % 20 == 0 else "") + paragraph for i in range(12_000)]
    note = note_of("\n\n".join(parts))
    assert len(note.body) > 4_500_000
    started = time.perf_counter()
    chunks = chunk_note(note, count_tokens=count_tokens)
    elapsed = time.perf_counter() - started
    assert len(chunks) >= 12_000 // 2
    assert elapsed < 20.0  # a few seconds on an idle machine; generous for loaded CI


def test_a_non_additive_counter_is_still_respected() -> None:
    # a counter that charges extra for every newline: sums of parts underestimate wholes
    def lumpy(texts: Sequence[str]) -> list[int]:
        return [len(t.split()) + 3 * t.count("\n") for t in texts]

    body = "\n".join("one two three four" for _ in range(200))
    note = note_of(body)
    chunks = chunk_note(note, count_tokens=lumpy, max_tokens=40, target_tokens=35)
    assert max(lumpy([c.embed_text for c in chunks])) <= 40
    assert non_blank("".join(c.text for c in chunks)) == non_blank(body)


def test_invalid_max_tokens(count_tokens: Counter) -> None:
    with pytest.raises(ValueError):
        chunk_note(note_of("x"), count_tokens=count_tokens, max_tokens=2)


# --- properties -------------------------------------------------------------------------------

_PIECES = st.sampled_from(
    [
        "\n", "\n\n", " ", "  ", "# ", "## ", "### ", "#tag ", "word ", "Sentence one. ",
        "Another sentence! ", "中文句子。", "🚀", "supercalifragilisticexpialidocious",
        "x" * 150, "```\n", "> [!note] ", "- item ", "[[Link]] ", "\t", "é", "١٢٣ ",
        "a.b.c.d.e.f.g ", "long " * 40,
    ]
)  # fmt: skip
_BODIES = st.lists(st.one_of(_PIECES, st.text(max_size=30)), max_size=120).map("".join)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(body=_BODIES, max_tokens=st.sampled_from([16, 40, 254]))
def test_chunks_cover_everything_and_fit(count_tokens: Counter, body: str, max_tokens: int) -> None:
    note = note_from_body(body)
    chunks = chunk_note(
        note, count_tokens=count_tokens, max_tokens=max_tokens, target_tokens=max_tokens * 3 // 4
    )
    check_invariants(note, chunks, count_tokens, max_tokens)
    for chunk in chunks:
        assert chunk.text in note.body or not non_blank(note.body)
