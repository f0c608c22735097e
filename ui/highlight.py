"""Vault text as safe rich text: escape first, then add highlight markup.

Vault text is never rendered as HTML: every piece of it goes through `html.escape` before
the highlight tags (which we write) are put around the matched spans.
"""

from __future__ import annotations

import html
import re
from collections.abc import Iterable, Sequence

from engine.api import Span

MARK_BACKGROUND, MARK_COLOR, MARK_WEIGHT = "#ffe08a", "#1d1d1f", 600
MARK_STYLE = f"background-color:{MARK_BACKGROUND}; color:{MARK_COLOR}; font-weight:{MARK_WEIGHT};"
_WORD = re.compile(r"\w+", re.UNICODE)
_STOP = frozenset(
    "a about an and are as at be but by can could did do does for from had has have how i if "
    "in into is it its me my no not of on or our should so than that the their them then "
    "there these they this to us was we were what when where which who why will with would "
    "you your".split()
)


def merge_spans(spans: Iterable[Span], length: int) -> list[tuple[int, int]]:
    """Spans clamped to [0, length], sorted, overlapping or touching ones joined."""
    clean = sorted(
        (max(0, s.start), min(length, s.end)) for s in spans if min(length, s.end) > max(0, s.start)
    )
    merged: list[tuple[int, int]] = []
    for start, end in clean:
        if merged and start <= merged[-1][1]:
            merged[-1] = (merged[-1][0], max(merged[-1][1], end))
        else:
            merged.append((start, end))
    return merged


def term_spans(text: str, terms: Sequence[str]) -> list[Span]:
    """Where the query's words occur in `text` (case-insensitive, whole-word prefix match),
    for excerpts whose source did not mark spans (search by meaning)."""
    words = _content_words(terms)
    if not words:
        return []
    out: list[Span] = []
    for m in _WORD.finditer(text):
        token = m.group(0).casefold()
        if any(token == w or (len(w) >= 4 and token.startswith(w)) for w in words):
            out.append(Span(m.start(), m.end()))
    return out


def term_pattern(terms: Sequence[str]) -> str | None:
    """A regular expression (Python and PCRE alike) for the words `term_spans` marks: a
    whole word equal to a term, or starting with one of four letters or more; None when
    no term counts."""
    words = sorted(_content_words(terms))
    if not words:
        return None
    long = [re.escape(w) for w in words if len(w) >= 4]
    short = [re.escape(w) for w in words if len(w) < 4]
    parts = []
    if long:
        parts.append(r"\b(?:" + "|".join(long) + r")\w*")
    if short:
        parts.append(r"\b(?:" + "|".join(short) + r")\b")
    return "|".join(parts)


def _content_words(terms: Sequence[str]) -> set[str]:
    """The terms worth marking: casefolded, longer than one letter, not stop words."""
    return {t.casefold() for t in terms if len(t) > 1 and t.casefold() not in _STOP}


def query_terms(query: str) -> list[str]:
    """The words of a query, for `term_spans`."""
    return _WORD.findall(query)


def in_context(text: str, spans: Sequence[Span], chunk: str | None) -> tuple[str, list[Span]]:
    """An excerpt widened to the whole chunk it was cut from, spans moved along; the excerpt
    as it is when the chunk is unknown or does not contain it."""
    core, shift = text, 0
    if core.startswith("…"):
        core, shift = core[1:], 1
    core = core.removesuffix("…")
    if not chunk or not core or len(chunk) <= len(core):
        return text, list(spans)
    at = chunk.find(core)
    if at < 0:
        return text, list(spans)
    moved = [Span(s.start - shift + at, s.end - shift + at) for s in spans]
    return chunk, [s for s in moved if 0 <= s.start < s.end <= len(chunk)]


def highlight_html(text: str, spans: Iterable[Span], *, style: str = MARK_STYLE) -> str:
    """`text` escaped for rich text, with `spans` wrapped in highlight markup and line breaks
    kept."""
    parts: list[str] = []
    cursor = 0
    for start, end in merge_spans(spans, len(text)):
        parts.append(_escape(text[cursor:start]))
        parts.append(f'<span style="{style}">{_escape(text[start:end])}</span>')
        cursor = end
    parts.append(_escape(text[cursor:]))
    return "".join(parts)


def _escape(text: str) -> str:
    return html.escape(text, quote=True).replace("\n", "<br>")
