"""Claims: which sentences of a note assert something (`extract_claims`), and what one of them
says (`parse_claim`).

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

One claim parsed once (`parse_claim`, cached), read two ways: `ParsedClaim`, what the
structural verdict reads, and its `cues`, an `Analysis`: what the cue detectors read (with
the decisions the claim records). Both come from the same tokens, quantities and dates.
"""

from __future__ import annotations

import logging
import re
from collections.abc import Iterator
from dataclasses import dataclass, replace
from functools import cached_property
from typing import Literal

from engine.contradict.quantities import (
    DateMention,
    Quantity,
    values_in,
)
from engine.contradict.text import (
    AUXILIARIES,
    CHOOSE_VERBS,
    CLAUSE_LEADS,
    COMMON_VERBS,
    CONDITION_LEADS,
    CONDITION_WORDS,
    DEFINITE_WORDS,
    DROP_VERBS,
    FRAME_SUBJECTS,
    FRAME_VERBS,
    HEAD_ENDS,
    IMPERATIVE_LEADS,
    MAX_SCOPE,
    NEGATORS,
    NUMBER_WORDS,
    POSSESSIVES,
    PREVERBAL_ADVERBS,
    PRONOUN_NEGATORS,
    SCOPE_AUXILIARIES,
    SCOPE_BOUNDARY_PUNCT,
    NegationScope,
    Token,
    claim_cache,
    compared_words,
    contrast_words,
    is_adverb_or_gerund,
    is_content_stem,
    is_imperative,
    is_labelled,
    is_negative_adjective,
    is_passive,
    is_scope_boundary,
    is_verb_like,
    name_number,
    negated_roots_of,
    negated_words_after,
    negates_its_root,
    negation_scopes,
    negator_in,
    opens_with_verb,
    pronoun_before,
    stem,
    tokenize,
)

# -- extraction: the sentences of a chunk that assert something (`extract_claims`). ---

log = logging.getLogger(__name__)

MIN_WORDS = 4
#: The verbs of a claim one word shorter than `MIN_WORDS` ("Sharks are fish.").
_SHORT_COPULAS = frozenset({"is", "are", "was", "were"})
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
#: A line that opens with a bold field name and goes on with its value ("**Languages**
#: understands Common", "**Born** 1820"): a field of its own, like a list item.
_BOLD_LABEL_RE = re.compile(r"^(\*\*|__)(?P<label>[A-Z][^*_\n:.!?]{0,40}?)\1[ \t]+(?=[\w(+\-–−])")
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
    elif len(words) < MIN_WORDS and not (
        len(words) == MIN_WORDS - 1 and words[1].lower() in _SHORT_COPULAS
    ):
        return False  # too short to assert, but "Sharks are fish." does
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
        if _is_name_list(rest, nxt):
            if block:
                yield block
                block = []
            continue  # "[[Orrin Family]], Ice Fishing, Steam-Craft": links, not a statement
        item = _LIST_RE.match(rest) or _BOLD_LABEL_RE.match(rest)
        if item:
            if block:
                yield block
                block = []
            if item.re is _LIST_RE:
                rest = rest[item.end() :]
                cut += item.end()
            task = _TASK_RE.match(rest)
            if task:
                continue  # a to-do records an intention, not a fact
        block.append((pos + cut, rest))
    if block:
        yield block


#: A line of names: three or more short items between commas, each opening with a capital,
#: a link or a tag, and no end of sentence ("[[Orrin Family]], Ice Fishing, Steam-Craft").
_NAME_ITEM_RE = re.compile(r"^(?:\[\[|\[|#)?[A-Z\d][^\s,]*(?:\s+\S+){0,3}$")


def _is_name_list(line: str, following: str) -> bool:
    """Is `line` a list of names or links standing alone? Not when it runs on into the next
    line in lower case ("We met Anna, Bob, Carl" + "and Dee at noon"): a wrapped sentence."""
    body = line.strip()
    if not body or body[-1] in ".!?:;。！？":
        return False
    items = [item.strip() for item in body.split(",")]
    if len(items) < 3 or not all(_NAME_ITEM_RE.match(item) for item in items):
        return False
    nxt = following.strip()
    return not nxt[:1].islower()


def _bold_label(line: str) -> re.Match[str] | None:
    """The bold field name `line` opens with, if it is one: not where the bold words are
    the subject of the verb after them ("**Obsidian Sync** keeps your notes", "**Dragons**
    are ..."). A plural field name agrees with no "-s" verb ("**Languages** understands")."""
    label = _BOLD_LABEL_RE.match(line)
    if label is None:
        return None
    first = line[label.end() :].split(maxsplit=1)[0].casefold()
    if first in AUXILIARIES:
        return None
    if first.endswith("s") and not first.endswith(("ss", "s,")):
        return label if label.group("label").endswith("s") else None
    return label


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
    label = _bold_label(block[0][1]) if block else None
    if label and out.string().startswith(label.group("label")):
        # "**Languages** understands Common": a field and its value, read as "Languages: ..."
        at, raw = len(label.group("label")), block[0][0] + label.end("label")
        out = _Text(
            [*out.chars[:at], ":", *out.chars[at:]],
            [*out.starts[:at], raw, *out.starts[at:]],
            [*out.ends[:at], raw, *out.ends[at:]],
        )
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


# -- analysis: What the cue detectors read and return: one claim's `Analysis` (made by its one
#    parse, `parse_claim`, and cached with it) and a detector's `Cue`. ---

CueKind = Literal["negation", "opposition", "numbers", "dates", "decision"]
CUE_KINDS: tuple[CueKind, ...] = ("negation", "opposition", "numbers", "dates", "decision")


@dataclass(frozen=True)
class Cue:
    """One detector's verdict: `score` in [0, 1] (0 = no evidence) and why."""

    kind: CueKind
    score: float
    explanation: str = ""


@dataclass(frozen=True)
class Analysis:
    """Everything the detectors need to know about one claim, computed once."""

    text: str
    tokens: tuple[Token, ...]
    words: frozenset[str]  # stems of every word
    content: frozenset[str]  # content stems (hyphenated words also give their parts)
    negations: tuple[NegationScope, ...]
    negated: frozenset[str]  # content stems inside some negation scope
    quantities: tuple[Quantity, ...]
    dates: tuple[DateMention, ...]
    decisions: tuple[Decision, ...]
    condition: frozenset[str] | None  # content stems of an if/when/under... clause, if any
    subject: frozenset[str]  # content stems before the first verb-like word

    @property
    def asserted(self) -> frozenset[str]:
        """Content stems outside every negation scope."""
        return self.content - self.negated


def analyse(text: str) -> Analysis:
    """The cue detectors' reading of one claim: the `cues` of its one parse (`parse_claim`,
    cached: candidate pairs share claims)."""
    return parse_claim(text).cues


def _cue_reading(
    text: str,
    tokens: tuple[Token, ...],
    quantities: tuple[Quantity, ...],
    dates: tuple[DateMention, ...],
) -> Analysis:
    """The cue detectors' reading, from the tokens and values the structural parse reads."""
    negations = negation_scopes(text, tokens)
    negated = frozenset().union(*(n.stems for n in negations)) if negations else frozenset()
    return Analysis(
        text=text,
        tokens=tokens,
        words=frozenset(t.stem for t in tokens if t.kind in ("word", "cjk")),
        content=_content(tokens),
        negations=negations,
        negated=negated,
        quantities=quantities,  # the verdict's one rule for values
        dates=dates,
        decisions=decisions_in(text, tokens),
        condition=_condition(tokens),
        subject=_subject(tokens),
    )


def _content(tokens: tuple[Token, ...]) -> frozenset[str]:
    out: set[str] = set()
    for t in tokens:
        if t.is_content:
            out.add(t.stem)
            if "-" in t.norm:
                out.update(stem(p) for p in t.norm.split("-") if len(p) >= 3 and p.isalpha())
    return frozenset(out)


def _verb_after_name_number(text: str, tokens: tuple[Token, ...], i: int) -> bool:
    """Word `i` is the verb after a name's number ("USB 2.0 transfers data", "Apollo 11
    carries three men"): a word in -s right after it, not followed by a verb of its own
    ("Python 3 features include ...": a noun, then its verb)."""
    t = tokens[i]
    if i < 2 or tokens[i - 1].kind != "num" or not name_number(text, tokens, i - 1):
        return False
    if not t.norm.endswith("s") or t.norm.endswith(("ss", "us", "is")) or t.surface_upper:
        return False
    following = tokens[i + 1] if i + 1 < len(tokens) else None
    if following is None or following.kind != "word":
        return False
    return following.norm not in AUXILIARIES and following.stem not in COMMON_VERBS


def _subject(tokens: tuple[Token, ...]) -> frozenset[str]:
    out: set[str] = set()
    for t in tokens:
        if t.kind == "punct" and out:
            break
        if t.norm in SCOPE_AUXILIARIES or t.norm in NEGATORS:
            break
        if t.is_content:
            out.add(t.stem)
            if len(out) >= 4:
                break
    return frozenset(out)


def _condition(tokens: tuple[Token, ...]) -> frozenset[str] | None:
    for i, t in enumerate(tokens):
        if t.kind == "word" and t.norm in CONDITION_WORDS:
            out: set[str] = set()
            for u in tokens[i + 1 : i + 1 + MAX_SCOPE]:
                if u.kind == "punct" and u.norm in SCOPE_BOUNDARY_PUNCT:
                    break
                if u.is_content:
                    out.add(u.stem)
            if out:
                return frozenset(out)
    return None


# -- parsed_claim: One claim as the structural verdict reads it: its words with negators, quantities
#    and dates taken out, its subject (content words before the first verb-like word), and its shape
#    (an instruction, a fragment, a labelled field, first person, a rule, a passive ...). ---


@dataclass(frozen=True)
class ClaimWord:
    """A word of a claim, outside its quantities, dates and negators."""

    stem: str
    surface: str
    index: int  # position among the claim's words
    upper: bool  # capitalised in the text, not at the sentence start
    lead: bool = False  # inside a leading phrase ("From the map and the profile, ...")
    aside: bool = False  # inside a trailing clause without a negator (", which is why ...")


@dataclass(frozen=True)
class ParsedClaim:
    """A claim as the structural verdict reads it."""

    text: str
    words: tuple[ClaimWord, ...]  # words outside quantities and dates, negators removed
    negators: tuple[str, ...]  # the negators as written
    negated_heads: tuple[frozenset[str] | None, ...]  # per negator: the words it negates
    conditional: tuple[bool, ...]  # per negator: inside an if/when clause ("when not editing")
    resulting: tuple[bool, ...]  # per negator: inside a result clause ("so deep that no one")
    negated_roots: frozenset[str]  # stems of what negative adjectives negate (disabled: abl)
    quantities: tuple[Quantity, ...]
    dates: tuple[DateMention, ...]
    subject: frozenset[str]  # content stems before the first verb-like word
    upper: frozenset[str]  # stems written with a capital (names), sentence start aside
    imperative: bool
    fragment: bool  # no verb: a stat line, a list label ("Speed 30 ft., fly 60 ft.")
    possessive_subject: bool  # "Your speed is...", "Its bite...": about the note's entity
    labelled: bool  # "Hit: 5 damage", "Melee Weapon Attack: +4": a field of the note's entity
    first_person: bool  # "We chose...", "I moved...": the writer speaks
    pronoun_subject: bool  # opens with "it", "they", "this", "he", "she": the note's thing
    other: bool  # its subject is "other" / "another" things
    definite: bool  # the subject starts with "the"/"this": a thing already known (the note's)
    anchored: bool  # a leading phrase points at the note's thing ("In this structure, ...")
    condition: frozenset[str]  # words of an if/when/unless clause: when the claim holds
    deontic: bool  # a rule ("must", "should"), not a fact
    contrast: frozenset[str]  # what "unlike X" / "other than X" sets apart: not the subject
    compared: frozenset[str]  # what "more X than Y" compares with: Y is not said to hold
    subject_head: frozenset[str]  # the subject before its first preposition other than "of"
    #: what a relative clause of the subject negates: "a creature that is not evil" is a
    #: kind of creature (evil), not a creature said to be something else
    subject_negated: frozenset[str]
    has_by: bool
    passive: bool  # "are rendered", "was dropped"
    tokens: tuple[Token, ...]
    #: per negator: the clause it stands in (`clauses`: joined by a semicolon or a dash)
    negator_clauses: tuple[int, ...] = ()

    @cached_property
    def cues(self) -> Analysis:
        """The same claim as the cue detectors read it (`cues.py`): made when first asked
        for (the cue path reads only pairs the structure has a verdict on)."""
        return _cue_reading(self.text, self.tokens, self.quantities, self.dates)

    @property
    def content(self) -> frozenset[str]:
        """The claim's content stems."""
        return frozenset(w.stem for w in self.words if is_content_stem(w.stem))

    @property
    def lead(self) -> frozenset[str]:
        """Content words of a leading phrase: context, not what is claimed."""
        return frozenset(w.stem for w in self.words if w.lead and is_content_stem(w.stem))

    @cached_property
    def aside(self) -> frozenset[str]:
        """Content words said only in a trailing clause (", which is why ...", ", causing
        ...", ", though ..."): a reason or an effect beside the claim, not the claim."""
        main = {w.stem for w in self.words if not w.aside}
        return frozenset(
            w.stem for w in self.words if w.aside and w.stem not in main and is_content_stem(w.stem)
        )

    @cached_property
    def purpose(self) -> frozenset[str]:
        """Content words of what the claim's act was for, after its agent or its date ("was
        created by Linus Torvalds in 2005 to manage the Linux kernel"): the thing served, not
        the thing the claim speaks of."""
        tokens = self.tokens
        out: set[str] = set()
        for i in range(1, len(tokens) - 1):
            before, to, verb = tokens[i - 1], tokens[i], tokens[i + 1]
            after_agent_or_date = before.kind == "num" or (
                before.kind == "word" and before.stem in self.upper
            )
            if not (
                to.norm == "to"
                and after_agent_or_date
                and verb.kind == "word"
                and not verb.surface_upper
                and self.text[verb.start : verb.start + 1].islower()
                and verb.norm not in _NOT_PURPOSE_VERBS
                and is_content_stem(verb.stem)
            ):
                continue
            for t in tokens[i + 1 :]:
                if t.kind == "punct" and t.norm in (",", ";", ".", ":", "(", ")"):
                    break
                if t.kind == "word" and is_content_stem(t.stem):
                    out.add(t.stem)
        return frozenset(out)

    @cached_property
    def clauses(self) -> tuple[tuple[frozenset[str], bool], ...]:
        """The claim's clauses joined by a semicolon or a spaced dash ("Lynx are common in
        the Alps now; we found their tracks on every hike"): each clause's content stems and
        whether it holds a negator. Two statements written as one sentence."""
        breaks = clause_breaks(self.tokens)
        out: list[tuple[frozenset[str], bool]] = []
        for k, (lo, hi) in enumerate(zip((-1, *breaks), (*breaks, len(self.tokens)), strict=True)):
            stems = frozenset(
                t.stem
                for t in self.tokens[lo + 1 : hi]
                if t.kind == "word" and is_content_stem(t.stem)
            )
            out.append((stems, k in self.negator_clauses))
        return tuple(out)

    @property
    def field_name(self) -> frozenset[str]:
        """Content stems of a field's name of two words or more ("Ranged Weapon Attack: +5 to
        hit"): what the line is about, not something it says happens."""
        if not self.labelled:
            return frozenset()
        colon = next((k for k, t in enumerate(self.tokens) if t.norm == ":"), 0)
        if colon < 2:
            return frozenset()
        return frozenset(t.stem for t in self.tokens[:colon] if is_content_stem(t.stem))


#: Chinese conditions: "如果 ... ，" (if), "当 ... 时，" (when), up to the clause's end.
_CJK_CONDITION_LEADS = frozenset({"如果", "假如", "要是", "一旦", "若", "当"})
_CJK_CLAUSE_ENDS = frozenset({"，", "；", "：", "。"})


def _cjk_condition_lead(tokens: tuple[Token, ...], i: int) -> str:
    """The Chinese condition opened at token `i`: "如果" and the like anywhere, "若" and
    "当" only at a clause's start ("当然" of course, "当前" current are no conditions); else
    ""."""
    nxt = tokens[i + 1].norm if i + 1 < len(tokens) else ""
    if tokens[i].norm + nxt in _CJK_CONDITION_LEADS:
        return tokens[i].norm + nxt
    single = tokens[i].norm
    if single not in _CJK_CONDITION_LEADS:
        return ""
    if i > 0 and tokens[i - 1].kind != "punct":
        return ""
    if single == "当" and nxt in ("然", "前", "地", "时", "中", "天"):
        return ""
    return single


def _after_a_name_word(text: str, tokens: tuple[Token, ...], i: int) -> bool:
    """Token `i` follows a capitalised word that is no function word: both are one name."""
    if i == 0 or tokens[i - 1].kind != "word":
        return False
    prev = tokens[i - 1]
    return text[prev.start : prev.start + 1].isupper() and is_content_stem(prev.stem)


#: Pronouns that, written in capitals, are names ("US", "IT").
_ACRONYM_PRONOUNS = frozenset({"us", "it"})


def _roman_one(text: str, tokens: tuple[Token, ...], i: int, sentence_start: int) -> bool:
    """Token `i` is "I" written after a capitalised word inside the sentence: the numeral
    of a name ("World War I"), not the writer."""
    if text[tokens[i].start : tokens[i].end] != "I" or i - 1 <= sentence_start:
        return False
    prev = tokens[i - 1]
    return prev.kind == "word" and text[prev.start : prev.start + 1].isupper()


#: Pronouns that, opening a claim, speak of the thing its note is about.
_THING_PRONOUNS = frozenset("it its they their this these he his she her".split())


def _label_end(text: str, tokens: tuple[Token, ...]) -> int | None:
    """Where the sentence after a one-word label starts ("Update: The bridge ...", "Note: Orla
    is ..."): a capitalised word after the colon. A field's value ("Hit: 5 damage", "Speed:
    30 ft.") starts otherwise, and a longer label ("Kestrel Bend: radar installed") may name
    where or of what the line speaks. None where the claim opens with no such label."""
    if len(tokens) < 3 or tokens[0].kind != "word" or tokens[1].norm != ":":
        return None
    first = tokens[2]
    if first.kind != "word" or not text[first.start : first.start + 1].isupper():
        return None
    return 2


def _section_label_end(text: str, tokens: tuple[Token, ...]) -> int | None:
    """Where a leading section name in capitals ends ("RESULTS", "METHODS AND RESULTS",
    "DATA SOURCES" in a pasted abstract), before a capitalised word or an article in
    capitals ("METHODS A total of ..."). An acronym ("NASA launched ...", "DNA Polymerase
    ...") is none: the run needs a word of six letters."""
    k = 0
    while k < len(tokens) and tokens[k].kind == "word":
        written = text[tokens[k].start : tokens[k].end]
        if not (written.isupper() and written.isalpha()):
            break
        k += 1
    if k == 0 or k >= len(tokens) or tokens[k].kind != "word":
        return None
    following = text[tokens[k].start : tokens[k].end]
    # "RESEARCH DESIGN AND METHODS A total of ...": the article in capitals opens the sentence
    article = k > 1 and tokens[k - 1].norm in ("a", "an") and following[:1].islower()
    if article:
        k -= 1
    if not any(len(tokens[j].norm) >= 6 for j in range(k)):
        return None
    return k if article or (following[:1].isupper() and not following.isupper()) else None


#: Words after which an "-ing" word is a thing, not an action ("every casting", "the reading").
_NOUN_MARKERS = DEFINITE_WORDS | POSSESSIVES | frozenset("every each a an no any".split())


#: Words that open a trailing clause of reason, concession or effect after a comma.
_ASIDE_OPENERS = frozenset(
    "though although whereas because since thus thereby hence causing resulting".split()
)
#: ", like ...", ", much like ...", ", just like ...": a comparison beside the claim.
_LIKENESS = frozenset({"like", "unlike"})
_LIKENESS_DEGREES = frozenset({"much", "just", "very", "rather", "quite"})
#: "..., which is why", "..., which means": a relative that only draws a consequence.
_CONSEQUENCE_AFTER_WHICH = frozenset({"why", "means", "meant", "explains"})


def clause_breaks(tokens: tuple[Token, ...]) -> tuple[int, ...]:
    """Indices of the tokens that join two clauses: a semicolon, or a dash with spaces on
    both sides ("common in the Alps — a few hundred animals")."""
    return tuple(
        k
        for k, t in enumerate(tokens)
        if t.norm == ";"
        or (
            t.norm in ("—", "–", "-")
            and 0 < k < len(tokens) - 1
            and tokens[k - 1].end < t.start
            and t.end < tokens[k + 1].start
        )
    )


#: Words after "to" that open no purpose: a place or a time reached ("from 1820 to
#: present", "from Rome to this day").
_NOT_PURPOSE_VERBS = frozenset(
    "the a an this that these those its their his her our present".split()
)


#: Pronouns that can only open a clause as its subject ("he", not "it" or "you").
_PERSON_SUBJECTS = frozenset({"he", "she", "they", "we", "i"})


def _opens_aside(tokens: tuple[Token, ...], i: int) -> bool:
    """Token i, right after a comma, opens a trailing clause of reason, concession or
    effect: ", which is why ...", ", though they ...", ", causing a ..."."""
    t = tokens[i]
    if t.kind != "word":
        return False
    if t.norm in _ASIDE_OPENERS:
        return True
    if t.norm in _LIKENESS or (
        t.norm in _LIKENESS_DEGREES and i + 1 < len(tokens) and tokens[i + 1].norm in _LIKENESS
    ):
        return True  # ", much like the ground squirrels": a likeness beside the claim
    after = {u.norm for u in tokens[i + 1 : i + 3]}
    return t.norm == "which" and bool(after & _CONSEQUENCE_AFTER_WHICH)


def _opens_purpose(tokens: tuple[Token, ...], i: int) -> bool:
    """Token i is "so" (or "so that") opening a clause of purpose or effect after the
    claim's verb: "grows its window so the retransmissions get through"."""
    if tokens[i].norm != "so" or i + 1 >= len(tokens):
        return False
    return tokens[i + 1].norm in _PURPOSE_OPENERS


_PURPOSE_OPENERS = frozenset("the that it they its their a an we you he she".split())


#: "as long as", "as soon as", "as well as", "as far as": conjunctions, not degrees.
_AS_CONJUNCTIONS = frozenset({"long", "soon", "well", "far"})


def _degree_comparison(tokens: tuple[Token, ...], k: int) -> bool:
    """From token k, "as <one to three words> as" within a few words: a negator before it
    compares a degree ("not harmed as badly by fire as other folk", "not as fast as a horse")
    instead of denying what follows."""
    window = [t.norm for t in tokens[k : k + 7]]
    for j, w in enumerate(window[:3]):
        if w != "as" or j + 1 >= len(window) or window[j + 1] in _AS_CONJUNCTIONS:
            continue
        if "as" in window[j + 2 : j + 5] and tokens[k + j + 1].kind == "word":
            return True
    return False


def _determines_noun(tokens: tuple[Token, ...], k: int) -> bool:
    """The word at `k` is the noun a negator determines: a verb's auxiliary follows it
    ("neither side will eat", "no guard would enter")."""
    return (
        k + 1 < len(tokens)
        and tokens[k].kind == "word"
        and tokens[k].norm not in AUXILIARIES
        and tokens[k + 1].norm in AUXILIARIES
    )


@claim_cache(8192)
def parse_claim(text: str) -> ParsedClaim:
    """What the structural verdict reads in one claim (cached: candidate pairs share claims)."""
    tokens = tokenize(text)
    quantities, dates = values_in(text)
    # the words of units count towards a sentence's length ("delivers 40 litres per minute"),
    # the digits of a time or a code do not ("Staff gauge 0.37 m at 14:30")
    unit_words = sum(
        1 for q in quantities for t in tokenize(text[q.start : q.end]) if t.kind == "word"
    )
    spans = [(d.start, d.end) for d in dates] + [(q.start, q.end) for q in quantities]
    words: list[ClaimWord] = []
    negators: list[str] = []
    negator_clauses: list[int] = []
    breaks = clause_breaks(tokens)
    heads: list[frozenset[str] | None] = []  # per negator: what it negates (None: anything)
    conditional: list[bool] = []  # per negator: inside an if/when clause
    resulting: list[bool] = []  # per negator: inside a "so ... that" result clause
    in_result = False
    degree_at = 0  # where the last "so"/"such" stood: index into `words`
    degree_token = -9  # and into `tokens`
    after_comma = False
    aside_from = -1  # where a trailing clause opened (index into `words`), -1: none open
    asides: list[tuple[int, int]] = []  # trailing clauses without a negator: word ranges
    roots: set[str] = set()
    subject: set[str] = set()
    upper: set[str] = set()
    relative_at = -1  # where a relative clause of the subject opens ("a creature that ...")
    subject_negated: set[str] = set()
    in_relative = False  # a negation inside that relative clause is open
    in_subject = not opens_with_verb(tokens)  # "Thrives in shade": the note's own thing
    has_verb = bool(negators)
    possessive = False
    first_person = False
    pronoun_subject = False
    other = False
    definite = False
    in_condition = False
    until_shi = False  # a Chinese "当 ... 时" condition runs past its commas to 时
    condition: set[str] = set()
    head: set[str] = set()  # the subject up to its first preposition ("each creature")
    head_done = False
    last_content: Token | None = None
    skip_next = False
    first_word = True
    # A leading phrase ("On a hit,", "For attachments,", "While wearing this armor,") is not
    # the subject: it starts after the comma.
    subject_from = 0
    after_label = False  # the words before subject_from are a label, still said, not a lead
    sentence_start = 0  # where the sentence itself opens (after a section name in capitals)
    if len(tokens) > 1 and tokens[1].norm == ",":
        subject_from = 2  # "Furthermore, the ..."
    elif (section_end := _section_label_end(text, tokens)) is not None:
        # "RESULTS Median follow-up was ...": an abstract's section, then its sentence
        subject_from = sentence_start = section_end
    elif (
        len(tokens) > 2
        and tokens[0].norm.endswith("ly")
        and is_adverb_or_gerund(tokens[0].norm)
        and tokens[1].norm in _THING_PRONOUNS
    ):
        subject_from = 1  # "Generally they do not ...": the pronoun is the subject
    elif (label_end := _label_end(text, tokens)) is not None:
        # "Update: the bridge was rebuilt": a sentence after its label, whose words still
        # count as said ("Kestrel Bend: radar installed" says where)
        subject_from = label_end
        after_label = True
    elif len(tokens) > 2 and tokens[0].norm in FRAME_SUBJECTS and tokens[1].norm in FRAME_VERBS:
        subject_from = 3 if tokens[2].norm == "that" else 2  # "This means they cannot ..."
    elif tokens and tokens[0].norm in IMPERATIVE_LEADS | CLAUSE_LEADS:
        comma = next(
            (k for k, t in enumerate(tokens[:10]) if t.kind == "punct" and t.norm == ","), None
        )
        # a person pronoun before any comma opens the clause ("With his partner he published
        # ...", "At the ford he commanded some 900 men, the largest ..."): the phrase ends there
        pronoun = next(
            (k for k in range(2, min(len(tokens), 8)) if tokens[k].norm in _PERSON_SUBJECTS),
            None,
        )
        if pronoun is not None and (comma is None or pronoun < comma):
            subject_from = pronoun
        elif comma is not None:
            subject_from = comma + 1
    elif len(tokens) > 2 and tokens[1].norm == "than":
        # a fronted comparison: "Smaller than the heron but larger than a wren, the egret ..."
        comma = next(
            (k for k, t in enumerate(tokens[:16]) if t.kind == "punct" and t.norm == ","), None
        )
        if comma is not None:
            subject_from = comma + 1
    for i, t in enumerate(tokens):
        if skip_next:
            skip_next = False
            continue
        if t.kind == "punct":
            if subject and t.norm not in ("'", "’", "-") and i >= subject_from:
                in_subject = False
            if t.norm in (",", ";", ":", ".") or (t.norm in _CJK_CLAUSE_ENDS and not until_shi):
                in_condition = in_result = False
            if t.norm in (";", ".", ":", "(", ")") and aside_from >= 0:
                asides.append((aside_from, len(words)))
                aside_from = -1
            after_comma = t.norm == ","
            continue
        if after_comma and aside_from < 0 and _opens_aside(tokens, i):
            aside_from = len(words)
        elif aside_from < 0 and has_verb and _opens_purpose(tokens, i):
            aside_from = len(words)  # "... its window so the retransmissions get through"
        after_comma = False
        if any(s <= t.start < e for s, e in spans):
            continue
        prev = tokens[i - 1].norm if i > 0 else ""
        negator = negator_in(tokens, i)
        if negator in ("not", "never") and _degree_comparison(tokens, i + 1):
            negator = ""  # "not harmed as badly as others": less, not never
        if negator and (
            0 <= relative_at < i <= relative_at + 3 or (negator == "nor" and in_relative)
        ):
            in_relative = True
            subject_negated.update(negated_words_after(tokens, i + len(negator.split())))
        if negator:
            width = len(negator.split())
            if not in_result:
                aside_from = -1  # a negated trailing clause is part of what is claimed
            negators.append(negator)
            negator_clauses.append(sum(1 for k in breaks if k < i))
            conditional.append(in_condition)
            resulting.append(in_result)
            if in_result:
                # "so deeply that neither side will buy salt": the result clause's own verb
                after = i + width + (1 if _determines_noun(tokens, i + width) else 0)
                heads.append(negated_words_after(tokens, after))
            elif negator in PRONOUN_NEGATORS:
                heads.append(None)
            elif t.kind == "word" and negates_its_root(t.norm):
                # "remained unchanged during the trial" negates change, not the trial
                heads.append(frozenset(negated_roots_of(t.norm)))
            else:
                heads.append(negated_words_after(tokens, i + width))
            if t.kind == "word" and is_negative_adjective(t.norm):
                roots.update(negated_roots_of(t.norm))
            skip_next = width == 2
            if i >= subject_from:  # "Despite lacking legs, the slow worm ...": a lead's own
                in_subject = False
            has_verb = True
            continue
        st = t.stem
        if t.norm in _ACRONYM_PRONOUNS and text[t.start : t.end].isupper():
            st = text[t.start : t.end]  # "US dollars", "the IT team": a name, not a pronoun
        elif name_number(text, tokens, i):
            st = "#" + t.norm  # "Apollo 11": which one the name means
        elif _roman_one(text, tokens, i, sentence_start):
            st = "roman-i"  # "World War I", "Elizabeth I": a name's numeral, not the writer
        capital = (
            not first_word
            and i != sentence_start
            and t.kind == "word"
            and text[t.start : t.start + 1].isupper()
        )
        verb = t.kind == "word" and is_verb_like(t, tokens, i, capital, last_content)
        if not verb and t.kind == "word" and _verb_after_name_number(text, tokens, i):
            verb = True  # "USB 2.0 transfers data", "Apollo 11 lands": the name, then its verb
        # a word of a name, not the verb: "Obsidian Publish subscriptions", "Obsidian Sync keeps"
        if verb and capital and t.norm not in AUXILIARIES and _after_a_name_word(text, tokens, i):
            verb = False
        has_verb = has_verb or verb
        if i >= subject_from and not subject and t.norm in POSSESSIVES and in_subject:
            possessive = True  # "Your base walking speed", "Its bite": the note's entity
        if i >= subject_from and not subject and in_subject and t.norm in ("we", "i", "our"):
            first_person = True
        if i == subject_from and t.norm in _THING_PRONOUNS:
            pronoun_subject = True  # "It does not...", "They are...": the note's own thing
        if (
            in_subject
            and i >= subject_from
            and not subject
            and t.kind == "word"
            and is_content_stem(st)
            and not (is_adverb_or_gerund(t.norm) and prev not in _NOUN_MARKERS)
        ):
            definite = prev in DEFINITE_WORDS or prev in ("every", "each")
        if t.norm in ("so", "such"):
            degree_at, degree_token = len(words), i
        if t.norm == "that" and i - degree_token <= 4:
            # "so deeply that ...", "such a wall that ...": a consequence, and the degree it
            # follows from ("deeply") says how much, not what
            in_result = True
            if aside_from < 0:
                aside_from = degree_at
        if t.norm in CONDITION_LEADS and t.kind == "word":
            in_condition = True
        elif t.kind == "cjk":
            lead = _cjk_condition_lead(tokens, i)
            if lead:
                in_condition, until_shi = True, lead == "当"
            elif t.norm == "时":
                until_shi = False
        if in_condition and t.kind == "word" and is_content_stem(st):
            condition.add(st)
        if t.norm == "otherwise":
            condition.add(t.norm)  # "otherwise, you don't have one": the remaining cases
        if in_subject and i >= subject_from and t.norm in ("other", "another", "others"):
            other = True  # "four other rock formations": something else than the other claim
        if (
            in_subject
            and i >= subject_from
            and (
                t.norm in AUXILIARIES
                or (verb and (subject or pronoun_before(tokens, i)))
                or (subject and t.norm in ("that", "which", "who", "where", "when"))
            )
        ):
            in_subject = False
            if subject and t.norm in ("that", "which", "who") and last_content is not None:
                relative_at = i
            before = tokens[i - 1] if i > subject_from else None
            if (
                verb
                and before is not None
                and before.norm in PREVERBAL_ADVERBS
                and subject - {before.stem}
            ):
                # "The Globe first opened ...": an adverb before the verb, not the subject's
                subject.discard(before.stem)
                head.discard(before.stem)
        if (
            in_subject
            and i >= subject_from
            and (t.kind == "word" or st.startswith("#"))
            and is_content_stem(st)
            and not (is_adverb_or_gerund(t.norm) and prev not in _NOUN_MARKERS)
        ):
            subject.add(st)
            if not head_done:
                head.add(st)
            if len(subject) >= 5:
                in_subject = False
        if subject and t.norm in HEAD_ENDS:
            head_done = True
        if capital:
            upper.add(st)
        if t.kind == "word":
            last_content = t if is_content_stem(st) and t.norm not in NUMBER_WORDS else None
        in_lead = i < subject_from and not after_label
        words.append(ClaimWord(st, text[t.start : t.end], len(words), capital, in_lead))
        first_word = False
    if aside_from >= 0:
        asides.append((aside_from, len(words)))
    for lo, hi in asides:
        words[lo:hi] = [replace(w, aside=True) for w in words[lo:hi]]
    return ParsedClaim(
        text=text,
        words=tuple(words),
        negators=tuple(negators),
        negated_heads=tuple(heads),
        conditional=tuple(conditional),
        resulting=tuple(resulting),
        negated_roots=frozenset(roots),
        quantities=quantities,
        dates=dates,
        subject=frozenset(subject),
        upper=frozenset(upper),
        imperative=is_imperative(tokens),
        fragment=not has_verb
        and (not text.rstrip().endswith((".", "!", "。")) or _length(words) + unit_words <= 5),
        possessive_subject=possessive,
        labelled=is_labelled(text),
        first_person=first_person,
        pronoun_subject=pronoun_subject,
        other=other,
        definite=definite,
        anchored=any(t.norm in ("this", "these") for t in tokens[:subject_from]),
        condition=frozenset(condition),
        deontic=_deontic(tokens),
        contrast=contrast_words(tokens),
        compared=compared_words(tokens),
        subject_head=frozenset(head),
        subject_negated=frozenset(subject_negated),
        has_by=any(t.norm == "by" for t in tokens),
        passive=is_passive(tokens),
        tokens=tokens,
        negator_clauses=tuple(negator_clauses),
    )


def _length(words: list[ClaimWord]) -> int:
    """Words with letters in them."""
    return sum(1 for w in words if any(ch.isalpha() for ch in w.surface))


# -- decisions: Decisions a claim records: "we chose X", "decided to use X", "switched to X",
#    "stopped using X", "no longer use X", "replaced X with Y" / "X was replaced by Y" (a negated
#    choice is a drop, a negated drop a choice). ---

_PREPOSITIONS_END_OBJECT = frozenset(
    "for to as in on at over instead with by from because since and but which that after "
    "before".split()
)


@dataclass(frozen=True)
class Decision:
    """One decision: what was chosen or dropped."""

    verb: Literal["choose", "drop"]
    stems: frozenset[str]  # the object's content stems
    text: str  # the object as written


_CHOOSE_PARTICLES = {"decid": ("on",), "go": ("with",), "settl": ("on",), "opt": ("for",)}
_SWITCH_VERBS = frozenset({"switch", "mov", "migrat", "chang", "transition"})


def _object(text: str, tokens: tuple[Token, ...], i: int) -> tuple[frozenset[str], str]:
    """The noun phrase starting at token i (up to 4 tokens, stops at prepositions)."""
    picked: list[Token] = []
    for t in tokens[i : i + 5]:
        if is_scope_boundary(t) or t.norm in _PREPOSITIONS_END_OBJECT:
            break
        if t.kind == "word" and (t.is_content or t.norm in ("the", "a", "an", "our", "its")):
            picked.append(t)
            continue
        break
    stems = frozenset(t.stem for t in picked if t.is_content)
    if not stems:
        return frozenset(), ""
    return stems, text[picked[0].start : picked[-1].end]


def decisions_in(text: str, tokens: tuple[Token, ...]) -> tuple[Decision, ...]:
    """The decisions claim `text` (tokens `tokens`) records, in reading order."""
    out: list[Decision] = []
    n = len(tokens)
    for i, t in enumerate(tokens):
        if t.kind != "word":
            continue
        if _describes_a_process(tokens, i):
            continue  # "Selecting a note ...", "the enzyme replaces ...": no decision recorded
        negated = (i > 0 and tokens[i - 1].norm in ("not", "never")) or (
            i > 1 and tokens[i - 2].norm in ("not", "never")
        )
        nxt = tokens[i + 1].norm if i + 1 < n else ""
        verb: Literal["choose", "drop"] | None = None
        start = i + 1
        if t.stem in _CHOOSE_PARTICLES:
            if nxt in _CHOOSE_PARTICLES[t.stem]:
                verb, start = "choose", i + 2
            elif t.stem == "decid" and nxt == "to" and i + 2 < n:
                verb, start = "choose", i + 3  # decided to use X
        elif t.stem in _SWITCH_VERBS and nxt in ("to", "from", "away"):
            if nxt == "to":
                verb, start = "choose", i + 2
            else:
                verb, start = "drop", i + 2 + (nxt == "away")
        elif t.stem in ("stop", "quit") and nxt.endswith("ing"):
            verb, start = "drop", i + 2  # stopped using X
        elif (
            t.stem == "use"
            and i > 1
            and (tokens[i - 1].norm, tokens[i - 2].norm)
            == (
                "longer",
                "no",
            )
        ):
            verb, start = "drop", i + 1  # no longer use X
        elif t.stem in CHOOSE_VERBS and t.stem != "go":
            verb = "choose"
        elif t.stem in DROP_VERBS:
            verb = "drop"
            if t.stem == "replac":
                # "X was replaced by Y": X is dropped, Y chosen; "replaced X with Y": the reverse
                if nxt == "by":
                    subj = _object_before(text, tokens, i)
                    if subj[0]:
                        out.append(Decision("drop", subj[0], subj[1]))
                    obj = _object(text, tokens, i + 2)
                    if obj[0]:
                        out.append(Decision("choose", obj[0], obj[1]))
                    continue
                for k in range(i + 1, min(i + 7, n)):
                    if tokens[k].norm in ("with", "by"):
                        obj = _object(text, tokens, k + 1)
                        if obj[0]:
                            out.append(Decision("choose", obj[0], obj[1]))
                        break
        if verb is None:
            continue
        if negated:
            verb = "drop" if verb == "choose" else "choose"
        stems, shown = _object(text, tokens, start)
        if stems:
            out.append(Decision(verb, stems, shown))
    return tuple(out)


#: Auxiliaries of the present: "statistics are replaced by ..." says how a thing works.
_PRESENT_AUXILIARIES = frozenset("is are am be being".split())


def _describes_a_process(tokens: tuple[Token, ...], i: int) -> bool:
    """The verb at token i says how something works or how to do it, not what somebody
    decided: a present -s form ("the enzyme replaces X with Y", "selects"), a present
    passive ("statistics are replaced by"), or an -ing form ("by selecting the icon",
    "dragging and dropping"). A decision is an act in time: "we chose", "was replaced by",
    "will drop", "decided to use", "we use"."""
    word = tokens[i].norm
    if word.endswith("ing"):
        return True
    if word.endswith("s") and not word.endswith("ss") and tokens[i].stem not in (word, "use"):
        return True  # "uses" keeps a choice in force: "the team uses PostgreSQL"
    return i > 0 and tokens[i - 1].norm in _PRESENT_AUXILIARIES and word.endswith("ed")


def _object_before(text: str, tokens: tuple[Token, ...], i: int) -> tuple[frozenset[str], str]:
    """The content words just before token i, skipping an auxiliary (X was replaced)."""
    k = i - 1
    while k >= 0 and tokens[k].norm in SCOPE_AUXILIARIES:
        k -= 1
    picked: list[Token] = []
    while k >= 0 and tokens[k].is_content and len(picked) < 3:
        picked.insert(0, tokens[k])
        k -= 1
    if not picked:
        return frozenset(), ""
    return frozenset(t.stem for t in picked), text[picked[0].start : picked[-1].end]


def _deontic(tokens: tuple[Token, ...]) -> bool:
    """The claim states a rule ("must", "should"): a modal of its main predicate, not one
    that opens a second predicate of the same subject ("cannot make it and must get it from
    food" states a fact, then what follows from it)."""
    return any(
        t.norm in ("must", "should", "shall", "ought")
        and (i == 0 or tokens[i - 1].norm not in ("and", "so", "then"))
        for i, t in enumerate(tokens)
    )
