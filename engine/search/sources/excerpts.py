"""Excerpts: a window of chunk text around what matched, with the matched spans marked."""

from __future__ import annotations

import re
from collections.abc import Iterable
from functools import lru_cache

from engine.search.types import Excerpt, Span

WINDOW = 320  # characters of excerpt text


def find_spans(text: str, needles: Iterable[str], terms: Iterable[str]) -> list[Span]:
    """Where the exact needles (case-insensitive) and whole-word terms occur in `text`."""
    return _merge_spans(_needle_spans(text, tuple(needles)) + _term_spans(text, tuple(terms)))


def _needle_spans(text: str, needles: tuple[str, ...]) -> list[Span]:
    spans: list[Span] = []
    if not needles:
        return spans
    low = text.casefold()
    for needle in needles:
        n = needle.casefold()
        if not n:
            continue
        start = 0
        while (i := low.find(n, start)) >= 0 and len(spans) < 200:
            spans.append(Span(i, i + len(n)))
            start = i + len(n)
    return spans


def _term_spans(text: str, terms: tuple[str, ...], until: int | None = None) -> list[Span]:
    """Whole-word matches of `terms`, in order; with `until`, none that starts after it (the
    scan stops there: an excerpt only shows a window of a long chunk)."""
    pattern = _term_pattern(terms)
    if pattern is None:
        return []
    spans: list[Span] = []
    for m in pattern.finditer(text):
        if until is not None and m.start() > until:
            break
        spans.append(Span(m.start(), m.end()))
    return spans


@lru_cache(maxsize=256)  # one query's terms, used for every excerpt of its answer
def _term_pattern(terms: tuple[str, ...]) -> re.Pattern[str] | None:
    words = [t for t in terms if t and len(t) > 1]
    if not words:
        return None
    # The lookahead on the words' first letters lets the engine skip most positions
    # before it tries the alternation (same matches, ~1.6x faster on abstracts).
    firsts = "".join(sorted({c for w in words for c in (w[0].lower(), w[0].upper())}))
    return re.compile(
        rf"(?=[{re.escape(firsts)}])\b(?:" + "|".join(re.escape(w) for w in words) + r")\w*",
        re.IGNORECASE,
    )


def _merge_spans(spans: list[Span]) -> list[Span]:
    out: list[Span] = []
    for s in sorted(spans, key=lambda s: (s.start, -s.end)):
        if out and s.start <= out[-1].end:
            if s.end > out[-1].end:
                out[-1] = Span(out[-1].start, s.end)
            continue
        out.append(s)
    return out


def make_excerpt(
    *,
    source: str,
    chunk_id: str,
    text: str,
    heading_path: tuple[str, ...],
    needles: Iterable[str] = (),
    terms: Iterable[str] = (),
    window: int = WINDOW,
) -> Excerpt:
    """Cut `text` to about `window` characters around the first match; spans follow the cut."""
    exact = _needle_spans(text, tuple(needles))
    terms = tuple(terms)
    if len(text) <= window:
        spans = _merge_spans(exact + _term_spans(text, terms))
        return Excerpt(source, chunk_id, text, tuple(spans), heading_path)
    # Centre on what must be seen: the first exact needle, else the first word match.
    if exact:
        anchor = min(s.start for s in exact)
    else:
        pattern = _term_pattern(terms)
        first = pattern.search(text) if pattern is not None else None
        anchor = first.start() if first is not None else 0
    start = max(0, anchor - window // 4)
    # Start at a word boundary.
    if start > 0:
        space = text.find(" ", start)
        if 0 <= space < anchor:
            start = space + 1
    end = min(len(text), start + window)
    if end < len(text):
        space = text.rfind(" ", start, end)
        if space > start + window // 2:
            end = space
    # Word matches starting after `end` cannot reach into the window, nor join a span that
    # does (a merged span that reaches past `end` is left out either way).
    spans = _merge_spans(exact + _term_spans(text, terms, until=end))
    prefix = "…" if start > 0 else ""
    suffix = "…" if end < len(text) else ""
    cut = prefix + text[start:end] + suffix
    shift = len(prefix) - start
    inside = tuple(
        Span(s.start + shift, s.end + shift) for s in spans if s.start >= start and s.end <= end
    )
    return Excerpt(source, chunk_id, cut, inside, heading_path)
