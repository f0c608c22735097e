"""Vault text is escaped before highlight markup is added."""

from __future__ import annotations

from engine.search.types import Span
from ui.highlight import MARK_STYLE, highlight_html, in_context, merge_spans, term_spans


def test_vault_text_is_escaped_and_spans_marked() -> None:
    text = '<b>bold</b> & <script>alert("x")</script>\nnext'
    out = highlight_html(text, [Span(3, 7)])
    assert "<b>" not in out and "<script>" not in out
    assert "&lt;script&gt;" in out and "&amp;" in out and "&quot;x&quot;" in out
    assert f'<span style="{MARK_STYLE}">bold</span>' in out
    assert out.endswith("<br>next")


def test_a_span_over_markup_characters_stays_escaped() -> None:
    out = highlight_html("a<tag>b", [Span(1, 6)])
    assert f'<span style="{MARK_STYLE}">&lt;tag&gt;</span>' in out


def test_spans_are_clamped_sorted_and_joined() -> None:
    spans = [Span(8, 12), Span(0, 3), Span(2, 5), Span(5, 6), Span(20, 30), Span(4, 4)]
    assert merge_spans(spans, 10) == [(0, 6), (8, 10)]


def test_term_spans_find_query_words_but_not_stop_words() -> None:
    text = "Sampling interval: the sampler samples at intervals."
    found = [text[s.start : s.end] for s in term_spans(text, ["sampling", "the", "interval"])]
    assert found == ["Sampling", "interval", "intervals"]


def test_in_context_widens_an_excerpt_to_its_chunk() -> None:
    chunk = "Intro line.\nThe probe reads moisture every 15 minutes. More text follows here."
    excerpt = "…probe reads moisture every 15 minutes.…"
    spans = [Span(excerpt.index("moisture"), excerpt.index("moisture") + 8)]
    text, moved = in_context(excerpt, spans, chunk)
    assert text == chunk
    assert [text[s.start : s.end] for s in moved] == ["moisture"]
    assert in_context(excerpt, spans, "unrelated text that is long enough to hold it") == (
        excerpt,
        spans,
    )
    assert in_context(excerpt, spans, None) == (excerpt, spans)
