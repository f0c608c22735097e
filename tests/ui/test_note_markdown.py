"""A note's markdown made ready to read (pure text: no Qt)."""

from __future__ import annotations

from ui.note_markdown import (
    WIKILINK_SCHEME,
    Callout,
    Code,
    passage_patterns,
    readable_blocks,
    wikilink_label,
)

DATAVIEW = """# Project

Intro line.

<!-- QueryToSerialize: LIST FROM #sensor -->
<!-- SerializedQuery: LIST FROM #sensor -->

- [[Probe A]]
- [[Probe B]]

<!-- SerializedQuery END -->

After the query.
"""


def readable_markdown(text: str) -> str:
    """The readable form of a note that holds no callout and no code: one markdown block."""
    blocks = readable_blocks(text)
    assert len(blocks) == 1 and isinstance(blocks[0], str), blocks
    return blocks[0]


def test_frontmatter_is_left_out() -> None:
    text = "---\ntags: [a, b]\ntitle: X\n---\n# Heading\n\nBody."
    assert readable_markdown(text) == "# Heading\n\nBody."
    assert readable_markdown("---\n---\nBody.") == "Body."
    # a rule later in the note is not frontmatter
    assert readable_markdown("Body.\n\n---\n\nMore.") == "Body.\n\n---\n\nMore."
    assert readable_blocks("---\ntitle: only metadata\n---\n") == ()


def test_dataview_serialisations_and_their_content_are_hidden() -> None:
    out = readable_markdown(DATAVIEW)
    assert "QueryToSerialize" not in out and "SerializedQuery" not in out
    assert "Probe A" not in out  # the copied query result goes with it
    assert out == "# Project\n\nIntro line.\n\nAfter the query."


def test_html_and_obsidian_comments_are_hidden_even_across_lines() -> None:
    text = (
        "Keep <!-- hidden --> this.\n<!--\nmany\nlines\n-->\n"
        "And %% secret %% that.\n%%\nblock\n%%\nEnd."
    )
    out = readable_markdown(text)
    assert "hidden" not in out and "secret" not in out and "many" not in out
    assert "block" not in out
    assert "Keep  this." in out and "And  that." in out and out.endswith("End.")


def test_fenced_code_is_kept_as_written() -> None:
    text = (
        "Before %% gone %%\n\n```python\nx = 1  # <!-- kept --> %% kept %% [[Kept]]\n\tdone\n```"
        "\n\nAfter [[Note]].\n\n~~~~\n~~~\nstill code\n~~~~\n```unclosed\n  runs to the end"
    )
    before, code, after, tilde, unclosed = readable_blocks(text)
    assert before == "Before "
    assert code == Code("x = 1  # <!-- kept --> %% kept %% [[Kept]]\n\tdone\n", "python")
    assert after == f"After [Note](<{WIKILINK_SCHEME}Note>)."
    assert tilde == Code("~~~\nstill code\n")  # a shorter fence inside does not close it
    assert unclosed == Code("  runs to the end", "unclosed")


def test_a_heading_under_a_line_is_set_apart_but_a_comment_in_code_is_not() -> None:
    # a note's indexed text joins its chunks with one newline
    text = "Last line of a chunk.\n## Next chunk\n```sh\n# a comment\n```"
    assert readable_blocks(text) == (
        "Last line of a chunk.\n\n## Next chunk",
        Code("# a comment\n", "sh"),
    )


def test_a_fence_inside_a_list_item_stays_in_its_markdown() -> None:
    text = "1. Flash it:\n\n   ```\n   make  flash\n   ```\n2. Reboot."
    assert readable_markdown(text) == text


def test_wikilinks_show_their_display_text() -> None:
    assert wikilink_label("Folder/Note|the alias") == "the alias"
    assert wikilink_label("Folder/Note.md") == "Note"
    assert wikilink_label("Note#Heading") == "Note › Heading"
    assert wikilink_label("#Heading") == "Heading"
    assert wikilink_label("Note#^block1") == "Note › block1"
    out = readable_markdown("See [[Decisions/ADR-003 Sampling Interval|ADR 3]] and [[a_b*c]].")
    assert out == (
        f"See [ADR 3](<{WIKILINK_SCHEME}Decisions/ADR-003%20Sampling%20Interval>)"
        f" and [a\\_b\\*c](<{WIKILINK_SCHEME}a_b%2Ac>)."
    )


def test_embeds_and_images_are_named_not_loaded() -> None:
    out = readable_markdown(
        "![[diagram.png]]\n\n![a chart](https://example.com/x.png)\n\n![](x.png)\n\n"
        "![by ref][r]\n\n[r]: https://example.com/r.png"
    )
    assert "https://example.com/x" not in out and "(x.png)" not in out and "[[" not in out
    assert "🖼 diagram.png" in out and "🖼 a chart" in out and "🖼 image" in out
    assert "🖼 by ref\n" in out


def test_raw_html_is_passed_through_for_the_html_free_renderer() -> None:
    # The renderer reads markdown without HTML; this module does not pretend to sanitise.
    assert readable_markdown("<b>x</b>") == "<b>x</b>"


def test_passage_patterns_place_a_cut_excerpt_in_the_rendered_text() -> None:
    import re

    patterns = passage_patterns("…ling interval of the probe is 15 minutes for every node…")
    assert patterns[0] == r"\binterval\Wof\Wthe\Wprobe\Wis\b".replace(r"\W", r"\W+")
    rendered = "Intro.\nThe sampling interval of the **probe** is 15 minutes"
    assert re.search(patterns[0], rendered.replace("**", "")) is not None
    assert passage_patterns("too short") == []


def test_an_excerpt_loses_its_marks_and_keeps_its_highlights() -> None:
    from ui.note_markdown import readable_excerpt

    text = (
        "## Consequences\n"
        "- The key `sample_interval_s` is **set** to 900.\n"
        "> Allowing HTML or [[Embed web pages|embed web pages]] and [[Other note]]."
    )
    words = ["Consequences", "sample_interval_s", "set", "HTML", "embed", "Other"]
    spans = [(text.index(w), text.index(w) + len(w)) for w in words]
    plain, moved = readable_excerpt(text, spans)
    assert plain == (
        "Consequences\n"
        "- The key sample_interval_s is set to 900.\n"
        "Allowing HTML or embed web pages and Other note."
    )
    assert [plain[s:e] for s, e in moved] == words
    # a highlight on a removed mark (the hidden link target) is dropped, not misplaced
    target = text.index("Embed web pages|")
    _, gone = readable_excerpt(text, [(target, target + 5)])
    assert gone == []
    # identifiers keep their underscores; text without marks is unchanged
    assert readable_excerpt("a __init__ b", [(2, 10)]) == ("a __init__ b", [(2, 10)])


def test_a_callout_is_a_block_with_its_title_above_its_body() -> None:
    text = (
        "Intro.\n\n> [!tip] Vault etiquette\n> One note per thing.\n>\n> - [[Atomic notes]]\n"
        "> - %% hidden %%short titles\n\nAfter."
    )
    link = f"[Atomic notes](<{WIKILINK_SCHEME}Atomic%20notes>)"
    assert readable_blocks(text) == (
        "Intro.",
        Callout("tip", "Vault etiquette", (f"One note per thing.\n\n- {link}\n- short titles",)),
        "After.",
    )


def test_a_callout_without_a_title_shows_its_kind_and_may_be_foldable() -> None:
    text = "> [!example]\n> The body.\n\n> [!warning]- Keep it short\n> More.\n\n> [!my-kind]+\n"
    blocks = readable_blocks(text)
    assert blocks == (
        Callout("example", "Example", ("The body.",)),
        Callout("warning", "Keep it short", ("More.",)),
        Callout("my-kind", "My kind", ()),
    )


def test_a_callout_title_is_text_and_its_body_may_hold_code_and_callouts() -> None:
    text = (
        "> [!INFO] See [[Projects/Plan|the plan]] **now**\n> ```sh\n> make  flash\n> ```\n"
        "> > [!danger]\n> > Unplug it first."
    )
    assert readable_blocks(text) == (
        Callout(
            "info",
            "See the plan now",
            (Code("make  flash\n", "sh"), Callout("danger", "Danger", ("Unplug it first.",))),
        ),
    )


def test_only_a_quote_that_starts_with_the_marker_is_a_callout() -> None:
    from ui.note_markdown import readable_excerpt

    quote = "> A quote.\n> [!note] is text here"
    assert readable_markdown(quote) == quote
    assert readable_markdown("See [!this] here") == "See [!this] here"
    assert readable_excerpt("See [!this] here", []) == ("See [!this] here", [])
    plain, _ = readable_excerpt("> [!tip]- Keep it short\n> More.", [])
    assert "[!" not in plain and "Keep it short" in plain and "More." in plain
