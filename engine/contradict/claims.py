"""Claims: the sentences of a chunk that assert something.

`extract_claims(chunk_text)` walks the markdown line by line, drops what never asserts anything
(frontmatter, code fences and indented code, headings, table rows, horizontal rules, callout
titles, task items, embeds, tag-only and link-only lines, HTML and %% comments), strips inline
markup (`**bold**`, `[[target|alias]]` -> alias, `[text](url)` -> text, `#tags`, `^block-ids`,
footnote marks), splits what is left into sentences (abbreviations, initials, decimals and
versions do not end a sentence; 。！？ do, without a space) and keeps the sentences that look
like assertions: not questions, not meta-statements ("This note describes...", "See also",
"TODO"), not list intros ending in ':', not instructions, not fragments of fewer than four words.

Offsets (`Claim.start`, `Claim.end`) point into the given text, so the UI can highlight the
claim in its chunk; `Claim.text` is the cleaned sentence and `Claim.context` the cleaned
sentence with its neighbours.
"""

from __future__ import annotations

import logging
import re
from collections.abc import Iterator
from dataclasses import dataclass

log = logging.getLogger(__name__)

MIN_WORDS = 4
MIN_CJK_CHARS = 6
MAX_CLAIM_CHARS = 600


@dataclass(frozen=True)
class Claim:
    """One asserting sentence of a chunk."""

    text: str  # the sentence without markdown markup, whitespace collapsed
    start: int  # offsets of the sentence in the chunk text given to `extract_claims`
    end: int
    context: str  # the sentence with the sentences around it (same paragraph), cleaned


# --- line classification ------------------------------------------------------------------

_FENCE_RE = re.compile(r"^\s{0,3}(?:>\s*)*(`{3,}|~{3,})")
_HEADING_RE = re.compile(r"^\s{0,3}#{1,6}(?:\s|$)")
_SETEXT_RE = re.compile(r"^\s{0,3}(?:=+|-+)\s*$")
_HR_RE = re.compile(r"^\s{0,3}(?:(?:-\s*){3,}|(?:\*\s*){3,}|(?:_\s*){3,})$")
_TABLE_RE = re.compile(r"^\s*\|.*\|\s*$|^\s*[^|\s][^|]*\|[^|]*\|")
_QUOTE_RE = re.compile(r"^\s{0,3}(?:>\s?)+")
_CALLOUT_RE = re.compile(r"^\[!\w[\w-]*\][+-]?")
_LIST_RE = re.compile(r"^\s*(?:[-*+]|\d{1,3}[.)])\s+")
_TASK_RE = re.compile(r"^\[[ xX/\-]\]\s*")
_INDENTED_CODE_RE = re.compile(r"^(?: {4}|\t)")
_HEADING_SKIP = re.compile(
    r"^(?:see also|references?|sources?|links?|related(?: notes)?|further reading|"
    r"bibliography|open questions|questions|todos?|tasks|backlinks|siehe auch|quellen|"
    r"参见|另见|参考)\b",
    re.IGNORECASE,
)

# --- inline markup -----------------------------------------------------------------------

# Each pattern keeps its group "k" (or nothing): offsets of kept characters survive.
_INLINE: tuple[re.Pattern[str], ...] = (
    re.compile(r"%%.*?(?:%%|$)", re.DOTALL),  # Obsidian comments
    re.compile(r"<!--.*?(?:-->|$)", re.DOTALL),  # HTML comments
    re.compile(r"!\[\[[^\]\n]*\]\]"),  # embeds
    re.compile(r"!\[[^\]\n]*\]\([^)\n]*\)"),  # images
    re.compile(r"\[\[[^\]|\n]*\|(?P<k>[^\]\n]*)\]\]"),  # [[target|alias]]
    re.compile(r"\[\[(?P<k>[^\]#|\n]*)(?:#\^?[^\]\n]*)?\]\]"),  # [[target#heading]]
    re.compile(r"\[(?P<k>[^\]\n]*)\]\((?:[^()\s]|\([^()\s]*\))*(?:\s+\"[^\"]*\")?\)"),
    re.compile(r"\[\^[^\]\n]*\]"),  # footnote references
    re.compile(r"<[A-Za-z/][^>\n]*>"),  # HTML tags
    re.compile(r"(?<!\S)https?://\S+"),  # bare URLs
    re.compile(r"(?<![\w&])#(?!\d+\b)[\w/\-]+"),  # tags (not "#4")
    re.compile(r"\s\^[A-Za-z0-9-]+\s*$"),  # block ids
    re.compile(r"`(?P<k>[^`\n]*)`"),  # inline code: keep the text
    re.compile(r"(\*\*|__|~~|==)(?P<k>\S(?:.*?\S)?)\1"),  # strong, strike, highlight
    re.compile(r"(?<![\w*])\*(?P<k>\S(?:[^*\n]*?\S)?)\*(?![\w*])"),  # *emphasis*
    re.compile(r"(?<![\w_])_(?P<k>\S(?:[^_\n]*?\S)?)_(?![\w_])"),  # _emphasis_
)


@dataclass
class _Text:
    """Cleaned text with, per character, where it starts and ends in the original.

    A character kept from inside markup (the alias of `[[target|alias]]`, the text of
    `**bold**`) maps its start to the markup's start when it is the first kept character, and
    its end to the markup's end when it is the last, so a claim's span covers whole links.
    """

    chars: list[str]
    starts: list[int]
    ends: list[int]

    def string(self) -> str:
        return "".join(self.chars)

    def apply(self, pattern: re.Pattern[str]) -> _Text:
        source = self.string()
        chars: list[str] = []
        starts: list[int] = []
        ends: list[int] = []
        pos = 0
        for m in pattern.finditer(source):
            s, e = m.span()
            if e == s:
                continue
            chars.extend(self.chars[pos:s])
            starts.extend(self.starts[pos:s])
            ends.extend(self.ends[pos:s])
            if "k" in pattern.groupindex and m.group("k") is not None:
                ks, ke = m.span("k")
                if ke > ks:
                    chars.extend(self.chars[ks:ke])
                    starts.extend([self.starts[s], *self.starts[ks + 1 : ke]])
                    ends.extend([*self.ends[ks : ke - 1], self.ends[e - 1]])
            pos = e
        chars.extend(self.chars[pos:])
        starts.extend(self.starts[pos:])
        ends.extend(self.ends[pos:])
        return _Text(chars, starts, ends)


# --- sentence splitting -------------------------------------------------------------------

_ABBREVIATIONS = frozenset(
    """
    e.g i.e etc vs cf al approx ca dr mr mrs ms prof st jr sr fig figs eq no nos vol pp p
    inc ltd co corp dept est min max mt ft jan feb mar apr jun jul aug sep sept oct nov dec
    mon tue wed thu fri sat sun a.m p.m u.s u.k z.b d.h usw bzw vgl ggf nr s.o u.a resp
    sec ref refs ch ed eds op viz approx
    """.split()
)
_CJK_END = "。！？"
_LATIN_END = ".!?…"
_CLOSERS = "\"'”’)]»」』"
_CJK_CHAR_RE = re.compile(r"[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af]")


def split_sentences(text: str) -> list[tuple[int, int]]:
    """Sentence spans of `text` (whitespace trimmed)."""
    spans: list[tuple[int, int]] = []
    start = 0
    n = len(text)
    i = 0
    while i < n:
        ch = text[i]
        end: int | None = None
        if ch in _CJK_END:
            end = i + 1
        elif ch in _LATIN_END:
            j = i + 1
            while j < n and text[j] in _LATIN_END:
                j += 1
            k = j
            while k < n and text[k] in _CLOSERS:
                k += 1
            if k >= n or (
                text[k].isspace() and _starts_sentence(text, k) and not _is_abbreviation(text, i)
            ):
                end = k
            else:
                i = j
                continue
        if end is not None:
            while end < n and text[end] in _CLOSERS:
                end += 1
            _push(text, start, end, spans)
            start = end
            i = end
            continue
        i += 1
    _push(text, start, n, spans)
    return spans


def _push(text: str, start: int, end: int, spans: list[tuple[int, int]]) -> None:
    while start < end and text[start].isspace():
        start += 1
    while end > start and text[end - 1].isspace():
        end -= 1
    if end > start:
        spans.append((start, end))


def _starts_sentence(text: str, k: int) -> bool:
    """After whitespace at k, does a new sentence begin (capital, digit, quote, CJK)?"""
    j = k
    while j < len(text) and text[j].isspace():
        j += 1
    if j >= len(text):
        return True
    nxt = text[j]
    return nxt.isupper() or nxt.isdigit() or nxt in "\"'“‘([" or bool(_CJK_CHAR_RE.match(nxt))


def _is_abbreviation(text: str, dot: int) -> bool:
    """Is the '.' at `dot` the end of an abbreviation or an initial?"""
    if text[dot] != ".":
        return False
    j = dot
    while j > 0 and (text[j - 1].isalpha() or text[j - 1] == "."):
        j -= 1
    word = text[j:dot].lower().strip(".")
    if not word:
        return False
    if word in _ABBREVIATIONS:
        return True
    # single letters (initials "J. Smith") and dotted acronyms ("U.S.")
    return len(word) == 1 or ("." in word and all(len(p) <= 2 for p in word.split(".")))


# --- what is a claim ----------------------------------------------------------------------

_META_RE = re.compile(
    r"^(?:(?:this|the) (?:note|document|page|section|file|list|table|chapter|article|post)"
    r"\b(?! (?:is|was) (?:wrong|outdated|correct))"
    r"|(?:in )?this (?:note|page|section|document)\b"
    r"|see(?: also)?\b|todo\b|to-?do\b|fixme\b|tbd\b|wip\b|note to self\b|n\.b\b"
    r"|(?:references?|sources?|related|links?|tags?|aliases|created|updated|status)\s*:"
    r"|(?:as follows|the following|below|above)\b"
    r"|table of contents\b|summary\s*:"
    r"|diese (?:notiz|seite)\b|siehe\b|本(?:页|文|笔记)|参见|另见)",
    re.IGNORECASE,
)
_IMPERATIVE = frozenset(
    """
    click press open select choose go install run type enter drag drop tap add remove set
    use make remember check read see try note navigate toggle enable disable configure copy
    paste save create delete edit change move rename insert follow visit download upgrade
    update let
    """.split()
)
_CODE_LIKE_RE = re.compile(r"[{}();=<>$\\]|\b(?:def|class|import|return|function|var|const)\b")
_WORD_RE = re.compile(r"[^\W\d_][\w'’-]*")


def is_claim_text(sentence: str) -> bool:
    """Does this cleaned sentence assert something?"""
    s = sentence.strip().strip("\"'“”‘’*_ ")
    if not s or s.endswith(("?", "？", "?)", ":", "：")):
        return False
    if _META_RE.match(s):
        return False
    cjk = len(_CJK_CHAR_RE.findall(s))
    words = _WORD_RE.findall(s)
    if cjk >= MIN_CJK_CHARS:
        pass
    elif len(words) < MIN_WORDS:
        return False
    if words and words[0].lower() in _IMPERATIVE and not s[:1].islower():
        # "Install the plugin." instructs; "Use of X is rare." asserts -- look at word 2
        second = words[1].lower() if len(words) > 1 else ""
        if second not in {"of", "is", "are", "was", "were", "has", "have", "can", "will"}:
            return False
    symbols = len(_CODE_LIKE_RE.findall(s))
    if symbols >= 3 or (symbols and symbols * 12 > len(s)):
        return False
    letters = sum(ch.isalpha() for ch in s)
    return letters >= 0.5 * len(s.replace(" ", ""))


# --- blocks -------------------------------------------------------------------------------


def _lines(text: str) -> Iterator[tuple[int, str]]:
    pos = 0
    for line in text.split("\n"):
        yield pos, line
        pos += len(line) + 1


def _frontmatter_end(text: str) -> int:
    """Offset after a leading YAML frontmatter block, or 0."""
    if not text.startswith("---"):
        return 0
    first = text.split("\n", 1)[0].strip()
    if first != "---":
        return 0
    m = re.search(r"\n(?:---|\.\.\.)[ \t]*(?:\n|$)", text[3:])
    return 3 + m.end() if m else 0


def _blocks(text: str) -> Iterator[list[tuple[int, str]]]:
    """Paragraphs and list items as lists of (offset, line content) after markers are cut."""
    skip_to = _frontmatter_end(text)
    fence: str | None = None
    block: list[tuple[int, str]] = []
    prev_blank = True
    lines = list(_lines(text))
    for idx, (pos, raw) in enumerate(lines):
        if pos < skip_to:
            continue
        line = raw.rstrip("\r")
        m = _FENCE_RE.match(line)
        if fence is not None:
            if m and m.group(1)[0] == fence[0] and len(m.group(1)) >= len(fence):
                fence = None
            continue
        if m:
            fence = m.group(1)
            if block:
                yield block
                block = []
            continue
        nxt = lines[idx + 1][1] if idx + 1 < len(lines) else ""
        quote = _QUOTE_RE.match(line)
        cut = quote.end() if quote else 0
        body = line[cut:]
        stripped = body.strip()
        is_setext_title = (
            bool(stripped) and _SETEXT_RE.match(nxt) is not None and not _LIST_RE.match(body)
        )
        if (
            not stripped
            or _HEADING_RE.match(body)
            or _SETEXT_RE.match(body)
            or _HR_RE.match(body)
            or _TABLE_RE.match(body)
            or (prev_blank and not quote and _INDENTED_CODE_RE.match(line) and not block)
            or is_setext_title
        ):
            if block:
                yield block
                block = []
            prev_blank = not stripped
            continue
        prev_blank = False
        lead = len(body) - len(body.lstrip())
        rest = body[lead:]
        cut += lead
        callout = _CALLOUT_RE.match(rest)
        if callout:
            if block:
                yield block
                block = []
            continue  # the callout's title line is a heading, not a claim
        item = _LIST_RE.match(rest)
        if item:
            if block:
                yield block
                block = []
            rest = rest[item.end() :]
            cut += item.end()
            task = _TASK_RE.match(rest)
            if task:
                continue  # a to-do records an intention, not a fact
        block.append((pos + cut, rest))
    if block:
        yield block


def _clean(block: list[tuple[int, str]]) -> _Text:
    chars: list[str] = []
    offsets: list[int] = []
    for n, (pos, line) in enumerate(block):
        if n:
            chars.append(" ")
            offsets.append(pos - 1)
        chars.extend(line)
        offsets.extend(range(pos, pos + len(line)))
    out = _Text(chars, offsets, list(offsets))
    for pattern in _INLINE:
        out = out.apply(pattern)
    return out


_SPACE_RE = re.compile(r"\s+")


def _squash(text: str) -> str:
    return _SPACE_RE.sub(" ", text).strip()


def extract_claims(text: str, *, heading_path: tuple[str, ...] = ()) -> list[Claim]:
    """The asserting sentences of one chunk's text, in order.

    `heading_path` is the chunk's heading context: nothing under "See also", "References",
    "Open questions", "TODO" and the like is a claim.
    """
    if any(_HEADING_SKIP.match(h.strip().lstrip("#").strip()) for h in heading_path):
        return []
    claims: list[Claim] = []
    for block in _blocks(text):
        cleaned = _clean(block)
        source = cleaned.string()
        if not source.strip():
            continue
        spans = split_sentences(source)
        sentences = [_squash(source[s:e]) for s, e in spans]
        for k, (s, e) in enumerate(spans):
            sentence = sentences[k]
            if len(sentence) > MAX_CLAIM_CHARS or not is_claim_text(sentence):
                continue
            context = " ".join(x for x in sentences[max(0, k - 1) : k + 2] if x)
            claims.append(
                Claim(
                    text=sentence,
                    start=cleaned.starts[s],
                    end=cleaned.ends[e - 1] + 1,
                    context=context,
                )
            )
    return claims
