"""Headings, tags, links and embeds from markdown bodies."""

from __future__ import annotations

import time

import pytest

from engine.model import Heading, Link
from engine.vault.markdown import extract_markdown


def tags(text: str) -> list[str]:
    return list(extract_markdown(text).tags)


def targets(text: str) -> list[str]:
    info = extract_markdown(text)
    return [link.target for link in (*info.links, *info.embeds)]


# --- headings ---------------------------------------------------------------------------------


def test_atx_headings_with_levels_lines_and_closing_hashes() -> None:
    info = extract_markdown(
        "# One\ntext\n### Three ###\n####### seven\n#nospace\n   ## Indented", line_offset=4
    )
    assert info.headings == (
        Heading(level=1, text="One", line=4),
        Heading(level=3, text="Three", line=6),
        Heading(level=2, text="Indented", line=9),
    )


def test_headings_in_code_fences_and_comments_are_ignored() -> None:
    info = extract_markdown("```\n# not a heading\n```\n%%\n# hidden\n%%\n# Real")
    assert [h.text for h in info.headings] == ["Real"]


def test_heading_keeps_a_hash_that_is_not_a_closing_sequence() -> None:
    info = extract_markdown("# C# tips #tag")
    assert info.headings[0].text == "C# tips #tag"
    assert info.tags == ("tag",)


# --- tags -------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("#tag", ["tag"]),
        ("start #a/b/c end", ["a/b/c"]),
        ("#1984 is not a tag but #y1984 is", ["y1984"]),
        ("#2024-01 counts (has a non-digit)", ["2024-01"]),
        ("word#notatag and \\#escaped", []),
        ("#snake_case #kebab-case #CamelCase", ["snake_case", "kebab-case", "CamelCase"]),
        ("ends with punctuation #tag, #other. #q?", ["tag", "other", "q"]),
        ("#café #naïve", ["café", "naïve"]),
        ("中文 #标签。还有 #日本語", ["标签", "日本語"]),
        ("emoji #🚀rocket and #👍", ["🚀rocket", "👍"]),
        ("trailing slash #a/", ["a"]),
        ("# heading marker is not a tag", []),
        ("url https://example.com/#anchor and http://x.org/page#frag", []),
        ("(#paren) [#bracket]", []),
    ],
)
def test_inline_tag_rules(text: str, expected: list[str]) -> None:
    assert tags(text) == expected


def test_tags_are_not_taken_from_code_comments_or_links() -> None:
    text = (
        "real #one\n"
        "`#inline` and ``#double `tick` `` and %% #comment %%\n"
        "```\n#fenced\n```\n"
        "~~~python\n#tilde\n~~~\n"
        "[[Note#heading]] [[ #inside]] [x](<a #b.md>)\n"
        "#two"
    )
    assert tags(text) == ["one", "two"]


def test_multiline_comment_hides_tags_and_links() -> None:
    text = "before #a\n%%\n#hidden [[Hidden]]\nmore\n%% after #b [[Shown]]"
    assert tags(text) == ["a", "b"]
    assert targets(text) == ["Shown"]


def test_unterminated_fence_runs_to_the_end() -> None:
    text = "#before\n```\n#inside [[Inside]]\n\nstill code #x"
    assert tags(text) == ["before"]
    assert targets(text) == []


def test_fence_needs_a_long_enough_closer() -> None:
    text = "````\n```\n#still_code\n````\n#after"
    assert tags(text) == ["after"]


def test_inline_triple_backticks_do_not_open_a_fence() -> None:
    assert tags("```code``` then #tag") == ["tag"]


def test_callout_content_is_indexed_but_its_fences_are_code() -> None:
    text = "> [!note] Title #calltag\n> body [[Linked]]\n> ```\n> #code\n> ```\n> #after"
    assert tags(text) == ["calltag", "after"]
    assert targets(text) == ["Linked"]


def test_fence_inside_callout_ends_with_the_callout() -> None:
    text = "> ```\n> #code\nplain #visible"
    assert tags(text) == ["visible"]


def test_unmatched_backtick_is_literal() -> None:
    assert tags("a ` b #tag") == ["tag"]


# --- links ------------------------------------------------------------------------------------


def test_wikilink_forms() -> None:
    info = extract_markdown(
        "[[Plain]] [[Folder/Note.md]] [[Note#Section|shown]] [[Note#^blk123]] [[#Local]] "
        "[[#^local-block]] [[Table\\|alias]]",
        line_offset=7,
    )
    assert info.links == (
        Link(target="Plain", line=7),
        Link(target="Folder/Note.md", line=7),
        Link(target="Note", heading="Section", alias="shown", line=7),
        Link(target="Note", block="blk123", line=7),
        Link(target="", heading="Local", line=7),
        Link(target="", block="local-block", line=7),
        Link(target="Table", alias="alias", line=7),
    )
    assert info.embeds == ()


def test_embeds() -> None:
    info = extract_markdown("![[Diagram.png|300]]\n![[Other note#Part]]\n![alt](img%201.png)")
    assert info.links == ()
    assert info.embeds == (
        Link(target="Diagram.png", alias="300", is_embed=True, line=0),
        Link(target="Other note", heading="Part", is_embed=True, line=1),
        Link(target="img 1.png", alias="alt", is_embed=True, kind="markdown", line=2),
    )


def test_markdown_links_are_url_decoded_and_urls_ignored() -> None:
    info = extract_markdown(
        "[a](My%20Note.md) [b](<Folder/With Spaces.md#Some%20Part>) [c](https://x.org/a.md) "
        '[d](mailto:me@x.org) [e](obsidian://open?vault=v) [f](#Heading) [g](note.md "title") '
        "[h](Paren_(x).md)"
    )
    assert [(link.target, link.heading, link.alias) for link in info.links] == [
        ("My Note.md", None, "a"),
        ("Folder/With Spaces.md", "Some Part", "b"),
        ("", "Heading", "f"),
        ("note.md", None, "g"),
        ("Paren_(x).md", None, "h"),
    ]
    assert all(link.kind == "markdown" for link in info.links)


def test_wikilink_with_code_in_alias_keeps_the_alias() -> None:
    (link,) = extract_markdown("[[Functions#hasTag|`hasTag`]]").links
    assert link.target == "Functions" and link.heading == "hasTag" and link.alias == "`hasTag`"


def test_links_in_code_are_ignored() -> None:
    assert targets("`[[Code]]`\n```\n[[Fenced]]\n```\n[[Real]]") == ["Real"]


def test_link_line_numbers() -> None:
    info = extract_markdown("a\n\nb [[X]]\n![[Y]]", line_offset=10)
    assert [link.line for link in info.links] == [12]
    assert [link.line for link in info.embeds] == [13]


def test_cjk_and_emoji_link_targets() -> None:
    assert targets("见 [[中文笔记]] 和 [[🚀 Launch]]") == ["中文笔记", "🚀 Launch"]


# --- hostile input ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        "[" * 5000 + "x" + "]" * 5000,
        "[[" * 5000 + "]]" * 5000,
        "![" * 200_000,
        "[a](" * 200_000,
        "[x](" + "a" * 1_000_000 + " " * 100_000,
        "[x](a" + "(b" * 200_000,
        "`" + " ".join("`" * i for i in range(1, 1500)),
        "#" * 1_000_000,
        "%%" * 300_000,
        ("word " * 600_000),
    ],
    ids=[
        "nested-brackets",
        "nested-wikilinks",
        "embed-openers",
        "md-openers",
        "long-destination",
        "parens",
        "backtick-runs",
        "hashes",
        "comment-markers",
        "3MB-line",
    ],
)
def test_hostile_input_is_fast(text: str) -> None:
    started = time.perf_counter()
    extract_markdown(text)
    assert time.perf_counter() - started < 2.0


def test_nested_brackets_still_find_the_inner_wikilink() -> None:
    text = "[" * 5000 + "[[Inner]]" + "]" * 5000
    assert targets(text) == ["Inner"]
