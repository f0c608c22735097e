"""Extract headings, inline tags, links and embeds from a note's markdown body.

Nothing is taken from code fences (``` and ~~~; an unterminated fence runs to the end of the
note), inline code spans or ``%% comments %%``. Everything works line by line with regular
expressions that cannot backtrack catastrophically (character classes that exclude their
own delimiters, possessive quantifiers), so hostile input stays linear: thousands of nested
brackets, multi-megabyte single lines, 20 MB notes.
"""

from __future__ import annotations

import bisect
import re
from dataclasses import dataclass
from urllib.parse import unquote

from engine.model import Heading, Link

_MASK = "\x00"  # replaces code spans and comments; never part of a tag, never whitespace

# Obsidian's tag terminators (whitespace, ASCII punctuation except _ - /, general punctuation
# U+2000-U+206F but not the zero-width (non-)joiners used inside emoji and Persian words,
# supplemental punctuation U+2E00-U+2E7F), plus CJK and full-width punctuation, so that
# "#标签。" is the tag "标签".
_TAG_STOP = (
    r"\s\x00!\"#$%&'()*+,.:;<=>?@\[\\\]^`{|}~"
    r"\u2000-\u200b\u200e-\u206f\u2e00-\u2e7f\u3000-\u303f"
    r"\uff01-\uff0f\uff1a-\uff20\uff3b-\uff40\uff5b-\uff65"
)
_TAG_RE = re.compile(rf"(?<![^\s])#([^{_TAG_STOP}]++)")
_WIKILINK_RE = re.compile(r"(!?)\[\[([^\[\]\n]*+)\]\]")
# [text](destination "title") — the text may hold one level of [brackets]; the destination is
# either <anything but <>> or a run without spaces with balanced single-level parentheses.
_MDLINK_RE = re.compile(
    r"(!?)\[((?:[^\[\]\n]|\[[^\[\]\n]*+\])*+)\]"
    r"\([ \t]*+(?:<([^<>\n]*+)>|((?:[^\s()<>]|\([^\s()<>]*+\))++))"
    r"(?:[ \t]++(?:\"[^\"\n]*+\"|'[^'\n]*+'|\([^()\n]*+\)))?+[ \t]*+\)"
)
_SCHEME_RE = re.compile(r"^[A-Za-z][A-Za-z0-9+.\-]*:")
_CODE_OR_COMMENT_RE = re.compile(r"`++|%%")
_QUOTE_PREFIX_RE = re.compile(r"(?:[ \t]*+>)++[ \t]?")
_DIGITS_RE = re.compile(r"[0-9]+")


@dataclass(frozen=True)
class MarkdownInfo:
    """What a note body says about its structure."""

    headings: tuple[Heading, ...]
    tags: tuple[str, ...]  # inline tags as written (without '#'), in order, repeats kept
    links: tuple[Link, ...]  # non-embed links
    embeds: tuple[Link, ...]


@dataclass
class _Fence:
    char: str
    length: int
    quoted: bool


def extract_markdown(body: str, *, line_offset: int = 0) -> MarkdownInfo:
    """Extract headings, inline tags, links and embeds; `line_offset` is added to line numbers."""
    if _MASK in body:
        body = body.replace(_MASK, "")
    headings: list[Heading] = []
    tags: list[str] = []
    links: list[Link] = []
    embeds: list[Link] = []
    in_comment = False
    fence: _Fence | None = None

    for index, line in enumerate(body.split("\n")):
        line_no = index + line_offset
        if fence is not None:
            status = _fence_status(line, fence)
            if status == "inside":
                continue
            fence = None
            if status == "closed":
                continue
            # "quote_ended": the callout holding the fence ended; this line is normal text
        if not in_comment:
            opened = _opens_fence(line)
            if opened is not None:
                fence = opened
                continue

        if in_comment or "`" in line or "%%" in line:
            code_masked, comment_masked, in_comment = _mask_line(line, in_comment)
        else:
            code_masked = comment_masked = line

        heading = _heading(comment_masked, line_no)
        if heading is not None:
            headings.append(heading)

        link_masked = code_masked
        if "[" in code_masked:
            link_masked = _extract_links(code_masked, line, line_no, links, embeds)
        if "#" in link_masked:
            for match in _TAG_RE.finditer(link_masked):
                tag = match.group(1).strip("/")
                if tag and not _DIGITS_RE.fullmatch(tag):
                    tags.append(tag)

    return MarkdownInfo(
        headings=tuple(headings), tags=tuple(tags), links=tuple(links), embeds=tuple(embeds)
    )


# --- fences ---------------------------------------------------------------------------------


def _strip_quote(line: str) -> tuple[str, bool]:
    if ">" not in line:
        return line, False
    match = _QUOTE_PREFIX_RE.match(line)
    if match is None:
        return line, False
    return line[match.end() :], True


def _opens_fence(line: str) -> _Fence | None:
    content, quoted = _strip_quote(line)
    stripped = content.lstrip(" \t")
    if not stripped.startswith(("```", "~~~")):
        return None
    char = stripped[0]
    length = len(stripped) - len(stripped.lstrip(char))
    if char == "`" and "`" in stripped[length:]:
        return None  # ```code``` on one line is an inline code span, not a fence
    return _Fence(char=char, length=length, quoted=quoted)


def _fence_status(line: str, fence: _Fence) -> str:
    """'inside' the fence, 'closed' by this line, or 'quote_ended' (line is outside)."""
    content, quoted = _strip_quote(line)
    if fence.quoted and not quoted:
        return "quote_ended"
    stripped = content.strip(" \t")
    if stripped.startswith(fence.char * fence.length) and stripped.strip(fence.char) == "":
        return "closed"
    return "inside"


# --- code spans and comments ----------------------------------------------------------------


def _mask_line(line: str, in_comment: bool) -> tuple[str, str, bool]:
    """Mask code spans and comments in one line.

    Returns (line with code spans and comments masked, line with only comments masked,
    whether a comment is still open at the end of the line).
    """
    tokens = [(m.start(), m.end()) for m in _CODE_OR_COMMENT_RE.finditer(line)]
    code_spans: list[tuple[int, int]] = []
    comment_spans: list[tuple[int, int]] = []
    # positions of backtick runs, by run length, to find a closing run in O(log n)
    runs: dict[int, list[int]] = {}
    for i, (start, end) in enumerate(tokens):
        if line[start] == "`":
            runs.setdefault(end - start, []).append(i)

    comment_start = 0 if in_comment else -1
    i = 0
    while i < len(tokens):
        start, end = tokens[i]
        is_comment_token = line[start] == "%"
        if comment_start >= 0:
            if is_comment_token:
                comment_spans.append((comment_start, end))
                comment_start = -1
            i += 1
            continue
        if is_comment_token:
            comment_start = start
            i += 1
            continue
        same = runs[end - start]
        k = bisect.bisect_right(same, i)
        if k < len(same):
            j = same[k]
            code_spans.append((start, tokens[j][1]))
            i = j + 1
        else:
            i += 1  # an unmatched run of backticks is literal text
    still_open = comment_start >= 0
    if still_open:
        comment_spans.append((comment_start, len(line)))

    comment_masked = _apply_mask(line, comment_spans)
    code_masked = _apply_mask(comment_masked, code_spans)
    return code_masked, comment_masked, still_open


def _apply_mask(line: str, spans: list[tuple[int, int]]) -> str:
    if not spans:
        return line
    parts: list[str] = []
    pos = 0
    for start, end in spans:
        parts.append(line[pos:start])
        parts.append(_MASK * (end - start))
        pos = end
    parts.append(line[pos:])
    return "".join(parts)


# --- headings -------------------------------------------------------------------------------


def _heading(line: str, line_no: int) -> Heading | None:
    stripped = line.lstrip(" ")
    if len(line) - len(stripped) > 3 or not stripped.startswith("#"):
        return None
    level = len(stripped) - len(stripped.lstrip("#"))
    if level > 6:
        return None
    rest = stripped[level:]
    if rest and rest[0] not in " \t":
        return None
    text = rest.replace(_MASK, "").strip(" \t")
    if text.endswith("#"):
        without = text.rstrip("#")
        if not without:
            text = ""
        elif without[-1] in " \t":
            text = without.rstrip(" \t")
    return Heading(level=level, text=text, line=line_no)


# --- links ----------------------------------------------------------------------------------


def _extract_links(
    masked: str, original: str, line_no: int, links: list[Link], embeds: list[Link]
) -> str:
    """Collect wikilinks and markdown links; return `masked` with them masked too."""
    spans: list[tuple[int, int]] = []
    wiki_starts: list[int] = []
    for match in _WIKILINK_RE.finditer(masked):
        inner = original[match.start(2) : match.end(2)]
        link = _wikilink(inner, is_embed=bool(match.group(1)), line_no=line_no)
        if link is not None:
            (embeds if link.is_embed else links).append(link)
        spans.append((match.start(), match.end()))
        wiki_starts.append(match.start())
    wiki_spans = list(spans)

    if "](" in masked:
        for match in _MDLINK_RE.finditer(masked):
            if _inside(wiki_spans, wiki_starts, match.start()):
                continue
            dest = match.group(3) if match.group(3) is not None else match.group(4)
            text = original[match.start(2) : match.end(2)]
            link = _markdown_link(dest, text=text, is_embed=bool(match.group(1)), line_no=line_no)
            if link is not None:
                (embeds if link.is_embed else links).append(link)
            spans.append((match.end(2) + 1, match.end()))  # mask "(destination)"
    spans.sort()
    return _apply_mask(masked, _merge(spans))


def _inside(spans: list[tuple[int, int]], starts: list[int], pos: int) -> bool:
    """Is `pos` inside one of the sorted, non-overlapping `spans` (with their `starts`)?"""
    k = bisect.bisect_right(starts, pos) - 1
    return k >= 0 and pos < spans[k][1]


def _merge(spans: list[tuple[int, int]]) -> list[tuple[int, int]]:
    merged: list[tuple[int, int]] = []
    for start, end in spans:
        if merged and start < merged[-1][1]:
            merged[-1] = (merged[-1][0], max(end, merged[-1][1]))
        else:
            merged.append((start, end))
    return merged


def _split_anchor(target: str) -> tuple[str, str | None, str | None]:
    """'Note#Heading' -> ('Note', 'Heading', None); 'Note#^block' -> ('Note', None, 'block')."""
    if "#" not in target:
        return target, None, None
    target, anchor = target.split("#", 1)
    anchor = anchor.strip()
    if anchor.startswith("^"):
        return target, None, anchor[1:] or None
    return target, anchor or None, None


def _wikilink(inner: str, *, is_embed: bool, line_no: int) -> Link | None:
    alias: str | None = None
    if "|" in inner:
        inner, alias_text = inner.split("|", 1)
        alias = alias_text.strip() or None
    inner = inner.rstrip("\\")  # [[a\|b]] inside a table escapes the pipe
    target, heading, block = _split_anchor(inner)
    target = target.strip()
    if not target and heading is None and block is None:
        return None
    return Link(
        target=target,
        heading=heading,
        block=block,
        alias=alias,
        is_embed=is_embed,
        kind="wikilink",
        line=line_no,
    )


def _markdown_link(dest: str, *, text: str, is_embed: bool, line_no: int) -> Link | None:
    dest = dest.strip()
    if not dest or _SCHEME_RE.match(dest) or dest.startswith("//"):
        return None  # empty, or a URL (http:, mailto:, obsidian:, file:, ...)
    target, heading, block = _split_anchor(dest)
    target = unquote(target).strip()
    heading = unquote(heading) if heading is not None else None
    block = unquote(block) if block is not None else None
    if not target and heading is None and block is None:
        return None
    return Link(
        target=target,
        heading=heading,
        block=block,
        alias=text.strip() or None,
        is_embed=is_embed,
        kind="markdown",
        line=line_no,
    )
