"""Excerpts of long chunks: the word scan stops after the window, and loses nothing.

Texts are made of numbered words (`alpha7`, `beta12`), so the window's place in the text is
unique and every span can be checked against a full scan of the whole text.
"""

from __future__ import annotations

import re

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from engine.search.sources.excerpts import find_spans, make_excerpt
from engine.search.types import Span

STEMS = ("alpha", "beta", "gamma", "delta", "x")


@st.composite
def texts(draw: st.DrawFn) -> str:
    stems = draw(st.lists(st.sampled_from(STEMS), min_size=1, max_size=120))
    seps = draw(st.lists(st.sampled_from((" ", " ", ", ", "-", "\n")), min_size=len(stems)))
    return "".join(f"{s}{i}{sep}" for i, (s, sep) in enumerate(zip(stems, seps, strict=False)))


@pytest.mark.slow  # property test, many examples
@settings(deadline=None, max_examples=400)
@given(
    text=texts(),
    terms=st.lists(st.sampled_from(("alpha", "Beta", "gam", "x", "delta1")), max_size=3),
    needle=st.none() | st.tuples(st.integers(0, 2000), st.integers(2, 12)),
    window=st.sampled_from((24, 60, 320)),
)
def test_window_spans_are_the_full_scan_spans_inside_it(
    text: str, terms: list[str], needle: tuple[int, int] | None, window: int
) -> None:
    needles: tuple[str, ...] = ()
    if needle is not None and len(text) > 2:
        start = needle[0] % (len(text) - 1)
        needles = (text[start : start + needle[1]],)
    excerpt = make_excerpt(
        source="text",
        chunk_id="c",
        text=text,
        heading_path=(),
        needles=needles,
        terms=terms,
        window=window,
    )
    full = find_spans(text, needles, terms)
    if len(text) <= window:
        assert excerpt.text == text
        assert list(excerpt.spans) == full
        return
    prefix = 1 if excerpt.text.startswith("…") else 0
    suffix = 1 if excerpt.text.endswith("…") else 0
    core = excerpt.text[prefix : len(excerpt.text) - suffix]
    begin = text.find(core) if prefix else 0
    assert begin >= 0 and text[begin : begin + len(core)] == core
    end = begin + len(core)
    shift = prefix - begin
    inside = [
        Span(s.start + shift, s.end + shift) for s in full if s.start >= begin and s.end <= end
    ]
    assert list(excerpt.spans) == inside
    # the window shows the first exact needle, else the first word match
    exact = find_spans(text, needles, ())
    anchors = exact or full
    if anchors:
        assert begin <= anchors[0].start < end


@pytest.mark.slow  # property test, many examples
@settings(deadline=None, max_examples=400)
@given(
    text=st.text(alphabet="aAb_1 -.\nß", max_size=40),
    terms=st.lists(
        st.sampled_from(("ab", "Ab", "a1", "ba", "b_", "_a", "bb", "a", "aß"))
        | st.text("ab_", max_size=3),
        max_size=4,
    ),
)
@example(text="b_ab x_Ab ab", terms=["ab", "b_"])  # `_` is a word character: no word start
@example(text="AB1 ab-ab", terms=["aB", "ab1"])
def test_term_spans_are_the_words_that_start_with_a_term(text: str, terms: list[str]) -> None:
    """ASCII text and word terms go through `str.find`, anything else through a regex with a
    lookahead: both give the spans of the plain definition, a case-insensitive word start
    with a term (of two characters or more) and the rest of that word."""
    words = [t for t in terms if len(t) > 1]
    want = []
    if words:
        plain = r"\b(?:" + "|".join(re.escape(w) for w in words) + r")\w*"
        want = [Span(*m.span()) for m in re.finditer(plain, text, re.IGNORECASE)]
    assert find_spans(text, (), terms) == want
